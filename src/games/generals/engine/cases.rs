//! Playing a file of cases, apart from the board's rules for one move: what
//! a case does with its lines once the game ends, and what a program that
//! resets nothing carries from one case into the next, which only mistaken
//! runs need. A child of the engine, so that it works on the board's
//! private state.

use super::{ctx, dir_context, Battle, Board, Case, Ev, Illegal, Mk, Player, Shift};
use crate::fault::{Budget, Fault, FaultKind};
use crate::game::Observer;
use crate::games::generals::model::{Outcome, Output, Verdict, MAX_SIDE};

/// Plays one case by the rules, reporting the rules applied to `obs` and
/// every executed move to `watch` (line index, board after the move, the
/// move's effect). Returns the outcome and the number of executed move
/// lines, or the first illegal move.
pub fn play_case<O: Observer>(
    case: &Case,
    obs: &mut O,
    watch: impl FnMut(usize, &Board, &Shift),
) -> Result<(Outcome, usize), (usize, Illegal)> {
    play_on(case, &mut Board::new(case), 0, obs, watch)
}

/// [`play_case`] on `board`, which the case leaves as it ends.
/// `turn` is the parity of the mover of the first line (0: Alice), which
/// only a mistaken run carries over from an earlier case.
fn play_on<O: Observer>(
    case: &Case,
    board: &mut Board,
    turn: usize,
    obs: &mut O,
    mut watch: impl FnMut(usize, &Board, &Shift),
) -> Result<(Outcome, usize), (usize, Illegal)> {
    let mut verdict = Verdict::Draw;
    let mut executed = case.moves.len();
    let lines = if Mk::LastRoundNotPlayed.on(obs) {
        executed.saturating_sub(2)
    } else {
        executed
    };
    let mut totals = [case.alice.count as i64, case.bob.count as i64];
    let first = turn + usize::from(Mk::BobMovesFirst.on(obs));
    for (i, mv) in case.moves[..lines].iter().enumerate() {
        let p = Player::of_line(first + i);
        obs.enter(ctx::MOVE, p.context() | dir_context(mv.d));
        if Mk::BonusAtRoundStart.on(obs) && i % 2 == 0 {
            board.bonus(Player::Alice, obs);
            board.bonus(Player::Bob, obs);
        }
        let s = board.play(p, mv, obs).map_err(|e| (i + 1, e))?;
        watch(i, board, &s);
        if Mk::TotalsMissDefendersLosses.on_in(obs, ctx::TIE) {
            let losses = s.mover_losses();
            totals[p.index()] += 1 - losses;
            let tie = if s.battle == Battle::Tie { ctx::TIE } else { 0 };
            if !Mk::TotalsMissDefendersLosses.on_in(obs, tie) {
                totals[p.other().index()] -= losses;
            }
        }
        let winner = if Mk::EndCheckAfterRound.on(obs) {
            // Such a program looks at both castles once Bob has moved.
            board.winner().filter(|_| p == Player::Bob)
        } else {
            s.won.then_some(p)
        };
        if let Some(w) = winner.filter(|_| verdict == Verdict::Draw) {
            verdict = match w {
                Player::Alice => Verdict::Alice,
                Player::Bob => Verdict::Bob,
            };
            executed = i + 1;
            if !Mk::PlayOnAfterEnd.on(obs) {
                break;
            }
        }
    }
    obs.enter(ctx::MOVE, 0);
    if Mk::BonusAfterGameOver.on(obs) {
        for i in executed..case.moves.len() {
            board.bonus(Player::of_line(i), obs);
        }
    }
    if Mk::IgnoredLinesFeedCastleCells.on(obs) {
        for i in executed..case.moves.len() {
            // The count grows whoever owns the cell; an emptied cell stays
            // nobody's, and its count is never read again.
            let c = board.castles[Player::of_line(first + i).index()];
            board.cells[c] += if board.apart() {
                1
            } else {
                board.cells[c].signum()
            };
        }
    }
    if executed < case.moves.len() {
        Ev::LinesIgnoredAfterEnd.hit(obs);
    }
    match verdict {
        Verdict::Alice => Ev::AliceWins,
        Verdict::Bob => Ev::BobWins,
        Verdict::Draw => Ev::DrawAfterAllRounds,
    }
    .hit(obs);
    let (alice, bob) = if Mk::TotalsMissDefendersLosses.on_in(obs, ctx::TIE) {
        (totals[0], totals[1])
    } else if Mk::ScoresMissLastRowAndColumn.on(obs) {
        board.scores_within(board.n - 1, board.m - 1)
    } else {
        board.scores()
    };
    if alice.max(bob) > i64::from(i32::MAX) {
        Ev::ScoreBeyond32Bits.hit(obs);
    }
    let (alice, bob) = if Mk::ScoresIn32Bits.on(obs) {
        (alice as i32 as i64, bob as i32 as i64)
    } else {
        (alice, bob)
    };
    Ok((
        Outcome {
            verdict,
            alice,
            bob,
        },
        executed,
    ))
}

/// What a program that resets nothing between cases carries into the
/// next one. Only runs that play a mistake fill it in.
#[derive(Default)]
struct Leftover {
    /// The board's cells by 0-based row and column, on a grid of the
    /// largest board, with their owners where the run keeps them apart.
    grid: Vec<i64>,
    owners: Vec<i64>,
    /// The verdict of the last case that ended with a win.
    ended: Option<Verdict>,
    /// A case before was left undecided.
    lost: bool,
}

impl Leftover {
    const SIDE: usize = MAX_SIDE as usize;

