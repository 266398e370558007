//! The Debian package and the release archive, used as a player would get them: made by
//! scripts/package, unpacked with `dpkg-deb -x`, moved to another folder, and run from there
//! with no `VICHESS_VOICES` and the source tree's voices never named. lintian must find no
//! error in the package.
//!
//! To stay cheap on a small machine the package is made from the binary this test run has
//! already built (`--no-build`, the test binary's own profile, `--fast` compression) rather
//! than a fresh release build: the packaging steps are the same, only the compiler profile
//! differs.

// A Debian package, checked with Debian's tools.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use vichess::audio::wav;

const PACKS: [&str; 6] = ["de-fide", "de", "en", "uk", "ru", "hy"];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(cmd: &mut Command) -> Output {
    let shown = format!("{cmd:?}");
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {shown}: {e}"));
    assert!(
        out.status.success(),
        "{shown} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 output")
}

/// The Cargo profile whose folder holds the binary this test runs (`debug` is `dev`).
fn own_profile() -> String {
    let exe = Path::new(env!("CARGO_BIN_EXE_vichess"));
    let dir = exe
        .parent()
        .and_then(Path::file_name)
        .and_then(|d| d.to_str())
        .expect("the test binary sits in a profile folder");
    if dir == "debug" { "dev" } else { dir }.to_string()
}

/// Runs an unpacked vichess as a user would: own home, another working folder, no
/// `VICHESS_VOICES`.
fn vichess(exe: &Path, home: &Path, args: &[&str]) -> Output {
    run(Command::new(exe)
        .args(args)
        .current_dir(home)
        .env_remove("VICHESS_VOICES")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data")))
}

/// Copies a folder tree, keeping the program's execute bit.
fn copy_tree(from: &Path, to: &Path) {
    run(Command::new("cp").arg("-a").arg(from).arg(to));
}

/// lintian's checks whose tags are all warnings or information (`Severity:` in
/// /usr/share/lintian/tags): `spelling-error-in-binary`, `embedded-javascript-library`.
const NEVER_AN_ERROR: &str = "binaries/spelling,languages/javascript/embedded";

#[test]
fn the_package_unpacked_anywhere_finds_its_voices_speaks_and_has_its_manual() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let out_dir = tmp.path().join("out");
    let made = run(Command::new(repo().join("scripts/package"))
        .args(["--no-build", "--fast", "--profile", &own_profile(), "--out"])
        .arg(&out_dir)
        .current_dir(repo()));
    let made = stdout(&made);
    let mut files = made.lines().map(PathBuf::from);
    let deb = files.next().expect("scripts/package names the .deb");
    let archive = files.next().expect("scripts/package names the archive");
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        deb.file_name().unwrap().to_str().unwrap(),
        format!("vichess_{version}-1_amd64.deb")
    );
    assert!(deb.is_file() && archive.is_file(), "{made}");

    // lintian takes seconds; it reads the package while the rest is checked. Two of its
    // checks can only ever give a warning or less, never the error this test looks for, and
    // took half its time: the spelling of every string in the binary, and a search of every
    // file for JavaScript libraries. A packager sees those by running lintian whole.
    let lint = Command::new("lintian")
        .args(["--dont-check-part", NEVER_AN_ERROR])
        .arg(&deb)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("lintian runs (scripts/setup installs it)");

    // Speech is recommended, never required: a braille-only player installs no synthesizer.
    let field = |name: &str| {
        stdout(&run(Command::new("dpkg-deb")
            .args(["-f"])
            .arg(&deb)
            .arg(name)))
    };
    let depends = field("Depends");
    let recommends = field("Recommends");
    assert!(depends.contains("libc6"), "Depends: {depends}");
    for speech in ["speech-dispatcher", "espeak-ng"] {
        assert!(recommends.contains(speech), "Recommends: {recommends}");
        assert!(!depends.contains(speech), "Depends: {depends}");
    }

    // Unpack, then move the tree, so nothing can be found through the path it was made at.
    let unpacked = tmp.path().join("unpacked");
    run(Command::new("dpkg-deb").arg("-x").arg(&deb).arg(&unpacked));
    let moved = tmp.path().join("elsewhere");
    copy_tree(&unpacked, &moved);
    std::fs::remove_dir_all(&unpacked).expect("remove the first unpacking");
    let usr = moved.join("usr");
    let exe = usr.join("bin/vichess");
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&home).unwrap();

    let voices = stdout(&vichess(&exe, &home, &["voices", "--check"]));
    // The search path lists only the package's own folder: no build tree, no source folder.
    let lines: Vec<&str> = voices.lines().collect();
    assert_eq!(
        lines.first().copied(),
        Some("voice packs, searched in this order:"),
        "{voices}"
    );
    assert_eq!(
        lines.get(1).copied().unwrap_or_default(),
        format!(
            "  {} (installed)",
            usr.join("share/vichess/voices").display()
        ),
        "{voices}"
    );
    assert!(
        !lines.get(2).is_some_and(|l| l.starts_with("  ")),
        "only the package's folder is searched: {voices}"
    );
    assert!(
        voices.contains("check: every pack is complete and every clip plays"),
        "{voices}"
    );
    for pack in PACKS {
        assert!(
            voices.contains(&format!("\n{pack} (")),
            "no {pack}: {voices}"
        );
        assert!(usr
            .join("share/vichess/voices")
            .join(pack)
            .join("COPYING")
            .is_file());
    }

    // Whisper's weights are not in the package (133 MB); the helper that installs them is,
    // and with the weights already in a folder it says nothing and changes nothing (no
    // network asked for).
    let helper = usr.join("share/vichess/whisper-model");
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&helper)
            .unwrap_or_else(|e| panic!("{}: {e}", helper.display()))
            .permissions()
            .mode();
        assert_eq!(mode & 0o111, 0o111, "the helper is executable: {mode:o}");
    }
    let weights = tmp.path().join("weights");
    std::fs::create_dir_all(&weights).unwrap();
    for f in ["model.bin", "tokenizer.json"] {
        std::fs::write(weights.join(f), b"x").unwrap();
    }
    let there = run(Command::new(&helper).arg(&weights));
    assert!(
        there.stdout.is_empty() && there.stderr.is_empty(),
        "{there:?}"
    );

    let wav_path = home.join("demo.wav");
    vichess(&exe, &home, &["demo", "--wav", wav_path.to_str().unwrap()]);
    let m = wav::read(&wav_path)
        .expect("the demo's WAV reads")
        .measure();
    assert!(m.seconds > 20.0, "{m:?}");
    assert!((-30.0..=-10.0).contains(&m.speech_rms_dbfs), "{m:?}");

    // The man pages are the clap definitions: the top page lists the commands, each command
    // has its own page with its options, and groff has nothing to complain about.
    let man_dir = usr.join("share/man/man1");
    let man = |page: &str| {
        let out = run(Command::new("man")
            .arg("-l")
            .arg(man_dir.join(page))
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "")
            .env("PAGER", "cat")
            .current_dir(&home));
        assert!(
            out.stderr.is_empty(),
            "{page}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout(&out)
    };
    let top = man("vichess.1.gz");
    for word in [
        "NAME",
        "SYNOPSIS",
        "vichess-play(1)",
        "vichess-voices(1)",
        version,
    ] {
        assert!(top.contains(word), "vichess.1 has no {word}:\n{top}");
    }
    assert!(
        !top.contains("manual"),
        "the hidden command is in the manual:\n{top}"
    );
    assert!(
        top.contains("VICHESS_VOICES"),
        "no ENVIRONMENT section:\n{top}"
    );
    assert!(
        !top.contains("vichess-help"),
        "a page that does not exist:\n{top}"
    );
    let play = man("vichess-play.1.gz");
    assert!(play.contains("--resume"), "{play}");

    // Completions for the three shells, bash's at least well-formed.
    let completions = [
        "share/bash-completion/completions/vichess",
        "share/zsh/vendor-completions/_vichess",
        "share/fish/vendor_completions.d/vichess.fish",
    ];
    for file in completions {
        let text = std::fs::read_to_string(usr.join(file)).expect(file);
        assert!(text.contains("voices") && text.contains("wav"), "{file}");
    }
    run(Command::new("bash").arg("-n").arg(usr.join(completions[0])));
    for doc in [
        "README.md",
        "guide-player.md",
        "guide-assistant.md",
        "guide-arbiter.md",
        "README.Debian",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "copyright",
        "changelog.Debian.gz",
    ] {
        assert!(
            usr.join("share/doc/vichess").join(doc).is_file(),
            "no {doc}"
        );
    }

    // The archive: the same tree under one folder, with a README, runnable where unpacked.
    let from_archive = tmp.path().join("archive");
    std::fs::create_dir_all(&from_archive).unwrap();
    run(Command::new("tar")
        .arg("-xzf")
        .arg(&archive)
        .arg("-C")
        .arg(&from_archive));
    let top_dir = from_archive.join(format!("vichess-{version}-x86_64-linux"));
    assert!(top_dir.join("README.txt").is_file());
    assert!(top_dir.join("share/man/man1/vichess.1.gz").is_file());
    let listed = stdout(&vichess(&top_dir.join("bin/vichess"), &home, &["voices"]));
    assert!(
        listed.starts_with(&format!(
            "voice packs, searched in this order:\n  {} (installed)\n",
            top_dir.join("share/vichess/voices").display()
        )),
        "{listed}"
    );

    // lintian: no error (warnings are printed for whoever reads the log).
    let lint = lint.wait_with_output().expect("lintian finishes");
    let report = stdout(&lint);
    print!("{report}");
    assert!(
        lint.status.success() && !report.lines().any(|l| l.starts_with("E: ")),
        "lintian found errors:\n{report}{}",
        String::from_utf8_lossy(&lint.stderr)
    );
}

