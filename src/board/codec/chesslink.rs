//! Millennium ChessLink / eONE: printable ASCII, 7 data bits with odd parity, every message
//! closed by two hex digits of XOR checksum. Facts: `board-protocols.md` section 2.
//!
//! We open the port 8N1 and do the parity bit here (bit 7), which is identical on the wire and
//! works with every USB bridge. Replies are matched by their letter and parsed by fixed length;
//! automatic status reports may arrive between a command and its reply.
//!
//! Boards and emulators in the field differ from the specification in ways that are still
//! unambiguous, and those are accepted: a reply sent entirely without parity bits (every
//! character 7-bit) whose checksum is right; a checksum below 0x10 written as one hex digit
//! when the character after it cannot be a second one; and a `t` answer to the reset
//! command. A reply that mixes good and bad parity is still refused.

use super::{a8_index, hex2, parse_hex2, show_byte, square_from_a8_index, CodecStats};
use super::{FrameError, Outbox, Protocol};
use crate::board::sensor::{Sensed, Snapshot};
use crate::rules::{Piece, Square};
use std::collections::VecDeque;

/// Sets bit 7 so that the byte has an odd number of one bits.
pub fn with_odd_parity(c: u8) -> u8 {
    let c = c & 0x7F;
    if c.count_ones().is_multiple_of(2) {
        c | 0x80
    } else {
        c
    }
}

fn parity_ok(b: u8) -> bool {
    b.count_ones() % 2 == 1
}

/// XOR of the 7-bit characters.
pub fn checksum(chars: &[u8]) -> u8 {
    chars.iter().fold(0, |x, c| x ^ (c & 0x7F))
}

/// Adds the checksum and the parity bits: a message ready for the wire.
fn seal(mut chars: Vec<u8>) -> Vec<u8> {
    let cs = hex2(checksum(&chars));
    chars.extend(cs);
    chars.into_iter().map(with_odd_parity).collect()
}

/// A host command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Ask for a status report.
    Status,
    /// Light LEDs: a slot time and 81 pattern bytes (9 x 9 corner LEDs).
    Leds {
        /// How long each time slot of the blink cycle lasts, in the board's own units.
        slot_time: u8,
        /// One byte per corner LED; its bits say in which slots of the cycle the LED is lit.
        pattern: [u8; 81],
    },
    /// `X`: switch every LED off.
    LedsOff,
    /// Restart the board (no reply; it restarts after 3 s).
    Reset,
    /// `V`: ask for the firmware version; also the watchdog request, as it changes nothing.
    Version,
    /// `W`: write one EEPROM byte (a board setting, such as when to send status reports).
    WriteEeprom {
        /// The EEPROM address to write.
        address: u8,
        /// The byte to store there.
        value: u8,
    },
    /// `R`: read one EEPROM byte back.
    ReadEeprom {
        /// The EEPROM address to read.
        address: u8,
    },
}

/// The bytes for `cmd` on the wire: letter, hex arguments, checksum, odd parity.
pub fn encode(cmd: &Command) -> Vec<u8> {
    let mut m = Vec::new();
    match cmd {
        Command::Status => m.push(b'S'),
        Command::Leds { slot_time, pattern } => {
            m.push(b'L');
            m.extend(hex2(*slot_time));
            for &p in pattern {
                m.extend(hex2(p));
            }
        }
        Command::LedsOff => m.push(b'X'),
        Command::Reset => m.push(b'T'),
        Command::Version => m.push(b'V'),
        Command::WriteEeprom { address, value } => {
            m.push(b'W');
            m.extend(hex2(*address));
            m.extend(hex2(*value));
        }
        Command::ReadEeprom { address } => {
            m.push(b'R');
            m.extend(hex2(*address));
        }
    }
    seal(m)
}

/// A reply or an automatic report from the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// `s`: the 64 squares as piece letters or `.`, a full reading.
    Status(Snapshot),
    /// `l`: the LED pattern was taken.
    LedsDone,
    /// `x`: the LEDs are off.
    LedsOff,
    /// `v`: the firmware version.
    Version {
        /// Major version number.
        major: u8,
        /// Minor version number.
        minor: u8,
    },
    /// `t`: some boards and emulators acknowledge the reset command (not in the specification).
    ResetDone,
    /// `w` (after a write) or `r` (after a read): the address and its value.
    Eeprom {
        /// `w` for a write, `r` for a read.
        write: bool,
        /// The EEPROM address.
        address: u8,
        /// The byte stored there.
        value: u8,
    },
}

