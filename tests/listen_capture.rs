//! The microphone side of `play --listen` (issue 28) against a virtual input device: a
//! private PulseAudio's null sink, whose monitor is the default source, with a known tone
//! played into the sink by `paplay`. What the capture returns is measured: 16 kHz, the
//! tone's length and level, silence where nothing played, and nothing kept between
//! utterances. Pulseaudio missing fails the test; it never skips.

#![cfg(feature = "audio")]

#[path = "common/pulse.rs"]
mod pulse;

use std::process::Command;
use vichess::audio::Pcm;
use vichess::listen::capture::{Capture, RATE};

fn rms(s: &[i16]) -> f64 {
    if s.is_empty() {
        return 0.0;
    }
    (s.iter()
        .map(|&x| (f64::from(x) / 32768.0).powi(2))
        .sum::<f64>()
        / s.len() as f64)
        .sqrt()
}

/// Plays `pcm` into the null sink and waits until it has played.
fn play(dir: &std::path::Path, pcm: &Pcm) {
    let wav = dir.join("tone.wav");
    vichess::audio::wav::write(&wav, pcm).expect("the tone's WAV");
    let status = Command::new("paplay")
        .args(["-d", "nullsink"])
        .arg(&wav)
        .status()
        .expect("cannot start paplay (pulseaudio-utils)");
    assert!(status.success(), "paplay failed");
}

#[test]
fn an_utterance_is_recorded_from_the_default_source_as_16_khz_mono() {
    let pulse = pulse::Pulse::start_as_microphone();
    let dir = pulse.dir.join("capture");
    std::fs::create_dir_all(&dir).unwrap();
    // One second of 440 Hz at half scale.
    let rate = pulse::RATE;
    let tone = Pcm::new(
        rate,
        (0..rate)
            .map(|i| 0.5 * (i as f32 * 440.0 * std::f32::consts::TAU / rate as f32).sin())
            .collect(),
    );

    let capture = Capture::open_default(4_000).expect("the default source opens");
    // No skip: `play --listen` skips the cue's time, here every sample counts.
    capture.start(0.0);
    std::thread::sleep(std::time::Duration::from_millis(300));
    play(&dir, &tone);
    std::thread::sleep(std::time::Duration::from_millis(400));
    let got = capture.stop();
    assert!(!capture.is_recording());
    assert!(capture.take_error().is_none());

    let rate = RATE as usize;
    // Between the tone's second and the 4-second cap: the silence around it was recorded.
    assert!(
        got.len() > rate + rate / 4 && got.len() < 4 * rate,
        "{} samples",
        got.len()
    );
    // The tone: 20 ms windows louder than -20 dBFS RMS add up to about one second.
    let window = rate / 50;
    let loud: Vec<bool> = got.chunks(window).map(|w| rms(w) > 0.1).collect();
    let loud_ms = loud.iter().filter(|&&l| l).count() * 20;
    assert!((900..=1_100).contains(&loud_ms), "{loud_ms} ms of tone");
    // Its level: a sine at half scale has an RMS of 0.354 (within 3 dB through the sound
    // system's volume).
    let first = loud.iter().position(|&l| l).unwrap();
    let middle = &got[(first + 10) * window..(first + 40) * window];
    let level = rms(middle);
    assert!((0.25..=0.5).contains(&level), "tone RMS {level}");
    // Silence after it. (Before it there may be none to record: the null sink's monitor
    // is suspended, and delivers no samples, until something plays into the sink.)
    let last = loud.iter().rposition(|&l| l).unwrap();
    assert!(loud.len() - last > 5, "silence after the tone");
    assert!(rms(&got[(last + 3) * window..]) < 0.01, "silence after");

    // Nothing is kept between utterances: a tone played with no recording open is not in
    // the next one.
    play(&dir, &tone);
    std::thread::sleep(std::time::Duration::from_millis(500));
    capture.start(0.0);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let quiet = capture.stop();
    assert!(
        rms(&quiet) < 0.01,
        "the tone before the press is not recorded"
    );

    // The cap: an utterance never outgrows its longest.
    let short = Capture::open_default(300).expect("the default source opens again");
    short.start(0.0);
    play(&dir, &tone);
    assert!(
        short.is_full(),
        "a one-second tone fills a 300 ms recording"
    );
    let capped = short.stop();
    assert!(
        capped.len() <= rate * 300 / 1000 + 16,
        "{} samples",
        capped.len()
    );
    assert!(
        capped.len() >= rate * 250 / 1000,
        "{} samples",
        capped.len()
    );
}
