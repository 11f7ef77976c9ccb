//! The clean-room engine: the rules of section 4 as one board type, shared
//! by the engine, the validator's replay, the generator, the shrinker and
//! the trace, so that none of them disagrees about what a move does.
//! Playing a whole file of cases lives in the child module `cases`.

use super::mistakes::{ctx, Mk};
use super::model::{Case, Dir, Move};
use crate::game::{Context, Observer};

rule_events! {
    /// The rules of spec section 4 that a test set should exercise, as
    /// events the engine reports while it plays (`Generals::rule_hits`).
    ///
    /// Attacks on the opponent's castle are kept apart from attacks on
    /// ordinary cells: the same arithmetic there also decides the game, and
    /// programs that get the cell right often get the end check wrong.
    pub enum Ev {
        CastleBonus => "castle-bonus":
            "Before each executed move the mover's castle gains one soldier \
             (section 4, one move, step 1).",
        BonusBeforeMove => "bonus-before-move":
            "A move from the mover's own castle: the soldier just gained by the \
             castle bonus moves with the others, because the bonus comes first \
             (section 4, one move, steps 1 and 2).",
        MoveToEmpty => "move-to-empty":
            "All but one soldier of the source move onto an empty cell, which \
             becomes the mover's (section 4, step 3, target empty).",
        JoinOwnCell => "join-own-cell":
            "The moving soldiers join a cell the mover already owns and its \
             count grows by them (section 4, step 3, target owned by X).",
        AttackTieEmptiesCell => "attack-tie-empties-cell":
            "As many attackers as defenders on an ordinary cell: both groups \
             are destroyed and the cell becomes empty, owned by nobody \
             (section 4, step 3, a = e).",
        AttackRepelled => "attack-repelled":
            "Fewer attackers than defenders on an ordinary cell: the attackers \
             are destroyed and the defender keeps e - a there (section 4, \
             step 3, e > a).",
        AttackCapturesCell => "attack-captures-cell":
            "More attackers than defenders on an ordinary cell: the cell \
             becomes the mover's with a - e soldiers (section 4, step 3, a > e).",
        CastleAttackRepelled => "castle-attack-repelled":
            "An attack on the opponent's castle with fewer soldiers than it \
             holds: the castle keeps its owner and the game goes on (section 4, \
             steps 3 (e > a) and 4).",
        CastleEmptiedByATie => "castle-emptied-by-a-tie":
            "An attack on the opponent's castle with exactly as many soldiers \
             as it holds: the castle becomes empty, and an empty castle is lost, \
             so the mover wins (section 4, steps 3 (a = e) and 4).",
        CastleCaptured => "castle-captured":
            "An attack on the opponent's castle with more soldiers than it \
             holds: the castle becomes the mover's and the mover wins \
             (section 4, steps 3 (a > e) and 4).",
        StackBeyond32Bits => "stack-beyond-32-bits":
            "A castle bonus or a merge leaves a cell holding more than \
             2^31 - 1 soldiers, more than a 32-bit count holds (section 4, \
             Ranges).",
        ScoreBeyond32Bits => "score-beyond-32-bits":
            "A final score exceeds 2^31 - 1 and must be summed and printed \
             with 64 bits (section 4, Scores and Ranges).",
        LinesIgnoredAfterEnd => "lines-ignored-after-end":
            "The game ends before the last move line; the remaining lines are \
             read and ignored, with no castle bonus and no move (section 4, \
             Rounds).",
        AliceWins => "alice-wins":
            "Alice takes or empties Bob's castle: verdict `Alice wins!!!` \
             (section 4, step 4; section 5).",
        BobWins => "bob-wins":
            "Bob takes or empties Alice's castle: verdict `Bob wins!!` \
             (section 4, step 4; section 5).",
        DrawAfterAllRounds => "draw-after-all-rounds":
            "All Q rounds are played and neither castle fell: verdict `draw!` \
             (section 4, after the steps of a move; section 5).",
    }
}

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

    fn context(self) -> Context {
        match self {
            Player::Alice => ctx::ALICE,
            Player::Bob => ctx::BOB,
        }
    }
}

