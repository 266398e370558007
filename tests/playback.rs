//! Real playback through cpal into a PulseAudio null sink, recorded from the sink's monitor
//! and compared with the WAV render. The test starts its own PulseAudio daemon in a private
//! runtime folder and fails, loudly, if it cannot: a skipped audio test proves nothing.

#![cfg(feature = "audio")]

use std::time::{Duration, Instant};
use vichess::audio::device::{Output, Router};
use vichess::audio::{Audience, Channel, Pcm, Routing};
use vichess::phrase::announce::move_phrase;
use vichess::rules::notation::parse_move;
use vichess::rules::Position;
use vichess::voice::render::{render, ClipBank, RenderOptions};
use vichess::voice::Pack;

#[path = "common/pulse.rs"]
mod pulse;

use pulse::{Pulse, RATE};

/// The part of `pcm` from its first to its last sound.
fn sounding(pcm: &Pcm) -> Pcm {
    let m = pcm.measure();
    let start = (m.leading_silence * f64::from(pcm.rate)) as usize;
    let end = pcm.len() - (m.trailing_silence * f64::from(pcm.rate)) as usize;
    Pcm::new(pcm.rate, pcm.samples[start..end].to_vec())
}

#[test]
fn a_move_played_through_cpal_is_recorded_as_rendered() {
    let pulse = Pulse::start();
    let output = Output::open(None).expect("cpal cannot open the PulseAudio null sink");
    let pack = Pack::open("de-fide").unwrap();
    let options = RenderOptions {
        rate: output.rate(),
        ..RenderOptions::default()
    };
    let (bank, problems) = ClipBank::load(&pack, &options);
    assert!(problems.is_empty(), "{problems:?}");
    let pos = Position::default();
    let phrase = move_phrase(&pos, &parse_move(&pos, "Nf3").unwrap());
    let rendered = render(&phrase, &pack, &bank).pcm();
    assert!(
        output.wait_until_running(Duration::from_secs(5)),
        "the sound system never started taking samples"
    );
    // ALSA's pulse plugin may report an I/O error while its stream starts; only errors
    // while playing count.
    if let Some(e) = output.take_error() {
        eprintln!("while the stream started: {e}");
    }

    let recording = pulse.record(&pulse.dir.join("rec.raw"));
    let queued = Instant::now();
    output.play(&rendered, Channel::Both);
    assert!(
        output.wait_until_played(Duration::from_secs(10)),
        "the device did not take the audio"
    );
    let first = output
        .take_first_audible()
        .expect("no audible sample reached the device");
    let rendered_energy = sounding(&rendered.resampled(RATE)).measure().energy;
    recording.wait_for_energy(0.9 * rendered_energy, Duration::from_secs(30));
    let heard = recording.stop();
    // The sound system's own errors while playing (ALSA's pulse plugin fails a call with an
    // I/O error when the server is held up by the machine's other work) are printed: what
    // reached the sink is judged below, by the recording, whose length, energy and holes
    // show a stream that stopped or lost sound.
    if let Some(e) = output.take_error() {
        eprintln!("the sound system reported while playing: {e}");
    }

    let latency = first.duration_since(queued);
    eprintln!(
        "device {:?} at {} Hz: first audible sample {latency:?} after queueing",
        output.name(),
        output.rate()
    );
    // How soon is printed only: it is `cargo bench --bench speech`'s to measure, and a busy
    // machine delays the callback without anything being wrong.
    let want = sounding(&rendered.resampled(RATE)).measure();
    let got = sounding(&heard).measure();
    assert!(heard.seconds() > 1.0, "recorded only {} s", heard.seconds());
    // Nothing cut. Silence added inside (a longer recording, a hole) is vichess's fault only
    // if the callback found the ring empty (an underrun); with the ring full it is the sound
    // server held up by other work on a busy machine, which the energy still bounds.
    // Only the ring found empty is vichess's; the sound system's own reports of a late
    // buffer are the server held up by the machine's other work.
    let (underruns, _held_up) = output.take_underruns_by_cause();
    assert!(
        got.seconds > want.seconds - 0.05 && (underruns == 0 || got.seconds < want.seconds + 0.3),
        "rendered {} s of sound, recorded {} s, {underruns} underruns",
        want.seconds,
        got.seconds
    );
    let ratio = got.energy / want.energy;
    assert!(
        (0.85..1.15).contains(&ratio),
        "recorded energy {ratio:.3} of the render's"
    );
    assert!(
        underruns == 0 || got.longest_inner_silence < 0.2,
        "a hole of {} s in the playback, {underruns} underruns",
        got.longest_inner_silence
    );
    assert_eq!(got.clipped, 0);

    drop(output);

    // Routing by audience: moves for everyone on both sides, the VI player's information on
    // the left only (a headset on one side of the jack). Both on the default device, which
    // is opened once.
    let routing: Routing = toml::from_str(
        "public = { channel = \"both\" }\nplayer = { device = \"default\", channel = \"left\" }",
    )
    .unwrap();
    let router = Router::open(&routing).expect("the routing's device opens");
    assert_eq!(router.outputs().count(), 1);
    let output = router.output(Audience::Player);
    assert!(output.wait_until_running(Duration::from_secs(5)));
    let recording = pulse.record_channels(&pulse.dir.join("left.raw"), 2);
    router.play(Audience::Player, &rendered);
    assert!(output.wait_until_played(Duration::from_secs(10)));
    recording.settle(1.0, Duration::from_secs(20));
    let stereo = recording.stop();
    let left = Pcm::new(RATE, stereo.samples.iter().step_by(2).copied().collect());
    let right = Pcm::new(
        RATE,
        stereo.samples.iter().skip(1).step_by(2).copied().collect(),
    );
    let left_energy = sounding(&left).measure().energy;
    let ratio = left_energy / want.energy;
    assert!(
        (0.85..1.15).contains(&ratio),
        "left channel energy {ratio:.3} of the render's"
    );
    assert!(
        right.measure().energy < want.energy * 1e-4,
        "the right channel heard {} (left {left_energy})",
        right.measure().energy
    );

    // Move after move as in a game (phrase, render, queue, the callback taking it): each is
    // heard before the next is played. How soon is printed, not asserted: a busy machine
    // delays the callback, and the figure that counts is `cargo bench --bench speech`'s.
    let mut pos = Position::default();
    let mut latencies = Vec::new();
    for san in [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ] {
        let m = parse_move(&pos, san).unwrap();
        let _ = output.take_first_audible();
        let start = Instant::now();
        let phrase = move_phrase(&pos, &m);
        router.play(Audience::Public, &render(&phrase, &pack, &bank).pcm());
        let deadline = Instant::now() + Duration::from_secs(60);
        let first = loop {
            if let Some(t) = output.take_first_audible() {
                break t;
            }
            assert!(Instant::now() < deadline, "the move {san} was not heard");
            std::thread::sleep(Duration::from_micros(200));
        };
        // Heard: cut it short, as a newer announcement would.
        output.stop();
        latencies.push(first.duration_since(start));
        pos.play_unchecked(&m);
    }
    latencies.sort();
    eprintln!(
        "move to first audible sample at the device: p50 {:?}, max {:?} ({} moves)",
        latencies[latencies.len() / 2],
        latencies.last().unwrap(),
        latencies.len()
    );
}
