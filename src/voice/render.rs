//! Phrases to sound: a voice pack's clips stitched into PCM, with what has no clip handed on
//! as text for system speech.
//!
//! A [`ClipBank`] knows every clip of a pack but decodes one only when it is first said:
//! resampled to the output rate, time-stretched to the pack's pace times the player's speed
//! and given short fades. Loading a pack therefore costs no memory for words never said, and
//! rendering is then only copying samples, so a move is heard within a millisecond of being
//! made and a whole scoresheet renders thousands of times faster than it plays. The renderer
//! is pure: PCM in memory, no device, so the tests measure exactly what a player would hear.
//!
//! Times, counts and move numbers are said from the pack's number-word clips
//! (`voice::numbers`), so the voice never changes mid-sentence. Whatever still has no clip is
//! spoken by system speech; each such token is remembered once so the program can say which.

use crate::audio::{frames, resample, stretch, wav, Pcm};
use crate::phrase::token::{Token, Word};
use crate::rules::Square;
use crate::voice::numbers::segment;
use crate::voice::Pack;
use std::collections::{BTreeSet, HashMap};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// The speaking rates a player may choose, the same for the configuration, `--speed` and the
/// in-game commands: 1.0 is the pack's own pace.
pub const SPEED_RANGE: RangeInclusive<f64> = 0.5..=3.0;

/// `speed` within [`SPEED_RANGE`].
pub fn clamp_speed(speed: f64) -> f64 {
    if speed.is_finite() {
        speed.clamp(*SPEED_RANGE.start(), *SPEED_RANGE.end())
    } else {
        1.0
    }
}

/// How phrases are spoken.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderOptions {
    /// Output sample rate: the device's, or the WAV file's.
    pub rate: u32,
    /// Silence between two words of a phrase, in seconds (at speed 1.0).
    pub gap: f64,
    /// Silence for a comma or a full stop, in seconds (at speed 1.0).
    pub pause: f64,
    /// Speaking rate on top of the pack's pace: 1.0 as the pack sets it, 1.5 half as fast
    /// again, 0.75 slower (within [`SPEED_RANGE`]).
    pub speed: f64,
    /// Fade-in and fade-out of every clip, in seconds: no click where clips meet.
    pub fade: f64,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            rate: 48_000,
            gap: DEFAULT_GAP_MS as f64 / 1000.0,
            pause: 0.2,
            speed: 1.0,
            fade: 0.003,
        }
    }
}

/// The default silence between words, in milliseconds (`[speech] gap_ms`): a short breath,
/// as a human announcer leaves between the words of a move.
pub const DEFAULT_GAP_MS: u64 = 40;

impl RenderOptions {
    /// Options from the player's `[speech]` settings (or `--speed`): `speed` and `gap_ms`
    /// are honoured the same way by every path that speaks.
    pub fn speech(rate: u32, speed: f64, gap_ms: u64) -> RenderOptions {
        RenderOptions {
            rate,
            speed: clamp_speed(speed),
            gap: gap_ms as f64 / 1000.0,
            ..RenderOptions::default()
        }
    }
    fn gap_frames(&self) -> usize {
        frames(self.rate, self.gap / clamp_speed(self.speed))
    }
    fn pause_frames(&self) -> usize {
        frames(self.rate, self.pause / clamp_speed(self.speed))
    }
}

/// A clip the pack names that could not be used; the token is then spoken by system speech.
#[derive(Debug, Clone, PartialEq)]
pub struct ClipProblem {
    /// The token id whose clip failed (`number "zwölf"` for a number word); empty when the
    /// whole pack is refused.
    pub token: String,
    /// The clip file (the pack's folder when the whole pack is refused).
    pub path: PathBuf,
    /// Why it cannot be used.
    pub reason: ClipWhy,
}

