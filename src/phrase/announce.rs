//! A move in its position, as the phrase Appendix D (D.2.1) asks to be announced.
//!
//! The rules (tests and users rely on them): a pawn move is its square ("Eva vier"); a piece
//! move is the piece, then any disambiguation SAN would need (file, rank or both), then the
//! square ("Springer Gustav Felix drei"); a capture says "schlägt" before the target square
//! and a pawn capture names the pawn's file first ("Eva schlägt David fünf"); en passant is
//! appended; promotion appends the new piece ("David acht Dame"); castling is "Kurze / Lange
//! Rochade"; check or mate is said last.

use super::token::{Phrase, Punct, Token, Word};
use crate::rules::{CastlingSide, Move, Position, Role};

/// How much a move announcement says, beyond Appendix D's minimum (the configuration's
/// announcement options). The capture, check and mate words are a pack's words and are
/// changed with [`crate::voice::Pack::set_word`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AnnounceOptions {
    /// Say the piece before a pawn move too: "Bauer Eva vier".
    pub pawn_word: bool,
    /// Always say the whole from-square: "Springer Gustav eins Felix drei", "Eva zwei Eva
    /// vier". Castling stays "Kurze Rochade".
    pub full_from_square: bool,
}

/// The phrase for `m`, a legal move in `pos`, as Appendix D's minimum.
pub fn move_phrase(pos: &Position, m: &Move) -> Phrase {
    move_phrase_with(pos, m, AnnounceOptions::default())
}

/// Moves as a scoresheet numbers them, each as announced: "2... knight c6, 3. bishop b5".
/// `played` pairs each move with the position it was played from.
pub fn numbered_moves_phrase(played: &[(Position, Move)], opts: AnnounceOptions) -> Phrase {
    let mut out = Phrase::new();
    for (i, (before, m)) in played.iter().enumerate() {
        if i > 0 {
            out.push(Token::Punct(Punct::Comma));
        }
        out.push(Token::Number(before.fullmoves()));
        out.push(Token::Punct(match before.turn() {
            crate::rules::Color::White => Punct::Period,
            crate::rules::Color::Black => Punct::Ellipsis,
        }));
        out.extend(move_phrase_with(before, m, opts));
    }
    out
}

/// The moves an arbiter's restore strikes (7.5.1), named: "struck: 2... knight c6, 3. bishop
/// b5"; the label in the plural where the language has one and there are several, and in
/// the future ("to be struck", "будут вычеркнуты") when the restore is still a question.
pub fn struck_moves_phrase(
    played: &[(Position, Move)],
    opts: AnnounceOptions,
    asked: bool,
) -> Phrase {
    let label = match (played.len() == 1, asked) {
        (true, false) => Word::ReportStruck,
        (false, false) => Word::MovesStruck,
        (true, true) => Word::ToBeStruck,
        (false, true) => Word::MovesToBeStruck,
    };
    let mut out = vec![Token::Word(label), Token::Punct(Punct::Colon)];
    out.extend(numbered_moves_phrase(played, opts));
    out
}

/// The phrase for `m`, a legal move in `pos`, with the announcement options.
pub fn move_phrase_with(pos: &Position, m: &Move, opts: AnnounceOptions) -> Phrase {
    let mut out = Phrase::with_capacity(10);
    match m.castling_side() {
        Some(CastlingSide::KingSide) => out.push(Token::CastlesShort),
        Some(CastlingSide::QueenSide) => out.push(Token::CastlesLong),
        None => {
            let role = m.role();
            if role != Role::Pawn || opts.pawn_word {
                out.push(Token::Piece(role));
            }
            let (file, rank) = if opts.full_from_square {
                (true, true)
            } else if role == Role::Pawn {
                (m.is_capture(), false)
            } else {
                disambiguation(pos, m)
            };
            if file {
                out.push(Token::File(m.from().file()));
            }
            if rank {
                out.push(Token::Rank(m.from().rank()));
            }
            if m.is_capture() {
                out.push(Token::Captures);
            }
            out.push(Token::File(m.to().file()));
            out.push(Token::Rank(m.to().rank()));
            if m.is_en_passant() {
                out.push(Token::EnPassant);
            }
            if let Some(p) = m.promotion() {
                out.push(Token::Piece(p));
            }
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        out.push(Token::Mate);
    } else if after.is_check() {
        out.push(Token::Check);
    }
    out
}

/// Which parts of the from-square SAN needs (C.10): the file if it tells the pieces apart,
/// else the rank, else both.
fn disambiguation(pos: &Position, m: &Move) -> (bool, bool) {
    let rivals: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|o| {
            o.role() == m.role()
                && o.to() == m.to()
                && o.from() != m.from()
                && o.castling_side().is_none()
        })
        .map(|o| o.from())
        .collect();
    if rivals.is_empty() {
        (false, false)
    } else if rivals.iter().all(|r| r.file() != m.from().file()) {
        (true, false)
    } else if rivals.iter().all(|r| r.rank() != m.from().rank()) {
        (false, true)
    } else {
        (true, true)
    }
}

