//! Opening a game: the configuration and the language, the game folder, a new journal or a
//! resumed one with everything the player must be told about it, the boards, the pads, the
//! braille line and the voice, then the greeting.

use super::*;
use crate::journal::Journal;
use crate::rules::clock::TimeControl;
use crate::session::Session;
use std::time::{SystemTime, UNIX_EPOCH};

impl Host {
    pub(super) fn open_in(
        args: GameSettings,
        screen: Box<dyn Write>,
        words: &mut Option<Pack>,
        speaks: &mut bool,
    ) -> anyhow::Result<Host> {
        let mut config = crate::config::load(args.config.as_deref()).map_err(|errors| {
            // Each line framed in the language asked for (issue 24, item 12).
            let lines: Vec<String> = errors
                .iter()
                .map(|e| match words.as_ref() {
                    Some(pack) => crate::config::error_line(pack, e),
                    None => e.to_string(),
                })
                .collect();
            let lead = said_in(words.as_ref(), Word::ConfigUnusable);
            let colon = words.as_ref().map_or(":", |p| p.colon());
            anyhow!("{lead}{colon}\n{}", lines.join("\n"))
        })?;
        *speaks = config.speech.output != crate::config::SpeechOutput::ScreenReader;
        let flag = match &args.lang {
            Some(lang) => Some(match crate::phrase::Language::from_code(lang) {
                Some(language) => language,
                None => {
                    // Refused in the language the configuration or the locale gives, since the
                    // one asked for is not there (issue 24, item 12).
                    let (language, _) = config.first_language(|name| std::env::var(name).ok());
                    *words = Pack::builtin(crate::session::language_pack(language))
                        .ok()
                        .or(words.take());
                    let why = said_in(words.as_ref(), Word::LangUnknown);
                    return Err(anyhow!(
                        "--lang {lang}: {why} {}",
                        crate::phrase::Language::listing()
                    ));
                }
            }),
            None => None,
        };
        let dir = match &args.game_dir {
            Some(d) => d.clone(),
            None if !config.game.games_dir.is_empty() => PathBuf::from(&config.game.games_dir),
            None => journal::games_dir()
                .ok_or_else(|| anyhow!("{}", said_in(words.as_ref(), Word::NoGameFolder)))?,
        };
        // The game's language: --lang, else a resumed game's own, else the configuration's or
        // the system locale's (issue 24, item 8).
        let resumed = args
            .resume
            .then(|| resumed_records(&dir, args.resume_game.as_deref()))
            .flatten();
        let journaled = resumed
            .as_deref()
            .and_then(crate::session::journaled_language);
        let mut voice_name = args.voice.clone();
        let (language, source) = match (flag, &journaled) {
            (Some(language), _) => (language, LanguageSource::Flag),
            (None, Some((language, pack))) => {
                voice_name.get_or_insert_with(|| pack.clone());
                (*language, LanguageSource::Journal)
            }
            (None, None) => config.first_language(|name| std::env::var(name).ok()),
        };
        config.game.language = language.code().to_string();
        crate::text::set_ascii_umlauts(config.speech.ascii_umlauts);
        let mut settings = SessionConfig::from_config(&config);
        settings.press_after_ms = args.auto_press;
        settings.vi_side = args.side;
        if args.no_arbiter {
            settings.arbiter_present = false;
        }
        if let Some(level) = &args.supervision {
            settings.supervision = match level.as_str() {
                "inadequate" => crate::rules::arbiter::ruling::Supervision::Unsupervised,
                _ => crate::rules::arbiter::ruling::Supervision::Adequate,
            };
        }
        // A pack that cannot be opened still leaves the game's language for the fatal line.
        *words = Pack::builtin(crate::session::language_pack(config.game.language()))
            .ok()
            .or(words.take());
        // A journaled pack that is no longer installed: the language's own pack speaks.
        let pack = configured_pack(&config, voice_name.as_deref())
            .or_else(|e| match args.voice {
                None if journaled.is_some() => configured_pack(&config, None),
                _ => Err(e),
            })
            .map_err(
                |e| match words.as_ref().and_then(|w| pack_not_found_line(w, &e)) {
                    Some(line) => anyhow!("{line}"),
                    None => anyhow!(e),
                },
            )?;
        *words = Some(pack.clone());
        // A flag's value read now that the game's words are known; nothing is begun yet.
        if let Some(bad) = &args.bad_value {
            return Err(anyhow!("{}", bad_value_line(&pack, bad)));
        }
        if let Some((fen, e)) = &args.bad_fen {
            return Err(anyhow!("{}", crate::fen_words::flag_line(&pack, fen, e)));
        }
        // The engine's flags without `--engine` need an engine from the configuration or
        // the resumed game; with none at all, the first is refused the same way.
        let no_engine = args.engine.is_none()
            && configured_engine(&config).is_none()
            && resumed
                .as_deref()
                .and_then(crate::session::journaled_engine)
                .is_none();
        if let (true, Some((flag, value))) = (no_engine, &args.engine_flags.first) {
            let bad = BadValue {
                flag,
                value: value.clone(),
                want: Wanted::Engine,
            };
            return Err(anyhow!("{}", bad_value_line(&pack, &bad)));
        }
        // No game folder yet, and none given: the first game after installing, which says
        // where things are (with --game-dir the user has just said where games go).
        let first_run = args.game_dir.is_none() && !dir.exists();
        make_game_folder(&dir).map_err(|e| {
            let detail = format!("{}{} {}", dir.display(), pack.colon(), io_reason(&pack, &e));
            anyhow!("{}", line_in(&pack, Word::CannotMakeGameFolder, &detail))
        })?;
        let replaced_current = match args.resume {
            true => None,
            false => std::fs::read_to_string(dir.join(CURRENT_GAME))
                .ok()
                .map(|name| (dir.clone(), name)),
        };
        let (mut session, journal, lock, mut notes) =
            open_game(&args, &dir, settings, pack.clone(), &config)?;
        let now = (pack.language(), pack.name().to_string());
        if journaled.as_ref() != Some(&now) {
            // A new game's setting, an older journal's first record of it, or a change by
            // --lang or --voice on a resume, which is said.
            session.journal_language();
            if let Some((before, _)) = journaled.filter(|(before, _)| *before != now.0) {
                let colon = pack.colon();
                notes.push(format!(
                    "{}{colon} {} ({}{colon} {})",
                    pack.text(&[Token::Word(Word::LanguageLabel)]),
                    pack.text(&[Token::Word(language_word(now.0))]),
                    pack.text(&[Token::Word(Word::LanguageUntilNow)]),
                    pack.text(&[Token::Word(language_word(before))]),
                ));
            }
        }
        let pgn_path = journal.path().with_extension("pgn");
        let record = GameRecord::new(journal);
        let clock = MonotonicClock::start();
        let mut table = Table::new(session);
        // A resume without --side keeps the journaled side: the boards' owner and the cues
        // follow it too.
        let side = table.session().vi_side();
        table.anchor_wall_clock(clock.now(), clock.unix_ms_at_origin());

        let (tx, rx) = mpsc::channel::<Arrival>();
        let mut boards: Vec<Connected> = Vec::new();
        let second = args.second_board.clone().unwrap_or(BoardSpec::None);
        for (spec, role, owner) in [
            (&args.board, BoardRole::Pegboard, side),
            (&second, BoardRole::Sighted, side.map(|c| !c)),
        ] {
            let position = table.session().position().clone();
            if let Some((b, tracker)) =
                Connected::open(spec, role, &position, owner, config.board.tracker(), &tx)?
            {
                let mut b = b;
                b.set_leds(config.board.leds);
                table.add_board(role, tracker);
                boards.push(b);
            }
        }
        let cues = match config.gamepad.enabled {
            true => Some(pads::start(&config, tx.clone())?),
            false => None,
        };
        // The tactile clock on a pegboard's own motor: the gamepad's patterns, buzzed.
        let mut buzzing = false;
        if config.board.buzz {
            let patterns = config
                .gamepad
                .rumble()
                .map_err(|e| anyhow::anyhow!("the rumble patterns in the configuration: {e}"))?;
            for b in &mut boards {
                buzzing |= b.set_buzz(Some(patterns.clone()));
            }
        }
        if let (Some(own), true) = (side, cues.is_some() || buzzing) {
            let alarm_ms =
                (config.clock.low_time_alarm_s > 0).then_some(config.clock.low_time_alarm_s * 1000);
            table.feel_cues(own, alarm_ms);
        }
        interrupt::watch(&tx).context("cannot watch for SIGTERM, SIGHUP and SIGINT")?;
        // Lines before the notes: a braille display or sound device that is not there.
        let mut early = Vec::new();
        let configured = config
            .braille
            .display
            .then(|| PathBuf::from(&config.braille.socket));
        let display = args
            .braille_display
            .clone()
            .or(configured)
            .and_then(|given| {
                let path = braille_line::socket_path(Some(&given));
                braille_line::BrailleLine::connect(&path, tx.clone())
                    .inspect_err(|e| {
                        early.push(line_in(&pack, Word::BrailleDisplayMissing, &e.words(&pack)))
                    })
                    .ok()
            });
        // A pack newer than the program: said once, and the game goes on without its new words.
        early.extend(unknown_tokens_line(&pack));
        let (voice, no_sound) = Voice::open(args.no_audio, &config, &pack);
        early.extend(no_sound);
        // Every line escaped on its way out (a path typed after `save`, a board's own words),
        // whether or not it was made `printable` where it was put together.
        let out = crate::text::Escaped::new(braille_line::Tee::new(screen, display));
        let mut host = Host {
            pack: pack.clone(),
            table,
            record,
            boards,
            cues,
            voice,
            out,
            clock,
            pgn_path,
            deferred: Vec::new(),
            listening: Default::default(),
            first: true,
            lever: (config.clock.source == crate::config::ClockSourceSetting::Board)
                .then(clock_source::Lever::default),
            board_clock: (config.clock.source == crate::config::ClockSourceSetting::Board)
                .then(board_clock::BoardClock::default),
            display: (config.clock.source == crate::config::ClockSourceSetting::Vichess)
                .then(clock_display::ClockDisplay::default),
            rx,
            tx,
            resumed: args.resume,
            replaced_current,
            engine: None,
            _lock: lock,
        };
        // The engine seat: the command line's, else the resumed game's journaled one (said),
        // else the configuration's; the engine's flags given without `--engine` change it.
        let journaled_engine = host.table.session().engine().cloned();
        let spec = args.engine.clone().or_else(|| {
            journaled_engine
                .or_else(|| configured_engine(&config))
                .map(|spec| args.engine_flags.over(spec))
        });
        if let Some(spec) = spec {
            host.table.set_engine(spec.clone());
            let tag = match spec.side {
                Color::White => "White",
                Color::Black => "Black",
            };
            let named = game_tags(&args, &config).iter().any(|(t, _)| *t == tag);
            let chess960 = host.table.session().position().castling_mode()
                == crate::rules::CastlingMode::Chess960;
            let board = host.table.tracker(BoardRole::Pegboard).is_some();
            host.table.set_computer(Some(spec.side));
            let mut seat = engine::Seat::start(spec, chess960, named, board, host.tx.clone())?;
            seat.back = args.resume;
            host.engine = Some(seat);
        }
        for line in &early {
            writeln!(host.out, "{line}")?;
        }
        for note in &notes {
            host.tell(&crate::text::printable(note))?;
        }
        // The engine's first news before the greeting (issue 27): a program not found is
        // said first and the greeting names no engine; an engine that named itself in time
        // has its line before the greeting, which then does not say its side again.
        let first = host.engine.as_mut().and_then(|seat| {
            seat.first_news(std::time::Duration::from_millis(engine::FIRST_WAIT_MS))
        });
        let named = matches!(first, Some(engine::EngineNews::Ready(_)));
        let mut ready = None;
        match first {
            Some(news) if named => ready = Some(news),
            Some(news) => {
                let now = host.clock.now();
                host.engine_news(news, now)?;
            }
            None => {}
        }
        if !args.resume {
            // Who plays which colour, the control, whose move and how to get help (issue 11,
            // finding 12): a blind player otherwise hears nothing until the first move.
            // The language clause before "say help": a braille line shows a long line's end,
            // and how to get help is what it must keep.
            let greeting = host.table.session().greeting_with(!named);
            // Its line after the greeting is made: the engine's name it puts in the side's
            // tag is said by the engine's own line, not as a player's name.
            if let Some(news) = ready.take() {
                let now = host.clock.now();
                host.engine_news(news, now)?;
            }
            let language = language_clause(&pack, &source);
            let help = pack.text(&[Token::Word(Word::SayHelp)]);
            let greeting = match greeting.strip_suffix(&help) {
                Some(head) => format!("{head}{language}; {help}"),
                None => format!("{greeting}; {language}"),
            };
            host.tell(&crate::text::printable(&greeting))?;
            if first_run {
                // The first start after installing (issue 18): which voice speaks and where the
                // games are kept; the greeting has already said how to get help. No voice speaks
                // for a screen reader's user: only the folder.
                let games = format!(
                    "{}{} {}",
                    pack.text(&[Token::Word(Word::GamesKeptIn)]),
                    pack.colon(),
                    dir.display()
                );
                let line = match config.speech.output {
                    crate::config::SpeechOutput::ScreenReader => games,
                    _ => format!(
                        "{}{} {}; {games}",
                        pack.text(&[Token::Word(Word::VoicePack)]),
                        pack.colon(),
                        pack.folder(),
                    ),
                };
                host.tell(&crate::text::printable(&line))?;
            }
        }
        if let Some(news) = ready {
            // A resumed game: after the notes.
            let now = host.clock.now();
            host.engine_news(news, now)?;
        }
        host.out.flush()?;
        Ok(host)
    }
}

