//! The recognition rules' switches (`VICHESS_SQUARE_WRITTEN=0` and the like): each rule that
//! decides what a recording was heard as can be turned off, so the closed loop can measure
//! what the rule adds and a test can show that the rule, and nothing else, takes its clip.
//! They are read from the environment, or set for a second hearing of the same recording by
//! `vichess hear --again-with`: the model then encodes the recording once for both hearings
//! (a second process would load and run it again, a second of work for each rule's test).

use std::ffi::OsString;
use std::sync::RwLock;

/// The switches `hear --again-with` set, over the environment's.
static SET: RwLock<Vec<(String, String)>> = RwLock::new(Vec::new());

/// The switch `key`: as set for the hearing under way, else from the environment.
pub fn var_os(key: &str) -> Option<OsString> {
    let set = SET.read().unwrap_or_else(|poisoned| poisoned.into_inner());
    match set.iter().find(|(k, _)| k == key) {
        Some((_, v)) => Some(OsString::from(v)),
        None => std::env::var_os(key),
    }
}

/// [`var_os`] as text, as `std::env::var` gives it.
pub fn var(key: &str) -> Result<String, std::env::VarError> {
    match var_os(key) {
        None => Err(std::env::VarError::NotPresent),
        Some(v) => v.into_string().map_err(std::env::VarError::NotUnicode),
    }
}

/// Sets `switches` (`KEY=VALUE`, each key a `VICHESS_` name) over the environment until
/// [`clear`]. An entry that is not such a pair is an error that names it, and nothing is
/// set.
pub fn set(switches: &[String]) -> Result<(), String> {
    let mut pairs = Vec::with_capacity(switches.len());
    for s in switches {
        match s.split_once('=') {
            Some((k, v)) if k.starts_with("VICHESS_") => pairs.push((k.to_string(), v.to_string())),
            _ => return Err(s.clone()),
        }
    }
    *SET.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = pairs;
    Ok(())
}

/// Back to the environment's switches alone.
pub fn clear() {
    SET.write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test for the whole module: the switches are one process-wide setting.
    #[test]
    fn a_switch_set_stands_over_the_environment_until_cleared() {
        assert_eq!(var_os("VICHESS_TEST_SWITCH_ONLY_HERE"), None);
        set(&["VICHESS_TEST_SWITCH_ONLY_HERE=0".to_string()]).unwrap();
        assert_eq!(var("VICHESS_TEST_SWITCH_ONLY_HERE").as_deref(), Ok("0"));
        assert_eq!(
            set(&["VICHESS_OTHER".to_string(), "X=1".to_string()]),
            Err("VICHESS_OTHER".to_string())
        );
        // A refused list leaves the last one set.
        assert_eq!(var("VICHESS_TEST_SWITCH_ONLY_HERE").as_deref(), Ok("0"));
        clear();
        assert_eq!(var_os("VICHESS_TEST_SWITCH_ONLY_HERE"), None);
    }
}
