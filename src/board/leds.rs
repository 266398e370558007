//! Board lights, sans-IO: which squares to light in, the bytes a board with LEDs takes out,
//! and back (for the emulators, which record what they were sent so tests can check it).
//!
//! What is lit is decided by the tracker ([`crate::board::tracker::Tracker::squares_to_show`]):
//! the from- and to-squares of the opponent's move to copy, the squares of a mismatch to fix,
//! nothing once the board agrees. This module only encodes it.
//!
//! Facts, from the public protocol descriptions and drivers (not yet checked against every
//! board): ChessLink's `L` command takes a slot time and 81 pattern bytes, one per corner LED
//! of the 9 × 9 grid, row 0 along the 8th rank's edge and column 0 along the a-file's, each
//! byte's bits being the slots of the blink cycle in which the LED is lit; a square is shown by
//! its four corners. A Certabo board takes 8 bytes, one per rank from the 8th, bit 0 the a-file.
//! A Chessnut Air / Pro takes output report 0x0A with length 0x08 and 8 bytes, one per rank
//! from the 8th, bit 7 the a-file.

use crate::board::codec::chesslink;
use crate::rules::{Bitboard, Square};

/// A board that has lights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LedBoard {
    /// Millennium ChessLink / eONE: 81 corner LEDs.
    ChessLink,
    /// Certabo: one LED per square.
    Certabo,
    /// Chessnut Air / Pro: one LED per square, over USB HID.
    Chessnut,
}

/// ChessLink's slot time for steady lights (every slot lit, so the value only sets the rate).
const SLOT_TIME: u8 = 0x10;

/// The corner LEDs (row, column) of a square on ChessLink's 9 × 9 grid.
fn corners(sq: Square) -> [usize; 4] {
    let i = usize::from(crate::board::codec::a8_index(sq));
    let (row, col) = (i / 8, i % 8);
    [
        row * 9 + col,
        row * 9 + col + 1,
        (row + 1) * 9 + col,
        (row + 1) * 9 + col + 1,
    ]
}

/// The bytes that show `squares` on `board` (none lit: the lights out).
pub fn encode(board: LedBoard, squares: Bitboard) -> Vec<u8> {
    match board {
        LedBoard::ChessLink if !squares.any() => chesslink::encode(&chesslink::Command::LedsOff),
        LedBoard::ChessLink => chesslink::encode(&chesslink::Command::Leds {
            slot_time: SLOT_TIME,
            pattern: chesslink_pattern(squares),
        }),
        LedBoard::Certabo => ranks(squares, |file| 1 << file).to_vec(),
        LedBoard::Chessnut => {
            let mut out = vec![0x0A, 0x08];
            out.extend(ranks(squares, |file| 0x80 >> file));
            out
        }
    }
}

/// One byte per rank, the 8th first, with `bit(file)` set for each lit square.
fn ranks(squares: Bitboard, bit: impl Fn(u8) -> u8) -> [u8; 8] {
    let mut out = [0u8; 8];
    for sq in squares {
        out[7 - usize::from(sq.rank().index())] |= bit(sq.file().index());
    }
    out
}

/// The corner LEDs that show `squares` on a ChessLink board. Squares share corners, so a
/// pattern cannot always be read back into squares (e7 and e5 lit also light e6's four
/// corners): compare patterns, not squares.
pub fn chesslink_pattern(squares: Bitboard) -> [u8; 81] {
    let mut pattern = [0u8; 81];
    for sq in squares {
        for c in corners(sq) {
            pattern[c] = 0xFF;
        }
    }
    pattern
}

/// The squares a Certabo LED frame (8 bytes) lights.
pub fn certabo_squares(frame: &[u8; 8]) -> Bitboard {
    Square::all()
        .filter(|sq| frame[7 - usize::from(sq.rank().index())] & (1 << sq.file().index()) != 0)
        .collect()
}

/// The squares a Chessnut LED output report (`0x0A 0x08` and 8 bytes) lights; `None` for
/// any other report.
pub fn chessnut_squares(report: &[u8]) -> Option<Bitboard> {
    let [0x0A, 0x08, ranks @ ..] = report else {
        return None;
    };
    let ranks: &[u8; 8] = ranks.try_into().ok()?;
    Some(
        Square::all()
            .filter(|sq| {
                ranks[7 - usize::from(sq.rank().index())] & (0x80 >> sq.file().index()) != 0
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::codec::chessnut;

    #[test]
    fn lights_round_trip_through_each_board() {
        let squares: Bitboard = [Square::E7, Square::E5, Square::A1, Square::H8]
            .into_iter()
            .collect();
        let cl = encode(LedBoard::ChessLink, squares);
        let mut dec = chesslink::HostDecoder::default();
        let cmds = dec.feed(&cl);
        match &cmds[..] {
            [chesslink::Command::Leds { pattern, .. }] => {
                assert_eq!(*pattern, chesslink_pattern(squares));
                let lit = pattern.iter().filter(|&&b| b != 0).count();
                assert_eq!(lit, 16, "four corners each; none of the four squares touch");
            }
            other => panic!("{other:?}"),
        }
        let ce = encode(LedBoard::Certabo, squares);
        assert_eq!(ce.len(), 8);
        assert_eq!(ce[0], 0x80, "h8 on the 8th rank, bit 7");
        assert_eq!(certabo_squares(&ce.try_into().unwrap()), squares);
        let cn = encode(LedBoard::Chessnut, squares);
        assert_eq!(cn[..2], [0x0A, 0x08]);
        assert_eq!(cn[2], 0x01, "h8: bit 0 of the 8th rank's byte");
        assert_eq!(cn[9], 0x80, "a1: bit 7 of the 1st rank's byte");
        assert_eq!(chessnut_squares(&cn), Some(squares));
        assert_eq!(chessnut_squares(&cn[..9]), None, "a report cut short");
        assert_eq!(chessnut_squares(&chessnut::realtime_request()), None);
        assert_eq!(
            encode(LedBoard::ChessLink, Bitboard::EMPTY),
            chesslink::encode(&chesslink::Command::LedsOff)
        );
    }
}
