//! The journal loses nothing: round trips, torn tails, damage in the middle, and a crash at
//! every byte.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use vichess::journal::{
    crc32, games_dir_from, journal_file_name, read, repair, Damage, Journal, JournalError,
};

/// A fresh empty directory under the target dir (no tempfile crate).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("journal-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_game(path: &Path, payloads: &[&str]) {
    let mut j = Journal::create(path, "2026-11-21T11-05-Smith-Jones").unwrap();
    for (i, p) in payloads.iter().enumerate() {
        assert_eq!(j.append(p).unwrap(), i as u64 + 1);
    }
}

const MOVES: [&str; 6] = [
    "move e2e4",
    "press white 5400000",
    "move e7e5",
    "penalty white 60000",
    "claim draw repetition — Remis",
    "correction clock white 5340000",
];

#[test]
fn round_trip_keeps_every_entry_in_order() {
    let dir = scratch("round-trip");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES);
    let got = read(&path).unwrap();
    assert_eq!(got.game_id.as_deref(), Some("2026-11-21T11-05-Smith-Jones"));
    assert_eq!(got.torn, None);
    let payloads: Vec<_> = got.entries.iter().map(|e| e.payload.as_str()).collect();
    assert_eq!(payloads, MOVES);
    assert_eq!(
        got.entries.iter().map(|e| e.seq).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );

    // Continuing the game numbers on.
    let mut j = Journal::open_append(&path).unwrap();
    assert_eq!(j.next_seq(), 7);
    assert_eq!(j.append("move g1f3").unwrap(), 7);
    assert_eq!(
        read(&path).unwrap().entries.last().unwrap().payload,
        "move g1f3"
    );
}

#[test]
fn the_line_format_is_seq_checksum_payload() {
    let dir = scratch("format");
    let path = dir.join("g.journal");
    write_game(&path, &["move e2e4"]);
    let text = fs::read_to_string(&path).unwrap();
    let lines: Vec<_> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("0 "), "{}", lines[0]);
    assert!(lines[0].ends_with(" vichess-journal 1 2026-11-21T11-05-Smith-Jones"));
    let crc = crc32(b"1 move e2e4");
    assert_eq!(lines[1], format!("1 {crc:08x} move e2e4"));
    assert!(text.ends_with('\n'));
}

#[test]
fn append_returns_only_after_the_bytes_are_in_the_file() {
    let dir = scratch("durable");
    let path = dir.join("g.journal");
    let mut j = Journal::create(&path, "id").unwrap();
    for i in 1..=20u64 {
        let payload = format!("move number {i}");
        assert_eq!(j.append(&payload).unwrap(), i);
        // Another handle, opened afresh, sees the whole line at once.
        let mut text = String::new();
        fs::File::open(&path)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert!(text.ends_with(&format!(" {payload}\n")), "{text}");
        assert_eq!(read(&path).unwrap().entries.len() as u64, i);
    }
}

#[test]
fn refuses_line_breaks_and_overwriting() {
    let dir = scratch("refuse");
    let path = dir.join("g.journal");
    let mut j = Journal::create(&path, "id").unwrap();
    let err = j.append("move e2e4\n1 00000000 forged").unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(j.append("bad\rline").is_err());
    assert_eq!(
        j.append("move e2e4").unwrap(),
        1,
        "a refused entry uses no number"
    );
    drop(j);
    assert!(matches!(
        Journal::create(&path, "id"),
        Err(JournalError::Exists { .. })
    ));
    assert_eq!(
        read(&path).unwrap().entries.len(),
        1,
        "the old journal is untouched"
    );
}

#[test]
fn a_last_line_without_newline_is_a_torn_tail() {
    let dir = scratch("no-newline");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES);
    let len = fs::metadata(&path).unwrap().len();
    let f = fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(len - 1).unwrap(); // just the newline gone
    let got = read(&path).unwrap();
    assert_eq!(got.entries.len(), 5);
    let torn = got.torn.unwrap();
    assert_eq!(torn.line, 7);
    assert_eq!(torn.why, Damage::NoEnd);
    assert_eq!(torn.why.to_string(), "the line has no end");
    assert!(torn
        .to_string()
        .contains("g.journal, line 7: the last entry is unusable"));
}

#[test]
fn half_a_line_is_a_torn_tail() {
    let dir = scratch("half");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES[..2]);
    let mut bytes = fs::read(&path).unwrap();
    let whole = bytes.len() as u64;
    bytes.extend_from_slice(b"3 1234");
    fs::write(&path, &bytes).unwrap();
    let got = read(&path).unwrap();
    assert_eq!(got.entries.len(), 2);
    let torn = got.torn.unwrap();
    assert_eq!((torn.line, torn.offset), (4, whole));
    assert_eq!(torn.bytes, b"3 1234");
}

