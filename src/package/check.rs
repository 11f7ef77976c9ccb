//! Running solvers on the tests of a package, built now or found on disk:
//! every test validated with the game's Kattis verdict, its answer file held
//! to the engine's answer, every solver's answer compared with the engine's.
//! `package --check`, `gamefuzz check`, `--accepted` and `--against` all go
//! through [`run_tests`].

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{bail, Context};

use super::Package;
use crate::corpus;
use crate::game::{parse_valid, Game};
use crate::kattis;
use crate::solver::{self, Limits, SolverSpec};

/// One test as a judge holds it.
#[derive(Debug, Clone)]
pub struct TestFile {
    /// The path below `data/` without extension: `secret/07-rules`.
    pub label: String,
    pub input: Vec<u8>,
    pub answer: AnswerFile,
}

/// A test's answer file, as far as it is checked.
#[derive(Debug, Clone)]
pub enum AnswerFile {
    /// Written by the engine just now: nothing to check.
    Unchecked,
    Missing,
    Present(Vec<u8>),
}

/// What one solver did on one test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The solver does not apply to this input (brute on a large one), or
    /// the input is invalid.
    NotRun,
    Pass,
    /// Its result class: a wrong answer with the game's difference tag
    /// (`wrong answer (YES/NO)`), or a fault (`crash`, `timeout`, ...).
    Fail(String),
}

/// Everything found on one test.
#[derive(Debug, Clone)]
pub struct TestOutcome {
    pub label: String,
    /// Why the game's Kattis validator refuses the input (then no solver ran).
    pub invalid: Option<String>,
    /// How the answer file disagrees with the engine's answer.
    pub answer: Option<String>,
    /// Per solver, in the order given.
    pub verdicts: Vec<Verdict>,
}

impl TestOutcome {
    pub fn failed(&self) -> bool {
        self.invalid.is_some()
            || self.answer.is_some()
            || self.verdicts.iter().any(|v| matches!(v, Verdict::Fail(_)))
    }

    /// One line for a failing test: `secret/07-rules: cmd:./a wrong
    /// answer (YES/NO); reference crash`.
    pub fn line(&self, solvers: &[SolverSpec]) -> String {
        let mut parts = Vec::new();
        if let Some(why) = &self.invalid {
            parts.push(format!("invalid input: {why}"));
        }
        if let Some(how) = &self.answer {
            parts.push(format!("answer file: {how}"));
        }
        for (s, v) in solvers.iter().zip(&self.verdicts) {
            if let Verdict::Fail(class) = v {
                parts.push(format!("{s} {class}"));
            }
        }
        format!("{}: {}", self.label, parts.join("; "))
    }
}

/// The engine's answer to a valid input, with the limits of the solvers
/// checked against it (the port's budget follows the engine's work).
fn engine<G: Game>(input: &G::Input, limits: &Limits) -> anyhow::Result<(G::Output, Limits)> {
    let (run, steps) = solver::run_engine::<G>(input, &Limits::default());
    let beside = limits.beside_engine::<G>(&run, steps);
    match run.result {
        Ok(out) => Ok((out, beside)),
        Err(f) => Err(anyhow::anyhow!("the engine failed: {f}")),
    }
}

/// What `solver` does on a valid input whose right answer is `want`.
fn verdict<G: Game>(
    solver: &SolverSpec,
    input: &G::Input,
    text: &str,
    want: &G::Output,
    limits: &Limits,
) -> Verdict {
    match solver::run::<G>(solver, input, text, limits) {
        None => Verdict::NotRun,
        Some(run) => match &run.result {
            Ok(got) if got == want => Verdict::Pass,
            Ok(got) => Verdict::Fail(format!(
                "wrong answer ({})",
                G::difference_in(input, want, got)
            )),
            // A run that could not happen says why: that is not the
            // program's doing, and the class alone hides the cause.
            Err(f) if f.kind == crate::fault::FaultKind::Io => {
                Verdict::Fail(format!("{} ({})", run.class(), f.detail))
            }
            Err(_) => Verdict::Fail(run.class()),
        },
    }
}

