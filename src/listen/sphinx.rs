//! The [`Ear`] over PocketSphinx (Debian's 0.8 with its en-us model): a JSGF grammar of the
//! position's legal moves ([`super::grammar`]), the pronunciation dictionary kept in the
//! repository (`assets/listen/vichess.dict`, the Appendix D words first, written in the
//! en-us model's phones), and a confidence built from two yardsticks:
//!
//! - the **phone loop**: the same samples decoded as any sequence of phones (a JSGF loop
//!   of one-phone words, as the 0.8 allphone search took a minute an utterance). Speech that
//!   is really one of the grammar's phrases scores nearly as well through the grammar as
//!   through the free phone loop; anything else (another move, a word outside the grammar,
//!   noise) scores much worse through the grammar, because it is forced into words that
//!   were not said. The per-frame gap is turned into the acceptance 0..1;
//! - the **best rival**: the utterance decoded again through the grammar without the best
//!   reading's move. The best reading gets its share of the acceptance by how far its path
//!   score leads the rival's, so two moves the recogniser cannot tell apart both come out
//!   close, and `verdict` asks. (The 0.8 n-best list and lattice posterior of a grammar
//!   search were no use: the posterior is always 1, the n-best scores all but equal.)
//!
//! A reading whose pauses cover speech as loud as its words left a word out (eSpeak NG's
//! fast "knight" at the start of "knight g5", read as the pawn move "dee five") and is not
//! taken, whatever the two yardsticks say ([`super::words::loud_pause`]): the one gap over
//! the whole utterance cannot see a word the path never tried to explain.
//!
//! What is not decoded: the grammar is built once per position and compiled into a new
//! decoder for each utterance ([`Ear::prepare`], called when an utterance opens, so not
//! after speech ends; see `SphinxEar::fresh` for why a new one); the rival
//! only when the acceptance could still reach the verdict's floor (below it the hearing is
//! "not understood" whatever the rival says).
//!
//! Words the en-us model cannot tell apart, the German letter names ("beh", "deh", "geh",
//! "eh": one phone apart, and an English model hears German vowels and stops loosely), are
//! in the grammar, so letter speech lands on its own phrase rather than on another move's,
//! but a reading with one of them is never taken: the best rival gets the same confidence
//! (`verdict` asks) or, with none, it stays below the floor ([`grammar::doubtful_words`]).

use super::grammar::{self, Heard};
use super::heard::{Ear, EarError, Guess, Hearing, Meaning};
use super::words::{
    differing_frames, frame_energy, loud_pause, loudest_pause, with_word_in_pause, word_gaps,
    worst_word, Span, WordGap,
};
use crate::audio::resample::resample;
use crate::phrase::token::Token;
use crate::phrase::Language;
use crate::rules::Position;
use crate::voice::Pack;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::Instant;
use vichess_sphinx::{Decoder, SAMPLE_RATE};

/// The pronunciation dictionary, compiled in so the program never looks for it.
pub const DICTIONARY: &str = include_str!("../../assets/listen/vichess.dict");

/// Where Debian's `pocketsphinx-en-us` puts the acoustic model.
pub const MODEL_DIR: &str = "/usr/share/pocketsphinx/model/en-us/en-us";

/// How the acceptance falls with the per-frame gap between the phone loop's path score and
/// the grammar's (PocketSphinx's score units a frame): one half at `GAP_HALF`, falling from
/// 1 to 0 over a few `GAP_SLOPE`s around it. Set on the closed loop (docs/performance.md,
/// "Voice input"): the first runs took 3 (wrong moves had had gaps from 4.8 up), but German
/// letter speech that the grammar read as another move's Appendix D words ("b schlägt c4"
/// as "Eva vier", "Läufer d3" as "Läufer Eva zwei") came with gaps of 0.5 to 1.0, so only
/// readings the grammar explains about as well as the free phone loop were accepted. With
/// the loud-pause check ([`LOUD_PAUSE_MAX`]) refusing the readings that left a word out, 2
/// takes more right readings with no wrong one on the run it was set on (seed 28, where 3
/// was the largest value with none and 4 took one).
const GAP_HALF: f64 = 2.0;
const GAP_SLOPE: f64 = 0.5;

