//! The serial port adapter: a thread that runs a [`Supervisor`] over a real port and sends
//! [`LinkEvent`]s down a channel. Everything that decides anything lives in the supervisor.

use super::{Action, LinkEvent, LinkLoss, Supervisor, Timing};
use crate::board::codec::dgt::ClockCommand;
use crate::board::codec::Protocol;
use serialport::{SerialPort, SerialPortType};
use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Where the board is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A device path (`/dev/ttyUSB0`, a pty, a stable symlink); re-resolved on every attempt.
    Path(String),
    /// The first USB serial port that looks like this protocol's board.
    Auto,
}

/// Requests to the link thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkCommand {
    /// Send a command to the DGT clock, paced by its acks.
    Clock(ClockCommand),
    /// Ask the board for a full reading now.
    Resynchronise,
    /// Raw bytes to the board (LEDs and other protocol extras).
    Write(Vec<u8>),
    /// Close the port and end the thread.
    Stop,
}

/// A running link. Dropping it stops the thread.
pub struct Link {
    commands: Sender<LinkCommand>,
    thread: Option<JoinHandle<()>>,
}

impl Link {
    /// Starts the link thread. Events arrive on the returned receiver as they happen; the first
    /// is `Connected` or `Disconnected`.
    pub fn spawn(
        protocol: Protocol,
        target: Target,
        timing: Timing,
    ) -> (Link, Receiver<LinkEvent>) {
        let (ev_tx, ev_rx) = mpsc::channel();
        let (cmd_tx, cmd_rx) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name(format!("{protocol} board link"))
            .spawn(move || run(Supervisor::new(protocol, timing), target, cmd_rx, ev_tx))
            .expect("a thread can be started");
        (
            Link {
                commands: cmd_tx,
                thread: Some(thread),
            },
            ev_rx,
        )
    }

    /// Hands a request to the link thread; ignored once the thread has ended.
    pub fn send(&self, cmd: LinkCommand) {
        // The thread only ends on Stop; a failed send means it is already gone.
        let _ = self.commands.send(cmd);
    }

    /// Stops the thread and waits for it, so the port is closed when this returns.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.commands.send(LinkCommand::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// How long one read waits: short, so commands and the watchdog are served promptly.
const READ_WAIT: Duration = Duration::from_millis(10);

fn run(
    mut sup: Supervisor,
    target: Target,
    commands: Receiver<LinkCommand>,
    events: Sender<LinkEvent>,
) {
    let start = Instant::now();
    let now = || start.elapsed().as_millis() as u64;
    let mut port: Option<Box<dyn SerialPort>> = None;
    let mut buf = [0u8; 1024];
    loop {
        let mut actions = Vec::new();
        loop {
            match commands.try_recv() {
                Ok(LinkCommand::Stop) | Err(TryRecvError::Disconnected) => return,
                Ok(LinkCommand::Clock(c)) => sup.send_clock(c),
                Ok(LinkCommand::Resynchronise) => actions.extend(sup.resynchronise(now())),
                Ok(LinkCommand::Write(b)) => actions.push(Action::Write(b)),
                Err(TryRecvError::Empty) => break,
            }
        }
        actions.extend(sup.tick(now()));
        if !perform(&mut sup, &target, &mut port, actions, &events, now) {
            return;
        }
        let Some(p) = port.as_mut() else {
            std::thread::sleep(READ_WAIT);
            continue;
        };
        let actions = match p.read(&mut buf) {
            Ok(0) => sup.io_error(now(), LinkLoss::Closed),
            Ok(n) => sup.received(now(), &buf[..n]),
            Err(e)
                if e.kind() == io::ErrorKind::TimedOut || e.kind() == io::ErrorKind::WouldBlock =>
            {
                Vec::new()
            }
            Err(e) => sup.io_error(now(), LinkLoss::CannotRead((&e).into())),
        };
        if !perform(&mut sup, &target, &mut port, actions, &events, now) {
            return;
        }
    }
}

/// Carries out actions; false when the receiver of events is gone (nobody listens: stop).
fn perform(
    sup: &mut Supervisor,
    target: &Target,
    port: &mut Option<Box<dyn SerialPort>>,
    actions: Vec<Action>,
    events: &Sender<LinkEvent>,
    now: impl Fn() -> u64,
) -> bool {
    let mut queue: std::collections::VecDeque<Action> = actions.into();
    while let Some(a) = queue.pop_front() {
        match a {
            Action::Open => {
                *port = None;
                let more = match open(target, sup.protocol()) {
                    Ok((p, path)) => {
                        *port = Some(p);
                        sup.opened(now(), &path)
                    }
                    Err(why) => sup.open_failed(now(), why),
                };
                queue.extend(more);
            }
            Action::Close => *port = None,
            Action::Write(bytes) => {
                if let Some(p) = port.as_mut() {
                    if let Err(e) = p.write_all(&bytes).and_then(|_| p.flush()) {
                        queue.extend(sup.io_error(now(), LinkLoss::CannotWrite((&e).into())));
                    }
                }
            }
            Action::Emit(e) => {
                if events.send(e).is_err() {
                    return false;
                }
            }
        }
    }
    true
}

fn open(target: &Target, protocol: Protocol) -> Result<(Box<dyn SerialPort>, String), LinkLoss> {
    let path = match target {
        Target::Path(p) => p.clone(),
        Target::Auto => detect(protocol)?,
    };
    // Resolve a symlink so the announcement names the real device.
    let port = serialport::new(&path, protocol.line().baud)
        .data_bits(serialport::DataBits::Eight)
        .parity(serialport::Parity::None)
        .stop_bits(serialport::StopBits::One)
        .flow_control(serialport::FlowControl::None)
        .timeout(READ_WAIT)
        .open()
        .map_err(|e| LinkLoss::CannotOpen {
            path: path.clone(),
            why: (&e).into(),
        })?;
    Ok((port, path))
}

/// Which USB serial port looks like a board of this protocol. Matches the USB manufacturer and
/// product strings the vendors use; for the pegboard, the usual Arduino bridges.
pub fn detect(protocol: Protocol) -> Result<String, LinkLoss> {
    let ports = serialport::available_ports().map_err(|e| LinkLoss::CannotList((&e).into()))?;
    let wanted: &[&str] = match protocol {
        Protocol::Dgt => &["dgt", "digital game technology"],
        Protocol::ChessLink => &["millennium", "chesslink", "eone", "exclusive"],
        // Certabo boards use a Silicon Labs CP210x bridge.
        Protocol::Certabo => &["certabo", "cp210"],
        Protocol::Pegboard => &[
            "arduino",
            "ch340",
            "cp210",
            "ft232",
            "usb serial",
            "pegboard",
        ],
    };
    let mut usb = Vec::new();
    for p in ports {
        if let SerialPortType::UsbPort(info) = &p.port_type {
            let text = format!(
                "{} {}",
                info.manufacturer.as_deref().unwrap_or(""),
                info.product.as_deref().unwrap_or("")
            )
            .to_lowercase();
            if wanted.iter().any(|w| text.contains(w)) {
                return Ok(p.port_name);
            }
            usb.push(p.port_name);
        }
    }
    match usb.as_slice() {
        [only] => Ok(only.clone()),
        [] => Err(LinkLoss::NoPort(protocol)),
        many => Err(LinkLoss::SeveralPorts(protocol, many.to_vec())),
    }
}
