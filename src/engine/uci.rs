//! The UCI protocol without I/O: [`Command`]s are written as the lines a GUI sends, and the
//! engine's lines are read by [`parse_line`] and gathered by [`Listener`] into what a search
//! came to. An engine is a program from outside: anything it prints is read tolerantly, and
//! what cannot be a move is reported, never trusted.

use std::fmt;

/// The longest engine line kept whole; a longer one is cut here (an engine that floods).
pub const MAX_LINE: usize = 4096;

/// What vichess tells an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Asks the engine to say who it is; it answers `uciok`.
    Uci,
    /// Asks whether the engine is ready; it answers `readyok`.
    IsReady,
    /// Sets one of the engine's options.
    SetOption {
        /// The option's name, as the engine named it.
        name: String,
        /// Its value; `None` for a button.
        value: Option<String>,
    },
    /// A new game starts.
    NewGame,
    /// The position to think about: a start position (FEN) and the moves since, in UCI.
    Position {
        /// The start position; `None` for the standard one.
        fen: Option<String>,
        /// The moves played from it.
        moves: Vec<String>,
    },
    /// Think and answer with `bestmove`.
    Go(Go),
    /// Answer now with the best move found so far.
    Stop,
    /// Leave.
    Quit,
}

/// How long an engine may think.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// White's time left, in milliseconds.
    pub wtime: Option<u64>,
    /// Black's.
    pub btime: Option<u64>,
    /// White's increment per move.
    pub winc: Option<u64>,
    /// Black's.
    pub binc: Option<u64>,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Think exactly this long.
    pub movetime: Option<u64>,
    /// Search this many plies deep.
    pub depth: Option<u32>,
}

impl Go {
    /// How long the engine may take under these limits, before the caller's margin: a clock
    /// search a tenth of the mover's time and its increment (engines take a twentieth or
    /// less), so a hung engine is found out in a long game too.
    pub fn budget_ms(&self, white_to_move: bool) -> Option<u64> {
        if let Some(ms) = self.movetime {
            return Some(ms);
        }
        let own = if white_to_move {
            self.wtime
        } else {
            self.btime
        };
        own.map(|t| t / 10 + if white_to_move { self.winc } else { self.binc }.unwrap_or(0))
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => write!(f, "uci"),
            Command::IsReady => write!(f, "isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {}", one_line(name))?;
                match value {
                    Some(v) => write!(f, " value {}", one_line(v)),
                    None => Ok(()),
                }
            }
            Command::NewGame => write!(f, "ucinewgame"),
            Command::Position { fen, moves } => {
                match fen {
                    None => write!(f, "position startpos")?,
                    Some(fen) => write!(f, "position fen {}", one_line(fen))?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => {
                write!(f, "go")?;
                let fields = [
                    ("wtime", go.wtime),
                    ("btime", go.btime),
                    ("winc", go.winc),
                    ("binc", go.binc),
                    ("movestogo", go.movestogo.map(u64::from)),
                    ("movetime", go.movetime),
                    ("depth", go.depth.map(u64::from)),
                ];
                for (name, value) in fields {
                    if let Some(v) = value {
                        write!(f, " {name} {v}")?;
                    }
                }
                Ok(())
            }
            Command::Stop => write!(f, "stop"),
            Command::Quit => write!(f, "quit"),
        }
    }
}

/// A name or value on one line: a line break would end the command early and start another.
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// An engine's opinion of the position, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// In hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The same score from the other side's view.
    pub fn flipped(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mate(m) => Score::Mate(-m),
        }
    }
}

/// One line an engine printed, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineLine {
    /// `id name ...`.
    Name(String),
    /// `uciok`: the engine listed its options.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `option name X type T ...`: the option's name.
    Option(String),
    /// `info ...` with what vichess uses of it.
    Info(Info),
    /// `bestmove MOVE [ponder MOVE]`; `None` when the engine has no move (`(none)`, `0000`).
    BestMove(Option<String>),
    /// A `bestmove` line without a move that could be one: what it said instead.
    Malformed(String),
    /// Anything else (an engine's own chatter): ignored, as UCI asks.
    Other,
}

