//! Issue 24 follow-ups: small defects found playing vichess through as a blind player, an
//! assistant and an arbiter. Each test scripts the session (or `vichess report`) and checks
//! what is said and recorded, in the game's language.

use vichess::rules::clock::TimeControl;
use vichess::rules::{Color, Position};
use vichess::session::{Session, SessionConfig};
use vichess::voice::Pack;

#[path = "common/play.rs"]
mod common_play;
#[path = "common/session.rs"]
mod common_session;
use common_session::{journal, printed, run};

fn pack(name: &str) -> Pack {
    Pack::builtin(name).expect("built-in pack")
}

fn game(name: &str, vi_side: Option<Color>, control: Option<&str>) -> Session {
    let config = SessionConfig {
        vi_side,
        ..SessionConfig::default()
    };
    let control = control.map(|c| TimeControl::parse(c).expect("control"));
    Session::new(config, pack(name), Position::new(), control)
}

/// Runs `lines` in a new game and returns its whole journal, `begin` first.
fn journal_of(s: &mut Session, lines: &[&str]) -> Vec<String> {
    journal(&run(s, 1_000, lines))
}

// --- item 1: the VI player's side survives a resume ---

/// A game begun with `--side black` journals the side; a resume without `--side` plays on
/// with Black as the VI player (an unnamed offer is Black's) and says so.
#[test]
fn a_resume_without_side_keeps_the_vi_players_side() {
    for (name, colour) in [("en", "your colour: Black"), ("de", "Ihre Farbe: Schwarz")] {
        let mut s = game(name, Some(Color::Black), Some("5400+30"));
        let lines = journal_of(&mut s, &["e4", "press"]);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("side ") && l.ends_with(" black")),
            "{name}: {lines:?}"
        );
        let mut r = Session::resume(SessionConfig::default(), pack(name), &lines).expect("resume");
        let out = run(&mut r, 10_000, &["draw offer"]);
        assert!(
            printed(&out).contains(&colour.to_string()),
            "{name}: {:?}",
            printed(&out)
        );
        assert!(
            journal(&out)
                .iter()
                .any(|l| l.starts_with("draw ") && l.ends_with(" black offer")),
            "{name}: {:?}",
            journal(&out)
        );
    }
}

/// `--side` given again on a resume wins: journaled, and said with the side until now.
#[test]
fn a_side_given_on_resume_wins_and_is_said() {
    for (name, said) in [
        ("en", "your colour: White, until now: Black"),
        ("de", "Ihre Farbe: Weiß, bisher: Schwarz"),
    ] {
        let mut s = game(name, Some(Color::Black), Some("5400+30"));
        let lines = journal_of(&mut s, &["e4", "press"]);
        let config = SessionConfig {
            vi_side: Some(Color::White),
            ..SessionConfig::default()
        };
        let mut r = Session::resume(config, pack(name), &lines).expect("resume");
        let out = run(&mut r, 10_000, &["count"]);
        assert!(
            printed(&out).contains(&said.to_string()),
            "{name}: {:?}",
            printed(&out)
        );
        let mut all = lines.clone();
        all.extend(journal(&out));
        assert!(
            journal(&out)
                .iter()
                .any(|l| l.starts_with("side ") && l.ends_with(" white")),
            "{name}: {:?}",
            journal(&out)
        );
        // Resumed again without --side: White now.
        let mut again = Session::resume(SessionConfig::default(), pack(name), &all).unwrap();
        let out = run(&mut again, 20_000, &["count"]);
        let white = said.split(", ").next().unwrap();
        assert!(printed(&out).contains(&white.to_string()), "{name}");
    }
}

