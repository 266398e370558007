//! The braille scoresheet end to end: `vichess scoresheet --braille` on a real game in all five
//! languages, as BRF and as Unicode braille, translated back with liblouis's own
//! `lou_translate --backward` and read back into the game's moves; and the page geometry.
#![cfg(feature = "braille")]

mod common;
#[path = "common/play.rs"]
mod common_play;
#[path = "common/louis.rs"]
mod louis_cli;

use std::path::Path;
use std::process::{Command, Stdio};
use vichess::braille::{cells, louis, read};
use vichess::pgn::read_game;
use vichess::rules::notation::Lang;
use vichess::rules::Move;

const GAME: &str = "pgn/world-championship-2023-1.pgn";

fn game_moves() -> (vichess::pgn::PgnGame, Vec<Move>) {
    let text = std::fs::read_to_string(common::test_data(GAME)).unwrap();
    let game = read_game(&text).unwrap().unwrap();
    let moves = game.moves().copied().collect();
    (game, moves)
}

fn write_sheet(out: &Path, lang: &str, extra: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("scoresheet")
        .arg(common::test_data(GAME))
        .arg("--braille")
        .arg(out)
        .args(["--braille-lang", lang])
        .args(extra)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(
        status.success(),
        "vichess scoresheet --braille failed for {lang}"
    );
}

/// The pages of a document, each a list of lines; BRF lines end CR LF.
fn pages(doc: &str) -> Vec<Vec<String>> {
    doc.split('\u{c}')
        .map(|p| {
            p.split('\n')
                .map(|l| l.trim_end_matches('\r').to_string())
                .collect::<Vec<_>>()
        })
        .map(|mut lines| {
            if lines.last().is_some_and(|l| l.is_empty()) {
                lines.pop();
            }
            lines
        })
        .collect()
}

/// The move lines: after the header's empty line on page 1, without each page's last line
/// (its number).
fn body(pages: &[Vec<String>]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let lines = &page[..page.len() - 1];
        let start = if i == 0 {
            lines.iter().position(String::is_empty).unwrap() + 1
        } else {
            0
        };
        out.extend(lines[start..].iter().cloned());
    }
    out
}

fn check_geometry(pages: &[Vec<String>], width: usize, height: usize, brf: bool, what: &str) {
    assert!(!pages.is_empty(), "{what}: no pages");
    for (p, page) in pages.iter().enumerate() {
        assert_eq!(
            page.len(),
            height,
            "{what}: page {} has {} lines",
            p + 1,
            page.len()
        );
        for (n, line) in page.iter().enumerate() {
            assert!(
                line.chars().count() <= width,
                "{what}: page {} line {} is {} cells",
                p + 1,
                n + 1,
                line.chars().count()
            );
            for c in line.chars() {
                if brf {
                    assert!(
                        cells::brf_dots(c).is_some() && !c.is_ascii_lowercase(),
                        "{what}: {c:?} is no BRF character"
                    );
                } else {
                    assert!(cells::dots(c).is_some(), "{what}: {c:?} is not braille");
                }
            }
        }
        // The page number, right-aligned on the last line.
        let last = page.last().unwrap();
        assert!(
            !last.trim().is_empty(),
            "{what}: page {} has no number",
            p + 1
        );
    }
}

fn lang_of(code: &str) -> Lang {
    Lang::from_code(code).unwrap()
}

#[test]
fn every_language_reads_back_to_the_same_moves_in_brf_and_unicode() {
    let (game, expected) = game_moves();
    let dir = tempfile::tempdir().unwrap();
    for code in ["en", "de", "uk", "ru", "hy"] {
        let lang = lang_of(code);
        let table = louis::default_table(lang);
        let six = louis::Louis::open(table).unwrap().six_dot();
        for (ext, clocks) in [("brf", false), ("txt", false), ("brf", true), ("txt", true)] {
            let out = dir.path().join(format!("{code}-{clocks}.{ext}"));
            let extra: &[&str] = if clocks { &["--clocks"] } else { &[] };
            write_sheet(&out, code, extra);
            let doc = std::fs::read_to_string(&out).unwrap();
            let brf = ext == "brf";
            let what = format!("{code} {ext} clocks={clocks}");
            let pages = pages(&doc);
            check_geometry(&pages, 40, 25, brf, &what);
            let mut unicode = String::new();
            for line in body(&pages) {
                let u = if brf {
                    cells::unfold(&cells::from_brf(&line).unwrap(), six)
                } else {
                    line
                };
                unicode.push_str(&u);
                unicode.push('\n');
            }
            let print = louis_cli::back_translate(table, &unicode);
            let moves = read::read_moves(&print, &game.start, lang)
                .unwrap_or_else(|e| panic!("{what}: {e}\n{print}"));
            assert_eq!(moves, expected, "{what}: moves differ\n{print}");
        }
    }
}

