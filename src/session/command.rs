//! The console's commands: one word each, read line by line (a screen reader reads one line
//! at a time, and a pipe or a script gives lines too). Anything that is not a command is a
//! move, for the rules core (or the spoken-form reader) to judge.

use crate::phrase::token::Word;
use crate::phrase::Language;
use crate::rules::{Color, File, Rank, Role, Square};
use std::fmt;

/// What a draw command does (9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawAction {
    /// Propose a draw (9.1.2).
    Offer,
    /// Agree to the opponent's offer: the game is drawn.
    Accept,
    /// Refuse the opponent's offer.
    Decline,
}

/// What a player claims (9.2, 9.3, 6.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimWhat {
    /// The same position for the third time (9.2).
    Threefold,
    /// Fifty moves without a capture or pawn move (9.3).
    Fifty,
    /// The opponent's flag has fallen (6.8).
    Flag,
    /// A draw in a quickplay finish: under two minutes, the opponent cannot win by normal
    /// means or is not trying to (Guidelines III.5); the arbiter decides.
    Quickplay,
    /// A request for five seconds a move for both players (Guidelines III.4): a draw offer;
    /// declined, the arbiter decides whether the increment comes.
    Increment,
}

impl ClaimWhat {
    /// The word the console and the journal use for it.
    pub fn word(self) -> &'static str {
        match self {
            ClaimWhat::Threefold => "threefold",
            ClaimWhat::Fifty => "fifty",
            ClaimWhat::Flag => "flag",
            ClaimWhat::Quickplay => "quickplay",
            ClaimWhat::Increment => "increment",
        }
    }

    /// Reads a claim word, with synonyms (`repetition`, `50`, `time`, the usual words of each
    /// language: `Flagge`, `Fallblättchen`, `триразове`); `None` for anything else.
    pub fn from_word(w: &str) -> Option<ClaimWhat> {
        match w.to_lowercase().as_str() {
            "threefold"
            | "repetition"
            | "3"
            | "dreifach"
            | "wiederholung"
            | "трикратне"
            | "триразове"
            | "повторення"
            | "троекратное"
            | "трёхкратное"
            | "трехкратное"
            | "повторение"
            | "եռակի" => Some(ClaimWhat::Threefold),
            "fifty" | "50" | "fünfzig" | "fuenfzig" | "п'ятдесят" | "пятьдесят" | "հիսուն" => {
                Some(ClaimWhat::Fifty)
            }
            "flag" | "time" | "blättchen" | "blaettchen" | "fallblättchen" | "fallblaettchen"
            | "flagge" | "zeit" | "прапорець" | "флажок" | "флаг" | "դրոշակ" => {
                Some(ClaimWhat::Flag)
            }
            "quickplay" | "iii.5" | "endspurt" | "завершення" | "завершение" | "ավարտ" => {
                Some(ClaimWhat::Quickplay)
            }
            "increment" | "iii.4" | "zeitzuschlag" | "додавання" | "добавление" | "հավելում" => {
                Some(ClaimWhat::Increment)
            }
            _ => None,
        }
    }
}

