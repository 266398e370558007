//! The input layer without a device: command names, the button table from configuration,
//! debounce, hold-to-repeat, two clock pedals, rumble cues, and the gilrs conversion.

use vichess::input::mapping::{GAMEPAD_BUTTONS, NAMED_KEYS};
use vichess::input::{
    CommandEvent, DeviceKind, InputCommand, InputEvent, Mapper, Mapping, MappingError, Pattern,
    Pulse, Rumble, RumbleError, SessionCue, Timing,
};
use vichess::rules::clock::ClockEvent;
use vichess::rules::Color;

use DeviceKind::{Gamepad, Keyboard, Pedal};

fn table(text: &str) -> toml::Table {
    toml::from_str(text).expect("test TOML parses")
}

fn commands(out: &[CommandEvent]) -> Vec<(InputCommand, u64, bool)> {
    out.iter()
        .map(|c| (c.command, c.at_ms, c.repeated))
        .collect()
}

/// Feeds all events and returns every command in order.
fn run(mapper: &mut Mapper, events: &[InputEvent]) -> Vec<(InputCommand, u64, bool)> {
    events
        .iter()
        .flat_map(|e| commands(&mapper.feed(e)))
        .collect()
}

fn press(d: DeviceKind, b: &str, t: u64) -> InputEvent {
    InputEvent::press(d, b, t)
}

fn release(d: DeviceKind, b: &str, t: u64) -> InputEvent {
    InputEvent::release(d, b, t)
}

// ---- the command vocabulary

#[test]
fn command_names_are_exactly_the_configuration_words() {
    let names: Vec<&str> = InputCommand::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(
        names,
        [
            "press-white",
            "press-black",
            "press",
            "time",
            "count",
            "last",
            "moves-back",
            "moves-forward",
            "pause",
            "repeat",
            "cursor-mode",
            "cursor-up",
            "cursor-down",
            "cursor-left",
            "cursor-right",
            "faster",
            "slower",
            "talk"
        ]
    );
    for c in InputCommand::ALL {
        assert_eq!(c.name().parse::<InputCommand>(), Ok(c));
        assert_eq!(c.to_string(), c.name());
    }
    let err = "Press".parse::<InputCommand>().unwrap_err().to_string();
    assert!(
        err.starts_with("no such command \"Press\" (commands: press-white, press-black, press,"),
        "{err}"
    );
}

#[test]
fn clock_side_of_presses() {
    assert_eq!(
        InputCommand::PressWhite.clock_side(Color::Black),
        Some(Color::White)
    );
    assert_eq!(
        InputCommand::PressBlack.clock_side(Color::White),
        Some(Color::Black)
    );
    assert_eq!(
        InputCommand::Press.clock_side(Color::Black),
        Some(Color::Black)
    );
    assert_eq!(
        InputCommand::Press.clock_side(Color::White),
        Some(Color::White)
    );
    assert_eq!(InputCommand::Time.clock_side(Color::White), None);
}

// ---- the button table

#[test]
fn mapping_from_config_table() {
    let t = table(
        r#"
        South = "press"
        LeftTrigger = "press-white"
        righttrigger = "press-black"
        DPadLeft = "moves-back"
        "key:Space" = "press"
        "key:T" = "time"
        Code288 = "pause"
        debounce-ms = 40
        hold-ms = 600
        repeat-ms = 200
        rumble = true
        "#,
    );
    let m = Mapping::from_table(&t).unwrap();
    assert_eq!(
        m.timing,
        Timing {
            debounce_ms: 40,
            hold_ms: 600,
            repeat_ms: 200
        }
    );
    assert_eq!(
        m.command_for(&press(Gamepad, "South", 0)),
        Some(InputCommand::Press)
    );
    assert_eq!(
        m.command_for(&press(Gamepad, "RightTrigger", 0)),
        Some(InputCommand::PressBlack)
    );
    assert_eq!(
        m.command_for(&press(Keyboard, "Space", 0)),
        Some(InputCommand::Press)
    );
    assert_eq!(
        m.command_for(&press(Keyboard, "t", 0)),
        Some(InputCommand::Time)
    );
    assert_eq!(
        m.command_for(&press(Pedal, "Code288", 0)),
        Some(InputCommand::Pause)
    );
    assert_eq!(m.command_for(&press(Gamepad, "North", 0)), None);
    // A key and a gamepad button with the same letter are different controls.
    assert_eq!(m.command_for(&press(Keyboard, "South", 0)), None);
    let listed: Vec<(String, InputCommand)> = m.bindings().collect();
    assert!(listed.contains(&("RightTrigger".to_string(), InputCommand::PressBlack)));
    assert!(listed.contains(&("key:t".to_string(), InputCommand::Time)));
    assert_eq!(listed.len(), 7);
}

