//! The exponentials of the softmaxes and the GELUs, in plain arithmetic the compiler turns
//! into vector code. The standard library's `exp` is a call into the C library per value, one
//! lane at a time: an encoder pass takes about twenty million of them (every attention
//! weight, every GELU), and a profile had them at a fifth of the encoder's time.
//!
//! The code has no fused multiply-adds and a fixed order of additions, so every build gives
//! the same bits, whether the processor has 4 lanes (SSE2, any x86-64), 8 (AVX2) or 16
//! (AVX-512, written out in its registers: the compiler left the plain code's GELU at about 3
//! ns a value, a tenth of the encoder's time).

use std::f32::consts::LOG2_E;

/// 1.5 × 2²³: added and taken away again, it rounds a float to the nearest whole number
/// (for magnitudes under 2²²) in plain arithmetic.
const ROUND: f32 = 12_582_912.0;

/// e^x to within 2 units in the last place, for x in [-87, 88] (outside it, the value at the
/// nearer end: e^-87 is 1.6e-38, nothing next to the sum of a softmax). Cephes' `expf`: x =
/// n ln 2 + r with |r| ≤ ln 2 / 2, e^r by a polynomial, 2^n put in the exponent's bits.
#[inline(always)]
pub fn exp(x: f32) -> f32 {
    let x = x.clamp(-87.0, 88.0);
    let n = (x * LOG2_E + ROUND) - ROUND;
    // ln 2 in two parts, so n × the first is exact.
    let r = x - n * 0.693_359_4 - n * -2.121_944_4e-4;
    let p = ((((1.987_569_1e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r
        + 0.166_666_65)
        * r
        + 0.5;
    let y = p * r * r + r + 1.0;
    y * f32::from_bits(((n as i32 + 127) as u32) << 23)
}

/// The error function (Abramowitz and Stegun 7.1.26, error under 1.5e-7: far below the
/// half-float weights' own precision).
#[inline(always)]
fn erf(x: f32) -> f32 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_4 * t - 1.453_152_1) * t) + 1.421_413_8) * t - 0.284_496_74) * t
            + 0.254_829_6)
            * t
            * exp(-x * x);
    y.copysign(x)
}

/// GELU, as Whisper's MLPs and convolutions use it: x Φ(x), with the error function.
#[inline(always)]
pub fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * std::f32::consts::FRAC_1_SQRT_2))
}

/// Eight lanes of running sums, added up in one fixed order.
#[inline(always)]
fn lanes_sum(acc: [f32; 8]) -> f32 {
    ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]))
}

#[inline(always)]
fn exp_shifted_plain(xs: &mut [f32], shift: f32) -> f32 {
    let mut acc = [0f32; 8];
    let mut chunks = xs.chunks_exact_mut(8);
    for c in &mut chunks {
        for l in 0..8 {
            c[l] = exp(c[l] - shift);
            acc[l] += c[l];
        }
    }
    let mut tail = 0.0;
    for v in chunks.into_remainder() {
        *v = exp(*v - shift);
        tail += *v;
    }
    lanes_sum(acc) + tail
}

#[inline(always)]
fn sum_exp_shifted_plain(xs: &[f32], shift: f32) -> f32 {
    let mut acc = [0f32; 8];
    let chunks = xs.chunks_exact(8);
    let tail: f32 = chunks.remainder().iter().map(|v| exp(v - shift)).sum();
    for c in chunks {
        for l in 0..8 {
            acc[l] += exp(c[l] - shift);
        }
    }
    lanes_sum(acc) + tail
}

#[inline(always)]
fn gelu_plain(xs: &mut [f32]) {
    for v in xs {
        *v = gelu(*v);
    }
}

/// Replaces each value with e^(value - `shift`) and returns their sum: a softmax's
/// numerators, with the row's largest value as `shift`.
pub fn exp_shifted(xs: &mut [f32], shift: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    if sixteen::available() {
        return sixteen::exp_shifted(xs, shift);
    }
    #[cfg(target_arch = "x86_64")]
    if wide::available() {
        return wide::exp_shifted(xs, shift);
    }
    exp_shifted_plain(xs, shift)
}

/// The sum of e^(value - `shift`): a log-softmax's normaliser.
pub fn sum_exp_shifted(xs: &[f32], shift: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    if sixteen::available() {
        return sixteen::sum_exp_shifted(xs, shift);
    }
    #[cfg(target_arch = "x86_64")]
    if wide::available() {
        return wide::sum_exp_shifted(xs, shift);
    }
    sum_exp_shifted_plain(xs, shift)
}

/// GELU of every value, in place.
pub fn gelu_all(xs: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if sixteen::available() {
        return sixteen::gelu_all(xs);
    }
    #[cfg(target_arch = "x86_64")]
    if wide::available() {
        return wide::gelu_all(xs);
    }
    gelu_plain(xs)
}

