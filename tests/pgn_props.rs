//! The PGN reader never panics, whatever it is given: random text, and real files cut short or
//! with random bytes thrown in. Games it accepts can always be written and read back.

mod common;

use common::test_data;
use proptest::prelude::*;
use vichess::pgn::{read_games, write_game};

fn real_pgn() -> String {
    let mut text = String::new();
    for name in ["chess960-engines.pgn", "deep-blue-1997.pgn"] {
        text.push_str(&std::fs::read_to_string(test_data(&format!("pgn/{name}"))).unwrap());
    }
    // Variations, NAGs, escapes and line comments, which the fixture files lack.
    text.push_str(
        "\n[Event \"Made \\\"up\\\"\"]\n\n{Start} 1. e4! $14 (1. d4?! d5 (1... Nf6 2. c4) 2. c4) \
         1... e5 ; line\n2. Nf3 {[%clk 1:00:00]} Nc6 1-0\n",
    );
    text
}

/// Reads, and writes back every game read whole; panics are the failure.
fn exercise(text: &str) {
    for game in read_games(text).into_iter().flatten() {
        let written = write_game(&game);
        let again = read_games(&written);
        assert_eq!(again.len(), 1, "{written}");
        let again = again.into_iter().next().unwrap();
        let again = again.unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(again.main, game.main);
    }
}

/// Text built from PGN's own characters, which reaches deeper than arbitrary Unicode.
fn pgn_alphabet() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "[",
        "]",
        "(",
        ")",
        "{",
        "}",
        "\"",
        "\\",
        ";",
        "%",
        "$",
        "!",
        "?",
        ".",
        "...",
        "\n",
        "\r\n",
        " ",
        "1",
        "2",
        "e4",
        "e5",
        "Nf3",
        "O-O",
        "0-0",
        "e8=Q",
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "--",
        "[Event \"x\"]",
        "[FEN \"",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "\u{feff}",
        "é",
        "Z0",
        "$300",
    ]);
    prop::collection::vec(pieces, 0..80).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_text_never_panics(text in any::<String>()) {
        exercise(&text);
    }

    #[test]
    fn random_pgn_like_text_never_panics(text in pgn_alphabet()) {
        exercise(&text);
    }

    #[test]
    fn truncated_real_pgn_never_panics(cut in any::<prop::sample::Index>()) {
        let text = real_pgn();
        let mut at = cut.index(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        exercise(&text[..at]);
    }

    #[test]
    fn real_pgn_with_random_bytes_never_panics(
        inserts in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)
    ) {
        let mut bytes = real_pgn().into_bytes();
        for (at, b) in inserts {
            let i = at.index(bytes.len() + 1);
            bytes.insert(i, b);
        }
        // Bytes that break UTF-8 are replaced, as a user's text editor would show them.
        exercise(&String::from_utf8_lossy(&bytes));
    }
}
