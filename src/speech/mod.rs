//! System speech: what the voice pack has no clip for (times and counts in words, a changed
//! word, a missing clip) is said by the operating system's speech engine.
//!
//! System speech may not be there (no speech-dispatcher). Then vichess says so once, clearly,
//! and carries on with the clips and the printed text: a player must never be left guessing
//! why a word was not spoken, and must never lose the game over it.

#[cfg(all(feature = "speech", target_os = "linux"))]
mod dispatcher;
pub mod file;
#[cfg(feature = "audio")]
pub mod live;
#[cfg(feature = "speech")]
pub mod system;

use crate::phrase::token::{Token, Word};
use crate::voice::Pack;
use std::time::Duration;

/// Why system speech could not be used or failed. The text a system gave (an engine's error,
/// eSpeak NG's complaint) is kept as it came; the rest is vichess's own and is worded in the
/// game's language by [`notice`] (the English `Display` is for logs and tests).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpeechError {
    /// There is no usable engine (none installed, or no sound output): told once, then the
    /// words are only printed. The system's reason.
    #[error("system speech is not available: {0}")]
    Unavailable(String),
    /// A working engine failed on some words: told each time, since the next may succeed.
    #[error("system speech failed: {0}")]
    Failed(String),
    /// The engine could not start (the system's reason): is speech-dispatcher installed?
    #[error(
        "system speech is not available: {0} (is speech-dispatcher installed and can it start?)"
    )]
    CannotStart(String),
    /// This vichess was built without the `speech` feature.
    #[error("system speech is not available: this vichess was built without system speech")]
    NotBuilt,
    /// The engine cannot report when it speaks, so it cannot be kept in order with the clips.
    #[error(
        "system speech is not available: the system's speech engine cannot tell when it speaks"
    )]
    CannotTell,
    /// The engine took words and never began to say them: no working sound output.
    #[error(
        "system speech is not available: speech-dispatcher took the words but never began to \
         say them: it has no working sound output (is a sound server such as PulseAudio running?)"
    )]
    Silent,
    /// The engine was reached but never answered (a speech-dispatcher that hangs): vichess
    /// stops waiting rather than hang with it.
    #[error(
        "system speech is not available: speech-dispatcher does not answer (is it stuck? \
         `killall speech-dispatcher` ends it)"
    )]
    NoAnswer,
    /// `espeak-ng` (words without a clip in a recording) cannot be run: the system's reason,
    /// its kind kept so that a common one (not installed) is said in the game's words.
    #[error("system speech is not available: cannot run espeak-ng: {1}")]
    NoEspeak(std::io::ErrorKind, String),
    /// speech-dispatcher was reached and refused the words.
    #[error("system speech failed: speech-dispatcher refused the words")]
    Refused,
    /// `espeak-ng` could not say some words: its own complaint.
    #[error("system speech failed: espeak-ng could not say the words: {0}")]
    EspeakFailed(String),
    /// The worker that keeps speech in order has stopped: announcements are printed only.
    #[error("the speech worker has stopped; announcements are printed only")]
    WorkerStopped,
}

/// A speech engine that speaks text aloud (to the sound system, not into memory).
pub trait Speaker {
    /// Queues `text` to be spoken after anything still being said.
    fn speak(&mut self, text: &str) -> Result<(), SpeechError>;
    /// Waits until everything queued has been said, at most `timeout`: `Ok(true)` when it has,
    /// `Ok(false)` when it is still speaking, an error when it was given words and never began
    /// to say them (no sound output).
    fn wait(&mut self, timeout: Duration) -> Result<bool, SpeechError>;
    /// Stops what is being said and drops what is queued (the player pressed the talk key:
    /// vichess stops talking and listens). An engine that cannot stop says it out.
    fn stop(&mut self) {}
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

    /// No system speech, for `reason` (the system's words).
    pub fn unavailable(reason: &str) -> Fallback {
        Fallback::new(Err(SpeechError::Unavailable(reason.to_string())))
    }

    /// No system speech: this vichess was built without the `speech` feature.
    pub fn not_built() -> Fallback {
        Fallback::new(Err(SpeechError::NotBuilt))
    }

    /// Whether words can be spoken: false once the engine turned out silent, so callers stop
    /// waiting for it.
    pub fn is_available(&self) -> bool {
        self.speaker.is_ok()
    }

    /// Speaks `text`. Returns what to tell the player (word it with [`notice`]) the first time
    /// speech is unavailable or fails; after that, `None`: the words are in the printed line
    /// anyway. A failure of a working engine is told each time it happens.
    pub fn speak(&mut self, text: &str) -> Option<SpeechError> {
        match &mut self.speaker {
            Ok(s) => s.speak(text).err(),
            Err(e) if !self.told => {
                self.told = true;
                Some(e.clone())
            }
            Err(_) => None,
        }
    }

