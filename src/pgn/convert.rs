//! Between a PGN record and a [`Game`] of the rules core: a game played in vichess is saved
//! through [`PgnGame::from_game`], a loaded one continues through [`PgnGame::to_game`].

use super::error::MoveAt;
use super::model::{GameResult, Line, PgnGame, PgnMove};
use crate::rules::game::{Game, GameError, Status};
use crate::rules::{notation, Color, Move, Position};

/// A record replayed as far as the Laws let the game go.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The game up to where the Laws ended it, or the whole record when they did not.
    pub game: Game,
    /// Moves the record goes on with after a mate, a stalemate, a dead position, fivefold
    /// repetition or the seventy-five-move rule ended the game (5.2.2, 9.6): they are not part
    /// of the game, but they are kept, because nothing a user wrote is thrown away.
    pub after_end: Vec<Move>,
}

impl Replayed {
    /// The moves after the end as a scoresheet writes them ("2. Kb2 Kg6", "3... Ke7 4. Kd2"),
    /// numbered from the position where the game ended.
    pub fn after_end_text(&self) -> String {
        self.after_end_text_in(notation::Lang::En)
    }

    /// [`Self::after_end_text`] with `lang`'s piece letters ("2. Кb2 Кg6").
    pub fn after_end_text_in(&self, lang: notation::Lang) -> String {
        let mut pos = self.game.position().clone();
        let mut words = Vec::with_capacity(self.after_end.len());
        for (i, m) in self.after_end.iter().enumerate() {
            let san = notation::san_in(&pos, m, lang);
            match pos.turn() {
                Color::White => words.push(format!("{}. {san}", pos.fullmoves())),
                Color::Black if i == 0 => words.push(format!("{}... {san}", pos.fullmoves())),
                Color::Black => words.push(san),
            }
            pos.play_unchecked(m);
        }
        words.join(" ")
    }

    /// Where the game ended when the record plays on: "move 1 for Black, Kxh7".
    pub fn end_move_text(&self) -> Option<String> {
        self.end_move(notation::Lang::En).map(|at| at.to_string())
    }

    /// Where the game ended when the record plays on, the move in `lang`'s letters, for a
    /// command to say in its words.
    pub fn end_move(&self, lang: notation::Lang) -> Option<MoveAt> {
        if self.after_end.is_empty() {
            return None;
        }
        let positions = self.game.positions();
        let (m, before) = (
            self.game.last_move()?,
            positions.get(positions.len().checked_sub(2)?)?,
        );
        Some(MoveAt {
            number: before.fullmoves(),
            color: before.turn(),
            text: notation::san_in(before, &m, lang),
            in_variation: false,
        })
    }
}

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

    /// The main line replayed up to where the Laws end the game, with the moves the record
    /// plays after that end kept apart (see [`Replayed`]). Never fails: the reader only ever
    /// stores legal moves, and a move after the end is checked against the position alone.
    pub fn replay(&self) -> Replayed {
        let mut game = Game::new(self.start.clone());
        let mut after_end = Vec::new();
        let mut beyond: Option<Position> = None;
        for m in self.moves() {
            if let Some(pos) = beyond.as_mut() {
                after_end.push(*m);
                pos.play_unchecked(m);
                continue;
            }
            // Only a finished game refuses a move here: the reader stored legal moves only.
            if game.push(*m).is_err() {
                let mut pos = game.position().clone();
                after_end.push(*m);
                pos.play_unchecked(m);
                beyond = Some(pos);
            }
        }
        Replayed { game, after_end }
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
