//! 将军棋 (Generals Chess): two castles, stacks of soldiers moved between
//! adjacent cells, a castle bonus before every move, and a game that ends
//! the moment a castle is taken or emptied.

mod engine;
mod gen;
mod model;
#[cfg(test)]
mod tests;
mod validate;

use std::fmt::Write as _;

use crate::game::{Game, GameId, Invalid, Profile, Rule};
use crate::solver::{Budget, Fault};
use crate::source::Source;
use crate::text::ParseError;

use engine::{play_case, Battle, Board, Ev, Player, Shift};
use model::{Case, Dir, Move, Verdict};
pub use model::{Input, Output};

pub struct Generals;

const PROFILES: &[Profile] = &[
    Profile {
        name: "small",
        about: "boards up to 5x5, up to 20 rounds, small counts",
    },
    Profile {
        name: "typical",
        about: "medium boards, thousands of rounds, counts up to 1e9, several cases",
    },
    Profile {
        name: "max",
        about: "T = 10 cases of 400x400 with Q = 100000, counts near 2^31-1",
    },
    Profile {
        name: "edge",
        about: "a mix of lines, 1x2 boards, adjacent castles, extreme counts, early ends",
    },
    Profile {
        name: "line",
        about: "one-row (1xM) and one-column (Nx1) boards",
    },
    Profile {
        name: "adjacent",
        about: "adjacent castles attacked from the first move, with exact ties",
    },
    Profile {
        name: "quick",
        about: "columns marching on the enemy castle: games that end early",
    },
    Profile {
        name: "wide",
        about: "initial counts near 2^31-1, stacks merged past 32 bits",
    },
];

impl Game for Generals {
    const ID: GameId = GameId::Generals;
    const PROFILES: &'static [Profile] = PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::generals::main;
    type Input = Input;
    type Output = Output;

    fn parse(text: &str) -> Result<Input, ParseError> {
        model::parse(text)
    }

    fn render(input: &Input) -> String {
        model::render(input)
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        validate::validate(input)
    }

    const SAMPLE: &'static str = include_str!("sample.in");

    fn parse_output(text: &str) -> Result<Output, ParseError> {
        model::parse_output(text)
    }

