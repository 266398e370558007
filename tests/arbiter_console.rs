//! The arbiter's console in `vichess play` and the arbiter's report: clock corrections and
//! notes typed in a game, journaled, and read back by `vichess report` in order, as plain
//! lines and as PGN comments.

#[path = "common/play.rs"]
mod common_play;

use std::path::Path;

#[path = "common/report.rs"]
mod common_report;
use common_report::report;

fn play(home: &Path, args: &[&str], stdin: &str) -> Vec<String> {
    let args: Vec<&str> = ["play"].iter().chain(args).copied().collect();
    common_play::lines_of(&common_play::run_piped(home, &args, stdin.as_bytes()))
}

fn journal_in(dir: &Path) -> std::path::PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "journal"))
        .expect("a journal in the game folder")
}

#[test]
fn arbiter_time_and_notes_are_said_journaled_and_in_the_report() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let dir = games.to_str().unwrap();
    let script = "e4\npress\ne5\npress\narbiter time add white 2m\narbiter time set black 4:30\n\
                  illegal white\narbiter note the clock fell off the table\nNf3\npress\n\
                  resign black\nyes\nquit\n";
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "15+10",
        "--game-dir",
        dir,
        "--white",
        "Anna",
        "--black",
        "Bert",
    ];
    let lines = play(home.path(), &args, script);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("time added: White, two minutes; White: seventeen minutes")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("clock set: Black; Black: four minutes thirty seconds")),
        "{lines:?}"
    );
    assert!(lines.contains(&"arbiter's note: the clock fell off the table".to_string()));

    let report = report(&journal_in(&games), "en");
    let order = [
        "Arbiter's report: Anna – Bert",
        "White plays 1. e4",
        "Black plays 1... e5",
        "the arbiter adds time: White, 0:02:00; White: time left 0:17",
        "the arbiter sets the time: Black, 0:04:30; Black: time left 0:04:30",
        "the arbiter records an illegal move: White; White: illegal move number 1; time added: Black +0:01:00 (7.5.5)",
        "arbiter's note: the clock fell off the table",
        "White plays 2. Nf3",
        "Black resigns; the game ends: 1-0",
        "result: 1-0",
        "[Result \"1-0\"]",
    ];
    let mut from = 0;
    for want in order {
        let at = report[from..]
            .find(want)
            .unwrap_or_else(|| panic!("{want:?} missing or out of order in:\n{report}"));
        from += at + want.len();
    }
    // In the PGN, the penalty is a comment after Black's first move.
    let pgn = &report[report.find("[Event").unwrap()..];
    let flat = pgn.replace('\n', " ");
    assert!(
        flat.contains("1... e5") || flat.contains("1. e4 e5 {"),
        "{pgn}"
    );
    assert!(
        flat.contains("time added: Black +0:01:00 (7.5.5)}"),
        "{pgn}"
    );
}

#[test]
fn arbiter_commands_in_german_ukrainian_russian_and_armenian() {
    for (lang, line, want) in [
        (
            "de",
            "schiedsrichter zeit dazu weiß 2m",
            "Zeitgutschrift: Weiß, zwei Minuten",
        ),
        (
            "uk",
            "арбітр час додати білі 2м",
            "додано час: білі, дві хвилини",
        ),
        (
            "ru",
            "арбитр время добавить белые 2м",
            "добавлено время: белые, две минуты",
        ),
        (
            "hy",
            "մրցավար ժամանակ ավելացնել սպիտակ 2m",
            "ավելացված ժամանակ՝ սպիտակները, երկու րոպե",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let script = format!("e4\n{line}\nquit\n");
        let args = [
            "--no-audio",
            "--lang",
            lang,
            "--control",
            "15+10",
            "--game-dir",
            games.to_str().unwrap(),
        ];
        let lines = play(home.path(), &args, &script);
        assert!(
            lines.iter().any(|l| l.starts_with(want)),
            "{lang}: {want:?} not in {lines:?}"
        );
    }
}

/// Guidelines III.5 in a game: refused with two minutes or more left, then claimed, rejected
/// (two minutes for the opponent), claimed again, postponed and accepted; all in the report.
/// Plays `script` in an English game of an hour with Guidelines III announced, checks that
/// `expected` lines come in order, and returns the arbiter's report of it.
fn guidelines_iii_game(script: &str, expected: &[&str]) -> String {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config/vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        "[clock]\nguidelines_iii = true\n",
    )
    .unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--control",
        "60",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(home.path(), &args, script);
    let mut from = 0;
    for want in expected {
        let at = lines[from..]
            .iter()
            .position(|l| l.starts_with(want))
            .unwrap_or_else(|| panic!("{want:?} missing or out of order in {lines:?}"));
        from += at + 1;
    }
    report(&journal_in(&games), "en")
}

