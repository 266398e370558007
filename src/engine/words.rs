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

/// How much material a number of centipawns is worth, in the sizes a player names: the one
/// scale for an evaluation ("White is better by about two pawns") and for what a move cost
/// in a review ("it costs about a rook"), so the two never disagree. The bounds sit between
/// the pieces as engines count them (Stockfish's pawns: a minor piece about 2.5 to 3, a rook
/// about 4 to 5, a queen hanging about 6.5 at a review's depth), so a lost queen is a
/// queen, not "a piece".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Size {
    /// Under half a pawn's worth beyond the noise: less than 0.70.
    Small,
    /// About a pawn: 0.70 to 1.49.
    Pawn,
    /// About two pawns: 1.50 to 2.49.
    TwoPawns,
    /// About three pawns, a piece: 2.50 to 3.99.
    Piece,
    /// About a rook: 4.00 to 5.49.
    Rook,
    /// About a queen: 5.50 to 9.99.
    Queen,
    /// More than a queen: 10.00 and up.
    MoreThanQueen,
}

impl Size {
    /// The size of `cp` centipawns (its absolute value).
    pub fn of(cp: i32) -> Size {
        match cp.unsigned_abs() {
            0..=69 => Size::Small,
            70..=149 => Size::Pawn,
            150..=249 => Size::TwoPawns,
            250..=399 => Size::Piece,
            400..=549 => Size::Rook,
            550..=999 => Size::Queen,
            _ => Size::MoreThanQueen,
        }
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
                Token::CountIn(m.unsigned_abs()),
                Token::Word(Word::MatesInAfter),
            ]
        }
        Score::Centipawns(cp) => {
            let side = if cp > 0 { Color::White } else { Color::Black };
            let word = match (cp.unsigned_abs(), Size::of(cp)) {
                (0..=29, _) => return vec![Token::Word(Word::EvalEqual)],
                (_, Size::Small) => Word::EvalSlightly,
                (_, Size::Pawn) => Word::EvalPawn,
                (_, Size::TwoPawns) => Word::EvalTwoPawns,
                (_, Size::Piece) => Word::EvalThreePawns,
                // A rook or more ahead is a won game.
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
/// point of view, as [`centipawns`]): the verdict and what it cost in words ("it costs about
/// a rook", "it allows mate in two moves"); `None` when it lost little.
pub fn judged(before: i32, after: i32) -> Option<(Word, Phrase)> {
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
    let word = |w| vec![Token::Word(w)];
    let cost = if after <= -9_000 {
        // The opponent mates: in how many moves, as [`centipawns`] counts them.
        let moves = (after + 10_000).max(1) as u32;
        vec![
            Token::Word(Word::CostsMate),
            Token::CountIn(moves),
            Token::Word(Word::CostsMateAfter),
        ]
    } else if before >= 300 && after < 100 {
        word(Word::CostsWin)
    } else {
        word(match Size::of(loss) {
            Size::Small | Size::Pawn => Word::CostsPawn,
            Size::TwoPawns => Word::CostsTwoPawns,
            Size::Piece => Word::CostsPiece,
            Size::Rook => Word::CostsRook,
            Size::Queen => Word::CostsQueen,
            Size::MoreThanQueen => Word::CostsMoreThanQueen,
        })
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

    /// Armenian says the comparative, "ավելի լավ" (better), as the English "better" and the
    /// Russian "лучше" do; "լավ են" alone is "are good".
    #[test]
    fn armenian_says_better_not_good() {
        assert_eq!(
            said("hy", Score::Centipawns(50)),
            "սպիտակները մի փոքր ավելի լավ են"
        );
        assert_eq!(
            said("hy", Score::Centipawns(110)),
            "սպիտակները մոտ մեկ զինվորով ավելի լավ են"
        );
        assert_eq!(
            said("hy", Score::Centipawns(-180)),
            "սևերը մոտ երկու զինվորով ավելի լավ են"
        );
        assert_eq!(
            said("hy", Score::Centipawns(-300)),
            "սևերը մոտ երեք զինվորով ավելի լավ են"
        );
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
        let cost = |w| vec![Token::Word(w)];
        assert_eq!(judged(30, 0), None);
        assert_eq!(
            judged(30, -100),
            Some((Word::ReviewMistake, cost(Word::CostsPawn)))
        );
        assert_eq!(
            judged(0, -300),
            Some((Word::ReviewBlunder, cost(Word::CostsPiece)))
        );
        assert_eq!(
            judged(0, -9_998),
            Some((
                Word::ReviewBlunder,
                vec![
                    Token::Word(Word::CostsMate),
                    Token::CountIn(2),
                    Token::Word(Word::CostsMateAfter)
                ]
            ))
        );
        assert_eq!(
            judged(400, 50),
            Some((Word::ReviewBlunder, cost(Word::CostsWin)))
        );
        // Still winning after it: no turning point.
        assert_eq!(judged(900, 600), None);
    }

    /// The size of a loss follows the material lost, on the scale the evaluation uses: the
    /// play-through's lost queen (+0.59 to -6.32) is a queen, not "about a piece".
    #[test]
    fn the_cost_of_a_move_is_the_material_it_lost() {
        let said = |lang: &str, before, after| {
            let (_, cost) = judged(before, after).unwrap();
            Pack::builtin(lang).unwrap().text(&cost)
        };
        for (lang, before, after, line) in [
            ("en", 59, -632, "it costs about a queen"),
            // Stockfish at depth 8 on 2...Qh4?? 3. Nxh4: the queen hangs for 6.48.
            ("en", -40, -688, "it costs about a queen"),
            ("en", 20, -480, "it costs about a rook"),
            ("en", 20, -80, "it costs about a pawn"),
            ("en", 0, -1_500, "it costs more than a queen"),
            ("en", 0, -280, "it costs about a piece"),
            ("de", 59, -632, "er kostet etwa eine Dame"),
            ("de", 20, -480, "er kostet etwa einen Turm"),
            ("de", 20, -80, "er kostet etwa einen Bauern"),
            ("de-fide", 59, -632, "er kostet etwa eine Dame"),
            ("ru", 59, -632, "стоит примерно ферзя"),
            ("ru", 20, -480, "стоит примерно ладью"),
            ("ru", 20, -80, "стоит примерно пешку"),
            ("uk", 59, -632, "коштує приблизно ферзя"),
            ("uk", 20, -480, "коштує приблизно туру"),
            ("hy", 59, -632, "այն արժե մոտ մեկ թագուհի"),
            ("hy", 20, -480, "այն արժե մոտ մեկ նավակ"),
            ("en", 0, -9_997, "it allows mate in three moves"),
            ("de", 0, -9_999, "er lässt ein Matt in einem Zug zu"),
            ("de", 0, -9_997, "er lässt ein Matt in drei Zügen zu"),
            ("ru", 0, -9_997, "допускает мат в три хода"),
            ("uk", 0, -9_999, "дозволяє мат у один хід"),
            ("hy", 0, -9_997, "այն թույլ է տալիս մատ երեք քայլում"),
        ] {
            assert_eq!(said(lang, before, after), line, "{lang} {before} {after}");
        }
        // The evaluation says the same sizes: two pawns are two pawns in both.
        assert_eq!(Size::of(-180), Size::TwoPawns);
        assert_eq!(said("en", 0, -180), "it costs about two pawns",);
        assert_eq!(
            Pack::builtin("en")
                .unwrap()
                .text(&eval_phrase(Score::Centipawns(-180))),
            "Black is better by about two pawns"
        );
    }

    /// "mates in N" as each language says it, with number and case right for one and three.
    #[test]
    fn a_mate_is_said_in_each_languages_own_sentence() {
        for (lang, one, three) in [
            (
                "de",
                "Weiß setzt in einem Zug matt",
                "Schwarz setzt in drei Zügen matt",
            ),
            (
                "de-fide",
                "Weiß setzt in einem Zug matt",
                "Schwarz setzt in drei Zügen matt",
            ),
            (
                "hy",
                "սպիտակները մատ են անում մեկ քայլում",
                "սևերը մատ են անում երեք քայլում",
            ),
            (
                "en",
                "White mates in one move",
                "Black mates in three moves",
            ),
            (
                "ru",
                "белые ставят мат в один ход",
                "чёрные ставят мат в три хода",
            ),
            (
                "uk",
                "білі ставлять мат у один хід",
                "чорні ставлять мат у три ходи",
            ),
        ] {
            assert_eq!(said(lang, Score::Mate(1)), one, "{lang}");
            assert_eq!(said(lang, Score::Mate(-3)), three, "{lang}");
        }
    }
}
