//! Boards for `vichess play`: a serial link per board (its events forwarded to the game loop),
//! and `--board sim`, a simulated pegboard on a pseudo-terminal whose hands copy every move the
//! game makes without it, as the VI player would.
//!
//! The trackers (owned by the driver, `crate::session::Table`) and the session decide
//! everything; this file only starts threads and moves bytes and events between them. Without
//! the `serial` feature only `--board none` is available.

use crate::board::codec::Protocol;
use crate::board::link::LinkEvent;
use crate::board::tracker::{Orientation, Tracker};
use crate::rules::{Color, Position};
use crate::session::BoardRole;
use std::sync::mpsc::Sender;

/// Where a board is found: a port path, or among the USB serial ports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Look among the USB serial ports for a board speaking the protocol.
    Auto,
    /// This port (a device path, or `COM3`).
    Path(String),
}

/// `--board` / `--second-board`: none, sim, `chessnut[:PATH]` (USB HID; no path: found among
/// the hidraw devices), or `PROTOCOL[:PATH][,rotated|,normal]` (no path: found among the USB
/// serial ports). The orientation suffix is for occupancy-only boards, whose start position
/// reads the same either way round; without it the first reading that tells, or the first
/// man lifted, decides.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum BoardSpec {
    /// No board: moves are typed.
    #[default]
    None,
    /// The simulated pegboard, whose hands copy the opponent's moves (`sim MOVE` for the
    /// VI player's).
    Sim,
    /// A serial board: its protocol, its port, and how it stands.
    Port(Protocol, Target, Option<Orientation>),
    /// A Chessnut Air / Pro on USB HID (it identifies every man, so it has no orientation to
    /// set: a board turned round is found from its first reading).
    Chessnut(Target),
}

impl std::str::FromStr for BoardSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<BoardSpec, String> {
        match s.trim() {
            "" | "none" => Ok(BoardSpec::None),
            "sim" => Ok(BoardSpec::Sim),
            s => {
                let (s, orientation) = match s.rsplit_once(',') {
                    Some((rest, "rotated")) => (rest, Some(Orientation::Rotated)),
                    Some((rest, "normal")) => (rest, Some(Orientation::Normal)),
                    Some((_, other)) => {
                        return Err(format!(
                            "{other:?} after the comma is not an orientation; use rotated or normal"
                        ))
                    }
                    None => (s, None),
                };
                let (proto, path) = s.split_once(':').unwrap_or((s, "auto"));
                let target = match path {
                    "" | "auto" => Target::Auto,
                    p => Target::Path(p.to_owned()),
                };
                if proto.eq_ignore_ascii_case("chessnut") {
                    if orientation.is_some() {
                        return Err("a Chessnut board tells its men apart, so it finds its own way round; drop the \",rotated\" or \",normal\"".into());
                    }
                    return Ok(BoardSpec::Chessnut(target));
                }
                let protocol: Protocol = proto.parse().map_err(|e| {
                    format!(
                        "{e} or chessnut; a board is none, sim, or PROTOCOL:PATH like pegboard:/dev/ttyUSB0"
                    )
                })?;
                Ok(BoardSpec::Port(protocol, target, orientation))
            }
        }
    }
}

/// How `sim MOVE` went; play says it in the game's language.
#[derive(Debug)]
pub enum SimAnswer {
    /// The simulated hands play the move (as typed).
    Plays(String),
    /// There is no simulated board.
    NoBoard,
    /// The hands are still copying the last move onto the board.
    Busy,
    /// The move, as typed, cannot be played there, and the rules core's reason.
    Cannot(String, crate::rules::notation::MoveError),
    /// `sim` with no move, or asking for help: how to use it.
    Usage,
}

/// What the game loop hears from a board.
pub struct Heard {
    /// Which board spoke.
    pub role: BoardRole,
    /// What it said.
    pub event: LinkEvent,
}

