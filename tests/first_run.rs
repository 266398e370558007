//! The first start after installing says which voice speaks, where the games are kept and
//! how to get help (issue 18); later starts say only the game's opening line.

#[path = "common/play.rs"]
mod common_play;

#[test]
fn the_first_start_names_the_voice_and_the_game_folder_and_later_ones_do_not() {
    let home = tempfile::tempdir().unwrap();
    let run = |lang: &str| {
        let out = common_play::run_piped(
            home.path(),
            &["play", "--no-audio", "--lang", lang],
            b"quit\n",
        );
        common_play::lines_of(&out)
    };
    let games = home.path().join("data/vichess/games");
    let first = run("en");
    assert!(
        first[0].ends_with("; language: English; change with --lang or the language setting in the configuration file; say help for the commands"),
        "{first:?}"
    );
    assert_eq!(
        first[1],
        format!("voice: en; games are kept in: {}", games.display()),
        "{first:?}"
    );
    let second = run("en");
    assert!(
        !second.iter().any(|l| l.starts_with("voice: ")),
        "only the first start says it: {second:?}"
    );
}
