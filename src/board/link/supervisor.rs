//! The link's brain, without a port: connection state, handshake, watchdog, reconnect timing,
//! resynchronisation and clock command pacing, all fed with timestamps. The port adapter only
//! carries out the [`Action`]s it returns, so every rule here is tested without a device.

use super::{LinkEvent, LinkLoss};
use crate::board::codec::dgt::{ClockCommand, ClockSend, ClockSender};
use crate::board::codec::{BoardCodec, BoardMessage, Protocol};
use crate::board::sensor::SensorEvent;
use crate::rules::Square;

/// How patient the link is, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// Try the port again this long after it failed or vanished.
    pub retry_ms: u64,
    /// Send a watchdog request when the board has been silent this long.
    pub probe_ms: u64,
    /// Declare the board gone when it has been silent this long despite the probes.
    pub dead_ms: u64,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            retry_ms: 2000,
            probe_ms: 1000,
            dead_ms: 3500,
        }
    }
}

/// What the port adapter must do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Open the port (then call [`Supervisor::opened`] or [`Supervisor::open_failed`]).
    Open,
    /// Close the port.
    Close,
    /// Write these bytes to the port.
    Write(Vec<u8>),
    /// Pass this event on to the session.
    Emit(LinkEvent),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Closed { retry_at: u64 },
    Open { last_rx: u64, last_probe: u64 },
}

/// A full reading the link wants and has not yet received.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Wanted {
    /// Something may have been lost (a garbled frame, a gap, a fresh connection): change
    /// reports are held back until the full reading brings the truth.
    doubt: bool,
    /// When the request goes out (again): at once, or after the back-off.
    next_at: u64,
    /// Requests sent so far for this reading.
    attempts: u32,
    /// When a damaged or missing message made the link want this reading and it said so
    /// ([`LinkEvent::Rereading`]): it owes the session the reading or [`LinkEvent::RereadGaveUp`].
    told_since: Option<u64>,
}

/// The first re-request waits this long for the reply; each further one twice as long.
/// A pegboard answers in under 10 ms and a DGT dump takes 70 ms at 9600 baud, but an
/// Arduino resets when the port opens and is deaf for about 1.5 s.
pub const RESYNC_FIRST_MS: u64 = 400;
/// The longest wait between two requests for the same reading.
pub const RESYNC_MAX_MS: u64 = 3_200;
/// Never two full-reading requests closer than this: a board fed requests faster than it
/// can answer them only falls further behind (the resync storm of issue 13).
pub const REQUEST_GAP_MS: u64 = 100;
/// A garble or a resynchronisation is said at most once in this long; under sustained line
/// noise the link keeps recovering silently instead of flooding a screen reader.
pub const SAY_AGAIN_MS: u64 = 10_000;
/// A reading announced as awaited ([`LinkEvent::Rereading`]) that has not come this long
/// after is given up ([`LinkEvent::RereadGaveUp`]): the session stops waiting for it (the
/// link keeps asking). Four requests have gone unanswered by then.
pub const RESYNC_GIVE_UP_MS: u64 = 5_000;
/// Men that change in one step of play: castling moves four. A full reading that differs
/// from the last one on more squares is confirmed by a second reading before it is used.
const PLAUSIBLE_CHANGES: usize = 4;

/// The link state machine for one board.
#[derive(Debug, Clone)]
pub struct Supervisor {
    codec: BoardCodec,
    timing: Timing,
    state: State,
    /// A full reading has been asked for and not yet received.
    wanted: Option<Wanted>,
    /// When the last full-reading request went out, for [`REQUEST_GAP_MS`].
    last_request: Option<u64>,
    /// When a garble or a resynchronisation was last said, for [`SAY_AGAIN_MS`].
    last_said: Option<u64>,
    /// This episode's garble was not said: keep its resynchronisation quiet too.
    episode_quiet: bool,
    /// The last full reading passed on, to judge whether the next one is plausible.
    last_reading: Option<crate::board::sensor::Snapshot>,
    /// A full reading that changed too much at once, waiting for a second to agree.
    doubtful_reading: Option<crate::board::sensor::Snapshot>,
    /// When the last full reading arrived (or the port opened).
    last_reading_at: u64,
    /// The last open attempt failed: report only the first failure of a series.
    failing: bool,
    clock: ClockSender,
    /// Identification already reported on this connection (watchdog replies repeat it).
    told: Vec<crate::board::codec::BoardInfo>,
}

