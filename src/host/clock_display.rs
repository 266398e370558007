//! `[clock] source = "vichess"` with a DGT 3000 on the board (issue 26): vichess's clock is
//! the truth, and the DGT 3000's display shows it, so the sighted opponent and the arbiter
//! read the same times the VI player hears. Each start, press, pause and restart sends the
//! clock a set-and-run command (both times, the side that runs); the clock then counts down
//! on its own until the next. White's time is on the left half. The link paces the commands
//! (one in flight until its acknowledgement) and sends one again that is not acknowledged.

use crate::board::codec::dgt::{ClockCommand, ClockSide, Hms};
use crate::rules::Color;
use crate::session::ClockReading;

/// What the display was last told: the side that runs, and both times in whole seconds.
type Shown = (Option<Color>, u64, u64);

/// vichess's clock on the DGT 3000's display.
#[derive(Debug, Default)]
pub struct ClockDisplay {
    /// A reading came from the clock: one is plugged in.
    present: bool,
    shown: Option<Shown>,
}

impl ClockDisplay {
    /// The board sent a real clock reading: a clock is there to drive.
    pub fn heard(&mut self) {
        self.present = true;
    }

    /// The command to send now that vichess's clock reads `r`, when the display must change:
    /// the first time, when the running side changes (a start, a press, a pause), and while
    /// stopped when a time changes (the arbiter's correction).
    pub fn update(&mut self, r: Option<ClockReading>) -> Option<ClockCommand> {
        let r = r.filter(|_| self.present)?;
        let now: Shown = (r.running, r.white.time / 1000, r.black.time / 1000);
        let send = match self.shown {
            None => true,
            Some((running, w, b)) => {
                running != now.0 || (running.is_none() && (w, b) != (now.1, now.2))
            }
        };
        if !send {
            return None;
        }
        self.shown = Some(now);
        Some(ClockCommand::SetAndRun {
            left: Hms::from_seconds(now.1),
            right: Hms::from_seconds(now.2),
            run: now.0.map(|c| match c {
                Color::White => ClockSide::Left,
                Color::Black => ClockSide::Right,
            }),
        })
    }
}
