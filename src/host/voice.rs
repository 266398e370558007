//! Where `Say` effects go: the sound devices, or nowhere (`--no-audio`, no device, a screen
//! reader speaking for vichess).

use super::words::*;
#[cfg(feature = "audio")]
use crate::phrase::token::Word;
use crate::session::Audience;

/// Where `Say` effects go: the sound devices, or nowhere (`--no-audio`, no device).
pub struct Voice {
    #[cfg(feature = "audio")]
    speakers: Option<super::speakers::Speakers>,
    /// `[speech] output`: which lines vichess's own voice says (issue 15).
    output: crate::config::SpeechOutput,
}

impl Voice {
    pub fn open(
        no_audio: bool,
        config: &crate::config::Config,
        pack: &crate::voice::Pack,
    ) -> (Voice, Option<String>) {
        // A screen reader speaks for vichess (issue 24, item 13): no device, no system
        // speech, and so no "no sound" line and no sound system's complaints on stderr.
        let no_audio =
            no_audio || config.speech.output == crate::config::SpeechOutput::ScreenReader;
        #[cfg(feature = "audio")]
        {
            let mut said = None;
            let speakers = if no_audio {
                None
            } else {
                match super::speakers::Speakers::open_at(
                    &config.audio.routing(),
                    pack,
                    config.speech.speed,
                    config.speech.gap_ms,
                ) {
                    Ok(s) => Some(s),
                    Err(e) => {
                        said = Some(line_in(pack, Word::NoSound, &device_why(pack, &e)));
                        None
                    }
                }
            };
            (
                Voice {
                    speakers,
                    output: config.speech.output,
                },
                said,
            )
        }
        #[cfg(not(feature = "audio"))]
        {
            (
                Voice {
                    output: config.speech.output,
                },
                (!no_audio).then(|| not_built_line(pack)),
            )
        }
    }

    /// Whether vichess's own voice speaks at all (not when a screen reader does).
    pub fn speaks(&self) -> bool {
        self.output != crate::config::SpeechOutput::ScreenReader
    }

    /// Stops what vichess is saying and drops what it has queued: the player is about to speak.
    pub fn hush(&mut self) {
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            s.hush();
        }
    }

    /// Plays a push-to-talk cue to the player (not when a screen reader speaks for vichess:
    /// then there is no device, and the printed line is the news). `heard` is told once the
    /// cue has been heard; with no device it is dropped at once, which tells its receiver
    /// that nothing is sounding.
    pub fn cue(
        &mut self,
        cue: crate::audio::earcon::Cue,
        heard: Option<std::sync::mpsc::Sender<()>>,
    ) {
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            s.cue(Audience::Player, cue, heard);
        }
        #[cfg(not(feature = "audio"))]
        let _ = (cue, heard);
    }

    pub fn say(&mut self, audience: Audience, phrase: &[crate::phrase::token::Token], text: &str) {
        // A screen reader reads the printed line; saying it too would be heard twice.
        if !self.output.voices(audience) {
            return;
        }
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            s.say(audience, phrase, text);
        }
        #[cfg(not(feature = "audio"))]
        let _ = (audience, phrase, text);
    }

    /// The session changed the speaking rate (hundredths).
    pub fn set_speed(&mut self, hundredths: u32) {
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            s.set_speed(f64::from(hundredths) / 100.0);
        }
        #[cfg(not(feature = "audio"))]
        let _ = hundredths;
    }

    pub fn notices(&mut self) -> Vec<String> {
        #[cfg(feature = "audio")]
        if let Some(s) = &mut self.speakers {
            return s.take_notices();
        }
        Vec::new()
    }

    /// Lets queued speech finish before leaving (at most a few seconds).
    pub fn finish(&mut self) {
        #[cfg(feature = "audio")]
        if let Some(s) = &self.speakers {
            s.wait(std::time::Duration::from_secs(10));
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }
}
