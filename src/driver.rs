//! generate → run solvers → compare → classify → store → shrink → store.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::corpus::{self, SolverRecord, Stored};
use crate::game::{generate_case, parse_valid, Game};
use crate::interrupt;
use crate::shell::quote_arg;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{Limits, Run, SolverSpec};
use crate::verdict::{compare, signature, smaller, Comparison};

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
    pub repro: String,
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
}

/// Cases after which a run in which fewer than two solvers ever answered
/// stops: such a run cannot compare anything, however long it runs.
const FIRST_BATCH: u64 = 32;

/// What the workers of one run share.
struct Ctx<'a> {
    opts: &'a DiffOptions,
    /// The judge input files run instead of generated cases (case `i` is
    /// file `i`); empty: cases are generated.
    files: &'a [PathBuf],
    deadline: Option<Instant>,
    /// Set by the collecting thread to end the run early.
    halt: AtomicBool,
}

impl Ctx<'_> {
    /// Whether work may go on: no interrupt, no halt, time left. Checked
    /// before every case, every file and every re-run of a case alone.
    fn running(&self) -> bool {
        !interrupt::stopped()
            && !self.halt.load(Ordering::Relaxed)
            && self.deadline.is_none_or(|d| Instant::now() < d)
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

    fn working(&self) -> usize {
        self.answered.iter().filter(|&&a| a).count()
    }

    /// Why fewer than two solvers work: each silent solver's first fault.
    fn why_not(&self, solvers: &[SolverSpec]) -> String {
        let silent: Vec<String> = solvers
            .iter()
            .enumerate()
            .filter(|&(i, _)| !self.answered.get(i).copied().unwrap_or(false))
            .map(|(i, s)| match self.faults.get(i).cloned().flatten() {
                Some(f) => format!("{s} never answered (first fault: {})", f.line()),
                None => format!("{s} never answered (not applicable to any input)"),
            })
            .collect();
        silent.join("; ")
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

/// Case `i` of a run: drawn from its seed and profile, or read from file
/// `i` and validated (`Err`: the line reporting why it is refused).
fn draw<G: Game>(ctx: &Ctx, i: u64) -> Result<Drawn<G::Input>, String> {
    let opts = ctx.opts;
    let Some(path) = ctx.files.get(i as usize) else {
        let index = opts.case_index(i);
        let seed = opts.case_seed(index);
        let profile = case_profile::<G>(opts, index);
        let (input, _) = generate_case::<G>(seed, profile);
        return Ok(Drawn {
            seed,
            profile,
            file: None,
            text: None,
            input,
        });
    };
    let (text, input) =
        read_valid::<G>(path).map_err(|why| format!("{}: {why}", path.display()))?;
    Ok(Drawn {
        seed: i,
        profile: "",
        file: Some(path.clone()),
        text: Some(text),
        input,
    })
}

/// A judge input file's text and input, if it is valid.
fn read_valid<G: Game>(path: &Path) -> Result<(String, G::Input), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        crate::game::InputError::Parse(crate::text::not_utf8(
            e.as_bytes(),
            e.utf8_error().valid_up_to(),
        ))
        .to_string()
    })?;
    let input = parse_valid::<G>(&text).map_err(|e| e.to_string())?;
    Ok((text, input))
}

struct Case<I> {
    /// At least two solvers produced a result to compare.
    compared: bool,
    health: Health,
    /// The signature of a divergence, with its exemplar unless the worker
    /// already handed in one at least as small ([`Seen`]).
    finding: Option<(String, Option<Exemplar<I>>)>,
}

/// The smallest exemplar text of each signature a worker has handed in. A
/// later finding that is not smaller cannot become the run's exemplar: it
/// is only counted, so it is neither recorded nor sent at once.
#[derive(Default)]
struct Seen(HashMap<String, String>);

impl Seen {
    /// Whether an exemplar `text` of `sig` may be the run's smallest.
    fn news(&self, sig: &str, text: &str) -> bool {
        self.0.get(sig).is_none_or(|best| smaller(text, best))
    }

