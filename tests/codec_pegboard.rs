//! Pegboard codec: the golden lines of docs/pegboard-protocol.md, round trips, lost lines,
//! garbage, truncation, random bytes.

use proptest::prelude::*;
use vichess::board::codec::pegboard::{self, BoardLine, Event, HostCommand};
use vichess::board::codec::{BoardCodec, BoardMessage, Protocol};
use vichess::board::{Sensed, SensorEvent, Snapshot};
use vichess::rules::{Board, Color, Square};

fn decode(bytes: &[u8]) -> (Vec<BoardLine>, Vec<String>) {
    let mut d = pegboard::Decoder::new();
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

/// The examples printed in docs/pegboard-protocol.md, byte for byte.
const DOC_EXAMPLE: &str = "$H,0,1,O,reed board*4A\r\n\
$S,1,oooooooo/oooooooo/......../......../......../......../oooooooo/oooooooo*4D\r\n\
$L,2,e2*29\r\n\
$P,3,e4*32\r\n\
$P,4,e4,w*6E\r\n\
$B,5*5B\r\n\
$E,6,1,sensor e2 stuck*55\r\n";

#[test]
fn golden_host_commands() {
    assert_eq!(pegboard::encode_host(HostCommand::Hello), b"$h*68\n");
    assert_eq!(pegboard::encode_host(HostCommand::Snapshot), b"$s*73\n");
    assert_eq!(pegboard::encode_host(HostCommand::Ping), b"$p*70\n");
    let mut h = pegboard::HostDecoder::default();
    assert_eq!(
        h.feed(b"$h*68\r\n$x*00\n$s*73\n$s*74\n$p*70\n"),
        vec![HostCommand::Hello, HostCommand::Snapshot, HostCommand::Ping]
    );
}

#[test]
fn golden_board_lines_from_the_specification() {
    let (lines, errs) = decode(DOC_EXAMPLE.as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    let events: Vec<Event> = lines.iter().map(|l| l.event.clone()).collect();
    assert_eq!(
        events,
        vec![
            Event::Hello {
                version: 1,
                name: "reed board".into(),
                colour: false
            },
            Event::Snapshot(Snapshot::occupancy_of(&Board::new())),
            Event::Lifted(Square::E2),
            Event::Placed {
                square: Square::E4,
                color: None
            },
            Event::Placed {
                square: Square::E4,
                color: Some(Color::White)
            },
            Event::Heartbeat,
            Event::Error {
                code: 1,
                text: "sensor e2 stuck".into()
            },
        ]
    );
    assert_eq!(
        lines.iter().map(|l| l.seq).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 5, 6]
    );
    // Our encoder writes the same lines (with \n only).
    let ours: Vec<u8> = lines
        .iter()
        .flat_map(|l| pegboard::encode_board(l.seq, &l.event))
        .collect();
    assert_eq!(
        String::from_utf8(ours).unwrap(),
        DOC_EXAMPLE.replace("\r\n", "\n")
    );
}

/// Every line printed in the specification has a correct checksum, and every board line in it
/// decodes: the page and the code cannot drift apart.
#[test]
fn every_example_in_the_specification_is_valid() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/pegboard-protocol.md"
    ))
    .expect("docs/pegboard-protocol.md");
    let mut board_lines = 0;
    let mut host_lines = 0;
    for (i, _) in doc.match_indices('$') {
        let rest = &doc[i..];
        let Some(star) = rest.find('*') else { continue };
        let line = &rest[..(star + 3).min(rest.len())];
        let body = &line[1..star];
        if body.is_empty()
            || body.contains(|c: char| c.is_whitespace() && c != ' ')
            || !body.as_bytes()[0].is_ascii_alphabetic()
            || body.contains('`')
        {
            continue;
        }
        let cs = &line[star + 1..];
        if body == "BODY" {
            continue; // the template
        }
        let want = body.bytes().fold(0u8, |x, b| x ^ b);
        assert_eq!(
            cs,
            format!("{want:02X}"),
            "checksum of {line:?} in the specification"
        );
        if body.as_bytes()[0].is_ascii_uppercase() {
            let (lines, errs) = decode(format!("{line}\n").as_bytes());
            assert!(errs.is_empty() && lines.len() == 1, "{line:?}: {errs:?}");
            board_lines += 1;
        } else {
            let mut h = pegboard::HostDecoder::default();
            assert_eq!(h.feed(format!("{line}\n").as_bytes()).len(), 1, "{line:?}");
            host_lines += 1;
        }
    }
    assert!(board_lines >= 8, "found {board_lines} board lines");
    assert!(host_lines >= 3, "found {host_lines} host lines");
}

