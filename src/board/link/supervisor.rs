//! The link's brain, without a port: connection state, handshake, watchdog, reconnect timing,
//! resynchronisation and clock command pacing, all fed with timestamps. The port adapter only
//! carries out the [`Action`]s it returns, so every rule here is tested without a device.

use super::LinkEvent;
use crate::board::codec::dgt::{ClockCommand, ClockSend, ClockSender};
use crate::board::codec::{BoardCodec, BoardMessage, Protocol};
use crate::board::sensor::SensorEvent;

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

/// The link state machine for one board.
#[derive(Debug, Clone)]
pub struct Supervisor {
    codec: BoardCodec,
    timing: Timing,
    state: State,
    /// A full reading has been asked for and not yet received.
    awaiting_snapshot: bool,
    /// The last open attempt failed: report only the first failure of a series.
    failing: bool,
    clock: ClockSender,
    /// Identification already reported on this connection (watchdog replies repeat it).
    told: Vec<String>,
}

impl Supervisor {
    /// A supervisor for `protocol`, closed; its first [`tick`](Self::tick) asks to open the port.
    pub fn new(protocol: Protocol, timing: Timing) -> Supervisor {
        Supervisor {
            codec: BoardCodec::new(protocol),
            timing,
            state: State::Closed { retry_at: 0 },
            awaiting_snapshot: false,
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
                    return self.lost(now, "the board stopped answering".into());
                }
                if now.saturating_sub(last_rx) >= self.timing.probe_ms
                    && now.saturating_sub(last_probe) >= self.timing.probe_ms
                {
                    out.push(Action::Write(self.codec.watchdog_request()));
                    self.state = State::Open {
                        last_rx,
                        last_probe: now,
                    };
                }
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
        self.awaiting_snapshot = true;
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
    pub fn open_failed(&mut self, now: u64, why: String) -> Vec<Action> {
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
    pub fn io_error(&mut self, now: u64, why: String) -> Vec<Action> {
        self.lost(now, why)
    }

    fn lost(&mut self, now: u64, reason: String) -> Vec<Action> {
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

    /// Ask for a full reading now.
    pub fn resynchronise(&mut self) -> Vec<Action> {
        if !self.is_connected() {
            return Vec::new();
        }
        self.awaiting_snapshot = true;
        vec![Action::Write(self.codec.snapshot_request())]
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
                BoardMessage::Sensor(e) => {
                    if matches!(e, SensorEvent::Snapshot(_))
                        && std::mem::replace(&mut self.awaiting_snapshot, false)
                    {
                        out.push(Action::Emit(LinkEvent::Resynchronised));
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
                    out.extend(self.doubt());
                }
                BoardMessage::Garbled(e) => {
                    out.push(Action::Emit(LinkEvent::Garbled(e)));
                    out.extend(self.doubt());
                }
            }
        }
        out
    }

    /// Something may have been lost: ask for a full reading unless one is on its way.
    fn doubt(&mut self) -> Vec<Action> {
        if self.awaiting_snapshot {
            Vec::new()
        } else {
            self.resynchronise()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::codec::{dgt, pegboard};
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
            &pegboard::encode_board(0, &pegboard::Event::Heartbeat),
        );
        assert!(s.tick(3000).is_empty());
        let a = s.tick(5600);
        assert_eq!(a[0], Action::Close);
        assert!(
            matches!(&emitted(&a)[0], LinkEvent::Disconnected { reason } if reason.contains("stopped answering"))
        );
        assert!(!s.is_connected());
        assert!(s.tick(7000).is_empty());
        assert_eq!(s.tick(7600), vec![Action::Open]);
        // A failing open is reported once, then retried quietly.
        assert!(emitted(&s.open_failed(7600, "gone".into())).is_empty());
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
        let a = s.io_error(30, "Input/output error".into());
        assert_eq!(a[0], Action::Close);
        assert_eq!(s.tick(2030), vec![Action::Open]);
        s.opened(2030, "p");
        // The stale half line is forgotten; the new snapshot resynchronises.
        let a = s.received(2040, &snap);
        assert_eq!(emitted(&a)[0], LinkEvent::Resynchronised, "{a:?}");
    }

    #[test]
    fn a_garbled_frame_asks_for_a_full_reading_once() {
        let mut s = Supervisor::new(Protocol::Dgt, Timing::default());
        s.tick(0);
        s.opened(0, "d");
        s.received(
            10,
            &dgt::encode_board_dump(&Snapshot::from_board(&Board::new())),
        );
        let a = s.received(20, &[0x86, 0, 0x43, 1, 2, 0x8E, 0, 5, 52, 0]);
        let e = emitted(&a);
        assert!(matches!(e[0], LinkEvent::Garbled(_)));
        assert_eq!(e[1], LinkEvent::Sensor(SensorEvent::Lifted(Square::E2)));
        assert_eq!(writes(&a), vec![vec![0x42]]);
        // Another garble before the dump arrives does not ask again.
        assert!(writes(&s.received(30, &[0x8E, 0, 5])).is_empty());
        assert!(writes(&s.received(31, &[0x8E, 0, 5, 99, 0])).is_empty());
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
        s.io_error(3, "x".into());
        s.tick(2003);
        s.opened(2003, "d");
        assert_eq!(
            emitted(&s.received(2004, &dgt::encode_version(3, 1))).len(),
            1
        );
    }
}
