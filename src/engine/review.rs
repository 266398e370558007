//! A game's review (issue 27, `vichess review`): given the engine's evaluation of every
//! position of a game, the moves that lost most ("turning points") in the game's words, and
//! the evaluations as PGN `[%eval]` comments. Pure: the engine's answers come in as values.

use super::uci::Score;
use super::words::{centipawns, judged};
use crate::phrase::announce::move_phrase;
use crate::phrase::token::{Token, Word};
use crate::rules::notation::uci;
use crate::rules::{Move, Position};
use crate::voice::Pack;

/// What the engine said of one position: its score (side to move's view) and best move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The evaluation, from the side to move's point of view.
    pub score: Score,
    /// The engine's move, in UCI; `None` where the game is over.
    pub best: Option<String>,
}

/// The judgement of a position with no legal move, which no engine is asked about: mated
/// (the side to move has lost) or stalemate.
pub fn terminal(pos: &Position) -> Option<Judgement> {
    if pos.has_legal_move() {
        return None;
    }
    let score = match pos.is_check() {
        true => Score::Mate(0),
        false => Score::Centipawns(0),
    };
    Some(Judgement { score, best: None })
}

/// The `[%eval]` comment of a position: from White's point of view, in pawns or as a mate
/// (`#-3`), as lichess and ChessBase write it.
pub fn eval_comment(pos: &Position, j: &Judgement) -> String {
    let white = super::words::white_view(j.score, pos.turn());
    match white {
        Score::Centipawns(c) => format!("[%eval {:.2}]", f64::from(c) / 100.0),
        Score::Mate(0) => {
            // Mated on the board: the side to move has lost.
            let sign = if pos.turn() == crate::rules::Color::White {
                "-"
            } else {
                ""
            };
            format!("[%eval #{sign}0]")
        }
        Score::Mate(m) => format!("[%eval #{m}]"),
    }
}

/// The turning points of a game whose positions are `positions` (the start, then after each
/// of `moves`), each judged: one line each in the pack's words.
pub fn turning_points(
    positions: &[Position],
    moves: &[Move],
    judged_positions: &[Judgement],
    pack: &Pack,
) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let (Some(before), Some(after)) = (judged_positions.get(i), judged_positions.get(i + 1))
        else {
            break;
        };
        let pos = &positions[i];
        // Both from the mover's point of view: the next position is the opponent's.
        let was = centipawns(before.score);
        let now = -centipawns(after.score);
        let Some((verdict, cost)) = judged(was, now) else {
            continue;
        };
        let played = pack.text(&move_phrase(pos, m));
        let mut line = format!(
            "{} {}, {played} {}: {}",
            pack.text(&[Token::Word(Word::ReviewMove)]),
            pos.fullmoves(),
            pack.text(&[Token::Word(verdict)]),
            pack.text(&[Token::Word(cost)]),
        );
        let better = before.best.as_deref().and_then(|b| {
            pos.legal_moves()
                .into_iter()
                .find(|x| uci(pos, x) == b && x != m)
        });
        if let Some(b) = better {
            line.push_str(&format!(
                "; {} {}",
                pack.text(&[Token::Word(Word::BetterWas)]),
                pack.text(&move_phrase(pos, &b))
            ));
        }
        lines.push(line);
    }
    if lines.is_empty() {
        lines.push(pack.text(&[Token::Word(Word::ReviewNone)]));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(moves: &[&str]) -> (Vec<Position>, Vec<Move>) {
        let mut positions = vec![Position::new()];
        let mut ms = Vec::new();
        for text in moves {
            let pos = positions.last().unwrap().clone();
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| uci(&pos, m) == *text)
                .unwrap();
            positions.push(pos.play(&m).unwrap());
            ms.push(m);
        }
        (positions, ms)
    }

    fn j(score: Score, best: Option<&str>) -> Judgement {
        Judgement {
            score,
            best: best.map(str::to_string),
        }
    }

    #[test]
    fn a_move_that_allows_mate_is_named_with_the_better_one() {
        // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#
        let (positions, moves) = play(&["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]);
        let judged = vec![
            j(Score::Centipawns(30), Some("e2e4")),
            j(Score::Centipawns(-30), Some("e7e5")),
            j(Score::Centipawns(30), Some("g1f3")),
            j(Score::Centipawns(-30), Some("b8c6")),
            j(Score::Centipawns(30), Some("d1h5")),
            j(Score::Centipawns(-40), Some("g7g6")),
            j(Score::Mate(1), Some("h5f7")),
            terminal(&positions[7]).unwrap(),
        ];
        let de = Pack::builtin("de-fide").unwrap();
        let lines = turning_points(&positions, &moves, &judged, &de);
        assert_eq!(
            lines,
            ["Zug 3, Springer Felix sechs war ein grober Fehler: er lässt ein Matt zu; besser war Gustav sechs"]
        );
        let en = Pack::builtin("en").unwrap();
        let lines = turning_points(&positions, &moves, &judged, &en);
        assert_eq!(
            lines,
            ["move 3, knight f6 was a blunder: it allows a mate; better was g6"]
        );
        assert_eq!(eval_comment(&positions[6], &judged[6]), "[%eval #1]");
        assert_eq!(eval_comment(&positions[5], &judged[5]), "[%eval 0.40]");
        assert_eq!(eval_comment(&positions[7], &judged[7]), "[%eval #0]");
    }

    #[test]
    fn a_quiet_game_has_no_turning_points() {
        let (positions, moves) = play(&["e2e4", "e7e5"]);
        let judged = vec![
            j(Score::Centipawns(30), Some("e2e4")),
            j(Score::Centipawns(-25), Some("e7e5")),
            j(Score::Centipawns(30), Some("g1f3")),
        ];
        let ru = Pack::builtin("ru").unwrap();
        assert_eq!(
            turning_points(&positions, &moves, &judged, &ru),
            ["переломных моментов нет: ни один ход не потерял много"]
        );
    }
}
