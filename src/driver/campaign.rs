//! The campaign loop: workers pull case indices, the collecting thread
//! tallies and stores what they find.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::case::{run_alone, run_case, settle_confirmed, Confirm};
use super::pack::run_block;
use super::signatures::report_signatures;
use super::{
    check_options, Agreed, Amount, Case, Ctx, Deferred, DiffOptions, Exemplar, Health, Outcome,
    Sample, Seen, Summary, Verdict, LIKE_AGREED, LIKE_SAMPLES,
};
use crate::corpus::{self, Stored};
use crate::game::Game;
use crate::interrupt;

/// Cases after which a solver that has answered none of them is named in
/// a warning (a wrong program, or one for another game?); the run goes
/// on, each of its faults a finding.
const FIRST_BATCH: u64 = 32;

pub(super) fn campaign<G: Game>(opts: &DiffOptions, files: &[PathBuf]) -> anyhow::Result<Summary> {
    check_options::<G>(opts)?;
    let start = Instant::now();
    let deadline = match opts.amount {
        Amount::Time(t) => Some(start + t),
        Amount::Cases(_) => None,
    };
    let ctx = Ctx::new(opts, files, deadline);
    let bar = progress_bar(opts);
    let tally = run_workers::<G>(&ctx, bar.as_ref());
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let tally = tally?;
    let interrupted = interrupt::stopped();
    let Tally {
        cases,
        compared,
        invalid,
        divergences,
        found,
        samples,
        agreed,
        health,
        first_stored,
        warned,
        pending: _,
    } = tally;
    if !warned {
        warn_silent::<G>(opts, &health, cases, None);
    }
    if !interrupted {
        if invalid > 0 && cases == 0 {
            let none = crate::game::InputError::NoneValid(invalid);
            return Err(anyhow::Error::new(none).context(G::ID));
        }
        anyhow::ensure!(cases > 0, "{}: no case was run (budget too small?)", G::ID);
        anyhow::ensure!(
            compared > 0,
            "{}: {cases} cases ran but no two solvers produced results on the same case",
            G::ID
        );
    }
    let elapsed = start.elapsed().as_secs_f64();
    let agreed: Vec<Agreed> = agreed.into_values().collect();
    let signatures = report_signatures::<G>(opts, found, &samples, &agreed, &first_stored)?;
    // Until the caller says what the corpus held ([`Summary::mark_known`]).
    let n = signatures.len() as u64;
    Ok(Summary {
        game: G::ID.name(),
        solvers: opts.solvers.iter().map(|s| s.to_string()).collect(),
        cases,
        compared,
        invalid,
        divergences,
        signatures,
        elapsed_s: elapsed,
        cases_per_s: cases as f64 / elapsed.max(1e-9),
        seed: opts.seed,
        profile: opts.profile.clone(),
        jobs: opts.jobs,
        pack: opts.pack,
        shard: (opts.shard.1 > 1).then(|| format!("{}/{}", opts.shard.0 + 1, opts.shard.1)),
        // An interrupt while shrinking ends the run early too.
        interrupted: interrupted || interrupt::stopped(),
        new_signatures: n,
        known_signatures: 0,
    })
}

/// Says, in one line, which solvers answered none of the first `cases`
/// cases although they ran: each fault of theirs is a finding all the
/// same, but a program that fails everything is likely the wrong one.
fn warn_silent<G: Game>(
    opts: &super::DiffOptions,
    health: &Health,
    cases: u64,
    bar: Option<&indicatif::ProgressBar>,
) {
    let Some(silent) = health.silent(&opts.solvers) else {
        return;
    };
    let line = format!(
        "warning: {}: {silent} answered none of the first {cases} cases (a wrong program, \
         or one for another game?); the run goes on and each fault is a finding",
        G::ID
    );
    match bar {
        Some(b) => b.println(line),
        None => crate::console::errln!("{line}"),
    }
}

