//! Same inputs, same outputs, whichever front end: `vichess play` (real time, standard input)
//! and the demo's loop (`vichess demo --script`, simulated time) both run the one driver, so
//! a script of console lines gives the same transcript in both.

#[path = "common/temp_home.rs"]
mod temp_home;

#[path = "common/play.rs"]
mod common_play;

#[path = "common/game_journal.rs"]
mod common_journal;

use std::path::Path;

/// Moves, read-outs, refusals, a correction and a take-back: the kinds of line a game has.
const SCRIPT: &[&str] = &[
    "e4",
    "e5",
    "Springer Felix drei",
    "Nc6",
    "Bb5",
    "correct Bc4",
    "a6",
    "O-O-O",
    "Ke3",
    "where knight",
    "square e4",
    "count",
    "last 2",
    "takeback black",
    "yes",
    "Bc4",
    "frobnicate",
    "moves",
    "repeat",
    "draw offer white",
    "draw decline",
];

fn home(name: &str) -> temp_home::TempHome {
    temp_home::temp_dir("frontends", name)
}

fn vichess(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    common_play::lines_of(&common_play::run_piped(home, args, stdin.as_bytes()))
}

#[test]
fn play_and_the_demo_loop_print_the_same_transcript_for_the_same_script() {
    let script = SCRIPT.join("\n") + "\n";
    let dir = home("play");
    let games = dir.join("games");
    let played = vichess(
        &dir,
        &[
            "play",
            "--no-audio",
            "--control",
            "none",
            "--game-dir",
            games.to_str().unwrap(),
        ],
        &script,
    );
    // What only the console adds around the game: the opening line (issue 11, finding 12),
    // the gamepad notice and saving the PGN.
    assert!(
        played[0].contains("Sprache: Deutsch")
            && played[0].ends_with("; „hilfe“ nennt die Befehle"),
        "{played:?}"
    );
    let played: Vec<String> = played
        .into_iter()
        .skip(1)
        .filter(|l| !l.starts_with("Partie gespeichert: ") && !l.contains("gamepad"))
        .collect();
    let dir = home("demo");
    let demoed = vichess(&dir, &["demo", "--script", "-"], &script);
    assert_eq!(played, demoed);
    // The transcript really is the game: moves, a refusal, a correction, a read-out.
    for want in [
        "Eva vier",
        "Springer Felix drei",
        "Läufer Bella fünf",
        "Korrektur: Läufer Cesar vier; gestrichen: Läufer Bella fünf",
        "1. e4 e5",
    ] {
        assert!(
            demoed.iter().any(|l| l == want),
            "{want:?} missing from {demoed:#?}"
        );
    }
    assert!(
        demoed.len() > SCRIPT.len(),
        "every line is answered: {demoed:#?}"
    );
}

