//! The host's own lines in the game's language: the pack's word, then what only this case
//! knows (a path, the system's reason) in brackets.

use super::*;

/// What is said when `play` cannot start or must stop: the pack's lead-in, then the reason as
/// it was printed (the reason itself may be English).
pub(super) fn fatal_line(words: Option<&Pack>, e: &anyhow::Error) -> String {
    let (lead, colon) = words.map_or_else(
        || ("vichess stopped".to_string(), ":"),
        |p| (p.text(&[Token::Word(Word::VichessStopped)]), p.colon()),
    );
    format!("{lead}{colon} {e:#}")
}

/// Says a fatal error through system speech, waiting (a few seconds at most) until it is said.
#[cfg(feature = "speech")]
pub(super) fn say_fatal(text: &str, language: crate::phrase::Language) {
    let mut speech = crate::speech::Fallback::system(language, 1.0);
    if speech.is_available() && speech.speak(text).is_none() {
        let _ = speech.wait(std::time::Duration::from_secs(8));
    }
}

/// Without system speech the printed line is all there is.
#[cfg(not(feature = "speech"))]
pub(super) fn say_fatal(_text: &str, _language: crate::phrase::Language) {}

/// A record not on disk, printed when leaving: the pack's word for unwritten, then the
/// journal line as it would have been written (for the arbiter, machine-readable).
pub(super) fn unwritten_line(pack: &Pack, line: &str) -> String {
    format!(
        "{}{} {line}",
        pack.text(&[Token::Word(Word::Unwritten)]),
        pack.colon()
    )
}

/// A button, pedal or key command named in the game's language (a press refused while the
/// journal cannot be written): "Taste „Zeit“".
pub(super) fn button_line(pack: &Pack, command: crate::input::InputCommand) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let name = pack.language().quote(&w(command.word()));
    format!("{} {name}", w(Word::Button))
}

/// No sound because this vichess was built without sound output.
#[cfg_attr(feature = "audio", allow(dead_code))]
pub(super) fn not_built_line(pack: &Pack) -> String {
    let why = pack.text(&[Token::Word(Word::SoundNotBuilt)]);
    line_in(pack, Word::NoSound, &why)
}

/// One of play's own words, in `pack`'s language, or English when no pack could be opened:
/// a start-up error says why in the language asked for.
pub(super) fn said_in(pack: Option<&Pack>, word: Word) -> String {
    pack.cloned()
        .or_else(|| Pack::builtin("en").ok())
        .map_or_else(|| word.id().to_string(), |p| p.text(&[Token::Word(word)]))
}

/// A side's name in the game's language, capitalised as a name in a file name or a heading:
/// "Weiß", "Белые", "White".
pub fn side_name(pack: &Pack, side: Color) -> String {
    let word = pack.text(&[Token::Side(side)]);
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The start line's clause on the game's language (issue 24, item 8): which, where it came
/// from when the system chose it, and how to change it.
pub(super) fn language_clause(pack: &Pack, source: &LanguageSource) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    let whence = match source {
        LanguageSource::Locale { var, value } => {
            format!(" ({} {var}={value})", w(Word::LanguageFromLocale))
        }
        LanguageSource::Default(Some((var, value))) => {
            format!(" ({}: {var}={value})", w(Word::LanguageDefault))
        }
        LanguageSource::Default(None) => format!(" ({})", w(Word::LanguageDefault)),
        _ => String::new(),
    };
    format!(
        "{}{} {}{whence}; {}",
        w(Word::LanguageLabel),
        pack.colon(),
        w(language_word(pack.language())),
        w(Word::LanguageChange)
    )
}

/// A language's name, as a word of the packs.
pub(super) fn language_word(language: crate::phrase::Language) -> Word {
    use crate::phrase::Language;
    match language {
        Language::De => Word::LanguageDe,
        Language::En => Word::LanguageEn,
        Language::Uk => Word::LanguageUk,
        Language::Ru => Word::LanguageRu,
        Language::Hy => Word::LanguageHy,
    }
}

#[cfg(feature = "audio")]
pub(super) use crate::audio::said::device_why;

