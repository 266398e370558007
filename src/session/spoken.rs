//! The spoken form of a move read back, in every language vichess speaks: "Springer Felix
//! drei", "knight f3", "castles kingside", "кінь еф три", "Eva schlägt David sechs e.p.".
//!
//! Whatever a voice pack says, the console understands: the words are taken from the packs
//! themselves (display word and spoken respelling of every move token), so a pack's new word
//! is understood without code, and the tests announce moves in every pack and read them back.
//! A few filler words people add ("nach", "to", "на", "nimmt", "бере") are accepted too. The
//! words become SAN and the rules core decides what the move is and why it may not be played:
//! one parser, one set of error messages. Umlauts and their `ae oe ue` spellings, `ё` and `е`,
//! and the apostrophes of Ukrainian are all read alike.

use super::command::{command_words, distance, COMMAND_WORDS};
use crate::phrase::announce::move_phrase;
use crate::phrase::token::Token;
use crate::rules::notation::{parse_move_strict_in, san_in, Lang, MoveError};
use crate::rules::{File, Move, Position, Rank, Role};
use crate::voice::{Pack, PACK_NAMES};
use std::collections::HashMap;
use std::sync::OnceLock;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Item {
    Piece(Role),
    File(File),
    Rank(Rank),
    Capture,
    CastlesShort,
    CastlesLong,
    /// Words that add nothing to the move: check, mate, en passant, "nach", "to".
    Ignore,
}

/// Every word sequence the packs say for a move token, and the fillers.
struct Vocabulary {
    words: HashMap<Vec<String>, Item>,
    /// The most words one entry has ("castles kingside" is two).
    longest: usize,
    /// Word sequences two packs give different meanings (must stay empty: a test checks).
    conflicts: Vec<String>,
}

/// Fillers and synonyms people say that no pack says itself, by language.
const EXTRA: &[(&str, Item)] = &[
    // German, and Appendix D's spellings in other translations.
    ("caesar", Item::File(File::C)),
    ("zäsar", Item::File(File::C)),
    ("cäsar", Item::File(File::C)),
    ("hektor", Item::File(File::H)),
    ("nach", Item::Ignore),
    ("von", Item::Ignore),
    ("auf", Item::Ignore),
    ("wird", Item::Ignore),
    ("nimmt", Item::Capture),
    ("kleine rochade", Item::CastlesShort),
    ("große rochade", Item::CastlesLong),
    // English.
    ("to", Item::Ignore),
    ("from", Item::Ignore),
    ("promotes", Item::Ignore),
    ("captures", Item::Capture),
    ("x", Item::Capture),
    ("castle kingside", Item::CastlesShort),
    ("short castle", Item::CastlesShort),
    ("short castles", Item::CastlesShort),
    ("kingside castling", Item::CastlesShort),
    ("castle queenside", Item::CastlesLong),
    ("long castle", Item::CastlesLong),
    ("long castles", Item::CastlesLong),
    ("queenside castling", Item::CastlesLong),
    ("mate", Item::Ignore),
    // Everywhere: en passant and check marks as typed.
    ("ep", Item::Ignore),
    ("=", Item::Ignore),
    ("+", Item::Ignore),
    ("#", Item::Ignore),
    // Ukrainian.
    ("на", Item::Ignore),
    ("з", Item::Ignore),
    ("із", Item::Ignore),
    ("бере", Item::Capture),
    // Russian.
    ("бьет", Item::Capture),
    ("берет", Item::Capture),
    // Armenian: the verb without its auxiliary.
    ("վերցնում", Item::Capture),
];

/// A word as it is looked up: lower case, umlauts as `ae oe ue`, `ß` as `ss`, `ё` as `е`,
/// every apostrophe as `'`, and no dots ("e.p." and "e.p" are "ep").
fn normalise(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            'ё' => out.push('е'),
            '’' | 'ʼ' | '`' | '′' | '´' => out.push('\''),
            '.' => {}
            c => out.push(c),
        }
    }
    out
}

/// Splits text into looked-up words: blanks and the punctuation of a phrase separate them.
fn split(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '!' | '?' | ';' | ':'))
        .map(normalise)
        .filter(|w| !w.is_empty())
        .collect()
}

