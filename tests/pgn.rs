//! PGN reading and writing against the fixtures in tests/data/pgn, with shakmaty as an independent oracle
//! for the moves, and hand-made files for every kind of error.

mod common;

use common::test_data;
use std::time::Duration;
use vichess::pgn::{
    read_games, write_game, write_game_with, Comment, GameResult, Line, MoveStyle, PgnError,
    PgnErrorKind, PgnGame, WriteOptions, SEVEN_TAG_ROSTER,
};
use vichess::rules::game::{Game, Status};
use vichess::rules::{CastlingMode, CastlingSide, Color, Position};

fn text_of(name: &str) -> String {
    std::fs::read_to_string(test_data(&format!("pgn/{name}"))).expect("read PGN fixture")
}

fn ok_games(name: &str) -> Vec<PgnGame> {
    read_games(&text_of(name))
        .into_iter()
        .enumerate()
        .map(|(i, g)| g.unwrap_or_else(|e| panic!("{name} game {}: {e}", i + 1)))
        .collect()
}

fn only_error(results: &[Result<PgnGame, PgnError>], index: usize) -> &PgnError {
    results[index].as_ref().expect_err("this game should fail")
}

// ---- The oracle: shakmaty replays the movetext, read with a tokenizer of its own. ----

/// Per game (split at `[Event `): the start FEN (if any), Chess960 or not, and the move words.
fn oracle_games(text: &str) -> Vec<(Option<String>, bool, Vec<String>)> {
    let text = text.trim_start_matches('\u{feff}');
    let mut games = Vec::new();
    for (i, chunk) in text.split("\n[Event ").enumerate() {
        if chunk.trim().is_empty() {
            continue;
        }
        let chunk = if i == 0 {
            chunk.to_owned()
        } else {
            format!("[Event {chunk}")
        };
        let mut fen = None;
        let mut chess960 = false;
        let mut movetext = String::new();
        for line in chunk.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                let value = line.split('"').nth(1).unwrap_or("").to_owned();
                if line.starts_with("[FEN ") {
                    fen = Some(value);
                } else if line.starts_with("[Variant ") {
                    chess960 = value.to_lowercase().contains("960")
                        || value.to_lowercase().contains("fischer");
                }
            } else {
                movetext.push_str(line);
                movetext.push(' ');
            }
        }
        let mut plain = String::new();
        let mut depth = 0;
        for c in movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let words = plain
            .split_whitespace()
            .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
            .filter(|w| {
                !w.is_empty() && !["1-0", "0-1", "1/2-1/2", "*", "-0", "-1", "/2-1/2"].contains(w)
            })
            .map(str::to_owned)
            .collect();
        games.push((fen, chess960, words));
    }
    games
}

/// Plays the words with shakmaty; returns the plies played and FEN fields 1, 2, 5, 6 after
/// them (castling and en passant fields are written differently by different programs).
fn oracle_replay(fen: Option<&str>, chess960: bool, words: &[String]) -> (usize, String) {
    use shakmaty::{fen::Fen, san::SanPlus, uci::UciMove, Chess, EnPassantMode, Position as _};
    let mode = if chess960 {
        shakmaty::CastlingMode::Chess960
    } else {
        shakmaty::CastlingMode::Standard
    };
    let mut pos: Chess = match fen {
        Some(f) => Fen::from_ascii(f.as_bytes())
            .unwrap()
            .into_position(mode)
            .unwrap(),
        None => Chess::default(),
    };
    let mut plies = 0;
    for w in words {
        let m = match SanPlus::from_ascii(w.as_bytes()) {
            Ok(san) => san.san.to_move(&pos).ok(),
            Err(_) => None,
        }
        .or_else(|| w.parse::<UciMove>().ok()?.to_move(&pos).ok());
        let Some(m) = m else { break };
        pos = pos.play(m).unwrap();
        plies += 1;
    }
    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    (plies, fen_fields(&fen))
}

fn fen_fields(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    format!("{} {} {} {}", f[0], f[1], f[4], f[5])
}

