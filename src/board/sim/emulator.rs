//! A board's side of each protocol, sans-IO: host bytes in, replies out; hand actions in,
//! sensor traffic out. The simulator and the end-to-end tests run real vichess links against
//! these, so they answer the same handshake and watchdog requests a real board does.

use super::human::Action;
use crate::board::codec::{certabo, chesslink, dgt, pegboard, Protocol};
use crate::board::sensor::{Sensed, Snapshot};
use crate::rules::{Board, Piece, Square};

/// An emulated board.
#[derive(Debug, Clone)]
pub struct Emulator {
    protocol: Protocol,
    board: Board,
    /// Pegboard only: whether the sensors tell colours.
    colour: bool,
    dgt_host: dgt::HostDecoder,
    dgt_updates: bool,
    cl_host: chesslink::HostDecoder,
    cl_auto: bool,
    peg_host: pegboard::HostDecoder,
    seq: u8,
    /// DGT clock times to report (left, right), when a clock is "connected".
    clock: Option<dgt::ClockTimes>,
    /// The board is turned round: it reports every square as its 180-degree opposite.
    rotated: bool,
    /// ChessLink as some boards and emulators in the field speak it: no parity bits, a
    /// checksum below 0x10 as one digit, and a `t` answer to the reset command.
    quirks: bool,
    /// The squares the host lit last (Certabo), in the board's own numbering.
    lights: crate::rules::Bitboard,
    /// The corner LEDs the host lit last (ChessLink).
    led_pattern: [u8; 81],
    /// Bytes of a Certabo LED frame not yet complete.
    certabo_leds: Vec<u8>,
    /// The buzz patterns the host sent a pegboard, in order.
    buzzes: Vec<Vec<u16>>,
    /// Every clock command the host sent through a DGT board, in order (resends included).
    clock_commands: Vec<dgt::ClockCommand>,
    /// Fault: this many clock commands are carried out but not acknowledged.
    drop_acks: u32,
    /// The text a DGT 3000 shows instead of the times, until `End` or set-and-run.
    clock_text: Option<String>,
}

impl Emulator {
    /// A board holding `board`, speaking `protocol`, upright, with no clock and occupancy-only pegboard sensors.
    pub fn new(protocol: Protocol, board: Board) -> Emulator {
        Emulator {
            protocol,
            board,
            colour: false,
            dgt_host: Default::default(),
            dgt_updates: false,
            cl_host: Default::default(),
            cl_auto: false,
            peg_host: Default::default(),
            seq: 0,
            clock: None,
            rotated: false,
            quirks: false,
            lights: crate::rules::Bitboard::EMPTY,
            led_pattern: [0; 81],
            certabo_leds: Vec::new(),
            buzzes: Vec::new(),
            clock_commands: Vec::new(),
            drop_acks: 0,
            clock_text: None,
        }
    }

    /// A ChessLink board that speaks the protocol loosely (see the `quirks` field).
    pub fn with_quirks(mut self, quirks: bool) -> Emulator {
        self.quirks = quirks;
        self
    }

    fn chesslink_reply(&self, r: &chesslink::Reply) -> Vec<u8> {
        let mut bytes = chesslink::encode_reply(r);
        if self.quirks {
            for b in &mut bytes {
                *b &= 0x7F;
            }
            let n = bytes.len();
            if bytes[n - 2] == b'0' {
                bytes.remove(n - 2);
            }
        }
        bytes
    }

    /// A board turned round (cable on the other side): every square reads rotated.
    pub fn with_rotation(mut self, rotated: bool) -> Emulator {
        self.rotated = rotated;
        self
    }

    /// A pegboard whose sensors tell white from black (Hall sensors and two magnet polarities).
    pub fn with_colour(mut self, colour: bool) -> Emulator {
        self.colour = colour;
        self
    }

    /// A DGT clock attached to the board, reporting these times.
    pub fn with_clock(mut self, clock: dgt::ClockTimes) -> Emulator {
        self.clock = Some(clock);
        self
    }

    /// The protocol the emulated board speaks.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The men on the emulated board now, after every hand action so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// What the sensors read now, in the board's own numbering.
    pub fn reading(&self) -> Snapshot {
        let s = self.true_reading();
        if self.rotated {
            s.rotated()
        } else {
            s
        }
    }

    fn true_reading(&self) -> Snapshot {
        match self.protocol {
            Protocol::Dgt | Protocol::ChessLink | Protocol::Certabo => {
                Snapshot::from_board(&self.board)
            }
            Protocol::Pegboard => {
                let mut s = Snapshot::default();
                for (sq, p) in self.board.pieces() {
                    s.set(sq, self.peg_sensed(p));
                }
                s
            }
        }
    }

