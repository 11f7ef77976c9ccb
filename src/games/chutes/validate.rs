//! The checklist of spec section 3. Rule 1 (token structure) is the
//! parser's. Rules are checked in checklist order, so a file breaking
//! several is reported under the first, the same one every time.

use super::engine::play;
use super::model::{
    throw_section_lines, Board, Input, MAX_GAMES, MAX_LINE, MAX_PLAYERS, MAX_THROWS,
};
use crate::fault::Budget;
use crate::game::Invalid;

pub fn validate(input: &Input) -> Result<(), Invalid> {
    let throws = input.throws();
    check_throws(input, &throws)?;
    if input.games.is_empty() || input.games.len() > MAX_GAMES {
        return Err(Invalid::new(
            "3",
            format!("{} games; a file holds 1..={MAX_GAMES}", input.games.len()),
        ));
    }
    for (i, g) in input.games.iter().enumerate() {
        check_game(i + 1, g, &throws)?;
    }
    Ok(())
}

/// Rule 2: the throw list and its layout.
fn check_throws(input: &Input, throws: &[u32]) -> Result<(), Invalid> {
    let k = throws.len();
    if !(1..=MAX_THROWS).contains(&k) {
        return Err(Invalid::new(
            "2",
            format!("{k} throws; the list holds 1..={MAX_THROWS}"),
        ));
    }
    if let Some((i, d)) = throws
        .iter()
        .enumerate()
        .find(|(_, d)| !(1..=6).contains(*d))
    {
        return Err(Invalid::new(
            "2",
            format!("throw {} is {d}; throws are 1..6", i + 1),
        ));
    }
    let lines = &input.throw_lines;
    if let Some(i) = lines[..lines.len() - 1].iter().position(Vec::is_empty) {
        return Err(Invalid::new(
            "2",
            format!("line {} of the throw list is blank", i + 1),
        ));
    }
    for (i, l) in throw_section_lines(lines).iter().enumerate() {
        let n = l.chars().count();
        if n > MAX_LINE {
            return Err(Invalid::new(
                "2",
                format!(
                    "line {} of the throw list has {n} characters; at most {MAX_LINE}",
                    i + 1
                ),
            ));
        }
    }
    Ok(())
}

/// Rules 4.1 to 4.5 for game `n` (numbered from 1 in messages).
fn check_game(n: usize, g: &Board, throws: &[u32]) -> Result<(), Invalid> {
    if !(2..=MAX_PLAYERS).contains(&g.players) {
        return Err(Invalid::new(
            "4.1",
            format!(
                "game {n} has {} players; 2..={MAX_PLAYERS} allowed",
                g.players
            ),
        ));
    }
    check_jumps(n, g)?;
    check_specials(n, g)?;
    check_winner(n, g, throws)
}

/// Rules 4.2 (each chute or ladder) and 4.3 (distinct starts).
fn check_jumps(n: usize, g: &Board) -> Result<(), Invalid> {
    let square = 1..=99u32;
    for &(s, e) in &g.jumps {
        if (s == 0) != (e == 0) {
            return Err(Invalid::new(
                "4.2",
                format!("game {n}: chute/ladder '{s} {e}' has exactly one zero; only '0 0' ends the list"),
            ));
        }
        if !square.contains(&s) || !square.contains(&e) {
            return Err(Invalid::new(
                "4.2",
                format!("game {n}: chute/ladder '{s} {e}' leaves the squares 1..99"),
            ));
        }
        if s == e {
            return Err(Invalid::new(
                "4.2",
                format!("game {n}: chute/ladder '{s} {e}' starts and ends on the same square"),
            ));
        }
    }
    for (i, &(s, _)) in g.jumps.iter().enumerate() {
        if g.jumps[..i].iter().any(|&(t, _)| t == s) {
            return Err(Invalid::new(
                "4.3",
                format!("game {n}: two chutes/ladders start on square {s}"),
            ));
        }
    }
    Ok(())
}

/// Rule 4.4: special squares are squares, listed once, off every chute and
/// ladder.
fn check_specials(n: usize, g: &Board) -> Result<(), Invalid> {
    for (i, &v) in g.specials.iter().enumerate() {
        let k = v.unsigned_abs();
        if !(1..=99).contains(&k) {
            return Err(Invalid::new(
                "4.4",
                format!("game {n}: special value {v} is not a square 1..99"),
            ));
        }
        if g.specials[..i].iter().any(|w| w.unsigned_abs() == k) {
            return Err(Invalid::new(
                "4.4",
                format!("game {n}: square {k} is listed twice as a special square"),
            ));
        }
        if g.jumps
            .iter()
            .any(|&(s, e)| u64::from(s) == k || u64::from(e) == k)
        {
            return Err(Invalid::new(
                "4.4",
                format!("game {n}: special square {k} is also a chute/ladder endpoint"),
            ));
        }
    }
    Ok(())
}

/// Rule 4.5, decided by the engine's own simulation: someone wins before
/// the last throw, which must stay unused.
fn check_winner(n: usize, g: &Board, throws: &[u32]) -> Result<(), Invalid> {
    let limit = &throws[..throws.len() - 1];
    let finish = play(limit, g, &mut Budget::default())
        .map_err(|f| Invalid::new("4.5", format!("game {n}: simulation failed: {f}")))?;
    if finish.is_none() {
        return Err(Invalid::new(
            "4.5",
            format!(
                "game {n} has no winner within {} throws (K - 1)",
                limit.len()
            ),
        ));
    }
    Ok(())
}
