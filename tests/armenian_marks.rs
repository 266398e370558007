//! Armenian lines use Armenian punctuation: a label's colon is "՝" and a full stop between
//! sentences is "։" (the hy pack's `[grammar]`), never the Latin ":" or ". ". A play-through
//! found both in the greeting, the help, the board readouts, `pgn check` and a file that
//! cannot be read; each is run here in Armenian and every line it prints is checked.

#[path = "common/play.rs"]
mod common_play;

/// The first Latin mark a line uses where Armenian has its own, or `None`. Paths are the
/// same in every language and leave first (every word with a slash); a time ("0:01:23") and
/// a move number ("12. ", "12... ") keep their Latin marks: a time's colon is not followed by
/// a space, and a move number's dots follow digits only.
fn latin_mark(line: &str) -> Option<&'static str> {
    let line = line.strip_prefix("vichess: ").unwrap_or(line);
    let words: Vec<&str> = line.split(' ').filter(|w| !w.contains('/')).collect();
    for w in &words {
        if w.ends_with(':') {
            return Some("a label's \":\"");
        }
        let before = w.trim_end_matches('.');
        if before.len() < w.len() && !before.chars().all(|c| c.is_ascii_digit()) {
            return Some("a sentence's \".\"");
        }
    }
    None
}

fn check(what: &str, text: &str) {
    let bad: Vec<String> = text
        .lines()
        .filter_map(|l| latin_mark(l).map(|m| format!("{m}: {l}")))
        .collect();
    assert!(bad.is_empty(), "{what}:\n{}", bad.join("\n"));
}

#[test]
fn the_marks_are_latin_only_where_they_belong() {
    assert_eq!(latin_mark("սպիտակները: Արամ"), Some("a label's \":\""));
    assert_eq!(latin_mark("g7 և h7. սևերը՝"), Some("a sentence's \".\""));
    assert_eq!(latin_mark("սպիտակները՝ 0:01:23; 12. e4 12... e5"), None);
    assert_eq!(latin_mark("vichess: պահպանվեց՝ /tmp/a: b.pgn"), None);
}

#[test]
fn a_game_in_armenian_prints_armenian_colons_and_full_stops() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let input = "օգնություն\nօգնություն քայլեր\nօգնություն ժամացույց\nօգնություն տախտակ\n\
                 օգնություն պարտիա\nօգնություն մրցավար\nօգնություն կարճ\nտախտակ\nորտեղ ձի\n\
                 e4\nմրցավար նշում Ստուգում\nելք\n";
    let out = common_play::run_piped(
        home.path(),
        &[
            "play",
            "--no-audio",
            "--lang",
            "hy",
            "--white",
            "Արամ",
            "--game-dir",
            games.to_str().unwrap(),
        ],
        input.as_bytes(),
    );
    let lines = common_play::lines_of(&out).join("\n");
    for expected in [
        "սպիտակները՝ Արամ;",
        "ելք՝ պահպանել և դուրս գալ",
        "ուղղել <քայլ>՝ ",
        "մրցավար հետկանչ՝ ",
        "g2 և h2։ սևերը՝ ",
        "սպիտակները՝ ձիեր b1 և g1։ սևերը՝ ձիեր b8 և g8",
        "պարտիան պահպանվեց՝ ",
        // The arbiter's note, printed as typed after its label.
        "մրցավարի նշում՝ Ստուգում",
    ] {
        assert!(lines.contains(expected), "{expected:?} not in:\n{lines}");
    }
    check("play", &lines);
    check("play's errors", &String::from_utf8_lossy(&out.stderr));
}

#[test]
fn pgn_check_and_an_unreadable_file_in_armenian_use_its_marks() {
    let home = tempfile::tempdir().unwrap();
    let good = home.path().join("good.pgn");
    std::fs::write(
        &good,
        "[White \"Արամ\"]\n[Black \"Սոնա\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n",
    )
    .unwrap();
    let bad = home.path().join("bad.pgn");
    std::fs::write(&bad, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Ke3 *\n").unwrap();
    for file in [&good, &bad] {
        let out = common_play::run_piped(
            home.path(),
            &["pgn", "check", "--lang", "hy", file.to_str().unwrap()],
            b"",
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("պարտիա 1"), "{text}");
        check("pgn check", &text);
        check("pgn check's errors", &String::from_utf8_lossy(&out.stderr));
    }
    let gone = home.path().join("gone.pgn");
    let out = common_play::run_piped(
        home.path(),
        &[
            "scoresheet",
            "--lang",
            "hy",
            "--audio",
            home.path().join("a.wav").to_str().unwrap(),
            gone.to_str().unwrap(),
        ],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "պարտիայի ֆայլը հնարավոր չէ կարդալ՝ {}՝ այդպիսի ֆայլ կամ թղթապանակ չկա",
            gone.display()
        )),
        "{err}"
    );
    check("scoresheet", &err);
}

