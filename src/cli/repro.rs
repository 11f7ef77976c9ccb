//! `gamefuzz repro`: rebuild a finding from a per-case seed, a corpus entry
//! or a fuzz artifact and show every solver's answer.

use std::path::{Path, PathBuf};
use std::time::Duration;

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
    /// A game id (with --seed N, or with FILE), or a file: a corpus entry
    /// (`corpus/<game>/<name>.in`), a package's test, a fuzz artifact
    /// (`fuzz/artifacts/diff_<game>/crash-...`) or any judge input (with
    /// --game where nothing beside it tells the game).
    pub target: String,
    /// A judge input file of the game TARGET names: `repro GAME FILE`.
    pub file: Option<PathBuf>,
    /// The game of the file, where neither a corpus entry's metadata, a
    /// package nor a corpus folder tells it.
    #[arg(long)]
    pub game: Option<GameId>,
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
    /// Seconds to explain a divergence in (rules involved, what matters in
    /// the input, the nearest input on which the program is right, the
    /// catalogued mistakes); 0 explains nothing.
    #[arg(long, value_name = "SECS", default_value_t = 20.0,
          value_parser = super::any_seconds, allow_hyphen_values = true)]
    pub explain_time: f64,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub(super) fn run(args: &ReproArgs) -> anyhow::Result<Exit> {
    let target = &args.target;
    match (GameId::from_name(target), &args.file) {
        (Some(g), _) if args.game.is_some_and(|given| given != g) => bail!(
            "repro was given two games, {g} and --game {}; give one",
            args.game.expect("a game")
        ),
        (Some(g), None) => g.dispatch(ReproSeed(args)),
        (Some(_), Some(_)) if args.seed.is_some() => {
            bail!("--seed rebuilds a generated case and FILE names an input; give one of them")
        }
        (Some(g), Some(file)) => repro_file(args, file, Some(g)),
        (None, Some(_)) => bail!(
            "'{target}' is not a game ({}), so it cannot name the game of a FILE after it",
            game_names()
        ),
        (None, None) => repro_file(args, Path::new(target), args.game),
    }
}

fn game_names() -> String {
    let names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
    names.join(", ")
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
            ..
        } = self.0;
        let Some(seed) = seed else {
            bail!("repro {target} needs --seed N or an input FILE after the game");
        };
        let profile = check_profile::<G>(profile.as_deref())?;
        let solvers = solvers.clone().map_or_else(default_solvers, |l| l.0);
        let (input, _) = generate_case::<G>(*seed, profile);
        let header = format!("{} seed {seed} profile {profile}", G::ID);
        let cmd = driver::repro_command(G::ID.name(), *seed, profile, &solvers);
        let explain = super::seconds(self.0.explain_time);
        show::<G>(
            &header,
            &input,
            &solvers,
            &limits.limits()?,
            explain,
            Some(&cmd),
        )
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
    explain: Duration,
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
            if !explain.is_zero() {
                let records = crate::corpus::records::<G>(solvers, &c.runs);
                let e = crate::explain::explain_input::<G>(
                    solvers, sig, &text, &records, limits, explain,
                );
                if let Some(e) = e {
                    outln!("== explanation ==");
                    let free = crate::explain::show::annotated(&text, Some(&e), "");
                    if free.contains(crate::explain::show::FREE) {
                        out!("{free}");
                    }
                    for l in crate::explain::show::lines(&e) {
                        outln!("{l}");
                    }
                }
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

/// `repro FILE`: a corpus entry re-runs the solvers it recorded; a fuzz
/// artifact is decoded as its target does; any other file is a judge input
/// of the game `given` names, or else of the package or corpus folder it
/// lies in.
fn repro_file(args: &ReproArgs, path: &Path, given: Option<GameId>) -> anyhow::Result<Exit> {
    let ReproArgs {
        solvers,
        limits,
        seed,
        ..
    } = args;
    if seed.is_some() {
        bail!("--seed goes with a game id, not with a file");
    }
    let path_in = if path.extension().is_some_and(|e| e == "json") {
        path.with_extension("in")
    } else {
        path.to_path_buf()
    };
    if !path_in.exists() {
        if given.is_some() || args.file.is_some() {
            bail!("{} does not exist", path_in.display());
        }
        bail!(
            "'{}' is neither a game ({}) nor an existing file",
            path.display(),
            game_names()
        );
    }
    if path_in.is_dir() {
        bail!(
            "{} is a folder, and repro takes one file (a corpus entry, a package's test, a fuzz \
             artifact or a judge input) or a game with --seed",
            path_in.display()
        );
    }
    // Where the file's own record names its game, a game given otherwise
    // must be the same.
    let same = |found: GameId| -> anyhow::Result<()> {
        match given {
            Some(g) if g != found => {
                bail!("{} is an input of {found}, not of {g}", path_in.display())
            }
            _ => Ok(()),
        }
    };
    let has_meta = path_in.with_extension("json").exists();
    // A cargo-fuzz artifact (no metadata beside it, found under
    // `diff_<game>/` or `parse_<game>/`): decode it as its target does.
    if !has_meta {
        if let Some((kind, game)) = crate::fuzz::target_of(&path_in) {
            same(game)?;
            let data = std::fs::read(&path_in)
                .with_context(|| format!("reading {}", path_in.display()))?;
            let solvers = solvers.clone().map_or_else(default_solvers, |l| l.0);
            return game.dispatch(ReproArtifact {
                path: &path_in,
                data: &data,
                kind,
                solvers: &solvers,
                limits: &limits.limits()?,
                explain: super::seconds(args.explain_time),
            });
        }
    }
    let entry = match has_meta.then(|| corpus::load_entry(&path_in)) {
        Some(Ok(e)) => e,
        Some(Err(why)) => {
            // A corpus `.in` whose metadata is unreadable (a bad hand
            // edit): run it as an input, saying why.
            crate::console::errln!("warning: {why:#}; running it as a plain input");
            return repro_input(args, &path_in, given);
        }
        None => return repro_input(args, &path_in, given),
    };
    let game = GameId::from_name(&entry.meta.game).with_context(|| {
        format!(
            "the metadata of {} names an unknown game '{}'",
            path_in.display(),
            entry.meta.game
        )
    })?;
    same(game)?;
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
        explain: super::seconds(args.explain_time),
    })
}