/// Every game in the file agrees with shakmaty on its length and its final position.
fn assert_matches_oracle(name: &str, games: &[PgnGame]) {
    let text = text_of(name);
    let oracle = oracle_games(&text);
    assert_eq!(oracle.len(), games.len(), "{name}: game count");
    for (i, (game, (fen, chess960, words))) in games.iter().zip(&oracle).enumerate() {
        let (plies, final_fen) = oracle_replay(fen.as_deref(), *chess960, words);
        assert_eq!(
            plies,
            words.len(),
            "{name} game {}: the oracle stopped early",
            i + 1
        );
        assert_eq!(game.main.moves.len(), plies, "{name} game {}: plies", i + 1);
        assert_eq!(
            fen_fields(&game.final_position().fen()),
            final_fen,
            "{name} game {}: final position",
            i + 1
        );
    }
}

// ---- Every fixture file. ----

#[test]
fn kasparov_deep_blue_all_six_games() {
    let games = ok_games("deep-blue-1997.pgn");
    assert_eq!(games.len(), 6);
    assert_matches_oracle("deep-blue-1997.pgn", &games);
    for g in &games {
        let plies: usize = g.tag("PlyCount").unwrap().parse().unwrap();
        assert_eq!(g.main.moves.len(), plies);
        assert!(g.warnings.is_empty(), "{:?}", g.warnings);
        assert_eq!(g.tag("Result"), g.result.map(|r| r.as_pgn()));
    }
    // Game 1 ends 45.g7 1-0; game 6 is the famous 19.c4 1-0.
    let first = &games[0];
    assert_eq!(first.result, Some(GameResult::WhiteWins));
    assert_eq!(
        first.players().as_deref(),
        Some("Garry Kasparov - Deep Blue (Computer)")
    );
    let last = first.main.moves.last().unwrap().mv;
    assert_eq!(last.to().to_string(), "g7");
    let fin = first.final_position();
    assert_eq!(fin.turn(), Color::Black);
    assert_eq!(fin.fullmoves(), 45);
    assert_eq!(games[2].result, Some(GameResult::Draw));
    assert_eq!(games[5].main.moves.len(), 37);
    assert_eq!(
        games[5].main.moves.last().unwrap().mv.to().to_string(),
        "c4"
    );
}

#[test]
fn molinari_bordais_ends_in_smothered_mate() {
    let games = ok_games("smothered-mate.pgn");
    assert_eq!(games.len(), 1);
    assert_matches_oracle("smothered-mate.pgn", &games);
    let fin = games[0].final_position();
    assert!(fin.is_checkmate());
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
}

#[test]
fn nepomniachtchi_ding_keeps_the_multi_period_time_control_and_clocks() {
    let games = ok_games("world-championship-2023-1.pgn");
    assert_eq!(games.len(), 1);
    assert_matches_oracle("world-championship-2023-1.pgn", &games);
    assert_eq!(games[0].tag("TimeControl"), Some("40/7200:20/3600:900+30"));
    assert_eq!(games[0].main.moves.len(), 97);
    // Every move carries a [%clk] comment and nothing else.
    let clocks: Vec<Option<Duration>> = games[0]
        .main
        .moves
        .iter()
        .map(|m| m.comments[0].clock)
        .collect();
    assert!(clocks.iter().all(Option::is_some), "{clocks:?}");
    assert_eq!(clocks[0], Some(Duration::from_secs(3600 + 59 * 60 + 23)));
    assert_eq!(clocks[96], Some(Duration::from_secs(3600 + 30 * 60 + 40)));
    assert_eq!(
        games[0].main.moves[0].comments,
        vec![Comment::new("[%clk 1:59:23]")]
    );
    assert_eq!(games[0].result, Some(GameResult::Draw));
    // Tags keep file order.
    let names: Vec<&str> = games[0].tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        &names[..8],
        &SEVEN_TAG_ROSTER
            .iter()
            .copied()
            .chain(["TimeControl"])
            .collect::<Vec<_>>()[..]
    );
}

#[test]
fn chessbase_empty_line_between_tags() {
    let games = ok_games("empty-line-in-tags.pgn");
    assert_eq!(games.len(), 1);
    assert_matches_oracle("empty-line-in-tags.pgn", &games);
    let g = &games[0];
    assert_eq!(g.tag("Event"), Some("AlphaZero vs. Stockfish"));
    assert_eq!(g.tag("Date"), Some("2017.12.04"));
    assert_eq!(g.tag("BlackFideId"), Some("deepmind"));
    assert_eq!(g.main.moves.len(), 134);
    assert_eq!(g.result, Some(GameResult::BlackWins));
}

