//! Finding the legal move a [`San`] means, and saying exactly why when there is none.

use super::error::{CastlingRefusal, MoveError};
use super::lang::Lang;
use super::san::{plain, San};
use crate::attacks;
use crate::{
    Bitboard, CastlingBar, CastlingMode, CastlingSide, Move, Piece, Position, Rank, Role, Square,
};

/// The one legal move `san` stands for. `text` is what the player typed (quoted in messages);
/// `lang` names moves in messages.
pub(super) fn resolve(
    pos: &Position,
    san: &San,
    text: &str,
    lang: Lang,
) -> Result<Move, MoveError> {
    let moves = pos.legal_moves();
    if let San::Castle(side) = *san {
        return moves
            .iter()
            .find(|m| m.castling_side() == Some(side))
            .copied()
            .ok_or_else(|| {
                castling_error(pos, side).unwrap_or(MoveError::NoPiece {
                    piece: Role::King.of(pos.turn()),
                    to: castled_king_square(pos, side),
                })
            });
    }
    check_promotion(pos, san)?;
    let promotion = match *san {
        San::Normal { promotion, .. } | San::Coordinates { promotion, .. } => promotion,
        San::Castle(_) => None,
    };
    let mut found: Vec<Move> = moves.iter().filter(|m| matches(san, m)).copied().collect();
    match promotion {
        Some(p) => found.retain(|m| m.promotion() == Some(p)),
        None => {
            if let Some(first) = found.first() {
                if found.iter().all(|m| m.promotion().is_some()) {
                    return Err(MoveError::PromotionMissing {
                        text: text.to_owned(),
                        to: first.to(),
                    });
                }
            }
        }
    }
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(diagnose(pos, san, lang)),
        _ => {
            found.sort_by_key(|m| m.from());
            let candidates = found.iter().map(|m| plain(pos, m, lang)).collect();
            Err(MoveError::Ambiguous {
                text: text.to_owned(),
                candidates,
            })
        }
    }
}

/// A promotion letter is only for a pawn reaching the last rank (3.7.3.3).
fn check_promotion(pos: &Position, san: &San) -> Result<(), MoveError> {
    let (to, promotion, mover) = match *san {
        San::Normal {
            role,
            to,
            promotion,
            ..
        } => (to, promotion, Some(role)),
        San::Coordinates {
            from,
            to,
            promotion,
            ..
        } => (to, promotion, pos.board().role_at(from)),
        San::Castle(_) => return Ok(()),
    };
    if promotion.is_none() {
        return Ok(());
    }
    if let Some(role) = mover.filter(|&r| r != Role::Pawn) {
        return Err(MoveError::NotAPawn(role));
    }
    let color = pos.turn();
    if to.rank() != color.fold(Rank::EIGHTH, Rank::FIRST) {
        return Err(MoveError::NotLastRank { to, color });
    }
    Ok(())
}

/// Does the legal move `m` fit what was written (promotion aside)?
fn matches(san: &San, m: &Move) -> bool {
    match (*san, *m) {
        (
            San::Normal {
                role,
                file,
                rank,
                to,
                ..
            },
            Move::Castle { king, .. },
        ) => {
            role == Role::King
                && file.is_none_or(|f| king.file() == f)
                && rank.is_none_or(|r| king.rank() == r)
                && names_castling(m, to)
        }
        (San::Coordinates { from, to, .. }, Move::Castle { king, .. }) => {
            from == king && names_castling(m, to)
        }
        (
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                ..
            },
            _,
        ) => {
            m.role() == role
                && m.to() == to
                && file.is_none_or(|f| m.from().file() == f)
                && rank.is_none_or(|r| m.from().rank() == r)
                // A pawn capture must name its file (C.9): a bare `e4` is a pawn step.
                && (role != Role::Pawn || file.is_some() || capture == m.is_capture())
        }
        (San::Coordinates { from, to, .. }, _) => m.from() == from && m.to() == to,
        (San::Castle(side), _) => m.castling_side() == Some(side),
    }
}

