//! A command line clap refuses, said in the language the player reads: `--lang` when it names
//! one, else the configuration's or the locale's (as `play` tells a start-up problem). Clap's
//! own messages are English ("error: unexpected argument '--foo' found"); the common kinds
//! are told here in the pack's words, naming the argument and the command's `--help`. Help
//! and version output, and the rarer kinds, stay clap's.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::ffi::OsString;
use vichess::phrase::token::{Token, Word};
use vichess::phrase::Language;
use vichess::voice::Pack;

/// The line for `e`, without the leading "vichess: ", or `None` when clap should say it.
pub fn refused(e: &clap::Error, argv: &[OsString], cmd: &clap::Command) -> Option<String> {
    let pack = Pack::builtin(vichess::session::language_pack(language(argv))).ok()?;
    let w = |word| pack.text(&[Token::Word(word)]);
    let q = |text: &str| pack.language().quote(text);
    // A label's mark in the pack's language: ":", Armenian "՝".
    let colon = pack.colon();
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        _ => None,
    };
    // Each near miss in the language's quotes: «replay», «play».
    let suggestion = |kind| {
        let near: Vec<String> = match e.get(kind) {
            Some(ContextValue::String(s)) => vec![q(s)],
            Some(ContextValue::Strings(v)) => v.iter().map(|s| q(s)).collect(),
            _ => return String::new(),
        };
        let key = near.join(", ");
        format!(" ({})", w(Word::ConfigDidYouMean).replace("{key}", &key))
    };
    let line = match e.kind() {
        ErrorKind::UnknownArgument => format!(
            "{}{colon} {}{}",
            context(ContextKind::InvalidArg)?,
            w(Word::ArgUnknown),
            suggestion(ContextKind::SuggestedArg)
        ),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let arg = context(ContextKind::InvalidArg)?;
            let value = context(ContextKind::InvalidValue).unwrap_or_default();
            if value.is_empty() {
                // `--control` with nothing after it: clap says an empty value is invalid,
                // with no values listed; what is missing is the value itself.
                return Some(format!(
                    "{arg}{colon} {}; {}",
                    w(Word::ArgMissing),
                    w(Word::ArgSeeHelp)
                        .replace("{help}", &format!("{} --help", command_path(argv, cmd)))
                ));
            }
            let valid = context(ContextKind::ValidValue)
                .filter(|v| !v.is_empty())
                .map(|v| format!(" ({}{colon} {v})", w(Word::ArgValuesAre)))
                .or_else(|| own_reason(e, &pack).map(|why| format!(" ({why})")))
                .unwrap_or_default();
            format!(
                "{arg}{colon} {}{colon} {}{valid}",
                q(&value),
                w(Word::ArgInvalidValue)
            )
        }
        ErrorKind::MissingRequiredArgument => format!(
            "{}{colon} {}",
            context(ContextKind::InvalidArg)?,
            w(Word::ArgMissing)
        ),
        ErrorKind::InvalidSubcommand => format!(
            "{}{colon} {}{}",
            context(ContextKind::InvalidSubcommand)?,
            w(Word::ArgNoSuchCommand),
            suggestion(ContextKind::SuggestedSubcommand)
        ),
        _ => return None,
    };
    let help = format!("{} --help", command_path(argv, cmd));
    Some(format!(
        "{line}; {}",
        w(Word::ArgSeeHelp).replace("{help}", &help)
    ))
}

/// A value parser's own reason, when it says more than that the value cannot be used (a
/// limit, the codes there are): vichess's checks name them, as a device's words are kept
/// in brackets.
///
/// Clap's own range check ("99 is not in 1..=60") is said in the pack's words ("erlaubt: 1
/// bis 60"): its English stood inside a German or Armenian line (a play-through).
fn own_reason(e: &clap::Error, pack: &Pack) -> Option<String> {
    let source = std::error::Error::source(e)?;
    // Rust's number parsers say nothing a player can use ("invalid digit found in string"):
    // what is expected is said instead (a play-through's "--depth abc" got no hint at all).
    if source.is::<std::num::ParseIntError>() {
        return Some(pack.text(&[Token::Word(Word::ArgWholeNumber)]));
    }
    if source.is::<std::num::ParseFloatError>() {
        return Some(pack.text(&[Token::Word(Word::ArgNumber)]));
    }
    if source.is::<std::str::ParseBoolError>() {
        return None;
    }
    let text = source.to_string();
    if let Some((from, to)) = text
        .split_once(" is not in ")
        .and_then(|(_, range)| range.split_once("..="))
    {
        return Some(
            pack.text(&[Token::Word(Word::ArgRange)])
                .replace("{from}", from.trim())
                .replace("{to}", to.trim()),
        );
    }
    Some(text)
}

/// The language to refuse in: `--lang`'s when it names one vichess speaks, else the one
/// `--config`'s file, the configuration or the locale gives.
fn language(argv: &[OsString]) -> Language {
    let args: Vec<String> = argv
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let value = |flag: &str| {
        args.iter().enumerate().rev().find_map(|(i, a)| {
            a.strip_prefix(&format!("{flag}="))
                .map(str::to_string)
                .or_else(|| (a == flag).then(|| args.get(i + 1).cloned()).flatten())
        })
    };
    value("--lang")
        .and_then(|code| Language::from_code(&code))
        .unwrap_or_else(|| {
            let config = value("--config").map(std::path::PathBuf::from);
            vichess::config::start_up_language(config.as_deref(), |name| std::env::var(name).ok())
        })
}

/// "vichess play": the program and the subcommands named on the command line, for `--help`.
fn command_path(argv: &[OsString], cmd: &clap::Command) -> String {
    let mut path = vec![cmd.get_name().to_string()];
    let mut at = cmd;
    for arg in argv.iter().skip(1) {
        let Some(name) = arg.to_str() else { continue };
        if let Some(sub) = at.find_subcommand(name) {
            path.push(sub.get_name().to_string());
            at = sub;
        }
    }
    path.join(" ")
}
