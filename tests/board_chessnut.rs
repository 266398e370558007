//! Chessnut Air / Pro over USB HID, without the device: a whole game as the board would report
//! it (one input report after every hand action, each repeated as the board does), through the
//! sans-IO report codec and the tracker; then `vichess play --board chessnut:PATH` end to end,
//! with a raw pseudo-terminal written one report at a time standing in for `/dev/hidrawN` (one
//! read of a hidraw device is one report, which is all the adapter relies on; there is no
//! `/dev/uhid` here to make a virtual HID device).

use vichess::board::codec::chessnut::{self, Decoder};
use vichess::board::sim::{actions, human, Style};
use vichess::board::tracker::{BoardKind, Tracker, TrackerEvent};
use vichess::board::SensorEvent;
use vichess::rules::notation::parse_move;
use vichess::rules::Position;

#[test]
fn a_whole_game_from_chessnut_reports() {
    let game = [
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d3", "d6", "Bg5", "h6", "Bxf6",
        "Qxf6", "Nc3", "O-O",
    ];
    let mut pos = Position::new();
    let mut board = *pos.board();
    let mut decoder = Decoder::new();
    let mut tracker = Tracker::new(pos.clone(), BoardKind::IdentifiesPieces);
    let mut now = 0;
    let mut made = Vec::new();
    let mut feed = |board: &vichess::rules::Board, now: u64, tracker: &mut Tracker| {
        let report = chessnut::encode_report(board);
        let mut out = Vec::new();
        for _ in 0..3 {
            if let Some(s) = decoder.feed(&report).expect("a good report") {
                out.extend(tracker.handle(SensorEvent::Snapshot(s), now));
            }
        }
        // A battery report in between is not the board.
        assert_eq!(decoder.feed(&[0x2A, 0x02, 0x64, 0x01]), Ok(None));
        out
    };
    feed(&board, now, &mut tracker);
    for text in game {
        let m = parse_move(&pos, text).unwrap();
        for a in actions(&pos, &m, Style::default()) {
            human::apply(&mut board, a);
            now += 120;
            made.extend(feed(&board, now, &mut tracker));
        }
        now += 400;
        made.extend(tracker.tick(now));
        pos = pos.play(&m).unwrap();
    }
    let moves: Vec<_> = made
        .iter()
        .filter_map(|e| match e {
            TrackerEvent::MoveMade { mv } => Some(*mv),
            _ => None,
        })
        .collect();
    let expected: Vec<_> = game
        .iter()
        .scan(Position::new(), |p, t| {
            let m = parse_move(p, t).unwrap();
            *p = p.play(&m).unwrap();
            Some(m)
        })
        .collect();
    assert_eq!(moves, expected, "{made:?}");
    assert_eq!(tracker.expected(), &pos);
}

#[cfg(all(unix, feature = "serial", feature = "hidraw"))]
#[path = "common/play.rs"]
mod play;

/// `vichess play` on a Chessnut board: the test is the board, behind a raw pseudo-terminal.
#[cfg(all(unix, feature = "serial", feature = "hidraw"))]
mod play_on_a_chessnut {
    use serialport::{SerialPort, TTYPort};
    use std::io::{Read, Write};
    use std::process::{Child, ChildStdin};
    use std::sync::mpsc::Receiver;
    use std::time::{Duration, Instant};
    use vichess::board::codec::chessnut;
    use vichess::rules::{Board, Color, Role, Square};

    use super::play;

    struct Game {
        child: Child,
        stdin: ChildStdin,
        lines: Receiver<String>,
        seen: Vec<String>,
        cursor: usize,
        master: TTYPort,
        board: Board,
    }

    impl Game {
        fn expect(&mut self, what: impl Fn(&str) -> bool, label: &str) {
            let deadline = Instant::now() + Duration::from_secs(15);
            loop {
                if let Some(i) = self.seen[self.cursor..].iter().position(|l| what(l)) {
                    self.cursor += i + 1;
                    return;
                }
                assert!(
                    Instant::now() < deadline,
                    "no {label} from vichess; it said:\n{}",
                    self.seen.join("\n")
                );
                if let Ok(l) = self.lines.recv_timeout(Duration::from_millis(50)) {
                    self.seen.push(l);
                }
            }
        }

        /// What the board reports after a hand moved a man: one report, in one write, as
        /// a hidraw read returns it, then a pause, so no two reports share a read; twice, as
        /// the board repeats its reading (a placement counts once a second report confirms it).
        fn report(&mut self) {
            for _ in 0..2 {
                self.master
                    .write_all(&chessnut::encode_report(&self.board))
                    .unwrap();
                self.master.flush().unwrap();
                std::thread::sleep(Duration::from_millis(60));
            }
        }

        fn lift(&mut self, sq: Square) {
            self.board.remove_piece_at(sq);
            self.report();
        }

        fn place(&mut self, sq: Square, role: Role, color: Color) {
            self.board.set_piece_at(sq, role.of(color));
            self.report();
        }

        fn type_line(&mut self, line: &str) {
            writeln!(self.stdin, "{line}").unwrap();
            self.stdin.flush().unwrap();
        }
    }

