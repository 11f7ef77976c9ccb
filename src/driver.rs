//! generate → run solvers → compare → classify → shrink → store.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::corpus::{self, Stored};
use crate::game::Game;
// The game modules import these from here.
use crate::game::generate_case;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{Limits, Run, SolverSpec};
use crate::verdict::{compare, signature, smaller};

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
    pub shrink: ShrinkLimits,
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
    /// shard `i` of `n` runs campaign cases `i, i + n, i + 2n, ...`.
    pub fn case_index(&self, i: u64) -> u64 {
        let (k, n) = self.shard;
        i.wrapping_mul(n.max(1)).wrapping_add(k)
    }

    /// The per-case seed of campaign case `index`.
    pub fn case_seed(&self, index: u64) -> u64 {
        self.seed.wrapping_add(index)
    }
}

/// One distinct signature seen in a run.
#[derive(Debug, Clone, Serialize)]
pub struct SignatureReport {
    pub signature: String,
    pub count: u64,
    /// The per-case seed and profile of the smallest exemplar found.
    pub seed: u64,
    pub profile: String,
    /// Rendered size of the exemplar before and after shrinking, in bytes.
    pub found_bytes: usize,
    pub shrunk_bytes: usize,
    pub repro: String,
    /// Corpus file and whether it is new, replaced an entry or was known.
    pub corpus: Option<String>,
    pub corpus_status: Option<&'static str>,
    /// The divergence shows only when cases run packed in one file (no case
    /// diverges alone: state kept between cases); `seed` and `profile` are
    /// then those of the pack's first case.
    pub packed: bool,
}

/// The result of a `diff` run over one game.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub game: &'static str,
    pub solvers: Vec<String>,
    pub cases: u64,
    /// Cases in which at least two solvers produced a result to compare.
    pub compared: u64,
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
}

/// Generates, runs and classifies case `i` of a campaign.
fn run_case<G: Game>(opts: &DiffOptions, i: u64) -> CaseResult<G::Input> {
    let index = opts.case_index(i);
    let seed = opts.case_seed(index);
    let profile = case_profile::<G>(opts, index);
    let (input, _) = generate_case::<G>(seed, profile);
    run_alone::<G>(opts, seed, profile, input)
}

fn run_alone<G: Game>(
    opts: &DiffOptions,
    seed: u64,
    profile: &'static str,
    input: G::Input,
) -> CaseResult<G::Input> {
    let text = G::render(&input);
    let c = compare::<G>(&opts.solvers, &input, &text, &opts.limits);
    let finding = c.signature.map(|sig| {
        (
            sig,
            Exemplar {
                count: 1,
                seed,
                profile,
                input,
                text,
                packed: None,
            },
        )
    });
    (c.compared, finding)
}

