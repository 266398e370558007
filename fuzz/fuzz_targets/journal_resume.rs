//! The journal reader and resume. The first byte picks the input's form:
//! - even: raw file bytes, as a damaged disk could leave them;
//! - odd: record lines, each given its sequence number and checksum here, so that the
//!   fuzzer reaches `Session::resume` instead of dying on checksums.
//!
//! Invariants: the reader never panics; entries are numbered 1, 2, 3 … without gaps; a torn
//! tail is exactly the bytes from its offset to the end; a well-formed journal reads back
//! every record unchanged; whatever resumes writes a PGN that reads back with its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;
use vichess::journal::{crc32, parse};
use vichess::session::{Event, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

fn pack() -> Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| Pack::builtin("de-fide").expect("the built-in pack"))
        .clone()
}

fn line(seq: u64, payload: &str) -> String {
    let crc = crc32(format!("{seq} {payload}").as_bytes());
    format!("{seq} {crc:08x} {payload}\n")
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let path = Path::new("fuzz.journal");
    let (bytes, expected): (Vec<u8>, Option<Vec<String>>) = if mode % 2 == 0 {
        (rest.to_vec(), None)
    } else {
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        let payloads: Vec<String> = text.split('\n').map(str::to_string).collect();
        let mut file = line(0, "vichess-journal 1 fuzz-game");
        for (i, p) in payloads.iter().enumerate() {
            file.push_str(&line(i as u64 + 1, p));
        }
        (file.into_bytes(), Some(payloads))
    };
    let read = match parse(path, &bytes) {
        Ok(r) => r,
        Err(e) => {
            assert!(expected.is_none(), "a well-formed journal is refused: {e}");
            return;
        }
    };
    for (i, e) in read.entries.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "entries out of order");
    }
    if let Some(t) = &read.torn {
        assert!(
            expected.is_none(),
            "a well-formed journal has a torn tail: {t}"
        );
        assert_eq!(
            &bytes[t.offset as usize..],
            &t.bytes[..],
            "the torn tail's bytes"
        );
    }
    let lines: Vec<String> = read.entries.into_iter().map(|e| e.payload).collect();
    if let Some(expected) = expected {
        assert_eq!(
            lines, expected,
            "a well-formed journal reads back other records"
        );
    }
    let config = SessionConfig {
        press_after_ms: Some(0),
        ..SessionConfig::default()
    };
    let Ok(mut session) = Session::resume(config, pack(), &lines) else {
        return;
    };
    let plies = session.state().game().ply_count();
    let pgn = session.pgn();
    let games = vichess::pgn::read_games(&pgn);
    match games.first() {
        Some(Ok(g)) => assert_eq!(g.main.moves.len(), plies, "the PGN has other moves\n{pgn}"),
        other => panic!("a resumed game's PGN does not read back: {other:?}\n{pgn}"),
    }
    // The first event after a resume says where the game stands; time may then pass.
    let _ = session.handle(Event::Line("time".into()), Stamp::from_millis(1_000));
    if let Some(due) = session.poll_timeout() {
        let _ = session.handle_timeout(due);
    }
});
