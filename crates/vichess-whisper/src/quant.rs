//! Weights as 8-bit integers, each output column with its own scale, multiplied by rows
//! quantized to 8 bits as they come (each row with its own scale), in AVX-512 VNNI's
//! four-byte dot products. This is how CTranslate2 runs Whisper in `int8` on a CPU (what
//! `faster-whisper` does by default).
//!
//! Two costs fall. A decoder step reads every weight for a few rows, so its time is the
//! bytes it reads: a byte a weight instead of a half float's two. The encoder's 500 rows
//! are bound by arithmetic: one VNNI instruction sums 64 products where a float FMA sums 16.
//! The price is rounding: about half a percent of each weight's row maximum, and of each
//! input row's. The sums themselves are exact integers, so the AVX-512 kernel, the AVX2 one
//! (for processors without VNNI: about half the time of the float panels on the encoder's
//! frames and on a decoder step) and the plain one give the same result to the bit (the
//! tests hold them to it). Before the AVX2 kernel, a machine without VNNI kept the
//! float weights, and heard some recordings differently from one with it.

use crate::gemm::{split_product, threads_for, Aligned, Element, Product, MR, NR};
use ndarray::{Array2, ArrayView2};

/// Multiply-adds below which an int8 product runs on the caller's thread alone (see
/// [`crate::gemm::FLOAT_SHARED_MIN`]): VNNI sums about 160 million a millisecond on one core.
const INT8_SHARED_MIN: usize = 24_000_000;

/// Inputs a VNNI instruction sums into each 32-bit lane.
const GROUP: usize = 4;

/// A weight matrix `w [n, k]` in panels of `NR` output columns: for each group of four
/// inputs, each column's four weights side by side (the layout VNNI reads), with each
/// column's scale and the sum its weights add when the inputs are shifted to unsigned.
pub struct Quantized {
    n: usize,
    k: usize,
    /// `k` in groups of four, the last padded with zero weights.
    groups: usize,
    panels: Aligned<i8>,
    /// Per output column (padded to whole panels): the weight one step of its integers is.
    scales: Vec<f32>,
    /// Per output column: 128 × the sum of its integer weights. VNNI multiplies unsigned
    /// bytes by signed ones, so each input row is sent as its integers plus 128; this is
    /// what the 128 adds to the column's sum.
    shifts: Vec<i32>,
}

/// Input rows quantized: each row's integers plus 128 (so 1..=255), in groups of four, and
/// the value one step of its integers is.
struct Rows {
    bytes: Vec<u8>,
    /// The same integers as signed 16-bit words (the 128 taken off), for the AVX2 kernel;
    /// empty for the others.
    words: Vec<i16>,
    scales: Vec<f32>,
}

/// The scale that maps the largest magnitude `max` to 127, and its inverse.
fn scale_of(max: f32) -> (f32, f32) {
    if max > 0.0 && max.is_finite() {
        (max / 127.0, 127.0 / max)
    } else {
        (1.0, 1.0)
    }
}

/// `values` as integers of `scale_of`'s scale, plus `offset` (0 for weights, 128 for input
/// rows), each as the low byte of its `i32`; returns the scale. Rounded half to even, as
/// AVX-512 rounds, so both ways give the same bytes (the tests hold them to it).
fn quantize_into(values: &[f32], offset: i32, out: &mut [u8], kernel: Kernel) -> f32 {
    assert!(out.len() >= values.len());
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Vnni {
        return vnni::quantize(values, offset, out);
    }
    // Plain code rounds half to even through a library call a value (`rintf`, without
    // SSE4.1 in the build's baseline): that was a third of a hearing's time on AVX2.
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx2 {
        return avx2::quantize(values, offset, out);
    }
    let _ = kernel;
    let max = values.iter().fold(0f32, |a, v| a.max(v.abs()));
    let (scale, inverse) = scale_of(max);
    for (o, &v) in out.iter_mut().zip(values) {
        *o = ((v * inverse).round_ties_even().clamp(-127.0, 127.0) as i32 + offset) as u8;
    }
    scale
}

impl Quantized {
    /// The panels of the `n × k` matrix whose value at output `j`, input `c` is `at(j, c)`.
    pub fn new(n: usize, k: usize, at: impl Fn(usize, usize) -> f32) -> Quantized {
        Quantized::from_rows(n, k, |j, row| {
            for (c, v) in row.iter_mut().enumerate() {
                *v = at(j, c);
            }
        })
    }

