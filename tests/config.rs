//! The configuration: the shipped defaults load and document every key; user files override
//! key by key; every mistake is reported with its file, line and key, in the words tested
//! here.

use std::collections::BTreeSet;
use std::path::PathBuf;
use vichess::config::{
    check_file, load_layers, user_config_path_from, BoardProtocol, Config, ConfigError,
    OutputChannel, ResumeClock, Source, COMMANDS, DEFAULT_TOML,
};

const USER: &str = "~/.config/vichess/config.toml";

fn errors(text: &str) -> Vec<ConfigError> {
    load_layers(&[Source::new(USER, text)]).expect_err("the file should be refused")
}

/// The one error a file gives, as shown to the user.
fn message(text: &str) -> String {
    let errs = errors(text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    errs[0].to_string()
}

fn key_paths(prefix: &str, table: &toml::Table, out: &mut BTreeSet<String>) {
    for (k, v) in table {
        let path = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            toml::Value::Table(t) if path != "gamepad.buttons" => key_paths(&path, t, out),
            _ => {
                out.insert(path);
            }
        }
    }
}

#[test]
fn the_shipped_defaults_load_without_errors_and_equal_the_built_in_ones() {
    let config = load_layers(&[]).unwrap();
    assert_eq!(config, Config::default());
    assert_eq!(config.game.control, "90+30");
    assert_eq!(config.speech.pack, "de-fide");
    assert_eq!(config.game.resume_clock, ResumeClock::Paused);
}

#[test]
fn every_key_of_the_configuration_is_documented_in_default_toml() {
    let mut built_in = BTreeSet::new();
    match toml::Value::try_from(Config::default()).unwrap() {
        toml::Value::Table(t) => key_paths("", &t, &mut built_in),
        _ => unreachable!(),
    }
    let mut documented = BTreeSet::new();
    key_paths("", &toml::from_str(DEFAULT_TOML).unwrap(), &mut documented);
    assert_eq!(built_in, documented);
    assert!(built_in.contains("speech.speed") && built_in.contains("audio.player.channel"));
    // Each key has a comment somewhere above it in its section: the file is the manual.
    for command in COMMANDS {
        assert!(
            DEFAULT_TOML.contains(&format!("#   \"{command}\"")),
            "command {command} is not documented"
        );
    }
}

#[test]
fn the_example_configurations_are_valid() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("config/examples");
    let mut seen = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let source = Source::read(&path).unwrap();
        let config = load_layers(&[source]).unwrap_or_else(|e| panic!("{e:?}"));
        seen.insert(config.board.protocol);
    }
    assert_eq!(
        seen,
        BTreeSet::from([
            BoardProtocol::Dgt,
            BoardProtocol::Chesslink,
            BoardProtocol::Pegboard
        ])
    );
}

#[test]
fn later_files_override_key_by_key() {
    let user = Source::new(
        USER,
        "[speech]\nspeed = 1.5\n[audio.player]\nchannel = \"left\"\n[gamepad.buttons]\nSelect = \"time\"\nSouth = \"none\"\n",
    );
    let flag = Source::new(
        "tournament.toml",
        "[speech]\ngap_ms = 0\n[game]\ncontrol = \"G/15+10\"\n",
    );
    let c = load_layers(&[user, flag]).unwrap();
    assert_eq!(c.speech.speed, 1.5);
    assert_eq!(c.speech.gap_ms, 0);
    assert_eq!(
        c.speech.pack, "de-fide",
        "untouched keys keep their defaults"
    );
    assert_eq!(c.audio.player.channel, OutputChannel::Left);
    assert_eq!(c.audio.player.device, "default");
    assert_eq!(c.game.control, "G/15+10");
    assert_eq!(c.gamepad.buttons["Select"], "time");
    assert_eq!(
        c.gamepad.buttons["North"], "time",
        "default buttons stay bound"
    );
    assert!(
        !c.gamepad.bindings().any(|(b, _)| b == "South"),
        "\"none\" unbinds"
    );
    // A whole number where a decimal is expected is fine.
    let c = load_layers(&[Source::new(USER, "[speech]\nspeed = 2\n")]).unwrap();
    assert_eq!(c.speech.speed, 2.0);
}

