//! The explanation of a finding, after it is shrunk: what the failure is
//! about, told from the rules and the input rather than from a list of
//! known mistakes. Four parts, each established within the time given or
//! said to be cut and why:
//!
//! * **rules involved** ([`spectrum`]): the engine's rule events, with
//!   their contexts, ranked by how much more they occur on the inputs
//!   where the program failed than on those where it was right (DStar, as
//!   spectrum-based fault localisation ranks statements);
//! * **what matters** ([`vary`]): each element of the shrunk input (a
//!   piece, a pile, a card, a throw) varied over other valid values, as
//!   Hypothesis' explain phase does: those that can change freely without
//!   losing the failure are not what it is about;
//! * **the smallest change that makes the program right** ([`vary`]): an
//!   input one edit away on which every solver agrees, and the rule events
//!   that differ between the two, as Zeller's isolation of failure-inducing
//!   differences gives;
//! * **the catalogue** ([`catalogue`]): the catalogued mistakes that print
//!   what the program printed, and answer as the engine where it was right.
//!
//! It is fed a finding and runs the finding's solvers itself ([`oracle`]);
//! it knows nothing of campaigns, the corpus or the command line.

pub mod catalogue;
mod oracle;
pub mod show;
mod spectrum;
mod vary;

use std::time::{Duration, Instant};

use serde::Serialize;

pub use catalogue::{Agreed, Like, Likeness};
pub use oracle::{Oracle, Outcome};
pub use spectrum::RuleScore;
pub use vary::{events, Matter, Right};

use crate::corpus::SolverRecord;
use crate::game::{parse_valid, Game};
use crate::interrupt;
use crate::solver::{Limits, SolverSpec};

/// A diverging input of a signature besides its exemplar: the file it ran
/// in and every solver's record there (a program carries its state from
/// case to case, so a mistake must print what it printed in that file),
/// and the diverging case's own text.
#[derive(Debug, Clone)]
pub struct Sample {
    pub text: String,
    pub records: Vec<SolverRecord>,
    pub case: String,
}

/// A part of an explanation, or why it could not be established.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Part<T> {
    Found(T),
    Cut { cut: String },
}

impl<T> Part<T> {
    fn cut(why: impl Into<String>) -> Self {
        Part::Cut { cut: why.into() }
    }

    pub fn found(&self) -> Option<&T> {
        match self {
            Part::Found(t) => Some(t),
            Part::Cut { .. } => None,
        }
    }
}

/// What is known of a finding beyond its signature.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// Rule events, best first.
    pub rules: Part<Vec<RuleScore>>,
    /// Every element of the exemplar, in text order.
    pub matters: Part<Vec<Matter>>,
    /// The nearest input on which the program is right.
    pub right: Part<Right>,
    /// The catalogued mistakes that answer as the program does.
    pub catalogue: Part<Likeness>,
}

/// The finding to explain: its signature between `solvers`, its exemplar
/// (shrunk, as far as shrinking got) with every solver's record on it,
/// other inputs with the signature and inputs where the program agreed.
pub struct Finding<'a, G: Game> {
    pub signature: &'a str,
    pub solvers: &'a [SolverSpec],
    pub input: &'a G::Input,
    pub text: &'a str,
    pub records: &'a [SolverRecord],
    pub samples: &'a [Sample],
    pub agreed: &'a [Agreed],
}

/// The solver the explanation is about: the first, other than the first
/// solver, that the signature names (`cmd:./a.out`, `reference`,
/// `mistake:NAME`).
pub fn program_in(solvers: &[SolverSpec], signature: &str) -> Option<usize> {
    (1..solvers.len()).find(|&i| {
        let name = format!("{}:", solvers[i]);
        signature.starts_with(&name) || signature.contains(&format!(" {name}"))
    })
}

/// Explains `f` by `until`, running its solvers with `limits` on `jobs`
/// threads. The catalogue comes first (in process, at most half of the
/// time), then the variations (they need the programs) with the rest, then
/// the spectrum over everything seen, which picks the smallest change.
pub fn explain<G: Game>(
    f: &Finding<'_, G>,
    limits: &Limits,
    jobs: usize,
    until: Instant,
) -> Explanation {
    let start = Instant::now();
    let half = until.saturating_duration_since(start) / 2;
    let catalogue = named::<G>(f, start + half);
    explain_named(f, catalogue, limits, Some(jobs), until)
}

