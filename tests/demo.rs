//! `vichess demo` end to end: the transcript holds every Appendix D element the demo promises,
//! its WAV is speech of the length the transcript implies, and played through a PulseAudio
//! null sink (a real audio device without a sound card) the same speech is recorded, whole
//! and in order, however busy the machine. The sink test fails, never skips, when PulseAudio cannot be started.

use std::path::Path;
use std::process::{Command, Output};
use vichess::audio::wav;
#[cfg(feature = "audio")]
use vichess::audio::Pcm;

#[path = "common/temp_home.rs"]
mod temp_home;

#[path = "common/pulse.rs"]
mod pulse;

/// Silence the demo puts between two phrases, in seconds (src/cli/demo.rs).
const BETWEEN_S: f64 = 0.45;

fn temp_dir(name: &str) -> temp_home::TempHome {
    temp_home::temp_dir("demo", name)
}

fn demo(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("demo")
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .output()
        .expect("vichess runs");
    assert!(
        out.status.success(),
        "vichess demo failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .expect("utf-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn position(lines: &[String], what: impl Fn(&str) -> bool, label: &str) -> usize {
    lines
        .iter()
        .position(|l| what(l))
        .unwrap_or_else(|| panic!("the transcript has no {label}:\n{}", lines.join("\n")))
}

/// The lines that were also spoken: all but the demo's narration, the scoresheet and the
/// printed result.
fn spoken(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with("demo:") && !l.starts_with("result"))
        .filter(|l| {
            !l.split_once(". ")
                .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        })
        .collect()
}

/// Bounds on the speech's length: 0.3 to 0.9 seconds a word, plus the gaps.
fn expected_seconds(spoken: &[&str]) -> (f64, f64) {
    let words: usize = spoken
        .iter()
        .map(|l| {
            l.split(|c: char| c.is_whitespace() || ";:,".contains(c))
                .filter(|w| !w.trim_matches('.').is_empty())
                .count()
        })
        .sum();
    let gaps = BETWEEN_S * (spoken.len().saturating_sub(1)) as f64;
    (gaps + 0.3 * words as f64, gaps + 0.9 * words as f64)
}

#[test]
fn the_demo_transcript_shows_every_appendix_d_element_and_its_wav_is_speech() {
    let dir = temp_dir("wav");
    let wav_path = dir.join("demo.wav");
    let out = demo(&dir, &["--wav", wav_path.to_str().unwrap()]);
    let lines = lines(&out);
    let has = |l: &str, s: &str| l.contains(s);

    // A touch on the pegboard, said privately before the move it began (D.2.2).
    let touched = position(
        &lines,
        |l| l == "berührt: weißer Springer Gustav eins",
        "touch",
    );
    let nf3 = position(
        &lines,
        |l| l == "Springer Felix drei",
        "announcement of Nf3",
    );
    assert!(touched < nf3);
    // A capture of an opponent's man is a touch of it too.
    position(
        &lines,
        |l| l == "berührt: schwarzer Bauer Eva fünf",
        "touch for capture",
    );
    // The assistant's moves announced in Appendix D words (D.2.10).
    position(&lines, |l| l == "Läufer Gustav vier", "Black's Bg4");
    // The wrong square: the mismatch, the guidance, then "position correct" (D.2.9).
    let slip = position(&lines, |l| has(l, "statt auf g4"), "the slip");
    let differ = position(&lines, |l| l == "Bretter stimmen nicht überein", "mismatch");
    let guide = position(
        &lines,
        |l| {
            l == "schwarzen Läufer von Hector fünf entfernen; schwarzen Läufer auf Gustav vier setzen"
        },
        "guidance",
    );
    let fixed = lines[guide..]
        .iter()
        .position(|l| l == "Stellung stimmt")
        .expect("position correct after the guidance");
    assert!(slip < differ && differ < guide && fixed > 0);
    // The illegal attempt refused with its reason, and the game went on.
    let refused = position(
        &lines,
        |l| l == "regelwidriger Zug, Rochade nicht erlaubt",
        "refusal",
    );
    // The rules core's detail is printed in the game's language (issue 24, item 11).
    assert!(!lines[refused + 1].contains("cannot castle"));
    assert!(
        lines[refused + 1].contains("Rochade nicht möglich: "),
        "{}",
        lines[refused + 1]
    );
    position(
        &lines,
        |l| l == "Gustav sechs",
        "the move after the refusal",
    );
    // Time calls from the speaking clock, each said once.
    let calls: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Weiß: ") && !l.contains(';'))
        .collect();
    assert!(calls.len() >= 3, "time calls: {calls:?}");
    assert!(calls
        .windows(2)
        .all(|w| w[0].trim_end_matches('.') != w[1].trim_end_matches('.')));
    // The time and the move count on request (D.2.6).
    position(
        &lines,
        |l| l.starts_with("Weiß: ") && l.contains("; Schwarz: "),
        "time on request",
    );
    position(
        &lines,
        |l| l == "Weiß: vier Züge; Schwarz: vier Züge",
        "move count",
    );
    // One voice: every word the demo says has the pack's own recording (a missing clip is
    // said by system speech in another voice, and the demo says so in a line).
    assert!(
        !lines.iter().any(|l| l.contains("keine Aufnahme")),
        "a word without a recording:\n{}",
        lines.join("\n")
    );
    // The result, and the scoresheet.
    position(&lines, |l| l == "Springer David fünf Matt", "the mate");
    position(&lines, |l| l == "Ergebnis: Weiß gewinnt (1-0)", "result");
    position(&lines, |l| l == "7. Sd5#", "scoresheet");

    // The recording: as long as the transcript's spoken lines imply, and speech-like.
    let spoken = spoken(&lines);
    assert!(spoken.len() >= 30, "{spoken:?}");
    let (low, high) = expected_seconds(&spoken);
    let pcm = wav::read(&wav_path).expect("the demo's WAV reads");
    let m = pcm.measure();
    assert!(
        (low..=high).contains(&m.seconds),
        "{:.1} s of audio, expected {low:.1} to {high:.1} s for {} spoken lines",
        m.seconds,
        spoken.len()
    );
    assert!(
        (-30.0..=-10.0).contains(&m.speech_rms_dbfs),
        "speech level {:.1} dBFS",
        m.speech_rms_dbfs
    );
    assert_eq!(m.clipped, 0);
    assert!(m.leading_silence < 0.2, "{m:?}");
    assert!(m.longest_inner_silence < 1.5, "{m:?}");
    let last = lines.last().unwrap();
    assert!(
        last.contains("geschrieben in") && last.contains("demo.wav"),
        "{last}"
    );
}

/// The demo's lines that are its own (narration, closing figures): the rest are the session's.
/// Their tag is the language's ("demo: ", "демо: ", "ցուցադրություն՝ ").
fn narration(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| {
            ["demo: ", "демо: ", "ցուցադրություն՝ "]
                .iter()
                .find_map(|tag| l.strip_prefix(tag))
        })
        .collect()
}

