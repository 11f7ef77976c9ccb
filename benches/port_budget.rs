//! The work of the reference port against the engine's, per game and
//! profile and on the corpus: the measurements behind `Game::PORT_STEPS`.
//! Run with `cargo bench --bench port_budget [-- SECONDS_PER_PROFILE]`.
//!
//! For every input on which the port ends under the fixed budget, it prints
//! the largest ratio of port fuel to engine steps, the largest port fuel,
//! and the smallest margin of the derived budget (`k·e + c` minus the fuel
//! the port needed); for the inputs on which the port does not end, the
//! derived budget it gets instead of the fixed one.

use std::path::Path;
use std::time::{Duration, Instant};

use gamefuzz::corpus;
use gamefuzz::fault::Budget;
use gamefuzz::game::{generate_case, parse_valid, Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::solver::Limits;
use gamefuzz_reference::{Io, Stop};

/// Engine steps and port fuel on one input; `None` fuel: the port did not end.
fn work<G: Game>(input: &G::Input, text: &str, fixed: u64) -> Option<(u64, Option<u64>)> {
    let mut budget = Budget::new(fixed);
    G::solve(input, &mut budget).ok()?;
    let e = fixed - budget.left();
    let mut io = Io::new(text, fixed);
    let ended = !matches!((G::PORT)(&mut io), Err(Stop::OutOfFuel));
    Some((e, ended.then(|| fixed - io.fuel_left())))
}

#[derive(Default)]
struct Stats {
    inputs: u64,
    looping: u64,
    max_ratio: f64,
    max_fuel: u64,
    max_engine: u64,
    /// Smallest `derived - fuel` over the inputs that end.
    min_margin: i128,
    /// Largest derived budget of an input on which the port does not end.
    max_cut: u64,
    sum_cut: u128,
}

impl Stats {
    fn add<G: Game>(&mut self, e: u64, fuel: Option<u64>, limits: &Limits) {
        let derived = limits.port_steps::<G>(e);
        if self.inputs == 0 {
            self.min_margin = i128::MAX;
        }
        self.inputs += 1;
        self.max_engine = self.max_engine.max(e);
        match fuel {
            Some(p) => {
                self.max_ratio = self.max_ratio.max(p as f64 / e.max(1) as f64);
                self.max_fuel = self.max_fuel.max(p);
                self.min_margin = self.min_margin.min(derived as i128 - p as i128);
            }
            None => {
                self.looping += 1;
                self.max_cut = self.max_cut.max(derived);
                self.sum_cut += u128::from(derived);
            }
        }
    }

    fn print(&self, game: &str, source: &str) {
        let mean_cut = match self.looping {
            0 => 0,
            n => (self.sum_cut / u128::from(n)) as u64,
        };
        println!(
            "{game:<9} {source:<16} {:>6} inputs  port/engine max {:>8.2}  port max {:>10}  engine max {:>10}  \
             margin min {:>10}  | {:>4} loop: cut at mean {:>9} max {:>9}",
            self.inputs,
            self.max_ratio,
            self.max_fuel,
            self.max_engine,
            if self.min_margin == i128::MAX { 0 } else { self.min_margin },
            self.looping,
            mean_cut,
            self.max_cut,
        );
    }
}

struct Measure(Duration);

impl Visit for Measure {
    type Out = ();
    fn visit<G: Game>(self) {
        let limits = Limits::default();
        let name = G::ID.name();
        for p in G::PROFILES {
            let mut s = Stats::default();
            let start = Instant::now();
            let mut seed = 0;
            while start.elapsed() < self.0 {
                let (input, _) = generate_case::<G>(seed, p.name);
                seed += 1;
                let text = G::render(&input);
                if let Some((e, fuel)) = work::<G>(&input, &text, limits.steps) {
                    s.add::<G>(e, fuel, &limits);
                }
            }
            s.print(name, p.name);
        }
        let mut s = Stats::default();
        let dir = Path::new("corpus").join(name);
        for entry in corpus::load_dir(&dir).unwrap_or_default() {
            let Ok(input) = parse_valid::<G>(&entry.input) else {
                continue;
            };
            if let Some((e, fuel)) = work::<G>(&input, &entry.input, limits.steps) {
                s.add::<G>(e, fuel, &limits);
            }
        }
        s.print(name, "corpus");
    }
}

fn main() {
    let secs: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2.0);
    for &g in GameId::ALL {
        g.dispatch(Measure(Duration::from_secs_f64(secs)));
    }
}
