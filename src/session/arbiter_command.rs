//! The arbiter's console commands: `arbiter time add|take|set SIDE TIME` (6.10, 7.1, 12.9)
//! and `arbiter note TEXT`, in every language vichess speaks.
//!
//! They are a command family of their own, behind the word `arbiter`, so that a player's
//! slip of the tongue can never change a clock: only a line that starts with the arbiter's
//! word reaches them.

use super::command::{color as side, CommandError};
use crate::phrase::token::Word;
use crate::rules::arbiter::quickplay::Answer;
use crate::rules::Color;

/// How the arbiter changes a player's main time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeChange {
    /// Add time (12.9.2, a disturbance, III.4/III.5 two minutes given by hand).
    Add,
    /// Take time away (12.9.3); stops at zero.
    Take,
    /// Set the time (6.10.2, 7.1, a replaced clock).
    Set,
}

impl TimeChange {
    /// The journal's word.
    pub fn word(self) -> &'static str {
        match self {
            TimeChange::Add => "add",
            TimeChange::Take => "take",
            TimeChange::Set => "set",
        }
    }

    /// Reads the journal's word back.
    pub fn from_word(w: &str) -> Option<TimeChange> {
        match w {
            "add" => Some(TimeChange::Add),
            "take" => Some(TimeChange::Take),
            "set" => Some(TimeChange::Set),
            _ => None,
        }
    }
}

/// One arbiter's command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArbiterCommand {
    /// Change one player's main time.
    Time {
        /// Whose time.
        side: Color,
        /// Add, take or set.
        change: TimeChange,
        /// How much, in milliseconds.
        ms: u64,
    },
    /// A note for the record and the arbiter's report.
    Note(String),
    /// Undo the game's result (a resignation, claim or agreement recorded by mistake).
    Undo,
    /// Open the sealed move of an adjourned game, play it and start the opponent's clock
    /// (Guidelines I.8, I.9).
    Open,
    /// The arbiter's answer to the pending III.5 claim.
    Rule(QuickplayAnswer),
    /// Strike the last move from the record (a move entered by mistake and already
    /// completed): asked back, naming the move (issue 24, item 6). A player's `takeback` is
    /// a request the opponent answers instead.
    TakeBack,
    /// Restore the position before `side`'s move `number` (7.4, 7.5.1: an irregularity
    /// found later; the arbiter then sets the clocks).
    Restore {
        /// The move number, as the scoresheet counts.
        number: u32,
        /// Whose move it was.
        side: Color,
    },
}

/// The arbiter's answer to a III.5 claim, as the journal writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuickplayAnswer {
    /// A draw.
    Accept,
    /// Wrong: the opponent gets two minutes and play goes on.
    Reject,
    /// Decide later, watching the game; with two minutes for the opponent now or not.
    Postpone {
        /// Whether the opponent gets two minutes now.
        extra_time: bool,
    },
}

impl QuickplayAnswer {
    /// The journal's word.
    pub fn word(self) -> &'static str {
        match self {
            QuickplayAnswer::Accept => "accept",
            QuickplayAnswer::Reject => "reject",
            QuickplayAnswer::Postpone { extra_time: true } => "postpone-time",
            QuickplayAnswer::Postpone { extra_time: false } => "postpone",
        }
    }

    /// Reads the journal's word back.
    pub fn from_word(w: &str) -> Option<QuickplayAnswer> {
        Some(match w {
            "accept" => QuickplayAnswer::Accept,
            "reject" => QuickplayAnswer::Reject,
            "postpone-time" => QuickplayAnswer::Postpone { extra_time: true },
            "postpone" => QuickplayAnswer::Postpone { extra_time: false },
            _ => return None,
        })
    }

    /// The rules core's answer.
    pub fn answer(self) -> Answer {
        match self {
            QuickplayAnswer::Accept => Answer::Accept,
            QuickplayAnswer::Reject => Answer::Reject,
            QuickplayAnswer::Postpone { extra_time } => Answer::Postpone { extra_time },
        }
    }
}

const USAGE: &str =
    "say arbiter undo, arbiter open, arbiter takeback, arbiter time add white 2m, arbiter time take black 30s, arbiter time set white 5m, arbiter note and the text, or arbiter accept, reject or postpone [time] for a III.5 claim";

const RESTORE_USAGE: &str =
    "say arbiter restore and the move number and side, like arbiter restore 12 white";

fn error(what: String) -> CommandError {
    CommandError(what, Word::HelpArbiter, Vec::new())
}

