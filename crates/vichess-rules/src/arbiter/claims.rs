//! Claims of a draw by repetition (9.2) or the fifty-move rule (9.3), judged as 9.5 says.
//!
//! - Only the player having the move claims, either on the position on the board or by first
//!   writing down the move that will produce the position (9.2.1, 9.3.1). The written move
//!   cannot be changed.
//! - Touching a man with intent (4.3) forfeits the claim on that move (9.4).
//! - A correct claim draws at once (9.5.2). An incorrect one gives the opponent two minutes in
//!   standard play, one in rapid and blitz (9.5.3, A.3), and a written move must then be
//!   played (under Art. 3 and 4).
//! - A claim is also a draw offer (9.1.2.4): the session makes one with
//!   [`super::offers::OfferKind::Claim`], and the opponent may accept it before the ruling.
//!
//! The counting itself is the game record's ([`Game::claim`]); this module turns its verdict
//! into rulings.

use super::ruling::{EndReason, Event, Outcome, Question, Ruling};
use crate::game::{ClaimKind, ClaimVerdict, Game, Status};
use crate::{Color, Move};

/// Why a claim is not heard at all. No penalty: there was no valid claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ClaimError {
    /// Only the player having the move may claim (9.2, 9.3).
    #[error(
        "{0} cannot claim now: only the player having the move claims; write the move that \
         repeats the position, then claim before playing it (9.2, 9.3)"
    )]
    NotOnMove(Color),
    /// A man touched with intent forfeits the claim on this move (9.4).
    #[error("{0} touched a man with intent and lost the right to claim on this move (9.4)")]
    Touched(Color),
    /// The game has already ended, so there is nothing to claim.
    #[error("the game is over: {0}")]
    GameOver(Status),
}

/// The arbiter's ruling on a claim: the evidence, and what follows from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimRuling {
    /// Whether the claim was correct, and the evidence for it.
    pub verdict: ClaimVerdict,
    /// What follows, in order: the draw, or the penalty and the move to play.
    pub rulings: Vec<Ruling>,
}

/// Judges `claimant`'s claim of `kind` in `game`, on the position now on the board or after
/// the written `intended` move. `touched`: the claimant has touched a man with intent on
/// this move.
pub fn judge(
    game: &Game,
    event: &Event,
    claimant: Color,
    kind: ClaimKind,
    intended: Option<Move>,
    touched: bool,
) -> Result<ClaimRuling, ClaimError> {
    let status = game.status();
    if status.is_over() {
        return Err(ClaimError::GameOver(status));
    }
    if game.position().turn() != claimant {
        return Err(ClaimError::NotOnMove(claimant));
    }
    if touched {
        return Err(ClaimError::Touched(claimant));
    }
    let verdict = game.claim(kind, intended);
    let rulings = if verdict.is_correct() {
        vec![Ruling::Result {
            outcome: Outcome::Draw,
            reason: EndReason::Claim(kind),
            article: "9.5.2",
        }]
    } else {
        let mut rulings = vec![event.penalty_to_opponent(claimant, "9.5.3")];
        match (&verdict, intended) {
            (ClaimVerdict::IllegalIntendedMove(m), _) => rulings.push(Ruling::ArbiterDecides {
                question: Question::IntendedMoveNotLegal {
                    side: claimant,
                    intended: *m,
                },
                article: "9.5.3",
            }),
            (_, Some(mv)) => rulings.push(Ruling::MustPlay { side: claimant, mv }),
            (_, None) => rulings.push(Ruling::Continue { article: "9.5.3" }),
        }
        rulings
    };
    Ok(ClaimRuling { verdict, rulings })
}