    /// The panels of the `n × k` matrix whose row `j` `row(j, out)` writes.
    pub(crate) fn from_rows(n: usize, k: usize, row_of: impl Fn(usize, &mut [f32])) -> Quantized {
        let rows = |j: usize, out: &mut [f32]| -> Result<(), std::convert::Infallible> {
            row_of(j, out);
            Ok(())
        };
        match Quantized::try_from_rows(n, k, rows) {
            Ok(q) => q,
        }
    }

    /// [`Quantized::from_rows`] for rows that can fail to be read: the first error stops it.
    pub(crate) fn try_from_rows<E>(
        n: usize,
        k: usize,
        row_of: impl Fn(usize, &mut [f32]) -> Result<(), E>,
    ) -> Result<Quantized, E> {
        let groups = k.div_ceil(GROUP);
        let count = n.div_ceil(NR);
        let mut panels = Aligned::filled(count * groups * NR * GROUP, 0);
        let mut scales = vec![0f32; count * NR];
        let mut shifts = vec![0i32; count * NR];
        let mut row = vec![0f32; k];
        let mut bytes = vec![0u8; k];
        for j in 0..n {
            row_of(j, &mut row)?;
            let scale = quantize_into(&row, 0, &mut bytes, Kernel::best());
            let (p, lane) = (j / NR, j % NR);
            // Each group's four bytes go side by side into the column's place in the panel.
            // Whole groups as one four-byte move each (a loop over a group's bytes of
            // unknown length was a library copy call per group, a twentieth of loading).
            let whole = bytes.chunks_exact(GROUP);
            let last = whole.remainder();
            for (g, four) in whole.enumerate() {
                let at = ((p * groups + g) * NR + lane) * GROUP;
                let four: [u8; GROUP] = four.try_into().expect("a whole group");
                panels[at..at + GROUP].copy_from_slice(&four.map(|b| b as i8));
            }
            if !last.is_empty() {
                let at = ((p * groups + k / GROUP) * NR + lane) * GROUP;
                for (d, &b) in panels[at..at + last.len()].iter_mut().zip(last) {
                    *d = b as i8;
                }
            }
            let sum: i32 = bytes.iter().map(|&b| i32::from(b as i8)).sum();
            scales[j] = scale;
            shifts[j] = 128 * sum;
        }
        Ok(Quantized {
            n,
            k,
            groups,
            panels,
            scales,
            shifts,
        })
    }

    /// The panels of a row-major `[n, k]` matrix (PyTorch's `Linear` layout).
    pub fn from_slice<T: Element>(w: &[T], n: usize, k: usize) -> Quantized {
        assert_eq!(w.len(), n * k, "an n × k matrix");
        Quantized::from_rows(n, k, |j, out| T::widen_slice(&w[j * k..(j + 1) * k], out))
    }

    /// Whether this processor has the instructions (VNNI, or AVX2): without them the model
    /// keeps its float weights, which are faster there than plain integer code.
    pub fn available() -> bool {
        Kernel::best() != Kernel::Plain
    }

    /// Output columns.
    pub fn outputs(&self) -> usize {
        self.n
    }

    /// Weight row `j` as single floats, as the integers stand for them: a token's embedding,
    /// where the vocabulary projection is quantized.
    pub fn row_into(&self, j: usize, out: &mut [f32]) {
        assert!(j < self.n && out.len() == self.k);
        let (p, lane) = (j / NR, j % NR);
        for (c, o) in out.iter_mut().enumerate() {
            let q = self.panels[((p * self.groups + c / GROUP) * NR + lane) * GROUP + c % GROUP];
            *o = f32::from(q) * self.scales[j];
        }
    }

    /// [`Product::product`] with a given kernel: the tests run both.
    pub(crate) fn product_with(
        &self,
        x: &ArrayView2<f32>,
        threads: usize,
        kernel: Kernel,
        finish: &(dyn Fn(usize, &mut [f32]) + Sync),
    ) -> Array2<f32> {
        let (m, k) = x.dim();
        assert_eq!(k, self.k, "the rows are as long as the weights' inputs");
        let rows = self.quantize(x, kernel);
        let width = self.groups * GROUP;
        let threads = threads_for(m * k * self.n, INT8_SHARED_MIN, threads);
        split_product(m, self.n, threads, finish, &|r0, panels, out, ldc| {
            self.block(&rows, r0, panels, out, ldc, kernel, width)
        })
    }

