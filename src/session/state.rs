//! The game's state and the one function that changes it: [`State::apply`] of a journal
//! [`Record`]. Live input and journal replay go through the same door, so a resumed game is
//! exactly the game that was journaled.
//!
//! `apply` either changes the state and says what happened ([`Happening`]s, for the
//! announcer) or refuses with a message fit to be spoken, changing nothing: the session
//! applies a record to a copy first and keeps the copy only when it was accepted.

use super::arbiter_command::{QuickplayAnswer, TimeChange};
use super::command::{ClaimWhat, DrawAction};
use super::record::{Record, ARBITER_NOTE};
use crate::pgn::Termination;
use crate::phrase::events::move_refused;
use crate::phrase::events::{claim_phrase, flag_fell, resign_phrase, status_phrase};
use crate::phrase::grammar::{COLON, COMMA, SEMICOLON};
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::arbiter::adjourn::{Envelope, Opening, SealError};
use crate::rules::arbiter::illegal::{IllegalMoves, Irregularity};
use crate::rules::arbiter::quickplay::{Grounds, QuickplayError, QuickplayFinish};
use crate::rules::arbiter::result::{board_result, flag_fall, resign};
use crate::rules::arbiter::ruling::{
    EndReason, Event as ArbiterEvent, Outcome, Question, Ruling, Supervision,
};
use crate::rules::clock::GameType;
use crate::rules::clock::{
    Adjustment, Bonus, Clock, ClockEvent, ClockState, Millis, Period, QuickplayBonus, TimeControl,
};
use crate::rules::game::{ClaimKind, ClaimVerdict, Game};
use crate::rules::notation::parse_move;
use crate::rules::{Color, Move, Piece, Position, Square};

/// How the game ended, or is waiting for the arbiter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// "1-0", "0-1", "1/2-1/2", or "*" (adjourned, or the arbiter decides).
    pub score: &'static str,
    /// The result in words, with the article (English, for the journal and the arbiter).
    pub words: String,
    /// How it ended in the game's vocabulary ("Weiß gibt auf, Schwarz gewinnt").
    pub phrase: Phrase,
    /// The PGN `Termination` value: by the board, the clock, an infraction or a ruling.
    pub termination: Termination,
}

impl Ending {
    /// "the game is over: White resigns, Black wins".
    pub fn over_phrase(&self) -> Phrase {
        let mut p = vec![Token::Word(Word::GameOver)];
        if !self.phrase.is_empty() {
            p.push(COLON);
            p.extend(self.phrase.iter().copied());
        }
        p
    }
}

/// What a record did, for the announcer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happening {
    /// `mv` was made from `before` by `side`.
    Moved {
        /// The position the move was made in, to word the announcement.
        before: Position,
        /// The move.
        mv: Move,
        /// The side that moved.
        side: Color,
    },
    /// D.2.8: the last move was replaced by `mv`, played from `before`.
    Corrected {
        /// The position both moves were played from.
        before: Position,
        /// The move struck, which the record names beside its replacement.
        struck: Move,
        /// The move that stands now.
        mv: Move,
    },
    /// The last move was taken back.
    TakenBack {
        /// The position the move was played from (the position now), to name the move.
        before: Position,
        /// The move taken back.
        undone: Move,
        /// The clock had already been pressed, so the arbiter may have to set the times (7.1).
        completed: bool,
    },
    /// `by` asked the opponent to take back a move (issue 24, item 6); the session asks the
    /// opponent.
    TakebackRequested {
        /// The side asking.
        by: Color,
    },
    /// `by` answered the opponent's take-back request; when accepted, [`Happening::TakenBack`]
    /// follows for each move taken back.
    TakebackAnswered {
        /// The side answering.
        by: Color,
        /// Accepted.
        accepted: bool,
    },
    /// The clock did something worth saying: a press, a pause, a flag, a correction.
    Clock(Vec<ClockEvent>),
    /// `side` made a move and did not press; the opponent's reply pressed for it (6.2.2).
    PressImplied {
        /// The side whose clock ran on.
        side: Color,
        /// How long its clock ran from its move until the press: time it lost by
        /// forgetting (0 when the move's time is not known).
        ran_on: Millis,
        /// Its time once the press completed the move, the move's bonus included.
        left: Millis,
    },
    /// A draw was offered; the offer is pending until answered.
    OfferMade {
        /// The player who offered.
        by: Color,
    },
    /// A draw offer was refused.
    OfferDeclined {
        /// The player who refused.
        by: Color,
    },
    /// An open draw offer lapsed with a take-back: the position it was made in is gone.
    OfferLapsed {
        /// The player who had offered.
        by: Color,
    },
    /// The claim was wrong: the arbiter's words, and the penalty time the opponent got.
    ClaimRejected {
        /// The side that claimed.
        by: Color,
        /// Why the claim fails: the rules core's counted evidence, put in the game's
        /// words where it is said (`claim_verdict_words`).
        verdict: ClaimVerdict,
        /// The move written down with the claim, as announced in the position it was
        /// written in (the verdict keeps it only as a move).
        intended: Option<Phrase>,
        /// The side that got time for the wrong claim, how much, and its time after it.
        penalty: Option<(Color, Millis, Millis)>,
    },
    /// The game is over (or stopped for the arbiter); `phrase` is what is announced.
    Ended {
        /// The score and the result in words, for the PGN and the screen.
        ending: Ending,
        /// The spoken announcement.
        phrase: Phrase,
    },
    /// The game was adjourned (Guidelines I.1.1).
    Adjourned {
        /// A move was sealed (it is never said: the envelope stays closed until `open`).
        sealed: bool,
    },
    /// The envelope was opened and the sealed move played from `before` (I.9).
    Opened {
        /// The position the sealed move was played in.
        before: Position,
        /// The sealed move.
        mv: Move,
    },
    /// The arbiter undid the result; play goes on.
    ResultUndone,
    /// The move that ended the game is being corrected or taken back by its mover before
    /// any press (D.2.8): the result it made no longer stands.
    ResultWithdrawn,
    /// A note for the arbiter, shown on screen.
    Note(String),
    /// The player on move touched their man (D.2.2, 4.3).
    Touched {
        /// The man touched.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// A.5.2: `by`'s illegal move was found after the opponent's reply, in rapid or blitz
    /// without adequate supervision: it stands, uncounted and unpenalised.
    IllegalMoveStands {
        /// The side that completed the illegal move.
        by: Color,
    },
    /// The event's supervision was set for the game (journaled at its start).
    Rules {
        /// An arbiter is at hand.
        arbiter_present: bool,
        /// A.4/B.2 or A.5/B.3.
        supervision: Supervision,
    },
    /// The arbiter recorded `by`'s illegal move, their `count`th (7.5).
    IllegalMove {
        /// The side that completed the illegal move.
        by: Color,
        /// How many it has completed in this game, counting this one.
        count: u32,
    },
    /// A penalty gave `to` this much time (7.5.5, 9.5.3).
    PenaltyTime {
        /// The side that gets the time.
        to: Color,
        /// How much, in milliseconds.
        ms: Millis,
        /// `to`'s time after it, so the players hear what the clock now says.
        left: Millis,
    },
    /// The arbiter restored an earlier position; `mover` is on move.
    Restored {
        /// The side on move now.
        mover: Color,
        /// The moves struck, each with the position it was played from, to name them.
        struck: Vec<(Position, Move)>,
    },
    /// `by` asked for five seconds a move under III.4 (also a draw offer).
    IncrementRequested {
        /// Who asked.
        by: Color,
    },
    /// The arbiter ruled on `by`'s declined III.4 request.
    IncrementRuled {
        /// Who asked.
        by: Color,
        /// The increment comes (and two minutes for the opponent).
        agrees: bool,
    },
    /// `by` claimed a draw under III.5; the clocks stopped for the arbiter.
    QuickplayClaimed {
        /// The claimant.
        by: Color,
    },
    /// The arbiter answered `by`'s III.5 claim.
    QuickplayRuled {
        /// The claimant.
        by: Color,
        /// The answer.
        answer: QuickplayAnswer,
    },
    /// The arbiter changed a player's main time.
    TimeAdjusted {
        /// Whose time.
        side: Color,
        /// Added, taken or set.
        change: TimeChange,
        /// The amount the arbiter gave.
        ms: Millis,
        /// The player's time after the change.
        left: Millis,
    },
}

/// A move ended the game by itself (mate, stalemate, a dead position, 9.6; 5.1.1, 5.2.1,
/// 5.2.2) and so completed itself (6.2.1.1), but no one pressed after it. A typing slip that
/// happens to mate must not decide the game: D.2.8 still lets its mover correct it or take
/// it back, and 7.5.1 lets the arbiter reinstate an earlier position, and the result goes
/// with the move. Kept while the result stands (nothing but the result's withdrawal can
/// change the game after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MoveEnded {
    /// The side that made the move.
    side: Color,
    /// The ending stopped the mover's running clock: a correction starts it again, since
    /// the move is then made but not completed, as before any correction (D.2.8).
    stopped_clock: bool,
    /// The move was the sealed one, played when the arbiter opened it: binding on the
    /// players (Guidelines I.1.1), so only the arbiter's undo or restore withdraws it.
    sealed: bool,
}

