//! A Chessnut Air / Pro's side of its USB HID reports, sans-IO: output reports from the host
//! in (the switch to real-time reports, the LED report), input reports out (the full reading
//! after each hand action, and again and again as the board repeats it).
//!
//! A Chessnut is no serial [`crate::board::codec::Protocol`], so it has its own emulator
//! beside [`super::Emulator`]; like that one it keeps the lights it was sent, read back into
//! squares, so tests can check what a player would see on the board. Written from the same
//! public protocol descriptions as the codec ([`crate::board::codec::chessnut`],
//! [`crate::board::leds`]), not checked against a board.

use super::human::Action;
use crate::board::codec::chessnut;
use crate::rules::{Bitboard, Board};

/// An emulated Chessnut board.
#[derive(Debug, Clone)]
pub struct Chessnut {
    board: Board,
    /// The host has asked for real-time reports (output report 0x21); until then the board
    /// sends no readings.
    realtime: bool,
    /// Host bytes not yet a whole output report (a pseudo-terminal standing in for the
    /// device keeps no report boundaries).
    pending: Vec<u8>,
    /// The squares the host lit last.
    lights: Bitboard,
    /// How many LED reports the host sent.
    led_reports: usize,
}

impl Chessnut {
    /// A board holding `board`, its lights dark, not yet switched to real-time reports.
    pub fn new(board: Board) -> Chessnut {
        Chessnut {
            board,
            realtime: false,
            pending: Vec::new(),
            lights: Bitboard::EMPTY,
            led_reports: 0,
        }
    }

    /// The men on the emulated board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the host has switched the board to real-time reports.
    pub fn realtime(&self) -> bool {
        self.realtime
    }

    /// Takes what the host wrote: the real-time request and LED reports. Bytes that begin no
    /// report this board knows are dropped one at a time until one begins.
    pub fn on_host_bytes(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        let realtime = chessnut::realtime_request();
        loop {
            match self.pending.first() {
                None => return,
                Some(0x21) if self.pending.len() < realtime.len() => return,
                Some(0x21) if self.pending.starts_with(&realtime) => {
                    self.pending.drain(..realtime.len());
                    self.realtime = true;
                }
                Some(0x0A) if self.pending.len() < 10 => return,
                Some(0x0A) => match crate::board::leds::chessnut_squares(&self.pending[..10]) {
                    Some(lit) => {
                        self.pending.drain(..10);
                        self.lights = lit;
                        self.led_reports += 1;
                    }
                    None => {
                        self.pending.remove(0);
                    }
                },
                Some(_) => {
                    self.pending.remove(0);
                }
            }
        }
    }

    /// The input report for what stands on the board now (nothing before the host asked
    /// for real-time reports).
    pub fn report(&self) -> Vec<u8> {
        if self.realtime {
            chessnut::encode_report(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Does a hand action and returns the report the board sends about it.
    pub fn act(&mut self, action: Action) -> Vec<u8> {
        super::human::apply(&mut self.board, action);
        self.report()
    }

    /// Do the board's lights show exactly `squares`?
    pub fn shows_lights(&self, squares: Bitboard) -> bool {
        self.lights == squares
    }

    /// The squares lit now.
    pub fn lights(&self) -> Bitboard {
        self.lights
    }

    /// How many LED reports the host sent so far.
    pub fn led_reports(&self) -> usize {
        self.led_reports
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::leds::{encode, LedBoard};
    use crate::rules::{Color, Role, Square};

    #[test]
    fn the_board_reads_its_lights_back_from_reports_split_and_joined() {
        let mut b = Chessnut::new(Board::new());
        assert!(b.act(Action::Lift(Square::E2)).is_empty(), "not yet asked");
        let squares: Bitboard = [Square::E7, Square::E5].into_iter().collect();
        let mut bytes = chessnut::realtime_request();
        bytes.extend(encode(LedBoard::Chessnut, squares));
        // Split across two writes, with a stray byte before.
        b.on_host_bytes(&[0x55]);
        b.on_host_bytes(&bytes[..7]);
        assert!(b.realtime() && b.shows_lights(Bitboard::EMPTY));
        b.on_host_bytes(&bytes[7..]);
        assert!(b.shows_lights(squares), "{:?}", b.lights());
        b.on_host_bytes(&encode(LedBoard::Chessnut, Bitboard::EMPTY));
        assert!(b.shows_lights(Bitboard::EMPTY));
        assert_eq!(b.led_reports(), 2);
        let report = b.act(Action::Place(Square::E4, Role::Pawn.of(Color::White)));
        let read = chessnut::decode_report(&report).unwrap().unwrap();
        assert_eq!(
            read.get(Square::E4),
            crate::board::sensor::Sensed::Piece(Role::Pawn.of(Color::White))
        );
        assert!(!read.get(Square::E2).is_occupied());
    }
}
