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
    // A file that is not TOML: where and why in the language's words, and no English of the
    // TOML parser's after them.
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
        err.lines().any(|l| l.ends_with(
            "Zeile 1, Spalte 6: das ist kein gültiges TOML: eine Klammer ist nicht geschlossen"
        )),
        "{err}"
    );
    assert!(!err.contains("unclosed"), "{err}");
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
                "Hinweis für den Schiedsrichter: berührt, geführt: Sg1-f3 wurde gespielt, der Spieler war aber an Sb1-c3 oder Sb1-a3 gebunden",
                "Hinweis für den Schiedsrichter: berührt, geführt: e2-e4 wurde gespielt",
            ],
            "--lang fr: diese Sprache spricht vichess nicht; die Sprachen sind de (Deutsch)",
            "die Partie im Protokoll lässt sich nicht nachspielen: ",
        ),
        (
            "ru",
            [
                "заметка для арбитра: взялся, ходи: сыгран ход Кg1-f3, но игрок был обязан сыграть Кb1-c3 или Кb1-a3",
                "заметка для арбитра: взялся, ходи: сыгран ход e2-e4",
            ],
            "--lang fr: на этом языке vichess не говорит; языки такие: de (Deutsch)",
            "партию из журнала нельзя воспроизвести: ",
        ),
        (
            "hy",
            [
                "նշում մրցավարի համար՝ դիպար, խաղա՝ խաղացվել է Ձg1-f3, բայց խաղացողը պարտավոր էր խաղալ Ձb1-c3 կամ Ձb1-a3",
                "նշում մրցավարի համար՝ դիպար, խաղա՝ խաղացվել է e2-e4",
            ],
            "--lang fr: vichess-ն այս լեզվով չի խոսում։ լեզուներն են՝ de (Deutsch)",
            "մատյանի խաղը հնարավոր չէ վերարտադրել՝ ",
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
        // Where, in the report's words: the journal's line 6, the refused move.
        let line = match lang {
            "de" => "Zeile 6",
            "ru" => "строка 6",
            _ => "տող 6",
        };
        assert!(err.contains(line), "{lang}: {err}");
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
                "bad.toml, տող 2՝ անհայտ բանալի «colour»",
                "bad.toml, տող 4՝ բանալի «speed»",
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
    // Broken TOML: the whole line is the language's (the parser's English is not kept).
    let cases: [(&str, [(&str, &str); 3]); 15] = [
        (
            "[game\n",
            [
                ("de", "Zeile 1, Spalte 6: das ist kein gültiges TOML: eine Klammer ist nicht geschlossen"),
                ("ru", "строка 1, столбец 6: это не корректный TOML: скобка не закрыта"),
                ("hy", "տող 1, սյունակ 6՝ սա վավեր TOML չէ՝ փակագիծը փակված չէ"),
            ],
        ),
        (
            "[speech]\nspeed = 1.0\nspeed = 1.2\n",
            [
                ("de", "Zeile 3, Spalte 1: das ist kein gültiges TOML: ein Schlüssel oder Abschnitt steht doppelt"),
                ("ru", "строка 3, столбец 1: это не корректный TOML: ключ или раздел записан дважды"),
                ("hy", "տող 3, սյունակ 1՝ սա վավեր TOML չէ՝ բանալին կամ բաժինը գրված է երկու անգամ"),
            ],
        ),
        (
            "[speech]\nspeed = 1,5\n",
            [
                ("de", "Zeile 2, Spalte 10: das ist kein gültiges TOML: nach dem Wert steht noch etwas in derselben Zeile"),
                ("uk", "рядок 2, стовпець 10: це не чинний TOML: після значення в тому ж рядку є ще щось"),
                ("hy", "տող 2, սյունակ 10՝ սա վավեր TOML չէ՝ արժեքից հետո նույն տողում դեռ ինչ-որ բան կա"),
            ],
        ),
        (
            "[game]\nevent = \"Open\n",
            [
                ("de", "Zeile 2, Spalte 14: das ist kein gültiges TOML: ein Text in Anführungszeichen ist nicht geschlossen"),
                ("uk", "рядок 2, стовпець 14: це не чинний TOML: текст у лапках не закрито"),
                ("en", "line 2, column 14: this is not valid TOML: a text in quotes is not closed"),
            ],
        ),
        (
            "[game]\nevent \"Open\"\n",
            [
                ("de", "Zeile 2, Spalte 7: das ist kein gültiges TOML: ein Schlüssel ohne = und Wert"),
                ("ru", "строка 2, столбец 7: это не корректный TOML: ключ без = и значения"),
                ("en", "line 2, column 7: this is not valid TOML: a key without = and a value"),
            ],
        ),
        (
            "[game]\n= 3\n",
            [
                ("de", "Zeile 2, Spalte 1: das ist kein gültiges TOML"),
                ("hy", "տող 2, սյունակ 1՝ սա վավեր TOML չէ"),
                ("en", "line 2, column 1: this is not valid TOML"),
            ],
        ),
        (
            "[speech]\nspeed = 9\n",
            [
                ("de", "Zeile 2: Schlüssel „speed“ in [speech]: der Wert liegt außerhalb des erlaubten Bereichs (9; erlaubt: 0.5 bis 3.0)"),
                ("ru", "строка 2: ключ «speed» в [speech]: значение вне допустимого диапазона (9; допустимо: от 0.5 до 3.0)"),
                ("hy", "տող 2՝ բանալի «speed» [speech] բաժնում՝ արժեքը թույլատրելի սահմաններից դուրս է (9; թույլատրելի է՝ 0.5-ից 3.0)"),
            ],
        ),
        // A blitz penalty out of its range: the check's own reason retold, no English left.
        (
            "[clock]\nblitz_penalty_minutes = 3\n",
            [
                ("de", "Zeile 2: Schlüssel „blitz_penalty_minutes“ in [clock]: der Wert liegt außerhalb des erlaubten Bereichs (3; erlaubt: 1 bis 2)"),
                ("ru", "строка 2: ключ «blitz_penalty_minutes» в [clock]: значение вне допустимого диапазона (3; допустимо: от 1 до 2)"),
                ("hy", "տող 2՝ բանալի «blitz_penalty_minutes» [clock] բաժնում՝ արժեքը թույլատրելի սահմաններից դուրս է (3; թույլատրելի է՝ 1-ից 2)"),
            ],
        ),
        (
            "[game]\nlanguage = \"fr\"\n",
            [
                ("de", "Zeile 2: Schlüssel „language“ in [game]: keine Sprache, die vichess spricht („fr“; de (Deutsch), en (English)"),
                ("uk", "рядок 2: ключ «language» у [game]: цією мовою vichess не розмовляє («fr»; de (Deutsch)"),
                ("hy", "տող 2՝ բանալի «language» [game] բաժնում՝ vichess-ն այս լեզվով չի խոսում («fr»; de (Deutsch)"),
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
                ("hy", "տող 2՝ բանալի «output» [speech] բաժնում՝ "),
            ],
        ),
        (
            "[gamepad.buttons]\nSouth = \"pres\"\n",
            [
                ("de", "Zeile 2: Schlüssel „South“ in [gamepad.buttons]: diesen Befehl gibt es nicht („pres“ (meinten Sie „press“?); die Werte sind: press-white, "),
                ("ru", "строка 2: ключ «South» в [gamepad.buttons]: такой команды нет («pres» ("),
                ("hy", "տող 2՝ բանալի «South» [gamepad.buttons] բաժնում՝ այդպիսի հրաման չկա («pres» (գուցե նկատի ունեի՞ք «press»); արժեքներն են՝ press-white, "),
            ],
        ),
        (
            "[window]\ntheme = \"pink\"\n",
            [
                ("de", "Zeile 2: Schlüssel „theme“ in [window]: keiner der Werte, die dieser Schlüssel annimmt („pink“; high-contrast, black-on-yellow, white-on-black, custom)"),
                ("ru", "строка 2: ключ «theme» в [window]: не одно из значений, которые принимает этот ключ («pink»; high-contrast, "),
                ("hy", "տող 2՝ բանալի «theme» [window] բաժնում՝ այս բանալու թույլատրելի արժեքներից չէ («pink»; "),
            ],
        ),
        (
            "[window]\nlight = \"yellow\"\n",
            [
                ("de", "Zeile 2: Schlüssel „light“ in [window]: „yellow“ ist keine Farbe; eine Farbe wird #RRGGBB geschrieben, zum Beispiel #FFFF00 für Gelb"),
                ("uk", "рядок 2: ключ «light» у [window]: «yellow» — не колір; колір пишеться як #RRGGBB"),
                ("hy", "տող 2՝ բանալի «light» [window] բաժնում՝ «yellow» գույն չէ; "),
            ],
        ),
        (
            "[gamepad]\nrumble_flag_ms = [9000]\n",
            [
                ("de", "Zeile 2: Schlüssel „rumble_flag_ms“ in [gamepad]: der Wert liegt außerhalb des erlaubten Bereichs (höchstens 5000)"),
                ("ru", "строка 2: ключ «rumble_flag_ms» в [gamepad]: значение вне допустимого диапазона (не больше 5000)"),
                ("uk", "рядок 2: ключ «rumble_flag_ms» у [gamepad]: значення поза допустимими межами (не більше 5000)"),
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
            // A broken file's line ends with the language's reason: toml's English is not
            // kept. A refused value's check may be retold in brackets; the ranges, names and
            // choices vichess retells are in the language too.
            let syntax = !text.contains(" = \"pres\"")
                && !text.contains("speed = 9")
                && !text.contains("blitz_penalty")
                && !text.contains("\"fr\"")
                && !text.contains("\"xx\"")
                && !text.contains("\"loud\"")
                && !text.contains("[window]")
                && !text.contains("rumble");
            if syntax {
                assert!(first.ends_with(line), "{lang} {text:?}: {first}");
                assert!(!first.contains('('), "{lang} {text:?}: {first}");
                assert!(!first.contains("expected"), "{lang} {text:?}: {first}");
            }
            let own = match syntax || text.contains(" = \"pres\"") {
                true => first.split(" (").next().unwrap(),
                false => first,
            };
            if lang == "en" {
                continue;
            }
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
            "vichess: կարգավորումը հնարավոր չէ օգտագործել՝",
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
        let colon = if lang == "hy" { "՝" } else { ":" };
        let (_, detail) = err
            .split_once(&format!("--control {control}{colon} "))
            .unwrap();
        detail.trim_end_matches(')').to_string()
    };
    for (lang, said) in [
        ("de", "Zeichen 3: „x“ gehört zu keiner Bedenkzeit"),
        ("en", "character 3: \"x\" is not part of a time control"),
        ("uk", "символ 3: «x» не є частиною контролю часу"),
        ("ru", "символ 3: «x» не является частью контроля времени"),
        ("hy", "նիշ 3՝ «x» ժամանակի հսկողության մաս չէ"),
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
        "vichess: --side green՝ կողմը white (սպիտակները) կամ black (սևերը) է"
    );
    assert_eq!(
        run("de", &["--engine-side", "grün"]),
        "vichess: --engine-side grün: die Seite ist white (Weiß) oder black (Schwarz)"
    );
    // What goes only with an engine, or not with another flag, is said the same way.
    let alone = |lang: &str, args: &[&str]| refused(home.path(), lang, args);
    assert_eq!(
        alone("de", &["--level", "3"]),
        "vichess: --level 3: nur mit --engine oder einem [engine] in der Konfiguration"
    );
    assert_eq!(
        alone("en", &["--no-help"]),
        "vichess: --no-help: only with --engine or an [engine] in the configuration"
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
        "vichess: --engine-side white՝ միայն --engine-ի կամ կարգավորման [engine]-ի հետ"
    );
    // Nothing was begun: no game folder, no journal.
    assert!(!home.path().join("games").exists());
}

/// A voice pack installed apart from the program may be newer than it: a token id this
/// vichess does not know is passed over with one notice in the game's language, naming the
/// pack, the manifest file and line and the id, and the game goes on (before, every game
/// stopped with an English "is not a known token id", even with `--no-audio`).
#[test]
fn a_newer_voice_pack_with_an_unknown_token_id_is_played_with_one_notice() {
    for (lang, pack, said) in [
        (
            "de",
            "de-fide",
            "diese Stimme hat Wörter, die dieses vichess nicht kennt; sie werden übergangen, die Partie geht weiter (de-fide: ",
        ),
        (
            "en",
            "en",
            "this voice pack has words this vichess does not know; they are passed over, the game goes on (en: ",
        ),
        (
            "uk",
            "uk",
            "цей голос має слова, яких цей vichess не знає; їх пропущено, партія триває (uk: ",
        ),
        (
            "ru",
            "ru",
            "в этом голосе есть слова, которых этот vichess не знает; они пропущены, партия продолжается (ru: ",
        ),
        (
            "hy",
            "hy",
            "այս ձայնն ունի բառեր, որոնք այս vichess-ը չգիտի։ դրանք բաց են թողնված, պարտիան շարունակվում է (hy: ",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        // The player's own voices folder comes first on the search path.
        let folder = home.path().join("data/vichess/voices").join(pack);
        std::fs::create_dir_all(&folder).unwrap();
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("voices")
            .join(pack)
            .join("manifest.toml");
        let mut text = std::fs::read_to_string(shipped).unwrap();
        // [tokens] is the last table: the new entry is one of its keys.
        text.push_str("\"word-from-the-future\" = { word = \"x\", clip = \"clips/x.wav\" }\n");
        let line = text.lines().count();
        let manifest = folder.join("manifest.toml");
        std::fs::write(&manifest, &text).unwrap();
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
            b"e4\nquit\n",
        );
        let lines = common_play::lines_of(&out);
        let notices: Vec<&String> = lines
            .iter()
            .filter(|l| l.contains("word-from-the-future"))
            .collect();
        assert_eq!(notices.len(), 1, "{lang}: {lines:#?}");
        let notice = notices[0];
        assert!(notice.starts_with(said), "{lang}: {notice}");
        assert!(
            notice.contains(&format!("{}:{line}", manifest.display())),
            "{lang}: {notice}"
        );
        // The game went on: the move was played and recorded.
        let current = std::fs::read_to_string(games.join("current-game")).unwrap();
        let pgn = std::fs::read_to_string(games.join(current.trim()).with_extension("pgn")).unwrap();
        assert!(pgn.contains("1. e4"), "{lang}: {pgn}");
        if lang != "en" {
            assert_no_english(lang, &lines.join("\n"), home.path());
        }
    }
}

/// The operating system's reason a file cannot be used is said in the game's language, not
/// in the system's English ("No such file or directory (os error 2)"): a journal that is not
/// there, a configuration that is a folder, a game saved where a folder is or into a folder
/// that is not there.
#[test]
fn a_files_system_error_is_said_in_the_games_language() {
    for (lang, missing, folder) in [
        (
            "de",
            "diese Datei oder diesen Ordner gibt es nicht",
            "das ist ein Ordner, keine Datei",
        ),
        (
            "en",
            "there is no such file or folder",
            "it is a folder, not a file",
        ),
        ("uk", "такого файлу чи теки немає", "це тека, а не файл"),
        ("ru", "такого файла или папки нет", "это папка, а не файл"),
        (
            "hy",
            "այդպիսի ֆայլ կամ թղթապանակ չկա",
            "սա թղթապանակ է, ոչ թե ֆայլ",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let no_system_words = |text: &str| {
            for english in ["os error", "No such file", "Is a directory", "directory"] {
                assert!(!text.contains(english), "{lang}: {english:?} in:\n{text}");
            }
        };
        let gone = home.path().join("gone.journal");
        let out = common_play::run_piped(
            home.path(),
            &["report", "--lang", lang, gone.to_str().unwrap()],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("{}: {missing})", gone.display())),
            "{lang}: {err}"
        );
        no_system_words(&err);
        // A recording into a folder that is not there: the file and why, in words.
        let wav = home.path().join("nowhere/moves.wav");
        let out = common_play::run_piped(
            home.path(),
            &[
                "announce",
                "--voice",
                lang,
                "--wav",
                wav.to_str().unwrap(),
                "e4",
            ],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        let colon = if lang == "hy" { "՝" } else { ":" };
        assert!(
            err.contains(&format!("({}{colon} {missing})", wav.display())),
            "{lang}: {err}"
        );
        assert!(!err.contains("sound file"), "{lang}: {err}");
        no_system_words(&err);
        let out = common_play::run_piped(
            home.path(),
            &[
                "play",
                "--no-audio",
                "--lang",
                lang,
                "--config",
                home.path().to_str().unwrap(),
            ],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        let colon = if lang == "hy" { "՝" } else { ":" };
        assert!(err.contains(&format!("{colon} {folder}")), "{lang}: {err}");
        no_system_words(&err);
        let games = home.path().join("games");
        let nowhere = home.path().join("nowhere/x.pgn");
        let input = format!(
            "save {}\nsave {}\nquit\n",
            nowhere.display(),
            home.path().display()
        );
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
            input.as_bytes(),
        );
        let lines = common_play::lines_of(&out);
        let said = lines.join("\n");
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with(&format!("({}{colon} {missing})", nowhere.display()))),
            "{lang}: {said}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with(&format!("({}{colon} {folder})", home.path().display()))),
            "{lang}: {said}"
        );
        no_system_words(&said);
        // A review of a PGN that is not there; a dictated scoresheet into a folder that is
        // not there.
        let out = common_play::run_piped(
            home.path(),
            &[
                "review",
                "--lang",
                lang,
                "--engine",
                "/nonexistent/engine",
                gone.with_extension("pgn").to_str().unwrap(),
            ],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "{} ({missing})",
                gone.with_extension("pgn").display()
            )),
            "{lang}: {err}"
        );
        no_system_words(&err);
        let pgn = home.path().join("g.pgn");
        std::fs::write(&pgn, "1. e4 e5 *\n").unwrap();
        let pack = if lang == "de" { "de-fide" } else { lang };
        let out = common_play::run_piped(
            home.path(),
            &[
                "scoresheet",
                pgn.to_str().unwrap(),
                "--lang",
                lang,
                "--voice",
                pack,
                "--audio",
                nowhere.with_extension("wav").to_str().unwrap(),
            ],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "{} ({missing})",
                nowhere.with_extension("wav").display()
            )),
            "{lang}: {err}"
        );
        no_system_words(&err);
        // The game's lock file cannot be opened: a folder stands at its name.
        let locked = home.path().join("locked");
        std::fs::create_dir_all(locked.join("g.lock")).unwrap();
        let mut j = vichess::journal::Journal::create(&locked.join("g.journal"), "g").unwrap();
        j.append("begin 0 - standard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap();
        drop(j);
        std::fs::write(locked.join("current-game"), "g.journal\n").unwrap();
        let out = common_play::run_piped(
            home.path(),
            &[
                "play",
                "--no-audio",
                "--lang",
                lang,
                "--resume",
                "--game-dir",
                locked.to_str().unwrap(),
            ],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "{}{colon} {folder})",
                locked.join("g.lock").display()
            )),
            "{lang}: {err}"
        );
        no_system_words(&err);
    }
}

