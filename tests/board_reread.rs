//! A damaged message and a quick clock press through a real pseudo-terminal: the emulated
//! pegboard on the pty, vichess's serial link and the tracker reading it. Before the fix the
//! press decided what the surviving change reports showed, before the re-read of the board
//! the link had asked for came back: White's castling was recorded as Rh1-g1.

#![cfg(feature = "serial")]

use std::time::{Duration, Instant};
use vichess::board::codec::Protocol;
use vichess::board::link::LinkEvent;
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{Action, Emulator};
use vichess::board::SensorEvent;
use vichess::rules::notation::parse_move;
use vichess::rules::{CastlingMode, Color, Position, Role, Square};

#[path = "common/board_rig.rs"]
mod board_rig;

use board_rig::Rig;

/// The position before White castles short (Italian game).
const ITALIAN: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

fn rig() -> (Rig, Position) {
    let pos = Position::from_fen(ITALIAN, CastlingMode::Standard).unwrap();
    let board = PtyBoard::new(Emulator::new(Protocol::Pegboard, *pos.board())).unwrap();
    let mut r = Rig::new(board, pos.clone());
    r.read_once();
    (r, pos)
}

/// Cuts a line off before its checksum and end, as a loose contact does.
fn cut(r: &mut Rig, a: Action) {
    let line = r.board.emulator.act(a);
    assert!(line.len() > 4, "{line:?}");
    r.board.write(&line[..line.len() - 4]).unwrap();
}

fn readings(r: &Rig) -> usize {
    r.log
        .iter()
        .filter(|e| matches!(e, LinkEvent::Sensor(SensorEvent::Snapshot(_))))
        .count()
}

/// The king's lift and the rook's placement are cut off, the board misses the first
/// re-read request (it is deaf for a second), and the player presses the clock at once.
/// What survives (a man put on g1, the rook lifted from h1) is the legal move Rh1-g1: it must
/// not be decided. The press waits for the re-read, and then completes the castling.
#[test]
fn a_press_before_the_reread_after_a_cut_off_message_waits_and_castling_is_recorded() {
    let (mut r, pos) = rig();
    let before = readings(&r);
    r.deaf_until = Some(Instant::now() + Duration::from_millis(1000));
    let king = Role::King.of(Color::White);
    let rook = Role::Rook.of(Color::White);
    cut(&mut r, Action::Lift(Square::E1));
    r.act(Action::Place(Square::G1, king), 40);
    r.act(Action::Lift(Square::H1), 40);
    cut(&mut r, Action::Place(Square::F1, rook));
    r.pump(Duration::from_millis(60));
    assert_eq!(readings(&r), before, "the re-read request was lost");
    // The player presses the clock before the re-read: nothing may be decided yet.
    r.press();
    assert!(
        r.made().is_empty(),
        "decided before the re-read: {:?}",
        r.made()
    );
    // Past the settle time, still before the re-read: still nothing.
    r.pump(Duration::from_millis(700));
    if readings(&r) == before {
        assert!(
            r.made().is_empty(),
            "decided before the re-read: {:?}",
            r.made()
        );
    }
    r.until(5, "the castling", |r| !r.made().is_empty());
    r.pump(Duration::from_millis(100));
    assert!(readings(&r) > before);
    let castles = parse_move(&pos, "O-O").unwrap();
    assert_eq!(r.made(), [castles], "{:?}", r.tracked);
    assert!(r.log.contains(&LinkEvent::Rereading), "{:?}", r.log);
}
