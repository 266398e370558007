//! The driver: one game at one table, with its boards and its clock, behind one sans-IO
//! interface that every front end (the console, the demo, a window, a braille display,
//! voice input) runs as a thin loop.
//!
//! [`Table`] owns the [`Session`], a board tracker per connected board and the tactile cue
//! watch, and wires them the one way: a board's sensor reading goes to its tracker, the
//! tracker's findings to the session, the session's new positions back to every tracker,
//! in first-in first-out order until nothing is left to do. Inputs go in with a monotonic
//! [`Stamp`]; [`Output`]s come out of [`Table::poll_output`] in the order they must be
//! carried out (a journal line before anything that announces it). Like quinn-proto's
//! connection, it never sleeps or reads a clock: [`Table::poll_timeout`] says when it next
//! wants [`Table::handle_timeout`], and the front end sleeps until then or until input.
//!
//! ```
//! use vichess::rules::Position;
//! use vichess::session::{Input, Output, Session, SessionConfig, Stamp, Table};
//! use vichess::voice::Pack;
//!
//! let pack = Pack::builtin("en").unwrap();
//! let session = Session::new(SessionConfig::default(), pack, Position::new(), None);
//! let mut table = Table::new(session);
//! table.handle(Input::Line("e4".into()), Stamp::from_millis(10));
//! let mut printed = Vec::new();
//! while let Some(out) = table.poll_output() {
//!     if let Output::Print(line) = out {
//!         printed.push(line);
//!     }
//! }
//! assert_eq!(printed, ["e4"]);
//! assert_eq!(table.poll_timeout(), None); // no clock, nothing due
//! ```

use super::cues::CueWatch;
use super::{BoardRole, Effect, Event, Session, Stamp};
use crate::audio::route::Audience;
use crate::board::tracker::Tracker;
use crate::board::SensorEvent;
use crate::input::{InputCommand, SessionCue};
use crate::phrase::token::Phrase;
use crate::rules::clock::SideReading;
use crate::rules::{Color, Position};
use std::collections::VecDeque;

use super::command::Command;

/// When a board's own deadline has already passed without anything to do, look again this
/// much later rather than at once (a tracker may keep a wait open without news).
const RECHECK_MS: u64 = 100;

/// What a front end feeds the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A console line (a command or a move), typed, spoken or from a braille keyboard.
    Line(String),
    /// A command given directly (a menu, a window's button).
    Command(Command),
    /// A gamepad button, pedal or key.
    Button(InputCommand),
    /// A reading from a board's sensors.
    Sensor {
        /// The board it came from.
        board: BoardRole,
        /// What the sensors saw.
        event: SensorEvent,
    },
}

/// What the front end must do, in this order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Append this line to the journal and flush it to disk before the next output.
    Journal(String),
    /// Say this to `audience` (a printed line with the same text follows).
    Say {
        /// Who hears it.
        audience: Audience,
        /// The vocabulary tokens, for the voice pack's clips; empty for system speech.
        phrase: Phrase,
        /// The same in words.
        text: String,
    },
    /// Print this line.
    Print(String),
    /// Let the player feel this (gamepad rumble), when cues are on.
    Cue(SessionCue),
    /// The game's position changed without this board making the move: a board with lights
    /// can show it, a simulator's hands can copy it.
    BoardAdvanced {
        /// The board that must catch up.
        board: BoardRole,
        /// The game's position now.
        position: Position,
    },
    /// Write this PGN to `path`, or to the game folder's file when `None`.
    SavePgn {
        /// Where the user asked for it, if anywhere.
        path: Option<String>,
        /// The whole game.
        pgn: String,
    },
    /// Leave, after carrying out everything before this.
    Quit,
    /// Speak at this rate from now on, in hundredths (100 = the pack's normal pace).
    SpeechRate(u32),
    /// Ask the engine seat for a help or the review (issue 27).
    Engine(crate::engine::words::EngineAsk),
}

