//! Voice input through the library's game host (issue 28): what was heard is taken like a
//! typed line, asked about when two readings are close, or "not understood"; with a sensor
//! board, a heard move the board does not show is said back as a mismatch (D.2.8). The
//! recogniser is a test double (an `Ear` that returns the hearings the test chose): these
//! tests are about what the game does with a hearing, whatever recogniser made it.

#[path = "common/temp_home.rs"]
mod temp_home;

#[path = "common/game_journal.rs"]
mod common_journal;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use vichess::host::{Arrival, GameSettings, Host, Turn};
use vichess::listen::{Ear, EarError, Guess, Hearing, Meaning};
use vichess::phrase::Language;
use vichess::rules::{Position, Square};

/// An `Ear` that returns the hearings the test chose, in order, and keeps the positions it
/// was asked to hear in.
struct ScriptedEar {
    hearings: VecDeque<Hearing>,
    asked_in: Vec<(usize, Position, Language)>,
}

impl Ear for ScriptedEar {
    fn hear(
        &mut self,
        samples: &[i16],
        _rate: u32,
        position: &Position,
        language: Language,
    ) -> Result<Hearing, EarError> {
        self.asked_in
            .push((samples.len(), position.clone(), language));
        self.hearings
            .pop_front()
            .ok_or_else(|| EarError::Failed("the script has no more hearings".into()))
    }
}

/// A writer the test can read after the host has written to it.
#[derive(Clone, Default)]
struct Screen(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Screen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Screen {
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }
}

/// A game opened in this process, as a front end opens it, with a scripted ear.
struct Game {
    host: Host,
    screen: Screen,
    games: PathBuf,
    ear: ScriptedEar,
    /// The game's folder, removed when the test ends.
    _home: temp_home::TempHome,
}

fn home(name: &str) -> temp_home::TempHome {
    temp_home::temp_dir("listen", name)
}

/// The environment every test here shares: set once, the same for all (tests run in threads).
/// Its home is only read (each game has its own folder), so one folder in the build's temp
/// dir serves every run, rather than one left in /tmp per test process.
fn environment() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("listen-env");
        std::fs::create_dir_all(&dir).expect("the shared home");
        std::env::set_var("HOME", &dir);
        std::env::set_var("XDG_CONFIG_HOME", dir.join("config"));
        std::env::set_var("XDG_DATA_HOME", dir.join("data"));
        std::env::remove_var("LC_ALL");
        std::env::remove_var("LC_MESSAGES");
        std::env::set_var("LANG", "C");
    });
}

impl Game {
    fn open(name: &str, lang: &str, board: vichess::host::BoardSpec) -> Game {
        Game::open_with(name, lang, board, "none")
    }

    /// [`Game::open`] with the time control `control`.
    fn open_with(name: &str, lang: &str, board: vichess::host::BoardSpec, control: &str) -> Game {
        environment();
        let dir = home(name);
        let games = dir.join("games");
        let settings = GameSettings {
            no_audio: true,
            control: Some(control.into()),
            lang: Some(lang.into()),
            game_dir: Some(games.clone()),
            board,
            ..Default::default()
        };
        let screen = Screen::default();
        let mut host = Host::open(settings, Box::new(screen.clone()))
            .unwrap_or_else(|stopped| panic!("the host opens: {}", stopped.line()));
        // The first turn writes the opening records.
        host.turn().expect("the first turn");
        Game {
            host,
            screen,
            games,
            ear: ScriptedEar {
                hearings: VecDeque::new(),
                asked_in: Vec::new(),
            },
            _home: dir,
        }
    }

    /// What the screen shows after `f`'s arrivals are handled.
    fn new_lines(&mut self, arrivals: Vec<Arrival>) -> Vec<String> {
        let before = self.screen.lines().len();
        for a in arrivals {
            match self.host.take(Some(a)).expect("a turn") {
                Turn::Going { .. } => {}
                Turn::Ended { status } => panic!("the game ended ({status})"),
            }
        }
        self.screen.lines()[before..].to_vec()
    }

    /// The player says something the ear will hear as `hearing`: one utterance through the
    /// ear, as the capture thread sends it.
    fn say(&mut self, hearing: Hearing) -> Vec<String> {
        self.ear.hearings.push_back(hearing);
        let pos = self.host.position();
        let pack = self.host.pack().clone();
        let arrival =
            vichess::listen::ear::arrival(&mut self.ear, &[0i16; 1600], 16_000, &pos, &pack);
        self.new_lines(vec![arrival])
    }

