//! From button, pedal and key events to commands: the pure, tested heart of the input layer.
//!
//! A [`Mapping`] is the configuration (which control means which command, and the timing
//! rules); a [`Mapper`] applies it to a stream of timestamped [`InputEvent`]s, removing
//! contact bounce (foot pedals bounce) and repeating the scoresheet steps while a button is
//! held. Device adapters only translate their events into [`InputEvent`]s, so everything here
//! is tested without a device.

use std::collections::BTreeMap;
use std::fmt;

use super::command::InputCommand;

/// What kind of device an event came from. Pedals that present themselves as gamepads send
/// gamepad button names; pedals that type keys send key names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeviceKind {
    /// A game controller: its events carry gilrs button names.
    Gamepad,
    /// A foot pedal: it may send either gamepad button names or key names.
    Pedal,
    /// The computer's keyboard: its events carry key names.
    Keyboard,
}

/// One button, pedal or key going down or up, at `at_ms` on the session's millisecond clock.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InputEvent {
    /// The kind of device, which decides how `button` is read.
    pub device: DeviceKind,
    /// A gamepad button name as gilrs spells it (`South`, `LeftTrigger`, `DPadUp`, `Code288`
    /// for an unnamed one) or a key name (`Space`, `Left`, `a`).
    pub button: String,
    /// Down (`true`) or up (`false`).
    pub pressed: bool,
    /// When it happened, on the session's millisecond clock: a clock press is stamped with it.
    pub at_ms: u64,
}

impl InputEvent {
    /// A control going down.
    pub fn press(device: DeviceKind, button: &str, at_ms: u64) -> InputEvent {
        InputEvent {
            device,
            button: button.to_string(),
            pressed: true,
            at_ms,
        }
    }

    /// A control coming back up (ends a hold and its repeats).
    pub fn release(device: DeviceKind, button: &str, at_ms: u64) -> InputEvent {
        InputEvent {
            pressed: false,
            ..InputEvent::press(device, button, at_ms)
        }
    }
}

/// The gamepad buttons gilrs names, in its order.
pub const GAMEPAD_BUTTONS: [&str; 19] = [
    "South",
    "East",
    "North",
    "West",
    "C",
    "Z",
    "LeftTrigger",
    "LeftTrigger2",
    "RightTrigger",
    "RightTrigger2",
    "Select",
    "Start",
    "Mode",
    "LeftThumb",
    "RightThumb",
    "DPadUp",
    "DPadDown",
    "DPadLeft",
    "DPadRight",
];

/// Named keys; single letters `a` to `z` and digits `0` to `9` are keys too.
pub const NAMED_KEYS: [&str; 27] = [
    "Space",
    "Enter",
    "Tab",
    "Backspace",
    "Escape",
    "Up",
    "Down",
    "Left",
    "Right",
    "PageUp",
    "PageDown",
    "Home",
    "End",
    "Insert",
    "Delete",
    "F1",
    "F2",
    "F3",
    "F4",
    "F5",
    "F6",
    "F7",
    "F8",
    "F9",
    "F10",
    "F11",
    "F12",
];

/// In the configuration, keys are written with this prefix (`"key:Space" = "press"`), so that
/// the gamepad button `C` and the key `c` cannot be confused.
pub const KEY_PREFIX: &str = "key:";

/// The gamepad button name in gilrs spelling, whatever the case it was written in; unnamed
/// buttons are `Code` and a number.
pub fn gamepad_button(name: &str) -> Option<String> {
    if let Some(known) = GAMEPAD_BUTTONS
        .iter()
        .find(|b| b.eq_ignore_ascii_case(name))
    {
        return Some(known.to_string());
    }
    let digits = name
        .strip_prefix("Code")
        .or_else(|| name.strip_prefix("code"))?;
    (!digits.is_empty() && digits.len() <= 10 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| format!("Code{digits}"))
}

/// The key name in canonical spelling (`space` → `Space`, `A` → `a`).
pub fn key_name(name: &str) -> Option<String> {
    if let Some(known) = NAMED_KEYS.iter().find(|k| k.eq_ignore_ascii_case(name)) {
        return Some(known.to_string());
    }
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphanumeric() => Some(c.to_ascii_lowercase().to_string()),
        _ => None,
    }
}

/// One physical control, in canonical spelling.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Control {
    /// A gamepad or pedal button, by its gilrs name.
    Button(String),
    /// A keyboard key (or a pedal that types one), by its name; `key:` in the configuration.
    Key(String),
}

impl Control {
    /// The control named by a configuration key: a gamepad button, or `key:` and a key name.
    pub fn parse(config_name: &str) -> Result<Control, MappingError> {
        match config_name.strip_prefix(KEY_PREFIX) {
            Some(key) => key_name(key)
                .map(Control::Key)
                .ok_or_else(|| MappingError::UnknownKey(key.to_string())),
            None => gamepad_button(config_name)
                .map(Control::Button)
                .ok_or_else(|| MappingError::UnknownButton(config_name.to_string())),
        }
    }

