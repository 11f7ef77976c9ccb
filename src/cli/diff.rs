//! `gamefuzz diff`: a differential campaign on one game or on all of them.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;

use super::{emit, seconds, stderr_block, Exit, LimitArgs, SolverList};
use crate::driver::{self, Amount, DiffOptions, ShrinkState, SignatureReport, Summary};
use crate::explain::show as explained;
use crate::game::{Game, Visit};
use crate::id::GameId;
use crate::interrupt;
use crate::shrink::ShrinkLimits;
use crate::solver::SolverSpec;

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
    /// Comma-separated solvers; every one is compared with the first:
    /// engine, reference, brute, mistake:NAME (a catalogued mistake, see
    /// `gamefuzz mistakes GAME`), or cmd:COMMAND, a program started with no
    /// shell, its command line split into words like a shell would (quotes
    /// honoured, nothing expanded; a comma in quotes does not split the
    /// list), e.g. --solvers 'engine,cmd:python3 sol.py', or a source file
    /// (.cpp .cc .cxx .c .rs .py), built as a judge builds it, e.g.
    /// --solvers engine,my.cpp.
    #[arg(long, default_value = "engine,reference")]
    pub solvers: SolverList,
    /// Number of cases (per game).
    #[arg(long, conflicts_with = "time")]
    pub cases: Option<u64>,
    /// Run the solvers on these judge input files instead of generated
    /// cases: each file, and every `.in` file under each folder
    /// (recursively, in sorted order), is read and validated, then compared
    /// as a generated case is (an invalid one is reported, counted and not
    /// run). Runs every file unless --time ends it first.
    #[arg(
        long,
        value_name = "PATH",
        num_args = 1..,
        conflicts_with_all = ["cases", "seed", "profile", "shard"]
    )]
    pub inputs: Vec<PathBuf>,
    /// Wall-clock budget in seconds, split evenly between games for `all`
    /// [default: 60 when --cases is not given].
    #[arg(long, value_parser = super::positive_seconds, allow_hyphen_values = true)]
    pub time: Option<f64>,
    /// Base seed: case i uses seed + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Use one profile; default: rotate through every profile of the game.
    #[arg(long)]
    pub profile: Option<String>,
    /// Worker threads, at most 256 [default: all cores].
    #[arg(long, value_parser = super::jobs, allow_hyphen_values = true)]
    pub jobs: Option<usize>,
    /// Corpus root; findings go to <DIR>/<game>/.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Do not write findings to the corpus.
    #[arg(long)]
    pub no_store: bool,
    /// Do not shrink findings (they are stored marked unshrunk; a later run
    /// that meets them shrinks them).
    #[arg(long)]
    pub no_shrink: bool,
    /// Wall-clock budget of all the run's shrinking, in seconds, shared
    /// between its findings (cheapest first) and, for `all`, split evenly
    /// between games [default: --time, or 60 with --cases].
    #[arg(long, value_name = "SECS", conflicts_with = "no_shrink",
          value_parser = super::any_seconds, allow_hyphen_values = true)]
    pub shrink_time: Option<f64>,
    /// Wall-clock budget, in seconds, of explaining the run's signatures
    /// after they are shrunk (rules involved, what matters in the input,
    /// the nearest input on which the program is right, the catalogued
    /// mistakes): the catalogue of every signature within half of it,
    /// then the rest shared fairly between them; for `all`, split evenly
    /// between games; 0 explains nothing [default: the shrink time].
    #[arg(long, value_name = "SECS", value_parser = super::any_seconds,
          allow_hyphen_values = true)]
    pub explain_time: Option<f64>,
    /// Explain without running the programs on inputs one edit away from
    /// each exemplar: the catalogue and the rules involved only (what
    /// matters and the smallest change are left out), for a program slow
    /// to start.
    #[arg(long)]
    pub no_vary: bool,
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
    /// Also write the run as one self-contained HTML page: summary,
    /// then per signature its input, outputs side by side, boards and
    /// trace (open it with any browser, e.g. xdg-open FILE).
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    /// When the run exits 1: `any` divergence (even of a signature the
    /// corpus already holds), only a `new` signature, or `never`.
    #[arg(long, value_enum, default_value_t = FailOn::Any)]
    pub fail_on: FailOn,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Which findings make `diff` exit 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FailOn {
    /// A signature the corpus did not hold before the run.
    New,
    /// Any divergence.
    Any,
    /// None: exit 0 whatever is found (errors still exit 2).
    Never,
}

