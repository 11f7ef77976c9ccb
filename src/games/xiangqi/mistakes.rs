//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (here). Each has a witness in `witnesses/`.

use super::{engine, model};
use crate::fault::{Budget, Fault, FaultKind};
use crate::game::Mistaken;

mistakes! {
    /// Mistakes a contestant plausibly makes in xiangqi.
    pub enum Mk {
        HorseLegIgnored => "horse-leg-ignored" (LeftOut, "horse-leg-blocked", "§4.1"):
            "a horse attacks every point a jump away, even with a piece on its leg point",
        MixedCaseAnswers => "mixed-case-answers" (Output, "output", "§5"):
            "answers are printed as Yes and No instead of YES and NO",
    }
}

/// `Game::mistaken` for xiangqi.
pub fn mistaken(text: &str, m: usize, budget: &mut Budget) -> Result<String, Fault> {
    let input = model::parse(text).map_err(|e| Fault::new(FaultKind::Io, e.to_string()))?;
    let out = engine::solve(&input, budget, &mut Mistaken(m))?;
    Ok(match Mk::ALL[m] {
        Mk::MixedCaseAnswers => out
            .iter()
            .map(|&mate| if mate { "Yes\n" } else { "No\n" })
            .collect(),
        _ => model::render_output(&out),
    })
}