    fn note<I>(&mut self, outcome: &Outcome<I>) {
        if let Outcome::Done(Case {
            finding: Some((sig, Some(ex))),
            ..
        }) = outcome
        {
            self.0.insert(sig.clone(), ex.text.clone());
        }
    }
}

/// Generates (or reads), runs and classifies case `i` of a campaign.
fn run_case<G: Game>(ctx: &Ctx, seen: &Seen, i: u64) -> Outcome<G::Input> {
    match draw::<G>(ctx, i) {
        Ok(d) => run_alone::<G>(ctx.opts, seen, d),
        Err(why) => Outcome::Invalid(why),
    }
}

fn run_alone<G: Game>(opts: &DiffOptions, seen: &Seen, d: Drawn<G::Input>) -> Outcome<G::Input> {
    let Drawn {
        seed,
        profile,
        file,
        text,
        input,
    } = d;
    let text = text.unwrap_or_else(|| G::render(&input));
    let c = compare::<G>(&opts.solvers, &input, &text, &opts.limits);
    if c.interrupted() {
        return Outcome::Dropped;
    }
    let health = Health::of(&opts.solvers, &c.runs);
    let finding = c.signature.map(|sig| {
        let news = seen.news(&sig, &text);
        (
            sig,
            news.then(|| Exemplar {
                count: 1,
                seed,
                profile,
                files: file.into_iter().collect(),
                records: corpus::records::<G>(&opts.solvers, &c.runs),
                input,
                text,
                packed: None,
            }),
        )
    });
    Outcome::Done(Case {
        compared: c.compared,
        health,
        finding,
    })
}

/// Runs the cases `local` (consecutive local indices) packed into files by
/// [`pack_groups`]: every solver runs once per file, the
/// outputs are split back by case and compared case by case. A case that
/// diverges is re-run alone, so its finding (signature, seed, profile) is
/// exactly what an unpacked run reports. If no case of a diverging file
/// diverges alone, the whole file is the finding (marked `packed`). Files
/// and re-runs wait for [`Ctx::running`]; what is left is dropped.
fn run_block<G: Game>(ctx: &Ctx, seen: &Seen, local: &[u64]) -> Vec<Outcome<G::Input>> {
    let opts = ctx.opts;
    let mut results: Vec<Option<Outcome<G::Input>>> = (0..local.len()).map(|_| None).collect();
    // The valid cases, with their place in the block.
    let mut cases: Vec<(usize, Drawn<G::Input>)> = Vec::with_capacity(local.len());
    for (k, &i) in local.iter().enumerate() {
        match draw::<G>(ctx, i) {
            Ok(d) => cases.push((k, d)),
            Err(why) => results[k] = Some(Outcome::Invalid(why)),
        }
    }
    let inputs: Vec<G::Input> = cases.iter().map(|c| c.1.input.clone()).collect();
    let files = pack_groups::<G>(&inputs);
    for (members, packed) in files {
        if !ctx.running() {
            break;
        }
        if let [only] = members[..] {
            let (k, d) = &cases[only];
            results[*k] = Some(run_alone::<G>(opts, seen, d.clone()));
            continue;
        }
        let group: Vec<_> = members.iter().map(|&i| cases[i].1.clone()).collect();
        let last = cases[*members.last().expect("two or more")].0;
        let last_index = opts.case_index(local[last]);
        for (i, r) in members
            .iter()
            .zip(run_packed::<G>(ctx, seen, &group, packed, last_index))
        {
            results[cases[*i].0] = Some(r);
        }
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or(Outcome::Dropped))
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
    ctx: &Ctx,
    seen: &Seen,
    group: &[Drawn<G::Input>],
    packed: G::Input,
    last_index: u64,
) -> Vec<Outcome<G::Input>> {
    let opts = ctx.opts;
    let parts: Vec<G::Input> = group.iter().map(|c| c.input.clone()).collect();
    let text = G::render(&packed);
    let whole = compare::<G>(&opts.solvers, &packed, &text, &opts.limits);
    if whole.interrupted() {
        return group.iter().map(|_| Outcome::Dropped).collect();
    }
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
                            stderr: None,
                            notes: Vec::new(),
                        })
                    })
                    .collect()
            }),
            Some(_) => None,
        })
        .collect();
    let done = |compared| {
        Outcome::Done(Case {
            compared,
            health: Health::default(),
            finding: None,
        })
    };
    let mut results = Vec::with_capacity(group.len());
    for (j, d) in group.iter().enumerate() {
        let suspect = match &split {
            Some(per_solver) => {
                let runs: Vec<_> = per_solver.iter().map(|r| r[j].clone()).collect();
                let (sig, compared) = signature::<G>(&opts.solvers, &d.input, &runs);
                if sig.is_none() {
                    results.push(done(compared));
                    continue;
                }
                true
            }
            None => whole.signature.is_some(),
        };
        results.push(match (suspect, ctx.running()) {
            (false, _) => done(whole.compared),
            (true, true) => run_alone::<G>(opts, seen, d.clone()),
            // Unconfirmed: the re-run alone would overrun the run's time.
            (true, false) => Outcome::Dropped,
        });
    }
    let mut confirmed = true;
    let mut alone_found = false;
    for r in &results {
        match r {
            Outcome::Dropped => confirmed = false,
            Outcome::Done(c) => alone_found |= c.finding.is_some(),
            Outcome::Invalid(_) => {}
        }
    }
    let finding = match (whole.signature, confirmed && !alone_found) {
        (Some(sig), true) => {
            let first = &group[0];
            Some((
                format!("{PACKED}{sig}"),
                Exemplar {
                    count: 1,
                    seed: first.seed,
                    profile: first.profile,
                    files: group.iter().filter_map(|d| d.file.clone()).collect(),
                    records: corpus::records::<G>(&opts.solvers, &whole.runs),
                    input: packed,
                    text,
                    packed: Some(last_index + 1),
                },
            ))
        }
        _ => None,
    };
    let health = Health::of(&opts.solvers, &whole.runs);
    if let Some(Outcome::Done(first)) = results.iter_mut().find(|r| matches!(r, Outcome::Done(_))) {
        first.health.merge(health);
        if let Some((sig, ex)) = finding {
            first.finding = Some((sig, Some(ex)));
        }
    }
    results
}