/// `I/N` with 1 <= I <= N, as the 0-based pair `(I-1, N)`.
fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let bad = || {
        format!(
            "--shard takes I/N with 1 <= I <= N, got {}",
            crate::show::quoted(s)
        )
    };
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

pub(super) fn run(args: &DiffArgs) -> anyhow::Result<Exit> {
    let games: Vec<GameId> = match args.target {
        Target::All => GameId::ALL.to_vec(),
        Target::One(g) => vec![g],
    };
    if args.profile.is_some() && games.len() > 1 {
        bail!("--profile names a profile of one game; use it with a game id, not with all");
    }
    if !args.inputs.is_empty() && games.len() > 1 {
        bail!("--inputs holds input files of one game; use it with a game id, not with all");
    }
    let files = input_files(&args.inputs)?;
    let opts = options(args, games.len(), files.len())?;
    for &g in &games {
        g.dispatch(CheckOptions(&opts))?;
    }
    // Checked up front, creating nothing: a path that cannot hold a corpus
    // or a report fails now, not after a long run.
    if let Some(root) = &opts.corpus {
        super::ensure_creatable_dir(root, "--corpus")?;
    }
    if let Some(path) = &args.report {
        super::ensure_writable_file(path, "--report")?;
    }
    let mut summaries = Vec::new();
    let mut sections = Vec::new();
    for g in games {
        // A reader that went away (`| head`) has what it wanted: the games
        // left would be run for nobody. Their findings so far are stored.
        if interrupt::stopped() || crate::console::out_closed() {
            break;
        }
        let (s, html) = g.dispatch(DiffGame {
            opts: &opts,
            html: args.report.is_some(),
            files: &files,
            corpus: &args.corpus,
        })?;
        report(&s, args.json);
        summaries.push(s);
        sections.extend(html);
    }
    if args.json {
        outln!("{}", serde_json::to_string(&json_summary(&summaries)?)?);
    }
    if let Some(path) = &args.report {
        let page = crate::report::diff_page(&summaries, &sections);
        std::fs::write(path, page).with_context(|| format!("writing {}", path.display()))?;
        crate::console::errln!("report written to {}", path.display());
    }
    if summaries.len() > 1 {
        let line = total_line(&summaries);
        match args.json {
            true => crate::console::errln!("{line}"),
            false => outln!("{line}"),
        }
    }
    // An invalid input file is a finding too: the setter's test data is
    // wrong (exit 1, as `validate` says it).
    let invalid = summaries.iter().any(|s| s.invalid > 0);
    let fails = match args.fail_on {
        FailOn::Any => invalid || summaries.iter().any(|s| s.divergences > 0),
        FailOn::New => invalid || summaries.iter().any(|s| s.new_signatures > 0),
        FailOn::Never => false,
    };
    Ok(if fails { Exit::Found } else { Exit::Clean })
}

/// The last line of a run over several games: what it found in all, and
/// how much of it is new.
fn total_line(summaries: &[Summary]) -> String {
    let total = |f: fn(&Summary) -> u64| summaries.iter().map(f).sum::<u64>();
    format!(
        "all: {} games, {} cases, {} divergences, {} distinct signatures: {} new, {} already in the corpus",
        summaries.len(),
        total(|s| s.cases),
        total(|s| s.divergences),
        total(|s| s.signatures.len() as u64),
        total(|s| s.new_signatures),
        total(|s| s.known_signatures),
    )
}

/// The files `--inputs` names: each file as given, and the `.in` files
/// under each folder, recursively, in sorted order.
fn input_files(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).with_context(|| format!("--inputs {}", p.display()))?;
        if !meta.is_dir() {
            files.push(p.clone());
            continue;
        }
        let before = files.len();
        in_files(p, &mut files)?;
        if files.len() == before {
            bail!("--inputs {}: the folder holds no .in file", p.display());
        }
    }
    Ok(files)
}

/// Appends the `.in` files under `dir`, recursively, in sorted order.
fn in_files(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let mut entries = std::fs::read_dir(dir)
        .and_then(|it| {
            it.map(|e| e.map(|e| e.path()))
                .collect::<Result<Vec<_>, _>>()
        })
        .with_context(|| format!("reading folder {}", dir.display()))?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            in_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "in") {
            out.push(path);
        }
    }
    Ok(())
}