    fn typed(&mut self, line: &str) -> Vec<String> {
        self.new_lines(vec![Arrival::Line(line.into())])
    }

    fn journal(&self) -> Vec<String> {
        common_journal::untimed_records(&self.games)
    }

    /// Turns until a printed line satisfies `want`, the board's threads answering meanwhile;
    /// a game that never gets there fails after a generous bound (not a timing assertion).
    #[cfg(all(feature = "serial", unix))]
    fn until(&mut self, what: &str, want: impl Fn(&str) -> bool) -> Vec<String> {
        let before = self.screen.lines().len();
        let inputs = self.host.inputs();
        let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
        let watchdog = std::thread::spawn(move || {
            if stop_rx
                .recv_timeout(std::time::Duration::from_secs(30))
                .is_err()
            {
                let _ = inputs.send(Arrival::Line("quit".into()));
            }
        });
        loop {
            let lines = self.screen.lines()[before..].to_vec();
            if lines.iter().any(|l| want(l)) {
                let _ = stop_tx.send(());
                watchdog.join().unwrap();
                return lines;
            }
            match self.host.turn().expect("a turn") {
                Turn::Going { .. } => {}
                Turn::Ended { .. } => panic!("never came: {what}; the screen: {lines:#?}"),
            }
        }
    }
}

fn knight(to: Square, confidence: f32, phrase: &str) -> Guess {
    let pos = Position::new();
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Square::G1 && m.to() == to)
        .expect("a legal knight move");
    Guess {
        meaning: Meaning::Move(m),
        phrase: phrase.into(),
        confidence,
    }
}

#[cfg(all(feature = "serial", unix))]
fn pawn(from: Square, to: Square, confidence: f32, phrase: &str) -> Guess {
    let pos = Position::new();
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == from && m.to() == to)
        .expect("a legal pawn move");
    Guess {
        meaning: Meaning::Move(m),
        phrase: phrase.into(),
        confidence,
    }
}

fn hearing(guesses: Vec<Guess>) -> Hearing {
    Hearing { guesses }
}

fn moves(journal: &[String]) -> Vec<&str> {
    journal
        .iter()
        .filter_map(|r| r.strip_prefix("move "))
        .collect()
}

/// A sure hearing is a typed move: the same lines printed, the same move journaled, and the
/// journal says it came by voice, just before the move.
#[test]
fn a_sure_hearing_is_taken_like_the_typed_move_and_journaled_as_heard() {
    let mut typed = Game::open("typed", "de", Default::default());
    let typed_lines = typed.typed("Sf3");
    let mut g = Game::open("heard", "de", Default::default());
    let heard_lines = g.say(hearing(vec![
        knight(Square::F3, 0.92, "Springer Felix drei"),
        knight(Square::H3, 0.40, "Springer Hector drei"),
    ]));
    assert_eq!(heard_lines, typed_lines);
    assert_eq!(heard_lines, ["Springer Felix drei"]);
    let journal = g.journal();
    let at = journal
        .iter()
        .position(|r| r == "move g1f3")
        .unwrap_or_else(|| panic!("the move is journaled: {journal:#?}"));
    assert_eq!(journal[at - 1], "note heard 0.92: Springer Felix drei");
    // The ear heard in the game's position and language.
    assert_eq!(g.ear.asked_in[0].1, Position::new());
    assert_eq!(g.ear.asked_in[0].2, Language::De);
    // A heard command is a typed command too.
    let said = g.say(hearing(vec![Guess {
        meaning: Meaning::Command("count".into()),
        phrase: "Zugzähler".into(),
        confidence: 0.9,
    }]));
    let typed_count = typed.typed("count");
    assert_eq!(said, typed_count);
    assert!(g
        .journal()
        .iter()
        .any(|r| r == "note heard 0.90: Zugzähler"));
}

