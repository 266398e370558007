//! ChessLink codec: golden vectors (parity, checksum), replies interleaved with automatic
//! reports, resynchronisation after garbage and truncation, random bytes.

use proptest::prelude::*;
use vichess::board::codec::chesslink::{self, Command, Reply};
use vichess::board::codec::{BoardCodec, BoardMessage, Protocol};
use vichess::board::{SensorEvent, Snapshot};
use vichess::rules::{Board, Square};

fn wire(ascii: &str) -> Vec<u8> {
    ascii.bytes().map(chesslink::with_odd_parity).collect()
}

fn decode(bytes: &[u8]) -> (Vec<Reply>, Vec<String>) {
    let mut d = chesslink::Decoder::new();
    d.feed(bytes);
    let (mut ok, mut err) = (Vec::new(), Vec::new());
    while let Some(r) = d.poll() {
        match r {
            Ok(r) => ok.push(r),
            Err(e) => err.push(e.to_string()),
        }
    }
    (ok, err)
}

const START: &str = "srnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR73";
const NO_E2: &str = "srnbqkbnrpppppppp................................PPPP.PPPRNBQKBNR0D";

#[test]
fn golden_version_command_is_v56_with_odd_parity() {
    assert_eq!(chesslink::encode(&Command::Version), [0xD6, 0xB5, 0xB6]);
    assert_eq!(chesslink::encode(&Command::Version), wire("V56"));
    assert_eq!(chesslink::encode(&Command::Status), wire("S53"));
    assert_eq!(chesslink::encode(&Command::LedsOff), wire("X58"));
    assert_eq!(
        chesslink::encode(&Command::WriteEeprom {
            address: 2,
            value: 3
        }),
        wire("W020356")
    );
    for b in chesslink::encode(&Command::Leds {
        slot_time: 5,
        pattern: [0xFF; 81],
    }) {
        assert_eq!(b.count_ones() % 2, 1, "every byte has odd parity");
    }
}

#[test]
fn golden_status_reports() {
    let (r, e) = decode(&wire(START));
    assert!(e.is_empty(), "{e:?}");
    assert_eq!(r, vec![Reply::Status(Snapshot::from_board(&Board::new()))]);
    let (r, _) = decode(&wire(NO_E2));
    let Reply::Status(s) = r[0] else { panic!() };
    assert_eq!(s.differences(&Board::new()), vec![Square::E2]);
    assert_eq!(
        chesslink::encode_reply(&Reply::Status(Snapshot::from_board(&Board::new()))),
        wire(START)
    );
}

#[test]
fn replies_are_matched_by_letter_between_automatic_reports() {
    let mut stream = wire(START);
    stream.extend(wire("v010671"));
    stream.extend(wire(NO_E2));
    stream.extend(wire("w020376"));
    stream.extend(wire("l6C"));
    stream.extend(wire("x78"));
    let (r, e) = decode(&stream);
    assert!(e.is_empty(), "{e:?}");
    assert_eq!(r.len(), 6);
    assert_eq!(r[1], Reply::Version { major: 1, minor: 6 });
    assert_eq!(
        r[3],
        Reply::Eeprom {
            write: true,
            address: 2,
            value: 3
        }
    );
    assert_eq!(r[4], Reply::LedsDone);
    assert_eq!(r[5], Reply::LedsOff);
}

#[test]
fn a_bad_checksum_is_reported_and_the_next_report_still_read() {
    let mut bad = START.to_owned();
    bad.replace_range(65..67, "74");
    let mut stream = wire(&bad);
    stream.extend(wire(NO_E2));
    let (r, e) = decode(&stream);
    assert_eq!(e, vec!["ChessLink data garbled at byte 0: reply 's' has checksum 74 but its contents add up to 73"]);
    assert_eq!(r.len(), 1);
}

#[test]
fn parity_errors_are_caught() {
    let mut stream = wire("v010671");
    stream[3] ^= 0x80;
    let (r, e) = decode(&stream);
    assert!(r.is_empty());
    assert!(e[0].contains("parity error in character 4"), "{e:?}");
}

#[test]
fn replies_without_any_parity_bit_are_accepted_when_their_checksum_is_right() {
    let plain: Vec<u8> = START.bytes().collect();
    let (r, e) = decode(&plain);
    assert!(e.is_empty(), "{e:?}");
    assert_eq!(r, vec![Reply::Status(Snapshot::from_board(&Board::new()))]);
    // One character with parity and one without in the same reply is noise, not a style.
    let mut mixed = wire("v010671");
    mixed[3] ^= 0x80;
    mixed[1] |= 0x80;
    assert!(decode(&mixed).0.is_empty());
}

