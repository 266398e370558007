//! What the driver costs: a whole game of typed moves and presses through `session::Table`
//! (queues, deadline bookkeeping, output translation) against the same inputs handed to the
//! bare `Session` in the same run, the reference. Also the cost of one `poll_timeout`, which a
//! front end calls after every input, with a clock running and a pegboard tracker attached.
//!
//! Run: `cargo bench --bench driver`. Figures go to docs/performance.md.

use std::hint::black_box;
use std::time::{Duration, Instant};
use vichess::board::tracker::{BoardKind, Tracker};
use vichess::rules::clock::TimeControl;
use vichess::rules::Position;
use vichess::session::{BoardRole, Effect, Event, Input, Session, SessionConfig, Stamp, Table};
use vichess::voice::Pack;

/// The Opera Game (Morphy, 1858): 33 plies, captures, castling, a mate.
const GAME: &[&str] = &[
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
    "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
    "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
];

fn session(pack: &Pack) -> Session {
    let control = TimeControl::parse("5400+30").unwrap();
    Session::new(
        SessionConfig::default(),
        pack.clone(),
        Position::new(),
        Some(control),
    )
}

fn lines() -> Vec<&'static str> {
    GAME.iter().flat_map(|m| [*m, "press"]).collect()
}

fn bare(pack: &Pack) -> usize {
    let mut s = session(pack);
    let mut n = 0;
    for (i, l) in lines().into_iter().enumerate() {
        let effects = s.handle(Event::Line(l.into()), Stamp::from_millis(i as u64 * 1000));
        // A board sync becomes output only for a connected board; this table has none.
        n += effects
            .iter()
            .filter(|e| !matches!(e, Effect::BoardSync { .. }))
            .count();
    }
    n
}

fn driven(pack: &Pack) -> usize {
    let mut t = Table::new(session(pack));
    let mut n = 0;
    for (i, l) in lines().into_iter().enumerate() {
        let now = Stamp::from_millis(i as u64 * 1000);
        t.handle(Input::Line(l.into()), now);
        while t.poll_output().is_some() {
            n += 1;
        }
        black_box(t.poll_timeout());
    }
    n
}

/// Fastest of `rounds` runs of `f`.
fn fastest(rounds: usize, mut f: impl FnMut() -> usize) -> Duration {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap()
}

fn main() {
    let pack = Pack::open("de-fide").expect("the de-fide pack");
    assert_eq!(
        bare(&pack),
        driven(&pack),
        "both paths give the same outputs"
    );
    // Interleaved rounds, so both see the same load.
    let (mut b, mut d) = (Duration::MAX, Duration::MAX);
    for _ in 0..5 {
        b = b.min(fastest(20, || bare(&pack)));
        d = d.min(fastest(20, || driven(&pack)));
    }
    let plies = GAME.len() as f64;
    println!(
        "a {}-ply game, typed with presses: bare session {:.1} µs/ply, through the driver {:.1} µs/ply; driver/bare {:.2}",
        GAME.len(),
        b.as_secs_f64() * 1e6 / plies,
        d.as_secs_f64() * 1e6 / plies,
        d.as_secs_f64() / b.as_secs_f64()
    );

    let mut table = Table::new(session(&pack));
    let mut tracker = Tracker::new(Position::new(), BoardKind::OccupancyOnly);
    tracker.set_owner(Some(vichess::rules::Color::White));
    table.add_board(BoardRole::Pegboard, tracker);
    table.handle(Input::Line("start".into()), Stamp::ZERO);
    while table.poll_output().is_some() {}
    let n = 100_000u32;
    let t = Instant::now();
    for _ in 0..n {
        black_box(table.poll_timeout());
    }
    println!(
        "poll_timeout with a running clock and a pegboard tracker: {:.0} ns",
        t.elapsed().as_secs_f64() * 1e9 / f64::from(n)
    );
}
