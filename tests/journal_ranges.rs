//! Issue 24, item 19: a journal's numbers are range-checked when it is replayed. A hand-edited
//! or damaged line with a time of 2^64-1 ms was accepted, and both flags fell while the clocks
//! showed 5:00; now any time, added time, period or bonus beyond 1000 hours is refused as
//! damage, naming the journal line (the record's number), and nothing is replayed from it.

use vichess::session::{Record, Session, SessionConfig, MAX_RECORD_MS};
use vichess::voice::Pack;

const FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn journal(lines: &[&str]) -> Vec<String> {
    let mut all = vec![format!("begin 0 300 standard {FEN}")];
    all.extend(lines.iter().map(|l| l.to_string()));
    all
}

fn resume(lines: &[String]) -> Result<Session, String> {
    Session::resume(
        SessionConfig::default(),
        Pack::builtin("de-fide").unwrap(),
        lines,
    )
    .map_err(|e| e.to_string())
}

#[test]
fn a_time_beyond_a_thousand_hours_is_damage_named_by_its_line() {
    let good = journal(&["start 1000", "move 2000 e2e4", "press 2500 white"]);
    let session = resume(&good).expect("the journal as written resumes");
    assert_eq!(session.state().game().ply_count(), 1);

    // The session time of a press: 2^64-1.
    let bad = journal(&[
        "start 1000",
        "move 2000 e2e4",
        "press 18446744073709551615 white",
    ]);
    let e = resume(&bad).expect_err("refused");
    assert!(
        e.contains("journal line 4") && e.contains("beyond 1000 hours"),
        "{e}"
    );
    // Time the arbiter added.
    let bad = journal(&["start 1000", "adjust 1500 white add 18446744073709551615"]);
    let e = resume(&bad).expect_err("refused");
    assert!(
        e.contains("journal line 3") && e.contains("beyond 1000 hours"),
        "{e}"
    );
    // A checkpoint a day past the limit.
    let bad = journal(&[
        "start 1000",
        &format!("clock {}", MAX_RECORD_MS + 86_400_000),
    ]);
    let e = resume(&bad).expect_err("refused");
    assert!(e.contains("journal line 3"), "{e}");
    // The control of the begin line: a period or an increment beyond the limit.
    for control in ["3600001", "300+3600001", "40/3600001:300"] {
        let lines = vec![format!("begin 0 {control} standard {FEN}")];
        let e = resume(&lines)
            .err()
            .unwrap_or_else(|| panic!("{control} accepted"));
        assert!(
            e.contains("journal line 1") && e.contains("1000 hours"),
            "{control}: {e}"
        );
    }
    // A wall-clock anchor past the year 9999.
    let e = Record::parse(5, "anchor 100 999999999999999999").unwrap_err();
    assert_eq!(e.line, 5);
}

#[test]
fn times_up_to_a_thousand_hours_are_kept() {
    for line in [
        format!("clock {MAX_RECORD_MS}"),
        format!("adjust 10 white set {MAX_RECORD_MS}"),
        format!("begin 0 3600000 standard {FEN}"),
    ] {
        let record = Record::parse(1, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(record.to_string(), line);
    }
}

/// A journal that cannot be replayed is told in the game's words: the journal line in the
/// language's word for a line, what is wrong, and the line as found quoted in the
/// language's marks; no English reason inside a Russian or Armenian line.
#[test]
fn a_journal_that_cannot_be_replayed_is_told_in_the_games_words() {
    let said = |pack: &str, lines: &[String]| {
        let pack = Pack::builtin(pack).unwrap();
        Session::resume(SessionConfig::default(), pack.clone(), lines)
            .expect_err("refused")
            .words(&pack, "g.journal")
    };
    let bad = journal(&["start 1000", "mvoe 2000 e2e4"]);
    assert_eq!(
        said("ru", &bad),
        "g.journal, строка 3: это не запись, какие пишет vichess («mvoe 2000 e2e4»)"
    );
    assert_eq!(
        said("de", &bad),
        "g.journal, Zeile 3: das ist kein Eintrag, wie vichess ihn schreibt („mvoe 2000 e2e4“)"
    );
    assert_eq!(
        said("hy", &["start 1000".to_string()]),
        "g.journal, տող 1՝ առաջին գրառումը պարտիա չի սկսում («start 1000»)"
    );
    assert_eq!(said("uk", &[]), "g.journal: у журналі немає партії");
    // A record the game refuses: its reason is the game's own line, in the game's words.
    let refused = said("ru", &journal(&["start 1000", "move 2000 e2e5"]));
    assert!(refused.starts_with("g.journal, строка 3: "), "{refused}");
    let reason = refused.split_once(": ").expect("a reason").1;
    assert!(
        !reason.chars().any(|c| c.is_ascii_alphabetic()),
        "{refused}"
    );
}