/// The same through `vichess play`: a game begun with `--side black`, resumed without it.
#[test]
fn vichess_play_resumed_without_side_keeps_the_side() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let home = tmp.path();
    let games = home.join("games");
    let g = games.to_str().unwrap();
    let play = |args: &[&str], input: &str| {
        let mut all = vec!["play", "--game-dir", g, "--no-audio", "--lang", "ru"];
        all.extend(args);
        let out = common_play::run_piped(home, &all, input.as_bytes());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    play(
        &["--side", "black", "--control", "5400+30"],
        "e4\npress\nquit\n",
    );
    let text = play(&["--resume"], "draw offer\nquit\n");
    assert!(text.lines().any(|l| l == "ваш цвет: чёрные"), "{text}");
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .expect("the journal");
    let journal = std::fs::read_to_string(journal).unwrap();
    assert!(
        journal
            .lines()
            .any(|l| l.ends_with(" black offer") && l.contains(" draw ")),
        "{journal}"
    );
}

// --- item 2: an accepted take-back names each move it takes back ---

#[test]
fn an_accepted_two_move_takeback_names_each_move() {
    for (name, taken) in [
        ("en", ["move taken back: e5", "move taken back: e4"]),
        ("de", ["Zug zurückgenommen: e5", "Zug zurückgenommen: e4"]),
        ("ru", ["ход отменён: е пять", "ход отменён: е четыре"]),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        run(&mut s, 0, &["e4", "press", "e5", "press"]);
        let out = run(&mut s, 10_000, &["takeback white", "yes"]);
        // Each move by name, the last first, as the board goes back.
        let lines = printed(&out);
        let at = |m: &str| lines.iter().position(|l| l == m);
        let (first, second) = (at(taken[0]), at(taken[1]));
        assert!(
            first.is_some() && second.is_some() && first < second,
            "{name}: {lines:?}"
        );
        assert_eq!(s.position(), &Position::new());
    }
}

// --- item 3: a resume says an open offer and a move not yet completed ---

#[test]
fn a_resume_says_an_open_offer_and_an_unpressed_move() {
    for (name, unpressed, offer) in [
        (
            "en",
            "Black has already moved: press the clock, or correct the move",
            "draw offer: Black, still open",
        ),
        (
            "de",
            "Schwarz hat schon gezogen: die Uhr drücken oder den Zug korrigieren",
            "Remisangebot: Schwarz, noch offen",
        ),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        let lines = journal_of(&mut s, &["e4", "press", "e5", "draw offer black"]);
        let mut r = Session::resume(SessionConfig::default(), pack(name), &lines).expect("resume");
        let out = run(&mut r, 30_000, &["count"]);
        let said = printed(&out);
        assert!(said.contains(&unpressed.to_string()), "{name}: {said:?}");
        assert!(said.contains(&offer.to_string()), "{name}: {said:?}");
        // Neither is said when nothing is open.
        let mut s = game(name, None, Some("5400+30"));
        let lines = journal_of(&mut s, &["e4", "press"]);
        let mut r = Session::resume(SessionConfig::default(), pack(name), &lines).unwrap();
        let said = printed(&run(&mut r, 30_000, &["count"]));
        // White's move was pressed: nobody's move waits for the clock.
        let white = unpressed.replacen(name_of_black(name), name_of_white(name), 1);
        assert!(!said.contains(&offer.to_string()), "{name}: {said:?}");
        assert!(!said.contains(&white), "{name}: {said:?}");
    }
}

fn name_of_black(name: &str) -> &'static str {
    if name == "de" {
        "Schwarz"
    } else {
        "Black"
    }
}

fn name_of_white(name: &str) -> &'static str {
    if name == "de" {
        "Weiß"
    } else {
        "White"
    }
}

// --- item 4: `help clock` lists `clocks` ---

#[test]
fn help_clock_lists_the_clocks_command() {
    for (name, topic, clocks) in [
        ("en", "help clock", "clocks"),
        ("de", "hilfe uhr", "uhren"),
        ("uk", "help годинник", "годинники"),
        ("ru", "help часы", "часы"),
        ("hy", "help ժամացույց", "ժամացույցներ"),
    ] {
        let mut s = game(name, None, None);
        let lines = printed(&run(&mut s, 0, &[topic]));
        assert!(
            // The label mark is the language's own: Armenian writes "՝".
            lines.iter().any(|l| l
                .split([':', '՝'])
                .next()
                .unwrap()
                .split(", ")
                .any(|w| w == clocks)),
            "{name}: {lines:?}"
        );
    }
}

