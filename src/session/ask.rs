//! The read-out questions of issue 15 (whose move, the opponent, where one side's men stand,
//! lines through a square, legal moves, attackers, the last capture, stepping through the
//! moves, the board cursor): their words in every language, read from a console line.
//!
//! Kept apart from `command.rs` so the older commands and these questions can change
//! independently; `command::parse` asks [`parse`] first and falls back to its own commands.

use super::command::{role, CommandError};
use crate::phrase::token::Word;
use crate::rules::{Color, Role, Square};

/// Which men a `where` question asks about: a kind named by a word, a piece letter (whose
/// meaning depends on the game's language: German `B` is a pawn, English `B` a bishop), or
/// every man of the side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Men {
    /// Every man of the side (or of both).
    All,
    /// One kind, named by a word.
    Kind(Role),
    /// One kind, named by its letter in the game's notation (or English).
    Letter(char),
}

/// A step of the board cursor: files left and right, ranks up and down (from White's side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Say where the cursor is.
    Stay,
    /// Move by this many files and ranks.
    By(i8, i8),
    /// Put the cursor on this square.
    To(Square),
    /// The next man of this kind after the cursor, in board order (either colour).
    Next(Men),
}

/// A question about the board or the game; it changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readout {
    /// Whose move it is.
    Turn,
    /// The opponent's side, name and time.
    Opponent,
    /// Where men stand: of one side, or both when `None`.
    Where(Option<Color>, Men),
    /// The two diagonals through a square.
    Diagonals(Square),
    /// The eight neighbours of a square, then its knight squares.
    Around(Square),
    /// The legal moves of the man on a square.
    Legal(Square),
    /// All legal captures.
    Captures,
    /// All legal checks.
    Checks,
    /// The men attacking a square.
    Attackers(Square),
    /// The men defending a square.
    Defenders(Square),
    /// The game's last capture.
    LastCapture,
    /// One move back through the game, as announced.
    Back,
    /// One move forward through the game.
    Forward,
    /// The board cursor.
    Cursor(Step),
}

/// The help lines of these questions, after the older commands'.
pub const HELP: &[Word] = &[
    Word::HelpTurn,
    Word::HelpOpponent,
    Word::HelpWhereSide,
    Word::HelpLines,
    Word::HelpLegal,
    Word::HelpAttackers,
    Word::HelpLastCapture,
    Word::HelpBack,
    Word::HelpCursor,
];

/// Each question's words: English first, then German, Ukrainian, Russian, Armenian and short
/// forms. All work in every game.
const WORDS: &[(&str, &[&str])] = &[
    (
        "turn",
        &["turn", "whose", "zug", "wer", "черга", "очередь", "հերթ"],
    ),
    (
        "opponent",
        // "o" also as the same-looking letter of a Cyrillic or Armenian layout ("о", "օ"):
        // what a player switched to that layout types for it.
        &[
            "opponent",
            "o",
            "о",
            "օ",
            "gegner",
            "суперник",
            "соперник",
            "մրցակից",
        ],
    ),
    ("p", &["p", "р"]),
    (
        "diagonals",
        &[
            "diagonals",
            "diagonal",
            "diagonalen",
            "diagonale",
            "діагоналі",
            "диагонали",
            "անկյունագծեր",
        ],
    ),
    (
        "around",
        &["around", "umgebung", "um", "навколо", "вокруг", "շուրջը"],
    ),
    (
        "legal",
        &[
            "legal",
            "m",
            "möglich",
            "moeglich",
            "можливі",
            "возможные",
            "հնարավոր",
        ],
    ),
    (
        "captures",
        &[
            "captures",
            "schlagzüge",
            "schlagzuege",
            "взяття",
            "взятия",
            "վերցումներ",
        ],
    ),
    ("checks", &["checks", "schachgebote", "шахи", "շախեր"]),
    (
        "attackers",
        &[
            "attackers",
            "angreifer",
            "нападники",
            "нападающие",
            "հարձակվողներ",
        ],
    ),
    (
        "defenders",
        &[
            "defenders",
            "verteidiger",
            "захисники",
            "защитники",
            "պաշտպաններ",
        ],
    ),
    ("c", &["c", "с"]),
    (
        "back",
        &["back", "rückwärts", "rueckwaerts", "назад", "հետ"],
    ),
    (
        "forward",
        &[
            "forward",
            "vorwärts",
            "vorwaerts",
            "вперед",
            "вперёд",
            "առաջ",
        ],
    ),
    ("cursor", &["cursor", "zeiger", "курсор", "կուրսոր"]),
    (
        "next",
        &[
            "next",
            "nächster",
            "nächste",
            "naechster",
            "наступний",
            "следующий",
            "հաջորդ",
        ],
    ),
];