/// A part missing from an arbiter's command: the English reason, and for other languages the
/// question with the command's form in the game's words (not the whole arbiter help).
fn missing(what: String, question: Word) -> CommandError {
    CommandError(what, question, Vec::new())
}

fn sub_word(w: &str) -> Option<&'static str> {
    Some(match w.to_lowercase().as_str() {
        "time" | "zeit" | "час" | "время" | "ժամանակ" => "time",
        "note" | "notiz" | "нотатка" | "заметка" | "նշում" => "note",
        "add" | "plus" | "dazu" | "додати" | "добавить" | "ավելացնել" => {
            "add"
        }
        // "отнять", "відняти", "вычесть": the verbs a Russian or Ukrainian arbiter says as
        // often as the help's (a play-through).
        "take" | "minus" | "abziehen" | "зняти" | "відняти" | "снять" | "отнять" | "вычесть"
        | "հանել" => "take",
        "undo" | "rückgängig" | "rueckgaengig" | "aufheben" | "скасувати" | "отменить"
        | "չեղարկել" => "undo",
        "open" | "öffnen" | "oeffnen" | "відкрити" | "открыть" | "բացել" => {
            "open"
        }
        // The words players use for it: "Zurücknahme", "повернення", "возврат".
        "takeback"
        | "take-back"
        | "zurück"
        | "zurueck"
        | "zurücknahme"
        | "zuruecknahme"
        | "zurücknehmen"
        | "zuruecknehmen"
        | "rücknahme"
        | "ruecknahme"
        | "повернути"
        | "повернення"
        | "вернуть"
        | "возврат"
        | "հետկանչ"
        | "հետ" => "takeback",
        "restore" | "wiederherstellen" | "відновити" | "восстановить" | "վերականգնել" => {
            "restore"
        }
        "accept" | "annehmen" | "прийняти" | "принять" | "ընդունել" => {
            "accept"
        }
        "reject" | "ablehnen" | "відхилити" | "отклонить" | "մերժել" => {
            "reject"
        }
        "postpone" | "später" | "відкласти" | "отложить" | "հետաձգել" => {
            "postpone"
        }
        "set" | "stellen" | "setzen" | "встановити" | "установить" | "սահմանել" => {
            "set"
        }
        _ => return None,
    })
}

/// The milliseconds in one unit of time as an arbiter writes it in one of vichess's
/// languages (lower case, a trailing dot gone): hours (h, Std, ч, час, год, ժ, ժամ),
/// minutes (m, min, м, мин, хв, ր, րոպե), seconds (s, sec, Sek, с, сек, վ, վրկ), short or
/// whole. Only these words: a letter that merely begins one ("х", "x": an arbiter's "2х"
/// may mean "twice") is no unit, so it is refused rather than read as minutes.
fn unit_millis(word: &str) -> Option<u64> {
    const HOURS: &[&str] = &[
        "h",
        "hr",
        "hrs",
        "hour",
        "hours",
        "std",
        "stunde",
        "stunden",
        "ч",
        "час",
        "часа",
        "часов",
        "г",
        "год",
        "година",
        "години",
        "годин",
        "ժ",
        "ժամ",
    ];
    const MINUTES: &[&str] = &[
        "m",
        "min",
        "mins",
        "minute",
        "minutes",
        "minuten",
        "м",
        "мин",
        "минута",
        "минуты",
        "минут",
        "хв",
        "хвилина",
        "хвилини",
        "хвилин",
        "ր",
        "րոպե",
    ];
    const SECONDS: &[&str] = &[
        "s",
        "sec",
        "secs",
        "second",
        "seconds",
        "sek",
        "sekunde",
        "sekunden",
        "с",
        "сек",
        "секунда",
        "секунды",
        "секунд",
        "секунди",
        "վ",
        "վրկ",
        "վայրկյան",
    ];
    [(HOURS, 3_600_000), (MINUTES, 60_000), (SECONDS, 1000)]
        .iter()
        .find(|(words, _)| words.contains(&word))
        .map(|&(_, ms)| ms)
}

