//! What vichess adds around the engine's think (issue 27): from the engine's `bestmove` line
//! to the announcement being ready to say (the line read by the codec, the news handed to the
//! game loop through its channel, the move checked by the rules, journaled as the engine's and
//! worded through `Table`), against the reference measured in the same run: the same move
//! typed by a player and handled by the same `Table`. The journal's fsync, which comes before
//! every announcement of every move, is timed on its own. Then the review's speed per move at
//! a fixed depth: Stockfish's own time for each position (the reference) and vichess's work
//! on top (the turning points, the `[%eval]` comments, the PGN).
//!
//! Run: `cargo bench --bench engine_overhead`. Figures go to docs/performance.md.

use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};
use vichess::engine::review::{eval_comment, terminal, turning_points, Judgement};
use vichess::engine::uci::{Command, Go, Heard, Listener};
use vichess::rules::notation::uci;
use vichess::rules::Position;
use vichess::session::{Input, Session, SessionConfig, Stamp, Table};
use vichess::voice::Pack;

/// The Opera Game (Morphy, 1858), in UCI.
const GAME: &[&str] = &[
    "e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3", "d6e5", "f1c4", "g8f6",
    "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5", "c3b5", "c6b5", "c4b5", "b8d7", "e1c1", "a8d8",
    "d1d7", "d8d7", "h1d1", "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8",
];

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// A table whose game stands after the first `plies` moves of the Opera Game.
fn table_at(pack: &Pack, plies: usize) -> Table {
    let mut t = Table::new(Session::new(
        SessionConfig::default(),
        pack.clone(),
        Position::new(),
        None,
    ));
    for (i, m) in GAME[..plies].iter().enumerate() {
        t.handle(Input::Line((*m).into()), Stamp::from_millis(i as u64));
    }
    while t.poll_output().is_some() {}
    t
}

/// Everything between the engine's `bestmove` line and the announcement's words.
fn engine_path(t: &mut Table, line: &str, now: Stamp) -> usize {
    let mut l = Listener::default();
    l.search();
    let Heard::Done(outcome) = l.feed(line) else {
        panic!("no bestmove")
    };
    let (tx, rx) = std::sync::mpsc::channel();
    tx.send(outcome).unwrap();
    let outcome = rx.recv().unwrap();
    let best = outcome.best.unwrap();
    let ok = t.seat(now, |s, now| {
        match s.engine_move(&best, "Stockfish 15.1, level 1", true, now) {
            Some(e) => (true, e),
            None => (false, Vec::new()),
        }
    });
    assert!(ok);
    let mut n = 0;
    while let Some(o) = t.poll_output() {
        n += black_box(format!("{o:?}")).len();
    }
    n
}

/// The reference: the same move typed by a player.
fn typed_path(t: &mut Table, text: &str, now: Stamp) -> usize {
    t.handle(Input::Line(text.into()), now);
    let mut n = 0;
    while let Some(o) = t.poll_output() {
        n += black_box(format!("{o:?}")).len();
    }
    n
}

fn overhead() {
    let pack = Pack::builtin("de-fide").unwrap();
    let rounds = 2_000;
    let (mut engine, mut typed) = (Vec::new(), Vec::new());
    for r in 0..rounds {
        // Every Black move of the game, in turn: engine and player interleaved.
        let ply = 1 + 2 * (r % (GAME.len() / 2));
        let line = format!("bestmove {} ponder a2a3", GAME[ply]);
        let mut a = table_at(&pack, ply);
        let mut b = table_at(&pack, ply);
        let now = Stamp::from_millis(100_000);
        let t0 = Instant::now();
        black_box(engine_path(&mut a, &line, now));
        let t1 = Instant::now();
        black_box(typed_path(&mut b, GAME[ply], now));
        let t2 = Instant::now();
        engine.push(t1 - t0);
        typed.push(t2 - t1);
    }
    let dir = tempfile::tempdir().unwrap();
    let mut f = std::fs::File::create(dir.path().join("journal")).unwrap();
    let mut fsync = Vec::new();
    for i in 0..200 {
        let t0 = Instant::now();
        writeln!(f, "{i} 0123abcd move 1000 e7e5").unwrap();
        f.sync_data().unwrap();
        fsync.push(t0.elapsed());
    }
    let (e, t, s) = (median(engine), median(typed), median(fsync));
    println!("bestmove to announcement (in process), median: {e:?}");
    println!("the same move typed (reference), median:       {t:?}");
    println!(
        "ratio engine/typed: {:.2}",
        e.as_secs_f64() / t.as_secs_f64()
    );
    println!("journal line with fsync, median:               {s:?}");
    println!(
        "bestmove to announcement with the fsync: {:?} (goal < 5 ms)",
        e + s
    );
}

fn review(depth: u32) {
    let Some(path) = vichess::host::find_program("stockfish") else {
        println!("review: stockfish is not installed; scripts/setup installs it");
        return;
    };
    let mut child = std::process::Command::new(path)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut listener = Listener::default();
    let mut send = |c: Command| writeln!(stdin, "{c}").unwrap();
    let mut wait = |l: &mut Listener, done: &dyn Fn(&Heard) -> bool| loop {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let h = l.feed(line.trim_end());
        if done(&h) {
            return h;
        }
    };
    send(Command::Uci);
    wait(&mut listener, &|h| matches!(h, Heard::UciOk));
    send(Command::IsReady);
    wait(&mut listener, &|h| matches!(h, Heard::ReadyOk));
    let mut positions = vec![Position::new()];
    let mut moves = Vec::new();
    for m in GAME {
        let pos = positions.last().unwrap().clone();
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|x| uci(&pos, x) == *m)
            .unwrap();
        positions.push(pos.play(&mv).unwrap());
        moves.push(mv);
    }
    let t0 = Instant::now();
    let mut judged = Vec::new();
    for pos in &positions {
        if let Some(j) = terminal(pos) {
            judged.push(j);
            continue;
        }
        listener.search();
        send(Command::Position {
            fen: Some(pos.fen()),
            moves: vec![],
        });
        send(Command::Go(Go {
            depth: Some(depth),
            ..Go::default()
        }));
        let Heard::Done(o) = wait(&mut listener, &|h| matches!(h, Heard::Done(_))) else {
            unreachable!()
        };
        judged.push(Judgement {
            score: o.score,
            best: o.best,
        });
    }
    let engine = t0.elapsed();
    send(Command::Quit);
    let _ = child.wait();
    let pack = Pack::builtin("en").unwrap();
    let t1 = Instant::now();
    let mut work = 0;
    for _ in 0..100 {
        for line in turning_points(&positions, &moves, &judged) {
            work += black_box(pack.text(&line)).len();
        }
        for (p, j) in positions.iter().zip(&judged) {
            work += black_box(eval_comment(p, j)).map_or(0, |c| c.len());
        }
    }
    let ours = t1.elapsed() / 100;
    let per = |d: Duration| d / GAME.len() as u32;
    println!(
        "review at depth {depth}, {} plies: Stockfish {:?} per move (reference), vichess {:?} per move on top, ratio {:.5}",
        GAME.len(),
        per(engine),
        per(ours),
        ours.as_secs_f64() / engine.as_secs_f64()
    );
    black_box(work);
}

fn main() {
    overhead();
    review(8);
    review(12);
}
