//! A move made and the clock not pressed: the opponent's reply presses it for the mover
//! (6.2.2: the time until the press is the mover's). The play-through found that this press
//! went unsaid and unrecorded; now the session says it in one line in the game's language,
//! the journal keeps it as `press AT SIDE implied`, and `vichess report` lists it.

use vichess::rules::clock::TimeControl;
use vichess::rules::{Color, Position};
use vichess::session::{Effect, Event, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

#[path = "common/session.rs"]
mod common_session;
use common_session::{journal, printed};

#[path = "common/report.rs"]
mod common_report;
use common_report::report;

/// Ten minutes and five seconds a move: small numbers, said in few words.
const CONTROL: &str = "600+5";

fn game(pack: &str, control: Option<&str>) -> Session {
    Session::new(
        SessionConfig::default(),
        Pack::builtin(pack).expect("built-in pack"),
        Position::new(),
        control.map(|c| TimeControl::parse(c).expect("control")),
    )
}

fn line(s: &mut Session, text: &str, at: u64) -> Vec<Effect> {
    s.handle(Event::Line(text.into()), Stamp::from_millis(at))
}

/// White moves at 0 and forgets the clock; Black replies two minutes later: the effects of
/// the reply.
fn forgotten_press(pack: &str, white: &str, black: &str) -> (Session, Vec<Effect>) {
    let mut s = game(pack, Some(CONTROL));
    let out = line(&mut s, white, 0);
    assert_eq!(printed(&out).len(), 1, "{:?}", printed(&out));
    let out = line(&mut s, black, 120_000);
    (s, out)
}

#[test]
fn the_reply_presses_for_the_forgetful_player_and_says_so_once() {
    let (mut s, out) = forgotten_press("en", "e4", "e5");
    // Recorded before the reply, as it happened: the press, then the move.
    assert_eq!(
        journal(&out),
        ["press 120000 white implied", "move 120000 e7e5"]
    );
    // Said before the reply's move, with how long White's clock ran on after White's move
    // and what it shows now (the one increment of the move included).
    assert_eq!(
        printed(&out),
        [
            "White did not press the clock; the reply pressed it, their clock ran on until \
             then: two minutes; White: eight minutes five seconds",
            "e5"
        ]
    );
    // 6.2.2: White's clock ran until the reply; the press completed White's move with its
    // one increment, and Black's clock runs from the reply.
    let clock = s.state().clock().cloned().unwrap();
    assert_eq!(
        clock.remaining(Color::White, 120_000),
        600_000 - 120_000 + 5_000
    );
    assert_eq!(clock.moves(Color::White), 1);
    assert_eq!(clock.turn(), Some(Color::Black));
    assert_eq!(clock.remaining(Color::Black, 123_000), 600_000 - 3_000);
    // Black presses as usual: nothing more is said about White, and White gets nothing more.
    let out = line(&mut s, "press", 123_000);
    assert_eq!(journal(&out), ["press 123000 black"]);
    assert_eq!(
        printed(&out),
        ["move completed: Black; clock running: White"]
    );
    let clock = s.state().clock().cloned().unwrap();
    assert_eq!(
        clock.remaining(Color::White, 123_000),
        600_000 - 120_000 + 5_000
    );
    assert_eq!(
        clock.remaining(Color::Black, 123_000),
        600_000 - 3_000 + 5_000
    );
    assert_eq!(clock.moves(Color::White), 1);
}

#[test]
fn the_implied_press_is_said_in_each_language_in_its_own_words() {
    let cases = [
        (
            "de",
            "e4",
            "e5",
            "Weiß hat die Uhr nicht gedrückt; der Antwortzug drückte sie, bis dahin lief \
             die Uhr weiter: zwei Minuten; Weiß: acht Minuten fünf Sekunden",
        ),
        (
            "de-fide",
            "e4",
            "e5",
            "Weiß hat die Uhr nicht gedrückt; der Antwortzug drückte sie, bis dahin lief \
             die Uhr weiter: zwei Minuten; Weiß: acht Minuten fünf Sekunden",
        ),
        (
            "ru",
            "e4",
            "e5",
            "белые не нажали на часы; часы переключены при ответном ходе, до него шло их \
             время: две минуты; белые: восемь минут пять секунд",
        ),
        (
            "uk",
            "e4",
            "e5",
            "білі не натиснули на годинник; годинник перемкнено під час ходу у відповідь, \
             до нього йшов їхній час: дві хвилини; білі: вісім хвилин п'ять секунд",
        ),
        (
            "hy",
            "e4",
            "e5",
            "սպիտակները չսեղմեցին ժամացույցը; ժամացույցը սեղմվեց պատասխան քայլի պահին, \
             մինչ այդ գնում էր նրանց ժամանակը՝ երկու րոպե; սպիտակները՝ ութ րոպե հինգ \
             վայրկյան",
        ),
    ];
    for (pack, white, black, said) in cases {
        let (_, out) = forgotten_press(pack, white, black);
        assert_eq!(
            journal(&out),
            ["press 120000 white implied", "move 120000 e7e5"],
            "{pack}"
        );
        let lines = printed(&out);
        assert_eq!(lines.first().map(String::as_str), Some(said), "{pack}");
        assert_eq!(lines.len(), 2, "{pack}: {lines:?}");
    }
}

#[test]
fn a_pressed_move_an_untimed_game_and_vichess_own_press_imply_nothing() {
    // Pressed: the reply is only the reply.
    let mut s = game("en", Some(CONTROL));
    line(&mut s, "e4", 0);
    line(&mut s, "press", 1_000);
    let out = line(&mut s, "e5", 120_000);
    assert_eq!(journal(&out), ["move 120000 e7e5"]);
    assert_eq!(printed(&out), ["e5"]);
    // No clock: nobody presses, so nobody forgot to.
    let mut s = game("en", None);
    line(&mut s, "e4", 0);
    let out = line(&mut s, "e5", 120_000);
    assert_eq!(journal(&out), ["move 120000 e7e5"]);
    assert_eq!(printed(&out), ["e5"]);
    // vichess presses itself after a while: a reply before then was no forgotten press.
    let mut s = Session::new(
        SessionConfig {
            press_after_ms: Some(3_000),
            ..SessionConfig::default()
        },
        Pack::builtin("en").unwrap(),
        Position::new(),
        Some(TimeControl::parse(CONTROL).unwrap()),
    );
    line(&mut s, "e4", 0);
    let out = line(&mut s, "e5", 2_000);
    assert!(
        !printed(&out).iter().any(|l| l.contains("did not press")),
        "{:?}",
        printed(&out)
    );
}

#[test]
fn the_report_lists_the_implied_press_with_the_times_and_a_resume_keeps_the_clocks() {
    let (mut s, mut out) = forgotten_press("en", "e4", "e5");
    out.extend(line(&mut s, "press", 123_000));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.journal");
    let mut j = vichess::journal::Journal::create(&path, "2026-11-26T12-00-00-Anna-Bert").unwrap();
    let begin = "begin 0 600+5 standard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    j.append(begin).unwrap();
    j.append("move 0 e2e4").unwrap();
    for l in journal(&out) {
        j.append(&l).unwrap();
    }
    drop(j);
    let en = report(&path, "en");
    let implied = "0:02:00  White did not press the clock; the reply pressed it, their clock ran \
                   on until then: 0:02:00; White: time left 0:08:05 (6.2.2)";
    assert!(en.contains(&format!("\n{implied}\n")), "{en}");
    // Between White's move and Black's, where it happened.
    let at = |what: &str| en.find(what).unwrap_or_else(|| panic!("{what}: {en}"));
    assert!(at("White plays 1. e4") < at(implied));
    assert!(at(implied) < at("Black plays 1... e5"));
    // The PGN (its movetext on one line) says it after the move whose press it was.
    let pgn = en[en.find("[Event").expect("the PGN")..].replace('\n', " ");
    assert!(
        pgn.contains("1. e4 {0:02:00 White did not press the clock;"),
        "{pgn}"
    );
    let de = report(&path, "de");
    assert!(
        de.contains(
            "0:02:00  Weiß hat die Uhr nicht gedrückt; der Antwortzug drückte sie, bis dahin \
             lief die Uhr weiter: 0:02:00; Weiß: Restzeit 0:08:05 (6.2.2)"
        ),
        "{de}"
    );
}

#[path = "common/play.rs"]
mod play;

/// Waits for a line from `vichess play` that satisfies `what`; every line seen so far is
/// kept in `seen`.
#[cfg(all(unix, feature = "serial"))]
fn expect_line(
    lines: &std::sync::mpsc::Receiver<String>,
    seen: &mut Vec<String>,
    what: impl Fn(&str) -> bool,
    label: &str,
) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match lines.recv_timeout(left) {
            Ok(l) => {
                seen.push(l.clone());
                if what(&l) {
                    return l;
                }
            }
            Err(_) => panic!("no {label} from vichess; it said:\n{}", seen.join("\n")),
        }
    }
}

