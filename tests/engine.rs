//! Playing against the computer (issue 27) through `vichess play` on standard input: short
//! games against Stockfish at level 1 (Debian's `stockfish`, installed by scripts/setup) and
//! one whole game to its mate at full strength, the engine's help, and a misbehaving engine written for these tests
//! (tests/engines/fake_uci.py) that crashes, hangs, answers illegal moves, prints garbage and
//! floods: the game survives each, and says so.

#[path = "common/play.rs"]
mod common_play;

#[path = "common/engine_game.rs"]
mod engine_game;

use engine_game::*;

use std::io::Write;
use std::path::{Path, PathBuf};
use vichess::rules::notation::uci;
use vichess::rules::Position;

#[test]
fn a_game_against_stockfish_at_level_1_through_play() {
    let mut g = Game::start(&stockfish(), &["--engine-side", "black", "--level", "1"]);
    g.expect(
        |l| l.starts_with("the engine plays: Black; Stockfish"),
        "naming the engine",
    );
    play_white(&mut g, 8, false);
    let (seen, records, pgn) = g.quit();
    let engine_notes = records
        .iter()
        .filter(|r| r.starts_with("note ") && r.contains("engine Stockfish"))
        .count();
    let moves: Vec<&String> = records.iter().filter(|r| r.starts_with("move ")).collect();
    assert!(moves.len() >= 10, "{seen:#?}");
    assert_eq!(engine_notes, moves.len() / 2, "{records:#?}");
    // The PGN names the engine and its level, and reads back as a legal game.
    assert!(pgn.contains("[Black \"Stockfish"), "{pgn}");
    // In no language: the level as "1/8" after the engine's own name, and the seat a program.
    assert!(pgn.contains(" (1/8)\"]"), "{pgn}");
    assert!(pgn.contains("[BlackType \"program\"]"), "{pgn}");
    assert!(!pgn.contains("level"), "{pgn}");
    let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
    let replayed = game.to_game().expect("every move legal");
    assert_eq!(replayed.moves().len(), moves.len());
    // Each of the engine's moves was announced: after the player's move's line, another.
    assert!(seen.iter().any(|l| l.starts_with("the engine plays")));
}

#[test]
fn the_engine_plays_white_on_the_clock_and_both_clocks_are_charged() {
    let mut g = Game::start(
        &stockfish(),
        &[
            "--engine-side",
            "white",
            "--level",
            "2",
            "--control",
            "5m+2s",
            "--auto-press",
            "0",
        ],
    );
    // The engine opens; the player answers with the first legal move each time.
    let mut pos = Position::new();
    for round in 0..4 {
        let journaled = wait_moves(&g.dir, 2 * round + 1);
        let reply = journaled.get(2 * round).expect("the engine moved");
        let r = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(&pos, m) == *reply)
            .unwrap();
        pos = pos.play(&r).unwrap();
        let m = pos.legal_moves()[0];
        g.type_line(&uci(&pos, &m));
        pos = pos.play(&m).unwrap();
        wait_moves(&g.dir, 2 * round + 2);
    }
    wait_moves(&g.dir, 9);
    let (seen, records, pgn) = g.quit();
    let white_presses = records
        .iter()
        .filter(|r| r.starts_with("press ") && r.ends_with("white"))
        .count();
    assert!(white_presses >= 4, "{records:#?}\n{seen:#?}");
    // Both sides' clocks in the PGN: the engine's too.
    let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
    let clocks = game
        .main
        .moves
        .iter()
        .filter(|m| m.comments.iter().any(|c| c.clock.is_some()))
        .count();
    assert!(clocks >= 8, "{pgn}");
    assert!(pgn.contains("[White \"Stockfish"), "{pgn}");
}

/// The SAN words of a PGN's movetext (comments, numbers and the result left out), replayed
/// by shakmaty, an implementation of the rules that is not vichess's: the position reached.
fn shakmaty_replay(pgn: &str) -> shakmaty::Chess {
    use shakmaty::{san::SanPlus, Chess, Position as _};
    let movetext = pgn.split("\n\n").nth(1).expect("a movetext after the tags");
    let mut plain = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let mut pos = Chess::default();
    for word in plain.split_whitespace() {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
            continue;
        }
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if word.is_empty() {
            continue;
        }
        let san = SanPlus::from_ascii(word.as_bytes()).unwrap_or_else(|_| panic!("{word}: {pgn}"));
        let m = san
            .san
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("{word} is not legal: {pgn}"));
        pos = pos.play(m).unwrap();
    }
    pos
}

/// A whole game against Stockfish at full strength, to its end, through `vichess play` on
/// standard input: the engine plays Black with a fixed think time of 20 ms a move
/// (`--think`), the test plays White with the first legal move each time (a knight shuffled
/// between b1 and a3, which Stockfish mates in about ten moves, about a second in all), so the
/// game stays short with no move limit; both clocks run (five minutes, pressed at once). The game
/// must end with a result (Stockfish mates), the PGN must replay under shakmaty to a position
/// that bears the result out, every engine move must be announced in the game's words, and
/// both clocks must have been charged.
#[test]
fn a_whole_game_against_stockfish_ends_with_a_result() {
    use shakmaty::Position as _;
    let mut g = Game::start(
        &stockfish(),
        &[
            "--engine-side",
            "black",
            "--level",
            "8",
            "--control",
            "5m",
            "--auto-press",
            "0",
        ],
    );
    let pack = vichess::voice::Pack::builtin("en").unwrap();
    let mut pos = Position::new();
    // What each engine move must be announced as.
    let mut announced = Vec::new();
    let mut plies = 0;
    while pos.has_legal_move() {
        assert!(plies < 300, "no end after {plies} plies: {:#?}", g.seen);
        let m = pos.legal_moves()[0];
        g.type_line(&uci(&pos, &m));
        pos = pos.play(&m).unwrap();
        plies += 1;
        if !pos.has_legal_move() || vichess::rules::dead::insufficient_material(&pos) {
            break;
        }
        let journaled = wait_moves(&g.dir, plies + 1);
        let reply = journaled
            .get(plies)
            .unwrap_or_else(|| panic!("no reply at ply {plies}: {:#?}", g.seen));
        let r = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(&pos, m) == *reply)
            .expect("the engine's journaled move is legal");
        announced.push(pack.text(&vichess::phrase::announce::move_phrase(&pos, &r)));
        pos = pos.play(&r).unwrap();
        plies += 1;
        if vichess::rules::dead::insufficient_material(&pos) {
            break;
        }
    }
    g.expect(|l| l.contains("wins") || l.contains("draw"), "the result");
    let (seen, records, pgn) = g.quit();
    // A result, and the position under another implementation of the rules bears it out.
    let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
    let end = shakmaty_replay(&pgn);
    let placement = |fen: String| fen.split(' ').next().unwrap().to_string();
    assert_eq!(
        placement(
            shakmaty::fen::Fen::from_position(&end, shakmaty::EnPassantMode::Legal).to_string()
        ),
        placement(pos.fen()),
        "{pgn}"
    );
    let result = game.result.map(|r| r.to_string()).unwrap_or_default();
    match result.as_str() {
        "0-1" => assert!(
            end.is_checkmate() && end.turn() == shakmaty::Color::White,
            "{pgn}"
        ),
        "1-0" => assert!(
            end.is_checkmate() && end.turn() == shakmaty::Color::Black,
            "{pgn}"
        ),
        "1/2-1/2" => assert!(
            end.is_stalemate() || end.is_insufficient_material(),
            "{pgn}"
        ),
        other => panic!("no result ({other}): {pgn}\n{seen:#?}"),
    }
    // Every engine move journaled as the engine's and announced, in the order played.
    let engine_notes = records
        .iter()
        .filter(|r| r.starts_with("note ") && r.contains("engine Stockfish"))
        .count();
    assert_eq!(engine_notes, announced.len(), "{records:#?}");
    let mut lines = seen.iter();
    for said in &announced {
        assert!(lines.any(|l| l == said), "{said} not announced: {seen:#?}");
    }
    // Both clocks charged: each side's time after its moves only goes down (no increment),
    // and ends under the five minutes (White's first move is made before the clock runs).
    let mut clocks: [Vec<std::time::Duration>; 2] = [Vec::new(), Vec::new()];
    for (i, m) in game.main.moves.iter().enumerate() {
        clocks[i % 2].extend(m.comments.iter().filter_map(|c| c.clock));
    }
    for side in &clocks {
        assert!(side.len() >= 2, "{pgn}");
        assert!(side.windows(2).all(|w| w[1] <= w[0]), "{pgn}");
        assert!(
            *side.last().unwrap() < std::time::Duration::from_secs(300),
            "{pgn}"
        );
    }
    let presses = |side: &str| {
        records
            .iter()
            .filter(|r| r.starts_with("press ") && r.ends_with(side))
            .count()
    };
    assert!(presses("white") > 0 && presses("black") > 0, "{records:#?}");
}

