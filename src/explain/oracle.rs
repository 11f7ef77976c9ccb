//! What the solvers of a finding do on inputs near its exemplar: does the
//! failure stay, does the program come right, or does it fail otherwise.
//! Programs cost a process per run, so where the format packs, several
//! inputs share one run, split back by case; a file whose runs cannot be
//! split (a crash, a timeout) is decided input by input, on `jobs` threads,
//! and so is every input of a program whose outcomes in a shared file did
//! not hold alone (it carries something from case to case).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::game::Game;
use crate::solver::{Limits, Run, SolverSpec};
use crate::verdict::{self, compare};

/// What the solvers did on one input, as an explanation asks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The finding's very signature: the failure is there.
    Keeps,
    /// Every solver agrees: the program is right.
    Right,
    /// Another divergence.
    Other(String),
    /// Not decided: a run was cut short (the time is up, an interrupt).
    Cut,
}

/// The most inputs one program run holds.
const MAX_FILE: usize = 32;

/// Runs a finding's solvers on inputs and says what each did.
pub struct Oracle<'a> {
    pub solvers: &'a [SolverSpec],
    pub signature: &'a str,
    pub limits: Limits,
    pub jobs: usize,
    /// Program runs made so far.
    pub runs: u64,
    /// Whether outcomes decided in a shared file hold when run alone: not
    /// for a program that carries something from one case to the next,
    /// where an input's outcome in a file depends on the inputs before
    /// it. `None` until checked, on the first file where an input is not
    /// right.
    pub packs_hold: Option<bool>,
}

/// How many inputs of a file, each kept or failing otherwise there, are
/// run alone again to check that packing holds (as the campaign confirms
/// a diverging case alone), once per finding: a whole file's worth, since
/// a case that carries something over spoils only the cases after it
/// that it touches (a xiangqi piece left where a later general moves).
const CHECKED: usize = MAX_FILE;

type Runs<O> = Vec<Option<Run<O>>>;

