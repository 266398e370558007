//! The laws an arbiter applies during play, as pure functions over positions and events.

pub mod touch;

pub use touch::{bound_moves, Obligation, Touch};
