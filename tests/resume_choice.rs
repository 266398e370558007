//! Which game `--resume` continues, and what it says about how the last run ended: the game
//! last started in the folder (not the journal touched last), whether the journal ended with a
//! clean stop, and a warning when the PGN beside it has moves the journal lost.

#[path = "common/play.rs"]
mod common_play;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn play(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    let games = home.join("games");
    let mut all = vec!["play", "--no-audio", "--control", "none", "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    common_play::lines_of(&common_play::run_piped(home, &all, stdin.as_bytes()))
}

/// `vichess play --no-audio [ARGS] --resume --game-dir HOME/games` with nothing typed.
fn resume(home: &Path, args: &[&str]) -> std::process::Output {
    let mut all = args.to_vec();
    all.push("--resume");
    play_alone(home, &all)
}

/// `vichess play --no-audio [ARGS] --game-dir HOME/games` with nothing typed.
fn play_alone(home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--no-audio"])
        .args(args)
        .arg("--game-dir")
        .arg(home.join("games"))
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn journals(home: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(home.join("games"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .collect();
    v.sort();
    v
}

#[test]
fn resume_continues_the_game_last_started_not_the_journal_touched_last() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &["--white", "Older"], "e4\nquit\n");
    play(home.path(), &["--white", "Newer"], "d4\nquit\n");
    let older = journals(home.path())
        .into_iter()
        .find(|p| p.to_string_lossy().contains("Older"))
        .unwrap();
    // Someone opens the older journal and saves it: it is now the newest file.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let text = std::fs::read(&older).unwrap();
    std::fs::write(&older, text).unwrap();
    let out = play(home.path(), &["--resume"], "moves\nquit\n");
    assert!(out.iter().any(|l| l == "1. d4"), "{out:?}");
    assert!(!out.iter().any(|l| l == "1. e4"), "{out:?}");
}

#[test]
fn a_resume_says_whether_the_journal_ended_cleanly_and_warns_of_lost_moves() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &[], "e4\ne5\nquit\n");
    let clean = play(home.path(), &["--resume"], "quit\n");
    assert!(
        !clean.iter().any(|l| l.contains("endete nicht sauber")),
        "{clean:?}"
    );
    // A cut on a line boundary: the last records (the clean stop and Black's move) are gone.
    let journal = journals(home.path()).pop().unwrap();
    let text = std::fs::read_to_string(&journal).unwrap();
    let keep: Vec<&str> = text.lines().take_while(|l| !l.ends_with(" e7e5")).collect();
    std::fs::write(&journal, keep.join("\n") + "\n").unwrap();
    let out = play(home.path(), &["--resume"], "moves\nquit\n");
    assert!(
        out.iter().any(|l| l.contains("endete nicht sauber")),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l
            == "Warnung: die PGN-Datei neben dem Protokoll hat mehr Halbzüge als das Protokoll \
                (PGN: 2, Protokoll: 1); das Protokoll hat seine letzten Einträge verloren: \
                die Partie geht nach dem Protokoll weiter, bitte mit dem Schiedsrichter prüfen"),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l == "1. e4"), "{out:?}");
}

/// The journal cut on a line boundary again, in a Russian game: the warning is Russian too.
#[test]
fn the_lost_moves_warning_is_in_the_games_language() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &["--lang", "ru"], "e4\ne5\nquit\n");
    let journal = journals(home.path()).pop().unwrap();
    let text = std::fs::read_to_string(&journal).unwrap();
    let keep: Vec<&str> = text.lines().take_while(|l| !l.ends_with(" e7e5")).collect();
    std::fs::write(&journal, keep.join("\n") + "\n").unwrap();
    let out = play(home.path(), &["--lang", "ru", "--resume"], "quit\n");
    assert!(
        out.iter().any(|l| l
            == "внимание: в PGN рядом с журналом больше полуходов, чем в журнале \
                (PGN: 2, журнал: 1); журнал потерял последние записи: \
                партия продолжается по журналу, проверьте её с арбитром"),
        "{out:?}"
    );
}

