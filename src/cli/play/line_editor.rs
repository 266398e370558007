//! Lines typed at a terminal, edited in place, with the game's own lines printed above the
//! line being typed (issue 24, item 9).
//!
//! Without it, a time call printed while the player types lands inside the typed text
//! ("Springer FelWeiß: neun Sekunden", then "ix drei"), and a screen reader reads the
//! garble every second in time trouble. rustyline's external printer clears the line being
//! typed, prints the game's line, and draws the typed text again below it; it also brings
//! history (the arrow keys) and the usual editing keys.
//!
//! Only for a terminal on both ends (stdin and stdout) whose locale is UTF-8: piped input
//! (tests, scripts) and a Latin-1 terminal keep [`super::console`]'s reader. The guarantees
//! of that reader hold here too: a line longer than [`MAX_LINE`] is cut and said so; bytes
//! that are not UTF-8 end the editor (rustyline cannot read them) and the plain reader, with
//! its Latin-1 fallback, takes over; control characters in a line are escaped when printed,
//! as for any line. Ctrl-D on an empty line ends the input as the end of a pipe does; Ctrl-C
//! is reported as [`Typed::Interrupted`], which `play` hands to its interrupt path, so it
//! ends the game the way SIGINT does.

use super::console::{ConsoleLine, Repair, MAX_LINE};
use rustyline::error::ReadlineError;
use rustyline::{Config, DefaultEditor, ExternalPrinter};
use std::io::{self, IsTerminal, Write};

/// Is the console a terminal the editor can serve: stdin and stdout both terminals, and a
/// locale that does not name another character set than UTF-8?
pub fn wanted() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal() && utf8_locale(&locale())
}

/// The locale that decides the character set: the first of LC_ALL, LC_CTYPE, LANG set.
fn locale() -> String {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .unwrap_or_default()
}

/// "de_DE.UTF-8", "C.utf8", "C" or none: UTF-8 (or plain ASCII, where terminals send UTF-8
/// today). "de_DE.ISO-8859-1", "de_DE@euro", "de_DE": a legacy character set.
fn utf8_locale(locale: &str) -> bool {
    let without_modifier = locale.split('@').next().unwrap_or("");
    match without_modifier.split_once('.') {
        Some((_, set)) => {
            let set = set.to_ascii_lowercase().replace('-', "");
            set == "utf8"
        }
        None => matches!(locale, "" | "C" | "POSIX"),
    }
}

/// What the player's terminal gave.
pub enum Typed {
    /// A line, cut to [`MAX_LINE`] bytes if it was longer.
    Line(ConsoleLine),
    /// Ctrl-D on an empty line: the end of input.
    End,
    /// Ctrl-C (read as a key in raw mode), or a SIGINT while the editor had the terminal
    /// (rustyline catches it meanwhile): the caller ends the game as SIGINT does.
    Interrupted,
    /// Bytes that are not UTF-8, or the editor failed: the plain reader takes over.
    Failed { not_utf8: bool },
}

/// The line editor on the terminal.
pub struct LineEditor {
    editor: DefaultEditor,
}

/// The terminal's settings before the editor first changed them, put back when the game
/// ends: the editor may be waiting in raw mode when the game quits.
pub struct TerminalGuard {
    #[cfg(unix)]
    saved: Option<nix::sys::termios::Termios>,
}

impl TerminalGuard {
    fn save() -> TerminalGuard {
        TerminalGuard {
            #[cfg(unix)]
            saved: nix::sys::termios::tcgetattr(io::stdin()).ok(),
        }
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(saved) = &self.saved {
            let _ = nix::sys::termios::tcsetattr(
                io::stdin(),
                nix::sys::termios::SetArg::TCSADRAIN,
                saved,
            );
        }
    }
}

/// Opens the editor: the editor for the reading thread, the screen the game prints to, and
/// the guard that gives the terminal back.
pub fn open() -> rustyline::Result<(LineEditor, Screen, TerminalGuard)> {
    let guard = TerminalGuard::save();
    let config = Config::builder()
        .auto_add_history(true)
        .max_history_size(200)?
        // A pasted block of moves is read line by line, as from a pipe.
        .bracketed_paste(false)
        .build();
    let mut editor = DefaultEditor::with_config(config)?;
    let printer = editor.create_external_printer()?;
    Ok((
        LineEditor { editor },
        Screen {
            printer: Box::new(printer),
            pending: Vec::new(),
        },
        guard,
    ))
}

