//! Driving the pure session in a test: console lines in, one second apart, and the printed
//! and journal lines out. One copy for every test file that scripts a `Session`.
#![allow(dead_code)]

use vichess::session::{Effect, Event, Session, Stamp};

/// Feeds `lines` one second apart from `start` milliseconds; returns all effects.
pub fn run(s: &mut Session, start: u64, lines: &[&str]) -> Vec<Effect> {
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        out.extend(s.handle(
            Event::Line(l.to_string()),
            Stamp::from_millis(start + i as u64 * 1000),
        ));
    }
    out
}

/// The lines printed (and said).
pub fn printed(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Print(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

/// The journal lines, as written.
pub fn journal(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Journal(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

/// The journal lines without their times ("draw white offer"), for tests about what was
/// recorded rather than when.
pub fn journal_untimed(effects: &[Effect]) -> Vec<String> {
    journal(effects)
        .into_iter()
        .map(|l| {
            let mut w: Vec<&str> = l.split(' ').collect();
            if w.len() > 1 {
                w.remove(1);
            }
            w.join(" ")
        })
        .collect()
}
