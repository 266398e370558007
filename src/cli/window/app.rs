//! The window's frame: menus, the clock strip, the board, the side panel (question, typed
//! line, announcements, scoresheet, the sensor board's reading), keys, the text display's
//! second window, and the testing hooks (scripted lines, screenshots, the frame benchmark).

use super::board::{self, BoardState, Look};
use super::commands::{self, MenuItem};
use super::computer::{self, Answer, Choice};
use super::game::{self, lock, SharedGame};
use super::theme::{Theme, ThemeName};
use super::words::{words, Words};
use super::{access, display, panel, shot, WindowArgs};
use eframe::egui::{self, RichText};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use vichess::host::View;
use vichess::host::{Arrival, EngineSpec, GameSettings};
use vichess::phrase::Language;
use vichess::rules::Color;
use vichess::voice::Pack;

/// The embedded font: DejaVu Sans has Cyrillic, Armenian and the chess men's glyphs, which
/// egui's own fonts lack. Bitstream Vera licence (assets/fonts/DejaVuSans-LICENSE.txt).
pub(super) const DEJAVU: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// The demo's moves: White's on the simulated pegboard (`sim`), Black's typed by the
/// assistant, each side pressing its clock: Légal's mate, as `vichess demo` plays it.
const DEMO: &[&str] = &[
    "start",
    "sim e4",
    "press",
    "e5",
    "press",
    "sim Nf3",
    "press",
    "d6",
    "press",
    "sim Bc4",
    "press",
    "Bg4",
    "press",
    "sim Nc3",
    "press",
    "g6",
    "press",
    "sim Nxe5",
    "press",
    "Bxd1",
    "press",
    "sim Bxf7+",
    "press",
    "Ke7",
    "press",
    "sim Nd5#",
];

/// The console commands on keys: the question keys of a talking clock, the engine's help,
/// and the files. They work while the line field has the focus too (none of them types).
/// The last column says what each does in `vichess window --help`, made from this table so
/// the help never names a key the window does not bind.
const KEYS: &[(egui::Modifiers, egui::Key, &str, &str)] = &[
    (
        egui::Modifiers::NONE,
        egui::Key::F1,
        "help",
        "the help's topics",
    ),
    (egui::Modifiers::NONE, egui::Key::F2, "time", "both clocks"),
    (
        egui::Modifiers::NONE,
        egui::Key::F3,
        "count",
        "the number of moves made",
    ),
    (
        egui::Modifiers::NONE,
        egui::Key::F4,
        "last",
        "the last move, in words",
    ),
    (
        egui::Modifiers::NONE,
        egui::Key::F5,
        "moves",
        "the scoresheet",
    ),
    (egui::Modifiers::NONE, egui::Key::F6, "board", "all the men"),
    (
        egui::Modifiers::NONE,
        egui::Key::F7,
        "repeat",
        "the last line again",
    ),
    (
        egui::Modifiers::NONE,
        egui::Key::F8,
        "pause",
        "stop or restart the clocks",
    ),
    (
        egui::Modifiers::NONE,
        egui::Key::F9,
        "hint",
        "the engine's best move for you",
    ),
    (
        egui::Modifiers::NONE,
        egui::Key::F10,
        "eval",
        "the position in words",
    ),
    (
        egui::Modifiers::COMMAND,
        egui::Key::S,
        "save",
        "save the game's PGN",
    ),
    (
        egui::Modifiers::COMMAND,
        egui::Key::Q,
        "quit",
        "leave (asked first)",
    ),
];

/// The window's keys as `vichess window --help` lists them, from [`KEYS`].
pub fn keys_help() -> String {
    let mut text = String::from("Keys in the window:\n");
    for (mods, key, command, what) in KEYS {
        let key = match mods.command {
            true => format!("Ctrl+{}", key.name()),
            false => key.name().to_string(),
        };
        text.push_str(&format!("  {key:<7} {command}: {what}\n"));
    }
    text.push_str(
        "  Ctrl+N  a new game (the one on screen is saved, to be resumed)\n  \
         Ctrl+L  the line field, to type a move or a command\n  \
         Ctrl+Shift+N  play against the computer\n  Space   press the clock\n  \
         arrows  move over the squares; Enter chooses a man, then its square; Escape lets go\n\
         The window has no voice input: `vichess play --listen` has it.",
    );
    text
}

/// The key that leaves the game on screen (saved, to be resumed) and opens a new one: a
/// keyboard user otherwise had to find the Game menu, which egui's Tab order reaches last.
const NEW_GAME_KEY: (egui::Modifiers, egui::Key) = (egui::Modifiers::COMMAND, egui::Key::N);

/// The key that takes the keyboard to the line field, wherever the focus was.
const LINE_KEY: (egui::Modifiers, egui::Key) = (egui::Modifiers::COMMAND, egui::Key::L);

/// The key that opens the dialog for a game against the computer.
const COMPUTER_KEY: (egui::Modifiers, egui::Key) = (
    egui::Modifiers::COMMAND.plus(egui::Modifiers::SHIFT),
    egui::Key::N,
);

/// The key that gives `command`, as the menu shows it, the Control key by its name on the
/// language's keyboards (`ctrl`).
fn key_of(command: &str, ctrl: &str) -> Option<String> {
    KEYS.iter()
        .find(|(_, _, c, _)| *c == command)
        .map(|(m, k, _, _)| match m.command {
            true => format!("{ctrl}+{}", k.name()),
            false => k.name().to_string(),
        })
}

/// The least room, in points, the window's layouts are made for ([`WindowApp::fit_zoom`]).
const MIN_POINTS: egui::Vec2 = egui::vec2(320.0, 240.0);

/// What the user asked of the window, with the configuration's defaults filled in.
#[derive(Debug, Clone)]
pub struct Prefs {
    pub theme: ThemeName,
    pub custom: [egui::Color32; 2],
    pub man_scale: f32,
    pub zoom: f32,
    pub coordinates: bool,
    pub words_coordinates: bool,
    pub font_size: f32,
    pub display: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            theme: ThemeName::HighContrast,
            custom: [
                egui::Color32::from_rgb(0xF0, 0xD9, 0xB5),
                egui::Color32::from_rgb(0x4A, 0x2C, 0x0A),
            ],
            man_scale: 0.85,
            zoom: 1.0,
            coordinates: true,
            words_coordinates: false,
            font_size: 22.0,
            display: false,
        }
    }
}

