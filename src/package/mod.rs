//! Judge packages: a secret test set chosen, not sampled, so that it
//! exercises every named rule of the engine, kills every catalogued mistake
//! and fails every solution the corpus shows to be wrong; written in the
//! Kattis problem package format or as numbered files.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::bail;

use crate::corpus;
use crate::fault::Budget;
use crate::game::{generate_case, parse_valid, Edge, Game};
use crate::id::GameId;

mod against;
mod archive;
mod check;
mod edges;
mod kill;
mod layout;
mod pack;
mod program;
pub mod statement;
mod yaml;

pub use against::{against, AgainstOptions, Fate};
pub use archive::{is_archive, left_out, open as open_archive, Archive, MEMORY_MIB, TIME_LIMIT_MS};
pub use check::{
    check, ensure_solvers, package_tests, reports, run_tests, AnswerFile, CheckReport, TestFile,
    TestOutcome, Verdict,
};
pub use edges::{
    edge_set, goal_edge, reach, reach_profiles, EdgeCover, Reach, EDGES_WANTED, REACH_DRAWS,
};
pub use kill::{kills, KILLS_WANTED};
pub use layout::{Extras, Format, Submission};
pub use program::{prepare, BuildDir, Program, ProgramArg};

/// Writes the package in `format`: a folder ([`layout::write`]) or a
/// judge's zip ([`archive::write`]).
pub fn write(
    p: &Package,
    format: Format,
    out: &Path,
    force: bool,
    keep: &[&Path],
    extras: &Extras,
) -> anyhow::Result<()> {
    match format.is_archive() {
        true => archive::write(p, format, out, force, extras),
        false => layout::write(p, format, out, force, keep, extras),
    }
}

/// Every test of a package on disk: a folder, or a judge's zip.
pub fn read_tests(path: &Path) -> anyhow::Result<Vec<TestFile>> {
    match archive::is_archive(path) {
        true => archive::open(path)?.tests(),
        false => check::read_tests(path),
    }
}

/// The game of a package gamefuzz wrote, folder or zip.
pub fn package_game(path: &Path) -> Option<GameId> {
    match archive::is_archive(path) {
        true => archive::open(path).ok()?.game(),
        false => layout::package_game(path),
    }
}

#[derive(Debug, Clone)]
pub struct Options {
    /// Secret tests wanted; the required ones (max and edge profiles, corpus
    /// findings, rule coverage) come first and may exceed it.
    pub tests: usize,
    pub seed: u64,
    /// Corpus root whose findings for the game become tests (if it exists).
    pub corpus: PathBuf,
    /// Secret test files the edge goal may bring the package to: what
    /// the format's judge takes ([`Format::most_tests`]).
    pub most_files: usize,
}

/// Tests drawn from these profiles, when the game has them, whatever the
/// rules need: the largest files a solution must handle in time, and the
/// boundary cases.
const REQUIRED_PROFILES: &[(&str, usize)] = &[("max", 2), ("edge", 2)];

/// Candidates drawn per profile, at most, while looking for an input that
/// exercises a rule no test does yet.
const SEARCH_PER_PROFILE: usize = 60;

/// One test of a package.
#[derive(Debug, Clone)]
pub struct Test {
    /// File stem: `03-finding-fp-alive-dead`.
    pub name: String,
    pub input: String,
    pub answer: String,
    /// One line: why the test is there.
    pub about: String,
    /// Rule hits, in the order of `Game::RULES`.
    pub hits: Vec<u64>,
    /// Per mistake of `Game::MISTAKES`, whether the test kills it.
    pub kills: Vec<bool>,
    /// The pairs of consecutive rule events, with their contexts, that it
    /// holds (`game::events`).
    pub edges: BTreeSet<Edge>,
}

