//! `vichess pgn check FILE`: one line per game, then a summary; exit 1 when any game is bad.
//!
//! Every game is read even after a bad one, so an arbiter checking a round's file sees all the
//! problems at once, not just the first. The file is read game by game ([`GameStream`]), so a
//! file of any size is checked in the memory of its largest game.

use anyhow::Context;
use std::io::{BufReader, Write};
use std::path::Path;
use std::process::ExitCode;
use vichess::pgn::{result_of, words, GameResult, GameStream, PgnGame};
use vichess::phrase::token::{Token, Word};
use vichess::voice::Pack;

pub fn run(path: &Path) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let (mut n, mut bad) = (0usize, 0usize);
    for item in GameStream::new(BufReader::with_capacity(1 << 16, file)) {
        let result = item.with_context(|| format!("cannot read {}", path.display()))?;
        n += 1;
        match result {
            Ok(game) => writeln!(out, "{}", super::text::visible(&describe(n, &game)))?,
            Err(e) => {
                bad += 1;
                writeln!(out, "{}", super::text::visible(&e.to_string()))?;
            }
        }
    }
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

/// The first game of the file at `path`, read as far as that game only ([`GameStream`]), so
/// a huge file, or one that is no PGN at all (`/dev/zero`), is refused at the stream's limits
/// with the file named, instead of being read into memory whole; refused in `pack`'s words.
pub fn first_game(
    path: &Path,
    pack: &Pack,
) -> anyhow::Result<Option<Result<PgnGame, vichess::pgn::PgnError>>> {
    let cannot = || cannot_read(pack, path);
    let file = std::fs::File::open(path).with_context(cannot)?;
    GameStream::new(BufReader::with_capacity(1 << 16, file))
        .next()
        .transpose()
        .with_context(cannot)
}

/// "the game file cannot be read: PATH", before the system's reason.
fn cannot_read(pack: &Pack, path: &Path) -> String {
    let word = pack.text(&[Token::Word(Word::PgnCannotRead)]);
    format!("{word}: {}", path.display())
}

/// The first game of the file at `path` for a command that writes it out (a scoresheet):
/// refused when the file holds no game or a bad one; its warnings (above all a record cut off
/// before its result) printed first, with the file named, so a truncated record is never
/// embossed or dictated without a word. A record cut off inside a comment keeps its moves
/// before the cut, with a warning, as one cut off between moves does. Every line is in
/// `pack`'s words.
pub fn first_game_warned(path: &Path, pack: &Pack) -> anyhow::Result<PgnGame> {
    let first = first_game(path, pack)?.map(|r| r.or_else(vichess::pgn::PgnError::cut_in_comment));
    let game = match first {
        Some(Ok(g)) => g,
        Some(Err(e)) => anyhow::bail!("{}: {}", path.display(), words::error(pack, &e)),
        None => anyhow::bail!(
            "{}",
            words::fill(
                pack,
                Word::PgnNoGame,
                &[("file", &path.display().to_string())]
            )
        ),
    };
    for w in &game.warnings {
        let what = format!("{}: {}", path.display(), words::warning(pack, w));
        let line = words::fill(pack, Word::PgnWarning, &[("what", &what)]);
        eprintln!("vichess: {}", super::text::visible(&line));
    }
    Ok(game)
}

/// One game's line. A record that plays on after the Laws ended the game (a mate, stalemate,
/// dead position, fivefold repetition or 75 moves; 5.2.2, 9.6) is reported with the result at
/// the ply where it ended, and the rest named in a warning as moves played after the end.
fn describe(number: usize, pgn: &PgnGame) -> String {
    let replayed = pgn.replay();
    let game = &replayed.game;
    let moves = game.ply_count().div_ceil(2);
    let mut line = format!("game {number}");
    if let Some(p) = pgn.players() {
        line += &format!(" ({p})");
    }
    let status = game.status();
    let result = match replayed.end_move_text() {
        Some(at) => format!(
            "{} by {} at {at}",
            result_of(status).as_pgn(),
            status.word()
        ),
        None => pgn.result.map_or("missing", |r| r.as_pgn()).to_owned(),
    };
    line += &format!(
        ": {moves} {}, result {result}, final position {}",
        if moves == 1 { "move" } else { "moves" },
        status.word()
    );
    if !replayed.after_end.is_empty() {
        let n = replayed.after_end.len();
        line += &format!(
            "; warning: {n} {} played after the end of the game, kept but not part of it: {}",
            if n == 1 { "move" } else { "moves" },
            replayed.after_end_text()
        );
    }
    let laws = result_of(status);
    if let Some(written) = pgn.result {
        if status.is_over() && written != GameResult::Unknown && written != laws {
            line += &format!(
                "; warning: the record's result {} is not the result of the Laws, {} ({})",
                written.as_pgn(),
                laws.as_pgn(),
                status.word()
            );
        }
    }
    for w in &pgn.warnings {
        line += &format!("; warning: {w}");
    }
    line
}