impl Oracle<'_> {
    fn programs(&self) -> bool {
        self.solvers.iter().any(SolverSpec::is_program)
    }

    fn outcome<G: Game>(&self, input: &G::Input, runs: &Runs<G::Output>) -> Outcome {
        let cut = runs.iter().flatten().any(|r| {
            r.result
                .as_ref()
                .is_err_and(|f| f.kind == crate::fault::FaultKind::Interrupted)
        });
        if cut {
            return Outcome::Cut;
        }
        match verdict::signature::<G>(self.solvers, input, runs).0 {
            None => Outcome::Right,
            Some(s) if s == self.signature => Outcome::Keeps,
            Some(s) => Outcome::Other(s),
        }
    }

    /// What the solvers do on each of `inputs` (valid ones), in order.
    pub fn decide<G: Game>(&mut self, inputs: &[(G::Input, String)]) -> Vec<Outcome> {
        let mut out: Vec<Option<Outcome>> = vec![None; inputs.len()];
        // A file holding an input that times out would time out as a whole.
        let packs = self.programs()
            && self.packs_hold != Some(false)
            && !(self.solvers.iter()).any(|s| verdict::times_out(self.signature, s));
        let mut alone = Vec::new();
        let mut at = 0;
        while at < inputs.len() {
            let (end, packed) = match packs {
                true => file::<G>(inputs, at),
                false => (at + 1, None),
            };
            match packed.and_then(|p| self.run_packed::<G>(&inputs[at..end], &p)) {
                Some(decided) if self.packs_hold.is_none() => {
                    if self.check_packing::<G>(&inputs[at..end], &decided) {
                        for (k, o) in decided.into_iter().enumerate() {
                            out[at + k] = Some(o);
                        }
                    } else {
                        alone.extend(at..inputs.len());
                        break;
                    }
                }
                Some(decided) => {
                    for (k, o) in decided.into_iter().enumerate() {
                        out[at + k] = Some(o);
                    }
                }
                None => alone.extend(at..end),
            }
            at = end;
        }
        for (i, o) in self.decide_alone::<G>(inputs, &alone) {
            out[i] = Some(o);
        }
        out.into_iter().map(|o| o.unwrap_or(Outcome::Cut)).collect()
    }

    /// Whether the outcomes `decided` of `members` in one file hold alone:
    /// those that were not right there (kept, or failing otherwise) are
    /// run alone again. The answer is kept for the rest of the finding; a
    /// file where every member came right says nothing yet.
    fn check_packing<G: Game>(
        &mut self,
        members: &[(G::Input, String)],
        decided: &[Outcome],
    ) -> bool {
        let which: Vec<usize> = (0..members.len())
            .filter(|&k| !matches!(decided[k], Outcome::Right | Outcome::Cut))
            .take(CHECKED)
            .collect();
        if which.is_empty() {
            return true;
        }
        let alone = self.decide_alone::<G>(members, &which);
        if alone.iter().any(|(_, o)| *o == Outcome::Cut) {
            return true;
        }
        let holds = alone.iter().all(|(k, o)| *o == decided[*k]);
        self.packs_hold = Some(holds);
        holds
    }

    /// The inputs of `inputs` at `which`, each run alone, side by side.
    fn decide_alone<G: Game>(
        &mut self,
        inputs: &[(G::Input, String)],
        which: &[usize],
    ) -> Vec<(usize, Outcome)> {
        let next = AtomicUsize::new(0);
        let done = Mutex::new(Vec::new());
        let jobs = match self.programs() {
            true => self.jobs.clamp(1, which.len().max(1)),
            false => 1,
        };
        let work = || loop {
            let k = next.fetch_add(1, Ordering::SeqCst);
            let Some(&i) = which.get(k) else {
                break;
            };
            let (input, text) = &inputs[i];
            let c = compare::<G>(self.solvers, input, text, &self.limits);
            let o = self.outcome::<G>(input, &c.runs);
            done.lock().unwrap_or_else(|p| p.into_inner()).push((i, o));
        };
        std::thread::scope(|scope| {
            for _ in 1..jobs {
                if std::thread::Builder::new()
                    .spawn_scoped(scope, work)
                    .is_err()
                {
                    break;
                }
            }
            work();
        });
        let programs = self.solvers.iter().filter(|s| s.is_program()).count();
        self.runs += (which.len() * programs) as u64;
        done.into_inner().unwrap_or_else(|p| p.into_inner())
    }

    /// Every solver once on `packed`, the file of `members`, split back
    /// by member; `None` when a run cannot be split.
    fn run_packed<G: Game>(
        &mut self,
        members: &[(G::Input, String)],
        packed: &G::Input,
    ) -> Option<Vec<Outcome>> {
        let text = G::render(packed);
        let c = compare::<G>(self.solvers, packed, &text, &self.limits);
        self.runs += self.solvers.iter().filter(|s| s.is_program()).count() as u64;
        let parts: Vec<&G::Input> = members.iter().map(|(i, _)| i).collect();
        let mut per: Vec<Runs<G::Output>> = vec![Vec::new(); members.len()];
        for run in &c.runs {
            match run {
                None => per.iter_mut().for_each(|p| p.push(None)),
                Some(Run { result: Ok(o), .. }) => {
                    let outs = G::unpack_output(&parts, o)?;
                    for (p, o) in per.iter_mut().zip(outs) {
                        p.push(Some(Run::answer(o)));
                    }
                }
                Some(_) => return None,
            }
        }
        Some(
            members
                .iter()
                .zip(&per)
                .map(|((input, _), runs)| self.outcome::<G>(input, runs))
                .collect(),
        )
    }
}

/// The inputs from `at` on that pack into one valid file, and that file
/// (`None` for one input alone).
fn file<G: Game>(inputs: &[(G::Input, String)], at: usize) -> (usize, Option<G::Input>) {
    let mut packed = inputs[at].0.clone();
    let mut end = at + 1;
    while end < inputs.len() && end - at < MAX_FILE {
        match G::pack(&[&packed, &inputs[end].0]) {
            Some(p) => packed = p,
            None => break,
        }
        end += 1;
    }
    match end - at > 1 && G::validate(&packed).is_ok() {
        true => (end, Some(packed)),
        false => (at + 1, None),
    }
}
