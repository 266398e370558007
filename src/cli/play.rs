//! `vichess play`: a game at the console, with boards, sound and gamepads: a thin loop over
//! the driver ([`Table`]). Lines from standard input (a terminal, a screen reader's console or
//! a pipe), board readings and gamepad commands go to the table as they come; between them the
//! loop sleeps until the table's next deadline. Every output is carried out in order: journal
//! lines appended and fsync'd first, then the printed lines (plain text, no colour codes), the
//! speech and the rumble. Time is monotonic ([`MonotonicClock`]); the wall clock is read once.
//!
//! The adapters live beside this file: [`io`] (speech to the sound devices), [`boards`]
//! (serial links and the simulated pegboard's hands) and [`pads`] (gamepads and pedals).

pub(super) mod boards;
mod braille_line;
mod config_words;
mod console;
pub(super) mod interrupt;
mod line_editor;
mod lock;
mod record;
mod unfinished;
#[cfg(feature = "audio")]
use super::speech_out as io;
pub(super) mod pads;

use super::StartArgs;
use anyhow::{anyhow, Context};
use boards::{BoardSpec, Connected, Heard};
use lock::GameLock;
use pads::PadNews;
use record::{save_file, Carried, GameRecord};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{SystemTime, UNIX_EPOCH};
use vichess::board::link::LinkEvent;
use vichess::config::LanguageSource;
use vichess::journal::{self, Journal};
use vichess::phrase::token::{Token, Word};
use vichess::rules::clock::TimeControl;
use vichess::rules::Color;
use vichess::session::{
    configured_pack, Audience, BoardRole, Command, Input, MonotonicClock, Output, Session,
    SessionConfig, Table,
};
use vichess::voice::Pack;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    start: StartArgs,
    /// A configuration file on top of the defaults and the user's file.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The VI player's board: none, sim (a simulated pegboard whose hands copy the
    /// opponent's moves; type `sim MOVE` for the VI player's), or PROTOCOL:PATH with
    /// PROTOCOL dgt, chesslink, pegboard, certabo (USB serial) or chessnut (USB HID,
    /// /dev/hidrawN); PROTOCOL alone: found among the USB devices. A pegboard that cannot
    /// tell colours and stands turned round takes ",rotated" (pegboard:/dev/ttyACM0,rotated).
    #[arg(long, default_value = "none")]
    board: BoardSpec,
    /// The sighted player's board, PROTOCOL:PATH (D.1: either player may demand two boards).
    #[arg(long)]
    second_board: Option<BoardSpec>,
    /// The VI player's side: white or black (their board's touches, `press` and `resign`).
    #[arg(long, value_parser = parse_side)]
    side: Option<Color>,
    /// The time control. With units it means what it says: 3m, 90m+30s, 10s, 1h30m,
    /// 40/90m+30s:30m+30s. A bare number is minutes below 180 (90+30, G/60;d5, 40/120:30)
    /// and PGN seconds from 180 on (300+3, 5400+30); "none" for no clock.
    #[arg(long)]
    control: Option<String>,
    /// The voice pack for announcements (default: the configuration's, or the game
    /// language's own pack).
    #[arg(long)]
    voice: Option<String>,
    /// The game's language: de, en, uk, ru or hy (default: a resumed game's own, else the
    /// configuration's, else the system locale's, else de). Moves, commands and every line
    /// follow it; the voice pack too, unless one is named. On --resume it changes the
    /// game's language from then on, and the journal keeps the change.
    #[arg(long)]
    lang: Option<String>,
    /// Print only; no sound.
    #[arg(long)]
    no_audio: bool,
    /// Where the game's journal and PGN are kept (default: the per-user data directory).
    #[arg(long)]
    game_dir: Option<PathBuf>,
    /// Continue the game last started in the game folder from its journal.
    #[arg(long)]
    resume: bool,
    /// With --resume: open a finished game too (for the arbiter, to check or correct it).
    #[arg(long, requires = "resume")]
    resume_finished: bool,
    /// White's name, for the PGN and the game's file name (default: the configuration's).
    #[arg(long, value_parser = tag_value)]
    white: Option<String>,
    /// Black's name.
    #[arg(long, value_parser = tag_value)]
    black: Option<String>,
    /// The event (tournament), for the PGN.
    #[arg(long, value_parser = tag_value)]
    event: Option<String>,
    /// Where it is played, for the PGN.
    #[arg(long, value_parser = tag_value)]
    site: Option<String>,
    /// The round, for the PGN.
    #[arg(long, value_parser = tag_value)]
    round: Option<String>,
    /// vichess presses the clock itself this many milliseconds after announcing a move (0:
    /// at once); without it, `press` completes a move, and `correct` works until then.
    #[arg(long)]
    auto_press: Option<u64>,
    /// No arbiter at hand (Guidelines III.6): a III.5 draw claim ends the game for the
    /// designated arbiter to rule on later (default: the configuration's arbiter_present).
    #[arg(long)]
    no_arbiter: bool,
    /// How the event supervises rapid and blitz (A.4/B.2 or A.5/B.3): adequate or
    /// inadequate, where an illegal move found after the opponent's reply stands (A.5.2).
    #[arg(long, value_parser = ["adequate", "inadequate"])]
    supervision: Option<String>,
    /// Also show every printed line on a braille display through BRLTTY's BrlAPI socket
    /// (default: $BRLAPI_HOST, else /var/lib/BrlAPI/0); its keys step through the moves and
    /// ask for the time.
    #[arg(long, value_name = "SOCKET", num_args = 0..=1, default_missing_value = "")]
    braille_display: Option<PathBuf>,
}

/// Makes the game folder, readable by its owner only when vichess creates it (an existing
/// folder keeps the permissions its owner chose).
fn make_game_folder(dir: &Path) -> anyhow::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(dir)
        .with_context(|| format!("cannot make the game folder {}", dir.display()))
}

/// A tag given on the command line, at most a console line long (4 KiB): it is journaled as
/// one line, and a journal line over 64 KiB is read back as damage.
fn tag_value(s: &str) -> Result<String, String> {
    match s.len() {
        n if n > console::MAX_LINE => Err(format!(
            "{n} bytes; a name or tag may be at most {} bytes",
            console::MAX_LINE
        )),
        _ => Ok(s.to_string()),
    }
}

/// The seven-tag roster's names from the command line, or else the configuration.
fn game_tags(args: &PlayArgs, config: &vichess::config::Config) -> Vec<(&'static str, String)> {
    let g = &config.game;
    [
        ("Event", &args.event, &g.event),
        ("Site", &args.site, &g.site),
        ("Round", &args.round, &g.round),
        ("White", &args.white, &g.white),
        ("Black", &args.black, &g.black),
    ]
    .into_iter()
    .filter_map(|(tag, arg, configured)| {
        let value = arg.clone().unwrap_or_else(|| configured.clone());
        let value = value.trim().to_string();
        (!value.is_empty()).then_some((tag, value))
    })
    .collect()
}

