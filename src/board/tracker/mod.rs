//! The board tracker: from sensor changes to touches, made moves, take-backs and mismatches.
//!
//! It is a pure state machine (no I/O, no clock of its own): feed it every [`SensorEvent`] with
//! a timestamp through [`Tracker::handle`], call [`Tracker::tick`] now and then so waits can
//! expire, and act on the [`TrackerEvent`]s it returns. It knows the game's position
//! ([`Tracker::expected`]) and compares what the board shows with:
//!
//! 1. the game's position: nothing happened, or a lifted man went back (`Adjusting`);
//! 2. the position after each legal move: a move is made (`MoveMade`), possibly after a short
//!    wait when the man could still be sliding on (`Config::settle_ms`);
//! 3. the position before the last move: a take-back (`TakeBack`);
//! 4. none of these, for a while: `Mismatch` with the differences, and spoken `Guidance`.
//!
//! On a pegboard a man lifted from its hole is touched (Appendix D.2.2), so every first lift of a
//! man in its right hole becomes a `Touched` event and an entry in the touch list that decides
//! the touch-move obligation (Art. 4.3-4.4, [`bound_moves`]). A move that breaks the obligation
//! is still reported as made, followed by a `TouchMoveBreach` for the arbiter: the tracker
//! never silently accepts it, and never silently refuses a move the board shows.
//!
//! The move is made only when the board shows its whole result (D.2.3, 4.7): the captured man
//! gone and the moving man in its new hole; for castling, the rook in its new hole too (the
//! king alone on g1 is not yet a move); for promotion, the new piece in place of the pawn. On a
//! board that cannot identify men the tracker asks which piece replaced the pawn
//! (`PromotionAsked`) and waits for [`Tracker::choose_promotion`].
//!
//! A home-made pegboard needs only to report lifts and placements:
//!
//! ```
//! use vichess::board::tracker::{BoardKind, Tracker, TrackerEvent};
//! use vichess::board::{Sensed, SensorEvent};
//! use vichess::rules::{Position, Square};
//!
//! let mut tracker = Tracker::new(Position::new(), BoardKind::OccupancyOnly);
//! tracker.handle(SensorEvent::Lifted(Square::G1), 1_000); // Touched: the white knight
//! let events = tracker.handle(
//!     SensorEvent::Placed { square: Square::F3, sensed: Sensed::Occupied { color: None } },
//!     1_400,
//! );
//! assert!(matches!(events[..], [TrackerEvent::MoveMade { .. }]));
//! assert_eq!(events[0].to_string(), "move made: Ng1-f3");
//! ```

mod guidance;
mod infer;
mod orientation;
pub mod script;
mod two_boards;

pub use guidance::{differences, fixes, fixes_known, Difference, Fix, Throttle};
pub use infer::{could_travel_further, reading_of};
pub use orientation::Orientation;
pub use two_boards::{agreed_prefix, compare, TwoBoards, Which};

use crate::board::{Sensed, SensorEvent, Snapshot};
use crate::rules::arbiter::touch::{bound_moves, Obligation, Touch};
use crate::rules::{Bitboard, Board, Color, Move, Piece, Position, Role, Square};
use infer::{agrees, changed_squares, is_part_way, shows_move, Activity};
use std::{fmt, mem};

/// What a board's sensors can tell about a man in a hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// Each man is recognised (DGT, Millennium, Certabo).
    IdentifiesPieces,
    /// Occupied or not, and the colour (eChess: magnets in opposite orientation).
    OccupancyAndColour,
    /// Occupied or not (reed switches, light sensors, most home-made pegboards).
    OccupancyOnly,
}

/// Rook first, then king, to castle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RookFirst {
    /// Art. 4.4.2 and 4.7: the rook released on its square is a rook move, made at once.
    Law,
    /// Casual play: a rook placed on its castling square waits `castle_wait_ms` for the king;
    /// if the king arrives it is castling (the touch-move breach, rook before king, is still
    /// reported for the arbiter).
    Lenient,
}

/// Timings, in milliseconds of the timestamps passed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// A move whose man could still travel further is made once the board has been still
    /// this long: the hand has let go for good. A hand sliding a man stops on squares on the
    /// way (0.3 s is common), and a stop taken for the move would be said, recorded, and with
    /// an automatic press completed, before the man goes on; so the default is twice that.
    /// The press and a lift elsewhere end the wait sooner ([`Tracker::settle`]).
    pub settle_ms: u64,
    /// An unexplained position must stand this long before it is reported.
    pub mismatch_ms: u64,
    /// Once a mismatch has been reported, the next step is said after the board has been
    /// still this long (the player is following the guidance).
    pub follow_up_ms: u64,
    /// The same guidance is said again at most this often.
    pub repeat_ms: u64,
    /// Updates within one scan of the board may arrive in any order. On an occupancy-only
    /// board a capture's refill reported this long before the capturer's lift is not made
    /// (the man lifted last may still be in the hand, about to go elsewhere) but asked
    /// about after `mismatch_ms` ([`TrackerEvent::CaptureUnseen`]) instead of `in_hand_ms`.
    pub scan_window_ms: u64,
    /// A man held in the hand (lifted, nothing else wrong) is not a mismatch until this long.
    pub in_hand_ms: u64,
    /// Whether a rook placed first on its castling square is a rook move or waits for the king.
    pub rook_first: RookFirst,
    /// With [`RookFirst::Lenient`]: how long a rook on its castling square waits for the king.
    pub castle_wait_ms: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            settle_ms: 600,
            mismatch_ms: 3_000,
            follow_up_ms: 1_000,
            repeat_ms: 15_000,
            scan_window_ms: 300,
            in_hand_ms: 30_000,
            rook_first: RookFirst::Law,
            castle_wait_ms: 2_000,
        }
    }
}

