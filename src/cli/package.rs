//! `gamefuzz package`: write a judge package and report its rule coverage,
//! what becomes of the programs given to `--against`, and what `--check`
//! finds.

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;

use super::{emit, seconds, Exit, GameCommand, LimitArgs};
use crate::game::Game;
use crate::id::GameId;
use crate::package::{self, Fate, Program, ProgramArg, Submission};
use crate::solver::SolverSpec;

#[derive(Debug, Clone, Args)]
pub struct PackageArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// The package directory, or the zip file for polygon, hydro, luogu
    /// and uoj (created; an existing non-empty one needs --force).
    #[arg(long)]
    pub out: PathBuf,
    /// Tests chosen before they are packed into files filled to their bound;
    /// the required ones (max and edge profiles, corpus findings, rule
    /// coverage, mistake killers) come first and may exceed it.
    #[arg(long, default_value_t = 30)]
    pub tests: usize,
    /// First seed of the generated tests: the same seed, options, corpus,
    /// programs and version give a byte-identical package.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The package format: legacy (Kattis problemtools, DOMjudge),
    /// 2023-07-draft (problemtools, Markdown statement), 2025-09
    /// (BAPCtools), plain (numbered .in/.ans files and tests.txt), or a zip
    /// for Codeforces Polygon, HydroOJ, Luogu or UOJ (polygon, hydro,
    /// luogu, uoj).
    #[arg(long, value_enum, default_value = "legacy")]
    pub format: package::Format,
    /// Corpus root; every finding of the game becomes a test.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// The problem's name in problem.yaml (problem.xml for polygon)
    /// [default: the name the package being replaced has, else the game's
    /// title].
    #[arg(long, value_parser = parse_name)]
    pub name: Option<String>,
    /// The setter's model solution (a .cpp, .c, .py or .rs file): it must
    /// answer every test as the engine does; it goes to submissions/accepted/
    /// (polygon: solutions/, tagged main; uoj: std.cpp).
    #[arg(long, value_name = "FILE")]
    pub accepted: Option<PathBuf>,
    /// Wrong programs (cmd:PROGRAM [ARGS], source files, reference, ...) the package
    /// must kill; one that passes every test gets a campaign whose
    /// counterexample becomes a test. Source files go to
    /// submissions/wrong_answer/ (polygon: solutions/, tagged wrong-answer).
    #[arg(long, value_name = "PROGRAMS")]
    pub against: Option<ProgramList>,
    /// Campaign budget per --against program, in seconds.
    #[arg(long, default_value_t = 60.0, value_name = "SECS",
          value_parser = super::any_seconds, allow_hyphen_values = true)]
    pub against_time: f64,
    /// Worker threads of the --against campaigns, and tests run side by
    /// side by --accepted and --check, at most 256 [default: all cores].
    #[arg(long, value_parser = super::jobs, allow_hyphen_values = true)]
    pub jobs: Option<usize>,
    /// Run these programs (cmd:PROGRAM [ARGS], source files, reference, ...) on the
    /// package and report the tests each fails.
    #[arg(long, value_name = "PROGRAMS")]
    pub check: Option<ProgramList>,
    /// Replace an existing package in --out (only one gamefuzz wrote, never
    /// one holding the working directory or the corpus), keeping what the
    /// setter added: statement, submissions, problem.yaml keys.
    #[arg(long)]
    pub force: bool,
    /// Also write the package as one self-contained HTML page: rule
    /// coverage as bars and every test with its description.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// A comma-separated list of one or more distinct programs: solvers
/// (`cmd:PROGRAM [ARGS]`, `reference`, ...) or source files.
#[derive(Debug, Clone)]
pub struct ProgramList(pub Vec<ProgramArg>);

impl std::str::FromStr for ProgramList {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let list = s
            .split(',')
            .map(|p| p.trim().parse())
            .collect::<Result<Vec<ProgramArg>, _>>()?;
        for (i, a) in list.iter().enumerate() {
            if list[..i].contains(a) {
                return Err(format!(
                    "'{}' is listed twice",
                    s.split(',').nth(i).unwrap_or("")
                ));
            }
        }
        Ok(ProgramList(list))
    }
}

fn parse_name(s: &str) -> Result<String, String> {
    if s.trim().is_empty() || s.chars().any(char::is_control) {
        return Err("a name is one non-empty line of text".into());
    }
    Ok(s.to_string())
}

impl GameCommand for PackageArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        package_command::<G>(self)
    }
}

/// Makes every program runnable (building source files), refusing before
/// any work one that cannot run; `judged`: they go to a judge
/// ([`package::prepare`]).
pub(super) fn prepare<G: Game>(
    args: &[ProgramArg],
    dir: &package::BuildDir,
    first: usize,
    judged: bool,
) -> anyhow::Result<Vec<Program>> {
    let solvers: Vec<SolverSpec> = args
        .iter()
        .filter_map(|a| match a {
            ProgramArg::Solver(s) => Some(s.clone()),
            ProgramArg::Source(_) => None,
        })
        .collect();
    package::ensure_solvers::<G>(&solvers)?;
    let programs = args
        .iter()
        .enumerate()
        .map(|(i, a)| package::prepare(a, dir, first + i, judged))
        .collect::<anyhow::Result<Vec<Program>>>()?;
    Ok(programs)
}