/// Milliseconds since the Unix epoch: only for the journal's file name.
fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// "2026-11-21T11-05-09" in UTC, for the journal's file name.
fn stamp(ms: u64) -> String {
    let t = vichess::session::UtcTime::from_unix_ms(ms);
    format!(
        "{:04}-{:02}-{:02}T{:02}-{:02}-{:02}",
        t.year, t.month, t.day, t.hour, t.minute, t.second
    )
}

fn parse_side(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("{s:?} is not a side; use white or black")),
    }
}

/// The file in a game folder naming the game last started there: `--resume` continues that
/// game, not whichever journal was touched last.
const CURRENT_GAME: &str = "current-game";

/// The game to resume: the one named in the folder's `current-game` file, or, when that is
/// missing (a folder from an older vichess), the journal written last, said so in the note.
fn game_to_resume(dir: &Path, pack: &Pack) -> anyhow::Result<(PathBuf, Option<String>)> {
    let (path, named) = journal_to_resume(dir, pack)?;
    if named {
        return Ok((path, None));
    }
    let note = format!(
        "{}: {}: {}",
        dir.join(CURRENT_GAME).display(),
        pack.text(&[Token::Word(Word::NoCurrentGame)]),
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    Ok((path, Some(note)))
}

/// The language and voice pack the game to resume was played in, read before anything else
/// so the game goes on in its own words (issue 24, item 8); `None` when its journal cannot be
/// read yet (the resume itself then says why) or comes from before the record existed.
fn resumed_language(dir: &Path) -> Option<(vichess::phrase::Language, String)> {
    // Any words will do: a journal that cannot be found is said by the resume itself.
    let (path, _) = journal_to_resume(dir, &Pack::builtin("en").ok()?).ok()?;
    let read = journal::read(&path).ok()?;
    let lines: Vec<String> = read.entries.into_iter().map(|e| e.payload).collect();
    vichess::session::journaled_language(&lines)
}

/// The journal of the game to resume, and whether the folder's `current-game` file named it
/// (`false`: the journal written last was taken).
fn journal_to_resume(dir: &Path, pack: &Pack) -> anyhow::Result<(PathBuf, bool)> {
    let named = std::fs::read_to_string(dir.join(CURRENT_GAME)).ok();
    if let Some(name) = named.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        // A bare file name only: the marker cannot point outside the folder.
        if !name.contains(['/', '\\']) && name.ends_with(".journal") {
            let path = dir.join(name);
            if path.exists() {
                return Ok((path, true));
            }
            return Err(anyhow!(
                "{}",
                line_in(
                    pack,
                    Word::JournalGone,
                    &dir.join(name).display().to_string()
                )
            ));
        }
    }
    Ok((newest_journal(dir, pack)?, false))
}

/// The journal written last (by time, then by name).
fn newest_journal(dir: &Path, pack: &Pack) -> anyhow::Result<PathBuf> {
    let mut found: Vec<(SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| {
            let detail = format!("{}: {e}", dir.display());
            anyhow!("{}", line_in(pack, Word::CannotReadGameFolder, &detail))
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(UNIX_EPOCH);
            (t, p)
        })
        .collect();
    found.sort();
    found.pop().map(|(_, p)| p).ok_or_else(|| {
        let detail = dir.display().to_string();
        anyhow!("{}", line_in(pack, Word::NoGameToResume, &detail))
    })
}

/// Everything that reaches the game loop, in the order it happened.
enum Arrival {
    Line(String),
    /// Something the console reader had to repair in a line, to be said.
    Notice(String),
    Board(Heard),
    Pad(PadNews),
    /// A signal or a line editor's Ctrl-C ([`interrupt`]): leave as `quit` does.
    Interrupted(String),
}

impl From<Heard> for Arrival {
    fn from(h: Heard) -> Arrival {
        Arrival::Board(h)
    }
}

impl From<PadNews> for Arrival {
    fn from(p: PadNews) -> Arrival {
        Arrival::Pad(p)
    }
}

