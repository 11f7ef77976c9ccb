//! Interrupts (SIGINT, SIGTERM, SIGHUP) and the process groups of the
//! external programs running at the moment.
//!
//! Every external program is started as the leader of its own process
//! group, so a terminal's Ctrl-C reaches gamefuzz alone and never kills a
//! program behind the harness's back (which would look like a crash). The
//! groups alive at any moment are registered here, so an interrupt can kill
//! them all at once; gamefuzz then decides what to keep.
//!
//! A command line also starts a watchdog ([`install`]): a small process
//! of its own, told of every group as it starts and ends, that kills the
//! groups still registered once gamefuzz is gone, however it went (`kill
//! -9` included), so no program or child of one outlives it.

use std::collections::BTreeSet;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

static STOP: AtomicBool = AtomicBool::new(false);

/// Whether this process is a child subreaper ([`install`]): processes that
/// leave a program's group (`setsid`) and outlive their parents become its
/// children, and [`end_orphans`] ends them.
static ADOPTS: AtomicBool = AtomicBool::new(false);

/// The process group ids (= leader pids) of programs started and not yet
/// reaped. A leader is removed as it is reaped, under this lock, so an id
/// here is never a recycled pid.
static GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// The write end of the pipe to the watchdog, and the watchdog's pid; -1
/// and 0 when there is none (a library user, or a fork that failed).
static WATCHDOG: AtomicI32 = AtomicI32::new(-1);
static WATCHDOG_PID: AtomicI32 = AtomicI32::new(0);

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
        // First, while this process holds no pipe or lock a copy of it
        // could keep open.
        start_watchdog();
        // Fails only if another handler is installed, which nothing does.
        let _ = ctrlc::set_handler(move || {
            let again = STOP.swap(true, Ordering::SeqCst);
            kill_all();
            if again || !graceful {
                std::process::exit(130);
            }
            crate::console::errln!(
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
        let watchdog = WATCHDOG_PID.load(Ordering::SeqCst);
        let orphans: Vec<i32> = children()
            .into_iter()
            .filter(|&pid| pid != watchdog)
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
    static TOKENS: AtomicU32 = AtomicU32::new(0);
    let token = TOKENS.fetch_add(1, Ordering::Relaxed);
    if WATCHDOG.load(Ordering::SeqCst) >= 0 {
        // Announced before it starts, and marked: a program started just
        // before this process is killed, whose pid the watchdog was not
        // told, is found by its mark.
        cmd.env(MARK, mark_value(std::process::id(), token));
        tell_watchdog(message(b'?', 0, token));
    }
    cmd.process_group(0);
    let mut busy = 0;
    // Started with the registry held: [`end_orphans`] never sees a program
    // that is not registered yet.
    let (child, mut running) = loop {
        let running = groups();
        match cmd.spawn() {
            Ok(c) => break (c, running),
            // A file just written is "busy" while any process forked
            // meanwhile (by any thread) still holds the descriptor it was
            // written through, until that process execs: wait for it.
            Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && busy < BUSY_TRIES => {
                drop(running);
                busy += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(e) => {
                tell_watchdog(message(b'!', 0, token));
                return Err(e);
            }
        }
    };
    let pid = child.id() as i32;
    running.insert(pid);
    tell_watchdog(message(b'+', pid, token));
    drop(running);
    if stopped() {
        kill_group(pid);
    }
    Ok(Some(child))
}

/// How often [`spawn`] tries again a program that is busy being written,
/// 10 ms apart.
const BUSY_TRIES: u32 = 100;

/// Kills every process of the group led by `pid` (the program and whatever
/// it started and left in its group).
pub fn kill_group(pid: i32) {
    // SAFETY: killpg takes plain integers and touches no memory of ours.
    unsafe {
        libc::killpg(pid, libc::SIGKILL);
    }
}

/// Forgets the group led by `child` and reaps its leader, which has
/// exited. Both happen with the registry held: [`end_orphans`], which holds
/// it too, must never see an exited leader that is no longer registered
/// and not yet reaped, or it would take it for an orphan and reap it
/// first, and the run would lose its exit status (`ECHILD`).
pub fn reap(child: &mut Child) -> io::Result<std::process::ExitStatus> {
    let pid = child.id() as i32;
    let mut running = groups();
    running.remove(&pid);
    tell_watchdog(message(b'-', pid, 0));
    let status = child.wait();
    drop(running);
    status
}

fn kill_all() {
    for &pid in groups().iter() {
        kill_group(pid);
    }
}

/// Sends a [`message`] to the watchdog. One write of a few bytes, which a
/// pipe never interleaves with another.
fn tell_watchdog(msg: [u8; MESSAGE]) {
    let fd = WATCHDOG.load(Ordering::SeqCst);
    if fd < 0 {
        return;
    }
    // A watchdog that is gone (killed by hand) only ends the protection.
    // SAFETY: writes the bytes of a live array to a descriptor we own.
    unsafe {
        libc::write(fd, msg.as_ptr().cast(), MESSAGE);
    }
}

/// A message to the watchdog about the program of [`spawn`]'s `token`:
/// `?` it is being started, `+` it started as the group `pid`, `!` it
/// could not start; or `-` the group `pid` ended and was killed.
fn message(op: u8, pid: i32, token: u32) -> [u8; MESSAGE] {
    let mut msg = [op; MESSAGE];
    msg[1..5].copy_from_slice(&pid.to_le_bytes());
    msg[5..].copy_from_slice(&token.to_le_bytes());
    msg
}

/// The bytes of one message to the watchdog.
const MESSAGE: usize = 9;

/// The environment variable that marks every program a command line
/// starts, `<gamefuzz's pid>-<token>`: the watchdog's way to find one whose
/// pid it was never told.
const MARK: &str = "GAMEFUZZ_RUN";

fn mark_value(pid: u32, token: u32) -> String {
    format!("{pid}-{token}")
}

/// Forks the watchdog, with a pipe whose write end only this process holds
/// (close-on-exec: programs never inherit it), so that the watchdog reads
/// the end of the pipe exactly when this process is gone.
fn start_watchdog() {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: pipe2 fills in the two descriptors of the array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    let [read, write] = fds;
    // SAFETY: the child runs only system calls (`watch`), which is sound
    // in the child of any process, threads or not.
    match unsafe { libc::fork() } {
        0 => watch(read, write),
        -1 => unsafe {
            libc::close(read);
            libc::close(write);
        },
        pid => {
            // SAFETY: closes our copy of the read end.
            unsafe { libc::close(read) };
            WATCHDOG_PID.store(pid, Ordering::SeqCst);
            WATCHDOG.store(write, Ordering::SeqCst);
        }
    }
}

/// The most groups the watchdog keeps (workers are at most 256, each
/// running one program at a time).
const WATCHED: usize = 4096;

/// The watchdog's whole life: reads the programs as they start and end
/// until the pipe ends, then kills the groups still running, and the
/// marked processes of a program it was not told the pid of, and exits.
/// It uses system calls only, on memory of its own stack, no allocation:
/// it is a fork of a process that may have had other threads.
fn watch(read: libc::c_int, write: libc::c_int) -> ! {
    // SAFETY: system calls on descriptors and memory of this process.
    unsafe {
        let gamefuzz = libc::getppid() as u32;
        libc::close(write);
        // A group of its own: a signal to gamefuzz's group (Ctrl-C, kill
        // of the job) does not end it before its work.
        libc::setpgid(0, 0);
        libc::dup2(read, 0);
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
        if null >= 0 {
            libc::dup2(null, 1);
            libc::dup2(null, 2);
        }
        // Holds nothing of gamefuzz's open: a pipe or a lock held here
        // would outlive gamefuzz.
        for fd in 3..1024 {
            libc::close(fd);
        }
        // Each program with the token of its start; pid 0 while starting.
        let mut programs = [(0i32, 0u32); WATCHED];
        let mut n = 0;
        let mut buf = [0u8; MESSAGE * 64];
        let mut have = 0;
        loop {
            let r = libc::read(0, buf[have..].as_mut_ptr().cast(), buf.len() - have);
            if r < 0 && *libc::__errno_location() == libc::EINTR {
                continue;
            }
            if r <= 0 {
                break;
            }
            have += r as usize;
            let whole = have - have % MESSAGE;
            for m in buf[..whole].chunks_exact(MESSAGE) {
                let pid = i32::from_le_bytes([m[1], m[2], m[3], m[4]]);
                let token = u32::from_le_bytes([m[5], m[6], m[7], m[8]]);
                let at = match m[0] {
                    b'-' => programs[..n].iter().position(|p| p.0 == pid),
                    _ => programs[..n].iter().position(|p| p.1 == token),
                };
                match (m[0], at) {
                    (b'?', None) if n < WATCHED => {
                        programs[n] = (0, token);
                        n += 1;
                    }
                    (b'+', Some(i)) => programs[i].0 = pid,
                    (b'!' | b'-', Some(i)) => {
                        n -= 1;
                        programs[i] = programs[n];
                    }
                    _ => {}
                }
            }
            buf.copy_within(whole..have, 0);
            have -= whole;
        }
        for &(pid, _) in &programs[..n] {
            if pid != 0 {
                libc::killpg(pid, libc::SIGKILL);
            }
        }
        // A program caught in the middle of its exec shows an empty
        // environment for a moment (the kernel sets it up after the
        // parent has been let go), so the marked ones are looked for a
        // few times, a few milliseconds apart.
        if programs[..n].iter().any(|p| p.0 == 0) {
            for _ in 0..5 {
                for &(pid, token) in &programs[..n] {
                    if pid == 0 {
                        kill_marked(gamefuzz, token);
                    }
                }
                let pause = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 10_000_000,
                };
                libc::nanosleep(&pause, std::ptr::null_mut());
            }
        }
        libc::_exit(0)
    }
}

/// Kills every process whose environment holds the mark of gamefuzz's
/// program `token` (and the group of one that leads its own), found in
/// `/proc`; with system calls only, as [`watch`].
unsafe fn kill_marked(gamefuzz: u32, token: u32) {
    // `GAMEFUZZ_RUN=<pid>-<token>` and the NUL that ends it.
    let mut mark = [0u8; 64];
    let mut len = 0;
    for part in [MARK.as_bytes(), b"="] {
        mark[len..len + part.len()].copy_from_slice(part);
        len += part.len();
    }
    len = push_number(&mut mark, len, gamefuzz);
    mark[len] = b'-';
    len = push_number(&mut mark, len + 1, token) + 1;
    let mark = &mark[..len];
    let dir = libc::open(c"/proc".as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY);
    if dir < 0 {
        return;
    }
    let mut entries = [0u8; 8192];
    let mut env = [0u8; 65536];
    loop {
        let got = libc::syscall(
            libc::SYS_getdents64,
            dir,
            entries.as_mut_ptr(),
            entries.len(),
        );
        if got <= 0 {
            break;
        }
        let mut at = 0;
        while at < got as usize {
            let entry = entries.as_ptr().add(at).cast::<libc::dirent64>();
            at += (*entry).d_reclen as usize;
            let name = std::ffi::CStr::from_ptr((*entry).d_name.as_ptr()).to_bytes();
            let Some(pid) = number(name) else {
                continue;
            };
            // `/proc/<pid>/environ`
            let mut path = [0u8; 64];
            let mut l = 6;
            path[..l].copy_from_slice(b"/proc/");
            path[l..l + name.len()].copy_from_slice(name);
            l += name.len();
            path[l..l + 9].copy_from_slice(b"/environ\0");
            let fd = libc::open(path.as_ptr().cast(), libc::O_RDONLY);
            if fd < 0 {
                continue;
            }
            let mut have = 0;
            while have < env.len() {
                let r = libc::read(fd, env[have..].as_mut_ptr().cast(), env.len() - have);
                if r <= 0 {
                    break;
                }
                have += r as usize;
            }
            libc::close(fd);
            let env = &env[..have];
            let marked = (0..env.len().saturating_sub(mark.len() - 1))
                .any(|i| (i == 0 || env[i - 1] == 0) && env[i..].starts_with(mark));
            if marked {
                if libc::getpgid(pid) == pid {
                    libc::killpg(pid, libc::SIGKILL);
                }
                libc::kill(pid, libc::SIGKILL);
            }
        }
    }
    libc::close(dir);
}

/// Writes `x` in decimal into `buf` at `at`; where it ends.
fn push_number(buf: &mut [u8], at: usize, x: u32) -> usize {
    let mut digits = [0u8; 10];
    let (mut k, mut x) = (0, x);
    loop {
        digits[k] = b'0' + (x % 10) as u8;
        k += 1;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    for (j, d) in digits[..k].iter().rev().enumerate() {
        buf[at + j] = *d;
    }
    at + k
}

/// The decimal number `s` spells, if it is one.
fn number(s: &[u8]) -> Option<i32> {
    if s.is_empty() || s.len() > 9 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0, |n, d| n * 10 + i32::from(d - b'0')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_process_is_found_and_killed() {
        let me = std::process::id();
        let start = |token: u32| {
            Command::new("sleep")
                .arg("60")
                .env(MARK, mark_value(me, token))
                .spawn()
                .expect("start sleep")
        };
        let (mut marked, mut other) = (start(7), start(70));
        // Spawn returns once the exec has begun, but the kernel sets up the
        // new environment a moment later: wait until it shows.
        let shown = format!("{MARK}={}", mark_value(me, 7));
        let environ = format!("/proc/{}/environ", marked.id());
        let began = std::time::Instant::now();
        while !std::fs::read(&environ)
            .unwrap_or_default()
            .split(|&b| b == 0)
            .any(|v| v == shown.as_bytes())
        {
            assert!(began.elapsed().as_secs() < 30, "the mark never showed");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // SAFETY: only system calls, on processes of this test.
        unsafe { kill_marked(me, 7) };
        let status = marked.wait().unwrap();
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(9)
        );
        assert!(
            other.try_wait().unwrap().is_none(),
            "another mark is left alone"
        );
        other.kill().unwrap();
        other.wait().unwrap();
    }

    #[test]
    fn numbers_are_written_and_read_in_decimal() {
        let mut buf = [0u8; 16];
        let end = push_number(&mut buf, 2, 4_000_001);
        assert_eq!(&buf[2..end], b"4000001");
        assert_eq!(number(b"4000001"), Some(4_000_001));
        assert_eq!(number(b"self"), None);
        assert_eq!(number(b""), None);
    }
}
