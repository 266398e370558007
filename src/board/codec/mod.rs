//! Board codecs: bytes in, messages out, and commands back to bytes. No port inside.
//!
//! Each protocol has its own sans-IO decoder in the quinn-proto spirit: [`feed`] whatever the
//! port delivered, in pieces of any size, then take decoded messages out until there are none.
//! A garbled frame never panics and never becomes a message: it becomes a [`FrameError`] value
//! that says what was wrong and at which byte of the stream, and the decoder resynchronises.
//!
//! [`BoardCodec`] puts the three protocols behind one face for the link and the command line:
//! it maps every message to the protocol-free [`SensorEvent`] vocabulary (or a clock reading),
//! and knows each protocol's line settings, handshake and watchdog request.
//!
//! [`feed`]: BoardCodec::feed

pub mod certabo;
pub mod chesslink;
pub mod chessnut;
pub mod dgt;
pub mod pegboard;

use crate::board::sensor::{Sensed, SensorEvent, Snapshot};
use crate::rules::Square;
use std::fmt;
use std::str::FromStr;

/// A frame the decoder had to throw away, with the reason in words fit to be read aloud.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} data garbled at byte {at}: {what}", .protocol.title())]
pub struct FrameError {
    /// Which board's stream the frame came from.
    pub protocol: Protocol,
    /// Position in the whole received stream (0 = the first byte ever fed) where the bad frame
    /// or byte starts.
    pub at: u64,
    /// What was wrong with the frame, in plain words.
    pub what: String,
}

/// What a decoder has seen so far; a rising error count is worth a "check the cable" hint.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CodecStats {
    /// Bytes fed in.
    pub bytes: u64,
    /// Whole frames decoded.
    pub frames: u64,
    /// Frames thrown away as garbled.
    pub errors: u64,
    /// Bytes outside any frame that were skipped (line noise, a board talking before we asked).
    pub skipped: u64,
}

/// A decoder's output queue and counters: the part every codec shares, so that a decoder's
/// own code is only its framing.
#[derive(Debug, Clone)]
pub(crate) struct Outbox<M> {
    queue: std::collections::VecDeque<Result<M, FrameError>>,
    pub(crate) stats: CodecStats,
}

impl<M> Default for Outbox<M> {
    fn default() -> Self {
        Outbox {
            queue: std::collections::VecDeque::new(),
            stats: CodecStats::default(),
        }
    }
}

impl<M> Outbox<M> {
    pub(crate) fn poll(&mut self) -> Option<Result<M, FrameError>> {
        self.queue.pop_front()
    }

    /// A whole, valid frame.
    pub(crate) fn frame(&mut self, message: M) {
        self.stats.frames += 1;
        self.queue.push_back(Ok(message));
    }

    /// A garbled frame: `at` is the stream position where it started.
    pub(crate) fn error(&mut self, protocol: Protocol, at: u64, what: String) {
        self.stats.errors += 1;
        self.queue.push_back(Err(FrameError { protocol, at, what }));
    }
}

/// The board protocols vichess speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// DGT e-boards: binary frames at 9600 baud.
    Dgt,
    /// Millennium ChessLink and eONE: ASCII with parity and checksums at 38400 baud.
    ChessLink,
    /// vichess's own open pegboard: text lines at 115200 baud (see `docs/pegboard-protocol.md`).
    Pegboard,
    /// Certabo RFID boards: text frames of tag numbers at 38400 baud, calibrated once.
    Certabo,
}

impl Protocol {
    /// Every protocol, for auto-detection and listings.
    pub const ALL: [Protocol; 4] = [
        Protocol::Dgt,
        Protocol::ChessLink,
        Protocol::Pegboard,
        Protocol::Certabo,
    ];

