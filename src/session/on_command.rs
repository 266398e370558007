//! Console commands and typed moves: each is checked, journaled as a [`Record`], and
//! answered; a refused one changes nothing.

use super::command::{ClaimWhat, Command, DrawAction, HELP};
use super::record::Record;
use super::spoken;
use super::{Effect, Session};
use crate::audio::route::Audience;
use crate::phrase::readout::{
    board_readout, file_readout, rank_readout, square_readout, where_readout,
};
use crate::rules::clock::ClockState;
use crate::rules::notation::uci;
use crate::rules::Move;

impl Session {
    pub(super) fn command(&mut self, cmd: Command, at: u64) {
        match cmd {
            Command::Help => {
                for line in HELP {
                    self.out.print(line);
                }
            }
            Command::Move(text) => self.typed_move(&text, at),
            Command::Time => self.say_time(at),
            Command::Count => self.say_count(),
            Command::Last(n) => self.say_last(n),
            Command::Moves => self.print_scoresheet(),
            Command::Board => {
                let p = board_readout(self.position().board());
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Where(role) => {
                let p = where_readout(self.position().board(), role);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Rank(r) => {
                let p = rank_readout(self.position().board(), r);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::File(f) => {
                let p = file_readout(self.position().board(), f);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Square(sq) => {
                let p = square_readout(self.position().board(), sq);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Repeat => {
                if !self.out.repeat() {
                    self.out.refuse("nothing has been said yet");
                }
            }
            Command::Start => {
                self.commit(Record::Start { at });
            }
            Command::Press => match self.state.unpressed() {
                Some(side) => {
                    self.restart_clocks_if_resumed(at);
                    self.commit(Record::Press { at, side });
                }
                None => self
                    .out
                    .refuse("there is no move to complete: make a move before pressing the clock"),
            },
            Command::Pause => {
                self.restart_on_play = false;
                let stopped = !matches!(
                    self.state.clock().map(|c| c.state()),
                    Some(ClockState::Stopped { .. })
                );
                self.commit(Record::Pause { at, stopped });
            }
            Command::Correct(text) => self.correct(&text, at),
            Command::TakeBack => {
                self.commit(Record::TakeBack { at });
            }
            Command::Draw(action, side) => {
                let by = side.unwrap_or_else(|| match (action, self.state.offer()) {
                    (DrawAction::Offer, _) => self
                        .state
                        .unpressed()
                        .unwrap_or_else(|| self.position().turn()),
                    (_, Some(offerer)) => !offerer,
                    (_, None) => self.position().turn(),
                });
                self.commit(Record::Draw { at, by, action });
            }
            Command::Claim(what, intended) => self.claim(what, intended, at),
            Command::Resign(side) => {
                let by = side
                    .or(self.config.vi_side)
                    .unwrap_or_else(|| self.position().turn());
                self.commit(Record::Resign { at, by });
            }
            Command::Illegal(by) => {
                self.commit(Record::Illegal { at, by });
            }
            Command::Adjourn(sealed) => {
                self.commit(Record::Adjourn { at, sealed });
            }
            Command::Save(path) => {
                let pgn = self.pgn();
                self.out.push(Effect::SavePgn {
                    path: Some(path),
                    pgn,
                });
            }
            Command::Quit => {
                self.commit(Record::End { at });
                let pgn = self.pgn();
                self.out.push(Effect::SavePgn { path: None, pgn });
                self.out.push(Effect::Quit);
            }
        }
    }

    /// D.2.8: the move just made replaced, before the clock was pressed.
    fn correct(&mut self, text: &str, at: u64) {
        let positions = self.state.game().positions();
        let n = positions.len();
        if n < 2 || self.state.unpressed().is_none() {
            return self.out.refuse(
                "there is no move to correct: once the clock is pressed a correction is the arbiter's matter (takeback)",
            );
        }
        let before = positions[n - 2].clone();
        match spoken::parse_any(&before, text, self.lang) {
            Ok(m) => {
                let u = uci(&before, &m);
                self.commit(Record::Correct { at, uci: u });
            }
            Err(e) => self.out.refuse_move(&self.pack, &e),
        }
    }

    fn claim(&mut self, what: ClaimWhat, intended: Option<String>, at: u64) {
        let by = match what {
            // The flag of the side whose clock runs; the other side claims.
            ClaimWhat::Flag => match self.state.clock().map(|c| c.state()) {
                Some(ClockState::Running(side)) | Some(ClockState::Stopped { turn: side }) => !side,
                _ => !self.position().turn(),
            },
            _ => self.position().turn(),
        };
        let intended = match intended {
            None => None,
            Some(text) => match spoken::parse_any(self.position(), &text, self.lang) {
                Ok(m) => Some(uci(self.position(), &m)),
                Err(e) => return self.out.refuse_move(&self.pack, &e),
            },
        };
        self.commit(Record::Claim {
            at,
            by,
            what,
            intended,
        });
    }

    fn typed_move(&mut self, text: &str, at: u64) {
        if let Some(e) = self.state.ending() {
            let why = format!("the game is over: {}", e.words);
            return self.out.refuse(&why);
        }
        match spoken::parse_any(self.position(), text, self.lang) {
            Ok(m) => self.make(m, at),
            Err(e) => self.out.refuse_move(&self.pack, &e),
        }
    }

    /// A legal move in the current position: journal, announce, and maybe press.
    pub(super) fn make(&mut self, m: Move, at: u64) {
        self.restart_clocks_if_resumed(at);
        let u = uci(self.position(), &m);
        if self.commit(Record::Move { at, uci: u }) {
            if let Some((due, side)) = self.auto_press {
                if due <= at {
                    self.auto_press = None;
                    self.commit(Record::Press { at, side });
                }
            }
        }
    }
}
