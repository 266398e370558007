//! A `--fen` start position that is already over (mate 5.1.1, stalemate 5.2.1, a dead
//! position 5.2.2 / 9.6) is said over at once, in the game's language, the way a move that
//! ends the game is: the ending, the result, the game saved; no move is waited for, and one
//! typed is refused as after any ending.

#[path = "common/play.rs"]
mod common_play;

use std::io::Write;
use std::time::Duration;
use vichess::phrase::events::{result_line_phrase, result_symbol, status_phrase};
use vichess::phrase::token::{Token, Word};
use vichess::rules::game::Status;
use vichess::rules::Color;
use vichess::voice::Pack;

/// Fool's mate: White to move is mated.
const MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// Black to move has no legal move and is not in check.
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
/// King and knight against king: no series of legal moves can mate.
const DEAD: &str = "8/8/4k3/8/8/3K1N2/8/8 w - - 0 1";

const POSITIONS: [(&str, Status, &str); 3] = [
    (
        MATED,
        Status::Checkmate {
            winner: Color::Black,
        },
        "0-1",
    ),
    (STALEMATE, Status::Stalemate, "1/2-1/2"),
    (DEAD, Status::DeadPosition, "1/2-1/2"),
];

/// Words that give away an English line about the ending (paths are taken out first).
const ENGLISH: &[&str] = &[
    "checkmate",
    "stalemate",
    "dead",
    "draw",
    "wins",
    "result",
    "White",
    "Black",
    "game",
    "over",
    "saved",
];

/// Starts `vichess play --fen FEN`, types nothing, and gathers the lines it prints until it
/// has said the game saved (or 20 s pass); then types `e4` and `quit`. Returns the lines said
/// before anything was typed, and those after.
fn start(lang: &str, fen: &str) -> (Vec<String>, Vec<String>, tempfile::TempDir) {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let (mut child, mut stdin, lines) = common_play::spawn_play(
        home.path(),
        &[
            "--no-audio",
            "--lang",
            lang,
            "--control",
            "none",
            "--game-dir",
            games.to_str().unwrap(),
            "--fen",
            fen,
        ],
    );
    let pack = Pack::builtin(if lang == "de" { "de-fide" } else { lang }).unwrap();
    let saved = format!(
        "{}{} ",
        pack.text(&[Token::Word(Word::Saved)]),
        pack.colon()
    );
    let mut before = Vec::new();
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(20)) {
        let done = line.starts_with(&saved);
        before.push(line);
        if done {
            break;
        }
    }
    stdin.write_all(b"e4\npress\nquit\n").unwrap();
    drop(stdin);
    let after: Vec<String> = lines.iter().collect();
    assert!(
        child.wait().unwrap().success(),
        "{lang}: {before:?} {after:?}"
    );
    (before, after, home)
}

#[test]
fn a_start_position_that_is_over_is_said_over_at_once_in_every_language() {
    for lang in ["de", "en", "uk", "ru", "hy"] {
        let pack = Pack::builtin(if lang == "de" { "de-fide" } else { lang }).unwrap();
        for (fen, status, score) in POSITIONS {
            let (before, after, home) = start(lang, fen);
            let ending = pack.text(&status_phrase(status));
            let result = format!(
                "{} ({})",
                pack.text(&result_line_phrase(score)),
                result_symbol(score)
            );
            // Said before any move was typed: the ending, then the result.
            let at = |l: &str| before.iter().position(|b| b == l);
            let (Some(e), Some(r)) = (at(&ending), at(&result)) else {
                panic!("{lang} {fen}: no {ending:?} then {result:?} in {before:?}");
            };
            assert!(e < r, "{lang}: {before:?}");
            // The move typed afterwards is refused: the game is over, and why; so is a
            // clock press, not told to make a move first (the repeat is marked with a
            // leading space, for screen readers).
            let over = format!(
                "{}{} {ending}",
                pack.text(&[Token::Word(Word::GameOver)]),
                pack.colon()
            );
            let overs = after.iter().filter(|l| l.trim_start() == over).count();
            assert_eq!(overs, 2, "{lang}: {over:?} twice in {after:?}");
            // Said once, not again at the move or the quit; saved once.
            let saved = format!(
                "{}{} ",
                pack.text(&[Token::Word(Word::Saved)]),
                pack.colon()
            );
            let saves = before
                .iter()
                .chain(&after)
                .filter(|l| l.starts_with(&saved));
            assert_eq!(saves.count(), 1, "{lang}: {before:?} {after:?}");
            assert!(!after.contains(&ending), "{lang}: {after:?}");
            assert!(!after.contains(&result), "{lang}: {after:?}");
            if lang != "en" {
                let home = home.path().to_str().unwrap();
                for line in before.iter().chain(&after) {
                    // The configuration's key names are the same in every language.
                    let line = line.replace(home, "").replace("[game] language", "");
                    let words: Vec<&str> = line.split(' ').filter(|w| !w.contains('/')).collect();
                    let line = words.join(" ");
                    for word in ENGLISH {
                        assert!(!line.contains(word), "{lang}: {word:?} in {line:?}");
                    }
                }
            }
        }
    }
    // The wording itself, for two languages.
    let (de, _, _) = start("de", MATED);
    assert!(de.iter().any(|l| l == "Matt, Schwarz gewinnt"), "{de:?}");
    assert!(
        de.iter().any(|l| l == "Ergebnis: Schwarz gewinnt (0-1)"),
        "{de:?}"
    );
    let (en, _, _) = start("en", STALEMATE);
    assert!(en.iter().any(|l| l == "stalemate, draw"), "{en:?}");
    let (en, _, _) = start("en", DEAD);
    assert!(en.iter().any(|l| l == "dead position, draw"), "{en:?}");
}