/// The `last` words of `command.rs` and the `capture` words after them.
const LAST: &[&str] = &[
    "last",
    "letzter",
    "останнє",
    "останній",
    "последнее",
    "последний",
    "վերջին",
];
const CAPTURE: &[&str] = &[
    "capture",
    "schlagzug",
    "взяття",
    "взятие",
    "վերցում",
    "վերցումը",
];
/// `where` in every language.
const WHERE: &[&str] = &["where", "wo", "де", "где", "որտեղ"];

/// A direction word: (files, ranks).
fn direction(w: &str) -> Option<(i8, i8)> {
    Some(match w {
        "up" | "u" | "hoch" | "oben" | "вгору" | "вверх" | "վեր" => (0, 1),
        "down" | "d" | "runter" | "unten" | "вниз" | "վար" => (0, -1),
        "left" | "l" | "links" | "ліворуч" | "вліво" | "влево" | "ձախ" => {
            (-1, 0)
        }
        "right" | "r" | "rechts" | "праворуч" | "вправо" | "աջ" => (1, 0),
        _ => return None,
    })
}

/// One or two direction words ("up", "up left"): the step, if they all are directions.
fn directions(words: &[String]) -> Option<(i8, i8)> {
    if words.is_empty() || words.len() > 2 {
        return None;
    }
    let mut step = (0, 0);
    for w in words {
        let (f, r) = direction(w)?;
        step = (step.0 + f, step.1 + r);
    }
    (step != (0, 0) && step.0.abs() <= 1 && step.1.abs() <= 1).then_some(step)
}

/// A side by its word, inflected as a player would write it before a piece.
fn side(w: &str) -> Option<Color> {
    match w {
        "white"
        | "weiß"
        | "weiss"
        | "weiße"
        | "weisse"
        | "weißen"
        | "weissen"
        | "білі"
        | "білих"
        | "білий"
        | "белые"
        | "белых"
        | "белый"
        | "սպիտակ"
        | "սպիտակները" => Some(Color::White),
        "black" | "schwarz" | "schwarze" | "schwarzen" | "чорні" | "чорних" | "чорний"
        | "черные" | "чёрные" | "черных" | "чёрных" | "черный" | "чёрный" | "սև" | "սևերը" => {
            Some(Color::Black)
        }
        _ => None,
    }
}

/// A piece letter of English or German notation (`S`, `L`, `T`, `D`), either case.
fn letter(w: &str) -> Option<char> {
    let mut chars = w.chars();
    let c = chars.next()?;
    (chars.next().is_none() && "kqrbnpsltdKQRBNPSLTD".contains(c)).then_some(c)
}

/// A piece letter of Ukrainian, Russian or Armenian notation (Appendix C.2: `Кр Ф Т Л С К`,
/// `Ա Թ Ն Փ Ձ`, and the pawn's initial `П`, `Զ`), and whether it was written as a capital
/// (the side, in `p К` / `p к`). Each means one kind in every game, so it is read at once.
fn native_letter(w: &str) -> Option<(Role, bool)> {
    let upper = w.chars().next()?.is_uppercase();
    let role = match w.to_lowercase().as_str() {
        "кр" => Role::King,
        "ф" => Role::Queen,
        "т" | "л" => Role::Rook,
        "с" => Role::Bishop,
        "к" => Role::Knight,
        "п" => Role::Pawn,
        "ա" => Role::King,
        "թ" => Role::Queen,
        "ն" => Role::Rook,
        "փ" => Role::Bishop,
        "ձ" => Role::Knight,
        "զ" => Role::Pawn,
        _ => return None,
    };
    Some((role, upper))
}