/// Each pack's COPYING is what its manifest says, word for word, and the package's Debian
/// copyright file names the same terms: a licence changed in one place must change in all.
#[test]
fn every_voice_pack_licence_file_agrees_with_its_manifest() {
    let copyright = std::fs::read_to_string(repo().join("packaging/copyright")).unwrap();
    let mut dirs: Vec<String> = std::fs::read_dir(repo().join("voices"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    dirs.sort();
    let mut expected: Vec<String> = PACKS.iter().map(|p| p.to_string()).collect();
    expected.sort();
    assert_eq!(
        dirs, expected,
        "a pack was added or removed: update PACKS and its licence files"
    );
    for pack in PACKS {
        let dir = repo().join("voices").join(pack);
        let manifest: toml::Table =
            toml::from_str(&std::fs::read_to_string(dir.join("manifest.toml")).unwrap()).unwrap();
        let field = |key: &str| manifest["pack"][key].as_str().unwrap().to_string();
        let copying = std::fs::read_to_string(dir.join("COPYING"))
            .unwrap_or_else(|e| panic!("voices/{pack}/COPYING: {e}"));
        for (label, key) in [
            ("Voice", "voice"),
            ("Engine", "engine"),
            ("Licence", "licence"),
        ] {
            let line = format!("\n{label}: {}\n", field(key));
            assert!(copying.contains(&line), "voices/{pack}/COPYING lacks{line}");
        }
        assert!(
            copyright.contains(&format!("Files: voices/{pack}/clips/*"))
                && copyright.contains(&field("licence")),
            "packaging/copyright does not give the terms of voices/{pack}"
        );
    }
}