/// The game: record, clock, pending offer, touches, penalties, and how it ended.
///
/// Its fields are private so that [`State::apply`] is the only way to change it: whatever a
/// later ruling depends on is then a journal record, and `--resume` restores it exactly.
#[derive(Debug, Clone)]
pub struct State {
    game: Game,
    clock: Option<Clock>,
    unpressed: Option<Color>,
    /// The unpressed move's mover's time as the move was made: how long the clock ran on
    /// until a press the reply implied is what the forgetful player lost.
    made_left: Option<Millis>,
    clk: Vec<Option<Millis>>,
    /// Per ply, the mover's time just before the press that completed it (its bonus not yet
    /// added): what a take-back gives back, so taking a move back never earns its increment.
    pressed_from: Vec<Option<Millis>>,
    /// Per ply, a draw was offered in it: the scoresheet's "(=)" after it (8.1.5, C.12).
    /// Kept per ply, like the clock readings, so a take-back or a restore strikes the mark
    /// with its move, and a journal replay (`--resume`) marks the same moves again.
    offered: Vec<bool>,
    /// A draw offered by the side on move, before its move: the mark goes with the move
    /// that side makes next, as a player offering early writes "(=)" beside the move the
    /// opponent may wait to see (9.1.2.1), not beside the move before the opponent's reply.
    offer_to_mark: Option<Color>,
    offer: Option<Color>,
    /// A take-back request waiting for the opponent's answer: who asked.
    takeback_request: Option<Color>,
    ending: Option<Ending>,
    touched: bool,
    illegal: IllegalMoves,
    /// The wall clock's last reading, as (session time, Unix milliseconds).
    anchor: Option<(u64, u64)>,
    /// The wall clock when the game began (its first anchor), for the PGN Date.
    began_unix_ms: Option<u64>,
    /// PGN tags given for the game (players, event, round), in order.
    tags: Vec<(String, String)>,
    /// The event announced Guidelines III (III.1): III.5 claims may be made.
    guidelines_iii: bool,
    /// An arbiter is at hand (III.5); without one a claim ends the game (III.6).
    arbiter_present: bool,
    /// A.4/B.2 or A.5/B.3: decides the A.5.2 window for illegal moves.
    supervision: Supervision,
    /// A III.5 claim the arbiter has not ruled on yet (or postponed): the claimant.
    quickplay_claim: Option<Color>,
    /// The game stopped on the arbiter's question whether a side can still mate: what the
    /// answer decides (see [`CanMateQuestion`]).
    can_mate_question: Option<CanMateQuestion>,
    /// Whether the arbiter postponed that claim with two minutes for the opponent
    /// (III.5.2): then the final rejection gives none (see
    /// [`QuickplayFinish::answer_postponed`]).
    quickplay_time_given: bool,
    /// A III.4 request for five seconds a move, not yet ruled on: who asked.
    increment_request: Option<Color>,
    /// The sealed envelope of an adjourned game, until it is opened (Guidelines I).
    envelope: Option<Envelope>,
    /// III.4 switched both clocks to this bonus when the requester had completed this many
    /// moves: the PGN's TimeControl says so.
    switched: Option<(u32, Bonus)>,
    /// The game as it stood before the record that ended it, for the arbiter's undo.
    before_end: Option<Box<State>>,
    /// The last move ended the game and may still be corrected or taken back.
    move_ended: Option<MoveEnded>,
    /// The speaking rate the player chose during the game, in hundredths; `None` while the
    /// configured one holds.
    speech_rate: Option<u32>,
    /// An arbiter has acted in the game (a time adjustment, an illegal move recorded, a
    /// restored position, a ruling): it is no practice game (issue 27).
    arbiter_acted: bool,
    /// What the arbiter did that the game's PGN keeps, with the half-moves played before
    /// it (see [`ArbiterMark`]).
    arbiter_marks: Vec<(usize, ArbiterMark)>,
}

/// An arbiter's act the scoresheet keeps beside the moves, so the saved PGN tells why a
/// clock jumped or moves are missing, not only `vichess report`: a note, a change of a
/// clock's time, an illegal move recorded (with the time 7.5.5 gave the opponent for it),
/// an earlier position restored (7.5.1), a result undone. What follows a move struck later
/// (a take-back, a restore) moves back to the last move that stands, in its order, as the
/// report places it.
#[derive(Debug, Clone, PartialEq)]
pub enum ArbiterMark {
    /// The arbiter's note, as typed.
    Note(String),
    /// Time added to, taken from or set on a clock.
    Time {
        /// Whose clock.
        side: Color,
        /// Added, taken or set.
        change: TimeChange,
        /// How much, or the time set.
        ms: Millis,
    },
    /// An illegal move, recorded.
    Illegal {
        /// The side that made it.
        by: Color,
        /// The time 7.5.5 gave the opponent for it, if the game has a clock.
        penalty: Option<Millis>,
    },
    /// The position before a move restored.
    Restored {
        /// The move's number.
        number: u32,
        /// Whose move it is.
        side: Color,
        /// The moves struck, each with the position it was played from, to name them.
        struck: Vec<(Position, Move)>,
    },
    /// The last move taken back (the arbiter's take-back, or a board put back before the
    /// press): named, since the movetext no longer has it.
    TakenBack {
        /// The move, with the position it was played from, to name it.
        undone: (Position, Move),
    },
    /// The result undone; the game goes on.
    ResultUndone {
        /// The result that was undone.
        was: Ending,
    },
}

/// Two states are equal when every fact a ruling depends on is: what a resume must restore.
/// (The wall-clock anchor is not one of them.)
impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.game.moves() == other.game.moves()
            && self.game.position() == other.game.position()
            && self.clock == other.clock
            && self.unpressed == other.unpressed
            && self.clk == other.clk
            && self.pressed_from == other.pressed_from
            && self.offered == other.offered
            && self.offer_to_mark == other.offer_to_mark
            && self.offer == other.offer
            && self.takeback_request == other.takeback_request
            && self.ending == other.ending
            && self.move_ended == other.move_ended
            && self.touched == other.touched
            && self.illegal == other.illegal
            && self.tags == other.tags
            && self.envelope == other.envelope
            && self.arbiter_present == other.arbiter_present
            && self.supervision == other.supervision
            && self.speech_rate == other.speech_rate
            && self.arbiter_marks == other.arbiter_marks
    }
}

/// A refusal of one word.
fn word(w: Word) -> Phrase {
    vec![Token::Word(w)]
}

/// A refusal naming the side it concerns: "flag not fallen: White".
/// "White: not on move, so no claim now: …": the side first, since the reason is about it.
fn not_on_move(w: Word, side: Color) -> Phrase {
    vec![Token::Side(side), COLON, Token::Word(w)]
}

fn sided(w: Word, side: Color) -> Phrase {
    vec![Token::Word(w), COLON, Token::Side(side)]
}

/// ", claimed by White": who claimed, after a claim's result (issue 11, finding 5), one
/// word per side so each language puts the side in its own case ("по требованию белых").
fn claimant(by: Color) -> [Token; 2] {
    [
        COMMA,
        Token::Word(by.fold(Word::ClaimedByWhite, Word::ClaimedByBlack)),
    ]
}

/// A game stopped on the question whether `side` can still mate by any series of legal
/// moves (5.1.2, 6.9, 7.5.5), where the rules core could neither prove a mate nor rule one
/// out (a knight against a king and a pawn that could block its own king): the arbiter
/// answers with `arbiter accept` (yes: `side` wins) or `arbiter reject` (no: a draw).
#[derive(Debug, Clone, PartialEq)]
struct CanMateQuestion {
    /// Whose mate is in question.
    side: Color,
    /// Why the game ends if `side` can mate, and if not.
    win: EndReason,
    draw: EndReason,
    /// The article that ends it.
    article: &'static str,
    /// How the game stopped, said before the result ("White's flag fell, claimed by Black").
    lead: Phrase,
}

/// The question the arbiter is asked, with the answers: "can Black still mate? arbiter
/// accept: yes, Black wins; arbiter reject: no, a draw".
fn can_mate_asked(side: Color) -> Phrase {
    vec![
        Token::Word(Word::ArbiterDecides),
        COLON,
        Token::Word(side.fold(Word::CanWhiteMate, Word::CanBlackMate)),
    ]
}

/// The side whose clock runs, and its time left.
pub(super) type Running = (Color, Millis);

fn ruling_ending(ruling: &Ruling, phrase: Phrase) -> Ending {
    match ruling {
        Ruling::Result {
            outcome,
            reason,
            article,
        } => Ending {
            score: outcome.score(),
            words: format!("{outcome}: {reason} ({article})"),
            phrase,
            termination: termination(*reason),
        },
        other => Ending {
            score: "*",
            words: other.to_string(),
            phrase,
            // The game stopped for the arbiter's decision (III.6): a third party decides.
            termination: Termination::Adjudication,
        },
    }
}

/// The PGN standard's name for how a game ended this way (issue 24, item 2).
fn termination(reason: EndReason) -> Termination {
    match reason {
        EndReason::Checkmate
        | EndReason::Stalemate
        | EndReason::DeadPosition
        | EndReason::FivefoldRepetition
        | EndReason::SeventyFiveMoves
        | EndReason::Resignation
        | EndReason::ResignationOpponentCannotMate
        | EndReason::Agreement
        | EndReason::Claim(_) => Termination::Normal,
        // A flag fell: a draw when the opponent cannot mate is still decided by the clock.
        EndReason::FlagFall | EndReason::FlagFallOpponentCannotMate => Termination::TimeForfeit,
        EndReason::SecondIllegalMove
        | EndReason::SecondIllegalMoveOpponentCannotMate
        | EndReason::DefectiveSealedMove
        | EndReason::IllegalPosition => Termination::RulesInfraction,
        EndReason::QuickplayFinish => Termination::Adjudication,
    }
}

fn outcome_phrase(ruling: &Ruling) -> Phrase {
    match ruling {
        Ruling::Result {
            outcome: Outcome::Win(side),
            ..
        } => vec![Token::Side(*side), Token::Word(Word::Wins)],
        Ruling::Result {
            outcome: Outcome::Draw,
            ..
        } => vec![Token::Word(Word::Draw)],
        _ => Vec::new(),
    }
}

/// Why a III.4 request or a III.5 claim cannot be made, in the pack's words.
fn quickplay_refusal(e: QuickplayError) -> Phrase {
    match e {
        QuickplayError::NotAnnounced => word(Word::QuickplayNotAnnounced),
        QuickplayError::Blitz => word(Word::QuickplayBlitz),
        QuickplayError::HasBonus | QuickplayError::AlreadySwitched => word(Word::QuickplayHasBonus),
        QuickplayError::NotOnMove(side) => not_on_move(Word::QuickplayNotOnMove, side),
        QuickplayError::EnoughTime(side) => sided(Word::QuickplayEnoughTime, side),
        QuickplayError::FlagFallen(side) => sided(Word::QuickplayFlagFallen, side),
    }
}