/// The game's journal, or why it cannot be resumed, said plainly.
fn open_game(
    args: &PlayArgs,
    dir: &Path,
    settings: SessionConfig,
    pack: vichess::voice::Pack,
    config: &vichess::config::Config,
) -> anyhow::Result<(Session, Journal, GameLock, Vec<String>)> {
    // What the player must be told about the record before play goes on: said and printed
    // once the sound is open.
    let mut notes = Vec::new();
    if args.resume {
        let (path, note) = game_to_resume(dir, &pack)?;
        notes.extend(note);
        // Before anything is read: a torn tail of a journal another process is still
        // writing is that process's next line, not damage.
        let lock = GameLock::acquire(&path).map_err(|e| held_in(&pack, e))?;
        let read = journal::read(&path).map_err(|e| match e {
            // Not damaged: written by a newer vichess (issue 24, item 20); left as it is.
            journal::JournalError::Newer { version, .. } => {
                let w = |word| pack.text(&[Token::Word(word)]);
                anyhow!(
                    "{}: {} ({} {version}); {}",
                    path.display(),
                    w(Word::JournalNewer),
                    w(Word::JournalFormat),
                    w(Word::UpdateToResume)
                )
            }
            e => {
                let detail = format!("{}: {e}", path.display());
                anyhow!("{}", line_in(&pack, Word::JournalUnreadable, &detail))
            }
        })?;
        if let Some(torn) = &read.torn {
            // The header or the game's first record cannot be set aside: without them
            // there is no game, so nothing is changed and the arbiter gets the file.
            if torn.line <= 2 {
                return Err(anyhow!(
                    "{}",
                    torn_note(&pack, torn, Word::TornFirstLines, "")
                ));
            }
        }
        let lines: Vec<String> = read.entries.into_iter().map(|e| e.payload).collect();
        let words = pack.clone();
        let session = Session::resume(settings, pack, &lines).map_err(|e| {
            let detail = format!("{}: {e}", path.display());
            anyhow!("{}", line_in(&words, Word::CannotResume, &detail))
        })?;
        let tag = |name: &str, side: Color| {
            session
                .state()
                .tags()
                .iter()
                .find(|(n, _)| n == name)
                .map_or_else(|| side_name(&words, side), |(_, v)| v.clone())
        };
        let game = format!(
            "{} – {}, {}",
            tag("White", Color::White),
            tag("Black", Color::Black),
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        if let Some(ending) = session.state().ending() {
            // An adjourned game ("*") is meant to go on; a finished one only for the arbiter.
            if ending.score != "*" && !args.resume_finished {
                let detail = format!("{game}: {}", ending.score);
                return Err(anyhow!("{}", line_in(&words, Word::GameFinished, &detail)));
            }
        }
        // Said aloud: the players, never the journal's file name; an unnamed side by its colour.
        let name = |tag_name: &str, side| match tag(tag_name, side) {
            n if n == "?" || n.is_empty() => words.text(&[Token::Side(side)]),
            n => n,
        };
        notes.push(format!(
            "{}: {} – {}",
            words.text(&[Token::Word(Word::ResumingGame)]),
            name("White", Color::White),
            name("Black", Color::Black)
        ));
        notes.extend(unfinished::unfinished_games(dir, &path, &words));
        // What a resumed game keeps of its own: said, never silently ignored.
        let ignored: Vec<&str> = [
            ("--control", args.control.is_some()),
            ("--white", args.white.is_some()),
            ("--black", args.black.is_some()),
            ("--event", args.event.is_some()),
            ("--site", args.site.is_some()),
            ("--round", args.round.is_some()),
        ]
        .into_iter()
        .filter_map(|(flag, given)| given.then_some(flag))
        .collect();
        if !ignored.is_empty() {
            notes.push(format!(
                "{} {}",
                ignored.join(", "),
                words.text(&[Token::Word(Word::IgnoredOnResume)])
            ));
        }
        if let Some(torn) = &read.torn {
            // A power cut mid-write: the last line never reached the disk whole. Said only
            // once it really is set aside and the game really goes on.
            journal::repair(&path).map_err(|e| {
                anyhow!(
                    "{}",
                    torn_note(&words, torn, Word::TornNotSetAside, &e.to_string())
                )
            })?;
            notes.push(torn_note(&words, torn, Word::TornSetAside, ""));
        }
        // The PGN is saved after the journal: more moves there than in the journal means the
        // journal lost its end, which a line-boundary cut cannot show by itself.
        if let Ok(text) = std::fs::read_to_string(path.with_extension("pgn")) {
            if let Some(Ok(game)) = vichess::pgn::read_games(&text).into_iter().next() {
                let (saved, kept) = (game.main.moves.len(), session.state().game().ply_count());
                if saved > kept {
                    let w = |word| words.text(&[Token::Word(word)]);
                    notes.push(format!(
                        "{} (PGN: {saved}, {}: {kept}); {}",
                        w(Word::PgnLonger),
                        w(Word::Journal),
                        w(Word::PgnLongerThen)
                    ));
                }
            }
        }
        return Ok((session, Journal::open_append(&path)?, lock, notes));
    }
    let control = match args.control.as_deref() {
        Some("none") | Some("-") => None,
        Some(c) => Some(TimeControl::parse_any(c).map_err(|e| {
            let detail = format!("--control {c}: {e}");
            anyhow!("{}", line_in(&pack, Word::ControlUnreadable, &detail))
        })?),
        None => Some(config.game.time_control()),
    };
    let started = stamp(unix_ms());
    let tags = game_tags(args, config);
    // Without names, the sides in the game's language ("Weiß-Schwarz", "Белые-Чёрные"),
    // spelt as the lines are printed (`ascii_umlauts`: "Weiss-Schwarz").
    let side_in_file = |side| match config.speech.ascii_umlauts {
        true => super::text::ascii_umlauts(&side_name(&pack, side)),
        false => side_name(&pack, side),
    };
    let name_of = |tag: &str, side: Color| {
        tags.iter()
            .find(|(n, _)| *n == tag)
            .map_or_else(|| side_in_file(side), |(_, v)| v.clone())
    };
    let (white, black) = (
        name_of("White", Color::White),
        name_of("Black", Color::Black),
    );
    let mut path = dir.join(journal::journal_file_name(&started, &white, &black));
    let mut n = 1;
    // Taken by anything, a dangling symbolic link too (`exists` follows links, and the
    // journal is never created through one).
    while std::fs::symlink_metadata(&path).is_ok() {
        n += 1;
        path = dir.join(journal::journal_file_name(
            &format!("{started}-{n}"),
            &white,
            &black,
        ));
    }
    let lock = GameLock::acquire(&path).map_err(|e| held_in(&pack, e))?;
    let journal = Journal::create(&path, &started)?;
    if let Some(name) = path.file_name() {
        record::save_file(
            &dir.join(CURRENT_GAME),
            &format!("{}\n", name.to_string_lossy()),
        )
        .map_err(|e| {
            let detail = format!("{}: {e:#}", dir.display());
            anyhow!("{}", line_in(&pack, Word::CannotRecordCurrentGame, &detail))
        })?;
    }
    // No earlier game left unfinished in the folder is forgotten now that this one takes
    // over `current-game`.
    notes.extend(unfinished::unfinished_games(dir, &path, &pack));
    let mut session = Session::new(settings, pack, args.start.position()?, control);
    for (name, value) in &tags {
        session.set_tag(name, value);
    }
    Ok((session, journal, lock, notes))
}

/// Where `Say` effects go: the sound devices, or nowhere (`--no-audio`, no device).
struct Voice {
    #[cfg(feature = "audio")]
    speakers: Option<io::Speakers>,
    /// `[speech] output`: which lines vichess's own voice says (issue 15).
    output: vichess::config::SpeechOutput,
}

impl Voice {
    fn open(
        no_audio: bool,
        config: &vichess::config::Config,
        pack: &vichess::voice::Pack,
    ) -> Voice {
        // A screen reader speaks for vichess (issue 24, item 13): no device, no system
        // speech, and so no "no sound" line and no sound system's complaints on stderr.
        let no_audio =
            no_audio || config.speech.output == vichess::config::SpeechOutput::ScreenReader;
        #[cfg(feature = "audio")]
        {
            let speakers = if no_audio {
                None
            } else {
                match io::Speakers::open_at(
                    &config.audio.routing(),
                    pack,
                    config.speech.speed,
                    config.speech.gap_ms,
                ) {
                    Ok(s) => Some(s),
                    Err(e) => {
                        println!("{}", line_in(pack, Word::NoSound, &device_why(pack, &e)));
                        None
                    }
                }
            };
            Voice {
                speakers,
                output: config.speech.output,
            }
        }
        #[cfg(not(feature = "audio"))]
        {
            let _ = (config, pack);
            if !no_audio {
                println!("{}", not_built_line(pack));
            }
            Voice {
                output: config.speech.output,
            }
        }
    }

    fn say(&mut self, audience: Audience, phrase: &[vichess::phrase::token::Token], text: &str) {
        // A screen reader reads the printed line; saying it too would be heard twice.
        if !self.output.voices(audience) {
            return;
        }
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            s.say(audience, phrase, text);
        }
        #[cfg(not(feature = "audio"))]
        let _ = (audience, phrase, text);
    }

    /// The session changed the speaking rate (hundredths).
    fn set_speed(&mut self, hundredths: u32) {
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            s.set_speed(f64::from(hundredths) / 100.0);
        }
        #[cfg(not(feature = "audio"))]
        let _ = hundredths;
    }

    fn notices(&mut self) -> Vec<String> {
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            return s.take_notices();
        }
        Vec::new()
    }

    /// Lets queued speech finish before leaving (at most a few seconds).
    fn finish(&mut self) {
        #[cfg(feature = "audio")]
        if let Some(s) = &self.speakers {
            s.wait(std::time::Duration::from_secs(10));
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }
}

