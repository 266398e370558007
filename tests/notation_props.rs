//! Property tests for reading moves: whatever a player types, pastes or a damaged PGN holds, the
//! reader answers with a legal move or an error with words in it, never a crash.

use proptest::prelude::*;
use vichess::rules::notation::{parse_move, parse_move_in, san, Lang, San};
use vichess::rules::{CastlingMode, Position};

const POSITIONS: [(&str, CastlingMode); 6] = [
    (vichess::rules::STARTING_FEN, CastlingMode::Standard),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        CastlingMode::Standard,
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
        CastlingMode::Chess960,
    ),
    ("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", CastlingMode::Standard),
];

/// Everything notation is made of, in every script, plus look-alikes and troublemakers.
const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0',
    'K', 'Q', 'R', 'B', 'N', 'P', 'D', 'T', 'L', 'S', 'C', 'E', 'H', 'O', 'o', 'x', 'X', ':', '-',
    '–', '=', '/', '(', ')', '+', '#', '!', '?', '.', 'p', 'q', 'r', 'n', 'k', 'К', 'р', 'Р', 'Ф',
    'Т', 'Л', 'С', 'с', 'х', 'а', 'е', 'В', 'Ա', 'Թ', 'Ն', 'Փ', 'Ձ', '♔', '♕', '♖', '♗', '♘', '♚',
    '♛', '♜', '♝', '♞', '♟', ' ', '\t', '\u{200B}', '×', '‡',
];

fn position(i: usize) -> Position {
    let (fen, mode) = POSITIONS[i % POSITIONS.len()];
    Position::from_fen(fen, mode).unwrap()
}

fn check(pos: &Position, text: &str) -> Result<(), TestCaseError> {
    for lang in Lang::ALL {
        match parse_move_in(pos, text, lang) {
            Ok(m) => prop_assert!(pos.is_legal(&m), "{text:?} gave illegal {m}"),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
    let _ = San::parse(text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_is_a_legal_move_or_an_error(text in ".{0,12}", i in 0usize..6) {
        check(&position(i), &text)?;
    }

    #[test]
    fn notation_soup_is_a_legal_move_or_an_error(
        chars in proptest::collection::vec(proptest::sample::select(ALPHABET), 0..10),
        i in 0usize..6,
    ) {
        let text: String = chars.into_iter().collect();
        check(&position(i), &text)?;
    }

    /// A move written by the program, with marks and blanks around it, reads back as itself.
    #[test]
    fn decorated_san_reads_back(
        i in 0usize..6,
        pick in any::<prop::sample::Index>(),
        before in "[ \t]{0,2}",
        after in "(\\+|#|!|\\?|!\\?| ){0,2}",
    ) {
        let pos = position(i);
        let moves = pos.legal_moves();
        let m = moves[pick.index(moves.len())];
        let text = format!("{before}{}{after}", san(&pos, &m));
        prop_assert_eq!(parse_move(&pos, &text), Ok(m), "{:?}", text);
    }
}