/// Runs the cases `local` (consecutive local indices) packed into files by
/// [`pack_groups`]: every solver runs once per file, the
/// outputs are split back by case and compared case by case. A case that
/// diverges is re-run alone, so its finding (signature, seed, profile) is
/// exactly what an unpacked run reports. If no case of a diverging file
/// diverges alone, the whole file is the finding (marked `packed`).
fn run_block<G: Game>(opts: &DiffOptions, local: &[u64]) -> Vec<CaseResult<G::Input>> {
    let cases: Vec<(u64, &'static str, G::Input)> = local
        .iter()
        .map(|&i| {
            let index = opts.case_index(i);
            let seed = opts.case_seed(index);
            let profile = case_profile::<G>(opts, index);
            (seed, profile, generate_case::<G>(seed, profile).0)
        })
        .collect();
    let inputs: Vec<G::Input> = cases.iter().map(|c| c.2.clone()).collect();
    let files = pack_groups::<G>(&inputs);
    let mut results: Vec<Option<CaseResult<G::Input>>> = (0..cases.len()).map(|_| None).collect();
    for (members, packed) in files {
        if let [only] = members[..] {
            let (seed, profile, input) = &cases[only];
            results[only] = Some(run_alone::<G>(opts, *seed, profile, input.clone()));
            continue;
        }
        let group: Vec<_> = members.iter().map(|&i| cases[i].clone()).collect();
        let last_index = opts.case_index(local[*members.last().expect("two or more")]);
        for (i, r) in members
            .iter()
            .zip(run_packed::<G>(opts, &group, packed, last_index))
        {
            results[*i] = Some(r);
        }
    }
    results
        .into_iter()
        .map(|r| r.expect("every case ran"))
        .collect()
}

/// Splits `inputs` into files for one process run each: every input joins
/// the first file that `G::pack` still takes it into (and stays valid), so
/// inputs that pack together need not be neighbours (chutes inputs pack only
/// when their throw lists agree). Returns each file's member indices, in
/// order, with the packed input. Where input `i` goes depends only on the
/// inputs before it, so cutting `inputs` right after a file's last member
/// rebuilds that file unchanged.
pub fn pack_groups<G: Game>(inputs: &[G::Input]) -> Vec<(Vec<usize>, G::Input)> {
    let mut files: Vec<(Vec<usize>, G::Input)> = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let joined = files.iter_mut().find_map(|(members, packed)| {
            let p = G::pack(&[packed.clone(), input.clone()])?;
            G::validate(&p).is_ok().then_some((members, packed, p))
        });
        match joined {
            Some((members, packed, p)) => {
                members.push(i);
                *packed = p;
            }
            None => files.push((vec![i], input.clone())),
        }
    }
    files
}

