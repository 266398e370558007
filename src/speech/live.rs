//! Live speech: clips on the sound devices and words without clips from the system's speech
//! engine, heard in the order they were said.
//!
//! Clips go into the devices' queues, system speech goes through speech-dispatcher to the
//! sound server: two paths with no common queue. A worker thread keeps them in order: it
//! queues clips at once, and before a stretch of system speech waits for the devices to play
//! what is queued, then for the engine to finish. The caller never waits, so a game's clock
//! and input are never held up by speech.

use super::{Fallback, SpeechError};
use crate::audio::device::Player;
use crate::audio::{Channel, Pcm};
use crate::phrase::Language;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// After a device's queue is empty its last buffer is still sounding: speech waits this long
/// more, so it does not talk over the end of a clip (the device buffer is about 20 ms).
const DEVICE_TAIL: Duration = Duration::from_millis(60);

/// The longest any one stretch of system speech may take before the next sound goes on.
const LONGEST_SPEECH: Duration = Duration::from_secs(30);

/// How often the worker looks for a hush while system speech is sounding.
const HUSH_SLICE: Duration = Duration::from_millis(20);

/// One step of an announcement.
pub enum Step {
    /// Sound on a device's queue, on one side.
    Audio {
        /// The queue of the device the audience hears.
        player: Player,
        /// The side of that device the audience hears.
        channel: Channel,
        /// The rendered clip or pause.
        pcm: Pcm,
    },
    /// A mark: once everything before it has been heard (every device's queue played, and
    /// the device's last buffer), the sender is told. Push-to-talk opens the microphone on it,
    /// so neither vichess's own speech nor the open cue is recorded with the move.
    Heard(Sender<()>),
    /// Words for the system's speech engine, in a language.
    Speak {
        /// Picks the engine's voice, so the words are pronounced in that language.
        language: Language,
        /// The words as the engine should say them.
        text: String,
    },
}

/// How the worker gets a speech engine for a language; called once per language, on first
/// need, so a game whose clips cover every word never starts speech-dispatcher.
pub type OpenSpeech = Box<dyn Fn(Language) -> Fallback + Send>;

/// The worker that says announcements in order; see the module documentation.
pub struct Narrator {
    tx: Option<Sender<(u64, Vec<Step>)>>,
    busy: Arc<AtomicUsize>,
    /// How many times [`Narrator::hush`] was called: an announcement queued before the
    /// latest is not said (its marks are still told).
    hushes: Arc<AtomicU64>,
    /// The devices, to drop what they have queued on a hush.
    players: Vec<Player>,
    notices: Arc<Mutex<Vec<SpeechError>>>,
    worker: Option<JoinHandle<()>>,
}

impl Narrator {
    /// A narrator over the devices `players` (all of them are waited for before system speech)
    /// with system speech from `open`.
    pub fn new(players: Vec<Player>, open: OpenSpeech) -> Narrator {
        let (tx, rx) = mpsc::channel();
        let busy = Arc::new(AtomicUsize::new(0));
        let notices = Arc::new(Mutex::new(Vec::new()));
        let hushes = Arc::new(AtomicU64::new(0));
        let worker = {
            let busy = Arc::clone(&busy);
            let notices = Arc::clone(&notices);
            let hushes = Arc::clone(&hushes);
            let players = players.clone();
            std::thread::Builder::new()
                .name("vichess-narrator".into())
                .spawn(move || work(&rx, &players, &open, &busy, &notices, &hushes))
                .ok()
        };
        Narrator {
            tx: Some(tx),
            busy,
            hushes,
            players,
            notices,
            worker,
        }
    }

    /// The system's speech engine when vichess has one, else one notice saying why not.
    pub fn system_speech(speed: f64) -> OpenSpeech {
        #[cfg(feature = "speech")]
        return Box::new(move |language| Fallback::system(language, speed));
        #[cfg(not(feature = "speech"))]
        {
            let _ = speed;
            Box::new(|_| Fallback::not_built())
        }
    }

