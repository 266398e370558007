//! Board lights (issue 26, item 2): `vichess play` on an emulated ChessLink, Certabo and
//! Chessnut board behind a real pseudo-terminal (for the Chessnut, a raw one standing in for
//! its hidraw device: vichess's own HID link reads and writes it). The emulators keep the
//! lights they were sent, read back from the bytes; the tests check them: the opponent's move
//! to copy lights its from- and to-squares, a mismatch lights the squares to put right, the
//! lights go out when the board agrees, and `[board] leds = false` keeps them off.
//!
//! The emulators are written from the public protocol descriptions (as the codecs are): what
//! is checked here is that vichess sends what those descriptions say, not that a board
//! lights.

#![cfg(all(unix, feature = "serial"))]

use std::time::Duration;
use vichess::board::codec::Protocol;
use vichess::board::sim::pty::{PtyBoard, PtyChessnut};
use vichess::board::sim::{Action, Chessnut, Emulator};
use vichess::rules::{Bitboard, Board, Color, Role, Square};

#[path = "common/play.rs"]
mod play;

#[path = "common/board_game.rs"]
mod board_game;

use board_game::Game;

/// The boards with lights.
#[derive(Clone, Copy)]
enum Lit {
    Serial(Protocol),
    Chessnut,
}

/// `vichess play` on an emulated board, with `config` as its configuration, once the board
/// is connected and read.
fn start(name: &str, board: Lit, config: Option<&str>) -> Game {
    let home = board_game::temp_dir("leds", name);
    if let Some(text) = config {
        board_game::write_config(&home, text);
    }
    let mut g = match board {
        Lit::Serial(protocol) => {
            let board = PtyBoard::new(Emulator::new(protocol, Board::new())).expect("a pty");
            Game::on_board(&home, board, &[])
        }
        Lit::Chessnut => {
            let board = PtyChessnut::new(Chessnut::new(Board::new())).expect("a raw pty");
            Game::on_chessnut(&home, board, &[])
        }
    };
    g.connected();
    g
}

/// The board's emulator, whose lights and buzzes the tests read.
fn emulator(g: &Game) -> &Emulator {
    &g.board.as_ref().expect("a board").emulator
}

/// Does the board, whichever it is, show exactly the lights on `squares`?
fn shows(g: &Game, squares: Bitboard) -> bool {
    match &g.chessnut {
        Some(b) => b.emulator.shows_lights(squares),
        None => emulator(g).shows_lights(squares),
    }
}

/// Waits until the board shows exactly the lights on `squares`.
fn lit(g: &mut Game, squares: &[Square]) {
    let want: Bitboard = squares.iter().copied().collect();
    g.until(&format!("lights on {squares:?}"), move |g| shows(g, want));
}

fn lights_show_the_move_to_copy_and_the_fix(name: &str, board: Lit) {
    let mut g = start(name, board, None);
    g.type_line("start");
    g.hand(Action::Lift(Square::E2));
    g.hand(Action::Place(Square::E4, Role::Pawn.of(Color::White)));
    g.said("Eva vier");
    g.type_line("press");
    // The assistant types Black's move: its squares light up for the VI player to copy.
    g.type_line("e5");
    g.said("Eva fünf");
    g.type_line("press");
    lit(&mut g, &[Square::E7, Square::E5]);
    g.hand(Action::Lift(Square::E7));
    g.hand(Action::Place(Square::E5, Role::Pawn.of(Color::Black)));
    lit(&mut g, &[]);
    // The knight put on a square it cannot reach: once the mismatch is said, both squares
    // to put right are lit; they go out when the knight is back.
    g.hand(Action::Lift(Square::G1));
    g.hand(Action::Place(Square::G3, Role::Knight.of(Color::White)));
    lit(&mut g, &[Square::G1, Square::G3]);
    g.hand(Action::Lift(Square::G3));
    g.hand(Action::Place(Square::G1, Role::Knight.of(Color::White)));
    lit(&mut g, &[]);
    g.quit();
}

#[test]
fn chesslink_lights_show_the_move_to_copy_and_the_fix() {
    lights_show_the_move_to_copy_and_the_fix("chesslink", Lit::Serial(Protocol::ChessLink));
}

#[test]
fn certabo_lights_show_the_move_to_copy_and_the_fix() {
    lights_show_the_move_to_copy_and_the_fix("certabo", Lit::Serial(Protocol::Certabo));
}

