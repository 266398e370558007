//! `vichess replay`: plays moves given in any accepted notation and reports the result.
//!
//! All moves are checked before anything is printed, so a bad move never leaves output that
//! looks as if the earlier part of the game had been accepted and then silently cut.

use anyhow::bail;
use std::io::Write;
use std::process::ExitCode;
use vichess::pgn::words as pgn_words;
use vichess::rules::game::{ClaimKind, Game};
use vichess::rules::notation::{self, Lang};
use vichess::rules::{Color, Position};
use vichess::voice::Pack;

/// "12." for White's move 12, "12..." for Black's: the scoresheet's own numbering.
pub fn move_number(pos: &Position) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// Moves given after the Laws ended the game (a dead position, fivefold repetition, 75
/// moves; 5.2.2, 9.6) are still checked for legality, then listed apart as not part of the
/// game, and the status is the game's at its end.
/// A refused move is told in `words`' language: its number and side, the move as given in
/// the language's quotation marks, and the reason.
pub fn run(
    start: Position,
    lang: Option<Lang>,
    moves: &[String],
    words: &Pack,
) -> anyhow::Result<ExitCode> {
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    let mut game = Game::new(start);
    let mut lines = Vec::with_capacity(moves.len());
    // The position after the end, once the game has ended and moves still come.
    let mut beyond: Option<Position> = None;
    let mut after_end = Vec::new();
    for text in moves {
        let pos = beyond.clone().unwrap_or_else(|| game.position().clone());
        let m = match notation::parse_move(&pos, text) {
            Ok(m) => m,
            Err(e) => bail!(
                "{}, {}: {}",
                pgn_words::move_number(words, pos.fullmoves(), pos.turn()),
                words.language().quote(text),
                pgn_words::move_error(words, &e)
            ),
        };
        let written = match lang {
            Some(lang) => notation::san_in(&pos, &m, lang),
            None => notation::san(&pos, &m),
        };
        if beyond.is_none() && game.push(m).is_ok() {
            lines.push(format!("{} {}", move_number(&pos), written));
            continue;
        }
        let mut next = pos.clone();
        next.play_unchecked(&m);
        beyond = Some(next);
        match pos.turn() {
            Color::White => after_end.push(format!("{}. {written}", pos.fullmoves())),
            Color::Black if after_end.is_empty() => {
                after_end.push(format!("{}... {written}", pos.fullmoves()))
            }
            Color::Black => after_end.push(written),
        }
    }
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "fen: {}", game.position().fen())?;
    writeln!(out, "status: {}", game.status().word())?;
    if !after_end.is_empty() {
        let n = after_end.len();
        writeln!(
            out,
            "after the end: {n} {}, not part of the game: {}",
            if n == 1 { "move" } else { "moves" },
            after_end.join(" ")
        )?;
    }
    for claim in game.claimable() {
        let word = match claim.kind {
            ClaimKind::ThreefoldRepetition => "threefold",
            ClaimKind::FiftyMoves => "fifty-move",
        };
        writeln!(out, "claimable: {word}")?;
    }
    Ok(ExitCode::SUCCESS)
}