/// The journal reader's reasons are said in the game's language inside its lines (before,
/// "its checksum does not match its content" and "the line has no end" stayed English): a
/// journal damaged before its last line is refused by the report with the line and why, and
/// a torn last line is reported with why.
#[test]
fn the_journal_readers_reasons_are_said_in_the_games_language() {
    let home = tempfile::tempdir().unwrap();
    let journal = |name: &str| {
        let path = home.path().join(name);
        let mut j = vichess::journal::Journal::create(&path, "2026-11-26T09-00-00").unwrap();
        for p in [
            "begin 0 - standard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "move 1000 e2e4",
            "move 2000 e7e5",
        ] {
            j.append(p).unwrap();
        }
        path
    };
    let damaged = journal("a.journal");
    let text = std::fs::read_to_string(&damaged).unwrap();
    std::fs::write(&damaged, text.replace("move 1000 e2e4", "move 1000 e2e3")).unwrap();
    let torn = journal("b.journal");
    let mut bytes = std::fs::read(&torn).unwrap();
    bytes.extend_from_slice(b"4 0badc0de move 3000 g1f3");
    std::fs::write(&torn, bytes).unwrap();
    for (lang, damage, no_end) in [
        (
            "de",
            "Zeile 3: das Protokoll ist vor seiner letzten Zeile beschädigt, nicht durch ein Beenden abgeschnitten; vichess rät nicht, was dort stand (ihre Prüfsumme passt nicht zu ihrem Inhalt)",
            "(Zeile 5: die Zeile hat kein Ende)",
        ),
        (
            "en",
            "line 3: the journal is damaged before its last line, not cut off by a stop; vichess will not guess what it said (its checksum does not match its content)",
            "(line 5: the line has no end)",
        ),
        (
            "uk",
            "рядок 3: журнал пошкоджено до останнього рядка, а не обірвано під час зупинки; vichess не вгадуватиме, що там було (його контрольна сума не збігається з вмістом)",
            "(рядок 5: рядок не має кінця)",
        ),
        (
            "ru",
            "строка 3: журнал повреждён до последней строки, а не оборван при остановке; vichess не будет угадывать, что там было (её контрольная сумма не совпадает с содержимым)",
            "(строка 5: у строки нет конца)",
        ),
        (
            "hy",
            "տող 3: մատյանը վնասված է իր վերջին տողից առաջ, ոչ թե կտրվել է դադարեցման ժամանակ։ vichess-ը չի գուշակի, թե ինչ էր գրված այնտեղ (դրա ստուգիչ գումարը չի համապատասխանում բովանդակությանը)",
            "տող 5՝ տողը վերջ չունի)",
        ),
    ] {
        let out = common_play::run_piped(
            home.path(),
            &["report", "--lang", lang, damaged.to_str().unwrap()],
            b"",
        );
        assert!(!out.status.success(), "{lang}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(damage), "{lang}: {damage:?} missing:\n{err}");
        let out = common_play::run_piped(
            home.path(),
            &["report", "--lang", lang, torn.to_str().unwrap()],
            b"",
        );
        let report = common_play::lines_of(&out).join("\n");
        assert!(report.contains(no_end), "{lang}: {no_end:?} missing:\n{report}");
        if lang != "en" {
            for english in ["checksum", "no end", "damaged", "line "] {
                assert!(!err.contains(english), "{lang}: {english:?} in {err}");
                assert!(!report.contains(english), "{lang}: {english:?} in {report}");
            }
        }
    }
}

/// A command line clap refuses is told in the language asked for (`--lang`) or configured,
/// naming the argument and the command's `--help`, with clap's exit code 2 (before, clap's
/// English: "error: unexpected argument '--foo' found").
#[test]
fn a_refused_command_line_is_told_in_the_language_asked_for_or_configured() {
    let home = tempfile::tempdir().unwrap();
    let refused = |args: &[&str]| {
        let out = common_play::run_piped(home.path(), args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr).trim_end().to_string();
        for english in [
            "error",
            "unexpected",
            "found",
            "Usage",
            "For more information",
            "invalid",
        ] {
            if !args.contains(&"en") {
                assert!(!err.contains(english), "{args:?}: {english:?} in {err}");
            }
        }
        err
    };
    for (lang, unknown, value, missing) in [
        (
            "de",
            "vichess: --foo: diese Option gibt es nicht; siehe vichess play --help",
            "vichess: <SECONDS>: „abc“: dieser Wert ist nicht möglich (erwartet wird eine Zahl); siehe vichess clock say --help",
            "vichess: <JOURNAL>: fehlt auf der Befehlszeile; siehe vichess report --help",
        ),
        (
            "en",
            "vichess: --foo: this option is unknown; see vichess play --help",
            "vichess: <SECONDS>: \"abc\": this value cannot be used (a number is expected); see vichess clock say --help",
            "vichess: <JOURNAL>: missing on the command line; see vichess report --help",
        ),
        (
            "uk",
            "vichess: --foo: такої опції немає; див. vichess play --help",
            "vichess: <SECONDS>: «abc»: це значення не підходить (потрібне число); див. vichess clock say --help",
            "vichess: <JOURNAL>: бракує в командному рядку; див. vichess report --help",
        ),
        (
            "ru",
            "vichess: --foo: такой опции нет; см. vichess play --help",
            "vichess: <SECONDS>: «abc»: это значение не подходит (нужно число); см. vichess clock say --help",
            "vichess: <JOURNAL>: не хватает в командной строке; см. vichess report --help",
        ),
        (
            "hy",
            "vichess: --foo՝ այդպիսի ընտրանք չկա; տե՛ս vichess play --help",
            "vichess: <SECONDS>՝ «abc»՝ այս արժեքը չի կարելի օգտագործել (սպասվում է թիվ); տե՛ս vichess clock say --help",
            "vichess: <JOURNAL>՝ հրամանի տողում բացակայում է; տե՛ս vichess report --help",
        ),
    ] {
        assert_eq!(refused(&["play", "--no-audio", "--lang", lang, "--foo"]), unknown);
        assert_eq!(refused(&["clock", "say", "--lang", lang, "abc"]), value);
        assert_eq!(refused(&["report", "--lang", lang]), missing);
    }
    // A number out of an option's range: the range in the pack's words, not clap's "99 is
    // not in 1..=60" (a play-through).
    for (lang, want) in [
        (
            "de",
            "vichess: --depth <DEPTH>: „99“: dieser Wert ist nicht möglich (erlaubt: 1 bis 60); siehe vichess review --help",
        ),
        (
            "hy",
            "vichess: --depth <DEPTH>՝ «99»՝ այս արժեքը չի կարելի օգտագործել (թույլատրելի է՝ 1-ից մինչև 60); տե՛ս vichess review --help",
        ),
    ] {
        assert_eq!(
            refused(&["review", "x.pgn", "--lang", lang, "--depth", "99"]),
            want
        );
    }
    // An option given without its value: the value is missing, not "«»" refused (play-test).
    assert_eq!(
        refused(&["play", "--lang", "ru", "--control"]),
        "vichess: --control <CONTROL>: не хватает в командной строке; см. vichess play --help"
    );
    // A near miss is suggested, in the language's quotes.
    let err = refused(&["play", "--lang", "ru", "--no-audi"]);
    assert!(
        err.contains("(возможно, вы имели в виду «--no-audio»?)"),
        "{err}"
    );
    // No --lang, no configuration, a C locale: the language play would play in, German.
    assert_eq!(
        refused(&["play", "--foo"]),
        "vichess: --foo: diese Option gibt es nicht; siehe vichess play --help"
    );
    // No --lang: the configuration's language, for a command vichess does not have too.
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"uk\"\n").unwrap();
    assert_eq!(
        refused(&["plya"]),
        "vichess: plya: такої команди vichess не має (можливо, ви мали на увазі «replay», «play»?); див. vichess --help"
    );
    assert_eq!(
        refused(&["play", "--foo"]),
        "vichess: --foo: такої опції немає; див. vichess play --help"
    );
    // Help is still clap's, on standard output, and succeeds.
    let help = common_play::run_piped(home.path(), &["play", "--help"], b"");
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--lang"));
}