    /// The lower-case name used in the config file and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Dgt => "dgt",
            Protocol::ChessLink => "chesslink",
            Protocol::Pegboard => "pegboard",
            Protocol::Certabo => "certabo",
        }
    }

    /// The name as people write it, for messages.
    pub fn title(self) -> &'static str {
        match self {
            Protocol::Dgt => "DGT",
            Protocol::ChessLink => "ChessLink",
            Protocol::Pegboard => "pegboard",
            Protocol::Certabo => "Certabo",
        }
    }

    /// Serial line settings. ChessLink is 7O1 on the wire; we open 8N1 and do the parity bit
    /// in software, which is identical on the wire and works with every USB bridge.
    pub fn line(self) -> LineSettings {
        match self {
            Protocol::Dgt => LineSettings { baud: 9600 },
            Protocol::ChessLink => LineSettings { baud: 38400 },
            Protocol::Pegboard => LineSettings {
                baud: pegboard::BAUD,
            },
            Protocol::Certabo => LineSettings {
                baud: certabo::BAUD,
            },
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Protocol {
    type Err = String;
    fn from_str(s: &str) -> Result<Protocol, String> {
        match s.to_ascii_lowercase().as_str() {
            "dgt" => Ok(Protocol::Dgt),
            "chesslink" | "millennium" | "eone" => Ok(Protocol::ChessLink),
            "pegboard" | "peg" => Ok(Protocol::Pegboard),
            "certabo" => Ok(Protocol::Certabo),
            _ => Err(format!(
                "{s:?} is not a board protocol vichess knows; use dgt, chesslink, pegboard or certabo"
            )),
        }
    }
}

/// The ChessLink automatic report mode vichess asks for (EEPROM address 02).
pub const REPORT_MODE: u8 = 0x05;

/// Always 8 data bits, no parity, 1 stop bit, no flow control; only the speed differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineSettings {
    /// Bits per second.
    pub baud: u32,
}

/// Both DGT and ChessLink number squares a8 = 0, b8 = 1, ... h1 = 63 (as seen from the cable
/// side); vichess numbers a1 = 0. The two differ by a vertical mirror.
pub fn square_from_a8_index(index: u8) -> Option<Square> {
    Square::new(index).map(Square::flip_vertical)
}

/// The inverse of [`square_from_a8_index`].
pub fn a8_index(square: Square) -> u8 {
    square.flip_vertical().index()
}

/// What a board said, in vichess's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardMessage {
    /// Something happened on the squares: a lift, a place, or a whole reading.
    Sensor(SensorEvent),
    /// A DGT clock reading that passed the sanity filters.
    Clock(dgt::ClockTimes),
    /// A DGT clock acknowledged a command, or reported a button.
    ClockAck(dgt::ClockAck),
    /// The board answered a watchdog request or sent a heartbeat: the link is alive.
    Alive,
    /// Identification: version, serial number, board name.
    Info(BoardInfo),
    /// The board itself reported a fault (pegboard error line).
    BoardError(String),
    /// We threw away a garbled frame.
    Garbled(FrameError),
}

/// Any of the three decoders, mapped to [`BoardMessage`]s.
#[derive(Debug, Clone)]
pub enum BoardCodec {
    /// A DGT board, with the filter that drops implausible clock readings.
    Dgt(dgt::Decoder, dgt::ClockFilter),
    /// A Millennium ChessLink or eONE board.
    ChessLink(chesslink::Decoder),
    /// The open pegboard.
    Pegboard(pegboard::Decoder),
    /// A Certabo RFID board, with its calibration.
    Certabo(certabo::Decoder),
}

impl BoardCodec {
    /// A codec for `protocol` that has seen no bytes yet.
    pub fn new(protocol: Protocol) -> BoardCodec {
        match protocol {
            Protocol::Dgt => BoardCodec::Dgt(dgt::Decoder::new(), dgt::ClockFilter::default()),
            Protocol::ChessLink => BoardCodec::ChessLink(chesslink::Decoder::new()),
            Protocol::Pegboard => BoardCodec::Pegboard(pegboard::Decoder::new()),
            Protocol::Certabo => BoardCodec::Certabo(certabo::Decoder::new()),
        }
    }

