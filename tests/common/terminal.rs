//! `vichess play` on a real pseudo-terminal (its standard input and output), and a small
//! screen model that plays what it writes: for the tests of what a player at a terminal sees
//! and types (tests/console_editor.rs, tests/listen_live.rs).
#![allow(dead_code)]

use serialport::{SerialPort, TTYPort};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Kills vichess if the test fails before it ends, so no process waits on the pty.
pub struct Running(pub std::process::Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn stty(path: &str, args: &[&str]) -> String {
    let tty = std::fs::File::open(path).expect("open the pty");
    let out = Command::new("stty")
        .args(args)
        .stdin(tty)
        .output()
        .expect("stty runs");
    assert!(out.status.success(), "stty {args:?} failed");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The rows a terminal would show for `bytes`: text, carriage return, line feed, backspace,
/// and the cursor and erase sequences a line editor uses; other sequences change nothing
/// visible and are skipped.
pub fn screen(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut rows: Vec<Vec<char>> = vec![Vec::new()];
    let (mut row, mut col) = (0usize, 0usize);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        while rows.len() <= row {
            rows.push(Vec::new());
        }
        match c {
            '\r' => col = 0,
            '\n' => row += 1,
            '\u{8}' => col = col.saturating_sub(1),
            '\u{1b}' => match chars.next() {
                Some('[') => {
                    let mut params = String::new();
                    let mut last = ' ';
                    for c in chars.by_ref() {
                        if ('\u{40}'..='\u{7e}').contains(&c) {
                            last = c;
                            break;
                        }
                        params.push(c);
                    }
                    let n = params.parse::<usize>().ok();
                    let line = &mut rows[row];
                    match last {
                        'K' => match n.unwrap_or(0) {
                            0 => line.truncate(col),
                            1 => line.iter_mut().take(col + 1).for_each(|c| *c = ' '),
                            _ => line.clear(),
                        },
                        'J' if n.unwrap_or(0) == 0 => {
                            line.truncate(col);
                            rows.truncate(row + 1);
                        }
                        'C' => col += n.unwrap_or(1),
                        'D' => col = col.saturating_sub(n.unwrap_or(1)),
                        'A' => row = row.saturating_sub(n.unwrap_or(1)),
                        'B' => row += n.unwrap_or(1),
                        'G' => col = n.unwrap_or(1).saturating_sub(1),
                        _ => {}
                    }
                }
                Some(']') => {
                    // An operating system command, to BEL or ESC \.
                    while let Some(c) = chars.next() {
                        if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                            break;
                        }
                    }
                }
                _ => {}
            },
            c if c.is_control() => {}
            c => {
                let line = &mut rows[row];
                while line.len() < col {
                    line.push(' ');
                }
                if col < line.len() {
                    line[col] = c;
                } else {
                    line.push(c);
                }
                col += 1;
            }
        }
    }
    rows.into_iter()
        .map(|r| r.into_iter().collect::<String>().trim_end().to_string())
        .collect()
}

/// vichess `play` on a pseudo-terminal (stdin and stdout), its screen read as it grows.
pub struct Terminal {
    pub master: TTYPort,
    pub path: String,
    seen: Arc<Mutex<Vec<u8>>>,
    pub child: Running,
    /// Held open for the test's whole life: when vichess exits and the last slave descriptor
    /// closes, Linux may drop output the reader thread has not yet taken (seen on a loaded CI
    /// machine as a missing last line), so the test keeps one open itself.
    _slave: TTYPort,
    stop: Arc<std::sync::atomic::AtomicBool>,
    _home: tempfile::TempDir,
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Terminal {
    pub fn start(args: &[&str]) -> (Terminal, String) {
        Terminal::start_with(args, &[])
    }

    /// [`Terminal::start`] with these variables set in vichess's environment.
    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> (Terminal, String) {
        let (master, slave) = TTYPort::pair().expect("a pseudo-terminal");
        let path = slave.name().expect("the pty's path");
        // A terminal as a shell leaves it: lines, echo and signals.
        stty(&path, &["sane"]);
        let before = stty(&path, &["-g"]);
        let home = tempfile::tempdir().unwrap();
        let open = || {
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(&path)
                .unwrap()
        };
        let child = Command::new(env!("CARGO_BIN_EXE_vichess"))
            .arg("play")
            .args(args)
            .arg("--game-dir")
            .arg(home.path().join("games"))
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("LANG", "C.UTF-8")
            .env_remove("LC_ALL")
            .env_remove("LC_CTYPE")
            .env("TERM", "xterm")
            .envs(env.iter().copied())
            .stdin(open())
            .stdout(open())
            .stderr(Stdio::piped())
            .spawn()
            .expect("vichess runs");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone_native().unwrap();
        reader.set_timeout(Duration::from_millis(50)).unwrap();
        let sink = seen.clone();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
                match reader.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => sink.lock().unwrap().extend_from_slice(&buf[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                    Err(_) => break,
                }
            }
        });
        let t = Terminal {
            master,
            path,
            seen,
            child: Running(child),
            _slave: slave,
            stop,
            _home: home,
        };
        (t, before)
    }

    /// The private home vichess runs in (its games under `games`).
    pub fn home(&self) -> &std::path::Path {
        self._home.path()
    }

    pub fn rows(&self) -> Vec<String> {
        screen(&self.seen.lock().unwrap())
    }

    /// Waits (30 s at most: a hang guard, not a speed test; a busy machine can take seconds)
    /// until a row satisfies `what`.
    pub fn wait_for(&self, why: &str, what: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.rows().iter().any(|r| what(r)) {
            assert!(Instant::now() < deadline, "no {why}: {:?}", self.rows());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits (30 s at most, a hang guard) until the line editor has the terminal in raw mode.
    pub fn wait_until_raw(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !stty(&self.path, &["-a"])
            .split_whitespace()
            .any(|flag| flag == "-isig")
        {
            assert!(
                Instant::now() < deadline,
                "the editor never took the terminal"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `text` a key at a time, as a person does.
    pub fn type_slowly(&mut self, text: &str) {
        for c in text.chars() {
            let mut b = [0u8; 4];
            self.master
                .write_all(c.encode_utf8(&mut b).as_bytes())
                .unwrap();
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// Waits (30 s at most, a hang guard) for vichess to end.
    pub fn wait_end(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.0.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "vichess did not end");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
