//! Links to boards: a pure supervisor (state, watchdog, reconnect, resynchronisation) and,
//! behind the `serial` feature, the thin adapter that runs it over a real port; behind
//! `hidraw`, the adapter for Chessnut boards on USB HID, which needs no supervisor.

#[cfg(all(feature = "hidraw", unix))]
pub mod hid;
pub mod loss;
#[cfg(feature = "serial")]
pub mod port;
pub mod supervisor;

pub use loss::{LinkLoss, SystemWhy};
pub use supervisor::{Action, Supervisor, Timing};

use crate::board::codec::dgt::{ClockAck, ClockTimes};
use crate::board::codec::FrameError;
use crate::board::sensor::SensorEvent;
use std::fmt;

/// What a link reports to the session; each is worth announcing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// The port is open and the handshake went out.
    Connected {
        /// The device path that was opened, to name the board in the announcement.
        path: String,
    },
    /// The board vanished or cannot be opened; the link retries every two seconds.
    Disconnected {
        /// Why: said in the game's words by [`LinkLoss::words`].
        reason: LinkLoss,
    },
    /// A full reading arrived after a connect or a doubt; it follows as `Sensor(Snapshot)`,
    /// to be compared with the game before play carries on.
    Resynchronised,
    /// A message was damaged or lost and a full reading has been asked for: change reports
    /// may be missing some of theirs, so nothing is decided on them until the reading comes
    /// (as `Sensor(Snapshot)`) or the link gives up on it.
    Rereading,
    /// The full reading awaited since [`LinkEvent::Rereading`] did not come: the session stops
    /// waiting and decides nothing on what it saw meanwhile (the link keeps asking).
    RereadGaveUp,
    /// Something happened on the squares.
    Sensor(SensorEvent),
    /// A DGT clock reading that passed the sanity filters.
    Clock(ClockTimes),
    /// The clock answered a command or reported a button.
    ClockAck(ClockAck),
    /// A clock command was never confirmed.
    ClockFailed(String),
    /// Identification (version, serial number, name), reported once per connection.
    Info(crate::board::codec::BoardInfo),
    /// The board reported a fault of its own.
    BoardError(String),
    /// A garbled frame was dropped (a full reading has been requested).
    Garbled(FrameError),
}

impl fmt::Display for LinkEvent {
    /// One readable line, fit for a screen reader.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkEvent::Connected { path } => write!(f, "board connected on {path}"),
            LinkEvent::Disconnected { reason } => {
                write!(f, "board disconnected: {reason}; retrying every 2 seconds")
            }
            LinkEvent::Resynchronised => write!(f, "board resynchronised"),
            LinkEvent::Rereading => write!(f, "board being read again"),
            LinkEvent::RereadGaveUp => write!(f, "board could not be read again"),
            LinkEvent::Sensor(SensorEvent::Lifted(sq)) => write!(f, "sensor: lifted {sq}"),
            LinkEvent::Sensor(SensorEvent::Placed { square, sensed }) => {
                write!(f, "sensor: placed {square} ({sensed:?})")
            }
            LinkEvent::Sensor(SensorEvent::Snapshot(_)) => write!(f, "sensor: full reading"),
            LinkEvent::Clock(t) => {
                let turn = match t.turn {
                    Some(crate::board::codec::dgt::ClockSide::Left) => ", left to move",
                    Some(crate::board::codec::dgt::ClockSide::Right) => ", right to move",
                    None => "",
                };
                write!(
                    f,
                    "clock: left {}, right {}{}{turn}",
                    t.left.time,
                    t.right.time,
                    if t.running { "" } else { ", stopped" }
                )
            }
            LinkEvent::ClockAck(a) => write!(f, "clock acknowledged {:02X?}", a.0),
            LinkEvent::ClockFailed(s) => write!(f, "clock: {s}"),
            LinkEvent::Info(s) => write!(f, "board: {s}"),
            LinkEvent::BoardError(s) => write!(f, "board reports: {s}"),
            LinkEvent::Garbled(e) => write!(f, "{e}"),
        }
    }
}