/// What a clock display shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockReading {
    /// White's time, moves and period.
    pub white: SideReading,
    /// Black's.
    pub black: SideReading,
    /// Whose clock runs, if one does.
    pub running: Option<Color>,
}

/// One game at one table: the session, its boards and its cues.
#[derive(Debug)]
pub struct Table {
    session: Session,
    boards: Vec<(BoardRole, Tracker)>,
    cues: Option<CueWatch>,
    events: VecDeque<Event>,
    outputs: VecDeque<Output>,
    last_now: Stamp,
    /// Presses made while a board's full reading was awaited after a damaged message: each
    /// counts, in order, once the board is known (the move it completes announced first).
    held_presses: Vec<Input>,
}

impl Table {
    /// A table for `session`, with no boards and no cues yet.
    pub fn new(session: Session) -> Table {
        Table {
            session,
            boards: Vec::new(),
            cues: None,
            events: VecDeque::new(),
            outputs: VecDeque::new(),
            last_now: Stamp::ZERO,
            held_presses: Vec::new(),
        }
    }

    /// Connects a board's tracker as `role` (the VI player's pegboard, or the sighted
    /// player's board); a second board in the same role replaces the first.
    pub fn add_board(&mut self, role: BoardRole, mut tracker: Tracker) {
        // A resumed game's moves: a take-back agreed while the board still shows the move
        // is a board to put back, not that move made again.
        tracker.set_history(self.session.state().played_from(0));
        self.boards.retain(|(r, _)| *r != role);
        self.boards.push((role, tracker));
        // With two boards each side's move comes from its own player's board (D.1, D.2.9).
        let two = self.boards.len() > 1;
        for (_, t) in &mut self.boards {
            t.set_two_boards(two);
        }
    }

    /// Works out tactile cues for the player of colour `own`, with the low-time alarm at
    /// `alarm_ms` of their time left.
    pub fn feel_cues(&mut self, own: Color, alarm_ms: Option<u64>) {
        self.cues = Some(CueWatch { own, alarm_ms });
    }

    /// The game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The board in `role` has (re)connected: its next full reading is how it is found
    /// ([`Tracker::connected`]).
    pub fn board_connected(&mut self, role: BoardRole) {
        for (_, t) in self.boards.iter_mut().filter(|(r, _)| *r == role) {
            t.connected();
        }
    }

    /// The tracker of the board in `role`, if one is connected.
    pub fn tracker(&self, role: BoardRole) -> Option<&Tracker> {
        self.boards.iter().find(|(r, _)| *r == role).map(|(_, t)| t)
    }

    /// Both clocks as a display shows them at `now` (White's, then Black's reading), with
    /// the side whose clock runs; `None` for an untimed game. A window or a braille line
    /// polls this; nothing changes.
    pub fn clock_reading(&self, now: Stamp) -> Option<ClockReading> {
        let clock = self.session.state().clock()?;
        let at = self.session.session_time_at(now);
        Some(ClockReading {
            white: clock.reading(Color::White, at),
            black: clock.reading(Color::Black, at),
            running: match clock.state() {
                crate::rules::clock::ClockState::Running(side) => Some(side),
                _ => None,
            },
        })
    }

    /// Tells the game the wall-clock time at `now`, once per run (see
    /// [`Session::anchor_wall_clock`]).
    pub fn anchor_wall_clock(&mut self, now: Stamp, unix_ms: u64) {
        self.session.anchor_wall_clock(now, unix_ms);
    }

