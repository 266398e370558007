//! How a person's hands make a move on a physical board: which man is lifted and put down,
//! in which order, with which hesitations. Pure and seeded, so every test run sees the same
//! traffic.

use crate::rules::{Board, Move, Piece, Position, Role, Square};

/// One thing a hand does to the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A man leaves the square (the board then reads it empty).
    Lift(Square),
    /// A man is put on an empty square.
    Place(Square, Piece),
}

/// The choices a player makes while moving. `Style::default()` is the textbook order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// In a capture, take the captured man off first (otherwise lift the capturing man first).
    pub capture_first: bool,
    /// In castling, move the rook first (irregular under Art. 4.4, but people do it).
    pub rook_first: bool,
    /// Slide a long-range piece, so the board sees it on each square it passes.
    pub slide: bool,
    /// A reed switch bounces when the man lands: the square reads empty once more briefly.
    pub bounce: bool,
}

/// The hand actions that play `m` from `pos`, in `style`.
///
/// A promotion puts the new piece (`m.promotion()`) straight on the last rank, as a player
/// with the piece ready in hand would.
pub fn actions(pos: &Position, m: &Move, style: Style) -> Vec<Action> {
    let us = pos.turn();
    let mut out = Vec::new();
    match *m {
        Move::Castle { king, rook } => {
            let side = m.castling_side().expect("a castling move");
            let king_to = Square::from_coords(side.king_to_file(), king.rank());
            let rook_to = Square::from_coords(side.rook_to_file(), king.rank());
            let k = Role::King.of(us);
            let r = Role::Rook.of(us);
            let (first, first_to, fp, second, second_to, sp) = if style.rook_first {
                (rook, rook_to, r, king, king_to, k)
            } else {
                (king, king_to, k, rook, rook_to, r)
            };
            let overlap = [king_to, rook_to].contains(&king) || [king_to, rook_to].contains(&rook);
            if overlap {
                // Chess960: a man lands where the other stood, so both come off first.
                out.extend([Action::Lift(first), Action::Lift(second)]);
                out.extend([Action::Place(first_to, fp), Action::Place(second_to, sp)]);
            } else {
                out.extend([Action::Lift(first), Action::Place(first_to, fp)]);
                out.extend([Action::Lift(second), Action::Place(second_to, sp)]);
            }
        }
        Move::EnPassant { from, to } => {
            let victim = Square::from_coords(to.file(), from.rank());
            let p = Role::Pawn.of(us);
            if style.capture_first {
                out.extend([
                    Action::Lift(victim),
                    Action::Lift(from),
                    Action::Place(to, p),
                ]);
            } else {
                out.extend([
                    Action::Lift(from),
                    Action::Place(to, p),
                    Action::Lift(victim),
                ]);
            }
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let landed = promotion.unwrap_or(role).of(us);
            if capture.is_some() && style.capture_first {
                out.push(Action::Lift(to));
                out.push(Action::Lift(from));
            } else {
                out.push(Action::Lift(from));
                if capture.is_some() {
                    out.push(Action::Lift(to));
                }
            }
            if style.slide
                && capture.is_none()
                && matches!(role, Role::Bishop | Role::Rook | Role::Queen)
            {
                for sq in path_between(from, to) {
                    out.push(Action::Place(sq, role.of(us)));
                    out.push(Action::Lift(sq));
                }
            }
            out.push(Action::Place(to, landed));
        }
    }
    if style.bounce {
        if let Some(&Action::Place(sq, p)) = out.last() {
            out.push(Action::Lift(sq));
            out.push(Action::Place(sq, p));
        }
    }
    out
}

/// Squares strictly between two squares on a line, nearest `from` first.
fn path_between(from: Square, to: Square) -> Vec<Square> {
    let df = (to.file().index() as i8 - from.file().index() as i8).signum();
    let dr = (to.rank().index() as i8 - from.rank().index() as i8).signum();
    let mut out = Vec::new();
    let mut sq = from;
    while let Some(next) = sq.offset(df, dr) {
        if next == to {
            break;
        }
        out.push(next);
        sq = next;
    }
    out
}

/// A touch that is not a move: the man is lifted and put back on its square.
pub fn touch(board: &Board, square: Square) -> Vec<Action> {
    match board.piece_at(square) {
        Some(p) => vec![Action::Lift(square), Action::Place(square, p)],
        None => Vec::new(),
    }
}

/// Applies actions to a placement (the board's physical state), ignoring impossible ones.
pub fn apply(board: &mut Board, action: Action) {
    match action {
        Action::Lift(sq) => {
            board.remove_piece_at(sq);
        }
        Action::Place(sq, p) => board.set_piece_at(sq, p),
    }
}

/// A small seeded generator (xorshift64*) choosing styles: a simulator is not the rules core,
/// but its tests must be repeatable.
#[derive(Debug, Clone)]
pub struct Hands {
    state: u64,
    /// Let the generator slide and bounce (off: clean textbook traffic).
    pub noise: bool,
}

impl Hands {
    /// A generator seeded with `seed`: the same seed gives the same hands.
    pub fn new(seed: u64, noise: bool) -> Hands {
        Hands {
            state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            noise,
        }
    }

