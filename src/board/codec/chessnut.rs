//! Chessnut Air / Pro over USB HID, sans-IO: input reports in, full readings out.
//!
//! The board (USB vendor 0x2D80) talks HID, not serial, so it is no [`super::Protocol`] of the
//! serial link: a HID adapter feeds its input reports here and passes the readings to the
//! tracker. Facts, from public decoders (not yet checked against a board): the host switches
//! the board to real-time reports with output report 0x21 carrying `01 00`; input report 0x01
//! carries `0x24` and then 32 bytes, two squares per byte, rank 8 first, and in each byte the
//! low nibble is the square on the h side (h, f, d, b) and the high nibble its neighbour
//! towards a; nibble codes 0 empty, 1-5 black q k b p n, 6 white rook, 7 white pawn, 8 black
//! rook, 9-12 white b n q k. Other report ids (battery, key presses) are ignored.
//!
//! Behind the `hidraw` feature, `board::link::hid` reads a Linux `/dev/hidrawN` device and
//! feeds this codec; `vichess play --board chessnut` uses it. BLE (Chessnut's other link)
//! would feed the same reports from a GATT notification; no BLE stack can be tested here, so
//! there is none.

use crate::board::sensor::{Sensed, Snapshot};
use crate::rules::{Board, Color, File, Piece, Rank, Role, Square};

/// Chessnut's USB vendor id.
pub const VENDOR_ID: u16 = 0x2D80;

/// The output report (id first) that switches the board to real-time reports.
pub fn realtime_request() -> Vec<u8> {
    vec![0x21, 0x01, 0x00]
}

const PIECES: [Option<(Color, Role)>; 13] = [
    None,
    Some((Color::Black, Role::Queen)),
    Some((Color::Black, Role::King)),
    Some((Color::Black, Role::Bishop)),
    Some((Color::Black, Role::Pawn)),
    Some((Color::Black, Role::Knight)),
    Some((Color::White, Role::Rook)),
    Some((Color::White, Role::Pawn)),
    Some((Color::Black, Role::Rook)),
    Some((Color::White, Role::Bishop)),
    Some((Color::White, Role::Knight)),
    Some((Color::White, Role::Queen)),
    Some((Color::White, Role::King)),
];

/// The square of nibble `k` (0-63) of the board bytes.
fn square_of(k: usize) -> Square {
    let (byte, high) = (k / 2, k % 2 == 1);
    let rank = 7 - byte / 4;
    let file = 7 - (byte % 4) * 2 - usize::from(high);
    Square::from_coords(
        File::new(file as u8).expect("8 files"),
        Rank::new(rank as u8).expect("8 ranks"),
    )
}

/// Reads one input report (report id first). `Ok(None)`: a report that is not the board.
pub fn decode_report(report: &[u8]) -> Result<Option<Snapshot>, String> {
    match report {
        [0x01, 0x24, board @ ..] if board.len() >= 32 => {
            let mut s = Snapshot::default();
            for k in 0..64 {
                let b = board[k / 2];
                let code = if k % 2 == 0 { b & 0x0F } else { b >> 4 };
                let sensed = match PIECES.get(usize::from(code)) {
                    Some(None) => Sensed::Empty,
                    Some(Some((c, r))) => Sensed::Piece(r.of(*c)),
                    None => {
                        return Err(format!(
                            "Chessnut report has code {code} on {}, not a piece",
                            square_of(k)
                        ))
                    }
                };
                s.set(square_of(k), sensed);
            }
            Ok(Some(s))
        }
        [0x01, ..] => Err(format!(
            "Chessnut board report of {} bytes is too short or has no 0x24 mark",
            report.len()
        )),
        _ => Ok(None),
    }
}

