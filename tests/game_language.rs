//! The game's language: `--lang` or `[game] language` choose it, and the voice pack follows
//! it unless one is named, so a Ukrainian game is in Ukrainian words from the first move.

#[path = "common/play.rs"]
mod common_play;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn play(home: &std::path::Path, args: &[&str]) -> Vec<String> {
    // A folder of its own for each game: a start names the folder's other unfinished games
    // first (issue 24, item 20), and each of these games ends unfinished.
    let games = tempfile::tempdir_in(home).unwrap().keep();
    let mut all = vec!["play", "--no-audio", "--control", "none", "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    // The first line is the opening line (who plays, the control, whose move, help).
    let mut lines = common_play::lines_of(&common_play::run_piped(home, &all, b"e4\nquit\n"));
    lines.remove(0);
    lines
}

#[test]
fn the_language_chooses_the_words_unless_a_pack_is_named() {
    let home = tempfile::tempdir().unwrap();
    assert_eq!(play(home.path(), &["--lang", "uk"])[0], "е чотири");
    assert_eq!(play(home.path(), &["--lang", "en"])[0], "e4");
    // A pack named outright wins over the language.
    assert_eq!(
        play(home.path(), &["--lang", "uk", "--voice", "ru"])[0],
        "е четыре"
    );
    // The configuration's language alone.
    let config = home.path().join("ru.toml");
    std::fs::write(&config, "[game]\nlanguage = \"ru\"\n").unwrap();
    assert_eq!(
        play(home.path(), &["--config", config.to_str().unwrap()])[0],
        "е четыре"
    );
    // The default stays the Appendix D words.
    assert_eq!(play(home.path(), &[])[0], "Eva vier");
}

#[test]
fn an_unknown_language_is_refused_with_the_choices() {
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--no-audio", "--lang", "fr", "--game-dir"])
        .arg(home.path().join("games"))
        .env("HOME", home.path())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--lang fr")
            && [
                "de (Deutsch)",
                "en (English)",
                "uk (українська)",
                "ru (русский)",
                "hy (հայերեն)"
            ]
            .iter()
            .all(|l| err.contains(l)),
        "{err}"
    );
}

