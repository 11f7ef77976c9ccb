//! Programs that hang, as `diff` meets them with its default, calibrated
//! time limit (`--timeout auto`):
//!
//! * `hang`: a right pigs program (the model solution
//!   `tests/solutions/pigs.cpp`, built with `g++ -O2`, a few milliseconds a
//!   run) behind a small C wrapper that hangs on the 5% of inputs whose
//!   FNV-1a hash is 0 modulo 20, against the same program behind the same
//!   wrapper without the hang: cases per second of each, and their ratio
//!   (the goal: at least 0.5, what AFL's calibrated timeouts keep). A fast
//!   program is the hard case: a hang costs its time limit, a normal run
//!   little;
//! * `slow`: a right program that takes 100 ms per run: no `timeout`
//!   finding (the goal: none);
//! * `pigs`: the blog's pigs program (`g++ -O2` of
//!   `../shared/reference-cpp/pigs.cpp`, which loops for ever on some
//!   games) under `diff pigs --time T --shrink-time T`: the wall-clock time,
//!   and how many of its signatures are shrunk (the goal: at least 80%, what
//!   the harness shrank of its 10 signatures at 9e840dd on a quiet 2-core
//!   machine with T = 20).
//!
//! Run with `cargo bench --bench timeouts [-- SECONDS] [--against BIN]
//! [SECTION...]` (default 20 seconds per `diff` run; sections `hang`,
//! `slow`, `pigs`). `--against BIN` runs every section with another build
//! of gamefuzz too (an older commit's), alternately with this one, so both
//! meet the same load; only this build's figures are held to their goals.
//! Each `diff` runs on 2 jobs, stores into a temporary corpus (`pigs`) or
//! nothing, and is started as a contestant would start it. The exit code is
//! 1 when a figure of this build misses its goal (so a script can guard
//! them), 0 otherwise, a section that cannot be built being skipped.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gamefuzz");

/// Reads its input, and when the FNV-1a hash of it is 0 modulo PERIOD
/// (0: never) sleeps for ever; otherwise runs PROGRAM on the same input.
/// Both programs measured by `hang` run behind it, so they differ only in
/// the hang.
const HANG_WRAPPER: &str = r#"
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
int main(int argc, char **argv) {
    if (argc < 3) return 2;
    unsigned long period = strtoul(argv[1], 0, 10);
    int fd = memfd_create("input", 0);
    if (fd < 0) return 2;
    uint64_t h = 1469598103934665603ULL;
    char buf[65536];
    ssize_t n;
    while ((n = read(0, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i < n; i++) h = (h ^ (unsigned char)buf[i]) * 1099511628211ULL;
        if (write(fd, buf, n) != n) return 2;
    }
    if (period && h % period == 0) for (;;) pause();
    if (lseek(fd, 0, SEEK_SET) != 0 || dup2(fd, 0) != 0) return 2;
    close(fd);
    execv(argv[2], argv + 2);
    return 2;
}
"#;

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// Builds `src` (C or C++, by `compiler`) into `dir/name`; `None`, with a
/// note, where it cannot.
fn build(compiler: &str, src: &Path, dir: &Path, name: &str) -> Option<PathBuf> {
    let bin = dir.join(name);
    let built = Command::new(compiler)
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(src)
        .status();
    if built.is_ok_and(|s| s.success()) {
        Some(bin)
    } else {
        println!("({} cannot be built with {compiler})", src.display());
        None
    }
}

/// The folder of the blog programs.
fn shared() -> PathBuf {
    std::env::var_os("GAMEFUZZ_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"))
}

/// `BIN diff pigs` with these solvers and arguments: the summary, and the
/// wall-clock seconds the command took.
fn diff(bin: &Path, solvers: &str, args: &[&str]) -> (Value, f64) {
    let start = Instant::now();
    let out = Command::new(bin)
        .args([
            "diff",
            "pigs",
            "--solvers",
            solvers,
            "--jobs",
            "2",
            "--json",
        ])
        .args(args)
        .output()
        .expect("run gamefuzz");
    let took = start.elapsed().as_secs_f64();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not a summary ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (v, took)
}

fn signatures(v: &Value) -> Vec<&Value> {
    v["signatures"]
        .as_array()
        .map_or(Vec::new(), |a| a.iter().collect())
}

/// The builds measured: this one first, then the one `--against` names.
struct Builds {
    bins: Vec<(String, PathBuf)>,
}

impl Builds {
    /// Runs `measure` on each build, returning this build's figure.
    fn each<T>(&self, mut measure: impl FnMut(&str, &Path) -> T) -> T {
        let mut mine = None;
        for (name, bin) in &self.bins {
            let r = measure(name, bin);
            mine.get_or_insert(r);
        }
        mine.expect("this build is measured")
    }
}

