//! Why the rules core refused a move, in the game's language (issue 24, item 11). The rules
//! crate stays free of words: its `MoveError` value carries the men and squares, and this
//! module puts them into the pack's sentence for the reason. Each sentence is a pack word
//! with places (`{piece}`, `{to}`, ...) filled by the pack's own words for men and sides,
//! always in the form a label takes, so no language has to inflect them.

use crate::phrase::token::{Token, Word};
use crate::rules::game::{ClaimVerdict, Occurrence};
use crate::rules::notation::{CastlingRefusal, MoveError};
use crate::rules::{CastlingSide, Color, Move, Piece, Role};
use crate::voice::Pack;

/// The detailed reason for a refused move, in `pack`'s words, to print after the short
/// spoken one; `None` where the short one says all (text that is no move, an ambiguity,
/// whose candidates are said instead, a capture mark on no capture).
pub fn move_error_words(pack: &Pack, e: &MoveError) -> Option<String> {
    let man = |p: Piece| pack.text(&[Token::Man(p)]);
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
            &[("piece", man(*piece)), ("to", to.to_string())],
        ),
        MoveError::NotThere { piece, from } => fill(
            Word::WhyNotThere,
            &[("piece", man(*piece)), ("from", from.to_string())],
        ),
        MoveError::EmptySquare { from } => {
            fill(Word::WhyEmptySquare, &[("from", from.to_string())])
        }
        MoveError::NotYours { piece, from, turn } => fill(
            Word::WhyNotYours,
            &[
                ("piece", man(*piece)),
                ("from", from.to_string()),
                ("side", side(*turn)),
            ],
        ),
        MoveError::CannotReach { piece, from, to } => fill(
            Word::WhyCannotReach,
            &[
                ("piece", man(*piece)),
                ("from", from.to_string()),
                ("to", to.to_string()),
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
                ("to", to.to_string()),
                ("occupant", man(*occupant)),
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
                ("from", from.to_string()),
                ("pinner", man(*pinner)),
                ("pinner_square", pinner_square.to_string()),
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
            &[("text", text.clone()), ("to", to.to_string())],
        ),
        MoveError::BadPromotionPiece(r) => fill(Word::WhyBadPromotion, &[("role", role(*r))]),
        MoveError::NotLastRank { to, color } => fill(
            Word::WhyNotLastRank,
            &[("to", to.to_string()), ("side", side(*color))],
        ),
        MoveError::NotAPawn(r) => fill(Word::WhyNotAPawn, &[("role", role(*r))]),
    })
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
    let attacked = |attacker: &Option<(Piece, crate::rules::Square)>| match attacker {
        Some((piece, sq)) => fill(
            Word::WhyAttackedBy,
            &[("piece", man(*piece)), ("square", sq.to_string())],
        ),
        None => fill(Word::WhyAttacked, &[]),
    };
    match reason {
        CastlingRefusal::KingMoved => fill(Word::WhyCastleKingMoved, &[]),
        CastlingRefusal::RookGone(sq) => {
            fill(Word::WhyCastleRookGone, &[("square", sq.to_string())])
        }
        CastlingRefusal::RightLost => fill(Word::WhyCastleRightLost, &[]),
        CastlingRefusal::RookMoved => fill(Word::WhyCastleRookMoved, &[]),
        CastlingRefusal::Occupied(sq, piece) => fill(
            Word::WhyCastleOccupied,
            &[("piece", man(*piece)), ("square", sq.to_string())],
        ),
        CastlingRefusal::InCheck => fill(Word::WhyCastleInCheck, &[]),
        CastlingRefusal::Crosses { square, attacker } => {
            fill(Word::WhyCastleCrosses, &[("square", square.to_string())]) + &attacked(attacker)
        }
        CastlingRefusal::LandsOn { square, attacker } => {
            fill(Word::WhyCastleLandsOn, &[("square", square.to_string())]) + &attacked(attacker)
        }
    }
}

/// Why an arbiter refused a draw claim (9.2, 9.3), in `pack`'s words: the rules core's
/// verdict carries the counted evidence, this puts it into the game's sentences, said live
/// and written in the report in the game's language (the play-test's item 3).
pub fn claim_verdict_words(pack: &Pack, verdict: &ClaimVerdict) -> String {
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
            &[("n", n.to_string())],
        ),
    };
    let repetition = |intended: &Option<Move>, occurrences: &[Occurrence]| {
        let position = match intended {
            Some(m) => fill(Word::ClaimWhyPositionAfter, &[("move", m.to_string())]),
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
                ("count", occurrences.len().to_string()),
                ("when", list),
            ],
        )
    };
    let fifty = |intended: &Option<Move>, plies: u32| {
        let count = fill(Word::ClaimWhyFifty, &[("count", plies.to_string())]);
        match intended {
            Some(m) => format!(
                "{}, {count}",
                fill(Word::ClaimWhyAfter, &[("move", m.to_string())])
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
            fill(Word::ClaimWhyIllegalMove, &[("move", m.to_string())])
        }
        ClaimVerdict::GameOver(_) => fill(Word::ClaimWhyGameOver, &[]),
    }
}