    /// The control an event comes from, or `None` if its name is unknown.
    pub fn of_event(event: &InputEvent) -> Option<Control> {
        match event.device {
            DeviceKind::Keyboard => key_name(&event.button).map(Control::Key),
            DeviceKind::Gamepad => gamepad_button(&event.button).map(Control::Button),
            DeviceKind::Pedal => gamepad_button(&event.button)
                .map(Control::Button)
                .or_else(|| key_name(&event.button).map(Control::Key)),
        }
    }

    /// How the control is written in the configuration.
    pub fn config_name(&self) -> String {
        match self {
            Control::Button(b) => b.clone(),
            Control::Key(k) => format!("{KEY_PREFIX}{k}"),
        }
    }
}

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Control::Button(b) => write!(f, "gamepad button \"{b}\""),
            Control::Key(k) => write!(f, "key \"{k}\""),
        }
    }
}

fn button_list() -> String {
    GAMEPAD_BUTTONS.join(", ")
}

fn key_list() -> String {
    format!("{}, a to z, 0 to 9", NAMED_KEYS.join(", "))
}

/// A mistake in the button table. Messages name the button and the command, fit to be read
/// aloud.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MappingError {
    /// The button name is not one gilrs gives; holds the name as written.
    #[error("gamepad button \"{}\": no such button (buttons: {}, or Code and a number for an unnamed button)", .0, button_list())]
    UnknownButton(String),
    /// The key name is not one vichess reads; holds the name as written.
    #[error("key \"{}\": no such key (keys: {})", .0, key_list())]
    UnknownKey(String),
    /// The control is bound to a command that does not exist.
    #[error(
        "{control}: no such command \"{command}\" (commands: {})",
        InputCommand::names()
    )]
    UnknownCommand {
        /// The control being bound.
        control: Control,
        /// The command name as written.
        command: String,
    },
    /// The binding is not a quoted command name (a number, a list, true or false).
    #[error("{control}: the command must be text in quotes, such as \"press\", not {found}")]
    NotText {
        /// The control being bound.
        control: Control,
        /// What was there instead, in words.
        found: String,
    },
    /// A timing setting is not a whole number of milliseconds in range.
    #[error("gamepad setting \"{key}\": must be a whole number of milliseconds from 0 to {max}, not {found}")]
    BadTiming {
        /// The setting, such as `debounce-ms`.
        key: String,
        /// The largest value allowed.
        max: u64,
        /// What was there instead, in words.
        found: String,
    },
}

/// How presses are cleaned up and repeated, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Timing {
    /// A press coming this soon after the same control's release is contact bounce, not a
    /// second press.
    pub debounce_ms: u64,
    /// A repeating command (scoresheet steps) repeats once held this long...
    pub hold_ms: u64,
    /// ...and then every this often while still held.
    pub repeat_ms: u64,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            debounce_ms: 30,
            hold_ms: 500,
            repeat_ms: 250,
        }
    }
}

/// Bound to this, a control does nothing: it undoes a default binding when merged.
pub const UNBOUND: &str = "none";

/// Settings in the `[gamepad]` table that are not buttons.
pub const TIMING_KEYS: [&str; 3] = ["debounce-ms", "hold-ms", "repeat-ms"];
/// Keys of the `[gamepad]` table that belong to the rumble layer and are skipped here.
pub const RUMBLE_KEY: &str = "rumble";

/// Which control means which command, and the timing rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mapping {
    bindings: BTreeMap<Control, InputCommand>,
    /// Debounce and hold-to-repeat times.
    pub timing: Timing,
}

/// The default gamepad layout, shared with the configuration's defaults: the big bottom
/// button presses the player's clock, the triggers are White's and Black's clock buttons.
pub const DEFAULT_GAMEPAD_BUTTONS: &[(&str, &str)] = &[
    ("South", "press"),
    ("East", "repeat"),
    ("North", "time"),
    ("West", "count"),
    ("DPadUp", "last"),
    ("DPadLeft", "moves-back"),
    ("DPadRight", "moves-forward"),
    // Issue 15: Select turns the pad into a board cursor; down always moves it down.
    ("DPadDown", "cursor-down"),
    ("Select", "cursor-mode"),
    ("Start", "pause"),
    ("LeftTrigger", "press-white"),
    ("RightTrigger", "press-black"),
    // Issue 28: push-to-talk for `play --listen`.
    ("RightThumb", "talk"),
];

impl Mapping {
    /// No bindings, default timing.
    pub fn new() -> Mapping {
        Mapping::default()
    }

