//! `gamefuzz check`: check a package already on disk, written by gamefuzz
//! or by hand, without rebuilding it.

use std::path::PathBuf;

use anyhow::bail;
use clap::Args;

use super::package::{prepare, print_failures, ProgramList};
use super::{emit, Exit, LimitArgs};
use crate::game::{Game, Visit};
use crate::id::GameId;
use crate::package;
use crate::solver::SolverSpec;

#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    /// A package: a folder in the Kattis layout (every .in file under
    /// DIR/data, with the .ans beside it), or the zip of a Polygon, HydroOJ,
    /// Luogu or UOJ package, whose judge's rules are checked too.
    pub dir: PathBuf,
    /// The game; needed when DIR is not a package gamefuzz wrote.
    #[arg(long)]
    pub game: Option<GameId>,
    /// Programs to run on every test (cmd:PROGRAM [ARGS], source files, reference, ...).
    #[arg(long, value_name = "PROGRAMS")]
    pub solvers: Option<ProgramList>,
    /// Tests run side by side, at most 256 [default: all cores].
    #[arg(long, value_parser = super::jobs, allow_hyphen_values = true)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub(super) fn run(args: &CheckArgs) -> anyhow::Result<Exit> {
    match std::fs::metadata(&args.dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            bail!("{} does not exist", args.dir.display())
        }
        Err(e) => bail!("{}: {e}", args.dir.display()),
        Ok(m) if !m.is_dir() && !package::is_archive(&args.dir) => bail!(
            "{} is neither a folder nor a zip: check takes a package folder (holding data/) \
             or a package's zip",
            args.dir.display()
        ),
        Ok(_) => {}
    }
    let game = match (package::package_game(&args.dir), args.game) {
        (Some(found), Some(given)) if found != given => bail!(
            "{} is a package of {found}, not of {given}",
            args.dir.display()
        ),
        (Some(g), _) | (None, Some(g)) => g,
        (None, None) => bail!(
            "{} is not a package gamefuzz wrote: name its game with --game",
            args.dir.display()
        ),
    };
    struct Check<'a>(&'a CheckArgs);
    impl Visit for Check<'_> {
        type Out = anyhow::Result<Exit>;
        fn visit<G: Game>(self) -> anyhow::Result<Exit> {
            check::<G>(self.0)
        }
    }
    game.dispatch(Check(args))
}

/// Every test validated, its answer file compared with the engine's, every
/// program run; one line per failing test, then one per program.
fn check<G: Game>(args: &CheckArgs) -> anyhow::Result<Exit> {
    let limits = args.limits.limits()?;
    let build_dir = package::BuildDir::new()?;
    let programs = match &args.solvers {
        Some(ProgramList(list)) => prepare::<G>(list, &build_dir, 0, false)?,
        None => Vec::new(),
    };
    let tests = package::read_tests(&args.dir)?;
    // A zip is also held to its judge's rules.
    let (format, broken) = match package::is_archive(&args.dir) {
        true => {
            let archive = package::open_archive(&args.dir)?;
            (Some(archive.format), archive.problems())
        }
        false => (None, Vec::new()),
    };
    let specs: Vec<SolverSpec> = programs.iter().map(|p| p.spec.clone()).collect();
    let outcomes =
        package::run_tests::<G>(&tests, &specs, &limits, super::jobs_or_cores(args.jobs))?;
    let failing = outcomes.iter().filter(|o| o.failed()).count();
    let kind = format.map_or(String::new(), |f| format!(" ({} package)", f.name()));
    outln!(
        "{}: {} tests in {}{kind}, {failing} failing",
        G::ID,
        tests.len(),
        args.dir.display()
    );
    for why in &broken {
        outln!("  package: {why}");
    }
    print_failures(&outcomes, &programs);
    for (r, p) in package::reports(&outcomes, &specs)?.iter().zip(&programs) {
        outln!("{}", r.line().replacen(&r.solver, &p.given, 1));
    }
    if let Some(f) = format.filter(|_| !broken.is_empty()) {
        outln!(
            "the {} package breaks {} of its judge's rules",
            f.name(),
            broken.len()
        );
    }
    Ok(if failing == 0 && broken.is_empty() {
        Exit::Clean
    } else {
        Exit::Found
    })
}
