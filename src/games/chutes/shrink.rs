//! Structural shrink candidates, most aggressive first.
//!
//! "Smaller" means a smaller `size_key` of the rendered text: shorter text,
//! then fewer lines, then lexicographically smaller. Lowering a throw or a
//! player count keeps the length, and re-laying the throws onto fewer lines
//! only trades newlines for spaces, so length alone would not order them.

use super::engine::{play, round_starts, turn_throws};
use super::model::{dense_layout, render, Input};
use crate::fault::Budget;

/// The order every candidate descends in.
#[cfg(test)]
pub fn size_key(text: &str) -> (usize, usize, &str) {
    (text.len(), text.lines().count(), text)
}

pub fn candidates(input: &Input) -> Vec<Input> {
    let throws = input.throws();
    let mut out = fewer_games(input);
    out.extend(shorter_lists(input, &throws));
    out.extend(fewer_players(input, &throws));
    out.extend(shortcuts(input, &throws));
    out.extend(simpler_boards(input));
    out.extend(fewer_throws(input, &throws));
    out.extend(lower_throws(input, &throws));
    let dense = dense_layout(&throws, 40);
    if dense.len() < input.throw_lines.len() {
        out.push(Input {
            throw_lines: dense,
            games: input.games.clone(),
        });
    }
    out
}

/// `input` with the throw list `throws`, laid out like the original.
fn with_throws(input: &Input, throws: &[u32]) -> Input {
    Input {
        throw_lines: relayout_like(input, throws),
        games: input.games.clone(),
    }
}

/// Each game alone (every game replays the list from its start, so a game
/// keeps its winner), then the file without each game.
fn fewer_games(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    if input.games.len() > 1 {
        for g in &input.games {
            out.push(Input {
                throw_lines: input.throw_lines.clone(),
                games: vec![g.clone()],
            });
        }
        for i in 0..input.games.len() {
            let mut c = input.clone();
            c.games.remove(i);
            out.push(c);
        }
    }
    out
}

/// The list cut right after the slowest winner needs it, then halved.
fn shorter_lists(input: &Input, throws: &[u32]) -> Vec<Input> {
    let mut out = Vec::new();
    let slowest = input
        .games
        .iter()
        .map(|g| {
            play(throws, g, &mut Budget::default())
                .ok()
                .flatten()
                .map(|f| f.used)
        })
        .collect::<Option<Vec<_>>>()
        .and_then(|v| v.into_iter().max());
    if let Some(used) = slowest {
        if used + 1 < throws.len() {
            out.push(with_throws(input, &throws[..used + 1]));
        }
    }
    if throws.len() > 1 {
        out.push(with_throws(input, &throws[..throws.len() / 2]));
    }
    out
}

/// A one-game file without one of its players and the throws of that
/// player's turns: the others throw exactly what they threw before.
fn fewer_players(input: &Input, throws: &[u32]) -> Vec<Input> {
    let [game] = &input.games[..] else {
        return Vec::new();
    };
    if game.players <= 2 {
        return Vec::new();
    }
    let turns = turn_throws(throws, game);
    (0..game.players as usize)
        .rev()
        .map(|gone| {
            let mut keep = vec![true; throws.len()];
            for &(p, start, end) in &turns {
                if p == gone {
                    keep[start..end].fill(false);
                }
            }
            let t: Vec<u32> = throws
                .iter()
                .zip(&keep)
                .filter(|(_, &k)| k)
                .map(|(&d, _)| d)
                .collect();
            let mut board = game.clone();
            board.players -= 1;
            Input {
                throw_lines: relayout_like(input, &t),
                games: vec![board],
            }
        })
        .collect()
}

