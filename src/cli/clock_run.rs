//! `vichess clock run`: a talking chess clock on the keyboard (D.2.6: a clock that tells the
//! player the time and the move count on request).
//!
//! In a terminal each key acts at once (the terminal is put in non-canonical mode with
//! `stty` and restored on the way out; Ctrl-C and Ctrl-D quit like `q`); from a pipe or a
//! test, keys are read line by line. Every announcement is printed as one plain line in the
//! language of `--lang`, else the configuration's `[game] language`.
//!
//! The core ([`TalkingClock`]) is pure: keys and ticks in, with timestamps, lines out. Only
//! [`run`] reads the wall clock (`Instant`), and [`run_session`] takes any input and any time
//! source, for tests.

use anyhow::anyhow;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};
use vichess::phrase::{say_move_count, Language};
use vichess::rules::clock::{
    Call, CallTracker, Clock, ClockConfig, ClockError, ClockEvent, ClockState, Millis, TimeControl,
};
use vichess::rules::Color;

use super::clock_words::{both, press_news, reading, words};

/// How often the running clock is looked at for time calls and flag falls.
const TICK: Duration = Duration::from_millis(100);

/// The key list of `clock run --help` (English, as clap's help is); the clock itself prints
/// its language's ([`Words::keys`]) at the start and on `h`.
pub const KEYS: &str =
    "keys (in a terminal each acts at once; from a pipe, one per line): w or 1 = White's clock button, b or 2 = Black's clock button \
(Black's button starts the clock), p = pause or resume, t = say the time, m = say the move count, \
h = this list, q = quit";

/// One key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A player's clock button.
    Button(Color),
    Pause,
    Time,
    Moves,
    Help,
    Quit,
    Unknown(char),
}

impl Key {
    pub fn from_char(c: char) -> Key {
        match c.to_ascii_lowercase() {
            'w' | '1' => Key::Button(Color::White),
            'b' | '2' => Key::Button(Color::Black),
            'p' => Key::Pause,
            't' => Key::Time,
            'm' => Key::Moves,
            'h' | '?' => Key::Help,
            'q' => Key::Quit,
            other => Key::Unknown(other),
        }
    }
}

/// The talking clock: a [`Clock`] and its time calls, saying what happens in words.
pub struct TalkingClock {
    clock: Clock,
    calls: CallTracker,
    lang: Language,
}

impl TalkingClock {
    pub fn new(control: TimeControl, lang: Language) -> TalkingClock {
        TalkingClock {
            clock: Clock::new(control, ClockConfig::default()),
            calls: CallTracker::default(),
            lang,
        }
    }

    /// What the clock has to say at `now` without a key: time calls and flag falls.
    pub fn tick(&mut self, now: Millis) -> Vec<String> {
        match self.clock.tick(now) {
            Ok(events) => self.say_events(&events, now),
            Err(e) => vec![self.refused(&e)],
        }
    }

    /// A key pressed at `now`. Quit is the caller's; here it says the final times.
    pub fn key(&mut self, key: Key, now: Millis) -> Vec<String> {
        let mut lines = self.tick(now);
        let result = match key {
            Key::Button(side) => self.button(side, now),
            Key::Pause => self.pause(now),
            Key::Time | Key::Quit => Ok(vec![self.say_times(now)]),
            Key::Moves => Ok(vec![self.say_moves()]),
            Key::Help => Ok(vec![words(self.lang).keys.to_string()]),
            Key::Unknown(c) => Ok(vec![words(self.lang)
                .not_a_key
                .replace("{c}", &self.lang.quote(&c.to_string()))]),
        };
        match result {
            Ok(more) => lines.extend(more),
            Err(e) => lines.push(e),
        }
        lines
    }

    fn button(&mut self, side: Color, now: Millis) -> Result<Vec<String>, String> {
        let events = match self.clock.state() {
            // As on a real clock: Black's button starts White's clock.
            ClockState::NotStarted if side == Color::Black => self.clock.start(now),
            ClockState::NotStarted => return Err(words(self.lang).not_started.to_string()),
            // Pressing a clock that is not yours does nothing, as on a real clock.
            ClockState::Running(running) if running != side => return Ok(Vec::new()),
            _ => self.clock.press(side, now),
        }
        .map_err(|e| self.refused(&e))?;
        Ok(self.say_events(&events, now))
    }

