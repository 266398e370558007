//! Issue 24, item 10: "did you mean" never offers a command that ends or changes the game
//! (quit, resign, save, a draw, a claim, a press...) for a typed move, and offers only the
//! game language's own words: a garbled move is answered with a move or a harmless question.

use vichess::phrase::announce::move_phrase;
use vichess::phrase::token::{Token, Word};
use vichess::rules::notation::{parse_move, san_in};
use vichess::rules::Position;
use vichess::session::{
    notation_lang, parse_command, parse_move_any, Command, Effect, Event, Session, SessionConfig,
    Stamp,
};
use vichess::voice::Pack;

/// What the game offers for `typed` in `pos`: `None` when it offers nothing (or the line
/// was no "not understood" at all), else the quoted word or move. A fresh session each time,
/// so nothing typed can change the next case.
fn offered(pack: &Pack, pos: &Position, typed: &str) -> Option<String> {
    let mut s = Session::new(SessionConfig::default(), pack.clone(), pos.clone(), None);
    let effects = s.handle(Event::Line(typed.to_string()), Stamp::from_millis(0));
    let lead = pack.text(&[Token::Word(Word::DidYouMean)]);
    effects.iter().find_map(|e| match e {
        Effect::Print(line) => {
            let (_, rest) = line.split_once(&lead)?;
            let rest = rest.trim().trim_end_matches('?');
            Some(rest.trim_matches(['„', '“', '"', '«', '»']).to_string())
        }
        _ => None,
    })
}

/// The help lines of the pack: every command word of the game's language is in them.
fn help_words(pack: &Pack) -> Vec<String> {
    [
        Word::HelpTime,
        Word::HelpCount,
        Word::HelpLast,
        Word::HelpMoves,
        Word::HelpBoard,
        Word::HelpWhere,
        Word::HelpSquares,
        Word::HelpRepeat,
        Word::HelpSpeed,
        Word::HelpStart,
        Word::HelpPress,
        Word::HelpPause,
        Word::HelpCorrect,
        Word::HelpTakeBack,
        Word::HelpDraw,
        Word::HelpClaim,
        Word::HelpResign,
        Word::HelpIllegal,
        Word::HelpAdjourn,
        Word::HelpSave,
        Word::HelpQuit,
        Word::HelpArbiter,
        Word::HelpShortcuts,
        Word::HelpEngine,
    ]
    .into_iter()
    .flat_map(|w| {
        pack.text(&[Token::Word(w)])
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    })
    .collect()
}

/// Does the command this word names end or change the game?
fn changes_the_game(word: &str) -> bool {
    match parse_command(word) {
        Ok(Some(c)) => matches!(
            c,
            Command::Start
                | Command::Press
                | Command::Pause
                | Command::Correct(_)
                | Command::TakeBack(_)
                | Command::Abort
                | Command::Interrupted(_)
                | Command::Draw(..)
                | Command::Claim(..)
                | Command::Resign(_)
                | Command::Illegal(..)
                | Command::Adjourn(..)
                | Command::Save(_)
                | Command::Quit
                | Command::Arbiter(_)
        ),
        // A command word missing its argument: known by its help line.
        Err(e) => !matches!(
            e.1,
            Word::HelpWhere | Word::HelpSquares | Word::HelpLast | Word::HelpMove
        ),
        Ok(None) => false,
    }
}

/// What is wrong with offering `offer` for `typed` in a game of `pack`, if anything.
fn wrong_offer(pack: &Pack, pos: &Position, typed: &str, offer: &str) -> Option<String> {
    let lang = notation_lang(pack.language());
    if parse_move_any(pos, offer, lang).is_ok() {
        return None;
    }
    let first = offer.split_whitespace().next().unwrap_or("").to_lowercase();
    if changes_the_game(offer) {
        return Some(format!(
            "{typed:?}: offered {offer:?}, which changes the game"
        ));
    }
    if !help_words(pack).contains(&first) {
        return Some(format!(
            "{typed:?}: offered {offer:?}, not a word of the game's language"
        ));
    }
    None
}

