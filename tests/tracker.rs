//! The board tracker, case by case: every way a human (and a sensor) makes, half-makes, takes
//! back and mangles a move.

use vichess::board::tracker::{
    agreed_prefix, compare, fixes, reading_of, BoardKind, Config, Fix, RookFirst, Tracker,
    TrackerEvent, Which,
};
use vichess::board::{Sensed, SensorEvent, Snapshot};
use vichess::rules::arbiter::touch::{Obligation, Reason};
use vichess::rules::notation::parse_move;
use vichess::rules::{CastlingMode, Color, Move, Piece, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(p: &Position, text: &str) -> Move {
    parse_move(p, text).unwrap()
}

fn piece(c: char) -> Piece {
    Piece::from_char(c).unwrap()
}

/// Drives a tracker with a clock that moves on 100 ms per sensor change.
struct Hand {
    t: Tracker,
    now: u64,
}

impl Hand {
    fn new(p: Position, kind: BoardKind) -> Hand {
        Hand::with(p, kind, Config::default())
    }

    fn with(p: Position, kind: BoardKind, config: Config) -> Hand {
        Hand {
            t: Tracker::with_config(p, kind, config),
            now: 1_000,
        }
    }

    fn send(&mut self, e: SensorEvent) -> Vec<TrackerEvent> {
        self.now += 100;
        self.t.handle(e, self.now)
    }

    fn lift(&mut self, s: &str) -> Vec<TrackerEvent> {
        self.send(SensorEvent::Lifted(sq(s)))
    }

    /// Puts a man down; on an identifying board `c` is its FEN letter, otherwise its colour
    /// ('W', 'B') or '?' for a bare occupancy.
    fn place(&mut self, s: &str, c: char) -> Vec<TrackerEvent> {
        let sensed = match (self.t.kind(), c) {
            (BoardKind::IdentifiesPieces, c) => Sensed::Piece(piece(c)),
            (_, '?') => Sensed::Occupied { color: None },
            (_, c) => Sensed::Occupied {
                color: Some(Color::from_white(c.is_ascii_uppercase())),
            },
        };
        self.send(SensorEvent::Placed {
            square: sq(s),
            sensed,
        })
    }

    /// Lets `ms` pass, ticking every 50 ms, and gathers what the tracker says.
    fn wait(&mut self, ms: u64) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        let end = self.now + ms;
        while self.now < end {
            self.now = (self.now + 50).min(end);
            out.extend(self.t.tick(self.now));
        }
        out
    }
}

fn made(events: &[TrackerEvent]) -> Vec<Move> {
    events
        .iter()
        .filter_map(|e| match e {
            TrackerEvent::MoveMade { mv } => Some(*mv),
            _ => None,
        })
        .collect()
}

fn breaches(events: &[TrackerEvent]) -> Vec<&TrackerEvent> {
    events
        .iter()
        .filter(|e| matches!(e, TrackerEvent::TouchMoveBreach { .. }))
        .collect()
}

const ALL_KINDS: [BoardKind; 3] = [
    BoardKind::IdentifiesPieces,
    BoardKind::OccupancyAndColour,
    BoardKind::OccupancyOnly,
];

#[test]
fn a_lift_is_a_touch_and_a_double_step_is_made_at_once() {
    let mut h = Hand::new(Position::new(), BoardKind::IdentifiesPieces);
    let ev = h.lift("e2");
    assert_eq!(
        ev,
        vec![TrackerEvent::Touched {
            square: Square::E2,
            piece: piece('P'),
            own: true
        }]
    );
    let ev = h.place("e4", 'P');
    assert_eq!(made(&ev), vec![mv(&Position::new(), "e4")]);
    assert_eq!(h.t.expected().turn(), Color::Black);
}

#[test]
fn a_single_step_waits_for_the_board_to_settle_a_knight_does_not() {
    for kind in ALL_KINDS {
        let start = Position::new();
        let mut h = Hand::new(start.clone(), kind);
        h.lift("e2");
        assert!(
            made(&h.place("e3", 'P')).is_empty(),
            "{kind:?}: e3 could still go on to e4"
        );
        assert!(
            made(&h.wait(500)).is_empty(),
            "{kind:?}: 500 ms is not settled"
        );
        assert_eq!(made(&h.wait(150)), vec![mv(&start, "e3")], "{kind:?}");

        let after = h.t.expected().clone();
        h.lift("g8");
        assert_eq!(
            made(&h.place("f6", 'n')),
            vec![mv(&after, "Nf6")],
            "{kind:?}"
        );
    }
}

#[test]
fn a_sliding_bishop_is_made_only_where_it_stops() {
    // 1.e4 e5: the bishop slides f1-e2-d3-c4, each square reported on a DGT-like board.
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    let mut ev = h.lift("f1");
    for s in ["e2", "d3"] {
        ev.extend(h.place(s, 'B'));
        ev.extend(h.lift(s));
    }
    ev.extend(h.place("c4", 'B'));
    ev.extend(h.wait(1_000));
    assert_eq!(made(&ev), vec![mv(&p, "Bc4")]);
}

/// Issue 26, finding 2: a hand sliding the bishop stops 0.3 s on every square on the way.
/// No stop is a move until the hand has let go for good (the settle time, 600 ms by default).
#[test]
fn stops_on_the_way_shorter_than_the_settle_time_are_no_moves() {
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    let mut ev = h.lift("f1");
    for s in ["e2", "d3", "c4"] {
        ev.extend(h.place(s, 'B'));
        ev.extend(h.wait(300));
        ev.extend(h.lift(s));
    }
    ev.extend(h.place("b5", 'B'));
    ev.extend(h.wait(700));
    assert_eq!(made(&ev), vec![mv(&p, "Bb5")], "{ev:?}");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, TrackerEvent::TakeBack { .. })),
        "{ev:?}"
    );
}

#[test]
fn a_slide_that_paused_too_long_is_corrected() {
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    h.lift("f1");
    h.place("e2", 'B');
    assert_eq!(made(&h.wait(700)), vec![mv(&p, "Be2")]);
    h.lift("e2");
    h.place("c4", 'B');
    let ev = h.wait(700);
    assert_eq!(
        ev,
        vec![
            TrackerEvent::TakeBack {
                undone: mv(&p, "Be2")
            },
            TrackerEvent::MoveMade { mv: mv(&p, "Bc4") }
        ]
    );
}

