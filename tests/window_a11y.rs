//! `vichess window` as a screen reader reaches it (issue 25): the accessibility tree read
//! through AT-SPI, as Orca reads it, inside a private D-Bus session with the AT-SPI bus and an
//! Xvfb screen (`scripts/a11y-session`), probed with Debian's pyatspi (`scripts/atspi-probe`).
//! The 64 squares are buttons named in the game's language with what stands on them; every
//! button has a name; each announcement is an AT-SPI announcement (a live region); and a move
//! made by "clicking" squares through the tree, as a screen-reader user does, is announced and
//! journaled exactly as the same move typed in `vichess play`. The tools come from
//! `scripts/setup`; without them these tests fail, they never skip.
#![cfg(feature = "window")]

#[path = "common/play.rs"]
mod common_play;

#[path = "common/game_journal.rs"]
mod common_journal;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A test's private home in the temp dir, removed when the test ends (each run used to
/// leave one per test behind).
fn home(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("vichess-a11y-{name}-"))
        .tempdir()
        .expect("temp dir")
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Mesa's compiled shaders, shared by every window test of the run: with each test's own
/// home the software renderer compiled the same shaders again in every window (about a
/// seventh of a short window's CPU). Mesa's cache is made for many processes at once.
fn shader_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("mesa-shader-cache")
}

/// Runs `script` (bash) inside `scripts/a11y-session`, `vichess` as `$VICHESS` and the probe
/// as `$PROBE`, with a private home; fails the test when the session cannot be made.
fn in_a11y_session(home: &Path, script: &str) -> String {
    let out = Command::new(repo().join("scripts/a11y-session"))
        .args(["bash", "-euc", script])
        .current_dir(home)
        .env("VICHESS", env!("CARGO_BIN_EXE_vichess"))
        .env("PROBE", repo().join("scripts/atspi-probe"))
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_RUNTIME_DIR", home)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .env("LIBGL_ALWAYS_SOFTWARE", "1")
        .env("MESA_SHADER_CACHE_DIR", shader_cache())
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("scripts/a11y-session cannot run ({e}); run scripts/setup"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "the accessibility session failed ({}): {stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Starts `vichess window --no-audio ARGS --game-dir DIR/games` in an accessibility session,
/// waits until its 64 squares are in the tree, runs the probe's `steps` (presses, sleeps,
/// dumps into DIR), then ends the window as a desktop does, by SIGTERM. Returns what the
/// window printed: every line it said, in order.
fn window_probed(dir: &Path, args: &str, steps: &str) -> String {
    in_a11y_session(
        dir,
        &format!(
            r#"
"$VICHESS" window --no-audio {args} --game-dir {g} >out.txt 2>err.txt &
pid=$!
"$PROBE" vichess wait-squares 64 120 "^[a-h][1-8]," {steps}
kill -TERM $pid 2>/dev/null || true; wait $pid || true
"#,
            g = dir.join("games").display()
        ),
    );
    std::fs::read_to_string(dir.join("out.txt")).expect("what the window printed")
}

/// One node of the tree as the probe wrote it.
#[derive(Debug)]
struct Node {
    role: String,
    name: String,
    /// Width and height on the screen, in pixels ("" when the node has none).
    size: String,
}

impl Node {
    fn extent(&self) -> Option<(u32, u32)> {
        let (w, h) = self.size.split_once('x')?;
        Some((w.parse().ok()?, h.parse().ok()?))
    }
}

fn nodes(path: &Path) -> Vec<Node> {
    let text = std::fs::read_to_string(path).expect("the probe's dump");
    text.lines()
        .map(|l| {
            let field = |key: &str| {
                let at = l.find(&format!("\"{key}\": \"")).expect(key) + key.len() + 5;
                let rest = &l[at..];
                let mut out = String::new();
                let mut chars = rest.chars();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => out.push(chars.next().unwrap_or('\\')),
                        '"' => break,
                        c => out.push(c),
                    }
                }
                out
            };
            Node {
                role: field("role"),
                name: field("name"),
                size: field("size"),
            }
        })
        .collect()
}

/// Square buttons: named by the square as written first ("e4, helles Feld, weißer Bauer").
fn squares<'a>(tree: &'a [Node], files: &[&str], ranks: &[&str]) -> Vec<&'a Node> {
    tree.iter()
        .filter(|n| n.role == "push button")
        .filter(|n| {
            files.iter().any(|f| {
                ranks
                    .iter()
                    .any(|r| n.name.starts_with(&format!("{f}{r},")))
            })
        })
        .collect()
}

