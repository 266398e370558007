//! Kinds of men (Art. 2.2) and coloured pieces.

use super::color::Color;
use std::fmt;

/// A kind of man. "Piece" in Appendix C.1 excludes the pawn; here `Role` covers all six.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The pawn.
    Pawn = 0,
    /// The knight.
    Knight = 1,
    /// The bishop.
    Bishop = 2,
    /// The rook.
    Rook = 3,
    /// The queen.
    Queen = 4,
    /// The king.
    King = 5,
}

impl Role {
    /// All six, pawn first, for iterating.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The pieces a pawn may become (3.7.3.3), in the order a chooser offers them.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 (pawn) to 5 (king): the index of per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English letter of Appendix C.2; the pawn has none (C.4), so it is `None`.
    pub const fn letter(self) -> Option<char> {
        match self {
            Role::Pawn => None,
            Role::Knight => Some('N'),
            Role::Bishop => Some('B'),
            Role::Rook => Some('R'),
            Role::Queen => Some('Q'),
            Role::King => Some('K'),
        }
    }

    /// The lower-case FEN letter (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// Reads a FEN or English SAN letter in either case.
    pub fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The lower-case English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The man of this kind and `color`.
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A man of one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose man.
    pub color: Color,
    /// What kind.
    pub role: Role,
}

impl Piece {
    /// FEN letter: upper case for White.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Reads a FEN letter: upper case is White.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = Color::from_white(c.is_ascii_uppercase());
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    /// "white knight": the words an announcement or an error message uses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