/// The same whole game on the simulated pegboard (issue 27: "whole games ... through the
/// simulated pegboard"): each of the player's moves made by the simulated hands and pressed,
/// each engine move announced, put on the board by the hands, and only then its clock
/// pressed, to the engine's mate.
#[test]
fn a_whole_game_against_stockfish_on_the_simulated_pegboard_ends_with_a_result() {
    use shakmaty::Position as _;
    let mut g = Game::start(
        &stockfish(),
        &[
            "--engine-side",
            "black",
            "--level",
            "8",
            "--board",
            "sim",
            "--control",
            "5m",
        ],
    );
    g.expect(|l| l.starts_with("the engine plays"), "naming the engine");
    let pack = vichess::voice::Pack::builtin("en").unwrap();
    let mut pos = Position::new();
    let mut plies = 0;
    loop {
        assert!(plies < 300, "no end after {plies} plies: {:#?}", g.seen);
        let m = pos.legal_moves()[0];
        g.type_line(&format!("sim {}", uci(&pos, &m)));
        let said = pack.text(&vichess::phrase::announce::move_phrase(&pos, &m));
        pos = pos.play(&m).unwrap();
        plies += 1;
        if !pos.has_legal_move() || vichess::rules::dead::insufficient_material(&pos) {
            break;
        }
        // The hands' move read off the board and announced, then pressed.
        g.expect(|l| l == said, "the player's move from the board");
        g.type_line("press");
        let journaled = wait_moves(&g.dir, plies + 1);
        let reply = journaled
            .get(plies)
            .unwrap_or_else(|| panic!("no reply at ply {plies}: {:#?}", g.seen));
        let r = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(&pos, m) == *reply)
            .expect("the engine's journaled move is legal");
        pos = pos.play(&r).unwrap();
        plies += 1;
        if !pos.has_legal_move() || vichess::rules::dead::insufficient_material(&pos) {
            break;
        }
        // The engine's clock is pressed only once its move stands on the board.
        g.expect(
            |l| l.starts_with("move completed: Black; clock running: White"),
            "the engine's press after the hands put its move on the board",
        );
    }
    g.expect(|l| l.contains("wins") || l.contains("draw"), "the result");
    let (seen, records, pgn) = g.quit();
    let end = shakmaty_replay(&pgn);
    assert!(
        end.is_checkmate() || end.is_stalemate() || end.is_insufficient_material(),
        "{pgn}\n{seen:#?}"
    );
    assert_eq!(moves_of(&records).len(), plies, "{records:#?}");
    // Every engine move came back from the board: the hands put it right each time.
    let corrected = seen
        .iter()
        .filter(|l| l.starts_with("position correct"))
        .count();
    assert!(
        corrected >= plies / 2 - 1,
        "{corrected} of {plies}: {seen:#?}"
    );
}

#[test]
fn hint_eval_threats_and_takeback_against_the_engine() {
    let mut g = Game::start(&stockfish(), &["--engine-side", "black"]);
    g.expect(|l| l.starts_with("the engine plays"), "naming the engine");
    g.type_line("hint");
    g.expect(|l| l.starts_with("hint: "), "with the hint");
    g.type_line("eval");
    g.expect(
        |l| l.starts_with("the position is about equal") || l.starts_with("White is"),
        "with the evaluation",
    );
    g.type_line("e2e4");
    wait_moves(&g.dir, 2);
    g.type_line("threats");
    g.expect(
        |l| l.starts_with("the opponent threatens: ") || l.starts_with("no threat"),
        "with the threat",
    );
    g.type_line("takeback");
    g.expect(|l| l.starts_with("taken back: e4, "), "taking back");
    let (seen, records, _) = g.quit();
    for help in ["help hint ", "help eval ", "help threats "] {
        assert!(
            records.iter().any(|r| r.contains(help)),
            "{help}: {records:#?}"
        );
    }
    assert!(engine_took_back(&records), "{records:#?}\n{seen:#?}");
}

#[test]
fn help_is_off_without_an_engine_and_when_refused() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--lang",
        "de",
        "--control",
        "none",
        "--game-dir",
        games.to_str().unwrap(),
    ];
    let out = common_play::run_piped(home.path(), &args, "Bewertung\nTipp\nquit\n".as_bytes());
    let lines = common_play::lines_of(&out);
    let off = lines
        .iter()
        .filter(|l| {
            l.trim_start_matches('\u{a0}')
                .starts_with("die Hilfe der Engine ist in dieser Partie aus")
        })
        .count();
    assert_eq!(off, 2, "{lines:#?}");
    let mut g = Game::fake("good", &["--no-help"]);
    g.type_line("eval");
    // Refused for what it is: help switched off, not help being for practice games.
    g.expect(
        |l| l == "the engine's help is switched off for this game",
        "refusing",
    );
    let (_, records, _) = g.quit();
    assert!(
        !records
            .iter()
            .any(|r| r.starts_with("note ") && r.contains(" help ")),
        "{records:#?}"
    );
}

/// The fixed game the fake engine knows: the player's moves as White.
const WHITE: [&str; 5] = ["e2e4", "g1f3", "f1c4", "b1c3", "d2d3"];

/// Plays the fixed game against a fake engine that misbehaves as `mode` says; the game must
/// reach all ten moves and say `fault`.
fn survives(mode: &str, lang: &str, fault: &str) -> Vec<String> {
    let arg = (mode == "crash-after").then_some("2");
    let mut g = Game::fake_with(mode, arg, &["--lang", lang]);
    for (i, m) in WHITE.iter().enumerate() {
        g.type_line(m);
        let journaled = wait_moves(&g.dir, 2 * i + 2);
        assert_eq!(journaled.len(), 2 * i + 2, "{mode}: {:#?}", g.seen);
    }
    let (seen, records, _) = g.quit();
    let all = moves_of(&records);
    assert_eq!(
        all,
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "b1c3", "g8f6", "d2d3", "d7d6"],
        "{mode}"
    );
    assert!(
        seen.iter().any(|l| l.contains(fault)),
        "{mode}: no {fault:?} in {seen:#?}"
    );
    seen
}

#[test]
fn an_engine_that_crashes_is_started_again_with_the_game() {
    let seen = survives("crash-after", "en", "the engine stopped");
    assert!(seen
        .iter()
        .any(|l| l.starts_with("the engine failed; vichess starts it again")));
}

#[test]
fn an_engine_that_hangs_is_stopped_and_started_again() {
    survives("hang-once", "en", "the engine did not answer in time");
}

#[test]
fn an_illegal_engine_move_is_refused_and_the_engine_asked_again() {
    survives("illegal-once", "en", "the engine's move is illegal: a1a8");
}

#[test]
fn garbage_from_the_engine_is_said_in_the_games_language() {
    survives(
        "garbage-once",
        "de",
        "die Antwort der Engine ist kein Zug: bestmove banana",
    );
}

#[test]
fn an_engine_that_floods_is_stopped() {
    survives("flood-once", "uk", "рушій друкує без кінця");
}

#[test]
fn a_missing_engine_is_said_and_its_moves_are_typed() {
    let mut g = Game::start("/nonexistent/engine", &[]);
    g.expect(
        |l| {
            l == "the engine's program was not found: /nonexistent/engine; type its side's moves yourself"
        },
        "saying so once",
    );
    g.type_line("e4");
    g.type_line("e5");
    g.expect(|l| l == "e5", "taking Black's typed move");
    let (_, records, _) = g.quit();
    assert_eq!(moves_of(&records), ["e2e4", "e7e5"]);
}

