//! Shared helpers for the integration tests: where the public test data lives, and its formats.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/data` beside the checkout. Tests that need it fail loudly when it is missing:
/// CI always has it, and a silent skip would hide a broken set-up.
pub fn shared_data(rel: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(rel);
    assert!(
        path.exists(),
        "test data {} is missing: the tests expect the project's shared/ folder beside the checkout",
        path.display()
    );
    path
}

/// One perft case: an id, an EPD (four FEN fields) and `(depth, nodes)` pairs.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub id: String,
    pub epd: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads the `id` / `epd` / `perft DEPTH NODES` format of `shared/data/perft/*.perft`.
pub fn read_perft(rel: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(shared_data(rel)).expect("read perft file");
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(PerftCase {
                id: id.to_owned(),
                epd: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            cases.last_mut().expect("epd after id").epd = epd.to_owned();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().and_then(|s| s.parse().ok());
            let nodes = it.next().and_then(|s| s.parse().ok());
            match (depth, nodes) {
                (Some(d), Some(n)) => cases
                    .last_mut()
                    .expect("perft after id")
                    .counts
                    .push((d, n)),
                _ => panic!("{rel}:{}: bad perft line {line:?}", n + 1),
            }
        }
    }
    cases
}
