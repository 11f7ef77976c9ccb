//! Throughput of the differential loop per game and profile, on one thread:
//! generation as `diff` does it (no tape) and rendering, engine and port. Run with
//! `cargo bench --bench throughput [-- SECONDS_PER_PROFILE] [GAME[/PROFILE]...]`
//! (no GAME: every game and profile); results are recorded in docs/performance.md.
//! Figures are noisy on a shared machine: compare ratios within one run.

use std::time::{Duration, Instant};

use gamefuzz::fault::Budget;
use gamefuzz::game::{generate_input, Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::solver::{Limits, SolverSpec};
use gamefuzz::verdict::compare;

struct Bench {
    per_profile: Duration,
    /// `GAME` or `GAME/PROFILE` words; empty runs everything.
    only: Vec<String>,
}

impl Bench {
    fn wants(&self, game: &str, profile: &str) -> bool {
        self.only.is_empty()
            || self
                .only
                .iter()
                .any(|w| w == game || *w == format!("{game}/{profile}"))
    }
}

impl Visit for Bench {
    type Out = ();
    fn visit<G: Game>(self) {
        let limits = Limits::default();
        let solvers = [SolverSpec::Engine, SolverSpec::Reference];
        for p in G::PROFILES {
            if !self.wants(G::ID.name(), p.name) {
                continue;
            }
            let (mut cases, mut gen_t, mut engine_t, mut diff_t) = (0u64, 0.0, 0.0, 0.0);
            let start = Instant::now();
            while start.elapsed() < self.per_profile {
                let t0 = Instant::now();
                let input = generate_input::<G>(cases, p.name);
                let text = G::render(&input);
                let t1 = Instant::now();
                let _ = std::hint::black_box(G::solve(&input, &mut Budget::default()));
                let t2 = Instant::now();
                std::hint::black_box(compare::<G>(&solvers, &input, &text, &limits));
                let t3 = Instant::now();
                gen_t += (t1 - t0).as_secs_f64();
                engine_t += (t2 - t1).as_secs_f64();
                diff_t += (t3 - t0 - (t2 - t1)).as_secs_f64();
                cases += 1;
            }
            let n = cases as f64;
            println!(
                "{:<9} {:<12} {:>9.0} cases/s   gen {:>9.1} us   engine {:>9.1} us   gen+engine+port {:>9.1} us   ({} cases)",
                G::ID.name(),
                p.name,
                n / diff_t,
                gen_t / n * 1e6,
                engine_t / n * 1e6,
                diff_t / n * 1e6,
                cases
            );
        }
    }
}

fn main() {
    // `cargo bench` passes `--bench` to the harness.
    let (secs, only): (Vec<String>, Vec<String>) = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .partition(|a| a.parse::<f64>().is_ok());
    let secs = secs.first().map_or(1.0, |s| s.parse().expect("a number"));
    for &g in GameId::ALL {
        g.dispatch(Bench {
            per_profile: Duration::from_secs_f64(secs),
            only: only.clone(),
        });
    }
}
