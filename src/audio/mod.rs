//! Sound out of vichess: mono PCM in memory, WAV files, audience routing, and (behind the
//! `audio` feature) the sound card through cpal.
//!
//! Everything but `device` is pure and works on samples in memory, so the renderer and the
//! routing are tested without a sound card; the device adapter only copies samples out.

#[cfg(feature = "audio")]
pub mod device;
pub mod earcon;
pub mod fault;
pub mod measure;
pub mod resample;
#[cfg(feature = "audio")]
pub mod ring;
pub mod route;
#[cfg(feature = "audio")]
pub mod said;
pub mod stretch;
pub mod wav;

pub use measure::Measure;
pub use route::{Audience, Channel, Destination, Routing};

use std::time::Duration;

/// Mono audio as `f32` samples in -1.0..=1.0 at a known sample rate.
///
/// Mono because every clip and every announcement is one voice; channels are made only at
/// the last step, when routing picks a device and a side ([`route`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pcm {
    /// Samples per second: needed to time, resample and write the audio.
    pub rate: u32,
    /// The signal, one sample per frame (mono); clipped only when written out as integers.
    pub samples: Vec<f32>,
}

impl Pcm {
    /// Wraps samples already rendered or read at `rate`; nothing is checked or converted.
    pub fn new(rate: u32, samples: Vec<f32>) -> Pcm {
        Pcm { rate, samples }
    }

    /// `seconds` of silence.
    pub fn silence(rate: u32, seconds: f64) -> Pcm {
        Pcm::new(rate, vec![0.0; frames(rate, seconds)])
    }

    /// The number of samples, which is also the number of frames (mono).
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// True when there is nothing to play, so callers can skip queueing it.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// How long the audio plays, in seconds; 0.0 when the rate is unknown (0).
    pub fn seconds(&self) -> f64 {
        if self.rate == 0 {
            0.0
        } else {
            self.samples.len() as f64 / f64::from(self.rate)
        }
    }

    /// [`Pcm::seconds`] as a [`Duration`], for timing waits and latency reports.
    pub fn duration(&self) -> Duration {
        Duration::from_secs_f64(self.seconds())
    }

    /// Appends `other`, which must have the same rate (a programming error otherwise).
    pub fn append(&mut self, other: &Pcm) {
        assert_eq!(
            self.rate, other.rate,
            "appending PCM of another sample rate"
        );
        self.samples.extend_from_slice(&other.samples);
    }

    /// This audio at `rate` (a copy when the rate is already right).
    pub fn resampled(&self, rate: u32) -> Pcm {
        Pcm::new(rate, resample::resample(&self.samples, self.rate, rate))
    }

    /// Duration, levels and silences, for tests and reports.
    pub fn measure(&self) -> Measure {
        Measure::of(self)
    }
}

/// The number of samples in `seconds` at `rate`, rounded.
pub fn frames(rate: u32, seconds: f64) -> usize {
    (f64::from(rate) * seconds.max(0.0)).round() as usize
}
