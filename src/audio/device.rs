//! The sound card through cpal: a thin adapter that copies rendered PCM out.
//!
//! One stream per device stays open for the whole session, fed from a queue: starting a
//! stream per announcement would cost tens of milliseconds, and a move must be heard at once.
//! Everything that decides what is heard happens before this module, on PCM in memory.

use super::fault::{FaultKind, SoundFault};
use super::ring::{self, Queue, Tap};
use super::route::{interleave, Audience, Channel, Destination, Routing};
use super::Pcm;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The device buffer in milliseconds: the longest a new sound waits for the device. Short
/// enough that a move is heard at once, long enough not to stutter on a busy machine.
const BUFFER_MS: u32 = 20;

/// Why the sound card cannot be used; said to the player, who then gets text and WAV files.
#[derive(Debug, thiserror::Error)]
pub enum DeviceError {
    /// The sound system offers no output device at all.
    #[error("there is no sound device on this computer")]
    NoDevice,
    /// The configured device name matches none of the devices, which are listed so the
    /// player can correct the configuration.
    #[error("there is no sound device named \"{wanted}\"; the devices are: {available}")]
    NotFound {
        /// The name as configured.
        wanted: String,
        /// The names of the devices there are, comma-separated.
        available: String,
    },
    /// The device exists but could not be set up or started.
    #[error("the sound device \"{name}\" cannot play sound: {reason}")]
    Unavailable {
        /// The device's name as the sound system gives it.
        name: String,
        /// What went wrong: its kind, said in the game's words, and the system's own message.
        reason: SoundFault,
    },
}

/// How many seconds of sound the ring between the player and the callback holds: several of
/// the device's buffers even when the sound system insists on long ones (ALSA's pulse plugin
/// by default asks for half a second at a time).
const RING_SECONDS: usize = 1;

/// An open output device with its stream running.
pub struct Output {
    _stream: cpal::Stream,
    player: Player,
    /// What the sound system reported while playing; written only by cpal's error callback,
    /// never by the data callback.
    last_error: Arc<Mutex<Option<SoundFault>>>,
    name: String,
    rate: u32,
    channels: u16,
}

/// The names of the output devices the sound system offers, for the player to choose from.
pub fn device_names() -> Vec<String> {
    quiet_alsa();
    let host = cpal::default_host();
    host.output_devices()
        .map(|ds| ds.map(|d| name_of(&d)).collect())
        .unwrap_or_default()
}

/// Sends alsa-lib's complaints on this thread (a missing card, an unknown PCM: lines that
/// go to stderr by default and would break into the player's screen or braille line) to a
/// buffer nobody reads: what went wrong reaches the player as the [`DeviceError`] cpal gives,
/// in the game's words. Each call starts a new buffer, dropping the last, so it stays small.
fn quiet_alsa() {
    #[cfg(target_os = "linux")]
    let _ = alsa::Output::local_error_handler();
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
        quiet_alsa();
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
        let unavailable = |reason: SoundFault| DeviceError::Unavailable {
            name: name.clone(),
            reason,
        };
        let supported = device
            .default_output_config()
            .map_err(|e| unavailable(e.into()))?;
        let mut config = supported.config();
        let last_error = Arc::new(Mutex::new(None));
        // The ring's consumer moves into the callback; a failed attempt hands it back.
        let mut queue = None;
        let mut open = |config: &cpal::StreamConfig| {
            let (q, tap) =
                ring::channel(config.sample_rate as usize * RING_SECONDS, config.channels);
            queue = Some(q);
            match supported.sample_format() {
                SampleFormat::F32 => build::<f32>(&device, config, tap, &last_error),
                SampleFormat::I16 => build::<i16>(&device, config, tap, &last_error),
                SampleFormat::I32 => build::<i32>(&device, config, tap, &last_error),
                SampleFormat::U16 => build::<u16>(&device, config, tap, &last_error),
                other => Err(SoundFault::new(
                    FaultKind::Unsupported,
                    Some(format!("{other:?}")),
                )),
            }
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
        stream.play().map_err(|e| unavailable(e.into()))?;
        let queue = queue.ok_or_else(|| unavailable(SoundFault::new(FaultKind::Other, None)))?;
        Ok(Output {
            _stream: stream,
            player: Player {
                queue: Arc::new(queue),
                rate: config.sample_rate,
                channels: config.channels,
            },
            last_error,
            name,
            rate: config.sample_rate,
            channels: config.channels,
        })
    }

    /// The device's name as the sound system gives it, to tell the player which device
    /// plays and which reported an error.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The device's sample rate: render at this rate and nothing is resampled on the way.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// How many channels each frame has on this device: PCM is interleaved to this count.
    pub fn channels(&self) -> u16 {
        self.channels
    }

    /// Queues `pcm` to be played on `channel` after whatever is playing; returns at once.
    /// PCM at another rate is resampled here (slowly: render at [`Output::rate`] instead).
    pub fn play(&self, pcm: &Pcm, channel: Channel) {
        self.player.play(pcm, channel);
    }

    /// A handle that queues sound on this device from any thread, while the device (whose
    /// stream may not leave its thread) stays where it was opened. It plays nothing once the
    /// device is closed.
    pub fn player(&self) -> Player {
        self.player.clone()
    }

    /// Drops everything not yet played: a newer announcement replaces a stale one. It takes
    /// effect at the device's next buffer.
    pub fn stop(&self) {
        self.player.queue.stop();
    }

    /// Frames still waiting to be handed to the device.
    pub fn pending_frames(&self) -> usize {
        usize::try_from(self.player.queue.pending_frames()).unwrap_or(usize::MAX)
    }

    /// Frames handed to the device since it was opened (sound or silence).
    pub fn frames_played(&self) -> u64 {
        self.player.queue.frames_played()
    }

    /// How often, since the last call, the device wanted sound that had not yet been fed to
    /// it in time (an audible gap): worth telling, never fatal.
    pub fn take_underruns(&self) -> u64 {
        self.player.queue.take_underruns()
    }

    /// [`Output::take_underruns`] by cause: the ring found empty (vichess fed it late), and
    /// the sound system's own reports (it was held up).
    pub fn take_underruns_by_cause(&self) -> (u64, u64) {
        self.player.queue.take_underruns_by_cause()
    }

    /// Waits until the queue is empty, at most `timeout`; true if everything was handed over.
    pub fn wait_until_played(&self, timeout: Duration) -> bool {
        self.player.wait_until_played(timeout)
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
        self.player.queue.take_first_audible()
    }

    /// The last error the sound system reported while playing, if any.
    pub fn take_error(&self) -> Option<SoundFault> {
        self.last_error
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }
}

