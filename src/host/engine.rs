//! The engine seat (issue 27): a chess engine plays one side over UCI. A thread owns the
//! engine's process and its pipes, times every search out, and restarts an engine that
//! crashed, hung, flooded or answered no move; the host asks it to move when the engine is on
//! move, checks its answer through the session (which journals and announces it), and never
//! lets an engine fault cost the game: the fault is said, the engine starts again with the
//! game's position, and after three faults in a row its side's moves are typed.

use super::{io_reason, line_in, Arrival, Host};
use crate::engine::level::Strength;
use crate::engine::uci::{Command, Go, Heard, Listener, Outcome, MAX_LINE};
use crate::engine::words::{eval_phrase, strength_text, white_view, EngineAsk, Help};
pub use crate::engine::EngineSpec;
use crate::phrase::grammar::COLON;
use crate::phrase::token::{Token, Word};
use crate::rules::notation::uci;
use crate::rules::{Color, Position};
use crate::session::{BoardRole, DrawAnswer, Stamp};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::time::{Duration, Instant};

/// How long an engine may take beyond its think time before it counts as hung; and how
/// long it may take to start.
const MARGIN_MS: u64 = 2_000;
const START_MS: u64 = 10_000;
/// How long a new game waits for the engine to name itself (or fail) before its greeting,
/// so the engine's line comes before the first move is asked for; a slower engine is named
/// when it has started.
pub(super) const FIRST_WAIT_MS: u64 = 3_000;
/// Faults in a row after which the engine is not started again.
const MAX_FAULTS: u32 = 3;

/// What went wrong with an engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Its program is not there (the path or name as given follows).
    NotFound,
    /// It cannot be started.
    Missing,
    /// Its process ended.
    Crashed,
    /// No answer within its time and the margin.
    Hung,
    /// Its `bestmove` was no move.
    Malformed,
    /// Its move is not legal in the game.
    Illegal,
    /// It printed more than any search needs.
    Flooding,
}

impl Fault {
    /// Starting it again cannot help: the program is not there or cannot run.
    fn for_good(self) -> bool {
        matches!(self, Fault::NotFound | Fault::Missing)
    }

    fn word(self) -> Word {
        match self {
            Fault::NotFound => Word::EngineNotFound,
            Fault::Missing => Word::EngineMissing,
            Fault::Crashed => Word::EngineCrashed,
            Fault::Hung => Word::EngineHung,
            Fault::Malformed => Word::EngineMalformed,
            Fault::Illegal => Word::EngineIllegal,
            Fault::Flooding => Word::EngineFlooding,
        }
    }
}

/// What the engine's thread tells the game.
#[derive(Debug)]
pub enum EngineNews {
    /// The engine started and named itself.
    Ready(String),
    /// A search ended.
    Done {
        /// The request it answers.
        id: u64,
        /// What it came to.
        outcome: Outcome,
        /// When its `bestmove` was read (for the benchmark of what follows).
        at: Instant,
    },
    /// The review of the game just ended is under way: its progress line, in the game's
    /// words ("reviewing, move 10 of 40").
    Reviewing(String),
    /// The review ended: the turning points and the game with its evaluations, or why not.
    Reviewed(Result<(Vec<crate::phrase::token::Phrase>, crate::pgn::PgnGame), String>),
    /// Something went wrong; the engine is stopped and starts again on the next request.
    Fault {
        /// What.
        fault: Fault,
        /// In the engine's or the system's words.
        detail: String,
        /// How its process ended, when it did (said in the game's words).
        ended: Option<Ended>,
    },
}

/// How an engine's process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// It exited with this status code.
    Code(i32),
    /// A signal stopped it.
    Signal(i32),
}

impl Ended {
    fn of(status: std::process::ExitStatus) -> Option<Ended> {
        use std::os::unix::process::ExitStatusExt;
        status
            .code()
            .map(Ended::Code)
            .or_else(|| status.signal().map(Ended::Signal))
    }

    /// "it exited with code 0", in the game's words.
    fn text(self, pack: &crate::voice::Pack) -> String {
        let (word, n) = match self {
            Ended::Code(n) => (Word::EngineExitCode, n),
            Ended::Signal(n) => (Word::EngineSignal, n),
        };
        pack.text(&[Token::Word(word)])
            .replace("{n}", &n.to_string())
    }
}

/// One search asked of the engine.
#[derive(Debug, Clone)]
pub struct Request {
    /// Its number, for the answer.
    pub id: u64,
    /// Options to set first (only those the engine has are sent).
    pub options: Vec<Command>,
    /// The position.
    pub position: Command,
    /// The limits.
    pub go: Go,
    /// White is to move (for the time budget).
    pub white: bool,
}

/// What the engine's thread is sent.
pub enum Msg {
    /// A search (boxed: the channel's messages stay small).
    Ask(Box<Request>),
    /// A line the engine printed, from its process of this generation.
    Line(u64, String),
    /// Its output ended.
    Eof(u64),
    /// Stop the engine (its move was refused); it starts again on the next request.
    Restart,
    /// Stop the search under way (a take-back): the engine answers at once.
    Stop,
    /// Leave.
    Quit,
}

/// Finds the engine's program: a path as given, else a name on `PATH`, else for
/// `stockfish` Debian's /usr/games.
pub fn find_program(program: &str) -> Option<PathBuf> {
    let given = Path::new(program);
    if program.contains('/') {
        return given.is_file().then(|| given.to_path_buf());
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        let games = Path::new("/usr/games").join(program);
        games.is_file().then_some(games)
    })
}

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
}

impl Process {
    fn send(&mut self, c: &Command) -> bool {
        writeln!(self.stdin, "{c}")
            .and_then(|_| self.stdin.flush())
            .is_ok()
    }

