//! Writing a user's file safely: every file vichess writes (the PGN, `current-game`, braille
//! and dictated scoresheets, a journal's `.torn` tail, the manual pages) goes through here.
//!
//! The same care everywhere (audit of issue 24, item 15):
//!
//! - **never through a symbolic link**: the contents go to a new temporary file in the same
//!   folder (created with `O_EXCL`, which never follows a link) and are renamed over the
//!   target. A symbolic link at the target's name is *replaced* by the file, and whatever it
//!   pointed at stays as it was. Replacing rather than refusing: the rename is what makes the
//!   write atomic, it cannot be done "through" a link, and a `save` should not fail because a
//!   stale link is in the way; a link planted in a shared folder to aim vichess at the
//!   player's own files gains nothing.
//! - **never half a file**: a crash leaves the old file or the new one; an existing file is
//!   never truncated in place (a hard link to it keeps the old contents).
//! - **readable by its owner only** (0600): a game record names players and events.
//! - **on disk when it returns**: the file is synced before the rename and the folder after
//!   it, so a power cut cannot lose the new name.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `contents` to `target`, replacing whatever is at that name (a file or a symbolic
/// link, never the link's target), atomically, mode 0600, synced with its folder.
pub fn replace(target: &Path, contents: &[u8]) -> io::Result<()> {
    let mut pending = Pending::create(target)?;
    pending.write_all(contents)?;
    pending.commit()
}

/// Like [`replace`], but only when nothing is at `target` yet (not even a dangling symbolic
/// link): [`io::ErrorKind::AlreadyExists`] otherwise, and nothing is changed. For files that
/// must never overwrite another, such as a journal's `.torn` tail.
pub fn create_new(target: &Path, contents: &[u8]) -> io::Result<()> {
    let mut pending = Pending::create(target)?;
    pending.write_all(contents)?;
    pending.commit_new()
}

/// A file being written under a temporary name beside its target: [`Pending::commit`] puts
/// it in place; dropped without a commit, it is removed and the target never changes. For
/// files written as they are made (a dictated scoresheet), which [`replace`] would have to
/// hold in memory whole.
#[derive(Debug)]
pub struct Pending {
    file: Option<File>,
    temp: PathBuf,
    target: PathBuf,
}

impl Pending {
    /// Opens a new temporary file for `target` in the target's folder.
    pub fn create(target: &Path) -> io::Result<Pending> {
        let dir = folder_of(target);
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
        let mut n = 0u32;
        loop {
            let temp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
            let mut options = OpenOptions::new();
            // `create_new` is O_CREAT | O_EXCL: it never follows a symbolic link, dangling
            // or not, and never opens a file someone else made.
            options.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            match options.open(&temp) {
                Ok(file) => {
                    return Ok(Pending {
                        file: Some(file),
                        temp,
                        target: target.to_path_buf(),
                    })
                }
                // A leftover of an earlier run with the same process id: take the next name.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
                // Not "already exists": that would say the target is taken.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    return Err(io::Error::other(format!(
                        "cannot make a temporary file beside {} (100 names taken)",
                        target.display()
                    )))
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// The temporary file, to write to (a `hound` writer takes a clone of it).
    pub fn file(&self) -> &File {
        self.file
            .as_ref()
            .expect("the file is open until committed")
    }

    /// Syncs the file, renames it over the target and syncs the folder.
    pub fn commit(mut self) -> io::Result<()> {
        self.sync()?;
        std::fs::rename(&self.temp, &self.target)?;
        self.file = None;
        sync_folder(&self.target)
    }

    /// Syncs the file and gives it the target's name only if nothing has that name yet (a
    /// hard link cannot replace anything), then syncs the folder.
    fn commit_new(mut self) -> io::Result<()> {
        self.sync()?;
        std::fs::hard_link(&self.temp, &self.target)?;
        let _ = std::fs::remove_file(&self.temp);
        self.file = None;
        sync_folder(&self.target)
    }

    fn sync(&mut self) -> io::Result<()> {
        let file = self
            .file
            .as_mut()
            .expect("the file is open until committed");
        file.flush()?;
        file.sync_all()
    }
}

impl Write for Pending {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file
            .as_mut()
            .expect("the file is open until committed")
            .write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file
            .as_mut()
            .expect("the file is open until committed")
            .flush()
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // Not committed (an error on the way, a full disk): leave nothing behind.
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// The folder a file is in; "." for a bare file name.
fn folder_of(target: &Path) -> &Path {
    target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Syncs the folder holding `target`, so its new name survives a power cut.
fn sync_folder(target: &Path) -> io::Result<()> {
    File::open(folder_of(target))?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    #[cfg(unix)]
    fn a_symlink_at_the_target_is_replaced_and_its_target_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "precious").unwrap();
        let sheet = dir.path().join("game.brf");
        std::os::unix::fs::symlink(&victim, &sheet).unwrap();
        replace(&sheet, b"braille").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(std::fs::read_to_string(&sheet).unwrap(), "braille");
        assert!(!std::fs::symlink_metadata(&sheet).unwrap().is_symlink());
        // A dangling link is replaced too, and creates nothing where it pointed.
        let nowhere = dir.path().join("nowhere");
        let dangling = dir.path().join("dangling.pgn");
        std::os::unix::fs::symlink(&nowhere, &dangling).unwrap();
        replace(&dangling, b"x").unwrap();
        assert!(!nowhere.exists());
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    #[cfg(unix)]
    fn a_new_file_is_private_whatever_the_umask_lets_through() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pgn");
        replace(&path, b"1. e4 *").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        // An existing 0644 file is replaced by a 0600 one.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        replace(&path, b"1. d4 *").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    #[cfg(unix)]
    fn an_existing_file_is_replaced_whole_never_truncated_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pgn");
        std::fs::write(&path, "the old game").unwrap();
        // A second name for the old file's contents: writing in place would change it too.
        let old = dir.path().join("old-name");
        std::fs::hard_link(&path, &old).unwrap();
        let before = std::fs::metadata(&path).unwrap().ino();
        replace(&path, b"the new game").unwrap();
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "the old game");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the new game");
        assert_ne!(std::fs::metadata(&path).unwrap().ino(), before);
    }

    #[test]
    fn a_write_that_is_not_committed_leaves_the_target_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheet.wav");
        std::fs::write(&path, "old").unwrap();
        {
            let mut p = Pending::create(&path).unwrap();
            p.write_all(b"half a recording").unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert!(leftovers(dir.path()).is_empty());
        // A folder that cannot be written: an error, nothing else.
        let missing = dir.path().join("no-such-folder").join("x.pgn");
        assert!(replace(&missing, b"x").is_err());
    }

    #[test]
    #[cfg(unix)]
    fn create_new_never_replaces_anything_not_even_a_dangling_link() {
        let dir = tempfile::tempdir().unwrap();
        let torn = dir.path().join("game.journal.torn");
        create_new(&torn, b"9 0badc0de move").unwrap();
        let mode = std::fs::metadata(&torn).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        let again = create_new(&torn, b"other").unwrap_err();
        assert_eq!(again.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&torn).unwrap(), b"9 0badc0de move");
        let link = dir.path().join("game.journal.torn.2");
        let nowhere = dir.path().join("nowhere");
        std::os::unix::fs::symlink(&nowhere, &link).unwrap();
        let refused = create_new(&link, b"x").unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert!(!nowhere.exists());
        assert!(leftovers(dir.path()).is_empty());
    }
}
