//! The boards of an input for the terminal, for `repro`, `shrink` and
//! `solve --trace`.

use crate::game::Game;
use crate::picture::Picture;
use crate::solver::{Limits, Run, SolverSpec};
use crate::verdict;

/// The boards where `solvers` (which gave `runs` on `input`) part; `None`
/// for games without a board.
pub(super) fn diverging<G: Game>(
    solvers: &[SolverSpec],
    input: &G::Input,
    runs: &[Option<Run<G::Output>>],
    limits: &Limits,
) -> Option<String> {
    text(verdict::pictures::<G>(solvers, input, runs, limits))
}

/// The boards of one solver's run on `input`.
pub(super) fn single<G: Game>(
    spec: &SolverSpec,
    input: &G::Input,
    run: Option<&Run<G::Output>>,
) -> Option<String> {
    text(verdict::pictures_of_run::<G>(spec, input, run))
}

/// Every picture as terminal text, separated by blank lines.
fn text(pictures: Vec<Picture>) -> Option<String> {
    (!pictures.is_empty()).then(|| {
        pictures
            .iter()
            .map(Picture::text)
            .collect::<Vec<_>>()
            .join("\n")
    })
}
