//! Lines from the console, read safely: whatever bytes arrive, a line reaches the game as
//! text, with a note when it had to be repaired, and no line can exhaust memory.
//!
//! A terminal set to Latin-1 or Windows-1252, a braille keyboard driver or a paste from
//! another program can send bytes that are not UTF-8; a runaway paste can send megabytes with
//! no newline. Neither may end the game or lose the lines after it.

use std::io::{self, BufRead};

/// The longest line kept, in bytes; the rest of a longer line is discarded (and said so).
pub const MAX_LINE: usize = 4096;

/// One line as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleLine {
    /// The text, without its line end.
    pub text: String,
    /// What had to be done to it, to be said to the player in the game's language.
    pub repaired: Vec<Repair>,
}

/// A repair made to a line as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repair {
    /// The bytes were not UTF-8 and were read as Latin-1.
    Latin1,
    /// The line had this many bytes; only the first [`MAX_LINE`] were kept.
    Cut { bytes: usize },
}

/// Reads the next line of at most [`MAX_LINE`] bytes; `None` at the end of input.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<ConsoleLine>> {
    let mut bytes = Vec::new();
    let mut dropped = 0usize;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            // A CRLF line end (a Windows terminal, a pasted file) is a line end too.
            Some(i) if i > 0 && chunk[i - 1] == b'\r' => (&chunk[..i - 1], Some(i + 1)),
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        bytes.extend_from_slice(&part[..part.len().min(room)]);
        dropped += part.len().saturating_sub(room);
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\r') {
        // The CR of a CRLF split across two reads.
        bytes.pop();
    }
    let (text, mut repaired) = match String::from_utf8(bytes) {
        Ok(t) => (t, Vec::new()),
        // Not UTF-8: most likely a Latin-1 or Windows-1252 terminal, whose bytes map to the
        // same code points (for the letters that matter: ä ö ü ß).
        Err(e) => (
            e.into_bytes().iter().map(|&b| char::from(b)).collect(),
            vec![Repair::Latin1],
        ),
    };
    if dropped > 0 {
        repaired.push(Repair::Cut {
            bytes: MAX_LINE + dropped,
        });
    }
    Ok(Some(ConsoleLine { text, repaired }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vichess::text::visible;

    fn lines(bytes: &[u8]) -> Vec<ConsoleLine> {
        let mut input = io::BufReader::with_capacity(7, bytes);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut input).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn a_line_that_is_not_utf8_is_read_as_latin1_said_and_the_next_lines_follow() {
        let got = lines(b"e4\nwhere L\xe4ufer\ne5\n");
        assert_eq!(got.len(), 3);
        assert_eq!(got[1].text, "where Läufer");
        assert_eq!(got[1].repaired, [Repair::Latin1]);
        assert_eq!(got[2].text, "e5");
        assert_eq!(got[2].repaired, []);
    }

    #[test]
    fn a_huge_line_is_cut_and_said_and_crlf_is_a_line_end() {
        let mut input = vec![b'x'; 3 * MAX_LINE];
        input.extend_from_slice(b"\r\nNf3\r\n");
        let got = lines(&input);
        assert_eq!(got[0].text.len(), MAX_LINE);
        assert_eq!(got[0].repaired, [Repair::Cut { bytes: 12288 }]);
        assert_eq!(got[1].text, "Nf3");
        assert_eq!(
            lines(b"last line without an end"),
            [ConsoleLine {
                text: "last line without an end".into(),
                repaired: Vec::new()
            }]
        );
    }

    #[test]
    fn control_characters_are_shown_never_sent_to_the_terminal() {
        assert_eq!(visible("plain Läufer"), "plain Läufer");
        let shown = visible("\u{1b}]0;pwned\u{7}e4");
        assert!(!shown.chars().any(char::is_control), "{shown}");
        assert!(
            shown.contains("\\u{1b}") && shown.ends_with("e4"),
            "{shown}"
        );
    }
}
