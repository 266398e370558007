//! What a board's sensors can tell, independent of the protocol that carried it.

use crate::rules::{Board, Color, Piece, Square};

/// One square as a sensor sees it. Reed switches and Hall sensors see only "something is
/// here"; some boards also tell the colour; piece-recognising boards (DGT) tell the man.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Sensed {
    /// Nothing on the square.
    #[default]
    Empty,
    /// A man is in the hole; `color` when the sensor can tell.
    Occupied {
        /// The man's colour, on boards whose sensors can tell.
        color: Option<Color>,
    },
    /// The board identifies the man.
    Piece(Piece),
}

impl Sensed {
    /// Something stands on the square, whatever the sensor can tell about it.
    pub fn is_occupied(self) -> bool {
        !matches!(self, Sensed::Empty)
    }

    /// Does what the sensor says agree with this man (or emptiness) on the square?
    pub fn agrees_with(self, actual: Option<Piece>) -> bool {
        match (self, actual) {
            (Sensed::Empty, None) => true,
            (Sensed::Empty, Some(_)) | (_, None) => false,
            (Sensed::Occupied { color: None }, Some(_)) => true,
            (Sensed::Occupied { color: Some(c) }, Some(p)) => c == p.color,
            (Sensed::Piece(s), Some(p)) => s == p,
        }
    }
}

/// A full reading of all 64 squares, a1 first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Snapshot(pub [Sensed; 64]);

impl Default for Snapshot {
    fn default() -> Snapshot {
        Snapshot([Sensed::Empty; 64])
    }
}

impl Snapshot {
    /// What the sensor on `sq` reports.
    pub fn get(&self, sq: Square) -> Sensed {
        self.0[sq.index() as usize]
    }

    /// Records what the sensor on `sq` reports.
    pub fn set(&mut self, sq: Square, sensed: Sensed) {
        self.0[sq.index() as usize] = sensed;
    }

    /// What a piece-recognising board would report for this placement.
    pub fn from_board(board: &Board) -> Snapshot {
        let mut s = Snapshot::default();
        for (sq, piece) in board.pieces() {
            s.set(sq, Sensed::Piece(piece));
        }
        s
    }

    /// What an occupancy-only board (reed switches) would report for this placement.
    pub fn occupancy_of(board: &Board) -> Snapshot {
        let mut s = Snapshot::default();
        for sq in board.occupied() {
            s.set(sq, Sensed::Occupied { color: None });
        }
        s
    }

    /// The same reading from a board turned round by 180 degrees.
    pub fn rotated(&self) -> Snapshot {
        let mut out = Snapshot::default();
        for sq in Square::all() {
            out.set(sq.rotate(), self.get(sq));
        }
        out
    }

    /// The squares where this reading disagrees with a placement.
    pub fn differences(&self, board: &Board) -> Vec<Square> {
        Square::all()
            .filter(|&sq| !self.get(sq).agrees_with(board.piece_at(sq)))
            .collect()
    }
}

/// A change reported by a board, in the order the sensors saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SensorEvent {
    /// A full reading (on connect, on request, or after a resynchronisation).
    Snapshot(Snapshot),
    /// A man left its hole (D.2.2: on a pegboard this is a touch).
    Lifted(Square),
    /// A man was put in a hole.
    Placed {
        /// The square.
        square: Square,
        /// What the sensor can tell about the man now there.
        sensed: Sensed,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Role;

    #[test]
    fn agreement_respects_what_the_sensor_can_tell() {
        let wn = Some(Role::Knight.of(Color::White));
        assert!(Sensed::Occupied { color: None }.agrees_with(wn));
        assert!(Sensed::Occupied {
            color: Some(Color::White)
        }
        .agrees_with(wn));
        assert!(!Sensed::Occupied {
            color: Some(Color::Black)
        }
        .agrees_with(wn));
        assert!(!Sensed::Piece(Role::Bishop.of(Color::White)).agrees_with(wn));
        assert!(!Sensed::Empty.agrees_with(wn));
        assert!(Sensed::Empty.agrees_with(None));
    }

    #[test]
    fn a_start_position_reading_matches_and_rotates() {
        let board = Board::new();
        let s = Snapshot::from_board(&board);
        assert!(s.differences(&board).is_empty());
        assert_eq!(
            s.rotated().get(Square::A1),
            Sensed::Piece(Role::Rook.of(Color::Black))
        );
        assert_eq!(Snapshot::occupancy_of(&board).differences(&board), vec![]);
        // Turned round, every man stands on a square of the other colour's array.
        assert_eq!(s.rotated().differences(&board).len(), 32);
    }
}
