//! Console lines on a fresh timed game: any text is a move, a command or a refusal, never a
//! panic; and whatever the lines did, the journal they produced is one record a line, each
//! readable, and resumes to the same position with the same moves ("never lose a game").
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use vichess::rules::clock::TimeControl;
use vichess::rules::Position;
use vichess::session::{parse_command, Effect, Event, Record, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

fn pack() -> Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| Pack::builtin("de-fide").expect("the built-in pack"))
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let config = SessionConfig {
        press_after_ms: Some(0),
        ..SessionConfig::default()
    };
    let control = TimeControl::parse("900+10").expect("a valid control");
    let mut session = Session::new(config.clone(), pack(), Position::new(), Some(control));
    let mut journal: Vec<String> = Vec::new();
    let mut now = Stamp::ZERO;
    // At most 64 lines: long games are the journal target's business, not this one's.
    for line in text.split('\n').take(64) {
        let _ = parse_command(line);
        let effects = session.handle(Event::Line(line.to_string()), now);
        let mut quit = false;
        for e in effects {
            match e {
                Effect::Journal(j) => {
                    assert!(
                        !j.contains(['\n', '\r']),
                        "a journal record spans lines: {j:?}"
                    );
                    if let Err(e) = Record::parse(journal.len() + 1, &j) {
                        panic!("the session journaled a record it cannot read: {j:?}: {e}");
                    }
                    journal.push(j);
                }
                Effect::Quit => quit = true,
                _ => {}
            }
        }
        if quit {
            break;
        }
        now = now.after(1500);
        if let Some(due) = session.poll_timeout() {
            if due <= now {
                for e in session.handle_timeout(due) {
                    if let Effect::Journal(j) = e {
                        journal.push(j);
                    }
                }
            }
        }
    }
    if journal.is_empty() {
        return;
    }
    let resumed = Session::resume(config, pack(), &journal)
        .unwrap_or_else(|e| panic!("the session's own journal does not resume: {e}\n{journal:#?}"));
    assert_eq!(
        resumed.position().fen(),
        session.position().fen(),
        "the resumed position differs\n{journal:#?}"
    );
    assert_eq!(
        resumed.state().game().ply_count(),
        session.state().game().ply_count(),
        "the resumed game has other moves\n{journal:#?}"
    );
});
