//! The game session: a pure state machine between the inputs (console lines, gamepad
//! commands, board trackers, clock ticks) and the outputs (journal lines, speech, printed
//! lines, PGN). Events go in with a timestamp through [`Session::handle`]; [`Effect`]s come
//! out, in the order the adapter must carry them out. Nothing here reads the wall clock or
//! touches a file: tests drive whole games through `handle`.
//!
//! # Order of effects (the "never lose a game" rule)
//! Every change to the game is first an [`Effect::Journal`] line, and only after it come the
//! [`Effect::Say`] and [`Effect::Print`] effects that announce it. An adapter carries the
//! effects out in order and flushes (fsyncs) each journal line before going on, so nothing is
//! announced that is not on disk. [`Session::resume`] rebuilds the session from those lines.
//!
//! # Appendix D flow
//! - A move (typed in any notation or the spoken form, or shown by a board tracker) is
//!   checked by the rules core, journaled, announced publicly ([`Audience::Public`]) in the
//!   pack's words and printed; the boards are told the new position ([`Effect::BoardSync`]:
//!   call `Tracker::game_advanced` on each board's tracker, which then guides the player until
//!   the pegboard agrees, D.2.9). Only then is the opponent's clock started (D.2.3, D.2.4):
//!   by `press`, or by vichess itself with [`SessionConfig::press_after_ms`].
//! - Until the press, `correct <move>` replaces the move (D.2.8); after it, `takeback` is the
//!   arbiter's matter and is journaled with a note.
//! - In assistant mode (D.2.10) time is said only on request (D.2.10.4); flag falls are
//!   announced as facts and must be claimed (`claim flag`, 6.8); a sighted player's touch seen
//!   on the second board is noted for the arbiter (D.2.10.5).
//! - Every spoken line is also printed (D.2.11).
//!
//! ```
//! use vichess::rules::Position;
//! use vichess::session::{Effect, Event, Session, SessionConfig};
//! use vichess::voice::Pack;
//!
//! let pack = Pack::builtin("de-fide").unwrap();
//! let mut session = Session::new(SessionConfig::default(), pack, Position::new(), None);
//! let effects = session.handle(Event::Line("Springer Felix drei".into()), 0);
//! // The game's first line and the move are journaled before anything is said.
//! assert!(matches!(&effects[..2], [Effect::Journal(_), Effect::Journal(m)] if m == "move 0 g1f3"));
//! assert!(effects.contains(&Effect::Print("Springer Felix drei".into())));
//! ```

mod command;
mod record;
mod settings;
mod spoken;
mod state;

pub use command::{
    parse as parse_command, role as parse_role, ClaimWhat, Command, CommandError, DrawAction, HELP,
};
pub use record::{Record, RecordError};
pub use settings::configured_pack;
pub use spoken::{parse_any as parse_move_any, spoken_to_san};
pub use state::{Ending, Happening, State};

pub use crate::audio::route::Audience;
use crate::board::tracker::{Fix, TrackerEvent};
use crate::board::Sensed;
use crate::input::InputCommand;
use crate::pgn::{format_duration, Comment, GameResult, PgnGame};
use crate::phrase::announce::{move_phrase_with, AnnounceOptions};
use crate::phrase::events::{
    clock_event_phrase, clock_phrase, correction_phrase, draw_offer_phrase, illegal_move_phrase,
    move_count_phrase, put_phrase, remove_phrase, time_added_phrase, touched_phrase, Refusal,
};
use crate::phrase::grammar::{COLON, SEMICOLON};
use crate::phrase::readout::{
    board_readout, file_readout, rank_readout, square_readout, where_readout,
};
use crate::phrase::repeat::LineRepeater;
use crate::phrase::token::{Phrase, Token, Word};
use crate::phrase::Language;
use crate::rules::clock::{
    Call, CallMode, CallPolicy, CallTracker, Clock, ClockConfig, ClockEvent, ClockState,
    TimeControl,
};
use crate::rules::notation::{san, uci, Lang, MoveError};
use crate::rules::{CastlingMode, Color, Move, Position};
use crate::voice::Pack;
use std::time::Duration;

/// Which board a tracker event comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardRole {
    /// The VI player's board (a touch is a lift, D.2.2).
    Pegboard,
    /// The sighted player's board (D.1: either player may demand two boards).
    Sighted,
}