    fn peg_sensed(&self, p: Piece) -> Sensed {
        Sensed::Occupied {
            color: self.colour.then_some(p.color),
        }
    }

    fn next_seq(&mut self) -> u8 {
        let s = self.seq;
        self.seq = self.seq.wrapping_add(1);
        s
    }

    fn peg(&mut self, e: pegboard::Event) -> Vec<u8> {
        let seq = self.next_seq();
        pegboard::encode_board(seq, &e)
    }

    /// Replies to whatever the host sent.
    pub fn on_host_bytes(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        match self.protocol {
            // A Certabo board streams its readings; what it takes is 8-byte LED frames.
            Protocol::Certabo => {
                self.certabo_leds.extend_from_slice(bytes);
                while self.certabo_leds.len() >= 8 {
                    let frame: Vec<u8> = self.certabo_leds.drain(..8).collect();
                    let frame: [u8; 8] = frame.try_into().expect("8 bytes");
                    self.lights = crate::board::leds::certabo_squares(&frame);
                }
            }
            Protocol::Dgt => {
                for cmd in self.dgt_host.feed(bytes) {
                    use dgt::Command as C;
                    match cmd {
                        C::Reset => self.dgt_updates = false,
                        C::SendBoard => out.extend(dgt::encode_board_dump(&self.reading())),
                        C::Update | C::UpdateBoard | C::UpdateNice => self.dgt_updates = true,
                        C::Version => out.extend(dgt::encode_version(3, 1)),
                        C::SerialNumber => out.extend(dgt::encode_serial("12345")),
                        C::SendClock => {
                            let t = self.clock.unwrap_or(dgt::ClockTimes {
                                no_clock: true,
                                ..Default::default()
                            });
                            out.extend(dgt::encode_bwtime(&t));
                        }
                        // An unplugged clock neither obeys nor acknowledges.
                        C::Clock(_) if self.clock.is_none() => {}
                        C::Clock(c) => {
                            self.clock_commands.push(c);
                            match c {
                                dgt::ClockCommand::SetAndRun { left, right, run } => {
                                    let mut t = self.clock.unwrap_or_default();
                                    t.left.time = left;
                                    t.right.time = right;
                                    t.turn = run;
                                    t.running = run.is_some();
                                    self.clock = Some(t);
                                    self.clock_text = None;
                                }
                                dgt::ClockCommand::Ascii { text, .. } => {
                                    let text = String::from_utf8_lossy(&text);
                                    self.clock_text = Some(text.trim_end().to_string());
                                }
                                dgt::ClockCommand::End => self.clock_text = None,
                                dgt::ClockCommand::Beep { .. } | dgt::ClockCommand::Version => {}
                            }
                            if self.drop_acks > 0 {
                                self.drop_acks -= 1;
                            } else {
                                out.extend(dgt::encode_ack(dgt::ClockAck([0x10, c.code(), 0, 0])));
                            }
                        }
                        C::LongSerialNumber | C::Battery | C::Trademark => {}
                    }
                }
            }
            Protocol::ChessLink => {
                for cmd in self.cl_host.feed(bytes) {
                    use chesslink::{Command as C, Reply as R};
                    let reply = match cmd {
                        C::Status => Some(R::Status(self.reading())),
                        C::Leds { pattern, .. } => {
                            self.led_pattern = pattern;
                            Some(R::LedsDone)
                        }
                        C::LedsOff => {
                            self.led_pattern = [0; 81];
                            Some(R::LedsOff)
                        }
                        C::Reset => self.quirks.then_some(R::ResetDone),
                        C::Version => Some(R::Version { major: 1, minor: 6 }),
                        C::WriteEeprom { address, value } => {
                            if address == 2 {
                                self.cl_auto = value != 0xFF;
                            }
                            Some(R::Eeprom {
                                write: true,
                                address,
                                value,
                            })
                        }
                        C::ReadEeprom { address } => Some(R::Eeprom {
                            write: false,
                            address,
                            value: 0,
                        }),
                    };
                    if let Some(r) = reply {
                        out.extend(self.chesslink_reply(&r));
                    }
                }
            }
            Protocol::Pegboard => {
                for cmd in self.peg_host.feed(bytes) {
                    let e = match cmd {
                        pegboard::HostCommand::Buzz(ms) => {
                            self.buzzes.push(ms);
                            continue;
                        }
                        pegboard::HostCommand::Hello => pegboard::Event::Hello {
                            version: pegboard::VERSION,
                            name: "vichess simulator".into(),
                            colour: self.colour,
                        },
                        pegboard::HostCommand::Snapshot => {
                            pegboard::Event::Snapshot(self.reading())
                        }
                        pegboard::HostCommand::Ping => pegboard::Event::Heartbeat,
                    };
                    out.extend(self.peg(e));
                }
            }
        }
        out
    }

