//! Voice packs: the words and recorded clips each token is printed and spoken with.
//!
//! `manifest` loads and validates `voices/<pack>/manifest.toml`; rendering a phrase to sound
//! is the audio side's work and reads packs only through [`Pack`].

pub mod dictate;
pub mod manifest;
pub mod numbers;
pub mod pace;
pub mod render;

pub use manifest::{
    find_all, load_all, search_path, Entry, Found, ManifestError, Origin, Pack, Problem, VoiceDir,
    DEFAULT_PACK, MAX_CLIP_SECONDS, MAX_PACK_BYTES, PACK_NAMES,
};