/// A folder from an older vichess names no current game: the newest journal is taken, and
/// the player is told so in the game's language.
#[test]
fn a_folder_without_a_current_game_says_the_newest_journal_is_resumed() {
    for (lang, words) in [
        (
            "de",
            "dieser Ordner verzeichnet nicht, welche Partie zuletzt darin begonnen wurde; \
             das neueste Protokoll wird fortgesetzt",
        ),
        (
            "ru",
            "в этой папке не записано, какая партия в ней начата последней; \
             продолжается самый новый журнал",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        play(home.path(), &["--lang", lang], "e4\nquit\n");
        let marker = home.path().join("games").join("current-game");
        std::fs::remove_file(&marker).unwrap();
        let journal = journals(home.path()).pop().unwrap();
        let name = journal.file_name().unwrap().to_string_lossy();
        let out = play(home.path(), &["--lang", lang, "--resume"], "quit\n");
        let want = format!("{}: {words}: {name}", marker.display());
        assert!(out.contains(&want), "{lang}: {want}\n{out:?}");
    }
}

/// A power cut mid-write in a Russian game: the torn line is reported in Russian, set aside,
/// and the game goes on.
#[test]
fn a_torn_last_line_is_reported_in_the_games_language() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &["--lang", "ru"], "e4\nquit\n");
    let journal = journals(home.path()).pop().unwrap();
    let lines = std::fs::read_to_string(&journal).unwrap().lines().count();
    let mut text = std::fs::read(&journal).unwrap();
    text.extend_from_slice(b"9 0badc0de move 99");
    std::fs::write(&journal, text).unwrap();
    let out = play(home.path(), &["--lang", "ru", "--resume"], "moves\nquit\n");
    let want = format!(
        "{}, строка {}: последняя запись непригодна, вероятно, оборвана при остановке программы \
         (у строки нет конца); она отложена в файл .torn рядом с журналом, и партия продолжается без неё",
        journal.display(),
        lines + 1
    );
    assert!(out.contains(&want), "{want}\n{out:?}");
    assert!(out.iter().any(|l| l == "1. e4"), "{out:?}");
}

#[test]
fn a_journal_torn_in_its_first_lines_is_refused_unchanged_never_said_to_go_on() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &[], "e4\nquit\n");
    let journal = journals(home.path()).pop().unwrap();
    let text = std::fs::read_to_string(&journal).unwrap();
    // Cut in the middle of line 2, the game's begin record.
    let second_line_start = text.find('\n').unwrap() + 1;
    let cut = &text.as_bytes()[..second_line_start + 10];
    std::fs::write(&journal, cut).unwrap();
    let out = resume(home.path(), &[]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    // In the game's language (German by default); why the line is unusable as found.
    let want = format!(
        "vichess: {}, Zeile 2: der letzte Eintrag ist unbrauchbar, vermutlich beim Beenden des Programms abgeschnitten \
         (die Zeile hat kein Ende); er steht in einer der ersten zwei Zeilen des Protokolls, ohne die es keine Partie \
         zum Fortsetzen gibt; die Datei bleibt für den Schiedsrichter unverändert",
        journal.display()
    );
    assert!(said.lines().any(|l| l == want), "{want}\n{said}");
    assert!(!said.contains("weiter"), "{said}");
    assert_eq!(
        std::fs::read(&journal).unwrap(),
        cut,
        "the journal was changed"
    );
    // The same refusal in a Russian game.
    let out = resume(home.path(), &["--lang", "ru"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(
            "строка 2: последняя запись непригодна, вероятно, оборвана при остановке программы \
             (у строки нет конца); это одна из первых двух строк журнала, без которых нет партии, \
             которую можно продолжить; файл оставлен как есть для арбитра"
        ),
        "{said}"
    );
}

#[test]
fn a_finished_game_is_resumed_only_when_asked_and_the_game_is_named() {
    let home = tempfile::tempdir().unwrap();
    play(
        home.path(),
        &["--white", "Anna", "--black", "Bella"],
        "f3\ne5\ng4\nQh4#\n",
    );
    let games = home.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--resume",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let out = common_play::run_piped(home.path(), &args, b"quit\n");
    assert!(!out.status.success(), "a finished game was resumed");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        // In the game's language (issue 24, item 12): a German game.
        err.contains("die Partie ist beendet; nichts wurde fortgesetzt")
            && err.contains("Anna – Bella")
            && err.contains(": Schwarz gewinnt (0-1))"),
        "{err}"
    );
    let mut asked = args.to_vec();
    asked.push("--resume-finished");
    let lines = common_play::lines_of(&common_play::run_piped(
        home.path(),
        &asked,
        b"moves\nquit\n",
    ));
    assert!(
        lines[0].starts_with("die Partie wird fortgesetzt: Anna – Bella"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Dh4#") || l.contains("Qh4#")),
        "{lines:?}"
    );
}

#[test]
fn a_resume_speaks_at_once_not_at_the_first_key_and_says_what_it_ignores() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &[], "e4\nquit\n");
    let games = home.path().join("games");
    let (mut child, stdin, lines) = common_play::spawn_play(
        home.path(),
        &[
            "--no-audio",
            "--resume",
            "--control",
            "10+0",
            "--game-dir",
            games.to_str().unwrap(),
        ],
    );
    // Nothing typed: the player hears where the game stands all the same.
    let mut seen = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !seen
        .iter()
        .any(|l: &String| l == "Partie aus dem Protokoll fortgesetzt")
    {
        assert!(
            std::time::Instant::now() < deadline,
            "silent until a key: {seen:?}"
        );
        if let Ok(l) = lines.recv_timeout(std::time::Duration::from_millis(200)) {
            seen.push(l);
        }
    }
    assert!(
        seen.iter()
            .any(|l| l.starts_with("--control nicht beachtet")),
        "{seen:?}"
    );
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// Issue 24, item 20: a second new game in the folder takes over `current-game`; the first,
/// unfinished, is named when the second starts and when it is resumed, in the game's
/// language, so it is never forgotten. A finished game is not named.
#[test]
fn a_new_game_and_a_resume_name_the_unfinished_games_in_the_folder() {
    let home = tempfile::tempdir().unwrap();
    play(
        home.path(),
        &["--lang", "en", "--white", "Older"],
        "e4\nquit\n",
    );
    play(
        home.path(),
        &["--lang", "en", "--white", "Done"],
        "resign white\nyes\nquit\n",
    );
    let second = play(
        home.path(),
        &["--lang", "en", "--white", "Newer"],
        "d4\nquit\n",
    );
    let older = journals(home.path())
        .into_iter()
        .find(|p| p.to_string_lossy().contains("Older"))
        .unwrap();
    let name = older.file_name().unwrap().to_string_lossy().into_owned();
    let listed = |out: &[String], lead: &str, players: &str| -> String {
        let line = out
            .iter()
            .find(|l| l.starts_with(lead))
            .unwrap_or_else(|| panic!("{lead:?} not in {out:?}"))
            .clone();
        // "Older – Black, 2026-11-25 (FILE)": players (a side without a name by its colour,
        // in the game's language), the date, the file.
        let rest = line[lead.len()..].to_string();
        let date = rest
            .strip_prefix(&format!("{players}, "))
            .unwrap_or_else(|| panic!("{line}"));
        assert!(
            date.as_bytes()[4] == b'-' && date.as_bytes()[7] == b'-',
            "{line}"
        );
        assert!(date.contains(&format!(" ({name})")), "{line}");
        rest
    };
    listed(
        &second,
        "unfinished games in this folder: ",
        "Older – Black",
    );
    assert!(!second.iter().any(|l| l.contains("Done –")), "{second:?}");
    // A journal that cannot be read may be unfinished too: named by its file.
    std::fs::write(
        home.path().join("games").join("odd.journal"),
        "not a journal\n",
    )
    .unwrap();
    // The resume of the newer game names the older one, and not itself.
    let resumed = play(home.path(), &["--lang", "de", "--resume"], "quit\n");
    let rest = listed(
        &resumed,
        "unbeendete Partien in diesem Ordner: ",
        "Older – Schwarz",
    );
    assert!(!rest.contains("Newer"), "{rest}");
    // The list ends with how to take one of the games up again, in the game's words.
    // The folder was named (--game-dir), so the command names it: without it, vichess would
    // look in the default folder.
    let games = home.path().join("games");
    let how = format!(
        "; odd.journal; eine davon fortsetzen: vichess play --game-dir {} --resume, gefolgt \
         vom Dateinamen in Klammern",
        games.display()
    );
    assert!(rest.ends_with(&how), "{rest}");
}

