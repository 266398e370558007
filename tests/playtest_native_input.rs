//! What a play-through by a Russian-speaking arbiter and an Armenian player found in typed
//! input: a letter that is no file, the arbiter's other name, the shortcuts on a Cyrillic
//! layout, the side a clock's time is given to, the units of time in the game's own
//! letters, and a capital after the Armenian full stop. Each line is checked whole, in the
//! game's words.

#[path = "common/session.rs"]
mod common_session;
use common_session::{printed, run};

use vichess::rules::clock::TimeControl;
use vichess::rules::Position;
use vichess::session::{Session, SessionConfig};
use vichess::voice::Pack;

fn game(name: &str, control: Option<&str>) -> Session {
    Session::new(
        SessionConfig::default(),
        Pack::builtin(name).unwrap(),
        Position::new(),
        control.map(|c| TimeControl::parse(c).unwrap()),
    )
}

/// The lines `lines` print in a new game in `name`'s words.
fn said(name: &str, control: Option<&str>, lines: &[&str]) -> Vec<String> {
    printed(&run(&mut game(name, control), 0, lines))
}

/// "Кж3": "ж" is no file, so the square does not exist, said in the game's words as "е9"
/// is; never "did you mean Кa3", another move. Only the move with the letter's own Latin file
/// is offered, when it is legal ("ж3": «g3»); when it is not, the square is named in Latin
/// letters, so the player knows how to type it. The game goes on as if nothing was typed.
#[test]
fn a_cyrillic_letter_that_is_no_file_names_no_square() {
    for (name, typed, want) in [
        (
            "ru",
            "Кж3",
            "на доске нет поля «ж3»; поля пишутся латинскими буквами: «Кg3»",
        ),
        (
            "ru",
            "Крж3",
            "на доске нет поля «ж3»; поля пишутся латинскими буквами: «Крg3»",
        ),
        (
            "ru",
            "ж3",
            "на доске нет поля «ж3»; возможно, вы имели в виду «g3»?",
        ),
        (
            "uk",
            "Кж3",
            "на дошці немає поля «ж3»; поля пишуться латинськими літерами: «Кg3»",
        ),
        (
            "uk",
            "Сд5",
            "на дошці немає поля «д5»; поля пишуться латинськими літерами: «Сd5»",
        ),
        // Ukrainian ґ is g, and х is the letter typed for h.
        (
            "uk",
            "ґ3",
            "на дошці немає поля «ґ3»; можливо, ви мали на увазі «g3»?",
        ),
        (
            "uk",
            "х4",
            "на дошці немає поля «х4»; можливо, ви мали на увазі «h4»?",
        ),
        ("hy", "Ձդ3", "տախտակին «դ3» դաշտ չկա"),
    ] {
        let out = said(name, None, &[typed, "e4"]);
        assert_eq!(out[0], want, "{name} {typed}");
        assert_eq!(out[1..], said(name, None, &["e4"])[..], "{name} {typed}");
    }
    // A word that merely ends in a letter and a digit is no move to a square.
    assert!(!said("ru", None, &["ход3"])[0].contains("поля"));
    // Latin letters are read as before.
    assert_eq!(
        said("en", None, &["Nj3"]),
        ["there is no square \"j3\" on the board"]
    );
}

/// "судья" and "суддя" call the arbiter as "арбитр" and "арбітр" do, in the arbiter's
/// commands and in the help.
#[test]
fn the_arbiter_is_called_by_either_name() {
    for (name, title, other, line, want) in [
        (
            "ru",
            "арбитр",
            "судья",
            "время добавить белые 2м",
            "добавлено время: белые, две минуты; белые: один час тридцать две минуты",
        ),
        (
            "ru",
            "арбитр",
            "Судья",
            "время добавить белые 2м",
            "добавлено время: белые, две минуты; белые: один час тридцать две минуты",
        ),
        (
            "uk",
            "арбітр",
            "суддя",
            "час додати білі 2хв",
            "додано час: білі, дві хвилини; білі: одна година тридцять дві хвилини",
        ),
    ] {
        let by_other = said(name, Some("5400+30"), &[&format!("{other} {line}")]);
        assert_eq!(by_other, [want], "{name} {other}");
        let by_title = said(name, Some("5400+30"), &[&format!("{title} {line}")]);
        assert_eq!(by_other, by_title, "{name} {other}");
    }
    for (name, help, title, other, want) in [
        (
            "ru",
            "помощь",
            "арбитр",
            "судья",
            "арбитр вернуть: вычеркнуть последний ход из записи партии, с переспросом",
        ),
        (
            "uk",
            "допомога",
            "арбітр",
            "суддя",
            "арбітр повернути: викреслити останній хід із запису партії, з перепитуванням",
        ),
    ] {
        let by_other = said(name, None, &[&format!("{help} {other}")]);
        assert!(by_other.iter().any(|l| l == want), "{name}: {by_other:?}");
        assert_eq!(by_other, said(name, None, &[&format!("{help} {title}")]));
    }
}