/// Runs the campaign's cases on `opts.jobs` workers and tallies the results.
///
/// Workers pull case indices from one counter and stream results back: no
/// batch barrier, so a slow case (a port looping until its budget runs out)
/// never idles the other workers. This collecting thread stores every new
/// signature's exemplar at once, unshrunk, so a run killed at any moment
/// keeps its findings, and after [`FIRST_BATCH`] cases names the solvers
/// that have answered none of them.
fn run_workers<G: Game>(
    ctx: &Ctx,
    bar: Option<&indicatif::ProgressBar>,
) -> anyhow::Result<Tally<G::Input>> {
    let opts = ctx.opts;
    let next = AtomicU64::new(0);
    let more = |i: u64| {
        ctx.running()
            && (ctx.files.is_empty() || i < ctx.files.len() as u64)
            && opts.case_index(i).is_some_and(|index| match opts.amount {
                Amount::Cases(total) => index < total,
                Amount::Time(_) => true,
            })
    };
    let gate = Gate::default();
    let tally = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Vec<Outcome<G::Input>>>();
        let started = spawn_workers(scope, opts.jobs, &gate, || {
            let (tx, next, more) = (tx.clone(), &next, &more);
            move || worker::<G>(ctx, next, more, &tx)
        });
        drop(tx);
        started?;
        let mut tally = Tally::new();
        for outcome in rx.into_iter().flatten() {
            let case = match outcome {
                Outcome::Done(case) => case,
                // A worker takes up its deferred cases itself.
                Outcome::Dropped | Outcome::Deferred(_) => continue,
                Outcome::Invalid(why) => {
                    tally.invalid += 1;
                    let line = format!("{}: invalid input file {why}", G::ID);
                    match bar {
                        Some(b) => b.println(line),
                        None => crate::console::errln!("{line}"),
                    }
                    continue;
                }
            };
            if let Some(sig) = tally.add(case) {
                if let Some(b) = bar {
                    let seed = tally.found[&sig].seed;
                    b.println(format!("{}: new divergence [{sig}] at seed {seed}", G::ID));
                }
                if let Some(s) = store_found::<G>(opts, &sig, &tally.found[&sig]) {
                    tally.first_stored.insert(sig, s);
                }
            }
            if !tally.warned && tally.cases >= FIRST_BATCH {
                tally.warned = true;
                warn_silent::<G>(opts, &tally.health, tally.cases, bar);
            }
            if let Some(b) = bar {
                if tally.cases % 64 == 0 {
                    b.set_position(tally.cases);
                    b.set_message(format!(
                        "{} divergences, {} signatures",
                        tally.divergences,
                        tally.found.len()
                    ));
                }
            }
        }
        Ok(tally)
    });
    tally.map_err(|e: SpawnError| anyhow::anyhow!("{}: {e}", G::ID))
}

/// Starts `jobs` threads in `scope`, each running what `make` returns once
/// all have started. A thread that cannot start (the system is out of
/// threads or memory) is an error, not a panic: the ones started then end
/// without doing any work, so that their stacks are freed before the
/// error is put into words (there may be no memory to spare until then).
pub(super) fn spawn_workers<'scope, W: FnOnce() + Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    jobs: usize,
    gate: &'scope Gate,
    mut make: impl FnMut() -> W,
) -> Result<(), SpawnError> {
    let mut failed = None;
    for k in 0..jobs.max(1) {
        let work = make();
        let started = std::thread::Builder::new().spawn_scoped(scope, move || {
            if gate.wait() {
                work();
            }
        });
        if let Err(e) = started {
            failed = Some(SpawnError { k, jobs, e });
            break;
        }
    }
    gate.open(failed.is_none());
    failed.map_or(Ok(()), Err)
}

/// Holds the workers until every one has started; `open(false)` sends
/// them home.
#[derive(Default)]
pub(super) struct Gate {
    state: std::sync::Mutex<Option<bool>>,
    opened: std::sync::Condvar,
}

impl Gate {
    fn open(&self, go: bool) {
        *self.state.lock().unwrap_or_else(|p| p.into_inner()) = Some(go);
        self.opened.notify_all();
    }

    /// Whether to work, once the gate opens.
    fn wait(&self) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if let Some(go) = *state {
                return go;
            }
            state = self.opened.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// A worker thread that could not start: worded only once the others
/// have ended.
#[derive(Debug)]
pub(super) struct SpawnError {
    k: usize,
    jobs: usize,
    e: std::io::Error,
}

impl std::fmt::Display for SpawnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot start worker thread {} of {}: {} (try a smaller --jobs)",
            self.k + 1,
            self.jobs,
            self.e
        )
    }
}

