//! A game's review (issue 27, `vichess review`): given the engine's evaluation of every
//! position of a game, the moves that lost most ("turning points") in the game's words, and
//! the evaluations as PGN `[%eval]` comments. Pure: the engine's answers come in as values.

use super::uci::Score;
use super::words::{centipawns, judged};
use crate::phrase::announce::move_phrase;
use crate::phrase::grammar::{COLON, COMMA, SEMICOLON};
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::notation::uci;
use crate::rules::{Move, Position};
use crate::voice::Pack;

/// What the engine said of one position: its score (side to move's view) and best move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The evaluation, from the side to move's point of view; `None` when the engine gave
    /// none (its move alone is no evaluation, and none is made up).
    pub score: Option<Score>,
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
    Some(Judgement {
        score: Some(score),
        best: None,
    })
}

/// The `[%eval]` comment of a position: from White's point of view, in pawns or as a mate
/// (`#-3`), as lichess and ChessBase write it; none where the engine gave no evaluation.
pub fn eval_comment(pos: &Position, j: &Judgement) -> Option<String> {
    let white = super::words::white_view(j.score?, pos.turn());
    Some(match white {
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
    })
}

/// The turning points of a game whose positions are `positions` (the start, then after each
/// of `moves`), each judged: one phrase each, printed with [`Pack::text`] and spoken from
/// the pack's clips. Each names the full move's number and whose move it was, since a
/// listener cannot see which half of the move is meant: "Zug 14, Weiß: Springer Felix drei
/// war ein Fehler: er kostet etwa einen Bauern; besser war Läufer David drei".
pub fn turning_points(
    positions: &[Position],
    moves: &[Move],
    judged_positions: &[Judgement],
) -> Vec<Phrase> {
    let mut lines = Vec::new();
    let unscored = judged_positions
        .iter()
        .take(moves.len() + 1)
        .any(|j| j.score.is_none());
    for (i, m) in moves.iter().enumerate() {
        let (Some(before), Some(after)) = (judged_positions.get(i), judged_positions.get(i + 1))
        else {
            break;
        };
        let pos = &positions[i];
        // A move is judged only between two evaluations the engine gave.
        let (Some(was), Some(now)) = (before.score, after.score) else {
            continue;
        };
        // Both from the mover's point of view: the next position is the opponent's.
        let was = centipawns(was);
        let now = -centipawns(now);
        let Some((verdict, cost)) = judged(was, now) else {
            continue;
        };
        // A move the engine itself calls best is no mistake of any size (what it lost is
        // the engine seeing further one move on); a turning point always names the better.
        let Some(better) = before.best.as_deref().and_then(|b| {
            pos.legal_moves()
                .into_iter()
                .find(|x| uci(pos, x) == b && x != m)
        }) else {
            continue;
        };
        let mut line = vec![
            Token::Word(Word::ReviewMove),
            Token::Number(pos.fullmoves()),
            COMMA,
            Token::Side(pos.turn()),
            COLON,
        ];
        line.extend(move_phrase(pos, m));
        line.extend([Token::Word(verdict), COLON]);
        line.extend(cost);
        line.extend([SEMICOLON, Token::Word(Word::BetterWas)]);
        line.extend(move_phrase(pos, &better));
        lines.push(line);
    }
    if unscored {
        // "No turning points" would be a verdict on moves nobody judged.
        lines.push(vec![Token::Word(Word::ReviewNoEval)]);
    } else if lines.is_empty() {
        lines.push(vec![Token::Word(Word::ReviewNone)]);
    }
    lines
}

/// The full moves of a game whose positions are `positions`, as a review counts them for its
/// progress: after judging position `i` (`i` plies into the game), the number of the full
/// move just completed, when one was (Black's half judged, or the game's last half), and
/// the number of the game's last move. A game begun from a position counts from its move
/// number, as its record does.
pub fn full_move_done(positions: &[Position], i: usize) -> Option<(u32, u32)> {
    let plies = positions.len().checked_sub(1)?;
    if i == 0 || i > plies {
        return None;
    }
    let moved = &positions[i - 1];
    let last = positions[plies - 1].fullmoves();
    (moved.turn() == crate::rules::Color::Black || i == plies).then_some((moved.fullmoves(), last))
}

