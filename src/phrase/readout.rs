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

/// The squares of one kind of man; pawns file by file (a2 before b7 before c3), which is how
/// a pawn structure is told.
fn placed(board: &Board, piece: Piece) -> Vec<Square> {
    let mut list: Vec<Square> = board.by_piece(piece).into_iter().collect();
    if piece.role == Role::Pawn {
        list.sort_by_key(|sq| (sq.file(), sq.rank()));
    }
    list
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
            out.push(Token::Punct(Punct::Stop));
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
            out.push(Token::Punct(Punct::Stop));
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

// --- issue 15: read-outs of one side, lines through a square, the cursor ---

/// One side's men of one kind, or all of them: "White: knights b1 and g1".
pub fn side_readout(board: &Board, color: Color, role: Option<Role>) -> Phrase {
    let mut out = vec![Token::Side(color), COLON];
    match role {
        None => {
            let men = colour_men(board, color);
            if men.is_empty() {
                out.push(Token::Word(Word::None));
            }
            out.extend(men);
        }
        Some(role) => {
            let list = placed(board, Piece { color, role });
            match list.len() {
                0 => out.push(super::events::none_of(role)),
                1 => out.push(Token::Piece(role)),
                _ => out.push(Token::Pieces(role)),
            }
            out.extend(squares(&list));
        }
    }
    out
}

/// The men on the given squares, in the order given: "f6 black knight, d6 black pawn";
/// the word for none when there are none.
pub fn men_on(board: &Board, list: impl IntoIterator<Item = Square>) -> Phrase {
    let mut out = line(board, list.into_iter());
    if out == [Token::Word(Word::Empty)] {
        out = vec![Token::Word(Word::None)];
    }
    out
}

/// The squares from `sq` one step at a time in a direction, to the edge.
fn ray(sq: Square, df: i8, dr: i8) -> Vec<Square> {
    let mut out = Vec::new();
    let mut at = sq;
    while let Some(next) = at.offset(df, dr) {
        out.push(next);
        at = next;
    }
    out
}

/// The two diagonals through a square, one line each, from the lower end up:
/// "diagonal a1 h8: c3 white bishop, g7 black bishop". A corner has one.
pub fn diagonals_readout(board: &Board, sq: Square) -> Vec<Phrase> {
    let mut out = Vec::new();
    for (df, dr) in [(1, 1), (-1, 1)] {
        let mut low = ray(sq, -df, -dr);
        low.reverse();
        let high = ray(sq, df, dr);
        let all: Vec<Square> = low.iter().copied().chain([sq]).chain(high).collect();
        if all.len() < 2 {
            continue;
        }
        let mut p = vec![Token::Word(Word::Diagonal)];
        p.extend(square(all[0]));
        p.extend(square(all[all.len() - 1]));
        p.push(COLON);
        p.extend(line(board, all.into_iter()));
        out.push(p);
    }
    out
}

/// The eight neighbours (from the rank above, left to right, down to the rank below), then
/// the knight squares, each as a line: "around e4: d5 black pawn", "knight squares of e4: ...".
pub fn around_readout(board: &Board, sq: Square) -> Vec<Phrase> {
    let mut near = Vec::new();
    for dr in [1, 0, -1] {
        for df in [-1, 0, 1] {
            if (df, dr) != (0, 0) {
                near.extend(sq.offset(df, dr));
            }
        }
    }
    let mut far = Vec::new();
    for (df, dr) in [
        (-1, 2),
        (1, 2),
        (-2, 1),
        (2, 1),
        (-2, -1),
        (2, -1),
        (-1, -2),
        (1, -2),
    ] {
        far.extend(sq.offset(df, dr));
    }
    let mut first = vec![Token::Word(Word::Around)];
    first.extend(square(sq));
    first.push(COLON);
    first.extend(line(board, near.into_iter()));
    let mut second = vec![Token::Word(Word::KnightSquares)];
    second.extend(square(sq));
    second.push(COLON);
    second.extend(line(board, far.into_iter()));
    vec![first, second]
}

/// What the board cursor says: "e4, light square, white pawn".
pub fn cursor_readout(board: &Board, sq: Square) -> Phrase {
    let mut out = square(sq).to_vec();
    out.push(COMMA);
    out.push(Token::Word(if sq.is_light() {
        Word::LightSquare
    } else {
        Word::DarkSquare
    }));
    out.push(COMMA);
    out.push(match board.piece_at(sq) {
        Some(p) => Token::Man(p),
        None => Token::Word(Word::Empty),
    });
    out
}

/// A label, a square and a colon: "attackers of e5:".
pub fn labelled(word: Word, sq: Square) -> Phrase {
    let mut out = vec![Token::Word(word)];
    out.extend(square(sq));
    out.push(COLON);
    out
}
