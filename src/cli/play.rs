//! `vichess play`: a game at the console. Lines from standard input (a terminal, a screen
//! reader's console or a pipe) go to the session, a tick every 100 ms drives the clock, and
//! every effect is carried out in order: journal lines appended and fsync'd first, then the
//! printed lines (plain text, no colour codes). The wall clock is read only here.

use super::StartArgs;
use anyhow::{anyhow, bail, Context};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use vichess::journal::{self, Journal};
use vichess::rules::clock::TimeControl;
use vichess::session::{configured_pack, Command, Effect, Event, Session, SessionConfig};

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    start: StartArgs,
    /// A configuration file on top of the defaults and the user's file.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The VI player's board: none, sim, or PROTOCOL:PATH (only none for now).
    #[arg(long, default_value = "none")]
    board: String,
    /// The sighted player's board, PROTOCOL:PATH (D.2.9).
    #[arg(long)]
    second_board: Option<String>,
    /// The time control (90+30, 40/120:30, G/60;d5, 5400+30); "none" for no clock.
    #[arg(long)]
    control: Option<String>,
    /// The voice pack for announcements (default: the configuration's, de-fide).
    #[arg(long)]
    voice: Option<String>,
    /// Print only; no sound.
    #[arg(long)]
    no_audio: bool,
    /// Where the game's journal and PGN are kept (default: the per-user data directory).
    #[arg(long)]
    game_dir: Option<PathBuf>,
    /// Continue the newest game in the game folder from its journal.
    #[arg(long)]
    resume: bool,
    /// vichess presses the clock itself this many milliseconds after announcing a move (0:
    /// at once); without it, `press` completes a move, and `correct` works until then.
    #[arg(long)]
    auto_press: Option<u64>,
}

/// Milliseconds since the Unix epoch: session time must survive a restart (Downtime::Running).
fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// "2026-11-21T11-05-09" in UTC, for the journal's file name.
fn stamp(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}-{:02}-{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

fn newest_journal(dir: &Path) -> anyhow::Result<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the game folder {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .collect();
    found.sort();
    found
        .pop()
        .ok_or_else(|| anyhow!("there is no game to resume in {}", dir.display()))
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    // S4 replaces these two checks with the board wiring.
    if args.board != "none" {
        bail!("--board {}: boards are not connected to vichess play yet; use --board none and type the moves", args.board);
    }
    if let Some(b) = &args.second_board {
        bail!("--second-board {b}: boards are not connected to vichess play yet");
    }
    let config = vichess::config::load(args.config.as_deref()).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        anyhow!("the configuration cannot be used:\n{}", lines.join("\n"))
    })?;
    // S4: with audio, Say effects go to the routed devices; until then everything is printed.
    let _audio = !args.no_audio;
    let mut settings = SessionConfig::from_config(&config);
    settings.press_after_ms = args.auto_press;
    let pack = configured_pack(&config, args.voice.as_deref())?;
    let dir = match &args.game_dir {
        Some(d) => d.clone(),
        None if !config.game.games_dir.is_empty() => PathBuf::from(&config.game.games_dir),
        None => journal::games_dir().ok_or_else(|| {
            anyhow!("no game folder: give --game-dir (neither XDG_DATA_HOME nor HOME is set)")
        })?,
    };
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot make the game folder {}", dir.display()))?;

    let (mut session, mut journal) = if args.resume {
        let path = newest_journal(&dir)?;
        let read = journal::read(&path)?;
        if let Some(torn) = &read.torn {
            println!("{torn}; it is set aside and the game goes on without it");
            journal::repair(&path)?;
        }
        let lines: Vec<String> = read.entries.into_iter().map(|e| e.payload).collect();
        let session = Session::resume(settings, pack, &lines)
            .with_context(|| format!("cannot resume the game in {}", path.display()))?;
        (session, Journal::open_append(&path)?)
    } else {
        let control = match args.control.as_deref() {
            Some("none") | Some("-") => None,
            Some(c) => Some(TimeControl::parse_any(c).map_err(|e| anyhow!("--control: {e}"))?),
            None => Some(config.game.time_control()),
        };
        let started = stamp(now_ms());
        let mut path = dir.join(journal::journal_file_name(&started, "White", "Black"));
        let mut n = 1;
        while path.exists() {
            n += 1;
            path = dir.join(journal::journal_file_name(
                &format!("{started}-{n}"),
                "White",
                "Black",
            ));
        }
        let journal = Journal::create(&path, &started)?;
        (
            Session::new(settings, pack, args.start.position()?, control),
            journal,
        )
    };
    let pgn_path = journal.path().with_extension("pgn");

    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });

    let stdout = std::io::stdout();
    loop {
        let event = match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(line) => Event::Line(line),
            Err(RecvTimeoutError::Timeout) => Event::Tick,
            // End of input: leave as `quit` does; the journal keeps the game for --resume.
            Err(RecvTimeoutError::Disconnected) => Event::Command(Command::Quit),
        };
        let mut quit = false;
        for effect in session.handle(event, now_ms()) {
            let mut out = stdout.lock();
            match effect {
                Effect::Journal(line) => {
                    // Nothing is announced that is not on disk.
                    journal.append(&line).with_context(|| {
                        format!(
                            "the journal {} cannot be written; the game stops here",
                            journal.path().display()
                        )
                    })?;
                }
                Effect::Print(line) => {
                    writeln!(out, "{line}")?;
                    out.flush()?;
                }
                // Audio output is added with the board wiring; every Say is also printed.
                Effect::Say { .. } => {}
                Effect::BoardSync { .. } => {}
                Effect::SavePgn { path, pgn } => {
                    let target = path.map_or_else(|| pgn_path.clone(), PathBuf::from);
                    match std::fs::write(&target, pgn) {
                        Ok(()) => writeln!(out, "saved {}", target.display())?,
                        Err(e) => writeln!(out, "cannot save {}: {e}", target.display())?,
                    }
                    out.flush()?;
                }
                Effect::Quit => quit = true,
            }
        }
        if quit {
            return Ok(ExitCode::SUCCESS);
        }
    }
}
