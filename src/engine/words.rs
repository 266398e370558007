//! What an engine's numbers mean, in the game's words: an evaluation as a player says it
//! ("White is better by about a pawn", "Black mates in three moves"), how much a move cost in a
//! review, and what the help commands (`hint`, `eval`, `threats`, read by the session's
//! command table in every language vichess speaks) ask of the engine.

use super::uci::Score;
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::Color;

/// A help the engine gives while practising.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Help {
    /// The best move for the player on move.
    Hint,
    /// The position in words.
    Eval,
    /// What the opponent would play if it were their move.
    Threats,
}

/// What the game asks of the engine seat besides its moves: a help, or the review of the
/// game just ended. The session's command table reads the words (`hint`, `eval`,
/// `threats`, `review` in every language) and decides whether help is allowed; the host
/// asks the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineAsk {
    /// A help while practising.
    Help(Help),
    /// The review at the end of the game; asked again while one runs, it stops it.
    Review,
}

impl Help {
    /// The journal's word for it.
    pub fn word(self) -> &'static str {
        match self {
            Help::Hint => "hint",
            Help::Eval => "eval",
            Help::Threats => "threats",
        }
    }
}

/// The engine's strength in `pack`'s words: "level 3", "Stufe 3", "Elo 1500".
pub fn strength_text(
    pack: &crate::voice::Pack,
    strength: crate::engine::level::Strength,
) -> String {
    use crate::engine::level::Strength;
    match strength {
        Strength::Level(n) => format!("{} {n}", pack.text(&[Token::Word(Word::EngineLevel)])),
        Strength::Elo(e) => format!("Elo {e}"),
    }
}

/// The engine at its seat in `pack`'s words: its name and strength ("Stockfish 15.1, Stufe
/// 3"), for `opponent` and the report. `name` is its side's PGN tag, which keeps the level as
/// "3/8" in no language: that is said in words instead. Before the engine has named itself,
/// "computer".
pub fn seat_text(
    pack: &crate::voice::Pack,
    name: Option<&str>,
    strength: crate::engine::level::Strength,
) -> String {
    let suffix = format!(" ({})", strength.short());
    let name = match name.map(str::trim).filter(|n| !n.is_empty() && *n != "?") {
        Some(n) => n.strip_suffix(&suffix).unwrap_or(n).to_string(),
        None => pack.text(&[Token::Word(Word::Computer)]),
    };
    format!("{name}, {}", strength_text(pack, strength))
}

/// A score from the side to move's point of view, from White's.
pub fn white_view(score: Score, to_move: Color) -> Score {
    match (score, to_move) {
        (s, Color::White) => s,
        (Score::Centipawns(c), Color::Black) => Score::Centipawns(-c),
        (Score::Mate(m), Color::Black) => Score::Mate(-m),
    }
}

/// The position in words; `score` from White's point of view.
pub fn eval_phrase(score: Score) -> Phrase {
    match score {
        Score::Mate(m) => {
            let side = if m > 0 { Color::White } else { Color::Black };
            vec![
                Token::Side(side),
                Token::Word(Word::MatesIn),
                Token::Count(m.unsigned_abs()),
            ]
        }
        Score::Centipawns(cp) => {
            let side = if cp > 0 { Color::White } else { Color::Black };
            let word = match cp.unsigned_abs() {
                0..=29 => return vec![Token::Word(Word::EvalEqual)],
                30..=69 => Word::EvalSlightly,
                70..=149 => Word::EvalPawn,
                150..=249 => Word::EvalTwoPawns,
                250..=499 => Word::EvalThreePawns,
                _ => Word::EvalWinning,
            };
            vec![Token::Side(side), Token::Word(word)]
        }
    }
}

/// A score as one number of centipawns for comparing moves: a mate counts as more than any
/// material, sooner mates more.
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Centipawns(c) => c.clamp(-5_000, 5_000),
        Score::Mate(m) if m > 0 => 10_000 - m.min(1000),
        Score::Mate(m) => -10_000 + m.unsigned_abs().min(1000) as i32,
    }
}

