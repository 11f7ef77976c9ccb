//! An independent oracle: plays out every black move and every red reply
//! with the full movement rules of the pieces, instead of the engine's
//! attack test. The two agree only if the attack rule really is "red can
//! capture there next move".

use super::model::{Case, Input, Kind, Output};
use crate::fault::{Budget, Fault};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Square {
    Empty,
    BlackGeneral,
    Red(Kind),
}

/// Indexed `[row - 1][col - 1]`.
type Grid = [[Square; 9]; 10];

const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

fn get(grid: &Grid, r: i32, c: i32) -> Option<Square> {
    if (1..=10).contains(&r) && (1..=9).contains(&c) {
        Some(grid[(r - 1) as usize][(c - 1) as usize])
    } else {
        None
    }
}

fn set(grid: &mut Grid, r: i32, c: i32, s: Square) {
    grid[(r - 1) as usize][(c - 1) as usize] = s;
}

/// Destination squares of the red piece on (r, c), each either empty or
/// holding the black general (red never captures red).
fn red_moves(grid: &Grid, r: i32, c: i32, kind: Kind) -> Vec<(i32, i32)> {
    match kind {
        Kind::General => general_moves(grid, r, c),
        Kind::Chariot => chariot_moves(grid, r, c),
        Kind::Cannon => cannon_moves(grid, r, c),
        Kind::Horse => horse_moves(grid, r, c),
    }
}

fn enemy_or_empty(s: Square) -> bool {
    matches!(s, Square::Empty | Square::BlackGeneral)
}

fn general_moves(grid: &Grid, r: i32, c: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (dr, dc) in ORTHOGONAL {
        let (tr, tc) = (r + dr, c + dc);
        let in_palace = (8..=10).contains(&tr) && (4..=6).contains(&tc);
        if in_palace && get(grid, tr, tc).is_some_and(enemy_or_empty) {
            out.push((tr, tc));
        }
    }
    // Flying general: the first piece up the file.
    let mut tr = r - 1;
    while let Some(s) = get(grid, tr, c) {
        if s != Square::Empty {
            if s == Square::BlackGeneral {
                out.push((tr, c));
            }
            break;
        }
        tr -= 1;
    }
    out
}

fn chariot_moves(grid: &Grid, r: i32, c: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (dr, dc) in ORTHOGONAL {
        let (mut tr, mut tc) = (r + dr, c + dc);
        while let Some(s) = get(grid, tr, tc) {
            if s == Square::Empty {
                out.push((tr, tc));
            } else {
                if s == Square::BlackGeneral {
                    out.push((tr, tc));
                }
                break;
            }
            tr += dr;
            tc += dc;
        }
    }
    out
}

fn cannon_moves(grid: &Grid, r: i32, c: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (dr, dc) in ORTHOGONAL {
        let (mut tr, mut tc) = (r + dr, c + dc);
        let mut jumped = false;
        while let Some(s) = get(grid, tr, tc) {
            if !jumped {
                if s == Square::Empty {
                    out.push((tr, tc));
                } else {
                    jumped = true;
                }
            } else if s != Square::Empty {
                if s == Square::BlackGeneral {
                    out.push((tr, tc));
                }
                break;
            }
            tr += dr;
            tc += dc;
        }
    }
    out
}

fn horse_moves(grid: &Grid, r: i32, c: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (dr, dc) in ORTHOGONAL {
        let leg = (r + dr, c + dc);
        if get(grid, leg.0, leg.1) != Some(Square::Empty) {
            continue;
        }
        // Two steps along the leg's direction, one sideways.
        let sides = if dr == 0 {
            [(-1, 0), (1, 0)]
        } else {
            [(0, -1), (0, 1)]
        };
        for (sr, sc) in sides {
            let (tr, tc) = (leg.0 + dr + sr, leg.1 + dc + sc);
            if get(grid, tr, tc).is_some_and(enemy_or_empty) {
                out.push((tr, tc));
            }
        }
    }
    out
}

/// Whether some red move lands on the black general.
fn red_can_capture(grid: &Grid, budget: &mut Budget) -> Result<bool, Fault> {
    for r in 1..=10 {
        for c in 1..=9 {
            if let Some(Square::Red(kind)) = get(grid, r, c) {
                budget.step()?;
                let moves = red_moves(grid, r, c, kind);
                if moves
                    .iter()
                    .any(|&(tr, tc)| get(grid, tr, tc) == Some(Square::BlackGeneral))
                {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

pub fn solve(input: &Input, budget: &mut Budget) -> Result<Output, Fault> {
    input.cases.iter().map(|c| checkmated(c, budget)).collect()
}

fn checkmated(case: &Case, budget: &mut Budget) -> Result<bool, Fault> {
    let mut grid: Grid = [[Square::Empty; 9]; 10];
    for p in &case.red {
        set(&mut grid, p.at.0 as i32, p.at.1 as i32, Square::Red(p.kind));
    }
    let (br, bc) = (case.black.0 as i32, case.black.1 as i32);
    set(&mut grid, br, bc, Square::BlackGeneral);

    // Black's moves: one step in the palace, or the flying capture down the file.
    let mut moves = Vec::new();
    for (dr, dc) in ORTHOGONAL {
        let (tr, tc) = (br + dr, bc + dc);
        let in_palace = (1..=3).contains(&tr) && (4..=6).contains(&tc);
        if in_palace && matches!(get(&grid, tr, tc), Some(Square::Empty | Square::Red(_))) {
            moves.push((tr, tc));
        }
    }
    let mut tr = br + 1;
    while let Some(s) = get(&grid, tr, bc) {
        if s != Square::Empty {
            if s == Square::Red(Kind::General) {
                moves.push((tr, bc));
            }
            break;
        }
        tr += 1;
    }

    for (tr, tc) in moves {
        budget.step()?;
        if get(&grid, tr, tc) == Some(Square::Red(Kind::General)) {
            return Ok(false);
        }
        let mut after = grid;
        set(&mut after, br, bc, Square::Empty);
        set(&mut after, tr, tc, Square::BlackGeneral);
        if !red_can_capture(&after, budget)? {
            return Ok(false);
        }
    }
    Ok(true)
}