    /// Which protocol this codec decodes.
    pub fn protocol(&self) -> Protocol {
        match self {
            BoardCodec::Dgt(..) => Protocol::Dgt,
            BoardCodec::ChessLink(_) => Protocol::ChessLink,
            BoardCodec::Pegboard(_) => Protocol::Pegboard,
            BoardCodec::Certabo(_) => Protocol::Certabo,
        }
    }

    /// Forget any partial frame (after a reconnect the old bytes mean nothing). A Certabo
    /// board keeps its calibration: the same men are still on it.
    pub fn reset(&mut self) {
        if let BoardCodec::Certabo(d) = self {
            if d.calibrated() {
                let mut fresh = certabo::Decoder::new();
                std::mem::swap(&mut fresh, d);
                *d = fresh.restarted();
                return;
            }
        }
        *self = BoardCodec::new(self.protocol());
    }

    /// Takes bytes from the port in pieces of any size; messages come out of [`poll`](Self::poll).
    pub fn feed(&mut self, bytes: &[u8]) {
        match self {
            BoardCodec::Dgt(d, _) => d.feed(bytes),
            BoardCodec::ChessLink(d) => d.feed(bytes),
            BoardCodec::Pegboard(d) => d.feed(bytes),
            BoardCodec::Certabo(d) => d.feed(bytes),
        }
    }

    /// The decoder's counters, for link diagnostics.
    pub fn stats(&self) -> CodecStats {
        match self {
            BoardCodec::Dgt(d, _) => d.stats(),
            BoardCodec::ChessLink(d) => d.stats(),
            BoardCodec::Pegboard(d) => d.stats(),
            BoardCodec::Certabo(d) => d.stats(),
        }
    }

    /// The next message, or `None` when the bytes fed so far are used up.
    pub fn poll(&mut self) -> Option<BoardMessage> {
        loop {
            let out = match self {
                BoardCodec::Dgt(d, filter) => match d.poll()? {
                    Err(e) => Some(BoardMessage::Garbled(e)),
                    Ok(m) => dgt_message(m, filter),
                },
                BoardCodec::ChessLink(d) => match d.poll()? {
                    Err(e) => Some(BoardMessage::Garbled(e)),
                    Ok(m) => chesslink_message(m),
                },
                BoardCodec::Pegboard(d) => match d.poll()? {
                    Err(e) => Some(BoardMessage::Garbled(e)),
                    Ok(m) => pegboard_message(m),
                },
                BoardCodec::Certabo(d) => match d.poll()? {
                    Err(e) => Some(BoardMessage::Garbled(e)),
                    Ok(certabo::Frame::Reading(s)) => {
                        Some(BoardMessage::Sensor(SensorEvent::Snapshot(s)))
                    }
                    Ok(certabo::Frame::Calibrated) => {
                        Some(BoardMessage::Info(BoardInfo::CertaboCalibrated))
                    }
                    Ok(certabo::Frame::NeedsCalibration) => {
                        Some(BoardMessage::Info(BoardInfo::CertaboNeedsCalibration))
                    }
                },
            };
            if let Some(out) = out {
                return Some(out);
            }
        }
    }

    /// Every message available now.
    pub fn drain(&mut self) -> Vec<BoardMessage> {
        std::iter::from_fn(|| self.poll()).collect()
    }

    /// What to send after opening the port: wake the board, ask for identification and a full
    /// reading, and switch on change reports. Each entry is one write; DGT needs them one at a
    /// time because its input buffer is 10 bytes.
    pub fn handshake(&self) -> Vec<Vec<u8>> {
        match self.protocol() {
            Protocol::Dgt => vec![
                dgt::encode(dgt::Command::Reset),
                dgt::encode(dgt::Command::Version),
                dgt::encode(dgt::Command::SendBoard),
                dgt::encode(dgt::Command::UpdateNice),
            ],
            Protocol::ChessLink => vec![
                chesslink::encode(&chesslink::Command::Version),
                // EEPROM 02 = 05: a status report whenever the position changes and has
                // stood for 3 of the board's scans (modes 4-7 debounce over 2-5 scans; mode 3
                // reports every flicker of a sliding man).
                chesslink::encode(&chesslink::Command::WriteEeprom {
                    address: 0x02,
                    value: REPORT_MODE,
                }),
                chesslink::encode(&chesslink::Command::Status),
            ],
            Protocol::Pegboard => vec![
                pegboard::encode_host(pegboard::HostCommand::Hello),
                pegboard::encode_host(pegboard::HostCommand::Snapshot),
            ],
            // Certabo streams full readings on its own; there is nothing to ask.
            Protocol::Certabo => Vec::new(),
        }
    }

