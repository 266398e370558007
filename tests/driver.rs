//! The driver every front end runs (`session::Table`): deadlines instead of ticks, boards
//! wired to the session one way, tactile cues worked out in the library, and a journal from
//! which `--resume` restores every fact a later ruling depends on (touches, offers, claims,
//! the illegal-move count, clock penalties), wherever the program stopped.

use vichess::board::tracker::{BoardKind, Tracker, TrackerEvent};
use vichess::board::{Sensed, SensorEvent, Snapshot};
use vichess::input::{InputCommand, SessionCue};
use vichess::rules::clock::{ClockState, TimeControl};
use vichess::rules::{Color, Piece, Position, Role, Square};
use vichess::session::{
    BoardRole, Downtime, Effect, Event, Input, Output, Session, SessionConfig, Stamp, Table,
};
use vichess::voice::Pack;

fn ms(n: u64) -> Stamp {
    Stamp::from_millis(n)
}

fn session(config: SessionConfig, control: Option<&str>) -> Session {
    let control = control.map(|c| TimeControl::parse(c).expect("control"));
    let pack = Pack::builtin("de-fide").expect("built-in pack");
    Session::new(config, pack, Position::new(), control)
}

fn drain(table: &mut Table) -> Vec<Output> {
    std::iter::from_fn(|| table.poll_output()).collect()
}