#[test]
fn updates_out_of_order_still_make_the_move() {
    // The new square reported before the old one clears.
    for kind in ALL_KINDS {
        let mut h = Hand::new(Position::new(), kind);
        assert!(made(&h.place("f3", 'N')).is_empty());
        assert_eq!(
            made(&h.lift("g1")),
            vec![mv(&Position::new(), "Nf3")],
            "{kind:?}"
        );
    }
}

const ITALIAN: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn captures_work_with_either_man_lifted_first() {
    let p = pos(ITALIAN);
    let bxf7 = mv(&p, "Bxf7+");
    for kind in ALL_KINDS {
        // Captured man first.
        let mut h = Hand::new(p.clone(), kind);
        let ev = h.lift("f7");
        assert!(
            matches!(ev[..], [TrackerEvent::Touched { own: false, .. }]),
            "{kind:?}: an opponent's man lifted is touched for capture: {ev:?}"
        );
        h.lift("c4");
        let ev = h.place("f7", 'B');
        assert_eq!(made(&ev), vec![bxf7], "{kind:?} captured first");
        assert!(breaches(&ev).is_empty());

        // Own man first.
        let mut h = Hand::new(p.clone(), kind);
        h.lift("c4");
        assert!(made(&h.lift("f7")).is_empty());
        let ev = h.place("f7", 'B');
        assert_eq!(made(&ev), vec![bxf7], "{kind:?} own man first");
        assert!(breaches(&ev).is_empty());
    }
}

#[test]
fn a_capture_the_board_never_saw_emptied_is_read_from_the_new_piece() {
    // DGT: "target empty" may never be reported; the square just changes man.
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    h.lift("c4");
    let ev = h.place("f7", 'B');
    assert_eq!(made(&ev), vec![mv(&p, "Bxf7+")]);
    assert!(
        breaches(&ev).is_empty(),
        "both men count as touched: {ev:?}"
    );
}

#[test]
fn on_an_occupancy_board_a_man_in_the_hand_is_not_a_capture() {
    // The pawn on f7 lifted and put back, then the bishop lifted and held: occupancy is that of
    // Bxf7, but nothing was captured.
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    h.lift("f7");
    let ev = h.place("f7", '?');
    assert_eq!(ev, vec![TrackerEvent::Adjusting { square: Square::F7 }]);
    h.now += 1_000;
    let mut ev = h.lift("c4");
    ev.extend(h.wait(10_000));
    assert!(made(&ev).is_empty(), "{ev:?}");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, TrackerEvent::Mismatch { .. })),
        "a man held in the hand is not a mismatch yet: {ev:?}"
    );
}

/// The Italian position as an occupancy-only board reads it after Bxf7+, with both of the
/// capture's reports (f7 emptied, f7 filled) lost: only c4 is empty.
fn italian_with_c4_empty() -> Snapshot {
    let mut board = *pos(ITALIAN).board();
    board.remove_piece_at(Square::C4);
    Snapshot::occupancy_of(&board)
}