#[derive(Debug, Clone)]
pub struct Package {
    pub game: GameId,
    pub seed: u64,
    pub samples: Vec<Test>,
    pub secret: Vec<Test>,
    /// Rules no test exercises, with the reason.
    pub unreached: Vec<(&'static str, String)>,
    pub rules: Vec<(&'static str, &'static str)>,
    /// The game's catalogued mistakes: name and description.
    pub mistakes: Vec<(&'static str, &'static str)>,
    /// The edges of the game's reach ([`edges::reach`]): what valid
    /// inputs are taken to reach, besides what the tests hold.
    pub reach: BTreeSet<Edge>,
}

impl Package {
    pub fn tests(&self) -> impl Iterator<Item = &Test> {
        self.samples.iter().chain(&self.secret)
    }

    /// Per rule: how many tests exercise it, and how often in all.
    pub fn coverage(&self) -> Vec<(u64, u64)> {
        tally(self.tests().map(|t| &t.hits[..]), self.rules.len())
    }

    /// The mistakes no secret test kills.
    pub fn survivors(&self) -> Vec<&'static str> {
        self.mistakes
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.secret.iter().any(|t| t.kills[*i]))
            .map(|(_, m)| m.0)
            .collect()
    }

    /// The mistakes fewer than [`KILLS_WANTED`] secret test files kill,
    /// with how many do.
    pub fn killed_once(&self) -> Vec<(&'static str, usize)> {
        self.mistakes
            .iter()
            .enumerate()
            .map(|(i, m)| (m.0, self.secret.iter().filter(|t| t.kills[i]).count()))
            .filter(|&(_, n)| n > 0 && n < KILLS_WANTED)
            .collect()
    }

    /// Per edge of the reach or of a secret test, how many secret test
    /// files hold it.
    pub fn edge_cover(&self) -> EdgeCover {
        EdgeCover::of(&self.reach, self.secret.iter().map(|t| &t.edges))
    }

    pub fn bytes(&self) -> usize {
        self.tests().map(|t| t.input.len() + t.answer.len()).sum()
    }

    /// Appends a secret test of `kind` and returns its name. Names are
    /// `NN-kind`, numbered in order with as many digits as the last number
    /// needs (two at least), so the earlier tests are renamed if the count
    /// outgrows the width.
    pub fn add_secret(
        &mut self,
        kind: &str,
        input: String,
        answer: String,
        about: String,
        (hits, kills, edges): (Vec<u64>, Vec<bool>, BTreeSet<Edge>),
    ) -> String {
        let about = about + &killing(&self.mistakes, &kills);
        self.secret.push(Test {
            name: format!("0-{kind}"),
            input,
            answer,
            about,
            hits,
            kills,
            edges,
        });
        let width = number_width(self.secret.len());
        for (i, t) in self.secret.iter_mut().enumerate() {
            let kind = t.name.split_once('-').map_or("", |(_, k)| k).to_string();
            t.name = format!("{:0width$}-{kind}", i + 1);
        }
        self.secret.last().expect("just added").name.clone()
    }
}

/// What a test's description says of the mistakes it kills.
fn killing(mistakes: &[(&str, &str)], kills: &[bool]) -> String {
    let names: Vec<&str> = mistakes
        .iter()
        .zip(kills)
        .filter(|(_, &k)| k)
        .map(|(m, _)| m.0)
        .collect();
    match names.len() {
        0 => String::new(),
        _ => format!("; kills {}", names.join(", ")),
    }
}

/// Digits of the test numbers of a package of `n` secret tests.
fn number_width(n: usize) -> usize {
    n.to_string().len().max(2)
}

/// Per rule: (inputs that exercise it, total hits).
pub fn tally<'a>(hits: impl Iterator<Item = &'a [u64]>, rules: usize) -> Vec<(u64, u64)> {
    let mut out = vec![(0, 0); rules];
    for h in hits {
        for (o, &n) in out.iter_mut().zip(h) {
            o.0 += u64::from(n > 0);
            o.1 += n;
        }
    }
    out
}

/// The engine's answer, as a package's `.ans` file holds it.
fn answer<G: Game>(input: &G::Input) -> anyhow::Result<String> {
    match G::solve(input, &mut Budget::default()) {
        Ok(out) => Ok(G::render_output(&out)),
        Err(f) => bail!("the engine failed on a package test: {f}"),
    }
}

