//! Issue 11, findings 5, 7, 12 and 13 (and issue 14, bug 2): nothing irreversible by
//! accident (a side and a yes for every result), every clock command answered, an opening
//! line, and an adjourned game that goes on from its sealed move. Each finding is checked
//! through the driver ([`Table`]) and once through `vichess play` itself, in English and
//! German at least; the expected words come from the packs, so a wording change in a pack
//! does not break the test, but a missing or English line in a German game does.

#[path = "common/play.rs"]
mod common_play;

use vichess::phrase::token::{Token, Word};
use vichess::rules::clock::TimeControl;
use vichess::rules::{Color, Position};
use vichess::session::{Audience, Input, Output, Session, SessionConfig, Stamp, Table};
use vichess::voice::Pack;

fn pack(name: &str) -> Pack {
    Pack::builtin(name).expect("built-in pack")
}

fn words(pack_name: &str, phrase: &[Token]) -> String {
    pack(pack_name).text(phrase)
}

fn word(pack_name: &str, w: Word) -> String {
    words(pack_name, &[Token::Word(w)])
}

fn table(pack_name: &str, config: SessionConfig, control: Option<&str>) -> Table {
    let control = control.map(|c| TimeControl::parse(c).expect("control"));
    Table::new(Session::new(
        config,
        pack(pack_name),
        Position::new(),
        control,
    ))
}

/// Everything one line did.
fn send(t: &mut Table, at: u64, line: &str) -> Vec<Output> {
    t.handle(Input::Line(line.to_string()), Stamp::from_millis(at));
    std::iter::from_fn(|| t.poll_output()).collect()
}

/// Lines fed a second apart from `start`; all the outputs.
fn script(t: &mut Table, start: u64, lines: &[&str]) -> Vec<Output> {
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        out.extend(send(t, start + i as u64 * 1000, l));
    }
    out
}