/// One connected board: its link and, when simulated, its hands.
#[cfg(feature = "serial")]
pub struct Connected {
    /// The board's place at the table.
    pub role: BoardRole,
    _link: Linked,
    hands: Option<serial::Hands>,
    /// The board's lights, when it has them and they are on: which board, what was shown.
    leds: Option<(crate::board::leds::LedBoard, Option<crate::rules::Bitboard>)>,
    /// A pegboard: it can carry a vibration motor (the protocol's buzz line).
    pegboard: bool,
    /// The tactile clock's patterns, when `[board] buzz` is on and this is a pegboard.
    buzz: Option<crate::input::Rumble>,
    /// A DGT board: a DGT 3000 plugged into it takes clock commands through it.
    dgt: bool,
}

/// The link a board runs on; kept only so it lives as long as the board.
#[cfg(feature = "serial")]
enum Linked {
    Serial(#[allow(dead_code)] serial::Link),
    #[cfg(all(feature = "hidraw", unix))]
    Hid(#[allow(dead_code)] crate::board::link::hid::HidLink),
}

/// Without serial ports there is nothing to connect.
#[cfg(not(feature = "serial"))]
pub struct Connected {
    /// The board's place at the table.
    pub role: BoardRole,
}

#[cfg(not(feature = "serial"))]
impl Connected {
    /// Only `--board none` works without the `serial` feature; anything else is refused
    /// with the reason.
    pub fn open<T: From<Heard> + Send + 'static>(
        spec: &BoardSpec,
        _role: BoardRole,
        _position: &Position,
        _owner: Option<Color>,
        _config: crate::board::tracker::Config,
        _to: &Sender<T>,
    ) -> anyhow::Result<Option<(Connected, Tracker)>> {
        match spec {
            BoardSpec::None => Ok(None),
            _ => anyhow::bail!(
                "this vichess was built without serial boards (the `serial` feature); use --board none"
            ),
        }
    }

    /// No board to set up: nothing to copy.
    pub fn copy_to(
        &mut self,
        _position: &Position,
        _before_last: Option<&crate::rules::Board>,
    ) -> Vec<crate::board::tracker::Fix> {
        Vec::new()
    }

    /// No board, no lights.
    pub fn set_leds(&mut self, _on: bool) {}

    /// No board, no motor.
    pub fn set_buzz(&mut self, _patterns: Option<crate::input::Rumble>) -> bool {
        false
    }

    /// No board, no motor.
    pub fn feel(&mut self, _cue: crate::input::SessionCue) {}

    /// No board, no lights.
    pub fn lights_unknown(&mut self) {}

    /// No board, no clock.
    pub fn clock(&mut self, _cmd: crate::board::codec::dgt::ClockCommand) {}

    /// No board, no clock.
    pub fn ask_clock(&mut self) {}

    /// No board, no lights.
    pub fn show(&mut self, _squares: crate::rules::Bitboard) {}

    /// No simulated hands without the serial link they play through.
    pub fn simulate_move(
        &mut self,
        _text: &str,
        _expected: Option<&Position>,
        _lang: crate::rules::notation::Lang,
    ) -> SimAnswer {
        SimAnswer::NoBoard
    }
}

#[cfg(feature = "serial")]
mod serial {
    pub use crate::board::link::port::Link;
    use crate::board::sim::Action;
    use crate::rules::Board;

