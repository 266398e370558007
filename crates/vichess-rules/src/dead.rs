//! Dead positions (5.2.2) and whether a side can still mate (5.1.2, 6.9, 7.5.5).
//!
//! Both questions are about *any* series of legal moves, the opponent cooperating, so they are
//! answered by proofs, never by guesses. Every answer here comes from one of:
//! - material that can never give mate whatever the placement (the classic cases, proved in
//!   the comments of [`material_cannot_mate`]);
//! - a pawn wall: only kings and pawns, no pawn can ever move, and no king can ever reach an
//!   enemy pawn (a flood fill of the squares each king can ever stand on);
//! - a short exhaustive search in which every line runs into one of the above;
//! - a found helpmate, which proves a mate possible: a short exhaustive search, and a guided
//!   best-first search for the long cooperative mates of endgames (herd the king to a corner,
//!   promote, gather the men), whose lines are real series of legal moves.
//!
//! Anything else is [`Verdict::Unknown`] / [`MateAbility::Unknown`], for the arbiter.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::moves::Move;
use super::position::Position;
use super::role::Role;
use super::square::Square;

/// Whether a position is dead (5.2.2): neither side can mate by any series of legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Proved: no series of legal moves leads to mate (or the game already ended in
    /// stalemate).
    Dead,
    /// Proved: some series of legal moves mates (a helpmate was found, or the side to move is
    /// mated already).
    Alive,
    /// Not decided here: the arbiter decides.
    Unknown,
}

/// Whether one side could still mate, the opponent cooperating: the question of 5.1.2
/// (resignation), 6.9 (flag fall) and 7.5.5 (second illegal move), where a loss becomes a draw
/// if the opponent "cannot checkmate the player's king by any possible series of legal moves".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MateAbility {
    /// Proved: the side can never mate.
    CannotMate,
    /// Proved: a series of legal moves exists in which the side mates.
    CanMate,
    /// Not decided here: the arbiter decides.
    Unknown,
}

/// Plies of the exhaustive search that looks for forced simplification into a dead position
/// (e.g. a king whose only move captures the last knight). It fails at its first live line, so
/// it is cheap enough to run after every move.
const FORCED_DEPTH: u32 = 3;
/// The helpmate search run by [`dead_position`] and [`cannot_mate`]: up to this many plies...
pub const HELPMATE_PLIES: u32 = 5;
/// ...and at most this many positions per side searched.
pub const HELPMATE_NODES: u64 = 200_000;
/// Positions the guided helpmate search expands per side, and the longest line it tries.
pub const GUIDED_EXPANSIONS: usize = 10_000;
const GUIDED_MAX_PLIES: u16 = 200;

/// Lichess's material rule, exactly as `shakmaty`'s `has_insufficient_material` (0.30): looking
/// only at the material and the colours of bishops, can `color` never mate in any position with
/// this material?
///
/// - Pawns, rooks and queens always suffice.
/// - A single knight (and nothing else) fails only while the opponent has nothing but queens
///   besides the king: any other man could block the king's last flight square.
/// - Bishops fail only while every bishop on the board stands on one colour and there are no
///   knights and no pawns at all.
pub fn has_insufficient_material(pos: &Position, color: Color) -> bool {
    let b = pos.board();
    let ours = b.by_color(color);
    if (ours & (b.pawns() | b.straight_sliders())).any() {
        return false;
    }
    if (ours & b.knights()).any() {
        return ours.count() <= 2 && (b.by_color(!color) & !b.kings() & !b.queens()).is_empty();
    }
    if (ours & b.bishops()).any() {
        let same_color = (b.bishops() & Bitboard::DARK_SQUARES).is_empty()
            || (b.bishops() & Bitboard::LIGHT_SQUARES).is_empty();
        return same_color && b.knights().is_empty() && b.pawns().is_empty();
    }
    true
}

/// Neither side has mating material ([`has_insufficient_material`] for both): exactly K v K,
/// K+N v K, and kings with any bishops that all stand on squares of one colour. These are the
/// dead positions of the material alone.
pub fn insufficient_material(pos: &Position) -> bool {
    has_insufficient_material(pos, Color::White) && has_insufficient_material(pos, Color::Black)
}