/// The game's journal, or why it cannot be resumed, said plainly.
fn open_game(
    args: &GameSettings,
    dir: &Path,
    settings: SessionConfig,
    pack: crate::voice::Pack,
    config: &crate::config::Config,
) -> anyhow::Result<(Session, Journal, GameLock, Vec<String>)> {
    // What the player must be told about the record before play goes on: said and printed
    // once the sound is open.
    let mut notes = Vec::new();
    if args.resume {
        let (path, note) = game_to_resume(dir, &pack, args.resume_game.as_deref())?;
        notes.extend(note);
        // Before anything is read: a torn tail of a journal another process is still
        // writing is that process's next line, not damage.
        let lock = GameLock::acquire(&path).map_err(|e| held_in(&pack, e))?;
        // A game of this folder chosen by name is the one `--resume` continues from now on.
        // Best effort: unrecorded, `--resume` alone goes back to the game last started,
        // which the list of unfinished games then names beside this one.
        if args.resume_game.is_some() && path.parent() == Some(dir) {
            if let Some(name) = path.file_name() {
                let _ = record::save_file(
                    &dir.join(CURRENT_GAME),
                    &format!("{}\n", name.to_string_lossy()),
                );
            }
        }
        let read = journal::read(&path).map_err(|e| match e {
            // Not damaged: written by a newer vichess (issue 24, item 20); left as it is.
            journal::JournalError::Newer { version, .. } => {
                let w = |word| pack.text(&[Token::Word(word)]);
                anyhow!(
                    "{}{} {} ({} {version}); {}",
                    path.display(),
                    pack.colon(),
                    w(Word::JournalNewer),
                    w(Word::JournalFormat),
                    w(Word::UpdateToResume)
                )
            }
            e => {
                let detail = journal_error_words(&pack, &e);
                anyhow!("{}", line_in(&pack, Word::JournalUnreadable, &detail))
            }
        })?;
        if let Some(torn) = &read.torn {
            // The header or the game's first record cannot be set aside: without them
            // there is no game, so nothing is changed and the arbiter gets the file.
            if torn.line <= 2 {
                return Err(anyhow!(
                    "{}",
                    torn_note(&pack, torn, Word::TornFirstLines, "")
                ));
            }
        }
        let lines: Vec<String> = read.entries.into_iter().map(|e| e.payload).collect();
        let words = pack.clone();
        let session = Session::resume(settings, pack, &lines).map_err(|e| {
            let detail = e.words(&words, &path.display().to_string());
            anyhow!("{}", line_in(&words, Word::CannotResume, &detail))
        })?;
        let tag = |name: &str, side: Color| {
            session
                .state()
                .tags()
                .iter()
                .find(|(n, _)| n == name)
                .map_or_else(|| side_name(&words, side), |(_, v)| v.clone())
        };
        let game = format!(
            "{} – {}, {}",
            tag("White", Color::White),
            tag("Black", Color::Black),
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        if let Some(ending) = session.state().ending() {
            // An adjourned game ("*") is meant to go on; a finished one only for the arbiter.
            if ending.score != "*" && !args.resume_finished {
                let detail = format!(
                    "{game}: {} ({})",
                    words.text(&crate::phrase::events::result_phrase(ending.score)),
                    crate::phrase::events::result_symbol(ending.score)
                );
                return Err(anyhow!("{}", line_in(&words, Word::GameFinished, &detail)));
            }
        }
        // Said aloud: the players, never the journal's file name; an unnamed side by its colour.
        let name = |tag_name: &str, side| match tag(tag_name, side) {
            n if n == "?" || n.is_empty() => words.text(&[Token::Side(side)]),
            n => n,
        };
        notes.push(format!(
            "{}{} {} – {}",
            words.text(&[Token::Word(Word::ResumingGame)]),
            words.colon(),
            name("White", Color::White),
            name("Black", Color::Black)
        ));
        notes.extend(unfinished::unfinished_games(
            dir,
            &path,
            &words,
            args.game_dir.is_some(),
        ));
        // What a resumed game keeps of its own: said, never silently ignored. A flag that
        // says what the game already has (the same command line run again) changes nothing,
        // so it is not called ignored.
        let own = |name: &str| {
            session
                .state()
                .tags()
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let differs = |given: &Option<String>, name: &str| {
            given
                .as_ref()
                .is_some_and(|g| own(name).unwrap_or_default() != g.trim())
        };
        let game_control = session.state().clock().map(|c| c.control().clone());
        let control_differs = args.control.as_deref().is_some_and(|c| match c {
            "none" | "-" => game_control.is_some(),
            c => TimeControl::parse_any(c).ok() != game_control,
        });
        let ignored: Vec<&str> = [
            ("--control", control_differs),
            ("--white", differs(&args.white, "White")),
            ("--black", differs(&args.black, "Black")),
            ("--event", differs(&args.event, "Event")),
            ("--site", differs(&args.site, "Site")),
            ("--round", differs(&args.round, "Round")),
        ]
        .into_iter()
        .filter_map(|(flag, given)| given.then_some(flag))
        .collect();
        if !ignored.is_empty() {
            // Says what the game kept of what was given, not all it keeps: a player who
            // gave only a name is not told about the time control.
            let tags = ignored.iter().any(|f| *f != "--control");
            let kept = match (control_differs, tags) {
                (true, true) => Word::IgnoredOnResume,
                (true, false) => Word::IgnoredOnResumeControl,
                _ => Word::IgnoredOnResumeTags,
            };
            notes.push(format!(
                "{} {}",
                ignored.join(", "),
                words.text(&[Token::Word(kept)])
            ));
        }
        if let Some(torn) = &read.torn {
            // A power cut mid-write: the last line never reached the disk whole. Said only
            // once it really is set aside and the game really goes on.
            journal::repair(&path).map_err(|e| {
                anyhow!(
                    "{}",
                    torn_note(&words, torn, Word::TornNotSetAside, &e.to_string())
                )
            })?;
            notes.push(torn_note(&words, torn, Word::TornSetAside, ""));
        }
        // The PGN is saved after the journal: more moves there than in the journal means the
        // journal lost its end, which a line-boundary cut cannot show by itself.
        if let Ok(text) = std::fs::read_to_string(path.with_extension("pgn")) {
            if let Some(Ok(game)) = crate::pgn::read_games(&text).into_iter().next() {
                let (saved, kept) = (game.main.moves.len(), session.state().game().ply_count());
                if saved > kept {
                    let w = |word| words.text(&[Token::Word(word)]);
                    notes.push(format!(
                        "{} (PGN: {saved}, {}: {kept}); {}",
                        w(Word::PgnLonger),
                        w(Word::Journal),
                        w(Word::PgnLongerThen)
                    ));
                }
            }
        }
        let journal = Journal::open_append(&path).map_err(|e| {
            anyhow!(
                "{}",
                line_in(
                    &words,
                    Word::JournalCannotAppend,
                    &journal_error_words(&words, &e)
                )
            )
        })?;
        return Ok((session, journal, lock, notes));
    }
    let control = match args.control.as_deref() {
        Some("none") | Some("-") => None,
        Some(c) => Some(
            TimeControl::parse_any(c)
                .map_err(|e| anyhow!("{}", control_unreadable_line(&pack, c, &e)))?,
        ),
        None => Some(config.game.time_control()),
    };
    let started = stamp(unix_ms());
    let tags = game_tags(args, config);
    // Without names, the sides in the game's language ("Weiß-Schwarz", "Белые-Чёрные"),
    // spelt as the lines are printed (`ascii_umlauts`: "Weiss-Schwarz").
    let side_in_file = |side| match config.speech.ascii_umlauts {
        true => crate::text::ascii_umlauts(&side_name(&pack, side)),
        false => side_name(&pack, side),
    };
    let name_of = |tag: &str, side: Color| {
        tags.iter()
            .find(|(n, _)| *n == tag)
            .map_or_else(|| side_in_file(side), |(_, v)| v.clone())
    };
    let (white, black) = (
        name_of("White", Color::White),
        name_of("Black", Color::Black),
    );
    let mut path = dir.join(journal::journal_file_name(&started, &white, &black));
    let mut n = 1;
    // Taken by anything, a dangling symbolic link too (`exists` follows links, and the
    // journal is never created through one).
    while std::fs::symlink_metadata(&path).is_ok() {
        n += 1;
        path = dir.join(journal::journal_file_name(
            &format!("{started}-{n}"),
            &white,
            &black,
        ));
    }
    let lock = GameLock::acquire(&path).map_err(|e| held_in(&pack, e))?;
    let journal = Journal::create(&path, &started).map_err(|e| {
        anyhow!(
            "{}",
            line_in(
                &pack,
                Word::JournalCannotCreate,
                &journal_error_words(&pack, &e)
            )
        )
    })?;
    if let Some(name) = path.file_name() {
        record::save_file(
            &dir.join(CURRENT_GAME),
            &format!("{}\n", name.to_string_lossy()),
        )
        .map_err(|e| {
            let detail = format!("{}{} {}", dir.display(), pack.colon(), io_reason(&pack, &e));
            anyhow!("{}", line_in(&pack, Word::CannotRecordCurrentGame, &detail))
        })?;
    }
    // No earlier game left unfinished in the folder is forgotten now that this one takes
    // over `current-game`.
    notes.extend(unfinished::unfinished_games(
        dir,
        &path,
        &pack,
        args.game_dir.is_some(),
    ));
    let mut session = Session::new(settings, pack, args.start.clone(), control);
    for (name, value) in &tags {
        session.set_tag(name, value);
    }
    Ok((session, journal, lock, notes))
}

/// The configuration's `[engine]`, when it names one.
fn configured_engine(config: &crate::config::Config) -> Option<EngineSpec> {
    let e = &config.engine;
    if e.program.trim().is_empty() {
        return None;
    }
    use crate::engine::level::Strength;
    Some(EngineSpec {
        program: e.program.clone(),
        side: if e.side == "white" {
            Color::White
        } else {
            Color::Black
        },
        strength: match e.elo {
            0 => Strength::Level(e.level),
            elo => Strength::Elo(elo),
        },
        think_ms: (e.think_ms > 0).then_some(e.think_ms),
        helps: e.help,
    })
}

/// Makes the game folder, readable by its owner only when vichess creates it (an existing
/// folder keeps the permissions its owner chose).
fn make_game_folder(dir: &Path) -> std::io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// The seven-tag roster's names from the command line, or else the configuration.
fn game_tags(args: &GameSettings, config: &crate::config::Config) -> Vec<(&'static str, String)> {
    let g = &config.game;
    [
        ("Event", &args.event, &g.event),
        ("Site", &args.site, &g.site),
        ("Round", &args.round, &g.round),
        ("White", &args.white, &g.white),
        ("Black", &args.black, &g.black),
    ]
    .into_iter()
    .filter_map(|(tag, arg, configured)| {
        let value = arg.clone().unwrap_or_else(|| configured.clone());
        let value = value.trim().to_string();
        (!value.is_empty()).then_some((tag, value))
    })
    .collect()
}

/// Milliseconds since the Unix epoch: only for the journal's file name.
fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// "2026-11-21T11-05-09" in UTC, for the journal's file name.
fn stamp(ms: u64) -> String {
    let t = crate::session::UtcTime::from_unix_ms(ms);
    format!(
        "{:04}-{:02}-{:02}T{:02}-{:02}-{:02}",
        t.year, t.month, t.day, t.hour, t.minute, t.second
    )
}

/// The file in a game folder naming the game last started there: `--resume` continues that
/// game, not whichever journal was touched last.
pub(super) const CURRENT_GAME: &str = "current-game";

/// The game to resume: the one named in the folder's `current-game` file, or, when that is
/// missing (a folder from an older vichess), the journal written last, said so in the note.
fn game_to_resume(
    dir: &Path,
    pack: &Pack,
    chosen: Option<&str>,
) -> anyhow::Result<(PathBuf, Option<String>)> {
    let (path, named) = journal_to_resume(dir, pack, chosen)?;
    if named {
        return Ok((path, None));
    }
    let colon = pack.colon();
    let note = format!(
        "{}{colon} {}{colon} {}",
        dir.join(CURRENT_GAME).display(),
        pack.text(&[Token::Word(Word::NoCurrentGame)]),
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    Ok((path, Some(note)))
}

/// The records of the game to resume, read before anything else: its language and voice
/// pack, so the game goes on in its own words (issue 24, item 8), and its engine seat, which
/// the engine's flags without `--engine` change; `None` when its journal cannot be read yet
/// (the resume itself then says why).
fn resumed_records(dir: &Path, chosen: Option<&str>) -> Option<Vec<String>> {
    // Any words will do: a journal that cannot be found is said by the resume itself.
    let (path, _) = journal_to_resume(dir, &Pack::builtin("en").ok()?, chosen).ok()?;
    let read = journal::read(&path).ok()?;
    Some(read.entries.into_iter().map(|e| e.payload).collect())
}

/// The journal of the game to resume, and whether the folder's `current-game` file named it
/// or the player did (`false`: the journal written last was taken). `chosen` is a journal's
/// file name in `dir` (".journal" may be left off) or a path.
fn journal_to_resume(
    dir: &Path,
    pack: &Pack,
    chosen: Option<&str>,
) -> anyhow::Result<(PathBuf, bool)> {
    if let Some(chosen) = chosen {
        let mut path = match chosen.contains(['/', '\\']) {
            true => PathBuf::from(chosen),
            false => dir.join(chosen),
        };
        if !path.exists() && path.extension().is_none_or(|x| x != "journal") {
            path.as_mut_os_string().push(".journal");
        }
        if path.is_file() {
            return Ok((path, true));
        }
        return Err(anyhow!(
            "{}",
            line_in(pack, Word::NoSuchJournal, &path.display().to_string())
        ));
    }
    let named = std::fs::read_to_string(dir.join(CURRENT_GAME)).ok();
    if let Some(name) = named.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        // A bare file name only: the marker cannot point outside the folder.
        if !name.contains(['/', '\\']) && name.ends_with(".journal") {
            let path = dir.join(name);
            if path.exists() {
                return Ok((path, true));
            }
            return Err(anyhow!(
                "{}",
                line_in(
                    pack,
                    Word::JournalGone,
                    &dir.join(name).display().to_string()
                )
            ));
        }
    }
    Ok((newest_journal(dir, pack)?, false))
}

/// The journal written last (by time, then by name).
fn newest_journal(dir: &Path, pack: &Pack) -> anyhow::Result<PathBuf> {
    let mut found: Vec<(SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| {
            let detail = format!("{}{} {}", dir.display(), pack.colon(), io_reason(pack, &e));
            anyhow!("{}", line_in(pack, Word::CannotReadGameFolder, &detail))
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(UNIX_EPOCH);
            (t, p)
        })
        .collect();
    found.sort();
    found.pop().map(|(_, p)| p).ok_or_else(|| {
        let detail = dir.display().to_string();
        anyhow!("{}", line_in(pack, Word::NoGameToResume, &detail))
    })
}
