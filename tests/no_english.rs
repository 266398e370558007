//! No English left in a game or report in another language (issue 24, item 12): the
//! start-up errors, the report's labels and notes, the game's file names and a whole short
//! game, each run in every language with the locale set explicitly.

#[path = "common/play.rs"]
mod common_play;

use std::path::Path;

/// Words that give away an English line (the configuration's own key names, `--lang` and
/// `[game] language`, and the paths are taken out first: they are the same in every
/// language).
const ENGLISH: &[&str] = &[
    "White", "Black", "the ", "game", "language", "saved", "resum", "cannot", "there is",
    "arbiter", "note", "Event", "Round", "Site", "help", "move",
];

fn assert_no_english(lang: &str, text: &str, home: &Path) {
    // Paths (and the FEN) are the same in every language: every word with a slash goes.
    let text: String = text
        .replace(home.to_str().unwrap(), "")
        .lines()
        .map(|l| {
            l.split(' ')
                .filter(|w| !w.contains('/'))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let text = text
        .replace("[game] language", "")
        .replace("--resume-finished", "")
        .replace("--game-dir", "")
        .replace("--lang", "");
    for word in ENGLISH {
        assert!(!text.contains(word), "{lang}: {word:?} in:\n{text}");
    }
}

const LANGS: [&str; 4] = ["de", "uk", "ru", "hy"];

#[test]
fn a_short_game_prints_no_english_and_its_files_are_named_in_its_language() {
    for (lang, names) in [
        ("de", "Weiß-Schwarz"),
        ("uk", "Білі-Чорні"),
        ("ru", "Белые-Чёрные"),
        ("hy", "Սպիտակները-Սևերը"),
        ("en", "White-Black"),
    ] {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let out = common_play::run_piped(
            home.path(),
            &[
                "play",
                "--no-audio",
                "--lang",
                lang,
                "--game-dir",
                games.to_str().unwrap(),
            ],
            b"e4\nQd5\nquit\n",
        );
        let lines = common_play::lines_of(&out).join("\n");
        let current = std::fs::read_to_string(games.join("current-game")).unwrap();
        assert!(
            current.trim().ends_with(&format!("-{names}.journal")),
            "{lang}: {current}"
        );
        assert!(games.join(current.trim()).with_extension("pgn").exists());
        if lang != "en" {
            assert_no_english(lang, &lines, home.path());
        }
    }
}

#[test]
fn start_up_errors_are_in_the_language_asked_for() {
    for lang in LANGS {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        std::fs::create_dir_all(&games).unwrap();
        let bad = home.path().join("bad.toml");
        std::fs::write(&bad, "[game]\ncontrol = \"90+30\"\n").unwrap();
        for args in [
            vec!["--resume"],
            vec!["--control", "soon"],
            vec!["--control", "40/"],
            vec!["--control", "40/90m,"],
            vec!["--voice", "nosuch"],
        ] {
            let mut all = vec![
                "play",
                "--no-audio",
                "--lang",
                lang,
                "--game-dir",
                games.to_str().unwrap(),
            ];
            all.extend(args.iter().copied());
            let out = common_play::run_piped(home.path(), &all, b"");
            assert!(!out.status.success(), "{lang} {args:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            // Why, as well as what: the time control's and the voice pack's reasons too.
            assert_no_english(lang, &err, home.path());
        }
    }
    let home = tempfile::tempdir().unwrap();
    let bad = home.path().join("bad.toml");
    std::fs::write(&bad, "[game]\ncolour = \"white\"\n").unwrap();
    let out = common_play::run_piped(
        home.path(),
        &[
            "play",
            "--no-audio",
            "--lang",
            "ru",
            "--config",
            bad.to_str().unwrap(),
        ],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("vichess: конфигурацию нельзя использовать:\n"),
        "{err}"
    );
    let out = common_play::run_piped(
        home.path(),
        &[
            "play",
            "--no-audio",
            "--lang",
            "de",
            "--resume",
            "--game-dir",
            home.path().join("none").to_str().unwrap(),
        ],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("hier gibt es keine Partie zum Fortsetzen"),
        "{err}"
    );
}

#[test]
fn the_report_labels_the_roster_and_the_notes_in_the_games_language() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("game.journal");
    let mut j = vichess::journal::Journal::create(&path, "2026-11-24T16-00-00").unwrap();
    for p in [
        "begin 0 - standard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "tag 0 Event Open",
        "tag 0 Site Yerevan",
        "tag 0 Round 3",
        "tag 0 White Anna",
        "tag 0 Black Bert",
        "move 1000 e2e4",
        "note 2000 arbiter: clock knocked over",
        "note 3000 the sighted player touched the black knight on g8",
        "end 4000",
    ] {
        j.append(p).unwrap();
    }
    drop(j);
    for lang in LANGS {
        let out = common_play::run_piped(
            home.path(),
            &["report", "--lang", lang, path.to_str().unwrap()],
            b"",
        );
        let report = common_play::lines_of(&out).join("\n");
        // The PGN's tags stay PGN ([White "Anna"]); the report's lines are in its words.
        let plain = &report[..report.find("\n\n").unwrap()];
        assert_no_english(lang, &plain.replace("clock knocked over", ""), home.path());
        assert!(!report.contains("note:"), "{lang}: {report}");
    }
    let de = common_play::lines_of(&common_play::run_piped(
        home.path(),
        &["report", "--lang", "de", path.to_str().unwrap()],
        b"",
    ))
    .join("\n");
    for line in [
        "Turnier: Open",
        "Ort: Yerevan",
        "Runde: 3",
        "Weiß: Anna",
        "Schwarz: Bert",
        "Notiz des Schiedsrichters: clock knocked over",
    ] {
        assert!(de.contains(line), "{line} missing:\n{de}");
    }
}

/// The configuration checker's own words (issue 24, item 12): where, what is wrong and what
/// would be right, in the language `play` was asked for.
#[test]
fn configuration_errors_are_framed_in_the_language_asked_for() {
    let home = tempfile::tempdir().unwrap();
    let bad = home.path().join("bad.toml");
    std::fs::write(
        &bad,
        "[game]\ncolour = \"white\"\n[speech]\nspeed = \"fast\"\n",
    )
    .unwrap();
    for (lang, words) in [
        (
            "de",
            ["Zeile 2", "unbekannter Schlüssel „colour“", "erwartet"],
        ),
        ("ru", ["строка 2", "неизвестный ключ «colour»", "ожидалось"]),
        ("uk", ["рядок 2", "невідомий ключ «colour»", "очікувалося"]),
        ("hy", ["տող 2", "անհայտ բանալի «colour»", "սպասվում էր"]),
    ] {
        let out = common_play::run_piped(
            home.path(),
            &[
                "play",
                "--no-audio",
                "--lang",
                lang,
                "--config",
                bad.to_str().unwrap(),
            ],
            b"",
        );
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        for word in words {
            assert!(err.contains(word), "{lang}: {word:?} missing:\n{err}");
        }
        for english in [
            "unknown key",
            "line",
            "expected",
            "did you mean",
            "found",
            "must be",
        ] {
            assert!(!err.contains(english), "{lang}: {english:?} in:\n{err}");
        }
    }
    // A file that is not TOML: where and why in the language's words, toml's own in brackets.
    std::fs::write(&bad, "[game\n").unwrap();
    let out = common_play::run_piped(
        home.path(),
        &[
            "play",
            "--no-audio",
            "--lang",
            "de",
            "--config",
            bad.to_str().unwrap(),
        ],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "Zeile 1, Spalte 6: das ist kein gültiges TOML: eine Klammer ist nicht geschlossen ("
        ),
        "{err}"
    );
    // `config check --lang en` says it in English.
    std::fs::write(&bad, "[game]\ncolour = \"white\"\n").unwrap();
    let out = common_play::run_piped(
        home.path(),
        &["config", "check", "--lang", "en", bad.to_str().unwrap()],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stdout);
    assert!(
        err.contains("line 2: unknown key \"colour\" in [game]"),
        "{err}"
    );
}

/// `vichess report`'s own errors and the touch-move breaches it reports are in the game's
/// language as the journal's `language` record names it (issue 24, item 12); a journal that
/// cannot be read leaves the configuration's language.
#[test]
fn the_reports_errors_and_touch_move_breaches_are_in_the_games_language() {
    use vichess::board::tracker::TrackerEvent;
    use vichess::rules::arbiter::touch::{Obligation, Reason};
    use vichess::rules::notation::parse_move;
    use vichess::rules::{Position, Square};
    let home = tempfile::tempdir().unwrap();
    let start = Position::new();
    let mv = |san| parse_move(&start, san).unwrap();
    // The notes as the session journals them.
    let bound = TrackerEvent::TouchMoveBreach {
        played: mv("Nf3"),
        obligation: Obligation::OneOf {
            moves: vec![mv("Nc3"), mv("Na3")],
            why: Reason::MoveTouched(Square::B1),
        },
    }
    .to_string();
    let any = TrackerEvent::TouchMoveBreach {
        played: mv("e4"),
        obligation: Obligation::AnyLegalMove,
    }
    .to_string();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let journal = |name: &str, lang: &str, last: &str| {
        let path = home.path().join(name);
        let mut j = vichess::journal::Journal::create(&path, "2026-11-25T20-00-00").unwrap();
        for p in [
            format!("begin 0 - standard {fen}"),
            format!("language 0 {lang} {lang}"),
            "move 1000 g1f3".to_string(),
            format!("note 1500 {bound}"),
            format!("note 1600 {any}"),
            last.to_string(),
        ] {
            j.append(&p).unwrap();
        }
        path
    };
    for (lang, notes, unknown, unreplayable) in [
        (
            "de",
            [
                "Hinweis für den Schiedsrichter: berührt, geführt: Ng1-f3 wurde gespielt, der Spieler war aber an Nb1-c3 oder Nb1-a3 gebunden",
                "Hinweis für den Schiedsrichter: berührt, geführt: e2-e4 wurde gespielt",
            ],
            "--lang fr: diese Sprache spricht vichess nicht; die Sprachen sind de (Deutsch)",
            "die Partie im Protokoll lässt sich nicht nachspielen (",
        ),
        (
            "ru",
            [
                "заметка для арбитра: взялся, ходи: сыгран ход Ng1-f3, но игрок был обязан сыграть Nb1-c3 или Nb1-a3",
                "заметка для арбитра: взялся, ходи: сыгран ход e2-e4",
            ],
            "--lang fr: на этом языке vichess не говорит; языки такие: de (Deutsch)",
            "партию из журнала нельзя воспроизвести (",
        ),
        (
            "hy",
            [
                "նշում մրցավարի համար: դիպար, խաղա: խաղացվել է Ng1-f3, բայց խաղացողը պարտավոր էր խաղալ Nb1-c3 թե Nb1-a3",
                "նշում մրցավարի համար: դիպար, խաղա: խաղացվել է e2-e4",
            ],
            "--lang fr: vichess-ն այս լեզվով չի խոսում։ լեզուներն են՝ de (Deutsch)",
            "մատյանի խաղը հնարավոր չէ վերարտադրել (",
        ),
    ] {
        let good = journal(&format!("{lang}.journal"), lang, "end 2000");
        let out = common_play::run_piped(home.path(), &["report", good.to_str().unwrap()], b"");
        assert!(out.status.success(), "{lang}");
        let report = common_play::lines_of(&out).join("\n");
        for note in notes {
            assert!(report.contains(note), "{lang}: {note:?} missing:\n{report}");
        }
        for english in ["touch-move", "was played", "bound to"] {
            assert!(!report.contains(english), "{lang}: {english:?} in:\n{report}");
        }
        let refused = |args: &[&str]| {
            let out = common_play::run_piped(home.path(), args, b"");
            assert!(!out.status.success(), "{lang} {args:?}");
            String::from_utf8_lossy(&out.stderr).to_string()
        };
        let err = refused(&["report", "--lang", "fr", good.to_str().unwrap()]);
        assert!(err.contains(unknown), "{lang}: {err}");
        // Black cannot play e2-e5: the journal's game stops there.
        let bad = journal(&format!("{lang}-bad.journal"), lang, "move 2000 e2e5");
        let err = refused(&["report", bad.to_str().unwrap()]);
        assert!(err.contains(unreplayable), "{lang}: {err}");
        assert!(!err.contains("cannot be replayed"), "{lang}: {err}");
    }
    // No journal to read: the configuration's language says so.
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"uk\"\n").unwrap();
    let missing = home.path().join("missing.journal");
    let out = common_play::run_piped(home.path(), &["report", missing.to_str().unwrap()], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("vichess: журнал не вдається прочитати: "),
        "{err}"
    );
    assert!(!err.contains("cannot read"), "{err}");
}

