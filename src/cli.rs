//! The command line: each subcommand is one function generic over the game,
//! reached through the single `GameId::dispatch`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::{Args, Parser, Subcommand};

use crate::corpus;
use crate::driver::{self, Amount, DiffOptions, Summary};
use crate::game::{generate_case, parse_valid, Game, InputError, Visit};
use crate::id::GameId;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{self, parse_solver_list, Limits, Run, SolverSpec};
use crate::verdict;

/// Writes to stdout; a closed pipe (`gamefuzz gen ... | head`) ends the
/// program quietly instead of panicking, any other write error exits 2.
fn emit(s: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(s.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: writing to stdout: {e}");
        std::process::exit(2);
    }
}

macro_rules! out {
    ($($t:tt)*) => { emit(&format!($($t)*)) };
}

macro_rules! outln {
    ($($t:tt)*) => { emit(&(format!($($t)*) + "\n")) };
}

#[derive(Debug, Parser)]
#[command(
    name = "gamefuzz",
    version,
    about = "Differential fuzzing and test generation for five judge problems that simulate games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List games, their profiles and solvers.
    List,
    /// Solve a judge input read from stdin; print the judge output.
    Solve {
        game: GameId,
        /// engine, reference, brute or cmd:PATH.
        #[arg(long, default_value = "engine")]
        solver: SolverSpec,
        /// Print the engine's turn-by-turn trace on stderr (games that have one).
        #[arg(long)]
        trace: bool,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Print one valid judge input.
    Gen {
        game: GameId,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Profile (see `gamefuzz list`); default: the game's first profile.
        #[arg(long)]
        profile: Option<String>,
    },
    /// Check a judge input (FILE or stdin): exit 0 if valid, 1 with the reason if not.
    Validate {
        game: GameId,
        file: Option<PathBuf>,
        /// Kattis input-validator convention: exit 42 if valid and in the
        /// canonical layout `gen` writes (one space between tokens, no
        /// trailing or doubled whitespace), 43 otherwise, 2 if FILE cannot be
        /// read.
        #[arg(long)]
        kattis: bool,
    },
    /// Write a judge package: the official sample, a secret test set chosen to
    /// exercise every rule and fail every solution the corpus convicts, and
    /// answers from the engine.
    Package(PackageArgs),
    /// How often a test set (every .in file under DIR, e.g. a package) or,
    /// without DIR, each generator profile exercises each rule of the engine;
    /// exit 1 if some rule is never exercised.
    Coverage {
        game: GameId,
        dir: Option<PathBuf>,
        /// Without DIR: inputs drawn per profile.
        #[arg(long, default_value_t = 50)]
        cases: u64,
        /// Without DIR: the first seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Run solvers side by side on generated inputs; shrink and store every divergence.
    Diff(DiffArgs),
    /// Rebuild a finding from a per-case seed, a corpus file or a fuzz artifact and show every solver's answer.
    Repro {
        /// A game id (with --seed), a corpus file (`corpus/<game>/<name>.in`) or
        /// a fuzz artifact (`fuzz/artifacts/diff_<game>/crash-...`).
        target: String,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long)]
        profile: Option<String>,
        /// Comma-separated solvers; default engine,reference (or those a corpus entry recorded).
        #[arg(long)]
        solvers: Option<SolverList>,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Shrink a judge input (FILE or stdin) to a minimal valid input with the same divergence.
    Shrink {
        game: GameId,
        #[arg(long)]
        solvers: SolverList,
        file: Option<PathBuf>,
        /// Wall-clock budget for shrinking, in seconds.
        #[arg(long, default_value_t = 60.0)]
        shrink_time: f64,
        /// Also store the result in this corpus root (as `diff` does).
        #[arg(long)]
        corpus: Option<PathBuf>,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Corpus maintenance.
    #[command(subcommand)]
    Corpus(CorpusCommand),
    /// Turn a cargo-fuzz artifact (`fuzz/artifacts/diff_<game>/crash-...`) into a shrunk corpus entry.
    Import(ImportArgs),
    /// Write the fuzz seed corpora (generated inputs) to DIR/<target>/.
    #[command(hide = true)]
    FuzzSeeds {
        #[arg(long, default_value = "fuzz/corpus")]
        dir: PathBuf,
        /// Seeds per target.
        #[arg(long, default_value_t = 16)]
        count: usize,
        /// Largest seed file, in bytes.
        #[arg(long, default_value_t = 4096)]
        max_len: usize,
    },
}

#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Union corpora (roots like `corpus/` or game directories like
    /// `corpus/xiangqi/`) into one; per signature the smallest exemplar wins.
    Merge {
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// The corpus root to merge into.
        #[arg(long, default_value = "corpus")]
        into: PathBuf,
    },
}

