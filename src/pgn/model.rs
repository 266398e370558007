//! What a PGN game is once read: tags, a start position, and a tree of moves.

use crate::rules::{CastlingMode, Move, Position};
use std::fmt;
use std::time::Duration;

/// The seven-tag roster (PGN 8.1.1), in the order an export writes it.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// One game as read from PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order, values with their escapes resolved.
    pub tags: Vec<(String, String)>,
    /// Where play starts: the standard array, or the `[FEN]` tag's position.
    pub start: Position,
    /// The moves played, with comments, NAGs and variations.
    pub main: Line,
    /// The game termination marker; `None` when the movetext stopped without one.
    pub result: Option<GameResult>,
    /// Things worth telling the user that did not stop the game being read.
    pub warnings: Vec<super::PgnWarning>,
}

/// A sequence of moves: the main line or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Line {
    /// Comments before the first move of this line.
    pub comments: Vec<Comment>,
    /// The moves in order, each with its own comments and variations.
    pub moves: Vec<PgnMove>,
}

/// One move with what the file said about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The move, played from the position the moves before it reach.
    pub mv: Move,
    /// Numeric annotation glyphs: `$n`, and `!`, `?`, `!!`, `??`, `!?`, `?!` as 1 to 6.
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<Comment>,
    /// Alternatives to this move, each played from the position before it (PGN 8.2.5).
    pub variations: Vec<Line>,
}

impl PgnMove {
    /// The bare move: no glyphs, comments or variations.
    pub fn new(mv: Move) -> PgnMove {
        PgnMove {
            mv,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// A draw was offered in this move: a comment opens with the scoresheet's mark "(=)"
    /// (as vichess writes it, followed by the offer in the game's words), so the mark is read
    /// back in any language.
    pub fn offers_draw(&self) -> bool {
        self.comments.iter().any(Comment::marks_draw_offer)
    }
}

/// A comment, with the clock commands it carries also parsed (the `[%clk]` / `[%emt]`
/// conventions of PGN's "embedded command" extension).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// The comment as written, whitespace runs collapsed, commands included.
    pub text: String,
    /// `[%clk h:mm:ss]`: time left on the mover's clock after the move.
    pub clock: Option<Duration>,
    /// `[%emt h:mm:ss]`: time the move took.
    pub elapsed: Option<Duration>,
}

impl Comment {
    /// Reads the clock commands out of `text`.
    pub fn new(text: impl Into<String>) -> Comment {
        let text = text.into();
        Comment {
            clock: command(&text, "clk").and_then(parse_duration),
            elapsed: command(&text, "emt").and_then(parse_duration),
            text,
        }
    }

    /// The comment a draw offer is recorded with: the scoresheet's mark, then `words` (the
    /// offer in the game's language), so a reader of the file sees both.
    pub fn draw_offer(words: &str) -> Comment {
        Comment::new(format!(
            "{} {words}",
            crate::rules::notation::DRAW_OFFER_MARK
        ))
    }

    /// The comment opens with the scoresheet's draw offer mark "(=)".
    pub fn marks_draw_offer(&self) -> bool {
        self.text.split_whitespace().next() == Some(crate::rules::notation::DRAW_OFFER_MARK)
    }
}

/// The argument of `[%name arg]` in a comment.
fn command<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let mut rest = text;
    while let Some(i) = rest.find("[%") {
        rest = &rest[i + 2..];
        let Some(args) = rest.strip_prefix(name) else {
            continue;
        };
        if !args.starts_with(char::is_whitespace) {
            continue;
        }
        let end = args.find(']')?;
        return Some(args[..end].trim());
    }
    None
}

/// `h:mm:ss`, `m:ss` or `ss`, each optionally with a decimal fraction of a second.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (text, None),
    };
    let fields: Vec<&str> = whole.split(':').collect();
    if fields.len() > 3
        || fields
            .iter()
            .any(|f| f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let mut seconds: u64 = 0;
    for f in &fields {
        seconds = seconds.checked_mul(60)?.checked_add(f.parse().ok()?)?;
    }
    let mut nanos: u32 = 0;
    if let Some(f) = frac {
        if f.is_empty() || f.len() > 9 || !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        nanos = f.parse::<u32>().ok()? * 10u32.pow(9 - f.len() as u32);
    }
    Some(Duration::new(seconds, nanos))
}

/// `h:mm:ss` with tenths when there are any, as chess GUIs write clocks.
pub fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    let base = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    match d.subsec_millis() {
        0 => base,
        ms if ms % 100 == 0 => format!("{base}.{}", ms / 100),
        ms => format!("{base}.{ms:03}"),
    }
}