fn printed(out: &[Output]) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::Print(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

fn journal(out: &[Output]) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::Journal(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

fn said(out: &[Output]) -> Vec<(Audience, String)> {
    out.iter()
        .filter_map(|o| match o {
            Output::Say { audience, text, .. } => Some((*audience, text.clone())),
            _ => None,
        })
        .collect()
}

/// "White resigns, yes or no?" in the pack's words.
fn resign_question(p: &str, side: Color) -> String {
    words(
        p,
        &[
            Token::Side(side),
            Token::Word(Word::ResignsQuestion),
            Token::Punct(vichess::phrase::token::Punct::Comma),
            Token::Word(Word::YesOrNo),
        ],
    )
}

// ---------------------------------------------------------------------------------------
// Finding 5: a side and a yes.

#[test]
fn resign_without_a_side_resigns_nobody_and_says_how_to_name_one() {
    for p in ["en", "de"] {
        let mut t = table(p, SessionConfig::default(), None);
        // The assistant typed Black's reply, so White is to move: on main, White resigned.
        let out = script(&mut t, 0, &["e4", "e5", "resign"]);
        assert!(
            journal(&out).iter().all(|l| !l.starts_with("resign")),
            "{p}: {out:?}"
        );
        assert!(t.session().state().ending().is_none(), "{p}");
        let last = printed(&out).pop().unwrap();
        assert!(last.starts_with(&word(p, Word::NameTheSide)), "{p}: {last}");
    }
}

#[test]
fn resign_is_asked_back_and_only_a_yes_ends_the_game() {
    for (p, yes) in [("en", "yes"), ("de", "ja")] {
        let mut t = table(p, SessionConfig::default(), None);
        let out = script(&mut t, 0, &["e4", "resign white"]);
        let question = resign_question(p, Color::White);
        assert_eq!(printed(&out).last(), Some(&question), "{p}");
        // `repeat` asks again and keeps the question open; the line differs for a screen
        // reader by a no-break space in front, never by "?." (issue 24, item 14).
        let again = send(&mut t, 4_000, "repeat");
        assert_eq!(printed(&again), [format!("\u{a0}{question}")], "{p}");
        // Asked privately, to whoever is at the console, and not yet journaled.
        assert!(said(&out).contains(&(Audience::Player, question.clone())));
        assert!(journal(&out).iter().all(|l| !l.starts_with("resign")));
        let out = send(&mut t, 5_000, yes);
        assert_eq!(journal(&out)[0], "resign 5000 white", "{p}");
        assert_eq!(t.session().state().ending().unwrap().score, "0-1");
    }
}

#[test]
fn anything_but_yes_cancels_says_so_and_is_then_handled_as_input() {
    for p in ["en", "de"] {
        let mut t = table(p, SessionConfig::default(), None);
        script(&mut t, 0, &["e4", "resign black"]);
        let out = send(&mut t, 3_000, "e5");
        let lines = printed(&out);
        assert_eq!(lines[0], word(p, Word::Cancelled), "{p}: {lines:?}");
        // The cancelling line was a move, and it was played.
        assert_eq!(journal(&out), ["move 3000 e7e5"], "{p}");
        assert!(t.session().state().ending().is_none());
        // A button cancels too.
        script(&mut t, 4_000, &["resign black"]);
        t.handle(
            Input::Button(vichess::input::InputCommand::Time),
            Stamp::from_millis(6_000),
        );
        let out: Vec<Output> = std::iter::from_fn(|| t.poll_output()).collect();
        assert_eq!(printed(&out)[0], word(p, Word::Cancelled), "{p}");
        let out = send(&mut t, 7_000, "ja");
        assert!(journal(&out).is_empty(), "{p}: a late yes does nothing");
    }
}

#[test]
fn the_confirm_and_cancel_flow_works_in_every_language() {
    for (p, yes, side_word) in [
        ("de", "ja", "schwarz"),
        ("de-fide", "Ja", "Schwarz"),
        ("en", "yes", "black"),
        ("uk", "так", "чорні"),
        ("ru", "да", "чёрные"),
        ("hy", "այո", "սևերը"),
    ] {
        // The command in the language's own words.
        let cmd = vichess::session::parse_command(&format!("resign {side_word}"))
            .unwrap()
            .unwrap();
        let mut t = table(p, SessionConfig::default(), None);
        script(&mut t, 0, &["e4"]);
        t.handle(Input::Command(cmd.clone()), Stamp::from_millis(1_000));
        let out: Vec<Output> = std::iter::from_fn(|| t.poll_output()).collect();
        assert_eq!(
            printed(&out),
            [resign_question(p, Color::Black)],
            "{p}: the question in the game's language"
        );
        // Cancelled by a move, which is then played.
        let out = send(&mut t, 2_000, "e5");
        assert_eq!(printed(&out)[0], word(p, Word::Cancelled), "{p}");
        assert_eq!(journal(&out), ["move 2000 e7e5"], "{p}");
        // Asked again and confirmed with the language's yes.
        t.handle(Input::Command(cmd), Stamp::from_millis(3_000));
        let out = send(&mut t, 4_000, yes);
        assert_eq!(journal(&out)[0], "resign 4000 black", "{p}");
        assert_eq!(t.session().state().ending().unwrap().score, "1-0", "{p}");
        // The pack's own yes word is always one of them.
        assert_eq!(word(p, Word::Yes).to_lowercase(), yes.to_lowercase(), "{p}");
    }
}

#[test]
fn the_configured_side_resigns_when_none_is_named() {
    let config = SessionConfig {
        vi_side: Some(Color::Black),
        ..SessionConfig::default()
    };
    let mut t = table("de", config, None);
    let out = script(&mut t, 0, &["e4", "aufgeben", "ja"]);
    assert!(journal(&out).contains(&"resign 2000 black".to_string()));
}

#[test]
fn a_claim_says_who_claimed_and_costs_nothing_until_confirmed() {
    for (p, yes) in [("en", "yes"), ("de", "ja")] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        let out = script(
            &mut t,
            0,
            &["e4", "press", "e5", "press", "claim threefold white"],
        );
        let question = printed(&out).pop().unwrap();
        assert!(
            question.starts_with(&words(
                p,
                &[
                    Token::Side(Color::White),
                    Token::Word(Word::ClaimsThreefold)
                ]
            )),
            "{p}: {question}"
        );
        // No penalty yet: the claim is only asked back.
        let before = t.clock_reading(Stamp::from_millis(5_000)).unwrap();
        assert!(journal(&out).iter().all(|l| !l.starts_with("claim")));
        let out = send(&mut t, 5_000, yes);
        assert_eq!(journal(&out)[0], "claim 5000 white threefold", "{p}");
        // The rejection names the claimant and says why, and Black got the penalty time
        // (9.5.3).
        let rejected = words(
            p,
            &[
                Token::Word(Word::ClaimRejected),
                Token::Punct(vichess::phrase::token::Punct::Colon),
                Token::Side(Color::White),
            ],
        );
        assert!(
            printed(&out)
                .iter()
                .any(|l| l.starts_with(&format!("{rejected}; "))),
            "{p}: {out:?}"
        );
        let after = t.clock_reading(Stamp::from_millis(5_000)).unwrap();
        assert!(after.black.time > before.black.time, "{p}");
    }
}

#[test]
fn a_draw_agreement_is_asked_back() {
    let mut t = table("en", SessionConfig::default(), None);
    // Black replied and offered; White accepts.
    let out = script(
        &mut t,
        0,
        &["e4", "e5", "draw offer black", "draw accept white"],
    );
    assert!(printed(&out).last().unwrap().ends_with("yes or no?"));
    assert!(t.session().state().ending().is_none());
    let out = send(&mut t, 9_000, "yes");
    assert_eq!(journal(&out)[0], "draw 9000 white accept");
    assert_eq!(t.session().state().ending().unwrap().score, "1/2-1/2");
}

#[test]
fn the_arbiter_undoes_a_result_and_a_resume_replays_the_undo() {
    for (p, undo, yes) in [
        ("en", "arbiter undo", "yes"),
        ("de", "schiedsrichter rückgängig", "ja"),
    ] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        let mut lines = journal(&script(
            &mut t,
            0,
            &["e4", "press", "resign black", yes, undo],
        ));
        assert!(t.session().state().ending().is_some(), "{p}: asked first");
        let out = send(&mut t, 10_000, yes);
        lines.extend(journal(&out));
        assert!(lines.contains(&"undo 10000".to_string()), "{p}: {lines:?}");
        assert!(t.session().state().ending().is_none(), "{p}");
        assert!(printed(&out).contains(&word(p, Word::ResultUndone)), "{p}");
        // Play goes on: the clock starts with pause, and Black moves.
        let out = script(&mut t, 11_000, &["pause", "e5"]);
        lines.extend(journal(&out));
        assert!(
            lines.contains(&"move 12000 e7e5".to_string()),
            "{p}: {lines:?}"
        );
        let resumed = Session::resume(SessionConfig::default(), pack(p), &lines).expect("resumes");
        assert!(resumed.state() == t.session().state(), "{p}");
        assert!(resumed.state().ending().is_none());
    }
}

