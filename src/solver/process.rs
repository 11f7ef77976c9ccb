//! External programs: started without a shell, each the leader of its own
//! process group, fed the input, read, timed, and ended with everything
//! they started.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::{parse_out, Limits, Run};
use crate::fault::{Fault, FaultKind};
use crate::game::Game;
use crate::interrupt;
use crate::show::printable;

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
pub(super) fn run_command<G: Game>(
    words: &[String],
    text: &str,
    limits: &Limits,
) -> Run<G::Output> {
    let fail = |kind, detail: String| Run::plain(Err(Fault::new(kind, detail)));
    let probe = limits
        .calibration
        .as_ref()
        .is_some_and(|c| !limits.full_only && !c.answered(&program_key(words)));
    let (limit, wait) = match time_limit(words, text, limits) {
        Some(l) => l,
        None => return fail(FaultKind::Interrupted, "not started: its time is up".into()),
    };
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
    let started = Instant::now();
    let pipes = connect(&mut child, text, max);
    let (timed_out, status) = end_group(&mut child, wait);
    let took = started.elapsed();
    let Ok(Pipes { out_rx, err_rx }) = pipes.map_err(|e| e.to_string()) else {
        return fail(FaultKind::Io, "cannot start a thread to talk to it".into());
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
        let run = timed_out_run(limit, wait, limits.timeout, probe);
        let hung = (run.result.as_ref()).is_err_and(|f| f.kind == FaultKind::Timeout);
        if let Some(c) = limits
            .calibration
            .as_ref()
            .filter(|_| hung && !run.cut_early)
        {
            c.record_hang();
        }
        return Run { stderr, ..run };
    }
    if let Some(c) = &limits.calibration {
        c.record(&program_key(words), text.len(), took);
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
        cut_early: false,
        probed: false,
    }
}

/// A run that did not end within `wait`: cut short by the command's
/// deadline when that came before its `limit`, else a timeout, one to be
/// confirmed where the limit was a calibrated one below `full` (`probe`:
/// the limit of a program that had answered nothing yet).
fn timed_out_run<O>(limit: Duration, wait: Duration, full: Duration, probe: bool) -> Run<O> {
    let fail = |kind, detail: String| Run::plain(Err(Fault::new(kind, detail)));
    if wait < limit {
        return fail(
            FaultKind::Interrupted,
            "cut short: the command's time is up".into(),
        );
    }
    let early = limit < full;
    let detail = match (early, probe) {
        (true, true) => format!(
            "no answer within {limit:?} (it had answered no run yet; the full limit is {full:?})"
        ),
        (true, false) => format!(
            "no answer within {limit:?} (calibrated on its answered runs; the full limit is {full:?})"
        ),
        (false, _) => format!("no answer within {limit:?}"),
    };
    Run {
        cut_early: early,
        probed: early && probe,
        ..fail(FaultKind::Timeout, detail)
    }
}

/// The time limit of a run of `words` on `text` (calibrated, or the full
/// one) and how long to wait for it: the limit, or less when the command's
/// deadline comes first; `None` when that deadline has passed.
fn time_limit(words: &[String], text: &str, limits: &Limits) -> Option<(Duration, Duration)> {
    let limit = match &limits.calibration {
        Some(c) if !limits.full_only => c.limit(&program_key(words), text.len(), limits.timeout),
        _ => limits.timeout,
    };
    let wait = match limits.deadline {
        Some(d) => limit.min(
            d.checked_duration_since(Instant::now())
                .filter(|w| !w.is_zero())?,
        ),
        None => limit,
    };
    Some((limit, wait))
}

/// A program's name in its calibration: its command line.
pub(super) fn program_key(words: &[String]) -> String {
    words.join("\0")
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
    let status = interrupt::reap(child);
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
