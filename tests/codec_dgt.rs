//! DGT codec: golden byte vectors from the protocol facts, round trips, resynchronisation,
//! the clock, and random bytes.

use proptest::prelude::*;
use vichess::board::codec::dgt::{self, BwTime, ClockCommand, ClockSide, Command, Hms, Message};
use vichess::board::codec::{BoardCodec, BoardMessage, Protocol};
use vichess::board::{Sensed, SensorEvent, Snapshot};
use vichess::rules::{Board, Color, Role, Square};

fn decode(bytes: &[u8]) -> (Vec<Message>, Vec<String>) {
    let mut d = dgt::Decoder::new();
    d.feed(bytes);
    let mut ok = Vec::new();
    let mut err = Vec::new();
    while let Some(m) = d.poll() {
        match m {
            Ok(m) => ok.push(m),
            Err(e) => err.push(e.to_string()),
        }
    }
    (ok, err)
}

/// The start position as the board sends it: a8 first, codes R=2 N=3 B=4 K=5 Q=6.
fn start_dump() -> Vec<u8> {
    let mut v = vec![0x86, 0x00, 0x43];
    v.extend([8, 9, 10, 12, 11, 10, 9, 8]);
    v.extend([7; 8]);
    v.extend([0; 32]);
    v.extend([1; 8]);
    v.extend([2, 3, 4, 6, 5, 4, 3, 2]);
    v
}

#[test]
fn golden_board_dump_is_the_start_position() {
    let (msgs, errs) = decode(&start_dump());
    assert!(errs.is_empty(), "{errs:?}");
    let [Message::BoardDump(codes)] = &msgs[..] else {
        panic!("{msgs:?}")
    };
    assert_eq!(dgt::snapshot(codes), Snapshot::from_board(&Board::new()));
    assert_eq!(
        dgt::encode_board_dump(&Snapshot::from_board(&Board::new())),
        start_dump()
    );
}

#[test]
fn golden_field_updates_number_a8_as_zero() {
    // e2 is index 52 (rank 2 is the seventh row from the top), e4 is 36.
    let (msgs, errs) = decode(&[0x8E, 0x00, 0x05, 52, 0, 0x8E, 0x00, 0x05, 36, 1]);
    assert!(errs.is_empty());
    assert_eq!(
        msgs,
        vec![
            Message::FieldUpdate {
                square: Square::E2,
                code: 0
            },
            Message::FieldUpdate {
                square: Square::E4,
                code: 1
            },
        ]
    );
    assert_eq!(
        dgt::encode_field_update(Square::E4, Some(Role::Pawn.of(Color::White))),
        [0x8E, 0, 5, 36, 1]
    );
    assert_eq!(
        dgt::encode_field_update(Square::A8, None),
        [0x8E, 0, 5, 0, 0]
    );
    assert_eq!(
        dgt::encode_field_update(Square::H1, None),
        [0x8E, 0, 5, 63, 0]
    );
}

#[test]
fn piece_codes_follow_the_r_n_b_k_q_order() {
    let w = |r: Role| Sensed::Piece(r.of(Color::White));
    let b = |r: Role| Sensed::Piece(r.of(Color::Black));
    assert_eq!(dgt::sensed(0), Sensed::Empty);
    assert_eq!(dgt::sensed(2), w(Role::Rook));
    assert_eq!(dgt::sensed(5), w(Role::King));
    assert_eq!(dgt::sensed(6), w(Role::Queen));
    assert_eq!(dgt::sensed(9), b(Role::Knight));
    assert_eq!(dgt::sensed(12), b(Role::Queen));
    assert_eq!(dgt::sensed(14), Sensed::Occupied { color: None });
    for code in 0..=12 {
        if let Sensed::Piece(p) = dgt::sensed(code) {
            assert_eq!(dgt::piece_code(Some(p)), code);
        }
    }
}

#[test]
fn version_and_serial_number() {
    let (msgs, _) = decode(&[0x93, 0, 5, 1, 7, 0x91, 0, 8, b'1', b'2', b'3', b'4', b'5']);
    assert_eq!(
        msgs,
        vec![
            Message::Version { major: 1, minor: 7 },
            Message::SerialNumber("12345".into())
        ]
    );
}

#[test]
fn stray_data_bytes_are_ignored_and_counted() {
    let mut d = dgt::Decoder::new();
    d.feed(&[0x12, 0x34, 0x8E, 0x00, 0x05, 52, 0, 0x7F]);
    assert_eq!(
        d.poll(),
        Some(Ok(Message::FieldUpdate {
            square: Square::E2,
            code: 0
        }))
    );
    assert_eq!(d.poll(), None);
    assert_eq!(d.stats().skipped, 3);
    assert_eq!(d.stats().errors, 0);
}

