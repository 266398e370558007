//! Why a text is not a move that can be played here, in words fit to be spoken.
//!
//! Convention: text the player typed is quoted (`"Nf3" is ambiguous`); a move the program names
//! itself is written bare (`Bb5 would leave the white king in check`). Messages are single
//! sentences, lower-case at the start except for colour names used as subjects, with no final
//! full stop.

use crate::{CastlingSide, Color, Move, Piece, Role, Square};
use std::fmt;

/// A move that cannot be played, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text was blank.
    #[error("nothing was entered: type a move such as e4, Nf3 or 0-0")]
    Empty,

    /// The text is not written like a move.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),

    /// C.12: "(=)" on a scoresheet offers a draw; it is not part of the move.
    #[error("\"{text}\" is not a move: (=) marks a draw offer; enter the move on its own and offer the draw separately")]
    DrawOfferMark {
        /// The text as entered.
        text: String,
    },

    /// No man of this kind can reach `to`.
    #[error("no {piece} can move to {to}")]
    NoPiece {
        /// The man named.
        piece: Piece,
        /// The square named.
        to: Square,
    },

    /// The departure square does not hold the man named.
    #[error("there is no {piece} on {from}")]
    NotThere {
        /// The man named.
        piece: Piece,
        /// The square named.
        from: Square,
    },

    /// The departure square is empty.
    #[error("there is no piece on {from}")]
    EmptySquare {
        /// The square named.
        from: Square,
    },

    /// The man on the departure square belongs to the side not on move.
    #[error("the {piece} on {from} is not yours: it is {}'s move", capitalised(*turn))]
    NotYours {
        /// The man found there.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The side on move.
        turn: Color,
    },

    /// The man exists but does not move that way.
    #[error("the {piece} on {from} cannot move to {to}")]
    CannotReach {
        /// The man named.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// Where it cannot go.
        to: Square,
    },

    /// The man moves that way, but another man stands on its way (3.2-3.4, 3.7.1): named, so
    /// a player without sight of the board learns what is in the way, not only that
    /// something is.
    #[error("the {piece} on {from} cannot move to {to}: the {blocker} on {at} is in the way")]
    Blocked {
        /// The man named.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// Where it cannot go.
        to: Square,
        /// The first man on its way.
        blocker: Piece,
        /// Where that man stands.
        at: Square,
    },

    /// The arrival square holds a man of the mover's own colour.
    #[error("no {piece} can move to {to}: the {occupant} stands there")]
    OwnManThere {
        /// The man named.
        piece: Piece,
        /// The arrival square.
        to: Square,
        /// The own man standing there.
        occupant: Piece,
    },

    /// Several legal moves fit the text (C.10 asks for a disambiguation).
    #[error("\"{text}\" is ambiguous: {}", or_list(candidates))]
    Ambiguous {
        /// The text as entered.
        text: String,
        /// The moves it could mean, each written out in full.
        candidates: Vec<String>,
    },

    /// The side is in check and this move does not parry it.
    #[error("{san} does not get the {color} king out of check")]
    StillInCheck {
        /// The move as written.
        san: String,
        /// The side in check.
        color: Color,
    },

    /// The man is pinned to its king, so moving it exposes the king (3.9).
    #[error("{san} would leave the {color} king in check: the {role} on {from} is pinned by the {pinner} on {pinner_square}")]
    Pinned {
        /// The move as written.
        san: String,
        /// The side that would be in check.
        color: Color,
        /// The pinned man's kind.
        role: Role,
        /// The pinned man's square.
        from: Square,
        /// The opponent's man that pins it.
        pinner: Piece,
        /// Where that man stands.
        pinner_square: Square,
    },

    /// The king would step onto an attacked square.
    #[error("{san} would move the {color} king into check")]
    IntoCheck {
        /// The move as written.
        san: String,
        /// The king's side.
        color: Color,
    },

    /// The move leaves the king in check for another reason (en passant along a rank, say).
    #[error("{san} would leave the {color} king in check")]
    ExposesKing {
        /// The move as written.
        san: String,
        /// The king's side.
        color: Color,
    },

    /// Castling is not possible now (3.8.2).
    #[error("{} cannot castle {}: {reason}", capitalised(*color), side_word(*side))]
    Castling {
        /// The side that tried.
        color: Color,
        /// King side or queen side.
        side: CastlingSide,
        /// Which condition fails.
        reason: CastlingRefusal,
    },

    /// A pawn reaches the last rank and the text does not say what it becomes (3.7.3.3).
    #[error("\"{text}\" does not say what the pawn becomes on {to}: choose a queen, rook, bishop or knight")]
    PromotionMissing {
        /// The text as entered.
        text: String,
        /// The last-rank square.
        to: Square,
    },

    /// The promotion names a king or a pawn.
    #[error("a pawn cannot become a {0}: choose a queen, rook, bishop or knight")]
    BadPromotionPiece(Role),

    /// A promotion piece was named for a move that does not reach the last rank.
    #[error("a pawn is promoted only on the last rank, and {to} is not on {color}'s last rank")]
    NotLastRank {
        /// The arrival square.
        to: Square,
        /// The side moving.
        color: Color,
    },

    /// A promotion piece was named for a man that is not a pawn.
    #[error("only a pawn can be promoted, not a {0}")]
    NotAPawn(Role),

    /// The text marks a capture, but the move it names captures nothing (`Nxf3` onto an
    /// empty f3). Only [`super::parse_move_strict_in`] says this; see there why.
    #[error("no capture on {to}; did you mean {written}?")]
    NoCapture {
        /// The arrival square, where nothing stands to be taken.
        to: Square,
        /// The move the text names without its capture mark.
        mv: Move,
        /// That move written in the text's language.
        written: String,
    },
}

