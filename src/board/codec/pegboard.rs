//! The vichess pegboard protocol (version 1) for DIY boards: framed, checksummed, numbered
//! text lines. The specification a hobbyist builds from is `docs/pegboard-protocol.md`; this
//! module is its reference decoder and encoder.
//!
//! A line is `$` TYPE `,` fields `*` two hex digits of XOR checksum, then `\n` (a `\r` before it
//! is allowed). Board lines carry a sequence number 0-255 so a lost line shows up as a gap,
//! which is a reason to ask for a fresh snapshot.

use super::{hex2, parse_hex2, show_byte, CodecStats, FrameError, Outbox, Protocol};
use crate::board::sensor::{Sensed, Snapshot};
use crate::rules::{Color, File, Rank, Square};

/// The line speed: fast enough for a whole snapshot line in under 10 ms.
pub const BAUD: u32 = 115_200;
/// The protocol version this decoder speaks, as the hello line states it.
pub const VERSION: u8 = 1;
/// Longest line, `$` to `\n` inclusive. The snapshot is the longest (80 bytes).
pub const MAX_LINE: usize = 120;

/// A message from the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `H`: protocol version, board name, and whether the sensors see colours.
    Hello {
        /// The board's protocol version (1).
        version: u8,
        /// The board's name, for the connection announcement.
        name: String,
        /// The sensors tell white from black, not only occupancy.
        colour: bool,
    },
    /// `S`: all 64 squares.
    Snapshot(Snapshot),
    /// `L`: a man left the square.
    Lifted(Square),
    /// `P`: a man was put on the square; the colour if the sensor can tell.
    Placed {
        /// The square.
        square: Square,
        /// The man's colour, if the sensor can tell.
        color: Option<Color>,
    },
    /// `B`: alive (once a second, and in answer to a ping).
    Heartbeat,
    /// `E`: the board reports a fault.
    Error {
        /// The error number from the protocol's table (1 sensor fault ... 4 events lost).
        code: u16,
        /// The board's own words about it, for people.
        text: String,
    },
}

/// A board line: its sequence number and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLine {
    /// The board's line number 0-255, counting up; a gap means lines were lost.
    pub seq: u8,
    /// What the line says.
    pub event: Event,
}

/// A request from the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostCommand {
    /// `h`: answer with a hello line.
    Hello,
    /// `s`: answer with a snapshot line.
    Snapshot,
    /// `p`: answer with a heartbeat line.
    Ping,
    /// `z`: run the vibration motor (a tactile clock): on, off, on, … in milliseconds, at
    /// most [`MAX_BUZZ`] numbers of 1 to 2000 each. No answer.
    Buzz(Vec<u16>),
}

/// The most on/off durations one buzz line carries.
pub const MAX_BUZZ: usize = 8;

fn seal(body: &str) -> Vec<u8> {
    let cs = body.bytes().fold(0u8, |x, b| x ^ b);
    let mut out = Vec::with_capacity(body.len() + 5);
    out.push(b'$');
    out.extend(body.bytes());
    out.push(b'*');
    out.extend(hex2(cs));
    out.push(b'\n');
    out
}

/// The bytes for `cmd` on the wire: `$`, the letter (and a buzz's durations), checksum,
/// newline. A buzz is cut to [`MAX_BUZZ`] durations, each kept within 1-2000 ms.
pub fn encode_host(cmd: HostCommand) -> Vec<u8> {
    match cmd {
        HostCommand::Hello => seal("h"),
        HostCommand::Snapshot => seal("s"),
        HostCommand::Ping => seal("p"),
        HostCommand::Buzz(ms) => {
            let mut body = String::from("z");
            for d in ms.iter().take(MAX_BUZZ) {
                body.push_str(&format!(",{}", d.clamp(&1, &2000)));
            }
            seal(&body)
        }
    }
}

fn sensed_char(s: Sensed) -> char {
    match s {
        Sensed::Empty => '.',
        Sensed::Occupied { color: None } => 'o',
        Sensed::Occupied { color: Some(c) }
        | Sensed::Piece(crate::rules::Piece { color: c, .. }) => c.fold('w', 'b'),
    }
}

/// Rank 8 first, a-file first, ranks separated by `/`: reads like a FEN diagram.
pub fn snapshot_text(s: &Snapshot) -> String {
    let mut out = String::with_capacity(71);
    for rank in Rank::ALL.iter().rev() {
        if !out.is_empty() {
            out.push('/');
        }
        for file in File::ALL {
            out.push(sensed_char(s.get(Square::from_coords(file, *rank))));
        }
    }
    out
}

/// A board line ready for the wire (the board's side: the simulator and tests).
pub fn encode_board(seq: u8, event: &Event) -> Vec<u8> {
    let body = match event {
        Event::Hello {
            version,
            name,
            colour,
        } => format!(
            "H,{seq},{version},{},{name}",
            if *colour { 'C' } else { 'O' }
        ),
        Event::Snapshot(s) => format!("S,{seq},{}", snapshot_text(s)),
        Event::Lifted(sq) => format!("L,{seq},{sq}"),
        Event::Placed { square, color } => match color {
            None => format!("P,{seq},{square}"),
            Some(c) => format!("P,{seq},{square},{}", c.fold('w', 'b')),
        },
        Event::Heartbeat => format!("B,{seq}"),
        Event::Error { code, text } => format!("E,{seq},{code},{text}"),
    };
    seal(&body)
}

