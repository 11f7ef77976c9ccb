//! generate → run solvers → compare → classify → store → shrink → store.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::corpus::{self, SolverRecord};
use crate::game::{parse_valid, Game};
use crate::interrupt;
use crate::shrink::ShrinkLimits;
use crate::solver::{Limits, Run, SolverSpec};
use crate::verdict::smaller;

mod campaign;
mod case;
mod first;
mod pack;
mod signatures;

pub use crate::explain::catalogue::{LIKE_AGREED, LIKE_SAMPLES};
use crate::explain::{Agreed, Explanation, Sample};
pub use first::{first_divergence, FirstDivergence, FirstRun};
pub use pack::pack_groups;
pub use signatures::{file_repro_command, repro_command};

/// How long a `diff` runs.
#[derive(Debug, Clone, Copy)]
pub enum Amount {
    Cases(u64),
    Time(Duration),
}

/// Everything `diff` needs besides the game.
#[derive(Debug, Clone)]
pub struct DiffOptions {
    pub solvers: Vec<SolverSpec>,
    pub amount: Amount,
    /// Case `i` uses seed `seed + i`.
    pub seed: u64,
    /// `None` rotates through every profile of the game, case by case.
    pub profile: Option<String>,
    pub jobs: usize,
    /// Where findings are stored (`<dir>/<game>/`); `None` stores nothing.
    pub corpus: Option<PathBuf>,
    pub limits: Limits,
    /// `time` bounds all the shrinking of the run, shared between its
    /// signatures; `candidates` bounds each signature's shrink.
    pub shrink: ShrinkLimits,
    /// What explaining the run's signatures may take in all, after they are
    /// shrunk, shared between them (zero: no explanation).
    pub explain: Duration,
    /// Whether the explanation runs the programs on inputs one edit away
    /// from each exemplar (what matters, the smallest change); without,
    /// it is the catalogue and the rules involved, from the run's own
    /// inputs, at no program run.
    pub vary: bool,
    pub progress: bool,
    /// Up to this many consecutive cases are packed into one input file per
    /// run (games whose format allows it); 1 runs one process per case.
    pub pack: usize,
    /// `(i, n)`: run only the cases whose campaign index is `i` modulo `n`
    /// (0-based `i`); `(0, 1)` runs everything.
    pub shard: (u64, u64),
}

impl DiffOptions {
    /// The campaign index of the `i`-th case this run (or shard) executes:
    /// shard `i` of `n` runs campaign cases `i, i + n, i + 2n, ...`; `None`
    /// past the last index there is, so that no index comes twice and a
    /// shard of a huge `n` ends.
    pub fn case_index(&self, i: u64) -> Option<u64> {
        let (k, n) = self.shard;
        i.checked_mul(n.max(1))?.checked_add(k)
    }

    /// The per-case seed of campaign case `index`.
    pub fn case_seed(&self, index: u64) -> u64 {
        self.seed.wrapping_add(index)
    }
}

/// How the exemplar a report gives for a signature came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShrinkState {
    /// Shrunk until no candidate was smaller.
    Shrunk,
    /// Shrinking stopped early (`shrink_note` says why).
    Partly,
    /// Not shrunk (`shrink_note` says why).
    NotShrunk,
    /// The corpus holds a shrunk exemplar at least as small: not shrunk again.
    Known,
}

/// A fault of one solver on a finding's exemplar.
#[derive(Debug, Clone, Serialize)]
pub struct FaultNote {
    pub solver: String,
    pub fault: String,
    /// The end of the program's stderr, if it wrote any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
}

impl FaultNote {
    fn of(records: &[SolverRecord]) -> Vec<FaultNote> {
        records
            .iter()
            .filter_map(|r| {
                r.fault.as_ref().map(|f| FaultNote {
                    solver: r.solver.clone(),
                    fault: f.to_string(),
                    stderr: r.stderr.clone(),
                })
            })
            .collect()
    }