// --- item 5: an arbiter's time without a unit says what is missing ---

#[test]
fn an_arbiter_time_without_a_unit_says_the_unit_is_missing() {
    for (name, line, said) in [
        (
            "en",
            "arbiter time add white 2",
            "\"2\" needs a unit: write 2m for two minutes or 30s for thirty seconds",
        ),
        (
            "de",
            "schiedsrichter zeit dazu weiß 2",
            "nicht verstanden; die Zeit braucht eine Einheit: m für Minuten, s für Sekunden; zum Beispiel schiedsrichter zeit dazu weiß 2m oder 30s",
        ),
        (
            "ru",
            "арбитр время добавить белые 2",
            "не понял; нужна единица времени: м — минуты, с — секунды; например, арбитр время добавить белые 2м или 30с",
        ),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        run(&mut s, 0, &["e4", "press"]);
        let before = s.state().clone();
        let out = run(&mut s, 5_000, &[line]);
        assert_eq!(printed(&out), [said], "{name}");
        assert!(journal(&out).is_empty(), "{name}: {:?}", journal(&out));
        assert!(s.state() == &before, "{name}: the game changed");
    }
}

// --- item 6: an agreed draw's PGN says it was agreed, and whose offer ---

#[test]
fn an_agreed_draws_pgn_says_it_was_agreed() {
    for (name, lines, offer, comment) in [
        (
            "en",
            &[
                "e4",
                "e5",
                "draw offer white",
                "yes",
                "draw accept black",
                "yes",
            ][..],
            "{(=) draw offer: White}",
            "{draw agreed, draw offer: White}",
        ),
        (
            "uk",
            &[
                "e4",
                "e5",
                "нічия запропонувати білі",
                "так",
                "нічия прийняти чорні",
                "так",
            ][..],
            "{(=) білі пропонують нічию}",
            "{нічия за згодою, білі пропонують нічию}",
        ),
    ] {
        let mut s = game(name, None, None);
        run(&mut s, 0, lines);
        let movetext = s.pgn().replace('\n', " ");
        assert!(
            movetext.contains(&format!("1. e4 e5 {offer} {comment} 1/2-1/2")),
            "{name}: {movetext}"
        );
    }
}

// --- item 7: Armenian: the article -ն before a vowel ---

#[test]
fn armenian_says_the_article_n_before_a_vowel() {
    // Whose move: "սևերն են քայլում", not "սևերը են".
    let mut s = game("hy", None, None);
    let lines = printed(&run(&mut s, 0, &["e4", "սեղմել", "հերթ"]));
    assert_eq!(lines.last().map(String::as_str), Some("սևերն են քայլում"));
    // No word of the pack (printed or spoken) has -ը before a word that opens with a vowel.
    let p = pack("hy");
    let vowels = ['ա', 'ե', 'է', 'ը', 'ի', 'ո', 'օ', 'և'];
    for token in vichess::phrase::token::Token::vocabulary() {
        for text in [p.text(&[token]), p.spoken_text(&[token])] {
            let words: Vec<&str> = text.split(' ').collect();
            for pair in words.windows(2) {
                assert!(
                    !(pair[0].ends_with('ը') && pair[1].starts_with(vowels)),
                    "{}: \"{} {}\" in {text}",
                    token.id(),
                    pair[0],
                    pair[1]
                );
            }
        }
    }
}

// --- item 8: the report names a corrected mating move and its replacement ---

