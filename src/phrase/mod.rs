//! Words for what vichess says: moves as Appendix D announces them (`announce`, `token`), and
//! times and move counts in the five languages it speaks (`time`, `number`).
//!
//! A time is always said in words ("one hour twelve minutes"), never as digits that a speech
//! engine would read as a time of day. The text here is the display form: German keeps its
//! umlauts, and a voice pack may respell it for its speech engine.

pub mod announce;
pub mod control;
pub mod events;
pub mod grammar;
pub mod number;
pub mod readout;
pub mod repeat;
pub mod time;
pub mod token;

pub use number::Gender;
pub use time::{say_duration, say_move_count, say_move_count_for, SayOptions};

use std::fmt;
use std::str::FromStr;

/// A language vichess speaks. German is the language of Appendix D's words; the others are
/// the languages of the project's users and of the Laws' translations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// German, the language of Appendix D's words.
    De,
    /// English.
    En,
    /// Ukrainian.
    Uk,
    /// Russian.
    Ru,
    /// Armenian.
    Hy,
}

impl Language {
    /// Every language, for tests and listings.
    pub const ALL: [Language; 5] = [
        Language::De,
        Language::En,
        Language::Uk,
        Language::Ru,
        Language::Hy,
    ];

    /// The ISO 639-1 code, as used on the command line and in voice pack names.
    pub const fn code(self) -> &'static str {
        match self {
            Language::De => "de",
            Language::En => "en",
            Language::Uk => "uk",
            Language::Ru => "ru",
            Language::Hy => "hy",
        }
    }

    /// `text` in the language's own quotation marks („…“, "…", «…»), as the packs' words
    /// quote commands: a line that quotes with another language's marks reads as foreign.
    pub fn quote(self, text: &str) -> String {
        match self {
            Language::De => format!("„{text}“"),
            Language::En => format!("\"{text}\""),
            Language::Uk | Language::Ru | Language::Hy => format!("«{text}»"),
        }
    }

    /// `value` with `places` decimals as the language writes a number: a decimal comma in
    /// German, Ukrainian, Russian and Armenian ("113,8 Sekunden"), a point in English. A
    /// line in the game's language with "113.8" in it reads as foreign.
    pub fn decimal(self, value: f64, places: usize) -> String {
        let text = format!("{value:.places$}");
        match self {
            Language::En => text,
            _ => text.replace('.', ","),
        }
    }

    /// `line` as a question: Armenian marks the question on its stressed word (the pack's
    /// `ունեի՞ք`), so the line gets no Latin question mark at its end; the others end in "?".
    pub fn question(self, line: &str) -> String {
        match self {
            Language::Hy => line.to_string(),
            _ => format!("{line}?"),
        }
    }

    /// A question the same line goes on after (the answers it takes): it ends there, with
    /// the "?" of [`Language::question`], or in Armenian, whose question mark sits on the
    /// word asked ("ո՞ր"), with the full stop "։", so the question never runs on into them.
    pub fn question_then(self, line: &str) -> String {
        match self {
            Language::Hy => format!("{line}։"),
            _ => self.question(line),
        }
    }

    /// The language's name in its own words, so whoever reads a list of languages finds
    /// their own whatever the list's language: "Deutsch", "українська".
    pub const fn own_name(self) -> &'static str {
        match self {
            Language::De => "Deutsch",
            Language::En => "English",
            Language::Uk => "українська",
            Language::Ru => "русский",
            Language::Hy => "հայերեն",
        }
    }

    /// Every language's code with its own name, "de (Deutsch), en (English), …", after the
    /// pack's `lang-unknown` when a `--lang` is refused.
    pub fn listing() -> String {
        Language::ALL
            .iter()
            .map(|l| format!("{} ({})", l.code(), l.own_name()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Reads an ISO 639-1 code, ignoring case: `de`, `en`, `uk`, `ru` or `hy`.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code vichess does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a language vichess speaks: use de, en, uk, ru or hy")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        Language::from_code(s).ok_or_else(|| UnknownLanguage(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::Language;

    #[test]
    fn decimals_are_written_with_the_languages_mark() {
        assert_eq!(Language::De.decimal(113.84, 1), "113,8");
        assert_eq!(Language::Ru.decimal(3.0, 1), "3,0");
        assert_eq!(Language::Hy.decimal(0.25, 2), "0,25");
        assert_eq!(Language::En.decimal(113.84, 1), "113.8");
    }
}