/// What a player meets before the game in Armenian: a configuration with an unknown key and
/// bad values (from `config check` and from `play`), an engine that is not there, and a
/// command line clap refuses. Every line in Armenian marks, the parser's English reason for
/// a time control retold in Armenian.
#[test]
fn start_up_errors_in_armenian_use_its_marks_and_words() {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(
        home.path().join("bad.toml"),
        "[game]\nlanguag = \"hy\"\ncontrol = \"abc\"\n[speech]\ngap_ms = \"x\"\nspeed = 9.0\n\
         [gamepad.buttons]\nSouth = \"fly\"\n",
    )
    .unwrap();
    let run = |args: &[&str], stdin: &[u8]| {
        let out = common_play::run_piped(home.path(), args, stdin);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        check(&args.join(" "), &text);
        text
    };
    let has = |text: &str, want: &str| assert!(text.contains(want), "{want:?} not in:\n{text}");

    let checked = run(&["config", "check", "--lang", "hy", "bad.toml"], b"");
    for want in [
        "bad.toml, տող 2՝ անհայտ բանալի «languag» [game] բաժնում (գուցե նկատի ունեի՞ք «language»)\n",
        "bad.toml, տող 3՝ բանալի «control» [game] բաժնում՝ սա ժամանակի հսկողություն չէ, որը \
         vichess-ը կարող է կարդալ («abc»; նիշ 1՝ «abc» թիվ չէ (վայրկյաններ))\n",
        "bad.toml, տող 5՝ բանալի «gap_ms» [speech] բաժնում՝ սպասվում էր՝ ամբողջ թիվ; գտնվել է՝ \
         տեքստ\n",
        "bad.toml, տող 6՝ բանալի «speed» [speech] բաժնում՝ արժեքը թույլատրելի սահմաններից դուրս \
         է (9; թույլատրելի է՝ 0.5-ից 3.0)\n",
    ] {
        has(&checked, want);
    }
    has(
        &checked,
        "bad.toml, տող 8՝ բանալի «South» [gamepad.buttons] բաժնում՝ այդպիսի հրաման չկա («fly»; \
         արժեքներն են՝ press-white, press-black, press, time, count, last, moves-back, \
         moves-forward, pause, repeat, cursor-mode, cursor-up, cursor-down, cursor-left, \
         cursor-right, faster, slower, talk, none)\n",
    );
    for english in ["is not", "there is", "the commands"] {
        assert!(!checked.contains(english), "{english:?} in:\n{checked}");
    }

    let played = run(
        &["play", "--no-audio", "--lang", "hy", "--config", "bad.toml"],
        b"",
    );
    has(
        &played,
        "vichess: կարգավորումը հնարավոր չէ օգտագործել՝\nbad.toml, տող 2՝ ",
    );

    let engine = run(
        &[
            "play",
            "--no-audio",
            "--lang",
            "hy",
            "--engine",
            "/no/such/path",
        ],
        "ելք\n".as_bytes(),
    );
    has(
        &engine,
        "շարժիչի ծրագիրը չի գտնվել՝ /no/such/path; նրա կողմի քայլերը մուտքագրեք ինքներդ",
    );

    let clap = run(&["play", "--lang", "hy", "--audio", "x"], b"");
    has(
        &clap,
        "vichess: --audio՝ այդպիսի ընտրանք չկա (գուցե նկատի ունեի՞ք «--no-audio»); տե՛ս vichess \
         play --help",
    );
    let clap = run(&["scoresheet", "--lang", "hy", "--audio"], b"");
    has(
        &clap,
        "vichess: --audio <AUDIO>՝ հրամանի տողում բացակայում է; տե՛ս vichess scoresheet --help",
    );
    // A WAV file that cannot be written where --audio says.
    std::fs::write(
        home.path().join("g.pgn"),
        "[White \"Արամ\"]\n[Black \"Սոնա\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let audio = run(
        &[
            "scoresheet",
            "--lang",
            "hy",
            "--audio",
            "/no/such/dir/a.wav",
            "g.pgn",
        ],
        b"",
    );
    has(
        &audio,
        "vichess: արձանագրությունը հնարավոր չէ գրել՝ /no/such/dir/a.wav (այդպիսի ֆայլ կամ \
         թղթապանակ չկա)",
    );
    let clap = run(&["play", "--lang", "hy", "--supervision", "x"], b"");
    has(
        &clap,
        "vichess: --supervision <SUPERVISION>՝ «x»՝ այս արժեքը չի կարելի օգտագործել (արժեքներն \
         են՝ adequate, inadequate); տե՛ս vichess play --help",
    );
}

