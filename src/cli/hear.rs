//! `vichess hear FILE.wav [--fen FEN] [--lang L]`: one recorded utterance through the
//! recogniser and `listen::verdict`, and what vichess would do with it, in the game's
//! language: the move (SAN in the language's letters, and its announcement) with the
//! confidence, the question between two moves, or "not understood".

use super::text::Escaped;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use vichess::audio::wav;
use vichess::listen::ear::EarKind;
use vichess::listen::foresight::{hear_closed, Ahead, Foresight, Step};
use vichess::listen::sphinx::SphinxEar;
#[cfg(feature = "whisper")]
use vichess::listen::whisper::WhisperEar;
use vichess::listen::{verdict, Ear, Guess, Meaning, Verdict, VerdictRule};
use vichess::phrase::announce::move_phrase;
use vichess::phrase::Language;
use vichess::rules::notation::{san_in, uci, Lang};
use vichess::rules::{CastlingMode, Position};
use vichess::voice::{Pack, DEFAULT_PACK};

/// The lines of `hear`, in each language.
struct Lines {
    heard: &'static str,
    command: &'static str,
    confidence: &'static str,
    or: &'static str,
    not_understood: &'static str,
    no_file: &'static str,
    not_wav: &'static str,
    bad_fen: &'static str,
    no_model: &'static str,
    /// The mark after a label: ":", Armenian "՝".
    colon: &'static str,
}

fn lines(lang: Language) -> Lines {
    match lang {
        Language::De => Lines {
            heard: "Gehört",
            command: "Befehl",
            confidence: "Sicherheit",
            or: "oder",
            not_understood: "Nicht verstanden.",
            no_file: "Die Datei gibt es nicht",
            not_wav: "Die Datei ist keine lesbare WAV-Aufnahme",
            bad_fen: "Die Stellung (--fen) ist ungültig",
            no_model: "Die Spracherkennung kann nicht starten",
            colon: ":",
        },
        Language::En => Lines {
            heard: "Heard",
            command: "command",
            confidence: "confidence",
            or: "or",
            not_understood: "Not understood.",
            no_file: "There is no such file",
            not_wav: "The file is not a readable WAV recording",
            bad_fen: "The position (--fen) is not valid",
            no_model: "Speech recognition cannot start",
            colon: ":",
        },
        Language::Uk => Lines {
            heard: "Почуто",
            command: "команда",
            confidence: "впевненість",
            or: "чи",
            not_understood: "Не зрозуміло.",
            no_file: "Такого файлу немає",
            not_wav: "Файл не є придатним записом WAV",
            bad_fen: "Позиція (--fen) недійсна",
            no_model: "Розпізнавання мовлення не може запуститися",
            colon: ":",
        },
        Language::Ru => Lines {
            heard: "Услышано",
            command: "команда",
            confidence: "уверенность",
            or: "или",
            not_understood: "Не понято.",
            no_file: "Такого файла нет",
            not_wav: "Файл не является читаемой записью WAV",
            bad_fen: "Позиция (--fen) недействительна",
            no_model: "Распознавание речи не может запуститься",
            colon: ":",
        },
        Language::Hy => Lines {
            heard: "Լսվեց",
            command: "հրաման",
            confidence: "վստահություն",
            or: "թե",
            not_understood: "Չհասկացվեց։",
            no_file: "Այդպիսի ֆայլ չկա",
            not_wav: "Ֆայլը ընթեռնելի WAV ձայնագրություն չէ",
            bad_fen: "Դիրքը (--fen) անվավեր է",
            no_model: "Խոսքի ճանաչումը չի կարող սկսվել",
            colon: "՝",
        },
    }
}

/// The pack whose words print a heard move: the language's Appendix D pack for German.
fn display_pack(lang: Language) -> Pack {
    let name = match lang {
        Language::De => DEFAULT_PACK,
        other => other.code(),
    };
    Pack::open(name)
        .or_else(|_| Pack::builtin(name))
        .expect("every language has a built-in pack")
}

