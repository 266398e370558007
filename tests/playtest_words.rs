//! A play-through's findings on typed words: apostrophes, languages of the file tools,
//! and rejected claims' reasons said in words.

#[path = "common/play.rs"]
mod common_play;
#[path = "common/session.rs"]
mod common_session;
use common_session::{printed, run};

use vichess::rules::Position;
use vichess::session::{Session, SessionConfig};
use vichess::voice::Pack;

fn said(name: &str, lines: &[&str]) -> Vec<String> {
    let mut s = Session::new(
        SessionConfig::default(),
        Pack::builtin(name).unwrap(),
        Position::new(),
        None,
    );
    printed(&run(&mut s, 0, lines))
}

/// Item 1: a Ukrainian apostrophe as keyboards type it (U+02BC, U+2019, U+2018, a backtick)
/// reads as the tables' `'`, in commands and in moves.
#[test]
fn every_typed_apostrophe_reads_as_the_tables_one() {
    let ascii = said("uk", &["вимагати п'ятдесят білі"]);
    assert_eq!(ascii.len(), 1, "{ascii:?}");
    assert!(!ascii[0].starts_with("незрозуміло"), "{ascii:?}");
    for typed in ['\u{2019}', '\u{02BC}', '\u{2018}', '`'] {
        for side in ["білі", "чорні"] {
            let line = format!("вимагати п{typed}ятдесят {side}");
            assert_eq!(
                said("uk", &[&line]),
                said("uk", &[&format!("вимагати п'ятдесят {side}")]),
                "{line}"
            );
        }
        // A move word with an apostrophe: the rank five.
        let moved = said("uk", &["е чотири", &format!("де п{typed}ять")]);
        assert_eq!(moved, said("uk", &["е чотири", "де п'ять"]), "{typed}");
        assert_eq!(moved.len(), 2, "{moved:?}");
        assert!(moved[1].ends_with("де п'ять"), "{moved:?}");
    }
}

/// Item 2: `scoresheet` and `pgn check` speak a recorded game's own language, from the
/// journal beside its PGN, as `review` and `report` do; `--lang` still wins.
#[test]
fn scoresheet_and_pgn_check_take_the_games_language_from_its_journal() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--lang",
        "ru",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    common_play::lines_of(&common_play::run_piped(
        home.path(),
        &args,
        b"e4\ne5\nquit\n",
    ));
    let pgn = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .expect("the game's PGN");
    let pgn = pgn.to_str().unwrap();
    let check = common_play::run_piped(home.path(), &["pgn", "check", pgn], b"");
    let check = String::from_utf8_lossy(&check.stdout).to_string();
    assert_eq!(
        check.lines().next(),
        Some("партия 1: 1 ход, результат *, итоговая позиция: партия продолжается"),
        "{check}"
    );
    let wav = home.path().join("sheet.wav");
    let sheet = common_play::run_piped(
        home.path(),
        &["scoresheet", pgn, "--audio", wav.to_str().unwrap()],
        b"",
    );
    let sheet = common_play::lines_of(&sheet);
    assert_eq!(sheet[0], "1. е четыре, е пять", "{sheet:?}");
    assert!(
        sheet[1].starts_with("записано ") && sheet[1].ends_with(", голос ru"),
        "{sheet:?}"
    );
    // --lang overrides the journal.
    let en = common_play::run_piped(home.path(), &["pgn", "check", pgn, "--lang", "en"], b"");
    let en = String::from_utf8_lossy(&en.stdout).to_string();
    assert!(en.starts_with("game 1: "), "{en}");
}

/// Item 3: a rejected claim's reason names the written move as announcements say it and
/// gives its counts in words, not "Ng8-f6" and digits.
#[test]
fn a_rejected_claims_reason_is_said_in_the_games_words() {
    let ru = said(
        "ru",
        &[
            "Кf3",
            "Кf6",
            "Кg1",
            "требовать троекратное чёрные Кg8",
            "да",
            "требовать пятьдесят белые",
            "да",
        ],
    );
    assert_eq!(
        ru[4],
        "требование отклонено: чёрные; сколько раз позиция после конь же восемь стояла на доске: \
         два раза (в начальной позиции, после второго хода чёрных); нужно три",
        "{ru:?}"
    );
    assert_eq!(
        ru[7],
        "требование отклонено: белые; полуходов без хода пешкой и без взятия: четыре; \
         нужно сто (по пятьдесят ходов каждого игрока)",
        "{ru:?}"
    );
    let en = said(
        "en",
        &[
            "Nf3",
            "Nf6",
            "Ng1",
            "claim threefold black Ng8",
            "yes",
            "claim fifty white",
            "yes",
        ],
    );
    assert_eq!(
        en[4],
        "claim rejected: Black; times the position after knight g8 has stood on the board: \
         two times (at the start, after Black's second move); three are needed",
        "{en:?}"
    );
    assert_eq!(
        en[7],
        "claim rejected: White; half-moves without a pawn move or a capture: four; \
         a hundred are needed (fifty moves by each player)",
        "{en:?}"
    );
}

/// Item 4: `last 3` numbers its moves as the scoresheet does, so each says whose it was.
#[test]
fn the_last_moves_are_numbered_in_the_games_words() {
    let ru = said("ru", &["d4", "d5", "c4", "Кf6", "последний 3"]);
    assert_eq!(
        ru.last().unwrap(),
        "1... дэ пять; 2. цэ четыре; 2... конь эф шесть",
        "{ru:?}"
    );
    let en = said("en", &["d4", "d5", "c4", "Nf6", "last 3"]);
    assert_eq!(
        en.last().unwrap(),
        "1... d5; 2. c4; 2... knight f6",
        "{en:?}"
    );
    // One move is numbered too: the player hears whose it was (a blind player found the
    // bare "d5" did not say).
    let one = said("en", &["d4", "d5", "last"]);
    assert_eq!(one.last().unwrap().trim(), "1... d5", "{one:?}");
}
