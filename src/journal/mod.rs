//! The journal: every made move, clock press, penalty, correction and claim, on disk before
//! it is announced, so a power cut loses nothing a player did.
//!
//! A journal is a text file with one entry per line:
//!
//! ```text
//! 0 9f1c2a3b vichess-journal 1 2026-11-21T11-05-Smith-Jones
//! 1 0a4e77c1 move e2e4
//! ```
//!
//! Each line is `<seq> <crc32 in 8 hex digits> <payload>\n`. The checksum covers
//! `<seq> <payload>`; sequence numbers count up from 0 without gaps; line 1 (sequence 0) is
//! the header with the format version and the game id. [`Journal::append`] writes a whole
//! line with one `write_all` and waits for `sync_data` (fsync) before it returns.
//!
//! Reading back ([`read`]) keeps every whole entry in order. A power cut can only damage the
//! last line, so a last line that is incomplete or fails its checksum or sequence is a *torn
//! tail*: reported precisely ([`TornTail`]) and never used. The same fault anywhere before
//! the last line is not a power cut but damage, and [`read`] refuses the file with an error
//! naming the line ([`JournalError::Corrupt`]), never guessing. [`repair`] cuts a reported
//! torn tail off, keeping the removed bytes in a `.torn` file beside the journal.

mod crc;
mod damage;
mod paths;
mod words;

pub use crc::crc32;
pub use damage::Damage;
pub use paths::{games_dir, games_dir_from, journal_file_name};
pub use words::{damage_words, error_words};

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The format version written in the header and the only one read.
pub const FORMAT_VERSION: u32 = 1;

const MAGIC: &str = "vichess-journal";

/// The largest journal read: a checkpoint every ten seconds of a day's running clock is about
/// 220 KB, so this is far beyond any game; a larger file is refused before it fills memory
/// (a 30 MB one took 917 MB to report, issue 24).
pub const MAX_JOURNAL_BYTES: u64 = 8 << 20;

/// The longest journal line read: a record is a few words, a note or a tag a typed line
/// (at most 4 KiB); anything longer is damage.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// One entry read back: its sequence number (from 1) and its payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its place in the journal; gap-free, so a missing entry cannot pass unnoticed.
    pub seq: u64,
    /// The record as written (the session decides what it means), without seq or checksum.
    pub payload: String,
}

/// A last line that cannot be used: cut short or damaged when the program stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TornTail {
    /// The journal file.
    pub path: PathBuf,
    /// Its line number, from 1.
    pub line: usize,
    /// Where the torn line starts in the file: everything before it is whole.
    pub offset: u64,
    /// The torn line's bytes as found, newline included if there was one.
    pub bytes: Vec<u8>,
    /// What is wrong.
    pub why: Damage,
}

impl fmt::Display for TornTail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, line {}: the last entry is unusable ({}; {} bytes), probably cut off when the program stopped",
            self.path.display(),
            self.line,
            self.why,
            self.bytes.len()
        )
    }
}

/// Everything whole in a journal, in order, and the torn tail if there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalRead {
    /// The game id from the header; `None` only when the header itself is torn.
    pub game_id: Option<String>,
    /// Every whole entry after the header, in the order written.
    pub entries: Vec<Entry>,
    /// The damaged last line, to report and [`repair`] before appending.
    pub torn: Option<TornTail>,
}