#[test]
fn a_bad_checksum_on_the_last_line_is_a_torn_tail() {
    let dir = scratch("bad-crc-last");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES[..3]);
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("move e7e5", "move e7e6");
    fs::write(&path, text).unwrap();
    let got = read(&path).unwrap();
    assert_eq!(got.entries.len(), 2);
    let torn = got.torn.unwrap();
    assert_eq!(torn.line, 4);
    assert_eq!(torn.why, Damage::ChecksumMismatch);
    // The torn tail blocks appending until it is repaired.
    match Journal::open_append(&path) {
        Err(JournalError::Torn(t)) => assert_eq!(t.line, 4),
        other => panic!("expected a torn tail, got {other:?}"),
    }
}

#[test]
fn damage_in_the_middle_is_an_error_naming_the_line() {
    let dir = scratch("middle");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES);
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("move e7e5", "move e7e6");
    fs::write(&path, text).unwrap();
    match read(&path) {
        Err(JournalError::Corrupt { line, why, .. }) => {
            assert_eq!(line, 4);
            assert_eq!(why, Damage::ChecksumMismatch);
            assert_eq!(why.to_string(), "its checksum does not match its content");
        }
        other => panic!("expected damage on line 4, got {other:?}"),
    }
    let message = read(&path).unwrap_err().to_string();
    assert!(
        message.contains("g.journal, line 4: the journal is damaged"),
        "{message}"
    );
    // Repair refuses to touch a damaged journal.
    assert!(matches!(
        repair(&path),
        Err(JournalError::Corrupt { line: 4, .. })
    ));
    assert!(!dir.join("g.journal.torn").exists());
}

#[test]
fn sequence_gaps_and_repeats_are_caught() {
    let dir = scratch("gaps");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES);
    let text = fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();

    // Entry 3 dropped from the middle: line 4 holds entry 4.
    let mut gap = lines.clone();
    gap.remove(3);
    fs::write(&path, gap.join("\n") + "\n").unwrap();
    match read(&path) {
        Err(JournalError::Corrupt { line, why, .. }) => {
            assert_eq!(line, 4);
            assert_eq!(
                why.to_string(),
                "entry 4 stands where entry 3 belongs: entries are missing"
            );
        }
        other => panic!("{other:?}"),
    }

    // A line written twice in the middle.
    let mut twice = lines.clone();
    twice.insert(3, lines[2]);
    fs::write(&path, twice.join("\n") + "\n").unwrap();
    assert!(matches!(
        read(&path),
        Err(JournalError::Corrupt { line: 4, .. })
    ));

    // A gap on the last line: a torn tail, not used.
    let mut last = lines.clone();
    last.remove(5);
    fs::write(&path, last.join("\n") + "\n").unwrap();
    let got = read(&path).unwrap();
    assert_eq!(got.entries.len(), 4);
    assert_eq!(got.torn.unwrap().line, 6);
}

#[test]
fn a_wrong_header_is_refused() {
    let dir = scratch("header");
    let path = dir.join("g.journal");
    let line = |seq: u64, payload: &str| {
        format!(
            "{seq} {:08x} {payload}\n",
            crc32(format!("{seq} {payload}").as_bytes())
        )
    };
    fs::write(
        &path,
        line(0, "vichess-journal 9 id") + &line(1, "move e2e4"),
    )
    .unwrap();
    // A newer format is not damage (issue 24, item 20): said as such, the file untouched.
    let e = read(&path).unwrap_err();
    assert!(matches!(e, JournalError::Newer { version: 9, .. }), "{e:?}");
    assert!(
        e.to_string()
            .contains("written by a newer vichess (format 9"),
        "{e}"
    );
    assert!(!e.to_string().contains("damaged"), "{e}");
    fs::write(
        &path,
        line(0, "vichess-journal x id") + &line(1, "move e2e4"),
    )
    .unwrap();
    match read(&path) {
        Err(JournalError::Corrupt { line: 1, why, .. }) => {
            assert!(why.to_string().contains("format version \"x\""), "{why}")
        }
        other => panic!("{other:?}"),
    }
    fs::write(&path, line(0, "notes") + &line(1, "x")).unwrap();
    assert!(matches!(
        read(&path),
        Err(JournalError::Corrupt { line: 1, .. })
    ));
}

#[test]
fn repair_cuts_the_torn_tail_and_keeps_its_bytes() {
    let dir = scratch("repair");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES[..3]);
    let whole = fs::read(&path).unwrap();
    let mut bytes = whole.clone();
    bytes.extend_from_slice("4 deadbeef move ♘".as_bytes());
    fs::write(&path, &bytes).unwrap();

    let tail = repair(&path).unwrap().expect("a torn tail");
    assert_eq!(tail.line, 5);
    assert_eq!(fs::read(&path).unwrap(), whole);
    assert_eq!(
        fs::read(dir.join("g.journal.torn")).unwrap(),
        "4 deadbeef move ♘".as_bytes()
    );
    assert_eq!(
        repair(&path).unwrap(),
        None,
        "a whole journal is left alone"
    );

    // The game goes on where it stopped; a second repair keeps the first copy.
    let mut j = Journal::open_append(&path).unwrap();
    assert_eq!(j.append("move g8f6").unwrap(), 4);
    drop(j);
    let mut bytes = fs::read(&path).unwrap();
    bytes.extend_from_slice(b"5 00");
    fs::write(&path, &bytes).unwrap();
    repair(&path).unwrap().unwrap();
    assert_eq!(fs::read(dir.join("g.journal.torn.2")).unwrap(), b"5 00");
    assert_eq!(
        fs::read(dir.join("g.journal.torn")).unwrap(),
        "4 deadbeef move ♘".as_bytes()
    );
}