/// A file for `pgn check`: a game recorded on after the Laws ended it, with the wrong result;
/// a game with an impossible move; a game cut off inside a comment.
const CHECKED: &str = "[Event \"x\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n\
    [FEN \"8/6k1/8/8/8/8/8/K6R w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rh7+ Kxh7 2. Kb2 Kg6 1-0\n\n\
    [Event \"y\"]\n[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 2. Ke3 *\n\n\
    [Event \"z\"]\n\n1. e4 e5 2. Nf3 {cut\n";

/// `vichess pgn check` says its findings in the game's language: `--lang`, else the
/// configuration's `[game] language`; every line, the summary too, with no English left.
#[test]
fn pgn_check_speaks_the_language_asked_for_or_configured() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("round.pgn");
    std::fs::write(&file, CHECKED).unwrap();
    let path = file.to_str().unwrap();
    for (lang, lines) in [
        (
            "de",
            [
                "Partie 1 (Anna - Bert): 1 Zug, Ergebnis 1/2-1/2 durch tote Stellung bei Zug 1 von Schwarz, Kxh7, Schlussstellung: tote Stellung; Warnung: 2 Züge nach dem Ende der Partie gespielt, aufbewahrt, aber nicht Teil der Partie: 2. Kb2 Kg6; Warnung: das Ergebnis der Aufzeichnung, 1-0, ist nicht das Ergebnis nach den Regeln, 1/2-1/2 (tote Stellung)",
                "Partie 2 (C - D), Zeile 13, Spalte 13: Zug 2 von Weiß, Ke3: ",
                "Partie 3, Zeile 17, Spalte 17: ein hier mit { geöffneter Kommentar wird nie mit } geschlossen",
                "3 Partien: 1 gültig, 2 mit Fehlern",
            ],
        ),
        (
            "uk",
            [
                "партія 1 (Anna - Bert): 1 хід, результат 1/2-1/2 — мертва позиція, хід 1 чорних, Крxh7, підсумкова позиція: мертва позиція; попередження: зіграно після кінця партії: 2 ходи; їх збережено, але до партії вони не входять: 2. Крb2 Крg6; попередження: результат запису 1-0 — не результат за Правилами, 1/2-1/2 (мертва позиція)",
                "партія 2 (C - D), рядок 13, стовпець 13: хід 2 білих, Ke3: ",
                "партія 3, рядок 17, стовпець 17: коментар, відкритий тут знаком {, ніде не закрито знаком }",
                "3 партії: коректних: 1, з помилками: 2",
            ],
        ),
        (
            "ru",
            [
                "партия 1 (Anna - Bert): 1 ход, результат 1/2-1/2 — мёртвая позиция, ход 1 чёрных, Крxh7, итоговая позиция: мёртвая позиция; предупреждение: сыграно после конца партии: 2 хода; они сохранены, но в партию не входят: 2. Крb2 Крg6; предупреждение: результат записи 1-0 — не результат по Правилам, 1/2-1/2 (мёртвая позиция)",
                "партия 2 (C - D), строка 13, столбец 13: ход 2 белых, Ke3: ",
                "партия 3, строка 17, столбец 17: комментарий, открытый здесь знаком {, нигде не закрыт знаком }",
                "3 партии: корректных: 1, с ошибками: 2",
            ],
        ),
        (
            "hy",
            [
                "պարտիա 1 (Anna - Bert)՝ 1 քայլ, արդյունք՝ 1/2-1/2 (մեռյալ դիրք), սևերի քայլ 1, Աxh7, վերջնական դիրք՝ մեռյալ դիրք; ուշադրություն։ պարտիայի ավարտից հետո խաղացվել է 2 քայլ։ դրանք պահպանված են, բայց պարտիայի մաս չեն՝ 2. Աb2 Աg6; ուշադրություն։ գրառման արդյունքը՝ 1-0, կանոններով արդյունքը չէ, այլ 1/2-1/2 է (մեռյալ դիրք)",
                "պարտիա 2 (C - D), տող 13, սյունակ 13՝ սպիտակների քայլ 2, Ke3՝ ",
                "պարտիա 3, տող 17, սյունակ 17՝ այստեղ { նշանով բացված մեկնաբանությունն ոչ մի տեղ չի փակվում } նշանով",
                "3 պարտիա։ ճիշտ՝ 1, սխալներով՝ 2",
            ],
        ),
    ] {
        let out = common_play::run_piped(home.path(), &["pgn", "check", "--lang", lang, path], b"");
        assert_eq!(out.status.code(), Some(1), "{lang}: {out:?}");
        let said = String::from_utf8_lossy(&out.stdout);
        let got: Vec<&str> = said.lines().collect();
        assert_eq!(got.len(), 4, "{lang}:\n{said}");
        for (got, line) in got.iter().zip(lines) {
            assert!(got.starts_with(line), "{lang}: {line:?} missing:\n{said}");
        }
        // The impossible move's reason is in the language too.
        assert!(got[1].len() > lines[1].len() + 4, "{lang}: no reason:\n{said}");
        for english in [
            "game", "line", "column", "move", "result", "warning", "valid", "error", "final",
            "played", "comment", "king", "can",
        ] {
            assert!(!said.contains(english), "{lang}: {english:?} in:\n{said}");
        }
    }
    // Without --lang: the configuration's language.
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"ru\"\n").unwrap();
    let out = common_play::run_piped(home.path(), &["pgn", "check", path], b"");
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        said.lines().last(),
        Some("3 партии: корректных: 1, с ошибками: 2"),
        "{said}"
    );
    assert!(!said.contains("game"), "{said}");
}