/// How a lead in path score over the best rival becomes a share: at a lead of `LEAD_SCALE`
/// the best reading has 73 % of the acceptance (a logistic curve), and it needs a lead of
/// about 0.4 `LEAD_SCALE` to be 0.2 ahead, as `verdict` asks. Set on the closed loop
/// (docs/performance.md, "Voice input"): at 250, English clips were taken as another move
/// with leads of 425 to 591 ("h4" as "ay four" at 10 dB, eSpeak NG's "knight b6" as "bee
/// six", "rook takes a6" as the command "moves"); at 1500 none is.
const LEAD_SCALE: f64 = 1500.0;

/// A reading whose pauses hold more than this many frames as loud as speech (within 10 dB
/// of the utterance's loud frames) left a word out: eSpeak NG's "knight g5" read as "dee
/// five" over a pause where "knight" was said ([`super::words::loud_pause`]). Set on the
/// closed loop (docs/performance.md, "Voice input").
const LOUD_PAUSE_MAX: i32 = 8;

/// A reading one of whose words the phone loop explains better than this, per frame, is not
/// taken ([`super::words::worst_word`]): one misheard word ("Läufer Bella acht" read as
/// "Eva acht", "Dame f2" as "Dame Eva zwei") hides in a whole utterance's gap. On the closed
/// loop it refused right readings too (a third of the clean exact ones), but it was the only
/// rule that left no wrong move on any of the three runs, and a refusal costs the player a
/// repetition where a wrong move costs the game. Chosen after seeing the second run
/// (docs/performance.md, "Voice input").
const WORD_GAP_MAX: f64 = 10.0;

/// The acceptance a forced reading keeps: under the verdict's floor, "not understood".
const FORCED: f64 = 0.49;

/// The beams of the second try at a rival (`-beam`, `-pbeam`, `-wbeam`; PocketSphinx's
/// defaults, used everywhere else, are 1e-48, 1e-48 and 7e-29): a rival decode that reached
/// no end of the grammar lost its paths to the beam, and the best reading must not be taken
/// as if nothing stood against it.
const WIDE_BEAMS: (f64, f64, f64) = (1e-80, 1e-80, 1e-60);
const DEFAULT_BEAMS: (f64, f64, f64) = (1e-48, 1e-48, 7e-29);

/// With no rival found even with the wide beams, the reading is "not understood", however
/// well the phone loop explains it: on the closed loop (seeds 28 and 29, docs/performance.md,
/// "Voice input") the readings that were another move had the phone loop's acceptance 1.0
/// most of the time ("bee four" for "d4", "knight bee eight" for "knight e8"): it tells speech
/// in the grammar from speech outside it, not one letter from another, which only the rival
/// does. So no acceptance is high enough to stand for a rival.
/// What became of the rival decode of one hearing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Rival {
    /// Not decoded: the acceptance was under the floor, or the grammar has nothing else.
    #[default]
    Skipped,
    /// Found with the usual beams.
    Found,
    /// Found only with the wide beams.
    Wide,
    /// Not found even with the wide beams.
    Lost,
}

impl std::fmt::Display for Rival {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Rival::Skipped => "skipped",
            Rival::Found => "found",
            Rival::Wide => "wide",
            Rival::Lost => "lost",
        })
    }
}

