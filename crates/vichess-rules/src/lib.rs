//! The rules core of vichess: the FIDE Laws of Chess as pure functions and values.
//!
//! Positions and legal moves ([`Position`]), FEN, algebraic notation in the players' languages
//! ([`notation`]), the game record with its draws ([`game::Game`]), the chess clock
//! ([`clock::Clock`], [`clock::TimeControl`]) and the arbiter's rulings ([`arbiter`]).
//!
//! The crate does no I/O and reads no clock: nothing here touches a file, a port, a device or
//! the wall clock. Timestamps are the caller's, in milliseconds from any origin, so the same
//! inputs always give the same answers: a session can replay its journal, and a test needs no
//! sleeping. Everything else in vichess (announcer, board tracker, recorder) asks this crate,
//! never the other way round; being a crate of its own, the compiler keeps it so.
//!
//! ```
//! use vichess_rules::clock::{Clock, ClockConfig, TimeControl};
//! use vichess_rules::game::{Game, Status};
//! use vichess_rules::{notation, Color, Position};
//!
//! let mut game = Game::new(Position::new());
//! let mut clock = Clock::new(TimeControl::parse("300+3")?, ClockConfig::default());
//! clock.start(0)?;
//! // Each move with the caller's timestamp of the clock press that completed it.
//! for (text, at) in [("e4", 2_000), ("e5", 4_000), ("Qh5", 9_000), ("Nc6", 10_000),
//!                    ("Bc4", 12_000), ("Nf6", 20_000), ("Qxf7#", 21_000)] {
//!     game.push(notation::parse_move(game.position(), text)?)?;
//!     clock.press(!game.position().turn(), at)?;
//! }
//! assert_eq!(game.status(), Status::Checkmate { winner: Color::White });
//! // White used 2 + 5 + 2 + 1 seconds and got 3 for each of its four moves.
//! assert_eq!(clock.remaining(Color::White, 21_000), 302_000);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Position`], [`game::Game`], [`clock::Clock`] and [`clock::TimeControl::parse`] each show
//! more in their own examples.

#![forbid(unsafe_code)]

pub mod arbiter;
pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod castling;
pub mod chess960;
pub mod clock;
pub mod color;
pub mod dead;
pub mod fen;
pub mod game;
pub mod moves;
pub mod notation;
pub mod position;
pub mod role;
pub mod square;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{Castles, CastlingMode};
pub use color::Color;
pub use fen::{CastlingFault, CastlingStyle, FenError, MoveCounter, PlacementFault, STARTING_FEN};
pub use moves::{CastlingSide, Move};
pub use position::{perft, CastlingBar, IllegalMove, MoveList, Position, PositionError, Setup};
pub use role::{Piece, Role};
pub use square::{File, Rank, Square};