fn printed(outs: &[Output]) -> Vec<String> {
    outs.iter()
        .filter_map(|o| match o {
            Output::Print(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

fn journal_of(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Journal(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

/// The journal lines among `outs`, in order.
fn journaled(outs: &[Output]) -> Vec<&str> {
    outs.iter()
        .filter_map(|o| match o {
            Output::Journal(l) => Some(l.as_str()),
            _ => None,
        })
        .collect()
}

fn white(role: Role) -> Piece {
    Piece {
        color: Color::White,
        role,
    }
}

fn black(role: Role) -> Piece {
    Piece {
        color: Color::Black,
        role,
    }
}

fn touch(square: Square, piece: Piece) -> Event {
    Event::Tracker {
        board: BoardRole::Pegboard,
        event: TrackerEvent::Touched {
            square,
            piece,
            own: true,
        },
    }
}

fn line(text: &str) -> Event {
    Event::Line(text.to_string())
}

/// A game that touches everything a later ruling depends on: touches, a draw offer and its
/// refusal, an incorrect claim with its penalty, a correct-before-press, a take-back, two
/// illegal moves (the second decides the game).
fn eventful_script() -> Vec<Event> {
    vec![
        line("start"),
        touch(Square::G1, white(Role::Knight)),
        line("Nf3"),
        line("press"),
        line("Nf6"),
        line("press"),
        line("Ng1"),
        line("draw offer white"),
        line("press"),
        touch(Square::F6, black(Role::Knight)),
        line("Ng8"),
        line("press"),
        line("illegal white"),
        line("claim threefold white Nf3"),
        line("ja"),
        line("press"),
        line("Nf6"),
        line("correct Nc6"),
        line("press"),
        line("e4"),
        line("takeback white"),
        line("ja"),
        line("d4"),
        line("press"),
        touch(Square::C6, black(Role::Knight)),
        line("pause"),
        line("pause"),
        line("Nb8"),
        line("press"),
        line("illegal white"),
        // The second decides the game, so it is asked first.
        line("yes"),
    ]
}

#[test]
fn resuming_after_any_record_restores_every_fact_a_ruling_depends_on() {
    let config = SessionConfig::default();
    let mut live = session(config.clone(), Some("5400+30"));
    // The state after each event, and how many journal lines existed then.
    let mut journal: Vec<String> = Vec::new();
    let mut checkpoints = Vec::new();
    for (i, event) in eventful_script().into_iter().enumerate() {
        let out = live.handle(event, ms(1_000 + i as u64 * 1_000));
        journal.extend(journal_of(&out));
        checkpoints.push((journal.len(), live.state().clone()));
    }
    // The script did what it claims, so the comparisons below mean something.
    for kind in [
        "touch ",
        "draw ",
        "claim ",
        "illegal ",
        "correct ",
        "takeback-request ",
        "takeback-answer ",
        "pause ",
        "resume ",
    ] {
        assert!(
            journal.iter().any(|l| l.starts_with(kind)),
            "no {kind:?} record in {journal:#?}"
        );
    }
    let end = live.state();
    assert_eq!(end.illegal_moves(Color::White), 2);
    assert_eq!(
        end.ending().map(|e| e.score),
        Some("0-1"),
        "the second illegal move loses (7.5.5)"
    );

    // Between every pair of records: the journal up to there resumes without complaint.
    for k in 1..=journal.len() {
        let resumed = Session::resume(
            config.clone(),
            Pack::builtin("de-fide").unwrap(),
            &journal[..k],
        );
        assert!(resumed.is_ok(), "journal cut after line {k}: {resumed:?}");
    }
    // After every event: the resumed game is exactly the live one, touches and penalties too.
    for (i, (k, want)) in checkpoints.iter().enumerate() {
        let resumed = Session::resume(
            config.clone(),
            Pack::builtin("de-fide").unwrap(),
            &journal[..*k],
        )
        .unwrap_or_else(|e| panic!("after event {i}: {e}"));
        assert!(
            resumed.state() == want,
            "after event {i} ({k} lines) the resumed state differs:\nresumed {:?}\nlive {:?}",
            resumed.state(),
            want
        );
    }
}

#[test]
fn a_touch_survives_a_resume_and_still_forbids_the_claim() {
    let config = SessionConfig::default();
    let mut s = session(config.clone(), None);
    let mut journal = Vec::new();
    for (i, text) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
        .iter()
        .enumerate()
    {
        journal.extend(journal_of(&s.handle(line(text), ms(i as u64 * 100))));
    }
    journal.extend(journal_of(&s.handle(touch_black_knight(), ms(1_000))));
    assert!(journal.last().unwrap().starts_with("touch 1000 black f6"));
    let mut r = Session::resume(config, Pack::builtin("de-fide").unwrap(), &journal).unwrap();
    assert!(r.state().touched());
    let out = r.handle(line("claim threefold black Ng8"), ms(2_000));
    assert!(
        journal_of(&out).iter().all(|l| !l.starts_with("claim")),
        "a claim after a touch with intent is refused (9.4): {out:?}"
    );
    let said: Vec<String> = out
        .iter()
        .filter_map(|e| match e {
            Effect::Print(l) => Some(l.clone()),
            _ => None,
        })
        .collect();
    assert!(said.iter().any(|l| l.contains("(9.4)")), "{said:?}");
}

fn touch_black_knight() -> Event {
    touch(Square::F6, black(Role::Knight))
}

#[test]
fn the_table_says_when_the_next_call_is_due_and_nothing_happens_before_it() {
    // 1 minute + 0: the time calls come every ten seconds under a minute.
    let mut table = Table::new(session(SessionConfig::default(), Some("60")));
    table.handle(Input::Line("start".into()), ms(0));
    drain(&mut table);
    // White's clock runs with 60 s; the next mark is 50 s left, 10 s from now.
    assert_eq!(table.poll_timeout(), Some(ms(10_000)));
    table.handle_timeout(ms(9_999));
    assert!(
        printed(&drain(&mut table)).is_empty(),
        "nothing is due before the deadline"
    );
    table.handle_timeout(ms(10_000));
    let said = printed(&drain(&mut table));
    assert_eq!(said, ["Weiß: fünfzig Sekunden"]);
    // A display polls the clocks without changing anything.
    let shown = table.clock_reading(ms(10_500)).expect("a timed game");
    assert_eq!(shown.white.time, 49_500);
    assert_eq!(shown.black.time, 60_000);
    assert_eq!(shown.running, Some(Color::White));
    assert_eq!(table.poll_timeout(), Some(ms(20_000)));
    // A move and a press: Black's clock now runs, and the deadline follows it.
    table.handle(Input::Line("e4".into()), ms(12_000));
    table.handle(Input::Line("press".into()), ms(12_500));
    drain(&mut table);
    assert_eq!(table.poll_timeout(), Some(ms(12_500 + 10_000)));
}

#[test]
fn the_automatic_press_is_a_deadline_of_its_own() {
    let config = SessionConfig {
        press_after_ms: Some(1_500),
        ..SessionConfig::default()
    };
    let mut table = Table::new(session(config, Some("5400+30")));
    table.handle(Input::Line("e4".into()), ms(1_000));
    let journal: Vec<String> = drain(&mut table)
        .into_iter()
        .filter_map(|o| match o {
            Output::Journal(l) => Some(l),
            _ => None,
        })
        .collect();
    assert!(journal.iter().all(|l| !l.starts_with("press")));
    assert_eq!(table.poll_timeout(), Some(ms(2_500)));
    table.handle_timeout(ms(2_500));
    let out = drain(&mut table);
    assert!(
        out.contains(&Output::Journal("press 2500 white".into())),
        "{out:?}"
    );
}

#[test]
fn an_untimed_game_with_no_board_sleeps_until_input() {
    let mut table = Table::new(session(SessionConfig::default(), None));
    assert_eq!(table.poll_timeout(), None);
    table.handle(Input::Line("e4".into()), ms(5));
    assert_eq!(printed(&drain(&mut table)), ["Eva vier"]);
    assert_eq!(table.poll_timeout(), None);
}

/// The pegboard as its sensors report it: every lift and placement of a move.
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

/// A game without a clock, the VI player White on an occupancy-only pegboard that has read
/// `start`: its orientation set, or left for its first move to decide (`set`).
fn white_pegboard(start: &Position, set: bool) -> Table {
    let mut tracker = Tracker::new(start.clone(), BoardKind::OccupancyOnly);
    tracker.set_owner(Some(Color::White));
    if set {
        tracker.set_orientation(vichess::board::tracker::Orientation::Normal);
    }
    let config = SessionConfig {
        vi_side: Some(Color::White),
        ..SessionConfig::default()
    };
    let mut table = Table::new(session(config, None));
    table.add_board(BoardRole::Pegboard, tracker);
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(start.board()))),
        ms(0),
    );
    table
}

#[test]
fn a_pegboard_move_goes_through_its_tracker_and_the_typed_reply_back_to_it() {
    let start = Position::new();
    let mut tracker = Tracker::new(start.clone(), BoardKind::OccupancyOnly);
    tracker.set_owner(Some(Color::White));
    let config = SessionConfig {
        vi_side: Some(Color::White),
        ..SessionConfig::default()
    };
    let mut table = Table::new(session(config, Some("5400+30")));
    table.add_board(BoardRole::Pegboard, tracker);
    table.feel_cues(Color::White, None);
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(start.board()))),
        ms(0),
    );
    table.handle(sensor(SensorEvent::Lifted(Square::G1)), ms(1_000));
    table.handle(sensor(placed(Square::F3)), ms(1_500));
    // A knight cannot travel further, so the move is made at once.
    let out = drain(&mut table);
    let journal = journaled(&out);
    assert!(journal.contains(&"touch 1000 white g1"), "{journal:?}");
    assert!(journal.contains(&"move 1500 g1f3"), "{journal:?}");
    let said = printed(&out);
    assert_eq!(
        said,
        [
            "berührt: weißer Springer Gustav eins",
            "Springer Felix drei"
        ]
    );
    table.handle(Input::Button(InputCommand::Press), ms(2_000));
    drain(&mut table);
    // The assistant types Black's reply: the pegboard must now catch up; the table tells
    // the front end which board, and the tracker waits for the VI player to copy it.
    table.handle(Input::Line("d5".into()), ms(3_000));
    table.handle(Input::Line("press".into()), ms(3_200));
    let out = drain(&mut table);
    assert!(out.iter().any(|o| matches!(
        o,
        Output::BoardAdvanced { board: BoardRole::Pegboard, position } if position.fullmoves() == 2
    )));
    assert!(
        out.contains(&Output::Cue(SessionCue::OpponentMoved)),
        "White feels Black's press: {out:?}"
    );
    let tracker = table.tracker(BoardRole::Pegboard).expect("the pegboard");
    assert_eq!(tracker.expected(), table.session().position());
    // Not copied: when the tracker's wait runs out, guidance is due.
    let due = table.poll_timeout().expect("a mismatch deadline");
    table.handle_timeout(due);
    let said = printed(&drain(&mut table));
    assert!(
        said.iter()
            .any(|l| l.contains("David sieben") && l.contains("David fünf")),
        "guidance after the deadline: {said:?}"
    );
}