/// The ladder's settings: the clock's game type and penalty; an untimed game is judged as
/// standard play with adequate supervision (there is no clock to add time to).
fn ladder_event(clock: Option<&Clock>, supervision: Supervision) -> ArbiterEvent {
    match clock {
        Some(c) => ArbiterEvent::from_clock(c, supervision),
        None => ArbiterEvent {
            game_type: GameType::Standard,
            supervision: Supervision::Adequate,
            penalty: 2 * 60_000,
        },
    }
}

impl State {
    /// A game from `start`, timed by `clock` or untimed.
    pub fn new(start: Position, clock: Option<Clock>) -> State {
        let game = Game::new(start);
        // A game set up in a position that is already over (a mate, a stalemate, a dead
        // position given as the start: 5.1.1, 5.2.1, 5.2.2, 9.6) is over from its start,
        // as it would be after the move that reached it; a resume finds it over again.
        let status = game.status();
        let ending = board_result(status).map(|r| ruling_ending(&r, status_phrase(status)));
        State {
            game,
            illegal: IllegalMoves::new(ladder_event(clock.as_ref(), Supervision::Adequate)),
            clock,
            unpressed: None,
            made_left: None,
            clk: Vec::new(),
            pressed_from: Vec::new(),
            offered: Vec::new(),
            offer_to_mark: None,
            offer: None,
            takeback_request: None,
            ending,
            touched: false,
            anchor: None,
            began_unix_ms: None,
            tags: Vec::new(),
            guidelines_iii: false,
            arbiter_present: true,
            supervision: Supervision::Adequate,
            quickplay_claim: None,
            quickplay_time_given: false,
            can_mate_question: None,
            increment_request: None,
            envelope: None,
            switched: None,
            before_end: None,
            move_ended: None,
            speech_rate: None,
            arbiter_acted: false,
            arbiter_marks: Vec::new(),
        }
    }

    /// Whether this is an arbiter's game: the event announced Guidelines III, or an
    /// arbiter has acted in it (see the field). Practice help stays off in it (issue 27).
    pub fn arbiter_acted(&self) -> bool {
        self.arbiter_acted || self.guidelines_iii
    }

    /// Says whether the event announced Guidelines III (a setting, not a record: it holds
    /// for the whole event, so a resume under the same configuration replays the same).
    pub fn set_guidelines_iii(&mut self, announced: bool) {
        self.guidelines_iii = announced;
    }

    /// The III.5 claim waiting for the arbiter, if any: the claimant.
    pub fn quickplay_claim(&self) -> Option<Color> {
        self.quickplay_claim
    }

    fn quickplay_finish(&self) -> QuickplayFinish {
        QuickplayFinish {
            announced: self.guidelines_iii,
            arbiter_present: self.arbiter_present,
        }
    }

    /// An arbiter is at hand (III.5), or not (III.6).
    pub fn arbiter_present(&self) -> bool {
        self.arbiter_present
    }

    /// How closely the game is supervised (A.4/B.2 or A.5/B.3).
    pub fn supervision(&self) -> Supervision {
        self.supervision
    }

    /// The PGN `TimeControl` of the game: the control announced, and after a III.4 switch
    /// its current period ended at the requester's move count, followed by the rest of that
    /// period with no added time and the five seconds a move (`40/5400:1800` becomes
    /// `40/5400:12/1800:0+5`), then any periods still to come, whose time the clock still
    /// adds, with the five seconds (`2/600:300` after one move each: `1/600:1/0+5:300+5`),
    /// so the tag tells how the game was really timed. `None` for an untimed game.
    pub fn time_control_tag(&self) -> Option<String> {
        let control = self.clock.as_ref()?.control();
        let Some((moves, bonus)) = self.switched else {
            return Some(control.to_string());
        };
        let index = control.period_of_move(moves + 1);
        let before = index
            .checked_sub(1)
            .and_then(|i| control.period_end(i))
            .unwrap_or(0);
        let mut periods: Vec<Period> = (0..index).map(|i| *control.period(i)).collect();
        let current = *control.period(index);
        let done = moves.saturating_sub(before);
        // The current period's time came at its start; what is left of it runs with the
        // five seconds.
        let time = if done > 0 {
            periods.push(Period::moves_in(done, current.time, current.bonus));
            0
        } else {
            current.time
        };
        let with_bonus = |p: Period| Period { bonus, ..p };
        match current.moves {
            None => periods.push(Period::rest_of_game(time, bonus)),
            Some(all) => {
                periods.push(Period::moves_in(all - done, time, bonus));
                // The periods still to come keep their time, which the clock still adds
                // (a repeating last one keeps repeating), with the five seconds.
                let written = control.periods();
                match written.get(index + 1..) {
                    Some(later) if !later.is_empty() => {
                        periods.extend(later.iter().copied().map(with_bonus))
                    }
                    _ => periods.push(with_bonus(current)),
                }
            }
        }
        Some(match TimeControl::new(periods) {
            Ok(c) => c.to_string(),
            Err(_) => control.to_string(),
        })
    }

    /// The sealed envelope of an adjourned game, until the arbiter opens it.
    pub fn envelope(&self) -> Option<&Envelope> {
        self.envelope.as_ref()
    }

    /// The speaking rate chosen during the game (hundredths), if the player changed it.
    pub fn speech_rate(&self) -> Option<u32> {
        self.speech_rate
    }

    /// The PGN tags given for the game, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The wall clock (Unix milliseconds) when the game began, if it was recorded.
    pub fn began_unix_ms(&self) -> Option<u64> {
        self.began_unix_ms
    }

    /// The moves and positions so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// vichess's own clock, when it keeps time.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The side that made the last move but has not pressed the clock yet (6.2.1): until
    /// then the move can still be corrected (D.2.8).
    pub fn unpressed(&self) -> Option<Color> {
        self.unpressed
    }

    /// The side whose move ended the game by itself (mate, stalemate, a dead position,
    /// 9.6) with no press since: that move can still be corrected or taken back (D.2.8),
    /// which withdraws the result. Not a sealed move opened: it binds the players
    /// (Guidelines I.1.1), and only the arbiter withdraws it.
    pub fn ended_by_move(&self) -> Option<Color> {
        self.move_ended.filter(|m| !m.sealed).map(|m| m.side)
    }

    /// For each ply, the mover's time left once the move was completed (PGN `[%clk]`).
    pub fn clk(&self) -> &[Option<Millis>] {
        &self.clk
    }

    /// The side whose draw offer is pending (9.1).
    pub fn offer(&self) -> Option<Color> {
        self.offer
    }

    /// For each ply, who offered a draw with it, if anyone: the scoresheet writes "(=)"
    /// after that move (8.1.5, C.12). An offer made before the offerer's move, which has
    /// not come (the game ended, was saved or quit first), is marked after the last move
    /// there is, with who made it, so no record loses it.
    pub fn offers(&self) -> Vec<Option<Color>> {
        let mut offers = self.offers_on_moves();
        if let (Some(by), Some(last @ None)) = (self.offer_to_mark, offers.last_mut()) {
            *last = Some(by);
        }
        offers
    }

    /// [`State::offers`] on the moves they go with only: an offer made before the
    /// offerer's move that has not come is not marked yet. For read-outs of the game going
    /// on (`moves`, the window's list), where a bare "(=)" after the opponent's move would
    /// read as the opponent's offer; the offer still open is said on its own.
    pub fn offers_on_moves(&self) -> Vec<Option<Color>> {
        self.offered
            .iter()
            .zip(self.game.positions())
            .map(|(&offered, before)| offered.then(|| before.turn()))
            .collect()
    }

    /// `by` offers a draw: pending until answered (9.1.2), and marked on the scoresheet
    /// beside the move the offer goes with: `by`'s move just made (the proper moment,
    /// 9.1.2.1), or, offered before moving, the move `by` makes next ([`State::push_ply`]).
    fn make_offer(&mut self, by: Color, out: &mut Vec<Happening>) {
        self.offer = Some(by);
        let plies = self.game.ply_count();
        let last_mover = !self.game.position().turn();
        if last_mover == by {
            if let Some(mark) = plies.checked_sub(1).and_then(|i| self.offered.get_mut(i)) {
                *mark = true;
            }
        } else {
            self.offer_to_mark = Some(by);
        }
        out.push(Happening::OfferMade { by });
    }

    /// The side whose take-back request waits for the opponent's answer.
    pub fn takeback_request(&self) -> Option<Color> {
        self.takeback_request
    }

    /// How many plies `by`'s take-back request takes back: `by`'s last move, and the
    /// opponent's reply when there is one (as lichess does); 0 when `by` has not moved.
    fn takeback_plies(&self, by: Color) -> usize {
        let plies = self.game.ply_count();
        let last_mover = !self.game.position().turn();
        match plies {
            0 => 0,
            _ if last_mover == by => 1,
            1 => 0,
            _ => 2,
        }
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The side to move touched a man with intent on this move, so it cannot claim (9.4).
    pub fn touched(&self) -> bool {
        self.touched
    }

    /// How many of `side`'s illegal moves have been penalised (7.5.5).
    pub fn illegal_moves(&self, side: Color) -> u32 {
        self.illegal.count(side)
    }

    /// The last wall-clock anchor, as (session time, Unix milliseconds).
    pub fn anchor(&self) -> Option<(u64, u64)> {
        self.anchor
    }

    /// The game has ended (or stopped for the arbiter): no more moves or presses.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    fn check_playing(&self) -> Result<(), Phrase> {
        match &self.ending {
            Some(e) => Err(self.over_phrase(e)),
            None => Ok(()),
        }
    }

    /// Why nothing more can be played: the result, and for an adjourned game how it goes on.
    pub fn over_phrase(&self, ending: &Ending) -> Phrase {
        // An adjourned game is not over: "Partie vertagt" and how it goes on, not "die
        // Partie ist beendet".
        if self.envelope.is_some() {
            let mut p = ending.phrase.clone();
            p.extend([SEMICOLON, Token::Word(Word::OpenWith)]);
            return p;
        }
        ending.over_phrase()
    }