#[test]
fn the_settings_reach_the_modules_that_use_them() {
    let c = load_layers(&[Source::new(
        USER,
        "[audio.player]\ndevice = \"USB Headset\"\nchannel = \"right\"\n\
         [clock]\nlow_time_alarm_s = 0\nblitz_penalty_minutes = 2\n\
         [board]\nsettle_ms = 500\nrook_first = \"lenient\"\n",
    )])
    .unwrap();
    let routing = c.audio.routing();
    assert_eq!(routing.player.device.as_deref(), Some("USB Headset"));
    assert_eq!(
        routing.public.device, None,
        "\"default\" is the default device"
    );
    assert_eq!(
        routing.player.channel,
        vichess::audio::route::Channel::Right
    );
    let policy = c.clock.call_policy(false);
    assert_eq!(policy.low_time_alarm, None);
    assert!(policy.schedule.is_mark(5_000) && policy.schedule.is_mark(1_200_000));
    assert!(!policy.schedule.is_mark(5_500));
    assert_eq!(
        c.clock.clock_config().blitz_penalty,
        vichess::rules::clock::BlitzPenalty::TwoMinutes
    );
    let tracker = c.board.tracker();
    assert_eq!(tracker.settle_ms, 500);
    assert_eq!(
        tracker.rook_first,
        vichess::board::tracker::RookFirst::Lenient
    );
    assert_eq!(
        Config::default().clock.call_policy(false),
        vichess::rules::clock::CallPolicy::default(),
        "the default time calls are the clock module's"
    );
    assert_eq!(
        Config::default().board.tracker(),
        vichess::board::tracker::Config::default()
    );
}

// The messages each mistake gives.

#[test]
fn an_unknown_key_is_named_with_a_suggestion() {
    assert_eq!(
        message("# my settings\n\n[speech]\nspead = 1.2\n"),
        "~/.config/vichess/config.toml, line 4: unknown key \"spead\" in [speech] (did you mean \"speed\"?)"
    );
    assert_eq!(
        message("[audio.player]\nchanel = \"left\"\n"),
        "~/.config/vichess/config.toml, line 2: unknown key \"chanel\" in [audio.player] (did you mean \"channel\"?)"
    );
    assert_eq!(
        message("[speech]\nvolume = 3\n"),
        "~/.config/vichess/config.toml, line 2: unknown key \"volume\" in [speech]"
    );
    assert_eq!(
        message("\n[speach]\nspeed = 1.0\n"),
        "~/.config/vichess/config.toml, line 2: unknown section \"speach\" (did you mean \"speech\"?); the sections are audio, board, braille, clock, engine, game, gamepad, speech, window"
    );
    assert_eq!(
        message("[clock]\ncall_bands = [{ up_to_s = 10, every = 1 }]\n"),
        "~/.config/vichess/config.toml, line 2: unknown key \"every\" in [clock.call_bands] (did you mean \"every_s\"?)"
    );
}

/// `[window]` (issue 25): each key checked, each refusal saying what would be right.
#[test]
fn the_window_section_is_checked_key_by_key() {
    assert_eq!(
        message("[window]\ntheme = \"yellow\"\n"),
        "~/.config/vichess/config.toml, line 2: key \"theme\" in [window]: \"yellow\" is not a theme; expected one of \"high-contrast\", \"black-on-yellow\", \"white-on-black\", \"custom\""
    );
    assert_eq!(
        message("[window]\ntheme = \"custom\"\nlight = \"#FFF\"\n"),
        "~/.config/vichess/config.toml, line 3: key \"light\" in [window]: \"#FFF\" is not a colour; write it as #RRGGBB, e.g. \"#FFFF00\" for yellow"
    );
    assert_eq!(
        message("[window]\nzoom = 500\n"),
        "~/.config/vichess/config.toml, line 2: key \"zoom\" in [window]: 500 is out of range; use 50 to 400 per cent"
    );
    assert_eq!(
        message("[window]\nfont_sise = 30\n"),
        "~/.config/vichess/config.toml, line 2: unknown key \"font_sise\" in [window] (did you mean \"font_size\"?)"
    );
    let ok = vichess::config::load_layers(&[vichess::config::Source::new(
        "test",
        "[window]\ntheme = \"custom\"\nlight = \"#FFFF00\"\ndark = \"#000000\"\npiece_size = 95\nzoom = 400\nfont_size = 40\ncoordinate_words = true\n",
    )])
    .expect("a good [window] section");
    assert_eq!(ok.window.theme, "custom");
    assert_eq!(ok.window.light, "#FFFF00");
    assert_eq!(
        (ok.window.piece_size, ok.window.zoom, ok.window.font_size),
        (95, 400, 40)
    );
    assert!(ok.window.coordinate_words && ok.window.coordinates);
}

#[test]
fn a_wrong_type_is_named() {
    assert_eq!(
        message("[speech]\nspeed = \"fast\"\n"),
        "~/.config/vichess/config.toml, line 2: key \"speed\" in [speech] must be a number, not text"
    );
    assert_eq!(
        message("[speech]\nsay_pawn = \"yes\"\n"),
        "~/.config/vichess/config.toml, line 2: key \"say_pawn\" in [speech] must be true or false, not text"
    );
    assert_eq!(
        message("[board]\nsettle_ms = 2.5\n"),
        "~/.config/vichess/config.toml, line 2: key \"settle_ms\" in [board] must be a whole number, not a decimal number"
    );
    assert_eq!(
        message("speech = 3\n"),
        "~/.config/vichess/config.toml, line 1: key \"speech\" at the top level must be a table, not a whole number"
    );
    assert_eq!(
        message("[gamepad.buttons]\nSouth = 1\n"),
        "~/.config/vichess/config.toml, line 2: key \"South\" in [gamepad.buttons] must be text in quotes, not a whole number"
    );
    let err = &errors("[speech]\nspeed = \"fast\"\n")[0];
    assert_eq!(err.key.as_deref(), Some("speech.speed"));
    assert_eq!(err.line, Some(2));
}