fn run_packed<G: Game>(
    opts: &DiffOptions,
    group: &[(u64, &'static str, G::Input)],
    packed: G::Input,
    last_index: u64,
) -> Vec<CaseResult<G::Input>> {
    let parts: Vec<G::Input> = group.iter().map(|c| c.2.clone()).collect();
    let text = G::render(&packed);
    let whole = compare::<G>(&opts.solvers, &packed, &text, &opts.limits);
    // Per solver, one run per case; `None` when a run cannot be split.
    let split: Option<Vec<CaseRuns<G::Output>>> = whole
        .runs
        .iter()
        .map(|run| match run {
            None => Some(vec![None; parts.len()]),
            Some(Run { result: Ok(o), .. }) => G::unpack_output(&parts, o).map(|outs| {
                outs.into_iter()
                    .map(|o| {
                        Some(Run {
                            result: Ok(o),
                            stdout: None,
                            notes: Vec::new(),
                        })
                    })
                    .collect()
            }),
            Some(_) => None,
        })
        .collect();
    let mut results = Vec::with_capacity(group.len());
    for (j, (seed, profile, input)) in group.iter().enumerate() {
        let suspect = match &split {
            Some(per_solver) => {
                let runs: Vec<_> = per_solver.iter().map(|r| r[j].clone()).collect();
                let (sig, compared) = signature::<G>(&opts.solvers, input, &runs);
                if sig.is_none() {
                    results.push((compared, None));
                    continue;
                }
                true
            }
            None => whole.signature.is_some(),
        };
        if suspect {
            results.push(run_alone::<G>(opts, *seed, profile, input.clone()));
        } else {
            results.push((whole.compared, None));
        }
    }
    let alone_found = results.iter().any(|(_, f)| f.is_some());
    if let (Some(sig), false) = (whole.signature, alone_found) {
        let (seed, profile, _) = &group[0];
        results[0].1 = Some((
            format!("{PACKED}{sig}"),
            Exemplar {
                count: 1,
                seed: *seed,
                profile,
                input: packed,
                text,
                packed: Some(last_index + 1),
            },
        ));
    }
    results
}

/// One solver's runs split by case (`None` where it does not apply).
type CaseRuns<O> = Vec<Option<Run<O>>>;

/// Marks the signatures of divergences that need several cases in one file.
const PACKED: &str = "packed: ";

/// Whether a case was compared, and its finding if it diverged.
type CaseResult<I> = (bool, Option<(String, Exemplar<I>)>);

struct Exemplar<I> {
    count: u64,
    seed: u64,
    profile: &'static str,
    input: I,
    text: String,
    /// For a packed-only finding: the `--cases` that rebuilds its pack.
    packed: Option<u64>,
}

/// Case index → (seed, profile) of a run.
fn case_profile<G: Game>(opts: &DiffOptions, index: u64) -> &'static str {
    match &opts.profile {
        Some(p) => G::PROFILES
            .iter()
            .find(|q| q.name == p)
            .map(|q| q.name)
            .unwrap_or(G::PROFILES[0].name),
        None => G::PROFILES[(index % G::PROFILES.len() as u64) as usize].name,
    }
}

/// The command that re-runs the campaign prefix holding a packed-only finding.
fn packed_repro_command(game: &str, opts: &DiffOptions, cases: u64) -> String {
    let list: Vec<String> = opts.solvers.iter().map(|s| s.to_string()).collect();
    let mut cmd = format!(
        "gamefuzz diff {game} --seed {} --cases {cases} --pack {} --solvers {} --no-store",
        opts.seed,
        opts.pack,
        list.join(",")
    );
    if let Some(p) = &opts.profile {
        cmd += &format!(" --profile {p}");
    }
    if opts.shard.1 > 1 {
        cmd += &format!(" --shard {}/{}", opts.shard.0 + 1, opts.shard.1);
    }
    cmd
}

/// The shell command that rebuilds a finding.
pub fn repro_command(game: &str, seed: u64, profile: &str, solvers: &[SolverSpec]) -> String {
    let list: Vec<String> = solvers.iter().map(|s| s.to_string()).collect();
    format!(
        "gamefuzz repro {game} --seed {seed} --profile {profile} --solvers {}",
        list.join(",")
    )
}

/// Runs a differential campaign on one game.
pub fn diff<G: Game>(opts: &DiffOptions, stop: &AtomicBool) -> anyhow::Result<Summary> {
    check_options::<G>(opts)?;
    let start = Instant::now();
    let bar = progress_bar(opts);
    let tally = run_workers::<G>(opts, stop, start, bar.as_ref());
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let Tally {
        cases,
        compared,
        divergences,
        found,
    } = tally;
    anyhow::ensure!(cases > 0, "{}: no case was run (budget too small?)", G::ID);
    anyhow::ensure!(
        compared > 0,
        "{}: {cases} cases ran but no two solvers produced results to compare",
        G::ID
    );
    let elapsed = start.elapsed().as_secs_f64();
    let signatures = report_signatures::<G>(opts, found)?;
    Ok(Summary {
        game: G::ID.name(),
        solvers: opts.solvers.iter().map(|s| s.to_string()).collect(),
        cases,
        compared,
        divergences,
        signatures,
        elapsed_s: elapsed,
        cases_per_s: cases as f64 / elapsed.max(1e-9),
        seed: opts.seed,
        profile: opts.profile.clone(),
        jobs: opts.jobs,
        pack: opts.pack,
        shard: (opts.shard.1 > 1).then(|| format!("{}/{}", opts.shard.0 + 1, opts.shard.1)),
    })
}

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
pub fn first_divergence<G: Game>(
    opts: &DiffOptions,
    stop: &AtomicBool,
) -> anyhow::Result<FirstRun<G::Input>> {
    check_options::<G>(opts)?;
    anyhow::ensure!(
        opts.shard.1 == 1,
        "a search for the first divergence is not sharded"
    );
    let start = Instant::now();
    let block = opts.pack.max(1) as u64;
    let bound = AtomicU64::new(u64::MAX);
    let next = AtomicU64::new(0);
    let more = |i: u64| {
        !stop.load(Ordering::Relaxed)
            && i <= bound.load(Ordering::Relaxed)
            && match opts.amount {
                Amount::Cases(total) => i < total,
                Amount::Time(t) => !i.is_multiple_of(block) || start.elapsed() < t,
            }
    };
    let (cases, found) = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Vec<CaseResult<G::Input>>>();
        for _ in 0..opts.jobs.max(1) {
            let (tx, next, more) = (tx.clone(), &next, &more);
            scope.spawn(move || worker::<G>(opts, next, more, &tx));
        }
        drop(tx);
        let mut cases = 0u64;
        let mut best: Option<FirstDivergence<G::Input>> = None;
        for (_, finding) in rx.into_iter().flatten() {
            cases += 1;
            let Some((sig, ex)) = finding else { continue };
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
        (cases, best)
    });
    Ok(FirstRun {
        cases,
        elapsed: start.elapsed(),
        found,
    })
}

