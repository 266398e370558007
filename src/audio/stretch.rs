//! Speaking rate: speech made faster or slower without changing its pitch (WSOLA).
//!
//! Players ask for a faster or slower voice; resampling would turn the voice into a chipmunk
//! or a giant. Waveform-similarity overlap-add cuts the clip into short overlapping frames and
//! lays them down at the new spacing, nudging each frame to where it best continues the last
//! one, so the pitch periods line up and no phase clicks appear. Done once per clip when a
//! pack is loaded, so it costs nothing per announcement.

/// Frame length and the search range, in seconds: 25 ms frames hold two or more pitch periods
/// of any speaking voice; ±6 ms finds a matching period for voices down to about 85 Hz.
const FRAME_S: f64 = 0.025;
const SEARCH_S: f64 = 0.006;

/// The stretch factors allowed: a pack's pace (up to 3) times a player's speed (0.5 to 3)
/// must not be silently cut, so the range is wide; WSOLA stays intelligible across it.
pub const RATE_RANGE: std::ops::RangeInclusive<f64> = 0.25..=6.0;

/// `input` spoken `rate` times as fast (2.0: half the duration; 0.5: twice), within
/// [`RATE_RANGE`].
pub fn stretch(input: &[f32], sample_rate: u32, rate: f64) -> Vec<f32> {
    let rate = rate.clamp(*RATE_RANGE.start(), *RATE_RANGE.end());
    if (rate - 1.0).abs() < 1e-3 || input.is_empty() {
        return input.to_vec();
    }
    let frame = ((f64::from(sample_rate) * FRAME_S) as usize).max(8) & !1;
    let hop_out = frame / 2;
    let hop_in = hop_out as f64 * rate;
    let search = (f64::from(sample_rate) * SEARCH_S) as usize;
    let out_len = (input.len() as f64 / rate).round() as usize;
    if input.len() < frame * 2 {
        // Too short to cut into frames: a word this short is left as it is.
        return input.to_vec();
    }
    let window: Vec<f32> = (0..frame)
        .map(|i| {
            let x = (i as f64 + 0.5) / frame as f64;
            (0.5 - 0.5 * (2.0 * std::f64::consts::PI * x).cos()) as f32
        })
        .collect();
    let mut out = vec![0.0f32; out_len + frame];
    let mut norm = vec![0.0f32; out_len + frame];
    // Where the previous frame, followed naturally, would continue in the input.
    let mut natural = 0usize;
    let mut k = 0usize;
    loop {
        let out_pos = k * hop_out;
        if out_pos >= out_len {
            break;
        }
        let nominal = (k as f64 * hop_in) as usize;
        let start = if k == 0 {
            0
        } else {
            best_match(input, natural, nominal, search, frame)
        };
        if start + frame > input.len() {
            // Past the end: copy what is left of the input, faded by the window.
            for i in 0..frame.min(input.len().saturating_sub(start)) {
                out[out_pos + i] += input[start + i] * window[i];
                norm[out_pos + i] += window[i];
            }
            break;
        }
        for i in 0..frame {
            out[out_pos + i] += input[start + i] * window[i];
            norm[out_pos + i] += window[i];
        }
        natural = start + hop_out;
        k += 1;
    }
    out.truncate(out_len);
    for (s, n) in out.iter_mut().zip(&norm) {
        if *n > 1e-3 {
            *s /= n;
        }
    }
    out
}

/// The start near `nominal` whose frame correlates best with the natural continuation.
/// Searched coarsely (every fourth start) and then finely around the best: the correlation
/// peak of voiced speech is far wider than four samples, and it is four times less work,
/// which is what loading a pack costs.
fn best_match(input: &[f32], natural: usize, nominal: usize, search: usize, frame: usize) -> usize {
    let len = frame / 2;
    if natural + len > input.len() {
        return nominal.min(input.len().saturating_sub(frame));
    }
    let target = &input[natural..natural + len];
    let lo = nominal.saturating_sub(search);
    let hi = (nominal + search).min(input.len().saturating_sub(frame));
    let score = |start: usize| -> f32 {
        target
            .iter()
            .zip(&input[start..start + len])
            .map(|(a, b)| a * b)
            .sum()
    };
    let mut best = (f32::MIN, nominal.min(hi));
    let consider = |start: usize, best: &mut (f32, usize)| {
        if start + len <= input.len() {
            let s = score(start);
            if s > best.0 {
                *best = (s, start);
            }
        }
    };
    for start in (lo..=hi.max(lo)).step_by(4) {
        consider(start, &mut best);
    }
    let centre = best.1;
    for start in centre.saturating_sub(3).max(lo)..=(centre + 3).min(hi.max(lo)) {
        consider(start, &mut best);
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(rate: u32, hz: f64, seconds: f64) -> Vec<f32> {
        let n = (f64::from(rate) * seconds) as usize;
        (0..n)
            .map(|i| {
                (0.5 * (2.0 * std::f64::consts::PI * hz * i as f64 / f64::from(rate)).sin()) as f32
            })
            .collect()
    }

    /// Zero crossings per second: the pitch of a pure tone, twice over.
    fn crossings_per_second(x: &[f32], rate: u32) -> f64 {
        let n = x
            .windows(2)
            .filter(|w| (w[0] < 0.0) != (w[1] < 0.0))
            .count();
        n as f64 * f64::from(rate) / x.len() as f64
    }

    #[test]
    fn changes_duration_but_not_pitch() {
        let rate = 16000;
        let x = tone(rate, 200.0, 1.0);
        for speed in [0.7, 1.3, 1.8] {
            let y = stretch(&x, rate, speed);
            let expected = x.len() as f64 / speed;
            assert!(
                (y.len() as f64 - expected).abs() <= 2.0,
                "speed {speed}: {} samples",
                y.len()
            );
            let pitch = crossings_per_second(&y[800..y.len() - 800], rate) / 2.0;
            assert!(
                (pitch - 200.0).abs() < 6.0,
                "speed {speed}: pitch {pitch} Hz"
            );
            let peak = y.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak < 0.55 && peak > 0.45, "speed {speed}: peak {peak}");
        }
    }

    #[test]
    fn normal_speed_is_untouched() {
        let x = tone(16000, 300.0, 0.3);
        assert_eq!(stretch(&x, 16000, 1.0), x);
    }
}
