//! The elements of a chutes file (each throw, and per game its players,
//! chutes, ladders and special squares) and the files one edit away: an
//! element taken out, moved a square, a throw or a count changed, a
//! special square of the other kind. What an explanation varies to tell
//! which throws and squares a failure is about.

use super::model::{Input, MAX_PLAYERS};
use crate::game::{Edit, Element, Variant};

/// Where an element is.
#[derive(Clone, Copy)]
enum Place {
    /// Line and index within it of a throw.
    Throw(usize, usize),
    Players(usize),
    Jump(usize, usize),
    Special(usize, usize),
}

fn jump_name((s, e): (u32, u32)) -> String {
    match s < e {
        true => format!("the ladder {s}->{e}"),
        false => format!("the chute {s}->{e}"),
    }
}

fn special_name(v: i64) -> String {
    match v < 0 {
        true => format!("the lose-a-turn square {}", -v),
        false => format!("the extra-throw square {v}"),
    }
}

/// Every element with its line of the canonical text, in text order.
fn places(input: &Input) -> Vec<(Place, Element)> {
    let mut out = Vec::new();
    let mut k = 0;
    for (l, line) in input.throw_lines.iter().enumerate() {
        for (i, d) in line.iter().enumerate() {
            k += 1;
            let label = format!("throw {k} (a {d})");
            out.push((Place::Throw(l, i), Element { label, line: l }));
        }
    }
    let mut line = input.throw_lines.len();
    for (g, b) in input.games.iter().enumerate() {
        let prefix = match input.games.len() {
            1 => String::new(),
            _ => format!("game {}: ", g + 1),
        };
        let label = format!("{prefix}the {} players", b.players);
        out.push((Place::Players(g), Element { label, line }));
        for (j, &jump) in b.jumps.iter().enumerate() {
            let label = format!("{prefix}{}", jump_name(jump));
            out.push((
                Place::Jump(g, j),
                Element {
                    label,
                    line: line + 1 + j,
                },
            ));
        }
        // The players, the jumps and their `0 0`.
        let first = line + 2 + b.jumps.len();
        for (j, &v) in b.specials.iter().enumerate() {
            let label = format!("{prefix}{}", special_name(v));
            out.push((
                Place::Special(g, j),
                Element {
                    label,
                    line: first + j,
                },
            ));
        }
        line = first + b.specials.len() + 1;
    }
    out
}

pub fn elements(input: &Input) -> Vec<Element> {
    places(input).into_iter().map(|(_, e)| e).collect()
}

/// Squares one step from `v` on the board (1 to 99).
fn around(v: u32) -> impl Iterator<Item = u32> {
    [v.wrapping_sub(1), v + 1]
        .into_iter()
        .filter(|s| (1..=99).contains(s))
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
            });
        };
        match place {
            Place::Throw(l, i) => {
                push(Edit::Removed, "is taken out".into(), &|v| {
                    v.throw_lines[l].remove(i);
                });
                let d = input.throw_lines[l][i];
                for e in (1..=6).filter(|&e| e != d) {
                    push(Edit::Changed, format!("is a {e}"), &|v| {
                        v.throw_lines[l][i] = e
                    });
                }
            }
            Place::Players(g) => {
                let p = input.games[g].players;
                for q in [p - 1, p + 1]
                    .into_iter()
                    .filter(|q| (2..=MAX_PLAYERS).contains(q))
                {
                    push(Edit::Counted, format!("are {q}"), &|v| {
                        v.games[g].players = q
                    });
                }
            }
            Place::Jump(g, j) => {
                push(Edit::Removed, "is taken out".into(), &|v| {
                    v.games[g].jumps.remove(j);
                });
                let (s, e) = input.games[g].jumps[j];
                for t in around(s) {
                    push(Edit::Moved, format!("starts at {t}"), &|v| {
                        v.games[g].jumps[j].0 = t
                    });
                }
                for t in around(e) {
                    push(Edit::Moved, format!("ends at {t}"), &|v| {
                        v.games[g].jumps[j].1 = t
                    });
                }
            }
            Place::Special(g, j) => {
                push(Edit::Removed, "is taken out".into(), &|v| {
                    v.games[g].specials.remove(j);
                });
                let x = input.games[g].specials[j];
                let sign = x.signum();
                for t in around(x.unsigned_abs() as u32) {
                    push(Edit::Moved, format!("is on square {t}"), &|v| {
                        v.games[g].specials[j] = sign * i64::from(t)
                    });
                }
                let other = match x < 0 {
                    true => "is an extra-throw square",
                    false => "is a lose-a-turn square",
                };
                push(Edit::Changed, other.into(), &|v| {
                    v.games[g].specials[j] = -x
                });
            }
        }
    }
    out
}