    #[test]
    fn a_game_on_a_chessnut_board() {
        let home = tempfile::tempdir().unwrap();
        let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal pair");
        master.set_timeout(Duration::from_secs(10)).unwrap();
        let path = slave.name().unwrap();
        // Raw mode on the terminal (termios belongs to the device, so it holds for vichess's
        // own open): a hidraw device has no line discipline to stand in the way.
        let _raw = serialport::new(&path, 38_400)
            .open_native()
            .expect("the pseudo-terminal opens as a port");
        let games = home.path().join("games");
        let arg = format!("chessnut:{path}");
        let (child, stdin, lines) = play::spawn_play(
            home.path(),
            &[
                "--no-audio",
                "--side",
                "white",
                "--control",
                "15+10",
                "--game-dir",
                games.to_str().unwrap(),
                "--board",
                &arg,
            ],
        );
        let mut g = Game {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            cursor: 0,
            master,
            board: Board::new(),
        };
        g.expect(
            |l| l.contains(&format!("Brett verbunden ({path}")),
            "connection",
        );
        // The host switches the board to real-time reports first.
        let mut request = [0u8; 3];
        g.master.read_exact(&mut request).unwrap();
        assert_eq!(request.to_vec(), chessnut::realtime_request());
        g.report();
        // A battery report (another report id) is not the board and changes nothing.
        g.master.write_all(&[0x2A, 0x02, 0x64, 0x01]).unwrap();
        std::thread::sleep(Duration::from_millis(120));
        g.type_line("start");

        // The VI player's move on the board: a touch, then the move announced.
        g.lift(Square::E2);
        g.expect(|l| l == "berührt: weißer Bauer Eva zwei", "touch");
        g.place(Square::E4, Role::Pawn, Color::White);
        g.expect(|l| l == "Eva vier", "1.e4 from the board");
        g.type_line("press");
        // The assistant types the reply; the player copies it onto the board.
        g.type_line("e5");
        g.expect(|l| l == "Eva fünf", "1...e5 typed");
        g.type_line("press");
        g.lift(Square::E7);
        g.place(Square::E5, Role::Pawn, Color::Black);
        // A knight lands at once.
        g.lift(Square::G1);
        g.place(Square::F3, Role::Knight, Color::White);
        g.expect(|l| l == "Springer Felix drei", "2.Nf3 from the board");
        g.type_line("press");

        // A report the board could not have sent: said, and the game is unchanged.
        let mut bad = chessnut::encode_report(&g.board);
        bad[10] = 0xFF;
        g.master.write_all(&bad).unwrap();
        g.expect(
            |l| l.contains("code 15") && l.contains("not a piece"),
            "the bad report named",
        );

        // (Unplugging cannot be shown on this pseudo-terminal: the child inherits its master
        // end, so it never hangs up. A device that is not there is shown below.)
        drop(slave);
        g.type_line("Nc6");
        g.expect(|l| l == "Springer Cesar sechs", "2...Nc6 typed");
        g.type_line("quit");
        let deadline = Instant::now() + Duration::from_secs(15);
        while g.child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "vichess did not quit");
            std::thread::sleep(Duration::from_millis(50));
        }
        let pgn = std::fs::read_dir(&games)
            .unwrap()
            .filter_map(|e| e.ok())
            .find(|e| e.path().extension().is_some_and(|x| x == "pgn"))
            .map(|e| std::fs::read_to_string(e.path()).unwrap())
            .expect("the game's PGN");
        let game = vichess::pgn::read_game(&pgn)
            .expect("a game")
            .expect("the PGN reads back");
        let moves: Vec<String> = game.main.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(moves, ["e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6"], "{pgn}");
    }
}

/// A Chessnut that is not there: said once in the game's language, and the game goes on from
/// the keyboard while the link keeps trying.
#[cfg(all(unix, feature = "serial", feature = "hidraw"))]
#[test]
fn a_missing_chessnut_is_said_once_and_the_game_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let missing = home.path().join("hidraw9");
    let arg = format!("chessnut:{}", missing.display());
    let (mut child, mut stdin, lines) = play::spawn_play(
        home.path(),
        &[
            "--no-audio",
            "--lang",
            "en",
            "--game-dir",
            games.to_str().unwrap(),
            "--board",
            &arg,
        ],
    );
    let mut seen = Vec::new();
    let wait_for = |what: &str, seen: &mut Vec<String>| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        while !seen.iter().any(|l: &String| l.contains(what)) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match lines.recv_timeout(left) {
                Ok(l) => seen.push(l),
                Err(_) => panic!("no {what:?}; vichess said:\n{}", seen.join("\n")),
            }
        }
    };
    wait_for("disconnected", &mut seen);
    use std::io::Write;
    writeln!(stdin, "e4").unwrap();
    wait_for("e4", &mut seen);
    // Two retries later, still said only once.
    std::thread::sleep(std::time::Duration::from_millis(4_500));
    writeln!(stdin, "e5").unwrap();
    wait_for("e5", &mut seen);
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
    play::rest_of(&lines, &mut seen);
    let said: Vec<&String> = seen.iter().filter(|l| l.contains("disconnected")).collect();
    assert_eq!(said.len(), 1, "{seen:?}");
    // Why, in the game's words: the port cannot be opened, there is no such file.
    assert!(
        said[0].contains("the port cannot be opened: ")
            && said[0].contains("(there is no such file or folder)"),
        "{seen:?}"
    );
}
