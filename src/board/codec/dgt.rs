//! DGT e-board serial protocol (single-board mode), and the DGT XL / 3000 clock relayed
//! through the board. Facts: DGT's published protocol header (`dgtbrd.h`, the board's messages and
//! the clock messages it relays), as public projects such as picochess use it.
//!
//! Board to host: `0x80 | id`, a 14-bit total length in two 7-bit bytes, then data bytes with
//! the top bit clear. So any byte with the top bit set starts a new message: a partial message
//! is dropped when one arrives, and data bytes outside a message are line noise.

use super::{a8_index, square_from_a8_index, CodecStats, FrameError, Outbox, Protocol};
use crate::board::sensor::{Sensed, Snapshot};
use crate::rules::{Color, Piece, Role, Square};
use std::collections::VecDeque;
use std::fmt;

/// Message id of a full board reading: 64 piece codes, a8 first.
pub const BOARD_DUMP: u8 = 0x86;
/// Message id of one square's change: the square number and its new piece code.
pub const FIELD_UPDATE: u8 = 0x8E;
/// Message id of a relayed clock message: the two times and status, or a clock ack.
pub const BWTIME: u8 = 0x8D;
/// Message id of the 5-digit serial number.
pub const SERIALNR: u8 = 0x91;
/// Message id of the trademark text.
pub const TRADEMARK: u8 = 0x92;
/// Message id of the board firmware's version (major, minor).
pub const VERSION: u8 = 0x93;
/// Message id of the battery state (wireless boards).
pub const BATTERY_STATUS: u8 = 0xA0;
/// Message id of the 10-digit serial number.
pub const LONG_SERIALNR: u8 = 0xA2;

/// Longest message we accept. The longest useful one is the trademark text (~100 bytes); the
/// EEPROM dump (~8 KB) is never requested, so anything longer is a garbled length.
pub const MAX_LEN: usize = 512;

/// A host command. The board's input buffer holds 10 bytes: send one at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Idle mode.
    Reset,
    /// One BWTIME reply.
    SendClock,
    /// One BOARD_DUMP reply.
    SendBoard,
    /// Field updates, plus the clock at least once a second.
    Update,
    /// Field updates only.
    UpdateBoard,
    /// Field updates, plus the clock when it changes.
    UpdateNice,
    /// `0x45`: ask for the 5-digit serial number.
    SerialNumber,
    /// `0x55`: ask for the 10-digit serial number.
    LongSerialNumber,
    /// `0x4D`: ask for the firmware version; also the watchdog request, as it changes nothing.
    Version,
    /// `0x4C`: ask for the battery state.
    Battery,
    /// `0x47`: ask for the trademark text.
    Trademark,
    /// `0x2B`: a command for the clock plugged into the board.
    Clock(ClockCommand),
}

/// Hours, minutes, seconds on one side of the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hms {
    /// Hours, 0 to 9: the display has one digit for them.
    pub hours: u8,
    /// Minutes, 0 to 59 (BCD on the wire).
    pub minutes: u8,
    /// Seconds, 0 to 59 (BCD on the wire).
    pub seconds: u8,
}

impl Hms {
    /// The DGT display shows at most 9:59:59; longer times are shown as that.
    pub fn from_seconds(total: u64) -> Hms {
        let total = total.min(9 * 3600 + 59 * 60 + 59);
        Hms {
            hours: (total / 3600) as u8,
            minutes: (total / 60 % 60) as u8,
            seconds: (total % 60) as u8,
        }
    }

    /// The whole time in seconds, for comparing readings.
    pub fn total_seconds(self) -> u32 {
        self.hours as u32 * 3600 + self.minutes as u32 * 60 + self.seconds as u32
    }

    fn is_possible(self) -> bool {
        self.hours <= 9 && self.minutes <= 59 && self.seconds <= 59
    }
}

impl fmt::Display for Hms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{:02}:{:02}", self.hours, self.minutes, self.seconds)
    }
}

/// Which clock side runs after SETNRUN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockSide {
    /// The left half of the clock's display, seen from the front.
    Left,
    /// The right half of the clock's display, seen from the front.
    Right,
}

