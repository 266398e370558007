//! System speech through the `tts` crate, heard: speech-dispatcher is spawned by the test
//! process into a private PulseAudio daemon with a null sink, and the sink's monitor must
//! record speech. This catches the failure the platform notes warn of: `speak()` returns Ok
//! and nothing is heard.

#![cfg(feature = "speech")]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use vichess::audio::Pcm;
use vichess::phrase::Language;
use vichess::speech::{Fallback, SpeechError};

const RATE: u32 = 48_000;

/// A private PulseAudio daemon with one null sink, stopped when dropped.
struct Pulse {
    daemon: Child,
    dir: PathBuf,
}

impl Pulse {
    fn start() -> Pulse {
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

    /// Records the null sink's monitor, mono 16-bit at RATE, until [`Recording::stop`].
    fn record(&self, to: &Path) -> Recording {
        let child = Command::new("parec")
            .args([
                "-d",
                "nullsink.monitor",
                "--format=s16le",
                "--channels=1",
                "--raw",
            ])
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

struct Recording {
    child: Child,
    path: PathBuf,
}

impl Recording {
    fn stop(mut self) -> Pcm {
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

/// Stops the speech-dispatcher that the test's connection spawned in the private runtime dir.
fn stop_speech_dispatcher(dir: &Path) {
    let pid_file = dir.join("speech-dispatcher/pid/speech-dispatcher.pid");
    if let Ok(pid) = std::fs::read_to_string(pid_file) {
        let _ = Command::new("kill").arg("-TERM").arg(pid.trim()).status();
    }
}

#[test]
fn system_speech_is_heard_or_its_absence_told() {
    let pulse = Pulse::start();
    let recording = pulse.record(&pulse.dir.join("speech.raw"));
    let mut speech = Fallback::system(Language::En, 1.0);
    assert!(
        speech.is_available(),
        "speech-dispatcher is installed by scripts/setup but could not be used: {:?}",
        speech.speak("test")
    );
    assert_eq!(speech.speak("twelve moves, one hour three minutes"), None);
    // is_speaking() is not reliable through speech-dispatcher; the recording decides.
    let _ = speech.wait(Duration::from_secs(6));
    std::thread::sleep(Duration::from_millis(800));
    let heard = recording.stop();
    drop(speech);
    stop_speech_dispatcher(&pulse.dir);
    let m = heard.measure();
    let sounding = m.seconds - m.leading_silence - m.trailing_silence;
    assert!(
        sounding > 0.8 && m.speech_rms_dbfs > -40.0,
        "speak() returned Ok but nothing was heard on the sound system \
         ({sounding:.2} s of sound at {:.1} dBFS): speech-dispatcher has no working audio output",
        m.speech_rms_dbfs
    );
}

#[test]
fn without_a_speech_engine_the_player_is_told_once() {
    let mut f = Fallback::new(Err(SpeechError::Unavailable("no speech-dispatcher".into())));
    assert!(f.speak("twelve").unwrap().contains("no speech-dispatcher"));
    assert_eq!(f.speak("thirteen"), None);
}