/// Decodes the board's byte stream into lines.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    line: Vec<u8>,
    in_line: bool,
    line_at: u64,
    last_seq: Option<u8>,
    /// The last line's text, to tell a repeated line (ignored) from a lost one.
    last_line: Vec<u8>,
    out: Outbox<BoardLine>,
}

impl Decoder {
    /// A decoder that has seen no bytes yet.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Counters since the decoder was made, for link diagnostics.
    pub fn stats(&self) -> CodecStats {
        self.out.stats
    }

    /// The next line or garbled frame, or `None` until more bytes are fed.
    pub fn poll(&mut self) -> Option<Result<BoardLine, FrameError>> {
        self.out.poll()
    }

    fn error(&mut self, at: u64, what: String) {
        self.out.error(Protocol::Pegboard, at, what);
    }

    /// Takes bytes in pieces of any size; complete lines become available to [`poll`](Self::poll).
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let at = self.out.stats.bytes;
            self.out.stats.bytes += 1;
            match b {
                b'$' => {
                    if self.in_line {
                        let what = format!(
                            "a line was cut off after {} characters by the start of the next",
                            self.line.len() + 1
                        );
                        self.error(self.line_at, what);
                    }
                    self.in_line = true;
                    self.line.clear();
                    self.line_at = at;
                }
                _ if !self.in_line => self.out.stats.skipped += 1,
                b'\n' => {
                    self.in_line = false;
                    let line = std::mem::take(&mut self.line);
                    self.finish(&line);
                }
                b'\r' => {}
                0x20..=0x7E if self.line.len() + 2 < MAX_LINE => self.line.push(b),
                0x20..=0x7E => {
                    self.in_line = false;
                    let what = format!("a line is longer than {MAX_LINE} characters");
                    self.error(self.line_at, what);
                }
                _ => {
                    self.in_line = false;
                    let what = format!(
                        "{} inside a line, at character {}",
                        show_byte(b),
                        self.line.len() + 2
                    );
                    self.error(self.line_at, what);
                }
            }
        }
    }

    fn finish(&mut self, line: &[u8]) {
        match parse_line(line) {
            Ok(Some(l)) if self.last_seq == Some(l.seq) && line == self.last_line.as_slice() => {
                // The same line again (a flaky bridge or a firmware that resends): it says
                // nothing new and nothing was lost.
                self.out.stats.skipped += line.len() as u64 + 2;
            }
            Ok(Some(l)) => {
                self.last_line = line.to_vec();
                let hello = matches!(l.event, Event::Hello { .. });
                if let (Some(_), true, 0) = (self.last_seq, hello, l.seq) {
                    // A hello numbered 0 mid-stream: the board restarted, and whatever it saw
                    // while restarting is unknown.
                    self.error(self.line_at, "the board restarted".into());
                }
                if let (Some(last), false) = (self.last_seq, hello) {
                    if l.seq != last.wrapping_add(1) {
                        let what = format!(
                            "lines were lost: expected line number {}, got {}",
                            last.wrapping_add(1),
                            l.seq
                        );
                        self.error(self.line_at, what);
                    }
                }
                self.last_seq = Some(l.seq);
                self.out.frame(l);
            }
            // A type this version does not know: later versions may add types.
            Ok(None) => self.out.stats.skipped += line.len() as u64 + 2,
            Err(what) => self.error(self.line_at, what),
        }
    }
}

