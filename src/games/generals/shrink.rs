//! Structural shrink candidates: fewer cases, fewer rounds, smaller boards
//! and counts, and plain filler for the lines after the end of a game.

use super::engine::{play_case, Board};
use super::model::{Case, Dir, Input, Move, MAX_COUNT};
use crate::game::smaller_numbers;

/// Each candidate is a whole copy of the input, so fine-grained edits are
/// offered only once the input is small enough for many copies: a max
/// input first shrinks to single cases.
const FINE_MOVES: usize = 50_000;

/// The most moves all the candidates of one call hold together (a few
/// tens of megabytes): a file of many cases of two thousand rounds each
/// would otherwise make thousands of copies of itself at once, gigabytes,
/// where its cases alone, offered first, are what shrinking wants.
const COPIED_MOVES: usize = 2_000_000;

/// Structural candidates, most aggressive first.
pub fn candidates(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    let t = input.cases.len();
    let total: usize = input.cases.iter().map(|c| c.moves.len()).sum();
    if t > 1 {
        // Divergences are per case, so one case alone usually keeps them.
        for case in &input.cases {
            out.push(Input {
                cases: vec![case.clone()],
            });
        }
        out.push(Input {
            cases: input.cases[..t / 2].to_vec(),
        });
        out.push(Input {
            cases: input.cases[t / 2..].to_vec(),
        });
        if total > FINE_MOVES {
            return out;
        }
        for i in 0..t {
            let mut inp = input.clone();
            inp.cases.remove(i);
            out.push(inp);
        }
    }
    let copies = COPIED_MOVES / total.max(1);
    for (i, case) in input.cases.iter().enumerate() {
        for c in smaller_cases(case, copies) {
            if out.len() >= copies {
                return out;
            }
            let mut inp = input.clone();
            inp.cases[i] = c;
            out.push(inp);
        }
    }
    out
}

/// One respect at a time (rounds, board, counts, the lines after the end),
/// so that the shrinker keeps whichever edits preserve the divergence.
/// Single rounds are dropped only where `copies` (the copies of the
/// input the call may still make) leaves room for them all.
fn smaller_cases(case: &Case, copies: usize) -> Vec<Case> {
    let mut out = Vec::new();
    let executed = play_case(case, &mut (), |_, _, _| ())
        .map(|(_, e)| e)
        .unwrap_or(case.moves.len());
    let q = case.rounds();
    // Fewer rounds: down to the round in which the game ended, and fractions.
    let mut cuts = vec![
        1,
        executed.div_ceil(2),
        q / 4,
        q / 2,
        q * 3 / 4,
        q.saturating_sub(1),
    ];
    cuts.sort_unstable();
    cuts.dedup();
    for r in cuts.into_iter().filter(|&r| r >= 1 && r < q) {
        let mut c = case.clone();
        c.moves.truncate(2 * r);
        out.push(c.clone());
        // Each round cut is a castle bonus lost: a divergence that needs a
        // count past 2^31 (an overflow) keeps it only if the castle starts
        // with the bonuses it no longer gets.
        with_bonuses(&c, q - r, &mut out);
    }
    // One round dropped anywhere, alone and with its bonuses, where the
    // copies stay few.
    if q <= FINE_ROUNDS && 2 * q <= copies {
        for r in (0..q).rev() {
            let mut c = case.clone();
            c.moves.drain(2 * r..2 * r + 2);
            out.push(c.clone());
            with_bonuses(&c, 1, &mut out);
        }
    }
    out.extend(smaller_boards(case, executed));
    for who in 0..2 {
        let count = if who == 0 {
            case.alice.count
        } else {
            case.bob.count
        };
        for lower in smaller_numbers(count, 2) {
            let mut c = case.clone();
            if who == 0 {
                c.alice.count = lower;
            } else {
                c.bob.count = lower;
            }
            out.push(c);
        }
    }
    let f = filler(case.m);
    if case.moves[executed..].iter().any(|&mv| mv != f) {
        let mut c = case.clone();
        c.moves[executed..].fill(f);
        out.push(c);
    }
    out
}

