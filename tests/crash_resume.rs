//! "Never lose a game": `vichess play` killed with SIGKILL at seeded random points of a
//! scripted game and restarted with `--resume` ends with the same game as an uninterrupted
//! run: the same moves, corrections, claims and penalties in the journal, the same PGN, and
//! the clocks within a second more than the two runs' lengths differ by. A torn last journal line (a power cut mid-write) is reported,
//! set aside, and the game goes on.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

#[path = "common/temp_home.rs"]
mod temp_home;

#[path = "common/play.rs"]
mod play;

/// A rapid game with everything the journal must keep: moves, presses, an illegal attempt
/// (nothing journaled), a correction before the press (D.2.8), an incorrect claim with its
/// time penalty (9.5.3), and the mate.
const SCRIPT: &[&str] = &[
    "start",
    "e4",
    "press",
    "e5",
    "press",
    "Bc4",
    "press",
    // Asked back: the yes follows on the next line (issue 11, finding 5).
    "claim threefold black\nja",
    "Nf6",
    "correct Nc6",
    "press",
    "Ke3",
    "Qh5",
    "press",
    "Nf6",
    "press",
    "Qxf7#",
];

const CONTROL: &str = "15+10";

/// Thinking time before each line, in milliseconds.
const THINK_MS: u64 = 150;

fn temp_dir(name: &str) -> temp_home::TempHome {
    temp_home::temp_dir("crash", name)
}

/// A running `vichess play`, its output read line by line.
struct Player {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
    /// A resumed game says where it stands ("zwei Züge", maybe "; Weiß am Zug") before it
    /// handles the first line: that count is not the answer [`Player::send`] waits for. It
    /// comes before the last move's numbered line ("2. Springer Felix drei"), and is left
    /// out when the only move made waits for its press ("1. Eva vier" alone).
    summary_due: bool,
}

impl Player {
    fn spawn(home: &Path, resume: bool) -> Player {
        let games = home.join("games");
        let mut args = vec!["--no-audio", "--game-dir", games.to_str().unwrap()];
        args.extend(["--control", CONTROL]);
        if resume {
            args.push("--resume");
        }
        let (child, stdin, lines) = play::spawn_play(home, &args);
        Player {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            summary_due: resume,
        }
    }

    /// Sends `line` (after a moment's thought, so the clocks run), then `count`, and waits
    /// for the count's answer: by then `line` has been handled and journaled.
    fn send(&mut self, line: &str) {
        std::thread::sleep(Duration::from_millis(THINK_MS));
        writeln!(self.stdin, "{line}\ncount").unwrap();
        self.stdin.flush().unwrap();
        loop {
            let got = self
                .lines
                .recv_timeout(Duration::from_secs(10))
                .unwrap_or_else(|_| panic!("no answer to {line:?}; so far: {:?}", self.seen));
            // "zwei Züge" (the resume's summary) or "Weiß: zwei Züge; Schwarz: ein Zug" (the
            // count's answer, each side's moves).
            let is_count = got
                .split(';')
                .next()
                .unwrap_or_default()
                .trim_start_matches("Weiß: ")
                .trim_end_matches('.')
                .split_once(' ')
                .is_some_and(|(n, z)| !n.contains(',') && (z == "Zug" || z == "Züge"));
            let numbered = got
                .split_once(['.', '…'])
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            if numbered {
                self.summary_due = false;
            }
            self.seen.push(got);
            if is_count && std::mem::take(&mut self.summary_due) {
                continue;
            }
            if is_count {
                return;
            }
        }
    }

    fn kill(mut self) -> Vec<String> {
        self.child.kill().unwrap(); // SIGKILL
        self.child.wait().unwrap();
        self.seen
    }

    fn finish(mut self) -> Vec<String> {
        writeln!(self.stdin, "quit").unwrap();
        drop(self.stdin);
        assert!(self.child.wait().unwrap().success());
        self.seen.extend(self.lines.iter());
        self.seen
    }
}

/// xorshift64: the kill points are random but the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn only_file(dir: &Path, ext: &str) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

/// The journal's records without their times (and without the game id, which holds the
/// start time): what happened, in order.
fn records(home: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(only_file(&home.join("games"), "journal")).unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let payload: Vec<&str> = l.splitn(3, ' ').nth(2).unwrap().split(' ').collect();
            let mut words = vec![payload[0]];
            words.extend(&payload[2..]);
            words.join(" ")
        })
        // Each run anchors the wall clock once, a running clock is checkpointed, and each
        // restart stops the clocks until play goes on: none of that is the game's moves.
        .filter(|r| {
            !r.starts_with("anchor") && !r.starts_with("clock") && r != "pause" && r != "resume"
        })
        .collect()
}

/// The PGN without clock comments, and the clock readings in seconds.
fn pgn(home: &Path) -> (String, Vec<u64>) {
    let text = std::fs::read_to_string(only_file(&home.join("games"), "pgn")).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut plain = String::new();
    let mut clocks = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("{[%clk ") {
        plain.push_str(&rest[..i]);
        let end = rest[i..].find('}').unwrap() + i;
        let hms: Vec<u64> = rest[i + 7..end]
            .trim_end_matches(']')
            .split(':')
            .map(|x| x.parse::<f64>().unwrap() as u64)
            .collect();
        clocks.push(hms[0] * 3600 + hms[1] * 60 + hms[2]);
        rest = &rest[end + 1..];
    }
    plain.push_str(rest);
    (
        plain.split_whitespace().collect::<Vec<_>>().join(" "),
        clocks,
    )
}

/// Today's date (UTC) as a PGN Date tag's value.
fn today() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    vichess::session::UtcTime::from_unix_ms(ms).pgn_date()
}