#[test]
fn fischer_random_games_with_crlf_are_chess960_with_comments() {
    let games = ok_games("chess960-engines.pgn");
    assert!(text_of("chess960-engines.pgn").contains("\r\n"));
    assert_eq!(games.len(), 4);
    assert_matches_oracle("chess960-engines.pgn", &games);
    for g in &games {
        assert_eq!(g.castling_mode(), CastlingMode::Chess960);
        let plies: usize = g.tag("PlyCount").unwrap().parse().unwrap();
        assert_eq!(g.main.moves.len(), plies);
        assert_eq!(
            g.start.fen().split(' ').next(),
            g.tag("FEN").unwrap().split(' ').next()
        );
    }
    let g = &games[0];
    assert_eq!(
        g.main.moves[0].comments,
        vec![Comment::new("[%clk 0:00:10] out of book")]
    );
    assert_eq!(
        g.main.moves[0].comments[0].clock,
        Some(Duration::from_secs(10))
    );
    // 9... O-O and 21. O-O-O are castling moves in a Chess960 array.
    assert!(g.main.moves[17].mv.castling_side().is_some());
    assert!(g.main.moves[40].mv.castling_side().is_some());
    let last = games[3].main.moves.last().unwrap();
    assert_eq!(last.comments[0].text, "White mates");
    assert!(games[3].final_position().is_checkmate());
}

#[test]
fn adjudicated_engine_game_reads_with_its_clocks_and_comments() {
    let games = ok_games("adjudicated.pgn");
    assert_eq!(games.len(), 1);
    assert_matches_oracle("adjudicated.pgn", &games);
    let g = &games[0];
    assert_eq!(g.main.moves.len(), 154);
    assert_eq!(g.tag("Termination"), Some("adjudication"));
    assert_eq!(g.main.moves[0].comments[0].text, "book");
    assert_eq!(
        g.main.moves[10].comments[0].clock,
        Some(Duration::from_secs(14 * 60 + 49))
    );
    let last = &g.main.moves.last().unwrap().comments[0];
    assert_eq!(last.text, "[%clk 0:12:29] White wins by adjudication");
    assert_eq!(last.clock, Some(Duration::from_secs(12 * 60 + 29)));
    assert_eq!(g.result, Some(GameResult::WhiteWins));
}

#[test]
fn uci_moves_in_the_movetext() {
    let games = ok_games("uci-moves.pgn");
    assert_eq!(games.len(), 1);
    assert_matches_oracle("uci-moves.pgn", &games);
    // e1c1 is White's queen-side castling, the 29th ply (15. O-O-O).
    assert!(games[0].main.moves[28].mv.castling_side() == Some(CastlingSide::QueenSide));
    assert_eq!(games[0].result, Some(GameResult::Draw));
}

#[test]
fn utf8_bom_and_games_without_moves() {
    let games = ok_games("utf8-bom.pgn");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Event"), Some("A"));
    assert_eq!(games[1].tag("Event"), Some("B"));
    for g in &games {
        assert!(g.main.moves.is_empty());
        assert_eq!(g.result, Some(GameResult::Unknown));
        assert_eq!(g.tag("White"), Some("Sicilian 1...c5"));
    }
}

#[test]
fn anastasian_lewis_has_a_chessbase_null_move() {
    let results = read_games(&text_of("null-move.pgn"));
    assert_eq!(results.len(), 1);
    let e = only_error(&results, 0);
    assert!(matches!(e.kind, PgnErrorKind::NullMove(_)), "{e}");
    assert_eq!((e.game, e.line, e.column), (1, 16, 15));
    let msg = e.to_string();
    assert!(
        msg.starts_with("game 1 (Anastasian, A. - Lewis, An), line 16, column 15: "),
        "{msg}"
    );
    assert!(
        msg.ends_with("move 41 for Black, Z0: null moves are not chess moves"),
        "{msg}"
    );
    // Nothing before the null move is lost: 40 moves each and 41. Bxf3.
    let partial = e.partial.as_ref().expect("partial game");
    assert_eq!(partial.main.moves.len(), 81);
    assert_eq!(partial.tag("ECO"), Some("E90"));
}

