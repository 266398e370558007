//! Confirm before sending (issue 15, `confirm_moves`): a typed move is read back to the
//! player and played only after Enter or `yes`, as lichess players ask for; a slip of the
//! keyboard then costs nothing (an illegal move is 7.5, a legal wrong one is played).

use super::command::{self, Command, YES_WORDS};
use super::spoken;
use super::Session;
use crate::phrase::announce::move_phrase_with;
use crate::phrase::grammar::SEMICOLON;
use crate::phrase::token::{Token, Word};

impl Session {
    /// Handles `line` when it answers a read-back move or is a typed move to read back;
    /// `false` leaves it to the usual reading.
    pub(super) fn confirm_line(&mut self, line: &str, at: u64) -> bool {
        if let Some(m) = self.pending_move.take() {
            let answer = line.trim().to_lowercase();
            if answer.is_empty() || YES_WORDS.contains(&answer.as_str()) {
                if self.position().is_legal(&m) && self.state.ending().is_none() {
                    self.make(m, at);
                } else {
                    self.tell(vec![Token::Word(Word::MoveNotPlayed)]);
                }
                return true;
            }
            self.tell(vec![Token::Word(Word::MoveNotPlayed)]);
            if command::is_no(line) {
                return true;
            }
        }
        if !self.config.confirm_moves || self.state.ending().is_some() {
            return false;
        }
        let Ok(Some(Command::Move(text))) = command::parse(line) else {
            return false;
        };
        let pos = self.position().clone();
        let Ok(m) = spoken::parse_any(&pos, &text, self.lang) else {
            // Refused or not understood as usual.
            return false;
        };
        if self.computer_on_move() {
            return true;
        }
        let mut p = move_phrase_with(&pos, &m, self.config.announce);
        p.extend([SEMICOLON, Token::Word(Word::ConfirmMove)]);
        self.tell(p);
        self.pending_move = Some(m);
        true
    }
}
