//! The two short tones of push-to-talk (`play --listen`): a rising pair when the microphone
//! opens, a falling pair when it closes. A blind player pressing the talk key cannot see that
//! recording started; a spoken "microphone on" would be recorded with the move and heard as
//! words, while two tones are over before the player speaks and name no move. The same news
//! is also printed as a line (the listening words of the pack), for braille and the log.

use super::Pcm;

/// Which way the microphone went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cue {
    /// Recording started: speak now.
    Open,
    /// Recording stopped: the utterance goes to the recogniser.
    Close,
}

/// Each tone's length in seconds: long enough to hear the pitch, short enough that the pair
/// is over before a player who waits for it starts to speak.
const TONE_SECONDS: f64 = 0.06;
/// The two pitches in hertz, a fifth apart: told apart by anyone, and in the band every
/// earpiece plays.
const LOW_HZ: f64 = 660.0;
const HIGH_HZ: f64 = 990.0;
/// Peak level: about -14 dBFS, under the voice clips, which peak near -6 dBFS.
const LEVEL: f64 = 0.2;
/// Fade in and out of each tone, so it starts and ends without a click.
const FADE_SECONDS: f64 = 0.008;

/// How long a cue lasts, in seconds.
pub const SECONDS: f64 = 2.0 * TONE_SECONDS;

/// The cue's sound at `rate`: two tones, low then high for [`Cue::Open`], high then low for
/// [`Cue::Close`].
pub fn earcon(cue: Cue, rate: u32) -> Pcm {
    let (first, second) = match cue {
        Cue::Open => (LOW_HZ, HIGH_HZ),
        Cue::Close => (HIGH_HZ, LOW_HZ),
    };
    let mut samples = tone(first, rate);
    samples.extend(tone(second, rate));
    Pcm::new(rate, samples)
}

fn tone(hz: f64, rate: u32) -> Vec<f32> {
    let n = (TONE_SECONDS * f64::from(rate)).round() as usize;
    let fade = (FADE_SECONDS * f64::from(rate)).round().max(1.0);
    (0..n)
        .map(|i| {
            let t = i as f64 / f64::from(rate);
            let edge = (i as f64).min((n - 1 - i) as f64);
            let gain = (edge / fade).min(1.0);
            (LEVEL * gain * (std::f64::consts::TAU * hz * t).sin()) as f32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pitch of a stretch of samples, from its zero crossings.
    fn pitch(samples: &[f32], rate: u32) -> f64 {
        let crossings = samples
            .windows(2)
            .filter(|w| (w[0] < 0.0) != (w[1] < 0.0))
            .count();
        crossings as f64 / 2.0 / (samples.len() as f64 / f64::from(rate))
    }

    #[test]
    fn the_open_cue_rises_and_the_close_cue_falls() {
        for rate in [16_000, 44_100, 48_000] {
            let open = earcon(Cue::Open, rate);
            let close = earcon(Cue::Close, rate);
            let half = open.len() / 2;
            let (o1, o2) = (
                pitch(&open.samples[..half], rate),
                pitch(&open.samples[half..], rate),
            );
            let (c1, c2) = (
                pitch(&close.samples[..half], rate),
                pitch(&close.samples[half..], rate),
            );
            assert!(
                (o1 - LOW_HZ).abs() < 40.0 && (o2 - HIGH_HZ).abs() < 40.0,
                "{o1} {o2}"
            );
            assert!(
                (c1 - HIGH_HZ).abs() < 40.0 && (c2 - LOW_HZ).abs() < 40.0,
                "{c1} {c2}"
            );
            // As long as it says, and no louder than the level.
            assert!((open.duration().as_secs_f64() - SECONDS).abs() < 0.001);
            let peak = open.samples.iter().fold(0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.19 && peak <= 0.2 + f32::EPSILON, "{peak}");
        }
    }

    /// Each tone starts and ends at silence: no click where the sound is cut.
    #[test]
    fn the_tones_fade_in_and_out() {
        let open = earcon(Cue::Open, 48_000);
        let n = open.len() / 2;
        for edge in [0, n - 1, n, 2 * n - 1] {
            assert!(open.samples[edge].abs() < 0.01, "{edge}");
        }
    }
}
