//! Voice packs that are broken or hostile, run through the real program: each case is refused
//! or reported with the folder, file, line and token, the exit status says the same as the
//! output, and a missing clip is never silently spoken in another voice.
//!
//! Every run gets a private HOME and XDG_DATA_HOME, so a player's own packs never count.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vichess() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_vichess"))
}

fn repo_voices() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("voices")
}

/// Runs `exe` with a private home; `env` adds variables (VICHESS_VOICES, PATH).
fn run(exe: &Path, home: &Path, env: &[(&str, &Path)], args: &[&str]) -> Output {
    let mut c = Command::new(exe);
    c.args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        // As on CI and for a service: no session's runtime folder (where a sound server's
        // socket would be); these commands write files and must not need one.
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("VICHESS_VOICES")
        // No locale names a language: a refusal is then German, as in `play`, on every
        // machine.
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("vichess runs")
}

/// `vichess announce --voice en --wav WAV MOVES...` with the test's environment.
fn announce_en(home: &Path, env: &[(&str, &Path)], wav: &Path, moves: &[&str]) -> Output {
    let mut args = vec!["announce", "--voice", "en", "--wav", wav.to_str().unwrap()];
    args.extend_from_slice(moves);
    run(&vichess(), home, env, &args)
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn write_wav(path: &Path, rate: u32, seconds: f64) {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(path, spec).unwrap();
    let n = (f64::from(rate) * seconds) as usize;
    for i in 0..n {
        let s = (3000.0 * (i as f64 * 0.07).sin()) as i16;
        w.write_sample(s).unwrap();
    }
    w.finalize().unwrap();
}

/// A copy of the shipped English pack's manifest and clips under `dir/name`.
fn copy_pack(from: &str, dir: &Path, name: &str) -> PathBuf {
    let src = repo_voices().join(from);
    let dst = dir.join(name);
    std::fs::create_dir_all(dst.join("clips")).unwrap();
    std::fs::copy(src.join("manifest.toml"), dst.join("manifest.toml")).unwrap();
    for e in std::fs::read_dir(src.join("clips")).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dst.join("clips").join(e.file_name())).unwrap();
    }
    dst
}

fn line_of(manifest: &Path, key: &str) -> usize {
    let text = std::fs::read_to_string(manifest).unwrap();
    text.lines()
        .position(|l| l.starts_with(&format!("\"{key}\" =")))
        .unwrap()
        + 1
}

#[test]
fn a_clip_symlinked_out_of_the_pack_is_refused_and_named() {
    let tmp = tempfile::tempdir().unwrap();
    let voices = tmp.path().join("voices");
    let pack = copy_pack("en", &voices, "en");
    let secret = tmp.path().join("secret.wav");
    write_wav(&secret, 16_000, 0.5);
    let clip = pack.join("clips/file-a.wav");
    std::fs::remove_file(&clip).unwrap();
    std::os::unix::fs::symlink(&secret, &clip).unwrap();
    let env = [("VICHESS_VOICES", voices.as_path())];
    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "en"]);
    let out = text(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    let line = line_of(&pack.join("manifest.toml"), "file-a");
    assert!(
        out.contains(&format!(
            "voice pack en: manifest.toml:{line}: token file-a: clip"
        )) && out.contains("leads outside the pack folder"),
        "{out}"
    );
    // Announcing does not play it: it is reported, and the word goes to system speech.
    let wav = tmp.path().join("a.wav");
    let a = announce_en(
        tmp.path(),
        &env,
        &wav,
        &[
            // "a takes b5": the file said alone (a square is said whole, from its own clip).
            "a4", "b5", "axb5",
        ],
    );
    let out = text(&a);
    assert!(
        out.contains("file-a") && out.contains("outside the pack"),
        "{out}"
    );
    assert!(out.contains("no clip for file-a"), "{out}");
}

