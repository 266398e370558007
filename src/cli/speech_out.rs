//! Speech out, for `vichess play` and `vichess demo`: phrases to sound, live on the routed
//! sound devices ([`Speakers`]) or into a recording ([`Renderer::pcm`]).
//!
//! Live, words without a clip (refusal reasons, notes, the session's own sentences) are said
//! by the system's speech engine (speech-dispatcher), the one system-speech path, kept in
//! order with the clips by `speech::live`. A recording cannot hold speech-dispatcher's voice,
//! so for files those words are rendered by eSpeak NG into the same PCM as the clips. The
//! session's own sentences (a `Say` with no phrase) are English, so they get the English
//! voice; words without a clip inside a phrase get the pack's language.

#[cfg(feature = "audio")]
use vichess::audio::Audience;
use vichess::audio::Pcm;
use vichess::phrase::token::Token;
use vichess::phrase::Language;
use vichess::speech::file::Espeak;
use vichess::speech::notice;
use vichess::voice::render::{fallback_notice, render, ClipBank, RenderOptions};
use vichess::voice::Pack;

/// A voice pack's clips loaded at one rate, and eSpeak NG (opened on first need).
pub struct Renderer {
    pack: Pack,
    bank: ClipBank,
    /// eSpeak NG per language, opened on first need (`None`: it could not be opened).
    espeak: Vec<(Language, Option<Espeak>)>,
    notices: Vec<String>,
}

impl Renderer {
    /// Finds every clip of `pack` for `options` (the player's speed and gap); a clip that
    /// cannot be used becomes a notice.
    pub fn with_speech(pack: &Pack, options: RenderOptions) -> Renderer {
        let (bank, problems) = ClipBank::load(pack, &options);
        Renderer {
            pack: pack.clone(),
            bank,
            espeak: Vec::new(),
            notices: problems.iter().map(ToString::to_string).collect(),
        }
    }

    pub fn rate(&self) -> u32 {
        self.bank.rate()
    }

    #[cfg(feature = "audio")]
    /// The same pack at another speaking rate (`faster`, `slower` during a game): the clips
    /// are stretched when loaded, so they are loaded again at the new rate.
    pub fn at_speed(&self, speed: f64) -> Renderer {
        let options = RenderOptions {
            speed,
            ..*self.bank.options()
        };
        Renderer::with_speech(&self.pack, options)
    }

    /// Things to tell the player once: unreadable clips, no eSpeak NG, and each word said
    /// by a speech engine because the pack has no clip for it.
    pub fn take_notices(&mut self) -> Vec<String> {
        let mut out = std::mem::take(&mut self.notices);
        out.extend(self.bank.take_problems().iter().map(ToString::to_string));
        out.extend(
            self.bank
                .take_fallbacks()
                .iter()
                .map(|w| fallback_notice(&self.pack, w)),
        );
        out
    }

    /// The sound of one `Say`: its phrase from clips, or (no phrase) its text from eSpeak NG
    /// in the pack's language, the language the text was worded in.
    pub fn pcm(&mut self, phrase: &[Token], text: &str) -> Pcm {
        if phrase.is_empty() {
            return self
                .words(self.pack.language(), text)
                .unwrap_or_else(|| Pcm::new(self.rate(), Vec::new()));
        }
        let rendered = render(phrase, &self.pack, &self.bank);
        let language = self.pack.language();
        let mut fill = Vec::new();
        for words in rendered.speech() {
            fill.push(self.words(language, words));
        }
        let mut fill = fill.into_iter();
        rendered.to_pcm(|_| fill.next().flatten())
    }

