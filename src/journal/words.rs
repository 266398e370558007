//! A journal's errors in the game's language: the file, then what is wrong, with the
//! operating system's reason in the pack's words (`crate::io_words`). `Display` stays
//! English, for logs.

use super::JournalError;
use crate::voice::Pack;

/// What went wrong with the journal, in `pack`'s words.
pub fn error_words(pack: &Pack, e: &JournalError) -> String {
    match e {
        JournalError::Io { path, source } => format!(
            "{}: {}",
            path.display(),
            crate::io_words::io_reason(pack, source)
        ),
        other => other.to_string(),
    }
}