#[test]
fn a_running_clock_charges_the_downtime_only_when_configured() {
    for (downtime, charged) in [(Downtime::Paused, false), (Downtime::Running, true)] {
        let config = SessionConfig {
            downtime,
            ..SessionConfig::default()
        };
        let mut s = session(config.clone(), Some("5400+30"));
        s.anchor_wall_clock(ms(0), 1_800_000_000_000);
        let mut journal = journal_of(&s.handle(line("e4"), ms(1_000)));
        journal.extend(journal_of(&s.handle(line("press"), ms(2_000))));
        assert!(
            journal.iter().any(|l| l == "anchor 1000 1800000001000"),
            "{journal:?}"
        );
        // vichess stops; it is started again a minute later by the wall clock, with a
        // monotonic timeline that begins at zero again.
        let mut r = Session::resume(config, Pack::builtin("de-fide").unwrap(), &journal).unwrap();
        r.anchor_wall_clock(ms(0), 1_800_000_062_000);
        let out = r.handle(line("time"), ms(0));
        assert!(journal_of(&out).iter().any(|l| l.starts_with("anchor ")));
        let black_left = r
            .state()
            .clock()
            .unwrap()
            .remaining(Color::Black, r.last_time());
        let lost = 5_400_000 - black_left;
        if charged {
            assert_eq!(
                lost, 60_000,
                "the minute vichess was down ran on Black's clock"
            );
        } else {
            assert_eq!(lost, 0, "paused: nobody's time ran while vichess was down");
        }
    }
}