    #[cfg(feature = "audio")]
    /// The parts of one `Say` for live output: clips as PCM, and the words without a clip
    /// (all of a `Say` with no phrase) for the system's speech engine, in order. A `Say` with
    /// no phrase is a line play or the session worded in the pack's words (a notice, the
    /// greeting, "did you mean"): it is said in the pack's language, not read by an English
    /// voice.
    pub fn live(&self, phrase: &[Token], text: &str) -> Vec<Part> {
        if phrase.is_empty() {
            return vec![Part::Speak(self.pack.language(), text.to_string())];
        }
        let language = self.pack.language();
        render(phrase, &self.pack, &self.bank)
            .parts
            .into_iter()
            .map(|p| match p {
                vichess::voice::render::Part::Audio(pcm) => Part::Audio(pcm),
                vichess::voice::render::Part::Speak(words) => Part::Speak(language, words),
            })
            .collect()
    }

    fn words(&mut self, language: Language, text: &str) -> Option<Pcm> {
        let i = match self.espeak.iter().position(|(l, _)| *l == language) {
            Some(i) => i,
            None => {
                let opened = Espeak::at_speed(language, self.bank.options().speed)
                    .map_err(|e| self.notices.push(notice(&e)))
                    .ok();
                self.espeak.push((language, opened));
                self.espeak.len() - 1
            }
        };
        let pcm = self.espeak[i].1.as_mut()?.say(text).ok()?;
        Some(pcm.resampled(self.rate()))
    }
}

/// One part of a live announcement: see [`Renderer::live`].
#[cfg(feature = "audio")]
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    Audio(Pcm),
    Speak(Language, String),
}

/// Where `Say` effects are heard: the configured devices, each audience on its own device
/// and side (`audio::route`).
#[cfg(feature = "audio")]
pub struct Speakers {
    router: vichess::audio::device::Router,
    renderer: Renderer,
    narrator: vichess::speech::live::Narrator,
    opened: std::time::Instant,
}

#[cfg(feature = "audio")]
impl Speakers {
    /// Opens the routed devices once for the whole session and loads the pack at the public
    /// device's rate, at the player's `[speech]` speed and gap. It does not wait for the
    /// streams to run (ALSA's pulse plugin can take two seconds): what is said meanwhile
    /// waits in the queue. System speech is started on the first words that need it.
    pub fn open_at(
        routing: &vichess::audio::Routing,
        pack: &Pack,
        speed: f64,
        gap_ms: u64,
    ) -> Result<Speakers, vichess::audio::device::DeviceError> {
        let router = vichess::audio::device::Router::open(routing)?;
        let rate = router.output(Audience::Public).rate();
        let players = router.outputs().map(|o| o.player()).collect();
        let narrator = vichess::speech::live::Narrator::new(
            players,
            vichess::speech::live::Narrator::system_speech(speed),
        );
        Ok(Speakers {
            router,
            renderer: Renderer::with_speech(pack, RenderOptions::speech(rate, speed, gap_ms)),
            narrator,
            opened: std::time::Instant::now(),
        })
    }

    /// Speaks at `speed` from the next phrase on; what is queued already keeps its pace.
    pub fn set_speed(&mut self, speed: f64) {
        self.renderer = self.renderer.at_speed(speed);
    }

    /// Queues the phrase for `audience`; returns at once. Words without a clip, and the text
    /// of a `Say` without a phrase, are said by system speech in their turn.
    pub fn say(&mut self, audience: Audience, phrase: &[Token], text: &str) {
        use vichess::speech::live::Step;
        let (player, channel) = self.router.player(audience);
        let steps = self
            .renderer
            .live(phrase, text)
            .into_iter()
            .filter_map(|part| match part {
                Part::Audio(pcm) if pcm.is_empty() => None,
                Part::Audio(pcm) => Some(Step::Audio {
                    player: player.clone(),
                    channel,
                    pcm,
                }),
                Part::Speak(_, text) if text.trim().is_empty() => None,
                Part::Speak(language, text) => Some(Step::Speak { language, text }),
            })
            .collect();
        self.narrator.say(steps);
    }

    /// Queues `seconds` of silence for `audience` after what is queued: a pause between two
    /// announcements, as a person would make.
    pub fn pause(&mut self, audience: Audience, seconds: f64) {
        let (player, channel) = self.router.player(audience);
        let pcm = Pcm::silence(player.rate(), seconds);
        self.narrator.say(vec![vichess::speech::live::Step::Audio {
            player,
            channel,
            pcm,
        }]);
    }

