//! What each item of the Commands menu does. A console command that needs more than its word
//! must not leave a mouse user at "which side?" or "save to which file?": a command said for
//! a side offers both sides, `save` writes the game's own PGN, a command that needs a move or
//! a word the menu cannot know is put into the line field to be finished there, and `quit`
//! is not on the list at all (it is in the Game menu, behind a question).

use vichess::phrase::token::{Token, Word};
use vichess::session::parse_command;
use vichess::voice::Pack;

/// One item of the Commands menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuItem {
    /// Sends this line as it is.
    Send(String),
    /// A submenu of the two sides: White's line, Black's line.
    Sides([String; 2]),
    /// Saves the game's PGN beside its journal.
    Save,
    /// Puts this start of a line into the line field, to be finished by typing.
    Type(String),
}

/// The commands said for a side, and the line each side's item sends (a bare `draw` is an
/// offer).
const SIDED: &[(&str, &str)] = &[
    ("takeback", "takeback"),
    ("draw", "draw offer"),
    ("resign", "resign"),
    ("illegal", "illegal"),
];

/// The Commands menu's item for the command `en` (its English word), or `None` for one the
/// menu leaves out.
pub fn menu_item(en: &str) -> Option<MenuItem> {
    if en == "quit" {
        return None;
    }
    if en == "save" {
        return Some(MenuItem::Save);
    }
    if let Some((_, line)) = SIDED.iter().find(|(c, _)| *c == en) {
        return Some(MenuItem::Sides([
            format!("{line} white"),
            format!("{line} black"),
        ]));
    }
    match parse_command(en) {
        Ok(Some(_)) => Some(MenuItem::Send(en.to_string())),
        _ => Some(MenuItem::Type(format!("{en} "))),
    }
}

/// The console's help line that says what the command `en` does.
fn help_word(en: &str) -> Word {
    match en {
        "help" => Word::HelpIntro,
        "time" | "clocks" => Word::HelpTime,
        "count" => Word::HelpCount,
        "last" => Word::HelpLast,
        "moves" => Word::HelpMoves,
        "board" => Word::HelpBoard,
        "where" => Word::HelpWhere,
        "rank" | "file" | "square" => Word::HelpSquares,
        "start" => Word::HelpStart,
        "press" => Word::HelpPress,
        "pause" => Word::HelpPause,
        "correct" => Word::HelpCorrect,
        "takeback" => Word::HelpTakeBack,
        "draw" => Word::HelpDraw,
        "claim" => Word::HelpClaim,
        "resign" => Word::HelpResign,
        "illegal" => Word::HelpIllegal,
        "repeat" => Word::HelpRepeat,
        "adjourn" => Word::HelpAdjourn,
        "save" => Word::HelpSave,
        "quit" => Word::HelpQuit,
        "arbiter" | "open" => Word::HelpArbiter,
        "faster" | "slower" => Word::HelpSpeed,
        "my" | "abort" => Word::HelpShortcuts,
        _ => Word::HelpEngine,
    }
}

/// A help line's head and what it says, split where the words end: ": ", or the Armenian
/// "՝ " the Armenian pack writes there.
fn split_head(segment: &str) -> Option<(&str, &str)> {
    [": ", "\u{55d} "]
        .into_iter()
        .filter_map(|sep| segment.split_once(sep))
        .min_by_key(|(head, _)| head.len())
}

/// The Commands menu's label for the command `en`, whose word in the game is `word`: the
/// word with what it does, from the console's own help in the game's language ("letzter
/// [N]: der letzte Zug oder die letzten N Züge"), so a menu item is never a bare keyword.
/// Of a help line that names several commands, the part for this one: "tipp: der beste
/// Zug der Engine für Sie", not the whole line for each of its three commands.
pub fn menu_label(pack: &Pack, en: &str, word: &str) -> String {
    let text = pack.text(&[Token::Word(help_word(en))]);
    let mentions = |head: &str| {
        head.split(|c: char| !c.is_alphanumeric() && c != '-' && c != '/')
            .any(|w| w.eq_ignore_ascii_case(word) || w.to_lowercase() == word.to_lowercase())
    };
    let segments: Vec<&str> = text.split("; ").collect();
    let segment = segments
        .iter()
        .find(|s| split_head(s).is_some_and(|(head, _)| mentions(head)))
        .or_else(|| segments.iter().find(|s| mentions(s)))
        .copied()
        .unwrap_or(segments[0]);
    let Some((head, what)) = split_head(segment) else {
        return match mentions(segment) {
            true => segment.to_string(),
            false => format!("{word}{} {segment}", pack.colon()),
        };
    };
    // "tipp, bewertung, drohung: A, B, C": each word with its own part; "zeit, uhren: beide
    // Uhren": each word with the whole. Joined by the line's own mark: Armenian's "՝ ", not
    // a Latin colon in an Armenian menu.
    let sep = &segment[head.len()..segment.len() - what.len()];
    let words: Vec<&str> = head.split(", ").collect();
    if words.len() > 1 {
        if let Some(i) = words.iter().position(|w| mentions(w)) {
            let parts: Vec<&str> = what.split(", ").collect();
            return match parts.len() == words.len() {
                true => format!("{}{sep}{}", words[i], parts[i]),
                false => format!("{}{sep}{what}", words[i]),
            };
        }
    }
    match mentions(head) {
        true => segment.to_string(),
        false => format!("{word}{} {segment}", pack.colon()),
    }
}

/// The line that saves the game's PGN at `path`.
pub fn save_line(path: &std::path::Path) -> String {
    format!("save {}", path.display())
}

