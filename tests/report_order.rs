//! Issue 27 in the arbiter's report (`vichess report`): the PGN's comments follow the
//! journal's order and each sits after the move it is about. A take-back's request comes
//! before its answer, and both after the last move that stood before it (the answer names the
//! moves struck); a second take-back after the first; the engine's move said after the
//! engine's move, never after the move it answered. Each journal is written here with fixed
//! times (as `vichess play` journals such a game: see the records of a console game against
//! Stockfish with two take-backs and hints), so the report is exact.

use std::path::{Path, PathBuf};
use vichess::pgn::PgnGame;

#[path = "common/report.rs"]
mod common_report;
use common_report::{report, write_journal};

/// Writes a journal of `records` after its `begin` line (no clock).
fn journal(dir: &Path, records: &[&str]) -> PathBuf {
    write_journal(dir, "-", records)
}

/// The report's PGN, read back: it must be one game vichess's reader takes without a fault.
fn pgn(report: &str) -> (String, PgnGame) {
    let at = report.find("[Event").expect("the PGN");
    let text = report[at..].to_string();
    let game = vichess::pgn::read_game(&text)
        .expect("a game")
        .unwrap_or_else(|e| panic!("{e:?}: {text}"));
    (text, game)
}

/// The PGN's mainline in SAN as shakmaty, a rules implementation not vichess's, reads and
/// replays it: every move must be legal there too.
fn shakmaty_mainline(pgn: &str) -> Vec<String> {
    use shakmaty::{san::SanPlus, Chess, Position as _};
    let movetext = pgn.split("\n\n").nth(1).expect("a movetext after the tags");
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
    let mut pos = Chess::default();
    let mut sans = Vec::new();
    for word in plain.split_whitespace() {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
            continue;
        }
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if word.is_empty() {
            continue;
        }
        let san = SanPlus::from_ascii(word.as_bytes()).unwrap_or_else(|_| panic!("{word}: {pgn}"));
        let m = san
            .san
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("{word} is not legal: {pgn}"));
        pos = pos.play(m).unwrap();
        sans.push(word.to_string());
    }
    sans
}

/// The comments of the game (before its first move) and after each move, in order.
fn comments(game: &PgnGame) -> Vec<Vec<String>> {
    let texts = |c: &[vichess::pgn::Comment]| c.iter().map(|c| c.text.clone()).collect();
    std::iter::once(texts(&game.main.comments))
        .chain(game.main.moves.iter().map(|m| texts(&m.comments)))
        .collect()
}

/// A console game against the engine (Black) with a hint and two take-backs, as `vichess
/// play` journals it: the engine's move is noted, then made; a take-back against the
/// engine is a request the engine's side accepts at once and takes back two half-moves.
const ENGINE_GAME: &[&str] = &[
    "engine 0 black level 1 think 20 help fake",
    "move 1000 d2d4",
    "note 2000 engine Fake Engine 1 (1/8): e7e6",
    "move 2000 e7e6",
    "note 3000 help hint e2e4",
    "move 4000 g1f3",
    "note 5000 engine Fake Engine 1 (1/8): g8f6",
    "move 5000 g8f6",
    "takeback-request 6000 white",
    "takeback-answer 6000 black accept",
    "move 7000 c2c4",
    "note 8000 engine Fake Engine 1 (1/8): d7d5",
    "move 8000 d7d5",
    "takeback-request 9000 white",
    "takeback-answer 9000 black accept",
    "move 10000 e2e4",
    "note 11000 engine Fake Engine 1 (1/8): d7d5",
    "move 11000 d7d5",
    "note 12000 help hint e4e5",
];

