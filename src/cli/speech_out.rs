//! The library host's sound output, for the commands that speak without a game (`announce`,
//! `demo`, `clock`).

pub use vichess::host::speakers::*;