/// An input to the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A console line: a command or a move.
    Line(String),
    /// A console command given directly (no parsing).
    Command(Command),
    /// A gamepad, pedal or key command (`crate::input`).
    Input(InputCommand),
    /// What a board tracker reported.
    Tracker {
        board: BoardRole,
        event: TrackerEvent,
    },
    /// Time passes: time calls, flag falls, a delayed automatic press. Send one every ~100 ms.
    Tick,
}

/// What the adapter must do, in this order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Append this line to the journal and flush it to disk before the next effect.
    Journal(String),
    /// Say this to `audience`. `text` is the pack's words for `phrase`; when `phrase` is empty
    /// the text has no clips and is for system speech.
    Say {
        audience: Audience,
        phrase: Phrase,
        text: String,
    },
    /// Print this line (already made distinct from the line before, for screen readers).
    Print(String),
    /// The game's position changed other than by the pegboard's own move: call
    /// `Tracker::game_advanced(position, now)` on every board tracker.
    BoardSync { position: Position },
    /// Write this PGN to `path`, or to the game folder's file when `None`.
    SavePgn { path: Option<String>, pgn: String },
    /// Leave the program (after carrying out the effects before this one).
    Quit,
}

/// What to do with the time vichess was not running, on resuming (the arbiter's choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Downtime {
    /// Nobody's time runs while vichess is down (the default).
    #[default]
    Paused,
    /// The running clock kept running: the adapter's timestamps must then be wall-clock
    /// based (milliseconds since the Unix epoch, as `vichess play` gives them).
    Running,
}

/// The session's settings; `crate::config::Config` produces them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionConfig {
    /// The VI player's side, when known: `resign` without a side means this side.
    pub vi_side: Option<Color>,
    /// D.2.10 assistant mode: the time is said only on request (D.2.10.4).
    pub assistant: bool,
    /// Press the clock for the mover this long after the move was announced (`Some(0)`: at
    /// once). `None`: wait for `press` (the D.2.8 correction window stays open until then).
    pub press_after_ms: Option<u64>,
    pub announce: AnnounceOptions,
    /// Say "touched: ..." privately when the VI player lifts a man (D.2.2).
    pub announce_touch: bool,
    pub calls: CallPolicy,
    pub downtime: Downtime,
    pub clock: ClockConfig,
}

impl Default for SessionConfig {
    fn default() -> SessionConfig {
        SessionConfig {
            vi_side: None,
            assistant: false,
            press_after_ms: None,
            announce: AnnounceOptions::default(),
            announce_touch: true,
            calls: CallPolicy::default(),
            downtime: Downtime::Paused,
            clock: ClockConfig::default(),
        }
    }
}

/// A journal that cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    #[error("the journal is empty: there is no game to resume")]
    Empty,
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("journal line 1 does not begin a game: \"{0}\"")]
    NoBegin(String),
    #[error("journal line 1: {0}")]
    Start(String),
    #[error("journal line {line}: {why}")]
    Replay { line: usize, why: String },
}

/// One game being played.
#[derive(Debug, Clone)]
pub struct Session {
    config: SessionConfig,
    pack: Pack,
    lang: Lang,
    state: State,
    begin: Record,
    begun: bool,
    /// Resumed from a journal and not yet told the adapter.
    resumed: bool,
    /// Added to the adapter's timestamps to give session time (journal times continue).
    shift: i64,
    shift_set: bool,
    last_at: u64,
    lines: LineRepeater,
    calls: CallTracker,
    /// Session time at which the automatic press is due, for the side that moved.
    auto_press: Option<(u64, Color)>,
    /// The last thing said, for `repeat`.
    last_said: Option<(Audience, Phrase, String)>,
    /// The ply stepped to with moves-back / moves-forward.
    cursor: Option<usize>,
}

fn notation_lang(l: Language) -> Lang {
    match l {
        Language::De => Lang::De,
        Language::En => Lang::En,
        Language::Uk => Lang::Uk,
        Language::Ru => Lang::Ru,
        Language::Hy => Lang::Hy,
    }
}

impl Session {
    /// A new game from `start`, timed by vichess's own clock under `control`, or untimed (an
    /// external clock pressed by the players) when `None`. Announcements use `pack`'s words.
    pub fn new(
        config: SessionConfig,
        pack: Pack,
        start: Position,
        control: Option<TimeControl>,
    ) -> Session {
        let begin = Record::Begin {
            at: 0,
            control: control.as_ref().map(|c| c.to_string()),
            chess960: start.castling_mode() == CastlingMode::Chess960,
            fen: start.fen(),
        };
        let clock = control.map(|c| Clock::new(c, config.clock));
        Session::build(config, pack, State::new(start, clock), begin)
    }

