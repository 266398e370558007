//! What a play-through in Russian, Ukrainian, Armenian and German found (the language
//! play-test): each line checked whole, in the game's words, in every language it touched.

#[path = "common/play.rs"]
mod common_play;
#[path = "common/session.rs"]
mod common_session;
use common_session::{printed, run};

use vichess::phrase::token::{Token, Word};
use vichess::rules::clock::TimeControl;
use vichess::rules::Position;
use vichess::session::{Session, SessionConfig};
use vichess::voice::Pack;

fn pack(name: &str) -> Pack {
    Pack::builtin(name).unwrap()
}

fn game(name: &str, control: Option<&str>) -> Session {
    Session::new(
        SessionConfig::default(),
        pack(name),
        Position::new(),
        control.map(|c| TimeControl::parse(c).unwrap()),
    )
}

/// The lines `lines` print in a new game in `name`'s words.
fn said(name: &str, control: Option<&str>, lines: &[&str]) -> Vec<String> {
    printed(&run(&mut game(name, control), 0, lines))
}

/// Item 17: the help's pronouns refer to something, no doubled "по", and the claimant in
/// the side's own case ("по требованию белых", not "требование: белые").
#[test]
fn the_help_and_a_claims_result_read_as_a_native_speaker_writes() {
    let game_help = |name: &str, topic: &str| said(name, None, &[topic]);
    assert!(
        game_help("ru", "помощь партия")
            .iter()
            .any(|l| l == "анализ: переломные моменты партии после её окончания"),
        "{:?}",
        game_help("ru", "помощь партия")
    );
    assert!(
        game_help("de", "hilfe partie")
            .iter()
            .any(|l| l == "analyse: die Wendepunkte der Partie, wenn sie zu Ende ist"),
        "{:?}",
        game_help("de", "hilfe partie")
    );
    assert!(game_help("uk", "допомога партія")
        .iter()
        .any(|l| l == "аналіз: переломні моменти партії після її завершення"));
    assert!(game_help("en", "help game")
        .iter()
        .any(|l| l == "review: the game's turning points once it has ended"));
    let arbiter = game_help("ru", "помощь арбитр");
    assert!(
        arbiter.iter().any(|l| l
            == "арбитр принять|отклонить|отложить [время]: решение по требованию согласно III.5"),
        "{arbiter:?}"
    );
    // Black's three seconds run out; White claims.
    for (name, yes, line) in [
        (
            "ru",
            "да",
            "у чёрных упал флажок, белые выиграли, по требованию белых",
        ),
        (
            "de",
            "ja",
            "Zeitüberschreitung Schwarz, Weiß gewinnt, auf Reklamation von Weiß",
        ),
        (
            "en",
            "yes",
            "Black's flag fell, White wins, claimed by White",
        ),
    ] {
        let mut s = game(name, Some("3"));
        run(&mut s, 0, &["e4", "press"]);
        let out = printed(&run(&mut s, 9_000, &["claim flag white", yes]));
        assert!(out.iter().any(|l| l == line), "{name}: {out:?}");
    }
}

/// Item 22: Armenian says "time control" one way, live and in the report, and asks its
/// "did you mean" with the Armenian question mark on the verb, not a Latin "?" at the end.
#[test]
fn armenian_uses_one_term_and_its_own_question_mark() {
    let hy = pack("hy");
    assert_eq!(
        hy.text(&[Token::Word(Word::ReportControl)]),
        hy.text(&[Token::Word(Word::TimeControl)])
    );
    let out = said("hy", None, &["ժամանա"]);
    assert_eq!(out, ["չհասկացվեց, գուցե նկատի ունեի՞ք «ժամանակ»"]);
}