    /// One input at `now`; its outputs wait in [`Table::poll_output`].
    pub fn handle(&mut self, input: Input, now: Stamp) {
        self.last_now = self.last_now.max(now);
        let press = is_press(&input);
        if press && self.awaiting_reading() {
            // The board may show a move only half: the press waits for the true reading.
            self.held_presses.push(input);
            self.settle(now);
            return;
        }
        if press {
            self.settle(now);
        }
        let sensor = matches!(input, Input::Sensor { .. });
        match input {
            Input::Line(line) => self.events.push_back(Event::Line(line)),
            Input::Command(c) => self.events.push_back(Event::Command(c)),
            Input::Button(b) => self.events.push_back(Event::Input(b)),
            Input::Sensor { board, event } => {
                if let Some((_, tracker)) = self.boards.iter_mut().find(|(r, _)| *r == board) {
                    let found = tracker.handle(event, now.as_millis());
                    self.events.extend(
                        found
                            .into_iter()
                            .map(|event| Event::Tracker { board, event }),
                    );
                }
            }
        }
        self.run(now);
        if sensor {
            self.release_presses(now);
        }
    }

    /// Whether a board's full reading is awaited after a damaged or missing message.
    pub fn awaiting_reading(&self) -> bool {
        self.boards.iter().any(|(_, t)| t.awaiting_reading())
    }

    /// The link of the board in `role` lost or damaged a message and asked for a full
    /// reading: that board decides nothing, and presses wait, until it comes.
    pub fn board_awaits_reading(&mut self, role: BoardRole) {
        for (_, t) in self.boards.iter_mut().filter(|(r, _)| *r == role) {
            t.await_reading();
        }
    }

    /// The link of the board in `role` gave up on the awaited reading (or the board went):
    /// nothing seen meanwhile is decided, the game stays as it is, and presses held meanwhile
    /// count now (finding no move made on the board).
    pub fn board_reading_given_up(&mut self, role: BoardRole, now: Stamp) {
        for (_, t) in self.boards.iter_mut().filter(|(r, _)| *r == role) {
            t.reading_given_up();
        }
        self.release_presses(now);
    }

    /// Presses held for a reading count once no board awaits one, in the order made.
    fn release_presses(&mut self, now: Stamp) {
        if self.held_presses.is_empty() || self.awaiting_reading() {
            return;
        }
        for input in std::mem::take(&mut self.held_presses) {
            self.handle(input, now);
        }
    }

    /// The hand has let go for good (a press, typed, on a button or on the clock's lever):
    /// a board's move still waiting to settle (a man that could have slid on) is decided
    /// now, so the press completes it instead of finding no move to complete.
    pub fn settle(&mut self, now: Stamp) {
        self.last_now = self.last_now.max(now);
        for (board, tracker) in &mut self.boards {
            let board = *board;
            let found = tracker.settle();
            self.events.extend(
                found
                    .into_iter()
                    .map(|event| Event::Tracker { board, event }),
            );
        }
        self.run(now);
    }

    /// Lets time pass to `now`: board waits that have run out (a slider settled, a mismatch
    /// stood long enough), then the clock's calls, flag falls and the automatic press.
    pub fn handle_timeout(&mut self, now: Stamp) {
        self.last_now = self.last_now.max(now);
        for (board, tracker) in &mut self.boards {
            let board = *board;
            let found = tracker.tick(now.as_millis());
            self.events.extend(
                found
                    .into_iter()
                    .map(|event| Event::Tracker { board, event }),
            );
        }
        self.run(now);
        let before = self.view();
        let effects = self.session.handle_timeout(now);
        self.carry(effects, before, now);
        self.run(now);
    }

    /// When the table next wants [`Table::handle_timeout`], on the caller's timeline; `None`
    /// when nothing will happen until the next input.
    pub fn poll_timeout(&self) -> Option<Stamp> {
        let floor = self.last_now.after(1);
        let boards = self
            .boards
            .iter()
            .filter_map(|(_, t)| t.poll_timeout())
            .map(|ms| {
                let at = Stamp::from_millis(ms);
                if at < floor {
                    self.last_now.after(RECHECK_MS)
                } else {
                    at
                }
            });
        self.session.poll_timeout().into_iter().chain(boards).min()
    }

