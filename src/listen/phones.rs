//! Which spoken words sound alike to the en-us model, judged on the pronunciation
//! dictionary's phones. Both recognisers miss the same sounds: the first consonant of a
//! letter's name ("bee", "dee", "ee"; "бэ", "дэ", "же") and a sound at a word's end that
//! noise can stand in for ("а" and "аш", the hiss of "ш" being what white noise sounds
//! like). Where two moves differ only in such words, the two recognisers agreeing says
//! little: on the logs of seeds 68 to 86 they read the Russian pack's "дэ три" at 20 dB as
//! "бэ три" together, and eSpeak NG's English "queen d6" as "queen bee six".

use std::collections::HashMap;
use std::sync::OnceLock;

/// The en-us model's vowels; every other phone is a consonant (or a glide, "Y" and "W",
/// which count as consonants here: "е" is "Y EH", and it rhymes with "дэ").
const VOWELS: [&str; 15] = [
    "AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
];

/// Each word's pronunciations in the compiled-in dictionary.
fn dictionary() -> &'static HashMap<String, Vec<Vec<&'static str>>> {
    static WORDS: OnceLock<HashMap<String, Vec<Vec<&'static str>>>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: HashMap<String, Vec<Vec<&'static str>>> = HashMap::new();
        for line in super::sphinx::DICTIONARY.lines() {
            let mut parts = line.split_whitespace();
            let Some(word) = parts.next() else { continue };
            let word = word.split('(').next().unwrap_or(word).to_string();
            words.entry(word).or_default().push(parts.collect());
        }
        words
    })
}

/// The phones from the first vowel on: what is left when the first consonants are missed.
fn rhyme<'a>(phones: &'a [&'a str]) -> &'a [&'a str] {
    let first = phones
        .iter()
        .position(|p| VOWELS.contains(p))
        .unwrap_or(phones.len());
    &phones[first..]
}

/// Whether one of two phone sequences begins the other.
fn begins(a: &[&str], b: &[&str]) -> bool {
    a.len().min(b.len()) > 0 && (a.starts_with(b) || b.starts_with(a))
}

/// Whether two pronunciations sound alike: the same but for their first consonants ("B IY",
/// "D IY", "IY"), or one the other with sounds added at its end, before or after those
/// consonants are missed ("AA" and "AA SH"; "EH" and "EH F").
fn phones_alike(a: &[&str], b: &[&str]) -> bool {
    begins(a, b) || begins(rhyme(a), rhyme(b))
}

/// Whether two dictionary words sound alike in any of their pronunciations. A word the
/// dictionary does not have is taken as alike to anything: nothing is known against it.
pub fn words_alike(a: &str, b: &str) -> bool {
    any_pronunciations(a, b, phones_alike)
}

/// Whether two dictionary words rhyme: the same but for their first consonants, the
/// confusion both recognisers make in a quiet room too. A sound added at one word's end
/// ("а" and "аш") is not enough, as it is for [`words_alike`]: without noise nothing
/// stands in for it. Nor is a hiss at one word's start where the other has none
/// ([`hiss_apart`]).
pub fn words_rhyme(a: &str, b: &str) -> bool {
    let apart = hiss_apart();
    any_pronunciations(a, b, |x, y| {
        rhyme(x) == rhyme(y) && !(apart && hissed(x) != hissed(y))
    })
}

/// The hissing consonants: a tenth of a second or more of loud noise, where a stop
/// ("B", "D", "G") is a burst of a few milliseconds and a glide ("Y") none.
const HISSES: [&str; 6] = ["S", "Z", "SH", "ZH", "CH", "JH"];

/// Whether a pronunciation begins with a hiss before its first vowel ("T S EH", "ZH EH",
/// "JH IY").
fn hissed(phones: &[&str]) -> bool {
    let onset = &phones[..phones.len() - rhyme(phones).len()];
    onset.iter().any(|p| HISSES.contains(p))
}

/// Whether, in a quiet recording, two letter names that rhyme but of which only one begins with a
/// hiss ("же" and "е", "це" and "де", "gee" and "bee") are told apart: what both
/// recognisers miss is a stop's short burst, and a hiss without noise around it is not
/// that. Noise is what white noise's hiss could stand in for, and a noisy recording is
/// never quiet ([`super::agree::QUIET_DEPTH_DB`]). Names that both hiss ("цэ" and "же")
/// or neither ("бэ" and "дэ", where eSpeak NG's clean "queen d6" was read as Qb6 by both)
/// still rhyme. `VICHESS_HISS_APART=0` turns this off, for the closed loop.
fn hiss_apart() -> bool {
    super::switch::var_os("VICHESS_HISS_APART").is_none_or(|v| v != "0")
}

fn any_pronunciations(a: &str, b: &str, alike: impl Fn(&[&str], &[&str]) -> bool) -> bool {
    let words = dictionary();
    let (Some(pa), Some(pb)) = (words.get(a), words.get(b)) else {
        return true;
    };
    pa.iter().any(|x| pb.iter().any(|y| alike(x, y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letter_names_that_rhyme_or_run_on_are_alike() {
        for (a, b) in [
            ("bee", "dee"),
            ("dee", "ee"),
            ("gee", "see"),
            ("ay", "aitch"),
            ("бэ", "дэ"),
            ("е", "дэ"),
            ("же", "цэ"),
            ("а", "аш"),
            ("эф", "бэ"),
            ("бе", "де"),
            ("ah", "hah"),
        ] {
            assert!(words_alike(a, b), "{a} and {b}");
        }
    }

    #[test]
    fn names_apart_are_not_alike() {
        for (a, b) in [
            ("anna", "bella"),
            ("eva", "cesar"),
            ("felix", "hector"),
            ("david", "gustav"),
            ("eff", "ee"),
            ("эф", "аш"),
            ("аш", "бэ"),
            ("еф", "а"),
            ("ay", "ee"),
        ] {
            assert!(!words_alike(a, b), "{a} and {b}");
        }
    }

    #[test]
    fn names_that_only_run_on_do_not_rhyme() {
        for (a, b) in [("bee", "dee"), ("dee", "ee"), ("бэ", "дэ"), ("же", "цэ")] {
            assert!(words_rhyme(a, b), "{a} and {b}");
        }
        for (a, b) in [("а", "аш"), ("эф", "бэ"), ("anna", "bella"), ("еф", "е")] {
            assert!(!words_rhyme(a, b), "{a} and {b}");
        }
    }

    #[test]
    fn a_hiss_at_one_names_start_only_does_not_rhyme() {
        for (a, b) in [
            ("же", "е"),
            ("це", "де"),
            ("цэ", "бэ"),
            ("gee", "bee"),
            ("see", "ee"),
        ] {
            assert!(!words_rhyme(a, b), "{a} and {b}");
            assert!(words_alike(a, b), "{a} and {b} still alike in noise");
        }
        for (a, b) in [("цэ", "же"), ("gee", "see"), ("бе", "де")] {
            assert!(words_rhyme(a, b), "{a} and {b}");
        }
    }

    #[test]
    fn an_unknown_word_is_alike_to_anything() {
        assert!(words_alike("bee", "no-such-word"));
    }
}
