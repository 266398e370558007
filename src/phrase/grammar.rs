//! Per-language rules for ordering and printing a phrase, read from a pack's `[grammar]`.
//!
//! The phrase builders make language-independent token lists; where a language needs another
//! word order (German and Armenian put the verb of an instruction last, Armenian puts "from" /
//! "on" after the square) the builders ask these flags, and the printed line follows them. The
//! rules are data in the manifest, so a new pack needs no code.

use super::token::{Punct, Token};
use serde::Deserialize;

/// How a pack's language puts tokens together, from its manifest's `[grammar]` table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Grammar {
    /// Print a file and the rank after it as one word, as SAN does ("f3"). Packs that spell
    /// squares as words ("Felix drei", "эф три") keep the space.
    pub compact_squares: bool,
    /// Print ", " before the check or mate word ("bishop takes c6, check").
    pub comma_before_check: bool,
    /// Instructions put the verb last ("weissen Springer von Felix drei entfernen").
    pub verb_last: bool,
    /// "from" and "on" follow the square ("f3 դաշտից").
    pub postposition: bool,
    /// The definite article `-ը` becomes `-ն` before a word that opens with a vowel
    /// (Armenian: "սպիտակներն են", not "սպիտակները են"). Words come from separate tokens
    /// ("white" and "to move"), so only the joined line can apply it.
    pub article_n_before_vowel: bool,
    /// A label's colon is the language's own mark: Armenian writes "՝" ("սպիտակները՝ երկու
    /// րոպե", as its sentences in the pack do), not the Latin ":".
    pub armenian_colon: bool,
    /// A sentence ends in the language's own full stop: Armenian "։" ("սպիտակները՝ ձիեր b1
    /// և g1։ սևերը՝ ..."), as the pack's sentences do. A move number's dot stays ".".
    pub armenian_full_stop: bool,
    /// A draw offer is said as a sentence with the side as its subject ("белые предлагают
    /// ничью"), not as the label "предложение ничьей: белые", which reads clipped in
    /// Russian and Ukrainian. See [`Grammar::arrange`].
    pub side_offers_draw: bool,
}

impl Grammar {
    /// The mark `p` is printed as in this language.
    pub fn mark(&self, p: Punct) -> &'static str {
        match p {
            Punct::Colon if self.armenian_colon => "՝",
            Punct::Stop if self.armenian_full_stop => "։",
            _ => p.mark(),
        }
    }
}

impl Grammar {
    /// The phrase in this language's order. The builders write a draw offer as the label
    /// "draw offer: White" (`DrawOffer`, colon, side: the recorded word the announcement
    /// is heard in); with [`Grammar::side_offers_draw`] it becomes the side and
    /// `OffersDraw`. Done where a phrase is printed and said, so that every builder of an
    /// offer (the announcement, the read-out, a refusal, the recorded agreement) follows it.
    pub fn arrange<'a>(&self, phrase: &'a [Token]) -> std::borrow::Cow<'a, [Token]> {
        use super::token::Word;
        let label = |w: &[Token]| {
            matches!(
                w,
                [
                    Token::Word(Word::DrawOffer),
                    Token::Punct(Punct::Colon),
                    Token::Side(_)
                ]
            )
        };
        if !self.side_offers_draw || !phrase.windows(3).any(label) {
            return std::borrow::Cow::Borrowed(phrase);
        }
        let mut out = Vec::with_capacity(phrase.len());
        let mut i = 0;
        while i < phrase.len() {
            if label(&phrase[i..phrase.len().min(i + 3)]) {
                out.extend([phrase[i + 2], Token::Word(Word::OffersDraw)]);
                i += 3;
            } else {
                out.push(phrase[i]);
                i += 1;
            }
        }
        std::borrow::Cow::Owned(out)
    }
}

/// Armenian letters that open a word with a vowel, for the article rule: ա ե է ը ի ո օ,
/// `ու` (opening with ո) and `և`.
const ARMENIAN_VOWELS: [char; 8] = ['ա', 'ե', 'է', 'ը', 'ի', 'ո', 'օ', 'և'];

