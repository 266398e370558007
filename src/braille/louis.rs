//! The braille engine: liblouis through the `liblouis` crate, with Debian's tables.

use super::cells;
use crate::rules::notation::Lang;

/// The liblouis table list vichess uses for a language, unless the user names another.
///
/// English and German use six-dot computer braille (`en-us-comp6.ctb`, `de-comp6.utb`): one
/// cell per print character, capitals marked, and in English the digits in the lower cells that
/// braille chess notation writes. liblouis's Russian, Ukrainian and Armenian tables that keep
/// Latin letters apart from their own are eight-dot computer braille (`ru.ctb`,
/// `uk-comp.utb`); the Armenian table has no Latin letters, so the English computer table
/// follows it for the files a to h. `docs/braille.md` gives the reasons.
pub const fn default_table(lang: Lang) -> &'static str {
    match lang {
        Lang::En | Lang::Figurine => "en-us-comp6.ctb",
        Lang::De => "de-comp6.utb",
        Lang::Ru => "ru.ctb",
        Lang::Uk => "uk-comp.utb",
        Lang::Hy => "hy.ctb,en-us-comp6.ctb",
    }
}

/// A liblouis translator for one table list, giving Unicode braille.
pub struct Louis {
    tables: String,
    translator: liblouis::Translator,
}

impl Louis {
    /// Opens `tables` (a liblouis table list such as `ru.ctb`); fails when liblouis cannot
    /// compile it, so a wrong name is reported before any page is written.
    pub fn open(tables: &str) -> Result<Louis, String> {
        let louis = Louis {
            tables: format!("unicode.dis,{tables}"),
            translator: liblouis::Translator::new(),
        };
        louis.forward("a").map_err(|_| {
            format!(
                "liblouis cannot load the braille table {tables:?} (is liblouis-data installed?)"
            )
        })?;
        Ok(louis)
    }

    /// Print to Unicode braille.
    pub fn forward(&self, text: &str) -> Result<String, String> {
        if text.is_empty() {
            return Ok(String::new());
        }
        let out = self
            .translator
            .translate_string(&self.tables, text)
            .map_err(|e| e.to_string())?;
        if let Some(bad) = out.chars().find(|&c| cells::dots(c).is_none()) {
            return Err(format!(
                "liblouis gave {bad:?}, not a braille cell, for {text:?}"
            ));
        }
        Ok(out)
    }

    /// How this table's cells become BRF (see [`cells::SixDot`]), found by translating
    /// digits, a capital, the plus sign and the parentheses.
    pub fn six_dot(&self) -> cells::SixDot {
        let cells_of = |t: &str| -> Vec<u8> {
            self.forward(t)
                .map(|s| s.chars().filter_map(cells::dots).collect())
                .unwrap_or_default()
        };
        let digits_dot8 = cells_of("1234567890").iter().any(|d| d & 0x80 != 0);
        // One cell with dot 7 for a capital: the table has no capital sign of its own.
        let capital = cells_of("A");
        let capital_sign = capital.len() == 1 && capital[0] & 0x40 != 0;
        let plus = match cells_of("+").as_slice() {
            [p] if p & 0xC0 != 0 => Some(*p),
            _ => None,
        };
        // A capital sign of the table's own before a dot-7 letter (Armenian).
        let table_capital = ["Ա", "Ф", "A"]
            .iter()
            .find_map(|c| match cells_of(c).as_slice() {
                [sign, letter] if sign & 0xC0 == 0 && letter & 0x40 != 0 => Some(*sign),
                _ => None,
            });
        // Eight-dot parentheses (Ukrainian), which fold into digits.
        let parens = match (cells_of("(").as_slice(), cells_of(")").as_slice()) {
            ([open], [close]) if (open | close) & 0xC0 != 0 => Some((*open, *close)),
            _ => None,
        };
        cells::SixDot {
            digits_dot8,
            capital_sign,
            plus,
            table_capital,
            parens,
        }
    }
}
