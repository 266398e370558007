//! The braille scoresheet: what goes on it (header, numbered move pairs, optional clock times)
//! and how it is laid out on pages of a fixed number of cells and lines.
//!
//! Sans-IO: the translation from print to braille is a function handed in (liblouis in the
//! program, anything in a test), so the layout rules are checked without a braille engine.

use super::cells;
use crate::pgn::{format_duration, GameResult, PgnGame};
use crate::rules::notation::{san_in, Lang, DRAW_OFFER_MARK};
use crate::rules::Color;

/// Page geometry and content choices; the defaults are an embosser's 40 cells by 25 lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetOptions {
    /// Cells per line.
    pub width: usize,
    /// Lines per page, the page-number line included.
    pub height: usize,
    /// Clock times from `[%clk]` comments after each move.
    pub clocks: bool,
    /// The check and mate signs; on by default, and always on for `vichess scoresheet`, since
    /// a scoresheet must read back to the game (BRF writes an eight-dot table's `+` as the
    /// six-dot plus, see [`cells::SixDot`]).
    pub checks: bool,
}

impl Default for SheetOptions {
    fn default() -> SheetOptions {
        SheetOptions {
            width: 40,
            height: 25,
            clocks: false,
            checks: true,
        }
    }
}

/// One logical line of the scoresheet in print: its parts are kept apart so that a line too
/// long for the page breaks between parts (between White's and Black's move), never inside a
/// move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The print pieces, written with one space between them.
    pub parts: Vec<String>,
}

impl Row {
    fn new(parts: Vec<String>) -> Row {
        Row { parts }
    }
}

/// The scoresheet in print, in the language's notation: header rows, an empty row, then one
/// row per move number, "(=)" after a move in which a draw was offered.
pub fn rows(game: &PgnGame, lang: Lang, options: &SheetOptions) -> Vec<Row> {
    let mut out = Vec::new();
    let tag = |name: &str| game.tag(name).filter(|v| !v.is_empty() && *v != "?");
    if let Some(event) = tag("Event") {
        out.push(Row::new(words(event)));
    }
    let white = tag("White").unwrap_or("?");
    let black = tag("Black").unwrap_or("?");
    let mut players = words(white);
    players.push("-".to_string());
    players.extend(words(black));
    out.push(Row::new(players));
    if let Some(date) = tag("Date") {
        out.push(Row::new(vec![date.to_string()]));
    }
    out.push(Row::new(vec![result_text(game)]));
    out.push(Row::new(Vec::new()));

    let mut pos = game.start.clone();
    let mut row: Vec<String> = Vec::new();
    for pm in &game.main.moves {
        let color = pos.turn();
        if color == Color::White || row.is_empty() {
            let number = pos.fullmoves();
            row.push(format!("{number}."));
            if color == Color::Black {
                row.push("...".to_string());
            }
        }
        let mut text = san_in(&pos, &pm.mv, lang);
        if !options.checks {
            text.truncate(text.trim_end_matches(['+', '#']).len());
        }
        // The draw offer mark after its move (8.1.5, C.12), in the same part so a line
        // never breaks between them; the table writes it in its own cells.
        if pm.offers_draw() {
            text.push(' ');
            text.push_str(DRAW_OFFER_MARK);
        }
        row.push(text);
        // The clock time is a part of its own, so a line may break before it.
        if options.clocks {
            if let Some(clock) = pm.comments.iter().find_map(|c| c.clock) {
                row.push(format!("({})", format_duration(clock)));
            }
        }
        match pos.play(&pm.mv) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
        if color == Color::Black {
            out.push(Row::new(std::mem::take(&mut row)));
        }
    }
    if !row.is_empty() {
        out.push(Row::new(row));
    }
    out
}

