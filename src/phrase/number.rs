//! Whole numbers in words, with the agreement each language needs before a noun.
//!
//! Numbers from zero to 999,999 are spelled out; larger ones (never a move count or an hour
//! count in a real game) fall back to digits rather than to a wrong word.

use super::Language;

/// The grammatical gender of the noun a number counts. German, Ukrainian and Russian change
/// "one" (and the Slavic languages "two") to agree with it: "eine Minute", "ein Zug",
/// "одна хвилина", "два часа".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gender {
    /// "ein Zug", "один хід".
    Masculine,
    /// "eine Minute", "одна хвилина".
    Feminine,
    /// "ein Zimmer", "одно".
    Neuter,
}

/// The Ukrainian and Russian plural classes after a numeral: "одна минута" (one),
/// "две минуты" (few), "пять минут" (many).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlavicPlural {
    /// 1, 21, 31 ...: "одна минута".
    One,
    /// 2-4, 22-24 ...: "две минуты".
    Few,
    /// 0, 5-20, 25-30 ...: "пять минут".
    Many,
}

/// The plural class of `n` in Ukrainian and Russian: the last digit decides, except that
/// 11 to 14 (and 111, 212 ...) always take the "many" form.
pub fn slavic_plural(n: u64) -> SlavicPlural {
    let (last, last_two) = (n % 10, n % 100);
    if last == 1 && last_two != 11 {
        SlavicPlural::One
    } else if (2..=4).contains(&last) && !(12..=14).contains(&last_two) {
        SlavicPlural::Few
    } else {
        SlavicPlural::Many
    }
}

/// Spelled-out numbers stop here; beyond it, digits are honest and still unambiguous.
pub const WORDS_LIMIT: u64 = 1_000_000;

/// `n` in words as said before a noun of `gender`: "eine" / "ein" in German, "одна" / "один"
/// in Ukrainian and Russian. English and Armenian numbers do not agree with their noun.
pub fn cardinal(n: u64, lang: Language, gender: Gender) -> String {
    if n >= WORDS_LIMIT {
        return n.to_string();
    }
    match lang {
        Language::De => german(n, GermanOne::Before(gender)),
        Language::En => english(n),
        Language::Uk => slavic(n, &UKRAINIAN, gender),
        Language::Ru => slavic(n, &RUSSIAN, gender),
        Language::Hy => armenian(n),
    }
}

/// `n` in words said on its own, as when counting or before a decimal comma: German
/// "eins" rather than "ein". The Slavic languages count in the masculine.
pub fn counting(n: u64, lang: Language) -> String {
    if n >= WORDS_LIMIT {
        return n.to_string();
    }
    match lang {
        Language::De => german(n, GermanOne::Counting),
        _ => cardinal(n, lang, Gender::Masculine),
    }
}

/// Whether a German noun after `n` is singular: after "eine" / "ein" standing as the last
/// word of the number ("eine Minute", "hundertundeine Minute", like "Tausendundeine Nacht"),
/// but not inside a compound ("einundzwanzig Minuten").
pub fn german_takes_singular(n: u64) -> bool {
    n == 1 || (n > 100 && n < WORDS_LIMIT && n % 100 == 1)
}

// ---------------------------------------------------------------------------------------
// German

/// How a German "one" at the end of a number is said.
#[derive(Clone, Copy)]
enum GermanOne {
    /// Standing alone: "eins", "hunderteins".
    Counting,
    /// Inside a larger word: "eintausend" is never said, but "hunderteintausend" is.
    Compound,
    /// Before a noun: "eine Minute", "ein Zug", "hundertundeine Minute".
    Before(Gender),
}

const DE_UNITS: [&str; 20] = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
];

const DE_TENS: [&str; 10] = [
    "", "zehn", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig",
    "neunzig",
];

fn german_one(form: GermanOne, after_hundred: bool) -> &'static str {
    match (form, after_hundred) {
        (GermanOne::Counting, _) => "eins",
        (GermanOne::Compound, _) => "ein",
        (GermanOne::Before(Gender::Feminine), false) => "eine",
        (GermanOne::Before(_), false) => "ein",
        (GermanOne::Before(Gender::Feminine), true) => "undeine",
        (GermanOne::Before(_), true) => "undein",
    }
}

