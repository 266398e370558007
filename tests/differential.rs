//! Differential tests: vichess against shakmaty, an independent implementation, on seeded random
//! games in standard chess and Chess960.
//!
//! At every ply of every game both libraries must agree on the legal moves (as UCI triples), on
//! check, checkmate and stalemate, on insufficient material, on SAN and on the FEN; vichess's
//! FEN must also read back to the same position. The games are random but seeded, so a failure
//! names a game that can be replayed.
//!
//! In Chess960 shakmaty writes X-FEN castling rights exactly as vichess does (`KQkq` for the
//! outermost rook on a wing, the file letter otherwise), so the FEN text is compared as is.
//!
//! Each test plays [`GAMES`] games, about 570,000 plies and 2.2 million SAN strings: the whole
//! suite must run in two minutes on two cores, and these two tests were a tenth of its
//! processor time at 5,000 games each. `VICHESS_DIFFERENTIAL_GAMES=N` plays N games a test,
//! from the same seeds, for a longer run by hand.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode as ShakMode, Chess, EnPassantMode, Position as _};
use std::fmt::Write as _;
use vichess::rules::dead::insufficient_material;
use vichess::rules::notation::san;
use vichess::rules::{CastlingMode, Move, Position};

/// Games per test, unless `VICHESS_DIFFERENTIAL_GAMES` asks for more (see the module's
/// documentation): the coverage counts asserted below are met with room at this number.
const GAMES: u64 = 3_000;

/// The games each test plays.
fn games() -> u64 {
    match std::env::var("VICHESS_DIFFERENTIAL_GAMES") {
        Ok(n) => n.parse().unwrap_or_else(|_| {
            panic!("VICHESS_DIFFERENTIAL_GAMES={n:?} is not a number of games")
        }),
        Err(_) => GAMES,
    }
}

/// Enough for random games to reach endgames, promotions and the odd mate, short enough for
/// the whole file to stay well under a minute.
const MAX_PLIES: usize = 200;

/// SAN for every legal move at every ply (about 30 per ply) is most of the cost: on two
/// shared cores the 10,000 games took 86 s with it and 11 s without. So one game in ten
/// compares the SAN of every legal move, and every other game the SAN of the move it plays:
/// about 2.2 million SAN strings per test (one game in five gave 3.7 million, all agreeing,
/// for 28 % more of these tests' CPU). Moves are compared as integer
/// keys and shakmaty's SAN is written into one reused buffer, so the comparison, not its
/// bookkeeping, is the cost.
const SAN_EVERY_MOVE_ONE_GAME_IN: u64 = 10;

/// xorshift64*: tiny, seeded, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // Any non-zero state works; mixing the seed keeps nearby seeds apart.
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The Chess960 starting array number `n` (0-959) in the standard numbering, as a FEN with
/// Shredder castling rights. Written out here rather than borrowed so the oracle stays
/// independent of the code under test.
fn chess960_fen(n: usize) -> String {
    assert!(n < 960, "Chess960 arrays are numbered 0 to 959, not {n}");
    let mut rank = [None::<char>; 8];
    let mut n = n;
    rank[1 + 2 * (n % 4)] = Some('B');
    n /= 4;
    rank[2 * (n % 4)] = Some('B');
    n /= 4;
    let place_in_nth_empty = |rank: &mut [Option<char>; 8], nth: usize, piece: char| {
        let file = (0..8)
            .filter(|&f| rank[f].is_none())
            .nth(nth)
            .expect("enough empty files");
        rank[file] = Some(piece);
    };
    place_in_nth_empty(&mut rank, n % 6, 'Q');
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] = [
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
    let (a, b) = KNIGHTS[n];
    // Place the second knight first so the first one's index is not shifted.
    place_in_nth_empty(&mut rank, b, 'N');
    place_in_nth_empty(&mut rank, a, 'N');
    for piece in ['R', 'K', 'R'] {
        place_in_nth_empty(&mut rank, 0, piece);
    }
    let white: String = rank.iter().map(|p| p.expect("full rank")).collect();
    let rook_files: Vec<char> = (0..8)
        .filter(|&f| rank[f] == Some('R'))
        .map(|f| (b'a' + f as u8) as char)
        .collect();
    let rights: String = rook_files
        .iter()
        .rev()
        .map(|f| f.to_ascii_uppercase())
        .chain(rook_files.iter().rev().copied())
        .collect();
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {rights} - 0 1",
        white.to_ascii_lowercase()
    )
}