#[test]
fn colour_snapshots_round_trip() {
    let mut s = Snapshot::default();
    s.set(
        Square::A1,
        Sensed::Occupied {
            color: Some(Color::White),
        },
    );
    s.set(
        Square::H8,
        Sensed::Occupied {
            color: Some(Color::Black),
        },
    );
    s.set(Square::D5, Sensed::Occupied { color: None });
    assert_eq!(
        pegboard::snapshot_text(&s),
        ".......b/......../......../...o..../......../......../......../w......."
    );
    let (lines, _) = decode(&pegboard::encode_board(9, &Event::Snapshot(s)));
    assert_eq!(lines[0].event, Event::Snapshot(s));
}

#[test]
fn lost_lines_show_up_as_a_gap() {
    let mut bytes = pegboard::encode_board(254, &Event::Heartbeat);
    bytes.extend(pegboard::encode_board(255, &Event::Lifted(Square::A2)));
    bytes.extend(pegboard::encode_board(0, &Event::Heartbeat));
    bytes.extend(pegboard::encode_board(2, &Event::Heartbeat));
    let (lines, errs) = decode(&bytes);
    assert_eq!(lines.len(), 4, "the line after the gap is still delivered");
    assert_eq!(errs.len(), 1);
    assert!(
        errs[0].contains("expected line number 1, got 2"),
        "{errs:?}"
    );
}

/// A line with a correct checksum around any body (to test what lies beyond the checksum).
fn sealed(body: &str) -> Vec<u8> {
    let cs = body.bytes().fold(0, |x, b| x ^ b);
    format!("${body}*{cs:02X}\n").into_bytes()
}

#[test]
fn a_restarted_board_is_noticed() {
    let hello = Event::Hello {
        version: 1,
        name: "b".into(),
        colour: false,
    };
    let mut bytes = pegboard::encode_board(0, &hello);
    bytes.extend(pegboard::encode_board(1, &Event::Heartbeat));
    bytes.extend(pegboard::encode_board(2, &hello));
    assert!(
        decode(&bytes).1.is_empty(),
        "a hello asked for mid-stream is fine"
    );
    bytes.extend(pegboard::encode_board(0, &hello));
    let (lines, errs) = decode(&bytes);
    assert_eq!(lines.len(), 4);
    assert_eq!(
        errs,
        vec!["pegboard data garbled at byte 36: the board restarted"]
    );
}

#[test]
fn garbled_lines_say_what_and_where() {
    let mut s8 = b"xx".to_vec();
    s8.extend(sealed("S,1,oooooooo"));
    let cases: [(Vec<u8>, &str); 8] = [
        (
            b"$L,2,e2*28\n".to_vec(),
            "at byte 0: line \"L,2,e2\" has checksum 28 but its contents add up to 29",
        ),
        (b"$L,2,e2\n".to_vec(), "no '*'"),
        (b"$L,2,e2*2\n".to_vec(), "\"2\" is not two hex digits"),
        (sealed("L,2,i9"), "\"i9\" is not a square"),
        (sealed("L,x,e2"), "no line number"),
        (sealed("P,3,e4,g"), "colour \"g\""),
        (
            b"$L,2,e\x012*29\n".to_vec(),
            "0x01 inside a line, at character 7",
        ),
        (
            s8,
            "at byte 2: line \"S,1,oooooooo\": the snapshot is not 8 groups",
        ),
    ];
    for (bytes, want) in cases {
        let (lines, errs) = decode(&bytes);
        assert!(lines.is_empty(), "{lines:?}");
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(
            errs[0].contains(want),
            "{:?} does not contain {want:?}",
            errs[0]
        );
    }
    let long = format!("$B,1,{}*00\n", "x".repeat(200));
    let (_, errs) = decode(long.as_bytes());
    assert!(errs[0].contains("longer than 120"), "{errs:?}");
}

