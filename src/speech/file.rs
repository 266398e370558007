//! Words without clips put into a WAV file (the dictated scoresheet's move numbers).
//!
//! System speech through speech-dispatcher plays to the speakers and cannot write a file, so
//! for recordings vichess runs eSpeak NG (installed with speech-dispatcher on Linux) as a
//! program and reads its WAV. The words are levelled to the clips' loudness so they do not
//! stand out. Without eSpeak NG the recording lacks those words, and the caller says so.

use super::SpeechError;
use crate::audio::{wav, Pcm};
use crate::phrase::Language;
use std::collections::HashMap;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Speech loudness of the clips (RMS of the voiced part, dB full scale; scripts/make-voices).
const TARGET_RMS_DBFS: f64 = -20.0;

/// Text to PCM through the `espeak-ng` program, remembering what it already said.
pub struct Espeak {
    language: Language,
    /// Words a minute: eSpeak NG's 175 times the speed, so a fallback word is not slower
    /// than the clips around it.
    rate: u32,
    cache: HashMap<String, Pcm>,
}

impl Espeak {
    /// Checks that `espeak-ng` runs and knows `language`.
    pub fn open(language: Language) -> Result<Espeak, SpeechError> {
        Espeak::at_speed(language, 1.0)
    }

    /// As [`Espeak::open`], speaking `speed` times as fast as eSpeak NG's normal rate (the
    /// clips' speed on top of their pack's pace), within the rates it can do (80-450 a minute).
    pub fn at_speed(language: Language, speed: f64) -> Result<Espeak, SpeechError> {
        let rate = (175.0 * speed).clamp(80.0, 450.0).round() as u32;
        let mut e = Espeak {
            language,
            rate,
            cache: HashMap::new(),
        };
        e.say("1")?;
        e.cache.clear();
        Ok(e)
    }

    /// `text` spoken, levelled, at the engine's rate.
    pub fn say(&mut self, text: &str) -> Result<Pcm, SpeechError> {
        if let Some(p) = self.cache.get(text) {
            return Ok(p.clone());
        }
        // A folder of its own for each call, removed with its file: one folder a process
        // was left behind in the temp dir by every run, and two engines in one process
        // (numbering their files by their own caches) could write the same file at once.
        static CALLS: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "vichess-espeak-{}-{}",
            std::process::id(),
            CALLS.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(|e| SpeechError::Failed(e.to_string()))?;
        let spoken = self.render(text, &dir);
        let _ = std::fs::remove_dir_all(&dir);
        let mut pcm = spoken?;
        level(&mut pcm);
        self.cache.insert(text.to_string(), pcm.clone());
        Ok(pcm)
    }

    /// `text` spoken by eSpeak NG into a WAV file in `dir`, and read back.
    fn render(&self, text: &str, dir: &std::path::Path) -> Result<Pcm, SpeechError> {
        let path = dir.join("said.wav");
        let out = Command::new("espeak-ng")
            .args([
                "-v",
                self.language.code(),
                "-s",
                &self.rate.to_string(),
                "-w",
            ])
            .arg(&path)
            .arg(text)
            // eSpeak NG opens a sound output even to write a file: through PulseAudio that
            // reaches the player's sound server, and where there is no runtime folder
            // (a service, CI) it leaves a `pulse-*` folder in the temp dir at every call.
            // Pointed at a server that is not there, it writes the same file and touches
            // neither.
            .env(
                "PULSE_SERVER",
                format!("unix:{}", dir.join("no-sound-server").display()),
            )
            .output()
            .map_err(|e| SpeechError::NoEspeak(e.kind(), e.to_string()))?;
        if !out.status.success() {
            return Err(SpeechError::EspeakFailed(format!(
                "{text:?}: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        wav::read(&path).map_err(|e| SpeechError::Failed(e.to_string()))
    }
}

/// Trims silence at both ends and scales speech to the clips' loudness, peak under -1 dBFS.
fn level(pcm: &mut Pcm) {
    let floor = 10f32.powf(-45.0 / 20.0);
    let start = pcm
        .samples
        .iter()
        .position(|s| s.abs() > floor)
        .unwrap_or(0);
    let end = pcm
        .samples
        .iter()
        .rposition(|s| s.abs() > floor)
        .map_or(0, |e| e + 1);
    pcm.samples = pcm.samples[start..end.max(start)].to_vec();
    let m = pcm.measure();
    if m.speech_rms_dbfs.is_finite() {
        let gain_db = (TARGET_RMS_DBFS - m.speech_rms_dbfs).min(-1.0 - m.peak_dbfs);
        let gain = 10f32.powf(gain_db as f32 / 20.0);
        pcm.samples.iter_mut().for_each(|s| *s *= gain);
    }
}