/// A chosen test before it is numbered and answered.
struct Pending<I> {
    kind: String,
    input: I,
    text: String,
    about: String,
    hits: Vec<u64>,
    kills: Vec<bool>,
    edges: BTreeSet<Edge>,
    /// Kept by the cover whatever else covers what it covers.
    required: bool,
}

/// The tests under construction: inputs are kept unique (a judge gains
/// nothing from a repeated file, and `verifyproblem` warns about one).
struct Draft<G: Game> {
    tests: Vec<Pending<G::Input>>,
    covered: Vec<bool>,
    next_seed: u64,
    /// The rendered official sample, which no secret test repeats.
    sample: String,
    /// The inputs that define the edges valid inputs reach.
    reach: Reach<G::Input>,
    /// What the files made so far leave wanting of the edge goal.
    want: edges::Wanted,
    /// [`Options::most_files`].
    most_files: usize,
}

impl<G: Game> Draft<G> {
    /// An empty draft whose rule coverage starts with the sample's.
    fn new(opts: &Options, sample: String, sample_hits: &[u64], reach: Reach<G::Input>) -> Self {
        let mut covered = vec![false; G::RULES.len()];
        for (c, &h) in covered.iter_mut().zip(sample_hits) {
            *c |= h > 0;
        }
        Draft {
            tests: Vec::new(),
            covered,
            next_seed: opts.seed,
            sample,
            want: edges::Wanted::new(&reach, edges::repeats::<G>(&reach)),
            reach,
            most_files: opts.most_files,
        }
    }

    fn has(&self, text: &str) -> bool {
        self.tests.iter().any(|t| t.text == text)
    }

    /// Adds a test unless its input is already there; `false` if it was.
    fn push(&mut self, kind: &str, input: G::Input, about: String, hits: Vec<u64>) -> bool {
        let text = G::render(&input);
        if self.has(&text) {
            return false;
        }
        for (c, &h) in self.covered.iter_mut().zip(&hits) {
            *c |= h > 0;
        }
        let kills = kills::<G>(&input, &text);
        let edges = edges::edge_set::<G>(&input);
        self.tests.push(Pending {
            kind: kind.to_string(),
            input,
            text,
            about,
            hits,
            kills,
            edges,
            required: false,
        });
        true
    }

    /// [`Draft::push`] of a test the cover keeps whatever it covers.
    fn push_required(&mut self, kind: &str, input: G::Input, about: String, hits: Vec<u64>) {
        if self.push(kind, input, about, hits) {
            self.tests.last_mut().expect("just pushed").required = true;
        }
    }

    /// For every mistake fewer than [`kill::KILLS_WANTED`] tests kill, a
    /// killing input: the first of a search from the package seed (another
    /// stretch of seeds each round), shrunk, or the mistake's witness.
    fn add_killers(&mut self, search: &[&str], seed: u64) {
        for round in 0..kill::KILLS_WANTED as u64 {
            for m in 0..G::MISTAKES.len() {
                if self.tests.iter().filter(|t| t.kills[m]).count() > round as usize {
                    continue;
                }
                let from = seed
                    .wrapping_add(KILL_SEEDS.wrapping_mul(m as u64 + 1))
                    .wrapping_add(round << 24);
                let (input, about) = kill::killer::<G>(m, from, search);
                let hits = G::rule_hits(&input);
                self.push("mistake", input, about, hits);
            }
        }
    }

    /// Keeps the required tests and as few others as cover every rule they
    /// exercise and every mistake they kill.
    fn keep_cover(&mut self) {
        let covers: Vec<kill::Covers<'_>> = self
            .tests
            .iter()
            .map(|t| kill::Covers {
                hits: &t.hits,
                kills: &t.kills,
                edges: &t.edges,
                required: t.required,
                bytes: t.text.len(),
            })
            .collect();
        let kept = kill::cover(&covers);
        let mut i = 0;
        self.tests.retain(|_| {
            i += 1;
            kept.contains(&(i - 1))
        });
    }

