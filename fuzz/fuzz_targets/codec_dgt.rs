//! DGT board stream: whatever the cable delivers, the decoder neither panics nor depends on
//! how the bytes were split into reads (a serial port hands them over in any pieces).
#![no_main]

use libfuzzer_sys::fuzz_target;
use vichess::board::codec::{dgt, BoardCodec, Protocol};

fn decode(chunks: &[&[u8]]) -> Vec<Result<dgt::Message, vichess::board::codec::FrameError>> {
    let mut d = dgt::Decoder::new();
    let mut out = Vec::new();
    for c in chunks {
        d.feed(c);
        while let Some(m) = d.poll() {
            out.push(m);
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&split, bytes)) = data.split_first() else {
        return;
    };
    let cut = usize::from(split) % (bytes.len() + 1);
    let whole = decode(&[bytes]);
    let split = decode(&[&bytes[..cut], &bytes[cut..]]);
    assert_eq!(
        whole, split,
        "the messages depend on where the stream was split (at {cut})"
    );
    let one_by_one: Vec<&[u8]> = bytes.chunks(1).collect();
    assert_eq!(whole, decode(&one_by_one), "byte-by-byte feeding differs");

    let mut codec = BoardCodec::new(Protocol::Dgt);
    codec.feed(bytes);
    let _ = codec.drain();
    let stats = codec.stats();
    assert_eq!(stats.bytes, bytes.len() as u64);
    // The board side (the simulator) reads host commands from the same kind of stream.
    let _ = dgt::HostDecoder::default().feed(bytes);
});
