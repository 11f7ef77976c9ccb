//! The boards of an input for the terminal: the game's pictures drawn
//! about the solvers' answers, for `repro`, `shrink` and `solve --trace`.

use crate::game::Game;
use crate::picture::{self, Focus};
use crate::solver::{Limits, Run, SolverSpec};
use crate::verdict;

/// The pictures of `input` where `solvers` (which gave `runs` on it) part.
/// The game may run the solvers again on smaller inputs to find where
/// inside a case they part. `None` for games without a board.
pub(super) fn diverging<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    runs: &[Option<Run<G::Output>>],
    limits: &Limits,
) -> Option<String> {
    let parts = |smaller: &G::Input| {
        let c = verdict::compare::<G>(solvers, smaller, &G::render(smaller), limits);
        c.signature.is_some() && !c.interrupted()
    };
    let focus = Focus {
        answers: solvers
            .iter()
            .zip(runs)
            .map(|(s, r)| (s.to_string(), answer(r.as_ref())))
            .collect(),
        parts: Some(&parts),
    };
    picture::draw::<G>(input, &focus)
}

/// The pictures of one solver's run on `input`.
pub(super) fn single<G: Game>(
    spec: &SolverSpec,
    input: &G::Input,
    run: Option<&Run<G::Output>>,
) -> Option<String> {
    picture::draw::<G>(input, &Focus::single(spec.to_string(), answer(run)))
}

fn answer<O>(run: Option<&Run<O>>) -> Option<&O> {
    run.and_then(|r| r.result.as_ref().ok())
}
