//! Packing the chosen tests into files: a judge runs a file as one test,
//! so a package of one case per file wastes its files. Apart from the
//! choice of tests, which decides what the package must hold; this part
//! decides how that fits the files and fills them up to their bounds.

use std::collections::BTreeSet;

use super::{edges, goal_edge, kill, kills, Draft, Pending, KILL_SEEDS};
use crate::game::{events, Edge, Game};

/// A test file being packed: the tests it holds, and their cases joined.
type File<I> = (Vec<Pending<I>>, I);

/// A draw joined to a file: its score, the file grown, its rule hits and
/// its edges.
type Grown<I> = (u64, I, Vec<u64>, BTreeSet<Edge>);

/// Draws in a row that do not fit a file before it counts as full: a file
/// at its bound takes none, and a chutes file takes only games that end
/// on its throws.
const FILL_MISSES: usize = 64;

/// Draws compared for each case added to a file.
const FILL_CHOICES: usize = 4;

/// What a wanted edge a drawn case adds to its file weighs against the
/// rules it exercises (1,024 for a rule the file does not yet exercise):
/// an edge still wanted in two files weighs as much as such a rule.
const EDGE_SCORE: u64 = 512;

impl<G: Game> Draft<G> {
    /// Joins the tests the cover chose, the required ones aside, into files
    /// of as many cases as the format takes, then fills each file to its
    /// bound with drawn cases that exercise what it exercises least: a
    /// judge runs a file as one test, and a file of one case wastes it. Two
    /// tests that are a mistake's only killers go to different files.
    pub(super) fn pack_files(&mut self, search: &[&str]) {
        if search.is_empty() {
            return;
        }
        let all = std::mem::take(&mut self.tests);
        let mistakes = G::MISTAKES.len();
        let killers: Vec<usize> = (0..mistakes)
            .map(|m| all.iter().filter(|t| t.kills[m]).count())
            .collect();
        let (required, loose): (Vec<_>, Vec<_>) = all.into_iter().partition(|t| t.required);
        // Findings stay as found; the other required tests are filled too.
        let (findings, required): (Vec<_>, Vec<_>) = required
            .into_iter()
            .partition(|t| t.kind.starts_with("finding-"));
        let mut files: Vec<File<G::Input>> = Vec::new();
        for t in loose {
            let scarce = |o: &Pending<G::Input>| {
                (0..mistakes).any(|m| t.kills[m] && o.kills[m] && killers[m] <= kill::KILLS_WANTED)
            };
            let joined = files.iter().position(|(members, input)| {
                !members.iter().any(scarce) && G::pack(&[input, &t.input]).is_some()
            });
            match joined {
                Some(f) => {
                    let (members, input) = &mut files[f];
                    *input = G::pack(&[&*input, &t.input]).expect("it packed just now");
                    members.push(t);
                }
                None => {
                    let input = t.input.clone();
                    files.push((vec![t], input));
                }
            }
        }
        self.tests = findings;
        self.want = edges::Wanted::new(&self.reach, edges::repeats::<G>(&self.reach));
        for t in &self.tests {
            self.want.take(&t.edges);
        }
        for t in required {
            let (input, added) = self.fill_file(t.input, search);
            let about = match added {
                0 => t.about,
                n => format!("{}; {n} drawn cases filling the file", t.about),
            };
            let hits = G::rule_hits(&input);
            if self.push_file(&t.kind, input, about, hits) {
                self.tests.last_mut().expect("just pushed").required = true;
            }
        }
        for (members, input) in files {
            let (input, added) = self.fill_file(input, search);
            let mut about: Vec<String> = members.iter().map(|t| t.about.clone()).collect();
            if added > 0 {
                about.push(format!("{added} drawn cases filling the file"));
            }
            let kind = match members.len() + added {
                1 => members[0].kind.clone(),
                _ => "file".to_string(),
            };
            let hits = G::rule_hits(&input);
            self.push_file(&kind, input, about.join("; "), hits);
        }
        self.repair(search);
        self.add_edge_files(search);
    }

    /// [`Draft::push`] of a finished file, whose edges count towards the
    /// edge goal.
    pub(super) fn push_file(
        &mut self,
        kind: &str,
        input: G::Input,
        about: String,
        hits: Vec<u64>,
    ) -> bool {
        let pushed = self.push(kind, input, about, hits);
        if pushed {
            let edges = &self.tests.last().expect("just pushed").edges;
            self.want.take(edges);
        }
        pushed
    }

    /// `input` with drawn cases added up to its bound (or until
    /// [`FILL_MISSES`] draws in a row do not fit), each the best of
    /// [`FILL_CHOICES`] draws by the rules it exercises that the file
    /// exercises least and by the edges it adds that the package still
    /// wants; with the number of cases added.
    pub(super) fn fill_file(&mut self, mut input: G::Input, search: &[&str]) -> (G::Input, usize) {
        let ev = events::<G>(&input);
        let mut hits = ev.rule_hits::<G>();
        let mut held: BTreeSet<Edge> = ev.edges.into_keys().map(goal_edge).collect();
        let mut added = 0;
        let mut misses = 0;
        while misses < FILL_MISSES {
            let mut best: Option<Grown<G::Input>> = None;
            for _ in 0..FILL_CHOICES {
                let seed = self.next_seed;
                self.next_seed = self.next_seed.wrapping_add(1);
                let profile = search[seed as usize % search.len()];
                let Some(grown) = G::grow(&input, seed, profile) else {
                    misses += 1;
                    continue;
                };
                let ev = events::<G>(&grown);
                let now = ev.rule_hits::<G>();
                let edges: BTreeSet<Edge> = ev.edges.into_keys().map(goal_edge).collect();
                let score: u64 = now
                    .iter()
                    .zip(&hits)
                    .filter(|(n, h)| n > h)
                    .map(|(_, &h)| 1024 / (1 + h.min(1023)))
                    .sum::<u64>()
                    + EDGE_SCORE * self.want.gain_beside(&edges, &held);
                if best.as_ref().is_none_or(|b| score > b.0) {
                    best = Some((score, grown, now, edges));
                }
            }
            if let Some((_, grown, now, edges)) = best {
                input = grown;
                hits = now;
                held = edges;
                added += 1;
                misses = 0;
            }
        }
        (input, added)
    }

    /// For every mistake fewer files kill than [`kill::KILLS_WANTED`] (or
    /// than the tests did before packing could), a file of its own
    /// killer, filled: a case that kills a mistake alone may not inside a
    /// file, where the cases before it change what a mistaken program
    /// holds.
    fn repair(&mut self, search: &[&str]) {
        for m in 0..G::MISTAKES.len() {
            let files = self.tests.iter().filter(|t| t.kills[m]).count();
            for round in files as u64..kill::KILLS_WANTED as u64 {
                let from = self
                    .next_seed
                    .wrapping_add(KILL_SEEDS.wrapping_mul(m as u64 + 1))
                    .wrapping_add((round + 2) << 24);
                let (killer, about) = kill::killer::<G>(m, from, search);
                let (filled, added) = self.fill_file(killer.clone(), search);
                let text = G::render(&filled);
                let (input, about) = if kills::<G>(&filled, &text)[m] {
                    (
                        filled,
                        format!("{about}; {added} drawn cases filling the file"),
                    )
                } else {
                    (killer, about)
                };
                let hits = G::rule_hits(&input);
                self.push_file("mistake", input, about, hits);
            }
        }
    }
}