#[test]
fn a_truncated_frame_is_dropped_when_the_next_one_starts() {
    let mut bytes = start_dump()[..20].to_vec();
    bytes.extend([0x8E, 0x00, 0x05, 36, 1]);
    let (msgs, errs) = decode(&bytes);
    assert_eq!(
        msgs,
        vec![Message::FieldUpdate {
            square: Square::E4,
            code: 1
        }]
    );
    assert_eq!(errs, vec!["DGT data garbled at byte 0: message board dump cut off after 20 of 67 bytes by a new message"]);
}

#[test]
fn absurd_lengths_and_bad_contents_are_rejected_with_their_position() {
    let (msgs, errs) = decode(&[0x55, 0x8E, 0x7F, 0x7F, 1, 2, 3, 0x8E, 0x00, 0x02]);
    assert!(msgs.is_empty());
    assert_eq!(errs.len(), 2);
    assert!(
        errs[0].contains("at byte 1") && errs[0].contains("impossible length of 16383"),
        "{errs:?}"
    );
    assert!(
        errs[1].contains("at byte 7") && errs[1].contains("impossible length of 2"),
        "{errs:?}"
    );
    let (_, errs) = decode(&[0x8E, 0, 5, 64, 1]);
    assert!(errs[0].contains("square number 64"), "{errs:?}");
    let (_, errs) = decode(&[0x8E, 0, 5, 10, 16]);
    assert!(errs[0].contains("unknown piece code 16"), "{errs:?}");
    let (_, errs) = decode(&[0x8E, 0, 6, 10, 1, 1]);
    assert!(errs[0].contains("has 3 data bytes, expected 2"), "{errs:?}");
}

#[test]
fn bytes_may_arrive_one_at_a_time() {
    let mut stream = start_dump();
    stream.extend([0x8E, 0x00, 0x05, 52, 0]);
    let (whole, _) = decode(&stream);
    let mut d = dgt::Decoder::new();
    let mut one = Vec::new();
    for b in &stream {
        d.feed(std::slice::from_ref(b));
        while let Some(m) = d.poll() {
            one.push(m.unwrap());
        }
    }
    assert_eq!(one, whole);
    assert_eq!(one.len(), 2);
}

#[test]
fn golden_bwtime_times() {
    // Right 1:30:05, flag shown; left 0:59:59; running, right player's turn.
    let (msgs, _) = decode(&[0x8D, 0, 10, 0x41, 0x30, 0x05, 0x00, 0x59, 0x59, 0x09]);
    let [Message::Clock(BwTime::Times(t))] = &msgs[..] else {
        panic!("{msgs:?}")
    };
    assert_eq!(
        t.right.time,
        Hms {
            hours: 1,
            minutes: 30,
            seconds: 5
        }
    );
    assert!(t.right.flag_shown && !t.right.flag_fallen);
    assert_eq!(
        t.left.time,
        Hms {
            hours: 0,
            minutes: 59,
            seconds: 59
        }
    );
    assert!(t.running);
    assert_eq!(t.turn, Some(ClockSide::Right));
    assert_eq!(
        dgt::encode_bwtime(t),
        [0x8D, 0, 10, 0x41, 0x30, 0x05, 0x00, 0x59, 0x59, 0x09]
    );
}

#[test]
fn golden_bwtime_acks() {
    // SETNRUN acknowledged: ack0 0x10, ack1 0x0A.
    let BwTime::Ack(a) = dgt::bwtime([0x0A, 0x10, 0x0A, 0x0A, 0, 0, 0]) else {
        panic!()
    };
    assert_eq!(a.0, [0x10, 0x0A, 0, 0]);
    assert_eq!(a.command(), Some(0x0A));
    assert!(!a.is_error());
    // Button OK pressed: ack1 0x88 needs bit 7 from d3 bit 5; ack3 = 0x35.
    let BwTime::Ack(b) = dgt::bwtime([0x0A, 0x10, 0x08, 0x2A, 0, 0x35, 0]) else {
        panic!()
    };
    assert_eq!(b.0[1], 0x88);
    assert_eq!(b.command(), None);
    assert_eq!(b.button(), Some(dgt::ClockButton::Ok));
    // Version 2.3.
    let BwTime::Ack(v) = dgt::bwtime([0x0A, 0x10, 0x09, 0x0A, 0x23, 0, 0]) else {
        panic!()
    };
    assert_eq!(v.version(), Some((2, 3)));
    // Acks survive our own encoding, high bits included.
    for ack in [
        [0x10, 0x0A, 0, 0],
        [0x40, 0x88, 0x91, 0x35],
        [0x10, 0x81, 0x80, 0x80],
    ] {
        let bytes = dgt::encode_ack(dgt::ClockAck(ack));
        let (msgs, _) = decode(&bytes);
        assert_eq!(msgs, vec![Message::Clock(BwTime::Ack(dgt::ClockAck(ack)))]);
    }
}

