//! System speech: what the voice pack has no clip for (times and counts in words, a changed
//! word, a missing clip) is said by the operating system's speech engine.
//!
//! System speech may not be there (no speech-dispatcher). Then vichess says so once, clearly,
//! and carries on with the clips and the printed text: a player must never be left guessing
//! why a word was not spoken, and must never lose the game over it.

pub mod file;
#[cfg(feature = "audio")]
pub mod live;
#[cfg(feature = "speech")]
pub mod system;

use std::time::Duration;

/// Why system speech could not be used or failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpeechError {
    /// There is no usable engine (none installed, or no sound output): told once, then the
    /// words are only printed.
    #[error("system speech is not available: {0}")]
    Unavailable(String),
    /// A working engine failed on some words: told each time, since the next may succeed.
    #[error("system speech failed: {0}")]
    Failed(String),
}

/// A speech engine that speaks text aloud (to the sound system, not into memory).
pub trait Speaker {
    /// Queues `text` to be spoken after anything still being said.
    fn speak(&mut self, text: &str) -> Result<(), SpeechError>;
    /// Waits until everything queued has been said, at most `timeout`: `Ok(true)` when it has,
    /// `Ok(false)` when it is still speaking, an error when it was given words and never began
    /// to say them (no sound output).
    fn wait(&mut self, timeout: Duration) -> Result<bool, SpeechError>;
}

/// System speech if it is there, and one clear notice if it is not.
pub struct Fallback {
    speaker: Result<Box<dyn Speaker>, SpeechError>,
    told: bool,
}

impl Fallback {
    /// Wraps an engine, or the reason there is none, so the game goes on either way; tests
    /// pass a recording speaker here.
    pub fn new(speaker: Result<Box<dyn Speaker>, SpeechError>) -> Fallback {
        Fallback {
            speaker,
            told: false,
        }
    }

    /// The system's speech engine for `language` at `speed` (1.0 normal), or the notice why not.
    #[cfg(feature = "speech")]
    pub fn system(language: crate::phrase::Language, speed: f64) -> Fallback {
        Fallback::new(
            system::SystemSpeech::open(language, speed).map(|s| Box::new(s) as Box<dyn Speaker>),
        )
    }

    /// No system speech (built without the `speech` feature, or switched off).
    pub fn unavailable(reason: &str) -> Fallback {
        Fallback::new(Err(SpeechError::Unavailable(reason.to_string())))
    }

    /// Whether words can be spoken: false once the engine turned out silent, so callers stop
    /// waiting for it.
    pub fn is_available(&self) -> bool {
        self.speaker.is_ok()
    }

    /// Speaks `text`. Returns a notice for the player the first time speech is unavailable or
    /// fails (print it, and play it if there is a way); after that, `None`: the words are in
    /// the printed line anyway. A failure of a working engine is told each time it happens.
    pub fn speak(&mut self, text: &str) -> Option<String> {
        match &mut self.speaker {
            Ok(s) => s.speak(text).err().map(|e| notice(&e)),
            Err(e) if !self.told => {
                self.told = true;
                Some(notice(e))
            }
            Err(_) => None,
        }
    }

    /// Waits for system speech to finish, at most `timeout`; `Ok(true)` at once without speech.
    /// When the engine turns out to be silent, the notice for the player, and from then on
    /// speech counts as unavailable, so the game is not slowed by waiting for it.
    pub fn wait(&mut self, timeout: Duration) -> Result<bool, String> {
        match &mut self.speaker {
            Ok(s) => match s.wait(timeout) {
                Ok(done) => Ok(done),
                Err(e) => {
                    let told = notice(&e);
                    self.speaker = Err(e);
                    self.told = true;
                    Err(told)
                }
            },
            Err(_) => Ok(true),
        }
    }
}

/// What the player is told when words cannot be spoken.
pub fn notice(e: &SpeechError) -> String {
    format!(
        "Note: {e}. Words without a voice clip are printed but not spoken; \
         install speech-dispatcher to hear them."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Recorder(Vec<String>, bool);
    impl Speaker for Recorder {
        fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
            if self.1 {
                return Err(SpeechError::Failed("the daemon went away".into()));
            }
            self.0.push(text.to_string());
            Ok(())
        }
        fn wait(&mut self, _: Duration) -> Result<bool, SpeechError> {
            if self.0.iter().any(|t| t == "silent") {
                return Err(SpeechError::Unavailable("no sound output".into()));
            }
            Ok(true)
        }
    }

    #[test]
    fn unavailable_speech_is_told_once_and_then_skipped() {
        let mut f = Fallback::unavailable("speech-dispatcher is not installed");
        let first = f.speak("zwölf Züge").expect("a notice the first time");
        assert!(
            first.contains("speech-dispatcher is not installed"),
            "{first}"
        );
        assert!(first.contains("printed"), "{first}");
        assert_eq!(f.speak("drei Minuten"), None);
        assert!(!f.is_available());
        assert_eq!(f.wait(Duration::ZERO), Ok(true));
    }

    #[test]
    fn working_speech_speaks_and_failures_are_told() {
        let mut f = Fallback::new(Ok(Box::new(Recorder(Vec::new(), false))));
        assert_eq!(f.speak("drei Minuten"), None);
        let mut broken = Fallback::new(Ok(Box::new(Recorder(Vec::new(), true))));
        assert!(broken.speak("x").unwrap().contains("the daemon went away"));
        assert!(broken.speak("y").is_some());
    }

    #[test]
    fn a_silent_engine_is_told_once_and_then_counts_as_unavailable() {
        let mut f = Fallback::new(Ok(Box::new(Recorder(Vec::new(), false))));
        assert_eq!(f.speak("silent"), None);
        let told = f.wait(Duration::ZERO).expect_err("the silence is told");
        assert!(told.contains("no sound output"), "{told}");
        assert!(!f.is_available());
        assert_eq!(f.speak("drei Minuten"), None);
        assert_eq!(f.wait(Duration::ZERO), Ok(true));
    }
}
