//! `vichess moves`: every legal move, `UCI SAN` per line, sorted by UCI so output is stable.

use std::io::Write;
use std::process::ExitCode;
use vichess::rules::notation::{self, Lang};
use vichess::rules::Position;

pub fn run(pos: &Position, lang: Option<Lang>) -> anyhow::Result<ExitCode> {
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    let mut lines: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let san = match lang {
                Some(lang) => notation::san_in(pos, m, lang),
                None => notation::san(pos, m),
            };
            format!("{} {}", notation::uci(pos, m), san)
        })
        .collect();
    lines.sort();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}