    /// Each row of `x` as bytes and a scale.
    fn quantize(&self, x: &ArrayView2<f32>, kernel: Kernel) -> Rows {
        let width = self.groups * GROUP;
        let mut bytes = vec![128u8; x.nrows() * width];
        let mut scales = Vec::with_capacity(x.nrows());
        let mut values = Vec::new();
        for (row, out) in x.rows().into_iter().zip(bytes.chunks_mut(width)) {
            let row = match row.as_slice() {
                Some(r) => r,
                None => {
                    values.clear();
                    values.extend(row.iter());
                    &values
                }
            };
            scales.push(quantize_into(row, 128, out, kernel));
        }
        let words = match kernel {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => bytes.iter().map(|&b| i16::from(b) - 128).collect(),
            _ => Vec::new(),
        };
        Rows {
            bytes,
            words,
            scales,
        }
    }

    /// The columns of `panels` for the rows of `out` (`ldc` apart), from row `r0` of `rows`.
    #[allow(clippy::too_many_arguments)]
    fn block(
        &self,
        rows: &Rows,
        r0: usize,
        panels: std::ops::Range<usize>,
        out: &mut [f32],
        ldc: usize,
        kernel: Kernel,
        width: usize,
    ) {
        let m = out.len().div_ceil(ldc);
        let first = panels.start;
        let size = self.groups * NR * GROUP;
        for p in panels {
            let cols = NR.min(self.n - p * NR);
            let mut i = 0;
            while i < m {
                let r = MR.min(m - i);
                let tile = Tile {
                    a: &rows.bytes[(r0 + i) * width..],
                    words: rows.words.get((r0 + i) * width..).unwrap_or(&[]),
                    lda: width,
                    a_scales: &rows.scales[r0 + i..r0 + i + r],
                    b: &self.panels[p * size..(p + 1) * size],
                    groups: self.groups,
                    b_scales: &self.scales[p * NR..(p + 1) * NR],
                    shifts: &self.shifts[p * NR..(p + 1) * NR],
                    rows: r,
                    cols,
                };
                kernel.run(&tile, &mut out[i * ldc + (p - first) * NR..], ldc);
                i += r;
            }
        }
    }
}

impl Product for Quantized {
    fn product_finished(
        &self,
        x: &ArrayView2<f32>,
        threads: usize,
        finish: &(dyn Fn(usize, &mut [f32]) + Sync),
    ) -> Array2<f32> {
        self.product_with(x, threads, Kernel::best(), finish)
    }
}

/// One tile: `rows` rows of `a` (`lda` apart, `groups` × 4 bytes each) against one panel.
struct Tile<'a> {
    a: &'a [u8],
    /// `a` as signed words, for the AVX2 kernel (empty for the others).
    words: &'a [i16],
    lda: usize,
    a_scales: &'a [f32],
    b: &'a [i8],
    groups: usize,
    b_scales: &'a [f32],
    shifts: &'a [i32],
    rows: usize,
    cols: usize,
}

/// How a tile is summed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kernel {
    /// Plain code, on any processor.
    Plain,
    /// AVX-512 VNNI.
    #[cfg(target_arch = "x86_64")]
    Vnni,
    /// AVX2: the bytes widened to 16 bits and multiplied in pairs, exactly (AVX2's own
    /// byte products saturate), so the sums are VNNI's to the bit.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    pub(crate) fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if vnni::available() {
            return Kernel::Vnni;
        }
        #[cfg(target_arch = "x86_64")]
        if avx2::available() {
            return Kernel::Avx2;
        }
        Kernel::Plain
    }

    fn run(self, t: &Tile, c: &mut [f32], ldc: usize) {
        assert!(t.rows <= MR && t.rows == t.a_scales.len() && t.cols <= NR);
        assert!(t.b.len() >= t.groups * NR * GROUP && t.b_scales.len() == NR);
        assert!(t.shifts.len() == NR && t.lda >= t.groups * GROUP);
        assert!(t.a.len() >= (t.rows - 1) * t.lda + t.groups * GROUP);
        assert!(c.len() >= (t.rows - 1) * ldc + t.cols);
        match self {
            Kernel::Plain => plain(t, c, ldc),
            #[cfg(target_arch = "x86_64")]
            Kernel::Vnni => vnni::tile(t, c, ldc),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => avx2::tile(t, c, ldc),
        }
    }
}

