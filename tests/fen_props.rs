//! Property tests for FEN: whatever text comes in (typed by a person, pasted, read from a damaged
//! file) the reader answers with a position or an error, never a crash; and whatever it accepts,
//! it writes back as a FEN that reads to the very same position.

use proptest::prelude::*;
use vichess::rules::fen::parse_setup;
use vichess::rules::{CastlingMode, CastlingStyle, Position, STARTING_FEN};

const MODES: [CastlingMode; 2] = [CastlingMode::Standard, CastlingMode::Chess960];

/// Valid FENs to mutate: standard, castling and en passant subtleties, Chess960 arrays with
/// Shredder and X-FEN rights, promotions, and a bare four-field EPD.
const SEEDS: [&str; 10] = [
    STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 0 1",
    "rk2r2r/8/8/8/8/8/8/RK2R2R w Ee - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 b - - 99 80",
];

/// The characters a FEN is made of, plus a few that must be refused.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6', '7',
    '8', '9', '0', '/', ' ', 'w', '-', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'A', 'E', 'H', 'x', 'é',
    '\t',
];

/// One edit of a FEN: replace, delete or insert a character at a position.
#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, char),
    Delete(usize),
    Insert(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = proptest::sample::select(ALPHABET);
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Insert(i, c)),
    ]
}

fn apply(fen: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    for e in edits {
        match *e {
            Edit::Replace(i, c) if !chars.is_empty() => {
                let i = i % chars.len();
                chars[i] = c;
            }
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % chars.len());
            }
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Reads `fen` in every way a caller can; if a mode accepts it, checks the round trip. Returns
/// how many modes accepted it.
fn read_every_way(fen: &str) -> Result<usize, TestCaseError> {
    let _ = parse_setup(fen);
    let mut accepted = 0;
    for mode in MODES {
        let Ok(pos) = Position::from_fen(fen, mode) else {
            continue;
        };
        accepted += 1;
        check_round_trip(&pos, mode)?;
        // The move generator must cope with whatever the reader lets through.
        let moves = pos.legal_moves();
        prop_assert_eq!(pos.has_legal_move(), !moves.is_empty());
    }
    Ok(accepted)
}

fn check_round_trip(pos: &Position, mode: CastlingMode) -> Result<(), TestCaseError> {
    let fen = pos.fen();
    let again = Position::from_fen(&fen, mode);
    prop_assert_eq!(again.as_ref(), Ok(pos), "FEN {} did not read back", fen);
    // Writing the re-read position gives the same text.
    prop_assert_eq!(again.expect("checked").fen(), fen);
    if mode == CastlingMode::Chess960 {
        let shredder = pos.fen_with(CastlingStyle::Shredder);
        let again = Position::from_fen(&shredder, mode);
        prop_assert_eq!(again.as_ref(), Ok(pos), "Shredder-FEN {}", shredder);
    }
    Ok(())
}

/// An 8x8 placement with one king each and no pawn on the first or last rank, written as a
/// FEN board field: random, but near enough to real positions that many are accepted, so the
/// round trip is exercised and not only the error paths.
fn placement() -> impl Strategy<Value = String> {
    let men = proptest::collection::vec(
        prop_oneof![
            6 => Just(None),
            1 => proptest::sample::select(&['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'][..])
                .prop_map(Some),
        ],
        64,
    );
    (men, 0..64usize, 0..64usize).prop_map(|(mut men, wk, bk)| {
        men[wk] = Some('K');
        if bk != wk {
            men[bk] = Some('k');
        }
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let mut man = men[rank * 8 + file];
                if (rank == 0 || rank == 7) && matches!(man, Some('P' | 'p')) {
                    man = None;
                }
                match man {
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    })
}

fn castling_field() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("-".to_owned()),
        "[KQkq]{1,4}",
        "[A-H]{0,2}[a-h]{0,2}".prop_map(|s| if s.is_empty() { "-".to_owned() } else { s }),
    ]
}

/// A seeded random game: the positions met along the way must round-trip too.
fn random_game(seed: u64, start: &str, mode: CastlingMode) -> Result<(), TestCaseError> {
    let mut state = seed | 1;
    let mut pos = Position::from_fen(start, mode).expect("seed FEN is valid");
    for _ in 0..150 {
        check_round_trip(&pos, mode)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        pos.play_unchecked(&moves[(state % moves.len() as u64) as usize]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,100}") {
        read_every_way(&text)?;
    }

    #[test]
    fn text_from_the_fen_alphabet_never_panics(
        text in proptest::collection::vec(proptest::sample::select(ALPHABET), 0..90)
    ) {
        let text: String = text.into_iter().collect();
        read_every_way(&text)?;
    }

    #[test]
    fn mutated_fens_never_panic_and_round_trip(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec(edit(), 1..5),
    ) {
        read_every_way(&apply(SEEDS[seed], &edits))?;
    }

    #[test]
    fn random_placements_round_trip(
        board in placement(),
        white in any::<bool>(),
        castling in castling_field(),
        ep in prop_oneof![3 => Just("-".to_owned()), 1 => "[a-h][36]"],
        halfmoves in 0..200u32,
        fullmoves in 0..300u32,
    ) {
        let turn = if white { 'w' } else { 'b' };
        let fen = format!("{board} {turn} {castling} {ep} {halfmoves} {fullmoves}");
        read_every_way(&fen)?;
    }

    #[test]
    fn positions_of_random_games_round_trip(seed in any::<u64>(), chess960 in any::<bool>()) {
        if chess960 {
            random_game(seed, SEEDS[(seed % 3) as usize + 6], CastlingMode::Chess960)?;
        } else {
            random_game(seed, STARTING_FEN, CastlingMode::Standard)?;
        }
    }
}

#[test]
fn every_seed_is_valid_and_round_trips() {
    for fen in SEEDS {
        let accepted = read_every_way(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(accepted >= 1, "no mode accepts seed FEN {fen}");
    }
}

#[test]
fn the_placement_generator_often_yields_accepted_positions() {
    // Guards the round-trip property above against passing vacuously on errors alone.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = placement();
    let accepted = (0..500)
        .filter(|_| {
            let board = strategy.new_tree(&mut runner).expect("value").current();
            Position::from_fen(&format!("{board} w - - 0 1"), CastlingMode::Standard).is_ok()
        })
        .count();
    assert!(
        accepted >= 100,
        "only {accepted} of 500 placements accepted"
    );
}

#[test]
fn a_castling_letter_without_its_rook_is_refused_promptly() {
    // `K` with the only rook on the a-side: the search for an h-side rook once never ended.
    for (fen, wing) in [
        ("r3k3/8/8/8/8/8/8/R3K3 w K - 0 1", "h-side"),
        ("4k2r/8/8/8/8/8/8/4K2R b q - 0 1", "a-side"),
    ] {
        for mode in MODES {
            let e = Position::from_fen(fen, mode).expect_err(fen);
            assert!(e.to_string().contains(wing), "{fen}: {e}");
        }
    }
}
