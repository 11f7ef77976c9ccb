//! The engine's run told move by move, with each move's effect on the board,
//! for `repro` and `solve --trace`: a divergence is read against it.

use std::fmt::Write as _;

use super::engine::{play_case, Battle, Board, Player, Shift};
use super::model::{Case, Input, Verdict};

/// Lines of trace beyond which moves are only counted: a max input has two
/// million of them.
pub const TRACE_MOVE_LINES: usize = 3000;

pub fn trace(input: &Input) -> String {
    let mut s = String::new();
    let mut shown = 0;
    for (c, case) in input.cases.iter().enumerate() {
        let _ = writeln!(
            s,
            "case {}: {}x{} board, Alice's castle ({}, {}) with {}, Bob's castle ({}, {}) with {}, Q = {}",
            c + 1,
            case.n,
            case.m,
            case.alice.x,
            case.alice.y,
            case.alice.count,
            case.bob.x,
            case.bob.y,
            case.bob.count,
            case.rounds()
        );
        let mut hidden = 0;
        let result = play_case(case, &mut (), |i, board, shift| {
            if shown >= TRACE_MOVE_LINES {
                hidden += 1;
                return;
            }
            shown += 1;
            let _ = writeln!(s, "  {}", describe(case, i, board, shift));
        });
        if hidden > 0 {
            let _ = writeln!(
                s,
                "  ... {hidden} more executed moves not shown (the trace shows {TRACE_MOVE_LINES})"
            );
        }
        match result {
            Ok((o, executed)) => {
                let ignored = case.moves.len() - executed;
                let end = match o.verdict {
                    Verdict::Draw => format!("all {} rounds played: draw", case.rounds()),
                    v => format!(
                        "game over after move {executed}: {} ({ignored} move lines ignored)",
                        v.line()
                    ),
                };
                let _ = writeln!(s, "  {end}\n  scores: Alice {}, Bob {}", o.alice, o.bob);
            }
            Err((i, why)) => {
                let _ = writeln!(s, "  move {i} is illegal: {why}; the case stops here");
            }
        }
    }
    s
}

pub(super) fn describe(case: &Case, i: usize, board: &Board, shift: &Shift) -> String {
    let p = Player::of_line(i);
    let mv = case.moves[i];
    let castle = board.castles[p.index()];
    let (cx, cy) = board.coords(castle);
    let (tx, ty) = board.coords(shift.target);
    let bonus = shift.castle;
    let enemy = match p {
        Player::Alice => "B",
        Player::Bob => "A",
    };
    let effect = match shift.battle {
        Battle::Occupied => format!("go to empty ({tx}, {ty})"),
        Battle::Merged => format!("join ({tx}, {ty})"),
        Battle::Tie => format!(
            "attack {enemy} {} at ({tx}, {ty}): tie, the cell is empty",
            shift.before.abs()
        ),
        Battle::Repelled => format!(
            "attack {enemy} {} at ({tx}, {ty}): repelled, {enemy} {} remain",
            shift.before.abs(),
            shift.after.abs()
        ),
        Battle::Captured => format!(
            "attack {enemy} {} at ({tx}, {ty}): captured",
            shift.before.abs()
        ),
    };
    // A repelled attack leaves the cell with the defender.
    let holder = if matches!(shift.battle, Battle::Repelled) {
        enemy
    } else {
        &p.name()[..1]
    };
    let mut line = format!(
        "{:>3}. {} `{} {} {}`: castle ({cx}, {cy}) -> {bonus}; {} {effect}",
        i + 1,
        p.name(),
        mv.x,
        mv.y,
        mv.d.letter(),
        shift.moved
    );
    if shift.after != 0 {
        let _ = write!(line, "; ({tx}, {ty}) = {holder} {}", shift.after.abs());
    }
    if shift.won {
        let _ = write!(line, " — {} wins", p.name());
    }
    line
}
