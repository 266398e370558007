//! Rulings an arbiter found wrong in a play-through (session 32): a flag fall the arbiter
//! put right, a flag fall no one can rule on, a III.5 claim's two minutes, and the time
//! calls after the arbiter sets a clock. Pure sessions on simulated time: lines in, the
//! printed lines and the result out.

use vichess::rules::clock::TimeControl;
use vichess::rules::{CastlingMode, Position};
use vichess::session::{Session, SessionConfig, Stamp};
use vichess::voice::Pack;

#[path = "common/session.rs"]
mod common_session;
use common_session::{printed, run};

/// A game in `pack`'s language from `fen` (the start when `None`) under `control`.
fn game(pack: &str, fen: Option<&str>, control: &str, config: SessionConfig) -> Session {
    let position = match fen {
        Some(f) => Position::from_fen(f, CastlingMode::Standard).expect("FEN"),
        None => Position::new(),
    };
    Session::new(
        config,
        Pack::builtin(pack).expect("built-in pack"),
        position,
        Some(TimeControl::parse_any(control).expect("control")),
    )
}

/// The score the game ended with, if it has.
fn score(s: &Session) -> Option<&'static str> {
    s.state().ending().map(|e| e.score)
}

/// 6.10.2: a flag that fell because the arbiter took too much time is no flag once the
/// arbiter has set the clock right. The claim is refused and the game goes on; before the
/// correction it would have been upheld.
#[test]
fn a_flag_the_arbiter_put_right_cannot_be_claimed() {
    let mut s = game("de", None, "40/90m+30s:30m+30s", SessionConfig::default());
    let out = run(
        &mut s,
        0,
        &[
            "e4",
            "drücken",
            "e5",
            "drücken",
            "Sf3",
            "drücken",
            "schiedsrichter zeit abziehen schwarz 3h",
            "schiedsrichter zeit stellen schwarz 1:27:49",
            "reklamieren flagge weiß",
        ],
    );
    let lines = printed(&out);
    assert!(
        lines.iter().any(|l| l == "Zeitüberschreitung Schwarz"),
        "the fall itself is said: {lines:#?}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Blättchen nicht gefallen: Schwarz"),
        "{lines:#?}"
    );
    assert_eq!(score(&s), None);

    // Time added is a grant, not a correction of the reading: the fall still stands.
    let mut s = game("de", None, "40/90m+30s:30m+30s", SessionConfig::default());
    run(
        &mut s,
        0,
        &[
            "e4",
            "drücken",
            "schiedsrichter zeit abziehen schwarz 3h",
            "schiedsrichter zeit dazu schwarz 5m",
            "reklamieren flagge weiß",
            "ja",
        ],
    );
    assert_eq!(score(&s), Some("1-0"));
}

/// 6.9: White's flag falls with a king and a pawn against Black's king and knight. Black
/// can mate only with White's help (the pawn blocking its own king), and the rules core can
/// neither prove that nor rule it out here: the game stops on the arbiter's question, said
/// with its two answers, and no win is announced that nobody decided. The arbiter's answer
/// gives the result; a postponement is refused with the question.
#[test]
fn a_flag_fall_no_one_can_rule_on_stops_the_game_on_the_arbiters_question() {
    const FEN: &str = "8/8/4k3/8/8/4K3/4P3/6n1 w - - 0 60";
    let ask = |answer: &str| {
        let mut s = game("ru", Some(FEN), "90m", SessionConfig::default());
        let out = run(
            &mut s,
            0,
            &[
                "старт",
                "арбитр время снять белые 2h",
                "требовать флажок чёрные",
                "да",
                answer,
            ],
        );
        (s, printed(&out))
    };
    let (s, lines) = ask("арбитр отклонить");
    let asked = lines
        .iter()
        .position(|l| {
            l == "у белых упал флажок, по требованию чёрных, решает арбитр: могут ли чёрные \
                  ещё поставить мат? арбитр принять: да, чёрные выиграли; арбитр отклонить: \
                  нет, ничья"
        })
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(
        !lines[..asked].iter().any(|l| l.contains("выиграли")),
        "a win said before the arbiter decided: {lines:#?}"
    );
    assert_eq!(score(&s), Some("1/2-1/2"), "{lines:#?}");
    assert!(
        lines[asked..]
            .iter()
            .any(|l| l == "у белых упал флажок, по требованию чёрных, ничья"),
        "{lines:#?}"
    );

    let (s, lines) = ask("арбитр принять");
    assert_eq!(score(&s), Some("0-1"), "{lines:#?}");

    let (s, lines) = ask("арбитр отложить");
    assert_eq!(score(&s), Some("*"), "{lines:#?}");
    assert!(
        lines
            .last()
            .is_some_and(|l| l.contains("могут ли чёрные ещё поставить мат?")),
        "{lines:#?}"
    );
}

/// Guidelines III.5.2 and III.5.3: the opponent gets two minutes once per claim: at the
/// postponement, or at the rejection, never at both.
#[test]
fn a_postponed_iii_5_claim_rejected_later_gives_two_minutes_once() {
    let config = SessionConfig {
        guidelines_iii: true,
        ..SessionConfig::default()
    };
    let added = |script: &[&str]| {
        let mut s = game("en", None, "60", config.clone());
        let lines = printed(&run(&mut s, 0, script));
        lines
            .iter()
            .filter(|l| l.starts_with("time added: Black, two minutes"))
            .count()
    };
    let claim = [
        "e4",
        "press",
        "e5",
        "press",
        "arbiter time set white 1m30s",
        "claim quickplay white",
        "yes",
    ];
    let then = |rest: &[&'static str]| -> Vec<&'static str> {
        claim.iter().chain(rest).copied().collect()
    };
    assert_eq!(
        added(&then(&[
            "arbiter postpone time",
            "Nf3",
            "press",
            "Nc6",
            "press",
            "arbiter reject"
        ])),
        1
    );
    assert_eq!(added(&then(&["arbiter reject"])), 1);
    assert_eq!(
        added(&then(&[
            "arbiter postpone",
            "Nf3",
            "press",
            "arbiter reject"
        ])),
        1
    );
}

/// The time calls after the arbiter sets a clock start from the time set: Black, set to
/// three seconds out of an hour and a half, hears two seconds and one, never "two minutes"
/// (a mark the correction jumped over, never reached on the clock).
#[test]
fn after_the_arbiter_sets_a_clock_no_mark_it_jumped_over_is_called() {
    let mut s = game("en", None, "90m", SessionConfig::default());
    let mut out = run(&mut s, 0, &["e4", "press", "arbiter time set black 3s"]);
    for t in (2_000..=6_000).step_by(100) {
        out.extend(s.handle_timeout(Stamp::from_millis(t)));
    }
    let lines = printed(&out);
    let set = lines
        .iter()
        .position(|l| l == "clock set: Black; Black: three seconds")
        .unwrap_or_else(|| panic!("{lines:#?}"));
    let after: Vec<&str> = lines[set + 1..].iter().map(String::as_str).collect();
    assert!(!after.iter().any(|l| l.contains("minute")), "{after:#?}");
    assert!(after.contains(&"Black: two seconds"), "{after:#?}");
    assert!(after.contains(&"Black: one second"), "{after:#?}");
}
