//! What the gamepad layer tells the player (a pad found, lost or unable to rumble; why pads
//! cannot be used), as values: the words are the voice pack's, so the notice is printed and
//! said in the game's language.

use crate::phrase::token::{Token, Word};
use crate::voice::Pack;

/// One thing the pads have to say; [`PadNotice::text`] words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PadNotice {
    /// A pad already connected at the start: its name.
    Found(String),
    /// A pad plugged in during the game: its name.
    Connected(String),
    /// A pad unplugged or gone: its name.
    Disconnected(String),
    /// A pad that cannot rumble, named once: the clock signals will not be felt on it.
    CannotRumble(String),
    /// The rumble could not start: the system's reason.
    RumbleFailed(String),
    /// The gamepad system cannot be used: its reason. The keyboard still works.
    Unavailable(String),
    /// This vichess was built without the `gamepad` feature.
    NotBuilt,
}

impl PadNotice {
    /// The line in the pack's language: its words, then the device's name or the system's
    /// reason in brackets, as they came.
    pub fn text(&self, pack: &Pack) -> String {
        let (word, detail) = match self {
            PadNotice::Found(name) => (Word::PadFound, name.as_str()),
            PadNotice::Connected(name) => (Word::PadConnected, name.as_str()),
            PadNotice::Disconnected(name) => (Word::PadDisconnected, name.as_str()),
            PadNotice::CannotRumble(name) => (Word::PadCannotRumble, name.as_str()),
            PadNotice::RumbleFailed(why) => (Word::RumbleFailed, why.as_str()),
            PadNotice::Unavailable(why) => (Word::PadsUnavailable, why.as_str()),
            PadNotice::NotBuilt => (Word::PadsNotBuilt, ""),
        };
        let words = pack.text(&[Token::Word(word)]);
        let detail = detail.trim().trim_end_matches('.');
        if detail.is_empty() {
            words
        } else {
            format!("{words} ({detail})")
        }
    }
}
