//! The search for the first divergence of a campaign (`package against`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::campaign::{spawn_workers, worker, Gate, SpawnError};
use super::{check_options, Amount, Ctx, DiffOptions, Outcome, PACKED};
use crate::game::Game;
use crate::interrupt;

/// The divergent case of smallest campaign index, found by
/// [`first_divergence`].
#[derive(Debug, Clone)]
pub struct FirstDivergence<I> {
    pub index: u64,
    pub seed: u64,
    pub profile: &'static str,
    /// The signature, without the `packed: ` mark (see `packed`).
    pub signature: String,
    pub input: I,
    /// No case diverges alone, only the file of cases packed from `index`
    /// on (the program keeps state between cases); `input` is that file.
    pub packed: bool,
}

/// What [`first_divergence`] ran and found.
#[derive(Debug, Clone)]
pub struct FirstRun<I> {
    pub cases: u64,
    pub elapsed: Duration,
    pub found: Option<FirstDivergence<I>>,
}

/// Runs a campaign until its first divergence, on the workers and blocks
/// of [`diff`]. The case reported is the divergent one of smallest campaign
/// index, and only once every smaller index has run: blocks are pulled in
/// order, none is pulled past a divergence, and a time budget is checked
/// only where a block starts, so blocks are always whole and packed alike.
/// Which case is found therefore depends on the options alone, never on
/// timing or the number of workers; timing only decides whether the budget
/// reaches it. Findings are neither shrunk nor stored.
pub fn first_divergence<G: Game>(opts: &DiffOptions) -> anyhow::Result<FirstRun<G::Input>> {
    check_options::<G>(opts)?;
    anyhow::ensure!(
        opts.shard.1 == 1,
        "a search for the first divergence is not sharded"
    );
    let start = Instant::now();
    // No deadline inside blocks: time is checked only where one starts.
    let ctx = Ctx::new(opts, &[], None);
    let block = opts.pack.max(1) as u64;
    let bound = AtomicU64::new(u64::MAX);
    let next = AtomicU64::new(0);
    let more = |i: u64| {
        !interrupt::stopped()
            && i <= bound.load(Ordering::Relaxed)
            && match opts.amount {
                Amount::Cases(total) => i < total,
                Amount::Time(t) => !i.is_multiple_of(block) || start.elapsed() < t,
            }
    };
    let gate = Gate::default();
    let run = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Vec<Outcome<G::Input>>>();
        let started = spawn_workers(scope, opts.jobs, &gate, || {
            let (tx, next, more, ctx) = (tx.clone(), &next, &more, &ctx);
            move || worker::<G>(ctx, next, more, &tx)
        });
        drop(tx);
        started?;
        let mut cases = 0u64;
        let mut best: Option<FirstDivergence<G::Input>> = None;
        for outcome in rx.into_iter().flatten() {
            let Outcome::Done(case) = outcome else {
                continue;
            };
            cases += 1;
            let Some((sig, Some(ex))) = case.finding else {
                continue;
            };
            let index = ex.seed.wrapping_sub(opts.seed);
            bound.fetch_min(index, Ordering::Relaxed);
            if best.as_ref().is_none_or(|b| index < b.index) {
                best = Some(FirstDivergence {
                    index,
                    seed: ex.seed,
                    profile: ex.profile,
                    signature: sig.strip_prefix(PACKED).unwrap_or(&sig).to_string(),
                    input: ex.input,
                    packed: ex.packed.is_some(),
                });
            }
        }
        Ok((cases, best))
    });
    let (cases, found) = run.map_err(|e: SpawnError| anyhow::anyhow!("{}: {e}", G::ID))?;
    Ok(FirstRun {
        cases,
        elapsed: start.elapsed(),
        found,
    })
}