/// Validates every test, checks its answer file and runs every solver on
/// it, on up to `jobs` threads (tests are independent; the outcomes come
/// back in test order). A thread that cannot start only leaves the work
/// to the others: the calling thread takes tests too.
pub fn run_tests<G: Game>(
    tests: &[TestFile],
    solvers: &[SolverSpec],
    limits: &Limits,
    jobs: usize,
) -> anyhow::Result<Vec<TestOutcome>> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<anyhow::Result<TestOutcome>>>> =
        tests.iter().map(|_| Mutex::new(None)).collect();
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= tests.len() || failed.load(Ordering::Relaxed) {
            break;
        }
        let r = run_test::<G>(&tests[i], solvers, limits);
        failed.fetch_or(r.is_err(), Ordering::Relaxed);
        *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs.clamp(1, tests.len().max(1)) {
            if std::thread::Builder::new()
                .spawn_scoped(scope, work)
                .is_err()
            {
                break;
            }
        }
        work();
    });
    let mut outcomes = Vec::with_capacity(tests.len());
    for slot in slots {
        match slot.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(r) => outcomes.push(r?),
            // Left when another test failed: that error is returned.
            None => continue,
        }
    }
    Ok(outcomes)
}

/// Validates one test, checks its answer file and runs every solver on it.
fn run_test<G: Game>(
    t: &TestFile,
    solvers: &[SolverSpec],
    limits: &Limits,
) -> anyhow::Result<TestOutcome> {
    let mut outcome = TestOutcome {
        label: t.label.clone(),
        invalid: None,
        answer: None,
        verdicts: vec![Verdict::NotRun; solvers.len()],
    };
    let checked = kattis::verdict::<G>(&t.input).and_then(|()| {
        let text = std::str::from_utf8(&t.input).expect("checked as UTF-8");
        parse_valid::<G>(text)
            .map(|input| (input, text))
            .map_err(|e| e.to_string())
    });
    let (input, text) = match checked {
        Ok(x) => x,
        Err(why) => {
            // Said once, by `line`.
            let why = why.strip_prefix("invalid input: ").unwrap_or(&why);
            outcome.invalid = Some(why.to_string());
            return Ok(outcome);
        }
    };
    let (want, beside) = engine::<G>(&input, limits)?;
    outcome.answer = match &t.answer {
        AnswerFile::Unchecked => None,
        AnswerFile::Missing => Some("missing".into()),
        AnswerFile::Present(bytes) => match G::parse_output(&String::from_utf8_lossy(bytes)) {
            Ok(got) if got == want => None,
            Ok(got) => Some(format!(
                "differs from the engine's answer ({})",
                G::difference_in(&input, &want, &got)
            )),
            Err(e) => Some(format!("unreadable: {e}")),
        },
    };
    for (s, v) in solvers.iter().zip(&mut outcome.verdicts) {
        *v = verdict::<G>(s, &input, text, &want, &beside);
    }
    Ok(outcome)
}

/// What the checks found for one solver.
#[derive(Debug, Clone)]
pub struct CheckReport {
    pub solver: String,
    /// Tests the solver fails, with its result class.
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

    /// `check S: fails N of M tests`, with the tests it does not apply to.
    pub fn line(&self) -> String {
        let skipped = match self.tests - self.ran {
            0 => String::new(),
            n => format!(" (not applicable to {n})"),
        };
        format!(
            "check {}: fails {} of {} tests{skipped}",
            self.solver,
            self.failed.len(),
            self.ran
        )
    }
}

/// Per solver, what `outcomes` hold about it. A solver that applies to no
/// valid test is refused: it checked nothing.
pub fn reports(
    outcomes: &[TestOutcome],
    solvers: &[SolverSpec],
) -> anyhow::Result<Vec<CheckReport>> {
    let valid = outcomes.iter().filter(|o| o.invalid.is_none()).count();
    let mut out = Vec::new();
    for (j, s) in solvers.iter().enumerate() {
        let mut failed = Vec::new();
        let mut ran = 0;
        for o in outcomes {
            match &o.verdicts[j] {
                Verdict::NotRun => {}
                Verdict::Pass => ran += 1,
                Verdict::Fail(class) => {
                    ran += 1;
                    failed.push((o.label.clone(), class.clone()));
                }
            }
        }
        if ran == 0 && valid > 0 {
            bail!("{s} applies to none of the {valid} tests");
        }
        out.push(CheckReport {
            solver: s.to_string(),
            failed,
            ran,
            tests: valid,
            corpus_failed: Vec::new(),
        });
    }
    Ok(out)
}