// ---- Errors and recovery, on hand-made files. ----

const GOOD: &str =
    "[Event \"Good\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";

#[test]
fn illegal_move_names_game_line_move_and_reason_and_the_next_game_is_read() {
    let text = format!(
        "{GOOD}\n[Event \"Bad\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Nf3 Nf3 3. Bc4 *\n\n{GOOD}"
    );
    let results = read_games(&text);
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[2].is_ok());
    let e = only_error(&results, 1);
    assert_eq!((e.game, e.line, e.column), (2, 14, 8));
    assert_eq!(e.players.as_deref(), Some("A - B"));
    let msg = e.to_string();
    assert!(
        msg.starts_with("game 2 (A - B), line 14, column 8: move 2 for Black, Nf3: "),
        "{msg}"
    );
    assert!(msg.contains("f3"), "{msg}");
    assert_eq!(e.partial.as_ref().unwrap().main.moves.len(), 3);
    // The game after the bad one is whole.
    let g = results[2].as_ref().unwrap();
    assert_eq!(g.main.moves.len(), 4);
    assert!(g.final_position().is_checkmate());
}

#[test]
fn file_ending_inside_a_comment() {
    let results = read_games("[Event \"T\"]\n\n1. e4 {the best by test\n");
    assert_eq!(results.len(), 1);
    let e = only_error(&results, 0);
    assert_eq!((e.line, e.column), (3, 7));
    assert!(
        e.to_string()
            .contains("comment opened with { here is never closed"),
        "{e}"
    );
    assert_eq!(e.partial.as_ref().unwrap().main.moves.len(), 1);
}

#[test]
fn unclosed_comment_does_not_swallow_the_next_game() {
    let text = format!("[Event \"T\"]\n\n1. e4 {{oops 1-0\n\n{GOOD}");
    let results = read_games(&text);
    assert_eq!(results.len(), 2);
    assert!(matches!(only_error(&results, 0).kind, PgnErrorKind::Lex(_)));
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("Good"));
}

#[test]
fn file_ending_inside_a_variation() {
    let results = read_games("[Event \"T\"]\n\n1. e4 e5 (1... c5 2. Nf3\n");
    let e = only_error(&results, 0);
    assert_eq!(e.kind, PgnErrorKind::UnclosedVariation);
    assert_eq!((e.line, e.column), (3, 10));
    assert!(e
        .to_string()
        .contains("variation opened with ( here is never closed"));
    // The variation read so far is kept in the partial game.
    let partial = e.partial.as_ref().unwrap();
    assert_eq!(partial.main.moves.len(), 2);
    assert_eq!(partial.main.moves[1].variations[0].moves.len(), 2);
}

#[test]
fn garbage_tag_line_then_a_good_game() {
    let text = format!("[Event \"X\"]\n[Site Foo]\n\n1. e4 *\n\n{GOOD}");
    let results = read_games(&text);
    assert_eq!(results.len(), 2);
    let e = only_error(&results, 0);
    assert!(matches!(e.kind, PgnErrorKind::BadTag(..)));
    assert_eq!((e.line, e.column), (2, 1));
    assert!(e.to_string().contains("[Name \"value\"]"), "{e}");
    assert!(e.to_string().contains("Site"), "{e}");
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("Good"));
}

#[test]
fn recovery_at_a_tag_line_after_an_empty_line() {
    // No Event tags and no result after the bad move: the empty line marks the next game.
    let results = read_games("[White \"a\"]\n\n1. e4 Nf9 2. d4\n\n[White \"b\"]\n\n1. d4 *\n");
    assert_eq!(results.len(), 2);
    let e = only_error(&results, 0);
    assert!(e.to_string().contains("move 1 for Black, Nf9: "), "{e}");
    assert_eq!(results[1].as_ref().unwrap().tag("White"), Some("b"));
}

#[test]
fn null_moves_are_named() {
    for null in ["--", "Z0", "0000"] {
        let results = read_games(&format!("1. e4 {null} 2. d4 *"));
        let e = only_error(&results, 0);
        assert_eq!(
            e.to_string(),
            format!("game 1, line 1, column 7: move 1 for Black, {null}: null moves are not chess moves")
        );
    }
}