#[test]
fn a_voice_is_named_by_its_folder_never_by_a_path() {
    let tmp = tempfile::tempdir().unwrap();
    for bad in ["../../../elsewhere/x", "/etc", "en/../en", "./en"] {
        let o = run(
            &vichess(),
            tmp.path(),
            &[],
            &["announce", "--voice", bad, "e4"],
        );
        let out = text(&o);
        assert!(!o.status.success(), "{bad}: {out}");
        assert!(out.contains("not a path"), "{bad}: {out}");
    }
}

#[test]
fn clips_over_ten_seconds_and_packs_over_fifty_megabytes_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let voices = tmp.path().join("voices");
    let pack = copy_pack("en", &voices, "en");
    write_wav(&pack.join("clips/file-b.wav"), 16_000, 11.0);
    let env = [("VICHESS_VOICES", voices.as_path())];
    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "en"]);
    let out = text(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    assert!(
        out.contains("token file-b: clip") && out.contains("11.0 s long"),
        "{out}"
    );
    // Not played: in "b takes a5" the word for b is logged and not heard (a square is said
    // whole, from its own clip, so the file is said alone only in a pawn's capture).
    let wav = tmp.path().join("b.wav");
    let a = announce_en(tmp.path(), &env, &wav, &["b4", "a5", "bxa5"]);
    let seconds = vichess::audio::wav::read(&wav).unwrap().seconds();
    assert!(seconds < 6.0, "{seconds} s: the long clip was used");
    assert!(text(&a).contains("no clip for file-b"), "{}", text(&a));

    // A pack whose clips take more than 50 MB (a sparse file: no disk is used).
    write_wav(&pack.join("clips/file-b.wav"), 16_000, 0.3);
    let big = std::fs::OpenOptions::new()
        .write(true)
        .open(pack.join("clips/file-c.wav"))
        .unwrap();
    big.set_len(51 * 1024 * 1024).unwrap();
    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "en"]);
    let out = text(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    assert!(out.contains("a pack may take at most 50 MB"), "{out}");
    let a = announce_en(tmp.path(), &env, &wav, &["c4"]);
    assert!(text(&a).contains("none is used"), "{}", text(&a));
}

#[test]
fn a_manifest_that_cannot_load_fails_the_check_with_its_folder_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let voices = tmp.path().join("voices");
    let pack = voices.join("broken");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(
        pack.join("manifest.toml"),
        "[pack]\nname = \"something-else\"\nlanguage = \"en\"\nsample_rate = 16000\n\n[tokens]\n\"check\" = { word = \"check\", colour = 1 }\n",
    )
    .unwrap();
    let env = [("VICHESS_VOICES", voices.as_path())];
    let check = run(
        &vichess(),
        tmp.path(),
        &env,
        &["voices", "--check", "broken"],
    );
    let out = text(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    assert!(!out.contains("0 problems"), "{out}");
    assert!(
        out.contains("voice pack broken:") && out.contains("manifest.toml:7:"),
        "{out}"
    );
    // Without --check the listing still says the pack is broken, and fails.
    let list = run(&vichess(), tmp.path(), &env, &["voices"]);
    assert_eq!(list.status.code(), Some(1), "{}", text(&list));
}

#[test]
fn the_shipped_packs_check_clean() {
    let tmp = tempfile::tempdir().unwrap();
    let env = [("VICHESS_VOICES", repo_voices())];
    let env: Vec<(&str, &Path)> = env.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check"]);
    let out = text(&check);
    assert!(check.status.success(), "{out}");
    assert!(out.contains("every pack is complete"), "{out}");
}

#[test]
fn a_missing_clip_is_reported_and_its_word_logged_once() {
    let tmp = tempfile::tempdir().unwrap();
    let voices = tmp.path().join("voices");
    let pack = copy_pack("en", &voices, "en");
    std::fs::remove_file(pack.join("clips/file-e.wav")).unwrap();
    let env = [("VICHESS_VOICES", voices.as_path())];
    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "en"]);
    let out = text(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    assert!(
        out.contains("token file-e: clip") && out.contains("does not exist"),
        "{out}"
    );
    let wav = tmp.path().join("e.wav");
    let a = announce_en(
        tmp.path(),
        &env,
        &wav,
        &[
            // "e takes d5" and "e takes d4": the file said alone twice (a square is said
            // whole, from its own clip), logged once.
            "e4", "d5", "exd5", "e5", "d4", "exd4",
        ],
    );
    let err = String::from_utf8_lossy(&a.stderr).to_string();
    assert_eq!(err.matches("no clip for file-e").count(), 1, "{err}");
    // eSpeak NG said the word into a file without reaching for a sound server: PulseAudio's
    // client would have made its runtime folder's link here (and the folder in /tmp).
    assert!(
        !tmp.path().join(".config/pulse").exists(),
        "rendering to a file reached the sound server"
    );
}

