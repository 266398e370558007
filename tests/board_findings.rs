//! Issue 13's findings, each reproduced through a real pseudo-terminal: an emulated board on
//! the pty, vichess's serial link and tracker reading it. Each of these failed before the fix.

#![cfg(feature = "serial")]

use std::time::{Duration, Instant};
use vichess::board::codec::Protocol;
use vichess::board::link::LinkEvent;
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{Action, Emulator, Fault, Faults};
use vichess::board::tracker::TrackerEvent;
use vichess::rules::{Board, Color, Position, Role, Square};

#[path = "common/board_rig.rs"]
mod board_rig;

use board_rig::Rig;

/// Finding 1: an Arduino resets when the port opens and misses the handshake, so the
/// snapshot request is lost; the link asks again, and a line lost later is recovered too.
#[test]
fn a_board_deaf_at_connect_is_asked_again_and_a_lost_line_is_recovered() {
    let mut r = Rig::plain(Protocol::Pegboard);
    r.deaf_until = Some(Instant::now() + Duration::from_millis(1600));
    r.read_once();
    assert!(r.log.contains(&LinkEvent::Resynchronised), "{:?}", r.log);
    // The lift of e2 is lost on the line; the placement on e4 shows the gap.
    let _lost = r.board.emulator.act(Action::Lift(Square::E2));
    r.act(Action::Place(Square::E4, Role::Pawn.of(Color::White)), 40);
    r.until(3, "e4 after the resync", |r| !r.made().is_empty());
    assert_eq!(r.sans(), ["e4"]);
}

/// Finding 2: a DGT update with one bit flipped (Nh3 read as Nf3, another legal move of a man
/// that cannot travel further, so made at once before the fix) is not a move; the dump that
/// confirms every update shows h3. A dropped update is caught by the next dump.
#[test]
fn a_flipped_or_dropped_dgt_update_never_becomes_a_move() {
    let mut r = Rig::plain(Protocol::Dgt);
    r.read_once();
    r.act(Action::Lift(Square::G1), 40);
    let mut update = r
        .board
        .emulator
        .act(Action::Place(Square::H3, Role::Knight.of(Color::White)));
    assert_eq!(update.len(), 5, "a DGT field update");
    update[3] ^= 0x02; // h3 (a8 index 47) becomes f3 (45)
    r.board.write(&update).unwrap();
    r.until(3, "Nh3", |r| !r.made().is_empty());
    r.pump(Duration::from_millis(600));
    assert_eq!(r.sans(), ["Nh3"], "{:?}", r.tracked);
    // Black's knight lands, but the update saying so is lost.
    r.act(Action::Lift(Square::G8), 40);
    let _lost = r
        .board
        .emulator
        .act(Action::Place(Square::F6, Role::Knight.of(Color::Black)));
    r.until(3, "Nf6 from the watchdog dump", |r| r.made().len() == 2);
    assert_eq!(r.sans(), ["Nh3", "Nf6"]);
}

/// Finding 3: the reply lifted 100 ms after a slider's move makes the slider's move, instead
/// of losing both.
#[test]
fn a_reply_within_the_settle_time_of_a_slider_keeps_both_moves() {
    let mut r = Rig::plain(Protocol::Pegboard);
    r.read_once();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        r.play(m);
    }
    r.act(Action::Lift(Square::F1), 40);
    r.act(
        Action::Place(Square::B5, Role::Bishop.of(Color::White)),
        100,
    );
    r.act(Action::Lift(Square::A7), 60);
    r.act(Action::Place(Square::A6, Role::Pawn.of(Color::Black)), 40);
    r.until(3, "a6", |r| r.made().len() == 6);
    r.pump(Duration::from_millis(3500));
    assert_eq!(r.sans(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert!(
        !r.tracked.iter().any(|e| matches!(
            e,
            TrackerEvent::Mismatch { .. } | TrackerEvent::Guidance { .. }
        )),
        "{:?}",
        r.tracked
    );
}

/// Finding 6: every pegboard line arriving ten times is not a lost line: no resync storm,
/// nothing said about garbled data, the moves read as made.
#[test]
fn repeated_pegboard_lines_cause_no_resync_storm() {
    let board = PtyBoard::new(Emulator::new(Protocol::Pegboard, Board::new()))
        .expect("a pty")
        .with_faults(Faults::new(Fault::Repeat, 6));
    let mut r = Rig::new(board, Position::new());
    r.read_once();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        r.play(m);
    }
    r.pump(Duration::from_millis(2500));
    let said = |f: fn(&LinkEvent) -> bool| r.log.iter().filter(|e| f(e)).count();
    assert_eq!(
        said(|e| matches!(e, LinkEvent::Garbled(_))),
        0,
        "{:?}",
        r.log
    );
    assert_eq!(said(|e| matches!(e, LinkEvent::Resynchronised)), 1);
    assert_eq!(said(|e| matches!(e, LinkEvent::Disconnected { .. })), 0);
}

/// Finding 5: an occupancy-only pegboard turned round reads the start position the same
/// either way; the first man lifted tells which way round it stands.
#[test]
fn an_occupancy_pegboard_turned_round_is_read_from_the_first_lift() {
    let board = PtyBoard::new(Emulator::new(Protocol::Pegboard, Board::new()).with_rotation(true))
        .expect("a pty");
    let mut r = Rig::new(board, Position::new());
    r.read_once();
    for m in ["e4", "c5", "Nf3"] {
        r.play(m);
    }
    assert!(r.tracked.contains(&TrackerEvent::Rotated));
}

/// Finding 5: a board connected empty and then set up turned round is decided by the reading
/// that first shows the game, not by the empty one.
#[test]
fn a_board_connected_empty_then_set_up_turned_round_is_read_the_right_way() {
    let board = PtyBoard::new(Emulator::new(Protocol::Dgt, Board::empty()).with_rotation(true))
        .expect("a pty");
    let mut r = Rig::new(board, Position::new());
    r.read_once();
    for (sq, p) in Board::new().pieces() {
        r.act(Action::Place(sq, p), 5);
    }
    r.pump(Duration::from_millis(800));
    for m in ["d4", "Nf6", "c4"] {
        r.play(m);
    }
    assert!(
        r.tracked.contains(&TrackerEvent::Rotated),
        "{:?}",
        r.tracked
    );
}

/// Finding 7: a ChessLink board (or emulator) that sends no parity bits and writes a checksum
/// below 0x10 as one digit is still read, since neither is ambiguous.
#[test]
fn a_loosely_spoken_chesslink_board_is_read() {
    let board = PtyBoard::new(Emulator::new(Protocol::ChessLink, Board::new()).with_quirks(true))
        .expect("a pty");
    let mut r = Rig::new(board, Position::new());
    r.read_once();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"] {
        r.play(m);
    }
    assert!(
        !r.log.iter().any(|e| matches!(e, LinkEvent::Garbled(_))),
        "{:?}",
        r.log
    );
}