/// Plays a game; a reason the game cannot start or must stop is said aloud as well as printed
/// (unless `--no-audio`, or a screen reader speaks): a blind player must not be left wondering
/// why nothing answers.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let quiet = args.no_audio;
    // Until the configuration is read: the language named on the command line, else English;
    // then the game's own pack (`play` puts it here as soon as it has it).
    let language = args
        .lang
        .as_deref()
        .and_then(vichess::phrase::Language::from_code)
        .unwrap_or(vichess::phrase::Language::En);
    let mut words = Pack::builtin(vichess::session::language_pack(language)).ok();
    // Cleared once the configuration says a screen reader speaks (issue 24, item 13).
    let mut speaks = true;
    play(args, &mut words, &mut speaks).inspect_err(|e| {
        if !quiet && speaks {
            let language = words.as_ref().map_or(language, Pack::language);
            say_fatal(&fatal_line(words.as_ref(), e), language);
        }
    })
}

/// What is said when `play` cannot start or must stop: the pack's lead-in, then the reason as
/// it was printed (the reason itself may be English).
fn fatal_line(words: Option<&Pack>, e: &anyhow::Error) -> String {
    let lead = words.map_or_else(
        || "vichess stopped".to_string(),
        |p| p.text(&[Token::Word(Word::VichessStopped)]),
    );
    format!("{lead}: {e:#}")
}

/// Says a fatal error through system speech, waiting (a few seconds at most) until it is said.
#[cfg(feature = "speech")]
fn say_fatal(text: &str, language: vichess::phrase::Language) {
    let mut speech = vichess::speech::Fallback::system(language, 1.0);
    if speech.is_available() && speech.speak(text).is_none() {
        let _ = speech.wait(std::time::Duration::from_secs(8));
    }
}

/// Without system speech the printed line is all there is.
#[cfg(not(feature = "speech"))]
fn say_fatal(_text: &str, _language: vichess::phrase::Language) {}

