//! `play --listen`: the thread that records each utterance on push-to-talk and hands it,
//! heard, to the game host; `--listen-from FILE.wav`: one file heard instead, before the
//! first typed line (for tests and the closed loop). Without a recogniser the game says so
//! in its language and goes on without listening.

use super::line_editor::LineEditor;
use std::path::Path;
use std::sync::{Arc, Mutex};
use vichess::host::{Arrival, Host};
use vichess::listen::{ear, EarError};
use vichess::rules::Position;

/// Starts listening for `host`; returns the position the recording thread hears in, which
/// the game loop keeps up to date (`None` when nothing listens).
pub fn start(
    host: &mut Host,
    from: Option<&Path>,
    editor: Option<&mut LineEditor>,
) -> Option<Arc<Mutex<Position>>> {
    let pack = host.pack().clone();
    let inputs = host.inputs();
    let mut ear = match vichess::listen::open_ear(pack.language()) {
        Ok(ear) => ear,
        Err(e) => {
            let _ = inputs.send(Arrival::Notice(ear::unavailable_line(&pack, &e)));
            return None;
        }
    };
    if let Some(line) = ear::whisper_missing_line(&pack) {
        let _ = inputs.send(Arrival::Notice(line));
    }
    if let Some(file) = from {
        let arrival = match vichess::audio::wav::read(file) {
            Ok(pcm) => {
                let samples = capture_rate(&pcm);
                ear::arrival(ear.as_mut(), &samples, 16_000, &host.position(), &pack)
            }
            Err(e) => Arrival::Notice(ear::failed_line(
                &pack,
                &EarError::Failed(format!("{}: {e}", file.display())),
            )),
        };
        let _ = inputs.send(arrival);
        return None;
    }
    device(host, ear, editor)
}

/// A WAV file's samples as the microphone's would be: 16 kHz, 16-bit, mono.
#[cfg(feature = "audio")]
fn capture_rate(pcm: &vichess::audio::Pcm) -> Vec<i16> {
    vichess::listen::capture::to_16k(&pcm.samples, pcm.rate)
}

#[cfg(not(feature = "audio"))]
fn capture_rate(pcm: &vichess::audio::Pcm) -> Vec<i16> {
    let _ = pcm;
    Vec::new()
}

/// The longest the microphone waits for vichess to finish speaking and sound the open cue:
/// the longest explanation takes a few seconds; a stuck device must not keep the player from
/// speaking.
#[cfg(feature = "audio")]
const CUE_WAIT: std::time::Duration = std::time::Duration::from_secs(15);

/// The microphone: the talk key (F5 in the line editor, the gamepad's talk button) opens and
/// closes an utterance; each closed one is heard in the game's position at that moment.
#[cfg(feature = "audio")]
fn device(
    host: &mut Host,
    mut ear: Box<dyn vichess::listen::Ear + Send>,
    editor: Option<&mut LineEditor>,
) -> Option<Arc<Mutex<Position>>> {
    use vichess::listen::capture::{on_press, Capture, Talk, MAX_MS, RATE, SKIP_SECONDS};
    use vichess::phrase::token::{Token, Word};
    let pack = host.pack().clone();
    let inputs = host.inputs();
    let (talk, presses) = std::sync::mpsc::channel::<()>();
    host.set_talk(talk.clone());
    if let Some(editor) = editor {
        editor.talk_key(talk);
    }
    let position = Arc::new(Mutex::new(host.position()));
    let heard_in = Arc::clone(&position);
    let current = move || {
        heard_in
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    };
    let mut foresight = vichess::listen::foresight::Foresight::new();
    std::thread::Builder::new()
        .name("listening".into())
        .spawn(move || {
            // cpal's stream stays on the thread that opened it.
            let capture = match Capture::open_default(MAX_MS) {
                Ok(c) => c,
                Err(e) => {
                    let why = EarError::Model(e.words(&pack));
                    let _ = inputs.send(Arrival::Notice(ear::unavailable_line(&pack, &why)));
                    return;
                }
            };
            let on = pack.text(&[Token::Word(Word::ListenOn)]);
            let _ = inputs.send(Arrival::Notice(on));
            let tick = std::time::Duration::from_millis(50);
            loop {
                let stop = match presses.recv_timeout(tick) {
                    Ok(()) => match on_press(capture.is_recording()) {
                        Talk::Start => {
                            // The microphone opens once vichess has finished speaking and
                            // the open cue has been heard: none of it is recorded.
                            let (heard, cue_heard) = std::sync::mpsc::channel();
                            let told = inputs.send(Arrival::Talking {
                                open: true,
                                heard: Some(heard),
                            });
                            let skip = match told.map(|()| cue_heard.recv_timeout(CUE_WAIT)) {
                                Ok(Ok(())) => SKIP_SECONDS,
                                // No cue sounds (no device, a screen reader), or the host
                                // is gone: at once.
                                _ => 0.0,
                            };
                            capture.start(skip);
                            foresight.clear();
                            // The grammar is compiled while the player speaks.
                            let _ = ear.prepare(&current(), pack.language());
                            false
                        }
                        Talk::Stop => true,
                    },
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                        let full = capture.is_recording() && capture.is_full();
                        if capture.is_recording() && !full {
                            // Silent after speaking: hear ahead of the closing press, a
                            // step a tick, so a press waits for one step at most.
                            let so_far = capture.so_far();
                            let pos = current();
                            foresight.look(ear.as_mut(), &so_far, RATE, &pos, pack.language());
                        }
                        full
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
                };
                if let Some(why) = capture.take_error() {
                    let line = ear::failed_line(&pack, &EarError::Failed(why.words(&pack)));
                    if inputs.send(Arrival::Notice(line)).is_err() {
                        return;
                    }
                }
                if !stop {
                    continue;
                }
                let samples = capture.stop();
                let _ = inputs.send(Arrival::Talking {
                    open: false,
                    heard: None,
                });
                let pos = current();
                let (hearing, _) = vichess::listen::foresight::hear_closed(
                    &mut foresight,
                    ear.as_mut(),
                    &samples,
                    RATE,
                    &pos,
                    pack.language(),
                );
                let arrival = ear::heard_arrival(hearing, &pack);
                if inputs.send(arrival).is_err() {
                    return;
                }
            }
        })
        .ok()?;
    Some(position)
}

/// Without sound input there is no microphone: said, and the game goes on.
#[cfg(not(feature = "audio"))]
fn device(
    host: &mut Host,
    _ear: Box<dyn vichess::listen::Ear + Send>,
    _editor: Option<&mut LineEditor>,
) -> Option<Arc<Mutex<Position>>> {
    let pack = host.pack().clone();
    let why = EarError::Model("this vichess was built without sound (the `audio` feature)".into());
    let _ = host
        .inputs()
        .send(Arrival::Notice(ear::unavailable_line(&pack, &why)));
    None
}