/// The testing hooks' state.
#[derive(Default)]
struct Hooks {
    /// Lines typed at the start: the screenshot waits until the game has handled them.
    script_len: usize,
    screenshot: Option<PathBuf>,
    /// Frames drawn since the script was handled (the layout settles in two).
    settled: u32,
    shot_asked: bool,
    bench: Option<usize>,
    geometry: Option<PathBuf>,
    geometry_said: Option<String>,
    /// The screenshot also waits for a line containing this.
    wait_for: Option<String>,
    frames: Vec<Duration>,
    /// eframe's own measure of each frame's work on the CPU (the window's drawing and
    /// egui's tessellation, without the OpenGL rendering), in seconds.
    cpu: Vec<f32>,
    last_frame: Option<Instant>,
}

struct WindowApp {
    shared: SharedGame,
    board: BoardState,
    prefs: Prefs,
    theme: Theme,
    typed: String,
    display_open: bool,
    hooks: Hooks,
    closing: bool,
    /// The Appendix D words (de-fide) for coordinates in words.
    appendix_d: Option<Pack>,
    note: Option<String>,
    restart: Restart,
    /// The dialog for a game against the computer, while it is open.
    computer: Option<Choice>,
    /// The question before leaving a game under way (Ctrl+Q, Game → Quit) is open.
    confirm_quit: bool,
    /// The zoom the user asked for (configuration, Ctrl +/-), and the zoom last set, which
    /// the window's size may hold lower ([`WindowApp::fit_zoom`]).
    zoom_wanted: f32,
    zoom_set: f32,
    /// The Commands menu was open in the last frame (it opens scrolled to the top).
    commands_open: bool,
    /// The hint to press the clock was given for the engine's present wait.
    press_hinted: bool,
    /// Frames left in which the line field asks for the focus (a game just started from the
    /// dialog: from the next frame, so the Enter that closed it is not taken for the field's,
    /// and again until the closed dialog no longer holds the focus in its layer).
    focus_line: u8,
}

/// Opens the game and the window; returns when both are closed.
pub fn run(args: WindowArgs) -> anyhow::Result<ExitCode> {
    let listening = args.play.listen || args.play.listen_from.is_some();
    let mut script: Vec<String> = Vec::new();
    if let Some(lines) = &args.lines {
        script.extend(lines.split(';').map(|l| l.trim().to_string()));
    }
    if let Some(path) = &args.script {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read the script {}: {e}", path.display()))?;
        script.extend(text.lines().map(str::to_string));
    }
    script.retain(|l| !l.is_empty());
    let mut play = args.play;
    let paced: Vec<String> = match args.demo {
        true => {
            play.board = "sim".parse().map_err(|e| anyhow::anyhow!("{e}"))?;
            if play.control.is_none() {
                play.control = Some("3+2".into());
            }
            DEMO.iter().map(|s| s.to_string()).collect()
        }
        false => Vec::new(),
    };
    let quiet = play.no_audio;
    let settings = play.settings()?;
    // A window that cannot start says so in the language the game would have been in,
    // printed and said as `play` says why it cannot start.
    let language = vichess::host::start_up_language(&settings);
    let said = super::words::words(language);
    let config = settings.config.clone();
    let refuse = |line: String| refused(line, language, config.as_deref(), quiet);
    // Refused before anything else, so nobody waits for a microphone that never opens.
    if listening {
        return Err(refuse(said.no_listen.to_string()));
    }
    // Before the game is opened: no game is begun (and no record written) for a window
    // that cannot be shown.
    if !super::display_available() {
        return Err(refuse(said.no_display.to_string()));
    }
    // A configuration with errors is said too, as `play` says it.
    let mut prefs = super::prefs::load(settings.config.as_deref(), language)
        .map_err(|e| refuse(format!("{e:#}")))?;
    if let Some(t) = args.theme {
        prefs.theme = t;
    }
    let repaint = game::Repaint::default();
    let script_len = script.len();
    // The game is opened once the window is: a display that refuses the window (a stale
    // DISPLAY) leaves no game begun and no record behind. Until then, an empty game.
    let current: Current = Arc::new(Mutex::new((SharedGame::default(), None)));
    let not_opened: Arc<Mutex<Option<anyhow::Error>>> = Arc::default();
    let size = args.size.unwrap_or([1200.0, 800.0]);
    let bench = args.bench_frames;
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        // No vsync: under Xvfb (no vertical blank) a swap that waits for one never returns;
        // egui draws only when something changed, so nothing spins without it.
        vsync: false,
        viewport: egui::ViewportBuilder::default()
            .with_inner_size(size)
            .with_min_inner_size([200.0, 200.0])
            .with_title("vichess"),
        ..Default::default()
    };
    let display_open = args.display || prefs.display;
    let screenshot = args.screenshot;
    let geometry = args.geometry;
    let wait_for = args.wait_for;
    let app_current = current.clone();
    let app_not_opened = not_opened.clone();
    let result = eframe::run_native(
        "vichess",
        options,
        Box::new(move |cc| {
            repaint.set(cc.egui_ctx.clone());
            let (shared, handle) = match game::start(
                settings.clone(),
                script,
                paced,
                Duration::from_millis(1500),
                repaint.clone(),
            ) {
                Ok(started) => started,
                Err(e) => {
                    // Already said by the host in the game's language; `run` returns it.
                    let why = format!("{e:#}");
                    *app_not_opened.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                    return Err(why.into());
                }
            };
            *app_current.lock().unwrap_or_else(|e| e.into_inner()) = (shared.clone(), Some(handle));
            let restart = Restart {
                settings,
                repaint,
                current: app_current,
            };
            install_fonts(&cc.egui_ctx);
            cc.egui_ctx.set_zoom_factor(prefs.zoom);
            let theme = Theme::of(prefs.theme, prefs.custom);
            let app = WindowApp {
                shared,
                restart,
                board: BoardState::default(),
                theme,
                typed: String::new(),
                display_open,
                hooks: Hooks {
                    script_len,
                    screenshot,
                    bench,
                    geometry,
                    wait_for,
                    ..Default::default()
                },
                closing: false,
                appendix_d: Pack::builtin("de-fide").ok(),
                note: None,
                computer: None,
                confirm_quit: false,
                zoom_wanted: prefs.zoom,
                zoom_set: prefs.zoom,
                commands_open: false,
                press_hinted: false,
                focus_line: 0,
                prefs,
            };
            app.style(&cc.egui_ctx);
            Ok(Box::new(app))
        }),
    );
    if let Some(e) = not_opened.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(e);
    }
    // The window is closed: the game leaves as `quit` does (its PGN saved, the journal
    // closed), unless it already has.
    let (shared, handle) = {
        let mut c = current.lock().unwrap_or_else(|e| e.into_inner());
        (c.0.clone(), c.1.take())
    };
    end_game(&shared, handle);
    let s = lock(&shared);
    if let Some(failure) = &s.failure {
        eprintln!("vichess: {failure}");
    }
    // The system's own reason (winit's, OpenGL's) stays in brackets: it names the cause.
    // winit puts its source file before it ("os error at …/mod.rs:788: Failed to open
    // connection to X server"), which says nothing to a player.
    if let Err(e) = result {
        let e = e.to_string();
        let why = e.rsplit(": ").next().unwrap_or(&e);
        return Err(refuse(format!("{} ({why})", said.cannot_open)));
    }
    Ok(ExitCode::from(s.ended.unwrap_or(0)))
}

