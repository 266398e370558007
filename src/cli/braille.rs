//! `vichess scoresheet GAME.pgn --braille OUT`: the scoresheet in braille (D.2.7), as BRF for
//! an embosser or Unicode braille for a display and the screen.

use anyhow::bail;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
#[cfg(feature = "braille")]
use vichess::braille::file::write_sheet;
use vichess::braille::file::SheetFile;
use vichess::voice::Pack;
#[cfg(feature = "braille")]
use {
    anyhow::Context,
    vichess::phrase::token::{Token, Word},
};

/// The braille options of `vichess scoresheet`.
#[derive(clap::Args, Debug, Clone)]
pub struct BrailleArgs {
    /// Write the scoresheet in braille here: BRF if the name ends in .brf, else Unicode braille.
    #[arg(long)]
    pub braille: Option<PathBuf>,
    /// Force the braille format instead of guessing it from the file name.
    #[arg(long, value_parser = ["brf", "unicode"], requires = "braille")]
    pub braille_format: Option<String>,
    /// The notation's language: en, de, uk, ru or hy; without it, the game's language (the
    /// configuration's `[game] language`), with that language's braille table.
    #[arg(long, requires = "braille")]
    pub braille_lang: Option<String>,
    /// A liblouis table list instead of the language's default (see docs/braille.md).
    #[arg(long, requires = "braille")]
    pub braille_table: Option<String>,
    /// Cells per line.
    #[arg(long, default_value_t = 40, requires = "braille")]
    pub cells: usize,
    /// Lines per page, the page-number line included.
    #[arg(long, default_value_t = 25, requires = "braille")]
    pub lines: usize,
    /// Add the clock time after each move, from the game's [%clk] comments.
    #[arg(long, requires = "braille")]
    pub clocks: bool,
}

impl BrailleArgs {
    /// The sheet these options describe, in `language` unless `--braille-lang` names
    /// another, or why there is none.
    fn sheet(&self, language: vichess::phrase::Language) -> anyhow::Result<SheetFile> {
        let Some(path) = self.braille.clone() else {
            bail!("--braille needs a file name");
        };
        Ok(SheetFile {
            path,
            format: self.braille_format.clone(),
            lang: self
                .braille_lang
                .clone()
                .unwrap_or_else(|| language.code().to_string()),
            table: self.braille_table.clone(),
            cells: self.cells,
            lines: self.lines,
            clocks: self.clocks,
        })
    }
}

/// The sheet written, its warnings and the line that says so in `words`' language, the
/// game's; the notation and its braille table are that language's unless the flags say
/// otherwise.
#[cfg(feature = "braille")]
pub fn run(game: &Path, args: &BrailleArgs, words: &Pack) -> anyhow::Result<ExitCode> {
    let sheet = args.sheet(words.language())?;
    let record = super::pgn_check::first_game_warned(game, words)?;
    let written = write_sheet(&record, &sheet).with_context(|| {
        let word = words.text(&[Token::Word(Word::ScoresheetCannotWrite)]);
        format!("{word}{} {}", words.colon(), sheet.path.display())
    })?;
    println!("{}", written.line(words, &sheet.path));
    Ok(ExitCode::SUCCESS)
}

/// Said before the game is read: nothing can be written in this build.
#[cfg(not(feature = "braille"))]
pub fn run(_game: &Path, args: &BrailleArgs, words: &Pack) -> anyhow::Result<ExitCode> {
    bail!(
        "this vichess was built without braille (the braille feature); cannot write {}",
        args.sheet(words.language())?.path.display()
    )
}