/// Refuses options that name no profile of the game or no shard.
fn check_options<G: Game>(opts: &DiffOptions) -> anyhow::Result<()> {
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
    Ok(())
}

/// Runs the campaign's cases on `opts.jobs` workers and tallies the results.
///
/// Workers pull case indices from one counter and stream results back: no
/// batch barrier, so a slow case (a port looping until its budget runs out)
/// never idles the other workers.
fn run_workers<G: Game>(
    opts: &DiffOptions,
    stop: &AtomicBool,
    start: Instant,
    bar: Option<&indicatif::ProgressBar>,
) -> Tally<G::Input> {
    let next = AtomicU64::new(0);
    let more = |i: u64| {
        !stop.load(Ordering::Relaxed)
            && match opts.amount {
                Amount::Cases(total) => opts.case_index(i) < total,
                Amount::Time(t) => start.elapsed() < t,
            }
    };
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Vec<CaseResult<G::Input>>>();
        for _ in 0..opts.jobs.max(1) {
            let (tx, next, more) = (tx.clone(), &next, &more);
            scope.spawn(move || worker::<G>(opts, next, more, &tx));
        }
        drop(tx);
        let mut tally = Tally::new();
        for result in rx.into_iter().flatten() {
            if let (Some((sig, seed)), Some(b)) = (tally.add(result), bar) {
                b.println(format!("{}: new divergence [{sig}] at seed {seed}", G::ID));
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
        tally
    })
}

/// One worker: takes blocks of case indices until `more` says stop, and
/// sends back each block's results.
fn worker<G: Game>(
    opts: &DiffOptions,
    next: &AtomicU64,
    more: &impl Fn(u64) -> bool,
    tx: &mpsc::Sender<Vec<CaseResult<G::Input>>>,
) {
    let block = opts.pack.max(1) as u64;
    loop {
        // Blocks start at multiples of `block`, whatever the number of
        // workers, so a pack is the same in every run.
        let first = next.fetch_add(block, Ordering::Relaxed);
        let local: Vec<u64> = (first..first + block).take_while(|&i| more(i)).collect();
        let results = match local.len() {
            0 => break,
            1 => vec![run_case::<G>(opts, local[0])],
            _ => run_block::<G>(opts, &local),
        };
        if tx.send(results).is_err() {
            break;
        }
    }
}

/// The counts of a run so far and the smallest exemplar of each signature.
struct Tally<I> {
    cases: u64,
    compared: u64,
    divergences: u64,
    found: BTreeMap<String, Exemplar<I>>,
}

impl<I> Tally<I> {
    fn new() -> Self {
        Tally {
            cases: 0,
            compared: 0,
            divergences: 0,
            found: BTreeMap::new(),
        }
    }

    /// Counts one case; returns the signature and seed of a finding whose
    /// signature is new to the run.
    fn add(&mut self, (was_compared, finding): CaseResult<I>) -> Option<(String, u64)> {
        self.cases += 1;
        self.compared += u64::from(was_compared);
        let (sig, ex) = finding?;
        self.divergences += 1;
        match self.found.get_mut(&sig) {
            Some(old) => {
                let count = old.count + 1;
                if (ex.text.len(), &ex.text, ex.seed) < (old.text.len(), &old.text, old.seed) {
                    *old = ex;
                }
                old.count = count;
                None
            }
            None => {
                let seed = ex.seed;
                self.found.insert(sig.clone(), ex);
                Some((sig, seed))
            }
        }
    }
}

