//! Forsyth-Edwards Notation in and out, with X-FEN and Shredder-FEN castling for Chess960.

use super::bitboard::Bitboard;
use super::board::Board;
use super::castling::CastlingMode;
use super::color::Color;
use super::moves::CastlingSide;
use super::position::{Position, PositionError, Setup};
use super::role::{Piece, Role};
use super::square::{File, Rank, Square};

/// The standard initial position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What is wrong with a FEN, and where: field numbers count from 1 as people do. Each
/// variant holds values, not sentences, so that the program can say it in the player's
/// language; the English texts here are the library's own.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// There was no text at all.
    #[error("FEN is empty")]
    Empty,
    /// The placement field does not have eight ranks; holds how many it has.
    #[error("FEN placement: found {0} ranks separated by '/', need 8")]
    Ranks(usize),
    /// The piece placement field is wrong in one rank.
    #[error("FEN placement, rank {rank}: {fault}")]
    Placement {
        /// The rank as written, 8 first.
        rank: u8,
        /// What is wrong with it.
        fault: PlacementFault,
    },
    /// The side-to-move field is neither `w` nor `b`; holds the field.
    #[error("FEN field 2 (side to move) is {0:?}; expected w or b")]
    Turn(String),
    /// The castling field cannot be read.
    #[error("FEN field 3 (castling) is {field:?}: {fault}")]
    Castling {
        /// The field as written.
        field: String,
        /// What is wrong with it.
        fault: CastlingFault,
    },
    /// The en passant field is not `-` or a square; holds the field.
    #[error("FEN field 4 (en passant) is {0:?}; expected - or a square like e3")]
    EnPassant(String),
    /// A move counter is not a whole number.
    #[error("FEN field {} ({}) is {value:?}; expected a whole number", .counter.field(), .counter.name())]
    Counter {
        /// Which counter.
        counter: MoveCounter,
        /// The field as written.
        value: String,
    },
    /// More than six fields; holds the count.
    #[error("FEN has {0} fields; at most 6 are allowed")]
    TooManyFields(usize),
    /// The fields read well but describe a position that cannot arise.
    #[error("FEN describes an impossible position: {0}")]
    Position(#[from] PositionError),
}

/// What is wrong in one rank of the placement field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementFault {
    /// A digit that counts no run of empty squares (0 or 9).
    #[error("{0:?} is not a count of 1 to 8 empty squares")]
    BadDigit(char),
    /// A man after the rank's eight squares are full.
    #[error("{0:?} is past the h-file")]
    PastHFile(char),
    /// A character that is neither a piece letter nor a digit.
    #[error("{0:?} is neither a piece letter (KQRBNP, kqrbnp) nor a digit")]
    NotAPiece(char),
    /// The rank covers more than eight squares; holds the rank as written.
    #[error("{0:?} covers more than 8 squares")]
    TooWide(String),
    /// The rank covers fewer than eight squares; holds the rank as written and how many.
    #[error("{0:?} covers {1} squares, need 8")]
    TooNarrow(String, u8),
}

/// What is wrong with the castling field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CastlingFault {
    /// A right for a side whose king is not on its first rank.
    #[error("the {0} king is not on its first rank")]
    KingNotHome(Color),
    /// `K`/`Q` (or `k`/`q`) with no rook of that side on that wing of the king.
    #[error("no {color} rook on the king's {}", wing(.side))]
    NoRook {
        /// Whose right.
        color: Color,
        /// The wing.
        side: CastlingSide,
    },
    /// A file letter (Shredder-FEN, X-FEN) naming a square with no rook of that side.
    #[error("no {0} rook on {1}")]
    NoRookOn(Color, Square),
    /// A character that names no right.
    #[error("{0:?} is not K, Q, k, q or a file letter")]
    NotALetter(char),
}

/// A castling wing as the library's English names it, by the file it reaches towards.
fn wing(side: &CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "h-side",
        CastlingSide::QueenSide => "a-side",
    }
}

/// The two move counters at the end of a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveCounter {
    /// Field 5: plies since the last capture or pawn move.
    Halfmoves,
    /// Field 6: the move number.
    Fullmoves,
}

impl MoveCounter {
    /// The field's place, counted from 1.
    pub fn field(self) -> u8 {
        match self {
            MoveCounter::Halfmoves => 5,
            MoveCounter::Fullmoves => 6,
        }
    }

    /// The field's English name.
    pub fn name(self) -> &'static str {
        match self {
            MoveCounter::Halfmoves => "halfmove clock",
            MoveCounter::Fullmoves => "move number",
        }
    }
}

