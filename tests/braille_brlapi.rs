//! The BrlAPI client codec against a fake BrlAPI server on a Unix socket: the server follows
//! the protocol's recorded exchange (version, authorisation, driver name, display size, enter
//! tty mode, write, key), and the test reads back what the client wrote to the "display".
//!
//! A real BRLTTY is not used: without a braille device its BrlAPI server does not start (see
//! docs/braille.md), so this exchange is the observable display.

use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use vichess::braille::brlapi::{self, kind, Decoder, KeyAction, Packet};

fn read_packet(stream: &mut UnixStream, decoder: &mut Decoder) -> Packet {
    let mut buf = [0u8; 512];
    loop {
        if let Some(p) = decoder.next_packet().unwrap() {
            return p;
        }
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "the other side closed the socket early");
        decoder.push(&buf[..n]);
    }
}

/// A BrlAPI server for one client: a 40-cell display named "vd"; it records the written
/// lines and sends one key per write.
fn fake_server(listener: UnixListener, keys: Vec<u64>) -> Vec<String> {
    let (mut s, _) = listener.accept().unwrap();
    let mut d = Decoder::new();
    s.write_all(&Packet::new(kind::VERSION, 8u32.to_be_bytes().to_vec()).encode())
        .unwrap();
    let v = read_packet(&mut s, &mut d);
    assert_eq!(
        (v.kind, v.payload.clone()),
        (kind::VERSION, 8u32.to_be_bytes().to_vec())
    );
    s.write_all(&Packet::new(kind::AUTH, brlapi::auth::NONE.to_be_bytes().to_vec()).encode())
        .unwrap();
    let mut written = Vec::new();
    let mut keys = keys.into_iter();
    loop {
        let p = match (|| -> Option<Packet> {
            let mut chunk = [0u8; 512];
            loop {
                if let Some(p) = d.next_packet().unwrap() {
                    return Some(p);
                }
                let n = s.read(&mut chunk).ok()?;
                if n == 0 {
                    return None;
                }
                d.push(&chunk[..n]);
            }
        })() {
            Some(p) => p,
            None => return written,
        };
        match p.kind {
            kind::GET_DRIVER_NAME => {
                s.write_all(&Packet::new(kind::GET_DRIVER_NAME, b"vd\0".to_vec()).encode())
                    .unwrap();
            }
            kind::GET_DISPLAY_SIZE => {
                let mut payload = 40u32.to_be_bytes().to_vec();
                payload.extend_from_slice(&1u32.to_be_bytes());
                s.write_all(&Packet::new(kind::GET_DISPLAY_SIZE, payload).encode())
                    .unwrap();
            }
            kind::ENTER_TTY_MODE | kind::LEAVE_TTY_MODE => {
                s.write_all(&Packet::new(kind::ACK, Vec::new()).encode())
                    .unwrap();
            }
            kind::WRITE => {
                written.push(brlapi::written_text(&p).unwrap());
                s.write_all(&Packet::new(kind::ACK, Vec::new()).encode())
                    .unwrap();
                if let Some(k) = keys.next() {
                    let mut payload = ((k >> 32) as u32).to_be_bytes().to_vec();
                    payload.extend_from_slice(&(k as u32).to_be_bytes());
                    s.write_all(&Packet::new(kind::KEY, payload).encode())
                        .unwrap();
                }
            }
            other => panic!("the fake server got an unexpected packet {other}"),
        }
    }
}

#[test]
fn the_client_writes_lines_the_display_shows_and_reads_its_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("BrlAPI0");
    let listener = UnixListener::bind(&path).unwrap();
    let keys = vec![
        brlapi::command_key(0, 1),  // line up: back
        brlapi::command_key(1, 7),  // routing key 7
        brlapi::command_key(0, 81), // time
    ];
    let server = std::thread::spawn(move || fake_server(listener, keys));

    let mut s = UnixStream::connect(&path).unwrap();
    let mut d = Decoder::new();
    brlapi::check_version(&read_packet(&mut s, &mut d)).unwrap();
    s.write_all(&brlapi::version().encode()).unwrap();
    let auth = read_packet(&mut s, &mut d);
    assert_eq!(auth.kind, kind::AUTH);
    assert!(brlapi::auth_methods(&auth).contains(&brlapi::auth::NONE));

    s.write_all(&brlapi::get_driver_name().encode()).unwrap();
    assert_eq!(brlapi::driver_name(&read_packet(&mut s, &mut d)), "vd");
    s.write_all(&brlapi::get_display_size().encode()).unwrap();
    let (cells, lines) = brlapi::display_size(&read_packet(&mut s, &mut d)).unwrap();
    assert_eq!((cells, lines), (40, 1));
    s.write_all(&brlapi::enter_tty_mode(&[1]).encode()).unwrap();
    assert_eq!(read_packet(&mut s, &mut d).kind, kind::ACK);

    let shown = ["12. Sd4 Dd7", "Ф f3: Кр e2 — ход белых", "Ձf3 Փxb5+"];
    let mut actions = Vec::new();
    for line in shown {
        s.write_all(&brlapi::write_text(line, cells).encode())
            .unwrap();
        assert_eq!(read_packet(&mut s, &mut d).kind, kind::ACK);
        let key = read_packet(&mut s, &mut d);
        assert_eq!(key.kind, kind::KEY);
        actions.push(brlapi::key_action(brlapi::key_code(&key).unwrap()));
    }
    s.write_all(&brlapi::leave_tty_mode().encode()).unwrap();
    assert_eq!(read_packet(&mut s, &mut d).kind, kind::ACK);
    drop(s);

    let written = server.join().unwrap();
    let trimmed: Vec<&str> = written.iter().map(|w| w.trim_end()).collect();
    assert_eq!(trimmed, shown);
    assert!(
        written.iter().all(|w| w.chars().count() == 40),
        "each write fills the display"
    );
    assert_eq!(
        actions,
        [KeyAction::Back, KeyAction::Route(7), KeyAction::Time]
    );
}

#[test]
fn a_packet_split_across_reads_is_decoded_whole_and_an_oversized_one_is_refused() {
    let bytes = brlapi::write_text("1. e4 e5", 20).encode();
    let mut d = Decoder::new();
    for b in &bytes[..bytes.len() - 1] {
        d.push(std::slice::from_ref(b));
        assert!(d.next_packet().unwrap().is_none());
    }
    d.push(&bytes[bytes.len() - 1..]);
    let p = d.next_packet().unwrap().unwrap();
    assert_eq!(brlapi::written_text(&p).unwrap().trim_end(), "1. e4 e5");

    let mut d = Decoder::new();
    d.push(&5000u32.to_be_bytes());
    d.push(&kind::WRITE.to_be_bytes());
    assert!(d.next_packet().is_err());
    assert!(
        brlapi::check_version(&Packet::new(kind::VERSION, 7u32.to_be_bytes().to_vec())).is_err()
    );
}
