//! Made versus completed (4.7, 6.2.1, D.2.3): two moments of one move that the Laws treat
//! differently. From the moment a move is *made* the opponent has the move; only a
//! *completed* move (the clock pressed) counts as an illegal move (7.5.1) or towards a time
//! control.
//!
//! - A sighted player's move is made when the man is released on its new square (and a
//!   captured man is off the board, the rook of a castling released, the promoted piece
//!   placed: the board tracker reports that as one release).
//! - A visually impaired player's move is made only when it is also announced (D.2.3), and
//!   only then may the opponent's clock be started (D.2.4).
//! - A move is completed by the press (6.2.1), by ending the game (6.2.1.1: mate,
//!   stalemate, dead position, fivefold repetition, 75 moves), or when the player makes their
//!   next move with the previous one still not completed (6.2.1.2).

use crate::clock::Millis;
use crate::Color;

/// Where one player's latest move stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveState {
    /// No move of this player is waiting: the last one (if any) is completed.
    Idle,
    /// Released on the board but not yet announced (a visually impaired player, D.2.3).
    Released {
        /// When it was released.
        at: Millis,
    },
    /// Made (4.7, D.2.3): the opponent has the move.
    Made {
        /// When it was announced.
        at: Millis,
    },
}

/// How a move got completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompletedBy {
    /// 6.2.1: the player pressed the clock.
    Press,
    /// 6.2.1.1: the move ended the game.
    GameEnd,
    /// 6.2.1.2: the player made the next move without having pressed after this one.
    NextMove,
}

/// Something that happened to a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// A move was made (released or announced).
    Made {
        /// Who made it.
        side: Color,
        /// When.
        at: Millis,
    },
    /// A made move became completed, so it counts for the clock and the record.
    Completed {
        /// Whose move.
        side: Color,
        /// When.
        at: Millis,
        /// What completed it.
        by: CompletedBy,
    },
}

/// Why a press did not complete a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PressError {
    /// 7.5.3: a press with no move made; treat and penalise it as an illegal move.
    #[error("{0} pressed the clock without making a move: this counts as an illegal move (7.5.3)")]
    NoMove(Color),
    /// D.2.4: a visually impaired player's clock press before the announcement does not
    /// start the opponent's clock.
    #[error(
        "{0} has not announced the move yet: announce it, then press the clock (D.2.3, D.2.4)"
    )]
    NotAnnounced(Color),
}

/// The made / completed state of both players' moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveTracker {
    /// Players whose moves are made only when announced (D.2.3), by `Color::index()`.
    visually_impaired: [bool; 2],
    states: [MoveState; 2],
    made: [u32; 2],
    completed: [u32; 2],
}

impl MoveTracker {
    /// `visually_impaired` by `Color::index()`: white first.
    pub fn new(visually_impaired: [bool; 2]) -> MoveTracker {
        MoveTracker {
            visually_impaired,
            states: [MoveState::Idle; 2],
            made: [0; 2],
            completed: [0; 2],
        }
    }

    /// Where `side`'s latest move stands now.
    pub fn state(&self, side: Color) -> MoveState {
        self.states[side.index()]
    }

    /// Moves `side` has made (5.2.3 asks that both players have made one for a draw by
    /// agreement).
    pub fn made(&self, side: Color) -> u32 {
        self.made[side.index()]
    }

    /// How many of `side`'s moves are completed: the count that 5.2.3 and draw offers look at.
    pub fn completed(&self, side: Color) -> u32 {
        self.completed[side.index()]
    }

    /// Both players have made at least one move (5.2.3).
    pub fn both_have_moved(&self) -> bool {
        self.made.iter().all(|&n| n > 0)
    }

    /// 9.1.2.1: the proper moment to offer a draw is after making a move and before
    /// pressing the clock.
    pub fn may_offer_now(&self, side: Color) -> bool {
        matches!(self.state(side), MoveState::Made { .. })
    }

    /// `side` released a man on its new square as (part of) a legal move.
    pub fn release(&mut self, side: Color, at: Millis) -> Vec<Step> {
        let mut steps = self.complete_previous(side, at);
        if self.visually_impaired[side.index()] {
            self.states[side.index()] = MoveState::Released { at };
        } else {
            steps.push(self.make(side, at));
        }
        steps
    }

    /// `side` announced the move (D.2.1). For a visually impaired player this makes a
    /// released move; announcing again before the press corrects a slip of the tongue
    /// (D.2.8) and changes nothing here. A sighted player's announcement changes nothing.
    pub fn announce(&mut self, side: Color, at: Millis) -> Vec<Step> {
        match self.state(side) {
            MoveState::Released { .. } => vec![self.make(side, at)],
            _ => Vec::new(),
        }
    }

    /// `side` pressed the clock.
    pub fn press(&mut self, side: Color, at: Millis) -> Result<Vec<Step>, PressError> {
        match self.state(side) {
            MoveState::Made { .. } => Ok(vec![self.complete(side, at, CompletedBy::Press)]),
            MoveState::Released { .. } => Err(PressError::NotAnnounced(side)),
            MoveState::Idle => Err(PressError::NoMove(side)),
        }
    }

    /// The last move made ended the game (6.2.1.1): it is completed without a press. Any
    /// other made move still waiting (6.2.2) is completed too.
    pub fn game_ended(&mut self, at: Millis) -> Vec<Step> {
        let mut steps = Vec::new();
        for side in Color::ALL {
            if let MoveState::Made { .. } = self.state(side) {
                steps.push(self.complete(side, at, CompletedBy::GameEnd));
            }
        }
        steps
    }

    fn make(&mut self, side: Color, at: Millis) -> Step {
        self.states[side.index()] = MoveState::Made { at };
        self.made[side.index()] += 1;
        Step::Made { side, at }
    }

    fn complete(&mut self, side: Color, at: Millis, by: CompletedBy) -> Step {
        self.states[side.index()] = MoveState::Idle;
        self.completed[side.index()] += 1;
        Step::Completed { side, at, by }
    }

    fn complete_previous(&mut self, side: Color, at: Millis) -> Vec<Step> {
        match self.state(side) {
            MoveState::Made { .. } => vec![self.complete(side, at, CompletedBy::NextMove)],
            _ => Vec::new(),
        }
    }
}