/// A window that cannot start: `line` printed and said in `language` (unless `--no-audio`,
/// or the configuration leaves speech to a screen reader), as `play` refuses to start.
fn refused(
    line: String,
    language: vichess::phrase::Language,
    config: Option<&std::path::Path>,
    quiet: bool,
) -> anyhow::Error {
    let speaks = vichess::config::load(config).map_or(true, |c| {
        c.speech.output != vichess::config::SpeechOutput::ScreenReader
    });
    let stopped = vichess::host::Stopped {
        error: anyhow::anyhow!(line),
        words: Pack::builtin(vichess::session::language_pack(language)).ok(),
        speaks,
    };
    crate::cli::play::print_then_say(stopped, quiet)
}

/// The game being played and its thread: the window may end it and start another (New
/// game, Resume), and `run` waits for the last one when the window closes.
type Current = Arc<Mutex<(SharedGame, Option<std::thread::JoinHandle<()>>)>>;

/// What starting another game takes.
struct Restart {
    settings: GameSettings,
    repaint: game::Repaint,
    current: Current,
}

/// Ends a game as `quit` does, unless it has ended, and waits for its thread.
fn end_game(shared: &SharedGame, handle: Option<std::thread::JoinHandle<()>>) {
    let inputs = lock(shared).inputs.take();
    if lock(shared).ended.is_none() {
        if let Some(tx) = &inputs {
            let _ = tx.send(Arrival::Line("quit".into()));
        }
    }
    drop(inputs);
    if let Some(h) = handle {
        let _ = h.join();
    }
}

/// DejaVu Sans first in both families, egui's own fonts after it.
pub(super) fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu".into(),
        std::sync::Arc::new(egui::FontData::from_static(DEJAVU)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .insert(0, "dejavu".into());
    }
    ctx.set_fonts(fonts);
}

impl WindowApp {
    /// Holds the zoom to what the window can show: at least 320 by 240 points, where the
    /// board, the clocks and the line field still fit side by side. At 400 % a 640x480 or
    /// 800x600 window had no board left at all (a play-through). The zoom asked for comes
    /// back when the window grows; Ctrl + past the limit changes nothing.
    fn fit_zoom(&mut self, ctx: &egui::Context) {
        let zoom = ctx.zoom_factor();
        if (zoom - self.zoom_set).abs() > 1e-3 {
            self.zoom_wanted = zoom;
        }
        let native = ctx.pixels_per_point() / zoom;
        let pixels = ctx.content_rect().size() * ctx.pixels_per_point();
        let most = (pixels.x / (MIN_POINTS.x * native))
            .min(pixels.y / (MIN_POINTS.y * native))
            .max(1.0);
        let fit = self.zoom_wanted.min(most);
        if (fit - zoom).abs() > 1e-3 {
            ctx.set_zoom_factor(fit);
        }
        self.zoom_set = fit;
    }

    /// The theme's colours and the configured text size.
    fn style(&self, ctx: &egui::Context) {
        let f = self.prefs.font_size;
        ctx.style_mut(|s| {
            s.visuals = self.theme.visuals();
            use egui::{FontFamily::*, FontId, TextStyle};
            s.text_styles = [
                (TextStyle::Small, FontId::new(f * 0.8, Proportional)),
                (TextStyle::Body, FontId::new(f, Proportional)),
                (TextStyle::Button, FontId::new(f, Proportional)),
                (TextStyle::Heading, FontId::new(f * 1.4, Proportional)),
                (TextStyle::Monospace, FontId::new(f, Monospace)),
            ]
            .into();
            s.spacing.button_padding = egui::vec2(f * 0.4, f * 0.25);
            s.spacing.interact_size.y = f * 1.4;
        });
    }

    /// The line that saves the game's PGN where `quit` saves it (the reply names the whole
    /// path): the console's bare `save` asks for a file a mouse user cannot give.
    fn save_line(&self) -> Option<String> {
        lock(&self.shared)
            .pgn_path
            .as_deref()
            .map(commands::save_line)
    }

    /// Quit asked for (Ctrl+Q, Game → Quit): a game under way (moves made, no result) is
    /// left only after a question that says it is kept; any other is left at once.
    fn ask_quit(&mut self, line: &mut Option<String>, w: &Words) {
        let under_way = lock(&self.shared)
            .view
            .as_ref()
            .is_some_and(|(v, _)| !v.moves.is_empty() && v.result.is_none());
        match under_way {
            true if !self.confirm_quit => {
                self.confirm_quit = true;
                // Said as every line is: printed, and shown with the announcements.
                println!("{}", w.quit_question);
                lock(&self.shared).lines.push(w.quit_question.to_string());
            }
            true => {}
            false => *line = Some("quit".to_string()),
        }
    }

    fn send(&self, line: &str) {
        if let Some(tx) = &lock(&self.shared).inputs {
            let _ = tx.send(Arrival::Line(line.to_string()));
        }
    }

    fn set_theme(&mut self, ctx: &egui::Context, name: ThemeName) {
        self.prefs.theme = name;
        self.theme = Theme::of(name, self.prefs.custom);
        self.style(ctx);
    }

