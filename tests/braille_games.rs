//! Issue 24, item 21: a braille scoresheet must read back to exactly the game. For every
//! language, whole games (captures by every piece, pawn captures, promotions, castling on both
//! sides, checks, mates, en passant, lines that wrap) are written by `vichess scoresheet
//! --braille` as BRF and as Unicode braille, translated back with liblouis's own
//! `lou_translate --backward` and read into moves by `braille::read`, which also requires each
//! move's check or mate sign. The read moves must be the game's, move by move.
//!
//! The games: one written to put the queen and the f-pawn on the same capture (`Фxe5+` and
//! `fxe5`, one cell apart in six-dot Russian), the 2023 World Championship game 1 with its
//! clock times on narrow pages, and games played by a seeded random player that prefers
//! mates, promotions, en passant, castling, captures and checks; the test checks that the
//! set holds all of those.
#![cfg(feature = "braille")]

mod common;
#[path = "common/louis.rs"]
mod louis_cli;

use std::path::Path;
use std::process::{Command, Stdio};
use vichess::braille::{cells, louis, read};
use vichess::pgn::{read_game, write_game, GameResult, PgnGame, PgnMove};
use vichess::rules::notation::{san_in, Lang};
use vichess::rules::{CastlingSide, Color, Move, Position, Role};

const LANGS: [&str; 5] = ["en", "de", "ru", "uk", "hy"];

/// The queen on h5 and the pawn on f4 both take on e5; then every piece takes.
const QUEEN_OR_PAWN: &str = r#"[Event "Queen or pawn"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e3 e5 2. f4 d6 3. Qh5 Nc6 4. Qxe5+ Nxe5 5. fxe5 dxe5 6. Bb5+ c6 7. Bxc6+ bxc6
8. Nf3 Qd5 9. O-O Bg4 10. Nxe5 Bxd1 11. Nxc6 Ne7 12. Nxe7 Kxe7 13. Rxf7+ Kxf7 1-0
"#;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A game from a seed: a mate in one is always played, else moves are drawn with weights
/// that favour what a scoresheet must carry.
fn random_game(seed: u64) -> Vec<Move> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut pos = Position::new();
    let mut moves = Vec::new();
    while moves.len() < 300 {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mate = legal
            .iter()
            .find(|m| pos.play(m).is_ok_and(|p| p.is_checkmate()));
        let m = match mate {
            Some(m) => *m,
            None => {
                let weight = |m: &Move| -> u64 {
                    let after = pos.play(m).unwrap();
                    let mut w = 1;
                    if m.promotion().is_some() || m.is_en_passant() {
                        w += 40;
                    }
                    if m.castling_side().is_some() {
                        w += 60;
                    }
                    if m.is_capture() {
                        w += 6;
                    }
                    if after.is_check() {
                        w += 4;
                    }
                    if m.role() == Role::Pawn {
                        w += 2;
                    }
                    w
                };
                let total: u64 = legal.iter().map(weight).sum();
                let mut pick = rng.next() % total;
                *legal
                    .iter()
                    .find(|m| {
                        let w = weight(m);
                        if pick < w {
                            true
                        } else {
                            pick -= w;
                            false
                        }
                    })
                    .unwrap()
            }
        };
        pos = pos.play(&m).unwrap();
        moves.push(m);
    }
    moves
}

fn pgn_of(moves: &[Move], name: &str) -> String {
    let mut game = PgnGame::new(Position::new());
    game.tags = vec![
        ("Event".into(), name.into()),
        ("White".into(), "Иван Петров".into()),
        ("Black".into(), "Արամ Սարգսյան".into()),
    ];
    let mut pos = Position::new();
    for m in moves {
        game.main.moves.push(PgnMove::new(*m));
        pos = pos.play(m).unwrap();
    }
    game.result = Some(if pos.is_checkmate() {
        if pos.turn() == Color::White {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        }
    } else {
        GameResult::Unknown
    });
    write_game(&game)
}

