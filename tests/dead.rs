//! Dead positions (5.2.2) and "cannot mate" (5.1.2, 6.9, 7.5.5).
//!
//! Every "alive" or "can mate" expectation below names the helpmate that proves it, and every
//! "dead" one the reason; the helpmates are checked by playing them.

use shakmaty::{fen::Fen, CastlingMode as ShakmatyMode, Chess, Position as _};
use vichess::rules::bitboard::Bitboard;
use vichess::rules::board::Board;
use vichess::rules::dead::{
    cannot_mate, dead_position, find_guided_helpmate, find_helpmate, insufficient_material,
    is_dead, material_cannot_mate, MateAbility, Verdict,
};
use vichess::rules::{attacks, CastlingMode, Color, Position, Role, Setup, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn shakmaty_insufficient(fen: &str) -> bool {
    let p: Chess = Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(ShakmatyMode::Standard)
        .unwrap();
    p.is_insufficient_material()
}

fn assert_dead(fen: &str) {
    let p = pos(fen);
    assert_eq!(dead_position(&p), Verdict::Dead, "{fen}");
    assert!(is_dead(&p), "{fen}");
    for side in Color::ALL {
        assert_eq!(
            cannot_mate(&p, side),
            MateAbility::CannotMate,
            "{fen}: {side}"
        );
    }
}

/// Plays the helpmate found for `winner` and checks it ends in `winner`'s mate.
fn assert_helpmate(fen: &str, winner: Color, max_plies: u32) {
    let p = pos(fen);
    let line = find_helpmate(&p, winner, max_plies, 5_000_000)
        .unwrap_or_else(|| panic!("{fen}: no helpmate for {winner} in {max_plies}"));
    let mut q = p.clone();
    for m in &line {
        q = q.play(m).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
    assert!(q.is_checkmate(), "{fen}: {line:?}");
    assert_eq!(q.turn(), !winner, "{fen}: the wrong side is mated");
}

#[test]
fn king_against_king_is_dead() {
    assert_dead("8/8/3k4/8/8/4K3/8/8 w - - 0 1");
}

#[test]
fn king_and_minor_piece_against_king_is_dead() {
    assert_dead("8/8/3k4/8/8/4KN2/8/8 w - - 0 1");
    assert_dead("8/8/3k4/8/8/4KB2/8/8 b - - 0 1");
    assert_dead("8/8/3kn3/8/8/4K3/8/8 w - - 0 1");
    assert_dead("8/8/3kb3/8/8/4K3/8/8 w - - 0 1");
}

#[test]
fn bishops_all_on_one_colour_are_dead() {
    // f1 and c8 are both light squares.
    assert_dead("2b5/8/3k4/8/8/4K3/8/5B2 w - - 0 1");
    // Many bishops, all on dark squares (a1, c3, e5 white; h8 black).
    assert_dead("2k4b/8/8/4B3/8/2B1K3/8/B7 w - - 0 1");
    assert_dead("b5b1/1b6/3k4/8/8/4K3/8/1B1B1B1B w - - 0 1");
}

#[test]
fn bishops_of_opposite_colours_are_alive() {
    // White Kg6, Bc7 (dark); Black Kh8, Bg8 (light). Be5 mates: g8 blocks its own king.
    let fen = "6bk/2B5/6K1/8/8/8/8/8 w - - 0 1";
    assert_eq!(dead_position(&pos(fen)), Verdict::Alive);
    assert_eq!(cannot_mate(&pos(fen), Color::White), MateAbility::CanMate);
    assert_helpmate(fen, Color::White, 1);
    assert!(!insufficient_material(&pos(fen)));
    assert!(!shakmaty_insufficient(fen));
}

#[test]
fn knight_against_pawn_is_alive_for_both() {
    // White Kc2, Nd4; Black Ka1, a2. Nb3 mates: the pawn blocks a2.
    let fen = "8/8/8/8/3N4/8/p1K5/k7 w - - 0 1";
    assert_eq!(dead_position(&pos(fen)), Verdict::Alive);
    assert_eq!(cannot_mate(&pos(fen), Color::White), MateAbility::CanMate);
    assert_helpmate(fen, Color::White, 1);
    // The pawn side: Black Kf2, g3; White Kh1, Nh2. g2 mates (the knight blocks h2).
    let fen = "8/8/8/8/8/6p1/5k1N/7K b - - 0 1";
    assert_eq!(cannot_mate(&pos(fen), Color::Black), MateAbility::CanMate);
    assert_helpmate(fen, Color::Black, 1);
    // With the material alone it is never "insufficient" for either side.
    assert!(!insufficient_material(&pos(fen)));
}

#[test]
fn two_knights_against_king_are_not_dead() {
    // White Kg6, Ne7, Ng5; Black Kh8. Nf7 mates.
    let fen = "7k/4N3/6K1/6N1/8/8/8/8 w - - 0 1";
    assert_eq!(dead_position(&pos(fen)), Verdict::Alive);
    assert_helpmate(fen, Color::White, 1);
    // From a position far from any mate the search may not find it, but it is never dead.
    let far = pos("8/8/8/3k4/8/8/8/NK5N w - - 0 1");
    assert_ne!(dead_position(&far), Verdict::Dead);
    assert_ne!(cannot_mate(&far, Color::White), MateAbility::CannotMate);
    assert_eq!(cannot_mate(&far, Color::Black), MateAbility::CannotMate);
    assert!(shakmaty_insufficient("8/8/8/3k4/8/8/8/NK5N w - - 0 1") == insufficient_material(&far));
}

#[test]
fn a_lone_king_cannot_mate_whatever_the_opponent_has() {
    // Resignation or flag fall of Black here: White has only the king, so it is a draw.
    let p = pos("4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(cannot_mate(&p, Color::White), MateAbility::CannotMate);
    assert_ne!(cannot_mate(&p, Color::Black), MateAbility::CannotMate);
    assert_ne!(dead_position(&p), Verdict::Dead);
}

#[test]
fn knight_or_same_coloured_bishops_against_a_bare_king_cannot_mate() {
    let p = pos("4k3/pppp4/8/8/8/8/8/4K1N1 w - - 0 1");
    // The knight side against a king with pawns: the pawns can block, so not "cannot".
    assert_ne!(cannot_mate(&p, Color::White), MateAbility::CannotMate);
    let p = pos("4k3/8/8/8/8/8/8/1B1BKB2 w - - 0 1");
    assert_eq!(cannot_mate(&p, Color::White), MateAbility::CannotMate);
    // Same-coloured bishops against a rook: the rook can always capture or interpose.
    let p = pos("4k2r/8/8/8/8/8/8/3BKB2 w - - 0 1");
    assert_eq!(cannot_mate(&p, Color::White), MateAbility::CannotMate);
    assert_ne!(cannot_mate(&p, Color::Black), MateAbility::CannotMate);
    // Against a knight the bishop can mate (the knight blocks a flight square).
    let p = pos("4k1n1/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_ne!(cannot_mate(&p, Color::White), MateAbility::CannotMate);
}

#[test]
fn a_blocked_pawn_wall_is_dead() {
    // Four pawn pairs blocked head-on; White's king cannot pass rank 4, Black's rank 5: the
    // squares between are all attacked by pawns.
    assert_dead("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1");
    assert_dead("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 b - - 0 1");
    // Without the g-pawns, the kings walk round the wall: not provably dead.
    assert_ne!(
        dead_position(&pos("8/8/1k6/p1p1p3/P1P1P3/8/3K4/8 w - - 0 1")),
        Verdict::Dead
    );
    // A pawn that could capture (c4 attacks d5) breaks the wall.
    assert!(!is_dead(&pos("8/8/1k6/p2pp1p1/P1P1P1P1/8/3K4/8 w - - 0 1")));
    // A pawn that can still move breaks it.
    assert!(!is_dead(&pos(
        "8/7p/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1"
    )));
}

#[test]
fn a_king_inside_the_wall_reaching_an_undefended_pawn_breaks_it() {
    // The black king on h4 stands next to g4, which no white pawn defends (no pawn on f3 or
    // h3): it may take it some day.
    let p = pos("8/8/8/p1p1p1p1/P1P1P1Pk/8/3K4/8 w - - 0 1");
    assert!(!is_dead(&p));
}

#[test]
fn forced_simplification_into_a_dead_position_is_dead() {
    // Black Ka8 in check from Rb8, which only the king can take: Kxb8 leaves K v K.
    let p = pos("kR6/8/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.legal_moves().len(), 1);
    assert_eq!(dead_position(&p), Verdict::Dead);
    assert!(is_dead(&p));
    // Same, but White keeps a pawn after Kxb8: not dead.
    let p = pos("kR6/8/1K6/8/8/8/7P/8 b - - 0 1");
    assert_eq!(p.legal_moves().len(), 1);
    assert!(!is_dead(&p));
}

#[test]
fn stalemate_counts_as_dead_and_mate_as_alive() {
    let stalemate = pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.is_stalemate());
    assert_eq!(dead_position(&stalemate), Verdict::Dead);
    let mate = pos("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert!(mate.is_checkmate());
    assert_eq!(dead_position(&mate), Verdict::Alive);
    assert_eq!(cannot_mate(&mate, Color::White), MateAbility::CanMate);
    assert_eq!(cannot_mate(&mate, Color::Black), MateAbility::CannotMate);
}

#[test]
fn rich_positions_are_not_called_dead() {
    let start = Position::new();
    assert!(!is_dead(&start));
    assert_ne!(dead_position(&start), Verdict::Dead);
    assert_ne!(cannot_mate(&start, Color::White), MateAbility::CannotMate);
}

#[test]
fn insufficient_material_matches_shakmaty_on_hand_picked_material() {
    let fens = [
        "8/8/3k4/8/8/4K3/8/8 w - - 0 1",
        "8/8/3k4/8/8/4KN2/8/8 w - - 0 1",
        "8/8/3k4/8/8/4KB2/8/8 w - - 0 1",
        "8/8/3kn3/8/8/4KN2/8/8 w - - 0 1",
        "8/8/3kq3/8/8/4KN2/8/8 w - - 0 1",
        "8/8/3kr3/8/8/4KN2/8/8 w - - 0 1",
        "8/8/3kb3/8/8/4KB2/8/8 w - - 0 1",
        "8/8/2bk4/8/8/4KB2/8/8 w - - 0 1",
        "8/8/3k1b2/8/8/4KB2/8/8 w - - 0 1",
        "8/8/2rk4/8/8/4KB2/8/8 w - - 0 1",
        "8/8/3k4/8/8/3NKN2/8/8 w - - 0 1",
        "8/8/3k4/8/8/3BKB2/8/8 w - - 0 1",
        "8/8/3k4/8/8/4KB2/8/5B2 w - - 0 1",
        "8/8/3k4/8/8/4KB2/5P2/8 w - - 0 1",
        "8/8/3k4/8/8/4KBN1/8/8 w - - 0 1",
        "8/8/3kn3/8/8/4KB2/8/8 w - - 0 1",
        "8/8/3kp3/8/8/4KB2/8/8 w - - 0 1",
        "8/8/3kq3/8/8/4KB2/8/8 w - - 0 1",
        "8/8/3k4/8/8/4K3/8/7R w - - 0 1",
    ];
    for fen in fens {
        assert_eq!(
            insufficient_material(&pos(fen)),
            shakmaty_insufficient(fen),
            "{fen}"
        );
    }
}

/// The proof behind rule 2 of `material_cannot_mate`: with king and one knight against a king
/// and queens, no placement at all is a mate. Only the defender's men next to its king can
/// block flight squares, and a queen anywhere else only adds defence, so it suffices to try
/// every king square, every set of queens on its neighbours, every knight check and every
/// square of the attacking king.
#[test]
fn king_and_knight_never_mate_a_king_with_only_queens() {
    let mut mates = 0;
    let mut tried = 0u64;
    for k in Square::all() {
        let neighbours: Vec<Square> = attacks::king_attacks(k).into_iter().collect();
        for subset in 0u32..(1 << neighbours.len()) {
            let queens: Vec<Square> = neighbours
                .iter()
                .enumerate()
                .filter(|(i, _)| subset & (1 << i) != 0)
                .map(|(_, &s)| s)
                .collect();
            for n in attacks::knight_attacks(k) {
                for wk in Square::all() {
                    if wk.distance(k) < 2 || wk == n {
                        continue;
                    }
                    let mut board = Board::empty();
                    board.set_piece_at(k, Role::King.of(Color::Black));
                    for &q in &queens {
                        board.set_piece_at(q, Role::Queen.of(Color::Black));
                    }
                    board.set_piece_at(n, Role::Knight.of(Color::White));
                    board.set_piece_at(wk, Role::King.of(Color::White));
                    let setup = Setup {
                        board,
                        turn: Color::Black,
                        castling_rooks: Bitboard::EMPTY,
                        ep_square: None,
                        halfmoves: 0,
                        fullmoves: 1,
                    };
                    // Placements where a queen checks White are not positions with Black to
                    // move; they are skipped by the validation.
                    if let Ok(p) = Position::from_setup(setup, CastlingMode::Standard) {
                        tried += 1;
                        if p.is_checkmate() {
                            mates += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(tried > 1_000_000, "{tried}");
    assert_eq!(mates, 0);
    let p = pos("4k3/8/8/3qq3/8/8/8/4K1N1 w - - 0 1");
    assert!(material_cannot_mate(p.board(), Color::White));
    assert_eq!(cannot_mate(&p, Color::White), MateAbility::CannotMate);
}

/// Plays `line` from `p` and checks it ends in `winner`'s mate.
fn assert_mates(p: &Position, winner: Color, line: &[vichess::rules::Move]) {
    let mut q = p.clone();
    for m in line {
        q = q.play(m).unwrap_or_else(|e| panic!("{}: {e}", p.fen()));
    }
    assert!(q.is_checkmate(), "{}: {line:?}", p.fen());
    assert_eq!(q.turn(), !winner, "{}: the wrong side is mated", p.fen());
}

/// The guided search finds the long cooperative mates of endgames and of full positions, and
/// every line it returns is a real mate.
#[test]
fn guided_helpmates_are_found_and_are_mates() {
    let cases = [
        ("8/8/8/2k5/8/8/8/4K2Q w - - 0 1", Color::White),
        ("8/8/8/3k4/8/8/8/4K2R w - - 0 1", Color::White),
        ("8/8/8/3k4/8/8/8/4K2R b - - 0 1", Color::White),
        ("8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", Color::White),
        ("8/8/8/3k4/3p4/8/8/4K3 w - - 0 1", Color::Black),
        ("8/8/8/3k4/8/8/8/NK5N w - - 0 1", Color::White),
        ("8/8/8/3k4/8/8/8/BK3B2 w - - 0 1", Color::White),
        ("8/8/8/3k4/8/8/8/1K3BN1 w - - 0 1", Color::White),
        ("8/8/3r4/3k4/8/8/8/1K4N1 w - - 0 1", Color::White),
        ("8/8/3n4/3k4/8/8/8/1K3B2 w - - 0 1", Color::White),
        ("8/8/3b4/3k4/8/8/8/1K3B2 w - - 0 1", Color::White),
        ("8/5k2/8/2r5/8/8/3KP3/7R w - - 0 1", Color::White),
        ("8/5k2/8/2r5/8/8/3KP3/7R w - - 0 1", Color::Black),
        ("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White),
        (vichess::rules::STARTING_FEN, Color::White),
        (vichess::rules::STARTING_FEN, Color::Black),
        (
            "r3k2r/pp3ppp/2n1bn2/3p4/3P4/2N1BN2/PP3PPP/R3K2R w KQkq - 0 12",
            Color::White,
        ),
    ];
    for (fen, side) in cases {
        let p = pos(fen);
        let line = find_guided_helpmate(&p, side, 10_000)
            .unwrap_or_else(|| panic!("{fen}: no guided helpmate for {side}"));
        assert_mates(&p, side, &line);
        assert_eq!(cannot_mate(&p, side), MateAbility::CanMate, "{fen}");
        assert_eq!(dead_position(&p), Verdict::Alive, "{fen}");
    }
    // A bare king has nothing to search with.
    let p = pos("8/8/8/3k4/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(find_guided_helpmate(&p, Color::Black, 10_000), None);
}
