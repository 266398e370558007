//! The arbiter's console in `vichess play` and the arbiter's report: clock corrections and
//! notes typed in a game, journaled, and read back by `vichess report` in order, as plain
//! lines and as PGN comments.

#[path = "common/play.rs"]
mod common_play;

use std::path::Path;
use std::process::Command;

fn play(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    let args: Vec<&str> = ["play"].iter().chain(args).copied().collect();
    common_play::lines_of(&common_play::run_piped(home, &args, stdin.as_bytes()))
}

fn journal_in(dir: &Path) -> std::path::PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "journal"))
        .expect("a journal in the game folder")
}

#[test]
fn arbiter_time_and_notes_are_said_journaled_and_in_the_report() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let dir = games.to_str().unwrap();
    let script = "e4\npress\ne5\npress\narbiter time add white 2m\narbiter time set black 4:30\n\
                  illegal white\narbiter note the clock fell off the table\nNf3\npress\n\
                  resign black\nyes\nquit\n";
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "15+10",
        "--game-dir",
        dir,
        "--white",
        "Anna",
        "--black",
        "Bert",
    ];
    let lines = play(home.path(), &args, script);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("time added: White, two minutes; White: seventeen minutes")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("clock set: Black; Black: four minutes thirty seconds")),
        "{lines:?}"
    );
    assert!(lines.contains(&"arbiter's note: the clock fell off the table".to_string()));

    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("report")
        .arg(journal_in(&games))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8(out.stdout).unwrap();
    let order = [
        "Arbiter's report: Anna - Bert",
        "White plays 1. e4",
        "Black plays 1... e5",
        "the arbiter adds 0:02:00 to White's time; White now has 0:17",
        "the arbiter sets 0:04:30 as Black's time; Black now has 0:04:30",
        "the arbiter records an illegal move by White; White's illegal move number 1; penalty: Black gets 0:01:00 (7.5.5)",
        "note: arbiter: the clock fell off the table",
        "White plays 2. Nf3",
        "Black resigns; the game ends: 1-0",
        "result: 1-0",
        "[Result \"1-0\"]",
    ];
    let mut from = 0;
    for want in order {
        let at = report[from..]
            .find(want)
            .unwrap_or_else(|| panic!("{want:?} missing or out of order in:\n{report}"));
        from += at + want.len();
    }
    // In the PGN, the penalty is a comment after Black's first move.
    let pgn = &report[report.find("[Event").unwrap()..];
    let flat = pgn.replace('\n', " ");
    assert!(
        flat.contains("1... e5") || flat.contains("1. e4 e5 {"),
        "{pgn}"
    );
    assert!(
        flat.contains("penalty: Black gets 0:01:00 (7.5.5)}"),
        "{pgn}"
    );
}

#[test]
fn arbiter_commands_in_german_ukrainian_russian_and_armenian() {
    for (lang, line, want) in [
        (
            "de",
            "schiedsrichter zeit dazu weiß 2m",
            "Zeitgutschrift: Weiß, zwei Minuten",
        ),
        (
            "uk",
            "арбітр час додати білі 2м",
            "додано час: білі, дві хвилини",
        ),
        (
            "ru",
            "арбитр время добавить белые 2м",
            "добавлено время: белые, две минуты",
        ),
        (
            "hy",
            "մրցավար ժամանակ ավելացնել սպիտակ 2m",
            "ավելացված ժամանակ: սպիտակները, երկու րոպե",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let script = format!("e4\n{line}\nquit\n");
        let args = [
            "--no-audio",
            "--lang",
            lang,
            "--control",
            "15+10",
            "--game-dir",
            games.to_str().unwrap(),
        ];
        let lines = play(home.path(), &args, &script);
        assert!(
            lines.iter().any(|l| l.starts_with(want)),
            "{lang}: {want:?} not in {lines:?}"
        );
    }
}

/// Guidelines III.5 in a game: refused with two minutes or more left, then claimed, rejected
/// (two minutes for the opponent), claimed again, postponed and accepted; all in the report.
/// Plays `script` in an English game of an hour with Guidelines III announced, checks that
/// `expected` lines come in order, and returns the arbiter's report of it.
fn guidelines_iii_game(script: &str, expected: &[&str]) -> String {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config/vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        "[clock]\nguidelines_iii = true\n",
    )
    .unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "60",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(home.path(), &args, script);
    let mut from = 0;
    for want in expected {
        let at = lines[from..]
            .iter()
            .position(|l| l.starts_with(want))
            .unwrap_or_else(|| panic!("{want:?} missing or out of order in {lines:?}"));
        from += at + 1;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("report")
        .arg(journal_in(&games))
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_iii_5_claim_is_ruled_by_the_arbiter_and_reported() {
    let script = "e4\npress\ne5\npress\nclaim quickplay\narbiter time set white 1m30s\n\
                  claim quickplay\nyes\narbiter reject\nclaim quickplay\nyes\n\
                  arbiter postpone time\narbiter accept\nquit\n";
    let expected = [
        "two minutes or more left: White",
        "draw claim under III.5: White; the arbiter decides",
        "claim rejected: White",
        "time added: Black, two minutes; Black: one hour",
        "decision postponed",
        "draw",
        "result 1/2-1/2",
    ];
    let report = guidelines_iii_game(script, &expected);
    assert!(
        report.contains("White claims a draw under III.5"),
        "{report}"
    );
    assert!(
        report.contains("result: 1/2-1/2 (draw: quickplay finish claim upheld (III.5))"),
        "{report}"
    );
}

/// Without Guidelines III announced, the claim is refused and the game goes on.
#[test]
fn a_iii_5_claim_needs_guidelines_iii_announced() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "de",
        "--control",
        "60",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(home.path(), &args, "e4\nreklamieren endspurt\nquit\n");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("die Richtlinien III wurden für dieses Turnier nicht angekündigt")),
        "{lines:?}"
    );
}

/// Guidelines III.4: the request for five seconds a move is a draw offer; declined, the
/// arbiter's accept switches both clocks to five seconds a move and gives the opponent two
/// minutes. Before the opponent answers the offer, the arbiter cannot rule.
#[test]
fn a_iii_4_request_is_a_draw_offer_and_then_the_arbiters_increment() {
    let script = "e4\npress\ne5\npress\narbiter time set white 1m30s\nclaim increment\nyes\n\
                  arbiter accept\ndraw decline black\narbiter accept\nNf3\npress\nquit\n";
    let expected = [
        "White asks for five seconds a move for both (III.4), a draw offer, yes or no?",
        "request under III.4 for five seconds a move for both, which is a draw offer: White",
        "draw offer: White",
        "the opponent must first accept or decline the draw offer",
        "draw offer declined: Black",
        "both clocks now add five seconds a move",
        "time added: Black, two minutes",
        "knight f3",
    ];
    let report = guidelines_iii_game(script, &expected);
    assert!(
        report.contains("the arbiter rules on the III.4 request; the arbiter switches both clocks to five seconds a move (III.4)"),
        "{report}"
    );
}
