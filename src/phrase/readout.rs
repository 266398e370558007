//! Board read-outs on request: the whole board grouped by colour then kind of man, one rank,
//! one file, one square, and where all men of one kind stand.
//!
//! Grouping by colour and kind ("White: king g1; queen d1; rooks a1 and f1") is what players
//! ask for: it is how a position is remembered, and far shorter than 64 squares.

use super::grammar::{COLON, COMMA, SEMICOLON};
use super::token::{Phrase, Punct, Token, Word};
use crate::rules::{Board, Color, File, Piece, Rank, Role, Square};

const KINGS_FIRST: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

fn square(sq: Square) -> [Token; 2] {
    [Token::File(sq.file()), Token::Rank(sq.rank())]
}

/// "a1, b2 and c3": squares in board order, the last joined with "and".
fn squares(list: &[Square]) -> Phrase {
    let mut out = Vec::with_capacity(list.len() * 3);
    for (i, &sq) in list.iter().enumerate() {
        if i > 0 && i + 1 == list.len() {
            out.push(Token::Word(Word::And));
        } else if i > 0 {
            out.push(COMMA);
        }
        out.extend(square(sq));
    }
    out
}

fn placed(board: &Board, piece: Piece) -> Vec<Square> {
    board.by_piece(piece).into_iter().collect()
}

/// One colour's men, kind by kind: "king g1; queen d1; rooks a1 and f1". Empty if none.
fn colour_men(board: &Board, color: Color) -> Phrase {
    let mut out = Vec::new();
    for role in KINGS_FIRST {
        let list = placed(board, Piece { color, role });
        if list.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(SEMICOLON);
        }
        out.push(if list.len() == 1 {
            Token::Piece(role)
        } else {
            Token::Pieces(role)
        });
        out.extend(squares(&list));
    }
    out
}

/// The whole board: "White: king g1; rooks a1 and f1. Black: king g8; pawns f7, g7 and h7".
pub fn board_readout(board: &Board) -> Phrase {
    let mut out = Vec::new();
    for color in Color::ALL {
        if !out.is_empty() {
            out.push(Token::Punct(Punct::Period));
        }
        out.extend([Token::Side(color), COLON]);
        let men = colour_men(board, color);
        if men.is_empty() {
            out.push(Token::Word(Word::None));
        }
        out.extend(men);
    }
    out
}

/// The men on a line of squares, each as "square man"; "empty" if there are none.
fn line(board: &Board, line: impl Iterator<Item = Square>) -> Phrase {
    let mut out = Vec::new();
    for sq in line {
        if let Some(p) = board.piece_at(sq) {
            if !out.is_empty() {
                out.push(COMMA);
            }
            out.extend(square(sq));
            out.push(Token::Man(p));
        }
    }
    if out.is_empty() {
        out.push(Token::Word(Word::Empty));
    }
    out
}

/// One rank, a to h: "rank 4: d4 black pawn, e4 white pawn".
pub fn rank_readout(board: &Board, rank: Rank) -> Phrase {
    let mut out = vec![Token::Word(Word::RankWord), Token::Rank(rank), COLON];
    out.extend(line(
        board,
        File::ALL.into_iter().map(|f| Square::from_coords(f, rank)),
    ));
    out
}

/// One file, 1 to 8: "file e: e1 white king, e8 black king".
pub fn file_readout(board: &Board, file: File) -> Phrase {
    let mut out = vec![Token::Word(Word::FileWord), Token::File(file), COLON];
    out.extend(line(
        board,
        Rank::ALL.into_iter().map(|r| Square::from_coords(file, r)),
    ));
    out
}

/// One square: "e4: white pawn" or "e5: empty".
pub fn square_readout(board: &Board, sq: Square) -> Phrase {
    let mut out = square(sq).to_vec();
    out.push(COLON);
    out.push(match board.piece_at(sq) {
        Some(p) => Token::Man(p),
        None => Token::Word(Word::Empty),
    });
    out
}

/// Where the men of one kind stand: "White: knights b1 and g1. Black: knight f6".
pub fn where_readout(board: &Board, role: Role) -> Phrase {
    let mut out = Vec::new();
    for color in Color::ALL {
        if !out.is_empty() {
            out.push(Token::Punct(Punct::Period));
        }
        out.extend([Token::Side(color), COLON]);
        let list = placed(board, Piece { color, role });
        match list.len() {
            0 => out.push(super::events::none_of(role)),
            1 => out.push(Token::Piece(role)),
            _ => out.push(Token::Pieces(role)),
        }
        out.extend(squares(&list));
    }
    out
}
