//! Time controls (6.3) and their written forms.
//!
//! Two syntaxes are read, because players and files write controls differently:
//!
//! - [`TimeControl::parse`]: the PGN `TimeControl` tag, all times in **seconds**:
//!   `40/5400+30:1800+30`, `300+3`, `5400`, and `-` / `?` through [`PgnTimeControl::parse`].
//!   vichess extensions: `d` for a FIDE delay (`300d5`, 6.3.2) and `b` for a Bronstein
//!   add-back delay (`300b5`). Sandclock (`*60`) is refused with a clear error.
//! - [`TimeControl::parse_human`]: what people write on a tournament poster, base times in
//!   **minutes**, bonuses in seconds: `90+30`, `40/90+30:30+30`, `G/90`, `G/90;d5`,
//!   `40/120, SD/30`.
//!
//! [`TimeControl::parse_any`] is the one entry point for the command line. Its rule: a
//! control is read in minutes when it starts with `G/` or `SD/`, contains a decimal point, a
//! comma, a semicolon or a space, or when its first period's time is under 180; otherwise in
//! seconds (PGN). So `90+30` is ninety minutes and `300+3` five minutes, `3+2` is three
//! minutes and `180+2` is three minutes too. A PGN bullet control under three minutes
//! (`60+0`, `120+1`) would be read as an hour or two: write it `G/1` or `G/2+1` instead.

use std::fmt;

/// Milliseconds, the clock's unit: timestamps and durations alike.
pub type Millis = u64;

/// What a player gets per move on top of the main time (6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bonus {
    /// No bonus: sudden death. The default.
    #[default]
    None,
    /// Fischer increment: added to the main time when a move is completed, from move 1.
    Increment(Millis),
    /// FIDE delay (6.3.2, "simple" or US delay): the main time starts to run only after this
    /// much of the move has passed; unused delay is lost.
    Delay(Millis),
    /// Bronstein delay: after the move, the time used on it is given back, up to this much.
    /// It ends like a FIDE delay when a player is fast, but flags earlier when the main time
    /// is below the delay (3 s left, 5 s delay: the flag falls at 3 s, not 8 s).
    Bronstein(Millis),
}

impl Bonus {
    /// The extra time per move, whatever its kind.
    pub const fn amount(self) -> Millis {
        match self {
            Bonus::None => 0,
            Bonus::Increment(ms) | Bonus::Delay(ms) | Bonus::Bronstein(ms) => ms,
        }
    }

    /// The delay to wait out at the start of a move before the main time runs.
    pub const fn fide_delay(self) -> Millis {
        match self {
            Bonus::Delay(ms) => ms,
            _ => 0,
        }
    }
}

/// One period of a time control: `moves` moves in `time`, or the rest of the game when
/// `moves` is `None`. The bonus applies to every move made in this period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// Moves to make in the period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// Time added at the start of the period (the whole time, for the first).
    pub time: Millis,
    /// What each move of the period gets on top.
    pub bonus: Bonus,
}

impl Period {
    /// A period that lasts the rest of the game (sudden death).
    pub const fn rest_of_game(time: Millis, bonus: Bonus) -> Period {
        Period {
            moves: None,
            time,
            bonus,
        }
    }

    /// A period of `moves` moves.
    pub const fn moves_in(moves: u32, time: Millis, bonus: Bonus) -> Period {
        Period {
            moves: Some(moves),
            time,
            bonus,
        }
    }
}

/// A timed control: one or more periods. Time saved in one period carries over to the next
/// (6.3.2). When the last period has a move count, it repeats, as on clocks that offer
/// "20 moves in an hour" for every later stage.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// A PGN `TimeControl` tag's value: it may also say that the game had no clock (`-`) or
/// that nobody knows (`?`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PgnTimeControl {
    /// `?`: nobody knows how the game was timed.
    Unknown,
    /// `-`: the game had no clock.
    Untimed,
    /// A real time control.
    Timed(TimeControl),
}

