//! `vichess window`: the game in a window (issue 25), a second loop over the library's game
//! host, as `vichess play` is the first. The host runs in a worker thread of its own (it is
//! not `Send`, so it is opened there); the window sends it lines, the very lines `play` takes
//! (a click on e2 then e4 arrives as "e2e4", the clock button as "press"), and draws the
//! [`vichess::host::View`] it publishes after every turn. One path in, one journal out,
//! whichever front end the game was played on.
//!
//! Modules, one job each: `app` (the frame: panels, menus, keys), `board` (the 64 squares,
//! drawn and clicked), `theme` (colours and sizes), `panel` (clocks and the scoresheet),
//! `display` (the large-text display and its second window), `computer` (the dialog that
//! starts a game against the engine), `access` (the names screen readers read), `game` (the host thread), `shot` (screenshots), `words` (the window's own
//! words in the game's language).

mod access;
mod app;
mod board;
mod commands;
mod computer;
mod display;
mod game;
mod men;
mod panel;
mod prefs;
mod shot;
mod theme;
mod words;

use super::play::PlayArgs;
use std::path::PathBuf;
use std::process::ExitCode;

pub use app::keys_help;
pub use theme::ThemeName;

#[derive(clap::Args, Debug)]
pub struct WindowArgs {
    #[command(flatten)]
    pub(super) play: PlayArgs,
    /// Play the demo game (Légal's mate) in the window, on the simulated pegboard, one move
    /// every second and a half.
    #[arg(long)]
    pub(super) demo: bool,
    /// Open the text display (D.2.11) at once: a second window, large text, for an opponent
    /// who cannot hear the announcements.
    #[arg(long)]
    pub(super) display: bool,
    /// The colour theme: high-contrast, black-on-yellow, white-on-black or custom (default:
    /// the configuration's `[window] theme`).
    #[arg(long)]
    pub(super) theme: Option<ThemeName>,
    /// The window's size in points, WIDTHxHEIGHT (default 1200x800).
    #[arg(long, value_parser = parse_size)]
    pub(super) size: Option<[f32; 2]>,
    /// Lines to type into the game at the start, separated by ";" (tests and demos).
    #[arg(long, hide = true)]
    pub(super) lines: Option<String>,
    /// A file of lines to type into the game at the start, one a line.
    #[arg(long, hide = true)]
    pub(super) script: Option<PathBuf>,
    /// After the scripted lines are handled, save a screenshot of the window (PNG) and leave.
    #[arg(long, hide = true)]
    pub(super) screenshot: Option<PathBuf>,
    /// Draw this many frames as fast as possible, print the mean and the 95th percentile of
    /// the frame time in milliseconds, and leave (a benchmark).
    #[arg(long, hide = true)]
    pub(super) bench_frames: Option<usize>,
    /// Write where the board is, in the window's pixels ("X Y SQUARE"), to FILE whenever it
    /// moves (for tests that click on squares).
    #[arg(long, hide = true)]
    pub(super) geometry: Option<PathBuf>,
    /// With --screenshot: wait also for a printed line that contains TEXT.
    #[arg(long, hide = true, value_name = "TEXT")]
    pub(super) wait_for: Option<String>,
}

fn parse_size(s: &str) -> Result<[f32; 2], String> {
    let bad = || format!("{s:?} is not a size; write WIDTHxHEIGHT, e.g. 1200x800");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: f32 = w.trim().parse().map_err(|_| bad())?;
    let h: f32 = h.trim().parse().map_err(|_| bad())?;
    match (200.0..=10_000.0).contains(&w) && (200.0..=10_000.0).contains(&h) {
        true => Ok([w, h]),
        false => Err(format!("{s:?}: each side must be from 200 to 10000")),
    }
}

/// Whether a display is there to open a window on: `vichess` alone opens the window then.
pub fn display_available() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

/// Opens the window and plays the game in it; returns when the window closes and the game's
/// records are written.
pub fn run(args: WindowArgs) -> anyhow::Result<ExitCode> {
    app::run(args)
}
