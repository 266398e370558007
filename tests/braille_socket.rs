//! Issue 24, item 17: the BrlAPI socket is a door into `vichess play`, so what comes through
//! it is bounded and the key goes only to a server that may read it. A fake BrlAPI server
//! (tests/common/brlapi.rs) claims an absurd display, sends an oversize packet, or asks for
//! the key through a symbolic link; the check behind the key is tested with the kernel's real
//! peer credentials of a socket pair and an injected other user.
//!
//! Not tested here: a real server running as another user. Starting one needs root (to
//! change a process's user), so the refusal of another user is tested on the rule
//! (`peer::may_read`) with the credentials the kernel gives for this process and an injected
//! other uid.

#[path = "common/play.rs"]
mod common_play;
#[path = "common/brlapi.rs"]
mod fake_brlapi;

use fake_brlapi::Setup;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;
use vichess::braille::brlapi::{self, kind, Decoder};
use vichess::braille::peer::{self, Owner, Peer};
use vichess::phrase::token::{Token, Word};
use vichess::voice::Pack;

const WAIT: Duration = Duration::from_secs(20);

/// `vichess play` on `socket` with the key file `key`, typing `input`; its output lines.
fn play(home: &Path, socket: &Path, key: &Path, input: &[u8]) -> Vec<String> {
    let games = home.join("games");
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["play", "--no-audio", "--lang", "en", "--control", "none"])
        .arg("--game-dir")
        .arg(&games)
        .arg("--braille-display")
        .arg(socket)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("BRLAPI_AUTH", format!("keyfile:{}", key.display()))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    common_play::lines_of(&child.wait_with_output().unwrap())
}

fn missing_word() -> String {
    Pack::builtin("en")
        .unwrap()
        .text(&[Token::Word(Word::BrailleDisplayMissing)])
}

fn saved_word() -> String {
    let saved = Pack::builtin("en")
        .unwrap()
        .text(&[Token::Word(Word::Saved)]);
    format!("{saved}: ")
}

#[test]
fn a_server_claiming_four_billion_cells_is_refused_in_one_line_and_the_game_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let socket = home.path().join("BrlAPI0");
    let display = fake_brlapi::serve_with(
        &socket,
        Setup {
            cells: u32::MAX,
            ..Setup::default()
        },
    );
    let lines = play(
        home.path(),
        &socket,
        &home.path().join("key"),
        b"e4\nquit\n",
    );
    let refused: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(&missing_word()))
        .collect();
    assert_eq!(refused.len(), 1, "{lines:?}");
    assert!(
        refused[0].contains("BrlAPI0: ") && refused[0].contains("4294967295 cells"),
        "the line names the socket and the claim: {refused:?}"
    );
    assert!(lines.iter().any(|l| l == "e4"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with(&saved_word())),
        "the game went on to its end: {lines:?}"
    );
    assert!(
        display.written.try_iter().next().is_none(),
        "nothing is written to a refused display"
    );
    assert_eq!(
        brlapi::write_text("e4", u32::MAX).payload.len(),
        brlapi::write_text("e4", brlapi::MAX_CELLS).payload.len(),
        "a write is never wider than the widest display accepted"
    );
}

#[test]
fn an_oversize_header_is_refused_and_nothing_after_it_is_kept() {
    let mut d = Decoder::new();
    let mut header = u32::MAX.to_be_bytes().to_vec();
    header.extend_from_slice(&kind::KEY.to_be_bytes());
    d.push(&header);
    for _ in 0..1024 {
        d.push(&[0u8; 1024]);
        assert_eq!(d.buffered(), 0, "bytes after a refused header are dropped");
    }
    for _ in 0..2 {
        assert!(
            matches!(d.next_packet(), Err(brlapi::ProtocolError::TooLarge(n)) if n == u32::MAX as usize),
            "the refusal stays"
        );
    }
    // A good packet followed by an oversize header: the good one is read, the bad one refused.
    let mut d = Decoder::new();
    let mut bytes = brlapi::write_text("1. e4", 20).encode();
    bytes.extend_from_slice(&header);
    bytes.extend_from_slice(&[0u8; 5000]);
    d.push(&bytes);
    assert!(d.next_packet().unwrap().is_some());
    assert!(d.next_packet().is_err());
    assert_eq!(d.buffered(), 0);
}