/// Issue 24.1 (7.5.1): a result the position makes rests on the move that made it, so the
/// arbiter's undo takes that move back with the result (it was refused before).
#[test]
fn undoing_a_result_the_position_made_takes_back_the_move_that_made_it() {
    for (p, yes, struck) in [
        ("en", "yes", "move taken back: queen h4, checkmate"),
        ("de", "ja", "Zug zurückgenommen: Dame h4, matt"),
    ] {
        let mut t = table(p, SessionConfig::default(), None);
        script(&mut t, 0, &["f3", "e5", "g4", "Qh4"]);
        assert_eq!(t.session().state().ending().unwrap().score, "0-1");
        let undo = if p == "en" {
            "arbiter undo"
        } else {
            "schiedsrichter rückgängig"
        };
        send(&mut t, 9_000, undo);
        let out = send(&mut t, 10_000, yes);
        assert_eq!(journal(&out), ["undo 10000"], "{p}");
        assert_eq!(
            printed(&out),
            [word(p, Word::ResultUndone), struck.to_string()],
            "{p}"
        );
        assert!(t.session().state().ending().is_none(), "{p}");
        assert_eq!(t.session().state().game().ply_count(), 3, "{p}");
    }
}

// ---------------------------------------------------------------------------------------
// Finding 7: every clock command answers.