/// A writer the test can read after the host has written to it.
#[derive(Clone, Default)]
struct Screen(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Screen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

use common_journal::untimed_records as untimed_journal;

/// Issue 25: the library's game host is what `play` runs, so a front end that opens a
/// `Host` and hands it lines (as the window does for clicks) journals and prints exactly
/// what `vichess play` does for the same lines typed, and ends the same way.
#[test]
fn a_front_end_over_the_library_host_journals_and_prints_what_play_does() {
    let script: Vec<&str> = SCRIPT.iter().copied().chain(["quit"]).collect();
    let args = |games: &Path| {
        [
            "play",
            "--no-audio",
            "--control",
            "90m+30s",
            "--side",
            "white",
            "--white",
            "Anna Beispiel",
            "--lang",
            "de",
            "--game-dir",
        ]
        .into_iter()
        .map(String::from)
        .chain([games.display().to_string()])
        .collect::<Vec<_>>()
    };
    let dir = home("host-play");
    let games = dir.join("games");
    let argv = args(&games);
    let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
    let typed = vichess(&dir, &argv, &(script.join("\n") + "\n"));

    // The same game opened in this process through the library, as a window opens it.
    let dir = home("host-lib");
    std::env::set_var("HOME", &dir);
    std::env::set_var("XDG_CONFIG_HOME", dir.join("config"));
    std::env::set_var("XDG_DATA_HOME", dir.join("data"));
    std::env::remove_var("LC_ALL");
    std::env::remove_var("LC_MESSAGES");
    std::env::set_var("LANG", "C");
    let hosted_games = dir.join("games");
    let settings = vichess::host::GameSettings {
        no_audio: true,
        control: Some("90m+30s".into()),
        side: Some(vichess::rules::Color::White),
        white: Some("Anna Beispiel".into()),
        lang: Some("de".into()),
        game_dir: Some(hosted_games.clone()),
        ..Default::default()
    };
    let screen = Screen::default();
    let mut host = vichess::host::Host::open(settings, Box::new(screen.clone()))
        .unwrap_or_else(|stopped| panic!("the host opens: {}", stopped.line()));
    let inputs = host.inputs();
    for line in &script {
        inputs
            .send(vichess::host::Arrival::Line(line.to_string()))
            .unwrap();
    }
    let status = loop {
        match host.turn().expect("a turn") {
            vichess::host::Turn::Going { .. } => {}
            vichess::host::Turn::Ended { status } => break status,
        }
    };
    assert_eq!(status, 0);
    let view = host.view();
    drop(host);
    let printed = String::from_utf8(screen.0.lock().unwrap().clone()).unwrap();
    // Only the folder's own name differs (the PGN's path and the journal's name hold it),
    // and the second the game began, which the file's name holds: the two games may begin
    // either side of a second's turn.
    let started = |l: &str| implied_times_out(&start_time_out(l));
    let hosted: Vec<String> = printed
        .lines()
        .map(|l| started(&l.replace(&dir.display().to_string(), "HOME")))
        .collect();
    let typed: Vec<String> = typed
        .iter()
        .map(|l| started(&l.replace(&games.parent().unwrap().display().to_string(), "HOME")))
        .collect();
    assert_eq!(typed, hosted);
    assert!(
        hosted
            .iter()
            .any(|l| l == "Korrektur: Läufer Cesar vier; gestrichen: Läufer Bella fünf"),
        "{hosted:#?}"
    );
    // The moves are typed without a press: each reply presses for the other side, and says so.
    assert_eq!(
        hosted
            .iter()
            .filter(|l| l.starts_with("Weiß hat die Uhr nicht gedrückt"))
            .count(),
        3,
        "{hosted:#?}"
    );

    let (played, opened) = (untimed_journal(&games), untimed_journal(&hosted_games));
    assert_eq!(played, opened);
    assert!(
        played.iter().any(|r| r.contains("tag White Anna Beispiel")),
        "{played:#?}"
    );
    assert!(played.len() > 12, "{played:#?}");

    // What the window draws is the game the journal holds, White's draw offer after Lc4
    // marked as the scoresheet marks it (8.1.5, C.12).
    assert_eq!(view.moves, ["e4", "e5", "Sf3", "Sc6", "Lc4 (=)"]);
    assert_eq!(view.to_move, vichess::rules::Color::Black);
    assert_eq!(view.vi_side, Some(vichess::rules::Color::White));
    assert!(view.clocks.is_some());
}

/// `line` with the start time in a game file's name ("2026-11-26T04-28-08-") as
/// "START-": what differs between two games begun a moment apart.
/// A press implied by the reply says how long the forgetful side's clock ran on: real time,
/// which differs between the two runs by tenths, so only the line's words up to the times
/// are compared.
fn implied_times_out(line: &str) -> String {
    match line.split_once("bis dahin weiter:") {
        Some((words, _)) if line.contains("die Uhr nicht gedrückt") => {
            format!("{words}bis dahin weiter: (Zeiten)")
        }
        _ => line.to_string(),
    }
}

fn start_time_out(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let shape = "dddd-dd-ddTdd-dd-dd-";
    let fits = |at: usize| {
        shape.chars().enumerate().all(|(i, c)| {
            chars.get(at + i).is_some_and(|&x| match c {
                'd' => x.is_ascii_digit(),
                _ => x == c,
            })
        })
    };
    match (0..chars.len()).find(|&at| fits(at)) {
        Some(at) => {
            let rest: String = chars[at + shape.len()..].iter().collect();
            let head: String = chars[..at].iter().collect();
            format!("{head}START-{rest}")
        }
        None => line.to_string(),
    }
}

/// The view a front end draws says how the game ended in the game's words, beside the
/// result: the window's scoresheet keeps it in sight after the announcement has scrolled
/// away (at 800 × 600 the line naming the saved file pushed it out).
#[test]
fn the_view_of_an_ended_game_says_how_it_ended_in_the_games_words() {
    let dir = home("host-ending");
    // The host reads the user's configuration: this test's own, empty one.
    std::env::set_var("HOME", &dir);
    std::env::set_var("XDG_CONFIG_HOME", dir.join("config"));
    std::env::set_var("XDG_DATA_HOME", dir.join("data"));
    let settings = vichess::host::GameSettings {
        no_audio: true,
        control: Some("15m+10s".into()),
        lang: Some("de".into()),
        game_dir: Some(dir.join("games")),
        ..Default::default()
    };
    let mut host = vichess::host::Host::open(settings, Box::new(Screen::default()))
        .unwrap_or_else(|stopped| panic!("the host opens: {}", stopped.line()));
    let inputs = host.inputs();
    for line in ["f3", "e5", "g4", "Dh4", "quit"] {
        inputs
            .send(vichess::host::Arrival::Line(line.to_string()))
            .unwrap();
    }
    while let vichess::host::Turn::Going { .. } = host.turn().expect("a turn") {}
    let view = host.view();
    assert_eq!(view.result.as_deref(), Some("0-1"));
    assert_eq!(view.ending.as_deref(), Some("Matt, Schwarz gewinnt"));
}
