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
    /// Classifies by T, the time a player has for a 60-move game (A.1, B.1): blitz when
    /// T <= 10 minutes, rapid when T < 60, standard otherwise. T counts every period that
    /// starts within the first 60 moves and each of those moves' increments, so that
    /// "40 moves in 40 minutes, then 20 minutes" (60 minutes for all moves) is standard, not
    /// rapid as its first period alone would make it. A delay counts like an increment, as it
    /// also adds up to that much time per move.
    pub fn of(control: &TimeControl) -> GameType {
        let total = Self::time_for_sixty_moves(control);
        if total <= 10 * 60_000 {
            GameType::Blitz
        } else if total < 60 * 60_000 {
            GameType::Rapid
        } else {
            GameType::Standard
        }
    }

    /// T of A.1: the periods' times that a player has received by their 60th move, plus the
    /// bonus of each of those 60 moves.
    pub fn time_for_sixty_moves(control: &TimeControl) -> Millis {
        let mut total: Millis = control.period(0).time;
        let mut period = 0;
        for move_number in 1..=60u32 {
            let now = control.period_of_move(move_number);
            while period < now {
                period += 1;
                total = total.saturating_add(control.period(period).time);
            }
            total = total.saturating_add(control.period(now).bonus.amount());
        }
        total
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

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> GameType {
        GameType::of(&TimeControl::parse(text).expect("a valid control"))
    }

    #[test]
    fn a_second_period_within_sixty_moves_counts() {
        // 40/40 min then 20 min: 60 minutes for all moves (A.1), standard.
        assert_eq!(of("40/2400:1200"), GameType::Standard);
        // 40/20 min then 10 min: 30 minutes, rapid.
        assert_eq!(of("40/1200:600"), GameType::Rapid);
        // 40/90 then 30, +30 s from move 1: standard, as always.
        assert_eq!(of("40/5400+30:1800+30"), GameType::Standard);
    }

    #[test]
    fn increments_count_per_move_in_their_own_period() {
        // 20 moves in 5 minutes with no bonus, then 5 minutes +5 s: 10 + 40 x 5 s = 13:20.
        let control = TimeControl::parse("20/300:300+5").unwrap();
        assert_eq!(GameType::time_for_sixty_moves(&control), 800_000);
        assert_eq!(GameType::of(&control), GameType::Rapid);
    }

    #[test]
    fn the_a1_examples_keep_their_types() {
        assert_eq!(of("180+2"), GameType::Blitz);
        assert_eq!(of("600"), GameType::Blitz);
        assert_eq!(of("600+5"), GameType::Rapid);
        assert_eq!(of("2700+15"), GameType::Standard);
    }
}
