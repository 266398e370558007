//! `vichess perft`: the last line is the node count alone, so scripts can take `tail -1`.

use std::io::Write;
use std::process::ExitCode;
use vichess::rules::notation;
use vichess::rules::{perft, Position};

pub fn run(pos: &Position, divide: bool, depth: u32) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
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
            writeln!(out, "{mv}: {n}")?;
            total += n;
        }
        writeln!(out, "{total}")?;
    } else {
        writeln!(out, "{}", perft(pos, depth))?;
    }
    Ok(ExitCode::SUCCESS)
}