/// Commands for the clock, wrapped in CLOCK_MESSAGE (0x2B).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockCommand {
    /// Set both times; `run` starts one side (None = both stopped). Accepted only in the
    /// clock's mode 23; follow it with `End`.
    SetAndRun {
        /// The time to show on the left side.
        left: Hms,
        /// The time to show on the right side.
        right: Hms,
        /// The side whose time runs; `None` leaves both stopped.
        run: Option<ClockSide>,
    },
    /// DGT 3000: 8 characters of text and a beep of 0-15.
    Ascii {
        /// Printable ASCII, padded with spaces.
        text: [u8; 8],
        /// 0 (silent) to 15.
        beep: u8,
    },
    /// A beep of `units` x 64 ms.
    Beep {
        /// Length of the beep in 64 ms units.
        units: u8,
    },
    /// Back to showing the times.
    End,
    /// Ask the clock for its firmware version (answered in the ack).
    Version,
}

impl ClockCommand {
    /// The command byte the clock echoes in its ack.
    pub fn code(&self) -> u8 {
        match self {
            ClockCommand::SetAndRun { .. } => 0x0A,
            ClockCommand::Ascii { .. } => 0x0C,
            ClockCommand::Beep { .. } => 0x0B,
            ClockCommand::End => 0x03,
            ClockCommand::Version => 0x09,
        }
    }

    /// Text for the DGT 3000: printable ASCII, cut or padded to 8 characters.
    pub fn text(s: &str, beep: u8) -> ClockCommand {
        let mut text = [b' '; 8];
        for (slot, c) in text.iter_mut().zip(s.chars()) {
            *slot = if c.is_ascii_graphic() || c == ' ' {
                c as u8
            } else {
                b'?'
            };
        }
        ClockCommand::Ascii {
            text,
            beep: beep.min(15),
        }
    }
}

/// The bytes for `cmd` on the wire.
pub fn encode(cmd: Command) -> Vec<u8> {
    match cmd {
        Command::Reset => vec![0x40],
        Command::SendClock => vec![0x41],
        Command::SendBoard => vec![0x42],
        Command::Update => vec![0x43],
        Command::UpdateBoard => vec![0x44],
        Command::UpdateNice => vec![0x4B],
        Command::SerialNumber => vec![0x45],
        Command::LongSerialNumber => vec![0x55],
        Command::Version => vec![0x4D],
        Command::Battery => vec![0x4C],
        Command::Trademark => vec![0x47],
        Command::Clock(c) => encode_clock(&c),
    }
}

/// `2B len 03 cmd payload... 00`; `len` counts the bytes after itself.
fn encode_clock(c: &ClockCommand) -> Vec<u8> {
    let mut body = vec![0x03, c.code()];
    match *c {
        ClockCommand::SetAndRun { left, right, run } => {
            for t in [left, right] {
                let t = Hms::from_seconds(t.total_seconds() as u64);
                body.extend([t.hours, t.minutes, t.seconds]);
            }
            body.push(match run {
                None => 0x04,
                Some(ClockSide::Left) => 0x01,
                Some(ClockSide::Right) => 0x02,
            });
        }
        ClockCommand::Ascii { text, beep } => {
            body.extend(text.map(|b| b & 0x7F));
            body.push(beep.min(15));
        }
        ClockCommand::Beep { units } => body.push(units & 0x7F),
        ClockCommand::End | ClockCommand::Version => {}
    }
    body.push(0x00);
    let mut out = vec![0x2B, body.len() as u8];
    out.extend(body);
    out
}

/// One side's time as BWTIME reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideTime {
    /// The time shown on this side.
    pub time: Hms,
    /// The flag has fallen and this side's clock is blocked.
    pub flag_fallen: bool,
    /// The clock shows its time-per-move indicator for this side.
    pub time_per_move: bool,
    /// The flag symbol is on the display.
    pub flag_shown: bool,
}

