//! `[clock] source = "board"`: the DGT 3000's times as the truth (issue 26). From the clock
//! readings that come with the board's link events this keeps the latest times by colour
//! (for `time`), finds where they part from vichess's own clock by more than a second (a note
//! for the arbiter; vichess's clock is never mended from the board's), and notices a clock
//! that stops answering (asked once, then said once, and vichess's clock counts on alone)
//! and one that answers again. Pure: the host passes the time and carries out the news.

use crate::board::codec::dgt::{ClockSide, ClockTimes};
use crate::rules::Color;
use crate::session::{ClockReading, Stamp};

/// No reading for this long: the clock is asked for one (a DGT board sends them about once
/// a second while it has a clock, so two are missing).
pub const QUIET_MS: u64 = 2_500;
/// Asked and still no reading after this long: the clock is taken to be gone.
pub const ANSWER_MS: u64 = 1_500;
/// A clock shows whole seconds: vichess's time is compared with the second it shows, and a
/// difference beyond this is noted.
pub const DRIFT_MS: u64 = 1_000;

/// What a reading, or the lack of one, comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockNews {
    /// Ask the board for the clock's reading now.
    Ask,
    /// The clock stopped answering: say so once; vichess's clock is the truth until it is back.
    Silent,
    /// It answers again: say so once.
    Back,
    /// `side`'s time on the board and in vichess part by more than a second.
    Drift {
        /// Whose time.
        side: Color,
        /// What the board's clock shows.
        board_ms: u64,
        /// What vichess's clock has.
        model_ms: u64,
    },
}

/// The board's clock as vichess follows it.
#[derive(Debug, Default)]
pub struct BoardClock {
    /// Which half of the display is White's, once seen: the half that runs when vichess's
    /// clock first runs for a side. Until then White's is the left half.
    white_right: Option<bool>,
    times: Option<(u64, u64)>,
    heard: Option<Stamp>,
    asked: Option<Stamp>,
    silent: bool,
    /// A drift was noted for White, for Black, since the running side last changed: one
    /// note per side and move, not one a second while the clocks part.
    noted: [bool; 2],
    /// The side the clock ran for at the last reading.
    running: Option<Color>,
}

impl BoardClock {
    /// A reading that came at `now`, with vichess's clock as it stands (`None`: untimed).
    pub fn reading(
        &mut self,
        t: &ClockTimes,
        now: Stamp,
        model: Option<ClockReading>,
    ) -> Vec<ClockNews> {
        let mut news = Vec::new();
        if t.no_clock || t.all_zero {
            // The board says no clock is plugged in: no reading, so silence runs on.
            return news;
        }
        let side_running = if t.running { t.turn } else { None };
        if let (None, Some(m), Some(s)) = (self.white_right, model, side_running) {
            if let Some(c) = m.running {
                self.white_right = Some((s == ClockSide::Right) == (c == Color::White));
            }
        }
        let white_right = self.white_right.unwrap_or(false);
        let ms = |h: &crate::board::codec::dgt::SideTime| u64::from(h.time.total_seconds()) * 1000;
        let (w, b) = match white_right {
            false => (ms(&t.left), ms(&t.right)),
            true => (ms(&t.right), ms(&t.left)),
        };
        let running = side_running.map(|s| match (s == ClockSide::Right) == white_right {
            true => Color::White,
            false => Color::Black,
        });
        self.heard = Some(now);
        self.asked = None;
        if std::mem::take(&mut self.silent) {
            news.push(ClockNews::Back);
        }
        self.times = Some((w, b));
        if running != self.running {
            self.running = running;
            self.noted = [false; 2];
        }
        // Compared only while both clocks agree whose time runs: between a lever press and
        // vichess's press of the same move they differ by design.
        if let Some(m) = model.filter(|m| m.running == running) {
            for (side, board_ms, model_ms) in [
                (Color::White, w, m.white.time),
                (Color::Black, b, m.black.time),
            ] {
                let d = model_ms as i64 - board_ms as i64;
                // The second shown covers [board, board + 1 s) or, rounded up, (board - 1 s, board].
                let off = if d > 0 {
                    (d as u64).saturating_sub(DRIFT_MS)
                } else {
                    d.unsigned_abs()
                };
                let noted = &mut self.noted[side.index()];
                if off <= DRIFT_MS {
                    *noted = false;
                } else if !*noted {
                    *noted = true;
                    news.push(ClockNews::Drift {
                        side,
                        board_ms,
                        model_ms,
                    });
                }
            }
        }
        news
    }

    /// Time passing to `now`: [`ClockNews::Ask`] when readings have stopped coming, then
    /// [`ClockNews::Silent`] once when the asking brought none either.
    pub fn poll(&mut self, now: Stamp) -> Option<ClockNews> {
        if self.silent {
            return None;
        }
        let heard = self.heard?;
        match self.asked {
            None if now.as_millis() >= heard.as_millis() + QUIET_MS => {
                self.asked = Some(now);
                Some(ClockNews::Ask)
            }
            Some(asked) if now.as_millis() >= asked.as_millis() + ANSWER_MS => {
                self.silent = true;
                self.times = None;
                self.noted = [false; 2];
                Some(ClockNews::Silent)
            }
            _ => None,
        }
    }

    /// When [`BoardClock::poll`] next has something to say, if ever.
    pub fn deadline(&self) -> Option<Stamp> {
        if self.silent {
            return None;
        }
        let heard = self.heard?;
        Some(match self.asked {
            None => Stamp::from_millis(heard.as_millis() + QUIET_MS),
            Some(asked) => Stamp::from_millis(asked.as_millis() + ANSWER_MS),
        })
    }

    /// The latest times (White's, Black's) while the clock answers.
    pub fn times(&self) -> Option<(u64, u64)> {
        self.times.filter(|_| !self.silent)
    }
}
