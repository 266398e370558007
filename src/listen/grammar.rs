//! What can be heard in a position: every legal move as the packs of the game's language
//! announce it (the same `phrase::announce` rules, so the recogniser hears exactly the words
//! vichess says), with the variants players use, plus the console's commands. Each phrasing
//! maps back to its meaning, and the whole set becomes one JSGF grammar.
//!
//! The variants: the short form (Appendix D's minimum) and the long form (pawn word, whole
//! from-square), each with or without the capture word, the check or mate word and "en
//! passant", since all of these are optional (C.13). The words are the packs' `say` forms,
//! lower-cased: what a speech engine is given, so "fuenf" rather than "fünf" in de-fide.

use super::heard::Meaning;
use crate::phrase::announce::{move_phrase_with, AnnounceOptions};
use crate::phrase::token::Token;
use crate::phrase::Language;
use crate::rules::Position;
use crate::session::COMMAND_WORDS;
use crate::voice::Pack;
use std::collections::{BTreeMap, HashSet};

/// The console commands offered by voice: those a player needs with hands busy. Their
/// canonical keywords; the spoken word is the language's own from [`COMMAND_WORDS`].
pub const VOICE_COMMANDS: &[&str] = &[
    "help", "time", "count", "last", "moves", "board", "repeat", "pause", "draw", "resign",
    "takeback", "press",
];

/// The pack folders whose words a game in `language` is heard in: German games accept both
/// the Appendix D names (de-fide) and the letters (de).
pub fn pack_names(language: Language) -> &'static [&'static str] {
    match language {
        Language::De => &["de-fide", "de"],
        Language::En => &["en"],
        Language::Uk => &["uk"],
        Language::Ru => &["ru"],
        Language::Hy => &["hy"],
    }
}

/// Every language's packs for hearing ([`pack_names`]): the user's installed pack of that
/// name, else the built-in one. Both recognisers build their phrases from these, so they
/// are read once a process: each reading parsed nine manifests from the disk.
pub fn packs_by_language(
) -> Result<std::collections::HashMap<Language, Vec<Pack>>, super::heard::EarError> {
    static READ: std::sync::OnceLock<
        Result<std::collections::HashMap<Language, Vec<Pack>>, super::heard::EarError>,
    > = std::sync::OnceLock::new();
    READ.get_or_init(read_packs_by_language).clone()
}

fn read_packs_by_language(
) -> Result<std::collections::HashMap<Language, Vec<Pack>>, super::heard::EarError> {
    let mut packs: std::collections::HashMap<Language, Vec<Pack>> = Default::default();
    for lang in Language::ALL {
        for name in pack_names(lang) {
            let pack = Pack::open(name)
                .or_else(|_| Pack::builtin(name))
                .map_err(|e| super::heard::EarError::Model(e.to_string()))?;
            packs.entry(lang).or_default().push(pack);
        }
    }
    Ok(packs)
}

/// The packs of `language` whose file names the en-us model cannot tell apart: the German
/// letters ("ah", "beh", "zeh", "deh", "eh", "eff", "geh", "hah") and the Armenian ones
/// ("ա", "բե", "ցե", "դե", "է", "էֆ", "գե", "աշ"): most one or two phones apart, and an
/// English model hears their vowels and stops loosely; the closed loop heard them as each
/// other (German "König f7" as "König geh sieben", Armenian "h4" as "ա չորս"). Their phrases
/// stay in the grammar, so letter speech lands on them rather than on another move's words,
/// but a reading with such a word is never taken. (The Russian and Ukrainian letters are
/// alike, but the closed loop heard none of them as another move.)
pub fn doubtful_packs(language: Language) -> &'static [&'static str] {
    match language {
        Language::De => &["de"],
        Language::Hy => &["hy"],
        _ => &[],
    }
}

/// The words of `packs` that [`doubtful_packs`] marks: their file names, as the grammar
/// spells them, less any word a trusted pack of `all` also uses for a file.
pub fn doubtful_words(language: Language, all: &[&Pack]) -> HashSet<String> {
    let files = |p: &Pack| -> Vec<String> {
        crate::rules::File::ALL
            .iter()
            .map(|f| p.say(Token::File(*f)).to_lowercase())
            .collect()
    };
    let doubtful = doubtful_packs(language);
    let trusted: HashSet<String> = all
        .iter()
        .filter(|p| !doubtful.contains(&p.name()))
        .flat_map(|p| files(p))
        .collect();
    all.iter()
        .filter(|p| doubtful.contains(&p.name()))
        .flat_map(|p| files(p))
        .filter(|w| !trusted.contains(w))
        .collect()
}

/// Everything that can be heard in one position: each word sequence and what it means (a
/// sequence two moves share keeps both, so the player is asked).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Heard {
    /// Word sequence (space-separated, lower case) to its meanings.
    pub phrases: BTreeMap<String, Vec<Meaning>>,
}

