//! Where the user's configuration file is, and how paths are shown in messages.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// A per-user base folder by the XDG rule: the variable's value when it is an absolute path
/// (a relative one is ignored, as the XDG base directory specification asks), else
/// `$HOME/<fallback>`. The one rule behind [`user_config_path_from`] and
/// `journal::games_dir_from`.
pub fn xdg_base_from(
    xdg_value: Option<&OsStr>,
    home: Option<&OsStr>,
    fallback: &[&str],
) -> Option<PathBuf> {
    match xdg_value.map(PathBuf::from) {
        Some(p) if p.is_absolute() => Some(p),
        _ => {
            let mut base = PathBuf::from(home.filter(|h| !h.is_empty())?);
            base.extend(fallback);
            Some(base)
        }
    }
}

/// `$XDG_CONFIG_HOME/vichess/config.toml`, else `$HOME/.config/vichess/config.toml`.
pub fn user_config_path_from(
    xdg_config_home: Option<&OsStr>,
    home: Option<&OsStr>,
) -> Option<PathBuf> {
    Some(
        xdg_base_from(xdg_config_home, home, &[".config"])?
            .join("vichess")
            .join("config.toml"),
    )
}

/// This user's folders from the environment, by the platform's rule: XDG on Linux (the same
/// rule as [`xdg_base_from`]), the native places on macOS and Windows. `None` without a home.
fn base_dirs() -> Option<directories::BaseDirs> {
    directories::BaseDirs::new()
}

/// This user's configuration file path, from the environment (it may not exist).
pub fn user_config_path() -> Option<PathBuf> {
    Some(
        base_dirs()?
            .config_dir()
            .join("vichess")
            .join("config.toml"),
    )
}

/// This user's data folder for vichess (games are kept under it).
pub fn user_data_dir() -> Option<PathBuf> {
    Some(base_dirs()?.data_dir().join("vichess"))
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
