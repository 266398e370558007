//! `play --listen` end to end (issue 28), as a player at a terminal uses it: F5 opens an
//! utterance, the move is said into the default input device, F5 closes it, and the move is
//! heard, checked, announced and journaled as heard. The microphone is a private
//! PulseAudio's null sink, whose monitor is the default source, and the player's voice is the
//! English pack's own clip played into it by `paplay`; the terminal is a real
//! pseudo-terminal. Pulseaudio, the recognisers' models (scripts/setup) and the pty are all
//! required: the test fails without them, it never skips.
#![cfg(all(unix, feature = "serial", feature = "audio", feature = "listen"))]

#[path = "common/announce.rs"]
mod common_announce;
#[path = "common/pulse.rs"]
mod pulse;
#[path = "common/terminal.rs"]
mod terminal;

use std::io::Write;
use std::process::Command;
use terminal::Terminal;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// F5 as an xterm sends it.
const F5: &[u8] = b"\x1b[15~";

#[test]
fn a_move_said_between_two_presses_of_f5_is_played_announced_and_journaled_as_heard() {
    let pulse = pulse::Pulse::start_as_microphone();
    let (clip, line) = common_announce::render(&pulse.dir, "knight-f3", "en", START, "Nf3");
    assert_eq!(line, "knight f3");
    // A second and a half of silence before the voice: vichess shows nothing when a press
    // opens the recording, so the voice must not start before a busy machine has read the
    // key (the silence recorded before speech is part of any utterance anyway).
    let voice = pulse.dir.join("said.wav");
    let padded = Command::new("sox")
        .arg(&clip)
        .arg(&voice)
        .args(["pad", "1.5", "0"])
        .status()
        .expect("cannot start sox (scripts/setup installs it)");
    assert!(padded.success(), "sox pad failed");

    let (mut t, _) =
        Terminal::start(&["--listen", "--no-audio", "--lang", "en", "--control", "15m"]);
    t.wait_for("greeting", |r| r.contains("White to move"));
    t.wait_for("voice input on", |r| r.starts_with("voice input: press F5"));
    t.wait_until_raw();
    t.master.write_all(F5).unwrap();
    // The cue's line: the tones themselves are not played here (`--no-audio`).
    t.wait_for("the microphone opened", |r| {
        r == "microphone on: speak after the tone"
    });
    let played = Command::new("paplay")
        .args(["-d", "nullsink"])
        .arg(&voice)
        .status()
        .expect("cannot start paplay (pulseaudio-utils)");
    assert!(played.success(), "paplay failed");
    std::thread::sleep(std::time::Duration::from_millis(400));
    t.master.write_all(F5).unwrap();
    // Heard, taken as the typed move, announced in the game's words.
    t.wait_for("the heard move announced", |r| r == "knight f3");
    let rows = t.rows();
    let at = |line: &str| rows.iter().position(|r| r == line);
    let (on, off, said) = (
        at("microphone on: speak after the tone"),
        at("microphone off"),
        at("knight f3"),
    );
    assert!(
        on.is_some() && on < off && off < said,
        "the microphone opened, closed, then the move: {rows:?}"
    );
    t.wait_until_raw();
    t.type_slowly("quit\r");
    assert!(t.wait_end().success());
    let rows = t.rows();
    assert!(
        !rows
            .iter()
            .any(|r| r.contains("not understood") || r.ends_with('?')),
        "{rows:?}"
    );
    // The journal: the hearing noted just before the move, with what was heard.
    let journal = std::fs::read_dir(t.home().join("games"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .unwrap_or_else(|| panic!("no journal: {rows:?}"));
    let lines: Vec<&str> = journal.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.split_whitespace().any(|w| w == "g1f3"))
        .unwrap_or_else(|| panic!("the move is journaled: {journal}"));
    // A journal line is "SEQ CHECKSUM KIND AT ...": here "note AT heard 0.96: Knight F3."
    let note: Vec<&str> = lines[at - 1].split_whitespace().skip(2).collect();
    assert_eq!(
        note.first(),
        Some(&"note"),
        "the hearing noted before the move: {journal}"
    );
    assert_eq!(note.get(2), Some(&"heard"), "{journal}");
    assert!(
        note.iter().any(|w| w.to_lowercase().starts_with("knight")),
        "what was heard: {journal}"
    );
    drop(t);
    drop(pulse);
}

/// With no sound server and no sound card the microphone cannot open: `play --listen` says so
/// in the game's language, the fault's kind in the pack's words and the device's name in the
/// language's quotation marks, never cpal's English ("The requested audio device is not
/// available"), and the game goes on from the keyboard.
#[test]
fn without_a_microphone_play_listen_says_why_in_the_games_language() {
    let nowhere = [
        ("PULSE_SERVER", "unix:/nonexistent/pulse/native"),
        ("ALSA_CARD", "vichess-no-such-card"),
    ];
    let (mut t, _) = Terminal::start_with(
        &["--listen", "--no-audio", "--lang", "de", "--control", "15m"],
        &nowhere,
    );
    t.wait_for("voice input off", |r| {
        r.starts_with("keine Spracheingabe (")
    });
    let rows = t.rows();
    let line = rows
        .iter()
        .find(|r| r.starts_with("keine Spracheingabe ("))
        .unwrap();
    // Which of the two depends on how the machine's ALSA answers; both are the pack's words.
    assert!(
        line.starts_with("keine Spracheingabe (das Mikrofon kann nicht aufnehmen („")
            || line == "keine Spracheingabe (auf diesem Computer gibt es kein Mikrofon)",
        "{line}"
    );
    for english in ["requested", "available", "device", "error", "\""] {
        assert!(!line.contains(english), "{line}");
    }
    // The game goes on: a typed move is played and announced.
    t.wait_until_raw();
    t.type_slowly("e4\r");
    t.wait_for("the typed move", |r| r == "Eva vier");
    t.type_slowly("quit\r");
    assert!(t.wait_end().success());
}