    fn stop(mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the engine's first news goes while the game's opening waits for it
/// ([`Seat::first_news`]); emptied when the wait is over, so later news comes as any does.
type FirstSlot = std::sync::Arc<std::sync::Mutex<Option<SyncSender<EngineNews>>>>;

/// The thread that owns the engine.
struct Server {
    first: FirstSlot,
    program: String,
    chess960: bool,
    rx: Receiver<Msg>,
    me: SyncSender<Msg>,
    to: Sender<Arrival>,
    generation: u64,
    process: Option<Process>,
    listener: Listener,
    queue: std::collections::VecDeque<Box<Request>>,
    /// The game is leaving: nothing more is said, the engine is stopped.
    quitting: bool,
    /// How the last process ended, for the fault that follows.
    ended: Option<Ended>,
    /// The program is not there or cannot run: it is not tried again.
    gone: bool,
    /// A search is under way (`go` sent, no `bestmove` yet).
    searching: bool,
    /// `Stop` came while the engine was starting, before the search it was meant for: that
    /// search is stopped as soon as it begins (else a take-back waits out the whole search,
    /// or the engine is taken for hung).
    stop_next: bool,
}

impl Server {
    fn tell(&self, news: EngineNews) -> bool {
        let mut first = self.first.lock().unwrap_or_else(|e| e.into_inner());
        let news = match first.take() {
            Some(opening) => match opening.send(news) {
                Ok(()) => return true,
                Err(std::sync::mpsc::SendError(news)) => news,
            },
            None => news,
        };
        drop(first);
        self.to.send(Arrival::Engine(news)).is_ok()
    }

    fn fault(&mut self, fault: Fault, detail: String) {
        if let Some(p) = self.process.take() {
            p.stop();
        }
        // What the stopped process printed or did last is no news of the next one.
        self.generation += 1;
        self.gone |= fault.for_good();
        let ended = self.ended.take();
        self.stop_next = false;
        if !self.quitting {
            self.tell(EngineNews::Fault {
                fault,
                detail,
                ended,
            });
        }
    }

    fn run(mut self) {
        self.start();
        while !self.quitting {
            let msg = match self.queue.pop_front() {
                Some(r) => Msg::Ask(r),
                None => match self.rx.recv() {
                    Ok(m) => m,
                    Err(_) => break,
                },
            };
            match msg {
                Msg::Quit => break,
                Msg::Restart => {
                    if let Some(p) = self.process.take() {
                        p.stop();
                    }
                    self.generation += 1;
                }
                Msg::Ask(_) if self.gone => {}
                Msg::Ask(r) => {
                    if self.process.is_none() && !self.start() {
                        continue;
                    }
                    let going = self.search(r);
                    self.searching = false;
                    if !going {
                        break;
                    }
                }
                Msg::Line(g, line)
                    if g == self.generation
                        && self.process.is_some()
                        && self.listener.feed(&line) == Heard::Flooding =>
                {
                    self.fault(Fault::Flooding, String::new());
                }
                Msg::Eof(g) if g == self.generation && self.process.is_some() => {
                    let detail = self.exit_status();
                    self.fault(Fault::Crashed, detail);
                }
                _ => {}
            }
        }
        if let Some(p) = self.process.take() {
            p.stop();
        }
    }

    /// How the process ended, kept for the fault line (which says it in the game's
    /// words); the detail itself is empty.
    fn exit_status(&mut self) -> String {
        self.ended = self.process.as_mut().and_then(|p| {
            for _ in 0..20 {
                if let Ok(Some(s)) = p.child.try_wait() {
                    return Ended::of(s);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            None
        });
        String::new()
    }

    /// Starts the engine and waits for `uciok` and `readyok`; `false` (said) when it cannot.
    fn start(&mut self) -> bool {
        let Some(path) = find_program(&self.program) else {
            self.fault(Fault::NotFound, self.program.clone());
            return false;
        };
        let spawned = std::process::Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                self.fault(Fault::Missing, format!("{}: {e}", path.display()));
                return false;
            }
        };
        self.generation += 1;
        let generation = self.generation;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            self.fault(Fault::Missing, path.display().to_string());
            return false;
        };
        let me = self.me.clone();
        let read = std::thread::Builder::new()
            .name("engine output".into())
            .spawn(move || read_lines(stdout, generation, me));
        if read.is_err() {
            let _ = child.kill();
            self.fault(Fault::Missing, path.display().to_string());
            return false;
        }
        self.process = Some(Process { child, stdin });
        self.listener = Listener::default();
        let mut name = path.display().to_string();
        if !self.send(&Command::Uci) {
            self.fault(Fault::Crashed, String::new());
            return false;
        }
        let deadline = Instant::now() + Duration::from_millis(START_MS);
        loop {
            match self.next_line(deadline) {
                Ok(Heard::Name(n)) => name = n,
                Ok(Heard::UciOk) => break,
                Ok(Heard::Flooding) => {
                    self.fault(Fault::Flooding, String::new());
                    return false;
                }
                Ok(_) => {}
                Err((fault, detail)) => {
                    self.fault(fault, detail);
                    return false;
                }
            }
        }
        if self.chess960 && self.listener.has_option("UCI_Chess960") {
            self.send(&Command::SetOption {
                name: "UCI_Chess960".into(),
                value: Some("true".into()),
            });
        }
        self.send(&Command::IsReady);
        loop {
            match self.next_line(deadline) {
                Ok(Heard::ReadyOk) => break,
                Ok(_) => {}
                Err((fault, detail)) => {
                    self.fault(fault, detail);
                    return false;
                }
            }
        }
        self.tell(EngineNews::Ready(name))
    }

    fn send(&mut self, c: &Command) -> bool {
        self.process.as_mut().is_some_and(|p| p.send(c))
    }

    /// The engine's next line before `deadline`; requests that come meanwhile wait their
    /// turn. An error when the engine ended, hung or is to stop.
    fn next_line(&mut self, deadline: Instant) -> Result<Heard, (Fault, String)> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Err(RecvTimeoutError::Timeout) => return Err((Fault::Hung, String::new())),
                Err(RecvTimeoutError::Disconnected) => return Err((Fault::Crashed, String::new())),
                Ok(Msg::Ask(r)) => self.queue.push_back(r),
                Ok(Msg::Line(g, line)) if g == self.generation => {
                    return Ok(self.listener.feed(&line));
                }
                Ok(Msg::Eof(g)) if g == self.generation => {
                    return Err((Fault::Crashed, self.exit_status()));
                }
                Ok(Msg::Quit) => {
                    self.quitting = true;
                    return Err((Fault::Crashed, String::new()));
                }
                Ok(Msg::Restart) => return Err((Fault::Crashed, String::new())),
                Ok(Msg::Stop) if self.searching => {
                    self.send(&Command::Stop);
                }
                Ok(Msg::Stop) => self.stop_next = true,
                Ok(_) => {}
            }
        }
    }

    /// One search; `false` when the game has gone.
    fn search(&mut self, r: Box<Request>) -> bool {
        for o in &r.options {
            let known = match o {
                Command::SetOption { name, .. } => self.listener.has_option(name),
                _ => true,
            };
            if known {
                self.send(o);
            }
        }
        self.listener.search();
        let budget = r.go.budget_ms(r.white).unwrap_or(10_000);
        let sent = self.send(&r.position) && self.send(&Command::Go(r.go.clone()));
        if !sent {
            self.fault(Fault::Crashed, String::new());
            return true;
        }
        self.searching = true;
        if std::mem::take(&mut self.stop_next) {
            self.send(&Command::Stop);
        }
        let deadline = Instant::now() + Duration::from_millis(budget + budget / 2 + MARGIN_MS);
        loop {
            match self.next_line(deadline) {
                Ok(Heard::Done(outcome)) => {
                    let at = Instant::now();
                    return self.tell(EngineNews::Done {
                        id: r.id,
                        outcome,
                        at,
                    });
                }
                Ok(Heard::Malformed(what)) => {
                    let detail = format!("bestmove {}", what.chars().take(40).collect::<String>());
                    self.fault(Fault::Malformed, detail);
                    return true;
                }
                Ok(Heard::Flooding) => {
                    self.fault(Fault::Flooding, String::new());
                    return true;
                }
                Ok(_) => {}
                Err((fault, detail)) => {
                    self.fault(fault, detail);
                    return true;
                }
            }
        }
    }
}