    /// Something the engine seat does through the session (`Session::engine_move` and its
    /// kin, issue 27): `f`'s effects are carried out as an input's are.
    pub fn seat<R>(
        &mut self,
        now: Stamp,
        f: impl FnOnce(&mut Session, Stamp) -> (R, Vec<Effect>),
    ) -> R {
        self.last_now = self.last_now.max(now);
        let before = self.view();
        let (r, effects) = f(&mut self.session, now);
        self.carry(effects, before, now);
        self.run(now);
        r
    }

    /// The game's engine seat (see [`Session::set_engine`]).
    pub fn set_engine(&mut self, spec: crate::engine::EngineSpec) {
        self.session.set_engine(spec);
    }

    /// The board clock's latest times for `time` (see [`Session::set_board_times`]).
    pub fn set_board_times(&mut self, times: Option<(u64, u64)>) {
        self.session.set_board_times(times);
    }

    /// The side the engine seat plays (see [`Session::set_computer`]).
    pub fn set_computer(&mut self, side: Option<crate::rules::Color>) {
        self.session.set_computer(side);
    }

    /// Names a PGN tag of the game (see [`Session::set_tag`]).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.session.set_tag(name, value);
    }

    /// The next thing to do, in order.
    pub fn poll_output(&mut self) -> Option<Output> {
        self.outputs.pop_front()
    }

    /// Runs queued events through the session until none is left.
    fn run(&mut self, now: Stamp) {
        while let Some(event) = self.events.pop_front() {
            let before = self.view();
            let effects = self.session.handle(event, now);
            self.carry(effects, before, now);
        }
    }

    fn view(&self) -> Option<super::cues::ClockView> {
        let watch = self.cues?;
        let at = self.session.last_time();
        watch.view(self.session.state().clock(), at)
    }

    /// Turns the session's effects into outputs, and new positions into tracker news.
    fn carry(&mut self, effects: Vec<Effect>, before: Option<super::cues::ClockView>, now: Stamp) {
        if let (Some(watch), Some(before), Some(after)) = (self.cues, before, self.view()) {
            self.outputs
                .extend(watch.cues(before, after).into_iter().map(Output::Cue));
        }
        for effect in effects {
            match effect {
                Effect::Journal(line) => self.outputs.push_back(Output::Journal(line)),
                Effect::Say {
                    audience,
                    phrase,
                    text,
                } => self.outputs.push_back(Output::Say {
                    audience,
                    phrase,
                    text,
                }),
                Effect::Print(line) => self.outputs.push_back(Output::Print(line)),
                Effect::SavePgn { path, pgn } => {
                    self.outputs.push_back(Output::SavePgn { path, pgn })
                }
                Effect::Quit => self.outputs.push_back(Output::Quit),
                Effect::SpeechRate(r) => self.outputs.push_back(Output::SpeechRate(r)),
                Effect::Engine(a) => self.outputs.push_back(Output::Engine(a)),
                Effect::ChoosePromotion { board, role } => {
                    if let Some((_, tracker)) = self.boards.iter_mut().find(|(r, _)| *r == board) {
                        let found = tracker.choose_promotion(role);
                        self.events.extend(
                            found
                                .into_iter()
                                .map(|event| Event::Tracker { board, event }),
                        );
                    }
                }
                Effect::BoardSync { position } => {
                    for (board, tracker) in &mut self.boards {
                        let board = *board;
                        self.outputs.push_back(Output::BoardAdvanced {
                            board,
                            position: position.clone(),
                        });
                        let found = tracker.game_advanced(position.clone(), now.as_millis());
                        self.events.extend(
                            found
                                .into_iter()
                                .map(|event| Event::Tracker { board, event }),
                        );
                    }
                }
            }
        }
    }
}

/// Is this input a press of the clock (which ends a board's wait for a man to settle)?
fn is_press(input: &Input) -> bool {
    match input {
        Input::Line(line) => matches!(super::command::parse(line), Ok(Some(Command::Press))),
        Input::Command(c) => *c == Command::Press,
        Input::Button(b) => matches!(
            b,
            InputCommand::Press | InputCommand::PressWhite | InputCommand::PressBlack
        ),
        Input::Sensor { .. } => false,
    }
}
