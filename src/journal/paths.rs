//! Where games are kept: one journal per game in the per-user data directory.
//!
//! Pure functions take the environment as parameters so they can be tested; [`games_dir`]
//! reads it.

use std::ffi::OsStr;
use std::path::PathBuf;

/// `$XDG_DATA_HOME/vichess/games`, else `$HOME/.local/share/vichess/games`. A relative
/// `XDG_DATA_HOME` is ignored, as the XDG base directory specification asks.
pub fn games_dir_from(xdg_data_home: Option<&OsStr>, home: Option<&OsStr>) -> Option<PathBuf> {
    let base = match xdg_data_home.map(PathBuf::from) {
        Some(p) if p.is_absolute() => p,
        _ => {
            let home = PathBuf::from(home.filter(|h| !h.is_empty())?);
            home.join(".local").join("share")
        }
    };
    Some(base.join("vichess").join("games"))
}

/// The games directory of this user, from the environment; `None` when neither
/// `XDG_DATA_HOME` nor `HOME` is set.
pub fn games_dir() -> Option<PathBuf> {
    games_dir_from(
        std::env::var_os("XDG_DATA_HOME").as_deref(),
        std::env::var_os("HOME").as_deref(),
    )
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
