//! `[clock] source = "vichess"` with a DGT 3000 on the board (issue 26): vichess's clock is
//! the truth, and the DGT 3000's display shows it, so the sighted opponent and the arbiter
//! read the same times the VI player hears. Each start, press, pause and restart sends the
//! clock a set-and-run command (both times, the side that runs); the clock then counts down
//! on its own until the next. White's time is on the left half. After each move the display
//! shows the move as text for [`MOVE_SHOWN_MS`] (the DGT 3000's ASCII command, 8 characters),
//! then the END command brings the times back, as picochess does for a sighted player. The
//! link paces the commands (one in flight until its acknowledgement) and sends one again
//! that is not acknowledged.

use crate::board::codec::dgt::{ClockCommand, ClockSide, Hms};
use crate::rules::game::Game;
use crate::rules::notation::{san, san_in, Lang};
use crate::rules::Color;
use crate::session::ClockReading;

/// How long the last move stays on the display before the times come back.
pub const MOVE_SHOWN_MS: u64 = 3_000;

/// What the display was last told: the side that runs, and both times in whole seconds.
type Shown = (Option<Color>, u64, u64);

/// vichess's clock on the DGT 3000's display.
#[derive(Debug, Default)]
pub struct ClockDisplay {
    /// A reading came from the clock: one is plugged in.
    present: bool,
    shown: Option<Shown>,
    /// The plies of the game when the display last looked (`None`: not yet looked).
    plies: Option<usize>,
    /// The move shown as text, and when the times come back (milliseconds of `now`).
    text: Option<(ClockCommand, u64)>,
}

impl ClockDisplay {
    /// The board sent a real clock reading: a clock is there to drive.
    pub fn heard(&mut self) {
        self.present = true;
    }

    /// When the display next wants [`ClockDisplay::update`]: the end of a move's text.
    pub fn deadline(&self) -> Option<u64> {
        self.text.map(|(_, until)| until)
    }

    /// The commands to send now, in order, that vichess's clock reads `r` and the game
    /// stands at `game` (`now` in milliseconds): the times when they must change on the
    /// display (the first time, when the running side changes, and while stopped when a time
    /// changes: the arbiter's correction); the new move's text after a move (again after a
    /// set-and-run that came while it was up, which brings the times back); the END command
    /// once the text has been up long enough. The move is in the game's letters where they
    /// are ASCII (`Sf3`), in English letters otherwise (the clock shows ASCII only).
    pub fn update(
        &mut self,
        r: Option<ClockReading>,
        game: &Game,
        lang: Lang,
        now: u64,
    ) -> Vec<ClockCommand> {
        let mut out = Vec::new();
        let Some(r) = r.filter(|_| self.present) else {
            return out;
        };
        let plies = game.ply_count();
        let moved = self.plies.is_some_and(|p| plies > p);
        self.plies = Some(plies);
        if let Some(times) = self.times(&r) {
            out.push(times);
        }
        if moved {
            if let (Some(&m), Some(before)) = (
                game.moves().last(),
                game.positions().get(plies.saturating_sub(1)),
            ) {
                let text = san_in(before, &m, lang);
                let text = match text.is_ascii() {
                    true => text,
                    false => san(before, &m),
                };
                self.text = Some((ClockCommand::text(&text, 0), now + MOVE_SHOWN_MS));
            }
        }
        match self.text {
            Some((_, until)) if now >= until => {
                self.text = None;
                out.push(ClockCommand::End);
            }
            // A new move, or the times set while the move is up: (again) the move.
            Some((text, _)) if moved || !out.is_empty() => out.push(text),
            _ => {}
        }
        out
    }

    /// The set-and-run command when the times on the display must change.
    fn times(&mut self, r: &ClockReading) -> Option<ClockCommand> {
        let now: Shown = (r.running, r.white.time / 1000, r.black.time / 1000);
        let send = match self.shown {
            None => true,
            Some((running, w, b)) => {
                running != now.0 || (running.is_none() && (w, b) != (now.1, now.2))
            }
        };
        if !send {
            return None;
        }
        self.shown = Some(now);
        Some(ClockCommand::SetAndRun {
            left: Hms::from_seconds(now.1),
            right: Hms::from_seconds(now.2),
            run: now.0.map(|c| match c {
                Color::White => ClockSide::Left,
                Color::Black => ClockSide::Right,
            }),
        })
    }
}