/// What the tracker tells the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrackerEvent {
    /// The first full reading showed the board turned round; every later event is un-rotated.
    Rotated,
    /// A man standing in its right hole was lifted for the first time this turn (D.2.2). `own`:
    /// a man of the side to move; otherwise an opponent's man, touched for capture (4.3.2).
    Touched {
        /// The square it was lifted from.
        square: Square,
        /// The man on it.
        piece: Piece,
        /// The man belongs to the side to move.
        own: bool,
    },
    /// A man of the side to move left its hole while this board's owner waits for the
    /// opponent, and there is no other board at the table: both players move on this one
    /// (see [`Tracker::set_owner`]). It is no touch charged to anyone (the tracker cannot
    /// tell the opponent's hand from the owner's), but the man is in a hand: a pawn's
    /// promotion piece may be named now, as for the owner's own pawn.
    InHand {
        /// The square it was lifted from.
        square: Square,
    },
    /// A lifted man went back into its own hole: no move. The touch still binds unless the
    /// player had said "I adjust" (see [`Tracker::forgive_touch`]).
    Adjusting {
        /// The square the man went back to.
        square: Square,
    },
    /// The board shows the position after this legal move; the tracker has played it.
    MoveMade {
        /// The move, as played on the game's position.
        mv: Move,
    },
    /// The move just made is not one the touches bound the player to (4.3-4.4): for the arbiter.
    TouchMoveBreach {
        /// The move the board shows, already played.
        played: Move,
        /// What the touches bound the player to instead.
        obligation: Obligation,
    },
    /// A pawn was replaced on its last rank but the board cannot tell by what: ask the player
    /// and call [`Tracker::choose_promotion`].
    PromotionAsked {
        /// The pawn's square before the move.
        from: Square,
        /// The promotion square.
        to: Square,
    },
    /// The board shows the result of several legal moves; call [`Tracker::choose`].
    MoveAmbiguous {
        /// Every legal move whose result the board shows.
        candidates: Vec<Move>,
    },
    /// The board is back at the position before the last move; the tracker has undone it.
    TakeBack {
        /// The move taken back.
        undone: Move,
    },
    /// The board has shown a position that is neither the game's nor one move on, for
    /// `Config::mismatch_ms`. The differences are against the game's position.
    Mismatch {
        /// Each square where the board and the game disagree.
        differences: Vec<Difference>,
    },
    /// How to put the board right, first step first (said again only occasionally).
    Guidance {
        /// The steps that put the board right, in the order to do them.
        fixes: Vec<Fix>,
    },
    /// After a mismatch or the game moving on without the board: the board matches again.
    PositionCorrect,
    /// An occupancy-only board whose reports may have been lost shows a man of the side to
    /// move lifted and nothing else changed, which is also what a capture looks like when
    /// both its reports (the captured man lifted, the capturer put down) were lost. The
    /// tracker cannot tell, so it asks instead of guiding the man back: the player says the
    /// move (the game then moves on, see [`Tracker::choose`]) or puts the man back.
    CaptureUnseen {
        /// The captures whose result the board shows.
        candidates: Vec<Move>,
    },
}

impl fmt::Display for TrackerEvent {
    /// English for logs and the command line; speech builds its own phrases from the values.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrackerEvent::Rotated => f.write_str("the board is turned round; reading it mirrored"),
            TrackerEvent::Touched { square, piece, own } => {
                let whose = if *own { "" } else { " (opponent's man)" };
                write!(f, "touched the {piece} on {square}{whose}")
            }
            TrackerEvent::InHand { square } => write!(f, "the man on {square} is in a hand"),
            TrackerEvent::Adjusting { square } => write!(f, "the man went back on {square}"),
            TrackerEvent::MoveMade { mv } => write!(f, "move made: {mv}"),
            TrackerEvent::TouchMoveBreach { played, obligation } => match obligation {
                Obligation::OneOf { moves, .. } => {
                    let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                    write!(
                        f,
                        "touch-move: {played} was played, but the player was bound to {}",
                        list.join(" or ")
                    )
                }
                Obligation::AnyLegalMove => write!(f, "touch-move: {played}"),
            },
            TrackerEvent::PromotionAsked { from, to } => {
                write!(f, "which piece replaces the pawn from {from} on {to}?")
            }
            TrackerEvent::MoveAmbiguous { candidates } => {
                let list: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
                write!(
                    f,
                    "the board shows more than one move: {}",
                    list.join(" or ")
                )
            }
            TrackerEvent::TakeBack { undone } => write!(f, "move taken back: {undone}"),
            TrackerEvent::Mismatch { differences } => {
                let list: Vec<String> = differences.iter().map(|d| d.to_string()).collect();
                write!(f, "the board differs from the game: {}", list.join("; "))
            }
            TrackerEvent::Guidance { fixes } => match fixes.first() {
                Some(first) => write!(f, "{first}"),
                None => f.write_str("position correct"),
            },
            TrackerEvent::PositionCorrect => f.write_str("position correct"),
            TrackerEvent::CaptureUnseen { candidates } => {
                let list: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
                write!(
                    f,
                    "the board may have missed a capture: {}; if played, say the move; if not, put the man back",
                    list.join(" or ")
                )
            }
        }
    }
}

/// A decision waiting for the board to stay still.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    Move(Move),
    Ambiguous(Vec<Move>),
    TakeBack,
    /// The last move's man slid on: undo the last move and make this one instead.
    Correction(Move),
}

/// What the board shows right now.
enum Shows {
    Expected,
    Moves(Vec<Move>),
    Previous,
    Correction(Move),
    Nothing,
}

/// The board tracker for one physical board.
#[derive(Debug, Clone)]
pub struct Tracker {
    kind: BoardKind,
    config: Config,
    expected: Position,
    /// Positions before each move, for take-backs.
    history: Vec<(Position, Move)>,
    /// The board as the sensors report it, in the game's orientation.
    sensed: Snapshot,
    orientation: Orientation,
    owner: Option<Color>,
    seen_snapshot: bool,
    /// An occupancy-only board of unknown orientation: the first man lifted (as the board
    /// numbers it), which with where it is put decides the orientation
    /// ([`Tracker::orientation_from_move`]).
    first_lift: Option<Square>,
    /// This turn's touches in order, for the touch-move obligation.
    touches: Vec<Touch>,
    touched: Bitboard,
    /// Men of the side to move lifted this turn on a board for both players while its owner
    /// waits ([`TrackerEvent::InHand`]): no touches, but held, so no mismatch yet.
    in_hand: Bitboard,
    activity: Activity,
    /// Squares the board still has to catch up on (the game moved on without it): lifting a
    /// man there is putting the board right, not a touch.
    unsynced: Bitboard,
    /// Squares where the game moved on without this board and the man changed, but the board
    /// cannot see it (a queen taken by a pawn promoting to a rook, on a board that reads only
    /// occupancy): the board agrees already, yet the player still swaps the men there. That
    /// lift is no touch of the new man, and its put-down no adjusting.
    unseen_swaps: Bitboard,
    pending: Option<(Pending, u64)>,
    asked: Option<(Square, Square)>,
    /// The promotion piece the player named this turn.
    named_promotion: Option<Role>,
    ambiguous_said: bool,
    unexplained: bool,
    /// A full reading came after the first this turn. An occupancy-only board sends one only
    /// when the link was in doubt (a garbled line, a gap in the line numbers, a reset), so its
    /// change reports since the last may be lost, a capture's among them.
    reports_doubted: bool,
    /// When the question about a capture the board may have missed was last asked.
    capture_asked_at: Option<u64>,
    /// The board has shown the position after the last move: only then can going back to the
    /// position before it be a take-back (after [`Tracker::game_advanced`] it is just behind).
    showed_last_move: bool,
    /// The game took back this move without this board (a take-back asked for and agreed),
    /// and the placement the board showed then: until the board has shown the game's
    /// position again, showing that move is a board to put back, not the move made again
    /// (a mate taken back would otherwise be replayed at once).
    taken_back: Option<(Move, Board)>,
    last_change_ms: u64,
    mismatch_said: Option<Snapshot>,
    throttle: Throttle,
    /// Moves are decided only on what a full reading shows (a DGT board, whose change
    /// reports carry no checksum and may be lost unnoticed).
    confirm_by_reading: bool,
    /// The board's state now comes from a full reading, not from change reports since.
    verified: bool,
    /// Touches seen only in change reports not yet confirmed by a full reading (with
    /// `confirm_by_reading`): a flipped bit in an update can empty a square nobody touched,
    /// so a touch counts (and is said) only once a reading shows the man gone from its hole.
    unconfirmed_touches: Vec<Square>,
    /// Another board is connected: with an owner set, this board reports only its owner's
    /// moves, and what it shows on the other side's turn is a copy to be checked (finding 4).
    two_boards: bool,
    /// The link lost or damaged a message and has asked for a full reading: until it comes
    /// (or the link gives up), change reports may be missing some of their neighbours, so
    /// nothing is decided and no touch is charged on them (a castling read as a rook move).
    awaiting_reading: bool,
    /// The player pressed the clock while the reading was awaited: the move waiting to
    /// settle is decided as soon as the reading has come.
    settle_held: bool,
}

