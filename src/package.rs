//! Judge packages: a secret test set chosen, not sampled, so that it
//! exercises every named rule of the engine and fails every solution the
//! corpus shows to be wrong; written in the Kattis problem package format or
//! as numbered files.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::corpus;
use crate::fault::Budget;
use crate::game::{generate_case, parse_valid, Game};
use crate::id::GameId;
use crate::solver::{self, Limits, SolverSpec};

/// How the package is laid out on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// problem.yaml, data/sample, data/secret (with `.desc` files) and an
    /// input validator, as `verifyproblem` expects.
    Kattis,
    /// NN.in / NN.ans, samples first, and tests.txt with one line per test.
    Plain,
}

#[derive(Debug, Clone)]
pub struct Options {
    /// Secret tests wanted; the required ones (max and edge profiles, corpus
    /// findings, rule coverage) come first and may exceed it.
    pub tests: usize,
    pub seed: u64,
    /// Corpus root whose findings for the game become tests (if it exists).
    pub corpus: PathBuf,
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
}

impl Package {
    pub fn tests(&self) -> impl Iterator<Item = &Test> {
        self.samples.iter().chain(&self.secret)
    }

    /// Per rule: how many tests exercise it, and how often in all.
    pub fn coverage(&self) -> Vec<(u64, u64)> {
        tally(self.tests().map(|t| &t.hits[..]), self.rules.len())
    }

    pub fn bytes(&self) -> usize {
        self.tests().map(|t| t.input.len() + t.answer.len()).sum()
    }
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
}

/// The tests under construction: inputs are kept unique (a judge gains
/// nothing from a repeated file, and `verifyproblem` warns about one).
struct Draft<G: Game> {
    tests: Vec<Pending<G::Input>>,
    covered: Vec<bool>,
    next_seed: u64,
}

impl<G: Game> Draft<G> {
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
        self.tests.push(Pending {
            kind: kind.to_string(),
            input,
            text,
            about,
            hits,
        });
        true
    }

    /// The next seeded input of `profile`, with its seed.
    fn draw(&mut self, profile: &str) -> (u64, G::Input) {
        let seed = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        (seed, generate_case::<G>(seed, profile).0)
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
}

fn has_profile<G: Game>(name: &str) -> bool {
    G::PROFILES.iter().any(|p| p.name == name)
}

