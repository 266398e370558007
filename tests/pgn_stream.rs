//! The streaming PGN reader against the whole-file reader, and records that play on after the
//! Laws ended the game (5.2.2, 9.6), read by `pgn check`, `replay` and the library.

mod common;

use common::test_data;
use proptest::prelude::*;
use std::io::Cursor;
use std::process::Command;
use vichess::pgn::{read_games, GameStream, PgnError, PgnGame};
use vichess::rules::game::Status;

fn streamed(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    GameStream::new(Cursor::new(text.as_bytes()))
        .map(|r| r.expect("reading from memory cannot fail"))
        .collect()
}

fn fixtures() -> String {
    let dir = test_data("pgn");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn streaming_every_fixture_gives_what_the_whole_file_reader_gives() {
    let text = fixtures();
    let whole = read_games(&text);
    assert!(whole.len() > 10, "the fixtures hold many games");
    assert_eq!(streamed(&text), whole);
}

/// Pieces of PGN, good and bad, that the generator strings together in any order.
const SNIPPETS: &[&str] = &[
    "[Event \"A\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n",
    "[Event \"B\"]\n\n1. d4 {a comment\n[Event \"inside\"]\nstill} d5 *\n",
    "[Event \"C\"]\n1. e4 e5 2. Ke3 Nf6 0-1\n",
    "[Site \"no event\"]\n1. c4 (1. d4 d5) 1... e5\n",
    "[Event \"D\"]\n[Result \"1-0\"]\n",
    "1. e4 e5 ; a line comment {\n2. Nf3 *\n",
    "[Event \"E\"]\n\n1. e4 (1. d4 d5\n",
    "% an escape line\n[Event \"F\"]\n1. f3 e5 2. g4 Qh4# 0-1\n",
    "[Event \"G\"]\n1. e4 $999 e5 *\n",
    "[Event \"H\" unclosed\n1. e4 *\n",
    "1/2-1/2\n",
    "[Event \"I\"]\n{ a comment that never closes\n",
    "[FEN \"8/6k1/8/8/8/8/8/K6R w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rh7+ Kxh7 2. Kb2 Kg6 1/2-1/2\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever order good and bad games come in, with any line ends and gaps, the stream
    /// gives the same games, errors, line numbers and warnings as the whole-file reader.
    #[test]
    fn streaming_agrees_with_the_whole_file_reader(
        picks in proptest::collection::vec((0..SNIPPETS.len(), 0..4usize), 1..12),
        crlf in any::<bool>(),
    ) {
        let mut text = String::new();
        for (i, gap) in picks {
            text.push_str(SNIPPETS[i]);
            text.push_str(&"\n".repeat(gap));
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        prop_assert_eq!(streamed(&text), read_games(&text));
    }
}

#[test]
fn a_file_cut_at_every_game_keeps_its_line_numbers() {
    let mut text = String::new();
    for i in 0..50 {
        text.push_str(&format!("[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"));
    }
    text.push_str("[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n");
    let games = streamed(&text);
    assert_eq!(games.len(), 51);
    let error = games[50].as_ref().expect_err("the last game is bad");
    assert_eq!((error.game, error.line), (51, 203));
}

const AFTER_DEAD: &str = "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n\
[FEN \"8/6k1/8/8/8/8/8/K6R w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1/2-1/2\"]\n\n\
1. Rh7+ Kxh7 2. Kb2 Kg6 1/2-1/2\n";

#[test]
fn a_record_after_a_dead_position_ends_at_the_capture_and_keeps_the_rest() {
    let game = read_games(AFTER_DEAD).remove(0).expect("the record reads");
    let replayed = game.replay();
    assert_eq!(replayed.game.status(), Status::DeadPosition);
    assert_eq!(replayed.game.ply_count(), 2);
    assert_eq!(replayed.after_end.len(), 2);
    assert_eq!(replayed.after_end_text(), "2. Kb2 Kg6");
    assert_eq!(
        replayed.end_move_text().as_deref(),
        Some("move 1 for Black, Kxh7")
    );
}

#[test]
fn a_record_after_fivefold_repetition_ends_at_the_fifth_occurrence() {
    let dance = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
    let text = format!("[Event \"x\"]\n\n{dance} e4 e5 *\n");
    let game = read_games(&text).remove(0).expect("the record reads");
    let replayed = game.replay();
    assert_eq!(replayed.game.status(), Status::FivefoldRepetition);
    assert_eq!(replayed.game.ply_count(), 16);
    assert_eq!(replayed.after_end_text(), "9. e4 e5");
}

fn vichess() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vichess"))
}

#[test]
fn pgn_check_reports_the_result_where_the_game_ended_and_names_the_moves_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("after.pgn");
    std::fs::write(&file, AFTER_DEAD).unwrap();
    let out = vichess()
        .args(["pgn", "check", "--lang", "en"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(!text.contains("internal error"), "{text}");
    assert!(
        text.contains("(Anna - Bert)"),
        "the players are named: {text}"
    );
    assert!(
        text.contains("result 1/2-1/2 by dead position at move 1 for Black, Kxh7"),
        "{text}"
    );
    assert!(
        text.contains(
            "2 moves played after the end of the game, kept but not part of it: 2. Kb2 Kg6"
        ),
        "{text}"
    );
}

#[test]
fn pgn_check_warns_when_the_record_result_is_not_the_laws_result() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wrong.pgn");
    std::fs::write(&file, AFTER_DEAD.replace("Kg6 1/2-1/2", "Kg6 1-0")).unwrap();
    let out = vichess()
        .args(["pgn", "check", "--lang", "en"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("the record's result 1-0 is not the result of the Laws, 1/2-1/2"),
        "{text}"
    );
}

#[test]
fn replay_stops_the_game_at_its_end_and_lists_the_moves_after_it() {
    let out = vichess()
        .args([
            "replay",
            "--fen",
            "8/6k1/8/8/8/8/8/K6R w - - 0 1",
            "Rh7+",
            "Kxh7",
            "Kb2",
            "Kg6",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}{err}");
    assert!(text.contains("status: dead position"), "{text}");
    assert!(
        text.contains("after the end: 2 moves, not part of the game: 2. Kb2 Kg6"),
        "{text}"
    );
    assert!(
        !text.contains("\n2. Kb2\n"),
        "not listed as game moves: {text}"
    );
}

/// A record cut off inside a move ("2. Nf3 N", a file copied while it was written) is said
/// to be cut off there, not "not understood", and a scoresheet keeps every move before the
/// cut with a warning; a wrong move at the end ("Ke3") and an empty file stay errors.
#[test]
fn a_record_cut_inside_a_move_is_named_so_and_its_moves_kept() {
    use vichess::pgn::PgnErrorKind;
    let cut = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 N";
    let read = streamed(cut);
    let Err(e) = &read[0] else { panic!("{read:?}") };
    assert!(
        matches!(&e.kind, PgnErrorKind::CutInMove(at) if at.text == "N"),
        "{e}"
    );
    let kept = e
        .clone()
        .cut_in_comment()
        .expect("the moves before the cut");
    assert_eq!(kept.main.moves.len(), 3);
    let wrong = streamed("1. e4 e5 2. Ke3");
    assert!(
        matches!(&wrong[0], Err(e) if matches!(e.kind, PgnErrorKind::Move(..))),
        "{wrong:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cut.pgn");
    std::fs::write(&file, cut).unwrap();
    let out = vichess()
        .args(["pgn", "check", "--lang", "de"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("Zug 2 von Schwarz, N: die Datei endet mitten in diesem Zug"),
        "{text}"
    );
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "").unwrap();
    let out = vichess()
        .args(["pgn", "check", "--lang", "de"])
        .arg(&empty)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("enthält keine Partie"), "{text}");
}
