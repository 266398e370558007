//! vichess: audio-first chess for blind and visually impaired players (FIDE Appendix D).
//!
//! The library is the whole program minus its command line: the pure rules core in [`rules`],
//! and the PGN codec in [`pgn`]. See `docs/architecture.md` for the map.

pub mod audio;
pub mod board;
pub mod config;
pub mod input;
pub mod journal;
pub mod pgn;
pub mod phrase;
pub mod session;
pub mod speech;
pub mod voice;

/// The rules core lives in its own crate so the compiler keeps it free of I/O and of the rest of
/// vichess; re-exported here so `vichess::rules::...` paths keep working.
pub use vichess_rules as rules;
