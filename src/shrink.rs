//! The generic shrinker. Rounds of two passes, repeated until a whole round
//! keeps nothing: the game's structural candidates (biggest cuts first:
//! whole cases, games or players before single values), then edits of the
//! recorded choice tape, whose candidates are regenerated (valid by
//! construction) and re-draw everything after an edit. A candidate is
//! decided only if it is strictly smaller than the best so far, was never
//! decided before (texts are remembered by hash) and validates; it is kept
//! only if it shows the exact signature, so shrinking always terminates.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::interrupt;
use crate::solver::{self, Limits, Run, SolverSpec};
use crate::source::Source;
use crate::verdict::{self, compare, smaller};

/// Bounds on one shrink. An interrupt ends any shrink too.
#[derive(Debug, Clone)]
pub struct ShrinkLimits {
    /// Wall-clock budget.
    pub time: Duration,
    /// Maximum number of candidates decided by the solvers (the ones
    /// filtered out for free do not count).
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

/// What a shrink cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShrinkCost {
    /// Candidates looked at, the ones filtered out for free included.
    pub candidates: u64,
    /// Candidates handed to the solvers (valid, smaller and new).
    pub decided: u64,
    /// Runs of external (`cmd:`) programs.
    pub program_runs: u64,
}

/// The result of a shrink.
#[derive(Debug, Clone)]
pub struct Shrunk<I> {
    pub input: I,
    /// Whether the shrinker ran until no candidate was smaller (rather than
    /// out of time, of candidates, or interrupted).
    pub complete: bool,
    pub cost: ShrinkCost,
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
///
/// External programs cost a process per run, the in-process solvers next
/// to nothing, so with `cmd:` solvers a candidate is first decided on the
/// in-process answers alone where they already show that it cannot keep
/// the signature (see [`Prefilter`]); the programs run only on the rest.
pub fn shrink_finding<G: Game>(
    solvers: &[SolverSpec],
    signature: &str,
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    limits: &Limits,
    bounds: &ShrinkLimits,
) -> (Shrunk<G::Input>, Option<Runs<G::Output>>) {
    let mut program_runs = 0u64;
    let prefilter = Prefilter::new::<G>(solvers, signature, &input, limits, &mut program_runs);
    let mut kept = None;
    let in_process: Vec<usize> = (0..solvers.len())
        .filter(|&i| !matches!(solvers[i], SolverSpec::Cmd(_)))
        .collect();
    let in_specs: Vec<SolverSpec> = in_process.iter().map(|&i| solvers[i].clone()).collect();
    let keeps = |cand: &G::Input, text: &str| {
        let mut runs: Runs<G::Output> = vec![None; solvers.len()];
        // As `compare` runs them: the port's budget follows the engine's.
        for (&i, run) in in_process
            .iter()
            .zip(solver::run_all::<G>(&in_specs, cand, text, limits))
        {
            runs[i] = run;
        }
        if prefilter
            .as_ref()
            .is_some_and(|p| !p.may_keep::<G>(cand, &runs))
        {
            return false;
        }
        for (i, s) in solvers.iter().enumerate() {
            if matches!(s, SolverSpec::Cmd(_)) {
                program_runs += 1;
                runs[i] = solver::run::<G>(s, cand, text, limits);
            }
        }
        let same = verdict::signature::<G>(solvers, cand, &runs).0.as_deref() == Some(signature);
        if same {
            kept = Some(runs);
        }
        same
    };
    let mut shrunk = shrink::<G>(input, tape, keeps, bounds);
    shrunk.cost.program_runs = program_runs;
    (shrunk, kept)
}

/// Sound early rejection from the in-process solvers' answers, used when
/// the first solver runs in process and some solver does not. Every part
/// of a signature starts with the first solver and its class, so a
/// candidate on which that class differs cannot keep the signature; a
/// part of a program that words how its answer differs needs a first
/// answer from which that difference can show at all
/// ([`Game::could_differ`]); and comparing the in-process solvers alone
/// gives exactly the parts of the full signature that name no program, so
/// a candidate on which those differ from the input's cannot keep it
/// either.
struct Prefilter {
    /// Indices of the in-process solvers, the first solver first.
    in_process: Vec<usize>,
    specs: Vec<SolverSpec>,
    /// The programs, as the signature names them.
    programs: Vec<String>,
    signature: String,
    /// The in-process parts on the input being shrunk; `None` when there
    /// are fewer than two in-process solvers, or when the input did not
    /// show the signature again (then only the class check is made).
    parts: Option<Option<String>>,
}

impl Prefilter {
    fn new<G: Game>(
        solvers: &[SolverSpec],
        sig: &str,
        input: &G::Input,
        limits: &Limits,
        program_runs: &mut u64,
    ) -> Option<Prefilter> {
        let is_cmd = |s: &SolverSpec| matches!(s, SolverSpec::Cmd(_));
        if solvers.first().is_none_or(is_cmd) || !solvers.iter().any(is_cmd) {
            return None;
        }
        let in_process: Vec<usize> = (0..solvers.len())
            .filter(|&i| !is_cmd(&solvers[i]))
            .collect();
        let specs = in_process.iter().map(|&i| solvers[i].clone()).collect();
        let programs = solvers
            .iter()
            .filter(|s| is_cmd(s))
            .map(|s| s.to_string())
            .collect();
        let mut p = Prefilter {
            in_process,
            specs,
            programs,
            signature: sig.to_string(),
            parts: None,
        };
        if p.in_process.len() >= 2 {
            let c = compare::<G>(solvers, input, &G::render(input), limits);
            *program_runs += (solvers.len() - p.in_process.len()) as u64;
            if c.signature.as_deref() == Some(sig) {
                p.parts = Some(p.in_process_parts::<G>(input, &c.runs));
            }
        }
        Some(p)
    }