/// Source files for `submissions/<category>/`; two of one name are refused.
fn submissions(category: &'static str, programs: &[Program]) -> anyhow::Result<Vec<Submission>> {
    let mut out: Vec<Submission> = Vec::new();
    for (file, source) in programs.iter().filter_map(|p| p.source.clone()) {
        if out.iter().any(|s| s.file == file) {
            bail!("two programs for submissions/{category}/ are named {file}");
        }
        out.push(Submission {
            category,
            file,
            source,
        });
    }
    Ok(out)
}

fn package_command<G: Game>(args: &PackageArgs) -> anyhow::Result<Exit> {
    let opts = package::Options {
        tests: args.tests,
        seed: args.seed,
        corpus: args.corpus.clone(),
        most_files: args.format.most_tests(),
    };
    let limits = args.limits.limits()?;
    let against_time = seconds(args.against_time);
    let jobs = super::jobs_or_cores(args.jobs);
    if args.format == package::Format::Plain && (args.name.is_some() || args.accepted.is_some()) {
        bail!("--name and --accepted need a problem package format, not --format plain (which has no problem.yaml or submissions)");
    }
    if args.name.is_some() && !args.format.carries_name() {
        bail!(
            "--name: a {} package holds no problem name (the judge takes it on its own page); leave --name out",
            args.format.name()
        );
    }
    if let Some(path) = &args.report {
        super::ensure_writable_file(path, "--report")?;
    }
    let build_dir = package::BuildDir::new()?;
    let accepted = accepted_program::<G>(args, &build_dir)?;
    let against = match &args.against {
        Some(ProgramList(list)) => prepare::<G>(list, &build_dir, 1, true)?,
        None => Vec::new(),
    };
    let check = match &args.check {
        Some(ProgramList(list)) => prepare::<G>(list, &build_dir, 1 + against.len(), false)?,
        None => Vec::new(),
    };
    let extras = extras(args, accepted.as_slice(), &against)?;

    let findings = args.corpus.join(G::ID.name());
    if !findings.is_dir() {
        crate::console::errln!(
            "note: no corpus at {}: the package holds no findings",
            findings.display()
        );
    }
    let mut p = package::build::<G>(&opts)?;
    if let Some(acc) = &accepted {
        refuse_unless_accepted::<G>(acc, &package::package_tests(&p), &limits, jobs)?;
    }
    let against_opts = package::AgainstOptions {
        time: against_time,
        jobs,
        limits: limits.clone(),
    };
    let (mut ok, added) = kill_each::<G>(&mut p, &against, &against_opts)?;
    if let (Some(acc), false) = (&accepted, added.is_empty()) {
        let new: Vec<_> = package::package_tests(&p)
            .into_iter()
            .filter(|t| added.contains(&t.label))
            .collect();
        refuse_unless_accepted::<G>(acc, &new, &limits, jobs)?;
    }

    write_and_summarize::<G>(&p, args, &extras)?;
    if !p.unreached.is_empty() || !p.survivors().is_empty() {
        ok = false;
    }
    if let Some(path) = &args.report {
        let page = crate::report::package_page::<G>(&p, &args.out.display().to_string());
        std::fs::write(path, page).with_context(|| format!("writing {}", path.display()))?;
        crate::console::errln!("report written to {}", path.display());
    }
    if !check_programs::<G>(&p, &check, &args.corpus, &limits, jobs)? {
        ok = false;
    }
    Ok(if ok { Exit::Clean } else { Exit::Found })
}

/// The model solution given by --accepted, built; only a source file will do.
fn accepted_program<G: Game>(
    args: &PackageArgs,
    build_dir: &package::BuildDir,
) -> anyhow::Result<Option<Program>> {
    Ok(match &args.accepted {
        None => None,
        Some(path) => match path.to_string_lossy().parse::<ProgramArg>() {
            Ok(arg @ ProgramArg::Source(_)) => {
                Some(prepare::<G>(&[arg], build_dir, 0, true)?.remove(0))
            }
            _ => bail!(
                "--accepted {}: give the model solution's source file (.cpp, .cc, .cxx, .c, .py or .rs)",
                path.display()
            ),
        },
    })
}

/// The problem name and the submissions a Kattis package carries.
fn extras(
    args: &PackageArgs,
    accepted: &[Program],
    against: &[Program],
) -> anyhow::Result<package::Extras> {
    let mut extras = package::Extras {
        name: args.name.clone(),
        submissions: submissions("accepted", accepted)?,
    };
    if args.format != package::Format::Plain {
        extras
            .submissions
            .extend(submissions("wrong_answer", against)?);
    }

    Ok(extras)
}