fn vocabulary() -> &'static Vocabulary {
    static VOCABULARY: OnceLock<Vocabulary> = OnceLock::new();
    VOCABULARY.get_or_init(|| {
        let mut v = Vocabulary {
            words: HashMap::new(),
            longest: 1,
            conflicts: Vec::new(),
        };
        let mut add = |text: &str, item: Item| {
            let key = split(text);
            if key.is_empty() {
                return;
            }
            v.longest = v.longest.max(key.len());
            match v.words.get(&key) {
                Some(old) if *old != item => v.conflicts.push(key.join(" ")),
                Some(_) => {}
                None => {
                    v.words.insert(key, item);
                }
            }
        };
        let mut tokens: Vec<(Token, Item)> = Vec::new();
        tokens.extend(File::ALL.map(|f| (Token::File(f), Item::File(f))));
        tokens.extend(Rank::ALL.map(|r| (Token::Rank(r), Item::Rank(r))));
        tokens.extend(Role::ALL.map(|r| (Token::Piece(r), Item::Piece(r))));
        tokens.extend([
            (Token::Captures, Item::Capture),
            (Token::EnPassant, Item::Ignore),
            (Token::CastlesShort, Item::CastlesShort),
            (Token::CastlesLong, Item::CastlesLong),
            (Token::Check, Item::Ignore),
            (Token::Mate, Item::Ignore),
        ]);
        for name in PACK_NAMES {
            let Ok(pack) = Pack::builtin(name) else {
                continue;
            };
            for &(token, item) in &tokens {
                add(&pack.word(token), item);
                add(&pack.say(token), item);
            }
        }
        for &(text, item) in EXTRA {
            add(text, item);
        }
        v
    })
}

/// `word` as a word of two or more letters and a rank digit joined to it ("еф3" as "еф" and
/// 3); `None` for anything else, a square ("f3") among them.
fn joined_rank(word: &str) -> Option<(String, Rank)> {
    let (at, digit) = word.char_indices().last()?;
    let rank = Rank::from_char(digit)?;
    let head = &word[..at];
    (head.chars().count() >= 2 && head.chars().all(char::is_alphabetic))
        .then(|| (head.to_string(), rank))
}

/// The items of `words`, longest vocabulary match first; also SAN's squares ("f3"), digits
/// and `x`. `None` when a word is none of these. The flag says whether some word was a real
/// spoken word (not a single Latin letter, a digit or a square), so that "e 4", "B c4" and
/// "e2 e4" stay notation for the rules core.
fn items(words: &[String]) -> Option<(Vec<Item>, bool)> {
    let v = vocabulary();
    let mut out = Vec::new();
    let mut spoken = false;
    let mut i = 0;
    'words: while i < words.len() {
        for n in (1..=v.longest.min(words.len() - i)).rev() {
            if let Some(&item) = v.words.get(&words[i..i + n]) {
                let w = &words[i];
                let notation =
                    n == 1 && (w.chars().count() == 1 && w.is_ascii() || w == "ep" || w == "x");
                spoken |= !notation;
                out.push(item);
                i += n;
                continue 'words;
            }
        }
        // "еф3", "Eva4": a file's name typed with its rank joined on, as a square is typed.
        if let Some((head, rank)) = joined_rank(&words[i]) {
            if let Some(&Item::File(f)) = v.words.get(std::slice::from_ref(&head)) {
                spoken = true;
                out.extend([Item::File(f), Item::Rank(rank)]);
                i += 1;
                continue;
            }
        }
        let mut cs = words[i].chars();
        match (cs.next(), cs.next(), cs.next()) {
            (Some(f), Some(r), None) => {
                // "ладья а3", "кінь д2": a square typed on a Cyrillic keyboard after a word
                // of the packs. Alone ("д4", "ж3") it stays notation, whose reader says the
                // square does not exist rather than guess at the letter.
                out.push(Item::File(File::from_char(file_letter(f))?));
                out.push(Item::Rank(Rank::from_char(r)?));
            }
            (Some(r), None, None) => out.push(Item::Rank(Rank::from_char(r)?)),
            _ => return None,
        }
        i += 1;
    }
    Some((out, spoken))
}

fn piece_letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Queen => 'Q',
        Role::Rook => 'R',
        Role::Bishop => 'B',
        Role::Knight => 'N',
        Role::Pawn => 'P',
    }
}