    fn build(config: SessionConfig, pack: Pack, state: State, begin: Record) -> Session {
        let mut policy = config.calls.clone();
        if config.assistant {
            policy.mode = CallMode::OnRequest;
        }
        Session {
            lang: notation_lang(pack.language()),
            pack,
            state,
            begin,
            begun: false,
            resumed: false,
            shift: 0,
            shift_set: false,
            last_at: 0,
            lines: LineRepeater::new(),
            calls: CallTracker::new(policy),
            auto_press: None,
            last_said: None,
            cursor: None,
            config,
        }
    }

    /// Rebuilds a session from its journal lines (the first is the `begin` record). The
    /// first event handled afterwards says that the game was resumed and where it stands.
    pub fn resume(
        config: SessionConfig,
        pack: Pack,
        lines: &[String],
    ) -> Result<Session, ResumeError> {
        let first = lines.first().ok_or(ResumeError::Empty)?;
        let begin = Record::parse(1, first)?;
        let Record::Begin {
            control,
            chess960,
            fen,
            ..
        } = &begin
        else {
            return Err(ResumeError::NoBegin(first.clone()));
        };
        let mode = if *chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let start = Position::from_fen(fen, mode).map_err(|e| ResumeError::Start(e.to_string()))?;
        let clock = match control {
            Some(c) => Some(Clock::new(
                TimeControl::parse(c).map_err(|e| ResumeError::Start(e.to_string()))?,
                config.clock,
            )),
            None => None,
        };
        let mut session = Session::build(config, pack, State::new(start, clock), begin.clone());
        session.last_at = begin.at();
        for (i, line) in lines.iter().enumerate().skip(1) {
            let rec = Record::parse(i + 1, line)?;
            session
                .state
                .apply(&rec)
                .map_err(|why| ResumeError::Replay { line: i + 1, why })?;
            session.last_at = session.last_at.max(rec.at());
        }
        session.begun = true;
        session.resumed = true;
        Ok(session)
    }

    /// The game as it stands.
    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn position(&self) -> &Position {
        self.state.game.position()
    }

    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// The session time of the last event handled (the clock's time scale, which after a
    /// resume differs from the adapter's timestamps).
    pub fn last_time(&self) -> u64 {
        self.last_at
    }

    /// The first journal line of this game.
    pub fn begin_record(&self) -> String {
        self.begin.to_string()
    }

    /// The game as PGN, with `[%clk]` after each completed move and the result if it ended.
    pub fn pgn(&self) -> String {
        let mut pgn = PgnGame::from_game(&self.state.game);
        for (m, clk) in pgn.main.moves.iter_mut().zip(&self.state.clk) {
            if let Some(ms) = clk {
                let text = format!("[%clk {}]", format_duration(Duration::from_millis(*ms)));
                m.comments.push(Comment::new(text));
            }
        }
        if let Some(e) = &self.state.ending {
            pgn.result = GameResult::from_pgn(e.score);
        }
        if let Some(clock) = &self.state.clock {
            pgn.set_tag("TimeControl", clock.control().to_string());
        }
        crate::pgn::write_game(&pgn)
    }

    /// Session time for an adapter timestamp: never earlier than the last record.
    fn session_time(&mut self, now_ms: u64) -> u64 {
        if !self.shift_set {
            self.shift_set = true;
            if self.resumed && self.config.downtime == Downtime::Paused {
                self.shift = self.last_at as i64 - now_ms as i64;
            } else if !self.resumed {
                self.shift = 0;
            }
        }
        let t = (now_ms as i64 + self.shift).max(0) as u64;
        let t = t.max(self.last_at);
        self.last_at = t;
        t
    }