/// The catalogue part of `f`'s explanation, tallied in process by
/// `until`: a finding the catalogue holds is named whatever the
/// variations cost.
pub fn named<G: Game>(f: &Finding<'_, G>, until: Instant) -> Part<Likeness> {
    let time = until.saturating_duration_since(Instant::now());
    match (program_in(f.solvers, f.signature), interrupt::stopped()) {
        (_, true) => Part::cut("interrupted"),
        (None, _) => Part::cut("the signature names no program besides the first solver"),
        (Some(p), false) => {
            let mut inputs: Vec<(&str, &[SolverRecord])> = vec![(f.text, f.records)];
            inputs.extend(
                (f.samples.iter())
                    .filter(|s| s.text != f.text)
                    .map(|s| (s.text.as_str(), s.records.as_slice())),
            );
            match catalogue::tally::<G>(p, &inputs, f.agreed, Some(until)) {
                Some(l) => Part::Found(l),
                None => Part::cut(format!(
                    "its part of the explain time ({:.1} s) spent before every mistake was tried",
                    time.as_secs_f64()
                )),
            }
        }
    }
}

/// The rest of `f`'s explanation, its catalogue part already tallied;
/// the variations run on `jobs` threads, and not at all with `None`.
pub fn explain_named<G: Game>(
    f: &Finding<'_, G>,
    catalogue: Part<Likeness>,
    limits: &Limits,
    jobs: Option<usize>,
    until: Instant,
) -> Explanation {
    let stopped = || interrupt::stopped();
    let mut oracle = Oracle {
        solvers: f.solvers,
        signature: f.signature,
        limits: limits.until(until),
        jobs: jobs.unwrap_or(1),
        runs: 0,
        packs_hold: None,
    };
    let vary_until = until;
    // A program that times out on the exemplar would likely time out on
    // most inputs one edit away, each costing a whole time limit.
    let times_out = (f.records.iter())
        .any(|r| (r.fault.as_ref()).is_some_and(|x| x.kind == crate::fault::FaultKind::Timeout));
    let varied = match (jobs, times_out) {
        (None, _) => vary::none("--no-vary was given"),
        (_, true) => vary::none(
            "a program times out on the exemplar: each input one edit away would cost a whole time limit",
        ),
        _ => {
            let parts = G::split(f.input);
            let program = program_in(f.solvers, f.signature);
            let diverges = spectrum::diverging::<G>(&parts, f.records, program);
            vary::vary::<G>(f.input, diverges.as_deref(), &mut oracle, vary_until)
        }
    };
    let rules = match stopped() {
        true => Part::cut("interrupted"),
        false => spectrum::involved::<G>(f, &varied),
    };
    // A change is weighed by the events it changes in its own run, where
    // a unit of the case before is the same event as any other.
    let ranked: Vec<String> = (rules.found().into_iter().flatten())
        .map(|r| {
            r.rule
                .strip_suffix(spectrum::BEFORE)
                .unwrap_or(&r.rule)
                .to_string()
        })
        .collect();
    let (matters, right) = match &varied {
        _ if stopped() => (Part::cut("interrupted"), Part::cut("interrupted")),
        v => (vary::matters::<G>(v), vary::right::<G>(f.input, v, &ranked)),
    };
    Explanation {
        rules,
        matters,
        right,
        catalogue,
    }
}

/// `explain` of one input alone (`repro`, `shrink`, `diff --inputs`):
/// its solvers' records are taken from a fresh comparison.
pub fn explain_input<G: Game>(
    solvers: &[SolverSpec],
    signature: &str,
    text: &str,
    records: &[SolverRecord],
    limits: &Limits,
    time: Duration,
) -> Option<Explanation> {
    let input = parse_valid::<G>(text).ok()?;
    let f = Finding::<G> {
        signature,
        solvers,
        input: &input,
        text,
        records,
        samples: &[],
        agreed: &[],
    };
    Some(explain::<G>(&f, limits, 2, Instant::now() + time))
}