    /// One line: the fault and the last line of stderr.
    fn line(&self) -> String {
        let last = self
            .stderr
            .as_deref()
            .and_then(|e| e.lines().rev().find(|l| !l.trim().is_empty()));
        match last {
            Some(l) => format!("{}; stderr: {}", self.fault, clip(l.trim(), 200)),
            None => self.fault.clone(),
        }
    }
}

/// The first `max` bytes of `s` (on a character boundary), marked when cut.
fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

/// One distinct signature seen in a run.
#[derive(Debug, Clone, Serialize)]
pub struct SignatureReport {
    pub signature: String,
    pub count: u64,
    /// The per-case seed and profile of the smallest exemplar found; a
    /// judge input file has none (`file` instead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The judge input file (`diff --inputs`) of the smallest exemplar found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Rendered size of the smallest exemplar found, in bytes.
    pub found_bytes: usize,
    /// Size of the exemplar reported: after shrinking (equal to
    /// `found_bytes` when not shrunk), or of the stored one when `known`.
    pub shrunk_bytes: usize,
    pub shrink: ShrinkState,
    /// Why shrinking stopped early or did not happen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shrink_note: Option<&'static str>,
    /// The command that shows the reported exemplar: the stored corpus
    /// file where there is one, else the seed (or file, or pack) command.
    pub repro: String,
    /// What `repro` rebuilds: `reported` (the input shown) or `unshrunk
    /// original` (the input as found, when the shrunk one is not stored).
    pub repro_rebuilds: &'static str,
    /// The seed (or file, or pack) command, where `repro` is the stored
    /// file and the input as found differs from it: it rebuilds the
    /// unshrunk original.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_repro: Option<String>,
    /// The signature was not in the corpus before the run ([`Summary::mark_known`]).
    pub new: bool,
    /// Corpus file and what storing it did.
    pub corpus: Option<String>,
    pub corpus_status: Option<&'static str>,
    /// The divergence shows only when cases run packed in one file (no case
    /// diverges alone: state kept between cases); `seed` and `profile` are
    /// then those of the pack's first case.
    pub packed: bool,
    /// The faults on the reported exemplar, with the end of each program's
    /// stderr.
    pub faults: Vec<FaultNote>,
    /// The engine's rule events on the reported exemplar (`Game::rule_hits`):
    /// the rules a program that disagrees may get wrong.
    pub rules: Vec<RuleHits>,
    /// What the explanation stage established (`explain`): the rules
    /// involved, what matters in the exemplar, the nearest input on which
    /// the program is right, the catalogue; absent with no explain time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<Explanation>,
    /// The reported exemplar's text, for the reports that show it; the JSON
    /// summary leaves it out (it may be megabytes), `corpus` names its file.
    #[serde(skip)]
    pub input: String,
    /// What every solver did on the reported exemplar.
    #[serde(skip)]
    pub records: Vec<SolverRecord>,
}

/// How often the engine applied one rule on an input.
#[derive(Debug, Clone, Serialize)]
pub struct RuleHits {
    pub rule: &'static str,
    pub hits: u64,
}

impl RuleHits {
    /// The rules `G`'s engine applies on `text`, in `G::RULES` order; none
    /// when `text` is not a valid input.
    pub fn of<G: Game>(text: &str) -> Vec<RuleHits> {
        parse_valid::<G>(text).map_or_else(|_| Vec::new(), |i| Self::of_input::<G>(&i))
    }

    /// The rules `G`'s engine applies on `input`, in `G::RULES` order.
    pub fn of_input<G: Game>(input: &G::Input) -> Vec<RuleHits> {
        G::RULES
            .iter()
            .zip(G::rule_hits(input))
            .filter(|(_, n)| *n > 0)
            .map(|(r, hits)| RuleHits { rule: r.name, hits })
            .collect()
    }
}

