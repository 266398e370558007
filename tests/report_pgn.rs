//! Issue 24, item 4: the PGN at the end of `vichess report` puts every event after the move
//! it followed (after a restore, after a sealed move opened), says how the game was really
//! timed after a III.4 switch, and keeps a draw offer declined by moving. Each journal is
//! written here with fixed times, so the report is exact.

#[path = "common/report.rs"]
mod common_report;
use common_report::write_journal;

use std::path::Path;
use std::process::Command;

/// Writes a journal of `records` (after its `begin` line with `control`) and returns the
/// English report of it.
fn report_of(dir: &Path, control: &str, records: &[&str]) -> String {
    english_report(&write_journal(dir, control, records))
}

/// `vichess report --lang en FILE`, which must succeed.
fn english_report(file: &Path) -> String {
    common_report::report(file, "en")
}

/// The report's PGN, its movetext on one line.
fn pgn_of(report: &str) -> (String, String) {
    let at = report.find("[Event").expect("the PGN");
    let pgn = &report[at..];
    let (tags, moves) = pgn.split_once("\n\n").expect("tags, then moves");
    (tags.to_string(), moves.replace('\n', " "))
}

/// 7.5.1: after `arbiter restore`, what follows comes after the moves that stayed, not
/// before the first move.
#[test]
fn a_restore_is_commented_after_the_moves_that_stay() {
    let dir = tempfile::tempdir().unwrap();
    let report = report_of(
        dir.path(),
        "5400",
        &[
            "move 1000 e2e4",
            "press 2000 white",
            "move 3000 e7e5",
            "press 4000 black",
            "move 5000 g1f3",
            "press 6000 white",
            "restore 7000 2",
            "note 7500 the knight went back",
        ],
    );
    let (_, moves) = pgn_of(&report);
    assert!(
        moves.starts_with(
            "1. e4 e5 {0:00:07 the arbiter restores an earlier position: move 2, White; \
             struck: 2. Nf3 (7.5.1)} \
             {0:00:07 note: the knight went back} {the game is not over} *"
        ),
        "{moves}"
    );
}

/// A note made after a move the restore then strikes stays in the record, after the last
/// move that stayed, never before the first move (found playing the game through).
#[test]
fn a_note_on_a_struck_move_follows_the_moves_that_stay() {
    let dir = tempfile::tempdir().unwrap();
    let report = report_of(
        dir.path(),
        "5400",
        &[
            "move 1000 e2e4",
            "press 2000 white",
            "move 3000 e7e5",
            "press 4000 black",
            "move 5000 g1f3",
            "press 6000 white",
            "note 6500 after the knight",
            "restore 7000 2",
        ],
    );
    let (_, moves) = pgn_of(&report);
    assert!(
        moves.starts_with("1. e4 e5 {0:00:06 note: after the knight} {0:00:07 the arbiter"),
        "{moves}"
    );
}

/// Guidelines I.9: the sealed move is a move of the game: the offer made after White's
/// reply 4. Ba4 is a comment on 4. Ba4, not on the sealed 3... a6. Its "(=)" waits for the
/// move Black makes next (8.1.5, C.12): the report's comment says the offer, and no bare
/// mark after White's 4. Ba4 reads as White's.
#[test]
fn after_a_sealed_move_the_comments_follow_their_own_moves() {
    let dir = tempfile::tempdir().unwrap();
    let report = report_of(
        dir.path(),
        "5400",
        &[
            "move 1000 e2e4",
            "press 2000 white",
            "move 3000 e7e5",
            "press 4000 black",
            "move 5000 g1f3",
            "press 6000 white",
            "move 7000 b8c6",
            "press 8000 black",
            "move 9000 f1b5",
            "press 10000 white",
            "adjourn 11000 a7a6",
            "open 20000",
            "move 21000 b5a4",
            "press 22000 white",
            "draw 23000 black offer",
        ],
    );
    let (_, moves) = pgn_of(&report);
    assert!(
        moves.contains(
            "3... a6 {0:00:20 the arbiter opens the sealed move; the sealed move is played: \
             3... a6} 4. Ba4 {0:00:23 Black offers a draw} {the game is not over} *"
        ),
        "{moves}"
    );
}