use std::path::Path;
use std::process::Command;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn report_of(dir: &Path, lang: &str, records: &[&str]) -> String {
    let path = dir.join("game.journal");
    let mut j = vichess::journal::Journal::create(&path, "2026-11-24T16-00-00-Anna-Bert").unwrap();
    j.append(&format!("begin 0 5400 standard {START}")).unwrap();
    for r in records {
        j.append(r).unwrap();
    }
    drop(j);
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["report", "--lang", lang])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_reports_pgn_names_a_struck_mating_move_and_its_replacement() {
    for (lang, named) in [
        ("en", "move corrected to 2... Qg5 (struck: 2... Qh4#)"),
        ("de", "Zug berichtigt zu 2... Dg5 (gestrichen: 2... Dh4#)"),
        ("ru", "ход исправлен на 2... Фg5 (вычеркнут: 2... Фh4#)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let report = report_of(
            dir.path(),
            lang,
            &[
                "move 1000 f2f3",
                "press 2000 white",
                "move 3000 e7e5",
                "press 4000 black",
                "move 5000 g2g4",
                "press 6000 white",
                "move 7000 d8h4",
                "correct 8000 d8g5",
            ],
        );
        let at = report.find("[Event").expect("the PGN");
        let movetext = report[at..]
            .split_once("\n\n")
            .unwrap()
            .1
            .replace('\n', " ");
        assert!(movetext.contains(named), "{lang}: {movetext}");
    }
}

/// A resumed move not yet pressed is said once, as waiting for its press: whose move it is
/// is not said before it ("White to move", then "Black has already moved: press the clock"
/// told the player two different things).
#[test]
fn a_resumed_unpressed_move_is_not_also_called_the_others_turn() {
    for (name, to_move, unpressed) in [
        (
            "en",
            "White to move",
            "Black has already moved: press the clock, or correct the move",
        ),
        (
            "de",
            "Weiß am Zug",
            "Schwarz hat schon gezogen: die Uhr drücken oder den Zug korrigieren",
        ),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        let lines = journal_of(&mut s, &["e4", "press", "e5"]);
        let mut r = Session::resume(SessionConfig::default(), pack(name), &lines).expect("resume");
        let said = printed(&run(&mut r, 30_000, &["count"]));
        assert!(said.contains(&unpressed.to_string()), "{name}: {said:?}");
        assert!(
            !said.iter().any(|l| l.contains(to_move)),
            "{name}: {said:?}"
        );
        // Pressed, the same game says whose move it is, once.
        let mut s = game(name, None, Some("5400+30"));
        let lines = journal_of(&mut s, &["e4", "press", "e5", "press"]);
        let mut r = Session::resume(SessionConfig::default(), pack(name), &lines).unwrap();
        let said = printed(&run(&mut r, 30_000, &["count"]));
        assert_eq!(
            said.iter().filter(|l| l.contains(to_move)).count(),
            1,
            "{name}: {said:?}"
        );
        assert!(
            !said.iter().any(|l| l.contains(&unpressed[..12])),
            "{name}: {said:?}"
        );
    }
}

/// A game resumed with only its first move made, unpressed, does not say "zero moves" and
/// then "1. e4": the move is said, then that it waits for its press. With a move completed
/// before it, the count stays, and counts the completed moves as `count` does.
#[test]
fn a_resumed_first_move_unpressed_is_not_counted_as_zero_moves() {
    for (name, zero, first, unpressed) in [
        (
            "en",
            "zero moves",
            "1. e4",
            "White has already moved: press the clock, or correct the move",
        ),
        (
            "de",
            "null Züge",
            "1. e4",
            "Weiß hat schon gezogen: die Uhr drücken oder den Zug korrigieren",
        ),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        let lines = journal_of(&mut s, &["e4"]);
        let mut r = Session::resume(SessionConfig::default(), pack(name), &lines).expect("resume");
        let said = printed(&run(&mut r, 30_000, &["count"]));
        let at = |l: &str| said.iter().position(|s| s == l);
        assert!(
            at(first).is_some() && at(first) < at(unpressed),
            "{name}: the move, then that it waits: {said:?}"
        );
        // Only `count`'s answer counts: the completed moves, none.
        let zeros: Vec<usize> = (0..said.len())
            .filter(|&i| said[i].contains(zero))
            .collect();
        assert_eq!(zeros, [said.len() - 1], "{name}: {said:?}");
    }
}