/// Appendix D's own display words for move tokens (the `de-fide` pack), without loading the
/// pack: other tokens give their id, so use [`crate::voice::Pack`] for events. Printed with
/// umlauts (a screen reader reads "König" as "Ko-e-nig"); clips are found by token, not
/// by this word.
pub fn de_fide_word(token: Token) -> &'static str {
    const FILES: [&str; 8] = [
        "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
    ];
    const RANKS: [&str; 8] = [
        "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
    ];
    match token {
        Token::File(f) => FILES[f.index() as usize],
        Token::Rank(r) => RANKS[r.index() as usize],
        Token::Piece(role) => match role {
            Role::King => "König",
            Role::Queen => "Dame",
            Role::Rook => "Turm",
            Role::Bishop => "Läufer",
            Role::Knight => "Springer",
            Role::Pawn => "Bauer",
        },
        Token::Captures => "schlägt",
        Token::EnPassant => "en passant",
        Token::CastlesShort => "Kurze Rochade",
        Token::CastlesLong => "Lange Rochade",
        Token::Check => "Schach",
        Token::Mate => "Matt",
        // Events and read-outs: the `de-fide` pack's manifest holds their words.
        other => other.id(),
    }
}

/// The phrase as one printed line in Appendix D words.
pub fn de_fide_text(phrase: &[Token]) -> String {
    phrase
        .iter()
        .map(|&t| de_fide_word(t))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CastlingMode, Square};

    fn say(fen: &str, from: Square, to: Square, promotion: Option<Role>) -> String {
        let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.king_to() == to && m.promotion() == promotion)
            .unwrap_or_else(|| panic!("no move {from}-{to} in {fen}"));
        de_fide_text(&move_phrase(&pos, &m))
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn quiet_moves() {
        assert_eq!(say(START, Square::E2, Square::E4, None), "Eva vier");
        assert_eq!(
            say(START, Square::G1, Square::F3, None),
            "Springer Felix drei"
        );
    }

    #[test]
    fn disambiguation_by_file_rank_and_both() {
        // Knights on g1 and e1 can both reach f3: the file tells them apart.
        let fen = "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1";
        assert_eq!(
            say(fen, Square::G1, Square::F3, None),
            "Springer Gustav Felix drei"
        );
        // Rooks on d1 and d8, one file: the rank tells them apart.
        let fen = "3R4/8/7k/8/8/8/8/3R2K1 w - - 0 1";
        assert_eq!(
            say(fen, Square::D1, Square::D4, None),
            "Turm eins David vier"
        );
        let fen = "8/2k5/8/8/Q6Q/8/8/Q5K1 w - - 0 1";
        assert_eq!(
            say(fen, Square::H4, Square::E1, None),
            "Dame Hector Eva eins"
        );
        assert_eq!(
            say(fen, Square::A4, Square::D1, None),
            "Dame vier David eins"
        );
        // Three queens reach d1; for the a4 queen neither file nor rank alone suffices.
        let fen = "8/8/7k/8/Q2Q4/8/8/Q5K1 w - - 0 1";
        assert_eq!(
            say(fen, Square::A4, Square::D1, None),
            "Dame Anna vier David eins"
        );
    }

    #[test]
    fn captures_en_passant_promotion_castling_check_and_mate() {
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(
            say(fen, Square::E4, Square::D5, None),
            "Eva schlägt David fünf"
        );
        let fen = "rnbqkbnr/pp2pppp/2p5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
        assert_eq!(
            say(fen, Square::E5, Square::D6, None),
            "Eva schlägt David sechs en passant"
        );
        let fen = "k7/3P4/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            say(fen, Square::D7, Square::D8, Some(Role::Queen)),
            "David acht Dame Schach"
        );
        assert_eq!(
            say(fen, Square::D7, Square::D8, Some(Role::Knight)),
            "David acht Springer"
        );
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(say(fen, Square::E1, Square::G1, None), "Kurze Rochade");
        assert_eq!(say(fen, Square::E1, Square::C1, None), "Lange Rochade");
        // Fool's mate.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        assert_eq!(
            say(fen, Square::D8, Square::H4, None),
            "Dame Hector vier Matt"
        );
        let fen = "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4";
        assert_eq!(
            say(fen, Square::C4, Square::F7, None),
            "Läufer schlägt Felix sieben Schach"
        );
    }
}
