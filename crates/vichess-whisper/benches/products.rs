//! The model's products, packed panels ([`vichess_whisper::gemm`], AVX-512 where the
//! processor has it) against what they replaced, on the shapes an utterance has:
//!
//! - the decoder's, a step's up to nine rows (a beam of eight and the transcript) and the
//!   prompt's 76, against half-float weights: the vocabulary projection (51,865 rows,
//!   read from memory at every step) and a layer's weights; the reference is the weights in
//!   rows with AVX2 (`fused`, what processors without AVX-512 still run), widened whole
//!   for the prompt's rows;
//! - the encoder's, 500 frames against single-float weights; the reference is `ndarray`'s
//!   general product (`matrixmultiply`).
//!
//! - 8-bit integer panels ([`vichess_whisper::quant`], AVX-512 VNNI) against the float
//!   panels they replace: half floats on the decoder's shapes, single floats on the
//!   encoder's, on the threads the model uses.
//!
//! - the GELU and the softmax's exponentials over a million values, in the code this
//!   processor runs (AVX-512's sixteen lanes where it has them) against the plain code as
//!   the compiler vectorises it alone (`target-cpu` of the build: x86-64's SSE2).
//!
//! `cargo bench -p vichess-whisper --bench products`; the figures are in
//! `docs/performance.md`.

fn main() {
    println!(
        "AVX-512 on this processor: {}; VNNI: {}; AVX2 with FMA: {}",
        std::arch::is_x86_feature_detected!("avx512f"),
        std::arch::is_x86_feature_detected!("avx512vnni"),
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
    );
    // Alternated, twice each, so a change of the machine's load hits both.
    let best = |f: &dyn Fn(bool) -> f64| {
        let mut v = [f64::INFINITY; 2];
        for _ in 0..2 {
            v[0] = v[0].min(f(false));
            v[1] = v[1].min(f(true));
        }
        (v[0], v[1])
    };
    for (m, k, n, reps) in [
        (9, 512, 51_865, 10),
        (2, 512, 51_865, 10),
        (9, 512, 2048, 200),
        (9, 2048, 512, 200),
        (76, 512, 1536, 20),
    ] {
        let (a, b) = best(&|packed| vichess_whisper::model::half_product_ms(m, k, n, packed, reps));
        println!(
            "decoder, {m} rows x {k} inputs x {n} outputs: before {a:.3} ms, packed {b:.3} ms, ratio {:.2}",
            b / a
        );
    }
    for (m, k, n) in [(500, 512, 1536), (500, 512, 2048), (500, 2048, 512)] {
        let (a, b) = best(&|packed| vichess_whisper::gemm::product_ms(m, k, n, packed, 10));
        println!(
            "encoder, {m} rows x {k} inputs x {n} outputs: ndarray {a:.3} ms, packed {b:.3} ms, ratio {:.2}",
            b / a
        );
    }
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4);
    println!(
        "8-bit integer products on this processor: {} (VNNI: {})",
        vichess_whisper::quant::Quantized::available(),
        std::arch::is_x86_feature_detected!("avx512vnni")
    );
    for (shape, half, reps) in [
        ((9, 512, 51_865), true, 10),
        ((2, 512, 51_865), true, 10),
        ((9, 512, 2048), true, 200),
        ((9, 2048, 512), true, 200),
        ((76, 512, 1536), true, 20),
        ((500, 512, 1536), false, 10),
        ((500, 512, 2048), false, 10),
        ((500, 2048, 512), false, 10),
    ] {
        let (a, b) =
            best(&|int8| vichess_whisper::quant::int8_product_ms(shape, int8, half, threads, reps));
        let (m, k, n) = shape;
        let floats = if half { "half" } else { "single" };
        println!(
            "int8, {m} rows x {k} inputs x {n} outputs: {floats} floats {a:.3} ms, int8 {b:.3} ms, ratio {:.2}",
            b / a
        );
    }
    // A step's int8 products on one thread against the model's threads: what the second
    // thread gains once the weights are a byte each (products under 24 million
    // multiply-adds run on one thread either way: starting a thread cost more).
    for shape in [
        (9, 512, 51_865),
        (9, 512, 2048),
        (9, 2048, 512),
        (9, 512, 512),
    ] {
        let (m, k, n) = shape;
        let mut v = [f64::INFINITY; 2];
        for _ in 0..2 {
            v[0] = v[0].min(vichess_whisper::quant::int8_product_ms(
                shape, true, true, 1, 50,
            ));
            v[1] = v[1].min(vichess_whisper::quant::int8_product_ms(
                shape, true, true, threads, 50,
            ));
        }
        println!(
            "int8, {m} rows x {k} inputs x {n} outputs: one thread {:.3} ms, {threads} threads {:.3} ms, ratio {:.2}",
            v[0], v[1], v[1] / v[0]
        );
    }
    let (mut plain, mut best) = (
        (f64::INFINITY, f64::INFINITY),
        (f64::INFINITY, f64::INFINITY),
    );
    for _ in 0..2 {
        let p = vichess_whisper::elementwise_ms(1_000_000, false, 5);
        let b = vichess_whisper::elementwise_ms(1_000_000, true, 5);
        plain = (plain.0.min(p.0), plain.1.min(p.1));
        best = (best.0.min(b.0), best.1.min(b.1));
    }
    println!(
        "a million GELUs: plain {:.3} ms, this processor's {:.3} ms, ratio {:.2}",
        plain.0,
        best.0,
        best.0 / plain.0
    );
    println!(
        "a million softmax exponentials: plain {:.3} ms, this processor's {:.3} ms, ratio {:.2}",
        plain.1,
        best.1,
        best.1 / plain.1
    );
}
