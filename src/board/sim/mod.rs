//! The sensor-traffic simulator: plays moves as a person's hands would on a physical board and
//! turns them into the bytes a DGT, ChessLink, Certabo, pegboard or Chessnut would send.
//!
//! The generator ([`human`]) and the board emulators ([`emulator`]) are pure and seeded; only
//! [`pty`] touches a device (a pseudo-terminal), for `vichess board sim` and the link tests.

pub mod chessnut;
pub mod emulator;
pub mod faults;
pub mod human;
// Pseudo-terminals exist only on Unix; Windows has no stand-in for a serial port.
#[cfg(all(unix, feature = "serial"))]
pub mod pty;

pub use chessnut::Chessnut;
pub use emulator::Emulator;
pub use faults::{Fault, Faults};
pub use human::{actions, touch, Action, Hands, Style};