    /// A request the board must answer; sent every second so a dead link shows up. DGT and
    /// ChessLink are asked for a full reading: it proves the link alive and also brings back
    /// a change report that was lost (neither protocol numbers its reports).
    pub fn watchdog_request(&self) -> Vec<u8> {
        match self.protocol() {
            Protocol::Dgt => dgt::encode(dgt::Command::SendBoard),
            Protocol::ChessLink => chesslink::encode(&chesslink::Command::Status),
            Protocol::Pegboard => pegboard::encode_host(pegboard::HostCommand::Ping),
            Protocol::Certabo => Vec::new(),
        }
    }

    /// A request for a full reading, to resynchronise when in doubt.
    pub fn snapshot_request(&self) -> Vec<u8> {
        match self.protocol() {
            Protocol::Dgt => dgt::encode(dgt::Command::SendBoard),
            Protocol::ChessLink => chesslink::encode(&chesslink::Command::Status),
            Protocol::Pegboard => pegboard::encode_host(pegboard::HostCommand::Snapshot),
            Protocol::Certabo => Vec::new(),
        }
    }

    /// Tell the clock filter a SETNRUN went out: the next reading may legitimately go up.
    pub fn clock_was_set(&mut self) {
        if let BoardCodec::Dgt(_, filter) = self {
            filter.clock_was_set();
        }
    }
}

fn dgt_message(m: dgt::Message, filter: &mut dgt::ClockFilter) -> Option<BoardMessage> {
    use dgt::Message as M;
    Some(match m {
        M::BoardDump(codes) => BoardMessage::Sensor(SensorEvent::Snapshot(dgt::snapshot(&codes))),
        M::FieldUpdate { square, code } => match dgt::sensed(code) {
            Sensed::Empty => BoardMessage::Sensor(SensorEvent::Lifted(square)),
            sensed => BoardMessage::Sensor(SensorEvent::Placed { square, sensed }),
        },
        M::Clock(dgt::BwTime::Times(t)) => match filter.accept(t) {
            Some(t) => BoardMessage::Clock(t),
            None => BoardMessage::Alive,
        },
        M::Clock(dgt::BwTime::Ack(a)) => BoardMessage::ClockAck(a),
        M::Version { major, minor } => BoardMessage::Info(BoardInfo::Version {
            board: "DGT",
            major,
            minor,
        }),
        M::SerialNumber(s) => BoardMessage::Info(BoardInfo::Serial(s)),
        M::Trademark(s) => BoardMessage::Info(BoardInfo::Trademark(s)),
        M::Battery(_) | M::Other { .. } => return None,
    })
}

fn chesslink_message(m: chesslink::Reply) -> Option<BoardMessage> {
    use chesslink::Reply as R;
    Some(match m {
        R::Status(s) => BoardMessage::Sensor(SensorEvent::Snapshot(s)),
        R::Version { major, minor } => BoardMessage::Info(BoardInfo::Version {
            board: "ChessLink",
            major,
            minor,
        }),
        R::LedsDone | R::LedsOff | R::ResetDone | R::Eeprom { .. } => return None,
    })
}

