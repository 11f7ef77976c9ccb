//! `--against`: wrong programs a setter collected, each killed by the
//! package. A program that passes every test gets a bounded campaign
//! against the engine; the counterexample it finds, shrunk, joins the
//! package as a test that says whom it kills and how.
//!
//! The package stays a function of its options: the campaign is seeded from
//! the package seed and the program's bytes, the counterexample is the
//! divergent case of smallest campaign index ([`driver::first_divergence`])
//! and shrinking is bounded by a number of candidates, not by time.

use std::time::Duration;

use super::check::{package_tests, run_tests, Verdict};
use super::program::Program;
use super::{answer, Package};
use crate::driver::{self, Amount, DiffOptions, FirstDivergence};
use crate::fault::FaultKind;
use crate::game::{generate_case, Game};
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{Limits, Run, SolverSpec};
use crate::verdict::compare;

/// How hard to try against each program.
#[derive(Debug, Clone)]
pub struct AgainstOptions {
    /// Campaign budget per program.
    pub time: Duration,
    pub jobs: usize,
    pub limits: Limits,
}

/// What became of a program.
#[derive(Debug, Clone, PartialEq)]
pub enum Fate {
    /// It fails a test of the package: the first one, and how.
    Existing {
        test: String,
        how: String,
    },
    /// A campaign found a counterexample, now the test `test`.
    New {
        test: String,
        elapsed: Duration,
    },
    Survived {
        elapsed: Duration,
        cases: u64,
    },
}

/// Candidates the shrinker may try on a counterexample: the same bound as
/// `diff`'s, so that the result never depends on the machine's speed.
const SHRINK_CANDIDATES: u64 = 20_000;

/// A safety net only: a shrink that reaches it (a program that takes
/// seconds per run) is reported, as its result then depends on timing.
const SHRINK_TIME: Duration = Duration::from_secs(600);

/// Runs `program` on the package, and if it passes every test, looks for a
/// counterexample and adds it to `p`. The second value is a note when the
/// result may depend on timing.
pub fn against<G: Game>(
    p: &mut Package,
    program: &Program,
    opts: &AgainstOptions,
) -> anyhow::Result<(Fate, Option<String>)> {
    if let Some(fate) = existing_failure::<G>(p, program, &opts.limits, opts.jobs)? {
        return Ok((fate, None));
    }
    let seed = campaign_seed(p, program);
    let external = program.spec.is_program();
    let campaign = DiffOptions {
        solvers: vec![SolverSpec::Engine, program.spec.clone()],
        amount: Amount::Time(opts.time),
        seed,
        profile: None,
        jobs: opts.jobs.max(1),
        corpus: None,
        limits: opts.limits.clone(),
        shrink: ShrinkLimits::none(),
        explain: std::time::Duration::ZERO,
        vary: false,
        progress: false,
        pack: if external { 32 } else { 1 },
        shard: (0, 1),
    };
    let run = driver::first_divergence::<G>(&campaign)?;
    let Some(found) = run.found else {
        return Ok((
            Fate::Survived {
                elapsed: run.elapsed,
                cases: run.cases,
            },
            None,
        ));
    };
    let found_bytes = G::render(&found.input).len();
    let (shrunk, note) =
        shrink_counterexample::<G>(&campaign.solvers, &found, program, &opts.limits);
    let text = G::render(&shrunk);
    let c = compare::<G>(&campaign.solvers, &shrunk, &text, &opts.limits);
    let how = match &c.runs[..] {
        [Some(engine), Some(prog)] => in_words::<G>(&shrunk, engine, prog),
        _ => "disagrees with the engine".to_string(),
    };
    let origin = origin(&found, seed);
    let about = format!(
        "kills {}: it {how}; the first counterexample found, {origin}, shrunk from {found_bytes} \
         to {} bytes",
        program.short,
        text.len()
    );
    let hits = G::rule_hits(&shrunk);
    let kills = super::kills::<G>(&shrunk, &text);
    let edges = super::edges::edge_set::<G>(&shrunk);
    let answer = answer::<G>(&shrunk)?;
    let name = p.add_secret("against", text, answer, about, (hits, kills, edges));
    Ok((
        Fate::New {
            test: name,
            elapsed: run.elapsed,
        },
        note,
    ))
}

