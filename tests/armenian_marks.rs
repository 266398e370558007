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
                 e4\nելք\n";
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
