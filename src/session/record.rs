//! Journal records: every change to the game, one text line each, written before it is
//! announced, so that replaying the lines rebuilds the game exactly (`Session::resume`).
//!
//! A line is a keyword, the session time in milliseconds, then the record's fields separated
//! by single spaces; a FEN or a note, which contain spaces, comes last. Moves are stored in
//! UCI, which the rules core reads back in any position without ambiguity.

use super::arbiter_command::{QuickplayAnswer, TimeChange};
use super::command::{ClaimWhat, DrawAction};
use crate::rules::arbiter::ruling::Supervision;
use crate::rules::{Color, Square};
use std::fmt;

/// The longest time a record may carry: a session time, a time the arbiter adds or sets, a
/// period's time or a bonus. A thousand hours is far beyond any game (adjournments included);
/// a larger figure is a damaged or hand-edited line, refused as such rather than let through
/// to flags that fall while the clocks show 5:00 (issue 24).
pub const MAX_RECORD_MS: u64 = 1000 * 3_600_000;

/// How an arbiter's note begins in the journal's `note` record, to tell it from the notes
/// vichess writes itself (an engine's move, a hearing, a touch the board saw).
pub const ARBITER_NOTE: &str = "arbiter: ";

/// The latest wall-clock reading an anchor may carry: the year 9999, in Unix milliseconds.
const MAX_UNIX_MS: u64 = 253_402_300_799_999;