/// The SAN (with English letters) that the spoken words mean, or `None` when the text is not
/// in the spoken form (then it is some other notation, for the rules core to read).
pub fn spoken_to_san(text: &str) -> Option<String> {
    let words = split(text);
    let (items, spoken) = items(&words)?;
    if !spoken {
        return None;
    }
    let items: Vec<Item> = items.into_iter().filter(|i| *i != Item::Ignore).collect();
    match items.first() {
        Some(Item::CastlesShort) if items.len() == 1 => return Some("O-O".into()),
        Some(Item::CastlesLong) if items.len() == 1 => return Some("O-O-O".into()),
        _ => {}
    }
    let mut san = String::new();
    let mut squares = false;
    for (i, it) in items.iter().enumerate() {
        match *it {
            Item::Piece(Role::Pawn) if i == 0 => {}
            Item::Piece(p) if i == 0 => san.push(piece_letter(p)),
            Item::Piece(p) if squares && i == items.len() - 1 && p != Role::Pawn => {
                san.push('=');
                san.push(piece_letter(p));
            }
            Item::Piece(_) | Item::CastlesShort | Item::CastlesLong => return None,
            Item::File(f) => {
                squares = true;
                san.push(f.char());
            }
            Item::Rank(r) => {
                squares = true;
                san.push(r.char());
            }
            Item::Capture => san.push('x'),
            Item::Ignore => {}
        }
    }
    squares.then_some(san)
}

/// A rank said in any pack's words or as a digit ("eins", "чотири", "4"), for the read-out
/// commands (`rank eins`).
pub fn spoken_rank(text: &str) -> Option<Rank> {
    match items(&split(text))?.0.as_slice() {
        [Item::Rank(r)] => Some(*r),
        _ => None,
    }
}

/// A man named in any pack's words ("Springer", "кінь", "king"), to answer which of two
/// moves was meant.
pub fn spoken_role(text: &str) -> Option<Role> {
    match items(&split(text))?.0.as_slice() {
        [Item::Piece(r)] => Some(*r),
        _ => None,
    }
}

/// A file said in any pack's words or as a letter ("Eva", "еф", "e").
pub fn spoken_file(text: &str) -> Option<File> {
    let words = split(text);
    if let [word] = words.as_slice() {
        let mut cs = word.chars();
        if let (Some(c), None) = (cs.next(), cs.next()) {
            // "вертикаль д": one Cyrillic letter typed for the file.
            if let Some(f) = File::from_char(file_letter(c)).filter(|_| !c.is_ascii()) {
                return Some(f);
            }
        }
    }
    match items(&words)?.0.as_slice() {
        [Item::File(f)] => Some(*f),
        _ => None,
    }
}

/// A square said in any pack's words ("Eva vier", "еф три") or written ("e4").
pub fn spoken_square(text: &str) -> Option<crate::rules::Square> {
    let read = |text: &str| match items(&split(text))?.0.as_slice() {
        [Item::File(f), Item::Rank(r)] => Some(crate::rules::Square::from_coords(*f, *r)),
        _ => None,
    };
    // "е4" typed on a Russian or Ukrainian keyboard: the Cyrillic letter that looks like a
    // file is that file, as a typed move takes it.
    read(text).or_else(|| {
        let latin: String = text.chars().map(latin_lookalike).collect();
        (latin != text).then(|| read(&latin)).flatten()
    })
}

/// The file a Cyrillic letter stands for when a Russian or Ukrainian player types a square
/// on their own keyboard ("кінь д2"): the Latin letter it looks like ([`latin_lookalike`]),
/// or the letter the file's name is heard as in Russian and Ukrainian (`б` бэ/бе, `ц`
/// цэ/це, `д` дэ/де, `э` for e, `ф` эф/еф, `г` ге, `ж` же). Lower case only: a capital `Ф` or `С` before a square is a piece's
/// letter. Else `c` itself. Only beside words of the packs ("кінь д2", "вертикаль д"): a
/// SAN move with such a letter ("Кж3", "д4") is still refused as naming no square.
fn file_letter(c: char) -> char {
    match c {
        'б' => 'b',
        'ц' => 'c',
        'д' => 'd',
        'э' => 'e',
        'ф' => 'f',
        // Ukrainian writes g with ґ, and х is the letter a player reaches for to write h.
        'г' | 'ж' | 'ґ' => 'g',
        'х' => 'h',
        other => latin_lookalike(other),
    }
}