fn german_below_100(n: u64, form: GermanOne, after_hundred: bool) -> String {
    match n {
        1 => german_one(form, after_hundred).to_string(),
        0 | 2..=19 => DE_UNITS[n as usize].to_string(),
        _ => {
            let (tens, unit) = (n / 10, n % 10);
            match unit {
                0 => DE_TENS[tens as usize].to_string(),
                1 => format!("einund{}", DE_TENS[tens as usize]),
                _ => format!("{}und{}", DE_UNITS[unit as usize], DE_TENS[tens as usize]),
            }
        }
    }
}

fn german_below_1000(n: u64, form: GermanOne) -> String {
    if n < 100 {
        return german_below_100(n, form, false);
    }
    let (hundreds, rest) = (n / 100, n % 100);
    let head = match hundreds {
        1 => "hundert".to_string(),
        h => format!("{}hundert", german_below_100(h, GermanOne::Compound, false)),
    };
    match rest {
        0 => head,
        r => head + &german_below_100(r, form, true),
    }
}

fn german(n: u64, form: GermanOne) -> String {
    if n < 1000 {
        return german_below_1000(n, form);
    }
    let (thousands, rest) = (n / 1000, n % 1000);
    let head = match thousands {
        1 => "tausend".to_string(),
        t => format!("{}tausend", german_below_1000(t, GermanOne::Compound)),
    };
    match rest {
        0 => head,
        r if r < 100 => head + &german_below_100(r, form, true),
        r => head + &german_below_1000(r, form),
    }
}

// ---------------------------------------------------------------------------------------
// English (British: "one hundred and twelve")

const EN_UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

