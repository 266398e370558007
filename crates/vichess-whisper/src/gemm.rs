//! The model's matrix products, with the weights laid out for AVX-512 once, when the model
//! is loaded.
//!
//! The encoder multiplies its 500 frames by every weight matrix (about 13 billion
//! multiply-adds an utterance), the prompt its 76 tokens by every decoder weight, and each
//! step of the phrase search up to nine rows by the decoder's 22 million weights and the
//! vocabulary projection's 26 million. A general matrix product (`matrixmultiply`, under
//! `ndarray`) copies the weights into its own panels at every call and runs eight-lane AVX2
//! kernels; here the weights are copied into sixteen-lane panels once ([`Packed`]: single
//! floats for the encoder, the model's half floats for the decoder, where a step's cost is
//! the bytes it reads), and each tile of 8 rows × 32 columns is summed in sixteen AVX-512
//! registers. Many rows are split between threads, so each thread writes its own rows of
//! the result; a step's few rows would then make every thread read every weight, so the
//! panels are split instead.
//!
//! Where the processor has AVX2 with FMA but not AVX-512 (most laptops), the same panels
//! are summed sixteen columns at a time in eight-lane registers, each value by the same
//! fused multiply-adds in the same order, so both give the same bits (the tests hold them
//! to it): a recording is heard the same on either. Elsewhere the panels are summed in
//! plain code (the tests compare it with `ndarray`'s product); the model keeps its earlier
//! paths on such processors, which are faster there than plain code.

use half::f16;
use ndarray::{Array2, ArrayView2};

/// Columns of the result a tile sums at once: two sixteen-lane registers.
pub(crate) const NR: usize = 32;
/// Rows of the result a tile sums at once: 2 × 8 sums, the two weight registers and the
/// broadcast row value stay within AVX-512's 32 registers.
pub(crate) const MR: usize = 8;
/// Weights a tile reads before the next tile: a 256 × 32 block of a panel (32 KB) stays in
/// the core's first-level cache while every row tile passes over it.
const KC: usize = 256;

/// A weight matrix `w [n, k]` (one row per output column), copied into panels of `NR`
/// output columns, each `k` rows of `NR` values (the last panel padded with zeros), as
/// single floats (the encoder's) or as the model's half floats (the decoder's: a step reads
/// every weight for a few rows, so the bytes are the cost).
pub struct Packed<T = f32> {
    n: usize,
    k: usize,
    panels: Aligned<T>,
}

/// Values that start on a 64-byte boundary, a cache line and an AVX-512 register. A panel's
/// row of columns is a whole number of lines, so then each of the kernels' loads reads one
/// line. glibc puts a large block 16 bytes past a page's start, and there every load
/// straddles two lines: the encoder's float products (`cargo bench --bench products`) took
/// about 8 % longer so placed.
pub(crate) struct Aligned<T> {
    buf: Vec<T>,
    start: usize,
    len: usize,
}

impl<T: Copy> Aligned<T> {
    /// `len` copies of `value`.
    pub(crate) fn filled(len: usize, value: T) -> Aligned<T> {
        let spare = 64 / std::mem::size_of::<T>();
        let buf = vec![value; len + spare];
        let start = buf.as_ptr().align_offset(64);
        assert!(start < spare, "a value's size divides 64");
        Aligned { buf, start, len }
    }
}

impl<T> std::ops::Deref for Aligned<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.buf[self.start..self.start + self.len]
    }
}

impl<T> std::ops::DerefMut for Aligned<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.buf[self.start..self.start + self.len]
    }
}

/// What panels hold: single or half floats, widened as they are read.
pub trait Element: Copy + Default + Send + Sync {
    /// The value as a single float.
    fn widen(self) -> f32;

    /// Each of `values` as a single float, into `out`.
    fn widen_slice(values: &[Self], out: &mut [f32]) {
        for (o, v) in out.iter_mut().zip(values) {
            *o = v.widen();
        }
    }

    /// Sixteen values as single floats in an AVX-512 register.
    ///
    /// # Safety
    /// AVX-512F and F16C are there, and `p` is followed by sixteen values.
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    unsafe fn load16(p: *const Self) -> std::arch::x86_64::__m512;

    /// Eight values as single floats in an AVX register.
    ///
    /// # Safety
    /// AVX and F16C are there, and `p` is followed by eight values.
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    unsafe fn load8(p: *const Self) -> std::arch::x86_64::__m256;
}

