//! The rules of section 4 as one board type, shared by the engine, the
//! validator's replay, the generator and the trace, so that the four never
//! disagree about what a move does.

use super::rules::Ev;
use super::{Case, Dir, Move};
use crate::game::Observer;

/// The largest count a signed 32-bit integer holds (section 4, Ranges).
const I32_MAX: i64 = i32::MAX as i64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Alice,
    Bob,
}

impl Player {
    /// The mover of move line `i` (0-based): Alice on even lines.
    pub fn of_line(i: usize) -> Player {
        if i.is_multiple_of(2) {
            Player::Alice
        } else {
            Player::Bob
        }
    }

    pub fn other(self) -> Player {
        match self {
            Player::Alice => Player::Bob,
            Player::Bob => Player::Alice,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// Cells store Alice's soldiers as positive and Bob's as negative
    /// numbers, so ownership and count live in one word.
    fn sign(self) -> i64 {
        match self {
            Player::Alice => 1,
            Player::Bob => -1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Player::Alice => "Alice",
            Player::Bob => "Bob",
        }
    }
}

/// What happened on the target cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Battle {
    /// The target was empty.
    Occupied,
    /// The target was the mover's own.
    Merged,
    /// Equal forces: the target became empty.
    Tie,
    /// The defenders held.
    Repelled,
    /// The attackers took the cell.
    Captured,
}

/// The effect of one executed move.
#[derive(Debug, Clone, Copy)]
pub struct Shift {
    pub target: usize,
    /// The mover's castle count after the bonus (filled in by [`Board::play`]).
    pub castle: i64,
    /// Soldiers that left the source.
    pub moved: i64,
    /// The target's signed content before and after (see [`Player::sign`]).
    pub before: i64,
    pub after: i64,
    pub battle: Battle,
    /// The opponent's castle is now empty or the mover's.
    pub won: bool,
}

/// Why a move cannot be executed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    OffBoard,
    NotOwned,
    TooFew(i64),
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Illegal::OffBoard => write!(f, "the source or target cell is off the board"),
            Illegal::NotOwned => write!(f, "the source cell is not the mover's"),
            Illegal::TooFew(c) => write!(
                f,
                "the source cell holds {c} soldier(s) after the castle bonus, fewer than 2"
            ),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Board {
    pub n: usize,
    pub m: usize,
    cells: Vec<i64>,
    /// Cell index of each player's castle, by [`Player::index`].
    pub castles: [usize; 2],
}

impl Board {
    /// The starting position of a case whose header is valid.
    pub fn new(case: &Case) -> Board {
        let (n, m) = (case.n as usize, case.m as usize);
        let mut cells = vec![0; n * m];
        let a = (case.alice.x as usize - 1) * m + case.alice.y as usize - 1;
        let b = (case.bob.x as usize - 1) * m + case.bob.y as usize - 1;
        cells[a] = case.alice.count as i64;
        cells[b] = -(case.bob.count as i64);
        Board {
            n,
            m,
            cells,
            castles: [a, b],
        }
    }

    /// The index of the 1-based cell (x, y), if it is on the board.
    pub fn cell(&self, x: u32, y: u32) -> Option<usize> {
        let (x, y) = (x as usize, y as usize);
        if (1..=self.n).contains(&x) && (1..=self.m).contains(&y) {
            Some((x - 1) * self.m + y - 1)
        } else {
            None
        }
    }

    /// The 1-based coordinates of a cell index.
    pub fn coords(&self, cell: usize) -> (u32, u32) {
        ((cell / self.m + 1) as u32, (cell % self.m + 1) as u32)
    }

    pub fn neighbour(&self, cell: usize, d: Dir) -> Option<usize> {
        let (x, y) = (cell / self.m, cell % self.m);
        match d {
            Dir::U => (x > 0).then(|| cell - self.m),
            Dir::D => (x + 1 < self.n).then(|| cell + self.m),
            Dir::L => (y > 0).then(|| cell - 1),
            Dir::R => (y + 1 < self.m).then(|| cell + 1),
        }
    }