/// Reads the engine's output line by line, cutting lines at [`MAX_LINE`] bytes and reading
/// bytes that are not UTF-8 as replacement characters.
fn read_lines(stdout: std::process::ChildStdout, generation: u64, to: SyncSender<Msg>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(b) => b,
        };
        let (chunk, ends) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = ends.unwrap_or(buf.len());
        reader.consume(used);
        if ends.is_some() {
            let text = String::from_utf8_lossy(&line)
                .trim_end_matches('\r')
                .to_string();
            line.clear();
            if to.send(Msg::Line(generation, text)).is_err() {
                return;
            }
        }
    }
    let _ = to.send(Msg::Eof(generation));
}

/// The engine at the table, as the host keeps it.
pub(super) struct Seat {
    /// The engine's first news, while the game's opening may still wait for it.
    first: Option<(FirstSlot, Receiver<EngineNews>)>,
    spec: EngineSpec,
    tx: SyncSender<Msg>,
    thread: Option<std::thread::JoinHandle<()>>,
    name: String,
    next_id: u64,
    /// Searches asked and not yet answered: id, what for, and the game they were asked in
    /// ([`game_key`]).
    asked: Vec<(u64, Kind, String)>,
    faults: u32,
    given_up: bool,
    /// The player's names are given: the engine's is not put in the PGN's tag.
    named: bool,
    /// The game was resumed: the engine's first "ready" says it is back at the table, once
    /// (a line of its own before it named the engine twice).
    pub(super) back: bool,
    /// A board the engine's moves must be put on before its clock is pressed.
    board: bool,
    /// The engine's move waits to stand on the board.
    awaiting: Option<Color>,
    /// The engine was told to stop thinking for a take-back: it agrees once it has.
    stopping: bool,
    /// A review runs in the background: set to stop it.
    review: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The engine's evaluation with its last move, from its own side (for a draw offer).
    last_score: Option<crate::engine::uci::Score>,
    /// The evaluation of the position before `threats`' search ([`Kind::ThreatBase`]).
    threat_base: Option<crate::engine::uci::Score>,
    /// When the last `bestmove` was read, for the overhead measured by `tests` and benches.
    pub(super) last_bestmove: Option<Instant>,
    /// Helps asked in a position the game left before the engine answered (a take-back, a
    /// move): said after what the arrival itself says ([`Host::engine_withdrawn`]).
    withdrawn: Vec<Help>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Move,
    Help(Help),
    /// The position's evaluation as it stands, asked before `threats`' search (which is
    /// for the position with the opponent on move): what the threat gains is measured
    /// against it.
    ThreatBase,
    /// The position's evaluation for the answer to a draw offer made before the engine has
    /// looked at the game at all (its first move not yet played).
    DrawEval,
}

/// How much more than the position gives now the opponent's free move must win (in
/// centipawns, from the opponent's view) to be a threat: more than a tempo's worth, about a
/// pawn and a half; a mate always is one.
const THREAT_CP: i32 = 150;

/// Whether the opponent's best move with a free move (`free`, their view) is a threat, the
/// position's evaluation now being `base` (the player's view, the player on move), `from`
/// being the position with the opponent on move and `pv` the free search's main line.
/// The scores alone cannot tell a threat from a move that only escapes the player's own
/// threat (both leave the player worse off than now), so a threat other than a mate must
/// also win material along the engine's line.
fn is_threat(
    base: Option<crate::engine::uci::Score>,
    free: Option<crate::engine::uci::Score>,
    from: Option<&crate::rules::Position>,
    pv: &[String],
) -> bool {
    use crate::engine::uci::Score;
    use crate::engine::words::centipawns;
    match (base, free) {
        (_, Some(Score::Mate(m))) if m > 0 => true,
        (Some(base), Some(free)) => {
            centipawns(free) + centipawns(base) >= THREAT_CP
                && from.is_some_and(|from| material_won(from, pv) >= THREAT_MATERIAL)
        }
        _ => false,
    }
}