/// What was wrong with a written time control.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ControlErrorKind {
    /// Nothing was written.
    Empty,
    /// A number of this unit ("seconds", "minutes", "moves") was expected but is missing.
    Missing(&'static str),
    /// The text is not a number of this unit.
    NotANumber(&'static str),
    /// A number too large for the clock's milliseconds.
    TooLarge,
    /// A period of zero moves, which would never end.
    ZeroMoves,
    /// The control gives no time at all.
    NoTime,
    /// A sandclock control (`*60`), which vichess does not run.
    Sandclock,
    /// A period after a rest-of-game period, which could never start.
    AfterRestOfGame,
    /// Text that belongs to no part of a time control.
    Unexpected,
    /// `-` where a timed control is needed.
    Untimed,
    /// `?` where a timed control is needed.
    Unknown,
    /// A time without a unit in a control whose other times have units (`90+30s`).
    NoUnit,
}

/// A time control that cannot be read, with where and what: spoken as
/// `"40/5400+x": at character 9, "x" is not a number of seconds`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", self.describe())]
pub struct ControlError {
    /// The whole text that was read.
    pub input: String,
    /// Where the bad part starts, counting characters from 1.
    pub at: usize,
    /// The bad part itself.
    pub text: String,
    /// What was wrong.
    pub kind: ControlErrorKind,
}

impl ControlError {
    fn describe(&self) -> String {
        let head = format!("\"{}\": at character {}, ", self.input, self.at);
        let text = &self.text;
        let tail = match &self.kind {
            ControlErrorKind::Empty => "there is no time control at all".to_string(),
            ControlErrorKind::Missing(unit) => format!("a number of {unit} is missing"),
            ControlErrorKind::NotANumber(unit) => {
                format!("\"{text}\" is not a number of {unit}")
            }
            ControlErrorKind::TooLarge => format!("\"{text}\" is too large for a clock"),
            ControlErrorKind::ZeroMoves => {
                format!("\"{text}\": a period must last at least one move")
            }
            ControlErrorKind::NoTime => format!("\"{text}\" gives no time at all"),
            ControlErrorKind::Sandclock => {
                format!("\"{text}\": sandclock controls are not supported")
            }
            ControlErrorKind::AfterRestOfGame => {
                format!("\"{text}\" cannot follow a period for the rest of the game")
            }
            ControlErrorKind::Unexpected => {
                format!("\"{text}\" is not part of a time control")
            }
            ControlErrorKind::Untimed => "\"-\" means the game had no clock".to_string(),
            ControlErrorKind::Unknown => "\"?\" means the time control is unknown".to_string(),
            ControlErrorKind::NoUnit => {
                format!("\"{text}\" has no unit: write it with h, m or s, like 90m or 30s")
            }
        };
        head + &tail
    }
}

impl TimeControl {
    /// A control from its periods. Refuses an empty list, a period of zero moves, anything
    /// after a rest-of-game period, and a first period with no time (unless a FIDE delay
    /// gives time for every move).
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, ControlErrorKind> {
        let Some(first) = periods.first() else {
            return Err(ControlErrorKind::Empty);
        };
        if first.time == 0 && first.bonus.fide_delay() == 0 {
            return Err(ControlErrorKind::NoTime);
        }
        for (i, p) in periods.iter().enumerate() {
            if p.moves == Some(0) {
                return Err(ControlErrorKind::ZeroMoves);
            }
            if p.moves.is_none() && i + 1 < periods.len() {
                return Err(ControlErrorKind::AfterRestOfGame);
            }
        }
        Ok(TimeControl { periods })
    }

    /// The whole game in `time`, with `bonus` for every move.
    pub fn sudden_death(time: Millis, bonus: Bonus) -> TimeControl {
        TimeControl {
            periods: vec![Period::rest_of_game(time, bonus)],
        }
    }

    /// The periods as written; the last repeats if it has a move count.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The period with this index (0-based); a last period with a move count repeats.
    pub fn period(&self, index: usize) -> &Period {
        &self.periods[index.min(self.periods.len() - 1)]
    }

    /// How many of a player's moves are completed when period `index` ends, or `None` when
    /// it lasts for the rest of the game.
    pub fn period_end(&self, index: usize) -> Option<u32> {
        let mut total: u32 = 0;
        for i in 0..=index {
            total = total.saturating_add(self.period(i).moves?);
        }
        Some(total)
    }

    /// The period (0-based) in which a player makes their move number `move_number`
    /// (counting from 1).
    pub fn period_of_move(&self, move_number: u32) -> usize {
        let mut index = 0;
        while let Some(end) = self.period_end(index) {
            if move_number <= end || end == u32::MAX {
                break;
            }
            index += 1;
        }
        index
    }

    /// Reads the PGN `TimeControl` syntax (seconds); `-` and `?` are errors here because
    /// they give no clock to run. See [`PgnTimeControl::parse`] to accept them.
    ///
    /// ```
    /// use vichess_rules::clock::{Bonus, TimeControl};
    ///
    /// // 40 moves in 90 minutes, then 30 minutes for the rest, 30 seconds a move throughout.
    /// let control = TimeControl::parse("40/5400+30:1800+30")?;
    /// let periods = control.periods();
    /// assert_eq!(periods.len(), 2);
    /// assert_eq!(periods[0].moves, Some(40));
    /// assert_eq!(periods[0].time, 5_400_000);
    /// assert_eq!(periods[1].moves, None);
    /// assert_eq!(periods[1].bonus, Bonus::Increment(30_000));
    ///
    /// // A mistake is reported with where it is, in words a player can hear.
    /// let error = TimeControl::parse("300+x").unwrap_err();
    /// assert_eq!(error.to_string(), r#""300+x": at character 5, "x" is not a number of seconds"#);
    /// # Ok::<(), vichess_rules::clock::ControlError>(())
    /// ```
    pub fn parse(s: &str) -> Result<TimeControl, ControlError> {
        match PgnTimeControl::parse(s)? {
            PgnTimeControl::Timed(control) => Ok(control),
            PgnTimeControl::Untimed => Err(error(
                s,
                s.len() - s.trim_start().len(),
                "-",
                ControlErrorKind::Untimed,
            )),
            PgnTimeControl::Unknown => Err(error(
                s,
                s.len() - s.trim_start().len(),
                "?",
                ControlErrorKind::Unknown,
            )),
        }
    }

    /// Reads the poster syntax: base times in minutes, bonuses in seconds (`90+30`, `G/90`,
    /// `40/90+30:30+30`, `G/90;d5`, `40/120, SD/30`).
    pub fn parse_human(s: &str) -> Result<TimeControl, ControlError> {
        Parser::new(s, Syntax::Human).control()
    }

    /// Reads either syntax, deciding by the rule in the module documentation.
    pub fn parse_any(s: &str) -> Result<TimeControl, ControlError> {
        if let Some(seconds) = with_units(s) {
            return TimeControl::parse(&seconds?).map_err(|e| {
                // The error's place is in the rewritten text; the bad part, when it was
                // written once, is found again in what the player wrote.
                let found = (!e.text.is_empty() && s.matches(e.text.as_str()).count() == 1)
                    .then(|| s.find(e.text.as_str()))
                    .flatten();
                match found {
                    Some(byte_at) => error(s, byte_at, &e.text, e.kind),
                    None => error(s, s.len() - s.trim_start().len(), s.trim(), e.kind),
                }
            });
        }
        let t = s.trim();
        let upper = t.to_ascii_uppercase();
        let human_marks =
            upper.starts_with("G/") || upper.starts_with("SD/") || t.contains(['.', ',', ';', ' ']);
        if human_marks {
            return TimeControl::parse_human(s);
        }
        match TimeControl::parse(s) {
            Ok(control) if control.periods[0].time < 180_000 => TimeControl::parse_human(s),
            // Unreadable, but its first time is under 180: it would be read in minutes, so
            // the error should say minutes too.
            Err(_) if first_time(t).is_some_and(|time| time < 180) => TimeControl::parse_human(s),
            other => other,
        }
    }
}

impl PgnTimeControl {
    /// Reads a PGN `TimeControl` tag value: `?`, `-`, or periods in seconds.
    pub fn parse(s: &str) -> Result<PgnTimeControl, ControlError> {
        match s.trim() {
            "?" => Ok(PgnTimeControl::Unknown),
            "-" => Ok(PgnTimeControl::Untimed),
            _ => Parser::new(s, Syntax::Pgn)
                .control()
                .map(PgnTimeControl::Timed),
        }
    }
}

/// The PGN form, in seconds: `40/5400+30:1800+30`, `300d5`. Fractions of a second are
/// written as decimals.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            if let Some(moves) = p.moves {
                write!(f, "{moves}/")?;
            }
            write!(f, "{}", Seconds(p.time))?;
            match p.bonus {
                Bonus::None => {}
                Bonus::Increment(ms) => write!(f, "+{}", Seconds(ms))?,
                Bonus::Delay(ms) => write!(f, "d{}", Seconds(ms))?,
                Bonus::Bronstein(ms) => write!(f, "b{}", Seconds(ms))?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for PgnTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnTimeControl::Unknown => f.write_str("?"),
            PgnTimeControl::Untimed => f.write_str("-"),
            PgnTimeControl::Timed(control) => control.fmt(f),
        }
    }
}

