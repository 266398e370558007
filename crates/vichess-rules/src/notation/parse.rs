//! Reading the text of a move into a [`San`], without looking at a position.
//!
//! The text is first normalised character by character (look-alike letters from other scripts,
//! dash and times signs, blanks), keeping each character's place for error messages; check,
//! mate, annotation and en passant marks are stripped from the end; what is left is read by a
//! small grammar:
//!
//! ```text
//! move   = castle | [piece] [file] [rank] ["x" | "-"] square [promotion]
//! castle = ("0" | "O") "-" ("0" | "O") ["-" ("0" | "O")]      (dashes optional)
//! promotion = ["=" | "/"] piece | "(" piece ")"
//! ```

use super::error::{Expected, MoveError, SyntaxError};
use super::lang::Lang;
use super::san::San;
use crate::{CastlingSide, File, Rank, Role, Square};

/// One character of the input: its place (from 1), what was typed and what it stands for.
#[derive(Debug, Clone, Copy)]
struct Ch {
    place: usize,
    typed: char,
    c: char,
}

/// Reads `text`; letters are looked up in `lang` first.
pub(super) fn parse(text: &str, lang: Lang) -> Result<San, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let chars = normalise(text);
    match parse_chars(text, &chars, lang) {
        Err(MoveError::Syntax(e)) => {
            // Some scoresheets and keyboards capitalise files (`NF3`, `E2E4`): a second try
            // with lower-case files, never overriding a reading that worked.
            match lower_files(&chars, lang) {
                Some(lowered) => parse_chars(text, &lowered, lang).map_err(|_| e.into()),
                None => Err(e.into()),
            }
        }
        other => other,
    }
}

fn normalise(text: &str) -> Vec<Ch> {
    text.chars()
        .enumerate()
        .filter(|(_, c)| !is_blank(*c))
        .map(|(i, typed)| Ch {
            place: i + 1,
            typed,
            c: lookalike(typed),
        })
        .collect()
}

fn is_blank(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{AD}'
        )
}

/// What a character stands for in a move. Cyrillic letters that look like the Latin letters of
/// square names (`а с е һ`, Ukrainian texts mix them in), the Cyrillic `х` capture mark, and
/// the `р` of `Кр` are mapped to Latin; upper-case Cyrillic piece letters are kept, because
/// they mean something different from their Latin twins (`К` knight, `K` king).
fn lookalike(c: char) -> char {
    match c {
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        'һ' => 'h',
        'о' => 'o',
        'О' => 'O',
        'р' => 'p',
        'Р' => 'P',
        'В' => 'B',
        'х' | 'Х' | '×' | ':' | 'X' => 'x',
        '‐' | '‑' | '‒' | '–' | '—' | '―' | '−' => '-',
        other => other,
    }
}

/// The characters with capitalised files lower-cased, or `None` when there were none. A piece
/// letter at the start stays (`BC4` is `Bc4`).
fn lower_files(chars: &[Ch], lang: Lang) -> Option<Vec<Ch>> {
    let keep_first = lang
        .read_piece(&chars.iter().map(|c| c.c).take(2).collect::<Vec<_>>())
        .is_some();
    let mut changed = false;
    let lowered = chars
        .iter()
        .enumerate()
        .map(|(i, ch)| {
            let mut ch = *ch;
            if matches!(ch.c, 'A'..='H') && !(i == 0 && keep_first) {
                ch.c = ch.c.to_ascii_lowercase();
                changed = true;
            }
            ch
        })
        .collect();
    changed.then_some(lowered)
}

fn parse_chars(text: &str, chars: &[Ch], lang: Lang) -> Result<San, MoveError> {
    let end = strip_marks(text, chars)?;
    let body = &chars[..end];
    let mut p = Reader {
        text,
        chars: body,
        all: chars,
        i: 0,
        lang,
    };
    if body.is_empty() {
        return Err(p.error_at(0, Expected::Start));
    }
    if matches!(body[0].c, '0' | 'O' | 'o')
        && body.iter().all(|ch| matches!(ch.c, '0' | 'O' | 'o' | '-'))
    {
        return p.castle();
    }
    p.normal()
}

