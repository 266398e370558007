//! Which position the board now shows: the game's, the one after a legal move, or the one
//! before the last move.
//!
//! Everything here compares a sensed reading with a placement. The only subtle case is a
//! capture on an occupancy-only board: the captured man's hole is full before and after, so the
//! reading alone cannot tell "captured" from "the capturing man is still in the hand". The
//! lift history decides it (board-protocols.md section 5): the target must have been lifted and
//! refilled, and refilled after the capturing man left its hole. A refill reported just before
//! the capturer's lift is no capture: the capturer lifted last may still be in the hand.

use super::BoardKind;
use crate::board::{Sensed, Snapshot};
use crate::rules::attacks::between;
use crate::rules::{Bitboard, Board, Move, Position, Square};

/// When a square was last emptied and last filled during the current turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Stamp {
    /// Order of the change among all changes of the turn (out-of-order proof for equal times).
    pub seq: u64,
    pub at_ms: u64,
}

/// The lifts and placements seen since the last move was made.
#[derive(Debug, Clone)]
pub(super) struct Activity {
    seq: u64,
    lifted: [Option<Stamp>; 64],
    placed: [Option<Stamp>; 64],
}

impl Default for Activity {
    fn default() -> Activity {
        Activity {
            seq: 0,
            lifted: [None; 64],
            placed: [None; 64],
        }
    }
}

impl Activity {
    pub fn lift(&mut self, sq: Square, now_ms: u64) {
        self.seq += 1;
        self.lifted[sq.index() as usize] = Some(Stamp {
            seq: self.seq,
            at_ms: now_ms,
        });
    }

    pub fn place(&mut self, sq: Square, now_ms: u64) {
        self.seq += 1;
        self.placed[sq.index() as usize] = Some(Stamp {
            seq: self.seq,
            at_ms: now_ms,
        });
    }

    /// A lift and placement on `sq` that a full reading showed never happened.
    pub fn forget(&mut self, sq: Square) {
        self.lifted[sq.index() as usize] = None;
        self.placed[sq.index() as usize] = None;
    }

    pub fn lifted(&self, sq: Square) -> Option<Stamp> {
        self.lifted[sq.index() as usize]
    }

    pub fn placed(&self, sq: Square) -> Option<Stamp> {
        self.placed[sq.index() as usize]
    }

    /// On an occupancy-only board: was the man on `to` taken off and a man put there after
    /// the man on `from` was lifted? Only the order of the reports counts: a refill reported
    /// before the lift (the pawn touched and put back, then the bishop lifted) is what a man
    /// in the hand looks like too, and the lift alone cannot say which man was taken.
    pub fn swapped_after(&self, to: Square, from: Square) -> bool {
        let (Some(lift_to), Some(place_to)) = (self.lifted(to), self.placed(to)) else {
            return false;
        };
        if place_to.seq < lift_to.seq {
            return false; // the target went back into its hole and stays there
        }
        self.lifted(from)
            .is_some_and(|lift_from| place_to.seq > lift_from.seq)
    }

    /// The reports of a capture on `to` by the man on `from` out of order within one scan
    /// (`window_ms`): the target emptied and refilled, then, at most that long after, the
    /// capturer's lift. Not enough to make the capture (see [`Activity::swapped_after`]),
    /// but enough to ask about it sooner than about a man merely held.
    pub fn swapped_just_before(&self, to: Square, from: Square, window_ms: u64) -> bool {
        let (Some(lift_to), Some(place_to), Some(lift_from)) =
            (self.lifted(to), self.placed(to), self.lifted(from))
        else {
            return false;
        };
        lift_to.seq < place_to.seq
            && place_to.seq < lift_from.seq
            && place_to.at_ms + window_ms >= lift_from.at_ms
    }
}

/// What the sensors would report for a placement, as far as this kind of board can tell.
pub fn reading_of(board: &Board, kind: BoardKind) -> Snapshot {
    let mut s = Snapshot::default();
    for (sq, piece) in board.pieces() {
        let sensed = match kind {
            BoardKind::IdentifiesPieces => Sensed::Piece(piece),
            BoardKind::OccupancyAndColour => Sensed::Occupied {
                color: Some(piece.color),
            },
            BoardKind::OccupancyOnly => Sensed::Occupied { color: None },
        };
        s.set(sq, sensed);
    }
    s
}

