//! The game record: the moves played from a start position, the positions they produced, and
//! the draws the Laws attach to that history (Art. 9: repetition and the fifty- and
//! seventy-five-move rules) besides the ends a single position shows (mate, stalemate, dead
//! position).
//!
//! A game may start from any position (a FEN, a Chess960 array, an adjourned game). What came
//! before it is unknown, so repetitions are counted from the start position on, while the
//! half-move counter the start position carries does count toward 50 and 75 moves.

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::dead;
use super::moves::Move;
use super::position::Position;
use super::square::Square;
use std::fmt;

/// Half-moves without a pawn move or capture that allow a claim (9.3: 50 moves by each player).
pub const FIFTY_MOVE_PLIES: u32 = 100;
/// Half-moves without a pawn move or capture that end the game at once (9.6.2).
pub const SEVENTY_FIVE_MOVE_PLIES: u32 = 150;
/// Occurrences of one position that allow a claim (9.2).
pub const THREEFOLD: usize = 3;
/// Occurrences of one position that end the game at once (9.6.1).
pub const FIVEFOLD: usize = 5;

/// What makes two positions "the same" for 9.2.2: the same side to move, the same men on the
/// same squares, and the same possible moves. Possible moves differ only through castling
/// rights and en passant, so those are part of the key, and only as far as they are real:
/// a right lost by moving the king or rook is gone, a right temporarily barred (3.8.2.2) is
/// kept; an en passant square counts only when an en passant capture is actually legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: Board,
    turn: Color,
    /// The rooks that still carry a castling right.
    castling: Bitboard,
    en_passant: Option<Square>,
}

/// The 9.2.2 identity of a position.
pub fn repetition_key(pos: &Position) -> RepetitionKey {
    RepetitionKey {
        board: *pos.board(),
        turn: pos.turn(),
        castling: pos.castles().mask(),
        en_passant: pos.legal_ep_square(),
    }
}

/// Where a game stands after the last move.
///
/// When several ends apply at once, the first in this order is reported: checkmate,
/// stalemate, dead position, fivefold repetition, seventy-five moves. Mate comes first because
/// 9.6 says a mate on the last move prevails over both automatic draws, and 5.1.1 ends the
/// game at the mate; stalemate and a dead position are draws "at once" (5.2.1, 5.2.2) and more
/// specific than the counting rules, which an arbiter checks last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// No end applies yet.
    Ongoing,
    /// 5.1.1: the side to move is mated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// 5.2.1.
    Stalemate,
    /// 5.2.2: neither side can mate by any series of legal moves, as far as
    /// [`dead::dead_position`] can prove (checked with its cheaper equal, [`dead::is_dead`]).
    DeadPosition,
    /// 9.6.1.
    FivefoldRepetition,
    /// 9.6.2: 75 moves by each player without a pawn move or capture.
    SeventyFiveMoves,
}

impl Status {
    /// The status in a few spoken words.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Checkmate { .. } => "checkmate",
            Status::Stalemate => "stalemate",
            Status::DeadPosition => "dead position",
            Status::FivefoldRepetition => "fivefold repetition",
            Status::SeventyFiveMoves => "seventy-five moves",
        }
    }

    /// True once any end applies: no more moves are accepted.
    pub fn is_over(&self) -> bool {
        *self != Status::Ongoing
    }

    /// The winner, if the game ended decisively.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            Status::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Why a move was not added to the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game already ended, so no move is added.
    #[error("the game is over: {0}")]
    GameOver(Status),
    /// The move is not legal in the current position.
    #[error("{0} is not legal here")]
    Illegal(Move),
}

/// The two draws a player claims rather than the arbiter declaring them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// 9.2: the same position for at least the third time.
    ThreefoldRepetition,
    /// 9.3: 50 moves by each player without a pawn move or capture.
    FiftyMoves,
}

impl ClaimKind {
    /// The article of the Laws for the claim, for the arbiter's message.
    pub fn article(&self) -> &'static str {
        match self {
            ClaimKind::ThreefoldRepetition => "9.2",
            ClaimKind::FiftyMoves => "9.3",
        }
    }

    /// The claim's name as a player hears it.
    pub fn words(&self) -> &'static str {
        match self {
            ClaimKind::ThreefoldRepetition => "threefold repetition",
            ClaimKind::FiftyMoves => "fifty-move rule",
        }
    }
}

