//! The game on disk: the journal (every record written and synced before it is announced)
//! and the PGN beside it, and what happens when the disk refuses.
//!
//! A full disk or a removed medium must neither end the game nor let anything be announced
//! that is not on disk. So a record that cannot be written is kept in memory with everything
//! that would have announced it; the front end says so, accepts no new input, and tries
//! again until the journal takes the records, then says what was held back, in order.
//!
//! Files are written the safe way (`crate::safe_file`): the PGN through a temporary file in
//! the same folder, fsync, an atomic rename and an fsync of the folder, so a crash leaves the
//! old PGN or the new one, never half of one, and a symlink at the PGN's name is replaced,
//! never written through.

use crate::journal::Journal;
use crate::session::Output;
use std::path::Path;

/// The journal, with what it could not take yet.
pub struct GameRecord {
    journal: Journal,
    /// Records not yet on disk, oldest first.
    pending: Vec<String>,
    /// Outputs that announce them, held back until they are.
    held: Vec<Output>,
    /// Whether the journal cannot be written.
    outage: Option<()>,
}

/// What became of one output.
pub enum Carried {
    /// Carry it out now.
    Now(Output),
    /// Kept back (the journal is failing).
    Held,
    /// The journal just failed with this error: say so.
    Failed(std::io::Error),
}

impl GameRecord {
    pub fn new(journal: Journal) -> GameRecord {
        GameRecord {
            journal,
            pending: Vec::new(),
            held: Vec::new(),
            outage: None,
        }
    }

    pub fn path(&self) -> &Path {
        self.journal.path()
    }

    /// Whether the journal is failing.
    pub fn is_failing(&self) -> bool {
        self.outage.is_some()
    }

    /// Records not yet on disk.
    pub fn pending(&self) -> &[String] {
        &self.pending
    }

    /// Writes a journal line, or holds an output back while the journal is failing.
    pub fn carry(&mut self, output: Output) -> Carried {
        match output {
            Output::Journal(line) => {
                if self.outage.is_some() {
                    self.pending.push(line);
                    return Carried::Held;
                }
                match self.journal.append(&line) {
                    Ok(_) => Carried::Held,
                    Err(e) => {
                        self.pending.push(line);
                        self.outage = Some(());
                        Carried::Failed(e)
                    }
                }
            }
            other if self.outage.is_some() => {
                self.held.push(other);
                Carried::Held
            }
            other => Carried::Now(other),
        }
    }

    /// Tries the pending records again. `Ok` with the held outputs, in order, once they are
    /// all on disk; `Err` with the reason while the journal still refuses.
    pub fn retry(&mut self) -> Result<Vec<Output>, std::io::Error> {
        if self.outage.is_none() {
            return Ok(Vec::new());
        }
        while let Some(line) = self.pending.first() {
            if let Err(e) = self.journal.append(line) {
                self.outage = Some(());
                return Err(e);
            }
            self.pending.remove(0);
        }
        self.outage = None;
        Ok(std::mem::take(&mut self.held))
    }
}

/// Writes `contents` to `target` the safe way ([`crate::safe_file::replace`]): temporary
/// file, fsync, rename, fsync of the folder; mode 0600; a symbolic link at the name replaced.
pub fn save_file(target: &Path, contents: &str) -> std::io::Result<()> {
    crate::safe_file::replace(target, contents.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_replaces_a_symlink_instead_of_writing_through_it() {
        let dir = std::env::temp_dir().join(format!("vichess-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, "precious").unwrap();
        let pgn = dir.join("game.pgn");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&victim, &pgn).unwrap();
        save_file(&pgn, "[Event \"x\"]\n").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(std::fs::read_to_string(&pgn).unwrap(), "[Event \"x\"]\n");
        assert!(!std::fs::symlink_metadata(&pgn).unwrap().is_symlink());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&pgn).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