#[test]
fn missing_result_keeps_the_moves_with_a_warning() {
    let results = read_games("1. e4 e5 2. Nf3\n");
    let g = results[0].as_ref().unwrap();
    assert_eq!(g.main.moves.len(), 3);
    assert_eq!(g.result, None);
    assert!(
        g.warnings[0]
            .to_string()
            .contains("the file ends before this game's result"),
        "{:?}",
        g.warnings
    );

    // Without a result before the next game's tags: both games, the first with a warning.
    let results = read_games(&format!("[Event \"A\"]\n\n1. e4 e5\n\n{GOOD}"));
    assert_eq!(results.len(), 2);
    let a = results[0].as_ref().unwrap();
    assert_eq!(a.main.moves.len(), 2);
    assert!(a.warnings[0].to_string().contains("next game's tags"));
    assert_eq!(results[1].as_ref().unwrap().main.moves.len(), 4);
}

#[test]
fn bad_fen_and_unknown_variant() {
    let results = read_games("[Event \"F\"]\n[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n*\n\n[Event \"V\"]\n[Variant \"atomic\"]\n\n*\n");
    assert_eq!(results.len(), 2);
    let e = only_error(&results, 0);
    assert!(matches!(e.kind, PgnErrorKind::BadFen(..)));
    assert_eq!((e.line, e.column), (3, 1));
    assert!(
        e.to_string()
            .contains("the FEN tag \"8/8/8 w - - 0 1\" is unusable: "),
        "{e}"
    );
    let e = only_error(&results, 1);
    assert_eq!((e.line, e.column), (8, 1));
    assert!(
        e.to_string()
            .contains("variant \"atomic\" is not supported"),
        "{e}"
    );
}

#[test]
fn stray_closing_parenthesis() {
    let results = read_games("1. e4 ) e5 *");
    assert_eq!(
        only_error(&results, 0).kind,
        PgnErrorKind::UnopenedVariation
    );
}

#[test]
fn deep_variations_are_refused_without_overflowing() {
    let mut text = "1. e4 ".to_owned();
    for _ in 0..10_000 {
        text.push_str("(1. d4 ");
    }
    let results = read_games(&text);
    let e = only_error(&results, 0);
    assert_eq!(e.kind, PgnErrorKind::TooDeep(vichess::pgn::MAX_DEPTH));
    assert!(e.to_string().contains("nested more than 64 levels"), "{e}");
}

// ---- What the reader keeps. ----

#[test]
fn odd_annotations_are_warnings_not_errors() {
    let g = read_games("1. e4 +- e5 !!! 2. Nf3 $999 *")
        .remove(0)
        .unwrap();
    assert_eq!(g.main.moves.len(), 3);
    assert_eq!(g.main.moves[0].nags, vec![18]);
    assert_eq!(g.warnings.len(), 2, "{:?}", g.warnings);
    assert!(g.warnings[0]
        .to_string()
        .contains("!!! is not a standard one"));
    assert!(g.warnings[1]
        .to_string()
        .contains("\"$999\" is not an annotation"));
}

#[test]
fn variations_nags_comments_and_escapes() {
    let text =
        "\u{feff}[Event \"Say \\\"hi\\\" \\\\ there\"]\r\n\r\n% an escape line ( ignored\r\n\
        {Before} 1. e4! $14 {A [%clk 1:59:58] [%emt 0:00:02]} (1. d4?! d5 (1... Nf6 2. c4) 2. c4) \
        1... e5 2. Nf3 ; a rest-of-line comment\r\nNc6 $1 $18 *\r\n";
    let results = read_games(text);
    let g = results[0].as_ref().unwrap();
    assert_eq!(g.tag("Event"), Some("Say \"hi\" \\ there"));
    assert_eq!(g.main.comments, vec![Comment::new("Before")]);
    let e4 = &g.main.moves[0];
    assert_eq!(e4.nags, vec![1, 14]);
    assert_eq!(e4.comments[0].clock, Some(Duration::from_secs(7198)));
    assert_eq!(e4.comments[0].elapsed, Some(Duration::from_secs(2)));
    assert_eq!(e4.variations.len(), 1);
    let v = &e4.variations[0];
    assert_eq!(v.moves.len(), 3);
    assert_eq!(v.moves[0].nags, vec![6]);
    // 1... Nf6 replaces 1... d5, from the position after 1. d4.
    assert_eq!(v.moves[1].variations[0].moves.len(), 2);
    assert_eq!(v.moves[1].variations[0].moves[0].mv.to().to_string(), "f6");
    assert_eq!(g.main.moves[2].comments[0].text, "a rest-of-line comment");
    assert_eq!(g.main.moves[3].nags, vec![1, 18]);
    assert_eq!(g.main.moves.len(), 4);
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
}

