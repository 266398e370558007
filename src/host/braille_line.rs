//! The live braille line (issue 17, item 2): every line `vichess play` prints also goes to a
//! refreshable braille display through BRLTTY's BrlAPI socket, and the display's keys come back
//! as the console's own commands (`back`, `forward`, `time`), so the game cannot tell a key on
//! the display from a typed line.
//!
//! The protocol is [`crate::braille::brlapi`] (sans-IO); this adapter owns the socket. The
//! handshake is done before the game starts, with a timeout, so a missing or silent BRLTTY
//! costs one plain line and the game goes on without the display. A line longer than the
//! display shows its end, cut at a word, behind "…": the end of a line is where the move, the
//! answer or the time stands (docs/braille.md, "The live line").

use super::Arrival;
use crate::braille::brlapi::{self, kind, Decoder, KeyAction, Packet};
use crate::braille::peer;
use anyhow::{anyhow, Context};
use std::io::{Read, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::time::Duration;

/// How long the handshake may take: BRLTTY answers at once or not at all.
const HANDSHAKE: Duration = Duration::from_secs(3);
/// How long one write to the display may wait for the server.
const WRITE_WAIT: Duration = Duration::from_millis(500);
/// BrlAPI's own key file, for servers that ask for a key.
const KEY_FILE: &str = "/etc/brlapi.key";

/// The key file: `BRLAPI_AUTH` as BrlAPI's own clients read it (a path, or `keyfile:PATH`
/// among `+`-separated methods), else [`KEY_FILE`]; `None` when `BRLAPI_AUTH` names no key
/// file (`none`, `polkit`).
fn key_file() -> Option<PathBuf> {
    match std::env::var("BRLAPI_AUTH") {
        Ok(auth) if !auth.is_empty() => auth.split('+').find_map(|m| {
            m.strip_prefix("keyfile:")
                .or_else(|| m.starts_with('/').then_some(m))
                .map(PathBuf::from)
        }),
        _ => Some(PathBuf::from(KEY_FILE)),
    }
}

/// The key for the server at `path` on `s`, read only once the server is known to be one
/// that could read the key file itself (`crate::braille::peer`): the socket is no symbolic
/// link (which could lead anywhere), and both the socket file's owner and the process
/// listening on it may read the key.
fn key_for(path: &Path, s: &UnixStream) -> anyhow::Result<Vec<u8>> {
    let file = key_file().ok_or_else(|| {
        anyhow!("the BrlAPI server asks for a key and BRLAPI_AUTH names no key file")
    })?;
    let socket = std::fs::symlink_metadata(path).with_context(|| path.display().to_string())?;
    if socket.file_type().is_symlink() {
        let target = std::fs::read_link(path).unwrap_or_default();
        return Err(anyhow!(
            "{} is a symbolic link to {}: vichess sends the key in {} only to a socket at the \
             path given",
            path.display(),
            target.display(),
            file.display()
        ));
    }
    let mut key = std::fs::File::open(&file)
        .with_context(|| format!("the BrlAPI server asks for the key in {}", file.display()))?;
    let owner = peer::Owner::of(&key.metadata()?);
    let listener = peer::credentials(s).context("the BrlAPI socket's peer credentials")?;
    let socket_owner = peer::Peer {
        uid: socket.uid(),
        gid: socket.gid(),
        groups: Vec::new(),
    };
    for (who, what) in [
        (&socket_owner, "the socket belongs to user"),
        (&listener, "the server runs as user"),
    ] {
        if !peer::may_read(who, &owner) {
            return Err(anyhow!(
                "{}: {what} {}, who may not read {}, so vichess does not send it the key",
                path.display(),
                who.uid,
                file.display()
            ));
        }
    }
    let mut bytes = Vec::new();
    (&mut key)
        .take(brlapi::MAX_KEY as u64 + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() > brlapi::MAX_KEY {
        return Err(anyhow!(
            "the BrlAPI key in {} is longer than the protocol's {} bytes",
            file.display(),
            brlapi::MAX_KEY
        ));
    }
    Ok(bytes)
}

/// The socket to use: the one given, else `BRLAPI_HOST` (a path, or `:N` for the local
/// server number N), else BRLTTY's first local server.
pub fn socket_path(given: Option<&Path>) -> PathBuf {
    if let Some(p) = given.filter(|p| !p.as_os_str().is_empty()) {
        return p.to_path_buf();
    }
    match std::env::var("BRLAPI_HOST") {
        Ok(h) if h.starts_with('/') => PathBuf::from(h),
        Ok(h) if h.starts_with(':') => PathBuf::from(format!("/var/lib/BrlAPI/{}", &h[1..])),
        _ => PathBuf::from("/var/lib/BrlAPI/0"),
    }
}

/// The tty path BRLTTY knows this terminal by: `WINDOWPATH` (an X or Wayland session's ttys
/// from the root down) and `CONTROLVT`, as BrlAPI's own clients find it. Empty when neither
/// is set: the root, which BRLTTY shows while no screen reader client holds a deeper tty.
fn tty_path() -> Vec<u32> {
    let mut ttys: Vec<u32> = std::env::var("WINDOWPATH")
        .unwrap_or_default()
        .split(':')
        .filter_map(|n| n.parse().ok())
        .collect();
    if let Some(vt) = std::env::var("CONTROLVT").ok().and_then(|v| v.parse().ok()) {
        ttys.push(vt);
    }
    ttys
}

/// The display, connected and in tty mode.
pub struct BrailleLine {
    stream: UnixStream,
    cells: u32,
}

/// Why the display could not be reached, by kind, so that it is said in the game's words:
/// a braille reader whose display stays silent hears why. The server's own English stays in
/// brackets only where no word says it.
#[derive(Debug)]
pub struct BrailleFault {
    path: PathBuf,
    why: FaultWhy,
}

#[derive(Debug)]
enum FaultWhy {
    /// Nothing listens at the path: BRLTTY is not running (it opens no BrlAPI socket
    /// without a braille device).
    NoServer(std::io::Error),
    /// BRLTTY answers but reports a display of no cells.
    NoCells,
    /// The server asks for the key and vichess will not send it there.
    KeyWithheld(String),
    /// Anything else: a refusal, a silence, an answer out of step.
    NotUnderstood(String),
}

/// Markers for [`BrailleLine::handshake`]'s errors that have their own words.
#[derive(Debug, thiserror::Error)]
#[error("the BrlAPI server has no display")]
struct NoCells;

#[derive(Debug, thiserror::Error)]
#[error("{0:#}")]
struct Withheld(anyhow::Error);

impl BrailleFault {
    /// The socket's path, then why, in `pack`'s words.
    pub fn words(&self, pack: &crate::voice::Pack) -> String {
        use crate::phrase::token::{Token, Word};
        let w = |word| pack.text(&[Token::Word(word)]);
        let (word, detail) = match &self.why {
            FaultWhy::NoServer(e) => (Word::BrailleNoServer, crate::io_words::io_reason(pack, e)),
            FaultWhy::NoCells => (Word::BrailleNoCells, String::new()),
            FaultWhy::KeyWithheld(why) => (Word::BrailleKeyWithheld, why.clone()),
            FaultWhy::NotUnderstood(why) => (Word::BrailleNotUnderstood, why.clone()),
        };
        let mut line = format!("{}{} {}", self.path.display(), pack.colon(), w(word));
        if !detail.is_empty() {
            line = format!("{line} ({detail})");
        }
        line
    }
}

impl std::fmt::Display for BrailleFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.why {
            FaultWhy::NoServer(e) => write!(f, "{}: {e}", self.path.display()),
            FaultWhy::NoCells => write!(f, "{}: {NoCells}", self.path.display()),
            FaultWhy::KeyWithheld(why) | FaultWhy::NotUnderstood(why) => {
                write!(f, "{}: {why}", self.path.display())
            }
        }
    }
}

