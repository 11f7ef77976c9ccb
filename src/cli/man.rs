//! `gamefuzz man DIR`: one man page per command, rendered by clap_mangen
//! from the definitions `--help` prints, so the pages say what the program
//! does and need no editing by hand.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, CommandFactory};
use clap_mangen::roff::{roman, Roff};

use super::{emit, Cli, Exit};

#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// The folder the pages go to (created if missing), e.g.
    /// ~/.local/share/man/man1: gamefuzz.1, and gamefuzz-COMMAND.1 for every command.
    pub dir: PathBuf,
}

pub(super) fn run(args: &ManArgs) -> anyhow::Result<Exit> {
    let dir = &args.dir;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    // Built first, so that every subcommand knows its full name
    // (`gamefuzz-corpus-merge`), which titles its page.
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut written = 0;
    write_pages(&cmd, dir, &mut written)?;
    emit(&format!(
        "{written} man pages written to {}\n",
        dir.display()
    ));
    Ok(Exit::Clean)
}

/// The page of `cmd` and those of its subcommands, below `dir`.
fn write_pages(cmd: &clap::Command, dir: &Path, written: &mut usize) -> anyhow::Result<()> {
    let man = clap_mangen::Man::new(cmd.clone())
        .source(concat!("gamefuzz ", env!("CARGO_PKG_VERSION")))
        .manual("gamefuzz manual");
    let mut page = Vec::new();
    man.render(&mut page).context("rendering a man page")?;
    let name = man.get_filename();
    // The pages carry no date, so that one version always writes the same
    // bytes; clap_mangen leaves the empty date unquoted, which would move
    // the source and the manual's name into its place.
    let title = cmd.get_display_name().unwrap_or(cmd.get_name());
    let page = String::from_utf8_lossy(&page).replacen(
        &format!(".TH {title} 1  \""),
        &format!(".TH {title} 1 \"\" \""),
        1,
    ) + &closing_sections(cmd).render();
    let path = dir.join(&name);
    std::fs::write(&path, page).with_context(|| format!("writing {}", path.display()))?;
    *written += 1;
    for sub in cmd.get_subcommands() {
        if !sub.is_hide_set() && sub.get_name() != "help" {
            write_pages(sub, dir, written)?;
        }
    }
    Ok(())
}

/// What clap does not know: the exit status every command shares, and
/// where the guide and the other pages are.
fn closing_sections(cmd: &clap::Command) -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["EXIT STATUS"]);
    roff.text([roman(
        "0: success, nothing found; 1: a divergence found, an input invalid or a test \
         failed; 2: a usage or I/O error. validate --kattis exits 42 (valid) or 43 \
         (invalid). An interrupt (Ctrl-C) ends diff, shrink and import with their \
         usual status, keeping what they found, and any other command with 130.",
    )]);
    roff.control("SH", ["SEE ALSO"]);
    let top = cmd.get_bin_name().is_none_or(|b| !b.contains(' '));
    let mut also = String::new();
    if !top {
        also += "gamefuzz(1); ";
    }
    also += "the guide, docs/README.md in the gamefuzz sources, and its command reference, docs/commands.md.";
    roff.text([roman(also)]);
    roff
}