#[derive(Debug, Clone, Args)]
pub struct PackageArgs {
    pub game: GameId,
    /// The package directory (created; an existing non-empty one needs --force).
    #[arg(long)]
    pub out: PathBuf,
    /// Secret tests wanted; the required ones (max and edge profiles, corpus
    /// findings, rule coverage) come first and may exceed it.
    #[arg(long, default_value_t = 30)]
    pub tests: usize,
    /// First seed of the generated tests: the same seed, options, corpus and
    /// version give a byte-identical package.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, value_enum, default_value = "kattis")]
    pub layout: crate::package::Layout,
    /// Corpus root; every finding of the game becomes a test.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Run these solvers (cmd:PATH, reference, ...) on the package and report
    /// the tests each fails.
    #[arg(long)]
    pub check: Option<CheckList>,
    /// Replace an existing package in --out (only one gamefuzz wrote, never
    /// one holding the working directory or the corpus).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// The artifact; its directory name (diff_<game> or parse_<game>) gives the target.
    pub artifact: PathBuf,
    /// The game, when the directory name does not say it (with --kind).
    #[arg(long, requires = "kind")]
    pub game: Option<GameId>,
    /// diff (bytes decoded by the generator) or parse (bytes are the judge input).
    #[arg(long, requires = "game", value_parser = ["diff", "parse"])]
    pub kind: Option<String>,
    /// Corpus root; the entry goes to <DIR>/<game>/.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Wall-clock budget for shrinking, in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub shrink_time: f64,
}

#[derive(Debug, Clone, Args)]
pub struct LimitArgs {
    /// Step budget of in-process solvers.
    #[arg(long, default_value_t = crate::fault::Budget::DEFAULT_STEPS)]
    pub steps: u64,
    /// Time limit of each external program run, in seconds.
    #[arg(long, default_value_t = 10.0)]
    pub timeout: f64,
}

impl LimitArgs {
    fn limits(&self) -> anyhow::Result<Limits> {
        Ok(Limits {
            steps: self.steps,
            timeout: seconds(self.timeout, "--timeout")?,
            ..Limits::default()
        })
    }
}

fn seconds(s: f64, flag: &str) -> anyhow::Result<Duration> {
    if !(0.0..=1e9).contains(&s) {
        bail!("{flag} must be a non-negative number of seconds, got {s}");
    }
    Ok(Duration::from_secs_f64(s))
}

/// A comma-separated list of at least two distinct solvers.
#[derive(Debug, Clone)]
pub struct SolverList(pub Vec<SolverSpec>);

impl std::str::FromStr for SolverList {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        parse_solver_list(s).map(SolverList)
    }
}

/// A comma-separated list of one or more distinct solvers, each checked
/// against the engine's answers.
#[derive(Debug, Clone)]
pub struct CheckList(pub Vec<SolverSpec>);

impl std::str::FromStr for CheckList {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        crate::solver::parse_solvers(s, 1).map(CheckList)
    }
}

/// `diff` runs on one game or on all of them.
#[derive(Debug, Clone, Copy)]
pub enum Target {
    All,
    One(GameId),
}

fn parse_target(s: &str) -> Result<Target, String> {
    if s == "all" {
        return Ok(Target::All);
    }
    GameId::from_name(s).map(Target::One).ok_or_else(|| {
        let names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
        format!(
            "unknown game '{s}' (expected all or one of: {})",
            names.join(", ")
        )
    })
}

#[derive(Debug, Clone, Args)]
pub struct DiffArgs {
    /// A game id or `all`.
    #[arg(value_parser = parse_target)]
    pub target: Target,
    /// Comma-separated solvers; every one is compared with the first.
    #[arg(long, default_value = "engine,reference")]
    pub solvers: SolverList,
    /// Number of cases (per game).
    #[arg(long, conflicts_with = "time")]
    pub cases: Option<u64>,
    /// Wall-clock budget in seconds, split evenly between games for `all`
    /// [default: 60 when --cases is not given].
    #[arg(long)]
    pub time: Option<f64>,
    /// Base seed: case i uses seed + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Use one profile; default: rotate through every profile of the game.
    #[arg(long)]
    pub profile: Option<String>,
    /// Worker threads [default: all cores].
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Corpus root; findings go to <DIR>/<game>/.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Do not write findings to the corpus.
    #[arg(long)]
    pub no_store: bool,
    /// Do not shrink findings.
    #[arg(long)]
    pub no_shrink: bool,
    /// Print one JSON summary object on stdout (the report goes to stderr).
    #[arg(long)]
    pub json: bool,
    /// Pack up to K cases into one input file per run (xiangqi, stones,
    /// generals; chutes only with a shared throw list) [default: 32 with a
    /// cmd: solver, else 1].
    #[arg(long, value_name = "K")]
    pub pack: Option<usize>,
    /// Run shard I of N: the campaign cases whose index is I-1 modulo N.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `I/N` with 1 <= I <= N, as the 0-based pair `(I-1, N)`.
fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard takes I/N with 1 <= I <= N, got '{s}'");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i - 1, n))
}

