//! `vichess report` as the arbiter runs it, for every test file that reads a report.

#![allow(dead_code)] // not every report test writes its own journal

use std::path::{Path, PathBuf};
use std::process::Command;

/// The standard start position, as every test journal here begins.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Writes `dir`/game.journal, as `vichess play` journals a game: its `begin` line with the
/// time control `control` (`-` for none) from the start position, then `records` as they
/// are (each with its own session time), so a report of it is exact.
pub fn write_journal(dir: &Path, control: &str, records: &[impl AsRef<str>]) -> PathBuf {
    let path = dir.join("game.journal");
    let mut j = vichess::journal::Journal::create(&path, "2026-11-24T16-00-00-Anna-Bert").unwrap();
    j.append(&format!("begin 0 {control} standard {START}"))
        .unwrap();
    for r in records {
        j.append(r.as_ref()).unwrap();
    }
    path
}

/// `vichess report --lang LANG FILE` (a journal or the PGN beside one), which must succeed:
/// the report's text.
pub fn report(file: &Path, lang: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["report", "--lang", lang])
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