/// Castling written as a king's move: onto its own rook (Chess960's "king takes rook"), or
/// two or more squares to its g- or c-file square. A one-step king move is never castling.
fn names_castling(castle: &Move, to: Square) -> bool {
    let Move::Castle { king, rook } = *castle else {
        return false;
    };
    to == rook || (to == castle.king_to() && king.distance(to) >= 2)
}

fn castled_king_square(pos: &Position, side: CastlingSide) -> Square {
    Square::from_coords(side.king_to_file(), pos.our_king().rank())
}

/// No legal move fits: find the most useful reason.
fn diagnose(pos: &Position, san: &San, lang: Lang) -> MoveError {
    let board = pos.board();
    let us = pos.turn();
    match *san {
        San::Castle(side) => castling_error(pos, side).unwrap_or(MoveError::NoPiece {
            piece: Role::King.of(us),
            to: castled_king_square(pos, side),
        }),
        San::Coordinates {
            from,
            to,
            promotion,
            ..
        } => {
            let Some(piece) = board.piece_at(from) else {
                return MoveError::EmptySquare { from };
            };
            if piece.color != us {
                return MoveError::NotYours {
                    piece,
                    from,
                    turn: us,
                };
            }
            if piece.role == Role::King {
                if let Some(err) = castling_intent(pos, to).and_then(|s| castling_error(pos, s)) {
                    return err;
                }
            }
            match pseudo_move(pos, piece.role, from, to, promotion) {
                Some(m) => check_error(pos, &m, lang),
                None => match blocker(pos, piece.role, from, to) {
                    Some((blocker, at)) => MoveError::Blocked {
                        piece,
                        from,
                        to,
                        blocker,
                        at,
                    },
                    None => MoveError::CannotReach { piece, from, to },
                },
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let piece = role.of(us);
            if role == Role::King {
                if let Some(err) = castling_intent(pos, to).and_then(|s| castling_error(pos, s)) {
                    return err;
                }
            }
            let mut ours = board.by_piece(piece);
            if let Some(f) = file {
                ours &= Bitboard::file(f);
            }
            if let Some(r) = rank {
                ours &= Bitboard::rank(r);
            }
            if let (Some(f), Some(r), true) = (file, rank, ours.is_empty()) {
                return MoveError::NotThere {
                    piece,
                    from: Square::from_coords(f, r),
                };
            }
            if let Some(occupant) = board.piece_at(to).filter(|p| p.color == us) {
                return MoveError::OwnManThere {
                    piece,
                    to,
                    occupant,
                };
            }
            let pseudo = ours
                .into_iter()
                .filter_map(|from| pseudo_move(pos, role, from, to, promotion))
                .find(|m| role != Role::Pawn || file.is_some() || capture == m.is_capture());
            if let Some(m) = pseudo {
                return check_error(pos, &m, lang);
            }
            // One man of the kind would go there but for a man on its way: that one is named.
            let blocked: Vec<(Square, (Piece, Square))> = ours
                .into_iter()
                .filter_map(|from| blocker(pos, role, from, to).map(|b| (from, b)))
                .collect();
            match blocked.as_slice() {
                [(from, (blocker, at))] => MoveError::Blocked {
                    piece,
                    from: *from,
                    to,
                    blocker: *blocker,
                    at: *at,
                },
                _ => MoveError::NoPiece { piece, to },
            }
        }
    }
}

/// The first man on the way of a `role` from `from` to `to`, when that man alone (or the
/// first of several) keeps it from going there: a rook, bishop or queen along its line, or a
/// pawn's step straight ahead (one or, from its first rank, two squares) onto or over a man.
fn blocker(pos: &Position, role: Role, from: Square, to: Square) -> Option<(Piece, Square)> {
    let board = pos.board();
    let us = pos.turn();
    let way = match role {
        Role::Rook | Role::Bishop | Role::Queen => {
            if !attacks::attacks(role, us, from, Bitboard::EMPTY).contains(to) {
                return None;
            }
            attacks::between(from, to)
        }
        Role::Pawn => {
            let step = us.fold(1, -1);
            let one = from.offset(0, step)?;
            let two = from
                .offset(0, 2 * step)
                .filter(|_| from.rank() == us.fold(Rank::SECOND, Rank::SEVENTH));
            match () {
                _ if to == one => Bitboard::from_square(one),
                _ if Some(to) == two => Bitboard::from_square(one) | Bitboard::from_square(to),
                _ => return None,
            }
        }
        Role::Knight | Role::King => return None,
    };
    let at = (way & board.occupied())
        .into_iter()
        .min_by_key(|&sq| from.distance(sq))?;
    board.piece_at(at).map(|p| (p, at))
}

/// The move a man could make by its own powers of movement (3.2-3.7), ignoring whether it
/// would leave its king in check.
fn pseudo_move(
    pos: &Position,
    role: Role,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let board = pos.board();
    let us = pos.turn();
    if board.by_color(us).contains(to) {
        return None;
    }
    let capture = board.piece_at(to).filter(|p| p.color != us).map(|p| p.role);
    let normal = Move::Normal {
        role,
        from,
        capture,
        to,
        promotion: (role == Role::Pawn && to.rank() == us.fold(Rank::EIGHTH, Rank::FIRST))
            .then(|| promotion.unwrap_or(Role::Queen)),
    };
    if role != Role::Pawn {
        let reach = attacks::attacks(role, us, from, board.occupied());
        return reach.contains(to).then_some(normal);
    }
    let step = us.fold(1, -1);
    let empty = |sq: Option<Square>| sq.is_some_and(|s| !board.occupied().contains(s));
    let one = from.offset(0, step);
    let two = from.offset(0, 2 * step);
    if capture.is_none() && one == Some(to) {
        return Some(normal);
    }
    if capture.is_none()
        && two == Some(to)
        && from.rank() == us.fold(Rank::SECOND, Rank::SEVENTH)
        && empty(one)
    {
        return Some(normal);
    }
    if attacks::pawn_attacks(us, from).contains(to) {
        if capture.is_some() {
            return Some(normal);
        }
        if pos.pseudo_ep_square() == Some(to) {
            return Some(Move::EnPassant { from, to });
        }
    }
    None
}

/// Why a move the man could make is still illegal: it leaves or puts its own king in check.
fn check_error(pos: &Position, m: &Move, lang: Lang) -> MoveError {
    let us = pos.turn();
    let them = !us;
    let san = plain(pos, m, lang);
    let mut board = *pos.board();
    let mover = board.remove_piece_at(m.from());
    if let Move::EnPassant { from, to } = *m {
        board.remove_piece_at(Square::from_coords(to.file(), from.rank()));
    }
    if let Some(piece) = mover {
        let role = m.promotion().unwrap_or(piece.role);
        board.set_piece_at(m.to(), role.of(us));
    }
    let king = if m.role() == Role::King {
        m.to()
    } else {
        pos.our_king()
    };
    let attackers = board.attackers_to(king, them, board.occupied());
    if attackers.is_empty() {
        // Not a check problem after all (should not happen): name the plain failure.
        return MoveError::NoPiece {
            piece: m.role().of(us),
            to: m.to(),
        };
    }
    if (attackers & pos.checkers()).any() {
        return MoveError::StillInCheck { san, color: us };
    }
    if m.role() == Role::King {
        return MoveError::IntoCheck { san, color: us };
    }
    if !m.is_en_passant() {
        let pinner = attackers
            .into_iter()
            .find(|&a| attacks::between(king, a).contains(m.from()));
        if let Some(sq) = pinner {
            if let Some(p) = board.piece_at(sq) {
                return MoveError::Pinned {
                    san,
                    color: us,
                    role: m.role(),
                    from: m.from(),
                    pinner: p,
                    pinner_square: sq,
                };
            }
        }
    }
    MoveError::ExposesKing { san, color: us }
}

/// Whether a king's move to `to` can only mean castling: onto its own rook on its first rank,
/// or two or more files along that rank to the g- or c-file.
fn castling_intent(pos: &Position, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    let king = pos.our_king();
    let back = us.fold(Rank::FIRST, Rank::EIGHTH);
    if king.rank() != back || to.rank() != back || to == king {
        return None;
    }
    let side = if to.file() > king.file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    // "King takes own rook" only names the castling rook, or in standard chess a rook on its
    // corner (where a right may have been lost); any other own rook is just in the way.
    let corner = pos.castling_mode() == CastlingMode::Standard
        && matches!(to.file(), crate::File::A | crate::File::H);
    let own_rook = pos.board().piece_at(to) == Some(Role::Rook.of(us))
        && (pos.castles().rook(us, side) == Some(to) || corner);
    let jump = to.file() == side.king_to_file() && king.distance(to) >= 2;
    (own_rook || jump).then_some(side)
}

/// Why castling on `side` is refused (3.8.2), or `None` if it is in fact allowed.
fn castling_error(pos: &Position, side: CastlingSide) -> Option<MoveError> {
    let us = pos.turn();
    let them = !us;
    let board = pos.board();
    let king = pos.our_king();
    let refuse = |reason| {
        Some(MoveError::Castling {
            color: us,
            side,
            reason,
        })
    };
    let Some(rook) = pos.castles().rook(us, side) else {
        return refuse(lost_right(pos, side));
    };
    let bar = pos.castling_obstacle(king, rook, side)?;
    let rank = king.rank();
    let attacker = |sq: Square, occupied: Bitboard| -> Option<(Piece, Square)> {
        let from = board.attackers_to(sq, them, occupied).first()?;
        Some((board.piece_at(from)?, from))
    };
    let reason = match bar {
        CastlingBar::Occupied(sq) => match board.piece_at(sq) {
            Some(p) => CastlingRefusal::Occupied(sq, p),
            None => CastlingRefusal::RightLost,
        },
        CastlingBar::InCheck => CastlingRefusal::InCheck,
        CastlingBar::Crosses(square) => CastlingRefusal::Crosses {
            square,
            attacker: attacker(square, board.occupied()),
        },
        CastlingBar::LandsOn(square) => {
            let after = board
                .occupied()
                .without(king)
                .without(rook)
                .with(square)
                .with(Square::from_coords(side.rook_to_file(), rank));
            CastlingRefusal::LandsOn {
                square,
                attacker: attacker(square, after),
            }
        }
    };
    refuse(reason)
}

/// Which lost right (3.8.2.1) the position shows, as far as it can tell without the game.
fn lost_right(pos: &Position, side: CastlingSide) -> CastlingRefusal {
    let us = pos.turn();
    let other_side_kept = CastlingSide::ALL
        .into_iter()
        .any(|s| s != side && pos.castles().has(us, s));
    if pos.castling_mode() == CastlingMode::Standard {
        let back = us.fold(Rank::FIRST, Rank::EIGHTH);
        if pos.our_king() != Square::from_coords(crate::File::E, back) {
            return CastlingRefusal::KingMoved;
        }
        let home = Square::from_coords(
            match side {
                CastlingSide::KingSide => crate::File::H,
                CastlingSide::QueenSide => crate::File::A,
            },
            back,
        );
        if pos.board().piece_at(home) != Some(Role::Rook.of(us)) {
            return CastlingRefusal::RookGone(home);
        }
    }
    if other_side_kept {
        CastlingRefusal::RookMoved
    } else {
        CastlingRefusal::RightLost
    }
}
