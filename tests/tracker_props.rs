//! Random legal games, played by a random but plausible human hand on a random kind of board
//! (possibly turned round), always come out of the tracker as exactly the game: no move more,
//! none less, no false touch-move breach, no false mismatch.

use proptest::prelude::*;
use vichess::board::tracker::{BoardKind, Config, Tracker, TrackerEvent};
use vichess::board::{Sensed, SensorEvent, Snapshot};
use vichess::rules::attacks::between;
use vichess::rules::{CastlingMode, Move, Piece, Position, Role, Square};

/// Start positions that make castling, en passant and promotion likely within a short game.
const STARTS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/1P4P1/8/2pPp3/8/8/1p4p1/4K3 w - c6 0 1",
    "r1b1k2r/1P1p2P1/8/3Pp3/8/8/1p1PP1p1/R1B1K2R w KQkq e6 0 1",
    "rnbqkb1r/ppp2ppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 4",
];

/// A small deterministic generator, seeded by proptest.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn sensed(kind: BoardKind, piece: Piece) -> Sensed {
    match kind {
        BoardKind::IdentifiesPieces => Sensed::Piece(piece),
        BoardKind::OccupancyAndColour => Sensed::Occupied {
            color: Some(piece.color),
        },
        BoardKind::OccupancyOnly => Sensed::Occupied { color: None },
    }
}

/// One step of a hand: a sensor change after a pause.
enum Step {
    Lift(Square),
    Place(Square, Piece),
}

/// How a human might make `m` on the board.
fn hand_steps(p: &Position, m: &Move, kind: BoardKind, rng: &mut Rng) -> Vec<Step> {
    let us = p.turn();
    let mut steps = Vec::new();
    let from = m.from();
    let own = p.piece_at(from).expect("a man to move");
    // Sometimes the man is lifted and put back first (a touch of the man that then moves).
    if rng.chance(15) {
        steps.push(Step::Lift(from));
        steps.push(Step::Place(from, own));
    }
    match *m {
        Move::Castle { king, rook } => {
            let side = m.castling_side().expect("castle");
            let king_to = Square::from_coords(side.king_to_file(), king.rank());
            let rook_to = Square::from_coords(side.rook_to_file(), king.rank());
            let rook_piece = Role::Rook.of(us);
            if rng.chance(50) {
                // King first, all the way (sliding over the squares on a sensor board).
                steps.push(Step::Lift(king));
                if kind == BoardKind::IdentifiesPieces && rng.chance(50) {
                    for mid in between(king, king_to) {
                        steps.push(Step::Place(mid, own));
                        steps.push(Step::Lift(mid));
                    }
                }
                steps.push(Step::Place(king_to, own));
                steps.push(Step::Lift(rook));
                steps.push(Step::Place(rook_to, rook_piece));
            } else {
                // Both men in the hand, king lifted first, then put down king first.
                steps.push(Step::Lift(king));
                steps.push(Step::Lift(rook));
                steps.push(Step::Place(king_to, own));
                steps.push(Step::Place(rook_to, rook_piece));
            }
        }
        Move::EnPassant { from, to } => {
            let captured = Square::from_coords(to.file(), from.rank());
            match rng.below(3) {
                0 => {
                    steps.push(Step::Lift(from));
                    steps.push(Step::Place(to, own));
                    steps.push(Step::Lift(captured));
                }
                1 => {
                    steps.push(Step::Lift(captured));
                    steps.push(Step::Lift(from));
                    steps.push(Step::Place(to, own));
                }
                _ => {
                    steps.push(Step::Lift(from));
                    steps.push(Step::Lift(captured));
                    steps.push(Step::Place(to, own));
                }
            }
        }
        Move::Normal {
            to,
            capture,
            promotion,
            ..
        } => {
            let lands = promotion.map_or(own, |r| r.of(us));
            if capture.is_some() {
                match rng.below(3) {
                    0 => {
                        steps.push(Step::Lift(to));
                        steps.push(Step::Lift(from));
                    }
                    1 => {
                        steps.push(Step::Lift(from));
                        steps.push(Step::Lift(to));
                    }
                    // A DGT board may never report the target empty.
                    _ if kind == BoardKind::IdentifiesPieces => steps.push(Step::Lift(from)),
                    _ => {
                        steps.push(Step::Lift(from));
                        steps.push(Step::Lift(to));
                    }
                }
                steps.push(Step::Place(to, lands));
            } else if rng.chance(20) && promotion.is_none() {
                // Out of order: the new square reported before the old one clears.
                steps.push(Step::Place(to, lands));
                steps.push(Step::Lift(from));
            } else {
                steps.push(Step::Lift(from));
                if kind == BoardKind::IdentifiesPieces && promotion.is_none() && rng.chance(50) {
                    // Sliding: every square on the way is reported.
                    for mid in path(from, to) {
                        steps.push(Step::Place(mid, own));
                        steps.push(Step::Lift(mid));
                    }
                }
                steps.push(Step::Place(to, lands));
            }
        }
    }
    steps
}

/// The squares a sliding man crosses from `from` to `to`, in order.
fn path(from: Square, to: Square) -> Vec<Square> {
    let mut squares: Vec<Square> = between(from, to).into_iter().collect();
    squares.sort_by_key(|s| s.distance(from));
    squares
}

