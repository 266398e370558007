//! `vichess board sim` (a simulated board on a pseudo-terminal) and `vichess board monitor`
//! (connect to a board and print one line per event).
//!
//! The simulator needs a pseudo-terminal, which only Unix systems have; elsewhere `board sim`
//! says so, and what only it uses is left unused.
#![cfg_attr(not(unix), allow(unused_imports, dead_code))]

use super::StartArgs;
use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use vichess::board::codec::Protocol;
use vichess::board::link::LinkEvent;
#[cfg(unix)]
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{actions, touch, Emulator, Hands};
use vichess::board::tracker::{Config, RookFirst, TrackerEvent};
use vichess::host::boards::{BoardSpec, Connected, Heard};
use vichess::rules::notation::{parse_move, san};
use vichess::rules::{Position, Square};
use vichess::session::{language_pack, promotion_letters, promotion_piece};

#[derive(Subcommand, Debug)]
pub enum BoardCommand {
    /// Pretend to be a board on a pseudo-terminal: prints its path, then plays the moves typed
    /// on standard input (or a PGN file) as a person's hands would, lift by lift.
    Sim(SimArgs),
    /// Connect to a board and print one line per event: moves, touches, mismatches, connection
    /// changes and clock readings. Runs until interrupted.
    Monitor(MonitorArgs),
}

#[derive(Args, Debug)]
pub struct SimArgs {
    /// dgt, chesslink, pegboard or certabo.
    #[arg(long)]
    protocol: Protocol,
    #[command(flatten)]
    start: StartArgs,
    /// Play this PGN file's first game instead of reading moves from standard input.
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// Also make this symlink to the pseudo-terminal (a stable name, like a udev rule's).
    #[arg(long)]
    link: Option<PathBuf>,
    /// Pegboard only: the sensors tell white from black.
    #[arg(long)]
    colour: bool,
    /// Slides and bouncing contacts now and then.
    #[arg(long)]
    noise: bool,
    /// Seed for the hands' choices (capture order, castling order, noise).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds to wait before each move.
    #[arg(long, default_value_t = 1000)]
    move_pause: u64,
    /// Stop this many seconds after the last move (default: run until interrupted).
    #[arg(long)]
    linger: Option<f64>,
}

#[derive(Args, Debug)]
pub struct MonitorArgs {
    /// PROTOCOL:PATH, e.g. dgt:/dev/ttyUSB0, chesslink:/dev/ttyACM0, pegboard:/dev/ttyUSB1,
    /// chessnut:/dev/hidraw0; PROTOCOL alone (or PROTOCOL:auto) looks for the board among the
    /// USB devices. The same as `play --board`, and read the same way.
    #[arg(long)]
    board: BoardSpec,
    #[command(flatten)]
    start: StartArgs,
    /// Accept castling done rook first (casual play; the touch-move breach is still reported).
    #[arg(long)]
    lenient_castling: bool,
    /// Stop after this many seconds (default: run until interrupted).
    #[arg(long)]
    seconds: Option<f64>,
    /// The language of the promotion letters typed in answer (de: D, T, L, S; en: q, r, b,
    /// n; ...), as in `play`; without it, the configuration's `[game] language`.
    #[arg(long)]
    lang: Option<vichess::phrase::Language>,
}

pub fn run(cmd: BoardCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        BoardCommand::Sim(args) => sim(args),
        BoardCommand::Monitor(args) => monitor(args),
    }
}

/// Lines typed on standard input, read by a thread so the board keeps being served.
fn stdin_lines() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

#[cfg(not(unix))]
fn sim(_args: SimArgs) -> anyhow::Result<ExitCode> {
    bail!("vichess board sim needs a pseudo-terminal, which this system does not have; it runs on Linux and macOS")
}