/// `vichess config check` in the game's language (issue 24, item 12): `--lang`, else the
/// configuration's `[game] language`, else the locale's, as `play` chooses; every line, the
/// count and "ok" too.
#[test]
fn config_check_speaks_the_language_asked_for_or_configured() {
    let home = tempfile::tempdir().unwrap();
    let bad = home.path().join("bad.toml");
    std::fs::write(
        &bad,
        "[game]\ncolour = \"white\"\n[speech]\nspeed = \"fast\"\n",
    )
    .unwrap();
    let path = bad.to_str().unwrap();
    for (lang, lines) in [
        (
            "de",
            [
                "bad.toml, Zeile 2: unbekannter Schlüssel „colour“ in [game]",
                "bad.toml, Zeile 4: Schlüssel „speed“ in [speech]: erwartet: eine Zahl; gefunden: Text",
                "Fehler: 2",
            ],
        ),
        (
            "ru",
            [
                "bad.toml, строка 2: неизвестный ключ «colour»",
                "bad.toml, строка 4: ключ «speed» в [speech]: ожидалось: число; найдено: текст",
                "ошибок: 2",
            ],
        ),
        (
            "hy",
            [
                "bad.toml, տող 2: անհայտ բանալի «colour»",
                "bad.toml, տող 4: բանալի «speed»",
                "սխալներ՝ 2",
            ],
        ),
    ] {
        let out = common_play::run_piped(
            home.path(),
            &["config", "check", "--lang", lang, path],
            b"",
        );
        assert_eq!(out.status.code(), Some(1), "{lang}");
        let said = String::from_utf8_lossy(&out.stdout);
        for line in &lines {
            assert!(
                said.lines().any(|l| l.contains(line)),
                "{lang}: {line:?} missing:\n{said}"
            );
        }
        for english in ["line", "unknown key", "expected", "found", "error"] {
            assert!(!said.contains(english), "{lang}: {english:?} in:\n{said}");
        }
    }
    // Without --lang: the configuration's language, and "ok" in it.
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"uk\"\n").unwrap();
    let out = common_play::run_piped(home.path(), &["config", "check"], b"");
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.lines()
            .any(|l| l.starts_with("гаразд: ") && l.ends_with("config/vichess/config.toml")),
        "{said}"
    );
    assert!(
        said.lines()
            .any(|l| l == "гаразд: config/default.toml (вбудований)"),
        "{said}"
    );
    assert!(
        !said.contains("ok:") && !said.contains("built in"),
        "{said}"
    );
    // The same file checked explicitly, in Russian by its configuration's language, with
    // errors: the language of the configuration that can be read decides.
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"ru\"\n").unwrap();
    let out = common_play::run_piped(home.path(), &["config", "check", path], b"");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("строка 2: неизвестный ключ «colour»"),
        "{said}"
    );
    // An unknown --lang is refused in that language, naming the languages there are.
    let out = common_play::run_piped(home.path(), &["config", "check", "--lang", "fr"], b"");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for word in ["--lang fr", "языки", "Deutsch", "українська", "հայերեն"] {
        assert!(err.contains(word), "{word:?} missing:\n{err}");
    }
}

