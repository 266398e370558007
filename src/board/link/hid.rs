//! Chessnut Air / Pro on a Linux hidraw device (`/dev/hidrawN`): the thin adapter around the
//! sans-IO report codec ([`crate::board::codec::chessnut`]).
//!
//! A HID board is no serial port, so it does not go through the serial supervisor: there are
//! no requests to re-send and no stream to resynchronise, because every input report is a
//! full reading and USB checks each packet. What it shares with the serial links is the
//! events, so `vichess play` treats both alike: `Connected`, then `Sensor(Snapshot)` for each
//! reading that differs from the last, `Disconnected` when the device goes, and a retry every
//! two seconds until it is back.
//!
//! One `read` of a hidraw device returns one input report. A raw pseudo-terminal written one
//! report at a time stands in for the device in tests (there is no `/dev/uhid` here to make a
//! virtual HID device), but a pseudo-terminal hands over whatever has arrived: on a busy
//! machine two reports written 60 ms apart came in one read, the second was lost, and with
//! it the report that confirms a placed man. So a read is split into the reports it holds,
//! by the length each report gives after its id ([`reports`]); a hidraw read holds one.

use super::{LinkEvent, LinkLoss};
use crate::board::codec::chessnut::{self, Decoder};
use crate::board::sensor::SensorEvent;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long to wait before trying a missing device again.
const RETRY: Duration = Duration::from_secs(2);
/// A bad report is said at most this often (a board sending garbage would flood a reader).
const SAY_AGAIN: Duration = Duration::from_secs(10);

/// Where the board is: a hidraw path, or the first Chessnut among the hidraw devices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Look through `/sys/class/hidraw` for a device with Chessnut's vendor id.
    Auto,
    /// This device path.
    Path(String),
}

/// A running Chessnut link; dropping it stops the thread at its next report or retry.
pub struct HidLink {
    stop: Arc<AtomicBool>,
    /// The open device, for output reports (the board's lights); `None` while it is away.
    writer: Arc<std::sync::Mutex<Option<File>>>,
}

