//! Board latency: from the last byte of the frame that completes a move to the tracker's
//! `MoveMade`, for each protocol.
//!
//! - `sans-io/*`: the codec and the tracker alone (feed the completing frame, decode, track).
//! - `pty/*`: the whole path over a real pseudo-terminal: the simulated board writes the
//!   completing frame, the link thread reads and decodes it, the consumer feeds the tracker.
//!   Timed from just after the write returns to `MoveMade`.
//!
//! The move is a knight's (Nf3 and back in a cycle), so the tracker never waits for a man that
//! could slide on: the figure is the machinery, not a settle delay.
//!
//! - `lever`: `[clock] source = "board"`, from the DGT 3000's reading that shows the lever
//!   pressed (written by the emulated DGT board on a pty) to the press journaled and announced
//!   by the driver (`Table`), through the link thread and `host::clock_source::Lever`. Printed
//!   as p50 / p95 over 200 presses, with the pty knight move above measured again in the same
//!   run as the reference, and their ratio (a slower machine shifts both). The clock's own
//!   report period comes on top: the board passes a lever change as soon as the clock sends it.
//!
//! `cargo bench --bench board_latency`
#![cfg_attr(not(unix), allow(unused_imports))]

use criterion::{BatchSize, Criterion};
use std::time::{Duration, Instant};
use vichess::board::codec::{BoardCodec, BoardMessage, Protocol};
use vichess::board::link::port::Link;
use vichess::board::link::port::Target;
use vichess::board::link::{LinkEvent, Timing};
#[cfg(unix)]
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{actions, Emulator, Style};
use vichess::board::tracker::{BoardKind, Tracker, TrackerEvent};
use vichess::rules::notation::parse_move;
use vichess::rules::Position;

fn kind(p: Protocol) -> BoardKind {
    match p {
        Protocol::Pegboard => BoardKind::OccupancyOnly,
        _ => BoardKind::IdentifiesPieces,
    }
}

/// Codec and tracker that have seen everything of Nf3 but the final placement, and that
/// placement's bytes.
fn prepared(p: Protocol) -> (BoardCodec, Tracker, Vec<u8>) {
    let pos = Position::new();
    let mut emu = Emulator::new(p, *pos.board());
    // Put the emulated board in its reporting mode, as the link's handshake does.
    let mut codec = BoardCodec::new(p);
    for cmd in codec.handshake() {
        codec.feed(&emu.on_host_bytes(&cmd));
    }
    let mut tracker = Tracker::new(pos.clone(), kind(p));
    let m = parse_move(&pos, "Nf3").unwrap();
    let acts = actions(&pos, &m, Style::default());
    let (last, first) = acts.split_last().unwrap();
    for &a in first {
        codec.feed(&emu.act(a));
    }
    for msg in codec.drain() {
        if let BoardMessage::Sensor(e) = msg {
            tracker.handle(e, 0);
        }
    }
    let bytes = emu.act(*last);
    assert!(!bytes.is_empty());
    (codec, tracker, bytes)
}

fn complete(codec: &mut BoardCodec, tracker: &mut Tracker, bytes: &[u8]) -> bool {
    codec.feed(bytes);
    let mut made = false;
    while let Some(msg) = codec.poll() {
        if let BoardMessage::Sensor(e) = msg {
            made |= tracker
                .handle(e, 1)
                .iter()
                .any(|t| matches!(t, TrackerEvent::MoveMade { .. }));
        }
    }
    made
}

