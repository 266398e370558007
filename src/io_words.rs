//! An operating system's error in the game's language. The system's own text is English
//! ("No such file or directory (os error 2)") and would sit inside a translated line; the
//! common cases a player can act on have words in every pack, and any other keeps the
//! system's text, which is still better than nothing.

use crate::phrase::token::{Token, Word};
use crate::voice::Pack;
use std::error::Error;
use std::io;

/// The words for an error kind a player can act on, or `None` for the others.
pub fn kind_words(pack: &Pack, kind: io::ErrorKind) -> Option<String> {
    let word = match kind {
        io::ErrorKind::NotFound => Word::IoNotFound,
        io::ErrorKind::PermissionDenied => Word::IoPermissionDenied,
        io::ErrorKind::AlreadyExists => Word::IoAlreadyExists,
        io::ErrorKind::IsADirectory => Word::IoIsADirectory,
        io::ErrorKind::StorageFull => Word::IoStorageFull,
        io::ErrorKind::ReadOnlyFilesystem => Word::IoReadOnly,
        io::ErrorKind::ConnectionRefused => Word::IoConnectionRefused,
        io::ErrorKind::BrokenPipe => Word::IoBrokenPipe,
        io::ErrorKind::ResourceBusy => Word::IoBusy,
        io::ErrorKind::TimedOut => Word::IoTimedOut,
        _ => return None,
    };
    Some(pack.text(&[Token::Word(word)]))
}

/// The error's reason in `pack`'s words. An error vichess made with its own message keeps
/// it: its kind alone would say less than the message does.
pub fn io_reason(pack: &Pack, e: &io::Error) -> String {
    match e.get_ref() {
        Some(_) => e.to_string(),
        None => kind_words(pack, e.kind()).unwrap_or_else(|| e.to_string()),
    }
}

/// An error and its causes as `{:#}` prints them ("outer: inner"), each operating system
/// error in `pack`'s words, and a cause an outer error already repeats said once.
pub fn error_words(pack: &Pack, e: &(dyn Error + 'static)) -> String {
    let mut links = vec![e];
    let mut at = e;
    while let Some(next) = at.source() {
        links.push(next);
        at = next;
    }
    chain_words(pack, links.into_iter())
}

/// [`error_words`] for an `anyhow` error and its context.
pub fn anyhow_words(pack: &Pack, e: &anyhow::Error) -> String {
    chain_words(pack, e.chain())
}

fn chain_words<'a>(pack: &Pack, chain: impl Iterator<Item = &'a (dyn Error + 'static)>) -> String {
    let links: Vec<&(dyn Error + 'static)> = chain.collect();
    let texts: Vec<String> = links.iter().map(|e| e.to_string()).collect();
    let mut out: Vec<String> = Vec::new();
    for (i, e) in links.iter().enumerate() {
        let mut text = match e.downcast_ref::<io::Error>() {
            Some(io) => io_reason(pack, io),
            None => texts[i].clone(),
        };
        // "path: No such file ..." over the same io::Error: the path stays, the cause is
        // said once, by the next link.
        if let Some(next) = texts.get(i + 1) {
            if let Some(head) = text.strip_suffix(next.as_str()) {
                text = head.trim_end_matches([' ', ':']).to_string();
            }
        }
        if !text.is_empty() {
            out.push(text);
        }
    }
    out.join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn the_common_kinds_are_said_in_the_language_and_others_keep_the_systems_text() {
        let pack = Pack::builtin("de").unwrap();
        let missing = io::Error::from_raw_os_error(2);
        assert_eq!(
            io_reason(&pack, &missing),
            "diese Datei oder diesen Ordner gibt es nicht"
        );
        let own = io::Error::new(io::ErrorKind::NotFound, "the path names no file");
        assert_eq!(io_reason(&pack, &own), "the path names no file");
        let other = io::Error::from(io::ErrorKind::Unsupported);
        assert_eq!(io_reason(&pack, &other), other.to_string());
        // A board unplugged mid-read, a port another program holds: said, not "(Broken
        // pipe)" in a Russian line (a play-through).
        let ru = Pack::builtin("ru").unwrap();
        assert_eq!(
            io_reason(&ru, &io::Error::from_raw_os_error(32)),
            "другая сторона закрыла соединение"
        );
        assert_eq!(
            io_reason(&ru, &io::Error::from_raw_os_error(16)),
            "устройство занято (его использует другая программа)"
        );
        let e = Err::<(), _>(missing).context("/tmp/x").unwrap_err();
        assert_eq!(
            anyhow_words(&pack, &e),
            "/tmp/x: diese Datei oder diesen Ordner gibt es nicht"
        );
    }
}
