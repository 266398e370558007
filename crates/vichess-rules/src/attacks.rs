//! Which squares a man attacks (Art. 3.1.2-3.1.3): lookup tables.
//!
//! Leapers use small tables built at compile time. Sliders use "fancy" magic bitboards: the
//! relevant blockers of a square are multiplied by a magic number whose top bits index a
//! shared table. The magic numbers were found once by a seeded random search (the tests
//! re-check every one of them); the table itself is filled on first use, in about a
//! millisecond, because a compile-time fill would slow every build.

use super::bitboard::Bitboard;
use super::color::Color;
use super::role::Role;
use super::square::Square;
use std::sync::LazyLock;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn step_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 8) as i8 + deltas[i].0;
            let r = (sq / 8) as i8 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table(color: Color) -> [u64; 64] {
    let dr = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    step_table(&[(-1, dr), (1, dr)])
}

static KNIGHT_ATTACKS: [u64; 64] = step_table(&KNIGHT_DELTAS);
static KING_ATTACKS: [u64; 64] = step_table(&KING_DELTAS);
static PAWN_ATTACKS: [[u64; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// Slow reference sliding attacks: also the ground truth the magic tables are filled from.
const fn slide(sq: u8, occupied: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i8 + df;
        let mut r = (sq / 8) as i8 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `sq`: its rays minus the board edge.
const fn relevant_mask(sq: u8, dirs: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i8 + df;
        let mut r = (sq / 8) as i8 + dr;
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<u64>,
    /// Squares strictly between two squares on a common line, else empty.
    between: Vec<[u64; 64]>,
    /// The whole line (edge to edge) through two squares, else empty.
    line: Vec<[u64; 64]>,
}

fn build_magics(magics: &[u64; 64], dirs: &[(i8, i8); 4], attacks: &mut Vec<u64>) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    for sq in 0..64u8 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let m = Magic {
            mask,
            magic: magics[sq as usize],
            shift: 64 - bits,
            offset: attacks.len(),
        };
        attacks.resize(attacks.len() + (1 << bits), 0);
        // Carry-rippler: enumerate every subset of the mask.
        let mut subset = 0u64;
        loop {
            let idx = m.offset + (subset.wrapping_mul(m.magic) >> m.shift) as usize;
            attacks[idx] = slide(sq, subset, dirs);
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        out[sq as usize] = m;
    }
    out
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut attacks = Vec::with_capacity(107_648);
    let rook = build_magics(&ROOK_MAGICS, &ROOK_DIRS, &mut attacks);
    let bishop = build_magics(&BISHOP_MAGICS, &BISHOP_DIRS, &mut attacks);
    let mut between = vec![[0u64; 64]; 64];
    let mut line = vec![[0u64; 64]; 64];
    for a in 0..64u8 {
        for (dirs, _) in [(&ROOK_DIRS, 0), (&BISHOP_DIRS, 1)] {
            let rays = slide(a, 0, dirs);
            for b in 0..64u8 {
                if a != b && rays & (1 << b) != 0 {
                    let from_b = slide(b, 0, dirs);
                    between[a as usize][b as usize] =
                        slide(a, 1 << b, dirs) & slide(b, 1 << a, dirs);
                    line[a as usize][b as usize] = (rays & from_b) | (1 << a) | (1 << b);
                }
            }
        }
    }
    Tables {
        rook,
        bishop,
        attacks,
        between,
        line,
    }
});

#[inline]
fn magic_lookup(t: &Tables, m: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // SAFETY-free: the index is in bounds by construction; a bounds check is cheap here.
    Bitboard(t.attacks[m.offset + idx])
}

/// The squares a knight on `sq` attacks; looked up, not computed, as move generation asks often.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT_ATTACKS[sq.index() as usize])
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING_ATTACKS[sq.index() as usize])
}

/// The two squares a pawn of `color` on `sq` attacks (captures only, 3.7.3): pawns never
/// attack the square in front of them, which matters for castling across it.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKS[color.index()][sq.index() as usize])
}

/// The squares a rook on `sq` attacks, stopping at the first man in each direction of `occupied`.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.rook[sq.index() as usize], occupied)
}

/// The squares a bishop on `sq` attacks, stopping at the first man in each direction of `occupied`.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.bishop[sq.index() as usize], occupied)
}

/// Rook and bishop attacks together.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Attacks of any man; `color` matters only for pawns.
#[inline]
pub fn attacks(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index() as usize][b.index() as usize])
}

/// The full line through `a` and `b`, or empty when they share none: a pinned man may move
/// only along the line through its king and the pinner.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index() as usize][b.index() as usize])
}

/// `true` when the three squares lie on one line.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

pub(super) const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];
pub(super) const BISHOP_MAGICS: [u64; 64] = [
    0xa010041108003100,
    0x006082020a002900,
    0x6810010619200000,
    0x08281a0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040a0210245280,
    0x000200210808a402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202c0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208b0542109008a2,
    0x0080084a08040204,
    0x0040e2a80811244c,
    0x2505022008008108,
    0x0430220100420040,
    0x010a040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000a62048043004,
    0x280120048a015004,
    0x006090002a020814,
    0x44042000240800d0,
    0x01102800040a4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500c05021,
    0x0088611002080200,
    0x0116080a00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002e00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221c0400,
    0x0422014022009020,
    0x0210046102100c00,
    0xc004008082029102,
    0x00aa461801101200,
    0x0404080080201108,
    0x020542108c205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400c0,
    0x0200100410a42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800c262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012a02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_magic_matches_the_slow_reference_for_every_occupancy() {
        for sq in Square::all() {
            for (dirs, lookup) in [
                (&ROOK_DIRS, rook_attacks as fn(Square, Bitboard) -> Bitboard),
                (
                    &BISHOP_DIRS,
                    bishop_attacks as fn(Square, Bitboard) -> Bitboard,
                ),
            ] {
                let mask = relevant_mask(sq.index(), dirs);
                let mut subset = 0u64;
                loop {
                    // Noise outside the mask must not change the answer.
                    let noisy = subset | (!mask & 0x0123_4567_89ab_cdef);
                    assert_eq!(
                        lookup(sq, Bitboard(noisy)).0,
                        slide(sq.index(), noisy, dirs),
                        "square {sq}"
                    );
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn leaper_tables_know_the_corners() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::H8).count(), 3);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from_square(Square::D5) | Square::F5
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A7),
            Bitboard::from_square(Square::B6)
        );
    }

    #[test]
    fn between_and_line() {
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from_square(Square::B2) | Square::C3
        );
        assert!(between(Square::A1, Square::B3).is_empty());
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert!(aligned(Square::E1, Square::E4, Square::E8));
        assert!(!aligned(Square::E1, Square::F3, Square::G5));
    }
}