/// A BWTIME clock reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClockTimes {
    /// The left half of the display, seen from the front.
    pub left: SideTime,
    /// The right half of the display.
    pub right: SideTime,
    /// A side's time is running (not paused).
    pub running: bool,
    /// The lever is up on the right side.
    pub lever_right_up: bool,
    /// The clock's battery needs changing.
    pub battery_low: bool,
    /// Whose clock runs, by side.
    pub turn: Option<ClockSide>,
    /// Status bit 5: no clock connected, the reading means nothing.
    pub no_clock: bool,
    /// All seven bytes were zero (some Bluetooth boards send these).
    pub all_zero: bool,
}

impl ClockTimes {
    fn is_possible(&self) -> bool {
        self.left.time.is_possible() && self.right.time.is_possible()
    }
}

/// A BWTIME that is an acknowledgement: four rebuilt 8-bit ack bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockAck(pub [u8; 4]);

/// A button pressed on a DGT 3000, reported unsolicited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockButton {
    /// The back button.
    Back,
    /// The plus button.
    Plus,
    /// The run (play/pause) button.
    Run,
    /// The minus button.
    Minus,
    /// The OK button.
    Ok,
}

impl ClockAck {
    /// The clock refused the command (ack byte 0 = 0x40).
    pub fn is_error(&self) -> bool {
        self.0[0] == 0x40
    }
    /// The command acknowledged (`ClockCommand::code`), or `None` for an unsolicited report.
    pub fn command(&self) -> Option<u8> {
        (self.0[1] < 0x80).then_some(self.0[1])
    }
    /// The button pressed, when this is an unsolicited button report.
    pub fn button(&self) -> Option<ClockButton> {
        if self.0[1] != 0x88 {
            return None;
        }
        Some(match self.0[3] {
            0x31 => ClockButton::Back,
            0x32 => ClockButton::Plus,
            0x33 => ClockButton::Run,
            0x34 => ClockButton::Minus,
            0x35 => ClockButton::Ok,
            _ => return None,
        })
    }
    /// Version reply: (major, minor).
    pub fn version(&self) -> Option<(u8, u8)> {
        (self.0[1] == 0x09).then_some((self.0[2] >> 4, self.0[2] & 0x0F))
    }
}

/// What a BWTIME message carries: the same id is used for readings and for acks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BwTime {
    /// A clock reading.
    Times(ClockTimes),
    /// An acknowledgement or unsolicited clock report.
    Ack(ClockAck),
}

/// A decoded board message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// 64 piece codes, a8 first (the board's own order).
    BoardDump([u8; 64]),
    /// FIELD_UPDATE: one square changed.
    FieldUpdate {
        /// The square, already turned from the board's a8 = 0 numbering into vichess's.
        square: Square,
        /// The new piece code there (0 = emptied); see [`sensed`].
        code: u8,
    },
    /// BWTIME: a clock reading or a clock ack.
    Clock(BwTime),
    /// VERSION: the board firmware.
    Version {
        /// Major version number.
        major: u8,
        /// Minor version number.
        minor: u8,
    },
    /// SERIALNR or LONG_SERIALNR, as the digits.
    SerialNumber(String),
    /// TRADEMARK: the vendor text, cleaned to printable ASCII.
    Trademark(String),
    /// BATTERY_STATUS, kept raw: vichess does not interpret it.
    Battery(Vec<u8>),
    /// A message id vichess does not use, kept so it is counted rather than called garbled.
    Other {
        /// The message id, top bit included.
        id: u8,
        /// The data bytes after the header.
        data: Vec<u8>,
    },
}

/// What a piece code means. 13-15 are "magic pieces" (result markers): something stands there.
pub fn sensed(code: u8) -> Sensed {
    const ROLES: [Role; 6] = [
        Role::Pawn,
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::King,
        Role::Queen,
    ];
    match code {
        1..=6 => Sensed::Piece(ROLES[code as usize - 1].of(Color::White)),
        7..=12 => Sensed::Piece(ROLES[code as usize - 7].of(Color::Black)),
        13..=15 => Sensed::Occupied { color: None },
        _ => Sensed::Empty,
    }
}