/// One console command, also what a gamepad, pedal or key (`crate::input`) is mapped to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The first help: the topics and their commands.
    Help,
    /// One topic's help (`help clock`).
    HelpOn(super::help::HelpTopic),
    /// Both clocks in words (D.2.6.1).
    Time,
    /// The number of moves completed (D.2.6.1).
    Count,
    /// The last N moves (1 when not given) as announced.
    Last(usize),
    /// The scoresheet, numbered lines.
    Moves,
    /// Every man on the board, by colour and kind.
    Board,
    /// Where the men of one kind stand.
    Where(Role),
    /// What stands on each square of a rank.
    Rank(Rank),
    /// What stands on each square of a file.
    File(File),
    /// What stands on one square.
    Square(Square),
    /// Start White's clock (6.5); the first move starts it too.
    Start,
    /// Complete the move just made: stop the mover's clock and start the opponent's (6.2.1).
    Press,
    /// Stop both clocks, or restart them (6.11).
    Pause,
    /// D.2.8: replace the move just made, before the opponent's clock is started.
    Correct(String),
    /// Ask the opponent to take back the side's last move (issue 24, item 6): the side named,
    /// else the VI player's; with neither it is refused. The opponent answers yes or no.
    TakeBack(Option<Color>),
    /// End a game that has no move yet, without a result (PGN `*`); asked back.
    Abort,
    /// Where the VI player's own men stand (Tornelo's `/my`).
    Mine,
    /// A draw offer, acceptance or refusal. An offer or refusal without a side is the
    /// sensible one's; an acceptance (which ends the game) needs the side named or
    /// configured, and a yes.
    Draw(DrawAction, Option<Color>),
    /// A claim by the side named (else the VI player's), with the intended move written for
    /// 9.2 or 9.3. It waits for a yes.
    Claim(ClaimWhat, Option<Color>, Option<String>),
    /// A resignation by the side named, else the VI player's; with neither it is refused
    /// (issue 11: "resign" once resigned whoever was to move). It waits for a yes.
    Resign(Option<Color>),
    /// The arbiter records an illegal move completed by this side (7.5): the ladder of
    /// 7.5.5 (penalty time, then loss) follows.
    /// `true`: found only after the opponent's reply ("illegal white replied"), which in
    /// rapid and blitz without adequate supervision lets the move stand (A.5.2).
    Illegal(Color, bool),
    /// Say the last thing said again.
    Repeat,
    /// Adjourn, with the sealer (who must be on move) and the sealed move (Guidelines I.1.1).
    Adjourn(Option<Color>, Option<String>),
    /// The arbiter's own acts on the result: they wait for a yes.
    /// Save the game as PGN to this file.
    Save(String),
    /// Save the game to its file in the game folder and leave.
    Quit,
    /// Not typed: the front end was told to stop (the signal's name: SIGTERM, SIGHUP,
    /// SIGINT; a line editor's Ctrl-C too). Leaves as [`Command::Quit`] does, journaling the
    /// interruption, so a resume says so rather than calling it a crash.
    Interrupted(String),
    /// The arbiter's commands: clock corrections and notes (`arbiter time add white 2m`).
    Arbiter(super::arbiter_command::ArbiterCommand),
    /// Speak faster by one step (issue 16); journaled, so a resumed game keeps the rate.
    Faster,
    /// Speak slower by one step.
    Slower,
    /// The engine's help while practising (`hint`, `eval`, `threats`, issue 27).
    EngineHelp(crate::engine::words::Help),
    /// The engine's review of the game just ended (issue 27).
    Review,
    /// Not a command: a move in any notation.
    Move(String),
    // --- issue 15: board read-outs (parsed in `ask.rs`) ---
    /// A question about the board or the game (issue 15); changes nothing.
    Readout(super::ask::Readout),
}

/// A command word with a missing or wrong argument: what was wrong (English, for English
/// games and logs) and the help line of the command, which the session says in the game's
/// language; or, where the error has places (`{text}`, `{unit}`), a word that says exactly
/// what was wrong, in every language, with those places filled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CommandError(pub String, pub Word, pub Vec<(&'static str, String)>);

/// The help text: one line per command.
pub const HELP: &[&str] = &[
    "a move in any notation: e4, Nf3, e2e4, 0-0, or spoken: Springer Felix drei, Kurze Rochade",
    "time, clocks: both clocks",
    "count: the number of moves completed",
    "last [N]: the last move, or the last N moves",
    "moves: the scoresheet",
    "board: all pieces by colour and type",
    "where <piece>: where the pieces of a kind stand, e.g. where knight",
    "rank <1-8>, file <a-h>, square <e4>: what stands there",
    "start: start White's clock",
    "press: complete the move just made and start the opponent's clock",
    "pause: stop both clocks, or restart them",
    "correct <move>: replace the move just made, before the clock is pressed",
    "takeback [white|black]: ask the opponent to take back your last move, yes or no; arbiter takeback: the last move struck from the record, asked back",
    "draw offer|accept|decline [white|black]",
    "claim threefold|fifty|flag|quickplay|increment [white|black] [move]: asked back, yes confirms",
    "resign [white|black]: asked back, yes confirms",
    "illegal white|black [replied]: the arbiter records an illegal move (7.5.5); replied: found after the opponent's reply (A.5.2)",
    "repeat: say the last thing again",
    "adjourn [white|black] <sealed move>",
    "save <file.pgn>: save the game; <file.brf> or <file.brl>: the scoresheet in braille",
    "quit: save and leave",
    "faster, slower: change the speaking rate",
    "hint, eval, threats: the engine's best move, the position in words, the opponent's threat (practice against the engine); review: the turning points once the game has ended",
    "short forms: l: the last move; s e, s 4: a file, a rank; c: the last capture; o: the opponent; p and a piece's letter, as p N: where those men stand; clocks: both clocks; my: your men; abort: end a game before its first move; a slash before a command, as in Tornelo: /resign, /draw, /undo (a take-back request), /last, /clocks, /my, /turn",
    "arbiter undo|open, arbiter time add|take|set white|black <2m, 30s, 4:30>, arbiter note <text>, arbiter restore <move number> white|black, arbiter accept|reject|postpone [time]",
];

/// A side named in any language vichess speaks. In Russian, Ukrainian and Armenian also as
/// the one something is given to ("добавить белым 2м", "додати білим", "ավելացնել
/// սպիտակին"): the dative is how those languages say whose clock gets the time.
pub fn color(word: &str) -> Option<Color> {
    match word.to_lowercase().as_str() {
        "white"
        | "w"
        | "weiss"
        | "weiß"
        | "білі"
        | "білих"
        | "білим"
        | "белые"
        | "белых"
        | "белым"
        | "սպիտակ"
        | "սպիտակները"
        | "սպիտակին"
        | "սպիտակներին" => Some(Color::White),
        "black" | "b" | "schwarz" | "чорні" | "чорних" | "чорним" | "черные" | "чёрные"
        | "черных" | "чёрных" | "черным" | "чёрным" | "սև" | "սևերը" | "սևին" | "սևերին" => {
            Some(Color::Black)
        }
        _ => None,
    }
}