/// A Chessnut Air / Pro: the same lights, sent as its LED output report over vichess's HID
/// link, read back into squares by the emulated board.
#[cfg(feature = "hidraw")]
#[test]
fn chessnut_lights_show_the_move_to_copy_and_the_fix() {
    lights_show_the_move_to_copy_and_the_fix("chessnut", Lit::Chessnut);
}

/// The engine's move is copied as the opponent's is: on a Chessnut, its squares light up
/// once the engine has answered, and go out when the board shows it. (The engine is the
/// tests' fake UCI engine, `tests/engines/fake_uci.py`, which answers 1.e4 with e5.)
#[cfg(feature = "hidraw")]
#[test]
fn chessnut_lights_show_the_engines_move_to_copy() {
    use std::os::unix::fs::PermissionsExt;
    let home = board_game::temp_dir("leds", "chessnut-engine");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/fake_uci.py");
    let state = home.join("engine-state");
    std::fs::create_dir_all(&state).unwrap();
    let engine = home.join("fake-good");
    std::fs::write(
        &engine,
        format!(
            "#!/bin/sh\nexec python3 {} good {}\n",
            script.display(),
            state.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    let board = PtyChessnut::new(Chessnut::new(Board::new())).expect("a raw pty");
    let engine = engine.display().to_string();
    let mut g = Game::on_chessnut(&home, board, &["--engine", &engine, "--think", "20"]);
    g.connected();
    g.type_line("start");
    g.hand(Action::Lift(Square::E2));
    g.hand(Action::Place(Square::E4, Role::Pawn.of(Color::White)));
    g.said("Eva vier");
    lit(&mut g, &[]);
    g.type_line("press");
    g.said("Eva fünf");
    lit(&mut g, &[Square::E7, Square::E5]);
    g.hand(Action::Lift(Square::E7));
    g.hand(Action::Place(Square::E5, Role::Pawn.of(Color::Black)));
    lit(&mut g, &[]);
    g.quit();
}

/// `[board] leds = false`: the move to copy lights nothing.
fn lights_off_in_the_configuration_stay_off(name: &str, board: Lit) -> Game {
    let mut g = start(name, board, Some("[board]\nleds = false\n"));
    g.type_line("start");
    g.hand(Action::Lift(Square::E2));
    g.hand(Action::Place(Square::E4, Role::Pawn.of(Color::White)));
    g.said("Eva vier");
    g.type_line("press");
    g.type_line("e5");
    g.said("Eva fünf");
    g.type_line("press");
    g.serve(Duration::from_millis(800));
    assert!(shows(&g, Bitboard::EMPTY));
    g
}

#[test]
fn chesslink_lights_off_in_the_configuration_stay_off() {
    lights_off_in_the_configuration_stay_off("off", Lit::Serial(Protocol::ChessLink)).quit();
}

/// A Chessnut with its lights off in the configuration is sent no LED report at all.
#[cfg(feature = "hidraw")]
#[test]
fn chessnut_lights_off_in_the_configuration_stay_off() {
    let g = lights_off_in_the_configuration_stay_off("chessnut-off", Lit::Chessnut);
    let b = g.chessnut.as_ref().expect("the Chessnut");
    assert!(b.emulator.realtime(), "the board was switched on");
    assert_eq!(b.emulator.led_reports(), 0);
    g.quit();
}

/// The tactile clock on the pegboard's own motor (issue 26, item 3): with `[board] buzz = true`
/// the opponent's press is felt as the protocol's buzz line, in the configured rumble pattern.
#[test]
fn a_pegboard_buzzes_when_the_opponent_has_moved() {
    use vichess::input::SessionCue;
    let mut g = start(
        "buzz",
        Lit::Serial(Protocol::Pegboard),
        Some("[board]\nbuzz = true\n[gamepad]\nenabled = false\nrumble_opponent_moved_ms = [300, 100, 300]\n"),
    );
    g.type_line("start");
    g.hand(Action::Lift(Square::E2));
    g.hand(Action::Place(Square::E4, Role::Pawn.of(Color::White)));
    g.said("Eva vier");
    g.type_line("press");
    g.serve(Duration::from_millis(300));
    let moved = vec![300u16, 100, 300];
    let before = emulator(&g).buzzes().to_vec();
    assert!(
        !before.contains(&moved),
        "the player's own press: {before:?}"
    );
    g.type_line("e5");
    g.said("Eva fünf");
    g.type_line("press");
    let want = moved.clone();
    g.until("the opponent-moved buzz", move |g| {
        emulator(g).buzzes().contains(&want)
    });
    let _ = SessionCue::OpponentMoved;
    g.quit();
}
