//! A private PulseAudio daemon with a null sink, for tests that must really play sound.
//!
//! CI has no sound card; a null sink is a real audio device whose monitor can be recorded, so a
//! test can prove that what it played was heard. Starting it fails loudly, never skips.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use vichess::audio::Pcm;

pub const RATE: u32 = 48_000;

/// A private PulseAudio daemon with one null sink, stopped when dropped.
pub struct Pulse {
    daemon: Child,
    pub dir: PathBuf,
}

impl Pulse {
    /// Stops the speech-dispatcher that system speech started in this runtime folder, so no
    /// daemon outlives the test.
    #[allow(dead_code)] // not every test that plays sound speaks
    pub fn stop_speech_dispatcher(&self) {
        let pid_file = self.dir.join("speech-dispatcher/pid/speech-dispatcher.pid");
        if let Ok(pid) = std::fs::read_to_string(pid_file) {
            let _ = Command::new("kill").arg("-TERM").arg(pid.trim()).status();
        }
    }

    pub fn start() -> Pulse {
        let dir = std::env::temp_dir().join(format!("vichess-pulse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::process::Command::new("chmod")
            .arg("700")
            .arg(&dir)
            .status()
            .unwrap();
        let daemon = Command::new("pulseaudio")
            .args([
                "--daemonize=no",
                "--exit-idle-time=-1",
                "-n",
                "--load=module-native-protocol-unix",
                &format!("--load=module-null-sink sink_name=nullsink rate={RATE}"),
                "--log-target=stderr",
            ])
            .env("XDG_RUNTIME_DIR", &dir)
            .env("HOME", &dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start pulseaudio: is it installed (scripts/setup)?");
        let socket = dir.join("pulse/native");
        let deadline = Instant::now() + Duration::from_secs(10);
        while !socket.exists() {
            assert!(
                Instant::now() < deadline,
                "pulseaudio did not open {}",
                socket.display()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        // Everything this process opens from now on (cpal through ALSA's pulse plugin,
        // speech-dispatcher) talks to this daemon.
        std::env::set_var("XDG_RUNTIME_DIR", &dir);
        std::env::set_var("PULSE_SERVER", format!("unix:{}", socket.display()));
        Pulse { daemon, dir }
    }

    /// [`Pulse::start`] with the null sink's monitor as the default source: what is played
    /// into the sink is what a program hears from its default microphone.
    pub fn start_as_microphone() -> Pulse {
        let pulse = Pulse::start();
        let status = Command::new("pactl")
            .args(["set-default-source", "nullsink.monitor"])
            .status()
            .expect("cannot start pactl (pulseaudio-utils)");
        assert!(
            status.success(),
            "the null sink's monitor as the default source"
        );
        pulse
    }

    /// Records the null sink's monitor, mono 16-bit at RATE, until [`Recording::stop`].
    pub fn record(&self, to: &Path) -> Recording {
        self.record_channels(to, 1)
    }

    /// Records `channels` interleaved channels of the monitor.
    pub fn record_channels(&self, to: &Path, channels: u16) -> Recording {
        let child = Command::new("parec")
            .args(["-d", "nullsink.monitor", "--format=s16le", "--raw"])
            .arg(format!("--channels={channels}"))
            .arg(format!("--rate={RATE}"))
            .stdout(std::fs::File::create(to).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start parec (pulseaudio-utils)");
        // parec needs a moment to connect before the first sample is played.
        std::thread::sleep(Duration::from_millis(400));
        Recording {
            child,
            path: to.to_path_buf(),
            channels: usize::from(channels),
        }
    }
}

impl Drop for Pulse {
    fn drop(&mut self) {
        let _ = self.daemon.kill();
        let _ = self.daemon.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub struct Recording {
    child: Child,
    path: PathBuf,
    channels: usize,
}

impl Recording {
    /// Waits until the recording holds at least `energy` (as `Pcm::measure` counts it), then
    /// 0.3 s more, at most `limit`: on a busy machine the sound server may hand the last of
    /// the sound over late, and a fixed pause would cut it off.
    #[allow(dead_code)]
    pub fn wait_for_energy(&self, energy: f64, limit: std::time::Duration) {
        let until = std::time::Instant::now() + limit;
        while std::time::Instant::now() < until {
            let bytes = std::fs::read(&self.path).unwrap_or_default();
            let heard: f64 = bytes
                .chunks_exact(2)
                .map(|b| (f64::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0).powi(2))
                .sum::<f64>()
                / f64::from(RATE);
            if heard >= energy {
                std::thread::sleep(std::time::Duration::from_millis(300));
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Waits until everything played before this call has reached the recording: until it
    /// holds some sound, and ends in `quiet` seconds of silence recorded after this call
    /// (at most `limit`). A fixed pause cut the end off when a busy machine's sound server
    /// handed the last of the sound over late; the sink's own silence after it cannot come
    /// early, so it is the measure.
    #[allow(dead_code)]
    pub fn settle(&self, quiet: f64, limit: std::time::Duration) {
        let window = (f64::from(RATE) * quiet) as usize * self.channels;
        let frame = (RATE / 100) as usize * self.channels;
        let samples = |bytes: &[u8]| -> Vec<f32> {
            bytes
                .chunks_exact(2)
                .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
                .collect()
        };
        let loud =
            |c: &[f32]| (c.iter().map(|s| s * s).sum::<f32>() / c.len() as f32).sqrt() > 0.01;
        let start = samples(&std::fs::read(&self.path).unwrap_or_default()).len();
        let until = std::time::Instant::now() + limit;
        while std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(50));
            let got = samples(&std::fs::read(&self.path).unwrap_or_default());
            if got.len() < start + window {
                continue;
            }
            let tail = &got[got.len() - window..];
            let sounded = got.chunks(frame).any(loud);
            if sounded && !tail.chunks(frame).any(loud) {
                return;
            }
        }
    }

    pub fn stop(mut self) -> Pcm {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
        let bytes = std::fs::read(&self.path).unwrap();
        let samples = bytes
            .chunks_exact(2)
            .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
            .collect();
        Pcm::new(RATE, samples)
    }
}
