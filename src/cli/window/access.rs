//! The names screen readers read: each square as the console's board cursor says it ("e4,
//! light square, white pawn" in the game's language), the clocks, the sides. One source of
//! words with the console, so the window and `play` never name a square differently.

use vichess::phrase::readout::cursor_readout;
use vichess::phrase::token::{Punct, Token, Word};
use vichess::rules::{Board, Color, Square};
use vichess::voice::Pack;

/// The square's accessible name: the square as it is written ("e4": short on a braille line,
/// and every screen reader's voice says it), then the cursor's words for its colour and its
/// man, then what the window marks on it (the window's own words: "last move", "chosen").
pub fn square_name(pack: &Pack, board: &Board, sq: Square, marks: &[&str]) -> String {
    let readout = cursor_readout(board, sq);
    // The cursor's phrase starts with the square's spoken name, up to the first comma.
    let rest = match readout
        .iter()
        .position(|t| *t == Token::Punct(Punct::Comma))
    {
        Some(comma) => &readout[comma..],
        None => &readout[..0],
    };
    let mut name = format!("{sq}{}", pack.text(rest));
    for m in marks {
        name.push_str(", ");
        name.push_str(m);
    }
    name
}

/// "touched" in the game's words, for a square whose man was lifted.
pub fn touched_word(pack: &Pack) -> String {
    pack.text(&[Token::Word(Word::Touched)])
}

/// A side's name: "White", "Weiß", "білі".
pub fn side_name(pack: &Pack, side: Color) -> String {
    pack.text(&[Token::Side(side)])
}

/// A clock's accessible name: the side and its time in words ("White, five minutes").
pub fn clock_name(pack: &Pack, side: Color, millis: u64) -> String {
    pack.text(&[
        Token::Side(side),
        Token::Punct(Punct::Comma),
        Token::Duration(millis),
    ])
}

/// A clock as the window shows it: h:mm:ss, or m:ss.t under ten seconds.
pub fn clock_digits(millis: u64) -> String {
    let s = millis / 1000;
    match (s / 3600, millis < 10_000) {
        (0, true) => format!("{}:{:02}.{}", s / 60, s % 60, (millis % 1000) / 100),
        (0, false) => format!("{}:{:02}", s / 60, s % 60),
        (h, _) => format!("{h}:{:02}:{:02}", (s / 60) % 60, s % 60),
    }
}

/// How long until [`clock_digits`] of a clock counting down from `millis` shows other digits:
/// the window redraws a running clock then, not at a fixed rate, so a screen reader's tree
/// and the CPU are touched once a second (ten times under ten seconds, where tenths show)
/// rather than at every frame.
/// `None` at zero: a fallen flag shows 0:00.0 until the game says what follows.
pub fn digits_change_in(millis: u64) -> Option<std::time::Duration> {
    let step = if millis <= 10_000 { 100 } else { 1000 };
    // The digits change when the time drops below the next lower multiple of the step.
    (millis > 0).then(|| std::time::Duration::from_millis(millis % step + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vichess::rules::Position;

    /// Redrawing at the given moment shows new digits, and no redraw before it was needed.
    #[test]
    fn a_running_clock_is_redrawn_exactly_when_its_digits_change() {
        assert_eq!(digits_change_in(0), None);
        for millis in (1..4_000_000u64)
            .step_by(37)
            .chain([10_000, 10_001, 9_999, 1000, 999, 1])
        {
            let wait = digits_change_in(millis)
                .expect("a running clock")
                .as_millis() as u64;
            assert!((1..=1000).contains(&wait), "{millis}: {wait}");
            let shown = clock_digits(millis);
            assert_eq!(
                clock_digits(millis - (wait - 1).min(millis)),
                shown,
                "{millis} ms, {wait} ms"
            );
            if millis >= wait {
                assert_ne!(clock_digits(millis - wait), shown, "{millis} ms, {wait} ms");
            }
        }
        assert!(digits_change_in(3_600_500).is_some_and(|d| d.as_millis() > 100));
    }

    fn pack(name: &str) -> Pack {
        Pack::builtin(name).expect("built-in pack")
    }

    /// Squares are named in the game's language, the way the console cursor says them.
    #[test]
    fn squares_are_named_in_the_games_language() {
        let board = *Position::new().board();
        let en = square_name(&pack("en"), &board, Square::E2, &[]);
        assert_eq!(en, "e2, light square, white pawn");
        let de = square_name(&pack("de-fide"), &board, Square::E2, &["letzter Zug"]);
        assert_eq!(de, "e2, helles Feld, weißer Bauer, letzter Zug");
        let uk = square_name(&pack("uk"), &board, Square::E4, &[]);
        assert!(uk.starts_with("e4, ") && uk.contains("порожн"), "{uk}");
        let hy = square_name(&pack("hy"), &board, Square::D8, &[]);
        assert!(hy.starts_with("d8, ") && !hy.contains("queen"), "{hy}");
    }

    #[test]
    fn clocks_read_as_digits() {
        assert_eq!(clock_digits(5 * 60_000), "5:00");
        assert_eq!(clock_digits(9_950), "0:09.9");
        assert_eq!(clock_digits(90 * 60_000 + 5_000), "1:30:05");
    }
}
