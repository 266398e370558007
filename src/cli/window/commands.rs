//! What each item of the Commands menu does. A console command that needs more than its word
//! must not leave a mouse user at "which side?" or "save to which file?": a command said for
//! a side offers both sides, `save` writes the game's own PGN, a command that needs a move or
//! a word the menu cannot know is put into the line field to be finished there, and `quit`
//! is not on the list at all (it is in the Game menu, behind a question).

use vichess::session::parse_command;

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

/// The line that saves the game's PGN at `path`.
pub fn save_line(path: &std::path::Path) -> String {
    format!("save {}", path.display())
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