    /// Queues an announcement after the ones before it; returns at once.
    pub fn say(&self, steps: Vec<Step>) {
        if steps.is_empty() {
            return;
        }
        self.busy.fetch_add(1, Ordering::AcqRel);
        let hushes = self.hushes.load(Ordering::Acquire);
        let sent = self.tx.as_ref().map(|tx| tx.send((hushes, steps)));
        if !matches!(sent, Some(Ok(()))) {
            self.busy.fetch_sub(1, Ordering::AcqRel);
            self.tell(SpeechError::WorkerStopped);
        }
    }

    /// Stops what is being said and drops what is queued, at once: the player pressed the
    /// talk key, and vichess stops talking to listen. Every line said is also printed, and
    /// `repeat` says the last again, so nothing is lost but the sound. Marks
    /// ([`Step::Heard`]) queued before are still told.
    pub fn hush(&self) {
        self.hushes.fetch_add(1, Ordering::AcqRel);
        for p in &self.players {
            p.stop();
        }
    }

    /// Waits until every announcement has been handed to a device or spoken, at most
    /// `timeout`; true if all were.
    pub fn wait(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.busy.load(Ordering::Acquire) > 0 {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        true
    }

    /// Things to tell the player once: no system speech, or a silent one (word them with
    /// [`super::notice`] in the game's language).
    pub fn take_notices(&self) -> Vec<SpeechError> {
        std::mem::take(&mut *self.notices.lock().unwrap_or_else(PoisonError::into_inner))
    }

    fn tell(&self, notice: SpeechError) {
        tell(&self.notices, notice);
    }
}

impl Drop for Narrator {
    fn drop(&mut self) {
        // The worker finishes what it was given, then sees the closed channel.
        self.tx = None;
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

fn tell(notices: &Mutex<Vec<SpeechError>>, notice: SpeechError) {
    notices
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(notice);
}

fn work(
    rx: &Receiver<(u64, Vec<Step>)>,
    players: &[Player],
    open: &OpenSpeech,
    busy: &AtomicUsize,
    notices: &Mutex<Vec<SpeechError>>,
    hushes: &AtomicU64,
) {
    let mut voices: Vec<(Language, Fallback)> = Vec::new();
    let hushed = |since: u64| hushes.load(Ordering::Acquire) != since;
    for (since, steps) in rx {
        for step in steps {
            if hushed(since) && !matches!(step, Step::Heard(_)) {
                continue;
            }
            match step {
                Step::Audio {
                    player,
                    channel,
                    pcm,
                } => player.play(&pcm, channel),
                Step::Heard(tell) => {
                    for p in players {
                        p.wait_until_played(LONGEST_SPEECH);
                    }
                    std::thread::sleep(DEVICE_TAIL);
                    let _ = tell.send(());
                }
                Step::Speak { language, text } => {
                    if text.trim().is_empty() {
                        continue;
                    }
                    let i = match voices.iter().position(|(l, _)| *l == language) {
                        Some(i) => i,
                        None => {
                            voices.push((language, open(language)));
                            voices.len() - 1
                        }
                    };
                    let voice = &mut voices[i].1;
                    if voice.is_available() {
                        for p in players {
                            p.wait_until_played(LONGEST_SPEECH);
                        }
                        std::thread::sleep(DEVICE_TAIL);
                    }
                    if let Some(n) = voice.speak(&text) {
                        tell(notices, n);
                    }
                    // In slices, so a hush stops the words at once.
                    let deadline = Instant::now() + LONGEST_SPEECH;
                    loop {
                        match voice.wait(HUSH_SLICE) {
                            Ok(true) => break,
                            Err(n) => {
                                tell(notices, n);
                                break;
                            }
                            Ok(false) if hushed(since) => {
                                voice.stop();
                                break;
                            }
                            Ok(false) if Instant::now() >= deadline => break,
                            Ok(false) => {}
                        }
                    }
                }
            }
        }
        busy.fetch_sub(1, Ordering::AcqRel);
    }
}