/// A power cut at any byte: the reader gives a prefix of the entries and reports a torn
/// tail exactly when the cut is not at a line end, and never a wrong entry.
#[test]
fn a_crash_at_every_byte_never_yields_a_wrong_entry() {
    let dir = scratch("crash");
    let path = dir.join("g.journal");
    write_game(&path, &MOVES);
    let full = fs::read(&path).unwrap();
    let expected = read(&path).unwrap().entries;
    let line_ends: Vec<usize> = full
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1)
        .collect();
    for cut in 0..=full.len() {
        let got = vichess::journal::parse(&path, &full[..cut])
            .unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        let whole_lines = line_ends.iter().filter(|&&end| end <= cut).count();
        let whole_entries = whole_lines.saturating_sub(1);
        assert_eq!(got.entries, expected[..whole_entries], "cut at {cut}");
        let at_line_end = cut != 0 && line_ends.contains(&cut);
        match &got.torn {
            None => assert!(at_line_end, "cut at {cut} not reported"),
            Some(t) => {
                assert!(!at_line_end, "cut at {cut}: whole file reported torn");
                assert_eq!(t.line, whole_lines + 1, "cut at {cut}");
                assert_eq!(t.bytes, full[t.offset as usize..cut], "cut at {cut}");
            }
        }
        // A flipped byte in the last line is also never read as an entry.
        if cut > 0 && at_line_end && whole_lines >= 2 {
            let start = line_ends[whole_lines - 2];
            for i in start..cut - 1 {
                let mut bad = full[..cut].to_vec();
                bad[i] ^= 0x01;
                let got = vichess::journal::parse(&path, &bad).unwrap();
                assert_eq!(got.entries, expected[..whole_entries - 1], "flip at {i}");
                assert!(got.torn.is_some(), "flip at {i}");
            }
        }
    }
}

#[test]
fn journals_live_in_the_per_user_data_directory() {
    use std::ffi::OsStr;
    assert_eq!(
        games_dir_from(Some(OsStr::new("/data")), Some(OsStr::new("/home/a"))),
        Some(PathBuf::from("/data/vichess/games"))
    );
    assert_eq!(
        games_dir_from(Some(OsStr::new("relative")), Some(OsStr::new("/home/a"))),
        Some(PathBuf::from("/home/a/.local/share/vichess/games"))
    );
    assert_eq!(
        games_dir_from(None, Some(OsStr::new("/home/a"))),
        Some(PathBuf::from("/home/a/.local/share/vichess/games"))
    );
    assert_eq!(games_dir_from(None, None), None);
    assert_eq!(
        journal_file_name("2026-11-21T11-05", "Müller, Anna", "../Петров"),
        "2026-11-21T11-05-Müller__Anna-_Петров.journal"
    );
}

/// Every entry waits for the disk before the move is announced. How long that takes is
/// printed (run with `--nocapture`), not asserted: a busy disk is slow without anything being
/// wrong. Here: every one of many synced appends is read back.
#[test]
fn many_synced_appends_are_all_read_back() {
    let dir = scratch("latency");
    let path = dir.join("g.journal");
    let mut j = Journal::create(&path, "id").unwrap();
    let n = 200;
    let start = std::time::Instant::now();
    for i in 0..n {
        j.append(&format!("press white {i}")).unwrap();
    }
    let each = start.elapsed() / n;
    println!("append with fsync: {each:?} each over {n} entries");
    assert_eq!(read(&path).unwrap().entries.len(), n as usize);
}

/// A journal reached through a symbolic link is neither appended to nor cut: the file it
/// points at (outside the game folder) stays exactly as it was.
#[cfg(unix)]
#[test]
fn a_symlinked_journal_is_never_written() {
    let dir = scratch("symlinked");
    let victim = dir.join("victim.journal");
    write_game(&victim, &["move 0 e2e4"]);
    let mut torn = fs::read(&victim).unwrap();
    torn.extend_from_slice(b"2 0000");
    fs::write(&victim, &torn).unwrap();
    let link = dir.join("game.journal");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let err = Journal::open_append(&link).expect_err("a symlinked journal is refused");
    assert!(err.to_string().contains("symbolic link"), "{err}");
    let err = repair(&link).expect_err("a symlinked journal is not cut");
    assert!(err.to_string().contains("symbolic link"), "{err}");
    assert_eq!(fs::read(&victim).unwrap(), torn);
}
