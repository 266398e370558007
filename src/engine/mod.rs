//! Chess engines spoken to over UCI (issue 27): the protocol as a sans-IO codec
//! ([`uci`]), and what vichess makes of an engine's numbers ([`level`], [`words`]). Nothing here
//! starts a process or reads a pipe: the host's engine seat (`host::engine`) does, and feeds
//! the lines it reads through [`uci::Listener`]. So the whole protocol, including every way an
//! engine can misbehave, is tested line by line without an engine.
//!
//! Why no crate: the UCI crates on crates.io (`uci`, `vampirc-uci`, `ruci`) either own the
//! process and block on its pipes (so a hang cannot be timed out by the caller), or parse
//! with a grammar that rejects a whole line for one unknown token and do not bound what they
//! keep. vichess needs the few commands a GUI sends, tolerant reading of what an engine says
//! (unknown lines ignored, a malformed `bestmove` reported as such, long lines cut), and no
//! thread of the codec's own; that is under three hundred lines here.

pub mod level;
pub mod review;
pub mod uci;
pub mod words;

use crate::rules::Color;
use level::Strength;

/// Which engine plays which side, how strongly, and whether it helps the player: a setting
/// of the game, journaled when the game begins (`engine` record), so a resume brings the
/// engine back without `--engine` and `vichess report` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The engine's program: a path, or a name looked up on `PATH` (`stockfish` also in
    /// /usr/games, where Debian puts it).
    pub program: String,
    /// The side it plays.
    pub side: Color,
    /// How strongly.
    pub strength: Strength,
    /// A fixed think time per move in milliseconds, overriding the level's.
    pub think_ms: Option<u64>,
    /// `hint`, `eval`, `threats` and take-backs without asking (still off in a tournament
    /// game, see `Session::engine_helps`).
    pub helps: bool,
}

impl EngineSpec {
    /// The journal's fields after the record's time: `black level 3 think 20 help PROGRAM`
    /// (the program last, since a path may hold spaces).
    pub fn record_fields(&self) -> String {
        let side = match self.side {
            Color::White => "white",
            Color::Black => "black",
        };
        let strength = match self.strength {
            Strength::Level(n) => format!("level {n}"),
            Strength::Elo(e) => format!("elo {e}"),
        };
        let think = self.think_ms.map_or("-".to_string(), |t| t.to_string());
        let help = if self.helps { "help" } else { "nohelp" };
        format!("{side} {strength} think {think} {help} {}", self.program)
    }

    /// Reads [`EngineSpec::record_fields`] back; `None` when they are not that.
    pub fn from_record_fields(rest: &str) -> Option<EngineSpec> {
        let mut w = rest.splitn(7, ' ');
        let side = match w.next()? {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return None,
        };
        let strength = match (w.next()?, w.next()?.parse::<u32>().ok()?) {
            ("level", n @ 1..=8) => Strength::Level(n as u8),
            ("elo", e) => Strength::Elo(e),
            _ => return None,
        };
        if w.next()? != "think" {
            return None;
        }
        let think_ms = match w.next()? {
            "-" => None,
            t => Some(t.parse().ok()?),
        };
        let helps = match w.next()? {
            "help" => true,
            "nohelp" => false,
            _ => return None,
        };
        let program = w.next()?.to_string();
        (!program.is_empty()).then_some(EngineSpec {
            program,
            side,
            strength,
            think_ms,
            helps,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_reads_back_as_journaled() {
        let spec = EngineSpec {
            program: "/opt/my engines/sf".into(),
            side: Color::Black,
            strength: Strength::Level(3),
            think_ms: Some(20),
            helps: true,
        };
        let text = spec.record_fields();
        assert_eq!(text, "black level 3 think 20 help /opt/my engines/sf");
        assert_eq!(EngineSpec::from_record_fields(&text), Some(spec));
        let elo = "white elo 1500 think - nohelp stockfish";
        let read = EngineSpec::from_record_fields(elo).unwrap();
        assert_eq!(read.strength, Strength::Elo(1500));
        assert_eq!(read.record_fields(), elo);
        assert_eq!(
            EngineSpec::from_record_fields("red level 3 think - help x"),
            None
        );
        assert_eq!(
            EngineSpec::from_record_fields("white level 9 think - help x"),
            None
        );
    }
}
