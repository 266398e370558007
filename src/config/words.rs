//! A configuration error as `play` and `vichess config check` say it (issue 24, item 12): the
//! checker's framing (line, unknown key, expected and found) and, where vichess recognises
//! it, a value check's reason in the game's language, its own words kept in brackets; the
//! file's own names as they are. A file that is not TOML is told by its place and the
//! fault alone: the parser's English adds nothing a player can act on beyond them and
//! would be read out in the wrong language, so it stays in `Display`, which stays English
//! for logs.

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
    // The label's mark is the pack's: ":", Armenian "՝".
    let colon = pack.colon();
    match e.line {
        Some(line) => format!(
            "{file}, {} {line}{column}{colon} {what}",
            w(Word::ConfigLine)
        ),
        None => format!("{file}{colon} {what}"),
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
    let colon = pack.colon();
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
        Complaint::Unreadable(kind, reason) => format!(
            "{}{colon} {}",
            w(Word::ConfigUnreadable),
            kind.and_then(|k| crate::io_words::kind_words(pack, k))
                .unwrap_or_else(|| reason.clone())
        ),
        // The parser's own reason is English and says no more than the place and the fault
        // do: it stays in `ConfigError::message` (the English `Display`), not in this line.
        Complaint::NotToml { fault, .. } => match fault {
            Some(f) => format!("{}{colon} {}", w(Word::ConfigNotToml), fault_word(pack, *f)),
            None => w(Word::ConfigNotToml),
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
            "{} {} {}{colon} {}{colon} {}; {}{colon} {}",
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
            "{} {} {}{colon} {}",
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
    // The value first: "„gelb“ ist keine Farbe; …".
    if fault == Fault::NotColour {
        if let Some(value) = reason.split('"').nth(1) {
            return format!(
                "{} {}",
                pack.language().quote(value),
                fault_word(pack, fault)
            );
        }
    }
    let detail = detail(pack, fault, reason).unwrap_or_else(|| reason.to_string());
    format!("{} ({detail})", fault_word(pack, fault))
}

/// The fault in `pack`'s words, without the reason it was read from.
fn fault_word(pack: &Pack, fault: Fault) -> String {
    let word = match fault {
        Fault::DuplicateKey => Word::ConfigFaultDuplicateKey,
        Fault::Unclosed => Word::ConfigFaultUnclosed,
        Fault::Unquoted => Word::ConfigFaultUnquoted,
        Fault::NoValue => Word::ConfigFaultNoValue,
        Fault::MoreOnLine => Word::ConfigFaultMoreOnLine,
        Fault::Unterminated => Word::ConfigFaultUnterminated,
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
        Fault::NotColour => Word::ConfigFaultNotColour,
    };
    pack.text(&[Token::Word(word)])
}

/// The check's own reason retold in `pack`'s words where its shape is known (a value out of its
/// range, a word not among those allowed): the value and what is allowed, the names vichess
/// reads (codes, packs, keywords) as they are written. `None` keeps the reason as it came.
fn detail(pack: &Pack, fault: Fault, reason: &str) -> Option<String> {
    let w = |word| pack.text(&[Token::Word(word)]);
    let q = |text: &str| pack.language().quote(text);
    let quoted = |open: char, close: char| {
        let from = reason.find(open)? + open.len_utf8();
        let len = reason[from..].find(close)?;
        Some(reason[from..from + len].to_string())
    };
    // "X to Y" after "from " or "use ", "at most N", "at least N": the numbers as written.
    let after = |lead: &str| {
        let at = reason.find(lead)? + lead.len();
        let mut words = reason[at..].split_whitespace();
        Some((
            words.next()?.trim_end_matches([',', ';', ':']).to_string(),
            words,
        ))
    };
    let number = |t: &str| t.parse::<f64>().is_ok().then(|| t.to_string());
    match fault {
        Fault::OutOfRange => {
            let value = reason.split_whitespace().next().and_then(number);
            let allowed = ["from ", "use "]
                .iter()
                .find_map(|lead| {
                    let (low, mut rest) = after(lead)?;
                    let high = rest.nth(1)?.trim_end_matches([',', ';', ':', ')']);
                    Some(
                        w(Word::ConfigAllowed)
                            .replace("{from}", &number(&low)?)
                            .replace("{to}", &number(high)?),
                    )
                })
                .or_else(|| {
                    let (most, _) = after("at most ")?;
                    Some(w(Word::ConfigAtMost).replace("{n}", &number(&most)?))
                })
                .or_else(|| {
                    let (least, _) = after("at least ")?;
                    Some(w(Word::ConfigAtLeast).replace("{n}", &number(&least)?))
                })?;
            Some(match value {
                Some(v) => format!("{v}; {allowed}"),
                None => allowed,
            })
        }
        // The parser's own reason, where and what, retold as `play --control` tells it.
        Fault::NotTimeControl => {
            let value = quoted('"', '"')?;
            let e = crate::rules::clock::TimeControl::parse_any(&value).err()?;
            Some(format!(
                "{}; {}",
                q(&value),
                crate::host::words::control_error_line(pack, &e)
            ))
        }
        Fault::NotLanguage => Some(format!(
            "{}; {}",
            q(&quoted('"', '"')?),
            crate::phrase::Language::listing()
        )),
        Fault::NoSuchPack => {
            let (_, rest) = reason.split_once("the packs are ")?;
            Some(format!(
                "{}; {}{} {}",
                q(&quoted('"', '"')?),
                w(Word::PacksFound),
                pack.colon(),
                rest.trim()
            ))
        }
        // A button bound to no command: the word, the near miss, and the commands there are.
        Fault::NoSuchCommand => {
            let (_, rest) = reason.split_once("there is no command \"")?;
            let (value, rest) = rest.split_once('"')?;
            let near = rest
                .split_once("did you mean \"")
                .and_then(|(_, r)| r.split_once('"'))
                .map(|(s, _)| format!(" ({})", w(Word::ConfigDidYouMean).replace("{key}", &q(s))))
                .unwrap_or_default();
            let (_, list) = rest.split_once("the commands are ")?;
            let list = list.replace(", or ", ", ").replace('"', "");
            Some(format!(
                "{}{near}; {}{} {list}",
                q(value),
                w(Word::ArgValuesAre),
                pack.colon()
            ))
        }
        Fault::NotOneOf if reason.contains("is not a side") => {
            Some(format!("{}; white, black", q(&quoted('"', '"')?)))
        }
        Fault::NotOneOf => {
            // serde: "unknown variant `x`, expected one of `a`, `b`" or "expected `a` or `b`"
            // (TOML's parser quotes with '"').
            let reason = reason.replace('`', "\"");
            let (head, expected) = reason.split_once("expected ")?;
            let value = head.split('"').nth(1)?;
            let options: Vec<&str> = expected.split('"').skip(1).step_by(2).collect();
            Some(format!("{}; {}", q(value), options.join(", ")))
        }
        _ => None,
    }
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