/// The driver's options from the flags; a `--time` budget is split evenly
/// between the `games` games of the run. With `files` input files, the run
/// is as many cases unless `--time` is given.
fn options(args: &DiffArgs, games: usize, files: usize) -> anyhow::Result<DiffOptions> {
    let cases = match (files, args.time) {
        (0, _) => args.cases,
        (n, None) => Some(n as u64),
        (_, Some(_)) => None,
    };
    let (amount, shrink_time) = match (cases, args.time) {
        (Some(0), _) => bail!("--cases must be at least 1"),
        (Some(n), _) => (Amount::Cases(n), 60.0),
        (None, t) => {
            let total = seconds(t.unwrap_or(60.0));
            (Amount::Time(total / games as u32), total.as_secs_f64())
        }
    };
    let explain_time = seconds(
        args.explain_time
            .unwrap_or(args.shrink_time.unwrap_or(shrink_time)),
    );
    let shrink_time = seconds(args.shrink_time.unwrap_or(shrink_time));
    let jobs = super::jobs_or_cores(args.jobs);
    let limits = args.limits.calibrated_limits()?;
    let external = args.solvers.0.iter().any(SolverSpec::is_program);
    let pack = match args.pack {
        Some(0) => bail!("--pack must be at least 1"),
        Some(k) => k,
        None if external => 32,
        None => 1,
    };
    Ok(DiffOptions {
        solvers: args.solvers.0.clone(),
        amount,
        seed: args.seed,
        profile: args.profile.clone(),
        jobs,
        corpus: (!args.no_store).then(|| args.corpus.clone()),
        limits,
        shrink: if args.no_shrink {
            ShrinkLimits::none()
        } else {
            ShrinkLimits {
                time: shrink_time / games as u32,
                jobs,
                ..ShrinkLimits::default()
            }
        },
        explain: explain_time / games as u32,
        vary: !args.no_vary,
        progress: true,
        pack,
        shard: args.shard.unwrap_or((0, 1)),
    })
}

/// The `--json` object: one game's summary, or for `all` the totals, every
/// signature tagged with its game, and each game's summary.
fn json_summary(summaries: &[Summary]) -> anyhow::Result<serde_json::Value> {
    if let [only] = summaries {
        return Ok(serde_json::to_value(only)?);
    }
    let total = |f: fn(&Summary) -> u64| summaries.iter().map(f).sum::<u64>();
    let elapsed: f64 = summaries.iter().map(|s| s.elapsed_s).sum();
    Ok(serde_json::json!({
        "game": "all",
        "cases": total(|s| s.cases),
        "compared": total(|s| s.compared),
        "divergences": total(|s| s.divergences),
        "new_signatures": total(|s| s.new_signatures),
        "known_signatures": total(|s| s.known_signatures),
        "signatures": summaries.iter().flat_map(|s| s.signatures.iter().map(move |r| {
            let mut v = serde_json::to_value(r).expect("serialisable");
            v["game"] = serde_json::Value::from(s.game);
            v
        })).collect::<Vec<_>>(),
        "elapsed_s": elapsed,
        "interrupted": interrupt::stopped(),
        "games": summaries,
    }))
}

struct DiffGame<'a> {
    opts: &'a DiffOptions,
    /// Whether to render the HTML report's sections of the game.
    html: bool,
    /// Judge input files to run instead of generated cases.
    files: &'a [PathBuf],
    /// The corpus whose signatures are known, read even with --no-store.
    corpus: &'a Path,
}

impl Visit for DiffGame<'_> {
    type Out = anyhow::Result<(Summary, Vec<String>)>;
    fn visit<G: Game>(self) -> Self::Out {
        // Read before the run, which stores as it goes.
        let known = driver::known_signatures::<G>(self.corpus)?;
        let mut s = match self.files {
            [] => driver::diff::<G>(self.opts)?,
            files => driver::diff_files::<G>(self.opts, files)?,
        };
        // A campaign that ran leaves its corpus root, empty if it found
        // nothing, for `corpus merge`; one that ran no case leaves nothing.
        if let Some(root) = &self.opts.corpus {
            std::fs::create_dir_all(root)
                .with_context(|| format!("creating corpus root {}", root.display()))?;
        }
        s.mark_known(&known);
        let html = match self.html {
            true => crate::report::diff_sections::<G>(
                &s,
                &crate::report::Rerun {
                    solvers: &self.opts.solvers,
                    limits: &self.opts.limits,
                },
            ),
            false => Vec::new(),
        };
        Ok((s, html))
    }
}