/// A lock held by another process, said in the game's language; other errors as they are.
pub(super) fn held_in(pack: &Pack, e: anyhow::Error) -> anyhow::Error {
    match e.downcast_ref::<lock::Held>() {
        Some(held) => {
            let detail = format!("{}, {}", held.game.display(), held.process);
            anyhow!(
                "{}",
                line_in(pack, Word::GameLocked, detail.trim_end_matches(", "))
            )
        }
        None => match e.downcast_ref::<lock::Unusable>() {
            Some(lock::Unusable { path, what, reason }) => {
                let word = match what {
                    lock::LockFault::Link => Word::LockIsLink,
                    lock::LockFault::Open => Word::LockCannotOpen,
                    lock::LockFault::Lock => Word::LockCannotLock,
                };
                let detail = match reason {
                    None => path.display().to_string(),
                    Some(e) => format!("{}{} {}", path.display(), pack.colon(), io_reason(pack, e)),
                };
                anyhow!("{}", line_in(pack, word, &detail))
            }
            None => e,
        },
    }
}

/// A torn last line of a resumed journal in the game's language: the file and line, that the
/// entry is unusable (why, as the journal reader found it, in brackets), then what becomes of
/// it (`then`, with `detail` in brackets).
pub(super) fn torn_note(pack: &Pack, torn: &journal::TornTail, then: Word, detail: &str) -> String {
    let w = |word| pack.text(&[Token::Word(word)]);
    format!(
        "{}, {} {}: {} ({}); {}",
        torn.path.display(),
        w(Word::JournalLine),
        torn.line,
        w(Word::JournalTorn),
        journal::damage_words(pack, &torn.why),
        line_in(pack, then, detail)
    )
}

/// The simulated hands' answer to `sim MOVE`, in the game's language.
pub(super) fn sim_line(pack: &Pack, answer: boards::SimAnswer) -> String {
    use boards::SimAnswer;
    let words = |p: &[Token]| pack.text(p);
    match answer {
        SimAnswer::Plays(m) => format!(
            "{}{} {m}",
            words(&[Token::Word(Word::SimPlays)]),
            pack.colon()
        ),
        SimAnswer::NoBoard => words(&[Token::Word(Word::SimNoBoard)]),
        SimAnswer::Busy => words(&[Token::Word(Word::SimBusy)]),
        // Not the game's refusal of an illegal move (no 7.5 here): the hands' no, and why,
        // in the words a typed move's refusal uses; text that is no move gets the usage.
        SimAnswer::Cannot(m, e) => {
            let cannot = format!("{} ({m})", words(&[Token::Word(Word::SimCannot)]));
            match crate::session::move_error_words(pack, &e) {
                Some(why) => format!("{cannot}{} {why}", pack.colon()),
                None => format!("{cannot}; {}", words(&[Token::Word(Word::SimUsage)])),
            }
        }
        SimAnswer::Usage => words(&[Token::Word(Word::SimUsage)]),
    }
}

/// One of play's own lines in the game's language: the pack's word, then what only this
/// case knows (a path, the system's reason) in brackets.
pub(super) fn line_in(pack: &Pack, word: Word, detail: &str) -> String {
    let w = pack.text(&[Token::Word(word)]);
    if detail.is_empty() {
        w
    } else {
        format!("{w} ({detail})")
    }
}

pub(super) fn board_name(pack: &Pack, role: BoardRole) -> String {
    let word = match role {
        BoardRole::Pegboard => Word::PlayersBoard,
        BoardRole::Sighted => Word::SecondBoard,
    };
    pack.text(&[Token::Word(word)])
}

