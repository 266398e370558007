//! The window's settings from the configuration's `[window]` section (already checked when
//! read: a bad value stops with its file, line and key, as every section does).

use super::app::Prefs;
use super::theme::{parse_colour, ThemeName};
use std::path::Path;
use vichess::phrase::Language;

/// The `[window]` settings of the defaults, the user's file and `--config`.
/// A configuration with errors is refused in `language`'s words, as `play` refuses it.
pub fn load(config: Option<&Path>, language: Language) -> anyhow::Result<Prefs> {
    let config = vichess::config::load(config)
        .map_err(|errs| crate::cli::config_refused(&errs, language))?;
    let w = config.window;
    let d = Prefs::default();
    Ok(Prefs {
        theme: ThemeName::from_key(&w.theme).unwrap_or(d.theme),
        custom: [
            parse_colour(&w.light).unwrap_or(d.custom[0]),
            parse_colour(&w.dark).unwrap_or(d.custom[1]),
        ],
        man_scale: w.piece_size as f32 / 100.0,
        zoom: w.zoom as f32 / 100.0,
        coordinates: w.coordinates,
        words_coordinates: w.coordinate_words,
        font_size: w.font_size as f32,
        display: w.display,
    })
}