/// Item 20: the illegal-move penalty and a wrong claim's penalty say the new total, as an
/// arbiter's time add does.
#[test]
fn a_penalty_says_the_time_it_makes() {
    // White's illegal move: Black gets a minute (7.5.5, a rapid game's penalty) on five
    // minutes less the second the press took.
    let out = said("de", Some("300"), &["e4", "press", "illegal white"]);
    assert!(
        out.iter().any(|l| {
            l
            == "Zeitgutschrift: Schwarz, eine Minute; Schwarz: fünf Minuten neunundfünfzig Sekunden"
        }),
        "{out:?}"
    );
    let out = said("en", Some("300"), &["e4", "press", "illegal white"]);
    assert!(
        out.iter()
            .any(|l| l == "time added: Black, one minute; Black: five minutes fifty-nine seconds"),
        "{out:?}"
    );
    // Which illegal move it is: the first costs time, the second the game (7.5.5).
    assert!(
        out.iter().any(|l| l == "first illegal move (7.5.5): White"),
        "{out:?}"
    );
    let out = said(
        "ru",
        Some("300"),
        &[
            "e4",
            "нажать",
            "illegal white",
            "e5",
            "нажать",
            "illegal white",
        ],
    );
    assert!(
        out.iter()
            .any(|l| l == "первый невозможный ход (7.5.5): белые"),
        "{out:?}"
    );
    // The second ends the game, so it is asked first, with how it would end.
    assert!(
        out.iter().any(|l| l
            == "второй невозможный ход (7.5.5): белые; невозможный ход, чёрные выиграли, да \
                или нет?"),
        "{out:?}"
    );
}

/// Item 3: a refused claim says why, live, in the game's words.
#[test]
fn a_refused_claim_says_why_in_the_games_language() {
    for (name, lines, line) in [
        (
            "ru",
            ["e4", "нажать", "требовать троекратное черные", "да"],
            "требование отклонено: чёрные; сколько раз эта позиция стояла на доске: \
             один раз (после первого хода белых); нужно три",
        ),
        (
            "de",
            ["e4", "drücken", "reklamieren dreifach schwarz", "ja"],
            "Reklamation abgelehnt: Schwarz; so oft stand diese Stellung auf dem Brett: \
             einmal (nach dem ersten Zug von Weiß); nötig sind drei",
        ),
        (
            "uk",
            ["e4", "натиснути", "вимагати трикратне чорні", "так"],
            "вимогу відхилено: чорні; скільки разів ця позиція стояла на дошці: \
             один раз (після першого ходу білих); потрібно три",
        ),
    ] {
        let out = said(name, Some("300+3"), &lines);
        assert!(out.iter().any(|l| l == line), "{name}: {out:?}");
    }
    // The fifty-move claim too.
    let out = said(
        "ru",
        Some("300+3"),
        &["e4", "нажать", "требовать пятьдесят черные", "да"],
    );
    assert!(
        out.iter().any(|l| l.ends_with(
            "полуходов без хода пешкой и без взятия: ноль; \
             нужно сто (по пятьдесят ходов каждого игрока)"
        )),
        "{out:?}"
    );
}

/// Item 5: the arbiter's take-back is listed in `help arbiter` in every language, and the
/// words players use for it are taken.
#[test]
fn the_arbiters_takeback_is_in_the_help_and_its_usual_words_work() {
    for (name, topic, line) in [
        (
            "en",
            "help arbiter",
            "arbiter takeback: the last move struck from the record, asked back",
        ),
        (
            "de",
            "hilfe schiedsrichter",
            "schiedsrichter zurücknahme: den letzten Zug aus der Partieaufzeichnung streichen, \
             wird rückgefragt",
        ),
        (
            "ru",
            "помощь арбитр",
            "арбитр вернуть: вычеркнуть последний ход из записи партии, с переспросом",
        ),
        (
            "uk",
            "допомога арбітр",
            "арбітр повернути: викреслити останній хід із запису партії, з перепитуванням",
        ),
        (
            "hy",
            "help arbiter",
            "մրցավար հետկանչ՝ հանել վերջին քայլը պարտիայի գրառումից, հարցով",
        ),
    ] {
        let out = said(name, None, &[topic]);
        assert!(out.iter().any(|l| l == line), "{name}: {out:?}");
    }
    // "Zurücknahme", "возврат", "повернення": the same question as the command's own word.
    for (name, own, usual) in [
        ("de", "schiedsrichter zurück", "schiedsrichter zurücknahme"),
        ("ru", "арбитр вернуть", "арбитр возврат"),
        ("uk", "арбітр повернути", "арбітр повернення"),
        ("en", "arbiter takeback", "arbiter take-back"),
    ] {
        let asked = said(name, Some("300"), &["e4", "press", own]);
        let usual = said(name, Some("300"), &["e4", "press", usual]);
        assert_eq!(asked, usual, "{name}");
    }
}