/// Why castling is refused (3.8.2): a right lost for good, or a bar for this move only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingRefusal {
    /// 3.8.2.1.1: the king has moved, so neither castling is possible any more.
    KingMoved,
    /// 3.8.2.1.2: the rook that started on this square has moved or was captured.
    RookGone(Square),
    /// 3.8.2.1.2: the king has not moved (its other right remains), so the rook has.
    RookMoved,
    /// The right is gone, but the position alone cannot tell whether the king or the rook moved.
    RightLost,
    /// 3.8.2.2.2: a man stands between, or on a square the king or rook must reach.
    Occupied(Square, Piece),
    /// 3.8.2.2.1: the king is in check.
    InCheck,
    /// 3.8.2.2.1: the king would cross a square the opponent attacks (and who attacks it).
    Crosses {
        /// The square crossed.
        square: Square,
        /// The man attacking it, when known.
        attacker: Option<(Piece, Square)>,
    },
    /// 3.8.2.2.1: the king would land on a square the opponent attacks (and who attacks it).
    LandsOn {
        /// The square landed on.
        square: Square,
        /// The man attacking it, when known.
        attacker: Option<(Piece, Square)>,
    },
}

impl fmt::Display for CastlingRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CastlingRefusal::KingMoved => f.write_str("the king has already moved"),
            CastlingRefusal::RookGone(sq) => {
                write!(f, "the rook from {sq} has moved or been captured")
            }
            CastlingRefusal::RightLost => f.write_str("the king or that rook has already moved"),
            CastlingRefusal::RookMoved => f.write_str("that rook has already moved"),
            CastlingRefusal::Occupied(sq, piece) => write!(f, "the {piece} on {sq} is in the way"),
            CastlingRefusal::InCheck => f.write_str("the king is in check"),
            CastlingRefusal::Crosses { square, attacker } => {
                write!(f, "the king would cross {square}")?;
                attacked_by(f, attacker)
            }
            CastlingRefusal::LandsOn { square, attacker } => {
                write!(f, "the king would land on {square}")?;
                attacked_by(f, attacker)
            }
        }
    }
}

fn attacked_by(f: &mut fmt::Formatter<'_>, attacker: Option<(Piece, Square)>) -> fmt::Result {
    match attacker {
        Some((piece, sq)) => write!(f, ", which the {piece} on {sq} attacks"),
        None => f.write_str(", which is attacked"),
    }
}

/// The text is not written like a move at all: where it stops making sense.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not a move: {}", self.detail())]
pub struct SyntaxError {
    /// The text as entered, without surrounding blanks.
    pub text: String,
    /// The offending character and its place, counted from 1; `None` when the text ends early.
    pub at: Option<(usize, char)>,
    /// What would have made sense there.
    pub expected: Expected,
}

/// What the reader expected where the text went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// The start of a move: a piece letter, a file or castling.
    Start,
    /// A file letter `a`-`h`.
    File,
    /// A rank digit `1`-`8`.
    Rank,
    /// A whole square such as `e4`.
    Square,
    /// The piece a pawn becomes.
    PromotionPiece,
    /// A closing bracket after `e8(Q`.
    CloseBracket,
    /// Nothing more: the move was complete.
    End,
    /// Castling with the wrong number of zeros.
    Castling,
}

impl SyntaxError {
    fn detail(&self) -> String {
        let what = match self.expected {
            Expected::Start => "a piece letter or a square",
            Expected::File => "a file (a-h)",
            Expected::Rank => "a rank (1-8)",
            Expected::Square => "a square such as e4",
            Expected::PromotionPiece => "the piece the pawn becomes (Q, R, B or N)",
            Expected::CloseBracket => "a closing bracket",
            Expected::End => "the end of the move",
            Expected::Castling => return "castling is written 0-0 or 0-0-0".to_owned(),
        };
        match self.at {
            None => format!("it ends where {what} should follow"),
            Some((n, c)) => {
                let quoted = quote_char(c);
                match self.expected {
                    Expected::End => format!("{quoted} at character {n} does not belong to a move"),
                    Expected::Start => {
                        format!("{quoted} at character {n} is not a piece letter or a square")
                    }
                    _ => format!("{quoted} at character {n} is not {what}"),
                }
            }
        }
    }
}

/// Invisible or blank characters are named, since a quoted blank says nothing when spoken.
fn quote_char(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("character U+{:04X}", c as u32)
    } else {
        format!("\"{c}\"")
    }
}

pub(super) fn capitalised(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn side_word(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// "A", "A or B", "A, B or C".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
