//! One game host for every front end (issue 25): everything a game needs around the driver
//! ([`Table`]) that is not drawing or reading keys. The game lock, the journal with its
//! full-disk hold-back and retry, PGN and braille saves, the boards and their device news,
//! gamepads, the voice with its routing and screen-reader mode, the braille line, the greeting
//! and first-run lines, resume: all here, once. `vichess play` is a loop that feeds typed lines
//! in and prints what comes out; `vichess window` is another that feeds clicks and draws the
//! [`View`]. Whatever the front end, the same inputs give the same journal.
//!
//! The host is driven, not a thread of its own: [`Host::turn`] waits for the next input or the
//! table's next deadline, whichever comes first, and carries out every output in order
//! (journal lines appended and fsync'd first, then the printed lines, the speech and the
//! rumble). Time is monotonic ([`MonotonicClock`]); the wall clock is read once.

pub mod board_clock;
pub mod boards;
mod braille_line;
pub mod clock_display;
pub mod clock_source;
mod engine;
pub mod interrupt;
mod leds;
mod listening;
mod lock;
mod open;
pub mod pads;
mod record;
mod review;
pub mod speakers;
mod unfinished;
mod view;
mod voice;
pub mod words;
pub use words::control_unreadable_line;

pub use boards::{BoardSpec, SimAnswer};
pub use braille_line::socket_path as braille_socket_path;
pub use engine::{find_program, EngineNews, EngineSpec, Fault};
pub use record::save_file;
pub use review::{review_game, REVIEW_DEPTH};
pub use view::{BoardView, View};
pub use words::pack_not_found_line;

use crate::board::link::LinkEvent;
use crate::config::LanguageSource;
use crate::io_words::{anyhow_words, io_reason};
use crate::journal;
use crate::journal::error_words as journal_error_words;
use crate::phrase::token::{Token, Word};
use crate::rules::{Color, Position};
use crate::session::{
    configured_pack, Audience, BoardRole, Command, Input, MonotonicClock, Output, SessionConfig,
    Table,
};
use crate::text::Escaped;
use crate::voice::Pack;
use anyhow::{anyhow, Context};
use boards::{Connected, Heard};
use lock::GameLock;
use pads::PadNews;
use record::{Carried, GameRecord};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use voice::Voice;
use words::*;

/// How a game is opened: what `vichess play` and `vichess window` take on their command lines.
#[derive(Debug, Clone, Default)]
pub struct GameSettings {
    /// The start position of a new game (ignored on resume).
    pub start: Position,
    /// A configuration file on top of the defaults and the user's file.
    pub config: Option<PathBuf>,
    /// The VI player's board.
    pub board: BoardSpec,
    /// The sighted player's board (D.1).
    pub second_board: Option<BoardSpec>,
    /// The VI player's side.
    pub side: Option<Color>,
    /// The time control as typed ("90m+30s", "none").
    pub control: Option<String>,
    /// The voice pack's name.
    pub voice: Option<String>,
    /// The game's language code as typed.
    pub lang: Option<String>,
    /// Print only; no sound.
    pub no_audio: bool,
    /// Where the game's journal and PGN are kept.
    pub game_dir: Option<PathBuf>,
    /// Continue the game last started in the game folder.
    pub resume: bool,
    /// With `resume`: this journal (a file name in the game folder, or a path) rather than
    /// the game last started, so that any unfinished game can be taken up again.
    pub resume_game: Option<String>,
    /// With `resume`: open a finished game too (for the arbiter).
    pub resume_finished: bool,
    /// White's name, for the PGN and the game's file name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// The event (tournament).
    pub event: Option<String>,
    /// Where it is played.
    pub site: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// Press the clock this many milliseconds after announcing a move.
    pub auto_press: Option<u64>,
    /// No arbiter at hand (Guidelines III.6).
    pub no_arbiter: bool,
    /// "adequate" or "inadequate" supervision of rapid and blitz (A.5/B.3).
    pub supervision: Option<String>,
    /// A braille display's BrlAPI socket ("" for the default one).
    pub braille_display: Option<PathBuf>,
    /// A chess engine plays one side (issue 27): `--engine` and its flags, whole.
    pub engine: Option<EngineSpec>,
    /// The engine's flags given without `--engine`: changes to the configured engine (or a
    /// resumed game's journaled one), refused only when there is no engine at all.
    pub engine_flags: EngineFlags,
    /// A value of the command line that could not be read: refused by [`Host::open`] in the
    /// game's language, before anything is begun.
    pub bad_value: Option<BadValue>,
    /// `--fen` as typed and why it is no position: refused like [`GameSettings::bad_value`].
    pub bad_fen: Option<(String, crate::rules::FenError)>,
}

