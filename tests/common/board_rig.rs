//! An emulated board on a real pseudo-terminal, vichess's serial link reading it and a
//! tracker fed from the link, without `vichess play`: the harness of the pty tests that
//! check what the link and the tracker make of the board's bytes.
//!
//! A test file includes it with `#[path = "common/board_rig.rs"] mod board_rig;`.
#![allow(dead_code)]

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};
use vichess::board::codec::Protocol;
use vichess::board::link::port::{Link, Target};
use vichess::board::link::{LinkEvent, Timing};
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{actions, Action, Emulator, Style};
use vichess::board::tracker::{BoardKind, Tracker, TrackerEvent};
use vichess::board::SensorEvent;
use vichess::rules::notation::{parse_move, san};
use vichess::rules::{Board, Move, Position};

/// An emulated board on a pty, vichess's serial link and a tracker reading it.
pub struct Rig {
    pub board: PtyBoard,
    _link: Link,
    events: Receiver<LinkEvent>,
    pub tracker: Tracker,
    pub start: Instant,
    /// Everything the link reported.
    pub log: Vec<LinkEvent>,
    /// Everything the tracker found.
    pub tracked: Vec<TrackerEvent>,
    /// The board ignores the host until then (restarting after DTR).
    pub deaf_until: Option<Instant>,
}

/// What a board of `protocol` can tell about the men on it.
pub fn kind(protocol: Protocol) -> BoardKind {
    match protocol {
        Protocol::Pegboard => BoardKind::OccupancyOnly,
        _ => BoardKind::IdentifiesPieces,
    }
}

/// The moves among tracker events.
pub fn made(events: &[TrackerEvent]) -> Vec<Move> {
    events
        .iter()
        .filter_map(|e| match e {
            TrackerEvent::MoveMade { mv } => Some(*mv),
            _ => None,
        })
        .collect()
}

impl Rig {
    /// `board` read by a link with short waits and a tracker at `position`; DGT updates
    /// are confirmed by a dump, as in `play`.
    pub fn new(board: PtyBoard, position: Position) -> Rig {
        let protocol = board.emulator.protocol();
        let (link, events) = Link::spawn(
            protocol,
            Target::Path(board.path().into()),
            Timing {
                retry_ms: 300,
                probe_ms: 1000,
                dead_ms: 3500,
            },
        );
        let mut tracker = Tracker::new(position, kind(protocol));
        tracker.confirm_by_reading(protocol == Protocol::Dgt);
        Rig {
            board,
            _link: link,
            events,
            tracker,
            start: Instant::now(),
            log: Vec::new(),
            tracked: Vec::new(),
            deaf_until: None,
        }
    }

    /// A board of `protocol` in the start position.
    pub fn plain(protocol: Protocol) -> Rig {
        let board = PtyBoard::new(Emulator::new(protocol, Board::new())).expect("a pty");
        Rig::new(board, Position::new())
    }

    /// Serves the board for `d`, feeding the link's readings to the tracker.
    pub fn pump(&mut self, d: Duration) {
        let until = Instant::now() + d;
        loop {
            match self.deaf_until {
                Some(t) if Instant::now() < t => self.board.ignore_host().expect("the pty"),
                _ => self
                    .board
                    .serve()
                    .expect("the simulated board keeps working"),
            }
            while let Ok(ev) = self.events.try_recv() {
                match ev {
                    LinkEvent::Sensor(e) => {
                        let out = self
                            .tracker
                            .handle(e, self.start.elapsed().as_millis() as u64);
                        self.tracked.extend(out);
                    }
                    // As `play` does: nothing is decided while a re-read is on its way.
                    LinkEvent::Rereading => self.tracker.await_reading(),
                    LinkEvent::RereadGaveUp => self.tracker.reading_given_up(),
                    _ => {}
                }
                self.log.push(ev);
            }
            let out = self.tracker.tick(self.start.elapsed().as_millis() as u64);
            self.tracked.extend(out);
            if Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Pumps until `done`; fails after `secs` with what the link and the tracker said.
    pub fn until(&mut self, secs: u64, what: &str, done: impl Fn(&Rig) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while !done(self) {
            assert!(
                Instant::now() < deadline,
                "no {what} within {secs} s; {} link events; tracker {:?}",
                self.log.len(),
                self.tracked
            );
            self.pump(Duration::from_millis(20));
        }
    }

    /// Waits for the board's first full reading.
    pub fn read_once(&mut self) {
        self.until(6, "full reading", |r| {
            r.log
                .iter()
                .any(|e| matches!(e, LinkEvent::Sensor(SensorEvent::Snapshot(_))))
        });
        self.pump(Duration::from_millis(100));
    }

    /// The moves the tracker made.
    pub fn made(&self) -> Vec<Move> {
        made(&self.tracked)
    }

    /// A hand action on the board, then `pause_ms` of pumping.
    pub fn act(&mut self, a: Action, pause_ms: u64) {
        self.board.act(a).expect("the pty takes the bytes");
        self.pump(Duration::from_millis(pause_ms));
    }

    /// Plays `text` on the board by hand and waits until the tracker has made it.
    pub fn play(&mut self, text: &str) -> Move {
        let pos = self.tracker.expected().clone();
        let m = parse_move(&pos, text).unwrap();
        let n = self.made().len();
        for a in actions(&pos, &m, Style::default()) {
            self.act(a, 40);
        }
        self.until(5, text, |r| r.made().len() > n);
        assert_eq!(self.made()[n], m, "{text}");
        m
    }

    /// The player presses the clock: the hand has let go, a move still settling is decided.
    pub fn press(&mut self) {
        let out = self.tracker.settle();
        self.tracked.extend(out);
    }

    /// The moves made, in SAN from the start position.
    pub fn sans(&self) -> Vec<String> {
        let mut pos = Position::new();
        let mut out = Vec::new();
        for m in self.made() {
            out.push(san(&pos, &m));
            pos = pos.play(&m).unwrap();
        }
        out
    }
}
