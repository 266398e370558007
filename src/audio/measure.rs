//! Rendered audio measured: the numbers the tests and the benchmark report hold it to.
//!
//! "It produced a file" proves little; these figures catch what a listener would notice:
//! clipping, a slow start, a hole in the middle of a phrase, a phrase too quiet to hear.

use super::Pcm;

/// Analysis window: 10 ms, short enough to see a gap between words.
const WINDOW_S: f64 = 0.010;
/// A window quieter than this (RMS, dB full scale) counts as silence.
pub const SILENCE_DBFS: f64 = -50.0;

/// The figures of one piece of audio that tests and reports check against what a listener
/// would notice.
#[derive(Debug, Clone, PartialEq)]
pub struct Measure {
    /// The length in seconds, to check a phrase is not too long or cut short.
    pub seconds: f64,
    /// The highest sample, in dB full scale (0.0 is full scale; -inf for silence).
    pub peak_dbfs: f64,
    /// The RMS level of the voiced windows, in dB full scale.
    pub speech_rms_dbfs: f64,
    /// Samples at or past full scale: each one is an audible click.
    pub clipped: usize,
    /// Silence before the first sound, in seconds: the wait a listener hears before the phrase.
    pub leading_silence: f64,
    /// Silence after the last sound, in seconds: dead time before the next phrase can start.
    pub trailing_silence: f64,
    /// The longest silence between the first sound and the last, in seconds.
    pub longest_inner_silence: f64,
    /// The sum of squared samples divided by the rate: energy in full-scale-squared seconds.
    /// Compared between a render and its recording from a sound card.
    pub energy: f64,
}

impl Measure {
    /// Measures `pcm` in 10 ms windows; [`Pcm::measure`] is the usual way in.
    pub fn of(pcm: &Pcm) -> Measure {
        let x = &pcm.samples;
        let rate = f64::from(pcm.rate.max(1));
        let win = ((rate * WINDOW_S) as usize).max(1);
        let floor = 10f64.powf(SILENCE_DBFS / 20.0);
        let rms: Vec<f64> = x
            .chunks(win)
            .map(|c| (c.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / c.len() as f64).sqrt())
            .collect();
        let loud: Vec<bool> = rms.iter().map(|&r| r >= floor).collect();
        let first = loud.iter().position(|&l| l);
        let last = loud.iter().rposition(|&l| l);
        let win_s = win as f64 / rate;
        let (leading, trailing, inner) = match (first, last) {
            (Some(f), Some(l)) => {
                let mut longest = 0usize;
                let mut run = 0usize;
                for &is_loud in &loud[f..=l] {
                    run = if is_loud { 0 } else { run + 1 };
                    longest = longest.max(run);
                }
                (
                    f as f64 * win_s,
                    pcm.seconds() - (l + 1) as f64 * win_s,
                    longest as f64 * win_s,
                )
            }
            _ => (pcm.seconds(), pcm.seconds(), 0.0),
        };
        let voiced: Vec<f64> = rms.iter().copied().filter(|&r| r >= floor).collect();
        let speech_rms = if voiced.is_empty() {
            0.0
        } else {
            (voiced.iter().map(|r| r * r).sum::<f64>() / voiced.len() as f64).sqrt()
        };
        let peak = x.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        Measure {
            seconds: pcm.seconds(),
            peak_dbfs: dbfs(f64::from(peak)),
            speech_rms_dbfs: dbfs(speech_rms),
            clipped: x.iter().filter(|s| s.abs() >= 1.0).count(),
            leading_silence: leading,
            trailing_silence: trailing.max(0.0),
            longest_inner_silence: inner,
            energy: x.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / rate,
        }
    }
}

/// An amplitude in dB full scale.
pub fn dbfs(amplitude: f64) -> f64 {
    20.0 * amplitude.log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_silences_around_and_inside_a_sound() {
        let rate = 1000;
        let mut s = vec![0.0f32; 200]; // 0.2 s lead
        s.extend(std::iter::repeat_n(0.5, 300));
        s.extend(vec![0.0; 150]); // 0.15 s hole
        s.extend(std::iter::repeat_n(-0.5, 100));
        s.extend(vec![0.0; 50]);
        let m = Measure::of(&Pcm::new(rate, s));
        assert!((m.seconds - 0.8).abs() < 1e-9);
        assert!((m.leading_silence - 0.2).abs() < 1e-9);
        assert!((m.longest_inner_silence - 0.15).abs() < 1e-9);
        assert!((m.trailing_silence - 0.05).abs() < 1e-9);
        assert!((m.peak_dbfs - dbfs(0.5)).abs() < 1e-6);
        assert!((m.speech_rms_dbfs - dbfs(0.5)).abs() < 1e-6);
        assert_eq!(m.clipped, 0);
        assert!((m.energy - 0.25 * 0.4).abs() < 1e-6);
    }

    #[test]
    fn counts_clipped_samples_and_handles_silence() {
        let m = Measure::of(&Pcm::new(100, vec![1.0, -1.2, 0.3]));
        assert_eq!(m.clipped, 2);
        let quiet = Measure::of(&Pcm::silence(100, 1.0));
        assert_eq!(quiet.leading_silence, 1.0);
        assert_eq!(quiet.peak_dbfs, f64::NEG_INFINITY);
    }
}
