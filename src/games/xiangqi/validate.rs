//! The checklist of spec sections 2 and 3. Each case is checked rule by rule
//! in checklist order, so a file breaking several rules is reported under
//! the first, the same one every time.

use super::engine;
use super::model::{
    in_black_palace, in_red_palace, on_board, Case, Input, Kind, MAX_CASES, MAX_PIECES,
};
use crate::game::Invalid;

pub fn validate(input: &Input) -> Result<(), Invalid> {
    let n = input.cases.len();
    if !(1..=MAX_CASES).contains(&n) {
        return Err(Invalid::new(
            "2",
            format!("{n} cases, expected 1 to {MAX_CASES}"),
        ));
    }
    for (i, case) in input.cases.iter().enumerate() {
        validate_case(i + 1, case)?;
    }
    Ok(())
}

/// The checklist of spec section 3 for case `k` (numbered from 1 in
/// messages); the generators filter their drafts with it too.
pub fn validate_case(k: usize, case: &Case) -> Result<(), Invalid> {
    piece_count(k, case)?;
    black_palace(k, case)?;
    red_general(k, case)?;
    kind_counts(k, case)?;
    on_the_board(k, case)?;
    distinct_points(k, case)?;
    in_check(k, case)
}

/// Rule 3.1.
fn piece_count(k: usize, case: &Case) -> Result<(), Invalid> {
    let n = case.red.len();
    if !(2..=MAX_PIECES).contains(&n) {
        return Err(Invalid::new(
            "3.1",
            format!("case {k}: N = {n} red pieces, expected 2 to {MAX_PIECES}"),
        ));
    }
    Ok(())
}

/// Rule 3.2.
fn black_palace(k: usize, case: &Case) -> Result<(), Invalid> {
    let (br, bc) = case.black;
    if !in_black_palace(case.black) {
        return Err(Invalid::new(
            "3.2",
            format!("case {k}: the black general at ({br},{bc}) is outside the black palace (rows 1-3, columns 4-6)"),
        ));
    }
    Ok(())
}

/// Rule 3.3: exactly one red general, inside the red palace.
fn red_general(k: usize, case: &Case) -> Result<(), Invalid> {
    let generals: Vec<_> = case
        .red
        .iter()
        .filter(|p| p.kind == Kind::General)
        .collect();
    if generals.len() != 1 {
        return Err(Invalid::new(
            "3.3",
            format!(
                "case {k}: {} red generals, expected exactly one",
                generals.len()
            ),
        ));
    }
    let g = generals[0].at;
    if !in_red_palace(g) {
        return Err(Invalid::new(
            "3.3",
            format!("case {k}: the red general at ({},{}) is outside the red palace (rows 8-10, columns 4-6)", g.0, g.1),
        ));
    }
    Ok(())
}

/// Rule 3.4: at most two chariots, two horses and two cannons.
fn kind_counts(k: usize, case: &Case) -> Result<(), Invalid> {
    for kind in [Kind::Chariot, Kind::Horse, Kind::Cannon] {
        let count = case.red.iter().filter(|p| p.kind == kind).count();
        if count > 2 {
            return Err(Invalid::new(
                "3.4",
                format!(
                    "case {k}: {count} pieces of type {}, at most 2 allowed",
                    kind.letter()
                ),
            ));
        }
    }
    Ok(())
}

/// Rule 3.5.
fn on_the_board(k: usize, case: &Case) -> Result<(), Invalid> {
    for (i, p) in case.red.iter().enumerate() {
        if !on_board(p.at) {
            return Err(Invalid::new(
                "3.5",
                format!(
                    "case {k}: red piece {} ({} at ({},{})) is off the board",
                    i + 1,
                    p.kind.letter(),
                    p.at.0,
                    p.at.1
                ),
            ));
        }
    }
    Ok(())
}

/// Rule 3.6: no two pieces, black general included, on one point.
fn distinct_points(k: usize, case: &Case) -> Result<(), Invalid> {
    let (br, bc) = case.black;
    for (i, p) in case.red.iter().enumerate() {
        if p.at == case.black {
            return Err(Invalid::new(
                "3.6",
                format!(
                    "case {k}: red piece {} ({}) stands on the black general's point ({br},{bc})",
                    i + 1,
                    p.kind.letter()
                ),
            ));
        }
        if let Some(j) = case.red[..i].iter().position(|q| q.at == p.at) {
            return Err(Invalid::new(
                "3.6",
                format!(
                    "case {k}: red pieces {} and {} share the point ({},{})",
                    j + 1,
                    i + 1,
                    p.at.0,
                    p.at.1
                ),
            ));
        }
    }
    Ok(())
}

/// Rule 3.7, asked of the engine's own attack test so that validator and
/// engine cannot disagree on what an attack is.
fn in_check(k: usize, case: &Case) -> Result<(), Invalid> {
    if !engine::in_check(case) {
        let (br, bc) = case.black;
        return Err(Invalid::new(
            "3.7",
            format!("case {k}: no red piece attacks the black general at ({br},{bc})"),
        ));
    }
    Ok(())
}