    /// Stops system speech at once, where there is any (see [`Speaker::stop`]).
    pub fn stop(&mut self) {
        if let Ok(s) = &mut self.speaker {
            s.stop();
        }
    }

    /// Waits for system speech to finish, at most `timeout`; `Ok(true)` at once without speech.
    /// When the engine turns out to be silent, what to tell the player, and from then on
    /// speech counts as unavailable, so the game is not slowed by waiting for it.
    pub fn wait(&mut self, timeout: Duration) -> Result<bool, SpeechError> {
        match &mut self.speaker {
            Ok(s) => match s.wait(timeout) {
                Ok(done) => Ok(done),
                Err(e) => {
                    self.speaker = Err(e.clone());
                    self.told = true;
                    Err(e)
                }
            },
            Err(_) => Ok(true),
        }
    }
}

/// What the player is told when words cannot be spoken, in `pack`'s language: that system
/// speech is unavailable or failed, why (vichess's reasons in the pack's words, a system's own
/// text in brackets as it came), and that words without a clip are printed only.
pub fn notice(e: &SpeechError, pack: &Pack) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let (failed, reason, detail) = match e {
        SpeechError::Unavailable(why) => (false, None, why.as_str()),
        SpeechError::Failed(why) => (true, None, why.as_str()),
        SpeechError::CannotStart(why) => (false, Some(Word::SpeechCannotStart), why.as_str()),
        SpeechError::NotBuilt => (false, Some(Word::SpeechNotBuilt), ""),
        SpeechError::CannotTell => (false, Some(Word::SpeechCannotTell), ""),
        SpeechError::Silent => (false, Some(Word::SpeechSilent), ""),
        SpeechError::NoAnswer => (false, Some(Word::SpeechNoAnswer), ""),
        SpeechError::NoEspeak(kind, why) => {
            let why = crate::io_words::kind_words(pack, *kind).unwrap_or_else(|| why.clone());
            let line = format!(
                "{}: {} ({})",
                w(Word::SpeechUnavailable),
                w(Word::EspeakCannotRun),
                why.trim().trim_end_matches('.')
            );
            return format!("{line}; {}", w(Word::SpeechPrintedOnly));
        }
        SpeechError::Refused => (true, Some(Word::SpeechRefused), ""),
        SpeechError::EspeakFailed(why) => (true, Some(Word::EspeakFailed), why.as_str()),
        SpeechError::WorkerStopped => return w(Word::SpeechWorkerStopped),
    };
    let mut line = w(if failed {
        Word::SpeechFailed
    } else {
        Word::SpeechUnavailable
    });
    if let Some(reason) = reason {
        line = format!("{line}: {}", w(reason));
    }
    let detail = detail.trim().trim_end_matches('.');
    if !detail.is_empty() {
        line = format!("{line} ({detail})");
    }
    format!("{line}; {}", w(Word::SpeechPrintedOnly))
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
        let en = notice(&first, &Pack::builtin("en").unwrap());
        assert!(en.contains("speech-dispatcher is not installed"), "{en}");
        assert!(en.contains("printed"), "{en}");
        assert_eq!(f.speak("drei Minuten"), None);
        assert!(!f.is_available());
        assert_eq!(f.wait(Duration::ZERO), Ok(true));
    }

    #[test]
    fn working_speech_speaks_and_failures_are_told() {
        let mut f = Fallback::new(Ok(Box::new(Recorder(Vec::new(), false))));
        assert_eq!(f.speak("drei Minuten"), None);
        let mut broken = Fallback::new(Ok(Box::new(Recorder(Vec::new(), true))));
        assert_eq!(
            broken.speak("x"),
            Some(SpeechError::Failed("the daemon went away".into()))
        );
        assert!(broken.speak("y").is_some());
    }

    #[test]
    fn a_silent_engine_is_told_once_and_then_counts_as_unavailable() {
        let mut f = Fallback::new(Ok(Box::new(Recorder(Vec::new(), false))));
        assert_eq!(f.speak("silent"), None);
        let told = f.wait(Duration::ZERO).expect_err("the silence is told");
        assert_eq!(told, SpeechError::Unavailable("no sound output".into()));
        assert!(!f.is_available());
        assert_eq!(f.speak("drei Minuten"), None);
        assert_eq!(f.wait(Duration::ZERO), Ok(true));
    }
}
