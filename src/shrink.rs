//! The generic shrinker: first the recorded choice tape (every candidate is
//! regenerated, so it is valid by construction), then the game's structural
//! candidates. A candidate is kept only if it validates, keeps the exact
//! signature and is strictly smaller, so shrinking always terminates.

use std::time::{Duration, Instant};

use crate::game::Game;
use crate::solver::{Limits, SolverSpec};
use crate::source::Source;
use crate::verdict::{compare, smaller};

/// Bounds on one shrink.
#[derive(Debug, Clone)]
pub struct ShrinkLimits {
    /// Wall-clock budget for one finding.
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

/// Shrinks an input that shows divergence `signature` between `solvers`.
/// `tape` is the recorded tape and profile when the input was generated.
pub fn shrink_finding<G: Game>(
    solvers: &[SolverSpec],
    signature: &str,
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    limits: &Limits,
    bounds: &ShrinkLimits,
) -> G::Input {
    let keeps = |cand: &G::Input, text: &str| {
        compare::<G>(solvers, cand, text, limits)
            .signature
            .as_deref()
            == Some(signature)
    };
    shrink::<G>(input, tape, keeps, bounds)
}

/// Shrinks `input` while `keeps(candidate, rendered)` holds; `keeps` is only
/// ever asked about valid candidates that are strictly smaller.
pub fn shrink<G: Game>(
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    mut keeps: impl FnMut(&G::Input, &str) -> bool,
    bounds: &ShrinkLimits,
) -> G::Input {
    let start = Instant::now();
    let mut spent = 0u64;
    let budget_left = |spent: &mut u64| {
        *spent += 1;
        *spent <= bounds.candidates && start.elapsed() < bounds.time
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
                        break 'tape;
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
                    break;
                }
            }
        }
    }

    'structural: loop {
        let mut improved = false;
        for cand in G::shrink(&best) {
            if !budget_left(&mut spent) {
                break 'structural;
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
            break;
        }
    }
    best
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
