//! The braille scoresheet from `vichess play` (D.2.7): `save NAME.brf` writes it for an
//! embosser and `save NAME.brl` in Unicode braille, at any time of the game, in the game's
//! language; the Unicode sheet reads back to the moves through liblouis.

// The sheet is written through liblouis (the `braille` feature).
#![cfg(feature = "braille")]

#[path = "common/play.rs"]
mod common_play;
#[path = "common/louis.rs"]
mod louis_cli;

#[test]
fn save_writes_the_scoresheet_in_braille_during_the_game() {
    let home = tempfile::tempdir().unwrap();
    let brf = home.path().join("sheet.brf");
    let brl = home.path().join("sheet.brl");
    let script = format!(
        "e4\ne5\nNf3\nsave {}\nsave {}\nquit\n",
        brf.display(),
        brl.display()
    );
    let args = ["play", "--no-audio", "--lang", "de", "--control", "none"];
    let lines = common_play::lines_of(&common_play::run_piped(
        home.path(),
        &args,
        script.as_bytes(),
    ));
    assert!(
        lines.contains(&format!("Partie gespeichert: {}", brf.display())),
        "{lines:?}"
    );
    let embosser = std::fs::read(&brf).expect("the BRF sheet is written");
    assert!(!embosser.is_empty());
    assert!(
        embosser
            .iter()
            .all(|b| b.is_ascii() && (*b >= b' ' || b"\r\n\x0c".contains(b))),
        "BRF is ASCII braille only"
    );
    let unicode = std::fs::read_to_string(&brl).expect("the Unicode sheet is written");
    assert!(unicode
        .chars()
        .all(|c| ('\u{2800}'..='\u{28ff}').contains(&c) || c.is_whitespace()));
    let table = vichess::braille::louis::default_table(vichess::rules::notation::Lang::De);
    let text = louis_cli::back_translate(table, &unicode).replace(' ', "");
    assert!(text.contains("e4e5"), "{text}");
    assert!(
        text.to_lowercase().contains("sf3"),
        "German letters: {text}"
    );
}
