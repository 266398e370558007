//! Touch-move (Art. 4.3-4.5): which moves a player is bound to after touching men.
//!
//! On a pegboard, lifting a man out of its hole is the touch (D.2.2), so a board tracker feeds
//! these touches in the order the sensors saw them. Adjusting after "I adjust" (4.2.1) is not
//! a touch with intent; the caller passes it as [`Touch::Adjust`] and it is ignored here.

use crate::{CastlingSide, Color, Move, MoveList, Position, Rank, Role, Square};

/// One contact, in the order it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    /// A man touched (or lifted from its hole) with intent to move or capture it.
    Man(Square),
    /// A man adjusted after announcing "I adjust" / "j'adoube" (4.2.1): no obligation.
    Adjust(Square),
    /// The promotion piece touched the promotion square: the choice is made (4.4.4).
    PromotionPiece(Role),
}

/// What the player must now do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Obligation {
    /// Nothing binding was touched, or nothing touched can move or be captured (4.5).
    AnyLegalMove,
    /// The player must play one of these moves.
    OneOf {
        /// The moves that satisfy the obligation.
        moves: Vec<Move>,
        /// The article that binds the player.
        why: Reason,
    },
}

/// Which article binds the player, for the arbiter's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// 4.3.1: the first own man touched that can be moved.
    MoveTouched(Square),
    /// 4.3.2: the first opponent's man touched that can be captured.
    CaptureTouched(Square),
    /// 4.3.3: capture the first touched opponent's man with the first touched own man.
    CaptureWith {
        /// The player's own man.
        piece: Square,
        /// The opponent's man.
        target: Square,
    },
    /// 4.4.1: king then rook: castle on that side.
    Castle(CastlingSide),
    /// 4.4.3: castling with that rook was illegal, so another king move.
    KingAfterIllegalCastling,
    /// 4.4.2: rook first, then king: the rook must move, no castling on that side.
    RookBeforeKing(Square),
}

impl Obligation {
    /// Does playing `m` honour the obligation?
    pub fn allows(&self, m: &Move) -> bool {
        match self {
            Obligation::AnyLegalMove => true,
            Obligation::OneOf { moves, .. } => moves.contains(m),
        }
    }
}

/// The square of the man a move captures (the pawn beside, for en passant).
fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ if m.is_capture() => Some(m.to()),
        _ => None,
    }
}

/// 4.4.4: the first piece to touch the promotion square is the choice; a piece put there
/// after it (a knight swapped for a queen) changes nothing.
fn narrow_promotion(moves: Vec<Move>, touches: &[Touch]) -> Vec<Move> {
    let chosen = touches.iter().find_map(|t| match t {
        Touch::PromotionPiece(role) => Some(*role),
        _ => None,
    });
    match chosen {
        Some(role) if moves.iter().any(|m| m.promotion() == Some(role)) => moves
            .into_iter()
            .filter(|m| m.promotion().is_none() || m.promotion() == Some(role))
            .collect(),
        _ => moves,
    }
}

