//! Why the sound card cannot be used, in the game's language (issue 24, item 12): shared by
//! `vichess play` and `vichess demo`, so neither frames a device's failure in English.

use super::device::DeviceError;
use crate::phrase::token::{Token, Word};
use crate::voice::Pack;

/// The reason in `pack`'s words; the device's name follows in the language's quotation marks,
/// and the fault in the pack's words (with the sound system's own message, if it gave one).
pub fn device_why(pack: &Pack, e: &DeviceError) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let quote = |name: &str| pack.language().quote(name);
    match e {
        DeviceError::NoDevice => w(Word::SoundNoDevice),
        DeviceError::NotFound { wanted, available } => format!(
            "{} ({}; {available})",
            w(Word::SoundNotFound),
            quote(wanted)
        ),
        DeviceError::Unavailable { name, reason } => format!(
            "{} ({}: {})",
            w(Word::SoundCannotPlay),
            quote(name),
            reason.words(pack)
        ),
    }
}