#[test]
fn a_iii_5_claim_is_ruled_by_the_arbiter_and_reported() {
    let script = "e4\npress\ne5\npress\nclaim quickplay white\narbiter time set white 1m30s\n\
                  claim quickplay white\nyes\narbiter reject\nclaim quickplay white\nyes\n\
                  arbiter postpone time\narbiter accept\nquit\n";
    let expected = [
        "two minutes or more left: White",
        "draw claim under III.5: White; the arbiter decides",
        "claim rejected: White",
        "time added: Black, two minutes; Black: one hour",
        "decision postponed",
        "draw",
        "result: draw (½-½)",
    ];
    let report = guidelines_iii_game(script, &expected);
    assert!(
        report.contains("White claims a draw under III.5"),
        "{report}"
    );
    assert!(
        report.contains("result: 1/2-1/2 (the arbiter rules on the III.5 claim: accepted, a draw)"),
        "{report}"
    );
}

/// Without Guidelines III announced, the claim is refused and the game goes on.
#[test]
fn a_iii_5_claim_needs_guidelines_iii_announced() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "de",
        "--control",
        "60",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(home.path(), &args, "e4\nreklamieren endspurt weiß\nquit\n");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("die Richtlinien III wurden für dieses Turnier nicht angekündigt")),
        "{lines:?}"
    );
}

/// Guidelines III.4: the request for five seconds a move is a draw offer; declined, the
/// arbiter's accept switches both clocks to five seconds a move and gives the opponent two
/// minutes. Before the opponent answers the offer, the arbiter cannot rule.
#[test]
fn a_iii_4_request_is_a_draw_offer_and_then_the_arbiters_increment() {
    let script = "e4\npress\ne5\npress\narbiter time set white 1m30s\nclaim increment white\nyes\n\
                  arbiter accept\ndraw decline black\narbiter accept\nNf3\npress\nquit\n";
    let expected = [
        "White asks for five seconds a move for both (III.4), a draw offer, yes or no?",
        "request under III.4 for five seconds a move for both, which is a draw offer: White",
        "draw offer: White",
        "the opponent must first accept or decline the draw offer",
        "draw offer declined: Black",
        "both clocks now add five seconds a move",
        "time added: Black, two minutes",
        "knight f3",
    ];
    let report = guidelines_iii_game(script, &expected);
    assert!(
        report.contains("the arbiter rules on the III.4 request; the arbiter switches both clocks to five seconds a move (III.4)"),
        "{report}"
    );
}

