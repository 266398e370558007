//! Time passing: the automatic press, the clock's own events (flag falls), the automatic
//! time calls, and when the next of them is due ([`Session::poll_timeout`]), so a front end
//! sleeps until then instead of ticking.

use super::record::Record;
use super::time::Stamp;
use super::Session;
use crate::audio::route::Audience;
use crate::phrase::events::clock_event_phrase;
use crate::phrase::grammar::COLON;
use crate::phrase::token::{Token, Word};
use crate::rules::clock::{Call, CallMode, CallPolicy, ClockEvent, ClockState};

/// How often a running clock is written to the journal: a crash refunds at most this.
pub(super) const CHECKPOINT_MS: u64 = 10_000;

/// Below this the clock's 8.4 latch (no duty to record) may fall: one more wake-up there.
const NO_DUTY_BELOW: u64 = 5 * 60_000;

/// The remaining time at which `policy` next has something to say, counting down from
/// `remaining`: the next call mark, the low-time alarm, or 0 (the flag).
fn next_call_at(policy: &CallPolicy, remaining: u64) -> u64 {
    let mut target = 0;
    if remaining == 0 || policy.mode == CallMode::OnRequest {
        return target;
    }
    if let Some(alarm) = policy.low_time_alarm {
        if remaining >= alarm && alarm > 0 {
            target = target.max(alarm - 1);
        }
    }
    if remaining > NO_DUTY_BELOW {
        target = target.max(NO_DUTY_BELOW - 1);
    }
    let mut floor = 0;
    for band in policy.schedule.bands() {
        // The highest multiple of the band's interval below `remaining`, inside the band.
        let top = (remaining - 1).min(band.up_to);
        let mut mark = top - top % band.every;
        if Some(mark) == policy.low_time_alarm {
            // The alarm falls just below its threshold: wake once there, for both, so the
            // two calls are said as one.
            mark -= 1;
        }
        if mark > floor {
            target = target.max(mark);
        }
        floor = band.up_to;
        if floor >= remaining {
            break;
        }
    }
    target
}

impl Session {
    pub(super) fn tick(&mut self, at: u64) {
        if self.state.is_over() {
            return;
        }
        if let Some((due, side)) = self.auto_press {
            if due <= at {
                self.auto_press = None;
                if self.state.unpressed() == Some(side) {
                    self.restart_clocks_if_resumed(at);
                    self.commit(Record::Press {
                        at,
                        side,
                        implied: false,
                    });
                }
            }
        }
        let Some((events, running)) = self.state.advance_clock(at) else {
            return;
        };
        if running.is_some() && at >= self.last_journaled + CHECKPOINT_MS {
            self.commit(Record::Checkpoint { at });
        }
        for e in events {
            if let Some(p) = clock_event_phrase(&e) {
                self.out.say(&self.pack, Audience::Public, p);
            }
            // A fallen flag does not end the game by itself (6.8): a player who cannot see
            // the clock hears who may claim it, and how.
            if let ClockEvent::FlagFell { side, .. } = e {
                if !self.state.is_over() {
                    let hint = side.fold(Word::ClaimFlagHintBlack, Word::ClaimFlagHintWhite);
                    self.out
                        .say(&self.pack, Audience::Public, vec![Token::Word(hint)]);
                }
            }
        }
        if let Some((side, left)) = running {
            let mut said: Vec<u64> = Vec::new();
            for call in self.calls.feed(side, left) {
                match call {
                    // The alarm and a schedule mark at the same time are said once.
                    Call::Remaining(ms) | Call::LowTime(ms) if said.contains(&ms) => {}
                    Call::Remaining(ms) | Call::LowTime(ms) => {
                        said.push(ms);
                        let p = vec![Token::Side(side), COLON, Token::Duration(ms)];
                        self.out.say(&self.pack, Audience::Player, p);
                    }
                    Call::FlagFell => {} // said from the clock's own event
                }
            }
        }
    }

    /// When the session next has something to do on its own (an automatic press, a time
    /// call, a flag fall), on the caller's timeline; `None` when nothing is due until the
    /// next input. Call [`Session::handle_timeout`] at that moment. Before the first event
    /// nothing is due.
    pub fn poll_timeout(&self) -> Option<Stamp> {
        if self.state.is_over() || !self.shift_set {
            return None;
        }
        let now = self.last_at;
        let mut due = self.auto_press.map(|(t, _)| t);
        if let Some(clock) = self.state.clock() {
            if let ClockState::Running(side) = clock.state() {
                let checkpoint = self.last_journaled + CHECKPOINT_MS;
                due = Some(due.map_or(checkpoint, |d| d.min(checkpoint)));
                let left = clock.remaining(side, now);
                if left > 0 {
                    let wait =
                        clock.delay_left(side, now) + left - next_call_at(&self.calls.policy, left);
                    due = Some(due.map_or(now + wait, |d| d.min(now + wait)));
                }
            }
        }
        due.map(|t| Stamp::from_millis((t as i64 - self.shift).max(0) as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_call_is_the_nearest_mark_below() {
        let p = CallPolicy::default();
        // Default marks: every second up to 10 s, every 10 s to a minute, every minute to
        // ten minutes, every ten minutes above; the alarm at two minutes.
        assert_eq!(next_call_at(&p, 9_500), 9_000);
        assert_eq!(next_call_at(&p, 10_000), 9_000);
        assert_eq!(next_call_at(&p, 10_001), 10_000);
        assert_eq!(next_call_at(&p, 45_000), 40_000);
        assert_eq!(next_call_at(&p, 125_000), 119_999);
        assert_eq!(next_call_at(&p, 120_000), 119_999);
        assert_eq!(next_call_at(&p, 3_600_000), 3_000_000);
        assert_eq!(next_call_at(&p, 800), 0);
        let quiet = CallPolicy {
            mode: CallMode::OnRequest,
            ..CallPolicy::default()
        };
        assert_eq!(next_call_at(&quiet, 45_000), 0);
    }
}