#[test]
fn against_the_engine_every_comment_follows_the_move_it_is_about() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal(dir.path(), ENGINE_GAME);
    for (lang, mainline, want) in [
        (
            "en",
            ["d4", "e6", "e4", "d5"],
            vec![
                vec!["0:00:00 the engine plays: Black, level 1 (fake)"],
                vec![],
                vec![
                    "0:00:02 the engine plays: Fake Engine 1 (1/8): 1... e6",
                    "0:00:03 hint: 2. e4",
                    // The engine's reply to 2. Nf3, struck with it: after the last move
                    // that stayed, before the take-back that names it.
                    "0:00:05 the engine plays: Fake Engine 1 (1/8): 2... Nf6",
                    "0:00:06 White asks to take back the last move",
                    "0:00:06 Black accepts the take-back; taken back: 2. Nf3, 2... Nf6",
                    "0:00:08 the engine plays: Fake Engine 1 (1/8): 2... d5",
                    "0:00:09 White asks to take back the last move",
                    "0:00:09 Black accepts the take-back; taken back: 2. c4, 2... d5",
                ],
                vec![],
                vec![
                    "0:00:11 the engine plays: Fake Engine 1 (1/8): 2... d5",
                    "0:00:12 hint: 3. e5",
                    "the game is not over",
                ],
            ],
        ),
        (
            "ru",
            ["d4", "e6", "e4", "d5"],
            vec![
                vec!["0:00:00 движок играет: чёрные, уровень 1 (fake)"],
                vec![],
                vec![
                    "0:00:02 движок играет: Fake Engine 1 (1/8): 1... e6",
                    "0:00:03 подсказка: 2. e4",
                    "0:00:05 движок играет: Fake Engine 1 (1/8): 2... Кf6",
                    "0:00:06 белые просят вернуть последний ход",
                    "0:00:06 чёрные соглашаются вернуть ход; возвращено: 2. Кf3, 2... Кf6",
                    "0:00:08 движок играет: Fake Engine 1 (1/8): 2... d5",
                    "0:00:09 белые просят вернуть последний ход",
                    "0:00:09 чёрные соглашаются вернуть ход; возвращено: 2. c4, 2... d5",
                ],
                vec![],
                vec![
                    "0:00:11 движок играет: Fake Engine 1 (1/8): 2... d5",
                    "0:00:12 подсказка: 3. e5",
                    "партия не окончена",
                ],
            ],
        ),
    ] {
        let (text, game) = pgn(&report(&path, lang));
        // The PGN's mainline is the game's moves, in the PGN's own (English) SAN.
        assert_eq!(shakmaty_mainline(&text), mainline, "{lang}: {text}");
        assert_eq!(comments(&game), want, "{lang}: {text}");
    }
}

/// The engine's move is said after the engine's move: "1. d4 {the engine plays: 1... c6}"
/// read as though c6 answered something said after d4.
#[test]
fn the_engines_move_is_commented_on_the_engines_move_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal(dir.path(), ENGINE_GAME);
    let (text, game) = pgn(&report(&path, "en"));
    let mut pos = game.start.clone();
    for m in &game.main.moves {
        let san = vichess::rules::notation::san(&pos, &m.mv);
        let number = match pos.turn() {
            vichess::rules::Color::White => format!("{}. {san}", pos.fullmoves()),
            vichess::rules::Color::Black => format!("{}... {san}", pos.fullmoves()),
        };
        let engine: Vec<&str> = m
            .comments
            .iter()
            .map(|c| c.text.as_str())
            .filter(|c| c.contains("the engine plays: Fake"))
            .collect();
        // The engine's moves that stayed: each said on itself; none said on White's move.
        if pos.turn() == vichess::rules::Color::White {
            assert!(engine.is_empty(), "{number}: {engine:?}: {text}");
        } else {
            assert!(
                engine.iter().any(|c| c.ends_with(&number)),
                "{number}: {engine:?}: {text}"
            );
        }
        pos = pos.play(&m.mv).unwrap();
    }
}

/// Two players, two take-backs by consent, one declined and one accepted: each request
/// before its answer, the declined one before the accepted one, all after 2. Nf3, the last
/// move that stood; the move played after them (2... Nf6) has no comment of theirs.
#[test]
fn takebacks_by_consent_are_in_journal_order_after_the_move_that_stood() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal(
        dir.path(),
        &[
            "move 1000 e2e4",
            "move 2000 e7e5",
            "move 3000 g1f3",
            "takeback-request 4000 white",
            "takeback-answer 5000 black decline",
            "move 6000 b8c6",
            "takeback-request 7000 black",
            "takeback-answer 8000 white accept",
            "move 9000 g8f6",
        ],
    );
    for (lang, want) in [
        (
            "en",
            vec![
                "0:00:04 White asks to take back the last move",
                "0:00:05 Black declines the take-back",
                "0:00:07 Black asks to take back the last move",
                "0:00:08 White accepts the take-back; taken back: 2... Nc6",
            ],
        ),
        (
            "de",
            vec![
                "0:00:04 Weiß bittet, den letzten Zug zurückzunehmen",
                "0:00:05 Schwarz lehnt die Zurücknahme ab",
                "0:00:07 Schwarz bittet, den letzten Zug zurückzunehmen",
                "0:00:08 Weiß nimmt die Zurücknahme an; zurückgenommen: 2... Sc6",
            ],
        ),
    ] {
        let (text, game) = pgn(&report(&path, lang));
        assert_eq!(
            shakmaty_mainline(&text),
            ["e4", "e5", "Nf3", "Nf6"],
            "{lang}: {text}"
        );
        let all = comments(&game);
        assert_eq!(all[3], want, "{lang}: {text}");
        for (i, c) in all.iter().enumerate().filter(|(i, _)| *i != 3) {
            assert!(
                c.iter().all(|c| !c.starts_with("0:")),
                "{lang}: comment {i}: {c:?}: {text}"
            );
        }
    }
}
