//! Live output as a game makes it: clips on the sound device and words without a clip from
//! system speech (speech-dispatcher through the `tts` crate), in order, heard on a private
//! PulseAudio daemon's null sink. Speech-dispatcher is spawned by this test's connection into
//! the private runtime folder and stopped at the end.

#![cfg(all(feature = "audio", feature = "speech"))]

use std::time::Duration;
use vichess::audio::device::Output;
use vichess::audio::{Channel, Pcm};
use vichess::phrase::Language;
use vichess::speech::live::{Narrator, Step};

#[path = "common/pulse.rs"]
mod pulse;

use pulse::{Pulse, RATE};

/// The test tone's level: loud, below clipping.
const TONE_AMPLITUDE: f32 = 0.251;

fn tone(rate: u32, seconds: f64) -> Pcm {
    let n = (f64::from(rate) * seconds) as usize;
    let amplitude = TONE_AMPLITUDE;
    Pcm::new(
        rate,
        (0..n)
            .map(|i| amplitude * (i as f32 * 440.0 * std::f32::consts::TAU / rate as f32).sin())
            .collect(),
    )
}

/// A private PulseAudio daemon, its null sink open and running, and a narrator over it with
/// system speech.
fn narrating() -> (Pulse, Output, vichess::audio::device::Player, Narrator) {
    let pulse = Pulse::start();
    let output = Output::open(None).expect("cpal cannot open the PulseAudio null sink");
    assert!(output.wait_until_running(Duration::from_secs(5)));
    let _ = output.take_error();
    let player = output.player();
    let narrator = Narrator::new(vec![player.clone()], Narrator::system_speech(1.0));
    (pulse, output, player, narrator)
}

#[test]
fn clips_and_system_speech_are_heard_in_order() {
    let (pulse, output, player, narrator) = narrating();
    let recording = pulse.record(&pulse.dir.join("live.raw"));
    let clip = tone(output.rate(), 0.5);
    narrator.say(vec![
        Step::Audio {
            player: player.clone(),
            channel: Channel::Both,
            pcm: clip.clone(),
        },
        Step::Speak {
            language: Language::En,
            text: "twelve moves, one hour three minutes".into(),
        },
        Step::Audio {
            player,
            channel: Channel::Both,
            pcm: clip,
        },
    ]);
    assert!(
        narrator.wait(Duration::from_secs(30)),
        "the announcement was not finished in 30 s"
    );
    assert!(output.wait_until_played(Duration::from_secs(5)));
    recording.settle(1.0, Duration::from_secs(20));
    let heard = recording.stop();
    let notices = narrator.take_notices();
    drop(narrator);
    pulse.stop_speech_dispatcher();
    assert_eq!(notices, Vec::<vichess::speech::SpeechError>::new());

    let m = heard.measure();
    let first = m.leading_silence;
    let last = m.seconds - m.trailing_silence;
    eprintln!(
        "live: sound from {first:.2} s to {last:.2} s ({:.2} s), speech level {:.1} dBFS",
        last - first,
        m.speech_rms_dbfs
    );
    // The clip, the words (a second or more at normal rate), the clip. How long the engine
    // took to begin is the machine's business (a loaded one took seconds), so only the lower
    // bound is on the whole span; the words themselves are measured below.
    assert!(
        last - first >= 1.0 + 0.8,
        "{:.2} s of sound, not a clip, speech and a clip",
        last - first
    );
    // Between the two clips there is speech, not a tone: cut both clips off and measure.
    let from = ((first + 0.55) * f64::from(RATE)) as usize;
    let to = ((last - 0.55) * f64::from(RATE)) as usize;
    assert!(to > from);
    let middle = Pcm::new(RATE, heard.samples[from..to].to_vec()).measure();
    let sounding = middle.seconds - middle.leading_silence - middle.trailing_silence;
    assert!(
        sounding > 0.8 && middle.speech_rms_dbfs > -40.0,
        "between the clips only {sounding:.2} s of sound at {:.1} dBFS: system speech was not heard",
        middle.speech_rms_dbfs
    );
    // Seven words take two or three seconds; a dummy voice module's 30 s of "not configured"
    // is not them.
    assert!(
        sounding < 10.0,
        "{sounding:.2} s of speech between the clips: not the seven words asked for"
    );
}

