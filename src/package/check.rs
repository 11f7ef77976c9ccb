//! `--check`: whether solvers fail the package, and whether the package
//! keeps its promise to fail every solver the corpus convicts.

use std::path::Path;

use anyhow::bail;

use super::{Package, Test};
use crate::corpus;
use crate::fault::Budget;
use crate::game::{parse_valid, Game};
use crate::solver::{self, Limits, SolverSpec};

/// What `--check` found for one solver.
#[derive(Debug, Clone)]
pub struct CheckReport {
    pub solver: String,
    /// Package tests the solver fails, with its result class.
    pub failed: Vec<(String, String)>,
    /// Tests the solver ran on (brute skips inputs beyond its reach).
    pub ran: usize,
    pub tests: usize,
    /// Corpus findings of the game the solver fails.
    pub corpus_failed: Vec<String>,
}

impl CheckReport {
    /// The package promise: a solver that fails anywhere in the corpus
    /// fails the package too.
    pub fn holds(&self) -> bool {
        self.corpus_failed.is_empty() || !self.failed.is_empty()
    }
}

/// What one solver did on one test.
enum Verdict {
    /// The solver does not apply to this input (brute on a large one).
    NotRun,
    Pass,
    /// Its result class: a wrong answer or a fault.
    Fail(String),
}

fn verdict<G: Game>(solver: &SolverSpec, text: &str, limits: &Limits) -> anyhow::Result<Verdict> {
    let input = parse_valid::<G>(text)?;
    let want = G::solve(&input, &mut Budget::default())
        .map_err(|f| anyhow::anyhow!("the engine failed: {f}"))?;
    Ok(match solver::run::<G>(solver, &input, text, limits) {
        None => Verdict::NotRun,
        Some(run) => match &run.result {
            Ok(got) if *got == want => Verdict::Pass,
            Ok(got) => Verdict::Fail(format!(
                "wrong answer ({})",
                G::difference_in(&input, &want, got)
            )),
            Err(_) => Verdict::Fail(run.class()),
        },
    })
}

/// Refuses, before any work, a `cmd:` solver whose program cannot run and
/// `brute` for a game that has none (the check every command makes).
pub fn ensure_solvers<G: Game>(solvers: &[SolverSpec]) -> anyhow::Result<()> {
    solver::check::<G>(solvers)
}

/// Runs every solver on every test of the package and on every corpus
/// finding of the game.
pub fn check<G: Game>(
    p: &Package,
    solvers: &[SolverSpec],
    corpus_root: &Path,
    limits: &Limits,
) -> anyhow::Result<Vec<CheckReport>> {
    let findings = corpus::load_dir(&corpus_root.join(G::ID.name()))?;
    let labelled: Vec<(String, &Test)> = p
        .samples
        .iter()
        .map(|t| (format!("sample/{}", t.name), t))
        .chain(p.secret.iter().map(|t| (format!("secret/{}", t.name), t)))
        .collect();
    let mut reports = Vec::new();
    for s in solvers {
        let mut failed = Vec::new();
        let mut ran = 0;
        for (label, t) in &labelled {
            match verdict::<G>(s, &t.input, limits)? {
                Verdict::NotRun => {}
                Verdict::Pass => ran += 1,
                Verdict::Fail(class) => {
                    ran += 1;
                    failed.push((label.clone(), class));
                }
            }
        }
        if ran == 0 {
            bail!("{s} applies to none of the {} tests", labelled.len());
        }
        let mut corpus_failed = Vec::new();
        for e in &findings {
            if let Verdict::Fail(_) = verdict::<G>(s, &e.input, limits)? {
                corpus_failed.push(e.path.display().to_string());
            }
        }
        reports.push(CheckReport {
            solver: s.to_string(),
            failed,
            ran,
            tests: labelled.len(),
            corpus_failed,
        });
    }
    Ok(reports)
}