fn unseen(events: &[TrackerEvent]) -> Vec<Vec<Move>> {
    events
        .iter()
        .filter_map(|e| match e {
            TrackerEvent::CaptureUnseen { candidates } => Some(candidates.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_capture_whose_reports_were_lost_is_asked_about_not_guided_back() {
    // Issue 13's fault table, seed 2: on a pegboard both reports of a capture were lost, and
    // the resync reading showed only the capturer's hole empty. Guiding the man back to it
    // would undo a correct move; making the capture could make a wrong one. Ask.
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    h.send(SensorEvent::Snapshot(Snapshot::occupancy_of(p.board())));
    let mut ev = h.send(SensorEvent::Snapshot(italian_with_c4_empty()));
    ev.extend(h.wait(3_100));
    assert_eq!(unseen(&ev), vec![vec![mv(&p, "Bxf7+")]], "{ev:?}");
    assert!(made(&ev).is_empty(), "{ev:?}");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, TrackerEvent::Guidance { .. })),
        "no guidance to put the bishop back: {ev:?}"
    );
    let line = ev
        .iter()
        .find(|e| matches!(e, TrackerEvent::CaptureUnseen { .. }))
        .map(|e| e.to_string())
        .unwrap();
    assert!(
        line.contains("may have missed a capture") && line.contains("put the man back"),
        "{line}"
    );
    // Not asked again at once; again after the repeat interval if nothing changes.
    assert!(unseen(&h.wait(5_000)).is_empty());
    assert_eq!(unseen(&h.wait(11_000)).len(), 1);
    // The player says the move.
    let ev = h.t.choose(&mv(&p, "Bxf7+"));
    assert_eq!(made(&ev), vec![mv(&p, "Bxf7+")]);
    assert!(unseen(&h.wait(40_000)).is_empty());
}

#[test]
fn a_man_asked_about_and_put_back_is_no_move() {
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    h.send(SensorEvent::Snapshot(Snapshot::occupancy_of(p.board())));
    h.send(SensorEvent::Snapshot(italian_with_c4_empty()));
    assert_eq!(unseen(&h.wait(3_100)).len(), 1);
    let mut ev = h.place("c4", '?');
    ev.extend(h.wait(40_000));
    assert!(made(&ev).is_empty(), "{ev:?}");
    assert!(unseen(&ev).is_empty(), "{ev:?}");
    // A move not among the candidates is not made by choosing it.
    assert!(made(&h.t.choose(&mv(&p, "Bb5"))).is_empty());
}

#[test]
fn a_man_held_with_no_lost_reports_is_asked_about_only_after_the_in_hand_wait() {
    // Held for thinking: silence for `in_hand_ms`, then the question (which also says how to
    // put things right) rather than an order to put the man back.
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    let mut ev = h.lift("c4");
    ev.extend(h.wait(29_000));
    assert!(unseen(&ev).is_empty(), "{ev:?}");
    assert!(!ev
        .iter()
        .any(|e| matches!(e, TrackerEvent::Guidance { .. })));
    let ev = h.wait(2_000);
    assert_eq!(unseen(&ev), vec![vec![mv(&p, "Bxf7+")]], "{ev:?}");
    // A board that sees colours or men saw no capture: no question there.
    for kind in [BoardKind::IdentifiesPieces, BoardKind::OccupancyAndColour] {
        let mut h = Hand::new(p.clone(), kind);
        let mut ev = h.lift("c4");
        ev.extend(h.wait(40_000));
        assert!(unseen(&ev).is_empty(), "{kind:?}: {ev:?}");
    }
}

#[test]
fn an_occupancy_capture_reported_within_one_scan_out_of_order_is_asked_about() {
    // f7 refilled 100 ms before c4 emptied: a scan that saw Bxf7+ out of order, or the pawn
    // touched and put back and the bishop lifted to think. Occupancy cannot tell, and the
    // last report is a lift: no move is made from it, the player is asked (sooner than for a
    // man merely held, since a capture may well have been played).
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    h.lift("f7");
    h.place("f7", '?');
    let mut ev = h.lift("c4");
    assert!(made(&ev).is_empty(), "{ev:?}");
    ev.extend(h.wait(3_100));
    assert!(made(&ev).is_empty(), "{ev:?}");
    assert_eq!(unseen(&ev), vec![vec![mv(&p, "Bxf7+")]], "{ev:?}");
    let ev = h.t.choose(&mv(&p, "Bxf7+"));
    assert_eq!(made(&ev), vec![mv(&p, "Bxf7+")]);
    // The bishop put down elsewhere instead is that move, not the capture.
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    h.lift("f7");
    h.place("f7", '?');
    h.lift("c4");
    let ev = h.place("b5", '?');
    let mut ev2 = ev.clone();
    ev2.extend(h.wait(700));
    assert_eq!(made(&ev2), vec![mv(&p, "Bb5")], "{ev2:?}");
}

/// Black has just played ...exd1=R+ (the engine's move, typed in, not made on this board):
/// the white king on e1 is in check from the new rook on d1.
const ROOK_PROMOTED_ON_D1: &str = "4k3/8/8/8/8/8/4p3/3QK3 b - - 0 1";

/// The pegboard put right after ...exd1=R+ as the simulated hands do it (the pawn off e2,
/// the queen off d1, the rook on d1), the clock then moving on `gap_ms` before the next
/// report. Returns what the tracker said while the board was put right.
fn after_rook_promotion(gap_ms: u64) -> (Hand, Position, Vec<TrackerEvent>) {
    let before = pos(ROOK_PROMOTED_ON_D1);
    let after = before.play(&mv(&before, "exd1=R+")).unwrap();
    let mut h = Hand::new(before, BoardKind::OccupancyOnly);
    let mut ev = h.t.game_advanced(after.clone(), h.now);
    ev.extend(h.lift("e2"));
    ev.extend(h.lift("d1"));
    ev.extend(h.place("d1", '?'));
    h.now += gap_ms.saturating_sub(100);
    (h, after, ev)
}

#[test]
fn the_king_lifted_out_of_check_is_no_capture_before_it_is_put_down() {
    // The flake of the whole-game test on the simulated pegboard: the king lifted 100 ms
    // after the rook was put on d1 was read as Kxd1 (the rook's placement taken for the
    // capture's refill). It is Ke2 once the king is put down there.
    let (mut h, after, copying) = after_rook_promotion(100);
    let mut ev = h.lift("e1");
    assert!(made(&ev).is_empty(), "a lift alone is no capture: {ev:?}");
    // Swapping the queen for the rook was copying the move: no touch of the rook (which
    // would bind the king to take it), no "man put back".
    assert_eq!(copying, vec![TrackerEvent::PositionCorrect]);
    assert!(
        matches!(ev[..], [TrackerEvent::Touched { own: true, .. }]),
        "{ev:?}"
    );
    // Held to think: still no capture, and no question about one either.
    ev.extend(h.wait(5_000));
    assert!(made(&ev).is_empty(), "{ev:?}");
    assert!(unseen(&ev).is_empty(), "{ev:?}");
    let ev = h.place("e2", '?');
    assert_eq!(made(&ev), vec![mv(&after, "Ke2")], "{ev:?}");
    assert!(breaches(&ev).is_empty(), "{ev:?}");
    // The same, put down at once.
    let (mut h, after, _) = after_rook_promotion(100);
    let mut ev = h.lift("e1");
    ev.extend(h.place("e2", '?'));
    assert_eq!(made(&ev), vec![mv(&after, "Ke2")], "{ev:?}");
    assert!(breaches(&ev).is_empty(), "{ev:?}");
}

#[test]
fn the_king_taking_the_new_rook_is_kxd1_in_either_order() {
    for gap in [100, 2_000] {
        // The rook taken off first.
        let (mut h, after, _) = after_rook_promotion(gap);
        let ev = h.lift("d1");
        assert!(
            matches!(ev[..], [TrackerEvent::Touched { own: false, .. }]),
            "{ev:?}"
        );
        assert!(made(&h.lift("e1")).is_empty());
        let ev = h.place("d1", '?');
        assert_eq!(made(&ev), vec![mv(&after, "Kxd1")], "{gap} ms: {ev:?}");
        assert!(breaches(&ev).is_empty(), "{ev:?}");
        // The king lifted first.
        let (mut h, after, _) = after_rook_promotion(gap);
        assert!(made(&h.lift("e1")).is_empty());
        assert!(made(&h.lift("d1")).is_empty());
        let ev = h.place("d1", '?');
        assert_eq!(made(&ev), vec![mv(&after, "Kxd1")], "{gap} ms: {ev:?}");
        assert!(breaches(&ev).is_empty(), "{ev:?}");
    }
    // The board never given the rook (the queen left on d1, which reads the same): the
    // capture is still seen, in either order.
    for capture_first in [true, false] {
        let before = pos(ROOK_PROMOTED_ON_D1);
        let after = before.play(&mv(&before, "exd1=R+")).unwrap();
        let mut h = Hand::new(before, BoardKind::OccupancyOnly);
        h.t.game_advanced(after.clone(), h.now);
        assert_eq!(h.lift("e2"), vec![TrackerEvent::PositionCorrect]);
        let order = if capture_first {
            ["d1", "e1"]
        } else {
            ["e1", "d1"]
        };
        let mut ev = h.lift(order[0]);
        ev.extend(h.lift(order[1]));
        ev.extend(h.place("d1", '?'));
        assert_eq!(made(&ev), vec![mv(&after, "Kxd1")], "{ev:?}");
    }
}

#[test]
fn castling_king_first_is_made_only_when_the_rook_is_placed() {
    let p = pos(ITALIAN);
    let castle = mv(&p, "O-O");
    for kind in ALL_KINDS {
        let mut h = Hand::new(p.clone(), kind);
        h.lift("e1");
        let mut ev = h.place("g1", 'K');
        ev.extend(h.wait(2_000));
        assert!(
            made(&ev).is_empty(),
            "{kind:?}: the king alone on g1 is not a move (4.7)"
        );
        h.lift("h1");
        let ev = h.place("f1", 'R');
        assert_eq!(made(&ev), vec![castle], "{kind:?}");
        assert!(breaches(&ev).is_empty(), "{kind:?}: {ev:?}");
    }
}

#[test]
fn a_king_left_on_g1_is_guided_to_finish_castling() {
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    h.lift("e1");
    h.place("g1", '?');
    let ev = h.wait(3_100);
    let guidance: Vec<&Vec<Fix>> = ev
        .iter()
        .filter_map(|e| match e {
            TrackerEvent::Guidance { fixes } => Some(fixes),
            _ => None,
        })
        .collect();
    assert_eq!(guidance.len(), 1, "{ev:?}");
    assert_eq!(
        guidance[0][0].to_string(),
        "move the white rook from h1 to f1"
    );
}

#[test]
fn rook_first_is_a_rook_move_under_the_laws() {
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    h.lift("h1");
    let ev = h.place("f1", 'R');
    assert_eq!(made(&ev), vec![mv(&p, "Rf1")], "4.4.2 and 4.7");
}

#[test]
fn rook_first_castling_on_a_lenient_board_is_castling_with_a_breach_report() {
    let p = pos(ITALIAN);
    let config = Config {
        rook_first: RookFirst::Lenient,
        ..Config::default()
    };
    let mut h = Hand::with(p.clone(), BoardKind::IdentifiesPieces, config);
    h.lift("h1");
    assert!(made(&h.place("f1", 'R')).is_empty());
    h.lift("e1");
    let ev = h.place("g1", 'K');
    assert_eq!(made(&ev), vec![mv(&p, "O-O")]);
    assert!(
        matches!(
            breaches(&ev)[..],
            [TrackerEvent::TouchMoveBreach {
                obligation: Obligation::OneOf {
                    why: Reason::RookBeforeKing(Square::H1),
                    ..
                },
                ..
            }]
        ),
        "{ev:?}"
    );
    // And a rook that waits in vain is a rook move.
    let mut h = Hand::with(p.clone(), BoardKind::IdentifiesPieces, config);
    h.lift("h1");
    h.place("f1", 'R');
    assert_eq!(made(&h.wait(2_100)), vec![mv(&p, "Rf1")]);
}

#[test]
fn queenside_castling_for_black() {
    let p = pos("r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/R3KBNR b KQkq - 6 5");
    for kind in ALL_KINDS {
        let mut h = Hand::new(p.clone(), kind);
        h.lift("e8");
        h.place("c8", 'k');
        h.lift("a8");
        let ev = h.place("d8", 'r');
        assert_eq!(made(&ev), vec![mv(&p, "O-O-O")], "{kind:?}");
    }
}

#[test]
fn en_passant_in_either_order() {
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let exf6 = mv(&p, "exf6");
    assert!(exf6.is_en_passant());
    for kind in ALL_KINDS {
        let mut h = Hand::new(p.clone(), kind);
        h.lift("e5");
        h.place("f6", 'P');
        assert_eq!(made(&h.lift("f5")), vec![exf6], "{kind:?} own pawn first");

        let mut h = Hand::new(p.clone(), kind);
        h.lift("f5");
        h.lift("e5");
        let ev = h.place("f6", 'P');
        assert_eq!(made(&ev), vec![exf6], "{kind:?} captured pawn first");
        assert!(breaches(&ev).is_empty());
    }
}

const PROMOTE: &str = "1n4k1/4P3/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn promotion_on_an_identifying_board_reads_the_new_piece() {
    let p = pos(PROMOTE);
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    h.lift("e7");
    let ev = h.place("e8", 'N');
    assert_eq!(made(&ev), vec![mv(&p, "e8=N")]);
    // 4.6: the new piece may be put down before the pawn is taken off.
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    assert!(made(&h.place("e8", 'Q')).is_empty());
    assert_eq!(made(&h.lift("e7")), vec![mv(&p, "e8=Q")]);
}

