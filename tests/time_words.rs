//! Time and move counts in words: the exact phrases in each language, and each language's
//! plural and gender rules checked over every value a clock shows.

use vichess::phrase::{say_duration, say_move_count, Language, SayOptions};

const SEC: u64 = 1000;
const MIN: u64 = 60 * SEC;
const HOUR: u64 = 60 * MIN;

fn say(ms: u64, lang: Language) -> String {
    say_duration(ms, lang, SayOptions::default())
}

fn say_tenths(ms: u64, lang: Language) -> String {
    let opts = SayOptions {
        tenths: true,
        ..SayOptions::default()
    };
    say_duration(ms, lang, opts)
}

fn minutes_only(minutes: u64, lang: Language) -> String {
    let opts = SayOptions {
        hours: false,
        ..SayOptions::default()
    };
    say_duration(minutes * MIN, lang, opts)
}

fn last_word(s: &str) -> &str {
    s.rsplit(' ').next().unwrap()
}

/// The Slavic plural rule, written out here independently of the library.
fn slavic_class(n: u64) -> usize {
    if n % 10 == 1 && n % 100 != 11 {
        0
    } else if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) {
        1
    } else {
        2
    }
}

#[test]
fn language_codes() {
    assert_eq!(Language::from_code("de"), Some(Language::De));
    assert_eq!(Language::from_code("EN"), Some(Language::En));
    assert_eq!(Language::from_code("uk"), Some(Language::Uk));
    assert_eq!(Language::from_code("ru"), Some(Language::Ru));
    assert_eq!(Language::from_code("hy"), Some(Language::Hy));
    assert_eq!(Language::from_code("fr"), None);
    let err = "xx".parse::<Language>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"xx\" is not a language vichess speaks: use de, en, uk, ru or hy"
    );
}

#[test]
fn english_phrases() {
    let en = Language::En;
    assert_eq!(say(72 * MIN, en), "one hour twelve minutes");
    assert_eq!(say(MIN + SEC, en), "one minute one second");
    assert_eq!(say(2 * HOUR + 5 * SEC, en), "two hours five seconds");
    assert_eq!(say(21 * MIN, en), "twenty-one minutes");
    assert_eq!(
        say(59 * MIN + 59 * SEC, en),
        "fifty-nine minutes fifty-nine seconds"
    );
    assert_eq!(say(0, en), "zero seconds");
    // Above zero but under a second: the tenths, rounded up, never "zero seconds".
    assert_eq!(say(999, en), "zero point nine");
    assert_eq!(say(500, Language::De), "null Komma fünf");
    assert_eq!(say(1, en), "zero point one");
    assert_eq!(say_tenths(9_500, en), "nine point five");
    assert_eq!(say_tenths(1_500, en), "one point five");
    assert_eq!(say_tenths(400, en), "zero point four");
    assert_eq!(say_tenths(0, en), "zero seconds");
    // Tenths only under a minute.
    assert_eq!(say_tenths(61_500, en), "one minute one second");
}

#[test]
fn german_phrases() {
    let de = Language::De;
    assert_eq!(say(72 * MIN, de), "eine Stunde zwölf Minuten");
    assert_eq!(say(MIN, de), "eine Minute");
    assert_eq!(say(SEC, de), "eine Sekunde");
    assert_eq!(say(MIN + SEC, de), "eine Minute eine Sekunde");
    assert_eq!(say(2 * HOUR, de), "zwei Stunden");
    assert_eq!(say(21 * MIN, de), "einundzwanzig Minuten");
    assert_eq!(say(42 * MIN, de), "zweiundvierzig Minuten");
    assert_eq!(say(35 * SEC, de), "fünfunddreißig Sekunden");
    assert_eq!(say(17 * MIN, de), "siebzehn Minuten");
    assert_eq!(say(0, de), "null Sekunden");
    assert_eq!(say_tenths(9_500, de), "neun Komma fünf");
    assert_eq!(say_tenths(1_200, de), "eins Komma zwei");
}

#[test]
fn ukrainian_phrases() {
    let uk = Language::Uk;
    assert_eq!(say(22 * MIN, uk), "двадцять дві хвилини");
    assert_eq!(say(HOUR, uk), "одна година");
    assert_eq!(say(5 * HOUR, uk), "п'ять годин");
    assert_eq!(say(2 * HOUR + MIN, uk), "дві години одна хвилина");
    assert_eq!(
        say(11 * MIN + 21 * SEC, uk),
        "одинадцять хвилин двадцять одна секунда"
    );
    assert_eq!(say(0, uk), "нуль секунд");
    assert_eq!(say_tenths(9_500, uk), "дев'ять і п'ять");
    assert_eq!(say_tenths(1_100, uk), "одна і одна");
}