/// What a board says about itself. The values, not sentences: the host says them in the
/// game's words (the board's own name and trademark as the board sends them); `Display` is
/// the English of the logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardInfo {
    /// A pegboard's hello: its protocol version, name, and whether it sees colours.
    Pegboard {
        /// The protocol version it speaks.
        version: u8,
        /// The name it gives itself.
        name: String,
        /// The sensors tell white from black, not only occupancy.
        colour: bool,
    },
    /// A board's firmware version ("DGT", "ChessLink").
    Version {
        /// The kind of board.
        board: &'static str,
        /// Major version number.
        major: u8,
        /// Minor version number.
        minor: u8,
    },
    /// A DGT board's serial number.
    Serial(String),
    /// A DGT board's trademark text, as it sends it.
    Trademark(String),
    /// A Certabo board has learnt its men from the start position.
    CertaboCalibrated,
    /// A Certabo board needs the start position once to learn its men.
    CertaboNeedsCalibration,
}

impl fmt::Display for BoardInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardInfo::Pegboard {
                version,
                name,
                colour,
            } => write!(
                f,
                "pegboard {name:?}, protocol version {version}, {}",
                if *colour {
                    "sees colours"
                } else {
                    "occupancy only"
                }
            ),
            BoardInfo::Version {
                board,
                major,
                minor,
            } => write!(f, "{board} board version {major}.{minor}"),
            BoardInfo::Serial(s) => write!(f, "DGT board serial number {s}"),
            BoardInfo::Trademark(s) => f.write_str(s),
            BoardInfo::CertaboCalibrated => {
                f.write_str("Certabo calibrated: the 32 men on their start squares are known")
            }
            BoardInfo::CertaboNeedsCalibration => {
                f.write_str("Certabo: put all 32 men on their start squares once, to calibrate")
            }
        }
    }
}

fn pegboard_message(m: pegboard::BoardLine) -> Option<BoardMessage> {
    use pegboard::Event as E;
    Some(match m.event {
        E::Hello {
            version,
            name,
            colour,
        } => BoardMessage::Info(BoardInfo::Pegboard {
            version,
            name,
            colour,
        }),
        E::Snapshot(s) => BoardMessage::Sensor(SensorEvent::Snapshot(s)),
        E::Lifted(sq) => BoardMessage::Sensor(SensorEvent::Lifted(sq)),
        E::Placed { square, color } => BoardMessage::Sensor(SensorEvent::Placed {
            square,
            sensed: Sensed::Occupied { color },
        }),
        E::Heartbeat => BoardMessage::Alive,
        // The board's own code and words: the game's line says "the board reports a fault".
        E::Error { code, text } => BoardMessage::BoardError(format!("{code}: {text}")),
    })
}

/// The lifted / placed changes that turn one reading into the next, lifts first (a board
/// that only sends whole readings, like ChessLink, still shows touches this way).
pub fn diff_events(before: &Snapshot, after: &Snapshot) -> Vec<SensorEvent> {
    let mut lifts = Vec::new();
    let mut places = Vec::new();
    for sq in Square::all() {
        let (a, b) = (before.get(sq), after.get(sq));
        if a == b {
            continue;
        }
        if a.is_occupied() {
            lifts.push(SensorEvent::Lifted(sq));
        }
        if b.is_occupied() {
            places.push(SensorEvent::Placed {
                square: sq,
                sensed: b,
            });
        }
    }
    lifts.extend(places);
    lifts
}

/// Upper-case hex of one byte, as ChessLink and the pegboard write checksums.
pub(crate) fn hex2(b: u8) -> [u8; 2] {
    const H: &[u8; 16] = b"0123456789ABCDEF";
    [H[(b >> 4) as usize], H[(b & 15) as usize]]
}

/// Reads two hex digits (either case).
pub(crate) fn parse_hex2(s: &[u8]) -> Option<u8> {
    fn d(c: u8) -> Option<u8> {
        (c as char).to_digit(16).map(|v| v as u8)
    }
    match s {
        [a, b] => Some(d(*a)? << 4 | d(*b)?),
        _ => None,
    }
}

/// A byte for an error message: printable ASCII as itself, anything else in hex.
pub(crate) fn show_byte(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("{:?} (0x{b:02X})", b as char)
    } else {
        format!("0x{b:02X}")
    }
}