/// The moves a player is bound to after the touches, in order (4.3, 4.4, 4.5).
pub fn bound_moves(pos: &Position, touches: &[Touch]) -> Obligation {
    let us = pos.turn();
    let legal = pos.legal_moves();
    let mut own: Vec<Square> = Vec::new();
    let mut theirs: Vec<Square> = Vec::new();
    // Which colour was touched first, for 4.3.3's "first piece touched".
    let mut order: Vec<(Square, Color)> = Vec::new();
    for t in touches {
        if let Touch::Man(sq) = *t {
            let Some(color) = pos.board().color_at(sq) else {
                continue;
            };
            let list = if color == us { &mut own } else { &mut theirs };
            if !list.contains(&sq) {
                list.push(sq);
                order.push((sq, color));
            }
        }
    }
    let from =
        |sq: Square| -> Vec<Move> { legal.iter().filter(|m| m.from() == sq).copied().collect() };
    let capturing = |sq: Square, moves: &MoveList| -> Vec<Move> {
        moves
            .iter()
            .filter(|m| captured_square(m) == Some(sq))
            .copied()
            .collect()
    };
    let bind = |moves: Vec<Move>, why: Reason| Obligation::OneOf {
        moves: narrow_promotion(moves, touches),
        why,
    };

    if let Some(ob) = castling_touch(pos, &own, &legal, &from) {
        return ob;
    }

    match (own.first(), theirs.first()) {
        (None, None) => Obligation::AnyLegalMove,
        (Some(_), None) => own
            .iter()
            .map(|&sq| (sq, from(sq)))
            .find(|(_, m)| !m.is_empty())
            .map_or(Obligation::AnyLegalMove, |(sq, m)| {
                bind(m, Reason::MoveTouched(sq))
            }),
        (None, Some(_)) => theirs
            .iter()
            .map(|&sq| (sq, capturing(sq, &legal)))
            .find(|(_, m)| !m.is_empty())
            .map_or(Obligation::AnyLegalMove, |(sq, m)| {
                bind(m, Reason::CaptureTouched(sq))
            }),
        (Some(&piece), Some(&target)) => {
            let with: Vec<Move> = capturing(target, &legal)
                .into_iter()
                .filter(|m| m.from() == piece)
                .collect();
            if !with.is_empty() {
                return bind(with, Reason::CaptureWith { piece, target });
            }
            // Otherwise the first man touched, of either colour, that can be moved or captured.
            for &(sq, color) in &order {
                let (moves, why) = if color == us {
                    (from(sq), Reason::MoveTouched(sq))
                } else {
                    (capturing(sq, &legal), Reason::CaptureTouched(sq))
                };
                if !moves.is_empty() {
                    return bind(moves, why);
                }
            }
            Obligation::AnyLegalMove
        }
    }
}