    /// Handles one event at the adapter's time `now_ms` (any monotonic milliseconds).
    pub fn handle(&mut self, event: Event, now_ms: u64) -> Vec<Effect> {
        let at = self.session_time(now_ms);
        let mut out = Vec::new();
        if !self.begun {
            self.begun = true;
            if let Record::Begin { at: t, .. } = &mut self.begin {
                *t = at;
            }
            out.push(Effect::Journal(self.begin.to_string()));
        }
        if self.resumed {
            self.resumed = false;
            self.print(&mut out, "game resumed from the journal");
            self.summary(&mut out);
        }
        match event {
            Event::Line(line) => match command::parse(&line) {
                Ok(Some(cmd)) => self.command(cmd, at, &mut out),
                Ok(None) => {}
                Err(e) => self.refuse(&mut out, &e.0),
            },
            Event::Command(cmd) => self.command(cmd, at, &mut out),
            Event::Input(input) => self.input(input, at, &mut out),
            Event::Tracker { board, event } => self.tracker(board, event, at, &mut out),
            Event::Tick => self.tick(at, &mut out),
        }
        out
    }

    // ---------------------------------------------------------------------------------
    // Output helpers

    fn print(&mut self, out: &mut Vec<Effect>, text: &str) {
        out.push(Effect::Print(self.lines.line(text)));
    }

    /// Says a phrase and prints it.
    fn say(&mut self, out: &mut Vec<Effect>, audience: Audience, phrase: Phrase) {
        let text = self.pack.text(&phrase);
        self.last_said = Some((audience, phrase.clone(), text.clone()));
        out.push(Effect::Say {
            audience,
            phrase,
            text: text.clone(),
        });
        self.print(out, &text);
    }

    /// Says and prints text that has no vocabulary words (system speech).
    fn say_text(&mut self, out: &mut Vec<Effect>, audience: Audience, text: &str) {
        self.last_said = Some((audience, Vec::new(), text.to_string()));
        out.push(Effect::Say {
            audience,
            phrase: Vec::new(),
            text: text.to_string(),
        });
        self.print(out, text);
    }

    /// A refusal: said to the player and printed; nothing changed.
    fn refuse(&mut self, out: &mut Vec<Effect>, why: &str) {
        self.say_text(out, Audience::Player, why);
    }

    fn refuse_move(&mut self, out: &mut Vec<Effect>, e: &MoveError) {
        let phrase = illegal_move_phrase(Refusal::from_move_error(e));
        self.say(out, Audience::Player, phrase);
        self.say_text(out, Audience::Player, &e.to_string());
    }

    /// Journals `rec` and announces what it did, or refuses it leaving everything as it was.
    fn commit(&mut self, rec: Record, out: &mut Vec<Effect>) -> bool {
        let mut next = self.state.clone();
        match next.apply(&rec) {
            Err(why) => {
                self.refuse(out, &why);
                false
            }
            Ok(happenings) => {
                self.state = next;
                out.push(Effect::Journal(rec.to_string()));
                for h in happenings {
                    self.announce(h, rec.at(), out);
                }
                true
            }
        }
    }

    fn announce(&mut self, h: Happening, at: u64, out: &mut Vec<Effect>) {
        match h {
            Happening::Moved { before, mv, side } => {
                let phrase = move_phrase_with(&before, &mv, self.config.announce);
                self.say(out, Audience::Public, phrase);
                out.push(Effect::BoardSync {
                    position: self.state.game.position().clone(),
                });
                if let Some(delay) = self.config.press_after_ms {
                    if self.state.clock.is_some() && !self.state.is_over() {
                        self.auto_press = Some((at + delay, side));
                    }
                }
            }
            Happening::Corrected { before, mv } => {
                let right = move_phrase_with(&before, &mv, self.config.announce);
                self.say(out, Audience::Public, correction_phrase(&right));
                out.push(Effect::BoardSync {
                    position: self.state.game.position().clone(),
                });
            }
            Happening::TakenBack { undone, completed } => {
                self.auto_press = None;
                self.say(
                    out,
                    Audience::Public,
                    vec![Token::Word(Word::MoveTakenBack)],
                );
                if completed {
                    self.print(
                        out,
                        &format!("{undone} was taken back after the clock was pressed: the mover's clock runs again; the arbiter may set the times (7.1)"),
                    );
                }
                out.push(Effect::BoardSync {
                    position: self.state.game.position().clone(),
                });
            }
            Happening::Clock(events) => {
                for e in events {
                    if let ClockEvent::MoveCompleted { .. } = e {
                        self.auto_press = None;
                    }
                    if let ClockEvent::Corrected { .. } = e {
                        continue; // said by the penalty announcement
                    }
                    if let Some(p) = clock_event_phrase(&e) {
                        self.say(out, Audience::Public, p);
                    }
                }
            }
            Happening::OfferMade { by } => self.say(out, Audience::Public, draw_offer_phrase(by)),
            Happening::OfferDeclined { by } => self.say_text(
                out,
                Audience::Public,
                &format!("draw offer declined by {by}"),
            ),
            Happening::ClaimRejected { words, penalty } => {
                self.say_text(out, Audience::Public, &format!("claim {words}"));
                if let Some((to, ms)) = penalty {
                    self.say(out, Audience::Public, time_added_phrase(to, ms));
                }
            }
            Happening::Ended { ending, phrase } => {
                self.auto_press = None;
                if !phrase.is_empty() {
                    self.say(out, Audience::Public, phrase);
                }
                self.print(out, &format!("result {}: {}", ending.score, ending.words));
                out.push(Effect::SavePgn {
                    path: None,
                    pgn: self.pgn(),
                });
            }
            Happening::Adjourned { sealed } => {
                let text = match sealed {
                    Some(_) => "game adjourned; the sealed move is in the journal".to_string(),
                    None => "game adjourned".to_string(),
                };
                self.say_text(out, Audience::Public, &text);
                out.push(Effect::SavePgn {
                    path: None,
                    pgn: self.pgn(),
                });
            }
            Happening::Note(text) => self.print(out, &format!("note for the arbiter: {text}")),
        }
    }

