//! End to end over real pseudo-terminals: simulated board -> pty -> serial link -> codec ->
//! tracker, for each protocol. A whole game with captures in both orders, castling king first
//! and rook first, en passant, promotion, a touched man not then moved, stray bytes, a
//! truncated frame, and an unplug / replug mid-game (with a move made while unplugged).
//!
//! The link opens the board through a symlink that is re-pointed at a new pty on replug, as a
//! udev rule or socat's `link=` gives a stable name for a real board. No pty, no test: any
//! failure to make one fails loudly.

// Pseudo-terminals, the simulated boards' ports, exist only on Unix.
#![cfg(all(unix, feature = "serial"))]

use std::path::PathBuf;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};
use vichess::board::codec::Protocol;
use vichess::board::link::port::{Link, Target};
use vichess::board::link::{LinkEvent, Timing};
use vichess::board::sim::pty::PtyBoard;
use vichess::board::sim::{actions, touch, Action, Emulator, Style};
use vichess::board::tracker::{BoardKind, Config, RookFirst, Tracker, TrackerEvent};
use vichess::rules::notation::{parse_move, san};
use vichess::rules::{Move, Position, Role, Square};

/// Each rig gets its own directory for its symlink (tests run in parallel).
static RIGS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

struct Rig {
    board: Option<PtyBoard>,
    /// The board's physical state while it is unplugged.
    shelf: Option<Emulator>,
    link: Link,
    events: Receiver<LinkEvent>,
    tracker: Tracker,
    start: Instant,
    dir: PathBuf,
    link_path: PathBuf,
    log: Vec<LinkEvent>,
    tracked: Vec<TrackerEvent>,
}

fn kind(p: Protocol) -> BoardKind {
    match p {
        Protocol::Pegboard => BoardKind::OccupancyOnly,
        _ => BoardKind::IdentifiesPieces,
    }
}

impl Rig {
    fn new(protocol: Protocol) -> Rig {
        Rig::with(
            Emulator::new(protocol, *Position::new().board()),
            kind(protocol),
        )
    }

