//! External programs and long campaigns under the faults of real use:
//! programs that leave children behind, Ctrl-C, SIGTERM and kill -9,
//! half-written corpora, typos, garbage output, huge tokens, slow and
//! crashing programs, unshrunk findings and command lines with arguments.
//!
//! The programs are small `/bin/sh` scripts in a temporary directory.
//! Every command runs under a watchdog, so a hang fails the test after
//! [`HANG`] instead of hanging it, and every process a test starts is
//! killed. No assertion bounds how fast work is done: a behaviour that
//! ends work early (a timeout, an interrupt, `--time`) is shown against
//! what would happen without it (a program that sleeps [`FOREVER`], a
//! campaign of `--time` [`FOREVER`], which only that behaviour ends within
//! [`HANG`]), or by counting the runs it allows.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;
use common::{always_yes, script, text};

const BIN: &str = env!("CARGO_BIN_EXE_gamefuzz");

/// How long a command, or a wait for something a command does, may take
/// before the test fails as hung. It only catches hangs: it is more than
/// ten times the slowest command here, timed one by one (each `finish`
/// printing its elapsed time, the tests run with `--test-threads 1`) on a
/// 2-core machine that other builds kept at load 8 to 12: the campaign of
/// `calibrated_limits_cut_hangs_early_and_never_convict_a_slow_program`
/// took 17 s, every other command at most 9 s.
const HANG: Duration = Duration::from_secs(180);

/// Seconds, far more than [`HANG`]: a program that sleeps this long, or a
/// campaign with this `--time`, ends within [`HANG`] only when gamefuzz
/// ends it.
const FOREVER: &str = "3600";

/// gamefuzz started in its own process group (as a shell starts a
/// foreground job), killed with its group if the test ends early. Its
/// output is read as it comes, so a command printing much never blocks.
struct Run {
    child: Option<Child>,
    started: Instant,
    stdout: Option<JoinHandle<Vec<u8>>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
}

impl Run {
    fn start(args: &[&str]) -> Run {
        Run::start_with(args, Stdio::null())
    }

    fn start_with(args: &[&str], stdin: Stdio) -> Run {
        let mut child = Command::new(BIN)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .expect("start gamefuzz");
        let read = |mut r: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                let _ = r.read_to_end(&mut buf);
                buf
            })
        };
        let stdout = read(Box::new(child.stdout.take().unwrap()));
        let stderr = read(Box::new(child.stderr.take().unwrap()));
        Run {
            child: Some(child),
            started: Instant::now(),
            stdout: Some(stdout),
            stderr: Some(stderr),
        }
    }

    fn pid(&self) -> i32 {
        self.child.as_ref().expect("running").id() as i32
    }

    /// Sends `signal` to gamefuzz alone, or to its whole group (as a
    /// terminal's Ctrl-C does).
    fn signal(&self, signal: i32, group: bool) {
        let pid = if group { -self.pid() } else { self.pid() };
        // SAFETY: plain integers.
        unsafe {
            libc::kill(pid, signal);
        }
    }

    /// Waits for the end within [`HANG`] of the start; a run still going
    /// then fails the test (after its group is killed).
    fn finish(mut self) -> Output {
        let limit = HANG;
        let mut child = self.child.take().expect("running");
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if self.started.elapsed() > limit {
                // SAFETY: plain integers.
                unsafe {
                    libc::kill(-(child.id() as i32), libc::SIGKILL);
                }
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let stdout = self.stdout.take().unwrap().join().unwrap();
        let stderr = self.stderr.take().unwrap().join().unwrap();
        let Some(status) = status else {
            panic!(
                "still running after {limit:?}; stdout:\n{}\nstderr:\n{}",
                text(&stdout),
                text(&stderr)
            );
        };
        assert!(!text(&stderr).contains("panicked"), "{}", text(&stderr));
        Output {
            status,
            stdout,
            stderr,
        }
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            // SAFETY: plain integers.
            unsafe {
                libc::kill(-(c.id() as i32), libc::SIGKILL);
            }
            let _ = c.wait();
        }
    }
}

/// Runs gamefuzz to its end within [`HANG`].
fn gamefuzz(args: &[&str]) -> Output {
    Run::start(args).finish()
}

/// Waits until `done` holds, failing the test as hung (`what`) after
/// [`HANG`].
fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let waited = Instant::now();
    while !done() {
        assert!(waited.elapsed() < HANG, "{what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not one JSON object ({e}); stderr:\n{}", text(&out.stderr)))
}

/// Processes a test's scripts started: each appends its pid to `file`.
/// All are killed when the test ends.
struct Pids(PathBuf);

impl Pids {
    /// A shell line that records the process `var` (`$$`, `$!`) with its
    /// start time, so that a pid the system has given to another process
    /// since is not taken for it.
    fn record(&self, var: &str) -> String {
        format!(
            "echo \"{var} $(cut -d' ' -f22 /proc/{var}/stat)\" >> {}",
            self.0.display()
        )
    }

    /// Each process recorded, with its start time where it was recorded.
    fn list(&self) -> Vec<(i32, Option<String>)> {
        std::fs::read_to_string(&self.0)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| {
                let mut words = l.split_whitespace();
                let pid = words.next()?.parse().ok()?;
                Some((pid, words.next().map(String::from)))
            })
            .collect()
    }

    /// The processes recorded that still run (a zombie waiting for a
    /// reaper does not, nor a process that got a recorded pid again).
    fn alive(&self) -> Vec<i32> {
        self.list()
            .into_iter()
            .filter(|(pid, start)| {
                std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
                    let fields: Vec<&str> = s
                        .rsplit(')')
                        .next()
                        .unwrap_or("")
                        .split_whitespace()
                        .collect();
                    fields.first() != Some(&"Z")
                        && start.as_deref().is_none_or(|t| fields.get(19) == Some(&t))
                })
            })
            .map(|(pid, _)| pid)
            .collect()
    }
}

impl Drop for Pids {
    fn drop(&mut self) {
        for pid in self.alive() {
            // SAFETY: plain integers.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
    }
}

/// The `.in` files of one game directory of a corpus.
fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|x| x == "in"));
    v.sort();
    v
}

