//! Packed against one process per case: `diff <game> --solvers
//! engine,cmd:<native blog program>` on the same cases, with `--pack 1` and
//! `--pack K`. The programs are built with g++ from
//! `../shared/reference-cpp/<id>.cpp`; without them the benchmark says so and
//! exits. One worker, all profiles in rotation and then only `small`; generals runs a tenth of the
//! cases (its solvers, not process start-up, dominate). Run with `cargo bench --bench pack [-- CASES]`; the ratio is
//! recorded in docs/performance.md.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use gamefuzz::driver::{diff, Amount, DiffOptions};
use gamefuzz::game::{Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::shrink::ShrinkLimits;
use gamefuzz::solver::{Limits, SolverSpec};

const PACK: usize = 32;

struct Bench {
    program: PathBuf,
    cases: u64,
    profile: Option<&'static str>,
}

impl Visit for Bench {
    type Out = ();
    fn visit<G: Game>(self) {
        let run = |pack: usize| {
            let opts = DiffOptions {
                solvers: vec![
                    SolverSpec::Engine,
                    SolverSpec::Cmd(vec![self.program.display().to_string()]),
                ],
                amount: Amount::Cases(self.cases),
                seed: 0,
                profile: self.profile.map(String::from),
                jobs: 1,
                corpus: None,
                limits: Limits::default(),
                shrink: ShrinkLimits::none(),
                explain: std::time::Duration::ZERO,
                vary: false,
                progress: false,
                pack,
                shard: (0, 1),
            };
            let t = Instant::now();
            let s = diff::<G>(&opts).expect("diff runs");
            (t.elapsed().as_secs_f64(), s.divergences)
        };
        let (one, d1) = run(1);
        let (packed, dk) = run(PACK);
        assert_eq!(d1, dk, "{}: packing changed the findings", G::ID);
        println!(
            "{:<9} {:<8} {} cases, 1 job: one process per case {:>6.2}s ({:>5.0} cases/s), --pack {PACK} {:>6.2}s ({:>5.0} cases/s): {:.1}x",
            G::ID.name(),
            self.profile.unwrap_or("all"),
            self.cases,
            one,
            self.cases as f64 / one,
            packed,
            self.cases as f64 / packed,
            one / packed
        );
    }
}

fn main() {
    let cases: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(600);
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/reference-cpp");
    let dir = tempfile::tempdir().expect("temporary directory");
    for g in [
        GameId::Xiangqi,
        GameId::Stones,
        GameId::Generals,
        GameId::Chutes,
    ] {
        let src = shared.join(format!("{}.cpp", g.name()));
        let program = dir.path().join(g.name());
        let built = src.exists()
            && Command::new("g++")
                .args(["-O2", "-o"])
                .arg(&program)
                .arg(&src)
                .status()
                .is_ok_and(|s| s.success());
        if !built {
            println!("{}: skipped (needs g++ and {})", g.name(), src.display());
            continue;
        }
        // Generals cases are heavy (the solvers, not the process, dominate).
        let cases = if g == GameId::Generals {
            cases / 10
        } else {
            cases
        };
        for profile in [None, Some("small")] {
            g.dispatch(Bench {
                program: program.clone(),
                cases,
                profile,
            });
        }
    }
}