/// Issue 24, item 14: `--lang` gives a demo in that language, its own lines included, and the
/// assistant types moves in that language's letters; `--voice` and `[speech] pack` choose the
/// pack as in `vichess play`.
#[test]
fn the_demo_speaks_the_language_and_pack_asked_for() {
    let dir = temp_dir("lang");
    let wav = dir.join("l.wav");
    let wav = wav.to_str().unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["--moves", "6", "--wav", wav];
        all.extend_from_slice(args);
        lines(&demo(&dir, &all))
    };
    let has = |lines: &[String], want: &str| {
        assert!(
            lines.iter().any(|l| l == want),
            "{want:?} missing from {lines:#?}"
        )
    };

    let en = run(&["--lang", "en"]);
    has(&en, "touched: white knight g1");
    has(&en, "knight f3");
    has(&en, "demo: the assistant types Bg4");
    has(
        &en,
        "demo: the VI player copies Bg4 onto the pegboard, but puts the man on h5 instead of g4",
    );
    has(&en, "the boards differ");
    assert!(
        en.last().unwrap().starts_with("demo: ")
            && en.last().unwrap().contains("seconds of speech, written to")
    );

    let uk = run(&["--lang", "uk"]);
    has(&uk, "торкнуто: білий кінь же один");
    has(&uk, "кінь еф три");
    // Typed in Ukrainian letters: С for the bishop.
    has(&uk, "демо: асистент вводить Сg4");
    has(&uk, "дошки не збігаються");
    // Not one English or German word of the demo's own.
    // The seconds of speech with the language's decimal comma ("41,3 секунди").
    let seconds = |line: &str| -> String {
        line.split(' ')
            .find(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()) && w.len() > 2)
            .unwrap_or_default()
            .to_string()
    };
    let (uk_s, en_s) = (seconds(uk.last().unwrap()), seconds(en.last().unwrap()));
    assert!(uk_s.contains(',') && !uk_s.contains('.'), "{uk:#?}");
    assert!(en_s.contains('.') && !en_s.contains(','), "{en:#?}");
    for line in narration(&uk) {
        assert!(
            !line.contains("the ") && !line.contains(" der ") && !line.contains("seconds"),
            "{line}"
        );
        assert!(
            line.chars().any(|c| ('а'..='я').contains(&c) || c == 'і'),
            "{line}"
        );
    }
    for line in narration(&en) {
        assert!(
            !line
                .chars()
                .any(|c| c.is_alphabetic() && !c.is_ascii() && c != 'é'),
            "{line}"
        );
    }

    // --voice names the pack: the plain German one prints the same words as de-fide here,
    // and English named alongside a German game language wins.
    let voiced = run(&["--lang", "de", "--voice", "en"]);
    has(&voiced, "knight f3");
    has(&voiced, "demo: the assistant types Bg4");

    // `[speech] pack` in the configuration, with no flag.
    let config = dir.join("config/vichess");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[speech]\npack = \"ru\"\n").unwrap();
    let ru = run(&[]);
    has(&ru, "конь эф три");
    has(&ru, "демо: ассистент вводит Сg4");
    std::fs::remove_dir_all(dir.join("config")).unwrap();
}