/// `vichess replay --lang L` refuses a move in L's words (the move's number and side, the move
/// in L's quotation marks, the reason), not only its piece letters; without `--lang`, in the
/// configured language.
#[test]
fn replay_refuses_a_move_in_the_language_of_lang() {
    let home = tempfile::tempdir().unwrap();
    for (lang, impossible, unreadable) in [
        (
            "de",
            "vichess: Zug 2 von Schwarz, „Nf3“: ",
            "vichess: Zug 1 von Schwarz, „Zz9“: ",
        ),
        (
            "uk",
            "vichess: хід 2 чорних, «Nf3»: ",
            "vichess: хід 1 чорних, «Zz9»: ",
        ),
        (
            "ru",
            "vichess: ход 2 чёрных, «Nf3»: ",
            "vichess: ход 1 чёрных, «Zz9»: ",
        ),
        (
            "hy",
            "vichess: սևերի քայլ 2, «Nf3»: ",
            "vichess: սևերի քայլ 1, «Zz9»: ",
        ),
    ] {
        for (moves, said) in [
            (&["e4", "e5", "Nf3", "Nf3"][..], impossible),
            (&["e4", "Zz9"][..], unreadable),
        ] {
            let mut args = vec!["replay", "--lang", lang];
            args.extend(moves);
            let out = common_play::run_piped(home.path(), &args, b"");
            assert_eq!(out.status.code(), Some(2), "{lang} {moves:?}");
            assert!(out.stdout.is_empty(), "{lang} {moves:?}: {out:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.starts_with(said),
                "{lang} {moves:?}: {said:?} missing:\n{err}"
            );
            // A reason follows, in the language.
            assert!(err.trim_end().len() > said.len() + 4, "{lang}: {err}");
            for english in ["move", "White", "Black", "knight", "cannot", "not a"] {
                assert!(!err.contains(english), "{lang}: {english:?} in:\n{err}");
            }
        }
    }
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"ru\"\n").unwrap();
    let out = common_play::run_piped(home.path(), &["replay", "e4", "e5", "Nf3", "Nf3"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("vichess: ход 2 чёрных, «Nf3»: "), "{err}");
}