fn sans_io(c: &mut Criterion) {
    let mut g = c.benchmark_group("sans-io");
    for p in Protocol::ALL {
        let (codec, tracker, bytes) = prepared(p);
        assert!(
            complete(&mut codec.clone(), &mut tracker.clone(), &bytes),
            "{p}: no move"
        );
        g.bench_function(p.name(), |b| {
            b.iter_batched(
                || (codec.clone(), tracker.clone()),
                |(mut codec, mut tracker)| assert!(complete(&mut codec, &mut tracker, &bytes)),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// The whole path over a pty: returns the time from the completing write to `MoveMade`.
#[cfg(unix)]
struct PtyRig {
    board: PtyBoard,
    _link: Link,
    events: std::sync::mpsc::Receiver<LinkEvent>,
    tracker: Tracker,
    start: Instant,
    cycle: usize,
}

#[cfg(unix)]
impl PtyRig {
    fn new(p: Protocol) -> PtyRig {
        let pos = Position::new();
        let mut board = PtyBoard::new(Emulator::new(p, *pos.board())).expect("a pty pair");
        let (link, events) =
            Link::spawn(p, Target::Path(board.path().to_owned()), Timing::default());
        let mut rig = PtyRig {
            tracker: Tracker::new(pos, kind(p)),
            start: Instant::now(),
            cycle: 0,
            events,
            _link: link,
            board: {
                board.serve().unwrap();
                board
            },
        };
        // Wait for the handshake's full reading.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            assert!(Instant::now() < deadline, "{p}: no resynchronisation");
            rig.board.serve().unwrap();
            if let Ok(LinkEvent::Sensor(e)) = rig.events.try_recv() {
                rig.tracker.handle(e, 0);
                break;
            }
        }
        // Let the rest of the handshake's replies through.
        rig.board.serve_for(Duration::from_millis(100)).unwrap();
        rig.drain();
        rig
    }

    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn drain(&mut self) -> bool {
        let mut made = false;
        while let Ok(ev) = self.events.try_recv() {
            if let LinkEvent::Sensor(e) = ev {
                let now = self.now();
                made |= self
                    .tracker
                    .handle(e, now)
                    .iter()
                    .any(|t| matches!(t, TrackerEvent::MoveMade { .. }));
            }
        }
        made
    }

    fn one_move(&mut self) -> Duration {
        const CYCLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let pos = self.tracker.expected().clone();
        let m = parse_move(&pos, CYCLE[self.cycle % 4]).unwrap();
        self.cycle += 1;
        let acts = actions(&pos, &m, Style::default());
        let (last, first) = acts.split_last().unwrap();
        for &a in first {
            self.board.act(a).unwrap();
        }
        // Let the lift reach the tracker first.
        let until = Instant::now() + Duration::from_millis(3);
        while Instant::now() < until {
            self.board.serve().unwrap();
            self.drain();
        }
        self.board.act(*last).unwrap();
        let t0 = Instant::now();
        loop {
            match self.events.recv_timeout(Duration::from_secs(2)) {
                Ok(LinkEvent::Sensor(e)) => {
                    let now = self.now();
                    if self
                        .tracker
                        .handle(e, now)
                        .iter()
                        .any(|t| matches!(t, TrackerEvent::MoveMade { .. }))
                    {
                        return t0.elapsed();
                    }
                }
                Ok(_) => {}
                Err(e) => panic!("no move made: {e}"),
            }
        }
    }
}

#[cfg(unix)]
fn over_pty(c: &mut Criterion) {
    let mut g = c.benchmark_group("pty");
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(3));
    for p in Protocol::ALL {
        let mut rig = PtyRig::new(p);
        g.bench_function(p.name(), |b| {
            b.iter_custom(|iters| (0..iters).map(|_| rig.one_move()).sum())
        });
    }
    g.finish();
}

/// The lever's path: a DGT board with a DGT 3000 on a pty, the link, the lever, the driver.
#[cfg(unix)]
fn lever_presses(n: usize) -> Vec<Duration> {
    use vichess::board::codec::dgt::{self, ClockSide, ClockTimes, Hms, SideTime};
    use vichess::host::clock_source::Lever;
    use vichess::rules::clock::TimeControl;
    use vichess::session::{Command, Input, Output, Session, SessionConfig, Stamp, Table};
    let reading = |turn| {
        let side = SideTime {
            time: Hms {
                hours: 0,
                minutes: 15,
                seconds: 0,
            },
            ..Default::default()
        };
        ClockTimes {
            left: side,
            right: side,
            running: true,
            turn: Some(turn),
            ..Default::default()
        }
    };
    let pos = Position::new();
    let mut board = PtyBoard::new(Emulator::new(Protocol::Dgt, *pos.board())).expect("a pty");
    let (_link, events) = Link::spawn(
        Protocol::Dgt,
        Target::Path(board.path().to_owned()),
        Timing::default(),
    );
    let deadline = Instant::now() + Duration::from_secs(5);
    while !matches!(events.try_recv(), Ok(LinkEvent::Sensor(_))) {
        assert!(Instant::now() < deadline, "no DGT reading");
        board.serve().unwrap();
    }
    board.serve_for(Duration::from_millis(100)).unwrap();
    while events.try_recv().is_ok() {}
    let pack = vichess::voice::Pack::builtin("en").expect("the English pack");
    let control = TimeControl::parse_any("15+10").unwrap();
    let start = Instant::now();
    let now = || Stamp::from_millis(start.elapsed().as_millis() as u64);
    // A new game every eight moves: the knights' cycle would repeat the position five times
    // (9.6.1), and a game that ended takes no press.
    let new_game = || {
        let mut table = Table::new(Session::new(
            SessionConfig::default(),
            pack.clone(),
            pos.clone(),
            Some(control.clone()),
        ));
        table.handle(Input::Line("start".into()), now());
        while table.poll_output().is_some() {}
        table
    };
    let mut table = new_game();
    let mut lever = Lever::default();
    let mut out = Vec::new();
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut turn = ClockSide::Left;
    board.write(&dgt::encode_bwtime(&reading(turn))).unwrap();
    for i in 0..n {
        if i > 0 && i % 8 == 0 {
            table = new_game();
        }
        table.handle(Input::Line(cycle[i % 4].into()), now());
        while table.poll_output().is_some() {}
        board.serve().unwrap();
        while let Ok(ev) = events.try_recv() {
            if let LinkEvent::Clock(t) = ev {
                lever.reading(&t, now());
            }
        }
        turn = if turn == ClockSide::Left {
            ClockSide::Right
        } else {
            ClockSide::Left
        };
        board.write(&dgt::encode_bwtime(&reading(turn))).unwrap();
        let t0 = Instant::now();
        let deadline = t0 + Duration::from_secs(2);
        'press: loop {
            assert!(Instant::now() < deadline, "no lever reading for press {i}");
            match events.recv_timeout(Duration::from_millis(20)) {
                Ok(LinkEvent::Clock(t)) => {
                    if lever.reading(&t, now())
                        && table.session().state().unpressed().is_some()
                        && lever.take_press(now())
                    {
                        table.handle(Input::Command(Command::Press), now());
                        while let Some(o) = table.poll_output() {
                            if matches!(&o, Output::Journal(l) if l.starts_with("press")) {
                                out.push(t0.elapsed());
                                break 'press;
                            }
                        }
                        panic!("a press that was not journaled");
                    }
                }
                Ok(_) => {}
                // Quiet: the board answers the link's watchdog, as a real one does (its
                // 5 ms read wait is then not counted in the press).
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => board.serve().unwrap(),
                Err(e) => panic!("the link stopped: {e}"),
            }
        }
    }
    out
}

#[cfg(unix)]
fn percentiles(mut d: Vec<Duration>) -> (Duration, Duration) {
    d.sort();
    (d[d.len() / 2], d[d.len() * 95 / 100])
}

/// The lever's latency and the reference knight move, from one run.
#[cfg(unix)]
fn lever_report() {
    const N: usize = 200;
    let lever = percentiles(lever_presses(N));
    let mut rig = PtyRig::new(Protocol::Dgt);
    let reference = percentiles((0..N).map(|_| rig.one_move()).collect());
    println!(
        "lever press -> press journaled and announced: p50 {:?}, p95 {:?}",
        lever.0, lever.1
    );
    println!(
        "reference, DGT knight move over the pty -> MoveMade: p50 {:?}, p95 {:?}",
        reference.0, reference.1
    );
    println!(
        "ratio lever / reference: p50 {:.2}, p95 {:.2}",
        lever.0.as_secs_f64() / reference.0.as_secs_f64(),
        lever.1.as_secs_f64() / reference.1.as_secs_f64()
    );
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(30)
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    sans_io(&mut c);
    // Pseudo-terminals exist only on Unix.
    #[cfg(unix)]
    over_pty(&mut c);
    c.final_summary();
    #[cfg(unix)]
    lever_report();
}