/// The command line's engine flags without `--engine`, each laid over the engine the
/// configuration (or a resumed game's journal) names: `--level 5` alone plays the configured
/// engine at level 5.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EngineFlags {
    /// `--engine-side`, else the side `--side` does not name.
    pub side: Option<Color>,
    /// `--level` or `--elo`.
    pub strength: Option<crate::engine::level::Strength>,
    /// `--think`.
    pub think_ms: Option<u64>,
    /// `--no-help`.
    pub no_help: bool,
    /// The first engine flag given and its value as typed, refused when there is no engine.
    pub first: Option<(&'static str, String)>,
}

impl EngineFlags {
    /// `spec` with every flag given laid over it.
    pub fn over(&self, mut spec: EngineSpec) -> EngineSpec {
        spec.side = self.side.unwrap_or(spec.side);
        spec.strength = self.strength.unwrap_or(spec.strength);
        spec.think_ms = self.think_ms.or(spec.think_ms);
        spec.helps &= !self.no_help;
        spec
    }
}

/// A command-line value read only once the game's language is known, so that a bad one is
/// refused in the game's words ("--level 9: die Stufe ist 1 bis 8"), as `--control` is,
/// rather than by the argument parser in English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadValue {
    /// The flag, as typed on the command line ("--level").
    pub flag: &'static str,
    /// The value as typed.
    pub value: String,
    /// What the value must be.
    pub want: Wanted,
}

/// What a [`BadValue`] must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    /// A level from 1 to 8.
    Level,
    /// A rating from 500 to 3500.
    Elo,
    /// `white` or `black`.
    Side,
    /// A number of milliseconds.
    Think,
    /// Given only with `--engine`.
    Engine,
    /// `--elo` given with `--level`.
    LevelOrElo,
}

/// Everything that reaches the game, in the order it happened.
pub enum Arrival {
    /// A typed line, or a front end's action said as the line that does it (a click on e2 then
    /// e4 arrives as "e2e4", the clock button as "press"): one path, one journal.
    Line(String),
    /// Something a front end had to repair in a line, to be said.
    Notice(String),
    /// A board's reading or news.
    Board(Heard),
    /// A gamepad's, pedal's or key's command, or news of the pads.
    Pad(PadNews),
    /// A signal or a line editor's Ctrl-C ([`interrupt`]): leave as `quit` does.
    Interrupted(String),
    /// The engine seat's news: its move, its help, or a fault.
    Engine(EngineNews),
    /// What a recogniser heard in one utterance (issue 28, `play --listen`): taken like a
    /// typed line when it is sure, asked about when two readings are close.
    Heard(crate::listen::Hearing),
    /// The microphone opens (`open`) or closed: the player hears a cue and the screen gets a
    /// line. `heard` is told when the open cue has been heard, and dropped at once where no
    /// cue sounds: the recording starts then.
    Talking {
        /// Opens (`true`) or closed.
        open: bool,
        /// Told when the cue has been heard.
        heard: Option<Sender<()>>,
    },
}

impl From<Heard> for Arrival {
    fn from(h: Heard) -> Arrival {
        Arrival::Board(h)
    }
}

impl From<PadNews> for Arrival {
    fn from(p: PadNews) -> Arrival {
        Arrival::Pad(p)
    }
}