#[allow(unsafe_code)]
impl Element for f32 {
    fn widen(self) -> f32 {
        self
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn load16(p: *const f32) -> std::arch::x86_64::__m512 {
        // SAFETY: as the caller promised.
        unsafe { std::arch::x86_64::_mm512_loadu_ps(p) }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn load8(p: *const f32) -> std::arch::x86_64::__m256 {
        // SAFETY: as the caller promised.
        unsafe { std::arch::x86_64::_mm256_loadu_ps(p) }
    }
}

#[allow(unsafe_code)]
impl Element for f16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }

    fn widen_slice(values: &[f16], out: &mut [f32]) {
        // Sixteen at a time where the processor converts half floats (F16C).
        half::slice::HalfFloatSliceExt::convert_to_f32_slice(values, out);
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn load16(p: *const f16) -> std::arch::x86_64::__m512 {
        use std::arch::x86_64::*;
        // SAFETY: as the caller promised.
        unsafe { _mm512_cvtph_ps(_mm256_loadu_si256(p.cast())) }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn load8(p: *const f16) -> std::arch::x86_64::__m256 {
        use std::arch::x86_64::*;
        // SAFETY: as the caller promised.
        unsafe { _mm256_cvtph_ps(_mm_loadu_si128(p.cast())) }
    }
}

/// A weight matrix laid out for its products: [`Packed`] floats or
/// [`crate::quant::Quantized`] integers.
pub trait Product {
    /// `x [m, k]` times the weights transposed (`[m, n]`) on up to `threads` threads, each
    /// row's columns from `c0` then passed to `finish(c0, row)` (a bias, an activation) on
    /// the thread that summed them, while they are in its cache: on one thread, the
    /// encoder's biases and GELU were a tenth of its time.
    fn product_finished(
        &self,
        x: &ArrayView2<f32>,
        threads: usize,
        finish: &(dyn Fn(usize, &mut [f32]) + Sync),
    ) -> Array2<f32>;

    /// `x [m, k]` times the weights transposed: `[m, n]` on up to `threads` threads.
    fn product(&self, x: &ArrayView2<f32>, threads: usize) -> Array2<f32> {
        self.product_finished(x, threads, &|_, _| {})
    }
}

impl<T: Element> Product for Packed<T> {
    fn product_finished(
        &self,
        x: &ArrayView2<f32>,
        threads: usize,
        finish: &(dyn Fn(usize, &mut [f32]) + Sync),
    ) -> Array2<f32> {
        self.product_with(x, threads, Kernel::best(), finish)
    }
}

impl<T: Element> Packed<T> {
    /// The panels of the `n × k` matrix whose value at output `j`, input `c` is `at(j, c)`.
    pub fn new(n: usize, k: usize, at: impl Fn(usize, usize) -> T) -> Packed<T> {
        let count = n.div_ceil(NR);
        let mut panels = Aligned::filled(count * k * NR, T::default());
        for p in 0..count {
            let panel = &mut panels[p * k * NR..(p + 1) * k * NR];
            for j in p * NR..((p + 1) * NR).min(n) {
                for c in 0..k {
                    panel[c * NR + j - p * NR] = at(j, c);
                }
            }
        }
        Packed { n, k, panels }
    }

    /// The panels of a row-major `[n, k]` matrix (PyTorch's `Linear` layout).
    pub fn from_slice(w: &[T], n: usize, k: usize) -> Packed<T> {
        assert_eq!(w.len(), n * k, "an n × k matrix");
        Packed::new(n, k, |j, c| w[j * k + c])
    }

    /// Output columns.
    pub fn outputs(&self) -> usize {
        self.n
    }

    /// Weight row `j` (output `j`'s inputs), as single floats: a token's embedding, where
    /// the vocabulary projection is packed.
    pub fn row_into(&self, j: usize, out: &mut [f32]) {
        assert!(j < self.n && out.len() == self.k);
        let panel = &self.panels[(j / NR) * self.k * NR..];
        for (c, o) in out.iter_mut().enumerate() {
            *o = panel[c * NR + j % NR].widen();
        }
    }

    /// [`Product::product`] with a given kernel: the tests run both. Many rows are split
    /// between the threads, so each writes its own rows of the result; a few rows (a
    /// decoder step's hypotheses) would then make every thread read every weight, so the
    /// panels are split instead.
    pub(crate) fn product_with(
        &self,
        x: &ArrayView2<f32>,
        threads: usize,
        kernel: Kernel,
        finish: &(dyn Fn(usize, &mut [f32]) + Sync),
    ) -> Array2<f32> {
        let (m, k) = x.dim();
        assert_eq!(k, self.k, "the rows are as long as the weights' inputs");
        let x = x.as_standard_layout();
        let xs = x.as_slice().expect("standard layout");
        let threads = threads_for(m * k * self.n, FLOAT_SHARED_MIN, threads);
        split_product(m, self.n, threads, finish, &|r0, panels, out, ldc| {
            self.block(&xs[r0 * k..], panels, out, ldc, kernel)
        })
    }

    /// The product's columns of `panels` for the rows of `out` (`ldc` apart, the first
    /// column of the first panel at 0), from the first rows of `xs`.
    fn block(
        &self,
        xs: &[f32],
        panels: std::ops::Range<usize>,
        out: &mut [f32],
        ldc: usize,
        kernel: Kernel,
    ) {
        let (n, k) = (self.n, self.k);
        let m = out.len().div_ceil(ldc);
        let first = panels.start;
        for kb in (0..k).step_by(KC) {
            let kc = KC.min(k - kb);
            for p in panels.clone() {
                let panel = &self.panels[p * k * NR + kb * NR..][..kc * NR];
                let cols = NR.min(n - p * NR);
                let mut i = 0;
                while i < m {
                    let r = MR.min(m - i);
                    let tile = Tile {
                        a: &xs[i * k + kb..],
                        lda: k,
                        b: panel,
                        kc,
                        rows: r,
                        cols,
                        add: kb > 0,
                    };
                    kernel.run(&tile, &mut out[i * ldc + (p - first) * NR..], ldc);
                    i += r;
                }
            }
        }
    }
}

/// Multiply-adds below which a float product runs on the caller's thread alone: starting
/// a thread costs about 70 µs here, and single- and half-float panels sum about 40 million
/// multiply-adds a millisecond on one core, so a smaller product loses more to the start
/// than it gains from the second core (a decoder step's 36 layer products were each 1.5 to
/// 5 times slower on two threads than on one, `benches/products.rs`).
pub(crate) const FLOAT_SHARED_MIN: usize = 8_000_000;

/// The threads a product of `multiply_adds` gets: `threads`, or one below `shared_min`.
pub(crate) fn threads_for(multiply_adds: usize, shared_min: usize, threads: usize) -> usize {
    if multiply_adds < shared_min {
        1
    } else {
        threads
    }
}

/// `block(r0, panels, out, ldc)` of [`split_product`].
pub(crate) type Block<'a> = dyn Fn(usize, std::ops::Range<usize>, &mut [f32], usize) + Sync + 'a;

/// An `m × n` product on up to `threads` threads, `block(r0, panels, out, ldc)` summing the
/// columns of `panels` for the rows from `r0` into `out` (as many rows as `out` holds,
/// `ldc` apart), then `finish(c0, row)` on each row's columns from `c0`. Many rows are split
/// between the threads, so each writes its own rows of the result; a few rows (a decoder
/// step's hypotheses) would then make every thread read every weight, so the panels are
/// split instead. Shared by every kind of panel ([`Packed`], [`crate::quant::Quantized`]).
pub(crate) fn split_product(
    m: usize,
    n: usize,
    threads: usize,
    finish: &(dyn Fn(usize, &mut [f32]) + Sync),
    block: &Block,
) -> Array2<f32> {
    let mut out = vec![0f32; m * n];
    let panels = n.div_ceil(NR);
    let threads = threads.max(1);
    if m == 0 {
    } else if threads == 1 || m >= 2 * MR * threads || panels < threads {
        // Whole tiles to each thread, so only the last thread's last tile is short.
        let per = m.div_ceil(threads).div_ceil(MR) * MR;
        std::thread::scope(|scope| {
            let mut chunks = out.chunks_mut(per * n).enumerate();
            let first = chunks.next();
            let whole = |r0: usize, part: &mut [f32]| {
                block(r0, 0..panels, part, n);
                part.chunks_mut(n).for_each(|row| finish(0, row));
            };
            for (t, part) in chunks {
                scope.spawn(move || whole(t * per, part));
            }
            if let Some((_, part)) = first {
                whole(0, part);
            }
        });
    } else {
        // The columns of a range of panels for all `m` rows, in a buffer of their own.
        let alone = |range: std::ops::Range<usize>| {
            let cols = (range.end * NR).min(n) - range.start * NR;
            let mut part = vec![0f32; m * cols];
            block(0, range.clone(), &mut part, cols);
            part.chunks_mut(cols)
                .for_each(|row| finish(range.start * NR, row));
            (range, part)
        };
        let per = panels.div_ceil(threads);
        let parts: Vec<(std::ops::Range<usize>, Vec<f32>)> = std::thread::scope(|scope| {
            let spawned: Vec<_> = (per..panels)
                .step_by(per)
                .map(|p0| scope.spawn(move || alone(p0..(p0 + per).min(panels))))
                .collect();
            let mut parts = vec![alone(0..per)];
            parts.extend(
                spawned
                    .into_iter()
                    .map(|t| t.join().expect("a product thread")),
            );
            parts
        });
        for (range, part) in parts {
            let (c0, cols) = (range.start * NR, part.len() / m);
            for i in 0..m {
                out[i * n + c0..i * n + c0 + cols].copy_from_slice(&part[i * cols..(i + 1) * cols]);
            }
        }
    }
    Array2::from_shape_vec((m, n), out).expect("shape")
}

impl Packed<f32> {
    /// The panels of a weight matrix stored as `[n, k]` (PyTorch's `Linear` layout).
    pub fn from_rows(w: &ArrayView2<f32>) -> Packed {
        let (n, k) = w.dim();
        match w.as_slice() {
            Some(s) => Packed::from_slice(s, n, k),
            None => {
                // One head's columns of the attention's keys: each row is contiguous, so it
                // is copied whole (indexing value by value was most of the packing's time).
                let mut out = Packed {
                    n,
                    k,
                    panels: Aligned::filled(n.div_ceil(NR) * k * NR, 0f32),
                };
                for (j, row) in w.rows().into_iter().enumerate() {
                    let panel = &mut out.panels[(j / NR) * k * NR..];
                    match row.as_slice() {
                        Some(values) => {
                            for (c, &v) in values.iter().enumerate() {
                                panel[c * NR + j % NR] = v;
                            }
                        }
                        None => {
                            for (c, &v) in row.iter().enumerate() {
                                panel[c * NR + j % NR] = v;
                            }
                        }
                    }
                }
                out
            }
        }
    }

    /// The panels of `b [k, n]`, for `x · b` (the attention's weights times its values).
    /// Each row of `b` is one input's values for every output: it goes into each panel's
    /// row for that input in order, reading and writing memory in sequence.
    pub fn from_columns(b: &ArrayView2<f32>) -> Packed {
        let (k, n) = b.dim();
        let mut panels = Aligned::filled(n.div_ceil(NR) * k * NR, 0f32);
        for (c, row) in b.rows().into_iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                panels[(j / NR) * k * NR + c * NR + j % NR] = v;
            }
        }
        Packed { n, k, panels }
    }
}

