//! `vichess announce [--fen FEN] [--chess960] [--voice PACK] [--wav FILE] [--play]
//! [--speed X] MOVE...`: plays the moves from the position and prints each as announced, in
//! the pack's words.
//!
//! All moves are checked before anything is printed or played, so a bad move never leaves
//! output that looks as if the earlier moves had been accepted and then silently cut. A line
//! equal to the one before it gets a trailing full stop, so screen readers still read it.

use anyhow::bail;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::audio::{wav, Pcm};
use vichess::pgn::words;
use vichess::phrase::announce::{move_phrase_with, AnnounceOptions};
use vichess::phrase::repeat::LineRepeater;
use vichess::phrase::token::{Phrase, Token, Word};
use vichess::rules::game::Game;
use vichess::rules::notation;
use vichess::rules::Position;
use vichess::speech::file::Espeak;
use vichess::speech::notice;
use vichess::voice::render::{
    clamp_speed, fallback_notice, render, ClipBank, RenderOptions, DEFAULT_GAP_MS, SPEED_RANGE,
};
use vichess::voice::Pack;

/// Silence between two announced moves, in seconds.
const BETWEEN_MOVES_S: f64 = 0.6;

/// `--speed`: a number in [`SPEED_RANGE`], the range the configuration allows too.
pub fn parse_speed(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number: the speed goes from 0.5 to 3.0"))?;
    if SPEED_RANGE.contains(&v) {
        Ok(v)
    } else {
        Err(format!(
            "{v} is out of range: the speed goes from 0.5 to 3.0"
        ))
    }
}

pub fn run(
    start: Position,
    pack: Pack,
    wav_out: Option<&Path>,
    play: bool,
    long: bool,
    speed: f64,
    moves: &[String],
) -> anyhow::Result<ExitCode> {
    let opts = AnnounceOptions {
        pawn_word: long,
        full_from_square: long,
    };
    let mut out = super::text::Escaped::new(std::io::stdout().lock());

    let mut game = Game::new(start);
    let mut phrases: Vec<Phrase> = Vec::with_capacity(moves.len());
    for text in moves {
        let pos = game.position().clone();
        // Refused in the pack's language, as everything else this command prints: "Zug 3
        // von Weiß, „Dh5“: eine weiße Dame kann nicht nach h5 ziehen".
        let who = format!(
            "{}, {}",
            words::move_number(&pack, pos.fullmoves(), pos.turn()),
            pack.language().quote(text)
        );
        let m = match notation::parse_move(&pos, text) {
            Ok(m) => m,
            Err(e) => bail!("{who}{} {}", pack.colon(), words::move_error(&pack, &e)),
        };
        phrases.push(move_phrase_with(&pos, &m, opts));
        if game.push(m).is_err() {
            // The one way a legal move is refused: the game ended before it (a mate).
            let over = pack.text(&[Token::Word(Word::GameOver)]);
            bail!("{who}{} {over}", pack.colon());
        }
    }
    let mut repeater = LineRepeater::new();
    for phrase in &phrases {
        writeln!(out, "{}", repeater.line(&pack.text(phrase)))?;
    }
    if wav_out.is_none() && !play {
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(path) = wav_out {
        let pcm = speak(&pack, &phrases, pack.sample_rate(), speed, BETWEEN_MOVES_S);
        wav::write(path, &pcm)
            .map_err(|e| super::write_refused(&pack, Word::RecordingCannotWrite, path, &e))?;
    }
    if play {
        play_out(&pack, &phrases, speed)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The phrases as one recording, `between` seconds apart (at speed 1): the pack's clips, and
/// eSpeak NG for words without a clip, each such word named once on standard error. The
/// spoken review (`vichess review --wav`) is made here too.
pub(super) fn speak(pack: &Pack, phrases: &[Phrase], rate: u32, speed: f64, between: f64) -> Pcm {
    let options = RenderOptions::speech(rate, speed, DEFAULT_GAP_MS);
    let (bank, problems) = ClipBank::load(pack, &options);
    for p in &problems {
        eprintln!("{}", p.text(pack));
    }
    let mut espeak: Option<Espeak> = None;
    let mut espeak_failed = false;
    let mut out = Pcm::new(rate, Vec::new());
    for (i, phrase) in phrases.iter().enumerate() {
        if i > 0 {
            out.append(&Pcm::silence(rate, between / clamp_speed(speed)));
        }
        let rendered = render(phrase, pack, &bank);
        for w in bank.take_fallbacks() {
            eprintln!("{}", fallback_notice(pack, &w));
        }
        let pcm = rendered.to_pcm(|words| {
            if espeak.is_none() && !espeak_failed {
                match Espeak::at_speed(pack.language(), clamp_speed(speed)) {
                    Ok(e) => espeak = Some(e),
                    Err(e) => {
                        eprintln!("{}", notice(&e, pack));
                        espeak_failed = true;
                    }
                }
            }
            espeak.as_mut().and_then(|e| e.say(words).ok())
        });
        out.append(&pcm);
    }
    for p in bank.take_problems() {
        eprintln!("{}", p.text(pack));
    }
    out
}

/// Plays the phrases on the default sound device, as a game would: clips at the device's own
/// rate, words without a clip through system speech, a pause between moves.
#[cfg(feature = "audio")]
fn play_out(pack: &Pack, phrases: &[Phrase], speed: f64) -> anyhow::Result<()> {
    use super::speech_out::Speakers;
    use vichess::audio::{Audience, Routing};
    let mut speakers = Speakers::open_at(&Routing::default(), pack, speed, DEFAULT_GAP_MS)
        .map_err(|e| {
            let why = vichess::audio::said::device_why(pack, &e);
            anyhow::anyhow!("{} ({why})", pack.text(&[Token::Word(Word::NoSound)]))
        })?;
    for (i, phrase) in phrases.iter().enumerate() {
        if i > 0 {
            speakers.pause(Audience::Public, BETWEEN_MOVES_S / clamp_speed(speed));
        }
        speakers.say(Audience::Public, phrase, &pack.text(phrase));
    }
    let limit = std::time::Duration::from_secs(10 + 5 * phrases.len() as u64);
    let done = speakers.wait(limit);
    // The queue is handed over; give the device time to sound its last buffer.
    std::thread::sleep(std::time::Duration::from_millis(200));
    for n in speakers.take_notices() {
        eprintln!("{n}");
    }
    if !done {
        bail!(
            "the sound device {} did not play the announcement in time",
            speakers.name()
        );
    }
    Ok(())
}

#[cfg(not(feature = "audio"))]
fn play_out(_pack: &Pack, _phrases: &[Phrase], _speed: f64) -> anyhow::Result<()> {
    bail!("this vichess was built without sound output (the \"audio\" feature): use --wav")
}