#[test]
fn without_a_sound_device_the_demo_says_so_and_writes_its_wav_here() {
    let dir = temp_dir("nodevice");
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .arg("demo")
        .current_dir(&dir)
        .env("HOME", &dir)
        // No sound server: a runtime folder without a PulseAudio socket, an unusable ALSA card.
        .env("XDG_RUNTIME_DIR", &dir)
        .env("PULSE_SERVER", "unix:/nonexistent/pulse/native")
        .env("ALSA_CARD", "vichess-no-such-card")
        .output()
        .expect("vichess runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = lines(&out);
    assert!(
        lines[0].starts_with("demo: kein Tongerät ist nutzbar")
            && lines[0].contains("vichess-demo.wav"),
        "{}",
        lines[0]
    );
    let pcm = wav::read(&dir.join("vichess-demo.wav")).expect("vichess-demo.wav");
    assert!(pcm.seconds() > 30.0, "{}", pcm.seconds());
}

/// Without a sound device the reason is in the game's language too (issue 24, item 12), the
/// fault's kind in the pack's words and the device's name in the language's quotation marks,
/// and the sound system prints nothing on stderr.
#[cfg(all(feature = "audio", target_os = "linux"))]
#[test]
fn without_a_sound_device_the_reason_is_in_the_games_language_and_alsa_is_quiet() {
    // The lead-in, why (the device cannot play, or there is none: which one depends on the
    // machine's sound system), and where the speech goes instead.
    for (lang, lead, why, tail) in [
        (
            "de",
            "demo: kein Tongerät ist nutzbar (",
            [
                "das Tongerät kann keinen Ton ausgeben („",
                "auf diesem Computer gibt es kein Tongerät)",
            ],
            "); die Sprache geht in vichess-demo.wav",
        ),
        (
            "ru",
            "демо: ни одно звуковое устройство нельзя использовать (",
            [
                "звуковое устройство не может воспроизводить звук («",
                "на этом компьютере нет звукового устройства)",
            ],
            "); речь записывается в vichess-demo.wav",
        ),
        (
            "hy",
            "ցուցադրություն՝ ոչ մի ձայնային սարք հնարավոր չէ օգտագործել (",
            [
                "ձայնային սարքը չի կարող ձայն նվագարկել («",
                "այս համակարգչում ձայնային սարք չկա)",
            ],
            ")․ խոսքը գրվում է vichess-demo.wav ֆայլում",
        ),
    ] {
        let dir = temp_dir(&format!("nodevice-{lang}"));
        let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
            .args(["demo", "--moves", "1", "--lang", lang])
            .current_dir(&dir)
            .env("HOME", &dir)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_RUNTIME_DIR", &dir)
            .env("PULSE_SERVER", "unix:/nonexistent/pulse/native")
            .env("ALSA_CARD", "vichess-no-such-card")
            .output()
            .expect("vichess runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        let lines = lines(&out);
        let first = &lines[0];
        let reason = first
            .strip_prefix(lead)
            .unwrap_or_else(|| panic!("{lang}: {first}"));
        assert!(
            why.iter().any(|w| reason.starts_with(w)) && first.ends_with(tail),
            "{lang}: {first}"
        );
        // The framing and the fault's kind are the pack's; only the device's name and a
        // message of the sound system's own (in brackets) may be English. cpal's English
        // description of a kind ("The requested audio device is not available") never is.
        for english in [
            "the sound device",
            "cannot play sound",
            "there is no sound device",
            "The requested",
            "may have been",
            "not available",
            "An error occurred",
            "audio backend",
            "\"",
        ] {
            assert!(!first.contains(english), "{lang}: {first}");
        }
        assert!(
            !stderr.contains("ALSA lib"),
            "{lang}: the sound system spoke on stderr:\n{stderr}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The demo's refusals are in the game's language too (issue 24, item 12): a configuration it
/// cannot use (in `--lang`'s words, its errors as `play` says them) and an unknown `--lang`
/// (in the configuration's language, naming the languages in their own words).
#[test]
fn the_demo_refuses_in_the_games_language() {
    let dir = temp_dir("refusals");
    let own = dir.join("config/vichess");
    std::fs::create_dir_all(&own).unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
            .arg("demo")
            .args(args)
            .current_dir(&dir)
            .env("HOME", &dir)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .output()
            .expect("vichess runs");
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    std::fs::write(own.join("config.toml"), "[game]\nlanguage = \"ru\"\n").unwrap();
    let err = run(&["--lang", "fr"]);
    assert!(
        err.contains("--lang fr: на этом языке vichess не говорит; языки такие: de (Deutsch)"),
        "{err}"
    );
    std::fs::write(own.join("config.toml"), "[game]\ncolour = \"white\"\n").unwrap();
    for (lang, lines) in [
        (
            "de",
            [
                "vichess: die Konfiguration kann nicht verwendet werden:",
                "config.toml, Zeile 2: unbekannter Schlüssel „colour“ in [game]",
            ],
        ),
        (
            "hy",
            [
                "vichess: ",
                "config.toml, տող 2՝ անհայտ բանալի «colour» [game] բաժնում",
            ],
        ),
    ] {
        let err = run(&["--lang", lang]);
        for line in lines {
            assert!(err.contains(line), "{lang}: {line:?} missing:\n{err}");
        }
        assert!(
            !err.contains("cannot be used") && !err.contains("line 2"),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The speech of `pcm` with every silence taken out, as RMS levels of 10 ms windows in dB full
/// scale. The demo's gaps and the device's are digital silence (zero samples), so runs of 1 ms
/// or more of zeros go: a gap the device adds (a phrase queued late on a busy machine, an
/// underrun, even inside a word) changes nothing here, while a missing, doubled or reordered
/// word does.
#[cfg(feature = "audio")]
fn sounded_envelope(pcm: &Pcm) -> Vec<f64> {
    let zero = |s: f32| s.abs() < 0.5 / 32768.0;
    let min_run = (pcm.rate / 1000).max(1) as usize;
    let mut speech = Vec::with_capacity(pcm.len());
    let mut run = 0usize;
    for (i, &s) in pcm.samples.iter().enumerate() {
        if zero(s) {
            run += 1;
            continue;
        }
        if run < min_run {
            speech.extend_from_slice(&pcm.samples[i - run..i]);
        }
        run = 0;
        speech.push(s);
    }
    let win = (pcm.rate / 100).max(1) as usize;
    speech
        .chunks_exact(win)
        .map(|c| {
            let ms = c.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / c.len() as f64;
            10.0 * ms.max(1e-12).log10()
        })
        .collect()
}

/// Pearson correlation of two equally long level sequences.
#[cfg(feature = "audio")]
fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        ab += (x - ma) * (y - mb);
        aa += (x - ma).powi(2);
        bb += (y - mb).powi(2);
    }
    ab / (aa * bb).sqrt().max(1e-12)
}

/// Windows in one stretch of speech compared at a time (half a second of sound).
#[cfg(feature = "audio")]
const STRETCH: usize = 50;

/// Whether `heard` is the speech of `said` in the same order: as many windows of sound and
/// every half second of `said` found in `heard` where it belongs, each after the one before,
/// with the same level contour. A device that failed and was opened again (`reopened` times)
/// may have cut a phrase, which the demo then says again whole: each such time may add up to
/// `phrase` windows of sound and leave one stretch (the one cut in two) matched nowhere.
/// Says what differs.
#[cfg(feature = "audio")]
fn same_speech_in_order(
    said: &[f64],
    heard: &[f64],
    reopened: usize,
    phrase: usize,
) -> Result<(), String> {
    let slack = said.len() / 100 + 5;
    let mut extra = reopened * phrase;
    let seconds = |windows: usize| windows as f64 / 100.0;
    if heard.len() + slack < said.len() || heard.len() > said.len() + slack + extra {
        return Err(format!(
            "{:.2} s of sound heard, {:.2} s said",
            seconds(heard.len()),
            seconds(said.len())
        ));
    }
    // Where `heard` is ahead of `said`, in windows; each stretch may move it a little, or
    // forward by the phrase said again.
    let mut drift: isize = 0;
    let mut unmatched = 0;
    for (k, stretch) in said.chunks_exact(STRETCH).enumerate() {
        let at = (k * STRETCH) as isize;
        let score = |d: isize| {
            let from = usize::try_from(at + drift + d).ok()?;
            let there = heard.get(from..from + STRETCH)?;
            Some((correlation(stretch, there), d))
        };
        let best_of = |ds: std::ops::RangeInclusive<isize>| {
            ds.filter_map(score)
                .fold((f64::MIN, 0), |b, c| if c.0 > b.0 { c } else { b })
        };
        // Nearby first; failing that, the nearest match ahead within the phrases said again
        // (the demo's phrases repeat, so the best match further on may be a later copy).
        let mut found = best_of(-12..=12);
        if found.0 < 0.9 {
            let mut ahead = 13..=12 + extra as isize;
            if let Some(d) = ahead.find(|&d| score(d).is_some_and(|(c, _)| c >= 0.9)) {
                found = best_of(d..=d + 12);
            }
        }
        let (best, shift) = found;
        if best < 0.9 {
            unmatched += 1;
            if unmatched > reopened {
                return Err(format!(
                    "the speech at {:.1} s is not where it belongs in what was heard \
                     (best match {best:.2} near {:.1} s)",
                    seconds(k * STRETCH),
                    seconds(usize::try_from(at + drift).unwrap_or(0))
                ));
            }
            continue;
        }
        if shift > 12 {
            extra = extra.saturating_sub(shift.unsigned_abs());
        }
        drift += shift;
        if drift < -(slack as isize) {
            return Err(format!(
                "the speech at {:.1} s is heard {:.2} s early",
                seconds(k * STRETCH),
                seconds(drift.unsigned_abs())
            ));
        }
    }
    Ok(())
}

/// The stretches of `pcm` between silences of 0.3 s or more: the demo's phrases, 0.45 s apart.
#[cfg(feature = "audio")]
fn phrases(pcm: &Pcm) -> Vec<Vec<f32>> {
    let win = (pcm.rate / 100) as usize;
    let floor = 10f32.powf(vichess::audio::measure::SILENCE_DBFS as f32 / 20.0);
    let mut out: Vec<Vec<f32>> = Vec::new();
    let (mut current, mut quiet) = (Vec::new(), 0usize);
    for c in pcm.samples.chunks(win) {
        let rms = (c.iter().map(|s| s * s).sum::<f32>() / c.len() as f32).sqrt();
        quiet = if rms < floor { quiet + 1 } else { 0 };
        current.extend_from_slice(c);
        if quiet == 30 {
            out.push(std::mem::take(&mut current));
        }
    }
    out.push(current);
    out.retain(|p| p.iter().any(|s| s.abs() > floor));
    out
}

/// The comparison above, tried on the render itself: device gaps anywhere (even inside a
/// word) pass; a phrase left out, or two phrases swapped, fail; a phrase cut by a failing
/// device passes only when it is said again and the demo told of the failure. So a pass
/// below means the speech arrived whole and in order, not that the comparison is blind.
#[cfg(feature = "audio")]
fn check_the_comparison(rendered: &Pcm) -> usize {
    let said = sounded_envelope(rendered);
    let parts = phrases(rendered);
    assert!(parts.len() >= 6, "{} phrases in the render", parts.len());
    let longest = parts.iter().map(Vec::len).max().unwrap() * 100 / rendered.rate as usize;
    let compare = |parts: &[Vec<f32>], reopened| {
        let heard = sounded_envelope(&Pcm::new(rendered.rate, parts.concat()));
        same_speech_in_order(&said, &heard, reopened, longest)
    };
    // Gaps of 7 ms to 2 s at odd places, as a busy machine makes them.
    let mut gapped = Vec::new();
    for (i, c) in rendered
        .samples
        .chunks(rendered.rate as usize * 7 / 10 + 37)
        .enumerate()
    {
        gapped.push(c.to_vec());
        let gap = [7, 230, 2_000, 60, 450][i % 5] * rendered.rate as usize / 1000;
        gapped.push(vec![0.0; gap]);
    }
    compare(&gapped, 0).expect("gaps alone keep the same speech");
    let mut missing = parts.clone();
    missing.remove(parts.len() / 2);
    assert!(
        compare(&missing, 0).is_err(),
        "a missing phrase went unnoticed"
    );
    assert!(
        compare(&missing, 1).is_err(),
        "a lost phrase went unnoticed"
    );
    let mut swapped = parts.clone();
    swapped.swap(1, 2);
    assert!(
        compare(&swapped, 0).is_err(),
        "two phrases out of order went unnoticed"
    );
    // Phrase 3 cut after a third, then said again whole.
    let third = parts[3].len() / 3;
    let mut cut = parts.clone();
    cut.insert(3, parts[3][..third].to_vec());
    cut.insert(4, vec![0.0; rendered.rate as usize / 2]);
    compare(&cut, 1).expect("a cut phrase said again keeps the speech");
    assert!(
        compare(&cut, 0).is_err(),
        "a repeat nobody told of went unnoticed"
    );
    let mut lost = parts.clone();
    lost[3].truncate(third);
    assert!(
        compare(&lost, 1).is_err(),
        "a cut phrase not said again went unnoticed"
    );
    longest
}

/// The excerpt played in real time through the null sink: the opening moves, a touch, a
/// guidance line and the first time call would take the whole demo's 100 seconds; three
/// moves hold a touch, announcements of both players and the board put right.
#[cfg(feature = "audio")]
const EXCERPT_MOVES: &str = "3";

/// What arrives at the sound device is the rendered speech, whole and in order. How long it
/// took is no measure: on a busy machine the demo may queue a phrase late or the device may
/// run dry, which adds silence (counted and told as underruns) but loses no speech.
#[cfg(feature = "audio")]
#[test]
fn the_demo_played_through_a_null_sink_is_recorded_as_rendered() {
    let dir = temp_dir("sink");
    let wav_path = dir.join("render.wav");
    demo(
        &dir,
        &[
            "--moves",
            EXCERPT_MOVES,
            "--wav",
            wav_path.to_str().unwrap(),
        ],
    );
    let rendered = wav::read(&wav_path).unwrap();
    assert!(
        rendered.seconds() > 5.0,
        "the excerpt has speech: {}",
        rendered.seconds()
    );
    let longest_phrase = check_the_comparison(&rendered);

    let pulse = pulse::Pulse::start();
    let recording = pulse.record(&dir.join("rec.raw"));
    let out = Command::new(env!("CARGO_BIN_EXE_vichess"))
        .args(["demo", "--moves", EXCERPT_MOVES])
        .current_dir(&dir)
        .env("HOME", &dir)
        .output()
        .expect("vichess runs");
    let recorded = recording.stop();
    let lines = lines(&out);
    assert!(
        out.status.success(),
        "{}\n{}",
        lines.join("\n"),
        String::from_utf8_lossy(&out.stderr)
    );
    let last = lines.last().unwrap();
    assert!(
        last.contains("abgespielt auf"),
        "the demo did not play: {last}"
    );
    assert!(
        !dir.join("vichess-demo.wav").exists(),
        "it fell back to a file"
    );
    // What the demo said about the device: underruns and failures are counted and told.
    let device_news: Vec<&String> = lines
        .iter()
        .filter(|l| {
            l.starts_with("demo: ") && (l.contains("Tongerät") || l.contains("sound device"))
        })
        .collect();
    let reopened = device_news
        .iter()
        .filter(|l| l.contains("neu geöffnet"))
        .count();
    let (r, p) = (rendered.measure(), recorded.measure());
    eprintln!(
        "rendered {r:?}\nrecorded {p:?}\nthe device's news: {device_news:?}\n\
         silence the device added: {:.1} s",
        (p.seconds - p.leading_silence - p.trailing_silence)
            - (r.seconds - r.leading_silence - r.trailing_silence)
    );
    if let Err(e) = same_speech_in_order(
        &sounded_envelope(&rendered),
        &sounded_envelope(&recorded),
        reopened,
        longest_phrase,
    ) {
        panic!(
            "the speech heard is not the speech rendered: {e}; the device's news: {device_news:?}"
        );
    }
    // A phrase said again adds its energy once more.
    let ratio = p.energy / r.energy;
    assert!(
        (0.7..=1.4 + reopened as f64).contains(&ratio),
        "energy ratio {ratio:.2}"
    );
}