/// The report is written in the game's language: its headings, every line and the result in
/// the pack's words; the moves in SAN with the language's piece letters, times as h:mm:ss, the FEN, the file and the PGN's tags
/// as they are. A journal written here with fixed times makes the whole report exact.
#[test]
fn the_report_is_in_the_games_language() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("game.journal");
    let mut j = vichess::journal::Journal::create(&path, "2026-11-24T16-00-00-Anna-Bert").unwrap();
    for p in [
        "begin 0 900+10 standard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "anchor 0 1795536000000",
        "tag 0 White Anna",
        "tag 0 Black Bert",
        "move 1000 e2e4",
        "press 2000 white",
        "move 5000 e7e5",
        "press 6000 black",
        "adjust 7000 white add 120000",
        "illegal 8000 white",
        "draw 9000 black offer",
        "draw 9500 white decline",
        "move 10000 g1f3",
        "press 11000 white",
        "resign 12000 black",
        "end 13000",
    ] {
        j.append(p).unwrap();
    }
    drop(j);
    let report = |lang: &str| report(&path, lang);
    let file = path.display();
    let de = report("de");
    let plain = &de[..de.find("\n\n").expect("the PGN after a blank line")];
    assert_eq!(
        plain,
        format!(
            "Schiedsrichterbericht: Anna – Bert\n\
             Protokoll: {file}\n\
             0:00:00 (2026.11.24 16:00:00 UTC)  Partiebeginn; Bedenkzeit: fünfzehn Minuten \
             plus zehn Sekunden pro Zug (900+10); Ausgangsstellung: \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
             0:00:00 (2026.11.24 16:00:00 UTC)  Weiß: Anna\n\
             0:00:00 (2026.11.24 16:00:00 UTC)  Schwarz: Bert\n\
             0:00:01 (2026.11.24 16:00:01 UTC)  Weiß spielt 1. e4\n\
             0:00:02 (2026.11.24 16:00:02 UTC)  Weiß drückt die Uhr\n\
             0:00:05 (2026.11.24 16:00:05 UTC)  Schwarz spielt 1... e5\n\
             0:00:06 (2026.11.24 16:00:06 UTC)  Schwarz drückt die Uhr\n\
             0:00:07 (2026.11.24 16:00:07 UTC)  der Schiedsrichter gibt Zeit hinzu: Weiß, \
             0:02:00; Weiß: Restzeit 0:17:08\n\
             0:00:08 (2026.11.24 16:00:08 UTC)  der Schiedsrichter verzeichnet einen \
             regelwidrigen Zug: Weiß; Weiß: regelwidriger Zug Nummer 1; Zeitgutschrift: Schwarz \
             +0:01:00 (7.5.5)\n\
             0:00:09 (2026.11.24 16:00:09 UTC)  Schwarz bietet Remis an\n\
             0:00:09 (2026.11.24 16:00:09 UTC)  Weiß lehnt das Remisangebot ab\n\
             0:00:10 (2026.11.24 16:00:10 UTC)  Weiß spielt 2. Sf3\n\
             0:00:11 (2026.11.24 16:00:11 UTC)  Weiß drückt die Uhr\n\
             0:00:12 (2026.11.24 16:00:12 UTC)  Schwarz gibt auf; die Partie endet: 1-0 \
             (Weiß gewinnt)\n\
             Ergebnis: 1-0 (Schwarz gibt auf, Weiß gewinnt)\n\
             Unterschrift des Schiedsrichters: ____________________"
        )
    );
    // The PGN keeps its tags and SAN; its comments are the report's lines.
    assert!(de.contains("[Result \"1-0\"]"), "{de}");
    let flat = de.replace('\n', " ");
    assert!(
        flat.contains(
            "1. e4 e5 {(=)} {0:00:07 (2026.11.24 16:00:07 UTC) der Schiedsrichter gibt Zeit \
             hinzu:"
        ),
        "{de}"
    );
    let ru = report("ru");
    let plain = &ru[..ru.find("\n\n").expect("the PGN after a blank line")];
    assert_eq!(
        plain,
        format!(
            "Отчёт арбитра: Anna – Bert\n\
             журнал: {file}\n\
             0:00:00 (2026.11.24 16:00:00 UTC)  начало партии; контроль времени: пятнадцать \
             минут плюс десять секунд за ход (900+10); начальная позиция: \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
             0:00:00 (2026.11.24 16:00:00 UTC)  белые: Anna\n\
             0:00:00 (2026.11.24 16:00:00 UTC)  чёрные: Bert\n\
             0:00:01 (2026.11.24 16:00:01 UTC)  белые играют 1. e4\n\
             0:00:02 (2026.11.24 16:00:02 UTC)  белые нажали на часы\n\
             0:00:05 (2026.11.24 16:00:05 UTC)  чёрные играют 1... e5\n\
             0:00:06 (2026.11.24 16:00:06 UTC)  чёрные нажали на часы\n\
             0:00:07 (2026.11.24 16:00:07 UTC)  арбитр добавляет время: белые, 0:02:00; \
             белые: осталось 0:17:08\n\
             0:00:08 (2026.11.24 16:00:08 UTC)  арбитр фиксирует невозможный ход: белые; \
             белые: невозможный ход номер 1; добавлено время: чёрные +0:01:00 (7.5.5)\n\
             0:00:09 (2026.11.24 16:00:09 UTC)  чёрные предлагают ничью\n\
             0:00:09 (2026.11.24 16:00:09 UTC)  белые отклоняют предложение ничьей\n\
             0:00:10 (2026.11.24 16:00:10 UTC)  белые играют 2. Кf3\n\
             0:00:11 (2026.11.24 16:00:11 UTC)  белые нажали на часы\n\
             0:00:12 (2026.11.24 16:00:12 UTC)  чёрные сдались; партия окончена: 1-0 (белые \
             выиграли)\n\
             результат: 1-0 (чёрные сдались, белые выиграли)\n\
             подпись арбитра: ____________________"
        )
    );
    // Every pack has the report's words (no token id printed in place of one).
    for lang in ["en", "uk", "hy", "de"] {
        let text = report(lang);
        assert!(!text.contains("report-"), "{lang}: {text}");
    }
    // The moves in the game's piece letters (Appendix C.2), as a scoresheet in it has them.
    for (lang, said) in [
        ("uk", "білі грають 2. Кf3\n"),
        ("hy", "սպիտակները խաղում են 2. Ձf3\n"),
        ("en", "White plays 2. Nf3\n"),
    ] {
        assert!(report(lang).contains(said), "{lang}: {}", report(lang));
    }
    assert!(report("uk").starts_with("Звіт арбітра: Anna – Bert\n"));
    assert!(report("en").starts_with("Arbiter's report: Anna – Bert\n"));
}

