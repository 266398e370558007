//! Same inputs, same outputs, whichever front end: `vichess play` (real time, standard input)
//! and the demo's loop (`vichess demo --script`, simulated time) both run the one driver, so
//! a script of console lines gives the same transcript in both.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Moves, read-outs, refusals, a correction and a take-back: the kinds of line a game has.
const SCRIPT: &[&str] = &[
    "e4",
    "e5",
    "Springer Felix drei",
    "Nc6",
    "Bb5",
    "correct Bc4",
    "a6",
    "O-O-O",
    "Ke3",
    "where knight",
    "square e4",
    "count",
    "last 2",
    "takeback",
    "Bc4",
    "frobnicate",
    "moves",
    "repeat",
    "draw offer",
    "draw decline",
];

fn home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vichess-frontends-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn vichess(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vichess runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "vichess {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn play_and_the_demo_loop_print_the_same_transcript_for_the_same_script() {
    let script = SCRIPT.join("\n") + "\n";
    let dir = home("play");
    let games = dir.join("games");
    let played = vichess(
        &dir,
        &[
            "play",
            "--no-audio",
            "--control",
            "none",
            "--game-dir",
            games.to_str().unwrap(),
        ],
        &script,
    );
    // What only the console adds around the game: the gamepad notice and saving the PGN.
    let played: Vec<String> = played
        .into_iter()
        .filter(|l| !l.starts_with("saved ") && !l.contains("gamepad"))
        .collect();
    let dir = home("demo");
    let demoed = vichess(&dir, &["demo", "--script", "-"], &script);
    assert_eq!(played, demoed);
    // The transcript really is the game: moves, a refusal, a correction, a read-out.
    for want in [
        "Eva vier",
        "Springer Felix drei",
        "Läufer Bella fünf",
        "Korrektur: Läufer Cesar vier",
        "1. e4 e5",
    ] {
        assert!(
            demoed.iter().any(|l| l == want),
            "{want:?} missing from {demoed:#?}"
        );
    }
    assert!(
        demoed.len() > SCRIPT.len(),
        "every line is answered: {demoed:#?}"
    );
}
