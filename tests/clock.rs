//! The chess clock: time-control syntax and errors, the game type, the clock state machine
//! (periods, increment, both delays, stops, flags, corrections, 8.4), the time-call schedule
//! and the `clock simulate` lines. Expected values are worked out by hand in the comments.

use vichess::rules::clock::{
    simulate, Adjustment, BlitzPenalty, Bonus, Call, CallMode, CallPolicy, CallTracker, Clock,
    ClockConfig, ClockError, ClockEvent, ClockState, ControlErrorKind, GameType, Period,
    PgnTimeControl, QuickplayBonus, TimeControl,
};
use vichess::rules::Color::{Black, White};

const SEC: u64 = 1000;
const MIN: u64 = 60 * SEC;

fn pgn(s: &str) -> TimeControl {
    TimeControl::parse(s).unwrap_or_else(|e| panic!("{e}"))
}

fn human(s: &str) -> TimeControl {
    TimeControl::parse_human(s).unwrap_or_else(|e| panic!("{e}"))
}

fn started(control: &str) -> Clock {
    let mut clock = Clock::new(
        TimeControl::parse_any(control).unwrap(),
        ClockConfig::default(),
    );
    clock.start(0).unwrap();
    clock
}

fn run(control: TimeControl) -> Clock {
    let mut clock = Clock::new(control, ClockConfig::default());
    clock.start(0).unwrap();
    clock
}

