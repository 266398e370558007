//! What a sound system said went wrong, kept as a kind vichess can say in the game's words.
//!
//! cpal's text for an error is English ("The requested audio device is not available. It
//! may have been disconnected") and sat inside a German or Russian line. Its kind is enough
//! to tell a player what to do (plug the device in, close the program holding it, start the
//! sound server), so the kind is said in the pack's words; a message of the sound system's
//! own (an ALSA function and its error code) is kept after it, for whoever has to fix the
//! machine, as the system's words always are.

use crate::phrase::token::{Token, Word};
use crate::voice::Pack;
use std::fmt;

/// The kinds of sound fault a player or an assistant can act on differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// Another program holds the device: close it, or wait.
    Busy,
    /// The device is not there (unplugged, or never was).
    Gone,
    /// The sound server (PulseAudio, PipeWire) or subsystem is not running.
    NoSoundSystem,
    /// The user may not use the device (not in the audio group, a privacy setting).
    Denied,
    /// The device will not take the rate, channels or sample format asked for.
    Unsupported,
    /// The system ran out of threads or memory.
    NoResources,
    /// Anything else the sound system reported.
    Other,
}

/// A sound system's fault: its kind and, when the system gave one, its own message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoundFault {
    /// What kind of fault, said in the game's words.
    pub kind: FaultKind,
    /// The sound system's own words, kept as they came; `None` when it said only the kind.
    pub message: Option<String>,
}

impl SoundFault {
    /// A fault of `kind` with the system's `message`, if any.
    pub fn new(kind: FaultKind, message: Option<String>) -> SoundFault {
        let message = message
            .map(|m| m.trim().trim_end_matches('.').to_string())
            .filter(|m| !m.is_empty());
        SoundFault { kind, message }
    }

    /// The fault in `pack`'s words, the system's own message after it in brackets.
    pub fn words(&self, pack: &Pack) -> String {
        let word = match self.kind {
            FaultKind::Busy => Word::SoundBusy,
            FaultKind::Gone => Word::SoundGone,
            FaultKind::NoSoundSystem => Word::SoundNoSystem,
            FaultKind::Denied => Word::SoundDenied,
            FaultKind::Unsupported => Word::SoundUnsupported,
            FaultKind::NoResources => Word::SoundNoResources,
            FaultKind::Other => Word::SoundFault,
        };
        let said = pack.text(&[Token::Word(word)]);
        match &self.message {
            Some(m) => format!("{said} ({})", crate::text::printable(m)),
            None => said,
        }
    }
}

/// English, for logs and `{}`; a player hears [`SoundFault::words`].
impl fmt::Display for SoundFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            FaultKind::Busy => "the device is busy",
            FaultKind::Gone => "the device is not there",
            FaultKind::NoSoundSystem => "the sound system is not running",
            FaultKind::Denied => "access to the device is denied",
            FaultKind::Unsupported => "the device does not support this setting",
            FaultKind::NoResources => "the system ran out of resources",
            FaultKind::Other => "the sound system reported an error",
        };
        match &self.message {
            Some(m) => write!(f, "{kind} ({m})"),
            None => f.write_str(kind),
        }
    }
}

#[cfg(feature = "audio")]
impl From<cpal::Error> for SoundFault {
    fn from(e: cpal::Error) -> SoundFault {
        use cpal::ErrorKind as K;
        let kind = match e.kind() {
            K::DeviceBusy => FaultKind::Busy,
            K::DeviceNotAvailable | K::DeviceChanged => FaultKind::Gone,
            K::HostUnavailable => FaultKind::NoSoundSystem,
            K::PermissionDenied | K::RealtimeDenied => FaultKind::Denied,
            K::UnsupportedConfig | K::UnsupportedOperation | K::InvalidInput => {
                FaultKind::Unsupported
            }
            K::ResourceExhausted => FaultKind::NoResources,
            _ => FaultKind::Other,
        };
        // Without a message of its own, cpal's text is only its kind's English description,
        // which the kind's words replace.
        SoundFault::new(kind, e.message().map(str::to_string))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(name: &str, fault: &SoundFault) -> String {
        fault.words(&Pack::builtin(name).unwrap())
    }

    /// Each kind has its own words in every pack, none English outside the English pack,
    /// and the system's own message follows in brackets, its full stop dropped.
    #[test]
    fn every_kind_is_said_in_the_games_language() {
        let kinds = [
            FaultKind::Busy,
            FaultKind::Gone,
            FaultKind::NoSoundSystem,
            FaultKind::Denied,
            FaultKind::Unsupported,
            FaultKind::NoResources,
            FaultKind::Other,
        ];
        for name in ["de", "de-fide", "en", "ru", "uk", "hy"] {
            let words: Vec<String> = kinds
                .iter()
                .map(|&k| said(name, &SoundFault::new(k, None)))
                .collect();
            let mut distinct = words.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), kinds.len(), "{name}: {words:?}");
            if name != "en" {
                let english: Vec<String> = kinds
                    .iter()
                    .map(|&k| said("en", &SoundFault::new(k, None)))
                    .collect();
                for (w, e) in words.iter().zip(&english) {
                    assert_ne!(w, e, "{name}");
                }
            }
        }
        assert_eq!(
            said("de", &SoundFault::new(FaultKind::Gone, None)),
            "das Tongerät ist nicht angeschlossen oder fehlt"
        );
        assert_eq!(
            said("ru", &SoundFault::new(FaultKind::Busy, None)),
            "устройство занято другой программой"
        );
        assert_eq!(
            said(
                "uk",
                &SoundFault::new(
                    FaultKind::Other,
                    Some("ALSA function 'snd_pcm_open' failed with error 'ENOENT'.".into())
                )
            ),
            "звукова система повідомила про помилку \
             (ALSA function 'snd_pcm_open' failed with error 'ENOENT')"
        );
    }

    #[cfg(feature = "audio")]
    #[test]
    fn cpals_kinds_map_and_its_own_english_text_is_not_kept() {
        let gone = SoundFault::from(cpal::Error::new(cpal::ErrorKind::DeviceNotAvailable));
        assert_eq!(gone, SoundFault::new(FaultKind::Gone, None));
        let busy = SoundFault::from(cpal::Error::with_message(
            cpal::ErrorKind::DeviceBusy,
            "snd_pcm_open: EBUSY",
        ));
        assert_eq!(
            busy,
            SoundFault::new(FaultKind::Busy, Some("snd_pcm_open: EBUSY".into()))
        );
        let host = SoundFault::from(cpal::Error::new(cpal::ErrorKind::HostUnavailable));
        assert_eq!(host.kind, FaultKind::NoSoundSystem);
        let odd = SoundFault::from(cpal::Error::new(cpal::ErrorKind::BackendError));
        assert_eq!(odd, SoundFault::new(FaultKind::Other, None));
    }
}