/// The first test of the package that `program` fails, and how.
fn existing_failure<G: Game>(
    p: &Package,
    program: &Program,
    limits: &Limits,
    jobs: usize,
) -> anyhow::Result<Option<Fate>> {
    let solvers = [program.spec.clone()];
    let outcomes = run_tests::<G>(&package_tests(p), &solvers, limits, jobs)?;
    Ok(outcomes.iter().find_map(|o| match &o.verdicts[0] {
        Verdict::Fail(how) => Some(Fate::Existing {
            test: o.label.clone(),
            how: how.clone(),
        }),
        _ => None,
    }))
}

/// Shrinks a counterexample within a bound of candidates. The second value
/// is a note when the time net was reached first.
fn shrink_counterexample<G: Game>(
    solvers: &[SolverSpec],
    found: &FirstDivergence<G::Input>,
    program: &Program,
    limits: &Limits,
) -> (G::Input, Option<String>) {
    let tape = (!found.packed).then(|| {
        (
            generate_case::<G>(found.seed, found.profile).1,
            found.profile,
        )
    });
    let started = std::time::Instant::now();
    let (shrunk, _) = shrink::shrink_finding::<G>(
        solvers,
        &found.signature,
        found.input.clone(),
        tape,
        limits,
        &ShrinkLimits {
            time: SHRINK_TIME,
            candidates: SHRINK_CANDIDATES,
            ..ShrinkLimits::default()
        },
    );
    let note = (started.elapsed() >= SHRINK_TIME).then(|| {
        format!(
            "shrinking the counterexample against {} stopped after {} s, before its candidate \
             bound: the new test may differ from run to run",
            program.given,
            SHRINK_TIME.as_secs()
        )
    });
    (shrunk.input, note)
}

/// Where a counterexample came from, in words.
fn origin<I>(found: &FirstDivergence<I>, seed: u64) -> String {
    if found.packed {
        format!(
            "the file of cases packed from case {} (profile {}) of a campaign from seed {seed}, \
             where no case fails alone",
            found.index, found.profile
        )
    } else {
        format!(
            "case {} (seed {}, profile {}) of a campaign from seed {seed}",
            found.index, found.seed, found.profile
        )
    }
}

/// The campaign seed: a hash of the package seed, the game and the
/// program's bytes.
fn campaign_seed(p: &Package, program: &Program) -> u64 {
    let mut data = format!("gamefuzz against {} {}\n", p.game, p.seed).into_bytes();
    data.extend_from_slice(&program.identity);
    let hex = crate::fuzz::sha1_hex(&data);
    // Kept well below u64::MAX, so that `seed + i` never wraps.
    u64::from_str_radix(&hex[..12], 16).expect("hex digest")
}

/// How the program's run differs from the engine's, in words.
fn in_words<G: Game>(input: &G::Input, engine: &Run<G::Output>, prog: &Run<G::Output>) -> String {
    match (&engine.result, &prog.result) {
        (Ok(want), Ok(got)) => format!(
            "answers wrongly: `{}`, the engine's side first{}",
            G::difference_in(input, want, got),
            if prog.notes.is_empty() {
                String::new()
            } else {
                format!("; the run was marked {}", prog.notes.join(", "))
            }
        ),
        (Ok(_), Err(f)) => {
            let what = match f.kind {
                FaultKind::Crash => "crashes",
                FaultKind::Timeout => "runs out of time",
                FaultKind::BadOutput => "prints an answer that cannot be read",
                FaultKind::Oversized => "prints far too much",
                FaultKind::Budget => "runs out of its step budget",
                FaultKind::Panic => "panics",
                FaultKind::Undefined => "reaches undefined behaviour",
                FaultKind::Io => "cannot be run",
                FaultKind::Interrupted => "was interrupted",
            };
            let detail: String = f
                .detail
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(120)
                .collect();
            format!("{what} ({detail})")
        }
        _ => format!("disagrees with the engine ({})", engine.class()),
    }
}