/// The measurements behind one hearing, for the closed loop and the log.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Detail {
    /// The grammar search's best words.
    pub words: Option<String>,
    /// Frames decoded.
    pub frames: i32,
    /// Phone-loop path score minus grammar path score, score units a frame (mostly ≥ 0:
    /// the loop is free to follow the sounds).
    pub gap: f64,
    /// The acceptance made from the gap.
    pub acceptance: f64,
    /// The best reading's path score minus the best rival's (∞ without a rival, or when
    /// the rival was not decoded).
    pub lead: f64,
    /// The best reading has a word the model cannot tell apart from another.
    pub doubtful: bool,
    /// Each word of the best reading against the phone loop on its frames
    /// ([`super::words`]).
    pub word_gaps: Vec<WordGap>,
    /// The phone loop's path, phone by phone with its first frame (for the log).
    pub loop_path: String,
    /// The largest of those gaps among real words.
    pub worst_word: f64,
    /// Frames on which the best reading and its rival say different words (0 without a
    /// rival).
    pub differing: i32,
    /// The longest run of speech-loud frames in the best reading's pauses, within 10 and
    /// 6 dB of the loud frames ([`super::words::loud_pause`]).
    pub loud_pause: [i32; 2],
    /// The same for the best rival's reading (0 without one).
    pub rival_worst_word: f64,
    /// The phrase with the capture word in the reading's loud pause, when that excused the
    /// pause (`SphinxEar::capture_word_in_pause`).
    pub excused: Option<String>,
    /// Whether the rival was decoded, and found.
    pub rival: Rival,
    /// The acceptance from the phone loop and the word checks alone, before a lost rival
    /// lowered it.
    pub loop_acceptance: f64,
    /// Milliseconds spent building and compiling the grammar (0 when it was prepared
    /// before), in the grammar decode, the phone loop and the rival's decode.
    pub ms: [u128; 4],
}

/// A position's grammar, compiled into the decoder as the search `moves`.
struct Prepared {
    fen: String,
    language: Language,
    heard: Heard,
}

/// Below this acceptance no reading can reach the verdict's floor, so the rival is not
/// decoded: `VerdictRule::default().floor`.
const NO_RIVAL_BELOW: f64 = 0.5;

/// PocketSphinx with vichess's grammar and dictionary.
pub struct SphinxEar {
    decoder: Decoder,
    /// The acoustic model's folder, to open the decoder again.
    hmm: String,
    /// Whether the decoder has heard nothing yet. PocketSphinx's front end carries its
    /// noise estimate from one utterance into the next (`-remove_noise`), so the same
    /// recording decoded after another one scored differently (the English pack's "d4" read
    /// as "see four" first, as "dee four" after another clip). A hearing should depend on
    /// what the player said, not on what was heard before it, so each one gets a new
    /// decoder, made in [`Ear::prepare`] while the player speaks.
    fresh: bool,
    known: HashSet<String>,
    packs: HashMap<Language, Vec<Pack>>,
    /// Each language's words that never make a reading taken ([`grammar::doubtful_words`]).
    doubtful: HashMap<Language, HashSet<String>>,
    prepared: Option<Prepared>,
    /// The last hearing's measurements.
    pub last: Detail,
}

impl SphinxEar {
    /// Whether the last utterance's best reading left a word out: its pauses held speech
    /// as loud as its words (after a capture word found there was given back to it).
    pub fn left_a_word_out(&self) -> bool {
        self.last.loud_pause[0] > LOUD_PAUSE_MAX
    }

    /// Loads the en-us model with the compiled-in dictionary, and the voice packs of every
    /// language (their words make the grammar).
    pub fn new() -> Result<SphinxEar, EarError> {
        SphinxEar::with_model(MODEL_DIR)
    }

    /// The same with the acoustic model folder `hmm`.
    pub fn with_model(hmm: &str) -> Result<SphinxEar, EarError> {
        if !std::path::Path::new(hmm).join("mdef").is_file() {
            return Err(EarError::Model(format!(
                "{hmm}: no acoustic model there (install pocketsphinx-en-us)"
            )));
        }
        let decoder = open_decoder(hmm)?;
        let known = DICTIONARY
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .map(|w| w.split('(').next().unwrap_or(w).to_string())
            .collect();
        let packs = grammar::packs_by_language()?;
        let doubtful = packs
            .iter()
            .map(|(lang, ps)| {
                let refs: Vec<&Pack> = ps.iter().collect();
                (*lang, grammar::doubtful_words(*lang, &refs))
            })
            .collect();
        Ok(SphinxEar {
            hmm: hmm.to_string(),
            decoder,
            fresh: true,
            doubtful,
            known,
            packs,
            prepared: None,
            last: Detail::default(),
        })
    }

