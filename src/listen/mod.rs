//! Voice input (issue 28): a move or a command heard from the player, checked by the rules
//! before it counts. A recogniser (an [`Ear`]) only proposes readings of one utterance; what
//! vichess does with them is decided here, in one place for `vichess hear`, `play --listen`
//! and any other front end, so a misheard word can never become a wrong move: below the
//! confidence floor nothing is taken, and when the two best readings are close the player
//! is asked which one was meant (Appendix D.2.8: a wrong announcement is put right before
//! the clock starts).

#[cfg(all(feature = "whisper", feature = "listen"))]
pub mod agree;
#[cfg(feature = "audio")]
pub mod capture;
pub mod ear;
pub mod foresight;
pub mod grammar;
pub mod heard;
pub mod level;
#[cfg(feature = "listen")]
pub mod phones;
#[cfg(feature = "listen")]
pub mod sphinx;
pub mod switch;
pub mod trim;
#[cfg(feature = "whisper")]
pub mod whisper;
pub mod words;

pub use ear::open_ear;
pub use heard::{verdict, Ear, EarError, Guess, Hearing, Meaning, Verdict, VerdictRule};
