//! What is wrong with a journal line, as the reader found it: kept in parts so that the
//! game's language can say it (`super::words`); `Display` is the English, for logs.

use std::fmt;

/// Why a journal line cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// The file has no bytes at all.
    Empty,
    /// The last line has no newline: cut off while it was written.
    NoEnd,
    /// The line is longer than any record (the limit in KiB).
    TooLong(usize),
    /// The line is not UTF-8 text.
    NotUtf8,
    /// Nothing after the sequence number.
    NoChecksum,
    /// Nothing after the checksum.
    NoContent,
    /// The first field, as written, is not a sequence number.
    NotASequenceNumber(String),
    /// The second field, as written, is not a checksum.
    NotAChecksum(String),
    /// The checksum does not fit the line's content.
    ChecksumMismatch,
    /// The entry numbered `found` stands where `expected` belongs, a higher number.
    EntriesMissing {
        /// The sequence number found.
        found: u64,
        /// The one that belongs there.
        expected: u64,
    },
    /// An entry number seen before comes again.
    EntryAgain {
        /// The sequence number found.
        found: u64,
        /// The one that belongs there.
        expected: u64,
    },
    /// The first line is no vichess journal header.
    NotAHeader,
    /// The header names a format version this vichess does not read (as written).
    OtherVersion(String),
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damage::Empty => f.write_str("the file is empty: even the header is missing"),
            Damage::NoEnd => f.write_str("the line has no end"),
            Damage::TooLong(kib) => {
                write!(f, "the line is over {kib} KiB, longer than any record")
            }
            Damage::NotUtf8 => f.write_str("it is not valid UTF-8 text"),
            Damage::NoChecksum => f.write_str("it has no checksum"),
            Damage::NoContent => f.write_str("it has no content"),
            Damage::NotASequenceNumber(text) => write!(f, "\"{text}\" is not a sequence number"),
            Damage::NotAChecksum(text) => write!(f, "\"{text}\" is not a checksum"),
            Damage::ChecksumMismatch => f.write_str("its checksum does not match its content"),
            Damage::EntriesMissing { found, expected } => write!(
                f,
                "entry {found} stands where entry {expected} belongs: entries are missing"
            ),
            Damage::EntryAgain { found, expected } => {
                write!(
                    f,
                    "entry {found} comes again where entry {expected} belongs"
                )
            }
            Damage::NotAHeader => f.write_str("it does not start with a vichess journal header"),
            Damage::OtherVersion(version) => write!(
                f,
                "it is journal format version \"{version}\"; this vichess reads version {}",
                super::FORMAT_VERSION
            ),
        }
    }
}
