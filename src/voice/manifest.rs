//! Voice packs: a folder `voices/<pack>/` with `manifest.toml` and the clips beside it.
//!
//! The manifest names the pack's language, the engine voice that made the clips, their
//! licence and sample rate, the language's `[grammar]` flags, and for each token its display
//! word, what the engine says (`say`, when the word alone would be misread: "C" as a hundred)
//! and its clip. Loading checks everything that can be checked without the clips (clip paths
//! escaping the pack folder); [`Pack::check`] then opens every clip. A broken pack is never
//! silent: each problem names the pack's folder, the manifest line, the token and the file.
//! A token id this program does not know is passed over, not refused: a pack installed apart
//! from the program may be newer than it, and its new words must not stop every game. They
//! are kept ([`Pack::unknown_tokens`]) so that the game and the check can name them.
//!
//! A pack is a folder found on a search path ([`search_path`]): the player's own packs first,
//! then `VICHESS_VOICES`, then the packs installed with the program. It is named only by its
//! folder name, never by a path, and nothing it names may lie outside that folder (a clip that
//! is a symlink out of it is refused), so a pack someone hands a player cannot read other files.
//! A clip is at most [`MAX_CLIP_SECONDS`] long and a pack at most [`MAX_PACK_BYTES`], so a
//! broken or hostile pack cannot fill the memory or the disk.
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
use crate::phrase::{say_duration, say_move_count, say_move_count_for, Language, SayOptions};
use crate::rules::Square;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// The packs that ship with vichess, default first.
pub const PACK_NAMES: [&str; 6] = ["de-fide", "en", "de", "uk", "ru", "hy"];

/// The pack used when none is chosen: Appendix D's own words.
pub const DEFAULT_PACK: &str = "de-fide";

/// The longest clip a pack may have: a word, never a recording of a game.
pub const MAX_CLIP_SECONDS: f64 = 10.0;

/// The most a pack's clips may take on disk together.
pub const MAX_PACK_BYTES: u64 = 50 * 1024 * 1024;

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

/// [`ManifestError::NotFound`]'s folders searched when no voices folder exists at all, so a
/// front end can say that in the game's words.
pub const NO_VOICES_FOLDER: &str = "no voices folder (none exists)";

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
    #[error("voice pack {pack}: {}:{line}: not a valid manifest: {message}", path.display())]
    Syntax {
        /// The pack's name.
        pack: String,
        /// The manifest file.
        path: PathBuf,
        /// The line the parser stopped at (1 when it cannot tell).
        line: usize,
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
    /// A `[squares]` key is no square: the table is keyed "a1" to "h8".
    #[error("voice pack {pack}: manifest.toml:{line}: [squares] key \"{key}\" is not a square (\"a1\" to \"h8\")")]
    UnknownSquare {
        /// The pack's name.
        pack: String,
        /// The manifest line of the entry.
        line: usize,
        /// The key as the manifest writes it.
        key: String,
    },
    /// A token's display word is empty, so there would be nothing to print or say.
    #[error("voice pack {pack}: manifest.toml:{line}: token {token} has an empty word")]
    EmptyWord {
        /// The pack's name.
        pack: String,
        /// The manifest line of the entry.
        line: usize,
        /// The token id as the manifest writes it.
        token: String,
    },
    /// A clip path is absolute or climbs out with `..`: a pack may only use its own files.
    #[error("voice pack {pack}: manifest.toml:{line}: token {token}: clip \"{clip}\" must be a path inside the pack folder (no \"..\", not absolute)")]
    ClipOutsidePack {
        /// The pack's name.
        pack: String,
        /// The manifest line of the entry.
        line: usize,
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
    /// A pack is asked for by something that is not a folder name.
    #[error("voice pack \"{pack}\": a pack is named by its folder name (letters, digits and \"-\"), not a path")]
    BadName {
        /// The name as given.
        pack: String,
    },
    /// The pack is in none of the folders searched ([`NO_VOICES_FOLDER`] when there is none).
    #[error("voice pack {pack}: not found in {searched}; the packs found are: {known} (see `vichess voices`)")]
    NotFound {
        /// The name asked for.
        pack: String,
        /// The folders searched, in order.
        searched: String,
        /// The packs found there, or "none".
        known: String,
    },
    /// `[pack] pace` is outside the range the time-stretch can do well.
    #[error(
        "voice pack {pack}: manifest.toml: pace {pace} is out of range: it goes from 0.5 to 3.0"
    )]
    Pace {
        /// The pack's name.
        pack: String,
        /// The pace as written.
        pace: f64,
    },
}

