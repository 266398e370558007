//! The microphone for `play --listen`: the default input device through cpal, mixed to mono
//! and kept only while the player holds the floor (push-to-talk), then converted to the
//! 16 kHz, 16-bit samples a recogniser takes. Nothing is recorded between utterances: the
//! stream runs, but its samples are dropped unless a recording is open.

use crate::audio::fault::{FaultKind, SoundFault};
use crate::audio::resample::resample;
use crate::phrase::token::{Token, Word};
use crate::voice::Pack;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, Sample, SampleFormat, SizedSample};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The rate a recogniser takes.
pub const RATE: u32 = 16_000;

/// The longest utterance, in milliseconds: a move or a command is said in a few seconds, and
/// a talk key left on must not record the whole game.
pub const MAX_MS: u64 = 8_000;

/// Why the microphone cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    /// The sound system offers no input device.
    #[error("there is no input device (microphone) on this computer")]
    NoDevice,
    /// The device exists but could not be set up or started.
    #[error("the input device \"{name}\" cannot record: {reason}")]
    Unavailable {
        /// The device's name as the sound system gives it.
        name: String,
        /// What went wrong: its kind, said in the game's words, and the system's own message.
        reason: SoundFault,
    },
}

impl CaptureError {
    /// Why, in `pack`'s words: the device's name in the language's quotation marks, the
    /// fault's kind in words and the sound system's own message, if it gave one.
    pub fn words(&self, pack: &Pack) -> String {
        let w = |word| pack.text(&[Token::Word(word)]);
        match self {
            CaptureError::NoDevice => w(Word::MicNone),
            CaptureError::Unavailable { name, reason } => format!(
                "{} ({}: {})",
                w(Word::MicCannotRecord),
                pack.language().quote(name),
                reason.words(pack)
            ),
        }
    }
}

/// How much of a recording's start is dropped, in seconds, when it opens after the open cue
/// ([`crate::audio::earcon`]) has been played: the sound system's delay on the way out to
/// the speaker and in from the microphone, during which the cue's end can still be
/// recorded and heard as part of the move.
pub const SKIP_SECONDS: f64 = 0.1;

/// What the stream's callback shares with the game's side.
struct Shared {
    recording: AtomicBool,
    /// Frames of the open recording still to drop (see [`SKIP_SECONDS`]).
    skip: AtomicUsize,
    /// Mono samples of the open recording, at the device's rate.
    samples: Mutex<Vec<f32>>,
    /// The longest recording in frames at the device's rate.
    max_frames: usize,
    /// What the sound system reported, if anything.
    error: Mutex<Option<SoundFault>>,
}

/// The open input device, its stream running.
pub struct Capture {
    _stream: cpal::Stream,
    shared: Arc<Shared>,
    rate: u32,
    name: String,
}

impl Capture {
    /// Opens the default input device; a recording stops by itself after `max_ms`.
    pub fn open_default(max_ms: u64) -> Result<Capture, CaptureError> {
        let host = cpal::default_host();
        let device = host.default_input_device().ok_or(CaptureError::NoDevice)?;
        let name = device
            .description()
            .map(|d| d.name().to_string())
            .unwrap_or_else(|_| device.to_string());
        let unavailable = |reason: SoundFault| CaptureError::Unavailable {
            name: name.clone(),
            reason,
        };
        let supported = device
            .default_input_config()
            .map_err(|e| unavailable(e.into()))?;
        let config = supported.config();
        let rate = config.sample_rate;
        let shared = Arc::new(Shared {
            recording: AtomicBool::new(false),
            skip: AtomicUsize::new(0),
            samples: Mutex::new(Vec::new()),
            max_frames: (u64::from(rate) * max_ms / 1000) as usize,
            error: Mutex::new(None),
        });
        let stream = match supported.sample_format() {
            SampleFormat::F32 => build::<f32>(&device, &config, &shared),
            SampleFormat::I16 => build::<i16>(&device, &config, &shared),
            SampleFormat::I32 => build::<i32>(&device, &config, &shared),
            SampleFormat::U16 => build::<u16>(&device, &config, &shared),
            other => Err(SoundFault::new(
                FaultKind::Unsupported,
                Some(format!("{other:?}")),
            )),
        }
        .map_err(&unavailable)?;
        stream.play().map_err(|e| unavailable(e.into()))?;
        Ok(Capture {
            _stream: stream,
            shared,
            rate,
            name,
        })
    }

