//! The fault table of issue 13, redone as a reproducible run: for each protocol (DGT,
//! ChessLink, pegboard) and each kind of line fault (stray bytes, truncated messages, one bit
//! flipped, dropped messages both ways, every message ten times), 25 plies are played by
//! simulated hands on an emulated board behind a real pseudo-terminal, the line between them
//! damaged by a seeded injector, and read by vichess's link and tracker.
//!
//! Every ply must reach the record (recovery from every fault) and no move other than the one
//! played may ever be made (0 wrong moves). The figures go to stdout; `docs/reliability.md`
//! gives the command:
//!
//! `cargo test --release --test board_faults -- --nocapture` (`VICHESS_FAULT_SEED=n` in
//! front for other faults than the default seed's).

#![cfg(feature = "serial")]

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};
use vichess::board::codec::Protocol;
use vichess::board::link::port::{Link, Target};
use vichess::board::link::{LinkEvent, Timing};
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{actions, Emulator, Fault, Faults, Style};
use vichess::board::tracker::{BoardKind, Tracker, TrackerEvent};
use vichess::rules::notation::parse_move;
use vichess::rules::{Move, Position};

/// The seed of the run the figures in `docs/reliability.md` come from.
const SEED: u64 = 13;

/// A Ruy Lopez to move 13: sliders that settle, captures, castling on both sides.
const PLIES: [&str; 25] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3",
];

/// What one run found.
#[derive(Debug, Default)]
struct Outcome {
    /// Moves made that were not the move played at that point.
    wrong: usize,
    /// Plies that reached the record.
    recorded: usize,
    /// Messages the injector damaged.
    damaged: u64,
    /// The slowest ply, from the last hand action to the move made, in ms.
    slowest_ms: u64,
    /// Questions the player answered about captures the board may have missed.
    asked: usize,
}

fn kind(p: Protocol) -> BoardKind {
    match p {
        Protocol::Pegboard => BoardKind::OccupancyOnly,
        _ => BoardKind::IdentifiesPieces,
    }
}

struct Run {
    board: PtyBoard,
    _link: Link,
    events: Receiver<LinkEvent>,
    tracker: Tracker,
    start: Instant,
    /// The record as the tracker's events build it.
    record: Vec<Move>,
    /// The moves played so far by the hands.
    played: Vec<Move>,
    wrong: usize,
    /// A full reading reached the tracker.
    read: bool,
    /// What the tracker said, for the failure message.
    log: Vec<String>,
    /// Times the player was asked about a capture the board may have missed.
    asked: usize,
}

impl Run {
    fn new(protocol: Protocol, fault: Fault, seed: u64) -> Run {
        let emulator = Emulator::new(protocol, *Position::new().board());
        let board = PtyBoard::new(emulator)
            .expect("a pseudo-terminal pair must be available for this test")
            .with_faults(Faults::new(fault, seed));
        let timing = Timing {
            retry_ms: 300,
            probe_ms: 1000,
            dead_ms: 3500,
        };
        let (link, events) = Link::spawn(protocol, Target::Path(board.path().into()), timing);
        let mut tracker = Tracker::new(Position::new(), kind(protocol));
        // As `vichess play` sets it up: DGT moves wait for a dump.
        tracker.confirm_by_reading(protocol == Protocol::Dgt);
        Run {
            board,
            _link: link,
            events,
            tracker,
            start: Instant::now(),
            record: Vec::new(),
            played: Vec::new(),
            wrong: 0,
            read: false,
            log: Vec::new(),
            asked: 0,
        }
    }

    fn pump(&mut self, d: Duration) {
        let until = Instant::now() + d;
        loop {
            self.board
                .serve()
                .expect("the simulated board keeps working");
            while let Ok(ev) = self.events.try_recv() {
                if !matches!(ev, LinkEvent::Sensor(_)) {
                    self.log.push(ev.to_string());
                }
                // As `play` does: nothing is decided while a re-read is on its way.
                match ev {
                    LinkEvent::Rereading => self.tracker.await_reading(),
                    LinkEvent::RereadGaveUp => self.tracker.reading_given_up(),
                    _ => {}
                }
                if let LinkEvent::Sensor(e) = ev {
                    self.log.push(format!("{e:?}"));
                    self.read |= matches!(e, vichess::board::SensorEvent::Snapshot(_));
                    let now = self.start.elapsed().as_millis() as u64;
                    let out = self.tracker.handle(e, now);
                    self.note(out);
                }
            }
            let now = self.start.elapsed().as_millis() as u64;
            let out = self.tracker.tick(now);
            self.note(out);
            if Instant::now() >= until {
                break;
            }
        }
    }

