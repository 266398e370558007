//! The log-mel spectrogram Whisper was trained on: 16 kHz, a 400-sample Hann window every
//! 160 samples (25 ms every 10 ms), centred with reflected edges, the power spectrum through
//! 80 Slaney mel filters, log10, floored 8 below the loudest value, scaled by (x + 4) / 4.
//! Any difference from the training front end shows up as worse recognition, not as an
//! error, so this follows OpenAI's `log_mel_spectrogram` step for step.

/// Samples a second.
pub const SAMPLE_RATE: usize = 16_000;
/// Window length.
pub const N_FFT: usize = 400;
/// Samples between frames.
pub const HOP: usize = 160;
/// Mel bands.
pub const N_MELS: usize = 80;
const N_BINS: usize = N_FFT / 2 + 1;

/// The 80 x 201 mel filter bank (librosa's `filters.mel(sr=16000, n_fft=400, n_mels=80)`:
/// Slaney's mel scale, linear below 1 kHz and logarithmic above, each filter scaled to unit
/// area).
pub fn filters() -> Vec<f32> {
    let hz_to_mel = |f: f64| {
        let f_sp = 200.0 / 3.0;
        if f >= 1000.0 {
            15.0 + (f / 1000.0).ln() / (6.4f64.ln() / 27.0)
        } else {
            f / f_sp
        }
    };
    let mel_to_hz = |m: f64| {
        let f_sp = 200.0 / 3.0;
        if m >= 15.0 {
            1000.0 * ((6.4f64.ln() / 27.0) * (m - 15.0)).exp()
        } else {
            f_sp * m
        }
    };
    let top = hz_to_mel(SAMPLE_RATE as f64 / 2.0);
    let hz: Vec<f64> = (0..N_MELS + 2)
        .map(|i| mel_to_hz(top * i as f64 / (N_MELS + 1) as f64))
        .collect();
    let fft_hz: Vec<f64> = (0..N_BINS)
        .map(|k| k as f64 * SAMPLE_RATE as f64 / N_FFT as f64)
        .collect();
    let mut w = vec![0f32; N_MELS * N_BINS];
    for m in 0..N_MELS {
        let (lo, mid, hi) = (hz[m], hz[m + 1], hz[m + 2]);
        let norm = 2.0 / (hi - lo);
        for (k, &f) in fft_hz.iter().enumerate() {
            let rise = (f - lo) / (mid - lo);
            let fall = (hi - f) / (hi - mid);
            w[m * N_BINS + k] = (rise.min(fall).max(0.0) * norm) as f32;
        }
    }
    w
}

/// The spectrogram of `samples` (16 kHz, -1..1) as `[N_MELS][frames]`, with
/// `frames = samples.len() / HOP` (the last centred frame dropped, as Whisper does).
pub fn log_mel(samples: &[f32], filters: &[f32]) -> (Vec<f32>, usize) {
    let frames = samples.len() / HOP;
    let pad = N_FFT / 2;
    // Reflect padding, as torch.stft(center=True) does.
    let at = |i: isize| -> f32 {
        let n = samples.len() as isize;
        if n == 0 {
            return 0.0;
        }
        let mut j = i;
        if j < 0 {
            j = -j;
        }
        if j >= n {
            j = 2 * (n - 1) - j;
        }
        samples[j.clamp(0, n - 1) as usize]
    };
    let window: Vec<f32> = (0..N_FFT)
        .map(|i| (0.5 - 0.5 * (2.0 * std::f64::consts::PI * i as f64 / N_FFT as f64).cos()) as f32)
        .collect();
    // The DFT as one matrix product: frames x 400 by 400 x (201 cos, 201 sin).
    let mut basis = vec![0f32; N_FFT * 2 * N_BINS];
    for n in 0..N_FFT {
        for k in 0..N_BINS {
            let angle = 2.0 * std::f64::consts::PI * (k * n % N_FFT) as f64 / N_FFT as f64;
            basis[n * 2 * N_BINS + k] = angle.cos() as f32;
            basis[n * 2 * N_BINS + N_BINS + k] = -angle.sin() as f32;
        }
    }
    let mut windowed = vec![0f32; frames * N_FFT];
    for t in 0..frames {
        for i in 0..N_FFT {
            windowed[t * N_FFT + i] = at((t * HOP + i) as isize - pad as isize) * window[i];
        }
    }
    let windowed = ndarray::Array2::from_shape_vec((frames, N_FFT), windowed).expect("shape");
    let basis = ndarray::Array2::from_shape_vec((N_FFT, 2 * N_BINS), basis).expect("shape");
    let spectrum = windowed.dot(&basis);
    let spectrum = spectrum.as_slice().expect("standard layout");
    let mut power = vec![0f32; frames * N_BINS];
    for t in 0..frames {
        for k in 0..N_BINS {
            let re = spectrum[t * 2 * N_BINS + k];
            let im = spectrum[t * 2 * N_BINS + N_BINS + k];
            power[t * N_BINS + k] = re * re + im * im;
        }
    }
    // mel[m][t] = sum_k filters[m][k] power[t][k]
    let mut mel = vec![0f32; N_MELS * frames];
    for m in 0..N_MELS {
        let f = &filters[m * N_BINS..(m + 1) * N_BINS];
        for t in 0..frames {
            let p = &power[t * N_BINS..(t + 1) * N_BINS];
            let s: f32 = f.iter().zip(p).map(|(a, b)| a * b).sum();
            mel[m * frames + t] = s.max(1e-10).log10();
        }
    }
    let top = mel.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    for v in &mut mel {
        *v = (v.max(top - 8.0) + 4.0) / 4.0;
    }
    (mel, frames)
}
