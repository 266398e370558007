//! Braille input: a move typed on a braille keyboard in computer braille arrives as text. The
//! screen reader (BRLTTY) turns the typed dots into the characters of the user's table, so the
//! console receives ordinary letters and digits; this checks that every language's notation
//! typed that way, and its six-dot reading (`кф3`, `ձֆ3`), becomes the right move.

use vichess::braille::read::{read_move, read_moves};
use vichess::rules::notation::{parse_move_in, Lang};
use vichess::rules::Position;

#[test]
fn typed_notation_in_each_language_reads_as_the_move() {
    let pos = Position::new();
    let knight = parse_move_in(&pos, "Nf3", Lang::En).unwrap();
    for (lang, typed) in [
        (Lang::En, "Nf3"),
        (Lang::De, "Sf3"),
        (Lang::Ru, "Кf3"),
        (Lang::Ru, "кф3"),
        (Lang::Uk, "кф3"),
        (Lang::Hy, "Ձf3"),
        (Lang::Hy, "ձֆ3"),
    ] {
        assert_eq!(read_move(&pos, typed, lang), Ok(knight), "{lang:?} {typed}");
    }
}

#[test]
fn a_line_of_braille_moves_reads_in_order_and_a_wrong_move_is_named() {
    let pos = Position::new();
    let moves = read_moves("1. е4 е5 2. кф3 кц6", &pos, Lang::Ru).unwrap();
    assert_eq!(moves.len(), 4);
    let err = read_moves("1. е4 е5 2. кф4", &pos, Lang::Ru).unwrap_err();
    assert!(err.to_string().contains("move 3"), "{err}");
}
