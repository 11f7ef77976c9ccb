//! `gamefuzz coverage`: how often a test set, or each generator profile,
//! exercises each rule of the engine.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;

use super::{emit, read_input, Exit, GameCommand};
use crate::game::{edge_name, events, generate_case, parse_valid, Edge, Events, Game};
use crate::id::GameId;
use crate::package::{goal_edge, reach, reach_profiles, EdgeCover, EDGES_WANTED};

#[derive(Debug, Clone, Args)]
pub struct CoverageArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// Test files, folders whose .in files (at any depth, e.g. a package)
    /// are tests, or the zips of Polygon, HydroOJ, Luogu or UOJ packages;
    /// without any, the generator profiles are tabulated.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Without PATH: inputs drawn per profile (at least 1).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
    pub cases: u64,
    /// Without PATH: the first seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// List every pair of consecutive rule events the tests or the reach
    /// hold, with the number of tests holding it.
    #[arg(long)]
    pub edges: bool,
}

impl GameCommand for CoverageArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        coverage_command::<G>(&self.paths, self.cases, self.seed, self.edges)
    }
}

fn coverage_command<G: Game>(
    paths: &[PathBuf],
    cases: u64,
    seed: u64,
    list_edges: bool,
) -> anyhow::Result<Exit> {
    use crate::package::{coverage_table, tally};
    let rules: Vec<_> = G::RULES.iter().map(|r| (r.name, r.about)).collect();
    let mut by_rule = String::new();
    let mut kills: Vec<Vec<bool>> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut edges: Vec<BTreeSet<Edge>> = Vec::new();
    let columns: Vec<(String, Vec<u64>)> = match paths {
        [_, ..] => {
            let files = tests_of(paths)?;
            let mut hits = Vec::with_capacity(files.len());
            for (src, name) in &files {
                let text = match src {
                    Test::File(f) => read_input(Some(f))?,
                    Test::Zipped(bytes) => String::from_utf8(bytes.clone())
                        .map_err(|_| anyhow::anyhow!("{name}: the input is not UTF-8 text"))?,
                };
                let input = parse_valid::<G>(&text).with_context(|| name.clone())?;
                let ev = events::<G>(&input);
                hits.push(ev.rule_hits::<G>());
                edges.push(ev.edges.into_keys().map(goal_edge).collect());
                kills.push(crate::package::kills::<G>(&input, &text));
            }
            let t = tally(hits.iter().map(|h| &h[..]), rules.len());
            let from: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            outln!("{}: {} tests in {}", G::ID, files.len(), from.join(", "));
            by_rule += "tests exercising each rule:\n";
            for (i, (name, _)) in rules.iter().enumerate() {
                let names: Vec<&str> = files
                    .iter()
                    .zip(&hits)
                    .filter(|(_, h)| h[i] > 0)
                    .map(|((_, n), _)| n.as_str())
                    .collect();
                let list = if names.is_empty() {
                    "-".to_string()
                } else {
                    names.join(" ")
                };
                by_rule += &format!("  {name}: {list}\n");
            }
            names = files.iter().map(|(_, n)| n.clone()).collect();
            vec![
                ("tests".to_string(), t.iter().map(|c| c.0).collect()),
                ("hits".to_string(), t.iter().map(|c| c.1).collect()),
            ]
        }
        [] => {
            outln!(
                "{}: inputs out of {cases} per profile (seeds {seed}..) that exercise each rule",
                G::ID
            );
            G::PROFILES
                .iter()
                .map(|p| {
                    let events: Vec<Events> = (0..cases)
                        .map(|i| events::<G>(&generate_case::<G>(seed.wrapping_add(i), p.name).0))
                        .collect();
                    let hits: Vec<Vec<u64>> = events.iter().map(|e| e.rule_hits::<G>()).collect();
                    edges.push(
                        events
                            .into_iter()
                            .flat_map(|e| e.edges.into_keys().map(goal_edge))
                            .collect(),
                    );
                    let t = tally(hits.iter().map(|h| &h[..]), rules.len());
                    (p.name.to_string(), t.iter().map(|c| c.0).collect())
                })
                .collect()
        }
    };
    out!("{}{by_rule}", coverage_table(G::ID, &rules, &columns));
    let missed: Vec<&str> = rules
        .iter()
        .enumerate()
        .filter(|(i, _)| columns.iter().all(|(_, c)| c[*i] == 0))
        .map(|(_, r)| r.0)
        .collect();
    let survivors = if paths.is_empty() {
        out!("{}", profile_edges::<G>(&edges));
        Vec::new()
    } else {
        out!("{}", edge_report::<G>(&names, &edges, list_edges));
        out!("{}", kill_matrix::<G>(&names, &kills));
        survivors::<G>(&kills)
    };
    if missed.is_empty() {
        outln!("every rule of {} is exercised", G::ID);
    } else {
        outln!("not exercised: {}", missed.join(", "));
    }
    Ok(if missed.is_empty() && survivors.is_empty() {
        Exit::Clean
    } else {
        Exit::Found
    })
}