/// `vichess ARGS` with a private home and exactly the locale `env` gives (LC_ALL,
/// LC_MESSAGES and LANG cleared first): the machine's own locale never decides.
fn run_with(home: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_vichess"));
    command
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("vichess runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().expect("vichess ends")
}

/// `vichess play` on an untimed game in `home`'s game folder: its printed lines.
fn play_in(home: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Vec<String> {
    let games = home.join("games");
    let mut all = vec!["play", "--no-audio", "--control", "none", "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    common_play::lines_of(&run_with(home, &all, stdin, env))
}

/// The journal of the game last started in `home`'s game folder.
fn current_journal(home: &Path) -> PathBuf {
    let games = home.join("games");
    let name = std::fs::read_to_string(games.join("current-game")).unwrap();
    games.join(name.trim())
}

fn journal_lines(path: &Path) -> Vec<String> {
    vichess::journal::read(path)
        .unwrap()
        .entries
        .into_iter()
        .map(|e| e.payload)
        .collect()
}

#[test]
fn a_resumed_game_goes_on_in_its_own_language() {
    let home = tempfile::tempdir().unwrap();
    let ru = [("LANG", "de_DE.UTF-8")];
    // Begun in Russian on a German system; killed (end of input) and resumed without --lang.
    play_in(home.path(), &["--lang", "ru"], b"e4\n", &ru);
    let journal = current_journal(home.path());
    assert!(
        journal_lines(&journal)
            .iter()
            .any(|l| l.starts_with("language ") && l.ends_with(" ru ru")),
        "{:?}",
        journal_lines(&journal)
    );
    let lines = play_in(home.path(), &["--resume"], b"e5\n", &ru);
    assert!(lines.iter().any(|l| l == "е пять"), "{lines:?}");
    // The report too, without --lang, on a system set to German.
    let out = run_with(
        home.path(),
        &["report", journal.to_str().unwrap()],
        b"",
        &ru,
    );
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{report}");
    assert!(report.starts_with("Отчёт арбитра"), "{report}");
}

#[test]
fn a_language_named_on_resume_changes_the_game_and_is_journaled() {
    let home = tempfile::tempdir().unwrap();
    play_in(home.path(), &["--lang", "uk"], b"e4\n", &[]);
    let lines = play_in(home.path(), &["--resume", "--lang", "en"], b"e5\n", &[]);
    assert!(
        lines
            .iter()
            .any(|l| l == "language: English (until now: Ukrainian)"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "e5"), "{lines:?}");
    let journal = current_journal(home.path());
    let records: Vec<String> = journal_lines(&journal)
        .into_iter()
        .filter(|l| l.starts_with("language "))
        .collect();
    assert_eq!(records.len(), 2, "{records:?}");
    assert!(records[1].ends_with(" en en"), "{records:?}");
    // Resumed again without --lang: English stays.
    let lines = play_in(home.path(), &["--resume"], b"Nf3\n", &[]);
    assert!(lines.iter().any(|l| l == "knight f3"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("until now")), "{lines:?}");
}

#[test]
fn a_journal_from_before_the_language_record_still_resumes_and_gets_one() {
    let home = tempfile::tempdir().unwrap();
    play_in(home.path(), &["--lang", "en"], b"e4\n", &[]);
    let path = current_journal(home.path());
    // Rewrite it as an older vichess wrote it: the same records, no language.
    let old: Vec<String> = journal_lines(&path)
        .into_iter()
        .filter(|l| !l.starts_with("language "))
        .collect();
    std::fs::remove_file(&path).unwrap();
    let mut journal = vichess::journal::Journal::create(&path, "old").unwrap();
    for line in &old {
        journal.append(line).unwrap();
    }
    drop(journal);
    let lines = play_in(
        home.path(),
        &["--resume"],
        b"e5\n",
        &[("LANG", "en_GB.UTF-8")],
    );
    assert!(lines.iter().any(|l| l == "e5"), "{lines:?}");
    assert!(journal_lines(&path)
        .iter()
        .any(|l| l.starts_with("language ") && l.ends_with(" en en")));
}

#[test]
fn the_first_language_comes_from_the_locale_and_the_start_line_says_how_to_change_it() {
    let first = |env: &[(&str, &str)]| {
        let home = tempfile::tempdir().unwrap();
        play_in(home.path(), &[], b"e4\n", env)
    };
    let en = first(&[("LANG", "en_US.UTF-8")]);
    assert!(
        en[0].ends_with(
            "; language: English (from the system's locale LANG=en_US.UTF-8); change with \
             --lang or the language setting in the configuration file; say help for the commands"
        ),
        "{}",
        en[0]
    );
    assert_eq!(en[1], "e4");
    // LC_ALL before LC_MESSAGES before LANG.
    let ru = first(&[
        ("LANG", "en_US.UTF-8"),
        ("LC_MESSAGES", "uk_UA.UTF-8"),
        ("LC_ALL", "ru_RU.UTF-8"),
    ]);
    assert_eq!(ru[1], "е четыре");
    assert!(ru[0].contains("язык: русский (из настройки системы LC_ALL=ru_RU.UTF-8)"));
    assert_eq!(
        first(&[("LC_MESSAGES", "uk_UA"), ("LANG", "en_US")])[1],
        "е чотири"
    );
    let hy = first(&[("LANG", "hy_AM.UTF-8")]);
    assert!(hy[0].contains("լեզու՝ հայերեն"), "{}", hy[0]);
    assert_eq!(first(&[("LANG", "de_CH.UTF-8")])[1], "Eva vier");
    // C, or a language vichess does not speak: the default, and the line says so.
    let c = first(&[("LANG", "C")]);
    assert_eq!(c[1], "Eva vier");
    assert!(
        c[0].ends_with(
            "; Sprache: Deutsch (die Voreinstellung; die Systemeinstellung nennt keine Sprache, \
             die vichess spricht: LANG=C); ändern mit --lang oder mit der \
             Spracheinstellung in der Konfigurationsdatei; „hilfe“ nennt die Befehle"
        ),
        "{}",
        c[0]
    );
    assert!(first(&[("LANG", "fr_FR.UTF-8")])[0].contains("LANG=fr_FR.UTF-8"));
    // A configured language wins over the locale, and --lang over both.
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config/vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[game]\nlanguage = \"uk\"\n").unwrap();
    let uk = play_in(home.path(), &[], b"e4\n", &[("LANG", "en_US.UTF-8")]);
    assert_eq!(uk[1], "е чотири");
    assert!(
        uk[0].ends_with(
            "; мова: українська; змінити: --lang або налаштування мови у файлі конфігурації; \
             «допомога» — список команд"
        ),
        "{}",
        uk[0]
    );
    let home = tempfile::tempdir().unwrap();
    let flag = play_in(
        home.path(),
        &["--lang", "ru"],
        b"e4\n",
        &[("LANG", "en_US.UTF-8")],
    );
    assert_eq!(flag[1], "е четыре");
}

/// The start line says how to change the language in the game's own words: the flag as it
/// is typed, the configuration's setting named in words, never its raw key
/// "[game] language" (a play-through heard the key read out in Armenian).
#[test]
fn the_start_line_names_the_language_setting_in_words() {
    for (lang, voice, want) in [
        (
            "en",
            "en",
            "; change with --lang or the language setting in the configuration file; ",
        ),
        (
            "de",
            "de",
            "; ändern mit --lang oder mit der Spracheinstellung in der Konfigurationsdatei; ",
        ),
        (
            "de",
            "de-fide",
            "; ändern mit --lang oder mit der Spracheinstellung in der Konfigurationsdatei; ",
        ),
        (
            "uk",
            "uk",
            "; змінити: --lang або налаштування мови у файлі конфігурації; ",
        ),
        (
            "ru",
            "ru",
            "; изменить: --lang или настройка языка в файле конфигурации; ",
        ),
        (
            "hy",
            "hy",
            "; փոխել՝ --lang կամ լեզվի կարգավորումը կազմաձևման ֆայլում; ",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let lines = play_in(home.path(), &["--lang", lang, "--voice", voice], b"", &[]);
        assert!(lines[0].contains(want), "{voice}: {}", lines[0]);
        assert!(!lines[0].contains("[game]"), "{voice}: {}", lines[0]);
        if lang != "en" && lang != "de" {
            let rest = lines[0].replace("--lang", "");
            assert!(
                !rest.chars().any(|c| c.is_ascii_alphabetic()),
                "{voice}: {}",
                lines[0]
            );
        }
    }
}

/// `config check` tells its findings in the language `play` would play in: under a C locale
/// with no language configured that is the default, German, also when the file has errors
/// and no game could start (it spoke English there).
#[test]
fn config_check_speaks_the_language_play_would_play_in() {
    let home = tempfile::tempdir().unwrap();
    let c = [("LANG", "C.UTF-8")];
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("config.toml"), "[speech]\nspeed = 1.2\n").unwrap();
    let check = |env: &[(&str, &str)]| {
        let out = run_with(home.path(), &["config", "check"], b"", env);
        let lines: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        (out.status.code(), lines)
    };
    // The game is German, and so is the check of its configuration.
    assert_eq!(play_in(home.path(), &[], b"e4\n", &c)[1], "Eva vier");
    assert_eq!(
        check(&c),
        (
            Some(0),
            vec![
                "in Ordnung: config/default.toml (eingebaut)".to_owned(),
                "in Ordnung: ~/config/vichess/config.toml".to_owned()
            ]
        )
    );
    // A file with an error and no language: still German.
    std::fs::write(own.join("config.toml"), "[speech]\nspead = 1.2\n").unwrap();
    assert_eq!(
        check(&c),
        (
            Some(1),
            vec![
                "~/config/vichess/config.toml, Zeile 2: unbekannter Schlüssel „spead“ in \
                 [speech] (meinten Sie „speed“?)"
                    .to_owned(),
                "Fehler: 1".to_owned()
            ]
        )
    );
    // A locale that names a language decides, as it does for the game.
    assert_eq!(check(&[("LANG", "ru_RU.UTF-8")]).1[1], "ошибок: 1");
}