/// A move as UCI's (from, to, promotion) packed into an integer: from and to as 0 (a1) to 63
/// (h8), the promotion as its lower-case letter. Comparing these instead of strings keeps the
/// test's own bookkeeping out of its running time.
type Key = u32;

fn key(from: u8, to: u8, promotion: Option<char>) -> Key {
    u32::from(from) | u32::from(to) << 6 | promotion.map_or(0, u32::from) << 12
}

/// The UCI text of a key, for failure messages only.
fn key_text(k: Key) -> String {
    let square = |i: u32| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1);
    let mut s = square(k & 63) + &square(k >> 6 & 63);
    if let Some(p) = char::from_u32(k >> 12).filter(|&c| c != '\0') {
        s.push(p);
    }
    s
}

/// A vichess move's key in UCI: castling as the king's two-square step in standard chess, as
/// "king takes own rook" in Chess960 (the UCI convention of both).
fn our_key(m: &Move, mode: CastlingMode) -> Key {
    let to = match (m, mode) {
        (Move::Castle { .. }, CastlingMode::Standard) => m.king_to(),
        _ => m.to(),
    };
    key(
        m.from().index(),
        to.index(),
        m.promotion().map(|p| p.char().to_ascii_lowercase()),
    )
}

/// shakmaty's move's key, through its own UCI conversion.
fn their_key(m: &shakmaty::Move, mode: ShakMode) -> Key {
    match m.to_uci(mode) {
        shakmaty::uci::UciMove::Normal {
            from,
            to,
            promotion,
        } => key(u8::from(from), u8::from(to), promotion.map(|r| r.char())),
        other => panic!("shakmaty gave a non-normal UCI move {other} in plain chess"),
    }
}

/// Compares shakmaty's SAN of `theirs_move` with vichess's, writing shakmaty's into `buf`.
fn assert_same_san(
    ours: &Position,
    m: &Move,
    theirs: &Chess,
    theirs_move: shakmaty::Move,
    buf: &mut String,
    ctx: impl Fn() -> String,
) {
    buf.clear();
    write!(buf, "{}", SanPlus::from_move(theirs.clone(), theirs_move)).expect("write to a String");
    let our_san = san(ours, m);
    assert_eq!(
        our_san,
        *buf,
        "{}: SAN of {}",
        ctx(),
        key_text(our_key(m, ours.castling_mode()))
    );
}

fn shak_mode(mode: CastlingMode) -> ShakMode {
    match mode {
        CastlingMode::Standard => ShakMode::Standard,
        CastlingMode::Chess960 => ShakMode::Chess960,
    }
}

/// What the random games went through, so the test can insist the comparison saw the hard
/// cases and not only quiet moves.
#[derive(Default, Debug)]
struct Coverage {
    games: usize,
    plies: usize,
    checks: usize,
    checkmates: usize,
    stalemates: usize,
    castlings: usize,
    en_passants: usize,
    promotions: usize,
    /// Positions whose FEN carries an en passant square.
    ep_in_fen: usize,
    /// Positions neither side can win by material (shakmaty's verdict).
    insufficient: usize,
    /// SAN strings compared.
    sans: usize,
}