    fn with(emulator: Emulator, kind: BoardKind) -> Rig {
        let protocol = emulator.protocol();
        let dir = std::env::temp_dir().join(format!(
            "vichess-link-{}-{protocol}-{}",
            std::process::id(),
            RIGS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let link_path = dir.join("board");
        let board = PtyBoard::new(emulator)
            .expect("a pseudo-terminal pair must be available for this test");
        std::os::unix::fs::symlink(board.path(), &link_path).expect("a symlink to the pty");
        let timing = Timing {
            retry_ms: 300,
            probe_ms: 500,
            dead_ms: 2000,
        };
        let (link, events) = Link::spawn(
            protocol,
            Target::Path(link_path.to_string_lossy().into()),
            timing,
        );
        let config = Config {
            rook_first: RookFirst::Lenient,
            ..Config::default()
        };
        Rig {
            board: Some(board),
            shelf: None,
            link,
            events,
            tracker: Tracker::with_config(Position::new(), kind, config),
            start: Instant::now(),
            dir,
            link_path,
            log: Vec::new(),
            tracked: Vec::new(),
        }
    }

    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn board(&mut self) -> &mut PtyBoard {
        self.board.as_mut().expect("the board is plugged in")
    }

    /// Runs the simulated board and feeds the tracker for a while.
    fn pump(&mut self, d: Duration) {
        let until = Instant::now() + d;
        loop {
            if let Some(b) = self.board.as_mut() {
                b.serve().expect("the simulated board keeps working");
            } else {
                std::thread::sleep(Duration::from_millis(5));
            }
            while let Ok(ev) = self.events.try_recv() {
                if let LinkEvent::Sensor(e) = ev {
                    let now = self.now();
                    let out = self.tracker.handle(e, now);
                    self.on_tracked(out);
                }
                self.log.push(ev);
            }
            let now = self.now();
            let out = self.tracker.tick(now);
            self.on_tracked(out);
            if Instant::now() >= until {
                break;
            }
        }
    }

    fn on_tracked(&mut self, out: Vec<TrackerEvent>) {
        for e in out {
            if let TrackerEvent::PromotionAsked { .. } = e {
                let more = self.tracker.choose_promotion(Role::Queen);
                self.tracked.push(e);
                self.tracked.extend(more);
            } else {
                self.tracked.push(e);
            }
        }
    }

    /// Pumps until `pred` holds for something logged since `from`, or fails after `secs`.
    fn wait_log(&mut self, from: usize, what: &str, secs: u64, pred: impl Fn(&LinkEvent) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < deadline {
            self.pump(Duration::from_millis(20));
            if self.log[from..].iter().any(&pred) {
                return;
            }
        }
        panic!("no {what} within {secs} s; link said: {:?}", self.log);
    }

    fn made(&self) -> Vec<Move> {
        self.tracked
            .iter()
            .filter_map(|e| match e {
                TrackerEvent::MoveMade { mv } => Some(*mv),
                _ => None,
            })
            .collect()
    }

    /// Hands act on the board, with human pauses.
    fn hands(&mut self, acts: &[Action]) {
        for &a in acts {
            self.board().act(a).expect("the pty takes the bytes");
            self.pump(Duration::from_millis(40));
        }
    }

    /// Plays a move (SAN) on the board and waits until the tracker has made it.
    fn play(&mut self, text: &str, style: Style) {
        let pos = self.tracker.expected().clone();
        let m = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let before = self.made().len();
        let acts = actions(&pos, &m, style);
        self.hands(&acts);
        self.wait_made(before, text, &pos, m);
    }

    fn wait_made(&mut self, before: usize, text: &str, pos: &Position, m: Move) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.made().len() == before && Instant::now() < deadline {
            self.pump(Duration::from_millis(20));
        }
        let made = self.made();
        assert_eq!(
            made.get(before).map(|mv| san(pos, mv)),
            Some(san(pos, &m)),
            "{text} was not made; tracker said {:?}",
            &self.tracked[self.tracked.len().saturating_sub(8)..]
        );
    }

    fn unplug(&mut self) {
        let b = self.board.take().expect("plugged in");
        self.shelf = Some(b.emulator.clone());
        drop(b);
        std::fs::remove_file(&self.link_path).expect("the old symlink");
    }

    fn replug(&mut self) {
        let emu = self.shelf.take().expect("unplugged");
        let b = PtyBoard::new(emu).expect("a second pseudo-terminal pair");
        std::os::unix::fs::symlink(b.path(), &self.link_path).expect("a symlink to the new pty");
        self.board = Some(b);
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn noise(protocol: Protocol) -> Vec<u8> {
    match protocol {
        // Data bytes outside any frame.
        Protocol::Dgt => vec![0x00, 0x13, 0x7F, 0x42],
        // Characters that start no reply, with bad parity on one of them.
        Protocol::ChessLink => vec![b'Q' | 0x80, b'Z', 0x0D, 0x0A],
        Protocol::Pegboard => b"\r\nboot 3.3V ok\r\n".to_vec(),
        Protocol::Certabo => b"\r\nCP2102 ready\r\n".to_vec(),
    }
}

fn truncated(protocol: Protocol) -> Vec<u8> {
    match protocol {
        Protocol::Dgt => vec![0x86, 0x00, 0x43, 8, 9, 10],
        Protocol::ChessLink => vec![b's', b'r', b'n', b'b']
            .into_iter()
            .map(vichess::board::codec::chesslink::with_odd_parity)
            .collect(),
        Protocol::Pegboard => b"$L,77,e".to_vec(),
        Protocol::Certabo => b":0 0 0 0 0 12 7".to_vec(),
    }
}

fn whole_game(protocol: Protocol) {
    whole_game_on(Rig::new(protocol));
}

fn whole_game_on(mut rig: Rig) {
    let protocol = rig.board().emulator.protocol();
    rig.wait_log(0, "connection", 5, |e| {
        matches!(e, LinkEvent::Connected { .. })
    });
    rig.wait_log(0, "first full reading", 5, |e| {
        matches!(e, LinkEvent::Resynchronised)
    });
    rig.pump(Duration::from_millis(100));

    let plain = Style::default();
    let victim_first = Style {
        capture_first: true,
        ..plain
    };
    let slide = Style {
        slide: true,
        bounce: true,
        ..plain
    };
    let rook_first = Style {
        rook_first: true,
        ..plain
    };

    rig.play("e4", plain);
    rig.play("d5", plain);
    rig.play("exd5", victim_first);
    rig.play("Nf6", plain);
    rig.play("d4", plain);
    rig.play("Nxd5", plain);
    // Stray bytes on the line between moves.
    let n = noise(protocol);
    rig.board().write(&n).unwrap();
    rig.play("c4", plain);
    rig.play("Nb6", plain);
    rig.play("Nc3", plain);
    rig.play("g6", plain);

    // A touched man not then moved: the knight on g1 is lifted and put back, then the bishop
    // moves. The tracker reports the touch and, after the move, the breach for the arbiter.
    let b = *rig.tracker.expected().board();
    rig.hands(&touch(&b, Square::G1));
    rig.pump(Duration::from_millis(100));
    assert!(
        rig.tracked.iter().any(|e| matches!(
            e,
            TrackerEvent::Touched {
                square: Square::G1,
                ..
            }
        )),
        "{protocol}: the touch on g1 was not reported: {:?}",
        rig.tracked
    );
    rig.play("Be3", slide);
    assert!(
        rig.tracked
            .iter()
            .any(|e| matches!(e, TrackerEvent::TouchMoveBreach { .. })),
        "{protocol}: the touch-move breach was not reported"
    );

    rig.play("Bg7", plain);
    // A frame cut short, then play goes on.
    let t = truncated(protocol);
    rig.board().write(&t).unwrap();
    rig.play("Qd2", slide);
    rig.play("O-O", plain);
    rig.play("O-O-O", rook_first);
    rig.play("c5", plain);

    // Unplugged mid-game; Black's reply is made while the cable is out.
    let unplugged_at = rig.log.len();
    rig.unplug();
    rig.wait_log(unplugged_at, "disconnection", 5, |e| {
        matches!(e, LinkEvent::Disconnected { .. })
    });
    let pos = rig.tracker.expected().clone();
    let d5 = parse_move(&pos, "d5").unwrap();
    let before = rig.made().len();
    for a in actions(&pos, &d5, plain) {
        // No cable: what the board would say goes nowhere.
        let _unsent = rig.shelf.as_mut().expect("unplugged").act(a);
    }
    rig.pump(Duration::from_millis(500));
    assert_eq!(rig.made().len(), before, "nothing moves while unplugged");
    rig.replug();
    rig.wait_log(unplugged_at, "reconnection", 6, |e| {
        matches!(e, LinkEvent::Connected { .. })
    });
    rig.wait_log(unplugged_at, "resynchronisation", 5, |e| {
        matches!(e, LinkEvent::Resynchronised)
    });
    rig.wait_made(before, "d5 (made while unplugged)", &pos, d5);

    rig.play("e5", plain);
    rig.play("dxe6", victim_first); // en passant, the captured pawn first
    rig.play("Nc6", plain);
    rig.play("exf7+", plain);
    rig.play("Kh8", plain);
    rig.play("Qxd8", victim_first);
    rig.play("Rxd8", plain);
    rig.play("f8=Q+", plain);
    rig.play("Bxf8", victim_first);

    let game: Vec<String> = {
        let mut pos = Position::new();
        rig.made()
            .iter()
            .map(|m| {
                let s = san(&pos, m);
                pos = pos.play(m).unwrap();
                s
            })
            .collect()
    };
    assert_eq!(
        game.join(" "),
        "e4 d5 exd5 Nf6 d4 Nxd5 c4 Nb6 Nc3 g6 Be3 Bg7 Qd2 O-O O-O-O c5 d5 e5 dxe6 Nc6 exf7+ Kh8 Qxd8 Rxd8 f8=Q+ Bxf8",
        "{protocol}"
    );
    let garbled = rig
        .log
        .iter()
        .filter(|e| matches!(e, LinkEvent::Garbled(_)))
        .count();
    assert!(
        garbled >= 1,
        "{protocol}: the truncated frame should have been reported"
    );
    assert!(
        rig.log
            .iter()
            .filter(|e| matches!(e, LinkEvent::Resynchronised))
            .count()
            >= 2,
        "{protocol}: a resynchronisation on connect and after the replug"
    );
    assert!(
        !rig.tracked
            .iter()
            .any(|e| matches!(e, TrackerEvent::TakeBack { .. })),
        "{:?}",
        rig.tracked
    );
    rig.link.send(vichess::board::link::port::LinkCommand::Stop);
}

#[test]
fn a_whole_dgt_game_over_a_pty() {
    whole_game(Protocol::Dgt);
}

#[test]
fn a_whole_chesslink_game_over_a_pty() {
    whole_game(Protocol::ChessLink);
}

#[test]
fn a_whole_pegboard_game_over_a_pty() {
    whole_game(Protocol::Pegboard);
}

/// Certabo over USB serial: the board streams RFID tag frames; the first frame with the men on
/// their start squares calibrates it, and that is said once.
#[test]
fn a_whole_certabo_game_over_a_pty() {
    let rig = Rig::new(Protocol::Certabo);
    whole_game_on(rig);
}

#[test]
fn a_certabo_board_asks_to_be_calibrated_until_the_men_stand_on_their_start_squares() {
    let mut board = vichess::rules::Board::new();
    // One knight is still in the box.
    let knight = board.remove_piece_at(Square::G1).expect("a knight on g1");
    let mut rig = Rig::with(
        Emulator::new(Protocol::Certabo, board),
        BoardKind::IdentifiesPieces,
    );
    rig.wait_log(
        0,
        "calibration request",
        5,
        |e| matches!(e, LinkEvent::Info(s) if s.to_string().contains("to calibrate")),
    );
    let from = rig.log.len();
    rig.hands(&[Action::Place(Square::G1, knight)]);
    rig.wait_log(
        from,
        "calibration",
        5,
        |e| matches!(e, LinkEvent::Info(s) if s.to_string().contains("calibrated")),
    );
    rig.pump(Duration::from_millis(300));
    assert!(rig.made().is_empty(), "{:?}", rig.tracked);
    rig.play("e4", Style::default());
    let asked = rig
        .log
        .iter()
        .filter(|e| matches!(e, LinkEvent::Info(s) if s.to_string().contains("to calibrate")))
        .count();
    assert_eq!(asked, 1, "said once: {:?}", rig.log);
}

#[test]
fn a_whole_game_on_a_pegboard_that_sees_colours() {
    let emu = Emulator::new(Protocol::Pegboard, *Position::new().board()).with_colour(true);
    whole_game_on(Rig::with(emu, BoardKind::OccupancyAndColour));
}

/// A DGT board turned round reports every square rotated; the tracker notices from the first
/// reading and the game is read the right way.
#[test]
fn a_board_turned_round_is_read_the_right_way() {
    let emu = Emulator::new(Protocol::Dgt, *Position::new().board()).with_rotation(true);
    let mut rig = Rig::with(emu, BoardKind::IdentifiesPieces);
    rig.wait_log(0, "first full reading", 5, |e| {
        matches!(e, LinkEvent::Resynchronised)
    });
    rig.pump(Duration::from_millis(100));
    assert!(
        rig.tracked.contains(&TrackerEvent::Rotated),
        "{:?}",
        rig.tracked
    );
    for m in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4"] {
        rig.play(m, Style::default());
    }
    assert_eq!(rig.made().len(), 7);
}

/// The DGT clock through the board: readings arrive, SETNRUN goes out one at a time, is
/// acknowledged, and the next readings show the new times.
#[test]
fn the_dgt_clock_is_read_and_set_through_the_board() {
    use vichess::board::codec::dgt::{ClockCommand, ClockSide, ClockTimes, Hms, SideTime};
    use vichess::board::link::port::LinkCommand;
    let five = SideTime {
        time: Hms::from_seconds(300),
        ..Default::default()
    };
    let mut rig = Rig::new(Protocol::Dgt);
    let emu = rig.board().emulator.clone().with_clock(ClockTimes {
        left: five,
        right: five,
        running: false,
        ..Default::default()
    });
    rig.board().emulator = emu;
    rig.wait_log(
        0,
        "a clock reading",
        5,
        |e| matches!(e, LinkEvent::Clock(t) if t.left.time.total_seconds() == 300),
    );
    let set = ClockCommand::SetAndRun {
        left: Hms::from_seconds(5400),
        right: Hms::from_seconds(5340),
        run: Some(ClockSide::Right),
    };
    let from = rig.log.len();
    rig.link.send(LinkCommand::Clock(set));
    rig.wait_log(
        from,
        "the SETNRUN ack",
        5,
        |e| matches!(e, LinkEvent::ClockAck(a) if a.command() == Some(0x0A)),
    );
    rig.wait_log(from, "a reading with the new times", 5, |e| {
        matches!(e, LinkEvent::Clock(t) if t.left.time == Hms { hours: 1, minutes: 30, seconds: 0 }
            && t.right.time.total_seconds() == 5340 && t.turn == Some(ClockSide::Right))
    });
    let line = rig
        .log
        .iter()
        .rev()
        .find(|e| matches!(e, LinkEvent::Clock(_)))
        .unwrap()
        .to_string();
    assert_eq!(line, "clock: left 1:30:00, right 1:29:00, right to move");
}
