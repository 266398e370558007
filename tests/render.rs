//! Rendering measured on the committed voice packs: what a listener would notice (clipping,
//! a slow start, a hole in a phrase, a missing word) is checked, not just that audio came out.

use vichess::audio::{wav, Pcm};
use vichess::pgn::read_game;
use vichess::phrase::announce::move_phrase;
use vichess::phrase::token::{Token, Word};
use vichess::rules::notation::parse_move;
use vichess::rules::{File, Position, Rank, Role, Square};
use vichess::voice::dictate::dictate;
use vichess::voice::render::{render, ClipBank, Part, RenderOptions, DEFAULT_GAP_MS};
use vichess::voice::Pack;

/// A shipped pack from this checkout (never a player's own folder).
fn open(name: &str) -> Pack {
    Pack::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("voices")
            .join(name),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn bank(pack: &Pack, options: &RenderOptions) -> ClipBank {
    let (bank, problems) = ClipBank::load(pack, options);
    assert!(problems.is_empty(), "{problems:?}");
    bank
}

fn phrase_after(moves: &[&str], last: &str) -> Vec<Token> {
    let mut pos = Position::default();
    for m in moves {
        let mv = parse_move(&pos, m).unwrap();
        pos.play_unchecked(&mv);
    }
    move_phrase(&pos, &parse_move(&pos, last).unwrap())
}

#[test]
fn every_token_of_every_pack_has_a_clean_levelled_clip() {
    for name in ["de-fide", "en", "de", "uk", "ru", "hy"] {
        let pack = open(name);
        let (have, need) = pack.clip_count();
        assert_eq!(have, need, "{name}: {have} of {need} clips");
        assert_ne!(
            pack.engine(),
            "none",
            "{name}: the manifest does not say which engine"
        );
        assert!(
            pack.licence().contains("engine"),
            "{name}: {}",
            pack.licence()
        );
        for token in Token::vocabulary() {
            let Some(path) = pack.clip_path(token) else {
                continue;
            };
            let clip = wav::read(&path).unwrap();
            assert_eq!(clip.rate, pack.sample_rate(), "{}", path.display());
            let m = clip.measure();
            let at = path.display();
            assert!(m.seconds > 0.1 && m.seconds < 3.5, "{at}: {} s", m.seconds);
            assert_eq!(m.clipped, 0, "{at}");
            assert!(m.peak_dbfs <= -0.9, "{at}: peak {}", m.peak_dbfs);
            // Trimmed: sound (above -50 dBFS) within 80 ms; a soft vowel rises from below.
            assert!(
                m.leading_silence < 0.08,
                "{at}: starts after {} s",
                m.leading_silence
            );
            // A final fricative ("König", "acht") trails off quietly: it is kept, not trimmed.
            assert!(
                m.trailing_silence < 0.25,
                "{at}: ends {} s early",
                m.trailing_silence
            );
            // Levelled: speech loudness within a few dB of -20 dBFS (quieter only where the
            // peak ceiling held a spiky clip back).
            assert!(
                m.speech_rms_dbfs < -17.0 && m.speech_rms_dbfs > -30.0,
                "{at}: speech at {} dBFS",
                m.speech_rms_dbfs
            );
            // Faded: no step at either end.
            let first = clip.samples[0].abs();
            let last = clip.samples[clip.len() - 1].abs();
            assert!(
                first < 0.01 && last < 0.01,
                "{at}: ends at {first} / {last}"
            );
        }
    }
}

#[test]
fn every_clip_says_the_manifest_word_of_today() {
    // scripts/make-voices writes clips/sources.tsv: token, manifest text, engine text. A word
    // changed in a manifest after the clips were made would be printed one way and spoken
    // another; this catches it.
    for name in ["de-fide", "en", "de", "uk", "ru", "hy"] {
        let pack = open(name);
        let tsv = pack.root().join("clips/sources.tsv");
        let text = std::fs::read_to_string(&tsv).unwrap();
        let made: std::collections::HashMap<&str, &str> = text
            .lines()
            .filter_map(|l| {
                let mut f = l.split('\t');
                Some((f.next()?, f.next()?))
            })
            .collect();
        for token in Token::vocabulary() {
            let Some(entry) = pack.entry(token) else {
                continue;
            };
            let Some(path) = pack.clip_path(token) else {
                continue;
            };
            let id = path.file_stem().unwrap().to_str().unwrap();
            assert_eq!(
                made.get(id).copied(),
                Some(entry.say.as_str()),
                "{name}: the clip {} was made for other words: run scripts/make-voices {name}",
                path.display()
            );
        }
    }
}

#[test]
fn a_move_renders_as_one_clean_phrase() {
    let pack = open("de-fide");
    let options = RenderOptions::default();
    let clips = bank(&pack, &options);
    // Nf3 with check after 1. e4 e5 2. Qh5?? Nc6 3. Qxf7#: take a capture with mate.
    let phrase = phrase_after(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"], "Qxf7");
    assert_eq!(pack.text(&phrase), "Dame schlägt Felix sieben Matt");
    let r = render(&phrase, &pack, &clips);
    assert!(r.is_complete(), "{:?}", r.speech());
    let pcm = r.pcm();
    assert_eq!(pcm.rate, 48_000);
    let m = pcm.measure();
    assert!(m.seconds > 1.2 && m.seconds < 4.0, "{} s", m.seconds);
    assert!(
        m.leading_silence < 0.3,
        "leading silence {} s",
        m.leading_silence
    );
    assert!(
        m.longest_inner_silence < 0.2,
        "a hole of {} s",
        m.longest_inner_silence
    );
    assert_eq!(m.clipped, 0);
    assert!(
        m.peak_dbfs < -0.5 && m.peak_dbfs > -12.0,
        "peak {}",
        m.peak_dbfs
    );
    // Five words (de-fide says a square as its two words): the duration is the clips plus
    // four gaps, nothing more.
    assert!(pack.squares().is_empty());
    let length: usize = phrase.iter().map(|&t| clips.clip(t).unwrap().len()).sum();
    let gap = DEFAULT_GAP_MS as f64 / 1000.0;
    assert_eq!(pcm.len(), length + 4 * (gap * 48_000.0).round() as usize);
    // In de the square f7 is said whole, from its own clip: four units, two gaps and the
    // pause de puts before "Matt" (a comma before check and mate).
    let de = open("de");
    let de_bank = bank(&de, &options);
    let r = render(&phrase, &de, &de_bank);
    assert!(r.is_complete(), "{:?}", r.speech());
    let units = [
        de_bank.clip(Token::Piece(Role::Queen)).unwrap(),
        de_bank.clip(Token::Captures).unwrap(),
        de_bank
            .square(Square::from_coords(File::F, Rank::SEVENTH))
            .unwrap(),
        de_bank.clip(Token::Mate).unwrap(),
    ];
    let length: usize = units.iter().map(|c| c.len()).sum();
    assert_eq!(
        r.pcm().len(),
        length
            + 2 * (gap * 48_000.0).round() as usize
            + (options.pause * 48_000.0).round() as usize
    );
}

#[test]
fn the_speaking_rate_and_gap_change_the_length_not_the_words() {
    let pack = open("en");
    let phrase = vec![
        Token::Piece(Role::Knight),
        Token::File(File::F),
        Token::Rank(Rank::THIRD),
    ];
    let normal = render(&phrase, &pack, &bank(&pack, &RenderOptions::default())).pcm();
    let fast_options = RenderOptions {
        speed: 1.5,
        ..RenderOptions::default()
    };
    let fast = render(&phrase, &pack, &bank(&pack, &fast_options)).pcm();
    let ratio = normal.seconds() / fast.seconds();
    assert!((ratio - 1.5).abs() < 0.05, "ratio {ratio}");
    let m = fast.measure();
    assert!(m.longest_inner_silence < 0.2 && m.clipped == 0, "{m:?}");
    let wide = RenderOptions {
        gap: 0.2,
        ..RenderOptions::default()
    };
    let spaced = render(&phrase, &pack, &bank(&pack, &wide)).pcm();
    let extra = spaced.seconds() - normal.seconds();
    let default_gap = DEFAULT_GAP_MS as f64 / 1000.0;
    // One gap: "knight", then the square f3 said whole.
    assert!((extra - (0.2 - default_gap)).abs() < 0.001, "{extra}");
}

#[test]
fn times_and_counts_are_said_from_the_packs_own_clips() {
    let pack = open("de-fide");
    let b = bank(
        &pack,
        &RenderOptions {
            rate: 16_000,
            ..RenderOptions::default()
        },
    );
    let phrase = vec![
        Token::Word(Word::Time),
        Token::Duration(72_000),
        Token::Word(Word::Moves),
        Token::Count(12),
    ];
    assert_eq!(
        pack.text(&phrase),
        "Zeit eine Minute zwölf Sekunden Züge zwölf Züge"
    );
    let r = render(&phrase, &pack, &b);
    assert!(r.is_complete(), "{:?}", r.speech());
    assert_eq!(b.take_fallbacks(), Vec::<String>::new());
    let m = r.pcm().measure();
    assert!(m.seconds > 1.5 && m.seconds < 5.0, "{} s", m.seconds);
    assert!(m.longest_inner_silence < 0.2, "{m:?}");
    assert_eq!(m.clipped, 0);
}

#[test]
fn words_without_clips_go_to_system_speech_in_their_place_and_are_named_once() {
    let mut pack = open("de-fide");
    // A configured word has no clip: system speech says it.
    pack.set_word(Token::Check, "Achtung");
    let b = bank(
        &pack,
        &RenderOptions {
            rate: 16_000,
            ..RenderOptions::default()
        },
    );
    let phrase = vec![
        Token::Piece(Role::Queen),
        Token::File(File::H),
        Token::Rank(Rank::FIFTH),
        Token::Check,
    ];
    let r = render(&phrase, &pack, &b);
    assert_eq!(r.parts.len(), 2, "{:?}", r.speech());
    assert!(matches!(r.parts[0], Part::Audio(_)));
    assert_eq!(r.speech(), vec!["Achtung"]);
    assert!(!r.is_complete());
    assert_eq!(b.take_fallbacks(), vec!["check".to_string()]);
    let _ = render(&phrase, &pack, &b);
    assert_eq!(b.take_fallbacks(), Vec::<String>::new(), "named once only");
    // Filling the gap puts the spoken words in order after the clips.
    let beep = Pcm::new(8_000, vec![0.25; 800]);
    let filled = r.to_pcm(|_| Some(beep.clone()));
    assert!((filled.seconds() - r.pcm().seconds() - 0.1).abs() < 1e-3);
}

#[test]
fn the_immortal_game_dictates_as_a_scoresheet() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/cli/immortal.pgn"))
            .unwrap();
    let game = read_game(&text).unwrap().unwrap();
    let pack = open("de-fide");
    let b = bank(
        &pack,
        &RenderOptions {
            rate: 16_000,
            ..RenderOptions::default()
        },
    );
    let d = dictate(&game, &pack, &b);
    assert_eq!(d.lines.len(), 24, "{:#?}", d.lines);
    assert_eq!(d.lines[0], "1. Eva vier, Eva fünf");
    assert!(d.lines[23].starts_with("Weiß gewinnt"), "{}", d.lines[23]);
    // Move numbers and moves all from the pack's clips: one voice, no speech engine.
    assert!(d.rendered.is_complete(), "{:?}", d.rendered.speech());
    assert_eq!(b.take_fallbacks(), Vec::<String>::new());
    let pcm = d.rendered.pcm();
    let m = pcm.measure();
    assert!(m.seconds > 30.0 && m.seconds < 200.0, "{} s", m.seconds);
    assert_eq!(m.clipped, 0);
    assert!(m.leading_silence < 0.3);
    assert!(
        m.longest_inner_silence < 1.2,
        "a hole of {} s",
        m.longest_inner_silence
    );
    let out = std::env::temp_dir().join(format!("vichess-immortal-{}.wav", std::process::id()));
    wav::write(&out, &pcm).unwrap();
    let back = wav::read(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    assert_eq!(back.len(), pcm.len());
    assert!((back.measure().energy - m.energy).abs() / m.energy < 1e-3);
}