/// Something wrong with a pack's clips or completeness, found by [`Pack::check`]. Each names
/// the pack's folder and, for an entry, its manifest line and token (a number word is named
/// `number "zwölf"`), so the fault can be found and fixed.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// The manifest could not be loaded at all.
    Manifest {
        /// The pack's folder name.
        pack: String,
        /// The loader's message.
        why: String,
    },
    /// A token every complete pack has is not in the manifest.
    MissingToken {
        /// The pack's folder name.
        pack: String,
        /// The token id.
        token: String,
    },
    /// A `[tokens]` key is no token this vichess says: a typing mistake, or a pack newer
    /// than the program. The entry is not used.
    UnknownToken {
        /// The pack's folder name.
        pack: String,
        /// The token id as the manifest writes it.
        token: String,
        /// The manifest line of the entry.
        line: usize,
    },
    /// The manifest names no clip for the token.
    NoClip {
        /// The pack's folder name.
        pack: String,
        /// The token id.
        token: String,
        /// The manifest line of the entry.
        line: usize,
    },
    /// The manifest names a clip file that is not there.
    MissingClip {
        /// The pack's folder name.
        pack: String,
        /// The token id.
        token: String,
        /// The manifest line of the entry.
        line: usize,
        /// The clip file looked for.
        file: PathBuf,
    },
    /// The clip is a symlink (or under one) that leads out of the pack folder.
    OutsidePack {
        /// The pack's folder name.
        pack: String,
        /// The token id.
        token: String,
        /// The manifest line of the entry.
        line: usize,
        /// The clip file as named.
        file: PathBuf,
    },
    /// The clip file is there but is not a WAV file vichess can read.
    Unreadable {
        /// The pack's folder name.
        pack: String,
        /// The token id.
        token: String,
        /// The manifest line of the entry.
        line: usize,
        /// The clip file.
        file: PathBuf,
        /// The WAV reader's complaint.
        why: String,
    },
    /// The clip is longer than [`MAX_CLIP_SECONDS`].
    TooLong {
        /// The pack's folder name.
        pack: String,
        /// The token id.
        token: String,
        /// The manifest line of the entry.
        line: usize,
        /// The clip file.
        file: PathBuf,
        /// Its length in seconds.
        seconds: f64,
    },
    /// The clip's sample rate differs from the manifest's, so it would play at the wrong pitch.
    WrongSampleRate {
        /// The pack's folder name.
        pack: String,
        /// The token id.
        token: String,
        /// The manifest line of the entry.
        line: usize,
        /// The clip file.
        file: PathBuf,
        /// The clip's rate, in Hz.
        found: u32,
        /// The manifest's `sample_rate`, in Hz.
        expected: u32,
    },
    /// The clips together are larger than [`MAX_PACK_BYTES`]; none of them is used.
    PackTooLarge {
        /// The pack's folder name.
        pack: String,
        /// Their size in bytes.
        bytes: u64,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Manifest { why, .. } => write!(f, "{why}"),
            Problem::MissingToken { pack, token } => {
                write!(f, "voice pack {pack}: manifest.toml: token {token} is missing")
            }
            Problem::UnknownToken { pack, token, line } => write!(
                f,
                "voice pack {pack}: manifest.toml:{line}: \"{token}\" is not a token this vichess knows (a typing mistake, or a pack newer than the program); it is not used"
            ),
            Problem::NoClip { pack, token, line } => {
                write!(f, "voice pack {pack}: manifest.toml:{line}: token {token} names no clip")
            }
            Problem::MissingClip {
                pack,
                token,
                line,
                file,
            } => write!(
                f,
                "voice pack {pack}: manifest.toml:{line}: token {token}: clip {} does not exist",
                file.display()
            ),
            Problem::OutsidePack {
                pack,
                token,
                line,
                file,
            } => write!(
                f,
                "voice pack {pack}: manifest.toml:{line}: token {token}: clip {} leads outside the pack folder (a symlink); it is not used",
                file.display()
            ),
            Problem::Unreadable {
                pack,
                token,
                line,
                file,
                why,
            } => write!(
                f,
                "voice pack {pack}: manifest.toml:{line}: token {token}: clip {} is not a readable WAV file: {why}",
                file.display()
            ),
            Problem::TooLong {
                pack,
                token,
                line,
                file,
                seconds,
            } => write!(
                f,
                "voice pack {pack}: manifest.toml:{line}: token {token}: clip {} is {seconds:.1} s long; a clip may be at most {MAX_CLIP_SECONDS} s",
                file.display()
            ),
            Problem::WrongSampleRate {
                pack,
                token,
                line,
                file,
                found,
                expected,
            } => write!(
                f,
                "voice pack {pack}: manifest.toml:{line}: token {token}: clip {} has {found} Hz, the manifest says {expected} Hz",
                file.display()
            ),
            Problem::PackTooLarge { pack, bytes } => write!(
                f,
                "voice pack {pack}: its clips take {:.1} MB; a pack may take at most {} MB, so none is used",
                *bytes as f64 / 1_048_576.0,
                MAX_PACK_BYTES / 1_048_576
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
    numbers: BTreeMap<String, RawNumber>,
    #[serde(default)]
    squares: BTreeMap<String, RawNumber>,
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
    #[serde(default = "one")]
    pace: f64,
}

fn one() -> f64 {
    1.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    word: String,
    say: Option<String>,
    clip: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNumber {
    clip: String,
    #[allow(dead_code)] // read by scripts/make-voices: what the engine is given
    say: Option<String>,
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

/// Where a pack was found: shown by `vichess voices` so a player knows which copy speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The player's own folder (`$XDG_DATA_HOME/vichess/voices`).
    User,
    /// The folder `VICHESS_VOICES` names.
    Env,
    /// Installed with the program (`../share/vichess/voices`, or beside a development build).
    Installed,
    /// No folder: the manifest compiled into the program (words only, no clips).
    BuiltIn,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::User => "your voices folder",
            Origin::Env => "VICHESS_VOICES",
            Origin::Installed => "installed",
            Origin::BuiltIn => "built in, words only",
        })
    }
}