/// The game's text with its Date tag's value taken out, and that value: each game is dated
/// the day it began, and two games of one test run may begin either side of midnight.
fn undated(pgn: &str) -> (String, String) {
    let start = pgn.find("[Date \"").expect("a Date tag") + 7;
    let end = start + pgn[start..].find('"').expect("the Date tag ends");
    (
        format!("{}{}", &pgn[..start], &pgn[end..]),
        pgn[start..end].to_string(),
    )
}

fn uninterrupted() -> (Vec<String>, (String, Vec<u64>), Vec<String>) {
    let home = temp_dir("whole");
    let mut p = Player::spawn(&home, false);
    for line in SCRIPT {
        p.send(line);
    }
    let out = p.finish();
    (records(&home), pgn(&home), out)
}

#[test]
fn a_game_killed_at_random_points_and_resumed_is_the_same_game() {
    let begun = std::time::Instant::now();
    let (want_records, (want_pgn, want_clocks), out) = uninterrupted();
    let want_took = begun.elapsed();
    // The script did what it says, so the comparison below means something.
    assert!(
        want_records.iter().any(|r| r == "correct b8c6"),
        "{want_records:?}"
    );
    assert!(
        want_records.iter().any(|r| r.starts_with("claim")),
        "{want_records:?}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("regelwidriger Zug")),
        "{out:?}"
    );
    assert!(
        want_pgn.contains("4. Qxf7# {Matt, Weiß gewinnt} 1-0"),
        "{want_pgn}"
    );
    assert_eq!(want_clocks.len(), 6, "{want_pgn}");
    // The penalty: White got time added for Black's incorrect claim (9.5.3).
    assert!(want_clocks[4] >= 15 * 60 + 60 + 20, "{want_clocks:?}");

    for seed in [7u64, 2026, 90_210] {
        let mut rng = Rng(seed);
        let mut kills: Vec<usize> = (0..3)
            .map(|_| (rng.next() % SCRIPT.len() as u64) as usize)
            .collect();
        kills.sort_unstable();
        kills.dedup();
        let home = temp_dir(&format!("seed{seed}"));
        let begun = std::time::Instant::now();
        let began_on = today();
        let mut p = Player::spawn(&home, false);
        let mut restarts = 0;
        for (i, line) in SCRIPT.iter().enumerate() {
            p.send(line);
            if kills.contains(&i) {
                std::thread::sleep(Duration::from_millis(rng.next() % 80));
                p.kill();
                p = Player::spawn(&home, true);
                restarts += 1;
            }
        }
        let out = p.finish();
        // The clocks run on the wall clock while vichess is dead and starting again, as a
        // real clock would: the two runs' clocks may differ by what their lengths differ by
        // (on a busy machine a restart takes seconds), and by no more.
        let slack = 1 + begun.elapsed().abs_diff(want_took).as_secs();
        assert_eq!(restarts, kills.len());
        if restarts > 0 {
            assert!(
                out.iter()
                    .any(|l| l == "Partie aus dem Protokoll fortgesetzt"),
                "seed {seed}: {out:?}"
            );
        }
        assert_eq!(records(&home), want_records, "seed {seed}, kills {kills:?}");
        let (got_pgn, got_clocks) = pgn(&home);
        let (got_undated, got_date) = undated(&got_pgn);
        assert_eq!(
            got_undated,
            undated(&want_pgn).0,
            "seed {seed}, kills {kills:?}"
        );
        // Dated the day this run's game began, however often it was resumed.
        assert!(
            [&began_on, &today()].contains(&&got_date),
            "seed {seed}: dated {got_date}, begun {began_on}"
        );
        assert_eq!(got_clocks.len(), want_clocks.len());
        for (g, w) in got_clocks.iter().zip(&want_clocks) {
            assert!(
                g.abs_diff(*w) <= slack,
                "seed {seed}, kills {kills:?}: clocks {got_clocks:?}, uninterrupted {want_clocks:?}, within {slack} s"
            );
        }
    }
}

#[test]
fn a_torn_last_journal_line_is_reported_set_aside_and_the_game_goes_on() {
    let home = temp_dir("torn");
    let mut p = Player::spawn(&home, false);
    for line in &SCRIPT[..5] {
        p.send(line);
    }
    p.kill();
    // A power cut in the middle of writing the next line.
    let journal = only_file(&home.join("games"), "journal");
    let whole_lines = std::fs::read_to_string(&journal).unwrap().lines().count();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .unwrap();
    f.write_all(b"6 0badc0de move 99").unwrap();
    drop(f);

    let mut p = Player::spawn(&home, true);
    for line in &SCRIPT[5..] {
        p.send(line);
    }
    let out = p.finish();
    // In the game's language (German here); why the line is unusable as the reader found it.
    let torn = out
        .iter()
        .find(|l| l.contains(".torn-Datei"))
        .unwrap_or_else(|| panic!("the torn tail was not reported: {out:?}"));
    let torn_line = format!(
        "{}, Zeile {}: der letzte Eintrag ist unbrauchbar, vermutlich beim Beenden des Programms abgeschnitten (die Zeile hat kein Ende); \
         er wird in einer .torn-Datei neben dem Protokoll aufbewahrt, und die Partie geht ohne ihn weiter",
        journal.display(),
        whole_lines + 1
    );
    assert_eq!(torn, &torn_line);
    let kept = journal.with_extension("journal.torn");
    assert_eq!(
        std::fs::read(&kept).expect("the torn bytes are kept beside the journal"),
        b"6 0badc0de move 99"
    );
    let (pgn, _) = pgn(&home);
    assert!(pgn.contains("4. Qxf7# {Matt, Weiß gewinnt} 1-0"), "{pgn}");
}
