//! What a recogniser heard, and the one rule that turns it into a verdict.

use crate::phrase::Language;
use crate::rules::{Move, Position};

/// One reading of an utterance.
#[derive(Debug, Clone, PartialEq)]
pub struct Guess {
    /// What the reading means in this position.
    pub meaning: Meaning,
    /// The words recognised, as the grammar spells them (for the log and the echo).
    pub phrase: String,
    /// The recogniser's confidence in this reading, 0.0 to 1.0.
    pub confidence: f32,
}

/// A reading's meaning: a legal move of the position it was heard in, or a console command
/// (its canonical English keyword, as `session` parses it, e.g. `time`, `draw`).
#[derive(Debug, Clone, PartialEq)]
pub enum Meaning {
    /// A legal move of the position the utterance was heard in.
    Move(Move),
    /// A console command's keyword.
    Command(String),
}

/// The readings of one utterance, best first. Empty when nothing in the grammar matched.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hearing {
    /// The readings, best first.
    pub guesses: Vec<Guess>,
}

/// A recogniser over 16-bit mono samples. The grammar is built from `position`'s legal
/// moves in `language`'s words (plus the commands), so only legal moves can be heard.
pub trait Ear {
    /// Hears one utterance (the samples of one push-to-talk, mono).
    fn hear(
        &mut self,
        samples: &[i16],
        sample_rate: u32,
        position: &Position,
        language: Language,
    ) -> Result<Hearing, EarError>;

    /// Gets ready to hear in `position` (builds and compiles its grammar), so that work is
    /// done while the player speaks, not after: a front end calls this when an utterance
    /// opens. [`Ear::hear`] in the same position then only decodes. Optional: an ear that
    /// needs no preparation does nothing.
    fn prepare(&mut self, position: &Position, language: Language) -> Result<(), EarError> {
        let _ = (position, language);
        Ok(())
    }

    /// Forgets what [`Ear::prepare`] built, so that the next hearing builds it again: the
    /// rules' switches it read may have changed ([`super::switch`], `hear --again-with`).
    fn unprepare(&mut self) {}

    /// Does the part of hearing `samples` that does not depend on the position (Whisper's
    /// encoder), and keeps it for a hearing of the same speech: called while the player is
    /// silent before closing the utterance ([`super::foresight`]), so that the closing
    /// press waits for less. Optional: an ear with nothing to do ahead does nothing.
    fn encode_ahead(&mut self, samples: &[i16], sample_rate: u32) {
        let _ = (samples, sample_rate);
    }
}

/// Why a recogniser could not listen at all (not "did not understand": that is an empty or
/// unsure [`Hearing`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EarError {
    /// The acoustic model or dictionary is missing or unreadable: the path and the reason.
    Model(String),
    /// The recogniser failed on this audio: its own reason.
    Failed(String),
}

/// What vichess does with a hearing.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Sure enough, and clearly ahead of any other reading: take it.
    Take(Guess),
    /// Two readings too close to choose between: ask the player which one was meant.
    Ask(Guess, Guess),
    /// Nothing heard, or nothing above the floor: say "not understood" and change nothing.
    NotUnderstood,
}

/// The thresholds of [`verdict`]. The defaults are tuned on the closed-loop measurement
/// (`docs/performance.md`); tests may set their own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VerdictRule {
    /// Below this confidence a reading is never taken.
    pub floor: f32,
    /// The best reading must lead the second by at least this much, else the player is asked.
    pub margin: f32,
}

impl Default for VerdictRule {
    fn default() -> Self {
        VerdictRule {
            floor: 0.5,
            margin: 0.2,
        }
    }
}

/// Decides what a hearing means. Readings with the same meaning (two phrasings of one move)
/// count as one, so "Springer f3" and "Springer g1 f3" never make vichess ask.
pub fn verdict(hearing: &Hearing, rule: VerdictRule) -> Verdict {
    let mut distinct: Vec<&Guess> = Vec::new();
    for g in &hearing.guesses {
        match distinct.iter_mut().find(|d| d.meaning == g.meaning) {
            Some(d) if g.confidence > d.confidence => *d = g,
            Some(_) => {}
            None => distinct.push(g),
        }
    }
    distinct.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    let Some(best) = distinct.first() else {
        return Verdict::NotUnderstood;
    };
    if best.confidence < rule.floor {
        return Verdict::NotUnderstood;
    }
    match distinct.get(1) {
        Some(second) if best.confidence - second.confidence < rule.margin => {
            Verdict::Ask((*best).clone(), (*second).clone())
        }
        _ => Verdict::Take((*best).clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn mv(from: Square, to: Square) -> Meaning {
        let pos = Position::new();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.to() == to)
            .expect("a legal move");
        Meaning::Move(m)
    }

    fn guess(meaning: Meaning, confidence: f32) -> Guess {
        Guess {
            meaning,
            phrase: String::new(),
            confidence,
        }
    }

    #[test]
    fn nothing_heard_or_nothing_sure_is_not_understood() {
        let rule = VerdictRule::default();
        assert_eq!(verdict(&Hearing::default(), rule), Verdict::NotUnderstood);
        let unsure = Hearing {
            guesses: vec![guess(mv(Square::G1, Square::F3), 0.3)],
        };
        assert_eq!(verdict(&unsure, rule), Verdict::NotUnderstood);
    }

    #[test]
    fn a_clear_leader_is_taken_and_two_close_moves_are_asked() {
        let rule = VerdictRule::default();
        let nf3 = guess(mv(Square::G1, Square::F3), 0.9);
        let nh3 = guess(mv(Square::G1, Square::H3), 0.8);
        let clear = Hearing {
            guesses: vec![nf3.clone(), guess(mv(Square::G1, Square::H3), 0.4)],
        };
        assert_eq!(verdict(&clear, rule), Verdict::Take(nf3.clone()));
        let close = Hearing {
            guesses: vec![nh3.clone(), nf3.clone()],
        };
        assert_eq!(verdict(&close, rule), Verdict::Ask(nf3, nh3));
    }

    #[test]
    fn two_phrasings_of_one_move_are_one_reading() {
        let rule = VerdictRule::default();
        let short = guess(mv(Square::G1, Square::F3), 0.85);
        let long = guess(mv(Square::G1, Square::F3), 0.8);
        let h = Hearing {
            guesses: vec![short.clone(), long],
        };
        assert_eq!(verdict(&h, rule), Verdict::Take(short));
    }
}
