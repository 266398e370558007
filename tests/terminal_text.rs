//! A terminal control sequence typed into a game (issue 24, item 18) is journaled as typed
//! but never reaches a terminal raw: not in `play`'s own lines (the note read back, a name, a
//! path after `save`) and not in `vichess report`, where the arbiter reads the journal.

#[path = "common/play.rs"]
mod common_play;

use std::process::Command;

/// What an attacker would type: retitle the terminal, clear it, and a C1 control sequence
/// introducer (U+009B), which some terminals obey as ESC [.
const NASTY: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m";

fn no_controls(what: &str, text: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect();
    assert!(
        bad.is_empty(),
        "{what} holds control characters {bad:?}:\n{text}"
    );
}

#[test]
fn notes_names_and_paths_are_escaped_in_play_and_in_the_report() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let saved = home.path().join(format!("x{NASTY}.pgn"));
    let script = format!(
        "e4\narbiter note see {NASTY} here\nsave {}\nquit\n",
        saved.display()
    );
    let white = format!("Anna{NASTY}");
    let args = [
        "play",
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
        "--white",
        &white,
    ];
    let out = common_play::run_piped(home.path(), &args, script.as_bytes());
    let shown = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    no_controls("play's output", &shown);
    assert!(shown.contains("see \\u{1b}]0;pwned\\u{7}"), "{shown}");
    assert!(saved.exists(), "the file is saved under the name as typed");

    let journal = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "journal"))
        .unwrap();
    // The journal keeps what was typed: it is the record, not a terminal.
    assert!(std::fs::read_to_string(&journal).unwrap().contains(NASTY));
    let report = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["report", "--lang", "en"])
        .arg(&journal)
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .output()
        .unwrap();
    assert!(report.status.success());
    let report = String::from_utf8(report.stdout).unwrap();
    no_controls("the report", &report);
    assert!(
        report.contains("arbiter's note: see \\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{9b}31m here"),
        "{report}"
    );
    assert!(report.contains("Anna\\u{1b}]0;pwned"), "{report}");
}
