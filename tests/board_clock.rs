//! The clock on the board (issue 26, item 1): a DGT 3000 on an emulated DGT board behind a
//! real pseudo-terminal. With `[clock] source = "board"` its lever is the press, `time` says
//! its times, a drift from vichess's clock is noted for the arbiter, and a clock pulled out
//! is said once and vichess counts on; with `source = "vichess"` its lever presses nothing and
//! its display is set to vichess's times, each command sent again when its acknowledgement
//! is lost.

#![cfg(all(unix, feature = "serial"))]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use vichess::board::codec::dgt::{ClockCommand, ClockSide, ClockTimes, Hms, SideTime};
use vichess::board::codec::Protocol;
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{Action, Emulator};
use vichess::rules::{Board, Color, Role, Square};

#[path = "common/play.rs"]
mod play;

#[path = "common/board_game.rs"]
mod board_game;

use board_game::Game;

fn temp_dir(name: &str) -> board_game::TempHome {
    board_game::temp_dir("clock", name)
}

fn hms(minutes: u8, seconds: u8) -> Hms {
    Hms {
        hours: 0,
        minutes,
        seconds,
    }
}

/// A reading: White's time on the left, Black's on the right, `running` counting (`None`:
/// stopped).
fn reading(white: Hms, black: Hms, running: Option<ClockSide>) -> ClockTimes {
    let side = |time| SideTime {
        time,
        ..Default::default()
    };
    ClockTimes {
        left: side(white),
        right: side(black),
        running: running.is_some(),
        turn: running,
        ..Default::default()
    }
}

fn clock(white: u8, black: u8, running: ClockSide) -> ClockTimes {
    reading(hms(white, 0), hms(black, 0), Some(running))
}

/// `vichess play` at 15+10 as White (the shared harness's game) with `[clock] source =
/// SOURCE`, on an emulated DGT board with a DGT 3000 showing `first`; `faults` set up the
/// emulator's lost acknowledgements. Returns once the board is connected and read (the
/// harness serves it 1.2 s after the connection line).
fn start(home: &Path, source: &str, first: ClockTimes, faults: impl FnOnce(&mut Emulator)) -> Game {
    board_game::write_config(home, &format!("[clock]\nsource = \"{source}\"\n"));
    let mut emulator = Emulator::new(Protocol::Dgt, Board::new()).with_clock(first);
    faults(&mut emulator);
    let board = PtyBoard::new(emulator).expect("a pty");
    let connected = format!("Brett verbunden ({})", board.path());
    let mut game = Game::on_board(home, board, &[]);
    wait(&mut game, &connected);
    game.connected();
    game
}

/// The emulated DGT board (and its clock).
fn emulator(game: &mut Game) -> &mut Emulator {
    &mut game.board.as_mut().expect("a board").emulator
}

/// Serves until a line ends with `what`.
fn wait(game: &mut Game, what: &str) {
    let what = what.to_owned();
    game.until(&what.clone(), move |g| {
        g.seen.iter().any(|l| l.ends_with(&what))
    });
}

/// Types `line` and returns the lines that come in the next moment.
fn ask(game: &mut Game, line: &str) -> Vec<String> {
    let from = game.seen.len();
    game.type_line(line);
    game.serve(Duration::from_millis(400));
    game.seen[from..].to_vec()
}

fn count(game: &Game, what: &str) -> usize {
    game.seen.iter().filter(|l| l.contains(what)).count()
}

fn play_e4(game: &mut Game) {
    game.hand(Action::Lift(Square::E2));
    game.hand(Action::Place(Square::E4, Role::Pawn.of(Color::White)));
    wait(game, "Eva vier");
}