impl fmt::Display for ClaimKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// A claim the player having the move could make: on the position now on the board, or by
/// writing down `intended` first (9.2.1.1, 9.3.1) and claiming on the position it produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Claim {
    /// Which draw is claimed.
    pub kind: ClaimKind,
    /// The move written down but not played, whose position the claim is about (9.2.1.1, 9.3.1).
    pub intended: Option<Move>,
}

/// When a position stood on the board, for telling a player where a repetition happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Occurrence {
    /// Half-moves from the start of the record (0 = the start position).
    pub ply: usize,
    /// The move number and the side that had just moved; `None` for the start position.
    pub after: Option<(u32, Color)>,
}

impl Occurrence {
    fn new(ply: usize, pos: &Position) -> Occurrence {
        let after = (ply > 0).then(|| match pos.turn() {
            // Black to move: White has just played the move with the current number.
            Color::Black => (pos.fullmoves(), Color::White),
            Color::White => (pos.fullmoves().saturating_sub(1), Color::Black),
        });
        Occurrence { ply, after }
    }
}

impl fmt::Display for Occurrence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.after {
            None => f.write_str("at the start"),
            Some((number, color)) => {
                let side = if color.is_white() {
                    "White's"
                } else {
                    "Black's"
                };
                write!(f, "after {side} move {number}")
            }
        }
    }
}

/// An arbiter's ruling on a 9.2 or 9.3 claim, with the evidence.
///
/// An incorrect claim with an intended move leaves that move to be played (9.5.2); the
/// record does not play it, the caller does, as it also handles the time penalty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// The judged position stood on the board at least three times, at these occurrences
    /// (the judged one last; after the intended move, if any, its ply is one past the record).
    RepetitionCorrect {
        /// The move written for the claim, if any.
        intended: Option<Move>,
        /// When the judged position stood on the board.
        occurrences: Vec<Occurrence>,
    },
    /// Fewer than three occurrences.
    RepetitionIncorrect {
        /// The move written for the claim, if any.
        intended: Option<Move>,
        /// When the judged position stood on the board.
        occurrences: Vec<Occurrence>,
    },
    /// At least 100 half-moves without a pawn move or capture.
    FiftyMovesCorrect {
        /// The move written for the claim, if any.
        intended: Option<Move>,
        /// Half-moves since the last pawn move or capture.
        quiet_plies: u32,
    },
    /// Fewer than 100.
    FiftyMovesIncorrect {
        /// The move written for the claim, if any.
        intended: Option<Move>,
        /// Half-moves since the last pawn move or capture.
        quiet_plies: u32,
    },
    /// The written move is not legal, so no position follows from it.
    IllegalIntendedMove(Move),
    /// Nothing can be claimed: the game has already ended.
    GameOver(Status),
}

impl ClaimVerdict {
    /// Whether the claim holds, so the game ends drawn instead of the claimant being penalised.
    pub fn is_correct(&self) -> bool {
        matches!(
            self,
            ClaimVerdict::RepetitionCorrect { .. } | ClaimVerdict::FiftyMovesCorrect { .. }
        )
    }
}

fn list_occurrences(occurrences: &[Occurrence]) -> String {
    let words: Vec<String> = occurrences.iter().map(|o| o.to_string()).collect();
    match words.as_slice() {
        [] => String::from("never"),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn the_position(intended: &Option<Move>) -> String {
    match intended {
        Some(m) => format!("the position after {m}"),
        None => String::from("this position"),
    }
}

fn times(n: usize) -> String {
    match n {
        1 => String::from("once"),
        2 => String::from("twice"),
        n => format!("{n} times"),
    }
}

impl fmt::Display for ClaimVerdict {
    /// The ruling as an arbiter would say it: correct or not, and the counted evidence.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimVerdict::RepetitionCorrect {
                intended,
                occurrences,
            } => write!(
                f,
                "correct: {} has stood on the board {}: {}",
                the_position(intended),
                times(occurrences.len()),
                list_occurrences(occurrences)
            ),
            ClaimVerdict::RepetitionIncorrect {
                intended,
                occurrences,
            } => write!(
                f,
                "incorrect: {} has stood on the board only {} ({}); three times are needed",
                the_position(intended),
                times(occurrences.len()),
                list_occurrences(occurrences)
            ),
            ClaimVerdict::FiftyMovesCorrect {
                intended,
                quiet_plies,
            } => {
                write!(f, "correct: ")?;
                if let Some(m) = intended {
                    write!(f, "after {m}, ")?;
                }
                write!(
                    f,
                    "the last {quiet_plies} half-moves had no pawn move and no capture; \
                     100 (50 moves by each player) are needed"
                )
            }
            ClaimVerdict::FiftyMovesIncorrect {
                intended,
                quiet_plies,
            } => {
                write!(f, "incorrect: ")?;
                if let Some(m) = intended {
                    write!(f, "after {m}, ")?;
                }
                write!(
                    f,
                    "only the last {quiet_plies} half-moves had no pawn move and no capture; \
                     100 (50 moves by each player) are needed"
                )
            }
            ClaimVerdict::IllegalIntendedMove(m) => {
                write!(f, "incorrect: the intended move {m} is not legal here")
            }
            ClaimVerdict::GameOver(status) => {
                write!(f, "no claim is possible: the game is over: {status}")
            }
        }
    }
}

