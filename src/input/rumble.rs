//! The tactile clock channel: short, distinct rumble patterns a player feels in the hand.
//!
//! Patterns are data, so they can be configured and tested; a pad adapter only plays a
//! [`Pattern`]'s schedule. Rumble is off unless the configuration turns it on: an unexpected
//! buzz in a tournament hall is worse than none.

use crate::rules::clock::ClockEvent;
use crate::rules::Color;

/// A moment in the game that a player may want to feel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SessionCue {
    /// The opponent pressed the clock: it is the player's move.
    OpponentMoved,
    /// The player's clock started or restarted after a pause.
    YourClockRunning,
    /// The player's time dropped below the low-time alarm.
    LowTime,
    /// A flag fell, on either side.
    FlagFell,
}

impl SessionCue {
    /// Every cue, in the order the settings list them.
    pub const ALL: [SessionCue; 4] = [
        SessionCue::OpponentMoved,
        SessionCue::YourClockRunning,
        SessionCue::LowTime,
        SessionCue::FlagFell,
    ];

    /// The configuration name, such as `opponent-moved`.
    pub fn name(self) -> &'static str {
        match self {
            SessionCue::OpponentMoved => "opponent-moved",
            SessionCue::YourClockRunning => "your-clock-running",
            SessionCue::LowTime => "low-time",
            SessionCue::FlagFell => "flag-fell",
        }
    }

    /// The cue a configuration name means, or `None` for an unknown one.
    pub fn from_name(name: &str) -> Option<SessionCue> {
        SessionCue::ALL.into_iter().find(|c| c.name() == name)
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The cue a clock event gives the player of colour `player`, if any. The opponent's
    /// clock press is "opponent moved" (it also starts the player's clock, but one pulse per
    /// event keeps the patterns readable); the player's clock starting or restarting after a
    /// pause is "your clock is running"; either flag falling is "flag fell". Low time is the
    /// session's decision (its own threshold), not a clock event.
    pub fn from_clock_event(event: &ClockEvent, player: Color) -> Option<SessionCue> {
        match *event {
            ClockEvent::MoveCompleted { side, .. } if side != player => {
                Some(SessionCue::OpponentMoved)
            }
            ClockEvent::Started { side, .. } | ClockEvent::Resumed { side, .. }
                if side == player =>
            {
                Some(SessionCue::YourClockRunning)
            }
            ClockEvent::FlagFell { .. } => Some(SessionCue::FlagFell),
            _ => None,
        }
    }
}

/// One buzz: `strength` from 0 to 1 for `on_ms`, then `off_ms` of stillness.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pulse {
    /// How hard the pad shakes, from 0 (still) to 1 (full).
    pub strength: f32,
    /// How long it shakes.
    pub on_ms: u32,
    /// How long it stays still afterwards, so consecutive pulses are felt apart.
    pub off_ms: u32,
}

impl Pulse {
    /// A pulse (a `const fn`, so the built-in patterns can be constants).
    pub const fn new(strength: f32, on_ms: u32, off_ms: u32) -> Pulse {
        Pulse {
            strength,
            on_ms,
            off_ms,
        }
    }
}

/// The longest pattern: a cue must be over before the next thing happens on the board.
pub const MAX_PATTERN_MS: u32 = 1500;

/// A sequence of pulses.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pattern {
    /// The pulses in the order felt; empty means the cue is off.
    pub pulses: Vec<Pulse>,
}

impl Pattern {
    /// A pattern of these pulses, in order.
    pub fn new(pulses: &[Pulse]) -> Pattern {
        Pattern {
            pulses: pulses.to_vec(),
        }
    }

    /// The built-in pattern of a cue: one short pulse, two short, three short, one long.
    pub fn default_for(cue: SessionCue) -> Pattern {
        let short = |s| Pulse::new(s, 80, 120);
        let last = |s| Pulse::new(s, 80, 0);
        match cue {
            SessionCue::OpponentMoved => Pattern::new(&[Pulse::new(0.7, 150, 0)]),
            SessionCue::YourClockRunning => Pattern::new(&[short(0.7), last(0.7)]),
            SessionCue::LowTime => Pattern::new(&[short(0.9), short(0.9), last(0.9)]),
            SessionCue::FlagFell => Pattern::new(&[Pulse::new(1.0, 1000, 0)]),
        }
    }

    /// From a list of milliseconds on, off, on, … at one strength (the shape of the
    /// configuration's `rumble_*_ms` lists). Odd-length lists end with a pulse.
    pub fn from_on_off(strength: f32, steps_ms: &[u64]) -> Pattern {
        let ms = |v: Option<&u64>| v.map_or(0, |&m| u32::try_from(m).unwrap_or(u32::MAX));
        Pattern {
            pulses: steps_ms
                .chunks(2)
                .map(|pair| Pulse::new(strength, ms(pair.first()), ms(pair.get(1))))
                .collect(),
        }
    }