/// Does the reading agree with the placement on every square?
pub fn agrees(sensed: &Snapshot, board: &Board) -> bool {
    Square::all().all(|sq| sensed.get(sq).agrees_with(board.piece_at(sq)))
}

/// Does the board show the position after `m` (played from `before`)?
pub(super) fn shows_move(
    sensed: &Snapshot,
    after: &Board,
    m: &Move,
    kind: BoardKind,
    activity: &Activity,
) -> bool {
    if !agrees(sensed, after) {
        return false;
    }
    // A capture onto an occupied square is invisible to occupancy alone: on an occupancy-only
    // board, and on a board that cannot name the man now on the target square (a Certabo
    // not calibrated, in a game from a FEN) the target must have been emptied and filled.
    let unnamed = sensed.get(m.to()) == Sensed::Occupied { color: None };
    let hidden_capture =
        (kind == BoardKind::OccupancyOnly || unnamed) && m.is_capture() && !m.is_en_passant();
    !hidden_capture || activity.swapped_after(m.to(), m.from())
}

/// The squares whose content differs between two placements.
pub fn changed_squares(before: &Board, after: &Board) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in Square::all() {
        if before.piece_at(sq) != after.piece_at(sq) {
            out.set(sq);
        }
    }
    out
}

/// Could the man that made `m` still be on its way further (a slide on a sensor board, a pawn
/// passing its third rank, a king passing f1 on the way to castle)? Such a move is only
/// accepted once the board has been still for a moment. A knight, a capture and a promotion
/// stop where they land, so they are accepted at once.
pub fn could_travel_further(pos: &Position, m: &Move) -> bool {
    if m.is_capture() || m.promotion().is_some() || m.castling_side().is_some() {
        return false;
    }
    let (from, to) = (m.from(), m.king_to());
    pos.legal_moves_from(from)
        .iter()
        .any(|other| between(from, other.king_to()).contains(to))
}

/// Is the board part-way through `m`: some man already released where `m` puts it, and every
/// remaining difference on a square `m` changes? (4.7: a man released as part of a legal move
/// stays there, so guidance should complete the move rather than undo it.)
pub fn is_part_way(sensed: &Snapshot, before: &Board, after: &Board) -> bool {
    let changed = changed_squares(before, after);
    let mut progressed = false;
    for sq in Square::all() {
        let now = sensed.get(sq);
        let target = after.piece_at(sq);
        if !now.agrees_with(target) {
            if !changed.contains(sq) {
                return false;
            }
        } else if target.is_some() && !now.agrees_with(before.piece_at(sq)) {
            progressed = true;
        }
    }
    progressed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_move;

    #[test]
    fn an_occupancy_capture_needs_the_target_refilled_after_the_capturer_left() {
        let (c4, f7) = (Square::C4, Square::F7);
        let mut a = Activity::default();
        a.lift(f7, 0);
        a.place(f7, 100);
        a.lift(c4, 2_000);
        assert!(!a.swapped_after(f7, c4), "target put back long before");
        assert!(!a.swapped_just_before(f7, c4, 300));
        let mut a = Activity::default();
        a.lift(f7, 0);
        a.place(f7, 1_000);
        a.lift(c4, 1_100);
        assert!(!a.swapped_after(f7, c4), "a lift alone is no capture");
        assert!(a.swapped_just_before(f7, c4, 300), "within one scan");
        let mut a = Activity::default();
        a.lift(c4, 0);
        a.lift(f7, 100);
        a.place(f7, 200);
        assert!(a.swapped_after(f7, c4));
        assert!(!a.swapped_just_before(f7, c4, 300));
        a.lift(f7, 300);
        assert!(!a.swapped_after(f7, c4), "lifted again after");
    }

    #[test]
    fn only_men_that_could_go_on_wait() {
        let p = Position::new();
        let m = |t: &str| parse_move(&p, t).unwrap();
        assert!(could_travel_further(&p, &m("e3")));
        assert!(!could_travel_further(&p, &m("e4")));
        assert!(!could_travel_further(&p, &m("Nf3")));
    }
}