    /// The device's name as the sound system gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The device's own rate (before conversion to [`RATE`]).
    pub fn device_rate(&self) -> u32 {
        self.rate
    }

    /// Opens a recording (the talk key went down): what came before is dropped, and so is
    /// its first `skip_seconds` ([`SKIP_SECONDS`] after the open cue, where the cue sounds).
    pub fn start(&self, skip_seconds: f64) {
        self.shared
            .samples
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        let skip = (skip_seconds.max(0.0) * f64::from(self.rate)).round() as usize;
        self.shared.skip.store(skip, Ordering::SeqCst);
        self.shared.recording.store(true, Ordering::SeqCst);
    }

    /// Whether the open recording has reached its longest.
    pub fn is_full(&self) -> bool {
        self.shared
            .samples
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
            >= self.shared.max_frames
    }

    /// Whether a recording is open.
    pub fn is_recording(&self) -> bool {
        self.shared.recording.load(Ordering::SeqCst)
    }

    /// The open recording so far, as [`Capture::stop`] would give it now: for hearing
    /// ahead of the closing press ([`super::foresight`]). The resampler's last few samples
    /// change as more comes in; the speech a hearing takes ends well before them.
    pub fn so_far(&self) -> Vec<i16> {
        let mono = self
            .shared
            .samples
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        to_16k(&mono, self.rate)
    }

