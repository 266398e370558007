//! The hand-over from the player to the audio callback, without locks in the callback.
//!
//! The callback runs on the sound system's real-time thread: if it waits for a lock, allocates
//! or panics, the sound stutters or the program aborts. So the player's phrases go to a feeder
//! thread ([`Queue`]), which copies them into a fixed single-producer single-consumer ring
//! (`rtrb`) as room frees; the callback ([`Tap::fill`]) only reads the ring and atomics.
//! A phrase longer than the ring is fed in pieces while it plays. When the callback finds the
//! ring empty while a phrase is still being fed, that is an underrun: it is counted, told to
//! the player as a notice, and the sound simply goes on.

use rtrb::{Consumer, Producer, RingBuffer};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long the feeder sleeps while the ring is full: a small part of the ring's length, so
/// the ring never runs low while the feeder sleeps.
const FEEDER_NAP: Duration = Duration::from_millis(4);

/// What the player, the feeder and the callback share: counters only, so the callback
/// reads and writes them without waiting.
#[derive(Debug)]
struct Counters {
    /// Samples accepted by [`Queue::play`].
    queued: AtomicU64,
    /// Samples handed to the device or dropped by [`Queue::stop`]: `queued - done` are pending.
    done: AtomicU64,
    frames_played: AtomicU64,
    /// The callback found the ring empty while a phrase was being fed: the feeder was late.
    underruns: AtomicU64,
    /// The sound system reported a late buffer (an xrun): it, not the feeder, was held up.
    xruns: AtomicU64,
    /// A phrase is partly in the ring and the rest is still to come.
    feeding: AtomicBool,
    /// [`Queue::stop`] and the feeder ask the callback to empty the ring by raising
    /// `flush_asked`; the callback answers by setting `flush_done` to the number it saw.
    flush_asked: AtomicU64,
    flush_done: AtomicU64,
    /// Nanoseconds after `base`, plus one, of the first non-silent sample; 0 for none yet.
    first_audible: AtomicU64,
    base: Instant,
}

enum Msg {
    Play(Vec<f32>),
    Stop,
}

/// The player's end: queues interleaved samples and reads the counters. Cheap to share
/// between threads (`&Queue` is enough to play).
pub struct Queue {
    tx: Option<Sender<Msg>>,
    counters: Arc<Counters>,
    channels: u16,
    feeder: Option<JoinHandle<()>>,
}

/// The callback's end: the ring's consumer and the counters.
pub struct Tap {
    ring: Consumer<f32>,
    counters: Arc<Counters>,
    channels: usize,
}

/// A queue for `channels` interleaved channels whose ring holds `capacity_frames` frames.
/// The ring should hold several of the device's buffers; longer phrases are fed as they play.
pub fn channel(capacity_frames: usize, channels: u16) -> (Queue, Tap) {
    let channels = channels.max(1);
    let (producer, consumer) = RingBuffer::new(capacity_frames.max(1) * usize::from(channels));
    let counters = Arc::new(Counters {
        queued: AtomicU64::new(0),
        done: AtomicU64::new(0),
        frames_played: AtomicU64::new(0),
        underruns: AtomicU64::new(0),
        xruns: AtomicU64::new(0),
        feeding: AtomicBool::new(false),
        flush_asked: AtomicU64::new(0),
        flush_done: AtomicU64::new(0),
        first_audible: AtomicU64::new(0),
        base: Instant::now(),
    });
    let (tx, rx) = mpsc::channel();
    let fed = Arc::clone(&counters);
    let width = usize::from(channels);
    let feeder = std::thread::Builder::new()
        .name("vichess-audio-feeder".into())
        .spawn(move || feed(&rx, producer, &fed, width))
        .ok();
    let queue = Queue {
        tx: Some(tx),
        counters: Arc::clone(&counters),
        channels,
        feeder,
    };
    let tap = Tap {
        ring: consumer,
        counters,
        channels: width,
    };
    (queue, tap)
}