/// The square `square` ("б4", "ж3") with its Cyrillic file letter read as [`file_letter`]
/// reads it ("b4", "g3"), when that is a square of the board.
pub(super) fn latin_square(square: &str) -> Option<String> {
    let mut chars = square.chars();
    let file = file_letter(chars.next()?);
    let rank = chars.as_str();
    (('a'..='h').contains(&file) && matches!(rank, "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8"))
        .then(|| format!("{file}{rank}"))
}

/// The Latin file letter a Cyrillic letter looks like (`а`, `с`, `е`, `һ`), else `c` itself.
fn latin_lookalike(c: char) -> char {
    match c {
        'а' | 'А' => 'a',
        'с' | 'С' => 'c',
        'е' | 'Е' => 'e',
        'һ' => 'h',
        other => other,
    }
}

/// `text` with each word that is no move word replaced by the nearest one, if every word
/// then is one and something changed: "Springer Felix drie" becomes "springer felix drei".
/// Words of one or two letters are never respelt (they are too easily something else).
fn respell(text: &str) -> Option<String> {
    let v = vocabulary();
    let known: Vec<&String> = v.words.keys().flatten().collect();
    let mut changed = false;
    let mut out = Vec::new();
    for w in split(text) {
        let is_square = items(std::slice::from_ref(&w)).is_some();
        if is_square || known.contains(&&w) {
            out.push(w);
            continue;
        }
        let limit = match w.chars().count() {
            0..=2 => return None,
            3..=5 => 1,
            _ => 2,
        };
        let (d, best) = known
            .iter()
            .filter(|k| k.chars().count() > 2)
            .map(|k| (distance(&w, k), *k))
            .min()?;
        if d > limit {
            return None;
        }
        changed = true;
        out.push(best.clone());
    }
    changed.then(|| out.join(" "))
}

/// What to offer for input that is neither a command nor a move (issue 11, finding 6): a
/// spoken move with a misspelt word as the pack announces it, else the command word (the
/// pack's language or English) or legal move (SAN in `lang`'s letters) nearest to the text,
/// if one is close enough to be a typo.
pub fn suggestion(pos: &Position, text: &str, pack: &Pack, lang: Lang) -> Option<String> {
    if let Some(fixed) = respell(text) {
        if let Ok(m) = parse_any(pos, &fixed, lang) {
            return Some(pack.text(&move_phrase(pos, &m)));
        }
    }
    let typed = text.trim().to_lowercase();
    let first = typed.split_whitespace().next()?.to_string();
    // How far a candidate may be: half the length of what it is compared with, 1 to 3.
    let limit = |s: &str| (s.chars().count() / 2).clamp(1, 3);
    let mut best: Option<(usize, String)> = None;
    // And fewer than half the letters may differ: "nein" is no typo of "zeit", nor "աաաա"
    // of "արագ", though each is two letters away.
    let close = |d: usize, cand: &str, against: &str| {
        d * 2 < cand.chars().count().max(against.chars().count())
    };
    let mut consider = |cand: String, against: &str| {
        let d = distance(against, &cand.to_lowercase());
        if d <= limit(against)
            && close(d, &cand, against)
            && best.as_ref().is_none_or(|(bd, _)| d < *bd)
        {
            best = Some((d, cand));
        }
    };
    // A command word is measured against the first word only: "David fnf" is no typo of
    // a four-letter word just because the whole line is long.
    for w in offered_commands(pack.language()) {
        consider(w.to_string(), &first);
    }
    for m in pos.legal_moves() {
        consider(san_in(pos, &m, lang), &typed);
    }
    best.map(|(_, cand)| cand)
}

/// The commands a typo may be answered with (issue 24, item 10): those that only ask or
/// change how vichess speaks. A garbled move must never be met with "quit", "resign",
/// "save", a draw, a claim or a press: the player might type the offer as it stands.
const HARMLESS: &[&str] = &[
    "help", "time", "count", "last", "moves", "board", "where", "rank", "file", "square", "repeat",
    "faster", "slower", "clocks", "hint", "eval", "threats", "review",
];

