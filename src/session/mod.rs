//! The game session: a pure state machine between the inputs (console lines, gamepad
//! commands, board trackers, clock ticks) and the outputs (journal lines, speech, printed
//! lines, PGN). Events go in with a monotonic [`Stamp`] through [`Session::handle`];
//! [`Effect`]s come out, in the order the adapter must carry them out; [`Session::poll_timeout`]
//! says when time alone will next do something (a call, a flag, an automatic press), for
//! [`Session::handle_timeout`]. Nothing here reads a clock or touches a file: tests drive whole
//! games through `handle`. Front ends use the driver, [`Table`], which adds the board
//! trackers and the tactile cues around the session.
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
//! - Until the press, `correct <move>` replaces the move (D.2.8). A player's `takeback` is a
//!   request the opponent answers yes or no, both journaled; `arbiter takeback` strikes the
//!   last move from the record after a question naming it. A move that ended the game was
//!   never pressed (it completed itself, 6.2.1.1): it is corrected or taken back the same way
//!   and its result withdrawn, and the arbiter's `undo` and `restore` reach it too (7.5.1).
//! - In assistant mode (D.2.10) time is said only on request (D.2.10.4); flag falls are
//!   announced as facts and must be claimed (`claim flag`, 6.8); a sighted player's touch seen
//!   on the second board is noted for the arbiter (D.2.10.5).
//! - Every spoken line is also printed (D.2.11).
//!
//! ```
//! use vichess::rules::Position;
//! use vichess::session::{Effect, Event, Session, SessionConfig, Stamp};
//! use vichess::voice::Pack;
//!
//! let pack = Pack::builtin("de-fide").unwrap();
//! let mut session = Session::new(SessionConfig::default(), pack, Position::new(), None);
//! let effects = session.handle(Event::Line("Springer Felix drei".into()), Stamp::ZERO);
//! // The game's first line and the move are journaled before anything is said.
//! assert!(matches!(&effects[..2], [Effect::Journal(_), Effect::Journal(m)] if m == "move 0 g1f3"));
//! assert!(effects.contains(&Effect::Print("Springer Felix drei".into())));
//! ```

mod announce;
mod arbiter_command;
mod ask;
mod board_clock;
mod choice;
mod command;
mod config;
mod confirm;
mod confirm_move;
mod cues;
mod cursor;
mod engine_seat;
mod heard;
mod help;
mod on_board;
mod on_button;
mod on_command;
mod outbox;
mod pgn_end;
mod promotion;
mod readouts;
mod record;
mod settings;
mod spoken;
mod state;
mod table;
mod time;
mod timing;
mod why;

pub use announce::guidance_phrase;
pub use arbiter_command::{ArbiterCommand, QuickplayAnswer, TimeChange};
pub use ask::{Men, Readout, Step};
pub use board_clock::DRIFT_NOTE;
pub use command::{
    color as parse_side_word, command_word, distance, parse as parse_command, role as parse_role,
    ClaimWhat, Command, CommandError, DrawAction, COMMAND_WORDS, HELP,
};
pub use config::{Downtime, SessionConfig};
pub use engine_seat::DrawAnswer;
pub use heard::is_no;
pub use heard::{read_heard_note, HEARD_NOTE};
pub use help::HelpTopic;
pub use pgn_end::{finish_pgn, hms, time_change_line};
pub use promotion::{promotion_letters, promotion_piece};
pub use record::{
    journaled_engine, journaled_language, Record, RecordError, ARBITER_NOTE, MAX_RECORD_MS,
};
pub use settings::{configured_pack, language_pack, rules_phrase};
pub use spoken::{parse_any as parse_move_any, spoken_to_san};
pub use state::{ArbiterMark, Ending, Happening, State};
pub use table::{ClockReading, Input, Output, Table};
pub use time::{MonotonicClock, Stamp, UtcTime};

/// The console's command table: each command's English word and its German, Ukrainian,
/// Russian and Armenian words (every help topic lists them).
pub fn command_table() -> &'static [(&'static str, [&'static str; 4])] {
    command::COMMAND_WORDS
}
pub use why::{claim_verdict_words, interruption_words, move_error_words};

pub use crate::audio::route::Audience;
use crate::board::tracker::TrackerEvent;
use crate::input::InputCommand;
use crate::pgn::{format_duration, Comment, GameResult, PgnGame};
use crate::phrase::grammar;
use crate::phrase::token::{Token, Word};
use crate::phrase::Language;
use crate::rules::arbiter::ruling::Supervision;
use crate::rules::clock::{CallMode, CallTracker, Clock, TimeControl};
use crate::rules::notation::Lang;
use crate::rules::{CastlingMode, Color, Position};
use crate::voice::Pack;
use outbox::Outbox;
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
        /// The board it came from.
        board: BoardRole,
        /// What the tracker made of the board's sensors.
        event: TrackerEvent,
    },
}