#[test]
fn russian_phrases() {
    let ru = Language::Ru;
    assert_eq!(say(11 * MIN, ru), "одиннадцать минут");
    assert_eq!(
        say(HOUR + MIN + SEC, ru),
        "один час одна минута одна секунда"
    );
    assert_eq!(say(22 * MIN, ru), "двадцать две минуты");
    assert_eq!(say(2 * HOUR, ru), "два часа");
    assert_eq!(
        say(5 * HOUR + 44 * SEC, ru),
        "пять часов сорок четыре секунды"
    );
    assert_eq!(say(0, ru), "ноль секунд");
    assert_eq!(say_tenths(9_500, ru), "девять и пять");
    assert_eq!(say_tenths(2_100, ru), "две и одна");
}

#[test]
fn armenian_phrases() {
    let hy = Language::Hy;
    assert_eq!(say(72 * MIN, hy), "մեկ ժամ տասներկու րոպե");
    assert_eq!(say(22 * MIN, hy), "քսաներկու րոպե");
    assert_eq!(say(5 * SEC, hy), "հինգ վայրկյան");
    assert_eq!(say(2 * HOUR + 30 * MIN, hy), "երկու ժամ երեսուն րոպե");
    assert_eq!(say(0, hy), "զրո վայրկյան");
    assert_eq!(say_tenths(9_500, hy), "ինը ամբողջ հինգ");
}

#[test]
fn armenian_numerals() {
    let expected = [
        (1, "մեկ"),
        (2, "երկու"),
        (3, "երեք"),
        (4, "չորս"),
        (5, "հինգ"),
        (6, "վեց"),
        (7, "յոթ"),
        (8, "ութ"),
        (9, "ինը"),
        (10, "տասը"),
        (11, "տասնմեկ"),
        (15, "տասնհինգ"),
        (19, "տասնինը"),
        (20, "քսան"),
        (21, "քսանմեկ"),
        (30, "երեսուն"),
        (40, "քառասուն"),
        (47, "քառասունյոթ"),
        (50, "հիսուն"),
        (59, "հիսունինը"),
    ];
    for (n, word) in expected {
        assert_eq!(
            say(n * SEC, Language::Hy),
            format!("{word} վայրկյան"),
            "{n}"
        );
    }
    assert_eq!(minutes_only(60, Language::Hy), "վաթսուն րոպե");
    assert_eq!(minutes_only(90, Language::Hy), "իննսուն րոպե");
    assert_eq!(minutes_only(120, Language::Hy), "հարյուր քսան րոպե");
    assert_eq!(minutes_only(180, Language::Hy), "հարյուր ութսուն րոպե");
}

#[test]
fn russian_minute_forms_by_hand() {
    let ru = |n| minutes_only(n, Language::Ru);
    for n in [1, 21, 31, 101, 171] {
        assert_eq!(last_word(&ru(n)), "минута", "{n}");
    }
    for n in [2, 3, 4, 22, 23, 24, 122, 174] {
        assert_eq!(last_word(&ru(n)), "минуты", "{n}");
    }
    for n in [5, 11, 12, 13, 14, 19, 20, 25, 30, 111, 112, 114, 180] {
        assert_eq!(last_word(&ru(n)), "минут", "{n}");
    }
    assert_eq!(ru(111), "сто одиннадцать минут");
    assert_eq!(ru(101), "сто одна минута");
    assert_eq!(ru(152), "сто пятьдесят две минуты");
}

#[test]
fn slavic_forms_follow_the_rule_for_every_minute_and_second() {
    let table = [
        (
            Language::Ru,
            ["минута", "минуты", "минут"],
            ["секунда", "секунды", "секунд"],
        ),
        (
            Language::Uk,
            ["хвилина", "хвилини", "хвилин"],
            ["секунда", "секунди", "секунд"],
        ),
    ];
    for (lang, minute, second) in table {
        for n in 0..=180 {
            let text = minutes_only(n, lang);
            let expected = if n == 0 {
                second[2]
            } else {
                minute[slavic_class(n)]
            };
            assert_eq!(last_word(&text), expected, "{lang} {n} minutes: {text}");
            // Feminine nouns take the feminine one and two.
            let number = text.rsplit_once(' ').unwrap().0;
            let one = "одна";
            let two = if lang == Language::Ru {
                "две"
            } else {
                "дві"
            };
            if n % 10 == 1 && n % 100 != 11 {
                assert!(number.ends_with(one), "{text}");
            }
            if n % 10 == 2 && n % 100 != 12 {
                assert!(number.ends_with(two), "{text}");
            }
        }
        for n in 0..60 {
            let text = say(n * SEC, lang);
            assert_eq!(
                last_word(&text),
                second[slavic_class(n)],
                "{lang} {n} s: {text}"
            );
        }
    }
}

#[test]
fn russian_hours_are_masculine_ukrainian_hours_feminine() {
    for h in 1..=9u64 {
        let ru = say(h * HOUR, Language::Ru);
        let uk = say(h * HOUR, Language::Uk);
        let ru_noun = ["час", "часа", "часов"][slavic_class(h)];
        let uk_noun = ["година", "години", "годин"][slavic_class(h)];
        assert_eq!(last_word(&ru), ru_noun, "{ru}");
        assert_eq!(last_word(&uk), uk_noun, "{uk}");
    }
    assert_eq!(say(HOUR, Language::Ru), "один час");
    assert_eq!(say(2 * HOUR, Language::Ru), "два часа");
    assert_eq!(say(2 * HOUR, Language::Uk), "дві години");
}

