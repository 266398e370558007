//! The table while a board's full reading is awaited after a damaged message: nothing is
//! decided on that board, and a clock press made meanwhile is held and counts once the
//! board is known, after the move it completes (Appendix D.2.3-4), never lost.

use vichess::board::tracker::{BoardKind, Tracker};
use vichess::board::{Sensed, SensorEvent, Snapshot};
use vichess::input::InputCommand;
use vichess::rules::clock::TimeControl;
use vichess::rules::{Color, Position, Square};
use vichess::session::{BoardRole, Input, Output, Session, SessionConfig, Stamp, Table};
use vichess::voice::Pack;

fn ms(n: u64) -> Stamp {
    Stamp::from_millis(n)
}

fn table() -> Table {
    let pack = Pack::builtin("de-fide").expect("built-in pack");
    let control = TimeControl::parse("5400+30").expect("control");
    let config = SessionConfig {
        vi_side: Some(Color::White),
        ..SessionConfig::default()
    };
    let session = Session::new(config, pack, Position::new(), Some(control));
    let mut table = Table::new(session);
    let mut tracker = Tracker::new(Position::new(), BoardKind::OccupancyOnly);
    tracker.set_owner(Some(Color::White));
    table.add_board(BoardRole::Pegboard, tracker);
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(
            Position::new().board(),
        ))),
        ms(0),
    );
    std::iter::from_fn(|| table.poll_output()).for_each(drop);
    table
}

fn sensor(event: SensorEvent) -> Input {
    Input::Sensor {
        board: BoardRole::Pegboard,
        event,
    }
}

fn placed(square: Square) -> SensorEvent {
    SensorEvent::Placed {
        square,
        sensed: Sensed::Occupied { color: None },
    }
}

/// The journal's lines about play on the board: touches, moves and presses.
fn journal(table: &mut Table) -> Vec<String> {
    std::iter::from_fn(|| table.poll_output())
        .filter_map(|o| match o {
            Output::Journal(l) => Some(l),
            _ => None,
        })
        .filter(|l| ["touch", "move", "press"].iter().any(|w| l.starts_with(w)))
        .collect()
}

#[test]
fn a_press_while_a_reread_is_awaited_counts_after_the_move_the_reading_shows() {
    let mut table = table();
    table.board_awaits_reading(BoardRole::Pegboard);
    // The knight's lift and landing come through; a neighbour may have been lost.
    table.handle(sensor(SensorEvent::Lifted(Square::G1)), ms(1_000));
    table.handle(sensor(placed(Square::F3)), ms(1_200));
    table.handle(Input::Button(InputCommand::Press), ms(1_300));
    assert!(table.awaiting_reading());
    assert_eq!(journal(&mut table), Vec::<String>::new(), "nothing decided");
    // The reading shows Nf3: the touch, the move, then the held press, in that order.
    let mut after = *Position::new().board();
    let knight = after.remove_piece_at(Square::G1).unwrap();
    after.set_piece_at(Square::F3, knight);
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(&after))),
        ms(1_500),
    );
    assert!(!table.awaiting_reading());
    let j = journal(&mut table);
    let at = |prefix: &str| j.iter().position(|l| l.starts_with(prefix));
    let (mv, press) = (
        at("move").expect("the move"),
        at("press").expect("the press"),
    );
    assert!(j[mv].ends_with("g1f3"), "{j:?}");
    assert!(mv < press, "the move before the press: {j:?}");
    assert_eq!(
        j.iter().filter(|l| l.starts_with("press")).count(),
        1,
        "{j:?}"
    );
    assert_eq!(table.session().position().turn(), Color::Black);
}

#[test]
fn a_reread_given_up_decides_nothing_and_leaves_the_game_as_it_was() {
    let mut table = table();
    table.board_awaits_reading(BoardRole::Pegboard);
    table.handle(sensor(SensorEvent::Lifted(Square::G1)), ms(1_000));
    table.handle(sensor(placed(Square::F3)), ms(1_200));
    table.handle(Input::Button(InputCommand::Press), ms(1_300));
    table.handle_timeout(ms(3_000));
    assert_eq!(journal(&mut table), Vec::<String>::new(), "nothing decided");
    table.board_reading_given_up(BoardRole::Pegboard, ms(6_300));
    assert!(!table.awaiting_reading());
    let j = journal(&mut table);
    assert!(!j.iter().any(|l| l.starts_with("move")), "{j:?}");
    assert!(!j.iter().any(|l| l.starts_with("touch")), "{j:?}");
    assert_eq!(table.session().position(), &Position::new());
}
