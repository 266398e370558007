//! Running `vichess play` as a child process, the way a console or a script drives it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};

/// `vichess play ARGS` with a private home (config and data folders inside `home`), so no
/// user configuration leaks in, and its output lines delivered through a channel so a test
/// can wait for a line with a timeout.
pub fn spawn_play(home: &Path, args: &[&str]) -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("play")
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        // The machine's locale must not choose the game's language (issue 24, item 8).
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("vichess runs");
    let stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, stdin, lines)
}

/// `vichess ARGS` with a private home, `stdin` piped in whole, and its output once it exits.
/// Every line `spawn_play`'s child printed that `seen` does not have yet, once the child has
/// left: the reader may not have read its last lines when the exit is seen (on a busy
/// machine the leaving line was missing). The reader drops its end of the channel at end
/// of file; the timeout is only a hang guard.
pub fn rest_of(lines: &Receiver<String>, seen: &mut Vec<String>) {
    while let Ok(line) = lines.recv_timeout(std::time::Duration::from_secs(10)) {
        seen.push(line);
    }
}

pub fn run_piped(home: &Path, args: &[&str], stdin: &[u8]) -> std::process::Output {
    run_piped_in(home, args, stdin, &[])
}

/// [`run_piped`] with variables set after the private home's (a locale to choose the
/// language by: `("LANG", "ru_RU.UTF-8")`).
pub fn run_piped_in(
    home: &Path,
    args: &[&str],
    stdin: &[u8],
    env: &[(&str, &str)],
) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        // The machine's locale must not choose the game's language (issue 24, item 8).
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vichess runs");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(stdin)
        .expect("stdin written");
    child.wait_with_output().expect("vichess ends")
}

/// The lines of a successful run's standard output; a failed run fails the test with its
/// standard error.
pub fn lines_of(out: &std::process::Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "vichess failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone())
        .expect("vichess prints UTF-8 only")
        .lines()
        .map(str::to_owned)
        .collect()
}
