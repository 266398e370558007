//! Command definitions and dispatch. Each command's work lives in its own module.

mod announce;
#[cfg(feature = "serial")]
mod board;
mod braille;
mod clock;
mod clock_run;
mod clock_words;
mod config_check;
mod demo;
#[cfg(feature = "listen")]
mod hear;
mod manual;
mod moves;
mod perft;
mod pgn_check;
mod play;
mod replay;
mod report;
mod review;
mod scoresheet;
mod speech_out;
pub mod text;
mod usage;
mod voices;
#[cfg(feature = "window")]
mod window;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use vichess::rules::notation::Lang;
use vichess::rules::{CastlingMode, Position};

#[derive(Parser, Debug)]
#[command(
    name = "vichess",
    version,
    about = "Audio-first chess for blind and visually impaired players (FIDE Appendix D)"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: `--fen` and `--chess960` are shared by several commands.
#[derive(clap::Args, Debug, Clone)]
pub struct StartArgs {
    /// Start from this position (FEN; X-FEN or Shredder-FEN castling with --chess960).
    #[arg(long)]
    fen: Option<String>,
    /// Chess960 rules: castling as king-takes-rook, X-FEN castling rights.
    #[arg(long)]
    chess960: bool,
}

impl StartArgs {
    fn mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    /// The start position, or the FEN as typed with what is wrong with it, for a command that
    /// knows its language only later (`play` refuses it once the game's language is known).
    fn read(&self) -> Result<Position, (String, vichess::rules::FenError)> {
        match &self.fen {
            None => {
                let mut pos = Position::new();
                pos.set_castling_mode(self.mode());
                Ok(pos)
            }
            Some(fen) => Position::from_fen(fen, self.mode()).map_err(|e| (fen.clone(), e)),
        }
    }

    /// The start position; a FEN that cannot be used is refused in `pack`'s words.
    fn position_in(&self, pack: &vichess::voice::Pack) -> anyhow::Result<Position> {
        self.read().map_err(|(fen, e)| {
            anyhow::anyhow!("{}", vichess::fen_words::flag_line(pack, &fen, &e))
        })
    }