impl Tracker {
    /// A tracker for a board assumed to show `position` until it says otherwise.
    pub fn new(position: Position, kind: BoardKind) -> Tracker {
        Tracker::with_config(position, kind, Config::default())
    }

    /// Like [`new`](Self::new), with other timings (a Bluetooth board needs a longer settle).
    pub fn with_config(position: Position, kind: BoardKind, config: Config) -> Tracker {
        Tracker {
            kind,
            config,
            sensed: reading_of(position.board(), kind),
            expected: position,
            history: Vec::new(),
            orientation: Orientation::Unknown,
            owner: None,
            seen_snapshot: false,
            first_lift: None,
            touches: Vec::new(),
            touched: Bitboard::EMPTY,
            in_hand: Bitboard::EMPTY,
            activity: Activity::default(),
            unsynced: Bitboard::EMPTY,
            unseen_swaps: Bitboard::EMPTY,
            pending: None,
            asked: None,
            named_promotion: None,
            ambiguous_said: false,
            unexplained: false,
            showed_last_move: true,
            taken_back: None,
            last_change_ms: 0,
            mismatch_said: None,
            throttle: Throttle::new(config.repeat_ms),
            confirm_by_reading: false,
            verified: false,
            unconfirmed_touches: Vec::new(),
            two_boards: false,
            awaiting_reading: false,
            settle_held: false,
            reports_doubted: false,
            capture_asked_at: None,
        }
    }

    /// Decide moves only on what a full reading shows. For boards whose change reports carry
    /// no checksum (DGT): a flipped bit in a field update must not become another legal move,
    /// so the link asks for a dump after every update and the move waits for it.
    pub fn confirm_by_reading(&mut self, on: bool) {
        self.confirm_by_reading = on;
    }

    /// Another board is connected for the other player (D.1). Then, with an owner set
    /// ([`Tracker::set_owner`]), a move shown on this board while the other side is on move is
    /// never made: that side's move comes from its own player's board, and a difference here
    /// is a copying error that guidance puts right once the game moves on.
    pub fn set_two_boards(&mut self, on: bool) {
        self.two_boards = on;
    }

    /// The game's position as the tracker knows it (after the moves it made or was told of).
    pub fn expected(&self) -> &Position {
        &self.expected
    }

    /// The board's reading, in the game's orientation.
    pub fn sensed(&self) -> &Snapshot {
        &self.sensed
    }

    /// What the board's sensors can tell, which decides how moves are recognised.
    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// Which way round the board stands, once known.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// Sets the orientation by hand: an occupancy-only board reads the start position the same
    /// either way round, so its orientation cannot be detected and must be configured.
    pub fn set_orientation(&mut self, orientation: Orientation) {
        self.orientation = orientation;
    }

    /// Whose board this is (the VI player's pegboard, the sighted player's set). While the
    /// other side is on move, lifts on it are not touches: Art. 4.3 binds only the player
    /// having the move, and the opponent's moves reach this board through
    /// [`Tracker::game_advanced`]. `None` (the default): every lift of a man in its hole counts.
    pub fn set_owner(&mut self, owner: Option<Color>) {
        self.owner = owner;
    }

    /// The game's moves before this tracker was made, each with the position it was played
    /// from, oldest first: for a board connected to a game already under way (a resumed
    /// game). Without them a move taken back by agreement while the board still shows it
    /// looks like that move made again, and the game would replay it at once. Ignored unless
    /// the last of them leads to the position the tracker expects.
    pub fn set_history(&mut self, history: Vec<(Position, Move)>) {
        let leads_here = history
            .last()
            .is_some_and(|(before, m)| before.play(m).is_ok_and(|after| after == self.expected));
        if leads_here {
            self.history = history;
        }
    }

    /// The link has (re)connected: its next full reading is how the board is found again,
    /// as the first reading was, not something done to it. A board restarted, or plugged
    /// back in after men were moved while it was away, shows differences that no one made
    /// on it just now: they are a board to put right (guidance), never touches charged to
    /// the player on move, and nothing waiting to be decided from before stands.
    pub fn connected(&mut self) {
        self.seen_snapshot = false;
        self.pending = None;
        self.settle_held = false;
        self.unconfirmed_touches.clear();
    }

    /// The squares a board with lights should show, in the game's orientation: while the
    /// board has to catch up with a move made elsewhere (the opponent's move to copy), or a
    /// mismatch has been said, the squares where it differs from the game; otherwise none
    /// (a man lifted in the player's own move is no news to light up).
    pub fn squares_to_show(&self) -> Bitboard {
        if self.unsynced.any() || self.mismatch_said.is_some() {
            self.differing_squares()
        } else {
            Bitboard::EMPTY
        }
    }

    /// This turn's touches, in order.
    pub fn touches(&self) -> &[Touch] {
        &self.touches
    }

    /// What the touches so far bind the player to (4.3-4.5).
    pub fn obligation(&self) -> Obligation {
        bound_moves(&self.expected, &self.touches)
    }

    /// The player had said "I adjust" (4.2.1) before lifting the man on `square`: that lift
    /// binds nothing.
    pub fn forgive_touch(&mut self, square: Square) {
        for t in &mut self.touches {
            if *t == Touch::Man(square) {
                *t = Touch::Adjust(square);
            }
        }
    }