#[test]
fn a_crash_between_a_move_and_its_automatic_press_still_presses_after_resume() {
    // With `resume_clock = "running"`: the press is due where it was (with "paused", the
    // next test).
    let config = SessionConfig {
        press_after_ms: Some(1_000),
        downtime: Downtime::Running,
        ..SessionConfig::default()
    };
    let mut s = session(config.clone(), Some("5400+30"));
    // The move is journaled; the process dies before the press is due.
    let journal = journal_of(&s.handle(line("e4"), ms(2_000)));
    assert!(journal.iter().all(|l| !l.starts_with("press")));
    let mut table =
        Table::new(Session::resume(config, Pack::builtin("de-fide").unwrap(), &journal).unwrap());
    // The first event after the restart (at the restarted program's time zero) says where
    // the game stands; the press is then due one second after the move.
    table.handle(Input::Line("count".into()), ms(0));
    drain(&mut table);
    let due = table
        .poll_timeout()
        .expect("the automatic press is still due");
    table.handle_timeout(due);
    let out = drain(&mut table);
    assert!(
        out.contains(&Output::Journal("press 3000 white".into())),
        "{out:?}"
    );
    let clock = table.session().state().clock().unwrap();
    assert_eq!(clock.turn(), Some(Color::Black));
}

/// Issue 24, item 20: with `resume_clock = "paused"` a crash between a move and its
/// automatic press does not let the re-armed press start the opponent's clock: the press
/// completes the move at once, and every clock stays stopped until a player moves or
/// presses, however long nobody does.
#[test]
fn a_paused_resume_keeps_the_clocks_stopped_after_the_pending_automatic_press() {
    let config = SessionConfig {
        press_after_ms: Some(1_000),
        downtime: Downtime::Paused,
        ..SessionConfig::default()
    };
    let mut s = session(config.clone(), Some("5400+30"));
    let journal = journal_of(&s.handle(line("e4"), ms(2_000)));
    assert!(journal.iter().all(|l| !l.starts_with("press")));
    let mut table =
        Table::new(Session::resume(config, Pack::builtin("de-fide").unwrap(), &journal).unwrap());
    table.handle(Input::Line("count".into()), ms(0));
    let mut records: Vec<String> = Vec::new();
    let mut keep = |out: Vec<Output>| {
        records.extend(out.into_iter().filter_map(|o| match o {
            Output::Journal(l) => Some(l),
            _ => None,
        }))
    };
    let resumed = drain(&mut table);
    // The press completed White's move on resume: Black's turn is said, the move is not
    // called unpressed, and neither is said twice.
    let said = printed(&resumed);
    assert_eq!(
        said.iter().filter(|l| l.contains("Schwarz am Zug")).count(),
        1,
        "{said:?}"
    );
    assert!(
        !said
            .iter()
            .any(|l| l.contains("hat schon gezogen") || l.contains("Weiß am Zug")),
        "{said:?}"
    );
    keep(resumed);
    // Ten minutes of nobody at the board, the table woken at every deadline it asks for.
    while let Some(due) = table.poll_timeout().filter(|d| *d <= ms(600_000)) {
        table.handle_timeout(due);
        keep(drain(&mut table));
    }
    table.handle_timeout(ms(600_000));
    keep(drain(&mut table));
    assert_eq!(
        records.iter().filter(|l| l.starts_with("press ")).count(),
        1,
        "{records:?}"
    );
    assert!(
        records.contains(&"press 2000 white".to_string()),
        "{records:?}"
    );
    let clock = table.session().state().clock().unwrap();
    assert!(
        matches!(clock.state(), ClockState::Stopped { .. }),
        "{:?}",
        clock.state()
    );
    let now = table.session().last_time();
    assert_eq!(clock.remaining(Color::Black, now), 5_400_000, "{records:?}");
    assert_eq!(table.session().state().unpressed(), None);
    // Black's move starts the clocks again: from then on time runs as usual.
    table.handle(Input::Line("e5".into()), ms(601_000));
    let clock = table.session().state().clock().unwrap();
    assert!(
        matches!(clock.state(), ClockState::Running(_)),
        "{:?}",
        clock.state()
    );
}