/// What one [`Host::turn`] came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// The game goes on; `line` when a typed line was handled (a line editor may take the
    /// terminal again).
    Going {
        /// A typed line was handled.
        line: bool,
    },
    /// The game's program ends, with this exit status (1: records left unwritten).
    Ended {
        /// The program's exit status.
        status: u8,
    },
}

/// Why a game could not start or had to stop, with the words to say it in.
pub struct Stopped {
    /// The reason, already in the game's language where vichess has the words.
    pub error: anyhow::Error,
    /// The game's pack once known (else the language asked for, else none).
    pub words: Option<Pack>,
    /// `false` once the configuration says a screen reader speaks for vichess.
    pub speaks: bool,
}

impl Stopped {
    /// The line that is printed and said: the pack's lead-in, then the reason.
    pub fn line(&self) -> String {
        fatal_line(self.words.as_ref(), &self.error)
    }

    /// Says [`Stopped::line`] through system speech unless a screen reader speaks (or `quiet`),
    /// waiting a few seconds at most: a blind player must not be left wondering why nothing
    /// answers.
    pub fn say(&self, quiet: bool) {
        if quiet || !self.speaks {
            return;
        }
        let language = self
            .words
            .as_ref()
            .map_or(crate::phrase::Language::En, Pack::language);
        say_fatal(&self.line(), language);
    }
}

impl std::fmt::Debug for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}", self.error)
    }
}

/// One game, its record, its devices and its voice.
pub struct Host {
    pack: Pack,
    table: Table,
    record: GameRecord,
    boards: Vec<Connected>,
    cues: Option<Sender<crate::input::SessionCue>>,
    voice: Voice,
    out: Escaped<braille_line::Tee<Box<dyn Write>>>,
    clock: MonotonicClock,
    pgn_path: PathBuf,
    /// Sensor readings that came while the journal could not be written, played after.
    deferred: Vec<(BoardRole, crate::board::SensorEvent)>,
    /// Voice input: an open question between two readings, a heard move awaiting the board.
    listening: listening::Listening,
    /// The first turn handles no input: a new game's opening records are written and a
    /// resumed game says where it stands at once, not at the first key.
    first: bool,
    rx: Receiver<Arrival>,
    tx: Sender<Arrival>,
    resumed: bool,
    /// A new game's folder and the game its `current-game` named before this one took it
    /// over: a game left before its first move gives the name back, so "resume" continues
    /// the game the player was playing, not one opened and left at once.
    replaced_current: Option<(PathBuf, String)>,
    /// The engine playing one side, if one does.
    engine: Option<engine::Seat>,
    /// `[clock] source = "board"`: the physical clock's lever is the press.
    lever: Option<clock_source::Lever>,
    /// `[clock] source = "board"`: the physical clock's times, its drift, its silence.
    board_clock: Option<board_clock::BoardClock>,
    /// `[clock] source = "vichess"`: vichess's times on a DGT 3000's display.
    display: Option<clock_display::ClockDisplay>,
    _lock: GameLock,
}

/// The language a game's refusals are in before its configuration is read: the one named
/// on the command line, else the one the configuration names even if it has errors, else
/// the locale's, else German. A front end refusing to start says it in this one too.
pub fn start_up_language(settings: &GameSettings) -> crate::phrase::Language {
    settings
        .lang
        .as_deref()
        .and_then(crate::phrase::Language::from_code)
        .unwrap_or_else(|| {
            crate::config::start_up_language(settings.config.as_deref(), |name| {
                std::env::var(name).ok()
            })
        })
}

/// How often a failing journal is tried again.
const RETRY_MS: u64 = 5_000;

