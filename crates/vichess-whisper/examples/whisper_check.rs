//! Transcribes and scores WAV files against phrases, for checking the model by ear:
//! `cargo run --release -p vichess-whisper --example whisper_check -- DIR LANG FILE.wav [PHRASE]...`
//! (`INT8=1` loads the weights as 8-bit integers, [`vichess_whisper::Precision`]).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let t0 = std::time::Instant::now();
    let int8 = std::env::var("INT8").is_ok_and(|v| v == "1");
    let precision = vichess_whisper::Precision {
        encoder_int8: int8,
        decoder_int8: int8,
    };
    let mut r =
        vichess_whisper::Recognizer::load_with(std::path::Path::new(&args[0]), precision).unwrap();
    if let Ok(context) = std::env::var("CONTEXT") {
        r.set_context(&args[1], &context);
    }
    eprintln!("loaded in {:?}", t0.elapsed());
    let lang = &args[1];
    let mut wav = hound::WavReader::open(&args[2]).unwrap();
    let spec = wav.spec();
    let samples: Vec<f32> = wav
        .samples::<i16>()
        .map(|s| s.unwrap() as f32 / 32768.0)
        .collect();
    assert_eq!(spec.sample_rate, 16000, "16 kHz only here");
    let min: f32 = std::env::var("MIN_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.0);
    let t = std::time::Instant::now();
    let u = r.encode(&samples, min);
    eprintln!("encoded {} frames in {:?}", u.frames, t.elapsed());
    let t = std::time::Instant::now();
    println!("transcript: {:?}", r.transcribe_scored(&u, lang, 30));
    let own = r.score(&u, lang, &[], 8, 30);
    println!("transcript tokens: {:?}", own.greedy.steps());
    eprintln!("transcribed in {:?}", t.elapsed());
    let phrases: Vec<Vec<u32>> = args[3..].iter().map(|p| r.tokens(p).unwrap()).collect();
    let t = std::time::Instant::now();
    let scores = r.score(&u, lang, &phrases, 8, 30);
    eprintln!("scored in {:?}", t.elapsed());
    println!("no speech: {:.3}", scores.no_speech);
    for ((p, s), toks) in args[3..].iter().zip(scores.phrases).zip(&phrases) {
        println!(
            "{p}: {s:?} tokens {toks:?} frames {:?}",
            r.align(&u, lang, toks)
        );
    }
}