/// A loaded, syntactically valid voice pack.
#[derive(Debug, Clone)]
pub struct Pack {
    name: String,
    folder: String,
    origin: Origin,
    language: Language,
    description: String,
    voice: String,
    engine: String,
    licence: String,
    sample_rate: u32,
    pace: f64,
    grammar: Grammar,
    root: PathBuf,
    /// `root` with every symlink followed, found once: [`Pack::resolve`] compares each clip
    /// with it, and following a path anew costs a system call for each of its folders.
    real_root: OnceLock<Option<PathBuf>>,
    entries: HashMap<Token, Entry>,
    numbers: HashMap<String, PathBuf>,
    /// A square said as one unit, file and rank run together ("Felix drei"), as a person
    /// says it: shorter than the two words recorded apart, so a pack needs less
    /// time-stretch to reach a human pace. Optional; a square without one is said from
    /// the file's and the rank's clips.
    squares: HashMap<Square, PathBuf>,
    /// The manifest line of each `[tokens]`, `[numbers]` and `[squares]` key, for messages.
    lines: HashMap<String, usize>,
    /// The `[tokens]` keys this program does not know, with their lines, in manifest order.
    unknown: Vec<(usize, String)>,
}

/// Is `name` a pack folder name: letters, digits and '-', so never a path?
pub fn is_pack_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && name.chars().all(|c| c.is_alphanumeric() || c == '-')
}

/// The 1-based line of each table key in a manifest (`"file-a" = ...`, `zwölf = ...`).
fn key_lines(text: &str) -> HashMap<String, usize> {
    let mut out = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let key = if let Some(rest) = t.strip_prefix('"') {
            rest.split('"').next()
        } else if t.starts_with('[') || t.starts_with('#') {
            None
        } else {
            t.split('=').next().map(str::trim)
        };
        if let Some(k) = key.filter(|k| !k.is_empty()) {
            out.entry(k.to_string()).or_insert(i + 1);
        }
    }
    out
}