/// Appendix D: the clock is pressed once the move is made and announced. A player who made
/// the move by voice, hands on the pegboard, presses it by voice too: a heard "drücken" is
/// the typed `press`, and the journal has the press after the move.
#[test]
fn a_heard_press_completes_the_move_as_the_typed_one() {
    let mut typed = Game::open_with("typed-press", "de", Default::default(), "5m+0s");
    typed.typed("Sf3");
    let typed_lines = typed.typed("press");
    let mut g = Game::open_with("heard-press", "de", Default::default(), "5m+0s");
    g.say(hearing(vec![knight(
        Square::F3,
        0.92,
        "Springer Felix drei",
    )]));
    let said = g.say(hearing(vec![Guess {
        meaning: Meaning::Command("press".into()),
        phrase: "Drücken".into(),
        confidence: 0.9,
    }]));
    assert_eq!(said, typed_lines);
    let journal = g.journal();
    let moved = journal
        .iter()
        .position(|r| r == "move g1f3")
        .expect("the move");
    assert!(
        journal[moved..].iter().any(|r| r.starts_with("press")),
        "{journal:#?}"
    );
    assert_eq!(
        journal[moved - 1..moved + 3],
        [
            "note heard 0.92: Springer Felix drei",
            "move g1f3",
            "note heard 0.90: Drücken",
            "press white"
        ]
    );
    assert_eq!(without_heard_notes(&journal), typed.journal());
}

/// `journal` without the notes of what was heard: what the typed game journals.
fn without_heard_notes(journal: &[String]) -> Vec<String> {
    journal
        .iter()
        .filter(|r| !r.starts_with("note heard"))
        .cloned()
        .collect()
}

/// Nothing sure: "nicht verstanden", one line, and the game and its journal as they were.
#[test]
fn an_unsure_or_empty_hearing_is_not_understood_and_changes_nothing() {
    let mut g = Game::open("unsure", "de", Default::default());
    let journal = g.journal();
    assert_eq!(g.say(Hearing::default()), ["nicht verstanden"]);
    assert_eq!(
        g.say(hearing(vec![knight(
            Square::F3,
            0.2,
            "Springer Felix drei"
        )])),
        ["nicht verstanden"]
    );
    assert_eq!(g.journal(), journal);
    assert_eq!(g.host.position(), Position::new());
    // The recogniser failing on an utterance is said, and changes nothing either.
    let line = g.say_nothing_scripted();
    assert_eq!(
        line,
        ["Spracheingabe gestört (the script has no more hearings)"]
    );
    assert_eq!(g.journal(), journal);
}

impl Game {
    /// An utterance the ear fails on.
    fn say_nothing_scripted(&mut self) -> Vec<String> {
        let pos = self.host.position();
        let pack = self.host.pack().clone();
        let arrival =
            vichess::listen::ear::arrival(&mut self.ear, &[0i16; 10], 16_000, &pos, &pack);
        self.new_lines(vec![arrival])
    }
}

/// Two close readings: the player is asked in the game's words, nothing changes until the
/// answer, and the answer (a word, the move itself, or no) settles it.
#[test]
fn two_close_readings_are_asked_and_the_answer_settles_it() {
    let close = || {
        hearing(vec![
            knight(Square::F3, 0.80, "Springer Felix drei"),
            knight(Square::H3, 0.75, "Springer Hector drei"),
        ])
    };
    let mut g = Game::open("ask", "de", Default::default());
    let journal = g.journal();
    assert_eq!(
        g.say(close()),
        ["Springer Felix drei oder Springer Hector drei?"]
    );
    assert_eq!(g.journal(), journal, "nothing changes until the answer");
    // Typed: the second.
    assert_eq!(g.typed("zweiter"), ["Springer Hector drei"]);
    assert_eq!(moves(&g.journal()), ["g1h3"]);
    assert!(g
        .journal()
        .iter()
        .any(|r| r == "note heard 0.75: Springer Hector drei"));

    // No: nothing played. Black's pawn moves this time.
    let mut g = Game::open("ask-no", "de", Default::default());
    g.say(close());
    assert_eq!(g.typed("nein"), ["Zug nicht gespielt"]);
    assert!(moves(&g.journal()).is_empty());
    // The move itself, typed.
    g.say(close());
    assert_eq!(g.typed("Sf3"), ["Springer Felix drei"]);
    assert_eq!(moves(&g.journal()), ["g1f3"]);

    // Heard: the next hearing settles it; one not understood keeps the question.
    let mut g = Game::open("ask-heard", "de", Default::default());
    g.say(close());
    assert_eq!(
        g.say(Hearing::default()),
        [
            "nicht verstanden",
            "Springer Felix drei oder Springer Hector drei?"
        ]
    );
    assert_eq!(
        g.say(hearing(vec![knight(
            Square::H3,
            0.9,
            "Springer Hector drei"
        )])),
        ["Springer Hector drei"]
    );
    assert_eq!(moves(&g.journal()), ["g1h3"]);
    // Another line than an answer drops the question and is handled as usual.
    let mut g = Game::open("ask-other", "de", Default::default());
    g.say(close());
    assert_eq!(g.typed("e4"), ["Eva vier"]);
    assert_eq!(moves(&g.journal()), ["e2e4"]);
}

