//! Perft speed of vichess against shakmaty, same positions, same depths, same run.
//!
//! `cargo bench --bench perft` runs the criterion benchmarks (kept short: ten samples, a few
//! seconds each) and then prints a table of nodes per second for both libraries and the ratio
//! vichess/shakmaty, timed by interleaved rounds so that both see the same machine load.
//!
//! vichess's `perft` only counts the moves on the last ply; shakmaty's lists them. So the
//! table also times `perft_listing`, which lists like shakmaty: the fair measure of the move
//! generator itself.

use criterion::{black_box, Criterion};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode as ShakMode, Chess};
use std::time::{Duration, Instant};
use vichess::rules::{perft, CastlingMode, Position};

/// A benchmark position: a name, a FEN, the depth, and the published node count at that depth
/// (checked on every run, so a fast but wrong move generator cannot pass).
struct Case {
    name: &'static str,
    fen: &'static str,
    chess960: bool,
    depth: u32,
    nodes: u64,
}

const CASES: [Case; 4] = [
    Case {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        chess960: false,
        depth: 5,
        nodes: 4_865_609,
    },
    Case {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        chess960: false,
        depth: 4,
        nodes: 4_085_603,
    },
    Case {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        chess960: false,
        depth: 5,
        nodes: 674_624,
    },
    // Chess960 perft suite, id 1 (chessprogramming.org).
    Case {
        name: "chess960",
        fen: "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 0 1",
        chess960: true,
        depth: 4,
        nodes: 667_366,
    },
];

fn ours(case: &Case) -> Position {
    let mode = if case.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Position::from_fen(case.fen, mode).unwrap_or_else(|e| panic!("{}: {e}", case.name))
}

fn theirs(case: &Case) -> Chess {
    let mode = if case.chess960 {
        ShakMode::Chess960
    } else {
        ShakMode::Standard
    };
    let fen: Fen = case.fen.parse().expect("shakmaty reads the FEN");
    fen.into_position(mode)
        .expect("shakmaty accepts the position")
}

/// Perft that lists the moves on the last ply too, as shakmaty's does: the generator against
/// the generator, without vichess's counting shortcut ([`Position::count_legal_moves`]).
fn perft_listing(pos: &Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth <= 1 {
        return if depth == 1 { moves.len() as u64 } else { 1 };
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            perft_listing(&next, depth - 1)
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    for case in &CASES {
        let (a, b) = (ours(case), theirs(case));
        assert_eq!(perft(&a, case.depth), case.nodes, "vichess {}", case.name);
        assert_eq!(
            perft_listing(&a, case.depth),
            case.nodes,
            "vichess listing {}",
            case.name
        );
        assert_eq!(
            shakmaty::perft(&b, case.depth),
            case.nodes,
            "shakmaty {}",
            case.name
        );
        let mut group = c.benchmark_group(format!("{}-depth{}", case.name, case.depth));
        group.bench_function("vichess", |bench| {
            bench.iter(|| perft(black_box(&a), case.depth))
        });
        group.bench_function("vichess-listing", |bench| {
            bench.iter(|| perft_listing(black_box(&a), case.depth))
        });
        group.bench_function("shakmaty", |bench| {
            bench.iter(|| shakmaty::perft(black_box(&b), case.depth))
        });
        group.finish();
    }
}

/// The fastest of `rounds` timings of `f`: the least disturbed by other work on the machine.
fn best_of(rounds: usize, mut f: impl FnMut() -> u64) -> Duration {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .expect("at least one round")
}

fn ratio_table() {
    println!();
    println!(
        "| position | depth | nodes | vichess Mnodes/s | vichess listing Mnodes/s | \
         shakmaty Mnodes/s | time vichess/shakmaty | time listing/shakmaty |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for case in &CASES {
        let (a, b) = (ours(case), theirs(case));
        // Interleave the two so a burst of load elsewhere hits both alike.
        let (mut ta, mut tl, mut tb) = (Duration::MAX, Duration::MAX, Duration::MAX);
        for _ in 0..5 {
            ta = ta.min(best_of(1, || perft(&a, case.depth)));
            tl = tl.min(best_of(1, || perft_listing(&a, case.depth)));
            tb = tb.min(best_of(1, || shakmaty::perft(&b, case.depth)));
        }
        let rate = |t: Duration| case.nodes as f64 / t.as_secs_f64() / 1e6;
        println!(
            "| {} | {} | {} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} |",
            case.name,
            case.depth,
            case.nodes,
            rate(ta),
            rate(tl),
            rate(tb),
            ta.as_secs_f64() / tb.as_secs_f64(),
            tl.as_secs_f64() / tb.as_secs_f64()
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench(&mut c);
    c.final_summary();
    // `cargo bench` passes --bench; `cargo test --benches` does not and only smoke-tests.
    if std::env::args().any(|a| a == "--bench") {
        ratio_table();
    }
}
