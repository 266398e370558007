//! Issue 24, item 5: the event's supervision as a game setting. No arbiter present
//! (Guidelines III.6): a III.5 draw claim ends the game for the designated arbiter. Rapid and
//! blitz without adequate supervision (A.5, B.3): an illegal move found only after the
//! opponent's reply stands (A.5.2). Both come from the configuration or `play`'s flags, are
//! journaled with the game, said in its opening line and written in its PGN.

#[path = "common/play.rs"]
mod common_play;
#[path = "common/session.rs"]
mod common_session;
use common_session::{journal, printed};

use std::path::Path;
use std::process::Command;
use vichess::rules::arbiter::ruling::Supervision;
use vichess::rules::clock::TimeControl;
use vichess::rules::Position;
use vichess::session::{Effect, Event, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

fn game(
    pack: &str,
    config: SessionConfig,
    control: &str,
    lines: &[&str],
) -> (Session, Vec<Effect>) {
    let control = TimeControl::parse(control).unwrap();
    let mut s = Session::new(
        config,
        Pack::builtin(pack).unwrap(),
        Position::new(),
        Some(control),
    );
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        out.extend(s.handle(
            Event::Line(line.to_string()),
            Stamp::from_millis(i as u64 * 1000),
        ));
    }
    (s, out)
}

const QUICKPLAY: [&str; 7] = [
    "e4",
    "press",
    "e5",
    "press",
    "arbiter time set white 1m30s",
    "claim quickplay white",
    "yes",
];

/// III.5 with an arbiter: the clocks stop and the arbiter decides. III.6 without one: the
/// claim ends the game, the claimant writes down the position, and the designated arbiter
/// decides later; the PGN says so.
#[test]
fn without_an_arbiter_a_iii_5_claim_ends_the_game() {
    let present = SessionConfig {
        guidelines_iii: true,
        ..SessionConfig::default()
    };
    let (s, out) = game("en", present.clone(), "3600", &QUICKPLAY);
    assert!(s.state().ending().is_none());
    assert!(
        printed(&out).contains(&"draw claim under III.5: White; the arbiter decides".to_string()),
        "{:?}",
        printed(&out)
    );
    assert!(!s.pgn().contains("ArbiterPresent"));

    let absent = SessionConfig {
        arbiter_present: false,
        ..present
    };
    let (s, out) = game("en", absent, "3600", &QUICKPLAY);
    assert_eq!(
        journal(&out)[1],
        "rules 0 arbiter=absent supervision=adequate",
        "{:?}",
        journal(&out)
    );
    assert_eq!(s.state().ending().map(|e| e.score), Some("*"));
    assert!(
        printed(&out).contains(
            &"the game ends, the designated arbiter decides (III.6); the claimant writes down \
              the final position, the opponent verifies it, claimed by White"
                .to_string()
        ),
        "{:?}",
        printed(&out)
    );
    let pgn = s.pgn();
    assert!(pgn.contains("[ArbiterPresent \"no\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"adjudication\"]"), "{pgn}");
    // Play is over until the designated arbiter rules.
    let mut s = s;
    let out = s.handle(Event::Line("Nf3".into()), Stamp::from_millis(60_000));
    assert!(printed(&out)[0].starts_with("the game is over"), "{out:?}");
    // The arbiter may still undo the stop and let play go on.
    s.handle(
        Event::Line("arbiter undo".into()),
        Stamp::from_millis(61_000),
    );
    s.handle(Event::Line("yes".into()), Stamp::from_millis(62_000));
    assert!(s.state().ending().is_none());
}

