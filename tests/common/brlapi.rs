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
}

fn send(s: &Mutex<UnixStream>, p: Packet) {
    let _ = s.lock().unwrap().write_all(&p.encode());
}

/// Listens on `path` and serves one client in a thread.
pub fn serve(path: &Path) -> FakeDisplay {
    let listener = UnixListener::bind(path).expect("the fake BrlAPI socket binds");
    let (written_tx, written) = mpsc::channel();
    let (keys, keys_rx) = mpsc::channel::<u64>();
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
                        send(
                            &out,
                            Packet::new(kind::AUTH, brlapi::auth::NONE.to_be_bytes().to_vec()),
                        );
                    }
                    kind::GET_DRIVER_NAME => {
                        send(&out, Packet::new(kind::GET_DRIVER_NAME, b"vd\0".to_vec()))
                    }
                    kind::GET_DISPLAY_SIZE => {
                        let mut payload = CELLS.to_be_bytes().to_vec();
                        payload.extend_from_slice(&1u32.to_be_bytes());
                        send(&out, Packet::new(kind::GET_DISPLAY_SIZE, payload));
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
                Ok(0) | Err(_) => return,
                Ok(n) => d.push(&buf[..n]),
            }
        }
    });
    FakeDisplay { written, keys }
}
