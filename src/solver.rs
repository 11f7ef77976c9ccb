//! Solvers: the engine, the reference port, the brute-force oracle and
//! external programs, each yielding a typed output or a classified fault.

use std::fmt;
use std::io::{Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::Duration;

use gamefuzz_reference::{Io, Stop};
use wait_timeout::ChildExt;

use crate::game::Game;

// The game modules import these from here.
use crate::fault::{Budget, Fault, FaultKind};

/// Which solver to run.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SolverSpec {
    Engine,
    Reference,
    Brute,
    /// An external program: judge input on stdin, judge output on stdout.
    Cmd(PathBuf),
}

impl fmt::Display for SolverSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverSpec::Engine => f.write_str("engine"),
            SolverSpec::Reference => f.write_str("reference"),
            SolverSpec::Brute => f.write_str("brute"),
            SolverSpec::Cmd(p) => write!(f, "cmd:{}", p.display()),
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
                Some("") => Err("cmd: needs a program path, e.g. cmd:./a.out".into()),
                Some(p) => Ok(SolverSpec::Cmd(PathBuf::from(p))),
                None => Err(format!(
                    "unknown solver '{s}' (expected engine, reference, brute or cmd:PATH)"
                )),
            },
        }
    }
}

/// Parses a comma-separated solver list of at least two distinct solvers.
pub fn parse_solver_list(s: &str) -> Result<Vec<SolverSpec>, String> {
    parse_solvers(s, 2)
}

/// Parses a comma-separated list of at least `min` distinct solvers.
pub fn parse_solvers(s: &str, min: usize) -> Result<Vec<SolverSpec>, String> {
    let list = s
        .split(',')
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

/// The result of running one solver on one input.
#[derive(Debug, Clone)]
pub struct Run<O> {
    pub result: Result<O, Fault>,
    /// The raw text printed, where there is one (port and external programs).
    pub stdout: Option<String>,
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
        SolverSpec::Engine => {
            let mut budget = Budget::new(limits.steps);
            Some(Run::plain(guarded(|| G::solve(input, &mut budget))))
        }
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
                notes: io.notes,
            })
        }
        SolverSpec::Cmd(path) => Some(run_command::<G>(path, text, limits)),
    }
}

fn parse_out<G: Game>(text: &str) -> Result<G::Output, Fault> {
    G::parse_output(text).map_err(|e| Fault::new(FaultKind::BadOutput, e.to_string()))
}

/// Runs an external program without a shell, feeding `text` on stdin.
fn run_command<G: Game>(path: &PathBuf, text: &str, limits: &Limits) -> Run<G::Output> {
    let fail = |kind, detail: String| Run::plain(Err(Fault::new(kind, detail)));
    let mut child = match Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            return fail(
                FaultKind::Io,
                format!("cannot start {}: {e}", path.display()),
            )
        }
    };
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = text.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        // A program may exit without reading all input; that is not a fault.
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let max = limits.max_output;
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let r = (&mut stdout).take(max as u64 + 1).read_to_end(&mut buf);
        // Drain the rest so the child never blocks on a full pipe.
        let _ = std::io::copy(&mut stdout, &mut std::io::sink());
        r.map(|_| buf)
    });
    let status = match child.wait_timeout(limits.timeout) {
        Ok(Some(s)) => s,
        Ok(None) => {
            let _ = child.kill();
            let _ = child.wait();
            let _ = writer.join();
            let _ = reader.join();
            return fail(
                FaultKind::Timeout,
                format!("no answer within {:?}", limits.timeout),
            );
        }
        Err(e) => {
            return fail(
                FaultKind::Io,
                format!("waiting for {}: {e}", path.display()),
            )
        }
    };
    let _ = writer.join();
    let out = match reader.join() {
        Ok(Ok(buf)) => buf,
        _ => return fail(FaultKind::Io, "reading the program's output failed".into()),
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
        notes: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solver_lists_parse_strictly() {
        assert_eq!(
            parse_solver_list("engine,cmd:./a.out").unwrap(),
            vec![SolverSpec::Engine, SolverSpec::Cmd("./a.out".into())]
        );
        assert!(parse_solver_list("engine").is_err());
        assert!(parse_solver_list("engine,engine").is_err());
        assert!(parse_solver_list("engine,oracle").is_err());
        assert!(parse_solver_list("engine,cmd:").is_err());
    }
}