/// What the games hold, so the test knows it covers every kind of move.
#[derive(Default, Debug)]
struct Kinds {
    captures_by: Vec<Role>,
    promotions: usize,
    en_passant: usize,
    castles: Vec<CastlingSide>,
    checks: usize,
    mates: usize,
}

impl Kinds {
    fn add(&mut self, moves: &[Move]) {
        let mut pos = Position::new();
        for m in moves {
            if m.is_capture() && !self.captures_by.contains(&m.role()) {
                self.captures_by.push(m.role());
            }
            self.promotions += usize::from(m.promotion().is_some());
            self.en_passant += usize::from(m.is_en_passant());
            if let Some(side) = m.castling_side() {
                if !self.castles.contains(&side) {
                    self.castles.push(side);
                }
            }
            pos = pos.play(m).unwrap();
            self.checks += usize::from(pos.is_check());
            self.mates += usize::from(pos.is_checkmate());
        }
    }
}

fn write_sheet(pgn: &Path, out: &Path, lang: &str, extra: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("scoresheet")
        .arg(pgn)
        .arg("--braille")
        .arg(out)
        .args(["--braille-lang", lang])
        .args(extra)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "vichess scoresheet --braille {lang}");
}

/// The move lines of a document: after the header's empty line (on whichever page the
/// header ends), without page numbers.
fn body(doc: &str) -> Vec<String> {
    let mut all = Vec::new();
    for page in doc.split('\u{c}') {
        let mut lines: Vec<String> = page
            .split('\n')
            .map(|l| l.trim_end_matches('\r').to_string())
            .collect();
        if lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        lines.pop(); // the page number
        all.extend(lines);
    }
    let start = all.iter().position(String::is_empty).unwrap() + 1;
    all.split_off(start)
}

/// Writes `pgn` in every language, BRF and Unicode, with `extra` options, reads each back and
/// compares it with `expected`; returns the failures.
fn round_trip(pgn: &Path, game: &str, expected: &PgnGame, extra: &[&str]) -> Vec<String> {
    let moves: Vec<Move> = expected.moves().copied().collect();
    let mut failures = Vec::new();
    for code in LANGS {
        let lang = Lang::from_code(code).unwrap();
        for ext in ["brf", "txt"] {
            let what = format!("{game} {code} {ext} {extra:?}");
            let print = read_back(pgn, code, ext, extra);
            match read::read_moves(&print, &expected.start, lang) {
                Ok(read) if read == moves => {}
                Ok(read) => {
                    let first = read.iter().zip(&moves).position(|(a, b)| a != b);
                    failures.push(format!("{what}: moves differ from move {first:?}"));
                }
                Err(e) => failures.push(format!("{what}: {e}")),
            }
        }
    }
    failures
}

/// The sheet of `pgn` in `code`'s braille (`ext` brf or txt), its body translated back to
/// print with liblouis.
fn read_back(pgn: &Path, code: &str, ext: &str, extra: &[&str]) -> String {
    let lang = Lang::from_code(code).unwrap();
    let table = louis::default_table(lang);
    let six = louis::Louis::open(table).unwrap().six_dot();
    let out = pgn.parent().unwrap().join(format!("{code}.{ext}"));
    write_sheet(pgn, &out, code, extra);
    let doc = std::fs::read_to_string(&out).unwrap();
    let mut unicode = String::new();
    for line in body(&doc) {
        let line = if ext == "brf" {
            cells::unfold(&cells::from_brf(&line).unwrap(), six)
        } else {
            line
        };
        unicode.push_str(&line);
        unicode.push('\n');
    }
    louis_cli::back_translate(table, &unicode)
}

fn check_all(games: &[(String, String)], extra: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (name, text) in games {
        let pgn = dir.path().join("game.pgn");
        std::fs::write(&pgn, text).unwrap();
        let game = read_game(text).unwrap().unwrap();
        failures.extend(round_trip(&pgn, name, &game, extra));
    }
    failures
}

