//! How strong the engine plays: a level from 1 to 8 (as lichess counts them) or a rating,
//! turned into the engine's own options and how long it may think.

use super::uci::{Command, Go};

/// The engine's strength, as the player chose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// 1 (a beginner can win) to 8 (the engine's full strength).
    Level(u8),
    /// A rating, through the engine's `UCI_LimitStrength` and `UCI_Elo`.
    Elo(u32),
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::Level(1)
    }
}

/// Per level: Stockfish's `Skill Level` (0-20), a depth limit, and a think time in ms. Low
/// levels think briefly and shallowly (a level 1 engine blunders pieces); from level 7 on
/// the engine plays on the game's clock when there is one.
const LEVELS: [(u8, Option<u32>, u64); 8] = [
    (0, Some(1), 50),
    (3, Some(2), 100),
    (6, Some(3), 150),
    (9, Some(5), 200),
    (11, Some(8), 300),
    (14, Some(13), 400),
    (17, Some(16), 500),
    (20, None, 1000),
];

impl Strength {
    /// Reads `1`..`8`.
    pub fn level(text: &str) -> Result<Strength, String> {
        match text.trim().parse::<u8>() {
            Ok(n @ 1..=8) => Ok(Strength::Level(n)),
            _ => Err(format!("{text:?} is not a level; the levels are 1 to 8")),
        }
    }

    /// Reads a rating from 500 to 3500.
    pub fn elo(text: &str) -> Result<Strength, String> {
        match text.trim().parse::<u32>() {
            Ok(n @ 500..=3500) => Ok(Strength::Elo(n)),
            _ => Err(format!("{text:?} is not a rating from 500 to 3500")),
        }
    }

    /// The options that set it, for an engine that has them (`has`: the engine lists the
    /// option). An engine with none of them plays at full strength, briefly.
    pub fn options(&self, has: impl Fn(&str) -> bool) -> Vec<Command> {
        let set = |name: &str, value: String| Command::SetOption {
            name: name.into(),
            value: Some(value),
        };
        let mut out = Vec::new();
        match *self {
            Strength::Level(n) => {
                if has("UCI_LimitStrength") {
                    out.push(set("UCI_LimitStrength", "false".into()));
                }
                if has("Skill Level") {
                    out.push(set("Skill Level", LEVELS[index(n)].0.to_string()));
                }
            }
            Strength::Elo(elo) => {
                if has("UCI_LimitStrength") {
                    out.push(set("UCI_LimitStrength", "true".into()));
                }
                if has("UCI_Elo") {
                    out.push(set("UCI_Elo", elo.to_string()));
                }
            }
        }
        out
    }

    /// How the engine is asked to move: on the game's clocks from level 7 on and with a
    /// rating (`clocks`: both sides' time left and increments), else for its level's short
    /// think; `think_ms` overrides the think time (tests, and players who want it quick).
    pub fn go(&self, clocks: Option<[u64; 4]>, think_ms: Option<u64>) -> Go {
        let fixed = |ms: u64, depth: Option<u32>| Go {
            movetime: Some(think_ms.unwrap_or(ms)),
            depth,
            ..Go::default()
        };
        match (*self, clocks, think_ms) {
            (Strength::Level(n), _, _) if n < 7 => {
                let (_, depth, ms) = LEVELS[index(n)];
                fixed(ms, depth)
            }
            (_, Some([w, b, wi, bi]), None) => Go {
                wtime: Some(w),
                btime: Some(b),
                winc: Some(wi),
                binc: Some(bi),
                ..Go::default()
            },
            (Strength::Level(n), _, _) => fixed(LEVELS[index(n)].2, LEVELS[index(n)].1),
            (Strength::Elo(_), _, _) => fixed(1000, None),
        }
    }

    /// As the line that names the engine says it, in any language: "3/8", "Elo 1500".
    pub fn short(&self) -> String {
        match self {
            Strength::Level(n) => format!("{n}/8"),
            Strength::Elo(e) => format!("Elo {e}"),
        }
    }

    /// As the PGN's tags and the journal name it: "level 3", "Elo 1500".
    pub fn tag(&self) -> String {
        match self {
            Strength::Level(n) => format!("level {n}"),
            Strength::Elo(e) => format!("Elo {e}"),
        }
    }
}

fn index(level: u8) -> usize {
    usize::from(level.clamp(1, 8) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_one_thinks_briefly_at_the_lowest_skill() {
        let all = |_: &str| true;
        let opts: Vec<String> = Strength::Level(1)
            .options(all)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            opts,
            [
                "setoption name UCI_LimitStrength value false",
                "setoption name Skill Level value 0"
            ]
        );
        let go = Strength::Level(1).go(Some([60_000, 60_000, 0, 0]), None);
        assert_eq!(Command::Go(go).to_string(), "go movetime 50 depth 1");
        let quick = Strength::Level(3).go(None, Some(20));
        assert_eq!(Command::Go(quick).to_string(), "go movetime 20 depth 3");
    }

    #[test]
    fn high_levels_and_ratings_play_on_the_clock() {
        let go = Strength::Level(8).go(Some([60_000, 50_000, 1000, 1000]), None);
        assert_eq!(
            Command::Go(go).to_string(),
            "go wtime 60000 btime 50000 winc 1000 binc 1000"
        );
        let untimed = Strength::Elo(1500).go(None, None);
        assert_eq!(Command::Go(untimed).to_string(), "go movetime 1000");
        let opts: Vec<String> = Strength::Elo(1500)
            .options(|o| o != "Skill Level")
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            opts,
            [
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1500"
            ]
        );
    }

    #[test]
    fn levels_and_ratings_out_of_range_are_refused_saying_the_range() {
        assert_eq!(Strength::level("8"), Ok(Strength::Level(8)));
        assert!(Strength::level("9").unwrap_err().contains("1 to 8"));
        assert!(Strength::elo("100").unwrap_err().contains("500 to 3500"));
        assert_eq!(Strength::Level(3).tag(), "level 3");
        assert_eq!(Strength::Level(3).short(), "3/8");
    }
}
