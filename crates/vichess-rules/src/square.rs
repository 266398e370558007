//! Files, ranks and squares (Art. 2.4, Appendix C.5-C.7).

use std::fmt;
use std::str::FromStr;

/// A file, `a` (0) to `h` (7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank, `1` (0) to `8` (7), counted from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    /// The a-file.
    pub const A: File = File(0);
    /// The b-file.
    pub const B: File = File(1);
    /// The c-file.
    pub const C: File = File(2);
    /// The d-file.
    pub const D: File = File(3);
    /// The e-file, where both kings start.
    pub const E: File = File(4);
    /// The f-file.
    pub const F: File = File(5);
    /// The g-file.
    pub const G: File = File(6);
    /// The h-file.
    pub const H: File = File(7);
    /// All files, a first, for iterating.
    pub const ALL: [File; 8] = [
        File(0),
        File(1),
        File(2),
        File(3),
        File(4),
        File(5),
        File(6),
        File(7),
    ];

    /// The file with this index (0 = a), or `None` past h.
    #[inline]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(File(index))
        } else {
            None
        }
    }
    /// 0 for a to 7 for h.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The lower-case letter, as notation writes it.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    /// Accepts `a`-`h` and `A`-`H` (some scoresheets capitalise files).
    pub fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File(c as u8 - b'a')),
            'A'..='H' => Some(File(c as u8 - b'A')),
            _ => None,
        }
    }
    /// Mirror across the board's middle (a <-> h), for rotated boards.
    pub const fn flip(self) -> File {
        File(7 - self.0)
    }
}

impl Rank {
    /// White's back rank.
    pub const FIRST: Rank = Rank(0);
    /// White's pawn rank.
    pub const SECOND: Rank = Rank(1);
    /// The rank a white pawn crosses on its double step.
    pub const THIRD: Rank = Rank(2);
    /// Where a white pawn lands on its double step.
    pub const FOURTH: Rank = Rank(3);
    /// Where a black pawn lands on its double step.
    pub const FIFTH: Rank = Rank(4);
    /// The rank a black pawn crosses on its double step.
    pub const SIXTH: Rank = Rank(5);
    /// Black's pawn rank.
    pub const SEVENTH: Rank = Rank(6);
    /// Black's back rank.
    pub const EIGHTH: Rank = Rank(7);
    /// All ranks, first to eighth, for iterating.
    pub const ALL: [Rank; 8] = [
        Rank(0),
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
    ];

    /// The rank with this index (0 = 1), or `None` past 8.
    #[inline]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank(index))
        } else {
            None
        }
    }
    /// 0 for rank 1 to 7 for rank 8.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The digit, as notation writes it.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
    /// Reads a digit `1`-`8`.
    pub fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }
    /// The same rank seen from Black's side (1 <-> 8).
    pub const fn flip(self) -> Rank {
        Rank(7 - self.0)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A square, `a1` = 0 to `h8` = 63 (little-endian rank-file mapping).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ", for naming squares in code as players do.")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with this index (0 = a1, 63 = h8), or `None` past 63.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// # Panics
    /// In debug builds, when `index >= 64`: callers hold a bitboard index, never user input.
    #[inline]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square where `file` and `rank` cross.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }
    /// 0 for a1 to 63 for h8: the bit of the square in a [`Bitboard`](crate::Bitboard).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// Its file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }
    /// Its rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }
    /// The square reached by moving `df` files and `dr` ranks, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 & 7) as i8 + df;
        let r = (self.0 >> 3) as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }
    /// The same square seen from the other side of the board (a1 <-> h8): a board turned round.
    pub const fn rotate(self) -> Square {
        Square(63 - self.0)
    }
    /// Mirror vertically (a1 <-> a8): the same square from Black's point of view.
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }
    /// Squares are light or dark; h1 is light (Art. 2.1). Bishops never change colour.
    pub const fn is_light(self) -> bool {
        (self.0 & 7) % 2 != (self.0 >> 3) % 2
    }
    /// All 64 squares, a1 first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..64u8).map(Square)
    }
    /// Chebyshev distance: king steps between the squares.
    pub fn distance(self, other: Square) -> u8 {
        let df = (self.file().0 as i8 - other.file().0 as i8).unsigned_abs();
        let dr = (self.rank().0 as i8 - other.rank().0 as i8).unsigned_abs();
        df.max(dr)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}

/// The text was not a square name like `e4`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a square (expected a file a-h and a rank 1-8, like e4)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (
            chars.next().and_then(File::from_char),
            chars.next().and_then(Rank::from_char),
            chars.next(),
        ) {
            (Some(f), Some(r), None) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}