#[test]
fn a_long_think_is_checkpointed_so_a_crash_refunds_at_most_ten_seconds() {
    let config = SessionConfig::default();
    let mut table = Table::new(session(config.clone(), Some("5400+30")));
    table.handle(Input::Line("start".into()), ms(0));
    let mut journal: Vec<String> = Vec::new();
    let mut take = |table: &mut Table| {
        for o in drain(table) {
            if let Output::Journal(l) = o {
                journal.push(l);
            }
        }
    };
    take(&mut table);
    // White thinks for 25 s; the table wakes on its own deadlines.
    while let Some(due) = table.poll_timeout().filter(|d| *d <= ms(25_000)) {
        table.handle_timeout(due);
        take(&mut table);
    }
    let checkpoints: Vec<&String> = journal.iter().filter(|l| l.starts_with("clock ")).collect();
    assert_eq!(checkpoints, ["clock 10000", "clock 20000"]);
    // vichess dies at 25 s: the resumed game has White's clock at 20 s used, not 0.
    let r = Session::resume(config, Pack::builtin("de-fide").unwrap(), &journal).unwrap();
    let white = r
        .state()
        .clock()
        .unwrap()
        .remaining(Color::White, r.last_time());
    assert_eq!(white, 5_400_000 - 20_000);
}

/// 4.4.4 on a board that tells pieces apart: the first piece to touch the promotion square
/// is the choice. A knight put on e8 while the pawn still stands on e7, then replaced by a
/// queen: the board's move is recorded as it stands, and the arbiter gets a note.
#[test]
fn the_first_promotion_piece_on_the_square_binds_and_a_swap_is_noted_for_the_arbiter() {
    let start = Position::from_fen("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", Default::default()).unwrap();
    let config = SessionConfig {
        vi_side: Some(Color::White),
        ..SessionConfig::default()
    };
    let session = Session::new(config, Pack::builtin("en").unwrap(), start.clone(), None);
    let mut table = Table::new(session);
    table.add_board(
        BoardRole::Pegboard,
        Tracker::new(start.clone(), BoardKind::IdentifiesPieces),
    );
    let piece = |role: Role| SensorEvent::Placed {
        square: Square::E8,
        sensed: Sensed::Piece(Piece {
            color: Color::White,
            role,
        }),
    };
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::from_board(start.board()))),
        ms(0),
    );
    table.handle(sensor(piece(Role::Knight)), ms(1_000));
    table.handle(sensor(SensorEvent::Lifted(Square::E8)), ms(1_400));
    table.handle(sensor(SensorEvent::Lifted(Square::E7)), ms(1_800));
    table.handle(sensor(piece(Role::Queen)), ms(2_200));
    table.handle_timeout(ms(5_000));
    let out = drain(&mut table);
    let journal = journaled(&out);
    assert!(journal.iter().any(|l| l.ends_with("e7e8q")), "{journal:?}");
    assert!(
        journal
            .iter()
            .any(|l| l.starts_with("note ") && l.contains("e8=N")),
        "a note for the arbiter names the knight: {journal:?}"
    );
}

