//! Whisper base in plain Rust, for one job: given one utterance and the phrases that can be
//! meant in a position, say how likely the model finds each phrase. The phrases are scored
//! as text the decoder is held to (a trie of their tokens searched with a beam), so the
//! answer is a real probability over the grammar, not a free transcription matched
//! afterwards, and a word outside the grammar cannot be invented.
//!
//! The weights are the CTranslate2 float16 `model.bin` of Whisper base (MIT), with its
//! `tokenizer.json`; see `vichess`'s `docs/voice-input.md` for where they come from.

pub mod bpe;
pub mod ct2;
mod fastmath;
#[doc(hidden)]
pub use fastmath::elementwise_ms;
pub mod gemm;
pub mod mel;
pub mod model;
pub mod quant;

pub use model::Precision;
use model::{Cache, Encoded, Whisper};
use ndarray::Array2;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::path::Path;

/// The token that ends a transcript.
const END: u32 = 50257;

/// The most tokens of previous text Whisper reads: half its 448 positions, less one.
const MAX_CONTEXT: usize = 223;

/// Whisper base's alignment heads (layer, head), from its `config.json`: the cross-attention
/// heads that follow the speech in time, as OpenAI's word timestamps use them.
const ALIGNMENT_HEADS: [(usize, usize); 8] = [
    (3, 1),
    (4, 2),
    (4, 3),
    (4, 7),
    (5, 1),
    (5, 2),
    (5, 4),
    (5, 6),
];

/// Whisper base with its tokenizer and mel filters.
pub struct Recognizer {
    model: Whisper,
    bpe: bpe::Bpe,
    filters: Vec<f32>,
    /// Per language, the tokens of the text given as "previous text" before each
    /// transcript (see [`Recognizer::set_context`]).
    context: HashMap<String, Vec<u32>>,
}

/// One utterance, encoded once for every phrase scored against it.
pub struct Utterance {
    enc: Encoded,
    /// Mel frames given to the encoder.
    pub frames: usize,
    /// The prompt decoded for one language, kept: the phrase search and the free transcript
    /// both start from it.
    start: OnceCell<(String, Start)>,
}

impl Utterance {
    /// The encoder's output, for the model's own steps ([`Recognizer::model`]).
    pub fn encoded(&self) -> &Encoded {
        &self.enc
    }
}

/// The decoder after the prompt: where every transcript of the utterance starts.
#[derive(Clone)]
struct Start {
    cache: Cache,
    /// Log-probabilities of the first token after the prompt.
    next: Vec<f32>,
    /// See [`Scores::no_speech`].
    no_speech: f32,
}

/// What the phrase search found: each phrase's score, and how likely the model finds that
/// nobody spoke at all.
pub struct Scores {
    /// One per phrase, in order; `None` for a phrase the beam dropped.
    pub phrases: Vec<Option<Score>>,
    /// The probability of Whisper's `<|nocaptions|>` right after the start of the
    /// transcript: its own judgement that the recording holds no speech (OpenAI's
    /// transcription skips a window above 0.6).
    pub no_speech: f32,
    /// The model's own greedy transcript, read in the same decoder steps as the phrases
    /// (see [`Recognizer::transcript`]).
    pub greedy: Greedy,
}

/// The model's free transcript of an utterance, token by token: at each step the token it
/// wanted most and that token's log-probability, up to and with the end of the transcript or
/// a cap. Decoded as one more row of the phrase search's steps, where it costs nearly
/// nothing: every step reads the whole vocabulary projection once, for one row or nine.
#[derive(Debug, Clone, Default)]
pub struct Greedy {
    steps: Vec<(u32, f32)>,
}

/// The index and value of the largest entry; the first of equal ones.
fn argmax<'a>(values: impl Iterator<Item = &'a f32>) -> (usize, f32) {
    values.enumerate().fold(
        (0, f32::NEG_INFINITY),
        |a, (i, &v)| if v > a.1 { (i, v) } else { a },
    )
}

impl Greedy {
    /// The tokens chosen and each one's log-probability, the end token last if it came.
    pub fn steps(&self) -> &[(u32, f32)] {
        &self.steps
    }

    /// Whether the transcript has ended or reached `cap` tokens and one more choice.
    fn done(&self, cap: usize) -> bool {
        self.steps.last().is_some_and(|&(t, _)| t >= END) || self.steps.len() > cap
    }

    /// Takes the model's choice from one step's log-probabilities.
    fn choose(&mut self, next: &[f32]) -> u32 {
        let (best, p) = argmax(next.iter());
        self.steps.push((best as u32, p));
        best as u32
    }
}