/// F5 in the editor: a press sent to the recording thread; the line being typed stays.
#[cfg(feature = "audio")]
struct TalkKey(std::sync::Mutex<std::sync::mpsc::Sender<()>>);

#[cfg(feature = "audio")]
impl rustyline::ConditionalEventHandler for TalkKey {
    fn handle(
        &self,
        _evt: &rustyline::Event,
        _n: rustyline::RepeatCount,
        _positive: bool,
        _ctx: &rustyline::EventContext,
    ) -> Option<rustyline::Cmd> {
        let _ = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .send(());
        Some(rustyline::Cmd::Noop)
    }
}

impl LineEditor {
    /// Binds the push-to-talk key, F5 (rustyline reads it as one key on every terminal and no
    /// screen reader takes it for itself): each press goes to `to`.
    #[cfg(feature = "audio")]
    pub fn talk_key(&mut self, to: std::sync::mpsc::Sender<()>) {
        use rustyline::{EventHandler, KeyCode, KeyEvent, Modifiers};
        self.editor.bind_sequence(
            KeyEvent(KeyCode::F(5), Modifiers::NONE),
            EventHandler::Conditional(Box::new(TalkKey(std::sync::Mutex::new(to)))),
        );
    }

    /// Waits for the next line.
    pub fn read(&mut self) -> Typed {
        // No prompt: a screen reader would read it before every line.
        match self.editor.readline("") {
            Ok(text) => Typed::Line(capped(text)),
            Err(ReadlineError::Eof) => Typed::End,
            Err(ReadlineError::Interrupted) => Typed::Interrupted,
            Err(ReadlineError::Io(e)) => Typed::Failed {
                not_utf8: e.kind() == io::ErrorKind::InvalidData,
            },
            Err(_) => Typed::Failed { not_utf8: false },
        }
    }
}

/// A line as typed, cut to [`MAX_LINE`] bytes at a character boundary, and said so.
fn capped(mut text: String) -> ConsoleLine {
    let mut repaired = Vec::new();
    if text.len() > MAX_LINE {
        let bytes = text.len();
        let mut end = MAX_LINE;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        repaired.push(Repair::Cut { bytes });
    }
    ConsoleLine { text, repaired }
}

/// Where the game prints while the editor has the terminal: whole lines, each put above the
/// line being typed.
pub struct Screen {
    printer: Box<dyn ExternalPrinter + Send>,
    pending: Vec<u8>,
}

impl Write for Screen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(end) = self.pending.iter().rposition(|&b| b == b'\n') {
            let lines: Vec<u8> = self.pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&lines).into_owned();
            self.printer.print(text).map_err(io::Error::other)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The game's screen: standard output, or the editor's printer.
pub enum Console {
    /// Standard output as it is (a pipe, or a terminal without the editor).
    Plain(io::StdoutLock<'static>),
    /// Above the line being typed.
    Editor(Screen),
}

impl Write for Console {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Console::Plain(o) => o.write(buf),
            Console::Editor(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Console::Plain(o) => o.flush(),
            Console::Editor(s) => s.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_utf8_or_unnamed_character_set_gets_the_editor() {
        for l in [
            "de_DE.UTF-8",
            "C.utf8",
            "en_US.utf-8",
            "C",
            "POSIX",
            "",
            "hy_AM.UTF-8@x",
        ] {
            assert!(utf8_locale(l), "{l}");
        }
        for l in [
            "de_DE.ISO-8859-1",
            "de_DE@euro",
            "de_DE",
            "ru_RU.KOI8-R",
            "C.latin1",
        ] {
            assert!(!utf8_locale(l), "{l}");
        }
    }

    #[test]
    fn a_typed_line_is_cut_at_max_line_on_a_character_boundary() {
        let long = "ä".repeat(MAX_LINE);
        let line = capped(long.clone());
        assert!(line.text.len() <= MAX_LINE && line.text.len() > MAX_LINE - 2);
        assert_eq!(line.repaired, [Repair::Cut { bytes: long.len() }]);
        let short = capped("Springer Felix drei".into());
        assert_eq!(short.text, "Springer Felix drei");
        assert!(short.repaired.is_empty());
    }
}
