//! The language-independent vocabulary of announcements.
//!
//! A phrase is a list of tokens; a voice pack maps each token to a display word and a clip.
//! Keeping the vocabulary in one small enum is what lets every pack be checked for
//! completeness, and the printed line and the spoken clip never disagree.

use crate::rules::{File, Rank, Role};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Token {
    /// A file name: "Anna" .. "Hector" in Appendix D.
    File(File),
    /// A rank number: "eins" .. "acht".
    Rank(Rank),
    /// A kind of man: "Springer", "Dame"; also the piece chosen in a promotion.
    Piece(Role),
    /// Said before the target square of a capture: "schlaegt".
    Captures,
    /// Said after an en passant capture.
    EnPassant,
    /// "Kurze Rochade" (0-0).
    CastlesShort,
    /// "Lange Rochade" (0-0-0).
    CastlesLong,
    /// "Schach".
    Check,
    /// "Matt".
    Mate,
}

/// An announcement as tokens, in the order they are said.
pub type Phrase = Vec<Token>;
