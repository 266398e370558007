//! The game record: repetition (9.2), the fifty-move claim (9.3), the automatic draws (9.6),
//! and a differential run against shakmaty over random games.

use shakmaty::{uci::UciMove, Chess, Position as _};
use vichess::rules::dead::{find_helpmate, insufficient_material};
use vichess::rules::game::{
    repetition_key, Claim, ClaimKind, ClaimVerdict, Game, GameError, Status,
};
use vichess::rules::{CastlingMode, CastlingSide, Color, Move, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move written in long algebraic without separators (`g1f3`, `e7e8q`, `e1g1`).
fn find(p: &Position, uci: &str) -> Move {
    p.legal_moves()
        .into_iter()
        .find(|m| to_uci(m) == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {}", p.fen()))
}

/// UCI as shakmaty writes it in standard mode: castling as the king's two-square step.
fn to_uci(m: &Move) -> String {
    let mut s = format!("{}{}", m.from(), m.king_to());
    if let Some(p) = m.promotion() {
        s.push(p.char());
    }
    s
}

fn play(game: &mut Game, moves: &str) {
    for uci in moves.split_whitespace() {
        let m = find(game.position(), uci);
        game.push(m).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
}

const KNIGHT_DANCE: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn threefold_repetition_by_knight_moves() {
    let mut game = Game::new(Position::new());
    play(&mut game, KNIGHT_DANCE);
    assert_eq!(game.repetition_count(), 2);
    // No move brings back a position for the third time yet (Ng1-f3 would make a second).
    assert_eq!(game.claimable(), []);
    play(&mut game, KNIGHT_DANCE);
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(
        game.status(),
        Status::Ongoing,
        "threefold is only claimable"
    );
    assert!(game.claimable().contains(&Claim {
        kind: ClaimKind::ThreefoldRepetition,
        intended: None
    }));
    let verdict = game.claim(ClaimKind::ThreefoldRepetition, None);
    assert!(verdict.is_correct());
    match &verdict {
        ClaimVerdict::RepetitionCorrect { occurrences, .. } => {
            let plies: Vec<usize> = occurrences.iter().map(|o| o.ply).collect();
            assert_eq!(plies, [0, 4, 8]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        verdict.to_string(),
        "correct: this position has stood on the board 3 times: at the start, \
         after Black's move 2 and after Black's move 4"
    );
    // A fifty-move claim here is wrong, and says how far off it is.
    let verdict = game.claim(ClaimKind::FiftyMoves, None);
    assert!(!verdict.is_correct());
    assert_eq!(
        verdict,
        ClaimVerdict::FiftyMovesIncorrect {
            intended: None,
            quiet_plies: 8
        }
    );
}

#[test]
fn threefold_claim_with_an_intended_move() {
    let mut game = Game::new(Position::new());
    play(&mut game, KNIGHT_DANCE);
    play(&mut game, "g1f3 g8f6 f3g1");
    // Black to move: the position now has stood twice only (plies 3 and 7).
    let now = game.claim(ClaimKind::ThreefoldRepetition, None);
    assert_eq!(
        now.to_string(),
        "incorrect: this position has stood on the board only twice \
         (after White's move 2 and after White's move 4); three times are needed"
    );
    // Writing Ng8 first: the start position would stand for the third time.
    let back = find(game.position(), "f6g8");
    let verdict = game.claim(ClaimKind::ThreefoldRepetition, Some(back));
    assert!(verdict.is_correct(), "{verdict}");
    assert_eq!(
        verdict.to_string(),
        "correct: the position after Nf6-g8 has stood on the board 3 times: at the start, \
         after Black's move 2 and after Black's move 4"
    );
    assert!(game.claimable().contains(&Claim {
        kind: ClaimKind::ThreefoldRepetition,
        intended: Some(back)
    }));
    // The claim does not play the move.
    assert_eq!(game.ply_count(), 7);
    // Another intended move gives a new position: incorrect.
    let other = find(game.position(), "b8c6");
    let verdict = game.claim(ClaimKind::ThreefoldRepetition, Some(other));
    assert!(!verdict.is_correct());
    assert_eq!(
        verdict.to_string(),
        "incorrect: the position after Nb8-c6 has stood on the board only once \
         (after Black's move 4); three times are needed"
    );
    // An intended move that is not legal.
    let illegal = Move::Normal {
        role: Role::Knight,
        from: Square::G1,
        capture: None,
        to: Square::F3,
        promotion: None,
    };
    let verdict = game.claim(ClaimKind::ThreefoldRepetition, Some(illegal));
    assert_eq!(verdict, ClaimVerdict::IllegalIntendedMove(illegal));
    assert_eq!(
        verdict.to_string(),
        "incorrect: the intended move Ng1-f3 is not legal here"
    );
}

#[test]
fn a_legal_en_passant_capture_makes_a_position_different() {
    // 1. e4 Nf6 2. e5 d5: exd6 e.p. is legal now, and only now.
    let mut game = Game::new(Position::new());
    play(&mut game, "e2e4 g8f6 e4e5 d7d5");
    assert!(game.position().legal_ep_square().is_some());
    let with_ep = repetition_key(game.position());
    play(&mut game, "g1f3 f6g8 f3g1 g8f6");
    // Same placement and side to move, but the en passant capture is gone.
    assert_eq!(game.position().board(), game.positions()[4].board());
    assert_ne!(repetition_key(game.position()), with_ep);
    assert_eq!(game.repetition_count(), 1);
    play(&mut game, "g1f3 f6g8 f3g1 g8f6");
    assert_eq!(
        game.repetition_count(),
        2,
        "it would be 3 if e.p. were ignored"
    );
}

#[test]
fn an_en_passant_square_without_a_legal_capture_does_not_count() {
    // White Ka5, b5; Black rook h5. After ...c5, bxc6 e.p. would expose the king along the
    // fifth rank: the pawn stands ready but the capture is illegal, so no e.p. square counts.
    let start = "4k1n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1";
    let mut game = Game::new(pos(start));
    play(&mut game, "c7c5");
    assert_eq!(game.position().legal_ep_square(), None);
    play(&mut game, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.repetition_count(), 2);

    // Control: the rook elsewhere, the capture legal, and the positions differ.
    let start = "4k1n1/2p5/8/KP6/8/8/8/6Nr b - - 0 1";
    let mut game = Game::new(pos(start));
    play(&mut game, "c7c5");
    assert_eq!(game.position().legal_ep_square(), Some(Square::C6));
    play(&mut game, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.repetition_count(), 1);
}

#[test]
fn castling_rights_lost_by_moving_the_king_make_a_new_position() {
    let mut game = Game::new(Position::new());
    play(&mut game, "e2e4 e7e5");
    let before = repetition_key(game.position());
    play(&mut game, "e1e2 e8e7 e2e1 e7e8");
    assert_eq!(game.position().board(), game.positions()[2].board());
    assert_ne!(repetition_key(game.position()), before);
    assert_eq!(game.repetition_count(), 1);
    play(&mut game, "e1e2 e8e7 e2e1 e7e8");
    assert_eq!(game.repetition_count(), 2);
}

#[test]
fn castling_barred_for_a_while_keeps_the_right_and_the_position() {
    // 1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5: White may castle. 4. Ng1 bars it (g1 taken) without
    // losing the right; 5. Nf3 brings the same position back.
    let mut game = Game::new(Position::new());
    play(&mut game, "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5");
    assert!(game
        .position()
        .legal_moves()
        .iter()
        .any(|m| m.castling_side() == Some(CastlingSide::KingSide)));
    play(&mut game, "f3g1 f6g8");
    assert!(!game
        .position()
        .legal_moves()
        .iter()
        .any(|m| m.castling_side().is_some()));
    assert!(game
        .position()
        .castles()
        .has(Color::White, CastlingSide::KingSide));
    play(&mut game, "g1f3 g8f6");
    assert_eq!(game.repetition_count(), 2);
}

#[test]
fn fifty_move_claim_at_exactly_one_hundred_half_moves() {
    let mut game = Game::new(pos("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"));
    assert!(!game.claimable().iter().any(|c| c.intended.is_none()));
    let verdict = game.claim(ClaimKind::FiftyMoves, None);
    assert_eq!(
        verdict.to_string(),
        "incorrect: only the last 99 half-moves had no pawn move and no capture; \
         100 (50 moves by each player) are needed"
    );
    // Writing a rook move first completes the hundred.
    let rook = find(game.position(), "a1a7");
    let verdict = game.claim(ClaimKind::FiftyMoves, Some(rook));
    assert!(verdict.is_correct());
    assert_eq!(
        verdict.to_string(),
        "correct: after Ra1-a7, the last 100 half-moves had no pawn move and no capture; \
         100 (50 moves by each player) are needed"
    );
    // A pawn move as the intended move starts the count again.
    let pawn = find(game.position(), "e2e4");
    assert_eq!(
        game.claim(ClaimKind::FiftyMoves, Some(pawn)),
        ClaimVerdict::FiftyMovesIncorrect {
            intended: Some(pawn),
            quiet_plies: 0
        }
    );
    let claims = game.claimable();
    assert!(claims.contains(&Claim {
        kind: ClaimKind::FiftyMoves,
        intended: Some(rook)
    }));
    assert!(!claims.contains(&Claim {
        kind: ClaimKind::FiftyMoves,
        intended: Some(pawn)
    }));
    game.push(rook).unwrap();
    // Now Black has the move and may claim without writing a move.
    assert_eq!(game.position().halfmoves(), 100);
    assert!(game.claimable().contains(&Claim {
        kind: ClaimKind::FiftyMoves,
        intended: None
    }));
    assert!(game.claim(ClaimKind::FiftyMoves, None).is_correct());
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn fivefold_repetition_ends_the_game() {
    let mut game = Game::new(Position::new());
    for _ in 0..3 {
        play(&mut game, KNIGHT_DANCE);
    }
    play(&mut game, "g1f3 g8f6 f3g1");
    assert_eq!(
        game.repetition_count(),
        4,
        "Black to move, the position after 2. Ng1"
    );
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "f6g8");
    assert_eq!(game.repetition_count(), 5);
    assert_eq!(game.status(), Status::FivefoldRepetition);
    assert_eq!(game.status().word(), "fivefold repetition");
    let next = find(game.position(), "g1f3");
    let err = game.push(next).unwrap_err();
    assert_eq!(err, GameError::GameOver(Status::FivefoldRepetition));
    assert_eq!(err.to_string(), "the game is over: fivefold repetition");
    assert!(game.claimable().is_empty());
    // The arbiter takes the last move back: play goes on.
    assert_eq!(game.take_back(), Some(find(&game.positions()[15], "f6g8")));
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.repetition_count(), 4);
}

#[test]
fn seventy_five_moves_end_the_game_at_150_half_moves() {
    let mut game = Game::new(pos("4k3/8/8/8/8/8/4P3/R3K3 w - - 148 120"));
    play(&mut game, "a1a2");
    assert_eq!(game.position().halfmoves(), 149);
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e8d8");
    assert_eq!(game.status(), Status::SeventyFiveMoves);
    assert_eq!(game.status().word(), "seventy-five moves");
    let err = game.push(find(game.position(), "a2a3")).unwrap_err();
    assert_eq!(err.to_string(), "the game is over: seventy-five moves");
}

#[test]
fn a_mate_on_the_150th_half_move_prevails() {
    // Back-rank mate with a rook move, which is neither a capture nor a pawn move.
    let mut game = Game::new(pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120"));
    play(&mut game, "a1a8");
    assert_eq!(game.position().halfmoves(), 150);
    assert_eq!(
        game.status(),
        Status::Checkmate {
            winner: Color::White
        }
    );
}

#[test]
fn moves_after_mate_are_refused_and_take_back_restores_play() {
    let mut game = Game::new(Position::new());
    play(&mut game, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(
        game.status(),
        Status::Checkmate {
            winner: Color::Black
        }
    );
    assert_eq!(game.status().word(), "checkmate");
    let before = (game.moves().to_vec(), game.positions().to_vec());
    let any = Move::Normal {
        role: Role::Pawn,
        from: Square::A2,
        capture: None,
        to: Square::A3,
        promotion: None,
    };
    let err = game.push(any).unwrap_err();
    assert_eq!(err.to_string(), "the game is over: checkmate");
    assert_eq!((game.moves().to_vec(), game.positions().to_vec()), before);
    assert_eq!(
        game.claim(ClaimKind::ThreefoldRepetition, None).to_string(),
        "no claim is possible: the game is over: checkmate"
    );
    let mate = game.take_back().unwrap();
    assert_eq!(mate.to_string(), "Qd8-h4");
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.ply_count(), 3);
    assert_eq!(game.position(), &game.positions()[3]);
    game.push(find(game.position(), "a7a6")).unwrap();
}

#[test]
fn illegal_moves_are_refused_in_words_and_change_nothing() {
    let mut game = Game::new(Position::new());
    play(&mut game, "e2e4");
    let white_knight = Move::Normal {
        role: Role::Knight,
        from: Square::G1,
        capture: None,
        to: Square::F3,
        promotion: None,
    };
    let err = game.push(white_knight).unwrap_err();
    assert_eq!(err, GameError::Illegal(white_knight));
    assert_eq!(err.to_string(), "Ng1-f3 is not legal here");
    assert_eq!(game.ply_count(), 1);
    assert_eq!(game.positions().len(), 2);
}

#[test]
fn stalemate_and_dead_positions_end_the_game() {
    let mut game = Game::new(pos("k7/8/1QK5/8/8/8/8/8 w - - 0 1"));
    play(&mut game, "b6c7");
    assert_eq!(game.status(), Status::Stalemate);
    assert_eq!(game.status().word(), "stalemate");

    // Capturing the last pawn leaves K+B v K.
    let mut game = Game::new(pos("4k3/8/8/8/8/8/3p4/3KB3 w - - 0 1"));
    play(&mut game, "e1d2");
    assert_eq!(game.status(), Status::DeadPosition);
    assert_eq!(game.status().word(), "dead position");
    assert!(game.push(find(game.position(), "e8e7")).is_err());
    game.take_back();
    assert_eq!(game.status(), Status::Ongoing);

    // Rb8+ forces Kxb8 and K v K: dead at once, before the capture.
    let mut game = Game::new(pos("k7/8/K7/8/8/8/8/1R6 w - - 0 1"));
    play(&mut game, "b1b8");
    assert_eq!(game.status(), Status::DeadPosition);
}

#[test]
fn a_game_from_a_fen_counts_repetitions_from_its_start_only() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 10 30";
    let mut game = Game::new(pos(fen));
    assert_eq!(game.start(), &pos(fen));
    assert_eq!(game.repetition_count(), 1);
    play(&mut game, "a1a2 e8e7 a2a1 e7e8");
    assert_eq!(game.repetition_count(), 2);
    assert_eq!(game.position().halfmoves(), 14);
    let verdict = game.claim(ClaimKind::ThreefoldRepetition, None);
    assert_eq!(
        verdict.to_string(),
        "incorrect: this position has stood on the board only twice \
         (at the start and after Black's move 31); three times are needed"
    );
}

#[test]
fn status_words() {
    let words = [
        (Status::Ongoing, "ongoing"),
        (
            Status::Checkmate {
                winner: Color::White,
            },
            "checkmate",
        ),
        (Status::Stalemate, "stalemate"),
        (Status::DeadPosition, "dead position"),
        (Status::FivefoldRepetition, "fivefold repetition"),
        (Status::SeventyFiveMoves, "seventy-five moves"),
    ];
    for (status, word) in words {
        assert_eq!(status.word(), word);
        assert_eq!(status.to_string(), word);
    }
}

/// xorshift64*: the tests' own reproducible randomness.
struct Rng(u64);

impl Rng {
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

/// Random games played in both move generators side by side: mate, stalemate and the
/// material rule must agree at every ply, and the record's status must follow them.
#[test]
fn random_games_agree_with_shakmaty() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut mates, mut stalemates, mut insufficient, mut dead) = (0, 0, 0, 0);
    for game_no in 0..1000 {
        let mut game = Game::new(Position::new());
        let mut theirs = Chess::default();
        for ply in 0..400 {
            let ours = game.position().clone();
            assert_eq!(
                ours.is_checkmate(),
                theirs.is_checkmate(),
                "game {game_no} ply {ply}"
            );
            assert_eq!(
                ours.is_stalemate(),
                theirs.is_stalemate(),
                "game {game_no} ply {ply}"
            );
            assert_eq!(
                insufficient_material(&ours),
                theirs.is_insufficient_material(),
                "game {game_no} ply {ply}: {}",
                ours.fen()
            );
            assert_eq!(ours.legal_moves().len(), theirs.legal_moves().len());
            match game.status() {
                Status::Checkmate { winner } => {
                    assert!(theirs.is_checkmate());
                    assert_eq!(winner, !ours.turn());
                    mates += 1;
                }
                Status::Stalemate => {
                    assert!(theirs.is_stalemate());
                    stalemates += 1;
                }
                Status::DeadPosition => {
                    // Dead must at least survive a short helpmate search for either side.
                    for side in Color::ALL {
                        assert!(
                            find_helpmate(&ours, side, 3, 100_000).is_none(),
                            "{} called dead",
                            ours.fen()
                        );
                    }
                    dead += 1;
                }
                _ => {
                    // Insufficient material always makes the position dead.
                    assert!(
                        !theirs.is_insufficient_material(),
                        "{} not called dead",
                        ours.fen()
                    );
                }
            }
            if theirs.is_insufficient_material() {
                insufficient += 1;
            }
            if game.status().is_over() {
                break;
            }
            let moves = ours.legal_moves();
            let m = moves[rng.below(moves.len())];
            let uci: UciMove = to_uci(&m).parse().expect("uci");
            let their_move = uci
                .to_move(&theirs)
                .unwrap_or_else(|e| panic!("{}: {} {e}", ours.fen(), to_uci(&m)));
            theirs.play_unchecked(their_move);
            game.push(m).expect("a legal move");
        }
    }
    // The run must have met every kind of ending it checks.
    assert!(
        mates > 5 && stalemates > 0 && insufficient > 10 && dead > 10,
        "{mates} {stalemates} {insufficient} {dead}"
    );
    eprintln!("mates {mates}, stalemates {stalemates}, insufficient {insufficient}, dead {dead}");
}

/// "Cannot mate" must never be said of a side that has a short helpmate, and "can mate" must
/// come with one: checked on the sparse positions random games run into.
#[test]
fn cannot_mate_is_sound_on_random_endgames() {
    use vichess::rules::dead::{
        cannot_mate, find_guided_helpmate, MateAbility, GUIDED_EXPANSIONS, HELPMATE_NODES,
        HELPMATE_PLIES,
    };
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut checked, mut cannot, mut can) = (0, 0, 0);
    while checked < 60 {
        let mut p = Position::new();
        for _ in 0..600 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(&moves[rng.below(moves.len())]);
            if p.board().occupied().count() <= 5 && rng.below(20) == 0 {
                break;
            }
        }
        if p.board().occupied().count() > 5 {
            continue;
        }
        checked += 1;
        for side in Color::ALL {
            match cannot_mate(&p, side) {
                MateAbility::CannotMate => {
                    cannot += 1;
                    assert!(
                        find_helpmate(&p, side, 4, 2_000_000).is_none(),
                        "{}: {side} called unable to mate",
                        p.fen()
                    );
                }
                MateAbility::CanMate => {
                    can += 1;
                    let line = find_guided_helpmate(&p, side, GUIDED_EXPANSIONS)
                        .or_else(|| find_helpmate(&p, side, HELPMATE_PLIES, HELPMATE_NODES))
                        .unwrap_or_else(|| panic!("{}: {side} has no helpmate", p.fen()));
                    let mut q = p.clone();
                    for m in &line {
                        q = q.play(m).expect("a legal line");
                    }
                    assert!(q.is_checkmate() && q.turn() == !side, "{}", p.fen());
                }
                MateAbility::Unknown => {}
            }
        }
    }
    assert!(cannot > 10 && can > 10, "{cannot} {can}");
}