    /// One sensor event, at `now_ms`.
    pub fn handle(&mut self, event: SensorEvent, now_ms: u64) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        let mut first_reading = !self.seen_snapshot;
        match event {
            SensorEvent::Snapshot(raw) if self.orientation == Orientation::Unknown => {
                let found = Orientation::detect(&raw, self.expected.board());
                if found != Orientation::Unknown {
                    // A board connected empty and set up later is decided on the reading
                    // that first shows the game; that reading is how the board was found.
                    first_reading = true;
                    self.decided(found, &mut out);
                }
            }
            // A lift alone does not decide: a blind player feels the opponent's men too, and
            // a lift of one of those read as the board turned round, for the whole game (a
            // play-through). The lift is taken as it comes; the move it begins decides.
            SensorEvent::Lifted(raw)
                if self.orientation == Orientation::Unknown
                    && self.first_lift.is_none()
                    && self.orientation_from_lift(raw).is_some() =>
            {
                self.first_lift = Some(raw);
            }
            SensorEvent::Placed { square: raw, .. } if self.orientation == Orientation::Unknown => {
                if let Some(from) = self.first_lift.take() {
                    match self.orientation_from_move(from, raw) {
                        Some(Orientation::Rotated) => {
                            self.decided(Orientation::Rotated, &mut out);
                            // The lift was taken unrotated: taken again as it was meant.
                            self.sensed = self.sensed.rotated();
                            self.activity = Default::default();
                            self.lift(from.rotate(), now_ms, &mut out);
                        }
                        Some(found) => self.decided(found, &mut out),
                        None if from != raw => self.first_lift = None,
                        None => {}
                    }
                }
            }
            _ => {}
        }
        let is_reading = matches!(event, SensorEvent::Snapshot(_));
        let ends_wait = is_reading && mem::take(&mut self.awaiting_reading);
        let was_verified = self.verified;
        let sensed_before = self.sensed;
        self.verified = is_reading;
        let mut placed = None;
        match self.orientation.apply(event) {
            SensorEvent::Snapshot(reading) if first_reading => {
                // The first full reading is how the board was found, not something done to it.
                self.seen_snapshot = true;
                self.sensed = reading;
                self.unsynced = self.differing_squares();
            }
            SensorEvent::Snapshot(reading) => {
                self.reports_doubted |= self.kind == BoardKind::OccupancyOnly;
                placed = self.apply_reading(reading, now_ms, &mut out);
                self.confirm_touches(&mut out);
            }
            SensorEvent::Lifted(square) => self.lift(square, now_ms, &mut out),
            SensorEvent::Placed { square, sensed } => {
                placed = self.place(square, sensed, true, now_ms, &mut out)
            }
        }
        if self.orientation == Orientation::Unknown && !matches!(event, SensorEvent::Snapshot(_)) {
            // Set up by hand after connecting: the reading that first shows the game one way
            // round only decides it.
            let found = Orientation::detect(&self.sensed, self.expected.board());
            if found != Orientation::Unknown {
                self.decided(found, &mut out);
                if found == Orientation::Rotated {
                    self.sensed = self.sensed.rotated();
                    self.activity = Default::default();
                    self.unsynced = self.differing_squares();
                }
            }
        }
        let nothing_new = is_reading
            && !ends_wait
            && !first_reading
            && was_verified
            && self.sensed == sensed_before
            && out.is_empty();
        if nothing_new {
            // A reading that shows nothing new (a Certabo board streams them, a watchdog asks
            // for them) is not a change: it must not restart the wait for a sliding man to
            // settle, or for a mismatch to have stood long enough.
            return out;
        }
        self.last_change_ms = now_ms;
        self.evaluate(now_ms, placed, &mut out);
        if ends_wait && mem::take(&mut self.settle_held) {
            // The press made while the reading was awaited counts now, on the true board.
            out.extend(self.settle());
        }
        out
    }

    /// Decisions and touches wait for a full reading: one is awaited after a damaged
    /// message, or this board's change reports are never trusted alone.
    fn holding(&self) -> bool {
        self.awaiting_reading || (self.confirm_by_reading && !self.verified)
    }

    fn decided(&mut self, found: Orientation, out: &mut Vec<TrackerEvent>) {
        self.orientation = found;
        if found == Orientation::Rotated {
            out.push(TrackerEvent::Rotated);
        }
    }

    /// An occupancy-only board reads a symmetric set-up the same either way round: whether a
    /// lift can begin the move that decides it, as the man of the side to move (or one the
    /// board must give up to catch up with the game) stands on only one of the two squares.
    fn orientation_from_lift(&self, raw: Square) -> Option<Orientation> {
        if !agrees(&self.sensed, self.expected.board())
            || !agrees(&self.sensed.rotated(), self.expected.board())
        {
            return None;
        }
        let turn = self.expected.turn();
        let to_move = |sq: Square| {
            self.owner.is_none_or(|o| o == turn)
                && self.expected.piece_at(sq).is_some_and(|p| p.color == turn)
        };
        let catching_up = |sq: Square| self.unsynced.contains(sq);
        let fits = |sq: Square| to_move(sq) || catching_up(sq);
        match (fits(raw), fits(raw.rotate())) {
            (true, false) => Some(Orientation::Normal),
            (false, true) => Some(Orientation::Rotated),
            _ => None,
        }
    }

    /// The orientation a man lifted at `from` and put at `to` (as the board numbers them)
    /// shows: the one in which that is a legal move of the game, when only one is.
    fn orientation_from_move(&self, from: Square, to: Square) -> Option<Orientation> {
        let legal = |f: Square, t: Square| {
            self.expected
                .legal_moves()
                .iter()
                .any(|m| m.from() == f && (m.to() == t || m.king_to() == t))
        };
        match (legal(from, to), legal(from.rotate(), to.rotate())) {
            (true, false) => Some(Orientation::Normal),
            (false, true) => Some(Orientation::Rotated),
            _ => None,
        }
    }

    /// The link has asked for a full reading after a damaged or missing message: decide
    /// nothing until it comes ([`Tracker::reading_given_up`] if it never does).
    pub fn await_reading(&mut self) {
        self.awaiting_reading = true;
    }

    /// Whether a full reading is awaited before anything is decided.
    pub fn awaiting_reading(&self) -> bool {
        self.awaiting_reading
    }

    /// The link gave up on the awaited reading: what the change reports since suggested is
    /// forgotten undecided (the game stays as it is) and a held press finds no move waiting.
    pub fn reading_given_up(&mut self) {
        if mem::take(&mut self.awaiting_reading) {
            self.pending = None;
            self.settle_held = false;
            self.unconfirmed_touches.clear();
        }
    }

    /// Lets waits expire: a sliding man that has stopped, a mismatch that has stood long enough,
    /// guidance due to be repeated. Call it every 50-100 ms.
    pub fn tick(&mut self, now_ms: u64) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        if self.awaiting_reading {
            return out;
        }
        if let Some((pending, due)) = self.pending.take() {
            if now_ms >= due {
                self.fire(pending, &mut out);
            } else {
                self.pending = Some((pending, due));
            }
        }
        self.check_mismatch(now_ms, &mut out);
        out
    }

    /// The hand has let go for good (the player pressed the clock): a move waiting for the
    /// board to stay still (a man that could have slid on, a take-back) is decided now,
    /// before the press, instead of at the end of the settle time.
    pub fn settle(&mut self) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        if self.awaiting_reading {
            self.settle_held = true;
            return out;
        }
        if let Some((pending, _)) = self.pending.take() {
            self.fire(pending, &mut out);
        }
        out
    }

    /// When [`Tracker::tick`] next has something to decide, in the caller's milliseconds: a
    /// sliding man's settle time, or when a mismatch has stood long enough to be said (or
    /// its guidance repeated). `None`: nothing until the next sensor event. A front end
    /// sleeps until then instead of ticking.
    pub fn poll_timeout(&self) -> Option<u64> {
        if self.awaiting_reading {
            return None;
        }
        let pending = self.pending.as_ref().map(|(_, due)| *due);
        let mismatch = self.unexplained.then(|| {
            let delay = if self.mismatch_said.is_some() {
                self.config.follow_up_ms
            } else {
                self.config.mismatch_ms
            };
            let mut at = self.last_change_ms + delay;
            let captures = self.unseen_captures();
            if !captures.is_empty() {
                if !self.reports_doubted && !self.reported_out_of_order(&captures) {
                    at = at.max(self.last_change_ms + self.config.in_hand_ms);
                }
                if let Some(asked) = self.capture_asked_at {
                    at = at.max(asked + self.config.repeat_ms);
                }
                return at;
            }
            if self.only_men_in_hand() {
                at = at.max(self.last_change_ms + self.config.in_hand_ms);
            }
            if let Some(again) = self.throttle.next_at() {
                at = at.max(again);
            }
            at
        });
        pending.into_iter().chain(mismatch).min()
    }

    /// The game moved on without this board (the assistant typed a move, or a move was made on
    /// the other board): the board must now be brought to `position`. Lifts needed for that
    /// are not touches; guidance follows if the board stays wrong.
    pub fn game_advanced(&mut self, position: Position, now_ms: u64) -> Vec<TrackerEvent> {
        if position == self.expected {
            return Vec::new(); // this board made the move itself
        }
        let old = mem::replace(&mut self.expected, position);
        let link = old
            .legal_moves()
            .into_iter()
            .find(|m| old.play(m).is_ok_and(|p| p == self.expected));
        let taken_back = match self.history.last() {
            Some((before, m)) if link.is_none() && *before == self.expected => Some(*m),
            _ => None,
        };
        match (link, taken_back) {
            (Some(m), _) => self.history.push((old.clone(), m)),
            (None, Some(_)) => {
                self.history.pop();
            }
            (None, None) => self.history.clear(),
        }
        self.new_turn();
        self.showed_last_move = false;
        self.taken_back = taken_back.map(|m| (m, *old.board()));
        let (was, now) = (
            reading_of(old.board(), self.kind),
            reading_of(self.expected.board(), self.kind),
        );
        for sq in changed_squares(old.board(), self.expected.board()) {
            if was.get(sq).is_occupied() && was.get(sq) == now.get(sq) {
                self.unseen_swaps.set(sq);
            }
        }
        if !agrees(&self.sensed, self.expected.board()) {
            self.unsynced =
                changed_squares(old.board(), self.expected.board()) | self.differing_squares();
        }
        self.last_change_ms = now_ms;
        let mut out = Vec::new();
        self.evaluate(now_ms, None, &mut out);
        out
    }

    /// The player named the promotion piece (D.2.1): after `PromotionAsked`, or beforehand
    /// while announcing the move. On a board that cannot see the piece, the promotion is then
    /// made as soon as the board shows it.
    /// Named again before the board showed the promotion, the piece named last counts: a
    /// spoken name is no touch of the piece on its square (4.4.4), so the earlier one binds
    /// nothing.
    pub fn choose_promotion(&mut self, role: Role) -> Vec<TrackerEvent> {
        if let Some(before) = self.named_promotion.replace(role) {
            if let Some(i) = self
                .touches
                .iter()
                .rposition(|t| *t == Touch::PromotionPiece(before))
            {
                self.touches.remove(i);
            }
        }
        self.touches.push(Touch::PromotionPiece(role));
        let mut out = Vec::new();
        if let Shows::Moves(moves) = self.classify() {
            if let Some(&m) = moves.iter().find(|m| m.promotion() == Some(role)) {
                self.make(m, &mut out);
            }
        }
        out
    }

    /// The player (or assistant) said which of the moves the board shows was meant.
    /// Also one of the captures in [`TrackerEvent::CaptureUnseen`].
    pub fn choose(&mut self, m: &Move) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        let shown = match self.classify() {
            Shows::Moves(moves) => moves.contains(m),
            _ => false,
        };
        if shown || self.unseen_captures().contains(m) {
            self.make(*m, &mut out);
        }
        out
    }

    // ---- sensor changes -------------------------------------------------------------------

    /// A later full reading: its differences are changes like any others, lifts first so a
    /// capture reads as "target emptied, then refilled".
    fn apply_reading(
        &mut self,
        reading: Snapshot,
        now_ms: u64,
        out: &mut Vec<TrackerEvent>,
    ) -> Option<Square> {
        for sq in Square::all() {
            if self.sensed.get(sq).is_occupied() && !reading.get(sq).is_occupied() {
                self.lift(sq, now_ms, out);
            }
        }
        let mut placed = None;
        for sq in Square::all() {
            let s = reading.get(sq);
            if s.is_occupied() && s != self.sensed.get(sq) {
                placed = self.place(sq, s, false, now_ms, out).or(placed);
            }
        }
        placed
    }

    fn lift(&mut self, sq: Square, now_ms: u64, out: &mut Vec<TrackerEvent>) {
        let before = self.sensed.get(sq);
        if !before.is_occupied() {
            return; // a repeated report
        }
        if let Some((Pending::Move(m), _)) = self.pending {
            // The mover's man is still waiting to settle, and another man is lifted (the reply,
            // or the next man): the man that moved has come to rest, so its move is made.
            if !self.awaiting_reading && !self.is_part_of(&m, sq) && !self.rook_may_still_castle(&m)
            {
                self.pending = None;
                self.make(m, out);
            }
        }
        self.sensed.set(sq, Sensed::Empty);
        self.activity.lift(sq, now_ms);
        self.note_touch(sq, before, out);
    }

    /// Returns the square when a man really went in.
    /// `report`: a placement the board reported as such, not a difference between readings.
    fn place(
        &mut self,
        sq: Square,
        sensed: Sensed,
        report: bool,
        now_ms: u64,
        out: &mut Vec<TrackerEvent>,
    ) -> Option<Square> {
        let before = self.sensed.get(sq);
        if !sensed.is_occupied() {
            self.lift(sq, now_ms, out);
            return None;
        }
        // A board that cannot tell men apart reports a placement only when a hole fills:
        // one on a hole it reported full means its lift report was lost (a capture).
        let refilled = report && before.is_occupied() && self.kind != BoardKind::IdentifiesPieces;
        if before == sensed && !refilled {
            return None;
        }
        if before.is_occupied() {
            // The board never reported the hole empty (a quick capture on a DGT board).
            self.activity.lift(sq, now_ms);
            self.note_touch(sq, before, out);
        }
        self.sensed.set(sq, sensed);
        self.activity.place(sq, now_ms);
        if self.unseen_swaps.contains(sq) {
            self.unseen_swaps.clear(sq);
            if agrees(&self.sensed, self.expected.board()) {
                // The new man put in for the old: the board catching up, no part of a move
                // (and no evidence of a capture there).
                self.activity.forget(sq);
                return None;
            }
        }
        if let Sensed::Piece(p) = sensed {
            // 4.4.4: the promotion piece is chosen when it touches the promotion square.
            let promotes = p.color == self.expected.turn()
                && self
                    .expected
                    .legal_moves()
                    .iter()
                    .any(|m| m.to() == sq && m.promotion() == Some(p.role));
            if promotes {
                self.touches.push(Touch::PromotionPiece(p.role));
            }
        }
        Some(sq)
    }

    /// A man in its right hole leaves it: the first time this turn, that is a touch.
    fn note_touch(&mut self, sq: Square, before: Sensed, out: &mut Vec<TrackerEvent>) {
        let Some(piece) = self.expected.piece_at(sq) else {
            return;
        };
        let owner_waits = self.owner.is_some_and(|c| c != self.expected.turn());
        if owner_waits {
            // One board for both: the side to move lifted its own man here. (On a board
            // whose change reports wait for a reading, a lift is not sure enough for this.)
            let in_hand = !self.two_boards
                && piece.color == self.expected.turn()
                && before.agrees_with(Some(piece))
                && !self.unsynced.contains(sq)
                && !self.holding();
            if in_hand {
                self.in_hand.set(sq);
                out.push(TrackerEvent::InHand { square: sq });
            }
            return;
        }
        if !before.agrees_with(Some(piece))
            || self.unsynced.contains(sq)
            || self.unseen_swaps.contains(sq)
            || self.touched.contains(sq)
        {
            return;
        }
        if self.holding() {
            if !self.unconfirmed_touches.contains(&sq) {
                self.unconfirmed_touches.push(sq);
            }
            return;
        }
        self.confirm_touch(sq, piece, out);
    }

    fn confirm_touch(&mut self, sq: Square, piece: Piece, out: &mut Vec<TrackerEvent>) {
        self.touched.set(sq);
        self.touches.push(Touch::Man(sq));
        out.push(TrackerEvent::Touched {
            square: sq,
            piece,
            own: piece.color == self.expected.turn(),
        });
    }

    /// A full reading arrived: a touch seen only in change reports counts if the reading
    /// shows its man gone from its hole (lifted, moved, or taken); otherwise the report was
    /// wrong, and what it made the tracker think was lifted there is forgotten.
    fn confirm_touches(&mut self, out: &mut Vec<TrackerEvent>) {
        for sq in mem::take(&mut self.unconfirmed_touches) {
            let Some(piece) = self.expected.piece_at(sq) else {
                continue;
            };
            if self.sensed.get(sq).agrees_with(Some(piece)) {
                self.activity.forget(sq);
            } else if !self.touched.contains(sq) {
                self.confirm_touch(sq, piece, out);
            }
        }
    }

    // ---- what the board shows -------------------------------------------------------------

    fn differing_squares(&self) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for sq in self.sensed.differences(self.expected.board()) {
            b.set(sq);
        }
        b
    }

    fn shows(&self, before: &Position, m: &Move) -> bool {
        let mut after = before.clone();
        after.play_unchecked(m);
        shows_move(&self.sensed, after.board(), m, self.kind, &self.activity)
    }

    fn classify(&self) -> Shows {
        if agrees(&self.sensed, self.expected.board()) {
            return Shows::Expected;
        }
        let moves: Vec<Move> = self
            .expected
            .legal_moves()
            .into_iter()
            .filter(|m| !self.is_taken_back(m) && self.shows(&self.expected, m))
            .collect();
        if !moves.is_empty() {
            return Shows::Moves(moves);
        }
        let Some((previous, last)) = self.history.last() else {
            return Shows::Nothing;
        };
        if !self.showed_last_move {
            return Shows::Nothing;
        }
        if agrees(&self.sensed, previous.board()) {
            return Shows::Previous;
        }
        // A man that slid on after its move was taken as made (a pause on a DGT board): only
        // while nothing but that man has been touched since.
        let only_that_man = self
            .touches
            .iter()
            .all(|t| *t == Touch::Man(last.king_to()));
        if only_that_man {
            let slid_on = previous
                .legal_moves_from(last.from())
                .into_iter()
                .find(|m| m != last && self.shows(previous, m));
            if let Some(m) = slid_on {
                return Shows::Correction(m);
            }
        }
        Shows::Nothing
    }

    fn evaluate(&mut self, now_ms: u64, placed: Option<Square>, out: &mut Vec<TrackerEvent>) {
        self.pending = None;
        self.unexplained = false;
        let mut shows = self.classify();
        if matches!(shows, Shows::Moves(_)) && self.copies_the_other_side() {
            // The other player's move comes from their own board; this one only copies it.
            shows = Shows::Nothing;
        }
        let decides = matches!(
            shows,
            Shows::Moves(_) | Shows::Previous | Shows::Correction(_)
        );
        if decides && self.holding() {
            // The link has asked for a full reading; the decision waits for it.
            return;
        }
        match shows {
            Shows::Expected => {
                self.showed_last_move = true;
                if self.mismatch_said.is_some() || self.unsynced.any() {
                    out.push(TrackerEvent::PositionCorrect);
                } else if let Some(square) = placed.filter(|&sq| self.activity.lifted(sq).is_some())
                {
                    out.push(TrackerEvent::Adjusting { square });
                }
                self.asked = None;
                self.ambiguous_said = false;
                self.unsynced = Bitboard::EMPTY;
                self.taken_back = None;
                self.mismatch_said = None;
                self.throttle.reset();
            }
            Shows::Moves(moves) => self.on_moves(moves, now_ms, out),
            Shows::Previous => {
                self.pending = Some((Pending::TakeBack, now_ms + self.config.settle_ms))
            }
            Shows::Correction(m) => {
                self.pending = Some((Pending::Correction(m), now_ms + self.config.settle_ms))
            }
            Shows::Nothing if self.rook_released_king_lifted().is_some() => {
                // 4.4.2 and 4.7: the rook touched first and released on its square is a rook
                // move; a reading that came only once the king was in the hand (a Certabo
                // board reads every 200 ms) rules the same as a board that saw the rook land.
                if let Some(m) = self.rook_released_king_lifted() {
                    self.make(m, out);
                }
            }
            Shows::Nothing => match self.move_with_reply_begun() {
                Some((m, lifted)) if !self.copies_the_other_side() => {
                    self.reply_begun(m, &lifted, out)
                }
                _ => self.unexplained = true,
            },
        }
    }

    /// A full reading that shows one legal move made and, besides, only men of the side to
    /// reply lifted: a board that reads the whole board now and then (a Certabo every 200 ms)
    /// saw the move's man land and the reply begun in one reading. Returns the move and the
    /// squares lifted for the reply.
    fn move_with_reply_begun(&self) -> Option<(Move, Vec<Square>)> {
        if !self.verified || self.kind != BoardKind::IdentifiesPieces {
            return None;
        }
        let mut found = None;
        for m in self.expected.legal_moves() {
            let mut after = self.expected.clone();
            after.play_unchecked(&m);
            let replier = after.turn();
            let mut lifted = Vec::new();
            let fits = Square::all().all(|sq| {
                let (sensed, there) = (self.sensed.get(sq), after.piece_at(sq));
                if sensed.agrees_with(there) {
                    return true;
                }
                let lift = !sensed.is_occupied() && there.is_some_and(|p| p.color == replier);
                if lift {
                    lifted.push(sq);
                }
                lift
            });
            if fits && !lifted.is_empty() && !lifted.contains(&m.to()) && !self.is_taken_back(&m) {
                if found.is_some() {
                    return None;
                }
                found = Some((m, lifted));
            }
        }
        found
    }

    /// By the Laws' rook-first ruling: a full reading showing the castling rook released on
    /// its castling square and, besides, only the king lifted. Returns that rook move.
    fn rook_released_king_lifted(&self) -> Option<Move> {
        if !self.verified || self.config.rook_first != RookFirst::Law {
            return None;
        }
        self.expected.legal_moves().into_iter().find_map(|c| {
            let side = c.castling_side()?;
            let king = c.from();
            let rook_to = Square::from_coords(side.rook_to_file(), king.rank());
            let m = self
                .expected
                .legal_moves_from(c.to())
                .into_iter()
                .find(|m| m.to() == rook_to && !m.is_capture())?;
            let mut after = self.expected.clone();
            after.play_unchecked(&m);
            let fits = Square::all().all(|sq| {
                let sensed = self.sensed.get(sq);
                if sq == king {
                    !sensed.is_occupied()
                } else {
                    sensed.agrees_with(after.piece_at(sq))
                }
            });
            fits.then_some(m)
        })
    }

    /// Makes `m`, then counts the lifts of the reply's men as the reply's touches (not as
    /// touches of the mover's turn, which they looked like while `m` was not yet seen).
    fn reply_begun(&mut self, m: Move, lifted: &[Square], out: &mut Vec<TrackerEvent>) {
        out.retain(|e| {
            !matches!(e, TrackerEvent::Touched { square, own: false, .. } if lifted.contains(square))
        });
        self.touches
            .retain(|t| !matches!(t, Touch::Man(sq) if lifted.contains(sq)));
        for &sq in lifted {
            self.touched.clear(sq);
        }
        self.make(m, out);
        for &sq in lifted {
            if let Some(piece) = self.expected.piece_at(sq) {
                self.note_touch(sq, Sensed::Piece(piece), out);
            }
        }
    }

    /// Was `m` taken back by the game while this board still showed it?
    fn is_taken_back(&self, m: &Move) -> bool {
        self.taken_back.is_some_and(|(undone, _)| undone == *m)
    }

    /// Two boards, this one owned by the player not on move: it shows copies, not moves.
    fn copies_the_other_side(&self) -> bool {
        self.two_boards && self.owner.is_some_and(|o| o != self.expected.turn())
    }

    fn on_moves(&mut self, moves: Vec<Move>, now_ms: u64, out: &mut Vec<TrackerEvent>) {
        let first = moves[0];
        let promotions_only = moves.len() > 1
            && moves.iter().all(|m| {
                m.promotion().is_some() && m.from() == first.from() && m.to() == first.to()
            });
        if promotions_only {
            if let Some(&m) = moves.iter().find(|m| m.promotion() == self.named_promotion) {
                return self.make(m, out);
            }
            // The board cannot see which piece replaced the pawn: ask and wait (D.2.1).
            let key = (first.from(), first.to());
            if self.asked != Some(key) {
                self.asked = Some(key);
                out.push(TrackerEvent::PromotionAsked {
                    from: key.0,
                    to: key.1,
                });
            }
            return;
        }
        if moves.len() > 1 {
            self.pending = Some((Pending::Ambiguous(moves), now_ms + self.config.settle_ms));
            return;
        }
        let wait = if could_travel_further(&self.expected, &first) {
            Some(self.config.settle_ms)
        } else if self.rook_may_still_castle(&first) {
            Some(self.config.castle_wait_ms)
        } else {
            None
        };
        match wait {
            Some(w) => self.pending = Some((Pending::Move(first), now_ms + w)),
            None => self.make(first, out),
        }
    }

    /// Is a man on `sq` one of those `m` moves (the mover, or the castling rook)?
    fn is_part_of(&self, m: &Move, sq: Square) -> bool {
        if sq == m.to() || sq == m.king_to() || sq == m.from() {
            return true;
        }
        m.castling_side()
            .is_some_and(|side| sq == Square::from_coords(side.rook_to_file(), m.from().rank()))
    }

    /// With lenient rook-first castling: is `m` a castling rook reaching its castling square?
    fn rook_may_still_castle(&self, m: &Move) -> bool {
        self.config.rook_first == RookFirst::Lenient
            && m.role() == Role::Rook
            && !m.is_capture()
            && self.expected.legal_moves().iter().any(|c| {
                c.castling_side().is_some_and(|side| {
                    c.to() == m.from()
                        && m.to() == Square::from_coords(side.rook_to_file(), m.from().rank())
                })
            })
    }

    // ---- decisions ------------------------------------------------------------------------

    fn fire(&mut self, pending: Pending, out: &mut Vec<TrackerEvent>) {
        match pending {
            Pending::Move(m) => self.make(m, out),
            Pending::Ambiguous(candidates) => {
                if !self.ambiguous_said {
                    self.ambiguous_said = true;
                    out.push(TrackerEvent::MoveAmbiguous { candidates });
                }
            }
            Pending::TakeBack => self.take_back(out),
            Pending::Correction(m) => {
                self.take_back(out);
                self.make(m, out);
            }
        }
    }

    fn make(&mut self, m: Move, out: &mut Vec<TrackerEvent>) {
        let obligation = bound_moves(&self.expected, &self.touches);
        out.push(TrackerEvent::MoveMade { mv: m });
        if !obligation.allows(&m) {
            out.push(TrackerEvent::TouchMoveBreach {
                played: m,
                obligation,
            });
        }
        let next = self
            .expected
            .play(&m)
            .expect("the tracker only makes legal moves");
        let before = mem::replace(&mut self.expected, next);
        self.history.push((before, m));
        self.new_turn();
        self.showed_last_move = true;
    }

    fn take_back(&mut self, out: &mut Vec<TrackerEvent>) {
        if let Some((previous, undone)) = self.history.pop() {
            self.expected = previous;
            out.push(TrackerEvent::TakeBack { undone });
            self.new_turn();
            self.showed_last_move = true;
        }
    }

    fn new_turn(&mut self) {
        self.touches.clear();
        self.unconfirmed_touches.clear();
        self.touched = Bitboard::EMPTY;
        self.in_hand = Bitboard::EMPTY;
        self.activity = Activity::default();
        self.unsynced = Bitboard::EMPTY;
        self.unseen_swaps = Bitboard::EMPTY;
        self.pending = None;
        self.asked = None;
        self.named_promotion = None;
        self.ambiguous_said = false;
        self.unexplained = false;
        self.mismatch_said = None;
        self.throttle.reset();
        self.reports_doubted = false;
        self.capture_asked_at = None;
        self.taken_back = None;
    }

    // ---- mismatch and guidance ------------------------------------------------------------

    /// Only men of this turn's touches (or, on a board for both players, men of the side to
    /// move lifted while its owner waits) are off the board, nothing else is wrong: the
    /// player is holding them (thinking, or mid-capture).
    fn only_men_in_hand(&self) -> bool {
        self.sensed
            .differences(self.expected.board())
            .into_iter()
            .all(|sq| {
                (self.touched.contains(sq) || self.in_hand.contains(sq))
                    && !self.sensed.get(sq).is_occupied()
            })
    }

    fn check_mismatch(&mut self, now_ms: u64, out: &mut Vec<TrackerEvent>) {
        let delay = if self.mismatch_said.is_some() {
            self.config.follow_up_ms
        } else {
            self.config.mismatch_ms
        };
        if !self.unexplained || now_ms < self.last_change_ms + delay {
            return;
        }
        if self.asks_about_capture(now_ms) {
            let due = self
                .capture_asked_at
                .is_none_or(|at| now_ms >= at + self.config.repeat_ms);
            if due {
                self.capture_asked_at = Some(now_ms);
                out.push(TrackerEvent::CaptureUnseen {
                    candidates: self.unseen_captures(),
                });
            }
            return;
        }
        if self.only_men_in_hand() && now_ms < self.last_change_ms + self.config.in_hand_ms {
            return;
        }
        if self.mismatch_said != Some(self.sensed) {
            self.mismatch_said = Some(self.sensed);
            out.push(TrackerEvent::Mismatch {
                differences: differences(self.expected.board(), &self.sensed),
            });
        }
        // The placement the board last showed names the men it cannot tell apart: before the
        // game moved on without it, the position then; otherwise the game's.
        let reference = match (self.taken_back, self.history.last()) {
            (Some((_, shown)), _) => shown,
            (None, Some((before, _))) if !self.showed_last_move => *before.board(),
            _ => *self.expected.board(),
        };
        let fixes = fixes_known(&self.guidance_target(), &self.sensed, &reference);
        if let Some(&first) = fixes.first() {
            if self.throttle.allow(first, now_ms) {
                out.push(TrackerEvent::Guidance { fixes });
            }
        }
    }

    /// Captures an occupancy-only board would show exactly as it reads now: the capturing
    /// man's hole empty, the captured man's hole full again (with the capturer in it).
    fn unseen_captures(&self) -> Vec<Move> {
        if self.kind != BoardKind::OccupancyOnly || !self.only_men_in_hand() {
            return Vec::new();
        }
        self.expected
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_capture() && !m.is_en_passant())
            .filter(|m| {
                let mut after = self.expected.clone();
                after.play_unchecked(m);
                agrees(&self.sensed, after.board())
            })
            .collect()
    }

    /// Is a man held in hand to be asked about as a possibly unseen capture (rather than
    /// waited for, then guided back)? When reports may have been lost this turn, or came out
    /// of order within one scan, at once; otherwise only once it has been held as long as
    /// guidance would wait (`in_hand_ms`), since a player holding a man is usually thinking.
    fn asks_about_capture(&self, now_ms: u64) -> bool {
        let held_long = now_ms >= self.last_change_ms.saturating_add(self.config.in_hand_ms);
        let captures = self.unseen_captures();
        !captures.is_empty()
            && (self.reports_doubted || held_long || self.reported_out_of_order(&captures))
    }

    /// Were one of these captures' reports out of order within one scan (the target refilled
    /// just before the capturer's lift)? Then a capture is likely enough to ask at once.
    fn reported_out_of_order(&self, captures: &[Move]) -> bool {
        captures.iter().any(|m| {
            self.activity
                .swapped_just_before(m.to(), m.from(), self.config.scan_window_ms)
        })
    }

    /// Where guidance should lead: the game's position, unless the board is part-way through
    /// exactly one legal move of a touched man (the king already on g1: finish castling, 4.7).
    fn guidance_target(&self) -> Board {
        let before = self.expected.board();
        let mut targets = self
            .expected
            .legal_moves()
            .into_iter()
            .filter(|m| self.touched.contains(m.from()))
            .map(|m| {
                let mut p = self.expected.clone();
                p.play_unchecked(&m);
                *p.board()
            })
            .filter(|after| is_part_way(&self.sensed, before, after));
        match (targets.next(), targets.next()) {
            (Some(only), None) => only,
            _ => *before,
        }
    }
}