/// What the adapter must do, in this order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Append this line to the journal and flush it to disk before the next effect.
    Journal(String),
    /// Say this to `audience`. `text` is the pack's words for `phrase`; when `phrase` is empty
    /// the text has no clips and is for system speech.
    Say {
        /// Who hears it (the player's earpiece, or everyone).
        audience: Audience,
        /// The vocabulary tokens, for the voice pack's clips.
        phrase: crate::phrase::token::Phrase,
        /// The same in words, for system speech and the printed line.
        text: String,
    },
    /// Print this line (already made distinct from the line before, for screen readers).
    Print(String),
    /// The game's position changed other than by the pegboard's own move: call
    /// `Tracker::game_advanced(position, now)` on every board tracker ([`Table`] does).
    BoardSync {
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
    /// Leave the program (after carrying out the effects before this one).
    Quit,
    /// Speak at this rate from now on, in hundredths (100 = the pack's normal pace): the
    /// player said `faster` or `slower`, or a resumed game had changed it.
    SpeechRate(u32),
    /// Ask the engine seat for a help or the review (issue 27): the session has checked it
    /// is allowed.
    Engine(crate::engine::words::EngineAsk),
    /// The player named the promotion piece a board asked for: call
    /// `Tracker::choose_promotion(role)` on that board's tracker ([`Table`] does).
    ChoosePromotion {
        /// The board that asked.
        board: BoardRole,
        /// The piece named.
        role: crate::rules::Role,
    },
}

/// A journal that cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    /// Nothing to replay.
    #[error("the journal is empty: there is no game to resume")]
    Empty,
    /// A line that is no record.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The first line is not where a game begins.
    #[error("journal line 1 does not begin a game: \"{0}\"")]
    NoBegin(String),
    /// The start position or time control cannot be read.
    #[error("journal line 1: {0}")]
    Start(String),
    /// A record the game refuses.
    #[error("journal line {line}: {why}")]
    Replay {
        /// The line, from 1.
        line: usize,
        /// Why the game refuses it.
        why: String,
    },
}