#[test]
fn golden_clock_commands() {
    assert_eq!(
        dgt::encode(Command::Clock(ClockCommand::End)),
        [0x2B, 0x03, 0x03, 0x03, 0x00]
    );
    let hms = |h, m, s| Hms {
        hours: h,
        minutes: m,
        seconds: s,
    };
    assert_eq!(
        dgt::encode(Command::Clock(ClockCommand::SetAndRun {
            left: hms(1, 30, 0),
            right: hms(0, 5, 9),
            run: Some(ClockSide::Right),
        })),
        [0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 0, 5, 9, 0x02, 0x00]
    );
    assert_eq!(
        dgt::encode(Command::Clock(ClockCommand::text("e4 Nf3", 2))),
        [0x2B, 0x0C, 0x03, 0x0C, b'e', b'4', b' ', b'N', b'f', b'3', b' ', b' ', 2, 0x00]
    );
    assert_eq!(
        dgt::encode(Command::Clock(ClockCommand::Beep { units: 4 })),
        [0x2B, 4, 3, 0x0B, 4, 0]
    );
    assert_eq!(dgt::encode(Command::SendBoard), [0x42]);
    assert_eq!(dgt::encode(Command::UpdateNice), [0x4B]);
    // The board side reads them back.
    let mut h = dgt::HostDecoder::default();
    let mut all = dgt::encode(Command::Clock(ClockCommand::text("hello", 0)));
    all.extend(dgt::encode(Command::SendBoard));
    all.extend(dgt::encode(Command::Clock(ClockCommand::End)));
    assert_eq!(
        h.feed(&all),
        vec![
            Command::Clock(ClockCommand::text("hello", 0)),
            Command::SendBoard,
            Command::Clock(ClockCommand::End)
        ]
    );
}

#[test]
fn clock_filter_drops_zeros_impossible_values_and_rising_times() {
    let mut f = dgt::ClockFilter::default();
    let reading = |l: u32, r: u32, turn| dgt::ClockTimes {
        left: dgt::SideTime {
            time: Hms::from_seconds(l as u64),
            ..Default::default()
        },
        right: dgt::SideTime {
            time: Hms::from_seconds(r as u64),
            ..Default::default()
        },
        running: true,
        turn,
        ..Default::default()
    };
    let BwTime::Times(zero) = dgt::bwtime([0; 7]) else {
        panic!()
    };
    assert_eq!(f.accept(zero), None);
    let BwTime::Times(bad) = dgt::bwtime([0x01, 0x7A, 0x00, 0, 0, 0, 1]) else {
        panic!()
    };
    assert_eq!(f.accept(bad), None, "77 minutes is impossible");
    let BwTime::Times(none) = dgt::bwtime([0x01, 0x10, 0x00, 0, 0x10, 0, 0x20]) else {
        panic!()
    };
    assert_eq!(f.accept(none), None, "no clock connected");
    assert!(f.accept(reading(300, 300, Some(ClockSide::Left))).is_some());
    assert!(f.accept(reading(299, 300, Some(ClockSide::Left))).is_some());
    assert_eq!(
        f.accept(reading(305, 300, Some(ClockSide::Left))),
        None,
        "time went up"
    );
    // The left player pressed the lever: an increment lands on the left side.
    assert!(f
        .accept(reading(302, 300, Some(ClockSide::Right)))
        .is_some());
    assert_eq!(f.accept(reading(302, 301, Some(ClockSide::Right))), None);
    f.clock_was_set();
    assert!(
        f.accept(reading(600, 600, None)).is_some(),
        "after SETNRUN times may rise"
    );
}

