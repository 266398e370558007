//! `[clock] source = "board"` (issue 26): the DGT 3000 on the board is the official clock.
//! The host reads it; the session keeps its latest times for `time` and notes for the arbiter
//! where they and vichess's own clock part by more than a second. vichess's clock is never
//! set from the board's: a drift is the arbiter's to judge, so it is journaled, not mended.

use super::record::Record;
use super::{Effect, Session, Stamp};
use crate::phrase::grammar::COLON;
use crate::phrase::token::{Token, Word};
use crate::rules::Color;

/// Milliseconds as h:mm:ss, as a clock's display and the arbiter's report write them.
pub fn hms(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The journal's words for a drift (`vichess report` reads them back in its language).
pub const DRIFT_NOTE: &str = "board clock: ";

impl Session {
    /// The board clock's latest times (White's, Black's), or `None` when it is not (or no
    /// longer) heard: `time` then says vichess's own clock.
    pub fn set_board_times(&mut self, times: Option<(u64, u64)>) {
        self.board_times = times;
    }

    /// The board's clock shows `board_ms` for `side` where vichess's clock has `model_ms`:
    /// noted in the journal for the arbiter and printed as such; nothing else changes.
    pub fn board_clock_drift(
        &mut self,
        side: Color,
        board_ms: u64,
        model_ms: u64,
        now: Stamp,
    ) -> Vec<Effect> {
        let at = self.start_event(now);
        let name = match side {
            Color::White => "white",
            Color::Black => "black",
        };
        let text = format!(
            "{DRIFT_NOTE}{name} {}, vichess {}",
            hms(board_ms),
            hms(model_ms)
        );
        if self.commit(Record::Note { at, text }) {
            let words = self.pack.text(&[
                Token::Word(Word::NoteForArbiter),
                COLON,
                Token::Word(Word::BoardClockDiffers),
                COLON,
                Token::Side(side),
            ]);
            let line = format!("{words} {}, vichess {}", hms(board_ms), hms(model_ms));
            self.out.print(&line);
        }
        self.out.take()
    }
}
