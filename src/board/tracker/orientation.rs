//! A board plugged in turned round by 180 degrees reports every square mirrored (a1 as h8).
//! Boards never renumber themselves, so the tracker decides once, from the first reading that
//! shows the game one way round only (or, for an occupancy-only board whose set-up reads the
//! same both ways, from its first move: a man lifted and put where only one way round makes
//! it a legal move), and un-rotates everything after it.

use super::infer::agrees;
use crate::board::{SensorEvent, Snapshot};
use crate::rules::Board;

/// How the board's own numbering relates to the game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Orientation {
    /// No full reading seen yet: events are taken as they come.
    #[default]
    Unknown,
    /// The board's numbering is the game's: events are used as they come.
    Normal,
    /// The board is turned round: every square is un-rotated before use.
    Rotated,
}

impl Orientation {
    /// Decide from a reading: rotated when only the turned-round reading shows the position,
    /// normal when only the raw one does; `Unknown` when both do (an occupancy-only board's
    /// start position) or neither (a board not yet set up).
    pub fn detect(reading: &Snapshot, expected: &Board) -> Orientation {
        match (
            agrees(reading, expected),
            agrees(&reading.rotated(), expected),
        ) {
            (true, false) => Orientation::Normal,
            (false, true) => Orientation::Rotated,
            _ => Orientation::Unknown,
        }
    }

    /// The event as it would read on a board the right way round.
    pub fn apply(self, event: SensorEvent) -> SensorEvent {
        if self != Orientation::Rotated {
            return event;
        }
        match event {
            SensorEvent::Snapshot(s) => SensorEvent::Snapshot(s.rotated()),
            SensorEvent::Lifted(sq) => SensorEvent::Lifted(sq.rotate()),
            SensorEvent::Placed { square, sensed } => SensorEvent::Placed {
                square: square.rotate(),
                sensed,
            },
        }
    }
}
