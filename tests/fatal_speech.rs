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

/// Runs vichess with `args` (no display), recording the null sink meanwhile: its standard
/// error, and how many seconds of sound were heard.
fn refusal_heard(pulse: &Pulse, name: &str, args: &[&str]) -> (Option<i32>, String, f64) {
    let recording = pulse.record(&pulse.dir.join(format!("{name}.raw")));
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_CONFIG_HOME", pulse.dir.join("config"))
        .env("XDG_DATA_HOME", pulse.dir.join("data"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    recording.settle(1.0, Duration::from_secs(20));
    let m = recording.stop().measure();
    let sounding = m.seconds - m.leading_silence - m.trailing_silence;
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        sounding,
    )
}

/// A game that cannot start is said aloud, not only printed: a blind player is told why
/// nothing answers. So is a window that cannot start (no display), as play's refusal is.
#[test]
fn a_fatal_error_of_play_is_spoken() {
    let pulse = Pulse::start();
    let games = pulse.dir.join("no-games-here");
    std::fs::create_dir_all(&games).unwrap();
    let dir = games.to_str().unwrap();
    let (code, err, sounding) = refusal_heard(
        &pulse,
        "fatal",
        &["play", "--resume", "--lang", "en", "--game-dir", dir],
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("there is no game to resume"), "{err}");
    assert!(
        sounding > 1.0,
        "the error was not heard: {sounding:.2} s of sound"
    );
    if cfg!(feature = "window") {
        let (code, err, sounding) = refusal_heard(
            &pulse,
            "window",
            &["window", "--lang", "ru", "--game-dir", dir],
        );
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("нет экрана"), "{err}");
        assert!(
            sounding > 1.0,
            "the window's refusal was not heard: {sounding:.2} s of sound"
        );
    }
    pulse.stop_speech_dispatcher();
}

/// A speech engine that takes the connection and never answers (a stuck speech-dispatcher,
/// faked here by a socket that accepts and stays silent) neither holds back the printed error
/// nor hangs `play`: the line is printed once, in the game's language, and vichess gives up
/// on speech and ends by itself.
#[test]
fn a_speech_engine_that_never_answers_neither_holds_back_nor_hangs_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("speechd.sock");
    let listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let (tx, reached) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
            let _ = tx.send(());
        }
    });
    let games = dir.path().join("no-games-here");
    std::fs::create_dir_all(&games).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--resume", "--lang", "ru", "--game-dir"])
        .arg(&games)
        .env(
            "SPEECHD_ADDRESS",
            format!("unix_socket:{}", socket.display()),
        )
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    // A hang guard, not a speed test: the old code waited on the socket for ever.
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline, "vichess hung: {err}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(
        reached.try_recv().is_ok(),
        "speech was never tried, so this test proved nothing: {err}"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [format!(
            "vichess: здесь нет партии, которую можно продолжить ({})",
            games.display()
        )],
        "printed once, in Russian"
    );
}