/// Plays one seeded random game from `fen`, comparing both libraries at every ply.
fn play_game(seed: u64, fen: &str, mode: CastlingMode, cov: &mut Coverage) {
    let mut rng = Rng::new(seed);
    let mut ours = Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut theirs: Chess = fen
        .parse::<Fen>()
        .expect("shakmaty reads the FEN")
        .into_position(shak_mode(mode))
        .expect("shakmaty accepts the position");
    let mut history: Vec<Key> = Vec::new();
    let mut san_buf = String::new();
    let mut by_key: Vec<(Key, Move)> = Vec::new();
    let mut theirs_by_key: Vec<(Key, shakmaty::Move)> = Vec::new();
    cov.games += 1;

    for _ in 0..MAX_PLIES {
        let ctx = || {
            let moves: Vec<String> = history.iter().map(|&k| key_text(k)).collect();
            format!("game seed {seed} from {fen}, after {}", moves.join(" "))
        };

        // Legal moves, as sorted UCI keys: equal lists pair each move with its counterpart.
        let ours_moves = ours.legal_moves();
        by_key.clear();
        by_key.extend(ours_moves.iter().map(|m| (our_key(m, mode), *m)));
        by_key.sort_unstable_by_key(|&(k, _)| k);
        if let Some(w) = by_key.windows(2).find(|w| w[0].0 == w[1].0) {
            panic!("{}: vichess lists {} twice", ctx(), w[0].1);
        }
        theirs_by_key.clear();
        theirs_by_key.extend(
            theirs
                .legal_moves()
                .into_iter()
                .map(|m| (their_key(&m, shak_mode(mode)), m)),
        );
        theirs_by_key.sort_unstable_by_key(|&(k, _)| k);
        if !by_key
            .iter()
            .map(|&(k, _)| k)
            .eq(theirs_by_key.iter().map(|&(k, _)| k))
        {
            let text = |keys: &mut dyn Iterator<Item = Key>| -> Vec<String> {
                keys.map(key_text).collect()
            };
            panic!(
                "{}: legal moves differ:\n vichess  {:?}\n shakmaty {:?}",
                ctx(),
                text(&mut by_key.iter().map(|&(k, _)| k)),
                text(&mut theirs_by_key.iter().map(|&(k, _)| k))
            );
        }

        // Check, mate and stalemate verdicts.
        assert_eq!(ours.is_check(), theirs.is_check(), "{}: check", ctx());
        assert_eq!(
            ours.is_checkmate(),
            theirs.is_checkmate(),
            "{}: checkmate",
            ctx()
        );
        assert_eq!(
            ours.is_stalemate(),
            theirs.is_stalemate(),
            "{}: stalemate",
            ctx()
        );

        // FEN: the same text as shakmaty's (X-FEN castling in Chess960), and it reads back.
        let our_fen = ours.fen();
        let their_fen = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
        assert_eq!(our_fen, their_fen, "{}: FEN", ctx());
        let reread = Position::from_fen(&our_fen, mode)
            .unwrap_or_else(|e| panic!("{}: own FEN {our_fen} refused: {e}", ctx()));
        assert_eq!(
            reread,
            ours,
            "{}: FEN {our_fen} reads back differently",
            ctx()
        );

        // SAN, check and mate marks included: for every legal move in one game of
        // SAN_EVERY_MOVE_ONE_GAME_IN, for the move played everywhere else (see that constant).
        if seed.is_multiple_of(SAN_EVERY_MOVE_ONE_GAME_IN) {
            for ((_, m), &(_, theirs_move)) in by_key.iter().zip(&theirs_by_key) {
                assert_same_san(&ours, m, &theirs, theirs_move, &mut san_buf, ctx);
                cov.sans += 1;
            }
        }

        assert_eq!(
            insufficient_material(&ours),
            theirs.is_insufficient_material(),
            "{}: insufficient material",
            ctx()
        );

        cov.plies += 1;
        cov.insufficient += usize::from(theirs.is_insufficient_material());
        cov.checks += usize::from(ours.is_check());
        cov.ep_in_fen += usize::from(ours.legal_ep_square().is_some());
        if ours_moves.is_empty() {
            cov.checkmates += usize::from(ours.is_checkmate());
            cov.stalemates += usize::from(ours.is_stalemate());
            return;
        }

        // Uniformly random games rarely castle or take en passant; favour those moves when
        // they are on offer so the comparison sees them thousands of times.
        let special: Vec<Move> = ours_moves
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Castle { .. } | Move::EnPassant { .. }))
            .collect();
        let m = if !special.is_empty() && rng.below(2) == 0 {
            special[rng.below(special.len())]
        } else {
            ours_moves[rng.below(ours_moves.len())]
        };
        let k = our_key(&m, mode);
        let theirs_move = theirs_by_key[theirs_by_key
            .binary_search_by_key(&k, |&(k, _)| k)
            .expect("the lists are equal")]
        .1;
        cov.castlings += usize::from(matches!(m, Move::Castle { .. }));
        cov.en_passants += usize::from(m.is_en_passant());
        cov.promotions += usize::from(m.promotion().is_some());
        assert_same_san(&ours, &m, &theirs, theirs_move, &mut san_buf, ctx);
        cov.sans += 1;
        ours.play_unchecked(&m);
        theirs.play_unchecked(theirs_move);
        history.push(k);
    }
}

