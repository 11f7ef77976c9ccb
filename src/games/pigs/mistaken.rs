//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine.

use super::engine;
use super::mistakes::Mk;
use crate::fault::{Budget, Fault};
use crate::game::{mistaken_input, Mistaken};

/// `Game::mistaken` for pigs: a game the mistaken rules never end is the
/// engine's budget fault, as a program looping for ever would time out.
pub fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
    let mut run = Mistaken::of(Mk::CATALOGUE, picks);
    let mut input = mistaken_input::<super::Pigs>(text)?;
    if Mk::DeckReadAsStack.is_in(&run) {
        input.deck.reverse();
    }
    let out = engine::solve(&input, budget, &mut run)?;
    Ok(if Mk::EmptyHandNoLine.is_in(&run) {
        // The §5 lines end with a line break each: an empty hand leaves
        // none, so the next pig's hand takes its line.
        out.lines
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect()
    } else {
        out.render()
    })
}
