//! `vichess review GAME.pgn`: the engine looks at every position of a finished game, and
//! vichess prints the turning points in the game's language and writes the game again with
//! the evaluations as `[%eval]` comments. Progress goes to standard error, a line every ten
//! positions, so a long game's review is never silent.

use anyhow::{anyhow, Context};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use vichess::phrase::token::{Token, Word};
use vichess::voice::Pack;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game to review, a PGN file (its first game).
    pub pgn: PathBuf,
    /// How many plies deep the engine looks at each position.
    #[arg(long, default_value_t = 12)]
    pub depth: u32,
    /// The engine's program, or a name on PATH (also looked for in /usr/games).
    #[arg(long, default_value = "stockfish")]
    pub engine: String,
    /// The review's language: de, en, uk, ru or hy.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// Where the game with its evaluations is written (default: GAME-review.pgn beside it).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(args: ReviewArgs) -> anyhow::Result<ExitCode> {
    let language = vichess::phrase::Language::from_code(&args.lang).ok_or_else(|| {
        anyhow!(
            "{:?} is not a language vichess speaks (de, en, uk, ru, hy)",
            args.lang
        )
    })?;
    let pack = Pack::builtin(vichess::session::language_pack(language))?;
    let text = std::fs::read_to_string(&args.pgn)
        .with_context(|| format!("cannot read {}", args.pgn.display()))?;
    let pgn = vichess::pgn::read_game(&text)
        .ok_or_else(|| anyhow!("{}: no game in it", args.pgn.display()))?
        .map_err(|e| anyhow!("{}: {e}", args.pgn.display()))?;
    let reviewing = pack.text(&[Token::Word(Word::Reviewing)]);
    let mut err = std::io::stderr().lock();
    let (lines, reviewed) =
        vichess::host::review_game(&pgn, &args.engine, args.depth, &pack, |done, all| {
            if done % 10 == 0 && done > 0 {
                let _ = writeln!(err, "{reviewing} {done}/{all}");
            }
        })
        .with_context(|| args.pgn.display().to_string())?;
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    let target = args.out.clone().unwrap_or_else(|| {
        let stem = args
            .pgn
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into());
        args.pgn.with_file_name(format!("{stem}-review.pgn"))
    });
    vichess::host::save_file(&target, &vichess::pgn::write_game(&reviewed))
        .with_context(|| format!("cannot write {}", target.display()))?;
    writeln!(
        out,
        "{}: {}",
        pack.text(&[Token::Word(Word::Saved)]),
        target.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