fn plain(t: &Tile, c: &mut [f32], ldc: usize) {
    for i in 0..t.rows {
        let a = &t.a[i * t.lda..i * t.lda + t.groups * GROUP];
        for j in 0..t.cols {
            let mut acc = 0i32;
            for (g, four) in a.chunks(GROUP).enumerate() {
                let w = &t.b[(g * NR + j) * GROUP..][..GROUP];
                acc += four
                    .iter()
                    .zip(w)
                    .map(|(&x, &w)| i32::from(x) * i32::from(w))
                    .sum::<i32>();
            }
            c[i * ldc + j] = (acc - t.shifts[j]) as f32 * (t.a_scales[i] * t.b_scales[j]);
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod vnni {
    use super::{Tile, GROUP, MR, NR};
    use std::arch::x86_64::*;

    pub fn available() -> bool {
        is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512vl")
            && is_x86_feature_detected!("avx512vnni")
    }

    /// See [`super::quantize_into`].
    pub fn quantize(values: &[f32], offset: i32, out: &mut [u8]) -> f32 {
        assert!(available() && out.len() >= values.len());
        // SAFETY: AVX-512F is there (asserted), and `out` is as long as `values`.
        unsafe { quantize_wide(values, offset, out) }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    unsafe fn quantize_wide(values: &[f32], offset: i32, out: &mut [u8]) -> f32 {
        let n = values.len();
        let tail = |i: usize| -> __mmask16 { ((1u32 << (n - i).min(16)) - 1) as __mmask16 };
        let mut max = _mm512_setzero_ps();
        let p = values.as_ptr();
        for i in (0..n).step_by(16) {
            // SAFETY: the mask reads only values that are there.
            let v = unsafe { _mm512_maskz_loadu_ps(tail(i), p.add(i)) };
            max = _mm512_max_ps(max, _mm512_abs_ps(v));
        }
        let (scale, inverse) = super::scale_of(_mm512_reduce_max_ps(max));
        let (inv, lo, hi, off) = (
            _mm512_set1_ps(inverse),
            _mm512_set1_ps(-127.0),
            _mm512_set1_ps(127.0),
            _mm512_set1_epi32(offset),
        );
        let o = out.as_mut_ptr();
        for i in (0..n).step_by(16) {
            let m = tail(i);
            // SAFETY: as above; the store writes only the bytes of values that are there.
            unsafe {
                let v = _mm512_maskz_loadu_ps(m, p.add(i));
                let v = _mm512_min_ps(_mm512_max_ps(_mm512_mul_ps(v, inv), lo), hi);
                // The processor's rounding: to nearest, half to even.
                let q = _mm512_add_epi32(_mm512_cvtps_epi32(v), off);
                _mm_mask_storeu_epi8(o.add(i).cast(), m, _mm512_cvtepi32_epi8(q));
            }
        }
        scale
    }

    pub fn tile(t: &Tile, c: &mut [f32], ldc: usize) {
        assert!(available());
        // SAFETY: AVX-512F and VNNI are there (asserted); `Kernel::run` asserted that `a`
        // holds the tile's rows, `b` the panel's groups and `c` the result's rows.
        unsafe {
            match t.rows {
                1 => rows::<1>(t, c, ldc),
                2 => rows::<2>(t, c, ldc),
                3 => rows::<3>(t, c, ldc),
                4 => rows::<4>(t, c, ldc),
                5 => rows::<5>(t, c, ldc),
                6 => rows::<6>(t, c, ldc),
                7 => rows::<7>(t, c, ldc),
                _ => rows::<MR>(t, c, ldc),
            }
        }
    }

    /// `R` rows: each group's two registers of weights (16 columns × 4 inputs each) meet
    /// each row's four bytes, broadcast, in `2 × R` integer sums.
    #[target_feature(enable = "avx512f,avx512vnni")]
    unsafe fn rows<const R: usize>(t: &Tile, c: &mut [f32], ldc: usize) {
        let (pa, pb) = (t.a.as_ptr(), t.b.as_ptr());
        let mut lo = [_mm512_setzero_si512(); R];
        let mut hi = [_mm512_setzero_si512(); R];
        for g in 0..t.groups {
            // SAFETY (for the loads): the panel holds `groups` × NR × 4 bytes; row `i` of
            // the tile has `groups` × 4 bytes from `i * lda`.
            let (b0, b1) = unsafe {
                let at = pb.add(g * NR * GROUP);
                (
                    _mm512_loadu_si512(at.cast()),
                    _mm512_loadu_si512(at.add(16 * GROUP).cast()),
                )
            };
            for i in 0..R {
                let four = unsafe { pa.add(i * t.lda + g * GROUP).cast::<i32>().read_unaligned() };
                let a = _mm512_set1_epi32(four);
                lo[i] = _mm512_dpbusd_epi32(lo[i], a, b0);
                hi[i] = _mm512_dpbusd_epi32(hi[i], a, b1);
            }
        }
        let keep = |from: usize| -> __mmask16 {
            let n = t.cols.saturating_sub(from).min(16);
            ((1u32 << n) - 1) as __mmask16
        };
        let (m0, m1) = (keep(0), keep(16));
        // SAFETY: the scales and shifts hold NR values (asserted).
        let (s0, s1, h0, h1) = unsafe {
            (
                _mm512_loadu_ps(t.b_scales.as_ptr()),
                _mm512_loadu_ps(t.b_scales.as_ptr().add(16)),
                _mm512_loadu_si512(t.shifts.as_ptr().cast()),
                _mm512_loadu_si512(t.shifts.as_ptr().add(16).cast()),
            )
        };
        let pc = c.as_mut_ptr();
        for i in 0..R {
            // The same operations, in the same order, as the plain kernel's.
            let row = _mm512_set1_ps(t.a_scales[i]);
            let v0 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_sub_epi32(lo[i], h0)),
                _mm512_mul_ps(row, s0),
            );
            let v1 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_sub_epi32(hi[i], h1)),
                _mm512_mul_ps(row, s1),
            );
            // SAFETY: row `i` of the result has `cols` values from `i * ldc`; the masks
            // touch no others.
            unsafe {
                _mm512_mask_storeu_ps(pc.add(i * ldc), m0, v0);
                _mm512_mask_storeu_ps(pc.add(i * ldc + 16), m1, v1);
            }
        }
    }
}