impl Host {
    /// Opens the game `settings` describe, printing (to `screen`) and saying what the player
    /// must hear before the first move: notes about the record, the greeting, the first-run
    /// lines. A reason it cannot is said in the language asked for.
    pub fn open(settings: GameSettings, screen: Box<dyn Write>) -> Result<Host, Box<Stopped>> {
        // Until the configuration is read, `start_up_language`; then the game's own pack as
        // soon as it is known.
        let language = start_up_language(&settings);
        let mut words = Pack::builtin(crate::session::language_pack(language)).ok();
        let mut speaks = true;
        Host::open_in(settings, screen, &mut words, &mut speaks).map_err(|error| {
            Box::new(Stopped {
                error,
                words,
                speaks,
            })
        })
    }

    /// The game's voice pack: its words are the game's language.
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// Where a front end sends its input; boards, pads and signals send theirs here too.
    pub fn inputs(&self) -> Sender<Arrival> {
        self.tx.clone()
    }

    /// The game as it stands now.
    pub fn view(&self) -> View {
        View::of(&self.table, self.clock.now())
    }

    /// Where `quit` saves the game's PGN (beside its journal): the window's Save writes
    /// there, so a player with only a mouse need not name a file.
    pub fn pgn_path(&self) -> &std::path::Path {
        &self.pgn_path
    }

    /// Whether this run resumed a journaled game.
    pub fn resumed(&self) -> bool {
        self.resumed
    }

    /// Why the host stopped, in its words.
    pub fn stopped(&self, error: anyhow::Error) -> Stopped {
        Stopped {
            error,
            words: Some(self.pack.clone()),
            speaks: self.voice.speaks(),
        }
    }

