//! A move as the rules see it, independent of any notation.

use super::role::Role;
use super::square::{File, Square};
use std::fmt;

/// The two castlings (3.8.2; Appendix C.13): with the h-side rook (`0-0`) or the a-side rook
/// (`0-0-0`). In Chess960 the sides keep these names: the king always ends on g or c.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CastlingSide {
    /// `0-0`, "Kurze Rochade": the king ends on the g-file.
    KingSide = 0,
    /// `0-0-0`, "Lange Rochade": the king ends on the c-file.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first, for iterating.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// 0 for king side, 1 for queen side: the index of per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The file the king lands on (g or c), in every variant (3.8.2.1).
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }
    /// The file the rook lands on (f or d).
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }
    /// FIDE's own symbol, with digit zeros (C.13).
    pub const fn fide(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "0-0",
            CastlingSide::QueenSide => "0-0-0",
        }
    }
    /// PGN's symbol, with letter Os.
    pub const fn pgn(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

/// A legal or candidate move.
///
/// Castling is stored as "king takes own rook" so Chess960's four physical forms (both move,
/// swap, king only, rook only) are one value, and captures carry the captured kind so that
/// notation and announcements never need the position again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any move that is not en passant or castling.
    Normal {
        /// The kind of man that moves.
        role: Role,
        /// Where it comes from.
        from: Square,
        /// The kind of man taken, if any.
        capture: Option<Role>,
        /// Where it goes.
        to: Square,
        /// What a pawn becomes on the last rank.
        promotion: Option<Role>,
    },
    /// The capturing pawn goes to `to`; the captured pawn stands beside `from`, behind `to`.
    EnPassant {
        /// The capturing pawn's square.
        from: Square,
        /// The square it moves to (the one the other pawn skipped).
        to: Square,
    },
    /// Castling, stored as "king takes own rook".
    Castle {
        /// The king's square.
        king: Square,
        /// The castling rook's square.
        rook: Square,
    },
}

impl Move {
    /// The kind of man that moves (the king, for castling).
    #[inline]
    pub fn role(&self) -> Role {
        match *self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The square the moving man leaves (the king's, for castling).
    #[inline]
    pub fn from(&self) -> Square {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The target square as stored: for castling, the rook's square ("king takes rook").
    /// Use [`Move::king_to`] for where the king really goes.
    #[inline]
    pub fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { rook, .. } => rook,
        }
    }

    /// Where the moving man ends: for castling, the king's g- or c-file square.
    pub fn king_to(&self) -> Square {
        match *self {
            Move::Castle { king, rook } => {
                let side = castling_side_of(king, rook);
                Square::from_coords(side.king_to_file(), king.rank())
            }
            _ => self.to(),
        }
    }

    /// The kind of man taken, if any (a pawn, for en passant).
    #[inline]
    pub fn capture(&self) -> Option<Role> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// Whether a man is taken: 9.3 and 9.6.2 count from the last capture.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    /// Whether this is an en passant capture (3.7.3.1).
    #[inline]
    pub fn is_en_passant(&self) -> bool {
        matches!(self, Move::EnPassant { .. })
    }

    /// What a pawn becomes, if this is a promotion.
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// Which side castles, if this is castling.
    pub fn castling_side(&self) -> Option<CastlingSide> {
        match *self {
            Move::Castle { king, rook } => Some(castling_side_of(king, rook)),
            _ => None,
        }
    }

    /// A pawn move or a capture: resets the fifty-move count (9.3).
    pub fn is_zeroing(&self) -> bool {
        self.role() == Role::Pawn || self.is_capture()
    }
}

#[inline]
fn castling_side_of(king: Square, rook: Square) -> CastlingSide {
    if rook.file() > king.file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}

impl fmt::Display for Move {
    /// A debugging form: long algebraic with PGN promotion, `O-O` for castling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Castle { .. } => f.write_str(self.castling_side().expect("castle").pgn()),
            _ => {
                if let Some(l) = self.role().letter() {
                    write!(f, "{l}")?;
                }
                let sep = if self.is_capture() { 'x' } else { '-' };
                write!(f, "{}{}{}", self.from(), sep, self.to())?;
                if let Some(p) = self.promotion() {
                    write!(f, "={}", p.letter().unwrap_or('?'))?;
                }
                Ok(())
            }
        }
    }
}