    /// Ends the game on `ruling`, said as `lead`, the result, then `tail`; where the ruling
    /// is the arbiter's question whether a side can mate, the game stops on that question
    /// (see [`CanMateQuestion`]) instead of announcing a result nobody has decided.
    fn end_on_ruling(
        &mut self,
        ruling: &Ruling,
        lead: Phrase,
        tail: &[Token],
        (win, draw, winner): (EndReason, EndReason, Color),
        at: u64,
        out: &mut Vec<Happening>,
    ) {
        let mut phrase = lead.clone();
        if let Ruling::ArbiterDecides {
            question: Question::CanMate { side, .. },
            article,
        } = *ruling
        {
            phrase.extend_from_slice(tail);
            let mut recorded = phrase.clone();
            recorded.extend([COMMA, Token::Word(Word::ArbiterDecides)]);
            phrase.push(COMMA);
            phrase.extend(can_mate_asked(side));
            let mut lead = lead;
            lead.extend_from_slice(tail);
            self.can_mate_question = Some(CanMateQuestion {
                side,
                win,
                draw,
                article,
                lead,
            });
            return self.end_recorded(ruling, phrase, recorded, at, out);
        }
        phrase.push(COMMA);
        phrase.extend(outcome_phrase(ruling));
        phrase.extend_from_slice(tail);
        // A draw where a win was due says why: "Black's flag fell, draw, claimed by White,
        // White cannot mate" (the side that would have won cannot by any legal moves, 5.1.2,
        // 6.9, 7.5.5); the arbiter and the players heard only "draw" before.
        if let Ruling::Result {
            outcome: Outcome::Draw,
            reason,
            ..
        } = *ruling
        {
            if reason == draw {
                phrase.extend([COMMA, Token::Side(winner), Token::Word(Word::CannotMate)]);
            }
        }
        self.end(ruling, phrase, at, out)
    }

    /// The arbiter's answer to the question the game stopped on: whether the side can still
    /// mate. Yes is that side's win, no a draw; a postponement is refused with the question.
    fn can_mate_ruled(
        &mut self,
        q: CanMateQuestion,
        answer: QuickplayAnswer,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let (outcome, reason) = match answer {
            QuickplayAnswer::Accept => (Outcome::Win(q.side), q.win),
            QuickplayAnswer::Reject => (Outcome::Draw, q.draw),
            QuickplayAnswer::Postpone { .. } => return Err(can_mate_asked(q.side)),
        };
        let ruling = Ruling::Result {
            outcome,
            reason,
            article: q.article,
        };
        self.can_mate_question = None;
        self.ending = None;
        let mut phrase = q.lead;
        phrase.push(COMMA);
        phrase.extend(outcome_phrase(&ruling));
        self.end(&ruling, phrase, at, out);
        Ok(())
    }

    fn end(&mut self, ruling: &Ruling, phrase: Phrase, at: u64, out: &mut Vec<Happening>) {
        self.end_recorded(ruling, phrase.clone(), phrase, at, out)
    }

    /// Ends the game announcing `phrase` and recording `recorded` as the reason (the
    /// record's last comment, the report's result): a ruling is recorded with its article.
    fn end_recorded(
        &mut self,
        ruling: &Ruling,
        phrase: Phrase,
        recorded: Phrase,
        at: u64,
        out: &mut Vec<Happening>,
    ) {
        let ending = ruling_ending(ruling, recorded);
        self.end_with(ending, phrase, at, out);
    }

    fn end_with(&mut self, ending: Ending, phrase: Phrase, at: u64, out: &mut Vec<Happening>) {
        self.offer = None;
        if let Some(clock) = &mut self.clock {
            if let ClockState::Running(_) = clock.state() {
                if let Ok(events) = clock.stop(at) {
                    out.push(Happening::Clock(events));
                }
            }
        }
        self.ending = Some(ending.clone());
        out.push(Happening::Ended { ending, phrase });
    }

    fn start_clock(&mut self, at: u64, out: &mut Vec<Happening>) -> Result<(), Phrase> {
        let turn = self.game.position().turn();
        if let Some(clock) = &mut self.clock {
            let events = clock
                .start_with(turn, at)
                .map_err(|_| word(Word::ClockRefuses))?;
            out.push(Happening::Clock(events));
        }
        Ok(())
    }

    /// A ply played (the game already holds it): its clock readings to come, and the mark
    /// of a draw its mover offered before making it.
    fn push_ply(&mut self) {
        self.clk.push(None);
        self.pressed_from.push(None);
        let mover = !self.game.position().turn();
        let marked = self.offer_to_mark == Some(mover);
        if marked {
            self.offer_to_mark = None;
        }
        self.offered.push(marked);
    }

    /// A ply taken off the record, with its clock readings: the mover's time at the press,
    /// and after it (with what the press gave: the increment, a period's time).
    fn pop_ply(&mut self) -> (Option<Millis>, Option<Millis>) {
        let after = self.clk.pop().flatten();
        self.offered.pop();
        (self.pressed_from.pop().flatten(), after)
    }

    /// Moves were taken back (by agreement, a restore, an arbiter's undo): a draw offer
    /// still open, or waiting to be marked with its maker's next move, was made in a
    /// position the record no longer has. It lapses, said so, rather than stay "still open"
    /// and then never be marked, or be marked on a move nobody offered with (a
    /// play-through). A correction (D.2.8) is no take-back: its offer goes with the move
    /// that replaces the struck one.
    fn offer_lapses_with_takeback(&mut self, out: &mut Vec<Happening>) {
        self.offer_to_mark = None;
        if let Some(by) = self.offer.take() {
            out.push(Happening::OfferLapsed { by });
        }
    }

    fn press(&mut self, side: Color, at: u64, out: &mut Vec<Happening>) -> Result<(), Phrase> {
        if self.unpressed != Some(side) {
            return Err(sided(Word::NoMoveToComplete, side));
        }
        if let Some(clock) = &mut self.clock {
            if let Some(slot) = self.pressed_from.last_mut() {
                *slot = Some(clock.remaining(side, at));
            }
            // Stopped (a pause, an arbiter's undo, a ruling): the press cannot start them,
            // and the player is told it did not count and what does, not only that the
            // clock refused.
            let events = clock.press(side, at).map_err(|_| match clock.state() {
                ClockState::Stopped { .. } => word(Word::PressWhileStopped),
                _ => word(Word::ClockRefuses),
            })?;
            let left = clock.remaining(side, at);
            if let Some(slot) = self.clk.last_mut() {
                *slot = Some(left);
            }
            out.push(Happening::Clock(events));
        }
        self.unpressed = None;
        Ok(())
    }