/// A phrase's score: the sum of its tokens' log-probabilities (with the end of the
/// transcript), and the worst single token's shortfall from the token the model wanted
/// most at that point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    /// Natural-log probability of the whole phrase.
    pub log_prob: f32,
    /// The largest (most negative) `log p(token) - max log p` along the phrase: how far
    /// the phrase is from what the model would have written freely.
    pub worst_gap: f32,
    /// Tokens in the phrase (with the end token).
    pub tokens: usize,
}

/// glibc's malloc gives a block above its threshold (128 KiB at first) a mapping of its own,
/// whose pages the kernel zeroes one by one as they are first touched, and raises the
/// threshold to the size of the largest such block freed, up to 32 MiB. The encoder's
/// working arrays are megabytes each (one head's attention weights over 1,000 frames are
/// 4 MB) and are made anew in every layer: under the threshold they reuse the heap's
/// memory, over it each is faulted in again. Where loading the model happened to leave the
/// threshold decided which: once loading stopped copying the model's tensors, encoding took
/// a sixth longer. Freeing one block of 31 MiB puts it above every working array. The block
/// is never touched, so it costs no memory; other allocators are not affected.
fn keep_working_arrays_on_the_heap() {
    drop(std::hint::black_box(Vec::<u8>::with_capacity(31 << 20)));
}

/// The model file's bytes, mapped from the page cache rather than copied: the weights are
/// packed into their own arrays while loading, so the bytes are read once and let go. A
/// file changed while it is mapped could change under the parse; the model's folder is
/// written once, by the installer, never while vichess runs.
fn map(path: &Path) -> std::io::Result<memmap2::Mmap> {
    let file = std::fs::File::open(path)?;
    #[allow(unsafe_code)]
    // SAFETY: the mapping is read-only and lives only while the model is parsed; see above.
    unsafe {
        memmap2::Mmap::map(&file)
    }
}

impl Recognizer {
    /// Loads `model.bin` and `tokenizer.json` from `dir`. The error says which file and
    /// what was wrong with it.
    pub fn load(dir: &Path) -> Result<Recognizer, String> {
        Recognizer::load_with(dir, Precision::default())
    }

    /// [`Recognizer::load`], with the weights `precision` asks for.
    pub fn load_with(dir: &Path, precision: Precision) -> Result<Recognizer, String> {
        // The tokenizer's 50,000 words and merges are parsed beside the model's weights.
        let (model, bpe) = std::thread::scope(|scope| {
            let bpe = scope.spawn(|| {
                let tj = dir.join("tokenizer.json");
                let json =
                    std::fs::read_to_string(&tj).map_err(|e| format!("{}: {e}", tj.display()))?;
                bpe::Bpe::parse(&json).map_err(|e| format!("{}: {e}", tj.display()))
            });
            let bin = dir.join("model.bin");
            let model = map(&bin)
                .map_err(|e| format!("{}: {e}", bin.display()))
                .and_then(|bytes| {
                    ct2::Model::parse(&bytes)
                        .and_then(|parsed| Whisper::from_model_with(parsed, precision))
                        .map_err(|e| format!("{}: {e}", bin.display()))
                });
            (model, bpe.join().expect("the tokenizer's thread"))
        });
        let (model, bpe) = (model?, bpe?);
        keep_working_arrays_on_the_heap();
        Ok(Recognizer {
            model,
            bpe,
            filters: mel::filters(),
            context: HashMap::new(),
        })
    }

    /// Encodes 16 kHz mono samples (-1..1). The encoder sees the utterance and at least
    /// `min_seconds` (silence after it), not Whisper's whole 30 s window: short commands
    /// need a tenth of the work, at a cost in accuracy the closed loop measures.
    pub fn encode(&self, samples: &[f32], min_seconds: f32) -> Utterance {
        let min = (min_seconds * mel::SAMPLE_RATE as f32) as usize;
        let mut padded = samples.to_vec();
        // Whisper pads with silence after the speech; at least 0.3 s of it here, so the
        // last word is never at the edge of the window.
        let want = (samples.len() + mel::SAMPLE_RATE * 3 / 10).max(min);
        let want = want.min(model::MAX_FRAMES * mel::HOP);
        padded.resize(want, 0.0);
        padded.truncate(model::MAX_FRAMES * mel::HOP);
        let (mel, frames) = mel::log_mel(&padded, &self.filters);
        let frames = frames & !1;
        let mel: Vec<f32> = if frames * mel::N_MELS == mel.len() {
            mel
        } else {
            let all = mel.len() / mel::N_MELS;
            (0..mel::N_MELS)
                .flat_map(|m| mel[m * all..m * all + frames].to_vec())
                .collect()
        };
        Utterance {
            enc: self.model.encode(&mel, frames),
            frames,
            start: OnceCell::new(),
        }
    }

