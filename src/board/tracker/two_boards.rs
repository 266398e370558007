//! Two boards (D.1, D.2.9): the VI player's pegboard and the sighted player's board, each
//! compared with the game and with each other, so the arbiter (or vichess) can say which board
//! is wrong, where, and how to put it right.

use super::guidance::{fixes, Fix};
use crate::board::{Sensed, Snapshot};
use crate::rules::{Board, Move, Square};
use std::fmt;

/// Which of the two boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Which {
    /// The VI player's board with securing holes (D.1).
    Pegboard,
    /// The sighted player's normal set.
    Sighted,
}

impl fmt::Display for Which {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Which::Pegboard => "the pegboard",
            Which::Sighted => "the sighted player's board",
        })
    }
}

/// Both boards against the game and against each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoBoards {
    /// Steps that bring the pegboard to the game's position (empty when it matches).
    pub pegboard: Vec<Fix>,
    /// Steps that bring the sighted player's board to the game's position.
    pub sighted: Vec<Fix>,
    /// Squares where the two readings contradict each other, whatever the game says.
    pub between: Vec<Square>,
}

impl TwoBoards {
    /// Both boards show the game's position: play can go on.
    pub fn all_agree(&self) -> bool {
        self.pegboard.is_empty() && self.sighted.is_empty() && self.between.is_empty()
    }

    /// The fixes for one board.
    pub fn fixes(&self, which: Which) -> &[Fix] {
        match which {
            Which::Pegboard => &self.pegboard,
            Which::Sighted => &self.sighted,
        }
    }

    /// The first thing to say: which board, and its first step. The pegboard comes first
    /// because its player cannot see the other board.
    pub fn first(&self) -> Option<(Which, Fix)> {
        [Which::Pegboard, Which::Sighted]
            .into_iter()
            .find_map(|w| self.fixes(w).first().map(|&f| (w, f)))
    }
}

impl fmt::Display for TwoBoards {
    /// "the pegboard differs on c6: remove the black knight from c6", or "both boards match the
    /// game".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.first() {
            None if self.between.is_empty() => f.write_str("both boards match the game"),
            None => write!(f, "the two boards disagree on {}", self.between[0]),
            Some((which, fix)) => {
                let n = self.fixes(which).len();
                write!(f, "{which} differs on {}: {fix}", fix.square())?;
                if n > 1 {
                    write!(f, " ({} more steps)", n - 1)?;
                }
                Ok(())
            }
        }
    }
}

/// Do two readings of the same square contradict each other, as far as both sensors can tell?
fn contradict(a: Sensed, b: Sensed) -> bool {
    match (a, b) {
        (Sensed::Empty, Sensed::Empty) => false,
        (Sensed::Empty, _) | (_, Sensed::Empty) => true,
        (Sensed::Piece(x), Sensed::Piece(y)) => x != y,
        (Sensed::Piece(p), Sensed::Occupied { color: Some(c) })
        | (Sensed::Occupied { color: Some(c) }, Sensed::Piece(p)) => p.color != c,
        (Sensed::Occupied { color: Some(x) }, Sensed::Occupied { color: Some(y) }) => x != y,
        _ => false,
    }
}

/// Compares both boards with the game's placement and with each other.
pub fn compare(game: &Board, pegboard: &Snapshot, sighted: &Snapshot) -> TwoBoards {
    TwoBoards {
        pegboard: fixes(game, pegboard),
        sighted: fixes(game, sighted),
        between: Square::all()
            .filter(|&sq| contradict(pegboard.get(sq), sighted.get(sq)))
            .collect(),
    }
}

/// D.2.9: how many moves the two scoresheets share from the start. If they differ, play goes
/// back to the position after this many half-moves.
pub fn agreed_prefix(a: &[Move], b: &[Move]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}