const FILES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANKS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];

/// After two moves each side's men stand where the record says, and the tree says so on
/// every square, in the game's words; every button a screen
/// reader can reach has a name; the clocks' buttons, the scoresheet and the announcements
/// are nodes too.
#[test]
fn the_squares_buttons_and_scoresheet_reach_a_screen_reader_in_the_games_words() {
    let kept = home("tree-de");
    let dir = kept.path();
    window_probed(
        dir,
        r#"--lang de --control 5m --lines "e4;press;e5;press""#,
        r#"sleep 1 dump tree.jsonl"#,
    );
    let tree = nodes(&dir.join("tree.jsonl"));
    let board = squares(&tree, &FILES, &RANKS);
    let names: std::collections::BTreeSet<&str> = board.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(board.len(), 64, "{board:#?}");
    assert_eq!(names.len(), 64, "each square named once: {names:#?}");
    for want in [
        "e4, helles Feld, weißer Bauer",
        "e2, helles Feld, leer",
        "e7, dunkles Feld, leer",
        "e1, dunkles Feld, weißer König",
        "d8, dunkles Feld, schwarze Dame",
    ] {
        assert!(
            names.iter().any(|n| n.starts_with(want)),
            "{want:?} missing: {names:#?}"
        );
    }
    // The last move is said on its squares, not only coloured.
    assert!(
        names.iter().any(
            |n| n.starts_with("e5, dunkles Feld, schwarzer Bauer") && n.contains("letzter Zug")
        ),
        "{names:#?}"
    );
    assert!(
        tree.iter()
            .any(|n| n.role == "frame" && n.name == "vichess"),
        "the window has no name: {:#?}",
        &tree[..3.min(tree.len())]
    );
    let unnamed: Vec<&Node> = tree
        .iter()
        .filter(|n| n.role == "push button" && n.name.trim().is_empty())
        .collect();
    assert!(unnamed.is_empty(), "buttons without a name: {unnamed:#?}");
    let has = |role: &str, name: &str| tree.iter().any(|n| n.role == role && n.name.contains(name));
    assert!(has("push button", "Uhr drücken: Weiß"), "{tree:#?}");
    assert!(has("push button", "Uhr drücken: Schwarz"), "{tree:#?}");
    assert!(
        has("label", "1. e4  e5") || has("label", "1. e4 e5"),
        "{tree:#?}"
    );
    assert!(has("label", "Zug beendet: Schwarz"), "{tree:#?}");
    // The last move large under the scoresheet, not only in the announcements, where the
    // press's line after it is the newest.
    assert!(has("label", "Letzter Zug: 1… e5"), "{tree:#?}");
    // Both clocks, in words.
    assert!(
        tree.iter()
            .any(|n| n.name.contains("vier Minuten") || n.name.contains("fünf Minuten")),
        "no clock said in words: {tree:#?}"
    );
}

/// In Russian the squares are named in Cyrillic words from the game's own pack.
#[test]
fn the_squares_are_named_in_russian_in_a_russian_game() {
    let kept = home("tree-ru");
    let dir = kept.path();
    window_probed(
        dir,
        r#"--lang ru --control none --lines "e4;press""#,
        r#"sleep 1 dump tree.jsonl"#,
    );
    let tree = nodes(&dir.join("tree.jsonl"));
    let board = squares(&tree, &FILES, &RANKS);
    assert_eq!(board.len(), 64, "{tree:#?}");
    let e4 = board
        .iter()
        .find(|n| n.name.starts_with("e4,"))
        .expect("e4");
    assert!(e4.name.contains("белая пешка"), "{e4:?}");
    let e2 = board
        .iter()
        .find(|n| n.name.starts_with("e2,"))
        .expect("e2");
    assert!(
        e2.name.contains("пусто") || e2.name.contains("пуст"),
        "{e2:?}"
    );
    assert!(
        board
            .iter()
            .all(|n| !n.name.contains("white") && !n.name.contains("empty")),
        "English on a Russian board: {board:#?}"
    );
}