impl ResumeError {
    /// Where and what is wrong in `pack`'s words, after `file` (the journal's name): "…,
    /// Zeile 5: das ist kein Eintrag, wie vichess ihn schreibt („mvoe 1200 e2e4“)". The
    /// line as found is quoted so the arbiter can see it; the reader's English reason stays
    /// in `Display`, for logs.
    pub fn words(&self, pack: &Pack, file: &str) -> String {
        use crate::phrase::token::{Token, Word};
        let w = |word| pack.text(&[Token::Word(word)]);
        let q = |text: &str| pack.language().quote(text);
        let colon = pack.colon();
        let at = |line: usize, what: String| {
            format!("{file}, {} {line}{colon} {what}", w(Word::ConfigLine))
        };
        match self {
            ResumeError::Empty => format!("{file}{colon} {}", w(Word::ResumeEmpty)),
            ResumeError::Record(e) => at(
                e.line,
                format!("{} ({})", w(Word::ResumeNotARecord), q(&e.text)),
            ),
            ResumeError::NoBegin(text) => {
                at(1, format!("{} ({})", w(Word::ResumeNoBegin), q(text)))
            }
            ResumeError::Start(why) => at(1, format!("{} ({why})", w(Word::ResumeStartUnreadable))),
            ResumeError::Replay { line, why } => at(*line, why.clone()),
        }
    }
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
    /// The wall clock as the front end read it once: (its stamp, Unix milliseconds).
    wall: Option<(Stamp, u64)>,
    out: Outbox,
    calls: CallTracker,
    /// Session time at which the automatic press is due, for the side that moved.
    auto_press: Option<(u64, Color)>,
    /// The ply stepped to with moves-back / moves-forward.
    cursor: Option<usize>,
    /// Session time of the last journal record (a running clock is checkpointed from it).
    last_journaled: u64,
    /// The journal this session was resumed from ended with a clean stop.
    ended_cleanly: bool,
    /// It ended with an interruption (a signal): its name, said on resume.
    interrupted_by: Option<String>,
    /// Tags to journal with the game's first records.
    pending_tags: Vec<(String, String)>,
    /// The game's language and pack to journal with the next event ([`Session::journal_language`]).
    pending_language: bool,
    /// The engine seat (issue 27), journaled or given; [`Session::set_engine`].
    engine: Option<crate::engine::EngineSpec>,
    /// The engine seat is to be journaled with the next event.
    pending_engine: bool,
    /// A resumed game's VI side changed by `--side`, to journal with the next event, and
    /// the side the journal had until now (said with the new one).
    pending_side: Option<(Color, Option<Color>)>,
    /// The clocks were stopped because vichess was down ([`Downtime::Paused`]): the next
    /// move or press by a player starts them again.
    restart_on_play: bool,
    /// A press left to the reply has been explained once in this run: later ones are said
    /// short, since in a game whose players never press it came at every move.
    press_explained: bool,
    /// A command that changes the result, asked back and waiting for a yes.
    pending: Option<confirm::Confirm>,
    /// The board cursor's square (issue 15).
    look: crate::rules::Square,
    /// The direction pad moves the board cursor rather than stepping through the moves.
    dpad_cursor: bool,
    /// A typed move read back and waiting for Enter or `yes` (`confirm_moves`).
    pending_move: Option<crate::rules::Move>,
    /// The record last handed out to be saved at the game's own path: quitting after the
    /// game ended saves (and says "saved") only if something changed since.
    saved_pgn: Option<String>,
    /// `[clock] source = "board"`: the board clock's latest times (White's, Black's, in
    /// milliseconds), which `time` says; `None` while there is none or it stopped answering.
    board_times: Option<(u64, u64)>,
    /// A board's promotion question, waiting for the piece (see `promotion`).
    promotion: Option<promotion::Asked>,
    /// A pawn that can promote was lifted on a board, the piece not yet named: a piece
    /// letter said now is the promotion piece (see `promotion`).
    promoting: Option<promotion::Asked>,
    /// A typed pawn move to the last rank that named no piece, and the position it was typed
    /// in: the piece word alone, typed next, completes it (the refusal asks for just that).
    typed_promotion: Option<(String, Position)>,
    /// A typed move two men could make, refused with both named, and the position it was
    /// typed in: the one meant, said next ("Bella eins", "the first"), makes it.
    typed_choice: Option<(Position, choice::Choices)>,
    /// Typed lines not understood in a row, up to the one being handled: the second in a
    /// row also says where the commands are listed, as a player who is stuck needs.
    misunderstood: u8,
    /// [`Session::misunderstood`] before the line being handled.
    misunderstood_before: u8,
    /// The line a "did you mean …?" just offered ("b4" for "б4", "Nf6" for "Nxf6"): a yes
    /// as the very next line takes it as if typed, a no declines it; any other line lets it
    /// go. The offer is a question, so its answer must not be "no question is open".
    offered_line: Option<String>,
    /// The side the engine seat plays while it plays ([`Session::set_computer`]).
    computer: Option<Color>,
    /// While the engine's yes to a take-back is journaled: the moves taken back, as
    /// announced, gathered for its one line (`engine_seat`).
    engine_takeback: Option<Vec<crate::phrase::token::Phrase>>,
    /// While the engine's no to a draw offer is journaled: its own line says it, so the
    /// offer is not said declined a second time.
    engine_declines: bool,
}

