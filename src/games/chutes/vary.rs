//! The elements of a chutes file (each throw, and per game its players,
//! chutes, ladders and special squares) and the files one edit away: an
//! element taken out, moved a square, a throw or a count changed, a
//! special square of the other kind. What an explanation varies to tell
//! which throws and squares a failure is about.

use super::engine::{play, thing};
use super::model::{dense_layout, Input, MAX_LINE, MAX_PLAYERS, MAX_THROWS};
use crate::fault::Budget;
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
            let thing = Some((None, thing::throw(k - 1)));
            let e = Element {
                label,
                line: l,
                thing,
            };
            out.push((Place::Throw(l, i), e));
        }
    }
    let mut line = input.throw_lines.len();
    for (g, b) in input.games.iter().enumerate() {
        let prefix = match input.games.len() {
            1 => String::new(),
            _ => format!("game {}: ", g + 1),
        };
        let label = format!("{prefix}the number of players ({})", b.players);
        let thing = Some((Some(g), thing::PLAYERS));
        out.push((Place::Players(g), Element { label, line, thing }));
        for (j, &jump) in b.jumps.iter().enumerate() {
            let label = format!("{prefix}{}", jump_name(jump));
            out.push((
                Place::Jump(g, j),
                Element {
                    label,
                    line: line + 1 + j,
                    thing: Some((Some(g), thing::jump(jump.0))),
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
                    thing: Some((Some(g), thing::special(v.unsigned_abs() as u32))),
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

/// Values to go on with where an edit leaves a game without a winner on
/// the list: the list itself again, then throws that every player can
/// finish on from anywhere.
const TAILS: [&[u32]; 3] = [&[], &[1], &[1, 2, 3, 4, 5, 6]];

/// `input` with throws added at the end of its list where a game would
/// otherwise end after its last throw but one (a shrunk file's list is
/// about as short as its slowest game, so most edits of a throw, a player
/// count or a square would otherwise leave no valid file to try): the
/// fewest that end every game, from the first of [`TAILS`] that does, with
/// how many were added. `None` where every game already ends, or where no
/// tail ends them all within the 999 throws a file may hold.
fn lengthened(input: &Input) -> Option<(Input, usize)> {
    let throws = input.throws();
    let ends = |list: &[u32]| -> Option<usize> {
        let cut = &list[..list.len().saturating_sub(1)];
        (input.games.iter())
            .map(|g| {
                play(cut, g, &mut Budget::default())
                    .ok()
                    .flatten()
                    .map(|f| f.used)
            })
            .try_fold(0, |most, used| Some(most.max(used?)))
    };
    if throws.is_empty() || ends(&throws).is_some() {
        return None;
    }
    TAILS.iter().find_map(|tail| {
        let tail: &[u32] = if tail.is_empty() { &throws } else { tail };
        let mut list = throws.clone();
        list.extend(tail.iter().cycle().take(MAX_THROWS - throws.len()));
        let k = (ends(&list)? + 1).max(throws.len() + 1);
        let mut lines = input.throw_lines.clone();
        if lines.last().is_some_and(Vec::is_empty) {
            lines.pop();
        }
        lines.extend(dense_layout(&list[throws.len()..k], MAX_LINE_VALUES));
        let longer = Input {
            throw_lines: lines,
            games: input.games.clone(),
        };
        Some((longer, k - throws.len()))
    })
}

/// One-digit values on a line with the terminating ` 0` after them, within
/// its 80 characters: n values and ` 0` take 2n + 1.
const MAX_LINE_VALUES: usize = (MAX_LINE - 1) / 2;

pub fn variants(input: &Input) -> Vec<Variant<Input>> {
    let mut out = Vec::new();
    for (element, (place, _)) in places(input).into_iter().enumerate() {
        let mut push = |edit, mut change: String, f: &dyn Fn(&mut Input)| {
            let mut v = input.clone();
            f(&mut v);
            let mut added = 0;
            if let Some((longer, n)) = lengthened(&v) {
                (v, added) = (longer, n);
                change = format!("{change} (and {n} throws at the end, so that every game ends)");
            }
            out.push(Variant {
                element,
                edit,
                change,
                input: v,
                added,
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
                    push(Edit::Counted, format!("is {q}"), &|v| {
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

#[cfg(test)]
mod tests {
    use super::super::model::Board;
    use super::super::validate::validate;
    use super::*;

    #[test]
    fn an_edit_that_leaves_a_game_open_gets_throws_at_the_end() {
        // Player 1 wins with its second throw: a 6 onto the ladder to 99,
        // then a 1.
        let input = Input {
            throw_lines: vec![vec![6, 2, 1, 3]],
            games: vec![Board {
                players: 2,
                jumps: vec![(6, 99)],
                specials: Vec::new(),
            }],
        };
        validate(&input).expect("the input is valid");
        let all = variants(&input);
        // Taking the ladder out leaves a game that four throws cannot end.
        let out = (all.iter())
            .find(|v| v.change.starts_with("is taken out") && v.element == 5)
            .expect("the ladder taken out");
        assert!(out.added > 0, "{}", out.change);
        assert!(out
            .change
            .contains(&format!("{} throws at the end", out.added)));
        validate(&out.input).expect("a lengthened variant is valid");
        // The same edit with the same throws otherwise: only added ones.
        assert_eq!(out.input.throws()[..4], input.throws()[..]);
        assert!(out.input.games[0].jumps.is_empty());
        // An edit after which every game still ends adds nothing.
        let same = (all.iter())
            .find(|v| v.element == 1 && v.change == "is a 3")
            .expect("throw 2 made a 3");
        assert_eq!((same.added, same.input.throws().len()), (0, 4));
        for v in &all {
            if v.added > 0 {
                validate(&v.input).expect("every lengthened variant is valid");
            }
        }
    }
}
