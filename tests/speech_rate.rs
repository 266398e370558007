//! Issue 16: the speaking rate changed during a game (`faster`, `slower`, and their gamepad
//! buttons): a step each, within 0.5-3.0, journaled as a setting that a resume keeps, handed
//! to the front end, and answered in one short line in the game's language.

#[path = "common/play.rs"]
mod common_play;

use vichess::input::InputCommand;
use vichess::rules::Position;
use vichess::session::{Effect, Event, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

fn pack(name: &str) -> Pack {
    Pack::builtin(name).expect("built-in pack")
}

fn line(s: &mut Session, t: u64, text: &str) -> Vec<Effect> {
    s.handle(Event::Line(text.into()), Stamp::from_millis(t))
}

fn rates(effects: &[Effect]) -> Vec<u32> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::SpeechRate(r) => Some(*r),
            _ => None,
        })
        .collect()
}

fn printed(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Print(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

fn journal(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Journal(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn faster_and_slower_step_clamp_journal_and_survive_a_resume() {
    let mut s = Session::new(SessionConfig::default(), pack("en"), Position::new(), None);
    let mut all = line(&mut s, 0, "e4");

    let out = line(&mut s, 1000, "faster");
    assert_eq!(rates(&out), [120]);
    assert!(journal(&out).contains(&"speed 1000 1.20".to_string()));
    assert_eq!(printed(&out), ["speed 1.2"]);
    // The front end hears of the new rate before the answer, so the answer is at the new pace.
    let rate_at = out.iter().position(|e| matches!(e, Effect::SpeechRate(_)));
    let say_at = out.iter().position(|e| matches!(e, Effect::Say { .. }));
    assert!(rate_at < say_at, "{out:?}");
    all.extend(out);

    // The gamepad button does the same.
    let out = s.handle(Event::Input(InputCommand::Faster), Stamp::from_millis(2000));
    assert_eq!(rates(&out), [140]);
    all.extend(out);

    // Up to the limit: 1.6, 1.8, 2.1, 2.4, 2.8, 3.0, then it stays and says so.
    let mut seen = Vec::new();
    for i in 0..8 {
        let out = line(&mut s, 3000 + i * 10, "faster");
        seen.extend(rates(&out));
        if i >= 6 {
            assert!(rates(&out).is_empty(), "{out:?}");
            assert!(journal(&out).is_empty(), "{out:?}");
            // A screen reader hears the same line twice: the second gets a no-break space.
            let p = printed(&out);
            assert_eq!(p.len(), 1, "{p:?}");
            assert_eq!(p[0].trim_start_matches('\u{a0}'), "speed 3.0, the limit");
        }
        all.extend(out);
    }
    assert_eq!(seen, [160, 180, 210, 240, 280, 300]);

    // Down to 0.5, and no further.
    let mut seen = Vec::new();
    for i in 0..20 {
        seen.extend(rates(&line(&mut s, 4000 + i * 10, "slower")));
    }
    assert_eq!(*seen.last().unwrap(), 50, "{seen:?}");
    assert!(seen.windows(2).all(|w| w[1] < w[0]), "{seen:?}");
    let out = s.handle(Event::Input(InputCommand::Slower), Stamp::from_millis(5000));
    assert!(rates(&out).is_empty());
    assert_eq!(
        printed(&out).concat().trim_start_matches('\u{a0}'),
        "speed 0.5, the limit"
    );
    let out = line(&mut s, 5100, "faster");
    assert_eq!(rates(&out), [60]);
    all.extend(out);

    // A resumed game speaks at the rate the player chose, and says it to the front end.
    let records = journal(&all);
    assert!(
        records.iter().any(|r| r.starts_with("speed ")),
        "{records:?}"
    );
    let mut r = Session::resume(SessionConfig::default(), pack("en"), &records).expect("resume");
    assert_eq!(r.state().speech_rate(), Some(60));
    let out = line(&mut r, 9000, "count");
    assert_eq!(rates(&out), [60]);
    let out = line(&mut r, 9100, "faster");
    assert_eq!(rates(&out), [70]);
}

#[test]
fn the_step_starts_from_the_configured_rate_and_answers_in_the_game_language() {
    let config = SessionConfig {
        speech_rate: 125,
        ..SessionConfig::default()
    };
    let mut s = Session::new(config, pack("de-fide"), Position::new(), None);
    let out = line(&mut s, 0, "langsamer");
    assert_eq!(rates(&out), [110]);
    assert_eq!(printed(&out), ["Tempo 1,1"]);
    let mut s = Session::new(SessionConfig::default(), pack("uk"), Position::new(), None);
    assert_eq!(printed(&line(&mut s, 0, "швидше")), ["швидкість 1,2"]);
}

#[test]
fn play_answers_faster_and_slower_in_the_game_language() {
    for (lang, words, answers) in [
        ("en", ["faster", "slower"], ["speed 1.2", "speed 1.0"]),
        (
            "ru",
            ["быстрее", "медленнее"],
            ["скорость 1,2", "скорость 1,0"],
        ),
        (
            "hy",
            ["արագ", "դանդաղ"],
            ["արագություն 1,2", "արագություն 1,0"],
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let args = [
            "play",
            "--no-audio",
            "--lang",
            lang,
            "--control",
            "none",
            "--game-dir",
            games.to_str().unwrap(),
        ];
        let input = format!("e4\n{}\n{}\nquit\n", words[0], words[1]);
        let out = common_play::run_piped(home.path(), &args, input.as_bytes());
        assert!(out.status.success(), "{lang}");
        let lines = common_play::lines_of(&out);
        for a in answers {
            assert!(lines.iter().any(|l| l == a), "{lang}: {a:?} in {lines:?}");
        }
    }
}