/// A judge input with no record of its own: the game is the one given,
/// else that of the package the file lies in, else that of a corpus folder
/// (`<game>/`) holding it.
fn repro_input(args: &ReproArgs, path_in: &Path, given: Option<GameId>) -> anyhow::Result<Exit> {
    let game = match given {
        Some(g) => g,
        None => game_of_place(path_in).with_context(|| {
            format!(
                "nothing tells the game of {path} (it is no corpus entry, fuzz artifact or \
                 test of a gamefuzz package), so name it: gamefuzz repro GAME {path}",
                path = crate::shell::quote_arg(&path_in.display().to_string())
            )
        })?,
    };
    let text = std::fs::read_to_string(path_in)
        .with_context(|| format!("reading {}", path_in.display()))?;
    let solvers = args.solvers.clone().map_or_else(default_solvers, |l| l.0);
    game.dispatch(ReproText {
        path: path_in,
        text: &text,
        solvers: &solvers,
        limits: &args.limits.limits()?,
        explain: super::seconds(args.explain_time),
    })
}

/// The game of the gamefuzz package a file lies in (at any depth:
/// `data/secret/01.in`), or of the corpus folder holding it.
fn game_of_place(path: &Path) -> Option<GameId> {
    let dir = std::fs::canonicalize(path).ok()?.parent()?.to_path_buf();
    dir.ancestors()
        .find_map(crate::package::package_game)
        .or_else(|| GameId::from_name(&dir.file_name()?.to_string_lossy()))
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
    explain: Duration,
}

impl Visit for ReproText<'_> {
    type Out = anyhow::Result<Exit>;
    fn visit<G: Game>(self) -> anyhow::Result<Exit> {
        let input = parse_valid::<G>(self.text)?;
        let header = format!("{}, {}", G::ID, self.path.display());
        show::<G>(
            &header,
            &input,
            self.solvers,
            self.limits,
            self.explain,
            None,
        )
    }
}

struct ReproArtifact<'a> {
    path: &'a Path,
    data: &'a [u8],
    kind: crate::fuzz::Kind,
    solvers: &'a [SolverSpec],
    limits: &'a Limits,
    explain: Duration,
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
        show::<G>(
            &header,
            &input,
            self.solvers,
            self.limits,
            self.explain,
            None,
        )
    }
}

struct ReproEntry<'a> {
    entry: &'a corpus::Entry,
    solvers: &'a [SolverSpec],
    limits: &'a Limits,
    explain: Duration,
}

impl Visit for ReproEntry<'_> {
    type Out = anyhow::Result<Exit>;
    fn visit<G: Game>(self) -> anyhow::Result<Exit> {
        let input = parse_valid::<G>(&self.entry.input)?;
        let m = &self.entry.meta;
        outln!("{}", m.description);
        outln!("recorded signature: {}", m.signature);
        let header = format!("{}, {}", G::ID, self.entry.path.display());
        show::<G>(
            &header,
            &input,
            self.solvers,
            self.limits,
            self.explain,
            None,
        )
    }
}