/// The program copied (hard-linked) to a folder of its own, as an installed program is:
/// only the packs beside it count, never the checkout it was built in.
fn installed_copy(root: &Path) -> PathBuf {
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let exe = bin.join("vichess");
    std::fs::hard_link(vichess(), &exe)
        .or_else(|_| std::fs::copy(vichess(), &exe).map(drop))
        .unwrap();
    exe
}

#[test]
fn without_any_voices_folder_the_program_says_so_and_fails() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let exe = installed_copy(dir.path());
    let wav = dir.path().join("a.wav");
    let nowhere = dir.path().join("nonexistent");
    let env = [("VICHESS_VOICES", nowhere.as_path())];
    let o = run(
        &exe,
        dir.path(),
        &env,
        &["announce", "--wav", wav.to_str().unwrap(), "Nf3"],
    );
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    // In the words of the pack asked for (announce speaks de-fide unless told otherwise),
    // with the folder that was searched.
    assert!(
        out.contains(&format!(
            "diese Stimme gibt es nicht („de-fide“; gesucht in: {})",
            nowhere.display()
        )),
        "{out}"
    );
    assert!(!wav.exists(), "no recording of another voice is written");
    let list = run(&exe, dir.path(), &env, &["voices"]);
    assert!(!list.status.success());
    assert!(
        text(&list).contains("no voice packs found"),
        "{}",
        text(&list)
    );
}

