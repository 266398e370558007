//! Issue 24, item 13: with `[speech] output = "screen-reader"` vichess makes no sound of its
//! own: it opens no sound device and no system speech, prints no "no sound" or "voice" line,
//! and nothing reaches standard error (no ALSA noise from a device it should not have opened).

#[path = "common/play.rs"]
mod common_play;

use std::process::{Command, Stdio};
use vichess::phrase::token::{Token, Word};
use vichess::voice::Pack;

/// A configuration asking for the screen reader, with both audiences routed to a device no
/// system has: opening it would fail and be said ("no sound"), so a line about it shows that
/// vichess tried.
const SCREEN_READER: &str = "[speech]\noutput = \"screen-reader\"\n\n\
     [audio.public]\ndevice = \"no-such-device-vichess\"\n\n\
     [audio.player]\ndevice = \"no-such-device-vichess\"\n";

#[test]
fn screen_reader_mode_opens_no_sound_and_says_nothing_about_sound() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config").join("vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), SCREEN_READER).unwrap();
    // No sound server to find: ALSA would complain on standard error if a device were opened.
    let runtime = home.path().join("runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        // No --game-dir: the first start after installing, which names the voice pack.
        .args(["play", "--lang", "en", "--control", "none"])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_RUNTIME_DIR", &runtime)
        .env_remove("PULSE_SERVER")
        .env_remove("SPEECHD_ADDRESS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vichess runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"e4\ne5\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr, "", "nothing on standard error");
    let en = Pack::builtin("en").unwrap();
    let word = |w: Word| en.text(&[Token::Word(w)]);
    let lines = common_play::lines_of(&out);
    for (what, w) in [
        ("no sound", Word::NoSound),
        ("voice", Word::VoicePack),
        ("sound not built", Word::SoundNotBuilt),
    ] {
        assert!(
            !lines.iter().any(|l| l.contains(&word(w))),
            "a {what} line: {lines:?}"
        );
    }
    // The first start still says where the games are kept, and the game was played.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&word(Word::GamesKeptIn))),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("e4")), "{lines:?}");
}
