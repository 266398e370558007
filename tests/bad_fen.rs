//! A `--fen` that is no position is refused in the game's language, saying where it is wrong
//! (which field, which rank), what was found and what was expected; nothing is begun: `play`
//! writes no game, and the command ends with status 2. Each command takes the language as it
//! takes it for everything else: `play` from `--lang`, the configuration or the locale, `hear`
//! from `--lang`, `replay` and `perft` from `--lang` or the configuration, `announce` from its
//! voice pack. A game file's FEN tag is told with the same words.

#[path = "common/play.rs"]
mod common_play;

use std::path::Path;
use std::process::Output;

/// Field 1, rank 7: a letter that is no piece.
const BAD_RANK: &str = "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Field 2: neither w nor b.
const BAD_TURN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
/// Every field reads, but White has two kings.
const TWO_KINGS: &str = "k7/8/8/8/8/8/8/KK6 w - - 0 1";

/// What is wrong with each FEN above, in `lang`'s words.
fn why(lang: &str) -> [&'static str; 3] {
    match lang {
        "de" => [
            "Teil 1 (Figurenstellung), Reihe 7: „X“ ist weder ein Figurenbuchstabe (KQRBNP für \
             Weiß, kqrbnp für Schwarz) noch eine Ziffer von 1 bis 8",
            "Teil 2 (wer am Zug ist) ist „x“; erwartet wird w (Weiß) oder b (Schwarz)",
            "diese Stellung kann in keiner Partie entstehen: Weiß hat mehr als einen König (2); \
             jede Seite hat genau einen",
        ],
        "ru" => [
            "часть 1 (расстановка), горизонталь 7: «X» — не буква фигуры (KQRBNP для белых, \
             kqrbnp для чёрных) и не цифра от 1 до 8",
            "часть 2 (очерёдность хода) — «x»; ожидается w (белые) или b (чёрные)",
            "такая позиция не может возникнуть в партии: у белых больше одного короля (2); \
             у каждой стороны ровно один",
        ],
        "hy" => [
            "մաս 1 (դասավորություն), հորիզոնական 7՝ «X» նիշն ոչ խաղաքարի տառ է (KQRBNP՝ \
             սպիտակների, kqrbnp՝ սևերի համար), ոչ էլ 1-ից 8 թիվ",
            "մաս 2 (քայլի հերթ)՝ «x»։ Սպասվում է w (սպիտակները) կամ b (սևերը)",
            "այսպիսի դիրք պարտիայում չի կարող առաջանալ՝ սպիտակներն ունեն մեկից ավելի արքա (2)։ \
             Յուրաքանչյուր կողմ ունի ճիշտ մեկը",
        ],
        _ => unreachable!("{lang}"),
    }
}

