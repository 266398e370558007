//! What an arbiter decides, as values: the session announces them, journals them and applies
//! them to the clock and the game record. Nothing here acts by itself.
//!
//! Every ruling names its article, so a player can ask "why?" and hear the rule.

use crate::clock::{Adjustment, Clock, GameType, Millis, QuickplayBonus};
use crate::game::ClaimKind;
use crate::{Color, Move, Square};
use std::fmt;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The result as a scoresheet and PGN write it: "1-0", "0-1", "1/2-1/2".
    pub const fn score(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(side) => write!(f, "{side} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// Why a game ended, in words a player hears after the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// 5.1.1.
    Checkmate,
    /// 5.2.1.
    Stalemate,
    /// 5.2.2: neither side can mate by any series of legal moves.
    DeadPosition,
    /// 9.6.1: the same position five times.
    FivefoldRepetition,
    /// 9.6.2: 75 moves each without a pawn move or capture.
    SeventyFiveMoves,
    /// 5.1.2: a player resigned.
    Resignation,
    /// A resignation, but the winner could not mate by any series of legal moves.
    ResignationOpponentCannotMate,
    /// 6.9: the flag fell and the opponent could mate.
    FlagFall,
    /// The flag fell, but the opponent could not mate by any series of legal moves.
    FlagFallOpponentCannotMate,
    /// 7.5.5: the second completed illegal move loses.
    SecondIllegalMove,
    /// A second illegal move, but the opponent could not mate.
    SecondIllegalMoveOpponentCannotMate,
    /// 5.2.3: a draw agreed by both players.
    Agreement,
    /// A correct draw claim (9.2, 9.3).
    Claim(ClaimKind),
    /// III.5: the opponent cannot win by normal means, or is not trying to.
    QuickplayFinish,
    /// I.8: the sealed move was ambiguous, unintelligible or illegal.
    DefectiveSealedMove,
    /// A.5.4: an illegal position still stood after the next completed move.
    IllegalPosition,
}

impl EndReason {
    /// The reason as a player hears it after the result.
    pub const fn words(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::DeadPosition => "dead position",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::SeventyFiveMoves => "seventy-five moves without a pawn move or capture",
            EndReason::Resignation => "resignation",
            EndReason::ResignationOpponentCannotMate => {
                "resignation, but the opponent cannot checkmate"
            }
            EndReason::FlagFall => "flag fall",
            EndReason::FlagFallOpponentCannotMate => "flag fall, but the opponent cannot checkmate",
            EndReason::SecondIllegalMove => "second illegal move",
            EndReason::SecondIllegalMoveOpponentCannotMate => {
                "second illegal move, but the opponent cannot checkmate"
            }
            EndReason::Agreement => "agreement",
            EndReason::Claim(ClaimKind::ThreefoldRepetition) => "threefold repetition claimed",
            EndReason::Claim(ClaimKind::FiftyMoves) => "fifty-move rule claimed",
            EndReason::QuickplayFinish => "quickplay finish claim upheld",
            EndReason::DefectiveSealedMove => "the sealed move could not be played",
            EndReason::IllegalPosition => "an illegal position on the board",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// A question the rules core cannot settle and leaves to the arbiter, with what it knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Question {
    /// Can `side` still checkmate? The analysis found neither a proof nor a mate. If not, the
    /// game is drawn instead of `side` winning.
    CanMate {
        /// The side whose win is in doubt.
        side: Color,
        /// The result if it can mate.
        if_yes: Outcome,
    },
    /// III.5, III.6: can the opponent of `claimant` win by normal means, and is the opponent
    /// trying? A claim names one ground, or both.
    QuickplayClaim {
        /// The player who claimed the draw.
        claimant: Color,
        /// The ground "the opponent cannot win by normal means" was claimed.
        cannot_win: bool,
        /// The ground "the opponent is making no effort to win" was claimed.
        no_effort: bool,
    },
    /// The written intended move of an incorrect claim cannot be played: which move must be?
    IntendedMoveNotLegal {
        /// The claimant, who must now play a move.
        side: Color,
        /// The written move that cannot be played.
        intended: Move,
    },
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::CanMate { side, if_yes } => write!(
                f,
                "can {side} still checkmate by any series of legal moves? If so: {if_yes}; \
                 if not: draw"
            ),
            Question::QuickplayClaim {
                claimant,
                cannot_win,
                no_effort,
            } => {
                let ground = match (cannot_win, no_effort) {
                    (true, true) => "cannot win by normal means and is making no effort to",
                    (false, true) => "is making no effort to win by normal means",
                    _ => "cannot win by normal means",
                };
                write!(
                    f,
                    "{claimant} claims a draw: the opponent {ground}; accept, postpone or reject"
                )
            }
            Question::IntendedMoveNotLegal { side, intended } => write!(
                f,
                "{side} wrote {intended} for the claim, but it is not legal: which move must \
                 {side} play"
            ),
        }
    }
}

