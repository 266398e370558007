//! The clock on the board as the source of truth (issue 26, item 1): `[clock] source =
//! "board"` with a DGT 3000 on an emulated DGT board behind a real pseudo-terminal. A press of
//! the clock's lever (seen in the board's clock readings as the other side's clock starting)
//! completes the move vichess has announced; with vichess as the source it does not.

#![cfg(all(unix, feature = "serial"))]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use vichess::board::codec::dgt::{ClockSide, ClockTimes, Hms, SideTime};
use vichess::board::codec::Protocol;
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{Action, Emulator};
use vichess::rules::{Board, Color, Role, Square};

#[path = "common/play.rs"]
mod play;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vichess-clock-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn clock(white: u8, black: u8, running: ClockSide) -> ClockTimes {
    let side = |minutes| SideTime {
        time: Hms {
            hours: 0,
            minutes,
            seconds: 0,
        },
        ..Default::default()
    };
    ClockTimes {
        left: side(white),
        right: side(black),
        running: true,
        turn: Some(running),
        ..Default::default()
    }
}

/// Plays 1.e4 on the board, then presses the lever; returns the journal's press lines.
fn lever_after_e4(home: &Path, source: &str) -> Vec<String> {
    let dir = home.join("config").join("vichess");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("config.toml"),
        format!("[clock]\nsource = \"{source}\"\n"),
    )
    .unwrap();
    let emulator =
        Emulator::new(Protocol::Dgt, Board::new()).with_clock(clock(15, 15, ClockSide::Left));
    let mut board = PtyBoard::new(emulator).expect("a pty");
    let games = home.join("games");
    let arg = format!("dgt:{}", board.path());
    let (mut child, mut stdin, lines) = play::spawn_play(
        home,
        &[
            "--no-audio",
            "--side",
            "white",
            "--control",
            "15+10",
            "--game-dir",
            games.to_str().unwrap(),
            "--board",
            &arg,
        ],
    );
    let mut seen: Vec<String> = Vec::new();
    let mut serve = |board: &mut PtyBoard, seen: &mut Vec<String>, d: Duration| {
        let until = Instant::now() + d;
        while Instant::now() < until {
            board.serve().unwrap();
            seen.extend(lines.try_iter());
            std::thread::sleep(Duration::from_millis(2));
        }
    };
    let wait = |board: &mut PtyBoard,
                seen: &mut Vec<String>,
                serve: &mut dyn FnMut(&mut PtyBoard, &mut Vec<String>, Duration),
                what: &str| {
        let deadline = Instant::now() + Duration::from_secs(12);
        while !seen.iter().any(|l| l.ends_with(what)) {
            assert!(Instant::now() < deadline, "no {what:?}: {seen:#?}");
            serve(board, seen, Duration::from_millis(20));
        }
    };
    let connected = format!("Brett verbunden ({})", board.path());
    wait(&mut board, &mut seen, &mut serve, &connected);
    serve(&mut board, &mut seen, Duration::from_millis(1200));
    writeln!(stdin, "start").unwrap();
    board.act(Action::Lift(Square::E2)).unwrap();
    serve(&mut board, &mut seen, Duration::from_millis(150));
    board
        .act(Action::Place(Square::E4, Role::Pawn.of(Color::White)))
        .unwrap();
    wait(&mut board, &mut seen, &mut serve, "Eva vier");
    // White presses the lever: Black's clock (the right side) runs.
    board.emulator.set_clock(clock(15, 15, ClockSide::Right));
    serve(&mut board, &mut seen, Duration::from_millis(2500));
    writeln!(stdin, "quit").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "vichess did not quit");
        serve(&mut board, &mut seen, Duration::from_millis(20));
    }
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok())
        .find(|e| e.path().extension().is_some_and(|x| x == "journal"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .expect("the game's journal");
    // Journal lines are "number checksum record ...".
    journal
        .lines()
        .filter(|l| l.split_whitespace().nth(2) == Some("press"))
        .map(str::to_owned)
        .collect()
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