/// Why a clip cannot be used: vichess's own reasons as values, worded in the game's language
/// by [`ClipProblem::text`]; a reader's own complaint is kept as it came.
#[derive(Debug, Clone, PartialEq)]
pub enum ClipWhy {
    /// The pack's clips take more than this many MB, so none is used.
    PackTooLarge(u64),
    /// The clip is this many seconds long, more than the longest a clip may be.
    TooLong(f64),
    /// The clip's rate is not the manifest's.
    WrongRate {
        /// The clip's rate (Hz).
        has: u32,
        /// The rate the manifest gives (Hz).
        manifest: u32,
    },
    /// The clip leads out of the pack's folder (a symlink).
    Outside,
    /// The file holds no sound.
    Empty,
    /// The file cannot be read: the reader's reason.
    Unreadable(String),
}

impl std::fmt::Display for ClipWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClipWhy::PackTooLarge(mb) => {
                write!(
                    f,
                    "the pack's clips take more than {mb} MB, so none is used"
                )
            }
            ClipWhy::TooLong(s) => write!(
                f,
                "it is {s:.1} s long; a clip may be at most {} s",
                crate::voice::MAX_CLIP_SECONDS
            ),
            ClipWhy::WrongRate { has, manifest } => {
                write!(f, "it has {has} Hz, the manifest says {manifest} Hz")
            }
            ClipWhy::Outside => f.write_str("it leads outside the pack folder (a symlink)"),
            ClipWhy::Empty => f.write_str("the file holds no sound"),
            ClipWhy::Unreadable(why) => f.write_str(why),
        }
    }
}

impl std::fmt::Display for ClipProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let token = if self.token.is_empty() {
            "every token"
        } else {
            &self.token
        };
        write!(
            f,
            "the clip for {token} ({}) cannot be used: {}",
            self.path.display(),
            self.reason
        )
    }
}

impl ClipProblem {
    /// The line for the player in `pack`'s language: the pack's word for an unusable clip,
    /// the token and file, then why (vichess's reasons in the pack's words, numbers and a
    /// reader's own complaint in brackets).
    pub fn text(&self, pack: &Pack) -> String {
        let w = |word| pack.text(&[Token::Word(word)]);
        let (word, detail) = match &self.reason {
            ClipWhy::PackTooLarge(mb) => (Word::ClipsTooLarge, format!("> {mb} MB")),
            ClipWhy::TooLong(s) => (
                Word::ClipTooLong,
                format!(
                    "{} s > {} s",
                    pack.language().decimal(*s, 1),
                    crate::voice::MAX_CLIP_SECONDS
                ),
            ),
            ClipWhy::WrongRate { has, manifest } => {
                (Word::ClipWrongRate, format!("{has} Hz ≠ {manifest} Hz"))
            }
            ClipWhy::Outside => (Word::ClipOutside, String::new()),
            ClipWhy::Empty => (Word::ClipEmpty, String::new()),
            ClipWhy::Unreadable(why) => (Word::ClipUnreadable, why.clone()),
        };
        let mut why = w(word);
        let detail = detail.trim().trim_end_matches('.');
        if !detail.is_empty() {
            why = format!("{why} ({detail})");
        }
        if self.token.is_empty() {
            format!(
                "{} {}{} {why}",
                w(Word::VoicePack),
                self.path.display(),
                pack.colon()
            )
        } else {
            format!(
                "{}{colon} {} ({}){colon} {why}",
                w(Word::ClipUnusable),
                self.token,
                self.path.display(),
                colon = pack.colon()
            )
        }
    }
}

/// One clip file, decoded on first use.
#[derive(Debug)]
struct Slot {
    token: String,
    path: PathBuf,
    samples: OnceLock<Option<Vec<f32>>>,
}

/// A pack's clips, decoded on first use at one rate and speed.
#[derive(Debug)]
pub struct ClipBank {
    options: RenderOptions,
    /// The time-stretch factor: the pack's pace times the player's speed.
    stretch: f64,
    slots: Vec<Slot>,
    tokens: HashMap<Token, usize>,
    numbers: HashMap<String, usize>,
    squares: HashMap<Square, usize>,
    /// Clips that failed when first decoded, not yet handed out.
    problems: Mutex<Vec<ClipProblem>>,
    /// Everything said by system speech so far, and how much of it was handed out.
    fallbacks: Mutex<(BTreeSet<String>, Vec<String>)>,
}