fn play(args: PlayArgs, words: &mut Option<Pack>, speaks: &mut bool) -> anyhow::Result<ExitCode> {
    let mut config = vichess::config::load(args.config.as_deref()).map_err(|errors| {
        // Each line framed in the language asked for (issue 24, item 12).
        let lines: Vec<String> = errors
            .iter()
            .map(|e| match words.as_ref() {
                Some(pack) => config_words::config_error_line(pack, e),
                None => e.to_string(),
            })
            .collect();
        let lead = said_in(words.as_ref(), Word::ConfigUnusable);
        anyhow!("{lead}:\n{}", lines.join("\n"))
    })?;
    *speaks = config.speech.output != vichess::config::SpeechOutput::ScreenReader;
    let flag = match &args.lang {
        Some(lang) => Some(match vichess::phrase::Language::from_code(lang) {
            Some(language) => language,
            None => {
                // Refused in the language the configuration or the locale gives, since the
                // one asked for is not there (issue 24, item 12).
                let (language, _) = config.first_language(|name| std::env::var(name).ok());
                *words = Pack::builtin(vichess::session::language_pack(language))
                    .ok()
                    .or(words.take());
                let why = said_in(words.as_ref(), Word::LangUnknown);
                return Err(anyhow!("--lang {lang}: {why} {LANGUAGE_NAMES}"));
            }
        }),
        None => None,
    };
    let dir = match &args.game_dir {
        Some(d) => d.clone(),
        None if !config.game.games_dir.is_empty() => PathBuf::from(&config.game.games_dir),
        None => journal::games_dir()
            .ok_or_else(|| anyhow!("{}", said_in(words.as_ref(), Word::NoGameFolder)))?,
    };
    // The game's language: --lang, else a resumed game's own, else the configuration's or
    // the system locale's (issue 24, item 8).
    let journaled = args.resume.then(|| resumed_language(&dir)).flatten();
    let mut voice_name = args.voice.clone();
    let (language, source) = match (flag, &journaled) {
        (Some(language), _) => (language, LanguageSource::Flag),
        (None, Some((language, pack))) => {
            voice_name.get_or_insert_with(|| pack.clone());
            (*language, LanguageSource::Journal)
        }
        (None, None) => config.first_language(|name| std::env::var(name).ok()),
    };
    config.game.language = language.code().to_string();
    super::text::set_ascii_umlauts(config.speech.ascii_umlauts);
    let mut settings = SessionConfig::from_config(&config);
    settings.press_after_ms = args.auto_press;
    settings.vi_side = args.side;
    if args.no_arbiter {
        settings.arbiter_present = false;
    }
    if let Some(level) = &args.supervision {
        settings.supervision = match level.as_str() {
            "inadequate" => vichess::rules::arbiter::ruling::Supervision::Unsupervised,
            _ => vichess::rules::arbiter::ruling::Supervision::Adequate,
        };
    }
    // A pack that cannot be opened still leaves the game's language for the fatal line.
    *words = Pack::builtin(vichess::session::language_pack(config.game.language()))
        .ok()
        .or(words.take());
    // A journaled pack that is no longer installed: the language's own pack speaks.
    let pack = configured_pack(&config, voice_name.as_deref()).or_else(|e| match args.voice {
        None if journaled.is_some() => configured_pack(&config, None),
        _ => Err(e),
    })?;
    *words = Some(pack.clone());
    // No game folder yet, and none given: the first game after installing, which says
    // where things are (with --game-dir the user has just said where games go).
    let first_run = args.game_dir.is_none() && !dir.exists();
    make_game_folder(&dir).map_err(|e| {
        let detail = format!("{}: {e:#}", dir.display());
        anyhow!("{}", line_in(&pack, Word::CannotMakeGameFolder, &detail))
    })?;
    let (mut session, journal, _lock, mut notes) =
        open_game(&args, &dir, settings, pack.clone(), &config)?;
    let now = (pack.language(), pack.name().to_string());
    if journaled.as_ref() != Some(&now) {
        // A new game's setting, an older journal's first record of it, or a change by
        // --lang or --voice on a resume, which is said.
        session.journal_language();
        if let Some((before, _)) = journaled.filter(|(before, _)| *before != now.0) {
            notes.push(format!(
                "{}: {} ({}: {})",
                pack.text(&[Token::Word(Word::LanguageLabel)]),
                pack.text(&[Token::Word(language_word(now.0))]),
                pack.text(&[Token::Word(Word::LanguageUntilNow)]),
                pack.text(&[Token::Word(language_word(before))]),
            ));
        }
    }
    let pgn_path = journal.path().with_extension("pgn");
    let mut record = GameRecord::new(journal);
    let clock = MonotonicClock::start();
    let mut table = Table::new(session);
    table.anchor_wall_clock(clock.now(), clock.unix_ms_at_origin());

    let (tx, rx) = mpsc::channel::<Arrival>();
    let mut boards: Vec<Connected> = Vec::new();
    let second = args.second_board.clone().unwrap_or(BoardSpec::None);
    for (spec, role, owner) in [
        (&args.board, BoardRole::Pegboard, args.side),
        (&second, BoardRole::Sighted, args.side.map(|c| !c)),
    ] {
        let position = table.session().position().clone();
        if let Some((b, tracker)) =
            Connected::open(spec, role, &position, owner, config.board.tracker(), &tx)?
        {
            table.add_board(role, tracker);
            boards.push(b);
        }
    }
    let cues = match config.gamepad.enabled {
        true => Some(pads::start(&config, tx.clone())?),
        false => None,
    };
    if let (Some(own), Some(_)) = (args.side, &cues) {
        let alarm_ms =
            (config.clock.low_time_alarm_s > 0).then_some(config.clock.low_time_alarm_s * 1000);
        table.feel_cues(own, alarm_ms);
    }
    interrupt::watch(&tx).context("cannot watch for SIGTERM, SIGHUP and SIGINT")?;
    let lines = tx.clone();
    let words = pack.clone();
    // At a terminal, a line editor that prints the game's lines above the line being typed
    // (issue 24, item 9); piped input keeps the plain reader.
    let (editor, screen, _terminal) = match line_editor::wanted().then(line_editor::open) {
        Some(Ok((editor, screen, guard))) => (
            Some(editor),
            line_editor::Console::Editor(screen),
            Some(guard),
        ),
        _ => (
            None,
            line_editor::Console::Plain(std::io::stdout().lock()),
            None,
        ),
    };
    let (ready, next_line) = match editor.is_some() {
        true => {
            let (tx, rx) = mpsc::channel::<()>();
            (Some(tx), Some(rx))
        }
        false => (None, None),
    };
    std::thread::spawn(move || {
        // Lines read so far, for the notes that name one.
        let count = std::cell::Cell::new(0);
        let deliver = |line: console::ConsoleLine| -> bool {
            count.set(count.get() + 1);
            let number = count.get();
            for repair in &line.repaired {
                let note = match repair {
                    console::Repair::Latin1 => {
                        let text = format!("{number}: \"{}\"", line.text);
                        line_in(&words, Word::LineNotUtf8, &text)
                    }
                    console::Repair::Cut { bytes } => {
                        let detail = format!("{number}: {bytes} > {}", console::MAX_LINE);
                        line_in(&words, Word::LineTooLong, &detail)
                    }
                };
                if lines.send(Arrival::Notice(note)).is_err() {
                    return false;
                }
            }
            lines.send(Arrival::Line(line.text)).is_ok()
        };
        if let Some(mut editor) = editor {
            loop {
                match editor.read() {
                    line_editor::Typed::Line(line) => {
                        let handled =
                            deliver(line) && next_line.as_ref().is_none_or(|n| n.recv().is_ok());
                        if !handled {
                            return;
                        }
                    }
                    line_editor::Typed::End => break,
                    // Ctrl-C, a key in the editor's raw mode: the path SIGINT takes (the
                    // PGN saved, the interruption journaled and said). The terminal stays
                    // cooked: the editor is not opened again.
                    line_editor::Typed::Interrupted => {
                        interrupt::interrupt("SIGINT");
                        return;
                    }
                    // Bytes that are not UTF-8 (or a failing terminal): the plain reader,
                    // with its Latin-1 fallback, reads the rest.
                    line_editor::Typed::Failed { not_utf8 } => {
                        let note =
                            line_in(&words, Word::LineNotUtf8, &(count.get() + 1).to_string());
                        if not_utf8 && lines.send(Arrival::Notice(note)).is_err() {
                            return;
                        }
                        let mut stdin = std::io::stdin().lock();
                        while let Ok(Some(line)) = console::read_line(&mut stdin) {
                            if !deliver(line) {
                                return;
                            }
                        }
                        break;
                    }
                }
            }
        } else {
            let mut stdin = std::io::stdin().lock();
            while let Ok(Some(line)) = console::read_line(&mut stdin) {
                if !deliver(line) {
                    return;
                }
            }
        }
        // End of input: leave as `quit` does; the journal keeps the game for --resume. A
        // closed terminal also sends SIGHUP: then the interruption says what happened.
        if !interrupt::is_interrupted() {
            let _ = lines.send(Arrival::Line("quit".into()));
        }
    });
    let configured = config
        .braille
        .display
        .then(|| PathBuf::from(&config.braille.socket));
    let display = args
        .braille_display
        .clone()
        .or(configured)
        .and_then(|given| {
            let path = braille_line::socket_path(Some(&given));
            braille_line::BrailleLine::connect(&path, tx.clone())
                .inspect_err(|e| {
                    println!(
                        "{}",
                        line_in(&pack, Word::BrailleDisplayMissing, &format!("{e:#}"))
                    )
                })
                .ok()
        });
    drop(tx);
    let mut voice = Voice::open(args.no_audio, &config, &pack);
    // Every line escaped on its way out (a path typed after `save`, a board's own words),
    // whether or not it was made `printable` where it was put together.
    let mut out = super::text::Escaped::new(braille_line::Tee::new(screen, display));
    for note in &notes {
        writeln!(out, "{}", console::printable(note))?;
        voice.say(Audience::Player, &[], note);
    }
    if !args.resume {
        // Who plays which colour, the control, whose move and how to get help (issue 11,
        // finding 12): a blind player otherwise hears nothing until the first move.
        // The language clause before "say help": a braille line shows a long line's end,
        // and how to get help is what it must keep.
        let greeting = table.session().greeting();
        let language = language_clause(&pack, &source);
        let help = pack.text(&[Token::Word(Word::SayHelp)]);
        let greeting = match greeting.strip_suffix(&help) {
            Some(head) => format!("{head}{language}; {help}"),
            None => format!("{greeting}; {language}"),
        };
        writeln!(out, "{}", console::printable(&greeting))?;
        voice.say(Audience::Player, &[], &greeting);
        if first_run {
            // The first start after installing (issue 18): which voice speaks and where the
            // games are kept; the greeting has already said how to get help. No voice speaks
            // for a screen reader's user: only the folder.
            let games = format!(
                "{}: {}",
                pack.text(&[Token::Word(Word::GamesKeptIn)]),
                dir.display()
            );
            let line = match config.speech.output {
                vichess::config::SpeechOutput::ScreenReader => games,
                _ => format!(
                    "{}: {}; {games}",
                    pack.text(&[Token::Word(Word::VoicePack)]),
                    pack.folder(),
                ),
            };
            writeln!(out, "{}", console::printable(&line))?;
            voice.say(Audience::Player, &[], &line);
        }
    }
    out.flush()?;

    // Sensor readings that came while the journal could not be written, to be played after.
    let mut deferred: Vec<(BoardRole, vichess::board::SensorEvent)> = Vec::new();
    // The first pass handles no input: a new game's opening records are written and a
    // resumed game says where it stands at once, not at the first key.
    let mut first = true;
    // A typed line was handled: the editor may take the terminal again (it waits, so that
    // what a line sets off, "quit" above all, is printed before the terminal turns raw).
    let mut line_done = false;
    loop {
        if std::mem::take(&mut line_done) {
            if let Some(ready) = &ready {
                let _ = ready.send(());
            }
        }
        // Sleep until the next input or the table's next deadline, whichever comes first;
        // while the journal fails, until the next retry.
        let due = match record.is_failing() {
            _ if std::mem::take(&mut first) => Some(clock.now()),
            true => Some(clock.now().after(RETRY_MS)),
            false => table.poll_timeout(),
        };
        let arrival = match due {
            Some(due) => match rx.recv_timeout(clock.until(due)) {
                Ok(a) => Some(a),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Arrival::Line("quit".into())),
            },
            None => Some(rx.recv().unwrap_or(Arrival::Line("quit".into()))),
        };
        let now = clock.now();
        line_done = matches!(arrival, Some(Arrival::Line(_)));
        if record.is_failing() {
            match record.retry() {
                Ok(held) => {
                    let where_ = record.path().display().to_string();
                    let text = line_in(&pack, Word::JournalWrittenAgain, &where_);
                    writeln!(out, "{text}")?;
                    voice.say(Audience::Player, &[], &text);
                    for o in held {
                        if carry_out(
                            o,
                            &mut out,
                            &mut voice,
                            &cues,
                            &mut boards,
                            &pgn_path,
                            &pack,
                        )? {
                            return finish(&mut voice);
                        }
                    }
                    for (board, event) in deferred.drain(..) {
                        table.handle(Input::Sensor { board, event }, now);
                    }
                }
                Err(why) => {
                    let refused = match &arrival {
                        Some(Arrival::Line(l)) if l.trim() == "quit" => {
                            return leave_unwritten(&mut out, &mut voice, &record, &pack);
                        }
                        Some(Arrival::Interrupted(_)) => {
                            return leave_unwritten(&mut out, &mut voice, &record, &pack);
                        }
                        Some(Arrival::Line(l)) => Some(l.clone()),
                        Some(Arrival::Pad(PadNews::Command(c))) => Some(button_line(&pack, *c)),
                        Some(Arrival::Board(Heard {
                            role,
                            event: LinkEvent::Sensor(e),
                        })) => {
                            deferred.push((*role, *e));
                            None
                        }
                        _ => None,
                    };
                    if let Some(what) = refused {
                        let text = format!(
                            "{}: {}",
                            console::visible(&what),
                            line_in(&pack, Word::NotAcceptedJournal, &why.to_string())
                        );
                        writeln!(out, "{text}")?;
                        voice.say(Audience::Player, &[], &text);
                    }
                    out.flush()?;
                    continue;
                }
            }
        }
        match arrival {
            None => table.handle_timeout(now),
            Some(Arrival::Line(line)) => match line.trim().strip_prefix("sim ") {
                // The simulated hands, not the game: `sim e4` plays e4 on the pegboard.
                Some(mv) => {
                    let lang = vichess::session::notation_lang(pack.language());
                    let answer = match boards.iter_mut().find(|b| b.role == BoardRole::Pegboard) {
                        Some(b) => {
                            let expected = table
                                .tracker(BoardRole::Pegboard)
                                .map(|t| t.expected().clone());
                            b.simulate_move(mv.trim(), expected.as_ref(), lang)
                        }
                        None => boards::SimAnswer::NoBoard,
                    };
                    writeln!(out, "{}", sim_line(&pack, answer))?;
                }
                None => table.handle(Input::Line(line), now),
            },
            Some(Arrival::Board(Heard { role, event })) => match event {
                LinkEvent::Sensor(event) => table.handle(Input::Sensor { board: role, event }, now),
                // Device news is for the people at the board, not for the game record.
                e @ (LinkEvent::Connected { .. } | LinkEvent::Disconnected { .. }) => {
                    let (word, detail) = match &e {
                        LinkEvent::Connected { path } => (Word::BoardConnected, path.clone()),
                        LinkEvent::Disconnected { reason } => {
                            (Word::BoardDisconnected, reason.clone())
                        }
                        _ => unreachable!("matched above"),
                    };
                    let text = format!(
                        "{}: {}",
                        board_name(&pack, role),
                        line_in(&pack, word, &detail)
                    );
                    writeln!(out, "{text}")?;
                    voice.say(Audience::Player, &[], &text);
                }
                LinkEvent::Clock(_) | LinkEvent::ClockAck(_) => {}
                // The rest in the game's language too; what the device itself says (its
                // name, its fault, the garbled frame) follows in brackets as it came.
                LinkEvent::Resynchronised => {
                    board_news(&mut out, &pack, role, Word::BoardReadAgain, "")?
                }
                LinkEvent::Info(s) => board_news(&mut out, &pack, role, Word::BoardSaysItIs, &s)?,
                LinkEvent::BoardError(s) => {
                    board_news(&mut out, &pack, role, Word::BoardReports, &s)?
                }
                LinkEvent::Garbled(e) => {
                    board_news(&mut out, &pack, role, Word::BoardGarbled, &e.to_string())?
                }
                LinkEvent::ClockFailed(s) => {
                    board_news(&mut out, &pack, role, Word::BoardClockFailed, &s)?
                }
            },
            Some(Arrival::Pad(PadNews::Command(c))) => table.handle(Input::Button(c), now),
            Some(Arrival::Interrupted(signal)) => {
                table.handle(Input::Command(Command::Interrupted(signal)), now)
            }
            Some(Arrival::Notice(n)) => {
                writeln!(out, "{}", console::printable(&n))?;
                voice.say(Audience::Player, &[], &n);
            }
            Some(Arrival::Pad(PadNews::Notice(n))) => {
                let text = console::printable(&n.text(&pack));
                writeln!(out, "{text}")?;
                voice.say(Audience::Player, &[], &text);
            }
        }
        let mut quit = false;
        while let Some(output) = table.poll_output() {
            match record.carry(output) {
                Carried::Held => {}
                Carried::Failed(why) => {
                    // Nothing is announced that is not on disk: the rest waits.
                    let detail = format!("{}: {why}", record.path().display());
                    let text = line_in(&pack, Word::JournalFailing, &detail);
                    writeln!(out, "{text}")?;
                    voice.say(Audience::Player, &[], &text);
                }
                Carried::Now(o) => {
                    quit |= carry_out(
                        o,
                        &mut out,
                        &mut voice,
                        &cues,
                        &mut boards,
                        &pgn_path,
                        &pack,
                    )?
                }
            }
        }
        for n in voice.notices() {
            writeln!(out, "{n}")?;
        }
        out.flush()?;
        if quit {
            return finish(&mut voice);
        }
    }
}

