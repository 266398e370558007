//! A plain-text script of sensor changes, replayed through a tracker: for people building their
//! own pegboard, to check what vichess makes of what their board sends, without a board.
//!
//! One change per line, `#` starts a comment:
//!
//! ```text
//! 1000 lift g1
//! 1400 place f3          # occupancy only
//! 2000 place f6 black    # occupancy and colour
//! 2600 place e4 P        # the man, as a FEN letter (P N B R Q K white, p n b r q k black)
//! ```

use super::{BoardKind, Config, Tracker, TrackerEvent};
use crate::board::{Sensed, SensorEvent};
use crate::rules::{Color, Piece, Position, Square};

/// A line of a script that cannot be read, with its number (from 1) for the message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// The line does not start with a time: line number and the word found.
    #[error("line {0}: expected a time in milliseconds first, like 1000, not {1:?}")]
    Time(usize, String),
    /// The time goes back: line number and the time found.
    #[error("line {0}: the time {1} is earlier than the line before; times must not go back")]
    Backwards(usize, u64),
    /// The change is neither lift nor place: line number and the word found.
    #[error("line {0}: expected \"lift\" or \"place\", not {1:?}")]
    Action(usize, String),
    /// The square cannot be read: line number and the word found.
    #[error("line {0}: expected a square like e4, not {1:?}")]
    Square(usize, String),
    /// What was placed cannot be read: line number and the word found.
    #[error("line {0}: expected white, black, or a piece letter (P N B R Q K, lower case for black), not {1:?}")]
    Man(usize, String),
}

/// Reads one line: `None` for a blank or comment line.
pub fn parse_line(number: usize, line: &str) -> Result<Option<(u64, SensorEvent)>, ScriptError> {
    let text = line.split('#').next().unwrap_or("");
    let mut words = text.split_whitespace();
    let Some(time) = words.next() else {
        return Ok(None);
    };
    let at: u64 = time
        .parse()
        .map_err(|_| ScriptError::Time(number, time.to_owned()))?;
    let action = words.next().unwrap_or("");
    let square_word = words.next().unwrap_or("");
    let square: Square = square_word
        .parse()
        .map_err(|_| ScriptError::Square(number, square_word.to_owned()))?;
    let event = match action {
        "lift" => SensorEvent::Lifted(square),
        "place" => {
            let sensed = match words.next() {
                None => Sensed::Occupied { color: None },
                Some("white") => Sensed::Occupied {
                    color: Some(Color::White),
                },
                Some("black") => Sensed::Occupied {
                    color: Some(Color::Black),
                },
                Some(w) => {
                    let mut chars = w.chars();
                    match (chars.next().and_then(Piece::from_char), chars.next()) {
                        (Some(p), None) => Sensed::Piece(p),
                        _ => return Err(ScriptError::Man(number, w.to_owned())),
                    }
                }
            };
            SensorEvent::Placed { square, sensed }
        }
        other => return Err(ScriptError::Action(number, other.to_owned())),
    };
    Ok(Some((at, event)))
}

/// Replays a script from `position`, ticking every 50 ms as a session would, and for five
/// seconds after the last line. Returns what the tracker said, with the time it said it.
pub fn replay(
    position: Position,
    kind: BoardKind,
    config: Config,
    script: &str,
) -> Result<Vec<(u64, TrackerEvent)>, ScriptError> {
    let mut changes = Vec::new();
    let mut last = 0;
    for (i, line) in script.lines().enumerate() {
        if let Some((at, event)) = parse_line(i + 1, line)? {
            if at < last {
                return Err(ScriptError::Backwards(i + 1, at));
            }
            last = at;
            changes.push((at, event));
        }
    }
    let mut tracker = Tracker::with_config(position, kind, config);
    let mut out = Vec::new();
    let mut now = changes.first().map_or(0, |c| c.0);
    for (at, event) in changes {
        tick_until(&mut tracker, &mut now, at, &mut out);
        out.extend(tracker.handle(event, at).into_iter().map(|e| (at, e)));
    }
    let end = now + 5_000;
    tick_until(&mut tracker, &mut now, end, &mut out);
    Ok(out)
}

/// Ticks every 50 ms up to `until`, as a session's timer would.
fn tick_until(
    tracker: &mut Tracker,
    now: &mut u64,
    until: u64,
    out: &mut Vec<(u64, TrackerEvent)>,
) {
    while *now + 50 <= until {
        *now += 50;
        out.extend(tracker.tick(*now).into_iter().map(|e| (*now, e)));
    }
    *now = until;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_replays_into_moves() {
        let script = "# 1.Nf3 on a reed-switch board\n1000 lift g1\n1400 place f3\n\n";
        let out = replay(
            Position::new(),
            BoardKind::OccupancyOnly,
            Config::default(),
            script,
        )
        .unwrap();
        let words: Vec<String> = out.iter().map(|(t, e)| format!("{t} {e}")).collect();
        assert_eq!(
            words,
            vec![
                "1000 touched the white knight on g1",
                "1400 move made: Ng1-f3"
            ]
        );
    }

    #[test]
    fn bad_lines_say_what_and_where() {
        let e = |s: &str| parse_line(4, s).unwrap_err().to_string();
        assert_eq!(
            e("soon lift e2"),
            "line 4: expected a time in milliseconds first, like 1000, not \"soon\""
        );
        assert_eq!(
            e("10 drop e2"),
            "line 4: expected \"lift\" or \"place\", not \"drop\""
        );
        assert_eq!(
            e("10 lift e9"),
            "line 4: expected a square like e4, not \"e9\""
        );
        assert!(e("10 place e4 X").contains("piece letter"));
        assert_eq!(
            parse_line(1, "10 place e4 n").unwrap(),
            Some((
                10,
                SensorEvent::Placed {
                    square: Square::E4,
                    sensed: Sensed::Piece(Piece::from_char('n').unwrap())
                }
            ))
        );
        let back = replay(
            Position::new(),
            BoardKind::OccupancyOnly,
            Config::default(),
            "20 lift e2\n10 place e4",
        );
        assert_eq!(back, Err(ScriptError::Backwards(2, 10)));
    }
}