/// The result of a `diff` run over one game.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub game: &'static str,
    pub solvers: Vec<String>,
    /// Cases run to the end (a case cut short by an interrupt, or left
    /// unconfirmed when the time ran out, is not counted).
    pub cases: u64,
    /// Cases in which at least two solvers produced a result to compare.
    pub compared: u64,
    /// Judge input files (`diff --inputs`) refused as invalid, not run.
    pub invalid: u64,
    pub divergences: u64,
    pub signatures: Vec<SignatureReport>,
    pub elapsed_s: f64,
    pub cases_per_s: f64,
    pub seed: u64,
    pub profile: Option<String>,
    pub jobs: usize,
    pub pack: usize,
    /// `I/N` when the run was one shard of a campaign.
    pub shard: Option<String>,
    /// The run was stopped by an interrupt (SIGINT, SIGTERM, SIGHUP).
    pub interrupted: bool,
    /// Of `signatures`, those the corpus did not hold before the run, and
    /// those it did ([`Summary::mark_known`]).
    pub new_signatures: u64,
    pub known_signatures: u64,
}

impl Summary {
    /// Marks each signature new or known: known when `known` (the corpus's
    /// signatures as they were before the run) holds it, as the corpus
    /// stores it (a packed-only one without its mark).
    pub fn mark_known(&mut self, known: &std::collections::BTreeSet<String>) {
        for r in &mut self.signatures {
            let stored = r.signature.strip_prefix(PACKED).unwrap_or(&r.signature);
            r.new = !known.contains(stored);
        }
        self.new_signatures = self.signatures.iter().filter(|r| r.new).count() as u64;
        self.known_signatures = self.signatures.len() as u64 - self.new_signatures;
    }
}

/// The signatures the corpus under `root` holds for `G` now; none when
/// there is no corpus.
pub fn known_signatures<G: Game>(
    root: &std::path::Path,
) -> anyhow::Result<std::collections::BTreeSet<String>> {
    let entries = corpus::load_dir(&root.join(G::ID.name()))?;
    Ok(entries.into_iter().map(|e| e.meta.signature).collect())
}

/// What the workers of one run share.
struct Ctx<'a> {
    opts: &'a DiffOptions,
    /// The judge input files run instead of generated cases (case `i` is
    /// file `i`); empty: cases are generated.
    files: &'a [PathBuf],
    deadline: Option<Instant>,
    /// The run's limits: the options' limits, every run ending by the
    /// deadline.
    limits: Limits,
    /// The signatures a run with the full time limit has confirmed, or is
    /// confirming (`false`): a later case cut at a calibrated limit with
    /// one of them is only counted, not run again for the full limit (a
    /// program that hangs costs one full-limit run per signature, not one
    /// per case). A case cut while its signature is being confirmed is
    /// deferred (`Outcome::Deferred`) until the verdict, so that no case
    /// counts under a signature the full limit refutes, and no worker
    /// waits for another's full-limit run.
    confirmed: std::sync::Mutex<std::collections::HashMap<String, bool>>,
    /// Signalled whenever a confirmation ends.
    verdict: std::sync::Condvar,
}

/// What becomes of a case cut at a calibrated limit ([`Ctx::cut`]).
enum Cut {
    /// Its signature is confirmed: it is counted under it.
    Count,
    /// Its signature is being confirmed: it waits for the verdict.
    Defer,
    /// Its signature is not: the case confirms it with the full limit.
    Confirm,
}

/// The verdict a deferred case waits for ([`Ctx::verdict`]).
#[derive(PartialEq, Eq)]
enum Verdict {
    Confirmed,
    /// Refuted (or never asked): the case runs again.
    Open,
    Pending,
}

impl<'a> Ctx<'a> {
    fn new(opts: &'a DiffOptions, files: &'a [PathBuf], deadline: Option<Instant>) -> Self {
        Ctx {
            opts,
            files,
            deadline,
            limits: match deadline {
                Some(d) => opts.limits.until(d),
                None => opts.limits.clone(),
            },
            confirmed: Default::default(),
            verdict: Default::default(),
        }
    }

