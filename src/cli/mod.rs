//! The command line: one file per subcommand, holding its arguments and its
//! body; bodies generic over the game are reached through the single
//! `GameId::dispatch`.

use std::io::Read;
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use crate::fault::Budget;
use crate::game::{Game, InputError, Visit};
use crate::id::GameId;
use crate::solver::{parse_solver_list, Limits, SolverSpec};

/// Writes to stdout ([`crate::console::out`]): after a closed pipe
/// (`gamefuzz gen ... | head`) the rest is dropped and the command ends with
/// the exit code of what it did.
fn emit(s: &str) {
    crate::console::out(s);
}

macro_rules! out {
    ($($t:tt)*) => { emit(&format!($($t)*)) };
}

macro_rules! outln {
    ($($t:tt)*) => { emit(&(format!($($t)*) + "\n")) };
}

mod boards;
mod check;
mod completions;
mod corpus;
mod coverage;
mod diff;
mod fuzz_seeds;
mod gen;
mod import;
mod list;
mod man;
mod mistakes;
mod package;
mod repro;
mod shrink;
mod solve;
mod validate;

pub use check::CheckArgs;
pub use completions::{CompletionsArgs, Shell};
pub use corpus::CorpusCommand;
pub use coverage::CoverageArgs;
pub use diff::{DiffArgs, Target};
pub use fuzz_seeds::FuzzSeedsArgs;
pub use gen::GenArgs;
pub use import::ImportArgs;
pub use man::ManArgs;
pub use mistakes::MistakesArgs;
pub use package::{PackageArgs, ProgramList};
pub use repro::ReproArgs;
pub use shrink::ShrinkArgs;
pub use solve::SolveArgs;
pub use validate::ValidateArgs;

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
    Solve(SolveArgs),
    /// Print one valid judge input.
    Gen(GenArgs),
    /// Check a judge input (FILE or stdin): exit 0 if valid, 1 with the reason if not.
    Validate(ValidateArgs),
    /// Write a judge package: the official sample, a secret test set chosen to
    /// exercise every rule and fail every solution the corpus convicts, and
    /// answers from the engine.
    Package(PackageArgs),
    /// Check a package on disk (DIR/data, gamefuzz-made or not): every test
    /// validated, every answer file and solver compared with the engine;
    /// exit 1 if any test fails.
    Check(CheckArgs),
    /// How often a test set (every .in file under DIR, e.g. a package) or,
    /// without DIR, each generator profile exercises each rule of the engine,
    /// and which tests kill each catalogued mistake; exit 1 if some rule is
    /// never exercised or some mistake survives every test.
    Coverage(CoverageArgs),
    /// Run solvers side by side on generated inputs; shrink and store every divergence.
    Diff(DiffArgs),
    /// List the game's catalogue of plausible wrong solutions, each a solver
    /// mistake:NAME, with the rule it bends and the section of the rules.
    Mistakes(MistakesArgs),
    /// Rebuild a finding from a per-case seed, a corpus file or a fuzz artifact and show every solver's answer.
    Repro(ReproArgs),
    /// Shrink a judge input (FILE or stdin) to a minimal valid input with the same divergence.
    Shrink(ShrinkArgs),
    /// Corpus maintenance.
    #[command(subcommand)]
    Corpus(CorpusCommand),
    /// Turn a cargo-fuzz artifact (`fuzz/artifacts/diff_<game>/crash-...`) into a shrunk corpus entry.
    Import(ImportArgs),
    /// Write the fuzz seed corpora (generated inputs) to DIR/<target>/.
    FuzzSeeds(FuzzSeedsArgs),
    /// Print a completion script for bash, zsh or fish on stdout.
    Completions(CompletionsArgs),
    /// Write a man page per command into DIR (gamefuzz.1, gamefuzz-diff.1, ...).
    Man(ManArgs),
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
    // The commands that keep what they found when interrupted; the others
    // kill the programs they run and exit 130.
    crate::interrupt::install(matches!(
        cli.command,
        Command::Diff(_) | Command::Shrink(_) | Command::Import(_)
    ));
    match &cli.command {
        Command::List => list::run(),
        Command::Solve(args) => on_game(args),
        Command::Gen(args) => on_game(args),
        Command::Validate(args) => on_game(args),
        Command::Package(args) => on_game(args),
        Command::Check(args) => check::run(args),
        Command::Coverage(args) => on_game(args),
        Command::Diff(args) => diff::run(args),
        Command::Mistakes(args) => on_game(args),
        Command::Repro(args) => repro::run(args),
        Command::Shrink(args) => on_game(args),
        Command::Corpus(cmd) => corpus::run(cmd),
        Command::Import(args) => import::run(args),
        Command::FuzzSeeds(args) => fuzz_seeds::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    }
}

