//! The profiles and their generators. Every case is simulated while it is
//! drawn, and every executed move is picked among the mover's legal moves,
//! so any tape gives a legal game. Drawing a line costs a small multiple of
//! playing it: the mover's cells holding at least two soldiers are kept in
//! lists updated in O(1) per move, two lines share one draw of the tape,
//! and nothing is drawn only to be rejected.

use super::engine::{Board, Player};
use super::model::{Case, Castle, Dir, Input, Move, MAX_COUNT, MAX_Q, MAX_SIDE, MAX_T};
use crate::game::Profile;
use crate::source::Source;

pub const PROFILES: &[Profile] = &[
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

/// How a mover picks among its legal moves.
#[derive(Debug, Clone, Copy)]
enum Policy {
    /// Any cell with at least two soldiers, any in-board direction.
    Wander,
    /// The stack moved last (or else the castle) one step toward the enemy
    /// castle: columns march and battles happen.
    Advance,
    /// The castle in any direction: stacks pile up next to it.
    Sally,
}

const POLICIES: [Policy; 3] = [Policy::Wander, Policy::Advance, Policy::Sally];

/// What the move lines after the end of a game look like.
#[derive(Debug, Clone, Copy)]
enum After {
    /// Any in-board cell and direction.
    Random,
    /// Moves that would be legal in the frozen final position.
    Frozen,
    /// Play goes on as if the game had not ended.
    Continue,
}

/// Everything drawn about a case before its moves.
struct Plan {
    n: u32,
    m: u32,
    alice: usize,
    bob: usize,
    counts: (u64, u64),
    q: usize,
    /// Weights of [`POLICIES`].
    style: [u32; 3],
}

pub fn generate(src: &mut Source, profile: &str) -> Input {
    let t = match profile {
        "max" => MAX_T,
        "small" => src.usize_in(1, 3),
        _ => src.usize_in(1, MAX_T),
    };
    let cases = (0..t)
        .map(|_| {
            let plan = plan(src, profile);
            play(src, &plan)
        })
        .collect();
    Input { cases }
}

fn plan(src: &mut Source, profile: &str) -> Plan {
    match profile {
        "small" => {
            let (n, m) = dims(src, 5, 5);
            let counts = (src.int_in(2, 10) as u64, src.int_in(2, 10) as u64);
            let q = src.usize_in(1, 20);
            spread(src, n, m, counts, q, [3, 2, 1])
        }
        "typical" => {
            let (n, m) = dims(src, 60, 60);
            let counts = (magnitude(src, 9), magnitude(src, 9));
            let q = src.usize_in(100, 5000);
            spread(src, n, m, counts, q, [6, 2, 1])
        }
        "max" => {
            let near = |src: &mut Source| MAX_COUNT - src.below(1000);
            let counts = (near(src), near(src));
            spread(src, MAX_SIDE, MAX_SIDE, counts, MAX_Q, [8, 1, 1])
        }
        "line" => {
            let long = src.usize_in(2, MAX_SIDE as usize) as u32;
            let (n, m) = if src.bool(0.5) { (long, 1) } else { (1, long) };
            let counts = (magnitude(src, 4), magnitude(src, 4));
            let q = src.usize_in(1, 2000);
            spread(src, n, m, counts, q, [2, 2, 1])
        }
        "adjacent" => adjacent(src),
        "quick" => {
            let (n, m) = dims(src, 30, 30);
            let counts = (src.int_in(2, 60) as u64, src.int_in(2, 60) as u64);
            let q = src.usize_in(10, 500);
            spread(src, n, m, counts, q, [1, 6, 0])
        }
        "wide" => wide(src),
        "edge" => edge(src),
        other => panic!("generals has no profile '{other}'"),
    }
}

/// One of the boundary families of the spec, per case.
fn edge(src: &mut Source) -> Plan {
    match src.below(7) {
        0 => {
            let (n, m) = if src.bool(0.5) { (2, 1) } else { (1, 2) };
            let counts = (extreme(src), extreme(src));
            let q = src.usize_in(1, 10);
            spread(src, n, m, counts, q, [1, 1, 1])
        }
        1 => {
            let long = src.usize_in(2, 12) as u32;
            let (n, m) = if src.bool(0.5) { (long, 1) } else { (1, long) };
            let counts = (src.int_in(2, 6) as u64, src.int_in(2, 6) as u64);
            let q = src.usize_in(1, 40);
            spread(src, n, m, counts, q, [2, 2, 1])
        }
        2 => adjacent(src),
        3 => {
            // Extreme initial counts with castle merges past 2^31.
            let (n, m) = dims(src, 4, 4);
            let counts = (extreme(src), extreme(src));
            let q = src.usize_in(1, 30);
            spread(src, n, m, counts, q, [1, 1, 2])
        }
        4 => {
            // Ends early, then many ignored lines.
            let (n, m) = dims(src, 6, 6);
            let counts = (src.int_in(2, 8) as u64, src.int_in(2, 8) as u64);
            let q = src.usize_in(50, 3000);
            spread(src, n, m, counts, q, [0, 1, 0])
        }
        5 => {
            // Small forces that tie on ordinary cells.
            let (n, m) = dims(src, 5, 5);
            let q = src.usize_in(1, 40);
            spread(src, n, m, (2, 2), q, [4, 1, 0])
        }
        _ => {
            // Far-apart castles and few rounds: a draw.
            let (n, m) = dims(src, 40, 40);
            let counts = (magnitude(src, 3), magnitude(src, 3));
            let q = src.usize_in(1, 10);
            spread(src, n, m, counts, q, [3, 0, 1])
        }
    }
}

fn adjacent(src: &mut Source) -> Plan {
    let (n, m) = dims(src, 8, 8);
    let board = blank(n, m);
    let alice = src.below(u64::from(n * m)) as usize;
    let (dirs, k) = exits(&board, alice / board.m, alice % board.m);
    let bob = board
        .neighbour(alice, *src.choose(&dirs[..k]))
        .expect("an in-board direction");
    let a = src.int_in(2, 20) as u64;
    // Ties empty a castle: the attacker moves exactly its initial count.
    let b = match src.below(4) {
        0 => a,
        1 => a + 1,
        2 => a.saturating_sub(1).max(2),
        _ => src.int_in(2, 20) as u64,
    };
    let (alice, bob) = if src.bool(0.5) {
        (bob, alice)
    } else {
        (alice, bob)
    };
    Plan {
        n,
        m,
        alice,
        bob,
        counts: (a, b),
        q: src.usize_in(1, 30),
        style: [1, 4, 1],
    }
}

fn wide(src: &mut Source) -> Plan {
    let (n, m) = dims(src, 10, 10);
    let near = |src: &mut Source| MAX_COUNT - src.below(100);
    let counts = match src.below(3) {
        0 => (near(src), near(src)),
        1 => (near(src), magnitude(src, 3)),
        _ => (magnitude(src, 3), near(src)),
    };
    let q = src.usize_in(1, 200);
    spread(src, n, m, counts, q, [2, 2, 3])
}

/// Castles on two distinct random cells.
fn spread(src: &mut Source, n: u32, m: u32, counts: (u64, u64), q: usize, style: [u32; 3]) -> Plan {
    let cells = u64::from(n * m);
    let alice = src.below(cells) as usize;
    let mut bob = src.below(cells - 1) as usize;
    if bob >= alice {
        bob += 1;
    }
    Plan {
        n,
        m,
        alice,
        bob,
        counts,
        q,
        style,
    }
}

/// Board sides with at least two cells (two castles must fit).
fn dims(src: &mut Source, max_n: u32, max_m: u32) -> (u32, u32) {
    let n = src.usize_in(1, max_n as usize) as u32;
    let lo = if n == 1 { 2 } else { 1 };
    (n, src.usize_in(lo, max_m as usize) as u32)
}

/// A count from 2 up to about 10^`digits`, spread over magnitudes.
fn magnitude(src: &mut Source, digits: u32) -> u64 {
    let k = src.below(u64::from(digits) + 1) as u32;
    let hi = 10u64.pow(k).clamp(2, MAX_COUNT);
    src.int_in(2, hi as i64) as u64
}

/// 2 or 2^31 − 1.
fn extreme(src: &mut Source) -> u64 {
    if src.bool(0.5) {
        MAX_COUNT
    } else {
        2
    }
}

fn blank(n: u32, m: u32) -> Board {
    let case = Case {
        n,
        m,
        alice: Castle {
            x: 1,
            y: 1,
            count: 2,
        },
        bob: Castle {
            x: n,
            y: m,
            count: 2,
        },
        moves: Vec::new(),
    };
    Board::new(&case)
}

/// The directions that stay on the board from the 0-based cell (`x`, `y`),
/// in [`Dir::ALL`] order: the first `k` of the array.
fn exits(board: &Board, x: usize, y: usize) -> (&'static [Dir; 4], usize) {
    let mask = usize::from(x > 0)
        | usize::from(x + 1 < board.n) << 1
        | usize::from(y > 0) << 2
        | usize::from(y + 1 < board.m) << 3;
    (&EXITS[mask], mask.count_ones() as usize)
}

/// For each set of in-board directions (bit i for `Dir::ALL[i]`), its
/// directions first.
const EXITS: [[Dir; 4]; 16] = {
    let mut table = [[Dir::U; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut k = 0;
        let mut i = 0;
        while i < 4 {
            if mask & (1 << i) != 0 {
                table[mask][k] = Dir::ALL[i];
                k += 1;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// The choices of the move lines, drawn from the tape 63 bits at a time.
/// A line makes at most [`LINE_BITS`] bits of choices (a policy among
/// weights summing to at most 16, a cell among 160,000 or a row and a
/// column, a direction), so one draw serves two lines: that halves the
/// tape a long game records and the time spent recording it.
///
/// A choice in `0..k` is the top word of `word · k`, and the rest of the
/// product is what is left for the next choices (about log2(k) bits fewer).
/// A new word is drawn before a line when fewer than `LINE_BITS + 12` bits
/// are left, so every choice is uniform within 2^-12. An all-zero tape
/// still makes every choice 0.
struct Bits {
    word: u64,
    left: u32,
}

const LINE_BITS: u32 = 25;

impl Bits {
    fn new() -> Self {
        Bits { word: 0, left: 0 }
    }

    /// Makes room for the choices of one line.
    fn line(&mut self, src: &mut Source) {
        if self.left < LINE_BITS + 12 {
            self.word = src.below(1 << 63) << 1;
            self.left = 63;
        }
        self.left -= LINE_BITS;
    }

    fn take(&mut self, k: usize) -> usize {
        debug_assert!(
            (1..=1 << 18).contains(&k),
            "a choice among {k} does not fit the bits of a line"
        );
        let p = u128::from(self.word) * k as u128;
        self.word = p as u64;
        (p >> 64) as usize
    }

    /// A policy drawn with the weights of a plan.
    fn policy(&mut self, style: &[u32; 3]) -> Policy {
        let v = self.take(style.iter().sum::<u32>() as usize) as u32;
        POLICIES[usize::from(v >= style[0]) + usize::from(v >= style[0] + style[1])]
    }
}

/// A cell by its 0-based coordinates, `x << 16 | y`: lines are written by
/// coordinates, and keeping them spares a division by the board's width
/// in every line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pos(u32);

impl Pos {
    fn new(x: usize, y: usize) -> Pos {
        Pos((x as u32) << 16 | y as u32)
    }

    fn x(self) -> usize {
        (self.0 >> 16) as usize
    }

    fn y(self) -> usize {
        (self.0 & 0xffff) as usize
    }

    /// The neighbour in direction `d`, which must stay on the board.
    fn step(self, d: Dir) -> Pos {
        // In the order of `Dir`'s variants: U, D, L, R.
        const DELTA: [u32; 4] = [(1u32 << 16).wrapping_neg(), 1 << 16, u32::MAX, 1];
        Pos(self.0.wrapping_add(DELTA[d as usize]))
    }
}

/// Each player's cells holding at least two soldiers, kept lazily: a
/// cell joins its owner's list when it reaches two soldiers, and leaves it
/// when it is moved from through the list or when a draw lands on it and
/// finds it no longer fit (it lost soldiers otherwise). A move touches its
/// source, its target and the castle, so this is O(1) per move, and the
/// membership bits of a 400x400 board (40 KB) stay in cache.
struct Ready {
    items: [Vec<Pos>; 2],
    /// Bit `c` of player `p`'s set while cell `c` is in `items[p]`.
    listed: [Vec<u64>; 2],
}

impl Ready {
    fn new(cells: usize) -> Self {
        let bits = || vec![0; cells.div_ceil(64)];
        Ready {
            items: [Vec::new(), Vec::new()],
            listed: [bits(), bits()],
        }
    }

    fn len(&self, p: Player) -> usize {
        self.items[p.index()].len()
    }

    fn set(&mut self, p: Player, cell: usize, on: bool) {
        let word = &mut self.listed[p.index()][cell / 64];
        let bit = 1 << (cell % 64);
        if on {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// Lists `at` for `p` if it now holds at least two of `p`'s soldiers.
    fn sync(&mut self, board: &Board, p: Player, at: Pos) {
        let cell = index(board, at);
        let listed = self.listed[p.index()][cell / 64] >> (cell % 64) & 1 != 0;
        if !listed && board.own(p, cell) >= 2 {
            self.set(p, cell, true);
            self.items[p.index()].push(at);
        }
    }

    /// The listed cell at index `k` of `p`'s list (or its last one) if it
    /// is still fit, with its index; unfit ones met are dropped and the
    /// cell that takes their place is tried. `None` when `p` has no cell
    /// with two soldiers.
    fn pick(&mut self, board: &Board, p: Player, k: usize) -> Option<(Pos, usize)> {
        while let Some(last) = self.items[p.index()].len().checked_sub(1) {
            let at = k.min(last);
            let pos = self.items[p.index()][at];
            if board.own(p, index(board, pos)) >= 2 {
                return Some((pos, at));
            }
            self.drop(board, p, at);
        }
        None
    }

    /// Unlists the cell at index `at` of `p`'s list.
    fn drop(&mut self, board: &Board, p: Player, at: usize) {
        let pos = self.items[p.index()].swap_remove(at);
        self.set(p, index(board, pos), false);
    }

    /// Drops every cell `p` can no longer move from.
    fn prune(&mut self, board: &Board, p: Player) {
        let mut items = std::mem::take(&mut self.items[p.index()]);
        items.retain(|&pos| {
            let cell = index(board, pos);
            let fit = board.own(p, cell) >= 2;
            if !fit {
                self.set(p, cell, false);
            }
            fit
        });
        self.items[p.index()] = items;
    }
}

/// The board's index of a cell.
fn index(board: &Board, at: Pos) -> usize {
    at.x() * board.m + at.y()
}

struct Sim {
    board: Board,
    ready: Ready,
    bits: Bits,
    /// Each player's castle.
    castles: [Pos; 2],
    /// Each player's last target, the head of an advancing column.
    front: [Option<Pos>; 2],
}

impl Sim {
    fn sync(&mut self, p: Player, at: Pos) {
        self.ready.sync(&self.board, p, at);
    }

    fn own(&self, p: Player, at: Pos) -> i64 {
        self.board.own(p, index(&self.board, at))
    }

    /// A uniformly drawn in-board line (no move is made).
    fn random_line(&mut self, src: &mut Source) -> Move {
        self.bits.line(src);
        self.any_line()
    }

    fn any_line(&mut self) -> Move {
        let x = self.bits.take(self.board.n);
        let y = self.bits.take(self.board.m);
        self.line_from(x, y)
    }

    /// A line from the 0-based cell (`x`, `y`) in any in-board direction.
    fn line_from(&mut self, x: usize, y: usize) -> Move {
        let (dirs, k) = exits(&self.board, x, y);
        line(x, y, dirs[self.bits.take(k)])
    }

    /// One move of `p` by a policy drawn with the plan's weights; returns
    /// the line and whether it won. Before the end every draw is a legal
    /// move; after it (play going on regardless) a mover without soldiers
    /// gets a random in-board line.
    fn step(&mut self, src: &mut Source, p: Player, style: &[u32; 3]) -> (Move, bool) {
        self.bits.line(src);
        let me = p.index();
        let castle = self.castles[me];
        self.board.bonus(p, &mut ());
        self.sync(p, castle);
        let policy = self.bits.policy(style);
        // The source, and its index in the list if it was picked there.
        let source = match policy {
            Policy::Wander => {
                let k = self.bits.take(self.ready.len(p).max(1));
                self.ready
                    .pick(&self.board, p, k)
                    .map(|(s, at)| (s, Some(at)))
            }
            Policy::Advance => Some((
                self.front[me]
                    .filter(|&f| self.own(p, f) >= 2)
                    .unwrap_or(castle),
                None,
            )),
            Policy::Sally => Some((castle, None)),
        };
        let source = match source {
            Some((s, at)) if self.own(p, s) >= 2 => Some((s, at)),
            // Only after the end: a lost castle cannot sally.
            _ => self
                .ready
                .pick(&self.board, p, 0)
                .map(|(s, at)| (s, Some(at))),
        };
        let Some((source, listed_at)) = source else {
            // The draw above may have spent this line's bits.
            return (self.random_line(src), false);
        };
        let (x, y) = (source.x(), source.y());
        let toward = match policy {
            Policy::Advance => {
                let enemy = self.castles[p.other().index()];
                toward(&mut self.bits, (x, y), (enemy.x(), enemy.y()))
            }
            Policy::Wander | Policy::Sally => None,
        };
        let d = toward.unwrap_or_else(|| {
            let (dirs, k) = exits(&self.board, x, y);
            dirs[self.bits.take(k)]
        });
        let target = source.step(d);
        let (from, to) = (index(&self.board, source), index(&self.board, target));
        let shift = self
            .board
            .shift(p, from, to, &mut ())
            .expect("moves are drawn among legal ones");
        // One soldier stays behind: the source can no longer move.
        if let Some(at) = listed_at {
            self.ready.drop(&self.board, p, at);
        }
        self.sync(p, target);
        self.front[me] = Some(target);
        (line(x, y, d), shift.won)
    }
}

/// The move line from the 0-based cell (`x`, `y`).
fn line(x: usize, y: usize, d: Dir) -> Move {
    Move {
        x: x as u32 + 1,
        y: y as u32 + 1,
        d,
    }
}

/// A direction from `from` one step closer to `to` (0-based coordinates).
fn toward(bits: &mut Bits, (fx, fy): (usize, usize), (tx, ty): (usize, usize)) -> Option<Dir> {
    let vertical = (fx != tx).then_some(if tx < fx { Dir::U } else { Dir::D });
    let horizontal = (fy != ty).then_some(if ty < fy { Dir::L } else { Dir::R });
    match (vertical, horizontal) {
        (Some(v), Some(h)) => Some(if bits.take(2) == 1 { h } else { v }),
        (v, h) => v.or(h),
    }
}

fn play(src: &mut Source, plan: &Plan) -> Case {
    let m = plan.m as usize;
    let castle = |cell: usize, count: u64| Castle {
        x: (cell / m + 1) as u32,
        y: (cell % m + 1) as u32,
        count,
    };
    let mut case = Case {
        n: plan.n,
        m: plan.m,
        alice: castle(plan.alice, plan.counts.0),
        bob: castle(plan.bob, plan.counts.1),
        moves: Vec::with_capacity(2 * plan.q),
    };
    let board = Board::new(&case);
    let cells = board.n * board.m;
    let pos = |cell: usize| Pos::new(cell / m, cell % m);
    let castles = [pos(plan.alice), pos(plan.bob)];
    let mut sim = Sim {
        board,
        ready: Ready::new(cells),
        bits: Bits::new(),
        castles,
        front: [None, None],
    };
    sim.sync(Player::Alice, castles[0]);
    sim.sync(Player::Bob, castles[1]);
    let lines = 2 * plan.q;
    let moves = &mut case.moves;
    while moves.len() < lines {
        let (mv, won) = sim.step(src, Player::of_line(moves.len()), &plan.style);
        moves.push(mv);
        if won {
            break;
        }
    }
    if moves.len() == lines {
        return case;
    }
    match *src.choose(&[After::Random, After::Frozen, After::Continue]) {
        After::Random => {
            while moves.len() < lines {
                moves.push(sim.random_line(src));
            }
        }
        After::Frozen => {
            // Nothing moves any more: each player's cells, listed once.
            let mut from = [Vec::new(), Vec::new()];
            for p in [Player::Alice, Player::Bob] {
                sim.ready.prune(&sim.board, p);
                from[p.index()] = sim.ready.items[p.index()]
                    .iter()
                    .map(|&at| (at.x(), at.y()))
                    .collect();
            }
            while moves.len() < lines {
                let cells = &from[Player::of_line(moves.len()).index()];
                sim.bits.line(src);
                let mv = if cells.is_empty() {
                    sim.any_line()
                } else {
                    let (x, y) = cells[sim.bits.take(cells.len())];
                    sim.line_from(x, y)
                };
                moves.push(mv);
            }
        }
        After::Continue => {
            while moves.len() < lines {
                let mv = sim.step(src, Player::of_line(moves.len()), &plan.style).0;
                moves.push(mv);
            }
        }
    }
    case
}