impl Supervisor {
    /// A supervisor for `protocol`, closed; its first [`tick`](Self::tick) asks to open the port.
    pub fn new(protocol: Protocol, timing: Timing) -> Supervisor {
        Supervisor {
            codec: BoardCodec::new(protocol),
            timing,
            state: State::Closed { retry_at: 0 },
            wanted: None,
            last_request: None,
            last_said: None,
            episode_quiet: false,
            last_reading: None,
            doubtful_reading: None,
            last_reading_at: 0,
            failing: false,
            clock: ClockSender::default(),
            told: Vec::new(),
        }
    }

    /// Which protocol the board speaks.
    pub fn protocol(&self) -> Protocol {
        self.codec.protocol()
    }

    /// The port is open (the board may still be silent; the watchdog decides when it is gone).
    pub fn is_connected(&self) -> bool {
        matches!(self.state, State::Open { .. })
    }

    /// The codec, for its counters.
    pub fn codec(&self) -> &BoardCodec {
        &self.codec
    }

    /// Call regularly (every few tens of milliseconds).
    pub fn tick(&mut self, now: u64) -> Vec<Action> {
        let mut out = Vec::new();
        match self.state {
            State::Closed { retry_at } if now >= retry_at => out.push(Action::Open),
            State::Closed { .. } => {}
            State::Open {
                last_rx,
                last_probe,
            } => {
                if now.saturating_sub(last_rx) >= self.timing.dead_ms {
                    return self.lost(now, LinkLoss::Silent);
                }
                // A board without checksummed change reports is probed with a full reading
                // whenever none came for a while, even if it talks (a DGT clock does every
                // second): a lost last update then shows up within a second.
                let heard = match self.codec.protocol() {
                    Protocol::Pegboard | Protocol::Certabo => last_rx,
                    Protocol::Dgt | Protocol::ChessLink => last_rx.min(self.last_reading_at),
                };
                if now.saturating_sub(heard) >= self.timing.probe_ms
                    && now.saturating_sub(last_probe) >= self.timing.probe_ms
                {
                    out.push(Action::Write(self.codec.watchdog_request()));
                    self.state = State::Open {
                        last_rx,
                        last_probe: now,
                    };
                }
                if let Some(w) = self.wanted.as_mut() {
                    if w.told_since
                        .is_some_and(|t| now.saturating_sub(t) >= RESYNC_GIVE_UP_MS)
                    {
                        w.told_since = None;
                        out.push(Action::Emit(LinkEvent::RereadGaveUp));
                    }
                }
                out.extend(self.request_due(now));
                match self.clock.poll(now) {
                    Some(ClockSend::Write(bytes)) => out.push(Action::Write(bytes)),
                    Some(ClockSend::GaveUp(cmd)) => out.push(Action::Emit(LinkEvent::ClockFailed(
                        format!("the clock did not confirm command {:#04x}", cmd.code()),
                    ))),
                    None => {}
                }
            }
        }
        out
    }

