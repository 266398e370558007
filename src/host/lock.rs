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

/// Held for as long as the game is played. Dropped, it removes its file (still holding the
/// lock, so no other process is between): a games folder a player browses holds games, not
/// a `.lock` beside every one played. After a crash the file stays, unlocked and harmless.
#[derive(Debug)]
pub struct GameLock {
    file: File,
    path: std::path::PathBuf,
}

impl Drop for GameLock {
    fn drop(&mut self) {
        // Only its own: a file made anew at the path (its own removed by hand) is another's.
        if still_there(&self.file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether `file` is still the one at `path`: a holder that quits removes its lock file, so
/// a process that opened it just before may hold the lock of a file no longer there, while
/// a third makes a new one. Such a lock is worth nothing; [`GameLock::acquire`] tries again.
#[cfg(unix)]
fn still_there(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(ours), Ok(there)) => ours.dev() == there.dev() && ours.ino() == there.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_there(_: &File, _: &Path) -> bool {
    // Windows does not remove a file another process has open: the race cannot happen.
    true
}

impl GameLock {
    /// Locks the game whose journal is `journal`; refuses when another process has it.
    pub fn acquire(journal: &Path) -> anyhow::Result<GameLock> {
        // A lock file removed under us by its quitting holder is opened afresh; a few tries
        // are plenty, since each needs another process to quit in between.
        let mut tries = 0;
        loop {
            let (file, path) = GameLock::try_acquire(journal)?;
            tries += 1;
            if still_there(&file, &path) || tries == 8 {
                return Ok(GameLock { file, path });
            }
            // Dropped as a plain file: the one at the path (if any) is another process's.
        }
    }

    /// The locked file and its path.
    fn try_acquire(journal: &Path) -> anyhow::Result<(File, std::path::PathBuf)> {
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
        Ok((file, path))
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

    /// A quitting holder takes its lock file with it; a lock whose file was removed (and
    /// perhaps made anew by another process) is known to be worth nothing.
    #[test]
    fn the_lock_file_goes_with_its_holder_and_a_removed_one_is_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("game.journal");
        let lock_file = journal.with_extension("lock");
        let held = GameLock::acquire(&journal).unwrap();
        assert!(lock_file.is_file());
        assert!(still_there(&held.file, &lock_file));
        drop(held);
        assert!(!lock_file.exists());
        let held = GameLock::acquire(&journal).unwrap();
        std::fs::remove_file(&lock_file).unwrap();
        assert!(!still_there(&held.file, &lock_file));
        std::fs::write(&lock_file, "123\n").unwrap();
        assert!(!still_there(&held.file, &lock_file));
        // Dropped, it leaves the file now at the path alone: that one is not its own.
        drop(held);
        assert_eq!(std::fs::read_to_string(&lock_file).unwrap(), "123\n");
    }

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
