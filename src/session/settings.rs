//! The session's settings from the configuration file (`crate::config::Config`), and the
//! voice pack with the configured capture, check and mate words.

use super::{Downtime, SessionConfig};
use crate::config::{Config, ResumeClock, SupervisionSetting};
use crate::phrase::announce::AnnounceOptions;
use crate::phrase::token::Token;
use crate::rules::arbiter::ruling::Supervision;
use crate::voice::manifest::ManifestError;
use crate::voice::Pack;

impl SessionConfig {
    /// The settings the configuration gives. The VI player's side and the automatic press
    /// are not in the file: the command line sets them.
    pub fn from_config(c: &Config) -> SessionConfig {
        SessionConfig {
            assistant: c.speech.on_request_only,
            announce: AnnounceOptions {
                pawn_word: c.speech.say_pawn,
                full_from_square: c.speech.full_from_square,
            },
            announce_touch: c.speech.private_touch,
            confirm_moves: c.speech.confirm_moves,
            calls: c.clock.call_policy(c.speech.on_request_only),
            downtime: match c.game.resume_clock {
                ResumeClock::Paused => Downtime::Paused,
                ResumeClock::Running => Downtime::Running,
            },
            clock: c.clock.clock_config(),
            guidelines_iii: c.clock.guidelines_iii,
            arbiter_present: c.game.arbiter_present,
            supervision: match c.game.supervision {
                SupervisionSetting::Adequate => Supervision::Adequate,
                SupervisionSetting::Inadequate => Supervision::Unsupervised,
            },
            speech_rate: ((c.speech.speed * 100.0).round() as u32)
                .clamp(super::record::RATE_MIN, super::record::RATE_MAX),
            ..SessionConfig::default()
        }
    }
}

/// The pack `name`, or else the configured one, or else (the pack left at its default) the
/// game language's own pack, with the configured capture, check and mate words. So
/// `[game] language = "uk"` alone gives a Ukrainian game, in Ukrainian words.
pub fn configured_pack(c: &Config, name: Option<&str>) -> Result<Pack, ManifestError> {
    let chosen = match name {
        Some(n) => n,
        None if c.speech.pack != crate::voice::DEFAULT_PACK => &c.speech.pack,
        None => language_pack(c.game.language()),
    };
    let mut pack = Pack::open(chosen)?;
    for (token, word) in [
        (Token::Captures, &c.speech.capture_word),
        (Token::Check, &c.speech.check_word),
        (Token::Mate, &c.speech.mate_word),
    ] {
        if !word.is_empty() {
            pack.set_word(token, word);
        }
    }
    Ok(pack)
}

/// The pack that speaks `language`: German speaks the Appendix D words.
pub fn language_pack(language: crate::phrase::Language) -> &'static str {
    use crate::phrase::Language;
    match language {
        Language::De => crate::voice::DEFAULT_PACK,
        Language::En => "en",
        Language::Uk => "uk",
        Language::Ru => "ru",
        Language::Hy => "hy",
    }
}

/// The event's supervision in words for the opening line and the report, when it is not the
/// usual one (issue 24, item 5); empty with an arbiter present and adequate supervision.
pub fn rules_phrase(
    arbiter_present: bool,
    supervision: Supervision,
) -> crate::phrase::token::Phrase {
    use crate::phrase::token::Word;
    let mut p = Vec::new();
    if !arbiter_present {
        p.push(Token::Word(Word::NoArbiterPresent));
    }
    if supervision == Supervision::Unsupervised {
        if !p.is_empty() {
            p.push(crate::phrase::grammar::COMMA);
        }
        p.push(Token::Word(Word::SupervisionInadequate));
    }
    p
}
