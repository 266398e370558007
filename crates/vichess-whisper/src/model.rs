//! Whisper's encoder and decoder (the `base` size: 6 + 6 layers, 512 wide, 8 heads),
//! written out plainly over `ndarray` so the decoder can be driven one token at a time for
//! many hypotheses at once: what scoring a grammar's phrases needs, and what no packaged
//! runtime offered without Python.

use crate::ct2::{FormatError, Model};
use crate::fastmath;
use crate::gemm::{Kernel, Packed, Product};
use crate::quant::Quantized;
use half::f16;
use ndarray::{s, Array1, Array2, ArrayView1, ArrayView2, Axis};
use std::sync::Arc;

const D: usize = 512;
const HEADS: usize = 8;
const HEAD: usize = D / HEADS;
const FFN: usize = 2048;
const LAYERS: usize = 6;
/// Mel frames the encoder was trained on (30 s); fewer are used for short utterances.
pub const MAX_FRAMES: usize = 3000;
/// Text positions the decoder knows.
pub const MAX_TOKENS: usize = 448;

/// Which of the model's weights are held as 8-bit integers ([`Quantized`]) rather than the
/// floats they are stored as. Integers halve the bytes a decoder step reads and quarter the
/// encoder's arithmetic, at a rounding of about half a percent of each row's largest value;
/// where the processor has neither AVX-512 VNNI nor AVX2 the floats are kept whatever this
/// asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Precision {
    /// The encoder's products (its convolutions, attention and feed-forward layers).
    pub encoder_int8: bool,
    /// The decoder's products and the vocabulary projection (also the token embedding).
    pub decoder_int8: bool,
}

struct Norm {
    gamma: Array1<f32>,
    beta: Array1<f32>,
}

struct Linear {
    w: Weights,
    b: Option<Array1<f32>>,
}

/// A weight matrix `[out, in]`, as stored.
enum Weights {
    /// Widened to `f32`, for the encoder's general matrix products (hundreds of rows).
    Full(Array2<f32>),
    /// Widened and laid out for AVX-512 once ([`Packed`]): the encoder's weights, where the
    /// processor has AVX-512.
    Packed(Packed),
    /// The model's half floats laid out for AVX-512 ([`Packed`]): the decoder's weights and
    /// the vocabulary projection, where the processor has AVX-512. One layout serves a step's
    /// few rows and the prompt's many, which [`Weights::Half`] could only widen whole.
    PackedHalf(Packed<f16>),
    /// 8-bit integers with a scale per output ([`Quantized`]), where the processor has
    /// AVX-512 VNNI and the model was loaded with them ([`Precision`]).
    Int8(Quantized),
    /// Kept as the model's half floats, for the decoder: a step reads every weight to
    /// multiply a few rows, so the bytes read are the cost, and half the bytes is nearly half
    /// the time. Widening a half float is exact, so the products are the same to the bit.
    Half(Half),
}

/// A row-major matrix of half floats.
pub struct Half {
    w: Vec<f16>,
    rows: usize,
    cols: usize,
}

impl Half {
    fn load(m: &mut Model, name: &str, rows: usize, cols: usize) -> Result<Half, FormatError> {
        let w = m.tensor_half(name, &[rows, cols])?;
        // [`widen`] is exact for finite values only; no trained weight is anything else.
        if let Some(i) = w.iter().position(|v| !v.is_finite()) {
            return Err(FormatError(format!(
                "{name} holds {} at row {}, column {}",
                w[i],
                i / cols,
                i % cols
            )));
        }
        Ok(Half { w, rows, cols })
    }

    fn row_into(&self, r: usize, out: &mut [f32]) {
        widen(&self.w[r * self.cols..(r + 1) * self.cols], out);
    }

    /// All of it as single floats (`[rows, cols]`), for a product with many rows.
    fn widened(&self) -> Array2<f32> {
        let mut out = vec![0f32; self.w.len()];
        widen(&self.w, &mut out);
        Array2::from_shape_vec((self.rows, self.cols), out).expect("shape")
    }
}

struct EncoderLayer {
    attn_norm: Norm,
    qkv: Linear,
    out: Linear,
    ffn_norm: Norm,
    ffn_in: Linear,
    ffn_out: Linear,
}

struct DecoderLayer {
    self_norm: Norm,
    self_qkv: Linear,
    self_out: Linear,
    cross_norm: Norm,
    cross_q: Linear,
    cross_kv: Linear,
    cross_out: Linear,
    ffn_norm: Norm,
    ffn_in: Linear,
    ffn_out: Linear,
}

/// The weights.
pub struct Whisper {
    /// The two convolutions as products of the frames' windows by their kernels.
    conv1: Linear,
    conv2: Linear,
    enc_pos: Array2<f32>,
    encoder: Vec<EncoderLayer>,
    enc_norm: Norm,
    /// The token embedding, also the output projection.
    embed: Weights,
    dec_pos: Array2<f32>,
    decoder: Vec<DecoderLayer>,
    dec_norm: Norm,
}

fn arr2(m: &mut Model, name: &str, r: usize, c: usize) -> Result<Array2<f32>, FormatError> {
    let v = m.tensor(name, &[r, c])?;
    Ok(Array2::from_shape_vec((r, c), v).expect("dims checked"))
}

fn arr1(m: &mut Model, name: &str, n: usize) -> Result<Array1<f32>, FormatError> {
    Ok(Array1::from(m.tensor(name, &[n])?))
}

fn norm(m: &mut Model, p: &str) -> Result<Norm, FormatError> {
    Ok(Norm {
        gamma: arr1(m, &format!("{p}/gamma"), D)?,
        beta: arr1(m, &format!("{p}/beta"), D)?,
    })
}

/// How a layer's weights are stored in the model file and held in memory.
#[derive(Clone, Copy)]
enum Stored {
    /// Read as single floats and held as the encoder's ([`encoder_weights`]).
    Single,
    /// Kept as the half floats they are stored as ([`half_weights`]): the decoder's.
    Half,
}

/// The layer `p`'s weights (`out × inp`, as [`Stored`], 8-bit integers when `int8`) and bias.
fn linear(
    m: &mut Model,
    p: &str,
    (out, inp): (usize, usize),
    stored: Stored,
    int8: bool,
) -> Result<Linear, FormatError> {
    let name = format!("{p}/weight");
    let w = match (int8_weights(m, &name, out, inp, int8)?, stored) {
        (Some(w), _) => w,
        (None, Stored::Single) => encoder_weights(arr2(m, &name, out, inp)?, false),
        (None, Stored::Half) => half_weights(Half::load(m, &name, out, inp)?, false),
    };
    Ok(Linear {
        w,
        b: Some(arr1(m, &format!("{p}/bias"), out)?),
    })
}

/// The `rows × cols` weights `name` as 8-bit integers, rounded straight from the file's
/// bytes, where `int8` asks for them and the processor has VNNI or AVX2; `None` (and the weights
/// left in the file) otherwise.
fn int8_weights(
    m: &mut Model,
    name: &str,
    rows: usize,
    cols: usize,
    int8: bool,
) -> Result<Option<Weights>, FormatError> {
    if !(int8 && Quantized::available()) {
        return Ok(None);
    }
    let w = m.matrix(name, rows, cols)?;
    let q = Quantized::try_from_rows(rows, cols, |j, row| w.row_into(j, row))?;
    Ok(Some(Weights::Int8(q)))
}