/// One change to the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// The first record: the start position and the time control (`-` when untimed), in the
    /// PGN `TimeControl` syntax.
    Begin {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The time control in PGN `TimeControl` syntax; `None` for an untimed game.
        control: Option<String>,
        /// Castling by Chess960 rules, so moves read back the same way.
        chess960: bool,
        /// The start position.
        fen: String,
    },
    /// White's clock started (6.5).
    Start {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
    },
    /// A move made (and announced), in UCI.
    Move {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The move in UCI.
        uci: String,
    },
    /// `side` pressed the clock, completing its move.
    Press {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The side whose clock button was pressed.
        side: Color,
        /// Nobody pressed: the opponent's reply pressed for `side`, whose clock ran until
        /// then (6.2.2). Journaled as such, so the arbiter sees the press was implied.
        /// Written `press AT SIDE implied`; a vichess from before it reads a plain press,
        /// which replays the same.
        implied: bool,
    },
    /// D.2.8: the move just made replaced by this one before the clock was pressed.
    Correct {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The replacement move in UCI.
        uci: String,
    },
    /// The last move taken back.
    TakeBack {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
    },
    /// `by` asks the opponent to take back `by`'s last move (and the opponent's reply, when
    /// there is one): a request, as lichess and Tornelo players mean `takeback` (issue 24,
    /// item 6). Nothing is taken back until the answer.
    TakebackRequest {
        /// Session time in milliseconds.
        at: u64,
        /// The side asking.
        by: Color,
    },
    /// `by` answered the opponent's take-back request: accepted, the moves are taken back
    /// as [`Record::TakeBack`] takes back one; declined, nothing changes.
    TakebackAnswer {
        /// Session time in milliseconds.
        at: u64,
        /// The side answering.
        by: Color,
        /// Accepted.
        accept: bool,
    },
    /// A game with no move yet ended without a result (issue 24, item 14): PGN `*`.
    Abort {
        /// Session time in milliseconds.
        at: u64,
    },
    /// Both clocks stopped (`true`) or restarted.
    Pause {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// `true` when the clocks stopped, `false` when they restarted.
        stopped: bool,
    },
    /// A draw offered, accepted or declined (9.1).
    Draw {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The player who made it.
        by: Color,
        /// Offer, accept or decline.
        action: DrawAction,
    },
    /// A claim by `by`, with the intended move in UCI for 9.2 and 9.3.
    Claim {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The claiming player.
        by: Color,
        /// What is claimed.
        what: ClaimWhat,
        /// The move the claimant intends, in UCI, when the claim rests on it.
        intended: Option<String>,
    },
    /// A player resigned: the game is over.
    Resign {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The player who resigned.
        by: Color,
    },
    /// Adjourned; the sealed move in UCI (Guidelines I.1.1). The journal is the envelope:
    /// nothing else says or prints the move until it is opened.
    Adjourn {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The sealed move; `None` only in journals of older versions, which sealed none.
        sealed: Option<String>,
    },
    /// The arbiter opened the sealed move: it is played and the opponent's clock started
    /// (Guidelines I.8, I.9).
    Open {
        /// Session time in milliseconds.
        at: u64,
    },
    /// The arbiter undid the game's result: play goes on from where it stood.
    Undo {
        /// Session time in milliseconds.
        at: u64,
    },
    /// Something for the arbiter (a sighted player's touch, D.2.10.5; a touch-move breach).
    Note {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The note, on one line.
        text: String,
    },
    /// `side`, on move, touched its man on `square` with intent (a lift from the pegboard,
    /// D.2.2). Journaled because it costs the right to claim on this move (9.4).
    Touch {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The side on move that touched.
        side: Color,
        /// The touched man's square.
        square: Square,
    },
    /// The arbiter found that `by` completed an illegal move (7.5): it counts towards the
    /// ladder (7.5.5), so it must survive a resume.
    Illegal {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The side that completed the illegal move.
        by: Color,
        /// The opponent had already replied: in rapid and blitz without adequate
        /// supervision the move then stands (A.5.2); otherwise it changes nothing.
        replied: bool,
    },
    /// The event's supervision, journaled with a new game when it is not the usual one, so
    /// that a resume and the report judge the game as it was played: no arbiter present
    /// (III.6), rapid or blitz without adequate supervision (A.5, B.3).
    Rules {
        /// Session time in milliseconds.
        at: u64,
        /// An arbiter is at hand (III.5) or not (III.6).
        arbiter_present: bool,
        /// A.4/B.2 or A.5/B.3.
        supervision: Supervision,
    },
    /// The arbiter changed `side`'s main time (6.10.2, 7.1, 12.9): journaled so that a
    /// resumed game's clocks and the arbiter's report show it.
    Adjust {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// Whose time.
        side: Color,
        /// Added, taken or set.
        change: TimeChange,
        /// How much, in milliseconds.
        ms: u64,
    },
    /// The arbiter restored the position after the first `ply` plies (7.4, 7.5.1).
    Restore {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// How many plies of the game stay.
        ply: usize,
    },
    /// The arbiter's answer to the pending III.5 claim.
    Ruling {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// Accept, reject or postpone.
        answer: QuickplayAnswer,
    },
    /// A PGN tag of the game (White, Black, Event, Site, Round): journaled so a resumed
    /// game keeps its players' names.
    Tag {
        /// Session time in milliseconds.
        at: u64,
        /// The PGN tag name: letters, digits and `_`.
        name: String,
        /// Its value, on one line.
        value: String,
    },
    /// The clock ran until `at`: written every few seconds while a clock runs, so a crash
    /// refunds at most that much of a player's thinking time.
    Checkpoint {
        /// Session time in milliseconds: the clock's reading is exact as of then.
        at: u64,
    },
    /// vichess stopped cleanly here (`quit`, or the end of input): a journal that does not
    /// end with this was cut off by a crash or a power cut, which a resume says.
    End {
        /// Session time in milliseconds.
        at: u64,
    },
    /// vichess was told to stop here (SIGTERM, SIGHUP, Ctrl-C) and stopped the way `quit`
    /// does: a resume says the game was interrupted, not that it crashed (issue 24, item 16).
    /// Written `end AT interrupted SIGNAL`, so a vichess from before it reads a clean stop.
    Interrupted {
        /// Session time in milliseconds.
        at: u64,
        /// What stopped it, one word: `SIGTERM`, `SIGHUP` or `SIGINT`.
        signal: String,
    },
    /// At session time `at` the wall clock read `unix_ms`: written once per run, so a resume
    /// can tell how long vichess was down (the game's own time is monotonic).
    Anchor {
        /// Session time in milliseconds: replaying it rebuilds the clocks.
        at: u64,
        /// The wall clock, in milliseconds since the Unix epoch.
        unix_ms: u64,
    },
    /// The player changed the speaking rate (`faster`, `slower`): a setting, journaled so a
    /// resumed game speaks at the rate the player chose rather than the configured one.
    Speed {
        /// Session time in milliseconds.
        at: u64,
        /// The rate in hundredths (100 = the pack's normal pace), within 50-300; hundredths
        /// keep the record exact and comparable, which a float would not.
        hundredths: u32,
    },
    /// The game's language and voice pack (issue 24, item 8): a setting of the game,
    /// journaled when it begins and whenever `--lang` or `--voice` changes it on a resume,
    /// so a resume and `vichess report` speak the game's language, not today's default.
    Language {
        /// Session time in milliseconds.
        at: u64,
        /// The language's ISO 639-1 code (`de`, `en`, `uk`, `ru`, `hy`).
        code: String,
        /// The voice pack's name.
        pack: String,
    },
    /// The side the visually impaired player plays (`--side`): a setting of the game,
    /// journaled when it begins and whenever `--side` changes it on a resume, so a resume
    /// without `--side` still knows whose offers, claims and earpiece are whose.
    Side {
        /// Session time in milliseconds.
        at: u64,
        /// The VI player's side.
        side: Color,
    },
    /// The engine seat (issue 27): which engine plays which side, how strongly, and whether
    /// it helps. A setting of the game, journaled when it begins and whenever `--engine`
    /// changes it on a resume, so a resume brings the engine back without `--engine`.
    Engine {
        /// Session time in milliseconds.
        at: u64,
        /// The seat.
        spec: crate::engine::EngineSpec,
    },
}

