//! The edge goal of a package: every pair of consecutive rule events with
//! their contexts (`game::Edge`, as AFL counts edges between basic blocks)
//! that valid inputs reach should occur in [`EDGES_WANTED`] tests. Which
//! edges valid inputs reach is not known in advance; it is defined here,
//! reproducibly, as the edges of a fixed set of drawn inputs (the
//! *reach*), together with whatever the chosen tests reach besides.

use std::collections::{BTreeMap, BTreeSet};

use crate::game::{ctx, events, generate_input, Edge, Event, Game};

/// Tests from different files wanted to hold each reachable edge: as for
/// mistakes, one is easily lost to an edit of the package.
pub const EDGES_WANTED: usize = 2;

/// Inputs drawn per profile that define the edges valid inputs reach: a
/// count, not a time, so that the reach is the same on every machine, and
/// from seeds of their own, the same for every package, so that
/// `coverage` measures any package against the reach it was built for.
pub const REACH_DRAWS: u64 = 48;

/// The first seed of the reach's draws, apart from the seeds packages and
/// campaigns draw from.
const REACH_SEEDS: u64 = 0x5eed_0000_0000;

/// One input of the reach.
#[derive(Debug, Clone)]
pub struct Drawn<I> {
    pub profile: &'static str,
    pub seed: u64,
    pub input: I,
    pub edges: BTreeSet<Edge>,
}

/// The inputs that define the reach, each with its edges, and for each
/// event and edge (as the goal counts it) the number of those inputs that
/// hold it.
#[derive(Debug, Clone)]
pub struct Reach<I> {
    pub inputs: Vec<Drawn<I>>,
    pub events: BTreeMap<Event, u64>,
    pub edges: BTreeMap<Edge, u64>,
}

/// The reach of `G`: [`REACH_DRAWS`] inputs of each of `profiles`.
pub fn reach<G: Game>(profiles: &[&'static str]) -> Reach<G::Input> {
    let mut r = Reach {
        inputs: Vec::new(),
        events: BTreeMap::new(),
        edges: BTreeMap::new(),
    };
    for (p, &profile) in profiles.iter().enumerate() {
        for i in 0..REACH_DRAWS {
            let seed = REACH_SEEDS + ((p as u64) << 20) + i;
            let input = generate_input::<G>(seed, profile);
            let ev = events::<G>(&input);
            for &e in ev.counts.keys() {
                *r.events.entry(e).or_insert(0) += 1;
            }
            let edges = goal_edges(ev.edges.into_keys());
            for &e in &edges {
                *r.edges.entry(e).or_insert(0) += 1;
            }
            r.inputs.push(Drawn {
                profile,
                seed,
                input,
                edges,
            });
        }
    }
    r
}

/// Whether a case of `G` can sit in more than one file: the format packs
/// cases, so a case of the reach can be joined to any file.
pub fn repeats<G: Game>(reach: &Reach<G::Input>) -> bool {
    (reach.inputs.iter())
        .filter_map(|d| G::split(&d.input).into_iter().next())
        .next()
        .is_some_and(|case| G::pack(&[&case, &case]).is_some())
}

/// The profiles the reach is drawn from: every one but `max`, whose files
/// are the largest and whose games are those of the others, only more.
pub fn reach_profiles<G: Game>() -> Vec<&'static str> {
    G::PROFILES
        .iter()
        .map(|p| p.name)
        .filter(|&p| p != "max")
        .collect()
}

/// What a set of tests still wants of the edge goal: per edge of the
/// reach, how many more tests should hold it.
#[derive(Debug, Clone, Default)]
pub struct Wanted {
    missing: BTreeMap<Edge, usize>,
}

impl Wanted {
    /// The goal for the edges of `reach`: each wanted in [`EDGES_WANTED`]
    /// tests, or in as many as there are inputs of the reach that hold it
    /// (as a mistake is wanted killed as often as the tests kill it): an
    /// edge one input in hundreds holds is not to be found again by
    /// drawing a few more.
    ///
    /// Where a case can sit in two files (`repeats`: the format packs
    /// cases), every edge is wanted twice: a case of the reach holding a
    /// rare one can join a second file.
    pub fn new<I>(reach: &Reach<I>, repeats: bool) -> Wanted {
        Wanted {
            missing: (reach.edges.iter())
                .map(|(&e, &n)| match repeats {
                    true => (e, EDGES_WANTED),
                    false => (e, EDGES_WANTED.min(n as usize)),
                })
                .collect(),
        }
    }

