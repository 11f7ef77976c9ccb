//! Structural shrink candidates, most aggressive first: chunks of cases,
//! then single piles, then lower counts (down to the type boundaries a
//! program reading counts into 32 bits goes wrong at). Each keeps a case, a pile kind in
//! every case and every count at least 1.

use super::model::Input;
use crate::game::smaller_numbers;

/// Each candidate is a whole copy of the input: files of a thousand cases
/// first lose chunks of cases, and single piles are edited only in files
/// of at most this many cases.
const FINE_CASES: usize = 64;

pub fn candidates(input: &Input) -> Vec<Input> {
    let mut out = drop_cases(input);
    if input.cases.len() > FINE_CASES {
        return out;
    }
    drop_piles(input, &mut out);
    lower_counts(input, &mut out);
    out
}

/// Chunks of n/2, n/4, ..., 1 cases removed, while copies stay few.
fn drop_cases(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    let n = input.cases.len();
    let mut k = n / 2;
    while k >= 1 && out.len() < 2 * FINE_CASES {
        for start in (0..n).step_by(k) {
            let mut cases = input.cases[..start].to_vec();
            cases.extend_from_slice(&input.cases[(start + k).min(n)..]);
            out.push(Input { cases });
        }
        k /= 2;
    }
    out
}

/// One pile kind removed from a case that keeps at least one.
fn drop_piles(input: &Input, out: &mut Vec<Input>) {
    for (i, case) in input.cases.iter().enumerate() {
        if case.len() > 1 {
            for j in 0..case.len() {
                let mut inp = input.clone();
                inp.cases[i].remove(j);
                out.push(inp);
            }
        }
    }
}

/// A count lowered toward 1: to 1, to the type boundaries below it, then
/// by bisection ([`smaller_numbers`]).
fn lower_counts(input: &Input, out: &mut Vec<Input>) {
    for (i, case) in input.cases.iter().enumerate() {
        for (j, &(_, count)) in case.iter().enumerate() {
            for c in smaller_numbers(count, 1) {
                let mut inp = input.clone();
                inp.cases[i][j].1 = c;
                out.push(inp);
            }
        }
    }
}
