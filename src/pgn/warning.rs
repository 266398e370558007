//! What was odd in a game but did not stop it being read, as values: the reader is sans-IO
//! and wordless, and each command says a warning in the game's language (`pgn::words`).
//! `Display` is the English form.

use super::model::GameResult;
use std::fmt;

/// Something odd in a game that was still read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnWarning {
    /// The next game's tags begin at `line` before this game has any moves or a result.
    NoMoves {
        /// Where the next game's tags begin.
        line: u32,
    },
    /// The movetext stops at `line` without a result; the moves read so far are kept.
    EndsEarly {
        /// Where it stops.
        line: u32,
        /// The next game's tags begin there, rather than the file ending.
        next_game: bool,
    },
    /// The record ends inside a `{` comment opened at `line`, `column`: the moves before it
    /// are kept.
    CutInComment {
        /// Where the comment opens.
        line: u32,
        /// The column of its `{`.
        column: u32,
    },
    /// The record ends inside a move written at `line`, `column` (`text`, the start of a
    /// legal one): the moves before it are kept.
    CutInMove {
        /// Where the move begins.
        line: u32,
        /// Its column.
        column: u32,
        /// The move as far as it was written.
        text: String,
    },
    /// A result written inside a variation, ignored.
    ResultInVariation {
        /// Where it is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The result as written.
        result: String,
    },
    /// A `!`/`?` run that is no standard annotation, ignored.
    UnknownSuffix {
        /// Where it is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The annotation as written.
        text: String,
    },
    /// A `$` not followed by a number from 0 to 255, ignored.
    BadNag {
        /// Where it is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The text as written (`$`, `$300`).
        text: String,
    },
    /// An annotation before any move it could annotate, ignored.
    AnnotationBeforeMove {
        /// Where it is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The annotation as written.
        text: String,
    },
    /// The Result tag and the result after the moves differ.
    ResultTagDiffers {
        /// The tag's value.
        tag: String,
        /// The result after the moves.
        result: GameResult,
    },
    /// `[SetUp "1"]` without a FEN tag: the game starts from the usual position.
    SetUpWithoutFen,
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnWarning::NoMoves { line } => write!(
                f,
                "line {line}: the next game's tags begin before this game has any moves or a result"
            ),
            PgnWarning::EndsEarly { line, next_game } => write!(
                f,
                "line {line}: {} before this game's result: the moves read so far are kept",
                if *next_game {
                    "the next game's tags begin"
                } else {
                    "the file ends"
                }
            ),
            PgnWarning::CutInComment { line, column } => write!(
                f,
                "line {line}, column {column}: the record ends inside a comment opened here with {{: the moves before it are kept"
            ),
            PgnWarning::CutInMove { line, column, text } => write!(
                f,
                "line {line}, column {column}: the record ends inside the move {text:?}: the moves before it are kept"
            ),
            PgnWarning::ResultInVariation {
                line,
                column,
                result,
            } => write!(
                f,
                "line {line}, column {column}: the result {result} inside a variation is ignored"
            ),
            PgnWarning::UnknownSuffix { line, column, text } => write!(
                f,
                "line {line}, column {column}: the annotation {text} is not a standard one and is ignored"
            ),
            PgnWarning::BadNag { line, column, text } => write!(
                f,
                "line {line}, column {column}: {text:?} is not an annotation: a dollar sign must be followed by a number from 0 to 255"
            ),
            PgnWarning::AnnotationBeforeMove { line, column, text } => write!(
                f,
                "line {line}, column {column}: the annotation {text} comes before any move and is ignored"
            ),
            PgnWarning::ResultTagDiffers { tag, result } => write!(
                f,
                "the Result tag says {tag} but the moves end with {result}"
            ),
            PgnWarning::SetUpWithoutFen => f.write_str(
                "the SetUp tag asks for a set-up position but there is no FEN tag: the game starts from the usual position",
            ),
        }
    }
}
