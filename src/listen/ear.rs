//! The recogniser a game listens with, and one utterance through it as the game takes it.

use super::{Ear, EarError};
use crate::host::Arrival;
use crate::phrase::token::{Token, Word};
use crate::phrase::Language;
use crate::rules::Position;
use crate::voice::Pack;

/// What [`open_ear`] says when this vichess has no recogniser built in.
pub const NO_RECOGNISER: &str = "no speech recogniser is built into this vichess";

/// Which recogniser listens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EarKind {
    /// Both, Whisper checked by PocketSphinx, when Whisper's model is installed, else
    /// PocketSphinx.
    #[default]
    Auto,
    /// Whisper checked by PocketSphinx (`listen::agree`).
    Both,
    /// Whisper base (feature `whisper`, weights from scripts/setup).
    Whisper,
    /// PocketSphinx with the en-us model (feature `listen`).
    Sphinx,
}

impl std::str::FromStr for EarKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(EarKind::Auto),
            "both" => Ok(EarKind::Both),
            "whisper" => Ok(EarKind::Whisper),
            "sphinx" | "pocketsphinx" => Ok(EarKind::Sphinx),
            other => Err(format!("{other:?}: auto, both, whisper or sphinx")),
        }
    }
}

/// The recogniser for `language`: Whisper checked by PocketSphinx when Whisper's model is
/// installed (`listen::agree`: a move is taken only when both read it), else PocketSphinx
/// with the grammar of each position's legal moves (feature `listen`). A build without
/// either says so and the game goes on typed.
pub fn open_ear(language: Language) -> Result<Box<dyn Ear + Send>, EarError> {
    open_ear_kind(language, EarKind::Auto)
}

/// [`open_ear`] with the recogniser chosen.
pub fn open_ear_kind(language: Language, kind: EarKind) -> Result<Box<dyn Ear + Send>, EarError> {
    let _ = language;
    #[cfg(all(feature = "whisper", feature = "listen"))]
    {
        let installed = super::whisper::find_model().is_some();
        match kind {
            EarKind::Both => return Ok(Box::new(super::agree::AgreeingEar::new()?)),
            EarKind::Auto if installed => return Ok(Box::new(super::agree::AgreeingEar::new()?)),
            _ => {}
        }
    }
    #[cfg(feature = "whisper")]
    if kind == EarKind::Whisper {
        return Ok(Box::new(super::whisper::WhisperEar::new()?));
    }
    #[cfg(feature = "listen")]
    {
        let _ = kind;
        Ok(Box::new(super::sphinx::SphinxEar::new()?))
    }
    #[cfg(not(feature = "listen"))]
    {
        let _ = kind;
        Err(EarError::Model(NO_RECOGNISER.to_string()))
    }
}

/// One utterance (mono samples at `rate`) through `ear`, heard in `position`: the hearing
/// for the game, or, when the recogniser fails, the line that says so in `pack`'s language.
pub fn arrival(
    ear: &mut dyn Ear,
    samples: &[i16],
    rate: u32,
    position: &Position,
    pack: &Pack,
) -> Arrival {
    heard_arrival(ear.hear(samples, rate, position, pack.language()), pack)
}

/// A hearing for the game, or the line that says in `pack`'s language why there is none.
pub fn heard_arrival(hearing: Result<super::Hearing, EarError>, pack: &Pack) -> Arrival {
    match hearing {
        Ok(hearing) => Arrival::Heard(hearing),
        Err(e) => Arrival::Notice(failed_line(pack, &e)),
    }
}

/// Why nothing listens, in the game's language: "keine Spracheingabe (dieses vichess wurde
/// ohne Spracherkenner gebaut)"; a model's own reason (a path, a file's fault) as it is.
pub fn unavailable_line(pack: &Pack, e: &EarError) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let why = match e {
        EarError::Model(m) if m == NO_RECOGNISER => w(Word::ListenNoRecogniser),
        EarError::Model(m) | EarError::Failed(m) => crate::text::printable(m),
    };
    format!("{} ({why})", w(Word::ListenOff))
}

/// Where Whisper is built in but its model is not installed, so PocketSphinx hears alone
/// (with English sounds only, and far fewer moves right): the line that says so and how to
/// install the model, in the game's language. A .deb does not hold the 133 MB of weights; it
/// ships the helper that fetches them (`/usr/share/vichess/whisper-model`), and a source tree
/// has it as `scripts/whisper-model`. `None` where Whisper's model is there, or not built in.
pub fn whisper_missing_line(pack: &Pack) -> Option<String> {
    #[cfg(feature = "whisper")]
    {
        if super::whisper::find_model().is_some() {
            return None;
        }
        let helper = std::env::current_exe()
            .ok()
            .and_then(|exe| Some(exe.parent()?.parent()?.join("share/vichess/whisper-model")))
            .filter(|p| p.is_file())
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "scripts/whisper-model".to_string());
        Some(format!(
            "{}: {helper}",
            pack.text(&[Token::Word(Word::ListenWhisperMissing)])
        ))
    }
    #[cfg(not(feature = "whisper"))]
    {
        let _ = pack;
        None
    }
}

/// One utterance the recogniser or the recording failed on: "Spracheingabe gestört
/// (REASON)".
pub fn failed_line(pack: &Pack, e: &EarError) -> String {
    let why = match e {
        EarError::Model(m) | EarError::Failed(m) => crate::text::printable(m),
    };
    format!("{} ({why})", pack.text(&[Token::Word(Word::ListenFailed)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_recogniser_the_game_says_so_in_its_language() {
        let e = EarError::Model(NO_RECOGNISER.to_string());
        let said = |name: &str| unavailable_line(&Pack::builtin(name).unwrap(), &e);
        assert_eq!(
            said("de"),
            "keine Spracheingabe (dieses vichess wurde ohne Spracherkenner gebaut)"
        );
        assert_eq!(said("de-fide"), said("de"));
        assert_eq!(
            said("en"),
            "no voice input (this vichess was built without a speech recogniser)"
        );
        assert_eq!(
            said("uk"),
            "голосового введення немає (цей vichess зібрано без розпізнавача мовлення)"
        );
        assert_eq!(
            said("ru"),
            "голосового ввода нет (этот vichess собран без распознавателя речи)"
        );
        assert_eq!(
            said("hy"),
            "ձայնային մուտք չկա (այս vichess-ը կառուցված է առանց խոսքի ճանաչողի)"
        );
        let failed = failed_line(
            &Pack::builtin("ru").unwrap(),
            &EarError::Failed("decoder\u{7} error".into()),
        );
        assert!(
            failed.starts_with("голосовой ввод не удался (decoder"),
            "{failed}"
        );
        assert!(!failed.contains('\u{7}'), "{failed}");
    }
}
