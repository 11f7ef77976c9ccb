//! `gamefuzz solve`: one solver on a judge input read from stdin.

use anyhow::bail;
use clap::Args;

use super::{emit, read_input, Exit, GameCommand, LimitArgs};
use crate::game::{parse_valid, Game};
use crate::id::GameId;
use crate::solver::{self, Limits, SolverSpec};

#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    pub game: GameId,
    /// engine, reference, brute or cmd:PATH.
    #[arg(long, default_value = "engine")]
    pub solver: SolverSpec,
    /// Print the engine's turn-by-turn trace on stderr (games that have one).
    #[arg(long)]
    pub trace: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl GameCommand for SolveArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        solve::<G>(&self.solver, self.trace, &self.limits.limits()?)
    }
}

fn solve<G: Game>(spec: &SolverSpec, trace: bool, limits: &Limits) -> anyhow::Result<Exit> {
    let text = read_input(None)?;
    let input = parse_valid::<G>(&text)?;
    if trace {
        match G::trace(&input) {
            Some(t) => eprint!("{t}"),
            None => eprintln!("note: {} has no trace", G::ID),
        }
    }
    let Some(run) = solver::run::<G>(spec, &input, &text, limits) else {
        bail!(
            "the brute-force solver of {} does not cover this input",
            G::ID
        );
    };
    match run.result {
        Ok(out) => {
            // The port's and external programs' own bytes, the engine's rendering.
            out!("{}", run.stdout.unwrap_or_else(|| G::render_output(&out)));
            Ok(Exit::Clean)
        }
        Err(f) => {
            if let Some(s) = run.stdout {
                out!("{s}");
            }
            eprintln!("{spec} failed: {f}");
            Ok(Exit::Found)
        }
    }
}