/// The one-letter read-outs answer to the letters the same keys type on a Russian or
/// Ukrainian layout ("д" is `l`, "з К" is `p К`), and the help in those languages lists
/// them; the English and German help lists the Latin letters only, as before.
#[test]
fn the_shortcuts_answer_to_the_same_keys_on_a_cyrillic_layout() {
    for (name, cyrillic, latin, want) in [
        ("ru", "д", "l", "1. е четыре"),
        ("ru", "Д", "l", "1. е четыре"),
        ("ru", "з К", "p К", "белые: кони бэ один и же один"),
        (
            "ru",
            "ы е",
            "s e",
            "вертикаль е: е один белый король, е четыре белая пешка, е семь чёрная пешка, \
             е восемь чёрный король",
        ),
        ("ru", "с", "c", "взятий ещё не было"),
        ("uk", "д", "l", "1. е чотири"),
        (
            "uk",
            "і 4",
            "s 4",
            "горизонталь чотири: е чотири білий пішак",
        ),
        ("uk", "з к", "p к", "чорні: коні бе вісім і же вісім"),
    ] {
        let by_key = said(name, None, &["e4", cyrillic]);
        // A line said twice in a row is set apart by a leading no-break space.
        assert_eq!(
            by_key[1].trim_start_matches('\u{a0}'),
            want,
            "{name} {cyrillic}"
        );
        assert_eq!(
            by_key,
            said(name, None, &["e4", latin]),
            "{name} {cyrillic}"
        );
    }
    // `o`: the opponent, whose line names the time; "щ" says the same.
    assert_eq!(
        said("ru", Some("5400+30"), &["щ"]),
        said("ru", Some("5400+30"), &["o"])
    );
    assert!(said("ru", Some("5400+30"), &["щ"])[0].starts_with("соперник: чёрные"));

    for (name, topic, overview, first) in [
        (
            "ru",
            "помощь кратко",
            "помощь кратко: l, s, c, o, p, д, ы, с, щ, з, /, быстрее, медленнее, прервать, мои",
            "краткие формы, латиницей или теми же клавишами в русской раскладке: l или д: \
             последний ход",
        ),
        (
            "uk",
            "допомога коротко",
            "допомога коротко: l, s, c, o, p, д, і, с, щ, з, /, швидше, повільніше, перервати, мої",
            "короткі форми, латиницею або тими самими клавішами в українській розкладці: l або \
             д: останній хід",
        ),
        (
            "en",
            "help short",
            "help short: l, s, c, o, p, /, faster, slower, abort, my",
            "short forms: l: the last move",
        ),
        (
            "de",
            "hilfe kurz",
            "hilfe kurz: l, s, c, o, p, /, schneller, langsamer, abbrechen, meine",
            "Kurzformen: l: der letzte Zug",
        ),
    ] {
        let help = said(name, None, &["help"]);
        assert!(help.iter().any(|l| l == overview), "{name}: {help:?}");
        assert_eq!(said(name, None, &[topic])[0], first, "{name}");
    }
    let ru = said("ru", None, &["помощь кратко"]);
    for line in [
        "s e, s 4 или ы е, ы 4: вертикаль, горизонталь",
        "c или с: последнее взятие",
        "o или щ: соперник",
        "p К или з К (p или з, затем буква фигуры): где стоят эти фигуры",
    ] {
        assert!(ru.iter().any(|l| l == line), "{line}: {ru:?}");
    }
    let uk = said("uk", None, &["допомога коротко"]);
    for line in [
        "s e, s 4 або і е, і 4: вертикаль, горизонталь",
        "o або щ: суперник",
        "p К або з К (p або з, потім літера фігури): де стоять ці фігури",
    ] {
        assert!(uk.iter().any(|l| l == line), "{line}: {uk:?}");
    }
}

/// The side whose clock gets time, in the dative as Russian, Ukrainian and Armenian say it
/// ("добавить белым 5 мин"), is read as the nominative is.
#[test]
fn the_side_given_time_may_be_said_in_the_dative() {
    let white_ru = "добавлено время: белые, пять минут; белые: один час тридцать пять минут";
    let black_ru = "добавлено время: чёрные, пять минут; чёрные: один час тридцать пять минут";
    let white_uk = "додано час: білі, п'ять хвилин; білі: одна година тридцять п'ять хвилин";
    let black_uk = "додано час: чорні, п'ять хвилин; чорні: одна година тридцять п'ять хвилин";
    let white_hy = "ավելացված ժամանակ՝ սպիտակները, հինգ րոպե; սպիտակները՝ մեկ ժամ երեսունհինգ րոպե";
    let black_hy = "ավելացված ժամանակ՝ սևերը, հինգ րոպե; սևերը՝ մեկ ժամ երեսունհինգ րոպե";
    for (name, line, want) in [
        ("ru", "арбитр время добавить белым 5 мин", white_ru),
        ("ru", "арбитр время добавить черным 5 мин", black_ru),
        ("ru", "арбитр время добавить чёрным 5 мин", black_ru),
        ("ru", "арбитр время добавить Белым 5 мин", white_ru),
        ("ru", "арбитр время добавить белые 5 мин", white_ru),
        ("uk", "арбітр час додати білим 5хв", white_uk),
        ("uk", "арбітр час додати чорним 5хв", black_uk),
        ("hy", "մրցավար ժամանակ ավելացնել սպիտակին 5ր", white_hy),
        ("hy", "մրցավար ժամանակ ավելացնել սևերին 5ր", black_hy),
    ] {
        assert_eq!(said(name, Some("5400+30"), &[line]), [want], "{line}");
    }
}