    /// The simulated pegboard's hands: a thread that serves the pseudo-terminal and carries
    /// out hand actions at a person's pace.
    #[cfg_attr(not(unix), allow(dead_code))]
    pub struct Hands {
        pub actions: std::sync::mpsc::Sender<Vec<Action>>,
        /// What stands on the simulated board once the actions sent are done.
        pub board: Board,
    }
}

#[cfg(feature = "serial")]
fn kind_of(protocol: Protocol) -> crate::board::tracker::BoardKind {
    use crate::board::tracker::BoardKind;
    match protocol {
        Protocol::Dgt | Protocol::ChessLink | Protocol::Certabo => BoardKind::IdentifiesPieces,
        Protocol::Pegboard => BoardKind::OccupancyOnly,
    }
}

#[cfg(feature = "serial")]
impl Connected {
    /// Connects `spec` as `role`, the game standing at `position`; its link events go to
    /// `to`. Returns the board and the tracker the driver is to own; `None` for
    /// [`BoardSpec::None`].
    pub fn open<T: From<Heard> + Send + 'static>(
        spec: &BoardSpec,
        role: BoardRole,
        position: &Position,
        owner: Option<Color>,
        config: crate::board::tracker::Config,
        to: &Sender<T>,
    ) -> anyhow::Result<Option<(Connected, Tracker)>> {
        use crate::board::link::port::Target as PortTarget;
        use crate::board::link::Timing;
        let (protocol, target, hands, orientation) = match spec {
            BoardSpec::None => return Ok(None),
            BoardSpec::Chessnut(target) => {
                return open_chessnut(target, role, position, owner, config, to)
            }
            BoardSpec::Port(p, Target::Auto, o) => (*p, PortTarget::Auto, None, *o),
            BoardSpec::Port(p, Target::Path(path), o) => {
                (*p, PortTarget::Path(path.clone()), None, *o)
            }
            BoardSpec::Sim => {
                let (path, hands) = simulate(*position.board())?;
                (
                    Protocol::Pegboard,
                    PortTarget::Path(path),
                    Some(hands),
                    Some(Orientation::Normal),
                )
            }
        };
        let mut tracker = Tracker::with_config(position.clone(), kind_of(protocol), config);
        tracker.set_owner(owner);
        if let Some(o) = orientation {
            tracker.set_orientation(o);
        }
        // DGT updates carry no checksum: the link confirms each with a dump, and the
        // tracker decides moves only on what a dump shows.
        tracker.confirm_by_reading(protocol == Protocol::Dgt);
        let (link, events) = serial::Link::spawn(protocol, target, Timing::default());
        forward(events, role, &protocol.to_string(), to)?;
        Ok(Some((
            Connected {
                role,
                _link: Linked::Serial(link),
                hands,
                leds: match protocol {
                    Protocol::ChessLink => Some((crate::board::leds::LedBoard::ChessLink, None)),
                    Protocol::Certabo => Some((crate::board::leds::LedBoard::Certabo, None)),
                    Protocol::Dgt | Protocol::Pegboard => None,
                },
                pegboard: protocol == Protocol::Pegboard,
                buzz: None,
                dgt: protocol == Protocol::Dgt,
            },
            tracker,
        )))
    }

    /// `[board] buzz = true`: a pegboard buzzes these patterns for the tactile clock's cues.
    /// Returns whether this board will (it is a pegboard).
    pub fn set_buzz(&mut self, patterns: Option<crate::input::Rumble>) -> bool {
        self.buzz = patterns.filter(|_| self.pegboard);
        self.buzz.is_some()
    }

    /// A tactile clock cue: a pegboard with `[board] buzz` on runs its motor in the cue's
    /// pattern (the gamepad's rumble pattern for the same cue).
    pub fn feel(&mut self, cue: crate::input::SessionCue) {
        let Some(rumble) = &self.buzz else {
            return;
        };
        let mut ms: Vec<u16> = Vec::new();
        for p in &rumble.pattern(cue).pulses {
            ms.push(p.on_ms.min(2000) as u16);
            ms.push(p.off_ms.min(2000) as u16);
        }
        while ms.last() == Some(&0) {
            ms.pop();
        }
        if ms.is_empty() {
            return;
        }
        let line = crate::board::codec::pegboard::encode_host(
            crate::board::codec::pegboard::HostCommand::Buzz(ms),
        );
        if let Linked::Serial(link) = &self._link {
            link.send(crate::board::link::port::LinkCommand::Write(line));
        }
    }

