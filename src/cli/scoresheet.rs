//! `vichess scoresheet GAME.pgn --audio OUT.wav [--voice PACK] [--speed X]`: the scoresheet
//! dictated to a WAV file (D.2.7), every line also printed.
//!
//! Move numbers and the result come from the pack's clips; eSpeak NG is started only if a
//! word has no clip, and each such word is named once, so a complete pack needs no speech
//! engine at all.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::audio::wav;
use vichess::phrase::token::{Token, Word};
use vichess::speech::file::Espeak;
use vichess::speech::notice;
use vichess::voice::dictate::dictate_into;
use vichess::voice::render::{fallback_notice, ClipBank, Part, RenderOptions, DEFAULT_GAP_MS};
use vichess::voice::Pack;

/// The recording written in `voice`'s pack, else in the pack of `words`' language (the
/// game's); the warnings and the line that says it was written in that language.
pub fn run(
    game: &Path,
    audio: &Path,
    voice: Option<&str>,
    speed: f64,
    words: &Pack,
) -> anyhow::Result<ExitCode> {
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    let game_record = super::pgn_check::first_game_warned(game, words)?;
    let default = vichess::session::language_pack(words.language());
    let pack = super::open_pack(voice.unwrap_or(default), Some(words))?;
    // The clips' own rate: nothing is resampled, and the file stays small.
    let options = RenderOptions::speech(pack.sample_rate(), speed, DEFAULT_GAP_MS);
    let (bank, problems) = ClipBank::load(&pack, &options);
    for p in &problems {
        eprintln!("{}", p.text(&pack));
    }
    // Written as it is rendered: a long game never sits in memory whole.
    let mut writer = wav::Writer::create(audio, options.rate).map_err(|e| {
        // The system's reason once, in the game's words where it has them, after the file.
        let reason = match e {
            wav::WavError::Write {
                source: hound::Error::IoError(io),
                ..
            } => vichess::io_words::io_reason(words, &io),
            wav::WavError::Write { source, .. } => source.to_string(),
            other => other.to_string(),
        };
        let word = words.text(&[Token::Word(Word::ScoresheetCannotWrite)]);
        anyhow::anyhow!("{word}{} {} ({reason})", words.colon(), audio.display())
    })?;
    let mut espeak: Option<Espeak> = None;
    let mut failed = false;
    let mut error = None;
    let lines = dictate_into(&game_record, &pack, &bank, |part| {
        for w in bank.take_fallbacks() {
            eprintln!("{}", fallback_notice(&pack, &w));
        }
        let result = match part {
            Part::Audio(pcm) => writer.append(&pcm.samples),
            Part::Speak(words) => {
                if espeak.is_none() && !failed {
                    match Espeak::at_speed(pack.language(), speed) {
                        Ok(e) => espeak = Some(e),
                        Err(e) => {
                            let lacks = pack.text(&[Token::Word(Word::RecordingLacksWords)]);
                            eprintln!("{}; {lacks}", notice(&e, &pack));
                            failed = true;
                        }
                    }
                }
                match espeak.as_mut().and_then(|e| e.say(&words).ok()) {
                    Some(pcm) => writer.append(&pcm.resampled(options.rate).samples),
                    None => Ok(()),
                }
            }
        };
        if let Err(e) = result {
            error.get_or_insert(e);
        }
    });
    if let Some(e) = error {
        return Err(e.into());
    }
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    for p in bank.take_problems() {
        eprintln!("{}", p.text(&pack));
    }
    let seconds = (writer.frames() as f64 / f64::from(options.rate)).round() as u64;
    writer.finish()?;
    let wrote = vichess::pgn::words::fill(
        words,
        Word::ScoresheetWroteAudio,
        &[
            ("file", &audio.display().to_string()),
            ("min", &(seconds / 60).to_string()),
            ("s", &(seconds % 60).to_string()),
            ("pack", pack.folder()),
        ],
    );
    writeln!(out, "{wrote}")?;
    Ok(ExitCode::SUCCESS)
}
