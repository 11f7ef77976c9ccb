//! generate → run solvers → compare → classify → shrink → store.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::corpus::{self, Stored};
use crate::game::Game;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{self, Limits, Run, SolverSpec};
use crate::source::Source;

/// The runs of every solver on one input, in solver order; `None` where a
/// solver does not apply (brute on a large input).
pub struct Comparison<O> {
    pub runs: Vec<Option<Run<O>>>,
    /// `None` when everything compared agreed.
    pub signature: Option<String>,
    /// Whether at least two solvers really produced a result to compare.
    pub compared: bool,
}

/// Runs every solver on `input` and classifies the result.
pub fn compare<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    text: &str,
    limits: &Limits,
) -> Comparison<G::Output> {
    let runs: Vec<_> = solvers
        .iter()
        .map(|s| solver::run::<G>(s, input, text, limits))
        .collect();
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
}

/// Generates, runs and classifies case `i` of a campaign.
fn run_case<G: Game>(opts: &DiffOptions, i: u64) -> CaseResult<G::Input> {
    let seed = opts.seed.wrapping_add(i);
    let profile = case_profile::<G>(opts, i);
    let (input, _) = generate_case::<G>(seed, profile);
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
            },
        )
    });
    (c.compared, finding)
}

/// Whether a case was compared, and its finding if it diverged.
type CaseResult<I> = (bool, Option<(String, Exemplar<I>)>);

struct Exemplar<I> {
    count: u64,
    seed: u64,
    profile: &'static str,
    input: I,
    text: String,
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

/// Generates the input of one case: the same (game, seed, profile) always
/// gives the same input.
pub fn generate_case<G: Game>(seed: u64, profile: &str) -> (G::Input, Vec<u64>) {
    let mut src = Source::seeded(G::ID, seed);
    let input = G::generate(&mut src, profile);
    (input, src.into_tape())
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
    if let Some(p) = &opts.profile {
        anyhow::ensure!(
            G::PROFILES.iter().any(|q| q.name == p),
            "game {} has no profile '{p}' (profiles: {})",
            G::ID,
            profile_names::<G>()
        );
    }
    let start = Instant::now();
    let bar = progress_bar(opts);
    let mut found: BTreeMap<String, Exemplar<G::Input>> = BTreeMap::new();
    let (mut cases, mut compared, mut divergences) = (0u64, 0u64, 0u64);
    // Workers pull case indices from one counter and stream results back:
    // no batch barrier, so a slow case (a port looping until its budget
    // runs out) never idles the other workers.
    let next = AtomicU64::new(0);
    let more = |i: u64| {
        !stop.load(Ordering::Relaxed)
            && match opts.amount {
                Amount::Cases(total) => i < total,
                Amount::Time(t) => start.elapsed() < t,
            }
    };
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<CaseResult<G::Input>>();
        for _ in 0..opts.jobs.max(1) {
            let (tx, next, more) = (tx.clone(), &next, &more);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if !more(i) {
                    break;
                }
                if tx.send(run_case::<G>(opts, i)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (was_compared, finding) in rx {
            cases += 1;
            compared += u64::from(was_compared);
            if let Some((sig, ex)) = finding {
                divergences += 1;
                match found.get_mut(&sig) {
                    Some(old) => {
                        let count = old.count + 1;
                        if (ex.text.len(), &ex.text, ex.seed)
                            < (old.text.len(), &old.text, old.seed)
                        {
                            *old = ex;
                        }
                        old.count = count;
                    }
                    None => {
                        if let Some(b) = &bar {
                            b.println(format!(
                                "{}: new divergence [{sig}] at seed {}",
                                G::ID,
                                ex.seed
                            ));
                        }
                        found.insert(sig, ex);
                    }
                }
            }
            if let Some(b) = &bar {
                if cases % 64 == 0 {
                    b.set_position(cases);
                    b.set_message(format!(
                        "{divergences} divergences, {} signatures",
                        found.len()
                    ));
                }
            }
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    anyhow::ensure!(cases > 0, "{}: no case was run (budget too small?)", G::ID);
    anyhow::ensure!(
        compared > 0,
        "{}: {cases} cases ran but no two solvers produced results to compare",
        G::ID
    );
    let elapsed = start.elapsed().as_secs_f64();

    let mut signatures = Vec::new();
    let known = match &opts.corpus {
        Some(dir) => corpus::load_dir(&dir.join(G::ID.name()))?,
        None => Vec::new(),
    };
    for (sig, ex) in found {
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
        signatures.push(SignatureReport {
            repro: repro_command(G::ID.name(), ex.seed, ex.profile, &opts.solvers),
            signature: sig,
            count: ex.count,
            seed: ex.seed,
            profile: ex.profile.to_string(),
            found_bytes,
            shrunk_bytes,
            corpus,
            corpus_status,
        });
    }
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
    let (_, tape) = generate_case::<G>(ex.seed, ex.profile);
    let shrunk = shrink::shrink_finding::<G>(
        &opts.solvers,
        sig,
        ex.input.clone(),
        Some((tape, ex.profile)),
        &opts.limits,
        &opts.shrink,
    );
    let text = G::render(&shrunk);
    let stored = match &opts.corpus {
        Some(dir) => {
            let c = compare::<G>(&opts.solvers, &shrunk, &text, &opts.limits);
            let meta = corpus::Meta::new::<G>(
                sig,
                &opts.solvers,
                &c.runs,
                Some(ex.seed),
                Some(ex.profile),
            );
            Some(corpus::store(dir, G::ID, &text, meta)?)
        }
        None => None,
    };
    Ok((text, stored))
}

/// The order the corpus and the shrinker agree on: shorter text first,
/// then lexicographic, so that "smallest" is total and deterministic.
pub fn smaller(a: &str, b: &str) -> bool {
    (a.len(), a) < (b.len(), b)
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