    fn pause(&mut self, now: Millis) -> Result<Vec<String>, String> {
        let events = match self.clock.state() {
            ClockState::NotStarted => self.clock.start(now),
            ClockState::Running(_) => self.clock.stop(now),
            ClockState::Stopped { .. } => self.clock.resume(now),
        }
        .map_err(|e| self.refused(&e))?;
        Ok(self.say_events(&events, now))
    }

    /// Why the clock refused, in words: a button pressed while paused is the one a player
    /// meets; any other keeps the clock's own reason in brackets.
    fn refused(&self, e: &ClockError) -> String {
        let w = words(self.lang);
        match e {
            ClockError::Stopped => w.paused.to_string(),
            other => format!("{} ({other})", w.refused),
        }
    }

    fn side(&self, side: Color) -> &'static str {
        words(self.lang).side(side)
    }

    fn duration(&self, ms: Millis) -> String {
        reading(ms, self.lang)
    }

    fn say_times(&self, now: Millis) -> String {
        both(
            self.clock.remaining(Color::White, now),
            self.clock.remaining(Color::Black, now),
            self.lang,
        )
    }

    fn say_moves(&self) -> String {
        Color::ALL
            .map(|side| {
                format!(
                    "{}{} {}",
                    self.side(side),
                    words(self.lang).colon,
                    say_move_count(self.clock.moves(side), self.lang)
                )
            })
            .join("; ")
    }

    fn say_events(&mut self, events: &[ClockEvent], now: Millis) -> Vec<String> {
        let w = words(self.lang);
        let mut lines = Vec::new();
        for event in events {
            match *event {
                ClockEvent::Started { .. } => {
                    lines.push(w.started.to_string());
                    for side in Color::ALL {
                        self.calls.feed(side, self.clock.remaining(side, now));
                    }
                }
                ClockEvent::Stopped { .. } => lines.push(w.stopped.to_string()),
                ClockEvent::Resumed { .. } => lines.push(w.resumed.to_string()),
                ClockEvent::FlagFell { side, .. } => {
                    lines.push(format!("{}{} {}", self.side(side), w.colon, w.flag))
                }
                ClockEvent::NoDutyToRecord { .. } | ClockEvent::PeriodStarted { .. } => {
                    lines.extend(press_news(event, self.lang))
                }
                ClockEvent::MoveCompleted { .. } | ClockEvent::Corrected { .. } => {}
            }
        }
        // Time calls for the running clock; the other side's reading is kept up to date so
        // an increment or a new period is not taken for time passing.
        for side in Color::ALL {
            let remaining = self.clock.remaining(side, now);
            for call in self.calls.feed(side, remaining) {
                match call {
                    Call::Remaining(mark) => lines.push(format!(
                        "{}{} {}",
                        self.side(side),
                        w.colon,
                        self.duration(mark)
                    )),
                    Call::LowTime(alarm) => lines.push(format!(
                        "{}{} {}",
                        self.side(side),
                        w.colon,
                        w.less_than.replace("{t}", &self.duration(alarm))
                    )),
                    // Said from the clock's own flag event, with the exact instant.
                    Call::FlagFell => {}
                }
            }
        }
        lines
    }
}

/// One thing that happened to the clock's keyboard loop.
enum Input {
    Line(String),
    Tick,
}

/// Handles one input at `now`; `false` when the user quit.
fn step(
    tc: &mut TalkingClock,
    input: Input,
    now: Millis,
    out: &mut impl Write,
) -> io::Result<bool> {
    let mut quit = false;
    let mut lines = tc.tick(now);
    if let Input::Line(line) = input {
        for c in line.chars().filter(|c| !c.is_whitespace()) {
            let key = Key::from_char(c);
            lines.extend(tc.key(key, now));
            if key == Key::Quit {
                quit = true;
                break;
            }
        }
    }
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(!quit)
}

/// The keyboard loop: prints the key list, then takes inputs from `next` (`None` ends the
/// input, which quits) each at the time `now` gives, until the user quits.
fn drive(
    mut next: impl FnMut() -> io::Result<Option<Input>>,
    mut now: impl FnMut() -> Millis,
    out: &mut impl Write,
    control: TimeControl,
    lang: Language,
) -> io::Result<()> {
    let mut tc = TalkingClock::new(control, lang);
    writeln!(out, "{}", words(lang).keys)?;
    loop {
        let input = next()?.unwrap_or_else(|| Input::Line(String::from("q")));
        if !step(&mut tc, input, now(), out)? {
            return Ok(());
        }
    }
}

