//! The elements of a stones file (each line `kind count`: so many piles
//! of one kind) and the files one edit away: a line taken out, its count by
//! one or across a type boundary, its kind another. What an explanation
//! varies to tell which piles a failure is about.

use super::model::{Input, Kind, MAX_COUNT};
use crate::game::{nearby_numbers, Edit, Element, Variant};

/// `(case, line)` of every pile line, in text order.
fn places(input: &Input) -> Vec<(usize, usize)> {
    (input.cases.iter().enumerate())
        .flat_map(|(i, case)| (0..case.len()).map(move |j| (i, j)))
        .collect()
}

pub fn elements(input: &Input) -> Vec<Element> {
    let mut out = Vec::new();
    let mut line = 0;
    for (i, case) in input.cases.iter().enumerate() {
        let prefix = match input.cases.len() {
            1 => String::new(),
            _ => format!("case {}: ", i + 1),
        };
        for (j, (kind, count)) in case.iter().enumerate() {
            out.push(Element {
                label: format!("{prefix}the pile line {} {count}", kind.token()),
                line: line + 1 + j,
                thing: None,
            });
        }
        line += 1 + case.len();
    }
    out
}

pub fn variants(input: &Input) -> Vec<Variant<Input>> {
    let mut out = Vec::new();
    for (element, (i, j)) in places(input).into_iter().enumerate() {
        let (kind, count) = input.cases[i][j];
        let mut push = |edit, change: String, line: Option<(Kind, u64)>| {
            let mut v = input.clone();
            match line {
                Some(l) => v.cases[i][j] = l,
                None => {
                    v.cases[i].remove(j);
                }
            }
            out.push(Variant {
                element,
                edit,
                change,
                input: v,
                added: 0,
            });
        };
        push(Edit::Removed, "is taken out".into(), None);
        for c in nearby_numbers(count, 1, MAX_COUNT) {
            push(
                Edit::Counted,
                format!("is {} {c}", kind.token()),
                Some((kind, c)),
            );
        }
        for k in Kind::ALL.into_iter().filter(|&k| k != kind) {
            push(
                Edit::Changed,
                format!("is {} {count}", k.token()),
                Some((k, count)),
            );
        }
    }
    out
}