#[test]
fn mapping_from_pairs_matches_from_table() {
    let pairs = vec![
        ("South".to_string(), "press".to_string()),
        ("key:Left".to_string(), "moves-back".to_string()),
    ];
    let a = Mapping::from_pairs(&pairs).unwrap();
    let b =
        Mapping::from_table(&table("South = \"press\"\n\"key:Left\" = \"moves-back\"")).unwrap();
    assert_eq!(a, b);
}

#[test]
fn unknown_button_is_named_with_the_choices() {
    let err = Mapping::from_table(&table("Soth = \"press\"")).unwrap_err();
    assert_eq!(err, MappingError::UnknownButton("Soth".into()));
    let text = err.to_string();
    assert!(
        text.starts_with(
            "gamepad button \"Soth\": no such button (buttons: South, East, North, West,"
        ),
        "{text}"
    );
    assert!(text.contains("DPadRight"), "{text}");
}

#[test]
fn unknown_command_names_button_and_command() {
    let text = Mapping::from_table(&table("East = \"prss\""))
        .unwrap_err()
        .to_string();
    assert!(
        text.starts_with(
            "gamepad button \"East\": no such command \"prss\" (commands: press-white,"
        ),
        "{text}"
    );
    let text = Mapping::from_pairs(&[("key:Space", "stop")])
        .unwrap_err()
        .to_string();
    assert!(
        text.starts_with("key \"Space\": no such command \"stop\""),
        "{text}"
    );
}

