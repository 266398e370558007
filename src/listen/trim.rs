//! The silence around an utterance cut down to what the recognisers were measured on.
//!
//! A push-to-talk utterance starts when the key is pressed, not when the player starts to
//! speak, and ends when it is pressed again. The voice packs' clips in the closed loop have
//! at most 60 ms of silence around the words (10 ms at the median), eSpeak NG's about 300 ms
//! after them, and the recognisers' rules were set on them; the same clip
//! with a few tenths of a second of digital silence before it (what a null sink, or a
//! microphone with a noise gate, gives) was "not understood": the English pack's "knight
//! f3" from 0.2 s of it, the Russian "конь эф три" from 0.3 s. So before a hearing, the
//! frames far quieter than its loudest (more than [`QUIETER_DB`] below) are cut from both
//! ends down to [`MARGIN_MS`]. Room noise and the closed loop's noisy clips are within that
//! range of speech and are left as they are; a recording with nothing loud is left whole.

/// How much quieter than the loudest 10 ms of an utterance a frame must be to count as
/// silence.
pub const QUIETER_DB: f64 = 40.0;

/// The silence kept before the first loud frame and after the last.
pub const MARGIN_MS: u32 = 60;

/// `samples` (mono, at `rate`) without the silence beyond [`MARGIN_MS`] at either end.
pub fn speech(samples: &[i16], rate: u32) -> &[i16] {
    &samples[speech_range(samples, rate)]
}

/// Where [`speech`] is in `samples`: all of them when nothing is loud.
pub fn speech_range(samples: &[i16], rate: u32) -> std::ops::Range<usize> {
    let frame = frame_len(rate);
    let power = frame_powers(samples, frame);
    let loudest = power.iter().copied().fold(0.0, f64::max);
    if loudest <= 0.0 {
        return 0..samples.len();
    }
    let floor = loudest * 10f64.powf(-QUIETER_DB / 10.0);
    let (Some(first), Some(last)) = (
        power.iter().position(|&p| p > floor),
        power.iter().rposition(|&p| p > floor),
    ) else {
        return 0..samples.len();
    };
    let margin = (rate * MARGIN_MS / 1000) as usize;
    let start = (first * frame).saturating_sub(margin);
    let end = ((last + 1) * frame + margin).min(samples.len());
    start..end
}

/// Samples in 10 ms at `rate`.
pub(super) fn frame_len(rate: u32) -> usize {
    (rate as usize / 100).max(1)
}

/// The mean power of each `frame` samples, the last frame as long as what is left.
pub(super) fn frame_powers(samples: &[i16], frame: usize) -> Vec<f64> {
    samples
        .chunks(frame)
        .map(|c| c.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / c.len() as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(n: usize, amplitude: f64) -> Vec<i16> {
        (0..n)
            .map(|i| (amplitude * 32767.0 * (i as f64 * 0.3 + 1.0).sin()) as i16)
            .collect()
    }

    #[test]
    fn long_silence_is_cut_to_the_margin_and_short_silence_is_kept() {
        let rate = 16_000;
        let words = tone(8_000, 0.5);
        let mut long = vec![0i16; 24_000];
        long.extend(&words);
        long.extend(vec![0i16; 16_000]);
        let cut = speech(&long, rate);
        // The margin each side of the half second of words, to a frame.
        let margin = (rate * MARGIN_MS / 1000) as usize;
        let frame = rate as usize / 100;
        let want = 8_000 + 2 * margin;
        assert!(
            (want..=want + 2 * frame).contains(&cut.len()),
            "{} samples, {want} wanted",
            cut.len()
        );
        let at = cut.iter().position(|&s| s != 0).unwrap();
        assert!((margin..=margin + frame).contains(&at), "{at}");
        assert_eq!(cut[at..at + 8_000], words[..]);
        // Already within the margin: nothing cut.
        let mut short = vec![0i16; 500];
        short.extend(&words);
        short.extend(vec![0i16; 500]);
        assert_eq!(speech(&short, rate), &short[..]);
    }

    #[test]
    fn noise_near_speech_and_silence_alone_are_left_whole() {
        let rate = 16_000;
        // Noise 20 dB under the words, a second of it before them: not silence.
        let mut noisy = tone(16_000, 0.05);
        noisy.extend(tone(8_000, 0.5));
        assert_eq!(speech(&noisy, rate).len(), noisy.len());
        let quiet = vec![0i16; 16_000];
        assert_eq!(speech(&quiet, rate).len(), quiet.len());
        assert!(speech(&[], rate).is_empty());
    }
}
