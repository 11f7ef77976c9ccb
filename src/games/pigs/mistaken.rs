//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine.

use super::engine;
use super::mistakes::Mk;
use crate::fault::{Budget, Fault};
use crate::game::{mistaken_input, Mistaken};

/// `Game::mistaken` for pigs: a game the mistaken rules never end is the
/// engine's budget fault, as a program looping for ever would time out.
pub fn mistaken(text: &str, m: usize, budget: &mut Budget) -> Result<String, Fault> {
    let mut input = mistaken_input::<super::Pigs>(text)?;
    let mistake = Mk::ALL[m];
    if mistake == Mk::DeckReadAsStack {
        input.deck.reverse();
    }
    let out = engine::solve(&input, budget, &mut Mistaken(m))?;
    Ok(match mistake {
        // The §5 lines end with a line break each: an empty hand leaves
        // none, so the next pig's hand takes its line.
        Mk::EmptyHandNoLine => out
            .lines
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect(),
        _ => out.render(),
    })
}