/// How often a failing journal is tried again.
const RETRY_MS: u64 = 5_000;

/// Carries out one output that is not a journal line; `true` for quit.
fn carry_out(
    output: Output,
    out: &mut impl Write,
    voice: &mut Voice,
    cues: &Option<std::sync::mpsc::Sender<vichess::input::SessionCue>>,
    boards: &mut [Connected],
    pgn_path: &Path,
    pack: &Pack,
) -> anyhow::Result<bool> {
    match output {
        Output::Journal(_) => {}
        Output::Print(line) => writeln!(out, "{}", console::printable(&line))?,
        Output::Say {
            audience,
            phrase,
            text,
        } => voice.say(audience, &phrase, &text),
        Output::Cue(cue) => {
            if let Some(tx) = cues {
                let _ = tx.send(cue);
            }
        }
        Output::BoardAdvanced { board, position } => {
            for b in boards.iter_mut().filter(|b| b.role == board) {
                b.copy_to(&position);
            }
        }
        Output::SavePgn { path, pgn } => {
            let target = path.map_or_else(|| pgn_path.to_path_buf(), PathBuf::from);
            // `save game.brf` (or `.brl`): the scoresheet in braille (D.2.7), at any time.
            if super::braille::is_braille_file(&target) {
                let lang = vichess::session::notation_lang(pack.language());
                let written = vichess::pgn::read_game(&pgn)
                    .and_then(Result::ok)
                    .ok_or_else(|| anyhow!("the game's record cannot be read back"))
                    .and_then(|game| {
                        super::braille::write_sheet(
                            &game,
                            &super::braille::sheet_args(&target, lang),
                        )
                    });
                match written {
                    Ok(_) => {
                        let saved = pack.text(&[Token::Word(Word::Saved)]);
                        writeln!(out, "{saved}: {}", target.display())?
                    }
                    Err(e) => {
                        let detail = format!("{}: {e:#}", target.display());
                        let text = line_in(pack, Word::CannotSave, &detail);
                        writeln!(out, "{text}")?;
                        voice.say(Audience::Player, &[], &text);
                    }
                }
                return Ok(false);
            }
            match save_file(&target, &pgn) {
                Ok(()) => {
                    let saved = pack.text(&[Token::Word(Word::Saved)]);
                    writeln!(out, "{saved}: {}", target.display())?
                }
                Err(e) => {
                    let detail = format!("{}: {e}", target.display());
                    let text = line_in(pack, Word::CannotSave, &detail);
                    writeln!(out, "{text}")?;
                    voice.say(Audience::Player, &[], &text);
                }
            }
        }
        Output::Quit => return Ok(true),
        Output::SpeechRate(hundredths) => voice.set_speed(hundredths),
    }
    Ok(false)
}

