//! Phrases to sound: a voice pack's clips stitched into PCM, with what has no clip handed on
//! as text for system speech.
//!
//! The pack is loaded once into a [`ClipBank`]: every clip decoded, resampled to the output
//! rate, time-stretched to the speaking rate and given short fades. Rendering a phrase is then
//! only copying samples, so a move is heard within a millisecond of being made, and a whole
//! scoresheet renders thousands of times faster than it plays. The renderer is pure: PCM in
//! memory, no device, so the tests measure exactly what a player would hear.

use crate::audio::{frames, resample, stretch, wav, Pcm};
use crate::phrase::token::Token;
use crate::voice::Pack;
use std::collections::HashMap;
use std::path::PathBuf;

/// How phrases are spoken.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderOptions {
    /// Output sample rate: the device's, or the WAV file's.
    pub rate: u32,
    /// Silence between two words of a phrase, in seconds (at normal speed).
    pub gap: f64,
    /// Silence for a comma or a full stop, in seconds (at normal speed).
    pub pause: f64,
    /// Speaking rate: 1.0 as recorded, 1.5 half as fast again, 0.75 slower (0.5..=2.0).
    pub speed: f64,
    /// Fade-in and fade-out of every clip, in seconds: no click where clips meet.
    pub fade: f64,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            rate: 48_000,
            gap: 0.06,
            pause: 0.25,
            speed: 1.0,
            fade: 0.003,
        }
    }
}

impl RenderOptions {
    fn gap_frames(&self) -> usize {
        frames(self.rate, self.gap / self.speed.clamp(0.5, 2.0))
    }
    fn pause_frames(&self) -> usize {
        frames(self.rate, self.pause / self.speed.clamp(0.5, 2.0))
    }
}

/// A clip the pack names that could not be used; the token is then spoken by system speech.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClipProblem {
    /// The token id whose clip failed.
    pub token: &'static str,
    /// The clip file.
    pub path: PathBuf,
    /// Why it cannot be used, in plain words.
    pub reason: String,
}

impl std::fmt::Display for ClipProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the clip for \"{}\" ({}) cannot be used: {}",
            self.token,
            self.path.display(),
            self.reason
        )
    }
}

/// A pack's clips in memory, ready to be copied out at one rate and speed.
#[derive(Debug, Clone)]
pub struct ClipBank {
    options: RenderOptions,
    clips: HashMap<Token, Vec<f32>>,
}

impl ClipBank {
    /// Loads every clip of `pack` for `options`. Missing clips are no problem (system speech
    /// says those words); clips that exist but cannot be read are returned as problems to
    /// report, and are treated as missing.
    pub fn load(pack: &Pack, options: &RenderOptions) -> (ClipBank, Vec<ClipProblem>) {
        let mut clips = HashMap::new();
        let mut problems = Vec::new();
        let mut decoded: HashMap<PathBuf, Vec<f32>> = HashMap::new();
        for token in Token::vocabulary() {
            let Some(path) = pack.clip_path(token) else {
                continue;
            };
            if let Some(samples) = decoded.get(&path) {
                clips.insert(token, samples.clone());
                continue;
            }
            match wav::read(&path) {
                Ok(pcm) if pcm.is_empty() => problems.push(ClipProblem {
                    token: token.id(),
                    path,
                    reason: "the file holds no sound".into(),
                }),
                Ok(pcm) => {
                    let samples = prepare(&pcm, options);
                    decoded.insert(path, samples.clone());
                    clips.insert(token, samples);
                }
                Err(e) => problems.push(ClipProblem {
                    token: token.id(),
                    path,
                    reason: e.to_string(),
                }),
            }
        }
        let bank = ClipBank {
            options: options.clone(),
            clips,
        };
        (bank, problems)
    }

    /// A bank from clips already in memory (tests, synthetic packs).
    pub fn from_clips(
        options: &RenderOptions,
        clips: impl IntoIterator<Item = (Token, Pcm)>,
    ) -> ClipBank {
        ClipBank {
            options: options.clone(),
            clips: clips
                .into_iter()
                .map(|(t, p)| (t, prepare(&p, options)))
                .collect(),
        }
    }

    /// The rate, speed and timings the clips were prepared for.
    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    /// The output sample rate every clip was resampled to.
    pub fn rate(&self) -> u32 {
        self.options.rate
    }

    /// The prepared samples for `token`, or `None` when system speech must say it.
    pub fn clip(&self, token: Token) -> Option<&[f32]> {
        self.clips.get(&token).map(Vec::as_slice)
    }

    /// How many tokens have a clip (shared clips count once per token).
    pub fn len(&self) -> usize {
        self.clips.len()
    }

    /// No clips at all: every word would go to system speech.
    pub fn is_empty(&self) -> bool {
        self.clips.is_empty()
    }
}

/// Resample, stretch and fade one clip for the bank.
fn prepare(pcm: &Pcm, options: &RenderOptions) -> Vec<f32> {
    let at_rate = resample::resample(&pcm.samples, pcm.rate, options.rate);
    let mut x = stretch::stretch(&at_rate, options.rate, options.speed);
    let n = frames(options.rate, options.fade).min(x.len() / 2);
    for i in 0..n {
        let g = (0.5 - 0.5 * (std::f64::consts::PI * (i as f64 + 0.5) / n as f64).cos()) as f32;
        x[i] *= g;
        let j = x.len() - 1 - i;
        x[j] *= g;
    }
    x
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
    for (i, &token) in phrase.iter().enumerate() {
        if let Token::Punct(_) = token {
            flush_words(&mut words, &mut parts);
            if !audio.is_empty() {
                audio.resize(audio.len() + options.pause_frames(), 0.0);
            }
            continue;
        }
        match bank.clip(token) {
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