/// Why a journal cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The file system refused: opening, reading, writing or syncing failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The journal (or its `.torn` file) being used.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },
    /// Damage before the last line: not a power cut, so nothing after it is trusted.
    #[error("{}, line {line}: the journal is damaged ({why}); vichess will not guess what it said", path.display())]
    Corrupt {
        /// The journal file.
        path: PathBuf,
        /// The damaged line's number, from 1.
        line: usize,
        /// What is wrong with it.
        why: Damage,
    },
    /// A journal written by a newer vichess, in a format this one does not know: not
    /// damaged, and never changed; a newer vichess resumes it.
    #[error("{}: this journal was written by a newer vichess (format {version}; this one reads format {FORMAT_VERSION}); update vichess to read it; the file is left as it is", path.display())]
    Newer {
        /// The journal file.
        path: PathBuf,
        /// The format version in its header.
        version: u32,
    },
    /// The journal ends in a torn line: report it, then [`repair`] it before appending.
    #[error("{0}; repair the journal before continuing the game")]
    Torn(TornTail),
    /// The file is larger than any game's journal ([`MAX_JOURNAL_BYTES`]).
    #[error("{}: the journal is over {} MiB, more than any game writes; vichess does not read it", path.display(), MAX_JOURNAL_BYTES >> 20)]
    TooLarge {
        /// The journal file.
        path: PathBuf,
    },
    /// A new game's journal would replace an existing file; games are never overwritten.
    #[error("{}: a journal for this game already exists; vichess never overwrites one", path.display())]
    Exists {
        /// The file that is already there.
        path: PathBuf,
    },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> JournalError + '_ {
    move |source| JournalError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The line for an entry, newline included.
fn encode(seq: u64, payload: &str) -> String {
    let crc = crc32(format!("{seq} {payload}").as_bytes());
    format!("{seq} {crc:08x} {payload}\n")
}

/// A line's sequence number and payload, or what is wrong with it. `line` excludes the
/// newline.
fn decode(line: &[u8]) -> Result<(u64, String), Damage> {
    let text = std::str::from_utf8(line).map_err(|_| Damage::NotUtf8)?;
    let mut parts = text.splitn(3, ' ');
    let seq_text = parts.next().unwrap_or("");
    let crc_text = parts.next().ok_or(Damage::NoChecksum)?;
    let payload = parts.next().ok_or(Damage::NoContent)?;
    let seq: u64 = seq_text
        .parse()
        .map_err(|_| Damage::NotASequenceNumber(seq_text.to_string()))?;
    if crc_text.len() != 8 {
        return Err(Damage::NotAChecksum(crc_text.to_string()));
    }
    let crc = u32::from_str_radix(crc_text, 16)
        .map_err(|_| Damage::NotAChecksum(crc_text.to_string()))?;
    if crc32(format!("{seq} {payload}").as_bytes()) != crc {
        return Err(Damage::ChecksumMismatch);
    }
    Ok((seq, payload.to_string()))
}

fn decode_header(payload: &str) -> Result<String, Damage> {
    let mut parts = payload.splitn(3, ' ');
    if parts.next() != Some(MAGIC) {
        return Err(Damage::NotAHeader);
    }
    let version = parts.next().unwrap_or("");
    if version != FORMAT_VERSION.to_string() {
        return Err(Damage::OtherVersion(version.to_string()));
    }
    Ok(parts.next().unwrap_or("").to_string())
}

/// The format version of a vichess journal header newer than this vichess reads.
fn newer_format(header: &str) -> Option<u32> {
    let mut parts = header.splitn(3, ' ');
    if parts.next() != Some(MAGIC) {
        return None;
    }
    parts
        .next()?
        .parse::<u32>()
        .ok()
        .filter(|v| *v > FORMAT_VERSION)
}

