//! `vichess review GAME.pgn`: the engine looks at every position of a finished game, and
//! vichess prints the turning points in the game's language and writes the game again with
//! the evaluations as `[%eval]` comments. Progress goes to standard error, a line every five
//! full moves, so a long game's review is never silent.
//!
//! The turning points are also spoken, as `play` speaks: the pack's clips, system speech for
//! words without one. On the sound device by default, into a WAV file with `--wav`, not at
//! all with `--no-audio`; with no sound device the review says so and is printed all the same.

use anyhow::{anyhow, Context};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use vichess::phrase::token::{Token, Word};
use vichess::voice::Pack;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game to review, a PGN file (its first game).
    pub pgn: PathBuf,
    /// How many plies deep the engine looks at each position, 1 to 60 (`review` at a
    /// game's end looks as deep).
    #[arg(long, default_value_t = vichess::host::REVIEW_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,
    /// The engine's program, or a name on PATH (also looked for in /usr/games).
    #[arg(long, default_value = "stockfish")]
    pub engine: String,
    /// The review's language: de, en, uk, ru or hy (default: the game's own, from its journal
    /// beside the PGN; else the configuration's or the system locale's, as `play` takes it).
    #[arg(long)]
    pub lang: Option<String>,
    /// Where the game with its evaluations is written (default: GAME-review.pgn beside it).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write the spoken review to this WAV file instead of playing it.
    #[arg(long, value_name = "FILE")]
    pub wav: Option<PathBuf>,
    /// Print the review only: nothing is spoken.
    #[arg(long)]
    pub no_audio: bool,
}

/// Silence between two spoken turning points, in seconds: longer than any pause inside one,
/// so a listener hears where the next begins.
const BETWEEN_LINES_S: f64 = 1.0;

