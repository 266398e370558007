//! Sample-rate conversion by windowed sinc interpolation.
//!
//! Clips come at the engine's rate (16, 22.05 or 24 kHz) and devices run at 44.1 or 48 kHz.
//! Clips are converted once, when a voice pack is loaded, so quality matters more than speed
//! here: a Blackman-windowed sinc with 16 zero crossings on each side keeps the images of
//! up-sampling far below hearing, and the cut-off follows the lower of the two rates so
//! down-sampling does not alias. The kernel is tabulated, so no sine is computed per tap.

use std::f64::consts::PI;

/// Zero crossings of the sinc on each side of the centre.
const HALF_TAPS: usize = 16;
/// Table steps between two zero crossings; values in between are interpolated linearly.
const STEPS: usize = 512;

/// `input` at `from` Hz converted to `to` Hz. The output has `len * to / from` samples,
/// rounded, so a clip keeps its duration.
pub fn resample(input: &[f32], from: u32, to: u32) -> Vec<f32> {
    if from == to || input.is_empty() || from == 0 || to == 0 {
        return input.to_vec();
    }
    let ratio = f64::from(to) / f64::from(from);
    // Cut-off in input samples' frequency units, a little under Nyquist for the transition band.
    let cutoff = ratio.min(1.0) * 0.95;
    let table = kernel_table();
    let out_len = (input.len() as f64 * ratio).round() as usize;
    let reach = (HALF_TAPS as f64 / cutoff).ceil() as usize;
    let g = gcd(from, to);
    let (up, down) = ((to / g) as usize, (from / g) as usize);
    if up <= MAX_PHASES {
        polyphase(input, table, cutoff, reach, up, down, out_len)
    } else {
        direct(input, table, cutoff, reach, ratio, out_len)
    }
}

/// Any ratio: the kernel evaluated afresh for each output sample.
fn direct(
    input: &[f32],
    table: &[f64],
    cutoff: f64,
    reach: usize,
    ratio: f64,
    out_len: usize,
) -> Vec<f32> {
    let mut out = Vec::with_capacity(out_len);
    for i in 0..out_len {
        let t = i as f64 / ratio;
        let centre = t.floor() as isize;
        let mut acc = 0.0f64;
        for k in (centre - reach as isize + 1)..=(centre + reach as isize) {
            if k < 0 || k as usize >= input.len() {
                continue;
            }
            let x = (t - k as f64) * cutoff;
            acc += f64::from(input[k as usize]) * lookup(table, x);
        }
        out.push((acc * cutoff) as f32);
    }
    out
}

/// Rates in a small ratio (16 to 48 kHz is 1:3; 22.05 to 48 kHz is 147:320) repeat the same
/// few kernel phases: each is computed once, and every output sample is one dot product.
const MAX_PHASES: usize = 4096;

fn polyphase(
    input: &[f32],
    table: &[f64],
    cutoff: f64,
    reach: usize,
    up: usize,
    down: usize,
    out_len: usize,
) -> Vec<f32> {
    let taps = 2 * reach;
    // kernels[phase * taps + j] weighs input[centre + 1 - reach + j].
    let mut kernels = vec![0.0f32; up * taps];
    for phase in 0..up {
        let frac = phase as f64 / up as f64;
        for j in 0..taps {
            let offset = j as f64 + 1.0 - reach as f64; // k - centre
            kernels[phase * taps + j] = (lookup(table, (frac - offset) * cutoff) * cutoff) as f32;
        }
    }
    let mut out = Vec::with_capacity(out_len);
    for i in 0..out_len {
        let pos = i * down;
        let (centre, phase) = (pos / up, pos % up);
        let kernel = &kernels[phase * taps..(phase + 1) * taps];
        let first = centre as isize + 1 - reach as isize;
        let acc = if first >= 0 && first as usize + taps <= input.len() {
            let window = &input[first as usize..first as usize + taps];
            window.iter().zip(kernel).map(|(a, b)| a * b).sum::<f32>()
        } else {
            // At the edges: only the taps that fall on the signal.
            (0..taps)
                .filter_map(|j| {
                    let k = first + j as isize;
                    (k >= 0 && (k as usize) < input.len()).then(|| input[k as usize] * kernel[j])
                })
                .sum()
        };
        out.push(acc);
    }
    out
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The windowed sinc at `x` zero crossings from the centre, from the table.
fn lookup(table: &[f64], x: f64) -> f64 {
    let pos = x.abs() * STEPS as f64;
    let i = pos as usize;
    if i + 1 >= table.len() {
        return 0.0;
    }
    let frac = pos - i as f64;
    table[i] + (table[i + 1] - table[i]) * frac
}

fn kernel_table() -> &'static [f64] {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(compute_table)
}