#[cfg(unix)]
fn sim(args: SimArgs) -> anyhow::Result<ExitCode> {
    // A PGN file brings its own start position (its FEN tag) and moves.
    let (start, moves_from_pgn, typed) = match &args.pgn {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let game = match vichess::pgn::read_game(&text) {
                Some(Ok(g)) => g,
                Some(Err(e)) => bail!("{}: {e}", path.display()),
                None => bail!("{} holds no game", path.display()),
            };
            let moves: Vec<String> = {
                let mut pos = game.start.clone();
                game.moves()
                    .map(|m| {
                        let s = san(&pos, m);
                        pos = pos.play(m).expect("PGN moves are legal when read");
                        s
                    })
                    .collect()
            };
            (game.start.clone(), moves, None)
        }
        None => (args.start.position(None)?, Vec::new(), Some(stdin_lines())),
    };
    let emulator = Emulator::new(args.protocol, *start.board()).with_colour(args.colour);
    let mut board = PtyBoard::new(emulator).context("cannot make a pseudo-terminal")?;
    if let Some(link) = &args.link {
        let _ = std::fs::remove_file(link);
        std::os::unix::fs::symlink(board.path(), link)
            .with_context(|| format!("cannot make the symlink {}", link.display()))?;
    }
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    writeln!(out, "{} board simulator on {}", args.protocol, board.path())?;
    out.flush()?;

    let mut queue: std::collections::VecDeque<String> = moves_from_pgn.into();
    let mut pos = start;
    let mut hands = Hands::new(args.seed, args.noise);
    let mut last_move = Instant::now();
    let mut input_done = typed.is_none();
    loop {
        board.serve()?;
        if let Some(rx) = &typed {
            match rx.try_recv() {
                Ok(line) => queue.extend(line.split_whitespace().map(str::to_owned)),
                Err(mpsc::TryRecvError::Disconnected) => input_done = true,
                Err(mpsc::TryRecvError::Empty) => {}
            }
        }
        if let Some(linger) = args.linger {
            if input_done && queue.is_empty() && last_move.elapsed().as_secs_f64() >= linger {
                return Ok(ExitCode::SUCCESS);
            }
        }
        if last_move.elapsed() < Duration::from_millis(args.move_pause) {
            continue;
        }
        let Some(word) = queue.pop_front() else {
            continue;
        };
        // Move numbers, results and "touch e2" are allowed in the typed stream.
        if word.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word.as_str()) {
            continue;
        }
        if word == "touch" {
            if let Some(sq) = queue.pop_front().and_then(|s| s.parse::<Square>().ok()) {
                for a in touch(board.emulator.board(), sq) {
                    board.act(a)?;
                    board.serve_for(Duration::from_millis(hands.pause_ms()))?;
                }
                writeln!(out, "touched {sq}")?;
            }
            continue;
        }
        match parse_move(&pos, &word) {
            Ok(m) => {
                for a in actions(&pos, &m, hands.style()) {
                    board.act(a)?;
                    board.serve_for(Duration::from_millis(hands.pause_ms()))?;
                }
                writeln!(out, "played {}", san(&pos, &m))?;
                pos = pos.play(&m).expect("parsed moves are legal");
            }
            Err(e) => writeln!(out, "cannot play {word:?}: {e}")?,
        }
        out.flush()?;
        last_move = Instant::now();
    }
}

/// Turns tracker events into lines, keeping the positions needed to write SAN.
struct Printer {
    /// Positions before each move made, for SAN and take-backs.
    before: Vec<Position>,
    now: Position,
    /// The game's language, whose letters answer a promotion question.
    pack: vichess::voice::Pack,
}

