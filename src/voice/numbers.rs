//! Number words from clips, so times, counts and move numbers are said in the pack's own
//! voice and not by a second engine cutting in mid-sentence.
//!
//! A pack's `[numbers]` table gives a clip for every word piece the number grammar
//! (`phrase::number`, `phrase::time`) uses up to 99, the hundreds up to 300 and the unit
//! nouns. A longer word is said as the pieces it is made of: German writes
//! "zweihundertdreiundvierzig" as one word, heard as "zweihundert" + "dreiundvierzig".

use crate::phrase::number::{cardinal, counting, Gender};
use crate::phrase::{say_duration, say_move_count, Language, SayOptions};
use std::collections::BTreeSet;

/// The highest move number whose pieces every pack must have.
pub const MOVE_NUMBERS_UP_TO: u64 = 300;

/// Every word piece a pack needs so that seconds and minutes up to 59, hours, tenths, move
/// counts and move numbers up to [`MOVE_NUMBERS_UP_TO`] are all said from clips.
pub fn needed_words(lang: Language) -> BTreeSet<String> {
    let mut texts: Vec<String> = Vec::new();
    for n in (0..=99).chain([100, 200, 300]) {
        texts.push(counting(n, lang));
        for g in [Gender::Masculine, Gender::Feminine, Gender::Neuter] {
            texts.push(cardinal(n, lang, g));
        }
    }
    for n in 0..=99u32 {
        texts.push(say_move_count(n, lang));
    }
    let tenths = SayOptions {
        tenths: true,
        hours: true,
    };
    for t in 0..600u64 {
        texts.push(say_duration(t * 100, lang, tenths));
    }
    for m in 1..=59u64 {
        texts.push(say_duration(m * 60_000, lang, SayOptions::default()));
    }
    for h in 1..=9u64 {
        texts.push(say_duration(h * 3_600_000, lang, SayOptions::default()));
    }
    let mut pieces: BTreeSet<String> = texts
        .iter()
        .flat_map(|t| t.split_whitespace())
        .map(str::to_string)
        .collect();
    // Above a hundred, a word the pieces already make up needs no clip of its own; what they
    // cannot make ("and" in "one hundred and one") gets one.
    for n in 101..=MOVE_NUMBERS_UP_TO {
        let mut more = vec![counting(n, lang)];
        more.extend(
            [Gender::Masculine, Gender::Feminine, Gender::Neuter].map(|g| cardinal(n, lang, g)),
        );
        for text in more {
            for w in text.split_whitespace() {
                if segment(w, |p| pieces.contains(p)).is_none() {
                    pieces.insert(w.to_string());
                }
            }
        }
    }
    pieces
}

/// `word` as a sequence of pieces that `has` knows, fewest pieces first (longest match).
pub fn segment(word: &str, has: impl Fn(&str) -> bool) -> Option<Vec<&str>> {
    if has(word) {
        return Some(vec![word]);
    }
    let ends: Vec<usize> = word
        .char_indices()
        .map(|(i, _)| i)
        .skip(1)
        .chain([word.len()])
        .collect();
    // best[i]: the fewest pieces covering word[..i].
    let mut best: Vec<Option<Vec<&str>>> = vec![None; word.len() + 1];
    best[0] = Some(Vec::new());
    let starts: Vec<usize> = std::iter::once(0).chain(ends.iter().copied()).collect();
    for &i in &starts {
        let Some(prefix) = best[i].clone() else {
            continue;
        };
        for &j in ends.iter().filter(|&&j| j > i) {
            let piece = &word[i..j];
            if has(piece) {
                let mut v = prefix.clone();
                v.push(piece);
                if best[j].as_ref().is_none_or(|b| b.len() > v.len()) {
                    best[j] = Some(v);
                }
            }
        }
    }
    best.pop().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_to_300_are_made_of_needed_pieces() {
        for lang in [
            Language::De,
            Language::En,
            Language::Uk,
            Language::Ru,
            Language::Hy,
        ] {
            let words = needed_words(lang);
            for n in 1..=MOVE_NUMBERS_UP_TO {
                let text = counting(n, lang);
                for w in text.split_whitespace() {
                    assert!(
                        segment(w, |p| words.contains(p)).is_some(),
                        "{lang:?} {n}: {w}"
                    );
                }
            }
        }
    }

    #[test]
    fn german_compounds_split_into_known_pieces() {
        let has = |p: &str| ["zweihundert", "dreiundvierzig", "hundert", "eins"].contains(&p);
        assert_eq!(
            segment("zweihundertdreiundvierzig", has),
            Some(vec!["zweihundert", "dreiundvierzig"])
        );
        assert_eq!(segment("hunderteins", has), Some(vec!["hundert", "eins"]));
        assert_eq!(segment("hundertzwei", has), None);
    }
}