/// What a reading is called on screen: the move as announced and its SAN, or the command.
fn describe(g: &Guess, pos: &Position, pack: &Pack, lang: Language, l: &Lines) -> String {
    match &g.meaning {
        Meaning::Move(m) => {
            let letters = Lang::from_code(lang.code()).unwrap_or(Lang::En);
            format!(
                "{} ({})",
                pack.text(&move_phrase(pos, m)),
                san_in(pos, m, letters)
            )
        }
        Meaning::Command(k) => format!("{} „{}“ ({k})", l.command, g.phrase),
    }
}

/// What `hear` prints besides the verdict.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// The move in UCI on a line of its own ("uci g1f3", "ask", "none"), for scripts.
    pub uci: bool,
    /// The recognition time (from the end of the recording to the verdict) and the
    /// recognisers' measurements, on standard error.
    pub timing: bool,
}

/// Runs `hear`. With `again_with` (switches, `KEY=VALUE`), each recording is heard twice,
/// as is and with the switches set, under the headers "== FILE" and "== FILE again with …".
pub fn run(
    files: &[PathBuf],
    fen: Option<&str>,
    lang: Language,
    output: Output,
    kind: EarKind,
    again_with: &[String],
    ahead: Option<f64>,
) -> anyhow::Result<ExitCode> {
    let Output {
        uci: uci_line,
        timing,
    } = output;
    let l = lines(lang);
    if let Err(bad) = vichess::listen::switch::set(again_with) {
        // For the closed loop's own runs: English, as the switches' names are.
        eprintln!("--again-with takes VICHESS_NAME=VALUE, not {bad:?}");
        return Ok(ExitCode::from(2));
    }
    vichess::listen::switch::clear();
    let mut out = Escaped::new(std::io::stdout().lock());
    let pos = match fen {
        None => Position::new(),
        Some(f) => match Position::from_fen(f, CastlingMode::Standard) {
            Ok(p) => p,
            Err(e) => {
                let pack = Pack::builtin(vichess::session::language_pack(lang))?;
                let why = vichess::fen_words::fen_error(&pack, &e);
                eprintln!(
                    "{}{} {}{} {why}",
                    l.bad_fen,
                    l.colon,
                    lang.quote(f),
                    l.colon
                );
                return Ok(ExitCode::from(2));
            }
        },
    };
    // Every recording is read before the model is loaded: a bad one is named at once.
    let mut recordings = Vec::new();
    for file in files {
        if !file.exists() {
            eprintln!("{}{} {}", l.no_file, l.colon, file.display());
            return Ok(ExitCode::from(2));
        }
        match wav::read(file) {
            Ok(p) => recordings.push(p),
            Err(e) => {
                // The WAV reader's own reason is English: only an English line gives it.
                if lang == Language::En {
                    eprintln!("{}{} {} ({e})", l.not_wav, l.colon, file.display());
                } else {
                    eprintln!("{}{} {}", l.not_wav, l.colon, file.display());
                }
                return Ok(ExitCode::from(2));
            }
        }
    }
    let mut ear = match AnyEar::open(kind) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{}{} {}", l.no_model, l.colon, reason(&e));
            return Ok(ExitCode::from(2));
        }
    };
    let passes: &[&[String]] = if again_with.is_empty() {
        &[&[]]
    } else {
        ear.keep_encoding();
        &[&[], again_with]
    };
    for ((file, pcm), switches) in files
        .iter()
        .zip(&recordings)
        .flat_map(|clip| passes.iter().map(move |p| (clip, *p)))
    {
        if !again_with.is_empty() {
            // The switches may change the phrases prepared for the position: each pass
            // prepares them under its own.
            ear.ear().unprepare();
        }
        if switches.is_empty() {
            vichess::listen::switch::clear();
            if files.len() > 1 || !again_with.is_empty() {
                writeln!(out, "== {}", file.display())?;
            }
        } else {
            vichess::listen::switch::set(switches).expect("checked above");
            let again = format!("== {} again with {}", file.display(), switches.join(" "));
            writeln!(out, "{again}")?;
            if timing {
                eprintln!("{again}");
            }
        }
        let samples: Vec<i16> = pcm.samples.iter().map(|&s| wav::to_i16(s)).collect();
        // As in a game, the grammar is compiled when the utterance opens, before speech ends:
        // the time measured is from the end of the recording to the verdict.
        let prepare_started = Instant::now();
        if let Err(e) = ear.ear().prepare(&pos, lang) {
            eprintln!("{}{} {}", l.no_model, l.colon, reason(&e));
            return Ok(ExitCode::from(2));
        }
        let prepared = prepare_started.elapsed();
        let mut foresight = Foresight::new();
        let mut steps = Vec::new();
        if let Some(seconds) = ahead {
            let seen = ((seconds.max(0.0) * f64::from(pcm.rate)) as usize).min(samples.len());
            while steps.len() < 3 {
                let clock = Instant::now();
                let step = foresight.look(ear.ear(), &samples[..seen], pcm.rate, &pos, lang);
                steps.push(match step {
                    Step::Waited | Step::Ready => format!("{step:?}"),
                    _ => format!("{step:?} {} ms", clock.elapsed().as_millis()),
                });
                if matches!(step, Step::Waited | Step::Ready) {
                    break;
                }
            }
        }
        let started = Instant::now();
        let (hearing, done) =
            hear_closed(&mut foresight, ear.ear(), &samples, pcm.rate, &pos, lang);
        if timing && ahead.is_some() {
            let done = match done {
                Ahead::Nothing => "nothing",
                Ahead::Encoded => "the encoding",
                Ahead::Heard(_) => "the whole hearing",
            };
            eprintln!(
                "looked ahead: {}; ready at the close: {done}",
                steps.join(", ")
            );
        }
        let hearing = match hearing {
            Ok(h) => h,
            Err(e) => {
                eprintln!("{}{} {}", l.no_model, l.colon, reason(&e));
                return Ok(ExitCode::from(2));
            }
        };
        let v = verdict(&hearing, VerdictRule::default());
        let elapsed = started.elapsed();
        if timing {
            let readings = hearing
                .guesses
                .iter()
                .map(|g| {
                    let what = match &g.meaning {
                        Meaning::Move(m) => uci(&pos, m),
                        Meaning::Command(k) => k.clone(),
                    };
                    (g.phrase.as_str(), what, g.confidence)
                })
                .collect::<Vec<_>>();
            match &ear {
                AnyEar::Sphinx(e) => sphinx_timing(e, elapsed, prepared, &readings),
                #[cfg(feature = "whisper")]
                AnyEar::Whisper(e) => whisper_timing(e, elapsed, prepared, &readings),
                #[cfg(feature = "whisper")]
                AnyEar::Both(e) => {
                    whisper_timing(&e.whisper, elapsed, prepared, &readings);
                    let checked = e.checked.as_ref().map(|(m, p)| {
                        let what = match m {
                            Meaning::Move(m) => uci(&pos, m),
                            Meaning::Command(k) => k.clone(),
                        };
                        (p.clone(), what)
                    });
                    let mut left_out = if e.left_out {
                        format!(
                            ", left a word out (loud pause {:?})",
                            e.sphinx.last.loud_pause
                        )
                    } else {
                        String::new()
                    };
                    if e.doubtful {
                        left_out.push_str(", a letter name it cannot tell apart");
                    }
                    if e.name_over_letter && e.other_man {
                        left_out.push_str(
                            ", Whisper wrote the name itself, but another man to the same rank",
                        );
                    } else if e.name_over_letter {
                        left_out
                            .push_str(", but Whisper wrote the name itself: its hearing stands");
                    }
                    if let Some(what) = e.written_whole {
                        left_out
                            .push_str(&format!(", but Whisper wrote {what}: its hearing stands"));
                    }
                    if e.rank_written {
                        left_out.push_str(", but Whisper wrote the rank: its hearing stands");
                    }
                    if e.pawn_unwritten {
                        left_out.push_str(
                            ", a noisy recording and a pawn's file not written, nor its rank, or where a man or another pawn may be meant",
                        );
                    }
                    if e.noisy_rhyme {
                        left_out.push_str(", a noisy recording and a square a file away alike");
                    }
                    if let Some(Meaning::Move(m)) = &e.rhyme_asked {
                        left_out.push_str(&format!(
                            ", a noisy recording: asked beside {}, whose file sounds alike",
                            uci(&pos, m)
                        ));
                    }
                    if e.torn {
                        left_out.push_str(", another move close behind: it confirms neither");
                    }
                    if let Some(why) = e.settled {
                        left_out.push_str(&format!(
                            ", another move close behind, but {why}: it confirms the move"
                        ));
                    }
                    if let Some(Meaning::Move(m)) = &e.rival_dropped {
                        left_out.push_str(&format!(
                            ", the same move, not {}: Whisper's question a file apart is settled",
                            uci(&pos, m)
                        ));
                    }
                    if e.fit_confirmed {
                        left_out.push_str(", the same move: it stands in for the fit");
                    }
                    if let Some(depth) = e.quiet_depth {
                        left_out.push_str(&format!(", quietest {depth:.0} dB under the loudest"));
                    }
                    eprintln!("checked by sphinx: {checked:?}{left_out}");
                }
            }
        }
        let pack = display_pack(lang);
        match v {
            Verdict::Take(g) => {
                writeln!(
                    out,
                    "{}{} {}, {} {} %",
                    l.heard,
                    l.colon,
                    describe(&g, &pos, &pack, lang, &l),
                    l.confidence,
                    (g.confidence * 100.0).round()
                )?;
                if uci_line {
                    if let Meaning::Move(m) = &g.meaning {
                        writeln!(out, "uci {}", uci(&pos, m))?;
                    }
                }
            }
            Verdict::Ask(a, b) => {
                let say = |g: &Guess| match &g.meaning {
                    Meaning::Move(m) => pack.text(&move_phrase(&pos, m)),
                    Meaning::Command(_) => describe(g, &pos, &pack, lang, &l),
                };
                writeln!(out, "{} {} {}?", say(&a), l.or, say(&b))?;
                if uci_line {
                    writeln!(out, "ask")?;
                }
            }
            Verdict::NotUnderstood => {
                writeln!(out, "{}", l.not_understood)?;
                if uci_line {
                    writeln!(out, "none")?;
                }
            }
        }
    }
    vichess::listen::switch::clear();
    Ok(ExitCode::SUCCESS)
}

