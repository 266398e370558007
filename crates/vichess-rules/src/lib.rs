//! The rules core: the FIDE Laws of Chess as pure functions and values.
//!
//! Nothing here touches a file, a port, a device or the wall clock. Everything else in vichess
//! (announcer, board tracker, clock, recorder) asks this module, never the other way round.

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
pub use fen::{CastlingStyle, FenError, STARTING_FEN};
pub use moves::{CastlingSide, Move};
pub use position::{perft, CastlingBar, IllegalMove, MoveList, Position, PositionError, Setup};
pub use role::{Piece, Role};
pub use square::{File, Rank, Square};