fn meta(entry: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(entry.with_extension("json")).unwrap()).unwrap()
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Item 1: a program that leaves a child holding its stdout, when its time
/// is up and when it answers and exits: the run ends at once, the child
/// does not outlive it. The child sleeps [`FOREVER`], so a run that waited
/// for the stdout it holds would be caught as hung.
#[test]
fn a_timeout_and_an_exit_kill_the_whole_process_tree() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let child = pids.record("$!");
    let hang = script(
        dir.path(),
        "hang.sh",
        &format!("sleep {FOREVER} &\n{child}\nwait"),
    );
    let leave = script(
        dir.path(),
        "leave.sh",
        &format!("sleep {FOREVER} &\n{child}\n{BIN} solve xiangqi"),
    );
    let input = gamefuzz(&["gen", "xiangqi", "--seed", "3"]).stdout;
    let file = dir.path().join("in.txt");
    std::fs::write(&file, &input).unwrap();
    let solve = |solver: &str, timeout: &str| {
        let stdin = std::fs::File::open(&file).unwrap();
        let args = ["solve", "xiangqi", "--solver", solver, "--timeout", timeout];
        Run::start_with(&args, stdin.into()).finish()
    };

    let out = solve(&format!("cmd:{}", hang.display()), "0.5");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("timeout"),
        "{}",
        text(&out.stderr)
    );

    let out = solve(&format!("cmd:{}", leave.display()), FOREVER);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        out.stdout,
        solve("engine", "10").stdout,
        "the program's answer"
    );

    assert_eq!(pids.list().len(), 2);
    assert_eq!(pids.alive(), Vec::<i32>::new(), "no child outlives its run");
}

/// Item 2: Ctrl-C at a terminal signals the whole foreground group. The
/// programs run in their own groups, so none dies of it behind gamefuzz's
/// back (which would be a false crash): gamefuzz kills them, discards their
/// cases, prints its summary and exits with its usual code, long before its
/// `--time` of [`FOREVER`].
#[test]
fn ctrl_c_stops_cleanly_with_no_false_finding() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let slow = script(
        dir.path(),
        "slow.sh",
        &format!("{}\nsleep 0.3\nexec {BIN} solve xiangqi", pids.record("$$")),
    );
    let corpus = dir.path().join("corpus");
    let solvers = format!("engine,cmd:{}", slow.display());
    let run = Run::start(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--time",
        FOREVER,
        "--jobs",
        "2",
        "--json",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    // A third program starts once a run has ended: some cases are done, and
    // two runs are in flight.
    wait_for("no run ended", || pids.list().len() >= 3);
    run.signal(libc::SIGINT, true);
    let out = run.finish();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["divergences"], 0, "{v}");
    assert!(v["cases"].as_u64().unwrap() > 0, "{v}");
    assert!(entries(&corpus.join("xiangqi")).is_empty());
    assert_eq!(pids.alive(), Vec::<i32>::new(), "every program was killed");
}

/// Item 2: SIGTERM (a CI cancel, `timeout`, `kill`) is an interrupt too:
/// the summary is printed and the findings kept, long before the campaign's
/// `--time` of [`FOREVER`]. A command that has nothing to keep kills its
/// program and exits 130.
#[test]
fn sigterm_prints_the_summary_and_keeps_the_findings() {
    let dir = tempfile::tempdir().unwrap();
    let yes = always_yes(dir.path());
    let corpus = dir.path().join("corpus");
    let solvers = format!("engine,cmd:{}", yes.display());
    let run = Run::start(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--time",
        FOREVER,
        "--json",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    wait_for("no finding stored while running", || {
        entries(&corpus.join("xiangqi"))
            .iter()
            .any(|e| e.with_extension("json").exists())
    });
    run.signal(libc::SIGTERM, false);
    let out = run.finish();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["interrupted"], true);
    let sigs = v["signatures"].as_array().unwrap();
    assert!(!sigs.is_empty(), "{v}");
    for s in sigs {
        let path = PathBuf::from(s["corpus"].as_str().expect("stored"));
        assert!(path.exists() && path.with_extension("json").exists());
    }

    let pids = Pids(dir.path().join("pids"));
    let sleeper = script(
        dir.path(),
        "sleeper.sh",
        &format!("{}\nexec sleep {FOREVER}", pids.record("$$")),
    );
    let solver = format!("cmd:{}", sleeper.display());
    let run = Run::start(&[
        "repro",
        "xiangqi",
        "--seed",
        "1",
        "--solvers",
        &format!("engine,{solver}"),
    ]);
    wait_for("the program never started", || !pids.list().is_empty());
    run.signal(libc::SIGTERM, false);
    let out = run.finish();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    // It sleeps FOREVER: only a kill ends it.
    wait_for("the program was not killed", || pids.alive().is_empty());
    assert_eq!(pids.list().len(), 1);
}

