//! Why the rules core refused a move, in the game's language (issue 24, item 11). The rules
//! crate stays free of words: its `MoveError` value carries the men and squares, and this
//! module puts them into the pack's sentence for the reason. Each sentence is a pack word
//! with places (`{piece}`, `{to}`, ...) filled by the pack's own words for men and sides,
//! always in the form a label takes, so no language has to inflect them; `{a_piece}` (and
//! `{a_occupant}`, `{a_pinned}`) is the man with the indefinite article where the pack has
//! that form ("ein schwarzer Bauer", "eine weiße Dame"), so a German sentence is whole.

use crate::phrase::number::{counting, ordinal_after};
use crate::phrase::time::say_times;
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::game::{ClaimVerdict, Occurrence};
use crate::rules::notation::{CastlingRefusal, MoveError};
use crate::rules::{CastlingSide, Color, Move, Piece, Role, Square};
use crate::voice::Pack;

/// The detailed reason for a refused move, in `pack`'s words, to print after the short
/// spoken one; `None` where the short one says all (text that is no move, an ambiguity,
/// whose candidates are said instead, a capture mark on no capture).
pub fn move_error_words(pack: &Pack, e: &MoveError) -> Option<String> {
    let man = |p: Piece| pack.text(&[Token::Man(p)]);
    // "ein schwarzer Bauer" where the language's sentence needs the article; the label
    // itself where the pack has no such form.
    let a_man = |p: Piece| pack.text(&[Token::ManIndefinite(p)]);
    // "սպիտակ թագուհին": the one man a sentence means, with Armenian's definite article
    // (the only pack that names `{the_piece}`).
    let the_man = |p: Piece| armenian_definite(&man(p));
    let king = |c: Color| man(Role::King.of(c));
    let role = |r: Role| pack.text(&[Token::Piece(r)]);
    let side = |c: Color| pack.text(&[Token::Side(c)]);
    let fill = |word: Word, places: &[(&str, String)]| {
        let mut text = pack.text(&[Token::Word(word)]);
        for (name, value) in places {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    };
    Some(match e {
        // A capture mark on no capture is refused in one line that names the move meant
        // (`Outbox::refuse_move`): nothing is left to add.
        MoveError::Syntax(_) | MoveError::Ambiguous { .. } | MoveError::NoCapture { .. } => {
            return None
        }
        MoveError::Empty => fill(Word::WhyEmpty, &[]),
        MoveError::DrawOfferMark { text } => {
            fill(Word::WhyDrawOfferMark, &[("text", text.clone())])
        }
        MoveError::NoPiece { piece, to } => fill(
            Word::WhyNoPiece,
            &[
                ("piece", man(*piece)),
                ("a_piece", a_man(*piece)),
                ("to", square_words(pack, *to)),
            ],
        ),
        MoveError::NotThere { piece, from } => fill(
            Word::WhyNotThere,
            &[
                ("piece", man(*piece)),
                ("a_piece", a_man(*piece)),
                ("from", square_words(pack, *from)),
            ],
        ),
        MoveError::EmptySquare { from } => {
            fill(Word::WhyEmptySquare, &[("from", square_words(pack, *from))])
        }
        MoveError::NotYours { piece, from, turn } => fill(
            Word::WhyNotYours,
            &[
                ("piece", man(*piece)),
                ("the_piece", the_man(*piece)),
                ("a_piece", a_man(*piece)),
                ("from", square_words(pack, *from)),
                ("side", side(*turn)),
            ],
        ),
        MoveError::CannotReach { piece, from, to } => fill(
            Word::WhyCannotReach,
            &[
                ("piece", man(*piece)),
                ("the_piece", the_man(*piece)),
                ("a_piece", a_man(*piece)),
                ("from", square_words(pack, *from)),
                ("to", square_words(pack, *to)),
            ],
        ),
        MoveError::Blocked {
            piece,
            from,
            to,
            blocker,
            at,
        } => fill(
            Word::WhyBlocked,
            &[
                ("piece", man(*piece)),
                ("the_piece", the_man(*piece)),
                ("a_piece", a_man(*piece)),
                ("from", square_words(pack, *from)),
                ("to", square_words(pack, *to)),
                ("blocker", man(*blocker)),
                ("a_blocker", a_man(*blocker)),
                ("at", square_words(pack, *at)),
            ],
        ),
        MoveError::OwnManThere {
            piece,
            to,
            occupant,
        } => fill(
            Word::WhyOwnManThere,
            &[
                ("piece", man(*piece)),
                ("a_piece", a_man(*piece)),
                ("to", square_words(pack, *to)),
                ("occupant", man(*occupant)),
                ("a_occupant", a_man(*occupant)),
            ],
        ),
        MoveError::StillInCheck { san, color } => fill(
            Word::WhyStillInCheck,
            &[("san", san.clone()), ("king", king(*color))],
        ),
        MoveError::Pinned {
            san,
            color,
            role: pinned,
            from,
            pinner,
            pinner_square,
        } => fill(
            Word::WhyPinned,
            &[
                ("san", san.clone()),
                ("king", king(*color)),
                ("pinned", role(*pinned)),
                ("the_pinned", armenian_definite(&role(*pinned))),
                ("a_pinned", a_man(pinned.of(*color))),
                ("from", square_words(pack, *from)),
                ("pinner", man(*pinner)),
                ("pinner_square", square_words(pack, *pinner_square)),
            ],
        ),
        MoveError::IntoCheck { san, color } => fill(
            Word::WhyIntoCheck,
            &[("san", san.clone()), ("king", king(*color))],
        ),
        MoveError::ExposesKing { san, color } => fill(
            Word::WhyExposesKing,
            &[("san", san.clone()), ("king", king(*color))],
        ),
        MoveError::Castling {
            color,
            side: castling,
            reason,
        } => fill(
            match castling {
                CastlingSide::KingSide => Word::WhyCastlingShort,
                CastlingSide::QueenSide => Word::WhyCastlingLong,
            },
            &[
                ("side", side(*color)),
                ("reason", castling_words(pack, reason)),
            ],
        ),
        MoveError::PromotionMissing { text, to } => fill(
            Word::WhyPromotionMissing,
            &[("text", text.clone()), ("to", square_words(pack, *to))],
        ),
        MoveError::BadPromotionPiece(r) => fill(Word::WhyBadPromotion, &[("role", role(*r))]),
        MoveError::NotLastRank { to, color } => fill(
            Word::WhyNotLastRank,
            &[("to", square_words(pack, *to)), ("side", side(*color))],
        ),
        MoveError::NotAPawn(r) => fill(Word::WhyNotAPawn, &[("role", role(*r))]),
    })
}

/// A square as the pack's lines write it: in the words it announces moves with where those
/// are not in Latin letters ("де п'ять" where a move is "кінь де п'ять"), so a line never
/// writes Latin letters beside the Cyrillic of its moves; "d5" where the files are Latin
/// (German, English, Armenian, and Appendix D's names, which name Latin letters).
pub(crate) fn square_words(pack: &Pack, sq: Square) -> String {
    if pack.word(Token::File(sq.file())).is_ascii() {
        return sq.to_string();
    }
    pack.text(&[Token::File(sq.file()), Token::Rank(sq.rank())])
}

/// Why castling is barred (3.8.2), in the pack's words.
fn castling_words(pack: &Pack, reason: &CastlingRefusal) -> String {
    let fill = |word: Word, places: &[(&str, String)]| {
        let mut text = pack.text(&[Token::Word(word)]);
        for (name, value) in places {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    };
    let man = |p: Piece| pack.text(&[Token::Man(p)]);
    let a_man = |p: Piece| pack.text(&[Token::ManIndefinite(p)]);
    let attacked = |attacker: &Option<(Piece, crate::rules::Square)>| match attacker {
        Some((piece, sq)) => fill(
            Word::WhyAttackedBy,
            &[("piece", man(*piece)), ("square", square_words(pack, *sq))],
        ),
        None => fill(Word::WhyAttacked, &[]),
    };
    match reason {
        CastlingRefusal::KingMoved => fill(Word::WhyCastleKingMoved, &[]),
        CastlingRefusal::RookGone(sq) => fill(
            Word::WhyCastleRookGone,
            &[("square", square_words(pack, *sq))],
        ),
        CastlingRefusal::RightLost => fill(Word::WhyCastleRightLost, &[]),
        CastlingRefusal::RookMoved => fill(Word::WhyCastleRookMoved, &[]),
        CastlingRefusal::Occupied(sq, piece) => fill(
            Word::WhyCastleOccupied,
            &[
                ("piece", man(*piece)),
                ("a_piece", a_man(*piece)),
                ("square", square_words(pack, *sq)),
            ],
        ),
        CastlingRefusal::InCheck => fill(Word::WhyCastleInCheck, &[]),
        CastlingRefusal::Crosses { square, attacker } => {
            fill(
                Word::WhyCastleCrosses,
                &[("square", square_words(pack, *square))],
            ) + &attacked(attacker)
        }
        CastlingRefusal::LandsOn { square, attacker } => {
            fill(
                Word::WhyCastleLandsOn,
                &[("square", square_words(pack, *square))],
            ) + &attacked(attacker)
        }
    }
}

/// Why an arbiter refused a draw claim (9.2, 9.3), in `pack`'s words: the rules core's
/// verdict carries the counted evidence, this puts it into the game's sentences, said live
/// and written in the report in the game's language (the play-test's item 3). The move
/// written with the claim is said as announced (`said`), the counts in words.
pub fn claim_verdict_words(pack: &Pack, verdict: &ClaimVerdict, said: Option<&Phrase>) -> String {
    let lang = pack.language();
    let said_move = |m: &Move| match said {
        Some(phrase) => pack.text(phrase),
        None => m.to_string(),
    };
    let fill = |word: Word, places: &[(&str, String)]| {
        let mut text = pack.text(&[Token::Word(word)]);
        for (name, value) in places {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    };
    let when = |o: &Occurrence| match o.after {
        None => fill(Word::ClaimWhyAtStart, &[]),
        Some((n, side)) => fill(
            side.fold(Word::ClaimWhyAfterWhite, Word::ClaimWhyAfterBlack),
            &[("nth", ordinal_after(u64::from(n), lang))],
        ),
    };
    let repetition = |intended: &Option<Move>, occurrences: &[Occurrence]| {
        let position = match intended {
            Some(m) => fill(Word::ClaimWhyPositionAfter, &[("move", said_move(m))]),
            None => fill(Word::ClaimWhyThisPosition, &[]),
        };
        let list: Vec<String> = occurrences.iter().map(&when).collect();
        let list = if list.is_empty() {
            fill(Word::ClaimWhyNever, &[])
        } else {
            list.join(", ")
        };
        fill(
            Word::ClaimWhyRepetition,
            &[
                ("position", position),
                ("count", say_times(occurrences.len() as u32, lang)),
                ("when", list),
            ],
        )
    };
    let fifty = |intended: &Option<Move>, plies: u32| {
        let count = fill(
            Word::ClaimWhyFifty,
            &[("count", counting(plies.into(), lang))],
        );
        match intended {
            Some(m) => format!(
                "{}, {count}",
                fill(Word::ClaimWhyAfter, &[("move", said_move(m))])
            ),
            None => count,
        }
    };
    match verdict {
        ClaimVerdict::RepetitionCorrect {
            intended,
            occurrences,
        }
        | ClaimVerdict::RepetitionIncorrect {
            intended,
            occurrences,
        } => repetition(intended, occurrences),
        ClaimVerdict::FiftyMovesCorrect {
            intended,
            quiet_plies,
        }
        | ClaimVerdict::FiftyMovesIncorrect {
            intended,
            quiet_plies,
        } => fifty(intended, *quiet_plies),
        ClaimVerdict::IllegalIntendedMove(m) => {
            fill(Word::ClaimWhyIllegalMove, &[("move", said_move(m))])
        }
        ClaimVerdict::GameOver(_) => fill(Word::ClaimWhyGameOver, &[]),
    }
}

/// `word` with the Armenian definite article: "-ն" after a vowel ("թագուհին", "ձին",
/// "արքան"; "ու" ends in "ւ"), "-ը" after a consonant ("զինվորը", "փիղը").
fn armenian_definite(word: &str) -> String {
    match word.chars().last() {
        Some('ա' | 'ե' | 'է' | 'ի' | 'ո' | 'օ' | 'ւ') => format!("{word}ն"),
        Some(_) => format!("{word}ը"),
        None => String::new(),
    }
}

/// What stopped a game, as the journal names it (`SIGINT`, `SIGHUP`, `SIGTERM`), in
/// `pack`'s words for a listener: a screen reader reading "SIGINT" says nothing to a
/// player. Ctrl+C is the key's own name in every language; another signal keeps its name.
pub fn interruption_words(pack: &Pack, signal: &str) -> String {
    match signal {
        "SIGINT" => "Ctrl+C".to_string(),
        "SIGHUP" => pack.text(&[Token::Word(Word::SignalHangup)]),
        "SIGTERM" => pack.text(&[Token::Word(Word::SignalTerm)]),
        other => other.to_string(),
    }
}
