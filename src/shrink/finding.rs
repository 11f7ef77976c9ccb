//! Shrinking a finding between solvers: which candidates keep its
//! signature, with as few program runs as the answers allow.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{shrink_with, Judge, ShrinkLimits, Shrunk};
use crate::fault::FaultKind;
use crate::game::Game;
use crate::solver::{self, Limits, Run, SolverSpec};
use crate::verdict::{self, compare};

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
/// the signature (see [`Prefilter`]); the programs run only on the rest,
/// and where the format packs, on several of them in one file (see
/// `FindingJudge::first_kept`).
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
    let is_cmd = |i: &usize| solvers[*i].is_program();
    let (programs, in_process): (Vec<usize>, Vec<usize>) = (0..solvers.len()).partition(is_cmd);
    // A file holding a candidate that keeps a program's timeout times out
    // as a whole, and its members are then run alone all the same: one
    // run wasted per batch.
    let packs = !(programs.iter()).any(|&i| verdict::times_out(signature, &solvers[i]));
    let mut judge = FindingJudge::<G> {
        solvers,
        signature,
        limits,
        in_specs: in_process.iter().map(|&i| solvers[i].clone()).collect(),
        in_process,
        programs,
        packs,
        jobs: bounds.jobs.max(1),
        prefilter,
        program_runs,
        kept: None,
        cut_short: false,
    };
    let mut shrunk = shrink_with::<G, _>(input, tape, &mut judge, bounds);
    shrunk.cost.program_runs = judge.program_runs;
    (shrunk, judge.kept)
}

/// The most candidates packed into one program run.
const MAX_FILE: usize = 32;

/// Decides candidates by the solvers' signature on them.
struct FindingJudge<'a, G: Game> {
    solvers: &'a [SolverSpec],
    signature: &'a str,
    limits: &'a Limits,
    in_process: Vec<usize>,
    in_specs: Vec<SolverSpec>,
    programs: Vec<usize>,
    /// Whether candidates run several to a file (see [`shrink_finding`]).
    packs: bool,
    /// How many candidates that run alone may run at once.
    jobs: usize,
    prefilter: Option<Prefilter>,
    program_runs: u64,
    /// The runs on the last candidate kept.
    kept: Option<Runs<G::Output>>,
    /// A run was cut short: the shrink's time is up (or an interrupt).
    cut_short: bool,
}

impl<G: Game> Judge<G> for FindingJudge<'_, G> {
    fn redraws(&self) -> u64 {
        match self.programs.is_empty() {
            true => G::REDRAWS,
            false => super::PROGRAM_REDRAWS.min(G::REDRAWS),
        }
    }

    fn batches(&self) -> bool {
        !self.programs.is_empty()
    }

    /// Candidates that run alone run `jobs` at once; packed ones are
    /// cheapest one file at a time, as many as it holds.
    fn min_batch(&self) -> usize {
        match self.programs.is_empty() {
            true => 1,
            false => self.jobs,
        }
    }

    fn cut_short(&self) -> bool {
        self.cut_short
    }

    /// In-process runs and the pre-check first, for all of `cands`; then
    /// the programs on the rest, in order: consecutive candidates that
    /// pack run as one file, split back by candidate, and a candidate that
    /// keeps the signature there is confirmed alone, as `diff --pack`
    /// confirms a packed divergence. So the one kept is the first that
    /// keeps it alone, as when deciding one by one, provided the program
    /// answers a case of a file as it answers it alone (what packing
    /// assumes); a file that cannot be split is decided member by member.
    fn first_kept(&mut self, cands: &[(G::Input, String)]) -> Option<usize> {
        let mut pending = Vec::new();
        for (i, (cand, text)) in cands.iter().enumerate() {
            let Some(runs) = self.in_process_runs(cand, text) else {
                continue;
            };
            if (self.prefilter.as_ref()).is_some_and(|p| !p.may_keep::<G>(cand, &runs)) {
                continue;
            }
            if self.programs.is_empty() {
                if self.keeps(cand, runs) {
                    return Some(i);
                }
                continue;
            }
            pending.push((i, runs));
        }
        let mut at = 0;
        while at < pending.len() {
            let (end, packed) = self.file(cands, &pending, at);
            if end == at + 1 {
                // A stretch of candidates that run alone: side by side.
                let mut stop = end;
                while stop < pending.len() && self.file(cands, &pending, stop).0 == stop + 1 {
                    stop += 1;
                }
                if let Some(i) = self.first_kept_alone(cands, &pending[at..stop]) {
                    return Some(i);
                }
                at = stop;
                continue;
            }
            let split = self.run_packed(cands, &pending[at..end], &packed);
            for (j, (i, runs)) in pending[at..end].iter().enumerate() {
                let cand = &cands[*i];
                if split.as_ref().is_some_and(|s| !self.same(&cand.0, &s[j])) {
                    continue;
                }
                let mut runs = runs.clone();
                self.run_programs(&cand.0, &cand.1, &mut runs);
                if self.keeps(&cand.0, runs) {
                    return Some(*i);
                }
            }
            at = end;
        }
        None
    }
}

