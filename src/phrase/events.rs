//! Phrases for what happens around the moves: game ends, illegal moves and why, touched men,
//! penalties, the clock's readings, and guidance when the two boards disagree (D.2.9).
//!
//! Like move phrases these are language-independent tokens; the few that need a language's
//! word order (instructions: "remove", "put") take the pack's [`Grammar`].

use super::grammar::{Grammar, COLON, COMMA, SEMICOLON};
use super::token::{Phrase, Token, Word};
use crate::rules::clock::ClockEvent;
use crate::rules::game::{ClaimKind, Status};
use crate::rules::notation::MoveError;
use crate::rules::{Board, Color, Piece, Square};

fn square(sq: Square) -> [Token; 2] {
    [Token::File(sq.file()), Token::Rank(sq.rank())]
}

/// How the game ended, when it ended by itself (Art. 5, 9.6): "Matt, Weiß gewinnt",
/// "Patt, Remis". Empty while the game goes on.
pub fn status_phrase(status: Status) -> Phrase {
    let draw = |w: Word| vec![Token::Word(w), COMMA, Token::Word(Word::Draw)];
    match status {
        Status::Ongoing => Vec::new(),
        Status::Checkmate { winner } => vec![
            Token::Word(Word::Checkmate),
            COMMA,
            Token::Side(winner),
            Token::Word(Word::Wins),
        ],
        Status::Stalemate => draw(Word::Stalemate),
        Status::DeadPosition => draw(Word::DeadPosition),
        Status::FivefoldRepetition => draw(Word::FivefoldRepetition),
        Status::SeventyFiveMoves => draw(Word::SeventyFiveMoves),
    }
}

/// A correct draw claim (Art. 9.2, 9.3): "threefold repetition, draw".
pub fn claim_phrase(kind: ClaimKind) -> Phrase {
    let w = match kind {
        ClaimKind::ThreefoldRepetition => Word::ThreefoldRepetition,
        ClaimKind::FiftyMoves => Word::FiftyMoves,
    };
    vec![Token::Word(w), COMMA, Token::Word(Word::Draw)]
}

/// A flag fall (Art. 6.9): the side whose flag fell, then the result: the opponent wins,
/// unless no series of legal moves lets the opponent mate, which is a draw.
pub fn flag_fall_phrase(side: Color, opponent_can_mate: bool) -> Phrase {
    let mut out = vec![flag_fell(side), COMMA];
    if opponent_can_mate {
        out.extend([Token::Side(!side), Token::Word(Word::Wins)]);
    } else {
        out.push(Token::Word(Word::Draw));
    }
    out
}

/// "White's flag fell", "у білих упав прапорець": one word per side, since the side is in
/// the genitive in most languages.
pub fn flag_fell(side: Color) -> Token {
    Token::Word(match side {
        Color::White => Word::FlagFellWhite,
        Color::Black => Word::FlagFellBlack,
    })
}

/// "no knights", "keine Springer", "коней немає".
pub fn none_of(role: crate::rules::Role) -> Token {
    use crate::rules::Role;
    Token::Word(match role {
        Role::Pawn => Word::NoPawns,
        Role::Knight => Word::NoKnights,
        Role::Bishop => Word::NoBishops,
        Role::Rook => Word::NoRooks,
        Role::Queen => Word::NoQueens,
        Role::King => Word::NoKings,
    })
}

/// "White resigns".
pub fn resign_phrase(side: Color) -> Phrase {
    vec![Token::Side(side), Token::Word(Word::Resigns)]
}

/// "draw offer: White".
pub fn draw_offer_phrase(side: Color) -> Phrase {
    vec![Token::Word(Word::DrawOffer), COLON, Token::Side(side)]
}

/// Why a move was refused, as one word of the vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The move would leave or put the own king in check, or not get it out of check.
    KingInCheck,
    /// No man of that kind can go there.
    NoSuchMove,
    /// The square named holds no man.
    NoPiece,
    /// The man named belongs to the opponent.
    NotYourPiece,
    /// Castling is barred now (3.8.2) or for good.
    CastlingNotAllowed,
    /// Two men could make the move: which one?
    Ambiguous,
    /// Neither a move nor a command.
    NotUnderstood,
    /// Art. 4.3: a touched man must be moved.
    TouchMove,
    /// A pawn reached the last rank and the new piece was not named.
    PromotionMissing,
    /// The man moves that way, but another stands on its way (the detail names it).
    Blocked,
}

