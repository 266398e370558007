//! Castling rights (3.8.2.1) for standard chess and Chess960 (Guidelines II).

use super::bitboard::Bitboard;
use super::color::Color;
use super::moves::CastlingSide;
use super::square::Square;

/// How castling is written and where its rooks may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// King on e1/e8, rooks on the corners; FEN `KQkq`; UCI `e1g1`.
    #[default]
    Standard,
    /// Any Guidelines II array; X-FEN / Shredder-FEN rights; UCI "king takes rook" (`e1h1`).
    Chess960,
}

impl CastlingMode {
    /// Whether castling follows the Chess960 rules (any rook file) rather than standard chess.
    pub fn is_chess960(self) -> bool {
        self == CastlingMode::Chess960
    }
}

/// The rooks each side may still castle with: rights lost for good (king or rook moved, rook
/// captured) disappear from here; temporary bars (3.8.2.2) are checked at move generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Castles {
    rooks: [[Option<Square>; 2]; 2],
    /// All castling rooks at once: lets every move test "did this touch a right?" in one AND.
    mask: Bitboard,
}

impl Castles {
    /// No rights at all.
    pub const NONE: Castles = Castles {
        rooks: [[None; 2]; 2],
        mask: Bitboard::EMPTY,
    };

    /// Both sides, both wings, in the standard array.
    pub fn standard() -> Castles {
        let mut c = Castles::NONE;
        c.set(Color::White, CastlingSide::KingSide, Square::H1);
        c.set(Color::White, CastlingSide::QueenSide, Square::A1);
        c.set(Color::Black, CastlingSide::KingSide, Square::H8);
        c.set(Color::Black, CastlingSide::QueenSide, Square::A8);
        c
    }

    /// The rook `color` may still castle with on `side`, if the right remains.
    #[inline]
    pub fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rooks[color.index()][side.index()]
    }

    /// Whether `color` keeps the right to castle on `side`.
    #[inline]
    pub fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rook(color, side).is_some()
    }

    /// Whether `color` keeps any castling right.
    pub fn has_color(&self, color: Color) -> bool {
        self.rooks[color.index()].iter().any(Option::is_some)
    }

    /// True when nobody can castle any more.
    pub fn is_empty(&self) -> bool {
        self.mask.is_empty()
    }

    /// The squares of every rook that still carries a right.
    #[inline]
    pub fn mask(&self) -> Bitboard {
        self.mask
    }

    pub(crate) fn set(&mut self, color: Color, side: CastlingSide, rook: Square) {
        if let Some(old) = self.rooks[color.index()][side.index()] {
            self.mask.clear(old);
        }
        self.rooks[color.index()][side.index()] = Some(rook);
        self.mask.set(rook);
    }

    /// The king moved (or castled): both rights of that side are gone for good.
    #[inline]
    pub(crate) fn discard_color(&mut self, color: Color) {
        for r in self.rooks[color.index()].iter_mut() {
            if let Some(sq) = r.take() {
                self.mask.clear(sq);
            }
        }
    }

    /// A castling rook moved or was captured on `sq`.
    #[inline]
    pub(crate) fn discard_rook(&mut self, sq: Square) {
        if !self.mask.contains(sq) {
            return;
        }
        self.mask.clear(sq);
        for side in self.rooks.iter_mut() {
            for r in side.iter_mut() {
                if *r == Some(sq) {
                    *r = None;
                }
            }
        }
    }

    /// Every (colour, side, rook) still available.
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingSide, Square)> + '_ {
        Color::ALL.into_iter().flat_map(move |c| {
            CastlingSide::ALL
                .into_iter()
                .filter_map(move |s| self.rook(c, s).map(|r| (c, s, r)))
        })
    }
}
