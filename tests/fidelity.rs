//! Port fidelity: every port prints what the native blog program prints.
//!
//! Two checks. Against the native program itself (compiled with g++ -O2 from
//! `../shared/reference-cpp/<id>.cpp`) on 2,000 generated inputs per game
//! across all profiles: in CI (`CI` set) a missing g++ or source fails the
//! test; elsewhere it is reported and the check is skipped. And against the
//! committed golden vectors in `tests/golden/<id>.jsonl`, so that fidelity is
//! checked on machines without g++ too. Where the native program does not
//! end (20 s), the port must run out of budget instead of printing. Regenerate the vectors with
//! `GAMEFUZZ_BLESS=1 cargo test --test fidelity golden`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gamefuzz::game::{generate_case, Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::solver::{self, Limits, SolverSpec};
use gamefuzz::FaultKind;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

mod common;

const NATIVE_CASES: u64 = 2000;
/// `max` inputs can be tens of megabytes: a few of them are enough.
const NATIVE_MAX_CASES: u64 = 4;
const GOLDEN_CASES: usize = 300;
/// Golden vectors are small inputs: larger draws are skipped.
const GOLDEN_MAX_BYTES: usize = 4096;

/// The blog program, compiled once per test binary run into the test
/// binary's temporary directory; `None` (outside CI only) when g++ or the
/// source is missing.
fn native(game: GameId) -> Option<PathBuf> {
    common::blog_program(game.name(), Path::new(env!("CARGO_TARGET_TMPDIR")))
}

/// How a program run ended: its stdout, or no end within the limit (the
/// blog programs loop forever on some valid inputs).
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    Printed(String),
    Endless,
}

/// Runs the native program through the harness's own external-solver code.
fn run_native<G: Game>(bin: &Path, input: &G::Input, text: &str) -> Ending {
    let limits = Limits {
        timeout: Duration::from_secs(20),
        ..Limits::default()
    };
    let run = solver::run::<G>(
        &SolverSpec::Cmd(vec![bin.display().to_string()]),
        input,
        text,
        &limits,
    )
    .expect("external programs always apply");
    match (&run.result, run.stdout) {
        (Err(f), _) if f.kind == FaultKind::Timeout => Ending::Endless,
        (Err(f), _) if f.kind != FaultKind::BadOutput => {
            panic!("the native program failed ({f}) on\n{text}")
        }
        (_, out) => Ending::Printed(out.expect("a finished program has stdout")),
    }
}

/// The port's ending: out of budget counts as endless; undefined behaviour
/// or a panic on a valid input fails the test.
fn run_port<G: Game>(input: &G::Input, text: &str) -> Ending {
    let run = solver::run::<G>(&SolverSpec::Reference, input, text, &Limits::default())
        .expect("the port always applies");
    match (&run.result, run.stdout) {
        (Err(f), _) if f.kind == FaultKind::Budget => Ending::Endless,
        (Err(f), _) if f.kind != FaultKind::BadOutput => {
            panic!("the port faulted ({f}) on a valid input:\n{text}")
        }
        (_, out) => Ending::Printed(out.expect("the port always has stdout")),
    }
}

/// Case `i` of the fidelity runs: seeds from 0, profiles in rotation.
fn case<G: Game>(i: u64, profiles: &[&'static str]) -> (G::Input, String, u64, &'static str) {
    let profile = profiles[(i % profiles.len() as u64) as usize];
    let seed = i;
    let (input, _) = generate_case::<G>(seed, profile);
    let text = G::render(&input);
    (input, text, seed, profile)
}

struct NativeCheck;
impl Visit for NativeCheck {
    type Out = ();
    fn visit<G: Game>(self) {
        let Some(bin) = native(G::ID) else { return };
        let light: Vec<&str> = G::PROFILES
            .iter()
            .map(|p| p.name)
            .filter(|&p| p != "max")
            .collect();
        let has_max = light.len() < G::PROFILES.len();
        let jobs: Vec<(u64, Vec<&str>)> = (0..NATIVE_CASES)
            .map(|i| (i, light.clone()))
            .chain((0..if has_max { NATIVE_MAX_CASES } else { 0 }).map(|i| (i, vec!["max"])))
            .collect();
        let bad: Vec<String> = jobs
            .into_par_iter()
            .filter_map(|(i, profiles)| {
                let (input, text, seed, profile) = case::<G>(i, &profiles);
                let port = run_port::<G>(&input, &text);
                let native = run_native::<G>(&bin, &input, &text);
                (port != native).then(|| {
                    format!("seed {seed} profile {profile}:\n{text}\nport: {port:?}\nnative: {native:?}")
                })
            })
            .collect();
        assert!(
            bad.is_empty(),
            "{}: {} inputs differ; first:\n{}",
            G::ID,
            bad.len(),
            bad[0]
        );
    }
}

#[test]
fn port_matches_native_program_on_generated_inputs() {
    for &g in GameId::ALL {
        g.dispatch(NativeCheck);
    }
}

#[derive(Serialize, Deserialize)]
struct Vector {
    seed: u64,
    profile: String,
    input: String,
    /// `None`: the native program did not end.
    output: Option<String>,
}

fn golden_path(game: GameId) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{game}.jsonl"))
}

