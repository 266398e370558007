//! How quiet an utterance's quietest moment is, under its loudest: how much noise the
//! recording carries. A sound at a word's end that noise can stand in for (the hiss of
//! "ш" in "аш", what white noise sounds like) is only a danger where there is noise, and
//! the recording itself says whether there is.

/// The quietest 10 ms of the utterance (its silence cut as [`super::trim::speech`] cuts it),
/// in decibels under its loudest 10 ms; `None` for a recording with nothing loud. Digital
/// silence (a voice pack's clip, a microphone's noise gate) counts as [`DEPTH_OF_SILENCE`].
pub fn quiet_depth_db(samples: &[i16], rate: u32) -> Option<f64> {
    let samples = super::trim::speech(samples, rate);
    let frame = super::trim::frame_len(rate);
    // Whole frames only: a few samples left at the end are no measure of the noise.
    let mut power = super::trim::frame_powers(samples, frame);
    power.truncate(samples.len() / frame);
    let loudest = power.iter().copied().fold(0.0, f64::max);
    if loudest <= 0.0 {
        return None;
    }
    let quietest = power.iter().copied().fold(f64::INFINITY, f64::min);
    if quietest <= 0.0 {
        return Some(DEPTH_OF_SILENCE);
    }
    Some((10.0 * (loudest / quietest).log10()).min(DEPTH_OF_SILENCE))
}

/// The depth given to digital silence: more than 16-bit samples can show.
pub const DEPTH_OF_SILENCE: f64 = 120.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// Speech-like bursts (a tone at half scale) with pauses between them.
    fn words_and_pauses(pause: impl Fn(usize) -> i16) -> Vec<i16> {
        let mut out = Vec::new();
        for w in 0..3 {
            out.extend((0..3_200).map(|i| (16_000.0 * (i as f64 * 0.2).sin()) as i16));
            if w < 2 {
                out.extend((0..1_600).map(&pause));
            }
        }
        out
    }

    /// A fixed pseudo-random hiss of the given peak amplitude.
    fn hiss(amplitude: i16) -> impl Fn(usize) -> i16 {
        move |i| {
            let x = (i as u32).wrapping_mul(2_654_435_761).rotate_left(13);
            ((x % (2 * amplitude as u32 + 1)) as i32 - amplitude as i32) as i16
        }
    }

    #[test]
    fn digital_silence_between_words_is_the_deepest() {
        let clip = words_and_pauses(|_| 0);
        assert_eq!(quiet_depth_db(&clip, 16_000), Some(DEPTH_OF_SILENCE));
    }

    #[test]
    fn hiss_in_the_pauses_sets_the_depth() {
        // Half-scale tone against a hiss of peak 160 (about 92 RMS): some 41 dB apart.
        let quiet = quiet_depth_db(&words_and_pauses(hiss(160)), 16_000).expect("loud");
        let noisy = quiet_depth_db(&words_and_pauses(hiss(1_600)), 16_000).expect("loud");
        assert!((38.0..44.0).contains(&quiet), "{quiet}");
        assert!((18.0..24.0).contains(&noisy), "{noisy}");
    }

    #[test]
    fn a_recording_with_nothing_loud_has_no_depth() {
        assert_eq!(quiet_depth_db(&[0; 1_600], 16_000), None);
    }
}