#[test]
fn other_table_mistakes_are_explained() {
    let text = Mapping::from_table(&table("\"key:Spce\" = \"press\""))
        .unwrap_err()
        .to_string();
    assert!(
        text.starts_with("key \"Spce\": no such key (keys: Space, Enter,"),
        "{text}"
    );
    assert!(text.ends_with("a to z, 0 to 9)"), "{text}");
    let text = Mapping::from_table(&table("South = 3"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        text,
        "gamepad button \"South\": the command must be text in quotes, such as \"press\", not the number 3"
    );
    let text = Mapping::from_table(&table("debounce-ms = -5"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        text,
        "gamepad setting \"debounce-ms\": must be a whole number of milliseconds from 0 to 10000, not the number -5"
    );
}

#[test]
fn default_layouts_cover_every_command_they_name() {
    let pad = Mapping::default_gamepad();
    assert_eq!(
        pad.command_for(&press(Gamepad, "South", 0)),
        Some(InputCommand::Press)
    );
    assert_eq!(
        pad.command_for(&press(Gamepad, "LeftTrigger", 0)),
        Some(InputCommand::PressWhite)
    );
    let keys = Mapping::default_keyboard();
    assert_eq!(
        keys.command_for(&press(Keyboard, "Space", 0)),
        Some(InputCommand::Press)
    );
    assert_eq!(
        keys.command_for(&press(Keyboard, "Left", 0)),
        Some(InputCommand::MovesBack)
    );
    assert_eq!(
        pad.command_for(&press(Gamepad, "DPadDown", 0)),
        Some(InputCommand::CursorDown)
    );
    assert_eq!(
        keys.command_for(&press(Keyboard, "Up", 0)),
        Some(InputCommand::CursorUp)
    );
    let mut both = pad.clone();
    both.merge(&keys);
    assert_eq!(
        both.bindings().count(),
        pad.bindings().count() + keys.bindings().count()
    );
}

// ---- debounce

#[test]
fn pedal_bounce_is_one_press() {
    let mut m = Mapper::new(Mapping::from_pairs(&[("South", "press")]).unwrap());
    let got = run(
        &mut m,
        &[
            press(Pedal, "South", 1000),
            release(Pedal, "South", 1004),
            press(Pedal, "South", 1011),
            release(Pedal, "South", 1090),
            // Release chatter: up, down 10 ms later, up again.
            press(Pedal, "South", 1200),
            release(Pedal, "South", 1260),
            press(Pedal, "South", 1270),
            release(Pedal, "South", 1275),
        ],
    );
    assert_eq!(
        got,
        [
            (InputCommand::Press, 1000, false),
            (InputCommand::Press, 1200, false)
        ]
    );
}

#[test]
fn presses_just_outside_the_debounce_window_count() {
    let mut m = Mapper::new(Mapping::from_pairs(&[("South", "press")]).unwrap());
    let got = run(
        &mut m,
        &[
            press(Pedal, "South", 0),
            release(Pedal, "South", 50),
            press(Pedal, "South", 79), // 29 ms after release: bounce
            release(Pedal, "South", 100),
            press(Pedal, "South", 130), // 30 ms after release: a new press
        ],
    );
    assert_eq!(
        got,
        [
            (InputCommand::Press, 0, false),
            (InputCommand::Press, 130, false)
        ]
    );
}

#[test]
fn a_repeated_down_without_up_is_ignored() {
    let mut m = Mapper::new(Mapping::from_pairs(&[("South", "press")]).unwrap());
    let got = run(
        &mut m,
        &[press(Gamepad, "South", 0), press(Gamepad, "South", 400)],
    );
    assert_eq!(got, [(InputCommand::Press, 0, false)]);
}

// ---- hold to repeat

#[test]
fn holding_moves_back_steps_through_the_scoresheet() {
    let mut m = Mapper::new(Mapping::from_pairs(&[("DPadLeft", "moves-back")]).unwrap());
    let first = commands(&m.feed(&press(Gamepad, "DPadLeft", 1000)));
    assert_eq!(first, [(InputCommand::MovesBack, 1000, false)]);
    assert_eq!(m.next_deadline(), Some(1500));
    assert!(m.tick(1499).is_empty());
    assert_eq!(
        commands(&m.tick(1500)),
        [(InputCommand::MovesBack, 1500, true)]
    );
    assert_eq!(m.next_deadline(), Some(1750));
    // A late tick catches up with every step that was due.
    assert_eq!(
        commands(&m.tick(2100)),
        [
            (InputCommand::MovesBack, 1750, true),
            (InputCommand::MovesBack, 2000, true)
        ]
    );
    // The release delivers what was due before it, then stops the repeats.
    assert_eq!(
        commands(&m.feed(&release(Gamepad, "DPadLeft", 2300))),
        [(InputCommand::MovesBack, 2250, true)]
    );
    assert_eq!(m.next_deadline(), None);
    assert!(m.tick(9000).is_empty());
}

#[test]
fn a_short_tap_does_not_repeat() {
    let mut m = Mapper::new(Mapping::from_pairs(&[("DPadRight", "moves-forward")]).unwrap());
    let got = run(
        &mut m,
        &[
            press(Gamepad, "DPadRight", 0),
            release(Gamepad, "DPadRight", 200),
        ],
    );
    assert_eq!(got, [(InputCommand::MovesForward, 0, false)]);
    assert!(m.tick(5000).is_empty());
}

#[test]
fn holding_a_clock_button_never_presses_twice() {
    let mut m = Mapper::new(Mapping::default_gamepad());
    assert_eq!(
        commands(&m.feed(&press(Gamepad, "South", 0))),
        [(InputCommand::Press, 0, false)]
    );
    assert_eq!(m.next_deadline(), None);
    assert!(m.tick(10_000).is_empty());
    assert!(m.feed(&release(Gamepad, "South", 10_000)).is_empty());
}

#[test]
fn bounce_while_holding_keeps_the_repeat_rhythm() {
    let mut m = Mapper::new(Mapping::from_pairs(&[("DPadLeft", "moves-back")]).unwrap());
    let got = run(
        &mut m,
        &[
            press(Pedal, "DPadLeft", 0),
            release(Pedal, "DPadLeft", 5),
            press(Pedal, "DPadLeft", 9),
        ],
    );
    assert_eq!(got, [(InputCommand::MovesBack, 0, false)]);
    assert_eq!(m.next_deadline(), Some(500));
}

// ---- two pedals, one per player

#[test]
fn two_pedals_press_each_players_clock() {
    let mapping = Mapping::from_table(&table(
        "LeftTrigger = \"press-white\"\nRightTrigger = \"press-black\"",
    ))
    .unwrap();
    let mut m = Mapper::new(mapping);
    let got = run(
        &mut m,
        &[
            press(Pedal, "LeftTrigger", 10_000),
            release(Pedal, "LeftTrigger", 10_003), // bounce on White's pedal
            press(Pedal, "LeftTrigger", 10_008),
            press(Pedal, "RightTrigger", 10_010), // Black presses 10 ms later: not a bounce
            release(Pedal, "LeftTrigger", 10_100),
            release(Pedal, "RightTrigger", 10_120),
            press(Pedal, "RightTrigger", 13_000),
            release(Pedal, "RightTrigger", 13_090),
        ],
    );
    assert_eq!(
        got,
        [
            (InputCommand::PressWhite, 10_000, false),
            (InputCommand::PressBlack, 10_010, false),
            (InputCommand::PressBlack, 13_000, false),
        ]
    );
    let sides: Vec<Color> = got
        .iter()
        .filter_map(|(c, _, _)| c.clock_side(Color::White))
        .collect();
    assert_eq!(sides, [Color::White, Color::Black, Color::Black]);
}

#[test]
fn pedals_that_type_keys_use_key_bindings() {
    let mapping =
        Mapping::from_pairs(&[("key:w", "press-white"), ("key:b", "press-black")]).unwrap();
    let mut m = Mapper::new(mapping);
    let got = run(
        &mut m,
        &[
            press(Pedal, "b", 5),
            release(Pedal, "b", 60),
            press(Keyboard, "W", 70),
        ],
    );
    assert_eq!(
        got,
        [
            (InputCommand::PressBlack, 5, false),
            (InputCommand::PressWhite, 70, false)
        ]
    );
}

#[test]
fn unbound_and_unknown_controls_do_nothing() {
    let mut m = Mapper::new(Mapping::from_pairs(&[("South", "press")]).unwrap());
    assert!(m.feed(&press(Gamepad, "North", 0)).is_empty());
    assert!(m.feed(&press(Gamepad, "NoSuchButton", 0)).is_empty());
    assert!(m.feed(&press(Keyboard, "South", 0)).is_empty());
}

// ---- rumble

#[test]
fn default_patterns_are_distinct_and_short() {
    let patterns: Vec<Pattern> = SessionCue::ALL
        .iter()
        .map(|c| Pattern::default_for(*c))
        .collect();
    for (i, a) in patterns.iter().enumerate() {
        assert!(
            a.duration_ms() <= 1500,
            "{:?} lasts {}",
            SessionCue::ALL[i],
            a.duration_ms()
        );
        assert!(a.validate(SessionCue::ALL[i]).is_ok());
        for b in &patterns[i + 1..] {
            assert_ne!(a, b);
        }
    }
    let counts: Vec<usize> = patterns.iter().map(|p| p.pulses.len()).collect();
    assert_eq!(counts, [1, 2, 3, 1]);
    // Flag fall is the one long pulse: longer than any other pulse.
    let flag = patterns[3].pulses[0].on_ms;
    let longest_other = patterns[..3]
        .iter()
        .flat_map(|p| &p.pulses)
        .map(|p| p.on_ms)
        .max()
        .unwrap();
    assert!(flag >= 4 * longest_other, "flag {flag} vs {longest_other}");
}

#[test]
fn rumble_is_off_by_default() {
    let off = Rumble::default();
    for cue in SessionCue::ALL {
        assert_eq!(off.for_event(cue), None);
    }
    assert_eq!(
        Rumble::from_gamepad_table(&table("South = \"press\"")).unwrap(),
        off
    );
    let on = Rumble::on();
    for cue in SessionCue::ALL {
        assert_eq!(on.for_event(cue), Some(&Pattern::default_for(cue)));
    }
}

#[test]
fn session_cues_from_clock_events() {
    let me = Color::White;
    let moved = ClockEvent::MoveCompleted {
        side: Color::Black,
        number: 1,
        used: 900,
        at: 5000,
    };
    let mine = ClockEvent::MoveCompleted {
        side: Color::White,
        number: 2,
        used: 900,
        at: 6000,
    };
    assert_eq!(
        SessionCue::from_clock_event(&moved, me),
        Some(SessionCue::OpponentMoved)
    );
    assert_eq!(SessionCue::from_clock_event(&mine, me), None);
    let started = ClockEvent::Started {
        side: Color::White,
        at: 0,
    };
    assert_eq!(
        SessionCue::from_clock_event(&started, me),
        Some(SessionCue::YourClockRunning)
    );
    assert_eq!(SessionCue::from_clock_event(&started, Color::Black), None);
    let resumed = ClockEvent::Resumed {
        side: Color::Black,
        at: 0,
    };
    assert_eq!(
        SessionCue::from_clock_event(&resumed, Color::Black),
        Some(SessionCue::YourClockRunning)
    );
    let flag = ClockEvent::FlagFell {
        side: Color::Black,
        at: 9,
        move_number: 30,
        period: 1,
    };
    assert_eq!(
        SessionCue::from_clock_event(&flag, me),
        Some(SessionCue::FlagFell)
    );
    assert_eq!(
        SessionCue::from_clock_event(&flag, Color::Black),
        Some(SessionCue::FlagFell)
    );
    assert_eq!(
        SessionCue::from_clock_event(&ClockEvent::Stopped { at: 3 }, me),
        None
    );
}

#[test]
fn rumble_from_config() {
    let r = Rumble::from_gamepad_table(&table("rumble = true")).unwrap();
    assert!(r.enabled);
    let r = Rumble::from_gamepad_table(&table(
        r#"
        [rumble]
        strength = 0.5
        low-time = [[1.0, 60, 60], [1.0, 60, 60], [1.0, 60, 60], [1.0, 60, 0]]
        your-clock-running = "off"
        "#,
    ))
    .unwrap();
    assert!(r.enabled);
    assert_eq!(r.strength, 0.5);
    let low = r.for_event(SessionCue::LowTime).unwrap();
    assert_eq!(low.pulses.len(), 4);
    assert_eq!(
        low.schedule(),
        [(0, 1.0, 60), (120, 1.0, 60), (240, 1.0, 60), (360, 1.0, 60)]
    );
    assert_eq!(r.for_event(SessionCue::YourClockRunning), None);
    assert_eq!(
        r.for_event(SessionCue::FlagFell),
        Some(&Pattern::default_for(SessionCue::FlagFell))
    );
    let r = Rumble::from_gamepad_table(&table(
        "[rumble]\nenabled = false\nflag-fell = [[1.0, 900, 0]]",
    ))
    .unwrap();
    assert_eq!(r.for_event(SessionCue::FlagFell), None);
    assert_eq!(
        r.pattern(SessionCue::FlagFell).pulses,
        [Pulse::new(1.0, 900, 0)]
    );
}

#[test]
fn rumble_config_mistakes_are_explained() {
    let err = |text: &str| Rumble::from_gamepad_table(&table(text)).unwrap_err();
    assert_eq!(
        err("[rumble]\nflag-fell = [[1.0, 1400, 0], [1.0, 200, 0]]"),
        RumbleError::TooLong {
            cue: "flag-fell",
            ms: 1600
        }
    );
    assert_eq!(
        err("[rumble]\nflag-fell = [[1.0, 1400, 0], [1.0, 200, 0]]").to_string(),
        "rumble pattern \"flag-fell\" lasts 1600 milliseconds; the most is 1500"
    );
    assert_eq!(
        err("[rumble]\nlow-time = [[0.7, 150, 0]]").to_string(),
        "rumble patterns \"opponent-moved\" and \"low-time\" are the same, so they cannot be told apart"
    );
    assert_eq!(
        err("[rumble]\nlow-time = [[2, 100, 0]]").to_string(),
        "rumble pattern \"low-time\", pulse 1: the strength must be from 0 to 1, not 2"
    );
    assert!(err("[rumble]\nlow-time = [[1, 100]]")
        .to_string()
        .starts_with("rumble pattern \"low-time\", pulse 1: must be three numbers"));
    assert!(err("[rumble]\nlowtime = \"off\"")
        .to_string()
        .starts_with("rumble setting \"lowtime\": no such setting (settings: enabled, strength,"));
    assert_eq!(
        err("[rumble]\nstrength = 3").to_string(),
        "rumble setting \"strength\": must be a number from 0 to 1, not 3"
    );
    assert!(err("rumble = 1")
        .to_string()
        .starts_with("gamepad setting \"rumble\": must be true, false"));
    let mut r = Rumble::on();
    assert_eq!(
        r.set_pattern(
            SessionCue::LowTime,
            Pattern::default_for(SessionCue::FlagFell)
        ),
        Err(RumbleError::NotDistinct("low-time", "flag-fell"))
    );
    assert_eq!(
        r.pattern(SessionCue::LowTime),
        &Pattern::default_for(SessionCue::LowTime)
    );
}

#[test]
fn the_button_table_skips_rumble_settings() {
    let t = table("South = \"press\"\n[rumble]\nenabled = true");
    assert_eq!(Mapping::from_table(&t).unwrap().bindings().count(), 1);
    assert!(Rumble::from_gamepad_table(&t).unwrap().enabled);
}

#[test]
fn known_names_lists_are_complete() {
    assert_eq!(GAMEPAD_BUTTONS.len(), 19);
    assert!(NAMED_KEYS.contains(&"Space"));
}

// ---- what the pads tell the player

/// Pads found, lost or unable to rumble, and why pads cannot be used, are said in the game's
/// language; the device's name and the system's reason follow in brackets as they came.
#[test]
fn pad_notices_are_in_the_games_language() {
    use vichess::input::PadNotice;
    use vichess::voice::Pack;
    let pad = || "Xbox Wireless Controller".to_string();
    let notices = [
        PadNotice::Found(pad()),
        PadNotice::Connected(pad()),
        PadNotice::Disconnected(pad()),
        PadNotice::CannotRumble(pad()),
        PadNotice::RumbleFailed("device busy.".into()),
        PadNotice::Unavailable("no udev".into()),
        PadNotice::NotBuilt,
    ];
    let said = |name: &str| -> Vec<String> {
        let pack = Pack::builtin(name).unwrap();
        notices.iter().map(|n| n.text(&pack)).collect()
    };
    assert_eq!(
        said("de"),
        [
            "Gerät gefunden (Xbox Wireless Controller)",
            "Gerät verbunden (Xbox Wireless Controller)",
            "Gerät getrennt (Xbox Wireless Controller)",
            "dieses Gerät kann nicht vibrieren: die Uhrsignale sind darauf nicht zu spüren \
             (Xbox Wireless Controller)",
            "die Vibration konnte nicht starten (device busy)",
            "Gamepads können nicht benutzt werden; bitte die Tastatur benutzen (no udev)",
            "dieses vichess wurde ohne Gamepad-Unterstützung gebaut; bitte die Tastatur benutzen",
        ]
    );
    assert_eq!(said("de-fide"), said("de"));
    assert_eq!(
        said("ru"),
        [
            "устройство найдено (Xbox Wireless Controller)",
            "устройство подключено (Xbox Wireless Controller)",
            "устройство отключено (Xbox Wireless Controller)",
            "это устройство не может вибрировать: сигналы часов на нём не будут ощущаться \
             (Xbox Wireless Controller)",
            "вибрацию не удалось запустить (device busy)",
            "геймпады нельзя использовать; пользуйтесь клавиатурой (no udev)",
            "этот vichess собран без поддержки геймпадов; пользуйтесь клавиатурой",
        ]
    );
    assert_eq!(
        said("uk")[6],
        "цей vichess зібрано без підтримки геймпадів; користуйтеся клавіатурою"
    );
    assert_eq!(said("en")[1], "device connected (Xbox Wireless Controller)");
    // Every pack has a word for each (no id printed in place of a missing word).
    for name in ["en", "uk", "hy"] {
        for line in said(name) {
            assert!(
                !line.contains("pad-") && !line.contains("rumble-"),
                "{name}: {line}"
            );
        }
    }
}

// ---- the gilrs conversion

#[cfg(feature = "gamepad")]
mod gilrs_adapter {
    use super::*;
    use gilrs::Button;
    use vichess::input::gamepad::{button_event, button_name, device_kind, GamepadInput};

    const ALL: [Button; 20] = [
        Button::South,
        Button::East,
        Button::North,
        Button::West,
        Button::C,
        Button::Z,
        Button::LeftTrigger,
        Button::LeftTrigger2,
        Button::RightTrigger,
        Button::RightTrigger2,
        Button::Select,
        Button::Start,
        Button::Mode,
        Button::LeftThumb,
        Button::RightThumb,
        Button::DPadUp,
        Button::DPadDown,
        Button::DPadLeft,
        Button::DPadRight,
        Button::Unknown,
    ];

    #[test]
    fn every_gilrs_button_name_is_a_configurable_button() {
        let names: Vec<&str> = ALL.iter().filter_map(|b| button_name(*b)).collect();
        assert_eq!(names, GAMEPAD_BUTTONS);
        for b in ALL.iter().filter(|b| **b != Button::Unknown) {
            let name = button_name(*b).unwrap();
            assert!(Mapping::from_pairs(&[(name, "pause")]).is_ok(), "{name}");
        }
    }

    #[test]
    fn gilrs_buttons_become_input_events() {
        assert_eq!(
            button_event(Gamepad, Button::South, Some(304), true, 42),
            Some(press(Gamepad, "South", 42))
        );
        assert_eq!(
            button_event(Pedal, Button::LeftTrigger, None, false, 7),
            Some(release(Pedal, "LeftTrigger", 7))
        );
        // Unnamed buttons (common on pedals) are named by their code, or dropped without one.
        assert_eq!(
            button_event(Pedal, Button::Unknown, Some(288), true, 1),
            Some(press(Pedal, "Code288", 1))
        );
        assert_eq!(button_event(Pedal, Button::Unknown, None, true, 1), None);
    }

    #[test]
    fn gilrs_buttons_drive_commands_through_the_mapping() {
        let mapping = Mapping::from_table(&table(
            "LeftTrigger = \"press-white\"\nCode288 = \"press-black\"\nDPadLeft = \"moves-back\"",
        ))
        .unwrap();
        let mut m = Mapper::new(mapping);
        let events: Vec<InputEvent> = [
            (Button::LeftTrigger, Some(0x136), true, 100),
            (Button::LeftTrigger, Some(0x136), false, 104),
            (Button::LeftTrigger, Some(0x136), true, 110),
            (Button::Unknown, Some(288), true, 2000),
            (Button::DPadLeft, None, true, 3000),
            (Button::DPadLeft, None, false, 3600),
        ]
        .iter()
        .map(|(b, code, down, t)| {
            button_event(device_kind("USB Foot Pedal"), *b, *code, *down, *t).unwrap()
        })
        .collect();
        assert_eq!(
            run(&mut m, &events),
            [
                (InputCommand::PressWhite, 100, false),
                (InputCommand::PressBlack, 2000, false),
                (InputCommand::MovesBack, 3000, false),
                (InputCommand::MovesBack, 3500, true),
            ]
        );
    }

    #[test]
    fn pedals_are_recognised_by_name() {
        assert_eq!(device_kind("PCsensor FootSwitch"), Pedal);
        assert_eq!(device_kind("Infinity USB Pedal"), Pedal);
        assert_eq!(device_kind("Xbox Wireless Controller"), Gamepad);
    }

    /// The real adapter on this machine: gilrs starts with no pad, and playing a pattern with
    /// no pad connected is silent (no notice, no error).
    #[test]
    fn the_adapter_starts_without_pads() {
        let mut input = GamepadInput::new().expect("gilrs starts here (platform notes)");
        assert!(
            input.pads().is_empty(),
            "this machine has no gamepad: {:?}",
            input.pads()
        );
        assert!(input.poll().is_empty());
        input.play(&Pattern::default_for(SessionCue::FlagFell), 1.0);
        assert!(input.take_notices().is_empty());
    }
}

#[test]
fn none_unbinds_a_default_button() {
    let mut m = Mapping::default_gamepad();
    m.overlay(&[
        ("South", "none"),
        ("key:Space", "press"),
        ("North", "count"),
    ])
    .unwrap();
    assert_eq!(m.command_for(&press(Gamepad, "South", 0)), None);
    assert_eq!(
        m.command_for(&press(Keyboard, "Space", 0)),
        Some(InputCommand::Press)
    );
    assert_eq!(
        m.command_for(&press(Gamepad, "North", 0)),
        Some(InputCommand::Count)
    );
    assert_eq!(
        m.command_for(&press(Gamepad, "East", 0)),
        Some(InputCommand::Repeat)
    );
    let err = m.overlay(&[("Nrth", "none")]).unwrap_err();
    assert_eq!(err, MappingError::UnknownButton("Nrth".into()));
}

#[test]
fn pattern_from_on_off_lists() {
    assert_eq!(
        Pattern::from_on_off(1.0, &[200, 100, 200]).pulses,
        [Pulse::new(1.0, 200, 100), Pulse::new(1.0, 200, 0)]
    );
    assert_eq!(Pattern::from_on_off(0.5, &[60]).duration_ms(), 60);
    assert!(Pattern::from_on_off(1.0, &[]).pulses.is_empty());
}

#[test]
fn the_shipped_gamepad_section_shape_is_read_too() {
    // The shape of config/default.toml: settings, then a [gamepad.buttons] table.
    let t = table(
        r#"
        enabled = true
        rumble = false
        rumble_opponent_moved_ms = [150]
        debounce_ms = 25
        [buttons]
        South = "press"
        "key:Space" = "press"
        Start = "pause"
        "#,
    );
    let m = Mapping::from_table(&t).unwrap();
    assert_eq!(m.timing.debounce_ms, 25);
    assert_eq!(m.bindings().count(), 3);
    assert_eq!(
        m.command_for(&press(Gamepad, "Start", 0)),
        Some(InputCommand::Pause)
    );
    let text = Mapping::from_table(&table("[buttons]\nSoth = \"press\""))
        .unwrap_err()
        .to_string();
    assert!(
        text.starts_with("gamepad button \"Soth\": no such button"),
        "{text}"
    );
}
