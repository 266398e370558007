//! Two recognisers that must agree: Whisper proposes, PocketSphinx checks. On the closed
//! loop each was wrong now and then on clips the other heard right (Whisper dropping a
//! garbled piece word and taking the pawn move, "конь дэ пять" as c5; PocketSphinx hearing
//! "Cesar" as "Eva"), and their mistakes come from different models of speech, so a move
//! both read as their best is far safer than either alone. When they read different moves,
//! vichess asks between the two; when PocketSphinx read nothing, it is "not understood".
//!
//! Nor does a reading PocketSphinx made by leaving a word out confirm anything: its pauses
//! held speech as loud as its words. That is Whisper's own way of going wrong (a garbled
//! piece word dropped, the pawn move taken), and on seed 38 both did it on one clip: eSpeak
//! NG's "knight d5", transcribed "I-35", read as e5 by both, PocketSphinx with 19 loud
//! frames where it heard a pause.
//!
//! Nor does a reading with a letter name PocketSphinx cannot tell from the others (the German
//! "ah", "beh", ..., the Armenian letters; [`super::grammar::doubtful_words`]): on seed 43
//! the de-fide pack's "Bella vier" at 20 dB was transcribed "Lena vier" and read as a4 by
//! Whisper, and PocketSphinx's "bauer ah vier" confirmed it. PocketSphinx alone never takes
//! such a reading; as a check it must not count either.

use super::heard::{Ear, EarError, Hearing, Meaning};
use super::sphinx::SphinxEar;
use super::whisper::WhisperEar;
use crate::phrase::Language;
use crate::rules::Position;

/// Whisper, checked by PocketSphinx.
pub struct AgreeingEar {
    /// The recogniser whose readings and confidences are used.
    pub whisper: WhisperEar,
    /// The recogniser whose best reading must be the same.
    pub sphinx: SphinxEar,
    /// PocketSphinx's best reading of the last utterance (its own confidence, which is
    /// not used), for the log.
    pub checked: Option<(Meaning, String)>,
    /// Whether that reading left a word out, and so confirmed nothing.
    pub left_out: bool,
    /// Whether that reading had a letter name PocketSphinx cannot tell apart, and so
    /// confirmed nothing.
    pub doubtful: bool,
}

impl AgreeingEar {
    /// Both recognisers, each with its model.
    pub fn new() -> Result<AgreeingEar, EarError> {
        Ok(AgreeingEar {
            whisper: WhisperEar::new()?,
            sphinx: SphinxEar::new()?,
            checked: None,
            left_out: false,
            doubtful: false,
        })
    }
}

/// The confidence a reading keeps when the other recogniser read something else: under the
/// verdict's floor.
const DISAGREED: f32 = 0.49;

/// Whisper's hearing, kept where PocketSphinx's best reading means the same; otherwise the
/// two readings are made equal (the verdict asks between them) or, with nothing from
/// PocketSphinx, put under the floor.
pub fn agree(whisper: Hearing, sphinx: &Hearing) -> Hearing {
    let Some(best) = whisper
        .guesses
        .iter()
        .max_by(|a, b| a.confidence.total_cmp(&b.confidence))
        .cloned()
    else {
        return whisper;
    };
    let check = sphinx
        .guesses
        .iter()
        .max_by(|a, b| a.confidence.total_cmp(&b.confidence));
    match check {
        Some(c) if c.meaning == best.meaning => whisper,
        Some(c) => {
            let mut guesses: Vec<_> = whisper
                .guesses
                .into_iter()
                .filter(|g| g.meaning != c.meaning)
                .collect();
            // The other recogniser's move, as sure as Whisper's best: the player is asked.
            // A command is never offered that way: it is not understood instead.
            if matches!(c.meaning, Meaning::Move(_)) {
                let mut other = c.clone();
                other.confidence = best.confidence;
                guesses.push(other);
            } else {
                for g in &mut guesses {
                    g.confidence = g.confidence.min(DISAGREED);
                }
            }
            Hearing { guesses }
        }
        None => Hearing {
            guesses: whisper
                .guesses
                .into_iter()
                .map(|mut g| {
                    g.confidence = g.confidence.min(DISAGREED);
                    g
                })
                .collect(),
        },
    }
}

/// What PocketSphinx's reading can confirm. A reading that left a word out, or that has a
/// letter name, is not a check at all (see the module's notes): Whisper's hearing is then
/// judged as with nothing from PocketSphinx.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The reading counts: [`agree`] with it.
    Counts,
    /// Its pauses held speech as loud as its words.
    LeftAWordOut,
    /// It has a letter name PocketSphinx cannot tell from the others.
    LetterName,
}

