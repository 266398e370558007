//! The game's language: `--lang` or `[game] language` choose it, and the voice pack follows
//! it unless one is named, so a Ukrainian game is in Ukrainian words from the first move.

#[path = "common/play.rs"]
mod common_play;

use std::process::{Command, Stdio};

fn play(home: &std::path::Path, args: &[&str]) -> Vec<String> {
    let games = home.join("games");
    let mut all = vec!["play", "--no-audio", "--control", "none", "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    // The first line is the opening line (who plays, the control, whose move, help).
    let mut lines = common_play::lines_of(&common_play::run_piped(home, &all, b"e4\nquit\n"));
    lines.remove(0);
    lines
}

#[test]
fn the_language_chooses_the_words_unless_a_pack_is_named() {
    let home = tempfile::tempdir().unwrap();
    assert_eq!(play(home.path(), &["--lang", "uk"])[0], "е чотири");
    assert_eq!(play(home.path(), &["--lang", "en"])[0], "e4");
    // A pack named outright wins over the language.
    assert_eq!(
        play(home.path(), &["--lang", "uk", "--voice", "ru"])[0],
        "е четыре"
    );
    // The configuration's language alone.
    let config = home.path().join("ru.toml");
    std::fs::write(&config, "[game]\nlanguage = \"ru\"\n").unwrap();
    assert_eq!(
        play(home.path(), &["--config", config.to_str().unwrap()])[0],
        "е четыре"
    );
    // The default stays the Appendix D words.
    assert_eq!(play(home.path(), &[])[0], "Eva vier");
}

#[test]
fn an_unknown_language_is_refused_with_the_choices() {
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--no-audio", "--lang", "fr", "--game-dir"])
        .arg(home.path().join("games"))
        .env("HOME", home.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--lang fr") && err.contains("de, en, uk, ru or hy"),
        "{err}"
    );
}