/// Whether `pos` is a dead position (5.2.2).
///
/// A stalemate counts as dead (no move at all can follow) and a position where the side to
/// move is mated as alive; a game record reports those ends first anyway. Costs up to a few
/// tens of milliseconds when it has to search for a helpmate: call it on demand (a claim, an
/// arbiter's question), and [`is_dead`] after every move.
pub fn dead_position(pos: &Position) -> Verdict {
    if let Some(verdict) = decided_by_rules(pos) {
        return verdict;
    }
    for winner in Color::ALL {
        if !material_cannot_mate(pos.board(), winner) && helpmate_exists(pos, winner) {
            return Verdict::Alive;
        }
    }
    Verdict::Unknown
}

/// Both helpmate searches: the guided one, quick on most positions, then the short
/// exhaustive one for the mates it misses.
fn helpmate_exists(pos: &Position, winner: Color) -> bool {
    find_guided_helpmate(pos, winner, GUIDED_EXPANSIONS).is_some()
        || find_helpmate(pos, winner, HELPMATE_PLIES, HELPMATE_NODES).is_some()
}

/// Whether `pos` is provably dead by the cheap rules only (material, pawn walls and forced
/// simplification), without looking for a helpmate.
///
/// `is_dead(pos)` is exactly `dead_position(pos) == Verdict::Dead` (the helpmate search can
/// only prove a position alive), at a fraction of the cost: the game record calls it after
/// every move.
pub fn is_dead(pos: &Position) -> bool {
    decided_by_rules(pos) == Some(Verdict::Dead)
}

fn decided_by_rules(pos: &Position) -> Option<Verdict> {
    if !pos.has_legal_move() {
        return Some(if pos.is_check() {
            Verdict::Alive
        } else {
            Verdict::Dead
        });
    }
    if forced(pos, FORCED_DEPTH, &statically_dead, None) {
        return Some(Verdict::Dead);
    }
    None
}

/// Whether `side` could still mate (5.1.2, 6.9, 7.5.5).
///
/// `CannotMate` is proved by material (a lone king; a single knight against a king with at
/// most queens; bishops of one colour against a king with at most bishops of that colour, rooks
/// and queens), by a pawn wall, or by every short line running into one of those. `CanMate`
/// is proved by finding a helpmate ([`find_helpmate`], then [`find_guided_helpmate`]).
/// Otherwise `Unknown`.
pub fn cannot_mate(pos: &Position, side: Color) -> MateAbility {
    if !pos.has_legal_move() {
        // Mate already on the board, or no move left to play.
        return if pos.is_check() && pos.turn() != side {
            MateAbility::CanMate
        } else {
            MateAbility::CannotMate
        };
    }
    let stuck = |p: &Position| material_cannot_mate(p.board(), side) || pawn_wall(p);
    if forced(pos, FORCED_DEPTH, &stuck, Some(side)) {
        return MateAbility::CannotMate;
    }
    if helpmate_exists(pos, side) {
        return MateAbility::CanMate;
    }
    MateAbility::Unknown
}

fn statically_dead(pos: &Position) -> bool {
    let b = pos.board();
    (material_cannot_mate(b, Color::White) && material_cannot_mate(b, Color::Black))
        || pawn_wall(pos)
}

/// True when every series of legal moves of at most `depth` plies from `pos` reaches a
/// position where `stuck` holds, or a stalemate, with no mate on the way (by `mater` if given,
/// by anyone if not). Fails at the first line that does not, so a live position costs only
/// `depth` move generations.
fn forced(
    pos: &Position,
    depth: u32,
    stuck: &dyn Fn(&Position) -> bool,
    mater: Option<Color>,
) -> bool {
    if stuck(pos) {
        return true;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        // Stalemate: nobody mates. Mate: it counts against `mater` only if `mater` delivered it.
        return !pos.is_check() || mater.is_some_and(|m| m == pos.turn());
    }
    if depth == 0 {
        return false;
    }
    moves.iter().all(|m| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        forced(&next, depth - 1, stuck, mater)
    })
}