/// One tile's inputs: `rows` rows of `a` (each `lda` apart, `kc` long from its start) times
/// the panel block `b` (`kc` rows of [`NR`]); `cols` of its columns are kept, added to what
/// the result holds when `add`.
struct Tile<'a, T> {
    a: &'a [f32],
    lda: usize,
    b: &'a [T],
    kc: usize,
    rows: usize,
    cols: usize,
    add: bool,
}

/// How a tile is summed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kernel {
    /// Plain code, on any processor.
    Plain,
    /// AVX-512 registers.
    #[cfg(target_arch = "x86_64")]
    Wide,
    /// AVX2's eight-lane registers with FMA: the same fused multiply-adds in the same
    /// order as AVX-512's, so the same bits (a model's hearing must not depend on which of
    /// the two a player's computer has).
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    /// AVX-512 where the processor has it, else AVX2 with FMA.
    pub(crate) fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if wide::available() {
            return Kernel::Wide;
        }
        #[cfg(target_arch = "x86_64")]
        if avx2::available() {
            return Kernel::Avx2;
        }
        Kernel::Plain
    }

    /// Whether this processor sums the tiles in vector registers with fused multiply-adds:
    /// where it does not, the model keeps `ndarray`'s product.
    pub(crate) fn is_wide(self) -> bool {
        self != Kernel::Plain
    }

    /// The tile into `c` (row `i` of the tile at `c[i * ldc..]`).
    fn run<T: Element>(self, t: &Tile<T>, c: &mut [f32], ldc: usize) {
        assert!(t.rows <= MR && t.cols <= NR && t.b.len() >= t.kc * NR);
        assert!(t.a.len() >= (t.rows - 1) * t.lda + t.kc);
        assert!(c.len() >= (t.rows - 1) * ldc + t.cols);
        match self {
            Kernel::Plain => plain(t, c, ldc),
            #[cfg(target_arch = "x86_64")]
            Kernel::Wide => wide::tile(t, c, ldc),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => avx2::tile(t, c, ldc),
        }
    }
}

