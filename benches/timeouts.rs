//! Programs that hang, as `diff` meets them with its default, calibrated
//! time limit (`--timeout auto`):
//!
//! * `hang`: a correct pigs program (a shell script around `gamefuzz
//!   solve pigs`) that hangs on 5% of its inputs (those whose `cksum` is
//!   0 modulo 20), against the same program without the hang: cases per
//!   second of each, and their ratio (the goal: at least 0.5);
//! * `slow`: a correct program that takes 100 ms per run: no `timeout`
//!   finding (the goal: none);
//! * `pigs`: the blog's pigs program (`g++ -O2` of
//!   `../shared/reference-cpp/pigs.cpp`, which loops for ever on some
//!   games) under `diff pigs --time T` (shrink time T): the wall-clock time
//!   against T + T + 2 s, and the share of its signatures shrunk (the goal:
//!   at least 80%).
//!
//! Run with `cargo bench --bench timeouts [-- SECONDS] [SECTION...]`
//! (default 20 seconds per `diff` run; sections `hang`, `slow`, `pigs`).
//! Each `diff` runs on 2 jobs, stores into a temporary corpus (`pigs`) or
//! nothing, and is started as a contestant would start it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gamefuzz");

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// `gamefuzz diff pigs` with these solvers and arguments: the summary, and
/// the wall-clock seconds the command took.
fn diff(solvers: &str, args: &[&str]) -> (Value, f64) {
    let start = Instant::now();
    let out = Command::new(BIN)
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

fn hang(dir: &Path, secs: &str) {
    let solve = format!("printf '%s\\n' \"$input\" | {BIN} solve pigs");
    let hashed = "input=$(cat)\nh=$(printf '%s' \"$input\" | cksum | cut -d' ' -f1)";
    let fine = script(dir, "fine.sh", &format!("{hashed}\n{solve}"));
    let hangs = script(
        dir,
        "hangs.sh",
        &format!("{hashed}\nif [ $((h % 20)) -eq 0 ]; then exec sleep 1000; fi\n{solve}"),
    );
    let args = ["--time", secs, "--no-store", "--no-shrink"];
    let (a, _) = diff(&format!("engine,cmd:{}", fine.display()), &args);
    let (b, _) = diff(&format!("engine,cmd:{}", hangs.display()), &args);
    let rate = |v: &Value| v["cases_per_s"].as_f64().unwrap();
    let timeouts: u64 = signatures(&b)
        .iter()
        .filter(|s| s["signature"].as_str().unwrap().contains(":timeout"))
        .map(|s| s["count"].as_u64().unwrap())
        .sum();
    println!(
        "hang: without the hang {:.1} cases/s ({} cases), hanging on 5% {:.1} cases/s \
         ({} cases, {timeouts} timeouts): ratio {:.2} (goal: at least 0.5)",
        rate(&a),
        a["cases"],
        rate(&b),
        b["cases"],
        rate(&b) / rate(&a)
    );
}

fn slow(dir: &Path, secs: &str) {
    let slow = script(dir, "slow.sh", &format!("sleep 0.1\nexec {BIN} solve pigs"));
    let (v, _) = diff(
        &format!("engine,cmd:{}", slow.display()),
        &["--time", secs, "--no-store", "--no-shrink"],
    );
    let timeouts = signatures(&v)
        .iter()
        .filter(|s| s["signature"].as_str().unwrap().contains("timeout"))
        .count();
    println!(
        "slow: a correct program at 100 ms per run, {} cases, {} signatures, {timeouts} with \
         a timeout (goal: none)",
        v["cases"],
        signatures(&v).len()
    );
}

fn pigs(dir: &Path, secs: &str) {
    let shared = std::env::var_os("GAMEFUZZ_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let src = shared.join("reference-cpp/pigs.cpp");
    let bin = dir.join("blog-pigs");
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&src)
        .status();
    if !built.is_ok_and(|s| s.success()) {
        println!("pigs: skipped ({} cannot be built with g++)", src.display());
        return;
    }
    let corpus = dir.join("corpus");
    let (v, took) = diff(
        &format!("engine,cmd:{}", bin.display()),
        &["--time", secs, "--corpus", corpus.to_str().unwrap()],
    );
    let sigs = signatures(&v);
    let shrunk = sigs.iter().filter(|s| s["shrink"] == "shrunk").count();
    let t: f64 = secs.parse().unwrap();
    let kinds: Vec<String> = sigs
        .iter()
        .map(|s| format!("{} x{} {}", s["signature"], s["count"], s["shrink"]))
        .collect();
    println!(
        "pigs: --time {secs} (shrink time {secs}) took {took:.1} s (bound {:.0} s), {} cases, \
         {shrunk} of {} signatures shrunk ({:.0}%, goal: at least 80%)\n  {}",
        2.0 * t + 2.0,
        v["cases"],
        sigs.len(),
        100.0 * shrunk as f64 / (sigs.len().max(1)) as f64,
        kinds.join("\n  ")
    );
}

fn main() {
    let mut secs = "20".to_string();
    let mut sections = Vec::new();
    for a in std::env::args().skip(1).filter(|a| a != "--bench") {
        match a.parse::<f64>() {
            Ok(_) => secs = a,
            Err(_) => sections.push(a),
        }
    }
    let all = sections.is_empty();
    let dir = tempfile::tempdir().unwrap();
    let on = |s: &str| all || sections.iter().any(|x| x == s);
    if on("hang") {
        hang(dir.path(), &secs);
    }
    if on("slow") {
        slow(dir.path(), &secs);
    }
    if on("pigs") {
        pigs(dir.path(), &secs);
    }
}
