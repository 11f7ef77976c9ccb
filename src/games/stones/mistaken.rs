//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine.

use super::mistakes::Mk;
use super::{engine, model};
use crate::fault::{Budget, Fault};
use crate::game::{mistaken_input, Mistaken};

/// `Game::mistaken` for the stone game.
pub fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
    let mut run = Mistaken::of(Mk::CATALOGUE, picks);
    let mut input = mistaken_input::<super::Stones>(text)?;
    if Mk::LastCaseTwice.is_in(&run) {
        // The failed reads leave the last kind and count in their
        // variables: one more case of that pile line alone.
        if let Some(&line) = input.cases.last().and_then(|case| case.last()) {
            input.cases.push(vec![line]);
        }
    }
    let mut out = engine::solve(&input, budget, &mut run)?;
    if Mk::AnswersSwapped.is_in(&run) {
        for answer in &mut out {
            std::mem::swap(&mut answer.first, &mut answer.second);
        }
    }
    Ok(model::render_output(&out))
}