/// Material with which `side` can never mate, whatever the placement and whatever the
/// opponent does. Only material that play can never increase qualifies, so no pawns may be
/// involved where they would matter: every case below stays true after any capture.
///
/// 1. A lone king never gives check.
/// 2. King and one knight against a king with nothing but queens (shakmaty's rule; proved by
///    the exhaustive enumeration in `tests/dead.rs`): the knight's check cannot be blocked,
///    so every flight square must be covered or filled, and a queen on a flight square next
///    to the checked king can always take the knight or leaves a square free. Extra queens
///    elsewhere only defend.
/// 3. King and bishops all on squares of one colour, against a king whose other men are
///    bishops of that colour, rooks and queens, with no knights or pawns anywhere: the
///    mated king must stand on the bishops' colour. Its two to four orthogonal neighbours are
///    of the other colour: no bishop covers them and the attacking king can cover at most one
///    without standing next to the mated king, so a rook or queen of the defender fills one
///    of them, and at least one such filled neighbour lies on the side the check comes from
///    (both neighbours on that side are on the board, since the checking line is). That rook
///    or queen stands orthogonally next to the square between king and checker (or the
///    checking bishop itself) and can move there; it cannot be pinned, as pins along ranks
///    and files need a rook or queen. A double check by two bishops of one colour is
///    impossible: the discovering bishop would have to leave one diagonal of the king for the
///    other along a diagonal parallel to that other one.
pub fn material_cannot_mate(board: &Board, side: Color) -> bool {
    let ours = board.by_color(side);
    let theirs = board.by_color(!side) & !board.kings();
    let our_men = ours & !board.kings();
    if our_men.is_empty() {
        return true;
    }
    if (our_men & (board.pawns() | board.straight_sliders())).any() {
        return false;
    }
    if (our_men & board.knights()).any() {
        return our_men.count() == 1 && (theirs & !board.queens()).is_empty();
    }
    // Only bishops left on our side.
    let all_bishops = board.bishops();
    let one_colour = (all_bishops & Bitboard::DARK_SQUARES).is_empty()
        || (all_bishops & Bitboard::LIGHT_SQUARES).is_empty();
    one_colour
        && (theirs & !(board.bishops() | board.straight_sliders())).is_empty()
        && board.pawns().is_empty()
}

/// A position of kings and pawns in which no pawn can ever move and no king can ever reach a
/// pawn it could take: nothing can change but the kings' walks, and kings alone never check.
fn pawn_wall(pos: &Position) -> bool {
    let b = pos.board();
    if b.occupied() != (b.kings() | b.pawns()) || b.pawns().is_empty() {
        return false;
    }
    if pos.legal_ep_square().is_some() {
        return false;
    }
    let pawn_attacks = |color: Color| -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in b.by_piece(Role::Pawn.of(color)) {
            out |= attacks::pawn_attacks(color, sq);
        }
        out
    };
    let attacked = [pawn_attacks(Color::White), pawn_attacks(Color::Black)];
    for color in Color::ALL {
        for sq in b.by_piece(Role::Pawn.of(color)) {
            // Blocked in front by a pawn (kings walk away), and nothing to take now; later
            // the only mobile men are kings, which never step onto a square a pawn attacks.
            let ahead = sq.offset(0, color.fold(1, -1));
            if !ahead.is_some_and(|a| b.pawns().contains(a)) {
                return false;
            }
            if (attacks::pawn_attacks(color, sq) & b.by_color(!color) & b.pawns()).any() {
                return false;
            }
        }
    }
    for color in Color::ALL {
        let Some(king) = b.king_of(color) else {
            return false;
        };
        let region = king_region(king, b.pawns(), attacked[(!color).index()]);
        // A king next to an enemy pawn that no pawn defends could take it some day.
        let enemy_pawns = b.by_piece(Role::Pawn.of(!color)) & !attacked[(!color).index()];
        let mut reach = Bitboard::EMPTY;
        for sq in region {
            reach |= attacks::king_attacks(sq);
        }
        if (reach & enemy_pawns).any() {
            return false;
        }
    }
    true
}

