//! Why a game could not be read, said so that it makes sense read aloud: which game, where in
//! the file, which move, and why.

use super::lexer::LexError;
use super::model::PgnGame;
use crate::rules::{Color, FenError};
use std::fmt;

/// A game that could not be read whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// "White - Black", when the tags said so before the error.
    pub players: Option<String>,
    /// The line of the file where the trouble starts, from 1.
    pub line: u32,
    /// The column on that line, from 1, in characters.
    pub column: u32,
    /// What went wrong.
    pub kind: PgnErrorKind,
    /// Everything read before the error (tags, and moves up to the bad one), so that nothing a
    /// user entered is lost. `None` when the error came before the tags were complete.
    pub partial: Option<Box<PgnGame>>,
}

/// Where a move stands: "move 23 for Black", with the move as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAt {
    /// The move number, as a player counts moves.
    pub number: u32,
    /// The side whose move it is.
    pub color: Color,
    /// The move exactly as the file wrote it, so the user can find it.
    pub text: String,
    /// Inside a variation rather than the game itself.
    pub in_variation: bool,
}

impl fmt::Display for MoveAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.in_variation {
            f.write_str("in a variation, ")?;
        }
        let side = self.color.fold("White", "Black");
        write!(f, "move {} for {side}, {}", self.number, self.text)
    }
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// Text the lexer could not read.
    Lex(LexError),
    /// A tag line that is not `[Name "value"]`; the string says what was found instead.
    BadTag(String),
    /// The `[FEN]` tag does not describe a position play can start from.
    BadFen(String, Box<FenError>),
    /// A `[Variant]` other than standard chess or Chess960.
    UnsupportedVariant(String),
    /// A move that is not legal or not readable here, with the notation module's reason.
    Move(MoveAt, String),
    /// `--`, `Z0` and friends: placeholders some programs write for a skipped turn.
    NullMove(MoveAt),
    /// A `(` with no `)` before the game or the file ends.
    UnclosedVariation,
    /// A `)` with no `(`.
    UnopenedVariation,
    /// A `(` before any move it could be an alternative to.
    VariationWithoutMove,
    /// Variations nested deeper than this many levels.
    TooDeep(usize),
    /// Something that has no place in the moves, such as a `"` string or a `]`.
    Unexpected(String),
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Lex(e) => e.fmt(f),
            PgnErrorKind::BadTag(found) => write!(
                f,
                "a tag must be written as [Name \"value\"], but here {found}"
            ),
            PgnErrorKind::BadFen(fen, e) => write!(f, "the FEN tag {fen:?} is unusable: {e}"),
            PgnErrorKind::UnsupportedVariant(v) => write!(
                f,
                "the variant {v:?} is not supported: only standard chess and Chess960 are"
            ),
            PgnErrorKind::Move(at, why) => write!(f, "{at}: {why}"),
            PgnErrorKind::NullMove(at) => {
                write!(f, "{at}: null moves are not chess moves")
            }
            PgnErrorKind::UnclosedVariation => f.write_str(
                "a variation opened with ( here is never closed with ) before the game ends",
            ),
            PgnErrorKind::UnopenedVariation => {
                f.write_str("a ) closes a variation that was never opened")
            }
            PgnErrorKind::VariationWithoutMove => {
                f.write_str("a variation opened with ( comes before any move it could replace")
            }
            PgnErrorKind::TooDeep(n) => {
                write!(f, "variations are nested more than {n} levels deep")
            }
            PgnErrorKind::Unexpected(what) => write!(f, "{what} has no place among the moves"),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(p) = &self.players {
            write!(f, " ({p})")?;
        }
        write!(
            f,
            ", line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}

impl PgnError {
    /// The game of a record cut off inside a `{` comment (a file copied while it was still
    /// being written): every move before the comment, with a warning saying where the comment
    /// opened, for a command that writes the game out and must lose nothing the user entered.
    /// Any other error, or one met before the moves, stays an error.
    pub fn cut_in_comment(self) -> Result<PgnGame, PgnError> {
        match (&self.kind, self.partial) {
            (PgnErrorKind::Lex(LexError::UnclosedComment), Some(game)) => {
                let mut game = *game;
                game.warnings.push(format!(
                    "line {}, column {}: the record ends inside a comment opened here with {{: the moves before it are kept",
                    self.line, self.column
                ));
                Ok(game)
            }
            (_, partial) => Err(PgnError { partial, ..self }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_game_place_move_and_reason() {
        let e = PgnError {
            game: 3,
            players: Some("Kasparov - Deep Blue".to_owned()),
            line: 14,
            column: 5,
            kind: PgnErrorKind::Move(
                MoveAt {
                    number: 23,
                    color: Color::Black,
                    text: "Nf3".to_owned(),
                    in_variation: false,
                },
                "no black knight can move to f3".to_owned(),
            ),
            partial: None,
        };
        assert_eq!(
            e.to_string(),
            "game 3 (Kasparov - Deep Blue), line 14, column 5: move 23 for Black, Nf3: \
             no black knight can move to f3"
        );
    }
}