/// How the castling field names the rooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingStyle {
    /// `KQkq` where the castling rook is the outermost on its wing, else its file (X-FEN).
    XFen,
    /// Always the rook's file: `HAha` (Shredder-FEN).
    Shredder,
}

/// Reads the placement field alone (`rnbqkbnr/pppppppp/8/...`).
pub fn parse_board(field: &str) -> Result<Board, FenError> {
    let mut board = Board::empty();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Ranks(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank_no = 8 - i as u8;
        let rank = Rank::new(rank_no - 1).expect("8 ranks");
        let mut file = 0u8;
        let bad = |fault| FenError::Placement {
            rank: rank_no,
            fault,
        };
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(bad(PlacementFault::BadDigit(c)));
                }
                file += d as u8;
            } else if let Some(piece) = Piece::from_char(c) {
                if file >= 8 {
                    return Err(bad(PlacementFault::PastHFile(c)));
                }
                let sq = Square::from_coords(File::new(file).expect("<8"), rank);
                board.set_piece_at(sq, piece);
                file += 1;
            } else {
                return Err(bad(PlacementFault::NotAPiece(c)));
            }
            if file > 8 {
                return Err(bad(PlacementFault::TooWide((*text).to_owned())));
            }
        }
        if file != 8 {
            return Err(bad(PlacementFault::TooNarrow((*text).to_owned(), file)));
        }
    }
    Ok(board)
}

fn parse_castling(field: &str, board: &Board) -> Result<Bitboard, FenError> {
    let mut rooks = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rooks);
    }
    let err = |fault| FenError::Castling {
        field: field.to_owned(),
        fault,
    };
    for c in field.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let rank = color.fold(Rank::FIRST, Rank::EIGHTH);
        let back_rooks = board.by_piece(Role::Rook.of(color)) & Bitboard::rank(rank);
        let king = board
            .king_of(color)
            .filter(|k| k.rank() == rank)
            .ok_or_else(|| err(CastlingFault::KingNotHome(color)))?;
        let rook = match c.to_ascii_lowercase() {
            'k' => { back_rooks }
                .rfind(|r| r.file() > king.file())
                .ok_or_else(|| {
                    err(CastlingFault::NoRook {
                        color,
                        side: CastlingSide::KingSide,
                    })
                })?,
            'q' => { back_rooks }
                .find(|r| r.file() < king.file())
                .ok_or_else(|| {
                    err(CastlingFault::NoRook {
                        color,
                        side: CastlingSide::QueenSide,
                    })
                })?,
            'a'..='h' => {
                let file = File::from_char(c).expect("a-h");
                let sq = Square::from_coords(file, rank);
                if !back_rooks.contains(sq) {
                    return Err(err(CastlingFault::NoRookOn(color, sq)));
                }
                sq
            }
            _ => return Err(err(CastlingFault::NotALetter(c))),
        };
        rooks.set(rook);
    }
    Ok(rooks)
}

/// Reads a FEN into raw fields. Missing trailing fields take their usual defaults (an EPD
/// line has four), so `8/8/8/8/8/8/8/K1k5 w` is accepted.
pub fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if fields.len() > 6 {
        return Err(FenError::TooManyFields(fields.len()));
    }
    let board = parse_board(fields[0])?;
    let turn = match fields.get(1).copied().unwrap_or("w") {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => return Err(FenError::Turn(other.to_owned())),
    };
    let castling_rooks = parse_castling(fields.get(2).copied().unwrap_or("-"), &board)?;
    let ep_square = match fields.get(3).copied().unwrap_or("-") {
        "-" => None,
        s => Some(s.parse().map_err(|_| FenError::EnPassant(s.to_owned()))?),
    };
    let read = |counter: MoveCounter, default: u32| -> Result<u32, FenError> {
        match fields.get(usize::from(counter.field()) - 1) {
            None => Ok(default),
            Some(s) => s.parse().map_err(|_| FenError::Counter {
                counter,
                value: (*s).to_owned(),
            }),
        }
    };
    let halfmoves = read(MoveCounter::Halfmoves, 0)?;
    let fullmoves = read(MoveCounter::Fullmoves, 1)?;
    Ok(Setup {
        board,
        turn,
        castling_rooks,
        ep_square,
        halfmoves,
        fullmoves,
    })
}

