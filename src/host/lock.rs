//! One process per game: an exclusive lock beside the journal, taken before the journal is
//! read or written. Two programs appending to one journal would each announce moves the other
//! never saw, write the same sequence numbers, and leave a journal that resumes as neither
//! game; so the second one is refused, saying which process holds the game.
//!
//! The lock is the operating system's advisory file lock (`flock` on Unix, `LockFileEx` on
//! Windows): it is released when the holder exits, however it exits, so a crash never
//! leaves a game locked.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

/// Another process has the game: its journal and the process id it wrote, if any. The
/// caller says it in the game's language; this English form is for logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the game {} is being played by another vichess (process {process}); only one program may keep a game. Close that one, or use another game folder", game.display())]
pub struct Held {
    /// The journal of the game.
    pub game: std::path::PathBuf,
    /// The holder's process id as it wrote it; empty when unknown.
    pub process: String,
}

/// The lock file itself cannot be used: the caller says which way in the game's language,
/// with the path and the system's reason in brackets; this English form is for logs.
#[derive(Debug, thiserror::Error)]
#[error("{}: {what:?}{}", path.display(), reason.as_ref().map(|e| format!(": {e}")).unwrap_or_default())]
pub struct Unusable {
    /// The lock file.
    pub path: std::path::PathBuf,
    /// What went wrong.
    pub what: LockFault,
    /// The system's reason, kept whole so that it can be said in the game's language.
    pub reason: Option<std::io::Error>,
}

/// What went wrong with a lock file that is not held by another process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockFault {
    /// It is a symbolic link: vichess writes only the game folder's own files.
    Link,
    /// It cannot be opened or made.
    Open,
    /// It opened but cannot be locked.
    Lock,
}

/// Held for as long as the game is played.
#[derive(Debug)]
pub struct GameLock {
    _file: File,
}

impl GameLock {
    /// Locks the game whose journal is `journal`; refuses when another process has it.
    pub fn acquire(journal: &Path) -> anyhow::Result<GameLock> {
        let path = journal.with_extension("lock");
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Unusable {
                path,
                what: LockFault::Link,
                reason: None,
            }
            .into());
        }
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // Never through a link put there between the check and the open.
            options.mode(0o600).custom_flags(libc_o_nofollow());
        }
        let mut file = options.open(&path).map_err(|e| Unusable {
            path: path.clone(),
            what: LockFault::Open,
            reason: Some(e),
        })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(Held {
                    game: journal.to_path_buf(),
                    process: holder.trim().to_string(),
                }
                .into());
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(Unusable {
                    path,
                    what: LockFault::Lock,
                    reason: Some(e),
                }
                .into())
            }
        }
        // Who holds it, for the message another process gives.
        file.set_len(0)?;
        file.seek(SeekFrom::Start(0))?;
        writeln!(file, "{}", std::process::id())?;
        file.sync_data()?;
        Ok(GameLock { _file: file })
    }
}

/// `O_NOFOLLOW` on Linux (and the other Unix systems vichess may build on, where it has the
/// same meaning but another value).
#[cfg(unix)]
fn libc_o_nofollow() -> i32 {
    if cfg!(any(target_os = "linux", target_os = "android")) {
        0o400_000
    } else {
        0x0100 // macOS and the BSDs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_game_is_refused_and_names_the_holder() {
        let dir = std::env::temp_dir().join(format!("vichess-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let journal = dir.join("game.journal");
        let first = GameLock::acquire(&journal).expect("the first lock");
        let second = GameLock::acquire(&journal).expect_err("a second lock");
        let msg = second.to_string();
        assert!(
            msg.contains("being played by another vichess (process"),
            "{msg}"
        );
        assert!(msg.contains(&std::process::id().to_string()), "{msg}");
        drop(first);
        GameLock::acquire(&journal).expect("free again once the holder lets go");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_at_the_lock_is_refused_and_its_target_left_alone() {
        let dir = std::env::temp_dir().join(format!("vichess-lock-link-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let precious = dir.join("precious.txt");
        std::fs::write(&precious, "keep me").unwrap();
        let journal = dir.join("game.journal");
        std::os::unix::fs::symlink(&precious, journal.with_extension("lock")).unwrap();
        let err = GameLock::acquire(&journal).expect_err("a symlinked lock");
        let fault = err.downcast_ref::<Unusable>().map(|u| u.what);
        assert_eq!(fault, Some(LockFault::Link), "{err}");
        assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