    /// The signature parts of the in-process solvers among `runs` (indexed
    /// like all the solvers).
    fn in_process_parts<G: Game>(
        &self,
        input: &G::Input,
        runs: &[Option<Run<G::Output>>],
    ) -> Option<String> {
        let mine: Vec<_> = self.in_process.iter().map(|&i| runs[i].clone()).collect();
        // With one solver present, `signature` reports its fault on its
        // own, a part the full signature does not have.
        if mine.iter().flatten().count() < 2 {
            return None;
        }
        verdict::signature::<G>(&self.specs, input, &mine).0
    }

    /// False when the in-process runs already rule the candidate out.
    fn may_keep<G: Game>(&self, input: &G::Input, runs: &[Option<Run<G::Output>>]) -> bool {
        let Some(base) = &runs[self.in_process[0]] else {
            return false;
        };
        let head = format!("{}:{}", self.specs[0], base.class());
        let class_fits = self
            .signature
            .strip_prefix(&head)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ';']));
        if !class_fits {
            return false;
        }
        if let Ok(a) = &base.result {
            let shows = |prog: &String| {
                detail_of(&self.signature, &head, prog).is_none_or(|d| G::could_differ(input, a, d))
            };
            if !self.programs.iter().all(shows) {
                return false;
            }
        }
        match &self.parts {
            Some(parts) => self.in_process_parts::<G>(input, runs) == *parts,
            None => true,
        }
    }
}

/// How the part of `signature` that compares `spec` with the first solver
/// (`head`: its name and class) words their difference, where it does.
fn detail_of<'s>(signature: &'s str, head: &str, spec: &str) -> Option<&'s str> {
    let key = format!("{head} {spec}:");
    let rest = &signature[signature.find(&key)? + key.len()..];
    let part = rest.split(&format!("; {head} ")).next()?;
    part.split_once(' ').map(|(_, detail)| detail)
}

/// Shrinks `input` while `keeps(candidate, rendered)` holds; `keeps` is only
/// ever asked about valid candidates that are strictly smaller than the
/// best so far, never twice about the same text, and every candidate it
/// accepts becomes the new best.
pub fn shrink<G: Game>(
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    keeps: impl FnMut(&G::Input, &str) -> bool,
    bounds: &ShrinkLimits,
) -> Shrunk<G::Input> {
    let best_text = G::render(&input);
    // The tape must actually regenerate the input it claims to.
    let tape = tape
        .filter(|(t, profile)| {
            G::render(&G::generate(&mut Source::replay(t.clone()), profile)) == best_text
        })
        .map(|(t, profile)| (t, profile, best_text.len()));
    let mut s = Search::<G, _> {
        best: input,
        best_text,
        tape,
        seen: HashSet::new(),
        keeps,
        bounds,
        start: Instant::now(),
        cost: ShrinkCost::default(),
    };
    let complete = s.run().is_ok();
    Shrunk {
        input: s.best,
        complete,
        cost: s.cost,
    }
}

/// The shrink budget ran out (time, candidates, or an interrupt).
struct OutOfBudget;

struct Search<'a, G: Game, K> {
    best: G::Input,
    best_text: String,
    /// The tape and profile that regenerate the last input kept from a
    /// tape, and that input's length (the tape is not necessarily `best`'s:
    /// its candidates are still worth regenerating while that input is not
    /// much larger, and only the smaller ones are decided).
    tape: Option<(Vec<u64>, &'a str, usize)>,
    /// Hashes of every text decided so far. A collision could only make a
    /// candidate be skipped, never kept wrongly.
    seen: HashSet<u64>,
    keeps: K,
    bounds: &'a ShrinkLimits,
    start: Instant,
    cost: ShrinkCost,
}