    /// Whether the files `a` and `b` sound alike ([`super::phones`]) in the pack whose file
    /// word for `a` is in `reading`, PocketSphinx's reading of a move to or from `a`: a
    /// German game is heard in the Appendix D names and in the letters, and only the
    /// letters rhyme. With no such pack they count as alike. In a `quiet` recording only
    /// names that rhyme count ([`super::phones::words_rhyme`]).
    pub fn files_alike(
        &self,
        language: Language,
        reading: &str,
        a: crate::rules::File,
        b: crate::rules::File,
        quiet: bool,
    ) -> bool {
        use crate::phrase::token::Token;
        let words: Vec<&str> = reading.split_whitespace().collect();
        let mut found = false;
        for pack in self.packs.get(&language).into_iter().flatten() {
            let name = grammar::spoken(pack, &[Token::File(a)]);
            if !words.contains(&name.as_str()) {
                continue;
            }
            found = true;
            let other = grammar::spoken(pack, &[Token::File(b)]);
            let alike = if quiet {
                super::phones::words_rhyme(&name, &other)
            } else {
                super::phones::words_alike(&name, &other)
            };
            if alike {
                return true;
            }
        }
        !found
    }

    /// What can be heard in `position` in `language`.
    pub fn grammar(&self, position: &Position, language: Language) -> Heard {
        let packs: Vec<&Pack> = self
            .packs
            .get(&language)
            .map(|v| v.iter().collect())
            .unwrap_or_default();
        Heard::build(position, &packs, language, &|w| self.known.contains(w))
    }
}

/// The en-us model's phones (without silence, which the decoder adds between words itself).
pub const PHONES: [&str; 39] = [
    "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
    "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH",
    "UW", "V", "W", "Y", "Z", "ZH",
];

/// The yardstick: any sequence of phones, each phone a one-phone word `ph_aa` .. `ph_zh`.
fn phone_loop() -> String {
    let words: Vec<String> = PHONES
        .iter()
        .map(|p| format!("ph_{}", p.to_lowercase()))
        .collect();
    format!(
        "#JSGF V1.0;\ngrammar phones;\npublic <loop> = ( {} )+ ;\n",
        words.join(" | ")
    )
}

/// A [`SphinxEar`]'s decoder over the acoustic model `hmm`, with the phone loop's search.
fn open_decoder(hmm: &str) -> Result<Decoder, EarError> {
    let dict = write_dictionary().map_err(EarError::Model)?;
    let decoder = Decoder::new(hmm, &dict.to_string_lossy(), &[]);
    let _ = std::fs::remove_file(&dict);
    let model = |e: vichess_sphinx::SphinxError| EarError::Model(e.0);
    let mut decoder = decoder.map_err(model)?;
    decoder.set_jsgf("phones", &phone_loop()).map_err(model)?;
    Ok(decoder)
}

/// The dictionary as a private temporary file, as PocketSphinx reads it only from a path:
/// the repository's words and the phone loop's one-phone words.
fn write_dictionary() -> Result<PathBuf, String> {
    let path = std::env::temp_dir().join(format!(
        "vichess-{}-{:?}.dict",
        std::process::id(),
        std::thread::current().id()
    ));
    let mut text = DICTIONARY.to_string();
    for p in PHONES {
        text.push_str(&format!("ph_{} {p}\n", p.to_lowercase()));
    }
    std::fs::write(&path, text)
        .map_err(|e| format!("cannot write the dictionary to {}: {e}", path.display()))?;
    Ok(path)
}

/// The decoder's word segments as [`super::words`] reads them.
fn spans(segments: &[vichess_sphinx::Segment]) -> Vec<Span> {
    segments
        .iter()
        .map(|s| Span {
            word: s.word.clone(),
            first: s.first,
            last: s.last,
            acoustic: s.acoustic,
        })
        .collect()
}