#[test]
fn packs_are_found_in_the_users_folder_then_vichess_voices_then_installed() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let exe = installed_copy(dir.path());
    let installed = dir.path().join("share/vichess/voices");
    copy_pack("en", &installed, "en");
    copy_pack("de-fide", &installed, "de-fide");
    let home = dir.path().join("home");
    let user = home.join("data/vichess/voices");
    copy_pack("ru", &user, "en"); // a player's own "en", in Russian
    let env_dir = dir.path().join("env");
    copy_pack("uk", &env_dir, "my-uk");
    let env = [("VICHESS_VOICES", env_dir.as_path())];
    let o = run(&exe, &home, &env, &["voices"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    let line = |start: &str| {
        out.lines()
            .filter(|l| l.starts_with(start))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let en = line("en (");
    assert_eq!(en.len(), 2, "{out}");
    assert!(en[0].contains("from your voices folder"), "{out}");
    assert!(
        en[1].contains("from installed") && en[1].contains("not used"),
        "{out}"
    );
    assert!(line("my-uk (")[0].contains("from VICHESS_VOICES"), "{out}");
    assert!(line("de-fide (")[0].contains("from installed"), "{out}");
    // The user's "en" speaks, and the default pack comes from the installed folder.
    let a = run(&exe, &home, &env, &["announce", "--voice", "en", "e4"]);
    assert!(text(&a).contains("е четыре"), "{}", text(&a));
    let a = run(&exe, &home, &env, &["announce", "e4"]);
    assert!(text(&a).contains("Eva vier"), "{}", text(&a));
    // A pack no folder has: the message lists what the search path really holds, in the
    // language the player would play in (no locale here: German, as `play`).
    let a = run(&exe, &home, &env, &["announce", "--voice", "nosuch", "e4"]);
    let out = text(&a);
    assert!(!a.status.success(), "{out}");
    assert!(
        out.contains("my-uk") && out.contains(&env_dir.display().to_string()),
        "{out}"
    );
    assert!(
        out.contains("vorhanden sind: en, my-uk, de-fide)"),
        "only packs that are there are listed: {out}"
    );
}

/// A pack recorded by hand is told the `pace` its recordings need, measured as the shipped
/// packs are: written back into its manifest, that pace brings the five words to 1.9 s.
#[test]
fn the_check_tells_a_slow_pack_the_pace_that_makes_it_a_human_pace() {
    let tmp = tempfile::tempdir().unwrap();
    let voices = tmp.path().join("voices");
    let pack = copy_pack("en", &voices, "slow");
    let manifest = pack.join("manifest.toml");
    let set_pace = |pace: &str| {
        let text = std::fs::read_to_string(&manifest).unwrap();
        let text: Vec<String> = text
            .lines()
            .map(|l| {
                if l.starts_with("pace = ") {
                    format!("pace = {pace}")
                } else {
                    l.to_string()
                }
            })
            .collect();
        std::fs::write(&manifest, text.join("\n") + "\n").unwrap();
    };
    set_pace("0.6");
    let env = [("VICHESS_VOICES", voices.as_path())];
    let pace_line = || {
        let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "slow"]);
        let out = text(&check);
        // Slow is not a problem: the check still passes.
        assert!(check.status.success(), "{out}");
        out.lines()
            .find(|l| l.trim_start().starts_with("pace "))
            .unwrap_or_else(|| panic!("no pace line: {out}"))
            .to_string()
    };
    let slow = pace_line();
    assert!(
        slow.contains("pace 0.6: five words (knight g1-f3)")
            && slow.contains("slower than a human announcer"),
        "{slow}"
    );
    let suggested = slow
        .split("`pace = ")
        .nth(1)
        .and_then(|s| s.split('`').next())
        .unwrap_or_else(|| panic!("no pace suggested: {slow}"))
        .to_string();
    set_pace(&suggested);
    let fixed = pace_line();
    assert!(fixed.contains("a human announcer's pace"), "{fixed}");
    let five: f64 = fixed
        .split("five words (knight g1-f3) ")
        .nth(1)
        .and_then(|s| s.split(" s").next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{fixed}"));
    assert!((1.85..=1.9).contains(&five), "{fixed}");
}

/// A square's own clip missing is named by the check, with its line; the square is then said
/// from the file's and the rank's clips, so no word goes to system speech.
#[test]
fn a_missing_square_clip_is_named_and_the_square_said_as_two_words() {
    let tmp = tempfile::tempdir().unwrap();
    let voices = tmp.path().join("voices");
    let pack = copy_pack("en", &voices, "en");
    let env = [("VICHESS_VOICES", voices.as_path())];
    let seconds = |name: &str| {
        let wav = tmp.path().join(name);
        let a = announce_en(tmp.path(), &env, &wav, &["e4"]);
        assert!(a.status.success(), "{}", text(&a));
        assert!(!text(&a).contains("no clip"), "{}", text(&a));
        vichess::audio::wav::read(&wav).unwrap().seconds()
    };
    let whole = seconds("whole.wav");
    std::fs::remove_file(pack.join("clips/square-e4.wav")).unwrap();
    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "en"]);
    let out = text(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    let line = line_of(&pack.join("manifest.toml"), "e4");
    assert!(
        out.contains(&format!("manifest.toml:{line}: token square e4: clip"))
            && out.contains("does not exist"),
        "{out}"
    );
    // Said as "e" and "four" with a gap: longer than the square said whole.
    let apart = seconds("apart.wav");
    assert!(apart > whole + 0.1, "whole {whole} s, apart {apart} s");
}