/// Each command's word in every language vichess speaks: English, German, Ukrainian,
/// Russian, Armenian. The English words work in every game.
pub const COMMAND_WORDS: &[(&str, [&str; 4])] = &[
    ("help", ["hilfe", "допомога", "помощь", "օգնություն"]),
    ("time", ["zeit", "час", "время", "ժամանակ"]),
    ("count", ["anzahl", "кількість", "количество", "քանակ"]),
    ("last", ["letzter", "останній", "последний", "վերջին"]),
    ("moves", ["züge", "ходи", "ходы", "քայլեր"]),
    ("board", ["brett", "дошка", "доска", "տախտակ"]),
    ("where", ["wo", "де", "где", "որտեղ"]),
    (
        "rank",
        ["reihe", "горизонталь", "горизонталь", "հորիզոնական"],
    ),
    ("file", ["linie", "вертикаль", "вертикаль", "ուղղահայաց"]),
    ("square", ["feld", "поле", "поле", "դաշտ"]),
    ("start", ["start", "старт", "старт", "մեկնարկ"]),
    ("press", ["drücken", "натиснути", "нажать", "սեղմել"]),
    ("pause", ["pause", "пауза", "пауза", "դադար"]),
    ("correct", ["korrektur", "виправити", "исправить", "ուղղել"]),
    ("takeback", ["zurück", "повернути", "вернуть", "հետկանչ"]),
    ("draw", ["remis", "нічия", "ничья", "ոչ-ոքի"]),
    (
        "claim",
        ["reklamieren", "вимагати", "требовать", "պահանջել"],
    ),
    ("resign", ["aufgeben", "здатися", "сдаться", "հանձնվել"]),
    (
        "illegal",
        ["regelwidrig", "неправильний", "неправильный", "անկանոն"],
    ),
    (
        "repeat",
        ["wiederholen", "повторити", "повторить", "կրկնել"],
    ),
    ("adjourn", ["vertagen", "відкласти", "отложить", "հետաձգել"]),
    ("save", ["speichern", "зберегти", "сохранить", "պահպանել"]),
    ("quit", ["beenden", "вийти", "выйти", "ելք"]),
    ("arbiter", ["schiedsrichter", "арбітр", "арбитр", "մրցավար"]),
    ("open", ["öffnen", "відкрити", "открыть", "բացել"]),
    ("faster", ["schneller", "швидше", "быстрее", "արագ"]),
    ("slower", ["langsamer", "повільніше", "медленнее", "դանդաղ"]),
    // --- issue 24, item 14: the anchors' words (lichess, Tornelo) ---
    ("clocks", ["uhren", "годинники", "часы", "ժամացույցներ"]),
    ("abort", ["abbrechen", "перервати", "прервать", "ընդհատել"]),
    ("my", ["meine", "мої", "мои", "իմ"]),
    // --- issue 27: the engine's help while practising, and its review ---
    ("hint", ["tipp", "підказка", "подсказка", "հուշում"]),
    ("eval", ["bewertung", "оцінка", "оценка", "գնահատական"]),
    ("threats", ["drohung", "загроза", "угроза", "սպառնալիք"]),
    ("review", ["analyse", "аналіз", "анализ", "վերլուծություն"]),
];

/// Other words players use for a command: each is read as the command after it. The
/// engine's help has several; the arbiter is as often called "судья" in Russian and
/// "суддя" in Ukrainian as by the title the help uses.
const ALIASES: &[(&str, &str)] = &[
    ("hinweis", "hint"),
    ("evaluation", "eval"),
    ("threat", "threats"),
    ("drohungen", "threats"),
    ("загрози", "threats"),
    ("угрозы", "threats"),
    ("analysis", "review"),
    ("судья", "arbiter"),
    ("суддя", "arbiter"),
    // The Ukrainian help's own title, and the Russian word for a reference.
    ("довідка", "help"),
    ("справка", "help"),
    // German players count with the verb as often as with the noun the help uses.
    ("zählen", "count"),
    ("zaehlen", "count"),
];

/// The English command an alias in [`ALIASES`] stands for (`word` in lower case).
pub(super) fn alias(word: &str) -> Option<&'static str> {
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == word)
        .map(|(_, en)| *en)
}

/// Leaving, in words besides `quit` and each language's own in [`COMMAND_WORDS`]: what an
/// exit sign or a menu says, which a player may well type first ("выход" in Russian, "вихід"
/// in Ukrainian). Only the word alone: "выход" in a longer line is not read as quit.
const QUIT_ALIASES: &[&str] = &["exit", "выход", "вихід"];

