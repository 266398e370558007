//! `vichess pgn check FILE`: one line per game, then a summary; exit 1 when any game is bad.
//!
//! Every game is read even after a bad one, so an arbiter checking a round's file sees all the
//! problems at once, not just the first. The file is read game by game ([`GameStream`]), so a
//! file of any size is checked in the memory of its largest game.

use std::io::{BufReader, Write};
use std::path::Path;
use std::process::ExitCode;
use vichess::pgn::{result_of, words, GameResult, GameStream, PgnGame};
use vichess::phrase::token::{Token, Word};
use vichess::rules::game::Status;
use vichess::voice::Pack;

/// Every line in `pack`'s words, the game's language.
pub fn run(path: &Path, pack: &Pack) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let cannot = |e: std::io::Error| cannot_read(pack, path, &e);
    let file = std::fs::File::open(path).map_err(cannot)?;
    let (mut n, mut bad) = (0usize, 0usize);
    for item in GameStream::new(BufReader::with_capacity(1 << 16, file)) {
        let result = item.map_err(cannot)?;
        n += 1;
        let line = match result {
            Ok(game) => describe(pack, n, &game),
            Err(e) => {
                bad += 1;
                words::error(pack, &e)
            }
        };
        writeln!(out, "{}", super::text::visible(&line))?;
    }
    let summary = words::fill(
        pack,
        Word::PgnCheckSummary,
        &[
            ("games", &words::counted(pack, Word::PgnGames, n)),
            ("valid", &(n - bad).to_string()),
            ("bad", &bad.to_string()),
        ],
    );
    writeln!(out, "{summary}")?;
    // A file with no game at all is no good record: "0 games: 0 valid" with success let an
    // empty or wrong file pass a check (an arbiter's play-through); `scoresheet` refuses it.
    if n == 0 {
        let none = words::fill(
            pack,
            Word::PgnNoGame,
            &[("file", &path.display().to_string())],
        );
        writeln!(out, "{}", super::text::visible(&none))?;
        return Ok(ExitCode::from(1));
    }
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
    let cannot = |e: std::io::Error| cannot_read(pack, path, &e);
    let file = std::fs::File::open(path).map_err(cannot)?;
    GameStream::new(BufReader::with_capacity(1 << 16, file))
        .next()
        .transpose()
        .map_err(cannot)
}

/// "the game file cannot be read: PATH: there is no such file or folder": the system's
/// reason in the pack's words too, so no English stands in a translated line.
fn cannot_read(pack: &Pack, path: &Path, e: &std::io::Error) -> anyhow::Error {
    let word = pack.text(&[Token::Word(Word::PgnCannotRead)]);
    let colon = pack.colon();
    let why = vichess::io_words::io_reason(pack, e);
    anyhow::anyhow!("{word}{colon} {}{colon} {why}", path.display())
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
        Some(Err(e)) => anyhow::bail!(
            "{}{} {}",
            path.display(),
            pack.colon(),
            words::error(pack, &e)
        ),
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
        let what = format!(
            "{}{} {}",
            path.display(),
            pack.colon(),
            words::warning(pack, w)
        );
        let line = words::fill(pack, Word::PgnWarning, &[("what", &what)]);
        eprintln!("vichess: {}", super::text::visible(&line));
    }
    Ok(game)
}

/// One game's line. A record that plays on after the Laws ended the game (a mate, stalemate,
/// dead position, fivefold repetition or 75 moves; 5.2.2, 9.6) is reported with the result at
/// the ply where it ended, and the rest named in a warning as moves played after the end.
/// Moves after the end are written with the language's piece letters, as the report writes
/// them.
fn describe(pack: &Pack, number: usize, pgn: &PgnGame) -> String {
    let fill = |word, places: &[(&str, &str)]| words::fill(pack, word, places);
    let warning = |what: &str| fill(Word::PgnWarning, &[("what", what)]);
    let letters = vichess::session::notation_lang(pack.language());
    let replayed = pgn.replay();
    let game = &replayed.game;
    let moves = game.ply_count().div_ceil(2);
    let mut line = words::game_name(pack, number, pgn.players().as_deref());
    let status = game.status();
    let said = status_words(pack, status);
    let result = match replayed.end_move(letters) {
        Some(at) => fill(
            Word::PgnResultEnded,
            &[
                ("result", result_of(status).as_pgn()),
                ("status", &said),
                ("at", &words::move_at(pack, &at)),
            ],
        ),
        None => match pgn.result {
            Some(r) => r.as_pgn().to_owned(),
            None => fill(Word::PgnResultMissing, &[]),
        },
    };
    let counted = words::counted(pack, Word::PgnMoves, moves);
    let summary = fill(
        Word::PgnCheckLine,
        &[("moves", &counted), ("result", &result), ("status", &said)],
    );
    line += &format!("{} {summary}", pack.colon());
    if !replayed.after_end.is_empty() {
        let n = words::counted(pack, Word::PgnMoves, replayed.after_end.len());
        let after = fill(
            Word::PgnAfterEnd,
            &[
                ("count", &n),
                ("moves", &replayed.after_end_text_in(letters)),
            ],
        );
        line += &format!("; {}", warning(&after));
    }
    let laws = result_of(status);
    if let Some(written) = pgn.result {
        if status.is_over() && written != GameResult::Unknown && written != laws {
            let differs = fill(
                Word::PgnResultNotLaws,
                &[
                    ("written", written.as_pgn()),
                    ("laws", laws.as_pgn()),
                    ("status", &said),
                ],
            );
            line += &format!("; {}", warning(&differs));
        }
    }
    for w in &pgn.warnings {
        line += &format!("; {}", warning(&words::warning(pack, w)));
    }
    line
}

/// The final position's status in the pack's words ("мат", "мёртвая позиция").
fn status_words(pack: &Pack, status: Status) -> String {
    let word = match status {
        Status::Ongoing => Word::PgnOngoing,
        Status::Checkmate { .. } => Word::Checkmate,
        Status::Stalemate => Word::Stalemate,
        Status::DeadPosition => Word::DeadPosition,
        Status::FivefoldRepetition => Word::FivefoldRepetition,
        Status::SeventyFiveMoves => Word::SeventyFiveMoves,
    };
    pack.text(&[Token::Word(word)])
}
