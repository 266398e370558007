//! Board lights (issue 26, item 2): `vichess play` on an emulated ChessLink and Certabo board
//! behind a real pseudo-terminal. The emulators keep the lights they were sent; the test
//! checks them: the opponent's move to copy lights its from- and to-squares, a mismatch
//! lights the squares to put right, the lights go out when the board agrees, and
//! `[board] leds = false` keeps them off.

#![cfg(all(unix, feature = "serial"))]

use std::io::Write;
use std::time::Duration;
use vichess::board::codec::Protocol;
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{Action, Emulator};
use vichess::rules::{Bitboard, Board, Color, Role, Square};

#[path = "common/play.rs"]
mod play;

#[path = "common/board_game.rs"]
mod board_game;

use board_game::Game;

/// `vichess play` on an emulated `protocol` board, with `config` as its configuration, once
/// the board is connected and read.
fn start(name: &str, protocol: Protocol, config: Option<&str>) -> Game {
    let home = board_game::temp_dir("leds", name);
    if let Some(text) = config {
        board_game::write_config(&home, text);
    }
    let board = PtyBoard::new(Emulator::new(protocol, Board::new())).expect("a pty");
    let mut g = Game::on_board(&home, board, &[]);
    g.connected();
    g
}

/// The board's emulator, whose lights and buzzes the tests read.
fn emulator(g: &Game) -> &Emulator {
    &g.board.as_ref().expect("a board").emulator
}

/// Waits until the board shows exactly the lights on `squares`.
fn lit(g: &mut Game, squares: &[Square]) {
    let want: Bitboard = squares.iter().copied().collect();
    g.until(&format!("lights on {squares:?}"), move |g| {
        emulator(g).shows_lights(want)
    });
}

fn lights_show_the_move_to_copy_and_the_fix(protocol: Protocol) {
    let mut g = start(protocol.name(), protocol, None);
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
    lights_show_the_move_to_copy_and_the_fix(Protocol::ChessLink);
}

#[test]
fn certabo_lights_show_the_move_to_copy_and_the_fix() {
    lights_show_the_move_to_copy_and_the_fix(Protocol::Certabo);
}

/// `[board] leds = false`: the move to copy lights nothing.
#[test]
fn lights_off_in_the_configuration_stay_off() {
    let mut g = start("off", Protocol::ChessLink, Some("[board]\nleds = false\n"));
    g.type_line("start");
    g.hand(Action::Lift(Square::E2));
    g.hand(Action::Place(Square::E4, Role::Pawn.of(Color::White)));
    g.said("Eva vier");
    g.type_line("press");
    g.type_line("e5");
    g.said("Eva fünf");
    g.serve(Duration::from_millis(800));
    assert!(emulator(&g).shows_lights(Bitboard::EMPTY));
    g.quit();
}

/// A Chessnut board (behind a raw pseudo-terminal standing in for its hidraw device) gets the
/// move to copy as its LED output report, and an all-dark report once the board shows it.
#[cfg(feature = "hidraw")]
#[test]
fn chessnut_lights_show_the_move_to_copy() {
    use serialport::{SerialPort, TTYPort};
    use std::io::Read;
    use vichess::board::codec::chessnut;
    use vichess::board::leds::{encode, LedBoard};
    let home = board_game::temp_dir("leds", "chessnut");
    let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal pair");
    master.set_timeout(Duration::from_secs(10)).unwrap();
    let path = slave.name().unwrap();
    let _raw = serialport::new(&path, 38_400).open_native().unwrap();
    let arg = format!("chessnut:{path}");
    let mut g = Game::start(&home, &["--board", &arg], None, None);
    let mut request = [0u8; 3];
    master.read_exact(&mut request).unwrap();
    assert_eq!(request.to_vec(), chessnut::realtime_request());
    let mut board = Board::new();
    let report = |master: &mut TTYPort, board: &Board| {
        for _ in 0..2 {
            master.write_all(&chessnut::encode_report(board)).unwrap();
            master.flush().unwrap();
            std::thread::sleep(Duration::from_millis(60));
        }
    };
    report(&mut master, &board);
    g.type_line("start");
    let pawn = board.remove_piece_at(Square::E2).unwrap();
    report(&mut master, &board);
    board.set_piece_at(Square::E4, pawn);
    report(&mut master, &board);
    g.said("Eva vier");
    g.type_line("press");
    g.type_line("e5");
    g.type_line("press");
    let want = encode(
        LedBoard::Chessnut,
        [Square::E7, Square::E5].into_iter().collect(),
    );
    let mut got = Vec::new();
    let mut buf = [0u8; 64];
    while !got.windows(want.len()).any(|w| w == want.as_slice()) {
        let n = master
            .read(&mut buf)
            .expect("the lights' report within 10 s");
        got.extend_from_slice(&buf[..n]);
    }
    // Black's pawn copied on the board: the lights go out.
    let pawn = board.remove_piece_at(Square::E7).unwrap();
    report(&mut master, &board);
    board.set_piece_at(Square::E5, pawn);
    report(&mut master, &board);
    let dark = encode(LedBoard::Chessnut, Bitboard::EMPTY);
    let mut got = Vec::new();
    while !got.windows(dark.len()).any(|w| w == dark.as_slice()) {
        let n = master
            .read(&mut buf)
            .expect("the dark lights' report within 10 s");
        got.extend_from_slice(&buf[..n]);
    }
    g.quit();
}

/// The tactile clock on the pegboard's own motor (issue 26, item 3): with `[board] buzz = true`
/// the opponent's press is felt as the protocol's buzz line, in the configured rumble pattern.
#[test]
fn a_pegboard_buzzes_when_the_opponent_has_moved() {
    use vichess::input::SessionCue;
    let mut g = start(
        "buzz",
        Protocol::Pegboard,
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
