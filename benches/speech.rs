//! Speech speed: how much faster than real time a 60-move scoresheet is dictated, and with
//! how much memory, against the `espeak-ng` program on the same text in the same run; and the
//! processing latency from a move to its first audible sample ready for the device (p50 / p99).
//!
//! Run: `cargo bench --bench speech`. Figures go to docs/performance.md.

use std::time::{Duration, Instant};
use vichess::pgn::{read_game, GameResult, PgnGame};
use vichess::phrase::announce::move_phrase;
use vichess::rules::notation::parse_move;
use vichess::rules::Position;
use vichess::voice::dictate::{dictate, dictate_into};
use vichess::voice::render::{render, ClipBank, Part, RenderOptions, DEFAULT_GAP_MS};
use vichess::voice::Pack;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let pack = Pack::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/voices/de-fide"
    )))
    .expect("the de-fide pack");

    // Dictation, first: one cold run as `vichess scoresheet` does it, then the median of ten.
    let wav = std::env::temp_dir().join(format!("vichess-bench-{}.wav", std::process::id()));
    let (seconds, cold) = scoresheet(&pack, &wav);
    let peak = peak_mb();
    let mut runs: Vec<Duration> = (0..10).map(|_| scoresheet(&pack, &wav).1).collect();
    let _ = std::fs::remove_file(&wav);
    runs.sort();
    let median = percentile(&runs, 0.5);
    println!(
        "scoresheet, 60 moves, de-fide at {} Hz: {seconds:.1} s of audio; cold {cold:?} ({:.0}x real time), median of 10 {median:?} ({:.0}x); peak memory {peak:.1} MB",
        pack.sample_rate(),
        seconds / cold.as_secs_f64(),
        seconds / median.as_secs_f64()
    );
    match espeak_scoresheet(&pack) {
        Some((s, took)) => println!(
            "espeak-ng, the same text: {s:.1} s of audio in {took:?} ({:.0}x real time)",
            s / took.as_secs_f64()
        ),
        None => println!("espeak-ng, the same text: espeak-ng is not installed"),
    }

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
}

/// Peak resident memory of this process so far (VmHWM), in MB.
fn peak_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// A real 77-move engine game cut to its first 60 moves (120 plies): varied pieces,
/// captures, checks and castling, so many clips are used, not four.
fn sixty_moves() -> PgnGame {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/adjudicated.pgn"
    ))
    .expect("the test game");
    let full = read_game(&text).expect("a game").expect("it reads");
    let mut game = PgnGame::new(full.start.clone());
    game.main.moves = full.main.moves[..120].to_vec();
    game.result = Some(GameResult::Draw);
    game
}

/// The scoresheet dictated as `vichess scoresheet` does it: the pack loaded, every clip
/// the game needs decoded and stretched, the recording rendered at the clips' own rate.
/// Run first, in a fresh process, so the peak memory is this task's own.
fn scoresheet(pack: &Pack, out: &std::path::Path) -> (f64, Duration) {
    let game = sixty_moves();
    let before = Instant::now();
    let options = RenderOptions::speech(pack.sample_rate(), 1.0, DEFAULT_GAP_MS);
    let (bank, problems) = ClipBank::load(pack, &options);
    assert!(problems.is_empty(), "{problems:?}");
    let mut writer = vichess::audio::wav::Writer::create(out, options.rate).unwrap();
    dictate_into(&game, pack, &bank, |part| match part {
        Part::Audio(pcm) => writer.append(&pcm.samples).unwrap(),
        Part::Speak(words) => panic!("no clip for {words}"),
    });
    let seconds = writer.frames() as f64 / f64::from(options.rate);
    writer.finish().unwrap();
    (seconds, before.elapsed())
}

/// `espeak-ng` saying the same scoresheet text into a WAV file, the system engine's speed.
fn espeak_scoresheet(pack: &Pack) -> Option<(f64, Duration)> {
    let game = sixty_moves();
    let options = RenderOptions::speech(pack.sample_rate(), 1.0, DEFAULT_GAP_MS);
    let (bank, _) = ClipBank::load(pack, &options);
    let text = dictate(&game, pack, &bank).lines.join(". ");
    let out = std::env::temp_dir().join(format!("vichess-bench-{}.wav", std::process::id()));
    let start = Instant::now();
    let ok = std::process::Command::new("espeak-ng")
        .args(["-v", pack.language().code(), "-w"])
        .arg(&out)
        .arg(&text)
        .status()
        .ok()?
        .success();
    let took = start.elapsed();
    let seconds = vichess::audio::wav::read(&out).ok()?.seconds();
    let _ = std::fs::remove_file(&out);
    ok.then_some((seconds, took))
}
