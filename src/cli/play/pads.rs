//! Gamepads and foot pedals for `vichess play`: a thread that waits on gilrs, applies the
//! configured mapping (debounce, hold-to-repeat) and sends the commands to the game loop;
//! and the tactile clock channel, cues the game loop sends back to be felt as rumble.
//! The session handles `InputCommand`s itself; nothing here decides anything about the game.

use std::sync::mpsc::Sender;
use vichess::input::{InputCommand, SessionCue};
use vichess::rules::clock::{Clock, ClockState};
use vichess::rules::Color;

/// The clock as the cues need it: whose clock runs, and which flags are down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockView {
    pub state: ClockState,
    pub flags: [bool; 2],
    /// The player's time is below the low-time alarm.
    pub low: bool,
}

impl ClockView {
    pub fn of(clock: &Clock, own: Color, alarm_ms: Option<u64>, now: u64) -> ClockView {
        ClockView {
            state: clock.state(),
            flags: [clock.flag_down(Color::White), clock.flag_down(Color::Black)],
            low: alarm_ms.is_some_and(|a| clock.remaining(own, now) < a),
        }
    }
}

/// What the player of colour `own` should feel when the clock went from `before` to
/// `after`: the opponent's press, their own clock starting, low time, a flag.
pub fn cues(before: ClockView, after: ClockView, own: Color) -> Vec<SessionCue> {
    let mut out = Vec::new();
    if after.state == ClockState::Running(own) && before.state != after.state {
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

/// What the game loop hears from the pads.
pub enum PadNews {
    Command(InputCommand),
    /// A pad found, lost or unable to rumble; or why pads cannot be used.
    Notice(String),
}

/// Starts the pad thread with the configured button bindings and rumble patterns; the
/// returned sender takes the cues to feel. Errors in the configuration are returned at once
/// (they are the player's to fix); a missing gamepad system is a notice.
#[cfg(feature = "gamepad")]
pub fn start<T: From<PadNews> + Send + 'static>(
    config: &vichess::config::Config,
    to: Sender<T>,
) -> anyhow::Result<Sender<SessionCue>> {
    use std::time::Duration;
    use vichess::input::gamepad::GamepadInput;
    use vichess::input::{Mapper, Mapping};
    let rumble = config
        .gamepad
        .rumble()
        .map_err(|e| anyhow::anyhow!("the rumble patterns in the configuration: {e}"))?;
    let (cue_tx, cue_rx) = std::sync::mpsc::channel::<SessionCue>();
    let pairs: Vec<(String, String)> = config
        .gamepad
        .bindings()
        .map(|(b, c)| (b.to_string(), c.to_string()))
        .collect();
    let mapping = Mapping::from_pairs(&pairs)
        .map_err(|e| anyhow::anyhow!("the gamepad buttons in the configuration: {e}"))?;
    std::thread::Builder::new()
        .name("gamepads".into())
        .spawn(move || {
            let mut pads = match GamepadInput::new() {
                Ok(p) => p,
                Err(e) => {
                    let _ = to.send(PadNews::Notice(format!("{e}; use the keyboard")).into());
                    return;
                }
            };
            let mut mapper = Mapper::new(mapping);
            loop {
                let events = pads.wait(Duration::from_millis(100));
                let mut commands = Vec::new();
                for e in &events {
                    commands.extend(mapper.feed(e));
                }
                commands.extend(mapper.tick(pads.now_ms()));
                for cue in cue_rx.try_iter() {
                    if let Some(p) = rumble.for_event(cue) {
                        pads.play(p, rumble.strength);
                    }
                }
                let news = pads
                    .take_notices()
                    .into_iter()
                    .map(PadNews::Notice)
                    .chain(commands.into_iter().map(|c| PadNews::Command(c.command)));
                for n in news {
                    if to.send(n.into()).is_err() {
                        return;
                    }
                }
            }
        })?;
    Ok(cue_tx)
}

#[cfg(not(feature = "gamepad"))]
pub fn start<T: From<PadNews> + Send + 'static>(
    _config: &vichess::config::Config,
    to: Sender<T>,
) -> anyhow::Result<Sender<SessionCue>> {
    let _ = to.send(
        PadNews::Notice("this vichess was built without gamepad support; use the keyboard".into())
            .into(),
    );
    Ok(std::sync::mpsc::channel().0)
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
        let running = |c| view(ClockState::Running(c), false, [false; 2]);
        let start = view(ClockState::NotStarted, false, [false; 2]);
        assert_eq!(
            cues(start, running(w), w),
            vec![SessionCue::YourClockRunning]
        );
        assert_eq!(
            cues(running(Color::Black), running(w), w),
            vec![SessionCue::OpponentMoved]
        );
        assert_eq!(cues(running(w), running(Color::Black), w), vec![]);
        assert_eq!(cues(running(w), running(w), w), vec![]);
        let low = view(ClockState::Running(w), true, [false; 2]);
        assert_eq!(cues(running(w), low, w), vec![SessionCue::LowTime]);
        assert_eq!(cues(low, low, w), vec![]);
        let flag = view(ClockState::Running(w), true, [true, false]);
        assert_eq!(cues(low, flag, w), vec![SessionCue::FlagFell]);
        assert_eq!(cues(flag, flag, w), vec![]);
    }
}