    /// A command for the DGT 3000 on a DGT board (nothing on other boards): the link sends
    /// one at a time, each after the last one's acknowledgement, and sends again one not
    /// acknowledged.
    pub fn clock(&mut self, cmd: crate::board::codec::dgt::ClockCommand) {
        if let (true, Linked::Serial(link)) = (self.dgt, &self._link) {
            link.send(crate::board::link::port::LinkCommand::Clock(cmd));
        }
    }

    /// Asks a DGT board for its clock's reading now (the clock has gone quiet).
    pub fn ask_clock(&mut self) {
        if let (true, Linked::Serial(link)) = (self.dgt, &self._link) {
            let bytes =
                crate::board::codec::dgt::encode(crate::board::codec::dgt::Command::SendClock);
            link.send(crate::board::link::port::LinkCommand::Write(bytes));
        }
    }

    /// `[board] leds = false`: the board's lights stay off.
    pub fn set_leds(&mut self, on: bool) {
        if !on {
            self.leds = None;
        }
    }

    /// The board (re)connected: whatever it shows now is unknown, so the next call of
    /// [`Connected::show`] sends its lights again.
    pub fn lights_unknown(&mut self) {
        if let Some((_, shown)) = &mut self.leds {
            *shown = None;
        }
    }

    /// Lights `squares` (in the board's own orientation) on a board that has lights; sent
    /// only when they change.
    pub fn show(&mut self, squares: crate::rules::Bitboard) {
        let Some((board, shown)) = &mut self.leds else {
            return;
        };
        if *shown == Some(squares) {
            return;
        }
        *shown = Some(squares);
        let bytes = crate::board::leds::encode(*board, squares);
        match &self._link {
            Linked::Serial(link) => {
                link.send(crate::board::link::port::LinkCommand::Write(bytes));
            }
            #[cfg(all(feature = "hidraw", unix))]
            Linked::Hid(link) => link.write(bytes),
        }
    }

    /// The game moved on without this board: simulated hands put the board right.
    /// `before_last` is the board before the game's last move. When the hands did not just
    /// play that move (the game went back: a take-back, a correction, a restored position),
    /// what they did is returned as guidance steps, for the player to hear which man goes
    /// back where, as a real pegboard's player would be guided; a move copied forward was
    /// announced already, and nothing is returned.
    pub fn copy_to(
        &mut self,
        position: &Position,
        before_last: Option<&crate::rules::Board>,
    ) -> Vec<crate::board::tracker::Fix> {
        let Some(h) = &mut self.hands else {
            return Vec::new();
        };
        let actions = copy_actions(&h.board, position.board());
        if actions.is_empty() {
            return Vec::new();
        }
        let went_back = before_last != Some(&h.board);
        let steps = match went_back {
            true => crate::board::tracker::fixes(
                position.board(),
                &crate::board::Snapshot::from_board(&h.board),
            ),
            false => Vec::new(),
        };
        for a in &actions {
            crate::board::sim::human::apply(&mut h.board, *a);
        }
        let _ = h.actions.send(actions);
        steps
    }

    /// `sim <move>`: the simulated hands play a move, written in the game's notation
    /// language, on the simulated board, which stands at `expected` (its tracker's position).
    pub fn simulate_move(
        &mut self,
        text: &str,
        expected: Option<&Position>,
        lang: crate::rules::notation::Lang,
    ) -> SimAnswer {
        let (Some(h), Some(pos)) = (&mut self.hands, expected) else {
            return SimAnswer::NoBoard;
        };
        let pos = pos.clone();
        if *pos.board() != h.board {
            return SimAnswer::Busy;
        }
        // As a typed move reads: the spoken words ("Springer Felix drei") too.
        let m = match crate::session::parse_move_any(&pos, text, lang) {
            Ok(m) => m,
            Err(e) => match crate::rules::notation::parse_move(&pos, text) {
                Ok(m) => m,
                Err(_) => return SimAnswer::Cannot(text.to_owned(), e),
            },
        };
        let actions = crate::board::sim::actions(&pos, &m, Default::default());
        for a in &actions {
            crate::board::sim::human::apply(&mut h.board, *a);
        }
        let _ = h.actions.send(actions);
        SimAnswer::Plays(text.to_owned())
    }
}