/// Total length, checksum included, of the reply starting with this letter.
fn reply_len(letter: u8) -> Option<usize> {
    match letter {
        b's' => Some(67),
        b'l' | b'x' | b't' => Some(3),
        b'v' | b'w' | b'r' => Some(7),
        _ => None,
    }
}

/// The status-report letter for a square's contents: a FEN piece letter, or `.` for empty.
pub fn piece_char(piece: Option<Piece>) -> u8 {
    piece.map_or(b'.', |p| p.char() as u8)
}

/// Decodes the board's byte stream.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    /// 7-bit characters not yet used, whether each arrived with good parity, and whether
    /// its bit 7 was set.
    buf: VecDeque<(u8, bool, bool)>,
    /// Stream position of `buf[0]`.
    buf_at: u64,
    out: Outbox<Reply>,
    /// After a bad frame, further false starts (piece letters like `r` inside the rest of a
    /// report) are skipped quietly until a good frame is read: one error per incident.
    resyncing: bool,
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

    /// The next reply or garbled frame, or `None` until more bytes are fed.
    pub fn poll(&mut self) -> Option<Result<Reply, FrameError>> {
        self.out.poll()
    }

    /// Takes bytes in pieces of any size; complete replies become available to [`poll`](Self::poll).
    pub fn feed(&mut self, bytes: &[u8]) {
        self.out.stats.bytes += bytes.len() as u64;
        self.buf.extend(
            bytes
                .iter()
                .map(|&b| (b & 0x7F, parity_ok(b), b & 0x80 != 0)),
        );
        self.scan();
    }

    /// The reply at the front, `len` characters by the specification, and how many
    /// characters it really took (one fewer with a one-digit checksum).
    fn read_reply(&self, letter: u8, len: usize) -> (Result<Reply, String>, usize) {
        let chars: Vec<u8> = self.buf.iter().take(len).map(|&(c, _, _)| c).collect();
        let parity = |n: usize| {
            let reply = self.buf.iter().take(n);
            // Without parity bits at all is a sender that never sets them, not noise.
            let unparitied = reply.clone().all(|&(_, _, high)| !high);
            match reply.clone().position(|&(_, ok, _)| !ok) {
                Some(i) if !unparitied => Err(format!(
                    "reply {:?} has a parity error in character {} of {n}",
                    letter as char,
                    i + 1
                )),
                _ => Ok(()),
            }
        };
        let full = parity(len).and_then(|_| parse(&chars));
        if full.is_ok() {
            return (full, len);
        }
        // One hex digit of checksum, then something that cannot be a second digit.
        let short = &chars[..len - 1];
        let next_is_hex = (chars[len - 1] as char).is_ascii_hexdigit();
        let digit = (chars[len - 2] as char).to_digit(16);
        if !next_is_hex && digit == Some(u32::from(checksum(&short[..len - 2]))) {
            let mut padded = short[..len - 2].to_vec();
            padded.extend(hex2(checksum(&short[..len - 2])));
            if let Ok(reply) = parity(len - 1).and_then(|_| parse(&padded)) {
                return (Ok(reply), len - 1);
            }
        }
        (full, len)
    }

    fn drop_front(&mut self, n: usize) {
        self.buf.drain(..n);
        self.buf_at += n as u64;
    }

    fn scan(&mut self) {
        while let Some(&(letter, _, _)) = self.buf.front() {
            let Some(len) = reply_len(letter) else {
                self.out.stats.skipped += 1;
                self.drop_front(1);
                continue;
            };
            if self.buf.len() < len {
                return;
            }
            let (result, len) = self.read_reply(letter, len);
            match result {
                Ok(reply) => {
                    self.resyncing = false;
                    self.out.frame(reply);
                    self.drop_front(len);
                }
                Err(_) if self.resyncing => {
                    self.out.stats.skipped += 1;
                    self.drop_front(1);
                }
                Err(what) => {
                    self.resyncing = true;
                    self.out.error(Protocol::ChessLink, self.buf_at, what);
                    // The letter may have been noise: look for a real start after it.
                    self.drop_front(1);
                }
            }
        }
    }
}