    /// The menus: every console command, the game's files, the view.
    fn menus(
        &mut self,
        ui: &mut egui::Ui,
        w: &Words,
        lang: Language,
        engine: Option<&EngineSpec>,
        pack: Option<&Pack>,
    ) -> Option<String> {
        let mut line = None;
        // egui's menu style takes every frame away from the menu bar's titles and the menus'
        // items, the keyboard focus's too: Tab onto the menu bar moved nothing a low-vision
        // assistant could see. The focus frame the rest of the window draws is put back.
        let focus = egui::Stroke::new(super::theme::FOCUS_STROKE, self.theme.text);
        let keep_focus = move |style: &mut egui::Style| {
            egui::containers::menu::menu_style(style);
            style.visuals.widgets.active.bg_stroke = focus;
        };
        let menus = egui::containers::menu::MenuConfig::new().style(keep_focus);
        egui::MenuBar::new()
            .style(keep_focus)
            .config(menus)
            .ui(ui, |ui| {
                // An item activated through the accessibility tree or the keyboard does not
                // close egui's menu (only a pointer click does), so a screen-reader user would
                // find it still open and close it with the next activation of its title.
                ui.menu_button(w.game, |ui| {
                    let mut acted = false;
                    if ui
                        .add(egui::Button::new(w.new_game).shortcut_text(format!("{}+N", w.ctrl)))
                        .clicked()
                    {
                        self.start_again(false, None);
                        acted = true;
                    }
                    if ui.button(w.resume).clicked() {
                        self.start_again(true, None);
                        acted = true;
                    }
                    let computer = egui::Button::new(w.against_computer)
                        .shortcut_text(format!("{}+{}+N", w.ctrl, w.shift));
                    if ui.add(computer).clicked() {
                        self.open_computer(engine);
                        ui.ctx().request_repaint();
                        acted = true;
                    }
                    // The last move in words, as the console's `last` says it (F4).
                    let last = egui::Button::new(w.say_last_move).shortcut_text("F4");
                    if ui.add(last).clicked() {
                        line = Some("last".to_string());
                    }
                    // The engine's help, in a game against it (in any other the console's words
                    // for them, and their keys, say why there is none).
                    if engine.is_some() {
                        for (label, command) in [(w.hint, "hint"), (w.evaluation, "eval")] {
                            let mut button = egui::Button::new(label);
                            if let Some(key) = key_of(command, w.ctrl) {
                                button = button.shortcut_text(key);
                            }
                            if ui.add(button).clicked() {
                                line = Some(command.to_string());
                            }
                        }
                    }
                    if ui
                        .add(egui::Button::new(w.save).shortcut_text(format!("{}+S", w.ctrl)))
                        .clicked()
                    {
                        line = self.save_line();
                    }
                    // Beside the game's PGN and journal, its whole path said in the reply; not in
                    // whatever folder the window was started from.
                    if ui.button(w.braille_sheet).clicked() {
                        line = lock(&self.shared)
                            .pgn_path
                            .as_deref()
                            .map(commands::braille_line);
                    }
                    if ui
                        .add(egui::Button::new(w.quit).shortcut_text(format!("{}+Q", w.ctrl)))
                        .clicked()
                    {
                        self.ask_quit(&mut line, w);
                    }
                    if acted || line.is_some() {
                        ui.close();
                    }
                });
                let mut commands_open = false;
                ui.menu_button(w.commands, |ui| {
                    commands_open = true;
                    let mut acted = false;
                    // Opened scrolled to the top, not where it was left: a click meant for the
                    // menu's first item never lands on another.
                    let mut list = egui::ScrollArea::vertical().id_salt("commands-list");
                    if !self.commands_open {
                        list = list.vertical_scroll_offset(0.0);
                    }
                    list.show(ui, |ui| {
                        for (en, others) in vichess::session::command_table() {
                            let word = match lang {
                                Language::En => en,
                                Language::De => &others[0],
                                Language::Uk => &others[1],
                                Language::Ru => &others[2],
                                Language::Hy => &others[3],
                            };
                            // The word with what it does, in the game's language.
                            let label = match pack {
                                Some(p) => commands::menu_label(p, en, word),
                                None => word.to_string(),
                            };
                            let Some(item) = commands::menu_item(en) else {
                                continue;
                            };
                            if let MenuItem::Sides(lines) = &item {
                                ui.menu_button(label, |ui| {
                                    for (side, l) in
                                        [Color::White, Color::Black].into_iter().zip(lines)
                                    {
                                        if ui.button(side_label(pack, side)).clicked() {
                                            line = Some(l.clone());
                                        }
                                    }
                                });
                                continue;
                            }
                            let mut button = egui::Button::new(label);
                            if let Some(key) = key_of(en, w.ctrl) {
                                button = button.shortcut_text(key);
                            }
                            if ui.add(button).clicked() {
                                match item {
                                    MenuItem::Send(l) => line = Some(l),
                                    MenuItem::Save => line = self.save_line(),
                                    MenuItem::Type(start) => {
                                        self.typed = start;
                                        self.focus_line = 5;
                                        acted = true;
                                    }
                                    MenuItem::Sides(_) => {}
                                }
                            }
                        }
                    });
                    if acted || line.is_some() {
                        ui.close();
                    }
                });
                self.commands_open = commands_open;
                ui.menu_button(w.view, |ui| {
                    ui.label(RichText::new(w.theme).strong());
                    for name in ThemeName::ALL {
                        let label = match name {
                            ThemeName::HighContrast => w.high_contrast,
                            ThemeName::BlackOnYellow => w.black_on_yellow,
                            ThemeName::WhiteOnBlack => w.white_on_black,
                            ThemeName::Custom => w.custom,
                        };
                        if ui.radio(self.prefs.theme == name, label).clicked() {
                            self.set_theme(ui.ctx(), name);
                        }
                    }
                    ui.separator();
                    if ui.button(w.zoom_in).clicked() {
                        egui::gui_zoom::zoom_in(ui.ctx());
                    }
                    if ui.button(w.zoom_out).clicked() {
                        egui::gui_zoom::zoom_out(ui.ctx());
                    }
                    ui.checkbox(&mut self.prefs.words_coordinates, w.coordinates);
                    ui.checkbox(&mut self.display_open, w.text_display);
                });
            });
        line
    }