/// A confirmation's yes in every language vichess speaks (a pack may add its own word).
pub const YES_WORDS: &[&str] = &["yes", "y", "ja", "j", "так", "да", "այո"];

/// A confirmation's no in every language vichess speaks: the whole answer, not a line to
/// read again as a command or a move (issue 24, item 11).
pub const NO_WORDS: &[&str] = &["no", "n", "nein", "ні", "нет", "ոչ", "չէ"];

/// Whether `line` is a no in any language.
pub fn is_no(line: &str) -> bool {
    let w = line
        .trim()
        .trim_end_matches(['.', '!'])
        .trim()
        .to_lowercase();
    NO_WORDS.contains(&w.as_str())
}

/// The English command a word of any language names.
fn english_command(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    let w = w
        .replace("ue", "ü")
        .replace("zurueck", "zurück")
        .replace("druecken", "drücken");
    COMMAND_WORDS
        .iter()
        .find(|(en, others)| *en == w || others.contains(&w.as_str()))
        .map(|(en, _)| *en)
        .or_else(|| alias(&w))
}

/// The word a player of `lang` types for the English command `en` ("hint" is "подсказка"
/// in Russian); `en` itself in English or when the table has no such command.
pub fn command_word(lang: Language, en: &str) -> &str {
    let i = match lang {
        Language::En => return en,
        Language::De => 0,
        Language::Uk => 1,
        Language::Ru => 2,
        Language::Hy => 3,
    };
    COMMAND_WORDS
        .iter()
        .find(|(w, _)| *w == en)
        .map_or(en, |(_, o)| o[i])
}

/// The command words a player of `lang` is offered: the language's own, then English.
pub fn command_words(lang: Language) -> Vec<&'static str> {
    let i = match lang {
        Language::En => None,
        Language::De => Some(0),
        Language::Uk => Some(1),
        Language::Ru => Some(2),
        Language::Hy => Some(3),
    };
    let mut out: Vec<&str> = i
        .map(|i| COMMAND_WORDS.iter().map(|(_, o)| o[i]).collect())
        .unwrap_or_default();
    out.extend(COMMAND_WORDS.iter().map(|(en, _)| *en));
    out
}

/// Edit distance counting a swap of two neighbouring letters as one edit ("drie" for "drei"
/// is one typo, not two): the optimal string alignment distance, by characters.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// A kind of piece by English or German name, plural, or letter.
pub fn role(word: &str) -> Option<Role> {
    let w = word
        .to_lowercase()
        .replace('ä', "ae")
        .replace('ö', "oe")
        .replace('ü', "ue");
    let r = match w.trim_end_matches('s') {
        "pawn" | "p" | "bauer" | "bauern" => Role::Pawn,
        "knight" | "n" | "springer" => Role::Knight,
        "bishop" | "laeufer" => Role::Bishop,
        _ if role_word(&w).is_some() => return role_word(&w),
        "rook" | "r" | "turm" | "tuerme" | "tuerm" => Role::Rook,
        "queen" | "q" | "dame" | "damen" => Role::Queen,
        "king" | "k" | "koenig" | "koenige" => Role::King,
        _ if w == "b" => Role::Bishop,
        _ => return None,
    };
    Some(r)
}

/// A piece named in Ukrainian, Russian or Armenian, singular or plural.
fn role_word(w: &str) -> Option<Role> {
    let r = match w {
        "пішак" | "пішаки" | "пешка" | "пешки" | "զինվոր" | "զինվորներ" => {
            Role::Pawn
        }
        "кінь" | "коні" | "конь" | "кони" | "ձի" | "ձիեր" => Role::Knight,
        "слон" | "слони" | "слоны" | "փիղ" | "փղեր" => Role::Bishop,
        "тура" | "тури" | "ладья" | "ладьи" | "նավակ" | "նավակներ" => {
            Role::Rook
        }
        "ферзь" | "ферзі" | "ферзи" | "թագուհի" | "թագուհիներ" => {
            Role::Queen
        }
        "король" | "королі" | "короли" | "արքա" | "արքաներ" => {
            Role::King
        }
        _ => return None,
    };
    Some(r)
}

/// A side word at either end of `words`, and the other words: "white Nf3", "Nf3 white".
fn side_and_rest(words: &[&str]) -> (Option<Color>, String) {
    let mut words = words.to_vec();
    let side = match (
        words.first().and_then(|w| color(w)),
        words.last().and_then(|w| color(w)),
    ) {
        (Some(c), _) => {
            words.remove(0);
            Some(c)
        }
        (None, Some(c)) if words.len() > 1 => {
            words.pop();
            Some(c)
        }
        _ => None,
    };
    (side, words.join(" "))
}

