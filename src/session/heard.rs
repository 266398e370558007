//! Voice input (issue 28): a move or command the player said, entered the way a typed one
//! is, with the hearing journaled first so the record says the move came by voice (and how
//! sure the recogniser was), for the arbiter and the report.

use super::record::Record;
use super::{Effect, Event, Session, Stamp};
use crate::phrase::announce::move_phrase_with;
use crate::phrase::token::Phrase;
use crate::rules::{Move, Position};

/// How a hearing's note begins in the journal: `heard 0.92: Springer Felix drei`.
pub const HEARD_NOTE: &str = "heard ";

/// A hearing's note read back: the recogniser's confidence and the words it heard. None for
/// any other note.
pub fn read_heard_note(text: &str) -> Option<(f32, &str)> {
    let (confidence, words) = text.strip_prefix(HEARD_NOTE)?.split_once(": ")?;
    let confidence: f32 = confidence.parse().ok()?;
    (0.0..=1.0)
        .contains(&confidence)
        .then_some((confidence, words))
}

impl Session {
    /// What the player said, as the typed `line` that means the same (a move in UCI, or a
    /// command's keyword): the hearing is journaled as a note (`heard 0.92: Springer Felix
    /// drei`), then `line` is handled exactly as if typed, so the rules check it, it is
    /// journaled and announced, and only then the clock is pressed.
    pub fn heard(&mut self, line: &str, words: &str, confidence: f32, now: Stamp) -> Vec<Effect> {
        let mut out = self.heard_note(words, confidence, now);
        out.extend(self.handle(Event::Line(line.to_string()), now));
        out
    }

    /// Journals a hearing only: a heard move that agrees with the move the board already
    /// showed (and the game already made).
    pub fn heard_note(&mut self, words: &str, confidence: f32, now: Stamp) -> Vec<Effect> {
        let at = self.start_event(now);
        let words: String = words.chars().filter(|c| !c.is_control()).collect();
        let confidence = confidence.clamp(0.0, 1.0);
        self.commit(Record::Note {
            at,
            text: format!("{HEARD_NOTE}{confidence:.2}: {}", words.trim()),
        });
        self.out.take()
    }

    /// `m` (legal in `pos`) as this game announces moves, for a question about it.
    pub fn move_words(&self, pos: &Position, m: &Move) -> Phrase {
        move_phrase_with(pos, m, self.config.announce)
    }
}

/// Whether `line` is a no in any of vichess's languages (the answer that drops a question).
pub fn is_no(line: &str) -> bool {
    super::command::is_no(line)
}