/// Every square a king could ever stand on: flood fill from `king` through squares without a
/// pawn and not attacked by an enemy pawn (the other king is ignored, which only enlarges it).
fn king_region(king: Square, pawns: Bitboard, forbidden: Bitboard) -> Bitboard {
    let mut region = Bitboard::from_square(king);
    loop {
        let mut grown = region;
        for sq in region {
            grown |= attacks::king_attacks(sq) & !pawns & !forbidden;
        }
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// A series of at most `max_plies` legal moves after which `winner` has mated, both sides
/// cooperating; `None` if none was found within `node_budget` positions. Iterative deepening,
/// so the shortest helpmate comes first.
pub fn find_helpmate(
    pos: &Position,
    winner: Color,
    max_plies: u32,
    node_budget: u64,
) -> Option<Vec<Move>> {
    let mut budget = node_budget;
    let mut line = Vec::new();
    for plies in 1..=max_plies {
        // The mating move is the winner's: the last ply must fall to them.
        let winner_moves_last = (plies % 2 == 1) == (pos.turn() == winner);
        if !winner_moves_last {
            continue;
        }
        match helpmate(pos, winner, plies, &mut budget, &mut line) {
            Search::Found => return Some(line),
            Search::OutOfBudget => return None,
            Search::NotFound => {}
        }
    }
    None
}

/// A helpmate for `winner` found by a best-first search that herds the losing king towards a
/// corner, brings the winning king near, pushes the winner's pawns and (when the winner has a
/// rook or queen) lets the loser's men be taken: the long cooperative mates of endgames, which
/// the exhaustive [`find_helpmate`] cannot reach. Gives up after `max_expansions` positions.
///
/// Only completeness depends on the heuristic: a returned line is a real series of legal moves
/// ending in `winner`'s mate.
pub fn find_guided_helpmate(
    pos: &Position,
    winner: Color,
    max_expansions: usize,
) -> Option<Vec<Move>> {
    // Two weightings, half the budget each: minor-piece mates need the men gathered round the
    // losing king, while herding alone finds the others sooner.
    [Guide::Herd, Guide::Gather]
        .into_iter()
        .find_map(|guide| guided_search(pos, winner, max_expansions / 2, guide))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Guide {
    Herd,
    Gather,
}

fn guided_search(
    pos: &Position,
    winner: Color,
    max_expansions: usize,
    guide: Guide,
) -> Option<Vec<Move>> {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashSet};

    /// A search node: the move from its parent; positions are replayed from the root.
    struct Node {
        parent: u32,
        mv: Option<Move>,
        depth: u16,
    }
    let line_to = |nodes: &[Node], mut i: usize| -> Vec<Move> {
        let mut line = Vec::new();
        while let Some(m) = nodes[i].mv {
            line.push(m);
            i = nodes[i].parent as usize;
        }
        line.reverse();
        line
    };

    let mut nodes = vec![Node {
        parent: 0,
        mv: None,
        depth: 0,
    }];
    // Hashes only: a collision can at worst skip a line, never invent one.
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(position_hash(pos));
    let mut queue = BinaryHeap::new();
    // Ties go to the newest node, so the search dives along its best line.
    queue.push(Reverse((herd_score(pos, winner, guide), Reverse(0u32))));
    let mut expansions = 0;
    while let Some(Reverse((_, Reverse(index)))) = queue.pop() {
        if expansions >= max_expansions {
            return None;
        }
        expansions += 1;
        let index = index as usize;
        if nodes[index].depth >= GUIDED_MAX_PLIES {
            continue;
        }
        let line = line_to(&nodes, index);
        let mut current = pos.clone();
        for m in &line {
            current.play_unchecked(m);
        }
        for m in current.legal_moves() {
            let mut next = current.clone();
            next.play_unchecked(&m);
            if !next.has_legal_move() {
                if next.is_check() && current.turn() == winner {
                    let mut found = line;
                    found.push(m);
                    return Some(found);
                }
                continue;
            }
            if material_cannot_mate(next.board(), winner) || !seen.insert(position_hash(&next)) {
                continue;
            }
            let Ok(id) = u32::try_from(nodes.len()) else {
                return None;
            };
            nodes.push(Node {
                parent: index as u32,
                mv: Some(m),
                depth: nodes[index].depth + 1,
            });
            // A small charge per ply keeps the lines short without stopping the dive.
            let cost = herd_score(&next, winner, guide)
                .saturating_add(u32::from(nodes[index].depth + 1) / 4);
            queue.push(Reverse((cost, Reverse(id))));
        }
    }
    None
}

fn position_hash(pos: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    pos.board().hash(&mut h);
    pos.turn().hash(&mut h);
    pos.castles().mask().hash(&mut h);
    h.finish()
}

/// How far `pos` looks from a mate by `winner`, lower being closer: a guide, not a measure.
fn herd_score(pos: &Position, winner: Color, guide: Guide) -> u32 {
    let b = pos.board();
    let loser = !winner;
    let (Some(lk), Some(wk)) = (b.king_of(loser), b.king_of(winner)) else {
        return u32::MAX;
    };
    let (file, rank) = (u32::from(lk.file().index()), u32::from(lk.rank().index()));
    let edge = file.min(7 - file).min(rank).min(7 - rank);
    let corner = file.min(7 - file).max(rank.min(7 - rank));
    let mut score = 6 * edge + 3 * corner + 2 * u32::from(wk.distance(lk));
    let ours = b.by_color(winner);
    for pawn in b.pawns() & ours {
        let to_go = match winner {
            Color::White => 7 - u32::from(pawn.rank().index()),
            Color::Black => u32::from(pawn.rank().index()),
        };
        score += 4 * to_go;
    }
    if (ours & b.straight_sliders()).is_empty() {
        score += 20;
    }
    if guide == Guide::Gather {
        // Minor pieces mate close to the king, with the loser's own men as blockers.
        for sq in ours & (b.knights() | b.bishops()) {
            score += 2 * u32::from(sq.distance(lk));
        }
        for sq in b.by_color(loser) & !b.kings() {
            score += 2 * u32::from(sq.distance(lk));
        }
    } else if (ours & b.straight_sliders()).any() {
        // With a rook or queen the loser's men only get in the way.
        score += 5 * (b.by_color(loser) & !b.kings()).count() as u32;
    }
    score
}

enum Search {
    Found,
    NotFound,
    OutOfBudget,
}

fn helpmate(
    pos: &Position,
    winner: Color,
    plies: u32,
    budget: &mut u64,
    line: &mut Vec<Move>,
) -> Search {
    let moves = pos.legal_moves();
    for m in &moves {
        if *budget == 0 {
            return Search::OutOfBudget;
        }
        *budget -= 1;
        let mut next = pos.clone();
        next.play_unchecked(m);
        line.push(*m);
        if plies == 1 {
            if next.is_checkmate() {
                return Search::Found;
            }
        } else if !material_cannot_mate(next.board(), winner) {
            match helpmate(&next, winner, plies - 1, budget, line) {
                Search::NotFound => {}
                other => return other,
            }
        }
        line.pop();
    }
    Search::NotFound
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("valid test FEN")
    }

    #[test]
    fn helpmate_in_one_is_found_and_legal() {
        // White: Kc2, Nd4; Black: Ka1, pawn a2. Nb3 mates.
        let p = pos("8/8/8/8/3N4/8/p1K5/k7 w - - 0 1");
        let line = find_helpmate(&p, Color::White, 3, 10_000).expect("Nb3 mates");
        assert_eq!(line.len(), 1);
        let after = p.play(&line[0]).unwrap();
        assert!(after.is_checkmate());
    }

    #[test]
    fn helpmate_respects_the_budget() {
        let p = Position::new();
        // Fool's mate is four plies, far beyond a budget of 10 positions.
        assert_eq!(find_helpmate(&p, Color::Black, 4, 10), None);
        let line = find_helpmate(&p, Color::Black, 4, 1_000_000).expect("fool's mate");
        assert_eq!(line.len(), 4);
    }
}
