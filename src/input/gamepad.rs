//! The thin gilrs adapter: gilrs events in, [`InputEvent`]s out; [`Pattern`]s played as force
//! feedback where a pad can rumble. Everything with meaning lives in [`super::mapping`] and
//! [`super::rumble`]; this file only translates, so it is the one part tested without a pad
//! only through its conversion functions.

use std::collections::HashSet;
use std::time::{Duration, SystemTime};

use gilrs::ff::{BaseEffect, BaseEffectType, Effect, EffectBuilder, Repeat, Replay, Ticks};
use gilrs::{Button, EventType, GamepadId, Gilrs};

use super::mapping::{DeviceKind, InputEvent};
use super::notice::PadNotice;
use super::rumble::Pattern;

/// gilrs's name of a button, as written in the configuration; `None` for unnamed buttons.
pub fn button_name(button: Button) -> Option<&'static str> {
    Some(match button {
        Button::South => "South",
        Button::East => "East",
        Button::North => "North",
        Button::West => "West",
        Button::C => "C",
        Button::Z => "Z",
        Button::LeftTrigger => "LeftTrigger",
        Button::LeftTrigger2 => "LeftTrigger2",
        Button::RightTrigger => "RightTrigger",
        Button::RightTrigger2 => "RightTrigger2",
        Button::Select => "Select",
        Button::Start => "Start",
        Button::Mode => "Mode",
        Button::LeftThumb => "LeftThumb",
        Button::RightThumb => "RightThumb",
        Button::DPadUp => "DPadUp",
        Button::DPadDown => "DPadDown",
        Button::DPadLeft => "DPadLeft",
        Button::DPadRight => "DPadRight",
        Button::Unknown => return None,
    })
}

/// Many foot pedals have no gilrs mapping, so their buttons arrive unnamed; they are named
/// `Code` and the platform's event code, so the configuration can still bind them.
pub fn unnamed_button(code: u32) -> String {
    format!("Code{code}")
}

/// A button going down or up as an [`InputEvent`]. `code` is the platform event code, used
/// only for unnamed buttons; without one an unnamed button gives `None`.
pub fn button_event(
    device: DeviceKind,
    button: Button,
    code: Option<u32>,
    pressed: bool,
    at_ms: u64,
) -> Option<InputEvent> {
    let name = match button_name(button) {
        Some(name) => name.to_string(),
        None => unnamed_button(code?),
    };
    Some(InputEvent {
        device,
        button: name,
        pressed,
        at_ms,
    })
}

/// A gilrs event as an [`InputEvent`]: presses and releases only. Repeats are the mapper's
/// job, analogue values and axes are not commands, and connections are reported separately.
pub fn convert(device: DeviceKind, event: &EventType, at_ms: u64) -> Option<InputEvent> {
    match *event {
        EventType::ButtonPressed(b, code) => {
            button_event(device, b, Some(code.into_u32()), true, at_ms)
        }
        EventType::ButtonReleased(b, code) => {
            button_event(device, b, Some(code.into_u32()), false, at_ms)
        }
        _ => None,
    }
}

/// Pedals say so in their names often enough to treat them as pedals (they get the same
/// debounce, but the player hears "pedal" rather than "gamepad").
pub fn device_kind(name: &str) -> DeviceKind {
    let lower = name.to_lowercase();
    if lower.contains("pedal") || lower.contains("foot") {
        DeviceKind::Pedal
    } else {
        DeviceKind::Gamepad
    }
}

/// The gilrs side of the input layer.
pub struct GamepadInput {
    gilrs: Gilrs,
    epoch: SystemTime,
    told_cannot_rumble: HashSet<GamepadId>,
    notices: Vec<PadNotice>,
    playing: Vec<Effect>,
}

/// gilrs could not start; the message says why.
#[derive(Debug, thiserror::Error)]
#[error("gamepads cannot be used: {0}")]
pub struct GamepadError(String);

impl GamepadError {
    /// gilrs's own reason, for [`PadNotice::Unavailable`].
    pub fn reason(&self) -> &str {
        &self.0
    }
}

