//! Answers to the player's questions (D.2.6.1, D.2.10.4): the time, the move count, the last
//! moves, the scoresheet, and where the game stands after a resume. They change nothing.

use super::{Effect, Session};
use crate::audio::route::Audience;
use crate::phrase::announce::move_phrase_with;
use crate::phrase::events::{clock_phrase, move_count_phrase};
use crate::phrase::grammar::{COLON, SEMICOLON};
use crate::phrase::token::{Token, Word};
use crate::rules::notation::san_in;
use crate::rules::Color;

impl Session {
    pub(super) fn say_time(&mut self, at: u64) {
        match self.state.clock() {
            None => self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoClock)]),
            Some(clock) => {
                let (w, b) = (
                    clock.remaining(Color::White, at),
                    clock.remaining(Color::Black, at),
                );
                self.out
                    .say(&self.pack, Audience::Player, clock_phrase(w, b));
            }
        }
    }

    pub(super) fn say_count(&mut self) {
        let done = self.completed_plies();
        let moves = done.div_ceil(2) as u32;
        self.out
            .say(&self.pack, Audience::Player, move_count_phrase(moves));
    }

    pub(super) fn completed_plies(&self) -> usize {
        self.state.game().ply_count() - usize::from(self.state.unpressed().is_some())
    }

    /// The ply `i` as it was announced.
    pub(super) fn say_ply(&mut self, i: usize) {
        let game = self.state.game();
        let phrase = move_phrase_with(&game.positions()[i], &game.moves()[i], self.config.announce);
        self.out.say(&self.pack, Audience::Player, phrase);
    }

    pub(super) fn say_last(&mut self, n: usize) {
        let plies = self.state.game().ply_count();
        if plies == 0 {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoMoveYet)]);
        }
        for i in plies.saturating_sub(n)..plies {
            self.say_ply(i);
        }
    }

    /// The scoresheet: "1. e4 e5", one numbered line per move pair.
    pub fn scoresheet_lines(&self) -> Vec<String> {
        let game = self.state.game();
        let mut lines = Vec::new();
        let mut current = String::new();
        for (i, m) in game.moves().iter().enumerate() {
            let pos = &game.positions()[i];
            let s = san_in(pos, m, self.lang);
            let number = pos.fullmoves();
            match pos.turn() {
                Color::White => {
                    if !current.is_empty() {
                        lines.push(std::mem::take(&mut current));
                    }
                    current = format!("{number}. {s}");
                }
                Color::Black if current.is_empty() => current = format!("{number}... {s}"),
                Color::Black => {
                    current.push(' ');
                    current.push_str(&s);
                    lines.push(std::mem::take(&mut current));
                }
            }
        }
        if !current.is_empty() {
            lines.push(current);
        }
        lines
    }

    pub(super) fn print_scoresheet(&mut self) {
        let lines = self.scoresheet_lines();
        if lines.is_empty() {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoMoveYet)]);
        }
        for l in lines {
            self.out.print(&l);
        }
    }

    /// Where a resumed game stands: moves played, whose move or the result, the last move.
    pub(super) fn summary(&mut self) {
        let plies = self.state.game().ply_count();
        let mut p = vec![
            Token::Count(self.completed_plies().div_ceil(2) as u32),
            SEMICOLON,
        ];
        let text = match self.state.ending() {
            Some(e) => {
                p.extend([Token::Word(Word::Result), COLON]);
                p.extend(e.phrase.iter().copied());
                format!("{} ({})", self.pack.text(&p), e.score)
            }
            None => {
                p.extend([
                    Token::Side(self.position().turn()),
                    Token::Word(Word::ToMove),
                ]);
                self.pack.text(&p)
            }
        };
        self.out.print(&text);
        if plies > 0 {
            self.say_ply(plies - 1);
        }
        let position = self.position().clone();
        self.out.push(Effect::BoardSync { position });
    }
}