/// Quits (vichess must end successfully) and returns the journal and its path.
fn quit(game: Game, home: &Path) -> (String, PathBuf) {
    game.quit();
    let path = std::fs::read_dir(home.join("games"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .expect("the game's journal");
    (std::fs::read_to_string(&path).unwrap(), path)
}

/// Journal lines of one kind ("number checksum record ...").
fn records(journal: &str, kind: &str) -> Vec<String> {
    journal
        .lines()
        .filter(|l| l.split_whitespace().nth(2) == Some(kind))
        .map(str::to_owned)
        .collect()
}

/// Plays 1.e4 on the board, then presses the lever; returns the journal's press lines.
fn lever_after_e4(home: &Path, source: &str) -> Vec<String> {
    let mut game = start(home, source, clock(15, 15, ClockSide::Left), |_| {});
    game.type_line("start");
    play_e4(&mut game);
    // White presses the lever: Black's clock (the right side) runs.
    emulator(&mut game).set_clock(clock(15, 15, ClockSide::Right));
    game.serve(Duration::from_millis(2500));
    let (journal, _) = quit(game, home);
    records(&journal, "press")
}

#[test]
fn the_lever_of_the_board_clock_is_the_press() {
    let home = temp_dir("board");
    let presses = lever_after_e4(&home, "board");
    assert_eq!(presses.len(), 1, "{presses:?}");
    assert!(presses[0].ends_with(" white"), "{presses:?}");
}

#[test]
fn with_vichess_as_the_source_the_lever_presses_nothing() {
    let home = temp_dir("vichess");
    let presses = lever_after_e4(&home, "vichess");
    assert!(presses.is_empty(), "{presses:?}");
}

#[test]
fn time_says_the_board_clocks_times() {
    let home = temp_dir("time");
    let shown = reading(hms(12, 34), hms(9, 5), None);
    let mut game = start(&home, "board", shown, |_| {});
    let said = ask(&mut game, "time");
    assert!(
        said.iter().any(|l| l
            == "die Uhr am Brett: Weiß: zwölf Minuten vierunddreißig Sekunden; Schwarz: neun Minuten fünf Sekunden"),
        "{said:#?}"
    );
    quit(game, &home);
}

#[test]
fn a_clock_that_drifts_by_three_seconds_is_noted_for_the_arbiter() {
    let home = temp_dir("drift");
    // Before the start vichess's clock has 15:00 for each; the board's shows 14:57 for White.
    let shown = reading(hms(14, 57), hms(15, 0), None);
    let mut game = start(&home, "board", shown, |_| {});
    game.serve(Duration::from_millis(1300));
    let printed = "Hinweis für den Schiedsrichter: die Uhr am Brett weicht von der Zeit in vichess ab: Weiß 0:14:57, vichess 0:15:00";
    assert_eq!(count(&game, printed), 1, "{:#?}", game.seen);
    // Noted, not mended: vichess's clock still has 15:00 for White.
    game.type_line("start");
    let (journal, path) = quit(game, &home);
    let notes = records(&journal, "note");
    assert_eq!(notes.len(), 1, "{journal}");
    assert!(
        notes[0].ends_with("note 0 board clock: white 0:14:57, vichess 0:15:00")
            || notes[0].contains("board clock: white 0:14:57, vichess 0:15:00"),
        "{notes:?}"
    );
    assert!(records(&journal, "adjust").is_empty(), "{journal}");
    let out = play::run_piped(
        &home,
        &["report", "--lang", "de", path.to_str().unwrap()],
        b"",
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(
        report.contains("Hinweis für den Schiedsrichter: die Uhr am Brett weicht von der Zeit in vichess ab: Weiß 0:14:57, vichess 0:15:00"),
        "{report}"
    );
}

#[test]
fn a_clock_pulled_out_is_said_once_and_vichess_counts_on() {
    let home = temp_dir("unplugged");
    let mut game = start(&home, "board", clock(15, 15, ClockSide::Left), |_| {});
    game.type_line("start");
    game.serve(Duration::from_millis(300));
    emulator(&mut game).unplug_clock();
    let silent = "die Uhr am Brett antwortet nicht mehr; vichess zählt die Zeit selbst weiter";
    wait(&mut game, silent);
    game.serve(Duration::from_millis(3000));
    assert_eq!(count(&game, silent), 1, "{:#?}", game.seen);
    // vichess's own clock answers `time` now, and the game goes on.
    let said = ask(&mut game, "time");
    assert!(
        said.iter().any(|l| l.starts_with("Weiß: vierzehn Minuten")),
        "{said:#?}"
    );
    play_e4(&mut game);
    let back = "die Uhr am Brett antwortet wieder; ihre Zeiten gelten";
    emulator(&mut game).set_clock(clock(15, 15, ClockSide::Right));
    wait(&mut game, back);
    game.serve(Duration::from_millis(1500));
    assert_eq!(count(&game, back), 1, "{:#?}", game.seen);
    assert_eq!(count(&game, silent), 1, "{:#?}", game.seen);
    let (journal, _) = quit(game, &home);
    assert_eq!(records(&journal, "move").len(), 1, "{journal}");
}

#[test]
fn with_vichess_as_the_source_the_display_shows_vichess_times() {
    let home = temp_dir("display");
    // A DGT 3000 just switched on shows its own setting (an all-zero reading is what a
    // board without a clock sends, and drives nothing).
    let shown = reading(hms(5, 0), hms(5, 0), None);
    // The first command's acknowledgement is lost: it must be sent again.
    let mut game = start(&home, "vichess", shown, |e| e.drop_clock_acks(1));
    game.type_line("start");
    play_e4(&mut game);
    game.type_line("press");
    // The resend comes after two seconds without an acknowledgement.
    game.serve(Duration::from_millis(3500));
    // The move's text gives way to the times three seconds after the move.
    let deadline = Instant::now() + Duration::from_secs(10);
    while emulator(&mut game).clock_display().1.is_some() {
        assert!(Instant::now() < deadline, "the move's text stays");
        game.serve(Duration::from_millis(20));
    }
    let sent: Vec<ClockCommand> = emulator(&mut game).clock_commands().to_vec();
    let set = |run| ClockCommand::SetAndRun {
        left: hms(15, 0),
        right: hms(15, 0),
        run,
    };
    assert!(sent.len() >= 4, "{sent:#?}");
    assert_eq!(sent[0], set(None), "{sent:#?}");
    assert_eq!(
        sent[1],
        set(None),
        "sent again when not acknowledged: {sent:#?}"
    );
    assert_eq!(sent[2], set(Some(ClockSide::Left)), "{sent:#?}");
    let (times, text) = emulator(&mut game).clock_display();
    let times = times.expect("a clock");
    assert_eq!(text, None);
    assert_eq!(times.turn, Some(ClockSide::Right), "{times:?}");
    assert!(times.running);
    // White's 15:00, less the moment the move took, plus the 10 s increment.
    let white = times.left.time.total_seconds();
    assert!((900..=910).contains(&white), "{times:?}");
    assert_eq!(times.right.time, hms(15, 0));
    quit(game, &home);
}

/// The last move on the DGT 3000's display (issue 26, item 1, `source = "vichess"`): after
/// each move the display shows it as text (the ASCII command), in the game's letters, and
/// then END brings the times back. The text's acknowledgement is lost once: the command is
/// sent again, and the press that came meanwhile waits behind it (one command in flight).
#[test]
fn with_vichess_as_the_source_the_display_shows_the_last_move() {
    let home = temp_dir("display-move");
    let mut game = start(
        &home,
        "vichess",
        reading(hms(5, 0), hms(5, 0), None),
        |_| {},
    );
    game.type_line("start");
    game.serve(Duration::from_millis(600));
    let before = emulator(&mut game).clock_commands().len();
    // The next acknowledgement, the move's text's, is lost.
    emulator(&mut game).drop_clock_acks(1);
    play_e4(&mut game);
    game.type_line("press");
    // Every text the display showed meanwhile, in order, each once.
    let mut shown: Vec<Option<String>> = Vec::new();
    watch(&mut game, &mut shown, 5_500);
    let e4: Vec<ClockCommand> = emulator(&mut game).clock_commands()[before..].to_vec();
    let text = |s: &str| ClockCommand::text(s, 0);
    let words: Vec<&ClockCommand> = e4
        .iter()
        .filter(|c| !matches!(c, ClockCommand::SetAndRun { .. }))
        .collect();
    assert_eq!(
        words,
        [&text("e4"), &text("e4"), &text("e4"), &ClockCommand::End],
        "the text, sent again without its acknowledgement, shown again after the press's \
         set-and-run, then END: {e4:#?}"
    );
    assert!(
        e4.iter().any(|c| matches!(
            c,
            ClockCommand::SetAndRun {
                run: Some(ClockSide::Right),
                ..
            }
        )),
        "the press: {e4:#?}"
    );
    assert!(shown.contains(&Some("e4".into())), "{shown:?}");
    assert_eq!(shown.last(), Some(&None), "the times again: {shown:?}");
    let (times, _) = emulator(&mut game).clock_display();
    assert_eq!(times.expect("a clock").turn, Some(ClockSide::Right));
    // Black's knight, in the game's (German) letters.
    let before = emulator(&mut game).clock_commands().len();
    game.hand(Action::Lift(Square::G8));
    game.hand(Action::Place(Square::F6, Role::Knight.of(Color::Black)));
    wait(&mut game, "Springer Felix sechs");
    watch(&mut game, &mut shown, 600);
    assert!(
        emulator(&mut game).clock_commands()[before..].contains(&text("Sf6")),
        "{:#?}",
        &emulator(&mut game).clock_commands()[before..]
    );
    assert_eq!(emulator(&mut game).clock_display().1, Some("Sf6"));
    quit(game, &home);
}

/// Serves the board for `ms`, noting each change of the text on the clock's display.
fn watch(game: &mut Game, shown: &mut Vec<Option<String>>, ms: u64) {
    for _ in 0..ms / 20 {
        game.serve(Duration::from_millis(20));
        let text = emulator(game).clock_display().1.map(str::to_owned);
        if shown.last() != Some(&text) {
            shown.push(text);
        }
    }
}

/// Sends the clock's reading now (the lever's message), ahead of the once-a-second ones.
fn lever_now(game: &mut Game, t: ClockTimes) {
    emulator(game).set_clock(t);
    let bytes = vichess::board::codec::dgt::encode_bwtime(&t);
    game.board
        .as_mut()
        .expect("a board")
        .write(&bytes)
        .expect("the pty takes the bytes");
}

/// The lever pressed with the move (D.2.3-4): vichess announces the move first, then the
/// press counts, however the lever's message and the man's come. In the first game the
/// lever's message is on the line right behind the man's field update, before the board dump
/// that confirms it (vichess decides DGT moves only on a dump); in the second it comes while
/// the man is still in the hand. Each time: "e4" once, then the press once; the journal has
/// the move and then White's press; `time` says the board clock's times, and vichess's own
/// clock, stopped for White at the press with the increment added, agrees with the board
/// clock's reading (no drift noted for White from the press on). The emulated clock does not tick, so the
/// lever's reading is made as a DGT 3000 would show it: White's 15:00 less the time White
/// thought, plus the 10 s increment.
#[test]
fn a_lever_pressed_before_the_move_is_announced_counts_after_it() {
    for (name, in_hand) in [("lever-before-dump", false), ("lever-in-hand", true)] {
        let home = temp_dir(name);
        let mut game = start(&home, "board", clock(15, 15, ClockSide::Left), |_| {});
        // Timed from the moment "start" is sent, as the lever's reading is from the moment
        // it is sent: each then reaches vichess after the same kind of wait, and the two
        // waits cancel. Timed from the answer, a busy machine's waits added up to a second
        // and vichess rightly noted the board's clock as a second off.
        let started = Instant::now();
        game.type_line("start");
        wait(&mut game, "Uhr läuft: Weiß");
        game.serve(Duration::from_millis(1000));
        game.hand(Action::Lift(Square::E2));
        let pressed = |started: Instant| {
            let left = (910.0 - started.elapsed().as_secs_f64()).round() as u32;
            let white = hms((left / 60) as u8, (left % 60) as u8);
            reading(white, hms(15, 0), Some(ClockSide::Right))
        };
        if in_hand {
            lever_now(&mut game, pressed(started));
            game.serve(Duration::from_millis(100));
        }
        let board = game.board.as_mut().expect("a board");
        board
            .act(Action::Place(Square::E4, Role::Pawn.of(Color::White)))
            .expect("the pty takes the bytes");
        if !in_hand {
            lever_now(&mut game, pressed(started));
        }
        let white = emulator(&mut game).clock_display().0.expect("a clock").left;
        let press = "Zug beendet: Weiß; Uhr läuft: Schwarz";
        wait(&mut game, press);
        game.serve(Duration::from_millis(300));
        let e4 = game.seen.iter().position(|l| l == "Eva vier");
        let pressed_at = game.seen.iter().position(|l| l == press);
        assert!(
            matches!((e4, pressed_at), (Some(m), Some(p)) if m < p),
            "{name}: the move, then the press: {:#?}",
            game.seen
        );
        assert_eq!(count(&game, "Eva vier"), 1, "{name}: {:#?}", game.seen);
        assert_eq!(count(&game, press), 1, "{name}: {:#?}", game.seen);
        let said = ask(&mut game, "time");
        let want = format!(
            "die Uhr am Brett: Weiß: fünfzehn Minuten {}; Schwarz: fünfzehn Minuten",
            seconds_de(white.time.seconds)
        );
        assert!(said.contains(&want), "{name}: {want:?} in {said:#?}");
        let (journal, _) = quit(game, &home);
        let kinds: Vec<&str> = journal
            .lines()
            .filter_map(|l| l.split_whitespace().nth(2))
            .filter(|k| ["move", "press"].contains(k))
            .collect();
        assert_eq!(kinds, ["move", "press"], "{name}: {journal}");
        assert!(
            records(&journal, "press")[0].ends_with(" white"),
            "{name}: {journal}"
        );
        // From the press on: before it the emulated clock, which does not tick, still shows
        // White's 15:00, and a busy machine that takes more than a second to reach the lever
        // makes vichess note that drift, which is not what this test is about.
        let after_press: Vec<&str> = journal
            .lines()
            .skip_while(|l| l.split_whitespace().nth(2) != Some("press"))
            .collect();
        assert!(
            !after_press.iter().any(|l| l.contains("board clock: white")),
            "{name}: vichess's clock for White agrees with the board's: {journal}"
        );
    }
}

/// "acht Sekunden" and the like, for the seconds a reading may show after the increment.
fn seconds_de(s: u8) -> &'static str {
    match s {
        5 => "fünf Sekunden",
        6 => "sechs Sekunden",
        7 => "sieben Sekunden",
        8 => "acht Sekunden",
        9 => "neun Sekunden",
        _ => panic!("White thought {s} s short of ten: the machine is far too slow"),
    }
}