impl GamepadInput {
    /// Starts gilrs. Event times count milliseconds from now; add the session's offset.
    pub fn new() -> Result<GamepadInput, GamepadError> {
        let gilrs = Gilrs::new().map_err(|e| GamepadError(e.to_string()))?;
        let mut input = GamepadInput {
            gilrs,
            epoch: SystemTime::now(),
            told_cannot_rumble: HashSet::new(),
            notices: Vec::new(),
            playing: Vec::new(),
        };
        let found: Vec<String> = input.pads().into_iter().map(|(name, _)| name).collect();
        for name in found {
            input.notices.push(PadNotice::Found(name));
        }
        Ok(input)
    }

    /// Connected pads: name and whether they can rumble.
    pub fn pads(&self) -> Vec<(String, bool)> {
        self.gilrs
            .gamepads()
            .map(|(_, pad)| (pad.name().to_string(), pad.is_ff_supported()))
            .collect()
    }

    /// Now, on the same millisecond scale as the events' `at_ms` (for [`super::Mapper::tick`]).
    pub fn now_ms(&self) -> u64 {
        self.at_ms(SystemTime::now())
    }

    fn at_ms(&self, time: SystemTime) -> u64 {
        time.duration_since(self.epoch)
            .unwrap_or_default()
            .as_millis() as u64
    }

    fn translate(&mut self, event: gilrs::Event) -> Option<InputEvent> {
        let name = self.gilrs.gamepad(event.id).name().to_string();
        match event.event {
            EventType::Connected => self.notices.push(PadNotice::Connected(name.clone())),
            EventType::Disconnected => self.notices.push(PadNotice::Disconnected(name.clone())),
            _ => {}
        }
        convert(device_kind(&name), &event.event, self.at_ms(event.time))
    }

    /// The button events waiting now, without blocking.
    pub fn poll(&mut self) -> Vec<InputEvent> {
        let mut out = Vec::new();
        while let Some(event) = self.gilrs.next_event() {
            out.extend(self.translate(event));
        }
        out
    }

    /// Waits up to `timeout` for the first event, then takes whatever else is waiting.
    pub fn wait(&mut self, timeout: Duration) -> Vec<InputEvent> {
        let mut out = Vec::new();
        if let Some(event) = self.gilrs.next_event_blocking(Some(timeout)) {
            out.extend(self.translate(event));
        }
        out.extend(self.poll());
        out
    }

    /// Things to tell the player: pads found, connected, lost, or unable to rumble.
    pub fn take_notices(&mut self) -> Vec<PadNotice> {
        std::mem::take(&mut self.notices)
    }

    /// Plays `pattern` at `strength` (0 to 1) on every pad that can rumble; a pad that cannot
    /// is named once in the notices. A new pattern replaces one still playing.
    pub fn play(&mut self, pattern: &Pattern, strength: f32) {
        let mut can = Vec::new();
        for (id, pad) in self.gilrs.gamepads() {
            if pad.is_ff_supported() {
                can.push(id);
            } else if self.told_cannot_rumble.insert(id) {
                self.notices
                    .push(PadNotice::CannotRumble(pad.name().to_string()));
            }
        }
        self.playing.clear();
        if can.is_empty() || pattern.pulses.is_empty() {
            return;
        }
        let total = Ticks::from_ms(pattern.duration_ms().max(1));
        let mut builder = EffectBuilder::new();
        for (start, pulse_strength, on_ms) in pattern.schedule() {
            let level = (pulse_strength * strength).clamp(0.0, 1.0);
            builder.add_effect(BaseEffect {
                kind: BaseEffectType::Strong {
                    magnitude: (level * f32::from(u16::MAX)) as u16,
                },
                scheduling: Replay {
                    after: Ticks::from_ms(start),
                    play_for: Ticks::from_ms(on_ms),
                    with_delay: total,
                },
                ..Default::default()
            });
        }
        builder.gamepads(&can).repeat(Repeat::For(total));
        match builder.finish(&mut self.gilrs) {
            Ok(effect) => match effect.play() {
                Ok(()) => self.playing.push(effect),
                Err(e) => self.notices.push(PadNotice::RumbleFailed(e.to_string())),
            },
            Err(e) => self.notices.push(PadNotice::RumbleFailed(e.to_string())),
        }
    }
}
