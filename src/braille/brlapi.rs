//! A sans-IO client codec for BrlAPI, the protocol BRLTTY offers its clients on a local socket
//! (`/var/lib/BrlAPI/0` or the `BRLAPI_HOST` given), written from `brlapi_protocol.h` (protocol
//! version 8).
//!
//! Every packet is a header of two big-endian 32-bit words, the payload size and the packet
//! type, then the payload. The client speaks only after the server's version packet; the
//! exchange is: version, authorisation, then requests (driver name, display size, enter tty
//! mode, write, leave tty mode), each answered by a packet of the same type or by an
//! acknowledgement, and key packets arriving while the client holds a tty.

/// The protocol version this codec speaks.
pub const PROTOCOL_VERSION: u32 = 8;
/// The largest payload the protocol allows.
pub const MAX_PACKET_SIZE: usize = 4096;
/// The widest display line vichess accepts. The largest braille displays made have 80 cells
/// to a line; 256 leaves room and keeps a write of 4-byte UTF-8 characters well inside
/// [`MAX_PACKET_SIZE`]. A server claiming more is refused: the width sizes every write, and
/// 2^32-1 cells would be a 17 GB line.
pub const MAX_CELLS: u32 = 256;
/// The most tty numbers sent to enter tty mode (a window path is a handful).
pub const MAX_TTYS: usize = 64;

/// Packet types (`BRLAPI_PACKET_*`).
pub mod kind {
    /// Version, both ways.
    pub const VERSION: u32 = b'v' as u32;
    /// Authorisation: the server's offered methods, the client's answer.
    pub const AUTH: u32 = b'a' as u32;
    /// The driver's name.
    pub const GET_DRIVER_NAME: u32 = b'n' as u32;
    /// The display's cells and lines.
    pub const GET_DISPLAY_SIZE: u32 = b's' as u32;
    /// Take a tty: the display shows this client while that tty has focus.
    pub const ENTER_TTY_MODE: u32 = b't' as u32;
    /// Give the tty back.
    pub const LEAVE_TTY_MODE: u32 = b'L' as u32;
    /// A key pressed on the display.
    pub const KEY: u32 = b'k' as u32;
    /// Text or dots to show.
    pub const WRITE: u32 = b'w' as u32;
    /// Acknowledgement.
    pub const ACK: u32 = b'A' as u32;
    /// A non-fatal error.
    pub const ERROR: u32 = b'e' as u32;
    /// An exception: the server refused a packet.
    pub const EXCEPTION: u32 = b'E' as u32;
}

/// Authorisation methods the server offers.
pub mod auth {
    /// None needed.
    pub const NONE: u32 = b'N' as u32;
    /// A shared key (the contents of `/etc/brlapi.key`).
    pub const KEY: u32 = b'K' as u32;
    /// The socket's peer credentials.
    pub const CREDENTIALS: u32 = b'C' as u32;
}

/// Write flags (`BRLAPI_WF_*`): which fields follow, in this order.
mod wf {
    pub const REGION: u32 = 0x02;
    pub const TEXT: u32 = 0x04;
    pub const CURSOR: u32 = 0x20;
    pub const CHARSET: u32 = 0x40;
}

/// One packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packet {
    /// The type, one of [`kind`].
    pub kind: u32,
    /// The payload.
    pub payload: Vec<u8>,
}

/// A protocol violation from the other side.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// A header announced more than [`MAX_PACKET_SIZE`] bytes.
    #[error("BrlAPI packet of {0} bytes is over the protocol's 4096")]
    TooLarge(usize),
    /// A payload is shorter than its type needs.
    #[error("BrlAPI packet {kind:?} is too short ({len} bytes)")]
    Short {
        /// The packet type as a character.
        kind: char,
        /// Its payload length.
        len: usize,
    },
    /// The server speaks another protocol version.
    #[error("the BrlAPI server speaks protocol {0}, vichess speaks 8")]
    Version(u32),
    /// The server claims a display wider than [`MAX_CELLS`].
    #[error("the BrlAPI server claims a display of {0} cells; vichess accepts at most 256")]
    TooManyCells(u32),
    /// The server answered with an error.
    #[error("the BrlAPI server refused a {packet:?} packet with error {code}")]
    Refused {
        /// BrlAPI's error code.
        code: u32,
        /// The refused packet's type as a character.
        packet: char,
    },
}

impl Packet {
    /// A packet of `kind` with `payload`.
    pub fn new(kind: u32, payload: Vec<u8>) -> Packet {
        Packet { kind, payload }
    }

