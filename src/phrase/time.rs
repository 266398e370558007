//! Durations and move counts in words: "one hour twelve minutes", "zwölf Züge".
//!
//! A clock reading said as "1:12" is heard as a time of day, so vichess never says one: every
//! unit is named, with the noun form each language's grammar asks for after the number.

use super::number::{cardinal, counting, german_takes_singular, slavic_form, Gender};
use super::Language;

/// How a duration is said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SayOptions {
    /// Under a minute, add tenths of a second ("nine point five"). In time trouble
    /// the tenths are what a player needs; above a minute they are noise.
    pub tenths: bool,
    /// Say hours ("one hour twelve minutes"). Without them the minutes run on
    /// ("seventy-two minutes"), as some players prefer for a period's time.
    pub hours: bool,
}

impl Default for SayOptions {
    fn default() -> SayOptions {
        SayOptions {
            tenths: false,
            hours: true,
        }
    }
}

#[derive(Clone, Copy)]
enum Unit {
    Hour,
    Minute,
    Second,
    Move,
    /// How often something happened: "one time", "один раз".
    Time,
}

/// The noun for a unit in one language: its gender and its forms. German and English use
/// `[singular, plural, plural]`, Ukrainian and Russian `[one, few, many]`; Armenian keeps
/// the singular after every numeral.
fn noun(lang: Language, unit: Unit) -> (Gender, [&'static str; 3]) {
    use Gender::*;
    match (lang, unit) {
        (Language::En, Unit::Hour) => (Neuter, ["hour", "hours", "hours"]),
        (Language::En, Unit::Minute) => (Neuter, ["minute", "minutes", "minutes"]),
        (Language::En, Unit::Second) => (Neuter, ["second", "seconds", "seconds"]),
        (Language::En, Unit::Move) => (Neuter, ["move", "moves", "moves"]),
        (Language::De, Unit::Hour) => (Feminine, ["Stunde", "Stunden", "Stunden"]),
        (Language::De, Unit::Minute) => (Feminine, ["Minute", "Minuten", "Minuten"]),
        (Language::De, Unit::Second) => (Feminine, ["Sekunde", "Sekunden", "Sekunden"]),
        (Language::De, Unit::Move) => (Masculine, ["Zug", "Züge", "Züge"]),
        (Language::Uk, Unit::Hour) => (Feminine, ["година", "години", "годин"]),
        (Language::Uk, Unit::Minute) => (Feminine, ["хвилина", "хвилини", "хвилин"]),
        (Language::Uk, Unit::Second) => (Feminine, ["секунда", "секунди", "секунд"]),
        (Language::Uk, Unit::Move) => (Masculine, ["хід", "ходи", "ходів"]),
        (Language::Ru, Unit::Hour) => (Masculine, ["час", "часа", "часов"]),
        (Language::Ru, Unit::Minute) => (Feminine, ["минута", "минуты", "минут"]),
        (Language::Ru, Unit::Second) => (Feminine, ["секунда", "секунды", "секунд"]),
        (Language::Ru, Unit::Move) => (Masculine, ["ход", "хода", "ходов"]),
        (Language::Hy, Unit::Hour) => (Neuter, ["ժամ"; 3]),
        (Language::Hy, Unit::Minute) => (Neuter, ["րոպե"; 3]),
        (Language::Hy, Unit::Second) => (Neuter, ["վայրկյան"; 3]),
        (Language::Hy, Unit::Move) => (Neuter, ["քայլ"; 3]),
        (Language::En, Unit::Time) => (Neuter, ["time", "times", "times"]),
        (Language::De, Unit::Time) => (Neuter, ["Mal", "Mal", "Mal"]),
        (Language::Uk, Unit::Time) => (Masculine, ["раз", "рази", "разів"]),
        (Language::Ru, Unit::Time) => (Masculine, ["раз", "раза", "раз"]),
        (Language::Hy, Unit::Time) => (Neuter, ["անգամ"; 3]),
    }
}

/// "n unit" with the number agreeing with the noun and the noun with the number.
fn count(n: u64, unit: Unit, lang: Language) -> String {
    let (gender, forms) = noun(lang, unit);
    let word = match lang {
        Language::En => forms[usize::from(n != 1)],
        Language::De => forms[usize::from(!german_takes_singular(n))],
        Language::Uk | Language::Ru => slavic_form(n, forms),
        Language::Hy => forms[0],
    };
    format!("{} {word}", cardinal(n, lang, gender))
}

/// A duration in words, rounded down to the second (to the tenth with `opts.tenths` under a
/// minute), as a clock display would show it: "one hour twelve minutes", "eine Minute eine
/// Sekunde", "двадцять дві хвилини". Parts that are zero are left out; exactly zero is
/// "zero seconds" in each language, and a time under a second but above zero is said in
/// tenths ("zero point five", the tenth rounded up), never "zero": a player with half a
/// second left has not lost on time. (Tenths, not "less than one second", so that the
/// pack's own number clips say it, in the one voice.)
pub fn say_duration(ms: u64, lang: Language, opts: SayOptions) -> String {
    if opts.tenths && ms < 60_000 {
        let tenths = ms / 100;
        if !tenths.is_multiple_of(10) {
            return decimal_seconds(tenths / 10, tenths % 10, lang);
        }
    }
    let total = ms / 1000;
    let (hours, minutes, seconds) = if opts.hours {
        (total / 3600, total / 60 % 60, total % 60)
    } else {
        (0, total / 60, total % 60)
    };
    let parts: Vec<String> = [
        (hours, Unit::Hour),
        (minutes, Unit::Minute),
        (seconds, Unit::Second),
    ]
    .into_iter()
    .filter(|&(n, _)| n > 0)
    .map(|(n, unit)| count(n, unit, lang))
    .collect();
    if parts.is_empty() && ms > 0 {
        decimal_seconds(0, ms.div_ceil(100).min(9), lang)
    } else if parts.is_empty() {
        count(0, Unit::Second, lang)
    } else {
        parts.join(" ")
    }
}

/// Seconds with one decimal, as a player in time trouble wants to hear them: short, the
/// unit understood ("nine point five", "neun Komma fünf", "дев'ять і п'ять", "девять и пять",
/// "ինը ամբողջ հինգ"). The full fraction ("дев'ять цілих п'ять десятих секунди") takes
/// longer to say than the tenth it reports.
fn decimal_seconds(whole: u64, tenth: u64, lang: Language) -> String {
    let fem = |n| cardinal(n, lang, Gender::Feminine);
    match lang {
        Language::En => format!("{} point {}", counting(whole, lang), counting(tenth, lang)),
        Language::De => format!("{} Komma {}", counting(whole, lang), counting(tenth, lang)),
        // Feminine, agreeing with the "секунда" understood.
        Language::Uk => format!("{} і {}", fem(whole), fem(tenth)),
        Language::Ru => format!("{} и {}", fem(whole), fem(tenth)),
        Language::Hy => format!("{} ամբողջ {}", counting(whole, lang), counting(tenth, lang)),
    }
}

/// A number of moves in words: "twelve moves", "zwölf Züge", "два хода", "п'ять ходів",
/// "տասներկու քայլ".
pub fn say_move_count(n: u32, lang: Language) -> String {
    count(u64::from(n), Unit::Move, lang)
}

/// How often, in words: "one time", "einmal", "один раз", "три рази", "մեկ անգամ" (a
/// claim's count of a position's occurrences). German writes the number and "mal" as one
/// word ("einmal", "dreimal"); "ein Mal" is the noun, not how often.
pub fn say_times(n: u32, lang: Language) -> String {
    match lang {
        Language::De => format!("{}mal", cardinal(u64::from(n), lang, Gender::Neuter)),
        _ => count(u64::from(n), Unit::Time, lang),
    }
}

/// A number of moves as "mate in N moves" takes it, after the language's "in": German's
/// dative ("in einem Zug", "in drei Zügen"), Russian's and Ukrainian's accusative (the same
/// as the nominative for these nouns: "в один ход", "у три ходи"), Armenian's locative
/// ("մեկ քայլում", "երեք քայլում", the noun singular after every numeral); English as
/// [`say_move_count`].
pub fn say_moves_in(n: u32, lang: Language) -> String {
    let n = u64::from(n);
    match lang {
        Language::De if n == 1 => "einem Zug".to_string(),
        Language::De => format!("{} Zügen", cardinal(n, lang, Gender::Masculine)),
        Language::Hy => format!("{}ում", count(n, Unit::Move, lang)),
        _ => count(n, Unit::Move, lang),
    }
}

/// A number of moves after "for" ([`crate::phrase::token::Token::CountFor`]): as
/// [`say_move_count`], but Armenian puts the noun in the dative its postposition "համար"
/// takes ("քառասուն քայլի համար"). English, German, Ukrainian and Russian "for" takes the
/// accusative, the same words for a number of moves but German's one ("für einen Zug").
pub fn say_move_count_for(n: u32, lang: Language) -> String {
    let said = say_move_count(n, lang);
    match lang {
        Language::Hy => format!("{said}ի"),
        Language::De => match said.strip_prefix("ein ") {
            Some(rest) => format!("einen {rest}"),
            None => said,
        },
        _ => said,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_writes_how_often_as_one_word() {
        assert_eq!(say_times(1, Language::De), "einmal");
        assert_eq!(say_times(2, Language::De), "zweimal");
        assert_eq!(say_times(3, Language::De), "dreimal");
        assert_eq!(say_times(21, Language::De), "einundzwanzigmal");
        assert_eq!(say_times(1, Language::Ru), "один раз");
        assert_eq!(say_times(1, Language::Hy), "մեկ անգամ");
    }

    #[test]
    fn mate_in_n_moves_takes_each_languages_case() {
        let said = |n, lang| say_moves_in(n, lang);
        assert_eq!(said(1, Language::De), "einem Zug");
        assert_eq!(said(3, Language::De), "drei Zügen");
        assert_eq!(said(1, Language::Hy), "մեկ քայլում");
        assert_eq!(said(3, Language::Hy), "երեք քայլում");
        assert_eq!(said(1, Language::Ru), "один ход");
        assert_eq!(said(5, Language::Ru), "пять ходов");
        assert_eq!(said(3, Language::Uk), "три ходи");
        assert_eq!(said(1, Language::En), "one move");
    }

    #[test]
    fn minutes_without_hours_run_on() {
        let opts = SayOptions {
            hours: false,
            ..SayOptions::default()
        };
        assert_eq!(
            say_duration(72 * 60_000, Language::En, opts),
            "seventy-two minutes"
        );
        assert_eq!(
            say_duration(101 * 60_000, Language::De, opts),
            "hundertundeine Minute"
        );
    }

    #[test]
    fn whole_tenths_are_said_as_whole_seconds() {
        let opts = SayOptions {
            tenths: true,
            ..SayOptions::default()
        };
        assert_eq!(say_duration(9_000, Language::En, opts), "nine seconds");
        assert_eq!(say_duration(9_099, Language::En, opts), "nine seconds");
        assert_eq!(say_duration(60_500, Language::En, opts), "one minute");
    }
}