fn run_game(start: usize, choices: &[u16], kind: BoardKind, rotated: bool, seed: u64) -> Vec<Move> {
    let mut rng = Rng(seed);
    let config = Config::default();
    let settle_ms = config.settle_ms;
    let mut pos = Position::from_fen(STARTS[start], CastlingMode::Standard).unwrap();
    let mut tracker = Tracker::with_config(pos.clone(), kind, config);
    let turn = |sq: Square| if rotated { sq.rotate() } else { sq };
    let mut now = 1_000u64;

    let mut first = Snapshot::default();
    for (sq, piece) in pos.board().pieces() {
        first.set(turn(sq), sensed(kind, piece));
    }
    let ev = tracker.handle(SensorEvent::Snapshot(first), now);
    assert_eq!(
        ev.contains(&TrackerEvent::Rotated),
        rotated,
        "orientation of a {kind:?} board: {ev:?}"
    );

    let mut played = Vec::new();
    let mut seen = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Castling, en passant and promotion are rare in random play: prefer them half the time.
        let special: Vec<Move> = legal
            .iter()
            .filter(|m| m.castling_side().is_some() || m.is_en_passant() || m.promotion().is_some())
            .copied()
            .collect();
        let m = if !special.is_empty() && c % 2 == 0 {
            special[(c as usize / 2) % special.len()]
        } else {
            legal[c as usize % legal.len()]
        };
        let mut events = Vec::new();
        let mut first_was_lift = false;
        for (i, step) in hand_steps(&pos, &m, kind, &mut rng).into_iter().enumerate() {
            // Short gaps while the man is on its way; sometimes a long think with a man in
            // the hand after the first lift.
            let pause = if i == 1 && first_was_lift && rng.chance(10) {
                1_000 + rng.below(5_000)
            } else {
                20 + rng.below(180)
            };
            // The session ticks every 50 ms whatever the board does.
            let until = now + pause;
            while now + 50 < until {
                now += 50;
                events.extend(tracker.tick(now));
            }
            now = until;
            first_was_lift |= i == 0 && matches!(step, Step::Lift(_));
            let e = match step {
                Step::Lift(sq) => SensorEvent::Lifted(turn(sq)),
                Step::Place(sq, piece) => SensorEvent::Placed {
                    square: turn(sq),
                    sensed: sensed(kind, piece),
                },
            };
            events.extend(tracker.handle(e, now));
            if let Some(role) = m.promotion() {
                if events
                    .iter()
                    .any(|e| matches!(e, TrackerEvent::PromotionAsked { .. }))
                    && !events
                        .iter()
                        .any(|e| matches!(e, TrackerEvent::MoveMade { .. }))
                {
                    assert_ne!(kind, BoardKind::IdentifiesPieces, "{m} needed no question");
                    events.extend(tracker.choose_promotion(role));
                }
            }
        }
        // The hand is off for good: past the settle time, the move is decided.
        for _ in 0..(settle_ms / 50 + 2) {
            now += 50;
            events.extend(tracker.tick(now));
        }
        for e in &events {
            match e {
                TrackerEvent::MoveMade { mv } => seen.push(*mv),
                TrackerEvent::Touched { .. }
                | TrackerEvent::Adjusting { .. }
                | TrackerEvent::PromotionAsked { .. } => {}
                other => panic!(
                    "{kind:?} rotated={rotated}, playing {m} in {}: unexpected {other:?} among {events:?}",
                    pos.board().board_fen()
                ),
            }
        }
        pos = pos.play(&m).unwrap();
        played.push(m);
        assert_eq!(seen, played, "{kind:?} rotated={rotated}: {events:?}");
        assert_eq!(tracker.expected(), &pos);
    }
    played
}

fn kind() -> impl Strategy<Value = BoardKind> {
    prop_oneof![
        Just(BoardKind::IdentifiesPieces),
        Just(BoardKind::OccupancyAndColour),
        Just(BoardKind::OccupancyOnly),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_hands_on_random_games_infer_exactly_the_game(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 1..80),
        kind in kind(),
        rotated in any::<bool>(),
        seed in any::<u64>(),
    ) {
        // An occupancy-only reading of a position looks the same turned round when the
        // position is symmetric; such a board's orientation must be configured, not detected.
        let detectable = kind != BoardKind::OccupancyOnly;
        run_game(start, &choices, kind, rotated && detectable, seed);
    }
}

/// The property is only as good as its games: make sure they hold every kind of move, on
/// every kind of board.
#[test]
fn the_random_games_hold_every_kind_of_move() {
    for kind in [
        BoardKind::IdentifiesPieces,
        BoardKind::OccupancyAndColour,
        BoardKind::OccupancyOnly,
    ] {
        let mut rng = Rng(7);
        let (mut castles, mut en_passant, mut promotions, mut captures, mut plies) =
            (0, 0, 0, 0, 0);
        for game in 0..300u64 {
            let choices: Vec<u16> = (0..60).map(|_| rng.next() as u16).collect();
            let rotated = kind != BoardKind::OccupancyOnly && game % 2 == 0;
            let moves = run_game(game as usize % STARTS.len(), &choices, kind, rotated, game);
            plies += moves.len();
            castles += moves.iter().filter(|m| m.castling_side().is_some()).count();
            en_passant += moves.iter().filter(|m| m.is_en_passant()).count();
            promotions += moves.iter().filter(|m| m.promotion().is_some()).count();
            captures += moves.iter().filter(|m| m.is_capture()).count();
        }
        eprintln!(
            "{kind:?}: {plies} plies, {captures} captures, {castles} castlings, \
             {en_passant} en passant, {promotions} promotions"
        );
        assert!(plies > 5_000, "{kind:?}: {plies} plies");
        assert!(castles >= 20, "{kind:?}: {castles} castlings");
        assert!(
            en_passant >= 20,
            "{kind:?}: {en_passant} en passant captures"
        );
        assert!(promotions >= 20, "{kind:?}: {promotions} promotions");
        assert!(captures >= 500, "{kind:?}: {captures} captures");
    }
}

#[test]
fn every_start_position_is_legal() {
    for fen in STARTS {
        Position::from_fen(fen, CastlingMode::Standard).unwrap();
    }
}
