//! Why the sound card cannot be used, in the game's language (issue 24, item 12): shared by
//! `vichess play` and `vichess demo`, so neither frames a device's failure in English.

use super::device::DeviceError;
use crate::phrase::token::{Token, Word};
use crate::voice::Pack;

/// The reason in `pack`'s words; what the sound system itself said (a device's name, its
/// fault) follows in brackets as it came.
pub fn device_why(pack: &Pack, e: &DeviceError) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    match e {
        DeviceError::NoDevice => w(Word::SoundNoDevice),
        DeviceError::NotFound { wanted, available } => {
            format!("{} (\"{wanted}\"; {available})", w(Word::SoundNotFound))
        }
        DeviceError::Unavailable { name, reason } => format!(
            "{} (\"{name}\": {})",
            w(Word::SoundCannotPlay),
            reason.trim_end_matches('.')
        ),
    }
}