/// The tests of a package just built, labelled as on disk.
pub fn package_tests(p: &Package) -> Vec<TestFile> {
    let label = |kind: &str, name: &str| format!("{kind}/{name}");
    p.samples
        .iter()
        .map(|t| (label("sample", &t.name), t))
        .chain(p.secret.iter().map(|t| (label("secret", &t.name), t)))
        .map(|(label, t)| TestFile {
            label,
            input: t.input.clone().into_bytes(),
            answer: AnswerFile::Unchecked,
        })
        .collect()
}

/// Every test under `dir/data` (any depth, sorted by path): the `.in`
/// files with the `.ans` beside each (in `dir` itself for a package of
/// `--format plain`).
pub fn read_tests(dir: &Path) -> anyhow::Result<Vec<TestFile>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
        for e in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
            let p = e
                .with_context(|| format!("reading {}", dir.display()))?
                .path();
            if p.is_dir() {
                walk(&p, out)?;
            } else if p.extension().is_some_and(|x| x == "in") {
                out.push(p);
            }
        }
        Ok(())
    }
    let plain = !dir.join("data").exists()
        && fs::read_to_string(dir.join("tests.txt"))
            .is_ok_and(|t| t.starts_with(super::yaml::MARK));
    let data = if plain {
        dir.to_path_buf()
    } else {
        dir.join("data")
    };
    if !data.is_dir() {
        bail!(
            "{} has no data/ directory: not a package in the Kattis layout",
            dir.display()
        );
    }
    let mut inputs = Vec::new();
    walk(&data, &mut inputs)?;
    inputs.sort();
    if inputs.is_empty() {
        bail!("{} holds no .in file", data.display());
    }
    inputs
        .into_iter()
        .map(|p| {
            let input = fs::read(&p).with_context(|| format!("reading {}", p.display()))?;
            let ans = p.with_extension("ans");
            let answer = match fs::read(&ans) {
                Ok(b) => AnswerFile::Present(b),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => AnswerFile::Missing,
                Err(e) => return Err(e).with_context(|| format!("reading {}", ans.display())),
            };
            let rel = p
                .strip_prefix(&data)
                .expect("below data/")
                .with_extension("");
            Ok(TestFile {
                label: rel.to_string_lossy().into_owned(),
                input,
                answer,
            })
        })
        .collect()
}

/// Refuses, before any work, a `cmd:` solver whose program cannot run and
/// `brute` for a game that has none (the check every command makes).
pub fn ensure_solvers<G: Game>(solvers: &[SolverSpec]) -> anyhow::Result<()> {
    solver::check::<G>(solvers)
}

/// `--check`: runs every solver on every test of the package and on every
/// corpus finding of the game.
pub fn check<G: Game>(
    p: &Package,
    solvers: &[SolverSpec],
    corpus_root: &Path,
    limits: &Limits,
    jobs: usize,
) -> anyhow::Result<(Vec<TestOutcome>, Vec<CheckReport>)> {
    let outcomes = run_tests::<G>(&package_tests(p), solvers, limits, jobs)?;
    let mut reports = reports(&outcomes, solvers)?;
    let findings: Vec<TestFile> = corpus::load_dir(&corpus_root.join(G::ID.name()))?
        .into_iter()
        .map(|e| TestFile {
            label: e.path.display().to_string(),
            input: e.input.into_bytes(),
            answer: AnswerFile::Unchecked,
        })
        .collect();
    for o in run_tests::<G>(&findings, solvers, limits, jobs)? {
        if let Some(why) = &o.invalid {
            bail!("{}: invalid input: {why}", o.label);
        }
        for (r, v) in reports.iter_mut().zip(&o.verdicts) {
            if let Verdict::Fail(_) = v {
                r.corpus_failed.push(o.label.clone());
            }
        }
    }
    Ok((outcomes, reports))
}