/// Why the recogniser could not start or failed, as its own words (a path and a reason).
fn reason(e: &vichess::listen::EarError) -> &str {
    match e {
        vichess::listen::EarError::Model(m) | vichess::listen::EarError::Failed(m) => m,
    }
}

/// The recogniser `hear` runs, with its own measurements for `--timing`.
enum AnyEar {
    Sphinx(Box<SphinxEar>),
    #[cfg(feature = "whisper")]
    Whisper(Box<WhisperEar>),
    #[cfg(feature = "whisper")]
    Both(Box<vichess::listen::agree::AgreeingEar>),
}

impl AnyEar {
    fn open(kind: EarKind) -> Result<AnyEar, vichess::listen::EarError> {
        #[cfg(feature = "whisper")]
        {
            let installed = vichess::listen::whisper::find_model().is_some();
            match kind {
                EarKind::Whisper => return WhisperEar::new().map(|e| AnyEar::Whisper(Box::new(e))),
                EarKind::Both => {
                    return vichess::listen::agree::AgreeingEar::new()
                        .map(|e| AnyEar::Both(Box::new(e)))
                }
                EarKind::Auto if installed => {
                    return vichess::listen::agree::AgreeingEar::new()
                        .map(|e| AnyEar::Both(Box::new(e)))
                }
                _ => {}
            }
        }
        #[cfg(not(feature = "whisper"))]
        if matches!(kind, EarKind::Whisper | EarKind::Both) {
            return Err(vichess::listen::EarError::Model(
                "this vichess was built without Whisper".into(),
            ));
        }
        SphinxEar::new().map(|e| AnyEar::Sphinx(Box::new(e)))
    }

