//! System speech through the `tts` crate, heard: speech-dispatcher is spawned by the test
//! process into a private PulseAudio daemon with a null sink, and the sink's monitor must
//! record speech. This catches the failure the platform notes warn of: `speak()` returns Ok
//! and nothing is heard.

#![cfg(feature = "speech")]

use std::time::Duration;
use vichess::phrase::Language;
use vichess::speech::{Fallback, SpeechError};

#[path = "common/pulse.rs"]
mod pulse;

use pulse::Pulse;

/// Stops the speech-dispatcher that the test's connection spawned in the private runtime dir.

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
    recording.settle(1.0, Duration::from_secs(20));
    let heard = recording.stop();
    drop(speech);
    pulse.stop_speech_dispatcher();
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
    let told = f.speak("twelve").expect("told the first time");
    assert_eq!(
        told,
        SpeechError::Unavailable("no speech-dispatcher".into())
    );
    // Worded in the game's language, the system's reason in brackets as it came.
    let de = vichess::voice::Pack::builtin("de").unwrap();
    assert_eq!(
        vichess::speech::notice(&told, &de),
        "Hinweis: die Sprachausgabe des Systems ist nicht verfügbar (no speech-dispatcher); \
         Wörter ohne Sprachaufnahme werden angezeigt, aber nicht gesprochen; bitte \
         speech-dispatcher installieren, um sie zu hören"
    );
    let ru = vichess::voice::Pack::builtin("ru").unwrap();
    assert_eq!(
        vichess::speech::notice(&told, &ru),
        "примечание: системный синтез речи недоступен (no speech-dispatcher); слова без \
         голосовой записи печатаются, но не произносятся; установите speech-dispatcher, чтобы \
         их слышать"
    );
    assert_eq!(f.speak("thirteen"), None);
}
