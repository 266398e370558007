//! Voice packs: a folder `voices/<pack>/` with `manifest.toml` and the clips beside it.
//!
//! The manifest names the pack's language, the engine voice that made the clips, their
//! licence and sample rate, the language's `[grammar]` flags, and for each token its display
//! word, what the engine says (`say`, when the word alone would be misread: "C" as a hundred)
//! and its clip. Loading checks everything that can be checked without the clips (unknown
//! token ids, clip paths escaping the pack folder); [`Pack::check`] then opens every clip. A
//! broken pack is never silent: each problem names the pack, the token and the file.
//!
//! ```toml
//! [pack]
//! name = "de-fide"
//! language = "de"
//! sample_rate = 16000
//! [grammar]
//! compact_squares = false
//! [tokens]
//! "file-a" = { word = "Anna", say = "Anna", clip = "clips/file-a.wav" }
//! ```

use crate::phrase::grammar::{self, Grammar};
use crate::phrase::token::Token;
use crate::phrase::{say_duration, say_move_count, Language, SayOptions};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Component, Path, PathBuf};

/// The packs that ship with vichess, default first.
pub const PACK_NAMES: [&str; 6] = ["de-fide", "en", "de", "uk", "ru", "hy"];

/// The pack used when none is chosen: Appendix D's own words.
pub const DEFAULT_PACK: &str = "de-fide";

/// The shipped manifests, compiled in so that text works even without the `voices` folder.
const BUILTIN: [(&str, &str); 6] = [
    (
        "de-fide",
        include_str!("../../voices/de-fide/manifest.toml"),
    ),
    ("en", include_str!("../../voices/en/manifest.toml")),
    ("de", include_str!("../../voices/de/manifest.toml")),
    ("uk", include_str!("../../voices/uk/manifest.toml")),
    ("ru", include_str!("../../voices/ru/manifest.toml")),
    ("hy", include_str!("../../voices/hy/manifest.toml")),
];

/// Why a manifest cannot be used at all.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    /// The manifest file cannot be read.
    #[error("voice pack {pack}: cannot read {}: {source}", path.display())]
    Read {
        /// The pack's name.
        pack: String,
        /// The manifest file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The manifest is not valid TOML or lacks a required key.
    #[error("voice pack {pack}: {} is not a valid manifest: {message}", path.display())]
    Syntax {
        /// The pack's name.
        pack: String,
        /// The manifest file.
        path: PathBuf,
        /// The TOML parser's message, with its place in the file.
        message: String,
    },
    /// The pack's language is not one vichess has phrases for.
    #[error("voice pack {pack}: language \"{language}\" is not one vichess speaks: use de, en, uk, ru or hy")]
    Language {
        /// The pack's name.
        pack: String,
        /// The language code as written.
        language: String,
    },
    /// A `[tokens]` key is no token vichess says (often a typing mistake).
    #[error("voice pack {pack}: \"{token}\" is not a known token id")]
    UnknownToken {
        /// The pack's name.
        pack: String,
        /// The token id as the manifest writes it.
        token: String,
    },
    /// A token's display word is empty, so there would be nothing to print or say.
    #[error("voice pack {pack}: token {token} has an empty word")]
    EmptyWord {
        /// The pack's name.
        pack: String,
        /// The token id as the manifest writes it.
        token: String,
    },
    /// A clip path is absolute or climbs out with `..`: a pack may only use its own files.
    #[error("voice pack {pack}: token {token}: clip \"{clip}\" must be a path inside the pack folder (no \"..\", not absolute)")]
    ClipOutsidePack {
        /// The pack's name.
        pack: String,
        /// The token id as the manifest writes it.
        token: String,
        /// The clip path as written.
        clip: String,
    },
    /// No manifest has that pack name.
    #[error("voice pack {pack}: no manifest of that name; the packs are: {known}")]
    NoSuchPack {
        /// The name asked for.
        pack: String,
        /// The packs there are, for the message.
        known: String,
    },
}