/// The same code compiled for AVX2's eight lanes.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod wide {
    pub fn available() -> bool {
        is_x86_feature_detected!("avx2")
    }

    pub fn exp_shifted(xs: &mut [f32], shift: f32) -> f32 {
        // SAFETY: only called when `available` found AVX2.
        unsafe { exp_shifted_avx2(xs, shift) }
    }

    pub fn sum_exp_shifted(xs: &[f32], shift: f32) -> f32 {
        // SAFETY: as above.
        unsafe { sum_exp_shifted_avx2(xs, shift) }
    }

    pub fn gelu_all(xs: &mut [f32]) {
        // SAFETY: as above.
        unsafe { gelu_avx2(xs) }
    }

    #[target_feature(enable = "avx2")]
    unsafe fn exp_shifted_avx2(xs: &mut [f32], shift: f32) -> f32 {
        super::exp_shifted_plain(xs, shift)
    }

    #[target_feature(enable = "avx2")]
    unsafe fn sum_exp_shifted_avx2(xs: &[f32], shift: f32) -> f32 {
        super::sum_exp_shifted_plain(xs, shift)
    }

    #[target_feature(enable = "avx2")]
    unsafe fn gelu_avx2(xs: &mut [f32]) {
        super::gelu_plain(xs)
    }
}

