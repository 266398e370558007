//! The simulator's pseudo-terminal: a board emulator behind a real serial device path, so
//! vichess (or any program) can open it like a board on `/dev/ttyUSB0`.

use super::emulator::Emulator;
use super::faults::Faults;
use super::human::Action;
use serialport::{SerialPort, TTYPort};
use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

/// A simulated board on a pty: the emulator owns the master end; the returned path names the
/// other end.
pub struct PtyBoard {
    master: TTYPort,
    /// Kept open so the path stays valid while no one else has it open.
    _slave: TTYPort,
    path: String,
    /// The board behind the pty; act on it to move men as a player would.
    pub emulator: Emulator,
    last_unasked: Instant,
    /// Line faults between the board and the host, for fault-injection runs.
    faults: Option<Faults>,
}

impl PtyBoard {
    /// Makes a pty pair. Fails (never silently) when the system cannot make one.
    pub fn new(emulator: Emulator) -> io::Result<PtyBoard> {
        let (mut master, slave) = TTYPort::pair().map_err(io::Error::other)?;
        master
            .set_timeout(Duration::from_millis(5))
            .map_err(io::Error::other)?;
        let path = slave
            .name()
            .ok_or_else(|| io::Error::other("the pseudo-terminal has no path"))?;
        Ok(PtyBoard {
            master,
            _slave: slave,
            path,
            emulator,
            last_unasked: Instant::now(),
            faults: None,
        })
    }

    /// Damages the line as `faults` says from now on (stray bytes, lost messages...).
    pub fn with_faults(mut self, faults: Faults) -> PtyBoard {
        self.faults = Some(faults);
        self
    }

    /// The fault injector, for its count of damaged messages.
    pub fn faults(&self) -> Option<&Faults> {
        self.faults.as_ref()
    }

    /// One message from the board, through the faults if any.
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        let protocol = self.emulator.protocol();
        let sent = match self.faults.as_mut() {
            Some(f) => {
                let mut damaged = Vec::new();
                for m in super::faults::messages(protocol, bytes) {
                    damaged.extend(f.to_host(m));
                }
                self.write(&damaged)
            }
            None => self.write(bytes),
        };
        match sent {
            // The host is not reading as fast as the board talks (a Certabo stream sent ten
            // times over): like a device's full USB buffer, the line loses what does not fit.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }

    /// The device path a link opens.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Answers whatever the host sent, and sends the once-a-second traffic. Call often.
    pub fn serve(&mut self) -> io::Result<()> {
        let mut buf = [0u8; 512];
        loop {
            match self.master.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let heard = match self.faults.as_mut() {
                        Some(f) => f.to_board(&buf[..n]),
                        None => buf[..n].to_vec(),
                    };
                    let reply = self.emulator.on_host_bytes(&heard);
                    self.send(&reply)?;
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
                    ) =>
                {
                    break
                }
                Err(e) => return Err(e),
            }
        }
        if self.last_unasked.elapsed() >= self.emulator.unasked_every() {
            self.last_unasked = Instant::now();
            let bytes = self.emulator.unasked();
            self.send(&bytes)?;
        }
        Ok(())
    }

    /// Reads and throws away whatever the host sent: a board that is deaf for a moment (an
    /// Arduino restarting because opening the port pulsed DTR).
    pub fn ignore_host(&mut self) -> io::Result<()> {
        let mut buf = [0u8; 512];
        loop {
            match self.master.read(&mut buf) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
                    ) =>
                {
                    return Ok(())
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Serves for a while (a pause between hand actions).
    pub fn serve_for(&mut self, d: Duration) -> io::Result<()> {
        let until = Instant::now() + d;
        while Instant::now() < until {
            self.serve()?;
        }
        Ok(())
    }

    /// A hand action on the board.
    pub fn act(&mut self, action: Action) -> io::Result<()> {
        let bytes = self.emulator.act(action);
        self.send(&bytes)
    }

    /// Raw bytes on the line (noise, truncated frames in tests).
    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.master.write_all(bytes)?;
        self.master.flush()
    }
}

/// A simulated Chessnut on a raw pseudo-terminal standing in for its `/dev/hidrawN` (there is
/// no `/dev/uhid` here to make a virtual HID device; one read of a hidraw device is one
/// report, which is all vichess's adapter relies on). The board sends its reading after each
/// hand action and repeats it every [`PtyChessnut::REPEAT`], one report per write with a pause
/// between, so no two reports share the host's read.
pub struct PtyChessnut {
    master: TTYPort,
    /// Kept open so the path stays valid, and in raw mode (termios belongs to the device,
    /// so it holds for vichess's own open: no line discipline stands in the way).
    _slave: TTYPort,
    _raw: TTYPort,
    path: String,
    /// The board behind the pty; act on it to move men as a player would.
    pub emulator: super::chessnut::Chessnut,
    last_report: Instant,
}

impl PtyChessnut {
    /// How often the board repeats its reading (a placement counts once a second report
    /// confirms it, so this is also the cost of each placement).
    pub const REPEAT: Duration = Duration::from_millis(60);

    /// Makes the raw pty pair. Fails (never silently) when the system cannot make one.
    pub fn new(emulator: super::chessnut::Chessnut) -> io::Result<PtyChessnut> {
        let (mut master, slave) = TTYPort::pair().map_err(io::Error::other)?;
        master
            .set_timeout(Duration::from_millis(5))
            .map_err(io::Error::other)?;
        let path = slave
            .name()
            .ok_or_else(|| io::Error::other("the pseudo-terminal has no path"))?;
        let raw = serialport::new(&path, 38_400)
            .open_native()
            .map_err(io::Error::other)?;
        Ok(PtyChessnut {
            master,
            _slave: slave,
            _raw: raw,
            path,
            emulator,
            last_report: Instant::now(),
        })
    }

    /// The device path vichess opens (`--board chessnut:PATH`).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Takes what the host wrote (the real-time request, the lights) and repeats the reading
    /// when it is due. Call often.
    pub fn serve(&mut self) -> io::Result<()> {
        let mut buf = [0u8; 512];
        loop {
            match self.master.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => self.emulator.on_host_bytes(&buf[..n]),
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
                    ) =>
                {
                    break
                }
                Err(e) => return Err(e),
            }
        }
        if self.last_report.elapsed() >= Self::REPEAT {
            let report = self.emulator.report();
            self.send(&report)?;
        }
        Ok(())
    }

    /// A hand action on the board: its reading goes out once the last report's pause is over.
    pub fn act(&mut self, action: Action) -> io::Result<()> {
        let report = self.emulator.act(action);
        let since = self.last_report.elapsed();
        if since < Self::REPEAT {
            std::thread::sleep(Self::REPEAT - since);
        }
        self.send(&report)
    }

    fn send(&mut self, report: &[u8]) -> io::Result<()> {
        self.last_report = Instant::now();
        if report.is_empty() {
            return Ok(());
        }
        self.master.write_all(report)?;
        self.master.flush()
    }
}