/// A named check opens only that pack; the same folder named twice is listed once; a pack
/// hidden by one of the same name is listed as not used and not checked; an unknown name is
/// said with the names there are.
#[test]
fn a_named_check_opens_only_that_pack_and_a_folder_named_twice_is_listed_once() {
    let tmp = tempfile::tempdir().unwrap();
    // The shipped packs through VICHESS_VOICES, which are also the installed ones here.
    let env = [("VICHESS_VOICES", repo_voices())];
    let env: Vec<(&str, &Path)> = env.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let list = run(&vichess(), tmp.path(), &env, &["voices"]);
    let out = text(&list);
    assert!(list.status.success(), "{out}");
    assert_eq!(out.matches("de-fide (").count(), 1, "{out}");
    assert!(!out.contains("not used"), "{out}");

    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "ru"]);
    let out = text(&check);
    assert!(check.status.success(), "{out}");
    assert!(
        out.contains("ru (ru, ") && out.contains("every pack is complete"),
        "{out}"
    );
    assert!(
        !out.contains("de-fide (") && !out.contains("uk (uk"),
        "{out}"
    );
    assert_eq!(out.matches("  pace ").count(), 1, "{out}");

    // A broken copy of en in the player's own folder hides the installed en: only the copy
    // is checked, and its problem is the one listed.
    let voices = tmp.path().join("voices");
    let pack = copy_pack("en", &voices, "en");
    std::fs::remove_file(pack.join("clips/file-e.wav")).unwrap();
    let env = [("VICHESS_VOICES", voices.as_path())];
    let check = run(&vichess(), tmp.path(), &env, &["voices", "--check", "en"]);
    let out = text(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    assert!(out.contains("not used, so not checked"), "{out}");
    assert!(out.contains("check: 1 problem\n"), "{out}");

    let unknown = run(&vichess(), tmp.path(), &env, &["voices", "--check", "xx"]);
    let out = text(&unknown);
    assert!(!unknown.status.success(), "{out}");
    assert!(
        out.contains("no voice pack named \"xx\"") && out.contains("de-fide, en, hy, ru, uk"),
        "{out}"
    );
}

/// Only the clip's own part of its path is looked at for symlinks (the pack's folder is
/// followed once): a folder inside the pack linked to another inside still gives its clips,
/// at their real place; the clips folder linked out of the pack gives none, each refused as
/// leading outside; a clip named "./clips/…" is the same file.
#[test]
fn symlinks_inside_the_pack_are_followed_and_out_of_it_refused() {
    use vichess::phrase::token::Token;
    use vichess::rules::File;
    use vichess::voice::Pack;
    let tmp = tempfile::tempdir().unwrap();
    let pack = copy_pack("en", &tmp.path().join("voices"), "en");
    let clips = pack.join("clips");
    let real = |p: &Path| p.canonicalize().unwrap();
    let file_a = Token::File(File::A);

    // A manifest naming "./clips/…" and "takes/…" (a link to clips) for two words.
    let manifest = std::fs::read_to_string(pack.join("manifest.toml")).unwrap();
    let manifest = manifest
        .replacen("\"clips/file-a.wav\"", "\"./clips/file-a.wav\"", 1)
        .replacen("\"clips/file-b.wav\"", "\"takes/file-b.wav\"", 1);
    assert!(manifest.contains("./clips/file-a.wav") && manifest.contains("takes/file-b.wav"));
    std::fs::write(pack.join("manifest.toml"), manifest).unwrap();
    std::os::unix::fs::symlink(&clips, pack.join("takes")).unwrap();
    let loaded = Pack::load(&pack).unwrap();
    assert_eq!(
        loaded.clip_path(file_a),
        Some(real(&clips.join("file-a.wav")))
    );
    assert_eq!(
        loaded.clip_path(Token::File(File::B)),
        Some(real(&clips.join("file-b.wav")))
    );
    assert!(!loaded.outside(Token::File(File::B)));

    // The clips moved out of the pack and linked back: every clip leads outside.
    let away = tmp.path().join("elsewhere");
    std::fs::rename(&clips, &away).unwrap();
    std::os::unix::fs::symlink(&away, &clips).unwrap();
    let loaded = Pack::load(&pack).unwrap();
    assert_eq!(loaded.clip_path(file_a), None);
    assert!(loaded.outside(file_a) && loaded.outside(Token::File(File::C)));
    let problems: Vec<String> = loaded.check().iter().map(ToString::to_string).collect();
    assert!(
        problems.iter().any(
            |p| p.contains("token file-c: clip") && p.contains("leads outside the pack folder")
        ),
        "{problems:?}"
    );
}
