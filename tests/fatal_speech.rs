//! `vichess play` says a fatal error aloud as well as printing it, heard on a private
//! PulseAudio daemon's null sink through system speech (speech-dispatcher, started by the
//! program into the private runtime folder and stopped at the end). Its own file: the null
//! sink fixture is one per test process.

#![cfg(all(feature = "audio", feature = "speech"))]

use std::process::Command;
use std::time::Duration;

#[path = "common/pulse.rs"]
mod pulse;

use pulse::Pulse;

/// A game that cannot start is said aloud, not only printed: a blind player is told why
/// nothing answers.
#[test]
fn a_fatal_error_of_play_is_spoken() {
    let pulse = Pulse::start();
    let games = pulse.dir.join("no-games-here");
    std::fs::create_dir_all(&games).unwrap();
    let recording = pulse.record(&pulse.dir.join("fatal.raw"));
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--resume", "--lang", "en", "--game-dir"])
        .arg(&games)
        .env("XDG_CONFIG_HOME", pulse.dir.join("config"))
        .env("XDG_DATA_HOME", pulse.dir.join("data"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    std::thread::sleep(Duration::from_millis(600));
    let heard = recording.stop();
    pulse.stop_speech_dispatcher();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("there is no game to resume"), "{err}");
    let m = heard.measure();
    let sounding = m.seconds - m.leading_silence - m.trailing_silence;
    assert!(
        sounding > 1.0,
        "the error was not heard: {sounding:.2} s of sound ({m:?})"
    );
}
