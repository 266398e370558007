//! `vichess review GAME.pgn`: the engine looks at every position of a finished game, and
//! vichess prints the turning points in the game's language and writes the game again with
//! the evaluations as `[%eval]` comments. Progress goes to standard error, a line every ten
//! positions, so a long game's review is never silent.

use anyhow::{anyhow, bail, Context};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use vichess::engine::review::{eval_comment, terminal, turning_points, Judgement};
use vichess::engine::uci::{Command, Go, Heard, Listener, Score};
use vichess::pgn::Comment;
use vichess::phrase::token::{Token, Word};
use vichess::rules::Position;
use vichess::voice::Pack;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game to review, a PGN file (its first game).
    pub pgn: PathBuf,
    /// How many plies deep the engine looks at each position.
    #[arg(long, default_value_t = 12)]
    pub depth: u32,
    /// The engine's program, or a name on PATH (also looked for in /usr/games).
    #[arg(long, default_value = "stockfish")]
    pub engine: String,
    /// The review's language: de, en, uk, ru or hy.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// Where the game with its evaluations is written (default: GAME-review.pgn beside it).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// How long one position may take at any depth before the engine counts as hung.
const POSITION_MS: u64 = 60_000;

/// An engine run in the foreground, one search at a time.
struct Analyst {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: Receiver<String>,
    listener: Listener,
}

impl Analyst {
    fn start(program: &str) -> anyhow::Result<Analyst> {
        let path = vichess::host::find_program(program)
            .ok_or_else(|| anyhow!("the engine {program:?} is not installed"))?;
        let mut child = std::process::Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", path.display()))?;
        let stdin = child.stdin.take().context("no pipe to the engine")?;
        let stdout = child.stdout.take().context("no pipe from the engine")?;
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
        };
        a.send(&Command::Uci)?;
        a.wait(|h| matches!(h, Heard::UciOk))?;
        a.send(&Command::IsReady)?;
        a.wait(|h| matches!(h, Heard::ReadyOk))?;
        Ok(a)
    }

    fn send(&mut self, c: &Command) -> anyhow::Result<()> {
        writeln!(self.stdin, "{c}")?;
        self.stdin.flush()?;
        Ok(())
    }

    fn wait(&mut self, done: impl Fn(&Heard) -> bool) -> anyhow::Result<Heard> {
        let deadline = Instant::now() + Duration::from_millis(POSITION_MS);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let heard = self.listener.feed(&line);
                    match heard {
                        Heard::Malformed(w) => bail!("the engine answered no move: {w}"),
                        Heard::Flooding => bail!("the engine prints without end"),
                        h if done(&h) => return Ok(h),
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => bail!("the engine did not answer in time"),
                Err(RecvTimeoutError::Disconnected) => bail!("the engine stopped"),
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
                score: o.score.unwrap_or(Score::Centipawns(0)),
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

pub fn run(args: ReviewArgs) -> anyhow::Result<ExitCode> {
    let language = vichess::phrase::Language::from_code(&args.lang).ok_or_else(|| {
        anyhow!(
            "{:?} is not a language vichess speaks (de, en, uk, ru, hy)",
            args.lang
        )
    })?;
    let pack = Pack::builtin(vichess::session::language_pack(language))?;
    let text = std::fs::read_to_string(&args.pgn)
        .with_context(|| format!("cannot read {}", args.pgn.display()))?;
    let mut pgn = vichess::pgn::read_game(&text)
        .ok_or_else(|| anyhow!("{}: no game in it", args.pgn.display()))?
        .map_err(|e| anyhow!("{}: {e}", args.pgn.display()))?;
    let game = pgn
        .to_game()
        .map_err(|(ply, e)| anyhow!("{}: move {}: {e}", args.pgn.display(), ply + 1))?;
    let positions = game.positions().to_vec();
    let moves = game.moves().to_vec();
    let mut analyst = Analyst::start(&args.engine)?;
    let mut judged = Vec::with_capacity(positions.len());
    let reviewing = pack.text(&[Token::Word(Word::Reviewing)]);
    let mut err = std::io::stderr().lock();
    for (i, pos) in positions.iter().enumerate() {
        if i % 10 == 0 && i > 0 {
            writeln!(err, "{reviewing} {}/{}", i, positions.len() - 1)?;
        }
        judged.push(analyst.judge(pos, args.depth)?);
    }
    drop(analyst);
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    for line in turning_points(&positions, &moves, &judged, &pack) {
        writeln!(out, "{line}")?;
    }
    for (i, m) in pgn.main.moves.iter_mut().enumerate() {
        if let (Some(pos), Some(j)) = (positions.get(i + 1), judged.get(i + 1)) {
            m.comments.push(Comment::new(eval_comment(pos, j)));
        }
    }
    let target = args.out.clone().unwrap_or_else(|| {
        let stem = args
            .pgn
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into());
        args.pgn.with_file_name(format!("{stem}-review.pgn"))
    });
    vichess::host::save_file(&target, &vichess::pgn::write_game(&pgn))
        .with_context(|| format!("cannot write {}", target.display()))?;
    writeln!(
        out,
        "{}: {}",
        pack.text(&[Token::Word(Word::Saved)]),
        target.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
