//! The spoken form of a move (Appendix D.2.1) read back: "Springer Felix drei", "Kurze
//! Rochade", "Eva schlaegt David fuenf", "David acht Dame".
//!
//! An assistant types what the player announced, so the words are turned into SAN and the
//! rules core decides what the move is and why it may not be played: one parser, one set of
//! error messages. Umlauts and their `ae oe ue` spellings are both accepted, as are Cesar and
//! Caesar (the translations differ), and digits for ranks ("Springer Felix 3").

use crate::rules::notation::{parse_move_in, Lang, MoveError};
use crate::rules::{Move, Position};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    Piece(char),
    Pawn,
    File(char),
    Rank(char),
    Capture,
    /// Words that add nothing to the move: check, mate, en passant.
    Ignore,
}

fn item(word: &str) -> Option<Item> {
    let w = word
        .to_lowercase()
        .replace('ä', "ae")
        .replace('ö', "oe")
        .replace('ü', "ue");
    let it = match w.as_str() {
        "anna" => Item::File('a'),
        "bella" => Item::File('b'),
        "cesar" | "caesar" | "zaesar" => Item::File('c'),
        "david" => Item::File('d'),
        "eva" => Item::File('e'),
        "felix" => Item::File('f'),
        "gustav" => Item::File('g'),
        "hector" | "hektor" => Item::File('h'),
        "eins" => Item::Rank('1'),
        "zwei" => Item::Rank('2'),
        "drei" => Item::Rank('3'),
        "vier" => Item::Rank('4'),
        "fuenf" => Item::Rank('5'),
        "sechs" => Item::Rank('6'),
        "sieben" => Item::Rank('7'),
        "acht" => Item::Rank('8'),
        "koenig" => Item::Piece('K'),
        "dame" => Item::Piece('Q'),
        "turm" => Item::Piece('R'),
        "laeufer" => Item::Piece('B'),
        "springer" => Item::Piece('N'),
        "bauer" => Item::Pawn,
        "schlaegt" | "nimmt" | "x" => Item::Capture,
        "schach" | "matt" | "en" | "passant" | "e.p." | "ep" => Item::Ignore,
        d if d.len() == 1 && ('1'..='8').contains(&d.chars().next()?) => {
            Item::Rank(d.chars().next()?)
        }
        _ => return None,
    };
    Some(it)
}

/// The SAN that the spoken words mean, or `None` when the text is not in the spoken form
/// (then it is some other notation, for the rules core to read).
pub fn spoken_to_san(text: &str) -> Option<String> {
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '!' || c == '?')
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_end_matches('.').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() < 2 {
        return None;
    }
    match words.as_slice() {
        [a, b, ..] if a == "kurze" && b == "rochade" => return Some("O-O".into()),
        [a, b, ..] if a == "lange" && b == "rochade" => return Some("O-O-O".into()),
        _ => {}
    }
    let items: Vec<Item> = words.iter().map(|w| item(w)).collect::<Option<_>>()?;
    let items: Vec<Item> = items.into_iter().filter(|i| *i != Item::Ignore).collect();
    let mut san = String::new();
    let mut squares = false;
    for (i, it) in items.iter().enumerate() {
        match *it {
            Item::Piece(p) if i == 0 => san.push(p),
            Item::Pawn if i == 0 => {}
            Item::Piece(p) if squares && i == items.len() - 1 => {
                san.push('=');
                san.push(p);
            }
            Item::Piece(_) | Item::Pawn => return None,
            Item::File(f) => {
                squares = true;
                san.push(f);
            }
            Item::Rank(r) => {
                squares = true;
                san.push(r);
            }
            Item::Capture => san.push('x'),
            Item::Ignore => {}
        }
    }
    squares.then_some(san)
}

/// The legal move `text` names, in the spoken form or any notation the rules core reads.
pub fn parse_any(pos: &Position, text: &str, lang: Lang) -> Result<Move, MoveError> {
    match spoken_to_san(text) {
        Some(san) => parse_move_in(pos, &san, Lang::En),
        None => parse_move_in(pos, text, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_appendix_d_examples_become_san() {
        let cases = [
            ("Springer Felix drei", "Nf3"),
            ("Kurze Rochade", "O-O"),
            ("Lange Rochade", "O-O-O"),
            ("Eva schlaegt David fuenf", "exd5"),
            ("Eva schlägt David fünf", "exd5"),
            ("David acht Dame", "d8=Q"),
            ("Bauer Eva vier", "e4"),
            ("Springer Gustav Felix drei", "Ngf3"),
            ("Läufer Cäsar vier Schach", "Bc4"),
            ("Turm Anna 1", "Ra1"),
        ];
        for (spoken, san) in cases {
            assert_eq!(spoken_to_san(spoken).as_deref(), Some(san), "{spoken}");
        }
    }

    #[test]
    fn other_notations_are_not_taken_for_speech() {
        for text in ["e4", "Nf3", "e2 e4", "O-O", "Springer", "Felix blau drei"] {
            assert_eq!(spoken_to_san(text), None, "{text}");
        }
    }
}