/// The int8 tiles in AVX2 registers, multiplied as 16-bit words. AVX2 has no byte product
/// that both sums exactly and takes a signed input: its byte product (`maddubs`) saturates
/// unless each input's sign is first moved onto the weight, one more instruction for each,
/// and that instruction competed with the products for the same two of Zen 3's four vector
/// pipes. Widened to words, a weight meets its input in `madd` (two products a lane, summed
/// exactly to 32 bits) with nothing before it: the encoder's products took 0.78 of the byte
/// kernel's time here (`docs/performance.md`, "Session 36"). The weights stay bytes in
/// memory (a decoder step reads them all, so their size is its time) and are widened as
/// they are read; the input rows are widened once, when they are quantized. Integer sums in
/// any order are the same sums, so the result is VNNI's and the plain kernel's to the bit.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use super::{Tile, GROUP, NR};
    use std::arch::x86_64::*;

    pub fn available() -> bool {
        is_x86_feature_detected!("avx2")
    }

    /// See [`super::quantize_into`].
    pub fn quantize(values: &[f32], offset: i32, out: &mut [u8]) -> f32 {
        assert!(available() && out.len() >= values.len());
        // SAFETY: AVX2 is there (asserted), and `out` is as long as `values`.
        unsafe { quantize_avx2(values, offset, out) }
    }

    #[target_feature(enable = "avx2")]
    unsafe fn quantize_avx2(values: &[f32], offset: i32, out: &mut [u8]) -> f32 {
        let whole = values.len() / 8 * 8;
        let p = values.as_ptr();
        let sign = _mm256_set1_ps(-0.0);
        let mut max = _mm256_setzero_ps();
        for i in (0..whole).step_by(8) {
            // SAFETY: `i + 8 <= whole <= values.len()`.
            let v = unsafe { _mm256_loadu_ps(p.add(i)) };
            max = _mm256_max_ps(max, _mm256_andnot_ps(sign, v));
        }
        let mut lanes = [0f32; 8];
        // SAFETY: `lanes` has room for a register.
        unsafe { _mm256_storeu_ps(lanes.as_mut_ptr(), max) };
        let max = values[whole..]
            .iter()
            .fold(lanes.iter().fold(0f32, |a, &v| a.max(v)), |a, v| {
                a.max(v.abs())
            });
        let (scale, inverse) = super::scale_of(max);
        let (inv, lo, hi, off) = (
            _mm256_set1_ps(inverse),
            _mm256_set1_ps(-127.0),
            _mm256_set1_ps(127.0),
            _mm256_set1_epi32(offset),
        );
        // Sixteen values at a time, narrowed to bytes in registers: the integers are within
        // ±127, so both signed packs keep them, and the offset is a byte's wrapping add (a
        // store and a loop over eight integers a register was a tenth of loading).
        let pairs = values.len() / 16 * 16;
        let shift = _mm_set1_epi8(offset as u8 as i8);
        let q = out.as_mut_ptr();
        for i in (0..pairs).step_by(16) {
            // SAFETY: `i + 16 <= pairs <= values.len() <= out.len()` (asserted by the caller).
            unsafe {
                let ints = [i, i + 8].map(|at| {
                    let v = _mm256_loadu_ps(p.add(at));
                    let v = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(v, inv), lo), hi);
                    // The processor's rounding: to nearest, half to even, as the plain code's.
                    _mm256_cvtps_epi32(v)
                });
                // Per 128-bit half: four of the first register's, four of the second's.
                let words =
                    _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi32(ints[0], ints[1]));
                let bytes = _mm_packs_epi16(
                    _mm256_castsi256_si128(words),
                    _mm256_extracti128_si256::<1>(words),
                );
                _mm_storeu_si128(q.add(i).cast(), _mm_add_epi8(bytes, shift));
            }
        }
        let mut ints = [0i32; 8];
        for i in (pairs..whole).step_by(8) {
            // SAFETY: as above; `ints` has room for a register.
            unsafe {
                let v = _mm256_loadu_ps(p.add(i));
                let v = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(v, inv), lo), hi);
                let q = _mm256_add_epi32(_mm256_cvtps_epi32(v), off);
                _mm256_storeu_si256(ints.as_mut_ptr().cast(), q);
            }
            for (o, q) in out[i..i + 8].iter_mut().zip(ints) {
                *o = q as u8;
            }
        }
        for (o, &v) in out[whole..values.len()].iter_mut().zip(&values[whole..]) {
            *o = ((v * inverse).round_ties_even().clamp(-127.0, 127.0) as i32 + offset) as u8;
        }
        scale
    }

    pub fn tile(t: &Tile, c: &mut [f32], ldc: usize) {
        assert!(available());
        assert!(t.words.len() >= (t.rows - 1) * t.lda + t.groups * GROUP);
        // Eight columns at a time: their two registers of weights, four rows' two sums
        // each, and a row's broadcast stay within AVX2's sixteen registers.
        for eighth in 0..t.cols.div_ceil(8) {
            let mut i = 0;
            while i < t.rows {
                let r = (t.rows - i).min(4);
                // SAFETY: AVX2 is there (asserted); `Kernel::run` asserted that `b` holds
                // the panel's groups and `c` the result's rows, and `words` holds the
                // tile's rows (asserted).
                unsafe {
                    match r {
                        1 => rows::<1>(t, i, eighth, c, ldc),
                        2 => rows::<2>(t, i, eighth, c, ldc),
                        3 => rows::<3>(t, i, eighth, c, ldc),
                        _ => rows::<4>(t, i, eighth, c, ldc),
                    }
                }
                i += r;
            }
        }
    }

    /// Rows `i0..i0 + R`, columns `8 × eighth` and the seven after it. A group's sixteen
    /// bytes for four columns widen to a register of words, four a column; a row's four
    /// words, broadcast, meet them in `madd`, which leaves each column two partial sums
    /// (inputs 0 and 1, 2 and 3), added pairwise at the end. Each partial sum is at most
    /// 2 × 127 × 127, and 2048 inputs of them fit 32 bits many times over.
    #[target_feature(enable = "avx2")]
    unsafe fn rows<const R: usize>(t: &Tile, i0: usize, eighth: usize, c: &mut [f32], ldc: usize) {
        let (pa, pb) = (t.words.as_ptr(), t.b.as_ptr());
        let mut acc = [[_mm256_setzero_si256(); 2]; R];
        for g in 0..t.groups {
            let at = (g * NR + eighth * 8) * GROUP;
            // SAFETY (for the loads): the panel holds `groups` × NR × 4 bytes, of which
            // these are columns `8 × eighth` to `8 × eighth + 7` of group `g`; row `i` of
            // the tile has `groups` × 4 words from `i * lda`.
            let w = unsafe {
                [
                    _mm256_cvtepi8_epi16(_mm_loadu_si128(pb.add(at).cast())),
                    _mm256_cvtepi8_epi16(_mm_loadu_si128(pb.add(at + 16).cast())),
                ]
            };
            for (i, sums) in acc.iter_mut().enumerate() {
                let q = unsafe {
                    _mm256_set1_epi64x(
                        pa.add((i0 + i) * t.lda + g * GROUP)
                            .cast::<i64>()
                            .read_unaligned(),
                    )
                };
                sums[0] = _mm256_add_epi32(sums[0], _mm256_madd_epi16(w[0], q));
                sums[1] = _mm256_add_epi32(sums[1], _mm256_madd_epi16(w[1], q));
            }
        }
        let first = eighth * 8;
        let cols = 8.min(t.cols - first);
        // SAFETY: the scales hold NR values (asserted), and `first + 8 <= NR`.
        let scales = unsafe { _mm256_loadu_ps(t.b_scales.as_ptr().add(first)) };
        for (i, sums) in acc.iter().enumerate() {
            let row = i0 + i;
            // Per 128-bit half, columns 0, 1, 4, 5 and 2, 3, 6, 7: the middle two 64-bit
            // quarters swapped put them in order.
            let pairs = _mm256_hadd_epi32(sums[0], sums[1]);
            let sum = _mm256_permute4x64_epi64::<0b11_01_10_00>(pairs);
            // VNNI's and the plain kernel's `acc - shift` is this sum, exactly; then the
            // same operations in the same order.
            let v = _mm256_mul_ps(
                _mm256_cvtepi32_ps(sum),
                _mm256_mul_ps(_mm256_set1_ps(t.a_scales[row]), scales),
            );
            let mut out = [0f32; 8];
            // SAFETY: `out` has room for a register.
            unsafe { _mm256_storeu_ps(out.as_mut_ptr(), v) };
            c[row * ldc + first..row * ldc + first + cols].copy_from_slice(&out[..cols]);
        }
    }
}

