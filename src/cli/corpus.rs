//! `gamefuzz corpus`: corpus maintenance.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Subcommand;

use super::{emit, Exit};
use crate::corpus;
use crate::id::GameId;

#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Union corpora (roots like `corpus/` or game directories like
    /// `corpus/xiangqi/`) into one; per signature the smallest exemplar wins.
    Merge {
        /// The corpora to merge: roots or one game's directories.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// The corpus root to merge into.
        #[arg(long, default_value = "corpus")]
        into: PathBuf,
    },
}

pub(super) fn run(cmd: &CorpusCommand) -> anyhow::Result<Exit> {
    match cmd {
        CorpusCommand::Merge { dirs, into } => merge(dirs, into),
    }
}

/// `corpus merge`: every entry of every source goes through `corpus::store`,
/// which keeps the smallest exemplar per signature and writes atomically.
fn merge(dirs: &[PathBuf], into: &Path) -> anyhow::Result<Exit> {
    let mut entries = Vec::new();
    for dir in dirs {
        if !dir.is_dir() {
            bail!("corpus merge: '{}' is not a directory", dir.display());
        }
        let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let found = if GameId::from_name(name).is_some() {
            corpus::load_dir(dir)?
        } else {
            corpus::load_all(dir)?
        };
        crate::console::errln!("{}: {} entries", dir.display(), found.len());
        entries.extend(found);
    }
    let (mut added, mut replaced, mut marked, mut known, mut blocked) = (0, 0, 0, 0, 0);
    for e in entries {
        let game = GameId::from_name(&e.meta.game)
            .with_context(|| format!("{}: unknown game '{}'", e.path.display(), e.meta.game))?;
        match corpus::store(into, game, &e.input, e.meta.clone())? {
            corpus::Stored::Added(_) => added += 1,
            corpus::Stored::Replaced { .. } => replaced += 1,
            corpus::Stored::MarkedShrunk(_) => marked += 1,
            corpus::Stored::Known(_) => known += 1,
            corpus::Stored::Blocked(_) => blocked += 1,
        }
    }
    outln!(
        "merged into {}: {added} added, {replaced} replaced a larger exemplar, \
         {marked} marked shrunk, {known} already there{}",
        into.display(),
        match blocked {
            0 => String::new(),
            n => format!(", {n} not stored (unreadable metadata under the same name)"),
        }
    );
    Ok(Exit::Clean)
}