/// Something wrong with a pack's clips or completeness, found by [`Pack::check`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A token every complete pack has is not in the manifest.
    MissingToken {
        /// The pack's name.
        pack: String,
        /// The token id.
        token: String,
    },
    /// The manifest names no clip for the token.
    NoClip {
        /// The pack's name.
        pack: String,
        /// The token id.
        token: String,
    },
    /// The manifest names a clip file that is not there.
    MissingClip {
        /// The pack's name.
        pack: String,
        /// The token id.
        token: String,
        /// The clip file looked for.
        file: PathBuf,
    },
    /// The clip file is there but is not a WAV file vichess can read.
    Unreadable {
        /// The pack's name.
        pack: String,
        /// The token id.
        token: String,
        /// The clip file.
        file: PathBuf,
        /// The WAV reader's complaint.
        why: String,
    },
    /// The clip's sample rate differs from the manifest's, so it would play at the wrong pitch.
    WrongSampleRate {
        /// The pack's name.
        pack: String,
        /// The token id.
        token: String,
        /// The clip file.
        file: PathBuf,
        /// The clip's rate, in Hz.
        found: u32,
        /// The manifest's `sample_rate`, in Hz.
        expected: u32,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::MissingToken { pack, token } => {
                write!(f, "voice pack {pack}: token {token} is missing from the manifest")
            }
            Problem::NoClip { pack, token } => {
                write!(f, "voice pack {pack}: token {token} names no clip")
            }
            Problem::MissingClip { pack, token, file } => write!(
                f,
                "voice pack {pack}: token {token}: clip {} does not exist",
                file.display()
            ),
            Problem::Unreadable {
                pack,
                token,
                file,
                why,
            } => write!(
                f,
                "voice pack {pack}: token {token}: clip {} is not a readable WAV file: {why}",
                file.display()
            ),
            Problem::WrongSampleRate {
                pack,
                token,
                file,
                found,
                expected,
            } => write!(
                f,
                "voice pack {pack}: token {token}: clip {} has {found} Hz, the manifest says {expected} Hz",
                file.display()
            ),
        }
    }
}

#[derive(Deserialize)]
struct RawManifest {
    pack: RawPack,
    #[serde(default)]
    grammar: Grammar,
    #[serde(default)]
    tokens: BTreeMap<String, RawEntry>,
}

// Unknown keys in [pack] are allowed: the clip script may record more about the voice.
#[derive(Deserialize)]
struct RawPack {
    name: String,
    language: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    voice: String,
    #[serde(default)]
    engine: String,
    #[serde(default)]
    licence: String,
    sample_rate: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    word: String,
    say: Option<String>,
    clip: Option<String>,
}

/// One token's entry: what is printed, what is said, and the clip (relative to the pack).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The word as printed (transcripts, the scoresheet).
    pub word: String,
    /// What the speech engine is given; the word itself unless the engine would misread it.
    pub say: String,
    /// The recorded clip, relative to the pack folder; `None` until clips are made.
    pub clip: Option<PathBuf>,
}

/// A loaded, syntactically valid voice pack.
#[derive(Debug, Clone)]
pub struct Pack {
    name: String,
    language: Language,
    description: String,
    voice: String,
    engine: String,
    licence: String,
    sample_rate: u32,
    grammar: Grammar,
    root: PathBuf,
    entries: HashMap<Token, Entry>,
}

impl Pack {
    /// Loads `dir/manifest.toml`. The folder's name is the pack's name in messages until
    /// the manifest has been read.
    pub fn load(dir: &Path) -> Result<Pack, ManifestError> {
        let label = dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
        let path = dir.join("manifest.toml");
        let text = std::fs::read_to_string(&path).map_err(|source| ManifestError::Read {
            pack: label.clone(),
            path: path.clone(),
            source,
        })?;
        Pack::parse(&text, dir, &label, &path)
    }

    /// A shipped pack by name: from the `voices` folder if it has the manifest (so edits and
    /// clips there count), else the manifest compiled into the program (text only).
    pub fn open(name: &str) -> Result<Pack, ManifestError> {
        let dir = voices_dir().join(name);
        if dir.join("manifest.toml").is_file() {
            return Pack::load(&dir);
        }
        Pack::builtin(name)
    }

    /// A shipped pack from the manifest compiled into the program. Its clips are looked for
    /// in [`voices_dir`].
    pub fn builtin(name: &str) -> Result<Pack, ManifestError> {
        let (_, text) =
            BUILTIN
                .iter()
                .find(|(n, _)| *n == name)
                .ok_or_else(|| ManifestError::NoSuchPack {
                    pack: name.to_string(),
                    known: PACK_NAMES.join(", "),
                })?;
        let root = voices_dir().join(name);
        let path = PathBuf::from(format!("(built in) voices/{name}/manifest.toml"));
        Pack::parse(text, &root, name, &path)
    }

