//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine.

use super::mistakes::Mk;
use super::{engine, model};
use crate::fault::{Budget, Fault};
use crate::game::{mistaken_input, Mistaken};

/// `Game::mistaken` for xiangqi.
pub fn mistaken(text: &str, m: usize, budget: &mut Budget) -> Result<String, Fault> {
    let input = mistaken_input::<super::Xiangqi>(text)?;
    let mut out = engine::solve(&input, budget, &mut Mistaken(m))?;
    if Mk::ALL[m] == Mk::TerminatorSolved {
        // A general at (0, 0) with no red piece has no move in its palace.
        out.push(true);
    }
    Ok(match Mk::ALL[m] {
        Mk::MixedCaseAnswers => out
            .iter()
            .map(|&mate| if mate { "Yes\n" } else { "No\n" })
            .collect(),
        _ => model::render_output(&out),
    })
}
