//! Writing moves: SAN (PGN and FIDE styles, any language), long algebraic and UCI; and the
//! position-independent parsed form [`San`].

use super::lang::Lang;
use super::MoveError;
use crate::{CastlingMode, CastlingSide, Color, File, Move, Position, Rank, Role, Square};
use std::fmt;
use std::str::FromStr;

/// A move as written, before a position gives it meaning (like a token on a scoresheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece letter (or none, for a pawn) with the arrival square and whatever part of the
    /// departure square the writer gave (C.8-C.10).
    Normal {
        /// The piece letter's kind (a pawn when none was written).
        role: Role,
        /// The departure file, if written.
        file: Option<File>,
        /// The departure rank, if written.
        rank: Option<Rank>,
        /// Whether a capture mark was written.
        capture: bool,
        /// The arrival square.
        to: Square,
        /// The promotion piece, if written.
        promotion: Option<Role>,
    },
    /// Two squares and no piece letter (UCI `g1f3`, `e2-e4`): whatever man stands on `from`.
    /// Castling written as the king's move (`e1g1`) or as "king takes own rook" (`e1h1`).
    Coordinates {
        /// The departure square.
        from: Square,
        /// Whether a capture mark was written.
        capture: bool,
        /// The arrival square.
        to: Square,
        /// The promotion piece, if written.
        promotion: Option<Role>,
    },
    /// `0-0` or `0-0-0` (C.13).
    Castle(CastlingSide),
}

impl San {
    /// Reads any accepted notation, English letters first (see the module documentation).
    pub fn parse(text: &str) -> Result<San, MoveError> {
        super::parse::parse(text, Lang::En)
    }

    /// Reads any accepted notation, trying `lang`'s letters before the others.
    pub fn parse_in(text: &str, lang: Lang) -> Result<San, MoveError> {
        super::parse::parse(text, lang)
    }

    /// The legal move this text means in `pos`, or why there is none.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        super::resolve::resolve(pos, self, &self.to_string(), Lang::En)
    }

    /// The shortest unambiguous SAN of a legal move (C.10): file first, rank if the file does
    /// not decide, both if neither alone does.
    pub fn from_move(pos: &Position, m: &Move) -> San {
        match *m {
            Move::Castle { .. } => San::Castle(m.castling_side().expect("castle")),
            Move::EnPassant { from, to } => San::Normal {
                role: Role::Pawn,
                file: Some(from.file()),
                rank: None,
                capture: true,
                to,
                promotion: None,
            },
            Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion,
            } => San::Normal {
                role: Role::Pawn,
                file: capture.map(|_| from.file()),
                rank: None,
                capture: capture.is_some(),
                to,
                promotion,
            },
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let (mut ambiguous, mut same_file, mut same_rank) = (false, false, false);
                for other in pos.legal_moves() {
                    if let Move::Normal {
                        role: r,
                        from: f,
                        to: t,
                        ..
                    } = other
                    {
                        if r == role && t == to && f != from {
                            ambiguous = true;
                            same_file |= f.file() == from.file();
                            same_rank |= f.rank() == from.rank();
                        }
                    }
                }
                San::Normal {
                    role,
                    file: (ambiguous && (!same_file || same_rank)).then(|| from.file()),
                    rank: same_file.then(|| from.rank()),
                    capture: capture.is_some(),
                    to,
                    promotion,
                }
            }
        }
    }

    /// Writes the move for a mover of `color` in `lang`, in PGN or FIDE style.
    pub(super) fn write(&self, color: Color, lang: Lang, style: Style) -> String {
        let mut s = String::new();
        match *self {
            San::Castle(side) => s.push_str(match style {
                Style::Pgn => side.pgn(),
                Style::Fide => side.fide(),
            }),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                s.push_str(lang.symbol(role, color));
                if let Some(f) = file {
                    s.push(f.char());
                }
                if let Some(r) = rank {
                    s.push(r.char());
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to.to_string());
                push_promotion(&mut s, promotion, color, lang, style);
            }
            San::Coordinates {
                from,
                capture,
                to,
                promotion,
            } => {
                s.push_str(&from.to_string());
                if capture {
                    s.push('x');
                }
                s.push_str(&to.to_string());
                push_promotion(&mut s, promotion, color, lang, style);
            }
        }
        s
    }
}

