//! Chessnut Air / Pro over USB HID, without the device: a whole game as the board would report
//! it (one input report after every hand action, each repeated as the board does), through the
//! sans-IO report codec and the tracker. No `/dev/uhid` here to make a virtual HID device, so
//! the hidraw adapter itself is not exercised.

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