impl Clone for ClipBank {
    fn clone(&self) -> ClipBank {
        ClipBank {
            options: self.options.clone(),
            stretch: self.stretch,
            slots: self
                .slots
                .iter()
                .map(|s| Slot {
                    token: s.token.clone(),
                    path: s.path.clone(),
                    samples: s.samples.clone(),
                })
                .collect(),
            tokens: self.tokens.clone(),
            numbers: self.numbers.clone(),
            squares: self.squares.clone(),
            problems: Mutex::new(self.problems.lock().map(|p| p.clone()).unwrap_or_default()),
            fallbacks: Mutex::new(self.fallbacks.lock().map(|f| f.clone()).unwrap_or_default()),
        }
    }
}

impl ClipBank {
    /// Finds every clip of `pack` for `options`, reading only the WAV headers: a clip that
    /// leads out of the pack, is too long, at another rate or unreadable is returned as a
    /// problem to report and treated as missing, and a pack larger than the limit is not used
    /// at all. Missing clips are no problem here (system speech says those words, and
    /// [`ClipBank::take_fallbacks`] names them).
    pub fn load(pack: &Pack, options: &RenderOptions) -> (ClipBank, Vec<ClipProblem>) {
        let mut problems = Vec::new();
        let mut bank = ClipBank::empty(options, pack.pace());
        let too_large = pack.clip_bytes() > crate::voice::MAX_PACK_BYTES;
        if too_large {
            problems.push(ClipProblem {
                token: String::new(),
                path: pack.root().to_path_buf(),
                reason: ClipWhy::PackTooLarge(crate::voice::MAX_PACK_BYTES / 1_048_576),
            });
            return (bank, problems);
        }
        let mut by_path: HashMap<PathBuf, usize> = HashMap::new();
        let mut outside = Vec::new();
        let mut add = |label: String, path: PathBuf, bank: &mut ClipBank| -> Option<usize> {
            if let Some(&i) = by_path.get(&path) {
                return Some(i);
            }
            let reason = match crate::voice::manifest::clip_info(&path) {
                Err(why) => Some(ClipWhy::Unreadable(why)),
                Ok((_, s)) if s > crate::voice::MAX_CLIP_SECONDS => Some(ClipWhy::TooLong(s)),
                Ok((r, _)) if r != pack.sample_rate() => Some(ClipWhy::WrongRate {
                    has: r,
                    manifest: pack.sample_rate(),
                }),
                Ok(_) => None,
            };
            if let Some(reason) = reason {
                problems.push(ClipProblem {
                    token: label,
                    path,
                    reason,
                });
                return None;
            }
            bank.slots.push(Slot {
                token: label,
                path: path.clone(),
                samples: OnceLock::new(),
            });
            by_path.insert(path, bank.slots.len() - 1);
            Some(bank.slots.len() - 1)
        };
        for token in Token::vocabulary() {
            if let Some(path) = pack.clip_path(token) {
                if let Some(i) = add(token.id().to_string(), path, &mut bank) {
                    bank.tokens.insert(token, i);
                }
            } else if pack.entry(token).and_then(|e| e.clip.as_ref()).is_some()
                && pack.outside(token)
            {
                outside.push(ClipProblem {
                    token: token.id().to_string(),
                    path: pack
                        .root()
                        .join(pack.entry(token).unwrap().clip.as_ref().unwrap()),
                    reason: ClipWhy::Outside,
                });
            }
        }
        for word in pack.number_words() {
            if let Some(path) = pack.number_clip_path(&word) {
                if let Some(i) = add(format!("number \"{word}\""), path, &mut bank) {
                    bank.numbers.insert(word, i);
                }
            }
        }
        for square in pack.squares() {
            if let Some(path) = pack.square_clip_path(square) {
                if let Some(i) = add(format!("square {square}"), path, &mut bank) {
                    bank.squares.insert(square, i);
                }
            }
        }
        problems.extend(outside);
        (bank, problems)
    }

