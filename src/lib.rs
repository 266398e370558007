//! vichess: audio-first chess for blind and visually impaired players (FIDE Appendix D).
//!
//! The library is the whole program minus its command line; the binary's commands
//! (`src/cli/`) are thin shells that connect these parts to the terminal, the wall clock,
//! files and devices:
//!
//! - [`rules`]: the pure rules core, the `vichess-rules` crate re-exported: positions, moves,
//!   notation, the game record, the clock and the arbiter's rulings, with no I/O.
//! - [`pgn`]: reading and writing PGN, with errors that name the game, line and move.
//! - [`phrase`]: what vichess says, as language-independent tokens, with times and counts in
//!   words.
//! - [`voice`]: voice packs (manifests and recorded clips) and rendering phrases to sound.
//! - [`audio`]: sound buffers, WAV files, resampling, routing to the public or the player-only
//!   audience, and the output device.
//! - [`speech`]: system text-to-speech for words a pack has no clip for.
//! - [`board`]: sensor boards: the DGT, ChessLink and pegboard codecs, the tracker that turns
//!   sensor changes into touches and moves, the serial link, and simulated boards.
//! - [`braille`]: braille scoresheets (BRF and Unicode braille through liblouis), reading
//!   braille notation, and the BrlAPI client codec for braille displays.
//! - [`listen`]: voice input: what a recogniser heard, and the one rule that decides whether
//!   it is taken, asked back, or not understood.
//! - [`journal`]: the append-only, checksummed game journal a game is resumed from.
//! - [`config`]: the layered TOML configuration, checked key by key.
//! - [`safe_file`]: every file vichess writes, written the safe way (temporary file, fsync,
//!   rename, fsync of the folder; mode 0600; never through a symbolic link).
//! - [`input`]: gamepads, pedals and keys to commands, and the rumble cues.
//! - [`session`]: the game session, a sans-IO state machine for the Appendix D flow, and its
//!   driver [`session::Table`], which adds the boards and cues and which every front end
//!   runs.
//! - [`host`]: one game with everything around that driver (the lock, the journal and its
//!   retry, saves, boards, pads, the voice, the braille line, resume): `vichess play` and
//!   `vichess window` are each a short loop over a [`host::Host`].
//! - [`text`]: the one way a line reaches a screen: control characters made visible, the
//!   umlaut spelling chosen.
//!
//! `docs/architecture.md` is the map: where each part lives and how a move flows through them.

pub mod audio;
pub mod board;
pub mod braille;
pub mod config;
pub mod engine;
pub mod fen_words;
pub mod host;
pub mod input;
pub mod io_words;
pub mod journal;
pub mod listen;
pub mod pgn;
pub mod phrase;
pub mod safe_file;
pub mod session;
pub mod speech;
pub mod text;
pub mod voice;

/// The rules core lives in its own crate so the compiler keeps it free of I/O and of the rest of
/// vichess; re-exported here so `vichess::rules::...` paths keep working.
pub use vichess_rules as rules;