    /// The line field and its Send button, under their label; returns a line sent.
    /// `labelled`: the label is a line of its own above the field; in a compact window it is
    /// the field's hint and its accessible name instead, to leave the board the room.
    fn line_field(
        &mut self,
        ui: &mut egui::Ui,
        w: &Words,
        labelled: bool,
        stacked: bool,
    ) -> Option<String> {
        let mut line = None;
        let f = self.prefs.font_size;
        let label = labelled.then(|| ui.label(w.line_hint));
        // The Send button at the right, as wide as its word needs; the field takes the rest
        // of the row, so the row never outgrows the panel in any language. The field comes
        // first, so that Tab reaches it before its button, as they are read. In a narrow
        // column (`stacked`) the field has the whole row and Send goes under it.
        let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
        let send_width = match stacked {
            true => 0.0,
            false => {
                let word = egui::WidgetText::from(w.send).into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Button,
                );
                word.size().x + 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x
            }
        };
        ui.allocate_ui_with_layout(
            row,
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                let mut field = egui::TextEdit::singleline(&mut self.typed)
                    .id(egui::Id::new("vichess-line"))
                    .desired_width((ui.available_width() - send_width).max(f * 3.0))
                    .font(egui::TextStyle::Body);
                if label.is_none() {
                    field = field.hint_text(w.line_hint);
                }
                let resp = ui.add(field);
                // egui frames the focused field in the selection's stroke, which the themes
                // give the background's colour (it is the selected text's colour): the focus
                // is drawn here instead, as thick as on every other widget.
                if resp.has_focus() {
                    ui.painter().rect_stroke(
                        resp.rect.expand(1.0),
                        0.0,
                        egui::Stroke::new(super::theme::FOCUS_STROKE, self.theme.text),
                        egui::StrokeKind::Outside,
                    );
                }
                let resp = match &label {
                    Some(label) => resp.labelled_by(label.id),
                    None => {
                        ui.ctx()
                            .accesskit_node_builder(resp.id, |n| n.set_label(w.line_hint));
                        resp
                    }
                };
                let send = !stacked && ui.button(w.send).clicked();
                let entered = resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (send || entered) && !self.typed.trim().is_empty() {
                    line = Some(std::mem::take(&mut self.typed));
                    if entered {
                        resp.request_focus();
                    }
                }
            },
        );
        if stacked && ui.button(w.send).clicked() && !self.typed.trim().is_empty() {
            line = Some(std::mem::take(&mut self.typed));
        }
        line
    }

    /// The side panel: a question's answers, the typed line, the sensor board when it
    /// differs, the scoresheet and the announcements. `view` is the frame's one copy of the
    /// game, so the side panel never shows a later moment than the board beside it.
    fn side(
        &mut self,
        ui: &mut egui::Ui,
        w: &Words,
        lines: &[String],
        view: Option<&(View, Instant)>,
        colon: &str,
    ) -> Option<String> {
        let mut line = None;
        let f = self.prefs.font_size;
        if lines.last().is_some_and(|l| l.trim_end().ends_with('?')) {
            ui.horizontal(|ui| {
                for (label, answer) in [(w.yes, "yes"), (w.no, "no")] {
                    let b = egui::Button::new(RichText::new(label).size(f * 1.4).strong())
                        .min_size(egui::vec2(f * 5.0, f * 2.2));
                    if ui.add(b).clicked() {
                        line = Some(answer.to_string());
                    }
                }
            });
        }
        // A draw offer standing: the opponent answers it here, as `draw accept` or `draw
        // decline` typed for that side would.
        if let Some(offerer) = view.and_then(|(v, _)| v.offer.filter(|_| v.result.is_none())) {
            let answerer = match !offerer {
                Color::White => "white",
                Color::Black => "black",
            };
            ui.horizontal_wrapped(|ui| {
                for (label, action) in [(w.accept_draw, "accept"), (w.decline_draw, "decline")] {
                    let b = egui::Button::new(RichText::new(label).size(f * 1.2).strong())
                        .min_size(egui::vec2(f * 4.0, f * 2.0));
                    if ui.add(b).clicked() {
                        line = Some(format!("draw {action} {answerer}"));
                    }
                }
            });
        }
        line = line.or(self.line_field(ui, w, true, false));
        if let Some(note) = &self.note {
            ui.label(RichText::new(note).strong());
        }
        if let Some((view, _)) = view {
            for b in view.boards.iter().filter(|b| !b.mismatched.is_empty()) {
                ui.label(RichText::new(w.board_reads).strong());
                let side = (ui.available_width() * 0.6).min(f * 12.0);
                board::show_sensed(
                    ui,
                    &b.sensed,
                    &b.mismatched,
                    flipped(view),
                    &self.theme,
                    side,
                );
            }
            panel::scoresheet(ui, view, w, f, colon);
            // The last move large under the scoresheet: the newest announcement is often
            // the press's line after it ("move completed: Black; clock running: White"), and
            // the move the low-vision player looks for was then small text (a play-through).
            if let Some(moved) = display::last_move_line(view, w, colon) {
                ui.label(RichText::new(moved).size(f * 1.3).strong());
            }
        }
        ui.separator();
        display::panel(ui, lines, w, f);
        line
    }

    /// The testing hooks, once the scripted lines are handled: the screenshot, the benchmark.
    fn hooks(&mut self, ctx: &egui::Context, handled: usize, lines: &[String]) {
        if let Some(n) = self.hooks.bench {
            let now = Instant::now();
            if let Some(last) = self.hooks.last_frame.replace(now) {
                self.hooks.frames.push(now - last);
            }
            if self.hooks.frames.len() >= n {
                let ms: Vec<f64> = self
                    .hooks
                    .frames
                    .iter()
                    .map(|d| d.as_secs_f64() * 1e3)
                    .collect();
                let (mean, p95) = mean_p95(ms);
                let cpu: Vec<f64> = self.hooks.cpu.iter().map(|s| f64::from(*s) * 1e3).collect();
                let (cpu_mean, cpu_p95) = mean_p95(cpu);
                println!(
                    "frames: {n}, frame time mean: {mean:.2} ms, p95: {p95:.2} ms; \
                     drawing on the CPU mean: {cpu_mean:.2} ms, p95: {cpu_p95:.2} ms"
                );
                self.hooks.bench = None;
                self.leave(ctx);
            } else {
                ctx.request_repaint();
            }
        }
        let waiting = self
            .hooks
            .wait_for
            .as_ref()
            .is_some_and(|w| !lines.iter().any(|l| l.contains(w.as_str())));
        if self.hooks.screenshot.is_none() || handled < self.hooks.script_len || waiting {
            return;
        }
        let images: Vec<std::sync::Arc<egui::ColorImage>> = ctx.input(|i| {
            i.raw
                .events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Screenshot { image, .. } => Some(image.clone()),
                    _ => None,
                })
                .collect()
        });
        if let Some(image) = images.first() {
            if let Some(path) = self.hooks.screenshot.take() {
                if let Err(e) = shot::write_png(image, &path) {
                    eprintln!("vichess: {e:#}");
                }
            }
            self.leave(ctx);
            return;
        }
        self.hooks.settled += 1;
        if self.hooks.settled >= 3 && !self.hooks.shot_asked {
            self.hooks.shot_asked = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(Default::default()));
        }
        ctx.request_repaint();
    }

    /// `--geometry`: where the board is, in the window's pixels ("X Y SQUARE"), for tests
    /// that click on squares.
    fn tell_geometry(&mut self, ctx: &egui::Context, rect: egui::Rect) {
        let Some(path) = &self.hooks.geometry else {
            return;
        };
        let ppp = ctx.pixels_per_point();
        let text = format!(
            "{} {} {}\n",
            (rect.min.x * ppp).round(),
            (rect.min.y * ppp).round(),
            (rect.width() * ppp / 8.0).floor()
        );
        if self.hooks.geometry_said.as_deref() != Some(text.as_str())
            && std::fs::write(path, &text).is_ok()
        {
            self.hooks.geometry_said = Some(text);
        }
    }

    /// Opens the dialog for a game against the computer, over the game on screen (its engine
    /// seat, else the one the window was started with, gives the dialog's first choice).
    fn open_computer(&mut self, engine: Option<&EngineSpec>) {
        let seat = engine.or(self.restart.settings.engine.as_ref());
        self.computer = Some(Choice::over(seat));
    }

    /// New game (`resume` false) or Resume: the game now is left as `quit` leaves it (saved,
    /// journaled, to be resumed), then another is opened with the same settings, or against
    /// the `engine` seat the dialog chose (as `play --engine` opens it: the player takes the
    /// other side); a game that cannot open says why and the window stays with the old one's
    /// record on screen.
    fn start_again(&mut self, resume: bool, engine: Option<EngineSpec>) {
        let handle = {
            let mut c = self
                .restart
                .current
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            c.1.take()
        };
        end_game(&self.shared, handle);
        let mut settings = self.restart.settings.clone();
        // A new game goes on in the language and voice of the game on screen: a window
        // opened on a resumed Russian game (no --lang) would otherwise start the next one in
        // the configuration's language, German by default.
        if !resume && settings.lang.is_none() && settings.voice.is_none() {
            if let Some(pack) = lock(&self.shared).pack.as_ref() {
                settings.lang = Some(pack.language().code().to_string());
                settings.voice = Some(pack.name().to_string());
            }
        }
        // And with its time control: a resumed 15+10 game was followed by the default 90+30.
        if !resume && settings.control.is_none() {
            if let Some((view, _)) = lock(&self.shared).view.as_ref() {
                settings.control = Some(view.control.clone().unwrap_or_else(|| "none".into()));
            }
        }
        settings.resume = resume;
        settings.resume_finished = false;
        if resume {
            // The window's own start-up flags are not the player's wish for the game resumed:
            // left in, the resume would say they are ignored, or (the side, the engine seat)
            // replace what its journal holds: a game begun from the computer dialog comes
            // back with the side and level chosen there, not the window's `--engine-side`.
            settings.side = None;
            settings.engine = None;
            settings.engine_flags = Default::default();
            settings.control = None;
            settings.white = None;
            settings.black = None;
            settings.event = None;
            settings.site = None;
            settings.round = None;
        }
        if let Some(spec) = engine {
            settings.side = Some(!spec.side);
            settings.engine = Some(spec);
        }
        match game::start(
            settings,
            Vec::new(),
            Vec::new(),
            Duration::ZERO,
            self.restart.repaint.clone(),
        ) {
            Ok((shared, handle)) => {
                self.shared = shared.clone();
                *self
                    .restart
                    .current
                    .lock()
                    .unwrap_or_else(|e| e.into_inner()) = (shared, Some(handle));
                self.board = BoardState::default();
                self.note = None;
            }
            Err(e) => {
                let text = format!("{e:#}");
                lock(&self.shared).lines.push(text.clone());
                self.note = Some(text);
                // Nothing is open now: the window shows the last record; closing it ends.
                lock(&self.shared).ended = None;
            }
        }
    }

    /// Ends the game (as `quit`) and closes the window once it has.
    fn leave(&mut self, ctx: &egui::Context) {
        if !self.closing {
            self.closing = true;
            self.send("quit");
        }
        ctx.request_repaint_after(Duration::from_millis(50));
    }
}