impl Queue {
    /// Queues interleaved samples (whole frames) after whatever is queued; returns at once.
    pub fn play(&self, samples: Vec<f32>) {
        if samples.is_empty() {
            return;
        }
        let n = samples.len() as u64;
        let sent = self.tx.as_ref().map(|tx| tx.send(Msg::Play(samples)));
        if matches!(sent, Some(Ok(()))) {
            self.counters.queued.fetch_add(n, Ordering::AcqRel);
        }
    }

    /// Drops everything not yet played, in the ring too: the device falls silent at its next
    /// buffer, and what is queued after this call plays after that.
    pub fn stop(&self) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Msg::Stop);
        }
        // The callback empties the ring at once; the feeder, when it reads the message, drops
        // its backlog and has the ring emptied once more of anything it pushed meanwhile.
        self.counters.flush_asked.fetch_add(1, Ordering::AcqRel);
    }

    /// Frames queued and not yet handed to the device.
    pub fn pending_frames(&self) -> u64 {
        let done = self.counters.done.load(Ordering::Acquire);
        let queued = self.counters.queued.load(Ordering::Acquire);
        queued.saturating_sub(done) / u64::from(self.channels)
    }

    /// Frames the callback handed to the device since it opened, sound or silence: it grows
    /// steadily once the stream runs.
    pub fn frames_played(&self) -> u64 {
        self.counters.frames_played.load(Ordering::Relaxed)
    }

    /// Underruns since the last call, whatever their cause: each is the same audible gap to
    /// the player.
    pub fn take_underruns(&self) -> u64 {
        let (ring, system) = self.take_underruns_by_cause();
        ring + system
    }

    /// Underruns since the last call: those where the callback found the ring empty (the
    /// feeder late, vichess's own), and those the sound system reported (it was held up,
    /// as on a machine busy with other work).
    pub fn take_underruns_by_cause(&self) -> (u64, u64) {
        (
            self.counters.underruns.swap(0, Ordering::Relaxed),
            self.counters.xruns.swap(0, Ordering::Relaxed),
        )
    }

    /// When the callback took the first non-silent sample since the last call.
    pub fn take_first_audible(&self) -> Option<Instant> {
        match self.counters.first_audible.swap(0, Ordering::AcqRel) {
            0 => None,
            n => Some(self.counters.base + Duration::from_nanos(n - 1)),
        }
    }
}

impl Drop for Queue {
    fn drop(&mut self) {
        // Closing the channel ends the feeder at its next look at it.
        self.tx = None;
        if let Some(f) = self.feeder.take() {
            let _ = f.join();
        }
    }
}

/// Counts underruns that the sound system itself reports (an ALSA xrun), alongside the ones
/// the callback finds: both are the same audible gap to the player.
pub struct UnderrunCounter(Arc<Counters>);

impl UnderrunCounter {
    /// Counts one underrun the sound system reported, to be told to the player as a stutter.
    pub fn add(&self) {
        self.0.xruns.fetch_add(1, Ordering::Relaxed);
    }
}

impl Tap {
    /// A counter for cpal's error callback, which cannot own the tap (the data callback does).
    pub fn underrun_counter(&self) -> UnderrunCounter {
        UnderrunCounter(Arc::clone(&self.counters))
    }

