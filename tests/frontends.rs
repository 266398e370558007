//! Same inputs, same outputs, whichever front end: `vichess play` (real time, standard input)
//! and the demo's loop (`vichess demo --script`, simulated time) both run the one driver, so
//! a script of console lines gives the same transcript in both.

#[path = "common/play.rs"]
mod common_play;

use std::path::{Path, PathBuf};

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
    "takeback black",
    "yes",
    "Bc4",
    "frobnicate",
    "moves",
    "repeat",
    "draw offer white",
    "draw decline",
];

fn home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vichess-frontends-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn vichess(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    common_play::lines_of(&common_play::run_piped(home, args, stdin.as_bytes()))
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
    // What only the console adds around the game: the opening line (issue 11, finding 12),
    // the gamepad notice and saving the PGN.
    assert!(
        played[0].ends_with("„hilfe“ nennt die Befehle"),
        "{played:?}"
    );
    let played: Vec<String> = played
        .into_iter()
        .skip(1)
        .filter(|l| !l.starts_with("Partie gespeichert: ") && !l.contains("gamepad"))
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
