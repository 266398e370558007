//! Where the user's configuration file is, and how paths are shown in messages.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// `$XDG_CONFIG_HOME/vichess/config.toml`, else `$HOME/.config/vichess/config.toml`. A
/// relative `XDG_CONFIG_HOME` is ignored, as the XDG base directory specification asks.
pub fn user_config_path_from(
    xdg_config_home: Option<&OsStr>,
    home: Option<&OsStr>,
) -> Option<PathBuf> {
    let base = match xdg_config_home.map(PathBuf::from) {
        Some(p) if p.is_absolute() => p,
        _ => PathBuf::from(home.filter(|h| !h.is_empty())?).join(".config"),
    };
    Some(base.join("vichess").join("config.toml"))
}

/// This user's configuration file path, from the environment (it may not exist).
pub fn user_config_path() -> Option<PathBuf> {
    user_config_path_from(
        std::env::var_os("XDG_CONFIG_HOME").as_deref(),
        std::env::var_os("HOME").as_deref(),
    )
}

/// A path as a message shows it: the home directory as `~`, shorter to hear read out.
pub fn display_path(path: &Path) -> String {
    if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        if let Ok(rest) = path.strip_prefix(Path::new(&home)) {
            return Path::new("~").join(rest).display().to_string();
        }
    }
    path.display().to_string()
}
