//! Speech out, for `vichess play` and `vichess demo`: phrases to PCM (the pack's
//! clips, eSpeak NG for words without a clip), and PCM to the routed sound devices.
//!
//! Words without clips (refusal reasons, notes) are rendered by eSpeak NG into the same
//! stream as the clips rather than handed to speech-dispatcher: one queue per device keeps
//! every announcement in order, and a WAV file can hold them too. The session's own sentences
//! (a `Say` with no phrase) are English, so they get the English voice; words without a clip
//! inside a phrase get the pack's language.

#[cfg(feature = "audio")]
use vichess::audio::Audience;
use vichess::audio::Pcm;
use vichess::phrase::token::Token;
use vichess::phrase::Language;
use vichess::speech::file::Espeak;
use vichess::speech::notice;
use vichess::voice::render::{render, ClipBank, RenderOptions};
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
    /// Loads every clip of `pack` at `rate`; a clip that cannot be read becomes a notice.
    pub fn new(pack: &Pack, rate: u32) -> Renderer {
        let options = RenderOptions {
            rate,
            ..RenderOptions::default()
        };
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

    /// Things to tell the player once: unreadable clips, no eSpeak NG.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// The sound of one `Say`: its phrase from clips, or (no phrase) its text from eSpeak NG.
    pub fn pcm(&mut self, phrase: &[Token], text: &str) -> Pcm {
        if phrase.is_empty() {
            return self
                .words(Language::En, text)
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

    fn words(&mut self, language: Language, text: &str) -> Option<Pcm> {
        let i = match self.espeak.iter().position(|(l, _)| *l == language) {
            Some(i) => i,
            None => {
                let opened = Espeak::open(language)
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

/// Where `Say` effects are heard: the configured devices, each audience on its own device
/// and side (`audio::route`).
#[cfg(feature = "audio")]
pub struct Speakers {
    router: vichess::audio::device::Router,
    renderer: Renderer,
    opened: std::time::Instant,
}

#[cfg(feature = "audio")]
impl Speakers {
    /// Opens the routed devices once for the whole session and loads the pack at the public
    /// device's rate. It does not wait for the streams to run (ALSA's pulse plugin can take
    /// two seconds): what is said meanwhile waits in the queue.
    pub fn open(
        routing: &vichess::audio::Routing,
        pack: &Pack,
    ) -> Result<Speakers, vichess::audio::device::DeviceError> {
        let router = vichess::audio::device::Router::open(routing)?;
        let rate = router.output(Audience::Public).rate();
        Ok(Speakers {
            router,
            renderer: Renderer::new(pack, rate),
            opened: std::time::Instant::now(),
        })
    }

    /// Queues the phrase for `audience`; returns at once.
    pub fn say(&mut self, audience: Audience, phrase: &[Token], text: &str) {
        let pcm = self.renderer.pcm(phrase, text);
        self.router.play(audience, &pcm);
    }

    /// Waits until everything queued has been handed over, at most `timeout`.
    pub fn wait(&self, timeout: std::time::Duration) -> bool {
        self.router.outputs().all(|o| o.wait_until_played(timeout))
    }

    pub fn take_notices(&mut self) -> Vec<String> {
        let mut out = self.renderer.take_notices();
        // ALSA's pulse plugin may report an error while its stream starts: not worth telling.
        let started = self.opened.elapsed() > std::time::Duration::from_secs(3);
        for o in self.router.outputs() {
            match o.take_error() {
                Some(e) if started => {
                    out.push(format!("the sound device {} reported: {e}", o.name()))
                }
                _ => {}
            }
        }
        out
    }
}