/// The same game typed into `vichess play` (German, no clock) in a home of its own; returns
/// the home (kept while the caller reads it) and its game folder.
fn typed_in_play(name: &str, stdin: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let typed = home(name);
    let games = typed.path().join("games");
    let args = [
        "play",
        "--no-audio",
        "--lang",
        "de",
        "--control",
        "none",
        "--game-dir",
    ];
    let args: Vec<&str> = args.into_iter().chain([games.to_str().unwrap()]).collect();
    let out = common_play::run_piped(typed.path(), &args, stdin);
    assert!(out.status.success(), "{out:?}");
    (typed, games)
}

/// The journal's records without their times, the wall-clock anchor and the way the run ended
/// (a window closed by the test, a console that read its last line).
fn records(games: &Path) -> Vec<String> {
    common_journal::untimed_records(games)
        .into_iter()
        .filter(|r| r != "anchor" && !r.starts_with("end"))
        .collect()
}

/// A screen-reader user moves by activating two squares and the clock button through the
/// tree: each announcement reaches the screen reader as an AT-SPI announcement, in order, and
/// the journal holds exactly what typing `e4` and `press` in `vichess play` writes.
#[test]
fn a_move_made_through_the_tree_is_announced_live_and_journaled_as_typed() {
    let kept = home("press");
    let dir = kept.path();
    let games = dir.join("games");
    in_a11y_session(
        dir,
        &format!(
            r#"
"$VICHESS" window --no-audio --lang de --control none --game-dir {g} >out.txt 2>err.txt &
pid=$!
"$PROBE" vichess wait-squares 64 120 "^[a-h][1-8]," listen 6 heard.jsonl &
listener=$!
"$PROBE" vichess wait-squares 64 120 "^[a-h][1-8]," sleep 2 press "e2," sleep 0.3 press "e4," sleep 0.5 press "Uhr drücken: Weiß"
wait $listener
kill $pid; wait $pid || true
"#,
            g = games.display()
        ),
    );
    let heard = std::fs::read_to_string(dir.join("heard.jsonl")).expect("what was heard");
    let announced: Vec<&str> = heard
        .lines()
        .filter(|l| l.contains("\"object:announcement\""))
        .filter_map(|l| l.split("\"text\": \"").nth(1))
        .map(|t| t.trim_end_matches("\"}"))
        .collect();
    let at = |want: &str| announced.iter().position(|a| *a == want);
    let (moved, pressed) = (at("Eva vier"), at("Zug beendet: Weiß"));
    assert!(
        moved.is_some() && pressed.is_some() && moved < pressed,
        "announcements heard: {announced:#?}"
    );

    let (_typed, typed_games) = typed_in_play("press-typed", b"e4\npress\nquit\n");
    let (clicked, typed) = (records(&games), records(&typed_games));
    assert_eq!(clicked, typed);
    assert!(clicked.iter().any(|r| r == "move e2e4"), "{clicked:#?}");
}

/// The window speaks each of vichess's languages (German and Russian above) to a screen reader: its menus, buttons,
/// panels and squares, with the game's own words for the men, and no English left in a
/// Ukrainian or Armenian window.
#[test]
fn every_node_is_in_ukrainian_in_a_ukrainian_game() {
    every_node_in("uk");
}

#[test]
fn every_node_is_in_armenian_in_an_armenian_game() {
    every_node_in("hy");
}

#[test]
fn every_square_is_named_in_english_in_an_english_game() {
    every_node_in("en");
}