/// Stores a finding's exemplar as it was found (not shrunk yet); a failure
/// is reported and the run goes on.
fn store_found<G: Game>(opts: &DiffOptions, sig: &str, ex: &Exemplar<G::Input>) -> Option<Stored> {
    let dir = opts.corpus.as_ref()?;
    corpus::store(dir, G::ID, &ex.text, ex.meta::<G>(sig, false))
        .map_err(|e| crate::console::errln!("warning: {}: storing [{sig}]: {e:#}", G::ID))
        .ok()
}

/// Results a worker holds back before sending them in one message.
const BATCH: usize = 256;
/// How long a worker holds back results at most.
const BATCH_TIME: Duration = Duration::from_millis(100);

/// One worker: takes blocks of case indices until `more` says stop, and
/// sends back their results. A new exemplar or an invalid file is sent at
/// once (a killed run keeps its findings); cases that only count go in
/// batches, which keeps the collecting thread and its wake-ups off the
/// per-case path. Cases deferred until another worker's verdict on their
/// signature are taken up after each block, and waited for at the end.
pub(super) fn worker<G: Game>(
    ctx: &Ctx,
    next: &AtomicU64,
    more: &impl Fn(u64) -> bool,
    tx: &mpsc::Sender<Vec<Outcome<G::Input>>>,
) {
    let block = ctx.opts.pack.max(1) as u64;
    let mut seen = Seen::default();
    let mut batch = Vec::new();
    let mut sent = Instant::now();
    let mut deferred = Vec::new();
    loop {
        // Blocks start at multiples of `block`, whatever the number of
        // workers, so a pack is the same in every run.
        let first = next.fetch_add(block, Ordering::Relaxed);
        let local: Vec<u64> = (first..first + block).take_while(|&i| more(i)).collect();
        let last = local.is_empty();
        let mut results = match local.len() {
            0 if deferred.is_empty() => break,
            0 => Vec::new(),
            1 => vec![run_case::<G>(ctx, &seen, local[0])],
            _ => run_block::<G>(ctx, &mut seen, &local),
        };
        take_up::<G>(ctx, &seen, &mut results, &mut deferred, last);
        // A block's files need not run its cases in order, so a case only
        // counted may come before the exemplar its count belongs to: the
        // exemplars go first, or the collector could not place the count.
        results.sort_by_key(
            |r| !matches!(r, Outcome::Done(c) if c.finding.as_ref().is_some_and(|f| f.1.is_some())),
        );
        let mut urgent = false;
        for r in &results {
            seen.note(r);
            urgent |= match r {
                Outcome::Done(c) => c.finding.as_ref().is_some_and(|f| f.1.is_some()),
                Outcome::Invalid(_) => true,
                Outcome::Dropped | Outcome::Deferred(_) => false,
            };
        }
        batch.extend(results);
        if urgent || batch.len() >= BATCH || sent.elapsed() >= BATCH_TIME {
            if tx.send(std::mem::take(&mut batch)).is_err() {
                return;
            }
            sent = Instant::now();
        }
    }
    if !batch.is_empty() {
        let _ = tx.send(batch);
    }
}

/// Moves the deferred cases among `results` to `deferred`, and those of
/// `deferred` whose signature has its verdict to `results`: counted under
/// a confirmed signature, run again under a refuted one (which may defer
/// them again). With `wait`, waits for the verdicts still pending.
fn take_up<G: Game>(
    ctx: &Ctx,
    seen: &Seen,
    results: &mut Vec<Outcome<G::Input>>,
    deferred: &mut Vec<Deferred<G::Input>>,
    wait: bool,
) {
    let mut i = 0;
    while i < results.len() {
        if let Outcome::Deferred(_) = results[i] {
            let Outcome::Deferred(d) = results.swap_remove(i) else {
                unreachable!("matched above");
            };
            deferred.push(*d);
        } else {
            i += 1;
        }
    }
    // A worker's own confirming runs first: another worker may be waiting
    // for their verdicts, and this one may wait for theirs below.
    deferred.sort_by_key(|d| d.confirming.is_none());
    let mut waiting = Vec::new();
    for mut d in deferred.drain(..) {
        if let Some(run) = d.confirming.take() {
            match wait || run.is_finished() {
                true => results.push(settle_confirmed::<G>(ctx, seen, d, run)),
                false => {
                    d.confirming = Some(run);
                    waiting.push(d);
                }
            }
            continue;
        }
        match ctx.verdict(&d.sig, wait) {
            Verdict::Confirmed => results.push(Outcome::Done(d.counted)),
            // Confirmed here, not aside: a case deferred after this one may
            // wait below for the verdict this run gives.
            Verdict::Open if ctx.running() => {
                match run_alone::<G>(ctx, seen, d.drawn, Confirm::Here) {
                    Outcome::Deferred(again) => waiting.push(*again),
                    r => results.push(r),
                }
            }
            Verdict::Open => results.push(Outcome::Dropped),
            Verdict::Pending => waiting.push(d),
        }
    }
    *deferred = waiting;
}