/// The result as a scoresheet writes it; an unfinished game shows `*`.
fn result_text(game: &PgnGame) -> String {
    match game.result {
        Some(GameResult::WhiteWins) => "1-0".into(),
        Some(GameResult::BlackWins) => "0-1".into(),
        Some(GameResult::Draw) => "1/2-1/2".into(),
        _ => "*".into(),
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// A page of braille lines, each at most the page width.
pub type Page = Vec<String>;

/// Why a scoresheet could not be laid out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The page is too small for any content.
    #[error("a braille page needs at least 10 cells and 3 lines, not {width} by {height}")]
    TooSmall {
        /// Cells per line asked for.
        width: usize,
        /// Lines per page asked for.
        height: usize,
    },
    /// The translator refused some text.
    #[error("braille translation failed for {text:?}: {reason}")]
    Translation {
        /// The print text.
        text: String,
        /// What the translator said.
        reason: String,
    },
}

/// Lays the rows out on pages. `translate` turns print into Unicode braille. Every page ends
/// with its number, right-aligned on the last line; a row too long for a line continues on
/// the next, indented by two cells.
pub fn layout(
    rows: &[Row],
    options: &SheetOptions,
    translate: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Vec<Page>, LayoutError> {
    if options.width < 10 || options.height < 3 {
        return Err(LayoutError::TooSmall {
            width: options.width,
            height: options.height,
        });
    }
    let mut tr = |text: &str| {
        translate(text).map_err(|reason| LayoutError::Translation {
            text: text.to_string(),
            reason,
        })
    };
    let space = cells::BLANK.to_string();
    let mut lines: Vec<String> = Vec::new();
    for row in rows {
        if row.parts.is_empty() {
            lines.push(String::new());
            continue;
        }
        let mut line = String::new();
        for part in &row.parts {
            for braille in pieces(part, options.width - 2, &mut tr)? {
                let needed = cells::width(&braille) + usize::from(!line.is_empty());
                if !line.is_empty() && cells::width(&line) + needed > options.width {
                    lines.push(std::mem::take(&mut line));
                    line.push_str(&space.repeat(2));
                } else if !line.is_empty() {
                    line.push_str(&space);
                }
                line.push_str(&braille);
            }
        }
        lines.push(line);
    }
    let body = options.height - 1;
    let mut pages = Vec::new();
    for (i, chunk) in lines.chunks(body).enumerate() {
        let mut page: Page = chunk.to_vec();
        while page.len() < body {
            page.push(String::new());
        }
        let number = tr(&(i + 1).to_string())?;
        let pad = options.width.saturating_sub(cells::width(&number));
        page.push(space.repeat(pad) + &number);
        pages.push(page);
    }
    Ok(pages)
}

/// A print part in braille, in pieces of at most `room` cells: whole when it fits, else cut in
/// print and each piece translated on its own, so that each carries its own signs (a number
/// cut at the end of a line keeps its number sign on the next).
fn pieces(
    part: &str,
    room: usize,
    tr: &mut dyn FnMut(&str) -> Result<String, LayoutError>,
) -> Result<Vec<String>, LayoutError> {
    let whole = tr(part)?;
    if cells::width(&whole) <= room {
        return Ok(vec![whole]);
    }
    let chars: Vec<char> = part.chars().collect();
    let mut out = Vec::new();
    let mut start = 0;
    while start < chars.len() {
        // The longest piece that fits; one character always goes, even if it does not.
        let mut end = start + 1;
        let mut braille = tr(&chars[start..end].iter().collect::<String>())?;
        while end < chars.len() {
            let longer = tr(&chars[start..end + 1].iter().collect::<String>())?;
            if cells::width(&longer) > room {
                break;
            }
            end += 1;
            braille = longer;
        }
        out.push(braille);
        start = end;
    }
    Ok(out)
}

/// The pages as a Unicode braille text: lines end with a newline, pages are separated by a
/// form feed, as in BRF.
pub fn unicode_document(pages: &[Page]) -> String {
    let mut out = String::new();
    for (i, page) in pages.iter().enumerate() {
        if i > 0 {
            out.push('\u{c}');
        }
        for line in page {
            out.push_str(line.trim_end_matches(cells::BLANK));
            out.push('\n');
        }
    }
    out
}

/// The pages as BRF: six-dot cells in Braille ASCII, lines ending CR LF, pages separated by a
/// form feed, the form embossers expect. The pages must already be six-dot (lay them out with a
/// translation folded by [`cells::fold_to_six_dots`]); the error names the page and line that
/// is not.
pub fn brf_document(pages: &[Page]) -> Result<String, String> {
    let mut out = String::new();
    for (i, page) in pages.iter().enumerate() {
        if i > 0 {
            out.push('\u{c}');
        }
        for (n, line) in page.iter().enumerate() {
            let brf = cells::to_brf(line.trim_end_matches(cells::BLANK)).ok_or_else(|| {
                format!(
                    "page {} line {} has a cell with dots 7 or 8, which BRF cannot hold",
                    i + 1,
                    n + 1
                )
            })?;
            out.push_str(brf.trim_end());
            out.push_str("\r\n");
        }
    }
    Ok(out)
}