/// A press while the clocks are paused cannot complete the move (the clock refuses it), and
/// says so: without it, the "did not press" line at the reply (6.2.2) read as if a press
/// had been lost. Nothing is journaled; after `pause` starts the clocks, the press counts.
#[test]
fn a_press_during_a_pause_is_said_not_to_count_and_changes_nothing() {
    for (p, pause, press, line) in [
        (
            "en",
            "pause",
            "press",
            "the clocks are stopped, so the press does not count; pause starts them again, \
             then press",
        ),
        (
            "ru",
            "пауза",
            "нажать",
            "часы остановлены, поэтому нажатие не засчитано; «пауза» запускает их снова, \
             затем «нажать»",
        ),
        (
            "hy",
            "դադար",
            "սեղմել",
            "ժամացույցները կանգնեցված են, ուստի սեղմումը չի հաշվվում։ «դադար» հրամանը կրկին \
             միացնում է դրանք, ապա «սեղմել»",
        ),
    ] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        send(&mut t, 1_000, "e4");
        send(&mut t, 2_000, pause);
        let before = t.session().state().clone();
        let out = send(&mut t, 3_000, press);
        assert_eq!(printed(&out), [line], "{p}");
        assert_eq!(said(&out), [(Audience::Player, line.to_string())], "{p}");
        assert!(journal(&out).is_empty(), "{p}: {:?}", journal(&out));
        assert!(*t.session().state() == before, "{p}: the state changed");
        send(&mut t, 4_000, pause);
        let out = send(&mut t, 5_000, press);
        assert_eq!(journal(&out), ["press 5000 white"], "{p}");
    }
}

/// A reply typed while the clocks are paused, the opponent's move still unpressed: the
/// reply's implied press (6.2.2) is refused, so the reply is not played, and it is said as
/// the move not played, not as a press the player never typed.
#[test]
fn a_reply_during_a_pause_is_said_not_played() {
    for (p, pause, line) in [
        (
            "en",
            "pause",
            "move not played; clocks stopped; pause starts them again",
        ),
        (
            "ru",
            "пауза",
            "ход не сыгран; часы остановлены; «пауза» запускает их снова",
        ),
    ] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        send(&mut t, 1_000, "e4");
        send(&mut t, 2_000, "press");
        send(&mut t, 3_000, pause);
        send(&mut t, 4_000, "e5");
        let before = t.session().state().clone();
        let out = send(&mut t, 5_000, "Nf3");
        assert_eq!(printed(&out), [line], "{p}");
        assert!(journal(&out).is_empty(), "{p}: {:?}", journal(&out));
        assert!(*t.session().state() == before, "{p}: the state changed");
    }
}

/// `start` with the clock already running says so, and whose clock it is, not "the clock
/// cannot do that now"; nothing is journaled.
#[test]
fn start_with_the_clock_running_says_it_runs_already() {
    for (p, start, line) in [
        ("en", "start", "the clock is already running: White"),
        ("uk", "старт", "годинник уже йде: білі"),
        ("hy", "մեկնարկ", "ժամացույցն արդեն աշխատում է՝ սպիտակները"),
    ] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        send(&mut t, 1_000, start);
        let out = send(&mut t, 2_000, start);
        assert_eq!(printed(&out), [line], "{p}");
        assert!(journal(&out).is_empty(), "{p}");
    }
}

#[test]
fn press_pause_and_start_each_answer_in_one_line_that_is_also_said() {
    for p in ["en", "de"] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        let running = |side| {
            words(
                p,
                &[
                    Token::Word(Word::ClockRunning),
                    Token::Punct(vichess::phrase::token::Punct::Colon),
                    Token::Side(side),
                ],
            )
        };
        let out = send(&mut t, 0, "start");
        assert_eq!(printed(&out), [running(Color::White)], "{p}");
        assert_eq!(said(&out), [(Audience::Public, running(Color::White))]);
        send(&mut t, 1_000, "e4");
        let out = send(&mut t, 2_000, "press");
        let completed = words(
            p,
            &[
                Token::Word(Word::MoveCompleted),
                Token::Punct(vichess::phrase::token::Punct::Colon),
                Token::Side(Color::White),
            ],
        );
        assert_eq!(
            printed(&out),
            [format!("{completed}; {}", running(Color::Black))],
            "{p}"
        );
        let out = send(&mut t, 3_000, "pause");
        assert_eq!(printed(&out), [word(p, Word::ClocksStopped)], "{p}");
        assert_eq!(said(&out).len(), 1);
        let out = send(&mut t, 4_000, "pause");
        assert_eq!(printed(&out), [running(Color::Black)], "{p}");
        // The gamepad's clock button answers the same way.
        send(&mut t, 5_000, "e5");
        t.handle(
            Input::Button(vichess::input::InputCommand::PressBlack),
            Stamp::from_millis(6_000),
        );
        let out: Vec<Output> = std::iter::from_fn(|| t.poll_output()).collect();
        assert_eq!(said(&out).len(), 1, "{p}: {out:?}");
        assert!(printed(&out)[0].ends_with(&running(Color::White)), "{p}");
    }
}