/// Issue 24, item 6: a take-back request and its answers are journaled as what they were,
/// and the report tells them; an accepted request takes the PGN back with it.
#[test]
fn a_takeback_request_and_its_answers_are_in_the_report() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--side",
        "white",
        "--control",
        "15+10",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let script = "e4\npress\ne5\npress\ntakeback\nno\nNf3\npress\ntakeback\nyes\nquit\n";
    let lines = play(home.path(), &args, script);
    for want in [
        "White asks to take back the last move; Black, yes or no?",
        "take-back declined: Black",
        "take-back accepted: Black",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want:?} not in {lines:?}");
    }
    let report = report(&journal_in(&games), "en");
    let asked = report
        .find("White asks to take back the last move")
        .unwrap();
    let declined = report.find("Black declines the take-back").unwrap();
    let accepted = report.find("Black accepts the take-back").unwrap();
    assert!(asked < declined && declined < accepted, "{report}");
    // Nf3 was taken back: the PGN ends after 1... e5.
    let pgn = &report[report.find("[Event").unwrap_or(0)..];
    assert!(pgn.contains("1. e4") && !pgn.contains("Nf3 "), "{report}");
}

/// 7.5.1: `arbiter restore` strikes moves from the record, so the question, the line that
/// confirms it and the report name them, numbered as on a scoresheet, in the game's words:
/// a mistyped number would strike other moves than the arbiter meant. The report names the
/// move as the question did ("move 2, Black"), not the half-moves kept (3 read as struck).
#[test]
fn a_restore_names_the_moves_it_strikes_in_every_language() {
    let script = "e4\ne5\nNf3\nNc6\nBb5\narbiter restore 2 black\nyes\nquit\n";
    for (lang, question, done, reported) in [
        (
            "de",
            "der Schiedsrichter stellt eine frühere Stellung wieder her: Zug 2, Schwarz; \
             werden gestrichen: 2... Springer Cesar sechs, 3. Läufer Bella fünf, ja oder nein?",
            "Stellung wiederhergestellt; gestrichen: 2... Springer Cesar sechs, \
             3. Läufer Bella fünf; Schwarz am Zug",
            "der Schiedsrichter stellt eine frühere Stellung wieder her: Zug 2, Schwarz; \
             gestrichen: 2... Sc6, 3. Lb5 (7.5.1)",
        ),
        (
            "en",
            "the arbiter restores an earlier position: move 2, Black; \
             to be struck: 2... knight c6, 3. bishop b5, yes or no?",
            "position restored; struck: 2... knight c6, 3. bishop b5; Black to move",
            "the arbiter restores an earlier position: move 2, Black; \
             struck: 2... Nc6, 3. Bb5 (7.5.1)",
        ),
        (
            "uk",
            "арбітр відновлює попередню позицію: хід 2, чорні; \
             буде викреслено: 2... кінь це шість, 3. слон бе п'ять, так чи ні?",
            "позицію відновлено; викреслено: 2... кінь це шість, 3. слон бе п'ять; \
             чорні ходять",
            "арбітр відновлює попередню позицію: хід 2, чорні; \
             викреслено: 2... Кc6, 3. Сb5 (7.5.1)",
        ),
        (
            "ru",
            "арбитр восстанавливает прежнюю позицию: ход 2, чёрные; \
             будут вычеркнуты: 2... конь цэ шесть, 3. слон бэ пять, да или нет?",
            "позиция восстановлена; вычеркнуты: 2... конь цэ шесть, 3. слон бэ пять; \
             чёрные ходят",
            "арбитр восстанавливает прежнюю позицию: ход 2, чёрные; \
             вычеркнуты: 2... Кc6, 3. Сb5 (7.5.1)",
        ),
        (
            "hy",
            "մրցավարը վերականգնում է նախորդ դիրքը՝ քայլ 2, սևերը; \
             կջնջվեն՝ 2... ձի c6, 3. փիղ b5, այո, թե ո՞չ",
            "դիրքը վերականգնված է; ջնջված՝ 2... ձի c6, 3. փիղ b5; սևերն են քայլում",
            "մրցավարը վերականգնում է նախորդ դիրքը՝ քայլ 2, սևերը; \
             ջնջված՝ 2... Ձc6, 3. Փb5 (7.5.1)",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let args = [
            "--no-audio",
            "--lang",
            lang,
            "--game-dir",
            games.to_str().unwrap(),
        ];
        let lines = play(home.path(), &args, script);
        assert!(lines.iter().any(|l| l == question), "{lang}: {lines:#?}");
        assert!(lines.iter().any(|l| l == done), "{lang}: {lines:#?}");
        let text = report(&journal_in(&games), lang);
        assert!(text.contains(reported), "{lang}: {text}");
        // The move the arbiter named, as the question named it, never a count of half-moves
        // that reads as the number of moves struck.
        assert!(!text.contains(": 3;"), "{lang}: {text}");
    }
    // One move struck: the singular where the language has one.
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "ru",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(
        home.path(),
        &args,
        "e4\ne5\nNf3\narbiter restore 2 white\nyes\nquit\n",
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "позиция восстановлена; вычеркнут: 2. конь эф три; белые ходят"),
        "{lines:#?}"
    );
}