/// What a board says about itself, in the game's words; its own name and trademark stay as
/// the board sends them (the play-test's item 13).
pub(super) fn board_info(pack: &Pack, info: &crate::board::codec::BoardInfo) -> String {
    use crate::board::codec::BoardInfo;
    let fill = |word: Word, places: &[(&str, String)]| {
        let mut text = pack.text(&[Token::Word(word)]);
        for (name, value) in places {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    };
    match info {
        BoardInfo::Pegboard {
            version,
            name,
            colour,
        } => format!(
            "{}, {}, {}",
            fill(
                Word::BoardInfoPegboard,
                &[("name", pack.language().quote(name))]
            ),
            fill(Word::BoardInfoProtocol, &[("version", version.to_string())]),
            fill(
                if *colour {
                    Word::BoardInfoColours
                } else {
                    Word::BoardInfoOccupancy
                },
                &[]
            )
        ),
        BoardInfo::Version {
            board,
            major,
            minor,
        } => fill(
            Word::BoardInfoVersion,
            &[
                ("board", board.to_string()),
                ("version", format!("{major}.{minor}")),
            ],
        ),
        BoardInfo::Serial(s) => fill(Word::BoardInfoSerial, &[("serial", s.clone())]),
        BoardInfo::Trademark(s) => s.clone(),
        BoardInfo::CertaboCalibrated => fill(Word::BoardInfoCalibrated, &[]),
        BoardInfo::CertaboNeedsCalibration => fill(Word::BoardInfoCalibrate, &[]),
    }
}

/// Why a written time control cannot be read, in the game's words: where (the character's
/// number, counted from 1) and what was wrong, the bad part quoted in the language's marks.
/// The caller names the whole text.
pub(crate) fn control_error_line(pack: &Pack, e: &crate::rules::clock::ControlError) -> String {
    use crate::rules::clock::ControlErrorKind as Kind;
    let w = |word| pack.text(&[Token::Word(word)]);
    let language = pack.language();
    let quoted = language.quote(&e.text);
    let colon = pack.colon();
    let unit = |unit: &str| match unit {
        "minutes" => w(Word::UnitMinutes),
        "moves" => w(Word::UnitMoves),
        _ => w(Word::UnitSeconds),
    };
    let reason = match &e.kind {
        Kind::Empty => w(Word::ControlEmpty),
        Kind::Missing(u) => format!("{} ({})", w(Word::ControlMissing), unit(u)),
        Kind::NotANumber(u) => format!("{quoted} {} ({})", w(Word::ControlNotANumber), unit(u)),
        Kind::TooLarge => format!("{quoted} {}", w(Word::ControlTooLarge)),
        Kind::ZeroMoves => format!("{quoted}{colon} {}", w(Word::ControlZeroMoves)),
        Kind::NoTime => format!("{quoted} {}", w(Word::ControlNoTime)),
        Kind::Sandclock => format!("{quoted}{colon} {}", w(Word::ControlSandclock)),
        Kind::AfterRestOfGame => format!("{quoted} {}", w(Word::ControlAfterRest)),
        Kind::Unexpected => format!("{quoted} {}", w(Word::ControlUnexpected)),
        Kind::Untimed => w(Word::ControlUntimed),
        Kind::Unknown => w(Word::ControlUnknown),
        Kind::NoUnit => format!("{quoted} {}", w(Word::ControlNoUnit)),
    };
    format!("{} {}{colon} {reason}", w(Word::ControlAtCharacter), e.at)
}

/// A time control written on the command line (`--control`) that cannot be read: the word,
/// then the flag, the text as written and where and why, as `play` and `clock run` refuse it.
pub fn control_unreadable_line(
    pack: &Pack,
    written: &str,
    e: &crate::rules::clock::ControlError,
) -> String {
    let detail = format!(
        "--control {}{} {}",
        crate::text::cut_echo(written),
        pack.colon(),
        control_error_line(pack, e)
    );
    crate::text::cut_echoes(&line_in(pack, Word::ControlUnreadable, &detail))
}

/// A command-line value that cannot be read, in the game's words: the flag, the value as
/// typed, and what it must be.
pub(super) fn bad_value_line(pack: &Pack, bad: &BadValue) -> String {
    let want = match bad.want {
        Wanted::Level => Word::FlagLevelRange,
        Wanted::Elo => Word::FlagEloRange,
        Wanted::Side => Word::FlagSide,
        Wanted::Think => Word::FlagThink,
        Wanted::Engine => Word::FlagNeedsEngine,
        Wanted::LevelOrElo => Word::FlagLevelOrElo,
    };
    let given = match bad.value.is_empty() {
        true => bad.flag.to_string(),
        false => format!("{} {}", bad.flag, bad.value),
    };
    format!(
        "{given}{} {}",
        pack.colon(),
        pack.text(&[Token::Word(want)])
    )
}

/// A voice pack newer than the program, in the game's words: one line for every token id it
/// has that this vichess does not know, each with the manifest file and line. `None` when it
/// has none.
pub(super) fn unknown_tokens_line(pack: &Pack) -> Option<String> {
    let unknown = pack.unknown_tokens();
    if unknown.is_empty() {
        return None;
    }
    let file = pack.root().join("manifest.toml");
    let ids: Vec<String> = unknown
        .iter()
        .map(|(line, id)| format!("{}:{line}: {}", file.display(), pack.language().quote(id)))
        .collect();
    Some(format!(
        "{} ({}: {})",
        pack.text(&[Token::Word(Word::VoicePackUnknownTokens)]),
        pack.folder(),
        ids.join(", ")
    ))
}

/// A voice pack that is in no folder searched, in the game's words: the name, then the
/// folders and the packs there, or that no voices folder exists (a program copied without
/// its voices). `None` for any other fault of a pack: the library's own line says those.
pub fn pack_not_found_line(pack: &Pack, e: &crate::voice::ManifestError) -> Option<String> {
    let w = |word| pack.text(&[Token::Word(word)]);
    let crate::voice::ManifestError::NotFound {
        pack: name,
        searched,
        known,
    } = e
    else {
        return None;
    };
    let mut parts = vec![pack.language().quote(name)];
    if searched == crate::voice::manifest::NO_VOICES_FOLDER {
        parts.push(w(Word::NoVoicesFolder));
    } else {
        parts.push(format!(
            "{}{} {searched}",
            w(Word::SearchedIn),
            pack.colon()
        ));
        if known != "none" {
            parts.push(format!("{}{} {known}", w(Word::PacksFound), pack.colon()));
        }
    }
    Some(format!(
        "{} ({})",
        w(Word::VoicePackNotFound),
        parts.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(name: &str) -> Pack {
        Pack::builtin(name).unwrap()
    }

    #[test]
    fn a_reread_given_up_is_said_in_the_games_language() {
        for (name, said) in [
            ("en", "the board could not be read again: nothing was decided, the game is unchanged; please check the board"),
            ("de", "das Brett konnte nicht neu eingelesen werden: nichts wurde entschieden, die Partie bleibt unverändert; bitte das Brett prüfen"),
            ("de-fide", "das Brett konnte nicht neu eingelesen werden: nichts wurde entschieden, die Partie bleibt unverändert; bitte das Brett prüfen"),
            ("uk", "дошку не вдалося зчитати заново: нічого не вирішено, партія не змінилася; перевірте дошку"),
            ("ru", "доску не удалось считать заново: ничего не решено, партия не изменилась; проверьте доску"),
            ("hy", "տախտակը չհաջողվեց նորից ընթերցել․ ոչինչ չի որոշվել, պարտիան չի փոխվել, ստուգեք տախտակը"),
        ] {
            assert_eq!(line_in(&pack(name), Word::BoardNotReadAgain, ""), said, "{name}");
        }
    }

    #[test]
    fn the_fatal_line_is_led_in_in_the_games_language() {
        let e = anyhow!("there is no game to resume in /tmp/games");
        for (name, said) in [
            (
                "de",
                "vichess wurde beendet: there is no game to resume in /tmp/games",
            ),
            (
                "de-fide",
                "vichess wurde beendet: there is no game to resume in /tmp/games",
            ),
            (
                "ru",
                "vichess остановился: there is no game to resume in /tmp/games",
            ),
            (
                "uk",
                "vichess зупинився: there is no game to resume in /tmp/games",
            ),
            (
                "hy",
                "vichess-ը դադարեց աշխատել՝ there is no game to resume in /tmp/games",
            ),
            (
                "en",
                "vichess stopped: there is no game to resume in /tmp/games",
            ),
        ] {
            assert_eq!(fatal_line(Some(&pack(name)), &e), said, "{name}");
        }
        // No pack at all (a built-in manifest that did not parse): still a line, in English.
        assert_eq!(
            fatal_line(None, &e),
            "vichess stopped: there is no game to resume in /tmp/games"
        );
    }

    /// Why there is no sound, in the game's language (issue 24, item 12): the fault's kind in
    /// the pack's words, the device's name in the language's quotation marks; only the name
    /// and the sound system's own message stay as the system gave them.
    #[cfg(feature = "audio")]
    #[test]
    fn the_reason_for_no_sound_is_in_the_games_language() {
        use crate::audio::device::DeviceError;
        use crate::audio::fault::{FaultKind, SoundFault};
        let unavailable = DeviceError::Unavailable {
            name: "pulse".into(),
            reason: SoundFault::new(FaultKind::Busy, None),
        };
        let odd = DeviceError::Unavailable {
            name: "hw:1".into(),
            reason: SoundFault::new(FaultKind::Other, Some("snd_pcm_open: EIO.".into())),
        };
        let said = |name: &str, e: &DeviceError| {
            let p = pack(name);
            line_in(&p, Word::NoSound, &device_why(&p, e))
        };
        assert_eq!(
            said("ru", &DeviceError::NoDevice),
            "звука нет: каждое объявление только печатается (на этом компьютере нет звукового \
             устройства)"
        );
        assert_eq!(
            said("de", &unavailable),
            "kein Ton: jede Ansage wird nur angezeigt (das Tongerät kann keinen Ton ausgeben \
             („pulse“: ein anderes Programm benutzt das Gerät))"
        );
        assert_eq!(
            said("uk", &odd),
            "звуку немає: кожне оголошення лише друкується (звуковий пристрій не може \
             відтворювати звук («hw:1»: звукова система повідомила про помилку \
             (snd_pcm_open: EIO)))"
        );
        assert_eq!(
            said("en", &unavailable),
            "no sound: every announcement is printed only (the sound device cannot play sound \
             (\"pulse\": another program is using the device))"
        );
        let missing = DeviceError::NotFound {
            wanted: "usb".into(),
            available: "default, pulse".into(),
        };
        for name in ["de", "uk", "ru", "hy"] {
            for e in [&DeviceError::NoDevice, &missing, &unavailable, &odd] {
                let line = said(name, e);
                for english in [
                    "sound device",
                    "cannot play",
                    "there is no",
                    "named",
                    "another program",
                    "reported",
                    "\"",
                ] {
                    assert!(!line.contains(english), "{name}: {line}");
                }
            }
        }
    }

    /// Records printed when leaving with the journal unwritable, a button press refused
    /// meanwhile, and no sound in a build without it: in the game's language, the journal
    /// line itself as it is.
    #[test]
    fn unwritten_records_refused_buttons_and_no_sound_are_in_the_games_language() {
        use crate::input::InputCommand;
        let record = "7 12345 move e2e4";
        let said = |name: &str| {
            let p = pack(name);
            [
                unwritten_line(&p, record),
                button_line(&p, InputCommand::PressWhite),
                button_line(&p, InputCommand::MovesBack),
                not_built_line(&p),
            ]
        };
        assert_eq!(
            said("de"),
            [
                "nicht geschrieben: 7 12345 move e2e4",
                "Taste „Uhr von Weiß drücken“",
                "Taste „einen Zug zurück“",
                "kein Ton: jede Ansage wird nur angezeigt (dieses vichess wurde ohne Tonausgabe \
                 gebaut)",
            ]
        );
        assert_eq!(said("de-fide"), said("de"));
        assert_eq!(
            said("ru"),
            [
                "не записано: 7 12345 move e2e4",
                "кнопка «нажать часы белых»",
                "кнопка «ход назад»",
                "звука нет: каждое объявление только печатается (этот vichess собран без вывода \
                 звука)",
            ]
        );
        assert_eq!(said("uk")[1], "кнопка «натиснути годинник білих»");
        assert_eq!(said("en")[1], "button \"press White's clock\"");
        // Every command has its word in every pack (no token id in its place).
        for name in ["de", "en", "uk", "ru", "hy"] {
            let p = pack(name);
            for c in InputCommand::ALL {
                let line = button_line(&p, c);
                assert!(!line.contains("button-"), "{name}: {line}");
            }
            assert!(!unwritten_line(&p, record).starts_with("unwritten:") || name == "en");
        }
    }

    /// The pegboard's hello names the kind of board in the game's words; only the name the
    /// board gives itself stays as sent (play-test: a Latin "pegboard" in uk and hy lines).
    #[test]
    fn a_pegboards_hello_names_the_board_in_the_games_language() {
        let info = crate::board::codec::BoardInfo::Pegboard {
            version: 1,
            name: "vichess simulator".into(),
            colour: false,
        };
        let line = |lang: &str| board_info(&pack(lang), &info);
        assert_eq!(
            line("uk"),
            "дошка з кілочками «vichess simulator», версія протоколу 1, бачить лише, які поля \
             зайняті"
        );
        assert_eq!(
            line("hy"),
            "ցցիկներով տախտակ «vichess simulator», արձանագրության տարբերակ 1, տեսնում է միայն \
             զբաղված դաշտերը"
        );
        assert!(line("ru").starts_with("доска со штырьками «vichess simulator»"));
        assert!(line("de").starts_with("Steckbrett „vichess simulator“"));
        assert!(line("en").starts_with("pegboard \"vichess simulator\""));
    }
}