/// How the grammar writes a pack's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    /// The `say` forms, lower case ("springer felix fuenf"): what a pronunciation
    /// dictionary is looked up with.
    Say,
    /// The display words as printed ("Springer Felix fünf", "конь е5"): what a recogniser
    /// that writes text (Whisper) is held to.
    Text,
}

impl Heard {
    /// The phrasings of `pos`'s legal moves in `packs`' words and of the commands in
    /// `language`, keeping only phrases whose every word `known` accepts (has a
    /// pronunciation).
    pub fn build(
        pos: &Position,
        packs: &[&Pack],
        language: Language,
        known: &dyn Fn(&str) -> bool,
    ) -> Heard {
        Heard::build_spelled(pos, packs, language, known, Spelling::Say)
    }

    /// [`Heard::build`] with the words spelled as `spelling` says.
    pub fn build_spelled(
        pos: &Position,
        packs: &[&Pack],
        language: Language,
        known: &dyn Fn(&str) -> bool,
        spelling: Spelling,
    ) -> Heard {
        let mut heard = Heard::default();
        for m in pos.legal_moves() {
            let mut seen = HashSet::new();
            for pack in packs {
                for variant in phrasings(pos, &m) {
                    let words = match spelling {
                        Spelling::Say => spoken(pack, &variant),
                        Spelling::Text => written(pack, &variant),
                    };
                    if seen.insert(words.clone()) {
                        heard.add(words, Meaning::Move(m), known);
                    }
                }
            }
        }
        for (keyword, words) in COMMAND_WORDS {
            if !VOICE_COMMANDS.contains(keyword) {
                continue;
            }
            let word = match language {
                Language::En => keyword,
                Language::De => &words[0],
                Language::Uk => &words[1],
                Language::Ru => &words[2],
                Language::Hy => &words[3],
            };
            heard.add(
                match spelling {
                    Spelling::Say => word.to_lowercase(),
                    Spelling::Text => word.to_string(),
                },
                Meaning::Command(keyword.to_string()),
                known,
            );
        }
        heard
    }

    fn add(&mut self, words: String, meaning: Meaning, known: &dyn Fn(&str) -> bool) {
        if words.is_empty() || !words.split(' ').all(known) {
            return;
        }
        let meanings = self.phrases.entry(words).or_default();
        if !meanings.contains(&meaning) {
            meanings.push(meaning);
        }
    }

    /// The meanings of a recognised word sequence (empty for one outside the grammar).
    pub fn meanings(&self, words: &str) -> &[Meaning] {
        let key = words.split_whitespace().collect::<Vec<_>>().join(" ");
        self.phrases.get(&key).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The grammar in JSGF: one public rule, one alternative per phrase.
    pub fn jsgf(&self) -> String {
        let mut out = String::from("#JSGF V1.0;\ngrammar vichess;\npublic <utterance> =\n");
        let alts: Vec<String> = self
            .phrases
            .keys()
            .map(|p| format!("    ( {p} )"))
            .collect();
        out.push_str(&alts.join(" |\n"));
        out.push_str(";\n");
        out
    }
}

/// Every way a move may be announced, as tokens: the short form (Appendix D's minimum) and
/// the long form (pawn word, whole from-square), each with and without each optional word.
pub fn phrasings(pos: &Position, m: &crate::rules::Move) -> Vec<Vec<Token>> {
    let forms = [
        AnnounceOptions::default(),
        AnnounceOptions {
            pawn_word: true,
            full_from_square: false,
        },
        AnnounceOptions {
            pawn_word: false,
            full_from_square: true,
        },
        AnnounceOptions {
            pawn_word: true,
            full_from_square: true,
        },
    ];
    let mut out: Vec<Vec<Token>> = Vec::new();
    for opts in forms {
        for variant in optional_variants(&move_phrase_with(pos, m, opts)) {
            if !out.contains(&variant) {
                out.push(variant);
            }
        }
    }
    out
}

/// The token list with every combination of its optional tokens (capture, en passant, check
/// or mate) left out, the full one first.
fn optional_variants(tokens: &[Token]) -> Vec<Vec<Token>> {
    let optional: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            matches!(
                t,
                Token::Captures | Token::EnPassant | Token::Check | Token::Mate
            )
        })
        .map(|(i, _)| i)
        .collect();
    (0..1u32 << optional.len())
        .map(|drop| {
            tokens
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    optional
                        .iter()
                        .position(|o| o == i)
                        .is_none_or(|bit| drop & (1 << bit) == 0)
                })
                .map(|(_, t)| *t)
                .collect()
        })
        .collect()
}