/// The mean and the 95th percentile of `v` (0 for none).
fn mean_p95(mut v: Vec<f64>) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    v.sort_by(f64::total_cmp);
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    let p95 = v[((v.len() as f64 * 0.95) as usize).min(v.len() - 1)];
    (mean, p95)
}

/// The question before leaving a game under way, with Yes (Enter) and No (Escape); returns
/// the answer once given.
fn quit_question(ctx: &egui::Context, w: &Words, f: f32) -> Option<bool> {
    let mut answer = None;
    if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
        return Some(false);
    }
    if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter)) {
        return Some(true);
    }
    egui::Window::new(w.quit)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.add(egui::Label::new(RichText::new(w.quit_question).size(f)).wrap());
            ui.horizontal(|ui| {
                for (label, yes) in [(w.yes, true), (w.no, false)] {
                    let b = egui::Button::new(RichText::new(label).size(f * 1.2).strong())
                        .min_size(egui::vec2(f * 4.0, f * 2.0));
                    if ui.add(b).clicked() {
                        answer = Some(yes);
                    }
                }
            });
        });
    answer
}

/// A move of the player's against the engine, in a timed game, is not yet completed by the
/// press the engine waits for.
fn engine_waits_for_press(view: &View) -> bool {
    let Some(engine) = &view.engine else {
        return false;
    };
    view.clocks.is_some() && view.result.is_none() && view.unpressed == Some(!engine.side)
}

/// How the window shares its space, by its size in points and the text size `f`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Layout {
    /// Wide: a side panel with the clocks on top, the board the whole height.
    Wide,
    /// The clocks in a strip above the board, the side panel beside it.
    Strip,
    /// Small or zoomed far: the clocks in a strip, the newest line and the line field
    /// under the board, no side panel.
    Compact,
    /// Small or zoomed far and wider than tall: the clocks, the line field and the newest
    /// line in a narrow column of this width at the right, the board the whole height (so
    /// zooming in does not shrink it: the rows that grow are beside it, not under it).
    CompactSide(f32),
}

impl Layout {
    fn of(screen: egui::Vec2, f: f32) -> Layout {
        let compact = screen.x < f * 30.0 || screen.y < f * 16.0;
        // The board's room in a compact window: the height less the menus; the column beside
        // it takes what the board leaves of the width.
        let board = screen.y - f * 2.0;
        let rest = screen.x - board;
        match (compact, screen.x > screen.y * 1.25) {
            // A column a little over four lines' height wide is enough for the clocks on
            // two lines; under it, at 350 % and more on a laptop, the strip layout left the
            // board a fifth of the height (a play-through).
            (true, _) if rest >= f * 4.5 => Layout::CompactSide(rest.min(screen.x * 0.45)),
            (true, _) => Layout::Compact,
            (false, true) => Layout::Wide,
            (false, false) => Layout::Strip,
        }
    }
}

/// A side's name in the game's words (English before the game's pack is known).
fn side_label(pack: Option<&Pack>, side: Color) -> String {
    match pack {
        Some(p) => super::access::side_name(p, side),
        None => format!("{side:?}"),
    }
}

/// Black at the bottom when the VI player plays Black.
fn flipped(view: &vichess::host::View) -> bool {
    view.vi_side == Some(vichess::rules::Color::Black)
}

