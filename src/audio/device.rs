//! The sound card through cpal: a thin adapter that copies rendered PCM out.
//!
//! One stream per device stays open for the whole session, fed from a queue: starting a
//! stream per announcement would cost tens of milliseconds, and a move must be heard at once.
//! Everything that decides what is heard happens before this module, on PCM in memory.

use super::route::{interleave, Audience, Channel, Destination, Routing};
use super::Pcm;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The device buffer in milliseconds: the longest a new sound waits for the device. Short
/// enough that a move is heard at once, long enough not to stutter on a busy machine.
const BUFFER_MS: u32 = 20;

/// Why the sound card cannot be used; said to the player, who then gets text and WAV files.
#[derive(Debug, thiserror::Error)]
pub enum DeviceError {
    #[error("there is no sound device on this computer")]
    NoDevice,
    #[error("there is no sound device named \"{wanted}\"; the devices are: {available}")]
    NotFound { wanted: String, available: String },
    #[error("the sound device \"{name}\" cannot play sound: {reason}")]
    Unavailable { name: String, reason: String },
}

/// What the audio callback and the player share.
#[derive(Default)]
struct Shared {
    /// Interleaved samples waiting to be played.
    queue: Mutex<VecDeque<f32>>,
    /// When the callback first handed a non-silent sample to the device, since the last reset.
    first_audible: Mutex<Option<Instant>>,
    frames_played: AtomicU64,
    last_error: Mutex<Option<String>>,
}

/// An open output device with its stream running.
pub struct Output {
    _stream: cpal::Stream,
    shared: Arc<Shared>,
    name: String,
    rate: u32,
    channels: u16,
}

/// The names of the output devices the sound system offers, for the player to choose from.
pub fn device_names() -> Vec<String> {
    let host = cpal::default_host();
    host.output_devices()
        .map(|ds| ds.map(|d| name_of(&d)).collect())
        .unwrap_or_default()
}

fn name_of(d: &cpal::Device) -> String {
    d.description()
        .map(|desc| desc.name().to_string())
        .unwrap_or_else(|_| d.to_string())
}