#[test]
fn on_the_simulated_pegboard_the_engines_move_stands_before_the_players_clock_starts() {
    let mut g = Game::fake("good", &["--board", "sim", "--control", "5m"]);
    g.expect(|l| l.starts_with("the engine plays"), "naming the engine");
    g.type_line("sim e4");
    g.expect(|l| l == "e4", "the player's move from the board");
    g.type_line("press");
    g.expect(|l| l == "e5", "the engine's move announced");
    g.expect(
        |l| l.starts_with("move completed: Black; clock running: White"),
        "the engine's clock pressed once its move stands on the board",
    );
    let (seen, records, _) = g.quit();
    // The engine's move, then the board put right by the simulated hands, then the press.
    let at = |what: &str| seen.iter().position(|l| l.starts_with(what));
    assert!(at("e5") < at("position correct"), "{seen:#?}");
    assert!(
        at("position correct") < at("move completed: Black"),
        "{seen:#?}"
    );
    let black_move = records.iter().position(|r| r.ends_with(" e7e5")).unwrap();
    let black_press = records
        .iter()
        .position(|r| r.starts_with("press ") && r.ends_with(" black"))
        .unwrap();
    assert!(black_move < black_press, "{records:#?}");
    assert_eq!(moves_of(&records), ["e2e4", "e7e5"]);
}

#[test]
fn review_names_the_turning_point_and_writes_the_evaluations() {
    let home = tempfile::tempdir().unwrap();
    let game = home.path().join("scholar.pgn");
    std::fs::write(
        &game,
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    )
    .unwrap();
    let args = [
        "review",
        game.to_str().unwrap(),
        "--depth",
        "6",
        "--lang",
        "de",
        "--engine",
        &stockfish(),
        "--no-audio",
    ];
    let out = common_play::run_piped(home.path(), &args, b"");
    let lines = common_play::lines_of(&out);
    let blunder =
        "Zug 3, Schwarz: Springer Felix sechs war ein grober Fehler: er lässt ein Matt in einem Zug zu; besser war ";
    assert!(lines.iter().any(|l| l.starts_with(blunder)), "{lines:#?}");
    // The mate itself is no mistake.
    assert!(lines.iter().all(|l| !l.starts_with("Zug 4")), "{lines:#?}");
    assert!(lines.last().unwrap().starts_with("Partie gespeichert: "));
    let reviewed = std::fs::read_to_string(home.path().join("scholar-review.pgn"))
        .unwrap()
        .replace('\n', " ");
    assert!(reviewed.contains("[%eval #1]"), "{reviewed}");
    assert!(reviewed.contains("[%eval #0]"), "{reviewed}");
    let evals = reviewed.matches("[%eval ").count();
    assert_eq!(evals, 7, "{reviewed}");
    // Progress on standard error: every five full moves (none in a four-move game).
    assert!(String::from_utf8_lossy(&out.stderr).is_empty());
}

#[test]
fn a_longer_review_shows_its_progress() {
    let home = tempfile::tempdir().unwrap();
    let game = home.path().join("lopez.pgn");
    std::fs::write(
        &game,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 *\n",
    )
    .unwrap();
    let out_pgn = home.path().join("out.pgn");
    let args = [
        "review",
        game.to_str().unwrap(),
        "--depth",
        "4",
        "--lang",
        "uk",
        "--out",
        out_pgn.to_str().unwrap(),
        "--engine",
        &stockfish(),
        "--no-audio",
    ];
    let out = common_play::run_piped(home.path(), &args, b"");
    let lines = common_play::lines_of(&out);
    assert!(lines.last().unwrap().contains("out.pgn"), "{lines:#?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "аналіз, хід 5 з 6"
    );
    let reviewed = std::fs::read_to_string(&out_pgn).unwrap();
    assert_eq!(reviewed.matches("[%eval").count(), 12, "{reviewed}");
    // A depth of 0, which Stockfish takes as no limit and searches for ever, is refused at
    // once, naming the option, and no review is written.
    std::fs::remove_file(&out_pgn).unwrap();
    let mut zero = args;
    zero[3] = "0";
    let out = common_play::run_piped(home.path(), &zero, b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("--depth"), "{err}");
    assert!(!out_pgn.exists());
}

#[test]
fn the_configuration_names_the_engine_and_is_checked_key_by_key() {
    let home = tempfile::tempdir().unwrap();
    let engine = fake_engine(home.path(), "good", ".");
    let config = home.path().join("engine.toml");
    std::fs::write(
        &config,
        format!("[engine]\nprogram = \"{engine}\"\nside = \"white\"\nlevel = 3\n"),
    )
    .unwrap();
    let cfg = config.to_str().unwrap().to_string();
    let mut g = Game::start_in(home, "", &["--config", &cfg]);
    g.expect(
        |l| l == "the engine plays: White; Fake Engine 1, level 3",
        "the configured engine",
    );
    g.quit();
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("bad.toml");
    std::fs::write(&config, "[engine]\nlevel = 9\nside = \"red\"\n").unwrap();
    let args = ["config", "check", config.to_str().unwrap(), "--lang", "en"];
    let out = common_play::run_piped(home.path(), &args, b"");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains(
            "line 2: key \"level\" in [engine]: the value is out of range (9; allowed: 1 to 8)"
        ),
        "{text}"
    );
    assert!(
        text.contains("line 3: key \"side\" in [engine]: not one of the values this key takes (\"red\"; white, black)"),
        "{text}"
    );
}

