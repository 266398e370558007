//! A braille scoresheet written to a file: the table, the format and the layout chosen from
//! the file's name and the game's language, then liblouis, then a safe write. `vichess
//! scoresheet --braille` and a game's `save game.brf` both come here, so the two sheets are
//! the same.

use crate::rules::notation::Lang;
use anyhow::bail;
use std::path::{Path, PathBuf};

/// Where and how a sheet is written.
#[derive(Debug, Clone)]
pub struct SheetFile {
    /// The file: BRF if its name ends in .brf (unless `format` says), else Unicode braille.
    pub path: PathBuf,
    /// "brf" or "unicode", instead of guessing from the name.
    pub format: Option<String>,
    /// The notation's language code.
    pub lang: String,
    /// A liblouis table list instead of the language's default.
    pub table: Option<String>,
    /// Cells per line.
    pub cells: usize,
    /// Lines per page, the page-number line included.
    pub lines: usize,
    /// The clock time after each move, from the game's [%clk] comments.
    pub clocks: bool,
}

impl SheetFile {
    /// The default sheet for `path` in `lang`: 40 cells, 25 lines, no clock times.
    pub fn new(path: &Path, lang: Lang) -> SheetFile {
        SheetFile {
            path: path.to_path_buf(),
            format: None,
            lang: lang.code().to_string(),
            table: None,
            cells: 40,
            lines: 25,
            clocks: false,
        }
    }

    /// Whether the sheet is BRF: the format decides, else the extension.
    fn is_brf(&self) -> bool {
        match self.format.as_deref() {
            Some(f) => f == "brf",
            None => self
                .path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("brf")),
        }
    }
}

/// Whether `save` should write braille rather than PGN: a `.brf` (embosser) or `.brl`
/// (Unicode braille) file.
pub fn is_braille_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("brf") || e.eq_ignore_ascii_case("brl"))
}

/// A braille scoresheet written: what the line that says so names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetWritten {
    /// Pages written.
    pub pages: usize,
    /// BRF for an embosser, else Unicode braille.
    pub brf: bool,
    /// The liblouis table list used.
    pub table: String,
}

impl SheetWritten {
    /// "wrote PATH: BRF braille, table …, pages: 3" in `pack`'s words.
    pub fn line(&self, pack: &crate::voice::Pack, path: &Path) -> String {
        use crate::phrase::token::Word;
        crate::pgn::words::fill(
            pack,
            Word::ScoresheetWroteBraille,
            &[
                ("file", &path.display().to_string()),
                ("format", if self.brf { "BRF" } else { "Unicode" }),
                ("table", &self.table),
                ("pages", &self.pages.to_string()),
            ],
        )
    }
}

/// Writes the scoresheet of `record` as `file` says; returns what was written, for the line
/// that says so in the game's language.
#[cfg(feature = "braille")]
pub fn write_sheet(record: &crate::pgn::PgnGame, file: &SheetFile) -> anyhow::Result<SheetWritten> {
    use super::{cells, louis::Louis, sheet};

    let out = &file.path;
    let lang = match Lang::from_code(&file.lang) {
        Some(l) if l != Lang::Figurine => l,
        _ => bail!(
            "--braille-lang {:?} is not one of en, de, uk, ru, hy",
            file.lang
        ),
    };
    let table = file
        .table
        .clone()
        .unwrap_or_else(|| super::louis::default_table(lang).to_string());
    let louis = Louis::open(&table).map_err(anyhow::Error::msg)?;
    let brf = file.is_brf();
    let options = sheet::SheetOptions {
        width: file.cells,
        height: file.lines,
        clocks: file.clocks,
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
    // The safe way: never through a symbolic link, never half a sheet, 0600, synced. The
    // caller names the file in the game's words.
    crate::safe_file::replace(out, document.as_bytes())?;
    Ok(SheetWritten {
        pages: pages.len(),
        brf,
        table,
    })
}

/// Without liblouis there is no braille to write.
#[cfg(not(feature = "braille"))]
pub fn write_sheet(
    _record: &crate::pgn::PgnGame,
    file: &SheetFile,
) -> anyhow::Result<SheetWritten> {
    let _ = file.is_brf();
    bail!(
        "this vichess was built without braille (the braille feature); cannot write {}",
        file.path.display()
    )
}