/// How the game ended, as its movetext says (PGN 8.2.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: still going, abandoned, or unknown.
    Unknown,
}

impl GameResult {
    /// Reads a termination marker; `None` for anything else.
    pub fn from_pgn(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The termination marker, as written in movetext and the Result tag.
    pub fn as_pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

/// How a game ended, as the PGN standard's `Termination` tag says it (section 9.8.1): the
/// tag tells a reader whether a result came from the board, the clock, a rules infraction or
/// a ruling, which the result alone does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The game was abandoned.
    Abandoned,
    /// A third party decided the result (an arbiter's ruling, III.5, III.6).
    Adjudication,
    /// A player died.
    Death,
    /// The game ended by an emergency.
    Emergency,
    /// Mate, stalemate, a dead position, an agreed or claimed draw, resignation, the
    /// automatic draws (9.6).
    Normal,
    /// A rule was broken (the second illegal move, 7.5.5; a defective sealed move, I.8).
    RulesInfraction,
    /// A flag fell (6.9), whatever the result.
    TimeForfeit,
    /// Not over yet (adjourned, or stopped before an ending).
    Unterminated,
}

impl Termination {
    /// The standard's value for the tag.
    pub fn as_pgn(self) -> &'static str {
        match self {
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
            Termination::Death => "death",
            Termination::Emergency => "emergency",
            Termination::Normal => "normal",
            Termination::RulesInfraction => "rules infraction",
            Termination::TimeForfeit => "time forfeit",
            Termination::Unterminated => "unterminated",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_pgn())
    }
}

impl PgnGame {
    /// A game from `start` with no tags and no moves yet.
    pub fn new(start: Position) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            start,
            main: Line::default(),
            result: None,
            warnings: Vec::new(),
        }
    }

    /// The first tag of that name (names compare exactly, as PGN says).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag in place, or appends it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// "White - Black" when both tags are there and say something.
    pub fn players(&self) -> Option<String> {
        players(&self.tags)
    }

    /// Standard or Chess960 castling, as the starting position implies.
    pub fn castling_mode(&self) -> CastlingMode {
        self.start.castling_mode()
    }

    /// The main line's moves.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.main.moves.iter().map(|m| &m.mv)
    }

    /// The position after the main line. Moves are legal by construction when read, so this
    /// only replays them.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in self.moves() {
            pos.play_unchecked(m);
        }
        pos
    }
}

pub(crate) fn players(tags: &[(String, String)]) -> Option<String> {
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty() && *v != "?")
    };
    Some(format!("{} - {}", get("White")?, get("Black")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_commands_are_parsed() {
        let c = Comment::new("[%clk 1:59:58] [%emt 0:00:12.5] good move");
        assert_eq!(c.clock, Some(Duration::from_secs(7198)));
        assert_eq!(c.elapsed, Some(Duration::from_millis(12_500)));
        let c = Comment::new("no clock here [%eval 0.3]");
        assert_eq!((c.clock, c.elapsed), (None, None));
        assert_eq!(Comment::new("[%clk x]").clock, None);
        assert_eq!(Comment::new("[%clkx 1:00]").clock, None);
    }

    #[test]
    fn durations_read_and_write() {
        assert_eq!(parse_duration("0:05"), Some(Duration::from_secs(5)));
        assert_eq!(parse_duration("1:00:00"), Some(Duration::from_secs(3600)));
        assert_eq!(parse_duration("1:2:3:4"), None);
        assert_eq!(parse_duration(""), None);
        assert_eq!(parse_duration("1:"), None);
        assert_eq!(format_duration(Duration::from_secs(7198)), "1:59:58");
        assert_eq!(format_duration(Duration::from_millis(5_300)), "0:00:05.3");
        assert_eq!(format_duration(Duration::from_millis(5_030)), "0:00:05.030");
    }

    #[test]
    fn results() {
        for r in ["1-0", "0-1", "1/2-1/2", "*"] {
            assert_eq!(GameResult::from_pgn(r).unwrap().as_pgn(), r);
        }
        assert_eq!(GameResult::from_pgn("0-0"), None);
    }

    #[test]
    fn players_need_both_names() {
        let mut g = PgnGame::new(Position::new());
        assert_eq!(g.players(), None);
        g.set_tag("White", "Kasparov");
        g.set_tag("Black", "?");
        assert_eq!(g.players(), None);
        g.set_tag("Black", "Deep Blue");
        assert_eq!(g.players().as_deref(), Some("Kasparov - Deep Blue"));
    }
}