fn need<'a>(arg: Option<&'a str>, what: &str, usage: Word) -> Result<&'a str, CommandError> {
    arg.ok_or_else(|| CommandError(what.to_string(), usage, Vec::new()))
}

/// "illegal white replied": the opponent had replied before the illegal move was found.
const REPLIED: [&str; 5] = ["replied", "beantwortet", "відповідь", "ответ", "պատասխան"];

/// Reads one console line. An empty line is `None`.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let line = apostrophes(line);
    let line = line.trim();
    // Tornelo's slash commands (issue 24, item 14): a slash before any command word, and
    // Tornelo's own `/undo`, which is a take-back request.
    let (line, slashed) = match line.strip_prefix('/') {
        Some(rest) if !rest.trim().is_empty() => (rest.trim_start(), true),
        _ => (line, false),
    };
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    if slashed && first.eq_ignore_ascii_case("undo") {
        return parse_command("takeback", line, &rest).map(Some);
    }
    if let Some(n) = takeback_phrase(first, &rest) {
        return parse_command("takeback", line, &rest[n..]).map(Some);
    }
    // The one-letter read-outs as a Cyrillic layout types them ("д" for `l`): the line is
    // read with the Latin letter, and stays as typed for anything else it may be.
    let letter = layout_letter(first).unwrap_or(first);
    if let Some(cmd) = lichess_letter(letter, &rest) {
        return Ok(Some(cmd));
    }
    // --- issue 15: board read-outs first (their own words, see `ask.rs`) ---
    if let Some(r) = super::ask::parse(letter, &rest) {
        return r.map(|r| Some(Command::Readout(r)));
    }
    let english = english_command(first);
    let native = english.is_some_and(|en| !first.eq_ignore_ascii_case(en));
    let key = match first {
        "?" => "help",
        _ => english.unwrap_or(""),
    };
    match parse_command(key, line, &rest) {
        // "де чотири" is the pawn move d4 said in Ukrainian, not `where` with a bad piece.
        // Only a command word that is also a file's name can begin a move; any other
        // command's error is said as such ("ничья белые" gets the draw command's help).
        Err(_)
            if native
                && !rest.is_empty()
                && FILE_NAMES.contains(&first.to_lowercase().as_str()) =>
        {
            Ok(Some(Command::Move(line.to_string())))
        }
        other => other.map(Some),
    }
}

/// The line with every typed apostrophe as the tables' `'`: a Ukrainian keyboard gives
/// `ʼ` (U+02BC), word processors and phones `’` (U+2019) or `‘`, some layouts a backtick;
/// all mean the one in "п'ятдесят".
fn apostrophes(line: &str) -> std::borrow::Cow<'_, str> {
    const TYPED: [char; 4] = ['\u{2019}', '\u{02BC}', '\u{2018}', '`'];
    if line.contains(TYPED) {
        std::borrow::Cow::Owned(line.replace(TYPED, "'"))
    } else {
        std::borrow::Cow::Borrowed(line)
    }
}

/// The files' spoken names in the packs whose letters are words of their own (uk, ru): the
/// first word of a move said with them. `де` (d) is also Ukrainian `where`.
const FILE_NAMES: &[&str] = &[
    "а", "бе", "це", "де", "е", "еф", "же", "аш", "бэ", "цэ", "дэ", "эф",
];

/// The take-back request in each language's full verb form, besides the command's own word
/// ("zurück", "вернуть"): what a player says who has not read the help. Each is the words
/// of a line's start, in lower case.
const TAKEBACK_PHRASES: &[&[&str]] = &[
    &["take", "back"],
    &["take-back"],
    &["zurücknehmen"],
    &["zuruecknehmen"],
    &["zug", "zurücknehmen"],
    &["zug", "zuruecknehmen"],
    &["вернуть", "ход"],
    &["взять", "назад"],
    &["взять", "ход", "назад"],
    &["повернути", "хід"],
    &["взяти", "назад"],
    &["взяти", "хід", "назад"],
    &["հետ", "վերցնել"],
    &["հետկանչել"],
];

/// How many words after `first` a take-back phrase at the line's start takes (0 for a phrase
/// of one word), if the line starts with one.
fn takeback_phrase(first: &str, rest: &[&str]) -> Option<usize> {
    let first = first.to_lowercase();
    TAKEBACK_PHRASES.iter().find_map(|phrase| {
        let (head, tail) = phrase.split_first()?;
        let matches = *head == first
            && tail.len() <= rest.len()
            && tail
                .iter()
                .zip(rest)
                .all(|(want, got)| got.to_lowercase() == *want);
        matches.then_some(tail.len())
    })
}