    /// Fills the device's buffer `out` (interleaved) from the ring, silence where the ring has
    /// nothing, converting each sample with `convert`. Real-time safe: no lock, no allocation,
    /// no panic. Returns the number of samples that came from the ring.
    pub fn fill<T>(&mut self, out: &mut [T], convert: impl Fn(f32) -> T) -> usize {
        let c = &self.counters;
        let asked = c.flush_asked.load(Ordering::Acquire);
        if c.flush_done.load(Ordering::Acquire) != asked {
            let stale = self.ring.slots();
            if let Ok(chunk) = self.ring.read_chunk(stale) {
                chunk.commit_all();
            }
            c.done.fetch_add(stale as u64, Ordering::AcqRel);
            c.flush_done.store(asked, Ordering::Release);
        }
        // Whole frames only, so the channels never swap after an underrun.
        let available = self.ring.slots().min(out.len());
        let n = available - available % self.channels;
        let mut audible = false;
        if let Ok(chunk) = self.ring.read_chunk(n) {
            let (a, b) = chunk.as_slices();
            for (slot, s) in out.iter_mut().zip(a.iter().chain(b)) {
                audible |= *s != 0.0;
                *slot = convert(s.clamp(-1.0, 1.0));
            }
            chunk.commit_all();
        }
        for slot in out.iter_mut().skip(n) {
            *slot = convert(0.0);
        }
        c.done.fetch_add(n as u64, Ordering::AcqRel);
        if n < out.len() && c.feeding.load(Ordering::Acquire) {
            c.underruns.fetch_add(1, Ordering::Relaxed);
        }
        c.frames_played
            .fetch_add((out.len() / self.channels) as u64, Ordering::Relaxed);
        if audible {
            let at = u64::try_from(c.base.elapsed().as_nanos()).unwrap_or(u64::MAX - 1) + 1;
            let _ = c
                .first_audible
                .compare_exchange(0, at, Ordering::AcqRel, Ordering::Relaxed);
        }
        n
    }
}