/// A.5.2: in rapid without adequate supervision, an illegal move found after the opponent's
/// reply stands, without penalty or count; found before it, 7.5.5 applies. With adequate
/// supervision, and in standard play, 7.5.5 applies either way.
#[test]
fn without_adequate_supervision_a_late_illegal_move_stands_in_rapid() {
    let inadequate = SessionConfig {
        supervision: Supervision::Unsupervised,
        ..SessionConfig::default()
    };
    let (s, out) = game(
        "de-fide",
        inadequate.clone(),
        "900+10",
        &["e4", "regelwidrig weiß beantwortet"],
    );
    assert_eq!(s.state().illegal_moves(vichess::rules::Color::White), 0);
    assert!(
        printed(&out).contains(
            &"regelwidriger Zug: Weiß; der regelwidrige Zug bleibt stehen, der Gegner hatte \
              schon geantwortet (A.5.2)"
                .to_string()
        ),
        "{:?}",
        printed(&out)
    );
    assert!(journal(&out).contains(&"illegal 1000 white replied".to_string()));
    assert!(!printed(&out).iter().any(|l| l.contains("Zeitgutschrift")));

    // Before the reply the arbiter still acts.
    let (s, _) = game(
        "de-fide",
        inadequate.clone(),
        "900+10",
        &["e4", "regelwidrig weiß"],
    );
    assert_eq!(s.state().illegal_moves(vichess::rules::Color::White), 1);
    // Standard play, and adequate supervision: the full rules.
    let (s, _) = game(
        "de-fide",
        inadequate,
        "5400",
        &["e4", "illegal white replied"],
    );
    assert_eq!(s.state().illegal_moves(vichess::rules::Color::White), 1);
    let (s, out) = game(
        "en",
        SessionConfig::default(),
        "900+10",
        &["e4", "illegal white replied"],
    );
    assert_eq!(s.state().illegal_moves(vichess::rules::Color::White), 1);
    assert!(
        printed(&out)
            .iter()
            .any(|l| l.starts_with("time added: Black")),
        "{:?}",
        printed(&out)
    );
}

/// A resume judges the game by its journal, whatever today's configuration says.
#[test]
fn a_resume_keeps_the_supervision_of_the_journal() {
    let inadequate = SessionConfig {
        supervision: Supervision::Unsupervised,
        arbiter_present: false,
        ..SessionConfig::default()
    };
    let (_, out) = game("en", inadequate, "900+10", &["e4"]);
    let lines = journal(&out);
    let mut resumed = Session::resume(
        SessionConfig::default(),
        Pack::builtin("en").unwrap(),
        &lines,
    )
    .unwrap();
    assert_eq!(resumed.state().supervision(), Supervision::Unsupervised);
    assert!(!resumed.state().arbiter_present());
    let out = resumed.handle(
        Event::Line("illegal white replied".into()),
        Stamp::from_millis(5_000),
    );
    assert_eq!(
        resumed.state().illegal_moves(vichess::rules::Color::White),
        0
    );
    assert!(
        printed(&out).iter().any(|l| l.contains("(A.5.2)")),
        "{:?}",
        printed(&out)
    );
}

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

/// `play`'s flags and the configuration's keys: the opening line says the setting in the
/// game's language, the report and its PGN keep it.
#[test]
fn the_setting_comes_from_flags_or_configuration_and_is_shown_and_reported() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let dir = games.to_str().unwrap();
    let args = [
        "--no-audio",
        "--lang",
        "de",
        "--control",
        "15+10",
        "--game-dir",
        dir,
        "--no-arbiter",
        "--supervision",
        "inadequate",
    ];
    let lines = play(home.path(), &args, "e4\nquit\n");
    assert!(
        lines.iter().any(|l| l.contains(
            "Bedenkzeit: fünfzehn Minuten plus zehn Sekunden pro Zug; die Uhr läuft ab \
             „start“ oder ab dem ersten Zug; kein Schiedsrichter anwesend (III.6), ohne \
             ausreichende Aufsicht (A.5, B.3); Weiß am Zug"
        )),
        "{lines:?}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["report", "--lang", "uk"])
        .arg(journal_in(&games))
        .output()
        .unwrap();
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains("арбітра немає (III.6), без належного нагляду (A.5, B.3)\n"),
        "{report}"
    );
    assert!(
        report.contains("[ArbiterPresent \"no\"]\n[Supervision \"inadequate\"]"),
        "{report}"
    );

    // The same from the configuration, in English; an unknown value is refused.
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config/vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        "[game]\narbiter_present = false\nsupervision = \"inadequate\"\n",
    )
    .unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "5+3",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(home.path(), &args, "quit\n");
    assert!(
        lines.iter().any(|l| l.contains(
            "; no arbiter present (III.6), without adequate supervision (A.5, B.3); White to move"
        )),
        "{lines:?}"
    );
    std::fs::write(
        config.join("config.toml"),
        "[game]\nsupervision = \"loose\"\n",
    )
    .unwrap();
    let out = common_play::run_piped(home.path(), &["play", "--no-audio"], b"quit\n");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("supervision"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