#[test]
fn a_capture_the_pegboard_may_have_missed_is_asked_about_and_the_said_move_played() {
    // Both reports of exd5 were lost on the line; the resync reading shows only e4 empty,
    // which is also a pawn held in the hand. The player is asked, in the game's language,
    // and answers with the move; nothing tells them to put the pawn back.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    let start = Position::from_fen(fen, vichess::rules::CastlingMode::Standard).unwrap();
    let mut tracker = Tracker::new(start.clone(), BoardKind::OccupancyOnly);
    tracker.set_owner(Some(Color::White));
    let config = SessionConfig {
        vi_side: Some(Color::White),
        ..SessionConfig::default()
    };
    let pack = Pack::builtin("de").expect("built-in pack");
    let mut table = Table::new(Session::new(config, pack, start.clone(), None));
    table.add_board(BoardRole::Pegboard, tracker);
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(start.board()))),
        ms(0),
    );
    let mut board = *start.board();
    board.remove_piece_at(Square::E4);
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(&board))),
        ms(1_000),
    );
    drain(&mut table);
    let at = table.poll_timeout().expect("the question is due");
    assert!(at <= ms(4_100), "asked within the mismatch wait: {at:?}");
    table.handle_timeout(at);
    let said = printed(&drain(&mut table));
    assert_eq!(
        said,
        // Which man goes back where, not only "the man" (a play-through).
        [
            "das Brett hat vielleicht einen Schlagzug nicht gesehen: e schlägt d5; so gezogen? \
          Dann den Zug sagen; sonst die Figur zurückstellen: weißen Bauern auf e4 setzen"
        ],
    );
    table.handle(Input::Line("exd5".into()), ms(6_000));
    let out = drain(&mut table);
    assert!(
        out.contains(&Output::Journal("move 6000 e4d5".into())),
        "{out:?}"
    );
    // The board agrees with the game now: no guidance, no question, ever again.
    let mut later = Vec::new();
    for t in (7_000..60_000).step_by(1_000) {
        table.handle_timeout(ms(t));
        later.extend(printed(&drain(&mut table)));
    }
    assert!(later.is_empty(), "{later:?}");
}

/// Issue 24, item 14: in time trouble a player hears ten seconds, then every second, however
/// the table is woken (at its own deadlines here), before the flag falls.
#[test]
fn in_time_trouble_ten_seconds_and_every_second_after_are_called() {
    let mut table = Table::new(session(SessionConfig::default(), Some("60")));
    table.handle(Input::Line("start".into()), ms(0));
    drain(&mut table);
    let mut said = Vec::new();
    while let Some(due) = table.poll_timeout() {
        table.handle_timeout(due);
        said.extend(printed(&drain(&mut table)));
        if due >= ms(60_000) {
            break;
        }
    }
    let last: Vec<&str> = said
        .iter()
        .map(String::as_str)
        .skip_while(|l| *l != "Weiß: zehn Sekunden")
        .collect();
    let seconds = [
        "zehn", "neun", "acht", "sieben", "sechs", "fünf", "vier", "drei", "zwei",
    ];
    for (line, s) in last.iter().zip(seconds) {
        assert_eq!(*line, format!("Weiß: {s} Sekunden"), "{said:#?}");
    }
    // "eine Sekunde" (and the flag) come after the last of these.
    assert!(last.len() > seconds.len(), "{said:#?}");
}

/// The first mark below the starting time is called too: a one-minute game hears "fifty
/// seconds", a fifteen-second one "ten seconds" (found playing the game through: the first
/// reading only set the tracker's starting point, so that call was swallowed).
#[test]
fn the_first_mark_after_the_clock_starts_is_called() {
    for (control, first) in [
        ("60", "Weiß: fünfzig Sekunden"),
        ("15", "Weiß: zehn Sekunden"),
    ] {
        let mut table = Table::new(session(SessionConfig::default(), Some(control)));
        table.handle(Input::Line("start".into()), ms(0));
        drain(&mut table);
        let mut said = Vec::new();
        while let Some(due) = table.poll_timeout() {
            table.handle_timeout(due);
            said.extend(printed(&drain(&mut table)));
            if said.iter().any(|l| l.starts_with("Weiß: ")) {
                break;
            }
        }
        assert_eq!(
            said.iter()
                .find(|l| l.starts_with("Weiß: "))
                .map(String::as_str),
            Some(first),
            "{control}: {said:?}"
        );
    }
}