impl<G: Game, K: FnMut(&G::Input, &str) -> bool> Search<'_, G, K> {
    /// Rounds until one keeps nothing: a fixed point of both passes.
    fn run(&mut self) -> Result<(), OutOfBudget> {
        loop {
            let structural = self.structural_pass()?;
            let tape = self.tape_pass()?;
            if !structural && !tape {
                return Ok(());
            }
        }
    }

    /// Whether `cand` is kept (and becomes the best).
    fn offer(&mut self, cand: G::Input) -> Result<bool, OutOfBudget> {
        self.cost.candidates += 1;
        if self.start.elapsed() >= self.bounds.time || interrupt::stopped() {
            return Err(OutOfBudget);
        }
        let text = G::render(&cand);
        if !smaller(&text, &self.best_text) {
            return Ok(false);
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut h);
        if !self.seen.insert(h.finish()) || G::validate(&cand).is_err() {
            return Ok(false);
        }
        if self.cost.decided >= self.bounds.candidates {
            return Err(OutOfBudget);
        }
        self.cost.decided += 1;
        if !(self.keeps)(&cand, &text) {
            return Ok(false);
        }
        self.best = cand;
        self.best_text = text;
        Ok(true)
    }

    /// The game's candidates of the best input, in order. After a keep the
    /// candidates of the new best are taken up at the same position: the
    /// ones before it were just refused, and the next round tries them
    /// all again anyway.
    fn structural_pass(&mut self) -> Result<bool, OutOfBudget> {
        let mut improved = false;
        let mut at = 0;
        'pass: loop {
            let cands = G::shrink(&self.best);
            for (i, cand) in cands.into_iter().enumerate().skip(at) {
                if self.offer(cand)? {
                    improved = true;
                    at = i;
                    continue 'pass;
                }
            }
            return Ok(improved);
        }
    }

    /// Edits of the tape, taken up at the same position after a keep like
    /// the structural pass. Once the structural pass has brought the best
    /// input well below the tape's, only cuts of the tape are regenerated:
    /// its other edits give inputs about as large as the tape's, and a
    /// large tape has many of them, each costing a generation.
    fn tape_pass(&mut self) -> Result<bool, OutOfBudget> {
        let mut improved = false;
        let mut at = 0;
        'pass: loop {
            let Some((tape, profile, len)) = self.tape.clone() else {
                return Ok(improved);
            };
            let take = if len <= TAPE_RELEVANT * self.best_text.len() {
                usize::MAX
            } else {
                cut_lengths(tape.len()).len()
            };
            for (i, cand_tape) in tape_candidates(&tape).enumerate().take(take).skip(at) {
                let cand = G::generate(&mut Source::replay(cand_tape.clone()), profile);
                if self.offer(cand)? {
                    self.tape = Some((cand_tape, profile, self.best_text.len()));
                    improved = true;
                    at = i;
                    continue 'pass;
                }
            }
            return Ok(improved);
        }
    }
}

/// How many times larger than the best input the tape's input may be for
/// all the tape's edits to be tried.
const TAPE_RELEVANT: usize = 2;

/// The lengths a tape of `n` choices is cut to, shortest first: half, then
/// half of what is left, and so on. Choices past the end replay as 0, so
/// a cut re-draws the rest of the input in its simplest form.
fn cut_lengths(n: usize) -> Vec<usize> {
    let mut keeps = Vec::new();
    let mut keep = n / 2;
    while keep < n {
        keeps.push(keep);
        keep += (n - keep).div_ceil(2).max(1);
    }
    keeps
}

/// Tape edits, most aggressive first: cut the tail, delete spans, zero and
/// lower single choices.
fn tape_candidates(tape: &[u64]) -> impl Iterator<Item = Vec<u64>> + '_ {
    let n = tape.len();
    let cuts = cut_lengths(n).into_iter().map(move |k| tape[..k].to_vec());
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
    fn detail_of_finds_the_words_of_one_program() {
        let sig =
            "engine:ok cmd:a b:ok NO/YES; engine:ok cmd:c:crash; engine:ok cmd:d:ok case count";
        assert_eq!(detail_of(sig, "engine:ok", "cmd:a b"), Some("NO/YES"));
        assert_eq!(detail_of(sig, "engine:ok", "cmd:c"), None);
        assert_eq!(detail_of(sig, "engine:ok", "cmd:d"), Some("case count"));
        assert_eq!(detail_of(sig, "engine:budget", "cmd:d"), None);
        assert_eq!(detail_of(sig, "engine:ok", "cmd:e"), None);
    }

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