    /// From the first pulse's start to the end of the last pulse's pause.
    pub fn duration_ms(&self) -> u32 {
        self.pulses.iter().map(|p| p.on_ms + p.off_ms).sum()
    }

    /// When each pulse starts: `(start_ms, strength, on_ms)`, what a pad adapter plays.
    pub fn schedule(&self) -> Vec<(u32, f32, u32)> {
        let mut start = 0;
        self.pulses
            .iter()
            .map(|p| {
                let entry = (start, p.strength, p.on_ms);
                start += p.on_ms + p.off_ms;
                entry
            })
            .collect()
    }

    /// Checks strengths, lengths and the total; `cue` names the pattern in the message.
    pub fn validate(&self, cue: SessionCue) -> Result<(), RumbleError> {
        for (i, p) in self.pulses.iter().enumerate() {
            let bad = |why: &str| RumbleError::BadPulse {
                cue: cue.name(),
                pulse: i + 1,
                why: why.to_string(),
            };
            if !(0.0..=1.0).contains(&p.strength) {
                return Err(bad(&format!(
                    "the strength must be from 0 to 1, not {}",
                    p.strength
                )));
            }
            if p.on_ms == 0 {
                return Err(bad("a pulse must last at least 1 millisecond"));
            }
        }
        let total = self.duration_ms();
        if total > MAX_PATTERN_MS {
            return Err(RumbleError::TooLong {
                cue: cue.name(),
                ms: total,
            });
        }
        Ok(())
    }
}

/// A mistake in the rumble settings, fit to be read aloud.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RumbleError {
    /// `rumble` is neither true, false nor a table; holds what it was.
    #[error(
        "gamepad setting \"rumble\": must be true, false, or a table of rumble settings, not {0}"
    )]
    NotTable(String),
    /// A key in the rumble table that is no setting; holds the key.
    #[error("rumble setting \"{0}\": no such setting (settings: enabled, strength, opponent-moved, your-clock-running, low-time, flag-fell)")]
    UnknownSetting(String),
    /// `enabled` is not true or false; holds what it was.
    #[error("rumble setting \"enabled\": must be true or false, not {0}")]
    BadEnabled(String),
    /// `strength` is not a number from 0 to 1; holds what it was.
    #[error("rumble setting \"strength\": must be a number from 0 to 1, not {0}")]
    BadStrength(String),
    /// A cue's pattern is neither `off` nor a list of pulses.
    #[error("rumble pattern \"{cue}\": must be \"off\" or a list of pulses such as [[0.7, 150, 0]] (strength from 0 to 1, milliseconds on, milliseconds off), not {found}")]
    BadPattern {
        /// The cue's configuration name.
        cue: &'static str,
        /// What was there instead, in words.
        found: String,
    },
    /// One pulse of a pattern cannot be played.
    #[error("rumble pattern \"{cue}\", pulse {pulse}: {why}")]
    BadPulse {
        /// The cue's configuration name.
        cue: &'static str,
        /// The pulse's place in the pattern, from 1.
        pulse: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A pattern runs past [`MAX_PATTERN_MS`] and would blur into the next cue.
    #[error("rumble pattern \"{cue}\" lasts {ms} milliseconds; the most is {MAX_PATTERN_MS}")]
    TooLong {
        /// The cue's configuration name.
        cue: &'static str,
        /// The pattern's whole length.
        ms: u32,
    },
    /// Two cues have the same pattern, so the player could not tell them apart by touch.
    #[error("rumble patterns \"{0}\" and \"{1}\" are the same, so they cannot be told apart")]
    NotDistinct(&'static str, &'static str),
}

/// The rumble settings: on or off, an overall strength, and one pattern per cue (an empty
/// pattern turns that cue off).
#[derive(Debug, Clone, PartialEq)]
pub struct Rumble {
    /// Off unless the player asks: an unexpected buzz in a tournament hall is worse than none.
    pub enabled: bool,
    /// Scales every pulse's strength, from 0 to 1.
    pub strength: f32,
    patterns: [Pattern; 4],
}

impl Default for Rumble {
    /// Off, full strength, the built-in patterns.
    fn default() -> Self {
        Rumble {
            enabled: false,
            strength: 1.0,
            patterns: SessionCue::ALL.map(Pattern::default_for),
        }
    }
}

impl Rumble {
    /// The built-in patterns, switched on.
    pub fn on() -> Rumble {
        Rumble {
            enabled: true,
            ..Rumble::default()
        }
    }

    /// The pattern to play for `cue`, or `None` if rumble is off or this cue is silenced.
    pub fn for_event(&self, cue: SessionCue) -> Option<&Pattern> {
        let pattern = &self.patterns[cue.index()];
        (self.enabled && self.strength > 0.0 && !pattern.pulses.is_empty()).then_some(pattern)
    }

