//! `vichess report` as the arbiter runs it, for every test file that reads a report.

use std::path::Path;
use std::process::Command;

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