/// lichess blind mode's one-letter read-outs (`l`, `s`, `c`, `o`, `p`) and the letters the
/// same keys type on a Ukrainian and a Russian keyboard (ЙЦУКЕН). A blind player finds a
/// shortcut by its key, not by its look: with the layout on Cyrillic, `l` types "д" and `p`
/// then "з К" (the knights), so these work without switching the layout. None is a piece
/// letter, a file or a capture mark of any notation vichess reads; each is read in every
/// game, as the command words are.
pub const LAYOUT_LETTERS: &[(&str, [&str; 2])] = &[
    ("l", ["д", "д"]),
    ("s", ["і", "ы"]),
    ("c", ["с", "с"]),
    ("o", ["щ", "щ"]),
    ("p", ["з", "з"]),
];

/// The Latin letter of [`LAYOUT_LETTERS`] that `word`, typed on a Cyrillic layout, is.
fn layout_letter(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    LAYOUT_LETTERS
        .iter()
        .find(|(_, typed)| typed.contains(&w.as_str()))
        .map(|(latin, _)| *latin)
}

/// The letters of [`LAYOUT_LETTERS`] in `lang`'s keyboard layout, in the table's order;
/// none where the layout is Latin (or Armenian, whose keys vichess does not map).
pub fn layout_letters(lang: Language) -> Vec<&'static str> {
    let i = match lang {
        Language::Uk => 0,
        Language::Ru => 1,
        _ => return Vec::new(),
    };
    LAYOUT_LETTERS.iter().map(|(_, typed)| typed[i]).collect()
}

/// lichess blind mode's one-letter read-outs that no vichess word uses already: `l` (the
/// last move) and `s e` / `s 4` (a file or a rank). `c`, `o`, `p` and `m` are read-outs of
/// `ask.rs`. Only these exact shapes: "S e4" stays a German knight move.
fn lichess_letter(first: &str, rest: &[&str]) -> Option<Command> {
    match (first, rest) {
        ("l" | "L", []) => Some(Command::Last(1)),
        ("s" | "S", [w]) if w.chars().count() == 1 => super::spoken::spoken_file(w)
            .map(Command::File)
            .or_else(|| super::spoken::spoken_rank(w).map(Command::Rank)),
        _ => None,
    }
}