/// Any piece letter: the men it names, and whether it was a capital.
fn any_letter(w: &str) -> Option<(Men, bool)> {
    match letter(w) {
        Some(c) => Some((Men::Letter(c), c.is_uppercase())),
        None => native_letter(w).map(|(role, upper)| (Men::Kind(role), upper)),
    }
}

/// The men a word names: a kind word (singular or plural), a letter, or `all`.
fn men(w: &str) -> Option<Men> {
    if let Some((m, _)) = any_letter(w) {
        return Some(m);
    }
    if matches!(w, "all" | "alle" | "усі" | "все" | "բոլորը") {
        return Some(Men::All);
    }
    role(w).map(Men::Kind)
}

fn square(w: &str, usage: Word) -> Result<Square, CommandError> {
    // A Cyrillic letter that looks like a file ("е4" on a Russian or Ukrainian keyboard) is
    // that file, as a typed move takes it: vichess itself says "е", "а", "це".
    let latin: String = w
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            'һ' => 'h',
            other => other,
        })
        .collect();
    latin.parse().map_err(|_| {
        CommandError(
            format!("\"{w}\" is not a square: say a letter and a number, like e4"),
            usage,
            Vec::new(),
        )
    })
}

fn square_arg(rest: &[&str], what: &str, usage: Word) -> Result<Square, CommandError> {
    match rest.first() {
        Some(w) => square(w, usage),
        None => Err(CommandError(
            format!("{what} of which square? say {what} e4"),
            usage,
            Vec::new(),
        )),
    }
}

/// Reads a read-out question; `None` when the line is not one (it may be another command
/// or a move).
pub fn parse(first: &str, rest: &[&str]) -> Option<Result<Readout, CommandError>> {
    let low = first.to_lowercase();
    let lower: Vec<String> = rest.iter().map(|w| w.to_lowercase()).collect();
    // "last capture", "letzter Schlagzug".
    if LAST.contains(&low.as_str()) && lower.len() == 1 && CAPTURE.contains(&lower[0].as_str()) {
        return Some(Ok(Readout::LastCapture));
    }
    // "where white knights", "wo S", "где черные": a side or a letter; "where knight" is
    // the older command's.
    if WHERE.contains(&low.as_str()) {
        return where_question(rest, &lower);
    }
    if rest.is_empty() {
        if let Some(step) = direction(&low) {
            if low.chars().count() > 1 {
                return Some(Ok(Readout::Cursor(Step::By(step.0, step.1))));
            }
        }
    }
    if rest.len() == 1 && low.chars().count() > 1 {
        if let Some(step) = directions(&[low.clone(), lower[0].clone()]) {
            return Some(Ok(Readout::Cursor(Step::By(step.0, step.1))));
        }
    }
    let key = WORDS
        .iter()
        .find(|(_, words)| words.contains(&low.as_str()))
        .map(|(k, _)| *k)?;
    let r = match key {
        "turn" if rest.is_empty() => Ok(Readout::Turn),
        "opponent" if rest.is_empty() => Ok(Readout::Opponent),
        "captures" if rest.is_empty() => Ok(Readout::Captures),
        "checks" if rest.is_empty() => Ok(Readout::Checks),
        "c" if rest.is_empty() => Ok(Readout::LastCapture),
        "back" if rest.is_empty() => Ok(Readout::Back),
        "forward" if rest.is_empty() => Ok(Readout::Forward),
        // `p N`: lichess's short form, the letter's case is the side.
        "p" => match rest {
            [w] => match any_letter(w) {
                Some((men, upper)) => {
                    let side = if upper { Color::White } else { Color::Black };
                    Ok(Readout::Where(Some(side), men))
                }
                None if w.eq_ignore_ascii_case("a") => Ok(Readout::Where(None, Men::All)),
                None => Err(CommandError(
                    format!("\"p {w}\" names no piece: say p N for the white knights, p n for the black ones"),
                    Word::HelpWhereSide, Vec::new()
                )),
            },
            _ => Err(CommandError(
                "which pieces? say p N for the white knights, p n for the black ones".into(),
                Word::HelpWhereSide, Vec::new()
            )),
        },
        "diagonals" => square_arg(rest, "diagonals", Word::HelpLines).map(Readout::Diagonals),
        "around" => square_arg(rest, "around", Word::HelpLines).map(Readout::Around),
        "legal" => square_arg(rest, "legal", Word::HelpLegal).map(Readout::Legal),
        "attackers" => {
            square_arg(rest, "attackers", Word::HelpAttackers).map(Readout::Attackers)
        }
        "defenders" => {
            square_arg(rest, "defenders", Word::HelpAttackers).map(Readout::Defenders)
        }
        "cursor" => match lower.as_slice() {
            [] => Ok(Readout::Cursor(Step::Stay)),
            [w] if w.parse::<Square>().is_ok() => {
                square(w, Word::HelpCursor).map(|s| Readout::Cursor(Step::To(s)))
            }
            words => match directions(words) {
                Some((f, r)) => Ok(Readout::Cursor(Step::By(f, r))),
                None => Err(CommandError(
                    format!(
                        "\"cursor {}\" is no square or direction: say cursor e4, cursor up or cursor up left",
                        rest.join(" ")
                    ),
                    Word::HelpCursor, Vec::new()
                )),
            },
        },
        "next" => match rest {
            [w] => match men(w) {
                Some(m) => Ok(Readout::Cursor(Step::Next(m))),
                None => Err(CommandError(
                    format!("\"{w}\" is not a kind of piece: say next knight, next pawn, ..."),
                    Word::HelpCursor, Vec::new()
                )),
            },
            _ => Err(CommandError(
                "next which piece? say next knight".into(),
                Word::HelpCursor, Vec::new()
            )),
        },
        _ => return None,
    };
    Some(r)
}

