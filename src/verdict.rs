//! What compares solvers on one input: run them all, classify the runs
//! into a divergence signature, and the total order of inputs by which the
//! shrinker and the corpus pick the smallest exemplar, and the boards of a
//! comparison. The driver, the shrinker and the corpus all use it; it uses
//! none of them.

use crate::game::Game;
use crate::picture::{Focus, Picture};
use crate::solver::{self, Limits, Run, SolverSpec};

/// The runs of every solver on one input, in solver order; `None` where a
/// solver does not apply (brute on a large input).
pub struct Comparison<O> {
    pub runs: Vec<Option<Run<O>>>,
    /// `None` when everything compared agreed.
    pub signature: Option<String>,
    /// Whether at least two solvers really produced a result to compare.
    pub compared: bool,
}

impl<O> Comparison<O> {
    /// Whether a program was cut at a calibrated time limit below the full
    /// one: its timeout is not known to be real yet.
    pub fn cut_early(&self) -> bool {
        self.runs.iter().flatten().any(|r| r.cut_early)
    }

    /// Whether a program was cut at a limit calibrated on its own answered
    /// runs: one that was slower than it has been, or that hangs here.
    pub fn cut_calibrated(&self) -> bool {
        self.runs.iter().flatten().any(|r| r.cut_early && !r.probed)
    }

    /// Whether a run was cut short by an interrupt: the comparison says
    /// nothing about the solvers then.
    pub fn interrupted(&self) -> bool {
        self.runs.iter().flatten().any(|r| {
            r.result
                .as_ref()
                .is_err_and(|f| f.kind == crate::fault::FaultKind::Interrupted)
        })
    }
}

/// Runs every solver on `input` ([`solver::run_all`]: the port's budget
/// follows the engine's work) and classifies the result.
pub fn compare<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    text: &str,
    limits: &Limits,
) -> Comparison<G::Output> {
    let runs = solver::run_all::<G>(solvers, input, text, limits);
    let (signature, compared) = signature::<G>(solvers, input, &runs);
    Comparison {
        runs,
        signature,
        compared,
    }
}

/// The signature of a set of runs: every solver is compared with the first
/// applicable one; each disagreement contributes `a:class b:class detail`.
/// Any fault is a disagreement, even when both sides fault alike.
pub fn signature<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    runs: &[Option<Run<G::Output>>],
) -> (Option<String>, bool) {
    let present: Vec<(&SolverSpec, &Run<G::Output>)> = solvers
        .iter()
        .zip(runs)
        .filter_map(|(s, r)| r.as_ref().map(|r| (s, r)))
        .collect();
    let Some(&(base_spec, base)) = present.first() else {
        return (None, false);
    };
    let mut parts = Vec::new();
    for &(spec, run) in &present[1..] {
        let detail = match (&base.result, &run.result) {
            (Ok(a), Ok(b)) if a == b => continue,
            (Ok(a), Ok(b)) => format!(" {}", G::difference_in(input, a, b)),
            _ => String::new(),
        };
        parts.push(format!(
            "{base_spec}:{} {spec}:{}{detail}",
            base.class(),
            run.class()
        ));
    }
    if present.len() == 1 && base.result.is_err() {
        parts.push(format!("{base_spec}:{}", base.class()));
    }
    let sig = (!parts.is_empty()).then(|| parts.join("; "));
    (sig, present.len() >= 2)
}

/// Whether `signature` has `solver` time out.
pub fn times_out(signature: &str, solver: &SolverSpec) -> bool {
    let key = format!("{solver}:timeout");
    signature.match_indices(&key).any(|(at, _)| {
        let after = &signature[at + key.len()..];
        (at == 0 || signature[..at].ends_with(' '))
            && (after.is_empty() || after.starts_with([' ', ';']))
    })
}

/// The order the corpus and the shrinker agree on: shorter text first,
/// then lexicographic, so that "smallest" is total and deterministic.
pub fn smaller(a: &str, b: &str) -> bool {
    (a.len(), a) < (b.len(), b)
}

/// The game's pictures of `input` where `solvers`, which gave `runs` on
/// it, part (empty for games without a board). The game may run the
/// solvers again on smaller inputs to find where inside a case they part.
pub fn pictures<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    runs: &[Option<Run<G::Output>>],
    limits: &Limits,
) -> Vec<Picture> {
    let parts = |smaller: &G::Input| {
        let c = compare::<G>(solvers, smaller, &G::render(smaller), limits);
        c.signature.is_some() && !c.interrupted()
    };
    let focus = Focus {
        answers: solvers
            .iter()
            .zip(runs)
            .map(|(s, r)| (s.to_string(), answer(r.as_ref())))
            .collect(),
        parts: Some(&parts),
    };
    G::pictures(input, &focus)
}

/// The game's pictures of one solver's run on `input`.
pub fn pictures_of_run<G: Game>(
    spec: &SolverSpec,
    input: &G::Input,
    run: Option<&Run<G::Output>>,
) -> Vec<Picture> {
    G::pictures(input, &Focus::single(spec.to_string(), answer(run)))
}

fn answer<O>(run: Option<&Run<O>>) -> Option<&O> {
    run.and_then(|r| r.result.as_ref().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_of_a_solver_are_found_in_a_signature() {
        let a = SolverSpec::Cmd(vec!["./a".into()]);
        assert!(times_out("engine:ok cmd:./a:timeout", &a));
        assert!(times_out(
            "engine:ok cmd:./a:timeout; engine:ok b.cpp:crash",
            &a
        ));
        assert!(!times_out("engine:ok cmd:./a:crash", &a));
        assert!(!times_out("engine:ok cmd:./a:timeouts", &a));
        assert!(!times_out("engine:ok cmd:x/./a:timeout", &a));
    }
}
