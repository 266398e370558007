//! A move rendered to a WAV file by `vichess announce --wav`, for the tests that hear it back.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Renders `san` played from `fen` in `pack`'s voice to `dir/name.wav`, which must succeed:
/// the file and the line `announce` printed.
pub fn render(dir: &Path, name: &str, pack: &str, fen: &str, san: &str) -> (PathBuf, String) {
    let path = dir.join(format!("{name}.wav"));
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["announce", "--fen", fen, "--voice", pack, "--wav"])
        .arg(&path)
        .arg(san)
        .output()
        .expect("vichess runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        path,
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    )
}