/// End to end, as the play-through found it: `vichess play` with the simulated pegboard,
/// White's move made on the pegboard and not pressed, Black's reply typed at the console.
#[cfg(all(unix, feature = "serial"))]
#[test]
fn at_the_console_with_the_simulated_pegboard_the_reply_says_the_late_press() {
    use std::io::Write;
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let (mut child, mut stdin, lines) = play::spawn_play(
        home.path(),
        &[
            "--no-audio",
            "--lang",
            "en",
            "--side",
            "white",
            "--control",
            "10+5",
            "--board",
            "sim",
            "--game-dir",
            games.to_str().unwrap(),
        ],
    );
    let mut seen = Vec::new();
    expect_line(
        &lines,
        &mut seen,
        |l| l.contains("board connected"),
        "board",
    );
    writeln!(stdin, "start\nsim e4").unwrap();
    expect_line(&lines, &mut seen, |l| l == "e4", "White's move");
    writeln!(stdin, "e5").unwrap();
    let said = "White did not press the clock; the reply pressed it, their clock ran on until \
                then: ";
    expect_line(
        &lines,
        &mut seen,
        |l| l.starts_with(said),
        "the implied press",
    );
    // Said before the reply, which follows.
    expect_line(&lines, &mut seen, |l| l == "e5", "Black's reply");
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .expect("the game's journal");
    let en = report(&journal, "en");
    assert!(
        en.lines()
            .any(|l| l.contains("  White did not press the clock; the reply pressed it")),
        "{en}"
    );
}

