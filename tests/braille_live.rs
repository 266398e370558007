//! Issue 17, item 2: the live braille line in `vichess play`, against the fake BrlAPI server
//! of tests/common/brlapi.rs: the display gets the opening line and the moves, and its keys
//! reach the game as the console's commands.

#[path = "common/play.rs"]
mod common_play;
#[path = "common/brlapi.rs"]
mod fake_brlapi;

use std::io::Write;
use std::sync::mpsc::Receiver;
use std::time::Duration;
use vichess::braille::brlapi;
use vichess::phrase::token::{Token, Word};
use vichess::voice::Pack;

const WAIT: Duration = Duration::from_secs(20);

/// The next line from `rx` that `want` accepts; every line passed over is kept in `seen`.
fn wait_for(rx: &Receiver<String>, seen: &mut Vec<String>, want: impl Fn(&str) -> bool) -> String {
    loop {
        match rx.recv_timeout(WAIT) {
            Ok(line) => {
                seen.push(line.clone());
                if want(line.trim_end()) {
                    return line.trim_end().to_string();
                }
            }
            Err(e) => panic!("no such line ({e}); so far: {seen:?}"),
        }
    }
}

#[test]
fn play_shows_its_lines_on_the_display_and_a_display_key_asks_the_time() {
    let home = tempfile::tempdir().unwrap();
    let socket = home.path().join("BrlAPI0");
    let display = fake_brlapi::serve(&socket);
    let games = home.path().join("games");
    let (mut child, mut stdin, stdout) = common_play::spawn_play(
        home.path(),
        &[
            "--no-audio",
            "--lang",
            "en",
            "--control",
            "5m",
            "--game-dir",
            games.to_str().unwrap(),
            "--braille-display",
            socket.to_str().unwrap(),
        ],
    );
    let (mut printed, mut shown) = (Vec::new(), Vec::new());

    // The opening line, printed and on the display, whole in 40 cells or cut to its end.
    let opening = wait_for(&stdout, &mut printed, |l| l.contains("White to move"));
    let first = wait_for(&display.written, &mut shown, |_| true);
    assert!(
        opening.ends_with(first.trim_start_matches('…')),
        "display {first:?} is not the end of {opening:?}"
    );

    // A move announcement.
    writeln!(stdin, "e4").unwrap();
    wait_for(&stdout, &mut printed, |l| l == "e4");
    wait_for(&display.written, &mut shown, |l| l == "e4");

    // BRLTTY's time command from the display: the game answers with both clocks, printed and
    // shown.
    display.keys.send(brlapi::command_key(0, 81)).unwrap();
    let answer = wait_for(&stdout, &mut printed, |l| {
        l.starts_with("White: ") && l.contains("Black: ")
    });
    let on_display = wait_for(&display.written, &mut shown, |l| l.contains("Black: "));
    assert!(
        answer.ends_with(on_display.trim_start_matches('…')),
        "display {on_display:?} is not the end of {answer:?}"
    );
    assert!(
        shown
            .iter()
            .all(|l| l.chars().count() <= fake_brlapi::CELLS as usize),
        "a write wider than the display: {shown:?}"
    );

    // Line up on the display steps back through the moves, as `back` does at the console.
    display.keys.send(brlapi::command_key(0, 1)).unwrap();
    let stepped = wait_for(&stdout, &mut printed, |l| !l.is_empty());
    let on_display = wait_for(&display.written, &mut shown, |_| true);
    assert!(
        stepped.ends_with(on_display.trim_start_matches('…')),
        "display {on_display:?} is not the end of {stepped:?}"
    );
    assert!(
        stepped.contains("e4") || stepped.contains("start"),
        "back answers with the move list: {stepped:?}"
    );

    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn without_a_brlapi_server_play_says_so_in_the_game_language_and_goes_on() {
    for (lang, pack) in [("de", "de-fide"), ("uk", "uk"), ("hy", "hy")] {
        let word = Pack::builtin(pack)
            .unwrap()
            .text(&[Token::Word(Word::BrailleDisplayMissing)]);
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let missing = home.path().join("no-such-socket");
        let args = [
            "play",
            "--no-audio",
            "--lang",
            lang,
            "--control",
            "none",
            "--game-dir",
            games.to_str().unwrap(),
            "--braille-display",
            missing.to_str().unwrap(),
        ];
        let out = common_play::run_piped(home.path(), &args, b"e4\nquit\n");
        let lines = common_play::lines_of(&out);
        let said: Vec<&String> = lines
            .iter()
            .filter(|l| l.to_lowercase().contains(&word.to_lowercase()))
            .collect();
        assert_eq!(said.len(), 1, "{lang}: {lines:?}");
        // After the socket's path, the language's mark, why and the system's reason, all
        // in the game's words.
        let pack = Pack::builtin(pack).unwrap();
        let why = format!(
            "no-such-socket{} {} ({})",
            pack.colon(),
            pack.text(&[Token::Word(Word::BrailleNoServer)]),
            pack.text(&[Token::Word(Word::IoNotFound)])
        );
        assert!(said[0].contains(&why), "{lang}: {said:?}");
        assert!(!said[0].contains("No such"), "{lang}: {said:?}");
        let saved = format!(
            "{}{} ",
            pack.text(&[Token::Word(Word::Saved)]),
            pack.colon()
        );
        assert!(
            lines.iter().any(|l| l.starts_with(&saved)),
            "{lang}: the game went on to its end: {lines:?}"
        );
    }
}

#[test]
fn the_configuration_turns_the_display_on_without_the_flag() {
    let home = tempfile::tempdir().unwrap();
    let socket = home.path().join("BrlAPI1");
    let display = fake_brlapi::serve(&socket);
    let config = home.path().join("braille.toml");
    std::fs::write(
        &config,
        format!(
            "[braille]\ndisplay = true\nsocket = {:?}\n",
            socket.to_str().unwrap()
        ),
    )
    .unwrap();
    let games = home.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "none",
        "--config",
        config.to_str().unwrap(),
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let out = common_play::run_piped(home.path(), &args, b"e4\nquit\n");
    common_play::lines_of(&out);
    let shown: Vec<String> = display
        .written
        .try_iter()
        .map(|l| l.trim_end().to_string())
        .collect();
    assert!(
        shown
            .iter()
            .any(|l| l.contains("say help for the commands")),
        "{shown:?}"
    );
    assert!(shown.iter().any(|l| l == "e4"), "{shown:?}");
}

/// BRLTTY answering with no display (a 0-cell line) is said as that, not as a protocol fault:
/// the player knows to connect the display, not to look for BRLTTY.
#[test]
fn a_brltty_without_a_display_is_said_as_such() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    // The lines of a game of one move played with the display at `socket`, in Russian.
    let lines_with = |socket: &std::path::Path| {
        let args = [
            "play",
            "--no-audio",
            "--lang",
            "ru",
            "--control",
            "none",
            "--game-dir",
            games.to_str().unwrap(),
            "--braille-display",
            socket.to_str().unwrap(),
        ];
        common_play::lines_of(&common_play::run_piped(home.path(), &args, b"e4\nquit\n"))
    };
    let socket = home.path().join("BrlAPI0");
    let _display = fake_brlapi::serve_with(
        &socket,
        fake_brlapi::Setup {
            cells: 0,
            ..Default::default()
        },
    );
    let lines = lines_with(&socket);
    let pack = Pack::builtin("ru").unwrap();
    let want = format!(
        "{} (",
        pack.text(&[Token::Word(Word::BrailleDisplayMissing)])
    );
    let said: Vec<&String> = lines.iter().filter(|l| l.starts_with(&want)).collect();
    assert_eq!(said.len(), 1, "{lines:?}");
    assert!(
        said[0].ends_with("BrlAPI0: BRLTTY отвечает, но брайлевского дисплея у него нет)"),
        "{said:?}"
    );
    // A socket left behind by a BRLTTY that has gone: nothing listens there, said so.
    let stale = home.path().join("BrlAPI1");
    drop(std::os::unix::net::UnixListener::bind(&stale).unwrap());
    let lines = lines_with(&stale);
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("BrlAPI1: там не отвечает BRLTTY (там никто не слушает))")),
        "{lines:?}"
    );
}
