//! The command line's exact output forms: tests and users rely on them.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn vichess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(args)
        .output()
        .expect("run vichess")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("utf-8 stderr")
}

#[test]
fn perft_last_line_is_the_node_count_alone() {
    let out = vichess(&["perft", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("197281"));
}

#[test]
fn perft_divide_lists_each_move_then_the_total() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = vichess(&["perft", "--fen", kiwipete, "--divide", "2"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 48 + 1, "{text}");
    assert_eq!(lines.last(), Some(&"2039"));
    assert!(lines.contains(&"e1g1: 43"), "{text}");
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 2039);
}

#[test]
fn perft_in_chess960() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let out = vichess(&["perft", "--chess960", "--fen", fen, "3"]);
    assert_eq!(stdout(&out).lines().last(), Some("12189"));
}

#[test]
fn perft_rejects_a_bad_fen_with_the_reason() {
    // In the configuration's language: a private home has none, so the default, German.
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "1"])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .output()
        .expect("run vichess");
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("der weiße König fehlt"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn moves_prints_uci_then_san() {
    let out = vichess(&["moves", "--fen", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "e7e8q e8=Q+"), "{text}");
    assert!(text.lines().any(|l| l == "e7e8n e8=N"), "{text}");
    assert!(text.lines().any(|l| l == "e1d1 Kd1"), "{text}");
    assert_eq!(text.lines().count(), 4 + 5);
}

#[test]
fn moves_in_other_languages() {
    let out = vichess(&["moves", "--lang", "de"]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "g1f3 Sf3"), "{text}");
    assert_eq!(text.lines().count(), 20);
    let out = vichess(&["moves", "--lang", "ru"]);
    assert!(stdout(&out).lines().any(|l| l == "g1f3 Кf3"));
}

#[test]
fn moves_castling_in_chess960_is_king_takes_rook() {
    let fen = "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1";
    let text = stdout(&vichess(&["moves", "--chess960", "--fen", fen]));
    assert!(text.lines().any(|l| l == "b1h1 O-O"), "{text}");
    assert!(text.lines().any(|l| l == "b1a1 O-O-O"), "{text}");
}