/// Runs each wrong program against the package, adding a killing test when
/// none of the existing ones does. Returns whether every program was killed
/// and the labels of the tests added.
fn kill_each<G: Game>(
    p: &mut package::Package,
    against: &[Program],
    opts: &package::AgainstOptions,
) -> anyhow::Result<(bool, Vec<String>)> {
    let mut ok = true;
    let mut added = Vec::new();
    for prog in against {
        let (fate, note) = package::against::<G>(p, prog, opts)?;
        if let Some(note) = note {
            crate::console::errln!("note: {note}");
        }
        match fate {
            Fate::Existing { test, how } => {
                outln!(
                    "against {}: killed by existing test {test} ({how})",
                    prog.given
                )
            }
            Fate::New { test, elapsed } => {
                outln!(
                    "against {}: killed by a new test ({test}.in) after {:.1} s",
                    prog.given,
                    elapsed.as_secs_f64()
                );
                added.push(format!("secret/{test}"));
            }
            Fate::Survived { elapsed, cases } => {
                ok = false;
                outln!(
                    "against {}: survived after {:.1} s ({cases} cases)",
                    prog.given,
                    elapsed.as_secs_f64()
                );
            }
        }
    }
    Ok((ok, added))
}

/// Writes the package and prints what it holds: test counts, rule coverage
/// and the rules no test exercises.
fn write_and_summarize<G: Game>(
    p: &package::Package,
    args: &PackageArgs,
    extras: &package::Extras,
) -> anyhow::Result<()> {
    let cwd = std::env::current_dir().context("reading the working directory")?;
    package::write(
        p,
        args.format,
        &args.out,
        args.force,
        &[&cwd, &args.corpus],
        extras,
    )?;
    if args.format.is_archive() {
        for note in package::left_out(args.format, extras) {
            eprintln!("note: {note}");
        }
    }
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
    out!("{}", package::coverage_table(G::ID, &p.rules, &columns));
    for (rule, why) in &p.unreached {
        outln!("not exercised: {rule}: {why}");
    }
    let survivors = p.survivors();
    let once = p.killed_once();
    outln!(
        "kills {}/{} catalogued mistakes, {} of them in {} test files or more",
        p.mistakes.len() - survivors.len(),
        p.mistakes.len(),
        p.mistakes.len() - survivors.len() - once.len(),
        package::KILLS_WANTED
    );
    for m in survivors {
        outln!("survives: mistake {m}");
    }
    for (m, n) in once {
        outln!("killed in {n} test file only: mistake {m}");
    }
    let edges = p.edge_cover();
    outln!(
        "holds {} of {} pairs of consecutive rule events in {} test files or more, \
         {} in one, {} in none (gamefuzz coverage names them)",
        edges.enough(),
        edges.files.len(),
        package::EDGES_WANTED,
        edges.held(1).len(),
        edges.held(0).len()
    );
    Ok(())
}

/// Runs the package and the corpus against the `check` programs; false when
/// one of them fails corpus findings yet passes every test of the package.
fn check_programs<G: Game>(
    p: &package::Package,
    check: &[Program],
    corpus: &std::path::Path,
    limits: &crate::solver::Limits,
    jobs: usize,
) -> anyhow::Result<bool> {
    let mut ok = true;
    if !check.is_empty() {
        let specs: Vec<SolverSpec> = check.iter().map(|p| p.spec.clone()).collect();
        let (outcomes, reports) = package::check::<G>(p, &specs, corpus, limits, jobs)?;
        print_failures(&outcomes, check);
        for (r, prog) in reports.iter().zip(check) {
            outln!("{}", r.line().replacen(&r.solver, &prog.given, 1));
            if !r.holds() {
                ok = false;
                outln!(
                    "check {}: fails corpus findings {} yet passes every test of the package",
                    prog.given,
                    r.corpus_failed.join(", ")
                );
            }
        }
    }
    Ok(ok)
}

/// One line per failing test, naming programs as they were given.
pub(super) fn print_failures(outcomes: &[package::TestOutcome], programs: &[Program]) {
    let specs: Vec<SolverSpec> = programs.iter().map(|p| p.spec.clone()).collect();
    for o in outcomes.iter().filter(|o| o.failed()) {
        let mut line = o.line(&specs);
        for p in programs {
            line = line.replace(&format!("{} ", p.spec), &format!("{} ", p.given));
        }
        outln!("  {line}");
    }
}

/// Refuses the package, before anything is written, when the accepted
/// solution fails one of `tests`.
fn refuse_unless_accepted<G: Game>(
    acc: &Program,
    tests: &[package::TestFile],
    limits: &crate::solver::Limits,
    jobs: usize,
) -> anyhow::Result<()> {
    let outcomes = package::run_tests::<G>(tests, std::slice::from_ref(&acc.spec), limits, jobs)?;
    let failing: Vec<String> = outcomes
        .iter()
        .filter(|o| o.failed())
        .map(|o| o.line(std::slice::from_ref(&acc.spec)))
        .collect();
    if !failing.is_empty() {
        bail!(
            "--accepted {} fails {} of {} tests, so the package is not written:\n  {}",
            acc.given,
            failing.len(),
            tests.len(),
            failing
                .join("\n  ")
                .replace(&acc.spec.to_string(), &acc.given)
        );
    }
    Ok(())
}