    /// Plays `mv`; `Some(stopped_clock)` when the move ended the game ([`State::after_move`]).
    fn play(
        &mut self,
        mv: Move,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<Option<bool>, Phrase> {
        let before = self.game.position().clone();
        let side = before.turn();
        // The opponent replied before the previous move was completed: that press happens now
        // (the time until it was the previous mover's, 6.2.2).
        if let Some(prev) = self.unpressed.filter(|p| *p != side) {
            self.press(prev, at, out)?;
        }
        if self.unpressed == Some(side) {
            return Err(vec![Token::Side(side), Token::Word(Word::AlreadyMoved)]);
        }
        if let Some(clock) = &self.clock {
            if clock.state() == ClockState::NotStarted {
                self.start_clock(at, out)?;
            }
        }
        self.game.push(mv).map_err(|_| word(Word::IllegalMove))?;
        self.push_ply();
        self.unpressed = Some(side);
        self.made_left = self.clock.as_ref().map(|c| c.remaining(side, at));
        self.touched = false;
        if self.offer == Some(!side) {
            // The opponent of the offerer moved: a touch with intent rejects the offer.
            self.offer = None;
            out.push(Happening::OfferDeclined { by: side });
        }
        out.push(Happening::Moved { before, mv, side });
        Ok(self.after_move(at, out))
    }

    /// A move that ends the game completes itself (6.2.1.1): the clock stops at once.
    /// `Some(true)` when the game ended and a running clock was stopped, `Some(false)` when
    /// it ended with the clock not running, `None` when play goes on.
    fn after_move(&mut self, at: u64, out: &mut Vec<Happening>) -> Option<bool> {
        let status = self.game.status();
        let ruling = board_result(status)?;
        let running = matches!(
            self.clock.as_ref().map(|c| c.state()),
            Some(ClockState::Running(_))
        );
        self.unpressed = None;
        self.end(&ruling, status_phrase(status), at, out);
        Some(running)
    }

    /// D.2.8, 7.5.1: the move that ended the game is to be corrected, taken back or gone
    /// back behind, so the result it made goes: the move stands as made but not completed,
    /// and with `restart` the mover's clock runs again if the ending stopped it (a player's
    /// correction; the arbiter restarts the clock himself with `pause`, 6.11).
    fn reopen(&mut self, at: u64, restart: bool, out: &mut Vec<Happening>) -> Result<(), Phrase> {
        let ended = self
            .move_ended
            .take()
            .ok_or_else(|| word(Word::NoMoveToCorrect))?;
        self.ending = None;
        self.before_end = None;
        self.unpressed = Some(ended.side);
        if restart && ended.stopped_clock {
            if let Some(clock) = self.clock.as_mut() {
                let events = clock.resume(at).map_err(|_| word(Word::ClockRefuses))?;
                out.push(Happening::Clock(events));
            }
        }
        Ok(())
    }

    /// The last move taken back; after the clock was pressed the mover is on move again and
    /// their clock runs (7.1).
    fn take_back_one(&mut self, at: u64, out: &mut Vec<Happening>) -> Result<(), Phrase> {
        let completed = self.unpressed.is_none();
        let undone = self
            .game
            .take_back()
            .ok_or_else(|| word(Word::NoMoveToTakeBack))?;
        let (pressed_from, after_press) = self.pop_ply();
        self.offer_lapses_with_takeback(out);
        self.unpressed = None;
        if completed {
            // 7.1: the position is restored, so the mover is on move again: their
            // clock runs and the move no longer counts as completed. The mover's time is
            // what it was at the press, without the bonus the press gave: a move taken
            // back earns no increment (taken back again and again, it would add time each
            // time). What the arbiter changed on that clock since the press stays (a credit
            // for the opponent's illegal move, a correction): only the bonus is taken off
            // the time the clock shows now. The arbiter may set other times (7.1).
            let mover = self.game.position().turn();
            if let Some(clock) = self.clock.as_mut() {
                if clock.turn().is_some() {
                    let moves = clock.moves(mover).saturating_sub(1);
                    let why = "take-back after the clock was pressed (7.1)";
                    let time = match (pressed_from, after_press) {
                        (Some(from), Some(after)) => Some(
                            clock
                                .remaining(mover, at)
                                .saturating_sub(after.saturating_sub(from)),
                        ),
                        (from, _) => from,
                    };
                    let adjustments = time
                        .map(|time| Adjustment::SetTime { side: mover, time })
                        .into_iter()
                        .chain([
                            Adjustment::SetMoves { side: mover, moves },
                            Adjustment::SetTurn { side: mover },
                        ]);
                    let mut events = Vec::new();
                    for adjustment in adjustments {
                        events.extend(
                            clock
                                .correct(adjustment, "arbiter", why, at)
                                .map_err(|_| word(Word::ClockRefuses))?,
                        );
                    }
                    out.push(Happening::Clock(events));
                }
            }
        }
        let before = self.game.position().clone();
        out.push(Happening::TakenBack {
            before,
            undone,
            completed,
        });
        Ok(())
    }

    fn parse(&self, uci: &str) -> Result<Move, Phrase> {
        parse_move(self.game.position(), uci).map_err(|e| move_refused(&e))
    }

    /// Applies one record; on refusal the state may be half-changed, so call this on a copy.
    /// A record that ends the game keeps the game as it stood before, so the arbiter can
    /// undo the result ([`Record::Undo`]).
    pub fn apply(&mut self, rec: &Record) -> Result<Vec<Happening>, Phrase> {
        let mut out = Vec::new();
        // D.2.8: the mover corrects or takes back a move that ended the game by itself; the
        // result goes first, so the record then works as on any move not yet completed, and
        // a corrected move that ends the game again can be undone back to here.
        if let (Record::Correct { at, .. } | Record::TakeBack { at }, Some(_)) =
            (rec, self.ended_by_move())
        {
            self.reopen(*at, true, &mut out)?;
            out.push(Happening::ResultWithdrawn);
        }
        let was_over = self.is_over();
        let before = match rec {
            // Frequent records that never end a game: no copy.
            Record::Checkpoint { .. }
            | Record::Anchor { .. }
            | Record::Tag { .. }
            | Record::Speed { .. }
            | Record::Language { .. }
            | Record::Side { .. }
            | Record::Engine { .. } => None,
            _ if was_over => None,
            _ => Some(Box::new(self.clone())),
        };
        // Only an undo's mark names the result it undid: no copy for any other record.
        let ending = match rec {
            Record::Undo { .. } => self.ending.clone(),
            _ => None,
        };
        out.extend(self.apply_record(rec)?);
        if !was_over && self.is_over() {
            self.before_end = before;
        }
        self.mark_arbiter(rec, ending, &out);
        Ok(out)
    }

    /// Keeps `rec`, just applied, among the arbiter's marks if the scoresheet keeps it, and
    /// moves marks after a struck move back to the last move that stands.
    fn mark_arbiter(&mut self, rec: &Record, ending_before: Option<Ending>, out: &[Happening]) {
        let plies = self.game.ply_count();
        for (after, _) in &mut self.arbiter_marks {
            *after = (*after).min(plies);
        }
        let mark = match rec {
            Record::Note { text, .. } => match text.strip_prefix(ARBITER_NOTE) {
                Some(note) => ArbiterMark::Note(note.to_string()),
                None => return,
            },
            Record::Adjust {
                side, change, ms, ..
            } => ArbiterMark::Time {
                side: *side,
                change: *change,
                ms: *ms,
            },
            // The illegal move that lost the game (7.5.5) is said by the result's own
            // comment; the one before it, with the opponent's added time, is not.
            Record::Illegal { .. } if self.is_over() => return,
            Record::Illegal { by, .. } => ArbiterMark::Illegal {
                by: *by,
                penalty: out.iter().find_map(|h| match h {
                    Happening::PenaltyTime { ms, .. } => Some(*ms),
                    _ => None,
                }),
            },
            Record::Restore { .. } => {
                let now = self.game.position();
                ArbiterMark::Restored {
                    number: now.fullmoves(),
                    side: now.turn(),
                    struck: out
                        .iter()
                        .find_map(|h| match h {
                            Happening::Restored { struck, .. } => Some(struck.clone()),
                            _ => None,
                        })
                        .unwrap_or_default(),
                }
            }
            Record::TakeBack { .. } => match out.iter().find_map(|h| match h {
                Happening::TakenBack { before, undone, .. } => Some((before.clone(), *undone)),
                _ => None,
            }) {
                Some(undone) => ArbiterMark::TakenBack { undone },
                None => return,
            },
            Record::Undo { .. } => match ending_before {
                Some(was) => ArbiterMark::ResultUndone { was },
                None => return,
            },
            _ => return,
        };
        self.arbiter_marks.push((plies, mark));
    }

    /// The arbiter's acts the PGN keeps, each with the half-moves played before it.
    pub fn arbiter_marks(&self) -> &[(usize, ArbiterMark)] {
        &self.arbiter_marks
    }

    fn apply_record(&mut self, rec: &Record) -> Result<Vec<Happening>, Phrase> {
        let mut out = Vec::new();
        // A take-back request is answered by the very next record that changes the game;
        // whatever else comes (a move, a press, another command) lets it lapse. Records that
        // only note or keep time, or stop the clocks (6.11; also after a resume), leave it
        // standing.
        let request = self.takeback_request.take();
        if matches!(
            rec,
            Record::Adjust { .. }
                | Record::Restore { .. }
                | Record::Ruling { .. }
                | Record::Illegal { .. }
        ) {
            self.arbiter_acted = true;
        }
        if matches!(
            rec,
            Record::Checkpoint { .. }
                | Record::Pause { .. }
                | Record::Anchor { .. }
                | Record::Tag { .. }
                | Record::Speed { .. }
                | Record::Note { .. }
                | Record::End { .. }
                | Record::Interrupted { .. }
                | Record::Language { .. }
                | Record::Side { .. }
                | Record::Engine { .. }
        ) {
            self.takeback_request = request;
        }
        match rec {
            Record::Begin { .. } => return Err(word(Word::GameResumed)),
            Record::Start { at } => {
                self.check_playing()?;
                match self.clock.as_ref().map(|c| c.state()) {
                    None => return Err(word(Word::NoClock)),
                    // Said for what it is, not "the clock cannot do that now".
                    Some(ClockState::Running(side)) => {
                        return Err(sided(Word::ClockAlreadyRunning, side))
                    }
                    Some(ClockState::Stopped { .. }) => return Err(word(Word::ClocksStopped)),
                    Some(ClockState::NotStarted) => {}
                }
                self.start_clock(*at, &mut out)?;
            }
            Record::Move { at, uci } => {
                self.check_playing()?;
                let mv = self.parse(uci)?;
                let side = self.game.position().turn();
                if let Some(stopped_clock) = self.play(mv, *at, &mut out)? {
                    self.move_ended = Some(MoveEnded {
                        side,
                        stopped_clock,
                        sealed: false,
                    });
                }
            }
            Record::Press { at, side, implied } => {
                self.check_playing()?;
                let before = self.clock.as_ref().map(|c| c.remaining(*side, *at));
                // A reply's implied press refused by stopped clocks refuses the reply: said
                // as the move not played, not as a press nobody typed.
                let stopped = word(Word::PressWhileStopped);
                self.press(*side, *at, &mut out)
                    .map_err(|why| match *implied {
                        true if why == stopped => vec![
                            Token::Word(Word::MoveNotPlayed),
                            SEMICOLON,
                            Token::Word(Word::ClocksStopped),
                        ],
                        _ => why,
                    })?;
                if *implied {
                    let ran_on = match (self.made_left, before) {
                        (Some(made), Some(before)) => made.saturating_sub(before),
                        _ => 0,
                    };
                    let left = self.clock.as_ref().map_or(0, |c| c.remaining(*side, *at));
                    out.push(Happening::PressImplied {
                        side: *side,
                        ran_on,
                        left,
                    });
                }
            }
            Record::Correct { at, uci } => {
                self.check_playing()?;
                let Some(side) = self.unpressed else {
                    return Err(word(Word::NoMoveToCorrect));
                };
                let struck = self
                    .game
                    .take_back()
                    .ok_or_else(|| word(Word::NoMoveToCorrect))?;
                // An offer is unconditional (9.1): made with the struck move, it goes
                // with the move that replaces it.
                let offered = self.offered.last().copied().unwrap_or(false);
                self.pop_ply();
                self.unpressed = None;
                let before = self.game.position().clone();
                let mv = self.parse(uci)?;
                self.game.push(mv).map_err(|_| word(Word::IllegalMove))?;
                self.push_ply();
                if let Some(mark) = self.offered.last_mut() {
                    *mark |= offered;
                }
                self.unpressed = Some(side);
                out.push(Happening::Corrected { before, struck, mv });
                if let Some(stopped_clock) = self.after_move(*at, &mut out) {
                    self.move_ended = Some(MoveEnded {
                        side,
                        stopped_clock,
                        sealed: false,
                    });
                }
            }
            Record::TakeBack { at } => {
                self.check_playing()?;
                self.take_back_one(*at, &mut out)?;
            }
            Record::TakebackRequest { by, .. } => {
                // The mover of a move that ended the game by itself may ask it back too
                // (D.2.8, issue 24.1): the result goes only when the opponent agrees.
                if self.ended_by_move() != Some(*by) {
                    self.check_playing()?;
                }
                if let Some(asker) = request {
                    return Err(vec![Token::Side(asker), Token::Word(Word::AsksTakeback)]);
                }
                if self.takeback_plies(*by) == 0 {
                    return Err(word(Word::NoMoveToTakeBack));
                }
                self.takeback_request = Some(*by);
                out.push(Happening::TakebackRequested { by: *by });
            }
            Record::TakebackAnswer { at, by, accept } => {
                let ended_by_asker = request.is_some() && request == self.ended_by_move();
                if !ended_by_asker {
                    self.check_playing()?;
                }
                match request {
                    None => return Err(word(Word::NoTakebackRequest)),
                    Some(asker) if asker == *by => {
                        return Err(vec![Token::Side(*by), Token::Word(Word::OwnOffer)])
                    }
                    Some(asker) => {
                        out.push(Happening::TakebackAnswered {
                            by: *by,
                            accepted: *accept,
                        });
                        if *accept {
                            if ended_by_asker {
                                self.reopen(*at, true, &mut out)?;
                                out.push(Happening::ResultWithdrawn);
                            }
                            for _ in 0..self.takeback_plies(asker) {
                                self.take_back_one(*at, &mut out)?;
                            }
                        }
                    }
                }
            }
            Record::Abort { at } => {
                self.check_playing()?;
                if self.game.ply_count() > 0 {
                    return Err(word(Word::AbortTooLate));
                }
                let ending = Ending {
                    score: "*",
                    words: "aborted before the first move".into(),
                    phrase: word(Word::GameAborted),
                    // Given up before it began: the PGN standard's "abandoned", result `*`.
                    termination: Termination::Abandoned,
                };
                self.end_with(ending, word(Word::GameAborted), *at, &mut out);
            }
            Record::Pause { at, stopped } => {
                self.check_playing()?;
                let clock = self.clock.as_mut().ok_or_else(|| word(Word::NoClock))?;
                let events = if *stopped {
                    clock.stop(*at)
                } else {
                    clock.resume(*at)
                }
                .map_err(|_| word(Word::ClockRefuses))?;
                out.push(Happening::Clock(events));
            }
            Record::Draw { at, by, action } => {
                self.check_playing()?;
                self.draw(*by, *action, *at, &mut out)?;
            }
            Record::Claim {
                at,
                by,
                what,
                intended,
            } => {
                self.check_playing()?;
                self.claim(*by, *what, intended.as_deref(), *at, &mut out)?;
            }
            Record::Resign { at, by } => {
                let mut ruling = resign(&self.game, *by);
                match self.envelope.take() {
                    // I.6: a resignation notified while the game is adjourned ends it; the
                    // envelope is opened only to say so, and its move is not played.
                    Some(envelope) => {
                        if let Opening::AlreadyEnded(r) = envelope.open(Some(ruling)) {
                            ruling = r;
                        }
                        self.ending = None;
                    }
                    None => self.check_playing()?,
                }
                let reasons = (
                    EndReason::Resignation,
                    EndReason::ResignationOpponentCannotMate,
                    !*by,
                );
                self.end_on_ruling(&ruling, resign_phrase(*by), &[], reasons, *at, &mut out);
            }
            Record::Adjourn { at, sealed } => {
                self.check_playing()?;
                // The sealer's reply completes the opponent's move, as a move would (6.2.2).
                if let Some(prev) = self.unpressed {
                    self.press(prev, *at, &mut out)?;
                }
                // Journals of older versions adjourned without a sealed move.
                self.envelope = match sealed {
                    Some(m) => Some(self.seal(m, *at)?),
                    None => None,
                };
                if let Some(clock) = &mut self.clock {
                    if let ClockState::Running(_) = clock.state() {
                        out.push(Happening::Clock(
                            clock.stop(*at).map_err(|_| word(Word::ClockRefuses))?,
                        ));
                    }
                }
                self.ending = Some(Ending {
                    score: "*",
                    words: "adjourned (Guidelines I)".into(),
                    phrase: word(Word::Adjourned),
                    termination: Termination::Unterminated,
                });
                out.push(Happening::Adjourned {
                    sealed: sealed.is_some(),
                });
            }
            Record::Open { at } => self.open(*at, &mut out)?,
            Record::Undo { at } => {
                if self.ending.is_none() {
                    return Err(word(Word::NoResultToUndo));
                }
                if self.move_ended.is_some() {
                    // 7.5.1: the result rests on a move the arbiter finds wrong, so the move
                    // goes with it; the clock stays stopped until `pause`, as after any undo.
                    self.reopen(*at, false, &mut out)?;
                    let undone = self
                        .game
                        .take_back()
                        .ok_or_else(|| word(Word::NoMoveToTakeBack))?;
                    self.pop_ply();
                    self.offer_lapses_with_takeback(&mut out);
                    self.unpressed = None;
                    self.touched = false;
                    out.push(Happening::ResultUndone);
                    out.push(Happening::TakenBack {
                        before: self.game.position().clone(),
                        undone,
                        completed: false,
                    });
                    return Ok(out);
                }
                if self.game.status().is_over() {
                    return Err(word(Word::ResultOnBoard));
                }
                let mut before = *self
                    .before_end
                    .take()
                    .ok_or_else(|| word(Word::NoResultToUndo))?;
                // The clock as the ending left it (stopped then, so the time since is nobody's);
                // the tags and the wall clock are not part of the result.
                before.clock = self.clock.take();
                before.tags = std::mem::take(&mut self.tags);
                before.anchor = self.anchor;
                before.began_unix_ms = self.began_unix_ms;
                before.speech_rate = self.speech_rate;
                before.arbiter_marks = std::mem::take(&mut self.arbiter_marks);
                *self = before;
                out.push(Happening::ResultUndone);
            }
            Record::Note { text, .. } => out.push(Happening::Note(text.clone())),
            Record::Touch { side, square, .. } => {
                self.check_playing()?;
                if *side != self.game.position().turn() {
                    return Err(sided(Word::NotOnMove, *side));
                }
                // The side's own man, or an opponent's, touched to capture it (4.3.2): either
                // costs the claim on this move (9.4).
                let piece = self
                    .game
                    .position()
                    .board()
                    .piece_at(*square)
                    .ok_or_else(|| {
                        vec![
                            Token::Word(Word::ReasonNoPiece),
                            COMMA,
                            Token::File(square.file()),
                            Token::Rank(square.rank()),
                        ]
                    })?;
                self.touched = true;
                out.push(Happening::Touched {
                    piece,
                    square: *square,
                });
            }
            Record::Illegal { at, by, replied } => {
                self.check_playing()?;
                self.illegal_move(*by, *replied, *at, &mut out)?;
            }
            Record::Rules {
                arbiter_present,
                supervision,
                ..
            } => {
                // The event's settings hold from the first move: a journal that sets them
                // later is damaged.
                if self.game.ply_count() > 0
                    || self.illegal.count(Color::White) + self.illegal.count(Color::Black) > 0
                {
                    return Err(word(Word::ReasonNotUnderstood));
                }
                self.arbiter_present = *arbiter_present;
                self.supervision = *supervision;
                self.illegal = IllegalMoves::new(ladder_event(self.clock.as_ref(), *supervision));
                out.push(Happening::Rules {
                    arbiter_present: *arbiter_present,
                    supervision: *supervision,
                });
            }
            Record::Restore { at, ply } => {
                if self.move_ended.is_some() {
                    // 7.5.1: a wrong move found after it ended the game; the result goes
                    // with the position it made. The clock stays stopped until `pause`.
                    self.reopen(*at, false, &mut out)?;
                    out.push(Happening::ResultUndone);
                } else {
                    self.check_playing()?;
                }
                self.restore(*ply, *at, &mut out)?;
            }
            Record::Ruling { at, answer } => {
                if let Some(q) = self.can_mate_question.clone().filter(|_| self.is_over()) {
                    self.can_mate_ruled(q, *answer, *at, &mut out)?;
                    return Ok(out);
                }
                self.check_playing()?;
                self.quickplay_ruled(*answer, *at, &mut out)?;
            }
            Record::Adjust {
                at,
                side,
                change,
                ms,
            } => {
                self.check_playing()?;
                let clock = self.clock.as_mut().ok_or_else(|| word(Word::NoClock))?;
                let (side, time) = (*side, *ms);
                let adjustment = match change {
                    TimeChange::Add => Adjustment::AddTime { side, time },
                    TimeChange::Take => Adjustment::SubtractTime { side, time },
                    TimeChange::Set => Adjustment::SetTime { side, time },
                };
                let events = clock
                    .correct(adjustment, "arbiter", "the arbiter's decision", *at)
                    .map_err(|_| word(Word::ClockRefuses))?;
                let left = clock.remaining(side, *at);
                // Cause before effect: the time taken is said before the flag fall it makes.
                out.push(Happening::TimeAdjusted {
                    side,
                    change: *change,
                    ms: *ms,
                    left,
                });
                out.push(Happening::Clock(events));
            }
            Record::Anchor { at, unix_ms } => {
                self.anchor = Some((*at, *unix_ms));
                self.began_unix_ms.get_or_insert(*unix_ms);
            }
            Record::Tag { name, value, .. } => {
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    // Only a damaged journal holds such a name: tags come from fixed names.
                    return Err(word(Word::ReasonNotUnderstood));
                }
                match self.tags.iter_mut().find(|(n, _)| n == name) {
                    Some(slot) => slot.1 = value.clone(),
                    None => self.tags.push((name.clone(), value.clone())),
                }
            }
            // The language is read by the front end before the replay (`journaled_language`):
            // the words the game is rebuilt in depend on it. The VI player's side is the
            // session's setting, read by `Session::resume`.
            Record::End { .. }
            | Record::Interrupted { .. }
            | Record::Language { .. }
            | Record::Side { .. }
            | Record::Engine { .. } => {}
            Record::Speed { hundredths, .. } => {
                if !(super::record::RATE_MIN..=super::record::RATE_MAX).contains(hundredths) {
                    return Err(word(Word::ReasonNotUnderstood));
                }
                self.speech_rate = Some(*hundredths);
            }
            Record::Checkpoint { at } => {
                // Flag falls found here were announced live; on replay they are only found.
                let _ = self.advance_clock(*at);
            }
        }
        Ok(out)
    }

