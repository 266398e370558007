//! Links the system's PocketSphinx and SphinxBase through pkg-config, so the library paths
//! come from the distribution rather than from guesses.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = Command::new("pkg-config")
        .args(["--libs", "pocketsphinx"])
        .output();
    let libs = match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
        _ => panic!(
            "pkg-config cannot find pocketsphinx: install libpocketsphinx-dev (scripts/setup), \
             or build vichess without the `listen` feature"
        ),
    };
    for flag in libs.split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = flag.strip_prefix("-l") {
            // libsphinxad (audio capture) is listed by the .pc file but not used here.
            if lib != "sphinxad" {
                println!("cargo:rustc-link-lib={lib}");
            }
        }
    }
}