/// Item 3: a finding is in the corpus as soon as it is seen, so a kill -9
/// loses nothing found before; the entry says it is not shrunk, and every
/// command reads the corpus afterwards.
#[test]
fn kill_9_mid_campaign_keeps_what_was_found() {
    let dir = tempfile::tempdir().unwrap();
    let yes = always_yes(dir.path());
    let corpus = dir.path().join("corpus");
    let games = corpus.join("xiangqi");
    let solvers = format!("engine,cmd:{}", yes.display());
    let run = Run::start(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--time",
        FOREVER,
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    // An entry is whole once its metadata follows its input.
    let whole = || -> Vec<PathBuf> {
        let mut v = entries(&games);
        v.retain(|e| e.with_extension("json").exists());
        v
    };
    wait_for("no finding stored while running", || !whole().is_empty());
    run.signal(libc::SIGKILL, false);
    drop(run);
    // The kill may also have cut a later entry between its two writes:
    // the commands below must read the corpus all the same.
    let stored = whole();
    assert!(!stored.is_empty());
    for e in &stored {
        assert_eq!(meta(e)["shrunk"], false, "{}", e.display());
    }
    let repro = gamefuzz(&["repro", stored[0].to_str().unwrap()]);
    assert_eq!(repro.status.code(), Some(1), "{}", text(&repro.stderr));
    let merged = dir.path().join("merged");
    let merge = gamefuzz(&[
        "corpus",
        "merge",
        corpus.to_str().unwrap(),
        "--into",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(merge.status.code(), Some(0), "{}", text(&merge.stderr));
    let again = gamefuzz(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--cases",
        "40",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(again.status.code(), Some(1), "{}", text(&again.stderr));
}

/// Item 3: what a kill between two writes, a concurrent writer or a bad
/// hand edit leaves is skipped with a warning by every reader, and never
/// deleted or overwritten; the store keeps the smallest of duplicates.
#[test]
fn partial_entries_are_skipped_with_a_warning_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let games = corpus.join("xiangqi");
    std::fs::create_dir_all(&games).unwrap();
    let committed = entries(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/xiangqi"));
    let first = &committed[0];
    let copy = |from: &Path, name: &str| std::fs::copy(from, games.join(name)).unwrap();
    for e in &committed {
        let name = e.file_name().unwrap().to_str().unwrap();
        copy(e, name);
        copy(&e.with_extension("json"), &name.replace(".in", ".json"));
    }
    // A larger exemplar of the first entry's signature, as a concurrent run
    // could leave it.
    let mut larger = meta(first);
    let big = format!("{}\n", std::fs::read_to_string(first).unwrap().trim_end());
    let big = big.replacen("\n", "\n\n", 1);
    larger["description"] = Value::from("hand-written: the rule");
    std::fs::write(games.join("dup-00000009.in"), &big).unwrap();
    std::fs::write(games.join("dup-00000009.json"), larger.to_string()).unwrap();
    copy(first, "orphan-00000001.in");
    copy(&first.with_extension("json"), "lonely-00000002.json");
    copy(first, "corrupt-00000003.in");
    std::fs::write(games.join("corrupt-00000003.json"), "{ not json").unwrap();
    std::fs::write(games.join(".x.in.tmp-2147483647-0"), "half").unwrap();

    let c = corpus.to_str().unwrap();
    let source = first.parent().unwrap().to_str().unwrap();
    let merge = gamefuzz(&["corpus", "merge", source, "--into", c]);
    assert_eq!(merge.status.code(), Some(0), "{}", text(&merge.stderr));
    let diff = gamefuzz(&[
        "diff", "xiangqi", "--cases", "200", "--jobs", "2", "--corpus", c,
    ]);
    assert!(
        matches!(diff.status.code(), Some(0 | 1)),
        "{}",
        text(&diff.stderr)
    );
    let warnings = text(&diff.stderr);
    for name in [
        "orphan-00000001.in",
        "lonely-00000002.json",
        "corrupt-00000003.in",
    ] {
        assert!(warnings.contains(name), "warns about {name}: {warnings}");
    }
    let merged = dir.path().join("merged");
    let merge = gamefuzz(&["corpus", "merge", c, "--into", merged.to_str().unwrap()]);
    assert_eq!(merge.status.code(), Some(0), "{}", text(&merge.stderr));
    for target in ["orphan-00000001.in", "corrupt-00000003.in"] {
        let repro = gamefuzz(&["repro", games.join(target).to_str().unwrap()]);
        assert!(
            matches!(repro.status.code(), Some(0 | 1)),
            "{}",
            text(&repro.stderr)
        );
        assert!(text(&repro.stdout).contains("== input"));
    }
    let pkg = dir.path().join("pkg");
    let package = gamefuzz(&[
        "package",
        "xiangqi",
        "--out",
        pkg.to_str().unwrap(),
        "--corpus",
        c,
        "--tests",
        "5",
    ]);
    assert!(
        matches!(package.status.code(), Some(0 | 1)),
        "{}",
        text(&package.stderr)
    );

    assert_eq!(
        std::fs::read_to_string(games.join("corrupt-00000003.json")).unwrap(),
        "{ not json"
    );
    for kept in [
        "orphan-00000001.in",
        "lonely-00000002.json",
        "corrupt-00000003.in",
    ] {
        assert!(games.join(kept).exists(), "{kept} is left alone");
    }
    // One exemplar per signature, the smallest, with the description kept.
    let sig = larger["signature"].as_str().unwrap().to_string();
    let same: Vec<PathBuf> = entries(&games)
        .into_iter()
        .filter(|e| e.with_extension("json").exists())
        .filter(|e| {
            serde_json::from_str::<Value>(
                &std::fs::read_to_string(e.with_extension("json")).unwrap(),
            )
            .is_ok_and(|m| m["signature"] == sig.as_str())
        })
        .collect();
    assert_eq!(same.len(), 1, "{same:?}");
    assert!(!games.join("dup-00000009.in").exists());
    assert!(std::fs::read_to_string(&same[0]).unwrap().len() < big.len());
}

/// Item 3: two campaigns storing into one corpus at the same time leave
/// one complete entry per signature.
#[test]
fn two_concurrent_campaigns_on_one_corpus_stay_correct() {
    let dir = tempfile::tempdir().unwrap();
    let yes = always_yes(dir.path());
    let corpus = dir.path().join("corpus");
    let solvers = format!("engine,cmd:{}", yes.display());
    let c = corpus.to_str().unwrap();
    let runs: Vec<Run> = ["0", "1000"]
        .iter()
        .map(|seed| {
            Run::start(&[
                "diff",
                "xiangqi",
                "--solvers",
                &solvers,
                "--cases",
                "64",
                "--seed",
                seed,
                "--corpus",
                c,
                "--json",
            ])
        })
        .collect();
    let mut sigs = std::collections::BTreeSet::new();
    for r in runs {
        let out = r.finish();
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        for s in json(&out)["signatures"].as_array().unwrap() {
            sigs.insert(s["signature"].as_str().unwrap().to_string());
        }
    }
    let stored = entries(&corpus.join("xiangqi"));
    let mut stored_sigs: Vec<String> = stored
        .iter()
        .map(|e| meta(e)["signature"].as_str().unwrap().to_string())
        .collect();
    stored_sigs.sort();
    assert_eq!(
        stored_sigs,
        sigs.into_iter().collect::<Vec<_>>(),
        "one entry per signature"
    );
    let names: Vec<String> = std::fs::read_dir(corpus.join("xiangqi"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2 * stored.len(), "no stray files: {names:?}");
}

/// Item 4: a program that cannot run, and zero limits, are refused before
/// any work by every command that takes solvers.
#[test]
fn misuse_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.sh");
    std::fs::write(&plain, "#!/bin/sh\n").unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, gamefuzz(&["gen", "xiangqi"]).stdout).unwrap();
    let pkg = dir.path().join("pkg");
    let i = input.to_str().unwrap();
    for bad in [
        "cmd:./no-such-program",
        &format!("cmd:{}", plain.display()),
        "cmd:no-such-program-in-path",
    ] {
        let two = format!("engine,{bad}");
        for args in [
            // Campaigns that would run FOREVER once started.
            vec!["diff", "xiangqi", "--solvers", &two, "--time", FOREVER],
            vec!["diff", "all", "--solvers", &two, "--time", FOREVER],
            vec!["solve", "xiangqi", "--solver", bad],
            vec!["shrink", "xiangqi", "--solvers", &two, i],
            vec!["repro", "xiangqi", "--seed", "1", "--solvers", &two],
            vec![
                "package",
                "xiangqi",
                "--out",
                pkg.to_str().unwrap(),
                "--check",
                bad,
            ],
        ] {
            let out = gamefuzz(&args);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{args:?}: {}",
                text(&out.stderr)
            );
            let err = text(&out.stderr);
            assert_eq!(err.trim().lines().count(), 1, "{args:?}: one line: {err}");
            assert!(err.contains(bad), "{args:?}: names the solver: {err}");
            assert!(!pkg.exists(), "no package written");
        }
    }
    for args in [
        vec!["diff", "xiangqi", "--timeout", "0"],
        vec!["diff", "xiangqi", "--steps", "0"],
        vec!["solve", "xiangqi", "--timeout", "0"],
        vec!["repro", "xiangqi", "--seed", "1", "--steps", "0"],
    ] {
        let out = gamefuzz(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// A program that fails every case is a finding, the one its author needs
/// most: its fault is a divergence (signature, shrinking, storing, exit
/// 1), and one warning line names it, with its own message, as a likely
/// wrong program. Not an error that stores nothing.
#[test]
fn a_program_that_fails_every_case_is_a_finding_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let crash = script(
        dir.path(),
        "crash.sh",
        "cat > /dev/null\necho 'Traceback (most recent call last):' >&2\n\
         echo \"ModuleNotFoundError: No module named 'numpy'\" >&2\nexit 1",
    );
    let corpus = dir.path().join("corpus");
    let solvers = format!("engine,cmd:{}", crash.display());
    let out = gamefuzz(&[
        "diff",
        "chutes",
        "--solvers",
        &solvers,
        "--cases",
        "40",
        "--shrink-time",
        "5",
        "--corpus",
        corpus.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning:")).collect();
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(warnings[0].contains("answered none of the first"), "{err}");
    assert!(warnings[0].contains("No module named 'numpy'"), "{err}");
    let v = json(&out);
    assert_eq!(v["cases"], 40, "{v}");
    let sig = v["signatures"][0]["signature"].as_str().unwrap();
    assert_eq!(sig, format!("engine:ok cmd:{}:crash", crash.display()));
    assert_eq!(v["signatures"][0]["shrink"], "shrunk", "{v}");
    assert_eq!(entries(&corpus.join("chutes")).len(), 1);
}

/// Item 5: a program printing random bytes gets one signature (bad
/// output), and none of its bytes reach the terminal raw.
#[test]
fn garbage_output_is_one_signature_and_never_printed_raw() {
    let dir = tempfile::tempdir().unwrap();
    let noise = "printf 'MP\\n\\033[2J\\a'\nhead -c 400 /dev/urandom";
    let garbage = script(
        dir.path(),
        "garbage.sh",
        &format!("cat > /dev/null\n{noise}"),
    );
    // Right on about half the inputs, so that two solvers work.
    let sometimes = script(
        dir.path(),
        "sometimes.sh",
        &format!(
            "input=$(cat)\ncase $(printf '%s' \"$input\" | cksum) in\n\
             [0-4]*) printf '%s\\n' \"$input\" | {BIN} solve pigs; exit ;;\nesac\n{noise}"
        ),
    );
    let solvers = format!("engine,cmd:{}", sometimes.display());
    let out = gamefuzz(&[
        "diff",
        "pigs",
        "--solvers",
        &solvers,
        "--cases",
        "16",
        "--jobs",
        "2",
        "--no-store",
        // Its explaining, never right, would spend the whole default budget.
        "--explain-time",
        "2",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    let sigs: Vec<&str> = v["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["signature"].as_str().unwrap())
        .collect();
    assert_eq!(
        sigs,
        [format!("engine:ok cmd:{}:bad-output", sometimes.display())],
        "{v}"
    );
    assert!(v["divergences"].as_u64().unwrap() < 16, "{v}");
    let repro = gamefuzz(&[
        "repro",
        "pigs",
        "--seed",
        "1",
        "--solvers",
        &format!("engine,cmd:{}", garbage.display()),
    ]);
    assert_eq!(repro.status.code(), Some(1));
    for (what, bytes) in [
        ("diff stdout", &out.stdout),
        ("diff stderr", &out.stderr),
        ("repro stdout", &repro.stdout),
        ("repro stderr", &repro.stderr),
    ] {
        let raw = bytes
            .iter()
            .find(|&&b| (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f);
        assert_eq!(raw, None, "{what} holds a raw control byte");
        assert!(bytes.len() < 64 << 10, "{what} is {} bytes", bytes.len());
    }
    assert!(
        text(&repro.stdout).contains("\\x1b[2J"),
        "{}",
        text(&repro.stdout)
    );
}

/// Item 5: a 10 MB token is quoted by its first 40 characters.
#[test]
fn a_huge_token_is_quoted_short() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("huge.in");
    let token = "Q".repeat(10_000_000);
    std::fs::write(&file, format!("2 1\nMP {token} D D D\nFP D D D D\nD\n")).unwrap();
    for args in [
        vec!["validate", "pigs", file.to_str().unwrap()],
        vec![
            "shrink",
            "pigs",
            "--solvers",
            "engine,reference",
            file.to_str().unwrap(),
        ],
    ] {
        let out = gamefuzz(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.len() < 400, "{args:?}: {} bytes of message", err.len());
        assert!(err.contains("… (10000000 bytes)"), "{err}");
    }
}

/// Item 6: with a program that always times out, `--time` bounds the
/// campaign (the halves and cases of a timed-out file, re-run, count
/// against it, and the run in flight at the deadline is cut short) and
/// `--shrink-time` the shrinking, whose result is stored, marked unshrunk.
/// The bounds show in the number of runs: every run lasts its time limit
/// unless a deadline cuts it.
#[test]
fn time_and_shrink_time_bound_a_run_with_a_slow_program() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let slow = script(
        dir.path(),
        "slow.sh",
        &format!("{}\nexec sleep {FOREVER}", pids.record("$$")),
    );
    let corpus = dir.path().join("corpus");
    let solvers = format!("engine,reference,cmd:{}", slow.display());
    let run = |timeout: &str, extra: &[&str]| {
        let mut args = vec!["diff", "xiangqi", "--solvers", &solvers, "--time", "3"];
        args.extend_from_slice(&["--timeout", timeout, "--jobs", "1", "--json"]);
        args.extend_from_slice(extra);
        let before = pids.list().len();
        let out = gamefuzz(&args);
        (out, pids.list().len() - before)
    };
    // 32 cases packed in files: each file times out, then both its halves,
    // then every case of it alone would, one after the other: 35 runs of
    // 0.5 s. Each lasts its 0.5 s but the one the deadline cuts, so 3 s
    // hold 7 at most.
    let (out, runs) = run("0.5", &["--no-store", "--no-shrink", "--explain-time", "0"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    assert!(runs <= 7, "{runs} runs of 0.5 s in 3 s");
    assert!(
        v["signatures"][0]["signature"]
            .as_str()
            .unwrap()
            .ends_with(":timeout"),
        "{v}"
    );

    // The run in flight at the deadline is cut short: without that, the
    // first run would last FOREVER.
    let (out, runs) = run(FOREVER, &["--no-store", "--no-shrink"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no case was run"));
    assert_eq!(runs, 1);

    // Shrinking a 40-case file takes far more than a second of candidates
    // (`gamefuzz shrink` of one takes 15 runs of 0.5 s). The campaign (3 s)
    // and the shrinking of its two signatures (1 s between them) hold 8
    // runs of 0.5 s, and one cut short at each of their 3 deadlines.
    let c = corpus.to_str().unwrap();
    let (out, runs) = run(
        "0.5",
        &[
            "--profile",
            "max",
            "--shrink-time",
            "1",
            "--explain-time",
            "0",
            "--corpus",
            c,
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    assert!(runs <= 11, "{runs} runs of 0.5 s in 4 s");
    let s = &v["signatures"][0];
    assert_eq!(s["shrink"], "partly", "{v}");
    assert_eq!(s["shrink_note"], "shrink budget spent", "{v}");
    let stored = PathBuf::from(s["corpus"].as_str().expect("stored"));
    assert_eq!(meta(&stored)["shrunk"], false);
    assert_eq!(pids.alive(), Vec::<i32>::new());
}

/// Item 7: a crashing program's stderr is shown by diff, repro and shrink,
/// and recorded in the corpus.
#[test]
fn a_programs_stderr_says_why_it_failed() {
    let dir = tempfile::tempdir().unwrap();
    let crash = script(
        dir.path(),
        "crash.sh",
        "cat > /dev/null\necho 'Traceback (most recent call last):' >&2\n\
         echo 'ZeroDivisionError: division by zero' >&2\nexit 1",
    );
    let corpus = dir.path().join("corpus");
    let solvers = format!("engine,reference,cmd:{}", crash.display());
    let why = "ZeroDivisionError: division by zero";
    let out = gamefuzz(&[
        "diff",
        "stones",
        "--solvers",
        &solvers,
        "--cases",
        "4",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(why), "{}", text(&out.stdout));
    let stored = entries(&corpus.join("stones"));
    assert_eq!(stored.len(), 1);
    let m = meta(&stored[0]);
    let rec = &m["solvers"][2];
    assert!(rec["stderr"].as_str().unwrap().contains(why), "{m}");
    let repro = gamefuzz(&["repro", stored[0].to_str().unwrap()]);
    assert!(text(&repro.stdout).contains(why), "{}", text(&repro.stdout));
    let shrink = gamefuzz(&[
        "shrink",
        "stones",
        "--solvers",
        &solvers,
        stored[0].to_str().unwrap(),
    ]);
    assert_eq!(shrink.status.code(), Some(1));
    assert!(
        text(&shrink.stderr).contains(why),
        "{}",
        text(&shrink.stderr)
    );
}

/// Item 8: a `--no-shrink` finding is stored marked unshrunk and reported
/// as such; the next run that meets it shrinks it, the one after leaves it.
#[test]
fn an_unshrunk_exemplar_is_shrunk_by_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let yes = always_yes(dir.path());
    let corpus = dir.path().join("corpus");
    let solvers = format!("engine,cmd:{}", yes.display());
    let run = |extra: &[&str]| {
        let mut args = vec![
            "diff",
            "xiangqi",
            "--solvers",
            &solvers,
            "--cases",
            "40",
            "--profile",
            "max",
        ];
        args.extend_from_slice(&["--corpus", corpus.to_str().unwrap()]);
        args.extend_from_slice(extra);
        let out = gamefuzz(&args);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        (text(&out.stdout), entries(&corpus.join("xiangqi")))
    };
    let (report, stored) = run(&["--no-shrink"]);
    assert!(report.contains("not shrunk: --no-shrink"), "{report}");
    assert!(!report.contains("shrunk to"), "{report}");
    assert_eq!(stored.len(), 1);
    assert_eq!(meta(&stored[0])["shrunk"], false);
    let big = std::fs::read_to_string(&stored[0]).unwrap().len();

    let (report, stored) = run(&[]);
    assert!(report.contains("shrunk to"), "{report}");
    assert_eq!(stored.len(), 1);
    assert_eq!(meta(&stored[0])["shrunk"], true);
    assert!(std::fs::read_to_string(&stored[0]).unwrap().len() < big);

    let (report, again) = run(&[]);
    assert!(report.contains("not shrunk again"), "{report}");
    assert_eq!(again, stored);
}

/// Item 9: `cmd:` takes a command line: a program with arguments, quotes
/// for spaces and commas, and the repro command gamefuzz prints reads back
/// through a real shell.
#[test]
fn cmd_takes_a_command_line_with_arguments() {
    let out = gamefuzz(&[
        "diff",
        "xiangqi",
        "--solvers",
        &format!("engine,cmd:{BIN} solve xiangqi"),
        "--cases",
        "40",
        "--json",
        "--no-store",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(json(&out)["compared"], 40);

    let dir = tempfile::tempdir().unwrap();
    let spaced = dir.path().join("my dir");
    std::fs::create_dir(&spaced).unwrap();
    let prog = script(
        &spaced,
        "wrong prog",
        &format!(
            "[ \"$1\" = 'a, \"b\"' ] || exit 3\nexec {}",
            always_yes(dir.path()).display()
        ),
    );
    let solvers = format!("engine,cmd:'{}' 'a, \"b\"'", prog.display());
    let out = gamefuzz(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--cases",
        "8",
        "--json",
        "--no-store",
        "--no-shrink",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    let sig = v["signatures"][0]["signature"].as_str().unwrap();
    assert!(
        sig.contains(":ok "),
        "the arguments reached the program: {sig}"
    );
    let repro = v["signatures"][0]["repro"].as_str().unwrap();
    let cmd = repro.strip_prefix("gamefuzz ").expect("a gamefuzz command");
    let again = Command::new("sh")
        .arg("-c")
        .arg(format!("exec {BIN} {cmd}"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(
        again.status.code(),
        Some(1),
        "{repro}: {}",
        text(&again.stderr)
    );
    assert!(
        text(&again.stdout).contains(&format!("== divergence: {sig}")),
        "{}",
        text(&again.stdout)
    );
}

/// Probe: an interrupt that comes while the findings are being shrunk
/// ends the shrinking, and the summary says the run was interrupted.
#[test]
fn an_interrupt_while_shrinking_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let yes = always_yes(dir.path());
    let slow = script(
        dir.path(),
        "slow-yes.sh",
        &format!("{}\nsleep 0.1\nexec {}", pids.record("$$"), yes.display()),
    );
    let solvers = format!("engine,cmd:{}", slow.display());
    let run = Run::start(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--cases",
        "1",
        "--profile",
        "max",
        "--jobs",
        "1",
        "--no-store",
        "--json",
    ]);
    // One run is the campaign; the runs after it are the shrinking's.
    wait_for("shrinking never started", || pids.list().len() >= 4);
    run.signal(libc::SIGINT, true);
    let out = run.finish();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["interrupted"], true, "{v}");
    assert_eq!(v["signatures"][0]["shrink"], "partly", "{v}");
    assert_eq!(v["signatures"][0]["shrink_note"], "interrupted", "{v}");
    assert_eq!(pids.alive(), Vec::<i32>::new());
}

/// Probe: a process a program starts in a session of its own (`setsid`)
/// leaves the program's process group, and is still ended with the run,
/// by `solve` and by `diff`.
#[test]
fn a_process_that_leaves_the_group_is_still_ended() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let escape = script(
        dir.path(),
        "escape.sh",
        // It answers once its escapee has left the group.
        &format!(
            "setsid sh -c 'echo $$ >> {p}; : > {p}.'$$'; exec sleep {FOREVER}' </dev/null >/dev/null 2>&1 &\n\
             while [ ! -e {p}.$$ ]; do sleep 0.01; done\n\
             exec {BIN} solve xiangqi",
            p = pids.0.display()
        ),
    );
    let input = gamefuzz(&["gen", "xiangqi", "--seed", "5"]).stdout;
    let file = dir.path().join("in.txt");
    std::fs::write(&file, &input).unwrap();
    let solver = format!("cmd:{}", escape.display());
    let stdin = std::fs::File::open(&file).unwrap();
    let out = Run::start_with(&["solve", "xiangqi", "--solver", &solver], stdin.into()).finish();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let solvers = format!("engine,{solver}");
    let out = gamefuzz(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--cases",
        "3",
        "--pack",
        "1",
        "--jobs",
        "2",
        "--no-store",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    wait_for("an escapee never started", || pids.list().len() >= 4);
    assert_eq!(pids.list().len(), 4, "every run started its escapee");
    assert_eq!(
        pids.alive(),
        Vec::<i32>::new(),
        "no escapee outlives its run"
    );
}

/// Probe: a worker thread that cannot start (here for want of address
/// space) is an error with a hint, not a panic; `--jobs` is bounded.
#[test]
fn a_thread_that_cannot_start_is_an_error_not_a_panic() {
    let out = gamefuzz(&["diff", "xiangqi", "--jobs", "2000", "--cases", "5"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("from 1 to 256"),
        "{}",
        text(&out.stderr)
    );
    let limited = format!(
        "ulimit -v {}; exec {BIN} diff xiangqi --jobs 256 --cases 5000 --no-store --no-shrink \
         --solvers engine,cmd:/bin/cat",
        THREADLESS_KB
    );
    let start = Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg(&limited)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(start.elapsed() < HANG);
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot start worker thread"), "{err}");
    assert!(err.contains("--jobs"), "{err}");
}

/// Address space (KB) in which gamefuzz runs but 256 worker threads of
/// 2 MB stacks do not fit.
const THREADLESS_KB: u64 = 300_000;

/// Calibrated time limits (`--timeout auto`, here with an 8 s ceiling): a
/// program that hangs on a quarter of its inputs is cut after a fraction
/// of a second once it has answered some (its first timeout confirmed
/// once with the full limit); a correct program that is slow now and then
/// is re-run with the full limit where it is cut, and gets no timeout
/// finding.
#[test]
fn calibrated_limits_cut_hangs_early_and_never_convict_a_slow_program() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let solve = format!("printf '%s\\n' \"$input\" | {BIN} solve pigs");
    let hashed = format!(
        "{}\ninput=$(cat)\nh=$(printf '%s' \"$input\" | cksum | cut -d' ' -f1)",
        pids.record("$$")
    );
    // A hanging run notes how long it has lived (in ms) as it waits to be
    // killed. Every run notes its start before it reads its input, and one
    // that does not hang takes its note back: a calibrated limit may cut a
    // run within 20 ms, on a busy machine before it has hashed its input.
    let lived = dir.path().join("lived");
    std::fs::create_dir(&lived).unwrap();
    let note = format!("t0=$(date +%s%N)\necho 0 >> {}/$$", lived.display());
    let hang = format!(
        "while :; do sleep 0.05; echo $((($(date +%s%N) - t0) / 1000000)) >> {}/$$; done",
        lived.display()
    );
    let hangs = script(
        dir.path(),
        "hangs.sh",
        &format!(
            "{note}\n{hashed}\nif [ $((h % 4)) -eq 0 ]; then\n{hang}\nfi\nrm {}/$$\n{solve}",
            lived.display()
        ),
    );
    let out = gamefuzz(&[
        "diff",
        "pigs",
        "--solvers",
        &format!("engine,cmd:{}", hangs.display()),
        "--cases",
        "40",
        "--timeout",
        "auto:8",
        "--jobs",
        "2",
        "--no-store",
        "--no-shrink",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    let sigs = v["signatures"].as_array().unwrap();
    assert_eq!(sigs.len(), 1, "{v}");
    assert!(
        sigs[0]["signature"].as_str().unwrap().ends_with(":timeout"),
        "{v}"
    );
    // Every case that hangs (11 of the 40) is a timeout.
    assert!(sigs[0]["count"].as_u64().unwrap() >= 11, "{v}");
    assert_eq!(pids.alive(), Vec::<i32>::new());
    // Without calibration every hanging run would live the full 8 s. One
    // does, to confirm the timeout; the others are cut at a fraction of a
    // second (at most 0.5 s, the limit before any answer), and 5 s is ten
    // times that.
    let mut ms: Vec<u64> = std::fs::read_dir(&lived)
        .unwrap()
        .map(|e| {
            let notes = std::fs::read_to_string(e.unwrap().path()).unwrap();
            notes
                .lines()
                .filter_map(|l| l.parse().ok())
                .max()
                .unwrap_or(0)
        })
        .collect();
    ms.sort();
    assert!(ms.len() >= 11, "every hanging case ran: {ms:?}");
    let long = ms.iter().filter(|&&ms| ms >= 5000).count();
    assert_eq!(long, 1, "one run lived the full limit: {ms:?}");

    let slow = script(
        dir.path(),
        "slow.sh",
        &format!("{hashed}\nif [ $((h % 5)) -eq 0 ]; then sleep 0.6; fi\n{solve}"),
    );
    let before = pids.list().len();
    let out = gamefuzz(&[
        "diff",
        "pigs",
        "--solvers",
        &format!("engine,cmd:{}", slow.display()),
        "--cases",
        "30",
        "--timeout",
        "auto:8",
        "--jobs",
        "2",
        "--no-store",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["signatures"], serde_json::json!([]), "{v}");
    assert_eq!(v["cases"], 30);
    let runs = pids.list().len() - before;
    assert!(
        runs > 30,
        "a run cut at its calibrated limit was run again: {runs} runs"
    );
}

/// A packed file that hits the time limit is cut in halves, not re-run
/// case by case: one hanging case in a file of 32 costs two runs per
/// halving, and is the finding. The limit is fixed (1 s, twenty times
/// what a file takes here on a busy machine): a calibrated limit re-runs
/// a half it cut with the full limit, and on a busy machine it cuts
/// halves that were merely slow, which is `calibrated_limits_...`'s
/// subject, not this test's.
#[test]
fn a_packed_file_that_times_out_is_split_in_halves() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    // `H 2 8` is a piece of seed 5's `small` case and of no other of the
    // first 32 (checked below).
    let marker = "H 2 8";
    let mut holders = Vec::new();
    for seed in 0..32 {
        let case = text(
            &gamefuzz(&[
                "gen",
                "xiangqi",
                "--seed",
                &seed.to_string(),
                "--profile",
                "small",
            ])
            .stdout,
        );
        if case.lines().any(|l| l == marker) {
            holders.push(seed);
        }
    }
    assert_eq!(holders, [5], "the marker picks one case");
    let hangs = script(
        dir.path(),
        "hangs.sh",
        &format!(
            "{}\ninput=$(cat)\n\
             if printf '%s\\n' \"$input\" | grep -qx '{marker}'; then exec sleep {FOREVER}; fi\n\
             printf '%s\\n' \"$input\" | {BIN} solve xiangqi",
            pids.record("$$")
        ),
    );
    let out = gamefuzz(&[
        "diff",
        "xiangqi",
        "--profile",
        "small",
        "--cases",
        "32",
        "--solvers",
        &format!("engine,cmd:{}", hangs.display()),
        "--timeout",
        "1",
        "--jobs",
        "1",
        "--no-store",
        "--no-shrink",
        "--explain-time",
        "0",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["cases"], 32, "{v}");
    let sigs = v["signatures"].as_array().unwrap();
    assert_eq!(sigs.len(), 1, "{v}");
    assert!(
        sigs[0]["signature"].as_str().unwrap().ends_with(":timeout"),
        "{v}"
    );
    assert_eq!(sigs[0]["seed"], 5, "{v}");
    let runs = pids.list().len();
    assert_eq!(
        runs, 11,
        "the file, then two halves at each of 5 halvings (one per case would be 33)"
    );
    assert_eq!(pids.alive(), Vec::<i32>::new());
}

/// Nothing outlives gamefuzz: after a kill -9 of a running campaign
/// (gamefuzz alone, not its group), the program it was running and the
/// program's own children are ended at once.
#[test]
fn kill_9_of_gamefuzz_ends_its_programs_and_their_children() {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let hangs = script(
        dir.path(),
        "hangs.sh",
        &format!(
            "{}\nsleep {FOREVER} &\n{}\nwait",
            pids.record("$$"),
            pids.record("$!")
        ),
    );
    let run = Run::start(&[
        "diff",
        "xiangqi",
        "--solvers",
        &format!("engine,cmd:{}", hangs.display()),
        "--time",
        FOREVER,
        "--timeout",
        FOREVER,
        "--jobs",
        "1",
        "--no-store",
    ]);
    wait_for("the program never started", || pids.alive().len() >= 2);
    run.signal(libc::SIGKILL, false);
    // Both would live FOREVER: only their kill with gamefuzz ends them.
    wait_for("outlived gamefuzz", || pids.alive().is_empty());
    drop(run);
}

/// A damaged corpus entry costs that entry only: a campaign that finds its
/// very exemplar again warns once, naming the file, still prints its
/// summary and exits 1 for the divergence, and leaves the entry (input and
/// damaged metadata) as it was for the user to fix.
#[test]
fn a_damaged_entry_costs_that_entry_only() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("corpus/xiangqi");
    std::fs::create_dir_all(&games).unwrap();
    let committed = entries(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/xiangqi"));
    for e in &committed {
        for path in [e.clone(), e.with_extension("json")] {
            std::fs::copy(&path, games.join(path.file_name().unwrap())).unwrap();
        }
    }
    let damaged = games.join(committed[0].file_name().unwrap());
    let json = damaged.with_extension("json");
    let whole = std::fs::read_to_string(&json).unwrap();
    let cut = &whole[..whole.len() / 2];
    std::fs::write(&json, cut).unwrap();
    let input = std::fs::read_to_string(&damaged).unwrap();
    let again = dir.path().join("again.in");
    std::fs::write(&again, &input).unwrap();

    let out = gamefuzz(&[
        "diff",
        "xiangqi",
        "--inputs",
        again.to_str().unwrap(),
        "--corpus",
        dir.path().join("corpus").to_str().unwrap(),
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        text(&out.stdout).starts_with("xiangqi: 1 cases"),
        "{}",
        text(&out.stdout)
    );
    let name = damaged.file_name().unwrap().to_str().unwrap();
    let about: Vec<&str> = err.lines().filter(|l| l.contains(name)).collect();
    assert_eq!(about.len(), 1, "one warning naming the file: {err}");
    assert!(about[0].starts_with("warning: "), "{err}");
    assert_eq!(std::fs::read_to_string(&json).unwrap(), cut);
    assert_eq!(std::fs::read_to_string(&damaged).unwrap(), input);
}

/// A program that never answers, and one that hangs only on inputs with a
/// feature (a cannon in xiangqi, a chute in chutes), in a game whose cases
/// run packed into files: each is a timeout finding within a short
/// `--time`, its shrunk input showing the feature, and a program that
/// answers everything right, if a little slowly, is none. Before any
/// answer a program's runs are cut after a fraction of a second, so the
/// budget is not spent waiting for the full limit over and over. The full
/// limit is 1 s for the programs that hang (against the 10 s default: the
/// shrinking confirms each input it keeps by a run that long, and a run
/// of theirs that does not hang takes 20 to 35 ms here, quiet) and 2 s
/// for the slow one, more than ten times its 0.12 s. Shrinking has a
/// budget it never needs (it ends when it is done, in 15 s or so on a
/// 2-core machine at load 8), so that its result does not depend on the
/// machine's speed.
#[test]
fn hanging_programs_are_found_in_xiangqi_files() {
    hangs_are_found("xiangqi", "grep -q '^C '", &|input| {
        input.lines().any(|l| l.starts_with("C "))
    });
}

/// [`hanging_programs_are_found_in_xiangqi_files`] for chutes.
#[test]
fn hanging_programs_are_found_in_chutes_files() {
    let chute = |l: &str| {
        let n: Vec<u32> = l
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        matches!(n[..], [a, b] if a > b && b > 0)
    };
    hangs_are_found(
        "chutes",
        "awk 'NF == 2 && $1 > $2 && $2 > 0 { f = 1 } END { exit !f }'",
        &|input| input.lines().any(chute),
    );
}

/// The runs of [`hanging_programs_are_found_in_xiangqi_files`]: `test` is a
/// shell command that succeeds on an input (its stdin) with the feature,
/// `has` the same test in Rust.
fn hangs_are_found(game: &str, test: &str, has: &dyn Fn(&str) -> bool) {
    let dir = tempfile::tempdir().unwrap();
    let pids = Pids(dir.path().join("pids"));
    let answer = format!("printf '%s\\n' \"$input\" | {BIN} solve {game}");
    let start = format!("{}\ninput=$(cat)", pids.record("$$"));
    let never = script(
        dir.path(),
        "never.sh",
        &format!("{start}\nexec sleep {FOREVER}"),
    );
    let feature = script(
        dir.path(),
        "feature.sh",
        &format!(
            "{start}\nif printf '%s\\n' \"$input\" | {test}; then exec sleep {FOREVER}; fi\n{answer}"
        ),
    );
    let slow = script(
        dir.path(),
        "slow.sh",
        &format!("{start}\nsleep 0.1\n{answer}"),
    );
    let corpus = dir.path().join("corpus");
    let diff = |program: &Path, time: &str, limit: &str| {
        let solvers = format!("engine,cmd:{}", program.display());
        let args = [
            "diff",
            game,
            "--solvers",
            &solvers,
            "--time",
            time,
            "--shrink-time",
            "150",
            "--explain-time",
            "0",
            "--timeout",
            limit,
            "--json",
            "--corpus",
            corpus.to_str().unwrap(),
        ];
        let out = gamefuzz(&args);
        (out.status.code(), json(&out), text(&out.stderr))
    };
    for (program, has) in [(&never, None), (&feature, Some(has))] {
        let (code, v, err) = diff(program, "6", "auto:1");
        assert_eq!(code, Some(1), "{}: {err}", program.display());
        let sigs = v["signatures"].as_array().unwrap();
        assert_eq!(sigs.len(), 1, "{v}");
        let s = &sigs[0];
        assert!(
            s["signature"].as_str().unwrap().ends_with(":timeout"),
            "{v}"
        );
        assert_eq!(s["shrink"], "shrunk", "{v}");
        assert!(s["shrunk_bytes"].as_u64().unwrap() <= 64, "{v}");
        let shrunk = std::fs::read_to_string(s["corpus"].as_str().unwrap()).unwrap();
        if let Some(has) = has {
            assert!(
                has(&shrunk),
                "the shrunk input lacks the feature:\n{shrunk}"
            );
        }
    }
    let (code, v, err) = diff(&slow, "3", "auto:2");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(v["signatures"], serde_json::json!([]), "{v}");
    assert_eq!(pids.alive(), Vec::<i32>::new());
}

/// `--time` and `--shrink-time` hold when the cases themselves are
/// costly: on the largest generals cases (18 MB each) against a program
/// that answers garbage, a run ends within its budgets and the cost of
/// the case in flight, the explaining of its finding included; and a run
/// that cannot even draw a block of 32 such cases in its time says so at
/// its end, without drawing the rest of the block.
#[test]
fn time_bounds_hold_on_the_largest_cases() {
    let dir = tempfile::tempdir().unwrap();
    let zero = script(dir.path(), "zero.sh", "cat > /dev/null\necho 0");
    let solvers = format!("engine,cmd:{}", zero.display());
    let run = |extra: &[&str]| {
        let mut args = vec![
            "diff",
            "generals",
            "--profile",
            "max",
            "--solvers",
            &solvers,
        ];
        args.extend_from_slice(&["--time", "2", "--shrink-time", "1", "--jobs", "1"]);
        args.extend_from_slice(&["--no-store", "--json"]);
        args.extend_from_slice(extra);
        let start = Instant::now();
        let out = gamefuzz(&args);
        (out, start.elapsed())
    };
    // A run may overrun its budgets (2 s, 1 s of shrinking and as much of
    // explaining) by the case in flight, never by the 32 of a block: half
    // a block's cost, measured here on one case, is more than ten times
    // what it may overrun, and as slow as the machine is.
    let start = Instant::now();
    let case = gamefuzz(&["gen", "generals", "--profile", "max"]);
    assert!(case.stdout.len() > 16 << 20, "an 18 MB case");
    let bound = secs(2 + 1 + 1) + start.elapsed() * 16;
    let (out, took) = run(&["--pack", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(took < bound, "--time 2 --shrink-time 1 took {took:?}");
    let v = json(&out);
    assert!(v["signatures"][0]["signature"]
        .as_str()
        .unwrap()
        .ends_with(":bad-output"));

    // Files of 32 cases: here drawing one takes longer than the run.
    let (out, took) = run(&[]);
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "{}",
        text(&out.stderr)
    );
    assert!(took < bound, "--time 2 took {took:?}");
}

/// Probe: runs ending side by side never lose their exit status. After
/// each run gamefuzz ends the orphans it adopted; a program that another
/// thread had just seen exit and not yet reaped must never be taken for
/// one, or that run fails with `io` (no child to wait for).
#[test]
fn many_short_runs_side_by_side_lose_no_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("pkg");
    let out = gamefuzz(&["package", "chutes", "--out", pkg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let secret = pkg.join("data/secret");
    let first = entries(&secret).remove(0);
    for i in 0..400 {
        for ext in ["in", "ans"] {
            std::fs::copy(
                first.with_extension(ext),
                secret.join(format!("copy{i}.{ext}")),
            )
            .unwrap();
        }
    }
    let pkg = pkg.to_str().unwrap();
    let out = gamefuzz(&["check", pkg, "--solvers", "cmd:cat", "--jobs", "4"]);
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "cat answers wrongly: {all}");
    assert!(
        all.contains("wrong answer") || all.contains("bad-output"),
        "{all}"
    );
    assert!(!all.contains(" io"), "a run lost its program:\n{all}");
}

/// Probe: a program written just before it is run starts even while other
/// threads start programs. A file is "busy" (`ETXTBSY`) while a process
/// that another thread forked still holds the descriptor it was written
/// through; a contestant's script written by a test or a build beside a
/// campaign must not be an `io` finding for it.
#[test]
fn a_program_written_just_before_its_run_starts_beside_other_runs() {
    use gamefuzz::game::Game;
    use gamefuzz::games::xiangqi::Xiangqi;
    use gamefuzz::solver::{run, Limits, SolverSpec};
    let dir = tempfile::tempdir().unwrap();
    let text = "2 1 4\nG 10 5\nR 2 4\n0 0 0\n";
    let input = Xiangqi::parse(text).unwrap();
    let done = std::sync::atomic::AtomicBool::new(false);
    let failed: Vec<String> = std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    let _ = Command::new("true").status();
                }
            });
        }
        let workers: Vec<_> = (0..4)
            .map(|w| {
                let (dir, input) = (dir.path(), &input);
                s.spawn(move || {
                    let mut failed = Vec::new();
                    for i in 0..120 {
                        let p = script(dir, &format!("w{w}-{i}"), "cat > /dev/null\necho NO");
                        let spec = SolverSpec::Cmd(vec![p.display().to_string()]);
                        let r = run::<Xiangqi>(&spec, input, text, &Limits::default()).unwrap();
                        if let Err(f) = r.result {
                            failed.push(format!("{}: {}", p.display(), f.detail));
                        }
                    }
                    failed
                })
            })
            .collect();
        let failed = workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        failed
    });
    assert!(
        failed.is_empty(),
        "{} of 480 runs failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