    /// The same clips for other `options` (another speed or gap) at the pack's `pace`: the
    /// files found and checked at load are kept, and each clip is decoded anew on first use,
    /// since its stretch differs. For measuring one pack at many speeds
    /// ([`crate::voice::pace::measure`] tries 26) without finding every clip 26 times.
    pub fn with_options(&self, options: &RenderOptions, pace: f64) -> ClipBank {
        let mut bank = self.clone();
        bank.options = options.clone();
        bank.stretch = pace * clamp_speed(options.speed);
        for slot in &mut bank.slots {
            slot.samples = OnceLock::new();
        }
        bank
    }

    fn empty(options: &RenderOptions, pace: f64) -> ClipBank {
        ClipBank {
            options: options.clone(),
            stretch: pace * clamp_speed(options.speed),
            slots: Vec::new(),
            tokens: HashMap::new(),
            numbers: HashMap::new(),
            squares: HashMap::new(),
            problems: Mutex::new(Vec::new()),
            fallbacks: Mutex::new((BTreeSet::new(), Vec::new())),
        }
    }

    /// A bank from clips already in memory (tests, synthetic packs), at pace 1.0.
    pub fn from_clips(
        options: &RenderOptions,
        clips: impl IntoIterator<Item = (Token, Pcm)>,
    ) -> ClipBank {
        let mut bank = ClipBank::empty(options, 1.0);
        for (t, p) in clips {
            let samples = OnceLock::new();
            let _ = samples.set(Some(prepare(&p, options, bank.stretch)));
            bank.slots.push(Slot {
                token: t.id().to_string(),
                path: PathBuf::new(),
                samples,
            });
            bank.tokens.insert(t, bank.slots.len() - 1);
        }
        bank
    }

    /// The rate, speed and timings the clips are prepared for.
    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    /// The output sample rate every clip is resampled to.
    pub fn rate(&self) -> u32 {
        self.options.rate
    }

    fn slot(&self, i: usize) -> Option<&[f32]> {
        let slot = &self.slots[i];
        slot.samples
            .get_or_init(|| match wav::read(&slot.path) {
                Ok(pcm) if pcm.is_empty() => {
                    self.problem(slot, ClipWhy::Empty);
                    None
                }
                Ok(pcm) => Some(prepare(&pcm, &self.options, self.stretch)),
                Err(e) => {
                    self.problem(slot, ClipWhy::Unreadable(e.to_string()));
                    None
                }
            })
            .as_deref()
    }

    fn problem(&self, slot: &Slot, reason: ClipWhy) {
        if let Ok(mut p) = self.problems.lock() {
            p.push(ClipProblem {
                token: slot.token.clone(),
                path: slot.path.clone(),
                reason,
            });
        }
    }

    /// The prepared samples for `token` (decoded now if this is its first use), or `None`
    /// when system speech must say it.
    pub fn clip(&self, token: Token) -> Option<&[f32]> {
        self.slot(*self.tokens.get(&token)?)
    }

    /// The clip of `square` said as one unit, if the pack has one that plays.
    pub fn square(&self, square: Square) -> Option<&[f32]> {
        self.squares.get(&square).and_then(|&i| self.slot(i))
    }

    /// A number text ("zweihundertdreiundvierzig Züge") from the number-word clips: the
    /// pieces of one word run together, words are apart by the gap. `None` names the first
    /// word piece without a clip.
    pub fn number_words(&self, text: &str) -> Result<Vec<f32>, String> {
        let mut out = Vec::new();
        for (k, word) in text.split_whitespace().enumerate() {
            let pieces = segment(word, |p| self.numbers.contains_key(p))
                .ok_or_else(|| format!("{NUMBER_WORD}\"{word}\""))?;
            if k > 0 {
                out.resize(out.len() + self.options.gap_frames(), 0.0);
            }
            for piece in pieces {
                let clip = self
                    .slot(self.numbers[piece])
                    .ok_or_else(|| format!("{NUMBER_WORD}\"{piece}\""))?;
                out.extend_from_slice(clip);
            }
        }
        Ok(out)
    }