/// The command line's engine flags, given without `--engine`, change the configured engine
/// (its level, rating, side, think time, help) rather than being refused; only with no
/// engine from either place are they refused, in the game's words.
#[test]
fn command_line_engine_flags_override_the_configured_engine() {
    let home = tempfile::tempdir().unwrap();
    let engine = fake_engine(home.path(), "good", ".");
    let config = home.path().join("engine.toml");
    std::fs::write(
        &config,
        format!("[engine]\nprogram = \"{engine}\"\nside = \"white\"\nelo = 1800\nthink_ms = 20\n"),
    )
    .unwrap();
    let cfg = config.to_str().unwrap().to_string();
    let args = ["--config", &cfg, "--level", "5", "--engine-side", "black"];
    let mut g = Game::start_in(home, "", &args);
    g.expect(
        |l| l == "the engine plays: Black; Fake Engine 1, level 5",
        "the configured engine at the command line's level and side",
    );
    g.type_line("e2e4");
    assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{:#?}", g.seen);
    let (seen, _, pgn) = g.quit();
    assert!(
        pgn.contains("[Black \"Fake Engine 1 (5/8)\"]"),
        "{pgn}\n{seen:#?}"
    );
    // The player's own side alone puts the configured engine on the other side; a rating
    // replaces the configured one; no help turns the help off.
    let home = tempfile::tempdir().unwrap();
    let engine = fake_engine(home.path(), "good", ".");
    let config = home.path().join("engine.toml");
    std::fs::write(
        &config,
        format!("[engine]\nprogram = \"{engine}\"\nlevel = 2\nthink_ms = 20\n"),
    )
    .unwrap();
    let cfg = config.to_str().unwrap().to_string();
    let args = [
        "--config",
        &cfg,
        "--side",
        "black",
        "--elo",
        "1500",
        "--no-help",
    ];
    let mut g = Game::start_in(home, "", &args);
    g.expect(
        |l| l == "the engine plays: White; Fake Engine 1, Elo 1500",
        "the configured engine at the command line's rating, on the other side",
    );
    // (The fake engine knows only Black's replies: as White it fails and is restarted,
    // which the refusal does not wait for.)
    g.type_line("hint");
    g.expect(
        |l| l == "the engine's help is switched off for this game",
        "help turned off",
    );
    g.quit();
}

#[test]
fn after_a_crash_of_vichess_the_resumed_game_goes_on_against_the_engine() {
    let mut g = Game::fake("good", &[]);
    let (engine, dir) = (g.engine.clone(), g.dir.clone());
    for (i, m) in WHITE[..2].iter().enumerate() {
        g.type_line(m);
        assert_eq!(
            wait_moves(&g.dir, 2 * i + 2).len(),
            2 * i + 2,
            "{:#?}",
            g.seen
        );
    }
    // vichess dies without a word; the journal keeps the game.
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    let args = [
        "--no-audio",
        "--game-dir",
        dir.to_str().unwrap(),
        "--resume",
        "--engine",
        &engine,
        "--think",
        "20",
        "--lang",
        "en",
    ];
    let (mut child, mut stdin, lines) = common_play::spawn_play(g._home.path(), &args);
    writeln!(stdin, "f1c4").unwrap();
    let journaled = wait_moves(&dir, 6);
    writeln!(stdin, "quit").unwrap();
    let mut seen = Vec::new();
    until(&lines, &mut seen, |l| l.starts_with("game saved"));
    child.wait().unwrap();
    // The engine was started again with the whole game, and answered in it.
    assert_eq!(
        journaled,
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"],
        "{seen:#?}"
    );
}

/// vichess stopped while the engine thought its move; resumed, the clocks were stopped for
/// the downtime and the engine thought again on them, its time not counted (a play-through
/// watched two minutes go by so). Now its clock starts as it starts thinking, and the
/// player is told so, not that the clocks stay stopped.
#[test]
fn an_engine_resumed_on_its_move_thinks_on_its_own_clock() {
    let mut g = Game::fake("slow", &["--control", "5m"]);
    let dir = g.dir.clone();
    g.type_line("e2e4");
    g.type_line("press");
    let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !records(&dir).iter().any(|r| r.starts_with("press ")) {
        assert!(std::time::Instant::now() < end, "{:#?}", g.seen);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    // Resumed with the same slow engine (the journal names it): it thinks five seconds.
    let args = [
        "--no-audio",
        "--game-dir",
        dir.to_str().unwrap(),
        "--resume",
        "--lang",
        "en",
    ];
    let (mut child, mut stdin, lines) = common_play::spawn_play(g._home.path(), &args);
    let mut seen = Vec::new();
    let line = "the engine plays this side: Black; it is finding its move; clock running: Black";
    assert!(until(&lines, &mut seen, |l| l == line), "{seen:#?}");
    // Said as it starts thinking, not with its move (a play-through heard it only then).
    assert_eq!(moves(&dir).len(), 1, "{seen:#?}");
    let records = records(&dir);
    assert!(
        records.last().is_some_and(|r| r.starts_with("resume ")),
        "the clocks started with the thinking: {records:#?}"
    );
    writeln!(stdin, "quit").unwrap();
    until(&lines, &mut seen, |l| l.starts_with("game saved"));
    child.wait().unwrap();
    assert!(
        !seen
            .iter()
            .any(|l| l.starts_with("the clocks stay stopped")),
        "{seen:#?}"
    );
}

/// Help asked while the engine finds its own move is answered at once with when to ask,
/// not left unsaid until the move and then called "not answered" (a play-through sat 25
/// seconds in silence after `eval`, `hint`, `threats`).
#[test]
fn help_asked_while_the_engine_thinks_says_at_once_to_ask_after_its_move() {
    let mut g = Game::fake("slow", &["--lang", "de"]);
    g.type_line("e2e4");
    assert_eq!(wait_moves(&g.dir, 1).len(), 1, "{:#?}", g.seen);
    g.type_line("bewertung");
    g.expect(
        |l| l.starts_with("diese Seite spielt die Engine"),
        "the answer",
    );
    assert_eq!(
        g.seen.last().unwrap(),
        "diese Seite spielt die Engine: Schwarz; sie sucht gerade ihren Zug; \
         nach ihrem Zug bitte noch einmal fragen"
    );
    // Said before the engine's move (the slow engine takes five seconds).
    assert_eq!(moves(&g.dir).len(), 1);
    let (seen, _, _) = g.quit();
    assert!(
        !seen.iter().any(|l| l.starts_with("nicht beantwortet")),
        "{seen:#?}"
    );
}

/// `threats` in check: the threat is the check, and the men giving it are named (a
/// play-through heard "no threat" with a queen giving check).
#[test]
fn threats_in_check_names_the_men_giving_it() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3";
    let mut g = Game::start(&stockfish(), &["--fen", fen, "--lang", "de"]);
    g.type_line("drohung");
    g.expect(|l| l.starts_with("Schach"), "the answer");
    assert_eq!(g.seen.last().unwrap(), "Schach: schwarze Dame Hector vier");
    let (_, records, _) = g.quit();
    assert!(
        records.iter().any(|r| r.ends_with("help threats check")),
        "{records:#?}"
    );
}

/// The review's saved line in Armenian has the Armenian colon, as every saved line does.
#[test]
fn review_saved_in_armenian_is_labelled_with_its_colon() {
    let mut g = Game::start(&stockfish(), &["--engine-side", "black", "--lang", "hy"]);
    g.type_line("e2e4");
    wait_moves(&g.dir, 2);
    g.type_line("հանձնվել սպիտակ");
    g.type_line("այո");
    g.type_line("վերլուծություն");
    g.expect(
        |l| l.starts_with("պարտիան պահպանվեց՝ ") && l.ends_with("-review.pgn"),
        "the reviewed game saved",
    );
    g.quit();
}

#[test]
fn review_at_the_end_of_a_game_against_the_engine_is_said_and_saved() {
    let mut g = Game::start(&stockfish(), &["--engine-side", "black", "--lang", "ru"]);
    g.type_line("e2e4");
    wait_moves(&g.dir, 2);
    g.type_line("resign white");
    g.type_line("да");
    g.type_line("анализ");
    g.expect(
        |l| l.starts_with("партия сохранена: ") && l.ends_with("-review.pgn"),
        "the reviewed game saved",
    );
    let dir = g.dir.clone();
    let reviewed = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().ends_with("-review.pgn"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .unwrap();
    assert_eq!(reviewed.matches("[%eval").count(), 2, "{reviewed}");
    let (seen, _, _) = g.quit();
    assert!(
        seen.iter()
            .any(|l| l.starts_with("переломных моментов нет") || l.starts_with("ход 1,")),
        "{seen:#?}"
    );
}

/// `vichess report --lang LANG JOURNAL`: the report's text.
fn report(journal: &Path, lang: &str) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["report", "--lang", lang])
        .arg(journal)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_resume_brings_the_journaled_engine_back_without_engine_and_the_report_names_it() {
    let mut g = Game::fake("good", &["--level", "2"]);
    let (engine, dir) = (g.engine.clone(), g.dir.clone());
    for (i, m) in WHITE[..2].iter().enumerate() {
        g.type_line(m);
        assert_eq!(
            wait_moves(&g.dir, 2 * i + 2).len(),
            2 * i + 2,
            "{:#?}",
            g.seen
        );
    }
    // The seat is in the journal from the game's first records on.
    let seat = records(&dir)
        .into_iter()
        .find(|r| r.starts_with("engine "))
        .expect("the engine seat journaled");
    assert!(
        seat.ends_with(&format!(" black level 2 think 20 help {engine}")),
        "{seat}"
    );
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    // No --engine, no --think: the journal has them.
    let args = [
        "--no-audio",
        "--game-dir",
        dir.to_str().unwrap(),
        "--resume",
        "--lang",
        "en",
    ];
    let (mut child, mut stdin, lines) = common_play::spawn_play(g._home.path(), &args);
    let mut seen = Vec::new();
    assert!(
        until(&lines, &mut seen, |l| l
            .starts_with("the engine is back at the table: Black; ")
            && l.ends_with(", level 2")),
        "{seen:#?}"
    );
    writeln!(stdin, "f1c4").unwrap();
    let journaled = wait_moves(&dir, 6);
    writeln!(stdin, "quit").unwrap();
    until(&lines, &mut seen, |l| l.starts_with("game saved"));
    child.wait().unwrap();
    assert_eq!(
        journaled,
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"],
        "{seen:#?}"
    );
    // Journaled once: the resume found the same seat.
    let seats = records(&dir)
        .iter()
        .filter(|r| r.starts_with("engine "))
        .count();
    assert_eq!(seats, 1);
    let text = report(&journal(&dir).unwrap(), "de");
    assert!(
        text.contains(&format!("die Engine spielt: Schwarz, Stufe 2 ({engine})")),
        "{text}"
    );
}

#[test]
fn the_greeting_names_the_engines_side_and_level_before_the_first_move() {
    let mut g = Game::fake("good", &["--level", "3", "--lang", "de"]);
    g.expect(|l| l.contains("„hilfe“"), "the greeting");
    // The engine's own line comes before the greeting (which then does not say its side
    // again), with its name and its level in the game's words.
    assert_eq!(
        g.seen
            .iter()
            .filter(|l| l.contains("die Engine spielt"))
            .collect::<Vec<_>>(),
        ["die Engine spielt: Schwarz; Fake Engine 1, Stufe 3"],
        "{:#?}",
        g.seen
    );
    g.type_line("e2e4");
    wait_moves(&g.dir, 2);
    let (seen, _, pgn) = g.quit();
    assert!(
        pgn.contains("[Black \"Fake Engine 1 (3/8)\"]"),
        "{pgn}\n{seen:#?}"
    );
    assert!(!pgn.contains("Stufe"), "{pgn}");
}

#[test]
fn a_rating_goes_in_the_sides_elo_tag() {
    let mut g = Game::fake("good", &["--elo", "1500", "--engine-side", "white"]);
    g.expect(
        |l| l == "the engine plays: White; Fake Engine 1, Elo 1500",
        "the engine with its rating",
    );
    wait_moves(&g.dir, 1);
    let (_, _, pgn) = g.quit();
    for tag in [
        "[White \"Fake Engine 1\"]",
        "[WhiteElo \"1500\"]",
        "[WhiteType \"program\"]",
    ] {
        assert!(pgn.contains(tag), "{tag}: {pgn}");
    }
}

#[test]
fn help_is_off_in_an_arbiters_game_and_says_why_in_the_games_language() {
    let mut g = Game::fake("good", &["--event", "Vereinsmeisterschaft", "--lang", "de"]);
    g.type_line("Tipp");
    g.expect(
        |l| l.starts_with("die Hilfe der Engine ist in einer Partie mit Schiedsrichter aus"),
        "refusing the hint",
    );
    g.type_line("e2e4");
    wait_moves(&g.dir, 2);
    // A take-back is refused as help is: neither asked nor granted by the engine.
    g.type_line("zurück");
    g.type_line("Bewertung");
    g.expect(
        |l| l.starts_with("die Hilfe der Engine ist in einer Partie mit Schiedsrichter aus"),
        "refusing the evaluation",
    );
    let (seen, records, _) = g.quit();
    assert!(
        !records
            .iter()
            .any(|r| r.starts_with("note ") && r.contains(" help ")),
        "{records:#?}"
    );
    assert!(
        !records
            .iter()
            .any(|r| r.starts_with("takeback-answer ") && r.ends_with(" accept")),
        "{records:#?}\n{seen:#?}"
    );
    assert_eq!(moves_of(&records), ["e2e4", "e7e5"]);
}

#[test]
fn the_help_words_are_commands_help_lists_and_did_you_mean_knows_in_every_language() {
    use vichess::phrase::token::{Token, Word};
    use vichess::session::{Event, Session, SessionConfig, Stamp};
    use vichess::voice::Pack;
    for (lang, hint, typo, game_line) in [
        ("en", "hint", "hitn", "help game:"),
        ("de", "tipp", "tpip", "hilfe partie:"),
        ("uk", "підказка", "підкаазка", "допомога партія:"),
        ("ru", "подсказка", "подсказак", "помощь партия:"),
        ("hy", "հուշում", "հուշումմ", "օգնություն պարտիա՝"),
    ] {
        let pack = Pack::builtin(lang).unwrap();
        let mut s = Session::new(
            SessionConfig::default(),
            pack.clone(),
            Position::new(),
            None,
        );
        let lines = |effects: Vec<vichess::session::Effect>| -> Vec<String> {
            effects
                .into_iter()
                .filter_map(|e| match e {
                    vichess::session::Effect::Print(l) => Some(l),
                    _ => None,
                })
                .collect()
        };
        let help = lines(s.handle(Event::Line("help".into()), Stamp::from_millis(0)));
        let game = help.iter().find(|l| l.starts_with(game_line)).unwrap();
        assert!(game.contains(hint), "{lang}: {game}");
        // Without an engine: refused in the game's words, never read as a move.
        let said = lines(s.handle(Event::Line(hint.into()), Stamp::from_millis(1)));
        let off = pack.text(&[Token::Word(Word::EngineHelpOff)]);
        assert!(said.contains(&off), "{lang}: {said:#?}");
        let typed = lines(s.handle(Event::Line(typo.into()), Stamp::from_millis(2)));
        assert!(
            typed.iter().any(|l| l.contains(hint)),
            "{lang}: {typo} -> {typed:#?}"
        );
    }
}

#[test]
fn a_takeback_against_the_thinking_engine_is_done_only_after_it_stopped() {
    let mut g = Game::fake("slow", &[]);
    g.expect(|l| l.starts_with("the engine plays"), "naming the engine");
    g.type_line("e2e4");
    g.expect(|l| l == "e4", "the player's move");
    // The engine thinks (five seconds unless stopped); the player takes the move back.
    g.type_line("takeback");
    g.expect(
        |l| l == "taken back: e4; White to move",
        "taking back, without a clock",
    );
    // By the time it agrees, the engine has been told to stop and has answered.
    assert!(g.state.join("stopped").exists(), "{:#?}", g.seen);
    let (seen, records, pgn) = g.quit();
    // The engine answers for itself: no question put to it.
    assert!(
        !seen.iter().any(|l| l.contains("asks to take back")),
        "{seen:#?}"
    );
    // Its move for the game as it was is never played.
    assert_eq!(moves_of(&records), ["e2e4"], "{records:#?}");
    let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
    assert!(game.main.moves.is_empty(), "{pgn}");
}

#[test]
fn a_chess960_game_tells_the_engine_so() {
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    let mut g = Game::fake("log", &["--fen", fen, "--chess960"]);
    g.type_line("e2e4");
    assert_eq!(wait_moves(&g.dir, 2), ["e2e4", "e7e5"], "{:#?}", g.seen);
    // Read before `quit`, which removes the game's folder with the engine's.
    let options = std::fs::read_to_string(g.state.join("options")).unwrap_or_default();
    g.quit();
    assert!(
        options
            .lines()
            .any(|l| l == "setoption name UCI_Chess960 value true"),
        "{options}"
    );
}

#[test]
fn a_chess960_game_against_stockfish_castles_as_the_rules_say() {
    // White can castle short at once: the king on f1, the rook on h1, g1 empty after Ng1 moves.
    let fen = "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1";
    let mut g = Game::start(
        &stockfish(),
        &[
            "--fen",
            fen,
            "--chess960",
            "--engine-side",
            "black",
            "--level",
            "2",
        ],
    );
    let start = Position::from_fen(fen, vichess::rules::CastlingMode::Chess960)
        .expect("a Chess960 position");
    let mut pos = start;
    for round in 0..4 {
        let m = pos.legal_moves()[0];
        g.type_line(&uci(&pos, &m));
        pos = pos.play(&m).unwrap();
        let journaled = wait_moves(&g.dir, 2 * round + 2);
        let reply = journaled
            .get(2 * round + 1)
            .unwrap_or_else(|| panic!("{:#?}", g.seen));
        let r = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(&pos, m) == *reply)
            .expect("the engine's move is legal in the Chess960 game");
        pos = pos.play(&r).unwrap();
    }
    let (_, _, pgn) = g.quit();
    let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
    assert_eq!(
        game.to_game().expect("every move legal").moves().len(),
        8,
        "{pgn}"
    );
}

