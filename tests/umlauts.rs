//! Issue 11, finding 9: German is printed with real umlauts and ß; `[speech] ascii_umlauts`
//! spells them ae oe ue ss for a terminal that cannot show them.

#[path = "common/play.rs"]
mod common_play;

fn play(home: &std::path::Path, args: &[&str]) -> Vec<String> {
    let games = home.join("games");
    let mut all = vec!["play", "--no-audio", "--control", "none", "--game-dir"];
    all.push(games.to_str().unwrap());
    all.extend(args);
    let script = b"e4\nd5\nexd5\nwhere bishop\n";
    // The private home's random name ("/tmp/.tmpAue3xq") is in the saved game's path: it is
    // no German word, and once in a while it has an "ue" in it.
    let home_path = home.to_str().unwrap();
    common_play::lines_of(&common_play::run_piped(home, &all, script))
        .into_iter()
        .map(|l| l.replace(home_path, "HOME"))
        .collect()
}

#[test]
fn german_prints_real_umlauts_unless_ascii_umlauts_is_set() {
    let home = tempfile::tempdir().unwrap();
    let lines = play(home.path(), &[]).join("\n");
    assert!(lines.contains("Eva schlägt David fünf"), "{lines}");
    assert!(lines.contains("Läufer"), "{lines}");
    assert!(!lines.contains("ae") && !lines.contains("ue"), "{lines}");
    let config = home.path().join("ascii.toml");
    std::fs::write(&config, "[speech]\nascii_umlauts = true\n").unwrap();
    let lines = play(home.path(), &["--config", config.to_str().unwrap()]).join("\n");
    assert!(lines.contains("Eva schlaegt David fuenf"), "{lines}");
    assert!(lines.contains("Laeufer"), "{lines}");
    assert!(!lines.contains(['ä', 'ö', 'ü', 'ß']), "{lines}");
}