/// What vichess reads from an `info` line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// The search depth.
    pub depth: Option<u32>,
    /// The evaluation.
    pub score: Option<Score>,
    /// Which line of a multi-line search (1 when not given).
    pub multipv: u32,
    /// The principal variation, in UCI.
    pub pv: Vec<String>,
}

/// Whether `s` has the shape of a UCI move (`e2e4`, `e7e8q`); legality is the rules' to say.
pub fn is_move_shaped(s: &str) -> bool {
    let b = s.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"qrbn".contains(&b[4]),
        _ => false,
    }
}

/// Reads one line an engine printed (without its line break).
pub fn parse_line(line: &str) -> EngineLine {
    let line = cut(line);
    let mut words = line.split_whitespace();
    match words.next() {
        Some("id") => match words.next() {
            Some("name") => EngineLine::Name(words.collect::<Vec<_>>().join(" ")),
            _ => EngineLine::Other,
        },
        Some("uciok") => EngineLine::UciOk,
        Some("readyok") => EngineLine::ReadyOk,
        Some("option") => {
            let rest: Vec<&str> = words.collect();
            match rest.first() {
                Some(&"name") => {
                    let end = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
                    EngineLine::Option(rest[1..end].join(" "))
                }
                _ => EngineLine::Other,
            }
        }
        Some("info") => EngineLine::Info(parse_info(words)),
        Some("bestmove") => match words.next() {
            Some("(none)" | "0000") => EngineLine::BestMove(None),
            Some(m) if is_move_shaped(m) => EngineLine::BestMove(Some(m.to_string())),
            Some(m) => EngineLine::Malformed(m.to_string()),
            None => EngineLine::Malformed(String::new()),
        },
        _ => EngineLine::Other,
    }
}

/// A line cut at [`MAX_LINE`] bytes, on a character boundary.
fn cut(line: &str) -> &str {
    if line.len() <= MAX_LINE {
        return line;
    }
    let mut end = MAX_LINE;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}

fn parse_info<'a>(mut words: impl Iterator<Item = &'a str>) -> Info {
    let mut info = Info {
        multipv: 1,
        ..Info::default()
    };
    while let Some(w) = words.next() {
        match w {
            "depth" => info.depth = words.next().and_then(|d| d.parse().ok()),
            "multipv" => info.multipv = words.next().and_then(|d| d.parse().ok()).unwrap_or(1),
            "score" => {
                let kind = words.next();
                let value = words.next().and_then(|v| v.parse().ok());
                info.score = match (kind, value) {
                    (Some("cp"), Some(v)) => Some(Score::Centipawns(v)),
                    (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => None,
                };
            }
            // The principal variation runs to the end of the line (UCI puts it last).
            "pv" => {
                info.pv = words
                    .by_ref()
                    .take_while(|m| is_move_shaped(m))
                    .map(str::to_string)
                    .collect();
            }
            _ => {}
        }
    }
    info
}

/// What one search came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The move, in UCI; `None` when the engine had none (mate or stalemate on the board).
    pub best: Option<String>,
    /// The last evaluation of the main line, from the side to move's point of view.
    pub score: Option<Score>,
    /// The main line that went with it.
    pub pv: Vec<String>,
    /// How deep it got.
    pub depth: Option<u32>,
}

/// What feeding a line to a [`Listener`] came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// Nothing yet.
    Nothing,
    /// The engine named itself.
    Name(String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// The search ended.
    Done(Outcome),
    /// The engine's answer was no move (`bestmove` followed by what it said).
    Malformed(String),
    /// More lines in one search than any engine needs: the engine is flooding.
    Flooding,
}