/// How many characters remain once check, mate, annotation (`!?`) and en passant marks are
/// taken off the end, in any order.
fn strip_marks(text: &str, chars: &[Ch]) -> Result<usize, MoveError> {
    let c = |i: usize| chars[i].c;
    let mut end = chars.len();
    loop {
        if end == 0 {
            return Ok(0);
        }
        if matches!(
            c(end - 1),
            '+' | '#' | '‡' | '†' | '!' | '?' | '‼' | '⁇' | '⁈' | '⁉'
        ) {
            end -= 1;
            continue;
        }
        if end >= 3 && c(end - 3) == '(' && c(end - 2) == '=' && c(end - 1) == ')' {
            return Err(MoveError::DrawOfferMark {
                text: text.to_owned(),
            });
        }
        let tail: String = chars[..end].iter().rev().take(4).map(|ch| ch.c).collect();
        let tail: String = tail.chars().rev().collect::<String>().to_ascii_lowercase();
        let ep = ["e.p.", "e.p", "ep.", "ep"]
            .into_iter()
            .find(|m| tail.ends_with(m) && end > m.chars().count())
            .map(|m| m.chars().count());
        if let Some(n) = ep {
            if matches!(c(end - n - 1), '1'..='8') {
                end -= n;
                continue;
            }
        }
        return Ok(end);
    }
}

struct Reader<'a> {
    text: &'a str,
    /// The move without its trailing marks.
    chars: &'a [Ch],
    /// Everything typed, so that "it ends where ..." is said only at the true end.
    all: &'a [Ch],
    i: usize,
    lang: Lang,
}