/// `vichess clock say` says the time in the configured language when `--lang` names none, and
/// refuses a time that is none in it; `--lang` still wins.
#[test]
fn clock_say_speaks_the_configured_language() {
    let home = tempfile::tempdir().unwrap();
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    for (lang, said, refused) in [
        (
            "ru",
            "один час двенадцать минут двенадцать секунд",
            "vichess: NaN — не время в секундах",
        ),
        (
            "uk",
            "одна година дванадцять хвилин дванадцять секунд",
            "vichess: NaN — не час у секундах",
        ),
        (
            "de",
            "eine Stunde zwölf Minuten zwölf Sekunden",
            "vichess: NaN ist keine Zeit in Sekunden",
        ),
    ] {
        std::fs::write(
            own.join("config.toml"),
            format!("[game]\nlanguage = \"{lang}\"\n"),
        )
        .unwrap();
        let out = common_play::run_piped(home.path(), &["clock", "say", "4332"], b"");
        assert_eq!(common_play::lines_of(&out), [said], "{lang}");
        let out = common_play::run_piped(home.path(), &["clock", "say", "NaN"], b"");
        assert!(!out.status.success(), "{lang}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end(), refused, "{lang}");
    }
    let out = common_play::run_piped(home.path(), &["clock", "say", "--lang", "en", "4332"], b"");
    assert_eq!(
        common_play::lines_of(&out),
        ["one hour twelve minutes twelve seconds"]
    );
}

/// A program copied without its voice packs (no voices folder anywhere) says so in the
/// game's language, with the pack's name, and starts no game: it used to say the library's
/// English line whatever the language.
#[test]
fn a_program_without_any_voices_folder_says_so_in_the_games_language() {
    let home = tempfile::tempdir().unwrap();
    // A link to the program in a folder with no voices beside it or above it: the checkout's
    // voices are found only from `target/<profile>/`.
    let bin = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("no-voices-{}", std::process::id()))
        .join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let exe = bin.join("vichess");
    let _ = std::fs::remove_file(&exe);
    std::fs::hard_link(env!("CARGO_BIN_EXE_vichess"), &exe)
        .or_else(|_| std::fs::copy(env!("CARGO_BIN_EXE_vichess"), &exe).map(|_| ()))
        .expect("the program linked or copied");
    for (lang, line) in [
        (
            "de",
            "vichess: diese Stimme gibt es nicht („de-fide“; es gibt keinen Ordner mit Stimmen)",
        ),
        (
            "ru",
            "vichess: такого голоса нет («ru»; папки с голосами нет)",
        ),
        (
            "uk",
            "vichess: такого голосу немає («uk»; теки з голосами немає)",
        ),
        (
            "hy",
            "vichess: այդ անունով ձայն չկա («hy»; ձայների թղթապանակ չկա)",
        ),
        (
            "en",
            "vichess: there is no voice pack by that name (\"en\"; there is no voices folder)",
        ),
    ] {
        let out = std::process::Command::new(&exe)
            .args(["play", "--lang", lang, "--no-audio", "--control", "none"])
            .current_dir(home.path())
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env_remove("VICHESS_VOICES")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", "C")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("vichess runs");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{lang}: a game began without voices");
        assert_eq!(said.lines().next(), Some(line), "{lang}:\n{said}");
        if lang != "en" {
            assert_no_english(lang, &said, home.path());
        }
    }
    std::fs::remove_dir_all(bin.parent().unwrap()).unwrap();
}