/// Reads `1h30m`, `2m`, `90s`, `2m30s`, or `m:ss` / `h:mm:ss` as a clock shows it. A bare
/// number is refused: an arbiter's "2" could mean minutes or seconds, and a clock set wrong
/// by a factor of sixty decides a game. The refusal of a number without its unit says, in
/// the game's language, that the unit is missing and how to give it.
pub fn parse_time(text: &str) -> Result<u64, CommandError> {
    let t = text.trim().to_lowercase();
    // "-2m": time is taken with its own verb, not a sign ("-" was refused as "no unit of
    // time"); "+2m" is the time itself.
    if t.starts_with('-') {
        return Err(CommandError(
            format!("\"{text}\": a time has no sign: to take time, say arbiter time take"),
            Word::TimeNoSign,
            vec![("text", text.trim().to_string())],
        ));
    }
    let t = t.strip_prefix('+').unwrap_or(&t).to_string();
    if t.contains(':') {
        let parts: Vec<&str> = t.split(':').collect();
        let nums: Option<Vec<u64>> = parts.iter().map(|p| p.parse().ok()).collect();
        return match nums.as_deref() {
            Some([m, s]) if *s < 60 => Ok((m * 60 + s) * 1000),
            Some([h, m, s]) if *m < 60 && *s < 60 => Ok(((h * 60 + m) * 60 + s) * 1000),
            _ => Err(error(format!(
                "\"{text}\" is not a time: write minutes and seconds like 4:30, or 2m, 90s, 1h30m"
            ))),
        };
    }
    let mut total = 0u64;
    let mut number = String::new();
    let mut any_unit = false;
    let mut chars = t.chars().filter(|c| !c.is_whitespace()).peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        // A unit is a letter or a word in any of the game's languages: "2m", "2 мин",
        // "2хв", "2ր", "30 Sek", "1 Std".
        let mut word = c.to_string();
        while let Some(&next) = chars.peek() {
            if next.is_ascii_digit() {
                break;
            }
            word.push(next);
            chars.next();
        }
        let word = word.trim_end_matches('.');
        // Said whole in the game's language: the text, and the word in it that is no unit.
        let unit = unit_millis(word).ok_or_else(|| {
            CommandError(
                format!("\"{text}\": \"{word}\" is not a unit: use h, m or s"),
                Word::TimeBadUnit,
                vec![
                    ("text", text.trim().to_string()),
                    ("unit", word.to_string()),
                ],
            )
        })?;
        let n: u64 = number
            .parse()
            .map_err(|_| error(format!("\"{text}\": a number must come before \"{word}\"")))?;
        total = total.saturating_add(n.saturating_mul(unit));
        number.clear();
        any_unit = true;
    }
    if !number.is_empty() || !any_unit {
        return Err(CommandError(
            format!("\"{text}\" needs a unit: write 2m for two minutes or 30s for thirty seconds"),
            Word::TimeNeedsUnit,
            Vec::new(),
        ));
    }
    Ok(total)
}

