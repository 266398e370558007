//! Whatever bytes reach `vichess play`, the game goes on: a line that is not UTF-8 is read
//! as Latin-1 and said so, a terminal control sequence is shown, never sent, and the lines
//! after them are played.

#[path = "common/play.rs"]
mod common_play;

fn play(stdin: &[u8]) -> (Vec<String>, std::process::ExitStatus) {
    play_in("de", stdin)
}

fn play_in(lang: &str, stdin: &[u8]) -> (Vec<String>, std::process::ExitStatus) {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--lang",
        lang,
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let out = common_play::run_piped(home.path(), &args, stdin);
    let status = out.status;
    (common_play::lines_of(&out), status)
}

#[test]
fn a_line_that_is_not_utf8_is_said_and_the_game_goes_on() {
    let (lines, status) = play(b"e4\nwhere L\xe4ufer\ne5\nmoves\n");
    assert!(status.success());
    assert!(
        lines
            .iter()
            .any(|l| l.contains("kein UTF-8-Text") && l.contains("2: \"where Läufer\"")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l == "1. e4 e5"),
        "e5 was played: {lines:?}"
    );
}

#[test]
fn control_sequences_in_input_are_printed_escaped() {
    // Not UTF-8 either, so the line is echoed in the notice: escaped.
    let (lines, status) = play(b"\x1b]0;owned\x07\xe4\ne4\n");
    assert!(status.success());
    for l in &lines {
        assert!(
            !l.chars().any(char::is_control),
            "raw control character in {l:?}"
        );
    }
    assert!(lines.iter().any(|l| l.contains("\\u{1b}")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "Eva vier"), "{lines:?}");
}

#[test]
fn a_megabyte_line_is_cut_said_and_costs_no_game() {
    let mut input = vec![b'x'; 1 << 20];
    input.extend_from_slice(b"\ne4\n");
    let (lines, status) = play(&input);
    assert!(status.success());
    assert!(
        lines
            .iter()
            .any(|l| l.contains("zu lang") && l.contains("1048576 > 4096")),
        "{:?}",
        lines
            .iter()
            .map(|l| &l[..l.len().min(120)])
            .collect::<Vec<_>>()
    );
    assert!(lines.iter().any(|l| l == "Eva vier"));
    assert!(
        lines.iter().all(|l| l.len() < 20_000),
        "an echo of the whole line"
    );
}

#[test]
fn an_error_line_echoes_at_most_sixty_characters_of_a_long_input() {
    let mut input = b"last ".to_vec();
    input.extend(std::iter::repeat_n(b'7', 4000));
    input.extend_from_slice(b"x\nsquare ");
    input.extend(std::iter::repeat_n(b'z', 500));
    input.extend_from_slice(b"\x1b[2J\ne4\n");
    let (lines, status) = play_in("en", &input);
    assert!(status.success());
    for l in &lines {
        assert!(l.chars().count() < 200, "a long echo: {} chars", l.len());
        assert!(!l.chars().any(char::is_control), "raw control in {l:?}");
    }
    assert!(
        lines.iter().filter(|l| l.contains("…\"")).count() >= 2,
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "e4"), "{lines:?}");
}