struct Seconds(Millis);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, ms) = (self.0 / 1000, self.0 % 1000);
        if ms == 0 {
            write!(f, "{whole}")
        } else {
            let frac = format!("{ms:03}");
            write!(f, "{whole}.{}", frac.trim_end_matches('0'))
        }
    }
}

// ---------------------------------------------------------------------------------------
// The parser

#[derive(Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Pgn,
    Human,
}

/// A cursor over the text, remembering byte offsets so errors can point at characters.
struct Parser<'a> {
    input: &'a str,
    pos: usize,
    syntax: Syntax,
}

/// A control whose times carry units (`3m`, `90m+30s`, `1h30m`, `10s`,
/// `40/90m+30s:30m+30s`, `1m;d5s`, `10s b2s`) rewritten in PGN seconds (`40/5400+30:1800+30`);
/// `None` when no number has a unit. Move counts (before `/`) have none; any other number
/// without a unit is then an error, since it could be read two ways.
fn with_units(s: &str) -> Option<Result<String, ControlError>> {
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    let mut out = String::new();
    let mut any_unit = false;
    let mut bare: Option<(usize, String)> = None;
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if !c.is_ascii_digit() {
            out.push(c);
            i += 1;
            continue;
        }
        // A run of number-unit pairs: "1h30m" is one time.
        let mut total_ms: u64 = 0;
        let mut with_unit = false;
        let mut plain = String::new();
        loop {
            let mut number = String::new();
            while i < chars.len() && (chars[i].1.is_ascii_digit() || chars[i].1 == '.') {
                number.push(chars[i].1);
                i += 1;
            }
            let mut unit = String::new();
            let mut j = i;
            while j < chars.len() && chars[j].1.is_ascii_alphabetic() {
                unit.push(chars[j].1.to_ascii_lowercase());
                j += 1;
            }
            let scale = match unit.as_str() {
                "h" => 3_600_000.0,
                "m" | "min" => 60_000.0,
                "s" | "sec" => 1_000.0,
                _ => 0.0,
            };
            if scale == 0.0 || number.is_empty() {
                plain = number;
                break;
            }
            let value: f64 = number.parse().unwrap_or(f64::NAN);
            if !value.is_finite() {
                return Some(Err(error(
                    s,
                    at,
                    &number,
                    ControlErrorKind::NotANumber("seconds"),
                )));
            }
            total_ms = total_ms.saturating_add((value * scale).round() as u64);
            with_unit = true;
            i = j;
            if !(i < chars.len() && chars[i].1.is_ascii_digit()) {
                break;
            }
        }
        if with_unit {
            any_unit = true;
            out.push_str(&Seconds(total_ms).to_string());
        }
        if !plain.is_empty() {
            if with_unit || chars.get(i).map(|c| c.1) != Some('/') {
                bare.get_or_insert((at, plain.clone()));
            }
            out.push_str(&plain);
        }
    }
    if !any_unit {
        return None;
    }
    if let Some((at, number)) = bare {
        return Some(Err(error(s, at, &number, ControlErrorKind::NoUnit)));
    }
    Some(Ok(bonus_joined(&out)))
}

