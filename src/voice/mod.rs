//! Voice packs: the words and recorded clips each token is printed and spoken with.
//!
//! `manifest` loads and validates `voices/<pack>/manifest.toml`; rendering a phrase to sound
//! is the audio side's work and reads packs only through [`Pack`].

pub mod dictate;
pub mod manifest;
pub mod render;

pub use manifest::{
    load_all, voices_dir, Entry, ManifestError, Pack, Problem, DEFAULT_PACK, PACK_NAMES,
};
