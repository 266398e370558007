//! liblouis's command-line back-translation, the same library a screen reader uses: the
//! braille tests read what vichess wrote back into text with it.
#![allow(dead_code)]

use std::process::{Command, Stdio};

/// `unicode` (U+2800 braille) translated back to text with the liblouis table list `table`.
pub fn back_translate(table: &str, unicode: &str) -> String {
    use std::io::Write;
    let mut child = Command::new("lou_translate")
        .args(["--backward", &format!("unicode.dis,{table}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("lou_translate (Debian liblouis-bin, installed by scripts/setup) runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(unicode.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "lou_translate failed on {unicode:?}");
    String::from_utf8(out.stdout).unwrap()
}