/// `--resume JOURNAL`: any unfinished game of the folder is taken up again by the file name
/// the list of unfinished games gives (".journal" may be left off), and is then the game
/// `--resume` alone continues; a name that is no journal resumes nothing and says so.
#[test]
fn a_game_named_by_its_journal_is_resumed_and_then_continued_by_resume() {
    let home = tempfile::tempdir().unwrap();
    play(
        home.path(),
        &["--lang", "en", "--white", "Older"],
        "e4\nquit\n",
    );
    let newer = play(
        home.path(),
        &["--lang", "en", "--white", "Newer"],
        "d4\nquit\n",
    );
    let how = format!(
        "; to continue one: vichess play --game-dir {} --resume followed by the file name in brackets",
        home.path().join("games").display()
    );
    assert!(
        newer
            .iter()
            .any(|l| l.starts_with("unfinished games in this folder: Older") && l.ends_with(&how)),
        "{newer:?}"
    );
    let older = journals(home.path())
        .into_iter()
        .find(|p| p.to_string_lossy().contains("Older"))
        .unwrap();
    let name = older.file_name().unwrap().to_string_lossy().into_owned();
    let bare = name.trim_end_matches(".journal");
    let out = play(home.path(), &["--resume", bare], "moves\nquit\n");
    assert!(out.iter().any(|l| l == "1. e4"), "{out:?}");
    assert!(!out.iter().any(|l| l == "1. d4"), "{out:?}");
    let again = play(home.path(), &["--resume"], "moves\nquit\n");
    assert!(again.iter().any(|l| l == "1. e4"), "{again:?}");
    let missing = play_alone(home.path(), &["--lang", "en", "--resume", "no-such-game"]);
    assert!(!missing.status.success());
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(
        said.contains("there is no such game journal; nothing was resumed")
            && said.contains("no-such-game.journal"),
        "{said}"
    );
    assert_eq!(journals(home.path()).len(), 2, "nothing new was begun");
}