/// Per profile, how many pairs of consecutive rule events its inputs hold.
fn profile_edges<G: Game>(per_profile: &[BTreeSet<Edge>]) -> String {
    let mut s = String::from("pairs of consecutive rule events the inputs of each profile hold:");
    for (p, e) in G::PROFILES.iter().zip(per_profile) {
        s += &format!(" {} {},", p.name, e.len());
    }
    let all: BTreeSet<&Edge> = per_profile.iter().flatten().collect();
    s.pop();
    s += &format!("; {} in all\n", all.len());
    s
}

/// The edge goal of the tests: the pairs of consecutive rule events of the
/// reach or of a test, how many hold each, and those held by fewer than
/// [`EDGES_WANTED`] tests.
fn edge_report<G: Game>(names: &[String], edges: &[BTreeSet<Edge>], list: bool) -> String {
    let reach = reach::<G>(&reach_profiles::<G>());
    let reached: BTreeSet<Edge> = reach.edges.keys().copied().collect();
    let cover = EdgeCover::of(&reached, edges);
    let mut s = format!(
        "pairs of consecutive rule events: {} in {} tests or more, {} in one, {} in none, \
         of {} ({} reached by {} drawn inputs, {} held only by these tests)\n",
        cover.enough(),
        EDGES_WANTED,
        cover.held(1).len(),
        cover.held(0).len(),
        cover.files.len(),
        cover.reached,
        reach.inputs.len(),
        cover.files.len() - cover.reached,
    );
    if list {
        for (&e, n) in &cover.files {
            s += &format!("  {} {n}\n", edge_name::<G>(e));
        }
    }
    for e in cover.held(1) {
        let by = names.iter().zip(edges).find(|(_, t)| t.contains(&e));
        let by = by.map_or("", |(n, _)| n.as_str());
        s += &format!("held by one test: {} ({by})\n", edge_name::<G>(e));
    }
    for e in cover.held(0) {
        s += &format!("held by no test: {}\n", edge_name::<G>(e));
    }
    s
}

/// The mistakes no test kills.
fn survivors<G: Game>(kills: &[Vec<bool>]) -> Vec<&'static str> {
    G::MISTAKES
        .iter()
        .enumerate()
        .filter(|(m, _)| !kills.iter().any(|k| k[*m]))
        .map(|(_, m)| m.name)
        .collect()
}

/// The kill matrix as text: per mistake, the tests that kill it, then the
/// count and the survivors.
fn kill_matrix<G: Game>(names: &[String], kills: &[Vec<bool>]) -> String {
    let mut s = String::from("tests killing each catalogued mistake:\n");
    for (m, mistake) in G::MISTAKES.iter().enumerate() {
        let by: Vec<&str> = names
            .iter()
            .zip(kills)
            .filter(|(_, k)| k[m])
            .map(|(n, _)| n.as_str())
            .collect();
        let list = if by.is_empty() {
            "- (survives)".to_string()
        } else {
            by.join(" ")
        };
        s += &format!("  {}: {list}\n", mistake.name);
    }
    let survivors = survivors::<G>(kills);
    s += &format!(
        "kills {}/{} catalogued mistakes\n",
        G::MISTAKES.len() - survivors.len(),
        G::MISTAKES.len()
    );
    if !survivors.is_empty() {
        s += &format!("survive: {}\n", survivors.join(", "));
    }
    s
}

/// A test `coverage` reads: a file, or a test inside a package's zip.
enum Test {
    File(PathBuf),
    Zipped(Vec<u8>),
}

/// The tests `paths` name, each with the name a report gives it: a file as
/// given; a folder's `.in` files, sorted, by their path inside it; a zip's
/// tests by their path inside it, in its judge's order.
fn tests_of(paths: &[PathBuf]) -> anyhow::Result<Vec<(Test, String)>> {
    let mut tests = Vec::new();
    for p in paths {
        if crate::package::is_archive(p) {
            for t in crate::package::open_archive(p)?.tests()? {
                tests.push((Test::Zipped(t.input), t.label));
            }
        } else if p.is_dir() {
            let mut files = Vec::new();
            collect_inputs(p, &mut files)?;
            if files.is_empty() {
                bail!("no .in files under {}", p.display());
            }
            files.sort();
            for f in files {
                let name = f.strip_prefix(p).unwrap_or(&f).display().to_string();
                tests.push((Test::File(f), name));
            }
        } else {
            tests.push((Test::File(p.clone()), p.display().to_string()));
        }
    }
    Ok(tests)
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