#[test]
fn promotion_on_an_occupancy_board_asks_and_waits() {
    let p = pos(PROMOTE);
    for kind in [BoardKind::OccupancyOnly, BoardKind::OccupancyAndColour] {
        let mut h = Hand::new(p.clone(), kind);
        h.lift("e7");
        let ev = h.place("e8", 'W');
        assert_eq!(
            ev,
            vec![TrackerEvent::PromotionAsked {
                from: Square::E7,
                to: Square::E8
            }],
            "{kind:?}"
        );
        assert!(
            h.wait(5_000).is_empty(),
            "{kind:?}: it waits, no mismatch, no guess"
        );
        let ev = h.t.choose_promotion(Role::Rook);
        assert_eq!(made(&ev), vec![mv(&p, "e8=R")], "{kind:?}");
        assert!(breaches(&ev).is_empty());
    }
}

#[test]
fn a_touched_man_put_back_still_binds() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::OccupancyOnly);
    h.lift("g1");
    let ev = h.place("g1", '?');
    assert_eq!(ev, vec![TrackerEvent::Adjusting { square: Square::G1 }]);
    assert!(made(&h.wait(5_000)).is_empty());
    assert!(matches!(
        h.t.obligation(),
        Obligation::OneOf {
            why: Reason::MoveTouched(Square::G1),
            ..
        }
    ));
    h.lift("e2");
    let ev = h.place("e4", '?');
    assert_eq!(
        made(&ev),
        vec![mv(&start, "e4")],
        "the board's move is reported"
    );
    match &breaches(&ev)[..] {
        [TrackerEvent::TouchMoveBreach {
            played,
            obligation: Obligation::OneOf { moves, why },
        }] => {
            assert_eq!(*played, mv(&start, "e4"));
            assert_eq!(*why, Reason::MoveTouched(Square::G1));
            assert_eq!(moves.len(), 2, "Nf3 or Nh3");
        }
        other => panic!("expected one breach, got {other:?}"),
    }
}

#[test]
fn i_adjust_forgives_the_touch() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::OccupancyOnly);
    h.lift("g1");
    h.place("g1", '?');
    h.t.forgive_touch(Square::G1);
    h.lift("e2");
    let ev = h.place("e4", '?');
    assert_eq!(made(&ev), vec![mv(&start, "e4")]);
    assert!(breaches(&ev).is_empty());
}

#[test]
fn the_first_own_man_touched_binds_even_when_moved_second() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::IdentifiesPieces);
    h.lift("b1");
    h.lift("g1");
    h.place("b1", 'N');
    let ev = h.place("f3", 'N');
    assert_eq!(made(&ev), vec![mv(&start, "Nf3")]);
    assert_eq!(breaches(&ev).len(), 1, "{ev:?}");
}