    /// The next seeded input of `profile`, with its seed.
    fn draw(&mut self, profile: &str) -> (u64, G::Input) {
        let seed = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        (seed, generate_case::<G>(seed, profile).0)
    }

    /// Draws inputs of `profile` until one is new to the package (a profile
    /// that can only give a few distinct inputs stops after a while).
    fn draw_new(&mut self, profile: &str) -> (u64, G::Input) {
        let mut last = self.draw(profile);
        for _ in 0..20 {
            let text = G::render(&last.1);
            if !self.has(&text) && text != self.sample {
                break;
            }
            last = self.draw(profile);
        }
        last
    }

    /// Adds a new seeded input of `profile`, described by its profile.
    fn push_profile(&mut self, profile: &str) {
        let (seed, input) = self.draw_new(profile);
        let hits = G::rule_hits(&input);
        self.push(profile, input, profile_about::<G>(profile, seed), hits);
    }

    /// [`Draft::push_profile`] of a required test.
    fn push_required_profile(&mut self, profile: &str) {
        let (seed, input) = self.draw_new(profile);
        let hits = G::rule_hits(&input);
        let about = profile_about::<G>(profile, seed);
        self.push_required(profile, input, about, hits);
    }

    fn new_rules(&self, hits: &[u64]) -> Vec<&'static str> {
        G::RULES
            .iter()
            .zip(hits)
            .zip(&self.covered)
            .filter(|((_, &h), &c)| h > 0 && !c)
            .map(|((r, _), _)| r.name)
            .collect()
    }

    /// The tests of [`REQUIRED_PROFILES`] the game has.
    fn add_required(&mut self) {
        for &(profile, n) in REQUIRED_PROFILES {
            if has_profile::<G>(profile) {
                for _ in 0..n {
                    self.push_required_profile(profile);
                }
            }
        }
    }

    /// Every corpus finding of the game in `dir`.
    fn add_findings(&mut self, dir: &Path) -> anyhow::Result<()> {
        for entry in corpus::load_dir(dir)? {
            let input = parse_valid::<G>(&entry.input)
                .map_err(|e| anyhow::anyhow!("{}: {e}", entry.path.display()))?;
            let hits = G::rule_hits(&input);
            let about = format!(
                "corpus finding `{}`: {}",
                entry.meta.signature,
                entry.meta.description.replace('\n', " ")
            );
            let stem = entry
                .path
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            self.push_required(&format!("finding-{stem}"), input, about, hits);
        }
        Ok(())
    }

    /// Rule coverage: the first input of each search round that exercises a
    /// rule still missing becomes a test. Returns the number of inputs drawn.
    fn add_rule_search(&mut self, search: &[&str]) -> usize {
        let mut drawn = 0;
        for _ in 0..SEARCH_PER_PROFILE {
            for &profile in search {
                if self.covered.iter().all(|&c| c) {
                    return drawn;
                }
                let (seed, input) = self.draw(profile);
                drawn += 1;
                let hits = G::rule_hits(&input);
                let new = self.new_rules(&hits);
                if new.is_empty() || G::render(&input) == self.sample {
                    continue;
                }
                let about = format!(
                    "exercises {} (profile {profile}, seed {seed})",
                    new.join(", ")
                );
                self.push("rules", input, about, hits);
            }
        }
        drawn
    }

    /// Up to `tests` tests: every profile of `search` in turn.
    fn fill(&mut self, search: &[&str], tests: usize) {
        let mut turn = 0;
        while self.tests.len() < tests && !search.is_empty() {
            let profile = search[turn % search.len()];
            turn += 1;
            self.push_profile(profile);
        }
    }

    /// The secret tests, numbered in order and answered by the engine.
    fn into_tests(self) -> anyhow::Result<Vec<Test>> {
        let width = number_width(self.tests.len());
        let mistakes = mistake_names::<G>();
        self.tests
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                Ok(Test {
                    name: format!("{:0width$}-{}", i + 1, t.kind),
                    answer: answer::<G>(&t.input)?,
                    input: t.text,
                    about: t.about + &killing(&mistakes, &t.kills),
                    hits: t.hits,
                    kills: t.kills,
                    edges: t.edges,
                })
            })
            .collect()
    }
}