impl Refusal {
    /// The vocabulary word that says the reason.
    pub fn word(self) -> Word {
        match self {
            Refusal::KingInCheck => Word::ReasonKingInCheck,
            Refusal::NoSuchMove => Word::ReasonNoSuchMove,
            Refusal::Blocked => Word::ReasonBlocked,
            Refusal::NoPiece => Word::ReasonNoPiece,
            Refusal::NotYourPiece => Word::ReasonNotYourPiece,
            Refusal::CastlingNotAllowed => Word::ReasonCastlingNotAllowed,
            Refusal::Ambiguous => Word::ReasonAmbiguous,
            Refusal::NotUnderstood => Word::ReasonNotUnderstood,
            Refusal::TouchMove => Word::ReasonTouchMove,
            Refusal::PromotionMissing => Word::ReasonPromotionMissing,
        }
    }

    /// The short reason for the rules core's detailed refusal. The detailed message stays
    /// the printed explanation; this is what fits in a spoken phrase.
    pub fn from_move_error(e: &MoveError) -> Refusal {
        match e {
            MoveError::StillInCheck { .. }
            | MoveError::Pinned { .. }
            | MoveError::IntoCheck { .. }
            | MoveError::ExposesKing { .. } => Refusal::KingInCheck,
            MoveError::Castling { .. } => Refusal::CastlingNotAllowed,
            MoveError::PromotionMissing { .. } => Refusal::PromotionMissing,
            MoveError::Blocked { .. } => Refusal::Blocked,
            MoveError::EmptySquare { .. } | MoveError::NotThere { .. } => Refusal::NoPiece,
            MoveError::NotYours { .. } => Refusal::NotYourPiece,
            MoveError::Ambiguous { .. } => Refusal::Ambiguous,
            MoveError::Empty | MoveError::Syntax(_) | MoveError::DrawOfferMark { .. } => {
                Refusal::NotUnderstood
            }
            _ => Refusal::NoSuchMove,
        }
    }
}

/// A move refused by the rules, as the pack says it: "not understood" for text that is no
/// move, "which piece?" for one that fits several, "name the promotion piece" for a pawn
/// move to the last rank that named none (a move not yet whole, not an illegal one: the
/// piece word alone completes it), else "illegal move" and the reason.
pub fn move_refused(e: &MoveError) -> Phrase {
    match Refusal::from_move_error(e) {
        r @ (Refusal::NotUnderstood | Refusal::Ambiguous | Refusal::PromotionMissing) => {
            vec![Token::Word(r.word())]
        }
        r => illegal_move_phrase(r),
    }
}

/// "illegal move, the king would be in check".
pub fn illegal_move_phrase(why: Refusal) -> Phrase {
    vec![
        Token::Word(Word::IllegalMove),
        COMMA,
        Token::Word(why.word()),
    ]
}

/// A man lifted from its hole (D.2.2) or touched (Art. 4.3): "touched: white knight g1".
pub fn touched_phrase(piece: Piece, at: Square) -> Phrase {
    let mut out = vec![Token::Word(Word::Touched), COLON, Token::Man(piece)];
    out.extend(square(at));
    out
}

/// The touch-move rule reminded: "touched piece must move, white knight g1".
pub fn touch_move_phrase(piece: Piece, at: Square) -> Phrase {
    let mut out = vec![Token::Word(Word::ReasonTouchMove), COMMA, Token::Man(piece)];
    out.extend(square(at));
    out
}

/// A time penalty for `side` (Art. 12.9): "penalty: White, two minutes".
pub fn penalty_phrase(side: Color, ms: u64) -> Phrase {
    vec![
        Token::Word(Word::Penalty),
        COLON,
        Token::Side(side),
        COMMA,
        Token::Duration(ms),
    ]
}

/// Time given to `side` (Art. 7.5.5: two minutes after the opponent's illegal move).
pub fn time_added_phrase(side: Color, ms: u64) -> Phrase {
    vec![
        Token::Word(Word::TimeAdded),
        COLON,
        Token::Side(side),
        COMMA,
        Token::Duration(ms),
    ]
}

/// Both clocks (D.2.6.1, D.2.10.4, on request): "White: one hour; Black: fifty minutes".
pub fn clock_phrase(white_ms: u64, black_ms: u64) -> Phrase {
    vec![
        Token::Side(Color::White),
        COLON,
        Token::Duration(white_ms),
        SEMICOLON,
        Token::Side(Color::Black),
        COLON,
        Token::Duration(black_ms),
    ]
}

/// A game's result in words, for a listener (play-test: "Ergebnis *", "результат
/// 1/2-1/2" said nothing to someone who hears it): "White wins", "draw"; "*" (aborted, or
/// the arbiter still to decide) is "no result". The PGN keeps the symbol.
pub fn result_phrase(score: &str) -> Phrase {
    match score {
        "1-0" => vec![Token::Side(Color::White), Token::Word(Word::Wins)],
        "0-1" => vec![Token::Side(Color::Black), Token::Word(Word::Wins)],
        "1/2-1/2" => vec![Token::Word(Word::Draw)],
        _ => vec![Token::Word(Word::ResultNone)],
    }
}

