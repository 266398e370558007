//! The game's first language when nothing names one: the system's locale (issue 24, item 8).
//! A first-time user whose system speaks English should not get German without being told.
//!
//! POSIX order: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty
//! decides; `en_US.UTF-8` is English, `ru_RU` Russian, `uk_UA` Ukrainian, `hy_AM`
//! Armenian, any `de_*` German. `C`, `POSIX` and languages vichess does not speak leave
//! the configuration's default, and the start line says so.

use super::Config;
use crate::phrase::Language;

/// Where the game's language came from, for the start line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LanguageSource {
    /// `--lang` on the command line.
    Flag,
    /// The game's journal (a resumed game, a report).
    Journal,
    /// `[game] language` in a configuration file.
    Configured,
    /// The locale variable `var` with its `value`.
    Locale {
        /// `LC_ALL`, `LC_MESSAGES` or `LANG`.
        var: &'static str,
        /// What it was set to.
        value: String,
    },
    /// The built-in default: the locale named none vichess speaks (`var=value`), or none
    /// was set (`None`).
    Default(Option<(&'static str, String)>),
}

/// The variables that name the language of messages, strongest first.
pub const LOCALE_VARS: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// The locale setting that decides (`LC_ALL`, else `LC_MESSAGES`, else `LANG`), read
/// through `var` so tests can pass an environment of their own.
pub fn locale_setting(var: impl Fn(&str) -> Option<String>) -> Option<(&'static str, String)> {
    LOCALE_VARS
        .into_iter()
        .find_map(|name| var(name).filter(|v| !v.is_empty()).map(|v| (name, v)))
}

/// The language a locale names: `en_US.UTF-8` is English; `C`, `POSIX` and languages
/// vichess does not speak are `None`.
pub fn locale_language(value: &str) -> Option<Language> {
    // language[_territory][.codeset][@modifier]
    let code = value.split(['_', '.', '@']).next().unwrap_or("");
    if code.len() != 2 {
        return None;
    }
    Language::from_code(code)
}

/// The language the configuration files (the user's, then `config_flag`'s) name in
/// `[game] language`, read leniently: a file with other errors, even a file that is not valid
/// TOML, still says in which language its errors are to be told.
pub fn named_language(config_flag: Option<&std::path::Path>) -> Option<Language> {
    super::user_config_path()
        .filter(|p| p.is_file())
        .into_iter()
        .chain(config_flag.map(std::path::Path::to_path_buf))
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .filter_map(|text| language_in(&text))
        .next_back()
}

/// `[game] language` in one file's text: through TOML when the file parses, else from the
/// line itself (`language = "ru"` under `[game]`).
fn language_in(text: &str) -> Option<Language> {
    if let Ok(table) = toml::from_str::<toml::Table>(text) {
        let code = table.get("game")?.get("language")?.as_str()?;
        return Language::from_code(code);
    }
    let mut in_game = false;
    let mut found = None;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_game = line.trim_start_matches('[').trim_end_matches(']').trim() == "game";
        } else if let Some((key, value)) = line.split_once('=') {
            if in_game && key.trim() == "language" {
                let code = value.trim().trim_matches(|c| c == '"' || c == '\'');
                found = Language::from_code(code).or(found);
            }
        }
    }
    found
}

/// The language to tell a start-up problem in before the configuration could be read whole:
/// the one its files name, else the locale's (`var` reads the environment), else the game's
/// built-in default. A C locale names no language, and `play` then plays in German: its
/// refusal of a mistyped option was English, the one line of such a game that was.
pub fn start_up_language(
    config_flag: Option<&std::path::Path>,
    var: impl Fn(&str) -> Option<String>,
) -> Language {
    named_language(config_flag)
        .or_else(|| locale_setting(var).and_then(|(_, value)| locale_language(&value)))
        .unwrap_or_else(|| Config::default().game.language())
}