/// The poster's separators before a bonus dropped, as the seconds syntax has none: "60;d5",
/// "60 d 5", "60 + 5" become "60d5", "60+5". Without this a delay could not be written with
/// units at all ("1m;d5s" was refused at the ";"), so none under a minute.
fn bonus_joined(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars[i..].iter().find(|&&n| n != ';' && n != ' ').copied();
        let before_bonus = matches!(next, Some('+' | 'd' | 'D' | 'b' | 'B'));
        if (c == ';' || c == ' ') && before_bonus && !out.is_empty() {
            i += 1;
            continue;
        }
        out.push(c);
        if matches!(c, '+' | 'd' | 'D' | 'b' | 'B') {
            while chars.get(i + 1) == Some(&' ') {
                i += 1;
            }
        }
        i += 1;
    }
    out
}

/// The whole number written as the first period's time (after a move count), if any.
fn first_time(t: &str) -> Option<u64> {
    let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let lead = digits(t);
    let rest = match t[lead..].strip_prefix('/') {
        Some(rest) if lead > 0 => rest,
        _ => t,
    };
    rest[..digits(rest)].parse().ok()
}

fn error(input: &str, byte_at: usize, text: &str, kind: ControlErrorKind) -> ControlError {
    ControlError {
        input: input.to_string(),
        at: input[..byte_at].chars().count() + 1,
        text: text.to_string(),
        kind,
    }
}

