//! The other games in a game folder that have no result yet, named whenever a game starts or
//! is resumed there (issue 24, item 20): `--resume` continues the game last started, so an
//! unfinished earlier game would otherwise never be mentioned again.

use crate::journal;
use crate::phrase::token::{Token, Word};
use crate::rules::clock::ClockConfig;
use crate::rules::Color;
use crate::session::{replay_journal, UtcTime};
use crate::voice::Pack;
use std::path::Path;

/// "unfinished games in this folder: Anna – Bert, 2026-11-25 (FILE); …" in `pack`'s words,
/// or `None` when every other journal in `dir` has its result. `current` (the game being
/// started or resumed) is left out; a journal that cannot be read or replayed is named by
/// its file alone.
///
/// The line ends with how to resume one; `named_dir` (the folder was given with
/// `--game-dir`, not the default one) puts the folder into that command, which would else
/// look in the default folder.
pub fn unfinished_games(
    dir: &Path,
    current: &Path,
    pack: &Pack,
    named_dir: bool,
) -> Option<String> {
    let mut found: Vec<(String, String)> = Vec::new();
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "journal")
            || path.file_name() == current.file_name()
        {
            continue;
        }
        // A symbolic link is no game of this folder's (and is never resumed).
        if std::fs::symlink_metadata(&path).map_or(true, |m| !m.is_file()) {
            continue;
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let replayed = journal::read(&path).ok().and_then(|read| {
            let lines: Vec<String> = read.entries.into_iter().map(|e| e.payload).collect();
            replay_journal(ClockConfig::default(), pack, &lines).ok()
        });
        let Some((state, _)) = replayed else {
            // Damaged, or from a newer vichess: whether it is finished cannot be told, so
            // it is named by its file (`--resume` and `vichess report` say what is wrong).
            found.push((name.to_string(), name.to_string()));
            continue;
        };
        // An adjourned game ("*") is meant to go on: unfinished too.
        if state.ending().is_some_and(|e| e.score != "*") {
            continue;
        }
        // A game opened and left before its first move, from the usual start, holds nothing
        // to go back to (the window opens one each time it starts): naming it is noise. A
        // game set up from a position is named even then: the set-up is the work.
        if state.game().moves().is_empty() && *state.game().start() == crate::rules::Position::new()
        {
            continue;
        }
        // A side without a name is called by its colour, capitalised as a name, as in the
        // journal's file name and the resume's line ("Белые – Чёрные").
        let name_of = |side: Color| {
            let tag = side.fold("White", "Black");
            state
                .tags()
                .iter()
                .find(|(n, _)| n == tag)
                .map_or_else(|| super::words::side_name(pack, side), |(_, v)| v.clone())
        };
        let mut game = format!("{} – {}", name_of(Color::White), name_of(Color::Black));
        if let Some(ms) = state.began_unix_ms() {
            let t = UtcTime::from_unix_ms(ms);
            game += &format!(", {:04}-{:02}-{:02}", t.year, t.month, t.day);
        }
        found.push((name.to_string(), format!("{game} ({name})")));
    }
    if found.is_empty() {
        return None;
    }
    found.sort();
    let games: Vec<String> = found.into_iter().map(|(_, g)| g).collect();
    // How to take one up again: `--resume` alone continues the game last started, which
    // may be none of these.
    let command = match named_dir {
        false => "vichess play".to_string(),
        true => {
            let folder = dir.display().to_string();
            match folder.contains(char::is_whitespace) {
                true => format!("vichess play --game-dir \"{folder}\""),
                false => format!("vichess play --game-dir {folder}"),
            }
        }
    };
    let how = pack
        .text(&[Token::Word(Word::ResumeOneWith)])
        .replace("{command}", &command);
    Some(format!(
        "{}{} {}; {how}",
        pack.text(&[Token::Word(Word::UnfinishedGames)]),
        pack.colon(),
        games.join("; "),
    ))
}