fn push_promotion(s: &mut String, promotion: Option<Role>, color: Color, lang: Lang, style: Style) {
    if let Some(p) = promotion {
        if style == Style::Pgn {
            s.push('=');
        }
        s.push_str(lang.symbol(p, color));
    }
}

/// PGN writes `e8=Q` and `O-O`; FIDE (C.11, C.13) writes `e8Q`, because "(=)" on a scoresheet
/// offers a draw, and `0-0` with digit zeros.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Pgn,
    Fide,
}

impl fmt::Display for San {
    /// English letters, PGN style, no check mark.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write(Color::White, Lang::En, Style::Pgn))
    }
}

impl FromStr for San {
    type Err = MoveError;
    fn from_str(s: &str) -> Result<San, MoveError> {
        San::parse(s)
    }
}

/// `+` for check, `#` for mate (C.13), found by playing the move.
fn suffix(pos: &Position, m: &Move) -> &'static str {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        "#"
    } else if after.is_check() {
        "+"
    } else {
        ""
    }
}

/// The SAN of a move without a check mark, in `lang` (PGN style for English, FIDE otherwise):
/// the name error messages use, which also works for a move that is not legal.
pub(super) fn plain(pos: &Position, m: &Move, lang: Lang) -> String {
    let style = if lang == Lang::En {
        Style::Pgn
    } else {
        Style::Fide
    };
    San::from_move(pos, m).write(pos.turn(), lang, style)
}

/// PGN's Standard Algebraic Notation with the check or mate mark: `Nf3`, `exd5`, `e8=Q+`, `O-O`.
pub fn san(pos: &Position, m: &Move) -> String {
    san_in(pos, m, Lang::En)
}

/// SAN in a language's letters. English stays PGN (`e8=Q`, `O-O`); the others follow FIDE's
/// scoresheet style (`e8D`, `0-0`), and figurines take the mover's colour.
pub fn san_in(pos: &Position, m: &Move, lang: Lang) -> String {
    let mut s = plain(pos, m, lang);
    s.push_str(suffix(pos, m));
    s
}

/// UCI: `e2e4`, `e7e8q`. Castling is the king's move `e1g1` in standard chess and "king takes
/// own rook" `e1h1` in Chess960, where the king's move alone can be ambiguous.
pub fn uci(pos: &Position, m: &Move) -> String {
    let (from, to) = match (m, pos.castling_mode()) {
        (Move::Castle { king, rook }, CastlingMode::Chess960) => (*king, *rook),
        _ => (m.from(), m.king_to()),
    };
    let mut s = format!("{from}{to}");
    if let Some(p) = m.promotion() {
        s.push(p.char());
    }
    s
}

/// FIDE's long form with both squares (C.8): `Ng1-f3`, `e2-e4`, `Nb1xd2`, `e7-e8Q`, `0-0`,
/// with the check or mate mark.
pub fn lan(pos: &Position, m: &Move) -> String {
    let mut s = String::new();
    match m.castling_side() {
        Some(side) => s.push_str(side.fide()),
        None => {
            s.push_str(Lang::En.symbol(m.role(), pos.turn()));
            s.push_str(&m.from().to_string());
            s.push(if m.is_capture() { 'x' } else { '-' });
            s.push_str(&m.to().to_string());
            if let Some(p) = m.promotion() {
                s.push_str(Lang::En.symbol(p, pos.turn()));
            }
        }
    }
    s.push_str(suffix(pos, m));
    s
}
