//! `vichess play`: a game at the console, a short loop over the library's game host
//! ([`Host`]). Lines from standard input (a terminal, a screen reader's console or a pipe) go
//! to the host as they come; the host prints, speaks and journals; at a terminal a line editor
//! keeps the game's lines above the line being typed.

mod console;
mod line_editor;
mod listening;

use super::StartArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::{self, Sender};
use vichess::engine::level::Strength;
use vichess::host::{
    interrupt, Arrival, BadValue, EngineFlags, EngineSpec, GameSettings, Host, Turn, Wanted,
};
use vichess::phrase::token::Word;
use vichess::rules::Color;
use vichess::voice::Pack;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub(super) start: StartArgs,
    /// A configuration file on top of the defaults and the user's file.
    #[arg(long)]
    pub(super) config: Option<PathBuf>,
    /// The VI player's board: none, sim (a simulated pegboard whose hands copy the
    /// opponent's moves; type `sim MOVE` for the VI player's), or PROTOCOL:PATH with
    /// PROTOCOL dgt, chesslink, pegboard, certabo (USB serial) or chessnut (USB HID,
    /// /dev/hidrawN); PROTOCOL alone: found among the USB devices. A pegboard that cannot
    /// tell colours and stands turned round takes ",rotated" (pegboard:/dev/ttyACM0,rotated).
    #[arg(long, default_value = "none")]
    pub(super) board: vichess::host::BoardSpec,
    /// The sighted player's board, PROTOCOL:PATH (D.1: either player may demand two boards).
    #[arg(long)]
    pub(super) second_board: Option<vichess::host::BoardSpec>,
    /// The VI player's side: white or black (their board's touches, `press` and `resign`).
    /// Read once the game's language is known, so that a bad one is refused in its words.
    #[arg(long)]
    pub(super) side: Option<String>,
    /// The time control. With units it means what it says: 3m, 90m+30s, 10s, 1h30m,
    /// 40/90m+30s:30m+30s; a delay after the time: 5m;d3s (the clock waits 3 s each move),
    /// 5m;b3s (Bronstein: the time used, up to 3 s, given back). A bare number is minutes
    /// below 180 (90+30, G/60;d5, 40/120:30) and PGN seconds from 180 on (300+3, 5400+30);
    /// "none" for no clock.
    #[arg(long)]
    pub(super) control: Option<String>,
    /// The voice pack for announcements (default: the configuration's, or the game
    /// language's own pack).
    #[arg(long)]
    pub(super) voice: Option<String>,
    /// The game's language: de, en, uk, ru or hy (default: a resumed game's own, else the
    /// configuration's, else the system locale's, else de). Moves, commands and every line
    /// follow it; the voice pack too, unless one is named. On --resume it changes the
    /// game's language from then on, and the journal keeps the change.
    #[arg(long)]
    pub(super) lang: Option<String>,
    /// Print only; no sound.
    #[arg(long)]
    pub(super) no_audio: bool,
    /// Where the game's journal and PGN are kept (default: the per-user data directory).
    #[arg(long)]
    pub(super) game_dir: Option<PathBuf>,
    /// Continue the game last started in the game folder from its journal; with a journal's
    /// file name (as the list of unfinished games gives it), continue that game.
    #[arg(long, num_args = 0..=1, value_name = "JOURNAL")]
    pub(super) resume: Option<Option<String>>,
    /// With --resume: open a finished game too (for the arbiter, to check or correct it).
    #[arg(long, requires = "resume")]
    pub(super) resume_finished: bool,
    /// White's name, for the PGN and the game's file name (default: the configuration's).
    #[arg(long, value_parser = tag_value)]
    pub(super) white: Option<String>,
    /// Black's name.
    #[arg(long, value_parser = tag_value)]
    pub(super) black: Option<String>,
    /// The event (tournament), for the PGN.
    #[arg(long, value_parser = tag_value)]
    pub(super) event: Option<String>,
    /// Where it is played, for the PGN.
    #[arg(long, value_parser = tag_value)]
    pub(super) site: Option<String>,
    /// The round, for the PGN.
    #[arg(long, value_parser = tag_value)]
    pub(super) round: Option<String>,
    /// vichess presses the clock itself this many milliseconds after announcing a move (0:
    /// at once); without it, `press` completes a move, and `correct` works until then.
    #[arg(long)]
    pub(super) auto_press: Option<u64>,
    /// No arbiter at hand (Guidelines III.6): a III.5 draw claim ends the game for the
    /// designated arbiter to rule on later (default: the configuration's arbiter_present).
    #[arg(long)]
    pub(super) no_arbiter: bool,
    /// How the event supervises rapid and blitz (A.4/B.2 or A.5/B.3): adequate or
    /// inadequate, where an illegal move found after the opponent's reply stands (A.5.2).
    #[arg(long, value_parser = ["adequate", "inadequate"])]
    pub(super) supervision: Option<String>,
    /// Also show every printed line on a braille display through BRLTTY's BrlAPI socket
    /// (default: $BRLAPI_HOST, else /var/lib/BrlAPI/0); its keys step through the moves and
    /// ask for the time.
    #[arg(long, value_name = "SOCKET", num_args = 0..=1, default_missing_value = "")]
    pub(super) braille_display: Option<PathBuf>,
    /// Play against the computer: a UCI chess engine plays one side. PATH is its program,
    /// or a name looked up on PATH (default: stockfish, also found in /usr/games). Without
    /// it, the engine's flags below change the configuration's [engine].
    #[arg(long, value_name = "PATH", num_args = 0..=1, default_missing_value = "stockfish")]
    pub(super) engine: Option<String>,
    /// The engine's side: white or black (default: the side --side does not name, else
    /// black).
    #[arg(long)]
    pub(super) engine_side: Option<String>,
    /// The engine's strength, 1 (a beginner can win) to 8 (full strength); default 1.
    #[arg(long)]
    pub(super) level: Option<String>,
    /// The engine's strength as a rating (500-3500), for engines with UCI_Elo.
    #[arg(long)]
    pub(super) elo: Option<String>,
    /// The engine thinks at most this many milliseconds per move (levels 1-6 stop sooner,
    /// at their depth limit).
    #[arg(long, value_name = "MS")]
    pub(super) think: Option<String>,
    /// No help from the engine (`hint`, `eval`, `threats`, take-backs without asking).
    #[arg(long)]
    pub(super) no_help: bool,
    /// Voice input: moves and commands said into the default microphone. Press F5 (or the
    /// gamepad's talk button: the right stick pressed in, by default), say the move, press
    /// again; an utterance ends by itself after 8 seconds. A sure move is taken like a typed
    /// one; two close readings are asked about ("Sf3 or Sh3?": answer first, second, the
    /// move, or no); with a sensor board, a heard move the board does not show is said back.
    #[arg(long)]
    pub(super) listen: bool,
    /// One WAV file heard as an utterance at the start, instead of the microphone (tests).
    #[arg(long, value_name = "FILE.wav", hide = true)]
    pub(super) listen_from: Option<PathBuf>,
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