#[test]
fn the_audits_three_garbled_moves_are_offered_nothing_that_changes_the_game() {
    let start = Position::new();
    let after_e4 = start.play(&parse_move(&start, "e4").unwrap()).unwrap();
    for (pack, pos, typed) in [
        ("de", &start, "David fnf"),
        ("de-fide", &start, "David fnf"),
        ("hy", &start, "ձի f33"),
        // Black to move: the knight cannot go to f3, and the line was read as "quit".
        ("en", &after_e4, "knigt f3"),
    ] {
        let pack = Pack::builtin(pack).unwrap();
        if let Some(offer) = offered(&pack, pos, typed) {
            if let Some(wrong) = wrong_offer(&pack, pos, typed, &offer) {
                panic!("{}: {wrong}", pack.name());
            }
        }
    }
    // A plain command typo is still answered in the game's words.
    let de = Pack::builtin("de").unwrap();
    assert_eq!(offered(&de, &start, "zeiz").as_deref(), Some("zeit"));
    let en = Pack::builtin("en").unwrap();
    assert_eq!(offered(&en, &start, "tme").as_deref(), Some("time"));
}

/// Every move of three positions, as each pack announces it and in SAN, garbled five ways:
/// whatever is offered is a legal move, or a harmless command word of the game's language.
#[test]
fn garbled_moves_in_every_language_are_never_offered_a_game_changing_or_foreign_word() {
    let start = Position::new();
    let mut positions = vec![start.clone()];
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        let last = positions.last().unwrap().clone();
        positions.push(last.play(&parse_move(&last, san).unwrap()).unwrap());
    }
    let positions = [&positions[0], &positions[1], &positions[5]];
    let garbles: [fn(&[char]) -> String; 5] = [
        // A letter dropped from the first word.
        |c| {
            let i = c.iter().position(|c| c.is_whitespace()).unwrap_or(c.len());
            let cut = (i / 2).min(c.len().saturating_sub(1));
            c.iter()
                .enumerate()
                .filter(|(j, _)| *j != cut)
                .map(|(_, c)| c)
                .collect()
        },
        // Two letters swapped.
        |c| {
            let mut c = c.to_vec();
            if c.len() > 2 {
                c.swap(1, 2);
            }
            c.into_iter().collect()
        },
        // A rank doubled ("f33").
        |c| {
            let mut s: String = c.iter().collect();
            if let Some(i) = s.rfind(|c: char| c.is_ascii_digit()) {
                s.insert(i, s.as_bytes()[i] as char);
            } else {
                s.push('3');
            }
            s
        },
        // The last letter of the first word repeated, the last word's vowels dropped.
        |c| {
            let s: String = c.iter().collect();
            let mut words: Vec<String> = s.split_whitespace().map(String::from).collect();
            if let Some(w) = words.first_mut() {
                if let Some(l) = w.chars().last() {
                    w.push(l);
                }
            }
            if words.len() > 1 {
                let last = words.last_mut().unwrap();
                *last = last
                    .chars()
                    .filter(|c| !"aeiouаеиоуыэюяіїєաեէըիոօ".contains(*c))
                    .collect();
            }
            words.join(" ")
        },
        // The first word cut to its first three letters.
        |c| {
            let s: String = c.iter().collect();
            let mut words: Vec<String> = s.split_whitespace().map(String::from).collect();
            if let Some(w) = words.first_mut() {
                *w = w.chars().take(3).collect();
            }
            words.join(" ")
        },
    ];
    let mut wrong = Vec::new();
    let mut tried = 0;
    for name in ["de-fide", "de", "en", "uk", "ru", "hy"] {
        let pack = Pack::builtin(name).unwrap();
        let lang = notation_lang(pack.language());
        for pos in positions {
            for m in pos.legal_moves() {
                for said in [pack.text(&move_phrase(pos, &m)), san_in(pos, &m, lang)] {
                    let chars: Vec<char> = said.chars().collect();
                    for garble in &garbles {
                        let typed = garble(&chars);
                        if typed == said || parse_move_any(pos, &typed, lang).is_ok() {
                            continue;
                        }
                        tried += 1;
                        if let Some(offer) = offered(&pack, pos, &typed) {
                            wrong.extend(
                                wrong_offer(&pack, pos, &typed, &offer)
                                    .map(|w| format!("{name}: {w}")),
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(tried > 1000, "only {tried} garbled moves");
    assert!(
        wrong.is_empty(),
        "{} of {tried}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