    /// A gamepad layout for when the configuration names none: the big bottom button presses
    /// the player's clock, the triggers are White's and Black's clock buttons.
    pub fn default_gamepad() -> Mapping {
        Mapping::from_pairs(DEFAULT_GAMEPAD_BUTTONS).expect("the default gamepad layout is valid")
    }

    /// Single keys for a console that reads key by key: space presses the player's clock.
    pub fn default_keyboard() -> Mapping {
        Mapping::from_pairs(&[
            ("key:Space", "press"),
            ("key:t", "time"),
            ("key:c", "count"),
            ("key:l", "last"),
            ("key:Left", "moves-back"),
            ("key:Right", "moves-forward"),
            ("key:p", "pause"),
            ("key:r", "repeat"),
            // Issue 15: the board cursor; Tab turns Left and Right into cursor keys.
            ("key:Up", "cursor-up"),
            ("key:Down", "cursor-down"),
            ("key:Tab", "cursor-mode"),
        ])
        .expect("the default keyboard layout is valid")
    }

    /// Binds `config_name` (a gamepad button, or `key:` and a key) to the command `command`;
    /// the command [`UNBOUND`] removes a binding (to undo a default).
    pub fn bind(&mut self, config_name: &str, command: &str) -> Result<(), MappingError> {
        let control = Control::parse(config_name)?;
        if command == UNBOUND {
            self.bindings.remove(&control);
            return Ok(());
        }
        let command =
            InputCommand::from_name(command).ok_or_else(|| MappingError::UnknownCommand {
                control: control.clone(),
                command: command.to_string(),
            })?;
        self.bindings.insert(control, command);
        Ok(())
    }

    /// A mapping from (button, command) pairs, for any configuration layer.
    pub fn from_pairs<S: AsRef<str>, T: AsRef<str>>(
        pairs: &[(S, T)],
    ) -> Result<Mapping, MappingError> {
        let mut mapping = Mapping::new();
        mapping.overlay(pairs)?;
        Ok(mapping)
    }

    /// A mapping from the `[gamepad]` table: `button = "command"` entries, directly or in a
    /// `buttons` sub-table; the optional timing settings `debounce-ms`, `hold-ms`,
    /// `repeat-ms` (or with underscores). `enabled` and the `rumble…` settings are skipped:
    /// they belong to the adapter and to [`super::rumble::Rumble::from_gamepad_table`]. The
    /// first mistake is reported.
    pub fn from_table(table: &toml::Table) -> Result<Mapping, MappingError> {
        let mut mapping = Mapping::new();
        for (key, value) in table {
            if key == "enabled" || key.starts_with(RUMBLE_KEY) {
                continue;
            }
            if let ("buttons", toml::Value::Table(buttons)) = (key.as_str(), value) {
                for (button, command) in buttons {
                    mapping.bind_value(button, command)?;
                }
                continue;
            }
            let setting = key.replace('_', "-");
            if TIMING_KEYS.contains(&setting.as_str()) {
                let ms = timing_value(key, value)?;
                match setting.as_str() {
                    "debounce-ms" => mapping.timing.debounce_ms = ms,
                    "hold-ms" => mapping.timing.hold_ms = ms,
                    _ => mapping.timing.repeat_ms = ms,
                }
                continue;
            }
            mapping.bind_value(key, value)?;
        }
        Ok(mapping)
    }

    fn bind_value(&mut self, key: &str, value: &toml::Value) -> Result<(), MappingError> {
        let control = Control::parse(key)?;
        match value.as_str() {
            Some(command) => self.bind(key, command),
            None => Err(MappingError::NotText {
                control,
                found: describe_value(value),
            }),
        }
    }

    /// Adds `other`'s bindings; where both bind a control, `other` wins. Timing stays.
    pub fn merge(&mut self, other: &Mapping) {
        for (control, command) in &other.bindings {
            self.bindings.insert(control.clone(), *command);
        }
    }

    /// Applies (button, command) pairs on top of this mapping: a configuration file's
    /// buttons added to the defaults, `"none"` removing one.
    pub fn overlay<S: AsRef<str>, T: AsRef<str>>(
        &mut self,
        pairs: &[(S, T)],
    ) -> Result<(), MappingError> {
        for (button, command) in pairs {
            self.bind(button.as_ref(), command.as_ref())?;
        }
        Ok(())
    }

    /// The command bound to a control.
    pub fn command(&self, control: &Control) -> Option<InputCommand> {
        self.bindings.get(control).copied()
    }

    /// The command an event's control is bound to (regardless of press or release).
    pub fn command_for(&self, event: &InputEvent) -> Option<InputCommand> {
        Control::of_event(event).and_then(|c| self.command(&c))
    }

