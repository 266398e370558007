//! The board cursor (issue 15): a square the player moves by file, rank and diagonal, or
//! jumps to a square or to the next man of a kind; each step says the square, its colour and
//! what stands on it. Looking changes nothing in the game.

use super::ask::{Men, Step};
use super::readouts::letter_role;
use super::Session;
use crate::input::InputCommand;
use crate::phrase::readout::cursor_readout;
use crate::phrase::token::{Token, Word};
use crate::rules::{Role, Square};

impl Session {
    pub(super) fn cursor_step(&mut self, step: Step) {
        let board = *self.position().board();
        let next = match step {
            Step::Stay => Some(self.look),
            Step::To(sq) => Some(sq),
            Step::By(df, dr) => self.look.offset(df, dr),
            Step::Next(men) => {
                let role = match men {
                    Men::All => None,
                    Men::Kind(r) => Some(r),
                    Men::Letter(c) => letter_role(c, self.lang),
                };
                let found = next_man(&board, self.look, role);
                if found.is_none() {
                    let why = match role {
                        Some(r) => crate::phrase::events::none_of(r),
                        None => Token::Word(Word::Empty),
                    };
                    return self.tell(vec![why]);
                }
                found
            }
        };
        match next {
            Some(sq) => {
                self.look = sq;
                self.tell(cursor_readout(&board, sq));
            }
            None => self.tell(vec![Token::Word(Word::EdgeOfBoard)]),
        }
    }
}

/// The first square after `from` in board order (a1, b1, ... h8, then round again) holding a
/// man of `role` (any man when `None`), of either colour.
fn next_man(board: &crate::rules::Board, from: Square, role: Option<Role>) -> Option<Square> {
    (1..=64u8)
        .filter_map(|i| Square::new((from.index() + i) % 64))
        .find(|&sq| {
            board
                .piece_at(sq)
                .is_some_and(|p| role.is_none_or(|r| p.role == r))
        })
}

impl Session {
    /// The cursor step a button means: the cursor buttons always, and in cursor mode the
    /// pad's up, left and right (bound to `last`, `moves-back`, `moves-forward` by default).
    /// `cursor-mode` itself says where the cursor is when turned on.
    pub(super) fn cursor_button(&mut self, input: InputCommand) -> Option<Step> {
        let step = match input {
            InputCommand::CursorMode => {
                self.dpad_cursor = !self.dpad_cursor;
                if !self.dpad_cursor {
                    let p = vec![Token::Word(Word::Moves)];
                    self.tell(p);
                    return None;
                }
                Step::Stay
            }
            InputCommand::CursorUp => Step::By(0, 1),
            InputCommand::CursorDown => Step::By(0, -1),
            InputCommand::CursorLeft => Step::By(-1, 0),
            InputCommand::CursorRight => Step::By(1, 0),
            InputCommand::Last if self.dpad_cursor => Step::By(0, 1),
            InputCommand::MovesBack if self.dpad_cursor => Step::By(-1, 0),
            InputCommand::MovesForward if self.dpad_cursor => Step::By(1, 0),
            _ => return None,
        };
        Some(step)
    }
}