/// The board's code for a man (0 for an empty square).
pub fn piece_code(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    base + p.color.fold(0, 6)
}

/// A BOARD_DUMP as a reading.
pub fn snapshot(codes: &[u8; 64]) -> Snapshot {
    let mut s = Snapshot::default();
    for (i, &code) in codes.iter().enumerate() {
        if let Some(sq) = square_from_a8_index(i as u8) {
            s.set(sq, sensed(code));
        }
    }
    s
}

/// Decodes the board's byte stream.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    frame: Vec<u8>,
    /// Stream position of `frame[0]`.
    frame_at: u64,
    /// Declared total length of the frame being read, once both length bytes are in.
    want: Option<usize>,
    out: Outbox<Message>,
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

    /// The next message or garbled frame, or `None` until more bytes are fed.
    pub fn poll(&mut self) -> Option<Result<Message, FrameError>> {
        self.out.poll()
    }

    fn error(&mut self, at: u64, what: String) {
        self.out.error(Protocol::Dgt, at, what);
    }

    /// Takes bytes in pieces of any size; complete messages become available to [`poll`](Self::poll).
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let at = self.out.stats.bytes;
            self.out.stats.bytes += 1;
            if b & 0x80 != 0 {
                if !self.frame.is_empty() {
                    let what = format!(
                        "message {} cut off after {} of {} bytes by a new message",
                        name(self.frame[0]),
                        self.frame.len(),
                        self.want.map_or("?".into(), |w| w.to_string())
                    );
                    self.error(self.frame_at, what);
                }
                self.frame.clear();
                self.frame.push(b);
                self.frame_at = at;
                self.want = None;
                continue;
            }
            if self.frame.is_empty() {
                self.out.stats.skipped += 1;
                continue;
            }
            self.frame.push(b);
            if self.frame.len() == 3 {
                let len = (self.frame[1] as usize) << 7 | self.frame[2] as usize;
                if !(3..=MAX_LEN).contains(&len) {
                    let what = format!(
                        "message {} claims an impossible length of {len} bytes",
                        name(self.frame[0])
                    );
                    self.error(self.frame_at, what);
                    // The data bytes that follow are skipped until the next top-bit byte.
                    self.frame.clear();
                    continue;
                }
                self.want = Some(len);
            }
            if Some(self.frame.len()) == self.want {
                let frame = std::mem::take(&mut self.frame);
                self.want = None;
                match parse(frame[0], &frame[3..]) {
                    Ok(m) => self.out.frame(m),
                    Err(what) => self.error(self.frame_at, what),
                }
            }
        }
    }
}

fn name(id: u8) -> String {
    match id {
        BOARD_DUMP => "board dump".into(),
        FIELD_UPDATE => "field update".into(),
        BWTIME => "clock time".into(),
        SERIALNR => "serial number".into(),
        TRADEMARK => "trademark".into(),
        VERSION => "version".into(),
        BATTERY_STATUS => "battery status".into(),
        LONG_SERIALNR => "long serial number".into(),
        other => format!("0x{other:02X}"),
    }
}

fn parse(id: u8, d: &[u8]) -> Result<Message, String> {
    let need = |n: usize| -> Result<(), String> {
        if d.len() == n {
            Ok(())
        } else {
            Err(format!(
                "message {} has {} data bytes, expected {n}",
                name(id),
                d.len()
            ))
        }
    };
    match id {
        BOARD_DUMP => {
            need(64)?;
            let mut codes = [0u8; 64];
            codes.copy_from_slice(d);
            if let Some(i) = codes.iter().position(|&c| c > 15) {
                return Err(format!(
                    "board dump has an unknown piece code {} for square {}",
                    codes[i],
                    square_from_a8_index(i as u8).expect("i < 64")
                ));
            }
            Ok(Message::BoardDump(codes))
        }
        FIELD_UPDATE => {
            need(2)?;
            let square = square_from_a8_index(d[0])
                .ok_or_else(|| format!("field update names square number {}, past 63", d[0]))?;
            if d[1] > 15 {
                return Err(format!(
                    "field update for {square} has an unknown piece code {}",
                    d[1]
                ));
            }
            Ok(Message::FieldUpdate { square, code: d[1] })
        }
        BWTIME => {
            need(7)?;
            Ok(Message::Clock(bwtime(d.try_into().expect("7 bytes"))))
        }
        VERSION => {
            need(2)?;
            Ok(Message::Version {
                major: d[0],
                minor: d[1],
            })
        }
        SERIALNR | LONG_SERIALNR => Ok(Message::SerialNumber(ascii(d))),
        TRADEMARK => Ok(Message::Trademark(ascii(d))),
        BATTERY_STATUS => Ok(Message::Battery(d.to_vec())),
        _ => Ok(Message::Other {
            id,
            data: d.to_vec(),
        }),
    }
}