    /// Closes the recording: its samples, mono, 16-bit, at [`RATE`].
    pub fn stop(&self) -> Vec<i16> {
        self.shared.recording.store(false, Ordering::SeqCst);
        let mono = std::mem::take(
            &mut *self
                .shared
                .samples
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        to_16k(&mono, self.rate)
    }

    /// What the sound system reported since the last call, if anything.
    pub fn take_error(&self) -> Option<SoundFault> {
        self.shared
            .error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// Mono samples at `rate` as a recogniser takes them: 16 kHz, 16-bit.
pub fn to_16k(mono: &[f32], rate: u32) -> Vec<i16> {
    resample(mono, rate, RATE)
        .into_iter()
        .map(crate::audio::wav::to_i16)
        .collect()
}

/// How many of a buffer's `frames` are dropped while `skip` frames of the recording's start
/// are still to drop.
fn skipped(frames: usize, skip: usize) -> usize {
    frames.min(skip)
}

/// Mixes interleaved frames of `channels` to mono.
fn mix<T>(data: &[T], channels: usize, out: &mut Vec<f32>, room: usize)
where
    T: SizedSample,
    f32: FromSample<T>,
{
    let channels = channels.max(1);
    for frame in data.chunks(channels).take(room) {
        let sum: f32 = frame.iter().map(|&s| f32::from_sample(s)).sum();
        out.push(sum / frame.len() as f32);
    }
}

fn build<T>(
    device: &cpal::Device,
    config: &cpal::StreamConfig,
    shared: &Arc<Shared>,
) -> Result<cpal::Stream, SoundFault>
where
    T: SizedSample,
    f32: FromSample<T>,
{
    let data_side = Arc::clone(shared);
    let error_side = Arc::clone(shared);
    let channels = usize::from(config.channels);
    device
        .build_input_stream::<T, _, _>(
            *config,
            move |data: &[T], _| {
                if !data_side.recording.load(Ordering::Relaxed) {
                    return;
                }
                // A lock the game's side holds only to swap the buffer: never for long.
                let mut samples = data_side
                    .samples
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                let room = data_side.max_frames.saturating_sub(samples.len());
                let skip = data_side.skip.load(Ordering::Relaxed);
                let dropped = skipped(data.len() / channels.max(1), skip);
                data_side.skip.store(skip - dropped, Ordering::Relaxed);
                mix(
                    &data[dropped * channels.max(1)..],
                    channels,
                    &mut samples,
                    room,
                );
            },
            move |e: cpal::Error| {
                if e.kind() == cpal::ErrorKind::Xrun {
                    return;
                }
                *error_side
                    .error
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) = Some(e.into());
            },
            None,
        )
        .map_err(SoundFault::from)
}

/// Push-to-talk: what a press of the talk key means, given whether a recording is open. The
/// first press starts an utterance; the next, or its reaching [`MAX_MS`], ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Talk {
    /// Open a recording.
    Start,
    /// Close it and hear it.
    Stop,
}

/// The talk key was pressed while a recording was open (`recording`) or not.
pub fn on_press(recording: bool) -> Talk {
    match recording {
        true => Talk::Stop,
        false => Talk::Start,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Why the microphone cannot be used is said in the game's language: the fault's kind in
    /// the pack's words, the device's name in the language's quotation marks.
    #[test]
    fn why_the_microphone_cannot_record_is_in_the_games_language() {
        let busy = CaptureError::Unavailable {
            name: "USB Audio".into(),
            reason: SoundFault::new(FaultKind::Busy, None),
        };
        let said = |name: &str, e: &CaptureError| e.words(&Pack::builtin(name).unwrap());
        assert_eq!(
            said("de", &busy),
            "das Mikrofon kann nicht aufnehmen („USB Audio“: ein anderes Programm benutzt das \
             Gerät)"
        );
        assert_eq!(
            said("ru", &busy),
            "микрофон не может записывать («USB Audio»: устройство занято другой программой)"
        );
        assert_eq!(
            said("hy", &CaptureError::NoDevice),
            "այս համակարգչում խոսափող չկա"
        );
        assert_eq!(
            said("en", &CaptureError::NoDevice),
            "there is no microphone on this computer"
        );
    }

    #[test]
    fn frames_are_mixed_to_mono_and_cut_at_the_room_left() {
        let mut out = Vec::new();
        mix(&[0.5f32, -0.5, 1.0, 0.0, 0.25, 0.25], 2, &mut out, 2);
        assert_eq!(out, [0.0, 0.5]);
        let mut out = Vec::new();
        mix(&[i16::MAX, i16::MAX], 1, &mut out, 10);
        assert_eq!(out.len(), 2);
        assert!(out[0] > 0.99);
    }

    #[test]
    fn a_recording_at_48_khz_becomes_16_khz_of_the_same_length() {
        let tone: Vec<f32> = (0..48_000)
            .map(|i| 0.5 * (i as f32 * 440.0 * std::f32::consts::TAU / 48_000.0).sin())
            .collect();
        let out = to_16k(&tone, 48_000);
        assert_eq!(out.len(), 16_000);
        let peak = out.iter().map(|s| s.unsigned_abs()).max().unwrap();
        assert!((15_000..=17_500).contains(&peak), "{peak}");
    }

    /// The skip runs across buffers: a whole buffer, then part of the next, then none.
    #[test]
    fn the_start_of_a_recording_is_skipped_across_buffers() {
        let mut skip = (SKIP_SECONDS * 48_000.0).round() as usize;
        assert_eq!(skip, 4_800);
        let mut kept = 0;
        for _ in 0..30 {
            let dropped = skipped(480, skip);
            skip -= dropped;
            kept += 480 - dropped;
        }
        assert_eq!((skip, kept), (0, 30 * 480 - 4_800));
    }

    #[test]
    fn the_talk_key_starts_then_ends_an_utterance() {
        assert_eq!(on_press(false), Talk::Start);
        assert_eq!(on_press(true), Talk::Stop);
    }
}