/// How a successful command ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Nothing found, input valid.
    Clean,
    /// A divergence was found, or the input is invalid.
    Found,
    /// A convention of another tool (Kattis validators: 42 and 43).
    Code(u8),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<Exit> {
    match &cli.command {
        Command::List => {
            list();
            Ok(Exit::Clean)
        }
        Command::Solve { game, .. }
        | Command::Gen { game, .. }
        | Command::Validate { game, .. }
        | Command::Coverage { game, .. } => game.dispatch(Exec(&cli.command)),
        Command::Package(args) => args.game.dispatch(Exec(&cli.command)),
        Command::Shrink { game, .. } => game.dispatch(Exec(&cli.command)),
        Command::Diff(args) => diff_command(args),
        Command::Corpus(CorpusCommand::Merge { dirs, into }) => corpus_merge(dirs, into),
        Command::Repro { target, .. } => match GameId::from_name(target) {
            Some(g) => g.dispatch(Exec(&cli.command)),
            None => repro_file(&cli.command),
        },
        Command::Import(a) => import_command(a),
        Command::FuzzSeeds {
            dir,
            count,
            max_len,
        } => {
            let n = crate::fuzz::write_seeds(dir, *count, *max_len)?;
            eprintln!("{n} seed files under {}", dir.display());
            Ok(Exit::Clean)
        }
    }
}

struct Exec<'a>(&'a Command);

impl Visit for Exec<'_> {
    type Out = anyhow::Result<Exit>;
    fn visit<G: Game>(self) -> anyhow::Result<Exit> {
        match self.0 {
            Command::Solve {
                solver,
                trace,
                limits,
                ..
            } => solve::<G>(solver, *trace, &limits.limits()?),
            Command::Gen { seed, profile, .. } => gen::<G>(*seed, profile.as_deref()),
            Command::Validate { file, kattis, .. } => validate::<G>(file.as_deref(), *kattis),
            Command::Package(args) => package_command::<G>(args),
            Command::Coverage {
                dir, cases, seed, ..
            } => coverage_command::<G>(dir.as_deref(), *cases, *seed),
            Command::Repro {
                seed,
                profile,
                solvers,
                limits,
                target,
            } => {
                let Some(seed) = seed else {
                    bail!(
                        "repro {target} needs --seed N (or give a corpus file instead of a game)"
                    );
                };
                let profile = check_profile::<G>(profile.as_deref())?;
                let solvers = solvers.clone().map_or_else(default_solvers, |l| l.0);
                let (input, _) = generate_case::<G>(*seed, profile);
                let header = format!("{} seed {seed} profile {profile}", G::ID);
                let cmd = driver::repro_command(G::ID.name(), *seed, profile, &solvers);
                show::<G>(&header, &input, &solvers, &limits.limits()?, Some(&cmd))
            }
            Command::Shrink {
                solvers,
                file,
                shrink_time,
                corpus,
                limits,
                ..
            } => shrink_command::<G>(
                &solvers.0,
                file.as_deref(),
                *shrink_time,
                corpus.as_deref(),
                &limits.limits()?,
            ),
            Command::List
            | Command::Diff(_)
            | Command::Corpus(_)
            | Command::Import(_)
            | Command::FuzzSeeds { .. } => {
                unreachable!("not game-generic")
            }
        }
    }
}

fn default_solvers() -> Vec<SolverSpec> {
    vec![SolverSpec::Engine, SolverSpec::Reference]
}

fn check_profile<G: Game>(profile: Option<&str>) -> anyhow::Result<&'static str> {
    match profile {
        None => Ok(G::PROFILES[0].name),
        Some(p) => G::PROFILES
            .iter()
            .find(|q| q.name == p)
            .map(|q| q.name)
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "game {} has no profile '{p}' (profiles: {})",
                    G::ID,
                    driver::profile_names::<G>()
                )
            }),
    }
}

fn list() {
    for &g in GameId::ALL {
        g.dispatch(ListGame);
    }
    outln!("solvers: engine, reference, brute (where marked), cmd:PATH (stdin -> stdout)");
}

