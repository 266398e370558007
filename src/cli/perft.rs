//! `vichess perft`: the last line is the node count alone, so scripts can take `tail -1`.

use std::process::ExitCode;
use vichess::rules::notation;
use vichess::rules::{perft, Position};

pub fn run(pos: &Position, divide: bool, depth: u32) -> anyhow::Result<ExitCode> {
    if divide && depth > 0 {
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                (notation::uci(pos, m), perft(&next, depth - 1))
            })
            .collect();
        lines.sort();
        for (mv, n) in &lines {
            println!("{mv}: {n}");
            total += n;
        }
        println!("{total}");
    } else {
        println!("{}", perft(pos, depth));
    }
    Ok(ExitCode::SUCCESS)
}