#[test]
fn an_untimed_press_still_answers() {
    let mut t = table("de", SessionConfig::default(), None);
    let out = script(&mut t, 0, &["e4", "press"]);
    assert_eq!(printed(&out).last().unwrap(), "Zug beendet: Weiß");
}

#[test]
fn a_resume_with_paused_clocks_says_so_aloud_and_how_to_start_them() {
    for p in ["en", "de"] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        let lines = journal(&script(&mut t, 0, &["e4", "press"]));
        let s = Session::resume(SessionConfig::default(), pack(p), &lines).unwrap();
        let mut t = Table::new(s);
        let out = send(&mut t, 100_000, "time");
        let stays = word(p, Word::ClocksStayStopped);
        assert!(
            said(&out).contains(&(Audience::Player, stays.clone())),
            "{p}: {out:?}"
        );
        assert!(printed(&out).contains(&stays));
        let reading = t.clock_reading(Stamp::from_millis(100_000)).unwrap();
        assert_eq!(reading.running, None, "{p}: the clock stays paused");
    }
}

// ---------------------------------------------------------------------------------------
// Finding 12: the opening line.

#[test]
fn the_opening_line_names_the_players_the_control_whose_move_and_help() {
    let config = SessionConfig {
        vi_side: Some(Color::Black),
        ..SessionConfig::default()
    };
    let mut s = Session::new(
        config.clone(),
        pack("en"),
        Position::new(),
        Some(TimeControl::parse("5400+30").unwrap()),
    );
    s.set_tag("White", "Anna Müller");
    s.set_tag("Black", "Bert");
    assert_eq!(
        s.greeting(),
        "White: Anna Müller; Black: Bert; your colour: Black; \
         time control: one hour thirty minutes plus thirty seconds per move; \
         the clock starts when you say “start”, or with the first move; \
         White to move; say help for the commands"
    );
    let s = Session::new(SessionConfig::default(), pack("de"), Position::new(), None);
    assert_eq!(
        s.greeting(),
        "ohne Uhr; Weiß am Zug; „hilfe“ nennt die Befehle"
    );
}

// ---------------------------------------------------------------------------------------
// Finding 13 (issue 14, bug 2): the sealed move.

#[test]
fn adjourn_without_a_sealed_move_is_refused() {
    for p in ["en", "de"] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        let out = script(&mut t, 0, &["e4", "press", "adjourn"]);
        assert_eq!(
            printed(&out).last(),
            Some(&word(p, Word::SealedMoveRequired)),
            "{p}"
        );
        assert!(t.session().state().ending().is_none());
    }
}

#[test]
fn the_sealed_move_is_checked_and_never_said_or_printed() {
    for (p, yes) in [("en", "yes"), ("de", "ja")] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        let out = script(&mut t, 0, &["e4", "press", "adjourn Nf5"]);
        assert_eq!(
            printed(&out).last(),
            Some(&word(p, Word::SealedMoveIllegal)),
            "{p}"
        );
        let out = script(&mut t, 5_000, &["adjourn Nf6", yes]);
        assert!(
            journal(&out).contains(&"adjourn 6000 g8f6".to_string()),
            "{p}: {out:?}"
        );
        for line in printed(&out) {
            assert!(
                !line.contains("f6") && !line.contains("Felix"),
                "{p}: the sealed move leaked: {line}"
            );
        }
        assert_eq!(t.session().state().ending().unwrap().score, "*");
        // The PGN written at adjournment does not have it either.
        for o in &out {
            if let Output::SavePgn { pgn, .. } = o {
                assert!(!pgn.contains("Nf6") && !pgn.contains("Sf6"), "{pgn}");
            }
        }
    }
}

