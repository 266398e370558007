//! `help` (issue 24, item 11): a short first answer naming the topics, each with its
//! commands, and `help TOPIC` for that topic's few lines. The commands each topic names come
//! from the console's command table ([`COMMAND_WORDS`]), so a command added there is in
//! the help without anyone remembering to list it (in the game topic unless placed).

use super::command::{command_words, layout_letters, COMMAND_WORDS};
use crate::phrase::token::{Token, Word};
use crate::phrase::Language;
use crate::voice::Pack;

/// A part of the help.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HelpTopic {
    /// Entering, correcting and reviewing moves.
    Moves,
    /// The clocks.
    Clock,
    /// Questions about the board.
    Board,
    /// Offers, claims, the result, saving and leaving, the speaking rate.
    Game,
    /// The arbiter's commands.
    Arbiter,
    /// The one-letter read-outs and the slash commands players know from lichess and
    /// Tornelo (issue 24, item 14): too many for the game topic's few lines.
    Short,
}

/// Each topic's name: English, then German, Ukrainian, Russian, Armenian. All work in
/// every game, as the command words do.
const TOPIC_WORDS: [(HelpTopic, &str, [&str; 4]); 6] = [
    (
        HelpTopic::Moves,
        "moves",
        ["züge", "ходи", "ходы", "քայլեր"],
    ),
    (
        HelpTopic::Clock,
        "clock",
        ["uhr", "годинник", "часы", "ժամացույց"],
    ),
    (
        HelpTopic::Board,
        "board",
        ["brett", "дошка", "доска", "տախտակ"],
    ),
    (
        HelpTopic::Game,
        "game",
        ["partie", "партія", "партия", "պարտիա"],
    ),
    (
        HelpTopic::Arbiter,
        "arbiter",
        ["schiedsrichter", "арбітр", "арбитр", "մրցավար"],
    ),
    (
        HelpTopic::Short,
        "short",
        ["kurz", "коротко", "кратко", "կարճ"],
    ),
];

/// The index of a language's own word in the command and topic tables; `None` for English.
fn own(language: Language) -> Option<usize> {
    match language {
        Language::En => None,
        Language::De => Some(0),
        Language::Uk => Some(1),
        Language::Ru => Some(2),
        Language::Hy => Some(3),
    }
}

impl HelpTopic {
    /// Every topic, in the order the first answer names them.
    pub const ALL: [HelpTopic; 6] = [
        HelpTopic::Moves,
        HelpTopic::Clock,
        HelpTopic::Board,
        HelpTopic::Game,
        HelpTopic::Arbiter,
        HelpTopic::Short,
    ];

    /// A topic named in any language vichess speaks.
    pub fn from_word(word: &str) -> Option<HelpTopic> {
        let w = word.to_lowercase();
        TOPIC_WORDS
            .iter()
            .find(|(_, en, others)| *en == w || others.contains(&w.as_str()))
            .map(|(t, ..)| *t)
            // The arbiter's other name ("помощь судья") asks for the arbiter's help too.
            .or_else(|| (super::command::alias(&w) == Some("arbiter")).then_some(Self::Arbiter))
    }

    /// The topic's name in `language`.
    pub fn name(self, language: Language) -> &'static str {
        let (_, en, others) = TOPIC_WORDS
            .iter()
            .find(|(t, ..)| *t == self)
            .expect("every topic has its words");
        own(language).map_or(*en, |i| others[i])
    }

    /// The topic's help lines.
    fn lines(self) -> &'static [Word] {
        match self {
            HelpTopic::Moves => &[
                Word::HelpMove,
                Word::HelpCorrect,
                Word::HelpTakeBack,
                Word::HelpLast,
                Word::HelpMoves,
                Word::HelpRepeat,
            ],
            HelpTopic::Clock => &[
                Word::HelpTime,
                Word::HelpCount,
                Word::HelpStart,
                Word::HelpPress,
                Word::HelpPause,
            ],
            HelpTopic::Board => &[Word::HelpBoard, Word::HelpWhere, Word::HelpSquares],
            HelpTopic::Game => &[
                Word::HelpDraw,
                Word::HelpClaim,
                Word::HelpResign,
                Word::HelpAdjourn,
                Word::HelpSave,
                Word::HelpQuit,
                Word::HelpEngine,
            ],
            HelpTopic::Arbiter => &[Word::HelpIllegal, Word::HelpArbiter],
            HelpTopic::Short => &[Word::HelpShortcuts, Word::HelpSpeed],
        }
    }
}