    /// Lays the cells left by earlier cases under `board`'s castles where
    /// the run's clearing does not reach: everywhere for a board never
    /// cleared, the columns beyond N for one cleared up to N both ways, the
    /// last row and column for one cleared 0-based.
    fn lay_under<O: Observer>(&mut self, board: &mut Board, obs: &O) {
        if self.grid.is_empty() {
            return;
        }
        let (n, m) = (board.n, board.m);
        if !Mk::BoardNotCleared.on_in(obs, 0) && Mk::BoardNotCleared.on_in(obs, ctx::BEYOND_N) {
            // Its loops clear N columns of N rows, beyond the board where
            // the board is narrower than it is high.
            for row in self.grid.chunks_mut(Self::SIDE).take(n) {
                row[..n.min(Self::SIDE)].fill(0);
            }
            for row in self.owners.chunks_mut(Self::SIDE).take(n) {
                row[..n.min(Self::SIDE)].fill(0);
            }
        }
        let zero_based = Mk::GridCleared0Based.on(obs);
        for (i, cell) in board.cells.iter_mut().enumerate() {
            let (row, col) = (i / m, i % m);
            let beyond = if col >= n { ctx::BEYOND_N } else { 0 };
            let left = Mk::BoardNotCleared.on_in(obs, beyond)
                || zero_based && (row == n - 1 || col == m - 1);
            if left && !board.castles.contains(&i) {
                let at = i / board.m * Self::SIDE + i % board.m;
                *cell = self.grid[at];
                if let Some(owner) = board.owners.get_mut(i) {
                    *owner = self.owners[at];
                }
            }
        }
    }

    fn keep(&mut self, board: &Board) {
        self.grid.resize(Self::SIDE * Self::SIDE, 0);
        if board.apart() {
            self.owners.resize(Self::SIDE * Self::SIDE, 0);
        }
        for (i, &cell) in board.cells.iter().enumerate() {
            let at = i / board.m * Self::SIDE + i % board.m;
            self.grid[at] = cell;
            if let Some(&owner) = board.owners.get(i) {
                self.owners[at] = owner;
            }
        }
    }
}

/// Each case is charged its cells and move lines before it is played, so a
/// budget stops a file of huge boards too. An illegal move is a fault of the
/// engine: valid inputs have none.
pub fn solve<O: Observer>(
    cases: &[Case],
    budget: &mut Budget,
    obs: &mut O,
) -> Result<Output, Fault> {
    play_cases(cases, budget, obs, false)?
        .into_iter()
        .map(|o| o.ok_or_else(|| Fault::new(FaultKind::Panic, "a case left undecided")))
        .collect()
}

/// [`solve`] on a board of signed counts, or with `apart` one that keeps
/// owners apart from counts ([`Board::keep_apart`]), with `None` for a
/// case a mistaken run cannot play (a move off the board, which valid
/// inputs never have) and every later case that inherits its board, turn
/// or end.
pub fn play_cases<O: Observer>(
    cases: &[Case],
    budget: &mut Budget,
    obs: &mut O,
    apart: bool,
) -> Result<Vec<Option<Outcome>>, Fault> {
    let mut left = Leftover::default();
    let mut turn = 0;
    cases
        .iter()
        .enumerate()
        .map(|(i, case)| {
            obs.enter(ctx::CASE, ctx::case(i));
            budget.steps(u64::from(case.n) * u64::from(case.m) + case.moves.len() as u64)?;
            let mut board = Board::new(case);
            if apart {
                board.keep_apart();
            }
            let kept =
                Mk::BoardNotCleared.on_in(obs, ctx::BEYOND_N) || Mk::GridCleared0Based.on(obs);
            let over = Mk::GameOverNotReset.on(obs);
            let flips = Mk::TurnFlipsOnPlayedLines.on(obs);
            if left.lost && (kept || over || flips) {
                return Ok(None);
            }
            if kept {
                left.lay_under(&mut board, obs);
            }
            let outcome = match left.ended.filter(|_| over) {
                // Every line is ignored, as after the win of the last case.
                Some(verdict) => {
                    let (alice, bob) = board.scores();
                    Outcome {
                        verdict,
                        alice,
                        bob,
                    }
                }
                None => match play_on(case, &mut board, turn, obs, |_, _, _| ()) {
                    Ok((outcome, executed)) => {
                        if flips {
                            turn = (turn + executed) % 2;
                        }
                        outcome
                    }
                    Err(_) if O::BENDING => {
                        left.lost = true;
                        return Ok(None);
                    }
                    Err((i, why)) => {
                        return Err(Fault::new(FaultKind::Panic, format!("move {i}: {why}")))
                    }
                },
            };
            if kept {
                left.keep(&board);
            }
            if O::BENDING && outcome.verdict != Verdict::Draw {
                left.ended = Some(outcome.verdict);
            }
            Ok(Some(outcome))
        })
        .collect()
}

/// The same run as [`solve`], counting instead of ignoring events.
pub fn rule_hits(cases: &[Case]) -> Vec<u64> {
    let mut hits = vec![0; Ev::RULES.len()];
    observe(cases, &mut hits);
    hits
}

/// The engine's run over the whole file, its events told to `obs`.
pub fn observe<O: Observer>(cases: &[Case], obs: &mut O) {
    for (i, case) in cases.iter().enumerate() {
        obs.enter(ctx::CASE, ctx::case(i));
        // Valid inputs have no illegal move, so every case plays out.
        let _ = play_case(case, obs, |_, _, _| ());
    }
}
