//! Physical boards: what their sensors report, the codecs that read their serial protocols,
//! and the tracker that turns sensor changes into touches, moves and mismatches.
//!
//! Codecs are sans-IO (bytes in, messages out) and map their messages to the protocol-free
//! [`sensor`] vocabulary; the tracker consumes only that vocabulary, so a new board type needs a
//! codec and nothing else.

pub mod codec;
pub mod leds;
pub mod link;
pub mod sensor;
pub mod sim;
pub mod tracker;

pub use sensor::{Sensed, SensorEvent, Snapshot};