/// After the arbiter undoes a result the clocks stay stopped until `pause`: a press made
/// meanwhile is refused with what starts them, in the game's language, not the bare "the
/// clock cannot do that now"; the move stays made and the press after `pause` completes it.
#[test]
fn a_press_while_the_arbiter_keeps_the_clocks_stopped_says_what_starts_them() {
    for (name, play, stopped) in [
        (
            "de",
            [
                "aufgeben weiß",
                "ja",
                "schiedsrichter rückgängig",
                "ja",
                "Sf3",
                "drücken",
            ],
            "die Uhren sind angehalten, das Drücken zählt nicht; „pause“ startet sie wieder, \
             dann „drücken“",
        ),
        (
            "en",
            ["resign white", "yes", "arbiter undo", "yes", "Nf3", "press"],
            "the clocks are stopped, so the press does not count; pause starts them again, \
             then press",
        ),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        run(&mut s, 0, &["e4", "press", "e5", "press"]);
        let said = printed(&run(&mut s, 20_000, &play));
        assert_eq!(
            said.last().map(String::as_str),
            Some(stopped),
            "{name}: {said:?}"
        );
        assert_eq!(s.state().unpressed(), Some(Color::White), "{name}");
        let said = printed(&run(&mut s, 40_000, &["pause", play[5]]));
        assert!(
            said.iter().any(|l| l.contains(match name {
                "de" => "Zug beendet: Weiß",
                _ => "move completed: White",
            })),
            "{name}: {said:?}"
        );
        assert_eq!(s.state().unpressed(), None, "{name}");
    }
}

/// A press left to the reply is explained in full the first time (6.2.2: the clock ran on,
/// and the time left), then said short: in a game whose players never press, the long line
/// came before every reply.
#[test]
fn a_press_left_to_the_reply_is_explained_once_then_said_short() {
    let mut s = game("de", None, Some("5400+30"));
    let said = printed(&run(&mut s, 0, &["e4", "e5", "Sf3"]));
    assert_eq!(
        said[1],
        "Weiß hat die Uhr nicht gedrückt; der Antwortzug drückte sie, bis dahin lief die Uhr weiter: eine Sekunde; Weiß: eine Stunde dreißig Minuten neunundzwanzig Sekunden"
    );
    assert_eq!(
        said[3],
        "Schwarz hat die Uhr nicht gedrückt; die Uhr lief weiter: eine Sekunde"
    );
    assert_eq!(said.len(), 5, "{said:?}");
}

/// After the game has ended, "сдаться" and "ничья" with no side named are told the game is
/// over and how, as "сдаться белые" is, not asked which side: no side could use them.
#[test]
fn resigning_or_offering_a_draw_after_the_end_says_it_has_ended() {
    let mut s = game("ru", None, Some("5400+30"));
    run(&mut s, 0, &["f3", "e5", "g4", "Фh4"]);
    let said = printed(&run(&mut s, 10_000, &["сдаться", "ничья", "сдаться белые"]));
    let over = "партия окончена: мат, чёрные выиграли";
    assert_eq!(said.len(), 3, "{said:?}");
    assert!(
        said.iter().all(|l| l.trim_start_matches('\u{a0}') == over),
        "{said:?}"
    );
}

/// An arbiter's command missing a part is asked for that part, in the game's language, with
/// the command's form, not told "not understood" and given the whole arbiter help; the
/// English game keeps its English reason. Nothing changes.
#[test]
fn an_arbiters_command_missing_a_part_is_asked_for_it_in_the_games_language() {
    for (name, typed, want) in [
        (
            "de",
            "schiedsrichter zeit dazu weiß",
            "wie viel Zeit? schiedsrichter zeit dazu|abziehen|stellen weiß|schwarz <2m, 30s, 4:30>",
        ),
        (
            "de",
            "schiedsrichter zeit weiß 2m",
            "Zeit dazu, abziehen oder stellen? schiedsrichter zeit dazu|abziehen|stellen weiß|schwarz <2m, 30s, 4:30>",
        ),
        (
            "ru",
            "арбитр время добавить 2м",
            "чьё время? арбитр время добавить|снять|установить белые|чёрные <2м, 30с, 4:30>",
        ),
        (
            "uk",
            "арбітр відновити 1",
            "чий хід? арбітр відновити <номер ходу> білі|чорні",
        ),
        (
            "hy",
            "մրցավար վերականգնել",
            "ո՞ր քայլին։ մրցավար վերականգնել <քայլի համար> սպիտակ|սև",
        ),
        (
            "en",
            "arbiter time add white",
            "how much time? arbiter time add|take|set white|black <2m, 30s, 4:30>",
        ),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        run(&mut s, 0, &["e4", "press"]);
        let said = printed(&run(&mut s, 10_000, &[typed]));
        assert_eq!(said, [want], "{name}: {typed}");
    }
}