/// The line that ends a game: "result: White wins (1-0)", "no result (*)".
pub fn result_line_phrase(score: &str) -> Phrase {
    let mut p = Vec::new();
    if score != "*" {
        p.extend([Token::Word(Word::Result), COLON]);
    }
    p.extend(result_phrase(score));
    p
}

/// The result's symbol as a sighted arbiter reads it after the words: "1-0", "½-½", "*".
pub fn result_symbol(score: &str) -> &str {
    match score {
        "1/2-1/2" => "½-½",
        other => other,
    }
}

/// A new period of the time control: "White: period 2, plus thirty minutes". Its own
/// words, not "time added", which is what a penalty and an arbiter's grant say: a player
/// hearing those at move 40 took it for a ruling (a play-through).
pub fn period_started_phrase(side: Color, period: u32, added: u64) -> Phrase {
    vec![
        Token::Side(side),
        COLON,
        Token::Word(Word::ControlPeriod),
        Token::Number(period),
        COMMA,
        Token::Word(Word::Plus),
        Token::Duration(added),
    ]
}

/// What the clock's own events say aloud: a flag fall (the result is the arbiter's, Art.
/// 6.9, so only the fact) and the time a new period adds. Other events are silent.
pub fn clock_event_phrase(event: &ClockEvent) -> Option<Phrase> {
    match *event {
        ClockEvent::FlagFell { side, .. } => Some(vec![flag_fell(side)]),
        ClockEvent::PeriodStarted {
            side,
            period,
            added,
            ..
        } if added > 0 => Some(period_started_phrase(side, period, added)),
        _ => None,
    }
}

/// The number of moves completed (D.2.6.1): "moves: twelve moves" would repeat the noun,
/// so the count alone: "zwölf Züge".
pub fn move_count_phrase(moves: u32) -> Phrase {
    vec![Token::Count(moves)]
}

/// A slip of the tongue corrected before the clock was started (D.2.8): "correction:", the
/// right move's phrase, and the move it replaces ("correction: d4; struck: e4"), so the
/// opponent and the scorer know which announcement no longer stands.
pub fn correction_phrase(right: &[Token], struck: &[Token]) -> Phrase {
    let mut out = vec![Token::Word(Word::Correction), COLON];
    out.extend_from_slice(right);
    out.extend([
        crate::phrase::grammar::SEMICOLON,
        Token::Word(Word::ReportStruck),
        COLON,
    ]);
    out.extend_from_slice(struck);
    out
}

/// "remove white knight from f3", in the language's order.
pub fn remove_phrase(piece: Piece, at: Square, grammar: &Grammar) -> Phrase {
    instruction(
        Word::Remove,
        Word::From,
        Token::ManObject(piece),
        at,
        grammar,
    )
}

/// "put white knight on g1", in the language's order.
pub fn put_phrase(piece: Piece, at: Square, grammar: &Grammar) -> Phrase {
    instruction(Word::Put, Word::On, Token::ManObject(piece), at, grammar)
}

/// "VERB OBJECT PREP SQUARE" in the language's order ("Springer von Gustav eins entfernen").
pub fn instruction(verb: Word, prep: Word, object: Token, at: Square, g: &Grammar) -> Phrase {
    let mut place: Vec<Token> = square(at).to_vec();
    if g.postposition {
        place.push(Token::Word(prep));
    } else {
        place.insert(0, Token::Word(prep));
    }
    let mut out = Vec::with_capacity(6);
    if !g.verb_last {
        out.push(Token::Word(verb));
    }
    out.push(object);
    out.extend(place);
    if g.verb_last {
        out.push(Token::Word(verb));
    }
    out
}

/// What to do so that `actual` (the board as sensed or as the player has it) matches
/// `expected` (the position from the scoresheet), D.2.9: "position correct", or "the boards
/// differ:" and each man to remove, then each man to put, a1 to h8.
pub fn board_guidance(actual: &Board, expected: &Board, grammar: &Grammar) -> Phrase {
    let mut steps: Vec<Phrase> = Vec::new();
    for sq in Square::all() {
        if let Some(p) = actual.piece_at(sq) {
            if expected.piece_at(sq) != Some(p) {
                steps.push(remove_phrase(p, sq, grammar));
            }
        }
    }
    for sq in Square::all() {
        if let Some(p) = expected.piece_at(sq) {
            if actual.piece_at(sq) != Some(p) {
                steps.push(put_phrase(p, sq, grammar));
            }
        }
    }
    if steps.is_empty() {
        return vec![Token::Word(Word::PositionCorrect)];
    }
    let mut out = vec![Token::Word(Word::BoardsDiffer), COLON];
    for (i, step) in steps.into_iter().enumerate() {
        if i > 0 {
            out.push(SEMICOLON);
        }
        out.extend(step);
    }
    out
}