/// One decision. A ruling list is applied in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// The game ends.
    Result {
        /// The result.
        outcome: Outcome,
        /// Why the game ended.
        reason: EndReason,
        /// The article of the Laws that ends it.
        article: &'static str,
    },
    /// `to` gets `minutes` more: a penalty against the other player. Apply
    /// [`Ruling::clock_adjustment`] to the clock.
    Penalty {
        /// The player who gets the time.
        to: Color,
        /// How many minutes.
        minutes: u32,
        /// The article of the Laws that imposes it.
        article: &'static str,
    },
    /// `to` gets time that is not an Art. 7 or 9 penalty (Guidelines III.4, III.5): always
    /// two minutes, A.3 does not shorten it.
    ExtraTime {
        /// The player who gets the time.
        to: Color,
        /// How much.
        time: Millis,
        /// The guideline that grants it.
        article: &'static str,
    },
    /// 7.5.1: set up the position just before the illegal move; the touch-move rules (4.3,
    /// 4.7) bind the move that replaces it.
    ReinstatePosition {
        /// The article that orders it.
        article: &'static str,
    },
    /// 7.5.2: the pawn left unpromoted on this square becomes a queen; the move stands.
    PawnBecomesQueen {
        /// Where the pawn stands.
        square: Square,
    },
    /// 7.5.3: the clock was pressed without a move: `side` is on move again and must move.
    MustMove {
        /// The player who pressed without moving.
        side: Color,
    },
    /// The move stands as played (a two-handed move, 7.5.4; an illegal move after the A.5.2
    /// window).
    MoveStands {
        /// The article that lets it stand.
        article: &'static str,
    },
    /// 9.5.3: `side` must play the move written for an incorrect claim.
    MustPlay {
        /// The claimant.
        side: Color,
        /// The move written for the claim.
        mv: Move,
    },
    /// III.4: both players get a five-second delay or increment for the rest of the game.
    SwitchBonus {
        /// Delay or increment, as the arbiter chose.
        bonus: QuickplayBonus,
    },
    /// III.6: the game stops, and the designated arbiter rules on the question later; the
    /// players first record what `to_record` says.
    GameStopped {
        /// What the arbiter must decide.
        question: Question,
        /// What the players record before the game stops.
        to_record: &'static str,
        /// The guideline that stops the game.
        article: &'static str,
    },
    /// Play goes on; nothing else changes.
    Continue {
        /// The article under which play continues.
        article: &'static str,
    },
    /// The rules core cannot decide: the arbiter must.
    ArbiterDecides {
        /// What the arbiter must decide.
        question: Question,
        /// The article that leaves it to the arbiter.
        article: &'static str,
    },
}

impl Ruling {
    /// The clock change this ruling asks for, if any: a penalty goes through the clock's own
    /// rule ([`Clock::penalty_time`]), extra time is added as it is.
    pub fn clock_adjustment(&self) -> Option<Adjustment> {
        match *self {
            Ruling::Penalty { to, .. } => Some(Adjustment::Penalty { offender: !to }),
            Ruling::ExtraTime { to, time, .. } => Some(Adjustment::AddTime { side: to, time }),
            Ruling::SwitchBonus { bonus } => Some(Adjustment::Quickplay(bonus)),
            _ => None,
        }
    }