    /// Does a hand action and returns what the board sends about it.
    pub fn act(&mut self, action: Action) -> Vec<u8> {
        let (square, piece) = match action {
            Action::Lift(sq) => {
                if self.board.remove_piece_at(sq).is_none() {
                    return Vec::new();
                }
                (sq, None)
            }
            Action::Place(sq, p) => {
                if self.board.piece_at(sq).is_some() {
                    return Vec::new();
                }
                self.board.set_piece_at(sq, p);
                (sq, Some(p))
            }
        };
        self.report(square, piece)
    }

    fn report(&mut self, square: Square, piece: Option<Piece>) -> Vec<u8> {
        let square = if self.rotated {
            square.rotate()
        } else {
            square
        };
        match self.protocol {
            // (An emulated Certabo board is never turned round.)
            Protocol::Certabo => certabo::encode_frame(&self.board),
            Protocol::Dgt if self.dgt_updates => dgt::encode_field_update(square, piece),
            Protocol::Dgt => Vec::new(),
            Protocol::ChessLink if self.cl_auto => {
                self.chesslink_reply(&chesslink::Reply::Status(self.reading()))
            }
            Protocol::ChessLink => Vec::new(),
            Protocol::Pegboard => {
                let e = match piece {
                    None => pegboard::Event::Lifted(square),
                    Some(p) => pegboard::Event::Placed {
                        square,
                        color: self.colour.then_some(p.color),
                    },
                };
                self.peg(e)
            }
        }
    }

    /// How often the board sends something unasked ([`Emulator::unasked`]): a Certabo board
    /// streams its readings several times a second, the others talk once a second.
    pub fn unasked_every(&self) -> std::time::Duration {
        match self.protocol {
            Protocol::Certabo => std::time::Duration::from_millis(200),
            _ => std::time::Duration::from_secs(1),
        }
    }

    /// What the board sends unasked every [`Emulator::unasked_every`]: the pegboard heartbeat,
    /// the DGT clock, a Certabo reading.
    pub fn unasked(&mut self) -> Vec<u8> {
        match self.protocol {
            Protocol::Pegboard => self.peg(pegboard::Event::Heartbeat),
            Protocol::Certabo => certabo::encode_frame(&self.board),
            Protocol::Dgt if self.dgt_updates => match self.clock {
                Some(t) => dgt::encode_bwtime(&t),
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// The buzz patterns a pegboard was sent, in order (on, off, on, … in milliseconds).
    pub fn buzzes(&self) -> &[Vec<u16>] {
        &self.buzzes
    }

    /// Do the board's lights show exactly `squares` (in the board's own numbering)? A
    /// ChessLink board lights corners, so its pattern is compared, not read back.
    pub fn shows_lights(&self, squares: crate::rules::Bitboard) -> bool {
        match self.protocol {
            Protocol::ChessLink => {
                self.led_pattern == crate::board::leds::chesslink_pattern(squares)
            }
            Protocol::Certabo => self.lights == squares,
            _ => squares.is_empty(),
        }
    }

    /// Sets the DGT clock's reading (the simulated clock ticking).
    pub fn set_clock(&mut self, t: dgt::ClockTimes) {
        self.clock = Some(t);
    }

    /// The DGT clock is pulled out of the board: no more readings, no acknowledgements, and
    /// asked for its times the board says it has no clock.
    pub fn unplug_clock(&mut self) {
        self.clock = None;
    }

    /// Fault: the next `n` clock commands are carried out but their acknowledgements lost.
    pub fn drop_clock_acks(&mut self, n: u32) {
        self.drop_acks = n;
    }

    /// Every clock command the host sent, in order, resends included.
    pub fn clock_commands(&self) -> &[dgt::ClockCommand] {
        &self.clock_commands
    }

    /// What the DGT clock's display shows: its times and running side (`None`: no clock),
    /// and the text it shows instead of them, if any.
    pub fn clock_display(&self) -> (Option<dgt::ClockTimes>, Option<&str>) {
        (self.clock, self.clock_text.as_deref())
    }
}
