//! A fake BrlAPI server on a Unix socket for a whole `vichess play` run: a 40-cell display
//! named "vd" that needs no authorisation, hands every written line to the test and presses
//! the keys the test sends it. BRLTTY itself does not start its BrlAPI server without a braille
//! device (docs/braille.md), so this is the display the tests can read.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use vichess::braille::brlapi::{self, kind, Decoder, Packet};

/// The display's width.
pub const CELLS: u32 = 40;

/// What the test sees of the display.
pub struct FakeDisplay {
    /// Every written line, as shown (padded to the display's width).
    pub written: Receiver<String>,
    /// Key codes to press, in order.
    pub keys: Sender<u64>,
    /// Every key a client sent in an authorisation packet.
    pub auth_keys: Receiver<Vec<u8>>,
    /// Sent once, when the client closes or shuts the connection.
    pub closed: Receiver<()>,
}

/// How the fake server behaves.
#[derive(Debug, Clone, Copy)]
pub struct Setup {
    /// The display width it claims.
    pub cells: u32,
    /// Whether it asks for the key (authorisation by key only) instead of none.
    pub ask_key: bool,
    /// Whether, once the client is in tty mode, it sends a header announcing a packet of
    /// 2^32-1 bytes and then a mebibyte of it.
    pub oversize_packet: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            cells: CELLS,
            ask_key: false,
            oversize_packet: false,
        }
    }
}

fn send(s: &Mutex<UnixStream>, p: Packet) {
    let _ = s.lock().unwrap().write_all(&p.encode());
}

/// Listens on `path` and serves one client in a thread.
pub fn serve(path: &Path) -> FakeDisplay {
    serve_with(path, Setup::default())
}

/// Listens on `path` and serves one client in a thread, as `setup` says.
pub fn serve_with(path: &Path, setup: Setup) -> FakeDisplay {
    let listener = UnixListener::bind(path).expect("the fake BrlAPI socket binds");
    let (written_tx, written) = mpsc::channel();
    let (keys, keys_rx) = mpsc::channel::<u64>();
    let (auth_tx, auth_keys) = mpsc::channel();
    let (closed_tx, closed) = mpsc::channel();
    std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("a client connects");
        let mut reader = stream.try_clone().unwrap();
        let out = Arc::new(Mutex::new(stream));
        send(
            &out,
            Packet::new(kind::VERSION, 8u32.to_be_bytes().to_vec()),
        );
        let key_out = Arc::clone(&out);
        std::thread::spawn(move || {
            for k in keys_rx {
                let mut payload = ((k >> 32) as u32).to_be_bytes().to_vec();
                payload.extend_from_slice(&(k as u32).to_be_bytes());
                send(&key_out, Packet::new(kind::KEY, payload));
            }
        });
        let mut d = Decoder::new();
        let mut buf = [0u8; 1024];
        loop {
            while let Some(p) = d.next_packet().expect("the client sends whole packets") {
                match p.kind {
                    kind::VERSION => {
                        assert_eq!(p.payload, 8u32.to_be_bytes().to_vec());
                        let method = if setup.ask_key {
                            brlapi::auth::KEY
                        } else {
                            brlapi::auth::NONE
                        };
                        send(&out, Packet::new(kind::AUTH, method.to_be_bytes().to_vec()));
                    }
                    kind::AUTH => {
                        assert_eq!(p.payload[..4], brlapi::auth::KEY.to_be_bytes());
                        let _ = auth_tx.send(p.payload[4..].to_vec());
                        send(&out, Packet::new(kind::ACK, Vec::new()));
                    }
                    kind::GET_DRIVER_NAME => {
                        send(&out, Packet::new(kind::GET_DRIVER_NAME, b"vd\0".to_vec()))
                    }
                    kind::GET_DISPLAY_SIZE => {
                        let mut payload = setup.cells.to_be_bytes().to_vec();
                        payload.extend_from_slice(&1u32.to_be_bytes());
                        send(&out, Packet::new(kind::GET_DISPLAY_SIZE, payload));
                    }
                    kind::ENTER_TTY_MODE if setup.oversize_packet => {
                        send(&out, Packet::new(kind::ACK, Vec::new()));
                        let mut evil = u32::MAX.to_be_bytes().to_vec();
                        evil.extend_from_slice(&kind::KEY.to_be_bytes());
                        evil.resize(8 + (1 << 20), 0);
                        // A client that stops reading leaves this write unfinished; the
                        // reader below still sees it close.
                        let out = Arc::clone(&out);
                        std::thread::spawn(move || {
                            let s = out.lock().unwrap().try_clone().unwrap();
                            let _ = (&s).write_all(&evil);
                        });
                    }
                    kind::ENTER_TTY_MODE | kind::LEAVE_TTY_MODE => {
                        send(&out, Packet::new(kind::ACK, Vec::new()))
                    }
                    kind::WRITE => {
                        let text = brlapi::written_text(&p).expect("a write carries text");
                        let _ = written_tx.send(text);
                        send(&out, Packet::new(kind::ACK, Vec::new()));
                    }
                    other => panic!("the fake BrlAPI server got an unexpected packet {other}"),
                }
            }
            match reader.read(&mut buf) {
                Ok(0) | Err(_) => {
                    let _ = closed_tx.send(());
                    return;
                }
                Ok(n) => d.push(&buf[..n]),
            }
        }
    });
    FakeDisplay {
        written,
        keys,
        auth_keys,
        closed,
    }
}
