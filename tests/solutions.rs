//! The model solutions, `tests/solutions/<game>.cpp` (the accepted
//! submissions of the judge packages), give the engine's answers.
//!
//! Each is built as a judge builds it (`kattis::CPP17_FLAGS`: `g++
//! -std=c++17 -O2 -static`, here with warnings as errors) and run by the
//! generic driver as `gamefuzz diff <game> --solvers engine,cmd:<program>`
//! runs it (several cases to a file where the format packs them): on
//! `CASES` generated inputs spread evenly over the game's profiles, then on
//! every corpus entry of the game. A profile whose inputs are megabytes
//! (generals `max`: ten 400×400 boards of 100,000 rounds, about 19 MB) is
//! left out of the spread and runs `LARGE_CASES` on top. Any divergence
//! fails the test with its shrunk input and repro command. In CI (`CI`
//! set) a missing g++ fails the test; elsewhere it is skipped with a note.
//!
//! Where the format holds one case (pigs) a program runs once per case,
//! and starting a process costs about a millisecond here, so 100,000 cases
//! per solution take minutes (197 s for the three solutions on 2 cores, no
//! divergence, when they were written; 186 s in CI later). README's test
//! command runs `CASES`, in CI as anywhere: the solutions change seldom,
//! and a longer run is one variable away (`GAMEFUZZ_SOLUTION_CASES=N` runs
//! N, the same seeds from the start).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gamefuzz::driver::{self, Amount, DiffOptions, Summary};
use gamefuzz::game::{generate_input, Game, Visit};
use gamefuzz::shrink::ShrinkLimits;
use gamefuzz::solver::{Limits, SolverSpec};
use gamefuzz::{corpus, kattis, GameId};

mod common;

/// Generated cases per model solution, over its game's light profiles.
const CASES: u64 = 20_000;
/// Cases of each profile whose first input is over `LARGE_BYTES`.
const LARGE_CASES: u64 = 8;
const LARGE_BYTES: usize = 1 << 20;

/// `GAMEFUZZ_SOLUTION_CASES` when set, else `CASES`.
fn cases() -> u64 {
    std::env::var("GAMEFUZZ_SOLUTION_CASES").map_or(CASES, |v| {
        v.parse()
            .unwrap_or_else(|_| panic!("GAMEFUZZ_SOLUTION_CASES={v:?} is not a count"))
    })
}

fn solutions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions")
}

/// Every model solution: its game and its source, in the order of
/// `GameId::ALL`.
fn model_solutions() -> Vec<(GameId, PathBuf)> {
    let mut found: Vec<(GameId, PathBuf)> = std::fs::read_dir(solutions_dir())
        .expect("tests/solutions is readable")
        .map(|e| e.expect("a readable entry").path())
        .map(|path| {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let game = GameId::from_name(stem).unwrap_or_else(|| {
                panic!(
                    "{}: a model solution is named after its game",
                    path.display()
                )
            });
            assert_eq!(
                path.extension().and_then(|e| e.to_str()),
                Some("cpp"),
                "{}: model solutions are C++",
                path.display()
            );
            (game, path)
        })
        .collect();
    found.sort();
    found
}

/// The driver's options for comparing the engine with `program`: nothing
/// stored, a divergence shrunk for the failure message.
fn options(program: &Path, amount: u64, profile: Option<&str>) -> DiffOptions {
    DiffOptions {
        solvers: vec![
            SolverSpec::Engine,
            SolverSpec::Cmd(vec![program.display().to_string()]),
        ],
        amount: Amount::Cases(amount),
        seed: 0,
        profile: profile.map(str::to_string),
        jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
        corpus: None,
        limits: Limits::default(),
        shrink: ShrinkLimits {
            time: Duration::from_secs(60),
            candidates: 20_000,
            ..ShrinkLimits::default()
        },
        explain: Duration::ZERO,
        vary: false,
        progress: false,
        pack: 32,
        shard: (0, 1),
    }
}

/// Fails unless the engine and the program agreed on all `cases` cases.
fn assert_agreed(s: &Summary, what: &str, cases: u64) {
    let first = s.signatures.first().map_or(String::new(), |f| {
        format!(
            "first: {} ({} cases), repro: {}\n{}",
            f.signature, f.count, f.repro, f.input
        )
    });
    assert!(
        s.divergences == 0 && s.signatures.is_empty(),
        "{what}: {} of {} cases diverge; {first}",
        s.divergences,
        s.cases
    );
    assert_eq!(
        (s.cases, s.compared, s.invalid),
        (cases, cases, 0),
        "{what}: every case runs and is compared"
    );
}

struct Agrees<'a>(&'a Path);
impl Visit for Agrees<'_> {
    type Out = u64;
    /// Compares on generated cases, then on the corpus; the cases compared.
    fn visit<G: Game>(self) -> u64 {
        let profiles: Vec<(&str, bool)> = G::PROFILES
            .iter()
            .map(|p| {
                (
                    p.name,
                    G::render(&generate_input::<G>(0, p.name)).len() > LARGE_BYTES,
                )
            })
            .collect();
        let light = profiles.iter().filter(|(_, large)| !large).count() as u64;
        let mut total = 0;
        for (profile, large) in profiles {
            let cases = if large {
                LARGE_CASES
            } else {
                cases().div_ceil(light)
            };
            let s = driver::diff::<G>(&options(self.0, cases, Some(profile)))
                .expect("the campaign runs");
            assert_agreed(&s, &format!("{} {profile}", G::ID), cases);
            total += cases;
        }
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(G::ID.name());
        let files: Vec<PathBuf> = corpus::load_dir(&dir)
            .expect("the corpus is readable")
            .into_iter()
            .map(|e| e.path)
            .collect();
        if !files.is_empty() {
            let n = files.len() as u64;
            let s = driver::diff_files::<G>(&options(self.0, n, None), &files)
                .expect("the corpus runs");
            assert_agreed(&s, &format!("{} corpus", G::ID), n);
            total += n;
        }
        total
    }
}

#[test]
fn model_solutions_give_the_engines_answers() {
    let solutions = model_solutions();
    assert!(
        !solutions.is_empty(),
        "tests/solutions holds model solutions"
    );
    let dir = tempfile::tempdir().unwrap();
    for (game, src) in solutions {
        let bin = dir.path().join(game.name());
        let Some(bin) = common::cpp_program(&src, &bin, kattis::CPP17_FLAGS) else {
            return;
        };
        let start = Instant::now();
        let cases = game.dispatch(Agrees(&bin));
        eprintln!(
            "{game}: {} agrees with the engine on {cases} cases ({:.1} s)",
            src.display(),
            start.elapsed().as_secs_f64()
        );
    }
}