/// The review's progress line every [`PROGRESS_EVERY`] full moves, in `pack`'s words:
/// "reviewing, move 10 of 40"; `None` between them and at the end (the turning points follow).
pub fn progress_line(pack: &Pack, done: u32, all: u32) -> Option<String> {
    (done.is_multiple_of(PROGRESS_EVERY) && done < all).then(|| {
        pack.text(&[Token::Word(Word::Reviewing)])
            .replace("{n}", &done.to_string())
            .replace("{all}", &all.to_string())
    })
}

/// How many full moves apart the progress lines of a review are.
pub const PROGRESS_EVERY: u32 = 5;

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
            score: Some(score),
            best: best.map(str::to_string),
        }
    }

    /// 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#, judged as an engine would.
    fn scholars_mate() -> (Vec<Position>, Vec<Move>, Vec<Judgement>) {
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
        (positions, moves, judged)
    }

    #[test]
    fn a_move_that_allows_mate_is_named_with_the_side_and_the_better_one_in_every_language() {
        let (positions, moves, judged) = scholars_mate();
        let lines = turning_points(&positions, &moves, &judged);
        assert_eq!(lines.len(), 1);
        for (lang, said) in [
            (
                "de-fide",
                "Zug 3, Schwarz: Springer Felix sechs war ein grober Fehler: er lässt ein Matt in einem Zug zu; besser war Gustav sechs",
            ),
            (
                "de",
                "Zug 3, Schwarz: Springer f6 war ein grober Fehler: er lässt ein Matt in einem Zug zu; besser war g6",
            ),
            (
                "en",
                "move 3, Black: knight f6 was a blunder: it allows mate in one move; better was g6",
            ),
            (
                "ru",
                "ход 3, чёрные: конь эф шесть — грубая ошибка: допускает мат в один ход; лучше было же шесть",
            ),
            (
                "uk",
                "хід 3, чорні: кінь еф шість — груба помилка: дозволяє мат у один хід; краще було же шість",
            ),
            (
                "hy",
                "քայլ 3, սևերը՝ ձի f6 կոպիտ սխալ էր՝ այն թույլ է տալիս մատ մեկ քայլում; ավելի լավ էր g6",
            ),
        ] {
            let pack = Pack::builtin(lang).unwrap();
            assert_eq!(pack.text(&lines[0]), said, "{lang}");
        }
        assert_eq!(
            eval_comment(&positions[6], &judged[6]),
            Some("[%eval #1]".into())
        );
        assert_eq!(
            eval_comment(&positions[5], &judged[5]),
            Some("[%eval 0.40]".into())
        );
        assert_eq!(
            eval_comment(&positions[7], &judged[7]),
            Some("[%eval #0]".into())
        );
    }

    #[test]
    fn whites_move_is_named_as_whites_with_its_full_move_number() {
        // 1. e4 e5 2. Qh5 Nc6 3. Qxf7+?? (the queen is lost to the king).
        let (positions, moves) = play(&["e2e4", "e7e5", "d1h5", "b8c6", "h5f7"]);
        let judged = vec![
            j(Score::Centipawns(30), Some("e2e4")),
            j(Score::Centipawns(-30), Some("e7e5")),
            j(Score::Centipawns(0), Some("g1f3")),
            j(Score::Centipawns(0), Some("b8c6")),
            j(Score::Centipawns(10), Some("f1c4")),
            j(Score::Centipawns(800), Some("e8f7")),
        ];
        let lines = turning_points(&positions, &moves, &judged);
        let en = Pack::builtin("en").unwrap();
        assert_eq!(
            en.text(&lines[0]),
            "move 3, White: queen takes f7, check was a blunder: it costs about a queen; better was bishop c4"
        );
        let de = Pack::builtin("de").unwrap();
        assert!(
            de.text(&lines[0])
                .starts_with("Zug 3, Weiß: Dame schlägt f7"),
            "{}",
            de.text(&lines[0])
        );
        // The queen lost is named as a queen in every language, not "about a piece".
        for (lang, cost) in [
            ("de", "war ein grober Fehler: er kostet etwa eine Dame;"),
            ("ru", "— грубая ошибка: стоит примерно ферзя;"),
            ("uk", "— груба помилка: коштує приблизно ферзя;"),
            ("hy", "կոպիտ սխալ էր՝ այն արժե մոտ մեկ թագուհի;"),
        ] {
            let line = Pack::builtin(lang).unwrap().text(&lines[0]);
            assert!(line.contains(cost), "{lang}: {line}");
        }
    }

    #[test]
    fn progress_counts_full_moves_in_every_language() {
        let (positions, _) = play(&[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1",
            "b7b5",
        ]);
        // After each position judged: the full move completed, if one was, of six.
        let done: Vec<Option<(u32, u32)>> = (0..positions.len())
            .map(|i| full_move_done(&positions, i))
            .collect();
        assert_eq!(done[0], None);
        assert_eq!(done[1], None);
        assert_eq!(done[2], Some((1, 6)));
        assert_eq!(done[10], Some((5, 6)));
        assert_eq!(done[12], Some((6, 6)));
        for (lang, said) in [
            ("en", "reviewing, move 5 of 6"),
            ("de", "Analyse, Zug 5 von 6"),
            ("de-fide", "Analyse, Zug 5 von 6"),
            ("ru", "анализ, ход 5 из 6"),
            ("uk", "аналіз, хід 5 з 6"),
            ("hy", "վերլուծություն, քայլ 5՝ 6-ից"),
        ] {
            let pack = Pack::builtin(lang).unwrap();
            let lines: Vec<String> = done
                .iter()
                .flatten()
                .filter_map(|&(n, all)| progress_line(&pack, n, all))
                .collect();
            assert_eq!(lines, [said], "{lang}");
        }
        // A game that ends on White's move completes its last move there.
        let (short, _) = play(&["e2e4", "e7e5", "g1f3"]);
        assert_eq!(full_move_done(&short, 3), Some((2, 2)));
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
        let lines = turning_points(&positions, &moves, &judged);
        assert_eq!(lines.len(), 1);
        assert_eq!(
            ru.text(&lines[0]),
            "переломных моментов нет: ни один ход не потерял много"
        );
    }

    /// The engine's own best move that then scores worse one move on is the engine seeing
    /// further, not an inaccuracy: no turning point, in any language.
    #[test]
    fn a_move_the_engine_calls_best_is_no_turning_point() {
        let (positions, moves, mut judged) = scholars_mate();
        // Nf6 was the engine's own choice: its mate is no mistake of Black's.
        judged[5].best = Some("g8f6".into());
        let lines = turning_points(&positions, &moves, &judged);
        for (lang, said) in [
            (
                "uk",
                "переломних моментів немає: жоден хід не втратив багато",
            ),
            ("en", "no turning points: no move lost much"),
        ] {
            let pack = Pack::builtin(lang).unwrap();
            let text: Vec<String> = lines.iter().map(|l| pack.text(l)).collect();
            assert_eq!(text, [said], "{lang}");
        }
        // Without the engine's best there is no better move to name: no turning point either.
        judged[5].best = None;
        assert_eq!(turning_points(&positions, &moves, &judged).len(), 1);
    }

    /// An engine that answers moves without any evaluation: nothing is judged and no
    /// evaluation is written; the review says so instead of "no turning points".
    #[test]
    fn positions_without_an_evaluation_are_not_judged_and_get_no_eval() {
        let (positions, moves, mut judged) = scholars_mate();
        for jd in judged.iter_mut().take(7) {
            jd.score = None;
        }
        let lines = turning_points(&positions, &moves, &judged);
        for (lang, said) in [
            (
                "de",
                "die Engine hat manche Stellungen nicht bewertet: die Züge dorthin werden nicht beurteilt und haben in der gespeicherten Partie keine Bewertung",
            ),
            (
                "uk",
                "рушій не оцінив деяких позицій: ходи до них не оцінено, і в збереженій партії оцінки для них немає",
            ),
        ] {
            let pack = Pack::builtin(lang).unwrap();
            let text: Vec<String> = lines.iter().map(|l| pack.text(l)).collect();
            assert_eq!(text, [said], "{lang}");
        }
        assert_eq!(eval_comment(&positions[3], &judged[3]), None);
        // The mate on the board is known without the engine.
        assert_eq!(
            eval_comment(&positions[7], &judged[7]),
            Some("[%eval #0]".into())
        );
    }
}