    /// The configured pattern of `cue`, whether or not rumble is on.
    pub fn pattern(&self, cue: SessionCue) -> &Pattern {
        &self.patterns[cue.index()]
    }

    /// Replaces a cue's pattern after checking it and that it differs from the others.
    pub fn set_pattern(&mut self, cue: SessionCue, pattern: Pattern) -> Result<(), RumbleError> {
        pattern.validate(cue)?;
        let mut next = self.patterns.clone();
        next[cue.index()] = pattern;
        check_distinct(&next)?;
        self.patterns = next;
        Ok(())
    }

    /// The rumble settings from the `[gamepad]` table's `rumble` entry: absent (off),
    /// `rumble = true|false` (built-in patterns), or a table with `enabled`, `strength` and
    /// per-cue patterns (`low-time = [[0.9, 80, 120], [0.9, 80, 0]]` or `"off"`). A table
    /// without `enabled` turns rumble on: writing patterns means wanting them.
    pub fn from_gamepad_table(gamepad: &toml::Table) -> Result<Rumble, RumbleError> {
        match gamepad.get("rumble") {
            None => Ok(Rumble::default()),
            Some(toml::Value::Boolean(on)) => Ok(Rumble {
                enabled: *on,
                ..Rumble::default()
            }),
            Some(toml::Value::Table(t)) => Rumble::from_table(t),
            Some(other) => Err(RumbleError::NotTable(describe(other))),
        }
    }

    /// The rumble settings from a `[gamepad.rumble]` table.
    pub fn from_table(table: &toml::Table) -> Result<Rumble, RumbleError> {
        let mut rumble = Rumble::on();
        for (key, value) in table {
            match key.as_str() {
                "enabled" => {
                    rumble.enabled = value
                        .as_bool()
                        .ok_or_else(|| RumbleError::BadEnabled(describe(value)))?
                }
                "strength" => {
                    let s = number(value)
                        .filter(|s| (0.0..=1.0).contains(s))
                        .ok_or_else(|| RumbleError::BadStrength(describe(value)))?;
                    rumble.strength = s as f32;
                }
                name => {
                    let cue = SessionCue::from_name(name)
                        .ok_or_else(|| RumbleError::UnknownSetting(name.to_string()))?;
                    let pattern = parse_pattern(cue, value)?;
                    pattern.validate(cue)?;
                    rumble.patterns[cue.index()] = pattern;
                }
            }
        }
        check_distinct(&rumble.patterns)?;
        Ok(rumble)
    }
}

fn check_distinct(patterns: &[Pattern; 4]) -> Result<(), RumbleError> {
    for a in SessionCue::ALL {
        for b in SessionCue::ALL.into_iter().filter(|b| *b > a) {
            let (pa, pb) = (&patterns[a.index()], &patterns[b.index()]);
            if !pa.pulses.is_empty() && pa == pb {
                return Err(RumbleError::NotDistinct(a.name(), b.name()));
            }
        }
    }
    Ok(())
}

fn number(value: &toml::Value) -> Option<f64> {
    match value {
        toml::Value::Integer(n) => Some(*n as f64),
        toml::Value::Float(x) => Some(*x),
        _ => None,
    }
}

fn millis(value: &toml::Value) -> Option<u32> {
    value
        .as_integer()
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| *n <= MAX_PATTERN_MS)
}

fn parse_pattern(cue: SessionCue, value: &toml::Value) -> Result<Pattern, RumbleError> {
    let bad = || RumbleError::BadPattern {
        cue: cue.name(),
        found: describe(value),
    };
    if value.as_str() == Some("off") {
        return Ok(Pattern::default());
    }
    let list = value.as_array().filter(|l| !l.is_empty()).ok_or_else(bad)?;
    let mut pulses = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        let bad_pulse = || {
            RumbleError::BadPulse {
            cue: cue.name(),
            pulse: i + 1,
            why: format!(
                "must be three numbers: strength from 0 to 1, milliseconds on, milliseconds off (at most {MAX_PATTERN_MS}), not {}",
                describe(item)
            ),
        }
        };
        let parts = item
            .as_array()
            .filter(|p| p.len() == 3)
            .ok_or_else(bad_pulse)?;
        let strength = number(&parts[0]).ok_or_else(bad_pulse)? as f32;
        let on_ms = millis(&parts[1]).ok_or_else(bad_pulse)?;
        let off_ms = millis(&parts[2]).ok_or_else(bad_pulse)?;
        pulses.push(Pulse::new(strength, on_ms, off_ms));
    }
    Ok(Pattern { pulses })
}

fn describe(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => format!("\"{s}\""),
        toml::Value::Array(_) | toml::Value::Table(_) => value.to_string(),
        other => other.to_string(),
    }
}