    /// The moves played after the first `ply` plies, each with the position it was played
    /// from: what a restore to `ply` strikes.
    pub fn played_from(&self, ply: usize) -> Vec<(Position, Move)> {
        let moves = self.game.moves().iter().skip(ply);
        let before = self.game.positions().iter().skip(ply);
        before.cloned().zip(moves.copied()).collect()
    }

    /// 7.4, 7.5.1: the game goes back to the position after `ply` plies. The clocks' move
    /// counts follow and the side on move is the one whose clock runs; the times stay as
    /// they are until the arbiter sets them (7.5.1 leaves that to the arbiter's judgement).
    fn restore(&mut self, ply: usize, at: u64, out: &mut Vec<Happening>) -> Result<(), Phrase> {
        if ply >= self.game.ply_count() {
            return Err(word(Word::NothingToRestore));
        }
        let struck = self.played_from(ply);
        while self.game.ply_count() > ply {
            self.game.take_back();
            self.pop_ply();
        }
        self.offer_lapses_with_takeback(out);
        self.unpressed = None;
        self.touched = false;
        let start_turn = self.game.start().turn();
        let white_plies = match start_turn {
            Color::White => ply.div_ceil(2),
            Color::Black => ply / 2,
        } as u32;
        let black_plies = ply as u32 - white_plies;
        let mover = self.game.position().turn();
        if let Some(clock) = self.clock.as_mut() {
            if clock.turn().is_some() {
                let why = "position restored (7.5.1)";
                let mut events = Vec::new();
                for (side, moves) in [(Color::White, white_plies), (Color::Black, black_plies)] {
                    events.extend(
                        clock
                            .correct(Adjustment::SetMoves { side, moves }, "arbiter", why, at)
                            .map_err(|_| word(Word::ClockRefuses))?,
                    );
                }
                events.extend(
                    clock
                        .correct(Adjustment::SetTurn { side: mover }, "arbiter", why, at)
                        .map_err(|_| word(Word::ClockRefuses))?,
                );
                out.push(Happening::Clock(events));
            }
        }
        out.push(Happening::Restored { mover, struck });
        Ok(())
    }