/// The ratio of cases per second with the hang to without it, this build's.
fn hang(dir: &Path, secs: &str, builds: &Builds) -> Option<f64> {
    let src = dir.join("hang.c");
    std::fs::write(&src, HANG_WRAPPER).unwrap();
    let wrapper = build("cc", &src, dir, "hang")?;
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions/pigs.cpp");
    let program = build("g++", &model, dir, "pigs")?;
    let solver = |period: u32| {
        format!(
            "engine,cmd:{} {period} {}",
            wrapper.display(),
            program.display()
        )
    };
    let args = ["--time", secs, "--no-store", "--no-shrink"];
    let rate = |v: &Value| v["cases_per_s"].as_f64().unwrap();
    Some(builds.each(|name, bin| {
        let (a, _) = diff(bin, &solver(0), &args);
        let (b, _) = diff(bin, &solver(20), &args);
        let timeouts: u64 = signatures(&b)
            .iter()
            .filter(|s| s["signature"].as_str().unwrap().contains(":timeout"))
            .map(|s| s["count"].as_u64().unwrap())
            .sum();
        let ratio = rate(&b) / rate(&a);
        println!(
            "hang ({name}): without the hang {:.1} cases/s ({} cases), hanging on 5% {:.1} \
             cases/s ({} cases, {timeouts} timeouts): ratio {ratio:.2} (goal: at least 0.5)",
            rate(&a),
            a["cases"],
            rate(&b),
            b["cases"],
        );
        ratio
    }))
}

/// How many signatures with a timeout a program that is only slow gets,
/// this build's.
fn slow(dir: &Path, secs: &str, builds: &Builds) -> usize {
    let slow = script(dir, "slow.sh", &format!("sleep 0.1\nexec {BIN} solve pigs"));
    builds.each(|name, bin| {
        let (v, _) = diff(
            bin,
            &format!("engine,cmd:{}", slow.display()),
            &["--time", secs, "--no-store", "--no-shrink"],
        );
        let timeouts = signatures(&v)
            .iter()
            .filter(|s| s["signature"].as_str().unwrap().contains("timeout"))
            .count();
        println!(
            "slow ({name}): a right program at 100 ms per run, {} cases, {} signatures, \
             {timeouts} with a timeout (goal: none)",
            v["cases"],
            signatures(&v).len()
        );
        timeouts
    })
}

/// The share of the blog program's signatures shrunk, this build's.
fn pigs(dir: &Path, secs: &str, builds: &Builds) -> Option<f64> {
    let src = shared().join("reference-cpp/pigs.cpp");
    let program = build("g++", &src, dir, "blog-pigs")?;
    let t: f64 = secs.parse().unwrap();
    Some(builds.each(|name, bin| {
        let corpus = tempfile::tempdir_in(dir).unwrap();
        let (v, took) = diff(
            bin,
            &format!("engine,cmd:{}", program.display()),
            &[
                "--time",
                secs,
                "--shrink-time",
                secs,
                "--corpus",
                corpus.path().to_str().unwrap(),
            ],
        );
        let sigs = signatures(&v);
        let shrunk = sigs.iter().filter(|s| s["shrink"] == "shrunk").count();
        let share = shrunk as f64 / (sigs.len().max(1)) as f64;
        let kinds: Vec<String> = sigs
            .iter()
            .map(|s| format!("{} x{} {}", s["signature"], s["count"], s["shrink"]))
            .collect();
        println!(
            "pigs ({name}): --time {secs} --shrink-time {secs} took {took:.1} s (the explanation \
             after the shrinks gets as long again: bound {:.0} s), {} cases, {shrunk} of {} \
             signatures shrunk ({:.0}%, goal: at least 80%)\n  {}",
            3.0 * t + 2.0,
            v["cases"],
            sigs.len(),
            100.0 * share,
            kinds.join("\n  ")
        );
        share
    }))
}

fn main() {
    let mut secs = "20".to_string();
    let mut sections = Vec::new();
    let mut builds = Builds {
        bins: vec![("this build".to_string(), PathBuf::from(BIN))],
    };
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(a) = args.next() {
        if a == "--against" {
            let other = args.next().expect("--against takes the path of a gamefuzz");
            builds.bins.push((other.clone(), PathBuf::from(other)));
        } else if a.parse::<f64>().is_ok() {
            secs = a;
        } else {
            sections.push(a);
        }
    }
    let all = sections.is_empty();
    let dir = tempfile::tempdir().unwrap();
    let on = |s: &str| all || sections.iter().any(|x| x == s);
    let mut missed = Vec::new();
    if on("hang") {
        if let Some(ratio) = hang(dir.path(), &secs, &builds).filter(|r| *r < 0.5) {
            missed.push(format!("hang: ratio {ratio:.2} below 0.5"));
        }
    }
    if on("slow") {
        let timeouts = slow(dir.path(), &secs, &builds);
        if timeouts > 0 {
            missed.push(format!("slow: {timeouts} signatures with a timeout"));
        }
    }
    if on("pigs") {
        if let Some(share) = pigs(dir.path(), &secs, &builds).filter(|s| *s < 0.8) {
            missed.push(format!("pigs: {:.0}% shrunk, below 80%", 100.0 * share));
        }
    }
    if !missed.is_empty() {
        println!("goals missed by this build: {}", missed.join("; "));
        std::process::exit(1);
    }
}
