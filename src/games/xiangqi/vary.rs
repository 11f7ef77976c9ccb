//! The elements of a position (the black general and each red piece) and
//! the inputs one edit away: a piece taken off, moved one point, or made
//! another kind. What an explanation varies to tell which pieces a failure
//! is about.

use super::engine::thing;
use super::model::{Input, Kind, Point};
use crate::game::{Edit, Element, Variant};

fn name(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "red general",
        Kind::Chariot => "chariot",
        Kind::Horse => "horse",
        Kind::Cannon => "cannon",
    }
}

fn at((r, c): Point) -> String {
    format!("({r},{c})")
}

/// `case N: ` before a label where the file holds several cases.
fn case_prefix(input: &Input, case: usize) -> String {
    match input.cases.len() {
        1 => String::new(),
        _ => format!("case {}: ", case + 1),
    }
}

/// Every element with where it is: `(case, None)` for the black general,
/// `(case, Some(piece))` for a red piece; in text order.
fn places(input: &Input) -> Vec<(usize, Option<usize>)> {
    let mut out = Vec::new();
    for (i, case) in input.cases.iter().enumerate() {
        out.push((i, None));
        out.extend((0..case.red.len()).map(|j| (i, Some(j))));
    }
    out
}

pub fn elements(input: &Input) -> Vec<Element> {
    let mut line = 0;
    let mut out = Vec::new();
    for (i, case) in input.cases.iter().enumerate() {
        let prefix = case_prefix(input, i);
        out.push(Element {
            label: format!("{prefix}the black general at {}", at(case.black)),
            line,
            thing: Some((Some(i), thing::BLACK)),
        });
        for (j, p) in case.red.iter().enumerate() {
            out.push(Element {
                label: format!("{prefix}the {} at {}", name(p.kind), at(p.at)),
                line: line + 1 + j,
                thing: Some((Some(i), thing::piece((p.at.0 as i32, p.at.1 as i32)))),
            });
        }
        // The header, the pieces and the blank line after them.
        line += case.red.len() + 2;
    }
    out
}

/// The four points one step from `p` (on the board or not: the validator
/// judges).
fn steps((r, c): Point) -> Vec<Point> {
    let mut out = Vec::new();
    for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
        let (nr, nc) = (r as i64 + dr, c as i64 + dc);
        if nr >= 1 && nc >= 1 {
            out.push((nr as u32, nc as u32));
        }
    }
    out
}

pub fn variants(input: &Input) -> Vec<Variant<Input>> {
    let mut out = Vec::new();
    for (element, (case, piece)) in places(input).into_iter().enumerate() {
        let mut push = |edit, change: String, f: &dyn Fn(&mut Input)| {
            let mut v = input.clone();
            f(&mut v);
            out.push(Variant {
                element,
                edit,
                change,
                input: v,
                added: 0,
            });
        };
        match piece {
            None => {
                for to in steps(input.cases[case].black) {
                    push(Edit::Moved, format!("moves to {}", at(to)), &|v| {
                        v.cases[case].black = to
                    });
                }
            }
            Some(j) => {
                let p = input.cases[case].red[j];
                if p.kind != Kind::General {
                    push(Edit::Removed, "is taken off".into(), &|v| {
                        v.cases[case].red.remove(j);
                    });
                }
                for to in steps(p.at) {
                    push(Edit::Moved, format!("moves to {}", at(to)), &|v| {
                        v.cases[case].red[j].at = to
                    });
                }
                let others = [Kind::Chariot, Kind::Horse, Kind::Cannon];
                for kind in others.into_iter().filter(|&k| k != p.kind) {
                    if p.kind == Kind::General {
                        break;
                    }
                    push(Edit::Changed, format!("is a {}", name(kind)), &|v| {
                        v.cases[case].red[j].kind = kind
                    });
                }
            }
        }
    }
    out
}
