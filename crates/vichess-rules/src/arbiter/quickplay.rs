//! Guidelines III, games without increment finishing on the clock: the switch to a
//! five-second delay or increment (III.4) and the claim that the opponent cannot win by
//! normal means or is not trying to (III.5, and III.6 with no arbiter present).
//!
//! These are the arbiter's calls: the functions here check that a request may be made and
//! turn the arbiter's answer into rulings. The two minutes given here are always two: A.3
//! shortens only the penalties of Art. 7 and 9.

use super::ruling::{EndReason, Outcome, Question, Ruling};
use crate::clock::{Bonus, Clock, GameType, Millis, QuickplayBonus};
use crate::Color;

/// III.4, III.5: "less than two minutes" left.
pub const UNDER: Millis = 2 * 60_000;
/// III.4, III.5: the time the opponent gets.
pub const EXTRA: Millis = 2 * 60_000;

/// Why a quickplay request or claim cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum QuickplayError {
    /// The event did not announce Guidelines III.
    #[error("Guidelines III were not announced for this event, so no such claim can be made")]
    NotAnnounced,
    /// Guidelines III never apply to blitz (III.2).
    #[error("Guidelines III never apply to blitz (III.2)")]
    Blitz,
    /// The control already has an increment or delay (III.1).
    #[error("Guidelines III apply only to games without increment or delay (III.1)")]
    HasBonus,
    /// The clock was already switched to a five-second bonus (III.4).
    #[error("the clock has already been switched to a five-second delay or increment (III.4)")]
    AlreadySwitched,
    /// Only the player having the move may ask (III.4, III.5).
    #[error("{0} is not on move: only the player having the move may ask (III.4, III.5)")]
    NotOnMove(Color),
    /// The player still has two minutes or more.
    #[error("{0} has two minutes or more left: this is possible only under two minutes")]
    EnoughTime(Color),
    /// The flag already fell, so the claim comes too late (III.5).
    #[error("{0}'s flag has already fallen: the claim had to come before (III.5)")]
    FlagFallen(Color),
}

/// The arbiter's answer to a III.5 claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The claim is right: a draw.
    Accept,
    /// Decide later (at the latest right after a flag falls), watching the game; the
    /// opponent may get two minutes now.
    Postpone {
        /// Whether the opponent gets two minutes now (III.5).
        extra_time: bool,
    },
    /// The claim is wrong: the opponent gets two minutes and play goes on.
    Reject,
}

/// The grounds of a III.5 / III.6 claim; at least one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grounds {
    /// The opponent cannot win by normal means.
    pub cannot_win: bool,
    /// The opponent has made no effort to win by normal means.
    pub no_effort: bool,
}

/// Whether Guidelines III are in force for a game, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QuickplayFinish {
    /// The event announced Guidelines III beforehand (III.1).
    pub announced: bool,
    /// An arbiter is at hand: III.5 rather than III.6.
    pub arbiter_present: bool,
}

impl QuickplayFinish {
    /// Checks that `side` may ask for the III.4 switch or make the III.5 claim at `now`.
    pub fn check(&self, clock: &Clock, side: Color, now: Millis) -> Result<(), QuickplayError> {
        if !self.announced {
            return Err(QuickplayError::NotAnnounced);
        }
        if clock.game_type() == GameType::Blitz {
            return Err(QuickplayError::Blitz);
        }
        if clock
            .control()
            .periods()
            .iter()
            .any(|p| p.bonus != Bonus::None)
        {
            return Err(QuickplayError::HasBonus);
        }
        if clock.bonus(side) != Bonus::None {
            return Err(QuickplayError::AlreadySwitched);
        }
        if clock.turn() != Some(side) {
            return Err(QuickplayError::NotOnMove(side));
        }
        if clock.flag_down(side) || clock.remaining(side, now) == 0 {
            return Err(QuickplayError::FlagFallen(side));
        }
        if clock.remaining(side, now) >= UNDER {
            return Err(QuickplayError::EnoughTime(side));
        }
        Ok(())
    }

    /// III.4: `side` asks for a five-second delay or increment for both. The request is a
    /// draw offer: the session makes one. The opponent accepting draws; if the opponent
    /// declines, this gives the rulings, the arbiter having agreed to the request or not.
    pub fn switch_declined(
        &self,
        side: Color,
        bonus: QuickplayBonus,
        arbiter_agrees: bool,
    ) -> Vec<Ruling> {
        if arbiter_agrees {
            vec![
                Ruling::SwitchBonus { bonus },
                Ruling::ExtraTime {
                    to: !side,
                    time: EXTRA,
                    article: "III.4",
                },
            ]
        } else {
            vec![Ruling::Continue { article: "III.4" }]
        }
    }

    /// III.5 / III.6: `claimant` claims a draw. With an arbiter present, the arbiter decides
    /// ([`QuickplayFinish::answer`]); without one, the claim stops the game and the
    /// designated arbiter rules afterwards on what the players recorded.
    pub fn claim(
        &self,
        clock: &Clock,
        claimant: Color,
        grounds: Grounds,
        now: Millis,
    ) -> Result<Ruling, QuickplayError> {
        self.check(clock, claimant, now)?;
        let question = Question::QuickplayClaim {
            claimant,
            cannot_win: grounds.cannot_win || !grounds.no_effort,
            no_effort: grounds.no_effort,
        };
        Ok(if self.arbiter_present {
            Ruling::ArbiterDecides {
                question,
                article: "III.5",
            }
        } else {
            Ruling::GameStopped {
                question,
                to_record: if grounds.no_effort {
                    "the claimant writes down the final position and both players complete \
                     their scoresheets; the opponent verifies them"
                } else {
                    "the claimant writes down the final position; the opponent verifies it"
                },
                article: "III.6",
            }
        })
    }

    /// The arbiter's answer to `claimant`'s III.5 claim. (Under III.6 the game has stopped
    /// and the designated arbiter's decision is the result itself.)
    pub fn answer(&self, claimant: Color, answer: Answer) -> Vec<Ruling> {
        let extra = Ruling::ExtraTime {
            to: !claimant,
            time: EXTRA,
            article: "III.5",
        };
        match answer {
            Answer::Accept => vec![Ruling::Result {
                outcome: Outcome::Draw,
                reason: EndReason::QuickplayFinish,
                article: "III.5",
            }],
            Answer::Postpone { extra_time: true } => {
                vec![extra, Ruling::Continue { article: "III.5" }]
            }
            Answer::Postpone { extra_time: false } => vec![Ruling::Continue { article: "III.5" }],
            Answer::Reject => vec![extra, Ruling::Continue { article: "III.5" }],
        }
    }

    /// [`answer`](Self::answer) to a claim the arbiter postponed before, `time_given`
    /// whether that postponement gave the opponent two minutes (III.5.2). The two minutes
    /// are the opponent's for being disturbed by one claim: given at the postponement, they
    /// are not given again when the arbiter rejects the claim in the end (III.5.3), nor at a
    /// second postponement.
    pub fn answer_postponed(
        &self,
        claimant: Color,
        answer: Answer,
        time_given: bool,
    ) -> Vec<Ruling> {
        let mut rulings = self.answer(claimant, answer);
        if time_given {
            rulings.retain(|r| !matches!(r, Ruling::ExtraTime { .. }));
        }
        rulings
    }
}
