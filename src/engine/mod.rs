//! Chess engines spoken to over UCI (issue 27): the protocol as a sans-IO codec
//! ([`uci`]), and what vichess makes of an engine's numbers ([`level`], [`words`]). Nothing here
//! starts a process or reads a pipe: the host's engine seat (`host::engine`) does, and feeds
//! the lines it reads through [`uci::Listener`]. So the whole protocol, including every way an
//! engine can misbehave, is tested line by line without an engine.
//!
//! Why no crate: the UCI crates on crates.io (`uci`, `vampirc-uci`, `ruci`) either own the
//! process and block on its pipes (so a hang cannot be timed out by the caller), or parse
//! with a grammar that rejects a whole line for one unknown token and do not bound what they
//! keep. vichess needs the few commands a GUI sends, tolerant reading of what an engine says
//! (unknown lines ignored, a malformed `bestmove` reported as such, long lines cut), and no
//! thread of the codec's own; that is under three hundred lines here.

pub mod level;
pub mod review;
pub mod uci;
pub mod words;
