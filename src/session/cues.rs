//! The tactile channel: what a player should feel (a gamepad's rumble) when the clock
//! changes. Worked out here, from the clock before and after each event, so every front end
//! gives the same cues; the front end only plays the patterns.

use crate::input::SessionCue;
use crate::rules::clock::{Clock, ClockState};
use crate::rules::Color;

/// The clock as the cues need it: whose clock runs, which flags are down, and whether the
/// player's time is below the low-time alarm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ClockView {
    state: ClockState,
    flags: [bool; 2],
    low: bool,
}

/// Whose cues to work out, and the alarm threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct CueWatch {
    pub(super) own: Color,
    pub(super) alarm_ms: Option<u64>,
}

impl CueWatch {
    pub(super) fn view(&self, clock: Option<&Clock>, now: u64) -> Option<ClockView> {
        let clock = clock?;
        Some(ClockView {
            state: clock.state(),
            flags: [clock.flag_down(Color::White), clock.flag_down(Color::Black)],
            low: self
                .alarm_ms
                .is_some_and(|a| clock.remaining(self.own, now) < a),
        })
    }

    /// What the player should feel when the clock went from `before` to `after`: the
    /// opponent's press, their own clock starting, low time, a flag.
    pub(super) fn cues(&self, before: ClockView, after: ClockView) -> Vec<SessionCue> {
        let mut out = Vec::new();
        if after.state == ClockState::Running(self.own) && before.state != after.state {
            out.push(match before.state {
                ClockState::Running(_) => SessionCue::OpponentMoved,
                _ => SessionCue::YourClockRunning,
            });
        }
        if after.low && !before.low {
            out.push(SessionCue::LowTime);
        }
        if after.flags != before.flags && after.flags.iter().any(|&f| f) {
            out.push(SessionCue::FlagFell);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(state: ClockState, low: bool, flags: [bool; 2]) -> ClockView {
        ClockView { state, flags, low }
    }

    #[test]
    fn the_player_feels_the_opponents_press_their_clock_low_time_and_a_flag() {
        let w = Color::White;
        let watch = CueWatch {
            own: w,
            alarm_ms: None,
        };
        let cues = |a, b| watch.cues(a, b);
        let running = |c| view(ClockState::Running(c), false, [false; 2]);
        let start = view(ClockState::NotStarted, false, [false; 2]);
        assert_eq!(cues(start, running(w)), vec![SessionCue::YourClockRunning]);
        assert_eq!(
            cues(running(Color::Black), running(w)),
            vec![SessionCue::OpponentMoved]
        );
        assert_eq!(cues(running(w), running(Color::Black)), vec![]);
        assert_eq!(cues(running(w), running(w)), vec![]);
        let low = view(ClockState::Running(w), true, [false; 2]);
        assert_eq!(cues(running(w), low), vec![SessionCue::LowTime]);
        assert_eq!(cues(low, low), vec![]);
        let flag = view(ClockState::Running(w), true, [true, false]);
        assert_eq!(cues(low, flag), vec![SessionCue::FlagFell]);
        assert_eq!(cues(flag, flag), vec![]);
    }
}