    /// The port is open: handshake and ask for a full reading.
    pub fn opened(&mut self, now: u64, path: &str) -> Vec<Action> {
        self.codec.reset();
        self.told.clear();
        self.failing = false;
        self.last_said = None;
        self.episode_quiet = false;
        self.last_reading = None;
        self.doubtful_reading = None;
        self.last_reading_at = now;
        // The handshake asks for a full reading; re-ask if it never comes (an Arduino that
        // resets on open misses the handshake).
        self.wanted = Some(Wanted {
            doubt: true,
            next_at: now + RESYNC_FIRST_MS,
            attempts: 1,
            told_since: None,
        });
        self.last_request = Some(now);
        self.state = State::Open {
            last_rx: now,
            last_probe: now,
        };
        let mut out = vec![Action::Emit(LinkEvent::Connected {
            path: path.to_owned(),
        })];
        out.extend(self.codec.handshake().into_iter().map(Action::Write));
        out
    }

    /// Opening the port failed: retry after `retry_ms`, and report only the first failure of a series.
    pub fn open_failed(&mut self, now: u64, why: LinkLoss) -> Vec<Action> {
        self.state = State::Closed {
            retry_at: now + self.timing.retry_ms,
        };
        if std::mem::replace(&mut self.failing, true) {
            Vec::new()
        } else {
            vec![Action::Emit(LinkEvent::Disconnected { reason: why })]
        }
    }

    /// A read or write failed: the board is unplugged or switched off.
    pub fn io_error(&mut self, now: u64, why: LinkLoss) -> Vec<Action> {
        self.lost(now, why)
    }

    fn lost(&mut self, now: u64, reason: LinkLoss) -> Vec<Action> {
        self.state = State::Closed {
            retry_at: now + self.timing.retry_ms,
        };
        self.failing = true;
        vec![
            Action::Close,
            Action::Emit(LinkEvent::Disconnected { reason }),
        ]
    }

    /// Queue a command for the DGT clock (sent one at a time, resent until acknowledged).
    pub fn send_clock(&mut self, cmd: ClockCommand) {
        if matches!(cmd, ClockCommand::SetAndRun { .. }) {
            self.codec.clock_was_set();
        }
        self.clock.push(cmd);
    }

    /// Ask for a full reading now (or as soon as [`REQUEST_GAP_MS`] allows), re-asked with
    /// back-off until it arrives.
    pub fn resynchronise(&mut self, now: u64) -> Vec<Action> {
        if !self.is_connected() {
            return Vec::new();
        }
        self.want(now, true);
        self.request_due(now)
    }

    /// Whether change reports are being held back until a full reading arrives.
    pub fn in_doubt(&self) -> bool {
        self.wanted.is_some_and(|w| w.doubt)
    }

    fn want(&mut self, now: u64, doubt: bool) {
        match &mut self.wanted {
            Some(w) => w.doubt |= doubt,
            None => {
                let earliest = self.last_request.map_or(now, |t| t + REQUEST_GAP_MS);
                self.wanted = Some(Wanted {
                    doubt,
                    next_at: now.max(earliest),
                    attempts: 0,
                    told_since: None,
                });
            }
        }
    }

    /// Sends the wanted request when it is due, and schedules the next try with back-off.
    fn request_due(&mut self, now: u64) -> Vec<Action> {
        let Some(w) = &mut self.wanted else {
            return Vec::new();
        };
        if now < w.next_at || !matches!(self.state, State::Open { .. }) {
            return Vec::new();
        }
        let wait = (RESYNC_FIRST_MS << w.attempts.min(8)).min(RESYNC_MAX_MS);
        w.attempts += 1;
        w.next_at = now + wait;
        self.last_request = Some(now);
        vec![Action::Write(self.codec.snapshot_request())]
    }

    /// The earliest time [`tick`](Self::tick) has something to send: a re-request.
    pub fn next_request_at(&self) -> Option<u64> {
        self.wanted.map(|w| w.next_at)
    }

    /// Whether a garble or resynchronisation may be said now.
    fn may_say(&mut self, now: u64) -> bool {
        match self.last_said {
            Some(t) if now < t + SAY_AGAIN_MS => false,
            _ => {
                self.last_said = Some(now);
                true
            }
        }
    }

