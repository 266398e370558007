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
    fn a_monotonic_clock_never_goes_back() {
        let c = MonotonicClock::start();
        let first = c.now();
        let second = c.now();
        assert!(second >= first);
        assert_eq!(c.until(first), Duration::ZERO);
    }
}