/// Issue 26, finding 2: the hand has let go for good when the player presses the clock. A
/// slider put on e3 (it could have slid on to d4, so the move waits for the board to stay
/// still) is made by the press itself, then completed, typed or on a button; before, the press
/// found no move to complete and the move came unpressed a moment later.
#[test]
fn a_press_before_a_slider_settled_makes_and_completes_its_move() {
    for press in [
        Input::Line("press".into()),
        Input::Button(InputCommand::Press),
    ] {
        let start = Position::new();
        let mut tracker = Tracker::new(start.clone(), BoardKind::OccupancyOnly);
        tracker.set_owner(Some(Color::White));
        let config = SessionConfig {
            vi_side: Some(Color::White),
            ..SessionConfig::default()
        };
        let mut table = Table::new(session(config, Some("5400+30")));
        table.add_board(BoardRole::Pegboard, tracker);
        table.handle(
            sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(start.board()))),
            ms(0),
        );
        table.handle(sensor(SensorEvent::Lifted(Square::E2)), ms(1_000));
        table.handle(sensor(placed(Square::E3)), ms(1_200));
        let waiting = drain(&mut table);
        assert!(
            !printed(&waiting).contains(&"Eva drei".to_string()),
            "{waiting:?}"
        );
        table.handle(press.clone(), ms(1_300));
        let out = drain(&mut table);
        let journal = journaled(&out);
        assert_eq!(
            journal,
            ["move 1300 e2e3", "press 1300 white"],
            "{press:?}: {out:?}"
        );
        let said = printed(&out);
        assert_eq!(
            said.first().map(String::as_str),
            Some("Eva drei"),
            "{said:?}"
        );
        assert!(!said.iter().any(|l| l.starts_with("kein Zug")), "{said:?}");
    }
}

/// A resumed game says the clocks' times at once, in words, after saying they stay stopped:
/// the first thing a player coming back to the board asks (D.2.5, the clock tells the time).
#[test]
fn a_resumed_game_says_the_clocks_times_at_once() {
    let config = SessionConfig {
        downtime: Downtime::Paused,
        ..SessionConfig::default()
    };
    let mut s = session(config.clone(), Some("900+10"));
    // White's clock runs from the move at 2 s to the press at 3 s: 15:00 - 0:01 + 0:10.
    let mut effects = s.handle(line("e4"), ms(2_000));
    effects.extend(s.handle(line("press"), ms(3_000)));
    let journal = journal_of(&effects);
    let mut table =
        Table::new(Session::resume(config, Pack::builtin("de-fide").unwrap(), &journal).unwrap());
    // The first event after a resume, a moment of time, says where the game stands.
    table.handle_timeout(ms(0));
    let said = printed(&drain(&mut table));
    let stopped = said
        .iter()
        .position(|l| l.starts_with("die Uhren bleiben angehalten"))
        .unwrap_or_else(|| panic!("no line about the stopped clocks: {said:?}"));
    assert_eq!(
        said.get(stopped + 1).map(String::as_str),
        Some("Weiß: fünfzehn Minuten neun Sekunden; Schwarz: fünfzehn Minuten"),
        "{said:?}"
    );
}

/// A board connected to a game under way (a resume) learns the game's moves from the table:
/// when the players agree to take 1.e4 back while the pegboard still shows it, the board is
/// to be put back (guidance), and 1.e4 is not read off it as made again (a play-through saw
/// it replayed at once after every resume, the take-back lost).
#[test]
fn a_take_back_after_a_board_joins_the_game_is_not_undone_by_the_board() {
    let config = SessionConfig {
        vi_side: Some(Color::White),
        ..SessionConfig::default()
    };
    let mut table = Table::new(session(config, Some("5400+30")));
    for l in ["start", "e4", "press"] {
        table.handle(Input::Line(l.into()), ms(100));
    }
    drain(&mut table);
    let now = table.session().position().clone();
    let mut tracker = Tracker::new(now.clone(), BoardKind::OccupancyOnly);
    tracker.set_owner(Some(Color::White));
    table.add_board(BoardRole::Pegboard, tracker);
    table.handle(
        sensor(SensorEvent::Snapshot(Snapshot::occupancy_of(now.board()))),
        ms(1_000),
    );
    table.handle(Input::Line("zurück weiß".into()), ms(2_000));
    table.handle(Input::Line("ja".into()), ms(2_500));
    for t in (3_000..=8_000).step_by(500) {
        table.handle_timeout(ms(t));
    }
    let out = drain(&mut table);
    let journal = journaled(&out);
    assert!(
        journal.iter().any(|l| l.starts_with("takeback-answer")),
        "{journal:?}"
    );
    assert!(
        !journal.iter().any(|l| l.starts_with("move ")),
        "the move made again: {journal:?}"
    );
    assert_eq!(table.session().position(), &Position::new());
    let said = printed(&out);
    assert!(
        said.iter()
            .any(|l| l.contains("weißen Bauern von Eva vier")),
        "{said:?}"
    );
}