#[test]
fn a_bad_value_is_named() {
    assert_eq!(
        message("[speech]\npack = \"fr\"\n"),
        "~/.config/vichess/config.toml, line 2: key \"pack\" in [speech]: there is no voice pack \"fr\": the packs are de-fide, en, de, uk, ru, hy"
    );
    let m = message("[game]\ncontrol = \"90 minutes\"\n");
    assert!(
        m.starts_with("~/.config/vichess/config.toml, line 2: key \"control\" in [game]: \"90 minutes\" is not a time control vichess can read ("),
        "{m}"
    );
    assert!(
        m.ends_with("write for example \"90+30\" or \"40/90+30:30+30\""),
        "{m}"
    );
    assert_eq!(
        message("[audio.public]\nchannel = \"middle\"\n"),
        "~/.config/vichess/config.toml, line 2: key \"channel\" in [audio.public]: unknown variant \"middle\", expected one of \"both\", \"left\", \"right\""
    );
    assert_eq!(
        message("[speech]\nspeed = 9.0\n"),
        "~/.config/vichess/config.toml, line 2: key \"speed\" in [speech]: 9 is out of range: the speed goes from 0.5 to 3.0"
    );
    assert_eq!(
        message("[game]\nlanguage = \"fr\"\n"),
        "~/.config/vichess/config.toml, line 2: key \"language\" in [game]: \"fr\" is not a language vichess speaks: use de, en, uk, ru or hy"
    );
    assert_eq!(
        message("[clock]\nblitz_penalty_minutes = 3\n"),
        "~/.config/vichess/config.toml, line 2: key \"blitz_penalty_minutes\" in [clock]: 3 is out of range: a penalty of minutes, use 1 to 2"
    );
    assert_eq!(
        message("[board]\nsettle_ms = -5\n"),
        "~/.config/vichess/config.toml, line 2: key \"settle_ms\" in [board]: invalid value: integer \"-5\", expected u64"
    );
    assert_eq!(
        message("[gamepad.buttons]\nSouth = \"pres\"\n"),
        "~/.config/vichess/config.toml, line 2: button \"South\": there is no command \"pres\" (did you mean \"press\"?); the commands are press-white, press-black, press, time, count, last, moves-back, moves-forward, pause, repeat, cursor-mode, cursor-up, cursor-down, cursor-left, cursor-right, faster, slower, talk, or \"none\""
    );
}

#[test]
fn broken_toml_is_placed() {
    assert_eq!(
        message("[speech]\nspeed = 1.0\nspeed = 1.2\n")
            .split(": ")
            .next(),
        Some("~/.config/vichess/config.toml, line 3")
    );
    let m = message("[speech\nspeed = 1\n");
    assert!(
        m.starts_with("~/.config/vichess/config.toml, line 1: this is not valid TOML: "),
        "{m}"
    );
}

#[test]
fn every_file_reports_all_its_unknown_keys_and_other_files_too() {
    let errs = load_layers(&[
        Source::new(USER, "[speech]\nspead = 1\nsay_pawns = true\n"),
        Source::new("extra.toml", "[board]\nprotocl = \"dgt\"\n"),
    ])
    .unwrap_err();
    let lines: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "~/.config/vichess/config.toml, line 2: unknown key \"spead\" in [speech] (did you mean \"speed\"?)",
            "~/.config/vichess/config.toml, line 3: unknown key \"say_pawns\" in [speech] (did you mean \"say_pawn\"?)",
            "extra.toml, line 2: unknown key \"protocl\" in [board] (did you mean \"protocol\"?)",
        ]
    );
}

#[test]
fn check_file_names_what_it_checked_or_what_is_wrong() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("config-check");
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.toml");
    std::fs::write(&good, "[board]\nprotocol = \"dgt\"\n").unwrap();
    let names = check_file(Some(&good)).unwrap();
    assert_eq!(names.last().unwrap(), &good.display().to_string());
    let missing = dir.join("missing.toml");
    let errs = check_file(Some(&missing)).unwrap_err();
    assert!(errs[0]
        .to_string()
        .starts_with(&format!("{}: cannot read the file: ", missing.display())));
}