/// How long the forgetful side's clock ran on is said in whole seconds with the unit, and
/// under a second as "less than a second": never a bare "zero point three" with no unit.
#[test]
fn the_run_on_time_is_said_in_seconds_or_as_less_than_a_second() {
    let en = "White did not press the clock; the reply pressed it, their clock ran on until \
              then: ";
    let ru = "белые не нажали на часы; часы переключены при ответном ходе, до него шло их \
              время: ";
    let hy = "սպիտակները չսեղմեցին ժամացույցը; ժամացույցը սեղմվեց պատասխան քայլի պահին, \
              մինչ այդ գնում էր նրանց ժամանակը՝ ";
    for (pack, ran_on, head, said) in [
        (
            "en",
            300,
            en,
            "less than a second; White: ten minutes four seconds",
        ),
        (
            "en",
            2_700,
            en,
            "two seconds; White: ten minutes two seconds",
        ),
        (
            "ru",
            300,
            ru,
            "меньше секунды; белые: десять минут четыре секунды",
        ),
        (
            "ru",
            2_700,
            ru,
            "две секунды; белые: десять минут две секунды",
        ),
        (
            "hy",
            300,
            hy,
            "մեկ վայրկյանից պակաս; սպիտակները՝ տասը րոպե չորս վայրկյան",
        ),
        (
            "hy",
            2_700,
            hy,
            "երկու վայրկյան; սպիտակները՝ տասը րոպե երկու վայրկյան",
        ),
    ] {
        let mut s = game(pack, Some(CONTROL));
        line(&mut s, "e2e4", 0);
        let out = line(&mut s, "e7e5", ran_on);
        assert_eq!(printed(&out)[0], format!("{head}{said}"), "{pack} {ran_on}");
    }
}