fn finish(voice: &mut Voice) -> anyhow::Result<ExitCode> {
    voice.finish();
    Ok(ExitCode::SUCCESS)
}

/// Leaving while records are not on disk: they are printed, so the arbiter can keep them.
fn leave_unwritten(
    out: &mut impl Write,
    voice: &mut Voice,
    record: &GameRecord,
    pack: &Pack,
) -> anyhow::Result<ExitCode> {
    let detail = format!("{}: {}", record.path().display(), record.pending().len());
    let text = line_in(pack, Word::JournalUnwritten, &detail);
    writeln!(out, "{text}")?;
    voice.say(Audience::Player, &[], &text);
    for line in record.pending() {
        writeln!(out, "{}", unwritten_line(pack, line))?;
    }
    out.flush()?;
    voice.finish();
    Ok(ExitCode::from(1))
}

/// A record not on disk, printed when leaving: the pack's word for unwritten, then the
/// journal line as it would have been written (for the arbiter, machine-readable).
fn unwritten_line(pack: &Pack, line: &str) -> String {
    format!("{}: {line}", pack.text(&[Token::Word(Word::Unwritten)]))
}

/// A button, pedal or key command named in the game's language (a press refused while the
/// journal cannot be written): "Taste „Zeit“".
fn button_line(pack: &Pack, command: vichess::input::InputCommand) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let name = pack.language().quote(&w(command.word()));
    format!("{} {name}", w(Word::Button))
}

/// No sound because this vichess was built without sound output.
#[cfg_attr(feature = "audio", allow(dead_code))]
fn not_built_line(pack: &Pack) -> String {
    let why = pack.text(&[Token::Word(Word::SoundNotBuilt)]);
    line_in(pack, Word::NoSound, &why)
}

/// The languages vichess speaks, each in its own words, for a `--lang` it does not know.
const LANGUAGE_NAMES: &str =
    "de (Deutsch), en (English), uk (українська), ru (русский), hy (հայերեն)";

/// One of play's own words, in `pack`'s language, or English when no pack could be opened:
/// a start-up error says why in the language asked for.
fn said_in(pack: Option<&Pack>, word: Word) -> String {
    pack.cloned()
        .or_else(|| Pack::builtin("en").ok())
        .map_or_else(|| word.id().to_string(), |p| p.text(&[Token::Word(word)]))
}

/// A side's name in the game's language, capitalised as a name in a file name or a heading:
/// "Weiß", "Белые", "White".
fn side_name(pack: &Pack, side: Color) -> String {
    let word = pack.text(&[Token::Side(side)]);
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The start line's clause on the game's language (issue 24, item 8): which, where it came
/// from when the system chose it, and how to change it.
fn language_clause(pack: &Pack, source: &LanguageSource) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let whence = match source {
        LanguageSource::Locale { var, value } => {
            format!(" ({} {var}={value})", w(Word::LanguageFromLocale))
        }
        LanguageSource::Default(Some((var, value))) => {
            format!(" ({}: {var}={value})", w(Word::LanguageDefault))
        }
        LanguageSource::Default(None) => format!(" ({})", w(Word::LanguageDefault)),
        _ => String::new(),
    };
    format!(
        "{}: {}{whence}; {}",
        w(Word::LanguageLabel),
        w(language_word(pack.language())),
        w(Word::LanguageChange)
    )
}

/// A language's name, as a word of the packs.
fn language_word(language: vichess::phrase::Language) -> Word {
    use vichess::phrase::Language;
    match language {
        Language::De => Word::LanguageDe,
        Language::En => Word::LanguageEn,
        Language::Uk => Word::LanguageUk,
        Language::Ru => Word::LanguageRu,
        Language::Hy => Word::LanguageHy,
    }
}

/// Why the sound card cannot be used, in the game's language; what the sound system itself
/// said (a device's name, its fault) follows as it came.
#[cfg(feature = "audio")]
fn device_why(pack: &Pack, e: &vichess::audio::device::DeviceError) -> String {
    use vichess::audio::device::DeviceError;
    match e {
        DeviceError::NoDevice => pack.text(&[Token::Word(Word::SoundNoDevice)]),
        DeviceError::NotFound { wanted, available } => line_in(
            pack,
            Word::SoundNotFound,
            &format!("\"{wanted}\"; {available}"),
        ),
        DeviceError::Unavailable { name, reason } => line_in(
            pack,
            Word::SoundCannotPlay,
            &format!("\"{name}\": {}", reason.trim_end_matches('.')),
        ),
    }
}

/// A lock held by another process, said in the game's language; other errors as they are.
fn held_in(pack: &Pack, e: anyhow::Error) -> anyhow::Error {
    match e.downcast_ref::<lock::Held>() {
        Some(held) => {
            let detail = format!("{}, {}", held.game.display(), held.process);
            anyhow!(
                "{}",
                line_in(pack, Word::GameLocked, detail.trim_end_matches(", "))
            )
        }
        None => e,
    }
}