/// The acceptance for a per-frame gap: near 1 for a small gap, one half at `GAP_HALF`.
pub fn acceptance(gap: f64) -> f64 {
    1.0 / (1.0 + ((gap - GAP_HALF) / GAP_SLOPE).exp())
}

impl Ear for SphinxEar {
    fn unprepare(&mut self) {
        self.prepared = None;
    }

    fn prepare(&mut self, position: &Position, language: Language) -> Result<(), EarError> {
        let fen = position.fen();
        let same = matches!(&self.prepared, Some(p) if p.fen == fen && p.language == language);
        if !self.fresh {
            self.decoder = open_decoder(&self.hmm)?;
            self.fresh = true;
            // The grammar went with the old decoder; the phrases are kept for this position.
            match self.prepared.take() {
                Some(p) if same => {
                    if !p.heard.phrases.is_empty() {
                        self.decoder
                            .set_jsgf("moves", &p.heard.jsgf())
                            .map_err(|e| EarError::Failed(e.0))?;
                    }
                    self.prepared = Some(p);
                    return Ok(());
                }
                _ => {}
            }
        } else if same {
            return Ok(());
        }
        self.prepared = None;
        let heard = self.grammar(position, language);
        let failed = |e: vichess_sphinx::SphinxError| EarError::Failed(e.0);
        if !heard.phrases.is_empty() {
            self.decoder
                .set_jsgf("moves", &heard.jsgf())
                .map_err(failed)?;
        }
        self.prepared = Some(Prepared {
            fen,
            language,
            heard,
        });
        Ok(())
    }

    fn hear(
        &mut self,
        samples: &[i16],
        sample_rate: u32,
        position: &Position,
        language: Language,
    ) -> Result<Hearing, EarError> {
        let samples = super::trim::speech(samples, sample_rate);
        let pcm: Vec<i16> = if sample_rate == SAMPLE_RATE {
            samples.to_vec()
        } else {
            let f: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
            resample(&f, sample_rate, SAMPLE_RATE)
                .into_iter()
                .map(crate::audio::wav::to_i16)
                .collect()
        };
        self.last = Detail::default();
        let clock = Instant::now();
        self.prepare(position, language)?;
        self.last.ms[0] = clock.elapsed().as_millis();
        let Some(prepared) = self.prepared.take() else {
            return Ok(Hearing::default());
        };
        let hearing = self.decode(&pcm, &prepared.heard, language);
        self.prepared = Some(prepared);
        hearing
    }
}

impl SphinxEar {
    /// A capture read without its capture word, the word said in the reading's loud pause
    /// (eSpeak NG's "queen takes e7" read as "queen ee seven"): the grammar maps both
    /// phrasings to the same move, so the word left out changes nothing, and the reading
    /// is excused. It is when the phrase with the capture word in that pause means exactly
    /// the reading's moves, and that phrase, aligned to the recording, puts the capture
    /// word inside that pause, with no loud pause left. (The capture word is not held to the
    /// phone loop: the loop, too, heard eSpeak NG's fast "takes" as mostly silence; the
    /// reading's own words were held to it already.) Returns the aligned phrase's loud
    /// pauses then, else `None`.
    fn capture_word_in_pause(
        &mut self,
        pcm: &[i16],
        heard: &Heard,
        best: &[Meaning],
        best_spans: &[Span],
        energy: &[f64],
        language: Language,
    ) -> Result<Option<[i32; 2]>, EarError> {
        let Some((at, _)) = loudest_pause(best_spans, energy, 10.0) else {
            return Ok(None);
        };
        let words: HashSet<String> = self
            .packs
            .get(&language)
            .into_iter()
            .flatten()
            .map(|p| p.say(Token::Captures).to_lowercase())
            .filter(|w| !w.trim().is_empty())
            .collect();
        let same = |ms: &[Meaning]| {
            !ms.is_empty() && ms.len() == best.len() && ms.iter().all(|m| best.contains(m))
        };
        let failed = |e: vichess_sphinx::SphinxError| EarError::Failed(e.0);
        const SLACK: i32 = 3;
        for word in words {
            let phrase = with_word_in_pause(best_spans, at, &word);
            if !same(heard.meanings(&phrase)) {
                continue;
            }
            let mut one = Heard::default();
            one.phrases.insert(phrase.clone(), best.to_vec());
            // One phrase forced through the recording: with the usual beams its one path
            // can be pruned away (it was for eSpeak NG's "queen takes e7").
            let (b, p, w) = WIDE_BEAMS;
            self.decoder.set_beams(b, p, w).map_err(failed)?;
            let set = self.decoder.set_jsgf("excuse", &one.jsgf());
            let (b, p, w) = DEFAULT_BEAMS;
            self.decoder.set_beams(b, p, w).map_err(failed)?;
            set.map_err(failed)?;
            let a = self.decoder.decode("excuse", pcm).map_err(failed)?;
            if a.hyp.is_none() {
                continue;
            }
            let aligned = spans(&a.segments);
            let pause = [
                loud_pause(&aligned, energy, 10.0),
                loud_pause(&aligned, energy, 6.0),
            ];
            // The capture word where the pause was (a few frames' slack at its ends, as
            // the words around it shift a little), and no loud pause left elsewhere.
            let hole = &best_spans[at];
            let first_word = word.split_whitespace().next();
            let in_pause = aligned.iter().any(|s| {
                s.word.split('(').next() == first_word
                    && s.first >= hole.first - SLACK
                    && s.last <= hole.last + SLACK
            });
            if in_pause && pause[0] <= LOUD_PAUSE_MAX {
                self.last.excused = Some(phrase);
                return Ok(Some(pause));
            }
        }
        Ok(None)
    }