/// Seconds of a recording that sound (10 ms windows over -40 dBFS).
fn sounding(pcm: &Pcm) -> f64 {
    let frame = (RATE / 100) as usize;
    pcm.samples
        .chunks(frame)
        .filter(|c| (c.iter().map(|s| s * s).sum::<f32>() / c.len() as f32).sqrt() > 0.01)
        .count() as f64
        / 100.0
}

/// Seconds of `pcm` that hold [`tone`]'s 440 Hz sine, counted in 20 ms frames: a frame with
/// at least half the tone's power at 440 Hz. Whatever else sounds with it does not matter:
/// on a busy machine the last of the hushed speech, already in the sound server, came out
/// over the tone's first frames. Speech alone reached at most 0.7 of that power, and in one
/// or two frames of a recording.
fn tone_seconds(pcm: &Pcm) -> f64 {
    let frame = (RATE / 50) as usize;
    let step = 440.0 * std::f64::consts::TAU / f64::from(RATE);
    let power = f64::from(TONE_AMPLITUDE).powi(2) / 2.0;
    let tonal = pcm.samples.chunks_exact(frame).filter(|c| {
        let (re, im) = c.iter().enumerate().fold((0.0, 0.0), |(re, im), (i, &s)| {
            let s = f64::from(s);
            (
                re + s * (i as f64 * step).cos(),
                im + s * (i as f64 * step).sin(),
            )
        });
        let at_440 = 2.0 * (re * re + im * im) / (frame * frame) as f64;
        at_440 > 0.5 * power
    });
    tonal.count() as f64 / 50.0
}

/// The talk key hushes vichess (`Narrator::hush`): a long clip and long system speech,
/// queued before, stop; what is queued after (the open cue) plays, and its mark is told.
/// Measured by what the null sink heard, not by how long anything took.
#[test]
fn a_hush_stops_clips_and_system_speech_and_what_comes_after_plays() {
    let (pulse, output, player, narrator) = narrating();
    let recording = pulse.record(&pulse.dir.join("hush.raw"));
    // Twelve seconds of words, then a ten-second clip.
    narrator.say(vec![
        Step::Speak {
            language: Language::En,
            text: "one two three four five six seven eight nine ten eleven twelve thirteen \
                   fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one \
                   twenty-two twenty-three twenty-four twenty-five twenty-six"
                .into(),
        },
        Step::Audio {
            player: player.clone(),
            channel: Channel::Both,
            pcm: tone(output.rate(), 10.0),
        },
    ]);
    // Let the words begin (not a measure: the hush is right whenever it comes).
    std::thread::sleep(Duration::from_millis(2_500));
    narrator.hush();
    let (heard, told) = std::sync::mpsc::channel();
    narrator.say(vec![
        Step::Audio {
            player,
            channel: Channel::Both,
            pcm: tone(output.rate(), 0.5),
        },
        Step::Heard(heard),
    ]);
    assert_eq!(
        told.recv_timeout(Duration::from_secs(30)),
        Ok(()),
        "the mark after the hush was never told"
    );
    assert!(narrator.wait(Duration::from_secs(30)));
    recording.settle(1.0, Duration::from_secs(20));
    let got = recording.stop();
    drop(narrator);
    pulse.stop_speech_dispatcher();
    let sound = sounding(&got);
    eprintln!("hush: {sound:.2} s of sound");
    // Without the hush: some 8 s of words and 10.5 s of tone. With it: what sounded before
    // the hush (at most the 2.5 s waited and the engine's start) and the half second after.
    assert!(
        sound < 6.0,
        "{sound:.2} s of sound: the words or the clip went on after the hush"
    );
    // The tone queued after the hush was heard whole, and the ten-second one queued before
    // it not at all: the 440 Hz tone's frames, wherever they fell. (The last half second of
    // sound was asked before; on a loaded machine the sound server put a gap into the tone,
    // or a click after it, and the tone was still whole.)
    let tone_heard = tone_seconds(&got);
    eprintln!("hush: {tone_heard:.2} s of the tone");
    assert!(
        (0.4..=1.0).contains(&tone_heard),
        "{tone_heard:.2} s of the 440 Hz tone: the half second queued after the hush was not \
         heard whole, or the ten seconds queued before it were heard"
    );
}