fn ascii(d: &[u8]) -> String {
    d.iter()
        .map(|&b| {
            if b.is_ascii_graphic() || b == b' ' {
                b as char
            } else {
                ' '
            }
        })
        .collect::<String>()
        .trim()
        .to_owned()
}

fn bcd(b: u8) -> u8 {
    (b >> 4 & 0x07) * 10 + (b & 0x0F)
}

fn side(d0: u8, min: u8, sec: u8) -> SideTime {
    SideTime {
        time: Hms {
            hours: d0 & 0x0F,
            minutes: bcd(min),
            seconds: bcd(sec),
        },
        flag_fallen: d0 & 0x10 != 0,
        time_per_move: d0 & 0x20 != 0,
        flag_shown: d0 & 0x40 != 0,
    }
}

/// BWTIME's seven data bytes: an ack when either hours nibble is 0x0A, else times.
pub fn bwtime(d: [u8; 7]) -> BwTime {
    if d[0] & 0x0F == 0x0A || d[3] & 0x0F == 0x0A {
        return BwTime::Ack(ClockAck([
            (d[1] & 0x7F) | ((d[3] << 3) & 0x80),
            (d[2] & 0x7F) | ((d[3] << 2) & 0x80),
            (d[4] & 0x7F) | ((d[0] << 3) & 0x80),
            (d[5] & 0x7F) | ((d[0] << 2) & 0x80),
        ]));
    }
    let s = d[6];
    BwTime::Times(ClockTimes {
        right: side(d[0], d[1], d[2]),
        left: side(d[3], d[4], d[5]),
        running: s & 0x01 != 0,
        lever_right_up: s & 0x02 != 0,
        battery_low: s & 0x04 != 0,
        turn: if s & 0x08 != 0 {
            Some(ClockSide::Right)
        } else if s & 0x10 != 0 {
            Some(ClockSide::Left)
        } else {
            None
        },
        no_clock: s & 0x20 != 0,
        all_zero: d == [0; 7],
    })
}

/// The sanity filters for clock readings: drop all-zero messages, impossible values, readings
/// without a clock, and times that go up (except right after a SETNRUN, and on the side that
/// has just pressed its lever, where a Fischer or Bronstein increment lands).
#[derive(Debug, Clone, Default)]
pub struct ClockFilter {
    last: Option<ClockTimes>,
    /// Readings still allowed to go up after a SETNRUN: readings lag the display by up to a
    /// second, so the first ones after it may still show the old times.
    grace: u8,
}

impl ClockFilter {
    /// A SETNRUN went out: let the next few readings go up without being dropped.
    pub fn clock_was_set(&mut self) {
        self.grace = 3;
    }

    /// The reading if it passes the filters, or `None` to drop it.
    pub fn accept(&mut self, t: ClockTimes) -> Option<ClockTimes> {
        if t.all_zero || t.no_clock || !t.is_possible() {
            return None;
        }
        if let (Some(last), 0) = (self.last, self.grace) {
            let turn_changed = last.turn != t.turn;
            let up = |a: SideTime, b: SideTime, side: ClockSide| {
                b.time.total_seconds() > a.time.total_seconds()
                    && !(turn_changed && last.turn == Some(side))
            };
            if up(last.left, t.left, ClockSide::Left) || up(last.right, t.right, ClockSide::Right) {
                return None;
            }
        }
        self.grace = self.grace.saturating_sub(1);
        self.last = Some(t);
        Some(t)
    }
}

