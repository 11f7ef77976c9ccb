//! Finds the witness of every catalogued mistake whose witness file is
//! still empty: draws inputs of every profile in turn until the mistake
//! answers otherwise than the engine, shrinks that input as far as
//! `tests/mistakes.rs` checks (so the test finds nothing smaller), and
//! writes it to `src/games/<game>/witnesses/<name>.in`.
//!
//! `cargo run --release --example witnesses -- GAME [DRAWS]` (default
//! 20,000 draws per mistake). A mistake with no witness after every draw
//! is reported: it may answer like the engine on every valid input, and
//! then it is no mistake.

use std::fs;
use std::path::Path;
use std::time::Duration;

use gamefuzz::game::{generate_input, Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::shrink::{self, ShrinkLimits};
use gamefuzz::solver::mistake_differs;

struct Find {
    draws: u64,
}

impl Visit for Find {
    type Out = usize;
    fn visit<G: Game>(self) -> usize {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/games")
            .join(G::ID.name())
            .join("witnesses");
        let mut missing = 0;
        for (i, m) in (G::MISTAKES.iter().enumerate()).filter(|(_, m)| m.witness.is_empty()) {
            let found = (0..self.draws).find_map(|seed| {
                let profile = G::PROFILES[seed as usize % G::PROFILES.len()].name;
                let input = generate_input::<G>(seed, profile);
                let text = G::render(&input);
                mistake_differs::<G>(i, &input, &text).then_some(input)
            });
            let Some(mut input) = found else {
                eprintln!("{}: no witness in {} draws", m.name, self.draws);
                missing += 1;
                continue;
            };
            // Shrink to the fixpoint the test checks: its bounds, again
            // until a pass changes nothing.
            loop {
                let before = G::render(&input);
                let limits = ShrinkLimits {
                    time: Duration::from_secs(60),
                    candidates: 400,
                    ..ShrinkLimits::default()
                };
                let keeps = |c: &G::Input, text: &str| mistake_differs::<G>(i, c, text);
                input = shrink::shrink::<G>(input, None, keeps, &limits).input;
                if G::render(&input) == before {
                    break;
                }
            }
            let text = G::render(&input);
            fs::write(dir.join(format!("{}.in", m.name)), &text).expect("witness written");
            eprintln!("{}: {} bytes", m.name, text.len());
        }
        missing
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(game) = args.first().and_then(|g| GameId::from_name(g)) else {
        eprintln!("usage: witnesses GAME [DRAWS]");
        std::process::exit(2);
    };
    let draws = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(20_000);
    let missing = game.dispatch(Find { draws });
    if missing > 0 {
        std::process::exit(1);
    }
}
