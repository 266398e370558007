//! A full disk during a game: `vichess play` says so, keeps the game in memory, announces
//! nothing that is not on disk, refuses new input while the journal cannot be written, and
//! once space is freed writes what it kept and goes on, losing nothing.
//!
//! The disk is a real one: a 256 KiB tmpfs mounted for the test (the suite runs as root on
//! CI; without the right to mount, this test fails and says why, it never skips).

#[path = "common/play.rs"]
mod play;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

struct Mount(PathBuf);

impl Mount {
    fn tmpfs(dir: &Path) -> Mount {
        std::fs::create_dir_all(dir).unwrap();
        let out = Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                "size=256k,mode=0700",
                "vichess-full-disk",
            ])
            .arg(dir)
            .output()
            .expect("the mount command");
        assert!(
            out.status.success(),
            "cannot mount a small tmpfs for the full-disk test (it needs root): {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Mount(dir.to_path_buf())
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Fills the file system at `dir` completely; returns the filler file.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut f = std::fs::File::create(&path).unwrap();
    let block = vec![0u8; 4096];
    while f.write_all(&block).is_ok() {}
    let _ = f.write_all(&[0u8]);
    let _ = f.flush();
    path
}

fn wait_for(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    what: impl Fn(&str) -> bool,
) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if let Ok(l) = lines.recv_timeout(Duration::from_millis(200)) {
            seen.push(l.clone());
            if what(&l) {
                return l;
            }
        }
    }
    panic!("not said in time; vichess said:\n{}", seen.join("\n"));
}

#[test]
fn a_full_disk_holds_the_game_in_memory_and_nothing_is_lost() {
    let home = std::env::temp_dir().join(format!("vichess-full-disk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let disk = home.join("disk");
    let mount = Mount::tmpfs(&disk);
    let games = disk.join("games");
    let args = [
        "--no-audio",
        "--control",
        "5400+30",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let (mut child, mut stdin, lines) = play::spawn_play(&home, &args);
    let mut seen = Vec::new();
    writeln!(stdin, "e4").unwrap();
    wait_for(&lines, &mut seen, |l| l == "Eva vier");
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .expect("the journal");
    // A tmpfs charges whole pages: bring the journal to the last few bytes of its page, so
    // the next record needs a new one, then take every free page. Draw offers and answers
    // add records without changing the position; an untimed game writes nothing by itself.
    let mut offers = 0;
    loop {
        let len = std::fs::metadata(&journal).unwrap().len();
        if 4096 - len % 4096 < 24 {
            break;
        }
        // Records of about 35 bytes walk through the page ends; one lands in the window soon.
        assert!(
            offers < 2_000,
            "the journal never ended within 24 bytes of a page"
        );
        let line = if offers % 2 == 0 {
            "draw offer white"
        } else {
            "draw decline black"
        };
        offers += 1;
        let lines_before = journal_lines(&journal);
        writeln!(stdin, "{line}").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while journal_lines(&journal) == lines_before {
            assert!(Instant::now() < deadline, "{line} was not journaled");
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    let filler = fill(&disk);
    let before = std::fs::read(&journal).unwrap();

    writeln!(stdin, "e5").unwrap();
    let said = wait_for(&lines, &mut seen, |l| {
        l.contains("kann nicht geschrieben werden")
    });
    assert!(said.contains("bleibt im Speicher"), "{said}");
    // The system's reason in the game's words, not its English "No space left on device".
    assert!(said.contains("der Datenträger ist voll"), "{said}");
    assert!(!said.contains("os error"), "{said}");
    writeln!(stdin, "Nf3").unwrap();
    wait_for(&lines, &mut seen, |l| {
        l.starts_with("Nf3: nicht angenommen")
    });
    assert!(
        !seen.iter().any(|l| l == "Eva fünf"),
        "a move was announced that is not on disk: {seen:?}"
    );
    assert_eq!(
        std::fs::read(&journal).unwrap(),
        before,
        "a partial line was left"
    );

    // Space again: the next input first writes what was kept, says it, then is played.
    std::fs::remove_file(&filler).unwrap();
    writeln!(stdin, "Nf3").unwrap();
    wait_for(&lines, &mut seen, |l| {
        l.contains("kann wieder geschrieben werden")
    });
    wait_for(&lines, &mut seen, |l| l == "Eva fünf");
    wait_for(&lines, &mut seen, |l| l == "Springer Felix drei");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
    let text = std::fs::read_to_string(&journal).unwrap();
    let moves: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split(' ').nth(2).filter(|k| *k == "move").map(|_| l))
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3"], "{text}");
    drop(mount);
    let _ = std::fs::remove_dir_all(&home);
}

fn journal_lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}