/// Milliseconds one product takes (`m` rows, `k` inputs, `n` outputs) on `threads` threads,
/// the best of `reps`: with int8 panels when `int8`, else with the float panels it replaces
/// (half floats when `half`, the decoder's; single floats otherwise, the encoder's). For
/// `benches/products.rs`.
#[doc(hidden)]
pub fn int8_product_ms(
    (m, k, n): (usize, usize, usize),
    int8: bool,
    half: bool,
    threads: usize,
    reps: usize,
) -> f64 {
    use crate::gemm::Packed;
    let x = Array2::from_shape_fn((m, k), |(i, c)| ((i * 31 + c * 7) % 97) as f32 / 97.0 - 0.5);
    let w = |j: usize, c: usize| ((j * 13 + c * 5) % 89) as f32 / 89.0 - 0.5;
    let run: Box<dyn Fn() -> Array2<f32>> = if int8 {
        let q = Quantized::new(n, k, w);
        Box::new(move || q.product(&x.view(), threads))
    } else if half {
        let p = Packed::new(n, k, |j, c| half::f16::from_f32(w(j, c)));
        Box::new(move || p.product(&x.view(), threads))
    } else {
        let p = Packed::new(n, k, w);
        Box::new(move || p.product(&x.view(), threads))
    };
    crate::gemm::best_ms(reps, || {
        std::hint::black_box(run());
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::gemm::test_matrix as matrix;

    /// Every kernel this processor can run.
    fn kernels() -> Vec<Kernel> {
        let mut k = vec![Kernel::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            if vnni::available() {
                k.push(Kernel::Vnni);
            }
            if avx2::available() {
                k.push(Kernel::Avx2);
            }
        }
        k
    }

    /// The shapes the model uses and ragged ones (inputs not a multiple of four, columns
    /// not of a panel, rows not of a tile), split by rows and by panels: within the rounding
    /// 8 bits allow of the float product, and the AVX-512 kernel equal to the plain one to
    /// the bit.
    #[test]
    fn the_int8_product_is_the_float_product_to_its_rounding() {
        for &(m, k, n) in &[
            (500, 512, 96),
            (9, 512, 1000),
            (1, 2048, 64),
            (13, 257, 33),
            (76, 6, 40),
            // Few rows and work enough for two threads: the panels are split.
            (3, 512, 16_100),
        ] {
            let x = matrix(m, k, 1);
            let w = matrix(n, k, 2);
            let want = x.dot(&w.t());
            let q = Quantized::new(n, k, |j, c| w[[j, c]]);
            assert_eq!(q.outputs(), n);
            let plain = q.product_with(&x.view(), 1, Kernel::Plain, &|_, _| {});
            assert_eq!(plain.dim(), (m, n));
            // Each of the k products is off by at most about a step of each side's scale
            // (both rows' maxima are 1 here): the sum by far less, the errors being random.
            let bound = (k as f32).sqrt() * 2.0 / 127.0;
            for (i, (a, b)) in plain.iter().zip(&want).enumerate() {
                assert!(
                    (a - b).abs() < bound,
                    "{m}x{k}x{n}, value {i}: {a} against {b} (bound {bound})"
                );
            }
            let spread: f32 = want.iter().map(|v| v.abs()).sum::<f32>() / want.len() as f32;
            assert!(
                spread > 10.0 * bound / k as f32,
                "the test's values are not all tiny"
            );
            for kernel in kernels() {
                for threads in [1, 2, 3] {
                    let got = q.product_with(&x.view(), threads, kernel, &|_, _| {});
                    assert_eq!(got, plain, "{kernel:?} {m}x{k}x{n} on {threads}");
                }
            }
        }
    }

    /// A row read back is the weights to within half a step of the row's scale, and a zero
    /// row (an embedding never trained) stays zero rather than dividing by nothing.
    #[test]
    fn rows_read_back_within_half_a_step() {
        let (n, k) = (70, 130);
        let mut w = matrix(n, k, 3);
        w.row_mut(5).fill(0.0);
        let q = Quantized::new(n, k, |j, c| w[[j, c]]);
        let mut row = vec![0f32; k];
        for j in [0, 5, 31, 32, 69] {
            q.row_into(j, &mut row);
            let step = scale_of(w.row(j).iter().fold(0f32, |a, v| a.max(v.abs()))).0;
            for (c, (a, b)) in row.iter().zip(w.row(j)).enumerate() {
                let tolerance = if j == 5 { 0.0 } else { step / 2.0 + 1e-6 };
                assert!(
                    (a - b).abs() <= tolerance,
                    "row {j}, input {c}: {a} against {b}"
                );
            }
        }
        let x = matrix(3, k, 4);
        let y = q.product(&x.view(), 2);
        assert!(
            y.column(5).iter().all(|&v| v == 0.0),
            "a zero row sums to zero"
        );
    }

    /// Both ways of quantizing give the same bytes and scale, on values that fall half-way
    /// between two steps (rounded to the even one) and on a tail shorter than a register.
    #[test]
    fn both_ways_of_quantizing_agree_to_the_byte() {
        let mut values: Vec<f32> = (0..37).map(|i| (i as f32 - 18.0) * 0.37).collect();
        values.extend((0..9).map(|i| i as f32 + 0.5));
        values.push(127.0);
        for offset in [0, 128] {
            let (mut a, mut b) = (vec![0u8; values.len()], vec![0u8; values.len()]);
            let sa = quantize_into(&values, offset, &mut a, Kernel::Plain);
            for kernel in kernels() {
                let sb = quantize_into(&values, offset, &mut b, kernel);
                assert_eq!((sa, &a), (sb, &b), "{kernel:?} offset {offset}");
            }
            assert_eq!(sa, 1.0, "127 is the largest magnitude");
            // 0.5, 1.5, 2.5 ... at scale 1: to the even neighbour.
            let halves: Vec<i32> = a[37..46].iter().map(|&q| i32::from(q) - offset).collect();
            let halves: Vec<i32> = halves.iter().map(|&q| q as i8 as i32).collect();
            assert_eq!(halves, [0, 2, 2, 4, 4, 6, 6, 8, 8]);
        }
        // The extremes where the kernels narrow sixteen values at a time: both signs' 127
        // and their neighbours, with and without the offset.
        let edges: Vec<f32> = (0..40)
            .map(|i| [-3.0, 3.0, -2.98, 2.98, 0.0][i % 5])
            .collect();
        for offset in [0, 128] {
            let (mut a, mut b) = (vec![0u8; edges.len()], vec![0u8; edges.len()]);
            let sa = quantize_into(&edges, offset, &mut a, Kernel::Plain);
            let ends: Vec<i32> = a[..5]
                .iter()
                .map(|&q| (i32::from(q) - offset) as i8 as i32)
                .collect();
            assert_eq!(ends, [-127, 127, -126, 126, 0]);
            for kernel in kernels() {
                let sb = quantize_into(&edges, offset, &mut b, kernel);
                assert_eq!((sa, &a), (sb, &b), "{kernel:?} offset {offset}");
            }
        }
    }

    /// The finishing step sees each row's columns once with their first column's index,
    /// whether rows or panels were split.
    #[test]
    fn each_int8_row_is_finished_once() {
        for &(m, n) in &[(1, 500), (9, 200), (100, 96)] {
            let x = matrix(m, 64, 7);
            let w = matrix(n, 64, 8);
            let q = Quantized::new(n, 64, |j, c| w[[j, c]]);
            let bare = q.product(&x.view(), 2);
            let got = q.product_finished(&x.view(), 2, &|c0, row| {
                for (j, v) in row.iter_mut().enumerate() {
                    *v += (c0 + j) as f32 * 1000.0;
                }
            });
            for ((i, j), v) in got.indexed_iter() {
                assert_eq!(*v, bare[[i, j]] + j as f32 * 1000.0, "{m}x{n} at {i},{j}");
            }
        }
    }
}