/// Reads a journal back: every whole entry in order, and the torn last line if any.
pub fn read(path: &Path) -> Result<JournalRead, JournalError> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|f| f.take(MAX_JOURNAL_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io_err(path))?;
    if bytes.len() as u64 > MAX_JOURNAL_BYTES {
        return Err(JournalError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    parse(path, &bytes)
}

/// [`read`] on bytes already in memory; `path` only names the file in reports.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<JournalRead, JournalError> {
    let mut out = JournalRead {
        game_id: None,
        entries: Vec::new(),
        torn: None,
    };
    let torn = |line: usize, offset: usize, why: Damage| TornTail {
        path: path.to_path_buf(),
        line,
        offset: offset as u64,
        bytes: bytes[offset..].to_vec(),
        why,
    };
    if bytes.is_empty() {
        out.torn = Some(torn(1, 0, Damage::Empty));
        return Ok(out);
    }
    let mut offset = 0usize;
    let mut line_no = 0usize;
    while offset < bytes.len() {
        line_no += 1;
        let rest = &bytes[offset..];
        let Some(nl) = rest.iter().position(|&b| b == b'\n') else {
            out.torn = Some(torn(line_no, offset, Damage::NoEnd));
            return Ok(out);
        };
        let is_last = offset + nl + 1 == bytes.len();
        if nl > MAX_LINE_BYTES {
            // Longer than any line vichess writes, so no torn write of one either.
            return Err(JournalError::Corrupt {
                path: path.to_path_buf(),
                line: line_no,
                why: Damage::TooLong(MAX_LINE_BYTES >> 10),
            });
        }
        let expected = line_no as u64 - 1;
        let checked = decode(&rest[..nl]).and_then(|(seq, payload)| {
            if seq != expected {
                return Err(if seq > expected {
                    Damage::EntriesMissing {
                        found: seq,
                        expected,
                    }
                } else {
                    Damage::EntryAgain {
                        found: seq,
                        expected,
                    }
                });
            }
            Ok((seq, payload))
        });
        // A whole header from a newer vichess: said as such before anything else is judged
        // (its later lines may hold records this vichess cannot read).
        if let Ok((0, payload)) = &checked {
            if let Some(version) = newer_format(payload) {
                return Err(JournalError::Newer {
                    path: path.to_path_buf(),
                    version,
                });
            }
        }
        let checked = checked.and_then(|(seq, payload)| {
            if seq == 0 {
                decode_header(&payload).map(|id| (seq, id))
            } else {
                Ok((seq, payload))
            }
        });
        match checked {
            Ok((0, id)) => out.game_id = Some(id),
            Ok((seq, payload)) => out.entries.push(Entry { seq, payload }),
            Err(why) if is_last => {
                out.torn = Some(torn(line_no, offset, why));
                return Ok(out);
            }
            Err(why) => {
                return Err(JournalError::Corrupt {
                    path: path.to_path_buf(),
                    line: line_no,
                    why,
                })
            }
        }
        offset += nl + 1;
    }
    Ok(out)
}

/// Cuts a torn tail off a journal, after it has been reported. The removed bytes are first
/// saved (and synced) in `<journal>.torn` (or `.torn.2`, `.torn.3`, … if that exists), so
/// nothing a player entered is ever lost. Returns the tail that was removed, or `None` if
/// the journal was whole. A journal damaged before its last line is refused unchanged.
pub fn repair(path: &Path) -> Result<Option<TornTail>, JournalError> {
    refuse_symlink(path)?;
    let read = read(path)?;
    let Some(tail) = read.torn else {
        return Ok(None);
    };
    // Kept the safe way (0600, synced with its folder, never through a symbolic link), and
    // never over an earlier `.torn` file: a name that is taken, even by a dangling link,
    // moves on to the next. A full disk leaves no partial copy that looks like the bytes.
    let mut n = 1;
    loop {
        let keep = keep_path(path, n);
        match crate::safe_file::create_new(&keep, &tail.bytes) {
            Ok(()) => break,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => n += 1,
            Err(e) => return Err(io_err(&keep)(e)),
        }
    }
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(io_err(path))?;
    file.set_len(tail.offset)
        .and_then(|()| file.sync_all())
        .map_err(io_err(path))?;
    Ok(Some(tail))
}

/// The first free name from `<journal>.torn` (n = 1), `.torn.2`, `.torn.3`, … on; a
/// symbolic link, even a dangling one, takes a name.
fn keep_path(path: &Path, mut n: u32) -> PathBuf {
    loop {
        let mut name = path.as_os_str().to_owned();
        name.push(if n == 1 {
            ".torn".to_string()
        } else {
            format!(".torn.{n}")
        });
        let candidate = PathBuf::from(name);
        if std::fs::symlink_metadata(&candidate).is_err() {
            return candidate;
        }
        n += 1;
    }
}