    /// Parses manifest text; `root` is the pack folder that clip paths are relative to, and
    /// `label` and `path` name the pack and file in error messages.
    pub fn parse(text: &str, root: &Path, label: &str, path: &Path) -> Result<Pack, ManifestError> {
        let raw: RawManifest = toml::from_str(text).map_err(|e| ManifestError::Syntax {
            pack: label.to_string(),
            path: path.to_path_buf(),
            message: e.message().to_string(),
        })?;
        let pack = raw.pack.name.clone();
        let language =
            Language::from_code(&raw.pack.language).ok_or_else(|| ManifestError::Language {
                pack: pack.clone(),
                language: raw.pack.language.clone(),
            })?;
        let mut entries = HashMap::with_capacity(raw.tokens.len());
        for (id, e) in raw.tokens {
            let token = Token::from_id(&id).ok_or_else(|| ManifestError::UnknownToken {
                pack: pack.clone(),
                token: id.clone(),
            })?;
            if e.word.trim().is_empty() {
                return Err(ManifestError::EmptyWord { pack, token: id });
            }
            let clip = match e.clip {
                None => None,
                Some(c) if is_inside(Path::new(&c)) => Some(PathBuf::from(c)),
                Some(c) => {
                    return Err(ManifestError::ClipOutsidePack {
                        pack,
                        token: id,
                        clip: c,
                    })
                }
            };
            let say = e.say.unwrap_or_else(|| e.word.clone());
            entries.insert(
                token,
                Entry {
                    word: e.word,
                    say,
                    clip,
                },
            );
        }
        Ok(Pack {
            name: pack,
            language,
            description: raw.pack.description,
            voice: raw.pack.voice,
            engine: raw.pack.engine,
            licence: raw.pack.licence,
            sample_rate: raw.pack.sample_rate,
            grammar: raw.grammar,
            root: root.to_path_buf(),
            entries,
        })
    }

    /// The pack's name, as the configuration's `pack` key gives it.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The language of its words, which picks the phrase rules for times and counts.
    pub fn language(&self) -> Language {
        self.language
    }
    /// A line about the pack for listings (`vichess voices`).
    pub fn description(&self) -> &str {
        &self.description
    }
    /// The engine voice that made the clips ("none" until clips exist).
    pub fn voice(&self) -> &str {
        &self.voice
    }
    /// The speech engine that rendered the clips, with its version, for provenance.
    pub fn engine(&self) -> &str {
        &self.engine
    }
    /// The terms the clips may be shared under.
    pub fn licence(&self) -> &str {
        &self.licence
    }
    /// The clips' sample rate in Hz; every clip must have it.
    pub fn sample_rate(&self) -> u32 {
        self.sample_rate
    }
    /// The language's phrase-building flags from `[grammar]`.
    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }
    /// The pack folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The token's entry, or its fallback's (an object form falls back to the plain man).
    pub fn entry(&self, token: Token) -> Option<&Entry> {
        self.entries
            .get(&token)
            .or_else(|| token.fallback().and_then(|f| self.entries.get(&f)))
    }

    /// The display word. Durations and counts are put in words in the pack's language,
    /// punctuation is its mark, and a token the pack lacks is printed as its id so that
    /// nothing is silently dropped.
    pub fn word(&self, token: Token) -> Cow<'_, str> {
        match token {
            Token::Duration(ms) => {
                Cow::Owned(say_duration(ms, self.language, SayOptions::default()))
            }
            Token::Count(n) => Cow::Owned(say_move_count(n, self.language)),
            Token::Punct(p) => Cow::Borrowed(p.mark()),
            _ => match self.entry(token) {
                Some(e) => Cow::Borrowed(&e.word),
                None => Cow::Owned(token.id().replace('-', " ")),
            },
        }
    }

    /// What a speech engine should say for the token (its `say`, else its word).
    pub fn say(&self, token: Token) -> Cow<'_, str> {
        match self.entry(token) {
            Some(e) if token.is_vocabulary() => Cow::Borrowed(&e.say),
            _ => self.word(token),
        }
    }

    /// The clip for the token, if the manifest names one and the file exists. `None` means:
    /// speak [`Pack::say`] with system speech instead.
    pub fn clip_path(&self, token: Token) -> Option<PathBuf> {
        let clip = self.entry(token)?.clip.as_ref()?;
        let path = self.root.join(clip);
        path.is_file().then_some(path)
    }

    /// The phrase as one printed line in this pack's display words.
    pub fn text(&self, phrase: &[Token]) -> String {
        grammar::join(phrase, &self.grammar, |t| self.word(t))
    }

    /// The phrase as text for a speech engine (the `say` words).
    pub fn spoken_text(&self, phrase: &[Token]) -> String {
        grammar::join_spoken(phrase, &self.grammar, |t| self.say(t))
    }

    /// Replaces a token's word (a configured capture, check or mate word). The clip no
    /// longer matches the word, so the token is then spoken by system speech.
    pub fn set_word(&mut self, token: Token, word: &str) {
        self.entries.insert(
            token,
            Entry {
                word: word.to_string(),
                say: word.to_string(),
                clip: None,
            },
        );
    }

    /// Required tokens the manifest lacks.
    pub fn missing_tokens(&self) -> Vec<Token> {
        Token::vocabulary()
            .into_iter()
            .filter(|t| t.is_required() && !self.entries.contains_key(t))
            .collect()
    }

    /// Tokens with a clip that exists (not opened), and the number of required tokens: how
    /// complete the pack's recordings are.
    pub fn clip_count(&self) -> (usize, usize) {
        let vocab: Vec<Token> = Token::vocabulary()
            .into_iter()
            .filter(|t| t.is_recorded())
            .collect();
        let have = vocab
            .iter()
            .filter(|&&t| self.clip_path(t).is_some())
            .count();
        (have, vocab.len())
    }

    /// Every problem with the pack: missing tokens, tokens without clips, and clips that are
    /// missing, unreadable or at another sample rate. Empty means the pack is complete.
    pub fn check(&self) -> Vec<Problem> {
        let mut out: Vec<Problem> = self
            .missing_tokens()
            .into_iter()
            .map(|t| Problem::MissingToken {
                pack: self.name.clone(),
                token: t.id().to_string(),
            })
            .collect();
        for token in Token::vocabulary() {
            let Some(entry) = self.entries.get(&token) else {
                continue;
            };
            let pack = self.name.clone();
            let id = token.id().to_string();
            let Some(clip) = &entry.clip else {
                if token.is_recorded() {
                    out.push(Problem::NoClip { pack, token: id });
                }
                continue;
            };
            let file = self.root.join(clip);
            if !file.is_file() {
                out.push(Problem::MissingClip {
                    pack,
                    token: id,
                    file,
                });
                continue;
            }
            match wav_rate(&file) {
                Err(why) => out.push(Problem::Unreadable {
                    pack,
                    token: id,
                    file,
                    why,
                }),
                Ok(found) if found != self.sample_rate => out.push(Problem::WrongSampleRate {
                    pack,
                    token: id,
                    file,
                    found,
                    expected: self.sample_rate,
                }),
                Ok(_) => {}
            }
        }
        out
    }
}