    /// See [`WhisperEar::keep_encoding`]; PocketSphinx alone has nothing to keep.
    fn keep_encoding(&mut self) {
        match self {
            AnyEar::Sphinx(_) => {}
            #[cfg(feature = "whisper")]
            AnyEar::Whisper(e) => e.keep_encoding(),
            #[cfg(feature = "whisper")]
            AnyEar::Both(e) => e.whisper.keep_encoding(),
        }
    }

    fn ear(&mut self) -> &mut dyn Ear {
        match self {
            AnyEar::Sphinx(e) => e.as_mut(),
            #[cfg(feature = "whisper")]
            AnyEar::Whisper(e) => e.as_mut(),
            #[cfg(feature = "whisper")]
            AnyEar::Both(e) => e.as_mut(),
        }
    }
}

/// The Whisper ear's measurements, for `--timing`.
#[cfg(feature = "whisper")]
fn whisper_timing(
    e: &WhisperEar,
    elapsed: std::time::Duration,
    prepared: std::time::Duration,
    readings: &[(&str, String, f32)],
) {
    let d = &e.last;
    eprintln!(
        "recognised in {} ms (phrases {} ms before; encode {} ms, score {} ms); \
         recogniser whisper, frames {}, share {:.3}, fit {:.3}, man heard {}, rank heard {}, no speech {:.3}, transcript {:?}, units {:?}, scored {}/{}, second look {}, top {:?}, readings {:?}",
        elapsed.as_millis(),
        prepared.as_millis(),
        d.ms[1],
        d.ms[2],
        d.frames,
        d.share,
        d.fit,
        d.man_heard,
        d.rank_heard,
        d.no_speech,
        d.transcript,
        d.units,
        d.scored.0,
        d.scored.1,
        d.second_look,
        d.top,
        readings
    );
}

