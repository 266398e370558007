//! Between a PGN record and a [`Game`] of the rules core: a game played in vichess is saved
//! through [`PgnGame::from_game`], a loaded one continues through [`PgnGame::to_game`].

use super::model::{GameResult, Line, PgnGame, PgnMove};
use crate::rules::game::{Game, GameError, Status};

impl PgnGame {
    /// The record of a game: its start, its moves, and the result when the Laws have ended it
    /// (`*` while it goes on). Tags are left for the caller to set.
    pub fn from_game(game: &Game) -> PgnGame {
        let mut pgn = PgnGame::new(game.start().clone());
        pgn.main = Line {
            comments: Vec::new(),
            moves: game.moves().iter().copied().map(PgnMove::new).collect(),
        };
        pgn.result = Some(result_of(game.status()));
        pgn
    }

    /// The main line replayed as a [`Game`]. Fails, naming the ply (from 0), only when the
    /// record plays on after the Laws ended the game (a mate, a stalemate, a dead position,
    /// fivefold repetition or the seventy-five-move rule).
    pub fn to_game(&self) -> Result<Game, (usize, GameError)> {
        let mut game = Game::new(self.start.clone());
        for (ply, m) in self.moves().enumerate() {
            game.push(*m).map_err(|e| (ply, e))?;
        }
        Ok(game)
    }
}

/// The PGN result of a game in this status.
pub fn result_of(status: Status) -> GameResult {
    match status {
        Status::Ongoing => GameResult::Unknown,
        Status::Checkmate { winner } => winner.fold(GameResult::WhiteWins, GameResult::BlackWins),
        Status::Stalemate
        | Status::DeadPosition
        | Status::FivefoldRepetition
        | Status::SeventyFiveMoves => GameResult::Draw,
    }
}
