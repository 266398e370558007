//! Issue 27 in the arbiter's report (`vichess report`): the engine's moves, its hints and
//! threats are written in the game's own move words, as every other move of the report is
//! (SAN with the language's piece letters), not in the journal's UCI. Each journal is written
//! here with fixed times, so the report is exact.

#[path = "common/report.rs"]
mod common_report;

use std::path::{Path, PathBuf};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Writes a journal of `records` after its `begin` line (no clock) and the engine's seat.
fn journal(dir: &Path, records: &[&str]) -> PathBuf {
    let path = dir.join("game.journal");
    let mut j = vichess::journal::Journal::create(&path, "2026-11-26T09-00-00-Anna-Fake").unwrap();
    j.append(&format!("begin 0 - standard {START}")).unwrap();
    j.append("engine 0 black level 1 think 20 help fake")
        .unwrap();
    for r in records {
        j.append(r).unwrap();
    }
    path
}

/// `vichess report --lang LANG FILE`, which must succeed: its lines before the PGN.
fn report(file: &Path, lang: &str) -> Vec<String> {
    let text = common_report::report(file, lang);
    let lines = text.split("\n[Event").next().unwrap();
    lines.lines().map(str::to_string).collect()
}

/// The report's line whose text (after the time) starts with `start`.
fn line<'a>(lines: &'a [String], start: &str) -> &'a str {
    lines
        .iter()
        .map(|l| l.split_once("  ").map_or(l.as_str(), |(_, t)| t))
        .find(|t| t.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start:?}: {lines:#?}"))
}

#[test]
fn hints_threats_and_the_engines_moves_are_in_the_reports_move_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal(
        dir.path(),
        &[
            "move 1000 e2e4",
            "note 2000 engine Fake Engine 1 (1/8): e7e5",
            "move 2000 e7e5",
            "note 3000 help hint g1f3",
            // What Black would play were it their move: the queen to h4.
            "note 3500 help threats d8h4",
            "move 4000 g1f3",
            "note 5000 engine Fake Engine 1 (1/8): b8c6",
            "move 5000 b8c6",
            "note 6000 help hint f1b5",
        ],
    );
    for (lang, engine, hint, threat, hint2, engine2) in [
        (
            "en",
            "the engine plays: Fake Engine 1 (1/8): 1... e5",
            "hint: 2. Nf3",
            "the opponent threatens: Qh4",
            "hint: 3. Bb5",
            "the engine plays: Fake Engine 1 (1/8): 2... Nc6",
        ),
        (
            "de",
            "die Engine spielt: Fake Engine 1 (1/8): 1... e5",
            "Tipp: 2. Sf3",
            "der Gegner droht: Dh4",
            "Tipp: 3. Lb5",
            "die Engine spielt: Fake Engine 1 (1/8): 2... Sc6",
        ),
        (
            "ru",
            "движок играет: Fake Engine 1 (1/8): 1... e5",
            "подсказка: 2. Кf3",
            "соперник угрожает: Фh4",
            "подсказка: 3. Сb5",
            "движок играет: Fake Engine 1 (1/8): 2... Кc6",
        ),
        (
            "uk",
            "рушій грає: Fake Engine 1 (1/8): 1... e5",
            "підказка: 2. Кf3",
            "суперник загрожує: Фh4",
            "підказка: 3. Сb5",
            "рушій грає: Fake Engine 1 (1/8): 2... Кc6",
        ),
        (
            "hy",
            "շարժիչը խաղում է՝ Fake Engine 1 (1/8)՝ 1... e5",
            "հուշում՝ 2. Ձf3",
            "մրցակիցը սպառնում է՝ Թh4",
            "հուշում՝ 3. Փb5",
            "շարժիչը խաղում է՝ Fake Engine 1 (1/8)՝ 2... Ձc6",
        ),
    ] {
        let lines = report(&path, lang);
        for want in [engine, hint, threat, hint2, engine2] {
            assert_eq!(line(&lines, want), want, "{lang}: {lines:#?}");
        }
        // No move of the journal's machine form is left.
        for uci in ["e7e5", "g1f3", "d8h4", "b8c6", "f1b5"] {
            assert!(
                !lines.iter().any(|l| l.contains(uci)),
                "{lang}: {uci}: {lines:#?}"
            );
        }
    }
}

/// An accepted take-back names the moves it took back, in the order they were played and in
/// the report's move words: the arbiter must see which moves left the game.
#[test]
fn an_accepted_takeback_names_the_moves_it_took_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal(
        dir.path(),
        &[
            "move 1000 e2e4",
            "note 2000 engine Fake Engine 1 (1/8): e7e5",
            "move 2000 e7e5",
            "move 4000 g1f3",
            "note 5000 engine Fake Engine 1 (1/8): b8c6",
            "move 5000 b8c6",
            "takeback-request 6000 white",
            "takeback-answer 6000 black accept",
            "move 7000 f1c4",
        ],
    );
    for (lang, want) in [
        (
            "en",
            "Black accepts the take-back; taken back: 2. Nf3, 2... Nc6",
        ),
        (
            "de",
            "Schwarz nimmt die Zurücknahme an; zurückgenommen: 2. Sf3, 2... Sc6",
        ),
        (
            "uk",
            "чорні погоджуються повернути хід; повернуто: 2. Кf3, 2... Кc6",
        ),
        (
            "ru",
            "чёрные соглашаются вернуть ход; возвращено: 2. Кf3, 2... Кc6",
        ),
        (
            "hy",
            "սևերը համաձայնում են հետ վերցնել քայլը; հետ վերցված՝ 2. Ձf3, 2... Ձc6",
        ),
    ] {
        let lines = report(&path, lang);
        assert_eq!(line(&lines, want), want, "{lang}: {lines:#?}");
    }
    // The move after it is the second move again.
    let lines = report(&path, "en");
    assert_eq!(line(&lines, "White plays 2. B"), "White plays 2. Bc4");
}
