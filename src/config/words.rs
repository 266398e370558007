//! A configuration error as `play` and `vichess config check` say it (issue 24, item 12): the
//! checker's framing (line, unknown key, expected and found) and, where vichess recognises
//! it, the parser's or a value check's reason in the game's language, their own words kept
//! in brackets; the file's own names as they are. `Display` stays English, for logs.

use super::{Complaint, ConfigError, Fault, Kind};
use crate::phrase::token::{Token, Word};
use crate::voice::Pack;

/// The whole line: file, line and what is wrong, in `pack`'s words.
pub fn error_line(pack: &Pack, e: &ConfigError) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let what = complaint(pack, e);
    let file = file_name(pack, &e.file);
    let column = match e.what.as_ref() {
        Complaint::NotToml {
            column: Some(column),
            ..
        } => format!(", {} {column}", w(Word::ConfigColumn)),
        _ => String::new(),
    };
    match e.line {
        Some(line) => format!("{file}, {} {line}{column}: {what}", w(Word::ConfigLine)),
        None => format!("{file}: {what}"),
    }
}

/// A file's name as the error names it: the user's own as it is; the built-in defaults and
/// the files taken together in `pack`'s words.
pub fn file_name(pack: &Pack, name: &str) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    if name == super::DEFAULT_NAME {
        let path = name.split(" (").next().unwrap_or(name);
        format!("{path} ({})", w(Word::ConfigBuiltIn))
    } else if name == super::COMBINED_NAME {
        w(Word::ConfigCombined)
    } else {
        name.to_string()
    }
}

fn complaint(pack: &Pack, e: &ConfigError) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let q = |text: &str| pack.language().quote(text);
    let place = |section: &str| {
        if section.is_empty() {
            w(Word::ConfigTopLevel)
        } else {
            w(Word::ConfigInSection).replace("{section}", &format!("[{section}]"))
        }
    };
    let hint = |near: &Option<String>| {
        near.as_ref()
            .map(|s| format!(" ({})", w(Word::ConfigDidYouMean).replace("{key}", &q(s))))
            .unwrap_or_default()
    };
    match e.what.as_ref() {
        Complaint::Said => e.message.clone(),
        Complaint::Unreadable(reason) => format!("{}: {reason}", w(Word::ConfigUnreadable)),
        Complaint::NotToml { reason, fault, .. } => match fault {
            Some(f) => format!("{}: {}", w(Word::ConfigNotToml), said(pack, *f, reason)),
            None => format!("{} ({reason})", w(Word::ConfigNotToml)),
        },
        Complaint::UnknownSection {
            name,
            hint: near,
            sections,
        } => format!(
            "{} {}{}; {} {}",
            w(Word::ConfigUnknownSection),
            q(name),
            hint(near),
            w(Word::ConfigSectionsAre),
            sections.join(", ")
        ),
        Complaint::UnknownKey {
            name,
            section,
            hint: near,
        } => format!(
            "{} {} {}{}",
            w(Word::ConfigUnknownKey),
            q(name),
            place(section),
            hint(near)
        ),
        Complaint::WrongType {
            key,
            section,
            expected,
            found,
        } => format!(
            "{} {} {}: {}: {}; {}: {}",
            w(Word::ConfigKey),
            q(key),
            place(section),
            w(Word::ConfigExpected),
            w(kind(*expected)),
            w(Word::ConfigFound),
            w(kind(*found))
        ),
        Complaint::BadValue {
            key,
            section,
            reason,
            fault,
        } => format!(
            "{} {} {}: {}",
            w(Word::ConfigKey),
            q(key),
            place(section),
            match fault {
                Some(f) => said(pack, *f, reason),
                None => reason.clone(),
            }
        ),
    }
}

/// A recognised reason in `pack`'s words, the parser's or the check's own in brackets.
fn said(pack: &Pack, fault: Fault, reason: &str) -> String {
    let word = match fault {
        Fault::DuplicateKey => Word::ConfigFaultDuplicateKey,
        Fault::Unclosed => Word::ConfigFaultUnclosed,
        Fault::Unquoted => Word::ConfigFaultUnquoted,
        Fault::NoValue => Word::ConfigFaultNoValue,
        Fault::MoreOnLine => Word::ConfigFaultMoreOnLine,
        Fault::BadString => Word::ConfigFaultBadString,
        Fault::BadNumber => Word::ConfigFaultBadNumber,
        Fault::BadBoolean => Word::ConfigFaultBadBoolean,
        Fault::BadDate => Word::ConfigFaultBadDate,
        Fault::OutOfRange => Word::ConfigFaultOutOfRange,
        Fault::NotTimeControl => Word::ConfigFaultNotTimeControl,
        Fault::NotLanguage => Word::ConfigFaultNotLanguage,
        Fault::NoSuchPack => Word::ConfigFaultNoSuchPack,
        Fault::NoSuchCommand => Word::ConfigFaultNoSuchCommand,
        Fault::NotOneOf => Word::ConfigFaultNotOneOf,
        Fault::WrongKind => Word::ConfigFaultWrongKind,
    };
    format!("{} ({reason})", pack.text(&[Token::Word(word)]))
}

fn kind(k: Kind) -> Word {
    match k {
        Kind::Text => Word::ConfigKindText,
        Kind::WholeNumber => Word::ConfigKindWholeNumber,
        Kind::Number => Word::ConfigKindNumber,
        Kind::DecimalNumber => Word::ConfigKindDecimalNumber,
        Kind::TrueOrFalse => Word::ConfigKindTrueOrFalse,
        Kind::Date => Word::ConfigKindDate,
        Kind::List => Word::ConfigKindList,
        Kind::Table => Word::ConfigKindTable,
    }
}