/// Reads the words after the family word.
pub fn parse(rest: &[&str]) -> Result<ArbiterCommand, CommandError> {
    let Some(first) = rest.first() else {
        return Err(error(format!("arbiter what? {USAGE}")));
    };
    match sub_word(first) {
        Some("note") => {
            let text = rest[1..].join(" ");
            if text.is_empty() {
                return Err(missing(
                    "the note is empty: say arbiter note and the text".into(),
                    Word::ArbiterNoteEmpty,
                ));
            }
            Ok(ArbiterCommand::Note(text))
        }
        Some("undo") => Ok(ArbiterCommand::Undo),
        Some("open") => Ok(ArbiterCommand::Open),
        Some("takeback") => Ok(ArbiterCommand::TakeBack),
        Some("accept") => Ok(ArbiterCommand::Rule(QuickplayAnswer::Accept)),
        Some("reject") => Ok(ArbiterCommand::Rule(QuickplayAnswer::Reject)),
        Some("postpone") => Ok(ArbiterCommand::Rule(QuickplayAnswer::Postpone {
            extra_time: rest.get(1).is_some_and(|w| sub_word(w) == Some("time")),
        })),
        Some("restore") => {
            let number = rest
                .get(1)
                .and_then(|w| w.parse::<u32>().ok())
                .filter(|n| *n > 0)
                .ok_or_else(|| {
                    missing(
                        format!("back to which move? {RESTORE_USAGE}"),
                        Word::ArbiterRestoreMove,
                    )
                })?;
            let side = rest.get(2).and_then(|w| side(w)).ok_or_else(|| {
                missing(
                    format!("whose move? {RESTORE_USAGE}"),
                    Word::ArbiterRestoreSide,
                )
            })?;
            Ok(ArbiterCommand::Restore { number, side })
        }
        Some("time") => {
            let change = match rest.get(1).and_then(|w| sub_word(w)) {
                Some("add") => TimeChange::Add,
                Some("take") => TimeChange::Take,
                Some("set") => TimeChange::Set,
                _ => {
                    return Err(missing(
                        format!("add, take or set the time? {USAGE}"),
                        Word::ArbiterTimeChange,
                    ))
                }
            };
            // A word that is no side is named ("grün is not a side"), not asked for again
            // as if nothing had been said (an arbiter's play-through).
            let side = match rest.get(2) {
                Some(w) if side(w).is_none() && parse_time(w).is_err() => {
                    return Err(CommandError(
                        format!("\"{w}\" is not a side: white or black"),
                        Word::ArbiterTimeNotSide,
                        vec![("word", w.to_string())],
                    ))
                }
                w => w.and_then(|w| side(w)).ok_or_else(|| {
                    missing(format!("whose time? {USAGE}"), Word::ArbiterTimeWhose)
                })?,
            };
            let amount = rest
                .get(3..)
                .map(|w| w.join(""))
                .filter(|w| !w.is_empty())
                .ok_or_else(|| {
                    missing(format!("how much time? {USAGE}"), Word::ArbiterTimeAmount)
                })?;
            let ms = parse_time(&amount)?;
            Ok(ArbiterCommand::Time { side, change, ms })
        }
        _ => Err(error(format!(
            "\"arbiter {first}\" is not a command: {USAGE}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_need_a_unit_or_a_clock_face() {
        assert_eq!(parse_time("2m"), Ok(120_000));
        assert_eq!(parse_time("1h30m"), Ok(5_400_000));
        assert_eq!(parse_time("2m30s"), Ok(150_000));
        assert_eq!(parse_time("4:30"), Ok(270_000));
        assert_eq!(parse_time("1:02:03"), Ok(3_723_000));
        let no_unit = parse_time("2").unwrap_err();
        assert!(no_unit.0.contains("needs a unit"));
        assert_eq!(no_unit.1, Word::TimeNeedsUnit);
        assert!(parse_time("4:75").is_err());
        // "2х" (Cyrillic) or "2x": not minutes, whatever the arbiter meant by it.
        for (text, unit) in [("2x", "x"), ("2х", "х"), ("2 х", "х"), ("1m2xx", "xx")] {
            let e = parse_time(text).unwrap_err();
            assert!(e.0.contains(&format!("\"{unit}\" is not a unit")), "{text}");
            assert_eq!(e.1, Word::TimeBadUnit, "{text}");
            assert_eq!(
                e.2,
                [("text", text.to_string()), ("unit", unit.to_string())]
            );
        }
        // Each language's own units, short or whole, with or without a space (the
        // command joins its last words).
        for (text, ms) in [
            ("2мин", 120_000),
            ("2 мин.", 120_000),
            ("2хв", 120_000),
            ("2ր", 120_000),
            ("30վ", 30_000),
            ("30сек", 30_000),
            ("30 Sek", 30_000),
            ("1 Std", 3_600_000),
            ("1год30хв", 5_400_000),
            ("1ժամ", 3_600_000),
            ("2min30s", 150_000),
        ] {
            assert_eq!(parse_time(text), Ok(ms), "{text}");
        }
    }

    #[test]
    fn the_commands_read_in_every_language() {
        let time = |w: &str| parse(&w.split(' ').collect::<Vec<_>>());
        let want = ArbiterCommand::Time {
            side: Color::White,
            change: TimeChange::Add,
            ms: 120_000,
        };
        for line in [
            "time add white 2m",
            "zeit dazu weiß 2m",
            "час додати білі 2м",
            "время добавить белые 2м",
            "ժամանակ ավելացնել սպիտակ 2m",
        ] {
            assert_eq!(time(line), Ok(want.clone()), "{line}");
        }
        let take = ArbiterCommand::Time {
            side: Color::White,
            change: TimeChange::Take,
            ms: 30_000,
        };
        for line in [
            "время снять белые 30с",
            "время отнять белые 30с",
            "время вычесть белые 30с",
            "час відняти білі 30с",
        ] {
            assert_eq!(time(line), Ok(take.clone()), "{line}");
        }
        assert_eq!(
            time("note the clock was knocked over"),
            Ok(ArbiterCommand::Note("the clock was knocked over".into()))
        );
        assert!(time("time add white").is_err());
        assert!(time("time add green 2m").is_err());
    }
}
