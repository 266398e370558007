//! Every file vichess writes gets the PGN's care (issue 24, item 15): never written through a
//! symbolic link (a link at the name is replaced; what it pointed at stays as it was), never
//! truncated in place, readable by its owner only. The braille sheet of `save X.brl` in a
//! game, a dictated scoresheet and a journal's `.torn` tail, each through the real command.
//! That the file and its folder are synced cannot be seen from a test (only a power cut
//! shows it); `vichess::safe_file` does both on every path here.
#![cfg(unix)]

#[path = "common/play.rs"]
mod common_play;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

/// `target` is a real file of mode 0600 (not a link), and `victim` still holds "precious".
fn replaced_not_written_through(target: &Path, victim: &Path) {
    assert_eq!(std::fs::read_to_string(victim).unwrap(), "precious");
    let meta = std::fs::symlink_metadata(target).unwrap();
    assert!(!meta.is_symlink(), "{} is still a link", target.display());
    assert!(meta.len() > 0);
    assert_eq!(mode(target), 0o600, "{}", target.display());
}

#[cfg(feature = "braille")]
#[test]
fn save_to_a_braille_file_replaces_a_symlink_never_writes_through_it() {
    let home = tempfile::tempdir().unwrap();
    let victim = home.path().join("precious.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).unwrap();
    let brl = home.path().join("sheet.brl");
    let brf = home.path().join("sheet.brf");
    std::os::unix::fs::symlink(&victim, &brl).unwrap();
    // An existing sheet with a second name: replaced whole, so the second name keeps it.
    std::fs::write(&brf, "an old sheet").unwrap();
    let second = home.path().join("old-sheet");
    std::fs::hard_link(&brf, &second).unwrap();
    let script = format!(
        "e4\ne5\nsave {}\nsave {}\nquit\n",
        brl.display(),
        brf.display()
    );
    let args = ["play", "--no-audio", "--lang", "en", "--control", "none"];
    let out = common_play::run_piped(home.path(), &args, script.as_bytes());
    let lines = common_play::lines_of(&out);
    assert!(
        lines.contains(&format!("game saved: {}", brl.display())),
        "{lines:?}"
    );
    replaced_not_written_through(&brl, &victim);
    assert_eq!(mode(&victim), 0o644);
    assert_eq!(std::fs::read_to_string(&second).unwrap(), "an old sheet");
    assert_ne!(std::fs::read(&brf).unwrap(), b"an old sheet");
    assert_eq!(mode(&brf), 0o600);
}

#[test]
fn a_dictated_scoresheet_replaces_a_symlink_never_writes_through_it() {
    let home = tempfile::tempdir().unwrap();
    let victim = home.path().join("precious.txt");
    std::fs::write(&victim, "precious").unwrap();
    let wav = home.path().join("sheet.wav");
    std::os::unix::fs::symlink(&victim, &wav).unwrap();
    let game = home.path().join("game.pgn");
    std::fs::write(&game, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    let voices = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices");
    let o = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["scoresheet", game.to_str().unwrap(), "--audio"])
        .arg(&wav)
        .args(["--voice", "en"])
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("VICHESS_VOICES", &voices)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    replaced_not_written_through(&wav, &victim);
    let pcm = vichess::audio::wav::read(&wav).unwrap();
    assert!(pcm.measure().seconds > 1.0);
    let leftovers: Vec<_> = std::fs::read_dir(home.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_torn_tail_is_kept_private_and_never_through_a_symlink() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let base = [
        "play",
        "--no-audio",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    common_play::lines_of(&common_play::run_piped(home.path(), &base, b"e4\nquit\n"));
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .unwrap();
    let mut text = std::fs::read(&journal).unwrap();
    text.extend_from_slice(b"9 0badc0de move 99");
    std::fs::write(&journal, text).unwrap();
    // Someone put a dangling link where the kept tail would go: nothing is made where it
    // points, the tail goes to the next free name, and the game goes on.
    let nowhere = home.path().join("nowhere.txt");
    let torn = journal.with_extension("journal.torn");
    std::os::unix::fs::symlink(&nowhere, &torn).unwrap();
    let mut resume = base.to_vec();
    resume.push("--resume");
    common_play::lines_of(&common_play::run_piped(home.path(), &resume, b"quit\n"));
    assert!(!nowhere.exists());
    let kept = journal.with_extension("journal.torn.2");
    assert_eq!(std::fs::read(&kept).unwrap(), b"9 0badc0de move 99");
    assert_eq!(mode(&kept), 0o600);
}
