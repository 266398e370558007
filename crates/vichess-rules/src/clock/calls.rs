//! When vichess says the time without being asked: the automatic time calls.
//!
//! A call is due when a player's remaining time passes a mark. The marks thicken as time
//! runs short: by default every ten minutes above ten minutes, every minute below, every ten
//! seconds under a minute and every second under ten seconds, so vichess is never silent in
//! time trouble. A low-time alarm sounds once when the time drops below a threshold.
//!
//! D.2.10.4: the assistant tells the player the time "only on request". In
//! [`CallMode::OnRequest`] there are no automatic calls and no alarm; a flag fall is still
//! announced, because it ends the period or the game and either player may claim it.

use super::control::Millis;
use crate::Color;

/// Calls every `every` while the remaining time is at most `up_to` (and above the next
/// smaller band's `up_to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Band {
    /// The band covers remaining times up to this much.
    pub up_to: Millis,
    /// The interval between calls within the band.
    pub every: Millis,
}

/// The marks at which time is called: bands of call intervals.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CallSchedule {
    bands: Vec<Band>,
}

impl CallSchedule {
    /// A schedule from bands in any order. Bands with a zero interval are dropped, as they
    /// would call without end.
    pub fn new(mut bands: Vec<Band>) -> CallSchedule {
        bands.retain(|b| b.every > 0);
        bands.sort_by_key(|b| b.up_to);
        CallSchedule { bands }
    }

    /// The bands, smallest `up_to` first.
    pub fn bands(&self) -> &[Band] {
        &self.bands
    }

    /// The lowest mark `m` with `low <= m < high`, `m > 0`.
    fn lowest_mark(&self, low: Millis, high: Millis) -> Option<Millis> {
        let mut band_floor: Millis = 0;
        for band in &self.bands {
            let from = low.max(band_floor.saturating_add(1));
            let mark = from.div_ceil(band.every).saturating_mul(band.every);
            if mark <= band.up_to && mark < high {
                return Some(mark);
            }
            band_floor = band.up_to;
        }
        None
    }

    /// The interval of the band that holds `remaining` (0 when no band does).
    fn every_at(&self, remaining: Millis) -> Millis {
        self.bands
            .iter()
            .find(|b| remaining <= b.up_to)
            .map_or(0, |b| b.every)
    }

    /// Whether a call is due at exactly this remaining time.
    pub fn is_mark(&self, remaining: Millis) -> bool {
        remaining > 0 && self.lowest_mark(remaining, remaining.saturating_add(1)) == Some(remaining)
    }
}

impl Default for CallSchedule {
    fn default() -> CallSchedule {
        CallSchedule::new(vec![
            Band {
                up_to: 10_000,
                every: 1_000,
            },
            Band {
                up_to: 60_000,
                every: 10_000,
            },
            Band {
                up_to: 10 * 60_000,
                every: 60_000,
            },
            Band {
                up_to: Millis::MAX,
                every: 10 * 60_000,
            },
        ])
    }
}

/// Whether time is called automatically (D.2.10.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CallMode {
    /// Calls as the marks of the schedule pass, and the low-time alarm. The default.
    #[default]
    Automatic,
    /// Only on the player's request; flag falls are still announced.
    OnRequest,
}

/// A time call that is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// Say this much time left (a mark of the schedule).
    Remaining(Millis),
    /// The remaining time dropped below the alarm threshold.
    LowTime(Millis),
    /// The time ran out.
    FlagFell,
}

/// The call settings: mode, schedule and alarm.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CallPolicy {
    /// Whether time is called unasked at all.
    pub mode: CallMode,
    /// The marks at which time is called.
    pub schedule: CallSchedule,
    /// Sound the alarm when the time drops below this; `None` for no alarm. The default
    /// is two minutes, where Guidelines III.4 and III.5 give a player new rights.
    pub low_time_alarm: Option<Millis>,
}

impl Default for CallPolicy {
    fn default() -> CallPolicy {
        CallPolicy {
            mode: CallMode::Automatic,
            schedule: CallSchedule::default(),
            low_time_alarm: Some(2 * 60_000),
        }
    }
}

impl CallPolicy {
    /// The calls due when one player's remaining time went from `prev` to `now`. When time
    /// went up (an increment, a new period) nothing is due. When several marks were passed
    /// at once, only the lowest is said: older ones are stale.
    pub fn due_calls(&self, prev: Millis, now: Millis) -> Vec<Call> {
        let mut calls = Vec::new();
        if now >= prev {
            return calls;
        }
        if now == 0 {
            calls.push(Call::FlagFell);
            return calls;
        }
        if self.mode == CallMode::OnRequest {
            return calls;
        }
        if let Some(alarm) = self.low_time_alarm {
            if now < alarm && prev >= alarm {
                calls.push(Call::LowTime(alarm));
            }
        }
        if let Some(mark) = self.schedule.lowest_mark(now, prev) {
            calls.push(Call::Remaining(mark));
        }
        calls
    }
}

/// Remembers each player's last remaining time, so the session can feed readings as they
/// come and get the calls due.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct CallTracker {
    /// The settings the calls follow; the caller may change them mid-game.
    pub policy: CallPolicy,
    last: [Option<Millis>; 2],
    /// Each side's lowest time since its marks were last armed: a mark at or above it was
    /// passed already. An increment lifts the time back over a mark for a moment (90:00 of
    /// a 90+30 game after each move), and running down across it again is no news, so it
    /// is not said again; a lift of a whole interval or more (a new period) arms them anew.
    low: [Option<Millis>; 2],
}

impl CallTracker {
    /// A tracker with no readings yet, so the first reading calls nothing.
    pub fn new(policy: CallPolicy) -> CallTracker {
        CallTracker {
            policy,
            last: [None; 2],
            low: [None; 2],
        }
    }

    /// Sets `side`'s starting point at `remaining`, in a game that began with `start` on
    /// the clock: a resumed game's marks between the two were passed already (each said
    /// then, or the start itself), unless a new period lifted the time past them.
    pub fn seed(&mut self, side: Color, remaining: Millis, start: Millis) {
        let i = side.index();
        self.last[i] = Some(remaining);
        let armed = remaining < start.saturating_add(self.policy.schedule.every_at(start));
        self.low[i] = Some(if armed {
            start.min(remaining)
        } else {
            remaining
        });
    }

    /// Sets `side`'s starting point at `remaining` after the arbiter changed the clock: the
    /// marks between the old reading and this one were never reached on the clock, so none
    /// is called, and every mark under `remaining` is armed again.
    pub fn rest(&mut self, side: Color, remaining: Millis) {
        let i = side.index();
        self.last[i] = Some(remaining);
        self.low[i] = Some(remaining);
    }

    /// Feeds `side`'s remaining time; the first reading only sets the starting point.
    pub fn feed(&mut self, side: Color, remaining: Millis) -> Vec<Call> {
        let i = side.index();
        let prev = self.last[i].replace(remaining);
        let low = match self.low[i] {
            Some(low) if remaining < low.saturating_add(self.policy.schedule.every_at(low)) => low,
            _ => remaining,
        };
        self.low[i] = Some(low.min(remaining));
        match prev {
            Some(prev) => self.policy.due_calls(prev.min(low), remaining),
            None => Vec::new(),
        }
    }
}
