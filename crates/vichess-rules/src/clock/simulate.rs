//! `vichess clock simulate`: a time control played through with given thinking times, to
//! check a control or the clock before a game. Pure: times in, steps out.

use super::clock::{Clock, ClockConfig, ClockError, ClockEvent};
use super::control::{Millis, TimeControl};
use crate::Color;
use std::fmt;

/// Times longer than this per move are refused: a thousand hours is no game.
const MAX_SPENT_SECS: f64 = 3_600_000.0;

/// One line of a simulation: a move completed, a flag fallen, a time refused, or the end.
/// The steps carry numbers, not words: `vichess clock simulate` says them in the player's
/// language; [`fmt::Display`] is a short English trace for tests and logs.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// `side` completed its move `number` after `spent`; the clocks then read `white` and
    /// `black` (main time, rounded down to the second on display), and the press brought
    /// `events` (a new period, the end of the duty to record, 8.4).
    Move {
        /// The side that moved.
        side: Color,
        /// Its move number, from 1.
        number: u32,
        /// The thinking time given for the move.
        spent: Millis,
        /// White's main time after the press.
        white: Millis,
        /// Black's main time after the press.
        black: Millis,
        /// What the press brought besides the move: only [`ClockEvent::PeriodStarted`] and
        /// [`ClockEvent::NoDutyToRecord`] are kept.
        events: Vec<ClockEvent>,
    },
    /// `side`'s flag fell on its move `number`: the simulation ends.
    Flag {
        /// Whose flag fell.
        side: Color,
        /// The move it was on.
        number: u32,
    },
    /// The time given for `side`'s move `number` is negative, not a number or absurd: the
    /// simulation ends.
    NotATime {
        /// Whose move it was.
        side: Color,
        /// The move.
        number: u32,
        /// What was given.
        given: f64,
    },
    /// The clock refused the press: the simulation ends.
    Refused {
        /// Whose press it was.
        side: Color,
        /// The move.
        number: u32,
        /// Why.
        error: ClockError,
    },
    /// The readings after the last move.
    End {
        /// White's main time.
        white: Millis,
        /// Black's main time.
        black: Millis,
    },
}

impl Step {
    /// Whether the simulation stopped on bad input rather than on a move or a flag.
    pub fn is_error(&self) -> bool {
        matches!(self, Step::NotATime { .. } | Step::Refused { .. })
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move {
                side,
                number,
                spent,
                white,
                black,
                events,
            } => {
                write!(
                    f,
                    "{side} {number}: spent {} s, {}",
                    seconds_text(*spent),
                    readings(*white, *black)
                )?;
                for event in events {
                    match *event {
                        ClockEvent::PeriodStarted {
                            side,
                            period,
                            added,
                            ..
                        } => write!(
                            f,
                            ", period {period} for {side}: {} added",
                            format_hms(added)
                        )?,
                        ClockEvent::NoDutyToRecord { side, .. } => {
                            write!(f, ", {side} need not record moves (8.4)")?
                        }
                        _ => {}
                    }
                }
                Ok(())
            }
            Step::Flag { side, number } => write!(f, "flag: {side} on move {number}"),
            Step::NotATime {
                side,
                number,
                given,
            } => write!(
                f,
                "error: {side}'s move {number}: {given} is not a time in seconds"
            ),
            Step::Refused {
                side,
                number,
                error,
            } => write!(f, "error: {side}'s move {number}: {error}"),
            Step::End { white, black } => f.write_str(&readings(*white, *black)),
        }
    }
}

/// Plays a game on a fresh clock, White moving first, each move taking the next of
/// `spent_secs` (decimals allowed). One step per completed move; the last is the readings
/// ([`Step::End`]), a flag ([`Step::Flag`]), or the time or press refused.
pub fn simulate(control: &TimeControl, spent_secs: &[f64]) -> Vec<Step> {
    let mut clock = Clock::new(control.clone(), ClockConfig::default());
    let mut steps = Vec::new();
    let mut now: Millis = 0;
    if clock.start(now).is_err() {
        unreachable!("a new clock always starts");
    }
    for (i, &given) in spent_secs.iter().enumerate() {
        let side = Color::from_white(i % 2 == 0);
        let number = clock.moves(side) + 1;
        let Some(spent) = secs_to_millis(given) else {
            steps.push(Step::NotATime {
                side,
                number,
                given,
            });
            return steps;
        };
        now += spent;
        let events = match clock.press(side, now) {
            Ok(events) => events,
            Err(error) => {
                steps.push(Step::Refused {
                    side,
                    number,
                    error,
                });
                return steps;
            }
        };
        let flagged = events
            .iter()
            .any(|e| matches!(e, ClockEvent::FlagFell { side: s, .. } if *s == side));
        if flagged {
            steps.push(Step::Flag { side, number });
            return steps;
        }
        steps.push(Step::Move {
            side,
            number,
            spent,
            white: clock.remaining(Color::White, now),
            black: clock.remaining(Color::Black, now),
            events: events
                .into_iter()
                .filter(|e| {
                    matches!(
                        e,
                        ClockEvent::PeriodStarted { .. } | ClockEvent::NoDutyToRecord { .. }
                    )
                })
                .collect(),
        });
    }
    steps.push(Step::End {
        white: clock.remaining(Color::White, now),
        black: clock.remaining(Color::Black, now),
    });
    steps
}

fn readings(white: Millis, black: Millis) -> String {
    format!("white {} black {}", format_hms(white), format_hms(black))
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