/// One solver's runs split by case (`None` where it does not apply).
type CaseRuns<O> = Vec<Option<Run<O>>>;

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

/// The command that re-runs the campaign prefix holding a packed-only
/// finding; for judge input files, the files of its pack.
fn packed_repro_command(game: &str, opts: &DiffOptions, cases: u64, files: &[PathBuf]) -> String {
    if !files.is_empty() {
        let files: Vec<String> = files
            .iter()
            .map(|f| quote_arg(&f.display().to_string()).into_owned())
            .collect();
        return format!(
            "gamefuzz diff {game} --inputs {} --pack {} --solvers {} --no-store",
            files.join(" "),
            opts.pack,
            solver_list_arg(&opts.solvers)
        );
    }
    let mut cmd = format!(
        "gamefuzz diff {game} --seed {} --cases {cases} --pack {} --solvers {} --no-store",
        opts.seed,
        opts.pack,
        solver_list_arg(&opts.solvers)
    );
    if let Some(p) = &opts.profile {
        cmd += &format!(" --profile {p}");
    }
    if opts.shard.1 > 1 {
        cmd += &format!(" --shard {}/{}", opts.shard.0 + 1, opts.shard.1);
    }
    cmd
}

/// A `--solvers` value as one shell argument.
fn solver_list_arg(solvers: &[SolverSpec]) -> String {
    let list: Vec<String> = solvers.iter().map(|s| s.to_string()).collect();
    quote_arg(&list.join(",")).into_owned()
}

/// The shell command that rebuilds a finding.
pub fn repro_command(game: &str, seed: u64, profile: &str, solvers: &[SolverSpec]) -> String {
    format!(
        "gamefuzz repro {game} --seed {seed} --profile {profile} --solvers {}",
        solver_list_arg(solvers)
    )
}