#[test]
fn a_few_moves_against_stockfish_at_full_strength() {
    let mut g = Game::start(&stockfish(), &["--engine-side", "black", "--level", "8"]);
    g.expect(
        |l| l.starts_with("the engine plays: Black; Stockfish") && l.ends_with("level 8"),
        "naming the engine at full strength",
    );
    let pos = play_white(&mut g, 3, false);
    let (_, records, pgn) = g.quit();
    assert_eq!(moves_of(&records).len(), 6, "{records:#?}");
    assert!(pgn.contains(" (8/8)\"]"), "{pgn}");
    let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
    assert_eq!(game.to_game().unwrap().position().fen(), pos.fen());
}

#[test]
fn review_at_the_end_runs_beside_the_game_and_review_again_stops_it() {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state");
    std::fs::create_dir(&state).unwrap();
    // The engine thinks five seconds on each position of the review unless stopped.
    let engine = fake_engine(home.path(), "slow", state.to_str().unwrap());
    let mut g = Game::start_in(home, &engine, &[]);
    g.type_line("resign white");
    g.type_line("yes");
    g.type_line("review");
    g.expect(
        |l| l.starts_with("the review runs while the game waits"),
        "starting",
    );
    // The game answers at once while the engine looks at the game.
    g.type_line("moves");
    g.type_line("review");
    g.expect(|l| l == "the review is stopped", "stopping it");
    let (seen, _, _) = g.quit();
    let at = |what: &str| seen.iter().position(|l| l.starts_with(what)).unwrap();
    let (started, stopped) = (at("the review runs"), at("the review is stopped"));
    assert!(stopped > started + 1, "{seen:#?}");
    assert!(
        !seen.iter().any(|l| l.ends_with("-review.pgn")),
        "{seen:#?}"
    );
}

