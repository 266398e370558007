//! `vichess demo`: replays the Immortal Game and announces every move in Appendix D words.
//!
//! Until the game session exists this is the most useful thing to show a newcomer: every move
//! read from PGN, checked by the rules core, and announced as a VI player would hear it.

use anyhow::Context;
use std::process::ExitCode;
use vichess::pgn::read_game;
use vichess::phrase::announce::{de_fide_text, move_phrase};
use vichess::rules::game::Game;
use vichess::rules::notation;

const GAME: &str = include_str!("immortal.pgn");

pub fn run() -> anyhow::Result<ExitCode> {
    let pgn = read_game(GAME)
        .context("the demo game is missing")?
        .context("the demo game does not read")?;
    println!(
        "vichess demo: {}, {} - {}, {} {}",
        pgn.tag("Annotator").unwrap_or("a famous game"),
        pgn.tag("White").unwrap_or("?"),
        pgn.tag("Black").unwrap_or("?"),
        pgn.tag("Site").unwrap_or("?"),
        pgn.tag("Date").unwrap_or("?").get(..4).unwrap_or("?"),
    );
    println!("Each line: the move as written, then as announced under FIDE Appendix D.");
    let mut game = Game::new(pgn.start.clone());
    for m in pgn.moves() {
        let pos = game.position().clone();
        let number = super::replay::move_number(&pos);
        println!(
            "{number} {}: {}",
            notation::san(&pos, m),
            de_fide_text(&move_phrase(&pos, m))
        );
        game.push(*m)?;
    }
    println!(
        "result: {} ({})",
        pgn.result.map_or("*", |r| r.as_pgn()),
        game.status().word()
    );
    Ok(ExitCode::SUCCESS)
}
