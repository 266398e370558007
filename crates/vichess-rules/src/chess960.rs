//! Chess960 start positions (Guidelines II), numbered 0-959 in Scharnagl's scheme.
//!
//! The numbering is the one every Chess960 tool and table uses, so a tournament can announce
//! "position 518" and every board, engine and scoresheet agrees. From the number `n`:
//! `n % 4` places the light-squared bishop on b, d, f or h; `(n / 4) % 4` the dark-squared
//! bishop on a, c, e or g; `(n / 16) % 6` the queen on one of the six free squares;
//! `n / 96` (0-9) the two knights among the five left; rook, king, rook fill the last three.

use super::bitboard::Bitboard;
use super::board::Board;
use super::castling::CastlingMode;
use super::color::Color;
use super::position::{Position, Setup};
use super::role::Role;
use super::square::{File, Rank, Square};

/// How many start positions there are.
pub const COUNT: u16 = 960;

/// The classical array `RNBQKBNR`: standard chess is Chess960 number 518.
pub const CLASSICAL: u16 = 518;

/// The knight pairs for `n / 96`, as indices into the five squares left after the bishops and
/// the queen: Scharnagl's "KRN" table.
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's first rank (a to h) for start position `number`; `None` above 959.
pub fn back_rank(number: u16) -> Option<[Role; 8]> {
    if number >= COUNT {
        return None;
    }
    let n = usize::from(number);
    let mut rank: [Option<Role>; 8] = [None; 8];
    // Light squares on the first rank are b, d, f, h (h1 is light: Art. 2.1).
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * ((n / 4) % 4)] = Some(Role::Bishop);
    place_in_nth_free(&mut rank, (n / 16) % 6, Role::Queen);
    let (first, second) = KNIGHT_PAIRS[n / 96];
    // Place the later knight first so the earlier index still counts the same free squares.
    place_in_nth_free(&mut rank, second, Role::Knight);
    place_in_nth_free(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_in_nth_free(&mut rank, 0, role);
    }
    Some(rank.map(|r| r.expect("all eight squares are filled")))
}

fn place_in_nth_free(rank: &mut [Option<Role>; 8], nth: usize, role: Role) {
    let file = rank
        .iter()
        .enumerate()
        .filter(|(_, r)| r.is_none())
        .nth(nth)
        .map(|(i, _)| i)
        .expect("the numbering never asks for more free squares than there are");
    rank[file] = Some(role);
}

/// The Scharnagl number of a first rank, or `None` when it is not a Guidelines II array: it
/// must hold one king, one queen and two each of rooks, bishops and knights, with the king
/// between the rooks and the bishops on squares of opposite colours.
pub fn number_of(back_rank: &[Role; 8]) -> Option<u16> {
    let files_of =
        |role: Role| -> Vec<usize> { (0..8).filter(|&i| back_rank[i] == role).collect() };
    let (bishops, knights, rooks) = (
        files_of(Role::Bishop),
        files_of(Role::Knight),
        files_of(Role::Rook),
    );
    let (queens, kings) = (files_of(Role::Queen), files_of(Role::King));
    if bishops.len() != 2 || knights.len() != 2 || rooks.len() != 2 {
        return None;
    }
    if queens.len() != 1 || kings.len() != 1 {
        return None;
    }
    let king = kings[0];
    if !(rooks[0] < king && king < rooks[1]) {
        return None;
    }
    let light = bishops.iter().find(|&&f| f % 2 == 1)?;
    let dark = bishops.iter().find(|&&f| f % 2 == 0)?;

    // Undo the construction: count free squares the same way `back_rank` filled them.
    let free_before = |file: usize, taken: &[usize]| -> usize {
        (0..file).filter(|f| !taken.contains(f)).count()
    };
    let queen = free_before(queens[0], &[*light, *dark]);
    let taken = [*light, *dark, queens[0]];
    let pair = (
        free_before(knights[0], &taken),
        free_before(knights[1], &taken),
    );
    let knight_index = KNIGHT_PAIRS.iter().position(|&p| p == pair)?;
    let n = light / 2 + 4 * (dark / 2) + 16 * queen + 96 * knight_index;
    Some(u16::try_from(n).expect("below 960"))
}

/// Start position `number` with all four castling rights, in Chess960 castling mode (also
/// for 518, so castling is written "king takes rook" throughout a Chess960 event).
pub fn start_position(number: u16) -> Option<Position> {
    let rank = back_rank(number)?;
    let mut board = Board::empty();
    let mut castling_rooks = Bitboard::EMPTY;
    for (file, role) in File::ALL.into_iter().zip(rank) {
        for (color, back, pawns) in [
            (Color::White, Rank::FIRST, Rank::SECOND),
            (Color::Black, Rank::EIGHTH, Rank::SEVENTH),
        ] {
            let sq = Square::from_coords(file, back);
            board.set_piece_at(sq, role.of(color));
            board.set_piece_at(Square::from_coords(file, pawns), Role::Pawn.of(color));
            if role == Role::Rook {
                castling_rooks.set(sq);
            }
        }
    }
    let setup = Setup {
        board,
        castling_rooks,
        ..Setup::default()
    };
    let pos = Position::from_setup(setup, CastlingMode::Chess960)
        .expect("every Chess960 array is a legal start position");
    Some(pos)
}

/// A start position drawn from `seed`, uniformly over the 960 when the seed is.
///
/// The rules core has no source of randomness (it must replay identically in tests and
/// arbiter reviews), so the caller supplies the entropy; the same seed gives the same
/// position. The seed is mixed first so that consecutive seeds (a counter, a clock) do not
/// give neighbouring numbers.
pub fn random_start(seed: u64) -> (u16, Position) {
    let mixed = splitmix64(seed);
    // Multiply-shift maps 2^64 values onto 0..960 with a bias below 1e-16.
    let number = ((u128::from(mixed) * u128::from(COUNT)) >> 64) as u16;
    let pos = start_position(number).expect("number below 960");
    (number, pos)
}

/// Steele, Lea and Flood's SplitMix64 finaliser: a bijection on u64 with good avalanche.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(rank: [Role; 8]) -> String {
        rank.iter().map(|r| r.letter().expect("no pawns")).collect()
    }

    #[test]
    fn known_numbers() {
        assert_eq!(letters(back_rank(0).unwrap()), "BBQNNRKR");
        assert_eq!(letters(back_rank(518).unwrap()), "RNBQKBNR");
        assert_eq!(letters(back_rank(959).unwrap()), "RKRNNQBB");
        assert_eq!(back_rank(960), None);
    }

    #[test]
    fn rejects_bad_arrays() {
        use Role::*;
        // King outside the rooks.
        assert_eq!(
            number_of(&[King, Rook, Bishop, Queen, Rook, Bishop, Knight, Knight]),
            None
        );
        // Both bishops on dark squares (a and c).
        assert_eq!(
            number_of(&[Bishop, Rook, Bishop, Queen, King, Rook, Knight, Knight]),
            None
        );
        // Three knights.
        assert_eq!(
            number_of(&[Knight, Rook, Bishop, Knight, King, Bishop, Knight, Rook]),
            None
        );
    }
}
