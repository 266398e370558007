//! Issue 24, item 9: at a terminal, a line that arrives while the player types (a time call
//! in time trouble) is printed above the line being typed, and the typed text is drawn again
//! intact below it, never garbled into it. On a real pseudo-terminal; what the program
//! writes is played on a small screen model (escape sequences interpreted, not matched).
#![cfg(all(unix, feature = "serial"))]

#[path = "common/terminal.rs"]
mod terminal;

use std::io::{Read, Write};
use terminal::{screen, stty, Terminal};

#[test]
fn the_screen_model_reads_what_an_editor_writes() {
    assert_eq!(
        screen(b"knig\x1b[?2026h\r\x1b[KWhite: nine seconds\r\nknig\r\x1b[4C\x1b[?2026lht f3\r\n"),
        ["White: nine seconds", "knight f3"]
    );
    assert_eq!(screen(b"ab\x08c\r\nx\x1b]0;title\x07y"), ["ac", "xy"]);
}

/// A time call on a row of its own: "White: nine seconds" (whichever second a slow machine
/// reached first).
fn is_call(row: &str) -> bool {
    row.strip_prefix("White: ").is_some_and(|rest| {
        rest.ends_with(" seconds") && rest.split(' ').count() == 2 && !rest.contains("kn")
    })
}

#[test]
fn a_time_call_is_printed_above_the_line_being_typed_and_the_typed_text_stays_whole() {
    let (mut t, before) = Terminal::start(&["--no-audio", "--lang", "en", "--control", "11s"]);
    t.wait_for("greeting", |r| r.contains("White to move"));
    t.type_slowly("start\r");
    t.wait_for("clock start", |r| r.starts_with("clock running"));
    // Half a move, then a time call (every second under ten), then the rest.
    t.type_slowly("knight t");
    t.wait_for("time call", is_call);
    t.type_slowly("o f3\r");
    t.wait_for("the move announced", |r| r == "knight f3");
    t.type_slowly("quit\r");
    let status = t.wait_end();
    let mut err = String::new();
    t.child
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{err}");
    let rows = t.rows();
    let at = |what: &dyn Fn(&str) -> bool| rows.iter().position(|r| what(r));
    // The call on a row of its own; the typed line whole below it; then the move said.
    let call = at(&is_call).unwrap_or_else(|| panic!("{rows:?}"));
    let typed = at(&|r| r == "knight to f3").unwrap_or_else(|| panic!("{rows:?}"));
    let said = at(&|r| r == "knight f3").unwrap_or_else(|| panic!("{rows:?}"));
    assert!(call < typed && typed < said, "{rows:?}");
    // No row mixes a call with typed text.
    assert!(
        !rows
            .iter()
            .any(|r| r.contains("seconds") && r.contains("kn")),
        "{rows:?}"
    );
    assert!(rows.iter().any(|r| r.starts_with("game saved")), "{rows:?}");
    let mut sink = [0u8; 256];
    let _ = t.master.read(&mut sink);
    assert_eq!(
        stty(&t.path, &["-g"]),
        before,
        "the terminal was not restored"
    );
}

/// Ctrl-C in the editor (a key in raw mode, no signal) ends the game as SIGINT does: saved,
/// the interruption said, and the terminal given back as it was.
#[test]
fn ctrl_c_while_typing_ends_the_game_as_an_interrupt_and_restores_the_terminal() {
    let (mut t, before) = Terminal::start(&["--no-audio", "--lang", "en", "--control", "none"]);
    t.wait_for("greeting", |r| r.contains("White to move"));
    t.type_slowly("e4\r");
    t.wait_for("the move announced", |r| r == "e4");
    // Ctrl-C is a key only while the editor holds the terminal raw. Between two lines the
    // terminal is cooked and turns it into SIGINT for the terminal's foreground group, which
    // a test's pseudo-terminal has none of (in a shell vichess is that group, and the signal
    // ends the game the same way): wait for the editor to take the terminal again.
    t.wait_until_raw();
    t.type_slowly("knig\u{3}");
    let status = t.wait_end();
    assert!(status.success(), "{status:?}");
    // Said as an interruption by SIGINT, after the game was saved.
    t.wait_for("the interruption said", |r| {
        r == "the game was interrupted (Ctrl+C)"
    });
    assert!(
        t.rows().iter().any(|r| r.starts_with("game saved")),
        "{:?}",
        t.rows()
    );
    let mut sink = [0u8; 256];
    let _ = t.master.read(&mut sink);
    assert_eq!(
        stty(&t.path, &["-g"]),
        before,
        "the terminal was not restored"
    );
}

/// Lines typed ahead or pasted in one go are all read, in order: the editor keeps what it
/// read past one line for the next (a lost `press` would leave the player's clock running).
#[test]
fn lines_typed_together_are_all_played() {
    let (mut t, _) = Terminal::start(&["--no-audio", "--lang", "en", "--control", "15m"]);
    t.wait_for("greeting", |r| r.contains("White to move"));
    t.master.write_all(b"e4\rpress\re5\rpress\r").unwrap();
    t.wait_for("Black's move completed", |r| {
        r.starts_with("move completed: Black")
    });
    t.type_slowly("quit\r");
    assert!(t.wait_end().success());
    let rows = t.rows();
    let at = |what: &str| rows.iter().position(|r| r == what);
    let white = at("move completed: White; clock running: Black");
    let black = at("move completed: Black; clock running: White");
    assert!(
        white.is_some() && black.is_some() && white < black,
        "{rows:?}"
    );
}
