//! The push-to-talk cues as a player hears them (`play --listen`, F5): queued on the
//! player's device by the same [`Speakers`] a game speaks through, recorded from a private
//! PulseAudio daemon's null sink, and measured: two tones rising when the microphone opens,
//! two falling when it closes; the microphone is told when the open cue has been heard.

#![cfg(feature = "audio")]

use std::time::Duration;
use vichess::audio::earcon::{Cue, SECONDS};
use vichess::audio::{Audience, Pcm, Routing};
use vichess::host::speakers::Speakers;
use vichess::voice::Pack;

#[path = "common/pulse.rs"]
mod pulse;

use pulse::{Pulse, RATE};

/// The pitch of a stretch of samples, from its zero crossings.
fn pitch(samples: &[f32]) -> f64 {
    let crossings = samples
        .windows(2)
        .filter(|w| (w[0] < 0.0) != (w[1] < 0.0))
        .count();
    crossings as f64 / 2.0 / (samples.len() as f64 / f64::from(RATE))
}

/// The runs of sound in a recording (frames over -40 dBFS, gaps under 20 ms bridged), as
/// sample ranges.
fn sounds(pcm: &Pcm) -> Vec<std::ops::Range<usize>> {
    let frame = (RATE / 100) as usize;
    let loud: Vec<bool> = pcm
        .samples
        .chunks(frame)
        .map(|c| (c.iter().map(|s| s * s).sum::<f32>() / c.len() as f32).sqrt() > 0.01)
        .collect();
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, &l) in loud.iter().enumerate() {
        if !l {
            continue;
        }
        match out.last_mut() {
            Some(r) if i * frame - r.end <= 2 * frame => r.end = (i + 1) * frame,
            _ => out.push(i * frame..(i + 1) * frame),
        }
    }
    out
}

#[test]
fn the_microphone_cues_are_heard_rising_then_falling() {
    let pulse = Pulse::start();
    let pack = Pack::builtin("en").expect("the English pack");
    let mut speakers = Speakers::open_at(&Routing::default(), &pack, 1.0, 0)
        .expect("cpal cannot open the PulseAudio null sink");
    let recording = pulse.record(&pulse.dir.join("cues.raw"));
    // Something queued first, as when vichess is still speaking: the open cue comes after
    // it, and the microphone is told only once the cue has been heard.
    speakers.pause(Audience::Player, 0.2);
    let (heard, cue_heard) = std::sync::mpsc::channel();
    speakers.cue(Audience::Player, Cue::Open, Some(heard));
    assert_eq!(
        cue_heard.recv_timeout(Duration::from_secs(30)),
        Ok(()),
        "the open cue was never heard"
    );
    speakers.pause(Audience::Player, 0.5);
    speakers.cue(Audience::Player, Cue::Close, None);
    assert!(
        speakers.wait(Duration::from_secs(30)),
        "the cues were not played in 30 s"
    );
    recording.settle(1.0, Duration::from_secs(20));
    let heard = recording.stop();
    drop(speakers);

    let runs = sounds(&heard);
    assert_eq!(runs.len(), 2, "two cues, apart: {runs:?}");
    for (run, rising) in runs.iter().zip([true, false]) {
        let seconds = run.len() as f64 / f64::from(RATE);
        assert!(
            (seconds - SECONDS).abs() < 0.03,
            "a cue of {seconds:.3} s, not {SECONDS} s"
        );
        // The middle of each half, clear of the fades and the frame edges.
        let quarter = run.len() / 4;
        let first = pitch(&heard.samples[run.start + quarter / 2..run.start + quarter * 3 / 2]);
        let second =
            pitch(&heard.samples[run.start + quarter * 5 / 2..run.start + quarter * 7 / 2]);
        assert_eq!(
            second > first * 1.3,
            rising,
            "{first:.0} Hz then {second:.0} Hz"
        );
        assert!(
            first.min(second) > 550.0 && first.max(second) < 1100.0,
            "{first:.0} Hz, {second:.0} Hz"
        );
    }
}