/// A game: a start position and the legal moves played from it.
///
/// It refuses illegal moves and moves after the end, and knows the ends that need the history
/// (repetitions, the fifty- and seventy-five-move rules) as well as mate and stalemate.
///
/// ```
/// use vichess_rules::game::{Game, GameError, Status};
/// use vichess_rules::{notation, Color, Position};
///
/// let mut game = Game::new(Position::new());
/// for text in ["f3", "e5", "g4", "Qh4#"] {
///     let mv = notation::parse_move(game.position(), text)?;
///     game.push(mv)?;
/// }
/// assert_eq!(game.status(), Status::Checkmate { winner: Color::Black });
/// assert_eq!(game.ply_count(), 4);
///
/// // Nothing more can be added to a finished game.
/// let resume = Game::new(Position::new()).position().legal_moves()[0];
/// assert!(matches!(game.push(resume), Err(GameError::GameOver(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    /// `positions[i]` stands after `i` plies; never empty.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// `keys[i]` is the 9.2.2 key of `positions[i]`.
    keys: Vec<RepetitionKey>,
    /// `statuses[i]` is the status after `i` plies: computed once, as dead-position analysis
    /// is not free.
    statuses: Vec<Status>,
}

impl Game {
    /// A game with no moves yet, starting from `start` (any legal position, not only the standard one).
    pub fn new(start: Position) -> Game {
        let mut game = Game {
            positions: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
            statuses: Vec::new(),
        };
        game.append(start);
        game
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position on the board now.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// `positions()[0]` is the start, `positions()[i]` the position after `i` plies.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The 9.2.2 keys of [`Game::positions`], index for index.
    pub fn keys(&self) -> &[RepetitionKey] {
        &self.keys
    }

    /// Half-moves played since the start position.
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// The most recent move, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// Plays a legal move. After the game has ended, or for an illegal move, the record is left
    /// as it was and the error says why.
    pub fn push(&mut self, m: Move) -> Result<(), GameError> {
        let status = self.status();
        if status.is_over() {
            return Err(GameError::GameOver(status));
        }
        let next = self
            .position()
            .play(&m)
            .map_err(|_| GameError::Illegal(m))?;
        self.moves.push(m);
        self.append(next);
        Ok(())
    }

    /// Removes the last ply, for an arbiter's correction (7.2, 7.5): everything, including the
    /// status and the repetition history, is as before that move.
    pub fn take_back(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.statuses.pop();
        Some(m)
    }

    /// Where the game stands after the last move: ongoing, or which automatic end applies.
    pub fn status(&self) -> Status {
        *self.statuses.last().expect("a game always has a status")
    }

    /// How often the current position has stood on the board, this time included (9.2.2).
    pub fn repetition_count(&self) -> usize {
        self.occurrence_plies(self.keys.len() - 1, self.position().halfmoves())
            .len()
    }

    /// The claims the player having the move could make now: on the position on the board,
    /// and, for a kind not already claimable that way, by writing each intended move that
    /// would make it claimable. Empty when the game is over.
    pub fn claimable(&self) -> Vec<Claim> {
        if self.status().is_over() {
            return Vec::new();
        }
        let pos = self.position();
        let mut claims = Vec::new();
        let threefold_now = self.repetition_count() >= THREEFOLD;
        let fifty_now = pos.halfmoves() >= FIFTY_MOVE_PLIES;
        if threefold_now {
            claims.push(Claim {
                kind: ClaimKind::ThreefoldRepetition,
                intended: None,
            });
        }
        if fifty_now {
            claims.push(Claim {
                kind: ClaimKind::FiftyMoves,
                intended: None,
            });
        }
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(&m);
            if !threefold_now && self.count_after(&next) >= THREEFOLD {
                claims.push(Claim {
                    kind: ClaimKind::ThreefoldRepetition,
                    intended: Some(m),
                });
            }
            if !fifty_now && next.halfmoves() >= FIFTY_MOVE_PLIES {
                claims.push(Claim {
                    kind: ClaimKind::FiftyMoves,
                    intended: Some(m),
                });
            }
        }
        claims
    }

