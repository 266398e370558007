//! The operating system's speech engine through the `tts` crate (speech-dispatcher on Linux,
//! SAPI / WinRT or a screen reader on Windows, AVFoundation on macOS).

use super::{Speaker, SpeechError};
use crate::phrase::Language;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long an engine may take from accepting words to beginning to say them. Speech-
/// dispatcher starts its voice module on first use; past this, it is taken as speaking to no
/// sound output (it accepts words without a sound server and says so only in its own log).
const START_LIMIT: Duration = Duration::from_secs(4);

/// How long connecting to the engine may take. Speech-dispatcher's client library waits
/// without limit for the daemon's first answer, so a stuck daemon would hang the game (or a
/// fatal error's last words) for ever; a daemon that has to be started first answers within
/// a second or two even on a loaded machine.
const OPEN_LIMIT: Duration = Duration::from_secs(15);

/// Connects to the system's engine in a thread of its own, waiting [`OPEN_LIMIT`] at most; a
/// connection that never answers is left to its thread.
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
    tts: tts::Tts,
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
    /// Connects to the system's speech engine, picks a voice for `language` when the engine
    /// lists one, and sets the rate to `speed` times normal (0.5..=2.0).
    pub fn open(language: Language, speed: f64) -> Result<SystemSpeech, SpeechError> {
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
            let speed = speed.clamp(0.5, 2.0) as f32;
            let normal = tts.normal_rate();
            let rate = if speed >= 1.0 {
                normal + (tts.max_rate() - normal) * (speed - 1.0)
            } else {
                normal - (normal - tts.min_rate()) * (1.0 - speed) * 2.0
            };
            let _ = tts.set_rate(rate);
        }
        let begun = Arc::new(AtomicU64::new(0));
        let ended = Arc::new(AtomicU64::new(0));
        if tts.supported_features().utterance_callbacks {
            let (b, e, s) = (Arc::clone(&begun), Arc::clone(&ended), Arc::clone(&ended));
            let counted = tts
                .on_utterance_begin(Some(Box::new(move |_| {
                    b.fetch_add(1, Ordering::AcqRel);
                })))
                .and_then(|()| {
                    tts.on_utterance_end(Some(Box::new(move |_| {
                        e.fetch_add(1, Ordering::AcqRel);
                    })))
                })
                .and_then(|()| {
                    tts.on_utterance_stop(Some(Box::new(move |_| {
                        s.fetch_add(1, Ordering::AcqRel);
                    })))
                });
            counted.map_err(|e| SpeechError::CannotStart(e.to_string()))?;
        } else {
            return Err(SpeechError::CannotTell);
        }
        Ok(SystemSpeech {
            tts,
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
        self.tts
            .speak(text, false)
            .map_err(|e| SpeechError::Failed(e.to_string()))?;
        self.said += 1;
        self.last_said = Instant::now();
        self.expected = expected_duration(text, self.speed);
        self.began = None;
        Ok(())
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
            if self.begun.load(Ordering::Acquire) < self.said
                && self.last_said.elapsed() > START_LIMIT
            {
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
