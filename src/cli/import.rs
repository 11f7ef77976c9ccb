//! `gamefuzz import`: a cargo-fuzz artifact becomes a shrunk corpus entry.

use std::path::PathBuf;

use clap::Args;

use super::{seconds, Exit};
use crate::id::GameId;
use crate::shrink::ShrinkLimits;

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// The artifact; its directory name (diff_<game> or parse_<game>) gives the target.
    pub artifact: PathBuf,
    /// The game, when the directory name does not say it (with --kind).
    #[arg(long, requires = "kind")]
    pub game: Option<GameId>,
    /// diff (bytes decoded by the generator) or parse (bytes are the judge input).
    #[arg(long, requires = "game", value_parser = ["diff", "parse"])]
    pub kind: Option<String>,
    /// Corpus root; the entry goes to <DIR>/<game>/ [default:
    /// $GAMEFUZZ_CORPUS, the corpus the diff fuzz targets read, else corpus].
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// Wall-clock budget for shrinking, in seconds.
    #[arg(long, default_value_t = 60.0, value_parser = super::any_seconds,
          allow_hyphen_values = true)]
    pub shrink_time: f64,
}

/// `import`: a fuzz artifact becomes a shrunk corpus entry (exit 1 when it
/// shows a divergence, 0 when the solvers agree on it).
pub(super) fn run(a: &ImportArgs) -> anyhow::Result<Exit> {
    use crate::fuzz::Kind;
    let target = match (a.game, a.kind.as_deref()) {
        (Some(g), Some("parse")) => Some((Kind::Parse, g)),
        (Some(g), Some(_)) => Some((Kind::Diff, g)),
        _ => None,
    };
    let bounds = ShrinkLimits {
        time: seconds(a.shrink_time),
        ..ShrinkLimits::default()
    };
    // Where the fuzz targets look for known signatures, so that an
    // imported one stops stopping them.
    let corpus = a
        .corpus
        .clone()
        .or_else(|| std::env::var_os("GAMEFUZZ_CORPUS").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("corpus"));
    let found = crate::fuzz::import(&a.artifact, target, &corpus, &bounds)?;
    Ok(if found { Exit::Found } else { Exit::Clean })
}