/// Refuses options a game cannot run (solvers, profile, shard), before
/// any game's work starts.
struct CheckOptions<'a>(&'a DiffOptions);

impl Visit for CheckOptions<'_> {
    type Out = anyhow::Result<()>;
    fn visit<G: Game>(self) -> anyhow::Result<()> {
        driver::check_options::<G>(self.0)
    }
}

/// The human report of one game's run: on stdout, or on stderr with --json.
fn report(s: &Summary, json: bool) {
    let mut out = String::new();
    let invalid = match s.invalid {
        0 => String::new(),
        n => format!(", {n} invalid input files not run"),
    };
    let novelty = match s.signatures.len() {
        0 => String::new(),
        _ => format!(
            ": {} new, {} already in the corpus",
            s.new_signatures, s.known_signatures
        ),
    };
    out += &format!(
        "{}: {} cases ({} compared{invalid}) in {:.1}s ({:.0} cases/s, {} jobs), {} divergences, {} distinct signatures{novelty}{}\n",
        s.game,
        s.cases,
        s.compared,
        s.elapsed_s,
        s.cases_per_s,
        s.jobs,
        s.divergences,
        s.signatures.len(),
        if s.interrupted { " (interrupted)" } else { "" }
    );
    // Rule events are worth the lines for a program being checked.
    let external = s
        .solvers
        .iter()
        .any(|s| s.parse::<SolverSpec>().is_ok_and(|s| s.is_program()));
    for r in &s.signatures {
        out += &signature_block(r, external);
    }
    if json {
        crate::console::errs!("{out}");
    } else {
        out!("{out}");
    }
}

/// The lines of one signature in the human report.
fn signature_block(r: &SignatureReport, external: bool) -> String {
    let mut out = String::new();
    let known = if r.new {
        ""
    } else {
        " (already in the corpus)"
    };
    out += &format!("  [{}] x{}{known}\n", r.signature, r.count);
    if r.packed {
        out += "    only when cases share one file (no case diverges alone: state kept between cases?)\n";
    }
    let why = r.shrink_note.map_or(String::new(), |n| format!(": {n}"));
    let shrunk = match r.shrink {
        ShrinkState::Shrunk => format!("shrunk to {}", r.shrunk_bytes),
        ShrinkState::Partly => format!("partly shrunk to {}{why}", r.shrunk_bytes),
        ShrinkState::NotShrunk => format!("not shrunk{why}"),
        ShrinkState::Known => format!(
            "not shrunk again: the corpus holds a shrunk exemplar of {}",
            r.shrunk_bytes
        ),
    };
    let origin = match (&r.file, r.seed, &r.profile) {
        (Some(f), _, _) => format!("file {f}"),
        (None, Some(seed), Some(p)) => format!("seed {seed} profile {p}"),
        (None, Some(seed), None) => format!("seed {seed}"),
        (None, None, _) => "the input files of its pack".to_string(),
    };
    out += &format!(
        "    smallest found: {origin} ({} bytes, {shrunk})\n",
        r.found_bytes
    );
    for f in &r.faults {
        out += &format!("    {}: {}\n", f.solver, f.fault);
        if let Some(e) = &f.stderr {
            out += &stderr_block(e, "      ", 10);
        }
    }
    if explained::inline(&r.input) {
        out += "    input:\n";
        out += &explained::annotated(&r.input, r.explain.as_ref(), "      ");
    }
    if external && !r.rules.is_empty() {
        let rules: Vec<String> = r
            .rules
            .iter()
            .map(|h| format!("{} x{}", h.rule, h.hits))
            .collect();
        out += &format!("    engine's rules on it: {}\n", rules.join(", "));
    }
    if let Some(e) = &r.explain {
        for l in explained::lines(e) {
            out += format!("    {l}").trim_end();
            out += "\n";
        }
    }
    out += &match (r.repro_rebuilds, &r.original_repro) {
        ("reported", None) => format!("    repro: {}\n", r.repro),
        ("reported", Some(o)) => format!(
            "    repro: {}\n    unshrunk original ({} bytes): {o}\n",
            r.repro, r.found_bytes
        ),
        _ => format!(
            "    repro of the unshrunk original ({} bytes; the input above is not stored): {}\n",
            r.found_bytes, r.repro
        ),
    };
    if let (Some(p), Some(st)) = (&r.corpus, r.corpus_status) {
        out += &format!("    corpus: {p} ({st})\n");
    }
    out
}
