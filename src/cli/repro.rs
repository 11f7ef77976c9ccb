//! `gamefuzz repro`: rebuild a finding from a per-case seed, a corpus entry
//! or a fuzz artifact and show every solver's answer.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;

use super::{check_profile, emit, stderr_block, Exit, LimitArgs, SolverList, SHOWN_OUTPUT};
use crate::corpus;
use crate::driver;
use crate::game::{generate_case, parse_valid, Game, Visit};
use crate::id::GameId;
use crate::show::printable;
use crate::solver::{self, Limits, Run, SolverSpec};
use crate::verdict;

#[derive(Debug, Clone, Args)]
pub struct ReproArgs {
    /// A game id (with --seed), a corpus file (`corpus/<game>/<name>.in`) or
    /// a fuzz artifact (`fuzz/artifacts/diff_<game>/crash-...`).
    pub target: String,
    /// The per-case seed a `diff` report gives (with a game id).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The profile of that case [default: the game's first profile].
    #[arg(long)]
    pub profile: Option<String>,
    /// Comma-separated solvers, as for diff (cmd:COMMAND takes arguments,
    /// a source file is built);
    /// default engine,reference (or those a corpus entry recorded).
    #[arg(long)]
    pub solvers: Option<SolverList>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub(super) fn run(args: &ReproArgs) -> anyhow::Result<Exit> {
    match GameId::from_name(&args.target) {
        Some(g) => g.dispatch(ReproSeed(args)),
        None => repro_file(args),
    }
}

/// `repro <GAME> --seed N`: regenerate a case of a `diff` run.
struct ReproSeed<'a>(&'a ReproArgs);

impl Visit for ReproSeed<'_> {
    type Out = anyhow::Result<Exit>;
    fn visit<G: Game>(self) -> anyhow::Result<Exit> {
        let ReproArgs {
            target,
            seed,
            profile,
            solvers,
            limits,
        } = self.0;
        let Some(seed) = seed else {
            bail!("repro {target} needs --seed N (or give a corpus file instead of a game)");
        };
        let profile = check_profile::<G>(profile.as_deref())?;
        let solvers = solvers.clone().map_or_else(default_solvers, |l| l.0);
        let (input, _) = generate_case::<G>(*seed, profile);
        let header = format!("{} seed {seed} profile {profile}", G::ID);
        let cmd = driver::repro_command(G::ID.name(), *seed, profile, &solvers);
        show::<G>(&header, &input, &solvers, &limits.limits()?, Some(&cmd))
    }
}

fn default_solvers() -> Vec<SolverSpec> {
    vec![SolverSpec::Engine, SolverSpec::Reference]
}

/// Prints an input, every solver's answer, the differing lines and the
/// trace. What programs printed is shown escaped, and cut after a few KB.
fn show<G: Game>(
    header: &str,
    input: &G::Input,
    solvers: &[SolverSpec],
    limits: &Limits,
    repro: Option<&str>,
) -> anyhow::Result<Exit> {
    solver::check::<G>(solvers)?;
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
                let max = match spec.is_program() {
                    true => SHOWN_OUTPUT,
                    false => usize::MAX,
                };
                let mut shown_text = printable(&out, max);
                // A last line without its newline still ends here: what
                // follows starts a line of its own.
                if !shown_text.is_empty() && !shown_text.ends_with('\n') {
                    shown_text.push_str("\n(no newline at the end)\n");
                }
                out!("{shown_text}");
                if let Err(f) = &run.result {
                    outln!("(fault: {f})");
                }
                if let Some(e) = &run.stderr {
                    out!("{}", stderr_block(e, "", usize::MAX));
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
            if let Some(program) = driver::program_in(solvers, sig) {
                let records = crate::corpus::records::<G>(solvers, &c.runs);
                let likes = driver::behaves_like::<G>(program, &[(&text, &records)], &[]);
                outln!("{}", likes.line());
            }
        }
    }
    if let Some(b) = super::boards::diverging::<G>(solvers, input, &c.runs, limits) {
        outln!("== board ==");
        out!("{b}");
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

/// How much of one differing line is shown.
const LINE_SHOWN: usize = 200;

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
            let show = |l: Option<&str>| match l {
                Some(l) => printable(l, LINE_SHOWN).replace('\n', " "),
                None => "<missing>".into(),
            };
            outln!("  line {}: {} | {}", i + 1, show(x), show(y));
        }
    }
}

