//! Boards for `vichess play`: a serial link per board (its events forwarded to the game loop),
//! each with its board tracker, and `--board sim`, a simulated pegboard on a pseudo-terminal
//! whose hands copy every move the game makes without it, as the VI player would.
//!
//! The trackers and the session decide everything; this file only starts threads and moves
//! events between them.

use std::sync::mpsc::{self, Sender};
use std::time::Duration;
use vichess::board::codec::Protocol;
use vichess::board::link::port::{Link, Target};
use vichess::board::link::{LinkEvent, Timing};
use vichess::board::tracker::{BoardKind, Tracker, TrackerEvent};
use vichess::board::SensorEvent;
use vichess::rules::{Board, Color, Position};
use vichess::session::BoardRole;

/// `--board` / `--second-board`: none, sim, or PROTOCOL[:PATH] (no path: found among the USB
/// serial ports).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardSpec {
    None,
    Sim,
    Port(Protocol, Target),
}

impl std::str::FromStr for BoardSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<BoardSpec, String> {
        match s.trim() {
            "" | "none" => Ok(BoardSpec::None),
            "sim" => Ok(BoardSpec::Sim),
            s => {
                let (proto, path) = s.split_once(':').unwrap_or((s, "auto"));
                let protocol: Protocol = proto.parse().map_err(|e| {
                    format!(
                        "{e}; a board is none, sim, or PROTOCOL:PATH like pegboard:/dev/ttyUSB0"
                    )
                })?;
                let target = match path {
                    "" | "auto" => Target::Auto,
                    p => Target::Path(p.to_owned()),
                };
                Ok(BoardSpec::Port(protocol, target))
            }
        }
    }
}

/// What the game loop hears from a board.
pub struct Heard {
    pub role: BoardRole,
    pub event: LinkEvent,
}

/// The simulated pegboard's hands: a thread that serves the pseudo-terminal and carries out
/// hand actions at a person's pace.
struct Hands {
    actions: Sender<Vec<vichess::board::sim::Action>>,
    /// What stands on the simulated board once the actions sent are done.
    board: Board,
}

/// One connected board.
pub struct Connected {
    pub role: BoardRole,
    tracker: Tracker,
    _link: Link,
    hands: Option<Hands>,
}

fn kind_of(protocol: Protocol) -> BoardKind {
    match protocol {
        Protocol::Dgt | Protocol::ChessLink => BoardKind::IdentifiesPieces,
        Protocol::Pegboard => BoardKind::OccupancyOnly,
    }
}