/// Weights that only ever meet hundreds of rows (the encoder's frames): packed once where
/// the processor has AVX-512 or AVX2 (as 8-bit integers when `int8` asks), else kept
/// for `ndarray`'s product.
fn encoder_weights(w: Array2<f32>, int8: bool) -> Weights {
    if int8 && Quantized::available() {
        let (n, k) = w.dim();
        Weights::Int8(Quantized::new(n, k, |j, c| w[[j, c]]))
    } else if Kernel::best().is_wide() {
        Weights::Packed(Packed::from_rows(&w.view()))
    } else {
        Weights::Full(w)
    }
}

/// Threads for the encoder's products and heads: the machine's cores, up to four, or
/// `VICHESS_WHISPER_THREADS`. Asked of the system once: `available_parallelism` reads the
/// process's control groups from /proc and /sys at every call, which was an eighth of the
/// phrase search's time when each of a step's 40-odd products asked.
///
/// Fewer threads give the same bits (each output is summed by one thread in one order) at
/// less CPU: one thread took a fifth less than two for the same hearing, the waiting and
/// the split work gone. So where many hearings share the cores (the test suite runs a
/// dozen at once) one thread each finishes them all sooner; a player's one hearing at a
/// time is faster on all the cores.
fn threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *THREADS.get_or_init(|| {
        let set = std::env::var("VICHESS_WHISPER_THREADS")
            .ok()
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n > 0);
        set.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(4)
        })
    });
    cores.min(THREAD_CAP.with(std::cell::Cell::get))
}

thread_local! {
    /// The most threads this thread's products may use ([`cap_threads`]).
    static THREAD_CAP: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
}

/// Holds this thread's products and attention to at most `n` threads (at least one) until
/// the guard is dropped. For work beside the model: a product split between two cores waits
/// for its slower half, and with another thread busy on one core that half waits for the
/// scheduler, step after step. Each output is summed by one thread in one order whatever
/// the split, so the results are the same to the bit.
pub fn cap_threads(n: usize) -> ThreadCap {
    ThreadCap(THREAD_CAP.with(|c| c.replace(n.max(1))))
}

/// The cap of [`cap_threads`]; dropping it puts back the one before.
#[must_use = "the cap holds only while the guard lives"]
pub struct ThreadCap(usize);

impl Drop for ThreadCap {
    fn drop(&mut self) {
        THREAD_CAP.with(|c| c.set(self.0));
    }
}

/// Half-float weights, packed where the processor has AVX-512 or AVX2 (as 8-bit integers
/// when `int8` asks).
fn half_weights(w: Half, int8: bool) -> Weights {
    if int8 && Quantized::available() {
        Weights::Int8(Quantized::from_slice(&w.w, w.rows, w.cols))
    } else if Kernel::best().is_wide() {
        Weights::PackedHalf(Packed::from_slice(&w.w, w.rows, w.cols))
    } else {
        Weights::Half(w)
    }
}

impl Weights {
    /// `x [m, k]` times the weights transposed (`[m, outputs]`).
    fn product(&self, x: &ArrayView2<f32>) -> Array2<f32> {
        match self {
            Weights::Full(w) if x.nrows() < GEMM_ROWS => rows_dot(x, w),
            Weights::Full(w) => x.dot(&w.t()),
            Weights::Half(w) if x.nrows() < GEMM_ROWS => rows_dot_half(x, w),
            // Many rows (a prompt decoded in one pass): widened once, then the general
            // product, which reads each weight once for all rows.
            Weights::Half(w) => x.dot(&w.widened().t()),
            Weights::Packed(w) => w.product(x, threads()),
            Weights::PackedHalf(w) => w.product(x, threads()),
            Weights::Int8(w) => w.product(x, threads()),
        }
    }

    /// Output columns (weight rows).
    fn outputs(&self) -> usize {
        match self {
            Weights::Full(w) => w.nrows(),
            Weights::Half(w) => w.rows,
            Weights::Packed(w) => w.outputs(),
            Weights::PackedHalf(w) => w.outputs(),
            Weights::Int8(w) => w.outputs(),
        }
    }

    /// Weight row `r` as single floats: a token's embedding.
    fn row_into(&self, r: usize, out: &mut [f32]) {
        match self {
            Weights::Full(w) => out.copy_from_slice(w.row(r).as_slice().expect("standard")),
            Weights::Half(w) => w.row_into(r, out),
            Weights::Packed(w) => w.row_into(r, out),
            Weights::PackedHalf(w) => w.row_into(r, out),
            Weights::Int8(w) => w.row_into(r, out),
        }
    }
}

/// From this many rows on, a general matrix product (which copies the weights into its own
/// layout first, then uses the processor's widest vector instructions) is faster than
/// [`rows_dot`].
const GEMM_ROWS: usize = 17;

/// `x [m, k]` times `w [n, k]` transposed, for few rows `m` (the decoder's hypotheses):
/// each weight row is read once and dotted with every row of `x`, the rows split between
/// threads. A general matrix product would first copy all of `w` into its own layout, which
/// for one or a few rows costs more than the product (the 100 MB vocabulary projection on
/// every token).
pub fn rows_dot(x: &ArrayView2<f32>, w: &Array2<f32>) -> Array2<f32> {
    let ws = w.as_slice().expect("standard layout");
    rows_dot_by(x, ws, w.nrows(), rows_dot_part)
}

/// [`rows_dot`] over weights kept as half floats ([`Half`]): each weight row is widened into
/// a buffer, then dotted like a row of `f32`.
fn rows_dot_half(x: &ArrayView2<f32>, w: &Half) -> Array2<f32> {
    rows_dot_by(x, &w.w, w.rows, rows_dot_half_part)
}

/// The threads of [`rows_dot`]: the `n` weight rows of `ws` split between them, each share
/// done by `part`.
fn rows_dot_by<T: Sync>(
    x: &ArrayView2<f32>,
    ws: &[T],
    n: usize,
    part: fn(&[T], &[f32], usize, &mut [f32]),
) -> Array2<f32> {
    let (m, k) = x.dim();
    let x = x.as_standard_layout().into_owned();
    let xs = x.as_slice().expect("standard layout");
    let threads = threads();
    let chunk = n.div_ceil(threads).max(1);
    let mut out_t = vec![0f32; n * m];
    std::thread::scope(|scope| {
        for (ci, out) in out_t.chunks_mut(chunk * m).enumerate() {
            let ws = &ws[ci * chunk * k..];
            scope.spawn(move || part(ws, xs, k, out));
        }
    });
    Array2::from_shape_vec((n, m), out_t)
        .expect("shape")
        .reversed_axes()
        .as_standard_layout()
        .into_owned()
}

/// One thread's share of [`rows_dot_half`]: with AVX2, FMA and F16C (x86 processors since
/// 2013), each half float is widened in a register as it is used ([`fused`]); elsewhere a
/// row is widened into a buffer and dotted in plain code.
fn rows_dot_half_part(ws: &[f16], xs: &[f32], k: usize, part: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if fused::available(k) {
        return fused::rows_dot_half(ws, xs, k, part);
    }
    let m = xs.len() / k;
    let mut row = vec![0f32; k];
    for (r, o) in part.chunks_mut(m).enumerate() {
        widen(&ws[r * k..(r + 1) * k], &mut row);
        dot_rows(&row, xs, k, o);
    }
}