/// The notation language of a pack's language (piece letters for SAN, braille sheets).
pub fn notation_lang(l: Language) -> Lang {
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

    fn build(config: SessionConfig, pack: Pack, mut state: State, begin: Record) -> Session {
        state.set_guidelines_iii(config.guidelines_iii);
        let mut policy = config.calls.clone();
        if config.assistant {
            policy.mode = CallMode::OnRequest;
        }
        let mut calls = CallTracker::new(policy);
        // The first reading is only a starting point: taken here, the first mark below the
        // starting time is said too ("fifty seconds" of a one-minute game, "ten" of fifteen
        // seconds), not swallowed by the tracker's first reading.
        seed_calls(&mut calls, &state, 0);
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
            wall: None,
            out: Outbox::default(),
            calls,
            auto_press: None,
            cursor: None,
            last_journaled: 0,
            pending_tags: Vec::new(),
            pending_language: false,
            engine: None,
            pending_engine: false,
            pending_side: None,
            ended_cleanly: false,
            interrupted_by: None,
            restart_on_play: false,
            press_explained: false,
            pending: None,
            look: crate::rules::Square::E4,
            dpad_cursor: false,
            pending_move: None,
            saved_pgn: None,
            board_times: None,
            promotion: None,
            promoting: None,
            typed_promotion: None,
            typed_choice: None,
            misunderstood: 0,
            misunderstood_before: 0,
            offered_line: None,
            computer: None,
            engine_takeback: None,
            engine_declines: false,
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
        let (state, begin) = begin_state(config.clock, lines)?;
        let mut session = Session::build(config, pack, state, begin.clone());
        session.last_at = begin.at();
        for (i, line) in lines.iter().enumerate().skip(1) {
            let rec = Record::parse(i + 1, line)?;
            session
                .state
                .apply(&rec)
                .map_err(|why| ResumeError::Replay {
                    line: i + 1,
                    why: session.pack.text(&why),
                })?;
            session.last_at = session.last_at.max(rec.at());
        }
        session.last_journaled = session.last_at;
        session.calls = CallTracker::new(session.calls.policy.clone());
        seed_calls(&mut session.calls, &session.state, session.last_at);
        session
            .state
            .set_guidelines_iii(session.config.guidelines_iii);
        match lines.last().map(|l| Record::parse(lines.len(), l)) {
            Some(Ok(Record::End { .. })) => session.ended_cleanly = true,
            Some(Ok(Record::Interrupted { signal, .. })) => {
                session.ended_cleanly = true;
                session.interrupted_by = Some(signal);
            }
            _ => {}
        }
        // A crash between a move and its automatic press: the press is still due, counted
        // from the move, so the mover's clock does not run through the opponent's thinking.
        if let (Some(delay), Some(side)) =
            (session.config.press_after_ms, session.state.unpressed())
        {
            if session.state.clock().is_some() && !session.state.is_over() {
                session.auto_press = Some((session.last_at + delay, side));
            }
        }
        // The VI player's side: the command line's when it gives one (journaled, and said
        // with the side until now), else the journal's.
        let journaled = record::journaled_side(lines);
        match (session.config.vi_side, journaled) {
            (None, side) => session.config.vi_side = side,
            (Some(side), before) if before != Some(side) => {
                session.pending_side = Some((side, before));
            }
            _ => {}
        }
        session.engine = record::journaled_engine(lines);
        session.begun = true;
        session.resumed = true;
        Ok(session)
    }

    /// Tells the session the wall-clock time (Unix milliseconds) at the front end's `now`.
    /// Read once per run: it is journaled with the first event, so a later resume with
    /// [`Downtime::Running`] can charge the time vichess was down; the game's own time stays
    /// on the monotonic timeline.
    pub fn anchor_wall_clock(&mut self, now: Stamp, unix_ms: u64) {
        self.wall = Some((now, unix_ms));
    }

    /// Names a PGN tag of the game (White, Black, Event, Site, Round). Journaled with the
    /// next event, so a resumed game keeps it; an empty value is ignored.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        let value = value.trim();
        if !value.is_empty() {
            self.pending_tags
                .push((name.to_string(), value.to_string()));
        }
    }

    /// The engine seat plays `side` (`None`: nobody, or an engine that gave up, whose
    /// moves the player types). Not journaled: the host sets it again on each start.
    pub fn set_computer(&mut self, side: Option<Color>) {
        self.computer = side;
    }

    /// Journals the game's language and voice pack (this session's pack) with the next
    /// event: a new game's setting, or a resumed game's changed by `--lang` or `--voice`,
    /// so a resume and the report speak the game's language (issue 24, item 8).
    pub fn journal_language(&mut self) {
        self.pending_language = true;
    }

    /// The engine seat of this game (issue 27): journaled with the next event when it is
    /// new or differs from the journal's, so a resume and the report know it.
    pub fn set_engine(&mut self, spec: crate::engine::EngineSpec) {
        if self.engine.as_ref() != Some(&spec) {
            self.pending_engine = true;
        }
        self.engine = Some(spec);
    }

    /// The engine seat, given or journaled.
    pub fn engine(&self) -> Option<&crate::engine::EngineSpec> {
        self.engine.as_ref()
    }

    /// Whether the engine may help the player (`hint`, `eval`, `threats`, a take-back
    /// without asking); else the words that say why not. Help is for practice: never in a
    /// tournament game, which the arbiter's settings of the game name by its event or round
    /// (`--event`, `--round`, `[game]`), nor once an arbiter has acted in it.
    pub fn engine_helps(&self) -> Result<(), Word> {
        let Some(spec) = &self.engine else {
            return Err(Word::EngineHelpOff);
        };
        if self.rated() {
            return Err(Word::EngineHelpRated);
        }
        match spec.helps {
            true => Ok(()),
            // A practice game whose help was switched off: that is the reason, not that help
            // is for practice games (a play-through, `--no-help`).
            false => Err(Word::EngineHelpSwitchedOff),
        }
    }

    /// A game under an arbiter: it names an event or a round, or an arbiter's command is in
    /// its record.
    fn rated(&self) -> bool {
        let named = self
            .pending_tags
            .iter()
            .chain(self.state.tags())
            .any(|(n, v)| (n == "Event" || n == "Round") && !v.trim().is_empty() && v != "?");
        named || self.state.arbiter_acted()
    }

    /// The game as it stands.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The game's current position.
    pub fn position(&self) -> &Position {
        self.state.game().position()
    }

    /// The side the visually impaired player plays, when it was given (`--side`, or a
    /// resumed game's journaled side): whose touches bind and whose unnamed offers and
    /// claims are.
    pub fn vi_side(&self) -> Option<Color> {
        self.config.vi_side
    }

    /// The voice pack whose words the game speaks.
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// The session time of the last event handled (the clock's time scale, which after a
    /// resume differs from the adapter's timestamps).
    pub fn last_time(&self) -> u64 {
        self.last_at
    }

    /// The session time for the caller's `now`, as the next event would see it.
    pub fn session_time_at(&self, now: Stamp) -> u64 {
        ((now.as_millis() as i64 + self.shift).max(0) as u64).max(self.last_at)
    }

    /// Whether the journal this session was resumed from ended with a clean stop.
    pub fn resumed_from_clean_stop(&self) -> bool {
        self.ended_cleanly
    }

    /// The opening line of a new game (issue 11, finding 12): who plays which colour, the
    /// time control, whose move, and how to get help, in the game's language. The names are
    /// the PGN tags given, so this is asked for after [`Session::set_tag`].
    pub fn greeting(&self) -> String {
        self.greeting_with(true)
    }

    /// [`Session::greeting`]; `engine` false leaves out who the engine plays, for a game
    /// whose engine has already said so with its name. An engine that is not playing (its
    /// program was not found) is never named: its side's moves are typed.
    pub fn greeting_with(&self, engine: bool) -> String {
        let tag = |name: &str| {
            self.pending_tags
                .iter()
                .chain(self.state.tags())
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let text = |p: &[Token]| self.pack.text(p);
        let mut parts = Vec::new();
        for side in [Color::White, Color::Black] {
            let name = tag(if side == Color::White {
                "White"
            } else {
                "Black"
            });
            if let Some(name) = name {
                parts.push(format!(
                    "{}{} {name}",
                    text(&[Token::Side(side)]),
                    self.pack.colon()
                ));
            }
        }
        if let Some(side) = self.config.vi_side {
            parts.push(text(&[
                Token::Word(Word::YourColour),
                grammar::COLON,
                Token::Side(side),
            ]));
        }
        let control = match self.state.clock() {
            None => vec![Token::Word(Word::Untimed)],
            Some(clock) => {
                let mut p = vec![Token::Word(Word::TimeControl), grammar::COLON];
                p.extend(crate::phrase::control::control_phrase(
                    clock.control(),
                    self.pack.grammar(),
                ));
                p
            }
        };
        if let Some(spec) = self
            .engine
            .as_ref()
            .filter(|_| engine && self.computer.is_some())
        {
            // Who the engine plays and how strongly, before the first move (issue 27).
            parts.push(format!(
                "{}{} {}, {}",
                text(&[Token::Word(Word::EngineReady)]),
                self.pack.colon(),
                text(&[Token::Side(spec.side)]),
                crate::engine::words::strength_text(&self.pack, spec.strength)
            ));
        }
        parts.push(text(&control));
        // The clock waits for `start` or the first move (a player who thinks first, or asks
        // for help, is not charged): said, so nobody takes it for running.
        let waiting = matches!(
            self.state.clock().map(|c| c.state()),
            Some(crate::rules::clock::ClockState::NotStarted)
        );
        if waiting {
            parts.push(text(&[Token::Word(Word::ClockStartsWith)]));
        }
        let rules = rules_phrase(self.config.arbiter_present, self.config.supervision);
        if !rules.is_empty() {
            parts.push(text(&rules));
        }
        parts.push(text(&self.to_move_phrase()));
        parts.push(text(&[Token::Word(Word::SayHelp)]));
        parts.join("; ")
    }

    /// The first journal line of this game.
    pub fn begin_record(&self) -> String {
        self.begin.to_string()
    }

    /// The game as PGN, with `[%clk]` after each completed move and the result if it ended.
    pub fn pgn(&self) -> String {
        let mut pgn = PgnGame::from_game(self.state.game());
        for (m, clk) in pgn.main.moves.iter_mut().zip(self.state.clk()) {
            if let Some(ms) = clk {
                let text = format!("[%clk {}]", format_duration(Duration::from_millis(*ms)));
                m.comments.push(Comment::new(text));
            }
        }
        if let Some(e) = self.state.ending() {
            pgn.result = GameResult::from_pgn(e.score);
        }
        if let Some(control) = self.state.time_control_tag() {
            pgn.set_tag("TimeControl", control);
        }
        if let Some(unix_ms) = self.state.began_unix_ms() {
            pgn.set_tag("Date", time::UtcTime::from_unix_ms(unix_ms).pgn_date());
        }
        for (name, value) in self.state.tags() {
            pgn.set_tag(name, value.clone());
        }
        pgn_end::mark_arbiter_acts(&mut pgn, &self.state, &self.pack);
        finish_pgn(&mut pgn, &self.state, &self.pack);
        crate::pgn::write_game(&pgn)
    }

    /// Session time for an adapter timestamp: never earlier than the last record. The first
    /// call fixes the offset: a new game's time is the adapter's; a resumed game continues
    /// from its last record (or, with [`Downtime::Running`], from the last wall-clock anchor
    /// plus the wall time since).
    fn session_time(&mut self, now: Stamp) -> u64 {
        if !self.shift_set {
            self.shift_set = true;
            let now_ms = now.as_millis() as i64;
            if self.resumed {
                let target = match (self.config.downtime, self.state.anchor(), self.wall) {
                    (Downtime::Running, Some((at, unix)), Some((stamp, wall))) => {
                        let wall_now = wall + now.since(stamp);
                        at + wall_now.saturating_sub(unix)
                    }
                    _ => self.last_at,
                };
                self.shift = target.max(self.last_at) as i64 - now_ms;
            }
        }
        let t = self.session_time_at(now);
        self.last_at = t;
        t
    }

    /// Handles one event at the caller's monotonic time `now`.
    pub fn handle(&mut self, event: Event, now: Stamp) -> Vec<Effect> {
        let at = self.start_event(now);
        let mut event = event;
        if let Event::Line(line) = &event {
            self.misunderstood_before = std::mem::take(&mut self.misunderstood);
            if let Some(offered) = self.offered_line.take().filter(|_| self.pending.is_none()) {
                if self.is_yes(line) {
                    event = Event::Line(offered);
                } else if command::is_no(line) {
                    self.out
                        .refuse(&self.pack, vec![Token::Word(Word::Cancelled)]);
                    return self.out.take();
                }
            }
        }
        match event {
            Event::Line(line) if self.answer(Some(&line), at) => {}
            Event::Line(line) if self.confirm_line(&line, at) => {}
            Event::Line(line) if self.promotion_answer(&line) => {}
            Event::Line(line) if self.typed_promotion_answer(&line, at) => {}
            Event::Line(line) if self.typed_choice_answer(&line, at) => {}
            Event::Line(line) => match command::parse(&line) {
                Ok(Some(cmd)) => self.command(cmd, at),
                Ok(None) => {}
                Err(e) => self.command_error(e),
            },
            Event::Command(cmd) => {
                // A front end's quit or interruption is no answer to a take-back request:
                // it stays open for the resume (a pending question of any other kind is
                // cancelled, said).
                let leaving = matches!(cmd, Command::Quit | Command::Interrupted(_));
                let request = matches!(self.pending, Some(confirm::Confirm::TakebackAnswer(_)));
                if !(leaving && request) {
                    self.answer(None, at);
                }
                self.command(cmd, at)
            }
            Event::Input(input) => {
                self.answer(None, at);
                self.button(input, at)
            }
            Event::Tracker { board, event } => self.tracker(board, event, at),
        }
        self.out.take()
    }

    /// Lets time pass to `now`: the automatic press, flag falls and time calls due by then.
    /// Call it at [`Session::poll_timeout`] (calling it earlier or more often does no harm).
    pub fn handle_timeout(&mut self, now: Stamp) -> Vec<Effect> {
        let at = self.start_event(now);
        self.tick(at);
        self.out.take()
    }

    /// What every event starts with: the session time, and on the very first event the
    /// game's opening records (or, after a resume, where the game stands).
    fn start_event(&mut self, now: Stamp) -> u64 {
        let at = self.session_time(now);
        let mut opening = false;
        if !self.begun {
            self.begun = true;
            if let Record::Begin { at: t, .. } = &mut self.begin {
                *t = at;
            }
            self.out.push(Effect::Journal(self.begin.to_string()));
            // The event's supervision, when not the usual one, is part of the game from
            // its start (issue 24, item 5): a resume and the report read it from here.
            let (arbiter_present, supervision) =
                (self.config.arbiter_present, self.config.supervision);
            if !arbiter_present || supervision != Supervision::Adequate {
                self.commit(Record::Rules {
                    at,
                    arbiter_present,
                    supervision,
                });
            }
            // The VI player's side, so a resume without `--side` keeps it.
            if let Some(side) = self.config.vi_side {
                self.commit(Record::Side { at, side });
            }
            opening = true;
        }
        if let Some((stamp, unix)) = self.wall.take() {
            let unix_ms = unix + now.since(stamp);
            self.commit(Record::Anchor { at, unix_ms });
        }
        for (name, value) in std::mem::take(&mut self.pending_tags) {
            self.commit(Record::Tag { at, name, value });
        }
        if std::mem::take(&mut self.pending_engine) {
            if let Some(spec) = self.engine.clone() {
                self.commit(Record::Engine { at, spec });
            }
        }
        if std::mem::take(&mut self.pending_language) {
            self.commit(Record::Language {
                at,
                code: self.pack.language().code().to_string(),
                pack: self.pack.name().to_string(),
            });
        }
        if opening {
            // Set up in a position that is already over: said at once, as after the move
            // that ends a game (the ending, the result, the game saved, with the date and
            // tags just recorded), not left to be found out from a refused move. A resumed
            // game says where it stands instead.
            if let Some(ending) = self.state.ending().cloned() {
                let phrase = ending.phrase.clone();
                self.announce(state::Happening::Ended { ending, phrase }, at);
            }
        }
        let side_until_now = self.pending_side.take().map(|(side, before)| {
            self.commit(Record::Side { at, side });
            before
        });
        if self.resumed {
            self.resumed = false;
            let text = self.pack.text(&[Token::Word(Word::GameResumed)]);
            self.out.print(&text);
            if let Some(signal) = &self.interrupted_by {
                // Stopped by a signal, the game saved: no crash, and said so.
                let phrase = vec![Token::Word(Word::GameInterrupted)];
                let why = interruption_words(&self.pack, signal);
                let text = format!("{} ({why})", self.pack.text(&phrase));
                self.out.say_as(Audience::Player, phrase, &text);
            } else if !self.ended_cleanly {
                let text = self.pack.text(&[Token::Word(Word::JournalUnclean)]);
                self.out.print(&text);
            }
            if let Some(rate) = self.state.speech_rate() {
                self.out.push(Effect::SpeechRate(rate));
            }
            self.say_vi_side(side_until_now.flatten());
            let told_turn = self.summary();
            if self.state.envelope().is_some() {
                self.out.say(
                    &self.pack,
                    Audience::Player,
                    vec![Token::Word(Word::OpenWith)],
                );
            }
            self.stop_clocks_after_downtime(at);
            // The times, which a player coming back asks for first (D.2.5: the clock tells
            // them): said at once, not only on "zeit".
            if self.state.clock().is_some() && !self.state.is_over() {
                self.say_time(at);
            }
            self.say_still_open(told_turn);
            // A take-back request left unanswered by the crash is put to the opponent again,
            // last: the next "yes" answers the line heard last, not a draw offer said after it.
            if let Some(by) = self.state.takeback_request() {
                if !self.state.is_over() || self.state.ended_by_move() == Some(by) {
                    self.put(confirm::Confirm::TakebackAnswer(!by));
                }
            }
        }
        at
    }

    /// A resumed game's VI side, so the player knows the game still takes them for that
    /// side; a side changed by `--side` is said with the one it replaces.
    fn say_vi_side(&mut self, before: Option<Color>) {
        let Some(side) = self.config.vi_side else {
            return;
        };
        let mut phrase = vec![
            Token::Word(Word::YourColour),
            grammar::COLON,
            Token::Side(side),
        ];
        if let Some(before) = before {
            phrase.extend([
                grammar::COMMA,
                Token::Word(Word::LanguageUntilNow),
                grammar::COLON,
                Token::Side(before),
            ]);
        }
        self.out.say(&self.pack, Audience::Player, phrase);
    }

    /// [`Downtime::Paused`]: the clock that was running when vichess stopped stays stopped
    /// until a player moves or presses, or `pause` starts it again (the config's
    /// `resume_clock = "paused"`).
    fn stop_clocks_after_downtime(&mut self, at: u64) {
        use crate::rules::clock::ClockState;
        if self.config.downtime != Downtime::Paused || self.state.is_over() {
            return;
        }
        // A crash between a move and its automatic press (issue 24, item 20): the press
        // completes the move now, at once, and the clocks then stop like any other, so the
        // opponent's clock does not start running the moment vichess is back.
        let pending_press = self.auto_press.take();
        let stopped = match self.state.clock().map(|c| c.state()) {
            Some(ClockState::Running(_)) => {
                if let Some((_, side)) = pending_press {
                    if self.state.unpressed() == Some(side) {
                        self.commit(Record::Press {
                            at,
                            side,
                            implied: false,
                        });
                    }
                }
                self.commit(Record::Pause { at, stopped: true })
            }
            // Stopped already (vichess went down again before play went on): the same; the
            // next move completes a move still unpressed.
            Some(ClockState::Stopped { .. }) => true,
            _ => {
                self.auto_press = pending_press;
                false
            }
        };
        if stopped {
            self.restart_on_play = true;
            // The engine on move starts them when it starts thinking, and says so
            // (`engine_thinks`): "they stay stopped" would be untrue a moment later.
            let engine_next =
                self.computer == Some(self.position().turn()) && self.state.unpressed().is_none();
            if !engine_next {
                self.out.say(
                    &self.pack,
                    Audience::Player,
                    vec![Token::Word(Word::ClocksStayStopped)],
                );
            }
        }
    }

    /// The first move or press after a resume starts the clocks stopped for the downtime.
    /// Whether it started them.
    pub(super) fn restart_clocks_if_resumed(&mut self, at: u64) -> bool {
        if std::mem::take(&mut self.restart_on_play) {
            let stopped = matches!(
                self.state.clock().map(|c| c.state()),
                Some(crate::rules::clock::ClockState::Stopped { .. })
            );
            if stopped {
                return self.commit(Record::Pause { at, stopped: false });
            }
        }
        false
    }

    /// Journals `rec` and announces what it did, or refuses it leaving everything as it was.
    fn commit(&mut self, rec: Record) -> bool {
        let mut next = self.state.clone();
        match next.apply(&rec) {
            Err(why) => {
                self.out.refuse(&self.pack, why);
                false
            }
            Ok(happenings) => {
                // A result saved in the game's file (not an adjournment's "*").
                let decided = self.state.ending().is_some_and(|e| e.score != "*");
                self.state = next;
                self.last_journaled = rec.at();
                self.out.push(Effect::Journal(rec.to_string()));
                // Two moves taken back at once (a take-back against the engine) are each
                // named, but the arbiter's line on the clocks (7.1) is said once, after both.
                let last_pressed = happenings.iter().rposition(|h| {
                    matches!(
                        h,
                        Happening::TakenBack {
                            completed: true,
                            ..
                        }
                    )
                });
                for (i, mut h) in happenings.into_iter().enumerate() {
                    if let Happening::TakenBack { completed, .. } = &mut h {
                        *completed &= Some(i) == last_pressed;
                    }
                    self.announce(h, rec.at());
                }
                if decided && !self.state.is_over() {
                    // The result was undone or withdrawn: the file must not keep it.
                    self.save_game();
                }
                true
            }
        }
    }
}

