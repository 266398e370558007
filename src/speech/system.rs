//! The operating system's speech engine: speech-dispatcher on Linux (through its own client
//! library, `speech::dispatcher`), the `tts` crate elsewhere (SAPI / WinRT or a screen reader
//! on Windows, AVFoundation on macOS).

use super::{Speaker, SpeechError};
use crate::phrase::Language;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long an engine may take from accepting words to beginning to say them. Speech-
/// dispatcher starts its voice module on first use; past this, it is taken as speaking to no
/// sound output (it accepts words without a sound server and says so only in its own log).
const START_LIMIT: Duration = Duration::from_secs(4);

/// [`START_LIMIT`] for an engine that has not yet begun anything: speech-dispatcher is then
/// started (spawned, its voice module loaded) by the first words. `play --listen` loads the
/// Whisper model on both cores at the same moment, and in three play-throughs (sessions 24
/// to 26) the daemon so started took more than four seconds: vichess took it for silent,
/// and a silent engine counts as unavailable for the rest of the game, so every line
/// without a clip went unspoken. Once it has begun once, four seconds hold again.
const FIRST_START_LIMIT: Duration = Duration::from_secs(20);

/// Whether an engine given `said` utterances, of which it has begun `begun`, the last given
/// `since` ago, is silent: it has begun none of the new ones within the limit.
fn silent(begun: u64, said: u64, since: Duration) -> bool {
    let limit = if begun == 0 {
        FIRST_START_LIMIT
    } else {
        START_LIMIT
    };
    begun < said && since > limit
}

/// How long connecting to the engine may take. Speech-dispatcher's client library waits
/// without limit for the daemon's first answer, so a stuck daemon would hang the game (or a
/// fatal error's last words) for ever; a daemon that has to be started first answers within
/// a second or two even on a loaded machine.
pub(super) const OPEN_LIMIT: Duration = Duration::from_secs(15);

/// Where the engine's callbacks count the utterances it began and ended (stopped ones count
/// as ended).
pub(super) struct Counters {
    pub begun: Arc<AtomicU64>,
    pub ended: Arc<AtomicU64>,
}

/// The engine's rate for `speed` (0.5..=2.0 times normal) on its scale from `min` through
/// `normal` to `max`: twice as fast reaches its top, half as fast its bottom.
pub(super) fn rate_in(speed: f64, min: f32, normal: f32, max: f32) -> f32 {
    let speed = speed.clamp(0.5, 2.0) as f32;
    if speed >= 1.0 {
        normal + (max - normal) * (speed - 1.0)
    } else {
        normal - (normal - min) * (1.0 - speed) * 2.0
    }
}

#[cfg(target_os = "linux")]
use super::dispatcher::Engine;

/// The `tts` crate's engine where there is no speech-dispatcher (SAPI / WinRT or a screen
/// reader on Windows, AVFoundation on macOS).
#[cfg(not(target_os = "linux"))]
struct Engine(tts::Tts);

#[cfg(not(target_os = "linux"))]
impl Engine {
    fn open(language: Language, speed: f64, counters: Counters) -> Result<Engine, SpeechError> {
        let mut tts = connect()?;
        if tts.supported_features().voice {
            if let Ok(voices) = tts.voices() {
                let wanted = language.code();
                if let Some(v) = voices
                    .iter()
                    .find(|v| v.language().primary_language().eq_ignore_ascii_case(wanted))
                {
                    let _ = tts.set_voice(v);
                }
            }
        }
        if tts.supported_features().rate {
            let rate = rate_in(speed, tts.min_rate(), tts.normal_rate(), tts.max_rate());
            let _ = tts.set_rate(rate);
        }
        if !tts.supported_features().utterance_callbacks {
            return Err(SpeechError::CannotTell);
        }
        let Counters { begun, ended } = counters;
        let stopped = Arc::clone(&ended);
        tts.on_utterance_begin(Some(Box::new(move |_| {
            begun.fetch_add(1, Ordering::AcqRel);
        })))
        .and_then(|()| {
            tts.on_utterance_end(Some(Box::new(move |_| {
                ended.fetch_add(1, Ordering::AcqRel);
            })))
        })
        .and_then(|()| {
            tts.on_utterance_stop(Some(Box::new(move |_| {
                stopped.fetch_add(1, Ordering::AcqRel);
            })))
        })
        .map_err(|e| SpeechError::CannotStart(e.to_string()))?;
        Ok(Engine(tts))
    }

