//! Mutation analysis of a judge package: does the package tell a mutant of
//! the engine from the engine it was built with?
//!
//! `scripts/mutants` builds the original binary and the game's default
//! package, then runs cargo-mutants on the game's engine with this test as
//! the test suite and `GAMEFUZZ_MUTATION="GAME PACKAGE ORIGINAL SECONDS"`:
//! under each mutant, the test fails (the mutant is *caught*) when some
//! test's answer changes (`gamefuzz check`, the mutated engine against the
//! original answers). When none does, a `diff` campaign of SECONDS
//! between the mutated engine and the original binary decides whether the
//! mutant changes any answer at all; the test prints its verdict on a line
//! starting `mutation verdict:` and passes (cargo-mutants: *missed*).
//!
//! In a plain `cargo test` the test runs the same steps with this build as
//! its own original, on a small xiangqi package: the package must pass and
//! the campaign must find no change.

use std::path::Path;
use std::process::Command;

mod common;
use common::text;

/// Where the verdict of a mutant that no test kills is printed.
const VERDICT: &str = "mutation verdict:";

/// Runs `gamefuzz` (this build: the mutant under cargo-mutants).
fn gamefuzz(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gamefuzz"))
        .args(args)
        .output()
        .expect("run gamefuzz")
}

/// Whether every test of `package` still gets its answer.
fn package_holds(package: &Path) -> Result<(), String> {
    let out = gamefuzz(&["check", &package.display().to_string()]);
    match out.status.code() {
        Some(0) => Ok(()),
        _ => Err(format!("{}{}", text(&out.stdout), text(&out.stderr))),
    }
}

/// What a campaign of `seconds` between this engine and `original` finds:
/// `Some(signatures)` when some answer changes.
fn changes(game: &str, original: &Path, seconds: &str) -> Option<String> {
    let solvers = format!("engine,cmd:'{}' solve {game}", original.display());
    let out = gamefuzz(&[
        "diff",
        game,
        "--solvers",
        &solvers,
        "--time",
        seconds,
        "--pack",
        "40",
        "--no-store",
        "--no-shrink",
        "--json",
        "--seed",
        "1000000",
    ]);
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("diff printed no summary ({e}): {}", text(&out.stderr)));
    let sigs = summary["signatures"].as_array().expect("signatures");
    let cases = summary["cases"].as_u64().unwrap_or(0);
    assert!(cases > 0, "the campaign ran no case: {}", text(&out.stderr));
    (!sigs.is_empty()).then(|| {
        let list: Vec<String> = sigs
            .iter()
            .map(|s| format!("[{}] x{}", s["signature"], s["count"]))
            .collect();
        format!("{} in {cases} cases", list.join(", "))
    })
}

#[test]
fn the_package_tells_a_changed_engine_from_the_original() {
    match std::env::var("GAMEFUZZ_MUTATION") {
        Ok(config) => under_mutation(&config),
        Err(_) => on_itself(),
    }
}

fn under_mutation(config: &str) {
    let parts: Vec<&str> = config.split_whitespace().collect();
    let [game, package, original, seconds] = parts[..] else {
        panic!("GAMEFUZZ_MUTATION is \"GAME PACKAGE ORIGINAL SECONDS\", got {config:?}");
    };
    if let Err(failing) = package_holds(Path::new(package)) {
        panic!("the package kills this engine:\n{failing}");
    }
    match changes(game, Path::new(original), seconds) {
        Some(found) => println!("{VERDICT} survives, changes answers: {found}"),
        None => println!("{VERDICT} survives, no answer changed in {seconds} s"),
    }
}

fn on_itself() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("pkg");
    let none = dir.path().join("no-corpus");
    let out = gamefuzz(&[
        "package",
        "xiangqi",
        "--out",
        &package.display().to_string(),
        "--corpus",
        &none.display().to_string(),
        "--tests",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    package_holds(&package).expect("a package passes the engine that built it");
    let itself = Path::new(env!("CARGO_BIN_EXE_gamefuzz"));
    assert_eq!(changes("xiangqi", itself, "1"), None);
}
