//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine.

use super::mistakes::Mk;
use super::{engine, model};
use crate::fault::{Budget, Fault};
use crate::game::{mistaken_input, Mistaken};

/// The characters of a line that an 80-byte line buffer takes in one read,
/// with room left for the newline and the terminating NUL.
const BUFFERED: usize = 80 - 2;

/// `Game::mistaken` for chutes.
pub fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
    let mut run = Mistaken::of(Mk::CATALOGUE, picks);
    let input = mistaken_input::<super::Chutes>(text)?;
    if Mk::ThrowLineBuffer80.is_in(&run) {
        let last = model::throw_section_lines(&input.throw_lines);
        if last.last().is_some_and(|l| l.len() > BUFFERED) {
            // The newline, read alone, is an empty line: a player count of 0.
            return Ok(String::new());
        }
    }
    let out = engine::solve(&input, budget, &mut run)?;
    Ok(if Mk::ZeroBasedWinner.is_in(&run) {
        out.iter().map(|w| format!("{}\n", w - 1)).collect()
    } else {
        model::render_output(&out)
    })
}
