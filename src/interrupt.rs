//! Interrupts (SIGINT, SIGTERM, SIGHUP) and the process groups of the
//! external programs running at the moment.
//!
//! Every external program is started as the leader of its own process
//! group, so a terminal's Ctrl-C reaches gamefuzz alone and never kills a
//! program behind the harness's back (which would look like a crash). The
//! groups alive at any moment are registered here, so an interrupt can kill
//! them all at once; gamefuzz then decides what to keep.

use std::collections::BTreeSet;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

static STOP: AtomicBool = AtomicBool::new(false);

/// Whether this process is a child subreaper ([`install`]): processes that
/// leave a program's group (`setsid`) and outlive their parents become its
/// children, and [`end_orphans`] ends them.
static ADOPTS: AtomicBool = AtomicBool::new(false);

/// The process group ids (= leader pids) of programs started and not yet
/// reaped. A leader is removed before it is reaped, so an id here is never
/// a recycled pid.
static GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

fn groups() -> MutexGuard<'static, BTreeSet<i32>> {
    GROUPS.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether an interrupt has been received: no new work starts.
pub fn stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// Installs the handler of SIGINT, SIGTERM and SIGHUP for the whole
/// process. The first signal kills every running program's group and sets
/// [`stopped`]; a `graceful` command then finishes what it has (stores its
/// findings, prints its summary) and exits with its usual code, any other
/// command exits 130 at once. A second signal always exits 130 at once.
/// Corpus and package writes are atomic, so exiting at any point leaves
/// nothing half-written.
pub fn install(graceful: bool) {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // Fails only if another handler is installed, which nothing does.
        let _ = ctrlc::set_handler(move || {
            let again = STOP.swap(true, Ordering::SeqCst);
            kill_all();
            if again || !graceful {
                std::process::exit(130);
            }
            eprintln!(
                "\ninterrupted: no new cases; running programs killed and their cases \
                 discarded; storing what was found (interrupt again to exit at once)"
            );
        });
        adopt_orphans();
    });
}

/// Makes this process the reaper of its descendants' orphans (Linux), so
/// that a process a program started in a session or group of its own is
/// still ended with the program ([`end_orphans`]). Only a command line
/// does this ([`install`]): a library user may have children of its own.
fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl with integer arguments only.
        let r = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
        ADOPTS.store(r == 0, Ordering::SeqCst);
    }
}

/// Kills and reaps every process that left a program's group and was
/// adopted by this process when its parent died; called after each run,
/// once the program's group is killed and the program reaped. A child
/// still in this process's own group is something it started itself (a
/// compiler) and is left alone; a program being started is registered
/// before the registry is free again, so it is never taken for an orphan.
pub fn end_orphans() {
    if !ADOPTS.load(Ordering::SeqCst) {
        return;
    }
    let running = groups();
    // SAFETY: getpgrp takes no arguments.
    let own_group = unsafe { libc::getpgrp() };
    // Each round ends the orphans found; their own children are adopted as
    // they die and found by the next round.
    for _ in 0..64 {
        let orphans: Vec<i32> = children()
            .into_iter()
            // SAFETY: getpgid on a child of ours, which stays ours (and
            // its pid unrecycled) until we reap it.
            .filter(|&pid| !running.contains(&pid) && unsafe { libc::getpgid(pid) } != own_group)
            .collect();
        if orphans.is_empty() {
            return;
        }
        for pid in orphans {
            // SAFETY: plain integers; `pid` is our unreaped child, so
            // neither it nor a group it leads can be another process's.
            unsafe {
                if libc::getpgid(pid) == pid {
                    libc::killpg(pid, libc::SIGKILL);
                }
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// The children of this process's main thread, where the kernel puts the
/// orphans it adopts.
fn children() -> Vec<i32> {
    let me = std::process::id();
    std::fs::read_to_string(format!("/proc/{me}/task/{me}/children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// Starts `cmd` as the leader of a new process group and registers the
/// group; `None` once an interrupt has been received. An interrupt that
/// comes while the program starts either finds its group registered or is
/// seen here after registering (the handler sets the flag before it takes
/// the registry), so the group is killed either way.
pub fn spawn(cmd: &mut Command) -> io::Result<Option<Child>> {
    if stopped() {
        return Ok(None);
    }
    // Started with the registry held: [`end_orphans`] never sees a program
    // that is not registered yet.
    let mut running = groups();
    let child = cmd.process_group(0).spawn()?;
    let pid = child.id() as i32;
    running.insert(pid);
    drop(running);
    if stopped() {
        kill_group(pid);
    }
    Ok(Some(child))
}

/// Kills every process of the group led by `pid` (the program and whatever
/// it started and left in its group).
pub fn kill_group(pid: i32) {
    // SAFETY: killpg takes plain integers and touches no memory of ours.
    unsafe {
        libc::killpg(pid, libc::SIGKILL);
    }
}

/// Forgets the group led by `pid`; called before its leader is reaped.
pub fn release(pid: i32) {
    groups().remove(&pid);
}

fn kill_all() {
    for &pid in groups().iter() {
        kill_group(pid);
    }
}
