//! `gamefuzz package`: write a judge package and report its rule coverage
//! and what `--check` finds.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::{emit, Exit, GameCommand, LimitArgs};
use crate::game::Game;
use crate::id::GameId;
use crate::package;
use crate::solver::SolverSpec;

#[derive(Debug, Clone, Args)]
pub struct PackageArgs {
    pub game: GameId,
    /// The package directory (created; an existing non-empty one needs --force).
    #[arg(long)]
    pub out: PathBuf,
    /// Secret tests wanted; the required ones (max and edge profiles, corpus
    /// findings, rule coverage) come first and may exceed it.
    #[arg(long, default_value_t = 30)]
    pub tests: usize,
    /// First seed of the generated tests: the same seed, options, corpus and
    /// version give a byte-identical package.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, value_enum, default_value = "kattis")]
    pub layout: package::Layout,
    /// Corpus root; every finding of the game becomes a test.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Run these solvers (cmd:PATH, reference, ...) on the package and report
    /// the tests each fails.
    #[arg(long)]
    pub check: Option<CheckList>,
    /// Replace an existing package in --out (only one gamefuzz wrote, never
    /// one holding the working directory or the corpus).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// A comma-separated list of one or more distinct solvers, each checked
/// against the engine's answers.
#[derive(Debug, Clone)]
pub struct CheckList(pub Vec<SolverSpec>);

impl std::str::FromStr for CheckList {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        crate::solver::parse_solvers(s, 1).map(CheckList)
    }
}

impl GameCommand for PackageArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        package_command::<G>(self)
    }
}

fn package_command<G: Game>(args: &PackageArgs) -> anyhow::Result<Exit> {
    let opts = package::Options {
        tests: args.tests,
        seed: args.seed,
        corpus: args.corpus.clone(),
    };
    let limits = args.limits.limits()?;
    if let Some(CheckList(solvers)) = &args.check {
        package::ensure_solvers::<G>(solvers)?;
    }
    let findings = args.corpus.join(G::ID.name());
    if !findings.is_dir() {
        eprintln!(
            "note: no corpus at {}: the package holds no findings",
            findings.display()
        );
    }
    let p = package::build::<G>(&opts)?;
    let cwd = std::env::current_dir().context("reading the working directory")?;
    package::write(
        &p,
        args.layout,
        &args.out,
        args.force,
        &[&cwd, &args.corpus],
    )?;
    outln!(
        "{}: {} sample and {} secret tests ({} bytes) written to {}",
        G::ID,
        p.samples.len(),
        p.secret.len(),
        p.bytes(),
        args.out.display()
    );
    let cover = p.coverage();
    let columns = vec![
        ("tests".to_string(), cover.iter().map(|c| c.0).collect()),
        ("hits".to_string(), cover.iter().map(|c| c.1).collect()),
    ];
    out!("{}", package::coverage_table(&p.rules, &columns));
    let mut ok = true;
    for (rule, why) in &p.unreached {
        ok = false;
        outln!("not exercised: {rule}: {why}");
    }
    if let Some(CheckList(solvers)) = &args.check {
        for r in package::check::<G>(&p, solvers, &args.corpus, &limits)? {
            let names: Vec<String> = r.failed.iter().map(|(n, c)| format!("{n} ({c})")).collect();
            let skipped = match r.tests - r.ran {
                0 => String::new(),
                n => format!(" (not applicable to {n})"),
            };
            outln!(
                "check {}: fails {} of {} tests{skipped}{}{}",
                r.solver,
                r.failed.len(),
                r.ran,
                if names.is_empty() { "" } else { ": " },
                names.join(", ")
            );
            if !r.holds() {
                ok = false;
                outln!(
                    "check {}: fails corpus findings {} yet passes every test of the package",
                    r.solver,
                    r.corpus_failed.join(", ")
                );
            }
        }
    }
    Ok(if ok { Exit::Clean } else { Exit::Found })
}
