//! What a front end shows of the game at one moment: one value read from the host, so a window,
//! a braille line or a text display draws from the same facts the console prints and never
//! reaches into the session itself.

use crate::board::Snapshot;
use crate::phrase::Language;
use crate::rules::arbiter::touch::Touch;
use crate::rules::notation::san_in;
use crate::rules::{Color, Move, Position, Square};
use crate::session::{BoardRole, ClockReading, Table};

/// The game as the front ends show it.
#[derive(Debug, Clone)]
pub struct View {
    /// The game's position (what the record says, not what a board senses).
    pub position: Position,
    /// Whose move it is in that position.
    pub to_move: Color,
    /// The last move of the record, to be marked on the board.
    pub last_move: Option<Move>,
    /// The moves in the game's own notation ("Sf3", "Кf3"), for a scoresheet; "Sf3 (=)" when
    /// a draw was offered in the move.
    pub moves: Vec<String>,
    /// The number of the first of those moves and whose it is: a game set up from a
    /// position starts at its own move number, perhaps with Black (a play-through saw "1.
    /// Lb5" where the console and the PGN said "3. Lb5").
    pub first_move: (u32, Color),
    /// Both clocks now; `None` in an untimed game.
    pub clocks: Option<ClockReading>,
    /// The side the visually impaired player plays, when it was said.
    pub vi_side: Option<Color>,
    /// The result ("1-0", "½-½", "*") once the game has ended.
    pub result: Option<String>,
    /// How the game ended, in the game's words ("Matt, Schwarz gewinnt"), beside the
    /// result: the announcement saying it scrolls away, and a small window lost it under
    /// the line that named the saved file.
    pub ending: Option<String>,
    /// A move made whose clock is not yet pressed: the side that must press.
    pub unpressed: Option<Color>,
    /// The open draw offer's side.
    pub offer: Option<Color>,
    /// Each connected board's reading against the game.
    pub boards: Vec<BoardView>,
    /// The game's language: names of squares and men in the window are in it.
    pub language: Language,
    /// The engine seat, when a chess engine plays one side: the window offers its help
    /// (hint, evaluation) then, and starts the next game against it as this one's.
    pub engine: Option<crate::engine::EngineSpec>,
    /// The time control as `--control` takes it (`5400+30`), `None` in an untimed game: a
    /// new game from the window goes on with the control of the game on screen.
    pub control: Option<String>,
}

/// One connected board as the front ends show it.
#[derive(Debug, Clone)]
pub struct BoardView {
    /// The VI player's pegboard or the sighted player's board.
    pub role: BoardRole,
    /// What the board's sensors report.
    pub sensed: Snapshot,
    /// Men touched (lifted from their holes) in the move being made.
    pub touched: Vec<Square>,
    /// Squares where the board disagrees with the game, a1 first.
    pub mismatched: Vec<Square>,
}

impl View {
    /// `position` alone, in `language`: no moves, clocks, boards or result. A front end's
    /// preview of a position, and the front ends' tests, start from it.
    pub fn still(position: Position, language: Language) -> View {
        View {
            to_move: position.turn(),
            first_move: (position.fullmoves(), position.turn()),
            position,
            last_move: None,
            moves: Vec::new(),
            clocks: None,
            vi_side: None,
            result: None,
            ending: None,
            unpressed: None,
            offer: None,
            boards: Vec::new(),
            language,
            engine: None,
            control: None,
        }
    }

    /// The view of `table` at session time `now`.
    pub(crate) fn of(table: &Table, now: crate::session::Stamp) -> View {
        let session = table.session();
        let state = session.state();
        let game = state.game();
        let lang = crate::session::notation_lang(session.pack().language());
        let mut position = game.start().clone();
        let mut moves = Vec::with_capacity(game.moves().len());
        let offers = state.offers_on_moves();
        for (i, m) in game.moves().iter().enumerate() {
            let mut text = san_in(&position, m, lang);
            // The scoresheet's draw offer mark after its move (8.1.5, C.12).
            if offers.get(i).is_some_and(Option::is_some) {
                text = format!("{text} {}", crate::rules::notation::DRAW_OFFER_MARK);
            }
            moves.push(text);
            position.play_unchecked(m);
        }
        let boards = [BoardRole::Pegboard, BoardRole::Sighted]
            .into_iter()
            .filter_map(|role| {
                let tracker = table.tracker(role)?;
                let touched = tracker
                    .touches()
                    .iter()
                    .filter_map(|t| match t {
                        Touch::Man(sq) => Some(*sq),
                        _ => None,
                    })
                    .collect();
                Some(BoardView {
                    role,
                    sensed: *tracker.sensed(),
                    touched,
                    mismatched: tracker.sensed().differences(session.position().board()),
                })
            })
            .collect();
        View {
            position: session.position().clone(),
            to_move: session.position().turn(),
            last_move: game.moves().last().cloned(),
            moves,
            first_move: (game.start().fullmoves(), game.start().turn()),
            clocks: table.clock_reading(now),
            vi_side: session.vi_side(),
            result: state.ending().map(|e| e.score.to_string()),
            ending: state
                .ending()
                .filter(|e| !e.phrase.is_empty())
                .map(|e| session.pack().text(&e.phrase)),
            unpressed: state.unpressed(),
            offer: state.offer(),
            boards,
            language: session.pack().language(),
            engine: session.engine().cloned(),
            control: state.clock().map(|c| c.control().to_string()),
        }
    }
}
