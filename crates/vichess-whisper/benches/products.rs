//! The decoder's products over half-float weights, AVX2 against AVX-512, on the shapes a
//! phrase search step has: up to nine rows (a beam of eight and the transcript) against the
//! vocabulary projection (51,865 rows, memory-bound) and a layer's weights (in cache).
//! `cargo bench -p vichess-whisper --bench products`; the figures are in
//! `docs/performance.md`.

fn main() {
    #[cfg(target_arch = "x86_64")]
    {
        let wide = std::arch::is_x86_feature_detected!("avx512f");
        println!("AVX-512 on this processor: {wide}");
        for (n, m, reps) in [
            (51_865, 9, 20),
            (51_865, 2, 20),
            (2048, 9, 2000),
            (512, 9, 4000),
        ] {
            // Alternated, twice each, so a change of the machine's load hits both.
            let mut avx2 = Vec::new();
            let mut avx512 = Vec::new();
            for _ in 0..2 {
                avx2.push(vichess_whisper::model::product_ms(n, m, false, reps));
                avx512.push(vichess_whisper::model::product_ms(n, m, true, reps));
            }
            let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            let (a, b) = (best(&avx2), best(&avx512));
            println!(
                "{m} rows x {n} weight rows: AVX2 {a:.3} ms, AVX-512 {b:.3} ms, ratio {:.2}",
                b / a
            );
        }
    }
}