#[test]
fn the_queen_and_the_f_pawn_taking_on_e5_read_back_apart_in_every_language() {
    let games = [("queen-or-pawn".to_string(), QUEEN_OR_PAWN.to_string())];
    let failures = check_all(&games, &[]);
    assert!(failures.is_empty(), "{failures:#?}");
    // The game really has both captures on e5.
    let game = read_game(QUEEN_OR_PAWN).unwrap().unwrap();
    let mut pos = game.start.clone();
    let mut sans = Vec::new();
    for m in game.moves() {
        sans.push(san_in(&pos, m, Lang::Ru));
        pos = pos.play(m).unwrap();
    }
    assert!(sans.contains(&"Фxe5+".to_string()) && sans.contains(&"fxe5".to_string()));
}

#[test]
fn whole_games_with_every_kind_of_move_read_back_in_every_language() {
    let mut kinds = Kinds::default();
    let mut games = Vec::new();
    let mut seed = 1;
    let covered = |k: &Kinds| {
        k.captures_by.len() == 6 && k.promotions > 0 && k.en_passant > 0 && k.castles.len() == 2
    };
    while (!covered(&kinds) || games.len() < 4) && games.len() < 12 {
        let moves = random_game(seed);
        seed += 1;
        let pos = moves
            .iter()
            .fold(Position::new(), |p, m| p.play(m).unwrap());
        if !pos.is_checkmate() {
            continue;
        }
        kinds.add(&moves);
        games.push((format!("seed {}", seed - 1), pgn_of(&moves, "Random")));
    }
    assert_eq!(kinds.captures_by.len(), 6, "{kinds:?}");
    assert!(kinds.promotions > 0 && kinds.en_passant > 0, "{kinds:?}");
    assert_eq!(kinds.castles.len(), 2, "{kinds:?}");
    assert!(kinds.checks > 0 && kinds.mates == games.len(), "{kinds:?}");
    let mut failures = check_all(&games, &[]);
    // Narrow pages: lines wrap between moves.
    failures.extend(check_all(&games[..2], &["--cells", "12", "--lines", "8"]));
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_game_with_clock_times_reads_back_on_wide_and_narrow_pages() {
    let text =
        std::fs::read_to_string(common::test_data("pgn/world-championship-2023-1.pgn")).unwrap();
    let games = [("wch-2023-1".to_string(), text)];
    let mut failures = check_all(&games, &["--clocks"]);
    failures.extend(check_all(
        &games,
        &["--clocks", "--cells", "10", "--lines", "6"],
    ));
    assert!(failures.is_empty(), "{failures:#?}");
}

/// 8.1.5, C.12: a draw offer is marked "(=)" after its move, as `vichess play` records it (a
/// PGN comment that opens with the mark). The mark is on the sheet in every language's
/// braille and reads back as "(=)" after the same moves, BRF too (the Ukrainian table's
/// eight-dot parentheses folded into the lower digits 9 and 5), and the moves still read back.
#[test]
fn a_draw_offer_mark_reads_back_after_its_move_in_every_language() {
    const OFFERS: &str = "[Event \"Offers\"]\n\n1. e4 {(=) Remisangebot: Weiß} e5 2. Nf3 \
        Nc6 {(=) черные предлагают ничью} 3. Bb5 a6 *\n";
    let games = [("offers".to_string(), OFFERS.to_string())];
    let mut failures = check_all(&games, &[]);
    failures.extend(check_all(&games, &["--cells", "12", "--lines", "8"]));
    assert!(failures.is_empty(), "{failures:#?}");
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, OFFERS).unwrap();
    for code in LANGS {
        for ext in ["brf", "txt"] {
            let print = read_back(&pgn, code, ext, &[]);
            // How many moves stand before each mark: the first move and the fourth.
            let mut moves = 0;
            let mut marks = Vec::new();
            for token in print.split_whitespace() {
                match token {
                    "(=)" => marks.push(moves),
                    t if t.ends_with('.') || t == "*" => {}
                    _ => moves += 1,
                }
            }
            assert_eq!(marks, [1, 4], "{code} {ext}: {print}");
        }
    }
}