#[test]
fn the_user_file_is_in_the_per_user_config_directory() {
    use std::ffi::OsStr;
    assert_eq!(
        user_config_path_from(Some(OsStr::new("/cfg")), Some(OsStr::new("/home/a"))),
        Some(PathBuf::from("/cfg/vichess/config.toml"))
    );
    assert_eq!(
        user_config_path_from(None, Some(OsStr::new("/home/a"))),
        Some(PathBuf::from("/home/a/.config/vichess/config.toml"))
    );
    assert_eq!(user_config_path_from(None, None), None);
}

#[test]
fn rumble_is_off_by_default_and_its_four_cues_stay_distinct() {
    use vichess::input::SessionCue;
    let config = vichess::config::Config::default();
    let rumble = config.gamepad.rumble().expect("default patterns are valid");
    assert!(!rumble.enabled, "the issue asks for rumble off by default");
    let cues = [
        SessionCue::OpponentMoved,
        SessionCue::YourClockRunning,
        SessionCue::LowTime,
        SessionCue::FlagFell,
    ];
    let patterns: Vec<_> = cues.iter().map(|&c| rumble.pattern(c).clone()).collect();
    for i in 0..patterns.len() {
        for j in i + 1..patterns.len() {
            assert_ne!(
                patterns[i], patterns[j],
                "{:?} and {:?} feel the same",
                cues[i], cues[j]
            );
        }
    }
}

#[test]
fn a_file_with_five_errors_reports_all_five_with_file_line_and_key() {
    let text = "[speech]\nspead = 1.0\nspeed = 9.0\npack = \"xx\"\n[game]\ncontrol = \"banana\"\nresume_clock = 3\n";
    let errs = errors(text);
    let lines: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(errs.len(), 5, "{lines:#?}");
    let keys: Vec<_> = errs
        .iter()
        .map(|e| e.key.clone().unwrap_or_default())
        .collect();
    assert_eq!(
        keys,
        [
            "speech.spead",
            "speech.speed",
            "speech.pack",
            "game.control",
            "game.resume_clock"
        ]
    );
    let numbers: Vec<_> = errs.iter().map(|e| e.line).collect();
    assert_eq!(numbers, [Some(2), Some(3), Some(4), Some(6), Some(7)]);
    assert!(lines.iter().all(|l| l.starts_with(USER)), "{lines:#?}");
}

/// Every value check's reason and the usual TOML mistakes are recognised, so a reader is told
/// them in the game's language (issue 24, item 12): a new check whose words vichess does not
/// know fails here, not silently in English.
#[test]
fn refused_values_and_broken_files_have_a_recognised_fault() {
    use vichess::config::{Complaint, Fault};
    for (text, fault) in [
        ("[game]\ncontrol = \"soon\"\n", Fault::NotTimeControl),
        ("[game]\nlanguage = \"fr\"\n", Fault::NotLanguage),
        ("[game]\nresume_clock = \"later\"\n", Fault::NotOneOf),
        ("[speech]\npack = \"xx\"\n", Fault::NoSuchPack),
        ("[speech]\nspeed = 9\n", Fault::OutOfRange),
        ("[speech]\ngap_ms = 5000\n", Fault::OutOfRange),
        ("[speech]\ngap_ms = -3\n", Fault::OutOfRange),
        ("[clock]\ncall_above_every_s = 0\n", Fault::OutOfRange),
        ("[clock]\nblitz_penalty_minutes = 5\n", Fault::OutOfRange),
        ("[gamepad]\nrumble_flag_ms = [9000]\n", Fault::OutOfRange),
        (
            "[gamepad.buttons]\nSouth = \"pres\"\n",
            Fault::NoSuchCommand,
        ),
        ("[speech]\nspeed = 1.0\nspeed = 1.2\n", Fault::DuplicateKey),
        ("[speech\n", Fault::Unclosed),
        ("[speech]\npack = de\n", Fault::Unquoted),
        ("[speech]\npack\n", Fault::NoValue),
        ("[speech]\nspeed = 1,5\n", Fault::MoreOnLine),
        ("[speech]\npack = \"de\n", Fault::Unterminated),
        ("[speech]\npack = 'de\n", Fault::Unterminated),
        ("[speech]\npack = \"d\\qe\"\n", Fault::BadString),
        ("[speech]\nspeed = 1.2.3\n", Fault::BadNumber),
        ("[speech]\nspeed = 1.\n", Fault::BadNumber),
        ("[board]\nauto = tru\n", Fault::BadBoolean),
        ("[game]\ncontrol = 1979-05-27T25:00:00\n", Fault::BadDate),
    ] {
        let errs = errors(text);
        let found = match errs[0].what.as_ref() {
            Complaint::NotToml { fault, .. } | Complaint::BadValue { fault, .. } => *fault,
            other => panic!("{text:?}: {other:?}"),
        };
        assert_eq!(found, Some(fault), "{text:?}: {errs:?}");
    }
}
