//! Gamepads and foot pedals for `vichess play`: a thread that waits on gilrs, applies the
//! configured mapping (debounce, hold-to-repeat) and sends the commands to the game loop;
//! and the tactile clock channel, playing the cues the driver works out as rumble.
//! Nothing here decides anything about the game.

use crate::input::{InputCommand, PadNotice, SessionCue};
use std::sync::mpsc::Sender;

/// What the game loop hears from the pads.
#[cfg_attr(not(feature = "gamepad"), allow(dead_code))]
pub enum PadNews {
    /// A button, pedal or key's command.
    Command(InputCommand),
    /// A pad found, lost or unable to rumble; or why pads cannot be used: worded by the
    /// game loop in the game's language.
    Notice(PadNotice),
}

/// Starts the pad thread with the configured button bindings and rumble patterns; the
/// returned sender takes the cues to feel. Errors in the configuration are returned at once
/// (they are the player's to fix); a missing gamepad system is a notice.
#[cfg(feature = "gamepad")]
pub fn start<T: From<PadNews> + Send + 'static>(
    config: &crate::config::Config,
    to: Sender<T>,
) -> anyhow::Result<Sender<SessionCue>> {
    use crate::input::gamepad::GamepadInput;
    use crate::input::{Mapper, Mapping};
    use std::time::Duration;
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
                    let notice = PadNotice::Unavailable(e.reason().to_string());
                    let _ = to.send(PadNews::Notice(notice).into());
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

/// Without the `gamepad` feature no pad is read; a configuration that asks for pads is told.
#[cfg(not(feature = "gamepad"))]
pub fn start<T: From<PadNews> + Send + 'static>(
    _config: &crate::config::Config,
    to: Sender<T>,
) -> anyhow::Result<Sender<SessionCue>> {
    let _ = to.send(PadNews::Notice(PadNotice::NotBuilt).into());
    Ok(std::sync::mpsc::channel().0)
}