    /// III.5: `by`, on move with under two minutes, claims that the opponent cannot win by
    /// normal means (or is not trying to). The clocks stop and the arbiter decides.
    fn quickplay_claimed(
        &mut self,
        by: Color,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let finish = self.quickplay_finish();
        let clock = self.clock.as_mut().ok_or_else(|| word(Word::NoClock))?;
        // A flag that fell since the last record is on the record here: the live session
        // said it as it fell, and the report, replaying the journal, learns of it now.
        if let Ok(events) = clock.tick(at) {
            if !events.is_empty() {
                out.push(Happening::Clock(events));
            }
        }
        let grounds = Grounds {
            cannot_win: true,
            no_effort: false,
        };
        let ruling = finish
            .claim(clock, by, grounds, at)
            .map_err(quickplay_refusal)?;
        if let Ruling::GameStopped { .. } = ruling {
            // III.6: no arbiter at hand, so the claim ends the game; the designated arbiter
            // rules on it later from the position the players wrote down.
            let mut phrase = vec![
                Token::Word(Word::QuickplayGameStops),
                SEMICOLON,
                Token::Word(Word::RecordFinalPosition),
            ];
            phrase.extend(claimant(by));
            self.unpressed = None;
            self.end(&ruling, phrase, at, out);
            return Ok(());
        }
        if let ClockState::Running(_) = clock.state() {
            out.push(Happening::Clock(
                clock.stop(at).map_err(|_| word(Word::ClockRefuses))?,
            ));
        }
        self.quickplay_claim = Some(by);
        self.quickplay_time_given = false;
        out.push(Happening::QuickplayClaimed { by });
        Ok(())
    }

    /// III.4: `by`, on move with under two minutes, asks for five seconds a move for both.
    /// The request is a draw offer (the opponent may accept it with `draw accept`); once it
    /// is declined, the arbiter's `accept` switches the clocks and gives the opponent two
    /// minutes, `reject` leaves them.
    fn increment_requested(
        &mut self,
        by: Color,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let finish = self.quickplay_finish();
        let clock = self.clock.as_mut().ok_or_else(|| word(Word::NoClock))?;
        // A flag that fell since the last record is on the record here: the live session
        // said it as it fell, and the report, replaying the journal, learns of it now.
        if let Ok(events) = clock.tick(at) {
            if !events.is_empty() {
                out.push(Happening::Clock(events));
            }
        }
        finish.check(clock, by, at).map_err(quickplay_refusal)?;
        self.increment_request = Some(by);
        out.push(Happening::IncrementRequested { by });
        if self.offer.is_none() {
            self.make_offer(by, out);
        }
        Ok(())
    }