struct ListGame;
impl Visit for ListGame {
    type Out = ();
    fn visit<G: Game>(self) {
        let brute = if G::HAS_BRUTE { ", brute" } else { "" };
        outln!("{} (solvers: engine, reference{brute})", G::ID);
        for p in G::PROFILES {
            outln!("  {:<12} {}", p.name, p.about);
        }
    }
}

/// Reads FILE or stdin as text. Non-UTF-8 bytes are an invalid input.
fn read_input(file: Option<&Path>) -> anyhow::Result<String> {
    let bytes = match file {
        Some(p) => std::fs::read(p).with_context(|| format!("reading {}", p.display()))?,
        None => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .context("reading stdin")?;
            b
        }
    };
    String::from_utf8(bytes).map_err(|e| {
        // Where the text stops being UTF-8.
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = good.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        let err = anyhow::Error::new(InputError::Parse(crate::text::ParseError {
            line,
            col,
            message: "the input is not UTF-8 text".into(),
        }));
        match file {
            Some(p) => err.context(p.display().to_string()),
            None => err,
        }
    })
}

fn solve<G: Game>(spec: &SolverSpec, trace: bool, limits: &Limits) -> anyhow::Result<Exit> {
    let text = read_input(None)?;
    let input = parse_valid::<G>(&text)?;
    if trace {
        match G::trace(&input) {
            Some(t) => eprint!("{t}"),
            None => eprintln!("note: {} has no trace", G::ID),
        }
    }
    let Some(run) = solver::run::<G>(spec, &input, &text, limits) else {
        bail!(
            "the brute-force solver of {} does not cover this input",
            G::ID
        );
    };
    match run.result {
        Ok(out) => {
            // The port's and external programs' own bytes, the engine's rendering.
            out!("{}", run.stdout.unwrap_or_else(|| G::render_output(&out)));
            Ok(Exit::Clean)
        }
        Err(f) => {
            if let Some(s) = run.stdout {
                out!("{s}");
            }
            eprintln!("{spec} failed: {f}");
            Ok(Exit::Found)
        }
    }
}

fn gen<G: Game>(seed: u64, profile: Option<&str>) -> anyhow::Result<Exit> {
    let profile = check_profile::<G>(profile)?;
    let (input, _) = generate_case::<G>(seed, profile);
    out!("{}", G::render(&input));
    Ok(Exit::Clean)
}

fn validate<G: Game>(file: Option<&Path>, kattis: bool) -> anyhow::Result<Exit> {
    if !kattis {
        let text = read_input(file)?;
        parse_valid::<G>(&text)?;
        eprintln!("valid {} input", G::ID);
        return Ok(Exit::Clean);
    }
    // An unreadable file is the validator's failure (exit 2), not a verdict;
    // bytes that are not text are an invalid input.
    let verdict = match read_input(file) {
        Ok(text) => parse_valid::<G>(&text)
            .map_err(anyhow::Error::new)
            .and_then(|input| canonical_layout(&text, &G::render(&input))),
        Err(e) if e.downcast_ref::<InputError>().is_some() => Err(e),
        Err(e) => return Err(e),
    };
    Ok(match verdict {
        Ok(()) => Exit::Code(42),
        Err(e) => {
            eprintln!("invalid {} input: {e:#}", G::ID);
            Exit::Code(43)
        }
    })
}

/// `Ok` when `text` is exactly `canonical`, else the first line that differs.
fn canonical_layout(text: &str, canonical: &str) -> anyhow::Result<()> {
    if text == canonical {
        return Ok(());
    }
    let mut got = text.split_inclusive('\n');
    let mut want = canonical.split_inclusive('\n');
    for line in 1.. {
        match (got.next(), want.next()) {
            (Some(g), Some(w)) if g == w => continue,
            (g, w) => bail!(
                "not in canonical layout: line {line} is {:?}, expected {:?}",
                g.unwrap_or("end of input"),
                w.unwrap_or("end of input")
            ),
        }
    }
    unreachable!("the texts differ")
}

