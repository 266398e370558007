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
/// is; never "did you mean Кa3", another move. The game goes on as if nothing was typed.
#[test]
fn a_cyrillic_letter_that_is_no_file_names_no_square() {
    for (name, typed, want) in [
        ("ru", "Кж3", "на доске нет поля «ж3»"),
        ("ru", "Крж3", "на доске нет поля «ж3»"),
        ("ru", "ж3", "на доске нет поля «ж3»"),
        ("uk", "Кж3", "на дошці немає поля «ж3»"),
        ("uk", "Сд5", "на дошці немає поля «д5»"),
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