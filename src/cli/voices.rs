//! `vichess voices [--check] [PACK...]`: the voice packs on the search path with where each
//! was found, language, engine, licence and how many clips they have; `--check` opens every
//! clip of the packs that speak (a pack hidden by one of the same name earlier never does).
//! Named packs narrow both to those: someone recording a pack checks it without waiting for
//! every other pack's clips to be opened.
//!
//! The exit status follows what is printed: non-zero exactly when problems are listed (a
//! manifest that cannot be loaded is one), so a script and a reader see the same verdict.

use std::io::Write;
use std::process::ExitCode;
use vichess::voice::pace::{self, FIVE_WORDS_MAX_S, TWO_WORDS_MAX_S};
use vichess::voice::{find_all, search_path, Pack};

pub fn run(check: bool, names: &[String]) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let path = search_path();
    let mut found = find_all();
    if let Some(unknown) = names.iter().find(|n| !found.iter().any(|f| &f.name == *n)) {
        let mut there: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
        there.sort_unstable();
        there.dedup();
        anyhow::bail!(
            "no voice pack named \"{unknown}\" on the search path; the packs there are: {}",
            there.join(", ")
        );
    }
    if !names.is_empty() {
        found.retain(|f| names.contains(&f.name));
    }
    if found.is_empty() {
        let searched = if path.is_empty() {
            "no voices folder exists".to_string()
        } else {
            path.iter()
                .map(|d| d.path.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        anyhow::bail!(
            "no voice packs found (searched: {searched}): each pack is a folder with a manifest.toml, in $XDG_DATA_HOME/vichess/voices, in the folder VICHESS_VOICES names, or installed with vichess"
        );
    }
    writeln!(out, "voice packs, searched in this order:")?;
    for d in &path {
        writeln!(out, "  {} ({})", d.path.display(), d.origin)?;
    }
    let mut problems: Vec<String> = Vec::new();
    for f in &found {
        let pack = match &f.pack {
            Ok(p) => p,
            Err(e) => {
                writeln!(out, "{} ({}): cannot be loaded", f.name, f.dir.origin)?;
                problems.push(e.to_string());
                continue;
            }
        };
        let (have, need) = pack.clip_count();
        let missing_words = pack.missing_tokens().len();
        let words = if missing_words == 0 {
            "all words".to_string()
        } else {
            format!("{missing_words} words missing")
        };
        let shadowed = match (f.shadowed, check) {
            (true, true) => "; not used, so not checked: a pack of that name comes earlier",
            (true, false) => "; not used: a pack of that name comes earlier",
            (false, _) => "",
        };
        writeln!(
            out,
            "{} ({}, from {}: {}): {}; engine: {}; voice: {}; licence: {}; {words}; clips: {have} of {need}{shadowed}",
            f.name,
            pack.language(),
            f.dir.origin,
            f.dir.path.join(&f.name).display(),
            pack.description(),
            pack.engine(),
            pack.voice(),
            pack.licence(),
        )?;
        if check && !f.shadowed {
            problems.extend(pack.check().iter().map(ToString::to_string));
            if let Some(line) = pace_line(pack) {
                writeln!(out, "  {line}")?;
            }
        }
    }
    if problems.is_empty() {
        if check {
            writeln!(out, "check: every pack is complete and every clip plays")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    for p in &problems {
        writeln!(out, "{p}")?;
    }
    match problems.len() {
        1 => writeln!(out, "check: 1 problem")?,
        n => writeln!(out, "check: {n} problems")?,
    }
    Ok(ExitCode::FAILURE)
}

/// How long the pack takes for the two announcements the human-pace rule is stated on, and,
/// when it is slower, the `pace` that would meet it: what a pack recorded by hand needs to
/// be told. Slow is not a problem (the exit status is unchanged); a listener may want it.
fn pace_line(pack: &Pack) -> Option<String> {
    let m = pace::measure(pack)?;
    // Rounded up, so the pace as printed, written into the manifest, meets the limit.
    let suggested = (m.pace_for_limit * 100.0).ceil() / 100.0;
    let verdict = if m.is_human() {
        format!(
            "a human announcer's pace; `pace = {:.2}` would make the five words {FIVE_WORDS_MAX_S} s",
            suggested
        )
    } else {
        format!(
            "slower than a human announcer (at most {FIVE_WORDS_MAX_S} s and {TWO_WORDS_MAX_S} s); \
             `pace = {:.2}` in manifest.toml would make the five words {FIVE_WORDS_MAX_S} s",
            suggested
        )
    };
    Some(format!(
        "pace {}: five words (knight g1-f3) {:.2} s, two words (e4) {:.2} s: {verdict}",
        m.pace, m.five_s, m.two_s
    ))
}