/// Sends clock commands one at a time: the next only after the previous one's ack, a resend
/// after [`ClockSender::RESEND_MS`] without one, and a give-up after three tries. Pure: the
/// caller passes the time in milliseconds and writes what comes out.
#[derive(Debug, Clone, Default)]
pub struct ClockSender {
    queue: VecDeque<ClockCommand>,
    in_flight: Option<(ClockCommand, u64, u8)>,
}

/// What the clock sender wants done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockSend {
    /// Send these bytes to the board now.
    Write(Vec<u8>),
    /// The clock never acknowledged this command.
    GaveUp(ClockCommand),
}

impl ClockSender {
    /// How long to wait for an ack before sending the command again.
    pub const RESEND_MS: u64 = 2000;
    /// How many times a command is sent before giving up on it.
    pub const TRIES: u8 = 3;

    /// Queues a command; it goes out when those before it are acknowledged or given up.
    pub fn push(&mut self, cmd: ClockCommand) {
        self.queue.push_back(cmd);
    }

    /// Nothing queued and nothing waiting for an ack.
    pub fn is_idle(&self) -> bool {
        self.queue.is_empty() && self.in_flight.is_none()
    }

    /// Call on every clock ack; returns whether it completed the command in flight.
    pub fn on_ack(&mut self, ack: ClockAck) -> bool {
        match self.in_flight {
            Some((cmd, _, _)) if ack.command() == Some(cmd.code()) => {
                self.in_flight = None;
                true
            }
            _ => false,
        }
    }

    /// What to do now.
    pub fn poll(&mut self, now_ms: u64) -> Option<ClockSend> {
        if let Some((cmd, sent, tries)) = self.in_flight {
            if now_ms.saturating_sub(sent) < Self::RESEND_MS {
                return None;
            }
            if tries >= Self::TRIES {
                self.in_flight = None;
                return Some(ClockSend::GaveUp(cmd));
            }
            self.in_flight = Some((cmd, now_ms, tries + 1));
            return Some(ClockSend::Write(encode(Command::Clock(cmd))));
        }
        let cmd = self.queue.pop_front()?;
        self.in_flight = Some((cmd, now_ms, 1));
        Some(ClockSend::Write(encode(Command::Clock(cmd))))
    }
}

// ---- The board's side, for the simulator and tests. ----

fn frame(id: u8, data: &[u8]) -> Vec<u8> {
    let len = data.len() + 3;
    let mut out = vec![id, (len >> 7) as u8 & 0x7F, len as u8 & 0x7F];
    out.extend(data.iter().map(|b| b & 0x7F));
    out
}

/// BOARD_DUMP for a reading (men the board cannot identify are sent as empty).
pub fn encode_board_dump(s: &Snapshot) -> Vec<u8> {
    let mut codes = [0u8; 64];
    for sq in Square::all() {
        codes[a8_index(sq) as usize] = match s.get(sq) {
            Sensed::Piece(p) => piece_code(Some(p)),
            _ => 0,
        };
    }
    frame(BOARD_DUMP, &codes)
}

/// FIELD_UPDATE for one square, as the board would send it.
pub fn encode_field_update(square: Square, piece: Option<Piece>) -> Vec<u8> {
    frame(FIELD_UPDATE, &[a8_index(square), piece_code(piece)])
}

/// VERSION as the board would send it.
pub fn encode_version(major: u8, minor: u8) -> Vec<u8> {
    frame(VERSION, &[major, minor])
}

/// SERIALNR as the board would send it.
pub fn encode_serial(digits: &str) -> Vec<u8> {
    frame(SERIALNR, digits.as_bytes())
}

fn to_bcd(v: u8) -> u8 {
    (v / 10) << 4 | (v % 10)
}

