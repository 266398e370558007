//! `help` and the answers to a question (issue 24, item 11): a short first answer naming
//! the topics, each topic a short list, every console command under some topic, no line
//! twice, in all five languages; a "no" to a yes/no question is one line.

use vichess::phrase::token::{Token, Word};
use vichess::rules::Position;
use vichess::session::{command_table, Effect, Event, HelpTopic, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

const PACKS: [&str; 6] = ["de", "de-fide", "en", "uk", "ru", "hy"];

fn pack(name: &str) -> Pack {
    Pack::builtin(name).unwrap()
}

/// The lines a new game in `name`'s words prints for `line`.
fn printed(name: &str, lines: &[&str]) -> Vec<String> {
    let mut s = Session::new(SessionConfig::default(), pack(name), Position::new(), None);
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        out = s.handle(
            Event::Line(line.to_string()),
            Stamp::from_millis(i as u64 * 1000),
        );
    }
    out.into_iter()
        .filter_map(|e| match e {
            Effect::Print(l) => Some(l),
            _ => None,
        })
        .collect()
}

fn no_line_twice(name: &str, lines: &[String]) {
    for (i, l) in lines.iter().enumerate() {
        assert!(!lines[..i].contains(l), "{name}: {l:?} printed twice");
    }
}

#[test]
fn help_first_names_the_topics_in_a_few_short_lines() {
    for name in PACKS {
        let first = printed(name, &["help"]);
        // How to ask, then one line per topic.
        assert!(first.len() <= 7, "{name}: {first:?}");
        no_line_twice(name, &first);
        for l in &first {
            assert!(
                l.chars().count() <= 120,
                "{name}: {} characters: {l}",
                l.len()
            );
        }
        let language = pack(name).language();
        for topic in HelpTopic::ALL {
            let named = topic.name(language);
            let colon = pack(name).colon();
            assert!(
                first
                    .iter()
                    .any(|l| l.contains(&format!(" {named}{colon} "))),
                "{name}: topic {named} not named: {first:?}"
            );
        }
    }
    // The first answer in English, whole.
    assert_eq!(
        printed("en", &["help"])[0],
        "help by topic: say help and the topic, e.g. help moves"
    );
    assert_eq!(
        printed("en", &["help"])[2],
        "help clock: time, count, start, press, pause, clocks"
    );
    assert_eq!(
        printed("ru", &["help"])[2],
        "помощь часы: время, количество, старт, нажать, пауза, часы"
    );
}

#[test]
fn each_topic_is_a_short_list_in_the_games_words_and_no_line_comes_twice() {
    for name in PACKS {
        let language = pack(name).language();
        let mut all = Vec::new();
        for topic in HelpTopic::ALL {
            // Asked in the game's own words and in English: the same answer.
            let own = printed(name, &[&format!("help {}", topic.name(language))]);
            let english = printed(name, &[&format!("help {}", topic.name(Language::En))]);
            assert_eq!(own, english, "{name}");
            assert!(!own.is_empty() && own.len() <= 12, "{name}: {own:?}");
            for l in &own {
                assert!(l.chars().count() <= 170, "{name}: {l}");
            }
            all.extend(own);
        }
        no_line_twice(name, &all);
        // claim increment (Guidelines III.4) is listed, in the game's word.
        let increment = match language {
            Language::En => "increment",
            Language::De => "zeitzuschlag",
            Language::Uk => "додавання",
            Language::Ru => "добавление",
            Language::Hy => "հավելում",
        };
        assert!(
            all.iter().any(|l| l.contains(increment)),
            "{name}: claim {increment} not in the help"
        );
    }
    // A topic vichess does not have: said with the topics, nothing else.
    let unknown = printed("de", &["help xyz"]);
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    assert!(unknown[0].contains("hilfe uhr"), "{unknown:?}");
}

use vichess::phrase::Language;

/// Every command the console knows (the command table) is in some help topic's answer,
/// in the game's own word (English for English games).
#[test]
fn every_command_of_the_table_is_in_the_help() {
    for name in PACKS {
        let language = pack(name).language();
        let mut help = printed(name, &["help"]);
        for topic in HelpTopic::ALL {
            help.extend(printed(name, &[&format!("help {}", topic.name(language))]));
        }
        let text = help.join("\n").to_lowercase();
        for (english, others) in command_table() {
            let word = match language {
                Language::En => english,
                Language::De => others[0],
                Language::Uk => others[1],
                Language::Ru => others[2],
                Language::Hy => others[3],
            };
            assert!(
                text.contains(&word.to_lowercase()),
                "{name}: command {word} ({english}) is in no help topic"
            );
        }
    }
}

