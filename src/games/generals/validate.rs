//! The validator: every rule of the spec's checklist (section 3) that the
//! parser leaves, checked in the checklist's order.

use super::engine::{Board, Illegal, Player};
use super::model::{Case, Input, MAX_COUNT, MAX_Q, MAX_SIDE, MAX_T};
use crate::game::Invalid;

/// Reports the first broken rule only: cases are checked in input order,
/// each header before its move lines.
pub fn validate(input: &Input) -> Result<(), Invalid> {
    let t = input.cases.len();
    if !(1..=MAX_T).contains(&t) {
        return Err(Invalid::new("2", format!("T = {t} is not in 1..={MAX_T}")));
    }
    let mut line = 2;
    for (i, case) in input.cases.iter().enumerate() {
        validate_case(case, i + 1, line)?;
        line += 4 + case.moves.len();
    }
    Ok(())
}

/// `first_line` is the line of `N M` in the canonical layout, used to point
/// at move lines (inputs are usually rendered by `render`).
fn validate_case(case: &Case, c: usize, first_line: usize) -> Result<(), Invalid> {
    header(case, c)?;
    moves(case, c, first_line)
}

/// Rules 3.1 to 3.4, which the replay of the moves relies on.
fn header(case: &Case, c: usize) -> Result<(), Invalid> {
    let (n, m) = (case.n, case.m);
    if !(1..=MAX_SIDE).contains(&n) || !(1..=MAX_SIDE).contains(&m) {
        return Err(Invalid::new(
            "3.1",
            format!("case {c}: board {n}x{m}, but N and M must be in 1..={MAX_SIDE}"),
        ));
    }
    for (who, k) in [("Alice", case.alice), ("Bob", case.bob)] {
        if !(1..=n).contains(&k.x) || !(1..=m).contains(&k.y) {
            return Err(Invalid::new(
                "3.2",
                format!(
                    "case {c}: {who}'s castle ({}, {}) is off the {n}x{m} board",
                    k.x, k.y
                ),
            ));
        }
    }
    if (case.alice.x, case.alice.y) == (case.bob.x, case.bob.y) {
        return Err(Invalid::new(
            "3.2",
            format!(
                "case {c}: both castles are on ({}, {})",
                case.alice.x, case.alice.y
            ),
        ));
    }
    for (who, k) in [("Alice", case.alice), ("Bob", case.bob)] {
        if !(2..=MAX_COUNT).contains(&k.count) {
            return Err(Invalid::new(
                "3.3",
                format!(
                    "case {c}: {who}'s initial count {} is not in 2..={MAX_COUNT}",
                    k.count
                ),
            ));
        }
    }
    let q = case.rounds();
    if !(1..=MAX_Q).contains(&q) {
        return Err(Invalid::new(
            "3.4",
            format!("case {c}: Q = {q} is not in 1..={MAX_Q}"),
        ));
    }
    Ok(())
}

/// Rules 3.5 and 3.6 line by line, so that the first bad line is reported
/// whichever of the two it breaks. Lines after the end of the game are not
/// executed and only need to stay on the board.
fn moves(case: &Case, c: usize, first_line: usize) -> Result<(), Invalid> {
    let (n, m) = (case.n, case.m);
    let mut board = Board::new(case);
    let mut running = true;
    for (i, mv) in case.moves.iter().enumerate() {
        let p = Player::of_line(i);
        let place = || {
            format!(
                "case {c}, move {} (line {}, {}'s move of round {})",
                i + 1,
                first_line + 4 + i,
                p.name(),
                i / 2 + 1
            )
        };
        // `play` locates the line before it changes the board, so it
        // refuses an off-board line just as `locate` does.
        let played = if running {
            board.play(p, mv, &mut ()).map(Some)
        } else {
            board.locate(mv).map(|_| None).ok_or(Illegal::OffBoard)
        };
        match played {
            Ok(Some(s)) => running = !s.won,
            Ok(None) => {}
            Err(Illegal::OffBoard) => {
                return Err(Invalid::new(
                    "3.5",
                    format!(
                        "{}: '{} {} {}' leaves the {n}x{m} board",
                        place(),
                        mv.x,
                        mv.y,
                        mv.d.letter()
                    ),
                ))
            }
            Err(why) => {
                return Err(Invalid::new(
                    "3.6",
                    format!(
                        "{}: illegal move '{} {} {}': {why}",
                        place(),
                        mv.x,
                        mv.y,
                        mv.d.letter()
                    ),
                ))
            }
        }
    }
    Ok(())
}
