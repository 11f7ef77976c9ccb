//! `gamefuzz coverage`: how often a test set, or each generator profile,
//! exercises each rule of the engine.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;

use super::{emit, read_input, Exit, GameCommand};
use crate::game::{generate_case, parse_valid, Game};
use crate::id::GameId;

#[derive(Debug, Clone, Args)]
pub struct CoverageArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// Test files or folders (every .in file under a folder, e.g. a
    /// package); without any, the generator profiles are tabulated.
    pub dir: Option<PathBuf>,
    /// Without DIR: inputs drawn per profile.
    #[arg(long, default_value_t = 50)]
    pub cases: u64,
    /// Without DIR: the first seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl GameCommand for CoverageArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        coverage_command::<G>(self.dir.as_deref(), self.cases, self.seed)
    }
}

fn coverage_command<G: Game>(dir: Option<&Path>, cases: u64, seed: u64) -> anyhow::Result<Exit> {
    use crate::package::{coverage_table, tally};
    let rules: Vec<_> = G::RULES.iter().map(|r| (r.name, r.about)).collect();
    let columns: Vec<(String, Vec<u64>)> = match dir {
        Some(dir) => {
            let mut files = Vec::new();
            collect_inputs(dir, &mut files)?;
            files.sort();
            if files.is_empty() {
                bail!("no .in files under {}", dir.display());
            }
            let mut hits = Vec::with_capacity(files.len());
            for f in &files {
                let text = read_input(Some(f))?;
                let input = parse_valid::<G>(&text).with_context(|| format!("{}", f.display()))?;
                hits.push(G::rule_hits(&input));
            }
            let t = tally(hits.iter().map(|h| &h[..]), rules.len());
            outln!("{}: {} tests under {}", G::ID, files.len(), dir.display());
            vec![
                ("tests".to_string(), t.iter().map(|c| c.0).collect()),
                ("hits".to_string(), t.iter().map(|c| c.1).collect()),
            ]
        }
        None => {
            outln!(
                "{}: inputs out of {cases} per profile (seeds {seed}..) that exercise each rule",
                G::ID
            );
            G::PROFILES
                .iter()
                .map(|p| {
                    let hits: Vec<Vec<u64>> = (0..cases)
                        .map(|i| G::rule_hits(&generate_case::<G>(seed.wrapping_add(i), p.name).0))
                        .collect();
                    let t = tally(hits.iter().map(|h| &h[..]), rules.len());
                    (p.name.to_string(), t.iter().map(|c| c.0).collect())
                })
                .collect()
        }
    };
    out!("{}", coverage_table(&rules, &columns));
    let missed: Vec<&str> = rules
        .iter()
        .enumerate()
        .filter(|(i, _)| columns.iter().all(|(_, c)| c[*i] == 0))
        .map(|(_, r)| r.0)
        .collect();
    if missed.is_empty() {
        outln!("every rule of {} is exercised", G::ID);
        Ok(Exit::Clean)
    } else {
        outln!("not exercised: {}", missed.join(", "));
        Ok(Exit::Found)
    }
}

/// Every `.in` file under `dir`, recursively.
fn collect_inputs(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let rd = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for e in rd {
        let path = e
            .with_context(|| format!("reading {}", dir.display()))?
            .path();
        if path.is_dir() {
            collect_inputs(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "in") {
            out.push(path);
        }
    }
    Ok(())
}
