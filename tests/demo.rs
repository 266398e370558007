//! `vichess demo` end to end: the transcript holds every Appendix D element the demo promises,
//! its WAV is speech of the length the transcript implies, and played through a PulseAudio
//! null sink (a real audio device without a sound card) it is recorded with the same length
//! and energy. The sink test fails, never skips, when PulseAudio cannot be started.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use vichess::audio::wav;
#[cfg(feature = "audio")]
use vichess::audio::Pcm;

#[path = "common/pulse.rs"]
mod pulse;

/// Silence the demo puts between two phrases, in seconds (src/cli/demo.rs).
const BETWEEN_S: f64 = 0.45;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vichess-demo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn demo(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("demo")
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .output()
        .expect("vichess runs");
    assert!(
        out.status.success(),
        "vichess demo failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .expect("utf-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn position(lines: &[String], what: impl Fn(&str) -> bool, label: &str) -> usize {
    lines
        .iter()
        .position(|l| what(l))
        .unwrap_or_else(|| panic!("the transcript has no {label}:\n{}", lines.join("\n")))
}

/// The lines that were also spoken: all but the demo's narration, the scoresheet and the
/// printed result.
fn spoken(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with("demo:") && !l.starts_with("result "))
        .filter(|l| {
            !l.split_once(". ")
                .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        })
        .collect()
}

/// Bounds on the speech's length: 0.3 to 0.9 seconds a word, plus the gaps.
fn expected_seconds(spoken: &[&str]) -> (f64, f64) {
    let words: usize = spoken
        .iter()
        .map(|l| {
            l.split(|c: char| c.is_whitespace() || ";:,".contains(c))
                .filter(|w| !w.trim_matches('.').is_empty())
                .count()
        })
        .sum();
    let gaps = BETWEEN_S * (spoken.len().saturating_sub(1)) as f64;
    (gaps + 0.3 * words as f64, gaps + 0.9 * words as f64)
}

#[test]
fn the_demo_transcript_shows_every_appendix_d_element_and_its_wav_is_speech() {
    let dir = temp_dir("wav");
    let wav_path = dir.join("demo.wav");
    let out = demo(&dir, &["--wav", wav_path.to_str().unwrap()]);
    let lines = lines(&out);
    let has = |l: &str, s: &str| l.contains(s);

    // A touch on the pegboard, said privately before the move it began (D.2.2).
    let touched = position(
        &lines,
        |l| l == "berührt: weißer Springer Gustav eins",
        "touch",
    );
    let nf3 = position(
        &lines,
        |l| l == "Springer Felix drei",
        "announcement of Nf3",
    );
    assert!(touched < nf3);
    // A capture of an opponent's man is a touch of it too.
    position(
        &lines,
        |l| l == "berührt: schwarzer Bauer Eva fünf",
        "touch for capture",
    );
    // The assistant's moves announced in Appendix D words (D.2.10).
    position(&lines, |l| l == "Läufer Gustav vier", "Black's Bg4");
    // The wrong square: the mismatch, the guidance, then "position correct" (D.2.9).
    let slip = position(&lines, |l| has(l, "instead of g4"), "the slip");
    let differ = position(&lines, |l| l == "Bretter stimmen nicht überein", "mismatch");
    let guide = position(
        &lines,
        |l| {
            l == "schwarzen Läufer von Hector fünf entfernen; schwarzen Läufer auf Gustav vier setzen"
        },
        "guidance",
    );
    let fixed = lines[guide..]
        .iter()
        .position(|l| l == "Stellung stimmt")
        .expect("position correct after the guidance");
    assert!(slip < differ && differ < guide && fixed > 0);
    // The illegal attempt refused with its reason, and the game went on.
    let refused = position(
        &lines,
        |l| l == "regelwidriger Zug, Rochade nicht erlaubt",
        "refusal",
    );
    // The rules core's detail is printed in the game's language (issue 24, item 11).
    assert!(!lines[refused + 1].contains("cannot castle"));
    assert!(
        lines[refused + 1].contains("Rochade nicht möglich: "),
        "{}",
        lines[refused + 1]
    );
    position(
        &lines,
        |l| l == "Gustav sechs",
        "the move after the refusal",
    );
    // Time calls from the speaking clock, each said once.
    let calls: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Weiß: ") && !l.contains(';'))
        .collect();
    assert!(calls.len() >= 3, "time calls: {calls:?}");
    assert!(calls
        .windows(2)
        .all(|w| w[0].trim_end_matches('.') != w[1].trim_end_matches('.')));
    // The time and the move count on request (D.2.6).
    position(
        &lines,
        |l| l.starts_with("Weiß: ") && l.contains("; Schwarz: "),
        "time on request",
    );
    position(&lines, |l| l == "vier Züge", "move count");
    // The result, and the scoresheet.
    position(&lines, |l| l == "Springer David fünf Matt", "the mate");
    position(&lines, |l| l == "Ergebnis 1-0", "result");
    position(&lines, |l| l == "7. Sd5#", "scoresheet");

    // The recording: as long as the transcript's spoken lines imply, and speech-like.
    let spoken = spoken(&lines);
    assert!(spoken.len() >= 30, "{spoken:?}");
    let (low, high) = expected_seconds(&spoken);
    let pcm = wav::read(&wav_path).expect("the demo's WAV reads");
    let m = pcm.measure();
    assert!(
        (low..=high).contains(&m.seconds),
        "{:.1} s of audio, expected {low:.1} to {high:.1} s for {} spoken lines",
        m.seconds,
        spoken.len()
    );
    assert!(
        (-30.0..=-10.0).contains(&m.speech_rms_dbfs),
        "speech level {:.1} dBFS",
        m.speech_rms_dbfs
    );
    assert_eq!(m.clipped, 0);
    assert!(m.leading_silence < 0.2, "{m:?}");
    assert!(m.longest_inner_silence < 1.5, "{m:?}");
    let last = lines.last().unwrap();
    assert!(
        last.contains("written to") && last.contains("demo.wav"),
        "{last}"
    );
}

#[test]
fn without_a_sound_device_the_demo_says_so_and_writes_its_wav_here() {
    let dir = temp_dir("nodevice");
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("demo")
        .current_dir(&dir)
        .env("HOME", &dir)
        // No sound server: a runtime folder without a PulseAudio socket, an unusable ALSA card.
        .env("XDG_RUNTIME_DIR", &dir)
        .env("PULSE_SERVER", "unix:/nonexistent/pulse/native")
        .env("ALSA_CARD", "vichess-no-such-card")
        .output()
        .expect("vichess runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = lines(&out);
    assert!(
        lines[0].starts_with("demo: no sound device can be used")
            && lines[0].contains("vichess-demo.wav"),
        "{}",
        lines[0]
    );
    let pcm = wav::read(&dir.join("vichess-demo.wav")).expect("vichess-demo.wav");
    assert!(pcm.seconds() > 30.0, "{}", pcm.seconds());
}

/// The part of `pcm` from its first to its last sound.
#[cfg(feature = "audio")]
fn sounding(pcm: &Pcm) -> Pcm {
    let m = pcm.measure();
    let start = (m.leading_silence * f64::from(pcm.rate)) as usize;
    let end = pcm.len() - (m.trailing_silence * f64::from(pcm.rate)) as usize;
    Pcm::new(pcm.rate, pcm.samples[start..end].to_vec())
}

/// The excerpt played in real time through the null sink: the opening moves, a touch, a
/// guidance line and the first time call would take the whole demo's 100 seconds; three
/// moves hold a touch, announcements of both players and the board put right.
#[cfg(feature = "audio")]
const EXCERPT_MOVES: &str = "3";

#[cfg(feature = "audio")]
#[test]
fn the_demo_played_through_a_null_sink_is_recorded_as_rendered() {
    let dir = temp_dir("sink");
    let wav_path = dir.join("render.wav");
    demo(
        &dir,
        &[
            "--moves",
            EXCERPT_MOVES,
            "--wav",
            wav_path.to_str().unwrap(),
        ],
    );
    let rendered = wav::read(&wav_path).unwrap();
    assert!(
        rendered.seconds() > 5.0,
        "the excerpt has speech: {}",
        rendered.seconds()
    );

    let pulse = pulse::Pulse::start();
    let recording = pulse.record(&dir.join("rec.raw"));
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["demo", "--moves", EXCERPT_MOVES])
        .current_dir(&dir)
        .env("HOME", &dir)
        .output()
        .expect("vichess runs");
    let recorded = recording.stop();
    let lines = lines(&out);
    assert!(
        out.status.success(),
        "{}\n{}",
        lines.join("\n"),
        String::from_utf8_lossy(&out.stderr)
    );
    let last = lines.last().unwrap();
    assert!(last.contains("played on"), "the demo did not play: {last}");
    assert!(
        !dir.join("vichess-demo.wav").exists(),
        "it fell back to a file"
    );

    let (r, p) = (sounding(&rendered).measure(), sounding(&recorded).measure());
    eprintln!("rendered {r:?}\nrecorded {p:?}");
    // Played one phrase after the other: the device adds little besides its buffers.
    assert!(
        (p.seconds - r.seconds).abs() < 0.05 * r.seconds + 1.0,
        "recorded {:.1} s of sound, rendered {:.1} s",
        p.seconds,
        r.seconds
    );
    let ratio = p.energy / r.energy;
    assert!((0.7..=1.4).contains(&ratio), "energy ratio {ratio:.2}");
    assert!(p.longest_inner_silence < 1.5, "{p:?}");
}
