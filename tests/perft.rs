//! Move generation checked against published perft counts (tests/data/perft).
//!
//! Each suite is walked to a node budget per position, so the whole file stays within a few
//! seconds on CI's two cores while still reaching depth 4-5 on most positions.

mod common;

use common::read_perft;
use vichess::rules::{perft, CastlingMode, Position};

fn run_suite(rel: &str, mode: CastlingMode, budget: u64, stride: usize) -> (usize, u64) {
    let cases = read_perft(rel);
    assert!(!cases.is_empty(), "{rel} holds no cases");
    let (mut checked, mut total) = (0, 0);
    for case in cases.iter().step_by(stride) {
        let pos = Position::from_fen(&case.epd, mode)
            .unwrap_or_else(|e| panic!("{rel} case {}: {e}", case.index));
        for &(depth, nodes) in &case.counts {
            if nodes > budget {
                break;
            }
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "{rel} case {} depth {depth}: {}",
                case.index,
                case.epd
            );
            checked += 1;
            total += nodes;
        }
    }
    (checked, total)
}

#[test]
fn start_position_to_depth_five() {
    let pos = Position::new();
    let expected = [1, 20, 400, 8_902, 197_281, 4_865_609];
    for (depth, nodes) in expected.into_iter().enumerate() {
        assert_eq!(perft(&pos, depth as u32), nodes, "depth {depth}");
    }
}

#[test]
fn tricky_positions() {
    // Chess960 mode because some cases use X-FEN arrays. Kiwipete, en passant pins, promotions, castling through check: every count in the file.
    let (checked, _) = run_suite("perft/tricky.txt", CastlingMode::Chess960, u64::MAX, 1);
    assert!(checked >= 50, "only {checked} counts checked");
}

#[test]
fn chess960_positions() {
    let (checked, total) = run_suite("perft/chess960.txt", CastlingMode::Chess960, 1_000_000, 1);
    // Depths 1-3 everywhere and depth 4 wherever it stays under the budget.
    assert!(checked >= 960 * 3 + 500, "only {checked} counts checked");
    assert!(total > 200_000_000, "only {total} nodes walked");
}

#[test]
fn random_positions() {
    // Every fourth of the published 6,838 positions (see tests/data/README.md).
    let (checked, _) = run_suite("perft/random.txt", CastlingMode::Standard, 200_000, 1);
    assert!(checked >= 1710 * 3, "only {checked} counts checked");
}