/// The state a journal begins with: its start position and clock, read from its first line.
fn begin_state(
    clock_config: crate::rules::clock::ClockConfig,
    lines: &[String],
) -> Result<(State, Record), ResumeError> {
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
            clock_config,
        )),
        None => None,
    };
    let mut state = State::new(start, clock);
    // A journaled III.5 claim was allowed when it was made; replaying it must not depend on
    // today's configuration. The session sets the configured value after the replay.
    state.set_guidelines_iii(true);
    Ok((state, begin))
}

/// One journal record and what it did.
pub type JournalStep = (Record, Vec<Happening>);

/// Every record of a journal with what it did, in order, through the same
/// [`State::apply`] a resume uses: the arbiter's report reads a game this way, so it can
/// never tell a story the session would not.
pub fn replay_journal(
    clock_config: crate::rules::clock::ClockConfig,
    pack: &Pack,
    lines: &[String],
) -> Result<(State, Vec<JournalStep>), ResumeError> {
    let (mut state, begin) = begin_state(clock_config, lines)?;
    let mut steps = vec![(begin, Vec::new())];
    for (i, line) in lines.iter().enumerate().skip(1) {
        let rec = Record::parse(i + 1, line)?;
        let happened = state.apply(&rec).map_err(|why| ResumeError::Replay {
            line: i + 1,
            why: pack.text(&why),
        })?;
        steps.push((rec, happened));
    }
    Ok((state, steps))
}

/// Gives the time-call tracker each side's time at `at` as its starting point.
fn seed_calls(calls: &mut CallTracker, state: &State, at: u64) {
    if let Some(clock) = state.clock() {
        let start = clock.control().period(0).time;
        for side in [crate::rules::Color::White, crate::rules::Color::Black] {
            calls.seed(side, clock.remaining(side, at), start);
        }
    }
}