#[test]
fn a_take_back_returns_to_the_previous_position() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::OccupancyOnly);
    h.lift("g1");
    h.place("f3", '?');
    assert_eq!(h.t.expected().turn(), Color::Black);
    h.lift("f3");
    let mut ev = h.place("g1", '?');
    ev.extend(h.wait(700));
    assert_eq!(
        ev.last(),
        Some(&TrackerEvent::TakeBack {
            undone: mv(&start, "Nf3")
        })
    );
    assert_eq!(h.t.expected(), &start);
    // And the game goes on from there.
    h.lift("e2");
    assert_eq!(made(&h.place("e4", '?')), vec![mv(&start, "e4")]);
}

#[test]
fn a_move_taken_back_elsewhere_is_not_made_again_from_the_board_that_still_shows_it() {
    // 1.f3 e5 2.g4 on the pegboard, 2...Qh4# typed and copied; then the players take the
    // mate back (issue 24.1 allows it). The board still shows the queen on h4: that is the
    // board to be put back, not the mate played again.
    let before = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let qh4 = mv(&before, "Qh4#");
    let after = before.play(&qh4).unwrap();
    for kind in [BoardKind::OccupancyOnly, BoardKind::IdentifiesPieces] {
        let q = if kind == BoardKind::IdentifiesPieces {
            'q'
        } else {
            '?'
        };
        let mut h = Hand::new(before.clone(), kind);
        h.t.game_advanced(after.clone(), h.now);
        h.lift("d8");
        assert_eq!(h.place("h4", q), vec![TrackerEvent::PositionCorrect]);
        let mut ev = h.t.game_advanced(before.clone(), h.now);
        ev.extend(h.wait(3_100));
        assert!(made(&ev).is_empty(), "{kind:?}: {ev:?}");
        assert_eq!(h.t.expected(), &before);
        assert!(
            ev.iter()
                .any(|e| matches!(e, TrackerEvent::Mismatch { .. })),
            "{kind:?}: {ev:?}"
        );
        let guidance = ev.iter().find_map(|e| match e {
            TrackerEvent::Guidance { fixes } => Some(fixes[0].to_string()),
            _ => None,
        });
        assert_eq!(
            guidance.as_deref(),
            Some("move the black queen from h4 to d8"),
            "{kind:?}: {ev:?}"
        );
        // Put back: no touch of the queen, the board right again.
        assert!(h.lift("h4").is_empty());
        assert_eq!(h.place("d8", q), vec![TrackerEvent::PositionCorrect]);
        // Played again on the board, the same move is made.
        h.lift("d8");
        let ev = h.place("h4", q);
        let mut ev2 = ev.clone();
        ev2.extend(h.wait(700));
        assert_eq!(made(&ev2), vec![qh4], "{kind:?}: {ev2:?}");
    }
}

/// A resumed game: the board's tracker is made at the position after 1.e4 and told the
/// game's moves. The players agree to take 1.e4 back while the board still shows it: that
/// is the board to put back, not 1.e4 made again at once (a play-through saw it replayed,
/// and the take-back lost, after every resume).
#[test]
fn a_move_taken_back_in_a_resumed_game_is_not_made_again_from_the_board() {
    let start = Position::new();
    let e4 = mv(&start, "e4");
    let after = start.play(&e4).unwrap();
    for kind in [BoardKind::OccupancyOnly, BoardKind::IdentifiesPieces] {
        let mut h = Hand::new(after.clone(), kind);
        h.t.set_history(vec![(start.clone(), e4)]);
        assert!(h
            .send(SensorEvent::Snapshot(reading_of(after.board(), kind)))
            .is_empty());
        let mut ev = h.t.game_advanced(start.clone(), h.now);
        ev.extend(h.wait(3_100));
        assert!(made(&ev).is_empty(), "{kind:?}: {ev:?}");
        assert_eq!(h.t.expected(), &start);
        let guidance = ev.iter().find_map(|e| match e {
            TrackerEvent::Guidance { fixes } => Some(fixes[0].to_string()),
            _ => None,
        });
        assert_eq!(
            guidance.as_deref(),
            Some("move the white pawn from e4 to e2"),
            "{kind:?}: {ev:?}"
        );
        // A history that does not lead to the game's position is no history of it.
        let mut h = Hand::new(after.clone(), kind);
        h.t.set_history(vec![(start.clone(), mv(&start, "d4"))]);
        h.send(SensorEvent::Snapshot(reading_of(after.board(), kind)));
        let mut ev = h.t.game_advanced(start.clone(), h.now);
        ev.extend(h.wait(3_100));
        assert_eq!(made(&ev), vec![e4], "{kind:?}: {ev:?}");
    }
}

/// A board restarted in the middle of a game (or unplugged while men were moved) comes back
/// at the start position. What it shows then was not done on it just now: no man is
/// touched, nothing is made, the board is to be put right; and once it is, the player on
/// move is bound by nothing (a play-through saw three touches said, one journaled, and the
/// next move called a touch-move breach).
#[test]
fn a_board_found_changed_when_it_reconnects_is_put_right_not_touched() {
    let start = Position::new();
    let mut game = start.clone();
    for m in ["e4", "c5", "Nf3"] {
        game = game.play(&mv(&game, m)).unwrap();
    }
    for kind in [BoardKind::IdentifiesPieces, BoardKind::OccupancyOnly] {
        let mut h = Hand::new(game.clone(), kind);
        assert!(h
            .send(SensorEvent::Snapshot(reading_of(game.board(), kind)))
            .is_empty());
        h.t.connected();
        let mut ev = h.send(SensorEvent::Snapshot(reading_of(start.board(), kind)));
        ev.extend(h.wait(3_100));
        assert!(
            !ev.iter().any(|e| matches!(
                e,
                TrackerEvent::Touched { .. }
                    | TrackerEvent::MoveMade { .. }
                    | TrackerEvent::CaptureUnseen { .. }
            )),
            "{kind:?}: {ev:?}"
        );
        assert!(h.t.touches().is_empty(), "{kind:?}");
        assert!(
            ev.iter()
                .any(|e| matches!(e, TrackerEvent::Mismatch { .. })),
            "{kind:?}: {ev:?}"
        );
        assert!(
            ev.iter()
                .any(|e| matches!(e, TrackerEvent::Guidance { .. })),
            "{kind:?}: {ev:?}"
        );
        let ev = h.send(SensorEvent::Snapshot(reading_of(game.board(), kind)));
        assert_eq!(ev, vec![TrackerEvent::PositionCorrect], "{kind:?}");
        h.lift("b8");
        let knight = if kind == BoardKind::IdentifiesPieces {
            'n'
        } else {
            '?'
        };
        let mut ev = h.place("c6", knight);
        ev.extend(h.wait(700));
        assert_eq!(made(&ev), vec![mv(&game, "Nc6")], "{kind:?}: {ev:?}");
        assert!(breaches(&ev).is_empty(), "{kind:?}: {ev:?}");
    }
}

