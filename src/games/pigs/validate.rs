//! The validator: the checklist rules of §3 that the parser leaves open.
//!
//! Rule 1, rule 5 and the token part of rule 3 (a role is MP, ZP or FP) are
//! the parser's: the typed model cannot hold anything else, and the parse
//! error names the token's position. This module checks rules 2, 3 (pig 1
//! is the MP and no other pig is), 4 and 6.
//!
//! **Termination (rule 6).** The engine simulates the game, and the input is
//! rejected as soon as every living pig has taken an idle turn in a row (the
//! spec's exact criterion). Behind that test sit a safety cap,
//! [`MAX_TURNS`] = 1,000,000 turns, and the default step budget: a game
//! that reaches either is rejected too. The cap is far above the longest
//! game that ends (about 211,000 turns, see [`MAX_TURNS`]), so in practice
//! it never decides anything.

use super::engine::{self, Ending, MAX_TURNS};
use super::model::{Input, Role};
use crate::fault::Budget;
use crate::game::Invalid;

/// Checklist rules 2–4 and 6 (§3); see the module docs for rules 1 and 5.
pub fn validate(input: &Input) -> Result<(), Invalid> {
    structure(input)?;
    termination(input)
}

/// Checklist rules 2, 3 and 4: everything the engine relies on.
pub fn structure(input: &Input) -> Result<(), Invalid> {
    let (n, m) = (input.seats.len(), input.deck.len());
    if !(2..=10).contains(&n) {
        return Err(Invalid::new("2", format!("n = {n} is not in 2..=10")));
    }
    if !(1..=2000).contains(&m) {
        return Err(Invalid::new("2", format!("m = {m} is not in 1..=2000")));
    }
    if input.seats[0].role != Role::MP {
        return Err(Invalid::new(
            "3",
            format!("pig 1 is a {}, not the MP", input.seats[0].role),
        ));
    }
    if let Some(i) = input.seats[1..].iter().position(|s| s.role == Role::MP) {
        return Err(Invalid::new(
            "3",
            format!("pig {} is a second MP (only pig 1 is the MP)", i + 2),
        ));
    }
    if !input.seats.iter().any(|s| s.role == Role::FP) {
        return Err(Invalid::new("4", "no pig is an FP"));
    }
    Ok(())
}

/// Steps the validator allows one simulation: as much as a solver gets.
const VALIDATE_STEPS: u64 = Budget::DEFAULT_STEPS;

/// Checklist rule 6: the game ends, decided by the engine's own simulation.
fn termination(input: &Input) -> Result<(), Invalid> {
    let mut budget = Budget::new(VALIDATE_STEPS);
    match engine::simulate(input, &mut budget, false, &mut ()) {
        Ok(f) => match f.ending {
            Ending::Won(_) => Ok(()),
            Ending::Idle { turn } => Err(Invalid::new(
                "6",
                format!(
                    "the game never ends: every living pig takes an idle turn in a row \
                     (the round ending with turn {turn})"
                ),
            )),
            Ending::Cap => Err(Invalid::new(
                "6",
                format!("the game does not end within the safety cap of {MAX_TURNS} turns"),
            )),
        },
        Err(f) => Err(Invalid::new(
            "6",
            format!("the game does not end within the step budget ({f})"),
        )),
    }
}

#[cfg(test)]
mod tests;