/// [`agree`] with PocketSphinx's reading where it [`Check::Counts`], with nothing otherwise.
pub fn agree_checked(whisper: Hearing, sphinx: &Hearing, check: Check) -> Hearing {
    match check {
        Check::Counts => agree(whisper, sphinx),
        Check::LeftAWordOut | Check::LetterName => agree(whisper, &Hearing::default()),
    }
}

impl Ear for AgreeingEar {
    fn prepare(&mut self, position: &Position, language: Language) -> Result<(), EarError> {
        self.whisper.prepare(position, language)?;
        self.sphinx.prepare(position, language)
    }

    fn hear(
        &mut self,
        samples: &[i16],
        sample_rate: u32,
        position: &Position,
        language: Language,
    ) -> Result<Hearing, EarError> {
        // PocketSphinx runs on one core, beside Whisper rather than after it: Whisper leaves
        // a core idle between its decoder's threaded products, and the player waits for both.
        let sphinx = &mut self.sphinx;
        let whisper = &mut self.whisper;
        let (heard, checked) = std::thread::scope(|scope| {
            let checking =
                scope.spawn(move || sphinx.hear(samples, sample_rate, position, language));
            let heard = whisper.hear(samples, sample_rate, position, language);
            let checked = checking
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (heard, checked)
        });
        let (heard, checked) = (heard?, checked?);
        self.checked = checked
            .guesses
            .iter()
            .max_by(|a, b| a.confidence.total_cmp(&b.confidence))
            .map(|g| (g.meaning.clone(), g.phrase.clone()));
        self.left_out = self.sphinx.left_a_word_out();
        self.doubtful = self.sphinx.last.doubtful;
        let check = if self.left_out {
            Check::LeftAWordOut
        } else if self.doubtful {
            Check::LetterName
        } else {
            Check::Counts
        };
        Ok(agree_checked(heard, &checked, check))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listen::heard::{verdict, Guess, Verdict, VerdictRule};
    use crate::rules::Square;

    fn mv(from: Square, to: Square, confidence: f32) -> Guess {
        let pos = Position::new();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.to() == to)
            .expect("legal");
        Guess {
            meaning: Meaning::Move(m),
            phrase: String::new(),
            confidence,
        }
    }

    fn hearing(g: Vec<Guess>) -> Hearing {
        Hearing { guesses: g }
    }

    #[test]
    fn a_move_both_read_is_taken() {
        let w = hearing(vec![mv(Square::G1, Square::F3, 0.9)]);
        let s = hearing(vec![mv(Square::G1, Square::F3, 0.3)]);
        assert_eq!(
            verdict(&agree(w, &s), VerdictRule::default()),
            Verdict::Take(mv(Square::G1, Square::F3, 0.9))
        );
    }

    #[test]
    fn two_different_moves_are_asked_and_nothing_from_the_check_is_not_understood() {
        let w = hearing(vec![mv(Square::C2, Square::C4, 0.95)]);
        let s = hearing(vec![mv(Square::B1, Square::C3, 0.2)]);
        match verdict(&agree(w.clone(), &s), VerdictRule::default()) {
            Verdict::Ask(a, b) => {
                let asked = [a.meaning, b.meaning];
                assert!(asked.contains(&mv(Square::C2, Square::C4, 0.0).meaning));
                assert!(asked.contains(&mv(Square::B1, Square::C3, 0.0).meaning));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            verdict(&agree(w, &Hearing::default()), VerdictRule::default()),
            Verdict::NotUnderstood
        );
    }

    #[test]
    fn a_command_against_a_move_is_not_understood() {
        let w = hearing(vec![mv(Square::E2, Square::E4, 0.95)]);
        let s = hearing(vec![Guess {
            meaning: Meaning::Command("time".into()),
            phrase: "time".into(),
            confidence: 0.4,
        }]);
        assert_eq!(
            verdict(&agree(w, &s), VerdictRule::default()),
            Verdict::NotUnderstood
        );
    }

    /// Seed 43: the de-fide pack's "Bella vier" at 20 dB, Whisper's a4 at 98 % ("Lena vier"),
    /// PocketSphinx's "bauer ah vier", the same a4. The letter confirms nothing.
    #[test]
    fn a_check_with_a_letter_name_or_a_word_left_out_confirms_nothing() {
        let w = hearing(vec![mv(Square::A2, Square::A4, 0.98)]);
        let s = hearing(vec![mv(Square::A2, Square::A4, 0.6)]);
        assert!(matches!(
            verdict(
                &agree_checked(w.clone(), &s, Check::Counts),
                VerdictRule::default()
            ),
            Verdict::Take(_)
        ));
        for check in [Check::LetterName, Check::LeftAWordOut] {
            assert_eq!(
                verdict(&agree_checked(w.clone(), &s, check), VerdictRule::default()),
                Verdict::NotUnderstood,
                "{check:?}"
            );
        }
    }
}