    // ---------------------------------------------------------------------------------
    // Inputs

    fn command(&mut self, cmd: Command, at: u64, out: &mut Vec<Effect>) {
        match cmd {
            Command::Help => {
                for line in HELP {
                    self.print(out, line);
                }
            }
            Command::Move(text) => self.typed_move(&text, at, out),
            Command::Time => self.time(at, out),
            Command::Count => {
                let done = self.completed_plies();
                let moves = done.div_ceil(2) as u32;
                self.say(out, Audience::Player, move_count_phrase(moves));
            }
            Command::Last(n) => self.last(n, out),
            Command::Moves => self.scoresheet(out),
            Command::Board => {
                let p = board_readout(self.position().board());
                self.say(out, Audience::Player, p);
            }
            Command::Where(role) => {
                let p = where_readout(self.position().board(), role);
                self.say(out, Audience::Player, p);
            }
            Command::Rank(r) => {
                let p = rank_readout(self.position().board(), r);
                self.say(out, Audience::Player, p);
            }
            Command::File(f) => {
                let p = file_readout(self.position().board(), f);
                self.say(out, Audience::Player, p);
            }
            Command::Square(sq) => {
                let p = square_readout(self.position().board(), sq);
                self.say(out, Audience::Player, p);
            }
            Command::Start => {
                self.commit(Record::Start { at }, out);
            }
            Command::Press => match self.state.unpressed {
                Some(side) => {
                    self.commit(Record::Press { at, side }, out);
                }
                None => self.refuse(out, "there is no move to complete: make a move before pressing the clock"),
            },
            Command::Pause => {
                let stopped = !matches!(
                    self.state.clock.as_ref().map(|c| c.state()),
                    Some(ClockState::Stopped { .. })
                );
                self.commit(Record::Pause { at, stopped }, out);
            }
            Command::Correct(text) => match self.state.game.positions().len() {
                n if n >= 2 && self.state.unpressed.is_some() => {
                    let before = &self.state.game.positions()[n - 2];
                    match spoken::parse_any(before, &text, self.lang) {
                        Ok(m) => {
                            let u = uci(before, &m);
                            self.commit(Record::Correct { at, uci: u }, out);
                        }
                        Err(e) => self.refuse_move(out, &e),
                    }
                }
                _ => self.refuse(
                    out,
                    "there is no move to correct: once the clock is pressed a correction is the arbiter's matter (takeback)",
                ),
            },
            Command::TakeBack => {
                self.commit(Record::TakeBack { at }, out);
            }
            Command::Draw(action, side) => {
                let by = side.unwrap_or_else(|| match (action, self.state.offer) {
                    (DrawAction::Offer, _) => match self.state.unpressed {
                        Some(mover) => mover,
                        None => self.position().turn(),
                    },
                    (_, Some(offerer)) => !offerer,
                    (_, None) => self.position().turn(),
                });
                self.commit(Record::Draw { at, by, action }, out);
            }
            Command::Claim(what, intended) => {
                let by = match what {
                    // The flag of the side whose clock runs; the other side claims.
                    ClaimWhat::Flag => match self.state.clock.as_ref().map(|c| c.state()) {
                        Some(ClockState::Running(side)) | Some(ClockState::Stopped { turn: side }) => !side,
                        _ => !self.position().turn(),
                    },
                    _ => self.position().turn(),
                };
                let intended = match intended {
                    None => None,
                    Some(text) => match spoken::parse_any(self.position(), &text, self.lang) {
                        Ok(m) => Some(uci(self.position(), &m)),
                        Err(e) => return self.refuse_move(out, &e),
                    },
                };
                self.commit(Record::Claim { at, by, what, intended }, out);
            }
            Command::Resign(side) => {
                let by = side.or(self.config.vi_side).unwrap_or_else(|| self.position().turn());
                self.commit(Record::Resign { at, by }, out);
            }
            Command::Adjourn(sealed) => {
                self.commit(Record::Adjourn { at, sealed }, out);
            }
            Command::Save(path) => out.push(Effect::SavePgn {
                path: Some(path),
                pgn: self.pgn(),
            }),
            Command::Quit => {
                out.push(Effect::SavePgn {
                    path: None,
                    pgn: self.pgn(),
                });
                out.push(Effect::Quit);
            }
        }
    }

