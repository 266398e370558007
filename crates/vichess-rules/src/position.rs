//! A position: placement, side to move, castling rights, en passant, move counters; legal move
//! generation (Art. 3) and playing moves.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::castling::{Castles, CastlingMode};
use super::color::Color;
use super::moves::{CastlingSide, Move};
use super::role::{Piece, Role};
use super::square::{File, Rank, Square};
use arrayvec::ArrayVec;

/// Legal moves fit here: the known maximum in a reachable position is 218.
pub type MoveList = ArrayVec<Move, 256>;

/// Everything a FEN says, unchecked: the raw material a [`Position`] is validated from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Where the men stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The rooks named by the castling field (any square; validated later).
    pub castling_rooks: Bitboard,
    /// The square a pawn skipped with its double step, as the FEN gave it.
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, from 1.
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: Board::new(),
            turn: Color::White,
            castling_rooks: Bitboard::CORNERS,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// Why a setup is not a position the Laws allow play from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The side has no king.
    #[error("the {0} king is missing")]
    MissingKing(Color),
    /// The side has more than one king; holds the count.
    #[error("there are {1} {0} kings; each side has exactly one")]
    TooManyKings(Color, usize),
    /// A pawn on rank 1 or 8.
    #[error("a pawn stands on {0}, on the first or last rank, where no pawn can be")]
    PawnOnBackRank(Square),
    /// The side not to move is in check: holds the side to move, then the checked side.
    #[error("{0} is to move but the {1} king is in check: the side not to move can never be in check (3.9)")]
    OppositeCheck(Color, Color),
    /// More checkers than any move can give; holds the count.
    #[error("the king is in check from {0} men at once, which no legal move can produce")]
    ImpossibleCheck(usize),
    /// A castling right names a square with no rook of that colour beside the king.
    #[error(
        "castling right names {0}, but no {1} rook stands there beside a king on its first rank"
    )]
    BadCastlingRights(Square, Color),
    /// A standard-chess castling right with the king or rook off its home square.
    #[error("castling right on {0}: in standard chess the king must be on e1/e8 and the rook on a corner (use Chess960 for other arrays)")]
    NotStandardCastling(Square),
    /// An en passant square no double step could have left.
    #[error("en passant square {0} is impossible: it must be on the sixth rank (third for Black) with the pawn that just moved two squares in front of it and the squares it crossed empty")]
    BadEnPassant(Square),
    /// More men of one side than the 16 it starts with; holds the side and the count.
    #[error("{1} {0} men is more than the 16 each side starts with")]
    TooManyMen(Color, usize),
}

