//! Issue 11, finding 16: `vichess clock run` in a terminal acts on each key at once (no
//! Enter), gives the terminal back as it found it, and speaks the configuration's language
//! when `--lang` is not given.
#![cfg(feature = "serial")]

#[path = "common/terminal.rs"]
mod terminal;

use serialport::{SerialPort, TTYPort};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use terminal::{stty, Running};

#[test]
fn clock_run_in_a_terminal_acts_on_a_key_without_enter_and_restores_the_terminal() {
    let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal");
    master.set_timeout(Duration::from_millis(50)).unwrap();
    let path = slave.name().expect("the pty's path");
    // A terminal as a shell leaves it: lines, echo and signals.
    stty(&path, &["sane"]);
    let before = stty(&path, &["-g"]);
    let home = tempfile::tempdir().unwrap();
    let stdin = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["clock", "run", "--control", "90+30", "--lang", "en"])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .stdin(stdin)
        .stdout(Stdio::piped())
        .spawn()
        .expect("vichess runs");
    let mut child = Running(child);
    let (tx, rx) = mpsc::channel();
    let stdout = child.0.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let first = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the key list");
    assert!(first.starts_with("keys"), "{first}");
    // Wait until the terminal is switched (30 s at most: a hang guard, since a loaded machine
    // can take seconds), then one key, no Enter.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !stty(&path, &["-a"])
        .split_whitespace()
        .any(|flag| flag == "-icanon")
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the clock never took the terminal"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    master.write_all(b"b").unwrap();
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the key acted without Enter");
    assert_eq!(line, "clock started");
    master.write_all(b"q").unwrap();
    let status = child.0.wait().unwrap();
    assert!(status.success());
    // Drain what the pty echoed, if anything.
    let mut sink = [0u8; 256];
    let _ = master.read(&mut sink);
    assert_eq!(
        stty(&path, &["-g"]),
        before,
        "the terminal was not restored"
    );
}

#[test]
fn clock_run_speaks_the_configured_language_without_lang() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config").join("vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[game]\nlanguage = \"uk\"\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["clock", "run", "--control", "90+30"])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("vichess runs");
    child.stdin.take().unwrap().write_all(b"b\nq\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 1, "{text}");
    assert!(
        lines[1]
            .chars()
            .any(|c| ('а'..='я').contains(&c) || c == 'і'),
        "not Ukrainian: {text}"
    );
}

/// The clock's refusals are in its language: a `--control` it cannot read (where and why),
/// a button pressed while both clocks are paused; Armenian labels take "՝", not ':'.
#[test]
fn clock_run_refuses_in_its_language() {
    let run = |lang: &str, control: &str, keys: &[u8]| {
        let home = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
            .args(["clock", "run", "--control", control, "--lang", lang])
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("vichess runs");
        child.stdin.take().unwrap().write_all(keys).unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.success(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (ok, _, err) = run("de", "5+x", b"q\n");
    assert!(!ok);
    assert!(
        err.contains("die Bedenkzeit ist nicht lesbar (--control 5+x: Zeichen 3: „x“ ist keine Zahl (Sekunden))"),
        "{err}"
    );
    let (ok, out, _) = run("ru", "5+0", b"b\np\nw\nq\n");
    assert!(ok, "{out}");
    assert!(
        out.lines()
            .any(|l| l == "часы обоих игроков остановлены: p снова запускает их"),
        "{out}"
    );
    assert!(!out.contains("stopped"), "{out}");
    let (ok, out, _) = run("hy", "5+0", b"b\np\nw\nt\nm\nq\n");
    assert!(ok, "{out}");
    // White's clock ran from Black's press to the pause, for as long as the machine took
    // to read two keys: its time is whatever that left, Black's is untouched.
    assert!(
        out.lines().any(|l| l.starts_with("սպիտակներ՝ ")
            && l.contains(" րոպե")
            && l.ends_with("; սևեր՝ հինգ րոպե")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("երկու ժամացույցն էլ կանգնեցված են")),
        "{out}"
    );
    assert!(!out.contains(':'), "an ASCII colon in Armenian: {out}");
}