    /// A full reading arrived: pass it on if it is plausible, or hold it until a second
    /// reading agrees (readings without a checksum, one flipped bit away from another game).
    fn on_reading(&mut self, now: u64, s: crate::board::sensor::Snapshot) -> Vec<Action> {
        let mut out = Vec::new();
        self.last_reading_at = now;
        let implausible = match self.codec.protocol() {
            Protocol::Dgt | Protocol::ChessLink => {
                self.last_reading.is_some_and(|last| {
                    Square::all()
                        .filter(|&sq| last.get(sq) != s.get(sq))
                        .count()
                        > PLAUSIBLE_CHANGES
                }) && self.doubtful_reading != Some(s)
            }
            // A Certabo frame has no checksum and one flipped digit turns a man into another
            // (or an empty square into a man, which is a knight's move while its man is in the
            // hand). The board streams several frames a second, so a change waits for the
            // next frame to agree, as picochess waits for stable readings. Men lifted and
            // nothing else pass at once: a flipped digit cannot zero a tag's five numbers,
            // a lift is no move by itself, and a touch (4.3) may last less than two frames.
            Protocol::Certabo => {
                let only_lifts = self.last_reading.is_some_and(|last| {
                    Square::all().all(|sq| {
                        last.get(sq) == s.get(sq) || s.get(sq) == crate::board::Sensed::Empty
                    })
                });
                !only_lifts && self.last_reading != Some(s) && self.doubtful_reading != Some(s)
            }
            Protocol::Pegboard => false,
        };
        if implausible {
            self.doubtful_reading = Some(s);
            let doubt = self.in_doubt();
            self.wanted = None;
            self.want(now, doubt);
            out.extend(self.request_due(now));
            return out;
        }
        self.doubtful_reading = None;
        self.last_reading = Some(s);
        if let Some(w) = self.wanted.take() {
            if w.doubt && !std::mem::take(&mut self.episode_quiet) {
                out.push(Action::Emit(LinkEvent::Resynchronised));
            }
        }
        out.push(Action::Emit(LinkEvent::Sensor(SensorEvent::Snapshot(s))));
        out
    }

    /// Bytes arrived from the board.
    pub fn received(&mut self, now: u64, bytes: &[u8]) -> Vec<Action> {
        if let State::Open { last_probe, .. } = self.state {
            self.state = State::Open {
                last_rx: now,
                last_probe,
            };
        }
        self.codec.feed(bytes);
        let mut out = Vec::new();
        while let Some(m) = self.codec.poll() {
            match m {
                BoardMessage::Sensor(SensorEvent::Snapshot(s)) => {
                    out.extend(self.on_reading(now, s))
                }
                // In doubt, a DGT update (no checksum) may be a misframed piece of something
                // else, and would bind the player as a touch: the dump on its way shows the
                // board as it is. A pegboard line is checksummed, so it is true even when
                // others were lost, and it carries what no snapshot can (which man was lifted
                // for a capture on an occupancy-only board): it is passed on.
                BoardMessage::Sensor(_)
                    if self.in_doubt() && self.codec.protocol() == Protocol::Dgt => {}
                BoardMessage::Sensor(e) => {
                    if self.codec.protocol() == Protocol::Dgt {
                        // A DGT update has no checksum: every one is confirmed by a dump.
                        self.want(now, false);
                    }
                    out.push(Action::Emit(LinkEvent::Sensor(e)));
                }
                BoardMessage::Clock(t) => out.push(Action::Emit(LinkEvent::Clock(t))),
                BoardMessage::ClockAck(a) => {
                    self.clock.on_ack(a);
                    out.push(Action::Emit(LinkEvent::ClockAck(a)));
                }
                BoardMessage::Alive => {}
                BoardMessage::Info(s) if self.told.contains(&s) => {}
                BoardMessage::Info(s) => {
                    self.told.push(s.clone());
                    out.push(Action::Emit(LinkEvent::Info(s)));
                }
                BoardMessage::BoardError(s) => {
                    out.push(Action::Emit(LinkEvent::BoardError(s)));
                    out.extend(self.doubt(now));
                }
                BoardMessage::Garbled(e) => {
                    if !self.in_doubt() {
                        if self.may_say(now) {
                            out.push(Action::Emit(LinkEvent::Garbled(e)));
                        } else {
                            self.episode_quiet = true;
                        }
                    }
                    out.extend(self.doubt(now));
                }
            }
        }
        out.extend(self.request_due(now));
        out
    }

