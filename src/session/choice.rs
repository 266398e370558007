//! The answer to "which one?": after a move that two men could make was refused with both
//! named ("Springer Bella eins oder Springer Felix drei"), the player may answer with the one
//! meant instead of typing the whole move again: its square ("Bella eins", "b1"), its file
//! or rank where that tells them apart ("Bella", "1"), the man where they are of two
//! ("кінь"), or its place in the question ("the first", "друга", "երկրորդ").

use super::spoken::{spoken_file, spoken_rank, spoken_role, spoken_square};
use crate::rules::Move;

/// The moves of a refused ambiguous move, in the order the refusal named them.
pub(super) type Choices = Vec<Move>;

/// The move of `choices` that `answer` picks, if it picks exactly one.
pub(super) fn chosen(choices: &[Move], answer: &str) -> Option<Move> {
    let answer = answer.trim();
    let one = |keep: &dyn Fn(&Move) -> bool| -> Option<Move> {
        let mut found = choices.iter().filter(|m| keep(m));
        match (found.next(), found.next()) {
            (Some(m), None) => Some(*m),
            _ => None,
        }
    };
    if let Some(sq) = spoken_square(answer) {
        return one(&|m| m.from() == sq);
    }
    if let Some(file) = spoken_file(answer) {
        return one(&|m| m.from().file() == file);
    }
    if let Some(rank) = spoken_rank(answer) {
        return one(&|m| m.from().rank() == rank);
    }
    // "король чи кінь?": the man answers, where the two moves are of different men.
    if let Some(role) = spoken_role(answer) {
        return one(&|m| m.role() == role);
    }
    // "kurze Rochade oder lange Rochade?": the side alone answers ("lange", "queenside").
    if choices.iter().all(|m| matches!(m, Move::Castle { .. })) {
        if let Some(long) = castling_side(answer) {
            return one(&|m| match m {
                Move::Castle { king, rook } => (rook.file() < king.file()) == long,
                _ => false,
            });
        }
    }
    let place = ordinal(answer)?;
    choices.get(place).copied()
}

/// Whether a short answer names the long castling (`true`) or the short one: "lange",
/// "queenside", "длинная", "довга", "երկար"; "kurze", "kingside", "короткая", "կարճ".
fn castling_side(answer: &str) -> Option<bool> {
    const SHORT: &[&str] = &["short", "king", "kurz", "корот", "կարճ"];
    const LONG: &[&str] = &["long", "queen", "lang", "длин", "довг", "երկար"];
    let words: Vec<String> = answer
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.len() > 3 {
        return None;
    }
    let names = |stems: &[&str]| words.iter().any(|w| stems.iter().any(|s| w.starts_with(s)));
    match (names(SHORT), names(LONG)) {
        (true, false) => Some(false),
        (false, true) => Some(true),
        _ => None,
    }
}

/// The place an ordinal word names, from 0: "first", "erste", "перший", "вторая",
/// "երրորդ". Digits are ranks, not places ("R1a4" names the rook on the first rank).
fn ordinal(answer: &str) -> Option<usize> {
    const STEMS: [&[&str]; 4] = [
        &["first", "erst", "перв", "перш", "առաջին"],
        &["second", "zweit", "втор", "друг", "երկրորդ"],
        &["third", "dritt", "трет", "երրորդ"],
        &["fourth", "viert", "четв", "չորրորդ"],
    ];
    let words: Vec<String> = answer
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    // "the first", "den ersten", "перший" (a piece word after it is allowed too: "der
    // erste Springer").
    let place = words.iter().find_map(|w| {
        STEMS
            .iter()
            .position(|stems| stems.iter().any(|s| w.starts_with(s)))
    })?;
    (words.len() <= 3).then_some(place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::uci;
    use crate::rules::Position;

    /// Knights on b1 and f3 can both go to d2 (and rooks on a1 and a7 to a4).
    fn two_knights() -> (Position, Choices) {
        let pos = Position::from_fen(
            "4k3/r7/8/8/8/5N2/8/RN2K3 w - - 0 1",
            crate::rules::CastlingMode::Standard,
        )
        .expect("FEN");
        let choices = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.to() == crate::rules::Square::D2)
            .filter(|m| m.role() == crate::rules::Role::Knight)
            .collect();
        (pos, choices)
    }

    #[test]
    fn a_square_a_file_or_a_place_picks_one_move() {
        let (pos, choices) = two_knights();
        assert_eq!(choices.len(), 2);
        let pick = |a: &str| chosen(&choices, a).map(|m| uci(&pos, &m));
        let b1 = Some("b1d2".to_string());
        let f3 = Some("f3d2".to_string());
        for (answer, want) in [
            ("Bella eins", &b1),
            ("b1", &b1),
            ("бэ один", &b1),
            ("Felix", &f3),
            ("f", &f3),
            ("3", &f3),
            ("1", &b1),
            ("drei", &f3),
            ("second", &chosen(&choices, "zweite").map(|m| uci(&pos, &m))),
            ("перша", &chosen(&choices, "первый").map(|m| uci(&pos, &m))),
            ("երկրորդ", &chosen(&choices, "друга").map(|m| uci(&pos, &m))),
        ] {
            assert_eq!(&pick(answer), want, "{answer}");
            assert!(pick(answer).is_some(), "{answer}");
        }
        assert_ne!(pick("the first"), pick("the second"));
        // What names neither, or both, picks nothing.
        for answer in [
            "Cesar drei",
            "d2",
            "8",
            "третий",
            "Springer",
            "e4 e5 and more words",
        ] {
            assert_eq!(pick(answer), None, "{answer}");
        }
    }
}
