//! A game against an engine through `vichess play` on standard input, for the engine tests:
//! a private home, the child with its lines, typed lines, the journal's moves, a clean quit;
//! Stockfish (Debian's, installed by scripts/setup) or the misbehaving engine written for the
//! tests (tests/engines/fake_uci.py).
//!
//! A test file includes it beside `common/play.rs`, which spawns the child:
//! `#[path = "common/play.rs"] mod common_play;` and
//! `#[path = "common/engine_game.rs"] mod engine_game;`.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};
use vichess::rules::notation::uci;
use vichess::rules::Position;

/// Every line `vichess play` printed until `what` matched one (or ten seconds passed).
pub fn until(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    what: impl Fn(&str) -> bool,
) -> bool {
    let end = Instant::now() + Duration::from_secs(10);
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(l) => {
                let hit = what(&l);
                seen.push(l);
                if hit {
                    return true;
                }
            }
            Err(_) => return false,
        }
    }
    false
}

/// The game's journal in `dir` (the file whose first line names the format).
pub fn journal(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            std::fs::read_to_string(p).is_ok_and(|t| {
                t.lines()
                    .next()
                    .is_some_and(|l| l.contains("vichess-journal"))
            })
        })
}

/// The journal's records (without sequence numbers and checksums).
pub fn records(dir: &Path) -> Vec<String> {
    let Some(path) = journal(dir) else {
        return Vec::new();
    };
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .skip(1)
        .filter_map(|l| l.splitn(3, ' ').nth(2).map(str::to_string))
        .collect()
}

/// The moves journaled so far, in UCI.
pub fn moves(dir: &Path) -> Vec<String> {
    records(dir)
        .iter()
        .filter_map(|r| {
            let w: Vec<&str> = r.split(' ').collect();
            (w.first() == Some(&"move")).then(|| w[2].to_string())
        })
        .collect()
}

/// Waits (ten seconds at most) until `n` moves are journaled.
pub fn wait_moves(dir: &Path, n: usize) -> Vec<String> {
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        let m = moves(dir);
        if m.len() >= n || Instant::now() > end {
            return m;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

pub fn fake_engine(home: &Path, mode: &str, arg: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/fake_uci.py");
    let wrapper = home.join(format!("fake-{mode}"));
    let python = if Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    };
    let text = format!(
        "#!/bin/sh\nexec {python} {} {mode} {arg}\n",
        script.display()
    );
    std::fs::write(&wrapper, text).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper.display().to_string()
}

pub fn stockfish() -> String {
    let found = vichess::host::find_program("stockfish");
    let path = found.expect("stockfish is installed (scripts/setup installs Debian's package)");
    path.display().to_string()
}

pub struct Game {
    pub child: std::process::Child,
    pub stdin: std::process::ChildStdin,
    pub lines: Receiver<String>,
    /// Every line printed so far.
    pub seen: Vec<String>,
    /// The game folder.
    pub dir: PathBuf,
    /// The fake engine's program and its folder for what it remembers ([`Game::fake`]).
    pub engine: String,
    pub state: PathBuf,
    pub _home: tempfile::TempDir,
}

impl Game {
    pub fn start(engine: &str, extra: &[&str]) -> Game {
        let home = tempfile::tempdir().unwrap();
        Game::start_in(home, engine, extra)
    }

    pub fn start_in(home: tempfile::TempDir, engine: &str, extra: &[&str]) -> Game {
        let dir = home.path().join("games");
        let mut args = vec!["--no-audio", "--game-dir", dir.to_str().unwrap()];
        if !engine.is_empty() {
            args.extend(["--engine", engine, "--think", "20"]);
        }
        args.extend_from_slice(extra);
        if !extra.contains(&"--lang") {
            args.extend(["--lang", "en"]);
        }
        if !extra.contains(&"--control") {
            args.extend(["--control", "none"]);
        }
        let (child, stdin, lines) = super::common_play::spawn_play(home.path(), &args);
        Game {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            dir,
            engine: engine.to_string(),
            state: PathBuf::new(),
            _home: home,
        }
    }

    /// A game against the fake engine misbehaving as `mode` says, with `extra` arguments:
    /// its folder for what it remembers is `state`, in the game's private home.
    pub fn fake(mode: &str, extra: &[&str]) -> Game {
        Game::fake_with(mode, None, extra)
    }

    /// [`Game::fake`] with the engine's second argument given (`crash-after`'s count)
    /// instead of its folder.
    pub fn fake_with(mode: &str, arg: Option<&str>, extra: &[&str]) -> Game {
        let home = tempfile::tempdir().unwrap();
        let state = home.path().join("state");
        std::fs::create_dir(&state).unwrap();
        let arg = arg.map_or_else(|| state.display().to_string(), str::to_string);
        let engine = fake_engine(home.path(), mode, &arg);
        let mut g = Game::start_in(home, &engine, extra);
        g.state = state;
        g
    }

    pub fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn expect(&mut self, what: impl Fn(&str) -> bool, label: &str) {
        assert!(
            until(&self.lines, &mut self.seen, what),
            "no line {label}: {:#?}",
            self.seen
        );
    }

    pub fn quit(mut self) -> (Vec<String>, Vec<String>, String) {
        self.type_line("quit");
        let end = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!("vichess did not leave on quit: {:#?}", self.seen);
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        assert!(status.success(), "{:#?}", self.seen);
        super::common_play::rest_of(&self.lines, &mut self.seen);
        let pgn = std::fs::read_dir(&self.dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "pgn"))
            .map(|p| std::fs::read_to_string(p).unwrap())
            .unwrap_or_default();
        (self.seen, records(&self.dir), pgn)
    }
}

/// Plays `rounds` of the player's moves (the first legal move in the game's position, the
/// engine's replies read from the journal) as White against the engine.
pub fn play_white(g: &mut Game, rounds: usize, press: bool) -> Position {
    let mut pos = Position::new();
    for round in 0..rounds {
        if !pos.has_legal_move() {
            break;
        }
        let m = pos.legal_moves()[0];
        g.type_line(&uci(&pos, &m));
        if press {
            g.type_line("press");
        }
        pos = pos.play(&m).unwrap();
        let journaled = wait_moves(&g.dir, 2 * round + 2);
        if !pos.has_legal_move() {
            break;
        }
        let reply = journaled.get(2 * round + 1).unwrap_or_else(|| {
            panic!("no reply to move {}: {:#?}", round + 1, g.seen);
        });
        let r = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(&pos, m) == *reply)
            .expect("the engine's journaled move is legal");
        pos = pos.play(&r).unwrap();
    }
    pos
}

/// The moves of journal records, in UCI.
pub fn moves_of(records: &[String]) -> Vec<String> {
    records
        .iter()
        .filter_map(|r| r.strip_prefix("move "))
        .map(|r| r.split(' ').nth(1).unwrap().to_string())
        .collect()
}

/// Whether the journal's `records` have the engine's yes to a take-back (it plays Black).
pub fn engine_took_back(records: &[String]) -> bool {
    records
        .iter()
        .any(|r| r.starts_with("takeback-answer ") && r.ends_with("black accept"))
}