/// A file that is not TOML, or a value its key refuses (issue 24, item 12): the place (line
/// and, for broken TOML, column) and a short reason in the game's language; the parser's or
/// the check's own English words follow in brackets, as a device's are kept.
#[test]
fn parse_errors_and_refused_values_are_said_in_the_language() {
    let home = tempfile::tempdir().unwrap();
    let bad = home.path().join("bad.toml");
    let path = bad.to_str().unwrap();
    let cases: [(&str, [(&str, &str); 3]); 8] = [
        (
            "[game\n",
            [
                ("de", "Zeile 1, Spalte 6: das ist kein gültiges TOML: eine Klammer ist nicht geschlossen (unclosed table"),
                ("ru", "строка 1, столбец 6: это не корректный TOML: скобка не закрыта (unclosed table"),
                ("hy", "տող 1, սյունակ 6: սա վավեր TOML չէ: փակագիծը փակված չէ (unclosed table"),
            ],
        ),
        (
            "[speech]\nspeed = 1.0\nspeed = 1.2\n",
            [
                ("de", "Zeile 3, Spalte 1: das ist kein gültiges TOML: ein Schlüssel oder Abschnitt steht doppelt (duplicate key)"),
                ("ru", "строка 3, столбец 1: это не корректный TOML: ключ или раздел записан дважды (duplicate key)"),
                ("hy", "տող 3, սյունակ 1: սա վավեր TOML չէ: բանալին կամ բաժինը գրված է երկու անգամ (duplicate key)"),
            ],
        ),
        (
            "[speech]\nspeed = 1,5\n",
            [
                ("de", "Zeile 2, Spalte 10: das ist kein gültiges TOML: nach dem Wert steht noch etwas in derselben Zeile (unexpected"),
                ("uk", "рядок 2, стовпець 10: це не чинний TOML: після значення в тому ж рядку є ще щось (unexpected"),
                ("hy", "տող 2, սյունակ 10: սա վավեր TOML չէ: արժեքից հետո նույն տողում դեռ ինչ-որ բան կա (unexpected"),
            ],
        ),
        (
            "[speech]\nspeed = 9\n",
            [
                ("de", "Zeile 2: Schlüssel „speed“ in [speech]: der Wert liegt außerhalb des erlaubten Bereichs (9; erlaubt: 0.5 bis 3.0)"),
                ("ru", "строка 2: ключ «speed» в [speech]: значение вне допустимого диапазона (9; допустимо: от 0.5 до 3.0)"),
                ("hy", "տող 2: բանալի «speed» [speech] բաժնում: արժեքը թույլատրելի սահմաններից դուրս է (9; թույլատրելի է՝ 0.5-ից 3.0)"),
            ],
        ),
        (
            "[game]\nlanguage = \"fr\"\n",
            [
                ("de", "Zeile 2: Schlüssel „language“ in [game]: keine Sprache, die vichess spricht („fr“; de (Deutsch), en (English)"),
                ("uk", "рядок 2: ключ «language» у [game]: цією мовою vichess не розмовляє («fr»; de (Deutsch)"),
                ("hy", "տող 2: բանալի «language» [game] բաժնում: vichess-ն այս լեզվով չի խոսում («fr»; de (Deutsch)"),
            ],
        ),
        (
            "[speech]\npack = \"xx\"\noutput = \"loud\"\n",
            [
                ("de", "Zeile 2: Schlüssel „pack“ in [speech]: diese Stimme gibt es nicht („xx“; "),
                ("ru", "строка 2: ключ «pack» в [speech]: такого голоса нет («xx»; есть такие голоса: de-fide, "),
                ("uk", "рядок 2: ключ «pack» у [speech]: такого голосу немає («xx»; "),
            ],
        ),
        (
            "[speech]\noutput = \"loud\"\n",
            [
                ("de", "Zeile 2: Schlüssel „output“ in [speech]: "),
                ("ru", "строка 2: ключ «output» в [speech]: не одно из значений, которые принимает этот ключ («loud»; clips, screen-reader, both)"),
                ("hy", "տող 2: բանալի «output» [speech] բաժնում: "),
            ],
        ),
        (
            "[gamepad.buttons]\nSouth = \"pres\"\n",
            [
                ("de", "Zeile 2: Schlüssel „South“ in [gamepad.buttons]: diesen Befehl gibt es nicht (button"),
                ("ru", "строка 2: ключ «South» в [gamepad.buttons]: такой команды нет (button"),
                ("hy", "տող 2: բանալի «South» [gamepad.buttons] բաժնում: այդպիսի հրաման չկա (button"),
            ],
        ),
    ];
    for (text, expected) in cases {
        std::fs::write(&bad, text).unwrap();
        for (lang, line) in expected {
            let out = common_play::run_piped(
                home.path(),
                &["config", "check", "--lang", lang, path],
                b"",
            );
            let said = String::from_utf8_lossy(&out.stdout);
            let first = said.lines().next().unwrap_or_default();
            assert!(
                first.contains(line),
                "{lang} {text:?}: {line:?} missing:\n{said}"
            );
            // The line's own words come before the brackets; only toml's may be English,
            // and the ranges, names and choices vichess retells are in the language too.
            let own = match text.contains("speed = 9")
                || text.contains("\"fr\"")
                || text.contains("\"xx\"")
                || text.contains("\"loud\"")
            {
                true => first,
                false => first.split(" (").next().unwrap(),
            };
            for english in [
                "line",
                "column",
                "not valid",
                "key",
                "out of range",
                "expected",
            ] {
                assert!(
                    !own.contains(english),
                    "{lang} {text:?}: {english:?} in {own:?}"
                );
            }
        }
    }
}

