//! SIGTERM, SIGHUP (a closed terminal) and SIGINT (Ctrl-C) sent to a real `vichess play`
//! (issue 24, item 16): the game is saved, the journal ends with the interruption as its own
//! record, the player is told in the game's language, and `--resume` says the game was
//! interrupted rather than calling it a crash.
#![cfg(unix)]

#[path = "common/play.rs"]
mod common_play;

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// Lines until one satisfies `want` (20 s at most, for a loaded machine), all returned.
fn until(lines: &Receiver<String>, want: impl Fn(&str) -> bool) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no such line in {seen:?}"));
        let done = want(&line);
        seen.push(line);
        if done {
            return seen;
        }
    }
}

fn only(dir: &Path, ext: &str) -> std::path::PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == ext))
        .unwrap_or_else(|| panic!("no .{ext} in {}", dir.display()))
}

/// Waits until the game's journal holds `text` (a record on disk); 20 s at most.
fn wait_for(games: &Path, text: &str) {
    for _ in 0..2000 {
        let found = std::fs::read_dir(games).ok().and_then(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .find(|p| p.extension().is_some_and(|x| x == "journal"))
        });
        if found
            .and_then(|j| std::fs::read_to_string(j).ok())
            .is_some_and(|t| t.contains(text))
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("{text:?} never reached the journal");
}

fn signal(pid: u32, name: &str) {
    let ok = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(pid.to_string())
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{name} {pid}");
}

#[test]
fn a_signal_saves_the_game_journals_the_interruption_and_resume_says_so() {
    for (sig, lang, interrupted, crash) in [
        (
            "TERM",
            "en",
            "the game was interrupted (the system asked vichess to stop)",
            "crash",
        ),
        (
            "HUP",
            "de",
            "die Partie wurde unterbrochen (das Terminal wurde geschlossen)",
            "Absturz",
        ),
        ("INT", "ru", "партия прервана (Ctrl+C)", "сбой"),
    ] {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let args = [
            "--no-audio",
            "--lang",
            lang,
            "--control",
            "5m",
            "--game-dir",
            games.to_str().unwrap(),
        ];
        let (mut child, mut stdin, lines) = common_play::spawn_play(home.path(), &args);
        writeln!(stdin, "e4\npress\ne5").unwrap();
        // The game has begun (its first line is out), and e5 is on disk.
        until(&lines, |_| true);
        wait_for(&games, " e7e5");
        signal(child.id(), sig);
        let status = child.wait().unwrap();
        assert!(status.success(), "{sig}: {status:?}");
        // Everything printed, up to the end of the output.
        let rest: Vec<String> = lines.iter().collect();
        assert!(rest.iter().any(|l| l == interrupted), "{sig}: {rest:?}");
        // Stdin is still open: the game ended through the signal, not the end of input.
        drop(stdin);
        let journal = only(&games, "journal");
        let text = std::fs::read_to_string(&journal).unwrap();
        let last = text.lines().last().unwrap();
        assert!(
            last.contains(" end ") && last.ends_with(&format!(" interrupted SIG{sig}")),
            "{sig}: {last}"
        );
        assert!(text.contains(" move ") && text.contains(" e7e5"), "{text}");
        let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
        let moves = &pgn[pgn.find("\n\n").unwrap()..];
        assert!(
            moves.contains("1. e4") && moves.contains(" e5"),
            "{sig}: {pgn}"
        );
        assert!(
            rest.iter()
                .any(|l| l.ends_with(&journal.with_extension("pgn").display().to_string())),
            "the save is said: {rest:?}"
        );

        let mut resume: Vec<&str> = vec!["play"];
        resume.extend(args);
        resume.push("--resume");
        let out = common_play::lines_of(&common_play::run_piped(
            home.path(),
            &resume,
            b"moves\nquit\n",
        ));
        assert!(out.iter().any(|l| l == interrupted), "{sig}: {out:?}");
        assert!(!out.iter().any(|l| l.contains(crash)), "{sig}: {out:?}");
    }
}

/// A signal in the middle of a stream of moves: whatever reached the journal is whole (no
/// torn line), ends with the interruption, and every journaled move is in the saved PGN.
#[test]
fn a_signal_amid_moves_loses_no_journaled_move() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let (mut child, mut stdin, lines) = common_play::spawn_play(home.path(), &args);
    until(&lines, |_| true);
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O",
    ];
    for m in moves {
        writeln!(stdin, "{m}").unwrap();
    }
    wait_for(&games, " e7e5");
    signal(child.id(), "TERM");
    assert!(child.wait().unwrap().success());
    drop(stdin);
    let journal = only(&games, "journal");
    let read = vichess::journal::read(&journal).unwrap();
    assert!(read.torn.is_none(), "{:?}", read.torn);
    let last = &read.entries.last().unwrap().payload;
    assert!(last.ends_with(" interrupted SIGTERM"), "{last}");
    let journaled = read
        .entries
        .iter()
        .filter(|e| e.payload.starts_with("move "))
        .count();
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
    assert_eq!(game.main.moves.len(), journaled, "{pgn}");
    assert!(journaled >= 2);
}