impl<G: Game> FindingJudge<'_, G> {
    /// The in-process runs, as `compare` runs them (the port's budget
    /// follows the engine's), indexed like all the solvers. Without
    /// programs, `None` when the engine, as first solver, already rules
    /// the candidate out (as [`Prefilter`] does with programs): the other
    /// solvers are not run then.
    fn in_process_runs(&self, cand: &G::Input, text: &str) -> Option<Runs<G::Output>> {
        let others: Vec<String> = match self.programs.is_empty() {
            true => self.solvers[1..].iter().map(|s| s.to_string()).collect(),
            false => Vec::new(),
        };
        let stop = |first: &Run<G::Output>| {
            !others.is_empty()
                && !first_fits::<G>(self.signature, &self.solvers[0], &others, cand, first)
        };
        let done = solver::run_all_unless::<G>(&self.in_specs, cand, text, self.limits, stop)?;
        let mut runs: Runs<G::Output> = vec![None; self.solvers.len()];
        for (&i, run) in self.in_process.iter().zip(done) {
            runs[i] = run;
        }
        Some(runs)
    }

    fn run_programs(&mut self, cand: &G::Input, text: &str, runs: &mut Runs<G::Output>) {
        for &i in &self.programs {
            self.program_runs += 1;
            runs[i] = solver::run::<G>(&self.solvers[i], cand, text, self.limits);
        }
    }

    /// The first of `members` (candidates that each run alone, with their
    /// in-process runs) that keeps the signature, its programs run on up to
    /// `jobs` threads: candidates are taken in order and none is taken past
    /// one known to keep, so every candidate before the one kept is decided
    /// and the one kept is the one deciding them in turn finds.
    fn first_kept_alone(
        &mut self,
        cands: &[(G::Input, String)],
        members: &[(usize, Runs<G::Output>)],
    ) -> Option<usize> {
        let next = AtomicUsize::new(0);
        let first = AtomicUsize::new(usize::MAX);
        let slots: Vec<Mutex<Option<Runs<G::Output>>>> =
            members.iter().map(|_| Mutex::new(None)).collect();
        let (solvers, programs, limits) = (self.solvers, &self.programs, self.limits);
        let work = || loop {
            let j = next.fetch_add(1, Ordering::SeqCst);
            if j >= members.len() || j > first.load(Ordering::SeqCst) {
                break;
            }
            let (i, runs) = &members[j];
            let (cand, text) = &cands[*i];
            let mut runs = runs.clone();
            for &p in programs {
                runs[p] = solver::run::<G>(&solvers[p], cand, text, limits);
            }
            let (sig, _) = verdict::signature::<G>(solvers, cand, &runs);
            if sig.as_deref() == Some(self.signature) {
                first.fetch_min(j, Ordering::SeqCst);
            }
            *slots[j].lock().unwrap_or_else(|p| p.into_inner()) = Some(runs);
        };
        std::thread::scope(|scope| {
            // A thread that cannot start leaves its share to the others.
            for _ in 1..self.jobs.min(members.len()) {
                if std::thread::Builder::new()
                    .spawn_scoped(scope, work)
                    .is_err()
                {
                    break;
                }
            }
            work();
        });
        let done: Vec<Option<Runs<G::Output>>> = slots
            .into_iter()
            .map(|s| s.into_inner().unwrap_or_else(|p| p.into_inner()))
            .collect();
        self.program_runs += (done.iter().flatten().count() * programs.len()) as u64;
        for ((i, _), runs) in members.iter().zip(done) {
            // Every member before the first that keeps has run.
            let runs = runs?;
            if self.keeps(&cands[*i].0, runs) {
                return Some(*i);
            }
        }
        None
    }

    fn same(&mut self, cand: &G::Input, runs: &Runs<G::Output>) -> bool {
        let cut = |r: &Run<G::Output>| {
            r.result
                .as_ref()
                .is_err_and(|f| f.kind == FaultKind::Interrupted)
        };
        self.cut_short |= runs.iter().flatten().any(cut);
        verdict::signature::<G>(self.solvers, cand, runs)
            .0
            .as_deref()
            == Some(self.signature)
    }

    /// Whether `runs` keep the signature; they are the result's if so.
    ///
    /// A run cut at a calibrated limit decides nothing alone, as in a
    /// campaign: it is run again at the full limit. Where the cut keeps the
    /// signature (a program merely slow on a busy machine would make any
    /// smaller input a timeout), and where it loses it: the same slow
    /// program would lose a candidate that keeps the signature, and the
    /// shrink would end elsewhere on a busy machine than on a quiet one.
    /// Once a run at the full limit has timed out (in the campaign or in a
    /// shrink), a program is known to hang, and a cut that loses the
    /// signature is taken as it is: a program that hangs on many
    /// candidates would cost a whole time limit for each.
    fn keeps(&mut self, cand: &G::Input, runs: Runs<G::Output>) -> bool {
        let same = self.same(cand, &runs);
        let cut = runs.iter().flatten().any(|r| r.cut_early);
        let hangs = || (self.limits.calibration.as_ref()).is_some_and(|c| c.hung());
        let runs = match (cut, same) {
            (false, false) => return false,
            (false, true) => runs,
            (true, false) if hangs() => return false,
            (true, _) => {
                let full = self.limits.full();
                let c = verdict::compare::<G>(self.solvers, cand, &G::render(cand), &full);
                self.program_runs += self.programs.len() as u64;
                if !self.same(cand, &c.runs) {
                    return false;
                }
                c.runs
            }
        };
        self.kept = Some(runs);
        true
    }

    /// The candidates `pending[at..end]` that pack into one valid file,
    /// and that file.
    fn file(
        &self,
        cands: &[(G::Input, String)],
        pending: &[(usize, Runs<G::Output>)],
        at: usize,
    ) -> (usize, G::Input) {
        let mut packed = cands[pending[at].0].0.clone();
        let mut end = at + 1;
        while self.packs && end < pending.len() && end - at < MAX_FILE {
            let next = &cands[pending[end].0].0;
            match G::pack(&[&packed, next]) {
                Some(p) => packed = p,
                None => break,
            }
            end += 1;
        }
        // `G::pack` promises a valid file; one that is not (a bug of the
        // harness) must not reach a program: decide the first alone.
        if end - at > 1 && G::validate(&packed).is_err() {
            debug_assert!(false, "an invalid packed file");
            return (at + 1, cands[pending[at].0].0.clone());
        }
        (end, packed)
    }

    /// Each member's runs with the programs' answers on `packed` split
    /// back; `None` when a program's run cannot be split.
    fn run_packed(
        &mut self,
        cands: &[(G::Input, String)],
        members: &[(usize, Runs<G::Output>)],
        packed: &G::Input,
    ) -> Option<Vec<Runs<G::Output>>> {
        let parts: Vec<&G::Input> = members.iter().map(|(i, _)| &cands[*i].0).collect();
        let text = G::render(packed);
        let mut split: Vec<Runs<G::Output>> = members.iter().map(|(_, r)| r.clone()).collect();
        for &i in &self.programs {
            self.program_runs += 1;
            let run = solver::run::<G>(&self.solvers[i], packed, &text, self.limits)?;
            let outs = G::unpack_output(&parts, run.result.as_ref().ok()?)?;
            for (runs, out) in split.iter_mut().zip(outs) {
                runs[i] = Some(Run::answer(out));
            }
        }
        Some(split)
    }
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
        let is_cmd = |s: &SolverSpec| s.is_program();
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
        if !first_fits::<G>(&self.signature, &self.specs[0], &self.programs, input, base) {
            return false;
        }
        match &self.parts {
            Some(parts) => self.in_process_parts::<G>(input, runs) == *parts,
            None => true,
        }
    }
}

