//! A play-through's findings on typed words: apostrophes, languages of the file tools,
//! and rejected claims' reasons said in words.

#[path = "common/session.rs"]
mod common_session;
use common_session::{printed, run};

use vichess::rules::Position;
use vichess::session::{Session, SessionConfig};
use vichess::voice::Pack;

fn said(name: &str, lines: &[&str]) -> Vec<String> {
    let mut s = Session::new(
        SessionConfig::default(),
        Pack::builtin(name).unwrap(),
        Position::new(),
        None,
    );
    printed(&run(&mut s, 0, lines))
}

/// Item 1: a Ukrainian apostrophe as keyboards type it (U+02BC, U+2019, U+2018, a backtick)
/// reads as the tables' `'`, in commands and in moves.
#[test]
fn every_typed_apostrophe_reads_as_the_tables_one() {
    let ascii = said("uk", &["вимагати п'ятдесят білі"]);
    assert_eq!(ascii.len(), 1, "{ascii:?}");
    assert!(!ascii[0].starts_with("незрозуміло"), "{ascii:?}");
    for typed in ['\u{2019}', '\u{02BC}', '\u{2018}', '`'] {
        for side in ["білі", "чорні"] {
            let line = format!("вимагати п{typed}ятдесят {side}");
            assert_eq!(
                said("uk", &[&line]),
                said("uk", &[&format!("вимагати п'ятдесят {side}")]),
                "{line}"
            );
        }
        // A move word with an apostrophe: the rank five.
        let moved = said("uk", &["е чотири", &format!("де п{typed}ять")]);
        assert_eq!(moved, said("uk", &["е чотири", "де п'ять"]), "{typed}");
        assert_eq!(moved.len(), 2, "{moved:?}");
        assert!(moved[1].ends_with("де п'ять"), "{moved:?}");
    }
}
