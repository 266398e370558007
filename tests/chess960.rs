//! Chess960 start positions (Guidelines II) in Scharnagl's numbering, checked by the rules of
//! the array, by known numbers, and against shakmaty's move generator.

mod common;

use std::collections::HashSet;

use shakmaty::{fen::Fen, CastlingMode as ShakmatyMode, Chess, Position as _};
use vichess::rules::chess960::{back_rank, number_of, random_start, start_position, COUNT};
use vichess::rules::{
    perft, CastlingMode, CastlingSide, Color, File, Position, Rank, Role, Square,
};

fn letters(rank: &[Role; 8]) -> String {
    rank.iter().map(|r| r.letter().expect("no pawn")).collect()
}

/// The Guidelines II conditions, checked directly rather than through `number_of`.
fn is_valid_array(rank: &[Role; 8]) -> bool {
    let count = |role| rank.iter().filter(|&&r| r == role).count();
    let files = |role| (0..8).filter(move |&i| rank[i] == role);
    let bishops: Vec<usize> = files(Role::Bishop).collect();
    let rooks: Vec<usize> = files(Role::Rook).collect();
    let king = files(Role::King).next();
    count(Role::King) == 1
        && count(Role::Queen) == 1
        && count(Role::Rook) == 2
        && count(Role::Bishop) == 2
        && count(Role::Knight) == 2
        && bishops[0] % 2 != bishops[1] % 2
        && king.is_some_and(|k| rooks[0] < k && k < rooks[1])
}

#[test]
fn all_960_arrays_are_distinct_valid_and_round_trip() {
    let mut seen = HashSet::new();
    for n in 0..COUNT {
        let rank = back_rank(n).unwrap_or_else(|| panic!("{n} has no array"));
        assert!(
            is_valid_array(&rank),
            "{n}: {} breaks Guidelines II",
            letters(&rank)
        );
        assert!(seen.insert(rank), "{n}: {} appears twice", letters(&rank));
        assert_eq!(number_of(&rank), Some(n), "{n}: {}", letters(&rank));
    }
    assert_eq!(seen.len(), 960);
    assert_eq!(back_rank(COUNT), None);
    assert!(start_position(COUNT).is_none());
}

#[test]
fn every_valid_array_has_a_number() {
    // Enumerate all arrangements of the eight pieces independently of the numbering: exactly
    // the 960 valid ones must get a number, the others none.
    use Role::*;
    let mut pieces = [Bishop, Bishop, Knight, Knight, Rook, Rook, Queen, King];
    pieces.sort();
    let mut numbered = 0;
    let mut arrays = HashSet::new();
    permutations(&mut pieces.to_vec(), 0, &mut |p| {
        let rank: [Role; 8] = p.try_into().unwrap();
        if !arrays.insert(rank) {
            return;
        }
        let valid = is_valid_array(&rank);
        assert_eq!(number_of(&rank).is_some(), valid, "{}", letters(&rank));
        if valid {
            numbered += 1;
        }
    });
    assert_eq!(arrays.len(), 5040, "8! / (2! 2! 2!) arrangements");
    assert_eq!(numbered, 960);
}

fn permutations(items: &mut Vec<Role>, k: usize, visit: &mut dyn FnMut(&[Role])) {
    if k == items.len() {
        visit(items);
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, visit);
        items.swap(k, i);
    }
}

#[test]
fn known_numbers() {
    assert_eq!(letters(&back_rank(0).unwrap()), "BBQNNRKR");
    assert_eq!(letters(&back_rank(1).unwrap()), "BQNBNRKR");
    assert_eq!(letters(&back_rank(518).unwrap()), "RNBQKBNR");
    assert_eq!(letters(&back_rank(959).unwrap()), "RKRNNQBB");
}

#[test]
fn number_518_is_the_classical_start_in_chess960_mode() {
    let p = start_position(518).unwrap();
    assert_eq!(p.castling_mode(), CastlingMode::Chess960);
    let mut classical = Position::new();
    classical.set_castling_mode(CastlingMode::Chess960);
    assert_eq!(p, classical);
}