/// Whether `base`, the run of the first solver (`first`) on `input`, can
/// begin `signature` against each of `others` (named as signatures name
/// solvers): every part of a signature starts with the first solver and
/// its class, and a part that words how an answer differs needs a first
/// answer from which that difference can show at all
/// ([`Game::could_differ`]).
fn first_fits<G: Game>(
    signature: &str,
    first: &SolverSpec,
    others: &[String],
    input: &G::Input,
    base: &Run<G::Output>,
) -> bool {
    let head = format!("{first}:{}", base.class());
    let class_fits = signature
        .strip_prefix(&head)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ';']));
    let Ok(a) = &base.result else {
        return class_fits;
    };
    class_fits
        && others
            .iter()
            .all(|o| detail_of(signature, &head, o).is_none_or(|d| G::could_differ(input, a, d)))
}

/// How the part of `signature` that compares `spec` with the first solver
/// (`head`: its name and class) words their difference, where it does.
fn detail_of<'s>(signature: &'s str, head: &str, spec: &str) -> Option<&'s str> {
    let key = format!("{head} {spec}:");
    let rest = &signature[signature.find(&key)? + key.len()..];
    let part = rest.split(&format!("; {head} ")).next()?;
    part.split_once(' ').map(|(_, detail)| detail)
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
}