/// The speaking rate's bounds, in hundredths: the configuration's 0.5-3.0.
pub const RATE_MIN: u32 = 50;
/// See [`RATE_MIN`].
pub const RATE_MAX: u32 = 300;

/// A journal line that is not a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("journal line {line}: {why}: \"{text}\"")]
pub struct RecordError {
    /// The journal line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
    /// The line as found, so the arbiter can see it.
    pub text: String,
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn action(a: DrawAction) -> &'static str {
    match a {
        DrawAction::Offer => "offer",
        DrawAction::Accept => "accept",
        DrawAction::Decline => "decline",
    }
}

impl Record {
    /// The session time the record was made at.
    pub fn at(&self) -> u64 {
        match *self {
            Record::Begin { at, .. }
            | Record::Start { at }
            | Record::Move { at, .. }
            | Record::Press { at, .. }
            | Record::Correct { at, .. }
            | Record::TakeBack { at }
            | Record::TakebackRequest { at, .. }
            | Record::TakebackAnswer { at, .. }
            | Record::Abort { at }
            | Record::Pause { at, .. }
            | Record::Draw { at, .. }
            | Record::Claim { at, .. }
            | Record::Resign { at, .. }
            | Record::Adjourn { at, .. }
            | Record::Open { at }
            | Record::Undo { at }
            | Record::Note { at, .. }
            | Record::Touch { at, .. }
            | Record::Adjust { at, .. }
            | Record::Ruling { at, .. }
            | Record::Restore { at, .. }
            | Record::Illegal { at, .. }
            | Record::Rules { at, .. }
            | Record::Checkpoint { at }
            | Record::End { at }
            | Record::Interrupted { at, .. }
            | Record::Tag { at, .. }
            | Record::Anchor { at, .. }
            | Record::Speed { at, .. }
            | Record::Language { at, .. }
            | Record::Side { at, .. }
            | Record::Engine { at, .. } => at,
        }
    }