fn parse(chars: &[u8]) -> Result<Reply, String> {
    let n = chars.len();
    let letter = chars[0];
    let (body, cs) = chars.split_at(n - 2);
    let Some(sent) = parse_hex2(cs) else {
        return Err(format!(
            "reply {:?} ends with {} {}, not a hex checksum",
            letter as char,
            show_byte(cs[0]),
            show_byte(cs[1])
        ));
    };
    let computed = checksum(body);
    if sent != computed {
        return Err(format!(
            "reply {:?} has checksum {sent:02X} but its contents add up to {computed:02X}",
            letter as char
        ));
    }
    let hex_at = |i: usize| {
        parse_hex2(&body[i..i + 2]).ok_or_else(|| {
            format!(
                "reply {:?} has {} where a hex digit belongs",
                letter as char,
                show_byte(body[i])
            )
        })
    };
    match letter {
        b's' => {
            let mut s = Snapshot::default();
            for (i, &c) in body[1..].iter().enumerate() {
                let sq = square_from_a8_index(i as u8).expect("64 squares");
                let sensed = match c {
                    b'.' => Sensed::Empty,
                    _ => match Piece::from_char(c as char) {
                        Some(p) if b"KQRBNPkqrbnp".contains(&c) => Sensed::Piece(p),
                        _ => {
                            return Err(format!(
                                "status report has {} on {sq}, not a piece letter",
                                show_byte(c)
                            ))
                        }
                    },
                };
                s.set(sq, sensed);
            }
            Ok(Reply::Status(s))
        }
        b'l' => Ok(Reply::LedsDone),
        b't' => Ok(Reply::ResetDone),
        b'x' => Ok(Reply::LedsOff),
        b'v' => Ok(Reply::Version {
            major: hex_at(1)?,
            minor: hex_at(3)?,
        }),
        _ => Ok(Reply::Eeprom {
            write: letter == b'w',
            address: hex_at(1)?,
            value: hex_at(3)?,
        }),
    }
}

// ---- The board's side, for the simulator and tests. ----

/// The bytes the board would send for `reply`, so the simulator speaks the real protocol.
pub fn encode_reply(reply: &Reply) -> Vec<u8> {
    let mut m = Vec::new();
    match reply {
        Reply::Status(s) => {
            m.push(b's');
            let mut body = [b'.'; 64];
            for sq in Square::all() {
                body[a8_index(sq) as usize] = match s.get(sq) {
                    Sensed::Piece(p) => piece_char(Some(p)),
                    _ => b'.',
                };
            }
            m.extend(body);
        }
        Reply::LedsDone => m.push(b'l'),
        Reply::LedsOff => m.push(b'x'),
        Reply::ResetDone => m.push(b't'),
        Reply::Version { major, minor } => {
            m.push(b'v');
            m.extend(hex2(*major));
            m.extend(hex2(*minor));
        }
        Reply::Eeprom {
            write,
            address,
            value,
        } => {
            m.push(if *write { b'w' } else { b'r' });
            m.extend(hex2(*address));
            m.extend(hex2(*value));
        }
    }
    seal(m)
}

/// Splits the host's byte stream into commands (the board side, for the simulator).
#[derive(Debug, Clone, Default)]
pub struct HostDecoder {
    buf: Vec<u8>,
}

impl HostDecoder {
    /// Takes bytes in pieces of any size and returns every command completed by them.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Command> {
        self.buf.extend(bytes.iter().map(|b| b & 0x7F));
        let mut out = Vec::new();
        while let Some(&letter) = self.buf.first() {
            let len = match letter {
                b'S' | b'X' | b'T' | b'V' => 3,
                b'L' => 167,
                b'W' => 7,
                b'R' => 5,
                _ => {
                    self.buf.remove(0);
                    continue;
                }
            };
            if self.buf.len() < len {
                break;
            }
            let m: Vec<u8> = self.buf.drain(..len).collect();
            let (body, cs) = m.split_at(len - 2);
            if parse_hex2(cs) != Some(checksum(body)) {
                continue;
            }
            let hex = |i: usize| parse_hex2(&body[i..i + 2]).unwrap_or(0);
            out.push(match letter {
                b'S' => Command::Status,
                b'X' => Command::LedsOff,
                b'T' => Command::Reset,
                b'V' => Command::Version,
                b'W' => Command::WriteEeprom {
                    address: hex(1),
                    value: hex(3),
                },
                b'R' => Command::ReadEeprom { address: hex(1) },
                _ => {
                    let mut pattern = [0u8; 81];
                    for (k, p) in pattern.iter_mut().enumerate() {
                        *p = hex(3 + 2 * k);
                    }
                    Command::Leds {
                        slot_time: hex(1),
                        pattern,
                    }
                }
            });
        }
        out
    }
}