/// The least material (in pawns' hundredths) the opponent's line must win for a threat.
const THREAT_MATERIAL: i32 = 100;

/// What the side on move in `from` wins in material (hundredths of a pawn) by the end of
/// the line `pv` (UCI moves; the line stops at a move it does not know).
fn material_won(from: &crate::rules::Position, pv: &[String]) -> i32 {
    let side = from.turn();
    let mut pos = from.clone();
    for text in pv {
        let Some(m) = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(&pos, m) == *text)
        else {
            break;
        };
        pos.play_unchecked(&m);
    }
    material(&pos, side) - material(from, side)
}

/// `side`'s material less the other side's, in hundredths of a pawn.
fn material(pos: &crate::rules::Position, side: Color) -> i32 {
    use crate::rules::Role;
    crate::rules::Square::all()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| {
            let value = match p.role {
                Role::Pawn => 100,
                Role::Knight | Role::Bishop => 300,
                Role::Rook => 500,
                Role::Queen => 900,
                Role::King => 0,
            };
            if p.color == side {
                value
            } else {
                -value
            }
        })
        .sum()
}

impl Seat {
    /// Forgets the searches asked: their answers could not be taken (the journal failed),
    /// so the engine is asked again.
    pub(super) fn forget(&mut self) {
        self.asked.clear();
    }