#[test]
fn replay_numbers_moves_and_reports_mate() {
    let out = vichess(&["replay", "f3", "e5", "g4", "Qh4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "1. f3\n1... e5\n2. g4\n2... Qh4#\n\
         fen: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n\
         status: checkmate\n"
    );
}

#[test]
fn replay_accepts_mixed_notations_and_languages() {
    let out = vichess(&[
        "replay", "e2-e4", "e7e5", "Sg1f3", "Кb8c6", "Lf1c4", "Ng8-f6", "0-0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("1. e4\n1... e5\n2. Nf3\n2... Nc6\n3. Bc4\n3... Nf6\n4. O-O\n"),
        "{text}"
    );
    let out = vichess(&["replay", "--lang", "de", "e4", "e5", "Nf3"]);
    assert!(stdout(&out).starts_with("1. e4\n1... e5\n2. Sf3\n"));
}

#[test]
fn replay_reports_stalemate_and_dead_positions() {
    let out = vichess(&["replay", "--fen", "k7/8/8/8/8/8/8/1Q2K3 w - - 0 1", "Qb6"]);
    assert!(
        stdout(&out).ends_with("status: stalemate\n"),
        "{}",
        stdout(&out)
    );
    let out = vichess(&["replay", "--fen", "k7/8/8/8/8/8/1r6/K1B5 w - - 0 1", "Kxb2"]);
    assert!(
        stdout(&out).ends_with("status: dead position\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn replay_reports_open_claims() {
    // Knights out and back twice: the start position stands for the third time.
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let out = vichess(&[&["replay"][..], &shuffle[..]].concat());
    let text = stdout(&out);
    assert!(
        text.ends_with("status: ongoing\nclaimable: threefold\n"),
        "{text}"
    );
    let out = vichess(&["replay", "--fen", "k7/8/8/8/8/8/8/K6R w - - 99 80", "Rh2"]);
    assert!(
        stdout(&out).ends_with("status: ongoing\nclaimable: fifty-move\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn replay_automatic_draws() {
    let fen = "k7/8/8/8/8/8/8/K6R w - - 149 100";
    let out = vichess(&["replay", "--fen", fen, "Rh2"]);
    assert!(
        stdout(&out).ends_with("status: seventy-five moves\n"),
        "{}",
        stdout(&out)
    );
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let moves: Vec<&str> = cycle.iter().cycle().take(16).copied().collect();
    let out = vichess(&[&["replay"][..], &moves[..]].concat());
    assert!(
        stdout(&out).contains("status: fivefold repetition\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn replay_bad_move_exits_2_names_the_move_and_prints_nothing_else() {
    let out = vichess(&["replay", "--lang", "en", "e4", "e5", "Nf3", "Nf3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(err.contains("move 2 for Black"), "{err}");
    assert!(err.contains("\"Nf3\""), "{err}");
    assert!(err.contains("no black knight can move to f3"), "{err}");
    let out = vichess(&["replay", "--lang", "en", "e4", "Zz9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("move 1 for Black, \"Zz9\""),
        "{}",
        stderr(&out)
    );
}

/// `announce` prints in the pack's words, so its refusal of a move is in them too: the move's
/// number and side, the text as typed in the language's quotes, the reason; nothing on
/// standard output.
#[test]
fn announce_refuses_a_bad_move_in_the_packs_language() {
    for (voice, moves, said) in [
        (
            "de-fide",
            &["e4", "e5", "Qh6"][..],
            "Zug 2 von Weiß, „Qh6“: eine weiße Dame kann nicht nach h6 ziehen",
        ),
        (
            "ru",
            &["Kf3"][..],
            "ход 1 белых, «Kf3»: белый король не может пойти на эф три",
        ),
        (
            "uk",
            &["e4", "Nd5"][..],
            "хід 1 чорних, «Nd5»: чорний кінь не може піти на де п'ять",
        ),
    ] {
        let out = vichess(&[&["announce", "--voice", voice][..], moves].concat());
        assert_eq!(out.status.code(), Some(2), "{voice}");
        assert!(stdout(&out).is_empty(), "{voice}: {}", stdout(&out));
        assert_eq!(
            stderr(&out).trim_end(),
            format!("vichess: {said}"),
            "{voice}"
        );
    }
}

#[test]
fn pgn_check_reads_real_files() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/deep-blue-1997.pgn"
    );
    assert!(
        std::path::Path::new(path).exists(),
        "test data missing: {path}"
    );
    let out = vichess(&["pgn", "check", "--lang", "en", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines().last().unwrap().starts_with("6 games: 6 valid"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 6 + 1, "{text}");
}

#[test]
fn pgn_check_reports_a_bad_game_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.pgn");
    std::fs::write(
        &file,
        "[Event \"a\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n\
         [Event \"b\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    )
    .unwrap();
    let out = vichess(&["pgn", "check", "--lang", "en", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("game 1"), "{text}");
    assert!(lines[0].contains("Ke3"), "{text}");
    assert!(lines[1].starts_with("game 2"), "{text}");
    assert!(text.lines().last().unwrap().contains("2 games"), "{text}");
}

#[test]
fn clock_run_reads_keys_from_a_pipe() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["clock", "run", "--control", "90+30", "--lang", "en"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run vichess");
    child.stdin.take().unwrap().write_all(b"b\nm\nq\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("keys (in a terminal each acts at once"),
        "{text}"
    );
    assert_eq!(
        lines[1..3],
        ["clock started", "white: zero moves; black: zero moves"],
        "{text}"
    );
    assert!(
        lines[3].ends_with("black: one hour thirty minutes"),
        "{text}"
    );
}

#[test]
fn clock_simulate_and_say() {
    let out = vichess(&[
        "clock",
        "simulate",
        "--lang",
        "en",
        "--control",
        "40/5400+30:1800+30",
        "60",
        "60",
        "30",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // 90 minutes - 60 s + 30 s increment; then White's 30 s: 89:30 - 30 s + 30 s.
    assert_eq!(
        stdout(&out).lines().last(),
        Some("white: one hour twenty-nine minutes thirty seconds; black: one hour twenty-nine minutes thirty seconds")
    );
    let out = vichess(&[
        "clock",
        "simulate",
        "--lang",
        "de",
        "--control",
        "G/1",
        "30",
        "20",
        "31",
    ]);
    assert_eq!(
        stdout(&out).lines().last(),
        Some("Weiß, Zug 2: Fallblättchen gefallen"),
        "{}",
        stdout(&out)
    );
    let out = vichess(&["clock", "say", "--lang", "ru", "4332"]);
    assert_eq!(
        stdout(&out),
        "один час двенадцать минут двенадцать секунд\n"
    );
    let out = vichess(&[
        "clock",
        "simulate",
        "--lang",
        "hy",
        "--control",
        "40/5400+x",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("նիշ 9"), "{}", stderr(&out));
}

/// `clock simulate` says every step in the language asked, times in words as the clock says
/// them, with what the control brings (a new period, 8.4's end of recording); a time that is
/// none is refused in words on standard error after the steps before it, with exit code 2.
#[test]
fn clock_simulate_says_each_step_in_the_language_asked() {
    let run = |lang: &str, seconds: &[&str]| {
        let mut args = vec!["clock", "simulate", "--lang", lang, "--control", "2/60:30"];
        args.extend(seconds);
        vichess(&args)
    };
    // Two moves in an hour, then half an hour: the third move brings period 2.
    let out = run("ru", &["10", "5", "20"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "белые, ход 1: десять секунд на обдумывание; белые: пятьдесят девять минут пятьдесят секунд; чёрные: один час"
    );
    assert_eq!(
        lines[2],
        "белые, ход 2: двадцать секунд на обдумывание; белые: один час двадцать девять минут тридцать секунд; чёрные: пятьдесят девять минут пятьдесят пять секунд; белые: период два, добавлено тридцать минут"
    );
    assert_eq!(lines.len(), 4, "{text}");
    for line in &lines {
        assert!(
            !line.chars().any(|c| c.is_ascii_alphabetic()),
            "a Latin letter in a Russian line: {line}"
        );
        let chars: Vec<char> = line.chars().collect();
        assert!(
            !chars
                .windows(2)
                .any(|w| w[0] == ':' && w[1].is_ascii_digit()),
            "a time in digits, not words: {line}"
        );
    }
    let out = run("uk", &["1", "21"]);
    assert!(
        stdout(&out).contains("чорні, хід 1: двадцять одна секунда на обдумування"),
        "{}",
        stdout(&out)
    );
    let out = run("hy", &["10"]);
    assert!(
        stdout(&out).starts_with("սպիտակներ, քայլ 1՝ ծախսվեց տասը վայրկյան; սպիտակներ՝"),
        "{}",
        stdout(&out)
    );
    // A bad time: the step before it on standard output, the refusal in words on standard
    // error, and no readings after it.
    let out = run("de", &["10", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out).lines().count(), 1, "{}", stdout(&out));
    assert!(
        stderr(&out).contains("Schwarz, Zug 1: -1 ist keine Zeit in Sekunden"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn config_check_names_file_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, "[speech]\nspead = 1.2\n").unwrap();
    let out = vichess(&["config", "check", "--lang", "en", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out) + &stderr(&out);
    assert!(
        text.contains(
            "bad.toml, line 2: unknown key \"spead\" in [speech] (did you mean \"speed\"?)"
        ),
        "{text}"
    );
    let good = concat!(env!("CARGO_MANIFEST_DIR"), "/config/examples/pegboard.toml");
    let out = vichess(&["config", "check", good]);
    assert!(out.status.success(), "{}", stdout(&out));
}

/// Runs vichess with its standard output on a pipe whose reading end is already closed, as
/// when `vichess moves | head -1` has its line: the first write fails with a broken pipe.
fn vichess_into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run vichess")
}

#[test]
fn a_closed_pipe_ends_commands_quietly() {
    let pgn = env!("CARGO_MANIFEST_DIR").to_string() + "/src/cli/immortal.pgn";
    let commands: [&[&str]; 7] = [
        &["perft", "--divide", "3"],
        &["moves"],
        &["replay", "e4", "e5", "Nf3"],
        &["voices"],
        &["clock", "say", "90"],
        &["announce", "e4", "e5"],
        &["pgn", "check", &pgn],
    ];
    for args in commands {
        let out = vichess_into_closed_pipe(args);
        let err = stderr(&out);
        assert!(
            !err.contains("panicked"),
            "vichess {args:?} panicked: {err}"
        );
        assert_eq!(out.status.code(), Some(0), "vichess {args:?}: {err}");
        assert_eq!(
            err, "",
            "vichess {args:?} said something about the closed pipe"
        );
    }
}

#[test]
fn config_check_finds_the_user_file_by_xdg_config_home() {
    let dir = std::env::temp_dir().join(format!("vichess-xdg-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cfg/vichess")).unwrap();
    std::fs::write(dir.join("cfg/vichess/config.toml"), "").unwrap();
    let run = |xdg: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_vichess"))
            .args(["config", "check"])
            .env("XDG_CONFIG_HOME", xdg)
            .env("HOME", dir.join("home"))
            .output()
            .expect("run vichess")
    };
    let out = run(&dir.join("cfg"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("cfg/vichess/config.toml"), "{text}");
    // A relative XDG_CONFIG_HOME is ignored, as the XDG specification asks.
    let out = run(std::path::Path::new("cfg"));
    assert!(!stdout(&out).contains("config.toml\n"), "{}", stdout(&out));
    assert!(
        !stdout(&out).contains("vichess/config.toml"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn pgn_check_never_prints_a_terminal_control_sequence_from_a_tag() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("escape.pgn");
    std::fs::write(
        &file,
        "[Event \"x\"]\n[White \"\u{1b}]0;owned\u{7}Anna\"]\n[Black \"B\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let out = vichess(&["pgn", "check", "--lang", "en", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a raw control character was printed: {text:?}"
    );
    assert!(text.contains("\\u{1b}") && text.contains("Anna"), "{text}");
}

#[test]
fn announce_and_demo_say_the_short_form_by_default_and_the_long_one_with_long() {
    let short = vichess(&["announce", "e4", "e5", "Nf3"]);
    assert_eq!(
        stdout(&short),
        "Eva vier\nEva fünf\nSpringer Felix drei\n",
        "{}",
        stderr(&short)
    );
    let long = vichess(&["announce", "--long", "e4", "e5", "Nf3"]);
    assert_eq!(
        stdout(&long),
        "Bauer Eva zwei Eva vier\nBauer Eva sieben Eva fünf\nSpringer Gustav eins Felix drei\n"
    );
    let dir = std::env::temp_dir().join(format!("vichess-demo-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wav = dir.join("demo.wav");
    let demo = |extra: &[&str]| {
        let mut args = vec!["demo", "--moves", "1", "--wav", wav.to_str().unwrap()];
        args.extend(extra);
        stdout(&vichess(&args))
    };
    assert!(demo(&[]).lines().any(|l| l == "Eva vier"));
    assert!(demo(&["--long"])
        .lines()
        .any(|l| l == "Bauer Eva zwei Eva vier"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_command_line_error_cuts_a_long_echo_and_escapes_control_bytes() {
    let control = format!("{}\u{1b}[2J", "9x".repeat(2000));
    let out = vichess(&[
        "clock",
        "simulate",
        "--lang",
        "en",
        "--control",
        &control,
        "1",
    ]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.chars().count() < 400, "{} chars: {err}", err.len());
    // Both echoes cut: the value after the flag, and the rest quoted in the reason.
    assert!(err.contains("9x…:"), "{err}");
    assert!(err.contains("…\""), "{err}");
    assert!(
        !err.trim_end().chars().any(char::is_control),
        "raw control byte in {err:?}"
    );
}