/// Profiles for golden vectors: all but `max`, whose files are large.
fn golden_profiles<G: Game>() -> Vec<&'static str> {
    G::PROFILES
        .iter()
        .map(|p| p.name)
        .filter(|&p| p != "max")
        .collect()
}

struct Golden;
impl Visit for Golden {
    type Out = ();
    fn visit<G: Game>(self) {
        let path = golden_path(G::ID);
        if std::env::var_os("GAMEFUZZ_BLESS").is_some() {
            let bin = native(G::ID).expect("blessing golden vectors needs g++ and ../shared");
            let profiles = golden_profiles::<G>();
            // Seeds in order, profiles in rotation, keeping the small draws.
            let picked: Vec<(G::Input, String, u64, &str)> = (0..GOLDEN_CASES as u64 * 50)
                .map(|i| case::<G>(i, &profiles))
                .filter(|c| c.1.len() <= GOLDEN_MAX_BYTES)
                .take(GOLDEN_CASES)
                .collect();
            let lines: Vec<String> = picked
                .into_par_iter()
                .map(|(input, text, seed, profile)| {
                    let output = match run_native::<G>(&bin, &input, &text) {
                        Ending::Printed(s) => Some(s),
                        Ending::Endless => None,
                    };
                    let v = Vector {
                        seed,
                        profile: profile.into(),
                        input: text,
                        output,
                    };
                    serde_json::to_string(&v).unwrap()
                })
                .collect();
            std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        }
        let data = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; create it with GAMEFUZZ_BLESS=1 cargo test --test fidelity golden",
                path.display()
            )
        });
        let mut n = 0;
        for (lineno, line) in data.lines().enumerate() {
            let v: Vector = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), lineno + 1));
            let input = gamefuzz::game::parse_valid::<G>(&v.input)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), lineno + 1));
            let expected = v.output.map_or(Ending::Endless, Ending::Printed);
            assert_eq!(
                run_port::<G>(&input, &v.input),
                expected,
                "{} golden vector {} (seed {} profile {}) differs:\n{}",
                G::ID,
                lineno + 1,
                v.seed,
                v.profile,
                v.input
            );
            n += 1;
        }
        assert!(n >= 100, "{}: only {n} golden vectors", path.display());
    }
}

#[test]
fn port_reproduces_golden_vectors() {
    for &g in GameId::ALL {
        g.dispatch(Golden);
    }
}

/// Generated inputs per profile for the margin of the derived port budget
/// (`max` inputs are large: fewer of them).
const MARGIN_CASES: u64 = 200;
const MARGIN_MAX_CASES: u64 = 6;

/// The port's budget derived from the engine's work cuts off only what the
/// fixed budget cuts off: on generated inputs of every profile, the port
/// prints the same under both, or runs out under both.
struct Margin;
impl Visit for Margin {
    type Out = ();
    fn visit<G: Game>(self) {
        let fixed = Limits::default();
        let jobs: Vec<(u64, &str)> = G::PROFILES
            .iter()
            .flat_map(|p| {
                let n = if p.name == "max" {
                    MARGIN_MAX_CASES
                } else {
                    MARGIN_CASES
                };
                (0..n).map(move |seed| (seed, p.name))
            })
            .collect();
        let bad: Vec<String> = jobs
            .into_par_iter()
            .filter_map(|(seed, profile)| {
                let (input, _) = generate_case::<G>(seed, profile);
                let text = G::render(&input);
                let (engine, steps) = solver::run_engine::<G>(&input, &fixed);
                assert!(
                    engine.result.is_ok(),
                    "{} seed {seed} profile {profile}: the engine failed on a valid input",
                    G::ID
                );
                let derived = fixed.beside_engine::<G>(&engine, steps);
                let ending = |limits: &Limits| {
                    let run = solver::run::<G>(&SolverSpec::Reference, &input, &text, limits)
                        .expect("the port always applies");
                    // What a port printed before running out is not an ending.
                    let class = run.class();
                    let printed = run.stdout.filter(|_| run.result.is_ok());
                    (class, printed)
                };
                let cut = ending(&derived);
                let full = ending(&fixed);
                (cut != full).then(|| {
                    format!(
                        "seed {seed} profile {profile} (engine {steps} steps, port budget {}): \
                         {:?} under the derived budget, {:?} under the fixed one",
                        derived.steps, cut.0, full.0
                    )
                })
            })
            .collect();
        assert!(
            bad.is_empty(),
            "{}: {} inputs end differently; first: {}",
            G::ID,
            bad.len(),
            bad[0]
        );
    }
}

#[test]
fn derived_port_budget_keeps_every_ending() {
    for &g in GameId::ALL {
        g.dispatch(Margin);
    }
}
