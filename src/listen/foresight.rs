//! Hearing an utterance while the player is silent, before the closing press.
//!
//! Push-to-talk ends an utterance with a second press, and a player presses a few tenths of
//! a second after the last word, when the words have been checked in the mind. A hearing
//! takes about half a second on a two-core machine without AVX-512 (Whisper's encoder on
//! both cores, then its phrase search on one), all of it after the press. Yet nothing a
//! hearing uses comes after the speech: every recogniser hears only [`super::trim::speech`],
//! the utterance without the silence beyond its margin. So once the recording has been quiet
//! a little past that margin, the listening thread hears what it has, in two steps (the
//! encoder, then the rest), and at the press the hearing made ahead stands if the closed
//! utterance's speech is the same, sample for sample, in the same position. Anything else (a
//! word after a pause, a louder sound that moves the silence's floor, a move made on the
//! board meanwhile) and the utterance is heard as it always was: the result never depends on
//! when the player pressed, only the wait does.

use super::trim;
use super::{Ear, EarError, Hearing};
use crate::phrase::Language;
use crate::rules::Position;

/// How long the recording must be quiet after the speech's kept margin
/// ([`trim::MARGIN_MS`]) before the listening thread starts hearing ahead: the speech is
/// then fixed unless the player speaks again. Short, because starting on a pause between
/// two words costs only work the player's next words make unused, while the press waits.
pub const QUIET_AFTER_MS: u32 = 60;

/// What one [`Foresight::look`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The recording does not end in silence yet (the player is speaking), or holds nothing
    /// loud: nothing done.
    Waited,
    /// The speech's encoding made ([`Ear::encode_ahead`]).
    Encoded,
    /// The speech heard whole.
    Heard,
    /// The speech was already heard in this position: nothing left to do.
    Ready,
}

/// What was ready for the closed utterance ([`Foresight::close`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Ahead {
    /// Nothing of this speech was done ahead: it is heard now.
    Nothing,
    /// Its encoding was made ahead; the ear takes it, and the rest is done now.
    Encoded,
    /// Its whole hearing, in this position.
    Heard(Result<Hearing, EarError>),
}

#[derive(Debug, Clone, PartialEq)]
enum Done {
    Encoded,
    Heard(Box<Position>, Language, Result<Hearing, EarError>),
}

/// The work done ahead on the open utterance: its speech and how far it got.
#[derive(Debug, Default)]
pub struct Foresight {
    speech: Vec<i16>,
    done: Option<Done>,
}

impl Foresight {
    /// Nothing done yet: a new utterance.
    pub fn new() -> Foresight {
        Foresight::default()
    }

    /// Takes one step ahead on the utterance recorded `so_far` (mono, at `rate`), if it ends
    /// in silence: encodes its speech, or, once encoded and still the same, hears it in
    /// `position`. One step a call, so the caller sees the talk key between them.
    pub fn look(
        &mut self,
        ear: &mut dyn Ear,
        so_far: &[i16],
        rate: u32,
        position: &Position,
        language: Language,
    ) -> Step {
        let range = trim::speech_range(so_far, rate);
        let quiet = (u64::from(rate) * u64::from(QUIET_AFTER_MS) / 1000) as usize;
        if range.end + quiet > so_far.len() {
            return Step::Waited;
        }
        let speech = &so_far[range];
        if speech != self.speech.as_slice() {
            self.speech = speech.to_vec();
            self.done = None;
        }
        let stale = match &self.done {
            Some(Done::Heard(p, l, _)) => **p != *position || *l != language,
            _ => false,
        };
        match &self.done {
            None => {
                ear.encode_ahead(so_far, rate);
                self.done = Some(Done::Encoded);
                Step::Encoded
            }
            Some(Done::Heard(..)) if !stale => Step::Ready,
            Some(_) => {
                let hearing = ear.hear(so_far, rate, position, language);
                self.done = Some(Done::Heard(Box::new(position.clone()), language, hearing));
                Step::Heard
            }
        }
    }