    /// The arbiter's ruling on a declined III.4 request.
    fn increment_ruled(
        &mut self,
        by: Color,
        answer: QuickplayAnswer,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        if self.offer == Some(by) {
            // The opponent has not answered the draw offer yet: that comes first (III.4).
            return Err(word(Word::IncrementOfferOpen));
        }
        self.increment_request = None;
        let agrees = answer == QuickplayAnswer::Accept;
        out.push(Happening::IncrementRuled { by, agrees });
        let bonus = QuickplayBonus::Increment;
        for ruling in self.quickplay_finish().switch_declined(by, bonus, agrees) {
            match ruling {
                Ruling::SwitchBonus { bonus } => {
                    let clock = self.clock.as_mut().ok_or_else(|| word(Word::NoClock))?;
                    let five = match bonus {
                        QuickplayBonus::Delay => Bonus::Delay(5_000),
                        QuickplayBonus::Increment => Bonus::Increment(5_000),
                    };
                    self.switched = Some((clock.moves(by), five));
                    let events = clock
                        .correct(Adjustment::Quickplay(bonus), "arbiter", "III.4", at)
                        .map_err(|_| word(Word::ClockRefuses))?;
                    out.push(Happening::Clock(events));
                }
                Ruling::ExtraTime { to, time, article } => {
                    self.extra_time(to, time, article, at, out)?
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Guidelines III's two minutes for `to`, said with the time that results.
    fn extra_time(
        &mut self,
        to: Color,
        time: Millis,
        article: &str,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let clock = self.clock.as_mut().ok_or_else(|| word(Word::NoClock))?;
        let adjustment = Adjustment::AddTime { side: to, time };
        let events = clock
            .correct(adjustment, "arbiter", article, at)
            .map_err(|_| word(Word::ClockRefuses))?;
        let left = clock.remaining(to, at);
        out.push(Happening::Clock(events));
        out.push(Happening::TimeAdjusted {
            side: to,
            change: TimeChange::Add,
            ms: time,
            left,
        });
        Ok(())
    }

    /// The arbiter's answer to the pending III.5 claim, through the rules core's
    /// [`QuickplayFinish::answer`]: a draw, or two minutes for the opponent and play on.
    fn quickplay_ruled(
        &mut self,
        answer: QuickplayAnswer,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let by = match (self.quickplay_claim, self.increment_request) {
            (Some(by), _) => by,
            (None, Some(by)) => return self.increment_ruled(by, answer, at, out),
            (None, None) => return Err(word(Word::NoQuickplayClaim)),
        };
        out.push(Happening::QuickplayRuled { by, answer });
        let rulings = self.quickplay_finish().answer_postponed(
            by,
            answer.answer(),
            self.quickplay_time_given,
        );
        if let QuickplayAnswer::Postpone { extra_time: true } = answer {
            self.quickplay_time_given = true;
        }
        for ruling in rulings {
            match ruling {
                Ruling::Result { .. } => {
                    self.quickplay_claim = None;
                    let phrase = vec![Token::Word(Word::Draw)];
                    let recorded = vec![
                        Token::Word(Word::ReportRulingIii5),
                        COLON,
                        Token::Word(Word::ReportRulingAccept),
                    ];
                    self.end_recorded(&ruling, phrase, recorded, at, out);
                }
                Ruling::ExtraTime { to, time, article } => {
                    self.extra_time(to, time, article, at, out)?
                }
                Ruling::Continue { .. } => {
                    if answer == QuickplayAnswer::Reject {
                        self.quickplay_claim = None;
                    }
                    if let Some(clock) = self.clock.as_mut() {
                        if let ClockState::Stopped { .. } = clock.state() {
                            out.push(Happening::Clock(
                                clock.resume(at).map_err(|_| word(Word::ClockRefuses))?,
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Guidelines I.1.1, I.2: the player on move seals `uci`; the library's envelope keeps
    /// the position and both clocks. The move is checked here (a typing slip must not lose
    /// the game under I.8), and never said.
    fn seal(&self, uci: &str, at: u64) -> Result<Envelope, Phrase> {
        self.parse(uci).map_err(|_| word(Word::SealedMoveIllegal))?;
        let mut clock = match &self.clock {
            Some(c) => c.clone(),
            // An untimed game: the envelope still needs a clock running for the sealer.
            None => Clock::new(
                crate::rules::clock::TimeControl::sudden_death(
                    24 * 3_600_000,
                    crate::rules::clock::Bonus::None,
                ),
                crate::rules::clock::ClockConfig::default(),
            ),
        };
        match clock.state() {
            ClockState::NotStarted if self.clock.is_none() => {
                clock
                    .start_with(self.game.position().turn(), at)
                    .map_err(|_| word(Word::ClockRefuses))?;
            }
            // Stopped by the arbiter or after a resume: the readings are exact, and the
            // clock is stopped at the seal anyway.
            ClockState::Stopped { .. } => {
                clock.resume(at).map_err(|_| word(Word::ClockRefuses))?;
            }
            _ => {}
        }
        let name = |tag: &str| {
            self.tags
                .iter()
                .find(|(n, _)| n == tag)
                .map_or("?", |(_, v)| v.as_str())
        };
        Envelope::seal(
            &self.game,
            &clock,
            at,
            uci,
            None,
            [name("White"), name("Black")],
            "",
        )
        .map_err(|e| match e {
            SealError::GameOver(_) => self
                .ending
                .as_ref()
                .map_or_else(|| word(Word::GameOver), |e| e.over_phrase()),
            SealError::ClockNotRunning | SealError::ClockDisagrees { .. } => {
                word(Word::SealNeedsClock)
            }
            SealError::Empty => word(Word::SealedMoveRequired),
        })
    }

    /// Guidelines I.8, I.9: the envelope is opened; the sealed move is played on the clocks
    /// as recorded, and the opponent's clock started, or the game ends as I.8 says.
    fn open(&mut self, at: u64, out: &mut Vec<Happening>) -> Result<(), Phrase> {
        let envelope = self
            .envelope
            .take()
            .ok_or_else(|| word(Word::NoSealedMove))?;
        self.ending = None;
        let sealer = envelope.sealer();
        match envelope.open(None) {
            Opening::Play(mv) => {
                if let Some(clock) = &self.clock {
                    let mut restored = envelope
                        .restore_clock(clock.control().clone(), clock.config())
                        .map_err(|_| word(Word::ClockRefuses))?;
                    restored
                        .start_with(sealer, at)
                        .map_err(|_| word(Word::ClockRefuses))?;
                    self.clock = Some(restored);
                }
                let before = self.game.position().clone();
                self.game
                    .push(mv)
                    .map_err(|_| word(Word::SealedMoveIllegal))?;
                self.push_ply();
                self.unpressed = Some(sealer);
                self.touched = false;
                out.push(Happening::Opened { before, mv });
                self.press(sealer, at, out)?;
                // A sealed mate ends the game (5.1.1); the arbiter who finds the move was
                // entered wrong can still undo it, as any mate (7.5.1).
                if let Some(stopped_clock) = self.after_move(at, out) {
                    self.move_ended = Some(MoveEnded {
                        side: sealer,
                        stopped_clock,
                        sealed: true,
                    });
                }
            }
            Opening::AlreadyEnded(ruling) => {
                let phrase = outcome_phrase(&ruling);
                self.end(&ruling, phrase, at, out);
            }
            Opening::Defective { ruling, .. } => {
                let mut phrase = word(Word::SealedMoveIllegal);
                phrase.push(COMMA);
                phrase.extend(outcome_phrase(&ruling));
                self.end(&ruling, phrase, at, out);
            }
        }
        Ok(())
    }

    /// 7.5.5: the first completed illegal move gives the opponent the penalty time, the
    /// second loses (or draws when the opponent cannot mate). The move itself never reached
    /// the record (the rules core refuses it), so there is no position to reinstate here.
    fn illegal_move(
        &mut self,
        by: Color,
        replied: bool,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let position = self.game.position().clone();
        let rulings = self
            .illegal
            .completed(by, Irregularity::IllegalMove, &position, replied);
        if let [Ruling::MoveStands { .. }] = rulings.as_slice() {
            // A.5.2: too late for the arbiter; the move stands and nothing is counted.
            out.push(Happening::IllegalMoveStands { by });
            return Ok(());
        }
        out.push(Happening::IllegalMove {
            by,
            count: self.illegal.count(by),
        });
        for ruling in rulings {
            match ruling {
                Ruling::Penalty { to, .. } => {
                    // The time is added even before the clock first runs: the penalty is
                    // owed whether or not anyone has pressed yet.
                    if let Some(clock) = &mut self.clock {
                        let events = clock
                            .penalty(by, "arbiter", "illegal move (7.5.5)", at)
                            .map_err(|_| word(Word::ClockRefuses))?;
                        let added = clock.penalty_time();
                        let left = clock.remaining(to, at);
                        out.push(Happening::Clock(events));
                        out.push(Happening::PenaltyTime {
                            to,
                            ms: added,
                            left,
                        });
                    }
                }
                ref r @ (Ruling::Result { .. } | Ruling::ArbiterDecides { .. }) => {
                    self.unpressed = None;
                    let reasons = (
                        EndReason::SecondIllegalMove,
                        EndReason::SecondIllegalMoveOpponentCannotMate,
                        !by,
                    );
                    let lead = vec![Token::Word(Word::IllegalMove)];
                    self.end_on_ruling(r, lead, &[], reasons, at, out);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Lets the clock run to `at`, finding flag falls and the 8.4 latch; returns the clock's
    /// events and the running side's time left. Time passing is not a record: replaying
    /// the next record at its time finds the same events, so a resume loses nothing.
    pub(super) fn advance_clock(&mut self, at: u64) -> Option<(Vec<ClockEvent>, Option<Running>)> {
        let clock = self.clock.as_mut()?;
        let events = clock.tick(at).unwrap_or_default();
        let running = match clock.state() {
            ClockState::Running(side) => Some((side, clock.remaining(side, at))),
            _ => None,
        };
        Some((events, running))
    }

    /// Each player has made a move in this game, so a draw may be agreed (5.2.3).
    pub fn both_have_moved(&self) -> bool {
        self.game.ply_count() >= 2
    }

    fn draw(
        &mut self,
        by: Color,
        action: DrawAction,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let agreement = Ruling::Result {
            outcome: Outcome::Draw,
            reason: EndReason::Agreement,
            article: "5.2.3",
        };
        match action {
            DrawAction::Offer => match self.offer {
                Some(o) if o == by => Err(vec![
                    Token::Word(Word::DrawOffer),
                    COLON,
                    Token::Side(by),
                    COMMA,
                    Token::Word(Word::StillOpen),
                ]),
                Some(_) => self.draw(by, DrawAction::Accept, at, out),
                None => {
                    self.make_offer(by, out);
                    Ok(())
                }
            },
            DrawAction::Accept | DrawAction::Decline => {
                let offerer = match self.offer {
                    None => return Err(word(Word::NoOffer)),
                    Some(o) if o == by => {
                        return Err(vec![Token::Side(by), Token::Word(Word::OwnOffer)])
                    }
                    Some(o) => o,
                };
                if action == DrawAction::Decline {
                    self.offer = None;
                    out.push(Happening::OfferDeclined { by });
                    return Ok(());
                }
                if !self.both_have_moved() {
                    return Err(word(Word::DrawTooEarly));
                }
                // Said "draw"; recorded as agreed, on whose offer (the PGN's last comment,
                // the report's result), as the other endings say why.
                let recorded = vec![
                    Token::Word(Word::DrawAgreed),
                    COMMA,
                    Token::Word(Word::DrawOffer),
                    COLON,
                    Token::Side(offerer),
                ];
                self.end_recorded(&agreement, vec![Token::Word(Word::Draw)], recorded, at, out);
                Ok(())
            }
        }
    }

    fn claim(
        &mut self,
        by: Color,
        what: ClaimWhat,
        intended: Option<&str>,
        at: u64,
        out: &mut Vec<Happening>,
    ) -> Result<(), Phrase> {
        let kind = match what {
            ClaimWhat::Flag => {
                let clock = self.clock.as_mut().ok_or_else(|| word(Word::NoClock))?;
                // A flag that fell since the last record is on the record here: the live session
                // said it as it fell, and the report, replaying the journal, learns of it now.
                if let Ok(events) = clock.tick(at) {
                    if !events.is_empty() {
                        out.push(Happening::Clock(events));
                    }
                }
                if clock.claimable_flag(!by).is_none() {
                    // Issue 24, item 7: a player whose own flag fell is told so; only the
                    // opponent can claim it, and never by a yes of the flagged player.
                    if clock.claimable_flag(by).is_some() {
                        return Err(vec![Token::Side(by), Token::Word(Word::OwnFlagFell)]);
                    }
                    return Err(sided(Word::FlagNotFallen, !by));
                }
                let ruling = flag_fall(&self.game, !by);
                self.unpressed = None;
                let reasons = (
                    EndReason::FlagFall,
                    EndReason::FlagFallOpponentCannotMate,
                    by,
                );
                let lead = vec![flag_fell(!by)];
                self.end_on_ruling(&ruling, lead, &claimant(by), reasons, at, out);
                return Ok(());
            }
            ClaimWhat::Quickplay => return self.quickplay_claimed(by, at, out),
            ClaimWhat::Increment => return self.increment_requested(by, at, out),
            ClaimWhat::Threefold => ClaimKind::ThreefoldRepetition,
            ClaimWhat::Fifty => ClaimKind::FiftyMoves,
        };
        if self.game.position().turn() != by {
            return Err(not_on_move(Word::CannotClaimNow, by));
        }
        if self.touched {
            return Err(sided(Word::LostRightToClaim, by));
        }
        let intended = match intended {
            Some(text) => Some(self.parse(text)?),
            None => None,
        };
        let verdict = self.game.claim(kind, intended);
        if verdict.is_correct() {
            let ruling = Ruling::Result {
                outcome: Outcome::Draw,
                reason: EndReason::Claim(kind),
                article: "9.5.2",
            };
            let mut phrase = claim_phrase(kind);
            phrase.extend(claimant(by));
            self.end(&ruling, phrase, at, out);
            return Ok(());
        }
        let mut penalty = None;
        if let Some(clock) = &mut self.clock {
            let events = clock
                .penalty(by, "arbiter", "incorrect claim (9.5.3)", at)
                .map_err(|_| word(Word::ClockRefuses))?;
            penalty = Some((!by, clock.penalty_time(), clock.remaining(!by, at)));
            out.push(Happening::Clock(events));
        }
        out.push(Happening::ClaimRejected {
            by,
            verdict: verdict.clone(),
            // A move the rules refused is no move to announce: it is written as it was.
            intended: intended
                .filter(|_| !matches!(verdict, ClaimVerdict::IllegalIntendedMove(_)))
                .map(|m| crate::phrase::announce::move_phrase(self.game.position(), &m)),
            penalty,
        });
        // 9.5.3: the written move must be played.
        if let Some(mv) = intended {
            self.play(mv, at, out)?;
        }
        Ok(())
    }
}