/// `repro <CORPUS-FILE>`: re-run the solvers an entry recorded.
fn repro_file(args: &ReproArgs) -> anyhow::Result<Exit> {
    let ReproArgs {
        target,
        solvers,
        limits,
        seed,
        ..
    } = args;
    if seed.is_some() {
        bail!("--seed goes with a game id, not with a corpus file");
    }
    let path = PathBuf::from(target);
    let path_in = if path.extension().is_some_and(|e| e == "json") {
        path.with_extension("in")
    } else {
        path
    };
    let names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
    if !path_in.exists() {
        bail!(
            "'{target}' is neither a game ({}) nor an existing corpus file or fuzz artifact",
            names.join(", ")
        );
    }
    if path_in.is_dir() {
        bail!(
            "{target} is a folder: repro takes a game ({}) with --seed, a corpus file \
             (corpus/<game>/<name>.in) or a fuzz artifact",
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
    let entry = match corpus::load_entry(&path_in) {
        Ok(e) => e,
        Err(e) => return repro_bare(args, &path_in, e),
    };
    let game = GameId::from_name(&entry.meta.game)
        .with_context(|| format!("{}: unknown game '{}'", path_in.display(), entry.meta.game))?;
    let solvers = match solvers {
        Some(s) => s.0.clone(),
        None => {
            let recorded = corpus::entry_solvers(&entry.meta)?;
            game.dispatch(CheckRecorded(&recorded))?;
            recorded
        }
    };
    game.dispatch(ReproEntry {
        entry: &entry,
        solvers: &solvers,
        limits: &limits.limits()?,
    })
}

/// A corpus `.in` whose metadata is missing or unreadable (a run killed
/// between the two writes, a bad hand edit): the game comes from its
/// directory, the solvers from --solvers or the default.
fn repro_bare(args: &ReproArgs, path_in: &Path, why: anyhow::Error) -> anyhow::Result<Exit> {
    let Some(game) = path_in
        .parent()
        .and_then(|d| d.file_name())
        .and_then(|n| GameId::from_name(&n.to_string_lossy()))
    else {
        return Err(why.context("and no game directory tells the game"));
    };
    eprintln!("warning: {why:#}; running it as an input of {game}");
    let text = std::fs::read_to_string(path_in)
        .with_context(|| format!("reading {}", path_in.display()))?;
    let solvers = args.solvers.clone().map_or_else(default_solvers, |l| l.0);
    game.dispatch(ReproText {
        path: path_in,
        text: &text,
        solvers: &solvers,
        limits: &args.limits.limits()?,
    })
}

/// The solvers an entry recorded may not run here (a program of another
/// machine): say how to choose others.
struct CheckRecorded<'a>(&'a [SolverSpec]);

impl Visit for CheckRecorded<'_> {
    type Out = anyhow::Result<()>;
    fn visit<G: Game>(self) -> anyhow::Result<()> {
        solver::check::<G>(self.0).map_err(|e| {
            e.context("the entry's solvers cannot run here; choose others with --solvers")
        })
    }
}

struct ReproText<'a> {
    path: &'a Path,
    text: &'a str,
    solvers: &'a [SolverSpec],
    limits: &'a Limits,
}

impl Visit for ReproText<'_> {
    type Out = anyhow::Result<Exit>;
    fn visit<G: Game>(self) -> anyhow::Result<Exit> {
        let input = parse_valid::<G>(self.text)?;
        let header = format!("{}, {}", G::ID, self.path.display());
        show::<G>(&header, &input, self.solvers, self.limits, None)
    }
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