/// Half floats to single floats with integer shifts and one multiplication. Exact for every
/// finite half float, subnormals included: the shift puts the half's exponent and mantissa
/// in the single's fields, and multiplying by 2^112 moves the exponent bias from 127 to 15.
/// Infinities and NaN would come out finite; [`Half::load`] refuses weights that hold them.
fn widen(src: &[f16], dst: &mut [f32]) {
    const REBIAS: f32 = 5.192_297e33; // 2^112
    for (d, s) in dst.iter_mut().zip(src) {
        let h = u32::from(s.to_bits());
        let magnitude = f32::from_bits((h & 0x7fff) << 13) * REBIAS;
        *d = f32::from_bits(magnitude.to_bits() | ((h & 0x8000) << 16));
    }
}

/// One thread's share of [`rows_dot`]: `part[r * m + i]` = row `r` of `ws` dot row `i` of
/// `xs`.
fn rows_dot_part(ws: &[f32], xs: &[f32], k: usize, part: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if fused::available(k) {
        return fused::rows_dot(ws, xs, k, part);
    }
    let m = xs.len() / k;
    for (r, o) in part.chunks_mut(m).enumerate() {
        dot_rows(&ws[r * k..(r + 1) * k], xs, k, o);
    }
}

/// `out[i]` = `w` dot row `i` of `xs`, in plain code: the products where [`fused`] cannot
/// run.
fn dot_rows(w: &[f32], xs: &[f32], k: usize, out: &mut [f32]) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = w
            .iter()
            .zip(&xs[i * k..(i + 1) * k])
            .map(|(a, b)| a * b)
            .sum();
    }
}

/// A dot product in eight lanes, so the compiler can keep it in one vector register (the
/// attention's 64-wide heads).
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0f32; 8];
    let (ac, ar) = a.split_at(a.len() / 8 * 8);
    let (bc, br) = b.split_at(ac.len());
    for (x, y) in ac.chunks_exact(8).zip(bc.chunks_exact(8)) {
        for l in 0..8 {
            acc[l] += x[l] * y[l];
        }
    }
    let tail: f32 = ar.iter().zip(br).map(|(x, y)| x * y).sum();
    acc.iter().sum::<f32>() + tail
}