/// The report a board would send for these men (for tests and simulators).
pub fn encode_report(board: &Board) -> Vec<u8> {
    let mut out = vec![0x01, 0x24];
    out.extend([0u8; 32]);
    for k in 0..64 {
        let code = board.piece_at(square_of(k)).map_or(0, |p: Piece| {
            PIECES
                .iter()
                .position(|x| *x == Some((p.color, p.role)))
                .expect("every man has a code") as u8
        });
        out[2 + k / 2] |= if k % 2 == 0 { code } else { code << 4 };
    }
    out.extend([0u8; 4]); // the board's own time stamp, unused
    out
}

/// Turns the stream of reports into readings worth passing on: the board repeats its reading,
/// and only a change is news.
///
/// A report has no checksum, and a misread RFID tag looks exactly like a bit flipped on the
/// way: one report can show a knight where a queen stands, and a knight may well have been
/// captured earlier, so counting men does not catch it. A reading that shows a man on a
/// square where the last reading passed on did not show that man (a placement, a promotion
/// piece, a capture) could decide another legal move, so it is passed on only once the next
/// report shows the same (the board repeats its reading several times a second; the cost is
/// one report period on each placement). A reading where men only leave squares is passed on
/// at once: a lift is a touch, and nothing is decided on it.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    last: Option<Snapshot>,
    /// A reading with a man newly shown on some square, waiting for the next report.
    held: Option<Snapshot>,
}

impl Decoder {
    /// A decoder that has seen no report yet.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// One input report: the reading when it is new (and, if it shows a man placed, confirmed
    /// by a second report), `Ok(None)` otherwise.
    pub fn feed(&mut self, report: &[u8]) -> Result<Option<Snapshot>, String> {
        let Some(s) = decode_report(report)? else {
            return Ok(None);
        };
        if self.last == Some(s) {
            self.held = None;
            return Ok(None);
        }
        let confirmed = self.held == Some(s);
        match self.last {
            Some(last) if !confirmed && placed(&last, &s) => {
                self.held = Some(s);
                Ok(None)
            }
            _ => {
                self.held = None;
                self.last = Some(s);
                Ok(Some(s))
            }
        }
    }
}

/// Does `after` show a man on some square where `before` showed none, or another man?
fn placed(before: &Snapshot, after: &Snapshot) -> bool {
    Square::all().any(|sq| after.get(sq).is_occupied() && after.get(sq) != before.get(sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_round_trips_and_h8_is_the_first_low_nibble() {
        let r = encode_report(&Board::new());
        assert_eq!(r[2] & 0x0F, 8, "h8: a black rook");
        assert_eq!(r[2] >> 4, 5, "g8: a black knight");
        let s = decode_report(&r).unwrap().unwrap();
        assert_eq!(s, Snapshot::from_board(&Board::new()));
        assert_eq!(decode_report(&[0x2A, 1, 2]), Ok(None));
        assert!(decode_report(&[0x01, 0x24, 0xFF]).is_err());
    }

    #[test]
    fn a_man_that_appears_waits_for_the_next_report() {
        let mut d = Decoder::new();
        let start = Board::new();
        assert!(d.feed(&encode_report(&start)).unwrap().is_some());
        let mut moved = start;
        let pawn = moved.remove_piece_at(Square::E2).unwrap();
        assert!(
            d.feed(&encode_report(&moved)).unwrap().is_some(),
            "a lift at once"
        );
        moved.set_piece_at(Square::E4, pawn);
        assert_eq!(
            d.feed(&encode_report(&moved)),
            Ok(None),
            "a placement waits"
        );
        assert!(
            d.feed(&encode_report(&moved)).unwrap().is_some(),
            "then it is news"
        );
        let mut misread = moved;
        misread.set_piece_at(Square::E4, Role::Queen.of(Color::White));
        assert_eq!(d.feed(&encode_report(&misread)), Ok(None), "held");
        assert_eq!(
            d.feed(&encode_report(&moved)),
            Ok(None),
            "the misread was news"
        );
        assert!(d.feed(&encode_report(&misread)).unwrap().is_none());
        assert!(
            d.feed(&encode_report(&misread)).unwrap().is_some(),
            "confirmed"
        );
    }
}