/// The most rounds of a case whose rounds are dropped one at a time.
const FINE_ROUNDS: usize = 2_000;

/// `case` with the castle bonuses of `rounds` more rounds in its initial
/// counts (Alice's, Bob's, then both), where that changes them.
fn with_bonuses(case: &Case, rounds: usize, out: &mut Vec<Case>) {
    let raise = |k: &mut u64| *k = (*k + rounds as u64).min(MAX_COUNT);
    for who in [1, 2, 3] {
        let mut up = case.clone();
        if who & 1 != 0 {
            raise(&mut up.alice.count);
        }
        if who & 2 != 0 {
            raise(&mut up.bob.count);
        }
        if (up.alice.count, up.bob.count) != (case.alice.count, case.bob.count) {
            out.push(up);
        }
    }
}

/// The smallest in-board replacement for a line that is never executed
/// (boards have at least two cells).
fn filler(m: u32) -> Move {
    let d = if m >= 2 { Dir::R } else { Dir::D };
    Move { x: 1, y: 1, d }
}

/// The board cropped to what the game uses, then boards with one row or
/// column removed where no castle stands.
fn smaller_boards(case: &Case, executed: usize) -> Vec<Case> {
    let mut out = Vec::new();
    let board = Board::new(case);
    let (mut rows, mut cols) = (
        (case.alice.x.min(case.bob.x), case.alice.x.max(case.bob.x)),
        (case.alice.y.min(case.bob.y), case.alice.y.max(case.bob.y)),
    );
    for mv in &case.moves[..executed] {
        let Some((s, t)) = board.locate(mv) else {
            continue;
        };
        for cell in [s, t] {
            let (x, y) = board.coords(cell);
            rows = (rows.0.min(x), rows.1.max(x));
            cols = (cols.0.min(y), cols.1.max(y));
        }
    }
    if (rows.1 - rows.0 + 1, cols.1 - cols.0 + 1) != (case.n, case.m) {
        out.push(reshape(
            case,
            &(rows.0..=rows.1).collect::<Vec<_>>(),
            &(cols.0..=cols.1).collect::<Vec<_>>(),
        ));
    }
    let pick = |len: u32| -> Vec<u32> {
        if len <= 12 {
            (1..=len).rev().collect()
        } else {
            vec![len, 1, len / 2]
        }
    };
    let all = |len: u32| (1..=len).collect::<Vec<_>>();
    let without = |len: u32, gone: u32| (1..=len).filter(|&v| v != gone).collect::<Vec<_>>();
    for row in pick(case.n) {
        if case.n > 1 && case.alice.x != row && case.bob.x != row {
            out.push(reshape(case, &without(case.n, row), &all(case.m)));
        }
    }
    for col in pick(case.m) {
        if case.m > 1 && case.alice.y != col && case.bob.y != col {
            out.push(reshape(case, &all(case.n), &without(case.m, col)));
        }
    }
    out
}

/// The case on the sub-board of the listed (sorted, castle-containing)
/// rows and columns. Moves on removed lines move to the nearest kept one,
/// and a direction leaving the new board is replaced: only lines after the
/// end can stay valid that way, and the validator judges the rest.
fn reshape(case: &Case, rows: &[u32], cols: &[u32]) -> Case {
    let map =
        |kept: &[u32], v: u32| (kept.partition_point(|&k| k < v).min(kept.len() - 1) + 1) as u32;
    let mut c = case.clone();
    c.n = rows.len() as u32;
    c.m = cols.len() as u32;
    for k in [&mut c.alice, &mut c.bob] {
        k.x = map(rows, k.x);
        k.y = map(cols, k.y);
    }
    let board = Board::new(&c);
    for mv in &mut c.moves {
        mv.x = map(rows, mv.x);
        mv.y = map(cols, mv.y);
        if board.locate(mv).is_none() {
            let cell = board.cell(mv.x, mv.y).expect("mapped onto the board");
            if let Some(&d) = Dir::ALL
                .iter()
                .find(|&&d| board.neighbour(cell, d).is_some())
            {
                mv.d = d;
            }
        }
    }
    c
}