/// The line that saves the braille scoresheet beside the game's PGN (and its journal), with
/// the PGN's name and `.brf`: not in whatever folder the window was started from.
pub fn braille_line(pgn: &std::path::Path) -> String {
    save_line(&pgn.with_extension("brf"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vichess::rules::Color;
    use vichess::session::{Command, DrawAction};

    /// No item of the Commands menu is a dead end: every line it sends is a command the
    /// session takes as it stands; the commands said for a side are offered for each side
    /// (a bare `takeback` or `draw` asks "which side?" when the player's side is not known);
    /// `save` saves the game's own file; `quit` is not on the list.
    #[test]
    fn every_command_of_the_menu_can_be_given_by_mouse() {
        let mut sides = 0;
        for (en, _) in vichess::session::command_table() {
            match menu_item(en) {
                None => assert_eq!(*en, "quit", "{en} left out"),
                Some(MenuItem::Send(line)) => {
                    let parsed = parse_command(&line);
                    assert!(
                        matches!(parsed, Ok(Some(ref c)) if !matches!(c, Command::Move(_))),
                        "{en}: the menu sends {line:?}, read as {parsed:?}"
                    );
                    assert!(
                        !matches!(
                            parsed,
                            Ok(Some(
                                Command::TakeBack(None)
                                    | Command::Resign(None)
                                    | Command::Draw(_, None)
                                    | Command::Quit
                            ))
                        ),
                        "{en}: sent without a side"
                    );
                }
                Some(MenuItem::Sides(lines)) => {
                    sides += 1;
                    for (line, side) in lines.iter().zip([Color::White, Color::Black]) {
                        let parsed = parse_command(line).expect("a command").expect("one");
                        let named = match parsed {
                            Command::TakeBack(s) | Command::Resign(s) => s,
                            Command::Draw(DrawAction::Offer, s) => s,
                            Command::Illegal(s, false) => Some(s),
                            other => panic!("{line:?} read as {other:?}"),
                        };
                        assert_eq!(named, Some(side), "{line}");
                    }
                }
                Some(MenuItem::Save) => assert_eq!(*en, "save"),
                Some(MenuItem::Type(start)) => {
                    assert!(parse_command(en).is_err(), "{en} could be sent as it is");
                    assert_eq!(start, format!("{en} "));
                }
            }
        }
        assert_eq!(sides, 4, "takeback, draw, resign, illegal");
        assert!(matches!(menu_item("takeback"), Some(MenuItem::Sides(_))));
        assert!(matches!(menu_item("draw"), Some(MenuItem::Sides(_))));
    }

    /// Each item of the Commands menu says what it does, in the game's language, after the
    /// word the console takes for it: never a bare keyword (play-test: "letzter", "meine",
    /// "tipp" alone told a low-vision player nothing).
    #[test]
    fn every_menu_item_says_what_it_does_in_the_games_language() {
        use vichess::phrase::Language;
        let de = Pack::builtin("de").expect("the German pack");
        assert_eq!(
            menu_label(&de, "last", "letzter"),
            "letzter [N]: der letzte Zug oder die letzten N Züge"
        );
        assert_eq!(
            menu_label(&de, "hint", "tipp"),
            "tipp: der beste Zug der Engine für Sie"
        );
        assert_eq!(menu_label(&de, "my", "meine"), "meine: die eigenen Figuren");
        let hy = Pack::builtin("hy").expect("the Armenian pack");
        assert_eq!(
            menu_label(&hy, "rank", "հորիզոնական"),
            "հորիզոնական <1-8>՝ ինչ կա այնտեղ"
        );
        for (name, lang) in [
            ("en", Language::En),
            ("de", Language::De),
            ("uk", Language::Uk),
            ("ru", Language::Ru),
            ("hy", Language::Hy),
        ] {
            let pack = Pack::builtin(name).expect("a built-in pack");
            let mut labels = std::collections::BTreeSet::new();
            for (en, _) in vichess::session::command_table() {
                let word = vichess::session::command_word(lang, en);
                let label = menu_label(&pack, en, word);
                let lower = label.to_lowercase();
                assert!(
                    lower.contains(&word.to_lowercase()),
                    "{name} {en}: {label:?} does not name {word:?}"
                );
                let more = lower.replacen(&word.to_lowercase(), "", 1);
                assert!(
                    more.chars().filter(|c| c.is_alphabetic()).count() >= 6,
                    "{name} {en}: {label:?} does not say what it does"
                );
                assert!(labels.insert(label.clone()), "{name} {en}: {label:?} twice");
            }
        }
    }

    /// The braille scoresheet goes beside the game's PGN, whole path kept.
    #[test]
    fn the_braille_sheet_goes_beside_the_pgn() {
        let pgn = std::path::Path::new("/home/Anna Maria/games/2026-White-Black.pgn");
        match parse_command(&braille_line(pgn)) {
            Ok(Some(Command::Save(p))) => {
                assert_eq!(p, "/home/Anna Maria/games/2026-White-Black.brf")
            }
            other => panic!("{other:?}"),
        }
    }

    /// The save line keeps a path with spaces whole.
    #[test]
    fn the_save_line_names_the_whole_path() {
        let path = std::path::Path::new("/home/Anna Maria/games/2026-White-Black.pgn");
        match parse_command(&save_line(path)) {
            Ok(Some(Command::Save(p))) => assert_eq!(p, path.display().to_string()),
            other => panic!("{other:?}"),
        }
    }
}
