//! Solvers: the engine, the reference port, the brute-force oracle and
//! external programs, each yielding a typed output or a classified fault.

use std::ffi::CString;
use std::fmt;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::str::FromStr;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::bail;
use gamefuzz_reference::{Io, Stop};

use crate::game::Game;
use crate::interrupt;
use crate::shell;
use crate::text::printable;

// The game modules import these from here.
use crate::fault::{Budget, Fault, FaultKind};

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
}

impl fmt::Display for SolverSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverSpec::Engine => f.write_str("engine"),
            SolverSpec::Reference => f.write_str("reference"),
            SolverSpec::Brute => f.write_str("brute"),
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
                None => Err(format!(
                    "unknown solver '{s}' (expected engine, reference, brute or cmd:COMMAND)"
                )),
            },
        }
    }
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
/// up in `PATH`, as a shell would) and `brute` for a game without one.
pub fn check<G: Game>(solvers: &[SolverSpec]) -> anyhow::Result<()> {
    for s in solvers {
        match s {
            SolverSpec::Brute if !G::HAS_BRUTE => bail!("{} has no brute solver", G::ID),
            SolverSpec::Cmd(words) => {
                if let Err(why) = find_program(&words[0]) {
                    bail!("{s}: {why}");
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The file a program name starts: a name with a slash is a path, a bare
/// name is searched in `PATH` (an empty entry is the working directory).
pub fn find_program(name: &str) -> Result<PathBuf, String> {
    if name.contains('/') {
        let p = Path::new(name);
        let why = match std::fs::metadata(p) {
            Err(_) => "no such file",
            Ok(m) if !m.is_file() => "not a file",
            Ok(_) if !executable(p) => "not executable",
            Ok(_) => return Ok(p.to_path_buf()),
        };
        return Err(format!("no executable program at {name} ({why})"));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| match dir.as_os_str().is_empty() {
            true => Path::new(".").join(name),
            false => dir.join(name),
        })
        .find(|p| p.is_file() && executable(p))
        .ok_or_else(|| format!("no executable program {name} in PATH"))
}

/// Whether this process may execute `p`.
fn executable(p: &Path) -> bool {
    let Ok(c) = CString::new(p.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c` is a valid NUL-terminated string for the call.
    unsafe { libc::access(c.as_ptr(), libc::X_OK) == 0 }
}

/// Limits for one solver run.
#[derive(Debug, Clone)]
pub struct Limits {
    pub steps: u64,
    /// Wall-clock limit of an external program.
    pub timeout: Duration,
    /// Largest accepted stdout of an external program, in bytes.
    pub max_output: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            steps: Budget::DEFAULT_STEPS,
            timeout: Duration::from_secs(10),
            max_output: 64 << 20,
        }
    }
}

impl Limits {
    /// The step budget of the reference port on an input the engine solved
    /// in `engine_steps` steps: [`Game::PORT_STEPS`], within `steps`.
    pub fn port_steps<G: Game>(&self, engine_steps: u64) -> u64 {
        let k = G::PORT_STEPS;
        k.per_engine_step
            .saturating_mul(engine_steps)
            .saturating_add(k.base)
            .min(self.steps)
    }

    /// The limits of the other solvers once the engine answered in
    /// `engine_steps`: the port's budget derived from them. An engine that
    /// faulted says nothing about the work the input needs, so the fixed
    /// budget stays.
    pub fn beside_engine<G: Game>(&self, engine: &Run<G::Output>, engine_steps: u64) -> Limits {
        match engine.result {
            Ok(_) => Limits {
                steps: self.port_steps::<G>(engine_steps),
                ..self.clone()
            },
            Err(_) => self.clone(),
        }
    }
}

/// Runs every solver on one input, in solver order. When the engine is
/// among them it runs first, and the port gets the budget derived from the
/// engine's steps ([`Limits::beside_engine`]); `steps` bounds every other
/// in-process solver as it is.
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
    let mut port_limits = None;
    if engine.is_some() {
        let (run, steps) = run_engine::<G>(input, limits);
        if engine == Some(0) && stop(&run) {
            return None;
        }
        port_limits = Some(limits.beside_engine::<G>(&run, steps));
        first = Some(run);
    }
    let runs = solvers
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            _ if Some(i) == engine => first.take(),
            SolverSpec::Reference => {
                run::<G>(s, input, text, port_limits.as_ref().unwrap_or(limits))
            }
            _ => run::<G>(s, input, text, limits),
        })
        .collect();
    Some(runs)
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

    fn plain(result: Result<O, Fault>) -> Self {
        Run {
            result,
            stdout: None,
            stderr: None,
            notes: Vec::new(),
        }
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
            })
        }
        SolverSpec::Cmd(words) => Some(run_command::<G>(words, text, limits)),
    }
}

fn parse_out<G: Game>(text: &str) -> Result<G::Output, Fault> {
    G::parse_output(text).map_err(|e| Fault::new(FaultKind::BadOutput, e.to_string()))
}

/// How much of a program's stderr a run keeps: the end, where a
/// traceback or an assertion message is.
pub const STDERR_TAIL: usize = 4096;

/// How long a program's output pipes may stay open once its process group
/// is dead: only a process that left the group can hold them, and it must
/// not hold the run.
const PIPE_GRACE: Duration = Duration::from_secs(1);

/// Runs an external program without a shell, feeding `text` on stdin.
///
/// The program leads its own process group. When it exits, or its time is
/// up, the whole group is killed before the program is reaped: a
/// grandchild holding stdout can neither keep the run waiting nor outlive
/// it. The program is waited for without being reaped (`WNOWAIT`), so the
/// group id cannot be recycled before the group is killed.
fn run_command<G: Game>(words: &[String], text: &str, limits: &Limits) -> Run<G::Output> {
    let fail = |kind, detail: String| Run::plain(Err(Fault::new(kind, detail)));
    let mut cmd = Command::new(&words[0]);
    cmd.args(&words[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match interrupt::spawn(&mut cmd) {
        Ok(Some(c)) => c,
        Ok(None) => return fail(FaultKind::Interrupted, "not started: interrupted".into()),
        Err(e) => return fail(FaultKind::Io, format!("cannot start {}: {e}", words[0])),
    };
    let max = limits.max_output;
    let pipes = connect(&mut child, text, max);
    let (timed_out, status) = end_group(&mut child, limits.timeout);
    let Pipes { out_rx, err_rx } = match pipes {
        Ok(p) => p,
        Err(e) => return fail(FaultKind::Io, format!("cannot start a thread to talk to it: {e}")),
    };
    let grace = Instant::now() + PIPE_GRACE;
    let stderr = err_rx
        .recv_timeout(grace.saturating_duration_since(Instant::now()))
        .ok()
        .and_then(|(tail, total)| stderr_text(&tail, total));
    let fail = |kind, detail: String| Run {
        stderr: stderr.clone(),
        ..fail(kind, detail)
    };
    if interrupt::stopped() {
        return fail(FaultKind::Interrupted, "killed: interrupted".into());
    }
    if timed_out {
        return fail(
            FaultKind::Timeout,
            format!("no answer within {:?}", limits.timeout),
        );
    }
    let status = match status {
        Ok(s) => s,
        Err(e) => return fail(FaultKind::Io, format!("waiting for {}: {e}", words[0])),
    };
    let out = match out_rx.recv_timeout(grace.saturating_duration_since(Instant::now())) {
        Ok(Ok(buf)) => buf,
        Ok(Err(e)) => return fail(FaultKind::Io, format!("reading its output: {e}")),
        Err(_) => {
            return fail(
                FaultKind::Io,
                "its output stayed open after it exited and its process group was killed \
                 (a process it started left the group)"
                    .into(),
            )
        }
    };
    if out.len() > max {
        return fail(
            FaultKind::Oversized,
            format!("more than {max} bytes of output"),
        );
    }
    let stdout = String::from_utf8_lossy(&out).into_owned();
    let result = if !status.success() {
        Err(Fault::new(
            FaultKind::Crash,
            format!("exited with {status}"),
        ))
    } else {
        parse_out::<G>(&stdout)
    };
    Run {
        result,
        stdout: Some(stdout),
        stderr,
        notes: Vec::new(),
    }
}

/// The receiving ends of a running program's output: its stdout (at most
/// one byte past the limit) and the tail of its stderr with its length.
struct Pipes {
    out_rx: mpsc::Receiver<std::io::Result<Vec<u8>>>,
    err_rx: mpsc::Receiver<(Vec<u8>, usize)>,
}

/// Feeds `text` to the program and reads its output, each pipe on its own
/// thread, so no pipe can fill up and block the program. A thread that
/// cannot start is an error (the caller still ends the program).
fn connect(child: &mut Child, text: &str, max: usize) -> std::io::Result<Pipes> {
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = text.as_bytes().to_vec();
    // Detached: a program may exit without reading all input (not a
    // fault), and the write ends when the group is killed.
    thread::Builder::new().spawn(move || {
        let _ = stdin.write_all(&input);
    })?;
    let mut stdout = child.stdout.take().expect("piped stdout");
    let (out_tx, out_rx) = mpsc::channel();
    thread::Builder::new().spawn(move || {
        let mut buf = Vec::new();
        let r = (&mut stdout).take(max as u64 + 1).read_to_end(&mut buf);
        // Drain the rest so the program never blocks on a full pipe.
        let _ = std::io::copy(&mut stdout, &mut std::io::sink());
        let _ = out_tx.send(r.map(|_| buf));
    })?;
    let stderr = child.stderr.take().expect("piped stderr");
    let (err_tx, err_rx) = mpsc::channel();
    thread::Builder::new().spawn(move || {
        let _ = err_tx.send(read_tail(stderr, STDERR_TAIL));
    })?;
    Ok(Pipes { out_rx, err_rx })
}

/// Waits until the program exits or `timeout` is up, then kills its whole
/// group, reaps it and ends the processes that left the group
/// ([`interrupt::end_orphans`]): whether it timed out, and its exit status.
fn end_group(child: &mut Child, timeout: Duration) -> (bool, std::io::Result<ExitStatus>) {
    let pid = child.id() as i32;
    let timed_out = !wait_exited(pid, timeout);
    if timed_out {
        // In case the program left its own group.
        let _ = child.kill();
    }
    interrupt::kill_group(pid);
    if timed_out {
        wait_exited(pid, Duration::MAX);
    }
    interrupt::release(pid);
    let status = child.wait();
    interrupt::end_orphans();
    (timed_out, status)
}

/// Waits until process `pid` has exited, leaving it unreaped, or `timeout`
/// is up; whether it exited. The wait is on a thread of its own, or where
/// none can start, by polling.
fn wait_exited(pid: i32, timeout: Duration) -> bool {
    let (exit_tx, exit_rx) = mpsc::channel();
    let waiter = thread::Builder::new().spawn(move || {
        while !exited(pid, 0) {}
        let _ = exit_tx.send(());
    });
    if waiter.is_ok() {
        return exit_rx.recv_timeout(timeout).is_ok();
    }
    let start = Instant::now();
    loop {
        if exited(pid, libc::WNOHANG) {
            return true;
        }
        if start.elapsed() >= timeout {
            return false;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// One `waitid` on process `pid` without reaping it (`flags` may add
/// `WNOHANG`): whether it has exited. An interrupted wait is not an exit;
/// a failed one (no such child) counts as one, so no caller waits forever.
fn exited(pid: i32, flags: libc::c_int) -> bool {
    // SAFETY: `info` is a plain C struct that waitid fills in.
    let (r, info) = unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOWAIT | flags,
        );
        (r, info)
    };
    if r != 0 {
        return std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted;
    }
    // With WNOHANG and no exit yet, waitid leaves `si_pid` zero.
    // SAFETY: si_pid reads the field waitid filled in.
    flags & libc::WNOHANG == 0 || unsafe { info.si_pid() } != 0
}

/// Reads `r` to its end, keeping the last `keep` bytes; returns them and
/// the number of bytes read in all.
fn read_tail(mut r: impl Read, keep: usize) -> (Vec<u8>, usize) {
    let (mut tail, mut total) = (Vec::new(), 0);
    let mut chunk = [0u8; 8192];
    loop {
        match r.read(&mut chunk) {
            Ok(0) => break,
            Ok(k) => {
                total += k;
                tail.extend_from_slice(&chunk[..k]);
                if tail.len() > 2 * keep {
                    tail.drain(..tail.len() - keep);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    if tail.len() > keep {
        tail.drain(..tail.len() - keep);
    }
    (tail, total)
}

/// The kept end of a program's stderr as text safe for a terminal, saying
/// how much came before it; `None` when the program wrote nothing.
fn stderr_text(tail: &[u8], total: usize) -> Option<String> {
    if total == 0 {
        return None;
    }
    // Start on a character boundary.
    let start = tail
        .iter()
        .take(3)
        .take_while(|&&b| b & 0xc0 == 0x80)
        .count();
    let text = printable(&String::from_utf8_lossy(&tail[start..]), usize::MAX);
    Some(match total - (tail.len() - start) {
        0 => text,
        cut => format!("… ({cut} earlier bytes not kept)\n{text}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn programs_are_found_like_a_shell_finds_them() {
        assert!(find_program("sh").unwrap().is_absolute());
        assert!(find_program("no-such-program-anywhere").is_err());
        assert!(find_program("./no/such/file").is_err());
        assert!(find_program("/").is_err());
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("plain");
        std::fs::write(&p, "#!/bin/sh\n").unwrap();
        let e = find_program(p.to_str().unwrap()).unwrap_err();
        assert!(e.ends_with("(not executable)"), "{e}");
    }
}
