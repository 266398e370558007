//! Reading braille notation back into moves: a scoresheet translated back by liblouis, or a
//! move typed on a braille keyboard in computer braille.
//!
//! Six-dot braille has no capitals and writes the files a to h with the same cells as some
//! Cyrillic and Armenian letters (Russian braille's а б ц д е ф г х are the cells of a b c d e
//! f g h). Back-translation therefore gives, for example, `кф3` for `Кf3`. Each language lists
//! which print characters a read character can stand for; every combination is tried against
//! the position, and the move is read only when exactly one legal move fits.

use crate::rules::notation::{parse_move_in, san_in, Lang};
use crate::rules::{Move, Position};

/// Whether letter case tells pieces from files: on a scoresheet it does (the piece letters are
/// capitals, in BRF behind the capital sign), in a move typed on a braille keyboard it may not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    /// A capital is a piece, a small letter is a file, the capture sign or the check sign.
    Kept,
    /// Either may stand for either.
    Lost,
}

/// What a read character can stand for in `lang`'s notation; the character itself when the
/// language has no other reading.
fn readings(lang: Lang, c: char, case: Case) -> Vec<char> {
    let all = any_case_readings(lang, c);
    if case == Case::Lost || !c.is_alphabetic() {
        return all;
    }
    let capital = c.is_uppercase();
    let kept: Vec<char> = all
        .iter()
        .copied()
        .filter(|r| r.is_uppercase() == capital)
        .collect();
    if kept.is_empty() {
        all
    } else {
        kept
    }
}

/// [`readings`] when case says nothing.
fn any_case_readings(lang: Lang, c: char) -> Vec<char> {
    let lower: char = c.to_lowercase().next().unwrap_or(c);
    let list: &[char] = match (lang, lower) {
        (Lang::En | Lang::De | Lang::Figurine, _) => &[],
        (Lang::Ru | Lang::Uk, 'а') => &['a'],
        (Lang::Ru | Lang::Uk, 'б') => &['b'],
        (Lang::Ru | Lang::Uk, 'ц') => &['c'],
        (Lang::Ru | Lang::Uk, 'д') => &['d'],
        (Lang::Ru | Lang::Uk, 'е' | 'є') => &['e'],
        (Lang::Ru | Lang::Uk, 'ф') => &['f', 'Ф'],
        (Lang::Ru | Lang::Uk, 'г') => &['g'],
        (Lang::Ru | Lang::Uk, 'х') => &['h'],
        (Lang::Ru | Lang::Uk, 'щ') => &['x'],
        (Lang::Ru | Lang::Uk, 'к') => &['К'],
        (Lang::Ru | Lang::Uk, 'р') => &['р'],
        (Lang::Ru, 'л') => &['Л'],
        (Lang::Uk, 'т') => &['Т'],
        (Lang::Ru | Lang::Uk, 'с') => &['С'],
        (Lang::Ru | Lang::Uk, 'a'..='h' | 'x') => &[],
        (Lang::Hy, 'ա') => &['a', 'Ա'],
        (Lang::Hy, 'պ') => &['b'],
        (Lang::Hy, 'ջ') => &['c'],
        (Lang::Hy, 'տ') => &['d'],
        (Lang::Hy, 'է') => &['e'],
        (Lang::Hy, 'ֆ') => &['f'],
        (Lang::Hy, 'կ') => &['g'],
        (Lang::Hy, 'հ') => &['h'],
        (Lang::Hy, 'խ') => &['x'],
        (Lang::Hy, 'թ') => &['Թ'],
        (Lang::Hy, 'ն') => &['Ն'],
        (Lang::Hy, 'փ') => &['Փ'],
        // The computer table's `+` is the cell of ձ, which the Armenian table reads first.
        (Lang::Hy, 'ձ') => &['Ձ', '+'],
        _ => &[],
    };
    if list.is_empty() {
        vec![c]
    } else {
        list.to_vec()
    }
}

/// The characters that carry no move: check and mate signs (unless `signs` keeps them),
/// annotation marks, and the quotes and escapes liblouis writes for cells it cannot translate
/// back.
fn strip(token: &str, signs: bool) -> String {
    let mut out = String::new();
    let mut chars = token.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                // liblouis writes an unknown cell as \dots/ ; skip to the slash.
                for n in chars.by_ref() {
                    if n == '/' {
                        break;
                    }
                }
            }
            '+' | '#' if signs => out.push(c),
            '+' | '#' | '!' | '?' | '\'' | '"' | ';' | ',' => {}
            _ => out.push(c),
        }
    }
    out
}