    /// Whether work may go on: no interrupt, time left. Checked before
    /// every case, every file and every re-run of a case alone.
    fn running(&self) -> bool {
        !interrupt::stopped() && self.deadline.is_none_or(|d| Instant::now() < d)
    }

    /// What becomes of a case cut at a calibrated limit with signature
    /// `sig` (see `confirmed`); one that confirms it says how with
    /// [`Ctx::confirmed`].
    fn cut(&self, sig: &str) -> Cut {
        let mut map = self.confirmed.lock().unwrap_or_else(|p| p.into_inner());
        match map.get(sig) {
            Some(true) => Cut::Count,
            Some(false) => Cut::Defer,
            None => {
                map.insert(sig.to_string(), false);
                Cut::Confirm
            }
        }
    }

    /// The verdict on `sig` for a case deferred under it; with `wait`, not
    /// `Pending`: the confirming run ends by the full limit, the deadline
    /// or an interrupt, and always says so.
    fn verdict(&self, sig: &str, wait: bool) -> Verdict {
        let mut map = self.confirmed.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            match map.get(sig) {
                Some(true) => return Verdict::Confirmed,
                None => return Verdict::Open,
                Some(false) if !wait => return Verdict::Pending,
                Some(false) => map = self.verdict.wait(map).unwrap_or_else(|p| p.into_inner()),
            }
        }
    }

    /// What a full-limit run showed where `cut` (if any) was cut early:
    /// the signature `sig` it gave is confirmed; a `cut` it did not confirm
    /// is open again.
    fn confirmed(&self, cut: Option<&str>, sig: Option<&str>) {
        let mut map = self.confirmed.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = cut.filter(|c| Some(*c) != sig) {
            map.remove(c);
        }
        if let Some(s) = sig {
            map.insert(s.to_string(), true);
        }
        self.verdict.notify_all();
    }
}

/// Whether every solver answered, and why not where it did not.
#[derive(Debug, Clone, Default)]
struct Health {
    answered: Vec<bool>,
    faults: Vec<Option<FaultNote>>,
}

impl Health {
    fn of<O>(solvers: &[SolverSpec], runs: &[Option<Run<O>>]) -> Self {
        let answered = runs
            .iter()
            .map(|r| r.as_ref().is_some_and(|r| r.result.is_ok()))
            .collect();
        let faults = solvers
            .iter()
            .zip(runs)
            .map(|(s, r)| {
                let r = r.as_ref()?;
                let f = r.result.as_ref().err()?;
                Some(FaultNote {
                    solver: s.to_string(),
                    fault: f.to_string(),
                    stderr: r.stderr.clone(),
                })
            })
            .collect();
        Health { answered, faults }
    }

    fn merge(&mut self, other: Health) {
        if self.answered.len() < other.answered.len() {
            self.answered.resize(other.answered.len(), false);
            self.faults.resize(other.faults.len(), None);
        }
        for (a, b) in self.answered.iter_mut().zip(other.answered) {
            *a |= b;
        }
        for (a, b) in self.faults.iter_mut().zip(other.faults) {
            if a.is_none() {
                *a = b;
            }
        }
    }

    /// The solvers that ran and answered nothing, each with its first
    /// fault, in one phrase; `None` when every solver that ran answered
    /// (a brute that applies to no input is not silent, only idle).
    fn silent(&self, solvers: &[SolverSpec]) -> Option<String> {
        let silent: Vec<String> = solvers
            .iter()
            .enumerate()
            .filter(|&(i, _)| !self.answered.get(i).copied().unwrap_or(false))
            .filter_map(|(i, s)| {
                let f = self.faults.get(i).cloned().flatten()?;
                Some(format!("{s} (first fault: {})", f.line()))
            })
            .collect();
        (!silent.is_empty()).then(|| silent.join("; "))
    }
}

