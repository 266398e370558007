//! Why a game could not be read, said so that it makes sense read aloud: which game, where in
//! the file, which move, and why.

use super::lexer::LexError;
use super::model::PgnGame;
use crate::rules::notation::MoveError;
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
    /// A tag line that is not `[Name "value"]`: what is wrong, and what was found instead.
    BadTag(TagProblem, Found),
    /// The `[FEN]` tag does not describe a position play can start from.
    BadFen(String, Box<FenError>),
    /// A `[Variant]` other than standard chess or Chess960.
    UnsupportedVariant(String),
    /// A move that is not legal or not readable here, with the notation module's reason.
    Move(MoveAt, Box<MoveError>),
    /// A move the notation module read as legal that the position still refused.
    NotLegal(MoveAt),
    /// `--`, `Z0` and friends: placeholders some programs write for a skipped turn.
    NullMove(MoveAt),
    /// The file ends inside a main-line move: its text is the start of a legal move and
    /// nothing follows it (a record copied while it was written, "2. Nf3 N").
    CutInMove(MoveAt),
    /// A `(` with no `)` before the game or the file ends.
    UnclosedVariation,
    /// A `)` with no `(`.
    UnopenedVariation,
    /// A `(` before any move it could be an alternative to.
    VariationWithoutMove,
    /// Variations nested deeper than this many levels.
    TooDeep(usize),
    /// Something that has no place in the moves, such as a `"` string or a `]`.
    Unexpected(Stray),
}

/// What is wrong with a tag line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TagProblem {
    /// `[` with no name after it.
    NameMissing,
    /// The named tag has no quoted value.
    NoValue(String),
    /// The named tag is not closed with `]`.
    NotClosed(String),
}

/// What a tag line holds where its next part should be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The file ends.
    End,
    /// A word, as written.
    Symbol(String),
    /// A quoted text, as written.
    Text(String),
    /// Something else (a bracket, a comment).
    Other,
}

/// Something among the moves that has no place there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stray {
    /// A `[` that does not start a line.
    TagOpen,
    /// A `]`.
    TagClose,
    /// A quoted string.
    Text,
}

impl fmt::Display for TagProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagProblem::NameMissing => f.write_str("the tag name is missing"),
            TagProblem::NoValue(name) => write!(f, "the {name} tag has no quoted value"),
            TagProblem::NotClosed(name) => write!(f, "the {name} tag is not closed with ]"),
        }
    }
}

impl fmt::Display for Stray {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stray::TagOpen => "a [ that does not start a line",
            Stray::TagClose => "a ]",
            Stray::Text => "a quoted string",
        })
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Lex(e) => e.fmt(f),
            PgnErrorKind::BadTag(problem, found) => {
                f.write_str("a tag must be written as [Name \"value\"], but here ")?;
                match found {
                    Found::End => f.write_str("the file ends"),
                    Found::Symbol(s) => write!(f, "{problem} (found {s:?})"),
                    Found::Text(s) => write!(f, "{problem} (found the text {s:?})"),
                    Found::Other => write!(f, "{problem}"),
                }
            }
            PgnErrorKind::BadFen(fen, e) => write!(f, "the FEN tag {fen:?} is unusable: {e}"),
            PgnErrorKind::UnsupportedVariant(v) => write!(
                f,
                "the variant {v:?} is not supported: only standard chess and Chess960 are"
            ),
            PgnErrorKind::Move(at, why) => write!(f, "{at}: {why}"),
            PgnErrorKind::NotLegal(at) => write!(f, "{at}: this move is not legal here"),
            PgnErrorKind::NullMove(at) => {
                write!(f, "{at}: null moves are not chess moves")
            }
            PgnErrorKind::CutInMove(at) => {
                write!(
                    f,
                    "{at}: the file ends inside this move: the record is cut off here"
                )
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
                game.warnings.push(super::PgnWarning::CutInComment {
                    line: self.line,
                    column: self.column,
                });
                Ok(game)
            }
            // Cut off inside a move: the moves before it, the same way.
            (PgnErrorKind::CutInMove(at), Some(game)) => {
                let mut game = *game;
                game.warnings.push(super::PgnWarning::CutInMove {
                    line: self.line,
                    column: self.column,
                    text: at.text.clone(),
                });
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
                Box::new(
                    crate::rules::notation::parse_move(&crate::rules::Position::new(), "Nd4")
                        .unwrap_err(),
                ),
            ),
            partial: None,
        };
        assert_eq!(
            e.to_string(),
            format!(
                "game 3 (Kasparov - Deep Blue), line 14, column 5: move 23 for Black, Nf3: {}",
                crate::rules::notation::parse_move(&crate::rules::Position::new(), "Nd4")
                    .unwrap_err()
            )
        );
    }
}
