//! Gamepad buttons, foot pedals and keys ([`InputCommand`]): the clock buttons, and the
//! questions a player asks without a keyboard.

use super::command::Command;
use super::Session;
use crate::input::InputCommand;
use crate::phrase::grammar::COLON;
use crate::phrase::token::{Token, Word};
use crate::rules::Color;

impl Session {
    /// A clock button of a side with no move to complete is refused (a press without a move
    /// would be an illegal move, 7.5.3).
    pub(super) fn button(&mut self, input: InputCommand, at: u64) {
        // --- issue 15: the board cursor on the direction pad ---
        if let Some(step) = self.cursor_button(input) {
            return self.cursor_step(step);
        }
        match input {
            InputCommand::PressWhite | InputCommand::PressBlack | InputCommand::Press => {
                let side = match input {
                    InputCommand::PressWhite => Some(Color::White),
                    InputCommand::PressBlack => Some(Color::Black),
                    _ => self.config.vi_side.or(self.state.unpressed()),
                };
                match side {
                    Some(side) if self.state.unpressed() == Some(side) => self.press_for(side, at),
                    _ if self.state.unpressed().is_none() && self.state.ending().is_some() => {
                        let over = self.state.ending().map(|e| e.over_phrase());
                        self.out.refuse(&self.pack, over.unwrap_or_default())
                    }
                    Some(side) => self.out.refuse(
                        &self.pack,
                        vec![
                            Token::Word(Word::NoMoveToComplete),
                            COLON,
                            Token::Side(side),
                        ],
                    ),
                    None => self
                        .out
                        .refuse(&self.pack, vec![Token::Word(Word::NoMoveToComplete)]),
                }
            }
            InputCommand::Time => self.command(Command::Time, at),
            InputCommand::Count => self.command(Command::Count, at),
            InputCommand::Last => self.command(Command::Last(1), at),
            InputCommand::Pause => self.command(Command::Pause, at),
            InputCommand::Repeat => self.command(Command::Repeat, at),
            InputCommand::Faster => self.command(Command::Faster, at),
            InputCommand::Slower => self.command(Command::Slower, at),
            // Push-to-talk is the host's (it starts and stops the recording).
            InputCommand::Talk => {}
            InputCommand::CursorMode
            | InputCommand::CursorUp
            | InputCommand::CursorDown
            | InputCommand::CursorLeft
            | InputCommand::CursorRight => {}
            InputCommand::MovesBack | InputCommand::MovesForward => {
                let n = self.state.game().ply_count();
                if n == 0 {
                    return self
                        .out
                        .refuse(&self.pack, vec![Token::Word(Word::NoMoveYet)]);
                }
                let i = match (input, self.cursor) {
                    (InputCommand::MovesBack, None) => n - 1,
                    (InputCommand::MovesBack, Some(i)) => i.saturating_sub(1),
                    (_, None) => n - 1,
                    (_, Some(i)) => (i + 1).min(n - 1),
                }
                .min(n - 1);
                self.cursor = Some(i);
                self.say_ply(i);
            }
        }
    }
}
