//! Issue 24, item 13: with `[speech] output = "screen-reader"` not even a fatal error is
//! spoken by system speech (the screen reader reads the printed line), heard on a private
//! PulseAudio daemon's null sink where `tests/fatal_speech.rs` hears it in the default mode.
//! Its own file: the null sink fixture is one per test process.

#![cfg(all(feature = "audio", feature = "speech"))]

use std::process::Command;
use std::time::Duration;

#[path = "common/pulse.rs"]
mod pulse;

use pulse::Pulse;

#[test]
fn a_fatal_error_is_not_spoken_when_a_screen_reader_speaks() {
    let pulse = Pulse::start();
    let games = pulse.dir.join("no-games-here");
    std::fs::create_dir_all(&games).unwrap();
    let config = pulse.dir.join("config").join("vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        "[speech]\noutput = \"screen-reader\"\n",
    )
    .unwrap();
    let recording = pulse.record(&pulse.dir.join("fatal.raw"));
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--resume", "--lang", "en", "--game-dir"])
        .arg(&games)
        .env("XDG_CONFIG_HOME", pulse.dir.join("config"))
        .env("XDG_DATA_HOME", pulse.dir.join("data"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    recording.settle(1.0, Duration::from_secs(20));
    let heard = recording.stop();
    pulse.stop_speech_dispatcher();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    // The reason is printed, for the screen reader, and nothing else is on stderr.
    assert!(err.contains("there is no game to resume"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let m = heard.measure();
    let sounding = m.seconds - m.leading_silence - m.trailing_silence;
    assert!(
        sounding < 0.05,
        "the error was spoken: {sounding:.2} s of sound ({m:?})"
    );
}
