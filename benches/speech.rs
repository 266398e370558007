//! Speech speed: the processing latency from a move to its first audible sample ready for the
//! device (p50 / p99), and how much faster than real time a scoresheet is dictated.
//!
//! Run: `cargo bench --bench speech`. Figures go to docs/performance.md.

use std::time::{Duration, Instant};
use vichess::pgn::{GameResult, PgnGame, PgnMove};
use vichess::phrase::announce::move_phrase;
use vichess::rules::notation::parse_move;
use vichess::rules::Position;
use vichess::voice::dictate::dictate;
use vichess::voice::render::{render, ClipBank, Part, RenderOptions};
use vichess::voice::Pack;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let pack = Pack::open("de-fide").expect("the de-fide pack");
    let options = RenderOptions::default(); // 48 kHz, as a device runs
    let t = Instant::now();
    let (bank, problems) = ClipBank::load(&pack, &options);
    assert!(problems.is_empty(), "{problems:?}");
    println!(
        "load de-fide at 48 kHz: {:?} ({} clips)",
        t.elapsed(),
        bank.len()
    );

    // Latency: a move in a middlegame position to the rendered PCM whose first sample is
    // audible (the step before handing it to the device queue).
    let mut pos = Position::default();
    for m in [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ] {
        let mv = parse_move(&pos, m).unwrap();
        pos.play_unchecked(&mv);
    }
    let moves = pos.legal_moves();
    let mut samples = Vec::with_capacity(20_000);
    for i in 0..20_000 {
        let m = &moves[i % moves.len()];
        let start = Instant::now();
        let phrase = move_phrase(&pos, m);
        let r = render(&phrase, &pack, &bank);
        let Part::Audio(pcm) = &r.parts[0] else {
            panic!("no clip")
        };
        let first = pcm.samples.iter().position(|s| s.abs() > 1e-4).unwrap();
        std::hint::black_box(first);
        samples.push(start.elapsed());
    }
    samples.sort();
    println!(
        "move -> first audible sample ready: p50 {:?}, p99 {:?}, max {:?} ({} moves)",
        percentile(&samples, 0.5),
        percentile(&samples, 0.99),
        samples.last().unwrap(),
        samples.len()
    );

    // Scoresheet: a 60-move game (120 plies of knights going out and back), 48 kHz.
    let mut game = PgnGame::new(Position::default());
    let mut p = Position::default();
    for i in 0..120 {
        let san = ["Nf3", "Nf6", "Ng1", "Ng8"][i % 4];
        let mv = parse_move(&p, san).unwrap();
        game.main.moves.push(PgnMove::new(mv));
        p.play_unchecked(&mv);
    }
    game.result = Some(GameResult::Draw);
    let mut runs = Vec::new();
    let mut seconds = 0.0;
    for _ in 0..20 {
        let start = Instant::now();
        let d = dictate(&game, &pack, &bank);
        let pcm = d.rendered.pcm();
        runs.push(start.elapsed());
        seconds = pcm.seconds();
    }
    runs.sort();
    let median = percentile(&runs, 0.5);
    println!(
        "scoresheet, 60 moves: {seconds:.1} s of audio (moves; numbers by speech) rendered in {median:?} (median of 20): {:.0}x real time",
        seconds / median.as_secs_f64()
    );
}