    /// Reads a line written by `Display`; `line` (from 1) is for the error message.
    pub fn parse(line: usize, text: &str) -> Result<Record, RecordError> {
        let err = |why: &str| RecordError {
            line,
            why: why.to_string(),
            text: text.to_string(),
        };
        let mut words = text.trim_end().splitn(3, ' ');
        let kind = words.next().unwrap_or("");
        let at: u64 = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| err("the time is missing"))?;
        let in_range = |ms: u64, what: &str| {
            if ms > MAX_RECORD_MS {
                Err(err(&format!(
                    "{what} {ms} ms is beyond 1000 hours ({MAX_RECORD_MS} ms)"
                )))
            } else {
                Ok(ms)
            }
        };
        in_range(at, "the session time")?;
        let rest = words.next().unwrap_or("");
        let fields: Vec<&str> = rest.split(' ').filter(|w| !w.is_empty()).collect();
        let color = |w: Option<&&str>| match w.copied() {
            Some("white") => Ok(Color::White),
            Some("black") => Ok(Color::Black),
            _ => Err(err("the side is missing")),
        };
        let one = |w: Option<&&str>| {
            w.map(|s| s.to_string())
                .ok_or_else(|| err("the move is missing"))
        };
        Ok(match kind {
            "begin" => {
                let mut parts = rest.splitn(3, ' ');
                let control = parts
                    .next()
                    .ok_or_else(|| err("the time control is missing"))?;
                let mode = parts
                    .next()
                    .ok_or_else(|| err("the castling mode is missing"))?;
                let fen = parts.next().ok_or_else(|| err("the position is missing"))?;
                if let Ok(tc) = crate::rules::clock::TimeControl::parse(control) {
                    use crate::rules::clock::Bonus;
                    for period in tc.periods() {
                        in_range(period.time, "a period's time")?;
                        if let Bonus::Increment(b) | Bonus::Delay(b) | Bonus::Bronstein(b) =
                            period.bonus
                        {
                            in_range(b, "a bonus")?;
                        }
                    }
                }
                Record::Begin {
                    at,
                    control: (control != "-").then(|| control.to_string()),
                    chess960: match mode {
                        "960" => true,
                        "standard" => false,
                        _ => return Err(err("the castling mode is not 960 or standard")),
                    },
                    fen: fen.to_string(),
                }
            }
            "start" => Record::Start { at },
            "move" => Record::Move {
                at,
                uci: one(fields.first())?,
            },
            "press" => Record::Press {
                at,
                side: color(fields.first())?,
                implied: fields.get(1) == Some(&"implied"),
            },
            "correct" => Record::Correct {
                at,
                uci: one(fields.first())?,
            },
            "takeback" => Record::TakeBack { at },
            "takeback-request" => Record::TakebackRequest {
                at,
                by: color(fields.first())?,
            },
            "takeback-answer" => Record::TakebackAnswer {
                at,
                by: color(fields.first())?,
                accept: match fields.get(1).copied() {
                    Some("accept") => true,
                    Some("decline") => false,
                    _ => return Err(err("the answer is not accept or decline")),
                },
            },
            "abort" => Record::Abort { at },
            "pause" => Record::Pause { at, stopped: true },
            "resume" => Record::Pause { at, stopped: false },
            "draw" => Record::Draw {
                at,
                by: color(fields.first())?,
                action: match fields.get(1).copied() {
                    Some("offer") => DrawAction::Offer,
                    Some("accept") => DrawAction::Accept,
                    Some("decline") => DrawAction::Decline,
                    _ => return Err(err("the draw action is not offer, accept or decline")),
                },
            },
            "claim" => Record::Claim {
                at,
                by: color(fields.first())?,
                what: fields
                    .get(1)
                    .and_then(|w| ClaimWhat::from_word(w))
                    .ok_or_else(|| err("the claim is not threefold, fifty, flag or quickplay"))?,
                intended: fields.get(2).map(|s| s.to_string()),
            },
            "resign" => Record::Resign {
                at,
                by: color(fields.first())?,
            },
            "adjourn" => Record::Adjourn {
                at,
                sealed: (!rest.is_empty()).then(|| rest.to_string()),
            },
            "open" => Record::Open { at },
            "undo" => Record::Undo { at },
            "note" => Record::Note {
                at,
                text: rest.to_string(),
            },
            "touch" => Record::Touch {
                at,
                side: color(fields.first())?,
                square: fields
                    .get(1)
                    .and_then(|w| w.parse().ok())
                    .ok_or_else(|| err("the square is missing"))?,
            },
            "illegal" => Record::Illegal {
                at,
                by: color(fields.first())?,
                replied: match fields.get(1).copied() {
                    None => false,
                    Some("replied") => true,
                    Some(_) => return Err(err("after the side comes only \"replied\"")),
                },
            },
            "rules" => {
                let mut arbiter_present = true;
                let mut supervision = Supervision::Adequate;
                for f in &fields {
                    match *f {
                        "arbiter=present" => arbiter_present = true,
                        "arbiter=absent" => arbiter_present = false,
                        "supervision=adequate" => supervision = Supervision::Adequate,
                        "supervision=inadequate" => supervision = Supervision::Unsupervised,
                        _ => return Err(err("not an arbiter=... or supervision=... setting")),
                    }
                }
                Record::Rules {
                    at,
                    arbiter_present,
                    supervision,
                }
            }
            "restore" => Record::Restore {
                at,
                ply: fields
                    .first()
                    .and_then(|w| w.parse().ok())
                    .ok_or_else(|| err("the number of plies is missing"))?,
            },
            "ruling" => Record::Ruling {
                at,
                answer: fields
                    .first()
                    .and_then(|w| QuickplayAnswer::from_word(w))
                    .ok_or_else(|| err("the ruling is not accept, reject or postpone"))?,
            },
            "adjust" => Record::Adjust {
                at,
                side: color(fields.first())?,
                change: fields
                    .get(1)
                    .and_then(|w| TimeChange::from_word(w))
                    .ok_or_else(|| err("the change is not add, take or set"))?,
                ms: in_range(
                    fields
                        .get(2)
                        .and_then(|w| w.parse().ok())
                        .ok_or_else(|| err("the time is missing"))?,
                    "the time",
                )?,
            },
            "clock" => Record::Checkpoint { at },
            "end" => match fields.as_slice() {
                ["interrupted", signal, ..] => Record::Interrupted {
                    at,
                    signal: signal.to_string(),
                },
                _ => Record::End { at },
            },
            "tag" => {
                let (name, value) = rest.split_once(' ').unwrap_or((rest, ""));
                if name.is_empty() {
                    return Err(err("the tag name is missing"));
                }
                Record::Tag {
                    at,
                    name: name.to_string(),
                    value: value.to_string(),
                }
            }
            "anchor" => Record::Anchor {
                at,
                unix_ms: fields
                    .first()
                    .and_then(|w| w.parse().ok())
                    .filter(|&ms| ms <= MAX_UNIX_MS)
                    .ok_or_else(|| err("the wall-clock time is missing or past the year 9999"))?,
            },
            "speed" => Record::Speed {
                at,
                hundredths: fields
                    .first()
                    .and_then(|w| w.parse::<f64>().ok())
                    .map(|r| (r * 100.0).round())
                    .filter(|h| (f64::from(RATE_MIN)..=f64::from(RATE_MAX)).contains(h))
                    .map(|h| h as u32)
                    .ok_or_else(|| err("the speed is not a number from 0.5 to 3.0"))?,
            },
            "language" => match fields[..] {
                [code, pack] if crate::phrase::Language::from_code(code).is_some() => {
                    Record::Language {
                        at,
                        code: code.to_string(),
                        pack: pack.to_string(),
                    }
                }
                _ => {
                    return Err(err(
                        "the language is not de, en, uk, ru or hy with a voice pack",
                    ))
                }
            },
            "side" => Record::Side {
                at,
                side: color(fields.first())?,
            },
            "engine" => Record::Engine {
                at,
                spec: crate::engine::EngineSpec::from_record_fields(rest).ok_or_else(|| {
                    err("the engine is not a side, a level or rating, a think time, help and a program")
                })?,
            },
            _ => return Err(err("unknown record")),
        })
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Record::Begin {
                at,
                control,
                chess960,
                fen,
            } => write!(
                f,
                "begin {at} {} {} {fen}",
                control.as_deref().unwrap_or("-"),
                if *chess960 { "960" } else { "standard" }
            ),
            Record::Start { at } => write!(f, "start {at}"),
            Record::Move { at, uci } => write!(f, "move {at} {uci}"),
            Record::Press {
                at,
                side: s,
                implied,
            } => write!(
                f,
                "press {at} {}{}",
                side(*s),
                if *implied { " implied" } else { "" }
            ),
            Record::Correct { at, uci } => write!(f, "correct {at} {uci}"),
            Record::TakeBack { at } => write!(f, "takeback {at}"),
            Record::TakebackRequest { at, by } => write!(f, "takeback-request {at} {}", side(*by)),
            Record::TakebackAnswer { at, by, accept } => write!(
                f,
                "takeback-answer {at} {} {}",
                side(*by),
                if *accept { "accept" } else { "decline" }
            ),
            Record::Abort { at } => write!(f, "abort {at}"),
            Record::Pause { at, stopped: true } => write!(f, "pause {at}"),
            Record::Pause { at, stopped: false } => write!(f, "resume {at}"),
            Record::Draw { at, by, action: a } => {
                write!(f, "draw {at} {} {}", side(*by), action(*a))
            }
            Record::Claim {
                at,
                by,
                what,
                intended,
            } => {
                write!(f, "claim {at} {} {what}", side(*by))?;
                if let Some(m) = intended {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            Record::Resign { at, by } => write!(f, "resign {at} {}", side(*by)),
            Record::Adjourn { at, sealed } => match sealed {
                Some(m) => write!(f, "adjourn {at} {m}"),
                None => write!(f, "adjourn {at}"),
            },
            Record::Open { at } => write!(f, "open {at}"),
            Record::Undo { at } => write!(f, "undo {at}"),
            Record::Note { at, text } => write!(f, "note {at} {}", text.replace('\n', " ")),
            Record::Touch {
                at,
                side: s,
                square,
            } => {
                write!(f, "touch {at} {} {square}", side(*s))
            }
            Record::Illegal { at, by, replied } => {
                write!(f, "illegal {at} {}", side(*by))?;
                if *replied {
                    f.write_str(" replied")?;
                }
                Ok(())
            }
            Record::Rules {
                at,
                arbiter_present,
                supervision,
            } => write!(
                f,
                "rules {at} arbiter={} supervision={}",
                if *arbiter_present {
                    "present"
                } else {
                    "absent"
                },
                match supervision {
                    Supervision::Adequate => "adequate",
                    Supervision::Unsupervised => "inadequate",
                }
            ),
            Record::Ruling { at, answer } => write!(f, "ruling {at} {}", answer.word()),
            Record::Restore { at, ply } => write!(f, "restore {at} {ply}"),
            Record::Adjust {
                at,
                side: s,
                change,
                ms,
            } => write!(f, "adjust {at} {} {} {ms}", side(*s), change.word()),
            Record::Checkpoint { at } => write!(f, "clock {at}"),
            Record::End { at } => write!(f, "end {at}"),
            Record::Interrupted { at, signal } => write!(f, "end {at} interrupted {signal}"),
            Record::Tag { at, name, value } => {
                write!(f, "tag {at} {name} {}", value.replace(['\n', '\r'], " "))
            }
            Record::Anchor { at, unix_ms } => write!(f, "anchor {at} {unix_ms}"),
            Record::Speed { at, hundredths } => {
                write!(f, "speed {at} {}.{:02}", hundredths / 100, hundredths % 100)
            }
            Record::Language { at, code, pack } => write!(f, "language {at} {code} {pack}"),
            Record::Side { at, side: s } => write!(f, "side {at} {}", side(*s)),
            Record::Engine { at, spec } => write!(f, "engine {at} {}", spec.record_fields()),
        }
    }
}