    /// The outcome, when this ruling ends the game.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Ruling::Result { outcome, .. } => Some(*outcome),
            _ => None,
        }
    }
}

impl fmt::Display for Ruling {
    /// The ruling as an arbiter says it, article last in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::Result {
                outcome,
                reason,
                article,
            } => write!(f, "{outcome} by {reason} ({article})"),
            Ruling::Penalty {
                to,
                minutes,
                article,
            } => write!(f, "{to} gets {} ({article})", minutes_words(*minutes)),
            Ruling::ExtraTime { to, time, article } => {
                write!(f, "{to} gets {} ({article})", minutes_words(minutes(*time)))
            }
            Ruling::ReinstatePosition { article } => write!(
                f,
                "the position before the illegal move is set up again; touched men must still \
                 be moved ({article})"
            ),
            Ruling::PawnBecomesQueen { square } => {
                write!(f, "the pawn on {square} becomes a queen (7.5.2)")
            }
            Ruling::MustMove { side } => {
                write!(
                    f,
                    "{side} pressed the clock without a move and must move (7.5.3)"
                )
            }
            Ruling::MoveStands { article } => write!(f, "the move stands ({article})"),
            Ruling::MustPlay { side, mv } => write!(f, "{side} must play {mv} (9.5.3)"),
            Ruling::SwitchBonus { bonus } => {
                let kind = match bonus {
                    QuickplayBonus::Delay => "delay",
                    QuickplayBonus::Increment => "increment",
                };
                write!(f, "both players get a five-second {kind} per move (III.4)")
            }
            Ruling::GameStopped {
                question,
                to_record,
                article,
            } => write!(
                f,
                "the game stops for the arbiter: {question}; {to_record} ({article})"
            ),
            Ruling::Continue { article } => write!(f, "play goes on ({article})"),
            Ruling::ArbiterDecides { question, article } => {
                write!(f, "the arbiter decides: {question} ({article})")
            }
        }
    }
}

fn minutes(time: Millis) -> u32 {
    u32::try_from(time / 60_000).unwrap_or(u32::MAX)
}

fn minutes_words(n: u32) -> String {
    match n {
        1 => String::from("one more minute"),
        2 => String::from("two more minutes"),
        n => format!("{n} more minutes"),
    }
}

/// Whether the arbiter watches the game closely enough for the full rules (A.4 in rapid, B.2
/// in blitz) or not (A.5, B.3). The event's regulations say which (A.6, B.4). Standard games
/// always have the full rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Supervision {
    /// A.4 / B.2: one arbiter for at most three games (one in blitz), every game recorded.
    #[default]
    Adequate,
    /// A.5 / B.3: otherwise.
    Unsupervised,
}

/// The settings a ruling depends on: the game type, the supervision and the penalty time,
/// all taken from the game's clock so that the penalty is the clock's own rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event {
    /// Standard, rapid or blitz: decides the penalties and whether Guidelines III apply.
    pub game_type: GameType,
    /// How closely the game is watched (A.4/A.5, B.2/B.3).
    pub supervision: Supervision,
    /// What an Art. 7 or Art. 9 penalty gives the opponent (7.5.5, 9.5.3, A.3).
    pub penalty: Millis,
}

impl Event {
    /// The settings of a game played on `clock`, so the penalty time is the clock's own.
    pub fn from_clock(clock: &Clock, supervision: Supervision) -> Event {
        Event {
            game_type: clock.game_type(),
            supervision,
            penalty: clock.penalty_time(),
        }
    }

    /// A.5.2 (and B.3): an illegal move is penalised only before the opponent's reply.
    pub fn reply_window(&self) -> bool {
        self.game_type != GameType::Standard && self.supervision == Supervision::Unsupervised
    }

    /// A penalty for `offender`'s opponent.
    pub fn penalty_to_opponent(&self, offender: Color, article: &'static str) -> Ruling {
        Ruling::Penalty {
            to: !offender,
            minutes: minutes(self.penalty),
            article,
        }
    }
}
