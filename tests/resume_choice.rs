//! Which game `--resume` continues, and what it says about how the last run ended: the game
//! last started in the folder (not the journal touched last), whether the journal ended with a
//! clean stop, and a warning when the PGN beside it has moves the journal lost.

#[path = "common/play.rs"]
mod common_play;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn play(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    let games = home.join("games");
    let mut all = vec!["play", "--no-audio", "--control", "none", "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    common_play::lines_of(&common_play::run_piped(home, &all, stdin.as_bytes()))
}

fn journals(home: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(home.join("games"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .collect();
    v.sort();
    v
}

#[test]
fn resume_continues_the_game_last_started_not_the_journal_touched_last() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &["--white", "Older"], "e4\nquit\n");
    play(home.path(), &["--white", "Newer"], "d4\nquit\n");
    let older = journals(home.path())
        .into_iter()
        .find(|p| p.to_string_lossy().contains("Older"))
        .unwrap();
    // Someone opens the older journal and saves it: it is now the newest file.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let text = std::fs::read(&older).unwrap();
    std::fs::write(&older, text).unwrap();
    let out = play(home.path(), &["--resume"], "moves\nquit\n");
    assert!(out.iter().any(|l| l == "1. d4"), "{out:?}");
    assert!(!out.iter().any(|l| l == "1. e4"), "{out:?}");
}

#[test]
fn a_resume_says_whether_the_journal_ended_cleanly_and_warns_of_lost_moves() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &[], "e4\ne5\nquit\n");
    let clean = play(home.path(), &["--resume"], "quit\n");
    assert!(
        !clean.iter().any(|l| l.contains("endete nicht sauber")),
        "{clean:?}"
    );
    // A cut on a line boundary: the last records (the clean stop and Black's move) are gone.
    let journal = journals(home.path()).pop().unwrap();
    let text = std::fs::read_to_string(&journal).unwrap();
    let keep: Vec<&str> = text.lines().take_while(|l| !l.ends_with(" e7e5")).collect();
    std::fs::write(&journal, keep.join("\n") + "\n").unwrap();
    let out = play(home.path(), &["--resume"], "moves\nquit\n");
    assert!(
        out.iter().any(|l| l.contains("endete nicht sauber")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l
                .contains("the PGN beside the journal has 2 half-moves but the journal only 1")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l == "1. e4"), "{out:?}");
}

#[test]
fn a_journal_torn_in_its_first_lines_is_refused_unchanged_never_said_to_go_on() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &[], "e4\nquit\n");
    let journal = journals(home.path()).pop().unwrap();
    let text = std::fs::read_to_string(&journal).unwrap();
    // Cut in the middle of line 2, the game's begin record.
    let second_line_start = text.find('\n').unwrap() + 1;
    let cut = &text.as_bytes()[..second_line_start + 10];
    std::fs::write(&journal, cut).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--no-audio", "--resume", "--game-dir"])
        .arg(home.path().join("games"))
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("first two lines"), "{said}");
    assert!(!said.contains("goes on"), "{said}");
    assert_eq!(
        std::fs::read(&journal).unwrap(),
        cut,
        "the journal was changed"
    );
}

#[test]
fn a_finished_game_is_resumed_only_when_asked_and_the_game_is_named() {
    let home = tempfile::tempdir().unwrap();
    play(
        home.path(),
        &["--white", "Anna", "--black", "Bella"],
        "f3\ne5\ng4\nQh4#\n",
    );
    let games = home.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--resume",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let out = common_play::run_piped(home.path(), &args, b"quit\n");
    assert!(!out.status.success(), "a finished game was resumed");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Anna – Bella") && err.contains("is finished (0-1)"),
        "{err}"
    );
    let mut asked = args.to_vec();
    asked.push("--resume-finished");
    let lines = common_play::lines_of(&common_play::run_piped(
        home.path(),
        &asked,
        b"moves\nquit\n",
    ));
    assert!(
        lines[0].starts_with("die Partie wird fortgesetzt: Anna – Bella"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Dh4#") || l.contains("Qh4#")),
        "{lines:?}"
    );
}

#[test]
fn a_resume_speaks_at_once_not_at_the_first_key_and_says_what_it_ignores() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &[], "e4\nquit\n");
    let games = home.path().join("games");
    let (mut child, stdin, lines) = common_play::spawn_play(
        home.path(),
        &[
            "--no-audio",
            "--resume",
            "--control",
            "10+0",
            "--game-dir",
            games.to_str().unwrap(),
        ],
    );
    // Nothing typed: the player hears where the game stands all the same.
    let mut seen = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !seen
        .iter()
        .any(|l: &String| l == "Partie aus dem Protokoll fortgesetzt")
    {
        assert!(
            std::time::Instant::now() < deadline,
            "silent until a key: {seen:?}"
        );
        if let Ok(l) = lines.recv_timeout(std::time::Duration::from_millis(200)) {
            seen.push(l);
        }
    }
    assert!(
        seen.iter()
            .any(|l| l.starts_with("--control nicht beachtet")),
        "{seen:?}"
    );
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
