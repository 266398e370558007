//! `vichess scoresheet GAME.pgn --braille OUT`: the scoresheet in braille (D.2.7), as BRF for
//! an embosser or Unicode braille for a display and the screen.

use anyhow::bail;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vichess::rules::notation::Lang;

/// The braille options of `vichess scoresheet`.
#[derive(clap::Args, Debug, Clone)]
pub struct BrailleArgs {
    /// Write the scoresheet in braille here: BRF if the name ends in .brf, else Unicode braille.
    #[arg(long)]
    pub braille: Option<PathBuf>,
    /// Force the braille format instead of guessing it from the file name.
    #[arg(long, value_parser = ["brf", "unicode"], requires = "braille")]
    pub braille_format: Option<String>,
    /// The notation's language: en, de, uk, ru or hy.
    #[arg(long, default_value = "en", requires = "braille")]
    pub braille_lang: String,
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

/// Whether the file is BRF: the flag decides, else the extension.
fn is_brf(out: &Path, format: Option<&str>) -> bool {
    match format {
        Some(f) => f == "brf",
        None => out
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("brf")),
    }
}

#[cfg(feature = "braille")]
pub fn run(game: &Path, args: &BrailleArgs) -> anyhow::Result<ExitCode> {
    let record = match super::pgn_check::first_game(game)? {
        Some(Ok(g)) => g,
        Some(Err(e)) => bail!("{}: {e}", game.display()),
        None => bail!("{} holds no game", game.display()),
    };
    println!("{}", write_sheet(&record, args)?);
    Ok(ExitCode::SUCCESS)
}

/// The scoresheet of `record` in braille, written where `args.braille` says, in the format
/// and table the arguments (or their defaults) choose; returns the line that says so. `play`
/// writes one the same way when its `save` names a `.brf` or `.brl` file.
#[cfg(feature = "braille")]
pub fn write_sheet(record: &vichess::pgn::PgnGame, args: &BrailleArgs) -> anyhow::Result<String> {
    use anyhow::Context;
    use vichess::braille::{cells, louis::Louis, sheet};

    let Some(out) = args.braille.as_deref() else {
        bail!("--braille needs a file name");
    };
    let lang = match Lang::from_code(&args.braille_lang) {
        Some(l) if l != Lang::Figurine => l,
        _ => bail!(
            "--braille-lang {:?} is not one of en, de, uk, ru, hy",
            args.braille_lang
        ),
    };
    let table = args
        .braille_table
        .clone()
        .unwrap_or_else(|| vichess::braille::louis::default_table(lang).to_string());
    let louis = Louis::open(&table).map_err(anyhow::Error::msg)?;
    let brf = is_brf(out, args.braille_format.as_deref());
    let options = sheet::SheetOptions {
        width: args.cells,
        height: args.lines,
        clocks: args.clocks,
        checks: true,
    };
    let rows = sheet::rows(record, lang, &options);
    let six = louis.six_dot();
    let mut translate = |t: &str| {
        let u = louis.forward(t)?;
        Ok(if brf {
            cells::fold_to_six_dots(&u, six)
        } else {
            u
        })
    };
    let pages = sheet::layout(&rows, &options, &mut translate)?;
    let document = if brf {
        sheet::brf_document(&pages).map_err(anyhow::Error::msg)?
    } else {
        sheet::unicode_document(&pages)
    };
    // The safe way: never through a symbolic link, never half a sheet, 0600, synced.
    vichess::safe_file::replace(out, document.as_bytes())
        .with_context(|| format!("cannot write the braille scoresheet {}", out.display()))?;
    Ok(format!(
        "wrote {}: {} page{}, {} braille, table {table}",
        out.display(),
        pages.len(),
        if pages.len() == 1 { "" } else { "s" },
        if brf { "BRF" } else { "Unicode" }
    ))
}

/// The default braille settings for a sheet written from `play` to `out` in `lang`.
pub fn sheet_args(out: &Path, lang: Lang) -> BrailleArgs {
    BrailleArgs {
        braille: Some(out.to_path_buf()),
        braille_format: None,
        braille_lang: lang.code().to_string(),
        braille_table: None,
        cells: 40,
        lines: 25,
        clocks: false,
    }
}

/// Whether `save` should write braille rather than PGN: a `.brf` (embosser) or `.brl`
/// (Unicode braille) file.
pub fn is_braille_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("brf") || e.eq_ignore_ascii_case("brl"))
}

#[cfg(not(feature = "braille"))]
pub fn write_sheet(_record: &vichess::pgn::PgnGame, args: &BrailleArgs) -> anyhow::Result<String> {
    bail!(
        "this vichess was built without braille (the braille feature); cannot write {}",
        args.braille.as_deref().unwrap_or(Path::new("")).display()
    )
}

#[cfg(not(feature = "braille"))]
pub fn run(_game: &Path, args: &BrailleArgs) -> anyhow::Result<ExitCode> {
    let _ = (is_brf, Lang::En);
    bail!(
        "this vichess was built without braille (the braille feature); cannot write {}",
        args.braille.as_deref().unwrap_or(Path::new("")).display()
    )
}