const EN_TENS: [&str; 10] = [
    "", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

fn english_below_100(n: u64) -> String {
    if n < 20 {
        return EN_UNITS[n as usize].to_string();
    }
    match (n / 10, n % 10) {
        (tens, 0) => EN_TENS[tens as usize].to_string(),
        (tens, unit) => format!("{}-{}", EN_TENS[tens as usize], EN_UNITS[unit as usize]),
    }
}

fn english_below_1000(n: u64) -> String {
    if n < 100 {
        return english_below_100(n);
    }
    let head = format!("{} hundred", EN_UNITS[(n / 100) as usize]);
    match n % 100 {
        0 => head,
        r => format!("{head} and {}", english_below_100(r)),
    }
}

fn english(n: u64) -> String {
    if n < 1000 {
        return english_below_1000(n);
    }
    let head = format!("{} thousand", english_below_1000(n / 1000));
    match n % 1000 {
        0 => head,
        r if r < 100 => format!("{head} and {}", english_below_100(r)),
        r => format!("{head} {}", english_below_1000(r)),
    }
}

// ---------------------------------------------------------------------------------------
// Ukrainian and Russian: the same structure, different words

struct SlavicWords {
    zero: &'static str,
    /// 1 and 2 by gender: masculine, feminine, neuter.
    one: [&'static str; 3],
    two: [&'static str; 3],
    /// 3 to 19.
    units: [&'static str; 20],
    tens: [&'static str; 10],
    hundreds: [&'static str; 10],
    /// "thousand" in the one, few and many forms; it is feminine in both languages.
    thousand: [&'static str; 3],
}

const UKRAINIAN: SlavicWords = SlavicWords {
    zero: "нуль",
    one: ["один", "одна", "одне"],
    two: ["два", "дві", "два"],
    units: [
        "",
        "",
        "",
        "три",
        "чотири",
        "п'ять",
        "шість",
        "сім",
        "вісім",
        "дев'ять",
        "десять",
        "одинадцять",
        "дванадцять",
        "тринадцять",
        "чотирнадцять",
        "п'ятнадцять",
        "шістнадцять",
        "сімнадцять",
        "вісімнадцять",
        "дев'ятнадцять",
    ],
    tens: [
        "",
        "",
        "двадцять",
        "тридцять",
        "сорок",
        "п'ятдесят",
        "шістдесят",
        "сімдесят",
        "вісімдесят",
        "дев'яносто",
    ],
    hundreds: [
        "",
        "сто",
        "двісті",
        "триста",
        "чотириста",
        "п'ятсот",
        "шістсот",
        "сімсот",
        "вісімсот",
        "дев'ятсот",
    ],
    thousand: ["тисяча", "тисячі", "тисяч"],
};

const RUSSIAN: SlavicWords = SlavicWords {
    zero: "ноль",
    one: ["один", "одна", "одно"],
    two: ["два", "две", "два"],
    units: [
        "",
        "",
        "",
        "три",
        "четыре",
        "пять",
        "шесть",
        "семь",
        "восемь",
        "девять",
        "десять",
        "одиннадцать",
        "двенадцать",
        "тринадцать",
        "четырнадцать",
        "пятнадцать",
        "шестнадцать",
        "семнадцать",
        "восемнадцать",
        "девятнадцать",
    ],
    tens: [
        "",
        "",
        "двадцать",
        "тридцать",
        "сорок",
        "пятьдесят",
        "шестьдесят",
        "семьдесят",
        "восемьдесят",
        "девяносто",
    ],
    hundreds: [
        "",
        "сто",
        "двести",
        "триста",
        "четыреста",
        "пятьсот",
        "шестьсот",
        "семьсот",
        "восемьсот",
        "девятьсот",
    ],
    thousand: ["тысяча", "тысячи", "тысяч"],
};

/// Picks the one / few / many form of a Slavic noun for `n`.
pub fn slavic_form<T: Copy>(n: u64, forms: [T; 3]) -> T {
    match slavic_plural(n) {
        SlavicPlural::One => forms[0],
        SlavicPlural::Few => forms[1],
        SlavicPlural::Many => forms[2],
    }
}

fn gender_index(gender: Gender) -> usize {
    match gender {
        Gender::Masculine => 0,
        Gender::Feminine => 1,
        Gender::Neuter => 2,
    }
}

fn slavic_below_1000(n: u64, w: &SlavicWords, gender: Gender, out: &mut Vec<&'static str>) {
    let (hundreds, rest) = ((n / 100) as usize, n % 100);
    if hundreds > 0 {
        out.push(w.hundreds[hundreds]);
    }
    let unit = if rest < 20 {
        rest as usize
    } else {
        out.push(w.tens[(rest / 10) as usize]);
        (rest % 10) as usize
    };
    match unit {
        0 => {}
        1 => out.push(w.one[gender_index(gender)]),
        2 => out.push(w.two[gender_index(gender)]),
        u => out.push(w.units[u]),
    }
}

fn slavic(n: u64, w: &SlavicWords, gender: Gender) -> String {
    if n == 0 {
        return w.zero.to_string();
    }
    let mut words = Vec::new();
    let thousands = n / 1000;
    if thousands > 0 {
        slavic_below_1000(thousands, w, Gender::Feminine, &mut words);
        words.push(slavic_form(thousands, w.thousand));
    }
    slavic_below_1000(n % 1000, w, gender, &mut words);
    words.join(" ")
}

// ---------------------------------------------------------------------------------------
// Armenian: no agreement, tens and units written as one word ("քսաներկու")

const HY_UNITS: [&str; 10] = [
    "զրո",
    "մեկ",
    "երկու",
    "երեք",
    "չորս",
    "հինգ",
    "վեց",
    "յոթ",
    "ութ",
    "ինը",
];

const HY_TENS: [&str; 10] = [
    "",
    "տասը",
    "քսան",
    "երեսուն",
    "քառասուն",
    "հիսուն",
    "վաթսուն",
    "յոթանասուն",
    "ութսուն",
    "իննսուն",
];

fn armenian_below_100(n: u64) -> String {
    let (tens, unit) = ((n / 10) as usize, (n % 10) as usize);
    match (tens, unit) {
        (0, u) => HY_UNITS[u].to_string(),
        (t, 0) => HY_TENS[t].to_string(),
        // "տասը" loses its final vowel in the teens: տասնմեկ, տասներկու ...
        (1, u) => format!("տասն{}", HY_UNITS[u]),
        (t, u) => format!("{}{}", HY_TENS[t], HY_UNITS[u]),
    }
}

fn armenian_below_1000(n: u64) -> String {
    if n < 100 {
        return armenian_below_100(n);
    }
    let head = match n / 100 {
        1 => "հարյուր".to_string(),
        h => format!("{} հարյուր", HY_UNITS[h as usize]),
    };
    match n % 100 {
        0 => head,
        r => format!("{head} {}", armenian_below_100(r)),
    }
}

fn armenian(n: u64) -> String {
    if n < 1000 {
        return armenian_below_1000(n);
    }
    let head = match n / 1000 {
        1 => "հազար".to_string(),
        t => format!("{} հազար", armenian_below_1000(t)),
    };
    match n % 1000 {
        0 => head,
        r => format!("{head} {}", armenian_below_1000(r)),
    }
}

/// The `n`th move as "after the nth move" takes it, in words under a hundred: "second"
/// (after Black's second move), German's dative "zweiten" (nach dem zweiten Zug), Russian's
/// "второго" and Ukrainian's "другого" (genitive), Armenian "երկրորդ". Only the last word of
/// a compound turns ordinal ("двадцать второго"). From a hundred on, digits with the
/// language's ordinal mark, as scoresheets write them.
pub fn ordinal_after(n: u64, lang: Language) -> String {
    if n == 0 || n >= 100 {
        return match lang {
            Language::En => format!("{n}th"),
            Language::De => format!("{n}."),
            Language::Uk | Language::Ru => format!("{n}-го"),
            Language::Hy => format!("{n}-րդ"),
        };
    }
    let words = counting(n, lang);
    let (head, last) = match words.rfind([' ', '-']) {
        Some(i) => (&words[..=i], &words[i + 1..]),
        None => ("", words.as_str()),
    };
    let last = match lang {
        Language::En => match last {
            "one" => "first".to_string(),
            "two" => "second".to_string(),
            "three" => "third".to_string(),
            "five" => "fifth".to_string(),
            "eight" => "eighth".to_string(),
            "nine" => "ninth".to_string(),
            "twelve" => "twelfth".to_string(),
            w if w.ends_with('y') => format!("{}ieth", &w[..w.len() - 1]),
            w => format!("{w}th"),
        },
        Language::De => match n {
            1 => "ersten".to_string(),
            3 => "dritten".to_string(),
            7 => "siebten".to_string(),
            8 => "achten".to_string(),
            n if n < 20 => format!("{last}ten"),
            _ => format!("{last}sten"),
        },
        Language::Ru => match last {
            "один" => "первого".to_string(),
            "два" => "второго".to_string(),
            "три" => "третьего".to_string(),
            "четыре" => "четвёртого".to_string(),
            "шесть" => "шестого".to_string(),
            "семь" => "седьмого".to_string(),
            "восемь" => "восьмого".to_string(),
            "сорок" => "сорокового".to_string(),
            "девяносто" => "девяностого".to_string(),
            "восемьдесят" => "восьмидесятого".to_string(),
            w if w.ends_with("ьдесят") => {
                format!("{}идесятого", w.trim_end_matches("ьдесят"))
            }
            w => format!("{}ого", w.trim_end_matches('ь')),
        },
        Language::Uk => match last {
            "один" => "першого".to_string(),
            "два" => "другого".to_string(),
            "три" => "третього".to_string(),
            "чотири" => "четвертого".to_string(),
            "шість" => "шостого".to_string(),
            "сім" => "сьомого".to_string(),
            "вісім" => "восьмого".to_string(),
            "сорок" => "сорокового".to_string(),
            "дев'яносто" => "дев'яностого".to_string(),
            w if w.ends_with("десят") => format!("{w}ого"),
            w => format!("{}ого", w.trim_end_matches('ь')),
        },
        Language::Hy => match n {
            1 => "առաջին".to_string(),
            2 => "երկրորդ".to_string(),
            3 => "երրորդ".to_string(),
            4 => "չորրորդ".to_string(),
            // The ը that ends ինը and տասը is a spoken vowel, not the stem's: իններորդ,
            // տասներորդ, տասնիններորդ, not ինըերորդ.
            _ if last.ends_with('ը') => format!("{}ներորդ", last.trim_end_matches('ը')),
            _ => format!("{last}երորդ"),
        },
    };
    format!("{head}{last}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_ones_agree_only_at_the_end() {
        let fem = |n| cardinal(n, Language::De, Gender::Feminine);
        assert_eq!(fem(1), "eine");
        assert_eq!(fem(21), "einundzwanzig");
        assert_eq!(fem(101), "hundertundeine");
        assert_eq!(fem(121), "hunderteinundzwanzig");
        assert_eq!(fem(199), "hundertneunundneunzig");
        assert_eq!(fem(1001), "tausendundeine");
        assert_eq!(fem(201_000), "zweihunderteintausend");
        assert_eq!(counting(1, Language::De), "eins");
        assert_eq!(counting(101, Language::De), "hunderteins");
        assert_eq!(cardinal(1, Language::De, Gender::Masculine), "ein");
    }

    #[test]
    fn english_uses_and_after_hundreds() {
        assert_eq!(english(112), "one hundred and twelve");
        assert_eq!(english(1005), "one thousand and five");
        assert_eq!(english(2345), "two thousand three hundred and forty-five");
        assert_eq!(english(40), "forty");
    }

    #[test]
    fn slavic_thousands_agree() {
        assert_eq!(
            cardinal(2001, Language::Ru, Gender::Feminine),
            "две тысячи одна"
        );
        assert_eq!(
            cardinal(5000, Language::Uk, Gender::Masculine),
            "п'ять тисяч"
        );
        assert_eq!(
            cardinal(21_000, Language::Uk, Gender::Masculine),
            "двадцять одна тисяча"
        );
    }

    #[test]
    fn armenian_teens_and_hundreds() {
        assert_eq!(armenian(10), "տասը");
        assert_eq!(armenian(12), "տասներկու");
        assert_eq!(armenian(19), "տասնինը");
        assert_eq!(armenian(22), "քսաներկու");
        assert_eq!(armenian(100), "հարյուր");
        assert_eq!(armenian(250), "երկու հարյուր հիսուն");
        assert_eq!(armenian(2000), "երկու հազար");
    }

    #[test]
    fn huge_numbers_fall_back_to_digits() {
        assert_eq!(cardinal(1_000_000, Language::En, Gender::Neuter), "1000000");
        assert_eq!(
            cardinal(999_999, Language::En, Gender::Neuter)
                .split(' ')
                .count(),
            9
        );
    }

    #[test]
    fn ordinals_after_a_move_in_each_language() {
        use super::{ordinal_after, Language::*};
        let said = |n, l| ordinal_after(n, l);
        assert_eq!(said(1, Ru), "первого");
        assert_eq!(said(22, Ru), "двадцать второго");
        assert_eq!(said(11, Ru), "одиннадцатого");
        assert_eq!(said(50, Ru), "пятидесятого");
        assert_eq!(said(80, Ru), "восьмидесятого");
        assert_eq!(said(5, Uk), "п'ятого");
        assert_eq!(said(2, Uk), "другого");
        assert_eq!(said(30, Uk), "тридцятого");
        assert_eq!(said(2, En), "second");
        assert_eq!(said(21, En), "twenty-first");
        assert_eq!(said(40, En), "fortieth");
        assert_eq!(said(1, De), "ersten");
        assert_eq!(said(21, De), "einundzwanzigsten");
        assert_eq!(said(12, De), "zwölften");
        assert_eq!(said(1, Hy), "առաջին");
        assert_eq!(said(5, Hy), "հինգերորդ");
        assert_eq!(said(9, Hy), "իններորդ");
        assert_eq!(said(10, Hy), "տասներորդ");
        assert_eq!(said(19, Hy), "տասնիններորդ");
        assert_eq!(said(29, Hy), "քսանիններորդ");
        assert_eq!(said(20, Hy), "քսաներորդ");
        assert_eq!(said(21, Hy), "քսանմեկերորդ");
        assert_eq!(said(120, Ru), "120-го");
    }
}