    fn next(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// Picks how the next move is made on the board (order of hands, slides, bounces).
    pub fn style(&mut self) -> Style {
        Style {
            capture_first: self.chance(50),
            // Rook-first castling is irregular (Art. 4.4.2): only with noise.
            rook_first: self.noise && self.chance(25),
            slide: self.noise && self.chance(30),
            bounce: self.noise && self.chance(15),
        }
    }

    /// A pause between two hand actions, in milliseconds (human hands: 80-400 ms).
    pub fn pause_ms(&mut self) -> u64 {
        80 + self.next() % 320
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_move;
    use crate::rules::{Color, Position};

    fn play(moves: &str) -> Position {
        let mut pos = Position::new();
        for m in moves.split_whitespace() {
            let mv = parse_move(&pos, m).unwrap();
            pos = pos.play(&mv).unwrap();
        }
        pos
    }

    /// Every style ends with the board showing the position after the move, and never puts a
    /// man on an occupied square.
    fn check(pos: &Position, san: &str) {
        let m = parse_move(pos, san).unwrap();
        let after = pos.play(&m).unwrap();
        for bits in 0..16u8 {
            let style = Style {
                capture_first: bits & 1 != 0,
                rook_first: bits & 2 != 0,
                slide: bits & 4 != 0,
                bounce: bits & 8 != 0,
            };
            let mut b = *pos.board();
            for a in actions(pos, &m, style) {
                if let Action::Place(sq, _) = a {
                    assert!(
                        b.piece_at(sq).is_none(),
                        "{san} {style:?}: {sq} is occupied"
                    );
                }
                apply(&mut b, a);
            }
            assert_eq!(b, *after.board(), "{san} {style:?}");
        }
    }

    #[test]
    fn every_kind_of_move_ends_in_the_right_position() {
        check(&Position::new(), "e4");
        check(&Position::new(), "Nf3");
        check(&play("e4 d5"), "exd5");
        check(&play("e4 e5 Nf3 Nc6 Bc4 Nf6"), "O-O");
        check(&play("d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7"), "O-O-O");
        check(&play("e4 a6 e5 d5"), "exd6");
        check(&play("b4 a5 bxa5 Nc6 a6 Rb8 axb7 Nb4"), "bxc8=Q");
        check(&play("b4 a5 bxa5 Nc6 a6 Rb8 axb7 Nb4"), "bxc8=N");
        check(&play("d4 e5 Bf4 a6"), "Bxe5");
        check(&play("e4 e5 Qh5 Nc6"), "Qxf7+");
        check(&play("e4 e5 Bc4 a6"), "Bxa6");
    }

    #[test]
    fn capture_order_and_slides_are_as_asked() {
        let pos = play("e4 d5");
        let m = parse_move(&pos, "exd5").unwrap();
        let first = actions(
            &pos,
            &m,
            Style {
                capture_first: true,
                ..Style::default()
            },
        );
        assert_eq!(first[0], Action::Lift(Square::D5));
        let mover = actions(&pos, &m, Style::default());
        assert_eq!(mover[0], Action::Lift(Square::E4));
        let pos = play("e4 e5");
        let m = parse_move(&pos, "Bb5").unwrap();
        let slid = actions(
            &pos,
            &m,
            Style {
                slide: true,
                ..Style::default()
            },
        );
        let white_bishop = crate::rules::Role::Bishop.of(Color::White);
        assert_eq!(
            slid,
            vec![
                Action::Lift(Square::F1),
                Action::Place(Square::E2, white_bishop),
                Action::Lift(Square::E2),
                Action::Place(Square::D3, white_bishop),
                Action::Lift(Square::D3),
                Action::Place(Square::C4, white_bishop),
                Action::Lift(Square::C4),
                Action::Place(Square::B5, white_bishop),
            ]
        );
    }

    #[test]
    fn castling_king_first_or_rook_first() {
        let pos = play("e4 e5 Nf3 Nc6 Bc4 Nf6");
        let m = parse_move(&pos, "O-O").unwrap();
        let k = actions(&pos, &m, Style::default());
        assert_eq!(k[0], Action::Lift(Square::E1));
        assert_eq!(k[2], Action::Lift(Square::H1));
        let r = actions(
            &pos,
            &m,
            Style {
                rook_first: true,
                ..Style::default()
            },
        );
        assert_eq!(r[0], Action::Lift(Square::H1));
        assert_eq!(
            r[1],
            Action::Place(Square::F1, crate::rules::Role::Rook.of(Color::White))
        );
    }

    #[test]
    fn the_hands_are_repeatable() {
        let a: Vec<Style> = (0..20)
            .scan(Hands::new(7, true), |h, _| Some(h.style()))
            .collect();
        let b: Vec<Style> = (0..20)
            .scan(Hands::new(7, true), |h, _| Some(h.style()))
            .collect();
        assert_eq!(a, b);
        assert!(a.iter().any(|s| s.capture_first) && a.iter().any(|s| !s.capture_first));
        let mut h = Hands::new(3, false);
        assert!((0..50).all(|_| !h.style().slide));
        assert!((0..50).all(|_| (80..400).contains(&h.pause_ms())));
    }
}
