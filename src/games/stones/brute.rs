//! The oracle: the game tree itself, searched exhaustively with a memo over
//! the multiset of piles. It knows only the move table of section 4, never
//! the game values, so it checks the engine's formula rather than repeats it.

use std::collections::HashMap;

use super::model::{Answer, Input, Kind};
use crate::fault::{Budget, Fault};

/// Inputs beyond these bounds are left to the engine alone: the number of
/// reachable positions grows with the product of the counts.
const MAX_COUNT: u64 = 7;
const MAX_PILES: u64 = 12;

/// Pile counts indexed by [`Kind::index`].
type Piles = [u8; 6];

pub fn solve(input: &Input, budget: &mut Budget) -> Option<Result<Vec<Answer>, Fault>> {
    let small = input.cases.iter().all(|case| {
        case.iter().all(|&(_, c)| c <= MAX_COUNT)
            && case.iter().map(|&(_, c)| c).sum::<u64>() <= MAX_PILES
    });
    if !small {
        return None;
    }
    let mut search = Search {
        memo: HashMap::new(),
        budget,
    };
    Some(
        input
            .cases
            .iter()
            .map(|case| {
                let mut piles = [0u8; 6];
                for &(k, c) in case {
                    piles[k.index()] += c as u8;
                }
                Ok(Answer {
                    first: search.wins(piles, Mover::A)?,
                    second: !search.wins(piles, Mover::B)?,
                })
            })
            .collect(),
    )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Mover {
    /// Takes white stones.
    A,
    /// Takes black stones.
    B,
}

struct Search<'a> {
    memo: HashMap<(Piles, Mover), bool>,
    budget: &'a mut Budget,
}

impl Search<'_> {
    /// Whether `mover`, to move in `piles`, wins with perfect play.
    fn wins(&mut self, piles: Piles, mover: Mover) -> Result<bool, Fault> {
        if let Some(&w) = self.memo.get(&(piles, mover)) {
            return Ok(w);
        }
        self.budget.step()?;
        let next = match mover {
            Mover::A => Mover::B,
            Mover::B => Mover::A,
        };
        let mut win = false;
        for after in moves(piles, mover) {
            if !self.wins(after, next)? {
                win = true;
                break;
            }
        }
        self.memo.insert((piles, mover), win);
        Ok(win)
    }
}

/// Every position `mover` can reach in one move (the table of section 4).
fn moves(piles: Piles, mover: Mover) -> Vec<Piles> {
    use Kind::*;
    // (pile taken from, pile left behind, if any)
    let table: &[(Kind, Option<Kind>)] = match mover {
        Mover::A => &[
            (W, None),
            (WW, Some(W)),
            (WW, None),
            (WB, Some(B)),
            (BW, None),
        ],
        Mover::B => &[
            (B, None),
            (BB, Some(B)),
            (BB, None),
            (WB, None),
            (BW, Some(W)),
        ],
    };
    table
        .iter()
        .filter(|&&(from, _)| piles[from.index()] > 0)
        .map(|&(from, left)| {
            let mut p = piles;
            p[from.index()] -= 1;
            if let Some(l) = left {
                p[l.index()] += 1;
            }
            p
        })
        .collect()
}