#[test]
fn start_positions_mirror_with_pawns_and_four_rights() {
    for n in 0..COUNT {
        let p = start_position(n).unwrap();
        let rank = back_rank(n).unwrap();
        assert_eq!(p.turn(), Color::White);
        assert_eq!((p.halfmoves(), p.fullmoves()), (0, 1));
        assert_eq!(p.castling_mode(), CastlingMode::Chess960);
        for (file, role) in File::ALL.into_iter().zip(rank) {
            for (color, back, pawns) in [
                (Color::White, Rank::FIRST, Rank::SECOND),
                (Color::Black, Rank::EIGHTH, Rank::SEVENTH),
            ] {
                assert_eq!(
                    p.piece_at(Square::from_coords(file, back)),
                    Some(role.of(color))
                );
                assert_eq!(
                    p.piece_at(Square::from_coords(file, pawns)),
                    Some(Role::Pawn.of(color))
                );
            }
        }
        let rooks: Vec<u8> = (0..8).filter(|&i| rank[i as usize] == Role::Rook).collect();
        for color in Color::ALL {
            let back = color.fold(Rank::FIRST, Rank::EIGHTH);
            let q = p.castles().rook(color, CastlingSide::QueenSide);
            let k = p.castles().rook(color, CastlingSide::KingSide);
            assert_eq!(
                q,
                Some(Square::from_coords(File::new(rooks[0]).unwrap(), back))
            );
            assert_eq!(
                k,
                Some(Square::from_coords(File::new(rooks[1]).unwrap(), back))
            );
        }
    }
}

/// shakmaty reads our FEN of every start position and agrees on the placement, the rights
/// and the number of move sequences three plies deep (which exercises castling where a
/// start position allows it soon, e.g. with king and rook side by side).
#[test]
fn every_start_position_agrees_with_shakmaty() {
    for n in 0..COUNT {
        let p = start_position(n).unwrap();
        let fen = p.fen();
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap_or_else(|e| panic!("{n}: shakmaty cannot read {fen}: {e}"))
            .into_position(ShakmatyMode::Chess960)
            .unwrap_or_else(|e| panic!("{n}: shakmaty refuses {fen}: {e}"));
        let back_fen = Fen::from_position(&theirs, shakmaty::EnPassantMode::Legal).to_string();
        assert_eq!(
            back_fen.split(' ').next(),
            fen.split(' ').next(),
            "{n}: placement"
        );
        assert_eq!(theirs.castles().castling_rights().count(), 4, "{n}: {fen}");
        assert_eq!(perft(&p, 3), shakmaty::perft(&theirs, 3), "{n}: {fen}");
    }
}

#[test]
fn random_start_is_deterministic_and_covers_all_numbers() {
    assert_eq!(random_start(42).0, random_start(42).0);
    assert_eq!(random_start(42).1, random_start(42).1);
    let mut counts = vec![0u32; 960];
    let draws = 96_000u64;
    for seed in 0..draws {
        let (n, p) = random_start(seed);
        counts[usize::from(n)] += 1;
        if seed < 50 {
            assert_eq!(Some(p), start_position(n));
        }
    }
    // Expected 100 each; a fair draw stays well within 50..160 (about six standard deviations).
    let (min, max) = (*counts.iter().min().unwrap(), *counts.iter().max().unwrap());
    assert!(min >= 50 && max <= 160, "min {min}, max {max}");
    // Consecutive seeds must not walk through neighbouring numbers.
    let firsts: Vec<u16> = (0..10).map(|s| random_start(s).0).collect();
    assert!(
        firsts.windows(2).any(|w| w[0].abs_diff(w[1]) > 10),
        "{firsts:?}"
    );
}

/// The Chess960 perft file's order is that of Ethereal's list, not the Scharnagl numbers, and
/// its positions are a few moves into the game: it tests move generation (see
/// `tests/perft.rs`), not this numbering. Guard that assumption, so nobody relies on it.
#[test]
fn chess960_perft_order_is_not_scharnagl_numbering() {
    let cases = common::read_perft("perft/chess960.txt");
    assert_eq!(cases.len(), 960);
    let start_boards: Vec<String> = (0..COUNT)
        .map(|n| start_position(n).unwrap().board().board_fen())
        .collect();
    let matching = cases
        .iter()
        .filter(|c| c.epd.split(' ').next() == Some(start_boards[c.index].as_str()))
        .count();
    assert!(
        matching < 960,
        "the file order would be the Scharnagl numbering after all"
    );
}