/// The topic a console command (by its English word) is listed under; a command nobody
/// placed is in the game topic, so it is listed all the same.
fn topic_of(command: &str) -> Option<HelpTopic> {
    Some(match command {
        "help" => return None,
        "last" | "moves" | "correct" | "takeback" | "repeat" => HelpTopic::Moves,
        "time" | "clocks" | "count" | "start" | "press" | "pause" => HelpTopic::Clock,
        // Listed where their line is (play-test: the overview named `hint` and `my` under
        // the board, whose topic describes neither): the engine's help with the review in
        // the game topic (the board topic is long already); `my`, `abort` and the speaking
        // rate with the short forms, whose line says them.
        "board" | "where" | "rank" | "file" | "square" => HelpTopic::Board,
        "my" | "abort" | "faster" | "slower" => HelpTopic::Short,
        "illegal" | "arbiter" | "open" => HelpTopic::Arbiter,
        _ => HelpTopic::Game,
    })
}

/// What the first answer lists under the short forms' topic.
const SHORT_FORMS: [&str; 6] = ["l", "s", "c", "o", "p", "/"];

/// The first answer to `help`: how to ask for a topic, then one line per topic with its
/// name and its commands, in the game's words ("hilfe uhr: zeit, anzahl, start, ...").
pub fn first_answer(pack: &Pack) -> Vec<String> {
    let language = pack.language();
    // The language's own words come first in `command_words`, in table order; English
    // has only its own.
    let words = command_words(language);
    let word_of = |i: usize| words[i];
    let help = COMMAND_WORDS
        .iter()
        .position(|(en, _)| *en == "help")
        .map_or("help", word_of);
    let mut lines = vec![pack.text(&[Token::Word(Word::HelpIntro)])];
    for topic in HelpTopic::ALL {
        let commands: Vec<&str> = match topic {
            // The short forms are letters and slashes, the same in every language, then
            // the commands whose help is with them.
            // Then the same keys' letters on the game's Cyrillic layout ("д" for `l`).
            HelpTopic::Short => SHORT_FORMS[..5]
                .iter()
                .copied()
                .chain(layout_letters(language))
                .chain(SHORT_FORMS[5..].iter().copied())
                .chain(
                    COMMAND_WORDS
                        .iter()
                        .enumerate()
                        .filter(|(_, (en, _))| topic_of(en) == Some(topic))
                        .map(|(i, _)| word_of(i)),
                )
                .collect(),
            _ => COMMAND_WORDS
                .iter()
                .enumerate()
                .filter(|(_, (en, _))| topic_of(en) == Some(topic))
                .map(|(i, _)| word_of(i))
                .collect(),
        };
        lines.push(format!(
            "{help} {}{} {}",
            topic.name(language),
            pack.colon(),
            commands.join(", ")
        ));
    }
    lines
}

/// The lines of one topic. A help word may hold several commands separated by "; " (the
/// arbiter's, the short forms, takeback and the arbiter's takeback): each is printed on a
/// line of its own so no line runs on past what a braille display shows in a few pans.
/// So "; " separates commands only: what belongs to one command ("the move stays secret",
/// the braille scoresheet of `save`) is joined to it otherwise, or it is heard alone.
pub fn topic_answer(pack: &Pack, topic: HelpTopic) -> Vec<String> {
    let mut words: Vec<Word> = topic.lines().to_vec();
    if topic == HelpTopic::Board {
        words.extend(super::ask::HELP);
    }
    words
        .into_iter()
        .flat_map(|w| {
            let text = pack.text(&[Token::Word(w)]);
            text.split("; ").map(str::to_string).collect::<Vec<_>>()
        })
        .collect()
}