/// The clock driven by `input`, one line of keys at a time, each line at the time `now`
/// gives when it is read; the end of the input quits, saying the times. No ticks between
/// lines: an empty line is a tick.
#[cfg_attr(not(test), allow(dead_code))]
pub fn run_session(
    input: impl BufRead,
    now: impl FnMut() -> Millis,
    out: &mut impl Write,
    control: TimeControl,
    lang: Language,
) -> io::Result<()> {
    let mut lines = input.lines();
    drive(
        || lines.next().transpose().map(|l| l.map(Input::Line)),
        now,
        out,
        control,
        lang,
    )
}

/// The command: standard input and output, the wall clock, and a tick every 100 ms so time
/// calls and flag falls are said while nobody types. Standard input is read on its own
/// thread, as reading a line blocks.
pub fn run(control: &str, lang: Language) -> anyhow::Result<ExitCode> {
    let control =
        TimeControl::parse_any(control).map_err(|e| {
            match vichess::voice::Pack::builtin(vichess::session::language_pack(lang)) {
                Ok(pack) => anyhow!(
                    "{}",
                    vichess::host::control_unreadable_line(&pack, control, &e)
                ),
                Err(_) => anyhow!("--control {control}: {e}"),
            }
        })?;
    let (tx, rx) = mpsc::channel();
    let raw = RawKeys::enter();
    if raw.is_some() {
        std::thread::spawn(move || {
            let mut stdin = io::stdin().lock();
            let mut buf = [0u8; 4];
            let mut have = 0;
            while stdin.read(&mut buf[have..have + 1]).is_ok_and(|n| n == 1) {
                have += 1;
                let text = match std::str::from_utf8(&buf[..have]) {
                    Ok(t) => t.to_string(),
                    Err(e) if e.error_len().is_none() && have < 4 => continue,
                    Err(_) => String::from("?"),
                };
                have = 0;
                // Ctrl-C and Ctrl-D: the terminal no longer turns them into signals.
                let key = if text == "\u{3}" || text == "\u{4}" {
                    "q".to_string()
                } else {
                    text
                };
                if tx.send(key).is_err() {
                    break;
                }
            }
        });
    } else {
        std::thread::spawn(move || {
            for line in io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
    }
    let start = Instant::now();
    let now = || Millis::try_from(start.elapsed().as_millis()).unwrap_or(Millis::MAX);
    let next = || {
        Ok(match rx.recv_timeout(TICK) {
            Ok(line) => Some(Input::Line(line)),
            Err(RecvTimeoutError::Timeout) => Some(Input::Tick),
            Err(RecvTimeoutError::Disconnected) => None,
        })
    };
    let result = drive(next, now, &mut io::stdout().lock(), control, lang);
    drop(raw);
    result?;
    Ok(ExitCode::SUCCESS)
}

/// A terminal in non-canonical mode without echo or signals while the clock runs, so that a
/// key acts at once; the saved settings come back when this is dropped.
struct RawKeys {
    saved: String,
}

impl RawKeys {
    /// `None` when standard input is no terminal or `stty` cannot be run: keys then come a
    /// line at a time.
    fn enter() -> Option<RawKeys> {
        use std::io::IsTerminal;
        use std::process::{Command, Stdio};
        if !io::stdin().is_terminal() {
            return None;
        }
        let saved = Command::new("stty")
            .arg("-g")
            .stdin(Stdio::inherit())
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        let saved = String::from_utf8(saved.stdout).ok()?.trim().to_string();
        let ok = Command::new("stty")
            .args(["-icanon", "-echo", "-isig", "min", "1", "time", "0"])
            .stdin(Stdio::inherit())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(RawKeys { saved })
    }
}

impl Drop for RawKeys {
    fn drop(&mut self) {
        let _ = std::process::Command::new("stty")
            .arg(&self.saved)
            .stdin(std::process::Stdio::inherit())
            .status();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEC: Millis = 1000;

    /// Runs `keys` (one line each) at the given times, then the end of input at `end`.
    fn session(
        control: &str,
        lang: Language,
        script: &[(Millis, &str)],
        end: Millis,
    ) -> Vec<String> {
        let input: String = script.iter().map(|(_, k)| format!("{k}\n")).collect();
        let mut times = script.iter().map(|(t, _)| *t).chain(std::iter::once(end));
        let mut out = Vec::new();
        run_session(
            input.as_bytes(),
            || times.next().expect("a time for every line"),
            &mut out,
            TimeControl::parse_any(control).unwrap(),
            lang,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        assert_eq!(lines.remove(0), words(lang).keys);
        lines
    }

    /// The keys, a press before the start and an unknown key are said in the clock's
    /// language, the key quoted in its marks: `clock run --lang ru` printed them in English.
    #[test]
    fn the_keys_and_the_mistakes_are_said_in_the_clocks_language() {
        let lines = session("10+0", Language::Ru, &[(0, "w"), (0, "x"), (0, "h")], SEC);
        assert_eq!(
            lines[..2],
            [
                "часы ещё не запущены: кнопка чёрных (b) запускает часы белых",
                "«x» — не клавиша часов: h покажет список",
            ]
        );
        assert!(lines[2].starts_with("клавиши (в терминале"), "{lines:?}");
        assert_eq!(
            session("10+0", Language::De, &[(0, "x")], SEC)[0],
            "„x“ ist keine Taste der Uhr: h zeigt die Liste"
        );
        for lang in [Language::De, Language::Uk, Language::Ru, Language::Hy] {
            let w = words(lang);
            for line in [w.keys, w.not_started, w.not_a_key] {
                for english in ["clock", "key", "button", "press", "starts", "quit"] {
                    assert!(!line.contains(english), "{lang:?}: {line}");
                }
            }
        }
    }

    #[test]
    fn keys_start_press_pause_and_say() {
        let lines = session(
            "10+0",
            Language::En,
            &[
                (0, "b"),
                (3 * SEC, "w"),
                (10 * SEC, "t"),
                (10 * SEC, "m"),
                (12 * SEC, "p"),
                (60 * SEC, "t"),
                (61 * SEC, "p"),
            ],
            62 * SEC,
        );
        assert_eq!(
            lines,
            [
                "clock started",
                "white: nine minutes fifty-seven seconds; black: nine minutes fifty-three seconds",
                "white: one move; black: zero moves",
                "clock stopped",
                "white: nine minutes fifty-seven seconds; black: nine minutes fifty-one seconds",
                "clock running again",
                "white: nine minutes fifty-seven seconds; black: nine minutes fifty seconds",
            ]
        );
    }

    #[test]
    fn time_calls_flag_and_the_eight_four_latch_while_nobody_types() {
        // 1 minute, sudden death: the 8.4 latch at once, then calls as White's time runs.
        let lines = session(
            "1+0",
            Language::En,
            &[(0, "b"), (30 * SEC, ""), (55 * SEC, ""), (61 * SEC, "")],
            61 * SEC,
        );
        assert_eq!(
            lines,
            [
                "clock started",
                "white: need not record moves",
                "black: need not record moves",
                "white: thirty seconds",
                "white: five seconds",
                "white: flag fell",
                "white: zero seconds; black: one minute",
            ]
        );
    }

    #[test]
    fn a_new_period_is_announced_in_german() {
        // Two moves in one minute, then thirty minutes.
        let lines = session(
            "2/1:30",
            Language::De,
            &[(0, "b"), (SEC, "w"), (2 * SEC, "b"), (3 * SEC, "w")],
            3 * SEC,
        );
        assert!(
            lines.contains(&String::from("Weiß: Periode zwei, dreißig Minuten dazu")),
            "{lines:?}"
        );
        assert_eq!(
            lines.last().unwrap(),
            "Weiß: dreißig Minuten achtundfünfzig Sekunden; Schwarz: neunundfünfzig Sekunden"
        );
        assert!(lines.contains(&String::from("Schwarz: muss nicht mehr mitschreiben")));
    }

    #[test]
    fn mistakes_are_explained_and_nothing_changes() {
        let lines = session(
            "10+0",
            Language::En,
            &[(0, "w"), (0, "x"), (0, "b"), (SEC, "b"), (2 * SEC, "m")],
            2 * SEC,
        );
        assert_eq!(
            lines[..2],
            [
                "the clock has not been started yet: Black's button (b) starts White's clock",
                "\"x\" is not a key of the clock: press h for the list",
            ]
        );
        assert_eq!(lines[2], "clock started");
        // Black pressing while White's clock runs does nothing.
        assert_eq!(lines[3], "white: zero moves; black: zero moves");
    }

    #[test]
    fn several_keys_on_one_line_and_quit() {
        let lines = session(
            "10+0",
            Language::Uk,
            &[(0, "b w m q"), (5 * SEC, "t")],
            6 * SEC,
        );
        assert_eq!(
            lines,
            [
                "годинник запущено",
                "білі: один хід; чорні: нуль ходів",
                "білі: десять хвилин; чорні: десять хвилин",
            ]
        );
    }
}