/// Item 15: the usual words of a claim are taken ("Flagge", "Fallblättchen", "триразове"), a
/// yes or no with no question open says so, and a word that shares nothing with any command
/// gets no suggestion.
#[test]
fn refusals_say_something_and_suggest_only_what_is_near() {
    // Black's flag falls; White claims with the usual words.
    for (name, claim, yes) in [
        ("de", "reklamieren flagge weiß", "ja"),
        ("de", "reklamieren fallblättchen weiß", "ja"),
    ] {
        let mut s = game(name, Some("3"));
        run(&mut s, 0, &["e4", "press"]);
        let out = printed(&run(&mut s, 9_000, &[claim, yes]));
        assert!(
            out.iter()
                .any(|l| l.ends_with("Weiß gewinnt, auf Reklamation von Weiß")),
            "{claim}: {out:?}"
        );
    }
    let out = said(
        "uk",
        Some("300"),
        &["e4", "натиснути", "вимагати триразове чорні"],
    );
    assert!(
        out.last().unwrap().starts_with("чорні вимагають"),
        "{out:?}"
    );
    assert_eq!(
        said("de", None, &["nein"]),
        ["keine Frage offen: ja und nein beantworten eine Frage von vichess"]
    );
    assert_eq!(
        said("ru", None, &["да"]),
        ["вопроса нет: да и нет отвечают на вопрос vichess"]
    );
    assert_eq!(said("hy", None, &["աաաա"]), ["չհասկացվեց"]);
    assert_eq!(said("de", None, &["xyzzy"]), ["nicht verstanden"]);
}

/// Items 3 and 18: the report gives a refused claim's reason in the game's language, and its
/// header has no "?" read aloud as a question mark: the sides named by colour, no unknown
/// event or round.
#[test]
fn the_report_says_the_claims_reason_in_the_games_words_and_no_question_marks() {
    for (lang, press, claim, yes, header, reason) in [
        (
            "ru",
            "нажать",
            "требовать троекратное черные",
            "да",
            "Отчёт арбитра: Белые – Чёрные",
            "требование отклонено: сколько раз эта позиция стояла на доске: \
             один раз (после первого хода белых); нужно три",
        ),
        (
            "de",
            "drücken",
            "reklamieren dreifach schwarz",
            "ja",
            "Schiedsrichterbericht: Weiß – Schwarz",
            "so oft stand diese Stellung auf dem Brett: einmal (nach dem ersten Zug von \
             Weiß); nötig sind drei",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let input = format!("e4\n{press}\n{claim}\n{yes}\nquit\n");
        let out = common_play::run_piped(
            home.path(),
            &[
                "play",
                "--no-audio",
                "--lang",
                lang,
                "--control",
                "5+3",
                "--game-dir",
                games.to_str().unwrap(),
            ],
            input.as_bytes(),
        );
        assert!(out.status.success(), "{lang}: {out:?}");
        let current = std::fs::read_to_string(games.join("current-game")).unwrap();
        let journal = games.join(current.trim());
        let report =
            common_play::run_piped(home.path(), &["report", journal.to_str().unwrap()], b"");
        let text = String::from_utf8_lossy(&report.stdout).to_string();
        let plain = &text[..text.find("\n\n").expect("the PGN after a blank line")];
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines[0], header, "{text}");
        assert!(!plain.contains('?'), "{lang}: {plain}");
        assert!(plain.contains(reason), "{lang}: {plain}");
        assert!(!plain.contains("incorrect"), "{lang}: {plain}");
    }
}