/// A side in any language vichess speaks, as the game's commands take it: `--side weiß`
/// in a German game (it was refused with "white (Weiß) or black (Schwarz)").
pub(super) fn parse_side(s: &str) -> Result<Color, String> {
    vichess::session::parse_side_word(s.trim())
        .ok_or_else(|| format!("{s:?} is not a side; use white or black"))
}

/// Reads the values that are refused in the game's language: the first bad one is kept for
/// the host to refuse once it knows the language ([`BadValue`]), the others read.
#[derive(Default)]
struct Values {
    bad: Option<BadValue>,
}

impl Values {
    fn read<T>(
        &mut self,
        flag: &'static str,
        value: Option<&String>,
        want: Wanted,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        let value = value?;
        parse(value)
            .inspect_err(|_| self.refuse(flag, value, want))
            .ok()
    }

    /// Keeps `flag`'s `value` to be refused, unless an earlier one is.
    fn refuse(&mut self, flag: &'static str, value: &str, want: Wanted) {
        self.bad.get_or_insert_with(|| BadValue {
            flag,
            value: value.to_string(),
            want,
        });
    }
}

impl PlayArgs {
    /// The game these arguments describe, for the host.
    pub(super) fn settings(self) -> anyhow::Result<GameSettings> {
        let mut values = Values::default();
        let own_side = values.read("--side", self.side.as_ref(), Wanted::Side, parse_side);
        let engine_side = values.read(
            "--engine-side",
            self.engine_side.as_ref(),
            Wanted::Side,
            parse_side,
        );
        let level = values.read(
            "--level",
            self.level.as_ref(),
            Wanted::Level,
            Strength::level,
        );
        let elo = values.read("--elo", self.elo.as_ref(), Wanted::Elo, Strength::elo);
        let think = values.read("--think", self.think.as_ref(), Wanted::Think, |t| {
            t.trim().parse::<u64>().map_err(|e| e.to_string())
        });
        // The engine's own flags need an engine; its strength is a level or a rating.
        let engine_flags = [
            ("--engine-side", self.engine_side.as_deref()),
            ("--level", self.level.as_deref()),
            ("--elo", self.elo.as_deref()),
            ("--think", self.think.as_deref()),
            ("--no-help", self.no_help.then_some("")),
        ];
        if let (Some(_), Some(value)) = (&self.level, &self.elo) {
            values.refuse("--elo", value, Wanted::LevelOrElo);
        }
        // Without `--engine` they change the configured engine; the host refuses them only
        // when the configuration (or a resumed game) has none either.
        let flags = EngineFlags {
            side: engine_side.or(own_side.map(|c| !c)),
            strength: level.or(elo),
            think_ms: think,
            no_help: self.no_help,
            first: engine_flags
                .iter()
                .find_map(|(flag, v)| v.map(|v| (*flag, v.to_string()))),
        };
        let engine = self.engine.map(|program| EngineSpec {
            program,
            side: flags.side.unwrap_or(Color::Black),
            strength: flags.strength.unwrap_or_default(),
            think_ms: think,
            helps: !self.no_help,
        });
        let engine_flags = match engine {
            Some(_) => EngineFlags::default(),
            None => flags,
        };
        let side = own_side.or(engine.as_ref().map(|e| !e.side));
        // A FEN that is no position is refused by the host in the game's language.
        let (start, bad_fen) = match self.start.read() {
            Ok(start) => (start, None),
            Err(bad) => (Default::default(), Some(bad)),
        };
        Ok(GameSettings {
            start,
            config: self.config,
            board: self.board,
            second_board: self.second_board,
            side,
            control: self.control,
            voice: self.voice,
            lang: self.lang,
            no_audio: self.no_audio,
            game_dir: self.game_dir,
            resume: self.resume.is_some(),
            resume_game: self.resume.flatten(),
            resume_finished: self.resume_finished,
            white: self.white,
            black: self.black,
            event: self.event,
            site: self.site,
            round: self.round,
            auto_press: self.auto_press,
            no_arbiter: self.no_arbiter,
            supervision: self.supervision,
            braille_display: self.braille_display,
            engine,
            engine_flags,
            bad_value: values.bad,
            bad_fen,
        })
    }
}