fn package_command<G: Game>(args: &PackageArgs) -> anyhow::Result<Exit> {
    use crate::package;
    let opts = package::Options {
        tests: args.tests,
        seed: args.seed,
        corpus: args.corpus.clone(),
    };
    let limits = args.limits.limits()?;
    if let Some(CheckList(solvers)) = &args.check {
        package::ensure_solvers::<G>(solvers)?;
    }
    let findings = args.corpus.join(G::ID.name());
    if !findings.is_dir() {
        eprintln!(
            "note: no corpus at {}: the package holds no findings",
            findings.display()
        );
    }
    let p = package::build::<G>(&opts)?;
    let cwd = std::env::current_dir().context("reading the working directory")?;
    package::write(
        &p,
        args.layout,
        &args.out,
        args.force,
        &[&cwd, &args.corpus],
    )?;
    outln!(
        "{}: {} sample and {} secret tests ({} bytes) written to {}",
        G::ID,
        p.samples.len(),
        p.secret.len(),
        p.bytes(),
        args.out.display()
    );
    let cover = p.coverage();
    let columns = vec![
        ("tests".to_string(), cover.iter().map(|c| c.0).collect()),
        ("hits".to_string(), cover.iter().map(|c| c.1).collect()),
    ];
    out!("{}", package::coverage_table(&p.rules, &columns));
    let mut ok = true;
    for (rule, why) in &p.unreached {
        ok = false;
        outln!("not exercised: {rule}: {why}");
    }
    if let Some(CheckList(solvers)) = &args.check {
        for r in package::check::<G>(&p, solvers, &args.corpus, &limits)? {
            let names: Vec<String> = r.failed.iter().map(|(n, c)| format!("{n} ({c})")).collect();
            let skipped = match r.tests - r.ran {
                0 => String::new(),
                n => format!(" (not applicable to {n})"),
            };
            outln!(
                "check {}: fails {} of {} tests{skipped}{}{}",
                r.solver,
                r.failed.len(),
                r.ran,
                if names.is_empty() { "" } else { ": " },
                names.join(", ")
            );
            if !r.holds() {
                ok = false;
                outln!(
                    "check {}: fails corpus findings {} yet passes every test of the package",
                    r.solver,
                    r.corpus_failed.join(", ")
                );
            }
        }
    }
    Ok(if ok { Exit::Clean } else { Exit::Found })
}

fn coverage_command<G: Game>(dir: Option<&Path>, cases: u64, seed: u64) -> anyhow::Result<Exit> {
    use crate::package::{coverage_table, tally};
    let rules: Vec<_> = G::RULES.iter().map(|r| (r.name, r.about)).collect();
    let columns: Vec<(String, Vec<u64>)> = match dir {
        Some(dir) => {
            let mut files = Vec::new();
            collect_inputs(dir, &mut files)?;
            files.sort();
            if files.is_empty() {
                bail!("no .in files under {}", dir.display());
            }
            let mut hits = Vec::with_capacity(files.len());
            for f in &files {
                let text = read_input(Some(f))?;
                let input = parse_valid::<G>(&text).with_context(|| format!("{}", f.display()))?;
                hits.push(G::rule_hits(&input));
            }
            let t = tally(hits.iter().map(|h| &h[..]), rules.len());
            outln!("{}: {} tests under {}", G::ID, files.len(), dir.display());
            vec![
                ("tests".to_string(), t.iter().map(|c| c.0).collect()),
                ("hits".to_string(), t.iter().map(|c| c.1).collect()),
            ]
        }
        None => {
            outln!(
                "{}: inputs out of {cases} per profile (seeds {seed}..) that exercise each rule",
                G::ID
            );
            G::PROFILES
                .iter()
                .map(|p| {
                    let hits: Vec<Vec<u64>> = (0..cases)
                        .map(|i| G::rule_hits(&generate_case::<G>(seed.wrapping_add(i), p.name).0))
                        .collect();
                    let t = tally(hits.iter().map(|h| &h[..]), rules.len());
                    (p.name.to_string(), t.iter().map(|c| c.0).collect())
                })
                .collect()
        }
    };
    out!("{}", coverage_table(&rules, &columns));
    let missed: Vec<&str> = rules
        .iter()
        .enumerate()
        .filter(|(i, _)| columns.iter().all(|(_, c)| c[*i] == 0))
        .map(|(_, r)| r.0)
        .collect();
    if missed.is_empty() {
        outln!("every rule of {} is exercised", G::ID);
        Ok(Exit::Clean)
    } else {
        outln!("not exercised: {}", missed.join(", "));
        Ok(Exit::Found)
    }
}