    /// Starts the engine's thread, which starts the engine at once (so a missing engine is
    /// said before the first move).
    pub(super) fn start(
        spec: EngineSpec,
        chess960: bool,
        named: bool,
        board: bool,
        to: Sender<Arrival>,
    ) -> anyhow::Result<Seat> {
        let (tx, rx) = sync_channel(4096);
        let (opening, first) = sync_channel(1);
        let slot: FirstSlot = std::sync::Arc::new(std::sync::Mutex::new(Some(opening)));
        let server = Server {
            first: slot.clone(),
            program: spec.program.clone(),
            chess960,
            rx,
            me: tx.clone(),
            to,
            generation: 0,
            process: None,
            listener: Listener::default(),
            queue: Default::default(),
            quitting: false,
            ended: None,
            gone: false,
            searching: false,
            stop_next: false,
        };
        let thread = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || server.run())?;
        Ok(Seat {
            first: Some((slot, first)),
            name: spec.program.clone(),
            spec,
            tx,
            thread: Some(thread),
            next_id: 0,
            asked: Vec::new(),
            faults: 0,
            given_up: false,
            named,
            back: false,
            board,
            awaiting: None,
            stopping: false,
            review: None,
            last_score: None,
            threat_base: None,
            last_bestmove: None,
            withdrawn: Vec::new(),
        })
    }

    /// The engine's first news (it named itself, or could not start), waited for `wait` at
    /// most: a new game says it before its greeting, so the greeting never names an engine
    /// that is not there and the engine's name is not said in the middle of the game. `None`
    /// when it did not come in time (it then comes as any news does) or was asked already.
    pub(super) fn first_news(&mut self, wait: Duration) -> Option<EngineNews> {
        let (slot, first) = self.first.take()?;
        if let Ok(news) = first.recv_timeout(wait) {
            return Some(news);
        }
        slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        // Sent just before the slot was emptied.
        first.try_recv().ok()
    }

    fn ask(&mut self, kind: Kind, pos: &Command, key: String, go: Go, white: bool) {
        self.next_id += 1;
        let options = match kind {
            Kind::Move => self.spec.strength.options(|_| true),
            // Help is the engine's best, whatever its level as an opponent.
            Kind::Help(_) | Kind::ThreatBase | Kind::DrawEval => vec![
                Command::SetOption {
                    name: "UCI_LimitStrength".into(),
                    value: Some("false".into()),
                },
                Command::SetOption {
                    name: "Skill Level".into(),
                    value: Some("20".into()),
                },
            ],
        };
        let r = Request {
            id: self.next_id,
            options,
            position: pos.clone(),
            go,
            white,
        };
        if self.tx.send(Msg::Ask(Box::new(r))).is_ok() {
            self.asked.push((self.next_id, kind, key));
        }
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        if let Some(stop) = &self.review {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let _ = self.tx.send(Msg::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The engine's answer to a draw offer, by its evaluation with its last move: it takes the
/// draw only when it stands clearly worse (two pawns or more, or mated); otherwise it says
/// it stands better (a pawn or more up, or mating), a little worse (half a pawn to two
/// down), or level. Without an evaluation yet (it has not moved) it plays on, as a player
/// would at the start.
fn draw_answer(score: Option<crate::engine::uci::Score>) -> DrawAnswer {
    use crate::engine::uci::Score;
    match score {
        Some(Score::Centipawns(cp)) if cp <= -200 => DrawAnswer::Accept,
        Some(Score::Centipawns(cp)) if cp >= 100 => DrawAnswer::Better,
        Some(Score::Centipawns(cp)) if cp <= -50 => DrawAnswer::SlightlyWorse,
        Some(Score::Mate(m)) if m < 0 => DrawAnswer::Accept,
        Some(Score::Mate(_)) => DrawAnswer::Better,
        _ => DrawAnswer::Level,
    }
}

/// What a search was asked for: the number of positions and the last one. A move corrected
/// (D.2.8) or taken back and played otherwise leaves another key, so an answer for the
/// game as it was is never played into the game as it is.
fn game_key(game: &crate::rules::game::Game) -> String {
    format!("{} {}", game.positions().len(), game.position().fen())
}

/// The game's position as UCI gives it: the start position and the moves since.
fn position_command(game: &crate::rules::game::Game) -> Command {
    let positions = game.positions();
    let moves = game
        .moves()
        .iter()
        .zip(positions)
        .map(|(m, p)| uci(p, m))
        .collect();
    let start = &positions[0];
    let fen = (start.fen() != Position::new().fen()).then(|| start.fen());
    Command::Position { fen, moves }
}

impl Host {
    /// The session's ask of the engine seat (`hint`, `eval`, `threats`, `review`), which the
    /// session has allowed.
    pub(super) fn engine_ask(&mut self, ask: EngineAsk) -> anyhow::Result<()> {
        let help = match ask {
            EngineAsk::Review => return self.review_here(),
            EngineAsk::Help(help) => help,
        };
        let Some(seat) = self.engine.as_mut() else {
            let line = self.pack.text(&[Token::Word(Word::EngineHelpOff)]);
            return self.tell(&line);
        };
        if seat.given_up {
            // Help is on in this game: the engine that would give it is not running.
            let line = self.pack.text(&[Token::Word(Word::EngineNotRunning)]);
            return self.tell(&line);
        }
        // While it finds its own move the engine answers nothing else: asked then, the help
        // waited unsaid until the move changed the position, then was "not answered" (a
        // play-through sat 25 seconds in silence). Said at once instead, with when to ask.
        if seat.asked.iter().any(|(_, k, _)| *k == Kind::Move) {
            let side = seat.spec.side;
            let line = self.pack.text(&[
                Token::Word(Word::EnginePlaysSide),
                crate::phrase::grammar::COLON,
                Token::Side(side),
                crate::phrase::grammar::SEMICOLON,
                Token::Word(Word::EngineThinking),
                crate::phrase::grammar::SEMICOLON,
                Token::Word(Word::AskAfterItsMove),
            ]);
            return self.tell(&line);
        }
        let game = self.table.session().state().game();
        let key = game_key(game);
        let mut pos = game.position().clone();
        let mut command = position_command(game);
        if help == Help::Threats {
            // What the opponent would play if it were their move now.
            match pos.swap_turn() {
                Some(swapped) => {
                    command = Command::Position {
                        fen: Some(swapped.fen()),
                        moves: Vec::new(),
                    };
                    pos = swapped;
                }
                // In check there is no free move to look at: the threat is the check, and
                // the men giving it are named ("no threat" was said with a queen giving
                // check, a play-through).
                None if pos.is_check() => {
                    let mut phrase = vec![Token::Check, crate::phrase::grammar::COLON];
                    for (i, sq) in pos.checkers().into_iter().enumerate() {
                        if i > 0 {
                            phrase.push(Token::Word(Word::And));
                        }
                        if let Some(man) = pos.piece_at(sq) {
                            phrase.extend([
                                Token::Man(man),
                                Token::File(sq.file()),
                                Token::Rank(sq.rank()),
                            ]);
                        }
                    }
                    let now = self.clock.now();
                    self.table.seat(now, |s, now| {
                        ((), s.engine_help("threats check", phrase, now))
                    });
                    return Ok(());
                }
                None => {
                    let phrase = vec![Token::Word(Word::NoThreat)];
                    let now = self.clock.now();
                    self.table.seat(now, |s, now| {
                        ((), s.engine_help("threats none", phrase, now))
                    });
                    return Ok(());
                }
            }
        }
        let go = Go {
            movetime: Some(seat.spec.think_ms.unwrap_or(300)),
            ..Go::default()
        };
        let white = pos.turn() == Color::White;
        if help == Help::Threats {
            // First the position as it is, to measure what the free move gains.
            seat.threat_base = None;
            let now_command = position_command(game);
            seat.ask(
                Kind::ThreatBase,
                &now_command,
                key.clone(),
                go.clone(),
                !white,
            );
        }
        seat.ask(Kind::Help(help), &command, key, go, white);
        Ok(())
    }

    /// `review` at the end of a game against the engine: the engine looks at the game in a
    /// thread of its own, so the game goes on answering (progress lines come as it goes);
    /// `review` again stops it. The turning points are said and printed, and the game with
    /// its evaluations saved beside its PGN (`…-review.pgn`).
    fn review_here(&mut self) -> anyhow::Result<()> {
        let Some(seat) = self.engine.as_mut() else {
            let line = self.pack.text(&[Token::Word(Word::EngineHelpOff)]);
            return self.tell(&line);
        };
        if let Some(stop) = seat.review.take() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let line = self.pack.text(&[Token::Word(Word::ReviewStopped)]);
            return self.tell(&line);
        }
        let program = seat.spec.program.clone();
        let pgn_text = self.table.session().pgn();
        let Some(Ok(pgn)) = crate::pgn::read_game(&pgn_text) else {
            return Ok(());
        };
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        seat.review = Some(stop.clone());
        let (to, pack) = (self.tx.clone(), self.pack.clone());
        std::thread::Builder::new()
            .name("review".into())
            .spawn(move || {
                let progress = |line: String| {
                    let _ = to.send(Arrival::Engine(EngineNews::Reviewing(line)));
                };
                // The same path and depth as `vichess review`: both find the same points.
                let depth = super::review::REVIEW_DEPTH;
                let reviewed =
                    super::review::review_game_until(&pgn, &program, depth, &pack, progress, &stop);
                if !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let news = EngineNews::Reviewed(reviewed.map_err(|e| format!("{e:#}")));
                    let _ = to.send(Arrival::Engine(news));
                }
            })?;
        let line = self.pack.text(&[Token::Word(Word::ReviewStarted)]);
        self.tell(&line)
    }

    /// The review's end: its lines said and printed, the annotated game saved.
    fn reviewed(
        &mut self,
        result: Result<(Vec<crate::phrase::token::Phrase>, crate::pgn::PgnGame), String>,
    ) -> anyhow::Result<()> {
        match result {
            Ok((lines, annotated)) => {
                // Said from the pack's clips where it has them, as `vichess review` says them.
                for phrase in lines {
                    let text = self.pack.text(&phrase);
                    writeln!(self.out, "{}", crate::text::printable(&text))?;
                    self.voice
                        .say(crate::session::Audience::Player, &phrase, &text);
                }
                let stem = self
                    .pgn_path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let target = self.pgn_path.with_file_name(format!("{stem}-review.pgn"));
                let saved = super::save_file(&target, &crate::pgn::write_game(&annotated));
                let line = match saved {
                    Ok(()) => format!(
                        "{}{} {}",
                        self.pack.text(&[Token::Word(Word::Saved)]),
                        self.pack.colon(),
                        target.display()
                    ),
                    Err(e) => line_in(&self.pack, Word::CannotSave, &io_reason(&self.pack, &e)),
                };
                writeln!(self.out, "{line}")?;
            }
            // Said in the game's words already: what went wrong with the engine.
            Err(e) => self.tell(&crate::text::printable(&e))?,
        }
        Ok(())
    }

    /// The helps asked in a position the game has left before the engine answered, named
    /// after the lines of the arrival that left it (the take-back's first): a player who typed
    /// `hint` and then took a move back hears that it was not answered, and may ask again.
    pub(super) fn engine_withdrawn(&mut self) -> anyhow::Result<()> {
        let Some(seat) = self.engine.as_mut() else {
            return Ok(());
        };
        if seat.withdrawn.is_empty() {
            return Ok(());
        }
        let lang = self.pack.language();
        let helps: Vec<&str> = seat
            .withdrawn
            .drain(..)
            .map(|h| crate::session::command_word(lang, h.word()))
            .collect();
        let line = line_in(&self.pack, Word::EngineHelpWithdrawn, &helps.join(", "));
        self.tell(&line)
    }

    /// Leaving: the helps asked and not answered yet (they wait behind the engine's move)
    /// are named, so a player who typed `hint` and then `quit` knows it was dropped, not
    /// forgotten.
    pub(super) fn engine_unanswered(&mut self) -> anyhow::Result<()> {
        let Some(seat) = self.engine.as_mut() else {
            return Ok(());
        };
        let lang = self.pack.language();
        // Left, not ended: the game can be resumed, and the helps asked again.
        let word = match self.table.session().state().is_over() {
            true => Word::EngineHelpUnanswered,
            false => Word::EngineHelpLeft,
        };
        let dropped: Vec<&str> = seat
            .asked
            .drain(..)
            .filter_map(|(_, kind, _)| match kind {
                Kind::Help(h) => Some(crate::session::command_word(lang, h.word())),
                Kind::Move | Kind::ThreatBase | Kind::DrawEval => None,
            })
            .collect();
        if dropped.is_empty() {
            return Ok(());
        }
        let line = line_in(&self.pack, word, &dropped.join(", "));
        self.tell(&line)
    }

    /// The engine thread's news.
    pub(super) fn engine_news(&mut self, news: EngineNews, now: Stamp) -> anyhow::Result<()> {
        let Some(seat) = self.engine.as_mut() else {
            return Ok(());
        };
        match news {
            EngineNews::Ready(name) => {
                let name: String = name.chars().filter(|c| !c.is_control()).take(80).collect();
                let strength = seat.spec.strength;
                // The PGN's tags in no language: the engine's own name with its level as
                // "3/8", or its rating as the side's Elo tag, and the side's Type "program"
                // (docs/guide-player.md says why).
                seat.name = match strength {
                    Strength::Level(_) => format!("{name} ({})", strength.short()),
                    Strength::Elo(_) => name.clone(),
                };
                let side = seat.spec.side;
                if !seat.named {
                    seat.named = true;
                    let tag = if side == Color::White {
                        "White"
                    } else {
                        "Black"
                    };
                    let value = seat.name.clone();
                    self.table.set_tag(tag, &value);
                    self.table.set_tag(&format!("{tag}Type"), "program");
                    if let Strength::Elo(e) = strength {
                        self.table.set_tag(&format!("{tag}Elo"), &e.to_string());
                    }
                }
                let word = match std::mem::take(&mut seat.back) {
                    true => Word::EngineBack,
                    false => Word::EngineReady,
                };
                let said = format!(
                    "{}{} {}; {name}, {}",
                    self.pack.text(&[Token::Word(word)]),
                    self.pack.colon(),
                    self.pack.text(&[Token::Side(side)]),
                    strength_text(&self.pack, strength)
                );
                self.tell(&said)?;
            }
            // After the engine has been given up nothing more is said of it.
            EngineNews::Fault { .. } if seat.given_up => {}
            EngineNews::Fault {
                fault,
                detail,
                ended,
            } => self.engine_fault(fault, &detail, ended)?,
            EngineNews::Reviewing(line) => writeln!(self.out, "{line}")?,
            EngineNews::Reviewed(result) => {
                seat.review = None;
                self.reviewed(result)?;
            }
            EngineNews::Done { id, outcome, at } => {
                let Some(i) = seat.asked.iter().position(|(a, ..)| *a == id) else {
                    return Ok(());
                };
                let (_, kind, key) = seat.asked.remove(i);
                seat.last_bestmove = Some(at);
                // Stopped for a take-back: its move is no answer.
                if seat.stopping && kind == Kind::Move {
                    return Ok(());
                }
                let game = self.table.session().state().game();
                // A search for a position the game has left (a take-back) is no answer; a
                // help asked there is said to be withdrawn.
                if game_key(game) != key {
                    if let Kind::Help(help) = kind {
                        seat.withdrawn.push(help);
                    }
                    return Ok(());
                }
                match kind {
                    Kind::Move => self.engine_moves(outcome, now)?,
                    Kind::ThreatBase => seat.threat_base = outcome.score,
                    // From the side to move's view, as UCI gives it: the engine's own.
                    Kind::DrawEval => {
                        let engines = game.position().turn() == seat.spec.side;
                        seat.last_score = outcome.score.map(|s| match engines {
                            true => s,
                            false => s.flipped(),
                        });
                    }
                    Kind::Help(help) => self.engine_helps(help, outcome, now),
                }
            }
        }
        Ok(())
    }

    fn engine_moves(&mut self, outcome: Outcome, now: Stamp) -> anyhow::Result<()> {
        let Some(seat) = self.engine.as_mut() else {
            return Ok(());
        };
        let Some(best) = outcome.best else {
            return Ok(());
        };
        // The game ended while the engine thought (a resignation, an agreed draw, a flag):
        // its move is no longer wanted, and no fault of the engine's.
        let session = self.table.session();
        if session.state().is_over() || session.position().turn() != seat.spec.side {
            return Ok(());
        }
        let (by, press) = (seat.name.clone(), !seat.board);
        let side = seat.spec.side;
        seat.last_score = outcome.score;
        let moved = self
            .table
            .seat(now, |s, now| match s.engine_move(&best, &by, press, now) {
                Some(effects) => (true, effects),
                None => (false, Vec::new()),
            });
        match moved {
            true => {
                let seat = self.engine.as_mut().expect("the seat answered");
                seat.faults = 0;
                if seat.board {
                    seat.awaiting = Some(side);
                }
                Ok(())
            }
            false => {
                if let Some(seat) = self.engine.as_ref() {
                    let _ = seat.tx.send(Msg::Restart);
                }
                self.engine_fault(Fault::Illegal, &best, None)
            }
        }
    }

    fn engine_helps(&mut self, help: Help, outcome: Outcome, now: Stamp) {
        // A threat wins material or mates: the opponent's best free move that only makes
        // a move (a castling, a pawn step) is no threat, however good.
        let base = self.engine.as_mut().and_then(|s| s.threat_base.take());
        let pos = self.table.session().position().clone();
        let threat = help != Help::Threats
            || is_threat(base, outcome.score, pos.swap_turn().as_ref(), &outcome.pv);
        let best = outcome.best.as_deref().filter(|_| threat).and_then(|b| {
            let from = match help {
                Help::Threats => pos.swap_turn()?,
                _ => pos.clone(),
            };
            let m = from
                .legal_moves()
                .into_iter()
                .find(|m| uci(&from, m) == b)?;
            Some((from, m))
        });
        let (record, phrase) = match (help, best) {
            (Help::Eval, _) => {
                let score = outcome
                    .score
                    .map(|s| white_view(s, pos.turn()))
                    .unwrap_or(crate::engine::uci::Score::Centipawns(0));
                let record = match score {
                    crate::engine::uci::Score::Centipawns(c) => format!("eval cp {c}"),
                    crate::engine::uci::Score::Mate(m) => format!("eval mate {m}"),
                };
                (record, eval_phrase(score))
            }
            (Help::Hint, Some((from, m))) => {
                let mut p = vec![Token::Word(Word::Hint), COLON];
                p.extend(crate::phrase::announce::move_phrase(&from, &m));
                (format!("hint {}", uci(&from, &m)), p)
            }
            (Help::Threats, Some((from, m))) => {
                let mut p = vec![Token::Word(Word::Threat), COLON];
                p.extend(crate::phrase::announce::move_phrase(&from, &m));
                (format!("threats {}", uci(&from, &m)), p)
            }
            (_, None) => (
                format!("{} none", help.word()),
                vec![Token::Word(Word::NoThreat)],
            ),
        };
        self.table
            .seat(now, |s, now| ((), s.engine_help(&record, phrase, now)));
    }

    fn engine_fault(
        &mut self,
        fault: Fault,
        detail: &str,
        ended: Option<Ended>,
    ) -> anyhow::Result<()> {
        let Some(seat) = self.engine.as_mut() else {
            return Ok(());
        };
        if seat.given_up {
            return Ok(());
        }
        // The searches asked are lost with the process; the engine's move is asked again
        // after the arrival ([`Host::engine_asks`]), the helps once the fault is said.
        let waiting: Vec<(Help, String)> = seat
            .asked
            .drain(..)
            .filter_map(|(_, kind, key)| match kind {
                Kind::Help(h) => Some((h, key)),
                Kind::Move | Kind::ThreatBase | Kind::DrawEval => None,
            })
            .collect();
        seat.faults += 1;
        let what = self.pack.text(&[Token::Word(fault.word())]);
        let mut detail = crate::text::printable(detail);
        if let Some(ended) = ended {
            if !detail.is_empty() {
                detail.push_str(", ");
            }
            detail.push_str(&ended.text(&self.pack));
        }
        let what = match detail.is_empty() {
            true => what,
            false => format!("{what}{} {detail}", self.pack.colon()),
        };
        if fault.for_good() {
            // Starting it again cannot help: one line says what and where, and who moves.
            if let Some(seat) = self.engine.as_mut() {
                seat.given_up = true;
            }
            self.table.set_computer(None);
            let yourself = self.pack.text(&[Token::Word(Word::EngineTypeMoves)]);
            self.tell(&format!("{what}; {yourself}"))?;
            return self.helps_after_fault(waiting);
        }
        let give_up = seat.faults >= MAX_FAULTS;
        let line = line_in(&self.pack, Word::EngineFailed, &what);
        self.tell(&line)?;
        if give_up {
            if let Some(seat) = self.engine.as_mut() {
                seat.given_up = true;
                let _ = seat.tx.send(Msg::Restart);
            }
            // Its moves are the player's to type from now on.
            self.table.set_computer(None);
            let line = self.pack.text(&[Token::Word(Word::EngineGaveUp)]);
            self.tell(&line)?;
        }
        self.helps_after_fault(waiting)
    }

    /// The helps that were waiting when the engine failed, after its fault line: a player
    /// who asked is never left waiting for an answer that cannot come. Each is asked again
    /// of the engine started again when the game is still where it was asked (and answered
    /// and journaled as any help), said withdrawn when the game has left that position, and
    /// said lost, in one line, when the engine has been given up.
    fn helps_after_fault(&mut self, waiting: Vec<(Help, String)>) -> anyhow::Result<()> {
        let Some(seat) = self.engine.as_mut() else {
            return Ok(());
        };
        if waiting.is_empty() {
            return Ok(());
        }
        if seat.given_up {
            let lang = self.pack.language();
            let helps: Vec<&str> = waiting
                .iter()
                .map(|(h, _)| crate::session::command_word(lang, h.word()))
                .collect();
            let line = line_in(&self.pack, Word::EngineHelpLost, &helps.join(", "));
            return self.tell(&line);
        }
        let key = game_key(self.table.session().state().game());
        for (help, asked_in) in waiting {
            if asked_in == key {
                self.engine_ask(EngineAsk::Help(help))?;
            } else if let Some(seat) = self.engine.as_mut() {
                seat.withdrawn.push(help);
            }
        }
        Ok(())
    }

    /// Before the outputs of an arrival are carried out: the engine accepts the player's
    /// take-back request, and presses its clock once its move stands on the board.
    pub(super) fn engine_answers(&mut self, now: Stamp) {
        let Some(seat) = self.engine.as_mut() else {
            return;
        };
        let side = seat.spec.side;
        let state = self.table.session().state();
        let helps = self.table.session().engine_helps().is_ok();
        if state.takeback_request() != Some(!side) {
            seat.stopping = false;
        }
        // An engine given up answers nothing: the player answers for its side.
        if helps && !seat.given_up && state.takeback_request() == Some(!side) {
            // The engine agrees only once it has stopped thinking: a take-back said done
            // while its search runs would be followed by a move for the game as it was.
            if seat.asked.iter().any(|(_, k, _)| *k == Kind::Move) {
                if !seat.stopping {
                    seat.stopping = true;
                    let _ = seat.tx.send(Msg::Stop);
                }
                return;
            }
            seat.stopping = false;
            // The helps waiting for the position taken back are withdrawn, said so, and
            // the engine stops looking for them.
            let helps: Vec<Help> = seat
                .asked
                .drain(..)
                .filter_map(|(_, kind, _)| match kind {
                    Kind::Help(h) => Some(h),
                    Kind::Move | Kind::ThreatBase | Kind::DrawEval => None,
                })
                .collect();
            if !helps.is_empty() {
                let _ = seat.tx.send(Msg::Stop);
            }
            seat.withdrawn.extend(helps);
            seat.awaiting = None;
            self.table
                .seat(now, |s, now| ((), s.engine_accepts_takeback(side, now)));
            return;
        }
        if !seat.given_up && state.offer() == Some(!side) && !state.is_over() {
            if seat.last_score.is_none() && state.both_have_moved() {
                // It has not looked at the game yet (a resumed game): it looks before
                // answering, rather than decline "as it does not stand worse" a queen down
                // (a play-through). Before each side's first move it declines for 5.2.3.
                if !seat.asked.iter().any(|(_, k, _)| *k == Kind::DrawEval) {
                    let game = state.game();
                    let go = Go {
                        movetime: Some(seat.spec.think_ms.unwrap_or(300)),
                        ..Go::default()
                    };
                    let white = game.position().turn() == Color::White;
                    let (command, key) = (position_command(game), game_key(game));
                    seat.ask(Kind::DrawEval, &command, key, go, white);
                }
                return;
            }
            let answer = draw_answer(seat.last_score);
            self.table
                .seat(now, |s, now| ((), s.engine_answers_draw(side, answer, now)));
            return;
        }
        let Some(waiting) = seat.awaiting else {
            return;
        };
        if state.unpressed() != Some(waiting) {
            seat.awaiting = None;
            return;
        }
        let stands = self.table.tracker(BoardRole::Pegboard).is_some_and(|t| {
            let board = self.table.session().position().board();
            crate::rules::Square::all().all(|sq| t.sensed().get(sq).agrees_with(board.piece_at(sq)))
        });
        if stands {
            seat.awaiting = None;
            self.table
                .seat(now, |s, now| ((), s.engine_press(waiting, now)));
        }
    }

    /// After an arrival: asks the engine to move when it is on move and the player's move is
    /// complete.
    pub(super) fn engine_asks(&mut self, now: Stamp) {
        let Some(seat) = self.engine.as_mut() else {
            return;
        };
        let session = self.table.session();
        let state = session.state();
        let side = seat.spec.side;
        let key = game_key(state.game());
        let asked = seat
            .asked
            .iter()
            .any(|(_, k, p)| *k == Kind::Move && *p == key);
        let player_done = state.clock().is_none() || state.unpressed() != Some(!side);
        if seat.given_up
            || asked
            || state.is_over()
            || session.position().turn() != side
            || !player_done
        {
            return;
        }
        self.table.seat(now, |s, now| ((), s.engine_thinks(now)));
        let Some(seat) = self.engine.as_mut() else {
            return;
        };
        let state = self.table.session().state();
        let clocks = self.table.clock_reading(now).map(|c| {
            let inc = |r: crate::rules::clock::SideReading| match r.bonus {
                crate::rules::clock::Bonus::Increment(ms) => ms,
                _ => 0,
            };
            [c.white.time, c.black.time, inc(c.white), inc(c.black)]
        });
        let go = seat.spec.strength.go(clocks, seat.spec.think_ms);
        let command = position_command(state.game());
        seat.ask(Kind::Move, &command, key, go, side == Color::White);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::uci::Score;

    /// The reason given is the evaluation's: worse takes the draw, a pawn up or a mate to
    /// give is "better", anything between (or no evaluation yet) is "not worse".
    #[test]
    fn the_answer_to_a_draw_offer_follows_the_evaluation() {
        let cases = [
            (None, DrawAnswer::Level),
            (Some(Score::Centipawns(-200)), DrawAnswer::Accept),
            (Some(Score::Centipawns(-199)), DrawAnswer::SlightlyWorse),
            (Some(Score::Centipawns(-50)), DrawAnswer::SlightlyWorse),
            (Some(Score::Centipawns(-49)), DrawAnswer::Level),
            (Some(Score::Centipawns(99)), DrawAnswer::Level),
            (Some(Score::Centipawns(100)), DrawAnswer::Better),
            (Some(Score::Mate(-3)), DrawAnswer::Accept),
            (Some(Score::Mate(2)), DrawAnswer::Better),
        ];
        for (score, answer) in cases {
            assert_eq!(draw_answer(score), answer, "{score:?}");
        }
    }
}
