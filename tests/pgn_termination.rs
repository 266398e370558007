//! Issue 24, item 2: every PGN `play` writes says how the game ended, as the PGN standard's
//! `Termination` tag (section 9.8.1), and why, in the game's language, as the record's last
//! comment. One test per way of ending, through the session's own PGN.

use vichess::rules::clock::TimeControl;
use vichess::rules::{CastlingMode, Position};
use vichess::session::{Event, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

/// Plays `lines` one second apart from `start` in a game from `fen` (the initial position
/// when `None`) under `control`, in `pack`'s language; returns the session.
fn game(
    pack: &str,
    config: SessionConfig,
    control: Option<&str>,
    fen: Option<&str>,
    lines: &[(u64, &str)],
) -> Session {
    let start = match fen {
        Some(f) => Position::from_fen(f, CastlingMode::Standard).unwrap(),
        None => Position::new(),
    };
    let control = control.map(|c| TimeControl::parse(c).unwrap());
    let mut s = Session::new(config, Pack::builtin(pack).unwrap(), start, control);
    for (at, line) in lines {
        s.handle(Event::Line(line.to_string()), Stamp::from_millis(*at));
    }
    s
}

fn seq<'a>(lines: &[&'a str]) -> Vec<(u64, &'a str)> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| (i as u64 * 1000, *l))
        .collect()
}

/// The PGN's Termination tag and its movetext flattened to one line.
fn ending_of(s: &Session) -> (String, String) {
    let pgn = s.pgn();
    let tag = pgn
        .lines()
        .find_map(|l| l.strip_prefix("[Termination \""))
        .map(|v| v.trim_end_matches("\"]").to_string())
        .unwrap_or_else(|| panic!("no Termination tag in\n{pgn}"));
    let movetext = pgn.split("\n\n").nth(1).unwrap_or("").replace('\n', " ");
    (tag, movetext.trim_end().to_string())
}

fn guidelines_iii() -> SessionConfig {
    SessionConfig {
        guidelines_iii: true,
        ..SessionConfig::default()
    }
}

#[test]
fn a_mate_is_a_normal_termination_with_the_reason_in_the_games_words() {
    let s = game(
        "de-fide",
        SessionConfig::default(),
        None,
        None,
        &seq(&["f3", "e5", "g4", "Qh4"]),
    );
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "normal");
    assert!(
        moves.ends_with("2. g4 Qh4# {Matt, Schwarz gewinnt} 0-1"),
        "{moves}"
    );
}

#[test]
fn a_resignation_and_an_agreed_draw_are_normal_terminations() {
    let s = game(
        "en",
        SessionConfig::default(),
        None,
        None,
        &seq(&["e4", "resign black", "yes"]),
    );
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "normal");
    assert!(
        moves.ends_with("1. e4 {Black resigns, White wins} 1-0"),
        "{moves}"
    );

    let lines = [
        "e4",
        "e5",
        "нічия запропонувати білі",
        "так",
        "нічия прийняти чорні",
        "так",
    ];
    let s = game("uk", SessionConfig::default(), None, None, &seq(&lines));
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "normal");
    assert!(
        moves.ends_with(
            "1. e4 e5 {(=) білі пропонують нічию} {нічия за згодою, білі пропонують нічию} \
             1/2-1/2"
        ),
        "{moves}"
    );
}

/// 6.9: a flag claimed; and a flag against a side that cannot mate, a draw, still decided by
/// the clock.
#[test]
fn a_flag_is_a_time_forfeit_whether_it_wins_or_draws() {
    let mut lines = seq(&["e4", "press", "f6", "press"]);
    lines.extend([
        (9_000, "d4"),
        (9_100, "press"),
        (9_200, "claim flag black"),
        (9_300, "ja"),
    ]);
    let s = game("de-fide", SessionConfig::default(), Some("3"), None, &lines);
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "time forfeit");
    assert!(
        moves.ends_with(
            "{Zeitüberschreitung Weiß, Schwarz gewinnt, auf Reklamation von Schwarz} 0-1"
        ),
        "{moves}"
    );

    let lines = [(0, "start"), (9_000, "claim flag black"), (9_100, "да")];
    let bare_king = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let s = game(
        "ru",
        SessionConfig::default(),
        Some("3"),
        Some(bare_king),
        &lines,
    );
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "time forfeit");
    assert_eq!(
        moves,
        "{у белых упал флажок, ничья, по требованию чёрных, чёрные не могут поставить мат \
         никакой последовательностью ходов} 1/2-1/2"
    );
}

/// 7.5.5: the second illegal move loses, a rules infraction.
#[test]
fn a_second_illegal_move_is_a_rules_infraction() {
    let lines = seq(&["e4", "illegal black", "illegal black", "այո"]);
    let s = game("hy", SessionConfig::default(), Some("900+10"), None, &lines);
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "rules infraction");
    // The first is the arbiter's record, with White's added time (a minute in rapid, A.3);
    // the second, the result.
    assert_eq!(
        moves,
        "1. e4 {մրցավարը գրանցում է անկանոն քայլ՝ սևերը; մրցավարը ժամանակ է ավելացնում՝ սպիտակները, 0:01:00 (7.5.5)} {անկանոն քայլ, սպիտակները հաղթեցին} 1-0"
    );
}

/// III.5: the arbiter's ruling decides the game: an adjudication, the ruling in the record.
#[test]
fn a_iii_5_ruling_is_an_adjudication() {
    let lines = seq(&[
        "e4",
        "press",
        "e5",
        "press",
        "arbiter time set white 1m30s",
        "claim quickplay white",
        "yes",
        "arbiter accept",
    ]);
    let s = game("en", guidelines_iii(), Some("3600"), None, &lines);
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "adjudication");
    assert!(
        moves.ends_with("{the arbiter rules on the III.5 claim: accepted, a draw} 1/2-1/2"),
        "{moves}"
    );
}

/// An adjourned game and a game left unfinished are not terminated.
#[test]
fn an_adjourned_or_unfinished_game_is_unterminated() {
    let s = game(
        "de",
        SessionConfig::default(),
        Some("3600"),
        None,
        &seq(&["e4", "press", "adjourn e5", "ja"]),
    );
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "unterminated");
    assert!(moves.ends_with("{Partie vertagt} *"), "{moves}");

    let s = game("en", SessionConfig::default(), None, None, &seq(&["e4"]));
    let (tag, moves) = ending_of(&s);
    assert_eq!(tag, "unterminated");
    assert_eq!(moves, "1. e4 {the game is not over} *");
}