#[test]
fn a_truncated_line_loses_only_itself() {
    let mut bytes = b"$S,1,oooooooo/ooo".to_vec();
    bytes.extend(pegboard::encode_board(2, &Event::Lifted(Square::E2)));
    let (lines, errs) = decode(&bytes);
    assert_eq!(
        lines,
        vec![BoardLine {
            seq: 2,
            event: Event::Lifted(Square::E2)
        }]
    );
    assert_eq!(errs, vec!["pegboard data garbled at byte 0: a line was cut off after 17 characters by the start of the next"]);
}

#[test]
fn unknown_line_types_are_skipped_for_forward_compatibility() {
    let mut bytes = sealed("Z,1,future");
    bytes.extend(sealed("B,2"));
    let (lines, errs) = decode(&bytes);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines.len(), 1);
}

#[test]
fn the_board_codec_maps_to_sensor_events() {
    let mut c = BoardCodec::new(Protocol::Pegboard);
    c.feed(b"$L,2,e2*29\n$P,4,e4,w*6E\n$B,5*5B\n");
    let out = c.drain();
    assert_eq!(
        out[0],
        BoardMessage::Sensor(SensorEvent::Lifted(Square::E2))
    );
    assert!(
        matches!(out[1], BoardMessage::Garbled(_)),
        "line 3 is missing: {out:?}"
    );
    assert_eq!(
        out[2],
        BoardMessage::Sensor(SensorEvent::Placed {
            square: Square::E4,
            sensed: Sensed::Occupied {
                color: Some(Color::White)
            }
        })
    );
    assert_eq!(out[3], BoardMessage::Alive);
}

fn event() -> impl Strategy<Value = Event> {
    let sq = (0u8..64).prop_map(|i| Square::new(i).unwrap());
    prop_oneof![
        sq.clone().prop_map(Event::Lifted),
        (sq, proptest::option::of(any::<bool>())).prop_map(|(square, c)| Event::Placed {
            square,
            color: c.map(Color::from_white)
        }),
        Just(Event::Heartbeat),
        Just(Event::Snapshot(Snapshot::occupancy_of(&Board::new()))),
        (0u16..1000, "[a-z0-9 ]{0,30}").prop_map(|(code, text)| Event::Error { code, text }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut c = BoardCodec::new(Protocol::Pegboard);
        for chunk in bytes.chunks(3) {
            c.feed(chunk);
            c.drain();
        }
        prop_assert_eq!(c.stats().bytes, bytes.len() as u64);
    }

    /// Lines round-trip, and noise without a '$' between lines changes nothing.
    #[test]
    fn round_trip_with_noise(
        events in proptest::collection::vec(event(), 1..10),
        noise in proptest::collection::vec("[^$]{0,6}", 10),
    ) {
        let mut noisy = Vec::new();
        for (i, (e, n)) in events.iter().zip(&noise).enumerate() {
            noisy.extend(n.as_bytes());
            noisy.extend(pegboard::encode_board(i as u8, e));
        }
        let (lines, errs) = decode(&noisy);
        prop_assert!(errs.is_empty(), "{:?}", errs);
        prop_assert_eq!(lines.into_iter().map(|l| l.event).collect::<Vec<_>>(), events);
    }
}