    /// Source and target of a move line, if both are on the board.
    pub fn locate(&self, mv: &Move) -> Option<(usize, usize)> {
        let s = self.cell(mv.x, mv.y)?;
        Some((s, self.neighbour(s, mv.d)?))
    }

    /// The soldiers `p` has on `cell` (0 when not `p`'s).
    pub fn own(&self, p: Player, cell: usize) -> i64 {
        (self.cells[cell] * p.sign()).max(0)
    }

    /// Step 1 of a move. The castle is the mover's while the game runs; the
    /// guard only matters to generators that keep playing after the end.
    pub fn bonus<O: Observer>(&mut self, p: Player, obs: &mut O) {
        let c = self.castles[p.index()];
        if self.own(p, c) > 0 {
            self.cells[c] += p.sign();
            Ev::CastleBonus.hit(obs);
            if self.cells[c].abs() > I32_MAX {
                Ev::StackBeyond32Bits.hit(obs);
            }
        }
    }

    /// Steps 2–4 of a move from `source` in direction `d`.
    ///
    /// The rule events only feed `obs`, so with the `()` observer the
    /// comparisons behind them compile away and the hot loop stays as it was.
    pub fn shift<O: Observer>(
        &mut self,
        p: Player,
        source: usize,
        d: Dir,
        obs: &mut O,
    ) -> Result<Shift, Illegal> {
        let target = self.neighbour(source, d).ok_or(Illegal::OffBoard)?;
        let c = self.cells[source] * p.sign();
        if c <= 0 {
            return Err(Illegal::NotOwned);
        }
        if c < 2 {
            return Err(Illegal::TooFew(c));
        }
        let moved = c - 1;
        self.cells[source] = p.sign();
        let before = self.cells[target];
        let e = before * p.sign();
        let (after, battle) = if e == 0 {
            (moved, Battle::Occupied)
        } else if e > 0 {
            (e + moved, Battle::Merged)
        } else if -e == moved {
            (0, Battle::Tie)
        } else if -e > moved {
            (e + moved, Battle::Repelled)
        } else {
            (e + moved, Battle::Captured)
        };
        self.cells[target] = after * p.sign();
        let enemy = self.castles[p.other().index()];
        let won = self.own(p.other(), enemy) == 0;
        if source == self.castles[p.index()] {
            Ev::BonusBeforeMove.hit(obs);
        }
        let on_castle = target == enemy;
        match battle {
            Battle::Occupied => Ev::MoveToEmpty,
            Battle::Merged => Ev::JoinOwnCell,
            Battle::Tie if on_castle => Ev::CastleEmptiedByATie,
            Battle::Tie => Ev::AttackTieEmptiesCell,
            Battle::Repelled if on_castle => Ev::CastleAttackRepelled,
            Battle::Repelled => Ev::AttackRepelled,
            Battle::Captured if on_castle => Ev::CastleCaptured,
            Battle::Captured => Ev::AttackCapturesCell,
        }
        .hit(obs);
        if after.abs() > I32_MAX {
            Ev::StackBeyond32Bits.hit(obs);
        }
        Ok(Shift {
            target,
            castle: 0,
            moved,
            before,
            after: self.cells[target],
            battle,
            won,
        })
    }

    /// A whole move line: bonus, then the shift.
    pub fn play<O: Observer>(
        &mut self,
        p: Player,
        mv: &Move,
        obs: &mut O,
    ) -> Result<Shift, Illegal> {
        let (source, _) = self.locate(mv).ok_or(Illegal::OffBoard)?;
        self.bonus(p, obs);
        let castle = self.own(p, self.castles[p.index()]);
        let mut s = self.shift(p, source, mv.d, obs)?;
        s.castle = castle;
        Ok(s)
    }

    /// Each player's total soldiers.
    pub fn scores(&self) -> (i64, i64) {
        self.cells.iter().fold(
            (0, 0),
            |(a, b), &v| {
                if v > 0 {
                    (a + v, b)
                } else {
                    (a, b - v)
                }
            },
        )
    }
}