/// The feeder thread: phrases from `rx` into the ring, in order, as room frees.
fn feed(rx: &Receiver<Msg>, mut ring: Producer<f32>, c: &Counters, channels: usize) {
    let mut backlog: VecDeque<Vec<f32>> = VecDeque::new();
    // How much of the front phrase is already in the ring.
    let mut pos = 0usize;
    loop {
        let msg = if backlog.is_empty() {
            match rx.recv() {
                Ok(m) => Some(m),
                Err(_) => return,
            }
        } else {
            match rx.try_recv() {
                Ok(m) => Some(m),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => return,
            }
        };
        match msg {
            Some(Msg::Play(v)) => {
                backlog.push_back(v);
                continue;
            }
            Some(Msg::Stop) => {
                drop_backlog(&mut backlog, pos, c);
                pos = 0;
                c.feeding.store(false, Ordering::Release);
                let asked = c.flush_asked.fetch_add(1, Ordering::AcqRel) + 1;
                // Nothing new goes into the ring until the callback has emptied it, or the
                // callback would drop the new phrase with the stale one.
                while c.flush_done.load(Ordering::Acquire) < asked {
                    match rx.recv_timeout(FEEDER_NAP) {
                        Ok(Msg::Play(v)) => backlog.push_back(v),
                        Ok(Msg::Stop) => {
                            drop_backlog(&mut backlog, 0, c);
                        }
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
                continue;
            }
            None => {}
        }
        let Some(front) = backlog.front() else {
            continue;
        };
        if c.flush_asked.load(Ordering::Acquire) != c.flush_done.load(Ordering::Acquire) {
            // A stop is on its way: what is queued now is stale.
            std::thread::sleep(FEEDER_NAP);
            continue;
        }
        let free = ring.slots() - ring.slots() % channels;
        let n = free.min(front.len() - pos);
        let (pushed, _) = ring.push_partial_slice(&front[pos..pos + n]);
        pos += pushed.len();
        let finished = pos >= front.len();
        if finished {
            backlog.pop_front();
            pos = 0;
        }
        c.feeding.store(!backlog.is_empty(), Ordering::Release);
        if !finished {
            std::thread::sleep(FEEDER_NAP);
        }
    }
}

/// Drops the queued phrases, the front one from `pos` on, and counts them as done.
fn drop_backlog(backlog: &mut VecDeque<Vec<f32>>, pos: usize, c: &Counters) {
    let dropped: usize =
        backlog.iter().map(Vec::len).sum::<usize>() - pos.min(backlog.front().map_or(0, Vec::len));
    backlog.clear();
    c.done.fetch_add(dropped as u64, Ordering::AcqRel);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait_for(mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(5);
        while !done() {
            assert!(Instant::now() < deadline, "timed out");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Calls the callback until it has played `frames` frames of sound or a deadline passes.
    fn drain(tap: &mut Tap, buffer: usize, want: usize) -> Vec<f32> {
        let mut heard = Vec::new();
        let mut out = vec![0.0f32; buffer];
        let deadline = Instant::now() + Duration::from_secs(5);
        while heard.len() < want && Instant::now() < deadline {
            let n = tap.fill(&mut out, |s| s);
            heard.extend_from_slice(&out[..n]);
            if n == 0 {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        heard
    }

    #[test]
    fn a_phrase_longer_than_the_ring_arrives_whole_and_in_order() {
        let (queue, mut tap) = channel(100, 2);
        let phrase: Vec<f32> = (0..2_000).map(|i| i as f32 / 4_000.0).collect();
        queue.play(phrase.clone());
        queue.play(vec![0.5; 10]);
        assert_eq!(queue.pending_frames(), 1_005);
        // The callback takes no more than the feeder gives it; it waits for the feeder
        // between calls, as a device with a long enough buffer would.
        let mut heard = Vec::new();
        let mut out = vec![0.0f32; 64];
        while heard.len() < 2_010 {
            let remaining = (queue.pending_frames() * 2) as usize;
            wait_for(|| tap.ring.slots() >= remaining.min(64));
            let n = tap.fill(&mut out, |s| s);
            heard.extend_from_slice(&out[..n]);
        }
        assert_eq!(&heard[..2_000], &phrase[..]);
        assert_eq!(&heard[2_000..], &[0.5; 10]);
        assert_eq!(queue.pending_frames(), 0);
        assert_eq!(
            queue.take_underruns(),
            0,
            "the ring never ran dry mid-phrase"
        );
        assert!(queue.take_first_audible().is_some());
        // Silence after the end of what was queued is no underrun.
        assert_eq!(tap.fill(&mut out, |s| s), 0);
        assert!(out.iter().all(|s| *s == 0.0));
        assert_eq!(queue.take_underruns(), 0);
    }

    #[test]
    fn an_empty_ring_mid_phrase_is_counted_and_filled_with_silence() {
        let (queue, mut tap) = channel(50, 1);
        queue.play(vec![0.25; 500]);
        wait_for(|| tap.ring.slots() == 50);
        // The device asks for more than the ring holds while the phrase is still being fed.
        let mut out = vec![1.0f32; 80];
        let n = tap.fill(&mut out, |s| s);
        assert_eq!(n, 50);
        assert!(out[..50].iter().all(|s| *s == 0.25));
        assert!(out[50..].iter().all(|s| *s == 0.0));
        // The sound system's own report of a late buffer is a gap too, but not the feeder's.
        tap.underrun_counter().add();
        assert_eq!(queue.take_underruns_by_cause(), (1, 1));
        assert_eq!(queue.take_underruns(), 0, "taking the count resets it");
        tap.underrun_counter().add();
        assert_eq!(
            queue.take_underruns(),
            1,
            "both causes are one count to the player"
        );
        // Everything still arrives.
        let rest = drain(&mut tap, 20, 450);
        assert_eq!(rest.len(), 450);
        assert_eq!(queue.pending_frames(), 0);
    }

    #[test]
    fn stop_drops_what_is_queued_and_in_the_ring_but_not_what_comes_after() {
        let (queue, mut tap) = channel(50, 1);
        queue.play(vec![0.25; 500]);
        wait_for(|| tap.ring.slots() == 50);
        queue.stop();
        queue.play(vec![0.75; 30]);
        let heard = drain(&mut tap, 16, 30);
        assert_eq!(heard, vec![0.75; 30]);
        wait_for(|| queue.pending_frames() == 0);
        assert_eq!(queue.frames_played() % 16, 0);
    }

    #[test]
    fn frames_stay_whole_and_samples_are_clamped() {
        let (queue, mut tap) = channel(10, 2);
        queue.play(vec![2.0, -2.0, 0.5, -0.5]);
        wait_for(|| tap.ring.slots() == 4);
        // An odd request takes whole frames only.
        let mut out = vec![9i32; 3];
        let n = tap.fill(&mut out, |s| (s * 100.0) as i32);
        assert_eq!(n, 2);
        assert_eq!(out, vec![100, -100, 0]);
        assert_eq!(queue.frames_played(), 1);
    }
}
