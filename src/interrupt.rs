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
    });
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
    let child = cmd.process_group(0).spawn()?;
    let pid = child.id() as i32;
    groups().insert(pid);
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