    fn render_output(out: &Output) -> String {
        model::render_output(out)
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Output, Fault> {
        engine::solve(&input.cases, budget)
    }

    const RULES: &'static [Rule] = Ev::RULES;

    fn rule_hits(input: &Input) -> Vec<u64> {
        engine::rule_hits(&input.cases)
    }

    fn generate(src: &mut Source, profile: &str) -> Input {
        gen::generate(src, profile)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink(input)
    }

    fn pack(inputs: &[Input]) -> Option<Input> {
        model::pack(inputs)
    }

    fn unpack_output(inputs: &[Input], output: &Output) -> Option<Vec<Output>> {
        model::unpack_output(inputs, output)
    }

    fn difference(a: &Output, b: &Output) -> String {
        model::difference(a, b)
    }

    fn trace(input: &Input) -> Option<String> {
        Some(trace(input))
    }
}

/// Lines of trace beyond which moves are only counted: a max input has two
/// million of them.
const TRACE_MOVE_LINES: usize = 3000;

fn trace(input: &Input) -> String {
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

fn describe(case: &Case, i: usize, board: &Board, shift: &Shift) -> String {
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

/// The smallest in-board replacement for a line that is never executed
/// (boards have at least two cells).
fn filler(m: u32) -> Move {
    let d = if m >= 2 { Dir::R } else { Dir::D };
    Move { x: 1, y: 1, d }
}

/// Each candidate is a whole copy of the input, so fine-grained edits are
/// offered only once the input is small enough for many copies: a max
/// input first shrinks to single cases.
const FINE_MOVES: usize = 50_000;

/// Structural candidates, most aggressive first.
fn shrink(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    let t = input.cases.len();
    let total: usize = input.cases.iter().map(|c| c.moves.len()).sum();
    if t > 1 {
        // Divergences are per case, so one case alone usually keeps them.
        for case in &input.cases {
            out.push(Input {
                cases: vec![case.clone()],
            });
        }
        out.push(Input {
            cases: input.cases[..t / 2].to_vec(),
        });
        out.push(Input {
            cases: input.cases[t / 2..].to_vec(),
        });
        if total > FINE_MOVES {
            return out;
        }
        for i in 0..t {
            let mut inp = input.clone();
            inp.cases.remove(i);
            out.push(inp);
        }
    }
    for (i, case) in input.cases.iter().enumerate() {
        for c in smaller_cases(case) {
            let mut inp = input.clone();
            inp.cases[i] = c;
            out.push(inp);
        }
    }
    out
}

fn smaller_cases(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    let executed = play_case(case, &mut (), |_, _, _| ())
        .map(|(_, e)| e)
        .unwrap_or(case.moves.len());
    let q = case.rounds();
    // Fewer rounds: down to the round in which the game ended, and fractions.
    let mut cuts = vec![
        1,
        executed.div_ceil(2),
        q / 4,
        q / 2,
        q * 3 / 4,
        q.saturating_sub(1),
    ];
    cuts.sort_unstable();
    cuts.dedup();
    for r in cuts.into_iter().filter(|&r| r >= 1 && r < q) {
        let mut c = case.clone();
        c.moves.truncate(2 * r);
        out.push(c);
    }
    out.extend(smaller_boards(case, executed));
    for who in 0..2 {
        let count = if who == 0 {
            case.alice.count
        } else {
            case.bob.count
        };
        for lower in [2, count / 2, count.saturating_sub(1)] {
            if lower >= 2 && lower < count {
                let mut c = case.clone();
                if who == 0 {
                    c.alice.count = lower;
                } else {
                    c.bob.count = lower;
                }
                out.push(c);
            }
        }
    }
    let f = filler(case.m);
    if case.moves[executed..].iter().any(|&mv| mv != f) {
        let mut c = case.clone();
        c.moves[executed..].fill(f);
        out.push(c);
    }
    out
}

/// The board cropped to what the game uses, then boards with one row or
/// column removed where no castle stands.
fn smaller_boards(case: &Case, executed: usize) -> Vec<Case> {
    let mut out = Vec::new();
    let board = Board::new(case);
    let (mut rows, mut cols) = (
        (case.alice.x.min(case.bob.x), case.alice.x.max(case.bob.x)),
        (case.alice.y.min(case.bob.y), case.alice.y.max(case.bob.y)),
    );
    for mv in &case.moves[..executed] {
        let Some((s, t)) = board.locate(mv) else {
            continue;
        };
        for cell in [s, t] {
            let (x, y) = board.coords(cell);
            rows = (rows.0.min(x), rows.1.max(x));
            cols = (cols.0.min(y), cols.1.max(y));
        }
    }
    if (rows.1 - rows.0 + 1, cols.1 - cols.0 + 1) != (case.n, case.m) {
        out.push(reshape(
            case,
            &(rows.0..=rows.1).collect::<Vec<_>>(),
            &(cols.0..=cols.1).collect::<Vec<_>>(),
        ));
    }
    let pick = |len: u32| -> Vec<u32> {
        if len <= 12 {
            (1..=len).rev().collect()
        } else {
            vec![len, 1, len / 2]
        }
    };
    let all = |len: u32| (1..=len).collect::<Vec<_>>();
    let without = |len: u32, gone: u32| (1..=len).filter(|&v| v != gone).collect::<Vec<_>>();
    for row in pick(case.n) {
        if case.n > 1 && case.alice.x != row && case.bob.x != row {
            out.push(reshape(case, &without(case.n, row), &all(case.m)));
        }
    }
    for col in pick(case.m) {
        if case.m > 1 && case.alice.y != col && case.bob.y != col {
            out.push(reshape(case, &all(case.n), &without(case.m, col)));
        }
    }
    out
}

/// The case on the sub-board of the listed (sorted, castle-containing)
/// rows and columns. Moves on removed lines move to the nearest kept one,
/// and a direction leaving the new board is replaced: only lines after the
/// end can stay valid that way, and the validator judges the rest.
fn reshape(case: &Case, rows: &[u32], cols: &[u32]) -> Case {
    let map =
        |kept: &[u32], v: u32| (kept.partition_point(|&k| k < v).min(kept.len() - 1) + 1) as u32;
    let mut c = case.clone();
    c.n = rows.len() as u32;
    c.m = cols.len() as u32;
    for k in [&mut c.alice, &mut c.bob] {
        k.x = map(rows, k.x);
        k.y = map(cols, k.y);
    }
    let board = Board::new(&c);
    for mv in &mut c.moves {
        mv.x = map(rows, mv.x);
        mv.y = map(cols, mv.y);
        if board.locate(mv).is_none() {
            let cell = board.cell(mv.x, mv.y).expect("mapped onto the board");
            if let Some(&d) = Dir::ALL
                .iter()
                .find(|&&d| board.neighbour(cell, d).is_some())
            {
                mv.d = d;
            }
        }
    }
    c
}
