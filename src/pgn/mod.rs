//! PGN (Portable Game Notation) in and out.
//!
//! # Data model
//!
//! A file is a sequence of [`PgnGame`]s. A game holds its tag pairs in file order (values with
//! `\"` and `\\` resolved), its start position (the standard array, or the `[FEN]` tag's
//! position, in Chess960 mode when `[Variant]` says so or the FEN's castling field needs it),
//! its main [`Line`], its result, and warnings about things that were odd but harmless.
//!
//! A [`Line`] is a list of [`PgnMove`]s plus the comments before its first move. Each
//! [`PgnMove`] is a legal [`Move`](crate::rules::Move) with its NAGs (`!`..`?!` become 1..6),
//! the comments after it (each a [`Comment`] with its `[%clk]` and `[%emt]` times also
//! parsed), and its variations: [`Line`]s that replace it, played from the position before it.
//! Moves are stored as moves, not text: the writer produces fresh SAN.
//!
//! [`PgnGame::from_game`] and [`PgnGame::to_game`] go to and from the rules core's
//! [`Game`](crate::rules::game::Game).
//!
//! Comments keep their words but not their line breaks: whitespace runs become one space, so a
//! comment reads the same however a writer wrapped it.
//!
//! # Recovery rule
//!
//! [`read_games`] never stops at a bad game. A game that cannot be read becomes a
//! [`PgnError`] naming the game (number, players), the line and column, the move ("move 23
//! for Black, Nf3") and the reason, and carrying everything read before the error. Reading
//! then goes on at the next line starting `[Event`, or at the next tag line that follows an
//! empty line or a result (`1-0`, `0-1`, `1/2-1/2`, `*`). A comment left open at the end of the file ends at the first
//! tag line inside it. A game whose movetext stops without a result (end of file, or the next
//! game's tags) is kept, with a warning; inside an open variation that is an error.

mod convert;
mod error;
mod lexer;
mod model;
mod moves;
mod reader;
mod setup;
mod stream;
mod warning;
pub mod words;
mod writer;

pub use convert::{result_of, Replayed};
pub use error::{Found, MoveAt, PgnError, PgnErrorKind, Stray, TagProblem};
pub use lexer::{LexError, Lexer, Token, TokenKind};
pub use model::{
    format_duration, parse_duration, Comment, GameResult, Line, PgnGame, PgnMove, Termination,
    SEVEN_TAG_ROSTER,
};
pub use reader::{read_game, read_games, suffix_nag, Games, MAX_DEPTH};
pub use setup::{start_position, variant_is_chess960};
pub use stream::GameStream;
pub use warning::PgnWarning;
pub use writer::{write_game, write_game_with, write_games, MoveStyle, WriteOptions};