impl std::error::Error for BrailleFault {}

impl BrailleLine {
    /// Connects, authorises, asks the display's width and takes the tty; keys then arrive on
    /// `keys` as console lines until the socket closes.
    pub fn connect(path: &Path, keys: Sender<Arrival>) -> Result<BrailleLine, BrailleFault> {
        let fault = |why| BrailleFault {
            path: path.to_path_buf(),
            why,
        };
        let s = UnixStream::connect(path).map_err(|e| fault(FaultWhy::NoServer(e)))?;
        BrailleLine::handshake(path, s, keys).map_err(|e| {
            fault(if e.downcast_ref::<NoCells>().is_some() {
                FaultWhy::NoCells
            } else if let Some(Withheld(why)) = e.downcast_ref::<Withheld>() {
                FaultWhy::KeyWithheld(format!("{why:#}"))
            } else {
                FaultWhy::NotUnderstood(format!("{e:#}"))
            })
        })
    }

    fn handshake(
        path: &Path,
        mut s: UnixStream,
        keys: Sender<Arrival>,
    ) -> anyhow::Result<BrailleLine> {
        s.set_read_timeout(Some(HANDSHAKE))?;
        let mut d = Decoder::new();
        brlapi::check_version(&expect(&mut s, &mut d, kind::VERSION)?)?;
        s.write_all(&brlapi::version().encode())?;
        let methods = brlapi::auth_methods(&expect(&mut s, &mut d, kind::AUTH)?);
        if !methods.contains(&brlapi::auth::NONE) {
            if !methods.contains(&brlapi::auth::KEY) {
                return Err(anyhow!(
                    "the BrlAPI server at {} asks for an authorisation vichess does not speak",
                    path.display()
                ));
            }
            let key = key_for(path, &s).map_err(Withheld)?;
            s.write_all(&brlapi::auth_key(&key).encode())?;
            expect(&mut s, &mut d, kind::ACK)?;
        }
        s.write_all(&brlapi::get_display_size().encode())?;
        let (cells, _) = brlapi::display_size(&expect(&mut s, &mut d, kind::GET_DISPLAY_SIZE)?)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        if cells == 0 {
            return Err(NoCells.into());
        }
        s.write_all(&brlapi::enter_tty_mode(&tty_path()).encode())?;
        expect(&mut s, &mut d, kind::ACK)?;
        s.set_read_timeout(None)?;
        // A server that stops reading must not stop the game: the write fails, the display
        // is dropped.
        s.set_write_timeout(Some(WRITE_WAIT))?;
        let reader = s.try_clone()?;
        std::thread::spawn(move || read_keys(reader, d, keys));
        Ok(BrailleLine { stream: s, cells })
    }