/// Characters that end a number: period and bonus separators.
fn is_structural(c: char) -> bool {
    matches!(c, ':' | '/' | '+' | ',' | ';') || c.is_whitespace()
}

impl<'a> Parser<'a> {
    fn new(input: &'a str, syntax: Syntax) -> Parser<'a> {
        Parser {
            input,
            pos: 0,
            syntax,
        }
    }

    fn rest(&self) -> &'a str {
        &self.input[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn fail(&self, at: usize, text: &str, kind: ControlErrorKind) -> ControlError {
        error(self.input, at, text, kind)
    }

    /// The text from `at` up to the next separator: what an error should quote.
    fn token_at(&self, at: usize) -> &'a str {
        let tail = &self.input[at..];
        let end = tail.find(is_structural).unwrap_or(tail.len());
        &tail[..end]
    }

    fn control(mut self) -> Result<TimeControl, ControlError> {
        self.skip_spaces();
        if self.rest().trim().is_empty() {
            return Err(self.fail(self.pos, "", ControlErrorKind::Empty));
        }
        let mut periods: Vec<Period> = Vec::new();
        loop {
            self.skip_spaces();
            let start = self.pos;
            if let Some(last) = periods.last() {
                if last.moves.is_none() {
                    let text = self.token_at(start);
                    return Err(self.fail(start, text, ControlErrorKind::AfterRestOfGame));
                }
            }
            let period = self.period()?;
            if periods.is_empty() && period.time == 0 && period.bonus.fide_delay() == 0 {
                let text = &self.input[start..self.pos];
                return Err(self.fail(start, text, ControlErrorKind::NoTime));
            }
            periods.push(period);
            self.skip_spaces();
            match self.peek() {
                None => break,
                Some(':') => self.bump(),
                Some(',') if self.syntax == Syntax::Human => self.bump(),
                Some(_) => {
                    let at = self.pos;
                    let text = self.token_at(at);
                    let first = self.rest().chars().next().map_or(0, char::len_utf8);
                    let text = if text.is_empty() {
                        &self.rest()[..first]
                    } else {
                        text
                    };
                    return Err(self.fail(at, text, ControlErrorKind::Unexpected));
                }
            }
        }
        TimeControl::new(periods).map_err(|kind| self.fail(0, self.input, kind))
    }

    fn period(&mut self) -> Result<Period, ControlError> {
        let start = self.pos;
        if self.peek() == Some('*') {
            let text = self.token_at(start);
            let text = if text.is_empty() { "*" } else { text };
            return Err(self.fail(start, text, ControlErrorKind::Sandclock));
        }
        let mut moves = None;
        let mut rest_of_game = false;
        if self.syntax == Syntax::Human {
            let upper = self.rest().to_ascii_uppercase();
            for prefix in ["G/", "SD/"] {
                if upper.starts_with(prefix) {
                    self.pos += prefix.len();
                    rest_of_game = true;
                    break;
                }
            }
        }
        if !rest_of_game {
            let (text, at) = self.number_text();
            if self.peek() == Some('/') {
                moves = Some(self.moves(text, at)?);
                self.bump();
            } else {
                self.pos = at;
            }
        }
        let time_unit = match self.syntax {
            Syntax::Pgn => "seconds",
            Syntax::Human => "minutes",
        };
        let (text, at) = self.number_text();
        let time = match self.syntax {
            Syntax::Pgn => self.millis(text, at, 1000, "seconds")?,
            Syntax::Human => self.millis(text, at, 60_000, time_unit)?,
        };
        let bonus = self.bonus()?;
        Ok(Period { moves, time, bonus })
    }

    /// Reads the digits and decimal point at the cursor; returns them and where they began.
    fn number_text(&mut self) -> (&'a str, usize) {
        let at = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
            self.bump();
        }
        (&self.input[at..self.pos], at)
    }

    fn moves(&self, text: &str, at: usize) -> Result<u32, ControlError> {
        if text.is_empty() {
            let token = self.token_at(at);
            return Err(if token.is_empty() {
                self.fail(at, "", ControlErrorKind::Missing("moves"))
            } else {
                self.fail(at, token, ControlErrorKind::NotANumber("moves"))
            });
        }
        match text.parse::<u32>() {
            Ok(0) => Err(self.fail(at, text, ControlErrorKind::ZeroMoves)),
            Ok(n) => Ok(n),
            Err(_) if text.bytes().all(|b| b.is_ascii_digit()) => {
                Err(self.fail(at, text, ControlErrorKind::TooLarge))
            }
            Err(_) => Err(self.fail(at, text, ControlErrorKind::NotANumber("moves"))),
        }
    }

