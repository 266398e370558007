//! A game file's warnings and errors in the game's language: the reader gives values
//! ([`PgnWarning`], [`PgnError`]), and the commands that read a file (`pgn check`, the
//! scoresheet) say them with the pack's words, as `config::words` does for the configuration.
//! A FEN tag's fault is told with the same words as a bad `--fen` (`fen_words`).

use super::error::{Found, MoveAt, PgnError, PgnErrorKind, Stray, TagProblem};
use super::lexer::LexError;
use super::warning::PgnWarning;
use crate::phrase::number::{german_takes_singular, slavic_form};
use crate::phrase::token::{Token, Word};
use crate::phrase::Language;
use crate::rules::notation::MoveError;
use crate::rules::Color;
use crate::voice::Pack;

/// The pack's word with its places (`{n}`, `{text}`) filled.
pub fn fill(pack: &Pack, word: Word, places: &[(&str, &str)]) -> String {
    let mut text = pack.text(&[Token::Word(word)]);
    for (name, value) in places {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// `n` with its noun from a word written as its forms, `|` between them: one and many in
/// English and German ("{n} move|{n} moves"), one, few and many in Ukrainian and Russian;
/// Armenian keeps the singular after a number, so its word has one form.
pub fn counted(pack: &Pack, word: Word, n: usize) -> String {
    let text = pack.text(&[Token::Word(word)]);
    let forms: Vec<&str> = text.split('|').collect();
    let pick = |i: usize| forms.get(i).or(forms.last()).copied().unwrap_or_default();
    let n64 = n as u64;
    let form = match pack.language() {
        Language::Uk | Language::Ru => slavic_form(n64, [pick(0), pick(1), pick(2)]),
        Language::De if german_takes_singular(n64) => pick(0),
        Language::En if n == 1 => pick(0),
        Language::Hy => pick(0),
        _ => pick(1),
    };
    form.replace("{n}", &n.to_string())
}

/// "line 12, column 7" in the pack's words.
pub fn place(pack: &Pack, line: u32, column: Option<u32>) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    match column {
        Some(c) => format!(
            "{} {line}, {} {c}",
            w(Word::ConfigLine),
            w(Word::ConfigColumn)
        ),
        None => format!("{} {line}", w(Word::ConfigLine)),
    }
}

/// "move 23 for Black" in the pack's words.
pub fn move_number(pack: &Pack, number: u32, color: Color) -> String {
    let word = color.fold(Word::PgnMoveWhite, Word::PgnMoveBlack);
    fill(pack, word, &[("n", &number.to_string())])
}

/// "move 23 for Black, Nf3" (after "in a variation, " when it is in one).
pub fn move_at(pack: &Pack, at: &MoveAt) -> String {
    let moved = format!("{}, {}", move_number(pack, at.number, at.color), at.text);
    match at.in_variation {
        true => format!(
            "{}, {moved}",
            pack.text(&[Token::Word(Word::PgnInVariation)])
        ),
        false => moved,
    }
}

/// Why the rules refuse a move, in the pack's words: the detail a game prints after its short
/// reason ("no white king can move to e3"), else the short reason ("not understood").
pub fn move_error(pack: &Pack, e: &MoveError) -> String {
    crate::session::move_error_words(pack, e)
        .unwrap_or_else(|| pack.text(&crate::phrase::events::move_refused(e)))
}

/// One warning, with its place in the file.
pub fn warning(pack: &Pack, w: &PgnWarning) -> String {
    let q = |text: &str| pack.language().quote(text);
    let at = |line: u32, column: u32, what: String| {
        format!("{}{} {what}", place(pack, line, Some(column)), pack.colon())
    };
    match w {
        PgnWarning::NoMoves { line } => format!(
            "{}{} {}",
            place(pack, *line, None),
            pack.colon(),
            fill(pack, Word::PgnNoMoves, &[])
        ),
        PgnWarning::EndsEarly { line, next_game } => {
            let word = match next_game {
                true => Word::PgnNextGameEarly,
                false => Word::PgnFileEndsEarly,
            };
            format!(
                "{}{} {}",
                place(pack, *line, None),
                pack.colon(),
                fill(pack, word, &[])
            )
        }
        PgnWarning::CutInComment { line, column } => {
            at(*line, *column, fill(pack, Word::PgnCutInComment, &[]))
        }
        PgnWarning::CutInMove { line, column, text } => at(
            *line,
            *column,
            fill(pack, Word::PgnCutInMoveKept, &[("move", &q(text))]),
        ),
        PgnWarning::ResultInVariation {
            line,
            column,
            result,
        } => at(
            *line,
            *column,
            fill(pack, Word::PgnResultInVariation, &[("result", result)]),
        ),
        PgnWarning::UnknownSuffix { line, column, text } => at(
            *line,
            *column,
            fill(pack, Word::PgnUnknownSuffix, &[("text", text)]),
        ),
        PgnWarning::BadNag { line, column, text } => at(
            *line,
            *column,
            fill(pack, Word::PgnBadNag, &[("text", &q(text))]),
        ),
        PgnWarning::AnnotationBeforeMove { line, column, text } => at(
            *line,
            *column,
            fill(pack, Word::PgnAnnotationBeforeMove, &[("text", text)]),
        ),
        PgnWarning::ResultTagDiffers { tag, result } => fill(
            pack,
            Word::PgnResultTagDiffers,
            &[("tag", tag), ("result", result.as_pgn())],
        ),
        PgnWarning::SetUpWithoutFen => fill(pack, Word::PgnSetUpWithoutFen, &[]),
    }
}

/// What went wrong, without the game and the place.
pub fn error_kind(pack: &Pack, kind: &PgnErrorKind) -> String {
    let q = |text: &str| pack.language().quote(text);
    let w = |word| fill(pack, word, &[]);
    match kind {
        PgnErrorKind::Lex(e) => match e {
            LexError::UnclosedComment => w(Word::PgnUnclosedComment),
            LexError::UnclosedString => w(Word::PgnUnclosedString),
            LexError::BadNag(text) => fill(pack, Word::PgnBadNag, &[("text", &q(text))]),
            LexError::Unexpected(c) => {
                fill(pack, Word::PgnUnexpectedChar, &[("c", &q(&c.to_string()))])
            }
        },
        PgnErrorKind::BadTag(problem, found) => {
            let problem = match problem {
                TagProblem::NameMissing => w(Word::PgnTagNameMissing),
                TagProblem::NoValue(name) => fill(pack, Word::PgnTagNoValue, &[("name", name)]),
                TagProblem::NotClosed(name) => fill(pack, Word::PgnTagNotClosed, &[("name", name)]),
            };
            let what = match found {
                Found::End => w(Word::PgnFileEnds),
                Found::Symbol(s) | Found::Text(s) => {
                    let found = fill(pack, Word::PgnFound, &[("text", &q(s))]);
                    format!("{problem} ({found})")
                }
                Found::Other => problem,
            };
            fill(pack, Word::PgnBadTag, &[("what", &what)])
        }
        PgnErrorKind::BadFen(fen, e) => format!(
            "{}{} {}",
            fill(pack, Word::PgnBadFen, &[("fen", &q(fen))]),
            pack.colon(),
            crate::fen_words::fen_error(pack, e)
        ),
        PgnErrorKind::UnsupportedVariant(v) => {
            fill(pack, Word::PgnUnsupportedVariant, &[("v", &q(v))])
        }
        PgnErrorKind::Move(at, why) => format!(
            "{}{} {}",
            move_at(pack, at),
            pack.colon(),
            move_error(pack, why)
        ),
        PgnErrorKind::NotLegal(at) => format!(
            "{}{} {}",
            move_at(pack, at),
            pack.colon(),
            w(Word::PgnNotLegal)
        ),
        PgnErrorKind::NullMove(at) => format!(
            "{}{} {}",
            move_at(pack, at),
            pack.colon(),
            w(Word::PgnNullMove)
        ),
        PgnErrorKind::CutInMove(at) => format!(
            "{}{} {}",
            move_at(pack, at),
            pack.colon(),
            w(Word::PgnCutInMove)
        ),
        PgnErrorKind::UnclosedVariation => w(Word::PgnUnclosedVariation),
        PgnErrorKind::UnopenedVariation => w(Word::PgnUnopenedVariation),
        PgnErrorKind::VariationWithoutMove => w(Word::PgnVariationWithoutMove),
        PgnErrorKind::TooDeep(n) => fill(pack, Word::PgnTooDeep, &[("n", &n.to_string())]),
        PgnErrorKind::Unexpected(stray) => {
            let what = w(match stray {
                Stray::TagOpen => Word::PgnStrayTagOpen,
                Stray::TagClose => Word::PgnStrayTagClose,
                Stray::Text => Word::PgnStrayText,
            });
            fill(pack, Word::PgnNoPlace, &[("what", &what)])
        }
    }
}

/// "game 3 (Kasparov - Deep Blue)" in the pack's words.
pub fn game_name(pack: &Pack, number: usize, players: Option<&str>) -> String {
    let game = fill(pack, Word::PgnGame, &[("n", &number.to_string())]);
    match players {
        Some(p) => format!("{game} ({p})"),
        None => game,
    }
}

/// The whole error: the game, the place in the file, and what went wrong.
pub fn error(pack: &Pack, e: &PgnError) -> String {
    format!(
        "{}, {}{} {}",
        game_name(pack, e.game, e.players.as_deref()),
        place(pack, e.line, Some(e.column)),
        pack.colon(),
        error_kind(pack, &e.kind)
    )
}