    /// Counts `edges`, the edges of one more test, towards the goal.
    pub fn take(&mut self, edges: &BTreeSet<Edge>) {
        for e in edges {
            if let Some(n) = self.missing.get_mut(e) {
                *n = n.saturating_sub(1);
            }
        }
        self.missing.retain(|_, n| *n > 0);
    }

    /// How much a test holding `edges` adds: an edge still wanted twice
    /// weighs more than one wanted once.
    pub fn gain(&self, edges: &BTreeSet<Edge>) -> u64 {
        self.gain_beside(edges, &BTreeSet::new())
    }

    /// [`Wanted::gain`] of the edges of `edges` that a file holding `held`
    /// does not hold yet.
    pub fn gain_beside(&self, edges: &BTreeSet<Edge>, held: &BTreeSet<Edge>) -> u64 {
        edges
            .iter()
            .filter(|e| !held.contains(e))
            .filter_map(|e| self.missing.get(e))
            .map(|&n| n as u64)
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.missing.is_empty()
    }
}

/// The edges of one input as the goal counts them ([`goal_edge`]).
pub fn edge_set<G: Game>(input: &G::Input) -> BTreeSet<Edge> {
    goal_edges(events::<G>(input).edges.into_keys())
}

/// An edge as the goal counts it: without the case facts. A file has one
/// first case, so an edge of the first case could only be held by a file
/// of its own; in a program that starts afresh the first case runs the
/// same code as any other, and the mistakes of state carried from case to
/// case are the catalogue's to kill. The events keep the case facts.
pub fn goal_edge((a, b): Edge) -> Edge {
    let plain = |e: Event| Event {
        rule: e.rule,
        ctx: e.ctx & !ctx::CASE,
    };
    (plain(a), plain(b))
}

fn goal_edges(edges: impl IntoIterator<Item = Edge>) -> BTreeSet<Edge> {
    edges.into_iter().map(goal_edge).collect()
}

/// How a set of test files holds the edge goal: per edge of the reach or
/// of a file, the number of files that hold it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EdgeCover {
    pub files: BTreeMap<Edge, usize>,
    /// Of those edges, how many the reach holds.
    pub reached: usize,
}

impl EdgeCover {
    pub fn of<'a>(
        reach: &BTreeSet<Edge>,
        files: impl IntoIterator<Item = &'a BTreeSet<Edge>>,
    ) -> EdgeCover {
        let mut held: BTreeMap<Edge, usize> = reach.iter().map(|&e| (e, 0)).collect();
        for f in files {
            for &e in f {
                *held.entry(e).or_insert(0) += 1;
            }
        }
        EdgeCover {
            files: held,
            reached: reach.len(),
        }
    }

    /// The edges held by exactly `n` files.
    pub fn held(&self, n: usize) -> Vec<Edge> {
        self.files
            .iter()
            .filter(|&(_, &k)| k == n)
            .map(|(&e, _)| e)
            .collect()
    }

    /// How many edges [`EDGES_WANTED`] files or more hold.
    pub fn enough(&self) -> usize {
        self.files.values().filter(|&&k| k >= EDGES_WANTED).count()
    }
}

/// Secret test files the edge goal may bring a package to: a judge takes
/// that many, and past it the rarest edges are left to the files there
/// are.
pub const MAX_FILES: usize = 100;

/// One case of the reach's inputs ([`Game::split`]), with its edges.
struct Case<I> {
    input: I,
    edges: BTreeSet<Edge>,
    profile: &'static str,
    seed: u64,
    /// Already in the file being made (a case may be in several files:
    /// an edge only one case holds is wanted in two).
    used: bool,
    /// No longer to start a file: its file is already a test.
    spent: bool,
}