/// The queue of one device, shareable between threads: see [`Output::player`].
#[derive(Clone)]
pub struct Player {
    queue: Arc<Queue>,
    rate: u32,
    channels: u16,
}

impl Player {
    /// Queues `pcm` on `channel` after whatever is queued; returns at once. PCM at another
    /// rate than the device's is resampled here.
    pub fn play(&self, pcm: &Pcm, channel: Channel) {
        let frames = if pcm.rate == self.rate {
            interleave(&pcm.samples, self.channels, channel)
        } else {
            interleave(&pcm.resampled(self.rate).samples, self.channels, channel)
        };
        self.queue.play(frames);
    }

    /// The device's sample rate.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Drops everything not yet played.
    pub fn stop(&self) {
        self.queue.stop();
    }

    /// Frames still waiting to be handed to the device: zero means this queue is played.
    pub fn pending_frames(&self) -> u64 {
        self.queue.pending_frames()
    }

    /// Waits until everything queued was handed to the device, at most `timeout`.
    pub fn wait_until_played(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.queue.pending_frames() > 0 {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        true
    }
}

fn build<T>(
    device: &cpal::Device,
    config: &cpal::StreamConfig,
    mut tap: Tap,
    last_error: &Arc<Mutex<Option<SoundFault>>>,
) -> Result<cpal::Stream, SoundFault>
where
    T: SizedSample + FromSample<f32>,
{
    let errors = Arc::clone(last_error);
    let underruns = tap.underrun_counter();
    device
        .build_output_stream::<T, _, _>(
            *config,
            move |out: &mut [T], _| {
                tap.fill(out, T::from_sample);
            },
            move |e: cpal::Error| {
                // A late buffer is a stutter, told as a notice: it must not end a game.
                if e.kind() == cpal::ErrorKind::Xrun {
                    underruns.add();
                    return;
                }
                let mut last = errors
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                *last = Some(e.into());
            },
            None,
        )
        .map_err(SoundFault::from)
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

    /// The queue that `audience` is heard on, and its side.
    pub fn player(&self, audience: Audience) -> (Player, Channel) {
        let channel = self.routing.destination(audience).channel;
        (self.output(audience).player(), channel)
    }

    /// Queues `pcm` for `audience` on its device and side.
    pub fn play(&self, audience: Audience, pcm: &Pcm) {
        let channel = self.routing.destination(audience).channel;
        self.output(audience).play(pcm, channel);
    }

    /// Each opened device once, to wait on all of them or collect their errors and underruns.
    pub fn outputs(&self) -> impl Iterator<Item = &Output> {
        self.outputs.iter().map(|(_, o)| o)
    }
}
