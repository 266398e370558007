//! One process per game: a second `vichess play --resume` on a game that is being played is
//! refused, says which process holds it, exits non-zero, and leaves the journal untouched.

#[path = "common/play.rs"]
mod play;

use std::io::Write;
use std::time::Duration;

#[test]
fn a_second_process_on_the_same_game_is_refused_and_the_first_plays_on() {
    let home = std::env::temp_dir().join(format!("vichess-lock-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let games = home.join("games");
    let dir = games.to_str().unwrap();
    let args = ["--no-audio", "--control", "none", "--game-dir", dir];
    let (mut first, mut stdin, lines) = play::spawn_play(&home, &args);
    writeln!(stdin, "e4").unwrap();
    // The opening line comes first (issue 11, finding 12).
    let greeting = lines
        .recv_timeout(Duration::from_secs(20))
        .expect("opening line");
    assert!(greeting.contains("hilfe"), "{greeting}");
    let said = lines
        .recv_timeout(Duration::from_secs(20))
        .expect("e4 answered");
    assert_eq!(said, "Eva vier");
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .expect("the first process's journal");
    let before = std::fs::read(&journal).unwrap();

    let second = std::process::Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--resume"])
        .args(args)
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!second.status.success(), "the second process was admitted");
    let err = String::from_utf8_lossy(&second.stderr);
    // Said in the game's language (German here), with the holder's process id.
    let holder = first.id().to_string();
    assert!(
        err.contains("in einem anderen vichess geöffnet") && err.contains(&holder),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&journal).unwrap(),
        before,
        "the journal was touched"
    );

    // The first process is undisturbed.
    writeln!(stdin, "e5").unwrap();
    let said = lines
        .recv_timeout(Duration::from_secs(20))
        .expect("e5 answered");
    assert_eq!(said, "Eva fünf");
    writeln!(stdin, "quit").unwrap();
    assert!(first.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&home);
}

/// A game's files are its owner's: the folder vichess makes is 0700, the journal, the lock
/// and the PGN 0600.
#[cfg(unix)]
#[test]
fn the_game_folder_and_files_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("new").join("games");
    let args = [
        "--no-audio",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let (mut child, mut stdin, lines) = play::spawn_play(home.path(), &args);
    writeln!(stdin, "e4").unwrap();
    lines
        .recv_timeout(Duration::from_secs(20))
        .expect("e4 answered");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&games), 0o700);
    for entry in std::fs::read_dir(&games).unwrap() {
        let p = entry.unwrap().path();
        let ext = p.extension().map(|e| e.to_string_lossy().into_owned());
        if matches!(ext.as_deref(), Some("journal" | "lock" | "pgn")) {
            assert_eq!(mode(&p), 0o600, "{}", p.display());
        }
    }
}

/// A lock file that cannot be made (a folder where nothing can be written, even by root) or
/// that is a symbolic link is refused in the game's language (issue 24, item 12), with the
/// path and the system's reason in brackets, and no game starts.
#[cfg(unix)]
#[test]
fn a_lock_file_that_cannot_be_used_is_refused_in_the_games_language() {
    let home = std::env::temp_dir().join(format!("vichess-lock-words-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let refused = |args: &[&str]| {
        let out = play::run_piped(&home, &[&["play", "--no-audio"], args].concat(), b"quit\n");
        assert!(!out.status.success(), "{args:?} was admitted");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    // /proc/self is a folder no one can make files in.
    let err = refused(&["--lang", "ru", "--game-dir", "/proc/self"]);
    assert!(
        err.contains("не удаётся открыть файл блокировки партии (/proc/self/"),
        "{err}"
    );
    assert!(!err.contains("cannot open"), "{err}");

    // A link planted where the next game's lock goes: `current-game` names the journal.
    let games = home.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let journal = games.join("planted.journal");
    std::fs::write(&journal, "").unwrap();
    std::fs::write(games.join("current-game"), "planted.journal\n").unwrap();
    let precious = home.join("precious.txt");
    std::fs::write(&precious, "keep me").unwrap();
    std::os::unix::fs::symlink(&precious, games.join("planted.lock")).unwrap();
    let err = refused(&[
        "--resume",
        "--lang",
        "uk",
        "--game-dir",
        games.to_str().unwrap(),
    ]);
    assert!(
        err.contains("файл блокування партії — символічне посилання"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me");
    let _ = std::fs::remove_dir_all(&home);
}