#[test]
fn a_board_turned_round_is_detected_from_the_start_position_and_remembered() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::IdentifiesPieces);
    let raw = Snapshot::from_board(start.board()).rotated();
    assert_eq!(
        h.send(SensorEvent::Snapshot(raw)),
        vec![TrackerEvent::Rotated]
    );
    // The player pushes e2-e4; the board reports the mirrored squares d7 and d5.
    h.send(SensorEvent::Lifted(Square::E2.rotate()));
    let ev = h.send(SensorEvent::Placed {
        square: Square::E4.rotate(),
        sensed: Sensed::Piece(piece('P')),
    });
    assert_eq!(made(&ev), vec![mv(&start, "e4")]);

    // A board the right way round says nothing about orientation.
    let mut h = Hand::new(start.clone(), BoardKind::OccupancyOnly);
    let ev = h.send(SensorEvent::Snapshot(Snapshot::occupancy_of(start.board())));
    assert!(ev.is_empty(), "{ev:?}");
}

#[test]
fn later_snapshots_are_read_as_changes() {
    // A board that sends a whole occupancy frame on every change (LiBoard).
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::OccupancyOnly);
    let mut board = *start.board();
    h.send(SensorEvent::Snapshot(Snapshot::occupancy_of(&board)));
    board.remove_piece_at(Square::G1);
    let ev = h.send(SensorEvent::Snapshot(Snapshot::occupancy_of(&board)));
    assert!(matches!(
        ev[..],
        [TrackerEvent::Touched {
            square: Square::G1,
            ..
        }]
    ));
    board.set_piece_at(Square::F3, piece('N'));
    let ev = h.send(SensorEvent::Snapshot(Snapshot::occupancy_of(&board)));
    assert_eq!(made(&ev), vec![mv(&start, "Nf3")]);
}

#[test]
fn guidance_wording() {
    let target = *pos("r1bqkbnr/pppp1ppp/8/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3").board();
    // A black knight still on c6 and the bishop still on f1, on a board that knows men.
    let mut sensed = Snapshot::from_board(&target);
    sensed.set(Square::C6, Sensed::Piece(piece('n')));
    sensed.set(Square::B5, Sensed::Empty);
    sensed.set(Square::F1, Sensed::Piece(piece('B')));
    let words: Vec<String> = fixes(&target, &sensed)
        .iter()
        .map(|f| f.to_string())
        .collect();
    assert_eq!(
        words,
        vec![
            "move the white bishop from f1 to b5",
            "remove the black knight from c6",
        ]
    );
    // Without the bishop on f1 at all, it is "put".
    sensed.set(Square::F1, Sensed::Empty);
    let words: Vec<String> = fixes(&target, &sensed)
        .iter()
        .map(|f| f.to_string())
        .collect();
    assert_eq!(
        words,
        vec![
            "remove the black knight from c6",
            "put the white bishop on b5"
        ]
    );
    // Occupancy alone cannot name the extra man.
    let mut occ = Snapshot::occupancy_of(&target);
    occ.set(Square::C6, Sensed::Occupied { color: None });
    occ.set(Square::H3, Sensed::Occupied { color: None });
    let words: Vec<String> = fixes(&target, &occ).iter().map(|f| f.to_string()).collect();
    assert_eq!(
        words,
        vec!["remove the man from h3", "remove the man from c6"],
        "extra men first, a1 side first"
    );
    let mut col = Snapshot::default();
    col.set(
        Square::D4,
        Sensed::Occupied {
            color: Some(Color::Black),
        },
    );
    assert_eq!(
        fixes(&vichess::rules::Board::empty(), &col)[0].to_string(),
        "remove the black man from d4"
    );
}

