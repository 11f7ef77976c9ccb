//! `gamefuzz validate`: whether a judge input is valid, as a verdict or in
//! the exit codes of a Kattis input validator.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{read_bytes, read_input, Exit, GameCommand};
use crate::game::{parse_valid, Game};
use crate::id::GameId;

#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// The judge input file [default: stdin].
    pub file: Option<PathBuf>,
    /// Kattis input-validator convention: exit 42 if valid and in the
    /// canonical layout `gen` writes (one space between tokens, no
    /// trailing or doubled whitespace), 43 otherwise, 2 if FILE cannot be
    /// read.
    #[arg(long)]
    pub kattis: bool,
}

impl GameCommand for ValidateArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        validate::<G>(self.file.as_deref(), self.kattis)
    }
}

fn validate<G: Game>(file: Option<&Path>, kattis: bool) -> anyhow::Result<Exit> {
    if !kattis {
        let text = read_input(file)?;
        // The items the reason cites are those of the rules document's
        // checklist; an invalid input exits 1, as from any command.
        if let Err(e) = parse_valid::<G>(&text) {
            crate::console::errln!("error: {e} (section 3 of docs/rules/{}.md)", G::ID);
            return Ok(Exit::Found);
        }
        crate::console::errln!("valid {} input", G::ID);
        return Ok(Exit::Clean);
    }
    // An unreadable file is the validator's failure (exit 2), not a verdict;
    // bytes that are not text are an invalid input.
    Ok(match crate::kattis::verdict::<G>(&read_bytes(file)?) {
        Ok(()) => Exit::Code(42),
        Err(e) => {
            crate::console::errln!("invalid {} input: {e}", G::ID);
            Exit::Code(43)
        }
    })
}
