//! Certabo RFID boards over USB serial: 38400 baud 8N1; the board streams text frames on its
//! own, `:` then 320 space-separated decimal numbers (64 squares × a 5-byte RFID tag, a8 to h8,
//! a7 ..., h1; all zero = empty) and `\r\n`. Facts: `board-protocols.md` section 3.
//!
//! A tag says which physical man stands on a square, not what it is: the board must be
//! calibrated once with the men on their start squares, which maps each tag to its man. The
//! decoder calibrates itself from the first reading that shows 32 tagged men on the start
//! squares and says so ([`Frame::Calibrated`]); until then it reports occupancy only.

use super::{square_from_a8_index, CodecStats, Outbox, Protocol};
use crate::board::sensor::{Sensed, Snapshot};
use crate::rules::{Board, Piece, Square};
use std::collections::HashMap;

/// The line speed.
pub const BAUD: u32 = 38_400;
/// Longest frame accepted: 320 numbers of up to 3 digits and their spaces, with margin.
const MAX_FRAME: usize = 1_400;

/// One RFID tag: five bytes; all zero is an empty square.
pub type Tag = [u8; 5];

/// What the decoder makes of the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// A reading of the 64 squares, pieces named where the tags are calibrated.
    Reading(Snapshot),
    /// The start position was recognised and its 32 tags learnt.
    Calibrated,
    /// Readings arrive but the board is not calibrated: the men must stand on their start
    /// squares once. Said once per connection.
    NeedsCalibration,
}

/// Decodes a Certabo stream and keeps the calibration.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    line: Vec<u8>,
    in_frame: bool,
    frame_at: u64,
    tags: HashMap<Tag, Piece>,
    asked: bool,
    out: Outbox<Frame>,
}

impl Decoder {
    /// A decoder that has seen no bytes and knows no tags.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Counters since the decoder was made.
    pub fn stats(&self) -> CodecStats {
        self.out.stats
    }

    /// The same calibration, no partial frame (after a reconnect).
    pub fn restarted(self) -> Decoder {
        Decoder {
            tags: self.tags,
            asked: true,
            ..Decoder::default()
        }
    }

    /// Whether the tags of the 32 men are known.
    pub fn calibrated(&self) -> bool {
        !self.tags.is_empty()
    }

    /// The next frame, or `None` until more bytes are fed.
    pub fn poll(&mut self) -> Option<Result<Frame, super::FrameError>> {
        self.out.poll()
    }

    /// Takes bytes in pieces of any size.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let at = self.out.stats.bytes;
            self.out.stats.bytes += 1;
            match b {
                b':' => {
                    if self.in_frame {
                        self.out.error(
                            Protocol::Certabo,
                            self.frame_at,
                            "a frame was cut off by the start of the next".into(),
                        );
                    }
                    self.in_frame = true;
                    self.line.clear();
                    self.frame_at = at;
                }
                _ if !self.in_frame => self.out.stats.skipped += 1,
                b'\n' | b'\r' => {
                    self.in_frame = false;
                    let line = std::mem::take(&mut self.line);
                    self.finish(&line);
                }
                b'0'..=b'9' | b' ' if self.line.len() < MAX_FRAME => self.line.push(b),
                _ => {
                    self.in_frame = false;
                    let what = format!(
                        "{} in a frame, where only digits and spaces belong",
                        super::show_byte(b)
                    );
                    self.out.error(Protocol::Certabo, self.frame_at, what);
                }
            }
        }
    }

    fn finish(&mut self, line: &[u8]) {
        let text = std::str::from_utf8(line).unwrap_or("");
        let numbers: Result<Vec<u8>, _> = text.split_ascii_whitespace().map(str::parse).collect();
        let numbers = match numbers {
            Ok(n) if n.len() == 320 => n,
            Ok(n) => {
                let what = format!("a frame has {} numbers, not 320", n.len());
                return self.out.error(Protocol::Certabo, self.frame_at, what);
            }
            Err(_) => {
                let what = "a frame has a number above 255".to_owned();
                return self.out.error(Protocol::Certabo, self.frame_at, what);
            }
        };
        let mut tags = [[0u8; 5]; 64];
        for (i, chunk) in numbers.chunks(5).enumerate() {
            let sq = square_from_a8_index(i as u8).expect("64 squares");
            tags[sq.index() as usize].copy_from_slice(chunk);
        }
        if !self.calibrated() {
            self.calibrate(&tags);
        }
        let mut s = Snapshot::default();
        for sq in Square::all() {
            let tag = tags[sq.index() as usize];
            let sensed = if tag == [0; 5] {
                Sensed::Empty
            } else {
                match self.tags.get(&tag) {
                    Some(&p) => Sensed::Piece(p),
                    None => Sensed::Occupied { color: None },
                }
            };
            s.set(sq, sensed);
        }
        self.out.frame(Frame::Reading(s));
    }

    /// Learns the tags when exactly the start squares hold men, each with its own tag.
    fn calibrate(&mut self, tags: &[Tag; 64]) {
        let start = Board::new();
        let occupied: Vec<Square> = Square::all()
            .filter(|sq| tags[sq.index() as usize] != [0; 5])
            .collect();
        let on_start =
            occupied.len() == 32 && occupied.iter().all(|&sq| start.piece_at(sq).is_some());
        if !on_start {
            if !std::mem::replace(&mut self.asked, true) {
                self.out.frame(Frame::NeedsCalibration);
            }
            return;
        }
        let mut learnt = HashMap::new();
        for (sq, p) in start.pieces() {
            let tag = tags[sq.index() as usize];
            if learnt.insert(tag, p).is_some_and(|q| q != p) {
                // Two different men with one tag: not a tag set to learn from.
                return;
            }
        }
        self.tags = learnt;
        self.out.frame(Frame::Calibrated);
    }
}

/// A man's tag in the emulator: one per kind of man (real sets have one per man; the decoder
/// does not care).
pub fn emulated_tag(p: Piece) -> Tag {
    [
        0x20 + p.role as u8,
        if p.color.is_white() { 1 } else { 2 },
        0x5A,
        0xC3,
        0x11,
    ]
}

/// The frame a board would send for these men (the emulator's side).
pub fn encode_frame(board: &Board) -> Vec<u8> {
    let mut out = vec![b':'];
    for i in 0..64u8 {
        let sq = square_from_a8_index(i).expect("64 squares");
        let tag = board.piece_at(sq).map_or([0; 5], emulated_tag);
        for (k, b) in tag.iter().enumerate() {
            if i > 0 || k > 0 {
                out.push(b' ');
            }
            out.extend(b.to_string().bytes());
        }
    }
    out.extend(b"\r\n");
    out
}
