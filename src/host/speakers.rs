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
use crate::audio::Audience;
use crate::audio::Pcm;
use crate::phrase::token::{Token, Word};
use crate::phrase::Language;
use crate::speech::file::Espeak;
use crate::speech::notice;
use crate::voice::render::{fallback_notice, render, ClipBank, RenderOptions};
use crate::voice::Pack;

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
            notices: problems.iter().map(|p| p.text(pack)).collect(),
        }
    }

    /// The sample rate the clips are played at.
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

    /// Things to tell the player once, in the pack's language: unreadable clips, no eSpeak NG,
    /// and each word said by a speech engine because the pack has no clip for it.
    pub fn take_notices(&mut self) -> Vec<String> {
        let mut out = std::mem::take(&mut self.notices);
        out.extend(self.bank.take_problems().iter().map(|p| p.text(&self.pack)));
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
                crate::voice::render::Part::Audio(pcm) => Part::Audio(pcm),
                crate::voice::render::Part::Speak(words) => Part::Speak(language, words),
            })
            .collect()
    }

    fn words(&mut self, language: Language, text: &str) -> Option<Pcm> {
        let i = match self.espeak.iter().position(|(l, _)| *l == language) {
            Some(i) => i,
            None => {
                let opened = Espeak::at_speed(language, self.bank.options().speed)
                    .map_err(|e| self.notices.push(notice(&e, &self.pack)))
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
    /// Clips, joined.
    Audio(Pcm),
    /// Words no clip has, for system speech.
    Speak(Language, String),
}

/// Where `Say` effects are heard: the configured devices, each audience on its own device
/// and side (`audio::route`).
#[cfg(feature = "audio")]
pub struct Speakers {
    router: crate::audio::device::Router,
    renderer: Renderer,
    narrator: crate::speech::live::Narrator,
    opened: std::time::Instant,
    /// The device news already told: each device's fault of each kind, and its stutters,
    /// are told once a game ([`told_once`]).
    told: std::collections::HashSet<(String, Option<crate::audio::fault::FaultKind>)>,
}

#[cfg(feature = "audio")]
impl Speakers {
    /// Opens the routed devices once for the whole session and loads the pack at the public
    /// device's rate, at the player's `[speech]` speed and gap. It does not wait for the
    /// streams to run (ALSA's pulse plugin can take two seconds): what is said meanwhile
    /// waits in the queue. System speech is started on the first words that need it.
    pub fn open_at(
        routing: &crate::audio::Routing,
        pack: &Pack,
        speed: f64,
        gap_ms: u64,
    ) -> Result<Speakers, crate::audio::device::DeviceError> {
        let router = crate::audio::device::Router::open(routing)?;
        let rate = router.output(Audience::Public).rate();
        let players = router.outputs().map(|o| o.player()).collect();
        let narrator = crate::speech::live::Narrator::new(
            players,
            crate::speech::live::Narrator::system_speech(speed),
        );
        Ok(Speakers {
            router,
            renderer: Renderer::with_speech(pack, RenderOptions::speech(rate, speed, gap_ms)),
            narrator,
            opened: std::time::Instant::now(),
            told: Default::default(),
        })
    }

    /// Speaks at `speed` from the next phrase on; what is queued already keeps its pace.
    pub fn set_speed(&mut self, speed: f64) {
        self.renderer = self.renderer.at_speed(speed);
    }

    /// Queues the phrase for `audience`; returns at once. Words without a clip, and the text
    /// of a `Say` without a phrase, are said by system speech in their turn.
    pub fn say(&mut self, audience: Audience, phrase: &[Token], text: &str) {
        use crate::speech::live::Step;
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
        self.narrator.say(vec![crate::speech::live::Step::Audio {
            player,
            channel,
            pcm,
        }]);
    }

    /// Stops what is being said and drops what is queued (see
    /// [`crate::speech::live::Narrator::hush`]).
    pub fn hush(&mut self) {
        self.narrator.hush();
    }

    /// Queues a push-to-talk cue for `audience` after what is queued; `heard`, if given, is
    /// told once the cue (and everything before it) has been heard.
    pub fn cue(
        &mut self,
        audience: Audience,
        cue: crate::audio::earcon::Cue,
        heard: Option<std::sync::mpsc::Sender<()>>,
    ) {
        use crate::speech::live::Step;
        let (player, channel) = self.router.player(audience);
        let pcm = crate::audio::earcon::earcon(cue, player.rate());
        let mut steps = vec![Step::Audio {
            player,
            channel,
            pcm,
        }];
        steps.extend(heard.map(Step::Heard));
        self.narrator.say(steps);
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

    /// Things to tell the player once, in the pack's language: unreadable clips, no (or
    /// silent) system speech, sound device errors, and stutters (underruns), which are told
    /// and never stop the game.
    pub fn take_notices(&mut self) -> Vec<String> {
        let mut out = self.renderer.take_notices();
        let pack = &self.renderer.pack;
        out.extend(self.narrator.take_notices().iter().map(|e| notice(e, pack)));
        // ALSA's pulse plugin may report an error while its stream starts: not worth telling.
        let started = self.opened.elapsed() > std::time::Duration::from_secs(3);
        for o in self.router.outputs() {
            let mut news = Vec::new();
            if let Some(e) = o.take_error() {
                news.push(DeviceNews::Error(e));
            }
            let underruns = o.take_underruns();
            if underruns > 0 {
                news.push(DeviceNews::Underruns(underruns));
            }
            for n in news.into_iter().filter(|_| started) {
                if told_once(&mut self.told, o.name(), &n) {
                    out.push(device_notice(pack, o.name(), &n));
                }
            }
        }
        out
    }
}

/// What a sound device had to say during a game.
#[cfg_attr(not(feature = "audio"), allow(dead_code))]
pub enum DeviceNews {
    /// It reported an error.
    Error(crate::audio::fault::SoundFault),
    /// It ran short of sound this many times (underruns): the sound may have stuttered.
    Underruns(u64),
}

/// Whether `news` from `device` is to be told: the first fault of each kind and the first
/// stutters of each device in a game. A busy machine's sound server can report the same
/// fault after every sentence ("snd_pcm_avail_delay failed", three times in a short game
/// on a null sink beside a build); told each time, it buries the moves a blind player is
/// listening for. A new kind (the device unplugged) is still told.
#[cfg_attr(not(feature = "audio"), allow(dead_code))]
fn told_once(
    told: &mut std::collections::HashSet<(String, Option<crate::audio::fault::FaultKind>)>,
    device: &str,
    news: &DeviceNews,
) -> bool {
    let kind = match news {
        DeviceNews::Error(e) => Some(e.kind),
        DeviceNews::Underruns(_) => None,
    };
    told.insert((device.to_string(), kind))
}

/// A sound device's news in the pack's language: the device's name, then what happened (a
/// fault's kind in words, the system's own message in brackets as it came), a count of
/// stutters as "3×".
#[cfg_attr(not(feature = "audio"), allow(dead_code))]
pub fn device_notice(pack: &Pack, device: &str, news: &DeviceNews) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let what = match news {
        DeviceNews::Error(e) => e.words(pack),
        DeviceNews::Underruns(n) => format!("{} ({n}×)", w(Word::DeviceUnderrun)),
    };
    // The name in the language's quotes: "Default Audio Device" is a name, not words of
    // the line; the label's mark is the pack's.
    format!(
        "{} {}{} {what}",
        w(Word::SoundDevice),
        pack.language().quote(device),
        pack.colon()
    )
}

#[cfg(test)]
mod notice_tests {
    use super::*;
    use crate::audio::fault::{FaultKind, SoundFault};
    use crate::speech::SpeechError;
    use crate::voice::render::{ClipProblem, ClipWhy};

    fn said(name: &str) -> Vec<String> {
        let pack = Pack::builtin(name).unwrap();
        let gone = SoundFault::new(FaultKind::Gone, None);
        let odd = SoundFault::new(FaultKind::Other, Some("snd_pcm_writei: EPIPE.".into()));
        let clip = |reason| ClipProblem {
            token: "file-a".into(),
            path: "clips/file-a.wav".into(),
            reason,
        };
        vec![
            notice(
                &SpeechError::Unavailable("speech-dispatcher is not installed".into()),
                &pack,
            ),
            notice(&SpeechError::CannotStart("socket refused".into()), &pack),
            notice(&SpeechError::NotBuilt, &pack),
            notice(&SpeechError::Silent, &pack),
            notice(&SpeechError::Failed("the daemon went away.".into()), &pack),
            notice(&SpeechError::WorkerStopped, &pack),
            fallback_notice(&pack, "file-a"),
            clip(ClipWhy::Outside).text(&pack),
            clip(ClipWhy::TooLong(11.0)).text(&pack),
            clip(ClipWhy::WrongRate {
                has: 22_050,
                manifest: 16_000,
            })
            .text(&pack),
            device_notice(&pack, "pulse", &DeviceNews::Underruns(3)),
            device_notice(&pack, "pulse", &DeviceNews::Error(gone)),
            device_notice(&pack, "pulse", &DeviceNews::Error(odd)),
            notice(
                &SpeechError::NoEspeak(
                    std::io::ErrorKind::NotFound,
                    "No such file or directory (os error 2)".into(),
                ),
                &pack,
            ),
            notice(&SpeechError::Refused, &pack),
        ]
    }

    /// A device's fault of one kind, and its stutters, are told once a game; another kind,
    /// or another device, is told too.
    #[test]
    fn each_device_news_is_told_once() {
        let mut told = Default::default();
        let odd = || DeviceNews::Error(SoundFault::new(FaultKind::Other, Some("EIO".into())));
        let gone = DeviceNews::Error(SoundFault::new(FaultKind::Gone, None));
        assert!(told_once(&mut told, "pulse", &odd()));
        assert!(!told_once(&mut told, "pulse", &odd()));
        assert!(told_once(&mut told, "pulse", &DeviceNews::Underruns(3)));
        assert!(!told_once(&mut told, "pulse", &DeviceNews::Underruns(1)));
        assert!(told_once(&mut told, "pulse", &gone));
        assert!(told_once(&mut told, "hdmi", &odd()));
    }

    /// Speech, clip and sound-device notices are in the game's language; the system's own
    /// words, file names and numbers are kept as they came.
    #[test]
    fn speech_and_clip_notices_are_in_the_games_language() {
        let de = said("de");
        assert_eq!(
            de,
            [
                "Hinweis: die Sprachausgabe des Systems ist nicht verfügbar \
                 (speech-dispatcher is not installed); Wörter ohne Sprachaufnahme werden \
                 angezeigt, aber nicht gesprochen; bitte speech-dispatcher installieren, um sie \
                 zu hören",
                "Hinweis: die Sprachausgabe des Systems ist nicht verfügbar: ist \
                 speech-dispatcher installiert und kann es starten? (socket refused); Wörter \
                 ohne Sprachaufnahme werden angezeigt, aber nicht gesprochen; bitte \
                 speech-dispatcher installieren, um sie zu hören",
                "Hinweis: die Sprachausgabe des Systems ist nicht verfügbar: dieses vichess \
                 wurde ohne Sprachausgabe des Systems gebaut; Wörter ohne Sprachaufnahme werden \
                 angezeigt, aber nicht gesprochen; bitte speech-dispatcher installieren, um sie \
                 zu hören",
                "Hinweis: die Sprachausgabe des Systems ist nicht verfügbar: speech-dispatcher \
                 hat die Wörter angenommen, aber nie gesprochen: es hat keine funktionierende \
                 Tonausgabe (läuft ein Soundserver wie PulseAudio?); Wörter ohne Sprachaufnahme \
                 werden angezeigt, aber nicht gesprochen; bitte speech-dispatcher installieren, \
                 um sie zu hören",
                "Hinweis: die Sprachausgabe des Systems ist gescheitert (the daemon went away); \
                 Wörter ohne Sprachaufnahme werden angezeigt, aber nicht gesprochen; bitte \
                 speech-dispatcher installieren, um sie zu hören",
                "die Sprachausgabe hat aufgehört; Ansagen werden nur angezeigt",
                "Stimme de: keine Aufnahme für file-a; es wird von der Sprachausgabe des Systems \
                 mit einer anderen Stimme gesprochen",
                "Aufnahme nicht verwendbar: file-a (clips/file-a.wav): sie führt aus dem Ordner \
                 der Stimme hinaus (ein symbolischer Link)",
                "Aufnahme nicht verwendbar: file-a (clips/file-a.wav): die Aufnahme ist zu lang \
                 (11,0 s > 10 s)",
                "Aufnahme nicht verwendbar: file-a (clips/file-a.wav): die Abtastrate der \
                 Aufnahme weicht vom Manifest ab (22050 Hz ≠ 16000 Hz)",
                "Tongerät „pulse“: der Ton ist ausgesetzt (der Computer war ausgelastet); er kann \
                 gestockt haben (3×)",
                "Tongerät „pulse“: das Tongerät ist nicht angeschlossen oder fehlt",
                "Tongerät „pulse“: das Tonsystem meldet einen Fehler (snd_pcm_writei: EPIPE)",
                "Hinweis: die Sprachausgabe des Systems ist nicht verfügbar: espeak-ng lässt \
                 sich nicht starten (diese Datei oder diesen Ordner gibt es nicht); Wörter ohne \
                 Sprachaufnahme werden angezeigt, aber nicht gesprochen; bitte speech-dispatcher \
                 installieren, um sie zu hören",
                "Hinweis: die Sprachausgabe des Systems ist gescheitert: speech-dispatcher hat \
                 die Wörter abgelehnt; Wörter ohne Sprachaufnahme werden angezeigt, aber nicht \
                 gesprochen; bitte speech-dispatcher installieren, um sie zu hören",
            ]
        );
        let de_fide = said("de-fide");
        assert_eq!(de_fide[..6], de[..6]);
        assert_eq!(
            de_fide[6],
            "Stimme de-fide: keine Aufnahme für file-a; es wird von der Sprachausgabe des \
             Systems mit einer anderen Stimme gesprochen"
        );
        assert_eq!(
            said("ru"),
            [
                "примечание: системный синтез речи недоступен (speech-dispatcher is not \
                 installed); слова без голосовой записи печатаются, но не произносятся; \
                 установите speech-dispatcher, чтобы их слышать",
                "примечание: системный синтез речи недоступен: установлен ли speech-dispatcher \
                 и может ли он запуститься? (socket refused); слова без голосовой записи \
                 печатаются, но не произносятся; установите speech-dispatcher, чтобы их слышать",
                "примечание: системный синтез речи недоступен: этот vichess собран без \
                 системного синтеза речи; слова без голосовой записи печатаются, но не \
                 произносятся; установите speech-dispatcher, чтобы их слышать",
                "примечание: системный синтез речи недоступен: speech-dispatcher принял слова, \
                 но так и не начал их произносить: у него нет работающего вывода звука (запущен \
                 ли звуковой сервер, например PulseAudio?); слова без голосовой записи \
                 печатаются, но не произносятся; установите speech-dispatcher, чтобы их слышать",
                "примечание: системный синтез речи дал сбой (the daemon went away); слова без \
                 голосовой записи печатаются, но не произносятся; установите speech-dispatcher, \
                 чтобы их слышать",
                "вывод речи остановился; объявления только печатаются",
                "голос ru: нет записи для file-a; это произносит системный синтез речи другим \
                 голосом",
                "запись нельзя использовать: file-a (clips/file-a.wav): она ведёт за пределы \
                 папки голоса (символическая ссылка)",
                "запись нельзя использовать: file-a (clips/file-a.wav): запись слишком длинная \
                 (11,0 s > 10 s)",
                "запись нельзя использовать: file-a (clips/file-a.wav): частота дискретизации \
                 записи не совпадает с манифестом (22050 Hz ≠ 16000 Hz)",
                "звуковое устройство «pulse»: звуку не хватило данных (компьютер был занят); звук \
                 мог прерываться (3×)",
                "звуковое устройство «pulse»: звуковое устройство отключено или отсутствует",
                "звуковое устройство «pulse»: звуковая система сообщила об ошибке \
                 (snd_pcm_writei: EPIPE)",
                "примечание: системный синтез речи недоступен: не удаётся запустить espeak-ng \
                 (такого файла или папки нет); слова без голосовой записи печатаются, но не \
                 произносятся; установите speech-dispatcher, чтобы их слышать",
                "примечание: системный синтез речи дал сбой: speech-dispatcher отказался \
                 произносить слова; слова без голосовой записи печатаются, но не произносятся; \
                 установите speech-dispatcher, чтобы их слышать",
            ]
        );
        let en = said("en");
        assert_eq!(
            en[6],
            "voice en: no clip for file-a; it is said by system speech in another voice"
        );
        // Every pack has each word (no token id printed in place of a missing one).
        for name in ["en", "uk", "hy"] {
            for line in said(name) {
                for id in [
                    "speech-unavailable",
                    "speech-printed-only",
                    "speech-cannot-start",
                    "speech-not-built",
                    "speech-silent",
                    "speech-failed",
                    "speech-worker-stopped",
                    "clip-missing",
                    "said-by-system-speech",
                    "clip-unusable",
                    "clip-outside",
                    "clip-too-long",
                    "clip-wrong-rate",
                    "sound-device",
                    "device-underrun",
                    "sound-gone",
                    "sound-fault",
                    "espeak-cannot-run",
                    "speech-refused",
                    "os error",
                ] {
                    assert!(!line.contains(id), "{name}: {line}");
                }
            }
        }
        assert_eq!(
            said("uk")[10],
            "звуковий пристрій «pulse»: звуку забракло даних (комп'ютер був зайнятий); звук міг \
             перериватися (3×)"
        );
    }
}

#[cfg(all(test, feature = "audio"))]
mod tests {
    use super::*;
    use crate::phrase::token::Token;
    use crate::rules::{Role, Square};

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

    /// A speech-dispatcher that never answers is named as such in each language, with the
    /// way out, and no English is left in the others.
    #[test]
    fn a_speech_engine_that_does_not_answer_is_said_in_each_language() {
        let said = |name: &str| {
            notice(
                &crate::speech::SpeechError::NoAnswer,
                &Pack::builtin(name).unwrap(),
            )
        };
        assert_eq!(
            said("de"),
            "Hinweis: die Sprachausgabe des Systems ist nicht verfügbar: speech-dispatcher \
             antwortet nicht (hängt es? „killall speech-dispatcher“ beendet es); Wörter ohne \
             Sprachaufnahme werden angezeigt, aber nicht gesprochen; bitte speech-dispatcher \
             installieren, um sie zu hören"
        );
        for (name, word) in [
            ("en", "does not answer"),
            ("ru", "не отвечает"),
            ("uk", "не відповідає"),
            ("hy", "չի պատասխանում"),
        ] {
            let line = said(name);
            assert!(line.contains(word), "{name}: {line}");
            assert!(line.contains("killall speech-dispatcher"), "{name}: {line}");
            if name != "en" {
                assert!(!line.contains("answer"), "{name}: {line}");
            }
        }
    }
}
