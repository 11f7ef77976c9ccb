//! The engine: spec section 4, one game at a time.

use super::{Board, Input, Winners};
use crate::solver::{Budget, Fault, FaultKind};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finish {
    /// 1-based player number.
    pub winner: u32,
    /// Throws consumed, the winning throw included.
    pub used: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Special {
    None,
    LoseTurn,
    ExtraTurn,
}

/// Plays one game on `throws`; `Ok(None)` when the list runs out first.
///
/// Squares outside 1..=99 are ignored rather than trusted, so that the
/// validator can call this on any board that passed rules 4.1–4.4 and
/// never index out of bounds.
pub fn play(throws: &[u32], board: &Board, budget: &mut Budget) -> Result<Option<Finish>, Fault> {
    let mut jump_to = [0u32; 101];
    for &(s, e) in board.jumps.iter().rev() {
        if let Some(slot) = jump_to.get_mut(s as usize) {
            *slot = e;
        }
    }
    let mut special = [Special::None; 101];
    for &v in &board.specials {
        let kind = if v < 0 {
            Special::LoseTurn
        } else {
            Special::ExtraTurn
        };
        if let Some(slot) = usize::try_from(v.unsigned_abs())
            .ok()
            .and_then(|k| special.get_mut(k))
        {
            *slot = kind;
        }
    }

    let players = board.players.max(1) as usize;
    let mut pos = vec![0u32; players];
    let mut missing = vec![false; players];
    let mut next = 0usize;
    let mut p = 0usize;
    loop {
        budget.step()?;
        if missing[p] {
            missing[p] = false;
            p = (p + 1) % players;
            continue;
        }
        // One turn: a throw, and more throws while extra-turn squares are hit.
        loop {
            budget.step()?;
            let Some(&d) = throws.get(next) else {
                return Ok(None);
            };
            next += 1;
            let t = pos[p].saturating_add(d);
            if t > 100 {
                break;
            }
            if t == 100 {
                return Ok(Some(Finish {
                    winner: p as u32 + 1,
                    used: next,
                }));
            }
            let t = t as usize;
            pos[p] = match jump_to[t] {
                0 => t as u32,
                e => e,
            };
            match special[t] {
                Special::LoseTurn => {
                    missing[p] = true;
                    break;
                }
                Special::ExtraTurn => continue,
                Special::None => break,
            }
        }
        p = (p + 1) % players;
    }
}

pub fn solve(input: &Input, budget: &mut Budget) -> Result<Winners, Fault> {
    let throws = input.throws();
    input
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| match play(&throws, g, budget)? {
            Some(f) => Ok(f.winner),
            // Valid inputs exclude this (rule 4.5); reaching it is an engine bug.
            None => Err(Fault::new(
                FaultKind::Panic,
                format!("game {} has no winner before the throw list ends", i + 1),
            )),
        })
        .collect()
}