    fn say(&mut self, text: &str) -> Result<(), String> {
        self.0
            .speak(text, false)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn stop(&mut self) {
        let _ = self.0.stop();
    }
}

/// Connects to the system's engine in a thread of its own, waiting [`OPEN_LIMIT`] at most; a
/// connection that never answers is left to its thread.
#[cfg(not(target_os = "linux"))]
fn connect() -> Result<tts::Tts, SpeechError> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("vichess-speech-connect".into())
        .spawn(move || {
            let _ = tx.send(tts::Tts::default());
        })
        .map_err(|e| SpeechError::CannotStart(e.to_string()))?;
    match rx.recv_timeout(OPEN_LIMIT) {
        Ok(opened) => opened.map_err(|e| SpeechError::CannotStart(e.to_string())),
        Err(_) => Err(SpeechError::NoAnswer),
    }
}

/// A [`Speaker`] that tracks when the engine begins and ends each utterance, so waiting on it
/// detects an engine that accepts words but is heard nowhere.
pub struct SystemSpeech {
    engine: Engine,
    /// Utterances the engine reported as begun and as ended (its callbacks count them).
    begun: Arc<AtomicU64>,
    ended: Arc<AtomicU64>,
    /// Utterances accepted, and when the last one was.
    said: u64,
    last_said: Instant,
    /// How long the last utterance should take, and when it was seen to begin.
    expected: Duration,
    began: Option<Instant>,
    speed: f64,
}

/// About how long `text` takes to say at `speed` (1.0 normal: some 13 letters a second).
/// Speech-dispatcher reports the beginning of an utterance reliably but, with some voice
/// modules and sound servers, never its end; then this estimate says when it is over.
fn expected_duration(text: &str, speed: f64) -> Duration {
    let letters = text.chars().filter(|c| !c.is_whitespace()).count() as f64;
    Duration::from_secs_f64((0.3 + letters / 13.0) / speed.clamp(0.5, 2.0))
}

impl SystemSpeech {
    /// Connects to the system's speech engine, with a voice for `language` where the engine
    /// has one, at `speed` times the normal rate (0.5..=2.0).
    pub fn open(language: Language, speed: f64) -> Result<SystemSpeech, SpeechError> {
        let begun = Arc::new(AtomicU64::new(0));
        let ended = Arc::new(AtomicU64::new(0));
        let counters = Counters {
            begun: Arc::clone(&begun),
            ended: Arc::clone(&ended),
        };
        let engine = Engine::open(language, speed, counters)?;
        Ok(SystemSpeech {
            engine,
            begun,
            ended,
            said: 0,
            last_said: Instant::now(),
            expected: Duration::ZERO,
            began: None,
            speed,
        })
    }
}

impl Speaker for SystemSpeech {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        self.engine.say(text)?;
        self.said += 1;
        self.last_said = Instant::now();
        self.expected = expected_duration(text, self.speed);
        self.began = None;
        Ok(())
    }

    fn stop(&mut self) {
        self.engine.stop();
        // Whatever the engine reports of the cancelled words, they are over.
        self.begun.fetch_max(self.said, Ordering::AcqRel);
        self.ended.fetch_max(self.said, Ordering::AcqRel);
    }

    fn wait(&mut self, timeout: Duration) -> Result<bool, SpeechError> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.ended.load(Ordering::Acquire) >= self.said {
                return Ok(true);
            }
            if self.begun.load(Ordering::Acquire) >= self.said {
                let began = *self.began.get_or_insert_with(Instant::now);
                if began.elapsed() >= self.expected {
                    return Ok(true);
                }
            }
            if silent(
                self.begun.load(Ordering::Acquire),
                self.said,
                self.last_said.elapsed(),
            ) {
                // Counted as said, so the next wait does not report the same silence again.
                self.begun.store(self.said, Ordering::Release);
                self.ended.store(self.said, Ordering::Release);
                return Err(SpeechError::Silent);
            }
            if Instant::now() >= deadline {
                return Ok(false);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

#[cfg(test)]
mod silence_tests {
    use super::*;

    /// An engine that never began anything has twenty seconds, the time to start the daemon
    /// beside a model loading; one that has spoken before has four.
    #[test]
    fn a_first_start_has_longer_than_a_running_engine() {
        let s = Duration::from_secs;
        assert!(!silent(0, 1, s(5)));
        assert!(!silent(0, 3, s(19)));
        assert!(silent(0, 1, s(21)));
        assert!(silent(2, 3, s(5)));
        assert!(!silent(2, 3, s(3)));
        // Everything given has begun: not silent, however long ago.
        assert!(!silent(3, 3, s(60)));
    }
}