/// One case as a worker hands it in.
enum Outcome<I> {
    /// Not counted: a run was cut short by an interrupt, or the case was
    /// left unconfirmed when the run's time was up.
    Dropped,
    Done(Case<I>),
    /// A judge input file that cannot be read or is not valid: why, in one
    /// line naming the file. Not run.
    Invalid(String),
    /// Cut at a calibrated limit while another worker confirms its
    /// signature: the worker holds it until the verdict, then counts it or
    /// runs it again (it never reaches the collector).
    Deferred(Box<Deferred<I>>),
}

/// A case waiting for the verdict on its signature.
struct Deferred<I> {
    drawn: Drawn<I>,
    sig: String,
    /// The case as counted under `sig`, if that is confirmed.
    counted: Case<I>,
    /// The case's own full-limit run, on a thread of its own, where it
    /// is the case that confirms `sig` ([`case::Confirm::Aside`]).
    confirming: Option<case::Confirming>,
}

/// The input of one case, and where it comes from.
#[derive(Clone)]
struct Drawn<I> {
    /// The per-case seed; for a file, its index in the run.
    seed: u64,
    /// The profile; empty for a file.
    profile: &'static str,
    /// The judge input file it was read from.
    file: Option<PathBuf>,
    /// The file's own text, which the solvers get as it is.
    text: Option<String>,
    input: I,
}

struct Case<I> {
    /// At least two solvers produced a result to compare.
    compared: bool,
    health: Health,
    /// The signature of a divergence, with its exemplar unless the worker
    /// already handed in one at least as small ([`Seen`]).
    finding: Option<(String, Option<Exemplar<I>>)>,
    /// A diverging case kept to tell a program's likely mistake.
    sample: Option<Box<Sample>>,
    /// The text of a case (or a packed file) on which every solver agreed,
    /// kept to tell a program's narrow mistake from a broad one, with the
    /// seed that orders it.
    agreed: Option<Box<(u64, Agreed)>>,
}

/// The largest input kept as a sample or an agreeing input: explaining
/// reads the engine's events on each, and a run of megabyte files would
/// otherwise hold hundreds of megabytes of them.
const KEPT_BYTES: usize = 1 << 16;

/// Whether a text is small enough to be kept for the explanation.
fn keepable(text: &str) -> bool {
    text.len() <= KEPT_BYTES
}

/// The smallest exemplar text of each signature a worker has handed in. A
/// later finding that is not smaller cannot become the run's exemplar: it
/// is only counted, so it is neither recorded nor sent at once. Also how
/// many samples of each signature it handed in.
#[derive(Default)]
struct Seen {
    best: HashMap<String, String>,
    sampled: HashMap<String, usize>,
    agreed: usize,
}

impl Seen {
    /// Whether an exemplar `text` of `sig` may be the run's smallest.
    fn news(&self, sig: &str, text: &str) -> bool {
        self.best.get(sig).is_none_or(|best| smaller(text, best))
    }

    /// Whether a case of `sig` should be kept as a [`Sample`] for the
    /// explanation: up to [`LIKE_SAMPLES`] per signature.
    fn wants_sample(&self, opts: &DiffOptions, sig: &str) -> bool {
        !opts.explain.is_zero() && self.sampled.get(sig).copied().unwrap_or(0) < LIKE_SAMPLES
    }

    /// Whether a case on which the solvers agreed should be kept: up to
    /// [`LIKE_AGREED`].
    fn wants_agreed(&self, opts: &DiffOptions) -> bool {
        !opts.explain.is_zero() && self.agreed < LIKE_AGREED
    }

    fn note<I>(&mut self, outcome: &Outcome<I>) {
        let Outcome::Done(case) = outcome else {
            return;
        };
        self.agreed += usize::from(case.agreed.is_some());
        if let Some((sig, ex)) = &case.finding {
            if let Some(ex) = ex {
                self.best.insert(sig.clone(), ex.text.clone());
            }
            if case.sample.is_some() {
                *self.sampled.entry(sig.clone()).or_default() += 1;
            }
        }
    }
}

/// Marks the signatures of divergences that need several cases in one file.
const PACKED: &str = "packed: ";