    /// A button, pedal or key. A clock button of a side with no move to complete is refused
    /// (a press without a move would be an illegal move, 7.5.3).
    fn input(&mut self, input: InputCommand, at: u64, out: &mut Vec<Effect>) {
        match input {
            InputCommand::PressWhite | InputCommand::PressBlack | InputCommand::Press => {
                let side = match input {
                    InputCommand::PressWhite => Some(Color::White),
                    InputCommand::PressBlack => Some(Color::Black),
                    _ => self.config.vi_side.or(self.state.unpressed),
                };
                match side {
                    Some(side) if self.state.unpressed == Some(side) => {
                        self.commit(Record::Press { at, side }, out);
                    }
                    Some(side) => {
                        let why = format!(
                            "{side} has no move to complete: make a move before pressing the clock"
                        );
                        self.refuse(out, &why);
                    }
                    None => self.refuse(
                        out,
                        "there is no move to complete: make a move before pressing the clock",
                    ),
                }
            }
            InputCommand::Time => self.command(Command::Time, at, out),
            InputCommand::Count => self.command(Command::Count, at, out),
            InputCommand::Last => self.command(Command::Last(1), at, out),
            InputCommand::Pause => self.command(Command::Pause, at, out),
            InputCommand::MovesBack | InputCommand::MovesForward => {
                let n = self.state.game.ply_count();
                if n == 0 {
                    return self.refuse(out, "no move has been made yet");
                }
                let i = match (input, self.cursor) {
                    (InputCommand::MovesBack, None) => n - 1,
                    (InputCommand::MovesBack, Some(i)) => i.saturating_sub(1),
                    (_, None) => n - 1,
                    (_, Some(i)) => (i + 1).min(n - 1),
                }
                .min(n - 1);
                self.cursor = Some(i);
                let before = self.state.game.positions()[i].clone();
                let m = self.state.game.moves()[i];
                let p = move_phrase_with(&before, &m, self.config.announce);
                self.say(out, Audience::Player, p);
            }
            InputCommand::Repeat => match self.last_said.clone() {
                Some((audience, phrase, text)) => {
                    out.push(Effect::Say {
                        audience,
                        phrase,
                        text: text.clone(),
                    });
                    self.print(out, &text);
                }
                None => self.refuse(out, "nothing has been said yet"),
            },
        }
    }

    fn typed_move(&mut self, text: &str, at: u64, out: &mut Vec<Effect>) {
        if let Some(e) = &self.state.ending {
            let why = format!("the game is over: {}", e.words);
            return self.refuse(out, &why);
        }
        match spoken::parse_any(self.position(), text, self.lang) {
            Ok(m) => self.make(m, at, out),
            Err(e) => self.refuse_move(out, &e),
        }
    }

    /// A legal move in the current position: journal, announce, and maybe press.
    fn make(&mut self, m: Move, at: u64, out: &mut Vec<Effect>) {
        let u = uci(self.position(), &m);
        if self.commit(Record::Move { at, uci: u }, out) {
            if let Some((due, side)) = self.auto_press {
                if due <= at {
                    self.auto_press = None;
                    self.commit(Record::Press { at, side }, out);
                }
            }
        }
    }

