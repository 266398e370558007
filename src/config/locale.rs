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