/// The PocketSphinx ear's measurements, for `--timing`.
fn sphinx_timing(
    ear: &SphinxEar,
    elapsed: std::time::Duration,
    prepared: std::time::Duration,
    readings: &[(&str, String, f32)],
) {
    {
        let d = &ear.last;
        eprintln!(
            "recognised in {} ms (grammar {} ms before; decode {} ms, phone loop {} ms, \
             rival {} ms); words {:?}, gap {:.3}, acceptance {:.3}, lead {:.0}, doubtful {}, \
             frames {}, worst word {:.1}, rival worst word {:.1}, differing {}, loud pause {} {}, rival {}, loop acceptance {:.3}, excused {:?}, word gaps {}, loop {}, readings {:?}",
            elapsed.as_millis(),
            prepared.as_millis(),
            d.ms[1],
            d.ms[2],
            d.ms[3],
            d.words,
            d.gap,
            d.acceptance,
            d.lead,
            d.doubtful,
            d.frames,
            d.worst_word,
            d.rival_worst_word,
            d.differing,
            d.loud_pause[0],
            d.loud_pause[1],
            d.rival,
            d.loop_acceptance,
            d.excused,
            d.word_gaps
                .iter()
                .map(|w| format!("{}:{}:{:.1}", w.word, w.frames, w.gap))
                .collect::<Vec<_>>()
                .join(","),
            d.loop_path,
            readings
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_line() {
        for lang in Language::ALL {
            let l = lines(lang);
            for s in [
                l.heard,
                l.command,
                l.confidence,
                l.or,
                l.not_understood,
                l.no_file,
                l.not_wav,
                l.bad_fen,
                l.no_model,
            ] {
                assert!(!s.trim().is_empty(), "{lang:?}");
            }
        }
        assert_ne!(lines(Language::De).or, lines(Language::En).or);
    }
}