/// A torn last line of a resumed journal in the game's language: the file and line, that the
/// entry is unusable (why, as the journal reader found it, in brackets), then what becomes of
/// it (`then`, with `detail` in brackets).
fn torn_note(pack: &Pack, torn: &journal::TornTail, then: Word, detail: &str) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    format!(
        "{}, {} {}: {} ({}); {}",
        torn.path.display(),
        w(Word::JournalLine),
        torn.line,
        w(Word::JournalTorn),
        torn.why,
        line_in(pack, then, detail)
    )
}

/// The simulated hands' answer to `sim MOVE`, in the game's language.
fn sim_line(pack: &Pack, answer: boards::SimAnswer) -> String {
    use boards::SimAnswer;
    let words = |p: &[Token]| pack.text(p);
    match answer {
        SimAnswer::Plays(m) => format!("{}: {m}", words(&[Token::Word(Word::SimPlays)])),
        SimAnswer::NoBoard => words(&[Token::Word(Word::SimNoBoard)]),
        SimAnswer::Busy => words(&[Token::Word(Word::SimBusy)]),
        // Not the game's refusal of an illegal move (no 7.5 here): just the hands' no.
        SimAnswer::Cannot(m) => format!("{} ({m})", words(&[Token::Word(Word::SimCannot)])),
    }
}

/// One of play's own lines in the game's language: the pack's word, then what only this
/// case knows (a path, the system's reason) in brackets.
fn line_in(pack: &Pack, word: Word, detail: &str) -> String {
    let w = pack.text(&[Token::Word(word)]);
    if detail.is_empty() {
        w
    } else {
        format!("{w} ({detail})")
    }
}

/// One printed line of a board's own news: the board, the pack's words, and what the device
/// said (its name, its fault, the garbled frame) in brackets as it came.
fn board_news(
    out: &mut impl std::io::Write,
    pack: &Pack,
    role: BoardRole,
    word: Word,
    device: &str,
) -> std::io::Result<()> {
    let detail = console::printable(device);
    writeln!(
        out,
        "{}: {}",
        board_name(pack, role),
        line_in(pack, word, &detail)
    )
}

fn board_name(pack: &Pack, role: BoardRole) -> String {
    let word = match role {
        BoardRole::Pegboard => Word::PlayersBoard,
        BoardRole::Sighted => Word::SecondBoard,
    };
    pack.text(&[Token::Word(word)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(name: &str) -> Pack {
        Pack::builtin(name).unwrap()
    }

    #[test]
    fn the_fatal_line_is_led_in_in_the_games_language() {
        let e = anyhow!("there is no game to resume in /tmp/games");
        for (name, said) in [
            (
                "de",
                "vichess wurde beendet: there is no game to resume in /tmp/games",
            ),
            (
                "de-fide",
                "vichess wurde beendet: there is no game to resume in /tmp/games",
            ),
            (
                "ru",
                "vichess остановился: there is no game to resume in /tmp/games",
            ),
            (
                "uk",
                "vichess зупинився: there is no game to resume in /tmp/games",
            ),
            (
                "hy",
                "vichess-ը դադարեց աշխատել: there is no game to resume in /tmp/games",
            ),
            (
                "en",
                "vichess stopped: there is no game to resume in /tmp/games",
            ),
        ] {
            assert_eq!(fatal_line(Some(&pack(name)), &e), said, "{name}");
        }
        // No pack at all (a built-in manifest that did not parse): still a line, in English.
        assert_eq!(
            fatal_line(None, &e),
            "vichess stopped: there is no game to resume in /tmp/games"
        );
    }

    /// Why there is no sound, in the game's language (issue 24, item 12): only the device's
    /// own name and fault stay as the sound system gave them.
    #[cfg(feature = "audio")]
    #[test]
    fn the_reason_for_no_sound_is_in_the_games_language() {
        use vichess::audio::device::DeviceError;
        let unavailable = DeviceError::Unavailable {
            name: "pulse".into(),
            reason: "stream error.".into(),
        };
        let said = |name: &str, e: &DeviceError| {
            let p = pack(name);
            line_in(&p, Word::NoSound, &device_why(&p, e))
        };
        assert_eq!(
            said("ru", &DeviceError::NoDevice),
            "звука нет: каждое объявление только печатается (на этом компьютере нет звукового \
             устройства)"
        );
        assert_eq!(
            said("de", &unavailable),
            "kein Ton: jede Ansage wird nur angezeigt (das Tongerät kann keinen Ton ausgeben \
             (\"pulse\": stream error))"
        );
        let missing = DeviceError::NotFound {
            wanted: "usb".into(),
            available: "default, pulse".into(),
        };
        for name in ["de", "uk", "ru", "hy"] {
            for e in [&DeviceError::NoDevice, &missing, &unavailable] {
                let line = said(name, e);
                for english in ["sound device", "cannot play", "there is no", "named"] {
                    assert!(!line.contains(english), "{name}: {line}");
                }
            }
        }
    }

    /// Records printed when leaving with the journal unwritable, a button press refused
    /// meanwhile, and no sound in a build without it: in the game's language, the journal
    /// line itself as it is.
    #[test]
    fn unwritten_records_refused_buttons_and_no_sound_are_in_the_games_language() {
        use vichess::input::InputCommand;
        let record = "7 12345 move e2e4";
        let said = |name: &str| {
            let p = pack(name);
            [
                unwritten_line(&p, record),
                button_line(&p, InputCommand::PressWhite),
                button_line(&p, InputCommand::MovesBack),
                not_built_line(&p),
            ]
        };
        assert_eq!(
            said("de"),
            [
                "nicht geschrieben: 7 12345 move e2e4",
                "Taste „Uhr von Weiß drücken“",
                "Taste „einen Zug zurück“",
                "kein Ton: jede Ansage wird nur angezeigt (dieses vichess wurde ohne Tonausgabe \
                 gebaut)",
            ]
        );
        assert_eq!(said("de-fide"), said("de"));
        assert_eq!(
            said("ru"),
            [
                "не записано: 7 12345 move e2e4",
                "кнопка «нажать часы белых»",
                "кнопка «ход назад»",
                "звука нет: каждое объявление только печатается (этот vichess собран без вывода \
                 звука)",
            ]
        );
        assert_eq!(said("uk")[1], "кнопка «натиснути годинник білих»");
        assert_eq!(said("en")[1], "button \"press White's clock\"");
        // Every command has its word in every pack (no token id in its place).
        for name in ["de", "en", "uk", "ru", "hy"] {
            let p = pack(name);
            for c in InputCommand::ALL {
                let line = button_line(&p, c);
                assert!(!line.contains("button-"), "{name}: {line}");
            }
            assert!(!unwritten_line(&p, record).starts_with("unwritten:") || name == "en");
        }
    }
}