    /// Notes that `what` (a token id, or `number word "…"`) is said by system speech.
    pub fn note_fallback(&self, what: &str) {
        if let Ok(mut f) = self.fallbacks.lock() {
            if f.0.insert(what.to_string()) {
                f.1.push(what.to_string());
            }
        }
    }

    /// What has gone to system speech since last asked, each once per bank (session): the
    /// program logs it so a missing clip is never silently spoken in another voice.
    pub fn take_fallbacks(&self) -> Vec<String> {
        self.fallbacks
            .lock()
            .map(|mut f| std::mem::take(&mut f.1))
            .unwrap_or_default()
    }

    /// Clips that turned out unreadable when first said, since last asked.
    pub fn take_problems(&self) -> Vec<ClipProblem> {
        self.problems
            .lock()
            .map(|mut p| std::mem::take(&mut *p))
            .unwrap_or_default()
    }

    /// How many tokens have a clip (shared clips count once per token).
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// How many clips have been decoded so far (the rest cost no memory).
    pub fn decoded(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| s.samples.get().is_some())
            .count()
    }

    /// No clips at all: every word would go to system speech.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }
}

/// Resample, trim, stretch and fade one clip for the bank.
fn prepare(pcm: &Pcm, options: &RenderOptions, rate: f64) -> Vec<f32> {
    let at_rate = resample::resample(&pcm.samples, pcm.rate, options.rate);
    let spoken = trim_silence(&at_rate, options.rate);
    let mut x = stretch::stretch(spoken, options.rate, rate);
    let n = frames(options.rate, options.fade).min(x.len() / 2);
    for i in 0..n {
        let g = (0.5 - 0.5 * (std::f64::consts::PI * (i as f64 + 0.5) / n as f64).cos()) as f32;
        x[i] *= g;
        let j = x.len() - 1 - i;
        x[j] *= g;
    }
    x
}

/// Below this share of a clip's peak, its edges are silence (-40 dB).
const EDGE_SILENCE: f32 = 0.01;
/// Kept before the first and after the last sound above it, so soft onsets and endings
/// ("f", "s", "h") survive the cut.
const EDGE_MARGIN_MS: u32 = 20;

/// The clip without the silence left before and after the word (10-110 ms a clip in the
/// shipped packs, after make-voices' own trim; more in a pack recorded by hand). The renderer
/// puts its own gap between words, so that silence only made announcements slower, and made
/// a human pace need more time-stretch (which costs intelligibility) than the words require.
fn trim_silence(x: &[f32], rate: u32) -> &[f32] {
    let peak = x.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    if peak == 0.0 {
        return x;
    }
    let loud = |v: &f32| v.abs() > peak * EDGE_SILENCE;
    let margin = (rate * EDGE_MARGIN_MS / 1000) as usize;
    let first = x.iter().position(loud).unwrap_or(0);
    let last = x.iter().rposition(loud).unwrap_or(x.len() - 1);
    &x[first.saturating_sub(margin)..(last + 1 + margin).min(x.len())]
}

/// One stretch of a rendered phrase: sound from clips, or words for system speech.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Clips joined with their gaps and pauses, ready for the sound device.
    Audio(Pcm),
    /// Words without clips, in the order they come, as the speech engine should say them.
    Speak(String),
}

/// A phrase ready to play: parts in the order they are said.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    /// The sample rate of every audio part.
    pub rate: u32,
    /// The parts in the order they are said.
    pub parts: Vec<Part>,
}

impl Rendered {
    /// Whether every word came from a clip (nothing needs system speech).
    pub fn is_complete(&self) -> bool {
        self.parts.iter().all(|p| matches!(p, Part::Audio(_)))
    }

    /// The words left for system speech.
    pub fn speech(&self) -> Vec<&str> {
        self.parts
            .iter()
            .filter_map(|p| match p {
                Part::Speak(t) => Some(t.as_str()),
                Part::Audio(_) => None,
            })
            .collect()
    }