/// Is `p` a relative path that stays inside the folder it is joined to?
fn is_inside(p: &Path) -> bool {
    !p.as_os_str().is_empty()
        && p.components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        && p.components().any(|c| matches!(c, Component::Normal(_)))
}

/// Opens a WAV file, reads every sample, and returns its sample rate.
fn wav_rate(path: &Path) -> Result<u32, String> {
    let mut reader = hound::WavReader::open(path).map_err(|e| e.to_string())?;
    let spec = reader.spec();
    let frames = match spec.sample_format {
        hound::SampleFormat::Float => reader
            .samples::<f32>()
            .try_fold(0usize, |n, s| s.map(|_| n + 1)),
        hound::SampleFormat::Int => reader
            .samples::<i32>()
            .try_fold(0usize, |n, s| s.map(|_| n + 1)),
    }
    .map_err(|e| e.to_string())?;
    if frames == 0 {
        return Err("it holds no sound".to_string());
    }
    Ok(spec.sample_rate)
}

/// Where the voice packs are: `$VICHESS_VOICES`, else `../share/vichess/voices` from the
/// program (a package), else a `voices` folder beside the program or two levels up from it (a build in `target/debug`), else the source tree's.
pub fn voices_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("VICHESS_VOICES") {
        return PathBuf::from(dir);
    }
    if let Ok(exe) = std::env::current_exe() {
        // An installed or unpacked package: `bin/vichess` beside `share/vichess/voices`.
        if let Some(prefix) = exe.parent().and_then(Path::parent) {
            let dir = prefix.join("share/vichess/voices");
            if dir.join(DEFAULT_PACK).join("manifest.toml").is_file() {
                return dir;
            }
        }
        for up in exe.ancestors().skip(1).take(3) {
            let dir = up.join("voices");
            if dir.join(DEFAULT_PACK).join("manifest.toml").is_file() {
                return dir;
            }
        }
    }
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/voices"))
}

/// Every pack folder under `dir` (each holding a `manifest.toml`), loaded, shipped packs
/// first in their usual order, then others by name.
pub fn load_all(dir: &Path) -> Vec<Result<Pack, ManifestError>> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().join("manifest.toml").is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort_by_key(|n| {
        (
            PACK_NAMES
                .iter()
                .position(|p| p == n)
                .unwrap_or(PACK_NAMES.len()),
            n.clone(),
        )
    });
    names.iter().map(|n| Pack::load(&dir.join(n))).collect()
}