/// The demo's own lines in Armenian: its tag in Armenian, its sentences with Armenian marks
/// (the middle stop "․" between clauses, "։" at the end), no "demo:" and no ASCII full stop.
#[test]
fn the_demo_in_armenian_uses_its_marks_and_words() {
    let home = tempfile::tempdir().unwrap();
    let wav = home.path().join("d.wav");
    let out = common_play::run_piped(
        home.path(),
        &[
            "demo",
            "--lang",
            "hy",
            "--moves",
            "2",
            "--wav",
            wav.to_str().unwrap(),
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    check("demo", &text);
    check("demo's errors", &String::from_utf8_lossy(&out.stderr));
    assert!(!text.contains("demo"), "{text}");
    for want in [
        "ցուցադրություն՝ Սպիտակներ՝ տեսողության խնդիր ունեցող խաղացողը, անցքավոր տախտակի վրա․ \
         ամեն բարձրացում հպում է։\n",
        "ցուցադրություն՝ Սևեր՝ տեսնող խաղացող․ օգնականը մուտքագրում է սևերի քայլերը։\n",
        "ցուցադրություն՝ օգնականը մուտքագրում է e5\n",
    ] {
        assert!(text.contains(want), "{want:?} not in:\n{text}");
    }
}

/// A board whose port cannot be opened: the line says why in the game's words (the port's
/// path as given, the system's common reason in the pack's words), after the board's name
/// and the language's own label mark. Found by an audit that read "cannot open /dev/…: No
/// such file or directory" inside Russian and Armenian lines.
#[test]
fn a_board_that_cannot_be_opened_is_said_in_the_games_words_and_marks() {
    // The link reports from its own thread: the game is left only once the line came.
    let said = |lang: &str| {
        let home = tempfile::tempdir().unwrap();
        let games = home.path().join("games");
        let (mut child, stdin, lines) = common_play::spawn_play(
            home.path(),
            &[
                "--no-audio",
                "--lang",
                lang,
                "--control",
                "none",
                "--board",
                "dgt:/dev/vichess-no-such-port",
                "--game-dir",
                games.to_str().unwrap(),
            ],
        );
        let found =
            std::iter::from_fn(|| lines.recv_timeout(std::time::Duration::from_secs(30)).ok())
                .find(|l| l.contains("/dev/vichess-no-such-port"));
        // Leaving by end of input, in every language.
        drop(stdin);
        let _ = child.wait();
        found.unwrap_or_else(|| panic!("{lang}: no line names the port"))
    };
    let hy = said("hy");
    check("a board that cannot be opened", &hy);
    assert_eq!(
        hy,
        "խաղացողի տախտակը՝ տախտակն անջատված է։ vichess-ը նորից փորձում է երկու վայրկյանը մեկ \
         (հնարավոր չէ բացել միացքը /dev/vichess-no-such-port (այդպիսի ֆայլ կամ թղթապանակ չկա))"
    );
    assert_eq!(
        said("ru"),
        "доска игрока: доска отключена; vichess пробует снова каждые две секунды (не удаётся \
         открыть порт /dev/vichess-no-such-port (такого файла или папки нет))"
    );
}

/// The arbiter's report writes its lines from the pack's words, not from joined phrases, and
/// still follows the article rule: "սևերն առաջարկում են ոչ-ոքի", not "սևերը առաջարկում"
/// (a play-through). No word ending in the article "ը" stands before one opening with a
/// vowel anywhere in it.
#[test]
fn the_report_in_armenian_changes_the_article_before_a_vowel() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let input = "e4\nսեղմել\nոչ-ոքի առաջարկել սև\nելք\n";
    let args = [
        "play",
        "--no-audio",
        "--lang",
        "hy",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    common_play::run_piped(home.path(), &args, input.as_bytes());
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "journal"))
        .expect("the game's journal");
    let out = common_play::run_piped(
        home.path(),
        &["report", "--lang", "hy", journal.to_str().unwrap()],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("սևերն առաջարկում են ոչ-ոքի"), "{text}");
    let vowels = ['ա', 'ե', 'է', 'ը', 'ի', 'ո', 'օ', 'և'];
    let words: Vec<&str> = text.split([' ', '\n']).collect();
    let bad: Vec<String> = words
        .windows(2)
        .filter(|w| w[0].ends_with('ը') && w[1].starts_with(vowels))
        .map(|w| w.join(" "))
        .collect();
    assert!(bad.is_empty(), "{bad:?} in:\n{text}");
}