fn compute_table() -> Vec<f64> {
    let n = HALF_TAPS * STEPS;
    (0..=n + 1)
        .map(|i| {
            let x = i as f64 / STEPS as f64;
            if x >= HALF_TAPS as f64 {
                return 0.0;
            }
            let sinc = if i == 0 {
                1.0
            } else {
                (PI * x).sin() / (PI * x)
            };
            // Blackman window over -HALF_TAPS..HALF_TAPS.
            let w = 2.0 * PI * (x / (2.0 * HALF_TAPS as f64) + 0.5);
            let window = 0.42 - 0.5 * w.cos() + 0.08 * (2.0 * w).cos();
            sinc * window
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(rate: u32, hz: f64, seconds: f64) -> Vec<f32> {
        let n = (f64::from(rate) * seconds) as usize;
        (0..n)
            .map(|i| (0.5 * (2.0 * PI * hz * i as f64 / f64::from(rate)).sin()) as f32)
            .collect()
    }

    fn rms(x: &[f32]) -> f64 {
        (x.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / x.len() as f64).sqrt()
    }

    #[test]
    fn keeps_duration_and_level_of_a_tone_going_up_and_down() {
        for (from, to) in [
            (16000, 48000),
            (22050, 44100),
            (24000, 48000),
            (48000, 16000),
        ] {
            let x = tone(from, 440.0, 0.5);
            let y = resample(&x, from, to);
            let expected = (x.len() as f64 * f64::from(to) / f64::from(from)).round() as usize;
            assert_eq!(y.len(), expected, "{from}->{to}");
            // Ignore the edges, where the kernel runs off the signal.
            let edge = to as usize / 50;
            let level = rms(&y[edge..y.len() - edge]);
            assert!(
                (level - 0.5 / 2f64.sqrt()).abs() < 0.01,
                "{from}->{to}: rms {level}"
            );
        }
    }

    #[test]
    fn matches_the_ideal_tone_after_upsampling() {
        let y = resample(&tone(16000, 1000.0, 0.2), 16000, 48000);
        let ideal = tone(48000, 1000.0, 0.2);
        let worst = y[500..y.len() - 500]
            .iter()
            .zip(&ideal[500..])
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 0.01, "worst error {worst}");
    }

    #[test]
    fn the_fast_polyphase_path_matches_the_direct_one() {
        let x = tone(22050, 700.0, 0.2);
        let ratio = 48000.0 / 22050.0;
        let out_len = (x.len() as f64 * ratio).round() as usize;
        let cutoff = 0.95;
        let reach = (HALF_TAPS as f64 / cutoff).ceil() as usize;
        let slow = direct(&x, kernel_table(), cutoff, reach, ratio, out_len);
        let fast = resample(&x, 22050, 48000);
        assert_eq!(slow.len(), fast.len());
        let worst = slow
            .iter()
            .zip(&fast)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 1e-5, "worst difference {worst}");
    }

    #[test]
    fn removes_what_the_lower_rate_cannot_hold() {
        // 10 kHz cannot exist at 16 kHz: down-sampling from 48 kHz must drop it, not fold it.
        let y = resample(&tone(48000, 10000.0, 0.3), 48000, 16000);
        assert!(rms(&y[400..y.len() - 400]) < 0.01);
    }
}
