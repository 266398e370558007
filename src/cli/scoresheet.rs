//! `vichess scoresheet GAME.pgn --audio OUT.wav [--voice PACK]`: the scoresheet dictated to a
//! WAV file (D.2.7), every line also printed.

use anyhow::{bail, Context};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::audio::wav;
use vichess::pgn::read_game;
use vichess::speech::file::Espeak;
use vichess::speech::notice;
use vichess::voice::dictate::dictate;
use vichess::voice::render::{ClipBank, RenderOptions};
use vichess::voice::{Pack, DEFAULT_PACK};

pub fn run(game: &Path, audio: &Path, voice: Option<&str>, speed: f64) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let text = std::fs::read_to_string(game)
        .with_context(|| format!("cannot read the game file {}", game.display()))?;
    let game_record = match read_game(&text) {
        Some(Ok(g)) => g,
        Some(Err(e)) => bail!("{}: {e}", game.display()),
        None => bail!("{} holds no game", game.display()),
    };
    let pack = Pack::open(voice.unwrap_or(DEFAULT_PACK))?;
    let options = RenderOptions {
        // The clips' own rate: nothing is resampled, and the file stays small.
        rate: pack.sample_rate(),
        speed,
        ..RenderOptions::default()
    };
    let (bank, problems) = ClipBank::load(&pack, &options);
    for p in &problems {
        eprintln!("{p}");
    }
    let dictation = dictate(&game_record, &pack, &bank);
    for line in &dictation.lines {
        writeln!(out, "{line}")?;
    }
    let mut espeak = match Espeak::open(pack.language()) {
        Ok(e) => Some(e),
        Err(e) => {
            eprintln!(
                "{} The recording has the moves but not the move numbers.",
                notice(&e)
            );
            None
        }
    };
    let pcm = dictation
        .rendered
        .to_pcm(|words| espeak.as_mut().and_then(|e| e.say(words).ok()));
    wav::write(audio, &pcm)?;
    let seconds = pcm.seconds().round() as u64;
    writeln!(
        out,
        "wrote {}: {} min {} s, voice pack {}",
        audio.display(),
        seconds / 60,
        seconds % 60,
        pack.name()
    )?;
    Ok(ExitCode::SUCCESS)
}