/// An open journal, appending.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
    next_seq: u64,
    /// The file's length after the last whole entry: a failed write is cut back to it.
    len: u64,
    /// A write failed part-way and could not be cut back: more lines after a partial one
    /// would turn a torn tail into damage in the middle, so the journal takes no more.
    failed: bool,
}

impl Journal {
    /// Starts a new journal with its header. Refuses to overwrite an existing file.
    pub fn create(path: &Path, game_id: &str) -> Result<Journal, JournalError> {
        check_payload(game_id).map_err(io_err(path))?;
        let mut options = OpenOptions::new();
        options.append(true).create_new(true);
        // A game record names players and events: readable by its owner only.
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let file = options.open(path).map_err(|e| {
            if e.kind() == io::ErrorKind::AlreadyExists {
                JournalError::Exists {
                    path: path.to_path_buf(),
                }
            } else {
                io_err(path)(e)
            }
        })?;
        let mut journal = Journal {
            file,
            path: path.to_path_buf(),
            next_seq: 0,
            len: 0,
            failed: false,
        };
        journal
            .write_entry(&format!("{MAGIC} {FORMAT_VERSION} {game_id}"))
            .map_err(io_err(path))?;
        // The new file's name must survive a power cut too: sync the directory entry.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            File::open(dir)
                .and_then(|d| d.sync_all())
                .map_err(io_err(dir))?;
        }
        Ok(journal)
    }

    /// Opens a journal to continue it. It must be whole: a torn tail is returned as
    /// [`JournalError::Torn`] to be reported and [`repair`]ed first.
    pub fn open_append(path: &Path) -> Result<Journal, JournalError> {
        refuse_symlink(path)?;
        let read = read(path)?;
        if let Some(tail) = read.torn {
            return Err(JournalError::Torn(tail));
        }
        let next_seq = read.entries.last().map_or(1, |e| e.seq + 1);
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io_err(path))?;
        let len = file.metadata().map_err(io_err(path))?.len();
        Ok(Journal {
            file,
            path: path.to_path_buf(),
            next_seq,
            len,
            failed: false,
        })
    }

    /// Appends one entry and returns its sequence number once it is on disk (fsync). The
    /// payload must be one line: a newline or carriage return in it is refused.
    pub fn append(&mut self, payload: &str) -> io::Result<u64> {
        check_payload(payload)?;
        self.write_entry(payload)
    }

    fn write_entry(&mut self, payload: &str) -> io::Result<u64> {
        if self.failed {
            return Err(io::Error::other(
                "an earlier entry could not be written: reopen the journal to continue",
            ));
        }
        let seq = self.next_seq;
        let line = encode(seq, payload);
        let written = self
            .file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data());
        if let Err(e) = written {
            // A full disk or a removed medium: cut off whatever part of the line got in, so
            // the same entry can be written again once the fault is fixed.
            let cut = self
                .file
                .set_len(self.len)
                .and_then(|()| self.file.sync_data());
            if cut.is_err() {
                self.failed = true;
            }
            return Err(e);
        }
        self.len += line.len() as u64;
        self.next_seq += 1;
        Ok(seq)
    }

    /// The sequence number the next entry will get.
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }

    /// The journal file, for messages and to name files kept beside it (the PGN export).
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A journal is appended to and cut in place, so one reached through a symbolic link would
/// have vichess write a file outside the game folder (anyone who can write the folder could
/// aim it at the player's files).
fn refuse_symlink(path: &Path) -> Result<(), JournalError> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(JournalError::Io {
            path: path.to_path_buf(),
            source: io::Error::other(
                "the journal is a symbolic link; vichess writes only the game folder's own files",
            ),
        }),
        _ => Ok(()),
    }
}

fn check_payload(payload: &str) -> io::Result<()> {
    if payload.contains(['\n', '\r']) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a journal entry must be one line, without line breaks",
        ));
    }
    Ok(())
}