    /// The utterance closed with `samples`, to be heard in `position`: what was done ahead
    /// for exactly its speech. Forgets it all, ready for the next utterance.
    pub fn close(
        &mut self,
        samples: &[i16],
        rate: u32,
        position: &Position,
        language: Language,
    ) -> Ahead {
        let speech = std::mem::take(&mut self.speech);
        let done = self.done.take();
        if done.is_none() || trim::speech(samples, rate) != speech.as_slice() {
            return Ahead::Nothing;
        }
        match done {
            Some(Done::Heard(p, l, hearing)) if *p == *position && l == language => {
                Ahead::Heard(hearing)
            }
            _ => Ahead::Encoded,
        }
    }

    /// Forgets the utterance's work (a new one opens).
    pub fn clear(&mut self) {
        self.speech.clear();
        self.done = None;
    }
}

/// Hears the closed utterance `samples` in `position`, taking what `foresight` did ahead for
/// the same speech: the hearing the ear would give now, sooner.
pub fn hear_closed(
    foresight: &mut Foresight,
    ear: &mut dyn Ear,
    samples: &[i16],
    rate: u32,
    position: &Position,
    language: Language,
) -> (Result<Hearing, EarError>, Ahead) {
    match foresight.close(samples, rate, position, language) {
        Ahead::Heard(hearing) => (hearing.clone(), Ahead::Heard(hearing)),
        other => (ear.hear(samples, rate, position, language), other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listen::{Guess, Meaning};

    /// An ear whose reading is the speech it was given: its length as the confidence, so a
    /// hearing of other speech reads differently. Counts its calls.
    #[derive(Default)]
    struct Counting {
        encoded: Vec<usize>,
        heard: Vec<usize>,
    }

    impl Ear for Counting {
        fn hear(
            &mut self,
            samples: &[i16],
            rate: u32,
            position: &Position,
            _: Language,
        ) -> Result<Hearing, EarError> {
            let speech = trim::speech(samples, rate).len();
            self.heard.push(speech);
            let m = position.legal_moves()[0];
            Ok(Hearing {
                guesses: vec![Guess {
                    meaning: Meaning::Move(m),
                    phrase: format!("{speech}"),
                    confidence: speech as f32,
                }],
            })
        }

        fn encode_ahead(&mut self, samples: &[i16], rate: u32) {
            self.encoded.push(trim::speech(samples, rate).len());
        }
    }

    const RATE: u32 = 16_000;

    fn words(ms: usize) -> Vec<i16> {
        (0..ms * 16)
            .map(|i| (12_000.0 * (i as f64 * 0.2).sin()) as i16)
            .collect()
    }

    fn then_silence(mut s: Vec<i16>, ms: usize) -> Vec<i16> {
        s.extend(std::iter::repeat_n(0i16, ms * 16));
        s
    }

    /// Looks until nothing is left to do, as the listening thread does tick after tick.
    fn look_all(
        f: &mut Foresight,
        ear: &mut Counting,
        so_far: &[i16],
        pos: &Position,
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        loop {
            let step = f.look(ear, so_far, RATE, pos, Language::De);
            steps.push(step);
            if matches!(step, Step::Waited | Step::Ready) || steps.len() > 4 {
                return steps;
            }
        }
    }

    #[test]
    fn speech_then_silence_is_heard_ahead_and_the_press_takes_that_hearing() {
        let pos = Position::new();
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        let spoken = then_silence(words(600), 200);
        assert_eq!(
            look_all(&mut f, &mut ear, &spoken, &pos),
            [Step::Encoded, Step::Heard, Step::Ready]
        );
        // The player presses half a second later: more silence, the same speech.
        let closed = then_silence(spoken.clone(), 500);
        let direct = Counting::default().hear(&closed, RATE, &pos, Language::De);
        let (hearing, ahead) = hear_closed(&mut f, &mut ear, &closed, RATE, &pos, Language::De);
        assert!(matches!(ahead, Ahead::Heard(_)), "{ahead:?}");
        assert_eq!(hearing, direct);
        // One encoding and one hearing in all, both of the speech with its margins.
        let speech = trim::speech(&closed, RATE).len();
        assert_eq!((ear.encoded, ear.heard), (vec![speech], vec![speech]));
    }

    #[test]
    fn nothing_is_done_while_the_player_speaks_or_when_nothing_is_loud() {
        let pos = Position::new();
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        // The words go on to the end, or stop within the margin and its quiet.
        for so_far in [words(500), then_silence(words(500), 100), vec![0; 16_000]] {
            assert_eq!(look_all(&mut f, &mut ear, &so_far, &pos), [Step::Waited]);
        }
        assert!(ear.encoded.is_empty() && ear.heard.is_empty());
        let (_, ahead) = hear_closed(&mut f, &mut ear, &words(500), RATE, &pos, Language::De);
        assert_eq!(ahead, Ahead::Nothing);
        assert_eq!(ear.heard.len(), 1);
    }

    /// A pause between two words: the work done on the first is not used for both.
    #[test]
    fn a_word_after_a_pause_is_heard_with_the_words_before_it() {
        let pos = Position::new();
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        let first = then_silence(words(400), 300);
        look_all(&mut f, &mut ear, &first, &pos);
        let mut closed = first.clone();
        closed.extend(then_silence(words(300), 400));
        let direct = Counting::default().hear(&closed, RATE, &pos, Language::De);
        let (hearing, ahead) = hear_closed(&mut f, &mut ear, &closed, RATE, &pos, Language::De);
        assert_eq!(ahead, Ahead::Nothing);
        assert_eq!(hearing, direct);
        // Seen ahead again after the second word, the whole speech is what is heard.
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        look_all(&mut f, &mut ear, &first, &pos);
        assert_eq!(
            look_all(&mut f, &mut ear, &closed, &pos),
            [Step::Encoded, Step::Heard, Step::Ready]
        );
        let (hearing, ahead) = hear_closed(&mut f, &mut ear, &closed, RATE, &pos, Language::De);
        assert!(matches!(ahead, Ahead::Heard(_)));
        assert_eq!(hearing, direct);
    }

    /// A louder sound after the words (a cough, a knock on the table) moves the floor the
    /// silence is measured from, so the speech is another: heard again.
    #[test]
    fn a_louder_sound_after_the_words_means_hearing_again() {
        let pos = Position::new();
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        let spoken = then_silence(words(500), 200);
        look_all(&mut f, &mut ear, &spoken, &pos);
        let mut closed = spoken.clone();
        closed.extend(words(20).iter().map(|&s| s.saturating_mul(2)));
        closed = then_silence(closed, 100);
        let (_, ahead) = hear_closed(&mut f, &mut ear, &closed, RATE, &pos, Language::De);
        assert_eq!(ahead, Ahead::Nothing);
    }

    /// The opponent's move comes in while the player speaks: the speech's encoding still
    /// serves, its hearing among the old position's moves does not.
    #[test]
    fn a_position_changed_since_the_hearing_is_heard_again_in_the_new_one() {
        let pos = Position::new();
        let e4 = crate::rules::notation::parse_move(&pos, "e4").expect("e4 is legal");
        let after = pos.play(&e4).expect("e4 is legal");
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        let spoken = then_silence(words(500), 300);
        look_all(&mut f, &mut ear, &spoken, &pos);
        let (_, ahead) = hear_closed(&mut f, &mut ear, &spoken, RATE, &after, Language::De);
        assert_eq!(ahead, Ahead::Encoded);
        // Looked at again in the new position before the press: heard in it.
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        look_all(&mut f, &mut ear, &spoken, &pos);
        assert_eq!(
            look_all(&mut f, &mut ear, &spoken, &after),
            [Step::Heard, Step::Ready]
        );
        let (hearing, ahead) = hear_closed(&mut f, &mut ear, &spoken, RATE, &after, Language::De);
        assert!(matches!(ahead, Ahead::Heard(_)));
        let first = &hearing.unwrap().guesses[0].meaning;
        assert_eq!(first, &Meaning::Move(after.legal_moves()[0]));
    }

    #[test]
    fn a_new_utterance_starts_with_nothing_done() {
        let pos = Position::new();
        let (mut f, mut ear) = (Foresight::new(), Counting::default());
        let spoken = then_silence(words(500), 300);
        look_all(&mut f, &mut ear, &spoken, &pos);
        f.clear();
        let (_, ahead) = hear_closed(&mut f, &mut ear, &spoken, RATE, &pos, Language::De);
        assert_eq!(ahead, Ahead::Nothing);
    }
}