/// `announce --voice` naming a pack that is not there is refused in the language the player
/// would play in (here the locale's), with the packs there are: it used to be the library's
/// English line whatever the language.
#[test]
fn announce_with_an_unknown_pack_is_refused_in_the_locales_language() {
    let home = tempfile::tempdir().unwrap();
    for (locale, lang, line) in [
        ("ru_RU.UTF-8", "ru", "vichess: такого голоса нет («xx»; "),
        (
            "de_DE.UTF-8",
            "de",
            "vichess: diese Stimme gibt es nicht („xx“; ",
        ),
        ("uk_UA.UTF-8", "uk", "vichess: такого голосу немає («xx»; "),
    ] {
        let out = common_play::run_piped_in(
            home.path(),
            &["announce", "--voice", "xx", "e4"],
            b"",
            &[("LANG", locale)],
        );
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{lang}:\n{said}");
        assert!(out.stdout.is_empty(), "{lang}: nothing announced");
        assert!(said.starts_with(line), "{lang}:\n{said}");
        assert!(
            said.contains("de-fide"),
            "{lang}: the packs there are:\n{said}"
        );
        assert_no_english(lang, &said, home.path());
    }
}

/// `announce --play` with no sound server: the announcement is printed and why it is not
/// heard is said in the pack's words, the sound fault's kind too (it was "cannot play the
/// announcement: the sound device ... cannot play sound: the device is not there").
#[cfg(feature = "audio")]
#[test]
fn announce_without_sound_says_why_in_the_packs_words() {
    for (lang, lead) in [
        ("ru", "vichess: звука нет: "),
        ("de", "vichess: kein Ton: "),
        ("uk", "vichess: звуку немає: "),
    ] {
        let home = tempfile::tempdir().unwrap();
        let out = common_play::run_piped_in(
            home.path(),
            &["announce", "--voice", lang, "--play", "e4"],
            b"",
            &[
                ("PULSE_SERVER", "unix:/nonexistent/pulse/native"),
                ("ALSA_CARD", "vichess-no-such-card"),
            ],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .find(|l| l.starts_with("vichess: "))
            .unwrap_or_else(|| panic!("{lang}: {err}"));
        assert!(line.starts_with(lead), "{lang}: {line}");
        assert_no_english(lang, line, home.path());
        for english in ["device", "sound", "not there", "announcement"] {
            assert!(!line.contains(english), "{lang}: {line}");
        }
    }
}