impl Output {
    /// Opens the device named `name` (exact name first, ignoring case, then any device whose
    /// name contains it), or the default device for `None` or `"default"`.
    pub fn open(name: Option<&str>) -> Result<Output, DeviceError> {
        let host = cpal::default_host();
        let device = match name
            .map(str::trim)
            .filter(|n| !n.eq_ignore_ascii_case("default"))
        {
            None => host.default_output_device().ok_or(DeviceError::NoDevice)?,
            Some(wanted) => {
                let devices: Vec<cpal::Device> = host
                    .output_devices()
                    .map(|d| d.collect())
                    .unwrap_or_default();
                let lower = wanted.to_lowercase();
                let exact = devices
                    .iter()
                    .position(|d| name_of(d).to_lowercase() == lower);
                let partial = || {
                    devices
                        .iter()
                        .position(|d| name_of(d).to_lowercase().contains(&lower))
                };
                match exact.or_else(partial) {
                    Some(i) => devices[i].clone(),
                    None => {
                        return Err(DeviceError::NotFound {
                            wanted: wanted.to_string(),
                            available: devices.iter().map(name_of).collect::<Vec<_>>().join(", "),
                        })
                    }
                }
            }
        };
        let name = name_of(&device);
        let unavailable = |reason: String| DeviceError::Unavailable {
            name: name.clone(),
            reason,
        };
        let supported = device
            .default_output_config()
            .map_err(|e| unavailable(e.to_string()))?;
        let mut config = supported.config();
        let shared = Arc::new(Shared::default());
        let open = |config: &cpal::StreamConfig| match supported.sample_format() {
            SampleFormat::F32 => build::<f32>(&device, config, &shared),
            SampleFormat::I16 => build::<i16>(&device, config, &shared),
            SampleFormat::I32 => build::<i32>(&device, config, &shared),
            SampleFormat::U16 => build::<u16>(&device, config, &shared),
            other => Err(format!("its sample format {other:?} is not supported")),
        };
        // A short buffer, so a move is heard at once: the default of some sound systems
        // (ALSA's pulse plugin) holds half a second. Fall back to the default if refused.
        let wanted = config.sample_rate * BUFFER_MS / 1000;
        let fixed = match supported.buffer_size() {
            cpal::SupportedBufferSize::Range { min, max } => Some(wanted.clamp(*min, *max)),
            cpal::SupportedBufferSize::Unknown => None,
        };
        let stream = match fixed {
            Some(frames) => {
                config.buffer_size = cpal::BufferSize::Fixed(frames);
                open(&config).or_else(|_| {
                    config.buffer_size = cpal::BufferSize::Default;
                    open(&config)
                })
            }
            None => open(&config),
        }
        .map_err(&unavailable)?;
        stream.play().map_err(|e| unavailable(e.to_string()))?;
        Ok(Output {
            _stream: stream,
            shared,
            name,
            rate: config.sample_rate,
            channels: config.channels,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The device's sample rate: render at this rate and nothing is resampled on the way.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    pub fn channels(&self) -> u16 {
        self.channels
    }

    /// Queues `pcm` to be played on `channel` after whatever is playing; returns at once.
    /// PCM at another rate is resampled here (slowly: render at [`Output::rate`] instead).
    pub fn play(&self, pcm: &Pcm, channel: Channel) {
        let frames = if pcm.rate == self.rate {
            interleave(&pcm.samples, self.channels, channel)
        } else {
            interleave(&pcm.resampled(self.rate).samples, self.channels, channel)
        };
        self.shared
            .queue
            .lock()
            .expect("audio queue")
            .extend(frames);
    }

    /// Drops everything not yet played: a newer announcement replaces a stale one.
    pub fn stop(&self) {
        self.shared.queue.lock().expect("audio queue").clear();
    }

    /// Frames still waiting in the queue.
    pub fn pending_frames(&self) -> usize {
        self.shared.queue.lock().expect("audio queue").len() / usize::from(self.channels)
    }

    /// Frames handed to the device since it was opened (sound or silence).
    pub fn frames_played(&self) -> u64 {
        self.shared.frames_played.load(Ordering::Relaxed)
    }

    /// Waits until the queue is empty, at most `timeout`; true if everything was handed over.
    pub fn wait_until_played(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.pending_frames() > 0 {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        true
    }

    /// Waits until the device takes samples steadily, at most `timeout`; true once it does.
    /// Some sound systems take a moment after opening before the stream runs (ALSA's pulse
    /// plugin: up to two seconds), so a session opens its output at start, not per phrase.
    pub fn wait_until_running(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut steady = 0;
        let mut last = self.frames_played();
        while Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
            let now = self.frames_played();
            steady = if now > last { steady + 1 } else { 0 };
            last = now;
            if steady >= 3 {
                return true;
            }
        }
        false
    }

    /// When the device got its first non-silent sample since the last call (and resets it):
    /// the end point of the move-to-sound latency.
    pub fn take_first_audible(&self) -> Option<Instant> {
        self.shared
            .first_audible
            .lock()
            .expect("audio clock")
            .take()
    }

    /// The last error the sound system reported while playing, if any.
    pub fn take_error(&self) -> Option<String> {
        self.shared.last_error.lock().expect("audio error").take()
    }
}

fn build<T>(
    device: &cpal::Device,
    config: &cpal::StreamConfig,
    shared: &Arc<Shared>,
) -> Result<cpal::Stream, String>
where
    T: SizedSample + FromSample<f32>,
{
    let channels = u64::from(config.channels.max(1));
    let data = Arc::clone(shared);
    let errors = Arc::clone(shared);
    device
        .build_output_stream::<T, _, _>(
            *config,
            move |out: &mut [T], _| {
                let mut queue = data.queue.lock().expect("audio queue");
                let mut audible = false;
                for slot in out.iter_mut() {
                    let s = queue.pop_front().unwrap_or(0.0);
                    audible |= s != 0.0;
                    *slot = T::from_sample(s.clamp(-1.0, 1.0));
                }
                drop(queue);
                if audible {
                    let mut first = data.first_audible.lock().expect("audio clock");
                    first.get_or_insert_with(Instant::now);
                }
                data.frames_played
                    .fetch_add(out.len() as u64 / channels, Ordering::Relaxed);
            },
            move |e| {
                *errors.last_error.lock().expect("audio error") = Some(e.to_string());
            },
            None,
        )
        .map_err(|e| e.to_string())
}

/// The open outputs of a [`Routing`]: each audience's sound goes to its device and side.
/// A device named by both audiences is opened once, so the two share one stream and their
/// announcements queue one after the other instead of talking over each other.
pub struct Router {
    routing: Routing,
    outputs: Vec<(Destination, Output)>,
}

impl Router {
    /// Opens every device the routing names; fails on the first that cannot be opened.
    pub fn open(routing: &Routing) -> Result<Router, DeviceError> {
        let mut outputs: Vec<(Destination, Output)> = Vec::new();
        for d in [&routing.public, &routing.player] {
            if !outputs.iter().any(|(o, _)| o.same_device(d)) {
                outputs.push((d.clone(), Output::open(d.device.as_deref())?));
            }
        }
        Ok(Router {
            routing: routing.clone(),
            outputs,
        })
    }

    /// The output that `audience` is heard on.
    pub fn output(&self, audience: Audience) -> &Output {
        let d = self.routing.destination(audience);
        self.outputs
            .iter()
            .find(|(o, _)| o.same_device(d))
            .map(|(_, out)| out)
            .expect("every destination was opened")
    }

    /// Queues `pcm` for `audience` on its device and side.
    pub fn play(&self, audience: Audience, pcm: &Pcm) {
        let channel = self.routing.destination(audience).channel;
        self.output(audience).play(pcm, channel);
    }

    pub fn outputs(&self) -> impl Iterator<Item = &Output> {
        self.outputs.iter().map(|(_, o)| o)
    }
}
