//! Printed text made safe for a terminal, a screen reader and a braille display.

/// `text` with control characters shown as `\u{..}` escapes: a printed line can never move
/// the cursor, clear the screen or retitle the terminal, whatever a PGN tag or a typed line
/// held.
pub fn visible(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\t' => " ".to_string(),
            c if c.is_control() => c.escape_unicode().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A writer that passes every line through [`visible`] on its way to the terminal: the one
/// door for output that may carry a user's text or a journal's (a note, a tag, a name, a path
/// typed after `save`), so no line a command prints can hold a control sequence, whichever
/// way it was put together. Line ends pass; a partial line waits for its end or a flush.
pub struct Escaped<W: std::io::Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: std::io::Write> Escaped<W> {
    /// Escapes what is written to `inner`.
    pub fn new(inner: W) -> Escaped<W> {
        Escaped {
            inner,
            pending: Vec::new(),
        }
    }

    fn pass(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let text = String::from_utf8_lossy(bytes);
        self.inner.write_all(visible(&text).as_bytes())
    }
}

impl<W: std::io::Write> std::io::Write for Escaped<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            self.pass(&line[..end])?;
            self.inner.write_all(b"\n")?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        // A partial line (a prompt): out now, but not a character cut in half.
        let whole = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let part: Vec<u8> = self.pending.drain(..whole).collect();
        self.pass(&part)?;
        self.inner.flush()
    }
}

impl<W: std::io::Write> Drop for Escaped<W> {
    fn drop(&mut self) {
        let _ = std::io::Write::flush(self);
    }
}

/// The longest echo of a user's text that an error line repeats, in characters.
pub const ECHO_MAX: usize = 60;

/// `line` with every quoted echo longer than [`ECHO_MAX`] characters cut there and ended
/// with "…": an error about a 4,000-character line should say what was wrong, not read the
/// line back for a minute on a braille display. An echo is quoted as the game's language
/// quotes: "…", „…“ (German), “…” (English), «…» (Russian, Ukrainian, Armenian).
pub fn cut_echoes(line: &str) -> String {
    let mut out = String::with_capacity(line.len().min(512));
    // The mark that ends the echo we are inside, if any.
    let mut closer: Option<char> = None;
    let mut run = 0usize;
    for c in line.chars() {
        match closer {
            Some(end) if c == end => {
                if run > ECHO_MAX {
                    out.push('…');
                }
                closer = None;
                out.push(c);
                continue;
            }
            None => {
                closer = match c {
                    '"' => Some('"'),
                    '„' => Some('“'),
                    '“' => Some('”'),
                    '«' => Some('»'),
                    _ => None,
                };
                run = 0;
                out.push(c);
                continue;
            }
            Some(_) => {}
        }
        run += 1;
        if run <= ECHO_MAX {
            out.push(c);
        }
    }
    if closer.is_some() && run > ECHO_MAX {
        out.push('…');
    }
    out
}

/// A user's text as an error repeats it unquoted: its first [`ECHO_MAX`] characters, then
/// "…" where it was longer.
pub fn cut_echo(text: &str) -> String {
    match text.char_indices().nth(ECHO_MAX) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// `[speech] ascii_umlauts`, set once when `play` starts: a terminal or braille table that
/// cannot show ä ö ü ß gets ae oe ue ss instead.
static ASCII_UMLAUTS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Prints umlauts and ß as ae oe ue ss from now on (`true`), or as themselves.
pub fn set_ascii_umlauts(on: bool) {
    ASCII_UMLAUTS.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// `text` with ä ö ü ß (and capitals) spelt ae oe ue ss.
pub fn ascii_umlauts(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'Ä' => out.push_str("Ae"),
            'Ö' => out.push_str("Oe"),
            'Ü' => out.push_str("Ue"),
            'ß' => out.push_str("ss"),
            'ẞ' => out.push_str("SS"),
            c => out.push(c),
        }
    }
    out
}

/// A line as printed: long echoes cut, control characters escaped, and umlauts as the
/// configuration asks.
pub fn printable(line: &str) -> String {
    let line = visible(&cut_echoes(line));
    if ASCII_UMLAUTS.load(std::sync::atomic::Ordering::Relaxed) {
        ascii_umlauts(&line)
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_echo_in_any_languages_quotes_is_cut() {
        let long = "x9".repeat(100);
        for (open, close) in [('"', '"'), ('„', '“'), ('“', '”'), ('«', '»')] {
            let line = format!("before {open}{long}{close} after");
            let cut = cut_echoes(&line);
            let kept: String = long.chars().take(ECHO_MAX).collect();
            assert_eq!(cut, format!("before {open}{kept}…{close} after"));
        }
        // Short echoes and the text around them stay as they are.
        let line = "Zeichen 2: „x“ gehört zu keiner Bedenkzeit «ab» “cd”";
        assert_eq!(cut_echoes(line), line);
        assert_eq!(cut_echo("short"), "short");
        assert_eq!(cut_echo(&long).chars().count(), ECHO_MAX + 1);
        assert!(cut_echo(&long).ends_with('…'));
    }

    #[test]
    fn the_escaping_writer_escapes_control_bytes_across_writes_and_keeps_line_ends() {
        use std::io::Write;
        let mut shown = Vec::new();
        {
            let mut out = Escaped::new(&mut shown);
            out.write_all(b"note: \x1b]0;pwned").unwrap();
            out.write_all(b"\x07 L\xc3").unwrap();
            out.write_all(b"\xa4ufer\n\xc2\x9b2J\nend").unwrap();
        }
        let shown = String::from_utf8(shown).unwrap();
        assert_eq!(shown, "note: \\u{1b}]0;pwned\\u{7} Läufer\n\\u{9b}2J\nend");
    }

    #[test]
    fn an_error_line_cuts_a_long_echo_and_escapes_control_bytes() {
        let long = "x".repeat(4000);
        let line = format!("\"{long}\u{1b}[2J\" is not a number of moves: say last, or last 3");
        let shown = printable(&line);
        assert_eq!(
            shown,
            format!(
                "\"{}…\" is not a number of moves: say last, or last 3",
                "x".repeat(ECHO_MAX)
            )
        );
        let short = "\"e9\u{7}\" is not a square";
        assert_eq!(printable(short), "\"e9\\u{7}\" is not a square");
        assert_eq!(
            printable("did you mean \"time\"?"),
            "did you mean \"time\"?"
        );
    }
}