/// Cause before effect: time the arbiter takes away is said, and reported, before the flag
/// fall it causes; the other way round the flag seems to fall first and the time to go after.
#[test]
fn time_taken_is_said_before_the_flag_fall_it_causes() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "ru",
        "--control",
        "15+10",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(
        home.path(),
        &args,
        "e4\npress\nарбитр время снять черные 2h\nquit\n",
    );
    let taken = lines
        .iter()
        .position(|l| l == "снято время: чёрные, два часа; чёрные: ноль секунд")
        .unwrap_or_else(|| panic!("{lines:#?}"));
    let fell = lines
        .iter()
        .position(|l| l == "у чёрных упал флажок")
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(taken < fell, "{lines:#?}");
    let text = report(&journal_in(&games), "ru");
    assert!(
        text.contains(
            "арбитр снимает время: чёрные, 2:00:00; чёрные: осталось 0:00:00; \
             у чёрных упал флажок"
        ),
        "{text}"
    );
}

/// A fifty-move claim's intended move (9.3) is in the report as every other move there: SAN
/// with the language's piece letters, numbered as on a scoresheet, never the journal's UCI.
#[test]
fn a_fifty_move_claims_intended_move_is_in_the_games_move_words() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "en",
        "--fen",
        "r3k3/8/8/8/8/8/8/R3K1N1 w - - 99 80",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(home.path(), &args, "claim fifty white Nf3\nyes\nquit\n");
    assert!(
        lines.iter().any(|l| l.starts_with("fifty-move rule, draw")),
        "{lines:#?}"
    );
    for (lang, want) in [
        (
            "de",
            "Weiß reklamiert Remis nach der 50-Züge-Regel mit dem beabsichtigten Zug 80. Sf3;",
        ),
        (
            "en",
            "White claims a draw by the fifty-move rule with the intended move 80. Nf3;",
        ),
        ("uk", "із запланованим ходом 80. Кf3;"),
        ("ru", "с намеченным ходом 80. Кf3;"),
        ("hy", "նախատեսված քայլով 80. Ձf3;"),
    ] {
        let text = report(&journal_in(&games), lang);
        assert!(text.contains(want), "{lang}: {text}");
        assert!(!text.contains("g1f3"), "{lang}: {text}");
    }
}

