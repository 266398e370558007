//! Games to PGN export format (PGN 8): the seven-tag roster first, then the other tags, then
//! the movetext wrapped at 80 columns.

use super::model::{format_duration, Comment, Line, PgnGame, SEVEN_TAG_ROSTER};
use super::moves::san;
use super::setup::{start_position, variant_is_chess960};
use crate::rules::Position;

/// How moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoveStyle {
    /// PGN's SAN: `e8=Q`, `O-O`.
    #[default]
    Pgn,
    /// The FIDE Laws' algebraic notation (Appendix C): `e8Q`, `0-0`.
    Fide,
}

/// Writer settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// PGN's SAN or the FIDE Laws' notation.
    pub style: MoveStyle,
    /// Longest movetext line, in characters.
    pub width: usize,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            style: MoveStyle::Pgn,
            width: 80,
        }
    }
}

/// One game in PGN export format, ending with a newline.
pub fn write_game(game: &PgnGame) -> String {
    write_game_with(game, &WriteOptions::default())
}

/// Several games, a blank line between each.
pub fn write_games<'g>(games: impl IntoIterator<Item = &'g PgnGame>) -> String {
    games
        .into_iter()
        .map(write_game)
        .collect::<Vec<_>>()
        .join("\n")
}

/// One game in PGN export format with other settings (FIDE notation, a line width).
pub fn write_game_with(game: &PgnGame, options: &WriteOptions) -> String {
    let mut out = String::new();
    for (name, value) in export_tags(game) {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    out.push('\n');
    let mut atoms = Vec::new();
    line_atoms(&game.main, &game.start, options.style, &mut atoms);
    let result = game.result.map_or("*", |r| r.as_pgn());
    atoms.push(Atom::Word(result.to_owned()));
    fill(&atoms, options.width, &mut out);
    out
}

/// The tags in export order, completed so that reading them back gives the same start.
fn export_tags(game: &PgnGame) -> Vec<(String, String)> {
    let mut others: Vec<(String, String)> = game
        .tags
        .iter()
        .filter(|(n, _)| !SEVEN_TAG_ROSTER.contains(&n.as_str()))
        .cloned()
        .collect();
    let set = |tags: &mut Vec<(String, String)>, name: &str, value: String| match tags
        .iter_mut()
        .find(|(n, _)| n == name)
    {
        Some(slot) => slot.1 = value,
        None => tags.push((name.to_owned(), value)),
    };
    let chess960 = game.start.castling_mode().is_chess960();
    let variant_ok = match others.iter().find(|(n, _)| n == "Variant") {
        Some((_, v)) => variant_is_chess960(v) == Some(chess960),
        None => !chess960,
    };
    if !variant_ok {
        if chess960 {
            set(&mut others, "Variant", "Chess960".to_owned());
        } else {
            others.retain(|(n, _)| n != "Variant");
        }
    }
    let same_start = matches!(start_position(&others), Ok((p, _)) if p == game.start);
    if !same_start {
        set(&mut others, "SetUp", "1".to_owned());
        set(&mut others, "FEN", game.start.fen());
    }
    let mut tags: Vec<(String, String)> = SEVEN_TAG_ROSTER
        .iter()
        .map(|&name| {
            let value = match (game.tag(name), name) {
                (Some(v), _) => v.to_owned(),
                (None, "Result") => game.result.map_or("*", |r| r.as_pgn()).to_owned(),
                (None, "Date") => "????.??.??".to_owned(),
                (None, _) => "?".to_owned(),
            };
            (name.to_owned(), value)
        })
        .collect();
    tags.extend(others);
    tags
}

/// Tag values may not hold a line break, and `"` and `\` need a backslash.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// A piece of movetext that is never split across lines, or a forced line break.
enum Atom {
    Word(String),
    /// A variation's parentheses: no space just inside them. Separate from `Word`, since a
    /// comment may hold a lone "(" or ")" whose spaces are part of its text.
    Open,
    Close,
    /// After a `;` comment, which runs to the end of its line.
    Break,
}

fn line_atoms(line: &Line, start: &Position, style: MoveStyle, atoms: &mut Vec<Atom>) {
    for c in &line.comments {
        comment_atoms(c, atoms);
    }
    let mut pos = start.clone();
    let mut need_number = true;
    for m in &line.moves {
        // A move number stays on the line of its move.
        let n = pos.fullmoves();
        let san = styled(san(&pos, &m.mv), style);
        let word = if pos.turn().is_white() {
            format!("{n}. {san}")
        } else if need_number {
            format!("{n}... {san}")
        } else {
            san
        };
        atoms.push(Atom::Word(word));
        for nag in &m.nags {
            atoms.push(Atom::Word(format!("${nag}")));
        }
        for c in &m.comments {
            comment_atoms(c, atoms);
        }
        for v in &m.variations {
            atoms.push(Atom::Open);
            line_atoms(v, &pos, style, atoms);
            atoms.push(Atom::Close);
        }
        need_number = !m.comments.is_empty() || !m.variations.is_empty();
        pos.play_unchecked(&m.mv);
    }
}

fn styled(san: String, style: MoveStyle) -> String {
    match style {
        MoveStyle::Pgn => san,
        MoveStyle::Fide => {
            if san.starts_with("O-O") {
                san.replace('O', "0")
            } else {
                san.replace('=', "")
            }
        }
    }
}

/// A comment as `{...}` words, its clock commands written in when only the fields hold them;
/// a comment holding `}` cannot be braced, so it becomes a `;` comment.
fn comment_atoms(c: &Comment, atoms: &mut Vec<Atom>) {
    let mut text = c.text.clone();
    if let Some(d) = c.elapsed.filter(|_| !text.contains("[%emt")) {
        text = format!("[%emt {}] {text}", format_duration(d));
    }
    if let Some(d) = c.clock.filter(|_| !text.contains("[%clk")) {
        text = format!("[%clk {}] {text}", format_duration(d));
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    if text.contains('}') {
        atoms.push(Atom::Word(format!("; {}", words.join(" "))));
        atoms.push(Atom::Break);
        return;
    }
    // A word starting with `%` must never begin a line, where it would make an escape line:
    // it stays glued to the word before it.
    let mut glued: Vec<String> = Vec::new();
    for w in words {
        match glued.last_mut() {
            Some(prev) if w.starts_with('%') => {
                prev.push(' ');
                prev.push_str(w);
            }
            _ => glued.push(w.to_owned()),
        }
    }
    match glued.as_mut_slice() {
        [] => atoms.push(Atom::Word("{}".to_owned())),
        [only] => atoms.push(Atom::Word(format!("{{{only}}}"))),
        [first, middle @ .., last] => {
            atoms.push(Atom::Word(format!("{{{first}")));
            atoms.extend(middle.iter().map(|w| Atom::Word(w.clone())));
            atoms.push(Atom::Word(format!("{last}}}")));
        }
    }
}

/// Lays the atoms out in lines of at most `width` characters (a longer atom gets its own
/// line), with no space just inside parentheses.
fn fill(atoms: &[Atom], width: usize, out: &mut String) {
    let mut line = String::new();
    let mut glue = false;
    for atom in atoms {
        let word = match atom {
            Atom::Break => {
                out.push_str(&line);
                out.push('\n');
                line.clear();
                glue = false;
                continue;
            }
            Atom::Word(w) => w.as_str(),
            Atom::Open => "(",
            Atom::Close => ")",
        };
        let space = !line.is_empty() && !glue && !matches!(atom, Atom::Close);
        if !line.is_empty()
            && line.chars().count() + usize::from(space) + word.chars().count() > width
        {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        } else if space {
            line.push(' ');
        }
        line.push_str(word);
        glue = matches!(atom, Atom::Open);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use crate::pgn::{read_games, write_game};

    /// Found by tests/pgn_props.rs: a comment with a lone ")" lost the space before it, as
    /// if it closed a variation, so the comment read back was not the comment written.
    #[test]
    fn a_lone_parenthesis_in_a_comment_keeps_its_spaces() {
        let text = "[Event \"x\"]\n\n1. Nf3 {Qe8 ) and ( so} (1. e4 {see ( this )}) *\n";
        let game = read_games(text).into_iter().next().unwrap().unwrap();
        let written = write_game(&game);
        assert!(written.contains("{Qe8 ) and ( so}"), "{written}");
        assert!(written.contains("(1. e4 {see ( this )})"), "{written}");
        let again = read_games(&written).into_iter().next().unwrap().unwrap();
        assert_eq!(again.main, game.main, "{written}");
    }
}