fn flag_falls(events: &[ClockEvent]) -> Vec<(vichess::rules::Color, u64)> {
    events
        .iter()
        .filter_map(|e| match e {
            ClockEvent::FlagFell { side, at, .. } => Some((*side, *at)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Time controls

#[test]
fn pgn_multi_period_with_increment() {
    let c = pgn("40/5400+30:1800+30");
    assert_eq!(
        c.periods(),
        &[
            Period::moves_in(40, 90 * MIN, Bonus::Increment(30 * SEC)),
            Period::rest_of_game(30 * MIN, Bonus::Increment(30 * SEC)),
        ]
    );
    assert_eq!(c.to_string(), "40/5400+30:1800+30");
}

#[test]
fn pgn_simple_forms() {
    assert_eq!(
        pgn("300+3"),
        TimeControl::sudden_death(5 * MIN, Bonus::Increment(3 * SEC))
    );
    assert_eq!(
        pgn("5400"),
        TimeControl::sudden_death(90 * MIN, Bonus::None)
    );
    assert_eq!(
        pgn("10d5"),
        TimeControl::sudden_death(10 * SEC, Bonus::Delay(5 * SEC))
    );
    assert_eq!(
        pgn("300b5"),
        TimeControl::sudden_death(5 * MIN, Bonus::Bronstein(5 * SEC))
    );
    assert_eq!(pgn(" 300+3 "), pgn("300+3"));
    // Decimal seconds are kept to the millisecond.
    assert_eq!(
        pgn("15+0.5"),
        TimeControl::sudden_death(15 * SEC, Bonus::Increment(500))
    );
    assert_eq!(
        pgn("300+0"),
        TimeControl::sudden_death(5 * MIN, Bonus::None)
    );
}

#[test]
fn pgn_unknown_and_untimed() {
    assert_eq!(PgnTimeControl::parse("?").unwrap(), PgnTimeControl::Unknown);
    assert_eq!(PgnTimeControl::parse("-").unwrap(), PgnTimeControl::Untimed);
    assert_eq!(
        PgnTimeControl::parse("300+3").unwrap(),
        PgnTimeControl::Timed(pgn("300+3"))
    );
    let e = TimeControl::parse("-").unwrap_err();
    assert_eq!(e.kind, ControlErrorKind::Untimed);
    assert_eq!(
        e.to_string(),
        "\"-\": at character 1, \"-\" means the game had no clock"
    );
    assert_eq!(
        TimeControl::parse("?").unwrap_err().kind,
        ControlErrorKind::Unknown
    );
}

#[test]
fn round_trips_through_the_pgn_form() {
    for s in [
        "40/5400+30:1800+30",
        "300+3",
        "5400",
        "10d5",
        "300b5",
        "40/7200:20/3600:1800",
        "15+0.5",
    ] {
        let c = pgn(s);
        assert_eq!(c.to_string(), s);
        assert_eq!(pgn(&c.to_string()), c);
    }
    // A human control written in PGN form: 0.125 minutes is 7.5 seconds.
    assert_eq!(human("0.125+1").to_string(), "7.5+1");
}

#[test]
fn errors_point_at_the_bad_part() {
    let cases: &[(&str, &str)] = &[
        ("40/5400+x", "\"40/5400+x\": at character 9, \"x\" is not a number of seconds"),
        ("", "\"\": at character 1, there is no time control at all"),
        ("40/", "\"40/\": at character 4, a number of seconds is missing"),
        ("/5400", "\"/5400\": at character 1, a number of moves is missing"),
        ("0/60", "\"0/60\": at character 1, \"0\": a period must last at least one move"),
        ("x/60", "\"x/60\": at character 1, \"x\" is not a number of seconds"),
        (
            "5400:40/100",
            "\"5400:40/100\": at character 6, \"40\" cannot follow a period for the rest of the game",
        ),
        ("*60", "\"*60\": at character 1, \"*60\": sandclock controls are not supported"),
        ("300+3 x", "\"300+3 x\": at character 7, \"x\" is not part of a time control"),
        ("300d", "\"300d\": at character 5, a number of seconds is missing"),
        ("0", "\"0\": at character 1, \"0\" gives no time at all"),
        ("1.2.3", "\"1.2.3\": at character 1, \"1.2.3\" is not a number of seconds"),
        ("300+0.0001", "\"300+0.0001\": at character 5, \"0.0001\" is not a number of seconds"),
        // The number is fine; the letters after it are what is wrong.
        ("300x5", "\"300x5\": at character 4, \"x5\" is not part of a time control"),
        ("99999999999999999999", "\"99999999999999999999\": at character 1, \"99999999999999999999\" is too large for a clock"),
        // Characters, not bytes: the é is one character.
        ("40/5400+é", "\"40/5400+é\": at character 9, \"é\" is not a number of seconds"),
    ];
    for (input, message) in cases {
        let e = TimeControl::parse(input).unwrap_err();
        assert_eq!(&e.to_string(), message, "{input}");
    }
    let e = TimeControl::parse_human("90min").unwrap_err();
    assert_eq!(
        e.to_string(),
        "\"90min\": at character 3, \"min\" is not part of a time control"
    );
    assert_eq!(e.at, 3);
    assert_eq!(e.text, "min");
}

#[test]
fn human_forms_are_minutes_plus_seconds() {
    assert_eq!(
        human("90+30"),
        TimeControl::sudden_death(90 * MIN, Bonus::Increment(30 * SEC))
    );
    assert_eq!(
        human("G/90"),
        TimeControl::sudden_death(90 * MIN, Bonus::None)
    );
    assert_eq!(
        human("g/90;d5"),
        TimeControl::sudden_death(90 * MIN, Bonus::Delay(5 * SEC))
    );
    assert_eq!(human("G/90 d5"), human("G/90;d5"));
    assert_eq!(
        human("0.5+0"),
        TimeControl::sudden_death(30 * SEC, Bonus::None)
    );
    assert_eq!(human("40/90+30:30+30"), pgn("40/5400+30:1800+30"));
    assert_eq!(human("40/120, SD/30"), pgn("40/7200:1800"));
    assert_eq!(human("3 + 2"), human("3+2"));
}

#[test]
fn parse_any_rule() {
    // Under 180 as the first period's time: minutes.
    assert_eq!(TimeControl::parse_any("90+30").unwrap(), human("90+30"));
    assert_eq!(TimeControl::parse_any("3+2").unwrap(), pgn("180+2"));
    assert_eq!(
        TimeControl::parse_any("40/90+30:30+30").unwrap(),
        pgn("40/5400+30:1800+30")
    );
    // From 180 up: PGN seconds.
    assert_eq!(TimeControl::parse_any("180+2").unwrap(), human("3+2"));
    assert_eq!(TimeControl::parse_any("300+3").unwrap(), human("5+3"));
    assert_eq!(
        TimeControl::parse_any("40/5400+30:1800+30").unwrap(),
        human("40/90+30:30+30")
    );
    // Poster marks always mean minutes.
    assert_eq!(TimeControl::parse_any("G/5+3").unwrap(), pgn("300+3"));
    assert_eq!(TimeControl::parse_any("G/200").unwrap(), pgn("12000"));
    assert_eq!(TimeControl::parse_any("0.5+0").unwrap(), pgn("30"));
    assert_eq!(
        TimeControl::parse_any("-").unwrap_err().kind,
        ControlErrorKind::Untimed
    );
    assert!(TimeControl::parse_any("40/5400+x").is_err());
}

#[test]
fn game_types() {
    let cases = [
        ("3+2", GameType::Blitz),   // T = 3 + 2 = 5
        ("10+0", GameType::Blitz),  // T = 10
        ("5+5", GameType::Blitz),   // T = 10
        ("10+5", GameType::Rapid),  // T = 15
        ("15+10", GameType::Rapid), // T = 25
        ("59+0", GameType::Rapid),
        ("45+15", GameType::Standard), // T = 60
        ("60+0", GameType::Standard),
        ("90+30", GameType::Standard),
        ("40/90+30:30+30", GameType::Standard),
    ];
    for (s, expected) in cases {
        assert_eq!(
            GameType::of(&TimeControl::parse_any(s).unwrap()),
            expected,
            "{s}"
        );
    }
    // A delay counts like an increment: 5 + 5 = 10 is blitz, 5 + 6 rapid.
    assert_eq!(GameType::of(&human("G/5;d5")), GameType::Blitz);
    assert_eq!(GameType::of(&human("G/5;d6")), GameType::Rapid);
}

// ---------------------------------------------------------------------------------------
// The clock

#[test]
fn increment_is_credited_from_move_one() {
    let mut clock = started("90+30");
    clock.press(White, 10 * SEC).unwrap();
    // 90:00 - 0:10 + 0:30.
    assert_eq!(clock.remaining(White, 10 * SEC), 90 * MIN + 20 * SEC);
    assert_eq!(clock.remaining(Black, 10 * SEC), 90 * MIN);
    assert_eq!(clock.remaining(Black, 15 * SEC), 90 * MIN - 5 * SEC);
    assert_eq!(clock.moves(White), 1);
    assert_eq!(clock.moves(Black), 0);
    assert_eq!(clock.turn(), Some(Black));
}

#[test]
fn next_period_is_added_at_the_completion_of_the_periods_last_move() {
    let mut clock = started("40/5400:1800");
    let mut now = 0;
    for n in 1..=40 {
        now += 60 * SEC;
        let events = clock.press(White, now).unwrap();
        let started_period = events
            .iter()
            .any(|e| matches!(e, ClockEvent::PeriodStarted { side: White, period: 2, added, .. } if *added == 30 * MIN));
        assert_eq!(started_period, n == 40, "move {n}");
        assert_eq!(clock.period(White), if n == 40 { 2 } else { 1 });
        now += 30 * SEC;
        clock.press(Black, now).unwrap();
    }
    // White: 90 - 40 + 30 = 80 minutes. Black: 90 - 20 = 70, its 40th press added 30.
    assert_eq!(clock.remaining(White, now), 80 * MIN);
    assert_eq!(clock.remaining(Black, now), 100 * MIN);
    assert_eq!(clock.moves_to_go(White), None);
}

#[test]
fn a_last_period_with_moves_repeats() {
    let mut clock = started("40/7200:20/3600");
    let mut now = 0;
    for _ in 0..60 {
        now += SEC;
        clock.press(White, now).unwrap();
        now += SEC;
        clock.press(Black, now).unwrap();
    }
    // 120 + 60 + 60 minutes, less 60 seconds each.
    assert_eq!(clock.remaining(White, now), 240 * MIN - 60 * SEC);
    assert_eq!(clock.period(White), 3);
    assert_eq!(clock.moves_to_go(White), Some(20));
}

#[test]
fn fide_delay_runs_before_the_main_time_and_is_not_banked() {
    let mut clock = run(pgn("60d5"));
    // During the delay the main time stands still; the delay is shown apart.
    assert_eq!(clock.remaining(White, 2 * SEC), 60 * SEC);
    assert_eq!(clock.delay_left(White, 2 * SEC), 3 * SEC);
    assert_eq!(clock.remaining(White, 7 * SEC), 58 * SEC);
    assert_eq!(clock.delay_left(White, 7 * SEC), 0);
    clock.press(White, 4 * SEC).unwrap();
    assert_eq!(clock.remaining(White, 4 * SEC), 60 * SEC);
    // Black takes 7.5 seconds: 2.5 from the main time.
    clock.press(Black, 11_500).unwrap();
    assert_eq!(clock.remaining(Black, 11_500), 57_500);
    // White moves in one second, three times: nothing is banked.
    let mut now = 11_500;
    for _ in 0..3 {
        now += SEC;
        clock.press(White, now).unwrap();
        now += SEC;
        clock.press(Black, now).unwrap();
    }
    assert_eq!(clock.remaining(White, now), 60 * SEC);
    assert_eq!(clock.delay_left(White, now), 5 * SEC);
}

#[test]
fn fide_delay_flag_falls_after_delay_plus_main_time() {
    // 3 seconds left, 5 seconds delay: the flag falls 8 seconds into the move (6.3.2).
    let mut clock = run(pgn("3d5"));
    assert!(flag_falls(&clock.tick(7_999).unwrap()).is_empty());
    assert_eq!(clock.remaining(White, 7_999), 1);
    assert_eq!(
        flag_falls(&clock.tick(8_000).unwrap()),
        vec![(White, 8_000)]
    );
    // Fed late, the clock still knows when it fell.
    let mut late = run(pgn("3d5"));
    assert_eq!(
        flag_falls(&late.tick(60 * SEC).unwrap()),
        vec![(White, 8_000)]
    );
}

#[test]
fn bronstein_gives_back_the_time_used_and_flags_at_main_time() {
    let mut clock = run(pgn("60b5"));
    clock.press(White, 4 * SEC).unwrap();
    assert_eq!(clock.remaining(White, 4 * SEC), 60 * SEC);
    // Black uses 7 s, gets 5 back.
    clock.press(Black, 11 * SEC).unwrap();
    assert_eq!(clock.remaining(Black, 11 * SEC), 58 * SEC);
    // Unlike the FIDE delay, the main time runs from the start of the move.
    assert_eq!(clock.remaining(White, 13 * SEC), 58 * SEC);
    // 3 seconds left, 5 seconds "delay": the flag falls at 3 seconds.
    let mut short = run(pgn("3b5"));
    assert!(flag_falls(&short.tick(2_999).unwrap()).is_empty());
    assert_eq!(
        flag_falls(&short.tick(3_000).unwrap()),
        vec![(White, 3_000)]
    );
}

#[test]
fn stop_and_resume() {
    let mut clock = started("90+30");
    let events = clock.stop(10 * SEC).unwrap();
    assert_eq!(events, vec![ClockEvent::Stopped { at: 10 * SEC }]);
    assert_eq!(clock.state(), ClockState::Stopped { turn: White });
    assert_eq!(clock.press(White, 20 * SEC), Err(ClockError::Stopped));
    assert_eq!(clock.remaining(White, 100 * SEC), 90 * MIN - 10 * SEC);
    clock.resume(100 * SEC).unwrap();
    assert_eq!(clock.resume(101 * SEC), Err(ClockError::NotStopped));
    clock.press(White, 110 * SEC).unwrap();
    // 20 seconds used, 30 credited.
    assert_eq!(clock.remaining(White, 110 * SEC), 90 * MIN + 10 * SEC);
}

#[test]
fn a_stop_keeps_the_moves_unused_delay() {
    let mut clock = run(pgn("60d5"));
    clock.stop(2 * SEC).unwrap();
    assert_eq!(clock.delay_left(White, 40 * SEC), 3 * SEC);
    clock.resume(50 * SEC).unwrap();
    assert_eq!(clock.remaining(White, 53 * SEC), 60 * SEC);
    assert_eq!(clock.remaining(White, 54 * SEC), 59 * SEC);
}

#[test]
fn presses_that_make_no_sense_are_refused() {
    let mut clock = Clock::new(pgn("300+3"), ClockConfig::default());
    assert_eq!(clock.press(White, 0), Err(ClockError::NotStarted));
    clock.start(1_000).unwrap();
    assert_eq!(clock.start(1_000), Err(ClockError::AlreadyStarted));
    let e = clock.press(Black, 2_000).unwrap_err();
    assert_eq!(
        e,
        ClockError::NotYourClock {
            side: Black,
            running: White
        }
    );
    assert_eq!(
        e.to_string(),
        "black pressed, but it is white's clock that is running"
    );
    assert_eq!(
        clock.press(White, 500),
        Err(ClockError::TimeWentBackwards {
            last: 1_000,
            now: 500
        })
    );
    // Nothing changed.
    assert_eq!(clock.moves(White), 0);
    assert_eq!(clock.remaining(White, 1_000), 5 * MIN);
}

#[test]
fn flags_are_logged_in_order_and_time_never_goes_negative() {
    let mut clock = run(pgn("5"));
    clock.press(White, 4 * SEC).unwrap(); // White has 1 s left.
    let events = clock.tick(10 * SEC).unwrap();
    // Black's 5 s ran from 4 s.
    assert_eq!(flag_falls(&events), vec![(Black, 9 * SEC)]);
    assert_eq!(clock.remaining(Black, 1_000 * SEC), 0);
    assert!(clock.flag_down(Black));
    clock.press(Black, 10 * SEC).unwrap();
    let events = clock.tick(12 * SEC).unwrap();
    assert_eq!(flag_falls(&events), vec![(White, 11 * SEC)]);
    let first = clock.first_flag().unwrap();
    assert_eq!(
        (first.side, first.at, first.move_number, first.period),
        (Black, 9 * SEC, 1, 1)
    );
    assert_eq!(clock.flags().len(), 2);
    assert_eq!(clock.flags()[1].move_number, 2);
    // A fallen flag is reported once.
    assert!(flag_falls(&clock.tick(20 * SEC).unwrap()).is_empty());
}

#[test]
fn a_fallen_flag_earns_no_increment_but_a_new_period_still_comes() {
    let mut clock = run(pgn("5+2"));
    let events = clock.press(White, 6 * SEC).unwrap();
    assert_eq!(flag_falls(&events), vec![(White, 5 * SEC)]);
    assert_eq!(clock.remaining(White, 6 * SEC), 0);

    // III.3.1: play may go on after a fall in a non-final period.
    let mut clock = run(pgn("1/5:60"));
    let events = clock.press(White, 6 * SEC).unwrap();
    assert_eq!(flag_falls(&events), vec![(White, 5 * SEC)]);
    assert!(events.contains(&ClockEvent::PeriodStarted {
        side: White,
        period: 2,
        added: 60 * SEC,
        at: 6 * SEC
    }));
    assert_eq!(clock.remaining(White, 6 * SEC), 60 * SEC);
    assert!(!clock.flag_down(White));
    assert_eq!(clock.first_flag().unwrap().side, White);
}

#[test]
fn arbiter_corrections_are_audited() {
    let mut clock = started("90+30");
    clock.press(White, 30 * SEC).unwrap(); // White 90:00, Black running.
    clock
        .correct(
            Adjustment::SetTime {
                side: White,
                time: 45 * MIN,
            },
            "arbiter A",
            "clock set wrongly (6.10.2)",
            40 * SEC,
        )
        .unwrap();
    clock
        .correct(
            Adjustment::AddTime {
                side: Black,
                time: 2 * MIN,
            },
            "arbiter A",
            "disturbance (12.5)",
            50 * SEC,
        )
        .unwrap();
    clock
        .correct(
            Adjustment::SubtractTime {
                side: White,
                time: 100 * MIN,
            },
            "arbiter B",
            "12.9.3",
            60 * SEC,
        )
        .unwrap();
    clock
        .correct(
            Adjustment::SetMoves {
                side: White,
                moves: 12,
            },
            "arbiter B",
            "move counter (7.1)",
            70 * SEC,
        )
        .unwrap();
    let audit = clock.audit();
    assert_eq!(audit.len(), 4);
    assert_eq!(audit[0].by, "arbiter A");
    assert_eq!(audit[0].why, "clock set wrongly (6.10.2)");
    assert_eq!(audit[0].at, 40 * SEC);
    assert_eq!(audit[0].before[White.index()].time, 90 * MIN);
    assert_eq!(audit[0].after[White.index()].time, 45 * MIN);
    // Black's clock ran 10 s before the first correction.
    assert_eq!(audit[0].before[Black.index()].time, 90 * MIN - 10 * SEC);
    assert_eq!(
        audit[1].after[Black.index()].time,
        90 * MIN - 20 * SEC + 2 * MIN
    );
    // Subtracting more than is left stops at zero; a waiting clock's flag does not fall.
    assert_eq!(audit[2].after[White.index()].time, 0);
    assert!(clock.flags().is_empty());
    assert_eq!(audit[3].before[White.index()].moves, 1);
    assert_eq!(audit[3].after[White.index()].moves, 12);
    assert_eq!(clock.moves(White), 12);
    // White's clock starts at zero: its flag falls at once.
    let events = clock.press(Black, 80 * SEC).unwrap();
    assert_eq!(flag_falls(&events), vec![(White, 80 * SEC)]);
}

#[test]
fn fixing_the_move_counter_moves_the_period() {
    let mut clock = started("40/5400:1800");
    clock
        .correct(
            Adjustment::SetMoves {
                side: White,
                moves: 40,
            },
            "arbiter",
            "7.1",
            0,
        )
        .unwrap();
    assert_eq!(clock.period(White), 2);
    // The time is the arbiter's to set; the counter alone adds nothing.
    assert_eq!(clock.remaining(White, 0), 90 * MIN);
}

#[test]
fn penalties_by_game_type() {
    let cases = [
        ("90+30", BlitzPenalty::OneMinute, 2 * MIN),
        ("15+10", BlitzPenalty::OneMinute, MIN),
        ("3+2", BlitzPenalty::OneMinute, MIN),
        ("3+2", BlitzPenalty::TwoMinutes, 2 * MIN),
        ("15+10", BlitzPenalty::TwoMinutes, MIN),
    ];
    for (control, blitz_penalty, expected) in cases {
        let config = ClockConfig { blitz_penalty };
        let mut clock = Clock::new(TimeControl::parse_any(control).unwrap(), config);
        clock.start(0).unwrap();
        let before = clock.remaining(Black, 0);
        clock
            .penalty(White, "arbiter", "illegal move (7.5.5)", 0)
            .unwrap();
        assert_eq!(clock.remaining(Black, 0), before + expected, "{control}");
        assert_eq!(clock.remaining(White, 0), clock.control().period(0).time);
        assert_eq!(
            clock.audit()[0].adjustment,
            Adjustment::Penalty { offender: White }
        );
    }
}

#[test]
fn no_duty_to_record_latches_for_the_rest_of_the_period() {
    let mut clock = started("G/6");
    // 6:00 - 1:00.001 is the first instant under five minutes.
    assert!(clock.tick(60_000).unwrap().is_empty());
    assert!(!clock.no_duty_to_record(White, 60_000));
    let events = clock.tick(60_001).unwrap();
    assert_eq!(
        events,
        vec![ClockEvent::NoDutyToRecord {
            side: White,
            period: 1,
            at: 60_001
        }]
    );
    // Fed late, the latch still carries its instant.
    let mut late = started("G/6");
    assert_eq!(
        late.tick(200_000).unwrap(),
        vec![ClockEvent::NoDutyToRecord {
            side: White,
            period: 1,
            at: 60_001
        }]
    );
    // Added time does not lift it.
    clock
        .correct(
            Adjustment::AddTime {
                side: White,
                time: 5 * MIN,
            },
            "arbiter",
            "12.9.2",
            70_000,
        )
        .unwrap();
    assert!(clock.no_duty_to_record(White, 70_000));
    assert!(!clock.no_duty_to_record(Black, 70_000));
}

#[test]
fn no_duty_ends_with_the_period() {
    let mut clock = started("1/400:3600");
    let events = clock.press(White, 101 * SEC).unwrap();
    assert_eq!(
        events[0],
        ClockEvent::NoDutyToRecord {
            side: White,
            period: 1,
            at: 100_001
        }
    );
    assert!(events.contains(&ClockEvent::PeriodStarted {
        side: White,
        period: 2,
        added: 3600 * SEC,
        at: 101 * SEC
    }));
    assert!(!clock.no_duty_to_record(White, 101 * SEC));
}

#[test]
fn an_increment_of_thirty_seconds_keeps_the_duty() {
    let mut clock = started("G/6+30");
    assert!(clock.tick(5 * MIN).unwrap().is_empty());
    assert!(!clock.no_duty_to_record(White, 5 * MIN));
    let mut clock = started("G/6+29");
    assert_eq!(clock.tick(5 * MIN).unwrap().len(), 1);
}

#[test]
fn blitz_starts_without_duty_to_record() {
    let mut clock = Clock::new(human("3+2"), ClockConfig::default());
    let events = clock.start(0).unwrap();
    assert_eq!(
        events,
        vec![
            ClockEvent::Started { side: White, at: 0 },
            ClockEvent::NoDutyToRecord {
                side: White,
                period: 1,
                at: 0
            },
            ClockEvent::NoDutyToRecord {
                side: Black,
                period: 1,
                at: 0
            },
        ]
    );
}

#[test]
fn quickplay_switch_to_five_seconds() {
    let mut clock = started("G/90");
    clock
        .correct(
            Adjustment::Quickplay(QuickplayBonus::Increment),
            "arbiter",
            "III.4",
            10 * SEC,
        )
        .unwrap();
    clock.press(White, 20 * SEC).unwrap();
    assert_eq!(clock.remaining(White, 20 * SEC), 90 * MIN - 15 * SEC);
    clock.press(Black, 30 * SEC).unwrap();
    assert_eq!(clock.remaining(Black, 30 * SEC), 90 * MIN - 5 * SEC);
    assert_eq!(clock.bonus(White), Bonus::Increment(5 * SEC));

    let mut clock = started("G/90");
    clock
        .correct(
            Adjustment::Quickplay(QuickplayBonus::Delay),
            "arbiter",
            "III.4",
            10 * SEC,
        )
        .unwrap();
    // The player on move gets the delay at once.
    assert_eq!(clock.delay_left(White, 12 * SEC), 3 * SEC);
    assert_eq!(clock.remaining(White, 15 * SEC), 90 * MIN - 10 * SEC);
    clock.press(White, 16 * SEC).unwrap();
    assert_eq!(clock.delay_left(Black, 16 * SEC), 5 * SEC);
}

// ---------------------------------------------------------------------------------------
// Time calls

#[test]
fn calls_thicken_as_time_runs_short() {
    let p = CallPolicy {
        low_time_alarm: None,
        ..CallPolicy::default()
    };
    // Above ten minutes: every ten minutes.
    assert_eq!(
        p.due_calls(70 * MIN + 500, 70 * MIN - 500),
        vec![Call::Remaining(70 * MIN)]
    );
    assert_eq!(p.due_calls(72 * MIN + 500, 71 * MIN), vec![]);
    // Ten minutes and below: every minute.
    assert_eq!(
        p.due_calls(10 * MIN + 1, 10 * MIN),
        vec![Call::Remaining(10 * MIN)]
    );
    assert_eq!(
        p.due_calls(9 * MIN + 1, 9 * MIN - 1),
        vec![Call::Remaining(9 * MIN)]
    );
    assert_eq!(p.due_calls(9 * MIN - 1, 8 * MIN + 1), vec![]);
    // Under a minute: every ten seconds.
    assert_eq!(p.due_calls(56 * SEC, 55 * SEC), vec![]);
    assert_eq!(
        p.due_calls(51 * SEC, 49 * SEC),
        vec![Call::Remaining(50 * SEC)]
    );
    // Time going up (an increment) calls nothing.
    assert_eq!(p.due_calls(5 * SEC, 35 * SEC), vec![]);
    // Several marks passed at once: only the latest is worth saying.
    assert_eq!(
        p.due_calls(5 * MIN + 30 * SEC, 45 * SEC),
        vec![Call::Remaining(50 * SEC)]
    );
    assert_eq!(p.due_calls(SEC, 0), vec![Call::FlagFell]);
}

#[test]
fn every_second_is_called_below_ten_seconds() {
    let mut tracker = CallTracker::default();
    tracker.policy.low_time_alarm = None;
    let mut called = Vec::new();
    // Readings every 100 ms from 10.05 s down to 0.
    let mut remaining = 10_050u64;
    assert!(tracker.feed(White, remaining).is_empty());
    while remaining > 0 {
        remaining = remaining.saturating_sub(100);
        called.extend(tracker.feed(White, remaining));
    }
    let mut expected: Vec<Call> = (1..=10).rev().map(|s| Call::Remaining(s * SEC)).collect();
    expected.push(Call::FlagFell);
    assert_eq!(called, expected);
    // Fed once a second, exactly on the second, also never silent.
    let p = CallPolicy::default();
    for s in 1..10u64 {
        assert_eq!(
            p.due_calls((s + 1) * SEC, s * SEC),
            vec![Call::Remaining(s * SEC)],
            "{s}"
        );
    }
}

#[test]
fn low_time_alarm_sounds_once() {
    let p = CallPolicy {
        low_time_alarm: Some(2 * MIN),
        ..CallPolicy::default()
    };
    assert_eq!(
        p.due_calls(2 * MIN + 1, 2 * MIN - 1),
        vec![Call::LowTime(2 * MIN), Call::Remaining(2 * MIN)]
    );
    assert_eq!(p.due_calls(2 * MIN - 1, 2 * MIN - 1000), vec![]);
    assert!(p
        .due_calls(5 * MIN, 3 * MIN)
        .iter()
        .all(|c| !matches!(c, Call::LowTime(_))));
}

#[test]
fn on_request_only_the_flag_is_announced() {
    let p = CallPolicy {
        mode: CallMode::OnRequest,
        ..CallPolicy::default()
    };
    assert_eq!(p.due_calls(10 * MIN + 1, 10 * MIN), vec![]);
    assert_eq!(p.due_calls(2 * MIN + 1, 2 * MIN - 1), vec![]);
    assert_eq!(p.due_calls(5 * SEC + 1, 5 * SEC), vec![]);
    assert_eq!(p.due_calls(500, 0), vec![Call::FlagFell]);
}

#[test]
fn schedule_marks() {
    let s = vichess::rules::clock::CallSchedule::default();
    for (ms, is_mark) in [
        (60 * MIN, true),
        (72 * MIN, false),
        (10 * MIN, true),
        (7 * MIN, true),
        (7 * MIN + 10 * SEC, false),
        (60 * SEC, true),
        (40 * SEC, true),
        (45 * SEC, false),
        (9 * SEC, true),
        (SEC, true),
        (1500, false),
        (0, false),
    ] {
        assert_eq!(s.is_mark(ms), is_mark, "{ms}");
    }
}

// ---------------------------------------------------------------------------------------
// clock simulate

/// The simulation's steps as their English trace lines.
fn sim(control: &TimeControl, seconds: &[f64]) -> Vec<String> {
    simulate(control, seconds)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn simulate_multi_period() {
    // 2 moves in 60 s, then 30 s for the rest; no bonus, so 8.4 applies at once.
    let lines = sim(&pgn("2/60:30"), &[10.0, 5.0, 20.0, 5.0, 10.0, 5.0]);
    assert_eq!(
        lines,
        vec![
            "white 1: spent 10 s, white 0:00:50 black 0:01:00",
            "black 1: spent 5 s, white 0:00:50 black 0:00:55",
            // 50 - 20 + 30; the new period brings a new 8.4 latch.
            "white 2: spent 20 s, white 0:01:00 black 0:00:55, period 2 for white: 0:00:30 added, white need not record moves (8.4)",
            "black 2: spent 5 s, white 0:01:00 black 0:01:20, period 2 for black: 0:00:30 added, black need not record moves (8.4)",
            "white 3: spent 10 s, white 0:00:50 black 0:01:20",
            "black 3: spent 5 s, white 0:00:50 black 0:01:15",
            "white 0:00:50 black 0:01:15",
        ]
    );
}

#[test]
fn simulate_increment() {
    let lines = sim(&pgn("300+3"), &[10.0, 20.0]);
    // 300 - 10 + 3 = 293; 300 - 20 + 3 = 283.
    assert_eq!(
        lines,
        vec![
            "white 1: spent 10 s, white 0:04:53 black 0:05:00, white need not record moves (8.4)",
            "black 1: spent 20 s, white 0:04:53 black 0:04:43, black need not record moves (8.4)",
            "white 0:04:53 black 0:04:43",
        ]
    );
}

#[test]
fn simulate_delay_and_decimals() {
    let lines = sim(&pgn("3600d5"), &[4.0, 7.5, 0.25]);
    assert_eq!(
        lines,
        vec![
            "white 1: spent 4 s, white 1:00:00 black 1:00:00",
            // 7.5 - 5 = 2.5 s from the main time: 59:57.5 shown as 59:57.
            "black 1: spent 7.5 s, white 1:00:00 black 0:59:57",
            "white 2: spent 0.25 s, white 1:00:00 black 0:59:57",
            "white 1:00:00 black 0:59:57",
        ]
    );
}

#[test]
fn simulate_flag() {
    let lines = sim(&pgn("60"), &[30.0, 10.0, 30.5, 10.0]);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2], "flag: white on move 2");
    // Exactly the whole time is too late: the flag falls when the time reaches zero.
    assert_eq!(sim(&pgn("60"), &[60.0]), vec!["flag: white on move 1"]);
    assert_eq!(
        sim(&pgn("60"), &[59.999]).last().unwrap(),
        "white 0:00:00 black 0:01:00"
    );
    // Black's flag.
    assert_eq!(
        sim(&pgn("60"), &[1.0, 61.0]).last().unwrap(),
        "flag: black on move 1"
    );
    // The FIDE delay: 3 s left and 5 s delay survive 7.9 s, not 8.
    assert_eq!(
        sim(&pgn("3d5"), &[7.9]).last().unwrap(),
        "white 0:00:00 black 0:00:03"
    );
    assert_eq!(
        sim(&pgn("3d5"), &[8.0]).last().unwrap(),
        "flag: white on move 1"
    );
}

#[test]
fn simulate_refuses_bad_times() {
    assert_eq!(
        sim(&pgn("60"), &[1.0, -1.0]).last().unwrap(),
        "error: black's move 1: -1 is not a time in seconds"
    );
    assert_eq!(
        sim(&pgn("60"), &[f64::NAN]),
        vec!["error: white's move 1: NaN is not a time in seconds"]
    );
    assert_eq!(sim(&pgn("5400"), &[]), vec!["white 1:30:00 black 1:30:00"]);
}

// ---------------------------------------------------------------------------------------
// Properties

mod props {
    use super::*;
    use proptest::prelude::*;

    fn control_text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            proptest::sample::select(
                &[
                    '0', '1', '3', '5', '9', '/', '+', ':', '.', 'd', 'b', 'G', 'g', 'S', 'D', '*',
                    ' ', ',', ';', 'x', '-', '?', 'é',
                ][..],
            ),
            0..16,
        )
        .prop_map(|chars| chars.into_iter().collect())
    }

    fn bonus() -> impl Strategy<Value = Bonus> {
        prop_oneof![
            Just(Bonus::None),
            (1..60_000u64).prop_map(Bonus::Increment),
            (1..60_000u64).prop_map(Bonus::Delay),
            (1..60_000u64).prop_map(Bonus::Bronstein),
        ]
    }

    fn period(moves: bool) -> impl Strategy<Value = Period> {
        let moves = if moves {
            (1..100u32).prop_map(Some).boxed()
        } else {
            Just(None).boxed()
        };
        (moves, 1..36_000_000u64, bonus()).prop_map(|(moves, time, bonus)| Period {
            moves,
            time,
            bonus,
        })
    }

    fn control() -> impl Strategy<Value = TimeControl> {
        (
            proptest::collection::vec(period(true), 0..3),
            any::<bool>(),
            period(false),
        )
            .prop_map(|(mut periods, last_sudden_death, last)| {
                if last_sudden_death || periods.is_empty() {
                    periods.push(last);
                }
                TimeControl::new(periods).unwrap()
            })
    }

    proptest! {
        #[test]
        fn parsers_never_panic_and_point_inside_the_text(s in control_text()) {
            for result in [
                TimeControl::parse(&s),
                TimeControl::parse_human(&s),
                TimeControl::parse_any(&s),
            ] {
                if let Err(e) = result {
                    prop_assert!(e.at >= 1 && e.at <= s.chars().count() + 1, "{e}");
                    prop_assert!(s.contains(&e.text), "{e}");
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            let _ = PgnTimeControl::parse(&s);
        }

        #[test]
        fn pgn_form_round_trips(c in control()) {
            prop_assert_eq!(TimeControl::parse(&c.to_string()).unwrap(), c);
        }

        #[test]
        fn fide_and_bronstein_delays_agree_while_no_flag_falls(
            spent in proptest::collection::vec(0..20_000u64, 0..40),
            delay in 1..10_000u64,
        ) {
            // With an hour each, no flag can fall in 40 moves of under 20 s.
            let mut fide = run(TimeControl::sudden_death(3_600_000, Bonus::Delay(delay)));
            let mut bronstein = run(TimeControl::sudden_death(3_600_000, Bonus::Bronstein(delay)));
            let mut now = 0;
            let mut expected = [3_600_000u64; 2];
            for (i, ms) in spent.iter().enumerate() {
                let side = if i % 2 == 0 { White } else { Black };
                now += ms;
                fide.press(side, now).unwrap();
                bronstein.press(side, now).unwrap();
                expected[i % 2] -= ms.saturating_sub(delay);
            }
            for side in [White, Black] {
                prop_assert_eq!(fide.remaining(side, now), expected[side.index()]);
                prop_assert_eq!(bronstein.remaining(side, now), expected[side.index()]);
            }
        }

        #[test]
        fn increment_accounts_for_every_millisecond(
            spent in proptest::collection::vec(0..200_000u64, 0..60),
            inc in 0..30_000u64,
        ) {
            // 40 moves in 2 hours, then 30 minutes, both with the increment.
            let bonus = if inc == 0 { Bonus::None } else { Bonus::Increment(inc) };
            let c = TimeControl::new(vec![
                Period::moves_in(40, 7_200_000, bonus),
                Period::rest_of_game(1_800_000, bonus),
            ]).unwrap();
            let mut clock = run(c);
            let mut now = 0;
            let mut left = [7_200_000i64; 2];
            let mut moves = [0u32; 2];
            for (i, ms) in spent.iter().enumerate() {
                let side = if i % 2 == 0 { White } else { Black };
                now += ms;
                let events = clock.press(side, now).unwrap();
                let k = i % 2;
                left[k] -= *ms as i64;
                if left[k] <= 0 {
                    prop_assert!(clock.flag_down(side) || clock.period(side) == 2);
                    return Ok(());
                }
                let fell = events
                    .iter()
                    .any(|e| matches!(e, ClockEvent::FlagFell { .. }));
                prop_assert!(!fell);
                left[k] += inc as i64;
                moves[k] += 1;
                if moves[k] == 40 {
                    left[k] += 1_800_000;
                }
                prop_assert_eq!(clock.remaining(side, now) as i64, left[k]);
                prop_assert_eq!(clock.moves(side), moves[k]);
            }
        }

        #[test]
        fn at_most_one_time_call_and_always_a_mark(prev in 1..10_000_000u64, now in 0..10_000_000u64) {
            let p = CallPolicy::default();
            let calls = p.due_calls(prev, now);
            let remaining: Vec<u64> = calls
                .iter()
                .filter_map(|c| match c { Call::Remaining(ms) => Some(*ms), _ => None })
                .collect();
            prop_assert!(remaining.len() <= 1);
            if let Some(&mark) = remaining.first() {
                prop_assert!(now <= mark && mark < prev);
                prop_assert!(p.schedule.is_mark(mark));
            }
            // Below ten seconds, a whole second passed is always called.
            if now < 10_000 && now > 0 && prev >= now + 1000 {
                prop_assert!(!remaining.is_empty());
            }
        }
    }
}

#[test]
fn set_turn_hands_the_running_clock_back_after_a_take_back_7_1() {
    use vichess::rules::clock::{Adjustment, ClockState};
    let control = TimeControl::parse("300+2").unwrap();
    let mut clock = Clock::new(control, ClockConfig::default());
    clock.start(0).unwrap();
    clock.press(White, 10_000).unwrap();
    // White's move is taken back: White is on move again, Black's clock stops running.
    clock
        .correct(
            Adjustment::SetTurn { side: White },
            "arbiter",
            "take-back",
            12_000,
        )
        .unwrap();
    assert_eq!(clock.state(), ClockState::Running(White));
    let black = clock.remaining(Black, 12_000);
    assert_eq!(
        clock.remaining(Black, 20_000),
        black,
        "Black's clock must stand still"
    );
    assert_eq!(
        clock.remaining(White, 20_000),
        clock.remaining(White, 12_000) - 8_000
    );
    assert_eq!(clock.audit().len(), 1);
}

#[test]
fn controls_with_explicit_units_mean_what_they_say() {
    assert_eq!(TimeControl::parse_any("3m").unwrap(), pgn("180"));
    assert_eq!(TimeControl::parse_any("180m").unwrap(), pgn("10800"));
    assert_eq!(TimeControl::parse_any("179m").unwrap(), pgn("10740"));
    assert_eq!(TimeControl::parse_any("90m+30s").unwrap(), pgn("5400+30"));
    assert_eq!(TimeControl::parse_any("10s").unwrap(), pgn("10"));
    assert_eq!(TimeControl::parse_any("1h30m").unwrap(), pgn("5400"));
    assert_eq!(TimeControl::parse_any("1h30m+30s").unwrap(), pgn("5400+30"));
    assert_eq!(TimeControl::parse_any("3min+2sec").unwrap(), pgn("180+2"));
    // A delay with units, written as on a poster (a play-through found "1m;d5s" refused).
    assert_eq!(TimeControl::parse_any("1m;d5s").unwrap(), pgn("60d5"));
    assert_eq!(TimeControl::parse_any("10s; b2s").unwrap(), pgn("10b2"));
    assert_eq!(TimeControl::parse_any("1m d 5s").unwrap(), pgn("60d5"));
    assert_eq!(TimeControl::parse_any("90m + 30s").unwrap(), pgn("5400+30"));
    assert_eq!(
        TimeControl::parse_any("40/90m+30s:30m+30s").unwrap(),
        pgn("40/5400+30:1800+30")
    );
    let e = TimeControl::parse_any("90+30s").unwrap_err();
    assert_eq!(e.kind, ControlErrorKind::NoUnit);
    assert_eq!(
        e.to_string(),
        "\"90+30s\": at character 1, \"90\" has no unit: write it with h, m or s, like 90m or 30s"
    );
    assert!(TimeControl::parse_any("1h30").is_err());
}

#[test]
fn an_increment_does_not_call_a_mark_again() {
    // 90+30: White's clock runs below 90:00, the increment lifts it to 90:10, and running
    // down across 90:00 again is no call ("one hour thirty minutes" after each move).
    let mut tracker = CallTracker::default();
    assert!(tracker.feed(White, 90 * MIN).is_empty());
    assert!(tracker.feed(White, 89 * MIN + 40 * SEC).is_empty());
    assert!(tracker.feed(White, 90 * MIN + 10 * SEC).is_empty());
    assert!(tracker.feed(White, 89 * MIN + 50 * SEC).is_empty());
    // "One minute" is called once when the clock first runs below it, not again after a
    // +3 s increment lifts it over the mark; the next marks are said.
    let _ = tracker.feed(White, 62 * SEC);
    assert!(!tracker.feed(White, 58 * SEC).is_empty());
    assert!(tracker.feed(White, 61 * SEC).is_empty());
    assert!(tracker.feed(White, 59 * SEC).is_empty());
    assert_eq!(
        tracker.feed(White, 49 * SEC),
        vec![Call::Remaining(50 * SEC)]
    );
    // A new period (a whole interval and more) arms the marks again.
    assert_eq!(tracker.feed(White, 5 * SEC), vec![Call::Remaining(5 * SEC)]);
    assert!(tracker.feed(White, 30 * MIN + 5 * SEC).is_empty());
    assert_eq!(
        tracker.feed(White, 29 * MIN + 59 * SEC),
        vec![Call::Remaining(30 * MIN)]
    );
}

#[test]
fn a_resumed_game_does_not_call_its_starting_time() {
    // Resumed at 90:20 (after an increment) in a game that began with 90:00.
    let mut tracker = CallTracker::default();
    tracker.seed(White, 90 * MIN + 20 * SEC, 90 * MIN);
    assert!(tracker.feed(White, 89 * MIN + 5 * SEC).is_empty());
    assert_eq!(
        tracker.feed(White, 79 * MIN + 59 * SEC),
        vec![Call::Remaining(80 * MIN)]
    );
}
