//! `vichess clock simulate` and `vichess clock say`: thin wrappers over the pure clock.

use anyhow::anyhow;
use std::io::Write;
use std::process::ExitCode;
use vichess::phrase::{say_duration, Language, SayOptions};
use vichess::rules::clock::{secs_to_millis, simulate as run_simulation, TimeControl};

pub fn simulate(control: &str, seconds: &[f64]) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let control = TimeControl::parse_any(control)
        .map_err(|e| anyhow!("the --control time control cannot be used: {e}"))?;
    let lines = run_simulation(&control, seconds);
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    let failed = lines.last().is_some_and(|l| l.starts_with("error:"));
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
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