/// The harmless command words in the game's own language only (English in English games):
/// a German game is offered „zeit“, never "time" or "save".
fn offered_commands(lang: crate::phrase::Language) -> impl Iterator<Item = &'static str> {
    // `command_words` lists the language's own words first, in `COMMAND_WORDS`'s order.
    command_words(lang)
        .into_iter()
        .zip(COMMAND_WORDS)
        .filter(|(_, (en, _))| HARMLESS.contains(en))
        .map(|(word, _)| word)
}

/// The legal move `text` names, in the spoken form or any notation the rules core reads.
/// A capture mark or word on a move that takes nothing is refused
/// ([`parse_move_strict_in`]): what a player types or says is the record (8.1.1).
pub fn parse_any(pos: &Position, text: &str, lang: Lang) -> Result<Move, MoveError> {
    if let Some(castling) = bare_castling(pos, text) {
        return castling;
    }
    match spoken_to_san(text) {
        Some(san) => parse_move_strict_in(pos, &san, Lang::En),
        None => parse_move_strict_in(pos, text, lang),
    }
}

/// "рокировка", "Rochade", "castles": castling said without its side. The only castling
/// allowed is that one; with both allowed the player is asked which ("короткая рокировка
/// или длинная рокировка?", as for two men to one square); with neither, the short one's
/// reason is given. `None` when `text` is not such a word.
fn bare_castling(pos: &Position, text: &str) -> Option<Result<Move, MoveError>> {
    const WORDS: [&str; 7] = [
        "rochade",
        "castles",
        "castle",
        "castling",
        "рокировка",
        "рокіровка",
        "փոխատեղում",
    ];
    let words = split(text);
    let [word] = words.as_slice() else {
        return None;
    };
    if !WORDS.contains(&word.as_str()) {
        return None;
    }
    let castlings: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Castle { .. }))
        .collect();
    Some(match castlings.as_slice() {
        [one] => Ok(*one),
        [] => parse_move_strict_in(pos, "O-O", Lang::En),
        _ => Err(MoveError::Ambiguous {
            text: text.to_string(),
            candidates: vec!["O-O".to_string(), "O-O-O".to_string()],
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_appendix_d_examples_become_san() {
        let cases = [
            ("Springer Felix drei", "Nf3"),
            ("Kurze Rochade", "O-O"),
            ("Lange Rochade", "O-O-O"),
            ("Eva schlaegt David fuenf", "exd5"),
            ("Eva schlägt David fünf", "exd5"),
            ("David acht Dame", "d8=Q"),
            ("Bauer Eva vier", "e4"),
            ("Springer Gustav Felix drei", "Ngf3"),
            ("Läufer Cäsar vier Schach", "Bc4"),
            ("Turm Anna 1", "Ra1"),
        ];
        for (spoken, san) in cases {
            assert_eq!(spoken_to_san(spoken).as_deref(), Some(san), "{spoken}");
        }
    }

    #[test]
    fn other_notations_are_not_taken_for_speech() {
        for text in [
            "e4",
            "Nf3",
            "e2 e4",
            "O-O",
            "Springer",
            "Felix blau drei",
            "B c4",
            "e 4",
        ] {
            assert_eq!(spoken_to_san(text), None, "{text}");
        }
    }

    #[test]
    fn a_misspelt_spoken_move_is_offered_as_the_pack_says_it() {
        let pos = Position::default();
        let de = Pack::builtin("de-fide").unwrap();
        let got = suggestion(&pos, "Springer nach Felix drie", &de, Lang::De);
        assert_eq!(got.as_deref(), Some("Springer Felix drei"));
        let uk = Pack::builtin("uk").unwrap();
        let got = suggestion(&pos, "кінь еф трі", &uk, Lang::Uk);
        assert_eq!(got.as_deref(), Some("кінь еф три"));
        let en = Pack::builtin("en").unwrap();
        assert_eq!(
            suggestion(&pos, "tme", &en, Lang::En).as_deref(),
            Some("time")
        );
        assert_eq!(
            suggestion(&pos, "zeitt", &de, Lang::De).as_deref(),
            Some("zeit")
        );
        assert_eq!(
            suggestion(&pos, "Nf4", &en, Lang::En).as_deref(),
            Some("Nf3")
        );
        assert_eq!(suggestion(&pos, "opponent", &en, Lang::En), None);
    }

    /// A word must never be read as one thing in one language and another elsewhere.
    #[test]
    fn no_word_means_two_things_across_the_packs() {
        assert_eq!(vocabulary().conflicts, Vec::<String>::new());
    }
}