/// A one-game file with the rounds from the `b+1`-th to the `r`-th cut
/// out of the throw list and replaced by chutes and ladders: from where
/// each player stands after round `b` (the first after which they all
/// stand on different squares) to where it stands after round `r`. The
/// game then goes on exactly as before from there, with far fewer throws
/// (the longest cuts first). Where players meet, or stand on
/// a special square, the validator or the signature refuses it.
fn shortcuts(input: &Input, throws: &[u32]) -> Vec<Input> {
    let [game] = &input.games[..] else {
        return Vec::new();
    };
    let rounds = round_starts(throws, game);
    // The first round after which the players stand on different squares.
    let distinct = |sq: &[u32]| {
        sq.iter()
            .enumerate()
            .all(|(i, &a)| a > 0 && !sq[..i].contains(&a))
    };
    let Some(b) = (1..rounds.len()).find(|&b| distinct(&rounds[b].1)) else {
        return Vec::new();
    };
    let (used1, first) = &rounds[b];
    let len = render(input).len();
    let mut out = Vec::new();
    for (used, at) in rounds.iter().skip(b + 1).rev() {
        let mut board = game.clone();
        let mut ok = true;
        for (&from, &to) in first.iter().zip(at) {
            if from == to {
                continue;
            }
            match board.jumps.iter().find(|&&(s, _)| s == from) {
                Some(&(_, e)) if e == to => {}
                Some(_) => ok = false,
                None => board.jumps.push((from, to)),
            }
        }
        if !ok {
            continue;
        }
        let mut t = throws[..*used1].to_vec();
        t.extend_from_slice(&throws[*used..]);
        let cand = Input {
            throw_lines: relayout_like(input, &t),
            games: vec![board],
        };
        // The new lines must cost less than the throws cut.
        if render(&cand).len() < len {
            out.push(cand);
        }
    }
    out
}

/// Per game: fewer players, then without each chute or ladder, then
/// without each special square.
fn simpler_boards(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    for (i, g) in input.games.iter().enumerate() {
        if g.players > 2 {
            for p in 2..g.players {
                let mut c = input.clone();
                c.games[i].players = p;
                out.push(c);
            }
        }
        for j in 0..g.jumps.len() {
            let mut c = input.clone();
            c.games[i].jumps.remove(j);
            out.push(c);
        }
        for j in 0..g.specials.len() {
            let mut c = input.clone();
            c.games[i].specials.remove(j);
            out.push(c);
        }
    }
    out
}

/// Runs of consecutive throws that may make a whole round of a game
/// removed at once, so that the later throws still go to the same players.
const RUNS: [usize; 6] = [6, 5, 4, 3, 2, 8];

/// Lists longer than this lose single throws only (each candidate is a
/// copy of the list).
const FINE_THROWS: usize = 200;

/// The list without runs of throws (a round of a game: the later throws
/// keep their players), then without its last throw, then without each
/// other throw.
fn fewer_throws(input: &Input, throws: &[u32]) -> Vec<Input> {
    let mut out = Vec::new();
    let n = throws.len();
    if n <= FINE_THROWS {
        let mut runs: Vec<usize> = input.games.iter().map(|g| g.players as usize).collect();
        runs.extend(RUNS);
        let mut seen = Vec::new();
        for w in runs {
            if w < 2 || w >= n || seen.contains(&w) {
                continue;
            }
            seen.push(w);
            for at in (0..=n - w).rev() {
                let mut t = throws.to_vec();
                t.drain(at..at + w);
                out.push(with_throws(input, &t));
            }
        }
    }
    if n > 1 {
        out.push(with_throws(input, &throws[..throws.len() - 1]));
        for i in 0..throws.len() - 1 {
            let mut t = throws.to_vec();
            t.remove(i);
            out.push(with_throws(input, &t));
        }
    }
    out
}

/// Each throw above 1 made a 1, or one less.
fn lower_throws(input: &Input, throws: &[u32]) -> Vec<Input> {
    let mut out = Vec::new();
    for i in 0..throws.len() {
        if throws[i] > 1 {
            let mut t = throws.to_vec();
            t[i] = 1;
            out.push(with_throws(input, &t));
            if throws[i] > 2 {
                t[i] = throws[i] - 1;
                out.push(with_throws(input, &t));
            }
        }
    }
    out
}

/// Lays out a changed throw list with the line widths of `input`, so that a
/// throw-list candidate changes only the values; the last line absorbs the
/// difference and the 0 keeps its place (alone or at the end of a line).
fn relayout_like(input: &Input, throws: &[u32]) -> Vec<Vec<u32>> {
    let zero_alone = input.throw_lines.last().is_some_and(Vec::is_empty);
    let mut lines = Vec::new();
    let mut rest = throws;
    for l in input.throw_lines.iter().filter(|l| !l.is_empty()) {
        if rest.is_empty() {
            break;
        }
        let (line, tail) = rest.split_at(l.len().min(rest.len()));
        lines.push(line.to_vec());
        rest = tail;
    }
    if !rest.is_empty() {
        lines.push(rest.to_vec());
    }
    if zero_alone || lines.is_empty() {
        lines.push(Vec::new());
    }
    lines
}