fn where_question(rest: &[&str], lower: &[String]) -> Option<Result<Readout, CommandError>> {
    let usage = Word::HelpWhereSide;
    match lower {
        // "where knight" (and "where all") stay the older command's, unless a letter
        // only German notation has.
        [w] => match (side(w), letter(rest[0]), native_letter(rest[0])) {
            (Some(c), _, _) => Some(Ok(Readout::Where(Some(c), Men::All))),
            (None, Some(c), _) if "sltdSLTD".contains(c) => {
                Some(Ok(Readout::Where(None, Men::Letter(c))))
            }
            (None, None, Some((role, _))) => Some(Ok(Readout::Where(None, Men::Kind(role)))),
            _ => None,
        },
        [c, w] => {
            let color = side(c)?;
            Some(match men(w) {
                Some(m) => Ok(Readout::Where(Some(color), m)),
                None => Err(CommandError(
                    format!("\"{}\" is not a kind of piece: say where white knights, where black pawns, ...", rest[1]),
                    usage, Vec::new()
                )),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_read_in_every_language() {
        let ask = |line: &str| {
            let words: Vec<&str> = line.split_whitespace().collect();
            parse(words[0], &words[1..]).map(|r| r.unwrap())
        };
        assert_eq!(ask("turn"), Some(Readout::Turn));
        assert_eq!(ask("очередь"), Some(Readout::Turn));
        assert_eq!(
            ask("wo weiße Springer"),
            Some(Readout::Where(Some(Color::White), Men::Kind(Role::Knight)))
        );
        assert_eq!(
            ask("p n"),
            Some(Readout::Where(Some(Color::Black), Men::Letter('n')))
        );
        assert_eq!(ask("wo S"), Some(Readout::Where(None, Men::Letter('S'))));
        assert_eq!(ask("where knight"), None);
        assert_eq!(ask("up left"), Some(Readout::Cursor(Step::By(-1, 1))));
        assert_eq!(ask("letzter Schlagzug"), Some(Readout::LastCapture));
        assert_eq!(ask("last 3"), None);
        assert_eq!(ask("Nf3"), None);
        assert!(parse("legal", &["z9"]).unwrap().is_err());
    }
}
