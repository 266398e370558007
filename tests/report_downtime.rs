//! A game played over more than one run of vichess, in the arbiter's report: each later run
//! starts with a line saying when it started and when the journal's last record before it
//! was (vichess may have run on a while after that record: the gap is said from it, not from
//! a stop nobody recorded), whether the run before closed the game or stopped without a word
//! (a crash, a kill, a power cut), and whether the clocks counted the gap (`resume_clock`). Before, the report went from the last press to "both
//! clocks stopped" at the resume, and an arbiter could not tell that vichess had been down.
//! Each journal is written here with fixed times, as `vichess play` journals such a game
//! (the records of a game killed with `kill -9` and resumed, in both clock modes).

use std::path::{Path, PathBuf};

#[path = "common/report.rs"]
mod common_report;
use common_report::{report, write_journal as journal};
/// 24 November 2026, 16:00:00 UTC.
const T0: u64 = 1_795_536_000_000;

/// The report's plain lines (before the PGN) that name no journal file.
fn plain(report: &str) -> Vec<String> {
    report[..report.find("\n\n").expect("the PGN after a blank line")]
        .lines()
        .map(str::to_string)
        .collect()
}

/// Killed 30 s after White's press, resumed with the clocks stopped for the downtime (the
/// default): the session time stands still over the gap, so the anchor of the second run
/// carries the last record's time and a wall-clock time 30 s later.
fn killed_and_resumed_paused(dir: &Path) -> PathBuf {
    journal(
        dir,
        "900+10",
        &[
            format!("anchor 0 {T0}"),
            "move 1000 e2e4".into(),
            "press 2000 white".into(),
            format!("anchor 2000 {}", T0 + 32_000),
            "pause 2000".into(),
            "resume 3000".into(),
            "move 3000 e7e5".into(),
        ],
    )
}

#[test]
fn a_crash_and_its_resume_are_said_before_the_clocks_stop() {
    let dir = tempfile::tempdir().unwrap();
    let path = killed_and_resumed_paused(dir.path());
    let en = plain(&report(&path, "en"));
    let lines: Vec<&str> = en.iter().skip(2).map(String::as_str).collect();
    assert_eq!(
        lines[2..6],
        [
            "0:00:02 (2026.11.24 16:00:02 UTC)  White pressed the clock",
            "0:00:02 (2026.11.24 16:00:32 UTC)  vichess restarted at 16:00:32 UTC; its last record \
             before that was at 16:00:02 (a gap of thirty seconds); it had stopped without \
             closing the game (a crash, a kill or a power cut); the clocks did not count that \
             time",
            "0:00:02 (2026.11.24 16:00:32 UTC)  both clocks stopped",
            "0:00:03 (2026.11.24 16:00:33 UTC)  clocks restarted",
        ],
        "{en:#?}"
    );
    // The same line in the other languages, in their own words and scripts.
    for (lang, line) in [
        (
            "de",
            "vichess wurde um 16:00:32 UTC neu gestartet; sein letzter Eintrag davor war um \
             16:00:02 (Lücke: dreißig Sekunden); es hatte sich beendet, ohne die Partie zu schließen (ein Absturz, ein Abbruch oder ein \
             Stromausfall); die Uhren haben diese Zeit nicht gezählt",
        ),
        (
            "uk",
            "vichess перезапущено о 16:00:32 UTC; останній запис перед тим був о 16:00:02 \
             (проміжок: тридцять секунд); він зупинився, не закривши партію (збій, примусове завершення чи вимкнення живлення); годинник \
             не рахував цей час",
        ),
        (
            "ru",
            "vichess перезапущен в 16:00:32 UTC; последняя запись перед этим была в 16:00:02 \
             (промежуток: тридцать секунд); он остановился, не закрыв партию (сбой, принудительное завершение или отключение питания); часы \
             не считали это время",
        ),
        (
            "hy",
            "vichess-ը վերագործարկվեց 16:00:32-ին (UTC)․ դրանից առաջ վերջին գրառումը \
             16:00:02-ին էր (ընդմիջում՝ երեսուն վայրկյան); այն կանգ էր առել՝ առանց պարտիան փակելու (խափանում, հարկադիր դադարեցում կամ հոսանքի \
             անջատում); ժամացույցները չեն հաշվել այդ ժամանակը",
        ),
    ] {
        let report = report(&path, lang);
        let lines = plain(&report);
        let want = format!("0:00:02 (2026.11.24 16:00:32 UTC)  {line}");
        assert_eq!(lines.get(5), Some(&want), "{lang}: {lines:#?}");
        // The PGN carries it too, as a comment after the move it followed.
        let pgn = &report[report.find("[Event").expect("the PGN")..];
        let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(&format!(
                "1. e4 {{0:00:02 (2026.11.24 16:00:32 UTC) {line}}}"
            )),
            "{lang}: {pgn}"
        );
    }
}

/// Quit (a clean `end`) and resumed an hour later with `resume_clock = "running"`: the
/// session time went on by the gap, so the clock on move was charged for it.
#[test]
fn a_quit_and_a_resume_with_the_clock_running_say_the_time_was_counted() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal(
        dir.path(),
        "5400+30",
        &[
            format!("anchor 0 {T0}"),
            "move 1000 e2e4".into(),
            "press 2000 white".into(),
            "end 4000".into(),
            format!("anchor 3604000 {}", T0 + 3_604_000),
            "move 3605000 e7e5".into(),
        ],
    );
    let en = plain(&report(&path, "en"));
    assert!(
        en.contains(
            &"1:00:04 (2026.11.24 17:00:04 UTC)  vichess restarted at 17:00:04 UTC; its last \
              record before that was at 16:00:04 (a gap of one hour); it had closed the game; \
              the clocks counted that time"
                .to_string()
        ),
        "{en:#?}"
    );
}

/// A game in one run has no such line; an untimed game's says nothing of clocks.
#[test]
fn one_run_has_no_downtime_line_and_an_untimed_game_no_clock_words() {
    let dir = tempfile::tempdir().unwrap();
    let one = journal(
        dir.path(),
        "900+10",
        &[
            format!("anchor 0 {T0}"),
            "move 1000 e2e4".into(),
            "press 2000 white".into(),
        ],
    );
    let report_one = report(&one, "en");
    assert!(!report_one.contains("restarted"), "{report_one}");

    let dir = tempfile::tempdir().unwrap();
    let untimed = journal(
        dir.path(),
        "-",
        &[
            format!("anchor 0 {T0}"),
            "move 1000 e2e4".into(),
            format!("anchor 1000 {}", T0 + 61_000),
            "move 2000 e7e5".into(),
        ],
    );
    let en = plain(&report(&untimed, "en"));
    assert!(
        en.contains(
            &"0:00:01 (2026.11.24 16:01:01 UTC)  vichess restarted at 16:01:01 UTC; its last \
              record before that was at 16:00:01 (a gap of one minute); it had stopped without \
              closing the game (a crash, a kill or a power cut)"
                .to_string()
        ),
        "{en:#?}"
    );
}