    fn completed_plies(&self) -> usize {
        self.state.game.ply_count() - usize::from(self.state.unpressed.is_some())
    }

    fn time(&mut self, at: u64, out: &mut Vec<Effect>) {
        match &self.state.clock {
            None => self.refuse(
                out,
                "this game has no clock: vichess keeps time when given a time control",
            ),
            Some(clock) => {
                let (w, b) = (
                    clock.remaining(Color::White, at),
                    clock.remaining(Color::Black, at),
                );
                self.say(out, Audience::Player, clock_phrase(w, b));
            }
        }
    }

    fn last(&mut self, n: usize, out: &mut Vec<Effect>) {
        let moves = self.state.game.moves().to_vec();
        if moves.is_empty() {
            return self.refuse(out, "no move has been made yet");
        }
        let from = moves.len().saturating_sub(n);
        for (i, m) in moves.iter().enumerate().skip(from) {
            let before = self.state.game.positions()[i].clone();
            let p = move_phrase_with(&before, m, self.config.announce);
            self.say(out, Audience::Player, p);
        }
    }

    /// The scoresheet: "1. e4 e5", one numbered line per move pair.
    pub fn scoresheet_lines(&self) -> Vec<String> {
        let game = &self.state.game;
        let mut lines = Vec::new();
        let mut current = String::new();
        for (i, m) in game.moves().iter().enumerate() {
            let pos = &game.positions()[i];
            let s = san(pos, m);
            let number = pos.fullmoves();
            match pos.turn() {
                Color::White => {
                    if !current.is_empty() {
                        lines.push(std::mem::take(&mut current));
                    }
                    current = format!("{number}. {s}");
                }
                Color::Black if current.is_empty() => current = format!("{number}... {s}"),
                Color::Black => {
                    current.push(' ');
                    current.push_str(&s);
                    lines.push(std::mem::take(&mut current));
                }
            }
        }
        if !current.is_empty() {
            lines.push(current);
        }
        lines
    }

    fn scoresheet(&mut self, out: &mut Vec<Effect>) {
        let lines = self.scoresheet_lines();
        if lines.is_empty() {
            return self.refuse(out, "no move has been made yet");
        }
        for l in lines {
            self.print(out, &l);
        }
    }

    fn summary(&mut self, out: &mut Vec<Effect>) {
        let plies = self.state.game.ply_count();
        let text = match &self.state.ending {
            Some(e) => format!("{plies} half-moves played; result {}: {}", e.score, e.words),
            None => format!(
                "{plies} half-moves played; {} to move",
                self.position().turn()
            ),
        };
        self.print(out, &text);
        if let Some(m) = self.state.game.moves().last().copied() {
            let before = self.state.game.positions()[plies - 1].clone();
            let p = move_phrase_with(&before, &m, self.config.announce);
            self.say(out, Audience::Player, p);
        }
        out.push(Effect::BoardSync {
            position: self.position().clone(),
        });
    }

    fn tick(&mut self, at: u64, out: &mut Vec<Effect>) {
        if self.state.is_over() {
            return;
        }
        if let Some((due, side)) = self.auto_press {
            if due <= at {
                self.auto_press = None;
                if self.state.unpressed == Some(side) {
                    self.commit(Record::Press { at, side }, out);
                }
            }
        }
        let Some(clock) = &mut self.state.clock else {
            return;
        };
        let events = clock.tick(at).unwrap_or_default();
        let running = match clock.state() {
            ClockState::Running(side) => Some((side, clock.remaining(side, at))),
            _ => None,
        };
        for e in events {
            if let Some(p) = clock_event_phrase(&e) {
                self.say(out, Audience::Public, p);
            }
        }
        if let Some((side, left)) = running {
            let mut said: Vec<u64> = Vec::new();
            for call in self.calls.feed(side, left) {
                match call {
                    // The alarm and a schedule mark at the same time are said once.
                    Call::Remaining(ms) | Call::LowTime(ms) if said.contains(&ms) => {}
                    Call::Remaining(ms) | Call::LowTime(ms) => {
                        said.push(ms);
                        let p = vec![Token::Side(side), COLON, Token::Duration(ms)];
                        self.say(out, Audience::Player, p);
                    }
                    Call::FlagFell => {} // said from the clock's own event
                }
            }
        }
    }