    /// All the audio as one PCM; a stretch for system speech becomes `fill(text)`'s audio,
    /// or nothing when `fill` returns `None` (a WAV file cannot hold system speech).
    pub fn to_pcm(&self, mut fill: impl FnMut(&str) -> Option<Pcm>) -> Pcm {
        let mut out = Pcm::new(self.rate, Vec::new());
        for part in &self.parts {
            match part {
                Part::Audio(p) => out.append(p),
                Part::Speak(text) => {
                    if let Some(p) = fill(text) {
                        out.append(&p.resampled(self.rate));
                    }
                }
            }
        }
        out
    }

    /// The clip audio only.
    pub fn pcm(&self) -> Pcm {
        self.to_pcm(|_| None)
    }
}

/// Renders `phrase` with `pack`'s clips from `bank`: words joined by the configured gap,
/// punctuation as a pause, and each run of words without a clip as one [`Part::Speak`] so the
/// speech engine says it with natural intonation. No silence before the first word.
pub fn render(phrase: &[Token], pack: &Pack, bank: &ClipBank) -> Rendered {
    // In the order the printed line has ([`crate::phrase::grammar::Grammar::arrange`]).
    let phrase = &*pack.grammar().arrange(phrase);
    let options = &bank.options;
    let mut parts: Vec<Part> = Vec::new();
    let mut audio: Vec<f32> = Vec::new();
    let mut words: Vec<Token> = Vec::new();
    let flush_words = |words: &mut Vec<Token>, parts: &mut Vec<Part>| {
        if !words.is_empty() {
            parts.push(Part::Speak(pack.spoken_text(words)));
            words.clear();
        }
    };
    let flush_audio = |audio: &mut Vec<f32>, parts: &mut Vec<Part>| {
        if !audio.is_empty() {
            parts.push(Part::Audio(Pcm::new(options.rate, std::mem::take(audio))));
        }
    };
    let comma_before_check = pack.grammar().comma_before_check;
    // The rank of a square said whole from its own clip, which the next token then is.
    let mut said_whole = false;
    for (i, &token) in phrase.iter().enumerate() {
        if std::mem::take(&mut said_whole) {
            continue;
        }
        // An optional word the language leaves out: nothing to say.
        if token.is_optional() && pack.word(token).is_empty() {
            continue;
        }
        if let Token::Punct(_) = token {
            flush_words(&mut words, &mut parts);
            if !audio.is_empty() {
                audio.resize(audio.len() + options.pause_frames(), 0.0);
            }
            continue;
        }
        let number;
        let whole = match (token, phrase.get(i + 1)) {
            (Token::File(file), Some(&Token::Rank(rank))) => {
                bank.square(Square::from_coords(file, rank))
            }
            _ => None,
        };
        said_whole = whole.is_some();
        let clip = match token {
            _ if whole.is_some() => whole,
            Token::Duration(_)
            | Token::Count(_)
            | Token::CountIn(_)
            | Token::CountFor(_)
            | Token::Number(_) => {
                let words = match token {
                    Token::Number(n) => {
                        crate::phrase::number::counting(u64::from(n), pack.language()).into()
                    }
                    _ => pack.word(token),
                };
                number = bank.number_words(&words);
                match &number {
                    Ok(samples) => Some(samples.as_slice()),
                    Err(missing) => {
                        bank.note_fallback(missing);
                        None
                    }
                }
            }
            _ => {
                let c = bank.clip(token);
                if c.is_none() {
                    bank.note_fallback(token.id());
                }
                c
            }
        };
        match clip {
            Some(clip) => {
                flush_words(&mut words, &mut parts);
                if !audio.is_empty() {
                    let after_punct = i > 0 && matches!(phrase[i - 1], Token::Punct(_));
                    let comma = comma_before_check && matches!(token, Token::Check | Token::Mate);
                    if !after_punct {
                        let gap = if comma {
                            options.pause_frames()
                        } else {
                            options.gap_frames()
                        };
                        audio.resize(audio.len() + gap, 0.0);
                    }
                }
                audio.extend_from_slice(clip);
            }
            None => {
                flush_audio(&mut audio, &mut parts);
                words.push(token);
            }
        }
    }
    flush_words(&mut words, &mut parts);
    flush_audio(&mut audio, &mut parts);
    Rendered {
        rate: options.rate,
        parts,
    }
}

