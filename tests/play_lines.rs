//! Issue 11, finding 8: the lines `vichess play` prints itself (the PGN saved, a console line
//! that was not UTF-8 or too long) are in the game's language, in every language.

#[path = "common/play.rs"]
mod common_play;

use vichess::phrase::token::{Token, Word};
use vichess::voice::Pack;

#[test]
fn play_prints_its_own_lines_in_the_game_language() {
    for (lang, pack) in [
        ("de", "de-fide"),
        ("en", "en"),
        ("uk", "uk"),
        ("ru", "ru"),
        ("hy", "hy"),
    ] {
        let pack = Pack::builtin(pack).unwrap();
        let word = |w: Word| pack.text(&[Token::Word(w)]);
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let args = [
            "play",
            "--no-audio",
            "--lang",
            lang,
            "--control",
            "none",
            "--game-dir",
            games.to_str().unwrap(),
        ];
        let mut input = b"e4\nwhere L\xe4ufer\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 5000));
        input.extend_from_slice(b"\nquit\n");
        let out = common_play::run_piped(home.path(), &args, &input);
        assert!(out.status.success(), "{lang}");
        let lines = common_play::lines_of(&out);
        let has = |w: Word| lines.iter().any(|l| l.contains(&word(w)));
        assert!(has(Word::LineNotUtf8), "{lang}: {lines:?}");
        assert!(has(Word::LineTooLong), "{lang}: {lines:?}");
        let saved = format!("{}{} ", word(Word::Saved), pack.colon());
        assert!(
            lines.iter().any(|l| l.starts_with(&saved)),
            "{lang}: {lines:?}"
        );
        if lang != "en" {
            for english in ["saved ", "was not UTF-8", "bytes long", "line 2"] {
                assert!(
                    !lines.iter().any(|l| l.contains(english)),
                    "{lang}: English \"{english}\" in {lines:?}"
                );
            }
        }
    }
}

#[test]
fn a_game_that_ended_is_saved_and_said_saved_once_when_quitting() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    // Ended by resignation, then quit: one save. Quit with moves since the last save: saved
    // again, as it must be.
    let out = common_play::run_piped(home.path(), &args, b"e4\nresign black\nyes\nquit\n");
    let lines = common_play::lines_of(&out);
    let saved = lines.iter().filter(|l| l.starts_with("game saved")).count();
    assert_eq!(saved, 1, "{lines:?}");
    // The quit is answered all the same: its line is the last.
    assert_eq!(
        lines.last().map(String::as_str),
        Some("the game was already saved; vichess closes"),
        "{lines:?}"
    );
    let out = common_play::run_piped(home.path(), &args, b"e4\nquit\n");
    let lines = common_play::lines_of(&out);
    let saved = lines.iter().filter(|l| l.starts_with("game saved")).count();
    assert_eq!(saved, 1, "{lines:?}");
}
