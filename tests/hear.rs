//! `vichess hear` (issue 28): announcements rendered by `vichess announce --wav` are heard
//! back as exactly the move announced; a phrase for a move that is illegal in the position,
//! silence and noise are "not understood", never a move; bad input gets a clear message in
//! the game's language. Needs PocketSphinx's en-us model (scripts/setup installs it). Each
//! hearing asks for PocketSphinx (`--ear sphinx`): Whisper, chosen when its model is
//! installed, has its own tests (tests/hear_whisper.rs).
#![cfg(feature = "listen")]

#[path = "common/announce.rs"]
mod common_announce;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vichess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(args)
        .output()
        .expect("vichess runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

use common_announce::render;

fn hear(path: &Path, fen: &str, lang: &str) -> String {
    let out = vichess(&[
        "hear",
        path.to_str().unwrap(),
        "--fen",
        fen,
        "--lang",
        lang,
        "--uci",
        "--ear",
        "sphinx",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const ITALIAN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4";
const CAPTURE: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

/// A spoken move comes back as that move or is refused, never as another move (the
/// recogniser is tuned to refuse rather than guess, `docs/voice-input.md`), and in each pack
/// some come back exactly.
#[test]
fn announced_moves_come_back_exactly_or_are_refused_never_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("de-fide", "de", START, "Nf3", "g1f3", "Springer Felix drei"),
        ("de-fide", "de", ITALIAN, "O-O", "e1g1", "Kurze Rochade"),
        (
            "de-fide",
            "de",
            CAPTURE,
            "exd5",
            "e4d5",
            "Eva schlägt David fünf",
        ),
        ("en", "en", START, "e4", "e2e4", "e4"),
        ("en", "en", ITALIAN, "Nc3", "b1c3", "knight c3"),
    ];
    let mut exact = Vec::new();
    for (i, (pack, lang, fen, san, uci, line)) in cases.iter().enumerate() {
        let (path, printed) = render(dir.path(), &format!("m{i}"), pack, fen, san);
        assert_eq!(&printed, line);
        let out = hear(&path, fen, lang);
        let heard_uci: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("uci ")).collect();
        assert!(
            heard_uci.iter().all(|u| u == uci),
            "{pack} {san}: a wrong move heard: {out}"
        );
        if heard_uci.is_empty() {
            continue;
        }
        let first = out.lines().next().unwrap();
        let heard = if *lang == "de" {
            "Gehört: "
        } else {
            "Heard: "
        };
        assert!(first.starts_with(heard), "{first}");
        assert!(first.contains(line), "the move as announced: {first}");
        exact.push(*pack);
    }
    // Measured: not every clip is taken (the thresholds favour refusing), but each pack
    // has clips that come back exactly; a recogniser that refuses everything fails here.
    for pack in ["de-fide", "en"] {
        assert!(
            exact.contains(&pack),
            "no {pack} clip came back exactly (exact: {exact:?})"
        );
    }
}

/// Renders the printed line `line` with eSpeak NG's voice `voice` to `dir/name.wav`.
fn espeak(dir: &Path, name: &str, voice: &str, line: &str) -> PathBuf {
    let path = dir.join(format!("{name}.wav"));
    let status = Command::new("espeak-ng")
        .args(["-v", voice, "-w", path.to_str().unwrap(), line])
        .status()
        .expect("espeak-ng runs (scripts/setup installs it)");
    assert!(status.success());
    path
}

/// The German letters ("beh", "deh", "geh", "eh", "eff") are one or two phones apart, and
/// the en-us model hears them as each other: the closed loop heard these clips as another
/// move (the pack's "König f7" as Kg7, eSpeak NG's "Läufer b2" as Bg2, "b schlägt c4" as
/// e4). A reading in letter words is never taken, and letter speech taken for Appendix D
/// words is refused: each clip comes back refused or exact, never as another move.
#[test]
fn german_letters_are_refused_or_exact_never_another_move() {
    let dir = tempfile::tempdir().unwrap();
    let king = "r1b2rk1/2pn2Np/3p1p1n/1p4p1/4Pp1P/PP1P4/2PQ1KPR/b1B2B2 b - - 0 18";
    let bishop = "r1bqkbnr/2pp1p2/pp4pp/4p3/1nP4P/1P2PPP1/P1QP1K2/RNB2BNR w k - 0 10";
    let pawn = "rn2qbnr/1b1ppk2/p1p3p1/5p1p/2p3PP/PPBPPP2/2P2K2/R2Q1BNR w - - 0 13";
    let (kf7, line) = render(dir.path(), "kf7", "de", king, "Kf7");
    assert_eq!(line, "König f7");
    let (bb2, line) = render(dir.path(), "bb2", "de", bishop, "Bb2");
    assert_eq!(line, "Läufer b2");
    let bb2_espeak = espeak(dir.path(), "bb2-espeak", "de", &line);
    let (bxc4, line) = render(dir.path(), "bxc4", "de", pawn, "bxc4");
    assert_eq!(line, "b schlägt c4");
    let bxc4_espeak = espeak(dir.path(), "bxc4-espeak", "de", &line);
    refused_or_exact(&[
        (&kf7, king, "de", "g8f7"),
        (&bb2, bishop, "de", "c1b2"),
        (&bb2_espeak, bishop, "de", "c1b2"),
        (&bxc4, pawn, "de", "b3c4"),
        (&bxc4_espeak, pawn, "de", "b3c4"),
    ]);
}

/// eSpeak NG says the piece word fast and loud at the very start, and the grammar's best
/// path put a pause over it: "knight g5" was taken as the pawn move d5 ("dee five") and
/// the Russian "слон бэ один" as a5 ("а пять"), with no close rival. A reading whose pause
/// covers speech as loud as its words left a word out, and is not taken.
#[test]
fn a_word_swallowed_by_a_pause_is_refused_not_another_move() {
    let dir = tempfile::tempdir().unwrap();
    let knight = "r1bk1b1r/p2nq1p1/2p1pnBp/1p6/3P1B2/5N2/PPP2PPP/R2Q1RK1 w - - 0 12";
    let bishop = "r2qrbk1/3b1ppn/p2p3p/1ppPp3/P3P3/1PP1B1NP/2B1QPP1/R3R1K1 w - - 2 22";
    let (_, line) = render(dir.path(), "ng5", "en", knight, "Ng5");
    assert_eq!(line, "knight g5");
    let ng5 = espeak(dir.path(), "ng5-espeak", "en-us", &line);
    let (_, line) = render(dir.path(), "bb1", "ru", bishop, "Bb1");
    assert_eq!(line, "слон бэ один");
    let bb1 = espeak(dir.path(), "bb1-espeak", "ru", &line);
    refused_or_exact(&[(&ng5, knight, "en", "f3g5"), (&bb1, bishop, "ru", "c2b1")]);
}

/// One misheard word in a reading that is otherwise right: the de-fide pack's "Läufer Bella
/// acht" was taken as "Läufer Eva acht" (another bishop move), and the de pack's "Dame f2" as
/// "Dame Eva zwei" (Qe2; its rival decode found nothing, so nothing stood against it). The
/// word the phone loop explains far better than the reading does is caught on its own.
#[test]
fn one_misheard_word_is_refused_not_another_move() {
    let dir = tempfile::tempdir().unwrap();
    let bishop = "r1bk1b1r/p2nq1p1/2p1pnBp/1p6/3P1B2/5N2/PPP2PPP/R2Q1RK1 w - - 0 12";
    let queen = "3r1rk1/1pp1q1p1/p1p1np1p/7b/4P3/2N1QPBP/PPP3P1/R3R1K1 w - - 0 19";
    let (bb8, line) = render(dir.path(), "bb8", "de-fide", bishop, "Bb8");
    assert_eq!(line, "Läufer Bella acht");
    let (qf2, line) = render(dir.path(), "qf2", "de", queen, "Qf2");
    assert_eq!(line, "Dame f2");
    refused_or_exact(&[(&bb8, bishop, "de", "f4b8"), (&qf2, queen, "de", "e3f2")]);
}

/// A rival the beam loses is not a rival that is not there. eSpeak NG's "rook e2" and
/// "queen f2" (closed loop, seeds 28 and 29) were read right, but the rival decode (the
/// grammar without the best reading's move) reached no end of the grammar, so main took
/// them with nothing against them ("rook ee two" at 84 %). Decoded again with wider beams,
/// the rivals are there and close ("rook ay two", "king eff two"): the first is a question
/// between the two moves, the second not taken.
#[test]
fn a_rival_the_beam_loses_is_looked_for_again_not_a_free_win() {
    let dir = tempfile::tempdir().unwrap();
    let rook = "3rr1k1/1p1n1p2/1qp2n1p/p1b1p2b/4P1p1/PP2N1PP/1BP2PB1/R1Q1RNK1 w - - 0 23";
    let queen = "3r1rk1/1pp1q1p1/p1p1np1p/7b/4P3/2N1QPBP/PPP3P1/R3R1K1 w - - 0 19";
    let (_, line) = render(dir.path(), "re2", "en", rook, "Re2");
    assert_eq!(line, "rook e2");
    let re2 = espeak(dir.path(), "re2-espeak", "en-us", &line);
    let (_, line) = render(dir.path(), "qf2", "en", queen, "Qf2");
    assert_eq!(line, "queen f2");
    let qf2 = espeak(dir.path(), "qf2-espeak", "en-us", &line);
    // The rival comes from the wide beams, and close enough to weigh: the move said is
    // asked about (before the silence after eSpeak NG's words was cut, 51 % against 33 %) or
    // taken well under certainty (59 % against 36 % now), never taken as if alone.
    let out = vichess(&[
        "hear",
        re2.to_str().unwrap(),
        "--fen",
        rook,
        "--lang",
        "en",
        "--uci",
        "--ear",
        "sphinx",
        "--timing",
    ]);
    let (said, measured) = (
        stdout(&out),
        String::from_utf8_lossy(&out.stderr).to_string(),
    );
    assert!(measured.contains("rival wide,"), "{measured}");
    assert!(
        measured.contains("(\"rook ay two\", \"a1a2\""),
        "{measured}"
    );
    assert!(
        said == "rook e2 or rook a2?\nask\n"
            || (said.starts_with("Heard: rook e2 (Re2), confidence ")
                && said.ends_with("uci e1e2\n")),
        "{}: {said}",
        re2.display()
    );
    assert!(!said.contains("confidence 9"), "taken as if alone: {said}");
    let out = hear(&qf2, queen, "en");
    assert!(
        !out.lines().any(|l| l.starts_with("uci ")),
        "{}: taken with a lost rival: {out}",
        qf2.display()
    );
}

/// The capture word is optional, so a capture read without it is the same move: eSpeak NG's
/// "queen takes e7" (closed loop, seed 30) was read as "queen ee seven" with "takes" under
/// a pause as loud as speech, and refused as a word left out. The phrase with "takes" in
/// that pause means the same move and, forced through the recording, puts "takes" there:
/// the reading is taken, as Qxe7.
#[test]
fn a_capture_word_under_the_pause_is_excused_as_the_same_move() {
    let dir = tempfile::tempdir().unwrap();
    let queen = "3r1rk1/1ppqNppp/p1p1n3/8/4PBb1/2N1Q3/PPP2PPP/R3R1K1 b - - 0 15";
    let (_, line) = render(dir.path(), "qxe7", "en", queen, "Qxe7");
    assert_eq!(line, "queen takes e7");
    let qxe7 = espeak(dir.path(), "qxe7-espeak", "en-us", &line);
    let out = hear(&qxe7, queen, "en");
    assert!(
        out.starts_with("Heard: queen takes e7 (Qxe7)") && out.ends_with("uci d7e7\n"),
        "{}: {out}",
        qxe7.display()
    );
}

/// Each clip (heard in `fen`, the game in `lang`) is not understood, asked about, or heard as
/// exactly its own move `uci`: never as another move.
fn refused_or_exact(clips: &[(&PathBuf, &str, &str, &str)]) {
    for (clip, fen, lang, uci) in clips {
        let out = hear(clip, fen, lang);
        let last = out.lines().last().unwrap_or_default();
        assert!(
            last == "none" || last == "ask" || last == format!("uci {uci}"),
            "{}: heard as another move: {out}",
            clip.display()
        );
    }
}

#[test]
fn an_illegal_move_silence_and_noise_are_not_understood() {
    let dir = tempfile::tempdir().unwrap();
    // "Springer Felix sechs" is Black's Nf6 after 1.e4; heard in the start position, where
    // White is to move and no knight can reach f6, it must be refused.
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let (illegal, _) = render(dir.path(), "nf6", "de-fide", after_e4, "Nf6");
    let out = hear(&illegal, START, "de");
    assert_eq!(out, "Nicht verstanden.\nnone\n");

    let rate = 16_000;
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let silence = dir.path().join("silence.wav");
    let mut w = hound::WavWriter::create(&silence, spec).unwrap();
    for _ in 0..rate * 3 / 2 {
        w.write_sample(0i16).unwrap();
    }
    w.finalize().unwrap();
    // White noise from a fixed linear congruential sequence, at a speaking level.
    let noise = dir.path().join("noise.wav");
    let mut w = hound::WavWriter::create(&noise, spec).unwrap();
    let mut x: u32 = 28;
    for _ in 0..rate * 3 / 2 {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        w.write_sample(((x >> 16) as i16) / 4).unwrap();
    }
    w.finalize().unwrap();
    for (path, lang, line) in [
        (&silence, "de", "Nicht verstanden."),
        (&noise, "de", "Nicht verstanden."),
        (&noise, "en", "Not understood."),
    ] {
        let out = hear(path, START, lang);
        assert_eq!(out, format!("{line}\nnone\n"), "{}", path.display());
    }
}

#[test]
fn bad_input_is_named_in_the_games_language() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.wav");
    let out = vichess(&["hear", missing.to_str().unwrap(), "--lang", "de"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Die Datei gibt es nicht") && err.contains("missing.wav"),
        "{err}"
    );

    let text = dir.path().join("notes.wav");
    std::fs::write(&text, "not a recording").unwrap();
    let out = vichess(&["hear", text.to_str().unwrap(), "--lang", "ru"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Файл не является читаемой записью WAV"),
        "{err}"
    );

    let (clip, _) = render(dir.path(), "e4", "en", START, "e4");
    let out = vichess(&[
        "hear",
        clip.to_str().unwrap(),
        "--fen",
        "8/8/8 w - - 0 1",
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("The position (--fen) is not valid") && err.contains("8/8/8"),
        "{err}"
    );
    assert!(stdout(&out).is_empty());
}

/// A hearing depends on the recording alone, not on what the same recogniser heard before
/// it. PocketSphinx's front end carries its noise estimate from one utterance into the next,
/// and the English pack's "d4" from the start, heard first, second and third in one `hear`,
/// scored three ways ("see four" ahead of "dee four" by 0, 3 and 30): in a game the
/// reading of a move depended on the moves heard before. Each hearing now has a new decoder.
#[test]
fn a_hearing_does_not_depend_on_the_one_before() {
    let dir = tempfile::tempdir().unwrap();
    let (d4, _) = render(dir.path(), "d4", "en", START, "d4");
    let other = espeak(dir.path(), "e4", "en-us", "e4");
    let out = vichess(&[
        "hear",
        "--fen",
        START,
        "--lang",
        "en",
        "--ear",
        "sphinx",
        "--timing",
        d4.to_str().unwrap(),
        other.to_str().unwrap(),
        d4.to_str().unwrap(),
        other.to_str().unwrap(),
        d4.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // What was measured of each hearing, without the milliseconds it took.
    let measured: Vec<String> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.starts_with("recognised in"))
        .map(|l| l.split_once("); ").map_or(l, |(_, rest)| rest).to_string())
        .collect();
    assert_eq!(measured.len(), 5, "{measured:#?}");
    assert!(measured[0].contains("gap "), "{}", measured[0]);
    assert_eq!(measured[0], measured[2], "d4 heard again after e4");
    assert_eq!(measured[0], measured[4], "d4 heard a third time");
    assert_eq!(measured[1], measured[3], "e4 heard again after d4");
    assert_ne!(measured[0], measured[1], "two recordings measured alike");
}

/// `hear --again-with` takes a rule's switch as `VICHESS_NAME=VALUE`: anything else is
/// named and nothing is heard.
#[test]
fn a_switch_that_is_no_vichess_pair_is_named_and_nothing_is_heard() {
    for bad in ["VICHESS_SQUARE_WRITTEN", "PATH=/tmp"] {
        let out = vichess(&["hear", "--again-with", bad, "no-such.wav"]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "--again-with takes VICHESS_NAME=VALUE, not \"{bad}\""
            )),
            "{err}"
        );
        assert!(out.stdout.is_empty(), "{bad}: {}", stdout(&out));
    }
}