/// The shell command that shows a finding read from a judge input file:
/// shrinking it shows the divergence, then the smallest input with it.
pub fn file_repro_command(game: &str, file: &str, solvers: &[SolverSpec]) -> String {
    format!(
        "gamefuzz shrink {game} --solvers {} {}",
        solver_list_arg(solvers),
        quote_arg(file)
    )
}

/// Runs a differential campaign on one game. An interrupt
/// ([`interrupt::stopped`]) ends it early with what it has: every finding
/// is reported and stored, and the summary says `interrupted`.
pub fn diff<G: Game>(opts: &DiffOptions) -> anyhow::Result<Summary> {
    campaign::<G>(opts, &[])
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
    campaign::<G>(opts, files)
}

fn campaign<G: Game>(opts: &DiffOptions, files: &[PathBuf]) -> anyhow::Result<Summary> {
    check_options::<G>(opts)?;
    let start = Instant::now();
    let ctx = Ctx {
        opts,
        files,
        deadline: match opts.amount {
            Amount::Time(t) => Some(start + t),
            Amount::Cases(_) => None,
        },
        halt: AtomicBool::new(false),
    };
    let bar = progress_bar(opts);
    let tally = run_workers::<G>(&ctx, bar.as_ref());
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let interrupted = interrupt::stopped();
    let Tally {
        cases,
        compared,
        invalid,
        divergences,
        found,
        health,
        first_stored,
    } = tally;
    let working = health.working() >= 2;
    if !interrupted {
        anyhow::ensure!(
            invalid == 0 || cases > 0,
            "{}: none of the {invalid} input files is valid",
            G::ID
        );
        anyhow::ensure!(cases > 0, "{}: no case was run (budget too small?)", G::ID);
        anyhow::ensure!(
            working,
            "{}: no two solvers work, stopped after {cases} cases: {}",
            G::ID,
            health.why_not(&opts.solvers)
        );
        anyhow::ensure!(
            compared > 0,
            "{}: {cases} cases ran but no two solvers produced results on the same case",
            G::ID
        );
    }
    let elapsed = start.elapsed().as_secs_f64();
    // Findings of a run in which no two solvers worked are not stored.
    let signatures = report_signatures::<G>(opts, found, &first_stored, working)?;
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
        interrupted,
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
pub fn first_divergence<G: Game>(opts: &DiffOptions) -> anyhow::Result<FirstRun<G::Input>> {
    check_options::<G>(opts)?;
    anyhow::ensure!(
        opts.shard.1 == 1,
        "a search for the first divergence is not sharded"
    );
    let start = Instant::now();
    // No deadline inside blocks: time is checked only where one starts.
    let ctx = Ctx {
        opts,
        files: &[],
        deadline: None,
        halt: AtomicBool::new(false),
    };
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
    let (cases, found) = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Vec<Outcome<G::Input>>>();
        for _ in 0..opts.jobs.max(1) {
            let (tx, next, more, ctx) = (tx.clone(), &next, &more, &ctx);
            scope.spawn(move || worker::<G>(ctx, next, more, &tx));
        }
        drop(tx);
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
        (cases, best)
    });
    Ok(FirstRun {
        cases,
        elapsed: start.elapsed(),
        found,
    })
}

/// Refuses options that name no profile of the game or no shard, and
/// solvers that cannot run.
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
    crate::solver::check::<G>(&opts.solvers)
}

