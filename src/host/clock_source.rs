//! `[clock] source = "board"`: the physical clock on the DGT board (a DGT 3000) is the truth,
//! and its lever is the press. (Its times, a drift from vichess's clock and its silence are
//! `host::board_clock`'s.) The clock's readings come with the board's link events; this
//! decides, from the side whose clock runs, when the lever was pressed, and keeps a press that
//! came before vichess had the move (the dump that confirms a DGT update can come a moment
//! after the lever) until the move is there, so the D.2.3-4 order stays: the move is
//! announced, then the press counts.

use crate::board::codec::dgt::{ClockSide, ClockTimes};
use crate::session::Stamp;

/// A press seen on the lever is kept this long for the move it completes.
const PRESS_WAITS_MS: u64 = 3_000;

/// The lever, as the clock's readings show it.
#[derive(Debug, Default)]
pub struct Lever {
    running: Option<ClockSide>,
    pressed_at: Option<Stamp>,
}

impl Lever {
    /// A clock reading: returns true when it shows the lever pressed (the running side
    /// changed from one side to the other).
    pub fn reading(&mut self, t: &ClockTimes, now: Stamp) -> bool {
        let turn = if t.running { t.turn } else { None };
        let pressed = matches!((self.running, turn), (Some(a), Some(b)) if a != b);
        if turn.is_some() {
            self.running = turn;
        }
        if pressed {
            self.pressed_at = Some(now);
        }
        pressed
    }

    /// A press is waiting for its move (seen within the last few seconds).
    pub fn take_press(&mut self, now: Stamp) -> bool {
        self.pressed_at
            .take()
            .is_some_and(|at| now.as_millis() <= at.as_millis() + PRESS_WAITS_MS)
    }

    /// When the waiting press was seen, if one waits.
    pub fn waiting_since(&self) -> Option<Stamp> {
        self.pressed_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(turn: Option<ClockSide>) -> ClockTimes {
        ClockTimes {
            running: turn.is_some(),
            turn,
            ..Default::default()
        }
    }

    #[test]
    fn a_press_is_the_running_side_changing() {
        let mut lever = Lever::default();
        let at = Stamp::from_millis;
        assert!(!lever.reading(&reading(Some(ClockSide::Left)), at(0)));
        assert!(!lever.reading(&reading(Some(ClockSide::Left)), at(1000)));
        assert!(
            !lever.reading(&reading(None), at(1500)),
            "paused is no press"
        );
        assert!(lever.reading(&reading(Some(ClockSide::Right)), at(2000)));
        assert!(lever.take_press(at(2100)));
        assert!(!lever.take_press(at(2200)), "taken once");
        assert!(lever.reading(&reading(Some(ClockSide::Left)), at(3000)));
        assert!(!lever.take_press(at(9000)), "too old to complete a move");
    }
}
