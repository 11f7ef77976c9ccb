//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine.

use super::mistakes::Mk;
use super::{engine, model};
use crate::fault::{Budget, Fault};
use crate::game::{mistaken_input, Mistaken};

/// `Game::mistaken` for xiangqi.
pub fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
    let mut run = Mistaken::of(Mk::CATALOGUE, picks);
    let input = mistaken_input::<super::Xiangqi>(text)?;
    let mut out = engine::solve(&input, budget, &mut run)?;
    if Mk::TerminatorSolved.is_in(&run) {
        // A general at (0, 0) with no red piece has no move in its palace,
        // unless the escape flag an earlier case set is still up.
        let escaped = Mk::EscapeFlagNotReset.is_in(&run) && out.contains(&false);
        out.push(!escaped);
    }
    Ok(if Mk::MixedCaseAnswers.is_in(&run) {
        out.iter()
            .map(|&mate| if mate { "Yes\n" } else { "No\n" })
            .collect()
    } else {
        model::render_output(&out)
    })
}
