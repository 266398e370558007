//! Why a board's link is down, kept as a kind vichess says in the game's words.
//!
//! The reasons were English sentences vichess made itself ("cannot open /dev/ttyUSB0: No such
//! file or directory", "the board stopped answering") inside a Russian or German line. A
//! player or an assistant acts on the kind (plug the board in, name the port, switch the
//! board on), so the kind is said in the pack's words; the port's path stays as it is, and
//! the system's own reason is said in the pack's words where it is a common one
//! ([`crate::io_words`]) and kept as the system gave it otherwise.

use crate::board::codec::Protocol;
use crate::phrase::token::{Token, Word};
use crate::voice::Pack;
use std::fmt;
use std::io;

/// Why the link is down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkLoss {
    /// The board sent nothing for longer than it ever pauses (the watchdog).
    Silent,
    /// The port or device reported its end (a read of nothing): the board was switched off
    /// or unplugged.
    Closed,
    /// The port cannot be opened.
    CannotOpen {
        /// The port's path as given or found.
        path: String,
        /// The system's reason.
        why: SystemWhy,
    },
    /// Reading from the port failed.
    CannotRead(SystemWhy),
    /// Writing to the port failed.
    CannotWrite(SystemWhy),
    /// No USB serial port is there to look for the board on.
    NoPort(Protocol),
    /// Several USB serial ports, none named like this kind of board.
    SeveralPorts(Protocol, Vec<String>),
    /// The system's list of serial ports cannot be read.
    CannotList(SystemWhy),
    /// No Chessnut board among the USB HID devices.
    NoChessnut,
}

/// An operating system's reason: its kind, when it has one, and its own text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemWhy {
    /// The kind, which the common cases are said by.
    pub kind: Option<io::ErrorKind>,
    /// The system's text, said where the kind has no words.
    pub text: String,
}

impl From<&io::Error> for SystemWhy {
    fn from(e: &io::Error) -> SystemWhy {
        SystemWhy {
            kind: Some(e.kind()),
            text: e.to_string(),
        }
    }
}

#[cfg(feature = "serial")]
impl From<&serialport::Error> for SystemWhy {
    fn from(e: &serialport::Error) -> SystemWhy {
        let kind = match e.kind() {
            serialport::ErrorKind::Io(kind) => Some(kind),
            serialport::ErrorKind::NoDevice => Some(io::ErrorKind::NotFound),
            _ => None,
        };
        SystemWhy {
            kind,
            text: e.to_string(),
        }
    }
}

impl SystemWhy {
    /// The reason in `pack`'s words where it is a common one, else the system's text.
    pub fn words(&self, pack: &Pack) -> String {
        self.kind
            .and_then(|k| crate::io_words::kind_words(pack, k))
            .unwrap_or_else(|| crate::text::printable(self.text.trim().trim_end_matches('.')))
    }
}

impl LinkLoss {
    /// Why, in `pack`'s words: the port's path and the names of ports as they are.
    pub fn words(&self, pack: &Pack) -> String {
        let w = |word| pack.text(&[Token::Word(word)]);
        match self {
            LinkLoss::Silent => w(Word::BoardSilent),
            LinkLoss::Closed => w(Word::BoardClosed),
            LinkLoss::CannotOpen { path, why } => {
                format!("{} {path} ({})", w(Word::BoardCannotOpen), why.words(pack))
            }
            LinkLoss::CannotRead(why) => {
                format!("{} ({})", w(Word::BoardCannotRead), why.words(pack))
            }
            LinkLoss::CannotWrite(why) => {
                format!("{} ({})", w(Word::BoardCannotWrite), why.words(pack))
            }
            LinkLoss::NoPort(protocol) => format!("{} ({protocol})", w(Word::BoardNoPort)),
            LinkLoss::SeveralPorts(protocol, ports) => format!(
                "{} ({protocol}: {})",
                w(Word::BoardSeveralPorts),
                ports.join(", ")
            ),
            LinkLoss::CannotList(why) => {
                format!("{} ({})", w(Word::BoardCannotList), why.words(pack))
            }
            LinkLoss::NoChessnut => w(Word::BoardNoChessnut),
        }
    }
}

/// English, for `board monitor`'s log and `{}`; a game says [`LinkLoss::words`].
impl fmt::Display for LinkLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkLoss::Silent => f.write_str("the board stopped answering"),
            LinkLoss::Closed => f.write_str("the board closed the connection"),
            LinkLoss::CannotOpen { path, why } => write!(f, "cannot open {path}: {}", why.text),
            LinkLoss::CannotRead(why) => write!(f, "cannot read from the board: {}", why.text),
            LinkLoss::CannotWrite(why) => write!(f, "cannot write to the board: {}", why.text),
            LinkLoss::NoPort(protocol) => {
                write!(f, "no USB serial port found for a {protocol} board")
            }
            LinkLoss::SeveralPorts(protocol, ports) => write!(
                f,
                "several USB serial ports and none looks like a {protocol} board: {}; name one",
                ports.join(", ")
            ),
            LinkLoss::CannotList(why) => write!(f, "cannot list the serial ports: {}", why.text),
            LinkLoss::NoChessnut => f.write_str("no Chessnut board among the USB HID devices"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(name: &str, loss: &LinkLoss) -> String {
        loss.words(&Pack::builtin(name).unwrap())
    }

    /// Every kind has its own words in every pack, none of them English outside the English
    /// pack; a path, a protocol and the system's text where it has no words stay as they are.
    #[test]
    fn every_loss_is_said_in_the_games_language() {
        let missing = SystemWhy::from(&io::Error::from(io::ErrorKind::NotFound));
        let odd = SystemWhy {
            kind: None,
            text: "Unknown error 523.".into(),
        };
        let losses = [
            LinkLoss::Silent,
            LinkLoss::Closed,
            LinkLoss::CannotOpen {
                path: "/dev/ttyUSB0".into(),
                why: missing.clone(),
            },
            LinkLoss::CannotRead(odd.clone()),
            LinkLoss::CannotWrite(missing),
            LinkLoss::NoPort(Protocol::Dgt),
            LinkLoss::SeveralPorts(
                Protocol::Pegboard,
                vec!["/dev/ttyACM0".into(), "/dev/ttyUSB0".into()],
            ),
            LinkLoss::CannotList(odd),
            LinkLoss::NoChessnut,
        ];
        for name in ["de", "de-fide", "ru", "uk", "hy", "en"] {
            let lines: Vec<String> = losses.iter().map(|l| said(name, l)).collect();
            let mut distinct = lines.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), losses.len(), "{name}: {lines:?}");
            if name != "en" {
                for (line, loss) in lines.iter().zip(&losses) {
                    for english in ["board ", "cannot", "port ", "such", "answer"] {
                        assert!(!line.contains(english), "{name}: {line} ({loss})");
                    }
                }
            }
        }
        assert_eq!(
            said("ru", &losses[2]),
            "не удаётся открыть порт /dev/ttyUSB0 (такого файла или папки нет)"
        );
        assert_eq!(
            said("de", &losses[3]),
            "vom Brett kann nicht gelesen werden (Unknown error 523)"
        );
        assert_eq!(
            said("uk", &losses[6]),
            "кілька послідовних портів USB, і жоден не схожий на цю дошку; назвіть порт \
             (pegboard: /dev/ttyACM0, /dev/ttyUSB0)"
        );
    }
}
