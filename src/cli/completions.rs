//! `gamefuzz completions SHELL`: a completion script written by
//! clap_complete from the very definitions `--help` prints, so a flag added
//! to the command line completes without anyone editing a script.

use clap::{Args, CommandFactory, ValueEnum};

use super::{emit, Cli, Exit};

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// The shells a completion script is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash: save the script as ~/.local/share/bash-completion/completions/gamefuzz.
    Bash,
    /// Zsh: save the script as _gamefuzz in a folder of $fpath.
    Zsh,
    /// Fish: save the script as ~/.config/fish/completions/gamefuzz.fish.
    Fish,
}

pub(super) fn run(args: &CompletionsArgs) -> anyhow::Result<Exit> {
    let shell = match args.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "gamefuzz", &mut script);
    emit(&String::from_utf8_lossy(&script));
    Ok(Exit::Clean)
}
