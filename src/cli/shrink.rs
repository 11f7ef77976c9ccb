//! `gamefuzz shrink`: a judge input shrunk to a minimal valid input with the
//! same divergence.

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::Args;

use super::{emit, read_input, seconds, Exit, GameCommand, LimitArgs, SolverList};
use crate::corpus;
use crate::game::{parse_valid, Game};
use crate::id::GameId;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{self, Limits, SolverSpec};
use crate::verdict;

#[derive(Debug, Clone, Args)]
pub struct ShrinkArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// Comma-separated solvers, as for diff (engine, reference, brute,
    /// mistake:NAME, cmd:COMMAND with its arguments, e.g.
    /// 'engine,cmd:python3 sol.py', or a source file, e.g. engine,my.cpp).
    #[arg(long)]
    pub solvers: SolverList,
    /// The judge input file [default: stdin].
    pub file: Option<PathBuf>,
    /// Wall-clock budget for shrinking, in seconds.
    #[arg(long, default_value_t = 60.0, value_parser = super::any_seconds,
          allow_hyphen_values = true)]
    pub shrink_time: f64,
    /// Seconds to explain the shrunk divergence in (rules involved, what
    /// matters in the input, the smallest change that makes the program
    /// right, catalogued mistakes), printed on stderr; 0 explains nothing.
    #[arg(long, value_name = "SECS", default_value_t = 20.0,
          value_parser = super::any_seconds, allow_hyphen_values = true)]
    pub explain_time: f64,
    /// Also store the result in this corpus root (as `diff` does).
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// Candidates whose programs run at once, where each runs alone, at
    /// most 256 [default: all cores].
    #[arg(long, value_parser = super::jobs, allow_hyphen_values = true)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl GameCommand for ShrinkArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        let bounds = ShrinkLimits {
            time: seconds(self.shrink_time),
            jobs: super::jobs_or_cores(self.jobs),
            ..ShrinkLimits::default()
        };
        shrink_command::<G>(
            &self.solvers.0,
            self.file.as_deref(),
            &bounds,
            seconds(self.explain_time),
            self.corpus.as_deref(),
            &self.limits.calibrated_limits()?,
        )
    }
}

fn shrink_command<G: Game>(
    solvers: &[SolverSpec],
    file: Option<&Path>,
    bounds: &ShrinkLimits,
    explain: std::time::Duration,
    corpus_root: Option<&Path>,
    limits: &Limits,
) -> anyhow::Result<Exit> {
    solver::check::<G>(solvers)?;
    let text = read_input(file)?;
    let input = parse_valid::<G>(&text)?;
    let mut c = verdict::compare::<G>(solvers, &input, &text, limits);
    if c.cut_early() {
        // A timeout counts only at the full limit (and calibrates the
        // program where it answers).
        c = verdict::compare::<G>(solvers, &input, &text, &limits.full());
    }
    if c.interrupted() {
        bail!("interrupted");
    }
    let Some(sig) = c.signature else {
        crate::console::errln!(
            "no divergence between the solvers on this input: nothing to shrink"
        );
        return Ok(Exit::Clean);
    };
    // Runs in flight end with the shrink's time.
    let until = limits.until(std::time::Instant::now() + bounds.time);
    let (small, runs) = shrink::shrink_finding::<G>(solvers, &sig, input, None, &until, bounds);
    let out = G::render(&small.input);
    crate::console::errln!(
        "divergence [{sig}]: {}",
        small.describe(text.len(), out.len())
    );
    let small_runs = runs.as_ref().unwrap_or(&c.runs);
    if let Some(b) = super::boards::diverging::<G>(solvers, &small.input, small_runs, limits) {
        crate::console::errs!("{b}");
    }
    let records = corpus::records::<G>(solvers, small_runs);
    crate::console::errs!("{}", super::fault_lines(&records));
    if !explain.is_zero() {
        let e = crate::explain::explain_input::<G>(solvers, &sig, &out, &records, limits, explain);
        if let Some(e) = e {
            crate::console::errln!("explanation:");
            let free = crate::explain::show::annotated(&out, Some(&e), "  ");
            if free.contains(crate::explain::show::FREE) {
                crate::console::errs!("{free}");
            }
            for l in crate::explain::show::lines(&e) {
                crate::console::errln!("{}", format!("  {l}").trim_end());
            }
        }
    }
    if let Some(root) = corpus_root {
        let meta = corpus::Meta::new::<G>(&sig, records, None, None, small.complete);
        let stored = corpus::store(root, G::ID, &out, meta)?;
        crate::console::errln!(
            "corpus: {} ({})",
            stored.path().display(),
            stored.describe()
        );
    }
    out!("{out}");
    Ok(Exit::Found)
}