    /// The decoder after `language`'s prompt, computed once per utterance: the prompt in
    /// one pass ([`Whisper::prefill`]), its keys and values then shared by every hypothesis.
    /// Two of its tokens need the vocabulary projection, read once for both: the start of
    /// the transcript, for Whisper's no-speech probability, and the last, for the first word.
    fn start(&self, utt: &Utterance, language: &str) -> Option<Start> {
        if let Some((lang, start)) = utt.start.get() {
            if lang == language {
                return Some(start.clone());
            }
        }
        let (prompt, sot) = self.prompt(language)?;
        let mut cache = Cache::default();
        let x = self.model.prefill(&utt.enc, &prompt, &mut cache);
        cache.share();
        let rows = x.select(ndarray::Axis(0), &[sot, prompt.len() - 1]);
        let lp = self.model.log_probs(&rows);
        let no_speech = self
            .bpe
            .special("<|nocaptions|>")
            .map_or(0.0, |id| lp[[0, id as usize]].exp());
        let next = lp.row(1).to_vec();
        let start = Start {
            cache,
            next,
            no_speech,
        };
        if utt.start.get().is_none() {
            let _ = utt.start.set((language.to_string(), start.clone()));
        }
        Some(start)
    }

    /// The token ids of `text` as the decoder sees it after its prompt.
    pub fn tokens(&self, text: &str) -> Option<Vec<u32>> {
        self.bpe.encode(&format!(" {}", text.trim()))
    }

    /// The model itself, for tests and tools that compare its ways of computing one thing.
    pub fn model(&self) -> &Whisper {
        &self.model
    }

    /// The token id of a special token such as `<|startofprev|>`.
    pub fn special(&self, name: &str) -> Option<u32> {
        self.bpe.special(name)
    }

    /// Gives `text` to the decoder as the text before every transcript in `language`,
    /// as OpenAI's `initial_prompt`: the words the speaker uses, so a name the model has
    /// rarely heard ("Cesar", "Hector", "цэ") is written as that word, not as whatever
    /// common words sound nearest ("Ich bring ein" for "Springer"). An empty text removes
    /// it. Whisper reads at most 223 tokens of previous text; more is cut from the front.
    pub fn set_context(&mut self, language: &str, text: &str) {
        let tokens = self.tokens(text).unwrap_or_default();
        if text.trim().is_empty() || tokens.is_empty() {
            self.context.remove(language);
            return;
        }
        let keep = tokens.len().min(MAX_CONTEXT);
        self.context
            .insert(language.to_string(), tokens[tokens.len() - keep..].to_vec());
    }

    /// The prompt for transcribing in `language` (an ISO code such as `de`), without
    /// timestamps, after the language's context if it has one; and the index of
    /// `<|startoftranscript|>` in it.
    fn prompt(&self, language: &str) -> Option<(Vec<u32>, usize)> {
        let mut out = Vec::new();
        if let Some(context) = self.context.get(language) {
            out.push(self.bpe.special("<|startofprev|>")?);
            out.extend_from_slice(context);
        }
        let sot = out.len();
        out.extend([
            self.bpe.special("<|startoftranscript|>")?,
            self.bpe.special(&format!("<|{language}|>"))?,
            self.bpe.special("<|transcribe|>")?,
            self.bpe.special("<|notimestamps|>")?,
        ]);
        Some((out, sot))
    }