/// Issue 24, item 20: a dangling symbolic link where the next journal would be named does
/// not stop a new game (the next free name is taken) and nothing is made where it points.
#[cfg(unix)]
#[test]
fn a_dangling_symlink_at_the_next_journals_name_does_not_stop_a_new_game() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let mut targets = Vec::new();
    // Every name the game could take in the next half minute.
    for s in 0..30u64 {
        let t = vichess::session::UtcTime::from_unix_ms(now + s * 1000);
        let started = format!(
            "{:04}-{:02}-{:02}T{:02}-{:02}-{:02}",
            t.year, t.month, t.day, t.hour, t.minute, t.second
        );
        let name = vichess::journal::journal_file_name(&started, "White", "Black");
        let target = home.path().join(format!("nowhere-{s}"));
        std::os::unix::fs::symlink(&target, games.join(name)).unwrap();
        targets.push(target);
    }
    let out = play(home.path(), &["--lang", "en"], "e4\nquit\n");
    assert!(out.iter().any(|l| l.starts_with("game saved: ")), "{out:?}");
    assert!(targets.iter().all(|t| !t.exists()));
    let real: Vec<_> = journals(home.path())
        .into_iter()
        .filter(|p| std::fs::symlink_metadata(p).unwrap().is_file())
        .collect();
    assert_eq!(real.len(), 1, "{real:?}");
    assert!(std::fs::read_to_string(&real[0]).unwrap().contains(" e2e4"));
}

/// Issue 24, item 20: a journal from a newer vichess is not "damaged": it is said to need a
/// newer vichess, in the game's language, and the file is left exactly as it was.
#[test]
fn a_journal_of_a_newer_format_is_not_called_damaged_and_left_as_it_is() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &[], "e4\nquit\n");
    let journal = journals(home.path()).pop().unwrap();
    let text = std::fs::read_to_string(&journal).unwrap();
    let (header, rest) = text.split_once('\n').unwrap();
    let payload = header.splitn(3, ' ').nth(2).unwrap();
    let newer = payload.replacen("vichess-journal 1 ", "vichess-journal 2 ", 1);
    assert_ne!(newer, payload);
    let crc = vichess::journal::crc32(format!("0 {newer}").as_bytes());
    let written = format!("0 {crc:08x} {newer}\n{rest}");
    std::fs::write(&journal, &written).unwrap();
    for (lang, want, damaged) in [
        (
            "de",
            "dieses Protokoll wurde von einem neueren vichess geschrieben (Format 2); bitte \
             vichess aktualisieren, um es fortzusetzen; die Datei bleibt unverändert",
            "beschädigt",
        ),
        (
            "en",
            "this journal was written by a newer vichess (format 2); update vichess to resume \
             it; the file is left as it is",
            "damaged",
        ),
    ] {
        let out = resume(home.path(), &["--lang", lang]);
        assert!(!out.status.success());
        let said = String::from_utf8_lossy(&out.stderr);
        let line = format!("vichess: {}: {want}", journal.display());
        assert!(said.lines().any(|l| l == line), "{line}\n{said}");
        assert!(!said.contains(damaged), "{said}");
        assert_eq!(std::fs::read_to_string(&journal).unwrap(), written);
    }
}

/// A game opened and left before its first move (the window opens one at start, a player
/// types `quit` at once) gives `current-game` back: the resume continues the game with moves.
/// A game with a move keeps it, so a real new game is still the one resumed.
#[test]
fn a_game_left_before_its_first_move_leaves_the_resume_to_the_game_before() {
    let home = tempfile::tempdir().unwrap();
    play(home.path(), &["--white", "Played"], "e4\nquit\n");
    play(home.path(), &["--white", "Empty"], "quit\n");
    let out = play(home.path(), &["--resume"], "moves\nquit\n");
    assert!(out.iter().any(|l| l == "1. e4"), "{out:?}");
    // Nor is the empty game named among the unfinished ones.
    assert!(!out.iter().any(|l| l.contains("Empty")), "{out:?}");
    play(home.path(), &["--white", "Later"], "d4\nquit\n");
    let out = play(home.path(), &["--resume"], "moves\nquit\n");
    assert!(out.iter().any(|l| l == "1. d4"), "{out:?}");
    assert!(!out.iter().any(|l| l == "1. e4"), "{out:?}");
}