    fn note(&mut self, out: Vec<TrackerEvent>) {
        self.log.extend(out.iter().map(|e| e.to_string()));
        let mut answer = None;
        for e in out {
            match e {
                // The board may have missed a capture: the player, who knows what they
                // played, says it if it is the move asked about (as in `vichess play`, where
                // the said move makes the game move on); a wrong guess would be answered no.
                TrackerEvent::CaptureUnseen { candidates } => {
                    let playing = self.played.get(self.record.len());
                    answer = candidates.into_iter().find(|m| Some(m) == playing);
                    self.asked += 1;
                }
                TrackerEvent::MoveMade { mv } => {
                    if self.played.get(self.record.len()) != Some(&mv) {
                        self.wrong += 1;
                    }
                    self.record.push(mv);
                }
                TrackerEvent::TakeBack { .. } => {
                    self.record.pop();
                }
                _ => {}
            }
        }
        if let Some(m) = answer {
            let out = self.tracker.choose(&m);
            self.note(out);
        }
    }

    fn run(mut self, fault: Fault) -> Outcome {
        // Connected and read in full, despite the faults.
        let deadline = Instant::now() + Duration::from_secs(15);
        while !self.read || Instant::now() < self.start + Duration::from_millis(500) {
            assert!(Instant::now() < deadline, "{fault}: never read the board");
            self.pump(Duration::from_millis(20));
        }
        let mut slowest = 0;
        let mut recorded = 0;
        for text in PLIES {
            let pos = self.board_position();
            let m = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            self.played.push(m);
            for a in actions(&pos, &m, Style::default()) {
                self.board.act(a).expect("the pty takes the bytes");
                self.pump(Duration::from_millis(40));
            }
            let acted = Instant::now();
            let deadline = acted + Duration::from_secs(12);
            while self.record != self.played && Instant::now() < deadline {
                self.pump(Duration::from_millis(10));
            }
            if self.record == self.played {
                recorded += 1;
                slowest = slowest.max(acted.elapsed().as_millis() as u64);
            } else {
                eprintln!(
                    "{fault}: {text} not recorded; record {:?}; the board shows {:?}; the last tracker events {:?}",
                    self.record.len(),
                    self.tracker.sensed().differences(self.tracker.expected().board()),
                    &self.log[self.log.len().saturating_sub(12)..]
                );
                break;
            }
        }
        // Anything still pending must not turn into a wrong move later.
        self.pump(Duration::from_millis(1500));
        Outcome {
            wrong: self.wrong,
            recorded,
            damaged: self.board.faults().map_or(0, |f| f.injected()),
            slowest_ms: slowest,
            asked: self.asked,
        }
    }

    /// The position the hands see: the moves they played.
    fn board_position(&self) -> Position {
        self.played.iter().fold(Position::new(), |p, m| {
            p.play(m).expect("the script is legal")
        })
    }
}

/// `VICHESS_FAULT_SEED=n` repeats the run with other faults; the default is [`SEED`].
fn seed() -> u64 {
    std::env::var("VICHESS_FAULT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED)
}

/// Every protocol under every fault, each run on its own thread at once: the runs wait on
/// real time (the hands' pace, the settle time, the link's re-requests and watchdog) and
/// compute almost nothing, so twenty side by side take as long as the slowest one, where
/// four tests of five took a test slot each for as long as their slowest.
fn table(protocols: &[Protocol]) {
    let seed = seed();
    let handles: Vec<_> = protocols
        .iter()
        .flat_map(|&protocol| Fault::ALL.into_iter().map(move |fault| (protocol, fault)))
        .map(|(protocol, fault)| {
            std::thread::spawn(move || {
                (protocol, fault, Run::new(protocol, fault, seed).run(fault))
            })
        })
        .collect();
    let mut failures = Vec::new();
    for h in handles {
        let (protocol, fault, o) = h.join().expect("a run does not panic");
        println!(
            "{protocol:9} | {fault:36} | {:2}/25 recorded | {} wrong | {:3} messages damaged | slowest ply {} ms | {} asked",
            o.recorded, o.wrong, o.damaged, o.slowest_ms, o.asked
        );
        if o.wrong > 0 || o.recorded < PLIES.len() {
            failures.push(format!("{protocol}, {fault}: {o:?}"));
        }
        assert!(
            o.damaged > 0,
            "{protocol}, {fault}: the injector damaged nothing"
        );
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_board_under_line_faults_records_every_move_and_no_wrong_one() {
    table(&[
        Protocol::Dgt,
        Protocol::ChessLink,
        Protocol::Pegboard,
        Protocol::Certabo,
    ]);
}