/// An unknown `--lang` is refused in the language the configuration or the locale gives,
/// naming the languages there are.
#[test]
fn an_unknown_lang_is_refused_in_the_configured_language() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("de.toml");
    std::fs::write(&config, "[game]\nlanguage = \"ru\"\n").unwrap();
    let out = common_play::run_piped(
        home.path(),
        &[
            "play",
            "--no-audio",
            "--lang",
            "fr",
            "--config",
            config.to_str().unwrap(),
        ],
        b"",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--lang fr"), "{err}");
    for word in [
        "Deutsch",
        "English",
        "українська",
        "русский",
        "հայերեն",
        "язык",
    ] {
        assert!(err.contains(word), "{word:?} missing:\n{err}");
    }
    assert!(!err.contains("not a language"), "{err}");
}

/// `vichess play --lang LANG ARGS` refused before the game begins (games in `home/games`):
/// its standard error, which is all it printed.
fn refused(home: &Path, lang: &str, args: &[&str]) -> String {
    let games = home.join("games");
    let mut all = vec!["play", "--no-audio", "--lang", lang, "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    let out = common_play::run_piped(home, &all, b"");
    assert!(!out.status.success(), "{lang} {args:?}");
    assert!(out.stdout.is_empty(), "{lang} {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stderr).trim_end().to_string()
}

/// What is wrong with a time control or a voice pack is said, not only that something is:
/// where in the text, the part quoted in the language's marks, and the packs there are.
#[test]
fn a_bad_time_control_or_voice_pack_says_where_and_why() {
    let home = tempfile::tempdir().unwrap();
    let run = |lang: &str, args: &[&str]| refused(home.path(), lang, args);
    assert_eq!(
        run("de", &["--control", "5x"]),
        "vichess: die Bedenkzeit ist nicht lesbar (--control 5x: Zeichen 2: „x“ gehört zu keiner Bedenkzeit)"
    );
    assert_eq!(
        run("ru", &["--control", "90+x"]),
        "vichess: контроль времени не удаётся прочитать (--control 90+x: символ 4: «x» не число (секунды))"
    );
    assert_eq!(
        run("en", &["--control", "40/"]),
        "vichess: the time control cannot be read (--control 40/: character 4: a number is missing (seconds))"
    );
    let err = run("uk", &["--voice", "nosuch"]);
    assert!(
        err.starts_with("vichess: такого голосу немає («nosuch»; шукали в: "),
        "{err}"
    );
    assert!(
        err.contains("; є такі голоси: ") && err.contains("de-fide"),
        "{err}"
    );
}

/// A configuration file with a mistake still names the language its mistakes are told in: the
/// player who wrote `language = "ru"` and then a misspelt key hears about the key in Russian,
/// from `play` and from `config check`, with nothing in English (the file was not usable, so
/// before this the line fell back to English or German).
#[test]
fn a_broken_configuration_is_told_in_the_language_it_names() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config").join("vichess");
    std::fs::create_dir_all(&config).unwrap();
    for (lang, file, said) in [
        (
            "ru",
            "[game]\nlanguage = \"ru\"\nlangauge = \"ru\"\n",
            "vichess: конфигурацию нельзя использовать:",
        ),
        (
            "hy",
            "[game]\nlanguage = \"hy\"\n[speech]\nspeed = 9\n",
            "vichess: կարգավորումը հնարավոր չէ օգտագործել:",
        ),
    ] {
        std::fs::write(config.join("config.toml"), file).unwrap();
        let play = common_play::run_piped(home.path(), &["play", "--no-audio"], b"");
        assert_eq!(play.status.code(), Some(2), "{lang}: {play:?}");
        let err = String::from_utf8_lossy(&play.stderr);
        assert!(err.starts_with(said), "{lang}: {err}");
        let check = common_play::run_piped(home.path(), &["config", "check"], b"");
        let out = String::from_utf8_lossy(&check.stdout);
        assert_eq!(check.status.code(), Some(1), "{lang}: {out}");
        // The file's own names ([game], «langauge») are as written; no English around them.
        for text in [&err, &out] {
            for english in [
                "line", "key", "range", "unknown", "cannot", "allowed", "error",
            ] {
                assert!(!text.contains(english), "{lang}: {english:?} in {text}");
            }
        }
    }
}

/// The error points at the character that is wrong, not at the start of its number, and a
/// bare number under 180 is read in minutes (the poster syntax), so the error names minutes.
#[test]
fn a_bad_time_control_points_at_the_bad_character_in_the_unit_it_is_read_in() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let run = |lang: &str, control: &str| {
        let all = [
            "play",
            "--no-audio",
            "--lang",
            lang,
            "--game-dir",
            games.to_str().unwrap(),
            "--control",
            control,
        ];
        let out = common_play::run_piped(home.path(), &all, b"");
        assert!(!out.status.success(), "{lang} {control}");
        let err = String::from_utf8_lossy(&out.stderr).trim_end().to_string();
        let (_, detail) = err.split_once(&format!("--control {control}: ")).unwrap();
        detail.trim_end_matches(')').to_string()
    };
    for (lang, said) in [
        ("de", "Zeichen 3: „x“ gehört zu keiner Bedenkzeit"),
        ("en", "character 3: \"x\" is not part of a time control"),
        ("uk", "символ 3: «x» не є частиною контролю часу"),
        ("ru", "символ 3: «x» не является частью контроля времени"),
        ("hy", "նիշ 3: «x» ժամանակի հսկողության մաս չէ"),
    ] {
        assert_eq!(run(lang, "90x+30"), said, "{lang}");
    }
    // Ninety is under 180: minutes, as `90+30` would be read.
    for (lang, said) in [
        ("de", "Zeichen 4: „5.5.5“ ist keine Zahl (Minuten"),
        ("en", "character 4: \"5.5.5\" is not a number (minutes"),
        ("uk", "символ 4: «5.5.5» не є числом (хвилини"),
        ("ru", "символ 4: «5.5.5» не число (минуты"),
    ] {
        assert_eq!(run(lang, "40/5.5.5"), said, "{lang}");
    }
    // 5400 is seconds (PGN); a unit written elsewhere points at the bad part all the same.
    assert_eq!(
        run("en", "5400x"),
        "character 5: \"x\" is not part of a time control"
    );
    assert_eq!(
        run("en", "90m+x"),
        "character 5: \"x\" is not a number (seconds"
    );
}