/// The facts of a move's direction, for partial mistakes.
fn dir_context(d: Dir) -> Context {
    match d {
        Dir::U => ctx::UP,
        Dir::D => ctx::DOWN,
        Dir::L => ctx::LEFT,
        Dir::R => ctx::RIGHT,
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

impl Shift {
    /// The soldiers the mover lost in a fight on the target.
    fn mover_losses(&self) -> i64 {
        match self.battle {
            Battle::Occupied | Battle::Merged => 0,
            Battle::Tie | Battle::Repelled | Battle::Captured => self.moved.min(self.before.abs()),
        }
    }
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
    /// Signed counts ([`Player::sign`]), or with [`Board::keep_apart`] the
    /// counts alone, their owners in `owners`.
    cells: Vec<i64>,
    /// Cell index of each player's castle, by [`Player::index`].
    pub castles: [usize; 2],
    /// Each cell's owner as a sign, for a mistaken run that keeps owners
    /// apart from counts; empty otherwise (the engine's way).
    owners: Vec<i64>,
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
            owners: Vec::new(),
        }
    }

    /// Keeps owners apart from counts from now on, as a program with an
    /// owner array and a count array does. The two ways agree on every
    /// legal move; they part only on the cells a mistake leaves that a
    /// legal game never has: a source that is not the mover's or holds one
    /// soldier, a source left empty, a count that wrapped, a castle bonus
    /// to a castle not the mover's.
    fn keep_apart(&mut self) {
        self.owners = self.cells.iter().map(|v| v.signum()).collect();
        for v in &mut self.cells {
            *v = v.abs();
        }
    }

    fn apart(&self) -> bool {
        !self.owners.is_empty()
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
    ///
    /// Every move line of every case passes here twice (validator, then
    /// engine), so this is the hot path of a large file: the target comes
    /// from the line's coordinates rather than from [`Board::neighbour`]'s
    /// division, and all four sides are computed so that the direction, as
    /// good as random from line to line, picks a value instead of a jump.
    #[inline(always)]
    pub fn locate(&self, mv: &Move) -> Option<(usize, usize)> {
        let s = self.cell(mv.x, mv.y)?;
        let (x, y) = (mv.x as usize, mv.y as usize);
        // In the order of `Dir`'s variants: U, D, L, R.
        let sides = [
            (x > 1, self.m.wrapping_neg()),
            (x < self.n, self.m),
            (y > 1, usize::MAX),
            (y < self.m, 1),
        ];
        let (inside, step) = sides[mv.d as usize];
        inside.then(|| (s, s.wrapping_add(step)))
    }

    /// The soldiers `p` has on `cell` (0 when not `p`'s).
    pub fn own(&self, p: Player, cell: usize) -> i64 {
        (self.cells[cell] * p.sign()).max(0)
    }

    /// Step 1 of a move. The castle is the mover's while the game runs; the
    /// guard only matters to generators that keep playing after the end,
    /// and to mistakes, which trust their own board as a program does.
    pub fn bonus<O: Observer>(&mut self, p: Player, obs: &mut O) {
        let c = self.castles[p.index()];
        if O::BENDING && self.apart() {
            // The count grows, whoever owns the cell.
            self.cells[c] = stored(self.cells[c] + 1, obs);
            return;
        }
        if O::BENDING || self.own(p, c) > 0 {
            self.cells[c] = stored(self.cells[c] + p.sign(), obs);
            Ev::CastleBonus.hit(obs);
            if self.cells[c].abs() > I32_MAX {
                Ev::StackBeyond32Bits.hit(obs);
            }
        }
    }

    /// Steps 2–4 of a move from `source` onto `target`, its neighbour.
    ///
    /// The rule events only feed `obs`, so with the `()` observer the
    /// comparisons behind them compile away and the hot loop stays as it was.
    #[inline(always)]
    pub fn shift<O: Observer>(
        &mut self,
        p: Player,
        source: usize,
        target: usize,
        obs: &mut O,
    ) -> Result<Shift, Illegal> {
        if O::BENDING && self.apart() {
            return Ok(self.shift_apart(p, source, target, obs));
        }
        let c = self.cells[source] * p.sign();
        // A mistaken run's board drifts from the engine's. It plays a
        // source that is empty, of one soldier or of the opponent's, as a
        // signed board does ([`Board::keep_apart`] plays it as a program
        // keeping owners apart does).
        if !O::BENDING && c <= 0 {
            return Err(Illegal::NotOwned);
        } else if !O::BENDING && c < 2 {
            return Err(Illegal::TooFew(c));
        }
        let before = self.cells[target];
        let e = before * p.sign();
        let (kept, moved) = leaving(c, if e < 0 { ctx::FIGHT } else { 0 }, obs);
        self.cells[source] = kept * p.sign();
        // Seen from the mover, every case of step 3 leaves e + a on the
        // target: a tie leaves 0, a repelled attack the defenders' e - a as
        // a negative count. Which case it was only names the battle, so the
        // board is updated without a branch on it.
        let after = e + moved;
        let battle = if e == 0 {
            Battle::Occupied
        } else if e > 0 {
            Battle::Merged
        } else if after == 0 {
            Battle::Tie
        } else if after < 0 {
            Battle::Repelled
        } else {
            Battle::Captured
        };
        let after = match battle {
            Battle::Merged if Mk::OwnCellOverwritten.on(obs) => moved,
            Battle::Repelled if Mk::RepelledCellToAttacker.on(obs) => -after,
            Battle::Captured if Mk::CaptureKeepsAllAttackers.on(obs) => moved,
            _ => after,
        };
        self.cells[target] = stored(after * p.sign(), obs);
        let enemy = self.castles[p.other().index()];
        let emptied = self.cells[enemy] == 0;
        let won = self.fallen(p.other()) && !(emptied && Mk::TieNotACastleLoss.on(obs));
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

    /// [`Board::shift`] on a board that keeps owners apart, as such a
    /// program plays it: the source's count moves whoever owns it, and
    /// the source keeps its owner; a cell may be left owned with no
    /// soldiers, or with a wrapped, negative count.
    fn shift_apart<O: Observer>(
        &mut self,
        p: Player,
        source: usize,
        target: usize,
        obs: &mut O,
    ) -> Shift {
        let me = p.sign();
        let c = self.cells[source];
        let (owner, e) = (self.owners[target], self.cells[target]);
        let (kept, moved) = leaving(c, if owner == -me { ctx::FIGHT } else { 0 }, obs);
        self.cells[source] = kept;
        let (battle, owner, count) = if owner == 0 {
            (Battle::Occupied, me, moved)
        } else if owner == me {
            let count = if Mk::OwnCellOverwritten.on(obs) {
                moved
            } else {
                e + moved
            };
            (Battle::Merged, me, count)
        } else if e == moved {
            (Battle::Tie, 0, 0)
        } else if e > moved {
            let to = if Mk::RepelledCellToAttacker.on(obs) {
                me
            } else {
                owner
            };
            (Battle::Repelled, to, e - moved)
        } else {
            let count = if Mk::CaptureKeepsAllAttackers.on(obs) {
                moved
            } else {
                moved - e
            };
            (Battle::Captured, me, count)
        };
        self.owners[target] = owner;
        self.cells[target] = stored(count, obs);
        let held = self.owners[self.castles[p.other().index()]];
        let won = held != -me && !(held == 0 && Mk::TieNotACastleLoss.on(obs));
        Shift {
            target,
            castle: 0,
            moved,
            before: e,
            after: count,
            battle,
            won,
        }
    }

    /// A whole move line: bonus, then the shift. Inlined into the loops of
    /// the validator and the engine, where the parts of [`Shift`] they do
    /// not read are never computed.
    #[inline(always)]
    pub fn play<O: Observer>(
        &mut self,
        p: Player,
        mv: &Move,
        obs: &mut O,
    ) -> Result<Shift, Illegal> {
        let (source, target) = self.locate(mv).ok_or(Illegal::OffBoard)?;
        let counted = Mk::StaleSourceCount.on(obs).then(|| self.cells[source]);
        if Mk::BonusToSource.on(obs) {
            self.cells[source] += if self.apart() { 1 } else { p.sign() };
        } else if !(Mk::BonusAfterMove.on(obs) || Mk::BonusAtRoundStart.on(obs)) {
            self.bonus(p, obs);
        }
        if let Some(c) = counted {
            // The count read before the bonus is the one moved.
            self.cells[source] = c;
        }
        let castle = self.own(p, self.castles[p.index()]);
        let mut s = self.shift(p, source, target, obs)?;
        if Mk::BonusAfterMove.on(obs) {
            self.bonus(p, obs);
        }
        s.castle = castle;
        Ok(s)
    }

    /// Whether `p`'s castle is lost: empty or the opponent's.
    fn fallen(&self, p: Player) -> bool {
        self.own(p, self.castles[p.index()]) == 0
    }

    /// The player whose opponent's castle has fallen, Alice first; an
    /// owner kept apart decides it alone.
    fn winner(&self) -> Option<Player> {
        let lost = |p: Player| {
            if self.apart() {
                self.owners[self.castles[p.index()]] != p.sign()
            } else {
                self.fallen(p)
            }
        };
        if lost(Player::Bob) {
            Some(Player::Alice)
        } else if lost(Player::Alice) {
            Some(Player::Bob)
        } else {
            None
        }
    }

    /// Each player's total soldiers.
    pub fn scores(&self) -> (i64, i64) {
        if self.apart() {
            return self.scores_within(self.n, self.m);
        }
        self.cells.iter().fold((0, 0), add_to_owner)
    }

    /// Each player's total soldiers on the first `rows` rows and `cols`
    /// columns only.
    fn scores_within(&self, rows: usize, cols: usize) -> (i64, i64) {
        let within = |i: &usize| i / self.m < rows && i % self.m < cols;
        if self.apart() {
            // Each count is added to its owner's score as it is, negative
            // or not.
            return (0..self.cells.len())
                .filter(within)
                .fold((0, 0), |(a, b), i| match self.owners[i] {
                    1 => (a + self.cells[i], b),
                    -1 => (a, b + self.cells[i]),
                    _ => (a, b),
                });
        }
        (0..self.cells.len())
            .filter(within)
            .map(|i| &self.cells[i])
            .fold((0, 0), add_to_owner)
    }
}

/// Of a source of `c` soldiers, those that stay and those that move
/// (`fight`: the facts of a move onto the opponent's cell): all but one,
/// unless a mistake bends it.
#[inline(always)]
fn leaving<O: Observer>(c: i64, fight: Context, obs: &O) -> (i64, i64) {
    let kept = i64::from(!Mk::NoSoldierStays.on(obs));
    let moved = if Mk::OneSoldierTooMany.on_in(obs, fight) {
        c
    } else {
        c - kept
    };
    let moved = if Mk::CountsIn32Bits.on_in(obs, ctx::GROUP) {
        moved as i32 as i64
    } else {
        moved
    };
    (kept, moved)
}

/// A cell's soldiers added to its owner's total.
fn add_to_owner((a, b): (i64, i64), &v: &i64) -> (i64, i64) {
    if v > 0 {
        (a + v, b)
    } else {
        (a, b - v)
    }
}

/// A count as the board stores it: a program keeping counts in 32-bit
/// `int`s wraps them, and with signs for owners a wrapped count changes
/// sides.
#[inline(always)]
fn stored<O: Observer>(v: i64, obs: &O) -> i64 {
    if Mk::CountsIn32Bits.on(obs) {
        v as i32 as i64
    } else {
        v
    }
}

// A child of this module, so that it shares the board's private state.
mod cases;
pub use cases::{observe, play_case, play_cases, rule_hits, solve};