/// The line logged the first time `what` (from [`ClipBank::take_fallbacks`]) is said by
/// system speech, in the pack's language: which pack lacks which clip (named by its token
/// id, as the manifest names it), so the second voice is explained.
pub fn fallback_notice(pack: &Pack, what: &str) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    // A number word piece is named in the pack's words, the piece in its quotes.
    let what = match what
        .strip_prefix(NUMBER_WORD)
        .map(|piece| piece.trim_matches('"'))
    {
        Some(piece) => format!(
            "{} {}",
            w(Word::ClipNumberWord),
            pack.language().quote(piece)
        ),
        // A word of the vocabulary by what it says, in quotes, its key after it for whoever
        // records the pack: "review-move" alone meant nothing to a player (a play-through).
        None => match Word::ALL.iter().find(|w| w.id() == what) {
            Some(&word) => format!(
                "{} ({what})",
                pack.language().quote(&pack.text(&[Token::Word(word)]))
            ),
            None => what.to_string(),
        },
    };
    format!(
        "{} {}{} {} {what}; {}",
        w(Word::VoicePack),
        pack.folder(),
        pack.colon(),
        w(Word::ClipMissing),
        w(Word::SaidBySystemSpeech)
    )
}

/// How [`ClipBank::number_words`] names a number word piece without a clip (`number word
/// "zwölf"`), for logs; [`fallback_notice`] says it in the pack's words.
const NUMBER_WORD: &str = "number word ";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_word_without_a_clip_is_named_in_the_packs_words() {
        let ru = Pack::builtin("ru").unwrap();
        let line = fallback_notice(&ru, &format!("{NUMBER_WORD}\"двенадцать\""));
        assert!(
            line.contains(": нет записи для числительного «двенадцать»; "),
            "{line}"
        );
        assert!(!line.contains("number"), "{line}");
        let de = Pack::builtin("de").unwrap();
        let line = fallback_notice(&de, "boards-differ");
        assert!(
            line.contains(
                "keine Aufnahme für „die Bretter stimmen nicht überein“ (boards-differ); "
            ),
            "{line}"
        );
        let hy = Pack::builtin("hy").unwrap();
        let line = fallback_notice(&hy, "file-a");
        assert!(!line.contains(':'), "Armenian takes ՝: {line}");
        assert!(line.contains("՝ ձայնագրություն չկա file-a; "), "{line}");
    }

    #[test]
    fn the_silence_recorded_around_a_word_is_cut_to_a_short_margin() {
        let rate = 16_000;
        // 0.3 s of silence, 0.2 s of a quiet-onset tone, 0.25 s of silence (with a little
        // hiss far below the tone).
        let mut x = vec![0.0005f32; 4_800];
        x.extend((0..3_200).map(|i| 0.5 * ((i as f32) * 0.2).sin() * (i as f32 / 3_200.0)));
        x.extend(vec![0.0f32; 4_000]);
        let cut = trim_silence(&x, rate);
        let seconds = cut.len() as f64 / f64::from(rate);
        assert!(
            (0.2..=0.25).contains(&seconds),
            "the tone and two 20 ms margins: {seconds}"
        );
        // The soft start of the tone is kept.
        let first_loud = x.iter().position(|v| v.abs() > 0.005).unwrap();
        let start = (cut.as_ptr() as usize - x.as_ptr() as usize) / std::mem::size_of::<f32>();
        assert!(start <= first_loud, "{start} > {first_loud}");
        // Silence only: nothing to cut it down to.
        assert_eq!(trim_silence(&[0.0; 100], rate).len(), 100);
    }
}