/// Plays a game; a reason the game cannot start or must stop is said aloud as well as printed
/// (unless `--no-audio`, or a screen reader speaks).
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let quiet = args.no_audio;
    let (listen, listen_from) = (args.listen, args.listen_from.clone());
    let settings = args.settings()?;
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
    let mut host = match Host::open(settings, Box::new(screen)) {
        Ok(host) => host,
        Err(stopped) => return Err(print_then_say(*stopped, quiet)),
    };
    let mut editor = editor;
    let position = match listen || listen_from.is_some() {
        true => listening::start(&mut host, listen_from.as_deref(), editor.as_mut()),
        false => None,
    };
    let ready = read_lines(&host, editor);
    loop {
        let turn = host.turn();
        if let Some(p) = &position {
            *p.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = host.position();
        }
        match turn {
            Ok(Turn::Going { line }) => {
                // A typed line was handled: the editor may take the terminal again (it
                // waits, so that what a line sets off, "quit" above all, is printed before
                // the terminal turns raw).
                if let (true, Some(ready)) = (line, &ready) {
                    let _ = ready.send(());
                }
            }
            Ok(Turn::Ended { status }) => return Ok(ExitCode::from(status)),
            Err(e) => {
                return Err(print_then_say(host.stopped(e), quiet));
            }
        }
    }
}

/// Prints why the game stopped, then says it: the line comes at once, whatever speech does.
pub(super) fn print_then_say(stopped: vichess::host::Stopped, quiet: bool) -> anyhow::Error {
    super::print_error(&stopped.error);
    stopped.say(quiet);
    anyhow::Error::new(super::Printed)
}

/// Starts the thread that reads standard input (through the editor when there is one) and
/// hands each line to the host; returns how to tell the editor a line was handled.
fn read_lines(host: &Host, editor: Option<line_editor::LineEditor>) -> Option<Sender<()>> {
    let tx = host.inputs();
    let pack = host.pack().clone();
    let (ready, next_line) = match editor.is_some() {
        true => {
            let (tx, rx) = mpsc::channel::<()>();
            (Some(tx), Some(rx))
        }
        false => (None, None),
    };
    let lines = tx;
    let words = pack;
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
    ready
}

/// One of play's own lines in the game's language: the pack's word, then what only this
/// case knows in brackets.
fn line_in(pack: &Pack, word: Word, detail: &str) -> String {
    let w = pack.text(&[vichess::phrase::token::Token::Word(word)]);
    match detail.is_empty() {
        true => w,
        false => format!("{w} ({detail})"),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_side;
    use vichess::rules::Color;

    /// `--side` takes a side in the game's own words, any case, as the commands do.
    #[test]
    fn a_side_is_read_in_every_language() {
        for (word, side) in [
            ("white", Color::White),
            ("Weiß", Color::White),
            ("weiss", Color::White),
            ("schwarz", Color::Black),
            ("чёрные", Color::Black),
            ("білі", Color::White),
            ("սև", Color::Black),
            ("b", Color::Black),
        ] {
            assert_eq!(parse_side(word), Ok(side), "{word}");
        }
        assert!(parse_side("grün").is_err());
    }
}