/// A subcommand whose body is generic over the one game its arguments name.
trait GameCommand {
    fn game(&self) -> GameId;
    fn run<G: Game>(&self) -> anyhow::Result<Exit>;
}

/// Runs a [`GameCommand`] on its game.
fn on_game<C: GameCommand>(cmd: &C) -> anyhow::Result<Exit> {
    struct OnGame<'a, C>(&'a C);
    impl<C: GameCommand> Visit for OnGame<'_, C> {
        type Out = anyhow::Result<Exit>;
        fn visit<G: Game>(self) -> anyhow::Result<Exit> {
            self.0.run::<G>()
        }
    }
    cmd.game().dispatch(OnGame(cmd))
}

#[derive(Debug, Clone, Args)]
pub struct LimitArgs {
    /// Step budget of in-process solvers (at least 1).
    #[arg(long, default_value_t = Budget::DEFAULT_STEPS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub steps: u64,
    /// Time limit of each external program run: SECS (more than 0), or
    /// `auto` / `auto:MAX` (the default is auto:10): for diff and shrink,
    /// calibrated on the program's own runs, twice the time within which
    /// it answered 99% of its runs on inputs of that size, at least 0.02 s
    /// and at most MAX, 0.5 s before it has answered any; a run cut there
    /// is run again with MAX before its timeout counts (other commands use
    /// MAX). The program and every process it starts are killed when it is
    /// up.
    #[arg(long, default_value = "auto", value_parser = parse_timeout,
          allow_hyphen_values = true, value_name = "SECS|auto[:MAX]")]
    pub timeout: Timeout,
}

/// `--timeout`: a fixed limit, or one calibrated on each program's own
/// runs, up to a ceiling.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Timeout {
    Fixed(f64),
    Auto(f64),
}

fn parse_timeout(s: &str) -> Result<Timeout, String> {
    let t = s.trim();
    let secs = |v: &str| {
        positive_seconds(v).map_err(|_| {
            format!(
                "expected auto, auto:MAX or a number of seconds greater than 0 and at most 1e9, \
                 got {}",
                crate::show::quoted(s)
            )
        })
    };
    match t.strip_prefix("auto") {
        Some("") => Ok(Timeout::Auto(10.0)),
        Some(rest) => match rest.strip_prefix(':') {
            Some(max) => secs(max).map(Timeout::Auto),
            None => secs(t).map(Timeout::Fixed),
        },
        None => secs(t).map(Timeout::Fixed),
    }
}

impl LimitArgs {
    /// Every run gets the full limit (`--timeout SECS`, or MAX of auto).
    fn limits(&self) -> anyhow::Result<Limits> {
        let (Timeout::Fixed(t) | Timeout::Auto(t)) = self.timeout;
        Ok(Limits {
            steps: self.steps,
            timeout: seconds(t),
            ..Limits::default()
        })
    }

    /// With `--timeout auto`, limits calibrated on the programs' runs.
    fn calibrated_limits(&self) -> anyhow::Result<Limits> {
        let mut limits = self.limits()?;
        if let Timeout::Auto(_) = self.timeout {
            limits.calibration = Some(std::sync::Arc::new(
                crate::solver::calibrate::Calibration::new(),
            ));
        }
        Ok(limits)
    }
}

/// The most seconds any flag takes (about 32 years): more is a typo, and
/// would overflow the clock.
const MAX_SECONDS: f64 = 1e9;

/// A number of seconds greater than zero (a zero limit would fail every run).
fn positive_seconds(s: &str) -> Result<f64, String> {
    parse_seconds(s, true)
}

/// A number of seconds, zero included.
fn any_seconds(s: &str) -> Result<f64, String> {
    parse_seconds(s, false)
}

/// A plain number of seconds within [`MAX_SECONDS`]; the message quotes
/// what was typed, cut short, never the number as parsed.
fn parse_seconds(s: &str, positive: bool) -> Result<f64, String> {
    let t = s.trim().parse::<f64>().ok().filter(|t| t.is_finite());
    match t {
        Some(t) if t <= MAX_SECONDS && (t > 0.0 || (!positive && t == 0.0)) => Ok(t.max(0.0)),
        _ => Err(format!(
            "expected a number of seconds {} 1e9, got {}",
            if positive {
                "greater than 0 and at most"
            } else {
                "from 0 to"
            },
            crate::show::quoted(s)
        )),
    }
}

/// The most worker threads `--jobs` takes: past a few per core they only
/// cost memory (each program run adds threads of its own).
pub const MAX_JOBS: usize = 256;

/// `--jobs`: from 1 to [`MAX_JOBS`].
fn jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(j) if (1..=MAX_JOBS).contains(&j) => Ok(j),
        _ => Err(format!(
            "expected a number of worker threads from 1 to {MAX_JOBS}, got {}",
            crate::show::quoted(s)
        )),
    }
}

