//! `vichess clock simulate`: a time control played through with given thinking times, to
//! check a control or the clock before a game. Pure: lines in, lines out.

use super::clock::{Clock, ClockConfig, ClockEvent};
use super::control::{Millis, TimeControl};
use crate::Color;

/// Times longer than this per move are refused: a thousand hours is no game.
const MAX_SPENT_SECS: f64 = 3_600_000.0;

/// Plays a game on a fresh clock, White moving first, each move taking the next of
/// `spent_secs` (decimals allowed). One line per completed move, e.g.
/// `white 40: spent 60 s, white 0:31:00 black 0:30:00, period 2 for white: 0:30:00 added`;
/// the last line is `white H:MM:SS black H:MM:SS` (main time left, rounded down to the
/// second), or `flag: white on move N` when a flag fell, or an `error:` line for a time
/// that is negative or not a number.
pub fn simulate(control: &TimeControl, spent_secs: &[f64]) -> Vec<String> {
    let mut clock = Clock::new(control.clone(), ClockConfig::default());
    let mut lines = Vec::new();
    let mut now: Millis = 0;
    if clock.start(now).is_err() {
        unreachable!("a new clock always starts");
    }
    for (i, &spent) in spent_secs.iter().enumerate() {
        let side = Color::from_white(i % 2 == 0);
        let number = clock.moves(side) + 1;
        let Some(ms) = secs_to_millis(spent) else {
            lines.push(format!(
                "error: {side}'s move {number}: {spent} is not a time in seconds"
            ));
            return lines;
        };
        now += ms;
        let events = match clock.press(side, now) {
            Ok(events) => events,
            Err(e) => {
                lines.push(format!("error: {side}'s move {number}: {e}"));
                return lines;
            }
        };
        let flagged = events
            .iter()
            .any(|e| matches!(e, ClockEvent::FlagFell { side: s, .. } if *s == side));
        if flagged {
            lines.push(format!("flag: {side} on move {number}"));
            return lines;
        }
        let mut line = format!(
            "{side} {number}: spent {} s, {}",
            seconds_text(ms),
            readings(&clock, now)
        );
        for event in events {
            match event {
                ClockEvent::PeriodStarted {
                    side,
                    period,
                    added,
                    ..
                } => line += &format!(", period {period} for {side}: {} added", format_hms(added)),
                ClockEvent::NoDutyToRecord { side, .. } => {
                    line += &format!(", {side} need not record moves (8.4)")
                }
                _ => {}
            }
        }
        lines.push(line);
    }
    lines.push(readings(&clock, now));
    lines
}

fn readings(clock: &Clock, now: Millis) -> String {
    format!(
        "white {} black {}",
        format_hms(clock.remaining(Color::White, now)),
        format_hms(clock.remaining(Color::Black, now))
    )
}

/// Seconds as typed (decimals allowed) to milliseconds, rounded to the nearest; `None` for
/// a negative, infinite or absurdly large value, or not a number.
pub fn secs_to_millis(secs: f64) -> Option<Millis> {
    if secs.is_finite() && (0.0..=MAX_SPENT_SECS).contains(&secs) {
        Some((secs * 1000.0).round() as Millis)
    } else {
        None
    }
}

/// Seconds with up to three decimals and no trailing zeros: "10", "2.5".
fn seconds_text(ms: Millis) -> String {
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `H:MM:SS`, rounded down to the second: for printed lines only, never for speech.
pub fn format_hms(ms: Millis) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}
