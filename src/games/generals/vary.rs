//! The elements of a generals file (per case the board, the two castles
//! and every move line) and the files one edit away: the board a row or a
//! column more or less, a castle moved a cell or its soldiers counted
//! otherwise, a move from a neighbouring cell or in another direction, a
//! round taken out. What an explanation varies to tell which cells and
//! moves a failure is about.

use super::model::{Dir, Input, MAX_COUNT};
use crate::game::{nearby_numbers, Edit, Element, Variant};

#[derive(Clone, Copy)]
enum Place {
    Board(usize),
    Castle(usize, bool),
    Move(usize, usize),
}

fn places(input: &Input) -> Vec<(Place, Element)> {
    let mut out = Vec::new();
    // The line `T` first.
    let mut line = 1;
    for (i, c) in input.cases.iter().enumerate() {
        let prefix = match input.cases.len() {
            1 => String::new(),
            _ => format!("case {}: ", i + 1),
        };
        let label = format!("{prefix}the board of {}x{}", c.n, c.m);
        out.push((
            Place::Board(i),
            Element {
                label,
                line,
                thing: None,
            },
        ));
        for (k, (who, castle)) in [("Alice", c.alice), ("Bob", c.bob)].into_iter().enumerate() {
            let label = format!(
                "{prefix}{who}'s castle at ({},{}) with {} soldiers",
                castle.x, castle.y, castle.count
            );
            let place = Place::Castle(i, k == 0);
            out.push((
                place,
                Element {
                    label,
                    line: line + 1 + k,
                    thing: None,
                },
            ));
        }
        // The board, the castles and Q.
        let first = line + 4;
        for (j, mv) in c.moves.iter().enumerate() {
            let who = if j % 2 == 0 { "Alice" } else { "Bob" };
            let label = format!(
                "{prefix}round {}: {who}'s move {} {} {}",
                j / 2 + 1,
                mv.x,
                mv.y,
                mv.d.letter()
            );
            out.push((
                Place::Move(i, j),
                Element {
                    label,
                    line: first + j,
                    thing: None,
                },
            ));
        }
        line = first + c.moves.len();
    }
    out
}

pub fn elements(input: &Input) -> Vec<Element> {
    places(input).into_iter().map(|(_, e)| e).collect()
}

/// Coordinates one step from `v` (at least 1; the validator judges the
/// other bound).
fn around(v: u32) -> impl Iterator<Item = u32> {
    [v.wrapping_sub(1), v + 1]
        .into_iter()
        .filter(|&s| s >= 1 && s != u32::MAX)
}

pub fn variants(input: &Input) -> Vec<Variant<Input>> {
    let mut out = Vec::new();
    for (element, (place, _)) in places(input).into_iter().enumerate() {
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
        match place {
            Place::Board(i) => {
                let c = &input.cases[i];
                for n in around(c.n) {
                    push(Edit::Counted, format!("has {n} rows"), &|v| {
                        v.cases[i].n = n
                    });
                }
                for m in around(c.m) {
                    push(Edit::Counted, format!("has {m} columns"), &|v| {
                        v.cases[i].m = m
                    });
                }
            }
            Place::Castle(i, alice) => {
                let c = &input.cases[i];
                let k = if alice { c.alice } else { c.bob };
                for x in around(k.x) {
                    push(Edit::Moved, format!("moves to ({x},{})", k.y), &|v| {
                        castle(v, i, alice).x = x
                    });
                }
                for y in around(k.y) {
                    push(Edit::Moved, format!("moves to ({},{y})", k.x), &|v| {
                        castle(v, i, alice).y = y
                    });
                }
                for n in nearby_numbers(k.count, 1, MAX_COUNT) {
                    push(Edit::Counted, format!("has {n} soldiers"), &|v| {
                        castle(v, i, alice).count = n
                    });
                }
            }
            Place::Move(i, j) => {
                let mv = input.cases[i].moves[j];
                push(Edit::Removed, "is taken out with its round".into(), &|v| {
                    let round = j / 2 * 2;
                    v.cases[i].moves.drain(round..round + 2);
                });
                for x in around(mv.x) {
                    push(Edit::Moved, format!("starts at ({x},{})", mv.y), &|v| {
                        v.cases[i].moves[j].x = x
                    });
                }
                for y in around(mv.y) {
                    push(Edit::Moved, format!("starts at ({},{y})", mv.x), &|v| {
                        v.cases[i].moves[j].y = y
                    });
                }
                for d in Dir::ALL.into_iter().filter(|&d| d != mv.d) {
                    push(Edit::Changed, format!("goes {}", d.letter()), &|v| {
                        v.cases[i].moves[j].d = d
                    });
                }
            }
        }
    }
    out
}

fn castle(v: &mut Input, case: usize, alice: bool) -> &mut super::model::Castle {
    let c = &mut v.cases[case];
    if alice {
        &mut c.alice
    } else {
        &mut c.bob
    }
}
