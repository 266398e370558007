//! Issue 24, item 19: inputs of any size are read in bounded memory, or refused at a limit with
//! a message naming the file and the limit. Memory is measured, not time: the child runs under
//! an address-space limit (`ulimit -v`), so growing past it ends in an allocation failure
//! instead of the clear message, and its peak resident size (`VmHWM`) is read while it runs.
//!
//! Before: `pgn check /dev/zero` grew to 1.4 GB in 8 s and `scoresheet` to 2.1 GB.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The child's address space, in KiB: a debug build needs about 100 MB of it to start.
const ADDRESS_SPACE_KB: u64 = 300_000;

/// The most resident memory seen (a debug build starts near 13 MB).
const MAX_RSS_KB: u64 = 96_000;

/// Fifty megabytes of junk from the test itself.
const JUNK_BYTES: usize = 50 << 20;

/// Runs vichess with `args`, `/dev/stdin` standing for the file, fed `chunk` until it has had
/// `JUNK_BYTES` or stops reading.
fn fed(args: &[&str], chunk: &[u8]) -> (Output, u64) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {ADDRESS_SPACE_KB} && exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_vichess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let chunk = chunk.to_vec();
    let feeder = std::thread::spawn(move || {
        let mut sent = 0;
        while sent < JUNK_BYTES && !chunk.is_empty() {
            // A refusal closes the pipe: that is the point, not an error.
            if stdin.write_all(&chunk).is_err() {
                break;
            }
            sent += chunk.len();
        }
    });
    // The peak resident size, read until the process is gone (it only ever grows).
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    while let Ok(text) = std::fs::read_to_string(&status) {
        let Some(kb) = text
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        else {
            break; // a zombie: it has ended
        };
        peak = peak.max(kb);
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (out, peak)
}

fn refused((out, peak): &(Output, u64), what: &str, limit: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    eprintln!("{what}: peak {peak} kB");
    assert!(
        *peak < MAX_RSS_KB,
        "{what}: the child reached {peak} kB on {} MB of junk",
        JUNK_BYTES >> 20
    );
    assert!(!out.status.success(), "{what}: accepted\n{err}");
    assert!(
        err.contains("/dev/stdin") && err.contains(limit),
        "{what}: the message names neither the file nor the limit:\n{err}"
    );
}

#[test]
fn junk_without_an_end_is_refused_in_bounded_memory() {
    // No line end at all, as /dev/zero gives.
    let zeros = vec![0u8; 1 << 16];
    let out = fed(&["pgn", "check", "/dev/stdin"], &zeros);
    refused(&out, "pgn check, zeros", "longer than 4 MiB");
    let out = fed(
        &["scoresheet", "/dev/stdin", "--audio", "/dev/null"],
        &zeros,
    );
    refused(&out, "scoresheet, zeros", "longer than 4 MiB");
    // Short lines that never make a game boundary.
    let lines = b"junk 1. e4 {not a game} junk junk junk\n".repeat(1 << 10);
    let out = fed(&["pgn", "check", "/dev/stdin"], &lines);
    refused(&out, "pgn check, lines", "over 16 MiB");
}

/// A journal of `payloads` after its header, each line checksummed as vichess writes it.
fn journal_text(payloads: &[String]) -> String {
    std::iter::once("vichess-journal 1 big".to_string())
        .chain(payloads.iter().cloned())
        .enumerate()
        .map(|(seq, p)| {
            let crc = vichess::journal::crc32(format!("{seq} {p}").as_bytes());
            format!("{seq} {crc:08x} {p}\n")
        })
        .collect()
}

/// Runs vichess under the address-space limit with `args`; returns its output and peak.
fn run(args: &[&str]) -> (Output, u64) {
    fed(args, b"")
}

#[test]
fn a_journal_larger_than_any_game_or_with_an_endless_line_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut payloads = vec![format!("begin 0 3600000 standard {fen}"), "start 0".into()];
    // 30 MB of typed notes, each as long as a console line may be.
    let note = "n".repeat(4000);
    payloads.extend((0..7_500).map(|i| format!("note {} {note}", 1000 + i)));
    let big = dir.path().join("big.journal");
    std::fs::write(&big, journal_text(&payloads)).unwrap();
    let out = run(&["report", big.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.0.stderr);
    assert!(!out.0.status.success(), "{err}");
    assert!(
        err.contains("big.journal") && err.contains("over 8 MiB"),
        "{err}"
    );
    assert!(out.1 < MAX_RSS_KB, "report reached {} kB", out.1);

    // One line of 100 KB among ordinary ones: damage, named by its line.
    let long = dir.path().join("long.journal");
    let mut payloads = payloads[..3].to_vec();
    payloads.push(format!("note 5000 {}", "n".repeat(100_000)));
    payloads.push("clock 6000".into());
    std::fs::write(&long, journal_text(&payloads)).unwrap();
    // In English whatever the machine's locale: the reason is said in the report's language.
    let out = run(&["report", "--lang", "en", long.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.0.stderr);
    assert!(!out.0.status.success(), "{err}");
    assert!(
        err.contains("long.journal, line 5") && err.contains("over 64 KiB"),
        "{err}"
    );
    // The same journal without that line is reported.
    let short = dir.path().join("short.journal");
    payloads.remove(3);
    std::fs::write(&short, journal_text(&payloads)).unwrap();
    let out = run(&["report", short.to_str().unwrap()]);
    assert!(
        out.0.status.success(),
        "{}",
        String::from_utf8_lossy(&out.0.stderr)
    );
}

/// A name on the command line is journaled as one line, so it is held to a console line's
/// 4 KiB: a longer one is refused before any game begins, never written to read back as damage.
#[test]
fn a_name_longer_than_a_console_line_is_refused_before_the_game() {
    let home = tempfile::tempdir().unwrap();
    let name = "x".repeat(5_000);
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--no-audio", "--white", &name])
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("--white") && err.contains("at most 4096 bytes"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    assert!(
        !home.path().join("data").exists(),
        "no game folder for a refused game"
    );
}
