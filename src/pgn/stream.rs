//! PGN files read one game at a time from any reader, so that checking a file of thousands of
//! games needs the memory of one game, not of the whole file.
//!
//! The file is cut into pieces only where the whole-file reader would also start a new game:
//! at a line beginning with `[` that follows a game's moves, outside a `{` comment, and either
//! is an `[Event` line, or follows an empty line, or follows a result outside any variation.
//! Those are the lines where the reader starts a new game whether or not the game before had
//! an error (its recovery rule); where in doubt, the piece simply goes on, which costs memory
//! but never changes what is read. Each piece is read with
//! [`Games::starting_at`], so game numbers, lines and columns point into the whole file, and the
//! games, errors and warnings are the same as [`read_games`](super::read_games) gives for the
//! whole text (a test holds the two to that).

use super::error::PgnError;
use super::model::{GameResult, PgnGame};
use super::reader::Games;
use std::collections::VecDeque;
use std::io::{self, BufRead, Read};

/// The longest line read: a megabyte tag or comment fits; a file with no line ends at all
/// (`/dev/zero`, a binary) is refused at this length instead of filling memory.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// The most text one piece (a game, or games the reader cannot tell apart) may take: a
/// long game with comments is well under a megabyte; junk with no game boundary is refused
/// here rather than read whole.
pub const MAX_PIECE_BYTES: usize = 16 << 20;

/// The games of a PGN file, read lazily from `reader`.
pub struct GameStream<R> {
    reader: R,
    /// Games read from the last piece and not yet handed out.
    ready: VecDeque<Result<PgnGame, PgnError>>,
    piece: Piece,
    /// The line that begins the next piece, already read.
    carry: Option<String>,
    /// The number of the next line to be read from `reader`, from 1.
    next_line: u32,
    /// The number the next game gets.
    next_number: usize,
    done: bool,
}

/// The text of the games being gathered, and what the cutting rule needs to know about it.
#[derive(Default)]
struct Piece {
    text: String,
    first_line: u32,
    /// The piece's last game has moves (or other movetext) after its tags.
    has_movetext: bool,
    /// Inside a `{` comment that is not closed yet.
    in_comment: bool,
    /// The last line was empty.
    after_blank: bool,
    /// The last word of movetext was a result outside any variation.
    after_result: bool,
    /// Variations open, counted from the parentheses outside comments.
    depth: usize,
}

impl Piece {
    /// Whether `line` may begin a new piece: the whole-file reader would start a game there.
    fn is_cut(&self, line: &str) -> bool {
        line.starts_with('[')
            && self.has_movetext
            && !self.in_comment
            && (line.starts_with("[Event") || self.after_blank || self.after_result)
    }

    fn push(&mut self, line: &str) {
        self.text.push_str(line);
        let body = line.trim_end_matches(['\n', '\r']);
        if body.trim().is_empty() {
            self.after_blank = true;
            return;
        }
        self.after_blank = false;
        if !self.in_comment && (body.starts_with('[') || body.starts_with('%')) {
            // A tag line begins (or continues) a game's tags; an escape line is skipped whole.
            if body.starts_with('[') {
                self.has_movetext = false;
                self.after_result = false;
                self.depth = 0;
            }
            return;
        }
        self.has_movetext = true;
        self.scan_movetext(body);
    }

    /// Follows comments across the line and notes whether it ends with a result.
    fn scan_movetext(&mut self, body: &str) {
        let mut last_word = String::new();
        let mut word = String::new();
        for c in body.chars() {
            if self.in_comment {
                if c == '}' {
                    self.in_comment = false;
                }
                continue;
            }
            match c {
                '{' => {
                    self.in_comment = true;
                    finish_word(&mut word, &mut last_word);
                    last_word.clear();
                }
                ';' => break,
                '(' | ')' => {
                    finish_word(&mut word, &mut last_word);
                    last_word.clear();
                    self.depth = match c {
                        '(' => self.depth + 1,
                        _ => self.depth.saturating_sub(1),
                    };
                }
                c if c.is_whitespace() => finish_word(&mut word, &mut last_word),
                c => word.push(c),
            }
        }
        finish_word(&mut word, &mut last_word);
        if !self.in_comment && !last_word.is_empty() {
            // A result inside a variation is ignored by the reader, so it ends nothing.
            self.after_result = self.depth == 0 && GameResult::from_pgn(&last_word).is_some();
        } else if self.in_comment {
            self.after_result = false;
        }
    }
}

fn finish_word(word: &mut String, last: &mut String) {
    if !word.is_empty() {
        *last = std::mem::take(word);
    }
}

impl<R: BufRead> GameStream<R> {
    /// The games of the PGN text `reader` gives.
    pub fn new(reader: R) -> GameStream<R> {
        GameStream {
            reader,
            ready: VecDeque::new(),
            piece: Piece {
                first_line: 1,
                ..Piece::default()
            },
            carry: None,
            next_line: 1,
            next_number: 1,
            done: false,
        }
    }

    /// One line with its line end, decoded lossily: a byte that is not UTF-8 becomes U+FFFD,
    /// as it does when the whole file is read.
    fn read_line(&mut self) -> io::Result<Option<String>> {
        let mut bytes = Vec::new();
        let limit = MAX_LINE_BYTES as u64 + 1;
        if (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut bytes)?
            == 0
        {
            return Ok(None);
        }
        if bytes.len() > MAX_LINE_BYTES {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "line {} is longer than {} MiB, the most a PGN line may be; this is no PGN text",
                    self.next_line,
                    MAX_LINE_BYTES >> 20
                ),
            ));
        }
        self.next_line += 1;
        Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// Reads the next piece and its games into `ready`.
    fn fill(&mut self) -> io::Result<()> {
        let mut piece_line = self.next_line;
        if let Some(line) = self.carry.take() {
            piece_line -= 1;
            self.piece.push(&line);
        }
        self.piece.first_line = piece_line;
        let cut = loop {
            let Some(line) = self.read_line()? else {
                break false;
            };
            if self.piece.is_cut(&line) {
                self.carry = Some(line);
                break true;
            }
            if self.piece.text.len() + line.len() > MAX_PIECE_BYTES {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "the game from line {} goes past line {} without ending, over {} MiB, \
                         the most one game may take; this is no PGN text",
                        self.piece.first_line,
                        self.next_line - 1,
                        MAX_PIECE_BYTES >> 20
                    ),
                ));
            }
            self.piece.push(&line);
        };
        let piece = std::mem::take(&mut self.piece);
        if !cut {
            self.done = true;
        }
        let mut games = Games::starting_at(&piece.text, piece.first_line, self.next_number);
        if cut {
            games = games.cut_before_next_game();
        }
        self.ready.extend(games.by_ref());
        self.next_number = games.last_number() + 1;
        Ok(())
    }
}

impl<R: BufRead> Iterator for GameStream<R> {
    type Item = io::Result<Result<PgnGame, PgnError>>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.ready.is_empty() && !self.done {
            if let Err(e) = self.fill() {
                self.done = true;
                return Some(Err(e));
            }
        }
        self.ready.pop_front().map(Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_inside_an_open_variation_is_no_place_to_cut() {
        let mut piece = Piece::default();
        for line in ["[Event \"E\"]\n", "\n", "1. e4 (1. d4 d5\n", "2. Nf3 *\n"] {
            piece.push(line);
        }
        assert_eq!(piece.depth, 1);
        assert!(!piece.after_result);
        assert!(!piece.is_cut("[FEN \"x\"]\n"));
    }
}