#[test]
fn a_move_typed_for_the_engines_side_is_refused_and_nothing_changes() {
    let mut g = Game::start(
        &stockfish(),
        &[
            "--engine-side",
            "black",
            "--level",
            "1",
            "--lang",
            "ru",
            "--control",
            "5+3",
        ],
    );
    g.expect(|l| l.starts_with("движок играет"), "naming the engine");
    g.type_line("e4");
    g.expect(|l| l == "е четыре", "announcing e4");
    // Black is the engine's: the player's unpressed e4 leaves e5 to nobody at the console.
    g.type_line("e5");
    g.expect(
        |l| l.starts_with("за эту сторону играет движок"),
        "refusing the move",
    );
    assert_eq!(
        g.seen.last().unwrap(),
        "за эту сторону играет движок: чёрные; сначала нажмите свои часы"
    );
    // A hint now would be the engine's move: refused the same way.
    g.type_line("подсказка");
    g.expect(
        |l| l.trim_start_matches('\u{a0}').starts_with("за эту сторону"),
        "refusing the hint",
    );
    // The same line twice in a row gets a no-break space in front the second time, so a
    // screen reader says it again (phrase::repeat).
    assert_eq!(
        g.seen.last().unwrap(),
        "\u{a0}за эту сторону играет движок: чёрные; сначала нажмите свои часы"
    );
    assert_eq!(moves(&g.dir), ["e2e4"], "{:#?}", g.seen);
    g.type_line("нажать");
    let journaled = wait_moves(&g.dir, 2);
    assert_eq!(journaled.len(), 2, "{:#?}", g.seen);
    let (seen, records, _) = g.quit();
    // The engine's move is its own: a note of the engine's before the second move.
    let second = records
        .iter()
        .position(|r| r.starts_with("move ") && !r.contains("e2e4"))
        .unwrap();
    assert!(
        records[..second]
            .iter()
            .any(|r| r.starts_with("note ") && r.contains("engine Stockfish")),
        "{records:#?}\n{seen:#?}"
    );
}

#[test]
fn the_engine_answers_a_draw_offer_at_once() {
    let mut g = Game::fake("good", &["--lang", "uk"]);
    g.type_line("e2e4");
    assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{:#?}", g.seen);
    g.type_line("нічия");
    // Answered before the player's next move, with the engine's reason.
    g.expect(
        |l| l.starts_with("рушій відхиляє нічию"),
        "the engine's answer",
    );
    assert_eq!(
        g.seen.last().unwrap(),
        "рушій відхиляє нічию: позиція приблизно рівна"
    );
    let (seen, records, _) = g.quit();
    // The engine's line is the only one: the offer is not said declined again.
    assert!(
        !seen
            .iter()
            .any(|l| l.starts_with("пропозицію нічиєї відхилено")),
        "{seen:#?}"
    );
    let offer = records
        .iter()
        .position(|r| r.starts_with("draw ") && r.ends_with("white offer"))
        .expect("the offer journaled");
    assert!(
        records[offer + 1].starts_with("draw ") && records[offer + 1].ends_with("black decline"),
        "{records:#?}\n{seen:#?}"
    );
    assert_eq!(moves_of(&records), ["e2e4", "e7e5"]);
}

/// A draw offered before each player has moved cannot be agreed (5.2.3): the engine
/// declines for that, not "as it does not stand worse" a queen down (a play-through). In a
/// resumed game, where the engine has not yet looked at the position, it looks before it
/// answers, and a queen down it accepts.
#[test]
fn the_engine_answers_a_draw_offer_from_the_position_not_from_a_search_it_has_not_made() {
    let queen_up = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let mut g = Game::start(&stockfish(), &["--fen", queen_up, "--lang", "de"]);
    g.type_line("remis anbieten");
    g.expect(|l| l.starts_with("die Engine lehnt"), "the engine's answer");
    assert_eq!(
        g.seen.last().unwrap(),
        "die Engine lehnt das Remis ab: Remis nach Vereinbarung erst, wenn beide gezogen haben (5.2.3)"
    );
    g.type_line("Dd2");
    assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{:#?}", g.seen);
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    let dir = g.dir.clone();
    let args = [
        "--no-audio",
        "--game-dir",
        dir.to_str().unwrap(),
        "--resume",
    ];
    let (mut child, mut stdin, lines) = common_play::spawn_play(g._home.path(), &args);
    let mut seen = Vec::new();
    assert!(
        until(&lines, &mut seen, |l| l
            .starts_with("die Engine ist wieder am Brett")),
        "{seen:#?}"
    );
    writeln!(stdin, "remis anbieten").unwrap();
    assert!(
        until(&lines, &mut seen, |l| l.starts_with("die Engine nimmt")),
        "{seen:#?}"
    );
    assert_eq!(
        seen.last().unwrap(),
        "die Engine nimmt das Remis an: sie steht schlechter"
    );
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
    let ends: Vec<String> = records(&dir)
        .into_iter()
        .filter(|r| r.starts_with("draw "))
        .collect();
    assert!(
        ends.last().is_some_and(|r| r.ends_with("black accept")),
        "{ends:?}"
    );
}

/// The stretches of sound in `pcm`, apart by at least `gap_s` of silence (20 ms windows
/// below -40 dB of the loudest), each as its start and end in seconds.
fn sounding(pcm: &vichess::audio::Pcm, gap_s: f64) -> Vec<(f64, f64)> {
    let rate = f64::from(pcm.rate);
    let window = (rate * 0.02) as usize;
    let peak = pcm.samples.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    let mut out: Vec<(f64, f64)> = Vec::new();
    for (k, w) in pcm.samples.chunks(window).enumerate() {
        let loud = w.iter().fold(0.0f32, |m, v| m.max(v.abs())) > peak * 0.01;
        if !loud {
            continue;
        }
        let (start, end) = (k as f64 * 0.02, (k + 1) as f64 * 0.02);
        match out.last_mut() {
            Some(last) if start - last.1 < gap_s => last.1 = end,
            _ => out.push((start, end)),
        }
    }
    out
}

#[test]
fn review_speaks_its_turning_points_into_a_wav_one_stretch_of_sound_each() {
    let home = tempfile::tempdir().unwrap();
    let game = home.path().join("queen.pgn");
    // 2...Qh4?? loses the queen to the knight; 3. Nc3?? lets it go.
    std::fs::write(&game, "1. e4 e5 2. Nf3 Qh4 3. Nc3 Qf6 *\n").unwrap();
    let wav = home.path().join("review.wav");
    let args = [
        "review",
        game.to_str().unwrap(),
        "--depth",
        "8",
        "--lang",
        "en",
        "--engine",
        &stockfish(),
        "--wav",
        wav.to_str().unwrap(),
    ];
    let out = common_play::run_piped(home.path(), &args, b"");
    let lines = common_play::lines_of(&out);
    let points: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert!(points.len() >= 2, "{lines:#?}");
    assert!(
        points[0].starts_with(
            "move 2, Black: queen h4 was a blunder: it costs about a queen; better was "
        ),
        "{lines:#?}"
    );
    assert!(
        points[1].starts_with("move 3, White: knight c3 was a blunder: ")
            && points[1].ends_with("; better was knight takes h4"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == &format!("the spoken review is saved: {}", wav.display())),
        "{lines:#?}"
    );
    let pcm = vichess::audio::wav::read(&wav).unwrap();
    let seconds = pcm.samples.len() as f64 / f64::from(pcm.rate);
    // Two lines of about fifteen words each: several seconds, not a click and not a minute.
    assert!((4.0..60.0).contains(&seconds), "{seconds} s");
    let rms = (pcm
        .samples
        .iter()
        .map(|v| f64::from(*v).powi(2))
        .sum::<f64>()
        / pcm.samples.len() as f64)
        .sqrt();
    let dbfs = 20.0 * rms.log10();
    assert!((-40.0..-6.0).contains(&dbfs), "level {dbfs:.1} dBFS");
    // One stretch of sound per line said, apart by the pause between lines.
    let stretches = sounding(&pcm, 0.8);
    assert_eq!(stretches.len(), points.len(), "{stretches:?}");
}

#[test]
fn review_without_a_sound_device_says_so_in_the_games_language_and_prints_all_the_same() {
    let home = tempfile::tempdir().unwrap();
    let game = home.path().join("scholar.pgn");
    std::fs::write(&game, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["review", game.to_str().unwrap(), "--depth", "6"])
        .args(["--lang", "ru", "--engine", &stockfish()])
        .current_dir(home.path())
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_RUNTIME_DIR", home.path())
        .env("PULSE_SERVER", "unix:/nonexistent/pulse/native")
        .env("ALSA_CARD", "vichess-no-such-card")
        .output()
        .unwrap();
    let lines = common_play::lines_of(&out);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("ход 3, чёрные: конь эф шесть — грубая ошибка")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("звука нет: каждое объявление только печатается (")),
        "{lines:#?}"
    );
    assert!(lines.last().unwrap().starts_with("партия сохранена: "));
    // With --no-audio nothing is said about sound at all.
    let args = [
        "review",
        game.to_str().unwrap(),
        "--depth",
        "6",
        "--lang",
        "ru",
        "--engine",
        &stockfish(),
        "--no-audio",
    ];
    let quiet = common_play::lines_of(&common_play::run_piped(home.path(), &args, b""));
    assert!(
        quiet.iter().all(|l| !l.starts_with("звука нет")),
        "{quiet:#?}"
    );
    assert_eq!(quiet.len() + 1, lines.len(), "{quiet:#?}\n{lines:#?}");
}