    fn tracker(&mut self, board: BoardRole, event: TrackerEvent, at: u64, out: &mut Vec<Effect>) {
        match (board, event) {
            (_, TrackerEvent::MoveMade { mv }) => {
                if self.state.game.position().is_legal(&mv) && !self.state.is_over() {
                    self.make(mv, at, out);
                } else {
                    let text =
                        format!("the board shows {mv}, which is not a legal move in the game");
                    self.refuse(out, &text);
                }
            }
            (BoardRole::Pegboard, TrackerEvent::Touched { square, piece, own }) => {
                if own {
                    self.state.touched = true;
                    let turn = self.position().turn();
                    if self.state.offer == Some(!turn) {
                        self.commit(
                            Record::Draw {
                                at,
                                by: turn,
                                action: DrawAction::Decline,
                            },
                            out,
                        );
                    }
                }
                if self.config.announce_touch {
                    self.say(out, Audience::Player, touched_phrase(piece, square));
                }
            }
            (
                BoardRole::Sighted,
                TrackerEvent::Touched {
                    square,
                    piece,
                    own: true,
                },
            ) => {
                // D.2.10.5: the assistant tells the arbiter; vichess notes it.
                let text = format!("the sighted player touched the {piece} on {square}");
                self.commit(Record::Note { at, text }, out);
            }
            (_, TrackerEvent::TouchMoveBreach { played, obligation }) => {
                let text = TrackerEvent::TouchMoveBreach { played, obligation }.to_string();
                self.commit(Record::Note { at, text }, out);
                self.say(
                    out,
                    Audience::Public,
                    vec![Token::Word(Word::ReasonTouchMove)],
                );
            }
            (_, TrackerEvent::TakeBack { undone }) => {
                if self.state.game.last_move() == Some(undone) && self.state.unpressed.is_some() {
                    self.commit(Record::TakeBack { at }, out);
                } else {
                    let text = format!("the board went back before {undone}, but the game did not: put the move back or call the arbiter");
                    self.refuse(out, &text);
                }
            }
            (BoardRole::Pegboard, TrackerEvent::Guidance { fixes }) => {
                if let Some(fix) = fixes.first() {
                    let p = self.fix_phrase(*fix);
                    self.say(out, Audience::Player, p);
                }
            }
            (BoardRole::Pegboard, TrackerEvent::Mismatch { .. }) => {
                self.say(out, Audience::Player, vec![Token::Word(Word::BoardsDiffer)]);
            }
            (BoardRole::Pegboard, TrackerEvent::PositionCorrect) => {
                self.say(
                    out,
                    Audience::Player,
                    vec![Token::Word(Word::PositionCorrect)],
                );
            }
            (_, TrackerEvent::PromotionAsked { from, to }) => {
                self.say(
                    out,
                    Audience::Player,
                    vec![Token::Word(Word::ReasonPromotionMissing)],
                );
                self.print(out, &format!("which piece replaces the pawn from {from} on {to}? type the move with the piece, like {to}=Q"));
            }
            (_, TrackerEvent::MoveAmbiguous { candidates }) => {
                self.say(
                    out,
                    Audience::Player,
                    vec![Token::Word(Word::ReasonAmbiguous)],
                );
                let text = TrackerEvent::MoveAmbiguous { candidates }.to_string();
                self.print(out, &text);
            }
            (BoardRole::Sighted, e) => {
                let text = format!("second board: {e}");
                self.print(out, &text);
            }
            (BoardRole::Pegboard, e) => {
                let text = e.to_string();
                self.print(out, &text);
            }
        }
    }

    /// One step of D.2.9 guidance in the pack's words.
    fn fix_phrase(&self, fix: Fix) -> Phrase {
        let g = self.pack.grammar();
        match fix {
            Fix::Put { piece, square } => put_phrase(piece, square, g),
            Fix::Move { piece, from, to } => {
                let mut p = remove_phrase(piece, from, g);
                p.push(SEMICOLON);
                p.extend(put_phrase(piece, to, g));
                p
            }
            Fix::Remove {
                what: Sensed::Piece(piece),
                square,
            } => remove_phrase(piece, square, g),
            Fix::Remove { square, .. } => vec![
                // The sensor cannot tell which man stands there.
                Token::Word(Word::Remove),
                Token::Word(Word::From),
                Token::File(square.file()),
                Token::Rank(square.rank()),
            ],
        }
    }
}