/// Passes a link's events to the game loop, on a thread of their own.
#[cfg(feature = "serial")]
fn forward<T: From<Heard> + Send + 'static>(
    events: std::sync::mpsc::Receiver<LinkEvent>,
    role: BoardRole,
    name: &str,
    to: &Sender<T>,
) -> std::io::Result<()> {
    let to = to.clone();
    std::thread::Builder::new()
        .name(format!("{name} board events"))
        .spawn(move || {
            for event in events {
                if to.send(Heard { role, event }.into()).is_err() {
                    break;
                }
            }
        })?;
    Ok(())
}

/// A Chessnut board: every report is a full reading of identified men.
#[cfg(all(feature = "serial", feature = "hidraw", unix))]
fn open_chessnut<T: From<Heard> + Send + 'static>(
    target: &Target,
    role: BoardRole,
    position: &Position,
    owner: Option<Color>,
    config: crate::board::tracker::Config,
    to: &Sender<T>,
) -> anyhow::Result<Option<(Connected, Tracker)>> {
    use crate::board::link::hid::{HidLink, Target as HidTarget};
    let target = match target {
        Target::Auto => HidTarget::Auto,
        Target::Path(p) => HidTarget::Path(p.clone()),
    };
    let mut tracker = Tracker::with_config(
        position.clone(),
        crate::board::tracker::BoardKind::IdentifiesPieces,
        config,
    );
    tracker.set_owner(owner);
    let (link, events) = HidLink::spawn(target)?;
    forward(events, role, "Chessnut", to)?;
    Ok(Some((
        Connected {
            role,
            _link: Linked::Hid(link),
            hands: None,
            leds: Some((crate::board::leds::LedBoard::Chessnut, None)),
            pegboard: false,
            buzz: None,
            dgt: false,
        },
        tracker,
    )))
}

/// Without hidraw (another system, or a build without the feature) there is no Chessnut.
#[cfg(all(feature = "serial", not(all(feature = "hidraw", unix))))]
fn open_chessnut<T: From<Heard> + Send + 'static>(
    _target: &Target,
    _role: BoardRole,
    _position: &Position,
    _owner: Option<Color>,
    _config: crate::board::tracker::Config,
    _to: &Sender<T>,
) -> anyhow::Result<Option<(Connected, Tracker)>> {
    anyhow::bail!(
        "this vichess cannot read Chessnut boards: they need Linux hidraw (the `hidraw` feature)"
    )
}

/// Lifts of every man that must go, then the men put where they belong: how a player puts a
/// board right after the opponent's move was announced.
#[cfg(feature = "serial")]
fn copy_actions(
    from: &crate::rules::Board,
    to: &crate::rules::Board,
) -> Vec<crate::board::sim::Action> {
    use crate::board::sim::Action;
    let changed: Vec<_> = crate::rules::Square::all()
        .filter(|&sq| from.piece_at(sq) != to.piece_at(sq))
        .collect();
    let lifts = changed
        .iter()
        .filter(|&&sq| from.piece_at(sq).is_some())
        .map(|&sq| Action::Lift(sq));
    let places = changed
        .iter()
        .filter_map(|&sq| to.piece_at(sq).map(|p| Action::Place(sq, p)));
    lifts.chain(places).collect()
}

/// Without pseudo-terminals (Windows) there is nothing for a simulated board to sit behind.
#[cfg(all(feature = "serial", not(unix)))]
fn simulate(_board: crate::rules::Board) -> anyhow::Result<(String, serial::Hands)> {
    anyhow::bail!(
        "--board sim needs a pseudo-terminal, which this system does not have; use a real board or --board none"
    )
}