#[test]
fn clock_commands_go_one_at_a_time_with_resend() {
    let mut s = dgt::ClockSender::default();
    s.push(ClockCommand::text("vichess", 0));
    s.push(ClockCommand::End);
    let first = s.poll(0);
    assert_eq!(
        first,
        Some(dgt::ClockSend::Write(dgt::encode(Command::Clock(
            ClockCommand::text("vichess", 0)
        ))))
    );
    assert_eq!(s.poll(500), None, "the second waits for the first's ack");
    assert_eq!(s.poll(2100), first, "resent after 2 s without an ack");
    assert!(
        !s.on_ack(dgt::ClockAck([0x10, 0x03, 0, 0])),
        "an ack for another command"
    );
    assert!(s.on_ack(dgt::ClockAck([0x10, 0x0C, 0, 0])));
    assert_eq!(
        s.poll(2200),
        Some(dgt::ClockSend::Write(vec![0x2B, 3, 3, 3, 0]))
    );
    assert_eq!(
        s.poll(4300),
        Some(dgt::ClockSend::Write(vec![0x2B, 3, 3, 3, 0]))
    );
    assert_eq!(
        s.poll(6400),
        Some(dgt::ClockSend::Write(vec![0x2B, 3, 3, 3, 0]))
    );
    assert_eq!(
        s.poll(8500),
        Some(dgt::ClockSend::GaveUp(ClockCommand::End))
    );
    assert!(s.is_idle());
}

#[test]
fn the_board_codec_maps_to_sensor_events() {
    let mut c = BoardCodec::new(Protocol::Dgt);
    c.feed(&[0x8E, 0, 5, 52, 0, 0x8E, 0, 5, 36, 1, 0x8E, 0, 5, 37, 0x7F]);
    let out = c.drain();
    assert_eq!(
        out[0],
        BoardMessage::Sensor(SensorEvent::Lifted(Square::E2))
    );
    assert_eq!(
        out[1],
        BoardMessage::Sensor(SensorEvent::Placed {
            square: Square::E4,
            sensed: Sensed::Piece(Role::Pawn.of(Color::White))
        })
    );
    // 0x7F inside a frame is a data byte: piece code 127 is garbled, and says where.
    let BoardMessage::Garbled(e) = &out[2] else {
        panic!("{out:?}")
    };
    assert_eq!(e.at, 10);
    assert_eq!(out.len(), 3);
}

fn valid_frames() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        (0u8..64, 0u8..13).prop_map(|(s, c)| vec![0x8E, 0, 5, s, c]),
        Just(start_dump()),
        (0u8..10, 0u8..60, 0u8..60).prop_map(|(h, m, s)| dgt::encode_bwtime(&dgt::ClockTimes {
            left: dgt::SideTime {
                time: Hms {
                    hours: h,
                    minutes: m,
                    seconds: s
                },
                ..Default::default()
            },
            running: true,
            ..Default::default()
        })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic_and_stay_in_range(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut c = BoardCodec::new(Protocol::Dgt);
        for chunk in bytes.chunks(7) {
            c.feed(chunk);
            for m in c.drain() {
                if let BoardMessage::Sensor(SensorEvent::Placed { sensed, .. }) = m {
                    prop_assert!(sensed.is_occupied());
                }
            }
        }
        let s = c.stats();
        prop_assert_eq!(s.bytes, bytes.len() as u64);
    }

    /// Line noise of data bytes between frames changes nothing: no invented or lost move.
    #[test]
    fn noise_between_frames_changes_nothing(
        frames in proptest::collection::vec(valid_frames(), 1..12),
        noise in proptest::collection::vec(proptest::collection::vec(0u8..0x80, 0..6), 12),
    ) {
        let clean: Vec<u8> = frames.concat();
        let mut noisy = Vec::new();
        for (f, n) in frames.iter().zip(&noise) {
            noisy.extend(n);
            noisy.extend(f);
        }
        let (a, ea) = decode(&clean);
        let (b, eb) = decode(&noisy);
        prop_assert_eq!(a.len(), frames.len());
        prop_assert_eq!(a, b);
        prop_assert!(ea.is_empty() && eb.is_empty());
    }

    /// Cutting a frame short loses that frame only.
    #[test]
    fn a_cut_frame_loses_only_itself(
        frames in proptest::collection::vec(valid_frames(), 2..8),
        which in any::<prop::sample::Index>(),
        keep in any::<prop::sample::Index>(),
    ) {
        let i = which.index(frames.len());
        let mut stream = Vec::new();
        let mut expected = Vec::new();
        for (k, f) in frames.iter().enumerate() {
            if k == i {
                stream.extend(&f[..keep.index(f.len() - 1) + 1]);
            } else {
                stream.extend(f);
                expected.extend(f);
            }
        }
        let (got, errs) = decode(&stream);
        let (want, _) = decode(&expected);
        // A cut frame at the very end is simply incomplete (no error yet).
        prop_assert_eq!(got, want);
        prop_assert!(errs.len() <= 1);
    }
}
