// A test's private folder, shared by the test files: `#[path = "common/temp_home.rs"] mod
// temp_home;`, or `include!`d by a common module that hands it out.

/// A fresh, empty folder for one test's home (`vichess-<group>-<name>-XXXXXX` in the temp dir).
pub fn temp_dir(group: &str, name: &str) -> TempHome {
    TempHome(
        tempfile::Builder::new()
            .prefix(&format!("vichess-{group}-{name}-"))
            .tempdir()
            .expect("temp dir"),
    )
}

/// A test's folder in the temp dir, removed with everything in it when the test ends (each
/// run used to leave one per test behind). Used as the folder's path.
pub struct TempHome(tempfile::TempDir);

impl std::ops::Deref for TempHome {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for TempHome {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for TempHome {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}