#[test]
fn page_size_is_configurable_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("small.brf");
    write_sheet(&out, "de", &["--cells", "20", "--lines", "10", "--clocks"]);
    let doc = std::fs::read_to_string(&out).unwrap();
    let pages = pages(&doc);
    check_geometry(&pages, 20, 10, true, "de 20x10");
    assert!(
        pages.len() > 5,
        "a long game on small pages takes many pages"
    );
}

#[test]
fn the_header_names_event_players_date_and_result() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("en.txt");
    write_sheet(&out, "en", &[]);
    let doc = std::fs::read_to_string(&out).unwrap();
    let header: Vec<&str> = doc.lines().take_while(|l| !l.is_empty()).collect();
    let print = louis_cli::back_translate(louis::default_table(Lang::En), &header.join("\n"));
    for expected in [
        "World Championship",
        "Nepomniachtchi",
        "Ding",
        "2023.04.09",
        "1/2-1/2",
    ] {
        assert!(print.contains(expected), "header lacks {expected}: {print}");
    }
}

/// Issue 24, item 19: a tag of a megabyte took over two minutes (each cut of an over-long
/// line copied the whole rest of it). Now it is laid out in one pass: the sheet is written,
/// every cell of the tag is on it, and every line keeps the page's width. A third of a
/// megabyte is cut into some 11,000 lines, as many cuts as any layout bug needs; the whole
/// megabyte took ten seconds of the suite's time in liblouis alone. The wait below is only a
/// guard against a hang, not a measure.
#[test]
fn a_long_tag_is_laid_out_whole_on_pages_of_the_right_width() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("big.pgn");
    let tag = "x".repeat(TAG_CHARS);
    std::fs::write(
        &pgn,
        format!("[Event \"{tag}\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"),
    )
    .unwrap();
    let out = dir.path().join("big.brl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("scoresheet")
        .arg(&pgn)
        .arg("--braille")
        .arg(&out)
        .args(["--braille-lang", "en", "--cells", "30", "--lines", "20"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let guard = std::time::Instant::now() + std::time::Duration::from_secs(300);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > guard {
            let _ = child.kill();
            panic!("vichess scoresheet --braille hangs on a {TAG_CHARS}-character tag");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(status.success());
    let doc = std::fs::read_to_string(&out).unwrap();
    let pages = pages(&doc);
    check_geometry(&pages, 30, 20, false, "long tag");
    // "x" is ⠭ in English braille: the whole tag, nothing lost at the cuts.
    let xs = doc.chars().filter(|&c| c == '⠭').count();
    assert_eq!(xs, TAG_CHARS);
}

/// The long tag's length in characters.
const TAG_CHARS: usize = 333_333;

/// A record cut off before its result (a file copied while it was still being written) is
/// still written out, braille and dictated alike, but never without a word: the warning names
/// the file and the line where it ends.
#[test]
fn a_record_cut_off_before_its_result_is_written_with_a_warning() {
    let text = std::fs::read_to_string(common::test_data(GAME)).unwrap();
    let cut = &text[..text.find(" 5. ").expect("move 5")];
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("cut.pgn");
    std::fs::write(&pgn, cut).unwrap();
    for (flag, out) in [("--braille", "cut.brf"), ("--audio", "cut.wav")] {
        let target = dir.path().join(out);
        let run = scoresheet_in(
            dir.path(),
            "en",
            &[pgn.as_os_str(), flag.as_ref(), target.as_os_str()],
        );
        assert!(run.status.success(), "{flag}: {run:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        let warning = format!("vichess: warning: {}: line ", pgn.display());
        assert!(
            err.lines().any(|l| l.starts_with(&warning)
                && l.contains("the file ends before this game's result")),
            "{flag}: {err}"
        );
        assert!(dir.path().join(out).exists(), "{flag}: nothing written");
    }
}

/// `vichess scoresheet ARGS` run in `home` as its own user, whose configuration names the
/// game's language `lang`, so neither the tester's configuration nor the machine's locale
/// chooses it.
fn scoresheet_in(home: &Path, lang: &str, args: &[&std::ffi::OsStr]) -> std::process::Output {
    let config = home.join("config").join("vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        format!("[game]\nlanguage = \"{lang}\"\n"),
    )
    .unwrap();
    let args: Vec<&str> = std::iter::once("scoresheet")
        .chain(args.iter().map(|a| a.to_str().expect("a UTF-8 argument")))
        .collect();
    common_play::run_piped(home, &args, b"")
}

/// A record cut off inside a `{` comment (a clock comment half copied) is no reason to
/// lose the game: every move before the cut is written, braille and dictated alike, with a
/// warning naming the file and the line of the comment that is never closed.
#[test]
fn a_record_cut_off_inside_a_comment_keeps_every_move_before_the_cut() {
    let (game, expected) = game_moves();
    let text = std::fs::read_to_string(common::test_data(GAME)).unwrap();
    // Cut inside the comment after Black's fifth move: ten half-moves are complete.
    let fifth = text.find(" 6. ").expect("move 6");
    let open = text[..fifth].rfind('{').expect("a clock comment");
    let cut = &text[..open + 5];
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("cut.pgn");
    std::fs::write(&pgn, cut).unwrap();
    let line = cut.lines().count();
    let brl = dir.path().join("cut.brl");
    let wav = dir.path().join("cut.wav");
    let run = scoresheet_in(
        dir.path(),
        "en",
        &[
            pgn.as_os_str(),
            "--braille".as_ref(),
            brl.as_os_str(),
            "--braille-lang".as_ref(),
            "en".as_ref(),
            "--audio".as_ref(),
            wav.as_os_str(),
        ],
    );
    assert!(run.status.success(), "{run:?}");
    let err = String::from_utf8_lossy(&run.stderr);
    let warning = format!("vichess: warning: {}: line {line}, column ", pgn.display());
    let warned: Vec<&str> = err.lines().filter(|l| l.starts_with(&warning)).collect();
    // Once for the braille sheet, once for the recording.
    assert_eq!(warned.len(), 2, "{err}");
    assert!(
        warned
            .iter()
            .all(|l| l.contains("comment") && l.contains("kept")),
        "{err}"
    );
    assert!(wav.exists(), "no recording");
    let table = louis::default_table(Lang::En);
    let doc = std::fs::read_to_string(&brl).unwrap();
    let print = louis_cli::back_translate(table, &body(&pages(&doc)).join("\n"));
    let moves = read::read_moves(&print, &game.start, Lang::En).unwrap();
    assert_eq!(moves, expected[..10], "{print}");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(out.contains("5. "), "the dictated moves: {out}");
}

/// The scoresheet's own lines (the warning about a record cut off, and the lines that say
/// what was written) are in the game's language, the configured one, with the file and line
/// named; no English word is left in them.
#[test]
fn the_scoresheets_warning_and_written_lines_are_in_the_games_language() {
    let text = std::fs::read_to_string(common::test_data(GAME)).unwrap();
    let cut = &text[..text.find(" 5. ").expect("move 5")];
    let line = cut.lines().count();
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("cut.pgn");
    std::fs::write(&pgn, cut).unwrap();
    let brf = dir.path().join("cut.brf");
    let wav = dir.path().join("cut.wav");
    for (lang, warning, braille, audio) in [
        (
            "de",
            format!("vichess: Warnung: {}: Zeile {line}: die Datei endet vor dem Ergebnis dieser Partie: die bis hierher gelesenen Züge bleiben erhalten", pgn.display()),
            format!("{} geschrieben: Braille BRF, Tabelle ", brf.display()),
            format!("{} geschrieben: 0 Min. ", wav.display()),
        ),
        (
            "uk",
            format!("vichess: попередження: {}: рядок {line}: файл закінчується до результату цієї партії: прочитані досі ходи збережено", pgn.display()),
            format!("записано {}: шрифт Брайля BRF, таблиця ", brf.display()),
            format!("записано {}: 0 хв ", wav.display()),
        ),
        (
            "ru",
            format!("vichess: предупреждение: {}: строка {line}: файл заканчивается раньше результата этой партии: прочитанные ходы сохранены", pgn.display()),
            format!("записано {}: шрифт Брайля BRF, таблица ", brf.display()),
            format!("записано {}: 0 мин ", wav.display()),
        ),
        (
            "hy",
            format!("vichess: ուշադրություն։ {}՝ տող {line}՝ ֆայլն ավարտվում է այս պարտիայի արդյունքից առաջ։ մինչ այժմ կարդացված քայլերը պահպանված են", pgn.display()),
            format!("գրվել է {}։ Բրայլ BRF, աղյուսակ՝ ", brf.display()),
            format!("գրվել է {}։ 0 ր ", wav.display()),
        ),
    ] {
        let run = scoresheet_in(
            dir.path(),
            lang,
            &[
                pgn.as_os_str(),
                "--braille".as_ref(),
                brf.as_os_str(),
                "--audio".as_ref(),
                wav.as_os_str(),
            ],
        );
        assert!(run.status.success(), "{lang}: {run:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        let out = String::from_utf8_lossy(&run.stdout);
        assert_eq!(
            err.lines().filter(|l| *l == warning).count(),
            2,
            "{lang}: {warning:?} missing:\n{err}"
        );
        assert!(out.lines().any(|l| l.starts_with(&braille)), "{lang}: {braille:?} missing:\n{out}");
        assert!(out.lines().any(|l| l.starts_with(&audio)), "{lang}: {audio:?} missing:\n{out}");
        let ours: String = err
            .lines()
            .chain(out.lines().filter(|l| l.contains(".brf") || l.contains(".wav")))
            .collect::<Vec<_>>()
            .join("\n")
            .replace(&dir.path().display().to_string(), "");
        for english in ["warning", "line", "the file", "wrote", "braille", "table", "voice pack", "page"] {
            assert!(!ours.contains(english), "{lang}: {english:?} in:\n{ours}");
        }
    }
}

/// Without `--braille-lang` or `--voice`, the scoresheet is in the game's language: the
/// configured one's notation and braille table, and its voice pack; the flags still win.
#[test]
fn the_scoresheets_defaults_follow_the_configured_language_and_flags_win() {
    let (game, expected) = game_moves();
    let text = std::fs::read_to_string(common::test_data(GAME)).unwrap();
    let cut = &text[..text.find(" 5. ").expect("move 5")];
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("short.pgn");
    std::fs::write(&pgn, cut).unwrap();
    let brl = dir.path().join("short.brl");
    let wav = dir.path().join("short.wav");
    let both = [
        pgn.as_os_str(),
        "--braille".as_ref(),
        brl.as_os_str(),
        "--audio".as_ref(),
        wav.as_os_str(),
    ];
    for (code, pack, table, wrote) in [
        ("ru", "ru", "ru.ctb", "голос ru"),
        ("uk", "uk", "uk-comp.utb", "голос uk"),
        ("hy", "hy", "hy.ctb,en-us-comp6.ctb", "ձայն՝ hy"),
        ("de", "de-fide", "de-comp6.utb", "Stimme de-fide"),
        ("en", "en", "en-us-comp6.ctb", "voice pack en"),
    ] {
        let run = scoresheet_in(dir.path(), code, &both);
        assert!(run.status.success(), "{code}: {run:?}");
        let out = String::from_utf8_lossy(&run.stdout);
        assert!(
            out.lines().any(|l| l.contains(&format!(" {table}"))),
            "{code}: not the {table} table:\n{out}"
        );
        assert!(
            out.lines().any(|l| l.ends_with(wrote)),
            "{code}: not the {pack} pack:\n{out}"
        );
        // The sheet is in the language's notation: it reads back in it, and only in it.
        let lang = Lang::from_code(code).unwrap();
        let doc = std::fs::read_to_string(&brl).unwrap();
        let print =
            louis_cli::back_translate(louis::default_table(lang), &body(&pages(&doc)).join("\n"));
        let moves = read::read_moves(&print, &game.start, lang)
            .unwrap_or_else(|e| panic!("{code}: {e}\n{print}"));
        assert_eq!(moves, expected[..8], "{code}: {print}");
    }
    // The flags win over the configured language.
    let mut flagged = both.to_vec();
    flagged.extend(["--braille-lang", "en", "--voice", "de-fide"].map(std::ffi::OsStr::new));
    let run = scoresheet_in(dir.path(), "ru", &flagged);
    assert!(run.status.success(), "{run:?}");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(out.contains("таблица en-us-comp6.ctb"), "{out}");
    assert!(out.lines().any(|l| l.ends_with("голос de-fide")), "{out}");
}

/// A scoresheet that cannot be written (its folder is missing) is refused in the game's
/// language, naming the file, braille and recording alike.
#[test]
fn a_scoresheet_that_cannot_be_written_is_refused_in_the_games_language() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n").unwrap();
    for out in ["sheet.brl", "sheet.wav"] {
        let target = dir.path().join("missing").join(out);
        let flag = if out.ends_with(".wav") {
            "--audio"
        } else {
            "--braille"
        };
        let run = scoresheet_in(
            dir.path(),
            "ru",
            &[pgn.as_os_str(), flag.as_ref(), target.as_os_str()],
        );
        assert!(!run.status.success(), "{out}");
        let err = String::from_utf8_lossy(&run.stderr);
        let said = format!(
            "vichess: бланк записи нельзя записать: {}",
            target.display()
        );
        assert!(err.starts_with(&said), "{out}: {said:?} missing:\n{err}");
        assert!(!err.contains("cannot"), "{out}: {err}");
    }
}