/// How bad a move was in a review, by what it lost (`before` and `after` from the mover's
/// point of view, as [`centipawns`]): `None` when it lost little.
pub fn judged(before: i32, after: i32) -> Option<(Word, Word)> {
    let loss = before - after;
    let verdict = match loss {
        l if l >= 300 => Word::ReviewBlunder,
        l if l >= 120 => Word::ReviewMistake,
        l if l >= 60 => Word::ReviewInaccuracy,
        _ => return None,
    };
    // Losses inside a won or lost game matter only when they change it.
    if before >= 500 && after >= 300 || before <= -500 {
        return None;
    }
    let cost = if after <= -9_000 {
        Word::CostsMate
    } else if before >= 300 && after < 100 {
        Word::CostsWin
    } else if loss >= 250 {
        Word::CostsPiece
    } else if loss >= 150 {
        Word::CostsTwoPawns
    } else {
        Word::CostsPawn
    };
    Some((verdict, cost))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::voice::Pack;

    fn said(lang: &str, score: Score) -> String {
        Pack::builtin(lang).unwrap().text(&eval_phrase(score))
    }

    #[test]
    fn evaluations_are_said_as_a_player_says_them() {
        assert_eq!(
            said("en", Score::Centipawns(110)),
            "White is better by about a pawn"
        );
        assert_eq!(
            said("en", Score::Centipawns(-12)),
            "the position is about equal"
        );
        assert_eq!(said("en", Score::Mate(-3)), "Black mates in three moves");
        assert_eq!(
            said("de", Score::Centipawns(-180)),
            "Schwarz steht um etwa zwei Bauern besser"
        );
        assert_eq!(said("ru", Score::Centipawns(800)), "белые выигрывают");
        for lang in ["uk", "hy", "de-fide"] {
            let line = said(lang, Score::Centipawns(300));
            assert!(!line.contains("eval-"), "{lang}: {line}");
        }
    }

    #[test]
    fn a_score_is_turned_to_whites_view() {
        assert_eq!(
            white_view(Score::Centipawns(50), Color::Black),
            Score::Centipawns(-50)
        );
        assert_eq!(white_view(Score::Mate(2), Color::Black), Score::Mate(-2));
        assert!(centipawns(Score::Mate(1)) > centipawns(Score::Mate(5)));
        assert!(centipawns(Score::Mate(5)) > centipawns(Score::Centipawns(4000)));
    }

    #[test]
    fn help_is_asked_for_in_every_language_through_the_command_table() {
        use crate::session::{parse_command as parse, Command};
        let help = |line: &str| match parse(line) {
            Ok(Some(Command::EngineHelp(h))) => Some(h),
            _ => None,
        };
        assert_eq!(help(" Hint "), Some(Help::Hint));
        assert_eq!(help("Bewertung"), Some(Help::Eval));
        assert_eq!(help("угроза"), Some(Help::Threats));
        assert_eq!(help("հուշում"), Some(Help::Hint));
        assert_eq!(help("hinweis"), Some(Help::Hint));
        assert_eq!(help("e4"), None);
        for review in ["Analyse", "анализ", "review", "վերլուծություն"] {
            assert_eq!(parse(review), Ok(Some(Command::Review)), "{review}");
        }
    }

    #[test]
    fn only_real_losses_are_turning_points() {
        assert_eq!(judged(30, 0), None);
        assert_eq!(
            judged(30, -100),
            Some((Word::ReviewMistake, Word::CostsPawn))
        );
        assert_eq!(
            judged(0, -400),
            Some((Word::ReviewBlunder, Word::CostsPiece))
        );
        assert_eq!(
            judged(0, -9_998),
            Some((Word::ReviewBlunder, Word::CostsMate))
        );
        assert_eq!(judged(400, 50), Some((Word::ReviewBlunder, Word::CostsWin)));
        // Still winning after it: no turning point.
        assert_eq!(judged(900, 600), None);
    }
}