    /// The bytes on the wire.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(8 + self.payload.len());
        out.extend_from_slice(&(self.payload.len() as u32).to_be_bytes());
        out.extend_from_slice(&self.kind.to_be_bytes());
        out.extend_from_slice(&self.payload);
        out
    }

    fn short(&self) -> ProtocolError {
        ProtocolError::Short {
            kind: char::from_u32(self.kind).unwrap_or('?'),
            len: self.payload.len(),
        }
    }

    fn word(&self, i: usize) -> Result<u32, ProtocolError> {
        self.payload
            .get(i * 4..i * 4 + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| self.short())
    }
}

/// Splits a byte stream into packets; feed it whatever the socket gave.
///
/// It never holds more than one packet's header and payload plus what one `push` brought: an
/// oversize header is refused before its payload is kept, and from then on the stream is
/// out of step, so every later byte is dropped and every call repeats the refusal.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    refused: Option<ProtocolError>,
}

impl Decoder {
    /// An empty decoder.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Adds received bytes; after a refusal they are dropped.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.refused.is_none() {
            self.buf.extend_from_slice(bytes);
            self.check_header();
        }
    }

    /// Refuses an oversize header as soon as it is whole, so its payload is never kept.
    fn check_header(&mut self) {
        if self.refused.is_none() && self.buf.len() >= 8 {
            let size =
                u32::from_be_bytes([self.buf[0], self.buf[1], self.buf[2], self.buf[3]]) as usize;
            if size > MAX_PACKET_SIZE {
                self.refused = Some(ProtocolError::TooLarge(size));
                self.buf = Vec::new();
            }
        }
    }

    /// How many received bytes wait for their packet to be whole.
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// The next whole packet, if one has arrived.
    pub fn next_packet(&mut self) -> Result<Option<Packet>, ProtocolError> {
        self.check_header();
        if let Some(e) = &self.refused {
            return Err(e.clone());
        }
        if self.buf.len() < 8 {
            return Ok(None);
        }
        let size =
            u32::from_be_bytes([self.buf[0], self.buf[1], self.buf[2], self.buf[3]]) as usize;
        if self.buf.len() < 8 + size {
            return Ok(None);
        }
        let kind = u32::from_be_bytes([self.buf[4], self.buf[5], self.buf[6], self.buf[7]]);
        let payload = self.buf[8..8 + size].to_vec();
        self.buf.drain(..8 + size);
        Ok(Some(Packet { kind, payload }))
    }
}

/// The client's version packet.
pub fn version() -> Packet {
    Packet::new(kind::VERSION, PROTOCOL_VERSION.to_be_bytes().to_vec())
}

/// Checks the server's version packet.
pub fn check_version(p: &Packet) -> Result<(), ProtocolError> {
    let v = p.word(0)?;
    if v == PROTOCOL_VERSION {
        Ok(())
    } else {
        Err(ProtocolError::Version(v))
    }
}

/// The methods in the server's authorisation packet.
pub fn auth_methods(p: &Packet) -> Vec<u32> {
    (0..p.payload.len() / 4)
        .filter_map(|i| p.word(i).ok())
        .collect()
}

/// The longest key that fits in one authorisation packet.
pub const MAX_KEY: usize = MAX_PACKET_SIZE - 4;

/// The client's key authorisation; a key longer than [`MAX_KEY`] is cut there (read the
/// key file no further than that).
pub fn auth_key(key: &[u8]) -> Packet {
    let mut payload = auth::KEY.to_be_bytes().to_vec();
    payload.extend_from_slice(&key[..key.len().min(MAX_KEY)]);
    Packet::new(kind::AUTH, payload)
}

/// Asks for the driver name; the answer is a packet of the same type.
pub fn get_driver_name() -> Packet {
    Packet::new(kind::GET_DRIVER_NAME, Vec::new())
}

