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
pub fn mistaken(text: &str, m: usize, budget: &mut Budget) -> Result<String, Fault> {
    let input = mistaken_input::<super::Chutes>(text)?;
    if Mk::ALL[m] == Mk::ThrowLineBuffer80 {
        let last = model::throw_section_lines(&input.throw_lines);
        if last.last().is_some_and(|l| l.len() > BUFFERED) {
            // The newline, read alone, is an empty line: a player count of 0.
            return Ok(String::new());
        }
    }
    let out = engine::solve(&input, budget, &mut Mistaken(m))?;
    Ok(match Mk::ALL[m] {
        Mk::ZeroBasedWinner => out.iter().map(|w| format!("{}\n", w - 1)).collect(),
        _ => model::render_output(&out),
    })
}
