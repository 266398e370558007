//! Whisper's tokenizer (GPT-2's byte-level BPE with Whisper's vocabulary), enough to turn a
//! phrase into the token ids the model scores: the text split as GPT-2's pattern splits it
//! (runs of letters, of digits, of other marks, each taking one space before it), each piece
//! as bytes mapped to printable characters, then merged by rank.

use rustc_hash::FxHashMap as HashMap;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

/// The vocabulary and merges of `tokenizer.json`.
pub struct Bpe {
    vocab: HashMap<String, u32>,
    ranks: HashMap<(String, String), usize>,
    special: HashMap<String, u32>,
    byte_char: [char; 256],
    /// Each id's bytes (empty for an id with none), built at the first [`Bpe::decode`]: a
    /// hearing decodes a dozen transcripts, and each built the 50,000-entry inverse anew.
    bytes_of: std::sync::OnceLock<Vec<Vec<u8>>>,
}

/// GPT-2's map from bytes to printable characters (printable Latin-1 stays itself, the rest
/// is moved above U+0100), so every byte string is a string of vocabulary characters.
fn byte_chars() -> [char; 256] {
    let mut out = ['\0'; 256];
    let mut extra = 0u32;
    for b in 0..256u32 {
        let printable =
            (0x21..=0x7e).contains(&b) || (0xa1..=0xac).contains(&b) || (0xae..=0xff).contains(&b);
        out[b as usize] = if printable {
            char::from_u32(b).expect("Latin-1")
        } else {
            extra += 1;
            char::from_u32(255 + extra).expect("below U+0200")
        };
    }
    out
}

/// The parts of `tokenizer.json` the tokenizer needs, read straight into their final
/// types: through a generic JSON tree, the 50,000 words and merges took a fifth of the
/// time the model took to load.
#[derive(Deserialize)]
struct TokenizerFile {
    model: TokenizerModel,
    added_tokens: Vec<AddedToken>,
}

#[derive(Deserialize)]
struct TokenizerModel {
    vocab: HashMap<String, u32>,
    merges: Vec<Merge>,
}

#[derive(Deserialize)]
struct AddedToken {
    id: u32,
    content: String,
}

/// One merge, as older files write it (`"a b"`) or newer ones (`["a", "b"]`).
struct Merge(String, String);

impl<'de> Deserialize<'de> for Merge {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Merge, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = Merge;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a merge, \"a b\" or [\"a\", \"b\"]")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Merge, E> {
                s.split_once(' ')
                    .map(|(a, b)| Merge(a.into(), b.into()))
                    .ok_or_else(|| E::custom(format!("the merge {s:?} has no space")))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Merge, A::Error> {
                let a = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let b = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                Ok(Merge(a, b))
            }
        }
        d.deserialize_any(Either)
    }
}

impl Bpe {
    /// Reads `tokenizer.json` (the Hugging Face format).
    pub fn parse(json: &str) -> Result<Bpe, String> {
        let file: TokenizerFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let vocab = file.model.vocab;
        let mut ranks: HashMap<(String, String), usize> = file
            .model
            .merges
            .into_iter()
            .enumerate()
            .map(|(i, Merge(a, b))| ((a, b), i))
            .collect();
        repair_first_merge(&vocab, &mut ranks);
        let special = file
            .added_tokens
            .into_iter()
            .map(|t| (t.content, t.id))
            .collect();
        Ok(Bpe {
            vocab,
            ranks,
            special,
            byte_char: byte_chars(),
            bytes_of: std::sync::OnceLock::new(),
        })
    }

    /// The id of a special token such as `<|de|>`.
    pub fn special(&self, name: &str) -> Option<u32> {
        self.special.get(name).copied()
    }

