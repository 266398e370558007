//! The game's names: `--white`, `--black`, `--event`, `--site`, `--round` fill the PGN's
//! seven-tag roster, the date is the day the game began, the game's files are named after the
//! players, and a resumed game keeps all of it.

#[path = "common/play.rs"]
mod common_play;

use std::path::Path;

fn play(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    let args: Vec<&str> = ["play"].iter().chain(args).copied().collect();
    common_play::lines_of(&common_play::run_piped(home, &args, stdin.as_bytes()))
}

#[test]
fn names_fill_the_pgn_roster_and_the_file_name_and_survive_a_resume() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let dir = games.to_str().unwrap();
    play(
        home.path(),
        &[
            "--no-audio",
            "--control",
            "none",
            "--game-dir",
            dir,
            "--white",
            "Anna Müller",
            "--black",
            "Bella Ivanova",
            "--event",
            "Club Championship",
            "--site",
            "Wien",
            "--round",
            "3",
        ],
        "e4\nquit\n",
    );
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .unwrap();
    let name = journal.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.contains("Anna") && name.contains("Ivanova"),
        "the file is named after the players: {name}"
    );
    // Resumed without the names on the command line: they come from the journal.
    play(
        home.path(),
        &["--no-audio", "--resume", "--game-dir", dir],
        "e5\nquit\n",
    );
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    for tag in [
        "[Event \"Club Championship\"]",
        "[Site \"Wien\"]",
        "[Round \"3\"]",
        "[White \"Anna Müller\"]",
        "[Black \"Bella Ivanova\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} missing from\n{pgn}");
    }
    let date_line = pgn
        .lines()
        .find(|l| l.starts_with("[Date "))
        .expect("a Date tag");
    let started = &name[..10]; // the file name begins with the start date, YYYY-MM-DD
    assert_eq!(
        date_line,
        format!("[Date \"{}\"]", started.replace('-', ".")),
        "{pgn}"
    );
    assert!(pgn.contains("1. e4 e5"), "{pgn}");
}

/// The same command line run again to resume (the way a player reaches for it after a
/// crash) changes nothing, so nothing is called ignored; a different name or control would
/// change the game, so each is named as ignored and the game keeps its own.
#[test]
fn a_resume_calls_ignored_only_what_would_differ() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let dir = games.to_str().unwrap();
    let same = [
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "25+10",
        "--game-dir",
        dir,
        "--white",
        "Anna Müller",
        "--round",
        "3",
    ];
    play(home.path(), &same, "e4\nquit\n");
    let resumed: Vec<&str> = same.iter().copied().chain(["--resume"]).collect();
    let lines = play(home.path(), &resumed, "e5\nquit\n");
    assert!(
        lines.iter().any(|l| l.starts_with("resuming the game")),
        "the game is resumed: {lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("ignored")),
        "the same flags are not called ignored: {lines:?}"
    );
    // The flags of `same` with `changes` (index, value) made, resumed: the lines that call
    // something ignored.
    let ignored = |changes: &[(usize, &'static str)]| -> Vec<String> {
        let mut flags: Vec<&str> = same.to_vec();
        for &(i, value) in changes {
            flags[i] = value;
        }
        flags.push("--resume");
        let lines = play(home.path(), &flags, "quit\n");
        lines
            .into_iter()
            .filter(|l| l.contains("ignored"))
            .collect()
    };
    assert_eq!(
        ignored(&[(4, "5+3"), (8, "Bella")]),
        [
            "--control, --white ignored: a resumed game keeps the time control, names and event \
          details it began with"
        ]
    );
    // Only the round given otherwise: the line is about the tags, not the time control.
    assert_eq!(
        ignored(&[(10, "4")]),
        ["--round ignored: a resumed game keeps the names and event details it began with"]
    );
    assert_eq!(
        ignored(&[(4, "10+5")]),
        ["--control ignored: a resumed game keeps the time control it began with"]
    );
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .unwrap();
    let pgn = std::fs::read_to_string(journal).unwrap();
    assert!(
        pgn.contains("[White \"Anna Müller\"]") && pgn.contains("[TimeControl \"1500+10\"]"),
        "the game keeps its own: {pgn}"
    );
}