fn parse_command(key: &str, line: &str, rest: &[&str]) -> Result<Command, CommandError> {
    let arg = rest.first().copied();
    let tail = rest.join(" ");
    let cmd = match key {
        "help" => match arg {
            None => Command::Help,
            Some(w) => Command::HelpOn(super::help::HelpTopic::from_word(w).ok_or_else(|| {
                CommandError(
                    format!("\"{w}\" is not a help topic: say help moves, help clock, help board, help game, help arbiter or help short"),
                    Word::HelpTopics, Vec::new()
                )
            })?),
        },
        "time" => Command::Time,
        "count" => Command::Count,
        "last" => match arg {
            None => Command::Last(1),
            Some(n) => Command::Last(n.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                CommandError(
                    format!("\"{n}\" is not a number of moves: say last, or last 3"),
                    Word::HelpLast, Vec::new()
                )
            })?),
        },
        "moves" => Command::Moves,
        "board" => Command::Board,
        "where" => {
            let w = need(
                arg,
                "where which piece? say where knight, where queen, ...",
                Word::HelpWhere,
            )?;
            Command::Where(role(w).ok_or_else(|| {
                CommandError(
                    format!(
                    "\"{w}\" is not a kind of piece: say king, queen, rook, bishop, knight or pawn"
                ),
                    Word::HelpWhere, Vec::new()
                )
            })?)
        }
        "rank" => {
            let w = need(arg, "which rank? say rank 1 to rank 8", Word::HelpSquares)?;
            Command::Rank(super::spoken::spoken_rank(&tail).ok_or_else(|| {
                CommandError(
                    format!("\"{w}\" is not a rank: say a number from 1 to 8"),
                    Word::HelpSquares, Vec::new()
                )
            })?)
        }
        "file" => {
            let w = need(arg, "which file? say file a to file h", Word::HelpSquares)?;
            Command::File(super::spoken::spoken_file(&tail).ok_or_else(|| {
                CommandError(
                    format!("\"{w}\" is not a file: say a letter from a to h"),
                    Word::HelpSquares, Vec::new()
                )
            })?)
        }
        "square" => {
            let w = need(arg, "which square? say square e4", Word::HelpSquares)?;
            Command::Square(super::spoken::spoken_square(&tail).ok_or_else(|| {
                CommandError(
                    format!("\"{w}\" is not a square: say a letter and a number, like e4"),
                    Word::HelpSquares, Vec::new()
                )
            })?)
        }
        "start" => Command::Start,
        "faster" => Command::Faster,
        "hint" => Command::EngineHelp(crate::engine::words::Help::Hint),
        "eval" => Command::EngineHelp(crate::engine::words::Help::Eval),
        "threats" => Command::EngineHelp(crate::engine::words::Help::Threats),
        "review" => Command::Review,
        "slower" => Command::Slower,
        "press" => Command::Press,
        "pause" => Command::Pause,
        "correct" => {
            need(
                arg,
                "correct to which move? say correct and the right move, like correct Nf3",
                Word::HelpCorrect,
            )?;
            Command::Correct(tail)
        }
        "takeback" => match arg {
            None => Command::TakeBack(None),
            Some(c) => Command::TakeBack(Some(color(c).ok_or_else(|| {
                CommandError(
                    format!(
                        "\"{c}\" is not a side: say takeback, takeback white or takeback black"
                    ),
                    Word::HelpTakeBack, Vec::new()
                )
            })?)),
        },
        "clocks" => Command::Time,
        "abort" => Command::Abort,
        "my" => Command::Mine,
        // A bare `draw`, as lichess and Tornelo players type it: an offer (which accepts
        // the opponent's standing offer).
        "draw" if arg.is_none() => Command::Draw(DrawAction::Offer, None),
        "draw" => {
            let w = need(
                arg,
                "draw what? say draw offer, draw accept or draw decline",
                Word::HelpDraw,
            )?;
            // "draw white": the side alone offers, as the question "which side?" after a
            // bare "draw" invites.
            if rest.len() == 1 {
                if let Some(side) = color(w) {
                    return Ok(Command::Draw(DrawAction::Offer, Some(side)));
                }
            }
            // The words each language's help gives, and the English ones everywhere.
            let action = match w.to_lowercase().as_str() {
                "offer" | "anbieten" | "запропонувати" | "предложить" | "առաջարկել" => {
                    DrawAction::Offer
                }
                "accept" | "annehmen" | "прийняти" | "принять" | "ընդունել" => {
                    DrawAction::Accept
                }
                "decline" | "reject" | "ablehnen" | "відхилити" | "отклонить" | "մերժել" => {
                    DrawAction::Decline
                }
                _ => {
                    return Err(CommandError(
                        format!(
                        "\"draw {w}\" is not a command: say draw offer, draw accept or draw decline"
                    ),
                        Word::HelpDraw, Vec::new()
                    ))
                }
            };
            let side = match rest.get(1) {
                None => None,
                Some(c) => Some(color(c).ok_or_else(|| {
                    CommandError(
                        format!("\"{c}\" is not a side: say white or black"),
                        Word::HelpDraw, Vec::new()
                    )
                })?),
            };
            Command::Draw(action, side)
        }
        "claim" => {
            // The side may come first ("reklamieren weiß wiederholung"), as people say it.
            let mut rest = rest.to_vec();
            if rest.len() > 1
                && color(rest[0]).is_some()
                && ClaimWhat::from_word(rest[1]).is_some()
            {
                rest.swap(0, 1);
            }
            let w = need(
                rest.first().copied(),
                "claim what? say claim threefold, claim fifty or claim flag",
                Word::HelpClaim,
            )?;
            let what = ClaimWhat::from_word(w).ok_or_else(|| {
                CommandError(
                    format!(
                    "\"claim {w}\" is not a command: say claim threefold, claim fifty or claim flag"
                ),
                    Word::HelpClaim, Vec::new()
                )
            })?;
            let (side, intended) = side_and_rest(&rest[1..]);
            Command::Claim(what, side, (!intended.is_empty()).then_some(intended))
        }
        "resign" => match arg {
            None => Command::Resign(None),
            Some(c) => Command::Resign(Some(color(c).ok_or_else(|| {
                CommandError(
                    format!("\"{c}\" is not a side: say resign, resign white or resign black"),
                    Word::HelpResign, Vec::new()
                )
            })?)),
        },
        "illegal" => {
            let c = need(
                arg,
                "whose illegal move? say illegal white or illegal black",
                Word::HelpIllegal,
            )?;
            let side = color(c).ok_or_else(|| {
                CommandError(
                    format!("\"{c}\" is not a side: say illegal white or illegal black"),
                    Word::HelpIllegal, Vec::new()
                )
            })?;
            // The English word everywhere, and each language's.
            let replied = match rest.get(1).map(|w| w.to_lowercase()) {
                None => false,
                Some(w) if REPLIED.contains(&w.as_str()) => true,
                Some(w) => {
                    return Err(CommandError(
                        format!(
                            "\"{w}\" is not understood here: say illegal {c}, or illegal {c} \
                             replied when the opponent had already replied"
                        ),
                        Word::HelpIllegal, Vec::new()
                    ))
                }
            };
            Command::Illegal(side, replied)
        }
        "repeat" => Command::Repeat,
        "adjourn" => {
            let (side, sealed) = side_and_rest(rest);
            Command::Adjourn(side, (!sealed.is_empty()).then_some(sealed))
        }
        "open" => Command::Arbiter(super::arbiter_command::ArbiterCommand::Open),
        // The whole rest of the line: a path may hold spaces ("/home/Anna Maria/games").
        "save" => {
            need(arg, "save to which file? say save game.pgn", Word::HelpSave)?;
            Command::Save(tail)
        }
        "quit" => Command::Quit,
        "arbiter" => Command::Arbiter(super::arbiter_command::parse(rest)?),
        _ if QUIT_ALIASES.contains(&line.to_lowercase().as_str()) => Command::Quit,
        _ => Command::Move(line.to_string()),
    };
    Ok(cmd)
}