/// The driver name from its answer (the server ends it with a NUL).
pub fn driver_name(p: &Packet) -> String {
    let bytes = p.payload.split(|&b| b == 0).next().unwrap_or(&[]);
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asks for the display size.
pub fn get_display_size() -> Packet {
    Packet::new(kind::GET_DISPLAY_SIZE, Vec::new())
}

/// Cells per line and lines, from the answer; a line wider than [`MAX_CELLS`] is refused.
pub fn display_size(p: &Packet) -> Result<(u32, u32), ProtocolError> {
    let (cells, lines) = (p.word(0)?, p.word(1)?);
    if cells > MAX_CELLS {
        return Err(ProtocolError::TooManyCells(cells));
    }
    Ok((cells, lines))
}

/// Takes the display while one of `ttys` (the tty path from the root window down, as
/// `WINDOWPATH` and the console number give it) has focus; with no driver name, keys arrive as
/// BRLTTY commands, which are the same on every display.
pub fn enter_tty_mode(ttys: &[u32]) -> Packet {
    let ttys = &ttys[..ttys.len().min(MAX_TTYS)];
    let mut payload = (ttys.len() as u32).to_be_bytes().to_vec();
    for t in ttys {
        payload.extend_from_slice(&t.to_be_bytes());
    }
    payload.push(0);
    Packet::new(kind::ENTER_TTY_MODE, payload)
}

/// Gives the tty back to the screen reader.
pub fn leave_tty_mode() -> Packet {
    Packet::new(kind::LEAVE_TTY_MODE, Vec::new())
}

/// Shows `text` (UTF-8; the display's own table turns it into dots) from the first cell, the
/// rest of the display cleared, cursor off. `cells` is the display width, at most
/// [`MAX_CELLS`] (a wider one is written as that many).
pub fn write_text(text: &str, cells: u32) -> Packet {
    let cells = cells.min(MAX_CELLS);
    let mut chars: Vec<char> = text.chars().take(cells as usize).collect();
    chars.resize(cells as usize, ' ');
    let shown: String = chars.into_iter().collect();
    let flags = wf::REGION | wf::TEXT | wf::CURSOR | wf::CHARSET;
    let mut payload = flags.to_be_bytes().to_vec();
    payload.extend_from_slice(&1u32.to_be_bytes());
    payload.extend_from_slice(&cells.to_be_bytes());
    payload.extend_from_slice(&(shown.len() as u32).to_be_bytes());
    payload.extend_from_slice(shown.as_bytes());
    payload.extend_from_slice(&0u32.to_be_bytes());
    let charset = b"UTF-8";
    payload.push(charset.len() as u8);
    payload.extend_from_slice(charset);
    Packet::new(kind::WRITE, payload)
}

/// What a write packet shows, read back: the text of its region (for tests and a fake server).
pub fn written_text(p: &Packet) -> Option<String> {
    let flags = p.word(0).ok()?;
    let mut at = 4;
    let mut take = |n: usize| {
        let s = p.payload.get(at..at + n)?;
        at += n;
        Some(s)
    };
    if flags & 0x01 != 0 {
        take(4)?;
    }
    if flags & wf::REGION != 0 {
        take(8)?;
    }
    if flags & wf::TEXT == 0 {
        return None;
    }
    let len = take(4)?;
    let len = u32::from_be_bytes([len[0], len[1], len[2], len[3]]) as usize;
    Some(String::from_utf8_lossy(take(len)?).into_owned())
}

/// A key from the display, as the 64-bit code of its packet.
pub fn key_code(p: &Packet) -> Result<u64, ProtocolError> {
    Ok((u64::from(p.word(0)?) << 32) | u64::from(p.word(1)?))
}

/// The error a server's error packet reports.
pub fn error(p: &Packet) -> ProtocolError {
    ProtocolError::Refused {
        code: p.word(0).unwrap_or(0),
        packet: p.payload.get(4).map_or('?', |&b| b as char),
    }
}

/// What a key asks vichess to do on the live line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAction {
    /// Show the previous move (line up, or the left panning key).
    Back,
    /// Show the next move (line down, or the right panning key).
    Forward,
    /// Show the move at a routing key's cell: the key's number counts moves from the left.
    Route(u16),
    /// Say and show the clock times (BRLTTY's time command).
    Time,
    /// Anything else; BRLTTY keeps it.
    Other,
}

/// Reads a BRLTTY command key (a key sent as a command, the default of tty mode).
pub fn key_action(code: u64) -> KeyAction {
    const TYPE_MASK: u64 = 0xE000_0000;
    const TYPE_CMD: u64 = 0x2000_0000;
    const BLK_MASK: u64 = 0x1FFF_0000;
    const ARG_MASK: u64 = 0xFFFF;
    if code & TYPE_MASK != TYPE_CMD {
        return KeyAction::Other;
    }
    let block = (code & BLK_MASK) >> 16;
    let arg = code & ARG_MASK;
    match (block, arg) {
        (0, 1) | (0, 23) => KeyAction::Back,
        (0, 2) | (0, 24) => KeyAction::Forward,
        (0, 81) => KeyAction::Time,
        (1, n) => KeyAction::Route(n as u16),
        _ => KeyAction::Other,
    }
}

/// The code BRLTTY sends for a command key, for tests and a fake server.
pub fn command_key(block: u32, arg: u16) -> u64 {
    0x2000_0000 | (u64::from(block) << 16) | u64::from(arg)
}
