//! `vichess play` with emulated boards behind real pseudo-terminals: the test is the boards
//! and the players' hands, vichess reads them through its serial link, tracker and session.
//! One harness for the pty board tests (a private home, the child, the boards served while
//! its lines are collected, typed lines, a clean quit).
//!
//! A test file includes it beside `common/play.rs`, which spawns the child:
//! `#[path = "common/play.rs"] mod play;` and `#[path = "common/board_game.rs"] mod board_game;`.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};
use vichess::board::sim::pty::{PtyBoard, PtyChessnut};
use vichess::board::sim::Action;

/// How long a line vichess should say may take to come, on a busy machine.
const PATIENCE: Duration = Duration::from_secs(15);

include!("temp_home.rs");

/// Writes `text` as the configuration file `vichess play` reads under `home`.
pub fn write_config(home: &Path, text: &str) {
    let dir = home.join("config").join("vichess");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), text).unwrap();
}

/// `--board PROTOCOL:PATH` for an emulated board.
pub fn board_arg(board: &PtyBoard) -> String {
    format!("{}:{}", board.emulator.protocol().name(), board.path())
}

/// A running `vichess play` and the boards it reads.
pub struct Game {
    pub child: Child,
    pub stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line vichess printed so far.
    pub seen: Vec<String>,
    /// Lines before this one were matched by an earlier [`Game::expect`].
    cursor: usize,
    /// The VI player's board, when emulated.
    pub board: Option<PtyBoard>,
    /// The sighted player's board, when there are two.
    pub second: Option<PtyBoard>,
    /// The VI player's board when it is an emulated Chessnut (a HID board, not a serial one).
    pub chessnut: Option<PtyChessnut>,
}

impl Game {
    /// `vichess play` as White, 15+10, no audio, its games under `home/games`, with `args`
    /// after those (the boards, `--auto-press`, `--fen`, ...).
    pub fn start(
        home: &Path,
        args: &[&str],
        board: Option<PtyBoard>,
        second: Option<PtyBoard>,
    ) -> Game {
        let games = home.join("games");
        let mut all = vec![
            "--no-audio",
            "--side",
            "white",
            "--control",
            "15+10",
            "--game-dir",
            games.to_str().unwrap(),
        ];
        all.extend_from_slice(args);
        let (child, stdin, lines) = super::play::spawn_play(home, &all);
        Game {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            cursor: 0,
            board,
            second,
            chessnut: None,
        }
    }

    /// `start` with one emulated board, given as `--board`, and `args` after it.
    pub fn on_board(home: &Path, board: PtyBoard, args: &[&str]) -> Game {
        let arg = board_arg(&board);
        let mut all = vec!["--board", arg.as_str()];
        all.extend_from_slice(args);
        Game::start(home, &all, Some(board), None)
    }

    /// `start` with an emulated Chessnut as `--board chessnut:PATH`, and `args` after it.
    pub fn on_chessnut(home: &Path, board: PtyChessnut, args: &[&str]) -> Game {
        let arg = format!("chessnut:{}", board.path());
        let mut all = vec!["--board", arg.as_str()];
        all.extend_from_slice(args);
        let mut g = Game::start(home, &all, None, None);
        g.chessnut = Some(board);
        g
    }

    /// Serves the boards (handshake, watchdog, streamed readings) for `d`, collecting lines.
    pub fn serve(&mut self, d: Duration) {
        let until = Instant::now() + d;
        loop {
            if let Some(b) = &mut self.board {
                b.serve().expect("the pty serves");
            }
            if let Some(b) = &mut self.second {
                b.serve().expect("the second pty serves");
            }
            if let Some(b) = &mut self.chessnut {
                b.serve().expect("the Chessnut's pty serves");
            }
            self.seen.extend(self.lines.try_iter());
            if Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Serves the boards until `done`; fails with everything vichess said if it never is.
    pub fn until(&mut self, label: &str, done: impl Fn(&Game) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(self) {
            assert!(
                Instant::now() < deadline,
                "no {label}; vichess said:\n{}",
                self.seen.join("\n")
            );
            self.serve(Duration::from_millis(20));
        }
    }

    /// Waits until vichess has said exactly `line`, at any time.
    pub fn said(&mut self, line: &str) {
        let line = line.to_owned();
        self.until(&line.clone(), move |g| g.seen.contains(&line));
    }

    /// Waits until a line after the last one expected satisfies `what`.
    pub fn expect(&mut self, what: impl Fn(&str) -> bool, label: &str) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(i) = self.seen[self.cursor..].iter().position(|l| what(l)) {
                self.cursor += i + 1;
                return;
            }
            assert!(
                Instant::now() < deadline,
                "no {label} from vichess; it said:\n{}",
                self.seen.join("\n")
            );
            self.serve(Duration::from_millis(20));
        }
    }

    /// The line the last [`Game::expect`] found.
    pub fn last_expected(&self) -> &str {
        self.cursor
            .checked_sub(1)
            .map_or("", |i| self.seen[i].as_str())
    }

    /// Waits for the board's connection line (it names the board's port, in any language),
    /// then serves it until it has been read.
    pub fn connected(&mut self) {
        let path = match (&self.board, &self.chessnut) {
            (Some(b), _) => b.path(),
            (None, Some(b)) => b.path(),
            (None, None) => panic!("a board"),
        };
        let port = format!("({path})");
        self.until("connection", move |g| {
            g.seen.iter().any(|l| l.contains(&port))
        });
        self.serve(Duration::from_millis(1200));
    }

    /// A hand action on the VI player's board, then `pause_ms` of serving.
    pub fn hand_for(&mut self, action: Action, pause_ms: u64) {
        match (&mut self.board, &mut self.chessnut) {
            (Some(b), _) => b.act(action),
            (None, Some(b)) => b.act(action),
            (None, None) => panic!("a board"),
        }
        .expect("the pty takes the bytes");
        self.serve(Duration::from_millis(pause_ms));
    }

    /// A hand action on the VI player's board, then a human pause.
    pub fn hand(&mut self, action: Action) {
        self.hand_for(action, 150);
    }

    /// A hand action on the sighted player's board, then a human pause.
    pub fn hand2(&mut self, action: Action) {
        self.second
            .as_mut()
            .expect("a second board")
            .act(action)
            .expect("the pty takes the bytes");
        self.serve(Duration::from_millis(150));
    }

    /// Types a line, as the player or the assistant at the keyboard.
    pub fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Types `quit`, waits for vichess to end successfully, and returns all it said.
    pub fn quit(mut self) -> Vec<String> {
        self.type_line("quit");
        let deadline = Instant::now() + PATIENCE;
        loop {
            self.serve(Duration::from_millis(20));
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(
                    status.success(),
                    "vichess failed:\n{}",
                    self.seen.join("\n")
                );
                break;
            }
            assert!(Instant::now() < deadline, "vichess did not quit");
        }
        super::play::rest_of(&self.lines, &mut self.seen);
        self.seen
    }
}
