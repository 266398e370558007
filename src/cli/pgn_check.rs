//! `vichess pgn check FILE`: one line per game, then a summary; exit 1 when any game is bad.
//!
//! Every game is read even after a bad one, so an arbiter checking a round's file sees all the
//! problems at once, not just the first.

use anyhow::Context;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::pgn::{read_games, PgnGame};
use vichess::rules::game::Game;

pub fn run(path: &Path) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let games = read_games(&text);
    let mut bad = 0;
    for (i, result) in games.iter().enumerate() {
        match result {
            Ok(game) => writeln!(out, "{}", super::text::visible(&describe(i + 1, game)))?,
            Err(e) => {
                bad += 1;
                writeln!(out, "{}", super::text::visible(&e.to_string()))?;
            }
        }
    }
    let n = games.len();
    writeln!(
        out,
        "{n} {}: {} valid, {bad} with errors",
        if n == 1 { "game" } else { "games" },
        n - bad
    )?;
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn describe(number: usize, pgn: &PgnGame) -> String {
    let mut game = Game::new(pgn.start.clone());
    for m in pgn.moves() {
        // The reader already checked legality against the same rules; a failure here would be
        // a bug, and saying so beats a wrong verdict.
        if let Err(e) = game.push(*m) {
            return format!("game {number}: internal error replaying the game: {e}");
        }
    }
    let plies = game.moves().len();
    let moves = plies.div_ceil(2);
    let mut line = format!("game {number}");
    if let Some(p) = pgn.players() {
        line += &format!(" ({p})");
    }
    line += &format!(
        ": {moves} {}, result {}, final position {}",
        if moves == 1 { "move" } else { "moves" },
        pgn.result.map_or("missing", |r| r.as_pgn()),
        game.status().word()
    );
    for w in &pgn.warnings {
        line += &format!("; warning: {w}");
    }
    line
}
