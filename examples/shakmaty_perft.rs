//! The speed reference for `vichess perft`: the same command line, counted by shakmaty.
//!
//! `cargo run --release --example shakmaty_perft -- [--fen FEN] [--chess960] DEPTH` prints the
//! node count alone, so `hyperfine` can time it beside `vichess perft` in one run (see
//! docs/performance.md). shakmaty is a development dependency only; this is not shipped.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut fen: Option<String> = None;
    let mut mode = CastlingMode::Standard;
    let mut depth: Option<u32> = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--fen" => fen = args.next(),
            "--chess960" => mode = CastlingMode::Chess960,
            d => depth = d.parse().ok(),
        }
    }
    let depth = depth.expect("usage: shakmaty_perft [--fen FEN] [--chess960] DEPTH");
    let pos: Chess = match fen {
        None => Chess::default(),
        Some(f) => f
            .parse::<Fen>()
            .expect("FEN")
            .into_position(mode)
            .expect("position"),
    };
    println!("{}", shakmaty::perft(&pos, depth));
    let _ = pos.turn();
}