    /// The best reading of `pcm` through `rivals` (compiled from `jsgf` with the decoder's
    /// beams of the moment), or `None` when the search reached no end of the grammar or
    /// its words mean nothing there. Notes the rival's worst word and differing frames.
    fn rival(
        &mut self,
        jsgf: &str,
        pcm: &[i16],
        rivals: &Heard,
        loop_spans: &[Span],
        best_spans: &[Span],
    ) -> Result<Option<(String, Vec<Meaning>, i32)>, EarError> {
        let failed = |e: vichess_sphinx::SphinxError| EarError::Failed(e.0);
        self.decoder.set_jsgf("rivals", jsgf).map_err(failed)?;
        let r = self.decoder.decode("rivals", pcm).map_err(failed)?;
        let rival_spans = spans(&r.segments);
        self.last.rival_worst_word = worst_word(&word_gaps(&rival_spans, loop_spans));
        self.last.differing = differing_frames(best_spans, &rival_spans);
        Ok(r.hyp.and_then(|w| {
            let ms = rivals.meanings(&w).to_vec();
            (!ms.is_empty()).then_some((w, ms, r.score))
        }))
    }

    /// One utterance through the prepared grammar, the phone loop and, when it can matter,
    /// the grammar without the best reading's move.
    fn decode(
        &mut self,
        pcm: &[i16],
        heard: &Heard,
        language: Language,
    ) -> Result<Hearing, EarError> {
        if heard.phrases.is_empty() {
            return Ok(Hearing::default());
        }
        let failed = |e: vichess_sphinx::SphinxError| EarError::Failed(e.0);
        self.fresh = false;
        let clock = Instant::now();
        let g = self.decoder.decode("moves", pcm).map_err(failed)?;
        self.last.ms[1] = clock.elapsed().as_millis();
        self.last.words = g.hyp.clone();
        self.last.frames = g.frames;
        let Some(best_words) = g.hyp.clone() else {
            return Ok(Hearing::default());
        };
        let best: Vec<Meaning> = heard.meanings(&best_words).to_vec();
        if best.is_empty() {
            return Ok(Hearing::default());
        }
        let clock = Instant::now();
        let p = self.decoder.decode("phones", pcm).map_err(failed)?;
        self.last.ms[2] = clock.elapsed().as_millis();
        let frames = f64::from(g.frames.max(1));
        let gap = f64::from(p.score - g.score) / frames;
        let mut accept = acceptance(gap);
        let loop_spans = spans(&p.segments);
        self.last.loop_path = loop_spans
            .iter()
            .map(|s| format!("{}@{}", s.word.trim_start_matches("ph_"), s.first))
            .collect::<Vec<_>>()
            .join(" ");
        let best_spans = spans(&g.segments);
        self.last.word_gaps = word_gaps(&best_spans, &loop_spans);
        self.last.worst_word = worst_word(&self.last.word_gaps);
        let energy = frame_energy(pcm);
        self.last.loud_pause = [
            loud_pause(&best_spans, &energy, 10.0),
            loud_pause(&best_spans, &energy, 6.0),
        ];
        if self.last.loud_pause[0] > LOUD_PAUSE_MAX {
            if let Some(pause) =
                self.capture_word_in_pause(pcm, heard, &best, &best_spans, &energy, language)?
            {
                self.last.loud_pause = pause;
            }
        }
        // A word left out under a pause, or one word the phone loop explains far better:
        // the reading was forced, whatever the whole utterance's gap says.
        if self.last.loud_pause[0] > LOUD_PAUSE_MAX || self.last.worst_word > WORD_GAP_MAX {
            accept = accept.min(FORCED);
        }
        self.last.gap = gap;
        self.last.acceptance = accept;
        let doubtful_words = self.doubtful.get(&language);
        let doubtful = best_words
            .split_whitespace()
            .any(|w| doubtful_words.is_some_and(|d| d.contains(w)));
        self.last.doubtful = doubtful;
        // The best rival: the grammar without the best reading's meanings.
        let mut rivals = heard.clone();
        rivals
            .phrases
            .retain(|_, ms| ms.iter().all(|m| !best.contains(m)));
        let rival = if rivals.phrases.is_empty() || accept < NO_RIVAL_BELOW {
            None
        } else {
            let clock = Instant::now();
            let jsgf = rivals.jsgf();
            let mut found = self.rival(&jsgf, pcm, &rivals, &loop_spans, &best_spans)?;
            self.last.rival = Rival::Found;
            if found.is_none() {
                // The beam lost every path to the grammar's end: try again wider, as a
                // rival that is not found is not a rival that is not there.
                let (b, p, w) = WIDE_BEAMS;
                self.decoder.set_beams(b, p, w).map_err(failed)?;
                let wide = self.rival(&jsgf, pcm, &rivals, &loop_spans, &best_spans);
                let (b, p, w) = DEFAULT_BEAMS;
                self.decoder.set_beams(b, p, w).map_err(failed)?;
                found = wide?;
                self.last.rival = if found.is_some() {
                    Rival::Wide
                } else {
                    Rival::Lost
                };
            }
            self.last.ms[3] += clock.elapsed().as_millis();
            found
        };
        self.last.loop_acceptance = accept;
        if self.last.rival == Rival::Lost {
            // Nothing stood against the reading because nothing was found, not because
            // nothing was there.
            accept = accept.min(FORCED);
            self.last.acceptance = accept;
        }
        // The best reading's share against its rival, by how much better its path scores.
        let lead = rival
            .as_ref()
            .map_or(f64::INFINITY, |(_, _, s)| f64::from(g.score - s))
            // A rival that scores better than the full grammar's best (the beam pruned it
            // there) is a tie: ask.
            .max(0.0);
        self.last.lead = lead;
        let share = if doubtful {
            // Never taken: a tie with the rival, or under the floor without one.
            if rival.is_some() {
                0.5
            } else {
                0.49
            }
        } else {
            1.0 / (1.0 + (-lead / LEAD_SCALE).exp())
        };
        let mut guesses: Vec<Guess> = best
            .into_iter()
            .map(|meaning| Guess {
                meaning,
                phrase: best_words.clone(),
                confidence: (accept * share) as f32,
            })
            .collect();
        if let Some((words, meanings, _)) = rival {
            for meaning in meanings {
                guesses.push(Guess {
                    meaning,
                    phrase: words.clone(),
                    confidence: (accept * (1.0 - share)) as f32,
                });
            }
        }
        Ok(Hearing { guesses })
    }
}
