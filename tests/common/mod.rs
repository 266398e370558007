//! Shared helpers for the integration tests: where the test data lives, and its formats.
#![allow(dead_code)]

use std::path::PathBuf;

/// A file under `tests/data`, the project's own fixtures (see `tests/data/README.md`). A missing
/// file fails the test at once: a silent skip would hide a broken checkout.
pub fn test_data(rel: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    assert!(path.exists(), "test data {} is missing", path.display());
    path
}

/// One perft case: its index in the file, a position (four FEN fields) and `(depth, nodes)`.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub index: usize,
    pub epd: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads `tests/data/perft/*.txt`: one position a line, `EPD; nodes-at-depth-1 nodes-at-2 ...`,
/// with `#` comment lines.
pub fn read_perft(rel: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(test_data(rel)).expect("read perft file");
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (epd, counts) = line
            .split_once(';')
            .unwrap_or_else(|| panic!("{rel}:{}: no ';' after the position", n + 1));
        let counts = counts
            .split_whitespace()
            .zip(1..)
            .map(|(nodes, depth)| match nodes.parse() {
                Ok(nodes) => (depth, nodes),
                Err(_) => panic!("{rel}:{}: bad node count {nodes:?}", n + 1),
            })
            .collect();
        cases.push(PerftCase {
            index: cases.len(),
            epd: epd.trim().to_owned(),
            counts,
        });
    }
    cases
}
