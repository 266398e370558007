//! `vichess manual --out DIR` (hidden): the man pages and the bash, zsh and fish completions,
//! written from the same clap definitions the program parses, so they cannot drift from it.
//! scripts/package runs it on the binary it packages.

use clap::CommandFactory;
use std::path::Path;
use std::process::ExitCode;

/// The top page's FILES and ENVIRONMENT sections, in roff, for Linux (the man pages' home).
const FILES: &str = r#".SH FILES
.TP
\fI../share/vichess/voices\fR from the program (\fI/usr/share/vichess/voices\fR when installed)
The voice packs, one folder each with a manifest.toml, its clips and a COPYING file.
.TP
\fI~/.config/vichess/config.toml\fR
Your configuration; \fBvichess config check\fR checks it.
.TP
\fI~/.local/share/vichess/games\fR
Your games: a journal per game, from which \fBvichess play \-\-resume\fR continues, and its PGN.
.TP
\fI/usr/share/doc/vichess\fR
The guides for the player, the assistant and the arbiter.
.SH ENVIRONMENT
.TP
\fBVICHESS_VOICES\fR
A folder of voice packs to use instead of the installed ones.
.TP
\fBXDG_CONFIG_HOME\fR, \fBXDG_DATA_HOME\fR
Where the configuration and the games are kept instead of ~/.config and ~/.local/share.
"#;

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
    let man_error =
        |e: std::io::Error| anyhow::anyhow!("cannot write the man pages in {}: {e}", man.display());
    // `vichess help` has no page of its own, so the pages do not point to one.
    let man_cmd = cmd.clone().disable_help_subcommand(true);
    clap_mangen::generate_to(man_cmd.clone(), &man).map_err(man_error)?;
    // The top page again, with where vichess keeps things: clap knows nothing of files.
    let page = clap_mangen::Man::new(man_cmd);
    let mut top = Vec::new();
    page.render_title(&mut top).map_err(man_error)?;
    page.render_name_section(&mut top).map_err(man_error)?;
    page.render_synopsis_section(&mut top).map_err(man_error)?;
    page.render_description_section(&mut top)
        .map_err(man_error)?;
    page.render_options_section(&mut top).map_err(man_error)?;
    page.render_subcommands_section(&mut top)
        .map_err(man_error)?;
    top.extend_from_slice(FILES.as_bytes());
    page.render_version_section(&mut top).map_err(man_error)?;
    std::fs::write(man.join("vichess.1"), top).map_err(man_error)?;
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