#[test]
fn open_after_a_resume_plays_the_sealed_move_and_starts_the_opponents_clock() {
    for (p, open, yes) in [("en", "open", "yes"), ("de", "öffnen", "ja")] {
        let mut t = table(p, SessionConfig::default(), Some("5400+30"));
        let lines = journal(&script(
            &mut t,
            0,
            &["e4", "press", "adjourn black Nf6", yes, "quit"],
        ));
        let sealed_at = t.clock_reading(Stamp::from_millis(5_000)).unwrap();
        // The next day.
        let s = Session::resume(SessionConfig::default(), pack(p), &lines).unwrap();
        let mut t = Table::new(s);
        let out = send(&mut t, 0, "e5");
        // A move is refused while the envelope is closed, and says how it is opened.
        assert!(
            printed(&out)
                .iter()
                .any(|l| l.contains(&word(p, Word::OpenWith))),
            "{p}: {out:?}"
        );
        let out = send(&mut t, 1_000, open);
        assert_eq!(
            printed(&out).last().unwrap(),
            &words(
                p,
                &[
                    Token::Word(Word::OpenQuestion),
                    Token::Punct(vichess::phrase::token::Punct::Comma),
                    Token::Word(Word::YesOrNo)
                ]
            ),
            "{p}"
        );
        let out = send(&mut t, 2_000, yes);
        assert!(journal(&out).iter().any(|l| l.starts_with("open ")));
        let revealed = printed(&out);
        assert!(
            revealed[0].starts_with(&word(p, Word::SealedMove)),
            "{p}: {revealed:?}"
        );
        assert!(t.session().state().ending().is_none());
        assert_eq!(t.session().state().game().ply_count(), 2);
        // I.9: the opponent's clock runs; both times as they were at the seal (I.5), the
        // sealer's with the increment for the completed move.
        let now = t.clock_reading(Stamp::from_millis(2_000)).unwrap();
        assert_eq!(now.running, Some(Color::White), "{p}");
        assert_eq!(now.white.time, sealed_at.white.time, "{p}");
        assert_eq!(now.black.time, sealed_at.black.time + 30_000, "{p}");
        // White plays on.
        let out = send(&mut t, 3_000, "d4");
        assert!(!journal(&out).is_empty(), "{p}");
    }
}

// ---------------------------------------------------------------------------------------
// The same findings through `vichess play`.

fn vichess_play(args: &[&str], input: &str) -> Vec<String> {
    let home = tempfile::tempdir().unwrap();
    vichess_play_in(home.path(), args, input)
}

fn vichess_play_in(home: &std::path::Path, args: &[&str], input: &str) -> Vec<String> {
    let games = home.join("games");
    let mut all = vec!["play", "--no-audio", "--game-dir", games.to_str().unwrap()];
    all.extend(args);
    common_play::lines_of(&common_play::run_piped(home, &all, input.as_bytes()))
}

#[test]
fn play_resigns_only_a_named_side_and_only_after_yes() {
    for (p, script, yes_result) in [
        (
            "en",
            "e4\ne5\nresign\nresign white\nno\nresign white\nyes\n",
            "0-1",
        ),
        (
            "de",
            "e4\ne5\naufgeben\naufgeben weiß\nnein\naufgeben weiß\nja\n",
            "0-1",
        ),
    ] {
        let out = vichess_play(&["--lang", p, "--control", "none"], script);
        let has = |want: &str| out.iter().any(|l| l.starts_with(want));
        assert!(has(&word(p, Word::NameTheSide)), "{p}: {out:?}");
        assert!(has(&resign_question(p, Color::White)), "{p}: {out:?}");
        assert!(has(&word(p, Word::Cancelled)), "{p}: {out:?}");
        // The result in words, its symbol after them.
        let symbol = format!("({yes_result})");
        assert!(out.iter().any(|l| l.ends_with(&symbol)), "{p}: {out:?}");
    }
}

#[test]
fn play_answers_press_pause_and_start() {
    for p in ["en", "de"] {
        let out = vichess_play(
            &["--lang", p, "--control", "90+30"],
            "start\ne4\npress\npause\npause\n",
        );
        let clock_running = word(p, Word::ClockRunning);
        let answers: Vec<&String> = out
            .iter()
            .filter(|l| {
                l.starts_with(&clock_running)
                    || l.starts_with(&word(p, Word::MoveCompleted))
                    || l.starts_with(&word(p, Word::ClocksStopped))
            })
            .collect();
        assert_eq!(answers.len(), 4, "{p}: {out:?}");
    }
}