/// The question and "not understood" in every language, in its own words.
#[test]
fn the_question_and_not_understood_are_in_the_games_language() {
    for (lang, question, first, not_understood) in [
        ("en", "knight f3 or knight h3?", "first", "not understood"),
        ("uk", "", "перший", "незрозуміло"),
        ("ru", "", "первый", "не понял"),
        ("hy", "", "առաջինը", "չհասկացվեց"),
    ] {
        let mut g = Game::open(&format!("lang-{lang}"), lang, Default::default());
        let asked = g.say(hearing(vec![
            knight(Square::F3, 0.80, "f3"),
            knight(Square::H3, 0.75, "h3"),
        ]));
        assert_eq!(asked.len(), 1, "{lang}: {asked:?}");
        let mut typed = Game::open(&format!("lang-{lang}-typed"), lang, Default::default());
        let nf3 = typed.typed("g1f3");
        typed.typed("takeback");
        let nh3 = {
            let mut t = Game::open(&format!("lang-{lang}-typed2"), lang, Default::default());
            t.typed("g1h3")
        };
        let or = match lang {
            "en" => "or",
            "uk" => "чи",
            "ru" => "или",
            _ => "թե",
        };
        assert_eq!(asked[0], format!("{} {or} {}?", nf3[0], nh3[0]), "{lang}");
        if !question.is_empty() {
            assert_eq!(asked[0].to_lowercase(), question);
        }
        assert_eq!(g.typed(first), nf3, "{lang}");
        assert_eq!(g.say(Hearing::default()), [not_understood], "{lang}");
    }
}

/// With the simulated pegboard the board has the last word (D.2.8): a heard move the board
/// does not show yet is said back and waits; shown, it goes as normal, noted as heard.
#[cfg(all(feature = "serial", unix))]
#[test]
fn a_heard_move_waits_for_the_board_and_counts_once_the_board_shows_it() {
    use vichess::host::BoardSpec;
    let mut g = Game::open("board-agree", "de", BoardSpec::Sim);
    let e4 = || hearing(vec![pawn(Square::E2, Square::E4, 0.9, "Eva vier")]);
    assert_eq!(
        g.say(e4()),
        ["gehört: Eva vier; das Brett zeigt diesen Zug noch nicht; erst auf dem Brett ziehen"]
    );
    assert!(moves(&g.journal()).is_empty(), "not taken from the voice");
    g.typed("sim e4");
    g.until("the board's move", |l| l == "Eva vier");
    let journal = g.journal();
    let at = journal
        .iter()
        .position(|r| r == "move e2e4")
        .expect("the board's move");
    assert_eq!(
        journal[at + 1..].first().map(String::as_str),
        Some("note heard 0.90: Eva vier")
    );
    assert_eq!(moves(&journal), ["e2e4"]);

    // The board shows another move than the one heard: said back, and only the board's
    // move is in the game.
    let mut g = Game::open("board-other", "de", BoardSpec::Sim);
    g.say(hearing(vec![knight(
        Square::F3,
        0.9,
        "Springer Felix drei",
    )]));
    g.typed("sim Sc3");
    let lines = g.until("the board's move announced", |l| l == "Springer Cesar drei");
    assert!(
        lines
            .iter()
            .any(|l| l == "gehört: Springer Felix drei; das Brett zeigt: Springer Cesar drei"),
        "{lines:#?}"
    );
    let journal = g.journal();
    assert_eq!(moves(&journal), ["b1c3"]);
    assert!(
        !journal.iter().any(|r| r.starts_with("note heard")),
        "{journal:#?}"
    );

    // Heard after the board showed another move: said back at once.
    assert_eq!(
        g.say(hearing(vec![knight(
            Square::F3,
            0.9,
            "Springer Felix drei"
        )])),
        ["gehört: Springer Felix drei; das Brett zeigt: Springer Cesar drei"]
    );
    assert_eq!(moves(&g.journal()), ["b1c3"]);
}