/// The language `play` would play in when the command line names none, also when the
/// configuration has errors and no game can start: `[game] language` from the files (read
/// leniently), else the locale's, else the built-in default. `config check` speaks it, so
/// that its findings come in the language the game will (a C locale is German, as in play).
pub fn game_language(
    config_flag: Option<&std::path::Path>,
    var: impl Fn(&str) -> Option<String>,
) -> Language {
    match super::load(config_flag) {
        Ok(config) => config.first_language(var).0,
        Err(_) => named_language(config_flag)
            .or_else(|| locale_setting(&var).and_then(|(_, value)| locale_language(&value)))
            .unwrap_or_else(|| Config::default().game.language()),
    }
}

impl Config {
    /// The game's language when the command line names none: `[game] language` from a
    /// configuration file, else the locale's (`var` reads the environment), else the
    /// built-in default, with where it came from.
    pub fn first_language(
        &self,
        var: impl Fn(&str) -> Option<String>,
    ) -> (Language, LanguageSource) {
        if self.game.language_set {
            return (self.game.language(), LanguageSource::Configured);
        }
        let setting = locale_setting(var);
        match setting
            .as_ref()
            .and_then(|(_, value)| locale_language(value))
        {
            Some(language) => {
                let (var, value) = setting.expect("a language came from it");
                (language, LanguageSource::Locale { var, value })
            }
            None => (self.game.language(), LanguageSource::Default(setting)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file whose other lines are wrong, or that is not TOML at all, still names its
    /// language for the errors.
    #[test]
    fn a_broken_file_still_names_its_language() {
        assert_eq!(
            language_in("[game]\nlanguage = \"ru\"\nlangauge = \"ru\"\n"),
            Some(Language::Ru)
        );
        assert_eq!(
            language_in("[game]\nlanguage = \"hy\"\n[clock\nspeed = "),
            Some(Language::Hy)
        );
        assert_eq!(language_in("[speech]\nlanguage = \"ru\"\n"), None);
        assert_eq!(language_in("[game]\nlanguage = \"xx\"\n"), None);
    }

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn the_locale_names_the_language_in_posix_order() {
        for (value, language) in [
            ("en_US.UTF-8", Some(Language::En)),
            ("ru_RU", Some(Language::Ru)),
            ("uk_UA.UTF-8", Some(Language::Uk)),
            ("hy_AM", Some(Language::Hy)),
            ("de_AT.UTF-8@euro", Some(Language::De)),
            ("de", Some(Language::De)),
            ("C", None),
            ("C.UTF-8", None),
            ("POSIX", None),
            ("fr_FR.UTF-8", None),
            ("english", None),
        ] {
            assert_eq!(locale_language(value), language, "{value}");
        }
        let config = Config::default();
        // LC_ALL wins over LC_MESSAGES, which wins over LANG; an empty one does not count.
        let all = [("LC_ALL", "ru_RU.UTF-8"), ("LANG", "en_US.UTF-8")];
        assert_eq!(config.first_language(env(&all)).0, Language::Ru);
        let messages = [("LC_ALL", ""), ("LC_MESSAGES", "uk_UA"), ("LANG", "en_US")];
        assert_eq!(
            config.first_language(env(&messages)),
            (
                Language::Uk,
                LanguageSource::Locale {
                    var: "LC_MESSAGES",
                    value: "uk_UA".into()
                }
            )
        );
        // C (or nothing) leaves the default, and says which setting was there.
        assert_eq!(
            config.first_language(env(&[("LANG", "C")])),
            (
                Language::De,
                LanguageSource::Default(Some(("LANG", "C".into())))
            )
        );
        assert_eq!(
            config.first_language(env(&[])),
            (Language::De, LanguageSource::Default(None))
        );
        // A configured language wins over the locale.
        let mut configured = Config::default();
        configured.game.language = "hy".into();
        configured.game.language_set = true;
        assert_eq!(
            configured.first_language(env(&all)),
            (Language::Hy, LanguageSource::Configured)
        );
    }
}