#[test]
fn pgn_and_fide_promotions_are_the_same_move() {
    let head = "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n";
    let a = read_games(&format!("{head}1. e8=Q *"));
    let b = read_games(&format!("{head}1. e8Q *"));
    let (a, b) = (a[0].as_ref().unwrap(), b[0].as_ref().unwrap());
    assert_eq!(a.main, b.main);
    assert_eq!(a.final_position().fen(), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
}

// ---- Writing. ----

#[test]
fn writer_puts_the_roster_first_and_wraps_at_80() {
    let g = &ok_games("empty-line-in-tags.pgn")[0];
    let out = write_game(g);
    let tag_names: Vec<&str> = out
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(&tag_names[..7], &SEVEN_TAG_ROSTER);
    // Site was missing: the roster gets its "?".
    assert!(out.contains("[Site \"?\"]\n"));
    assert!(tag_names[7..].starts_with(&["Board", "WhiteCountry"]));
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert!(out.contains("\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6"));
    assert!(out.trim_end().ends_with("Bd6 0-1"));
}

#[test]
fn writer_marks_black_moves_after_comments_and_variations() {
    let text = "1. e4 {k} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *";
    let g = read_games(text).remove(0).unwrap();
    let out = write_game(&g);
    let movetext = out.split("\n\n").nth(1).unwrap().trim_end();
    assert_eq!(
        movetext,
        "1. e4 {k} 1... e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *"
    );
}

#[test]
fn writer_sets_up_fen_and_variant_and_fide_style() {
    let head = "[SetUp \"1\"]\n[FEN \"r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1\"]\n\n";
    let mut g = read_games(&format!("{head}1. O-O Kd7 2. bxa8=Q *"))
        .remove(0)
        .unwrap_or_else(|e| panic!("{e}"));
    let pgn = write_game(&g);
    assert!(
        pgn.contains("[SetUp \"1\"]\n[FEN \"r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1\"]\n"),
        "{pgn}"
    );
    assert!(pgn.contains("\n1. O-O Kd7 2. bxa8=Q *\n"), "{pgn}");
    let fide = write_game_with(
        &g,
        &WriteOptions {
            style: MoveStyle::Fide,
            ..WriteOptions::default()
        },
    );
    assert!(fide.contains("\n1. 0-0 Kd7 2. bxa8Q *\n"), "{fide}");

    // A start position given only as a value gets its SetUp and FEN tags.
    g.tags.retain(|(n, _)| n != "FEN" && n != "SetUp");
    let pgn = write_game(&g);
    assert!(
        pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \""),
        "{pgn}"
    );
    let back = read_games(&pgn).remove(0).unwrap();
    assert_eq!(back.start, g.start);

    // Chess960 mode says so.
    let mut p = Position::new();
    p.set_castling_mode(CastlingMode::Chess960);
    let mut g960 = PgnGame::new(p);
    g960.main = Line::default();
    let pgn = write_game(&g960);
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert_eq!(
        read_games(&pgn).remove(0).unwrap().castling_mode(),
        CastlingMode::Chess960
    );
}

#[test]
fn written_clock_fields_survive() {
    let mut g = read_games("1. e4 *").remove(0).unwrap();
    g.main.moves[0].comments.push(Comment {
        text: "fast".to_owned(),
        clock: Some(Duration::from_secs(5400)),
        elapsed: None,
    });
    let pgn = write_game(&g);
    assert!(pgn.contains("{[%clk 1:30:00] fast}"), "{pgn}");
    let back = read_games(&pgn).remove(0).unwrap();
    assert_eq!(
        back.main.moves[0].comments[0].clock,
        Some(Duration::from_secs(5400))
    );
}