struct Exemplar<I> {
    count: u64,
    /// The per-case seed and profile (for a file: its index in the run and
    /// no profile).
    seed: u64,
    profile: &'static str,
    /// The judge input file it was read from (`diff --inputs`); for a
    /// packed-only finding, the files of the pack.
    files: Vec<PathBuf>,
    /// What every solver did on it, as the corpus records it.
    records: Vec<SolverRecord>,
    input: I,
    text: String,
    /// For a packed-only finding: the `--cases` that rebuilds its pack.
    packed: Option<u64>,
}

impl<I> Exemplar<I> {
    /// The signature the corpus stores it under: what comparing its input
    /// gives (a packed-only finding's input is the whole file).
    fn stored_signature<'s>(&self, sig: &'s str) -> &'s str {
        match self.packed {
            Some(_) => sig.strip_prefix(PACKED).unwrap_or(sig),
            None => sig,
        }
    }

    /// The per-case seed and profile, where the exemplar is one generated
    /// case.
    fn origin(&self) -> (Option<u64>, Option<&'static str>) {
        match (self.packed, self.files.is_empty()) {
            (None, true) => (Some(self.seed), Some(self.profile)),
            _ => (None, None),
        }
    }

    /// The judge input file of an exemplar read from one.
    fn file(&self) -> Option<String> {
        match (self.packed, &self.files[..]) {
            (None, [one]) => Some(one.display().to_string()),
            _ => None,
        }
    }

    fn meta<G: Game>(&self, sig: &str, shrunk: bool) -> corpus::Meta {
        let (seed, profile) = self.origin();
        let mut meta = corpus::Meta::new::<G>(
            self.stored_signature(sig),
            self.records.clone(),
            seed,
            profile,
            shrunk,
        );
        meta.file = self.file();
        meta
    }
}

/// Runs a differential campaign on one game. An interrupt
/// ([`interrupt::stopped`]) ends it early with what it has: every finding
/// is reported and stored, and the summary says `interrupted`.
pub fn diff<G: Game>(opts: &DiffOptions) -> anyhow::Result<Summary> {
    campaign::campaign::<G>(opts, &[])
}

/// Runs the solvers on judge input files, as [`diff`] runs them on
/// generated cases: file `i` is case `i` (`opts.seed`, `opts.profile` and
/// `opts.shard` play no part). A file that cannot be read or is not valid
/// is reported on stderr, counted as `invalid` and not run.
pub fn diff_files<G: Game>(opts: &DiffOptions, files: &[PathBuf]) -> anyhow::Result<Summary> {
    anyhow::ensure!(!files.is_empty(), "no input file to run");
    anyhow::ensure!(
        opts.shard.1 == 1 && opts.profile.is_none(),
        "judge input files are neither sharded nor drawn from a profile"
    );
    campaign::campaign::<G>(opts, files)
}

/// Refuses options that name no profile of the game or no shard, and
/// solvers that cannot run.
pub fn check_options<G: Game>(opts: &DiffOptions) -> anyhow::Result<()> {
    if let Some(p) = &opts.profile {
        anyhow::ensure!(
            G::PROFILES.iter().any(|q| q.name == p),
            "game {} has no profile '{p}' (profiles: {})",
            G::ID,
            profile_names::<G>()
        );
    }
    anyhow::ensure!(
        opts.shard.1 >= 1 && opts.shard.0 < opts.shard.1,
        "bad shard {}/{}",
        opts.shard.0 + 1,
        opts.shard.1
    );
    if let Amount::Cases(total) = opts.amount {
        // Shard I of N runs the cases I-1, I-1+N, ...: with fewer cases
        // than shards, the last shards have none.
        anyhow::ensure!(
            opts.shard.0 < total,
            "shard {}/{} has no case: --cases {total} gives one case each to shards 1 to {total}",
            opts.shard.0 + 1,
            opts.shard.1
        );
    }
    crate::solver::check::<G>(&opts.solvers)
}

pub fn profile_names<G: Game>() -> String {
    G::PROFILES
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}
