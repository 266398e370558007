//! The journal a game left in its folder, as tests compare it between front ends.
#![allow(dead_code)]

use std::path::Path;

/// The records of the one journal in `games`, without their times (the second field) and with
/// the wall-clock anchor's value dropped: the two things two runs of the same game cannot
/// share.
pub fn untimed_records(games: &Path) -> Vec<String> {
    let journal = std::fs::read_dir(games)
        .expect("game folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .expect("a journal");
    vichess::journal::read(&journal)
        .expect("journal reads")
        .entries
        .into_iter()
        .map(|e| {
            let mut words: Vec<&str> = e.payload.split(' ').collect();
            if words.len() > 1 {
                words.remove(1);
            }
            if words[0] == "anchor" {
                words.truncate(1);
            }
            words.join(" ")
        })
        .collect()
}