/// Seeds apart between the searches for killers of two mistakes, so that
/// none draws another's inputs.
const KILL_SEEDS: u64 = 1 << 32;

fn mistake_names<G: Game>() -> Vec<(&'static str, &'static str)> {
    G::MISTAKES.iter().map(|m| (m.name, m.about)).collect()
}

fn has_profile<G: Game>(name: &str) -> bool {
    G::PROFILES.iter().any(|p| p.name == name)
}

/// Chooses the tests of a package for game `G`.
pub fn build<G: Game>(opts: &Options) -> anyhow::Result<Package> {
    let sample_input = parse_valid::<G>(G::SAMPLE)
        .map_err(|e| anyhow::anyhow!("the official sample of {} is refused: {e}", G::ID))?;
    let sample_hits = G::rule_hits(&sample_input);
    let sample_text = G::render(&sample_input);
    let reach = reach::<G>(&reach_profiles::<G>());
    let reach_edges = reach.edges.keys().copied().collect();
    let mut draft = Draft::<G>::new(opts, sample_text.clone(), &sample_hits, reach);
    draft.add_required();
    draft.add_findings(&opts.corpus.join(G::ID.name()))?;
    // `max` is left out of the search and the filling: its files are the
    // largest and already in the set.
    let search: Vec<&str> = G::PROFILES
        .iter()
        .map(|p| p.name)
        .filter(|&p| p != "max")
        .collect();
    let drawn = draft.add_rule_search(&search);
    draft.add_killers(&search, opts.seed);
    draft.keep_cover();
    draft.fill(&search, opts.tests);
    draft.pack_files(&search);
    let secret = draft.into_tests()?;
    let sample_kills = kills::<G>(&sample_input, &sample_text);
    let samples = vec![Test {
        name: "01-official".into(),
        answer: answer::<G>(&sample_input)?,
        input: sample_text,
        about: "the official sample of the problem statement".into(),
        kills: sample_kills,
        hits: sample_hits,
        edges: edges::edge_set::<G>(&sample_input),
    }];
    let mut package = Package {
        game: G::ID,
        seed: opts.seed,
        samples,
        secret,
        unreached: Vec::new(),
        rules: G::RULES.iter().map(|r| (r.name, r.about)).collect(),
        mistakes: mistake_names::<G>(),
        reach: reach_edges,
    };
    let cover = package.coverage();
    package.unreached = G::RULES
        .iter()
        .zip(cover)
        .filter(|(_, (tests, _))| *tests == 0)
        .map(|(r, _)| {
            let why = format!(
                "none of {drawn} generated inputs (profiles {}) applies it; \
                 the generators never set it up",
                search.join(", ")
            );
            (r.name, why)
        })
        .collect();
    Ok(package)
}

fn profile_about<G: Game>(profile: &str, seed: u64) -> String {
    let about = G::PROFILES
        .iter()
        .find(|p| p.name == profile)
        .map_or("", |p| p.about);
    format!("profile {profile}, seed {seed}: {about}")
}

/// The coverage table: one row per rule with the count per column, and
/// what the rule is, citing the section of the game's rules document.
pub fn coverage_table(
    game: GameId,
    rules: &[(&'static str, &'static str)],
    columns: &[(String, Vec<u64>)],
) -> String {
    let name_w = rules.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
    let mut s = format!("{:<name_w$}", "rule");
    for (c, _) in columns {
        write!(s, " {:>w$}", c, w = c.len().max(6)).expect("string");
    }
    writeln!(s, "  about (sections of docs/rules/{game}.md)").expect("string");
    for (i, (name, about)) in rules.iter().enumerate() {
        write!(s, "{name:<name_w$}").expect("string");
        for (c, counts) in columns {
            let cell = match counts[i] {
                0 => "-".to_string(),
                n => n.to_string(),
            };
            write!(s, " {:>w$}", cell, w = c.len().max(6)).expect("string");
        }
        writeln!(s, "  {about}").expect("string");
    }
    s
}