fn every_node_in(lang: &str) {
    use vichess::phrase::token::Token;
    use vichess::rules::{Color, Piece, Role};
    let pack = lang;
    {
        let kept = home(&format!("lang-{lang}"));
        let dir = kept.path();
        window_probed(
            dir,
            &format!(r#"--lang {lang} --control 5m --lines "e4;press""#),
            r#"sleep 1 dump tree.jsonl"#,
        );
        let tree = nodes(&dir.join("tree.jsonl"));
        let words = vichess::voice::Pack::builtin(pack).expect("pack");
        let pawn = words.text(&[Token::Man(Piece {
            color: Color::White,
            role: Role::Pawn,
        })]);
        let board = squares(&tree, &FILES, &RANKS);
        assert_eq!(board.len(), 64, "{lang}: {tree:#?}");
        let e4 = board
            .iter()
            .find(|n| n.name.starts_with("e4,"))
            .expect("e4");
        assert!(e4.name.contains(&pawn), "{lang}: {e4:?} lacks {pawn:?}");
        if lang == "en" {
            return;
        }
        let english = [
            "Game",
            "Commands",
            "View",
            "Press",
            "Send",
            "clock",
            "Scoresheet",
            "Announcements",
            "white",
            "black",
            "empty",
            "square",
            "minutes",
            "Type a move",
        ];
        for node in &tree {
            // The square itself is written as written everywhere ("e4"); the rest is words.
            for word in english {
                let said = node.name.split([' ', ',', ':']).any(|w| w == word)
                    || (word.contains(' ') && node.name.contains(word));
                assert!(!said, "{lang}: English {word:?} in {node:?}");
            }
        }
    }
}

/// The promotion chooser (an assistant recording an under-promotion by clicks): after the
/// pawn and its square, four buttons named with the game's men; the knight chosen is the
/// knight journaled, as `e8=S` typed in `play` would be. The buttons are large and named in
/// words alone (play-test: small black figurines on a dark ground, read as a glyph).
#[test]
fn a_promotion_is_chosen_by_its_named_button() {
    let kept = home("promote");
    let dir = kept.path();
    let games = dir.join("games");
    let out = window_probed(
        dir,
        r#"--lang de --control none --fen "k7/4P3/8/8/8/8/8/4K3 w - - 0 1""#,
        r#"press "e7," sleep 0.3 press "e8," sleep 0.5 dump chooser.jsonl press "Springer" sleep 1"#,
    );
    let chooser = nodes(&dir.join("chooser.jsonl"));
    for man in ["Dame", "Turm", "Läufer", "Springer"] {
        // Named in words alone, and large: the man drawn three and a half lines of text
        // high (22 points by default) with its name under it.
        let button = chooser
            .iter()
            .find(|n| n.role == "push button" && n.name == man)
            .unwrap_or_else(|| panic!("no button named {man}: {chooser:#?}"));
        let (w, h) = button.extent().expect("the button's size");
        assert!(w >= 22 * 3 && h >= 22 * 5, "{man}: {w}x{h}");
    }
    let played = records(&games);
    assert!(played.iter().any(|r| r == "move e7e8n"), "{played:#?}");
    assert!(out.lines().any(|l| l.contains("Springer")), "{out}");
}

/// A question the game asks (a resignation is asked back) gets two named buttons; the one for
/// yes answers it as `ja` typed would, and the game ends as it does in `play`.
#[test]
fn a_question_is_answered_by_its_named_button() {
    let kept = home("question");
    let dir = kept.path();
    let games = dir.join("games");
    let out = window_probed(
        dir,
        r#"--lang de --control none --lines "resign white""#,
        r#"press "Ja" sleep 1.5"#,
    );
    let asked = out
        .lines()
        .position(|l| l == "Weiß gibt auf, ja oder nein?");
    let ended = out
        .lines()
        .position(|l| l == "Ergebnis: Schwarz gewinnt (0-1)");
    assert!(asked.is_some() && ended > asked, "{out}");
    let played = records(&games);
    assert!(played.iter().any(|r| r == "resign white"), "{played:#?}");
}

/// A whole game recorded by clicks through the tree, clock presses included, with the
/// simulated pegboard beside it copying each move: it ends in mate, announced and journaled
/// exactly as the same moves typed in `play` with the same board.
#[test]
fn a_whole_game_is_played_by_clicks_with_the_pegboard_beside_it() {
    let kept = home("whole");
    let dir = kept.path();
    let games = dir.join("games");
    let click = |from: &str, to: &str, side: &str| {
        format!(
            r#"press "{from}," sleep 0.3 press "{to}," sleep 1.2 press "Uhr drücken: {side}" sleep 1.2"#
        )
    };
    let clicks = [
        click("f2", "f3", "Weiß"),
        click("e7", "e5", "Schwarz"),
        click("g2", "g4", "Weiß"),
        r#"press "d8," sleep 0.3 press "h4," sleep 2"#.to_string(),
    ]
    .join(" ");
    let out = window_probed(
        dir,
        r#"--lang de --control none --board sim"#,
        &format!(r#"sleep 1 {clicks} dump end.jsonl"#),
    );
    assert!(out.lines().any(|l| l.contains("Matt")), "{out}");
    assert!(
        out.lines().any(|l| l == "Ergebnis: Schwarz gewinnt (0-1)"),
        "{out}"
    );
    let end = nodes(&dir.join("end.jsonl"));
    assert!(
        end.iter()
            .any(|n| n.name.starts_with("h4, ") && n.name.contains("schwarze Dame")),
        "{end:#?}"
    );

    let (_typed, typed_games) = typed_in_play(
        "whole-typed",
        b"f3\npress\ne5\npress\ng4\npress\nDh4\nquit\n",
    );
    let moves = |records: Vec<String>| -> Vec<String> {
        records
            .into_iter()
            .filter(|r| {
                r.starts_with("move ") || r.starts_with("press ") || r.starts_with("result")
            })
            .collect()
    };
    let (clicked, typed) = (moves(records(&games)), moves(records(&typed_games)));
    assert_eq!(clicked, typed);
    assert!(clicked.iter().any(|r| r == "move d8h4"), "{clicked:#?}");
}

/// The Game menu's New game and Resume, activated through the tree as a screen reader does:
/// the menu closes after each (egui closes it only on a pointer click), New game leaves the
/// game played so far saved and unfinished and starts another, and Resume goes back to the
/// game with moves, not to the empty one just opened, without a note about flags the
/// window was started with.
#[test]
fn new_game_and_resume_from_the_game_menu() {
    let kept = home("menu");
    let dir = kept.path();
    let games = dir.join("games");
    let out = window_probed(
        dir,
        r#"--lang de --control none --lines "e4;press;e5;press""#,
        r#"press "Partie" sleep 0.5 press "Neue Partie" sleep 2 press "Partie" sleep 0.5 press "Letzte Partie fortsetzen" sleep 2"#,
    );
    let lines: Vec<&str> = out.lines().collect();
    let greeting = |l: &&str| l.starts_with("ohne Uhr; Weiß am Zug");
    let greetings: Vec<usize> = (0..lines.len()).filter(|&i| greeting(&lines[i])).collect();
    assert_eq!(
        greetings.len(),
        2,
        "the first game's and the new one's: {out}"
    );
    assert!(
        lines[..greetings[1]]
            .iter()
            .any(|l| l.starts_with("Partie gespeichert: ")),
        "the first game saved before the second began: {out}"
    );
    let resumed = lines
        .iter()
        .position(|l| *l == "die Partie wird fortgesetzt: Weiß – Schwarz")
        .unwrap_or_else(|| panic!("no resume: {out}"));
    let after = &lines[resumed..];
    assert!(
        after.contains(&"Weiß: ein Zug; Schwarz: ein Zug; Weiß am Zug"),
        "{out}"
    );
    assert!(!after.iter().any(|l| l.contains("nicht beachtet")), "{out}");
    // The empty game is not listed as unfinished.
    assert!(
        !after.iter().any(|l| l.starts_with("unbeendete Partien")),
        "{out}"
    );
    // A signal after the games changed still reaches the game on screen: it is saved and
    // journaled as interrupted, and the window leaves (the test's `wait` returned).
    assert!(
        after.contains(&"die Partie wurde unterbrochen (das System hat vichess beendet)"),
        "{out}"
    );
    let current = std::fs::read_to_string(games.join("current-game")).unwrap();
    let journal = games.join(current.trim());
    let records: Vec<String> = vichess::journal::read(&journal)
        .expect("the resumed game's journal")
        .entries
        .into_iter()
        .map(|e| e.payload)
        .collect();
    assert!(
        records.iter().any(|r| r.contains("interrupted SIGTERM")),
        "{records:#?}"
    );
}

/// The records of the one journal in `games` whose game the engine seat `fields` plays, as
/// `play --engine` journals it (`engine … black level 1 think - help stockfish`).
fn engine_journal(games: &Path, fields: &str) -> Vec<String> {
    let mut found: Vec<Vec<String>> = std::fs::read_dir(games)
        .expect("game folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .map(|p| {
            vichess::journal::read(&p)
                .expect("journal reads")
                .entries
                .into_iter()
                .map(|e| e.payload)
                .collect::<Vec<String>>()
        })
        .filter(|records| {
            records
                .iter()
                .any(|r| r.starts_with("engine ") && r.ends_with(fields))
        })
        .collect();
    assert_eq!(found.len(), 1, "one game against the engine: {found:#?}");
    found.remove(0)
}

/// "Gegen den Computer spielen…" from the Game menu, as a screen-reader user reaches it: the
/// menu offers no engine help in a game without an engine; the dialog's controls are named
/// whole in German (the side each radio button gives the computer, the level "Stufe 1 von
/// 8", OK and Abbrechen); OK starts the game against Stockfish at level 1 as `play --engine
/// stockfish` begins it; a move made through the tree gets the engine's reply, journaled;
/// and the menu's Tipp then says what `tipp` says at the console.
#[test]
fn a_game_against_the_computer_from_the_game_menu_in_german() {
    let kept = home("computer-de");
    let dir = kept.path();
    let games = dir.join("games");
    let out = window_probed(
        dir,
        r#"--lang de --control none"#,
        r#"press "Partie" sleep 0.5 dump menu.jsonl press "Gegen den Computer spielen" sleep 1 dump dialog.jsonl press "OK" sleep 2 press "e2," sleep 0.3 press "e4," sleep 2 press "Partie" sleep 0.5 dump help.jsonl press "Tipp" sleep 1.5"#,
    );
    let menu = nodes(&dir.join("menu.jsonl"));
    // A menu item's name ends with its key, when it has one ("Tipp F9").
    let named = |tree: &[Node], role: &str, name: &str| {
        tree.iter()
            .any(|n| n.role == role && (n.name == name || n.name.starts_with(&format!("{name} "))))
    };
    assert!(
        named(&menu, "push button", "Gegen den Computer spielen…"),
        "{menu:#?}"
    );
    assert!(!named(&menu, "push button", "Tipp"), "{menu:#?}");
    let dialog = nodes(&dir.join("dialog.jsonl"));
    for (role, name) in [
        ("radio button", "Der Computer spielt: Weiß"),
        ("radio button", "Der Computer spielt: Schwarz"),
        ("slider", "Stufe 1 von 8"),
        ("push button", "OK"),
        ("push button", "Abbrechen"),
    ] {
        assert!(
            named(&dialog, role, name),
            "no {role} {name:?}: {dialog:#?}"
        );
    }
    let help = nodes(&dir.join("help.jsonl"));
    assert!(named(&help, "push button", "Tipp F9"), "{help:#?}");
    assert!(named(&help, "push button", "Bewertung F10"), "{help:#?}");

    let records = engine_journal(&games, " black level 1 think - help stockfish");
    let has = |what: &str| records.iter().any(|r| r.contains(what));
    assert!(
        records
            .iter()
            .any(|r| r.starts_with("engine ")
                && r.ends_with(" black level 1 think - help stockfish")),
        "as `play --engine stockfish --engine-side black --level 1` writes it: {records:#?}"
    );
    let moves: Vec<&String> = records.iter().filter(|r| r.starts_with("move ")).collect();
    assert!(
        moves.len() >= 2 && moves[0].ends_with(" e2e4"),
        "the move and the engine's reply: {records:#?}\n{out}"
    );
    assert!(has("note") && has("engine Stockfish"), "{records:#?}");
    assert!(has("help hint"), "{records:#?}");
    assert!(out.lines().any(|l| l.starts_with("Tipp: ")), "{out}");
}

/// The same dialog in Ukrainian, over a window started against the engine as White: every
/// control named in Ukrainian; in an arbiter's game (`--event`) the game against the
/// computer as Black starts, and its Підказка is refused with the console's reason; after a
/// move each, Resume brings that game back with the engine as Black, as its journal says,
/// not as the window's `--engine-side` said.
#[test]
fn the_computer_dialog_in_ukrainian_and_no_help_in_an_arbiters_game() {
    let kept = home("computer-uk");
    let dir = kept.path();
    let games = dir.join("games");
    let out = window_probed(
        dir,
        r#"--lang uk --control none --event Open --engine stockfish --engine-side white --level 1"#,
        r#"press "Партія" sleep 0.5 press "Грати проти комп’ютера" sleep 1 press "Комп’ютер грає: Чорні" sleep 0.3 dump dialog.jsonl press "Гаразд" sleep 2 press "Партія" sleep 0.5 press "Підказка" sleep 0.5 press "e2," sleep 0.3 press "e4," sleep 2 press "Партія" sleep 0.5 press "Продовжити останню партію" sleep 2"#,
    );
    let dialog = nodes(&dir.join("dialog.jsonl"));
    let named = |role: &str, name: &str| dialog.iter().any(|n| n.role == role && n.name == name);
    for (role, name) in [
        ("radio button", "Комп’ютер грає: Білі"),
        ("radio button", "Комп’ютер грає: Чорні"),
        ("slider", "Рівень 1 з 8"),
        ("push button", "Гаразд"),
        ("push button", "Скасувати"),
    ] {
        assert!(named(role, name), "no {role} {name:?}: {dialog:#?}");
    }
    let pack = vichess::voice::Pack::builtin("uk").expect("pack");
    use vichess::phrase::token::{Token, Word};
    let reason = pack.text(&[Token::Word(Word::EngineHelpRated)]);
    let records = engine_journal(&games, " black level 1 think - help stockfish");
    assert!(
        records
            .iter()
            .any(|r| r.starts_with("engine ")
                && r.ends_with(" black level 1 think - help stockfish")),
        "{records:#?}"
    );
    assert!(
        out.lines().any(|l| l.starts_with(&reason)),
        "{reason:?} not said: {out}"
    );
    assert!(
        records.iter().filter(|r| r.starts_with("move ")).count() >= 2,
        "a move and the engine's reply: {records:#?}"
    );
    let back = pack.text(&[Token::Word(Word::EngineBack)]);
    let said: Vec<&str> = out.lines().filter(|l| l.starts_with(&back)).collect();
    // Once, with the engine's name: the resume named it twice before (a play-through).
    assert_eq!(said.len(), 1, "{out}");
    assert!(
        said[0].starts_with(&format!("{back}: чорні; ")) && said[0].ends_with(", рівень 1"),
        "{out}"
    );
}

/// The Commands menu names each command by its word in the game's language with what it
/// does, from the console's own help (play-test: a bare "letzter" or "meine" told a
/// low-vision player nothing); the Game menu also names its items in words.
#[test]
fn the_commands_menu_says_what_each_command_does() {
    let kept = home("commands-menu");
    let dir = kept.path();
    window_probed(
        dir,
        r#"--lang de --control none"#,
        r#"press "Befehle" sleep 0.8 dump commands.jsonl"#,
    );
    let tree = nodes(&dir.join("commands.jsonl"));
    // The key, where a command has one, follows the words ("… Züge F4").
    let has = |name: &str| tree.iter().any(|n| n.name.starts_with(name));
    for want in [
        "letzter [N]: der letzte Zug oder die letzten N Züge",
        "züge: das Partieformular",
        "drücken: den Zug abschließen und die Uhr des Gegners starten",
        "meine: die eigenen Figuren",
    ] {
        assert!(has(want), "no item {want:?}: {tree:#?}");
    }
    assert!(
        !tree
            .iter()
            .any(|n| n.name == "letzter F4" || n.name == "meine"),
        "a bare keyword: {tree:#?}"
    );
}

/// The Game menu says the last move in words (F4, the console's `last`): "Eva fünf", then
/// "1... Eva fünf" (numbered, so it says whose move it was).
#[test]
fn the_game_menu_says_the_last_move() {
    let kept = home("say-last");
    let dir = kept.path();
    let out = window_probed(
        dir,
        r#"--lang de --control none --lines "e4;press;e5;press""#,
        r#"sleep 0.5 press "Partie" sleep 0.5 press "Letzten Zug sagen" sleep 1.2"#,
    );
    let said: Vec<&str> = out.lines().filter(|l| l.ends_with("Eva fünf")).collect();
    assert_eq!(
        said,
        ["Eva fünf", "1... Eva fünf"],
        "the move, then the last move asked for: {out}"
    );
}

/// The braille scoresheet from the Game menu is saved beside the game's PGN and journal, not
/// in the folder the window was started from, and the reply says its whole path.
#[test]
fn the_braille_sheet_is_saved_beside_the_game() {
    let kept = home("brf");
    let dir = kept.path();
    let games = dir.join("games");
    let out = window_probed(
        dir,
        r#"--lang de --control none --lines "e4;press;e5;press""#,
        r#"sleep 0.5 press "Partie" sleep 0.5 press "Partieformular in Braille" sleep 1.5"#,
    );
    let brf: Vec<PathBuf> = std::fs::read_dir(&games)
        .expect("the game folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "brf"))
        .collect();
    assert_eq!(brf.len(), 1, "one sheet in {}: {out}", games.display());
    let pgn = brf[0].with_extension("pgn");
    assert!(pgn.exists(), "not beside the PGN {}", pgn.display());
    assert!(
        !dir.join("scoresheet.brf").exists(),
        "saved where the window started"
    );
    assert!(
        out.lines()
            .any(|l| l.contains(&brf[0].display().to_string())),
        "the whole path not said: {out}"
    );
}