/// III.4: once both clocks add five seconds a move, the TimeControl tag says from when
/// (White had completed one move: `1/5400:0+5`).
#[test]
fn a_iii_4_switch_is_in_the_time_control_tag() {
    let dir = tempfile::tempdir().unwrap();
    let report = report_of(
        dir.path(),
        "5400",
        &[
            "move 1000 e2e4",
            "press 2000 white",
            "move 3000 e7e5",
            "press 4000 black",
            "adjust 5000 white set 90000",
            "claim 6000 white increment",
            "draw 7000 black decline",
            "ruling 8000 accept",
            "move 9000 g1f3",
            "press 10000 white",
        ],
    );
    let (tags, _) = pgn_of(&report);
    assert!(tags.contains("[TimeControl \"1/5400:0+5\"]"), "{tags}");
    assert!(tags.contains("[Termination \"unterminated\"]"), "{tags}");
}

/// 9.1.2.3: a draw offer the opponent declines by moving is in the plain lines and the PGN.
#[test]
fn a_draw_declined_by_moving_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let report = report_of(
        dir.path(),
        "5400",
        &[
            "move 1000 e2e4",
            "press 2000 white",
            "draw 3000 white offer",
            "move 4000 e7e5",
            "press 5000 black",
            "resign 6000 black",
        ],
    );
    assert!(
        report.contains("0:00:04  Black plays 1... e5; Black declines the draw offer\n"),
        "{report}"
    );
    let (tags, moves) = pgn_of(&report);
    assert!(
        moves.starts_with(
            "1. e4 {(=)} {0:00:03 White offers a draw} 1... e5 \
             {0:00:04 Black declines the draw offer}"
        ),
        "{moves}"
    );
    assert!(tags.contains("[TimeControl \"5400\"]"), "{tags}");
    assert!(tags.contains("[Termination \"normal\"]"), "{tags}");
    // The end is said once, in the report's own comment with its time: not again after it.
    assert!(
        moves.ends_with("{0:00:06 Black resigns; the game ends: 1-0 (White wins)} 1-0 "),
        "{moves}"
    );
}

/// The game's PGN named instead of its journal (an easy slip: both sit side by side) gives
/// the same report, made from the journal beside it.
#[test]
fn the_pgn_named_instead_of_the_journal_gives_the_journals_report() {
    let dir = tempfile::tempdir().unwrap();
    let from_journal = report_of(
        dir.path(),
        "5400",
        &["move 1000 e2e4", "press 2000 white", "move 3000 e7e5"],
    );
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, "[Event \"?\"]\n\n1. e4 e5 *\n").unwrap();
    assert_eq!(english_report(&pgn), from_journal);
}

/// A PGN with no journal beside it (copied alone, the journal left behind) is refused by
/// naming the journal that is missing, in the report's language, not by calling the PGN a
/// damaged journal.
#[test]
fn a_pgn_without_its_journal_names_the_missing_journal() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, "[Event \"?\"]\n\n1. e4 e5 *\n").unwrap();
    let journal = dir.path().join("game.journal");
    for (lang, said) in [
        ("en", "there is none beside this PGN"),
        ("ru", "рядом с этим PGN журнала нет"),
        ("hy", "այս PGN-ի կողքին մատյան չկա"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
            .args(["report", "--lang", lang])
            .arg(&pgn)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(said) && err.contains(&format!("({})", journal.display())),
            "{lang}: {err}"
        );
        assert!(!err.contains("damaged"), "{lang}: {err}");
    }
}

