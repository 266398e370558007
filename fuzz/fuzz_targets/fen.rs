//! FEN: any text is read or refused, never a panic; a position read back from its own FEN is
//! the same position (same FEN, same legal moves), and every legal move's SAN and UCI are
//! read back as that move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vichess::rules::notation::{parse_move, san, uci};
use vichess::rules::{CastlingMode, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let Ok(pos) = Position::from_fen(text, mode) else {
            continue;
        };
        let fen = pos.fen();
        let again = Position::from_fen(&fen, mode)
            .unwrap_or_else(|e| panic!("its own FEN {fen:?} is refused: {e}"));
        assert_eq!(again.fen(), fen, "the FEN does not round-trip");
        let moves = pos.legal_moves();
        assert_eq!(
            moves.len(),
            again.legal_moves().len(),
            "the re-read position has other moves ({fen})"
        );
        for m in moves.iter() {
            for text in [san(&pos, m), uci(&pos, m)] {
                let back = parse_move(&pos, &text)
                    .unwrap_or_else(|e| panic!("{text:?} in {fen} is refused: {e}"));
                assert_eq!(&back, m, "{text:?} in {fen} reads as another move");
            }
            let _ = pos.play(m).expect("a legal move plays").fen();
        }
    }
});
