//! `vichess voices [--check]`: the voice packs with language, engine, licence and how many
//! clips they have; `--check` opens every clip and exits 1 on any missing or broken one.
//!
//! A pack whose manifest cannot be read is always an error: the player would otherwise hear
//! nothing and not know why.

use std::io::Write;
use std::process::ExitCode;
use vichess::voice::{load_all, voices_dir};

pub fn run(check: bool) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let dir = voices_dir();
    let packs = load_all(&dir);
    if packs.is_empty() {
        anyhow::bail!(
            "no voice packs in {}: each pack is a folder with a manifest.toml (set VICHESS_VOICES to another folder)",
            dir.display()
        );
    }
    writeln!(out, "voice packs in {}:", dir.display())?;
    let mut failed = false;
    let mut problems = Vec::new();
    for pack in &packs {
        let pack = match pack {
            Ok(p) => p,
            Err(e) => {
                writeln!(out, "{e}")?;
                failed = true;
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
        writeln!(
            out,
            "{} ({}): {}; engine: {}; voice: {}; licence: {}; {words}; clips: {have} of {need}",
            pack.name(),
            pack.language(),
            pack.description(),
            pack.engine(),
            pack.voice(),
            pack.licence(),
        )?;
        if check {
            problems.extend(pack.check());
        }
    }
    if check {
        for p in &problems {
            writeln!(out, "{p}")?;
        }
        if problems.is_empty() && !failed {
            writeln!(out, "check: every pack is complete and every clip plays")?;
        } else {
            writeln!(out, "check: {} problems", problems.len())?;
            failed = true;
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