/// A take-back against the engine is one line: what was taken back, whose move it is and
/// the clock; no question the engine answers itself, and no arbiter at a home game.
#[test]
fn a_takeback_against_the_engine_is_one_line_without_the_arbiter_in_every_language() {
    for (lang, takeback, line, arbiter) in [
        (
            "en",
            "takeback",
            "taken back: e4, e5; White to move; clock running: White, ",
            "arbiter",
        ),
        (
            "de",
            "zurück",
            "zurückgenommen: Eva vier, Eva fünf; Weiß am Zug; Uhr läuft: Weiß, ",
            "Schiedsrichter",
        ),
        (
            "uk",
            "повернути",
            "повернуто: е чотири, е п'ять; білі ходять; годинник іде: білі, ",
            "арбітр",
        ),
        (
            "ru",
            "вернуть",
            "возвращено: е четыре, е пять; белые ходят; часы идут: белые, ",
            "арбитр",
        ),
        (
            "hy",
            "հետկանչ",
            "հետ վերցված՝ e4, e5; սպիտակներն են քայլում; ժամացույցն աշխատում է՝ սպիտակները, ",
            "մրցավար",
        ),
    ] {
        let mut g = Game::fake(
            "good",
            &["--lang", lang, "--control", "5m+2s", "--auto-press", "0"],
        );
        g.type_line("e2e4");
        assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{lang}: {:#?}", g.seen);
        let e5 = line.split(';').next().unwrap().rsplit(", ").next().unwrap();
        g.expect(|l| l == e5, "e5");
        let before = g.seen.len();
        g.type_line(takeback);
        g.expect(|l| l.starts_with(line), "the take-back's line");
        let (seen, records, pgn) = g.quit();
        let said = &seen[before..];
        // The take-back's one line, with the time left after it; then only the leaving.
        assert!(said[0].len() > line.len(), "{lang}: {said:#?}");
        assert_eq!(said.len(), 2, "{lang}: {said:#?}");
        assert!(
            !said.iter().any(|l| l.contains(arbiter)),
            "{lang}: {said:#?}"
        );
        // Journaled as before: the request and the engine's yes; no move left in the game.
        assert!(
            records
                .iter()
                .any(|r| r.starts_with("takeback-request ") && r.ends_with("white")),
            "{lang}: {records:#?}"
        );
        assert!(engine_took_back(&records), "{lang}: {records:#?}");
        let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
        assert!(game.main.moves.is_empty(), "{lang}: {pgn}");
    }
}

#[test]
fn help_asked_and_then_quit_before_the_engine_answered_is_said_to_be_unanswered() {
    // The engine answers its first search at once, then thinks five seconds on each.
    let mut g = Game::fake("slow-after-first", &["--lang", "de"]);
    g.expect(|l| l.starts_with("die Engine spielt"), "naming the engine");
    g.type_line("e2e4");
    assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{:#?}", g.seen);
    g.type_line("tipp");
    g.type_line("bewertung");
    let (seen, _, _) = g.quit();
    assert!(
        seen.iter().any(|l| l
            == "nicht beantwortet: die Partie wurde verlassen, während die Engine noch rechnete; nach dem Fortsetzen erneut fragen (tipp, bewertung)"),
        "{seen:#?}"
    );
}

/// A hint the engine is still looking for when a take-back changes the position it was
/// asked in. It is not dropped without a word: the player hears that it was
/// not answered because the position changed, in the game's language, after the take-back's
/// line.
#[test]
fn a_hint_waiting_when_a_takeback_comes_is_said_to_be_withdrawn_in_every_language() {
    for (lang, hint, takeback, taken, withdrawn) in [
        (
            "en",
            "hint",
            "takeback",
            "taken back: e4, e5; White to move",
            "not answered: the position changed before the engine answered; ask again (hint)",
        ),
        (
            "de",
            "tipp",
            "zurück",
            "zurückgenommen: Eva vier, Eva fünf; Weiß am Zug",
            "nicht beantwortet: die Stellung hat sich geändert, bevor die Engine antwortete; bitte noch einmal fragen (tipp)",
        ),
        (
            "uk",
            "підказка",
            "повернути",
            "повернуто: е чотири, е п'ять; білі ходять",
            "без відповіді: позиція змінилася, перш ніж рушій відповів; запитайте ще раз (підказка)",
        ),
        (
            "ru",
            "подсказка",
            "вернуть",
            "возвращено: е четыре, е пять; белые ходят",
            "без ответа: позиция изменилась, прежде чем движок ответил; спросите ещё раз (подсказка)",
        ),
        (
            "hy",
            "հուշում",
            "հետկանչ",
            "հետ վերցված՝ e4, e5; սպիտակներն են քայլում",
            "անպատասխան մնաց։ դիրքը փոխվեց, մինչ շարժիչը կպատասխաներ։ հարցրեք նորից (հուշում)",
        ),
    ] {
        // The engine answers its move at once, then thinks five seconds on the hint unless
        // told to stop. (Help asked while it finds its own move is refused at once.)
        let mut g = Game::fake("slow-after-first", &["--lang", lang]);
        g.type_line("e2e4");
        assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{lang}: {:#?}", g.seen);
        g.type_line(hint);
        g.type_line(takeback);
        g.expect(|l| l == taken, "the take-back");
        g.expect(|l| l == withdrawn, "the hint withdrawn");
        let at = g.seen.iter().position(|l| l == withdrawn).unwrap();
        assert!(
            g.seen[..at].iter().any(|l| l == taken),
            "{lang}: {:#?}",
            g.seen
        );
        let (seen, records, _) = g.quit();
        assert!(
            !records.iter().any(|r| r.contains(" help hint")),
            "{lang}: {records:#?}\n{seen:#?}"
        );
    }
}

/// The `[%eval]` comments of a reviewed game, in order.
fn evals(pgn: &str) -> Vec<String> {
    // The writer wraps long lines, between "[%eval" and its value too.
    pgn.replace('\n', " ")
        .split("[%eval ")
        .skip(1)
        .map(|rest| rest.split(']').next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn review_in_the_game_and_vichess_review_find_the_same_turning_points() {
    let mut g = Game::start(&stockfish(), &["--engine-side", "black", "--level", "1"]);
    g.expect(|l| l.starts_with("the engine plays"), "naming the engine");
    // The first legal move each time: a weak game with turning points to find.
    play_white(&mut g, 4, false);
    g.type_line("resign white");
    g.type_line("yes");
    g.type_line("review");
    g.expect(|l| l.ends_with("-review.pgn"), "the reviewed game saved");
    let said = g
        .seen
        .iter()
        .position(|l| l.starts_with("the review runs"))
        .unwrap();
    let in_game: Vec<String> = g.seen[said + 1..]
        .iter()
        .filter(|l| l.starts_with("move ") || l.starts_with("no turning points"))
        .cloned()
        .collect();
    assert!(!in_game.is_empty(), "{:#?}", g.seen);
    let files: Vec<PathBuf> = std::fs::read_dir(&g.dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    let reviewed = files
        .iter()
        .find(|p| p.to_string_lossy().ends_with("-review.pgn"))
        .unwrap();
    let game = files
        .iter()
        .find(|p| !p.to_string_lossy().ends_with("-review.pgn"))
        .unwrap();
    let in_game_pgn = std::fs::read_to_string(reviewed).unwrap();
    let home = tempfile::tempdir().unwrap();
    let copy = home.path().join("game.pgn");
    std::fs::copy(game, &copy).unwrap();
    g.quit();
    // No --depth: `vichess review` looks as deep as `review` in the game.
    let args = [
        "review",
        copy.to_str().unwrap(),
        "--lang",
        "en",
        "--engine",
        &stockfish(),
        "--no-audio",
    ];
    let lines = common_play::lines_of(&common_play::run_piped(home.path(), &args, b""));
    let outside: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("move ") || l.starts_with("no turning points"))
        .cloned()
        .collect();
    assert_eq!(in_game, outside, "{lines:#?}");
    let outside_pgn = std::fs::read_to_string(home.path().join("game-review.pgn")).unwrap();
    assert_eq!(evals(&in_game_pgn), evals(&outside_pgn));
    // An evaluation after every move of the game.
    let played = vichess::pgn::read_game(&std::fs::read_to_string(&copy).unwrap())
        .unwrap()
        .unwrap()
        .main
        .moves
        .len();
    assert!(played >= 7, "{outside_pgn}");
    assert_eq!(evals(&outside_pgn).len(), played, "{outside_pgn}");
}

/// `opponent` (`o`) against the engine names it in the same sentence: its side, its name and
/// level, its time; never the name on a line of its own.
#[test]
fn the_opponent_readout_names_the_engine_in_its_sentence_in_every_language() {
    for (lang, plays, line) in [
        (
            "en",
            "the engine plays",
            "opponent: Black (Fake Engine 1, level 2)",
        ),
        (
            "de",
            "die Engine spielt",
            "Gegner: Schwarz (Fake Engine 1, Stufe 2)",
        ),
        (
            "uk",
            "рушій грає",
            "суперник: чорні (Fake Engine 1, рівень 2)",
        ),
        (
            "ru",
            "движок играет",
            "соперник: чёрные (Fake Engine 1, уровень 2)",
        ),
        (
            "hy",
            "շարժիչը խաղում է",
            "մրցակից՝ սևերը (Fake Engine 1, մակարդակ 2)",
        ),
    ] {
        let mut g = Game::fake("good", &["--lang", lang, "--level", "2"]);
        g.type_line("e2e4");
        g.expect(
            |l| l.starts_with(plays) && l.contains("Fake Engine 1"),
            "its name",
        );
        g.type_line("o");
        g.expect(
            |l| l.contains(line.split(':').next().unwrap()),
            "the opponent",
        );
        assert_eq!(g.seen.last().unwrap(), line, "{lang}");
        let (seen, _, _) = g.quit();
        assert!(
            !seen.iter().any(|l| l.starts_with("Fake Engine")),
            "{lang}: {seen:#?}"
        );
    }
    // With a clock, the time left follows the name.
    let mut g = Game::fake("good", &["--lang", "de", "--control", "5m"]);
    g.expect(
        |l| l.starts_with("die Engine spielt: Schwarz; "),
        "its name",
    );
    g.type_line("gegner");
    g.expect(|l| l.starts_with("Gegner: "), "the opponent");
    assert_eq!(
        g.seen.last().unwrap(),
        "Gegner: Schwarz (Fake Engine 1, Stufe 1), fünf Minuten"
    );
    g.quit();
}

/// The report says who played the engine's side in its own words: "Schwarz: Computer (Fake
/// Engine 1, Stufe 3)", never the PGN's "BlackType: program"; the PGN keeps its tag.
#[test]
fn the_report_names_the_engines_seat_in_the_reports_language() {
    let mut g = Game::fake("good", &["--level", "3"]);
    g.type_line("e2e4");
    assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{:#?}", g.seen);
    // Kept apart: the game's folder goes with the game.
    let home = tempfile::tempdir().unwrap();
    let kept = home.path().join("game.journal");
    std::fs::copy(journal(&g.dir).unwrap(), &kept).unwrap();
    let (_, _, pgn) = g.quit();
    assert!(pgn.contains("[BlackType \"program\"]"), "{pgn}");
    for (lang, line) in [
        ("de", "Schwarz: Computer (Fake Engine 1, Stufe 3)"),
        ("en", "Black: computer (Fake Engine 1, level 3)"),
        ("uk", "чорні: комп'ютер (Fake Engine 1, рівень 3)"),
        ("ru", "чёрные: компьютер (Fake Engine 1, уровень 3)"),
        ("hy", "սևերը՝ համակարգիչ (Fake Engine 1, մակարդակ 3)"),
    ] {
        let text = report(&kept, lang);
        // The report's own lines, before the PGN.
        let plain = text.split("\n[Event").next().unwrap();
        assert!(
            plain.lines().any(|l| l.ends_with(&format!("  {line}"))),
            "{lang}: {text}"
        );
        assert!(!plain.contains("BlackType"), "{lang}: {text}");
        // Said once: not the PGN's name tag as well, a line before.
        assert!(
            !plain.lines().skip(1).any(|l| l.ends_with("(3/8)")),
            "{lang}: {text}"
        );
        assert!(!plain.contains("program"), "{lang}: {text}");
    }
}

/// Without the engine's help (`--no-help`, or an arbiter's game) a take-back against the
/// engine is refused with the reason, as `hint` is: never a question the player would answer
/// for the engine, and nothing changes.
#[test]
fn without_help_a_takeback_against_the_engine_is_refused_in_the_games_words() {
    use vichess::phrase::token::{Token, Word};
    for (lang, takeback) in [
        ("en", "takeback"),
        ("de", "zurück"),
        ("uk", "повернути"),
        ("ru", "вернуть"),
        ("hy", "հետկանչ"),
    ] {
        let pack = vichess::voice::Pack::builtin(lang).unwrap();
        let off = pack.text(&[Token::Word(Word::EngineHelpSwitchedOff)]);
        let mut g = Game::fake("good", &["--no-help", "--lang", lang]);
        g.type_line("e2e4");
        assert_eq!(wait_moves(&g.dir, 2).len(), 2, "{lang}: {:#?}", g.seen);
        g.type_line(takeback);
        g.expect(|l| l == off, "refusing the take-back");
        let (seen, records, pgn) = g.quit();
        assert!(
            !records.iter().any(|r| r.starts_with("takeback-")),
            "{lang}: {records:#?}\n{seen:#?}"
        );
        let game = vichess::pgn::read_game(&pgn).unwrap().unwrap();
        assert_eq!(game.main.moves.len(), 2, "{lang}: {pgn}");
    }
}

/// While the engine is on move, words that are no move at all are "not understood", as at any
/// other time, not refused as a move for the engine's side ("press your clock first" in a
/// game without a clock).
#[test]
fn words_that_are_no_move_are_not_understood_while_the_engine_is_on_move() {
    let mut g = Game::fake("good", &[]);
    g.type_line("e2e4");
    g.expect(|l| l == "e4", "the move");
    g.type_line("xyz");
    g.expect(|l| l.starts_with("not understood"), "not understood");
    let (seen, _, _) = g.quit();
    assert!(
        !seen
            .iter()
            .any(|l| l.starts_with("the engine plays this side")),
        "{seen:#?}"
    );
}