impl Pack {
    /// Loads `dir/manifest.toml`. The folder's name is the pack's name in messages.
    pub fn load(dir: &Path) -> Result<Pack, ManifestError> {
        Pack::load_from(dir, Origin::Installed)
    }

    fn load_from(dir: &Path, origin: Origin) -> Result<Pack, ManifestError> {
        let label = dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
        let path = dir.join("manifest.toml");
        let text = std::fs::read_to_string(&path).map_err(|source| ManifestError::Read {
            pack: label.clone(),
            path: path.clone(),
            source,
        })?;
        let mut pack = Pack::parse(&text, dir, &label, &path)?;
        pack.origin = origin;
        Ok(pack)
    }

    /// A pack by its folder name, from the first folder of the [`search_path`] that has it.
    /// A path is refused, and so is a name no folder has: the player must hear the voice
    /// they chose, or be told why not, never a silent stand-in.
    pub fn open(name: &str) -> Result<Pack, ManifestError> {
        if !is_pack_name(name) {
            return Err(ManifestError::BadName {
                pack: name.to_string(),
            });
        }
        let path = search_path();
        for dir in &path {
            let folder = dir.path.join(name);
            if folder.join("manifest.toml").is_file() {
                return Pack::load_from(&folder, dir.origin);
            }
        }
        let mut known: Vec<String> = path.iter().flat_map(|d| pack_folders(&d.path)).collect();
        let mut seen = std::collections::HashSet::new();
        known.retain(|n| seen.insert(n.clone()));
        Err(ManifestError::NotFound {
            pack: name.to_string(),
            searched: if path.is_empty() {
                NO_VOICES_FOLDER.to_string()
            } else {
                path.iter()
                    .map(|d| d.path.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            known: if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            },
        })
    }

    /// A shipped pack from the manifest compiled into the program: words only, for text and
    /// tests. It names no folder, so it has no clips.
    pub fn builtin(name: &str) -> Result<Pack, ManifestError> {
        // Each built-in manifest is parsed once a process: the words are wanted in many
        // places (the typed move's parser, the host, every line's text), and parsing the
        // TOML each time was a third of a console game's start.
        static PARSED: [OnceLock<Pack>; BUILTIN.len()] = [const { OnceLock::new() }; BUILTIN.len()];
        let at = BUILTIN
            .iter()
            .position(|(n, _)| *n == name)
            .ok_or_else(|| ManifestError::NoSuchPack {
                pack: name.to_string(),
                known: PACK_NAMES.join(", "),
            })?;
        if let Some(pack) = PARSED[at].get() {
            return Ok(pack.clone());
        }
        let text = BUILTIN[at].1;
        let path = PathBuf::from(format!("(built in) voices/{name}/manifest.toml"));
        let mut pack = Pack::parse(text, Path::new(""), name, &path)?;
        pack.origin = Origin::BuiltIn;
        pack.root = PathBuf::new();
        Ok(PARSED[at].get_or_init(|| pack).clone())
    }

    /// Parses manifest text; `root` is the pack folder that clip paths are relative to, and
    /// `label` (the folder name) and `path` name the pack and file in error messages.
    pub fn parse(text: &str, root: &Path, label: &str, path: &Path) -> Result<Pack, ManifestError> {
        let raw: RawManifest = toml::from_str(text).map_err(|e| ManifestError::Syntax {
            pack: label.to_string(),
            path: path.to_path_buf(),
            line: e.span().map_or(1, |s| {
                text[..s.start.min(text.len())].matches('\n').count() + 1
            }),
            message: e.message().to_string(),
        })?;
        let pack = label.to_string();
        let lines = key_lines(text);
        let line_of = |k: &str| lines.get(k).copied().unwrap_or(1);
        let language =
            Language::from_code(&raw.pack.language).ok_or_else(|| ManifestError::Language {
                pack: pack.clone(),
                language: raw.pack.language.clone(),
            })?;
        if !(0.5..=3.0).contains(&raw.pack.pace) {
            return Err(ManifestError::Pace {
                pack,
                pace: raw.pack.pace,
            });
        }
        let mut entries = HashMap::with_capacity(raw.tokens.len());
        let mut unknown = Vec::new();
        for (id, e) in raw.tokens {
            let Some(token) = Token::from_id(&id) else {
                unknown.push((line_of(&id), id));
                continue;
            };
            if e.word.trim().is_empty() {
                return Err(ManifestError::EmptyWord {
                    pack,
                    line: line_of(&id),
                    token: id,
                });
            }
            let clip = match e.clip {
                None => None,
                Some(c) if is_inside(Path::new(&c)) => Some(PathBuf::from(c)),
                Some(c) => {
                    return Err(ManifestError::ClipOutsidePack {
                        pack,
                        line: line_of(&id),
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
        let mut numbers = HashMap::with_capacity(raw.numbers.len());
        for (word, n) in raw.numbers {
            if !is_inside(Path::new(&n.clip)) {
                return Err(ManifestError::ClipOutsidePack {
                    pack,
                    line: line_of(&word),
                    token: format!("number \"{word}\""),
                    clip: n.clip,
                });
            }
            numbers.insert(word, PathBuf::from(n.clip));
        }
        let mut squares = HashMap::with_capacity(raw.squares.len());
        for (key, n) in raw.squares {
            let square = match key.parse::<Square>() {
                Ok(sq) if sq.to_string() == key => sq,
                _ => {
                    return Err(ManifestError::UnknownSquare {
                        pack,
                        line: line_of(&key),
                        key,
                    })
                }
            };
            if !is_inside(Path::new(&n.clip)) {
                return Err(ManifestError::ClipOutsidePack {
                    pack,
                    line: line_of(&key),
                    token: format!("square {key}"),
                    clip: n.clip,
                });
            }
            squares.insert(square, PathBuf::from(n.clip));
        }
        Ok(Pack {
            name: raw.pack.name,
            folder: pack,
            origin: Origin::Installed,
            language,
            description: raw.pack.description,
            voice: raw.pack.voice,
            engine: raw.pack.engine,
            licence: raw.pack.licence,
            sample_rate: raw.pack.sample_rate,
            pace: raw.pack.pace,
            grammar: raw.grammar,
            root: root.to_path_buf(),
            real_root: OnceLock::new(),
            entries,
            numbers,
            squares,
            lines,
            unknown: {
                unknown.sort();
                unknown
            },
        })
    }

    /// The `[tokens]` keys this program does not know, with their manifest lines: passed
    /// over, so that a newer pack still speaks every word this program has.
    pub fn unknown_tokens(&self) -> &[(usize, String)] {
        &self.unknown
    }

    /// The folder the pack was loaded from, by name: what `--voice` and messages use.
    pub fn folder(&self) -> &str {
        &self.folder
    }
    /// Where the pack was found.
    pub fn origin(&self) -> Origin {
        self.origin
    }
    /// How much faster than recorded the clips are spoken at speed 1.0: the clips are slow
    /// isolated words, and a player in time trouble should not wait for them.
    pub fn pace(&self) -> f64 {
        self.pace
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
            Token::CountIn(n) => Cow::Owned(crate::phrase::time::say_moves_in(n, self.language)),
            Token::CountFor(n) => Cow::Owned(say_move_count_for(n, self.language)),
            Token::Number(n) => Cow::Owned(n.to_string()),
            Token::Punct(p) => Cow::Borrowed(self.grammar.mark(p)),
            _ => match self.entry(token) {
                Some(e) => Cow::Borrowed(&e.word),
                // An optional word the language does not use: nothing is said there.
                None if token.is_optional() && token.fallback().is_none() => Cow::Borrowed(""),
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
        self.resolve(clip).ok().flatten()
    }

    /// The clip of a number word piece ("zwölf", "hundert"), as [`Pack::clip_path`].
    pub fn number_clip_path(&self, word: &str) -> Option<PathBuf> {
        self.resolve(self.numbers.get(word)?).ok().flatten()
    }

    /// The clip of a square said as one unit, as [`Pack::clip_path`].
    pub fn square_clip_path(&self, square: Square) -> Option<PathBuf> {
        self.resolve(self.squares.get(&square)?).ok().flatten()
    }

    /// The squares the `[squares]` table names, in order.
    pub fn squares(&self) -> Vec<Square> {
        let mut v: Vec<Square> = self.squares.keys().copied().collect();
        v.sort();
        v
    }

    /// The word pieces of the `[numbers]` table.
    pub fn number_words(&self) -> Vec<String> {
        let mut v: Vec<String> = self.numbers.keys().cloned().collect();
        v.sort();
        v
    }

    /// Whether the token's clip exists but leads outside the pack folder (and is refused).
    pub fn outside(&self, token: Token) -> bool {
        self.entry(token)
            .and_then(|e| e.clip.as_ref())
            .is_some_and(|c| self.resolve(c).is_err())
    }

    /// Whether the `[numbers]` table names a clip for the word piece.
    pub fn has_number_word(&self, word: &str) -> bool {
        self.numbers.contains_key(word)
    }

    /// The manifest line of a `[tokens]` or `[numbers]` key (1 when unknown).
    pub fn line_of(&self, key: &str) -> usize {
        self.lines.get(key).copied().unwrap_or(1)
    }

    /// The clip file, if it exists and, with every symlink followed, is still inside the pack
    /// folder (`Err` when it leads out). A built-in pack has no folder and so no clips.
    ///
    /// Only the clip's own part of the path can lead out of the folder, so only that part is
    /// looked at, one `lstat` a folder; the whole path is followed only where it holds a
    /// symlink. Following every path whole took ten system calls a clip, and a pack's clips
    /// are resolved again at every phrase rendered (767,000 calls for `voices --check`).
    fn resolve(&self, clip: &Path) -> Result<Option<PathBuf>, ()> {
        if self.origin == Origin::BuiltIn {
            return Ok(None);
        }
        let Some(root) = self
            .real_root
            .get_or_init(|| self.root.canonicalize().ok())
            .as_ref()
        else {
            return Ok(None);
        };
        let mut real = root.clone();
        let mut linked = false;
        for part in clip.components() {
            match part {
                Component::Normal(name) => real.push(name),
                Component::CurDir => continue,
                // `is_inside` let no other kind into the tables; never followed blindly.
                _ => return Err(()),
            }
            match std::fs::symlink_metadata(&real) {
                Ok(meta) => linked |= meta.file_type().is_symlink(),
                Err(_) => return Ok(None),
            }
        }
        if linked {
            real = match real.canonicalize() {
                Ok(followed) => followed,
                Err(_) => return Ok(None),
            };
            if !real.starts_with(root) {
                return Err(());
            }
        }
        Ok(real.is_file().then_some(real))
    }

    /// The mark after a label in this pack's lines: ":", or Armenian "՝" (`[grammar]`), for
    /// lines put together outside a phrase ("պարտիան պահպանվեց՝ /path").
    pub fn colon(&self) -> &'static str {
        self.grammar.mark(crate::phrase::token::Punct::Colon)
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

    /// Every problem with the pack: token ids this program does not know, missing tokens and
    /// number words, tokens without clips, and clips that are missing, lead outside the pack,
    /// are unreadable, too long or at another sample rate, and a pack too large. Empty means
    /// the pack is complete.
    pub fn check(&self) -> Vec<Problem> {
        let pack = || self.folder.clone();
        let mut out: Vec<Problem> = self
            .unknown
            .iter()
            .map(|(line, id)| Problem::UnknownToken {
                pack: pack(),
                token: id.clone(),
                line: *line,
            })
            .collect();
        out.extend(
            self.missing_tokens()
                .into_iter()
                .map(|t| Problem::MissingToken {
                    pack: pack(),
                    token: t.id().to_string(),
                }),
        );
        for word in crate::voice::numbers::needed_words(self.language) {
            if !self.numbers.contains_key(&word) {
                out.push(Problem::MissingToken {
                    pack: pack(),
                    token: format!("number \"{word}\""),
                });
            }
        }
        let mut clips: Vec<(String, usize, &Path)> = Vec::new();
        for token in Token::vocabulary() {
            let Some(entry) = self.entries.get(&token) else {
                continue;
            };
            let line = self.line_of(token.id());
            match &entry.clip {
                Some(clip) => clips.push((token.id().to_string(), line, clip)),
                None if token.is_recorded() => out.push(Problem::NoClip {
                    pack: pack(),
                    token: token.id().to_string(),
                    line,
                }),
                None => {}
            }
        }
        let mut words: Vec<(&String, &PathBuf)> = self.numbers.iter().collect();
        words.sort();
        for (word, clip) in words {
            clips.push((format!("number \"{word}\""), self.line_of(word), clip));
        }
        let mut squares: Vec<(&Square, &PathBuf)> = self.squares.iter().collect();
        squares.sort();
        for (square, clip) in squares {
            let key = square.to_string();
            clips.push((format!("square {key}"), self.line_of(&key), clip));
        }
        let mut seen = std::collections::HashSet::new();
        let mut bytes = 0u64;
        for (token, line, clip) in clips {
            let file = self.root.join(clip);
            let real = match self.resolve(clip) {
                Ok(Some(real)) => real,
                Ok(None) => {
                    out.push(Problem::MissingClip {
                        pack: pack(),
                        token,
                        line,
                        file,
                    });
                    continue;
                }
                Err(()) => {
                    out.push(Problem::OutsidePack {
                        pack: pack(),
                        token,
                        line,
                        file,
                    });
                    continue;
                }
            };
            if seen.insert(real.clone()) {
                bytes += std::fs::metadata(&real).map_or(0, |m| m.len());
            }
            match clip_info(&real) {
                Err(why) => out.push(Problem::Unreadable {
                    pack: pack(),
                    token,
                    line,
                    file,
                    why,
                }),
                Ok((_, seconds)) if seconds > MAX_CLIP_SECONDS => out.push(Problem::TooLong {
                    pack: pack(),
                    token,
                    line,
                    file,
                    seconds,
                }),
                Ok((found, _)) if found != self.sample_rate => out.push(Problem::WrongSampleRate {
                    pack: pack(),
                    token,
                    line,
                    file,
                    found,
                    expected: self.sample_rate,
                }),
                Ok(_) => {
                    if let Err(why) = wav_decodes(&real) {
                        out.push(Problem::Unreadable {
                            pack: pack(),
                            token,
                            line,
                            file,
                            why,
                        });
                    }
                }
            }
        }
        if bytes > MAX_PACK_BYTES {
            out.push(Problem::PackTooLarge {
                pack: pack(),
                bytes,
            });
        }
        out
    }

    /// The clips' total size on disk, each file once; what [`MAX_PACK_BYTES`] limits.
    pub fn clip_bytes(&self) -> u64 {
        let mut seen = std::collections::HashSet::new();
        self.entries
            .values()
            .filter_map(|e| e.clip.as_deref())
            .chain(self.numbers.values().map(PathBuf::as_path))
            .chain(self.squares.values().map(PathBuf::as_path))
            .filter_map(|c| self.resolve(c).ok().flatten())
            .filter(|p| seen.insert(p.clone()))
            .map(|p| std::fs::metadata(&p).map_or(0, |m| m.len()))
            .sum()
    }
}

/// Is `p` a relative path that stays inside the folder it is joined to?
fn is_inside(p: &Path) -> bool {
    !p.as_os_str().is_empty()
        && p.components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        && p.components().any(|c| matches!(c, Component::Normal(_)))
}

/// A WAV file's sample rate and length in seconds, from its header alone: a clip too long
/// is refused before a single sample is decoded.
pub fn clip_info(path: &Path) -> Result<(u32, f64), String> {
    let reader = hound::WavReader::open(path).map_err(|e| e.to_string())?;
    let spec = reader.spec();
    let frames = reader.duration();
    if frames == 0 {
        return Err("it holds no sound".to_string());
    }
    Ok((
        spec.sample_rate,
        f64::from(frames) / f64::from(spec.sample_rate.max(1)),
    ))
}

/// Reads every sample, so a truncated or corrupt file is found by the check, not in a game.
fn wav_decodes(path: &Path) -> Result<(), String> {
    let mut reader = hound::WavReader::open(path).map_err(|e| e.to_string())?;
    match reader.spec().sample_format {
        hound::SampleFormat::Float => reader.samples::<f32>().try_for_each(|s| s.map(drop)),
        hound::SampleFormat::Int => reader.samples::<i32>().try_for_each(|s| s.map(drop)),
    }
    .map_err(|e| e.to_string())
}

/// One folder of the voice pack search path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoiceDir {
    /// The folder holding pack folders.
    pub path: PathBuf,
    /// Which kind of folder it is.
    pub origin: Origin,
}

/// Where voice packs are looked for, first match wins: the player's own folder
/// (`$XDG_DATA_HOME/vichess/voices`, else `~/.local/share/vichess/voices`), then the folder
/// `VICHESS_VOICES` names, then the packs installed with the program: `../share/vichess/voices`
/// beside its `bin` folder, or `voices` beside the program, or for a development build in
/// `target/<profile>` the checkout's `voices`. Never the folder the program was built in: an
/// installed program must not read a build tree that may since belong to someone else. Only
/// folders that exist are listed, except `VICHESS_VOICES`, which is always listed so that a
/// wrong value is named in the error rather than silently passed over.
pub fn search_path() -> Vec<VoiceDir> {
    let mut out = Vec::new();
    let user = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".local/share")));
    if let Some(dir) = user
        .map(|d| d.join("vichess/voices"))
        .filter(|d| d.is_dir())
    {
        out.push(VoiceDir {
            path: dir,
            origin: Origin::User,
        });
    }
    if let Some(dir) = std::env::var_os("VICHESS_VOICES").filter(|v| !v.is_empty()) {
        out.push(VoiceDir {
            path: PathBuf::from(dir),
            origin: Origin::Env,
        });
    }
    if let Some(dir) = std::env::current_exe().ok().and_then(|e| installed_dir(&e)) {
        out.push(VoiceDir {
            path: dir,
            origin: Origin::Installed,
        });
    }
    // One folder named twice (`VICHESS_VOICES` set to the installed packs) is searched once:
    // otherwise each of its packs is listed, loaded and checked twice, once as hidden.
    let mut seen = std::collections::HashSet::new();
    out.retain(|d| seen.insert(d.path.canonicalize().unwrap_or_else(|_| d.path.clone())));
    out
}

/// The installed packs for the program at `exe`, if there are any.
pub fn installed_dir(exe: &Path) -> Option<PathBuf> {
    let bin = exe.parent()?;
    let mut candidates = vec![bin.join("../share/vichess/voices"), bin.join("voices")];
    // A development build: target/<profile>/vichess, target/<profile>/deps/<test>, or
    // target/<triple>/<profile>/...: the checkout's voices beside `target`.
    let mut dir = bin;
    if dir
        .file_name()
        .is_some_and(|n| n == "deps" || n == "examples")
    {
        dir = dir.parent()?;
    }
    for up in dir.ancestors().skip(1).take(2) {
        if up.file_name().is_some_and(|n| n == "target") {
            candidates.push(up.parent()?.join("voices"));
            break;
        }
    }
    candidates
        .into_iter()
        .find(|d| d.is_dir())
        .map(|d| d.canonicalize().unwrap_or(d))
}

/// The pack folder names under `dir` (each holding a `manifest.toml`), sorted.
fn pack_folders(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().join("manifest.toml").is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| is_pack_name(n))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Every pack folder under `dir`, loaded, shipped packs first in their usual order, then
/// others by name.
pub fn load_all(dir: &Path) -> Vec<Result<Pack, ManifestError>> {
    let mut names = pack_folders(dir);
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

/// One pack found on the search path: its folder name, where, and the pack or why not.
pub struct Found {
    /// The folder name.
    pub name: String,
    /// The folder holding it.
    pub dir: VoiceDir,
    /// Whether a folder earlier in the search path has a pack of the same name.
    pub shadowed: bool,
    /// The loaded pack, or why it cannot be loaded.
    pub pack: Result<Pack, ManifestError>,
}

/// Every pack on the search path, in search order; a name found again later is marked
/// shadowed (the earlier one speaks).
pub fn find_all() -> Vec<Found> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for dir in search_path() {
        for (name, pack) in pack_folders(&dir.path).into_iter().map(|n| {
            let p = Pack::load_from(&dir.path.join(&n), dir.origin);
            (n, p)
        }) {
            out.push(Found {
                shadowed: !seen.insert(name.clone()),
                name,
                dir: dir.clone(),
                pack,
            });
        }
    }
    out
}
