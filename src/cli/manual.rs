//! `vichess manual --out DIR` (hidden): the man pages and the bash, zsh and fish completions,
//! written from the same clap definitions the program parses, so they cannot drift from it.
//! scripts/package runs it on the binary it packages.

use clap::CommandFactory;
use std::path::Path;
use std::process::ExitCode;

/// Writes `DIR/man/vichess.1` with a page per subcommand (`vichess-play.1`, ...) and
/// `DIR/completions/{vichess.bash,_vichess,vichess.fish}`.
pub fn run(out: &Path) -> anyhow::Result<ExitCode> {
    let cmd = super::Cli::command();
    let man = out.join("man");
    let completions = out.join("completions");
    for dir in [&man, &completions] {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot make the folder {}: {e}", dir.display()))?;
    }
    clap_mangen::generate_to(cmd.clone(), &man)
        .map_err(|e| anyhow::anyhow!("cannot write the man pages in {}: {e}", man.display()))?;
    use clap_complete::Shell;
    for (shell, file) in [
        (Shell::Bash, "vichess.bash"),
        (Shell::Zsh, "_vichess"),
        (Shell::Fish, "vichess.fish"),
    ] {
        let path = completions.join(file);
        let mut f = std::fs::File::create(&path)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        clap_complete::generate(shell, &mut cmd.clone(), "vichess", &mut f);
    }
    println!(
        "man pages in {}, completions in {}",
        man.display(),
        completions.display()
    );
    Ok(ExitCode::SUCCESS)
}
