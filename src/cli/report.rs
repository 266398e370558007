//! `vichess report GAME.journal`: the arbiter's report of one game, to read and sign.
//!
//! Every move, touch, illegal move, penalty, claim, draw offer, clock start, pause and
//! correction, note and the result, in the order they happened, with the session time and
//! (when the journal knows it) the time of day in UTC; then the game as PGN with the same
//! events as comments after the move they followed. The report replays the journal through
//! the session's own [`replay_journal`], so it says exactly what a resume would rebuild.

use anyhow::Context;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::pgn::{write_game, Comment, GameResult, PgnGame};
use vichess::rules::clock::{ClockConfig, ClockEvent};
use vichess::rules::notation::san;
use vichess::rules::{Color, Position};
use vichess::session::{
    replay_journal, DrawAction, Happening, QuickplayAnswer, Record, TimeChange, UtcTime,
};
use vichess::voice::Pack;

fn side(c: Color) -> &'static str {
    c.fold("White", "Black")
}

/// Session milliseconds as h:mm:ss, a written document's clock format.
fn hms(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// "1. e4" or "1... e5": the move as a scoresheet numbers it.
fn numbered(before: &Position, text: &str) -> String {
    match before.turn() {
        Color::White => format!("{}. {text}", before.fullmoves()),
        Color::Black => format!("{}... {text}", before.fullmoves()),
    }
}

/// What one record did, in plain words; `None` for bookkeeping (checkpoints, anchors).
fn describe(rec: &Record, happened: &[Happening]) -> Option<String> {
    let mut line = match rec {
        Record::Begin { control, fen, .. } => format!(
            "game begins; time control {}; start position {fen}",
            control.as_deref().unwrap_or("none")
        ),
        Record::Start { .. } => "White's clock started".into(),
        Record::Press { side: s, .. } => format!("{} pressed the clock", side(*s)),
        Record::Pause { stopped: true, .. } => "both clocks stopped".into(),
        Record::Pause { stopped: false, .. } => "clocks restarted".into(),
        Record::Draw { by, action, .. } => format!(
            "{} {}",
            side(*by),
            match action {
                DrawAction::Offer => "offers a draw",
                DrawAction::Accept => "accepts the draw offer",
                DrawAction::Decline => "declines the draw offer",
            }
        ),
        Record::Claim {
            by, what, intended, ..
        } => format!(
            "{} claims {}{}",
            side(*by),
            match what.word() {
                "quickplay" => "a draw under III.5",
                "increment" => "five seconds a move for both under III.4 (a draw offer)",
                "flag" => "the opponent's flag",
                w => w,
            },
            intended
                .as_deref()
                .map(|m| format!(" with the intended move {m}"))
                .unwrap_or_default()
        ),
        Record::Resign { by, .. } => format!("{} resigns", side(*by)),
        Record::Adjourn { .. } => "game adjourned, the sealed move in the envelope".into(),
        Record::Note { text, .. } => format!("note: {text}"),
        Record::Touch {
            side: s, square, ..
        } => format!("{} touched the man on {square}", side(*s)),
        Record::Illegal { by, .. } => {
            format!("the arbiter records an illegal move by {}", side(*by))
        }
        Record::Adjust {
            side: s,
            change,
            ms,
            ..
        } => format!(
            "the arbiter {} {} {} time",
            match change {
                TimeChange::Add => "adds",
                TimeChange::Take => "takes",
                TimeChange::Set => "sets",
            },
            hms(*ms),
            match change {
                TimeChange::Add => format!("to {}'s", side(*s)),
                TimeChange::Take => format!("from {}'s", side(*s)),
                TimeChange::Set => format!("as {}'s", side(*s)),
            }
        ),
        Record::TakeBack { .. } => "the last move is taken back".into(),
        Record::Undo { .. } => "the arbiter undoes the result; the game goes on".into(),
        Record::Open { .. } => "the arbiter opens the sealed move".into(),
        Record::Restore { ply, .. } => {
            format!("the arbiter restores the position after {ply} plies (7.5.1)")
        }
        Record::Ruling { .. }
            if happened
                .iter()
                .any(|h| matches!(h, Happening::IncrementRuled { .. })) =>
        {
            "the arbiter rules on the III.4 request".into()
        }
        Record::Ruling { answer, .. } => format!(
            "the arbiter rules on the III.5 claim: {}",
            match answer {
                QuickplayAnswer::Accept => "accepted, a draw",
                QuickplayAnswer::Reject => "rejected, two minutes for the opponent",
                QuickplayAnswer::Postpone { extra_time: true } => {
                    "decision postponed, two minutes for the opponent now"
                }
                QuickplayAnswer::Postpone { extra_time: false } => "decision postponed",
            }
        ),
        Record::Tag { name, value, .. } => format!("{name}: {value}"),
        Record::Move { .. } | Record::Correct { .. } => String::new(),
        Record::Checkpoint { .. }
        | Record::Anchor { .. }
        | Record::End { .. }
        | Record::Speed { .. } => return None,
    };
    for h in happened {
        let extra = match h {
            Happening::Moved {
                before,
                mv,
                side: s,
            } => {
                format!("{} plays {}", side(*s), numbered(before, &san(before, mv)))
            }
            Happening::Corrected { before, mv } => {
                format!("move corrected to {}", numbered(before, &san(before, mv)))
            }
            Happening::Opened { before, mv } => format!(
                "the sealed move is played: {}",
                numbered(before, &san(before, mv))
            ),
            Happening::IncrementRuled { agrees: true, .. } => {
                "the arbiter switches both clocks to five seconds a move (III.4)".into()
            }
            Happening::IncrementRuled { agrees: false, .. } => {
                "the arbiter refuses the increment (III.4)".into()
            }
            Happening::PenaltyTime { to, ms } => {
                format!("penalty: {} gets {} (7.5.5)", side(*to), hms(*ms))
            }
            Happening::IllegalMove { by, count } => {
                format!("{}'s illegal move number {count}", side(*by))
            }
            Happening::TimeAdjusted { side: s, left, .. } => {
                format!("{} now has {}", side(*s), hms(*left))
            }
            Happening::ClaimRejected { words, penalty, .. } => match penalty {
                Some((to, ms)) => format!(
                    "the claim is rejected: {words}; {} gets {}",
                    side(*to),
                    hms(*ms)
                ),
                None => format!("the claim is rejected: {words}"),
            },
            Happening::Ended { ending, .. } => {
                format!("the game ends: {} ({})", ending.score, ending.words)
            }
            Happening::Clock(events) => {
                let falls: Vec<String> = events
                    .iter()
                    .filter_map(|e| match e {
                        ClockEvent::FlagFell { side: s, .. } => {
                            Some(format!("{}'s flag fell", side(*s)))
                        }
                        _ => None,
                    })
                    .collect();
                falls.join("; ")
            }
            _ => String::new(),
        };
        if !extra.is_empty() {
            if !line.is_empty() {
                line += "; ";
            }
            line += &extra;
        }
    }
    (!line.is_empty()).then_some(line)
}

pub fn run(path: &Path) -> anyhow::Result<ExitCode> {
    let read = vichess::journal::read(path)
        .with_context(|| format!("cannot read the journal {}", path.display()))?;
    let lines: Vec<String> = read.entries.into_iter().map(|e| e.payload).collect();
    let pack = Pack::builtin("en").context("the English voice pack is needed for the report")?;
    let (state, steps) = replay_journal(ClockConfig::default(), &pack, &lines)
        .with_context(|| format!("{} cannot be replayed", path.display()))?;
    let mut out = std::io::stdout().lock();

    let tag = |name: &str| {
        state
            .tags()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| "?".into())
    };
    writeln!(out, "Arbiter's report: {} - {}", tag("White"), tag("Black"))?;
    writeln!(out, "event: {}; round: {}", tag("Event"), tag("Round"))?;
    writeln!(out, "journal: {}", path.display())?;
    if let Some(torn) = &read.torn {
        writeln!(
            out,
            "warning: the journal's last line is damaged and left out: {torn:?}"
        )?;
    }

    // The wall clock, once an anchor says how session time maps to it.
    let mut anchor: Option<(u64, u64)> = None;
    let mut pgn = PgnGame::from_game(state.game());
    let mut ply = 0usize;
    let mut pending: Vec<String> = Vec::new();
    for (rec, happened) in &steps {
        if let Record::Anchor { at, unix_ms } = rec {
            anchor = Some((*at, *unix_ms));
        }
        let moved = happened
            .iter()
            .any(|h| matches!(h, Happening::Moved { .. }));
        let taken_back = matches!(rec, Record::TakeBack { .. });
        let Some(text) = describe(rec, happened) else {
            continue;
        };
        let when = match anchor {
            Some((at, unix)) => {
                let utc = UtcTime::from_unix_ms(unix + rec.at().saturating_sub(at));
                format!(
                    "{} ({} {:02}:{:02}:{:02} UTC)",
                    hms(rec.at()),
                    utc.pgn_date(),
                    utc.hour,
                    utc.minute,
                    utc.second
                )
            }
            None => hms(rec.at()),
        };
        writeln!(out, "{when}  {text}")?;
        if moved {
            ply += 1;
        } else if taken_back {
            ply = ply.saturating_sub(1);
        }
        // Presses and tags are in the plain lines; the PGN keeps the comments an arbiter or
        // a reader of the game needs.
        let routine = matches!(
            rec,
            Record::Begin { .. } | Record::Tag { .. } | Record::Press { .. } | Record::Start { .. }
        );
        if !moved && !routine {
            pending.push(format!("{when} {text}"));
            attach(&mut pgn, ply, &mut pending);
        }
    }
    let result = state
        .ending()
        .map(|e| format!("{} ({})", e.score, e.words))
        .unwrap_or_else(|| "* (the game is not over)".into());
    writeln!(out, "result: {result}")?;
    writeln!(out, "arbiter's signature: ____________________")?;
    writeln!(out)?;
    for (name, value) in state.tags() {
        pgn.set_tag(name, value.clone());
    }
    if let Some(unix) = state.began_unix_ms() {
        pgn.set_tag("Date", UtcTime::from_unix_ms(unix).pgn_date());
    }
    if let Some(e) = state.ending() {
        pgn.result = GameResult::from_pgn(e.score);
        pgn.set_tag("Result", e.score);
    }
    write!(out, "{}", write_game(&pgn))?;
    Ok(ExitCode::SUCCESS)
}

/// Puts the notes gathered so far after the move they followed (before the first move, on
/// the game itself), as PGN comments.
fn attach(pgn: &mut PgnGame, ply: usize, pending: &mut Vec<String>) {
    let n = pgn.main.moves.len();
    for text in pending.drain(..) {
        let comment = Comment::new(text);
        match ply.checked_sub(1).filter(|i| *i < n) {
            Some(i) => pgn.main.moves[i].comments.push(comment),
            None => pgn.main.comments.push(comment),
        }
    }
}
