//! The command vocabulary of buttons, pedals and keys.
//!
//! The names are the ones a player writes in the configuration file, so they are stable,
//! lower-case and hyphenated; the session receives the enum, never the text.

use std::fmt;
use std::str::FromStr;

use crate::phrase::token::Word;
use crate::rules::Color;

/// What a button press asks the session to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InputCommand {
    /// White's clock button: White has completed a move.
    PressWhite,
    /// Black's clock button: Black has completed a move.
    PressBlack,
    /// The player's own clock button; the session knows which colour the player has.
    Press,
    /// Say the remaining times.
    Time,
    /// Say the move counter.
    Count,
    /// Say the last move again.
    Last,
    /// Step one move back through the scoresheet (repeats while held).
    MovesBack,
    /// Step one move forward through the scoresheet (repeats while held).
    MovesForward,
    /// Stop or restart the clocks.
    Pause,
    /// Repeat the last thing said.
    Repeat,
    /// Turn the direction pad's board-cursor mode on or off (issue 15): while it is on, the
    /// pad's up, left and right move the cursor instead of saying and stepping through moves.
    CursorMode,
    /// Move the board cursor one rank up (towards rank 8).
    CursorUp,
    /// Move the board cursor one rank down.
    CursorDown,
    /// Move the board cursor one file left (towards the a-file).
    CursorLeft,
    /// Move the board cursor one file right.
    CursorRight,
    /// Speak faster by one step (issue 16).
    Faster,
    /// Speak slower by one step.
    Slower,
    /// Push-to-talk (issue 28, `play --listen`): the first press starts listening, the next
    /// ends the utterance and hands it to the recogniser.
    Talk,
}

impl InputCommand {
    /// Every command, in the order they are listed to the player.
    pub const ALL: [InputCommand; 18] = [
        InputCommand::PressWhite,
        InputCommand::PressBlack,
        InputCommand::Press,
        InputCommand::Time,
        InputCommand::Count,
        InputCommand::Last,
        InputCommand::MovesBack,
        InputCommand::MovesForward,
        InputCommand::Pause,
        InputCommand::Repeat,
        InputCommand::CursorMode,
        InputCommand::CursorUp,
        InputCommand::CursorDown,
        InputCommand::CursorLeft,
        InputCommand::CursorRight,
        InputCommand::Faster,
        InputCommand::Slower,
        InputCommand::Talk,
    ];

    /// The configuration name, such as `press-white`.
    pub fn name(self) -> &'static str {
        match self {
            InputCommand::PressWhite => "press-white",
            InputCommand::PressBlack => "press-black",
            InputCommand::Press => "press",
            InputCommand::Time => "time",
            InputCommand::Count => "count",
            InputCommand::Last => "last",
            InputCommand::MovesBack => "moves-back",
            InputCommand::MovesForward => "moves-forward",
            InputCommand::Pause => "pause",
            InputCommand::Repeat => "repeat",
            InputCommand::CursorMode => "cursor-mode",
            InputCommand::CursorUp => "cursor-up",
            InputCommand::CursorDown => "cursor-down",
            InputCommand::CursorLeft => "cursor-left",
            InputCommand::CursorRight => "cursor-right",
            InputCommand::Faster => "faster",
            InputCommand::Slower => "slower",
            InputCommand::Talk => "talk",
        }
    }

    /// The pack's word for the command, to name it to the player in the game's language.
    pub fn word(self) -> Word {
        match self {
            InputCommand::PressWhite => Word::ButtonPressWhite,
            InputCommand::PressBlack => Word::ButtonPressBlack,
            InputCommand::Press => Word::ButtonPress,
            InputCommand::Time => Word::ButtonTime,
            InputCommand::Count => Word::ButtonCount,
            InputCommand::Last => Word::ButtonLast,
            InputCommand::MovesBack => Word::ButtonMovesBack,
            InputCommand::MovesForward => Word::ButtonMovesForward,
            InputCommand::Pause => Word::ButtonPause,
            InputCommand::Repeat => Word::ButtonRepeat,
            InputCommand::CursorMode => Word::ButtonCursorMode,
            InputCommand::CursorUp => Word::ButtonCursorUp,
            InputCommand::CursorDown => Word::ButtonCursorDown,
            InputCommand::CursorLeft => Word::ButtonCursorLeft,
            InputCommand::CursorRight => Word::ButtonCursorRight,
            InputCommand::Faster => Word::ButtonFaster,
            InputCommand::Slower => Word::ButtonSlower,
            InputCommand::Talk => Word::ButtonTalk,
        }
    }

    /// The command with this configuration name; exact, lower-case match.
    pub fn from_name(name: &str) -> Option<InputCommand> {
        InputCommand::ALL.into_iter().find(|c| c.name() == name)
    }

    /// All names, comma-separated, for error messages that list the choices.
    pub fn names() -> String {
        InputCommand::ALL.map(InputCommand::name).join(", ")
    }

    /// Whether holding the button repeats the command. Only scoresheet stepping does: a held
    /// clock button must never press the clock twice.
    pub fn repeats_when_held(self) -> bool {
        matches!(
            self,
            InputCommand::MovesBack
                | InputCommand::MovesForward
                | InputCommand::CursorUp
                | InputCommand::CursorDown
                | InputCommand::CursorLeft
                | InputCommand::CursorRight
        )
    }

    /// For a clock press, whose clock button it is: `own` is the colour of the player holding
    /// the device (used for [`InputCommand::Press`]). `None` for commands that are not presses.
    pub fn clock_side(self, own: Color) -> Option<Color> {
        match self {
            InputCommand::PressWhite => Some(Color::White),
            InputCommand::PressBlack => Some(Color::Black),
            InputCommand::Press => Some(own),
            _ => None,
        }
    }
}

impl fmt::Display for InputCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not one of the command names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no such command \"{}\" (commands: {})", .0, InputCommand::names())]
pub struct UnknownCommand(pub String);

impl FromStr for InputCommand {
    type Err = UnknownCommand;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        InputCommand::from_name(s).ok_or_else(|| UnknownCommand(s.to_string()))
    }
}