/// 4.4: the king and a castling rook touched, in either order.
fn castling_touch(
    pos: &Position,
    own: &[Square],
    legal: &MoveList,
    from: &dyn Fn(Square) -> Vec<Move>,
) -> Option<Obligation> {
    let us = pos.turn();
    let king = pos.our_king();
    let king_at = own.iter().position(|&s| s == king)?;
    let by_right = CastlingSide::ALL.into_iter().find_map(|side| {
        let rook = pos.castles().rook(us, side)?;
        own.iter().position(|&s| s == rook).map(|i| (side, i))
    });
    let (side, rook_at) = match by_right {
        Some(found) => found,
        // 4.4.3 asks only whether castling with that rook is illegal, not why: a right already
        // lost makes it illegal just as a blocked path does. King first, then a rook on the
        // king's own back rank, is such an attempt.
        None if king_at == 0 && king.rank() == us.fold(Rank::FIRST, Rank::EIGHTH) => {
            own.iter().enumerate().skip(1).find_map(|(i, &sq)| {
                let rook = pos.board().role_at(sq) == Some(Role::Rook) && sq.rank() == king.rank();
                let side = if sq.file() > king.file() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                rook.then_some((side, i))
            })?
        }
        None => return None,
    };
    if king_at < rook_at && king_at == 0 {
        // 4.4.1 and 4.4.3: king first, then rook.
        let castle: Vec<Move> = legal
            .iter()
            .filter(|m| m.castling_side() == Some(side))
            .copied()
            .collect();
        if !castle.is_empty() {
            return Some(Obligation::OneOf {
                moves: castle,
                why: Reason::Castle(side),
            });
        }
        let king_moves = from(king);
        return Some(if king_moves.is_empty() {
            Obligation::AnyLegalMove
        } else {
            Obligation::OneOf {
                moves: king_moves,
                why: Reason::KingAfterIllegalCastling,
            }
        });
    }
    if rook_at < king_at && rook_at == 0 {
        // 4.4.2: rook first: no castling on that side; 4.3.1 applies to the rook, then the king.
        let rook = own[rook_at];
        let rook_moves = from(rook);
        if !rook_moves.is_empty() {
            return Some(Obligation::OneOf {
                moves: rook_moves,
                why: Reason::RookBeforeKing(rook),
            });
        }
        let king_moves: Vec<Move> = from(king)
            .into_iter()
            .filter(|m| m.castling_side() != Some(side))
            .collect();
        return Some(if king_moves.is_empty() {
            Obligation::AnyLegalMove
        } else {
            Obligation::OneOf {
                moves: king_moves,
                why: Reason::MoveTouched(king),
            }
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).unwrap()
    }

    fn froms_tos(ob: &Obligation) -> Vec<(Square, Square)> {
        match ob {
            Obligation::AnyLegalMove => vec![],
            Obligation::OneOf { moves, .. } => {
                let mut v: Vec<_> = moves.iter().map(|m| (m.from(), m.king_to())).collect();
                v.sort();
                v.dedup();
                v
            }
        }
    }

    #[test]
    fn nothing_touched_means_any_move() {
        assert_eq!(bound_moves(&Position::new(), &[]), Obligation::AnyLegalMove);
    }

    #[test]
    fn first_own_man_that_can_move_binds_4_3_1() {
        // The rook on a1 cannot move; the knight on b1 touched next can: it is bound.
        let ob = bound_moves(
            &Position::new(),
            &[
                Touch::Man(Square::A1),
                Touch::Man(Square::B1),
                Touch::Man(Square::G1),
            ],
        );
        assert_eq!(
            froms_tos(&ob),
            vec![(Square::B1, Square::A3), (Square::B1, Square::C3)]
        );
        assert!(matches!(
            ob,
            Obligation::OneOf {
                why: Reason::MoveTouched(Square::B1),
                ..
            }
        ));
    }

    #[test]
    fn adjusting_is_not_a_touch_4_2_1() {
        let ob = bound_moves(&Position::new(), &[Touch::Adjust(Square::G1)]);
        assert_eq!(ob, Obligation::AnyLegalMove);
    }

    #[test]
    fn nothing_touched_can_move_frees_the_player_4_5() {
        let ob = bound_moves(
            &Position::new(),
            &[Touch::Man(Square::A1), Touch::Man(Square::D1)],
        );
        assert_eq!(ob, Obligation::AnyLegalMove);
    }

    #[test]
    fn opponents_man_must_be_captured_4_3_2() {
        // After 1.e4 d5, touching the d5 pawn binds White to exd5 (the only capture of it).
        let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        let ob = bound_moves(&p, &[Touch::Man(Square::D5)]);
        assert_eq!(froms_tos(&ob), vec![(Square::E4, Square::D5)]);
        // A man that cannot be captured binds nothing; the next one touched that can does.
        let ob = bound_moves(&p, &[Touch::Man(Square::H7)]);
        assert_eq!(ob, Obligation::AnyLegalMove);
    }

    #[test]
    fn en_passant_captures_the_touched_pawn() {
        let p = pos("rnbqkbnr/pp2pppp/2p5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        let ob = bound_moves(&p, &[Touch::Man(Square::D5)]);
        assert_eq!(froms_tos(&ob), vec![(Square::E5, Square::D6)]);
    }

    #[test]
    fn both_colours_capture_with_the_first_own_man_4_3_3() {
        // White queen on d1 with an open d-file; black pawn on d5, white pawn on e4.
        let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPP2PPP/RNBQKBNR w KQkq - 0 2");
        let ob = bound_moves(&p, &[Touch::Man(Square::D1), Touch::Man(Square::D5)]);
        assert_eq!(froms_tos(&ob), vec![(Square::D1, Square::D5)]);
        // The knight on g1 cannot take d5: the first man touched that can move or be captured
        // is the knight itself.
        let ob = bound_moves(&p, &[Touch::Man(Square::G1), Touch::Man(Square::D5)]);
        assert!(matches!(
            ob,
            Obligation::OneOf {
                why: Reason::MoveTouched(Square::G1),
                ..
            }
        ));
        // Touching the d5 pawn first, then the knight: capture d5 (by anything) comes first.
        let ob = bound_moves(&p, &[Touch::Man(Square::D5), Touch::Man(Square::G1)]);
        assert_eq!(
            froms_tos(&ob),
            vec![(Square::D1, Square::D5), (Square::E4, Square::D5)]
        );
    }

    #[test]
    fn king_then_rook_castles_4_4_1() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let ob = bound_moves(&p, &[Touch::Man(Square::E1), Touch::Man(Square::H1)]);
        assert_eq!(froms_tos(&ob), vec![(Square::E1, Square::G1)]);
        assert!(matches!(
            ob,
            Obligation::OneOf {
                why: Reason::Castle(CastlingSide::KingSide),
                ..
            }
        ));
    }

    #[test]
    fn king_then_rook_with_castling_illegal_binds_another_king_move_4_4_3() {
        // f1 is attacked by the black rook on f8: kingside castling is illegal, queenside is not.
        let p = pos("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
        let ob = bound_moves(&p, &[Touch::Man(Square::E1), Touch::Man(Square::H1)]);
        assert!(matches!(
            ob,
            Obligation::OneOf {
                why: Reason::KingAfterIllegalCastling,
                ..
            }
        ));
        let targets = froms_tos(&ob);
        assert!(
            targets.contains(&(Square::E1, Square::C1)),
            "other castling allowed: {targets:?}"
        );
        assert!(targets.contains(&(Square::E1, Square::D1)));
        assert!(!targets.contains(&(Square::E1, Square::G1)));
    }

    #[test]
    fn a_lost_castling_right_is_illegal_castling_like_a_blocked_one_4_4_3() {
        // The king on e1 has no legal move; the rook on h1 has. King then rook: castling with
        // that rook is illegal, whether the right is kept (the bishop blocks) or already lost,
        // and with no king move left, any legal move is allowed; never bound to the rook.
        for fen in [
            "4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1",
            "4k3/8/8/8/8/8/3PPP2/3QKB1R w - - 0 1",
        ] {
            let ob = bound_moves(&pos(fen), &[Touch::Man(Square::E1), Touch::Man(Square::H1)]);
            assert_eq!(ob, Obligation::AnyLegalMove, "{fen}");
        }
        // With a king move left, that is what binds, in both cases.
        for fen in [
            "4k3/8/8/8/8/8/3P1P2/3QKB1R w K - 0 1",
            "4k3/8/8/8/8/8/3P1P2/3QKB1R w - - 0 1",
        ] {
            let ob = bound_moves(&pos(fen), &[Touch::Man(Square::E1), Touch::Man(Square::H1)]);
            assert_eq!(froms_tos(&ob), vec![(Square::E1, Square::E2)], "{fen}");
        }
    }

    #[test]
    fn rook_then_king_forbids_castling_that_side_4_4_2() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let ob = bound_moves(&p, &[Touch::Man(Square::H1), Touch::Man(Square::E1)]);
        assert!(matches!(
            ob,
            Obligation::OneOf {
                why: Reason::RookBeforeKing(Square::H1),
                ..
            }
        ));
        assert!(froms_tos(&ob).iter().all(|&(from, _)| from == Square::H1));
    }

    #[test]
    fn the_first_promotion_piece_on_the_square_is_the_choice_4_4_4() {
        // A knight touches e8, then a queen replaces it: the knight was chosen.
        let p = pos("7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
        let ob = bound_moves(
            &p,
            &[
                Touch::Man(Square::E7),
                Touch::PromotionPiece(Role::Knight),
                Touch::PromotionPiece(Role::Queen),
            ],
        );
        match ob {
            Obligation::OneOf { moves, .. } => {
                assert!(!moves.is_empty());
                assert!(
                    moves.iter().all(|m| m.promotion() == Some(Role::Knight)),
                    "{moves:?}"
                );
            }
            other => panic!("bound to the knight, not {other:?}"),
        }
    }

    #[test]
    fn promotion_piece_chosen_on_touching_the_square_4_4_4() {
        let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
        let ob = bound_moves(
            &p,
            &[Touch::Man(Square::E7), Touch::PromotionPiece(Role::Knight)],
        );
        match ob {
            Obligation::OneOf { moves, .. } => {
                assert_eq!(moves.len(), 1);
                assert_eq!(moves[0].promotion(), Some(Role::Knight));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn allows_checks_membership() {
        let ob = bound_moves(&Position::new(), &[Touch::Man(Square::G1)]);
        let legal = Position::new().legal_moves();
        assert_eq!(legal.iter().filter(|m| ob.allows(m)).count(), 2);
    }
}
