//! Gamepads, foot pedals and keys as commands, and the tactile clock channel.
//!
//! Pure layers: [`command`] (the vocabulary), [`mapping`] (events to commands, with debounce
//! and hold-to-repeat), [`rumble`] (session cues to pulse patterns). The only device code is
//! the thin gilrs adapter in `gamepad`, behind the `gamepad` cargo feature.

pub mod command;
#[cfg(feature = "gamepad")]
pub mod gamepad;
pub mod mapping;
pub mod notice;
pub mod rumble;

pub use command::{InputCommand, UnknownCommand};
pub use mapping::{
    CommandEvent, Control, DeviceKind, InputEvent, Mapper, Mapping, MappingError, Timing,
};
pub use notice::PadNotice;
pub use rumble::{Pattern, Pulse, Rumble, RumbleError, SessionCue};