    /// The text of `ids` (the inverse of [`Bpe::encode`]).
    pub fn decode(&self, ids: &[u32]) -> String {
        let bytes_of = self.bytes_of.get_or_init(|| {
            // Every vocabulary character is below U+0200 (see [`byte_chars`]).
            let mut char_byte = [None; 512];
            for (b, &c) in self.byte_char.iter().enumerate() {
                char_byte[c as usize] = Some(b as u8);
            }
            let ids = self.vocab.values().max().map_or(0, |&m| m as usize + 1);
            let mut bytes_of = vec![Vec::new(); ids];
            for (token, &id) in &self.vocab {
                bytes_of[id as usize] = token
                    .chars()
                    .filter_map(|c| char_byte.get(c as usize).copied().flatten())
                    .collect();
            }
            bytes_of
        });
        let bytes: Vec<u8> = ids
            .iter()
            .filter_map(|&i| bytes_of.get(i as usize))
            .flatten()
            .copied()
            .collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The ids of `text` (no special tokens). `None` if a piece has no id, which a
    /// byte-level vocabulary never lacks.
    pub fn encode(&self, text: &str) -> Option<Vec<u32>> {
        let mut ids = Vec::new();
        for piece in pieces(text) {
            let chars: String = piece.bytes().map(|b| self.byte_char[b as usize]).collect();
            for tok in self.merge(&chars) {
                ids.push(*self.vocab.get(&tok)?);
            }
        }
        Some(ids)
    }

    fn merge(&self, word: &str) -> Vec<String> {
        let mut parts: Vec<String> = word.chars().map(String::from).collect();
        loop {
            let best = parts
                .windows(2)
                .enumerate()
                .filter_map(|(i, w)| {
                    self.ranks
                        .get(&(w[0].clone(), w[1].clone()))
                        .map(|&r| (r, i))
                })
                .min();
            let Some((_, i)) = best else { break };
            let joined = format!("{}{}", parts[i], parts[i + 1]);
            parts.splice(i..i + 2, [joined]);
        }
        parts
    }
}

/// Puts back a merge the file lost. GPT-2's vocabulary lists each merged token in the order
/// of its merge, from id 256; Whisper base's `tokenizer.json` (as converted for
/// CTranslate2) has 49,999 merges, not 50,000: the first, "Ġ t", is missing (a converter
/// taking the first line of `merges.txt` for its `#version` header), so " takes" was split
/// " ", "t", "akes", three tokens the model never writes, and every English capture phrase
/// scored far below what was said. A token of two characters that no merge makes gets its
/// merge back, ranked before the merge made at the next id.
fn repair_first_merge(vocab: &HashMap<String, u32>, ranks: &mut HashMap<(String, String), usize>) {
    // Only its two characters' merge makes a token of two characters: looking that merge
    // up spares a set of all 50,000 merged tokens (a third of reading the tokenizer).
    let mut lost: Vec<(u32, (String, String))> = vocab
        .iter()
        .filter(|(t, &id)| id >= 256 && t.chars().count() == 2)
        .filter_map(|(t, &id)| {
            let mut c = t.chars();
            let pair = (c.next()?.to_string(), c.next()?.to_string());
            let usable = vocab.contains_key(&pair.0) && vocab.contains_key(&pair.1);
            (usable && !ranks.contains_key(&pair)).then_some((id, pair))
        })
        .collect();
    lost.sort();
    for (id, pair) in lost {
        // The merge that makes token `id + 1` has rank `id + 1 - 257`; this one comes just
        // before it. Ranks are compared only with each other, so they are shifted to make
        // room: every rank moves up by one from there.
        let at = (id as usize).saturating_sub(256);
        for r in ranks.values_mut() {
            if *r >= at {
                *r += 1;
            }
        }
        ranks.insert(pair, at);
    }
}

/// GPT-2's pre-tokenizer for plain phrases: a run of letters, of digits or of other marks,
/// with the one space before it. (The English contractions of the full pattern do not occur
/// in move phrases; an apostrophe inside a Ukrainian word splits it, as the pattern does.)
fn pieces(text: &str) -> Vec<String> {
    #[derive(PartialEq, Clone, Copy)]
    enum Class {
        Letter,
        Digit,
        Other,
        Space,
    }
    let class = |c: char| {
        if c.is_alphabetic() {
            Class::Letter
        } else if c.is_numeric() {
            Class::Digit
        } else if c.is_whitespace() {
            Class::Space
        } else {
            Class::Other
        }
    };
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut cur_class = Class::Space;
    for c in text.chars() {
        let k = class(c);
        if k == Class::Space {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            cur.push(c);
            cur_class = Class::Space;
            continue;
        }
        let continues = k == cur_class || (cur_class == Class::Space && cur == " ");
        if !continues && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
        cur_class = k;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrase_splits_as_gpt2_splits_it() {
        assert_eq!(
            pieces(" Springer Felix drei"),
            [" Springer", " Felix", " drei"]
        );
        assert_eq!(pieces(" knight f3."), [" knight", " f", "3", "."]);
        assert_eq!(pieces(" п'ять"), [" п", "'", "ять"]);
    }

    /// A tokenizer whose merges lost their first, as Whisper base's has: the token that
    /// merge makes is still one token, merged before the merges after it.
    #[test]
    fn a_lost_first_merge_is_put_back() {
        let m = byte_chars();
        let sp = m[b' ' as usize];
        let json = format!(
            r#"{{"model": {{"vocab": {{"{sp}": 220, "t": 83, "a": 64, "{sp}t": 256, "{sp}ta": 257, "ta": 258}},
                "merges": ["{sp}t a", "t a"]}}, "added_tokens": []}}"#
        );
        let bpe = Bpe::parse(&json).expect("parses");
        assert_eq!(bpe.encode(" ta"), Some(vec![257]));
        assert_eq!(bpe.encode(" t"), Some(vec![256]));
        assert_eq!(bpe.encode("ta"), Some(vec![258]));
    }

    /// Newer tokenizer files write each merge as a pair: the same tokens either way, and a
    /// merge that is neither is refused with what it was.
    #[test]
    fn merges_read_as_pairs_or_as_spaced_strings() {
        let sp = byte_chars()[b' ' as usize];
        let json = |merges: &str| {
            format!(
                r#"{{"model": {{"vocab": {{"{sp}": 220, "t": 83, "a": 64, "{sp}t": 256, "{sp}ta": 257}},
                    "merges": {merges}}}, "added_tokens": [{{"id": 50258, "content": "<|startoftranscript|>", "special": true}}]}}"#
            )
        };
        let spaced = Bpe::parse(&json(&format!(r#"["{sp} t", "{sp}t a"]"#))).expect("parses");
        let pairs =
            Bpe::parse(&json(&format!(r#"[["{sp}", "t"], ["{sp}t", "a"]]"#))).expect("parses");
        for bpe in [&spaced, &pairs] {
            assert_eq!(bpe.encode(" ta"), Some(vec![257]));
            assert_eq!(bpe.special("<|startoftranscript|>"), Some(50258));
        }
        let err = Bpe::parse(&json(r#"["ta"]"#)).err().expect("refused");
        assert!(err.contains(r#"the merge "ta" has no space"#), "{err}");
    }

    #[test]
    fn every_byte_has_its_own_character() {
        let m = byte_chars();
        let set: std::collections::HashSet<char> = m.iter().copied().collect();
        assert_eq!(set.len(), 256);
        assert_eq!(m[b' ' as usize], 'Ġ');
        assert_eq!(m[b'a' as usize], 'a');
    }
}
