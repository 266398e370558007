//! Console commands and typed moves: each is checked, journaled as a [`Record`], and
//! answered; a refused one changes nothing.

use super::command::{
    command_words, distance, ClaimWhat, Command, CommandError, DrawAction, HELP_WORDS,
};
use super::record::Record;
use super::spoken;
use super::{Effect, Session};
use crate::audio::route::Audience;
use crate::phrase::grammar::{COMMA, SEMICOLON};
use crate::phrase::readout::{
    board_readout, file_readout, rank_readout, square_readout, where_readout,
};
use crate::phrase::token::{Token, Word};
use crate::rules::clock::ClockState;
use crate::rules::notation::{san_in, uci, MoveError};
use crate::rules::{Color, Move};

impl Session {
    pub(super) fn command(&mut self, cmd: Command, at: u64) {
        match cmd {
            Command::Help => {
                for w in HELP_WORDS.iter().chain(super::ask::HELP) {
                    let line = self.pack.text(&[Token::Word(*w)]);
                    self.out.print(&line);
                }
            }
            Command::Move(text) => self.typed_move(&text, at),
            // --- issue 15 ---
            Command::Readout(r) => self.readout(r, at),
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
                    self.out
                        .refuse(&self.pack, vec![Token::Word(Word::NothingSaid)]);
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
                    .refuse(&self.pack, vec![Token::Word(Word::NoMoveToComplete)]),
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
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoMoveToCorrect)]);
        }
        let before = positions[n - 2].clone();
        match spoken::parse_any(&before, text, self.lang) {
            Ok(m) => {
                let u = uci(&before, &m);
                self.commit(Record::Correct { at, uci: u });
            }
            Err(e) => self.out.refuse_move(&self.pack, &before, self.lang, &e),
        }
    }

    fn claim(&mut self, what: ClaimWhat, intended: Option<String>, at: u64) {
        let by = match what {
            // The flag of the side whose clock runs; the other side claims.
            // When one flag is down, its opponent claims, whoever is to move now: the
            // flagged player may have moved and pressed since (6.8, 6.9).
            ClaimWhat::Flag => match self.state.clock() {
                Some(c) => match (
                    c.claimable_flag(Color::White),
                    c.claimable_flag(Color::Black),
                ) {
                    (Some(_), None) => Color::Black,
                    (None, Some(_)) => Color::White,
                    _ => match c.state() {
                        ClockState::Running(side) | ClockState::Stopped { turn: side } => !side,
                        _ => !self.position().turn(),
                    },
                },
                None => !self.position().turn(),
            },
            _ => self.position().turn(),
        };
        let intended = match intended {
            None => None,
            Some(text) => match spoken::parse_any(self.position(), &text, self.lang) {
                Ok(m) => Some(uci(self.position(), &m)),
                Err(e) => {
                    let pos = self.position().clone();
                    return self.out.refuse_move(&self.pack, &pos, self.lang, &e);
                }
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
            let why = e.over_phrase();
            return self.out.refuse(&self.pack, why);
        }
        let pos = self.position().clone();
        match spoken::parse_any(&pos, text, self.lang) {
            Ok(m) => self.make(m, at),
            Err(MoveError::Syntax(_) | MoveError::Empty) => self.not_understood(text),
            Err(e) => self.out.refuse_move(&self.pack, &pos, self.lang, &e),
        }
    }

    /// Input that is neither a command nor a move (issue 11, item 6): "not understood", and
    /// the nearest command word or legal move, never "illegal move" (Art. 7.5 is for moves
    /// the rules forbid).
    fn not_understood(&mut self, text: &str) {
        let mut phrase = vec![Token::Word(Word::ReasonNotUnderstood)];
        if let Some(hint) = self.nearest(text) {
            phrase.extend([COMMA, Token::Word(Word::DidYouMean)]);
            let line = format!("{} \"{hint}\"?", self.pack.text(&phrase));
            return self.out.say_text(Audience::Player, &line);
        }
        self.out.refuse(&self.pack, phrase);
    }

    /// The command word (in the game's language or English) or legal move (in the game's
    /// letters) closest to `text`, if one is close enough to be a typo.
    fn nearest(&self, text: &str) -> Option<String> {
        let typed = text.trim().to_lowercase();
        let first = typed.split_whitespace().next()?.to_string();
        let pos = self.position();
        let moves = pos.legal_moves();
        let mut best: Option<(usize, String)> = None;
        let mut consider = |cand: String, against: &str| {
            let d = distance(against, &cand.to_lowercase());
            if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                best = Some((d, cand));
            }
        };
        for w in command_words(self.pack.language()) {
            consider(w.to_string(), &first);
        }
        for m in moves.iter() {
            consider(san_in(pos, m, self.lang), &typed);
        }
        let (d, cand) = best?;
        let limit = (typed.chars().count() / 2).clamp(1, 3);
        (d <= limit).then_some(cand)
    }

    /// A command with a missing or wrong argument: the reason in English games, and the
    /// command's help line in the game's language.
    pub(super) fn command_error(&mut self, e: CommandError) {
        if self.pack.language() == crate::phrase::Language::En {
            return self.out.say_text(Audience::Player, &e.0);
        }
        let phrase = vec![
            Token::Word(Word::ReasonNotUnderstood),
            SEMICOLON,
            Token::Word(e.1),
        ];
        self.out.refuse(&self.pack, phrase);
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