/// A bare number in the arbiter's time is refused with the game's own units, not Latin
/// ones; the units it names are read, and the Latin ones still are.
#[test]
fn a_time_without_a_unit_is_told_the_languages_own_units() {
    for (name, line, want) in [
        (
            "ru",
            "арбитр время добавить белые 2",
            "не понял; нужна единица времени: м — минуты, с — секунды; например, арбитр время \
             добавить белые 2м или 30с",
        ),
        (
            "uk",
            "арбітр час додати білі 2",
            "незрозуміло; потрібна одиниця часу: хв — хвилини, с — секунди; наприклад, арбітр \
             час додати білі 2хв або 30с",
        ),
        (
            "hy",
            "մրցավար ժամանակ ավելացնել սպիտակ 2",
            "չհասկացվեց; նշեք ժամանակի միավորը։ Գրեք ր՝ րոպե, վ՝ վայրկյան, օրինակ՝ մրցավար \
             ժամանակ ավելացնել սպիտակ 2ր կամ 30վ",
        ),
    ] {
        let out = said(name, Some("5400+30"), &[line, "e4"]);
        assert_eq!(out[0], want, "{name}");
        assert!(!want.chars().any(|c| c.is_ascii_alphabetic()), "{want}");
        // Nothing changed: the game goes on as one without the refused line.
        assert_eq!(out[1..], said(name, Some("5400+30"), &["e4"])[..], "{name}");
    }
    let two = [
        (
            "ru",
            "арбитр время добавить белые",
            "добавлено время: белые, две минуты; белые: один час тридцать две минуты",
        ),
        (
            "uk",
            "арбітр час додати білі",
            "додано час: білі, дві хвилини; білі: одна година тридцять дві хвилини",
        ),
        (
            "hy",
            "մրցավար ժամանակ ավելացնել սպիտակ",
            "ավելացված ժամանակ՝ սպիտակները, երկու րոպե; սպիտակները՝ մեկ ժամ երեսուներկու րոպե",
        ),
    ];
    let units = [
        ("ru", ["2м", "2 мин", "2m", "120 с"]),
        ("uk", ["2хв", "2 хв", "2m", "120 с"]),
        ("hy", ["2ր", "2 րոպե", "2m", "120 վրկ"]),
    ];
    for ((name, command, want), (_, amounts)) in two.into_iter().zip(units) {
        for amount in amounts {
            let line = format!("{command} {amount}");
            assert_eq!(said(name, Some("5400+30"), &[&line]), [want], "{line}");
        }
    }
}

/// Armenian has capitals: a sentence after the full stop "։" starts with one ("Գրեք"), in
/// both lines about a time's unit.
#[test]
fn an_armenian_sentence_after_the_full_stop_starts_with_a_capital() {
    let lines = [
        said(
            "hy",
            Some("5400+30"),
            &["մրցավար ժամանակ ավելացնել սպիտակ 2"],
        ),
        said(
            "hy",
            Some("5400+30"),
            &["մրցավար ժամանակ ավելացնել սպիտակ 2х"],
        ),
    ]
    .concat();
    assert_eq!(
        lines[1],
        "«2х»՝ «х»-ը ժամանակի միավոր չէ։ Գրեք ժ՝ ժամ, ր՝ րոպե, վ՝ վայրկյան, օրինակ՝ 2ր կամ 30վ"
    );
    for line in &lines {
        for sentence in line.split("։ ").skip(1) {
            let first = sentence.chars().next().unwrap();
            assert!(first.is_uppercase(), "{line}");
        }
    }
}

/// A file's name typed with its rank joined on, as a square is typed ("еф3", "Eva4",
/// "кінь еф3"), is that square: the same move as the move in notation; a word that only
/// ends in a digit is still no move.
#[test]
fn a_files_name_with_its_rank_joined_on_is_the_square() {
    for (name, typed, notation) in [
        ("uk", "еф3", "f3"),
        ("uk", "кінь еф3", "Nf3"),
        ("ru", "конь эф3", "Nf3"),
        ("de-fide", "Eva4", "e4"),
    ] {
        let out = said(name, None, &[typed]);
        assert_eq!(out, said(name, None, &[notation]), "{name} {typed}");
    }
    let out = said("uk", None, &["вихід3"]);
    assert!(out[0].starts_with("незрозуміло"), "{out:?}");
}
