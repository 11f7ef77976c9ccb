//! The engine: spec section 4, one attack test per remaining red piece for
//! each of the black general's moves.

use super::{in_black_palace, Case, Kind, Piece, Point};
use crate::solver::{Budget, Fault};

/// Occupancy only: the attack rule never asks who stands on a point.
struct Board {
    occupied: [[bool; 10]; 11],
}

impl Board {
    fn new(points: impl IntoIterator<Item = Point>) -> Self {
        let mut occupied = [[false; 10]; 11];
        for (r, c) in points {
            occupied[r as usize][c as usize] = true;
        }
        Board { occupied }
    }

    fn at(&self, (r, c): (i32, i32)) -> bool {
        self.occupied[r as usize][c as usize]
    }

    /// Pieces strictly between two points of one row or column.
    fn between(&self, p: (i32, i32), q: (i32, i32)) -> usize {
        let (dr, dc) = ((q.0 - p.0).signum(), (q.1 - p.1).signum());
        let mut n = 0;
        let mut cur = (p.0 + dr, p.1 + dc);
        while cur != q {
            n += usize::from(self.at(cur));
            cur = (cur.0 + dr, cur.1 + dc);
        }
        n
    }
}

fn signed((r, c): Point) -> (i32, i32) {
    (r as i32, c as i32)
}

/// Spec 4.1: does `piece` attack `target` on `board`?
fn attacks(board: &Board, piece: Piece, target: Point) -> bool {
    let p = signed(piece.at);
    let q = signed(target);
    if p == q {
        return false;
    }
    let aligned = p.0 == q.0 || p.1 == q.1;
    match piece.kind {
        Kind::General => p.1 == q.1 && board.between(p, q) == 0,
        Kind::Chariot => aligned && board.between(p, q) == 0,
        Kind::Cannon => aligned && board.between(p, q) == 1,
        Kind::Horse => {
            let (dr, dc) = (q.0 - p.0, q.1 - p.1);
            let leg = match (dr.abs(), dc.abs()) {
                (2, 1) => (p.0 + dr / 2, p.1),
                (1, 2) => (p.0, p.1 + dc / 2),
                _ => return false,
            };
            !board.at(leg)
        }
    }
}

/// Spec 3.7: some red piece attacks the black general where it stands.
pub fn in_check(case: &Case) -> bool {
    let board = Board::new(case.red.iter().map(|p| p.at).chain([case.black]));
    case.red.iter().any(|&p| attacks(&board, p, case.black))
}

/// Spec 4.2 for one valid case.
pub fn checkmated(case: &Case, budget: &mut Budget) -> Result<bool, Fault> {
    let general = case
        .red
        .iter()
        .find(|p| p.kind == Kind::General)
        .expect("a valid case has a red general");
    let board = Board::new(case.red.iter().map(|p| p.at).chain([case.black]));
    if general.at.1 == case.black.1 && board.between(signed(general.at), signed(case.black)) == 0 {
        return Ok(false);
    }
    let (br, bc) = case.black;
    for to in [(br - 1, bc), (br + 1, bc), (br, bc - 1), (br, bc + 1)] {
        budget.step()?;
        if !in_black_palace(to) {
            continue;
        }
        let remaining: Vec<Piece> = case.red.iter().copied().filter(|p| p.at != to).collect();
        let after = Board::new(remaining.iter().map(|p| p.at).chain([to]));
        let mut attacked = false;
        for &p in &remaining {
            budget.step()?;
            attacked |= attacks(&after, p, to);
        }
        if !attacked {
            return Ok(false);
        }
    }
    Ok(true)
}
