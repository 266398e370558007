//! One voice from start to end: move numbers, times and counts come from every pack's own
//! clips, so a dictated scoresheet needs no speech engine at all.

use std::path::Path;
use std::process::Command;
use vichess::phrase::number::counting;
use vichess::phrase::token::Token;
use vichess::phrase::{say_duration, SayOptions};
use vichess::voice::render::{render, ClipBank, RenderOptions};
use vichess::voice::{Pack, PACK_NAMES};

fn pack(name: &str) -> Pack {
    Pack::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("voices")
            .join(name),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn move_numbers_to_300_and_every_clock_time_are_said_from_clips() {
    for name in PACK_NAMES {
        let p = pack(name);
        let (bank, problems) = ClipBank::load(&p, &RenderOptions::speech(16_000, 1.0, 40));
        assert!(problems.is_empty(), "{problems:?}");
        for n in 1..=300 {
            let words = counting(n, p.language());
            let samples = bank
                .number_words(&words)
                .unwrap_or_else(|w| panic!("{name}: move {n} ({words}): no clip for {w}"));
            let s = samples.len() as f64 / 16_000.0;
            assert!(s > 0.15 && s < 3.0, "{name}: move {n} takes {s} s");
        }
        // Every second of the first hour, the hours, and the tenths in time trouble.
        let tenths = SayOptions {
            tenths: true,
            hours: true,
        };
        for ms in (0..3_600_000u64)
            .step_by(1000)
            .chain((0..60_000).step_by(100))
        {
            let phrase = [Token::Duration(ms)];
            for opts in [SayOptions::default(), tenths] {
                let text = say_duration(ms, p.language(), opts);
                assert!(bank.number_words(&text).is_ok(), "{name}: {ms} ms ({text})");
            }
            let r = render(&phrase, &p, &bank);
            assert!(r.is_complete(), "{name}: {ms} ms: {:?}", r.speech());
        }
        for h in 1..=9 {
            let r = render(&[Token::Duration(h * 3_600_000 + 61_000)], &p, &bank);
            assert!(r.is_complete(), "{name}: {h} h: {:?}", r.speech());
        }
        assert_eq!(bank.take_fallbacks(), Vec::<String>::new(), "{name}");
        let m = render(&[Token::Duration(83_000)], &p, &bank)
            .pcm()
            .measure();
        assert!(m.seconds > 0.5 && m.clipped == 0, "{name}: {m:?}");
        assert!(m.longest_inner_silence < 0.2, "{name}: {m:?}");
    }
}

#[test]
fn a_scoresheet_is_dictated_with_no_speech_engine_on_the_path() {
    let tmp = tempfile::tempdir().unwrap();
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli/immortal.pgn");
    let voices = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices");
    for name in PACK_NAMES {
        let wav = tmp.path().join(format!("{name}.wav"));
        let o = Command::new(env!("CARGO_BIN_EXE_vichess"))
            .args(["scoresheet", game.to_str().unwrap(), "--audio"])
            .arg(&wav)
            .args(["--voice", name])
            .env("PATH", "/nonexistent")
            .env("HOME", tmp.path())
            .env("XDG_DATA_HOME", tmp.path().join("data"))
            .env("VICHESS_VOICES", &voices)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{name}: {err}");
        assert!(
            err.trim().is_empty(),
            "{name}: a word went to a speech engine: {err}"
        );
        let pcm = vichess::audio::wav::read(&wav).unwrap();
        let m = pcm.measure();
        // 23 moves and the result, every word heard: not a few seconds of moves alone.
        assert!(
            m.seconds > 30.0 && m.seconds < 150.0,
            "{name}: {} s",
            m.seconds
        );
        assert_eq!(m.clipped, 0, "{name}");
        // The 0.8 s pause after a full move and the soft ends of the words either side; a
        // word lost would leave a hole of a second and more.
        assert!(m.longest_inner_silence < 1.2, "{name}: {m:?}");
    }
}