/// Chooses the tests of a package for game `G`.
pub fn build<G: Game>(opts: &Options) -> anyhow::Result<Package> {
    let sample_input = parse_valid::<G>(G::SAMPLE)
        .map_err(|e| anyhow::anyhow!("the official sample of {} is refused: {e}", G::ID))?;
    let sample_hits = G::rule_hits(&sample_input);
    let mut draft = Draft::<G> {
        tests: Vec::new(),
        covered: vec![false; G::RULES.len()],
        next_seed: opts.seed,
    };
    for (c, &h) in draft.covered.iter_mut().zip(&sample_hits) {
        *c |= h > 0;
    }
    let sample_text = G::render(&sample_input);

    for &(profile, n) in REQUIRED_PROFILES {
        if !has_profile::<G>(profile) {
            continue;
        }
        for _ in 0..n {
            let (seed, input) = draw_new(&mut draft, profile, &sample_text);
            let hits = G::rule_hits(&input);
            draft.push(profile, input, profile_about::<G>(profile, seed), hits);
        }
    }

    let dir = opts.corpus.join(G::ID.name());
    for entry in corpus::load_dir(&dir)? {
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
        draft.push(&format!("finding-{stem}"), input, about, hits);
    }

    // Rule coverage: the first input of each search round that exercises a
    // rule still missing becomes a test. `max` is left out of the search:
    // its files are the largest and already in the set.
    let search: Vec<&str> = G::PROFILES
        .iter()
        .map(|p| p.name)
        .filter(|&p| p != "max")
        .collect();
    let mut drawn = 0;
    'search: for _ in 0..SEARCH_PER_PROFILE {
        for &profile in &search {
            if draft.covered.iter().all(|&c| c) {
                break 'search;
            }
            let (seed, input) = draft.draw(profile);
            drawn += 1;
            let hits = G::rule_hits(&input);
            let new = draft.new_rules(&hits);
            if new.is_empty() || G::render(&input) == sample_text {
                continue;
            }
            let about = format!(
                "exercises {} (profile {profile}, seed {seed})",
                new.join(", ")
            );
            draft.push("rules", input, about, hits);
        }
    }

    // Up to the wanted size: every profile but `max` in turn.
    let mut turn = 0;
    while draft.tests.len() < opts.tests && !search.is_empty() {
        let profile = search[turn % search.len()];
        turn += 1;
        let (seed, input) = draw_new(&mut draft, profile, &sample_text);
        let hits = G::rule_hits(&input);
        draft.push(profile, input, profile_about::<G>(profile, seed), hits);
    }

    let width = draft.tests.len().to_string().len().max(2);
    let mut secret = Vec::with_capacity(draft.tests.len());
    for (i, t) in draft.tests.into_iter().enumerate() {
        secret.push(Test {
            name: format!("{:0width$}-{}", i + 1, t.kind),
            answer: answer::<G>(&t.input)?,
            input: t.text,
            about: t.about,
            hits: t.hits,
        });
    }
    let samples = vec![Test {
        name: "01-official".into(),
        answer: answer::<G>(&sample_input)?,
        input: sample_text,
        about: "the official sample of the problem statement".into(),
        hits: sample_hits,
    }];
    let mut package = Package {
        game: G::ID,
        seed: opts.seed,
        samples,
        secret,
        unreached: Vec::new(),
        rules: G::RULES.iter().map(|r| (r.name, r.about)).collect(),
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

/// Draws inputs of `profile` until one is new to the package (a profile
/// that can only give a few distinct inputs stops after a while).
fn draw_new<G: Game>(draft: &mut Draft<G>, profile: &str, sample: &str) -> (u64, G::Input) {
    let mut last = draft.draw(profile);
    for _ in 0..20 {
        let text = G::render(&last.1);
        if !draft.has(&text) && text != sample {
            break;
        }
        last = draft.draw(profile);
    }
    last
}

fn profile_about<G: Game>(profile: &str, seed: u64) -> String {
    let about = G::PROFILES
        .iter()
        .find(|p| p.name == profile)
        .map_or("", |p| p.about);
    format!("profile {profile}, seed {seed}: {about}")
}

/// A name-based (version 5) UUID: the same game always gets the same
/// problem id, so packages of one version are byte-identical.
fn uuid_v5(name: &str) -> String {
    // The RFC 4122 URL namespace.
    const NAMESPACE: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut data = NAMESPACE.to_vec();
    data.extend_from_slice(name.as_bytes());
    let hex = crate::fuzz::sha1_hex(&data);
    let mut b: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex digest"))
        .collect();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// A file of the package: path relative to its root, bytes, executable.
type File = (PathBuf, Vec<u8>, bool);

fn files(p: &Package, layout: Layout) -> Vec<File> {
    let game = p.game.name();
    let mut out: Vec<File> = Vec::new();
    let mut add = |path: String, text: String, exec: bool| {
        out.push((PathBuf::from(path), text.into_bytes(), exec))
    };
    match layout {
        Layout::Kattis => {
            add(
                "problem.yaml".into(),
                format!(
                    "{}.\n\
                     # Set license and rights_owner before publishing.\n\
                     license: unknown\n\
                     uuid: {}\n",
                    header(p),
                    uuid_v5(&format!("https://gamefuzz/{game}"))
                ),
                false,
            );
            for t in &p.samples {
                add(format!("data/sample/{}.in", t.name), t.input.clone(), false);
                add(
                    format!("data/sample/{}.ans", t.name),
                    t.answer.clone(),
                    false,
                );
            }
            for t in &p.secret {
                add(format!("data/secret/{}.in", t.name), t.input.clone(), false);
                add(
                    format!("data/secret/{}.ans", t.name),
                    t.answer.clone(),
                    false,
                );
                add(
                    format!("data/secret/{}.desc", t.name),
                    format!("{}\n", t.about),
                    false,
                );
            }
            add(
                "input_validators/gamefuzz/build".into(),
                "#!/bin/sh\n\
                 # Nothing to compile: `run` calls gamefuzz, which must be on PATH\n\
                 # (or named by $GAMEFUZZ) where the package is verified.\n\
                 exit 0\n"
                    .into(),
                true,
            );
            add(
                "input_validators/gamefuzz/run".into(),
                format!(
                    "#!/bin/sh\n\
                     # Exit 42 if stdin is a valid `{game}` input in canonical layout, 43 if not.\n\
                     exec \"${{GAMEFUZZ:-gamefuzz}}\" validate {game} --kattis\n"
                ),
                true,
            );
        }
        Layout::Plain => {
            let all: Vec<&Test> = p.tests().collect();
            let width = all.len().to_string().len().max(2);
            let mut index = format!("{}; one line per test.\n", header(p));
            for (i, t) in all.iter().enumerate() {
                let n = format!("{:0width$}", i + 1);
                add(format!("{n}.in"), t.input.clone(), false);
                add(format!("{n}.ans"), t.answer.clone(), false);
                let kind = if i < p.samples.len() {
                    "sample"
                } else {
                    "secret"
                };
                writeln!(index, "{n} {kind} {}: {}", t.name, t.about).expect("string");
            }
            add("tests.txt".into(), index, false);
        }
    }
    out
}

/// The first line of every package's `problem.yaml` or `tests.txt`:
/// `--force` replaces only a directory that carries it.
const MARK: &str = "# gamefuzz package";

fn header(p: &Package) -> String {
    format!(
        "{MARK}: test data for `{}` (gamefuzz {}, seed {})",
        p.game,
        env!("CARGO_PKG_VERSION"),
        p.seed
    )
}

/// Whether `dir` holds a package this tool wrote.
fn is_package(dir: &Path) -> bool {
    ["problem.yaml", "tests.txt"]
        .iter()
        .any(|f| fs::read_to_string(dir.join(f)).is_ok_and(|t| t.starts_with(MARK)))
}

/// Removes a staging directory unless the package was moved into place.
struct Staging(Option<PathBuf>);

impl Drop for Staging {
    fn drop(&mut self) {
        if let Some(dir) = self.0.take() {
            let _ = fs::remove_dir_all(dir);
        }
    }
}

/// Writes the package to `out`. The package is built in a fresh hidden
/// directory beside `out` and moved into place, so an interrupted run never
/// leaves half a package in `out`. An existing non-empty `out` is replaced
/// only with `force`, only if it is a package this tool wrote, and never if
/// it holds one of `keep` (the working directory, the corpus).
pub fn write(
    p: &Package,
    layout: Layout,
    out: &Path,
    force: bool,
    keep: &[&Path],
) -> anyhow::Result<()> {
    // `q/.` names `q`; `.`, `..` and `/` name no package directory.
    let out: PathBuf = out.components().collect();
    let name = match out.components().next_back() {
        Some(std::path::Component::Normal(n)) => n.to_string_lossy().into_owned(),
        _ => bail!("--out {}: name the package directory itself", out.display()),
    };
    let occupied = match fs::read_dir(&out) {
        Ok(mut rd) => rd.next().is_some(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(e).with_context(|| format!("reading {}", out.display())),
    };
    if occupied {
        if !force {
            bail!(
                "{} exists and is not empty; pass --force to replace it",
                out.display()
            );
        }
        if !is_package(&out) {
            bail!(
                "{} is not a package written by gamefuzz; refusing to replace it",
                out.display()
            );
        }
        let whole = out
            .canonicalize()
            .with_context(|| format!("reading {}", out.display()))?;
        for k in keep {
            if k.canonicalize().is_ok_and(|k| k.starts_with(&whole)) {
                bail!(
                    "replacing {} would delete {}; refusing",
                    out.display(),
                    k.display()
                );
            }
        }
    }
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).with_context(|| format!("creating {}", parent.display()))?;
    let mut staging = Staging(None);
    for n in 0u32.. {
        let dir = parent.join(format!(".{name}.partial-{}-{n}", std::process::id()));
        match fs::create_dir(&dir) {
            Ok(()) => {
                staging.0 = Some(dir);
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("creating {}", dir.display())),
        }
    }
    let dir = staging.0.clone().expect("a staging directory");
    for (rel, bytes, exec) in files(p, layout) {
        let path = dir.join(rel);
        let sub = path.parent().expect("inside the package");
        fs::create_dir_all(sub).with_context(|| format!("creating {}", sub.display()))?;
        fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        if exec {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755))
                .with_context(|| format!("making {} executable", path.display()))?;
        }
    }
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let _ = fs::remove_dir_all(&old);
    let replacing = out.exists();
    if replacing {
        fs::rename(&out, &old).with_context(|| format!("moving {} aside", out.display()))?;
    }
    if let Err(e) = fs::rename(&dir, &out) {
        if replacing {
            let _ = fs::rename(&old, &out);
        }
        return Err(e).with_context(|| format!("moving the package to {}", out.display()));
    }
    staging.0 = None;
    if replacing {
        fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display()))?;
    }
    Ok(())
}

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
/// `brute` for a game that has none.
pub fn ensure_solvers<G: Game>(solvers: &[SolverSpec]) -> anyhow::Result<()> {
    for s in solvers {
        if *s == SolverSpec::Brute && !G::HAS_BRUTE {
            bail!("{} has no brute solver", G::ID);
        }
        if let SolverSpec::Cmd(path) = s {
            use std::os::unix::fs::PermissionsExt;
            let runnable = fs::metadata(path)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
            if !runnable {
                bail!("{s}: no executable program at {}", path.display());
            }
        }
    }
    Ok(())
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

/// The coverage table: one row per rule with the count per column.
pub fn coverage_table(
    rules: &[(&'static str, &'static str)],
    columns: &[(String, Vec<u64>)],
) -> String {
    let name_w = rules.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
    let mut s = format!("{:<name_w$}", "rule");
    for (c, _) in columns {
        write!(s, " {:>w$}", c, w = c.len().max(6)).expect("string");
    }
    s.push_str("  about\n");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_v5_agrees_with_an_independent_implementation() {
        // Python: uuid.uuid5(uuid.NAMESPACE_URL, "https://gamefuzz/x").
        assert_eq!(
            uuid_v5("https://gamefuzz/x"),
            "88fb96d5-a9d5-57bd-8358-9e34da113f5c"
        );
    }
}
