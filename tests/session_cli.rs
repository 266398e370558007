//! `vichess play` end to end: console lines piped in, the transcript, the journal and the PGN
//! checked. Needs `vichess play` wired into the command line (src/cli/play.rs).

#[path = "common/play.rs"]
mod common_play;

use std::path::{Path, PathBuf};
use std::process::Output;

fn play(home: &Path, args: &[&str], input: &str) -> Output {
    // No user configuration from the machine running the tests: a private home.
    let args: Vec<&str> = ["play"].iter().chain(args).copied().collect();
    common_play::run_piped(home, &args, input.as_bytes())
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

fn only_file(dir: &Path, ext: &str) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

#[test]
fn a_piped_game_is_printed_journaled_saved_and_resumed() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let home = tmp.path();
    let games = home.join("games");
    let g = games.to_str().unwrap();
    let out = play(
        home,
        &["--game-dir", g, "--control", "5400+30", "--no-audio"],
        "e4\npress\nSpringer Felix sechs\npress\nKe3\ncount\nmoves\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = lines(&out);
    // The opening line (issue 11, finding 12), and the answers to `press` (finding 7).
    assert!(
        text[0].starts_with("Bedenkzeit: eine Stunde dreißig Minuten"),
        "{text:?}"
    );
    assert_eq!(text[2], "Zug beendet: Weiß; Uhr läuft: Schwarz");
    assert_eq!(text[4], "Zug beendet: Schwarz; Uhr läuft: Weiß");
    let text: Vec<String> = text
        .into_iter()
        .enumerate()
        .filter(|(i, _)| ![0, 2, 4].contains(i))
        .map(|(_, l)| l)
        .collect();
    assert!(text[0].ends_with("Eva vier"), "{text:?}");
    assert!(
        text[1].starts_with("Springer") && text[1].ends_with("Felix sechs"),
        "{text:?}"
    );
    assert!(text[2].starts_with("regelwidriger Zug"), "{text:?}");
    // The reason in the game's language (issue 24, item 11).
    assert_eq!(text[3], "der weiße König kann nicht nach e3 ziehen");
    assert_eq!(text[4], "Weiß: ein Zug; Schwarz: ein Zug");
    assert_eq!(text[5], "1. e4 Sf6");
    assert!(text[6].starts_with("Partie gespeichert: "), "{text:?}");
    let all = text.join("\n");
    assert!(
        !all.contains('\u{1b}'),
        "no colour codes when not on a terminal"
    );

    let journal = std::fs::read_to_string(only_file(&games, "journal")).unwrap();
    let payloads: Vec<&str> = journal
        .lines()
        .skip(1)
        .map(|l| l.splitn(3, ' ').nth(2).unwrap())
        .collect();
    // The run's wall-clock anchor comes right after the game's first line.
    assert!(payloads[1].starts_with("anchor "), "{journal}");
    let payloads: Vec<&str> = payloads
        .into_iter()
        .filter(|p| !p.starts_with("anchor "))
        .collect();
    assert_eq!(payloads.len(), 7, "{journal}");
    assert!(payloads[0].starts_with("begin "));
    // The game's language and voice pack (issue 24, item 8).
    let payloads: Vec<&str> = payloads
        .into_iter()
        .filter(|p| !p.starts_with("language "))
        .collect();
    // The end of input is a clean stop, and the journal says so.
    assert!(payloads[5].starts_with("end "), "{journal}");
    assert!(payloads[1].starts_with("move ") && payloads[1].ends_with(" e2e4"));
    assert!(payloads[4].starts_with("press ") && payloads[4].ends_with(" black"));
    let pgn = std::fs::read_to_string(only_file(&games, "pgn")).unwrap();
    assert!(pgn.contains("1. e4 {[%clk 1:30:"), "{pgn}");

    let out = play(
        home,
        &["--game-dir", g, "--resume", "--no-audio"],
        "Nf3\nmoves\nquit\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = lines(&out);
    // Which game, then the session's own word that it was resumed.
    // The players (unnamed here, so their colours), not the journal's file name (issue 24).
    assert_eq!(
        text[0], "die Partie wird fortgesetzt: Weiß – Schwarz",
        "{text:?}"
    );
    assert_eq!(text[1], "Partie aus dem Protokoll fortgesetzt");
    assert!(text.contains(&"2. Sf3".to_string()), "{text:?}");
}

#[test]
fn a_board_vichess_cannot_read_is_refused_with_a_reason() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let home = tmp.path();
    let games = home.join("games");
    let out = play(
        home,
        &[
            "--game-dir",
            games.to_str().unwrap(),
            "--board",
            "abacus:/dev/ttyUSB0",
        ],
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--board") && err.contains("abacus"), "{err}");
    assert!(err.contains("PROTOCOL:PATH"), "{err}");
}