/// The simulated pegboard's `sim` words read as Russian and Ukrainian are written: the hands
/// make the move (not "play it, written"), and how the move is written is its own sentence.
#[test]
fn the_simulated_hands_speak_natural_russian_and_ukrainian() {
    let text = |name: &str, word: Word| pack(name).text(&[Token::Word(word)]);
    for (name, usage, plays, cannot) in [
        (
            "ru",
            "sim и ход, например sim e4: симулированные руки делают этот ход на \
             симулированной доске; ход записывается так же, как при вводе ходов",
            "симулированные руки делают ход",
            "симулированные руки не могут сделать этот ход",
        ),
        (
            "uk",
            "sim і хід, наприклад sim e4: симульовані руки роблять цей хід на \
             симульованій дошці; хід записується так само, як під час введення ходів",
            "симульовані руки роблять хід",
            "симульовані руки не можуть зробити цей хід",
        ),
    ] {
        assert_eq!(text(name, Word::SimUsage), usage);
        assert_eq!(text(name, Word::SimPlays), plays);
        assert_eq!(text(name, Word::SimCannot), cannot);
    }
}

/// Armenian game lines write Armenian marks, as the pack's own sentences and the demo do: a
/// label's "՝" ("սպիտակները՝ հինգ րոպե"), a sentence's end "։", never the Latin ":" and ".".
#[test]
fn armenian_game_lines_use_armenian_marks() {
    let out = said(
        "hy",
        Some("300"),
        &["e4", "press", "ժամանակ", "press", "e5"],
    );
    assert!(
        out.iter()
            .any(|l| l == "քայլն ավարտված է՝ սպիտակները; ժամացույցն աշխատում է՝ սևերը"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("սպիտակները՝ ") && l.contains("; սևերը՝ ")),
        "{out:?}"
    );
    // Two sentences in one line: the Armenian full stop between them.
    let p = pack("hy");
    let no_clock = p.text(&[Token::Word(Word::NoClock)]);
    assert_eq!(
        no_clock,
        "այս պարտիան ժամացույց չունի։ նշեք ժամանակի հսկողություն"
    );
    for line in &out {
        assert!(!line.contains(": "), "a Latin colon in {line:?}");
    }
}

/// A draw offer in Russian and Ukrainian is a sentence with the side as its subject
/// ("белые предлагают ничью"), not the clipped label "предложение ничьей: белые"; the offer
/// made again says the offer still stands, and the agreement's record names who offered.
/// English keeps its label.
#[test]
fn a_draw_offer_in_russian_and_ukrainian_is_a_sentence() {
    for (name, lines, want) in [
        (
            "ru",
            ["e4", "ничья предложить белые", "ничья предложить белые"],
            [
                "белые предлагают ничью",
                "белые предлагают ничью, предложение ещё в силе",
            ],
        ),
        (
            "uk",
            ["e4", "нічия запропонувати білі", "нічия запропонувати білі"],
            [
                "білі пропонують нічию",
                "білі пропонують нічию, пропозиція ще чинна",
            ],
        ),
        (
            "en",
            ["e4", "draw offer white", "draw offer white"],
            ["draw offer: White", "draw offer: White, still open"],
        ),
    ] {
        let out = said(name, None, &lines);
        let offers: Vec<&String> = out
            .iter()
            .filter(|l| !l.starts_with('е') && *l != "e4")
            .collect();
        assert_eq!(offers, want, "{name}: {out:?}");
        if name != "en" {
            for line in offers {
                assert!(!line.chars().any(|c| c.is_ascii_alphabetic()), "{line}");
            }
        }
        // Said in the order it is printed: the side first, then the verb.
        let phrase = vichess::phrase::events::draw_offer_phrase(vichess::rules::Color::White);
        assert_eq!(pack(name).spoken_text(&phrase), want[0], "{name}");
    }
}