    /// Judges a claim by the player having the move (9.2, 9.3). With `intended`, the claim is
    /// judged on the position that move would produce (9.2.1.1, 9.3.1); the record itself is
    /// not changed.
    pub fn claim(&self, kind: ClaimKind, intended: Option<Move>) -> ClaimVerdict {
        let status = self.status();
        if status.is_over() {
            return ClaimVerdict::GameOver(status);
        }
        let pos = self.position();
        let judged = match intended {
            Some(m) => match pos.play(&m) {
                Ok(next) => next,
                Err(_) => return ClaimVerdict::IllegalIntendedMove(m),
            },
            None => pos.clone(),
        };
        match kind {
            ClaimKind::ThreefoldRepetition => {
                let last = self.keys.len() - 1;
                let mut occurrences: Vec<Occurrence> = match intended {
                    None => self
                        .occurrence_plies(last, judged.halfmoves())
                        .into_iter()
                        .map(|i| Occurrence::new(i, &self.positions[i]))
                        .collect(),
                    Some(_) => {
                        let key = repetition_key(&judged);
                        self.matching_plies(&key, last + 1, judged.halfmoves())
                            .into_iter()
                            .map(|i| Occurrence::new(i, &self.positions[i]))
                            .collect()
                    }
                };
                if intended.is_some() {
                    occurrences.push(Occurrence::new(last + 1, &judged));
                }
                if occurrences.len() >= THREEFOLD {
                    ClaimVerdict::RepetitionCorrect {
                        intended,
                        occurrences,
                    }
                } else {
                    ClaimVerdict::RepetitionIncorrect {
                        intended,
                        occurrences,
                    }
                }
            }
            ClaimKind::FiftyMoves => {
                let quiet_plies = judged.halfmoves();
                if quiet_plies >= FIFTY_MOVE_PLIES {
                    ClaimVerdict::FiftyMovesCorrect {
                        intended,
                        quiet_plies,
                    }
                } else {
                    ClaimVerdict::FiftyMovesIncorrect {
                        intended,
                        quiet_plies,
                    }
                }
            }
        }
    }

    fn append(&mut self, pos: Position) {
        self.keys.push(repetition_key(&pos));
        self.positions.push(pos);
        let status = self.compute_status();
        self.statuses.push(status);
    }

    fn compute_status(&self) -> Status {
        let pos = self.position();
        if !pos.has_legal_move() {
            return if pos.is_check() {
                Status::Checkmate {
                    winner: !pos.turn(),
                }
            } else {
                Status::Stalemate
            };
        }
        if dead::is_dead(pos) {
            return Status::DeadPosition;
        }
        if self.repetition_count() >= FIVEFOLD {
            return Status::FivefoldRepetition;
        }
        if pos.halfmoves() >= SEVENTY_FIVE_MOVE_PLIES {
            return Status::SeventyFiveMoves;
        }
        Status::Ongoing
    }

    /// The plies at which `positions[ply]` stood, up to and including `ply`.
    fn occurrence_plies(&self, ply: usize, halfmoves: u32) -> Vec<usize> {
        self.matching_plies(&self.keys[ply], ply, halfmoves)
            .into_iter()
            .chain(std::iter::once(ply))
            .collect()
    }

    /// Plies before `before` whose key equals `key`. Only the last `halfmoves` plies can match:
    /// a pawn move or a capture can never be undone, so no earlier position comes back.
    fn matching_plies(&self, key: &RepetitionKey, before: usize, halfmoves: u32) -> Vec<usize> {
        let reach = usize::try_from(halfmoves).unwrap_or(usize::MAX);
        let first = before.saturating_sub(reach);
        (first..before).filter(|&i| self.keys[i] == *key).collect()
    }

    /// Occurrences `next` would have if played now, itself included.
    fn count_after(&self, next: &Position) -> usize {
        let key = repetition_key(next);
        let last = self.keys.len() - 1;
        // `next` would sit at ply `last + 1`, so the window reaches back to `last + 1 - halfmoves`.
        self.matching_plies(&key, last + 1, next.halfmoves()).len() + 1
    }
}