    /// Scores each phrase against `utt` in `language`, searching the phrases' token trie
    /// with `beam` hypotheses at a time. A phrase the beam dropped gets `None`: the model
    /// found others clearly likelier. The model's own transcript is read beside the phrases,
    /// up to `transcript_cap` tokens.
    pub fn score(
        &self,
        utt: &Utterance,
        language: &str,
        phrases: &[Vec<u32>],
        beam: usize,
        transcript_cap: usize,
    ) -> Scores {
        let mut out = vec![None; phrases.len()];
        let mut greedy = Greedy::default();
        let Some(start) = self.start(utt, language) else {
            return Scores {
                phrases: out,
                no_speech: 0.0,
                greedy,
            };
        };
        // The transcript's hypothesis: its cache and its next token's log-probabilities.
        let mut free = (start.cache.clone(), start.next.clone());
        let no_speech = start.no_speech;
        struct Hyp {
            /// Tokens after the prompt.
            toks: Vec<u32>,
            score: f32,
            worst: f32,
            cache: Cache,
            /// Log-probabilities for the next token.
            next: Vec<f32>,
        }
        let mut live = vec![Hyp {
            toks: vec![],
            score: 0.0,
            worst: 0.0,
            cache: start.cache,
            next: start.next,
        }];
        // Which phrases continue each prefix, by next token.
        let mut ends: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
        for (i, p) in phrases.iter().enumerate() {
            ends.entry(p.clone()).or_default().push(i);
        }
        while !live.is_empty() {
            // Every extension of every live hypothesis by a token some phrase continues with.
            let mut ext: Vec<(f32, f32, usize, u32)> = Vec::new();
            for (hi, h) in live.iter().enumerate() {
                let max = h.next.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let d = h.toks.len();
                let mut seen = std::collections::HashSet::new();
                for (pi, p) in phrases.iter().enumerate() {
                    let _ = pi;
                    if p.len() < d || p[..d] != h.toks[..] {
                        continue;
                    }
                    let t = if p.len() == d { END } else { p[d] };
                    if seen.insert(t) {
                        let l = h.next[t as usize];
                        ext.push((h.score + l, h.worst.min(l - max), hi, t));
                    }
                }
            }
            ext.sort_by(|a, b| b.0.total_cmp(&a.0));
            let mut next_live_src = Vec::new();
            for &(score, worst, hi, t) in &ext {
                if t == END {
                    let toks = &live[hi].toks;
                    if let Some(ids) = ends.get(toks) {
                        for &i in ids {
                            out[i] = Some(Score {
                                log_prob: score,
                                worst_gap: worst,
                                tokens: toks.len() + 1,
                            });
                        }
                    }
                } else if next_live_src.len() < beam {
                    next_live_src.push((score, worst, hi, t));
                }
            }
            if next_live_src.is_empty() {
                break;
            }
            let mut tokens: Vec<u32> = next_live_src.iter().map(|e| e.3).collect();
            let mut caches: Vec<Cache> = next_live_src
                .iter()
                .map(|e| live[e.2].cache.clone())
                .collect();
            // The transcript's next token rides along as one more row, while it lasts.
            let reading = !greedy.done(transcript_cap) && {
                let t = greedy.choose(&free.1);
                if greedy.done(transcript_cap) {
                    false
                } else {
                    tokens.push(t);
                    caches.push(std::mem::take(&mut free.0));
                    true
                }
            };
            let lps = self.model.step(&utt.enc, &tokens, &mut caches);
            if reading {
                free = (
                    caches.pop().expect("the transcript's row"),
                    lps.row(tokens.len() - 1).to_vec(),
                );
            }
            live = next_live_src
                .iter()
                .zip(caches)
                .enumerate()
                .map(|(i, (&(score, worst, hi, t), cache))| {
                    let mut toks = live[hi].toks.clone();
                    toks.push(t);
                    Hyp {
                        toks,
                        score,
                        worst,
                        cache,
                        next: lps.row(i).to_vec(),
                    }
                })
                .collect();
        }
        // The transcript goes on alone where it is longer than every phrase.
        while !greedy.done(transcript_cap) {
            let t = greedy.choose(&free.1);
            if greedy.done(transcript_cap) {
                break;
            }
            let mut caches = vec![std::mem::take(&mut free.0)];
            let lps = self.model.step(&utt.enc, &[t], &mut caches);
            free = (caches.pop().expect("one"), lps.row(0).to_vec());
        }
        Scores {
            phrases: out,
            no_speech,
            greedy,
        }
    }

    /// The transcript of [`Scores::greedy`] cut at `max_tokens` tokens, with its
    /// log-probability: what [`Recognizer::transcribe_scored`] gives with the same
    /// `max_tokens`, when that is at most the `transcript_cap` the phrases were scored with.
    pub fn transcript(&self, greedy: &Greedy, max_tokens: usize) -> (String, f32) {
        let mut out = Vec::new();
        let mut total = 0.0;
        for &(t, p) in &greedy.steps {
            total += p;
            if t >= END || out.len() >= max_tokens {
                break;
            }
            out.push(t);
        }
        (self.bpe.decode(&out), total)
    }