    /// Something may have been lost: ask for a full reading unless one is on its way, and
    /// tell the session once that one is awaited, so that it decides nothing on the change
    /// reports until it has come.
    fn doubt(&mut self, now: u64) -> Option<Action> {
        self.want(now, true);
        let w = self.wanted.as_mut()?;
        if w.told_since.is_some() {
            return None;
        }
        w.told_since = Some(now);
        Some(Action::Emit(LinkEvent::Rereading))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::codec::{dgt, pegboard};
    use crate::board::link::SystemWhy;
    use crate::board::sensor::Snapshot;
    use crate::rules::{Board, Square};

    fn emitted(actions: &[Action]) -> Vec<LinkEvent> {
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Emit(e) => Some(e.clone()),
                _ => None,
            })
            .collect()
    }

    fn writes(actions: &[Action]) -> Vec<Vec<u8>> {
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Write(b) => Some(b.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn opens_at_once_handshakes_and_resynchronises_on_the_first_dump() {
        let mut s = Supervisor::new(Protocol::Dgt, Timing::default());
        assert_eq!(s.tick(0), vec![Action::Open]);
        let a = s.opened(5, "/dev/ttyUSB0");
        assert_eq!(
            emitted(&a),
            vec![LinkEvent::Connected {
                path: "/dev/ttyUSB0".into()
            }]
        );
        assert_eq!(
            writes(&a),
            vec![vec![0x40], vec![0x4D], vec![0x42], vec![0x4B]]
        );
        let dump = dgt::encode_board_dump(&Snapshot::from_board(&Board::new()));
        let a = s.received(300, &dump);
        assert_eq!(
            emitted(&a),
            vec![
                LinkEvent::Resynchronised,
                LinkEvent::Sensor(SensorEvent::Snapshot(Snapshot::from_board(&Board::new())))
            ]
        );
        // A later dump is just a reading.
        assert_eq!(emitted(&s.received(400, &dump)).len(), 1);
    }

    #[test]
    fn the_watchdog_probes_then_declares_the_board_gone_and_retries_every_two_seconds() {
        let mut s = Supervisor::new(Protocol::Pegboard, Timing::default());
        s.tick(0);
        s.opened(0, "p");
        let snap = pegboard::Event::Snapshot(Snapshot::occupancy_of(&Board::new()));
        s.received(0, &pegboard::encode_board(0, &snap));
        assert!(s.tick(999).is_empty());
        assert_eq!(
            writes(&s.tick(1000)),
            vec![pegboard::encode_host(pegboard::HostCommand::Ping)]
        );
        assert!(writes(&s.tick(1500)).is_empty(), "one probe per second");
        assert_eq!(writes(&s.tick(2000)).len(), 1);
        // A heartbeat keeps it alive.
        s.received(
            2100,
            &pegboard::encode_board(1, &pegboard::Event::Heartbeat),
        );
        assert!(s.tick(3000).is_empty());
        let a = s.tick(5600);
        assert_eq!(a[0], Action::Close);
        assert!(
            matches!(&emitted(&a)[0], LinkEvent::Disconnected { reason } if *reason == LinkLoss::Silent)
        );
        assert!(!s.is_connected());
        assert!(s.tick(7000).is_empty());
        assert_eq!(s.tick(7600), vec![Action::Open]);
        // A failing open is reported once, then retried quietly.
        assert!(emitted(&s.open_failed(7600, LinkLoss::Silent)).is_empty());
        assert_eq!(s.tick(9600), vec![Action::Open]);
        assert_eq!(
            emitted(&s.opened(9600, "p"))[0],
            LinkEvent::Connected { path: "p".into() }
        );
    }

    #[test]
    fn an_io_error_disconnects_and_a_reconnect_resynchronises_again() {
        let mut s = Supervisor::new(Protocol::Pegboard, Timing::default());
        s.tick(0);
        s.opened(0, "p");
        let snap = pegboard::encode_board(
            0,
            &pegboard::Event::Snapshot(Snapshot::occupancy_of(&Board::new())),
        );
        assert_eq!(
            emitted(&s.received(10, &snap))[0],
            LinkEvent::Resynchronised
        );
        // Half a line, then the cable is pulled.
        s.received(20, b"$L,1,e");
        let a = s.io_error(
            30,
            LinkLoss::CannotRead(SystemWhy::from(&std::io::Error::from(
                std::io::ErrorKind::Other,
            ))),
        );
        assert_eq!(a[0], Action::Close);
        assert_eq!(s.tick(2030), vec![Action::Open]);
        s.opened(2030, "p");
        // The stale half line is forgotten; the new snapshot resynchronises.
        let a = s.received(2040, &snap);
        assert_eq!(emitted(&a)[0], LinkEvent::Resynchronised, "{a:?}");
    }

    #[test]
    fn a_garbled_frame_asks_for_a_full_reading_once_and_holds_updates_until_it_comes() {
        let mut s = Supervisor::new(Protocol::Dgt, Timing::default());
        s.tick(0);
        s.opened(0, "d");
        let dump = dgt::encode_board_dump(&Snapshot::from_board(&Board::new()));
        s.received(10, &dump);
        let a = s.received(200, &[0x86, 0, 0x43, 1, 2, 0x8E, 0, 5, 52, 0]);
        let e = emitted(&a);
        assert!(matches!(e[0], LinkEvent::Garbled(_)));
        // The session is told a re-read is on its way, to decide nothing until it comes.
        assert_eq!(e[1], LinkEvent::Rereading);
        // The update after the garble may be missing its neighbours: held back.
        assert_eq!(e.len(), 2, "{e:?}");
        assert_eq!(writes(&a), vec![vec![0x42]]);
        // Another garble before the dump arrives does not ask again, nor is it said.
        assert!(s.received(230, &[0x8E, 0, 5]).is_empty());
        assert!(s.received(231, &[0x8E, 0, 5, 99, 0]).is_empty());
        let e = emitted(&s.received(300, &dump));
        assert_eq!(e[0], LinkEvent::Resynchronised);
        assert!(matches!(e[1], LinkEvent::Sensor(SensorEvent::Snapshot(_))));
    }

    #[test]
    fn a_lost_full_reading_is_asked_for_again_with_back_off() {
        // Finding 1: the request (or its reply) is lost; the link must not wait for ever.
        let mut s = Supervisor::new(Protocol::Pegboard, Timing::default());
        s.tick(0);
        s.opened(0, "p");
        let req = pegboard::encode_host(pegboard::HostCommand::Snapshot);
        let mut sent = Vec::new();
        let mut gave_up = false;
        for t in (0..=6000).step_by(50) {
            // Heartbeats keep the link alive, but no snapshot ever comes.
            let mut a = s.received(
                t,
                &pegboard::encode_board((t / 50) as u8, &pegboard::Event::Heartbeat),
            );
            a.extend(s.tick(t));
            if writes(&a).contains(&req) {
                sent.push(t);
            }
            gave_up |= emitted(&a).contains(&LinkEvent::RereadGaveUp);
        }
        assert_eq!(sent, vec![400, 1200, 2800, 6000], "back-off doubles");
        // Only a doubt about a message makes the session wait: a connect does not.
        assert!(!gave_up, "no give-up without a damaged message");
        // A checksummed change report is still true meanwhile; the snapshot ends the doubt.
        let lift = pegboard::encode_board(121, &pegboard::Event::Lifted(Square::E2));
        assert_eq!(
            emitted(&s.received(6010, &lift)),
            vec![LinkEvent::Sensor(SensorEvent::Lifted(Square::E2))]
        );
        let snap = pegboard::Event::Snapshot(Snapshot::occupancy_of(&Board::new()));
        let e = emitted(&s.received(6020, &pegboard::encode_board(122, &snap)));
        assert_eq!(e[0], LinkEvent::Resynchronised);
        assert!(!s.in_doubt());
        assert!(!writes(&s.tick(9000)).contains(&req), "asked no more");
    }

    #[test]
    fn a_reread_after_a_damaged_line_is_announced_once_and_given_up_if_it_never_comes() {
        let mut s = Supervisor::new(Protocol::Pegboard, Timing::default());
        s.tick(0);
        s.opened(0, "p");
        let snap = pegboard::Event::Snapshot(Snapshot::occupancy_of(&Board::new()));
        s.received(10, &pegboard::encode_board(0, &snap));
        let e = emitted(&s.received(100, b"$L,1,e\n"));
        assert!(e.contains(&LinkEvent::Rereading), "{e:?}");
        // More damage in the same episode is not announced again.
        let e = emitted(&s.received(150, b"$P,2,g\n"));
        assert!(!e.contains(&LinkEvent::Rereading), "{e:?}");
        let mut gave_up = Vec::new();
        for t in (200..=8000).step_by(50) {
            let mut a = s.received(
                t,
                &pegboard::encode_board((t / 50) as u8, &pegboard::Event::Heartbeat),
            );
            a.extend(s.tick(t));
            if emitted(&a).contains(&LinkEvent::RereadGaveUp) {
                gave_up.push(t);
            }
        }
        assert_eq!(gave_up, vec![100 + RESYNC_GIVE_UP_MS], "given up once");
        assert!(s.in_doubt(), "the link keeps asking");
        // The reading that comes at last ends the episode; a new garble is announced again.
        s.received(8010, &pegboard::encode_board(161, &snap));
        assert!(!s.in_doubt());
        let e = emitted(&s.received(8100, b"$L,201,e\n"));
        assert!(e.contains(&LinkEvent::Rereading), "{e:?}");
    }

    #[test]
    fn resynchronisation_is_said_once_under_sustained_noise_and_requests_are_paced() {
        let mut s = Supervisor::new(Protocol::Pegboard, Timing::default());
        s.tick(0);
        s.opened(0, "p");
        let snap = pegboard::Event::Snapshot(Snapshot::occupancy_of(&Board::new()));
        let mut seq = 0u8;
        let mut line = |e: &pegboard::Event| {
            seq = seq.wrapping_add(1);
            pegboard::encode_board(seq, e)
        };
        s.received(0, &line(&snap));
        let mut said = 0;
        let mut requests = Vec::new();
        for t in (10..5000).step_by(10) {
            let mut a = s.received(t, b"$L,7,e2*00\n");
            a.extend(s.received(t, &line(&snap)));
            a.extend(s.tick(t));
            said += emitted(&a)
                .iter()
                .filter(|e| matches!(e, LinkEvent::Garbled(_) | LinkEvent::Resynchronised))
                .count();
            if !writes(&a).is_empty() {
                requests.push(t);
            }
        }
        assert_eq!(
            said, 2,
            "one garble and one resynchronisation in 5 s of noise"
        );
        assert!(
            requests.windows(2).all(|w| w[1] - w[0] >= REQUEST_GAP_MS),
            "{requests:?}"
        );
    }

    #[test]
    fn clock_commands_are_paced_by_acks() {
        let mut s = Supervisor::new(Protocol::Dgt, Timing::default());
        s.tick(0);
        s.opened(0, "d");
        s.send_clock(dgt::ClockCommand::End);
        s.send_clock(dgt::ClockCommand::Beep { units: 2 });
        assert_eq!(writes(&s.tick(10)), vec![vec![0x2B, 3, 3, 3, 0]]);
        s.received(500, &[0x93, 0, 5, 3, 1]);
        assert!(writes(&s.tick(600)).is_empty());
        s.received(700, &dgt::encode_ack(dgt::ClockAck([0x10, 0x03, 0, 0])));
        assert_eq!(writes(&s.tick(710)), vec![vec![0x2B, 4, 3, 0x0B, 2, 0]]);
    }

    #[test]
    fn identification_is_told_once_per_connection() {
        let mut s = Supervisor::new(Protocol::Dgt, Timing::default());
        s.tick(0);
        s.opened(0, "d");
        assert_eq!(emitted(&s.received(1, &dgt::encode_version(3, 1))).len(), 1);
        assert!(emitted(&s.received(2, &dgt::encode_version(3, 1))).is_empty());
        s.io_error(3, LinkLoss::Closed);
        s.tick(2003);
        s.opened(2003, "d");
        assert_eq!(
            emitted(&s.received(2004, &dgt::encode_version(3, 1))).len(),
            1
        );
    }

    #[test]
    fn a_certabo_reading_that_changes_waits_for_the_next_frame_to_agree() {
        use crate::board::codec::certabo::encode_frame;
        let readings = |a: &[Action]| {
            emitted(a)
                .into_iter()
                .filter_map(|e| match e {
                    LinkEvent::Sensor(SensorEvent::Snapshot(s)) => Some(s),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let mut s = Supervisor::new(Protocol::Certabo, Timing::default());
        s.tick(0);
        s.opened(0, "c");
        let start = Board::new();
        // The first frame calibrates; it waits for the second like any change.
        assert!(readings(&s.received(10, &encode_frame(&start))).is_empty());
        assert_eq!(readings(&s.received(210, &encode_frame(&start))).len(), 1);
        // One flipped digit: the pawn on e2 reads as a knight. Held, and the next frame,
        // the true one, passes as before.
        let text = String::from_utf8(encode_frame(&start)).unwrap();
        // a8..h8 is 40 numbers, ..., rank 2 starts at number 6 * 40: e2 is number 6*40 + 4*5.
        let mut numbers: Vec<&str> = text[1..text.len() - 2].split(' ').collect();
        assert_eq!(
            numbers[6 * 40 + 4 * 5],
            "32",
            "a white pawn's tag starts with 32"
        );
        numbers[6 * 40 + 4 * 5] = "33";
        let flipped = format!(":{}\r\n", numbers.join(" ")).into_bytes();
        assert!(readings(&s.received(410, &flipped)).is_empty());
        let after = readings(&s.received(610, &encode_frame(&start)));
        assert_eq!(after.len(), 1);
        assert_eq!(
            after[0].get(Square::E2),
            crate::board::Sensed::Piece(crate::rules::Piece::from_char('P').unwrap())
        );
        // A man lifted passes at once (a touch may be shorter than two frames); put back,
        // the reading waits for the next frame like any other change.
        let mut lifted = start;
        lifted.remove_piece_at(Square::G1);
        assert_eq!(readings(&s.received(700, &encode_frame(&lifted))).len(), 1);
        assert!(readings(&s.received(750, &encode_frame(&start))).is_empty());
        assert_eq!(readings(&s.received(800, &encode_frame(&start))).len(), 1);
        // A real change shows in two frames running, and passes on the second.
        let mut moved = start;
        let pawn = moved.remove_piece_at(Square::E2).unwrap();
        moved.set_piece_at(Square::E4, pawn);
        assert!(readings(&s.received(810, &encode_frame(&moved))).is_empty());
        assert_eq!(readings(&s.received(1010, &encode_frame(&moved))).len(), 1);
    }
}