#[test]
fn play_drops_a_display_that_sends_an_oversize_packet_and_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let socket = home.path().join("BrlAPI0");
    let display = fake_brlapi::serve_with(
        &socket,
        Setup {
            oversize_packet: true,
            ..Setup::default()
        },
    );
    let (mut child, mut stdin, stdout) = common_play::spawn_play(
        home.path(),
        &[
            "--no-audio",
            "--lang",
            "en",
            "--control",
            "none",
            "--game-dir",
            home.path().join("games").to_str().unwrap(),
            "--braille-display",
            socket.to_str().unwrap(),
        ],
    );
    // The game is still running: the client shut the socket on the header, it did not read on.
    display
        .closed
        .recv_timeout(WAIT)
        .expect("vichess closes a connection that sent an oversize packet");
    writeln!(stdin, "e4").unwrap();
    let mut seen = Vec::new();
    loop {
        let line = stdout
            .recv_timeout(WAIT)
            .unwrap_or_else(|e| panic!("no e4 ({e}): {seen:?}"));
        if line == "e4" {
            break;
        }
        seen.push(line);
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// A key file only its owner (this process's user) may read.
fn key_file(dir: &Path) -> std::path::PathBuf {
    let key = dir.join("brlapi.key");
    std::fs::write(&key, b"the secret key").unwrap();
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    key
}

#[test]
fn the_key_goes_to_the_socket_at_its_path_and_not_through_a_symbolic_link() {
    let home = tempfile::tempdir().unwrap();
    let key = key_file(home.path());
    let real = home.path().join("BrlAPI0");
    let ask_key = Setup {
        ask_key: true,
        ..Setup::default()
    };

    // The server at the path given gets the key and shows the game.
    let display = fake_brlapi::serve_with(&real, ask_key);
    let lines = play(home.path(), &real, &key, b"e4\nquit\n");
    assert!(
        !lines.iter().any(|l| l.contains(&missing_word())),
        "{lines:?}"
    );
    assert_eq!(
        display.auth_keys.recv_timeout(WAIT).unwrap(),
        b"the secret key"
    );
    assert!(display.written.try_iter().any(|l| l.trim_end() == "e4"));

    // The same kind of server reached through a symbolic link gets nothing.
    let elsewhere = home.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let target = elsewhere.join("sock");
    let display = fake_brlapi::serve_with(&target, ask_key);
    let link = home.path().join("BrlAPI1");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let lines = play(home.path(), &link, &key, b"e4\nquit\n");
    let refused: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(&missing_word()))
        .collect();
    assert_eq!(refused.len(), 1, "{lines:?}");
    assert!(
        refused[0].contains("symbolic link") && refused[0].contains("elsewhere"),
        "{refused:?}"
    );
    display.closed.recv_timeout(WAIT).unwrap();
    assert!(
        display.auth_keys.try_iter().next().is_none(),
        "no key went through the link"
    );
    assert!(lines.iter().any(|l| l == "e4"), "{lines:?}");
}

#[test]
fn the_key_goes_only_to_a_peer_that_could_read_it_itself() {
    // The kernel's credentials of the other end of a socket pair: this process.
    let (a, _b) = UnixStream::pair().unwrap();
    let me = peer::credentials(&a).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let key = key_file(dir.path());
    let owner = Owner::of(&std::fs::metadata(&key).unwrap());
    assert_eq!(me.uid, owner.uid, "SO_PEERCRED names this process's user");
    assert!(peer::may_read(&me, &owner));

    // Another user, in no group of the file.
    let other_uid = if me.uid == 0 { 4242 } else { me.uid + 1 };
    let other = Peer {
        uid: other_uid,
        gid: owner.gid + 1,
        groups: vec![owner.gid + 2],
    };
    assert!(!peer::may_read(&other, &owner), "another user's server");
    // Root reads everything; a member of the file's group reads it when the group may.
    let root = Peer {
        uid: 0,
        gid: 0,
        groups: Vec::new(),
    };
    assert!(peer::may_read(&root, &owner));
    let member = Peer {
        groups: vec![owner.gid],
        ..other.clone()
    };
    assert!(!peer::may_read(&member, &owner), "0600: not the group");
    let group_readable = Owner {
        mode: 0o640,
        ..owner
    };
    assert!(peer::may_read(&member, &group_readable));
    assert!(!peer::may_read(&other, &group_readable));
    // The owner is judged by the owner bits alone.
    let owner_barred = Owner {
        mode: 0o044,
        uid: other_uid,
        ..owner
    };
    assert!(!peer::may_read(&other, &owner_barred));
    assert!(peer::may_read(
        &other,
        &Owner {
            mode: 0o604,
            ..owner
        }
    ));

    // A real listener's credentials, through a connected socket, are this process's too.
    let path = dir.path().join("sock");
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    let client = UnixStream::connect(&path).unwrap();
    let _server = listener.accept().unwrap();
    assert_eq!(peer::credentials(&client).unwrap().uid, me.uid);
}