/// Why a token could not be read as a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// No legal move fits.
    #[error("move {number}: {token:?} is no legal move here")]
    NoMove {
        /// The move's place in the game, from 1.
        number: usize,
        /// The token as read.
        token: String,
    },
    /// More than one legal move fits.
    #[error("move {number}: {token:?} fits more than one legal move")]
    Ambiguous {
        /// The move's place in the game, from 1.
        number: usize,
        /// The token as read.
        token: String,
    },
    /// The move's check or mate sign is missing, or stands where the move gives none.
    #[error("move {number}: {token:?} reads as {read}, but the move is {san}")]
    Sign {
        /// The move's place in the game, from 1.
        number: usize,
        /// The token as read.
        token: String,
        /// The move as read, with its sign.
        read: String,
        /// The move in the game's notation, with its sign.
        san: String,
    },
}

/// Reads one move typed or read back in braille, in `lang`'s notation, where case may be lost
/// (`кф3` is `Кf3`).
pub fn read_move(pos: &Position, token: &str, lang: Lang) -> Result<Move, ReadError> {
    read_move_as(pos, token, lang, Case::Lost).map(|(m, _)| m)
}

/// The move and the reading of `token` that gave it (with its check or mate sign when case is
/// kept, as on a scoresheet).
fn read_move_as(
    pos: &Position,
    token: &str,
    lang: Lang,
    case: Case,
) -> Result<(Move, String), ReadError> {
    let core = strip(token, case == Case::Kept);
    let mut candidates = vec![String::new()];
    for c in core.chars() {
        let options = readings(lang, c, case);
        if candidates.len() * options.len() > 1024 {
            break;
        }
        candidates = candidates
            .iter()
            .flat_map(|prefix| {
                options.iter().map(move |o| {
                    let mut s = prefix.clone();
                    s.push(*o);
                    s
                })
            })
            .collect();
    }
    // A reading that is the move's own notation wins over one the parser merely tolerates:
    // six-dot Ukrainian `фф4` is the queen's `Фf4`, not the pawn's `ff4`.
    let mut found: Vec<(Move, String)> = Vec::new();
    let mut exact: Vec<(Move, String)> = Vec::new();
    for candidate in &candidates {
        for l in [lang, Lang::En] {
            if let Ok(m) = parse_move_in(pos, candidate, l) {
                if !found.iter().any(|(f, _)| *f == m) {
                    found.push((m, candidate.clone()));
                }
                let own = san_in(pos, &m, l);
                let bare = candidate.trim_end_matches(['+', '#']);
                if own.trim_end_matches(['+', '#']) == bare && !exact.iter().any(|(e, _)| *e == m) {
                    exact.push((m, candidate.clone()));
                }
            }
        }
    }
    if exact.len() == 1 {
        return Ok(exact.swap_remove(0));
    }
    match found.as_slice() {
        [m] => Ok(m.clone()),
        [] => Err(ReadError::NoMove {
            number: 0,
            token: token.to_string(),
        }),
        _ => Err(ReadError::Ambiguous {
            number: 0,
            token: token.to_string(),
        }),
    }
}

/// Whether a token is no move: a move number (`12.`), a result, a clock time in parentheses,
/// the continuation dots, or a page number.
fn is_filler(token: &str) -> bool {
    let t = strip(token, false);
    t.is_empty()
        || t.starts_with('(')
        || t.ends_with(')')
        || t.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '/' | '*' | ':' | '½'))
            && !t.contains("0-0")
}

/// Reads the moves of a scoresheet body (the text after its header) from `start`. Move
/// numbers, clock times, results and page numbers are skipped. A scoresheet keeps case (a
/// capital is a piece letter, a small letter a file) and the check and mate signs: a sign
/// missing or wrong is an error, as a wrong move is, so a sheet that reads back is the game.
pub fn read_moves(text: &str, start: &Position, lang: Lang) -> Result<Vec<Move>, ReadError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        if is_filler(token) {
            continue;
        }
        let number = moves.len() + 1;
        let (m, read) = read_move_as(&pos, token, lang, Case::Kept).map_err(|e| match e {
            ReadError::NoMove { token, .. } => ReadError::NoMove { number, token },
            ReadError::Ambiguous { token, .. } => ReadError::Ambiguous { number, token },
            sign @ ReadError::Sign { .. } => sign,
        })?;
        let san = san_in(&pos, &m, lang);
        let sign = |t: &str| t.len() - t.trim_end_matches(['+', '#']).len();
        if read[read.len() - sign(&read)..] != san[san.len() - sign(&san)..] {
            return Err(ReadError::Sign {
                number,
                token: token.to_string(),
                read,
                san,
            });
        }
        pos = pos.play(&m).map_err(|_| ReadError::NoMove {
            number,
            token: token.to_string(),
        })?;
        moves.push(m);
    }
    Ok(moves)
}