/// A game without a clock is reported as one: "no clock" in the report's language, not the
/// word for no men (Armenian "չկան", "there are none").
#[test]
fn an_untimed_game_is_reported_without_a_clock() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "hy",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    play(home.path(), &args, "e4\nquit\n");
    for (lang, want) in [
        ("hy", "ժամանակի հսկողություն՝ առանց ժամացույցի;"),
        ("en", "time control: no clock;"),
        ("de", "Bedenkzeit: ohne Uhr;"),
        ("ru", "контроль времени: без часов;"),
        ("uk", "без годинника;"),
    ] {
        let text = report(&journal_in(&games), lang);
        assert!(text.contains(want), "{lang}: {text}");
    }
}

/// A new period's time is the clock's, said in the control's own words: "Weiß: Periode 2,
/// plus fünf Sekunden", not "Zeitgutschrift", which is a penalty's or an arbiter's grant
/// (a play-through took the one for the other at move 40); the report has it too.
#[test]
fn a_new_period_is_said_as_the_controls_and_in_the_report() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "--no-audio",
        "--lang",
        "de",
        "--control",
        "2/10s:5s",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let lines = play(
        home.path(),
        &args,
        "e4\npress\ne5\npress\nSf3\npress\nSc6\npress\nquit\n",
    );
    let periods: Vec<&String> = lines.iter().filter(|l| l.contains("Periode")).collect();
    assert_eq!(
        periods,
        [
            "Weiß: Periode 2, plus fünf Sekunden",
            "Schwarz: Periode 2, plus fünf Sekunden"
        ],
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("Zeitgutschrift")),
        "{lines:#?}"
    );
    let text = report(&journal_in(&games), "de");
    assert!(text.contains("Weiß: Periode 2, +0:00:05"), "{text}");
    assert!(text.contains("Schwarz: Periode 2, +0:00:05"), "{text}");
}

/// A journal with nothing after its header (vichess killed as it began) is refused by the
/// report in the report's language, reason too: the reader's English reason ("the journal
/// is empty: …") leaked into German and Armenian reports.
#[test]
fn a_journal_with_no_game_is_refused_in_the_reports_language() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = ["--no-audio", "--game-dir", games.to_str().unwrap()];
    play(home.path(), &args, "quit\n");
    let full = std::fs::read_to_string(journal_in(&games)).unwrap();
    let header = full.lines().next().unwrap();
    let empty = home.path().join("empty.journal");
    std::fs::write(&empty, format!("{header}\n")).unwrap();
    for (lang, reason) in [
        ("de", "das Protokoll enthält keine Partie"),
        ("hy", "մատյանում պարտիա չկա"),
    ] {
        let out = common_play::run_piped(
            home.path(),
            &["report", "--lang", lang, empty.to_str().unwrap()],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.trim_end().ends_with(reason), "{lang}: {err}");
        assert!(!err.contains("journal is empty"), "{lang}: {err}");
    }
}

/// A time with a minus and a word that is no side are named as what is wrong, with the
/// command's form; nothing changes. (A play-through heard "„-“ is not a unit of time" and
/// "whose time?" after "grün".)
#[test]
fn a_signed_time_and_a_colour_that_is_no_side_are_named() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    for (lang, script, minus, green) in [
        (
            "de",
            "schiedsrichter zeit dazu schwarz -2m\nschiedsrichter zeit dazu grün 2m\nquit\n",
            "„-2m“: eine Zeit hat kein Vorzeichen; Zeit abziehen: schiedsrichter zeit abziehen",
            "„grün“ ist keine Seite: weiß oder schwarz;",
        ),
        (
            "uk",
            "арбітр час додати чорні -2хв\nарбітр час додати зелені 2хв\nquit\n",
            "«-2хв»: час пишеться без знака; зняти час: арбітр час зняти",
            "«зелені» — не сторона: білі або чорні;",
        ),
    ] {
        let dir = games.join(lang);
        let args = [
            "--no-audio",
            "--lang",
            lang,
            "--game-dir",
            dir.to_str().unwrap(),
        ];
        let lines = play(home.path(), &args, script);
        assert!(
            lines.iter().any(|l| l.starts_with(minus)),
            "{lang}: {lines:#?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with(green)),
            "{lang}: {lines:#?}"
        );
        let journal = std::fs::read_to_string(journal_in(&dir)).unwrap();
        assert!(!journal.contains(" adjust "), "{lang}: {journal}");
    }
}