/// A typed move to a square off the board ("e9", "Nj3") says that the square does not
/// exist, in the game's words with the text as typed, not just "not understood" or a
/// guess at another move; a word that names no square stays "not understood".
#[test]
fn a_square_off_the_board_is_said_not_to_exist() {
    for (name, typed, want) in [
        ("en", "e9", "there is no square \"e9\" on the board"),
        ("en", "Nj3", "there is no square \"j3\" on the board"),
        ("de", "Sj3", "auf dem Brett gibt es kein Feld „j3“"),
        ("de-fide", "e0", "auf dem Brett gibt es kein Feld „e0“"),
        ("ru", "Кj3", "на доске нет поля «j3»"),
        ("ru", "e9", "на доске нет поля «e9»"),
        ("ru", "е9", "на доске нет поля «е9»"),
        ("uk", "e9", "на дошці немає поля «e9»"),
        ("uk", "Кz1", "на дошці немає поля «z1»"),
        ("hy", "e9", "տախտակին «e9» դաշտ չկա"),
        ("hy", "Ձj3", "տախտակին «j3» դաշտ չկա"),
        ("hy", "exd9", "տախտակին «d9» դաշտ չկա"),
    ] {
        let out = said(name, None, &[typed]);
        assert_eq!(out, [want], "{name} {typed}");
        if !matches!(name, "en" | "de" | "de-fide") {
            let square: String = typed.chars().skip(typed.chars().count() - 2).collect();
            let rest = want.replace(&format!("«{square}»"), "");
            assert!(!rest.chars().any(|c| c.is_ascii_alphanumeric()), "{want}");
        }
    }
    assert_eq!(said("en", None, &["xyzzy"]), ["not understood"]);
}

/// An arbiter's time with a word that is no unit ("2х", Cyrillic or Latin x) is refused
/// with the text and the word in it that is wrong, in the game's words; it is never taken
/// as minutes, and the clock does not change.
#[test]
fn a_time_with_no_unit_word_is_refused_not_read_as_minutes() {
    for (name, typed, want) in [
        (
            "en",
            "arbiter time add white 2x",
            "\"2x\": \"x\" is not a unit of time; write h for hours, m for minutes, s for \
             seconds, for example 2m or 30s",
        ),
        (
            "de",
            "schiedsrichter zeit dazu weiß 2x",
            "„2x“: „x“ ist keine Zeiteinheit; schreiben Sie h für Stunden, m für Minuten, s für \
             Sekunden, zum Beispiel 2m oder 30s",
        ),
        (
            "ru",
            "арбитр время добавить белые 2х",
            "«2х»: «х» — не единица времени; пишите ч — часы, м — минуты, с — секунды, \
             например 2м или 30с",
        ),
        (
            "uk",
            "арбітр час додати білі 2х",
            "«2х»: «х» — не одиниця часу; пишіть год — години, хв — хвилини, с — секунди, \
             наприклад 2хв або 30с",
        ),
        (
            "hy",
            "մրցավար ժամանակ ավելացնել սպիտակ 2х",
            "«2х»՝ «х»-ը ժամանակի միավոր չէ։ Գրեք ժ՝ ժամ, ր՝ րոպե, վ՝ վայրկյան, օրինակ՝ 2ր \
             կամ 30վ",
        ),
    ] {
        let out = printed(&run(&mut game(name, Some("90+30")), 0, &[typed, "e4"]));
        assert_eq!(out[0], want, "{name}: {out:?}");
        // Nothing changed: the game goes on as one without the refused command, clock and all.
        let without = printed(&run(&mut game(name, Some("90+30")), 0, &["e4"]));
        assert_eq!(out[1..], without[..], "{name}");
        if !matches!(name, "en" | "de") {
            assert!(!want.chars().any(|c| c.is_ascii_alphabetic()), "{want}");
        }
    }
}