#[test]
fn play_says_who_plays_the_control_whose_move_and_help_at_start() {
    let out = vichess_play(
        &[
            "--lang",
            "en",
            "--control",
            "90+30",
            "--white",
            "Anna",
            "--black",
            "Bert",
            "--side",
            "white",
        ],
        "",
    );
    assert_eq!(
        out[0],
        "White: Anna; Black: Bert; your colour: White; time control: one hour thirty minutes \
         plus thirty seconds per move; the clock starts when you say “start”, or with the \
         first move; White to move; language: English; change with --lang \
         or the language setting in the configuration file; say help for the commands"
    );
    let out = vichess_play(&["--lang", "de", "--control", "none"], "");
    assert_eq!(
        out[0],
        "ohne Uhr; Weiß am Zug; Sprache: Deutsch; ändern mit --lang oder mit der \
         Spracheinstellung in der Konfigurationsdatei; „hilfe“ nennt die Befehle"
    );
}

#[test]
fn play_adjourns_with_a_secret_sealed_move_and_resumes_with_open() {
    for (p, adjourn, open, yes) in [
        ("en", "adjourn Nf6", "open", "yes"),
        ("de", "vertagen Sf6", "öffnen", "ja"),
    ] {
        let home = tempfile::tempdir().unwrap();
        let first = vichess_play_in(
            home.path(),
            &["--lang", p, "--control", "90+30"],
            &format!("e4\npress\nadjourn\n{adjourn}\n{yes}\n"),
        );
        assert!(
            first
                .iter()
                .any(|l| l == &word(p, Word::SealedMoveRequired)),
            "{p}: {first:?}"
        );
        assert!(
            first.iter().all(|l| !l.contains("f6")),
            "{p}: the sealed move leaked: {first:?}"
        );
        let second = vichess_play_in(
            home.path(),
            &["--lang", p, "--resume"],
            &format!("{open}\n{yes}\nmoves\n"),
        );
        let opened = second
            .iter()
            .find(|l| l.starts_with(&word(p, Word::SealedMove)))
            .unwrap_or_else(|| panic!("{p}: the sealed move is revealed: {second:?}"));
        assert!(
            opened.contains("f6") || opened.contains("Felix"),
            "{opened}"
        );
        let sheet = if p == "de" { "1. e4 Sf6" } else { "1. e4 Nf6" };
        assert!(second.iter().any(|l| l == sheet), "{p}: {second:?}");
    }
}

#[test]
fn a_resignation_while_adjourned_ends_the_game_without_the_sealed_move() {
    let mut t = table("en", SessionConfig::default(), Some("5400+30"));
    let lines = journal(&script(
        &mut t,
        0,
        &["e4", "press", "adjourn Nf6", "yes", "quit"],
    ));
    let s = Session::resume(SessionConfig::default(), pack("en"), &lines).unwrap();
    let mut t = Table::new(s);
    let out = script(&mut t, 0, &["resign black", "yes"]);
    assert!(
        journal(&out).iter().any(|l| l.starts_with("resign ")),
        "{out:?}"
    );
    let state = t.session().state();
    assert_eq!(state.ending().unwrap().score, "1-0");
    assert_eq!(
        state.game().ply_count(),
        1,
        "the sealed move is not played (I.6)"
    );
    assert!(state.envelope().is_none());
}

#[test]
fn a_correct_claim_says_who_claimed() {
    for (p, yes) in [("en", "yes"), ("de", "ja")] {
        let mut t = table(p, SessionConfig::default(), None);
        script(
            &mut t,
            0,
            &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"],
        );
        let out = script(&mut t, 10_000, &["claim threefold black Ng8", yes]);
        let result = printed(&out);
        let who = words(p, &[Token::Word(Word::ClaimedByBlack)]);
        assert!(result.iter().any(|l| l.ends_with(&who)), "{p}: {result:?}");
        assert_eq!(t.session().state().ending().unwrap().score, "1/2-1/2");
    }
}