/// A man of the side to move put on a square it cannot reach (the bishop on f1 moved like a
/// rook to f3) is said as the illegal move it is, not "the boards differ" as for a man
/// knocked over (a play-through could not tell its own attempt from a board fault); the
/// guidance to put it back follows, and the game does not change.
#[test]
fn a_man_moved_where_it_cannot_go_is_said_as_an_illegal_move_on_the_board() {
    let start = Position::new();
    for (lift, put, want) in [
        (
            Square::F1,
            Square::F3,
            "das Brett zeigt einen regelwidrigen Zug",
        ),
        // Not a move at all: a man of the side not on move.
        (Square::B8, Square::B5, "Bretter stimmen nicht überein"),
    ] {
        let mut table = white_pegboard(&start, true);
        table.handle(sensor(SensorEvent::Lifted(lift)), ms(1_000));
        table.handle(sensor(placed(put)), ms(1_400));
        for t in (2_000..=6_000).step_by(500) {
            table.handle_timeout(ms(t));
        }
        let said = printed(&drain(&mut table));
        let at = said.iter().position(|l| l == want);
        assert!(at.is_some(), "{want}: {said:?}");
        assert!(
            said[at.unwrap() + 1..]
                .iter()
                .any(|l| l.contains("entfernen")),
            "guidance after it: {said:?}"
        );
        assert_eq!(table.session().position(), &start);
    }
}

/// Guidance names two steps at a time; when more follow it says so, or a player who did
/// the two named steps took the board for put right (a play-through). Three moves typed
/// that the pegboard has not copied: two steps and "more follow"; one: its step alone.
#[test]
fn guidance_says_when_more_steps_follow_the_two_it_names() {
    let start = Position::new();
    for (typed, more) in [(&["e4", "e5", "Nf3"][..], true), (&["e4"][..], false)] {
        let mut table = white_pegboard(&start, false);
        for (i, mv) in typed.iter().enumerate() {
            table.handle(Input::Line((*mv).into()), ms(1_000 + i as u64 * 100));
        }
        drain(&mut table);
        let mut said = Vec::new();
        for _ in 0..20 {
            let Some(due) = table.poll_timeout() else {
                break;
            };
            table.handle_timeout(due);
            said.extend(printed(&drain(&mut table)));
            if said.iter().any(|l| l.contains("setzen")) {
                break;
            }
        }
        let guidance: Vec<&String> = said.iter().filter(|l| l.contains("setzen")).collect();
        assert!(!guidance.is_empty(), "{said:?}");
        assert_eq!(
            guidance[0].ends_with("danach folgen weitere Schritte"),
            more,
            "{said:?}"
        );
    }
}

/// A man of the opponent's lifted on the pegboard is touched for capture (4.3.2) and
/// journaled as a touch, so the arbiter's report lists the touch a ruling may rest on (it
/// listed only the player's own men, a play-through). It costs the claim on this move (9.4).
#[test]
fn an_opponents_man_lifted_on_the_pegboard_is_journaled_as_a_touch() {
    let start = Position::new();
    let mut table = white_pegboard(&start, true);
    table.handle(sensor(SensorEvent::Lifted(Square::E7)), ms(1_000));
    table.handle(sensor(placed(Square::E7)), ms(1_500));
    let out = drain(&mut table);
    let journal = journaled(&out);
    assert!(journal.contains(&"touch 1000 white e7"), "{journal:?}");
    assert_eq!(
        printed(&out).first().map(String::as_str),
        Some("berührt: schwarzer Bauer Eva sieben")
    );
    assert_eq!(table.session().position(), &start);
}