impl Reader<'_> {
    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).map(|ch| ch.c)
    }

    fn error_at(&self, i: usize, expected: Expected) -> MoveError {
        let at = self
            .chars
            .get(i)
            .or_else(|| self.all.get(i))
            .map(|ch| (ch.place, ch.typed));
        SyntaxError {
            text: self.text.to_owned(),
            at,
            expected,
        }
        .into()
    }

    fn error(&self, expected: Expected) -> MoveError {
        self.error_at(self.i, expected)
    }

    fn castle(&mut self) -> Result<San, MoveError> {
        let zeros = self.chars.iter().filter(|ch| ch.c != '-').count();
        match zeros {
            2 => Ok(San::Castle(CastlingSide::KingSide)),
            3 => Ok(San::Castle(CastlingSide::QueenSide)),
            _ => Err(SyntaxError {
                text: self.text.to_owned(),
                at: None,
                expected: Expected::Castling,
            }
            .into()),
        }
    }

    fn piece(&mut self) -> Option<Role> {
        let rest: Vec<char> = self.chars[self.i..].iter().take(2).map(|ch| ch.c).collect();
        let (role, len) = self.lang.read_piece(&rest)?;
        self.i += len;
        Some(role)
    }

    /// A file and/or a rank: the departure hint of C.10, or a whole square.
    fn coords(&mut self) -> Result<(Option<File>, Option<Rank>), MoveError> {
        let mut file = None;
        let mut rank = None;
        if let Some(f) = self.peek(0).and_then(file_of) {
            file = Some(f);
            self.i += 1;
        }
        if let Some(c) = self.peek(0) {
            if c.is_ascii_digit() {
                rank = Some(Rank::from_char(c).ok_or_else(|| self.error(Expected::Rank))?);
                self.i += 1;
            }
        }
        Ok((file, rank))
    }

    /// A whole square, where one must be.
    fn square(&mut self) -> Result<Square, MoveError> {
        let file = match self.peek(0) {
            Some(c) => file_of(c).ok_or_else(|| self.error(expected_for(c)))?,
            None => return Err(self.error(Expected::Square)),
        };
        self.i += 1;
        let rank = self
            .peek(0)
            .and_then(Rank::from_char)
            .ok_or_else(|| self.error(Expected::Rank))?;
        self.i += 1;
        Ok(Square::from_coords(file, rank))
    }

    fn normal(&mut self) -> Result<San, MoveError> {
        let role = self.piece();
        let (file, rank) = self.coords()?;
        let mut capture = false;
        let mut separated = false;
        match self.peek(0) {
            Some('x') => {
                capture = true;
                separated = true;
                self.i += 1;
            }
            Some('-') => {
                separated = true;
                self.i += 1;
            }
            _ => {}
        }
        let second = separated
            || (self.peek(0).and_then(file_of).is_some()
                && self.peek(1).is_some_and(|c| c.is_ascii_digit()));
        let (from_file, from_rank, to) = if second {
            (file, rank, self.square()?)
        } else {
            match (file, rank) {
                (Some(f), Some(r)) => (None, None, Square::from_coords(f, r)),
                (Some(_), None) => return Err(self.error(Expected::Rank)),
                (None, _) if role.is_none() && self.i == 0 => {
                    return Err(self.error(Expected::Start))
                }
                (None, _) => {
                    let expected = self.peek(0).map_or(Expected::Square, expected_for);
                    return Err(self.error(expected));
                }
            }
        };
        let promotion_at = self.i;
        let promotion = self.promotion()?;
        if self.i < self.chars.len() {
            // `Nf3Nc6` is two moves, not a knight "promoting": point at the second letter.
            let bare_letter =
                promotion.is_some() && !matches!(self.chars[promotion_at].c, '=' | '/' | '(');
            let at = if bare_letter { promotion_at } else { self.i };
            return Err(self.error_at(at, Expected::End));
        }
        if let Some(p) = promotion {
            if matches!(p, Role::King | Role::Pawn) {
                return Err(MoveError::BadPromotionPiece(p));
            }
            if let Some(r) = role.filter(|&r| r != Role::Pawn) {
                return Err(MoveError::NotAPawn(r));
            }
        }
        Ok(match (role, from_file, from_rank) {
            (None, Some(f), Some(r)) => San::Coordinates {
                from: Square::from_coords(f, r),
                capture,
                to,
                promotion,
            },
            _ => San::Normal {
                role: role.unwrap_or(Role::Pawn),
                file: from_file,
                rank: from_rank,
                capture,
                to,
                promotion,
            },
        })
    }

    fn promotion(&mut self) -> Result<Option<Role>, MoveError> {
        match self.peek(0) {
            None => Ok(None),
            Some('=' | '/') => {
                self.i += 1;
                self.promotion_piece().map(Some)
            }
            Some('(') => {
                self.i += 1;
                let role = self.promotion_piece()?;
                if self.peek(0) != Some(')') {
                    return Err(self.error(Expected::CloseBracket));
                }
                self.i += 1;
                Ok(Some(role))
            }
            Some(_) => Ok(self.promotion_letter()),
        }
    }

    fn promotion_piece(&mut self) -> Result<Role, MoveError> {
        self.promotion_letter()
            .ok_or_else(|| self.error(Expected::PromotionPiece))
    }

    /// After the arrival square a lower-case `b` can only be a bishop (`e7e8b`, UCI style).
    fn promotion_letter(&mut self) -> Option<Role> {
        if self.peek(0) == Some('b') {
            self.i += 1;
            return Some(Role::Bishop);
        }
        self.piece()
    }
}

/// Files are lower-case: upper-case letters are pieces (`B`, `D`, `C`).
fn file_of(c: char) -> Option<File> {
    match c {
        'a'..='h' => File::from_char(c),
        _ => None,
    }
}

fn expected_for(c: char) -> Expected {
    if c.is_ascii_digit() {
        Expected::Rank
    } else if c.is_alphabetic() {
        Expected::File
    } else {
        Expected::Square
    }
}