/// The decoder's products in AVX2 registers. A decoder step multiplies one to nine rows by
/// every weight row, so the cost is reading the weights: each eight weights are loaded (and,
/// for half floats, widened) once and multiplied into up to four rows at a time, and each
/// row's sum is kept in two registers so that consecutive additions need not wait for each
/// other. Written with intrinsics because the compiler's own vectors of this loop read two
/// lanes at a time (measured: four times slower than these).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod fused {
    use half::f16;
    use std::arch::x86_64::*;

    /// Rows of `xs` multiplied at once: four sums of two registers each, a weight register
    /// and a row register fit in the sixteen.
    const GROUP: usize = 4;

    /// Whether the processor can run these and the rows are whole registers.
    pub fn available(k: usize) -> bool {
        k.is_multiple_of(16)
            && is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("fma")
            && is_x86_feature_detected!("f16c")
    }

    /// Weights as half floats.
    pub fn rows_dot_half(ws: &[f16], xs: &[f32], k: usize, part: &mut [f32]) {
        let m = xs.len() / k;
        assert!(ws.len() >= part.len() / m * k && available(k));
        for (r, o) in part.chunks_mut(m).enumerate() {
            // SAFETY: `available` found AVX2, FMA and F16C, and `k` a multiple of 16; the
            // weight row `r` is in `ws` (asserted above), the rows of `xs` are `k` long.
            unsafe { row_half(&ws[r * k..(r + 1) * k], xs, k, o) }
        }
    }

    /// Weights as single floats: the same sums in the same order as [`rows_dot_half`], so a
    /// half float widened first gives the same product to the bit.
    pub fn rows_dot(ws: &[f32], xs: &[f32], k: usize, part: &mut [f32]) {
        let m = xs.len() / k;
        assert!(ws.len() >= part.len() / m * k && available(k));
        for (r, o) in part.chunks_mut(m).enumerate() {
            // SAFETY: as in `rows_dot_half`.
            unsafe { row_full(&ws[r * k..(r + 1) * k], xs, k, o) }
        }
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn row_half(w: &[f16], xs: &[f32], k: usize, out: &mut [f32]) {
        let pw = w.as_ptr().cast::<__m128i>();
        // SAFETY (for the loads): `w` holds `k` half floats, eight to an `__m128i`.
        row(
            |c| unsafe { _mm256_cvtph_ps(_mm_loadu_si128(pw.add(c / 8))) },
            xs,
            k,
            out,
        )
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn row_full(w: &[f32], xs: &[f32], k: usize, out: &mut [f32]) {
        let pw = w.as_ptr();
        // SAFETY (for the loads): `w` holds `k` floats.
        row(|c| unsafe { _mm256_loadu_ps(pw.add(c)) }, xs, k, out)
    }

    /// `out[i]` = the weight row (eight lanes from `load(c)` at column `c`) dot row `i` of
    /// `xs`.
    #[inline(always)]
    unsafe fn row(load: impl Fn(usize) -> __m256, xs: &[f32], k: usize, out: &mut [f32]) {
        let m = out.len();
        assert!(xs.len() >= m * k);
        let mut i = 0;
        while i < m {
            let g = (m - i).min(GROUP);
            // Rows past the last of a short group repeat it; their sums are not kept.
            let px: [*const f32; GROUP] =
                std::array::from_fn(|j| unsafe { xs.as_ptr().add((i + j.min(g - 1)) * k) });
            let mut even = [_mm256_setzero_ps(); GROUP];
            let mut odd = [_mm256_setzero_ps(); GROUP];
            let mut c = 0;
            while c < k {
                let w0 = load(c);
                let w1 = load(c + 8);
                for j in 0..GROUP {
                    let x0 = unsafe { _mm256_loadu_ps(px[j].add(c)) };
                    let x1 = unsafe { _mm256_loadu_ps(px[j].add(c + 8)) };
                    even[j] = _mm256_fmadd_ps(w0, x0, even[j]);
                    odd[j] = _mm256_fmadd_ps(w1, x1, odd[j]);
                }
                c += 16;
            }
            for j in 0..g {
                let mut lanes = [0f32; 8];
                unsafe {
                    _mm256_storeu_ps(lanes.as_mut_ptr(), _mm256_add_ps(even[j], odd[j]));
                }
                out[i + j] = lanes.iter().sum();
            }
            i += g;
        }
    }
}

impl Linear {
    fn apply(&self, x: &ArrayView2<f32>) -> Array2<f32> {
        self.apply_then(x, false)
    }

    /// [`Linear::apply`], then GELU when `gelu`. Packed weights add the bias and take the
    /// GELU on the threads of the product ([`Packed::product_finished`]).
    fn apply_then(&self, x: &ArrayView2<f32>, gelu: bool) -> Array2<f32> {
        let finish = |c0: usize, row: &mut [f32]| {
            if let Some(b) = &self.b {
                let b = &b.as_slice().expect("contiguous")[c0..c0 + row.len()];
                row.iter_mut().zip(b).for_each(|(v, b)| *v += b);
            }
            if gelu {
                fastmath::gelu_all(row);
            }
        };
        match &self.w {
            Weights::Packed(w) => return w.product_finished(x, threads(), &finish),
            Weights::PackedHalf(w) => return w.product_finished(x, threads(), &finish),
            Weights::Int8(w) => return w.product_finished(x, threads(), &finish),
            _ => {}
        }
        let mut y = self.w.product(x);
        if let Some(b) = &self.b {
            y += b;
        }
        if gelu {
            gelu_inplace(&mut y);
        }
        y
    }
}

impl Norm {
    fn apply(&self, x: &Array2<f32>) -> Array2<f32> {
        let mut y = x.clone();
        for mut row in y.rows_mut() {
            let n = row.len() as f32;
            let mean = row.sum() / n;
            let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
            let inv = 1.0 / (var + 1e-5).sqrt();
            for (i, v) in row.iter_mut().enumerate() {
                *v = (*v - mean) * inv * self.gamma[i] + self.beta[i];
            }
        }
        y
    }
}

/// GELU with the error function, as Whisper's PyTorch code uses, over a whole array.
fn gelu_inplace(a: &mut Array2<f32>) {
    match a.as_slice_mut() {
        Some(values) => fastmath::gelu_all(values),
        None => a.mapv_inplace(fastmath::gelu),
    }
}

/// The largest value of a row, in sixteen running maxima the compiler keeps in one register
/// rather than a fold of `f32::max` one value after another. The maximum is one of the
/// values whatever the order (NaN never is, as with `f32::max`), so no softmax changes.
fn row_max(row: ArrayView1<f32>) -> f32 {
    let Some(values) = row.as_slice() else {
        return row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    };
    let mut lanes = [f32::NEG_INFINITY; 16];
    let mut chunks = values.chunks_exact(16);
    for chunk in &mut chunks {
        for (l, &v) in lanes.iter_mut().zip(chunk) {
            *l = l.max(v);
        }
    }
    let tail = chunks
        .remainder()
        .iter()
        .copied()
        .fold(f32::NEG_INFINITY, f32::max);
    lanes.into_iter().fold(tail, f32::max)
}

fn softmax_rows(a: &mut Array2<f32>) {
    for mut row in a.rows_mut() {
        let max = row_max(row.view());
        let sum = match row.as_slice_mut() {
            Some(values) => fastmath::exp_shifted(values, max),
            None => {
                row.mapv_inplace(|v| fastmath::exp(v - max));
                row.sum()
            }
        };
        for v in row.iter_mut() {
            *v /= sum;
        }
    }
}

/// Attention of `q` `[n, D]` over `k`, `v` `[m, D]`, head by head. (The decoder's causal
/// mask is its cache: a step sees only the tokens before it.)
fn attention(q: &ArrayView2<f32>, k: &ArrayView2<f32>, v: &ArrayView2<f32>) -> Array2<f32> {
    attention_keep(q, k, v, None)
}

/// One head's keys and values laid out for the products with its queries ([`Packed`]):
/// the keys as the weights of `q · kᵀ`, the values as those of `w · v`.
struct HeadPanels {
    keys: Packed,
    values: Packed,
}

impl HeadPanels {
    /// Head `h`'s columns of the keys and values `[frames, D]`.
    fn new(k: &ArrayView2<f32>, v: &ArrayView2<f32>, h: usize) -> HeadPanels {
        let cols = s![.., h * HEAD..(h + 1) * HEAD];
        HeadPanels {
            keys: Packed::from_rows(&k.slice(cols)),
            values: Packed::from_columns(&v.slice(cols)),
        }
    }

    /// The head's attention for the queries `q` (its 64 columns): the output `[n, HEAD]`
    /// and the weights `[n, frames]`.
    fn attend(&self, q: &ArrayView2<f32>) -> (Array2<f32>, Array2<f32>) {
        let scale = 1.0 / (HEAD as f32).sqrt();
        // Scaled while each row is in the cache, as the product finishes it.
        let mut w = self.keys.product_finished(q, 1, &|_, row| {
            row.iter_mut().for_each(|x| *x *= scale);
        });
        softmax_rows(&mut w);
        (self.values.product(&w.view(), 1), w)
    }
}

/// Attention over packed heads ([`HeadPanels`], `head(h)` gives head `h`'s), the heads
/// split between threads; each head's weights are kept in `keep` when asked.
fn attention_heads<H>(
    q: &ArrayView2<f32>,
    head: impl Fn(usize) -> H + Sync,
    keep: Option<&mut Vec<Array2<f32>>>,
) -> Array2<f32>
where
    H: std::ops::Deref<Target = HeadPanels>,
{
    let one = |h: usize| head(h).attend(&q.slice(s![.., h * HEAD..(h + 1) * HEAD]));
    // A decoder step's few rows: on this thread alone (see `gemm::FLOAT_SHARED_MIN`).
    let work = q.nrows() * head(0).keys.outputs() * D * 2;
    let per = HEADS.div_ceil(crate::gemm::threads_for(
        work,
        crate::gemm::FLOAT_SHARED_MIN,
        threads(),
    ));
    let heads: Vec<(Array2<f32>, Array2<f32>)> = std::thread::scope(|scope| {
        let one = &one;
        let spawned: Vec<_> = (per..HEADS)
            .step_by(per)
            .map(|from| {
                scope.spawn(move || (from..(from + per).min(HEADS)).map(one).collect::<Vec<_>>())
            })
            .collect();
        let mut all: Vec<_> = (0..per.min(HEADS)).map(one).collect();
        for t in spawned {
            all.extend(t.join().expect("an attention thread"));
        }
        all
    });
    let mut out = Array2::<f32>::zeros((q.nrows(), D));
    for (h, (o, _)) in heads.iter().enumerate() {
        out.slice_mut(s![.., h * HEAD..(h + 1) * HEAD]).assign(o);
    }
    if let Some(keep) = keep {
        keep.extend(heads.into_iter().map(|(_, w)| w));
    }
    out
}

/// The encoder's [`attention`]: where the processor has AVX-512, the heads are split
/// between threads and each head's two products run on packed panels ([`HeadPanels`],
/// packed here, a small part of the products).
fn encoder_attention(q: &ArrayView2<f32>, k: &ArrayView2<f32>, v: &ArrayView2<f32>) -> Array2<f32> {
    if !Kernel::best().is_wide() {
        return attention(q, k, v);
    }
    attention_heads(q, |h| Box::new(HeadPanels::new(k, v, h)), None)
}

/// [`attention`], keeping each head's weights (`[n, m]`) in `keep` when asked.
fn attention_keep(
    q: &ArrayView2<f32>,
    k: &ArrayView2<f32>,
    v: &ArrayView2<f32>,
    mut keep: Option<&mut Vec<Array2<f32>>>,
) -> Array2<f32> {
    let n = q.nrows();
    let mut out = Array2::<f32>::zeros((n, D));
    let scale = 1.0 / (HEAD as f32).sqrt();
    for h in 0..HEADS {
        let cols = s![.., h * HEAD..(h + 1) * HEAD];
        let mut w = q.slice(cols).dot(&k.slice(cols).t()) * scale;
        softmax_rows(&mut w);
        out.slice_mut(cols).assign(&w.dot(&v.slice(cols)));
        if let Some(keep) = keep.as_deref_mut() {
            keep.push(w);
        }
    }
    out
}

/// [`attention_keep`] for the decoder's few rows, written out: each row's dot with each key
/// and its weighted sum of the values, read in place from the `[m, D]` keys and values (a
/// head's 64 columns of a row are contiguous). A general matrix product would first copy the
/// keys and values of every head into its own layout, which for the cross-attention is the
/// same 500 encoder frames at every step, and costs more than the products.
fn attention_rows(
    q: &ArrayView2<f32>,
    k: &ArrayView2<f32>,
    v: &ArrayView2<f32>,
    keep: Option<&mut Vec<Array2<f32>>>,
) -> Array2<f32> {
    attention_parts(q, &[(k.view(), v.view())], keep)
}

/// [`attention_rows`] over keys and values held in parts, one after the other: a
/// hypothesis's own tokens after the prompt's, which every hypothesis shares rather than
/// copies.
fn attention_parts(
    q: &ArrayView2<f32>,
    parts: &[(ArrayView2<f32>, ArrayView2<f32>)],
    mut keep: Option<&mut Vec<Array2<f32>>>,
) -> Array2<f32> {
    let n = q.nrows();
    let q = q.as_standard_layout();
    let qs = q.as_slice().expect("standard layout");
    let parts: Vec<_> = parts
        .iter()
        .map(|(k, v)| (k.as_standard_layout(), v.as_standard_layout()))
        .collect();
    let parts: Vec<(&[f32], &[f32])> = parts
        .iter()
        .map(|(k, v)| {
            (
                k.as_slice().expect("standard layout"),
                v.as_slice().expect("standard layout"),
            )
        })
        .collect();
    let m: usize = parts.iter().map(|(k, _)| k.len() / D).sum();
    let scale = 1.0 / (HEAD as f32).sqrt();
    let mut out = Array2::<f32>::zeros((n, D));
    let mut w = vec![0f32; m];
    for h in 0..HEADS {
        let cols = h * HEAD..(h + 1) * HEAD;
        let mut weights = Array2::<f32>::zeros((n, m));
        for i in 0..n {
            let qi = &qs[i * D..][cols.clone()];
            let mut j = 0;
            for (ks, _) in &parts {
                for key in ks.chunks_exact(D) {
                    w[j] = dot(qi, &key[cols.clone()]) * scale;
                    j += 1;
                }
            }
            let max = w.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let sum = fastmath::exp_shifted(&mut w, max);
            let mut o = [0f32; HEAD];
            let mut j = 0;
            for (_, vs) in &parts {
                for value in vs.chunks_exact(D) {
                    w[j] /= sum;
                    for (oc, vc) in o.iter_mut().zip(&value[cols.clone()]) {
                        *oc += w[j] * vc;
                    }
                    j += 1;
                }
            }
            out.row_mut(i)
                .slice_mut(s![cols.clone()])
                .assign(&ndarray::ArrayView1::from(&o[..]));
            if keep.is_some() {
                weights
                    .row_mut(i)
                    .assign(&ndarray::ArrayView1::from(&w[..]));
            }
        }
        if let Some(keep) = keep.as_deref_mut() {
            keep.push(weights);
        }
    }
    out
}

/// The encoder's output for one utterance, and each decoder layer's keys and values of it
/// (computed once, shared by every hypothesis).
pub struct Encoded {
    /// Encoder frames (`[frames / 2, D]`).
    pub states: Array2<f32>,
    /// Each decoder layer's keys and values of the frames (`[frames / 2, D]`), where the
    /// processor has no AVX-512.
    cross: Vec<(Array2<f32>, Array2<f32>)>,
    /// The same keys and values, each layer's heads packed ([`HeadPanels`]), where the
    /// processor has AVX-512: every step's cross-attention reads them.
    cross_heads: Vec<Vec<HeadPanels>>,
}

impl Encoded {
    /// Decoder layer `li`'s cross-attention for the queries `q`, each head's weights kept in
    /// `keep` when asked.
    fn cross_attention(
        &self,
        li: usize,
        q: &ArrayView2<f32>,
        keep: Option<&mut Vec<Array2<f32>>>,
    ) -> Array2<f32> {
        match self.cross_heads.get(li) {
            Some(heads) => attention_heads(q, |h| &heads[h], keep),
            None => {
                let (ck, cv) = &self.cross[li];
                if q.nrows() < GEMM_ROWS {
                    attention_rows(q, &ck.view(), &cv.view(), keep)
                } else {
                    // Every token attends to the same 500 frames: a general product per head.
                    attention_keep(q, &ck.view(), &cv.view(), keep)
                }
            }
        }
    }
}

/// One hypothesis's self-attention keys and values, layer by layer (`[tokens, D]`): the
/// part every hypothesis of an utterance shares (the prompt's, made shared by
/// [`Cache::share`]), then its own tokens'. Hypotheses are copied at every step of the
/// search; the shared part, eighty tokens of previous text and more, is not.
#[derive(Clone, Default)]
pub struct Cache {
    shared: Arc<Vec<(Array2<f32>, Array2<f32>)>>,
    layers: Vec<(Array2<f32>, Array2<f32>)>,
}

impl Cache {
    /// Tokens already in the cache.
    pub fn len(&self) -> usize {
        let rows = |l: &Vec<(Array2<f32>, Array2<f32>)>| l.first().map_or(0, |(k, _)| k.nrows());
        rows(&self.shared) + rows(&self.layers)
    }
    /// Whether no token has been decoded yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes every token so far part of what copies of this cache share.
    pub fn share(&mut self) {
        let own = std::mem::take(&mut self.layers);
        if self.shared.is_empty() {
            self.shared = Arc::new(own);
            return;
        }
        let joined = self
            .shared
            .iter()
            .zip(own)
            .map(|((sk, sv), (k, v))| {
                (
                    ndarray::concatenate(Axis(0), &[sk.view(), k.view()]).expect("width"),
                    ndarray::concatenate(Axis(0), &[sv.view(), v.view()]).expect("width"),
                )
            })
            .collect();
        self.shared = Arc::new(joined);
    }

    /// Layer `li`'s own keys and values, made on first use.
    fn own(&mut self, li: usize) -> &mut (Array2<f32>, Array2<f32>) {
        while self.layers.len() <= li {
            self.layers
                .push((Array2::zeros((0, D)), Array2::zeros((0, D))));
        }
        &mut self.layers[li]
    }

    /// Layer `li`'s keys and values as parts for [`attention_parts`], the own ones cut at
    /// `own_rows`.
    fn parts(&self, li: usize, own_rows: usize) -> Vec<(ArrayView2<'_, f32>, ArrayView2<'_, f32>)> {
        let mut parts = Vec::with_capacity(2);
        if let Some((k, v)) = self.shared.get(li) {
            parts.push((k.view(), v.view()));
        }
        if let Some((k, v)) = self.layers.get(li) {
            parts.push((k.slice(s![..own_rows, ..]), v.slice(s![..own_rows, ..])));
        }
        parts
    }
}

impl Whisper {
    /// The weights from a parsed CTranslate2 `WhisperSpec` of the base size.
    pub fn from_model(m: Model) -> Result<Whisper, FormatError> {
        Whisper::from_model_with(m, Precision::default())
    }

    /// [`Whisper::from_model`], with the weights `precision` asks for.
    pub fn from_model_with(mut m: Model, precision: Precision) -> Result<Whisper, FormatError> {
        let heads = m.ints.get("encoder/num_heads").copied().unwrap_or(0);
        if heads != HEADS as i64 {
            return Err(FormatError(format!(
                "the encoder has {heads} heads: this reader knows Whisper base (8)"
            )));
        }
        // The encoder's weights on this thread, the decoder's on another: each is widened or
        // halved and packed (a tenth of a second and more apiece), and every `hear`, and
        // `play --listen` before its first utterance, waits for the model.
        let mut decoder_part = m.split_off("decoder/");
        let (encoder_half, decoder_half) = std::thread::scope(|scope| {
            let decoder = scope
                .spawn(move || Whisper::load_decoder(&mut decoder_part, precision.decoder_int8));
            let encoder = Whisper::load_encoder(&mut m, precision.encoder_int8);
            (
                encoder,
                decoder.join().expect("the decoder's loading thread"),
            )
        });
        let (conv1, conv2, enc_pos, encoder, enc_norm) = encoder_half?;
        let (embed, dec_pos, decoder, dec_norm) = decoder_half?;
        Ok(Whisper {
            conv1,
            conv2,
            enc_pos,
            encoder,
            enc_norm,
            embed,
            dec_pos,
            decoder,
            dec_norm,
        })
    }

    /// The encoder's weights (see [`Whisper::from_model`]).
    #[allow(clippy::type_complexity)]
    fn load_encoder(
        m: &mut Model,
        int8: bool,
    ) -> Result<(Linear, Linear, Array2<f32>, Vec<EncoderLayer>, Norm), FormatError> {
        let conv1 = Linear {
            w: encoder_weights(
                m.tensor("encoder/conv1/weight", &[D, 80, 3])
                    .map(|v| Array2::from_shape_vec((D, 240), v).expect("dims"))?,
                int8,
            ),
            b: Some(arr1(m, "encoder/conv1/bias", D)?),
        };
        let conv2 = Linear {
            w: encoder_weights(
                m.tensor("encoder/conv2/weight", &[D, D, 3])
                    .map(|v| Array2::from_shape_vec((D, D * 3), v).expect("dims"))?,
                int8,
            ),
            b: Some(arr1(m, "encoder/conv2/bias", D)?),
        };
        let enc_pos = arr2(m, "encoder/position_encodings/encodings", 1500, D)?;
        let mut encoder = Vec::new();
        for l in 0..LAYERS {
            let p = format!("encoder/layer_{l}");
            encoder.push(EncoderLayer {
                attn_norm: norm(m, &format!("{p}/self_attention/layer_norm"))?,
                qkv: linear(
                    m,
                    &format!("{p}/self_attention/linear_0"),
                    (3 * D, D),
                    Stored::Single,
                    int8,
                )?,
                out: linear(
                    m,
                    &format!("{p}/self_attention/linear_1"),
                    (D, D),
                    Stored::Single,
                    int8,
                )?,
                ffn_norm: norm(m, &format!("{p}/ffn/layer_norm"))?,
                ffn_in: linear(
                    m,
                    &format!("{p}/ffn/linear_0"),
                    (FFN, D),
                    Stored::Single,
                    int8,
                )?,
                ffn_out: linear(
                    m,
                    &format!("{p}/ffn/linear_1"),
                    (D, FFN),
                    Stored::Single,
                    int8,
                )?,
            });
        }
        let enc_norm = norm(m, "encoder/layer_norm")?;
        Ok((conv1, conv2, enc_pos, encoder, enc_norm))
    }

    /// The decoder's weights and the vocabulary projection (see [`Whisper::from_model`]).
    fn load_decoder(
        m: &mut Model,
        int8: bool,
    ) -> Result<(Weights, Array2<f32>, Vec<DecoderLayer>, Norm), FormatError> {
        let vocab = m
            .tensors
            .get("decoder/embeddings/weight")
            .map(|t| t.dims.first().copied().unwrap_or(0))
            .unwrap_or(0);
        let embed_name = "decoder/embeddings/weight";
        let embed = match int8_weights(m, embed_name, vocab, D, int8)? {
            Some(w) => w,
            None => half_weights(Half::load(m, embed_name, vocab, D)?, false),
        };
        let dec_pos = arr2(m, "decoder/position_encodings/encodings", MAX_TOKENS, D)?;
        let mut decoder = Vec::new();
        for l in 0..LAYERS {
            let p = format!("decoder/layer_{l}");
            decoder.push(DecoderLayer {
                self_norm: norm(m, &format!("{p}/self_attention/layer_norm"))?,
                self_qkv: linear(
                    m,
                    &format!("{p}/self_attention/linear_0"),
                    (3 * D, D),
                    Stored::Half,
                    int8,
                )?,
                self_out: linear(
                    m,
                    &format!("{p}/self_attention/linear_1"),
                    (D, D),
                    Stored::Half,
                    int8,
                )?,
                cross_norm: norm(m, &format!("{p}/attention/layer_norm"))?,
                cross_q: linear(
                    m,
                    &format!("{p}/attention/linear_0"),
                    (D, D),
                    Stored::Half,
                    int8,
                )?,
                cross_kv: linear(
                    m,
                    &format!("{p}/attention/linear_1"),
                    (2 * D, D),
                    Stored::Single,
                    int8,
                )?,
                cross_out: linear(
                    m,
                    &format!("{p}/attention/linear_2"),
                    (D, D),
                    Stored::Half,
                    int8,
                )?,
                ffn_norm: norm(m, &format!("{p}/ffn/layer_norm"))?,
                ffn_in: linear(
                    m,
                    &format!("{p}/ffn/linear_0"),
                    (FFN, D),
                    Stored::Half,
                    int8,
                )?,
                ffn_out: linear(
                    m,
                    &format!("{p}/ffn/linear_1"),
                    (D, FFN),
                    Stored::Half,
                    int8,
                )?,
            });
        }
        let dec_norm = norm(m, "decoder/layer_norm")?;
        Ok((embed, dec_pos, decoder, dec_norm))
    }

    /// The vocabulary size.
    pub fn vocab(&self) -> usize {
        self.embed.outputs()
    }

    /// Encodes a log-mel spectrogram `[80][frames]` (`frames` even, at most 3000).
    pub fn encode(&self, mel: &[f32], frames: usize) -> Encoded {
        assert!(frames.is_multiple_of(2) && frames <= MAX_FRAMES && mel.len() == 80 * frames);
        // conv1: kernel 3, padding 1, stride 1; the window as rows (in_channel * 3 + k).
        let mut cols = Array2::<f32>::zeros((frames, 240));
        for t in 0..frames {
            for c in 0..80 {
                for k in 0..3 {
                    let src = t as isize + k as isize - 1;
                    if (0..frames as isize).contains(&src) {
                        cols[[t, c * 3 + k]] = mel[c * frames + src as usize];
                    }
                }
            }
        }
        let h = self.conv1.apply_then(&cols.view(), true);
        // conv2: kernel 3, padding 1, stride 2.
        let n = frames / 2;
        let mut cols = Array2::<f32>::zeros((n, D * 3));
        for t in 0..n {
            for k in 0..3 {
                let src = 2 * t as isize + k as isize - 1;
                if (0..frames as isize).contains(&src) {
                    let row = h.row(src as usize);
                    for c in 0..D {
                        cols[[t, c * 3 + k]] = row[c];
                    }
                }
            }
        }
        let mut x = self.conv2.apply_then(&cols.view(), true);
        x += &self.enc_pos.slice(s![..n, ..]);
        for l in &self.encoder {
            let a = l.attn_norm.apply(&x);
            let qkv = l.qkv.apply(&a.view());
            let att = encoder_attention(
                &qkv.slice(s![.., ..D]),
                &qkv.slice(s![.., D..2 * D]),
                &qkv.slice(s![.., 2 * D..]),
            );
            x += &l.out.apply(&att.view());
            let f = l.ffn_norm.apply(&x);
            let f = l.ffn_in.apply_then(&f.view(), true);
            x += &l.ffn_out.apply(&f.view());
        }
        let states = self.enc_norm.apply(&x);
        // Each layer's keys and values of the frames: packed by head where the processor
        // has AVX-512 (and only so kept), else kept whole.
        let wide = Kernel::best().is_wide();
        let (mut cross, mut cross_heads) = (Vec::new(), Vec::new());
        for l in &self.decoder {
            let kv = l.cross_kv.apply(&states.view());
            let (k, v) = (kv.slice(s![.., ..D]), kv.slice(s![.., D..]));
            if wide {
                cross_heads.push((0..HEADS).map(|h| HeadPanels::new(&k, &v, h)).collect());
            } else {
                cross.push((k.to_owned(), v.to_owned()));
            }
        }
        Encoded {
            states,
            cross,
            cross_heads,
        }
    }

    /// One decoder step for several hypotheses: `tokens[i]` is the next token of the
    /// hypothesis whose cache is `caches[i]` (all caches the same length). Returns each
    /// hypothesis's log-probabilities over the vocabulary for the token after it, and
    /// extends the caches.
    pub fn step(&self, enc: &Encoded, tokens: &[u32], caches: &mut [Cache]) -> Array2<f32> {
        self.step_attending(enc, tokens, caches, &[]).0
    }

    /// [`Whisper::step`], also returning, for each hypothesis, the cross-attention weights
    /// over the encoder frames averaged over `heads` (layer, head): the alignment heads
    /// say where in the recording each token was heard.
    pub fn step_attending(
        &self,
        enc: &Encoded,
        tokens: &[u32],
        caches: &mut [Cache],
        heads: &[(usize, usize)],
    ) -> (Array2<f32>, Array2<f32>) {
        let (x, attended) = self.step_hidden(enc, tokens, caches, heads);
        (self.log_probs(&x), attended)
    }

    /// One decoder step without the vocabulary projection: the final states (`[b, D]`),
    /// and the alignment heads' weights. The projection reads the whole 26-million-weight
    /// embedding matrix, so a step whose next-token distribution is not wanted (the prompt's
    /// tokens but the last) is far cheaper this way.
    pub fn step_hidden(
        &self,
        enc: &Encoded,
        tokens: &[u32],
        caches: &mut [Cache],
        heads: &[(usize, usize)],
    ) -> (Array2<f32>, Array2<f32>) {
        let b = tokens.len();
        let mut attended = Array2::<f32>::zeros((b, enc.states.nrows()));
        let pos = caches.first().map_or(0, Cache::len);
        let mut x = self.embed_rows(tokens, |_| pos);
        for (li, l) in self.decoder.iter().enumerate() {
            let a = l.self_norm.apply(&x);
            let qkv = l.self_qkv.apply(&a.view());
            let mut att = Array2::<f32>::zeros((b, D));
            for (i, cache) in caches.iter_mut().enumerate() {
                let (k, v) = cache.own(li);
                k.push_row(qkv.slice(s![i, D..2 * D])).expect("width");
                v.push_row(qkv.slice(s![i, 2 * D..])).expect("width");
                let own_rows = k.nrows();
                let q = qkv.slice(s![i..i + 1, ..D]);
                let o = attention_parts(&q, &cache.parts(li, own_rows), None);
                att.row_mut(i).assign(&o.row(0));
            }
            x += &l.self_out.apply(&att.view());
            let c = l.cross_norm.apply(&x);
            let q = l.cross_q.apply(&c.view());
            let mut kept = Vec::new();
            let wanted = heads.iter().any(|&(hl, _)| hl == li);
            let o = enc.cross_attention(li, &q.view(), wanted.then_some(&mut kept));
            for &(hl, h) in heads {
                if hl == li {
                    attended += &(&kept[h] / heads.len() as f32);
                }
            }
            x += &l.cross_out.apply(&o.view());
            let f = l.ffn_norm.apply(&x);
            let f = l.ffn_in.apply_then(&f.view(), true);
            x += &l.ffn_out.apply(&f.view());
        }
        (self.dec_norm.apply(&x), attended)
    }

    /// The decoder's input rows: each token's embedding plus the position `at(row)`.
    fn embed_rows(&self, tokens: &[u32], at: impl Fn(usize) -> usize) -> Array2<f32> {
        let mut x = Array2::<f32>::zeros((tokens.len(), D));
        let mut e = vec![0f32; D];
        for (i, &t) in tokens.iter().enumerate() {
            let mut row = x.row_mut(i);
            self.embed.row_into(t as usize, &mut e);
            row.assign(&ArrayView1::from(&e[..]));
            row += &self.dec_pos.row(at(i));
        }
        x
    }

    /// Decodes `tokens` as one sequence after what `cache` holds, all in one pass, and
    /// returns each token's final states (`[tokens, D]`). The same numbers as feeding the
    /// tokens one [`Whisper::step_hidden`] at a time, but each weight is read once for all of
    /// them rather than once per token: a prompt of eighty tokens of previous text took two
    /// seconds one step at a time, every step a pass over all 22 million decoder weights.
    pub fn prefill(&self, enc: &Encoded, tokens: &[u32], cache: &mut Cache) -> Array2<f32> {
        let t = tokens.len();
        let pos = cache.len();
        let mut x = self.embed_rows(tokens, |i| pos + i);
        for (li, l) in self.decoder.iter().enumerate() {
            let a = l.self_norm.apply(&x);
            let qkv = l.self_qkv.apply(&a.view());
            if cache.layers.len() <= li {
                cache
                    .layers
                    .push((Array2::zeros((0, D)), Array2::zeros((0, D))));
            }
            let (k, v) = &mut cache.layers[li];
            for i in 0..t {
                k.push_row(qkv.slice(s![i, D..2 * D])).expect("width");
                v.push_row(qkv.slice(s![i, 2 * D..])).expect("width");
            }
            // Each token attends to the cache and to itself and the tokens before it.
            let mut att = Array2::<f32>::zeros((t, D));
            for i in 0..t {
                let q = qkv.slice(s![i..i + 1, ..D]);
                let seen = pos + i + 1;
                let o =
                    attention_rows(&q, &k.slice(s![..seen, ..]), &v.slice(s![..seen, ..]), None);
                att.row_mut(i).assign(&o.row(0));
            }
            x += &l.self_out.apply(&att.view());
            let c = l.cross_norm.apply(&x);
            let q = l.cross_q.apply(&c.view());
            let o = enc.cross_attention(li, &q.view(), None);
            x += &l.cross_out.apply(&o.view());
            let f = l.ffn_norm.apply(&x);
            let f = l.ffn_in.apply_then(&f.view(), true);
            x += &l.ffn_out.apply(&f.view());
        }
        self.dec_norm.apply(&x)
    }

    /// Log-probabilities over the vocabulary for the token after each row of final states.
    pub fn log_probs(&self, x: &Array2<f32>) -> Array2<f32> {
        let mut logits = self.embed.product(&x.view());
        for mut row in logits.axis_iter_mut(Axis(0)) {
            let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let sum = match row.as_slice() {
                Some(values) => fastmath::sum_exp_shifted(values, max),
                None => row.iter().map(|&v| fastmath::exp(v - max)).sum(),
            };
            let log_sum = max + sum.ln();
            row.mapv_inplace(|v| v - log_sum);
        }
        logits
    }
}

/// Milliseconds a decoder product takes, `m` rows against `n` half-float weight rows of
/// `k`, the best of `reps`, on the threads of a step: with the weights in rows and AVX2
/// (processors without AVX-512), or packed ([`Packed`], AVX-512 where the processor has it).
/// For `benches/products.rs`; not part of the model.
#[doc(hidden)]
pub fn half_product_ms(m: usize, k: usize, n: usize, packed: bool, reps: usize) -> f64 {
    let w = Half {
        w: (0..n * k)
            .map(|i| f16::from_f32(((i * 7919) % 1000) as f32 / 1000.0 - 0.5))
            .collect(),
        rows: n,
        cols: k,
    };
    let x = Array2::from_shape_fn((m, k), |(i, c)| {
        ((i * 104_729 + c * 31) % 1000) as f32 / 1000.0 - 0.5
    });
    let w = if packed {
        Weights::PackedHalf(Packed::from_slice(&w.w, n, k))
    } else {
        Weights::Half(w)
    };
    crate::gemm::best_ms(reps, || {
        std::hint::black_box(w.product(&x.view()));
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The running maxima give the fold's maximum, with a tail, with NaNs and with none.
    #[test]
    fn a_rows_maximum_is_the_folds() {
        let values: Vec<f32> = (0..101)
            .map(|i| ((i * 7919) % 211) as f32 - 150.0)
            .chain([f32::NAN, -0.5, f32::NAN])
            .collect();
        for len in [0, 1, 15, 16, 17, 33, values.len()] {
            let row = ArrayView1::from(&values[..len]);
            let fold = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            assert_eq!(row_max(row).to_bits(), fold.to_bits(), "{len} values");
        }
        let strided = Array2::from_shape_fn((3, 40), |(i, j)| (i * 40 + j) as f32);
        assert_eq!(row_max(strided.column(7)), 87.0);
    }

    /// Weights that are half floats give the same products whether widened first or row by
    /// row in the decoder's product: the half-float decoder changes no score, only the bytes
    /// read.
    #[test]
    fn half_weights_give_the_same_products_to_the_bit() {
        for k in [512, 520] {
            half_and_full_agree(k);
        }
    }

    fn half_and_full_agree(k: usize) {
        let (n, m) = (37, 5);
        let mut x: u32 = 7;
        let mut next = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (x >> 9) as f32 / (1u32 << 23) as f32 - 0.5
        };
        // Values a float16 file can hold exactly.
        let w = Array2::from_shape_fn((n, k), |_| f16::from_f32(next()).to_f32());
        let xs = Array2::from_shape_fn((m, k), |_| next());
        let half = Half {
            w: w.iter().map(|&v| f16::from_f32(v)).collect(),
            rows: n,
            cols: k,
        };
        let full = rows_dot(&xs.view(), &w);
        let halved = rows_dot_half(&xs.view(), &half);
        assert_eq!(full.dim(), (m, n));
        assert_eq!(full, halved);
        // And both are the products: one entry checked by hand.
        let want: f32 = (0..k).map(|i| xs[[3, i]] * w[[11, i]]).sum();
        assert!(
            (full[[3, 11]] - want).abs() < 1e-4,
            "{} {want}",
            full[[3, 11]]
        );
        let mut row = vec![0f32; k];
        half.row_into(11, &mut row);
        assert_eq!(row, w.row(11).to_vec());
    }

    /// The products in AVX2 registers are the plain products, for one to nine rows (every
    /// size of a last group of four).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_registers_products_are_the_plain_products() {
        let k = 512;
        assert!(
            fused::available(k),
            "this machine has no AVX2, FMA or F16C: the test would check nothing"
        );
        let mut x: u32 = 3;
        let mut next = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (x >> 9) as f32 / (1u32 << 23) as f32 - 0.5
        };
        let n = 11;
        let ws: Vec<f16> = (0..n * k).map(|_| f16::from_f32(next())).collect();
        for m in 1..=9 {
            let xs: Vec<f32> = (0..m * k).map(|_| next()).collect();
            let mut fast = vec![0f32; n * m];
            fused::rows_dot_half(&ws, &xs, k, &mut fast);
            let mut row = vec![0f32; k];
            for r in 0..n {
                widen(&ws[r * k..(r + 1) * k], &mut row);
                for i in 0..m {
                    let want: f64 = row
                        .iter()
                        .zip(&xs[i * k..(i + 1) * k])
                        .map(|(a, b)| f64::from(*a) * f64::from(*b))
                        .sum();
                    let got = fast[r * m + i];
                    assert!(
                        (f64::from(got) - want).abs() < 1e-4,
                        "row {r} by row {i} of {m}: {got} against {want}"
                    );
                }
            }
        }
    }

    /// A cap on this thread's threads holds while its guard lives, nests, and changes no
    /// bit of the encoder's attention, which splits its heads between threads.
    #[test]
    fn capped_threads_give_the_same_attention_to_the_bit() {
        let mut x: u32 = 7;
        let mut next = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (x >> 9) as f32 / (1u32 << 23) as f32 - 0.5
        };
        let n = 300;
        let qkv = Array2::from_shape_simple_fn((n, 3 * D), &mut next);
        let attend = || {
            encoder_attention(
                &qkv.slice(s![.., ..D]),
                &qkv.slice(s![.., D..2 * D]),
                &qkv.slice(s![.., 2 * D..]),
            )
        };
        let cores = threads();
        let free = attend();
        {
            let _one = cap_threads(1);
            assert_eq!(threads(), 1);
            {
                let _none = cap_threads(0);
                assert_eq!(threads(), 1, "at least one thread");
            }
            assert_eq!(threads(), 1);
            let capped = attend();
            assert!(
                free.iter()
                    .zip(&capped)
                    .all(|(a, b)| a.to_bits() == b.to_bits()),
                "the attention changed with the threads"
            );
        }
        assert_eq!(threads(), cores, "the cap is gone with its guard");
        let elsewhere = std::thread::spawn(threads).join().unwrap();
        assert_eq!(elsewhere, cores, "another thread was never capped");
    }

    /// Every finite half float, subnormals and both zeros included, widens to exactly the
    /// single float the `half` crate gives.
    #[test]
    fn every_finite_half_float_widens_exactly() {
        let halves: Vec<f16> = (0..=u16::MAX)
            .map(f16::from_bits)
            .filter(|h| h.is_finite())
            .collect();
        assert_eq!(halves.len(), 65536 - 2 * 1024);
        let mut widened = vec![0f32; halves.len()];
        widen(&halves, &mut widened);
        for (h, w) in halves.iter().zip(&widened) {
            assert_eq!(
                w.to_bits(),
                h.to_f32().to_bits(),
                "{h:?} (bits {:#06x})",
                h.to_bits()
            );
        }
    }

    /// The decoder's written-out attention gives what the matrix-product attention gives,
    /// outputs and kept weights, for few query rows over many keys.
    #[test]
    fn the_decoders_attention_is_the_matrix_products_attention() {
        let mut x: u32 = 99;
        let mut next = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (x >> 9) as f32 / (1u32 << 23) as f32 - 0.5
        };
        let q = Array2::from_shape_fn((3, D), |_| 4.0 * next());
        let k = Array2::from_shape_fn((150, D), |_| 4.0 * next());
        let v = Array2::from_shape_fn((150, D), |_| next());
        let (mut kept_a, mut kept_b) = (Vec::new(), Vec::new());
        let a = attention_keep(&q.view(), &k.view(), &v.view(), Some(&mut kept_a));
        let b = attention_rows(&q.view(), &k.view(), &v.view(), Some(&mut kept_b));
        assert_eq!(a.dim(), b.dim());
        let worst = a
            .iter()
            .zip(&b)
            .map(|(x, y)| (x - y).abs())
            .fold(0f32, f32::max);
        assert!(worst < 1e-5, "outputs differ by {worst}");
        assert_eq!(kept_a.len(), HEADS);
        assert_eq!(kept_b.len(), HEADS);
        for (ka, kb) in kept_a.iter().zip(&kept_b) {
            let worst = ka
                .iter()
                .zip(kb)
                .map(|(x, y)| (x - y).abs())
                .fold(0f32, f32::max);
            assert!(worst < 1e-6, "weights differ by {worst}");
            // Each row of weights is a distribution over the keys.
            assert!((kb.row(2).sum() - 1.0).abs() < 1e-5);
        }
    }
}