/// "no" to a question: one line, "cancelled", in the game's language; not also "not
/// understood" as though it were a move.
#[test]
fn no_to_a_question_is_one_line_in_the_games_language() {
    for (name, no) in [
        ("en", "no"),
        ("de", "nein"),
        ("de-fide", "Nein"),
        ("uk", "ні"),
        ("ru", "нет"),
        ("hy", "ոչ"),
    ] {
        let out = printed(name, &["resign white", no]);
        let cancelled = pack(name).text(&[Token::Word(Word::Cancelled)]);
        assert_eq!(out, [cancelled], "{name}");
    }
}

/// The first answer lists each command under the topic whose answer describes it
/// (play-test: `допомога` named `підказка`, `мої` under `дошка`, whose topic says neither),
/// a command's parts are one line (not "хід лишається таємним" heard alone), and a word
/// that is no topic ("допомога гра") is answered with the topics' names.
#[test]
fn the_first_answer_and_the_topics_agree() {
    for name in ["de", "uk", "hy", "ru", "en"] {
        let language = pack(name).language();
        let first = printed(name, &["help"]);
        for topic in HelpTopic::ALL {
            let named = topic.name(language);
            let colon = pack(name).colon();
            let listed = first
                .iter()
                .find_map(|l| l.split_once(&format!(" {named}{colon} ")).map(|(_, c)| c))
                .unwrap_or_else(|| panic!("{name}: {named} not in {first:?}"));
            let answer = printed(name, &[&format!("help {named}")])
                .join("\n")
                .to_lowercase();
            for command in listed.split(", ") {
                assert!(
                    answer.contains(&command.to_lowercase()),
                    "{name}: {command} is listed under {named}, whose answer does not say it: \
                     {answer}"
                );
            }
        }
    }
    let game = printed("uk", &["допомога партія"]);
    assert!(
        game.iter()
            .all(|l| !l.starts_with("хід лишається") && !l.starts_with('<')),
        "{game:?}"
    );
    assert!(
        game.iter()
            .any(|l| l.starts_with("зберегти <файл.pgn>") && l.contains("<файл.brf>")),
        "{game:?}"
    );
    let de = printed("de", &["hilfe partie"]);
    assert!(
        de.iter()
            .any(|l| l.starts_with("vertagen") && l.ends_with("(der Zug bleibt geheim)")),
        "{de:?}"
    );
    // An everyday word for a topic: the topics are named, the short forms' too.
    for (name, line, topics) in [
        (
            "uk",
            "допомога гра",
            "допомога партія, допомога арбітр, допомога коротко",
        ),
        (
            "de",
            "hilfe spiel",
            "hilfe partie, hilfe schiedsrichter, hilfe kurz",
        ),
        (
            "hy",
            "օգնություն խաղ",
            "օգնություն մրցավար, օգնություն կարճ",
        ),
    ] {
        let answer = printed(name, &[line]);
        assert_eq!(answer.len(), 1, "{name}: {answer:?}");
        assert!(answer[0].contains(topics), "{name}: {answer:?}");
    }
}

/// Play-test: the German help for a claim named "dreifach" but not "wiederholung", the word
/// German players say for the threefold repetition (Art. 9.2) and the parser takes. Each
/// claim the help names is one the command takes, in every language.
#[test]
fn the_claim_help_names_what_the_claim_command_takes() {
    use vichess::session::{parse_command, ClaimWhat, Command};
    for name in PACKS {
        let help = pack(name).text(&[Token::Word(Word::HelpClaim)]);
        let mut words = help.split(' ');
        let claim = words.next().unwrap();
        let named: Vec<&str> = words.next().unwrap().split('|').collect();
        if name.starts_with("de") {
            assert!(
                help.starts_with("reklamieren wiederholung|fünfzig|"),
                "{name}: {help}"
            );
        }
        assert_eq!(named.len(), 5, "{name}: {help}");
        for what in named {
            let line = format!("{claim} {what}");
            assert!(
                matches!(parse_command(&line), Ok(Some(Command::Claim(..)))),
                "{name}: {line:?} is named in the help but not taken"
            );
        }
        assert!(
            matches!(
                parse_command(&format!("{claim} wiederholung")),
                Ok(Some(Command::Claim(ClaimWhat::Threefold, ..)))
            ),
            "{name}"
        );
    }
}