    /// All bindings, in configuration spelling: for a spoken or printed help listing.
    pub fn bindings(&self) -> impl Iterator<Item = (String, InputCommand)> + '_ {
        self.bindings.iter().map(|(c, cmd)| (c.config_name(), *cmd))
    }

    /// Nothing is bound: input devices would do nothing, so a front end can say so.
    pub fn is_empty(&self) -> bool {
        self.bindings.is_empty()
    }
}

const MAX_TIMING_MS: u64 = 10_000;

fn timing_value(key: &str, value: &toml::Value) -> Result<u64, MappingError> {
    match value.as_integer() {
        Some(n) if (0..=MAX_TIMING_MS as i64).contains(&n) => Ok(n as u64),
        _ => Err(MappingError::BadTiming {
            key: key.to_string(),
            max: MAX_TIMING_MS,
            found: describe_value(value),
        }),
    }
}

fn describe_value(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => format!("\"{s}\""),
        toml::Value::Integer(n) => format!("the number {n}"),
        toml::Value::Float(x) => format!("the number {x}"),
        toml::Value::Boolean(b) => format!("{b}"),
        toml::Value::Datetime(d) => format!("the date {d}"),
        toml::Value::Array(_) => "a list".to_string(),
        toml::Value::Table(_) => "a table".to_string(),
    }
}

/// A command the session should carry out, with the time of the press that caused it (a clock
/// press must be stamped with the moment the button went down, not when it was processed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CommandEvent {
    /// What to do.
    pub command: InputCommand,
    /// When the control went down (for repeats, when the repeat fell due).
    pub at_ms: u64,
    /// True for the repeats of a held button, false for the press itself.
    pub repeated: bool,
}

#[derive(Debug, Clone, Default)]
struct ControlState {
    down: bool,
    pressed_at: u64,
    released_at: Option<u64>,
    next_repeat: Option<u64>,
}

/// Applies a [`Mapping`] to a stream of events. Feed every event in time order; call
/// [`Mapper::tick`] by [`Mapper::next_deadline`] so held buttons repeat on time.
#[derive(Debug, Clone)]
pub struct Mapper {
    mapping: Mapping,
    states: BTreeMap<Control, ControlState>,
}

impl Mapper {
    /// A mapper with every control up.
    pub fn new(mapping: Mapping) -> Mapper {
        Mapper {
            mapping,
            states: BTreeMap::new(),
        }
    }

    /// The bindings in force, for help listings.
    pub fn mapping(&self) -> &Mapping {
        &self.mapping
    }

    /// The commands this event causes, after any repeats due before it. Events of unbound or
    /// unknown controls cause nothing.
    pub fn feed(&mut self, event: &InputEvent) -> Vec<CommandEvent> {
        let mut out = self.tick(event.at_ms);
        let Some(control) = Control::of_event(event) else {
            return out;
        };
        let Some(command) = self.mapping.command(&control) else {
            return out;
        };
        let timing = self.mapping.timing;
        let state = self.states.entry(control).or_default();
        let t = event.at_ms;
        if event.pressed {
            if state.down {
                return out;
            }
            state.down = true;
            let bounce = state
                .released_at
                .is_some_and(|r| t.saturating_sub(r) < timing.debounce_ms);
            if bounce {
                // The contact chattered: the button never really came up.
                if command.repeats_when_held() {
                    let first = state.pressed_at + timing.hold_ms;
                    state.next_repeat = Some(if first > t {
                        first
                    } else {
                        t + timing.repeat_ms.max(1)
                    });
                }
                return out;
            }
            state.pressed_at = t;
            state.next_repeat = command.repeats_when_held().then_some(t + timing.hold_ms);
            out.push(CommandEvent {
                command,
                at_ms: t,
                repeated: false,
            });
        } else if state.down {
            state.down = false;
            state.released_at = Some(t);
            state.next_repeat = None;
        }
        out
    }

    /// Repeats of held buttons due at or before `now_ms`, in time order.
    pub fn tick(&mut self, now_ms: u64) -> Vec<CommandEvent> {
        let step = self.mapping.timing.repeat_ms.max(1);
        let mut out = Vec::new();
        for (control, state) in &mut self.states {
            let Some(command) = self.mapping.bindings.get(control).copied() else {
                continue;
            };
            while let Some(due) = state.next_repeat.filter(|&d| state.down && d <= now_ms) {
                out.push(CommandEvent {
                    command,
                    at_ms: due,
                    repeated: true,
                });
                state.next_repeat = Some(due + step);
            }
        }
        out.sort_by_key(|c| c.at_ms);
        out
    }

    /// When the next repeat is due, if a repeating button is held.
    pub fn next_deadline(&self) -> Option<u64> {
        self.states
            .values()
            .filter(|s| s.down)
            .filter_map(|s| s.next_repeat)
            .min()
    }
}