/// The counts of a run so far and the smallest exemplar of each signature.
struct Tally<I> {
    cases: u64,
    compared: u64,
    invalid: u64,
    divergences: u64,
    found: BTreeMap<String, Exemplar<I>>,
    /// Up to [`LIKE_SAMPLES`] diverging cases of each signature.
    samples: BTreeMap<String, Vec<Sample>>,
    /// The [`LIKE_AGREED`] cases (or packed files) of smallest seed on
    /// which every solver agreed, whichever worker ran them.
    agreed: BTreeMap<u64, Agreed>,
    health: Health,
    /// What storing each signature did when it was first seen.
    first_stored: BTreeMap<String, Stored>,
    /// Whether the solvers that answered nothing have been named.
    warned: bool,
    /// Cases only counted under a signature whose exemplar has not come
    /// yet: a worker may count cases cut at a calibrated limit under a
    /// signature another worker has just confirmed, before that worker's
    /// exemplar reaches this thread. They count once it comes.
    pending: BTreeMap<String, Pending>,
}

/// The cases counted under one signature that has no exemplar yet.
#[derive(Default)]
struct Pending {
    cases: u64,
    compared: u64,
}

impl<I> Tally<I> {
    fn new() -> Self {
        Tally {
            cases: 0,
            compared: 0,
            invalid: 0,
            divergences: 0,
            found: BTreeMap::new(),
            samples: BTreeMap::new(),
            agreed: BTreeMap::new(),
            health: Health::default(),
            first_stored: BTreeMap::new(),
            warned: false,
            pending: BTreeMap::new(),
        }
    }

    /// Counts one case; returns the signature of a finding whose signature
    /// is new to the run.
    fn add(&mut self, case: Case<I>) -> Option<String> {
        self.health.merge(case.health);
        if let Some((seed, text)) = case.agreed.map(|a| *a) {
            self.agreed.insert(seed, text);
            if self.agreed.len() > LIKE_AGREED {
                self.agreed.pop_last();
            }
        }
        if let Some((sig, None)) = &case.finding {
            if !self.found.contains_key(sig) {
                let p = self.pending.entry(sig.clone()).or_default();
                p.cases += 1;
                p.compared += u64::from(case.compared);
                return None;
            }
        }
        self.cases += 1;
        self.compared += u64::from(case.compared);
        let (sig, ex) = case.finding?;
        self.divergences += 1;
        if let Some(sample) = case.sample {
            let kept = self.samples.entry(sig.clone()).or_default();
            if kept.len() < LIKE_SAMPLES {
                kept.push(*sample);
            }
        }
        match (self.found.get_mut(&sig), ex) {
            (Some(old), ex) => {
                let count = old.count + 1;
                if let Some(ex) = ex.filter(|ex| {
                    (ex.text.len(), &ex.text, ex.seed) < (old.text.len(), &old.text, old.seed)
                }) {
                    *old = ex;
                }
                old.count = count;
                None
            }
            (None, Some(mut ex)) => {
                if let Some(p) = self.pending.remove(&sig) {
                    self.cases += p.cases;
                    self.compared += p.compared;
                    self.divergences += p.cases;
                    ex.count += p.cases;
                }
                self.found.insert(sig.clone(), ex);
                Some(sig)
            }
            (None, None) => unreachable!("held as pending above"),
        }
    }
}

fn progress_bar(opts: &DiffOptions) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !opts.progress || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = match opts.amount {
        Amount::Cases(n) => indicatif::ProgressBar::new(n),
        Amount::Time(_) => indicatif::ProgressBar::new_spinner(),
    };
    let style = match opts.amount {
        Amount::Cases(_) => "{spinner} {pos}/{len} cases [{elapsed}] {msg}",
        Amount::Time(_) => "{spinner} {pos} cases [{elapsed}] {msg}",
    };
    bar.set_style(indicatif::ProgressStyle::with_template(style).expect("valid template"));
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}
