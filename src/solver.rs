//! Solvers: the engine, the reference port, the brute-force oracle and
//! external programs, each yielding a typed output or a classified fault.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::bail;
use gamefuzz_reference::{Io, Stop};

use crate::game::{Game, UNDECIDED};
use crate::shell;

// The game modules import these from here.
use crate::fault::{Budget, Fault, FaultKind};

pub mod build;
pub mod calibrate;
mod find;
mod process;

pub use find::find_program;
use find::interpreter_found;
use process::run_command;
pub use process::STDERR_TAIL;

/// Which solver to run.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SolverSpec {
    Engine,
    Reference,
    Brute,
    /// An external program: judge input on stdin, judge output on stdout.
    /// The command line as words (program first), split like a shell
    /// would but run with no shell.
    Cmd(Vec<String>),
    /// A catalogued mistake of the game (`Game::MISTAKES`), by name: the
    /// engine with one rule bent, run in process.
    Mistake(String),
    /// A source file (`.cpp`, `.c`, `.rs`, `.py`), built as a judge builds
    /// it ([`build::built`]) and run as a program; named by its path.
    Source(PathBuf),
}

impl SolverSpec {
    /// Whether it runs as a process (a program or a built source file),
    /// not in process.
    pub fn is_program(&self) -> bool {
        matches!(self, SolverSpec::Cmd(_) | SolverSpec::Source(_))
    }
}

impl fmt::Display for SolverSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverSpec::Engine => f.write_str("engine"),
            SolverSpec::Reference => f.write_str("reference"),
            SolverSpec::Brute => f.write_str("brute"),
            SolverSpec::Mistake(name) => write!(f, "mistake:{name}"),
            // Quoted where needed, so the text parses back to the same words.
            SolverSpec::Cmd(words) => {
                f.write_str("cmd:")?;
                for (i, w) in words.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    f.write_str(&shell::quote_word(w))?;
                }
                Ok(())
            }
            SolverSpec::Source(path) => f.write_str(&shell::quote_word(&path.to_string_lossy())),
        }
    }
}

impl FromStr for SolverSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "engine" => Ok(SolverSpec::Engine),
            "reference" => Ok(SolverSpec::Reference),
            "brute" => Ok(SolverSpec::Brute),
            _ if s.starts_with("mistake:") => match &s["mistake:".len()..] {
                "" => Err("mistake: needs a name, e.g. mistake:horse-leg-ignored \
                     (gamefuzz mistakes GAME lists them)"
                    .into()),
                name => Ok(SolverSpec::Mistake(name.into())),
            },
            _ => match s.strip_prefix("cmd:") {
                Some(line) => {
                    let words = shell::words(line).map_err(|e| format!("{s}: {e}"))?;
                    if words.is_empty() {
                        return Err(
                            "cmd: needs a program, e.g. cmd:./a.out or 'cmd:python3 sol.py'".into(),
                        );
                    }
                    Ok(SolverSpec::Cmd(words))
                }
                None => source_or_hint(s),
            },
        }
    }
}

/// A solver word that is none of the names: a source file by its
/// extension (the word unquoted as a shell would), or an error that says
/// what the word could have meant.
fn source_or_hint(s: &str) -> Result<SolverSpec, String> {
    let path = match shell::words(s).as_deref() {
        Ok([one]) => PathBuf::from(one),
        _ => PathBuf::from(s),
    };
    if build::language(&path).is_some() {
        return Ok(SolverSpec::Source(path));
    }
    let known = "expected engine, reference, brute, cmd:COMMAND, mistake:NAME or a source file";
    let hint = match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => format!(
            "; it names a file: a program runs as cmd:{}, a source file ends in {}",
            shell::quote_word(s),
            build::known_extensions()
        ),
        _ => String::new(),
    };
    Err(format!("unknown solver '{s}' ({known}){hint}"))
}

/// Parses a comma-separated solver list of at least two distinct solvers.
pub fn parse_solver_list(s: &str) -> Result<Vec<SolverSpec>, String> {
    parse_solvers(s, 2)
}

