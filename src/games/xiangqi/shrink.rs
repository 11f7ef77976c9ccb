//! Structural shrink candidates, from the most aggressive (a single case)
//! to the least (one step of one piece), so the shrinker takes big bites
//! first. Candidates need not be valid: the shrinker filters them.

use std::cmp::Ordering;

use super::model::{in_black_palace, Case, Input, Kind, Output, Point};

pub fn candidates(input: &Input) -> Vec<Input> {
    let cases = &input.cases;
    let mut out = fewer_cases(cases);
    let mut with_case = |i: usize, case: Case| {
        let mut v = cases.clone();
        v[i] = case;
        out.push(Input { cases: v });
    };
    for (i, case) in cases.iter().enumerate() {
        for c in fewer_pieces(case) {
            with_case(i, c);
        }
    }
    for (i, case) in cases.iter().enumerate() {
        let simpler = pieces_stepped(case)
            .into_iter()
            .chain(black_stepped(case))
            .chain(earlier_kinds(case));
        for c in simpler {
            with_case(i, c);
        }
    }
    out
}

/// Each case alone, then the file without each case.
fn fewer_cases(cases: &[Case]) -> Vec<Input> {
    let mut out = Vec::new();
    if cases.len() > 1 {
        for c in cases {
            out.push(Input {
                cases: vec![c.clone()],
            });
        }
        for i in 0..cases.len() {
            let mut v = cases.to_vec();
            v.remove(i);
            out.push(Input { cases: v });
        }
    }
    out
}

/// The case without each piece but the red general, then without each
/// pair of them (a mate often needs a piece only because of another).
fn fewer_pieces(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    let others: Vec<usize> = (0..case.red.len())
        .filter(|&j| case.red[j].kind != Kind::General)
        .collect();
    for &j in &others {
        let mut c = case.clone();
        c.red.remove(j);
        out.push(c);
    }
    for (a, &i) in others.iter().enumerate() {
        for &j in &others[a + 1..] {
            let mut c = case.clone();
            c.red.remove(j);
            c.red.remove(i);
            out.push(c);
        }
    }
    out
}

/// Each piece one step closer to the black general along a row or a
/// column, which brings coordinates and distances down together.
fn pieces_stepped(case: &Case) -> Vec<Case> {
    let step = |a: u32, b: u32| match a.cmp(&b) {
        Ordering::Less => a + 1,
        Ordering::Greater => a - 1,
        Ordering::Equal => a,
    };
    let mut out = Vec::new();
    let (br, bc) = case.black;
    for j in 0..case.red.len() {
        let (r, c) = case.red[j].at;
        for to in [(step(r, br), c), (r, step(c, bc))] {
            if to != (r, c) {
                let mut cc = case.clone();
                cc.red[j].at = to;
                out.push(cc);
            }
        }
    }
    out
}

/// The black general one step within its palace.
fn black_stepped(case: &Case) -> Vec<Case> {
    let (br, bc) = case.black;
    let to: [Point; 4] = [
        (br.wrapping_sub(1), bc),
        (br + 1, bc),
        (br, bc.wrapping_sub(1)),
        (br, bc + 1),
    ];
    to.into_iter()
        .filter(|&p| in_black_palace(p))
        .map(|p| Case {
            black: p,
            ..case.clone()
        })
        .collect()
}

/// Each piece but the general made a piece of each kind whose letter comes
/// first (C < H < R): the same length, smaller in the shrinker's order.
fn earlier_kinds(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for j in 0..case.red.len() {
        for kind in [Kind::Cannon, Kind::Horse] {
            let k = case.red[j].kind;
            if k != Kind::General && kind.letter() < k.letter() {
                let mut cc = case.clone();
                cc.red[j].kind = kind;
                out.push(cc);
            }
        }
    }
    out
}

/// `Game::could_differ`: `X/Y` needs a case that the first solver answers
/// `X` (the first case where the answers differ); `case count` can always
/// show.
pub fn could_differ(a: &Output, detail: &str) -> bool {
    let answer = |mate: bool| if mate { "YES" } else { "NO" };
    match detail.split_once('/') {
        Some((x, _)) => a.iter().any(|&mate| answer(mate) == x),
        None => true,
    }
}
