//! `vichess clock simulate` and `vichess clock say`: thin wrappers over the pure clock.

use anyhow::anyhow;
use std::io::Write;
use std::process::ExitCode;
use vichess::phrase::{say_duration, Language, SayOptions};
use vichess::rules::clock::{
    secs_to_millis, simulate as run_simulation, SimulatedStep, TimeControl,
};
use vichess::rules::Color;

use super::clock_words::{both, press_news, words};

/// A time control played through with the given thinking times, each step a line in
/// `lang`'s words, times said as the clock says them (`clock run`). A time that is none
/// ends the run with exit code 2, the steps before it printed.
pub fn simulate(control: &str, seconds: &[f64], lang: Language) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let pack = vichess::voice::Pack::builtin(vichess::session::language_pack(lang))?;
    let control = TimeControl::parse_any(control).map_err(|e| {
        anyhow!(
            "{}",
            vichess::host::control_unreadable_line(&pack, control, &e)
        )
    })?;
    let steps = run_simulation(&control, seconds);
    for step in &steps {
        let line = step_line(step, lang, &pack);
        if step.is_error() {
            // Standard output keeps the steps; the refusal goes with the other errors.
            out.flush()?;
            eprintln!("vichess: {line}");
        } else {
            writeln!(out, "{line}")?;
        }
    }
    Ok(if steps.last().is_some_and(SimulatedStep::is_error) {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// One step of a simulation in words: "white, move 1: ten seconds spent; white: fifty
/// seconds; black: one minute".
fn step_line(step: &SimulatedStep, lang: Language, pack: &vichess::voice::Pack) -> String {
    let w = words(lang);
    let move_of = |side: Color, number: u32| {
        format!(
            "{}, {}",
            w.side(side),
            w.move_number.replace("{n}", &number.to_string())
        )
    };
    match step {
        SimulatedStep::Move {
            side,
            number,
            spent,
            white,
            black,
            events,
        } => {
            let spent = say_duration(
                *spent,
                lang,
                SayOptions {
                    tenths: true,
                    ..SayOptions::default()
                },
            );
            let mut line = format!(
                "{}{} {}; {}",
                move_of(*side, *number),
                w.colon,
                w.spent.replace("{t}", &spent),
                both(*white, *black, lang)
            );
            for news in events.iter().filter_map(|e| press_news(e, lang)) {
                line += &format!("; {news}");
            }
            line
        }
        SimulatedStep::Flag { side, number } => {
            format!("{}{} {}", move_of(*side, *number), w.colon, w.flag)
        }
        SimulatedStep::NotATime {
            side,
            number,
            given,
        } => format!(
            "{}{} {}",
            move_of(*side, *number),
            w.colon,
            vichess::pgn::words::fill(
                pack,
                vichess::phrase::token::Word::ClockNotSeconds,
                &[("seconds", &given.to_string())],
            )
        ),
        SimulatedStep::Refused {
            side,
            number,
            error,
        } => format!(
            "{}{} {} ({error})",
            move_of(*side, *number),
            w.colon,
            w.refused
        ),
        SimulatedStep::End { white, black } => both(*white, *black, lang),
    }
}

/// The time in `lang`'s words; a time that is none is refused in them too.
pub fn say(lang: Language, tenths: bool, seconds: f64) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let ms = secs_to_millis(seconds).ok_or_else(|| {
        let pack = vichess::voice::Pack::builtin(vichess::session::language_pack(lang));
        match pack {
            Ok(pack) => anyhow!(
                "{}",
                vichess::pgn::words::fill(
                    &pack,
                    vichess::phrase::token::Word::ClockNotSeconds,
                    &[("seconds", &seconds.to_string())],
                )
            ),
            Err(e) => e.into(),
        }
    })?;
    let options = SayOptions {
        tenths,
        ..Default::default()
    };
    writeln!(out, "{}", say_duration(ms, lang, options))?;
    Ok(ExitCode::SUCCESS)
}