    /// A number of `unit`s (each `scale` ms), with up to three decimals, as milliseconds.
    /// The digits must be followed by a separator, a bonus letter, or the end.
    fn millis(
        &self,
        text: &str,
        at: usize,
        scale: Millis,
        unit: &'static str,
    ) -> Result<Millis, ControlError> {
        let next_ok = match self.peek() {
            None => true,
            Some(c) => is_structural(c) || matches!(c, 'd' | 'D' | 'b' | 'B'),
        };
        if !text.is_empty() && !next_ok {
            // "90x": the number is fine, what follows it is not; point there.
            let bad = self.token_at(self.pos);
            return Err(self.fail(self.pos, bad, ControlErrorKind::Unexpected));
        }
        let token = self.token_at(at);
        if text.is_empty() {
            return Err(if token.is_empty() {
                self.fail(at, "", ControlErrorKind::Missing(unit))
            } else {
                self.fail(at, token, ControlErrorKind::NotANumber(unit))
            });
        }
        let not_a_number = || self.fail(at, text, ControlErrorKind::NotANumber(unit));
        let (whole, frac) = match text.split_once('.') {
            Some((w, f)) => (w, f),
            None => (text, ""),
        };
        if (whole.is_empty() && frac.is_empty()) || frac.len() > 3 || frac.contains('.') {
            return Err(not_a_number());
        }
        let too_large = || self.fail(at, text, ControlErrorKind::TooLarge);
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| too_large())?
        };
        let frac_value: u64 = if frac.is_empty() {
            0
        } else {
            frac.parse().map_err(|_| not_a_number())?
        };
        let frac_scale = 10u64.pow(frac.len() as u32);
        let frac_ms = frac_value * scale;
        if !frac_ms.is_multiple_of(frac_scale) {
            // Finer than a millisecond: not a time a clock can hold.
            return Err(not_a_number());
        }
        // A hundred days is beyond any game; it also keeps every sum far from overflow.
        const LIMIT: Millis = 100 * 24 * 3_600_000;
        let total = whole
            .checked_mul(scale)
            .and_then(|ms| ms.checked_add(frac_ms / frac_scale))
            .filter(|&ms| ms <= LIMIT)
            .ok_or_else(too_large)?;
        Ok(total)
    }

    fn bonus(&mut self) -> Result<Bonus, ControlError> {
        if self.syntax == Syntax::Human {
            // Poster forms: "G/90;d5", "G/90 d5", "90 + 30".
            let save = self.pos;
            self.skip_spaces();
            if self.peek() == Some(';') {
                self.bump();
                self.skip_spaces();
            }
            if !matches!(self.peek(), Some('+' | 'd' | 'D' | 'b' | 'B')) {
                self.pos = save;
                return Ok(Bonus::None);
            }
        }
        let kind = match self.peek() {
            Some('+') => Bonus::Increment as fn(Millis) -> Bonus,
            Some('d' | 'D') => Bonus::Delay,
            Some('b' | 'B') => Bonus::Bronstein,
            _ => return Ok(Bonus::None),
        };
        self.bump();
        if self.syntax == Syntax::Human {
            self.skip_spaces();
        }
        let (text, at) = self.number_text();
        let ms = self.millis(text, at, 1000, "seconds")?;
        Ok(if ms == 0 { Bonus::None } else { kind(ms) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeating_last_period() {
        let c = TimeControl::parse("40/7200:20/3600").unwrap();
        assert_eq!(c.period_end(0), Some(40));
        assert_eq!(c.period_end(1), Some(60));
        assert_eq!(c.period_end(2), Some(80));
        assert_eq!(c.period_of_move(40), 0);
        assert_eq!(c.period_of_move(41), 1);
        assert_eq!(c.period_of_move(81), 3);
        assert_eq!(c.period(3).time, 3_600_000);
    }

    #[test]
    fn sudden_death_has_no_end() {
        let c = TimeControl::parse("40/5400+30:1800+30").unwrap();
        assert_eq!(c.period_end(1), None);
        assert_eq!(c.period_of_move(1000), 1);
    }
}
