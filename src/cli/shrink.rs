//! `gamefuzz shrink`: a judge input shrunk to a minimal valid input with the
//! same divergence.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{emit, read_input, seconds, Exit, GameCommand, LimitArgs, SolverList};
use crate::corpus;
use crate::game::{parse_valid, Game};
use crate::id::GameId;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{Limits, SolverSpec};
use crate::verdict;

#[derive(Debug, Clone, Args)]
pub struct ShrinkArgs {
    pub game: GameId,
    #[arg(long)]
    pub solvers: SolverList,
    pub file: Option<PathBuf>,
    /// Wall-clock budget for shrinking, in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub shrink_time: f64,
    /// Also store the result in this corpus root (as `diff` does).
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl GameCommand for ShrinkArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        shrink_command::<G>(
            &self.solvers.0,
            self.file.as_deref(),
            self.shrink_time,
            self.corpus.as_deref(),
            &self.limits.limits()?,
        )
    }
}

fn shrink_command<G: Game>(
    solvers: &[SolverSpec],
    file: Option<&Path>,
    time: f64,
    corpus_root: Option<&Path>,
    limits: &Limits,
) -> anyhow::Result<Exit> {
    let text = read_input(file)?;
    let input = parse_valid::<G>(&text)?;
    let c = verdict::compare::<G>(solvers, &input, &text, limits);
    let Some(sig) = c.signature else {
        eprintln!("no divergence between the solvers on this input: nothing to shrink");
        return Ok(Exit::Clean);
    };
    let bounds = ShrinkLimits {
        time: seconds(time, "--shrink-time")?,
        ..ShrinkLimits::default()
    };
    let small = shrink::shrink_finding::<G>(solvers, &sig, input, None, limits, &bounds);
    let out = G::render(&small);
    eprintln!(
        "divergence [{sig}]: {} bytes shrunk to {}",
        text.len(),
        out.len()
    );
    if let Some(root) = corpus_root {
        let c = verdict::compare::<G>(solvers, &small, &out, limits);
        let meta = corpus::Meta::new::<G>(&sig, solvers, &c.runs, None, None);
        let stored = corpus::store(root, G::ID, &out, meta)?;
        eprintln!("corpus: {}", stored.path().display());
    }
    out!("{out}");
    Ok(Exit::Found)
}
