//! How to bring a board back to a position, one spoken step at a time.
//!
//! A blind player fixes a board by touch, so the instructions name one square at a time and
//! say what to take away before what to put back (a hole must be empty before a man goes in).
//! The values are structured so the speech layer can localise them; `Display` gives English.

use crate::board::{Sensed, Snapshot};
use crate::rules::{Board, Piece, Square};
use std::fmt;

/// One step towards the expected position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fix {
    /// Take away what stands here. `what` is as much as the sensor can tell: the man, only its
    /// colour, or only that something is there.
    Remove {
        /// What stands there, as far as the sensor can tell.
        what: Sensed,
        /// The square to clear.
        square: Square,
    },
    /// Put this man here.
    Put {
        /// The man to put down.
        piece: Piece,
        /// The empty square it belongs on.
        square: Square,
    },
    /// The man belonging on `to` stands on `from`.
    Move {
        /// The misplaced man.
        piece: Piece,
        /// Where it stands now.
        from: Square,
        /// Where it belongs.
        to: Square,
    },
}

impl Fix {
    /// The square the player should reach for first.
    pub fn square(&self) -> Square {
        match *self {
            Fix::Remove { square, .. } | Fix::Put { square, .. } => square,
            Fix::Move { from, .. } => from,
        }
    }
}

/// "the black knight", "the white man", "the man".
struct What(Sensed);

impl fmt::Display for What {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Sensed::Piece(p) => write!(f, "the {p}"),
            Sensed::Occupied { color: Some(c) } => write!(f, "the {c} man"),
            Sensed::Occupied { color: None } | Sensed::Empty => f.write_str("the man"),
        }
    }
}

impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fix::Remove { what, square } => write!(f, "remove {} from {square}", What(what)),
            Fix::Put { piece, square } => write!(f, "put the {piece} on {square}"),
            Fix::Move { piece, from, to } => write!(f, "move the {piece} from {from} to {to}"),
        }
    }
}

/// A square where the reading and the placement disagree, with both sides of the story.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Difference {
    /// The square.
    pub square: Square,
    /// What the game has there (`None`: empty).
    pub expected: Option<Piece>,
    /// What the board's sensor reports there.
    pub sensed: Sensed,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.expected {
            Some(p) => write!(f, "{}: should be the {p}", self.square)?,
            None => write!(f, "{}: should be empty", self.square)?,
        }
        match self.sensed {
            Sensed::Empty => f.write_str(", is empty"),
            other => write!(f, ", holds {}", What(other)),
        }
    }
}

/// Every square where the reading disagrees with the placement, a1 first.
pub fn differences(target: &Board, sensed: &Snapshot) -> Vec<Difference> {
    sensed
        .differences(target)
        .into_iter()
        .map(|square| Difference {
            square,
            expected: target.piece_at(square),
            sensed: sensed.get(square),
        })
        .collect()
}

/// The steps that turn the reading into the placement, in the order to say them: men that
/// must go (or move) first, squares to fill last.
///
/// A man standing where none belongs is paired with an empty square it belongs on when the
/// sensor shows it is that man (or, on an occupancy-only board, when there is exactly one
/// of each, so the pairing cannot be wrong about which man it is).
pub fn fixes(target: &Board, sensed: &Snapshot) -> Vec<Fix> {
    pair(target, sensed, &[None; 64])
}

/// Like [`fixes`], for a board that cannot name its men, knowing the placement it last showed
/// (`reference`): a man that stayed on its square is the man that stood there, and a man on a
/// square that was empty is the one man that left a square since (when only one kind of man
/// did). Named so, a wrong copy is put right in whole steps that say which man goes where
/// ("move the black pawn from d5 to d7", then "from e7 to e5"), not "remove the man from d5".
pub fn fixes_known(target: &Board, sensed: &Snapshot, reference: &Board) -> Vec<Fix> {
    let mut named = *sensed;
    let mut origin = [None; 64];
    for d in differences(target, sensed) {
        let Sensed::Occupied { color } = d.sensed else {
            continue;
        };
        let fits = |p: Piece| color.is_none_or(|c| c == p.color);
        if let Some(p) = reference.piece_at(d.square).filter(|&p| fits(p)) {
            named.set(d.square, Sensed::Piece(p));
            continue;
        }
        let left: Vec<(Square, Piece)> = reference
            .pieces()
            .filter(|&(sq, p)| fits(p) && !sensed.get(sq).is_occupied())
            .collect();
        if let Some(&(from, p)) = left.first() {
            if left.iter().all(|&(_, q)| q == p) {
                named.set(d.square, Sensed::Piece(p));
                if left.len() == 1 {
                    origin[d.square.index() as usize] = Some(from);
                }
            }
        }
    }
    pair(target, &named, &origin)
}

/// Pairs men standing wrong with the squares they belong on, a man's own origin first.
fn pair(target: &Board, sensed: &Snapshot, origin: &[Option<Square>; 64]) -> Vec<Fix> {
    let diffs = differences(target, sensed);
    let extra: Vec<&Difference> = diffs.iter().filter(|d| d.sensed.is_occupied()).collect();
    let mut missing: Vec<(Piece, Square)> = diffs
        .iter()
        .filter_map(|d| d.expected.map(|p| (p, d.square)))
        .collect();
    // A man the sensor cannot name is paired only when there is one of each, so the pairing
    // cannot be wrong about which man it is.
    let one_each = extra.len() == 1 && missing.len() == 1;

    let mut out = Vec::new();
    for d in &extra {
        let may_pair = one_each || !matches!(d.sensed, Sensed::Occupied { color: None });
        let fits = |&(piece, square): &(Piece, Square)| {
            may_pair && square != d.square && d.sensed.agrees_with(Some(piece))
        };
        let home = origin[d.square.index() as usize];
        let partner = missing
            .iter()
            .position(|m| fits(m) && Some(m.1) == home)
            .or_else(|| missing.iter().position(fits));
        match partner {
            Some(i) => {
                let (piece, to) = missing.remove(i);
                out.push(Fix::Move {
                    piece,
                    from: d.square,
                    to,
                });
            }
            None => out.push(Fix::Remove {
                what: d.sensed,
                square: d.square,
            }),
        }
    }
    out.extend(
        missing
            .into_iter()
            .map(|(piece, square)| Fix::Put { piece, square }),
    );
    out
}

/// Says an identical instruction again only after `interval_ms`; a new instruction at once.
#[derive(Debug, Clone)]
pub struct Throttle {
    interval_ms: u64,
    last: Option<(Fix, u64)>,
}

impl Throttle {
    /// A throttle that has said nothing yet and repeats after `interval_ms`.
    pub fn new(interval_ms: u64) -> Throttle {
        Throttle {
            interval_ms,
            last: None,
        }
    }

    /// Should `fix` be said now? Records it as said when the answer is yes.
    pub fn allow(&mut self, fix: Fix, now_ms: u64) -> bool {
        let repeat =
            matches!(self.last, Some((f, at)) if f == fix && now_ms < at + self.interval_ms);
        if !repeat {
            self.last = Some((fix, now_ms));
        }
        !repeat
    }

    /// When the last fix said may be said again: the tracker's next deadline for guidance.
    pub fn next_at(&self) -> Option<u64> {
        self.last.map(|(_, at)| at + self.interval_ms)
    }

    /// Forget what was said (the board is right again): the next failure is news.
    pub fn reset(&mut self) {
        self.last = None;
    }
}
