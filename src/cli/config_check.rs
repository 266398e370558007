//! `vichess config check [FILE] [--lang L]`: FILE (or, without FILE, the user's own
//! configuration file) on top of the built-in defaults. Prints "ok" for each file read, or
//! every error with its file, line and key, then how many; exit 1 on error. Every line is in
//! the game's language (issue 24, item 12): `--lang`, else the language `play` would take
//! from the configuration or the locale.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::config::{check_file, error_line, file_name};
use vichess::phrase::token::{Token, Word};
use vichess::phrase::Language;
use vichess::voice::Pack;

pub fn run(file: Option<&Path>, lang: Option<&str>) -> anyhow::Result<ExitCode> {
    let pack = words(file, lang)?;
    let w = |word| pack.text(&[Token::Word(word)]);
    let mut out = std::io::stdout().lock();
    match check_file(file) {
        Ok(names) => {
            for name in names {
                let name = file_name(&pack, &name);
                writeln!(out, "{}", w(Word::ConfigCheckOk).replace("{file}", &name))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(errors) => {
            for e in &errors {
                writeln!(out, "{}", error_line(&pack, e))?;
            }
            let n = errors.len().to_string();
            writeln!(out, "{}", w(Word::ConfigErrorCount).replace("{n}", &n))?;
            Ok(ExitCode::from(1))
        }
    }
}

/// The pack whose words the check speaks: `--lang`'s, else the language `play` would play in
/// with this configuration (the user's file and FILE, as with `--config FILE`), errors or
/// not; an unknown `--lang` is refused in that language.
fn words(file: Option<&Path>, lang: Option<&str>) -> anyhow::Result<Pack> {
    let asked = lang.map(|code| (code, Language::from_code(code)));
    let language = match asked {
        Some((_, Some(language))) => language,
        _ => vichess::config::game_language(file, |name| std::env::var(name).ok()),
    };
    let pack = Pack::builtin(vichess::session::language_pack(language))?;
    if let Some((code, None)) = asked {
        let why = pack.text(&[Token::Word(Word::LangUnknown)]);
        anyhow::bail!("--lang {code}: {why} {}", Language::listing());
    }
    Ok(pack)
}