impl Connected {
    /// Connects `spec` as `role`, the game standing at `position`; its link events go to
    /// `to`. `None` for [`BoardSpec::None`].
    pub fn open<T: From<Heard> + Send + 'static>(
        spec: &BoardSpec,
        role: BoardRole,
        position: &Position,
        owner: Option<Color>,
        config: vichess::board::tracker::Config,
        to: &Sender<T>,
    ) -> anyhow::Result<Option<Connected>> {
        let (protocol, target, hands) = match spec {
            BoardSpec::None => return Ok(None),
            BoardSpec::Port(p, t) => (*p, t.clone(), None),
            BoardSpec::Sim => {
                let (path, hands) = simulate(*position.board())?;
                (Protocol::Pegboard, Target::Path(path), Some(hands))
            }
        };
        let mut tracker = Tracker::with_config(position.clone(), kind_of(protocol), config);
        tracker.set_owner(owner);
        let (link, events) = Link::spawn(protocol, target, Timing::default());
        let to = to.clone();
        std::thread::Builder::new()
            .name(format!("{protocol} board events"))
            .spawn(move || {
                for event in events {
                    if to.send(Heard { role, event }.into()).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Some(Connected {
            role,
            tracker,
            _link: link,
            hands,
        }))
    }

    pub fn sensor(&mut self, event: SensorEvent, now: u64) -> Vec<TrackerEvent> {
        self.tracker.handle(event, now)
    }

    pub fn tick(&mut self, now: u64) -> Vec<TrackerEvent> {
        self.tracker.tick(now)
    }

    /// The game moved on without this board: the tracker is told, and simulated hands put
    /// the board right.
    pub fn game_advanced(&mut self, position: &Position, now: u64) -> Vec<TrackerEvent> {
        if let Some(h) = &mut self.hands {
            let actions = copy_actions(&h.board, position.board());
            if !actions.is_empty() {
                for a in &actions {
                    vichess::board::sim::human::apply(&mut h.board, *a);
                }
                let _ = h.actions.send(actions);
            }
        }
        self.tracker.game_advanced(position.clone(), now)
    }

    /// `sim <move>`: the simulated hands play a move on the simulated board.
    pub fn simulate_move(&mut self, text: &str) -> Result<String, String> {
        let Some(h) = &mut self.hands else {
            return Err("there is no simulated board: start with --board sim".into());
        };
        let pos = self.tracker.expected().clone();
        if *pos.board() != h.board {
            return Err("the simulated board is still being put right; wait a moment".into());
        }
        let m = vichess::rules::notation::parse_move(&pos, text)
            .map_err(|e| format!("the simulated hands cannot play {text}: {e}"))?;
        let actions = vichess::board::sim::actions(&pos, &m, Default::default());
        for a in &actions {
            vichess::board::sim::human::apply(&mut h.board, *a);
        }
        let _ = h.actions.send(actions);
        Ok(format!("the simulated hands play {text} on the pegboard"))
    }
}

/// Lifts of every man that must go, then the men put where they belong: how a player puts a
/// board right after the opponent's move was announced.
fn copy_actions(from: &Board, to: &Board) -> Vec<vichess::board::sim::Action> {
    use vichess::board::sim::Action;
    let changed: Vec<_> = vichess::rules::Square::all()
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

/// Starts a pegboard emulator on a pseudo-terminal, served by its own thread.
fn simulate(board: Board) -> anyhow::Result<(String, Hands)> {
    use vichess::board::sim::pty::PtyBoard;
    use vichess::board::sim::Emulator;
    let mut pty = PtyBoard::new(Emulator::new(Protocol::Pegboard, board))
        .map_err(|e| anyhow::anyhow!("cannot make the simulated board's pseudo-terminal: {e}"))?;
    let path = pty.path().to_string();
    let (tx, rx) = mpsc::channel::<Vec<vichess::board::sim::Action>>();
    std::thread::Builder::new()
        .name("simulated pegboard".into())
        .spawn(move || {
            let mut hands = vichess::board::sim::Hands::new(1, false);
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
    Ok((path, Hands { actions: tx, board }))
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
                Target::Path("/dev/ttyUSB0".into())
            ))
        );
        assert_eq!(
            "pegboard".parse::<BoardSpec>(),
            Ok(BoardSpec::Port(Protocol::Pegboard, Target::Auto))
        );
        assert!("abacus:/dev/x".parse::<BoardSpec>().is_err());
    }

    #[test]
    fn copying_a_capture_lifts_before_it_places() {
        let before = Position::new();
        let after = ["e4", "d5", "exd5"].iter().fold(before.clone(), |p, m| {
            let mv = vichess::rules::notation::parse_move(&p, m).unwrap();
            p.play(&mv).unwrap()
        });
        let mid = ["e4", "d5"].iter().fold(before, |p, m| {
            let mv = vichess::rules::notation::parse_move(&p, m).unwrap();
            p.play(&mv).unwrap()
        });
        let acts = copy_actions(mid.board(), after.board());
        let mut b = *mid.board();
        for a in &acts {
            vichess::board::sim::human::apply(&mut b, *a);
        }
        assert_eq!(b, *after.board());
        assert!(matches!(
            acts.last(),
            Some(vichess::board::sim::Action::Place(..))
        ));
    }
}