/// Refuses, before any work, a path a command is to write a file to at
/// its end (`--report FILE`): a directory, or one whose folder does not
/// exist or cannot be written, would fail only once the work is done.
fn ensure_writable_file(path: &Path, flag: &str) -> anyhow::Result<()> {
    if path.is_dir() {
        anyhow::bail!("{flag} {}: is a directory", path.display());
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        anyhow::bail!(
            "{flag} {}: no such folder {}",
            path.display(),
            parent.display()
        );
    }
    let file = match path.exists() {
        true => path,
        false => parent,
    };
    if !writable(file) {
        anyhow::bail!("{flag} {}: cannot write {}", path.display(), file.display());
    }
    Ok(())
}

/// Refuses, before any work, a folder that a command would create at its
/// end and cannot: the folder, or its nearest existing parent, is not a
/// folder this process can write. Creates nothing.
fn ensure_creatable_dir(path: &Path, flag: &str) -> anyhow::Result<()> {
    let mut at = path;
    loop {
        if at.exists() {
            if !at.is_dir() {
                anyhow::bail!(
                    "{flag} {}: {} is not a folder",
                    path.display(),
                    at.display()
                );
            }
            if !writable(at) {
                anyhow::bail!("{flag} {}: cannot write {}", path.display(), at.display());
            }
            return Ok(());
        }
        at = match at.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
    }
}

/// Whether this process may write `p`.
fn writable(p: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(p.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c` is a valid NUL-terminated string for the call.
    unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
}

/// `--jobs`, or by default one worker per core (at most [`MAX_JOBS`]).
fn jobs_or_cores(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_JOBS))
    })
}

/// How much of an external program's output a command shows.
const SHOWN_OUTPUT: usize = 4096;

/// The faults among `records`, one line each, each followed by the end of
/// the program's stderr (already escaped when it was read).
fn fault_lines(records: &[crate::corpus::SolverRecord]) -> String {
    let mut out = String::new();
    for r in records {
        if let Some(f) = &r.fault {
            out += &format!("{}: {f}\n", r.solver);
            if let Some(e) = &r.stderr {
                out += &stderr_block(e, "  ", usize::MAX);
            }
        }
    }
    out
}

/// A program's stderr, indented, its last `max_lines` lines at most.
fn stderr_block(stderr: &str, indent: &str, max_lines: usize) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let skip = lines.len().saturating_sub(max_lines);
    let mut out = format!("{indent}stderr:\n");
    if skip > 0 {
        out += &format!("{indent}  … ({skip} earlier lines)\n");
    }
    for l in &lines[skip..] {
        out += &format!("{indent}  {l}\n");
    }
    out
}

/// Seconds already checked by [`positive_seconds`] or [`any_seconds`].
fn seconds(s: f64) -> Duration {
    Duration::from_secs_f64(s.clamp(0.0, MAX_SECONDS))
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
                    crate::driver::profile_names::<G>()
                )
            }),
    }
}

/// Reads FILE or stdin as text. Non-UTF-8 bytes are an invalid input.
fn read_input(file: Option<&Path>) -> anyhow::Result<String> {
    String::from_utf8(read_bytes(file)?).map_err(|e| {
        let err = anyhow::Error::new(InputError::Parse(crate::text::not_utf8(
            e.as_bytes(),
            e.utf8_error().valid_up_to(),
        )));
        match file {
            Some(p) => err.context(p.display().to_string()),
            None => err,
        }
    })
}

/// Reads FILE or stdin as bytes.
fn read_bytes(file: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    Ok(match file {
        Some(p) => std::fs::read(p).with_context(|| format!("reading {}", p.display()))?,
        None => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .context("reading stdin")?;
            b
        }
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every subcommand and argument of `cmd` and below that has no help
    /// text, as `path: name`.
    fn missing_help(cmd: &clap::Command, path: &str, out: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            let builtin = matches!(arg.get_id().as_str(), "help" | "version");
            if !builtin && arg.get_help().is_none() && arg.get_long_help().is_none() {
                out.push(format!("{path}: argument {}", arg.get_id()));
            }
        }
        for sub in cmd.get_subcommands() {
            let sub_path = format!("{path} {}", sub.get_name());
            if sub.get_name() != "help" && sub.get_about().is_none() {
                out.push(format!("{sub_path}: no about"));
            }
            missing_help(sub, &sub_path, out);
        }
    }

    #[test]
    fn every_subcommand_and_argument_has_help() {
        let cmd = super::Cli::command();
        cmd.clone().debug_assert();
        let mut missing = Vec::new();
        missing_help(&cmd, "gamefuzz", &mut missing);
        assert!(
            missing.is_empty(),
            "without help text:\n{}",
            missing.join("\n")
        );
    }
}
