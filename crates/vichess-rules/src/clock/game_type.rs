//! Standard, rapid or blitz (A.1, B.1): the game type decides penalties (A.3) and which
//! Guidelines apply (III.2 never in blitz).

use super::control::{Millis, TimeControl};
use std::fmt;

/// The kind of game a time control makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameType {
    /// 60 minutes or more for a 60-move game.
    Standard,
    /// More than 10 and less than 60 minutes (A.1).
    Rapid,
    /// 10 minutes or less (B.1).
    Blitz,
}

impl GameType {
    /// Classifies by T = base minutes + increment seconds, which is the time for a 60-move
    /// game: blitz when T <= 10 (B.1), rapid when T < 60 (A.1), standard otherwise. The first
    /// period decides. A delay counts like an increment, as it also adds up to that much
    /// time per move.
    pub fn of(control: &TimeControl) -> GameType {
        let first = control.period(0);
        let total: Millis = first.time + 60 * first.bonus.amount();
        if total <= 10 * 60_000 {
            GameType::Blitz
        } else if total < 60 * 60_000 {
            GameType::Rapid
        } else {
            GameType::Standard
        }
    }

    /// The lower-case English word, for announcements and messages.
    pub const fn name(self) -> &'static str {
        match self {
            GameType::Standard => "standard",
            GameType::Rapid => "rapid",
            GameType::Blitz => "blitz",
        }
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
