//! The illegal-move ladder (7.5): what happens when a player completes an illegal move, or
//! something the Laws treat as one.
//!
//! - Only a *completed* move (the clock pressed, see [`super::completion`]) is an illegal
//!   move here. A made but uncompleted illegal move is simply replaced by a legal one, the
//!   touch-move rules binding it (4.3, 4.7); no penalty.
//! - The first completed illegal move of a player gives the opponent two minutes in standard
//!   play, one in rapid and blitz (7.5.5, A.3); the clock's own rule gives the amount.
//! - The second loses, or draws when the opponent cannot mate by any series of legal moves.
//! - In rapid and blitz without adequate supervision (A.5.2, B.3), the arbiter acts, or the
//!   opponent may claim, only before the opponent has made the next move. After that the
//!   illegal move stands, uncounted.

use super::result::loss_unless_opponent_cannot_mate;
use super::ruling::{EndReason, Event, Outcome, Ruling};
use crate::{Color, Position, Square};

/// An action completed with a clock press that 7.5 penalises as an illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// 7.5.1: a move against Art. 3 (or 4.2-4.7 for a man that could not legally go there).
    IllegalMove,
    /// 7.5.2: a pawn left on the last rank without being exchanged for a new piece.
    UnpromotedPawn {
        /// Where the pawn stands unpromoted.
        square: Square,
    },
    /// 7.5.3: the clock pressed without a move.
    PressWithoutMove,
    /// 7.5.4: one move made with two hands (castling, a capture, a promotion).
    TwoHanded,
}

impl Irregularity {
    /// The article of the Laws that names this irregularity, for the arbiter's message.
    pub const fn article(self) -> &'static str {
        match self {
            Irregularity::IllegalMove => "7.5.1",
            Irregularity::UnpromotedPawn { .. } => "7.5.2",
            Irregularity::PressWithoutMove => "7.5.3",
            Irregularity::TwoHanded => "7.5.4",
        }
    }

    /// What is done about the board and the clock, apart from the penalty.
    fn correction(self, offender: Color) -> Ruling {
        match self {
            Irregularity::IllegalMove => Ruling::ReinstatePosition { article: "7.5.1" },
            Irregularity::UnpromotedPawn { square } => Ruling::PawnBecomesQueen { square },
            Irregularity::PressWithoutMove => Ruling::MustMove { side: offender },
            Irregularity::TwoHanded => Ruling::MoveStands { article: "7.5.4" },
        }
    }
}

/// Each player's count of penalised illegal moves in one game, and the rulings they bring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IllegalMoves {
    event: Event,
    counts: [u32; 2],
}

impl IllegalMoves {
    /// No illegal moves counted yet; `event` decides the penalties.
    pub fn new(event: Event) -> IllegalMoves {
        IllegalMoves {
            event,
            counts: [0; 2],
        }
    }

    /// The settings the penalties are taken from.
    pub fn event(&self) -> Event {
        self.event
    }

    /// How many of `side`'s illegal moves have been penalised so far.
    pub fn count(&self, side: Color) -> u32 {
        self.counts[side.index()]
    }

    /// `offender` completed `what`, and it was found (by the arbiter, or claimed by the
    /// opponent). `position` is the position play continues from (for an illegal move, the
    /// one just before it): on a second offence it decides whether the opponent can still
    /// mate. `opponent_has_moved`: the opponent has made the next move since, which closes
    /// the A.5.2 window in unsupervised rapid and blitz (it does not matter otherwise).
    pub fn completed(
        &mut self,
        offender: Color,
        what: Irregularity,
        position: &Position,
        opponent_has_moved: bool,
    ) -> Vec<Ruling> {
        if self.event.reply_window() && opponent_has_moved {
            return match what {
                // A.5.4: a pawn on its last rank is an illegal position: wait for the next
                // completed move, then see (`illegal_position_after_next_move`).
                Irregularity::UnpromotedPawn { .. } => vec![Ruling::Continue { article: "A.5.4" }],
                _ => vec![Ruling::MoveStands { article: "A.5.2" }],
            };
        }
        let count = &mut self.counts[offender.index()];
        *count += 1;
        if *count >= 2 {
            return vec![loss_unless_opponent_cannot_mate(
                position,
                offender,
                EndReason::SecondIllegalMove,
                EndReason::SecondIllegalMoveOpponentCannotMate,
                "7.5.5",
            )];
        }
        vec![
            what.correction(offender),
            self.event.penalty_to_opponent(offender, "7.5.5"),
        ]
    }
}

/// A.5.4 (unsupervised rapid and blitz): the arbiter saw both kings in check or a pawn on its
/// last rank, and waited for the next move to be completed. If the position is still
/// illegal then, the game is drawn; otherwise play goes on.
pub fn illegal_position_after_next_move(still_illegal: bool) -> Ruling {
    if still_illegal {
        Ruling::Result {
            outcome: Outcome::Draw,
            reason: EndReason::IllegalPosition,
            article: "A.5.4",
        }
    } else {
        Ruling::Continue { article: "A.5.4" }
    }
}
