//! The generic shrinker: first the recorded choice tape (every candidate is
//! regenerated, so it is valid by construction), then the game's structural
//! candidates. A candidate is kept only if it validates, keeps the exact
//! signature and is strictly smaller, so shrinking always terminates.

use std::time::{Duration, Instant};

use crate::game::Game;
use crate::interrupt;
use crate::solver::{Limits, Run, SolverSpec};
use crate::source::Source;
use crate::verdict::{compare, smaller};

/// Bounds on one shrink. An interrupt ends any shrink too.
#[derive(Debug, Clone)]
pub struct ShrinkLimits {
    /// Wall-clock budget.
    pub time: Duration,
    /// Maximum number of candidates evaluated.
    pub candidates: u64,
}

impl Default for ShrinkLimits {
    fn default() -> Self {
        ShrinkLimits {
            time: Duration::from_secs(20),
            candidates: 20_000,
        }
    }
}

impl ShrinkLimits {
    /// No shrinking at all.
    pub fn none() -> Self {
        ShrinkLimits {
            time: Duration::ZERO,
            candidates: 0,
        }
    }
}

/// The result of a shrink.
#[derive(Debug, Clone)]
pub struct Shrunk<I> {
    pub input: I,
    /// Whether the shrinker ran until no candidate was smaller (rather than
    /// out of time, of candidates, or interrupted).
    pub complete: bool,
}

impl<I> Shrunk<I> {
    /// What shrinking did, from `from` bytes to `to`.
    pub fn describe(&self, from: usize, to: usize) -> String {
        match (self.complete, interrupt::stopped()) {
            (true, _) => format!("{from} bytes shrunk to {to}"),
            (false, true) => format!("{from} bytes, partly shrunk to {to} (interrupted)"),
            (false, false) => format!("{from} bytes, partly shrunk to {to} (shrink budget spent)"),
        }
    }
}

/// The runs of every solver on an input, in solver order.
pub type Runs<O> = Vec<Option<Run<O>>>;

/// Shrinks an input that shows divergence `signature` between `solvers`.
/// `tape` is the recorded tape and profile when the input was generated.
/// Also returns the solvers' runs on the result when a candidate was kept
/// (otherwise the result is `input`, whose runs the caller has), so a
/// shrunk finding is stored without running its programs again.
pub fn shrink_finding<G: Game>(
    solvers: &[SolverSpec],
    signature: &str,
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    limits: &Limits,
    bounds: &ShrinkLimits,
) -> (Shrunk<G::Input>, Option<Runs<G::Output>>) {
    let mut kept = None;
    let keeps = |cand: &G::Input, text: &str| {
        let c = compare::<G>(solvers, cand, text, limits);
        let same = c.signature.as_deref() == Some(signature);
        if same {
            kept = Some(c.runs);
        }
        same
    };
    let shrunk = shrink::<G>(input, tape, keeps, bounds);
    (shrunk, kept)
}

/// Shrinks `input` while `keeps(candidate, rendered)` holds; `keeps` is only
/// ever asked about valid candidates that are strictly smaller, and every
/// candidate it accepts becomes the new best.
pub fn shrink<G: Game>(
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    mut keeps: impl FnMut(&G::Input, &str) -> bool,
    bounds: &ShrinkLimits,
) -> Shrunk<G::Input> {
    let start = Instant::now();
    let mut spent = 0u64;
    let budget_left = |spent: &mut u64| {
        *spent += 1;
        *spent <= bounds.candidates && start.elapsed() < bounds.time && !interrupt::stopped()
    };
    let mut best = input;
    let mut best_text = G::render(&best);

    if let Some((mut tape, profile)) = tape {
        // The tape must actually regenerate the input it claims to.
        if G::render(&G::generate(&mut Source::replay(tape.clone()), profile)) == best_text {
            'tape: loop {
                let mut improved = false;
                let current = tape.clone();
                for cand_tape in tape_candidates(&current) {
                    if !budget_left(&mut spent) {
                        return Shrunk {
                            input: best,
                            complete: false,
                        };
                    }
                    let cand = G::generate(&mut Source::replay(cand_tape.clone()), profile);
                    let text = G::render(&cand);
                    if smaller(&text, &best_text)
                        && G::validate(&cand).is_ok()
                        && keeps(&cand, &text)
                    {
                        best = cand;
                        best_text = text;
                        tape = cand_tape;
                        improved = true;
                        break;
                    }
                }
                if !improved {
                    break 'tape;
                }
            }
        }
    }

    loop {
        let mut improved = false;
        for cand in G::shrink(&best) {
            if !budget_left(&mut spent) {
                return Shrunk {
                    input: best,
                    complete: false,
                };
            }
            let text = G::render(&cand);
            if smaller(&text, &best_text) && G::validate(&cand).is_ok() && keeps(&cand, &text) {
                best = cand;
                best_text = text;
                improved = true;
                break;
            }
        }
        if !improved {
            return Shrunk {
                input: best,
                complete: true,
            };
        }
    }
}

/// Tape edits, most aggressive first: cut the tail, delete spans, zero and
/// lower single choices.
fn tape_candidates(tape: &[u64]) -> impl Iterator<Item = Vec<u64>> + '_ {
    let n = tape.len();
    let mut keeps = Vec::new();
    let mut keep = n / 2;
    while keep < n {
        keeps.push(keep);
        keep += (n - keep).div_ceil(2).max(1);
        if keep >= n {
            break;
        }
    }
    let cuts = keeps.into_iter().map(move |k| tape[..k].to_vec());
    let spans = [8usize, 4, 2, 1]
        .into_iter()
        .filter(move |&w| w <= n)
        .flat_map(move |w| (0..=n - w).rev().map(move |at| (w, at)))
        .map(move |(w, at)| {
            let mut t = tape.to_vec();
            t.drain(at..at + w);
            t
        });
    let lowers = (0..n).filter(move |&i| tape[i] > 0).flat_map(move |i| {
        let mut v = vec![0];
        if tape[i] > 1 {
            v.push(tape[i] / 2);
            v.push(tape[i] - 1);
        }
        v.into_iter().map(move |x| {
            let mut t = tape.to_vec();
            t[i] = x;
            t
        })
    });
    cuts.chain(spans).chain(lowers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tape_candidates_are_all_different_from_the_tape_and_not_longer() {
        let tape = vec![3, 0, 7, 1, 9];
        let c: Vec<_> = tape_candidates(&tape).collect();
        assert!(!c.is_empty());
        for t in &c {
            assert!(t.len() <= tape.len());
            assert_ne!(t, &tape);
        }
        assert!(c.contains(&vec![3, 0, 0, 1, 9]));
        assert!(c.contains(&vec![3, 0, 7, 1]));
    }
}
