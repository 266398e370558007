//! The ends an arbiter rules on: resignation (5.1.2), flag fall (6.9), and the ends the board
//! itself shows (5.1.1, 5.2.1, 5.2.2, 9.6) as rulings.
//!
//! A loss becomes a draw when the winner "cannot checkmate the player's king by any possible
//! series of legal moves" (5.1.2, 6.9, 7.5.5). The proof comes from [`dead::cannot_mate`];
//! when it finds neither a proof nor a mate, the ruling says so and leaves it to the arbiter
//! rather than guess.

use super::ruling::{EndReason, Outcome, Question, Ruling};
use crate::dead::{self, MateAbility};
use crate::game::{Game, Status};
use crate::{Color, Position};

/// The ruling for an end the position shows by itself, or `None` while the game goes on.
pub fn board_result(status: Status) -> Option<Ruling> {
    let (outcome, reason, article) = match status {
        Status::Ongoing => return None,
        Status::Checkmate { winner } => (Outcome::Win(winner), EndReason::Checkmate, "5.1.1"),
        Status::Stalemate => (Outcome::Draw, EndReason::Stalemate, "5.2.1"),
        Status::DeadPosition => (Outcome::Draw, EndReason::DeadPosition, "5.2.2"),
        Status::FivefoldRepetition => (Outcome::Draw, EndReason::FivefoldRepetition, "9.6.1"),
        Status::SeventyFiveMoves => (Outcome::Draw, EndReason::SeventyFiveMoves, "9.6.2"),
    };
    Some(Ruling::Result {
        outcome,
        reason,
        article,
    })
}

/// `loser` loses in `pos`, unless the opponent cannot mate by any series of legal moves:
/// then it is a draw. When that cannot be proved either way, the arbiter decides.
pub fn loss_unless_opponent_cannot_mate(
    pos: &Position,
    loser: Color,
    win: EndReason,
    draw: EndReason,
    article: &'static str,
) -> Ruling {
    let winner = !loser;
    match dead::cannot_mate(pos, winner) {
        MateAbility::CanMate => Ruling::Result {
            outcome: Outcome::Win(winner),
            reason: win,
            article,
        },
        MateAbility::CannotMate => Ruling::Result {
            outcome: Outcome::Draw,
            reason: draw,
            article,
        },
        MateAbility::Unknown => Ruling::ArbiterDecides {
            question: Question::CanMate {
                side: winner,
                if_yes: Outcome::Win(winner),
            },
            article,
        },
    }
}

/// 5.1.2: `resigner` resigns. The opponent wins, or it is a draw if the opponent cannot mate
/// (2023). A game the board has already ended keeps that result: a resignation after a
/// mate or a stalemate changes nothing.
pub fn resign(game: &Game, resigner: Color) -> Ruling {
    if let Some(ended) = board_result(game.status()) {
        return ended;
    }
    loss_unless_opponent_cannot_mate(
        game.position(),
        resigner,
        EndReason::Resignation,
        EndReason::ResignationOpponentCannotMate,
        "5.1.2",
    )
}

/// 6.9: `flagged` has not completed the required moves in the allotted time. A loss, unless
/// the board ended the game first (5.1.1-5.2.2, 9.6: a mate made before the flag fell wins,
/// as the move completed itself), or a draw if the opponent cannot mate.
///
/// The session calls this only for a game still in progress: a draw agreed or a resignation
/// (5.1.2, 5.2.3) ended the game before, and no flag can change that.
pub fn flag_fall(game: &Game, flagged: Color) -> Ruling {
    if let Some(ended) = board_result(game.status()) {
        return ended;
    }
    loss_unless_opponent_cannot_mate(
        game.position(),
        flagged,
        EndReason::FlagFall,
        EndReason::FlagFallOpponentCannotMate,
        "6.9",
    )
}
