//! The configuration: compiled-in defaults, the user's file, and `--config FILE`.
//!
//! `config/default.toml` is the documentation of every key and is compiled in
//! ([`DEFAULT_TOML`]). The user file (`$XDG_CONFIG_HOME/vichess/config.toml`, else
//! `~/.config/vichess/config.toml`) overrides it key by key, and a file named with
//! `--config` overrides both. Each file is checked on its own before the merge, so every
//! error names the file, the line and the key: an unknown key (with a suggestion), a value
//! of the wrong type, or a bad value (an unknown voice pack, a time control vichess cannot
//! read, a channel that is neither left, right nor both).

mod check;
mod locale;
pub(crate) mod paths;
mod sections;
mod words;

pub use check::{Complaint, ConfigError, Fault, Kind};
pub use locale::{
    game_language, locale_language, locale_setting, named_language, start_up_language,
    LanguageSource, LOCALE_VARS,
};
pub use paths::{display_path, user_config_path, user_config_path_from};
pub use sections::{
    AudioSection, BandSetting, BoardProtocol, BoardSection, ClockSection, ClockSourceSetting,
    Config, Destination, EngineSection, GameSection, GamepadSection, OutputChannel, ResumeClock,
    RookFirstSetting, SpeechOutput, SpeechSection, SupervisionSetting, WindowSection, COMMANDS,
    UNBOUND, WINDOW_THEMES,
};

pub use words::{error_line, file_name};

use std::path::Path;

/// The defaults, as shipped: the documented `config/default.toml`.
pub const DEFAULT_TOML: &str = include_str!("../../config/default.toml");

/// The name the built-in defaults go by in error messages.
pub const DEFAULT_NAME: &str = "config/default.toml (built in)";

/// Where an error of all the files taken together is, in English messages.
pub const COMBINED_NAME: &str = "the combined configuration";

/// One configuration file's name (as it should appear in messages) and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// How error messages name the file (a `~`-shortened path, or the built-in defaults).
    pub name: String,
    /// The TOML text.
    pub text: String,
}

impl Source {
    /// A source from text already in hand (the built-in defaults, a test's file).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }

    /// Reads a file; an unreadable file is an error naming it.
    pub fn read(path: &Path) -> Result<Source, ConfigError> {
        let name = display_path(path);
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Source { name, text }),
            Err(e) => Err(ConfigError {
                file: name,
                line: None,
                key: None,
                message: format!("cannot read the file: {e}"),
                what: Box::new(Complaint::Unreadable(
                    e.get_ref().is_none().then(|| e.kind()),
                    e.to_string(),
                )),
            }),
        }
    }
}

/// The defaults with `layers` on top, later layers overriding earlier ones key by key.
/// Every error in every layer is reported, not just the first.
pub fn load_layers(layers: &[Source]) -> Result<Config, Vec<ConfigError>> {
    let mut errors = Vec::new();
    let mut merged = toml::Table::new();
    let defaults = Source::new(DEFAULT_NAME, DEFAULT_TOML);
    for source in std::iter::once(&defaults).chain(layers) {
        match check::check_source(source) {
            Ok(table) => check::merge(&mut merged, table),
            Err(mut errs) => errors.append(&mut errs),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Whether a file named the language: when none did, the locale may (`first_language`).
    let language_set = layers.iter().any(|l| {
        toml::from_str::<toml::Table>(&l.text)
            .is_ok_and(|t| t.get("game").and_then(|g| g.get("language")).is_some())
    });
    toml::Value::Table(merged)
        .try_into::<Config>()
        .map(|mut c| {
            c.game.language_set = language_set;
            c
        })
        .map_err(|e| {
            vec![ConfigError {
                file: COMBINED_NAME.to_string(),
                line: None,
                key: None,
                message: e.message().to_string(),
                what: Box::new(Complaint::Said),
            }]
        })
}

/// The configuration vichess runs with: defaults, then the user file if there is one, then
/// `config_flag` (which must exist).
pub fn load(config_flag: Option<&Path>) -> Result<Config, Vec<ConfigError>> {
    let mut layers = Vec::new();
    if let Some(user) = user_config_path().filter(|p| p.is_file()) {
        layers.push(Source::read(&user).map_err(|e| vec![e])?);
    }
    if let Some(path) = config_flag {
        layers.push(Source::read(path).map_err(|e| vec![e])?);
    }
    load_layers(&layers)
}

/// `vichess config check [FILE]`: FILE on top of the defaults, or without FILE, what
/// [`load`] would use. Returns the names of the files checked.
pub fn check_file(path: Option<&Path>) -> Result<Vec<String>, Vec<ConfigError>> {
    let mut names = vec![DEFAULT_NAME.to_string()];
    let layers = match path {
        Some(path) => vec![Source::read(path).map_err(|e| vec![e])?],
        None => match user_config_path().filter(|p| p.is_file()) {
            Some(user) => vec![Source::read(&user).map_err(|e| vec![e])?],
            None => Vec::new(),
        },
    };
    names.extend(layers.iter().map(|s| s.name.clone()));
    load_layers(&layers).map(|_| names)
}
