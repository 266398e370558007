//! Time as the session sees it: moments on a monotonic timeline, never the wall clock.
//!
//! A chess clock must not jump when the computer's clock is set: an NTP step (common on a
//! Raspberry Pi without a real-time clock) would otherwise move a running clock by minutes.
//! So every timestamp that reaches the session is a [`Stamp`] made from a monotonic source
//! (an [`std::time::Instant`] in a front end, simulated time in the demo and tests). The wall
//! clock is read once per run, for the journal ([`super::Record::Anchor`]), so a resume can
//! tell how long vichess was down.

use std::fmt;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A moment on the caller's monotonic timeline, in milliseconds from an origin the caller
/// chose (program start, a test's zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Stamp(u64);

impl Stamp {
    /// The timeline's origin.
    pub const ZERO: Stamp = Stamp(0);

    /// The moment `ms` milliseconds after the origin.
    pub const fn from_millis(ms: u64) -> Stamp {
        Stamp(ms)
    }

    /// Milliseconds since the origin.
    pub const fn as_millis(self) -> u64 {
        self.0
    }

    /// The moment `ms` milliseconds later.
    pub const fn after(self, ms: u64) -> Stamp {
        Stamp(self.0.saturating_add(ms))
    }

    /// Milliseconds from `earlier` to this moment (zero when `earlier` is later).
    pub const fn since(self, earlier: Stamp) -> u64 {
        self.0.saturating_sub(earlier.0)
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ms", self.0)
    }
}

/// A wall-clock reading in UTC: year, month, day, hour, minute, second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UtcTime {
    /// The year.
    pub year: i64,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
    /// 0 to 23.
    pub hour: u32,
    /// 0 to 59.
    pub minute: u32,
    /// 0 to 59.
    pub second: u32,
}

impl UtcTime {
    /// The calendar reading of `unix_ms` (H. Hinnant's civil-from-days algorithm), for the
    /// PGN's Date tag and the journal's file name; no time-zone database needed.
    pub fn from_unix_ms(unix_ms: u64) -> UtcTime {
        let secs = unix_ms / 1000;
        let (days, rem) = (secs / 86_400, secs % 86_400);
        let z = days as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        UtcTime {
            year: yoe + era * 400 + i64::from(month <= 2),
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem / 60 % 60) as u32,
            second: (rem % 60) as u32,
        }
    }

    /// "2026.11.24", as the PGN Date tag writes it.
    pub fn pgn_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

/// A front end's clock: [`Stamp`]s from an [`Instant`], and the wall-clock reading taken
/// once at its origin for the journal.
#[derive(Debug, Clone, Copy)]
pub struct MonotonicClock {
    origin: Instant,
    unix_ms_at_origin: u64,
}

impl MonotonicClock {
    /// Starts the timeline now.
    pub fn start() -> MonotonicClock {
        MonotonicClock {
            origin: Instant::now(),
            unix_ms_at_origin: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
        }
    }

    /// The present moment.
    pub fn now(&self) -> Stamp {
        Stamp(self.origin.elapsed().as_millis() as u64)
    }

    /// How long from now until `stamp` (zero when it has passed): what a front end sleeps.
    pub fn until(&self, stamp: Stamp) -> Duration {
        Duration::from_millis(stamp.since(self.now()))
    }

    /// The wall clock at the origin, in Unix milliseconds: read once, so a later step of
    /// the system clock changes nothing during the run.
    pub fn unix_ms_at_origin(&self) -> u64 {
        self.unix_ms_at_origin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_order_and_subtract_without_wrapping() {
        let a = Stamp::from_millis(1_000);
        let b = a.after(250);
        assert!(b > a);
        assert_eq!(b.since(a), 250);
        assert_eq!(a.since(b), 0);
        assert_eq!(Stamp::from_millis(u64::MAX).after(1).as_millis(), u64::MAX);
    }

    #[test]
    fn unix_time_reads_as_the_calendar_date() {
        assert_eq!(UtcTime::from_unix_ms(0).pgn_date(), "1970.01.01");
        let t = UtcTime::from_unix_ms(1_795_503_078_065);
        assert_eq!(t.pgn_date(), "2026.11.24");
        assert_eq!((t.hour, t.minute, t.second), (6, 51, 18));
        // A leap day.
        assert_eq!(
            UtcTime::from_unix_ms(951_782_400_000).pgn_date(),
            "2000.02.29"
        );
    }

    #[test]
    fn a_monotonic_clock_never_goes_back() {
        let c = MonotonicClock::start();
        let first = c.now();
        let second = c.now();
        assert!(second >= first);
        assert_eq!(c.until(first), Duration::ZERO);
    }
}
