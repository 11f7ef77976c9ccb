//! `gamefuzz solve`: one solver on a judge input read from stdin.

use anyhow::bail;
use clap::Args;

use super::{emit, read_input, stderr_block, Exit, GameCommand, LimitArgs, SHOWN_OUTPUT};
use crate::fault::FaultKind;
use crate::game::{parse_valid, Game};
use crate::id::GameId;
use crate::show::printable;
use crate::solver::{self, Limits, SolverSpec};

#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// engine, reference, brute, mistake:NAME, cmd:COMMAND (a program and
    /// its arguments, split like a shell would, run with no shell) or a
    /// source file (.cpp .cc .cxx .c .rs .py, built as a judge builds it).
    #[arg(long, default_value = "engine")]
    pub solver: SolverSpec,
    /// Print the engine's turn-by-turn trace and its boards on stderr
    /// (games that have them).
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
    solver::check::<G>(std::slice::from_ref(spec))?;
    let text = read_input(None)?;
    let input = parse_valid::<G>(&text)?;
    let traced = trace.then(|| G::trace(&input)).flatten();
    if let Some(t) = &traced {
        crate::console::errs!("{t}");
    }
    let Some(run) = solver::run::<G>(spec, &input, &text, limits) else {
        bail!(
            "the brute-force solver of {} does not cover this input",
            G::ID
        );
    };
    if trace {
        match super::boards::single::<G>(spec, &input, Some(&run)) {
            Some(b) if traced.is_some() => crate::console::errs!("\n{b}"),
            Some(b) => crate::console::errs!("{b}"),
            None if traced.is_none() => {
                crate::console::errln!("note: {} has no trace or board", G::ID)
            }
            None => {}
        }
    }
    match run.result {
        Ok(out) => {
            // The port's and external programs' own bytes, the engine's rendering.
            out!("{}", run.stdout.unwrap_or_else(|| G::render_output(&out)));
            Ok(Exit::Clean)
        }
        // A catalogued mistake of writing prints what such a program
        // prints, bytes and all: `solve --solver mistake:NAME` is that
        // program.
        Err(f) if f.kind == FaultKind::BadOutput && matches!(spec, SolverSpec::Mistake(_)) => {
            out!("{}", run.stdout.unwrap_or_default());
            Ok(Exit::Clean)
        }
        Err(f) => {
            // Not an answer: shown as text, not as the bytes printed.
            if let Some(s) = run.stdout {
                out!("{}", printable(&s, SHOWN_OUTPUT));
            }
            crate::console::errln!("{spec} failed: {f}");
            if let Some(e) = &run.stderr {
                crate::console::errs!("{}", stderr_block(e, "", usize::MAX));
            }
            Ok(Exit::Found)
        }
    }
}