/// Applies [`Grammar::article_n_before_vowel`] where `next` follows `out` after a space.
fn article_before(out: &mut String, next: &str, grammar: &Grammar) {
    if grammar.article_n_before_vowel && out.ends_with('ը') && next.starts_with(ARMENIAN_VOWELS) {
        out.pop();
        out.push('ն');
    }
}

impl Grammar {
    /// [`Grammar::article_n_before_vowel`] over a line made of words, not of tokens (the
    /// arbiter's report writes its lines from the pack's words with `format!`): "սևերը
    /// առաջարկում են" becomes "սևերն առաջարկում են". A word with a mark after it keeps its
    /// article, as a pause follows.
    pub fn with_articles(&self, line: &str) -> String {
        if !self.article_n_before_vowel {
            return line.to_string();
        }
        let mut out = String::with_capacity(line.len());
        for (i, word) in line.split(' ').enumerate() {
            if i > 0 {
                article_before(&mut out, word, self);
                out.push(' ');
            }
            out.push_str(word);
        }
        out
    }
}

/// Joins the display words of a phrase into one line. `word` gives a token's display text.
pub fn join<'a>(
    phrase: &[Token],
    grammar: &Grammar,
    mut word: impl FnMut(Token) -> std::borrow::Cow<'a, str>,
) -> String {
    let phrase = &*grammar.arrange(phrase);
    let mut out = String::new();
    let mut prev: Option<Token> = None;
    for &t in phrase {
        match t {
            Token::Punct(p) => {
                out.push_str(grammar.mark(p));
            }
            _ => {
                let w = word(t);
                // An optional word the language leaves out ([`Token::is_optional`]).
                if w.is_empty() {
                    continue;
                }
                let glue = match (prev, t) {
                    (None, _) => "",
                    (Some(Token::File(_)), Token::Rank(_)) if grammar.compact_squares => "",
                    (Some(Token::Punct(_)), Token::Check | Token::Mate) => " ",
                    (Some(_), Token::Check | Token::Mate) if grammar.comma_before_check => ", ",
                    _ => " ",
                };
                if glue == " " && !matches!(prev, Some(Token::Punct(_))) {
                    article_before(&mut out, &w, grammar);
                }
                out.push_str(glue);
                out.push_str(&w);
            }
        }
        prev = Some(t);
    }
    out
}

/// Joins spoken words for a speech engine: every token apart, punctuation kept so that the
/// engine pauses, and squares never run together ("eff three", not "effthree").
pub fn join_spoken<'a>(
    phrase: &[Token],
    grammar: &Grammar,
    mut say: impl FnMut(Token) -> std::borrow::Cow<'a, str>,
) -> String {
    let phrase = &*grammar.arrange(phrase);
    let mut out = String::new();
    for (i, &t) in phrase.iter().enumerate() {
        match t {
            Token::Punct(p) => out.push_str(p.mark()),
            Token::Check | Token::Mate
                if grammar.comma_before_check
                    && i > 0
                    && !matches!(phrase[i - 1], Token::Punct(_)) =>
            {
                out.push_str(", ");
                out.push_str(&say(t));
            }
            _ => {
                let w = say(t);
                if w.is_empty() {
                    continue;
                }
                if !out.is_empty() {
                    if i > 0 && !matches!(phrase[i - 1], Token::Punct(_)) {
                        article_before(&mut out, &w, grammar);
                    }
                    out.push(' ');
                }
                out.push_str(&w);
            }
        }
    }
    out
}

/// Punctuation as a token, for builders.
pub const COMMA: Token = Token::Punct(Punct::Comma);
/// A colon, after a label.
pub const COLON: Token = Token::Punct(Punct::Colon);
/// The end of a sentence another follows.
pub const STOP: Token = Token::Punct(Punct::Stop);
/// A semicolon, between two instructions.
pub const SEMICOLON: Token = Token::Punct(Punct::Semicolon);