impl fmt::Display for ClaimWhat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command word with a wrong word after it gets its command's help in every
    /// language, as the English word does; only a file's name ("де", Ukrainian for both d
    /// and where) may begin a move instead.
    #[test]
    fn a_native_command_with_a_wrong_word_gets_its_help_not_a_move() {
        for line in [
            "draw blue",
            "remis blau",
            "ничья синие",
            "нічия сині",
            "ոչ-ոքի կապույտ",
        ] {
            match parse(line) {
                Err(CommandError(_, Word::HelpDraw, _)) => {}
                other => panic!("{line}: {other:?}"),
            }
        }
        // The side alone is that side's offer, as the question "which side?" invites.
        for (line, side) in [
            ("draw white", Color::White),
            ("remis weiß", Color::White),
            ("ничья чёрные", Color::Black),
            ("нічия білі", Color::White),
            ("ոչ-ոքի սպիտակ", Color::White),
        ] {
            match parse(line) {
                Ok(Some(Command::Draw(DrawAction::Offer, Some(s)))) => {
                    assert_eq!(s, side, "{line}")
                }
                other => panic!("{line}: {other:?}"),
            }
        }
        assert!(matches!(parse("де чотири"), Ok(Some(Command::Move(_)))));
    }

    #[test]
    fn draw_commands_read_as_each_languages_help_writes_them() {
        for (line, action) in [
            ("remis anbieten", DrawAction::Offer),
            ("remis annehmen", DrawAction::Accept),
            ("Remis ablehnen weiß", DrawAction::Decline),
            ("нічия запропонувати", DrawAction::Offer),
            ("ничья принять", DrawAction::Accept),
            ("ничья отклонить черные", DrawAction::Decline),
            ("ոչ-ոքի առաջարկել", DrawAction::Offer),
            ("draw offer", DrawAction::Offer),
        ] {
            match parse(line) {
                Ok(Some(Command::Draw(got, _))) => assert_eq!(got, action, "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_german_verb_counts_as_the_helps_noun_does() {
        for line in ["anzahl", "zählen", "Zählen", "zaehlen"] {
            assert_eq!(parse(line).unwrap(), Some(Command::Count), "{line}");
        }
    }

    #[test]
    fn quit_is_read_in_each_languages_words_and_as_the_exit_signs_say_it() {
        for line in [
            "quit",
            "exit",
            "beenden",
            "вийти",
            "вихід",
            "Вихід",
            "выйти",
            "выход",
            "ВЫХОД",
            "ելք",
        ] {
            assert_eq!(parse(line).unwrap(), Some(Command::Quit), "{line}");
        }
        // Not a word of a longer line: that stays whatever the line is.
        assert_ne!(parse("выход сейчас").unwrap(), Some(Command::Quit));
    }

    /// Play-test: "reklamieren weiß wiederholung" was not understood; only the claim word
    /// first worked.
    #[test]
    fn a_claim_takes_its_side_before_or_after_what_is_claimed() {
        for line in [
            "reklamieren weiß wiederholung",
            "reklamieren wiederholung weiß",
            "claim white threefold",
        ] {
            assert_eq!(
                parse(line).unwrap(),
                Some(Command::Claim(
                    ClaimWhat::Threefold,
                    Some(Color::White),
                    None
                )),
                "{line}"
            );
        }
        assert_eq!(
            parse("claim black fifty Nf3").unwrap(),
            Some(Command::Claim(
                ClaimWhat::Fifty,
                Some(Color::Black),
                Some("Nf3".into())
            ))
        );
    }

    #[test]
    fn commands_and_moves_are_told_apart() {
        assert_eq!(parse("time").unwrap(), Some(Command::Time));
        assert_eq!(parse("  ").unwrap(), None);
        assert_eq!(parse("last 3").unwrap(), Some(Command::Last(3)));
        assert_eq!(
            parse("where Springer").unwrap(),
            Some(Command::Where(Role::Knight))
        );
        assert_eq!(
            parse("square e4").unwrap(),
            Some(Command::Square(Square::E4))
        );
        assert_eq!(
            parse("claim threefold Nf3").unwrap(),
            Some(Command::Claim(
                ClaimWhat::Threefold,
                None,
                Some("Nf3".into())
            ))
        );
        assert_eq!(
            parse("Springer Felix drei").unwrap(),
            Some(Command::Move("Springer Felix drei".into()))
        );
        assert!(parse("rank 9").unwrap_err().0.contains("not a rank"));
        assert_eq!(parse("rank 9").unwrap_err().1, Word::HelpSquares);
        assert!(parse("draw maybe").is_err());
    }
}
