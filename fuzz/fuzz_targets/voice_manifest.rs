//! Voice manifests (a user can drop any pack into the voices folder): any text loads or is
//! refused, never a panic, and a loaded pack can say every word it knows.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use vichess::voice::Pack;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let root = Path::new("/nonexistent/vichess-fuzz-pack");
    let Ok(pack) = Pack::parse(text, root, "fuzz", &root.join("manifest.toml")) else {
        return;
    };
    for token in pack.missing_tokens() {
        let _ = pack.word(token);
    }
    let _ = pack.clip_count();
    let _ = (
        pack.name(),
        pack.language(),
        pack.sample_rate(),
        pack.grammar(),
    );
});
