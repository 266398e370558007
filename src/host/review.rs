//! A game reviewed by an engine in the foreground (issue 27): `vichess review` and `review`
//! typed at the end of a game against the engine, through this one path with the same
//! settings, so both find the same turning points in the same game. One search at a time,
//! each timed out; searches are bounded by depth, never by time, so a review is the same
//! on a slow machine and a fast one.

use crate::engine::review::{
    eval_comment, full_move_done, progress_line, terminal, turning_points, Judgement,
};
use crate::engine::uci::{Command, Go, Heard, Listener};
use crate::pgn::{Comment, PgnGame};
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::Position;
use crate::voice::Pack;
use anyhow::{anyhow, bail, Context};
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long one position may take at any depth before the engine counts as hung.
const POSITION_MS: u64 = 60_000;

/// How many plies deep the engine looks at each position, unless `vichess review --depth`
/// says otherwise; `review` at a game's end uses it too.
pub const REVIEW_DEPTH: u32 = 12;

/// The engine's settings for a review, sent before the first search: one thread and a
/// fixed table, so the same game at the same depth gets the same judgements every time
/// (more threads search in an order that varies from run to run).
fn review_options() -> [Command; 2] {
    let set = |name: &str, value: &str| Command::SetOption {
        name: name.into(),
        value: Some(value.into()),
    };
    [set("Threads", "1"), set("Hash", "16")]
}

/// An engine run in the foreground, one search at a time.
struct Analyst {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: Receiver<String>,
    listener: Listener,
    /// What went wrong, in the review's words: stopped, no answer in time, no move, flood.
    says: [String; 4],
}

/// A word of the review's language.
fn word(pack: &Pack, w: Word) -> String {
    pack.text(&[Token::Word(w)])
}

impl Analyst {
    fn start(program: &str, pack: &Pack) -> anyhow::Result<Analyst> {
        let path = super::find_program(program).ok_or_else(|| {
            let what = word(pack, Word::EngineNotFound);
            anyhow!("{what}{} {program}", pack.colon())
        })?;
        let cannot = || {
            let what = word(pack, Word::EngineMissing);
            format!("{what}{} {}", pack.colon(), path.display())
        };
        let mut child = std::process::Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(cannot)?;
        let stdin = child.stdin.take().with_context(cannot)?;
        let stdout = child.stdout.take().with_context(cannot)?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut a = Analyst {
            child,
            stdin,
            lines,
            listener: Listener::default(),
            says: [
                Word::EngineCrashed,
                Word::EngineHung,
                Word::EngineMalformed,
                Word::EngineFlooding,
            ]
            .map(|w| word(pack, w)),
        };
        a.send(&Command::Uci)?;
        a.wait(|h| matches!(h, Heard::UciOk))?;
        for o in review_options() {
            let known =
                matches!(&o, Command::SetOption { name, .. } if a.listener.has_option(name));
            if known {
                a.send(&o)?;
            }
        }
        a.send(&Command::NewGame)?;
        a.send(&Command::IsReady)?;
        a.wait(|h| matches!(h, Heard::ReadyOk))?;
        Ok(a)
    }

    fn send(&mut self, c: &Command) -> anyhow::Result<()> {
        // A pipe that is gone is an engine that stopped, said in the review's words.
        writeln!(self.stdin, "{c}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| anyhow!("{}", self.says[0]))
    }

    fn wait(&mut self, done: impl Fn(&Heard) -> bool) -> anyhow::Result<Heard> {
        let deadline = Instant::now() + Duration::from_millis(POSITION_MS);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let heard = self.listener.feed(&line);
                    match heard {
                        Heard::Malformed(w) => bail!("{}: {w}", self.says[2]),
                        Heard::Flooding => bail!("{}", self.says[3]),
                        h if done(&h) => return Ok(h),
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => bail!("{}", self.says[1]),
                Err(RecvTimeoutError::Disconnected) => bail!("{}", self.says[0]),
            }
        }
    }

    fn judge(&mut self, pos: &Position, depth: u32) -> anyhow::Result<Judgement> {
        if let Some(j) = terminal(pos) {
            return Ok(j);
        }
        self.listener.search();
        self.send(&Command::Position {
            fen: Some(pos.fen()),
            moves: Vec::new(),
        })?;
        self.send(&Command::Go(Go {
            depth: Some(depth),
            ..Go::default()
        }))?;
        match self.wait(|h| matches!(h, Heard::Done(_)))? {
            Heard::Done(o) => Ok(Judgement {
                score: o.score,
                best: o.best,
            }),
            _ => unreachable!("wait returns what it waited for"),
        }
    }
}

impl Drop for Analyst {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reviews `pgn`'s main line with `program` at `depth`: the turning points as phrases in
/// `pack`'s words, and the game with an `[%eval]` comment after each move. `progress` is
/// handed a line in `pack`'s words every few full moves ("reviewing, move 10 of 40").
pub fn review_game(
    pgn: &PgnGame,
    program: &str,
    depth: u32,
    pack: &Pack,
    progress: impl FnMut(String),
) -> anyhow::Result<(Vec<Phrase>, PgnGame)> {
    let never = std::sync::atomic::AtomicBool::new(false);
    review_game_until(pgn, program, depth, pack, progress, &never)
}

/// [`review_game`] that gives up between two positions once `stop` is set: `review` typed
/// again while the review of a game just ended runs in the background.
pub fn review_game_until(
    pgn: &PgnGame,
    program: &str,
    depth: u32,
    pack: &Pack,
    mut progress: impl FnMut(String),
    stop: &std::sync::atomic::AtomicBool,
) -> anyhow::Result<(Vec<Phrase>, PgnGame)> {
    let game = pgn
        .to_game()
        .map_err(|(ply, e)| anyhow!("move {}: {e}", ply + 1))?;
    let positions = game.positions().to_vec();
    let moves = game.moves().to_vec();
    let mut analyst = Analyst::start(program, pack)?;
    let mut judged = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            bail!("the review was stopped");
        }
        // UCI's "go depth 0" is no limit at all to Stockfish: it would search for ever.
        judged.push(analyst.judge(pos, depth.max(1))?);
        if let Some(line) =
            full_move_done(&positions, i).and_then(|(done, all)| progress_line(pack, done, all))
        {
            progress(line);
        }
    }
    drop(analyst);
    let lines = turning_points(&positions, &moves, &judged);
    let mut out = pgn.clone();
    for (i, m) in out.main.moves.iter_mut().enumerate() {
        if let (Some(pos), Some(j)) = (positions.get(i + 1), judged.get(i + 1)) {
            if let Some(eval) = eval_comment(pos, j) {
                m.comments.push(Comment::new(eval));
            }
        }
    }
    Ok((lines, out))
}