#[test]
fn a_mismatch_is_reported_once_guided_occasionally_and_cleared() {
    let start = Position::new();
    let config = Config {
        mismatch_ms: 2_000,
        repeat_ms: 10_000,
        ..Config::default()
    };
    let mut h = Hand::with(start.clone(), BoardKind::IdentifiesPieces, config);
    // An extra black knight dropped on e4: neither the game nor a move.
    h.place("e4", 'n');
    let early = h.wait(1_800);
    assert!(early.is_empty(), "too early: {early:?}");
    let ev = h.wait(300);
    assert_eq!(ev.len(), 2, "{ev:?}");
    match &ev[0] {
        TrackerEvent::Mismatch { differences } => {
            assert_eq!(differences.len(), 1);
            assert_eq!(differences[0].square, Square::E4);
            assert_eq!(differences[0].expected, None);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        ev[1],
        TrackerEvent::Guidance {
            fixes: vec![Fix::Remove {
                what: Sensed::Piece(piece('n')),
                square: Square::E4
            }]
        }
    );
    assert!(
        h.wait(9_000).is_empty(),
        "an identical failure is not repeated at once"
    );
    let again = h.wait(1_500);
    assert_eq!(again.len(), 1, "but it is repeated occasionally: {again:?}");
    assert!(matches!(again[0], TrackerEvent::Guidance { .. }));
    assert_eq!(h.lift("e4"), vec![TrackerEvent::PositionCorrect]);
    assert!(h.wait(20_000).is_empty());
}

#[test]
fn a_new_failure_is_said_at_once() {
    let start = Position::new();
    let mut h = Hand::new(start, BoardKind::IdentifiesPieces);
    h.place("e4", 'n');
    let first = h.wait(3_500);
    assert_eq!(first.len(), 2);
    h.place("d4", 'n');
    let ev = h.wait(3_500);
    assert!(
        ev.iter()
            .any(|e| matches!(e, TrackerEvent::Guidance { fixes } if fixes.len() == 2)),
        "{ev:?}"
    );
}

#[test]
fn the_pegboard_follows_a_move_typed_for_the_sighted_player() {
    // 1.e4 e5 2.Nf3 Nc6 on the pegboard; the assistant types 3.Bb5 for the sighted player.
    let before = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let after = before.play(&mv(&before, "Bb5")).unwrap();
    let mut h = Hand::new(before, BoardKind::OccupancyOnly);
    assert!(h.t.game_advanced(after.clone(), h.now).is_empty());
    let ev = h.wait(3_100);
    assert!(
        ev.iter()
            .any(|e| matches!(e, TrackerEvent::Guidance { fixes }
            if fixes[0].to_string() == "move the white bishop from f1 to b5")),
        "{ev:?}"
    );
    // Reproducing the opponent's move is not touching his men.
    let ev = h.lift("f1");
    assert!(ev.is_empty(), "{ev:?}");
    let ev = h.place("b5", '?');
    assert_eq!(ev, vec![TrackerEvent::PositionCorrect]);
    assert_eq!(h.t.expected(), &after);
    // Now Black's own touch counts again.
    assert!(matches!(
        h.lift("a7")[..],
        [TrackerEvent::Touched { own: true, .. }]
    ));
}

#[test]
fn a_capture_typed_for_the_opponent_is_reproduced_without_touches() {
    // The sighted player captured the pegboard player's knight: Bxf3 on an occupancy board.
    let before = pos("rn1qkbnr/ppp1pppp/8/3p4/3P2b1/5N2/PPP1PPPP/RNBQKB1R b KQkq - 2 3");
    let after = before.play(&mv(&before, "Bxf3")).unwrap();
    let mut h = Hand::new(before, BoardKind::OccupancyOnly);
    h.t.game_advanced(after.clone(), h.now);
    let mut ev = h.lift("f3");
    ev.extend(h.lift("g4"));
    ev.extend(h.place("f3", '?'));
    assert_eq!(ev, vec![TrackerEvent::PositionCorrect]);
}

#[test]
fn two_moves_the_board_cannot_tell_apart_are_asked_about() {
    // White bishop d5 can take c6 or e6; on an occupancy board both targets went out and back.
    let p = pos("4k3/8/2p1p3/3B4/8/8/8/4K3 w - - 0 1");
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    h.lift("c6");
    h.lift("e6");
    h.lift("d5");
    assert!(made(&h.place("c6", '?')).is_empty());
    assert!(made(&h.place("e6", '?')).is_empty());
    let ev = h.wait(700);
    match &ev[..] {
        [TrackerEvent::MoveAmbiguous { candidates }] => {
            assert_eq!(candidates.len(), 2);
            assert!(candidates.contains(&mv(&p, "Bxe6")));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(made(&h.t.choose(&mv(&p, "Bxe6"))), vec![mv(&p, "Bxe6")]);
}

#[test]
fn two_boards_say_which_differs_and_how_to_fix_it() {
    let game = pos("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    let sighted = Snapshot::from_board(game.board());
    let mut peg = Snapshot::occupancy_of(game.board());
    let report = compare(game.board(), &peg, &sighted);
    assert!(report.all_agree());
    assert_eq!(report.to_string(), "both boards match the game");

    // The pegboard still has the bishop on f1.
    peg.set(Square::B5, Sensed::Empty);
    peg.set(Square::F1, Sensed::Occupied { color: None });
    let report = compare(game.board(), &peg, &sighted);
    assert!(report.sighted.is_empty());
    assert_eq!(report.between, vec![Square::F1, Square::B5]);
    assert_eq!(
        report.first(),
        Some((
            Which::Pegboard,
            Fix::Move {
                piece: piece('B'),
                from: Square::F1,
                to: Square::B5
            }
        ))
    );
    assert_eq!(
        report.to_string(),
        "the pegboard differs on f1: move the white bishop from f1 to b5"
    );

    // The sighted board lacks the knight on c6 instead.
    let peg = Snapshot::occupancy_of(game.board());
    let mut sighted = Snapshot::from_board(game.board());
    sighted.set(Square::C6, Sensed::Empty);
    let report = compare(game.board(), &peg, &sighted);
    assert_eq!(
        report.to_string(),
        "the sighted player's board differs on c6: put the black knight on c6"
    );
}

#[test]
fn scoresheets_agree_up_to_the_first_difference() {
    let p = Position::new();
    let e4 = mv(&p, "e4");
    let d4 = mv(&p, "d4");
    let after = p.play(&e4).unwrap();
    let e5 = mv(&after, "e5");
    assert_eq!(agreed_prefix(&[e4, e5], &[e4, e5]), 2);
    assert_eq!(agreed_prefix(&[e4, e5], &[e4]), 1);
    assert_eq!(agreed_prefix(&[e4], &[d4]), 0);
}

#[test]
fn on_its_owners_board_a_lift_out_of_turn_is_not_a_touch() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::OccupancyOnly);
    h.t.set_owner(Some(Color::White));
    h.lift("e2");
    h.place("e4", '?');
    // Black's turn: the white player feels and lifts his knight.
    assert!(h.lift("g1").is_empty());
    assert!(h.t.touches().is_empty());
    h.place("g1", '?');
    // The sighted player's reply arrives typed; reproducing it is not a touch either.
    let after_e4 = h.t.expected().clone();
    let after_e5 = after_e4.play(&mv(&after_e4, "e5")).unwrap();
    h.t.game_advanced(after_e5.clone(), h.now);
    assert!(h.lift("e7").is_empty());
    assert_eq!(h.place("e5", '?'), vec![TrackerEvent::PositionCorrect]);
    // White on move again: his lifts are touches.
    assert!(matches!(
        h.lift("g1")[..],
        [TrackerEvent::Touched { own: true, .. }]
    ));
}

/// One board for both players: the opponent's man lifted on the owner's board is no touch,
/// but it is in a hand (its promotion piece may be named). With a second board at the table
/// the opponent moves there, and a lift here says nothing.
#[test]
fn on_a_board_for_both_the_opponents_lift_is_a_man_in_hand() {
    for two_boards in [false, true] {
        let mut h = Hand::new(Position::new(), BoardKind::OccupancyOnly);
        h.t.set_owner(Some(Color::White));
        h.t.set_two_boards(two_boards);
        h.lift("e2");
        h.place("e4", '?');
        h.wait(700);
        let lifted = h.lift("e7");
        match two_boards {
            false => assert_eq!(lifted, vec![TrackerEvent::InHand { square: Square::E7 }]),
            true => assert!(lifted.is_empty(), "{lifted:?}"),
        }
        assert!(h.t.touches().is_empty());
        if !two_boards {
            // A man in the hand of the side to move is thought about, not a wrong board:
            // no mismatch after the usual 3 s (as for the owner's own man in hand).
            let held = h.wait(4_000);
            assert!(
                !held.iter().any(|e| matches!(
                    e,
                    TrackerEvent::Mismatch { .. } | TrackerEvent::Guidance { .. }
                )),
                "{held:?}"
            );
        }
    }
}

#[test]
fn the_game_advancing_by_this_boards_own_move_changes_nothing() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::IdentifiesPieces);
    h.lift("e2");
    h.place("e4", 'P');
    let now = h.t.expected().clone();
    assert!(h.t.game_advanced(now, h.now).is_empty());
    // The take-back is still possible: the history was kept.
    h.lift("e4");
    h.place("e2", 'P');
    assert!(matches!(h.wait(700)[..], [TrackerEvent::TakeBack { .. }]));
}