    /// Shows one printed line; a display that went away is left alone from then on.
    pub fn show(&mut self, line: &str) -> std::io::Result<()> {
        let shown = fit(line, self.cells as usize);
        self.stream
            .write_all(&brlapi::write_text(&shown, self.cells).encode())
    }
}

impl Drop for BrailleLine {
    fn drop(&mut self) {
        let _ = self.stream.write_all(&brlapi::leave_tty_mode().encode());
    }
}

/// The packet of `want`, or the server's refusal as an error.
fn expect(s: &mut UnixStream, d: &mut Decoder, want: u32) -> anyhow::Result<Packet> {
    let mut buf = [0u8; 512];
    loop {
        if let Some(p) = d.next_packet()? {
            return match p.kind {
                k if k == want => Ok(p),
                kind::ERROR | kind::EXCEPTION => Err(brlapi::error(&p).into()),
                // A key pressed during the handshake is not ours yet.
                kind::KEY => continue,
                k => Err(anyhow!(
                    "the BrlAPI server answered {:?} where {:?} was due",
                    char::from_u32(k).unwrap_or('?'),
                    char::from_u32(want).unwrap_or('?')
                )),
            };
        }
        let n = s
            .read(&mut buf)
            .context("the BrlAPI server did not answer")?;
        if n == 0 {
            return Err(anyhow!("the BrlAPI server closed the connection"));
        }
        d.push(&buf[..n]);
    }
}

/// Turns the display's keys into console lines; acknowledgements of writes are dropped. A
/// server that breaks the protocol (a packet over its size) is out of step for good: the
/// socket is shut, so the next write fails and the display is dropped, and nothing more is
/// read from it.
fn read_keys(mut s: UnixStream, mut d: Decoder, keys: Sender<Arrival>) {
    let mut buf = [0u8; 512];
    loop {
        loop {
            let p = match d.next_packet() {
                Ok(Some(p)) => p,
                Ok(None) => break,
                Err(_) => {
                    let _ = s.shutdown(std::net::Shutdown::Both);
                    return;
                }
            };
            if p.kind != kind::KEY {
                continue;
            }
            let Ok(code) = brlapi::key_code(&p) else {
                continue;
            };
            let line = match brlapi::key_action(code) {
                KeyAction::Back => "back",
                KeyAction::Forward => "forward",
                KeyAction::Time => "time",
                KeyAction::Route(_) | KeyAction::Other => continue,
            };
            if keys.send(Arrival::Line(line.into())).is_err() {
                return;
            }
        }
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => d.push(&buf[..n]),
        }
    }
}

/// `line` in `cells` cells: whole if it fits, else its end from a word start behind "…".
fn fit(line: &str, cells: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= cells {
        return line.to_string();
    }
    let room = cells.saturating_sub(1);
    let tail = &chars[chars.len() - room..];
    // Cut at the first word start in the tail, unless that would leave a quarter or less.
    let start = tail
        .iter()
        .position(|c| *c == ' ')
        .filter(|&i| i + 1 < tail.len() && tail.len() - i > room / 4)
        .map_or(0, |i| i + 1);
    let mut shown = String::from("…");
    shown.extend(&tail[start..]);
    shown
}

/// Standard output with every finished line also shown on the display.
pub struct Tee<W: Write> {
    inner: W,
    line: Option<BrailleLine>,
    pending: Vec<u8>,
}

impl<W: Write> Tee<W> {
    /// `inner` alone when there is no display.
    pub fn new(inner: W, line: Option<BrailleLine>) -> Tee<W> {
        Tee {
            inner,
            line,
            pending: Vec::new(),
        }
    }
}

impl<W: Write> Write for Tee<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        if let Some(display) = &mut self.line {
            self.pending.extend_from_slice(&buf[..n]);
            while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let text: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&text[..end]);
                if !text.trim().is_empty() && display.show(text.trim_end()).is_err() {
                    self.line = None;
                    self.pending.clear();
                    break;
                }
            }
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn a_long_line_keeps_its_end_from_a_word_start() {
        assert_eq!(fit("1. e4 e5", 40), "1. e4 e5");
        let long = "Weiß am Zug, Bedenkzeit 90 Minuten, dann 12. Sd4 Dd7";
        let shown = fit(long, 20);
        assert!(shown.chars().count() <= 20, "{shown}");
        assert_eq!(shown, "…dann 12. Sd4 Dd7");
        let word = "x".repeat(50);
        assert_eq!(fit(&word, 10).chars().count(), 10);
    }
}