fn plain<T: Element>(t: &Tile<T>, c: &mut [f32], ldc: usize) {
    let mut acc = [[0f32; NR]; MR];
    for kk in 0..t.kc {
        let b = &t.b[kk * NR..(kk + 1) * NR];
        for (i, row) in acc.iter_mut().enumerate().take(t.rows) {
            let a = t.a[i * t.lda + kk];
            for (s, w) in row.iter_mut().zip(b) {
                *s += a * w.widen();
            }
        }
    }
    for (i, row) in acc.iter().enumerate().take(t.rows) {
        let out = &mut c[i * ldc..i * ldc + t.cols];
        for (o, s) in out.iter_mut().zip(row) {
            *o = if t.add { *o + s } else { *s };
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod wide {
    use super::{Element, Tile, MR, NR};
    use std::arch::x86_64::*;

    pub fn available() -> bool {
        is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("f16c")
    }

    pub fn tile<T: Element>(t: &Tile<T>, c: &mut [f32], ldc: usize) {
        assert!(available());
        // SAFETY: AVX-512F is there (asserted); `Kernel::run` asserted that `a` holds the
        // tile's rows, `b` its `kc` panel rows and `c` its result rows.
        unsafe {
            match t.rows {
                1 => rows::<1, T>(t, c, ldc),
                2 => rows::<2, T>(t, c, ldc),
                3 => rows::<3, T>(t, c, ldc),
                4 => rows::<4, T>(t, c, ldc),
                5 => rows::<5, T>(t, c, ldc),
                6 => rows::<6, T>(t, c, ldc),
                7 => rows::<7, T>(t, c, ldc),
                _ => rows::<MR, T>(t, c, ldc),
            }
        }
    }

    /// `R` rows of the tile: each panel row's two registers meet each row's value,
    /// broadcast, in `2 × R` sums.
    #[target_feature(enable = "avx512f,f16c")]
    unsafe fn rows<const R: usize, T: Element>(t: &Tile<T>, c: &mut [f32], ldc: usize) {
        let (pa, pb) = (t.a.as_ptr(), t.b.as_ptr());
        let mut lo = [_mm512_setzero_ps(); R];
        let mut hi = [_mm512_setzero_ps(); R];
        for kk in 0..t.kc {
            // SAFETY (for the loads): the panel block holds `kc` rows of `NR`; row `i` of
            // the tile has `kc` values from `i * lda`.
            let (b0, b1) = unsafe { (T::load16(pb.add(kk * NR)), T::load16(pb.add(kk * NR + 16))) };
            for i in 0..R {
                let a = _mm512_set1_ps(unsafe { *pa.add(i * t.lda + kk) });
                lo[i] = _mm512_fmadd_ps(a, b0, lo[i]);
                hi[i] = _mm512_fmadd_ps(a, b1, hi[i]);
            }
        }
        // Columns past `cols` (a short last panel) are masked off, never written.
        let keep = |from: usize| -> __mmask16 {
            let n = t.cols.saturating_sub(from).min(16);
            ((1u32 << n) - 1) as __mmask16
        };
        let (m0, m1) = (keep(0), keep(16));
        let pc = c.as_mut_ptr();
        for i in 0..R {
            // SAFETY: row `i` of the result has `cols` values from `i * ldc`; the masks
            // touch no others.
            unsafe {
                let (c0, c1) = (pc.add(i * ldc), pc.add(i * ldc + 16));
                let (mut s0, mut s1) = (lo[i], hi[i]);
                if t.add {
                    s0 = _mm512_add_ps(s0, _mm512_maskz_loadu_ps(m0, c0));
                    s1 = _mm512_add_ps(s1, _mm512_maskz_loadu_ps(m1, c1));
                }
                _mm512_mask_storeu_ps(c0, m0, s0);
                _mm512_mask_storeu_ps(c1, m1, s1);
            }
        }
    }
}

/// The tiles in AVX2's sixteen registers: sixteen columns at a time, up to six rows, each
/// row's columns in two sums, beside the two weight registers and the broadcast row value.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use super::{Element, Tile, NR};
    use std::arch::x86_64::*;

    pub fn available() -> bool {
        is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("fma")
            && is_x86_feature_detected!("f16c")
    }

    pub fn tile<T: Element>(t: &Tile<T>, c: &mut [f32], ldc: usize) {
        assert!(available());
        for half in 0..t.cols.div_ceil(16) {
            let mut i = 0;
            while i < t.rows {
                let r = (t.rows - i).min(6);
                // SAFETY: AVX2, FMA and F16C are there (asserted); `Kernel::run` asserted
                // that `a` holds the tile's rows, `b` its `kc` panel rows and `c` its result
                // rows.
                unsafe {
                    match r {
                        1 => rows::<1, T>(t, i, half, c, ldc),
                        2 => rows::<2, T>(t, i, half, c, ldc),
                        3 => rows::<3, T>(t, i, half, c, ldc),
                        4 => rows::<4, T>(t, i, half, c, ldc),
                        5 => rows::<5, T>(t, i, half, c, ldc),
                        _ => rows::<6, T>(t, i, half, c, ldc),
                    }
                }
                i += r;
            }
        }
    }

    /// Rows `i0..i0 + R`, columns `16 × half` and the fifteen after it: each lane's sum is
    /// one FMA after another from zero, in the panel's order, as each of AVX-512's lanes is.
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn rows<const R: usize, T: Element>(
        t: &Tile<T>,
        i0: usize,
        half: usize,
        c: &mut [f32],
        ldc: usize,
    ) {
        let (pa, pb) = (t.a.as_ptr(), t.b.as_ptr());
        let mut acc = [[_mm256_setzero_ps(); 2]; R];
        for kk in 0..t.kc {
            // SAFETY (for the loads): the panel block holds `kc` rows of `NR`; row `i` of
            // the tile has `kc` values from `i * lda`.
            let (b0, b1) = unsafe {
                let at = pb.add(kk * NR + half * 16);
                (T::load8(at), T::load8(at.add(8)))
            };
            for (i, sums) in acc.iter_mut().enumerate() {
                let a = _mm256_set1_ps(unsafe { *pa.add((i0 + i) * t.lda + kk) });
                sums[0] = _mm256_fmadd_ps(a, b0, sums[0]);
                sums[1] = _mm256_fmadd_ps(a, b1, sums[1]);
            }
        }
        for (i, sums) in acc.iter().enumerate() {
            let mut row = [0f32; 16];
            // SAFETY: `row` has room for two registers.
            unsafe {
                _mm256_storeu_ps(row.as_mut_ptr(), sums[0]);
                _mm256_storeu_ps(row.as_mut_ptr().add(8), sums[1]);
            }
            let from = (i0 + i) * ldc + half * 16;
            let n = 16.min(t.cols - half * 16);
            for (o, s) in c[from..from + n].iter_mut().zip(row) {
                *o = if t.add { s + *o } else { s };
            }
        }
    }
}

/// Milliseconds one encoder-sized product takes (`m` rows, `k` inputs, `n` outputs), with
/// the packed panels or with `ndarray`, the best of `reps`. For `benches/products.rs`.
#[doc(hidden)]
pub fn product_ms(m: usize, k: usize, n: usize, packed: bool, reps: usize) -> f64 {
    let x = Array2::from_shape_fn((m, k), |(i, c)| ((i * 31 + c * 7) % 97) as f32 / 97.0 - 0.5);
    let w = Array2::from_shape_fn((n, k), |(j, c)| ((j * 13 + c * 5) % 89) as f32 / 89.0 - 0.5);
    let p = Packed::from_rows(&w.view());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    best_ms(reps, || {
        let y = if packed {
            p.product(&x.view(), threads)
        } else {
            x.dot(&w.t())
        };
        std::hint::black_box(&y);
    })
}

/// The fastest of `reps` runs of `run`, in milliseconds: the benchmarks' figure, least
/// touched by whatever else the machine was doing.
#[doc(hidden)]
pub fn best_ms(reps: usize, mut run: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let clock = std::time::Instant::now();
        run();
        best = best.min(clock.elapsed().as_secs_f64() * 1e3);
    }
    best
}

/// A matrix of values spread over -1..1 without pattern, for the products' tests.
#[cfg(test)]
pub(crate) fn test_matrix(r: usize, c: usize, seed: usize) -> Array2<f32> {
    Array2::from_shape_fn((r, c), |(i, j)| {
        (((i * 7919 + j * 104_729 + seed * 31) % 2001) as f32 / 1000.0) - 1.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::test_matrix as matrix;

    /// Panels of every element width start on a cache line, whatever the allocator gave,
    /// and hold exactly what was asked.
    #[test]
    fn panels_start_on_a_cache_line() {
        for len in [1, 63, 64, 4096, 200_000] {
            let bytes = Aligned::filled(len, 7i8);
            let halves = Aligned::filled(len, f16::from_f32(0.5));
            let singles = Aligned::filled(len, 0.25f32);
            assert_eq!(bytes.as_ptr() as usize % 64, 0);
            assert_eq!(halves.as_ptr() as usize % 64, 0);
            assert_eq!(singles.as_ptr() as usize % 64, 0);
            assert_eq!((bytes.len(), halves.len(), singles.len()), (len, len, len));
            assert!(bytes.iter().all(|&b| b == 7) && singles.iter().all(|&v| v == 0.25));
        }
    }

    fn kernels() -> Vec<Kernel> {
        let mut k = vec![Kernel::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            if wide::available() {
                k.push(Kernel::Wide);
            }
            if avx2::available() {
                k.push(Kernel::Avx2);
            }
        }
        k
    }

    /// The vector kernels sum each value as one fused multiply-add after another, in the
    /// inputs' order: the same bits as that sum written out, on every processor that has
    /// them, so a hearing does not change with the machine (AVX-512 or AVX2).
    #[test]
    fn the_vector_kernels_give_the_same_bits() {
        for &(m, k, n) in &[(13, 300, 70), (1, 64, 33), (9, 600, 40)] {
            let x = matrix(m, k, 5);
            let w = matrix(n, k, 6);
            let want = Array2::from_shape_fn((m, n), |(i, j)| {
                (0..k).fold(0f32, |s, c| x[[i, c]].mul_add(w[[j, c]], s))
            });
            let halves = w.mapv(f16::from_f32);
            let want_half = Array2::from_shape_fn((m, n), |(i, j)| {
                (0..k).fold(0f32, |s, c| x[[i, c]].mul_add(halves[[j, c]].to_f32(), s))
            });
            let packed = Packed::from_rows(&w.view());
            let packed_half = Packed::from_slice(halves.as_slice().expect("standard"), n, k);
            for kernel in kernels().into_iter().filter(|k| k.is_wide()) {
                let got = packed.product_with(&x.view(), 1, kernel, &|_, _| {});
                // Inputs longer than a cache block are summed a block at a time.
                if k <= KC {
                    assert_eq!(got, want, "{kernel:?} {m}x{k}x{n}");
                    let got = packed_half.product_with(&x.view(), 1, kernel, &|_, _| {});
                    assert_eq!(got, want_half, "{kernel:?} {m}x{k}x{n}, half floats");
                }
                for other in kernels().into_iter().filter(|k| k.is_wide()) {
                    let theirs = packed.product_with(&x.view(), 2, other, &|_, _| {});
                    assert_eq!(got, theirs, "{kernel:?} against {other:?}, {m}x{k}x{n}");
                }
            }
        }
        #[cfg(target_arch = "x86_64")]
        assert!(
            !is_x86_feature_detected!("avx2") || kernels().len() > 1,
            "a processor with AVX2 has a vector kernel"
        );
    }

    /// Every shape the encoder uses, and ragged ones (rows not a multiple of the tile's,
    /// columns not of the panel's, inputs across a cache block), on one thread and several:
    /// the packed product is `ndarray`'s to rounding.
    #[test]
    fn the_packed_product_is_the_general_product() {
        for kernel in kernels() {
            for &(m, k, n) in &[
                (500, 512, 1536),
                (500, 2048, 512),
                (13, 300, 70),
                (1, 64, 500),
                (9, 257, 33),
                // Few rows and work enough for two threads: the panels are split.
                (2, 512, 8_200),
            ] {
                let x = matrix(m, k, 1);
                let w = matrix(n, k, 2);
                let want = x.dot(&w.t());
                let packed = Packed::from_rows(&w.view());
                assert_eq!(packed.outputs(), n);
                for threads in [1, 2, 3] {
                    let got = packed.product_with(&x.view(), threads, kernel, &|_, _| {});
                    assert_eq!(got.dim(), (m, n));
                    let worst = got
                        .iter()
                        .zip(&want)
                        .map(|(a, b)| (a - b).abs() / b.abs().max(1.0))
                        .fold(0f32, f32::max);
                    assert!(
                        worst < 1e-4,
                        "{kernel:?} {m}x{k}x{n} on {threads} threads: off by {worst}"
                    );
                }
            }
        }
    }

    /// Half-float panels (the decoder's weights) give the product of the widened weights,
    /// for a step's few rows (the panels split between threads) and a prompt's many (the
    /// rows split), and give back each weight row as it was.
    #[test]
    fn half_panels_are_their_widened_weights() {
        for kernel in kernels() {
            for &(m, k, n) in &[
                (1, 512, 2048),
                (9, 512, 1000),
                (76, 512, 96),
                (3, 2048, 64),
                (3, 512, 6_000),
            ] {
                let x = matrix(m, k, 5);
                let w = matrix(n, k, 6).mapv(|v| f16::from_f32(v).to_f32());
                let halves: Vec<f16> = w.iter().map(|&v| f16::from_f32(v)).collect();
                let packed = Packed::from_slice(&halves, n, k);
                let want = x.dot(&w.t());
                for threads in [1, 2] {
                    let got = packed.product_with(&x.view(), threads, kernel, &|_, _| {});
                    for (a, b) in got.iter().zip(&want) {
                        assert!(
                            (a - b).abs() < 1e-4 * b.abs().max(1.0),
                            "{kernel:?} {m}x{k}x{n} on {threads}: {a} against {b}"
                        );
                    }
                }
                let mut row = vec![0f32; k];
                for j in [0, n / 2, n - 1] {
                    packed.row_into(j, &mut row);
                    assert_eq!(row, w.row(j).to_vec(), "weight row {j}");
                }
            }
        }
    }

    /// The finishing step sees each result row's columns once, with their first column's
    /// index, whether the rows or the panels were split between the threads.
    #[test]
    fn each_row_is_finished_once_with_its_columns() {
        for &(m, k, n) in &[(1, 64, 500), (9, 64, 200), (100, 64, 96)] {
            let x = matrix(m, k, 7);
            let w = matrix(n, k, 8);
            let bias: Vec<f32> = (0..n).map(|j| j as f32).collect();
            let packed = Packed::from_rows(&w.view());
            let want = x.dot(&w.t()) + ndarray::ArrayView1::from(&bias[..]);
            let got = packed.product_finished(&x.view(), 2, &|c0, row| {
                for (j, v) in row.iter_mut().enumerate() {
                    *v += bias[c0 + j];
                }
            });
            for (a, b) in got.iter().zip(&want) {
                assert!((a - b).abs() < 1e-3, "{m}x{k}x{n}: {a} against {b}");
            }
        }
    }

    /// A product shares its threads only from the threshold on; below it, one thread.
    #[test]
    fn small_products_stay_on_one_thread() {
        assert_eq!(threads_for(FLOAT_SHARED_MIN - 1, FLOAT_SHARED_MIN, 4), 1);
        assert_eq!(threads_for(FLOAT_SHARED_MIN, FLOAT_SHARED_MIN, 4), 4);
        assert_eq!(threads_for(500 * 512 * 1536, FLOAT_SHARED_MIN, 2), 2);
        assert_eq!(threads_for(9 * 512 * 2048, FLOAT_SHARED_MIN, 2), 2);
        assert_eq!(threads_for(9 * 512 * 512, FLOAT_SHARED_MIN, 2), 1);
    }

    /// A view that is not in row order (the attention's columns of one head) and a matrix
    /// packed from its columns give the product of the matrices they stand for.
    #[test]
    fn views_and_columns_pack_as_their_matrices() {
        let big = matrix(40, 128, 3);
        let x = big.slice(ndarray::s![.., 64..]);
        let b = matrix(64, 24, 4);
        let want = x.dot(&b);
        let got = Packed::from_columns(&b.view()).product(&x, 2);
        for (a, w) in got.iter().zip(&want) {
            assert!((a - w).abs() < 1e-4 * w.abs().max(1.0), "{a} against {w}");
        }
    }
}
