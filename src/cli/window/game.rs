//! The host thread: opens the game (the host is not `Send`, so it lives where it is made),
//! forwards every printed line to the window, and publishes the [`View`] after each turn.
//! The window only ever sends lines, as a person would type them.

use eframe::egui;
use std::io::Write;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use vichess::host::{Arrival, GameSettings, Host, Turn, View};
use vichess::voice::Pack;

/// What the host thread tells the window, read at every frame.
#[derive(Default)]
pub struct Shared {
    /// The game as it stood after the last turn, and when that was read (the running clock
    /// is counted on from there between turns).
    pub view: Option<(View, Instant)>,
    /// The game's words (its voice pack), once the game is open.
    pub pack: Option<Pack>,
    /// Every printed line so far, in order.
    pub lines: Vec<String>,
    /// Typed lines the host has handled.
    pub handled: usize,
    /// The program's exit status once the game has ended.
    pub ended: Option<u8>,
    /// Why the game could not start or had to stop, in its words.
    pub failure: Option<String>,
    /// Where the window sends its lines.
    pub inputs: Option<Sender<Arrival>>,
    /// Where the game's PGN is saved (beside its journal), made absolute: Save writes
    /// there and says the whole path.
    pub pgn_path: Option<std::path::PathBuf>,
}

/// The shared state, locked briefly by both sides.
pub type SharedGame = Arc<Mutex<Shared>>;

/// Locks `shared`, even after a panic elsewhere (the lines must still be shown).
pub fn lock(shared: &SharedGame) -> std::sync::MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// The window's context, once the window is open: the game is opened first (a game that
/// cannot start opens no window), so its thread asks for redraws through this slot.
#[derive(Clone, Default)]
pub struct Repaint(Arc<Mutex<Option<egui::Context>>>);

impl Repaint {
    /// The window is open: redraws go to it from now on.
    pub fn set(&self, ctx: egui::Context) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(ctx);
    }

    /// Asks the window to draw again (nothing before it is open).
    pub fn request_repaint(&self) {
        if let Some(ctx) = &*self.0.lock().unwrap_or_else(|e| e.into_inner()) {
            ctx.request_repaint();
        }
    }
}

/// The host's screen: each whole line goes to the window (and to standard output, so a
/// terminal, a log or a test sees the same transcript `play` prints).
struct LineSink {
    partial: Vec<u8>,
    shared: SharedGame,
    repaint: Repaint,
}

impl Write for LineSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line[..end]).into_owned();
            println!("{text}");
            lock(&self.shared).lines.push(text);
            self.repaint.request_repaint();
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stdout().flush()
    }
}

/// Starts the game in its own thread; `script` is typed first, `paced` after it one line
/// every `pace` (the demo). Returns once the game is open, or with the reason it cannot
/// start (already said aloud unless quiet).
pub fn start(
    settings: GameSettings,
    script: Vec<String>,
    paced: Vec<String>,
    pace: Duration,
    repaint: Repaint,
) -> anyhow::Result<(SharedGame, std::thread::JoinHandle<()>)> {
    let shared = SharedGame::default();
    let inner = shared.clone();
    let (opened, is_open) = std::sync::mpsc::channel::<Result<(), anyhow::Error>>();
    let handle = std::thread::spawn(move || {
        let quiet = settings.no_audio;
        let sink = LineSink {
            partial: Vec::new(),
            shared: inner.clone(),
            repaint: repaint.clone(),
        };
        let mut host = match Host::open(settings, Box::new(sink)) {
            Ok(host) => host,
            Err(stopped) => {
                stopped.say(quiet);
                let _ = opened.send(Err(stopped.error));
                return;
            }
        };
        let _ = opened.send(Ok(()));
        let tx = host.inputs();
        for line in script {
            let _ = tx.send(Arrival::Line(line));
        }
        if !paced.is_empty() {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in paced {
                    std::thread::sleep(pace);
                    if tx.send(Arrival::Line(line)).is_err() {
                        return;
                    }
                }
            });
        }
        {
            let mut s = lock(&inner);
            s.pack = Some(host.pack().clone());
            let pgn = host.pgn_path();
            s.pgn_path = Some(std::path::absolute(pgn).unwrap_or_else(|_| pgn.to_path_buf()));
            s.inputs = Some(tx);
            s.view = Some((host.view(), Instant::now()));
        }
        repaint.request_repaint();
        loop {
            let turn = host.turn();
            let mut s = lock(&inner);
            s.view = Some((host.view(), Instant::now()));
            match turn {
                Ok(Turn::Going { line }) => s.handled += usize::from(line),
                Ok(Turn::Ended { status }) => {
                    s.ended = Some(status);
                    break;
                }
                Err(e) => {
                    let stopped = host.stopped(e);
                    stopped.say(quiet);
                    s.failure = Some(stopped.line());
                    s.ended = Some(2);
                    break;
                }
            }
            drop(s);
            repaint.request_repaint();
        }
        repaint.request_repaint();
    });
    match is_open.recv() {
        Ok(Ok(())) => Ok((shared, handle)),
        Ok(Err(e)) => {
            let _ = handle.join();
            Err(e)
        }
        Err(_) => {
            let _ = handle.join();
            Err(anyhow::anyhow!(
                "the game's thread stopped before the game opened"
            ))
        }
    }
}