/// The words a pack prints for the tokens ("Springer schlägt e5"), one space apart,
/// without punctuation.
pub fn written(pack: &Pack, tokens: &[Token]) -> String {
    pack.text(tokens)
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, ',' | '.' | '!' | '?' | '։' | ':')))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words a pack says for the tokens, lower case, one space apart.
pub fn spoken(pack: &Pack, tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| pack.say(*t).to_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Square};

    fn find(pos: &Position, from: Square, to: Square) -> Move {
        pos.legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.to() == to)
            .expect("legal")
    }

    fn heard(pos: &Position, lang: Language) -> Heard {
        let packs: Vec<Pack> = pack_names(lang)
            .iter()
            .map(|n| Pack::builtin(n).unwrap())
            .collect();
        let refs: Vec<&Pack> = packs.iter().collect();
        Heard::build(pos, &refs, lang, &|_| true)
    }

    #[test]
    fn a_move_is_heard_short_long_and_in_both_german_packs() {
        let pos = Position::new();
        let h = heard(&pos, Language::De);
        let nf3 = Meaning::Move(find(&pos, Square::G1, Square::F3));
        for words in [
            "springer felix drei",
            "springer gustav eins felix drei",
            "springer eff drei",
            "springer geh eins eff drei",
        ] {
            assert_eq!(h.meanings(words), std::slice::from_ref(&nf3), "{words}");
        }
        let e4 = Meaning::Move(find(&pos, Square::E2, Square::E4));
        assert_eq!(h.meanings("bauer eva vier"), std::slice::from_ref(&e4));
        assert_eq!(h.meanings("eva vier"), std::slice::from_ref(&e4));
        // Illegal here: never in the grammar.
        assert!(h.meanings("springer felix sechs").is_empty());
        assert!(h.meanings("eva fuenf").is_empty());
        let packs: Vec<Pack> = pack_names(Language::De)
            .iter()
            .map(|n| Pack::builtin(n).unwrap())
            .collect();
        let refs: Vec<&Pack> = packs.iter().collect();
        let doubtful = doubtful_words(Language::De, &refs);
        for w in ["ah", "beh", "zeh", "deh", "eh", "eff", "geh", "hah"] {
            assert!(doubtful.contains(w), "{w}");
        }
        assert!(!doubtful.contains("eva") && !doubtful.contains("drei"));
        assert!(doubtful_words(Language::En, &[&Pack::builtin("en").unwrap()]).is_empty());
        let hy = doubtful_words(Language::Hy, &[&Pack::builtin("hy").unwrap()]);
        assert!(
            hy.contains("ա") && hy.contains("աշ") && hy.len() == 8,
            "{hy:?}"
        );
        assert_eq!(h.meanings("zeit"), &[Meaning::Command("time".into())]);
        assert!(h.jsgf().contains("( springer felix drei )"));
    }

    /// A player whose hands are on the pegboard completes the move by voice, in the game's
    /// language; with the words the dictionary has, PocketSphinx hears it too.
    #[test]
    fn the_clock_is_pressed_by_voice_in_every_language() {
        let pos = Position::new();
        let press = [Meaning::Command("press".into())];
        for (lang, word) in [
            (Language::De, "drücken"),
            (Language::En, "press"),
            (Language::Uk, "натиснути"),
            (Language::Ru, "нажать"),
            (Language::Hy, "սեղմել"),
        ] {
            assert_eq!(heard(&pos, lang).meanings(word), press, "{word}");
            #[cfg(feature = "listen")]
            {
                let known: HashSet<&str> = crate::listen::sphinx::DICTIONARY
                    .lines()
                    .filter_map(|l| l.split_whitespace().next())
                    .collect();
                assert!(known.contains(word), "{word} is not in the dictionary");
            }
        }
    }

    #[test]
    fn capture_check_and_en_passant_words_are_optional() {
        // White e5 pawn can take d6 en passant; Black king on e7 ... keep it simple: exd6 e.p.
        let pos = Position::from_fen(
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            crate::rules::CastlingMode::Standard,
        )
        .unwrap();
        let h = heard(&pos, Language::En);
        let ep = Meaning::Move(find(&pos, Square::E5, Square::D6));
        for words in [
            "ee takes dee six en passant",
            "ee dee six",
            "ee takes dee six",
            "pawn ee five takes dee six en passant",
        ] {
            assert_eq!(h.meanings(words), std::slice::from_ref(&ep), "{words}");
        }
        let pos = Position::from_fen(
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            crate::rules::CastlingMode::Standard,
        )
        .unwrap();
        let h = heard(&pos, Language::En);
        let check = Meaning::Move(find(&pos, Square::A1, Square::A8));
        assert_eq!(
            h.meanings("rook ay eight check"),
            std::slice::from_ref(&check)
        );
        assert_eq!(h.meanings("rook ay eight"), std::slice::from_ref(&check));
    }

    #[test]
    fn words_without_a_pronunciation_leave_their_phrases_out() {
        let pos = Position::new();
        let packs = [Pack::builtin("de-fide").unwrap()];
        let refs: Vec<&Pack> = packs.iter().collect();
        let h = Heard::build(&pos, &refs, Language::De, &|w| w != "springer");
        assert!(h.meanings("springer felix drei").is_empty());
        assert!(!h.meanings("eva vier").is_empty());
    }
}