impl Position {
    /// Reads a FEN. In [`CastlingMode::Standard`] the castling field must describe the standard
    /// array; X-FEN and Shredder-FEN fields need [`CastlingMode::Chess960`].
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        Ok(Position::from_setup(parse_setup(fen)?, mode)?)
    }

    /// FEN with the en passant square only when the capture is legal, and X-FEN castling.
    pub fn fen(&self) -> String {
        self.fen_with(CastlingStyle::XFen)
    }

    /// FEN with the chosen castling style.
    pub fn fen_with(&self, style: CastlingStyle) -> String {
        let setup = self.to_setup();
        let ep = setup
            .ep_square
            .map_or_else(|| "-".to_owned(), |sq| sq.to_string());
        format!(
            "{} {} {} {} {} {}",
            setup.board.board_fen(),
            setup.turn.char(),
            self.castling_field(style),
            ep,
            setup.halfmoves,
            setup.fullmoves
        )
    }

    fn castling_field(&self, style: CastlingStyle) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = self.castles().rook(color, side) else {
                    continue;
                };
                let back_rooks =
                    self.board().by_piece(Role::Rook.of(color)) & Bitboard::rank(rook.rank());
                let outermost = match side {
                    CastlingSide::KingSide => back_rooks.last(),
                    CastlingSide::QueenSide => back_rooks.first(),
                } == Some(rook);
                let c = match style {
                    CastlingStyle::XFen if outermost => match side {
                        CastlingSide::KingSide => 'k',
                        CastlingSide::QueenSide => 'q',
                    },
                    _ => rook.file().char(),
                };
                out.push(if color.is_white() {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let pos = Position::from_fen(STARTING_FEN, CastlingMode::Standard).unwrap();
        assert_eq!(pos, Position::new());
        assert_eq!(pos.fen(), STARTING_FEN);
    }

    #[test]
    fn placement_errors_name_the_rank() {
        let e = Position::from_fen(
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            CastlingMode::Standard,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "FEN placement, rank 7: 'X' is neither a piece letter (KQRBNP, kqrbnp) nor a digit"
        );
        let e = Position::from_fen("8/8/8/8/8/8/8/K1k w", CastlingMode::Standard).unwrap_err();
        assert_eq!(
            e.to_string(),
            "FEN placement, rank 1: \"K1k\" covers 3 squares, need 8"
        );
    }

    #[test]
    fn shredder_and_xfen_castling() {
        let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let pos = Position::from_fen(fen, CastlingMode::Chess960).unwrap();
        assert_eq!(pos.fen_with(CastlingStyle::Shredder), fen);
        // Each castling rook is the outermost on its wing, so X-FEN needs no file letters.
        assert_eq!(pos.fen(), fen.replace("HFhf", "KQkq"));
        // With an inner rook named, X-FEN must use its file: two rooks on the king's h-side.
        let inner = Position::from_fen(
            "rk2r2r/8/8/8/8/8/8/RK2R2R w Ee - 0 1",
            CastlingMode::Chess960,
        )
        .unwrap();
        assert_eq!(
            inner.castles().rook(Color::White, CastlingSide::KingSide),
            Some(Square::E1)
        );
        assert!(inner.fen().contains(" w Ee "), "{}", inner.fen());
        let again = Position::from_fen(&pos.fen(), CastlingMode::Chess960).unwrap();
        assert_eq!(again, pos);
    }

    #[test]
    fn standard_mode_refuses_a_chess960_castling_field() {
        let e = Position::from_fen(
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            CastlingMode::Standard,
        )
        .unwrap_err();
        assert!(e.to_string().contains("Chess960"), "{e}");
    }

    #[test]
    fn impossible_positions_are_refused_with_the_reason() {
        let cases = [
            ("8/8/8/8/8/8/8/K7 w - -", "the black king is missing"),
            ("k7/8/8/8/8/8/8/KK6 w - -", "there are 2 white kings; each side has exactly one"),
            ("k6P/8/8/8/8/8/8/K7 w - -", "a pawn stands on h8, on the first or last rank, where no pawn can be"),
            ("k7/8/8/8/8/8/8/R6K w - -", "white is to move but the black king is in check: the side not to move can never be in check (3.9)"),
        ];
        for (fen, msg) in cases {
            let e = Position::from_fen(fen, CastlingMode::Standard).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("FEN describes an impossible position: {msg}"),
                "{fen}"
            );
        }
        let e = Position::from_fen("k7/8/8/8/8/8/8/K7 w - e3", CastlingMode::Standard).unwrap_err();
        assert!(
            e.to_string().contains("en passant square e3 is impossible"),
            "{e}"
        );
    }

    #[test]
    fn en_passant_square_is_written_only_when_the_capture_is_legal() {
        // After 1. e4 no black pawn can take: no square in the FEN.
        let mut pos = Position::new();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to() == Square::E4)
            .unwrap();
        pos.play_unchecked(&m);
        assert_eq!(
            pos.fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        // A pinned capturer: the square is dropped.
        let pos =
            Position::from_fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", CastlingMode::Standard).unwrap();
        assert_eq!(pos.legal_ep_square(), None);
        assert!(pos.fen().contains(" - 0 2"));
    }
}
