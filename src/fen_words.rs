//! A FEN the rules refuse, told in the game's language: the rules core gives values
//! ([`FenError`], [`PositionError`]) with its own English texts, and these words say where
//! the fault is (which field, which rank), what was found and what was expected, for
//! `--fen` on every command and for a game file's FEN tag alike.

use crate::phrase::token::{Token, Word};
use crate::rules::fen::{CastlingFault, MoveCounter, PlacementFault};
use crate::rules::{CastlingSide, Color, FenError, PositionError};
use crate::voice::Pack;

/// The pack's word with its places (`{n}`, `{text}`) filled.
fn fill(pack: &Pack, word: Word, places: &[(&str, &str)]) -> String {
    let mut text = pack.text(&[Token::Word(word)]);
    for (name, value) in places {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// "where: what" with the pack's colon (Armenian "՝").
fn at(pack: &Pack, place: String, what: String) -> String {
    format!("{place}{} {what}", pack.colon())
}

/// Why the FEN cannot be used, with where: "Teil 1 (Figurenstellung), Reihe 7: „X“ ist …".
pub fn fen_error(pack: &Pack, e: &FenError) -> String {
    let q = |text: &str| pack.language().quote(text);
    let c = |ch: &char| q(&ch.to_string());
    match e {
        FenError::Empty => fill(pack, Word::FenEmpty, &[]),
        FenError::Ranks(n) => fill(pack, Word::FenRanks, &[("n", &n.to_string())]),
        FenError::Placement { rank, fault } => {
            let what = match fault {
                PlacementFault::BadDigit(ch) => fill(pack, Word::FenBadDigit, &[("c", &c(ch))]),
                PlacementFault::PastHFile(ch) => fill(pack, Word::FenPastHFile, &[("c", &c(ch))]),
                PlacementFault::NotAPiece(ch) => fill(pack, Word::FenNotAPiece, &[("c", &c(ch))]),
                PlacementFault::TooWide(text) => {
                    fill(pack, Word::FenTooWide, &[("text", &q(text))])
                }
                PlacementFault::TooNarrow(text, n) => fill(
                    pack,
                    Word::FenTooNarrow,
                    &[("text", &q(text)), ("n", &n.to_string())],
                ),
            };
            let place = fill(pack, Word::FenPlacementRank, &[("rank", &rank.to_string())]);
            at(pack, place, what)
        }
        FenError::Turn(text) => fill(pack, Word::FenTurn, &[("text", &q(text))]),
        FenError::Castling { field, fault } => {
            let place = fill(pack, Word::FenCastling, &[("text", &q(field))]);
            at(pack, place, castling_fault(pack, fault))
        }
        FenError::EnPassant(text) => fill(pack, Word::FenEnPassant, &[("text", &q(text))]),
        FenError::Counter { counter, value } => {
            let word = match counter {
                MoveCounter::Halfmoves => Word::FenHalfmoves,
                MoveCounter::Fullmoves => Word::FenFullmoves,
            };
            fill(pack, word, &[("text", &q(value))])
        }
        FenError::TooManyFields(n) => fill(pack, Word::FenTooManyFields, &[("n", &n.to_string())]),
        FenError::Position(e) => at(
            pack,
            fill(pack, Word::FenImpossible, &[]),
            position_error(pack, e),
        ),
    }
}

fn castling_fault(pack: &Pack, fault: &CastlingFault) -> String {
    let by_color = |color: &Color, white, black| color.fold(white, black);
    match fault {
        CastlingFault::KingNotHome(color) => fill(
            pack,
            by_color(
                color,
                Word::FenCastlingNoKingWhite,
                Word::FenCastlingNoKingBlack,
            ),
            &[],
        ),
        CastlingFault::NoRook { color, side } => {
            let wing = fill(
                pack,
                match side {
                    CastlingSide::KingSide => Word::FenWingH,
                    CastlingSide::QueenSide => Word::FenWingA,
                },
                &[],
            );
            let word = by_color(
                color,
                Word::FenCastlingNoRookWhite,
                Word::FenCastlingNoRookBlack,
            );
            fill(pack, word, &[("wing", &wing)])
        }
        CastlingFault::NoRookOn(color, square) => {
            let word = by_color(
                color,
                Word::FenCastlingNoRookOnWhite,
                Word::FenCastlingNoRookOnBlack,
            );
            fill(pack, word, &[("square", &square.to_string())])
        }
        CastlingFault::NotALetter(ch) => fill(
            pack,
            Word::FenCastlingNotALetter,
            &[("c", &pack.language().quote(&ch.to_string()))],
        ),
    }
}

/// Why a position cannot arise in a game. Squares are written as the FEN writes them (e3),
/// whatever the language's file letters: the player finds them in what was typed.
pub fn position_error(pack: &Pack, e: &PositionError) -> String {
    let n = |count: &usize| count.to_string();
    let (word, places): (Word, Vec<(&str, String)>) = match e {
        PositionError::MissingKing(color) => (
            color.fold(Word::FenKingMissingWhite, Word::FenKingMissingBlack),
            vec![],
        ),
        PositionError::TooManyKings(color, count) => (
            color.fold(Word::FenKingsWhite, Word::FenKingsBlack),
            vec![("n", n(count))],
        ),
        PositionError::TooManyMen(color, count) => (
            color.fold(Word::FenTooManyMenWhite, Word::FenTooManyMenBlack),
            vec![("n", n(count))],
        ),
        PositionError::PawnOnBackRank(square) => {
            (Word::FenPawnBackRank, vec![("square", square.to_string())])
        }
        // The side to move names the sentence; the other side's king is the one in check.
        PositionError::OppositeCheck(turn, _) => (
            turn.fold(Word::FenOppositeCheckWhite, Word::FenOppositeCheckBlack),
            vec![],
        ),
        PositionError::ImpossibleCheck(count) => (Word::FenImpossibleCheck, vec![("n", n(count))]),
        PositionError::BadCastlingRights(square, color) => (
            color.fold(Word::FenCastlingRightsWhite, Word::FenCastlingRightsBlack),
            vec![("square", square.to_string())],
        ),
        PositionError::NotStandardCastling(square) => (
            Word::FenNotStandardCastling,
            vec![("square", square.to_string())],
        ),
        PositionError::BadEnPassant(square) => {
            (Word::FenBadEnPassant, vec![("square", square.to_string())])
        }
    };
    let places: Vec<(&str, &str)> = places.iter().map(|(k, v)| (*k, v.as_str())).collect();
    fill(pack, word, &places)
}

/// The line that refuses `--fen`: the flag, the FEN as typed, then what is wrong and where.
pub fn flag_line(pack: &Pack, fen: &str, e: &FenError) -> String {
    format!(
        "--fen {}{} {}",
        pack.language().quote(fen),
        pack.colon(),
        fen_error(pack, e)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CastlingMode, Position};

    fn told(pack: &str, fen: &str) -> String {
        let pack = Pack::builtin(pack).unwrap();
        let e = Position::from_fen(fen, CastlingMode::Standard).unwrap_err();
        fen_error(&pack, &e)
    }

    #[test]
    fn a_bad_rank_names_the_field_the_rank_and_the_character() {
        let fen = "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            told("de", fen),
            "Teil 1 (Figurenstellung), Reihe 7: „X“ ist weder ein Figurenbuchstabe \
             (KQRBNP für Weiß, kqrbnp für Schwarz) noch eine Ziffer von 1 bis 8"
        );
        assert_eq!(told("de-fide", fen), told("de", fen));
        assert_eq!(
            told("ru", "8/8/8/8/8/8/8/K1k w"),
            "часть 1 (расстановка), горизонталь 1: «K1k» занимает только 3 из 8 полей"
        );
        assert_eq!(
            told("hy", "8/8/8/8/8/8/8/K1k w"),
            "մաս 1 (դասավորություն), հորիզոնական 1՝ «K1k» հորիզոնականը զբաղեցնում է 8 դաշտից միայն 3-ը"
        );
        assert_eq!(
            told("uk", "8/8/8 w"),
            "частина 1 (розстановка) має складатися з 8 горизонталей через /, а не з 3"
        );
        assert_eq!(
            told("en", "k7/8/8/8/8/8/8/K8 w"),
            "field 1 (placement), rank 1: \"K8\" covers more than 8 squares"
        );
    }

    #[test]
    fn the_other_fields_say_what_was_found_and_what_is_expected() {
        assert_eq!(
            told("de", "k7/8/8/8/8/8/8/K7 x"),
            "Teil 2 (wer am Zug ist) ist „x“; erwartet wird w (Weiß) oder b (Schwarz)"
        );
        assert_eq!(
            told("ru", "k7/8/8/8/8/8/8/K7 w - - zwei 1"),
            "часть 5 (счётчик полуходов) — «zwei»; ожидается целое число"
        );
        assert_eq!(
            told("en", "r3k3/8/8/8/8/8/8/R3K3 w K - 0 1"),
            "field 3 (castling) is \"K\": no white rook stands on rank 1 between the king and the h-file"
        );
        assert_eq!(
            told("uk", "k7/8/8/8/8/8/8/K7 w - - 0 1 7"),
            "у рядку FEN більше ніж 6 частин (7)"
        );
    }

    #[test]
    fn an_impossible_position_says_why_in_the_language() {
        let kings = "k7/8/8/8/8/8/8/KK6 w - -";
        assert_eq!(
            told("de", kings),
            "diese Stellung kann in keiner Partie entstehen: Weiß hat mehr als einen König (2); \
             jede Seite hat genau einen"
        );
        assert_eq!(
            told("ru", kings),
            "такая позиция не может возникнуть в партии: у белых больше одного короля (2); \
             у каждой стороны ровно один"
        );
        assert_eq!(
            told("hy", kings),
            "այսպիսի դիրք պարտիայում չի կարող առաջանալ՝ սպիտակներն ունեն մեկից ավելի արքա (2)։ \
             Յուրաքանչյուր կողմ ունի ճիշտ մեկը"
        );
        assert_eq!(
            told("en", "k7/8/8/8/8/8/8/R6K w - -"),
            "this position cannot arise in a game: White is to move, but the black king is in \
             check: the side not to move can never be in check (3.9)"
        );
    }

    #[test]
    fn every_refusal_has_words_in_every_pack() {
        let fens = [
            "",
            "8/8 w",
            "k7/8/8/8/8/8/8/K6p0 w",
            "k7/8/8/8/8/8/8/K7p w",
            "k7/8/8/8/8/8/8/K6 w",
            "k7/8/8/8/8/8/8/K7 w X",
            "k7/8/8/8/8/8/8/4K3 w Q",
            "k7/8/8/8/8/8/8/K7 w - e9",
            "k7/8/8/8/8/8/8/K7 w - - 0 x",
            "8/8/8/8/8/8/8/K7 w",
            "k7/8/8/8/8/8/8/K6P w",
            "k7/8/8/8/8/8/8/K7 w - e6",
        ];
        for pack in ["en", "de", "de-fide", "ru", "uk", "hy"] {
            let pack = Pack::builtin(pack).unwrap();
            for fen in fens {
                let e = Position::from_fen(fen, CastlingMode::Standard).unwrap_err();
                let text = fen_error(&pack, &e);
                assert!(!text.contains('{'), "{}: {fen}: {text}", pack.name());
                // A sentence after a full stop (Armenian "։") starts with a capital.
                for stop in [". ", "։ "] {
                    for after in text.split(stop).skip(1) {
                        let first = after.chars().next().unwrap_or('A');
                        assert!(
                            !first.is_lowercase(),
                            "{}: {fen}: lower case after {stop:?}: {text}",
                            pack.name()
                        );
                    }
                }
                if pack.language() != crate::phrase::Language::En {
                    assert_ne!(
                        text,
                        fen_error(&Pack::builtin("en").unwrap(), &e),
                        "{}: {fen}",
                        pack.name()
                    );
                }
            }
        }
    }
}
