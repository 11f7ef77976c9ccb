//! The validator: the checklist rules the parser leaves open (rule 3, the
//! pile kinds, is the parser's), reported in the order of the file, so
//! the first violation found is the first one a reader meets.

use super::model::{Input, MAX_CASES, MAX_COUNT, MAX_KINDS};
use crate::game::Invalid;

pub fn validate(input: &Input) -> Result<(), Invalid> {
    let mut line = 1;
    for (i, case) in input.cases.iter().enumerate() {
        let c = i + 1;
        if !(1..=MAX_KINDS).contains(&case.len()) {
            return Err(Invalid::new(
                "2",
                format!(
                    "case {c} (line {line}): N = {} is not in 1..={MAX_KINDS}",
                    case.len()
                ),
            ));
        }
        for (j, &(kind, count)) in case.iter().enumerate() {
            let l = line + 1 + j;
            if case[..j].iter().any(|&(k, _)| k == kind) {
                return Err(Invalid::new(
                    "4",
                    format!(
                        "case {c} (line {l}): pile kind {} is listed twice",
                        kind.token()
                    ),
                ));
            }
            if !(1..=MAX_COUNT).contains(&count) {
                return Err(Invalid::new(
                    "5",
                    format!("case {c} (line {l}): count {count} is not in 1..={MAX_COUNT}"),
                ));
            }
        }
        line += 1 + case.len();
    }
    let n = input.cases.len();
    if !(1..=MAX_CASES).contains(&n) {
        return Err(Invalid::new(
            "6",
            format!("{n} cases, but there must be 1..={MAX_CASES}"),
        ));
    }
    Ok(())
}