/// Gathers one engine's lines: the latest evaluation of the main line during a search, and
/// the search's end. It counts the lines of a search, so an engine that prints without end
/// is found out without keeping what it printed.
#[derive(Debug, Clone)]
pub struct Listener {
    limit: usize,
    lines: usize,
    score: Option<Score>,
    pv: Vec<String>,
    depth: Option<u32>,
    options: Vec<String>,
}

/// Lines one search may print before the engine counts as flooding (Stockfish prints a
/// few dozen in a second's think).
pub const FLOOD_LINES: usize = 20_000;

impl Default for Listener {
    fn default() -> Listener {
        Listener::new(FLOOD_LINES)
    }
}

impl Listener {
    /// A listener that calls more than `limit` lines in one search a flood.
    pub fn new(limit: usize) -> Listener {
        Listener {
            limit,
            lines: 0,
            score: None,
            pv: Vec::new(),
            depth: None,
            options: Vec::new(),
        }
    }

    /// A new search starts: forget the last one.
    pub fn search(&mut self) {
        self.lines = 0;
        self.score = None;
        self.pv.clear();
        self.depth = None;
    }

    /// The options the engine listed before `uciok`.
    pub fn options(&self) -> &[String] {
        &self.options
    }

    /// Whether the engine has an option of this name (UCI names are case-insensitive).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// One line the engine printed.
    pub fn feed(&mut self, line: &str) -> Heard {
        self.lines += 1;
        if self.lines > self.limit {
            return Heard::Flooding;
        }
        match parse_line(line) {
            EngineLine::Name(n) => Heard::Name(n),
            EngineLine::UciOk => Heard::UciOk,
            EngineLine::ReadyOk => Heard::ReadyOk,
            EngineLine::Option(o) => {
                if self.options.len() < 512 {
                    self.options.push(o);
                }
                Heard::Nothing
            }
            EngineLine::Info(info) => {
                if info.multipv == 1 {
                    if info.score.is_some() {
                        self.score = info.score;
                        self.depth = info.depth.or(self.depth);
                    }
                    if !info.pv.is_empty() {
                        self.pv = info.pv;
                    }
                }
                Heard::Nothing
            }
            EngineLine::BestMove(best) => Heard::Done(Outcome {
                best,
                score: self.score,
                pv: std::mem::take(&mut self.pv),
                depth: self.depth,
            }),
            EngineLine::Malformed(what) => Heard::Malformed(what),
            EngineLine::Other => Heard::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_written_as_a_gui_sends_them() {
        let go = Go {
            wtime: Some(60_000),
            btime: Some(59_000),
            winc: Some(1000),
            binc: Some(1000),
            ..Go::default()
        };
        assert_eq!(
            Command::Go(go).to_string(),
            "go wtime 60000 btime 59000 winc 1000 binc 1000"
        );
        let fixed = Go {
            movetime: Some(20),
            ..Go::default()
        };
        assert_eq!(Command::Go(fixed).to_string(), "go movetime 20");
        let pos = Command::Position {
            fen: None,
            moves: vec!["e2e4".into(), "e7e5".into()],
        };
        assert_eq!(pos.to_string(), "position startpos moves e2e4 e7e5");
        let fen = Command::Position {
            fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
            moves: vec![],
        };
        assert_eq!(fen.to_string(), "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1");
        let opt = Command::SetOption {
            name: "UCI_Elo".into(),
            value: Some("1350".into()),
        };
        assert_eq!(opt.to_string(), "setoption name UCI_Elo value 1350");
    }

    #[test]
    fn a_value_with_a_line_break_cannot_start_a_second_command() {
        let opt = Command::SetOption {
            name: "Hash".into(),
            value: Some("16\nquit".into()),
        };
        assert_eq!(opt.to_string(), "setoption name Hash value 16 quit");
    }

    #[test]
    fn engine_lines_are_read() {
        assert_eq!(
            parse_line("id name Stockfish 15.1"),
            EngineLine::Name("Stockfish 15.1".into())
        );
        assert_eq!(
            parse_line("option name Skill Level type spin default 20 min 0 max 20"),
            EngineLine::Option("Skill Level".into())
        );
        assert_eq!(
            parse_line("bestmove e2e4 ponder e7e5"),
            EngineLine::BestMove(Some("e2e4".into()))
        );
        assert_eq!(parse_line("bestmove (none)"), EngineLine::BestMove(None));
        assert_eq!(
            parse_line("bestmove e9e4"),
            EngineLine::Malformed("e9e4".into())
        );
        assert_eq!(parse_line("bestmove"), EngineLine::Malformed("".into()));
        assert_eq!(parse_line("garbage ☃ here"), EngineLine::Other);
        let info = parse_line(
            "info depth 12 seldepth 15 multipv 1 score cp -34 nodes 1000 pv e7e5 g1f3 b8c6",
        );
        assert_eq!(
            info,
            EngineLine::Info(Info {
                depth: Some(12),
                score: Some(Score::Centipawns(-34)),
                multipv: 1,
                pv: vec!["e7e5".into(), "g1f3".into(), "b8c6".into()],
            })
        );
        let mate = parse_line("info depth 5 score mate -2 pv h7h6");
        assert!(matches!(
            mate,
            EngineLine::Info(Info {
                score: Some(Score::Mate(-2)),
                ..
            })
        ));
    }

    #[test]
    fn a_search_ends_with_its_last_main_line_score() {
        let mut l = Listener::default();
        l.search();
        assert_eq!(l.feed("info depth 1 score cp 20 pv e2e4"), Heard::Nothing);
        assert_eq!(
            l.feed("info depth 2 multipv 2 score cp -300 pv a2a3"),
            Heard::Nothing
        );
        assert_eq!(
            l.feed("info depth 2 score cp 35 pv d2d4 d7d5"),
            Heard::Nothing
        );
        assert_eq!(
            l.feed("bestmove d2d4"),
            Heard::Done(Outcome {
                best: Some("d2d4".into()),
                score: Some(Score::Centipawns(35)),
                pv: vec!["d2d4".into(), "d7d5".into()],
                depth: Some(2),
            })
        );
        l.search();
        assert!(matches!(
            l.feed("bestmove e2e4"),
            Heard::Done(Outcome { score: None, .. })
        ));
    }

    #[test]
    fn an_engine_that_prints_without_end_is_found_out() {
        let mut l = Listener::new(3);
        l.search();
        for _ in 0..3 {
            assert_eq!(l.feed("info string hello"), Heard::Nothing);
        }
        assert_eq!(l.feed("info string hello"), Heard::Flooding);
        l.search();
        assert_eq!(
            l.feed("bestmove a2a3").clone(),
            Heard::Done(Outcome {
                best: Some("a2a3".into()),
                score: None,
                pv: vec![],
                depth: None,
            })
        );
    }

    #[test]
    fn options_are_listed_and_a_long_line_is_cut() {
        let mut l = Listener::default();
        l.feed("option name UCI_Elo type spin default 1350 min 1350 max 2850");
        l.feed("option name UCI_LimitStrength type check default false");
        assert!(l.has_option("uci_elo"));
        assert!(!l.has_option("Skill Level"));
        let long = format!("id name {}", "é".repeat(5000));
        match parse_line(&long) {
            EngineLine::Name(n) => assert!(n.len() < MAX_LINE),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_clock_search_may_take_a_tenth_of_the_time_and_the_increment() {
        let go = Go {
            wtime: Some(60_000),
            btime: Some(2_000),
            winc: Some(500),
            binc: Some(0),
            ..Go::default()
        };
        assert_eq!(go.budget_ms(true), Some(6_500));
        assert_eq!(go.budget_ms(false), Some(200));
        assert_eq!(Go::default().budget_ms(true), None);
    }
}