/// The FEN as the language quotes it, and the mark after a label.
fn quoted(lang: &str, fen: &str) -> (String, &'static str) {
    match lang {
        "de" => (format!("„{fen}“"), ":"),
        "hy" => (format!("«{fen}»"), "՝"),
        _ => (format!("«{fen}»"), ":"),
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8")
}

/// `vichess play --fen FEN` in a fresh home (C locale) with `args`: its output, and whether
/// anything was written in its game folder.
fn play(fen: &str, args: &[&str], config: Option<&str>) -> (Output, bool) {
    let home = tempfile::tempdir().unwrap();
    if let Some(text) = config {
        let own = home.path().join("config/vichess");
        std::fs::create_dir_all(&own).unwrap();
        std::fs::write(own.join("config.toml"), text).unwrap();
    }
    let games = home.path().join("games");
    let mut all = vec!["play", "--no-audio", "--control", "none", "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    all.extend(["--fen", fen]);
    let out = common_play::run_piped(home.path(), &all, b"e4\nquit\n");
    (out, written(&games))
}

fn written(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some())
}

#[test]
fn play_refuses_a_bad_fen_in_the_games_language_and_writes_no_game() {
    // German by default (a C locale names no language), Russian from the configuration,
    // Armenian from --lang: the same choice the game's own lines follow.
    let runs: [(&str, &[&str], Option<&str>); 3] = [
        ("de", &[], None),
        ("ru", &[], Some("[game]\nlanguage = \"ru\"\n")),
        ("hy", &["--lang", "hy"], None),
    ];
    for (lang, args, config) in runs {
        for (fen, why) in [BAD_RANK, BAD_TURN, TWO_KINGS].into_iter().zip(why(lang)) {
            let (out, written) = play(fen, args, config);
            let (fen_quoted, colon) = quoted(lang, fen);
            assert_eq!(
                stderr(&out),
                format!("vichess: --fen {fen_quoted}{colon} {why}\n"),
                "{lang}: {fen}"
            );
            assert_eq!(out.status.code(), Some(2), "{lang}: {fen}");
            assert!(out.stdout.is_empty(), "{lang}: {fen}");
            assert!(!written, "{lang}: {fen}: a game was written");
        }
    }
}

#[cfg(feature = "listen")]
#[test]
fn hear_refuses_a_bad_fen_in_its_language_before_any_recording() {
    let labels = [
        ("de", "Die Stellung (--fen) ist ungültig"),
        ("ru", "Позиция (--fen) недействительна"),
        ("hy", "Դիրքը (--fen) անվավեր է"),
    ];
    let home = tempfile::tempdir().unwrap();
    // The FEN is read first: the recording need not exist.
    let wav = home.path().join("none.wav");
    for (lang, label) in labels {
        for (fen, why) in [BAD_RANK, BAD_TURN, TWO_KINGS].into_iter().zip(why(lang)) {
            let args = ["hear", wav.to_str().unwrap(), "--fen", fen, "--lang", lang];
            let out = common_play::run_piped(home.path(), &args, b"");
            let (fen_quoted, colon) = quoted(lang, fen);
            assert_eq!(
                stderr(&out),
                format!("{label}{colon} {fen_quoted}{colon} {why}\n"),
                "{lang}: {fen}"
            );
            assert_eq!(out.status.code(), Some(2), "{lang}: {fen}");
            assert!(out.stdout.is_empty(), "{lang}: {fen}");
        }
    }
}

#[test]
fn the_other_commands_refuse_it_in_the_language_they_take() {
    let home = tempfile::tempdir().unwrap();
    let own = home.path().join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"ru\"\n").unwrap();
    let runs: [(&str, &[&str]); 5] = [
        // The configuration's language.
        ("ru", &["perft", "1", "--fen", TWO_KINGS]),
        ("ru", &["replay", "--fen", BAD_TURN, "e4"]),
        // --lang's.
        ("hy", &["moves", "--lang", "hy", "--fen", BAD_RANK]),
        ("de", &["replay", "--lang", "de", "--fen", TWO_KINGS, "e4"]),
        // The voice pack's.
        (
            "hy",
            &["announce", "--voice", "hy", "--fen", BAD_TURN, "e4"],
        ),
    ];
    for (lang, args) in runs {
        let fen = args[args.iter().position(|a| *a == "--fen").unwrap() + 1];
        let why = why(lang)[[BAD_RANK, BAD_TURN, TWO_KINGS]
            .iter()
            .position(|f| *f == fen)
            .unwrap()];
        let out = common_play::run_piped(home.path(), args, b"");
        let (fen_quoted, colon) = quoted(lang, fen);
        assert_eq!(
            stderr(&out),
            format!("vichess: --fen {fen_quoted}{colon} {why}\n"),
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_game_files_fen_tag_is_told_with_the_same_words() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("kings.pgn");
    std::fs::write(
        &file,
        format!("[Event \"F\"]\n[SetUp \"1\"]\n[FEN \"{TWO_KINGS}\"]\n\n*\n"),
    )
    .unwrap();
    let args = ["pgn", "check", "--lang", "ru", file.to_str().unwrap()];
    let out = common_play::run_piped(home.path(), &args, b"");
    assert_eq!(out.status.code(), Some(1));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        printed.lines().next(),
        Some(
            format!(
                "партия 1, строка 3, столбец 1: тег FEN «{TWO_KINGS}» непригоден: {}",
                why("ru")[2]
            )
            .as_str()
        ),
        "{printed}"
    );
}