    /// The name of the device the public hears, to tell the player.
    pub fn name(&self) -> &str {
        self.router.output(Audience::Public).name()
    }

    /// Waits until everything queued has been spoken or handed over, at most `timeout`.
    pub fn wait(&self, timeout: std::time::Duration) -> bool {
        let deadline = std::time::Instant::now() + timeout;
        self.narrator.wait(timeout)
            && self.router.outputs().all(|o| {
                o.wait_until_played(deadline.saturating_duration_since(std::time::Instant::now()))
            })
    }

    /// Things to tell the player once: unreadable clips, no (or silent) system speech, sound
    /// device errors, and stutters (underruns), which are told and never stop the game.
    pub fn take_notices(&mut self) -> Vec<String> {
        let mut out = self.renderer.take_notices();
        out.extend(self.narrator.take_notices());
        // ALSA's pulse plugin may report an error while its stream starts: not worth telling.
        let started = self.opened.elapsed() > std::time::Duration::from_secs(3);
        for o in self.router.outputs() {
            match o.take_error() {
                Some(e) if started => {
                    out.push(format!("the sound device {} reported: {e}", o.name()))
                }
                _ => {}
            }
            let underruns = o.take_underruns();
            if underruns > 0 && started {
                out.push(format!(
                    "the sound device {} ran short of sound {underruns} {} (the computer was busy); the sound may have stuttered",
                    o.name(),
                    if underruns == 1 { "time" } else { "times" }
                ));
            }
        }
        out
    }
}

#[cfg(all(test, feature = "audio"))]
mod tests {
    use super::*;
    use vichess::phrase::token::Token;
    use vichess::rules::{Role, Square};

    /// Issue 16: one `faster` step (1.0 to 1.2, the rate the session hands over) makes a
    /// phrase rendered through play's own path shorter by about the step.
    #[test]
    fn a_phrase_after_faster_is_shorter() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("voices/en");
        let pack = Pack::load(&dir).expect("the en pack loads");
        let normal = Renderer::with_speech(&pack, RenderOptions::speech(48_000, 1.0, 60));
        let faster = normal.at_speed(1.2);
        let phrase = [
            Token::Piece(Role::Knight),
            Token::File(Square::G1.file()),
            Token::Rank(Square::G1.rank()),
            Token::File(Square::F3.file()),
            Token::Rank(Square::F3.rank()),
        ];
        let samples = |r: &Renderer| -> usize {
            r.live(&phrase, "")
                .iter()
                .map(|p| match p {
                    Part::Audio(pcm) => pcm.len(),
                    Part::Speak(..) => panic!("a word without a clip: {p:?}"),
                })
                .sum()
        };
        let (slow, fast) = (samples(&normal), samples(&faster));
        let ratio = slow as f64 / fast as f64;
        eprintln!("Ng1-f3: {slow} samples at 1.0, {fast} at 1.2, ratio {ratio:.3}");
        assert!(
            (1.1..1.3).contains(&ratio),
            "{slow} samples at 1.0, {fast} at 1.2"
        );
    }

    /// A line with no phrase (play's own notices, the greeting) goes to system speech in the
    /// game's language: a German line is not read by an English voice.
    #[test]
    fn a_line_without_a_phrase_is_spoken_in_the_packs_language() {
        for (name, language, line) in [
            (
                "de",
                Language::De,
                "Gerät verbunden (Xbox Wireless Controller)",
            ),
            (
                "ru",
                Language::Ru,
                "устройство подключено (Xbox Wireless Controller)",
            ),
            (
                "en",
                Language::En,
                "device connected (Xbox Wireless Controller)",
            ),
        ] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("voices")
                .join(name);
            let pack = Pack::load(&dir).expect("the pack loads");
            let r = Renderer::with_speech(&pack, RenderOptions::speech(48_000, 1.0, 60));
            assert_eq!(
                r.live(&[], line),
                [Part::Speak(language, line.to_string())],
                "{name}"
            );
        }
    }
}
