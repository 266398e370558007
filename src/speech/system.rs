//! The operating system's speech engine through the `tts` crate (speech-dispatcher on Linux,
//! SAPI / WinRT or a screen reader on Windows, AVFoundation on macOS).

use super::{Speaker, SpeechError};
use crate::phrase::Language;
use std::time::{Duration, Instant};

pub struct SystemSpeech {
    tts: tts::Tts,
}

impl SystemSpeech {
    /// Connects to the system's speech engine, picks a voice for `language` when the engine
    /// lists one, and sets the rate to `speed` times normal (0.5..=2.0).
    pub fn open(language: Language, speed: f64) -> Result<SystemSpeech, SpeechError> {
        let mut tts =
            tts::Tts::default().map_err(|e| SpeechError::Unavailable(explain(&e.to_string())))?;
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
        Ok(SystemSpeech { tts })
    }
}

/// Speech-dispatcher's errors say little; say what to do.
fn explain(e: &str) -> String {
    format!("{e} (is speech-dispatcher installed and can it start?)")
}

impl Speaker for SystemSpeech {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        self.tts
            .speak(text, false)
            .map(|_| ())
            .map_err(|e| SpeechError::Failed(e.to_string()))
    }

    fn wait(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        // Speech-dispatcher reports "speaking" only once the utterance has begun.
        std::thread::sleep(Duration::from_millis(100));
        loop {
            match self.tts.is_speaking() {
                Ok(false) | Err(_) => return true,
                Ok(true) if Instant::now() >= deadline => return false,
                Ok(true) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }
}