#[test]
fn chess960_numbering_matches_the_known_arrays() {
    // Array 518 is the standard one; 0 and 959 are the ends of the published table.
    assert!(chess960_fen(518).starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha"));
    assert!(
        chess960_fen(0).starts_with("bbqnnrkr/"),
        "{}",
        chess960_fen(0)
    );
    assert!(
        chess960_fen(959).ends_with("/RKRNNQBB w CAca - 0 1"),
        "{}",
        chess960_fen(959)
    );
    // Every array is a legal start for shakmaty: bishops on opposite colours, king between
    // the rooks, all 960 distinct.
    let mut seen = std::collections::BTreeSet::new();
    for n in 0..960 {
        let fen = chess960_fen(n);
        let pos: Result<Chess, _> = fen
            .parse::<Fen>()
            .expect("FEN syntax")
            .into_position(ShakMode::Chess960);
        assert!(pos.is_ok(), "array {n}: {fen}");
        let back_rank = fen.split('/').nth(7).expect("8 ranks")[..8].to_owned();
        let bishops: Vec<usize> = back_rank.match_indices('B').map(|(i, _)| i).collect();
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "array {n}: {back_rank}");
        let k = back_rank.find('K').expect("king");
        assert!(back_rank.find('R') < Some(k) && back_rank.rfind('R') > Some(k));
        assert!(seen.insert(back_rank), "array {n} repeats");
    }
}

#[test]
fn vichess_chess960_arrays_match_the_independent_numbering() {
    for n in 0..960u16 {
        let ours = vichess::rules::chess960::start_position(n)
            .unwrap_or_else(|| panic!("vichess has no array {n}"));
        let expected = Position::from_fen(&chess960_fen(n.into()), CastlingMode::Chess960)
            .expect("independent FEN is valid");
        assert_eq!(ours, expected, "array {n}");
    }
    assert!(vichess::rules::chess960::start_position(960).is_none());
}

#[test]
fn standard_random_games_agree_with_shakmaty() {
    let mut cov = Coverage::default();
    let games = games();
    for seed in 0..games {
        play_game(
            seed,
            vichess::rules::STARTING_FEN,
            CastlingMode::Standard,
            &mut cov,
        );
    }
    eprintln!("standard: {cov:?}");
    assert_eq!(cov.games as u64, games);
    assert!(cov.checkmates >= 50, "{cov:?}");
    assert!(cov.stalemates >= 10, "{cov:?}");
    assert!(cov.castlings >= 1_000, "{cov:?}");
    assert!(cov.en_passants >= 100, "{cov:?}");
    assert!(cov.promotions >= 1_000, "{cov:?}");
    assert!(cov.ep_in_fen >= 100, "{cov:?}");
    assert!(cov.insufficient >= 20, "{cov:?}");
    assert!(cov.sans >= 1_000_000, "{cov:?}");
}

#[test]
fn chess960_random_games_agree_with_shakmaty() {
    let mut cov = Coverage::default();
    let games = games();
    for seed in 0..games {
        let array = Rng::new(seed ^ 0x960).below(960);
        play_game(
            1_000_000 + seed,
            &chess960_fen(array),
            CastlingMode::Chess960,
            &mut cov,
        );
    }
    eprintln!("chess960: {cov:?}");
    assert_eq!(cov.games as u64, games);
    assert!(cov.checkmates >= 50, "{cov:?}");
    assert!(cov.castlings >= 1_000, "{cov:?}");
    assert!(cov.en_passants >= 100, "{cov:?}");
    assert!(cov.promotions >= 1_000, "{cov:?}");
    assert!(cov.insufficient >= 20, "{cov:?}");
    assert!(cov.sans >= 1_000_000, "{cov:?}");
}