#[test]
fn german_and_english_singular_only_for_one() {
    for n in 0..=180u64 {
        let de = minutes_only(n, Language::De);
        let en = minutes_only(n, Language::En);
        if n == 0 {
            assert_eq!(de, "null Sekunden");
            assert_eq!(en, "zero seconds");
            continue;
        }
        // German also says "hundertundeine Minute", like "Tausendundeine Nacht".
        let de_singular = n == 1 || n == 101;
        assert_eq!(last_word(&de) == "Minute", de_singular, "{de}");
        assert_eq!(last_word(&en) == "minute", n == 1, "{en}");
        assert!(de.starts_with("eine ") == (n == 1), "{de}");
    }
    for n in 1..60u64 {
        let de = say(n * SEC, Language::De);
        let en = say(n * SEC, Language::En);
        assert_eq!(last_word(&de) == "Sekunde", n == 1, "{de}");
        assert_eq!(last_word(&en) == "second", n == 1, "{en}");
        assert!(last_word(&de).starts_with("Sekunde"), "{de}");
        assert!(last_word(&en).starts_with("second"), "{en}");
    }
    assert_eq!(minutes_only(1, Language::De), "eine Minute");
    assert_eq!(minutes_only(21, Language::De), "einundzwanzig Minuten");
    assert_eq!(minutes_only(101, Language::De), "hundertundeine Minute");
    assert_eq!(
        minutes_only(121, Language::En),
        "one hundred and twenty-one minutes"
    );
    assert_eq!(minutes_only(180, Language::De), "hundertachtzig Minuten");
}

#[test]
fn armenian_never_pluralises_after_a_numeral() {
    for n in 1..=180u64 {
        let text = minutes_only(n, Language::Hy);
        assert_eq!(last_word(&text), "րոպե", "{text}");
    }
    for n in 1..60u64 {
        assert_eq!(last_word(&say(n * SEC, Language::Hy)), "վայրկյան");
    }
}

#[test]
fn never_digits_never_a_time_of_day() {
    // Every second up to ten hours, in every language: words only.
    for lang in Language::ALL {
        for s in (0..10 * 3600u64).step_by(7) {
            let text = say(s * SEC, lang);
            assert!(
                !text.contains(|c: char| c.is_ascii_digit() || c == ':'),
                "{lang} {s}: {text}"
            );
        }
        for tenths in 0..600u64 {
            let text = say_tenths(tenths * 100, lang);
            assert!(!text.contains(|c: char| c.is_ascii_digit()), "{text}");
        }
    }
}

#[test]
fn zero_parts_are_left_out() {
    assert_eq!(say(HOUR + 5 * SEC, Language::En), "one hour five seconds");
    assert_eq!(say(3 * HOUR, Language::De), "drei Stunden");
    assert_eq!(
        say(HOUR + 30 * MIN, Language::Ru),
        "один час тридцать минут"
    );
}

#[test]
fn move_counts() {
    let cases = [
        (12, Language::En, "twelve moves"),
        (1, Language::En, "one move"),
        (0, Language::En, "zero moves"),
        (12, Language::De, "zwölf Züge"),
        (1, Language::De, "ein Zug"),
        (40, Language::De, "vierzig Züge"),
        (1, Language::Ru, "один ход"),
        (2, Language::Ru, "два хода"),
        (5, Language::Ru, "пять ходов"),
        (21, Language::Ru, "двадцать один ход"),
        (111, Language::Ru, "сто одиннадцать ходов"),
        (1, Language::Uk, "один хід"),
        (2, Language::Uk, "два ходи"),
        (5, Language::Uk, "п'ять ходів"),
        (42, Language::Uk, "сорок два ходи"),
        (12, Language::Hy, "տասներկու քայլ"),
        (1, Language::Hy, "մեկ քայլ"),
    ];
    for (n, lang, expected) in cases {
        assert_eq!(say_move_count(n, lang), expected);
    }
    for n in 0..=300u32 {
        let ru = say_move_count(n, Language::Ru);
        let uk = say_move_count(n, Language::Uk);
        let class = slavic_class(u64::from(n));
        assert_eq!(last_word(&ru), ["ход", "хода", "ходов"][class], "{ru}");
        assert_eq!(last_word(&uk), ["хід", "ходи", "ходів"][class], "{uk}");
    }
}

#[test]
fn tenths_in_time_trouble_are_said_in_short_forms() {
    let cases = [
        (Language::En, "nine point five"),
        (Language::De, "neun Komma fünf"),
        (Language::Uk, "дев'ять і п'ять"),
        (Language::Ru, "девять и пять"),
        (Language::Hy, "ինը ամբողջ հինգ"),
    ];
    for (lang, want) in cases {
        assert_eq!(say_tenths(9_500, lang), want, "{lang}");
        assert!(say_tenths(9_500, lang).split(' ').count() <= 3, "{lang}");
    }
}