/// The engine's level, rating and side, and the player's side, are read once the game's
/// language is known (issue 27): a bad one is refused in the game's words, naming the flag
/// and the value, and no game is begun.
#[test]
fn a_bad_engine_level_rating_or_side_says_where_and_why_in_the_games_language() {
    let home = tempfile::tempdir().unwrap();
    let run = |lang: &str, args: &[&str]| {
        let mut all = vec!["--engine", "/nonexistent/engine"];
        all.extend(args);
        refused(home.path(), lang, &all)
    };
    assert_eq!(
        run("de", &["--level", "9"]),
        "vichess: --level 9: die Stufe ist 1 bis 8"
    );
    assert_eq!(
        run("en", &["--level", "zero"]),
        "vichess: --level zero: the level is 1 to 8"
    );
    assert_eq!(
        run("uk", &["--elo", "100"]),
        "vichess: --elo 100: рейтинг — від 500 до 3500"
    );
    assert_eq!(
        run("ru", &["--engine-side", "green"]),
        "vichess: --engine-side green: сторона — white (белые) или black (чёрные)"
    );
    assert_eq!(
        run("hy", &["--side", "green"]),
        "vichess: --side green: կողմը white (սպիտակները) կամ black (սևերը) է"
    );
    assert_eq!(
        run("de", &["--engine-side", "grün"]),
        "vichess: --engine-side grün: die Seite ist white (Weiß) oder black (Schwarz)"
    );
    // What goes only with an engine, or not with another flag, is said the same way.
    let alone = |lang: &str, args: &[&str]| refused(home.path(), lang, args);
    assert_eq!(
        alone("de", &["--level", "3"]),
        "vichess: --level 3: nur mit --engine"
    );
    assert_eq!(
        alone("en", &["--no-help"]),
        "vichess: --no-help: only with --engine"
    );
    assert_eq!(
        run("uk", &["--level", "3", "--elo", "1500"]),
        "vichess: --elo 1500: не разом із --level: сила — це рівень або рейтинг"
    );
    assert_eq!(
        run("ru", &["--think", "быстро"]),
        "vichess: --think быстро: время раздумий движка — число миллисекунд"
    );
    assert_eq!(
        alone("hy", &["--engine-side", "white"]),
        "vichess: --engine-side white: միայն --engine-ի հետ"
    );
    // Nothing was begun: no game folder, no journal.
    assert!(!home.path().join("games").exists());
}
