//! A journal's errors in the game's language: the file, then what is wrong, with the
//! reader's reason and the operating system's in the pack's words (`crate::io_words`).
//! `Display` stays English, for logs.

use super::{Damage, JournalError};
use crate::phrase::token::{Token, Word};
use crate::voice::Pack;

/// What went wrong with the journal, in `pack`'s words.
pub fn error_words(pack: &Pack, e: &JournalError) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    match e {
        JournalError::Io { path, source } => format!(
            "{}: {}",
            path.display(),
            crate::io_words::io_reason(pack, source)
        ),
        JournalError::Corrupt { path, line, why } => format!(
            "{}, {} {line}: {} ({})",
            path.display(),
            w(Word::JournalLine),
            w(Word::JournalDamaged),
            damage_words(pack, why)
        ),
        JournalError::Torn(torn) => format!(
            "{}, {} {}: {} ({})",
            torn.path.display(),
            w(Word::JournalLine),
            torn.line,
            w(Word::JournalTorn),
            damage_words(pack, &torn.why)
        ),
        other => other.to_string(),
    }
}

/// What is wrong with a journal line, in `pack`'s words; what the line holds is quoted as
/// the language quotes.
pub fn damage_words(pack: &Pack, why: &Damage) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let q = |text: &str| pack.language().quote(text);
    match why {
        Damage::Empty => w(Word::DamageEmpty),
        Damage::NoEnd => w(Word::DamageNoEnd),
        Damage::TooLong(kib) => w(Word::DamageTooLong).replace("{kib}", &kib.to_string()),
        Damage::NotUtf8 => w(Word::DamageNotUtf8),
        Damage::NoChecksum => w(Word::DamageNoChecksum),
        Damage::NoContent => w(Word::DamageNoContent),
        Damage::NotASequenceNumber(text) => {
            w(Word::DamageNotASequenceNumber).replace("{text}", &q(text))
        }
        Damage::NotAChecksum(text) => w(Word::DamageNotAChecksum).replace("{text}", &q(text)),
        Damage::ChecksumMismatch => w(Word::DamageChecksumMismatch),
        Damage::EntriesMissing { found, expected } => w(Word::DamageEntriesMissing)
            .replace("{found}", &found.to_string())
            .replace("{expected}", &expected.to_string()),
        Damage::EntryAgain { found, expected } => w(Word::DamageEntryAgain)
            .replace("{found}", &found.to_string())
            .replace("{expected}", &expected.to_string()),
        Damage::NotAHeader => w(Word::DamageNotAHeader),
        Damage::OtherVersion(version) => w(Word::DamageOtherVersion)
            .replace("{version}", &q(version))
            .replace("{ours}", &super::FORMAT_VERSION.to_string()),
    }
}