/// Runs the campaign's cases on `opts.jobs` workers and tallies the results.
///
/// Workers pull case indices from one counter and stream results back: no
/// batch barrier, so a slow case (a port looping until its budget runs out)
/// never idles the other workers. This collecting thread stores every new
/// signature's exemplar at once, unshrunk, so a run killed at any moment
/// keeps its findings; it holds them back until two solvers have answered,
/// and halts the run when they have not after [`FIRST_BATCH`] cases.
fn run_workers<G: Game>(ctx: &Ctx, bar: Option<&indicatif::ProgressBar>) -> Tally<G::Input> {
    let opts = ctx.opts;
    let next = AtomicU64::new(0);
    let more = |i: u64| {
        ctx.running()
            && (ctx.files.is_empty() || i < ctx.files.len() as u64)
            && match opts.amount {
                Amount::Cases(total) => opts.case_index(i) < total,
                Amount::Time(_) => true,
            }
    };
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Vec<Outcome<G::Input>>>();
        for _ in 0..opts.jobs.max(1) {
            let (tx, next, more) = (tx.clone(), &next, &more);
            scope.spawn(move || worker::<G>(ctx, next, more, &tx));
        }
        drop(tx);
        let mut tally = Tally::new();
        let mut held: Vec<String> = Vec::new();
        for outcome in rx.into_iter().flatten() {
            let case = match outcome {
                Outcome::Done(case) => case,
                Outcome::Dropped => continue,
                Outcome::Invalid(why) => {
                    tally.invalid += 1;
                    let line = format!("{}: invalid input file {why}", G::ID);
                    match bar {
                        Some(b) => b.println(line),
                        None => eprintln!("{line}"),
                    }
                    continue;
                }
            };
            if let Some(sig) = tally.add(case) {
                if let Some(b) = bar {
                    let seed = tally.found[&sig].seed;
                    b.println(format!("{}: new divergence [{sig}] at seed {seed}", G::ID));
                }
                held.push(sig);
            }
            let working = tally.health.working() >= 2;
            if working {
                for sig in held.drain(..) {
                    if let Some(s) = store_found::<G>(opts, &sig, &tally.found[&sig]) {
                        tally.first_stored.insert(sig, s);
                    }
                }
            } else if tally.cases >= FIRST_BATCH {
                ctx.halt.store(true, Ordering::Relaxed);
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

/// Stores a finding's exemplar as it was found (not shrunk yet); a failure
/// is reported and the run goes on.
fn store_found<G: Game>(opts: &DiffOptions, sig: &str, ex: &Exemplar<G::Input>) -> Option<Stored> {
    let dir = opts.corpus.as_ref()?;
    corpus::store(dir, G::ID, &ex.text, ex.meta::<G>(sig, false))
        .map_err(|e| eprintln!("warning: {}: storing [{sig}]: {e:#}", G::ID))
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
/// per-case path.
fn worker<G: Game>(
    ctx: &Ctx,
    next: &AtomicU64,
    more: &impl Fn(u64) -> bool,
    tx: &mpsc::Sender<Vec<Outcome<G::Input>>>,
) {
    let block = ctx.opts.pack.max(1) as u64;
    let mut seen = Seen::default();
    let mut batch = Vec::new();
    let mut sent = Instant::now();
    loop {
        // Blocks start at multiples of `block`, whatever the number of
        // workers, so a pack is the same in every run.
        let first = next.fetch_add(block, Ordering::Relaxed);
        let local: Vec<u64> = (first..first + block).take_while(|&i| more(i)).collect();
        let results = match local.len() {
            0 => break,
            1 => vec![run_case::<G>(ctx, &seen, local[0])],
            _ => run_block::<G>(ctx, &seen, &local),
        };
        let mut urgent = false;
        for r in &results {
            seen.note(r);
            urgent |= match r {
                Outcome::Done(c) => c.finding.as_ref().is_some_and(|f| f.1.is_some()),
                Outcome::Invalid(_) => true,
                Outcome::Dropped => false,
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

/// The counts of a run so far and the smallest exemplar of each signature.
struct Tally<I> {
    cases: u64,
    compared: u64,
    invalid: u64,
    divergences: u64,
    found: BTreeMap<String, Exemplar<I>>,
    health: Health,
    /// What storing each signature did when it was first seen.
    first_stored: BTreeMap<String, Stored>,
}

impl<I> Tally<I> {
    fn new() -> Self {
        Tally {
            cases: 0,
            compared: 0,
            invalid: 0,
            divergences: 0,
            found: BTreeMap::new(),
            health: Health::default(),
            first_stored: BTreeMap::new(),
        }
    }

    /// Counts one case; returns the signature of a finding whose signature
    /// is new to the run.
    fn add(&mut self, case: Case<I>) -> Option<String> {
        self.cases += 1;
        self.compared += u64::from(case.compared);
        self.health.merge(case.health);
        let (sig, ex) = case.finding?;
        self.divergences += 1;
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
            (None, Some(ex)) => {
                self.found.insert(sig.clone(), ex);
                Some(sig)
            }
            // A worker sends a signature's first exemplar before any case
            // it only counts.
            (None, None) => None,
        }
    }
}

/// Reports every signature found, shrinking and storing its exemplar
/// (`store`: into the corpus, if the run has one). The shrink time of the
/// run is shared: each signature gets an equal part of what is left.
fn report_signatures<G: Game>(
    opts: &DiffOptions,
    found: BTreeMap<String, Exemplar<G::Input>>,
    first_stored: &BTreeMap<String, Stored>,
    store: bool,
) -> anyhow::Result<Vec<SignatureReport>> {
    let corpus_dir = opts
        .corpus
        .as_ref()
        .filter(|_| store)
        .map(|d| d.join(G::ID.name()));
    let known = match &corpus_dir {
        Some(dir) => corpus::smallest_by_signature(corpus::load_dir(dir)?),
        None => BTreeMap::new(),
    };
    let deadline = Instant::now() + opts.shrink.time;
    let n = found.len();
    let mut reports = Vec::with_capacity(n);
    for (i, (sig, ex)) in found.into_iter().enumerate() {
        let share = deadline.saturating_duration_since(Instant::now()) / (n - i) as u32;
        let stored = known.get(ex.stored_signature(&sig));
        let first = first_stored.get(&sig);
        let mut r = signature_report::<G>(opts, store, stored, sig, ex, share)?;
        // What the corpus gained is what the run's first store of the
        // signature did, whatever replaced that unshrunk entry since.
        if let (Some(first @ (Stored::Added(_) | Stored::Replaced { .. })), Some(_)) =
            (first, r.corpus_status)
        {
            r.corpus_status = Some(first.describe());
        }
        reports.push(r);
    }
    Ok(reports)
}

/// The exemplar a signature is reported with, and how it came to be.
struct Reported<I> {
    input: I,
    text: String,
    records: Vec<SolverRecord>,
    seed: Option<u64>,
    profile: Option<String>,
    shrink: ShrinkState,
    note: Option<&'static str>,
}

/// The report of one signature. Its exemplar is shrunk within `share`
/// and stored, unless the corpus holds a shrunk one at least as small; an
/// unshrunk stored one that is smaller is where shrinking starts.
fn signature_report<G: Game>(
    opts: &DiffOptions,
    store: bool,
    stored: Option<&corpus::Entry>,
    sig: String,
    ex: Exemplar<G::Input>,
    share: Duration,
) -> anyhow::Result<SignatureReport> {
    // A pack of generated cases reports its first case's seed and profile.
    let (seed, profile) = match ex.files.is_empty() {
        true => (Some(ex.seed), Some(ex.profile.to_string())),
        false => (None, None),
    };
    let file = ex.file();
    let repro = match (ex.packed, &file) {
        (Some(cases), _) => packed_repro_command(G::ID.name(), opts, cases, &ex.files),
        (None, Some(f)) => file_repro_command(G::ID.name(), f, &opts.solvers),
        (None, None) => repro_command(G::ID.name(), ex.seed, ex.profile, &opts.solvers),
    };
    let mut report = SignatureReport {
        signature: sig.clone(),
        count: ex.count,
        seed,
        profile,
        file,
        found_bytes: ex.text.len(),
        shrunk_bytes: ex.text.len(),
        shrink: ShrinkState::NotShrunk,
        shrink_note: None,
        repro,
        corpus: None,
        corpus_status: None,
        packed: ex.packed.is_some(),
        faults: FaultNote::of(&ex.records),
        rules: Vec::new(),
        input: String::new(),
        records: Vec::new(),
    };
    if let Some(entry) = stored.filter(|e| e.meta.shrunk && !smaller(&ex.text, &e.input)) {
        report.shrink = ShrinkState::Known;
        report.shrunk_bytes = entry.input.len();
        report.corpus = Some(entry.path.display().to_string());
        report.corpus_status = Some("known signature: the corpus holds a shrunk exemplar as small");
        report.rules = RuleHits::of::<G>(&entry.input);
        report.input = entry.input.clone();
        report.records = entry.meta.solvers.clone();
        return Ok(report);
    }
    let r = shrink_exemplar::<G>(opts, stored, &sig, &ex, share);
    report.shrunk_bytes = r.text.len();
    report.shrink = r.shrink;
    report.shrink_note = r.note;
    report.faults = FaultNote::of(&r.records);
    report.rules = RuleHits::of_input::<G>(&r.input);
    report.input = r.text.clone();
    report.records = r.records.clone();
    if let (Some(dir), true) = (&opts.corpus, store) {
        let mut meta = ex.meta::<G>(&sig, r.shrink == ShrinkState::Shrunk);
        meta.solvers = r.records;
        (meta.seed, meta.profile) = (r.seed, r.profile);
        let s = corpus::store(dir, G::ID, &r.text, meta)?;
        report.corpus = Some(s.path().display().to_string());
        report.corpus_status = Some(s.describe());
    }
    Ok(report)
}

/// Shrinks a finding within `share`, from the smaller of the run's
/// exemplar and an unshrunk stored one that still shows the divergence.
fn shrink_exemplar<G: Game>(
    opts: &DiffOptions,
    stored: Option<&corpus::Entry>,
    sig: &str,
    ex: &Exemplar<G::Input>,
    share: Duration,
) -> Reported<G::Input> {
    let sig = ex.stored_signature(sig);
    let (seed, profile) = ex.origin();
    let profile = profile.map(str::to_string);
    let mut start = Reported {
        input: ex.input.clone(),
        text: ex.text.clone(),
        records: ex.records.clone(),
        seed,
        profile,
        shrink: ShrinkState::NotShrunk,
        note: None,
    };
    let why_not = if opts.shrink.candidates == 0 {
        Some("--no-shrink")
    } else if interrupt::stopped() {
        Some("interrupted")
    } else if share.is_zero() {
        Some("no shrink time left")
    } else {
        None
    };
    if let Some(why) = why_not {
        start.note = Some(why);
        return start;
    }
    // A packed-only finding or a file is shrunk structurally (its cases
    // come from several tapes, or from none); a generated one from its tape
    // first.
    let mut tape = seed.map(|seed| (generate_case::<G>(seed, ex.profile).1, ex.profile));
    if let Some(entry) = stored.filter(|e| smaller(&e.input, &ex.text)) {
        if let Some(c) = reproduces::<G>(opts, &entry.input, sig) {
            start.input = c.0;
            start.text = entry.input.clone();
            start.records = corpus::records::<G>(&opts.solvers, &c.1.runs);
            start.seed = entry.meta.seed;
            start.profile = entry.meta.profile.clone();
            tape = None;
        }
    }
    if opts.progress && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        eprintln!("{}: shrinking [{sig}] ({} bytes)", G::ID, start.text.len());
    }
    let bounds = ShrinkLimits {
        time: share,
        candidates: opts.shrink.candidates,
    };
    let (shrunk, runs) = shrink::shrink_finding::<G>(
        &opts.solvers,
        sig,
        start.input.clone(),
        tape,
        &opts.limits,
        &bounds,
    );
    if let Some(runs) = runs {
        start.records = corpus::records::<G>(&opts.solvers, &runs);
    }
    start.text = G::render(&shrunk.input);
    start.input = shrunk.input;
    (start.shrink, start.note) = match (shrunk.complete, interrupt::stopped()) {
        (true, _) => (ShrinkState::Shrunk, None),
        (false, true) => (ShrinkState::Partly, Some("interrupted")),
        (false, false) => (ShrinkState::Partly, Some("shrink budget spent")),
    };
    start
}

/// The input of a stored entry, with the comparison on it, if it still
/// shows the divergence `sig` with these solvers.
fn reproduces<G: Game>(
    opts: &DiffOptions,
    text: &str,
    sig: &str,
) -> Option<(G::Input, Comparison<G::Output>)> {
    let input = parse_valid::<G>(text).ok()?;
    let c = compare::<G>(&opts.solvers, &input, text, &opts.limits);
    (c.signature.as_deref() == Some(sig)).then_some((input, c))
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