/// The arbiter's acts are in the saved PGN, as comments after the move each followed and in
/// the game's words, not only in `vichess report`: a time added, a note, a resignation
/// undone. A resumed game writes the same PGN.
#[test]
fn the_arbiters_acts_are_kept_in_the_pgn() {
    for (name, lines, want) in [
        (
            "en",
            [
                "e4",
                "press",
                "arbiter time add black 2m",
                "arbiter note noise from the next board",
                "resign black",
                "yes",
                "arbiter undo",
                "yes",
            ],
            [
                "{the arbiter adds time: Black, 0:02:00} {arbiter's note: noise from the next board}",
                "{the arbiter undoes the result; the game goes on (Black resigns, White wins, 1-0)}",
            ],
        ),
        (
            "ru",
            [
                "e4",
                "нажать",
                "арбитр время добавить чёрные 2m",
                "арбитр заметка шум у соседней доски",
                "сдаться чёрные",
                "да",
                "арбитр отменить",
                "да",
            ],
            [
                "{арбитр добавляет время: чёрные, 0:02:00} {заметка арбитра: шум у соседней доски}",
                "{арбитр отменяет результат; партия продолжается (чёрные сдались, белые выиграли, 1-0)}",
            ],
        ),
    ] {
        let mut s = game(name, None, Some("5400+30"));
        let journal = journal_of(&mut s, &lines);
        let pgn = s.pgn();
        let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
        for w in want {
            assert!(movetext.contains(w), "{name}: {w:?} in {movetext}");
        }
        assert!(
            movetext.find(want[0]) < movetext.find(want[1]),
            "{name}: in the order they happened: {movetext}"
        );
        let r = Session::resume(SessionConfig::default(), pack(name), &journal).expect("resume");
        assert_eq!(r.pgn(), pgn, "{name}: the resumed game writes the same PGN");
    }
}

/// An arbiter's note after a move later struck (taken back, gone with a restore) stays, after
/// the last move that stands and before the moves played since, as the report places it; a
/// take-back is kept, naming the move taken back; a restore is kept too, naming the move it
/// went back to and the moves it struck.
#[test]
fn an_arbiters_note_after_a_struck_move_stays_where_the_game_stands() {
    let mut s = game("en", None, Some("5400+30"));
    journal_of(
        &mut s,
        &[
            "e4",
            "press",
            "e5",
            "press",
            "arbiter note the clock was knocked over",
            "arbiter takeback",
            "yes",
            "d5",
            "press",
            "Nf3",
            "press",
            "arbiter restore 2 white",
            "yes",
            "d4",
        ],
    );
    let pgn = s.pgn();
    let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    let note = movetext
        .find("{arbiter's note: the clock was knocked over}")
        .unwrap_or_else(|| panic!("{movetext}"));
    let (e4, d5) = (
        movetext.find("1. e4").unwrap(),
        movetext.find("1... d5").unwrap(),
    );
    assert!(e4 < note && note < d5, "{movetext}");
    // The move the arbiter took back is named where it was, after the note made before it.
    let taken = movetext
        .find("{the last move is taken back: 1... e5}")
        .unwrap_or_else(|| panic!("{movetext}"));
    assert!(note < taken && taken < d5, "{movetext}");
    // The move struck is named in the comment, and is no longer among the moves.
    let restored = movetext
        .find("{the arbiter restores an earlier position: move 2, White (7.5.1); struck: 2. Nf3}")
        .unwrap_or_else(|| panic!("{movetext}"));
    assert!(
        d5 < restored && restored < movetext.find("2. d4").unwrap(),
        "{movetext}"
    );
    assert_eq!(movetext.matches("Nf3").count(), 1, "{movetext}");
}