/// Starts a pegboard emulator on a pseudo-terminal, served by its own thread.
#[cfg(all(feature = "serial", unix))]
fn simulate(board: crate::rules::Board) -> anyhow::Result<(String, serial::Hands)> {
    use crate::board::sim::pty::PtyBoard;
    use crate::board::sim::Emulator;
    use std::sync::mpsc;
    use std::time::Duration;
    let mut pty = PtyBoard::new(Emulator::new(Protocol::Pegboard, board))
        .map_err(|e| anyhow::anyhow!("cannot make the simulated board's pseudo-terminal: {e}"))?;
    let path = pty.path().to_string();
    let (tx, rx) = mpsc::channel::<Vec<crate::board::sim::Action>>();
    std::thread::Builder::new()
        .name("simulated pegboard".into())
        .spawn(move || {
            let mut hands = crate::board::sim::Hands::new(1, false);
            loop {
                match rx.try_recv() {
                    Ok(actions) => {
                        for a in actions {
                            let pause = Duration::from_millis(hands.pause_ms());
                            if pty.serve_for(pause).and_then(|_| pty.act(a)).is_err() {
                                return;
                            }
                        }
                    }
                    Err(mpsc::TryRecvError::Disconnected) => return,
                    Err(mpsc::TryRecvError::Empty) => {}
                }
                if pty.serve().is_err() {
                    return;
                }
            }
        })?;
    Ok((path, serial::Hands { actions: tx, board }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_specs_read_as_documented() {
        assert_eq!("none".parse::<BoardSpec>(), Ok(BoardSpec::None));
        assert_eq!("sim".parse::<BoardSpec>(), Ok(BoardSpec::Sim));
        assert_eq!(
            "dgt:/dev/ttyUSB0".parse::<BoardSpec>(),
            Ok(BoardSpec::Port(
                Protocol::Dgt,
                Target::Path("/dev/ttyUSB0".into()),
                None
            ))
        );
        assert_eq!(
            "pegboard".parse::<BoardSpec>(),
            Ok(BoardSpec::Port(Protocol::Pegboard, Target::Auto, None))
        );
        assert_eq!(
            "pegboard:/dev/ttyACM0,rotated".parse::<BoardSpec>(),
            Ok(BoardSpec::Port(
                Protocol::Pegboard,
                Target::Path("/dev/ttyACM0".into()),
                Some(Orientation::Rotated)
            ))
        );
        assert!("pegboard:/dev/x,sideways".parse::<BoardSpec>().is_err());
        assert_eq!(
            "chessnut:/dev/hidraw2".parse::<BoardSpec>(),
            Ok(BoardSpec::Chessnut(Target::Path("/dev/hidraw2".into())))
        );
        assert_eq!(
            "Chessnut".parse::<BoardSpec>(),
            Ok(BoardSpec::Chessnut(Target::Auto))
        );
        assert!("chessnut:/dev/hidraw2,rotated"
            .parse::<BoardSpec>()
            .unwrap_err()
            .contains("finds its own way round"));
        assert!("abacus:/dev/x".parse::<BoardSpec>().is_err());
    }

    #[cfg(feature = "serial")]
    #[test]
    fn copying_a_capture_lifts_before_it_places() {
        let before = Position::new();
        let after = ["e4", "d5", "exd5"].iter().fold(before.clone(), |p, m| {
            let mv = crate::rules::notation::parse_move(&p, m).unwrap();
            p.play(&mv).unwrap()
        });
        let mid = ["e4", "d5"].iter().fold(before, |p, m| {
            let mv = crate::rules::notation::parse_move(&p, m).unwrap();
            p.play(&mv).unwrap()
        });
        let acts = copy_actions(mid.board(), after.board());
        let mut b = *mid.board();
        for a in &acts {
            crate::board::sim::human::apply(&mut b, *a);
        }
        assert_eq!(b, *after.board());
        assert!(matches!(
            acts.last(),
            Some(crate::board::sim::Action::Place(..))
        ));
    }
}