/// Every `.in` file under `dir`, recursively.
fn collect_inputs(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let rd = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for e in rd {
        let path = e
            .with_context(|| format!("reading {}", dir.display()))?
            .path();
        if path.is_dir() {
            collect_inputs(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "in") {
            out.push(path);
        }
    }
    Ok(())
}

fn shrink_command<G: Game>(
    solvers: &[SolverSpec],
    file: Option<&Path>,
    time: f64,
    corpus_root: Option<&Path>,
    limits: &Limits,
) -> anyhow::Result<Exit> {
    let text = read_input(file)?;
    let input = parse_valid::<G>(&text)?;
    let c = verdict::compare::<G>(solvers, &input, &text, limits);
    let Some(sig) = c.signature else {
        eprintln!("no divergence between the solvers on this input: nothing to shrink");
        return Ok(Exit::Clean);
    };
    let bounds = ShrinkLimits {
        time: seconds(time, "--shrink-time")?,
        ..ShrinkLimits::default()
    };
    let small = shrink::shrink_finding::<G>(solvers, &sig, input, None, limits, &bounds);
    let out = G::render(&small);
    eprintln!(
        "divergence [{sig}]: {} bytes shrunk to {}",
        text.len(),
        out.len()
    );
    if let Some(root) = corpus_root {
        let c = verdict::compare::<G>(solvers, &small, &out, limits);
        let meta = corpus::Meta::new::<G>(&sig, solvers, &c.runs, None, None);
        let stored = corpus::store(root, G::ID, &out, meta)?;
        eprintln!("corpus: {}", stored.path().display());
    }
    out!("{out}");
    Ok(Exit::Found)
}

/// Prints an input, every solver's answer, the differing lines and the trace.
fn show<G: Game>(
    header: &str,
    input: &G::Input,
    solvers: &[SolverSpec],
    limits: &Limits,
    repro: Option<&str>,
) -> anyhow::Result<Exit> {
    let text = G::render(input);
    if let Err(e) = G::validate(input) {
        bail!("the input is not valid ({e}); this is a harness bug");
    }
    let c = verdict::compare::<G>(solvers, input, &text, limits);
    outln!("== input ({header}) ==");
    out!("{text}");
    let mut shown: Vec<(String, String)> = Vec::new();
    for (spec, run) in solvers.iter().zip(&c.runs) {
        match run {
            None => outln!("== {spec}: not applicable to this input =="),
            Some(run) => {
                outln!("== {spec}: {} ==", run.class());
                let out = answer_text::<G>(run);
                out!("{out}");
                if let Err(f) = &run.result {
                    outln!("(fault: {f})");
                }
                shown.push((spec.to_string(), out));
            }
        }
    }
    match &c.signature {
        None => outln!("== all solvers agree =="),
        Some(sig) => {
            outln!("== divergence: {sig} ==");
            if let Some((base_name, base)) = shown.first() {
                for (name, out) in &shown[1..] {
                    print_line_diff(base_name, base, name, out);
                }
            }
        }
    }
    if let Some(t) = G::trace(input) {
        outln!("== engine trace ==");
        out!("{t}");
    }
    if let Some(cmd) = repro {
        outln!("== repro: {cmd}");
    }
    Ok(if c.signature.is_some() {
        Exit::Found
    } else {
        Exit::Clean
    })
}

fn answer_text<G: Game>(run: &Run<G::Output>) -> String {
    match (&run.stdout, &run.result) {
        (Some(s), _) => s.clone(),
        (None, Ok(o)) => G::render_output(o),
        (None, Err(_)) => String::new(),
    }
}

fn print_line_diff(a_name: &str, a: &str, b_name: &str, b: &str) {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let mut shown = 0;
    for i in 0..la.len().max(lb.len()) {
        let (x, y) = (la.get(i).copied(), lb.get(i).copied());
        if x.map(str::trim_end) != y.map(str::trim_end) {
            if shown == 0 {
                outln!("differing lines ({a_name} | {b_name}):");
            }
            shown += 1;
            if shown > 20 {
                outln!("  ...");
                break;
            }
            outln!(
                "  line {}: {} | {}",
                i + 1,
                x.unwrap_or("<missing>"),
                y.unwrap_or("<missing>")
            );
        }
    }
}

/// `repro <CORPUS-FILE>`: re-run the solvers an entry recorded.
fn repro_file(cmd: &Command) -> anyhow::Result<Exit> {
    let Command::Repro {
        target,
        solvers,
        limits,
        seed,
        ..
    } = cmd
    else {
        unreachable!()
    };
    if seed.is_some() {
        bail!("--seed goes with a game id, not with a corpus file");
    }
    let path = PathBuf::from(target);
    let path_in = if path.extension().is_some_and(|e| e == "json") {
        path.with_extension("in")
    } else {
        path
    };
    if !path_in.exists() {
        let names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
        bail!(
            "'{target}' is neither a game ({}) nor an existing corpus file or fuzz artifact",
            names.join(", ")
        );
    }
    // A cargo-fuzz artifact (no metadata beside it, found under
    // `diff_<game>/` or `parse_<game>/`): decode it as its target does.
    if !path_in.with_extension("json").exists() {
        if let Some((kind, game)) = crate::fuzz::target_of(&path_in) {
            let data = std::fs::read(&path_in)
                .with_context(|| format!("reading {}", path_in.display()))?;
            let solvers = solvers.clone().map_or_else(default_solvers, |l| l.0);
            return game.dispatch(ReproArtifact {
                path: &path_in,
                data: &data,
                kind,
                solvers: &solvers,
                limits: &limits.limits()?,
            });
        }
    }
    let entry = corpus::load_entry(&path_in)?;
    let game = GameId::from_name(&entry.meta.game)
        .with_context(|| format!("{}: unknown game '{}'", path_in.display(), entry.meta.game))?;
    let solvers = match solvers {
        Some(s) => s.0.clone(),
        None => corpus::entry_solvers(&entry.meta)?,
    };
    game.dispatch(ReproEntry {
        entry: &entry,
        solvers: &solvers,
        limits: &limits.limits()?,
    })
}

struct ReproArtifact<'a> {
    path: &'a Path,
    data: &'a [u8],
    kind: crate::fuzz::Kind,
    solvers: &'a [SolverSpec],
    limits: &'a Limits,
}

