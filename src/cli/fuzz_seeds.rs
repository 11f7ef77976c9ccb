//! `gamefuzz fuzz-seeds`: the seed corpora of the fuzz targets.

use std::path::PathBuf;

use clap::Args;

use super::Exit;

#[derive(Debug, Clone, Args)]
pub struct FuzzSeedsArgs {
    /// Where the corpora go: one folder per fuzz target.
    #[arg(long, default_value = "fuzz/corpus")]
    pub dir: PathBuf,
    /// Seeds per target.
    #[arg(long, default_value_t = 16)]
    pub count: usize,
    /// Largest seed file, in bytes.
    #[arg(long, default_value_t = 4096)]
    pub max_len: usize,
}

pub(super) fn run(args: &FuzzSeedsArgs) -> anyhow::Result<Exit> {
    let n = crate::fuzz::write_seeds(&args.dir, args.count, args.max_len)?;
    crate::console::errln!("{n} seed files under {}", args.dir.display());
    Ok(Exit::Clean)
}