impl<G: Game> super::Draft<G> {
    /// Files for the edges of the reach that fewer than [`EDGES_WANTED`]
    /// files hold (an edge the files hold beyond the reach is not chased:
    /// each file made for one would hold others, a goal that never ends).
    /// The reach's inputs are taken apart into their cases, and while some
    /// edge is wanted and the package has fewer than [`MAX_FILES`] files, a
    /// file is made of the case that holds the most wanted edges, then of
    /// every other case that adds some, as many as the format packs into
    /// one file, and filled as every file is. A game of one case per file
    /// (pigs) thus gets a file per game it needs; the others pack a few
    /// files with the rare cases.
    pub(super) fn add_edge_files(&mut self, search: &[&str]) {
        let mut cases: Vec<Case<G::Input>> = Vec::new();
        for d in &self.reach.inputs {
            for input in G::split(&d.input) {
                let edges = edge_set::<G>(&input);
                cases.push(Case {
                    input,
                    edges,
                    profile: d.profile,
                    seed: d.seed,
                    used: false,
                    spent: false,
                });
            }
        }
        while self.tests.len() < self.most_files && !self.want.is_empty() {
            for c in &mut cases {
                c.used = false;
            }
            let best = (0..cases.len())
                .filter(|&i| !cases[i].spent)
                .map(|i| (self.want.gain(&cases[i].edges), i))
                .filter(|&(gain, _)| gain > 0)
                .min_by_key(|&(gain, i)| (std::cmp::Reverse(gain), i));
            let Some((gain, first)) = best else {
                break;
            };
            cases[first].used = true;
            let (profile, seed) = (cases[first].profile, cases[first].seed);
            let mut input = cases[first].input.clone();
            let mut held = cases[first].edges.clone();
            let mut joined = 0;
            loop {
                let next = (0..cases.len())
                    .filter(|&i| !cases[i].used)
                    .map(|i| (self.want.gain_beside(&cases[i].edges, &held), i))
                    .filter(|&(gain, _)| gain > 0)
                    .min_by_key(|&(gain, i)| (std::cmp::Reverse(gain), i));
                let Some((_, i)) = next else {
                    break;
                };
                match G::pack(&[&input, &cases[i].input]) {
                    Some(both) => {
                        cases[i].used = true;
                        held.extend(cases[i].edges.iter().copied());
                        input = both;
                        joined += 1;
                    }
                    None => break,
                }
            }
            let (input, added) = self.fill_file(input, search);
            let mut about = format!(
                "edges: a case holding {gain} wanted pairs of rule events (profile {profile}, seed {seed})"
            );
            if joined > 0 {
                about += &format!("; {joined} more cases that add some");
            }
            if added > 0 {
                about += &format!("; {added} drawn cases filling the file");
            }
            let hits = G::rule_hits(&input);
            // Where cases do not pack, a case's file is the case, and
            // wanted twice, its edges must come from another one.
            let alone = joined == 0 && added == 0;
            if !self.push_file("edges", input, about, hits) || alone {
                cases[first].spent = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Visit;
    use crate::id::GameId;

    struct Held;
    impl Visit for Held {
        type Out = ();
        fn visit<G: Game>(self) {
            let opts = super::super::Options {
                tests: 12,
                seed: 1,
                corpus: std::path::PathBuf::from("/nonexistent"),
                most_files: MAX_FILES,
            };
            let p = super::super::build::<G>(&opts).unwrap();
            let cover = p.edge_cover();
            let reach = reach::<G>(&reach_profiles::<G>());
            assert_eq!(cover.reached, reach.edges.len());
            let short: Vec<String> = (reach.edges.iter())
                .filter(|&(e, _)| cover.files[e] < EDGES_WANTED)
                .map(|(&e, _)| crate::game::edge_name::<G>(e))
                .collect();
            assert!(p.secret.len() >= MAX_FILES || short.is_empty(), "{short:?}");
        }
    }

    /// Every edge of the reach is in two files, as the goal wants of a
    /// game whose files pack cases, unless the package is at its bound of
    /// files: stones, whose packages build in a second.
    #[test]
    fn a_package_holds_every_edge_of_the_reach_as_often_as_wanted() {
        GameId::Stones.dispatch(Held);
    }
}
