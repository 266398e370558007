//! A computer at the table (issue 27): the engine seat's moves, presses and answers, and
//! its help, entered the way a player's are, so they are journaled before they are said and
//! a resume replays them like any other. The host runs the engine; the session only checks
//! what it answers against the rules.

use super::command::DrawAction;
use super::confirm::Confirm;
use super::record::Record;
use super::{Effect, Session, Stamp};
use crate::audio::route::Audience;
use crate::phrase::grammar::{COLON, COMMA, SEMICOLON};
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::notation::uci;
use crate::rules::Color;

/// How the engine answers a draw offer, by its evaluation: the reason it gives is part of
/// the answer, so a player a queen down is not told the engine "does not stand worse".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawAnswer {
    /// It stands clearly worse: it takes the draw.
    Accept,
    /// About level: it plays on.
    Level,
    /// A little worse, not enough to take a draw (under two pawns): it plays on, and says
    /// so ("it does not stand worse" was false a pawn down, a play-through).
    SlightlyWorse,
    /// It stands clearly better: it plays on to win.
    Better,
}

impl Session {
    /// The engine's move `text` (UCI) for the side on move, journaled as the engine's
    /// (`by`: its name and level) and announced like a player's; completed at once when
    /// `press` (no board to put it on). `None`, changing nothing, when it is not a legal move
    /// here or the game is over: the host treats that as the engine's fault.
    pub fn engine_move(
        &mut self,
        text: &str,
        by: &str,
        press: bool,
        now: Stamp,
    ) -> Option<Vec<Effect>> {
        let pos = self.position().clone();
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(&pos, m) == text)?;
        if self.state.is_over() {
            return None;
        }
        let at = self.start_event(now);
        let side = pos.turn();
        let by: String = by.chars().filter(|c| !c.is_control()).collect();
        self.commit(Record::Note {
            at,
            text: format!("engine {by}: {text}"),
        });
        self.make(mv, at);
        // Said as a player's press is: whose clock runs now (without a board nobody else
        // would tell the player their clock started).
        if press && self.state.unpressed() == Some(side) && !self.state.is_over() {
            self.press_for(side, at);
        }
        Some(self.out.take())
    }

    /// The engine's move stands on the player's board: its clock is pressed, as a player
    /// presses after putting the man down.
    pub fn engine_press(&mut self, side: Color, now: Stamp) -> Vec<Effect> {
        let at = self.start_event(now);
        if self.state.unpressed() == Some(side) {
            self.press_for(side, at);
        }
        self.out.take()
    }

    /// Whether the engine playing `side` grants a take-back itself, so nobody is asked:
    /// it plays that side and its help is on (never in an arbiter's game).
    pub(super) fn engine_grants_takeback(&self, side: Color) -> bool {
        self.computer == Some(side) && self.engine_helps().is_ok()
    }

    /// Against the engine a take-back needs no asking: the engine (`side`) accepts the
    /// player's request at once. One line says it all: the moves taken back in the order
    /// they were played, whose move it is, and the clock that runs (a home game: no arbiter
    /// sets the times, 7.1).
    pub fn engine_accepts_takeback(&mut self, side: Color, now: Stamp) -> Vec<Effect> {
        let at = self.start_event(now);
        if matches!(self.pending, Some(Confirm::TakebackAnswer(by)) if by == side) {
            self.pending = None;
            self.engine_takeback = Some(Vec::new());
            let done = self.commit(Record::TakebackAnswer {
                at,
                by: side,
                accept: true,
            });
            let taken = self.engine_takeback.take().unwrap_or_default();
            if done {
                let line = self.taken_back_line(taken, at);
                self.out.say(&self.pack, Audience::Public, line);
            }
        }
        self.out.take()
    }

    /// "taken back: e4, e5; White to move; clock running: White, four minutes": `taken` as
    /// they were gathered, last move first.
    fn taken_back_line(&self, taken: Vec<Phrase>, at: u64) -> Phrase {
        let mut p = vec![Token::Word(Word::EngineTookBack), COLON];
        for (i, mv) in taken.into_iter().rev().enumerate() {
            if i > 0 {
                p.push(COMMA);
            }
            p.extend(mv);
        }
        p.push(SEMICOLON);
        p.extend(self.to_move_and_clock(at));
        p
    }

    /// The player's draw offer answered by the engine (`side`) at once, as a player at the
    /// board would, rather than by playing on (which declines it only with its next move):
    /// as `answer` says (the host decides from the engine's evaluation), and said why.
    pub fn engine_answers_draw(
        &mut self,
        side: Color,
        answer: DrawAnswer,
        now: Stamp,
    ) -> Vec<Effect> {
        let at = self.start_event(now);
        if self.state.offer() == Some(!side) && !self.state.is_over() {
            // Before each player has moved no draw can be agreed (5.2.3): declined for that,
            // not accepted and then refused.
            let early = !self.state.both_have_moved();
            let accept = answer == DrawAnswer::Accept && !early;
            let said = match (answer, early) {
                (_, true) => vec![
                    Token::Word(Word::EngineDeclinesDrawFor),
                    COLON,
                    Token::Word(Word::DrawTooEarly),
                ],
                (DrawAnswer::Accept, false) => vec![Token::Word(Word::EngineAcceptsDraw)],
                (DrawAnswer::Level, false) => vec![Token::Word(Word::EngineDeclinesDraw)],
                (DrawAnswer::Better, false) => vec![Token::Word(Word::EngineDeclinesDrawBetter)],
                (DrawAnswer::SlightlyWorse, false) => {
                    vec![Token::Word(Word::EngineDeclinesDrawSlightlyWorse)]
                }
            };
            self.out.say(&self.pack, Audience::Public, said);
            let action = match accept {
                true => DrawAction::Accept,
                false => DrawAction::Decline,
            };
            self.engine_declines = !accept;
            self.commit(Record::Draw {
                at,
                by: side,
                action,
            });
            self.engine_declines = false;
        }
        self.out.take()
    }

    /// The engine starts thinking on its move. After a resume that left the clocks stopped
    /// for the downtime they start now, the engine's running: its thinking is its time, as
    /// a player's is, not time the clocks never saw (a play-through watched Stockfish think
    /// for two minutes on stopped clocks).
    pub fn engine_thinks(&mut self, now: Stamp) -> Vec<Effect> {
        let at = self.start_event(now);
        if self.restart_clocks_if_resumed(at) {
            let side = self.position().turn();
            let said = vec![
                Token::Word(Word::EnginePlaysSide),
                COLON,
                Token::Side(side),
                SEMICOLON,
                Token::Word(Word::EngineThinking),
                SEMICOLON,
                Token::Word(Word::ClockRunning),
                COLON,
                Token::Side(side),
            ];
            self.out.say(&self.pack, Audience::Public, said);
        }
        self.out.take()
    }

    /// The engine's help to the player (`hint`, `eval`, `threats`): journaled as what it is
    /// (`record`, one line), then said to the player alone.
    pub fn engine_help(&mut self, record: &str, phrase: Phrase, now: Stamp) -> Vec<Effect> {
        let at = self.start_event(now);
        let text: String = record.chars().filter(|c| !c.is_control()).collect();
        self.commit(Record::Note {
            at,
            text: format!("help {text}"),
        });
        self.out.say(&self.pack, Audience::Player, phrase);
        self.out.take()
    }
}