#[test]
fn to_and_from_the_rules_core_game() {
    let pgn = &ok_games("smothered-mate.pgn")[0];
    let game = pgn.to_game().unwrap();
    assert_eq!(game.ply_count(), 10);
    assert_eq!(
        game.status(),
        Status::Checkmate {
            winner: Color::Black
        }
    );
    let back = PgnGame::from_game(&game);
    assert_eq!(back.result, Some(GameResult::BlackWins));
    assert_eq!(
        back.moves().collect::<Vec<_>>(),
        pgn.moves().collect::<Vec<_>>()
    );
    let text = write_game(&back);
    assert!(
        text.contains("[Result \"0-1\"]") && text.trim_end().ends_with("5. g3 Nd3# 0-1"),
        "{text}"
    );
    // A game still going is written with `*`.
    let mut game = Game::new(Position::new());
    game.push(game.position().legal_moves()[0]).unwrap();
    assert_eq!(PgnGame::from_game(&game).result, Some(GameResult::Unknown));
}

#[test]
fn file_ending_inside_a_tag() {
    for (text, column, what) in [
        (
            "[Event \"Unfinished",
            8,
            "not closed before the end of the line",
        ),
        ("[Event \"X\"", 1, "the file ends"),
        ("[Event", 1, "the file ends"),
    ] {
        let results = read_games(text);
        assert_eq!(results.len(), 1);
        let e = only_error(&results, 0);
        assert_eq!((e.line, e.column), (1, column), "{e}");
        assert!(e.to_string().contains(what), "{e}");
    }
}

// ---- Round trips. ----

/// Same moves, comments, NAGs, variations, start and result; the same tags, except that the
/// writer adds the roster tags a file left out.
fn assert_same_game(a: &PgnGame, b: &PgnGame, what: &str) {
    assert_eq!(a.main, b.main, "{what}: movetext");
    assert_eq!(a.start, b.start, "{what}: start");
    // A game cut short has no result; written out, it gets `*`.
    assert_eq!(
        a.result.or(Some(GameResult::Unknown)),
        b.result,
        "{what}: result"
    );
    for (name, value) in &a.tags {
        assert_eq!(b.tag(name), Some(value.as_str()), "{what}: tag {name}");
    }
    for (name, value) in &b.tags {
        if a.tag(name).is_none() {
            assert!(
                SEVEN_TAG_ROSTER.contains(&name.as_str()),
                "{what}: extra tag {name}"
            );
            assert!(
                ["?", "????.??.??"].contains(&value.as_str()),
                "{what}: {name}={value}"
            );
        }
    }
}

#[test]
fn every_fixture_file_round_trips() {
    let dir = test_data("pgn");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("pgn") {
            continue;
        }
        files += 1;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, result) in read_games(&text).into_iter().enumerate() {
            // A failed game's partial record must round-trip as well.
            let game = match result {
                Ok(g) => g,
                Err(e) => *e.partial.expect("partial game"),
            };
            let written = write_game(&game);
            assert!(
                written.lines().all(|l| l.chars().count() <= 80),
                "{name}: {written}"
            );
            let mut again = read_games(&written);
            assert_eq!(again.len(), 1, "{name} game {}: {written}", i + 1);
            let again = again
                .remove(0)
                .unwrap_or_else(|e| panic!("{name} game {}: {e}\n{written}", i + 1));
            assert_same_game(&game, &again, &format!("{name} game {}", i + 1));
            // Writing is stable: the second write is the first.
            assert_eq!(write_game(&again), written, "{name} game {}", i + 1);
        }
    }
    assert_eq!(
        files, 9,
        "the PGN fixtures changed: update the per-file tests"
    );
}

#[test]
fn many_games_round_trip_together() {
    let games = ok_games("deep-blue-1997.pgn");
    let text = vichess::pgn::write_games(&games);
    let back: Vec<PgnGame> = read_games(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(back.len(), 6);
    for (a, b) in games.iter().zip(&back) {
        assert_same_game(a, b, "kasparov");
    }
}
