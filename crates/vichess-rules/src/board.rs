//! Where the men stand: placement only, no side to move or rights.

use super::attacks;
use super::bitboard::Bitboard;
use super::color::Color;
use super::role::{Piece, Role};
use super::square::{File, Rank, Square};
use std::fmt;

/// The placement of the men: one bitboard per kind and per colour.
///
/// It is deliberately free of legality: a tracker comparing a sensor board with the game needs
/// to hold impossible placements too (two white kings while someone fumbles the pieces).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The standard initial array (Art. 2.3).
    pub fn new() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            occupied: Bitboard(0xffff_0000_0000_ffff),
        }
    }

    /// A board with no men, to set up a position man by man.
    pub fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// Every square with a man on it.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }
    /// The squares of `color`'s men.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    /// The squares of men of this kind, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }
    /// The squares of this colour's men of this kind.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }
    /// The pawns of both colours.
    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_role(Role::Pawn)
    }
    /// The knights of both colours.
    #[inline]
    pub fn knights(&self) -> Bitboard {
        self.by_role(Role::Knight)
    }
    /// The bishops of both colours.
    #[inline]
    pub fn bishops(&self) -> Bitboard {
        self.by_role(Role::Bishop)
    }
    /// The rooks of both colours.
    #[inline]
    pub fn rooks(&self) -> Bitboard {
        self.by_role(Role::Rook)
    }
    /// The queens of both colours.
    #[inline]
    pub fn queens(&self) -> Bitboard {
        self.by_role(Role::Queen)
    }
    /// The kings of both colours.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.by_role(Role::King)
    }
    /// Bishops and queens: the men that attack along diagonals.
    #[inline]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.bishops() | self.queens()
    }
    /// Rooks and queens: the men that attack along ranks and files.
    #[inline]
    pub fn straight_sliders(&self) -> Bitboard {
        self.rooks() | self.queens()
    }

    /// The king of `color`; on a fumbled board with several, the one on the lowest square.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.kings() & self.by_color(color)).first()
    }

    /// The colour of the man on `sq`, if any.
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The kind of man on `sq`, if any.
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role.index()].contains(sq))
    }

    /// The man on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(sq)?,
            role: self.role_at(sq)?,
        })
    }

    /// Removes and returns whatever stands on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.toggle(piece, sq);
        Some(piece)
    }

    /// Puts `piece` on `sq`, replacing anything there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.remove_piece_at(sq);
        self.toggle(piece, sq);
    }

    /// Flips one man in or out of all three sets; the caller guarantees consistency.
    #[inline]
    pub(crate) fn toggle(&mut self, piece: Piece, sq: Square) {
        self.by_role[piece.role.index()].toggle(sq);
        self.by_color[piece.color.index()].toggle(sq);
        self.occupied.toggle(sq);
    }

    /// Every man of `attacker` colour that attacks `sq` given the occupancy `occupied`.
    // Always inlined: move generation calls it for every king square, and a call costs as
    // much as the five table lookups inside (measured with the perft bench).
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((attacks::rook_attacks(sq, occupied) & self.straight_sliders())
            | (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (attacks::knight_attacks(sq) & self.knights())
            | (attacks::king_attacks(sq) & self.kings())
            | (attacks::pawn_attacks(!attacker, sq) & self.pawns()))
            & them
    }

    /// The squares attacked by any man of `color` (pinned men included: 3.9).
    pub fn attacked_by(&self, color: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in self.by_color(color) {
            if let Some(role) = self.role_at(sq) {
                out |= attacks::attacks(role, color, sq, self.occupied);
            }
        }
        out
    }

    /// Men of either side, `(square, piece)`, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied square has a piece")))
    }

    /// The board turned round by 180 degrees, as a sensor board plugged in the wrong way sees it.
    pub fn rotated(&self) -> Board {
        let mut b = *self;
        for bb in b.by_role.iter_mut().chain(b.by_color.iter_mut()) {
            *bb = bb.rotate();
        }
        b.occupied = b.occupied.rotate();
        b
    }

    /// The FEN placement field.
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank.index() > 0 {
                out.push('/');
            }
        }
        out
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.board_fen())
    }
}
