//! Where games are kept: one journal per game in the per-user data directory.
//!
//! Pure functions take the environment as parameters so they can be tested; [`games_dir`]
//! reads it.

use std::ffi::OsStr;
use std::path::PathBuf;

/// `$XDG_DATA_HOME/vichess/games`, else `$HOME/.local/share/vichess/games`; a relative
/// `XDG_DATA_HOME` is ignored (the one rule in `config::paths`).
pub fn games_dir_from(xdg_data_home: Option<&OsStr>, home: Option<&OsStr>) -> Option<PathBuf> {
    let base = crate::config::paths::xdg_base_from(xdg_data_home, home, &[".local", "share"])?;
    Some(base.join("vichess").join("games"))
}

/// The games directory of this user, from the environment; `None` without a home folder.
pub fn games_dir() -> Option<PathBuf> {
    Some(crate::config::paths::user_data_dir()?.join("games"))
}

/// The file name of a game's journal: `<started>-<white>-<black>.journal`. `started` is the
/// start time as the caller formats it (for example `2026-11-21T11-05`; no wall clock here).
/// Characters that are unsafe in file names become `_`; letters of any script are kept.
pub fn journal_file_name(started: &str, white: &str, black: &str) -> String {
    format!(
        "{}-{}-{}.journal",
        clean(started),
        clean(white),
        clean(black)
    )
}

fn clean(part: &str) -> String {
    let cleaned: String = part
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let cleaned = cleaned.trim_start_matches('.').to_string();
    if cleaned.is_empty() {
        "_".to_string()
    } else {
        cleaned
    }
}