pub fn run(args: ReviewArgs) -> anyhow::Result<ExitCode> {
    let language = match &args.lang {
        Some(code) => vichess::phrase::Language::from_code(code).ok_or_else(|| {
            anyhow!("{code:?} is not a language vichess speaks (de, en, uk, ru, hy)")
        })?,
        None => own_language(&args.pgn),
    };
    // The installed pack, whose clips speak the review; its words alone (built in) when it
    // cannot be opened, and system speech says everything.
    let name = vichess::session::language_pack(language);
    let pack = match Pack::open(name) {
        Ok(pack) => pack,
        Err(e) => {
            eprintln!("{}", super::pack_refused(name, None, e));
            Pack::builtin(name)?
        }
    };
    let text = std::fs::read_to_string(&args.pgn).map_err(|e| {
        anyhow!(
            "{}{} {} ({})",
            pack.text(&[Token::Word(Word::ConfigUnreadable)]),
            pack.colon(),
            args.pgn.display(),
            vichess::io_words::io_reason(&pack, &e)
        )
    })?;
    // What is wrong with the file, its FEN tag too, in the game's words.
    let pgn = vichess::pgn::read_game(&text)
        .ok_or_else(|| {
            let file = args.pgn.display().to_string();
            anyhow!(
                "{}",
                vichess::pgn::words::fill(&pack, Word::PgnNoGame, &[("file", &file)])
            )
        })?
        .map_err(|e| {
            anyhow!(
                "{}{} {}",
                args.pgn.display(),
                pack.colon(),
                vichess::pgn::words::error(&pack, &e)
            )
        })?;
    let mut out = super::text::Escaped::new(std::io::stdout().lock());
    // The sound device first, as `play` opens it before the game: a listener hears there is
    // no sound before the review, not after all of it.
    let mut sound = None;
    if args.wav.is_none() && !args.no_audio {
        match open_sound(&pack) {
            Ok(s) => sound = Some(s),
            Err(why) => writeln!(out, "{why}")?,
        }
    }
    out.flush()?;
    let mut err = std::io::stderr().lock();
    let (lines, reviewed) =
        vichess::host::review_game(&pgn, &args.engine, args.depth, &pack, |line| {
            let _ = writeln!(err, "{line}");
        })
        .with_context(|| args.pgn.display().to_string())?;
    for phrase in &lines {
        writeln!(out, "{}", pack.text(phrase))?;
    }
    if let Some(wav) = &args.wav {
        let pcm = super::announce::speak(&pack, &lines, pack.sample_rate(), 1.0, BETWEEN_LINES_S);
        vichess::audio::wav::write(wav, &pcm)
            .map_err(|e| super::write_refused(&pack, Word::RecordingCannotWrite, wav, &e))?;
        writeln!(
            out,
            "{}{} {}",
            pack.text(&[Token::Word(Word::ReviewRecorded)]),
            pack.colon(),
            wav.display()
        )?;
    } else if let Some(sound) = sound {
        out.flush()?;
        say(sound, &pack, &lines);
    }
    let target = args.out.clone().unwrap_or_else(|| {
        let stem = args
            .pgn
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into());
        args.pgn.with_file_name(format!("{stem}-review.pgn"))
    });
    vichess::host::save_file(&target, &vichess::pgn::write_game(&reviewed))
        .map_err(|e| super::write_refused(&pack, Word::CannotSave, &target, &e))?;
    writeln!(
        out,
        "{}{} {}",
        pack.text(&[Token::Word(Word::Saved)]),
        pack.colon(),
        target.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The sound device the review is spoken on; `Err` is the line saying, in the pack's words,
/// why there is no sound.
#[cfg(feature = "audio")]
fn open_sound(pack: &Pack) -> Result<super::speech_out::Speakers, String> {
    use super::speech_out::Speakers;
    use vichess::audio::Routing;
    use vichess::voice::render::DEFAULT_GAP_MS;
    let no_sound = |why: String| format!("{} ({why})", pack.text(&[Token::Word(Word::NoSound)]));
    Speakers::open_at(&Routing::default(), pack, 1.0, DEFAULT_GAP_MS)
        .map_err(|e| no_sound(vichess::audio::said::device_why(pack, &e)))
}

/// Speaks the turning points on the sound device as `play` speaks its lines.
#[cfg(feature = "audio")]
fn say(
    mut speakers: super::speech_out::Speakers,
    pack: &Pack,
    lines: &[vichess::phrase::token::Phrase],
) {
    use vichess::audio::Audience;
    for (i, phrase) in lines.iter().enumerate() {
        if i > 0 {
            speakers.pause(Audience::Player, BETWEEN_LINES_S);
        }
        speakers.say(Audience::Player, phrase, &pack.text(phrase));
    }
    speakers.wait(std::time::Duration::from_secs(30 + 10 * lines.len() as u64));
    // The queue is handed over; give the device time to sound its last buffer.
    std::thread::sleep(std::time::Duration::from_millis(200));
    for n in speakers.take_notices() {
        eprintln!("{n}");
    }
}

#[cfg(not(feature = "audio"))]
fn say(_sound: (), _pack: &Pack, _lines: &[vichess::phrase::token::Phrase]) {}

#[cfg(not(feature = "audio"))]
fn open_sound(pack: &Pack) -> Result<(), String> {
    let why = pack.text(&[Token::Word(Word::SoundNotBuilt)]);
    Err(format!(
        "{} ({why})",
        pack.text(&[Token::Word(Word::NoSound)])
    ))
}

/// The game's own language: its journal's (a game vichess recorded keeps one beside its PGN),
/// else the configuration's or the system locale's, else English.
fn own_language(pgn: &std::path::Path) -> vichess::phrase::Language {
    let journaled = vichess::journal::read(&pgn.with_extension("journal"))
        .ok()
        .and_then(|read| {
            let lines: Vec<String> = read.entries.iter().map(|e| e.payload.clone()).collect();
            vichess::session::journaled_language(&lines).map(|(language, _)| language)
        });
    journaled.unwrap_or_else(|| {
        vichess::config::load(None)
            .map(|c| c.first_language(|name| std::env::var(name).ok()).0)
            .unwrap_or(vichess::phrase::Language::En)
    })
}