    /// Waits for the next input or deadline and carries out what it sets off.
    pub fn turn(&mut self) -> anyhow::Result<Turn> {
        let due = match self.record.is_failing() {
            _ if std::mem::take(&mut self.first) => Some(self.clock.now()),
            true => Some(self.clock.now().after(RETRY_MS)),
            false => {
                let clock = self.board_clock.as_ref().and_then(|c| c.deadline());
                // The last move's text on the DGT 3000 gives way to the times in time.
                let text = self.display.as_ref().and_then(|d| d.deadline());
                let clock = match (clock, text.map(crate::session::Stamp::from_millis)) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                match (self.table.poll_timeout(), clock) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                }
            }
        };
        let arrival = match due {
            Some(due) => match self.rx.recv_timeout(self.clock.until(due)) {
                Ok(a) => Some(a),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Arrival::Line("quit".into())),
            },
            None => Some(self.rx.recv().unwrap_or(Arrival::Line("quit".into()))),
        };
        self.take(arrival)
    }

    /// Carries out `arrival` (`None`: a deadline passed) and all it sets off.
    pub fn take(&mut self, arrival: Option<Arrival>) -> anyhow::Result<Turn> {
        let now = self.clock.now();
        let line = matches!(arrival, Some(Arrival::Line(_)));
        if self.record.is_failing() {
            match self.record.retry() {
                Ok(held) => {
                    let where_ = self.record.path().display().to_string();
                    let text = line_in(&self.pack, Word::JournalWrittenAgain, &where_);
                    self.tell(&text)?;
                    for o in held {
                        if self.carry_out(o)? {
                            return Ok(self.finish());
                        }
                    }
                    for (board, event) in self.deferred.drain(..) {
                        self.table.handle(Input::Sensor { board, event }, now);
                    }
                }
                Err(why) => {
                    let refused = match &arrival {
                        Some(Arrival::Line(l)) if l.trim() == "quit" => {
                            return self.leave_unwritten();
                        }
                        Some(Arrival::Interrupted(_)) => return self.leave_unwritten(),
                        Some(Arrival::Engine(_)) => {
                            // Not taken: the engine is asked again once the journal works.
                            if let Some(seat) = self.engine.as_mut() {
                                seat.forget();
                            }
                            None
                        }
                        Some(Arrival::Line(l)) => Some(l.clone()),
                        Some(Arrival::Pad(PadNews::Command(c))) => {
                            Some(button_line(&self.pack, *c))
                        }
                        Some(Arrival::Heard(h)) => h.guesses.first().map(|g| g.phrase.clone()),
                        Some(Arrival::Board(Heard {
                            role,
                            event: LinkEvent::Sensor(e),
                        })) => {
                            self.deferred.push((*role, *e));
                            None
                        }
                        _ => None,
                    };
                    if let Some(what) = refused {
                        let text = format!(
                            "{}{} {}",
                            crate::text::visible(&what),
                            self.pack.colon(),
                            line_in(
                                &self.pack,
                                Word::NotAcceptedJournal,
                                &io_reason(&self.pack, &why)
                            )
                        );
                        self.tell(&text)?;
                    }
                    self.out.flush()?;
                    return Ok(Turn::Going { line });
                }
            }
        }
        match arrival {
            None => self.table.handle_timeout(now),
            Some(Arrival::Line(text)) if self.typed_answer(&text, now)? => {}
            Some(Arrival::Line(text)) => match sim_words(&text) {
                // The simulated hands, not the game: `sim e4` plays e4 on the pegboard.
                Some(mv) => {
                    let mut answer = self.simulate(mv);
                    // `sim` alone or `sim help`: how to use it, where there are hands.
                    if (mv.is_empty() || is_help_word(mv))
                        && !matches!(answer, boards::SimAnswer::NoBoard)
                    {
                        answer = boards::SimAnswer::Usage;
                    }
                    writeln!(self.out, "{}", sim_line(&self.pack, answer))?;
                }
                None => self.table.handle(Input::Line(text), now),
            },
            Some(Arrival::Heard(hearing)) => self.heard(hearing, now)?,
            Some(Arrival::Talking { open, heard }) => self.talking(open, heard)?,
            Some(Arrival::Engine(news)) => self.engine_news(news, now)?,
            Some(Arrival::Board(Heard { role, event })) => {
                let plies = self.table.session().state().game().ply_count();
                self.board_event(role, event, now)?;
                self.board_moved(plies, now)?;
            }
            Some(Arrival::Pad(PadNews::Command(c))) if listening::is_talk(c) => {
                self.talk_pressed()?
            }
            Some(Arrival::Pad(PadNews::Command(c))) => self.table.handle(Input::Button(c), now),
            Some(Arrival::Interrupted(signal)) => self
                .table
                .handle(Input::Command(Command::Interrupted(signal)), now),
            Some(Arrival::Notice(n)) => self.tell(&crate::text::printable(&n))?,
            Some(Arrival::Pad(PadNews::Notice(n))) => {
                let text = crate::text::printable(&n.text(&self.pack));
                self.tell(&text)?;
            }
        }
        self.engine_answers(now);
        self.press_from_lever(now);
        self.board_clock_quiet(now)?;
        let mut quit = self.carry_outputs()?;
        leds::show(&self.table, &mut self.boards);
        self.drive_display(now);
        for n in self.voice.notices() {
            writeln!(self.out, "{n}")?;
        }
        if !quit {
            self.engine_withdrawn()?;
            self.engine_asks(now);
            // Asking the engine to move can start the clocks a resume left stopped, and says
            // so: now, not with whatever arrives next (a play-through heard it only when the
            // engine had moved).
            quit = self.carry_outputs()?;
        }
        self.out.flush()?;
        if quit {
            self.engine_unanswered()?;
            self.out.flush()?;
        }
        Ok(match quit {
            true => {
                self.give_back_current_game();
                self.finish()
            }
            false => Turn::Going { line },
        })
    }

    /// A lever press waiting for its move completes it once vichess has the move (and has
    /// announced it: the announcement is queued before the press).
    fn press_from_lever(&mut self, now: crate::session::Stamp) {
        let Some(lever) = &mut self.lever else {
            return;
        };
        if lever.waiting_since().is_some() && self.table.session().state().unpressed().is_none() {
            // The lever is the hand letting go: a man still settling is its move.
            self.table.settle(now);
        }
        let Some(lever) = &mut self.lever else {
            return;
        };
        if lever.waiting_since().is_some()
            && self.table.session().state().unpressed().is_some()
            && lever.take_press(now)
        {
            self.table.handle(Input::Command(Command::Press), now);
        }
    }

    /// The board's clock gone quiet: asked for a reading, then said to be gone.
    fn board_clock_quiet(&mut self, now: crate::session::Stamp) -> anyhow::Result<()> {
        let Some(news) = self.board_clock.as_mut().and_then(|c| c.poll(now)) else {
            return Ok(());
        };
        self.board_clock_news(news, now)
    }

    /// Carries out what the board's clock came to: one line when it goes and when it comes
    /// back, a note for the arbiter on a drift, a request when it is quiet.
    fn board_clock_news(
        &mut self,
        news: board_clock::ClockNews,
        now: crate::session::Stamp,
    ) -> anyhow::Result<()> {
        use board_clock::ClockNews;
        match news {
            ClockNews::Ask => {
                for b in &mut self.boards {
                    b.ask_clock();
                }
            }
            ClockNews::Silent => {
                self.table.set_board_times(None);
                let text = line_in(&self.pack, Word::BoardClockSilent, "");
                self.tell(&text)?;
            }
            ClockNews::Back => {
                let text = line_in(&self.pack, Word::BoardClockBack, "");
                self.tell(&text)?;
            }
            ClockNews::Drift {
                side,
                board_ms,
                model_ms,
            } => self.table.seat(now, |s, now| {
                ((), s.board_clock_drift(side, board_ms, model_ms, now))
            }),
        }
        Ok(())
    }

    /// `[clock] source = "vichess"`: the DGT 3000 is told vichess's times when they must
    /// change on its display.
    fn drive_display(&mut self, now: crate::session::Stamp) {
        let Some(display) = &mut self.display else {
            return;
        };
        let lang = crate::session::notation_lang(self.pack.language());
        let game = self.table.session().state().game();
        let reading = self.table.clock_reading(now);
        for cmd in display.update(reading, game, lang, now.as_millis()) {
            for b in &mut self.boards {
                b.clock(cmd);
            }
        }
    }

    /// The simulated pegboard's hands play `mv` (`sim e4`).
    fn simulate(&mut self, mv: &str) -> SimAnswer {
        let lang = crate::session::notation_lang(self.pack.language());
        let expected = self
            .table
            .tracker(BoardRole::Pegboard)
            .map(|t| t.expected().clone());
        match self
            .boards
            .iter_mut()
            .find(|b| b.role == BoardRole::Pegboard)
        {
            Some(b) => b.simulate_move(mv, expected.as_ref(), lang),
            None => SimAnswer::NoBoard,
        }
    }

    /// A board's news: readings go to the game; device news is for the people at the board,
    /// not for the record, in the game's language with what the device said in brackets.
    fn board_event(
        &mut self,
        role: BoardRole,
        event: LinkEvent,
        now: crate::session::Stamp,
    ) -> anyhow::Result<()> {
        let pack = &self.pack;
        let (word, detail) = match event {
            LinkEvent::Sensor(event) => {
                self.table.handle(Input::Sensor { board: role, event }, now);
                return Ok(());
            }
            LinkEvent::Connected { path } => {
                for b in self.boards.iter_mut().filter(|b| b.role == role) {
                    b.lights_unknown();
                }
                self.table.board_connected(role);
                let text = format!(
                    "{}{} {}",
                    board_name(pack, role),
                    pack.colon(),
                    line_in(pack, Word::BoardConnected, &path)
                );
                return self.tell(&text);
            }
            LinkEvent::Rereading => {
                self.table.board_awaits_reading(role);
                return Ok(());
            }
            LinkEvent::RereadGaveUp => {
                self.table.board_reading_given_up(role, now);
                let text = format!(
                    "{}{} {}",
                    board_name(pack, role),
                    pack.colon(),
                    line_in(pack, Word::BoardNotReadAgain, "")
                );
                return self.tell(&text);
            }
            LinkEvent::Disconnected { reason } => {
                // The reading awaited will not come on this connection.
                self.table.board_reading_given_up(role, now);
                let pack = &self.pack;
                let text = format!(
                    "{}{} {}",
                    board_name(pack, role),
                    pack.colon(),
                    line_in(pack, Word::BoardDisconnected, &reason.words(pack))
                );
                return self.tell(&text);
            }
            LinkEvent::Clock(t) => {
                if let Some(lever) = &mut self.lever {
                    lever.reading(&t, now);
                }
                if let Some(display) = self.display.as_mut().filter(|_| !t.no_clock && !t.all_zero)
                {
                    display.heard();
                }
                let model = self.table.clock_reading(now);
                let Some(clock) = &mut self.board_clock else {
                    return Ok(());
                };
                let news = clock.reading(&t, now, model);
                self.table.set_board_times(clock.times());
                for n in news {
                    self.board_clock_news(n, now)?;
                }
                return Ok(());
            }
            LinkEvent::ClockAck(_) => return Ok(()),
            LinkEvent::Resynchronised => (Word::BoardReadAgain, String::new()),
            LinkEvent::Info(info) => (Word::BoardSaysItIs, words::board_info(pack, &info)),
            LinkEvent::BoardError(s) => (Word::BoardReports, s),
            LinkEvent::Garbled(e) => (Word::BoardGarbled, e.to_string()),
            LinkEvent::ClockFailed(s) => (Word::BoardClockFailed, s),
        };
        let detail = crate::text::printable(&detail);
        writeln!(
            self.out,
            "{}{} {}",
            board_name(pack, role),
            pack.colon(),
            line_in(pack, word, &detail)
        )?;
        Ok(())
    }

    /// Carries out the table's outputs in order, each journal line on disk before what
    /// follows it is announced; `true` when one of them was quit.
    fn carry_outputs(&mut self) -> anyhow::Result<bool> {
        let mut quit = false;
        while let Some(output) = self.table.poll_output() {
            match self.record.carry(output) {
                Carried::Held => {}
                Carried::Failed(why) => {
                    // Nothing is announced that is not on disk: the rest waits.
                    let detail = format!(
                        "{}{} {}",
                        self.record.path().display(),
                        self.pack.colon(),
                        io_reason(&self.pack, &why)
                    );
                    let text = line_in(&self.pack, Word::JournalFailing, &detail);
                    self.tell(&text)?;
                }
                Carried::Now(o) => quit |= self.carry_out(o)?,
            }
        }
        Ok(quit)
    }

    /// Prints `text` and says it to the player.
    fn tell(&mut self, text: &str) -> anyhow::Result<()> {
        writeln!(self.out, "{text}")?;
        self.voice.say(Audience::Player, &[], text);
        Ok(())
    }

    /// Carries out one output that is not a journal line; `true` for quit.
    fn carry_out(&mut self, output: Output) -> anyhow::Result<bool> {
        match output {
            Output::Journal(_) => {}
            Output::Print(line) => writeln!(self.out, "{}", crate::text::printable(&line))?,
            Output::Say {
                audience,
                phrase,
                text,
            } => self.voice.say(audience, &phrase, &text),
            Output::Cue(cue) => {
                if let Some(tx) = &self.cues {
                    let _ = tx.send(cue);
                }
                for b in &mut self.boards {
                    b.feel(cue);
                }
            }
            Output::BoardAdvanced { board, position } => {
                let positions = self.table.session().state().game().positions();
                let before_last = positions
                    .len()
                    .checked_sub(2)
                    .map(|i| *positions[i].board());
                let mut steps = Vec::new();
                for b in self.boards.iter_mut().filter(|b| b.role == board) {
                    steps.extend(b.copy_to(&position, before_last.as_ref()));
                }
                if !steps.is_empty() {
                    // "die simulierten Hände stellen zurück: Dame von Hector vier entfernen;
                    // Dame auf David acht setzen", printed and said.
                    let mut phrase = vec![
                        Token::Word(Word::SimPutsBack),
                        crate::phrase::grammar::COLON,
                    ];
                    phrase.extend(crate::session::guidance_phrase(&steps, self.pack.grammar()));
                    let text = self.pack.text(&phrase);
                    writeln!(self.out, "{text}")?;
                    self.voice.say(Audience::Player, &phrase, &text);
                }
            }
            Output::SavePgn { path, pgn } => {
                let target = path.map_or_else(|| self.pgn_path.clone(), PathBuf::from);
                let saved = match crate::braille::file::is_braille_file(&target) {
                    // `save game.brf` (or `.brl`): the scoresheet in braille (D.2.7).
                    true => {
                        let lang = crate::session::notation_lang(self.pack.language());
                        crate::pgn::read_game(&pgn)
                            .and_then(Result::ok)
                            .ok_or_else(|| anyhow!("the game's record cannot be read back"))
                            .and_then(|game| {
                                crate::braille::file::write_sheet(
                                    &game,
                                    &crate::braille::file::SheetFile::new(&target, lang),
                                )
                            })
                            .map(drop)
                    }
                    false => save_file(&target, &pgn).map_err(anyhow::Error::from),
                };
                match saved {
                    Ok(()) => {
                        let word = self.pack.text(&[Token::Word(Word::Saved)]);
                        let colon = self.pack.colon();
                        writeln!(self.out, "{word}{colon} {}", target.display())?
                    }
                    Err(e) => {
                        let detail = format!(
                            "{}{} {}",
                            target.display(),
                            self.pack.colon(),
                            anyhow_words(&self.pack, &e)
                        );
                        let text = line_in(&self.pack, Word::CannotSave, &detail);
                        self.tell(&text)?;
                    }
                }
            }
            Output::Quit => return Ok(true),
            Output::SpeechRate(hundredths) => self.voice.set_speed(hundredths),
            Output::Engine(ask) => self.engine_ask(ask)?,
        }
        Ok(false)
    }

    /// A new game left before its first move: the folder's `current-game` names again the
    /// game it named before (when that journal is still there), so `--resume` and the
    /// window's Resume go back to the game with moves. The empty game's files stay.
    fn give_back_current_game(&mut self) {
        let Some((dir, previous)) = self.replaced_current.take() else {
            return;
        };
        if !self.table.session().state().game().moves().is_empty() {
            return;
        }
        let name = previous.trim();
        if name.contains(['/', '\\']) || !dir.join(name).exists() {
            return;
        }
        // Best effort: if it cannot be written, `current-game` names the empty game, which
        // resumes as it was left (nothing is lost either way).
        let _ = record::save_file(&dir.join(open::CURRENT_GAME), &format!("{name}\n"));
    }

    /// Lets queued speech finish before the program leaves.
    fn finish(&mut self) -> Turn {
        self.voice.finish();
        Turn::Ended { status: 0 }
    }

    /// Leaving while records are not on disk: they are printed, so the arbiter can keep them.
    fn leave_unwritten(&mut self) -> anyhow::Result<Turn> {
        let detail = format!(
            "{}{} {}",
            self.record.path().display(),
            self.pack.colon(),
            self.record.pending().len()
        );
        let text = line_in(&self.pack, Word::JournalUnwritten, &detail);
        self.tell(&text)?;
        for line in self.record.pending() {
            writeln!(self.out, "{}", unwritten_line(&self.pack, line))?;
        }
        self.out.flush()?;
        self.voice.finish();
        Ok(Turn::Ended { status: 1 })
    }
}

/// The words after `sim` ("" for `sim` alone); `None` for a line that is not for the hands.
fn sim_words(line: &str) -> Option<&str> {
    let line = line.trim();
    match line.strip_prefix("sim") {
        Some("") => Some(""),
        Some(rest) if rest.starts_with(char::is_whitespace) => Some(rest.trim()),
        _ => None,
    }
}

/// `help` in any of the game's languages, as `sim help` asks it.
fn is_help_word(word: &str) -> bool {
    matches!(
        word.to_lowercase().as_str(),
        "help" | "hilfe" | "допомога" | "помощь" | "օգնություն" | "?"
    )
}