    /// The transcript of [`Scores::greedy`] where it ended before the cap, with its
    /// log-probability (with the end) and its tokens (with the end): a phrase as the model
    /// itself wrote it. A phrase's text has more than one tokenisation, and the model does not
    /// always write the one the tokeniser gives it: the Russian pack's "конь эф один" was
    /// transcribed as " К", "он", "ь", ..., 2.8 nats likelier than the tokeniser's " Кон", "ь",
    /// ..., which scored no better than "Король, эф, один.". The text's probability is at
    /// least that of either, so a phrase the transcript writes out whole can be scored so.
    pub fn finished_transcript(&self, greedy: &Greedy) -> Option<(String, f32, usize)> {
        let (&(last, _), steps) = greedy.steps.split_last()?;
        if last != END {
            return None;
        }
        let text: Vec<u32> = steps.iter().map(|&(t, _)| t).collect();
        let total = greedy.steps.iter().map(|&(_, p)| p).sum();
        Some((self.bpe.decode(&text), total, greedy.steps.len()))
    }

    /// Where each token of `phrase` was heard: the encoder frame (20 ms each) the alignment
    /// heads attend to most while the decoder reads that token, one per token of `phrase`.
    pub fn align(&self, utt: &Utterance, language: &str, phrase: &[u32]) -> Vec<usize> {
        let Some((prompt, _)) = self.prompt(language) else {
            return Vec::new();
        };
        let mut cache = vec![Cache::default()];
        for &t in &prompt[..prompt.len() - 1] {
            self.model.step(&utt.enc, &[t], &mut cache);
        }
        // Each step's attention belongs to the token it predicts: feed the prompt's last
        // token, then each token of the phrase but the last.
        let mut feed = vec![prompt[prompt.len() - 1]];
        feed.extend_from_slice(&phrase[..phrase.len().saturating_sub(1)]);
        feed.iter()
            .map(|&t| {
                let (_, att) =
                    self.model
                        .step_attending(&utt.enc, &[t], &mut cache, &ALIGNMENT_HEADS);
                argmax(att.row(0).iter()).0
            })
            .collect()
    }

    /// The model's own transcript, greedily (for the log and for checking the model runs
    /// right: it should read clear speech word for word).
    pub fn transcribe(&self, utt: &Utterance, language: &str, max_tokens: usize) -> String {
        self.transcribe_scored(utt, language, max_tokens).0
    }

    /// [`Recognizer::transcribe`] with the transcript's log-probability (with its end).
    pub fn transcribe_scored(
        &self,
        utt: &Utterance,
        language: &str,
        max_tokens: usize,
    ) -> (String, f32) {
        let Some(start) = self.start(utt, language) else {
            return (String::new(), f32::NEG_INFINITY);
        };
        let mut cache = vec![start.cache];
        let mut lp =
            Some(Array2::from_shape_vec((1, start.next.len()), start.next).expect("one row"));
        let mut out = Vec::new();
        let mut total = 0.0;
        while let Some(l) = lp.take() {
            let row = l.row(0);
            let (best, p) = argmax(row.iter());
            total += p;
            if best as u32 >= END || out.len() >= max_tokens {
                break;
            }
            out.push(best as u32);
            lp = Some(self.model.step(&utt.enc, &[best as u32], &mut cache));
        }
        (self.bpe.decode(&out), total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A model folder the user damaged: the message names the file and what is wrong with
    /// it, whichever of the two loading threads found it.
    #[test]
    fn a_damaged_model_is_named_with_what_is_wrong() {
        let dir = std::env::temp_dir().join(format!("vichess-whisper-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tokenizer = dir.join("tokenizer.json");
        let bin = dir.join("model.bin");
        std::fs::write(&tokenizer, "{}").unwrap();
        // Version 6, then the file stops before the spec's name.
        std::fs::write(&bin, 6u32.to_le_bytes()).unwrap();
        let err = Recognizer::load(&dir)
            .err()
            .expect("a truncated model.bin is refused");
        assert!(
            err.starts_with(&bin.display().to_string()) && err.contains("the file ends at byte 4"),
            "{err}"
        );
        std::fs::write(&bin, 5u32.to_le_bytes()).unwrap();
        let err = Recognizer::load(&dir)
            .err()
            .expect("another version is refused");
        assert!(err.contains("format version 5"), "{err}");
        // Both files wrong: the model's fault is said, whichever thread ended first.
        std::fs::remove_file(&tokenizer).unwrap();
        for _ in 0..3 {
            let err = Recognizer::load(&dir).err().expect("refused");
            assert!(err.starts_with(&bin.display().to_string()), "{err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