    /// The start position; a FEN that cannot be used is refused in `lang`, else in the
    /// configuration's language ([`language_or_configured`]), which is read only then.
    fn position(&self, lang: Option<vichess::phrase::Language>) -> anyhow::Result<Position> {
        match self.read() {
            Ok(pos) => Ok(pos),
            Err(_) => {
                let language = language_or_configured(lang)?;
                let pack =
                    vichess::voice::Pack::builtin(vichess::session::language_pack(language))?;
                self.position_in(&pack)
            }
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree (a move generator check).
    Perft {
        #[command(flatten)]
        start: StartArgs,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
        /// Depth in plies.
        depth: u32,
    },
    /// List every legal move: UCI, a space, then SAN.
    Moves {
        #[command(flatten)]
        start: StartArgs,
        /// Write SAN with this language's piece letters: en, de, uk, ru, hy, figurine.
        #[arg(long, value_parser = parse_lang)]
        lang: Option<Lang>,
    },
    /// Review a game with a chess engine: its turning points in the game's language, and
    /// the game again with the evaluations as [%eval] comments.
    Review(review::ReviewArgs),
    /// Play moves in any accepted notation and report the position and status.
    Replay {
        #[command(flatten)]
        start: StartArgs,
        /// Write SAN with this language's piece letters: en, de, uk, ru, hy, figurine; a
        /// refused move is told in this language (without it, or with figurine, in the
        /// configuration's `[game] language`).
        #[arg(long, value_parser = parse_lang)]
        lang: Option<Lang>,
        /// The moves, in order (SAN, long algebraic or UCI, in any supported language).
        #[arg(allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// Recognise a move or command spoken in a WAV recording, as `play --listen` hears it:
    /// prints the move (its announcement and SAN) with the confidence, the question
    /// between two moves, or "not understood", in the game's language.
    #[cfg(feature = "listen")]
    Hear {
        /// The recordings (WAV, any sample rate; several channels are mixed down), each heard
        /// in turn with the model loaded once.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The position the move is heard in (FEN); default the starting position.
        #[arg(long)]
        fen: Option<String>,
        /// The game's language: de, en, uk, ru or hy (German hears both the Appendix D
        /// names and the letters).
        #[arg(long, default_value = "de")]
        lang: vichess::phrase::Language,
        /// Also print the heard move in UCI ("uci g1f3"), or "ask" or "none", for scripts.
        #[arg(long)]
        uci: bool,
        /// Print the recognition time and the recogniser's measurements on standard error.
        #[arg(long)]
        timing: bool,
        /// The recogniser: auto (Whisper checked by PocketSphinx when Whisper's model is
        /// installed, else PocketSphinx), both, whisper or sphinx.
        #[arg(long, default_value = "auto")]
        ear: vichess::listen::ear::EarKind,
        /// Hear each recording a second time with these recognition rules' switches set
        /// (KEY=VALUE, e.g. VICHESS_SQUARE_WRITTEN=0), the recording encoded once for both:
        /// what one rule decides, for the closed loop and the tests (docs/voice-input.md).
        #[arg(long = "again-with", value_name = "KEY=VALUE", hide = true)]
        again_with: Vec<String>,
        /// Before hearing a recording, look ahead at its first SECONDS as `play --listen`
        /// does while the player is silent and the utterance still open (encode, then hear,
        /// docs/voice-input.md); the hearing is then the closing press's. For the tests and
        /// the latency figures.
        #[arg(long, value_name = "SECONDS", hide = true)]
        ahead: Option<f64>,
    },
    /// Play moves and print each as announced, in a voice pack's words (default: de-fide).
    Announce {
        #[command(flatten)]
        start: StartArgs,
        /// The voice pack: de-fide, en, de, uk, ru or hy (see `vichess voices`).
        #[arg(long)]
        voice: Option<String>,
        /// Also write the spoken announcements to this WAV file (16-bit PCM).
        #[arg(long)]
        wav: Option<PathBuf>,
        /// Also play the announcements on the sound device.
        #[arg(long)]
        play: bool,
        /// The long form: the pawn word and the whole from-square ("Bauer Eva zwei Eva vier",
        /// "Springer Gustav eins Felix drei"). The default everywhere is the short form,
        /// Appendix D's minimum; play and the demo take the long form from `[speech]`
        /// `say_pawn` and `full_from_square`.
        #[arg(long)]
        long: bool,
        /// Speaking rate: 1.0 is the pack's own pace, from 0.5 (slow) to 3.0 (fast).
        #[arg(long, default_value_t = 1.0, value_parser = announce::parse_speed)]
        speed: f64,
        /// The moves, in order (SAN, long algebraic or UCI, in any supported language).
        #[arg(allow_hyphen_values = true, required = true)]
        moves: Vec<String>,
    },
    /// List the voice packs: language, engine, licence and how many clips they have.
    Voices {
        /// Open every clip; exit 1 exactly when a problem is listed.
        #[arg(long)]
        check: bool,
        /// Only these packs (their folder names), e.g. the one just recorded.
        #[arg(value_name = "PACK")]
        packs: Vec<String>,
    },
    /// Play a game at the console: moves and commands from standard input, every announcement printed.
    Play(Box<play::PlayArgs>),
    /// The game in a window: a large, high-contrast board for low vision, the assistant's
    /// recorder (click or drag a move), the text display for the opponent, every square and
    /// control named for screen readers. Takes play's options. `vichess` alone opens it when
    /// a display is there.
    #[cfg(feature = "window")]
    #[command(
        mut_arg("listen", |a| a.hide(true)),
        after_help = window::keys_help()
    )]
    Window(Box<window::WindowArgs>),
    /// A short famous game on the simulated pegboard with the speaking clock: touches,
    /// announcements, a board mismatch put right, an illegal attempt, time calls, the result.
    Demo(demo::DemoArgs),
    /// The chess clock: try a time control, or hear a time in words.
    Clock {
        #[command(subcommand)]
        command: ClockCommand,
    },
    /// Sensor boards: a simulator on a pseudo-terminal, and a monitor that prints what a board says.
    #[cfg(feature = "serial")]
    Board {
        #[command(subcommand)]
        command: board::BoardCommand,
    },
    /// Dictate a game's scoresheet to a WAV file, or write it in braille (D.2.7).
    Scoresheet {
        /// The game (PGN; the first game in the file).
        game: PathBuf,
        /// Where to write the recording (WAV, 16-bit PCM).
        #[arg(long, required_unless_present = "braille")]
        audio: Option<PathBuf>,
        #[command(flatten)]
        braille: braille::BrailleArgs,
        /// The voice pack: de-fide, en, de, uk, ru or hy; without it, the pack of the game's
        /// language (German is de-fide).
        #[arg(long)]
        voice: Option<String>,
        /// Speaking rate: 1.0 is the pack's own pace, from 0.5 (slow) to 3.0 (fast).
        #[arg(long, default_value_t = 1.0, value_parser = announce::parse_speed)]
        speed: f64,
        /// The language of the lines, and of the notation and voice when those are not given:
        /// de, en, uk, ru or hy (default: the game's own, as the journal beside its PGN
        /// records it, else the configuration's `[game] language`).
        #[arg(long)]
        lang: Option<vichess::phrase::Language>,
    },
    /// Work with configuration files.
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Work with PGN files.
    Pgn {
        #[command(subcommand)]
        command: PgnCommand,
    },
    /// The arbiter's report of a game: every move, ruling, penalty, claim, touch, note and
    /// clock correction in order, then the game as PGN with them as comments.
    Report {
        /// The game's journal (the .journal file in the game folder; its .pgn beside it will
        /// do: the journal of the same name is read).
        journal: PathBuf,
        /// The report's language: de, en, uk, ru or hy (default: the game's own, as its
        /// journal records it, else the configuration's or the locale's, as `play` takes it).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Write the man pages and shell completions (for packagers; see scripts/package).
    #[command(hide = true)]
    Manual {
        /// The folder to write `man/` and `completions/` into.
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
enum ConfigCommand {
    /// Check FILE (or, without FILE, your own configuration) on top of the defaults: "ok",
    /// or every error with its file, line and key; exit 1 on error.
    Check {
        file: Option<PathBuf>,
        /// The language of the lines: de, en, uk, ru or hy (default: the configuration's
        /// game language, else the locale's, as `play` takes it).
        #[arg(long)]
        lang: Option<String>,
    },
}

#[derive(Subcommand, Debug)]
enum PgnCommand {
    /// Check every game in a file: one line per game and a summary; exit 1 if any is bad.
    Check {
        file: PathBuf,
        /// The language of the findings: de, en, uk, ru or hy; without it, the game's own
        /// (as the journal beside the file records it), else the configuration's
        /// `[game] language`.
        #[arg(long)]
        lang: Option<vichess::phrase::Language>,
    },
}

#[derive(Subcommand, Debug)]
enum ClockCommand {
    /// Play a time control through with given thinking times, White first, alternating.
    Simulate {
        /// With units: "3m", "90m+30s", "1h30m", "10s", a delay "5m;d3s", a Bronstein delay
        /// "5m;b3s". A bare number is minutes below 180
        /// ("90+30", "G/90") and PGN seconds from 180 on ("300+3", "40/5400+30:1800+30").
        #[arg(long)]
        control: String,
        /// Seconds spent on each move in turn; decimals allowed.
        #[arg(allow_negative_numbers = true)]
        seconds: Vec<f64>,
        /// The language of the lines: de, en, uk, ru or hy; without it, the configuration's
        /// `[game] language`.
        #[arg(long)]
        lang: Option<vichess::phrase::Language>,
    },
    /// A talking clock on the keyboard: every announcement is printed as a line.
    #[command(after_help = clock_run::KEYS)]
    Run {
        /// With units: "3m", "90m+30s", "1h30m", "10s", a delay "5m;d3s", a Bronstein delay
        /// "5m;b3s". A bare number is minutes below 180
        /// ("90+30", "G/90") and PGN seconds from 180 on ("300+3", "40/5400+30:1800+30").
        #[arg(long)]
        control: String,
        /// The language of the announcements: de, en, uk, ru or hy; without it, the
        /// configuration's `[game] language`.
        #[arg(long)]
        lang: Option<vichess::phrase::Language>,
    },
    /// Say a time in words.
    Say {
        /// de, en, uk, ru or hy; without it, the configuration's `[game] language`.
        #[arg(long)]
        lang: Option<vichess::phrase::Language>,
        /// Tenths of a second under a minute.
        #[arg(long)]
        tenths: bool,
        seconds: f64,
    },
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s).ok_or_else(|| {
        format!("{s:?} is not a language vichess writes; use en, de, uk, ru, hy or figurine")
    })
}

/// Whether `vichess` alone should open the window: built with it, and a display is there.
pub fn window_wanted() -> bool {
    #[cfg(feature = "window")]
    return window::display_available();
    #[cfg(not(feature = "window"))]
    false
}

pub use usage::refused;

/// `--lang`'s language, else the configuration's `[game] language` (for the commands that
/// stand beside a game: the clock, the board monitor).
pub fn language_or_configured(
    lang: Option<vichess::phrase::Language>,
) -> anyhow::Result<vichess::phrase::Language> {
    match lang {
        Some(l) => Ok(l),
        // A configuration with errors is refused in the language it names, else the
        // locale's, as `play` refuses it.
        None => Ok(vichess::config::load(None)
            .map_err(|errs| {
                config_refused(
                    &errs,
                    vichess::config::start_up_language(None, |name| std::env::var(name).ok()),
                )
            })?
            .game
            .language()),
    }
}

/// A file vichess was asked to write (a recording, a reviewed PGN) that cannot be, in
/// `pack`'s words: `word`, then the file and the system's reason.
pub fn write_refused(
    pack: &vichess::voice::Pack,
    word: vichess::phrase::token::Word,
    path: &std::path::Path,
    e: &(dyn std::error::Error + 'static),
) -> anyhow::Error {
    let w = pack.text(&[vichess::phrase::token::Token::Word(word)]);
    // A recording's own error names the file again in English: the system's reason alone.
    let reason = match e
        .downcast_ref::<vichess::audio::wav::WavError>()
        .and_then(|w| w.io_error())
    {
        Some(io) => vichess::io_words::io_reason(pack, io),
        None => vichess::io_words::error_words(pack, e),
    };
    anyhow::anyhow!("{w} ({}{} {reason})", path.display(), pack.colon())
}

/// A configuration's errors, one a line, in `language`'s words (file, line and key as
/// `config check` says them).
pub fn config_refused(
    errs: &[vichess::config::ConfigError],
    language: vichess::phrase::Language,
) -> anyhow::Error {
    let pack = vichess::voice::Pack::builtin(vichess::session::language_pack(language)).ok();
    let lines: Vec<String> = errs
        .iter()
        .map(|e| match &pack {
            Some(pack) => vichess::config::error_line(pack, e),
            None => e.to_string(),
        })
        .collect();
    anyhow::anyhow!("{}", lines.join("\n"))
}

/// A recorded game's language, as `review` and `report` take it: `--lang`, else the one its
/// journal beside the PGN keeps (a game vichess played), else the configuration's.
fn language_of_game(
    lang: Option<vichess::phrase::Language>,
    pgn: &std::path::Path,
) -> anyhow::Result<vichess::phrase::Language> {
    if lang.is_some() {
        return language_or_configured(lang);
    }
    let journaled = vichess::journal::read(&pgn.with_extension("journal"))
        .ok()
        .and_then(|read| {
            let lines: Vec<String> = read.entries.iter().map(|e| e.payload.clone()).collect();
            vichess::session::journaled_language(&lines).map(|(language, _)| language)
        });
    match journaled {
        Some(language) => Ok(language),
        None => language_or_configured(None),
    }
}

/// Opens the voice pack `name`. One that is not installed is refused in `words`' language,
/// else in the pack's own when vichess has its words built in, as `play` refuses it: a
/// program copied without its voices said the library's English line in every language.
fn open_pack(
    name: &str,
    words: Option<&vichess::voice::Pack>,
) -> anyhow::Result<vichess::voice::Pack> {
    vichess::voice::Pack::open(name).map_err(|e| pack_refused(name, words, e))
}

/// [`open_pack`]'s refusal of `name` for the reason `e`.
fn pack_refused(
    name: &str,
    words: Option<&vichess::voice::Pack>,
    e: vichess::voice::ManifestError,
) -> anyhow::Error {
    let builtin = vichess::voice::Pack::builtin(name).ok();
    match words
        .or(builtin.as_ref())
        .and_then(|w| vichess::host::pack_not_found_line(w, &e))
    {
        Some(line) => anyhow::anyhow!("{line}"),
        None => anyhow::anyhow!(e),
    }
}

/// Prints a command's error as one plain line, no colour: it may be read by a screen reader or
/// a braille display. Each line is made safe on its own: the lines of a multi-line error stay
/// lines.
pub fn print_error(err: &anyhow::Error) {
    let text = format!("{err:#}");
    let lines: Vec<String> = text.lines().map(text::printable).collect();
    eprintln!("vichess: {}", lines.join("\n"));
}

/// An error already printed with [`print_error`]: `play` prints a fatal error before it says it
/// aloud, since system speech may take seconds or never answer, and the printed line must not
/// wait for it.
#[derive(Debug)]
pub struct Printed;

impl std::fmt::Display for Printed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the error was printed")
    }
}

impl std::error::Error for Printed {}

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Perft {
            start,
            divide,
            depth,
        } => perft::run(&start.position(None)?, divide, depth),
        Command::Moves { start, lang } => {
            // Refused in --lang's language, else the configuration's (figurines name none).
            let spoken = lang.and_then(|l| vichess::phrase::Language::from_code(l.code()));
            moves::run(&start.position(spoken)?, lang)
        }
        Command::Replay { start, lang, moves } => {
            // Its refusals in --lang's language, else the game's (figurines name none).
            let spoken = lang.and_then(|l| vichess::phrase::Language::from_code(l.code()));
            let language = language_or_configured(spoken)?;
            let words = vichess::voice::Pack::builtin(vichess::session::language_pack(language))?;
            replay::run(start.position_in(&words)?, lang, &moves, &words)
        }
        Command::Play(args) => play::run(*args),
        #[cfg(feature = "window")]
        Command::Window(args) => window::run(*args),
        Command::Review(args) => review::run(args),
        Command::Demo(args) => demo::run_with(args),
        Command::Announce {
            start,
            voice,
            wav,
            play,
            long,
            speed,
            moves,
        } => {
            // A pack that cannot be opened is refused in the language the player would play
            // in (the configuration's, else the locale's); a start position that cannot be,
            // in the words the moves would be announced in.
            let words = vichess::voice::Pack::builtin(vichess::session::language_pack(
                vichess::config::start_up_language(None, |name| std::env::var(name).ok()),
            ))
            .ok();
            let pack = open_pack(
                voice.as_deref().unwrap_or(vichess::voice::DEFAULT_PACK),
                words.as_ref(),
            )?;
            announce::run(
                start.position_in(&pack)?,
                pack,
                wav.as_deref(),
                play,
                long,
                speed,
                &moves,
            )
        }
        Command::Voices { check, packs } => voices::run(check, &packs),
        #[cfg(feature = "listen")]
        Command::Hear {
            files,
            fen,
            lang,
            uci,
            timing,
            ear,
            again_with,
            ahead,
        } => hear::run(
            &files,
            fen.as_deref(),
            lang,
            hear::Output { uci, timing },
            ear,
            &again_with,
            ahead,
        ),
        Command::Clock {
            command:
                ClockCommand::Simulate {
                    control,
                    seconds,
                    lang,
                },
        } => clock::simulate(&control, &seconds, language_or_configured(lang)?),
        Command::Clock {
            command: ClockCommand::Run { control, lang },
        } => clock_run::run(&control, language_or_configured(lang)?),
        Command::Clock {
            command:
                ClockCommand::Say {
                    lang,
                    tenths,
                    seconds,
                },
        } => clock::say(language_or_configured(lang)?, tenths, seconds),
        #[cfg(feature = "serial")]
        Command::Board { command } => board::run(command),
        Command::Report { journal, lang } => report::run(&journal, lang.as_deref()),
        Command::Scoresheet {
            game,
            audio,
            braille,
            voice,
            speed,
            lang,
        } => {
            // The warnings and the lines that say what was written: the game's language.
            let language = language_of_game(lang, &game)?;
            let words = vichess::voice::Pack::builtin(vichess::session::language_pack(language))?;
            if braille.braille.is_some() {
                let code = braille::run(&game, &braille, &words)?;
                if audio.is_none() || code != ExitCode::SUCCESS {
                    return Ok(code);
                }
            }
            match audio {
                Some(audio) => scoresheet::run(&game, &audio, voice.as_deref(), speed, &words),
                None => Ok(ExitCode::SUCCESS),
            }
        }
        Command::Config {
            command: ConfigCommand::Check { file, lang },
        } => config_check::run(file.as_deref(), lang.as_deref()),
        Command::Pgn {
            command: PgnCommand::Check { file, lang },
        } => {
            let language = language_of_game(lang, &file)?;
            let words = vichess::voice::Pack::builtin(vichess::session::language_pack(language))?;
            pgn_check::run(&file, &words)
        }
        Command::Manual { out } => manual::run(&out),
    }
}