impl Visit for ReproArtifact<'_> {
    type Out = anyhow::Result<Exit>;
    fn visit<G: Game>(self) -> anyhow::Result<Exit> {
        let input = match self.kind {
            crate::fuzz::Kind::Diff => crate::fuzz::decode::<G>(self.data).input,
            crate::fuzz::Kind::Parse => {
                let text = std::str::from_utf8(self.data).map_err(|_| {
                    anyhow::anyhow!("{}: the artifact is not UTF-8 text", self.path.display())
                })?;
                parse_valid::<G>(text)?
            }
        };
        let header = format!("{}, fuzz artifact {}", G::ID, self.path.display());
        show::<G>(&header, &input, self.solvers, self.limits, None)
    }
}

struct ReproEntry<'a> {
    entry: &'a corpus::Entry,
    solvers: &'a [SolverSpec],
    limits: &'a Limits,
}

impl Visit for ReproEntry<'_> {
    type Out = anyhow::Result<Exit>;
    fn visit<G: Game>(self) -> anyhow::Result<Exit> {
        let input = parse_valid::<G>(&self.entry.input)?;
        let m = &self.entry.meta;
        outln!("{}", m.description);
        outln!("recorded signature: {}", m.signature);
        let header = format!("{}, {}", G::ID, self.entry.path.display());
        show::<G>(&header, &input, self.solvers, self.limits, None)
    }
}

fn diff_command(args: &DiffArgs) -> anyhow::Result<Exit> {
    let games: Vec<GameId> = match args.target {
        Target::All => GameId::ALL.to_vec(),
        Target::One(g) => vec![g],
    };
    if args.profile.is_some() && games.len() > 1 {
        bail!("--profile names a profile of one game; use it with a game id, not with all");
    }
    let amount = match (args.cases, args.time) {
        (Some(0), _) => bail!("--cases must be at least 1"),
        (Some(n), _) => Amount::Cases(n),
        (None, t) => {
            let total = seconds(t.unwrap_or(60.0), "--time")?;
            Amount::Time(total / games.len() as u32)
        }
    };
    let jobs = match args.jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let opts = DiffOptions {
        solvers: args.solvers.0.clone(),
        amount,
        seed: args.seed,
        profile: args.profile.clone(),
        jobs,
        corpus: (!args.no_store).then(|| args.corpus.clone()),
        limits: args.limits.limits()?,
        shrink: if args.no_shrink {
            ShrinkLimits::none()
        } else {
            ShrinkLimits::default()
        },
        progress: true,
        pack: match args.pack {
            Some(0) => bail!("--pack must be at least 1"),
            Some(k) => k,
            None if args
                .solvers
                .0
                .iter()
                .any(|s| matches!(s, SolverSpec::Cmd(_))) =>
            {
                32
            }
            None => 1,
        },
        shard: args.shard.unwrap_or((0, 1)),
    };
    // Made up front: a path that cannot hold a corpus fails now, not after a
    // long run, and a campaign without findings still leaves its (empty)
    // corpus root for `corpus merge`.
    if let Some(root) = &opts.corpus {
        std::fs::create_dir_all(root)
            .with_context(|| format!("creating corpus root {}", root.display()))?;
    }
    let stop = stop_flag();
    let mut summaries = Vec::new();
    for g in games {
        let s = g.dispatch(DiffGame { opts: &opts, stop })?;
        report(&s, args.json);
        summaries.push(s);
    }
    if args.json {
        let v = if summaries.len() == 1 {
            serde_json::to_value(&summaries[0])?
        } else {
            let total = |f: fn(&Summary) -> u64| summaries.iter().map(f).sum::<u64>();
            let elapsed: f64 = summaries.iter().map(|s| s.elapsed_s).sum();
            serde_json::json!({
                "game": "all",
                "cases": total(|s| s.cases),
                "compared": total(|s| s.compared),
                "divergences": total(|s| s.divergences),
                "signatures": summaries.iter().flat_map(|s| s.signatures.iter().map(move |r| {
                    let mut v = serde_json::to_value(r).expect("serialisable");
                    v["game"] = serde_json::Value::from(s.game);
                    v
                })).collect::<Vec<_>>(),
                "elapsed_s": elapsed,
                "games": summaries,
            })
        };
        outln!("{}", serde_json::to_string(&v)?);
    }
    Ok(if summaries.iter().any(|s| s.divergences > 0) {
        Exit::Found
    } else {
        Exit::Clean
    })
}