impl HidLink {
    /// Starts the link thread; its events arrive on the receiver, the first being
    /// `Connected` or `Disconnected`.
    pub fn spawn(target: Target) -> io::Result<(HidLink, Receiver<LinkEvent>)> {
        let (tx, rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let writer = Arc::new(std::sync::Mutex::new(None));
        let (flag, w) = (stop.clone(), writer.clone());
        std::thread::Builder::new()
            .name("Chessnut board link".into())
            .spawn(move || run(target, &flag, &w, &tx))?;
        Ok((HidLink { stop, writer }, rx))
    }

    /// Sends an output report (the lights); dropped while the board is away, since the
    /// lights are sent again after it reconnects.
    pub fn write(&self, report: Vec<u8>) {
        if let Ok(mut w) = self.writer.lock() {
            if let Some(f) = w.as_mut() {
                if f.write_all(&report).is_err() {
                    *w = None;
                }
            }
        }
    }
}

impl Drop for HidLink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn run(
    target: Target,
    stop: &AtomicBool,
    writer: &std::sync::Mutex<Option<File>>,
    tx: &Sender<LinkEvent>,
) {
    let mut failing = false;
    while !stop.load(Ordering::Relaxed) {
        let opened_at = |p: String| {
            open(&p)
                .map(|f| (p.clone(), f))
                .map_err(|e| LinkLoss::CannotOpen {
                    path: p,
                    why: (&e).into(),
                })
        };
        let opened = match &target {
            Target::Path(p) => opened_at(p.clone()),
            Target::Auto => find(Path::new("/sys/class/hidraw"))
                .ok_or(LinkLoss::NoChessnut)
                .and_then(opened_at),
        };
        let reason = match opened {
            Ok((path, file)) => {
                failing = false;
                if let Ok(mut w) = writer.lock() {
                    *w = file.try_clone().ok();
                }
                if tx.send(LinkEvent::Connected { path }).is_err() {
                    return;
                }
                match read_reports(file, stop, tx) {
                    Some(why) => why,
                    None => return,
                }
            }
            Err(e) => e,
        };
        if let Ok(mut w) = writer.lock() {
            *w = None;
        }
        // Said once per outage, as the serial links do.
        if !std::mem::replace(&mut failing, true)
            && tx.send(LinkEvent::Disconnected { reason }).is_err()
        {
            return;
        }
        std::thread::sleep(RETRY);
    }
}

/// Opens the device and switches the board to real-time reports.
fn open(path: &str) -> io::Result<File> {
    let mut file = OpenOptions::new().read(true).write(true).open(path)?;
    file.write_all(&chessnut::realtime_request())?;
    Ok(file)
}

/// Reads reports until the device fails (returns why) or the link is stopped or its
/// receiver gone (`None`).
fn read_reports(mut file: File, stop: &AtomicBool, tx: &Sender<LinkEvent>) -> Option<LinkLoss> {
    let mut decoder = Decoder::new();
    let mut said: Option<Instant> = None;
    let mut buf = [0u8; 1024];
    loop {
        let n = match file.read(&mut buf) {
            Ok(0) => return Some(LinkLoss::Closed),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Some(LinkLoss::CannotRead((&e).into())),
        };
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        for report in reports(&buf[..n]) {
            let event = match decoder.feed(report) {
                Ok(Some(reading)) => LinkEvent::Sensor(SensorEvent::Snapshot(reading)),
                Ok(None) => continue,
                Err(what) => {
                    if said.is_some_and(|t| t.elapsed() < SAY_AGAIN) {
                        continue;
                    }
                    said = Some(Instant::now());
                    LinkEvent::BoardError(what)
                }
            };
            if tx.send(event).is_err() {
                return None;
            }
        }
    }
}

/// The input reports in one read: each is its id, its length, then that many bytes. A
/// report id 0 (a hidraw read padded with zeros) ends them; a report cut short is passed on
/// as it is, for the decoder to say what is wrong with it.
fn reports(read: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = read;
    while let [id, len, ..] = rest {
        if *id == 0 {
            break;
        }
        let end = (2 + usize::from(*len)).min(rest.len());
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    if let [id] = rest {
        if *id != 0 {
            out.push(rest);
        }
    }
    out
}

/// The first hidraw device under `class` (normally `/sys/class/hidraw`) whose HID id names
/// Chessnut's vendor, as `/dev/hidrawN`.
pub fn find(class: &Path) -> Option<String> {
    let mut names: Vec<String> = std::fs::read_dir(class)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    names.into_iter().find_map(|name| {
        let uevent = std::fs::read_to_string(class.join(&name).join("device/uevent")).ok()?;
        is_chessnut(&uevent).then(|| format!("/dev/{name}"))
    })
}

/// Does a HID device's `uevent` (`HID_ID=0003:00002D80:...`: bus, vendor, product) name
/// Chessnut's vendor?
fn is_chessnut(uevent: &str) -> bool {
    uevent.lines().any(|l| {
        l.strip_prefix("HID_ID=")
            .and_then(|id| id.split(':').nth(1))
            .and_then(|v| u32::from_str_radix(v, 16).ok())
            == Some(u32::from(chessnut::VENDOR_ID))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_is_split_into_the_reports_it_holds() {
        let board = chessnut::encode_report(&crate::rules::Board::new());
        let battery = [0x2A, 0x02, 0x64, 0x01];
        let mut two = board.clone();
        two.extend_from_slice(&battery);
        two.extend_from_slice(&board);
        assert_eq!(reports(&two), [&board[..], &battery[..], &board[..]]);
        // One report padded with zeros, as hidraw may return it: the report alone.
        let mut padded = board.clone();
        padded.resize(64, 0);
        assert_eq!(reports(&padded), [&board[..]]);
        // A report cut short is passed on whole, for the decoder to refuse.
        assert_eq!(reports(&board[..20]), [&board[..20]]);
    }

    #[test]
    fn a_chessnut_is_found_by_its_vendor_id_among_hidraw_devices() {
        let dir = tempfile::tempdir().unwrap();
        let add = |name: &str, uevent: &str| {
            let d = dir.path().join(name).join("device");
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("uevent"), uevent).unwrap();
        };
        add(
            "hidraw0",
            "DRIVER=hid-generic\nHID_ID=0003:0000046D:0000C52B\nHID_NAME=Logitech\n",
        );
        assert_eq!(find(dir.path()), None, "a mouse is no board");
        add(
            "hidraw3",
            "DRIVER=hid-generic\nHID_ID=0003:00002D80:00008002\nHID_NAME=Chessnut Air\n",
        );
        assert_eq!(find(dir.path()).as_deref(), Some("/dev/hidraw3"));
        assert_eq!(find(&dir.path().join("missing")), None);
    }
}