/// Shrinks and stores the exemplar of every signature found, except where
/// the corpus already holds one as small, and reports each signature.
fn report_signatures<G: Game>(
    opts: &DiffOptions,
    found: BTreeMap<String, Exemplar<G::Input>>,
) -> anyhow::Result<Vec<SignatureReport>> {
    let known = match &opts.corpus {
        Some(dir) => corpus::load_dir(&dir.join(G::ID.name()))?,
        None => Vec::new(),
    };
    found
        .into_iter()
        .map(|(sig, ex)| signature_report::<G>(opts, &known, sig, ex))
        .collect()
}

/// The report of one signature; its exemplar is shrunk and stored first
/// unless `known` holds one as small.
fn signature_report<G: Game>(
    opts: &DiffOptions,
    known: &[corpus::Entry],
    sig: String,
    ex: Exemplar<G::Input>,
) -> anyhow::Result<SignatureReport> {
    let found_bytes = ex.text.len();
    let (shrunk_bytes, corpus, corpus_status) = match known
        .iter()
        .find(|e| e.meta.signature == sig && !smaller(&ex.text, &e.input))
    {
        // A known bug whose stored exemplar is already at least as
        // small as this one: shrinking again would only cost time.
        Some(entry) => (
            entry.input.len(),
            Some(entry.path.display().to_string()),
            Some("known signature with a smaller exemplar, not shrunk again"),
        ),
        None => {
            let (text, stored) = shrink_and_store::<G>(opts, &sig, &ex)?;
            let status = stored.as_ref().map(|s| match s {
                Stored::Added(_) => "added",
                Stored::Replaced { .. } => "replaced a larger exemplar",
                Stored::Known(_) => "an exemplar as small is already stored",
            });
            (
                text.len(),
                stored.map(|s| s.path().display().to_string()),
                status,
            )
        }
    };
    Ok(SignatureReport {
        repro: match ex.packed {
            Some(cases) => packed_repro_command(G::ID.name(), opts, cases),
            None => repro_command(G::ID.name(), ex.seed, ex.profile, &opts.solvers),
        },
        packed: ex.packed.is_some(),
        signature: sig,
        count: ex.count,
        seed: ex.seed,
        profile: ex.profile.to_string(),
        found_bytes,
        shrunk_bytes,
        corpus,
        corpus_status,
    })
}

/// Shrinks a new finding and, when a corpus is set, stores it.
fn shrink_and_store<G: Game>(
    opts: &DiffOptions,
    sig: &str,
    ex: &Exemplar<G::Input>,
) -> anyhow::Result<(String, Option<Stored>)> {
    if opts.progress && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        eprintln!("{}: shrinking [{sig}] ({} bytes)", G::ID, ex.text.len());
    }
    // A packed-only finding is shrunk structurally (its cases come from
    // several tapes); its whole-file signature is what must be kept.
    let (sig, tape) = match ex.packed {
        Some(_) => (sig.strip_prefix(PACKED).unwrap_or(sig), None),
        None => (
            sig,
            Some((generate_case::<G>(ex.seed, ex.profile).1, ex.profile)),
        ),
    };
    let shrunk = shrink::shrink_finding::<G>(
        &opts.solvers,
        sig,
        ex.input.clone(),
        tape,
        &opts.limits,
        &opts.shrink,
    );
    let text = G::render(&shrunk);
    let stored = match &opts.corpus {
        Some(dir) => {
            let c = compare::<G>(&opts.solvers, &shrunk, &text, &opts.limits);
            let (seed, profile) = match ex.packed {
                Some(_) => (None, None),
                None => (Some(ex.seed), Some(ex.profile)),
            };
            let meta = corpus::Meta::new::<G>(sig, &opts.solvers, &c.runs, seed, profile);
            Some(corpus::store(dir, G::ID, &text, meta)?)
        }
        None => None,
    };
    Ok((text, stored))
}

pub fn profile_names<G: Game>() -> String {
    G::PROFILES
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
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