struct DiffGame<'a> {
    opts: &'a DiffOptions,
    stop: &'static AtomicBool,
}

impl Visit for DiffGame<'_> {
    type Out = anyhow::Result<Summary>;
    fn visit<G: Game>(self) -> anyhow::Result<Summary> {
        driver::diff::<G>(self.opts, self.stop)
    }
}

/// The first Ctrl-C ends the run after the current batch (findings are still
/// shrunk and stored); a second one exits at once.
fn stop_flag() -> &'static AtomicBool {
    static STOP: AtomicBool = AtomicBool::new(false);
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if STOP.swap(true, std::sync::atomic::Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!(
                "\ninterrupted: finishing the current batch, then shrinking and storing findings"
            );
        });
    });
    &STOP
}

/// `corpus merge`: every entry of every source goes through `corpus::store`,
/// which keeps the smallest exemplar per signature and writes atomically.
fn corpus_merge(dirs: &[PathBuf], into: &Path) -> anyhow::Result<Exit> {
    let mut entries = Vec::new();
    for dir in dirs {
        if !dir.is_dir() {
            bail!("corpus merge: '{}' is not a directory", dir.display());
        }
        let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let found = if GameId::from_name(name).is_some() {
            corpus::load_dir(dir)?
        } else {
            corpus::load_all(dir)?
        };
        eprintln!("{}: {} entries", dir.display(), found.len());
        entries.extend(found);
    }
    let (mut added, mut replaced, mut known) = (0, 0, 0);
    for e in entries {
        let game = GameId::from_name(&e.meta.game)
            .with_context(|| format!("{}: unknown game '{}'", e.path.display(), e.meta.game))?;
        match corpus::store(into, game, &e.input, e.meta.clone())? {
            corpus::Stored::Added(_) => added += 1,
            corpus::Stored::Replaced { .. } => replaced += 1,
            corpus::Stored::Known(_) => known += 1,
        }
    }
    outln!(
        "merged into {}: {added} added, {replaced} replaced a larger exemplar, {known} already there",
        into.display()
    );
    Ok(Exit::Clean)
}

/// The human report of one game's run: on stdout, or on stderr with --json.
fn report(s: &Summary, json: bool) {
    let mut out = String::new();
    out += &format!(
        "{}: {} cases ({} compared) in {:.1}s ({:.0} cases/s, {} jobs), {} divergences, {} distinct signatures\n",
        s.game,
        s.cases,
        s.compared,
        s.elapsed_s,
        s.cases_per_s,
        s.jobs,
        s.divergences,
        s.signatures.len()
    );
    for r in &s.signatures {
        out += &format!("  [{}] x{}\n", r.signature, r.count);
        if r.packed {
            out += "    only when cases share one file (no case diverges alone: state kept between cases?)\n";
        }
        out += &format!(
            "    smallest found: seed {} profile {} ({} bytes, shrunk to {})\n",
            r.seed, r.profile, r.found_bytes, r.shrunk_bytes
        );
        out += &format!("    repro: {}\n", r.repro);
        if let (Some(p), Some(st)) = (&r.corpus, r.corpus_status) {
            out += &format!("    corpus: {p} ({st})\n");
        }
    }
    if json {
        eprint!("{out}");
    } else {
        out!("{out}");
    }
}

/// `import`: a fuzz artifact becomes a shrunk corpus entry (exit 1 when it
/// shows a divergence, 0 when the solvers agree on it).
fn import_command(a: &ImportArgs) -> anyhow::Result<Exit> {
    use crate::fuzz::Kind;
    let target = match (a.game, a.kind.as_deref()) {
        (Some(g), Some("parse")) => Some((Kind::Parse, g)),
        (Some(g), Some(_)) => Some((Kind::Diff, g)),
        _ => None,
    };
    let bounds = ShrinkLimits {
        time: seconds(a.shrink_time, "--shrink-time")?,
        ..ShrinkLimits::default()
    };
    let found = crate::fuzz::import(&a.artifact, target, &a.corpus, &bounds)?;
    Ok(if found { Exit::Found } else { Exit::Clean })
}