/// BWTIME carrying times.
pub fn encode_bwtime(t: &ClockTimes) -> Vec<u8> {
    let side = |s: &SideTime| {
        [
            (s.time.hours & 0x0F)
                | (s.flag_fallen as u8) << 4
                | (s.time_per_move as u8) << 5
                | (s.flag_shown as u8) << 6,
            to_bcd(s.time.minutes),
            to_bcd(s.time.seconds),
        ]
    };
    let mut d = Vec::with_capacity(7);
    d.extend(side(&t.right));
    d.extend(side(&t.left));
    d.push(
        t.running as u8
            | (t.lever_right_up as u8) << 1
            | (t.battery_low as u8) << 2
            | ((t.turn == Some(ClockSide::Right)) as u8) << 3
            | ((t.turn == Some(ClockSide::Left)) as u8) << 4
            | (t.no_clock as u8) << 5,
    );
    frame(BWTIME, &d)
}

/// BWTIME carrying an ack (the inverse of the rebuild in [`bwtime`]).
pub fn encode_ack(ack: ClockAck) -> Vec<u8> {
    let [a0, a1, a2, a3] = ack.0;
    let d0 = 0x0A | (a2 & 0x80) >> 3 | (a3 & 0x80) >> 2;
    let d3 = 0x0A | (a0 & 0x80) >> 3 | (a1 & 0x80) >> 2;
    frame(
        BWTIME,
        &[d0, a0 & 0x7F, a1 & 0x7F, d3, a2 & 0x7F, a3 & 0x7F, 0],
    )
}

/// Splits the host's byte stream into commands (the board side, for the simulator).
#[derive(Debug, Clone, Default)]
pub struct HostDecoder {
    buf: Vec<u8>,
}

impl HostDecoder {
    /// The complete commands in `bytes` (with anything left over kept for the next call).
    /// Unknown bytes are dropped, as a real board ignores them.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Command> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(&b) = self.buf.first() {
            let simple = match b {
                0x40 => Some(Command::Reset),
                0x41 => Some(Command::SendClock),
                0x42 => Some(Command::SendBoard),
                0x43 => Some(Command::Update),
                0x44 => Some(Command::UpdateBoard),
                0x4B => Some(Command::UpdateNice),
                0x45 => Some(Command::SerialNumber),
                0x55 => Some(Command::LongSerialNumber),
                0x4D => Some(Command::Version),
                0x4C => Some(Command::Battery),
                0x47 => Some(Command::Trademark),
                _ => None,
            };
            if let Some(c) = simple {
                out.push(c);
                self.buf.remove(0);
                continue;
            }
            if b != 0x2B {
                self.buf.remove(0);
                continue;
            }
            if self.buf.len() < 2 {
                break;
            }
            let len = self.buf[1] as usize;
            if self.buf.len() < 2 + len {
                break;
            }
            let body: Vec<u8> = self.buf.drain(..2 + len).skip(2).collect();
            if let Some(c) = parse_clock(&body) {
                out.push(Command::Clock(c));
            }
        }
        out
    }
}

fn parse_clock(body: &[u8]) -> Option<ClockCommand> {
    let [0x03, code, rest @ ..] = body else {
        return None;
    };
    let code = *code;
    let p = rest.strip_suffix(&[0])?;
    let hms = |s: &[u8]| Hms {
        hours: s[0],
        minutes: s[1],
        seconds: s[2],
    };
    Some(match (code, p.len()) {
        (0x0A, 7) => ClockCommand::SetAndRun {
            left: hms(&p[0..3]),
            right: hms(&p[3..6]),
            run: match p[6] & 3 {
                1 => Some(ClockSide::Left),
                2 => Some(ClockSide::Right),
                _ => None,
            },
        },
        (0x0C, 9) => ClockCommand::Ascii {
            text: p[..8].try_into().ok()?,
            beep: p[8],
        },
        (0x0B, 1) => ClockCommand::Beep { units: p[0] },
        (0x03, 0) => ClockCommand::End,
        (0x09, 0) => ClockCommand::Version,
        _ => return None,
    })
}