/// The VI player's side as the game's journal last recorded it; `None` when no side was
/// given (or for a journal from before the record existed).
pub fn journaled_side(lines: &[String]) -> Option<Color> {
    lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, line)| match Record::parse(i + 1, line) {
            Ok(Record::Side { side, .. }) => Some(side),
            _ => None,
        })
}

/// The engine seat as the game's journal last recorded it; `None` in a game without one.
pub fn journaled_engine(lines: &[String]) -> Option<crate::engine::EngineSpec> {
    lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, line)| match Record::parse(i + 1, line) {
            Ok(Record::Engine { spec, .. }) => Some(spec),
            _ => None,
        })
}

/// The game's language and voice pack as its journal last recorded them (issue 24, item 8),
/// read before the game is rebuilt, since the words it is rebuilt in depend on them; `None`
/// for a journal from before the record existed.
pub fn journaled_language(lines: &[String]) -> Option<(crate::phrase::Language, String)> {
    lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, line)| match Record::parse(i + 1, line) {
            Ok(Record::Language { code, pack, .. }) => {
                crate::phrase::Language::from_code(&code).map(|l| (l, pack))
            }
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_record_reads_back_as_written() {
        let records = vec![
            Record::Begin {
                at: 0,
                control: Some("5400+30".into()),
                chess960: false,
                fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            },
            Record::Start { at: 5 },
            Record::Move {
                at: 10,
                uci: "e2e4".into(),
            },
            Record::Press {
                at: 11,
                side: Color::White,
                implied: false,
            },
            Record::Press {
                at: 11,
                side: Color::Black,
                implied: true,
            },
            Record::Correct {
                at: 12,
                uci: "e7e5".into(),
            },
            Record::TakeBack { at: 13 },
            Record::TakebackRequest {
                at: 13,
                by: Color::Black,
            },
            Record::TakebackAnswer {
                at: 13,
                by: Color::White,
                accept: true,
            },
            Record::TakebackAnswer {
                at: 13,
                by: Color::White,
                accept: false,
            },
            Record::Abort { at: 1 },
            Record::Pause {
                at: 14,
                stopped: true,
            },
            Record::Pause {
                at: 15,
                stopped: false,
            },
            Record::Draw {
                at: 16,
                by: Color::Black,
                action: DrawAction::Offer,
            },
            Record::Claim {
                at: 17,
                by: Color::White,
                what: ClaimWhat::Threefold,
                intended: Some("g1f3".into()),
            },
            Record::Claim {
                at: 18,
                by: Color::White,
                what: ClaimWhat::Flag,
                intended: None,
            },
            Record::Resign {
                at: 19,
                by: Color::Black,
            },
            Record::Adjourn {
                at: 20,
                sealed: Some("Nf3".into()),
            },
            Record::Note {
                at: 21,
                text: "black touched the knight on g8".into(),
            },
            Record::Touch {
                at: 22,
                side: Color::White,
                square: Square::G1,
            },
            Record::Illegal {
                at: 23,
                by: Color::Black,
                replied: false,
            },
            Record::Illegal {
                at: 23,
                by: Color::White,
                replied: true,
            },
            Record::Rules {
                at: 0,
                arbiter_present: false,
                supervision: Supervision::Unsupervised,
            },
            Record::Anchor {
                at: 24,
                unix_ms: 1_795_000_000_000,
            },
            Record::Checkpoint { at: 25 },
            Record::Open { at: 28 },
            Record::Undo { at: 29 },
            Record::End { at: 27 },
            Record::Interrupted {
                at: 28,
                signal: "SIGTERM".into(),
            },
            Record::Speed {
                at: 30,
                hundredths: 115,
            },
            Record::Speed {
                at: 31,
                hundredths: 50,
            },
            Record::Language {
                at: 32,
                code: "ru".into(),
                pack: "ru".into(),
            },
            Record::Language {
                at: 33,
                code: "de".into(),
                pack: "de-fide".into(),
            },
            Record::Side {
                at: 34,
                side: Color::Black,
            },
            Record::Engine {
                at: 35,
                spec: crate::engine::EngineSpec {
                    program: "/usr/games/stockfish".into(),
                    side: Color::White,
                    strength: crate::engine::level::Strength::Elo(1500),
                    think_ms: None,
                    helps: false,
                },
            },
            Record::Tag {
                at: 26,
                name: "White".into(),
                value: "Anna Müller-Lüdenscheidt".into(),
            },
        ];
        for r in records {
            let line = r.to_string();
            assert_eq!(Record::parse(1, &line), Ok(r), "{line}");
        }
        assert_eq!(
            Record::Speed {
                at: 9,
                hundredths: 132
            }
            .to_string(),
            "speed 9 1.32"
        );
        assert!(Record::parse(2, "speed 9 3.5").is_err());
        assert!(Record::parse(2, "language 9 fr fr").is_err());
        assert!(Record::parse(2, "language 9 ru").is_err());
        assert!(Record::parse(2, "side 9 green").is_err());
        assert!(Record::parse(2, "engine 9 black level 3").is_err());
        assert!(Record::parse(2, "speed 9 fast").is_err());
        assert!(Record::parse(3, "move x e2e4")
            .unwrap_err()
            .to_string()
            .contains("line 3"));
    }
}