#[test]
fn a_one_digit_checksum_is_read_when_the_next_character_cannot_be_a_digit() {
    // An EEPROM write echo whose checksum is 06.
    let body = "w0A00";
    let cs = chesslink::checksum(body.as_bytes());
    assert!(cs < 0x10, "{cs:02X}");
    let short = format!("{body}{cs:X}");
    let mut stream = wire(&short);
    // Alone, it might still be waiting for its second digit.
    assert!(decode(&stream).0.is_empty());
    stream.extend(wire("v010671"));
    let (r, e) = decode(&stream);
    assert!(e.is_empty(), "{e:?}");
    assert_eq!(
        r,
        vec![
            Reply::Eeprom {
                write: true,
                address: 10,
                value: 0
            },
            Reply::Version { major: 1, minor: 6 }
        ]
    );
}

#[test]
fn a_reset_answered_with_t_is_not_garbage() {
    let t = chesslink::checksum(b"t");
    let (r, e) = decode(&wire(&format!("t{t:02X}")));
    assert!(e.is_empty(), "{e:?}");
    assert_eq!(r, vec![Reply::ResetDone]);
}

#[test]
fn a_truncated_report_loses_only_itself() {
    let mut stream = wire(&START[..30]);
    stream.extend(wire("junk\r\n"));
    stream.extend(wire(NO_E2));
    stream.extend(wire("v010671"));
    let (r, e) = decode(&stream);
    assert_eq!(r.len(), 2, "{r:?} {e:?}");
    assert!(matches!(r[0], Reply::Status(_)));
    assert_eq!(r[1], Reply::Version { major: 1, minor: 6 });
    assert!(!e.is_empty());
}

#[test]
fn a_wrong_letter_in_a_report_is_named() {
    let mut bad = START.to_owned();
    bad.replace_range(20..21, "Z");
    // Fix the checksum so only the letter is wrong.
    let cs = chesslink::checksum(&bad.as_bytes()[..65]);
    bad.replace_range(65..67, &format!("{cs:02X}"));
    let (_, e) = decode(&wire(&bad));
    assert!(
        e[0].contains("'Z' (0x5A) on d6, not a piece letter"),
        "{e:?}"
    );
}

#[test]
fn the_host_side_reads_commands_back() {
    let mut h = chesslink::HostDecoder::default();
    let mut all = chesslink::encode(&Command::Status);
    all.extend(chesslink::encode(&Command::Leds {
        slot_time: 1,
        pattern: [7; 81],
    }));
    all.extend(chesslink::encode(&Command::ReadEeprom { address: 2 }));
    assert_eq!(
        h.feed(&all),
        vec![
            Command::Status,
            Command::Leds {
                slot_time: 1,
                pattern: [7; 81]
            },
            Command::ReadEeprom { address: 2 }
        ]
    );
}

#[test]
fn the_board_codec_gives_snapshots() {
    let mut c = BoardCodec::new(Protocol::ChessLink);
    c.feed(&wire(START));
    assert_eq!(
        c.drain(),
        vec![BoardMessage::Sensor(SensorEvent::Snapshot(
            Snapshot::from_board(&Board::new())
        ))]
    );
}

fn reply() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(wire(START)),
        Just(wire(NO_E2)),
        (any::<u8>(), any::<u8>())
            .prop_map(|(a, b)| chesslink::encode_reply(&Reply::Version { major: a, minor: b })),
        Just(wire("l6C")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut c = BoardCodec::new(Protocol::ChessLink);
        for chunk in bytes.chunks(5) {
            c.feed(chunk);
            c.drain();
        }
        prop_assert_eq!(c.stats().bytes, bytes.len() as u64);
    }

    /// Noise made of characters that start no reply changes nothing between replies.
    #[test]
    fn noise_between_replies_changes_nothing(
        replies in proptest::collection::vec(reply(), 1..8),
        noise in proptest::collection::vec("[ABCDEFGHIJKMNOPQRTUVWXYZ0-9\r\n]{0,5}", 8),
    ) {
        let mut clean = Vec::new();
        let mut noisy = Vec::new();
        for (r, n) in replies.iter().zip(&noise) {
            clean.extend(r);
            noisy.extend(wire(n));
            noisy.extend(r);
        }
        let (a, _) = decode(&clean);
        let (b, eb) = decode(&noisy);
        prop_assert_eq!(a.len(), replies.len());
        prop_assert_eq!(a, b);
        prop_assert!(eb.is_empty());
    }
}