/// A position reachable in play.
///
/// `Position` is a value (about 100 bytes): playing a move returns a new position, which keeps the
/// game record simple and perft fast (copy-make, no undo bookkeeping).
///
/// ```
/// use vichess_rules::{notation, Color, Position, Role, Square};
///
/// let start = Position::new();
/// assert_eq!(start.legal_moves().len(), 20);
///
/// // Moves are read as players write them, and checked against the Laws.
/// let e4 = notation::parse_move(&start, "e4")?;
/// let after = start.play(&e4)?;
/// assert_eq!(after.turn(), Color::Black);
/// assert_eq!(after.board().role_at(Square::E4), Some(Role::Pawn));
/// // No black pawn can take en passant, so the FEN names no square (9.2.2).
/// assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
///
/// // The start position is unchanged: positions are values.
/// assert_eq!(start.turn(), Color::White);
/// assert!(notation::parse_move(&after, "e4").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    castles: Castles,
    /// Set only when an en passant capture is legal right now: two positions that differ in
    /// nothing else are the same position (9.2.2), and must compare and hash equal.
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    mode: CastlingMode,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard initial position (Art. 2.3).
    pub fn new() -> Position {
        Position {
            board: Board::new(),
            turn: Color::White,
            castles: Castles::standard(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            mode: CastlingMode::Standard,
        }
    }

    /// Checks a setup against what play can produce and builds the position.
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            let kings = (board.kings() & board.by_color(color)).count();
            if kings == 0 {
                return Err(PositionError::MissingKing(color));
            }
            if kings > 1 {
                return Err(PositionError::TooManyKings(color, kings));
            }
            let men = board.by_color(color).count();
            if men > 16 {
                return Err(PositionError::TooManyMen(color, men));
            }
        }
        if let Some(sq) = (board.pawns() & Bitboard::BACKRANKS).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }

        let mut castles = Castles::NONE;
        for rook in setup.castling_rooks {
            let color = if rook.rank() == Rank::FIRST {
                Color::White
            } else if rook.rank() == Rank::EIGHTH {
                Color::Black
            } else {
                return Err(PositionError::BadCastlingRights(rook, Color::White));
            };
            let king = board.king_of(color).expect("checked above");
            if !(board.rooks() & board.by_color(color)).contains(rook) || king.rank() != rook.rank()
            {
                return Err(PositionError::BadCastlingRights(rook, color));
            }
            if mode == CastlingMode::Standard
                && (king.file() != File::E || (rook.file() != File::A && rook.file() != File::H))
            {
                return Err(PositionError::NotStandardCastling(rook));
            }
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            if castles.has(color, side) {
                // Two rooks named on one wing: the outermost is the castling rook.
                let old = castles.rook(color, side).expect("has");
                let outer = match side {
                    CastlingSide::KingSide => old.max(rook),
                    CastlingSide::QueenSide => old.min(rook),
                };
                castles.set(color, side, outer);
            } else {
                castles.set(color, side, rook);
            }
        }

        let mut pos = Position {
            board,
            turn: setup.turn,
            castles,
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            mode,
        };

        if let Some(ep) = setup.ep_square {
            let us = setup.turn;
            let them = !us;
            let pawn_sq = ep.offset(0, us.fold(-1, 1));
            let origin = ep.offset(0, us.fold(1, -1));
            let ok = ep.rank() == us.fold(Rank::SIXTH, Rank::THIRD)
                && pawn_sq.is_some_and(|s| board.by_piece(Role::Pawn.of(them)).contains(s))
                && !board.occupied().contains(ep)
                && origin.is_some_and(|s| !board.occupied().contains(s));
            if !ok {
                return Err(PositionError::BadEnPassant(ep));
            }
            pos.ep_square = Some(ep);
        }

        let them_king = board.king_of(!pos.turn).expect("checked");
        if board
            .attackers_to(them_king, pos.turn, board.occupied())
            .any()
        {
            return Err(PositionError::OppositeCheck(pos.turn, !pos.turn));
        }
        let checkers = pos.checkers();
        if checkers.count() > 2 {
            return Err(PositionError::ImpossibleCheck(checkers.count()));
        }
        pos.keep_ep_square_only_if_legal();
        Ok(pos)
    }

    /// The raw fields, as FEN writes them.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rooks: self.castles.mask(),
            ep_square: self.legal_ep_square(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Where the men stand.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// The castling rights still held.
    #[inline]
    pub fn castles(&self) -> &Castles {
        &self.castles
    }
    /// Standard or Chess960 castling, which decides how castling is written and read.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }
    /// Plies since the last capture or pawn move (9.3, 9.6.2).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// The number of the move about to be played (starts at 1, grows after Black moves).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Switches how castling is written (e.g. a standard array played as Chess960 518).
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// Our king's square.
    #[inline]
    pub fn our_king(&self) -> Square {
        self.board
            .king_of(self.turn)
            .expect("a valid position has both kings")
    }

    /// The men giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.board
            .attackers_to(self.our_king(), !self.turn, self.board.occupied())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The en passant square only when an en passant capture is actually legal (9.2.2).
    #[inline]
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The same as [`Position::legal_ep_square`]: the square is only ever kept when the
    /// capture is legal, so a square no pawn may use never makes two positions differ.
    #[inline]
    pub fn pseudo_ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Drops the en passant square unless some pawn may legally take there.
    fn keep_ep_square_only_if_legal(&mut self) {
        if let Some(ep) = self.ep_square {
            let mut count = Count(0);
            self.gen_en_passant(ep, self.our_king(), &mut count);
            if count.0 == 0 {
                self.ep_square = None;
            }
        }
    }

    /// The side to move is in check and has no legal move (5.1.1).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// The side to move is not in check and has no legal move (5.2.1).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// The answer for mate and stalemate.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `m` is one of the legal moves here: checks a move from outside (a board, a file).
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Men of the side to move that cannot leave the line to their king.
    fn pinned(&self, king: Square) -> Bitboard {
        let us = self.board.by_color(self.turn);
        let them = self.board.by_color(!self.turn);
        let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY)
            & self.board.straight_sliders())
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & self.board.diagonal_sliders()))
            & them;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let b = attacks::between(king, sniper) & self.board.occupied();
            if !b.more_than_one() {
                pinned |= b & us;
            }
        }
        pinned
    }

    /// Every legal move, in no particular order.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves
    }

    /// How many legal moves there are, without listing them: on the last ply of perft the
    /// count is all that is wanted, and building the list would be most of the work.
    pub fn count_legal_moves(&self) -> usize {
        let mut count = Count(0);
        self.generate(&mut count);
        count.0
    }

    /// The legal moves of the man on `from` only (a touched man, a square read-out).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut all = self.legal_moves();
        all.retain(|m| m.from() == from);
        all
    }

    /// The one move generator behind listing and counting; `sink` decides which.
    fn generate<S: Sink>(&self, sink: &mut S) {
        let king = self.our_king();
        let us = self.board.by_color(self.turn);
        let checkers = self
            .board
            .attackers_to(king, !self.turn, self.board.occupied());

        if checkers.is_empty() {
            let pinned = self.pinned(king);
            let target = !us;
            self.gen_pieces(target, king, pinned, sink);
            self.gen_pawns(target, king, pinned, sink);
            self.gen_king(king, sink);
            self.gen_castling(king, sink);
        } else {
            self.gen_king(king, sink);
            // In double check only the king may move.
            if let Some(checker) = checkers.single_square() {
                let pinned = self.pinned(king);
                let target = attacks::between(king, checker).with(checker);
                self.gen_pieces(target, king, pinned, sink);
                self.gen_pawns(target, king, pinned, sink);
            }
        }
        if let Some(ep) = self.ep_square {
            if !checkers.more_than_one() {
                self.gen_en_passant(ep, king, sink);
            }
        }
    }

    fn gen_pieces<S: Sink>(&self, target: Bitboard, king: Square, pinned: Bitboard, sink: &mut S) {
        let b = &self.board;
        let us = b.by_color(self.turn);
        let occ = b.occupied();
        // A pinned man may only move along the line through its king and the pinner.
        let pin_mask = |from: Square| {
            if pinned.contains(from) {
                attacks::line(king, from)
            } else {
                Bitboard::FULL
            }
        };
        // A pinned knight can never move: every knight move leaves the line.
        for from in b.knights() & us & !pinned {
            sink.piece_moves(
                b,
                Role::Knight,
                from,
                attacks::knight_attacks(from) & target,
            );
        }
        for from in b.bishops() & us {
            let t = attacks::bishop_attacks(from, occ) & target & pin_mask(from);
            sink.piece_moves(b, Role::Bishop, from, t);
        }
        for from in b.rooks() & us {
            let t = attacks::rook_attacks(from, occ) & target & pin_mask(from);
            sink.piece_moves(b, Role::Rook, from, t);
        }
        for from in b.queens() & us {
            let t = attacks::queen_attacks(from, occ) & target & pin_mask(from);
            sink.piece_moves(b, Role::Queen, from, t);
        }
    }

    fn gen_king<S: Sink>(&self, king: Square, sink: &mut S) {
        let b = &self.board;
        let them = !self.turn;
        // Without the king on the board, a slider's ray runs on through its square: stepping
        // back along the line of a check is not an escape.
        let occ = b.occupied().without(king);
        let safe: Bitboard = (attacks::king_attacks(king) & !b.by_color(self.turn))
            .filter(|&to| b.attackers_to(to, them, occ).is_empty())
            .collect();
        sink.piece_moves(b, Role::King, king, safe);
    }

    /// Pawns not pinned move in bulk, a whole set shifted at once; pinned ones one by one.
    fn gen_pawns<S: Sink>(&self, target: Bitboard, king: Square, pinned: Bitboard, sink: &mut S) {
        let b = &self.board;
        let us = self.turn;
        let pawns = b.pawns() & b.by_color(us);
        let them = b.by_color(!us);
        let empty = !b.occupied();
        let up = us.fold(8, -8);
        let third_rank = Bitboard::rank(us.fold(Rank::THIRD, Rank::SIXTH));
        let not_a = !Bitboard::file(File::A);
        let not_h = !Bitboard::file(File::H);

        let free = pawns & !pinned;
        let single = free.shift(up) & empty;
        sink.pawn_moves(b, single & target, up);
        let double = (single & third_rank).shift(up) & empty;
        sink.pawn_moves(b, double & target, 2 * up);
        // Captures towards the a-file and towards the h-file, named by their step.
        let (west, east) = (up - 1, up + 1);
        sink.pawn_moves(b, (free & not_a).shift(west) & them & target, west);
        sink.pawn_moves(b, (free & not_h).shift(east) & them & target, east);

        for from in pawns & pinned {
            let mut to = attacks::pawn_attacks(us, from) & them;
            let one = sq_offset(from, up);
            if empty.contains(one) {
                to.set(one);
                if third_rank.contains(one) && empty.contains(sq_offset(one, up)) {
                    to.set(sq_offset(one, up));
                }
            }
            sink.pawn_moves_from(b, from, to & target & attacks::line(king, from));
        }
    }

    /// En passant needs a full check: taking two pawns off one rank can expose the king.
    fn gen_en_passant<S: Sink>(&self, ep: Square, king: Square, sink: &mut S) {
        let b = &self.board;
        let us = self.turn;
        let captured = sq_offset(ep, us.fold(-8, 8));
        for from in attacks::pawn_attacks(!us, ep) & b.by_piece(Role::Pawn.of(us)) {
            let occ = (b.occupied().without(from).without(captured)).with(ep);
            let attackers = b.attackers_to(king, !us, occ).without(captured);
            if attackers.is_empty() {
                sink.push(Move::EnPassant { from, to: ep });
            }
        }
    }

    fn gen_castling<S: Sink>(&self, king: Square, sink: &mut S) {
        for side in CastlingSide::ALL {
            if let Some(rook) = self.castles.rook(self.turn, side) {
                // Usually a man still stands between king and rook: skip the full check.
                if (attacks::between(king, rook) & self.board.occupied()).any() {
                    continue;
                }
                if self.castling_obstacle(king, rook, side).is_none() {
                    sink.push(Move::Castle { king, rook });
                }
            }
        }
    }

    /// Why castling with `rook` is temporarily barred (3.8.2.2), if it is.
    pub(crate) fn castling_obstacle(
        &self,
        king: Square,
        rook: Square,
        side: CastlingSide,
    ) -> Option<CastlingBar> {
        let b = &self.board;
        let rank = king.rank();
        let king_to = Square::from_coords(side.king_to_file(), rank);
        let rook_to = Square::from_coords(side.rook_to_file(), rank);
        // Guidelines II: every square between the king's and the rook's start and end squares,
        // ends included, must be empty except for that king and rook.
        let path = attacks::between(king, king_to).with(king_to)
            | attacks::between(rook, rook_to).with(rook_to)
            | attacks::between(king, rook);
        let others = b.occupied().without(king).without(rook);
        if let Some(sq) = (path & others).first() {
            return Some(CastlingBar::Occupied(sq));
        }
        let them = !self.turn;
        if b.attackers_to(king, them, b.occupied()).any() {
            return Some(CastlingBar::InCheck);
        }
        for sq in attacks::between(king, king_to) {
            if b.attackers_to(sq, them, b.occupied()).any() {
                return Some(CastlingBar::Crosses(sq));
            }
        }
        let after = b
            .occupied()
            .without(king)
            .without(rook)
            .with(king_to)
            .with(rook_to);
        if b.attackers_to(king_to, them, after).any() {
            return Some(CastlingBar::LandsOn(king_to));
        }
        None
    }

    /// Plays a move without checking it: the caller took it from [`Position::legal_moves`].
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        self.ep_square = None;
        self.halfmoves += 1;
        match *m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if capture.is_some() || role == Role::Pawn {
                    self.halfmoves = 0;
                }
                if let Some(captured) = capture {
                    self.board.toggle(captured.of(them), to);
                }
                self.board.toggle(role.of(us), from);
                self.board.toggle(promotion.unwrap_or(role).of(us), to);
                if role == Role::King {
                    self.castles.discard_color(us);
                }
                if (self.castles.mask() & (Bitboard::from_square(from) | to)).any() {
                    self.castles.discard_rook(from);
                    self.castles.discard_rook(to);
                }
                if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 {
                    let skipped = sq_offset(from, us.fold(8, -8));
                    if (attacks::pawn_attacks(us, skipped)
                        & self.board.by_piece(Role::Pawn.of(them)))
                    .any()
                    {
                        self.ep_square = Some(skipped);
                    }
                }
            }
            Move::EnPassant { from, to } => {
                self.halfmoves = 0;
                let captured = Square::from_coords(to.file(), from.rank());
                self.board.toggle(Role::Pawn.of(them), captured);
                self.board.toggle(Role::Pawn.of(us), from);
                self.board.toggle(Role::Pawn.of(us), to);
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().expect("castle");
                let rank = king.rank();
                self.board.toggle(Role::King.of(us), king);
                self.board.toggle(Role::Rook.of(us), rook);
                self.board.toggle(
                    Role::King.of(us),
                    Square::from_coords(side.king_to_file(), rank),
                );
                self.board.toggle(
                    Role::Rook.of(us),
                    Square::from_coords(side.rook_to_file(), rank),
                );
                self.castles.discard_color(us);
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
        self.keep_ep_square_only_if_legal();
    }

    /// Plays a move after checking it is legal.
    pub fn play(&self, m: &Move) -> Result<Position, IllegalMove> {
        if self.is_legal(m) {
            let mut next = self.clone();
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMove(*m))
        }
    }

    /// The man on a square, for read-outs.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// Passes the move to the other side without a move: only for analysis (e.g. "what would
    /// White threaten"), never in a game.
    pub fn swap_turn(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut p = self.clone();
        p.turn = !p.turn;
        p.ep_square = None;
        Some(p)
    }
}

