//! The one place the PGN code meets the notation module: move text in, SAN out.

use crate::rules::notation;
use crate::rules::{Move, Position};

/// Reads `text` (SAN in PGN or FIDE style, long algebraic, UCI, `O-O`/`0-0`) as a legal move in
/// `pos`; the error is the notation module's reason, for each command to say in its words.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, notation::MoveError> {
    notation::parse_move(pos, text)
}

/// PGN's English SAN with `+`/`#`, `e8=Q`, `O-O`.
pub fn san(pos: &Position, m: &Move) -> String {
    notation::san(pos, m)
}