/// III.4 in a control of several periods: the switch changes the bonus, not the periods
/// still to come, whose time the clock still adds; the TimeControl tag keeps them (with
/// the five seconds), counting the moves exactly: after one move each in `2/600:300`, one
/// move of the first period is left, with the bonus, then 300 seconds.
#[test]
fn a_iii_4_switch_before_the_last_period_keeps_the_periods_to_come() {
    let opening = [
        "move 1000 e2e4",
        "press 1100 white",
        "move 1200 e7e5",
        "press 1300 black",
    ];
    let more = [
        "move 1400 g1f3",
        "press 1500 white",
        "move 1600 b8c6",
        "press 1700 black",
        "move 1800 f1c4",
        "press 1900 white",
        "move 2000 g8f6",
        "press 2100 black",
    ];
    let switch = [
        "adjust 5000 white set 90000",
        "claim 6000 white increment",
        "draw 7000 black decline",
        "ruling 8000 accept",
        "move 9000 d2d3",
        "press 10000 white",
    ];
    for (control, played, tag) in [
        // One move of the first period done: its second gets the five seconds, then the
        // 300 seconds come as written.
        ("2/600:300", &opening[..], "1/600:1/0+5:300+5"),
        // In the last period: as before, the moves of it done, then the rest with +5.
        (
            "2/600:300",
            &[&opening[..], &more[..]].concat()[..],
            "2/600:1/300:0+5",
        ),
        // A repeating last period keeps repeating, with the five seconds.
        ("2/600:2/300", &opening[..], "1/600:1/0+5:2/300+5"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let records: Vec<&str> = played.iter().chain(&switch).copied().collect();
        let report = report_of(dir.path(), control, &records);
        let (tags, _) = pgn_of(&report);
        assert!(
            tags.contains(&format!("[TimeControl \"{tag}\"]")),
            "{control}: {tags}"
        );
    }
}

/// Play-test: `vichess report lost.pgn`, a name mistyped, named only the journal; each
/// file that is not there is named with its path, in the report's language.
#[test]
fn a_missing_pgn_and_journal_are_both_named() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("lost.pgn");
    let journal = dir.path().join("lost.journal");
    for (lang, not_there, colon) in [
        ("en", "there is no such file or folder", ":"),
        ("de", "diese Datei oder diesen Ordner gibt es nicht", ":"),
        ("uk", "такого файлу чи теки немає", ":"),
        ("ru", "такого файла или папки нет", ":"),
        ("hy", "այդպիսի ֆայլ կամ թղթապանակ չկա", "՝"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
            .args(["report", "--lang", lang])
            .arg(&pgn)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("{}{colon} {not_there}; ", pgn.display())),
            "{lang}: {err}"
        );
        assert!(
            err.contains(&format!("({})", journal.display())),
            "{lang}: {err}"
        );
    }
}

/// Play-test: the Armenian report wrote the Latin ":" after its labels, where the game's
/// own Armenian lines write "՝" (Pack::colon); the times keep their digits' colons.
#[test]
fn the_armenian_report_writes_the_armenian_label_mark() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_journal(
        dir.path(),
        "5400",
        &[
            "tag 0 White Anna",
            "move 1000 e2e4",
            "press 2000 white",
            "note 3000 arbiter: the lights went out",
            "resign 4000 black",
        ],
    );
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["report", "--lang", "hy"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = report.lines().take_while(|l| !l.starts_with('[')).collect();
    let hy = vichess::voice::Pack::builtin("hy").unwrap();
    let w = |word| hy.text(&[vichess::phrase::token::Token::Word(word)]);
    use vichess::phrase::token::Word;
    assert!(
        lines[0].starts_with(&format!("{}՝ Anna – ", w(Word::ReportTitle))),
        "{lines:?}"
    );
    assert!(
        lines.contains(&format!("{}՝ {}", w(Word::Journal), path.display()).as_str()),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with(&format!("{}՝ the lights went out", w(Word::ArbiterNote)))),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{}՝ 1-0 (", w(Word::Result)))),
        "{lines:?}"
    );
    for l in &lines {
        assert!(
            !l.contains(": "),
            "a Latin colon in the Armenian report: {l}"
        );
    }
}