/// Milliseconds a GELU and a softmax's exponentials take over `n` values, the best of
/// `reps`: with the code this processor runs (`best`), or with the plain code as the
/// compiler vectorises it alone. For `benches/products.rs`.
#[doc(hidden)]
pub fn elementwise_ms(n: usize, best: bool, reps: usize) -> (f64, f64) {
    let values: Vec<f32> = (0..n).map(|i| (i % 2001) as f32 / 300.0 - 3.3).collect();
    let (mut gelu_best, mut exp_best) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..reps {
        let mut v = values.clone();
        let clock = std::time::Instant::now();
        if best {
            gelu_all(&mut v);
        } else {
            gelu_plain(&mut v);
        }
        gelu_best = gelu_best.min(clock.elapsed().as_secs_f64() * 1e3);
        let mut v = values.clone();
        let clock = std::time::Instant::now();
        let sum = if best {
            exp_shifted(&mut v, 3.0)
        } else {
            exp_shifted_plain(&mut v, 3.0)
        };
        exp_best = exp_best.min(clock.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box((sum, &v));
    }
    (gelu_best, exp_best)
}

/// The same arithmetic, operation for operation, in AVX-512's sixteen lanes. The sums keep
/// the plain code's eight running sums: each sixteen values are added as two rows of eight.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sixteen {
    use super::{exp_shifted_plain, lanes_sum, sum_exp_shifted_plain, LOG2_E, ROUND};
    use std::arch::x86_64::*;

    pub fn available() -> bool {
        is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx2")
    }

    pub fn exp_shifted(xs: &mut [f32], shift: f32) -> f32 {
        assert!(available());
        // SAFETY: AVX-512F and AVX2 are there (asserted).
        unsafe { exp_sums(xs.as_mut_ptr(), xs.len(), shift, true) }
    }

    pub fn sum_exp_shifted(xs: &[f32], shift: f32) -> f32 {
        assert!(available());
        // SAFETY: as above; with `store` false nothing is written through the pointer.
        unsafe { exp_sums(xs.as_ptr().cast_mut(), xs.len(), shift, false) }
    }

    pub fn gelu_all(xs: &mut [f32]) {
        assert!(available());
        // SAFETY: as above.
        unsafe { gelu_wide(xs) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn set(v: f32) -> __m512 {
        _mm512_set1_ps(v)
    }

    /// [`super::exp`], lane by lane.
    #[target_feature(enable = "avx512f")]
    fn exp16(x: __m512) -> __m512 {
        let x = _mm512_min_ps(_mm512_max_ps(x, set(-87.0)), set(88.0));
        let n = _mm512_sub_ps(
            _mm512_add_ps(_mm512_mul_ps(x, set(LOG2_E)), set(ROUND)),
            set(ROUND),
        );
        let r = _mm512_sub_ps(
            _mm512_sub_ps(x, _mm512_mul_ps(n, set(0.693_359_4))),
            _mm512_mul_ps(n, set(-2.121_944_4e-4)),
        );
        let mut p = _mm512_add_ps(_mm512_mul_ps(set(1.987_569_1e-4), r), set(1.398_199_9e-3));
        for c in [8.333_452e-3, 4.166_579_6e-2, 0.166_666_65, 0.5] {
            p = _mm512_add_ps(_mm512_mul_ps(p, r), set(c));
        }
        let y = _mm512_add_ps(
            _mm512_add_ps(_mm512_mul_ps(_mm512_mul_ps(p, r), r), r),
            set(1.0),
        );
        let two_n = _mm512_slli_epi32::<23>(_mm512_add_epi32(
            _mm512_cvttps_epi32(n),
            _mm512_set1_epi32(127),
        ));
        _mm512_mul_ps(y, _mm512_castsi512_ps(two_n))
    }

    /// [`super::gelu`], lane by lane (its error function included).
    #[target_feature(enable = "avx512f")]
    fn gelu16(x: __m512) -> __m512 {
        let sign = _mm512_set1_epi32(i32::MIN);
        let e = _mm512_mul_ps(x, set(std::f32::consts::FRAC_1_SQRT_2));
        let bits = _mm512_castps_si512(e);
        let magnitude = _mm512_castsi512_ps(_mm512_andnot_si512(sign, bits));
        let t = _mm512_div_ps(
            set(1.0),
            _mm512_add_ps(set(1.0), _mm512_mul_ps(set(0.327_591_1), magnitude)),
        );
        let mut q = _mm512_sub_ps(_mm512_mul_ps(set(1.061_405_4), t), set(1.453_152_1));
        q = _mm512_add_ps(_mm512_mul_ps(q, t), set(1.421_413_8));
        q = _mm512_sub_ps(_mm512_mul_ps(q, t), set(0.284_496_74));
        q = _mm512_add_ps(_mm512_mul_ps(q, t), set(0.254_829_6));
        let minus_e = _mm512_castsi512_ps(_mm512_xor_si512(bits, sign));
        let y = _mm512_sub_ps(
            set(1.0),
            _mm512_mul_ps(_mm512_mul_ps(q, t), exp16(_mm512_mul_ps(minus_e, e))),
        );
        // y with the sign of e (copysign).
        let erf = _mm512_castsi512_ps(_mm512_or_si512(
            _mm512_andnot_si512(sign, _mm512_castps_si512(y)),
            _mm512_and_si512(sign, bits),
        ));
        _mm512_mul_ps(_mm512_mul_ps(set(0.5), x), _mm512_add_ps(set(1.0), erf))
    }

    #[target_feature(enable = "avx512f")]
    unsafe fn gelu_wide(xs: &mut [f32]) {
        let n = xs.len();
        let p = xs.as_mut_ptr();
        for i in (0..n).step_by(16) {
            let m = ((1u32 << (n - i).min(16)) - 1) as __mmask16;
            // SAFETY: the mask touches only values that are there.
            unsafe {
                let v = gelu16(_mm512_maskz_loadu_ps(m, p.add(i)));
                _mm512_mask_storeu_ps(p.add(i), m, v);
            }
        }
    }

    /// e^(x - shift) of the `n` values at `p` (written back when `store`) and their sum, in
    /// the plain code's order: eight running sums over whole rows of eight, then the rest.
    #[target_feature(enable = "avx512f,avx2")]
    unsafe fn exp_sums(p: *mut f32, n: usize, shift: f32, store: bool) -> f32 {
        let mut acc = _mm256_setzero_ps();
        let s = set(shift);
        let whole = n / 8 * 8;
        let mut i = 0;
        while i < whole {
            let lanes = (whole - i).min(16);
            let m = ((1u32 << lanes) - 1) as __mmask16;
            // SAFETY: the mask touches only values that are there (`i + lanes <= n`).
            let v = unsafe { exp16(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, p.add(i)), s)) };
            if store {
                // SAFETY: as above.
                unsafe { _mm512_mask_storeu_ps(p.add(i), m, v) };
            }
            acc = _mm256_add_ps(acc, _mm512_castps512_ps256(v));
            if lanes == 16 {
                let high = _mm256_castpd_ps(_mm512_extractf64x4_pd::<1>(_mm512_castps_pd(v)));
                acc = _mm256_add_ps(acc, high);
            }
            i += lanes;
        }
        let mut lanes = [0f32; 8];
        // SAFETY: eight floats.
        unsafe { _mm256_storeu_ps(lanes.as_mut_ptr(), acc) };
        // SAFETY: the rest, fewer than eight values, are there.
        let rest = unsafe { std::slice::from_raw_parts_mut(p.add(whole), n - whole) };
        let tail = if store {
            exp_shifted_plain(rest, shift)
        } else {
            sum_exp_shifted_plain(rest, shift)
        };
        lanes_sum(lanes) + tail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative error against the C library's double-precision exponential, over the range a
    /// softmax and a GELU use.
    #[test]
    fn exp_is_within_two_units_in_the_last_place() {
        let mut worst = 0f64;
        let mut x = -87.0f32;
        while x <= 88.0 {
            let want = f64::from(x).exp();
            let got = f64::from(exp(x));
            worst = worst.max(((got - want) / want).abs());
            x += 0.001_37;
        }
        assert!(worst < 2.5e-7, "worst relative error {worst:e}");
        assert_eq!(exp(0.0), 1.0);
        assert!(exp(-1000.0) < 1e-37 && exp(-1000.0) > 0.0);
        assert!(exp(f32::NEG_INFINITY) < 1e-37);
    }

    #[test]
    fn gelu_matches_its_definition() {
        let mut x = -4.0f32;
        while x <= 4.0 {
            // x Φ(x) with Φ from the double-precision error function's series.
            let want = 0.5 * f64::from(x) * (1.0 + erf64(f64::from(x) / 2f64.sqrt()));
            let got = f64::from(gelu(x));
            assert!(
                (got - want).abs() < 2e-6 * (1.0 + want.abs()),
                "{x}: {got} {want}"
            );
            x += 0.0137;
        }
        assert!(gelu(-8.0).abs() < 1e-6 && (gelu(8.0) - 8.0).abs() < 1e-6);
    }

    /// erf by its Taylor series, in double precision (exact to about 1e-12 for |x| ≤ 3).
    fn erf64(x: f64) -> f64 {
        let (mut term, mut sum, mut n) = (x, x, 0.0);
        while term.abs() > 1e-17 * sum.abs().max(1e-300) {
            n += 1.0;
            term *= -x * x / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    }

    /// The wide code and the plain code give the same bits, and the sums are the sums.
    #[test]
    fn every_path_gives_the_same_bits() {
        let values: Vec<f32> = (0..1003)
            .map(|i| ((i * 7919) % 2000) as f32 / 50.0 - 20.0)
            .collect();
        let shift = 20.0;
        let mut a = values.clone();
        let mut b = values.clone();
        let sa = exp_shifted(&mut a, shift);
        let sb = exp_shifted_plain(&mut b, shift);
        assert_eq!(sa.to_bits(), sb.to_bits());
        assert!(a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits()));
        assert_eq!(
            sum_exp_shifted(&values, shift).to_bits(),
            sum_exp_shifted_plain(&values, shift).to_bits()
        );
        assert_eq!(sa.to_bits(), sum_exp_shifted(&values, shift).to_bits());
        let want: f64 = values.iter().map(|&v| (f64::from(v) - 20.0).exp()).sum();
        assert!((f64::from(sa) - want).abs() < 1e-5 * want);
        let (mut g, mut h) = (values.clone(), values.clone());
        gelu_all(&mut g);
        gelu_plain(&mut h);
        assert!(g.iter().zip(&h).all(|(x, y)| x.to_bits() == y.to_bits()));
    }

    /// Each processor path (plain, AVX2, AVX-512) gives the plain code's bits, on lengths
    /// with and without a part-register tail, and on values a softmax and a GELU meet
    /// (large, tiny, negative zero, the clamp's ends).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_sixteen_lane_code_is_the_plain_code() {
        let mut values: Vec<f32> = (0..1013)
            .map(|i| ((i * 7919) % 4001) as f32 / 40.0 - 50.0)
            .collect();
        values.extend([
            -0.0, 0.0, 1e-30, -1e-30, 87.5, -87.5, 200.0, -200.0, 6.0, -6.0,
        ]);
        if !sixteen::available() {
            eprintln!("no AVX-512 here: the plain code alone was checked");
        }
        for len in [0, 1, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, values.len()] {
            let v = &values[..len];
            for shift in [0.0, 20.0, -3.5] {
                let mut plain = v.to_vec();
                let want = exp_shifted_plain(&mut plain, shift);
                assert_eq!(
                    want.to_bits(),
                    sum_exp_shifted_plain(v, shift).to_bits(),
                    "{len}"
                );
                if sixteen::available() {
                    let mut wide = v.to_vec();
                    let got = sixteen::exp_shifted(&mut wide, shift);
                    assert_eq!(got.to_bits(), want.to_bits(), "sum of {len} at {shift}");
                    assert_eq!(
                        sixteen::sum_exp_shifted(v, shift).to_bits(),
                        want.to_bits(),
                        "sum alone of {len} at {shift}"
                    );
                    for (i, (a, b)) in wide.iter().zip(&plain).enumerate() {
                        assert_eq!(a.to_bits(), b.to_bits(), "exp of value {i} of {len}");
                    }
                }
            }
            let mut plain = v.to_vec();
            gelu_plain(&mut plain);
            if sixteen::available() {
                let mut wide = v.to_vec();
                sixteen::gelu_all(&mut wide);
                for (i, (a, b)) in wide.iter().zip(&plain).enumerate() {
                    assert_eq!(a.to_bits(), b.to_bits(), "gelu of {} ({i} of {len})", v[i]);
                }
            }
        }
    }
}
