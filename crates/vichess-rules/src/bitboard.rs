//! A set of squares as 64 bits: the board's workhorse.

use super::square::{File, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares; bit `i` is square `i` (a1 = 0, h8 = 63).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares (h1 is light, 2.1): bishops never leave their colour, which dead-position analysis uses.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// a1, h1, a8, h8.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// Ranks 1 and 8: where pawns promote and where no pawn may stand.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }
    /// All eight squares of a rank.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank.index()))
    }
    /// All eight squares of a file.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file.index())
    }
    /// True when no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// True when at least one square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }
    /// How many squares are in the set.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }
    /// More than one square: a double check, or two pieces that could go to one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// The lowest square (a1 first), for iterating or picking a single man.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }
    /// The highest square (h8 last).
    #[inline]
    pub fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(63 - self.0.leading_zeros() as u8))
        }
    }
    /// The only square, when there is exactly one.
    #[inline]
    pub fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }
    /// A copy with `sq` added.
    #[inline]
    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }
    /// A copy with `sq` removed.
    #[inline]
    pub fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }
    /// Adds `sq` if absent, removes it if present: moving a man is two toggles.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq.index();
    }
    /// Adds `sq`.
    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }
    /// Removes `sq`.
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }
    /// Shift towards rank 8 (`n > 0`) or rank 1 (`n < 0`); squares pushed off the board vanish.
    #[inline]
    pub const fn shift(self, n: i32) -> Bitboard {
        if n >= 0 {
            Bitboard(self.0 << n)
        } else {
            Bitboard(self.0 >> -n)
        }
    }
    /// The board turned through 180 degrees.
    #[inline]
    pub const fn rotate(self) -> Bitboard {
        Bitboard(self.0.reverse_bits())
    }
    /// Mirrored a1 <-> a8.
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new_unchecked(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl DoubleEndedIterator for Bitboard {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        // Spelled out: on `&mut self`, `self.last()` would be `Iterator::last`, which drains
        // the set, so the set would never shrink and `rfind` would loop for ever.
        let sq = Bitboard::last(*self)?;
        self.0 ^= 1 << sq.index();
        Some(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $tr<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Square) -> Bitboard { Bitboard(self.0 $op (1u64 << rhs.index())) }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
        impl $tra<Square> for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Square) { self.0 = self.0 $op (1u64 << rhs.index()); }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Eight lines, rank 8 first, `1` for a member square: readable in a failing test.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let sq = Square::new_unchecked(rank * 8 + file);
                f.write_str(if self.contains(sq) { "1" } else { "." })?;
            }
            if rank > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_both_ways_and_shrinks() {
        let b = Bitboard::from_square(Square::A1) | Square::E4 | Square::H8;
        assert_eq!(b.collect::<Vec<_>>(), [Square::A1, Square::E4, Square::H8]);
        assert_eq!(
            b.rev().collect::<Vec<_>>(),
            [Square::H8, Square::E4, Square::A1]
        );
        // A search from the back that fails must end (it once looped for ever).
        assert_eq!({ b }.rfind(|&sq| sq == Square::B2), None);
        assert_eq!({ b }.rfind(|&sq| sq < Square::H8), Some(Square::E4));
        let mut it = b;
        assert_eq!(it.next_back(), Some(Square::H8));
        assert_eq!(it, Bitboard::from_square(Square::A1) | Square::E4);
    }
}