impl Printer {
    fn lines(&mut self, e: &TrackerEvent) -> Vec<String> {
        match e {
            TrackerEvent::Rotated => vec!["board: turned round; reading it the other way".into()],
            TrackerEvent::Touched { square, .. } => vec![format!("touched: {square}")],
            // Only a board with an owner reports it; the monitor's has none.
            TrackerEvent::InHand { .. } => Vec::new(),
            TrackerEvent::Adjusting { square } => vec![format!("put back: {square}")],
            TrackerEvent::MoveMade { mv } => {
                let line = format!("move: {}", san(&self.now, mv));
                let next = self.now.play(mv).expect("the tracker makes legal moves");
                self.before.push(std::mem::replace(&mut self.now, next));
                vec![line]
            }
            TrackerEvent::TouchMoveBreach { played, .. } => {
                let pos = self.before.last().unwrap_or(&self.now);
                vec![format!(
                    "touch-move: {} was not the man touched first (Art. 4.3)",
                    san(pos, played)
                )]
            }
            TrackerEvent::PromotionAsked { from, to } => {
                let letters = promotion_letters(&self.pack, self.now.turn());
                vec![format!(
                    "promotion: {from} to {to}; type {} or {} and Enter",
                    letters[..3].join(", "),
                    letters[3]
                )]
            }
            TrackerEvent::MoveAmbiguous { candidates } => vec![format!(
                "ambiguous: the board shows {}; type the move meant and Enter",
                candidates
                    .iter()
                    .map(|m| san(&self.now, m))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )],
            TrackerEvent::TakeBack { undone } => {
                let before = self.before.pop().unwrap_or_else(|| self.now.clone());
                let line = format!("take-back: {}", san(&before, undone));
                self.now = before;
                vec![line]
            }
            TrackerEvent::Mismatch { differences } => vec![format!(
                "mismatch: {}",
                differences
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("; ")
            )],
            TrackerEvent::Guidance { fixes } => match fixes.first() {
                Some(f) => vec![format!("guidance: {f}")],
                None => Vec::new(),
            },
            TrackerEvent::PositionCorrect => vec!["position correct".into()],
            TrackerEvent::CaptureUnseen { candidates } => vec![format!(
                "capture unseen? the board may have missed {}; if it was played, type it and Enter; if not, put the man back",
                candidates
                    .iter()
                    .map(|m| san(&self.now, m))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )],
        }
    }
}

fn monitor(args: MonitorArgs) -> anyhow::Result<ExitCode> {
    let start = args.start.position(args.lang)?;
    let config = Config {
        rook_first: if args.lenient_castling {
            RookFirst::Lenient
        } else {
            RookFirst::Law
        },
        ..Config::default()
    };
    // The board is opened as `play` opens it (the same link, the same tracker settings, a
    // DGT board's moves decided on the dump that confirms each update).
    let (to, events) = mpsc::channel::<Heard>();
    let Some((board, mut tracker)) = Connected::open(
        &args.board,
        vichess::session::BoardRole::Pegboard,
        &start,
        None,
        config,
        &to,
    )?
    else {
        bail!("board monitor needs a board: give --board PROTOCOL:PATH, e.g. dgt:/dev/ttyUSB0");
    };
    let language = super::language_or_configured(args.lang)?;
    let pack = vichess::voice::Pack::builtin(language_pack(language))?;
    let mut printer = Printer {
        before: Vec::new(),
        now: start,
        pack,
    };
    let typed = stdin_lines();
    let began = Instant::now();
    let now = || began.elapsed().as_millis() as u64;
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    loop {
        if let Some(limit) = args.seconds {
            if began.elapsed().as_secs_f64() >= limit {
                break;
            }
        }
        let mut tracked = Vec::new();
        match events.recv_timeout(Duration::from_millis(50)) {
            Ok(Heard { event: ev, .. }) => {
                match &ev {
                    // Sensor traffic is shown through what the tracker makes of it.
                    LinkEvent::Sensor(_) => {}
                    other => writeln!(out, "{other}")?,
                }
                match ev {
                    LinkEvent::Sensor(e) => tracked.extend(tracker.handle(e, now())),
                    LinkEvent::Connected { .. } => tracker.connected(),
                    _ => {}
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => bail!("the board link stopped"),
        }
        while let Ok(line) = typed.try_recv() {
            let text = line.trim();
            // The game's letters, read as `play` reads them.
            let turn = tracker.expected().turn();
            match promotion_piece(&printer.pack, turn, text) {
                Some(r) => tracked.extend(tracker.choose_promotion(r)),
                None => match parse_move(tracker.expected(), text) {
                    Ok(m) => tracked.extend(tracker.choose(&m)),
                    Err(e) => writeln!(out, "cannot use {text:?}: {e}")?,
                },
            }
        }
        tracked.extend(tracker.tick(now()));
        for e in &tracked {
            for line in printer.lines(e) {
                writeln!(out, "{line}")?;
            }
        }
        out.flush()?;
    }
    drop(board);
    Ok(ExitCode::SUCCESS)
}