/// The move is not legal in this position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a legal move here")]
pub struct IllegalMove(pub Move);

/// What temporarily bars a castling right (3.8.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingBar {
    /// A man stands on a square that must be empty.
    Occupied(Square),
    /// The king is in check.
    InCheck,
    /// The king would cross an attacked square.
    Crosses(Square),
    /// The king would land on an attacked square.
    LandsOn(Square),
}

/// Where the move generator puts what it finds: a [`MoveList`] or a bare [`Count`].
trait Sink {
    /// `role` moving from `from` to each square of `targets`; a target the enemy holds is a
    /// capture.
    fn piece_moves(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// Pawns moving `step` squares (as square indices) to each square of `targets`; a pawn
    /// reaching the last rank makes four moves, one per promotion.
    fn pawn_moves(&mut self, board: &Board, targets: Bitboard, step: i32);
    /// One pawn moving from `from` to each square of `targets`.
    fn pawn_moves_from(&mut self, board: &Board, from: Square, targets: Bitboard);
    /// A move found one at a time (castling, en passant).
    fn push(&mut self, m: Move);
}

impl Sink for MoveList {
    // `piece_moves` and `pawn_moves` are always inlined: called once per man (or per pawn
    // set), often with no targets at all, the call itself would cost more than the work
    // (measured by counting instructions of perft with cachegrind).
    #[inline(always)]
    fn piece_moves(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        let occupied = board.occupied();
        for to in targets - occupied {
            self.push(Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            });
        }
        for to in targets & occupied {
            self.push(Move::Normal {
                role,
                from,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, board: &Board, targets: Bitboard, step: i32) {
        push_pawn_moves(self, board, targets, |to| sq_offset(to, -step));
    }

    #[inline]
    fn pawn_moves_from(&mut self, board: &Board, from: Square, targets: Bitboard) {
        push_pawn_moves(self, board, targets, |_| from);
    }

    #[inline]
    fn push(&mut self, m: Move) {
        ArrayVec::push(self, m);
    }
}

/// Pawn moves to each of `targets`, the pawn coming from `from(to)`.
#[inline(always)]
fn push_pawn_moves(
    moves: &mut MoveList,
    board: &Board,
    targets: Bitboard,
    from: impl Fn(Square) -> Square,
) {
    let occupied = board.occupied();
    let not_promoting = targets - Bitboard::BACKRANKS;
    for to in not_promoting - occupied {
        moves.push(Move::Normal {
            role: Role::Pawn,
            from: from(to),
            capture: None,
            to,
            promotion: None,
        });
    }
    for to in not_promoting & occupied {
        moves.push(Move::Normal {
            role: Role::Pawn,
            from: from(to),
            capture: board.role_at(to),
            to,
            promotion: None,
        });
    }
    for to in targets & Bitboard::BACKRANKS {
        for promotion in Role::PROMOTIONS {
            moves.push(Move::Normal {
                role: Role::Pawn,
                from: from(to),
                capture: board.role_at(to),
                to,
                promotion: Some(promotion),
            });
        }
    }
}

/// Counts moves instead of listing them.
struct Count(usize);

impl Count {
    #[inline]
    fn add_pawn_moves(&mut self, targets: Bitboard) {
        let promoting = targets & Bitboard::BACKRANKS;
        self.0 += (targets - promoting).count() + 4 * promoting.count();
    }
}

impl Sink for Count {
    #[inline]
    fn piece_moves(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count();
    }
    #[inline]
    fn pawn_moves(&mut self, _: &Board, targets: Bitboard, _: i32) {
        self.add_pawn_moves(targets);
    }
    #[inline]
    fn pawn_moves_from(&mut self, _: &Board, _: Square, targets: Bitboard) {
        self.add_pawn_moves(targets);
    }
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

#[inline]
fn sq_offset(sq: Square, delta: i32) -> Square {
    Square::new_unchecked((sq.index() as i32 + delta) as u8)
}

/// Counts leaf nodes of the legal move tree: the standard move generator check.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    // Filled in place: returning a list copies all of its 256 slots.
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    let mut nodes = 0;
    for m in &moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        nodes += perft(&next, depth - 1);
    }
    nodes
}