/// Parses a comma-separated list of at least `min` distinct solvers; a
/// comma inside the quotes of a `cmd:` item does not separate solvers.
pub fn parse_solvers(s: &str, min: usize) -> Result<Vec<SolverSpec>, String> {
    let list = shell::split_list(s)
        .into_iter()
        .map(|p| p.trim().parse())
        .collect::<Result<Vec<SolverSpec>, _>>()?;
    if list.len() < min {
        return Err(if min == 2 {
            format!("need at least two solvers to compare, got '{s}'")
        } else {
            format!("need at least {min} solvers, got '{s}'")
        });
    }
    for (i, a) in list.iter().enumerate() {
        if list[..i].contains(a) {
            return Err(format!("solver '{a}' is listed twice"));
        }
    }
    Ok(list)
}

/// Refuses, before any work, a solver list that cannot run: a `cmd:`
/// program that does not exist or is not executable (a bare name is looked
/// up in `PATH`, as a shell would), `brute` for a game without one and a
/// mistake the game does not catalogue.
pub fn check<G: Game>(solvers: &[SolverSpec]) -> anyhow::Result<()> {
    for s in solvers {
        match s {
            SolverSpec::Brute if !G::HAS_BRUTE => bail!("{} has no brute solver", G::ID),
            SolverSpec::Mistake(name) => {
                if let Err(why) = mistake_indices::<G>(name) {
                    bail!("{why} (gamefuzz mistakes {} lists them)", G::ID);
                }
            }
            SolverSpec::Cmd(words) => {
                if let Err(why) = find_program(&words[0]).and_then(|p| interpreter_found(&p)) {
                    bail!("{s}: {why}");
                }
            }
            SolverSpec::Source(path) => {
                if !path.is_file() {
                    bail!("{s}: no such source file");
                }
                // Built now, before any work: a compile error is refused
                // up front, with the compiler's complaint.
                if let Err(why) = build::built(path) {
                    bail!("{why}");
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The index in `G::MISTAKES` of the mistake called `name`.
pub fn mistake_index<G: Game>(name: &str) -> Option<usize> {
    G::MISTAKES.iter().position(|m| m.name == name)
}

/// The mistakes a solver `mistake:A` or `mistake:A+B` plays: one, or two at
/// once, as a program with two bugs.
pub fn mistake_indices<G: Game>(name: &str) -> Result<Vec<usize>, String> {
    let parts: Vec<&str> = name.split('+').collect();
    if parts.len() > 2 {
        return Err(format!("mistake:{name}: at most two mistakes play at once"));
    }
    let picks = parts
        .iter()
        .map(|part| {
            mistake_index::<G>(part).ok_or_else(|| format!("{} has no mistake '{part}'", G::ID))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if picks.len() == 2 && picks[0] == picks[1] {
        return Err(format!("mistake:{name}: the same mistake twice"));
    }
    Ok(picks)
}

/// Limits for one solver run.
#[derive(Debug, Clone)]
pub struct Limits {
    pub steps: u64,
    /// Wall-clock limit of an external program: the full limit, which a
    /// calibrated one never passes.
    pub timeout: Duration,
    /// Largest accepted stdout of an external program, in bytes.
    pub max_output: usize,
    /// Per-run limits learnt from the programs' own runs, below `timeout`
    /// (`--timeout auto`); `None`: every run gets `timeout`.
    pub calibration: Option<Arc<calibrate::Calibration>>,
    /// Every run gets `timeout` even with a calibration, which still
    /// learns from the runs ([`Limits::full`]).
    pub full_only: bool,
    /// When the command's time is up (`--time`, `--shrink-time`): a run
    /// still going then is cut short, as an interrupt cuts it.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            steps: Budget::DEFAULT_STEPS,
            timeout: Duration::from_secs(10),
            max_output: 64 << 20,
            calibration: None,
            full_only: false,
            deadline: None,
        }
    }
}

impl Limits {
    /// The same limits with the full time limit for every run: where a
    /// run cut at a calibrated limit is confirmed. A program that answers
    /// there is calibrated by it.
    pub fn full(&self) -> Limits {
        Limits {
            full_only: true,
            ..self.clone()
        }
    }

    /// The same limits, every run ending by `deadline` at the latest.
    pub fn until(&self, deadline: Instant) -> Limits {
        Limits {
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            ..self.clone()
        }
    }

    /// The step budget of the reference port on an input the engine solved
    /// in `engine_steps` steps: [`Game::PORT_STEPS`], within `steps`.
    pub fn port_steps<G: Game>(&self, engine_steps: u64) -> u64 {
        let k = G::PORT_STEPS;
        k.per_engine_step
            .saturating_mul(engine_steps)
            .saturating_add(k.base)
            .min(self.steps)
    }

    /// The step budget of a catalogued mistake on an input the engine
    /// solved in `engine_steps` steps: a mistake is the engine with one
    /// rule bent, so it may play a longer game, but one that runs past
    /// many times the engine's work is one that never ends (a pig that
    /// never dies), and it should cost little to find out.
    pub fn mistake_steps(&self, engine_steps: u64) -> u64 {
        engine_steps
            .saturating_mul(64)
            .saturating_add(1_000_000)
            .min(self.steps)
    }

    /// The limits of the port once the engine answered in `engine_steps`:
    /// the budget derived from them. An engine that faulted says nothing
    /// about the work the input needs, so the fixed budget stays.
    pub fn beside_engine<G: Game>(&self, engine: &Run<G::Output>, engine_steps: u64) -> Limits {
        self.beside(engine, self.port_steps::<G>(engine_steps))
    }

    /// [`Limits::beside_engine`] for a catalogued mistake: what
    /// [`run_mistakes`] gives each, and the diagnosis and the package's
    /// kill search too.
    pub fn beside_engine_mistaken<O>(&self, engine: &Run<O>, engine_steps: u64) -> Limits {
        self.beside(engine, self.mistake_steps(engine_steps))
    }

    fn beside<O>(&self, engine: &Run<O>, steps: u64) -> Limits {
        match engine.result {
            Ok(_) => Limits {
                steps,
                ..self.clone()
            },
            Err(_) => self.clone(),
        }
    }
}

/// Runs every solver on one input, in solver order. When the engine is
/// among them it runs first, and the port and the mistakes get budgets
/// derived from the engine's steps ([`Limits::beside_engine`]); `steps`
/// bounds every other in-process solver as it is.
pub fn run_all<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    text: &str,
    limits: &Limits,
) -> Vec<Option<Run<G::Output>>> {
    run_all_unless::<G>(solvers, input, text, limits, |_| false).expect("nothing stops the runs")
}

/// [`run_all`], or `None` as soon as `stop` holds for the engine's run
/// when the engine is the first solver: the shrinker asks there whether
/// a candidate can still show the signature, and the other solvers cost
/// their runs only if it can.
pub fn run_all_unless<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    text: &str,
    limits: &Limits,
    stop: impl FnOnce(&Run<G::Output>) -> bool,
) -> Option<Vec<Option<Run<G::Output>>>> {
    let engine = solvers.iter().position(|s| *s == SolverSpec::Engine);
    let mut first = None;
    let mut derived = None;
    if engine.is_some() {
        let (run, steps) = run_engine::<G>(input, limits);
        if engine == Some(0) && stop(&run) {
            return None;
        }
        derived = Some((
            limits.beside_engine::<G>(&run, steps),
            limits.beside_engine_mistaken(&run, steps),
        ));
        first = Some(run);
    }
    let runs = solvers
        .iter()
        .enumerate()
        .map(|(i, s)| match (s, &derived) {
            _ if Some(i) == engine => first.take(),
            (SolverSpec::Reference, Some((port, _))) => run::<G>(s, input, text, port),
            (SolverSpec::Mistake(_), Some((_, mistake))) => run::<G>(s, input, text, mistake),
            _ => run::<G>(s, input, text, limits),
        })
        .collect();
    Some(runs)
}

/// Runs the engine and every catalogued mistake of the game on one input,
/// the mistakes on budgets derived from the engine's steps (a mistake that
/// makes a game endless costs little): the engine's run, then one run per
/// mistake in `G::MISTAKES` order.
pub fn run_mistakes<G: Game>(
    input: &G::Input,
    text: &str,
    limits: &Limits,
) -> (Run<G::Output>, Vec<Run<G::Output>>) {
    let (engine, steps) = run_engine::<G>(input, limits);
    let bent = limits.beside_engine_mistaken(&engine, steps);
    let mistakes = (0..G::MISTAKES.len())
        .map(|m| {
            let mut budget = Budget::new(bent.steps);
            mistaken_run::<G>(guarded(|| {
                G::mistaken_parsed(input, text, &[m], 0, &mut budget)
            }))
        })
        .collect();
    (engine, mistakes)
}

/// Runs the mistakes `MISTAKES[i]`, `i` in `picks`, together (one, or two
/// at once) on the judge input text, as `mistake:A+B` runs.
pub fn run_mistaken<G: Game>(picks: &[usize], text: &str, limits: &Limits) -> Run<G::Output> {
    run_mistaken_kept::<G>(picks, 0, text, limits)
}

/// [`run_mistaken`] on state kept the way `G::KEEPINGS[keeping]`.
pub fn run_mistaken_kept<G: Game>(
    picks: &[usize],
    keeping: usize,
    text: &str,
    limits: &Limits,
) -> Run<G::Output> {
    let mut budget = Budget::new(limits.steps);
    mistaken_run::<G>(guarded(|| {
        G::mistaken_kept(text, picks, keeping, &mut budget)
    }))
}

/// A mistake's run from what it printed or how it failed.
fn mistaken_run<G: Game>(printed: Result<String, Fault>) -> Run<G::Output> {
    match printed {
        Ok(out) => Run {
            result: parse_out::<G>(&out),
            stdout: Some(out),
            stderr: None,
            notes: Vec::new(),
            cut_early: false,
            probed: false,
        },
        Err(fault) => Run::plain(Err(fault)),
    }
}

/// Whether a mistake's run left some of its answer to [`UNDECIDED`] lines.
pub fn undecided<O>(run: &Run<O>) -> bool {
    run.result.is_err()
        && (run.stdout.as_deref()).is_some_and(|s| s.lines().any(|l| l.trim() == UNDECIDED))
}

/// Text as a judge compares it: lines without trailing blanks, no blank
/// lines at the end.
pub fn normal(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    lines[..end].join("\n")
}

/// Whether `printed`, a mistake's text with [`UNDECIDED`] lines, fits
/// `answer` line by line: every other line the same, and as many lines,
/// or with `prefix`, at least as many (an answer to the first cases of a
/// file only).
pub fn fits_undecided(printed: &str, answer: &str, prefix: bool) -> bool {
    let (printed, answer) = (normal(printed), normal(answer));
    let (mut p, mut a) = (printed.lines(), answer.lines());
    loop {
        match (p.next(), a.next()) {
            (Some(m), Some(o)) => {
                if m.trim() != UNDECIDED && m != o {
                    return false;
                }
            }
            (None, None) => return true,
            (Some(_), None) => return prefix,
            (None, Some(_)) => return false,
        }
    }
}

/// Whether a mistake's run answers otherwise than the engine's `answer`
/// for certain: on a line it decides.
pub fn mistaken_differs<G: Game>(run: &Run<G::Output>, answer: &G::Output) -> bool {
    match (&run.result, &run.stdout) {
        (Ok(o), _) => o != answer,
        (Err(_), Some(printed)) if undecided(run) => {
            !fits_undecided(printed, &G::render_output(answer), false)
        }
        (Err(_), _) => true,
    }
}

/// Whether mistake `MISTAKES[m]` answers the valid `input` otherwise than
/// the engine on a line it decides, run on a budget derived from the
/// engine's steps as in [`run_mistakes`]: a mistake that makes a game
/// endless costs little. What kills a mistake and what a witness shows.
pub fn mistake_differs<G: Game>(m: usize, input: &G::Input, text: &str) -> bool {
    let limits = Limits::default();
    let (engine, steps) = run_engine::<G>(input, &limits);
    let Ok(answer) = engine.result.as_ref() else {
        return false;
    };
    let bent = limits.beside_engine_mistaken(&engine, steps);
    mistaken_differs::<G>(&run_mistaken::<G>(&[m], text, &bent), answer)
}

/// Runs the engine, with the steps it spent (all of them when it ran out).
pub fn run_engine<G: Game>(input: &G::Input, limits: &Limits) -> (Run<G::Output>, u64) {
    let mut budget = Budget::new(limits.steps);
    let result = guarded(|| G::solve(input, &mut budget));
    (Run::plain(result), limits.steps - budget.left())
}

/// The result of running one solver on one input.
#[derive(Debug, Clone)]
pub struct Run<O> {
    pub result: Result<O, Fault>,
    /// The raw text printed, where there is one (port and external programs).
    pub stdout: Option<String>,
    /// The end of an external program's stderr ([`STDERR_TAIL`] bytes),
    /// control characters escaped; `None` when it wrote nothing.
    pub stderr: Option<String>,
    /// Tags the run survived, e.g. `overflow` for wrapped C++ arithmetic.
    pub notes: Vec<String>,
    /// A program cut at a calibrated limit below the full one: its timeout
    /// is to be confirmed with the full limit before it counts.
    pub cut_early: bool,
    /// Cut early at the limit of a program that had answered no run yet
    /// ([`calibrate::PROBE`]): nothing says what it takes, so the cut says
    /// less than one at a limit calibrated on its answers.
    pub probed: bool,
}

impl<O> Run<O> {
    /// The run's class as it appears in a signature: `ok`, `ok+overflow`,
    /// or the fault kind.
    pub fn class(&self) -> String {
        let base = match &self.result {
            Ok(_) => "ok",
            Err(f) => f.kind.name(),
        };
        let mut s = base.to_string();
        for n in &self.notes {
            s.push('+');
            s.push_str(n);
        }
        s
    }

    pub(crate) fn plain(result: Result<O, Fault>) -> Self {
        Run {
            result,
            stdout: None,
            stderr: None,
            notes: Vec::new(),
            cut_early: false,
            probed: false,
        }
    }

    /// An answer split out of a packed file's output.
    pub fn answer(output: O) -> Self {
        Run::plain(Ok(output))
    }
}

/// Runs `f`, turning a panic into a fault.
fn guarded<T>(f: impl FnOnce() -> Result<T, Fault>) -> Result<T, Fault> {
    crate::quiet_panics::enter();
    let r = catch_unwind(AssertUnwindSafe(f));
    crate::quiet_panics::leave();
    match r {
        Ok(r) => r,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into());
            Err(Fault::new(FaultKind::Panic, msg))
        }
    }
}

/// Runs one solver. `None` only for `brute` on an input it does not cover.
pub fn run<G: Game>(
    spec: &SolverSpec,
    input: &G::Input,
    text: &str,
    limits: &Limits,
) -> Option<Run<G::Output>> {
    match spec {
        SolverSpec::Engine => Some(run_engine::<G>(input, limits).0),
        SolverSpec::Brute => {
            let mut budget = Budget::new(limits.steps);
            let mut applicable = true;
            let r = guarded(|| match G::brute(input, &mut budget) {
                Some(r) => r,
                None => {
                    applicable = false;
                    Err(Fault::new(FaultKind::Io, "not applicable"))
                }
            });
            applicable.then(|| Run::plain(r))
        }
        SolverSpec::Reference => {
            let mut io = Io::new(text, limits.steps);
            let r = guarded(|| {
                (G::PORT)(&mut io).map_err(|stop| match stop {
                    Stop::OutOfFuel => Fault::new(FaultKind::Budget, "step budget exhausted"),
                    Stop::Undefined(m) => Fault::new(FaultKind::Undefined, m),
                })
            });
            let result = r.and_then(|()| parse_out::<G>(&io.out));
            Some(Run {
                result,
                stdout: Some(io.out),
                stderr: None,
                notes: io.notes,
                cut_early: false,
                probed: false,
            })
        }
        SolverSpec::Cmd(words) => Some(run_command::<G>(words, text, limits)),
        SolverSpec::Mistake(name) => Some(run_mistake::<G>(name, text, limits)),
        SolverSpec::Source(path) => Some(match build::built(path) {
            Ok(words) => run_command::<G>(&words, text, limits),
            Err(why) => Run::plain(Err(Fault::new(FaultKind::Io, why))),
        }),
    }
}

/// Runs a catalogued mistake on the judge input text, as the port is run:
/// what it prints is parsed like a program's output, so a mistake of
/// writing the output is a `bad-output` like any program's.
fn run_mistake<G: Game>(name: &str, text: &str, limits: &Limits) -> Run<G::Output> {
    match mistake_indices::<G>(name) {
        Ok(picks) => run_mistaken::<G>(&picks, text, limits),
        Err(why) => Run::plain(Err(Fault::new(FaultKind::Io, why))),
    }
}

pub(crate) fn parse_out<G: Game>(text: &str) -> Result<G::Output, Fault> {
    G::parse_output(text).map_err(|e| Fault::new(FaultKind::BadOutput, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undecided_lines_fit_any_line_and_nothing_else() {
        assert!(fits_undecided("1\n?\n3\n", "1\n2\n3", false));
        assert!(!fits_undecided("1\n?\n3\n", "2\n2\n3", false));
        assert!(!fits_undecided("1\n?\n", "1\n2\n3\n", false));
        assert!(!fits_undecided("1\n?\n3\n", "1\n2\n", false));
        // An answer to the first cases of a file only.
        assert!(fits_undecided("?\n2\n3\n", "1\n2\n", true));
        assert!(!fits_undecided("?\n", "1\n2\n", true));
    }

    #[test]
    fn solver_lists_parse_strictly() {
        let cmd = |w: &[&str]| SolverSpec::Cmd(w.iter().map(|s| s.to_string()).collect());
        assert_eq!(
            parse_solver_list("engine,cmd:./a.out").unwrap(),
            vec![SolverSpec::Engine, cmd(&["./a.out"])]
        );
        assert_eq!(
            parse_solver_list("engine, cmd:python3 'my sol.py").unwrap_err(),
            "cmd:python3 'my sol.py: unterminated single quote"
        );
        assert_eq!(
            parse_solver_list("engine,cmd:sh -c 'echo a,b',reference").unwrap(),
            vec![
                SolverSpec::Engine,
                cmd(&["sh", "-c", "echo a,b"]),
                SolverSpec::Reference
            ]
        );
        assert!(parse_solver_list("engine,cmd:  ").is_err());
        assert!(parse_solver_list("engine").is_err());
        assert!(parse_solver_list("engine,engine").is_err());
        assert!(parse_solver_list("engine,oracle").is_err());
        assert!(parse_solver_list("engine,cmd:").is_err());
    }

    #[test]
    fn cmd_solvers_print_as_text_that_parses_back() {
        for words in [
            vec!["./a.out"],
            vec!["python3", "sol.py"],
            vec!["/my dir/it's", "a,b", ""],
            vec!["sh", "-c", "cat > /dev/null; echo \"$x\""],
        ] {
            let spec = SolverSpec::Cmd(words.iter().map(|s| s.to_string()).collect());
            let text = spec.to_string();
            assert_eq!(text.parse::<SolverSpec>().unwrap(), spec, "{text}");
            let list = format!("engine,{text}");
            assert_eq!(parse_solver_list(&list).unwrap()[1], spec, "{list}");
        }
        assert_eq!(
            "cmd:python3 sol.py"
                .parse::<SolverSpec>()
                .unwrap()
                .to_string(),
            "cmd:python3 sol.py"
        );
    }

    #[test]
    fn source_files_are_solvers_and_other_files_get_a_hint() {
        for word in ["my.cpp", "sol.c", "a/b.rs", "x.py", "'my dir/x.cc'"] {
            let spec: SolverSpec = word.parse().unwrap();
            assert!(matches!(spec, SolverSpec::Source(_)), "{word}");
            assert!(spec.is_program());
            assert_eq!(spec.to_string().parse::<SolverSpec>().unwrap(), spec);
        }
        assert_eq!(
            "'my dir/x.cc'".parse::<SolverSpec>().unwrap(),
            SolverSpec::Source("my dir/x.cc".into())
        );
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("xq");
        std::fs::write(&exe, "").unwrap();
        let e = exe.to_str().unwrap().parse::<SolverSpec>().unwrap_err();
        assert!(e.contains(&format!("cmd:{}", exe.display())), "{e}");
        let e = "no-such-thing".parse::<SolverSpec>().unwrap_err();
        assert!(!e.contains("names a file"), "{e}");
    }
}