#[test]
fn a_board_found_wrong_on_connecting_is_guided_into_place() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::IdentifiesPieces);
    let mut board = *start.board();
    board.remove_piece_at(Square::D1);
    assert!(h
        .send(SensorEvent::Snapshot(Snapshot::from_board(&board)))
        .is_empty());
    let ev = h.wait(3_100);
    assert_eq!(
        ev.last(),
        Some(&TrackerEvent::Guidance {
            fixes: vec![Fix::Put {
                piece: piece('Q'),
                square: Square::D1
            }]
        })
    );
    assert_eq!(h.place("d1", 'Q'), vec![TrackerEvent::PositionCorrect]);
}

#[test]
fn events_read_as_plain_english() {
    let start = Position::new();
    let mut h = Hand::new(start.clone(), BoardKind::IdentifiesPieces);
    let touched = h.lift("g1");
    assert_eq!(touched[0].to_string(), "touched the white knight on g1");
    h.place("g1", 'N');
    h.lift("e2");
    let words: Vec<String> = h.place("e4", 'P').iter().map(|e| e.to_string()).collect();
    assert_eq!(words.len(), 2, "{words:?}");
    assert_eq!(words[0], "move made: e2-e4");
    assert!(
        words[1].starts_with("touch-move: e2-e4 was played, but the player was bound to Ng1-"),
        "{}",
        words[1]
    );
    assert!(words[1].contains("Ng1-f3") && words[1].contains(" or "));
    assert_eq!(
        TrackerEvent::PositionCorrect.to_string(),
        "position correct"
    );
}

#[test]
fn a_promotion_piece_named_in_advance_is_used_when_the_board_shows_the_promotion() {
    let p = pos(PROMOTE);
    let mut h = Hand::new(p.clone(), BoardKind::OccupancyOnly);
    assert!(h.t.choose_promotion(Role::Knight).is_empty());
    h.lift("e7");
    assert_eq!(made(&h.place("e8", '?')), vec![mv(&p, "e8=N")]);
}

#[test]
fn guidance_follows_the_player_step_by_step() {
    // Two extra men: after the first is removed, the next step comes after a short pause.
    let mut h = Hand::new(Position::new(), BoardKind::IdentifiesPieces);
    h.place("e4", 'n');
    h.place("d4", 'n');
    assert_eq!(h.wait(3_100).len(), 2);
    h.lift("d4");
    let ev = h.wait(1_100);
    assert_eq!(
        ev.last(),
        Some(&TrackerEvent::Guidance {
            fixes: vec![Fix::Remove {
                what: Sensed::Piece(piece('n')),
                square: Square::E4
            }]
        }),
        "{ev:?}"
    );
}

#[test]
fn readings_that_show_nothing_new_do_not_hold_up_a_settling_move() {
    // A Certabo board streams a full reading several times a second; each used to restart
    // the slider's settle wait, so Bb5 was never made.
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    h.send(SensorEvent::Snapshot(Snapshot::from_board(p.board())));
    let mut board = *p.board();
    let bishop = board.remove_piece_at(Square::C4).unwrap();
    board.set_piece_at(Square::B5, bishop);
    let mut ev = Vec::new();
    for _ in 0..5 {
        ev.extend(h.send(SensorEvent::Snapshot(Snapshot::from_board(&board))));
        ev.extend(h.wait(100));
    }
    assert_eq!(made(&ev), vec![mv(&p, "Bb5")], "{ev:?}");
}

#[test]
fn readings_that_show_nothing_new_do_not_hold_up_the_mismatch_guidance() {
    let p = pos(ITALIAN);
    let mut h = Hand::new(p.clone(), BoardKind::IdentifiesPieces);
    h.send(SensorEvent::Snapshot(Snapshot::from_board(p.board())));
    let mut board = *p.board();
    // A man that has no business on d4 (not one held in the hand: that waits longer).
    board.set_piece_at(Square::D4, piece('Q'));
    let mut ev = Vec::new();
    for _ in 0..20 {
        ev.extend(h.send(SensorEvent::Snapshot(Snapshot::from_board(&board))));
        ev.extend(h.wait(200));
    }
    assert!(
        ev.iter()
            .any(|e| matches!(e, TrackerEvent::Mismatch { .. })),
        "{ev:?}"
    );
}

/// An occupancy-only board reads the start position the same either way round; a lift alone
/// no longer decides which way it stands. A blind player who first feels an opponent's
/// pawn (e7, put back) keeps a board read the right way, and White's move after it is
/// White's (the lift read the board as turned round, for the whole game: a play-through).
/// A board that is turned round is still found so by its first move.
#[test]
fn feeling_an_opponents_man_first_does_not_turn_the_board_round() {
    let start = Position::new();
    // Each (lifted, put) pair in turn on a pegboard of White's just set up, then what the
    // tracker said.
    let hand = |steps: &[(&str, &str)]| {
        let mut h = Hand::new(start.clone(), BoardKind::OccupancyOnly);
        h.t.set_owner(Some(Color::White));
        h.send(SensorEvent::Snapshot(Snapshot::occupancy_of(start.board())));
        let mut ev = Vec::new();
        for (from, to) in steps {
            ev.extend(h.lift(from));
            ev.extend(h.place(to, '?'));
            ev.extend(h.wait(1_000));
        }
        ev
    };
    let ev = hand(&[("e7", "e7"), ("g1", "f3")]);
    assert!(!ev.contains(&TrackerEvent::Rotated), "{ev:?}");
    assert_eq!(made(&ev), vec![mv(&start, "Nf3")], "{ev:?}");
    // Turned round: the board numbers e2 as d7 and e4 as d5.
    let ev = hand(&[("d7", "d5")]);
    assert!(ev.contains(&TrackerEvent::Rotated), "{ev:?}");
    assert_eq!(made(&ev), vec![mv(&start, "e4")], "{ev:?}");
}