impl eframe::App for WindowApp {
    fn update(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        if let (Some(_), Some(cpu)) = (self.hooks.bench, frame.info().cpu_usage) {
            self.hooks.cpu.push(cpu);
        }
        self.fit_zoom(ctx);
        let (view, pack, lines, handled, ended) = {
            let s = lock(&self.shared);
            (
                s.view.clone(),
                s.pack.clone(),
                s.lines.clone(),
                s.handled,
                s.ended,
            )
        };
        if ended.is_some() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let lang = view.as_ref().map_or(Language::En, |(v, _)| v.language);
        let w = words(lang);
        let f = self.prefs.font_size;
        // The window itself has a name a screen reader says when it comes to it (egui leaves
        // the root node unnamed; the title bar's text is not part of the tree).
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |root| root.set_label("vichess"));
        let mut out: Vec<String> = Vec::new();
        let engine = view.as_ref().and_then(|(v, _)| v.engine.clone());
        // Against the engine in a timed game it waits for the player's press: said once a
        // wait, as a line like every other, so nobody is left wondering why it does not move.
        let engine_waits = view
            .as_ref()
            .is_some_and(|(v, _)| engine_waits_for_press(v));
        if engine_waits && !self.press_hinted {
            println!("{}", w.press_for_engine);
            lock(&self.shared)
                .lines
                .push(w.press_for_engine.to_string());
        }
        self.press_hinted = engine_waits;
        if self.focus_line > 0 {
            let field = egui::Id::new("vichess-line");
            match ctx.memory(|m| m.has_focus(field)) {
                true => self.focus_line = 0,
                false => {
                    self.focus_line -= 1;
                    ctx.memory_mut(|m| m.request_focus(field));
                    ctx.request_repaint();
                }
            }
        }
        // The game's keys, while the dialog is closed: when it is open, its keys are its own
        // (Space chooses a side, Enter is OK, Escape Cancel), and the game behind it gets none.
        if self.confirm_quit {
            match quit_question(ctx, w, f) {
                Some(true) => {
                    self.confirm_quit = false;
                    out.push("quit".into());
                }
                Some(false) => self.confirm_quit = false,
                None => {}
            }
        }
        if self.computer.is_none() && !self.confirm_quit {
            // Space presses the clock of the side that moved, unless the line field is being
            // typed in: also while a square has the focus after a move made on the board (taken
            // here, before the board is drawn, so the square never sees it as a click).
            // An empty line field is not being typed in: Space there presses the clock too,
            // so "press Space" holds wherever the focus was left (after a game against the
            // computer opens, the line field has it).
            let line_id = egui::Id::new("vichess-line");
            let typing = ctx.memory(|m| m.has_focus(line_id)) && !self.typed.trim().is_empty();
            // A button or a menu item with the focus takes Space as its own press, as
            // everywhere else: Tab onto "Game" and Space pressed the clock instead.
            let on_button = ctx
                .memory(|m| m.focused())
                .is_some_and(|id| id != line_id && !super::board::is_square(id));
            if !typing
                && !on_button
                && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Space))
            {
                // The space itself comes as text too: the field must not keep it.
                ctx.input_mut(|i| {
                    i.events
                        .retain(|e| !matches!(e, egui::Event::Text(t) if t == " "))
                });
                let line = view.as_ref().map_or("press", |(v, _)| panel::press_line(v));
                out.push(line.into());
            }
            for (mods, key, line, _) in KEYS {
                if ctx.input_mut(|i| i.consume_key(*mods, *key)) {
                    match *line {
                        "save" => out.extend(self.save_line()),
                        "quit" => {
                            let mut line = None;
                            self.ask_quit(&mut line, w);
                            out.extend(line);
                        }
                        _ => out.push(line.to_string()),
                    }
                }
            }
            // Opened by its key, the dialog is drawn in this very frame.
            if ctx.input_mut(|i| i.consume_key(COMPUTER_KEY.0, COMPUTER_KEY.1)) {
                self.open_computer(engine.as_ref());
            }
            if ctx.input_mut(|i| i.consume_key(LINE_KEY.0, LINE_KEY.1)) {
                self.focus_line = 5;
                ctx.request_repaint();
            }
            // Taken after Ctrl+Shift+N: egui's consume_key ignores Shift for letters.
            if ctx.input_mut(|i| i.consume_key(NEW_GAME_KEY.0, NEW_GAME_KEY.1)) {
                self.start_again(false, None);
                self.focus_line = 5;
                ctx.request_repaint();
            }
        }
        // Before the menus: opened from the menu, the dialog is drawn from the next frame
        // on, so the Enter that chose the menu item is not taken for its OK.
        if let Some(choice) = self.computer.as_mut() {
            let fallback;
            let words_pack = match &pack {
                Some(p) => p,
                None => {
                    fallback = Pack::builtin("en").expect("the built-in English pack");
                    &fallback
                }
            };
            match computer::show(ctx, choice, w, words_pack) {
                Some(Answer::Play(spec)) => {
                    self.computer = None;
                    self.start_again(false, Some(spec));
                    self.focus_line = 5;
                    ctx.request_repaint();
                }
                Some(Answer::Cancel) => self.computer = None,
                None => {}
            }
        }
        // Room around the menu bar for the focus frame, which was drawn off the window's top.
        let room = (super::theme::FOCUS_STROKE + 3.0) as i8;
        let menu_panel = egui::Frame::side_top_panel(&ctx.style())
            .inner_margin(egui::Margin::symmetric(room, room));
        // Zoomed far in a small window the menu bar's words took a quarter of the height
        // (at 400 %, 190 of 800 pixels) from the board: there they are a little smaller,
        // still larger than at 200 %.
        let squeezed = matches!(
            Layout::of(ctx.content_rect().size(), f),
            Layout::Compact | Layout::CompactSide(_)
        ) && ctx.zoom_factor() >= 2.0;
        egui::TopBottomPanel::top("menus")
            .frame(menu_panel)
            .show(ctx, |ui| {
                if squeezed {
                    let small = egui::FontId::proportional(f * 0.7);
                    ui.style_mut()
                        .text_styles
                        .insert(egui::TextStyle::Button, small);
                    ui.spacing_mut().button_padding.y = f * 0.1;
                    ui.spacing_mut().interact_size.y = f * 0.9;
                }
                out.extend(self.menus(ui, w, lang, engine.as_ref(), pack.as_ref()));
            });
        // A wide window keeps the clocks at the top of the side panel, the board the whole
        // height; a narrow one in a strip above the board. Zoomed so far that the side panel
        // would leave no room for the board (400% on a laptop), the window keeps only the
        // clocks, the board and the newest line. Either way the clocks are outside every
        // scrolling area, so no zoom loses them.
        let screen = ctx.content_rect();
        let compact = matches!(
            Layout::of(screen.size(), f),
            Layout::Compact | Layout::CompactSide(_)
        );
        let wide = Layout::of(screen.size(), f) == Layout::Wide;
        let top = match view.as_ref().is_some_and(|(v, _)| flipped(v)) {
            true => vichess::rules::Color::White,
            false => vichess::rules::Color::Black,
        };
        let theme = self.theme;
        // A strip's two clocks share the window's width; in a column each has its whole
        // width and goes on two lines when it needs them ([`panel::clocks`]).
        let clocks = |ui: &mut egui::Ui, stacked: bool| -> Option<String> {
            let clock_font = if compact && !stacked { f * 0.7 } else { f };
            match (&view, &pack) {
                (Some((view, at)), Some(pack)) => {
                    let how = (stacked, top, compact);
                    panel::clocks(ui, view, *at, pack, w, &theme, clock_font, how)
                }
                _ => None,
            }
        };
        let layout = Layout::of(screen.size(), f);
        // The last move, large, beside the newest line where the side has room for it: that
        // line is often the press's after the move, and a small window has no scoresheet.
        // (Under the board, zoomed far, a second large line left the board no height.)
        let colon = pack.as_ref().map_or(":", |p| p.colon());
        let moved = view
            .as_ref()
            .and_then(|(v, _)| display::last_move_line(v, w, colon));
        let ended = view
            .as_ref()
            .and_then(|(v, _)| panel::result_line(v, w, colon));
        if layout == Layout::Strip || layout == Layout::Compact {
            egui::TopBottomPanel::top("clocks").show(ctx, |ui| {
                out.extend(clocks(ui, false));
            });
        }
        if let Layout::CompactSide(width) = layout {
            // A window wider than tall: the clocks one above the other at the right, the line
            // field and the newest line under them, so the board has the whole height.
            egui::SidePanel::right("clocks-side")
                .resizable(false)
                .exact_width(width)
                .show(ctx, |ui| {
                    // The clocks at the top and the line field at the foot of the column,
                    // each in a panel of its own, so neither is pushed out of the window by
                    // what stands between them (zoomed, the line field and the result were
                    // under the window's edge, a play-through); the lines between take what
                    // is left, and are cut when it is not enough.
                    egui::TopBottomPanel::top("column-clocks")
                        .show_separator_line(false)
                        .show_inside(ui, |ui| out.extend(clocks(ui, true)));
                    // The field and its button a little smaller than the text, so that the
                    // button's word keeps to one line in the narrow column.
                    egui::TopBottomPanel::bottom("column-line")
                        .show_separator_line(false)
                        .show_inside(ui, |ui| {
                            let small = egui::FontId::proportional(f * 0.85);
                            let styles = &mut ui.style_mut().text_styles;
                            styles.insert(egui::TextStyle::Button, small.clone());
                            styles.insert(egui::TextStyle::Body, small);
                            out.extend(self.line_field(ui, w, false, true))
                        });
                    egui::CentralPanel::default()
                        .frame(egui::Frame::NONE)
                        .show_inside(ui, |ui| {
                            // After the game, how it ended in place of the last move: the
                            // newest line is then the saved file's path, and a small window
                            // has no scoresheet to keep the result in sight (a play-through
                            // at 640x480).
                            if let Some(big) = ended.as_ref().or(moved.as_ref()) {
                                ui.label(RichText::new(big).size(f).strong());
                            }
                            if let Some(last) = lines.last() {
                                let text = RichText::new(last).size(f * 0.85);
                                let resp = ui.add(egui::Label::new(text).wrap());
                                display::live(ui.ctx(), resp.id);
                            }
                        });
                });
        } else if compact {
            // The newest line and the line field stay at every zoom and in a small window:
            // typing a move is never lost with the side panel.
            egui::TopBottomPanel::bottom("newest").show(ctx, |ui| {
                if let Some(ended) = &ended {
                    ui.add(egui::Label::new(RichText::new(ended).size(f).strong()).truncate());
                }
                if let Some(last) = lines.last() {
                    let resp = ui.add(egui::Label::new(RichText::new(last).size(f)).truncate());
                    display::live(ui.ctx(), resp.id);
                }
                out.extend(self.line_field(ui, w, false, false));
            });
        } else {
            // A wide window gives the side panel what the board, a square as high as the
            // window, leaves of the width (at 1920x1080 a gap of 330 pixels stood between
            // them while the panel's lines wrapped).
            let side_width = match wide {
                true => (screen.width() - (screen.height() - f * 2.0)).max(screen.width() * 0.3),
                false => screen.width() * 0.4,
            };
            // A fixed share of the window, not resizable: egui keeps a side panel as wide as
            // its contents were in the last frame, so a label a little too long for it (the
            // Send button in Russian or Armenian) widened it on every redraw until the board
            // was gone.
            egui::SidePanel::right("side")
                .resizable(false)
                .exact_width(side_width)
                .show(ctx, |ui| {
                    if wide {
                        out.extend(clocks(ui, true));
                    }
                    out.extend(self.side(ui, w, &lines, view.as_ref(), colon));
                });
        }
        egui::CentralPanel::default().show(ctx, |ui| {
            if let (Some((view, _)), Some(pack)) = (&view, &pack) {
                let coordinates = match (self.prefs.coordinates, self.prefs.words_coordinates) {
                    (false, _) => None,
                    (true, true) => Some(board::Coordinates::Words(
                        self.appendix_d.as_ref().unwrap_or(pack),
                    )),
                    (true, false) => Some(board::Coordinates::Letters),
                };
                let look = Look {
                    theme: &self.theme,
                    flipped: flipped(view),
                    coordinates,
                    man_scale: self.prefs.man_scale,
                };
                let (line, rect) = board::show(ui, &mut self.board, view, pack, &look);
                out.extend(line);
                self.tell_geometry(ui.ctx(), rect);
            } else {
                let failure = lock(&self.shared).failure.clone();
                ui.label(RichText::new(failure.unwrap_or_default()).size(f * 1.5));
            }
        });
        if self.display_open {
            let last = lines.last().cloned();
            let theme = self.theme;
            let shared_view = view.clone();
            let pack2 = pack.clone();
            ctx.show_viewport_immediate(
                egui::ViewportId::from_hash_of("vichess-display"),
                egui::ViewportBuilder::default()
                    .with_title(w.text_display)
                    .with_inner_size([900.0, 500.0]),
                |ctx, _| {
                    display::second_window(
                        ctx,
                        shared_view.as_ref(),
                        last.as_deref(),
                        pack2.as_ref(),
                        w,
                        &theme,
                        f,
                    );
                    if ctx.input(|i| i.viewport().close_requested()) {
                        self.display_open = false;
                    }
                },
            );
        }
        for line in out {
            self.send(&line);
        }
        self.hooks(ctx, handled, &lines);
        // A running clock is redrawn when its digits change, not at every frame.
        if let Some((v, at)) = view.as_ref() {
            if let Some(side) = v.clocks.as_ref().and_then(|c| c.running) {
                if let Some(wait) = panel::time_now(v, *at, side).and_then(access::digits_change_in)
                {
                    ctx.request_repaint_after(wait);
                }
            }
        }
    }
}