/// One line between `$` and `\n`, both excluded. `Ok(None)` for an unknown type.
fn parse_line(line: &[u8]) -> Result<Option<BoardLine>, String> {
    let text = std::str::from_utf8(line).map_err(|_| "the line is not text".to_owned())?;
    let Some((body, cs)) = text.rsplit_once('*') else {
        return Err("the line has no '*' before its checksum".into());
    };
    let Some(sent) = parse_hex2(cs.as_bytes()) else {
        return Err(format!("the checksum {cs:?} is not two hex digits"));
    };
    let computed = body.bytes().fold(0u8, |x, b| x ^ b);
    if sent != computed {
        return Err(format!(
            "line {body:?} has checksum {sent:02X} but its contents add up to {computed:02X}"
        ));
    }
    let fields: Vec<&str> = body.split(',').collect();
    let kind = fields[0];
    if !matches!(kind, "H" | "S" | "L" | "P" | "B" | "E") {
        return Ok(None);
    }
    let seq: u8 = fields
        .get(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("line {body:?} has no line number 0-255 after its type"))?;
    let arg = |i: usize| {
        fields
            .get(i)
            .copied()
            .ok_or_else(|| format!("line {body:?} is missing field {i}"))
    };
    let square = |s: &str| {
        s.parse::<Square>()
            .map_err(|_| format!("line {body:?}: {s:?} is not a square like e4"))
    };
    let event = match kind {
        "H" => Event::Hello {
            version: arg(2)?
                .parse()
                .map_err(|_| format!("line {body:?}: the version is not a number"))?,
            colour: match arg(3)? {
                "C" => true,
                "O" => false,
                other => {
                    return Err(format!(
                        "line {body:?}: capability {other:?} is neither C nor O"
                    ))
                }
            },
            name: fields.get(4..).map(|f| f.join(",")).unwrap_or_default(),
        },
        "S" => Event::Snapshot(parse_snapshot(arg(2)?).map_err(|e| format!("line {body:?}: {e}"))?),
        "L" => Event::Lifted(square(arg(2)?)?),
        "P" => Event::Placed {
            square: square(arg(2)?)?,
            color: match fields.get(3).copied() {
                None => None,
                Some("w") => Some(Color::White),
                Some("b") => Some(Color::Black),
                Some(other) => {
                    return Err(format!(
                        "line {body:?}: colour {other:?} is neither w nor b"
                    ))
                }
            },
        },
        "B" => Event::Heartbeat,
        _ => Event::Error {
            code: arg(2)?
                .parse()
                .map_err(|_| format!("line {body:?}: the error code is not a number"))?,
            text: fields.get(3..).map(|f| f.join(",")).unwrap_or_default(),
        },
    };
    Ok(Some(BoardLine { seq, event }))
}

fn parse_snapshot(text: &str) -> Result<Snapshot, String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 || ranks.iter().any(|r| r.len() != 8) {
        return Err("the snapshot is not 8 groups of 8 squares separated by '/'".into());
    }
    let mut s = Snapshot::default();
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - r as u8).expect("8 ranks");
        for (f, c) in rank_text.chars().enumerate() {
            let sq = Square::from_coords(File::new(f as u8).expect("8 files"), rank);
            s.set(
                sq,
                match c {
                    '.' => Sensed::Empty,
                    'o' => Sensed::Occupied { color: None },
                    'w' => Sensed::Occupied {
                        color: Some(Color::White),
                    },
                    'b' => Sensed::Occupied {
                        color: Some(Color::Black),
                    },
                    other => return Err(format!("{other:?} on {sq} is not one of . o w b")),
                },
            );
        }
    }
    Ok(s)
}

/// `z,ON,OFF,…*CS`: a buzz line with a good checksum and 1-8 durations of 1-2000 ms.
fn buzz_line(line: &[u8]) -> Option<HostCommand> {
    let star = line.iter().rposition(|&b| b == b'*')?;
    let (body, cs) = (&line[..star], &line[star + 1..]);
    if parse_hex2(cs)? != body.iter().fold(0u8, |x, b| x ^ b) {
        return None;
    }
    let text = std::str::from_utf8(body).ok()?.strip_prefix("z,")?;
    let ms: Vec<u16> = text
        .split(',')
        .map(|n| n.parse().ok().filter(|d| (1..=2000).contains(d)))
        .collect::<Option<_>>()?;
    (ms.len() <= MAX_BUZZ).then_some(HostCommand::Buzz(ms))
}

/// Splits the host's byte stream into commands (the board side, for the simulator).
#[derive(Debug, Clone, Default)]
pub struct HostDecoder {
    line: Option<Vec<u8>>,
}

impl HostDecoder {
    /// Takes bytes in pieces of any size and returns every command completed by them.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<HostCommand> {
        let mut out = Vec::new();
        for &b in bytes {
            match (b, &mut self.line) {
                (b'$', _) => self.line = Some(Vec::new()),
                (b'\n', Some(line)) => {
                    if let [t, b'*', a, c] = line[..] {
                        if parse_hex2(&[a, c]) == Some(t) {
                            match t {
                                b'h' => out.push(HostCommand::Hello),
                                b's' => out.push(HostCommand::Snapshot),
                                b'p' => out.push(HostCommand::Ping),
                                _ => {}
                            }
                        }
                    } else if let Some(buzz) = buzz_line(line) {
                        out.push(buzz);
                    }
                    self.line = None;
                }
                (b'\r', _) | (_, None) => {}
                (_, Some(line)) if line.len() < MAX_LINE => line.push(b),
                _ => self.line = None,
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buzz_line_round_trips_and_a_bad_one_is_ignored() {
        let line = encode_host(HostCommand::Buzz(vec![300, 100, 300]));
        assert!(line.starts_with(b"$z,300,100,300*"), "{line:?}");
        let mut d = HostDecoder::default();
        assert_eq!(d.feed(&line), [HostCommand::Buzz(vec![300, 100, 300])]);
        assert!(
            d.feed(b"$z,300,0*00\n").is_empty(),
            "a zero duration, a bad checksum"
        );
        let long = encode_host(HostCommand::Buzz(vec![5000; 12]));
        assert_eq!(d.feed(&long), [HostCommand::Buzz(vec![2000; 8])]);
    }
}
