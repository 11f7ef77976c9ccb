//! The profiles and their generators. Every case is simulated while it is
//! drawn, and every executed move is picked among the mover's legal moves,
//! so any tape gives a legal game. The mover's cells holding at least two
//! soldiers are kept in an indexed set updated per move (a move changes at
//! most three cells), which keeps a 2·10^6-move max input cheap to draw.

use super::engine::{Board, Player};
use super::model::{Case, Castle, Dir, Input, Move};
use super::validate::{MAX_COUNT, MAX_Q, MAX_SIDE, MAX_T};
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
    let dirs = in_board(&board, alice);
    let bob = board
        .neighbour(alice, *src.choose(&dirs))
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

fn in_board(board: &Board, cell: usize) -> Vec<Dir> {
    Dir::ALL
        .into_iter()
        .filter(|&d| board.neighbour(cell, d).is_some())
        .collect()
}

/// An indexed set of cells: O(1) insert, remove and draw by index.
struct CellSet {
    items: Vec<usize>,
    /// Position in `items` plus one; 0 when absent.
    slot: Vec<u32>,
}

impl CellSet {
    fn new(cells: usize) -> Self {
        CellSet {
            items: Vec::new(),
            slot: vec![0; cells],
        }
    }

    fn set(&mut self, cell: usize, present: bool) {
        let s = self.slot[cell] as usize;
        if present && s == 0 {
            self.items.push(cell);
            self.slot[cell] = self.items.len() as u32;
        } else if !present && s != 0 {
            let last = *self.items.last().expect("non-empty");
            self.items.swap_remove(s - 1);
            if last != cell {
                self.slot[last] = s as u32;
            }
            self.slot[cell] = 0;
        }
    }
}

struct Sim {
    board: Board,
    /// Each player's cells holding at least two soldiers.
    ready: [CellSet; 2],
    /// Each player's last target, the head of an advancing column.
    front: [Option<usize>; 2],
}

impl Sim {
    fn sync(&mut self, cell: usize) {
        for p in [Player::Alice, Player::Bob] {
            let ok = self.board.own(p, cell) >= 2;
            self.ready[p.index()].set(cell, ok);
        }
    }

    /// A uniformly drawn in-board line (no move is made).
    fn random_line(&self, src: &mut Source) -> Move {
        let cell = src.below((self.board.n * self.board.m) as u64) as usize;
        self.line_from(src, cell)
    }

    fn line_from(&self, src: &mut Source, cell: usize) -> Move {
        let d = *src.choose(&in_board(&self.board, cell));
        self.line(cell, d)
    }

    fn line(&self, cell: usize, d: Dir) -> Move {
        let (x, y) = self.board.coords(cell);
        Move { x, y, d }
    }

    /// One move of `p` by `policy`; returns the line and whether it won.
    /// Before the end every draw is a legal move; after it (play going on
    /// regardless) a mover without soldiers gets a random in-board line.
    fn step(&mut self, src: &mut Source, p: Player, style: &[u32; 3]) -> (Move, bool) {
        let castle = self.board.castles[p.index()];
        self.board.bonus(p, &mut ());
        self.sync(castle);
        let ready = &self.ready[p.index()].items;
        if ready.is_empty() {
            return (self.random_line(src), false);
        }
        let policy = POLICIES[src.weighted(style)];
        let source = match policy {
            Policy::Wander => ready[src.below(ready.len() as u64) as usize],
            Policy::Advance => self.front[p.index()]
                .filter(|&f| self.board.own(p, f) >= 2)
                .unwrap_or(castle),
            Policy::Sally => castle,
        };
        let source = if self.board.own(p, source) >= 2 {
            source
        } else {
            // Only after the end: a lost castle cannot sally.
            ready[0]
        };
        let enemy = self.board.castles[p.other().index()];
        let toward = match policy {
            Policy::Advance => self.toward(src, source, enemy),
            Policy::Wander | Policy::Sally => None,
        };
        let d = match toward {
            Some(d) => d,
            None => *src.choose(&in_board(&self.board, source)),
        };
        let shift = self
            .board
            .shift(p, source, d, &mut ())
            .expect("moves are drawn among legal ones");
        self.sync(source);
        self.sync(shift.target);
        self.front[p.index()] = Some(shift.target);
        (self.line(source, d), shift.won)
    }

    /// A direction from `from` one step closer to `to`.
    fn toward(&self, src: &mut Source, from: usize, to: usize) -> Option<Dir> {
        let ((fx, fy), (tx, ty)) = (self.board.coords(from), self.board.coords(to));
        let vertical = (fx != tx).then_some(if tx < fx { Dir::U } else { Dir::D });
        let horizontal = (fy != ty).then_some(if ty < fy { Dir::L } else { Dir::R });
        match (vertical, horizontal) {
            (Some(v), Some(h)) => Some(if src.bool(0.5) { h } else { v }),
            (v, h) => v.or(h),
        }
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
    let mut sim = Sim {
        board,
        ready: [CellSet::new(cells), CellSet::new(cells)],
        front: [None, None],
    };
    sim.sync(plan.alice);
    sim.sync(plan.bob);
    let mut after = None;
    for i in 0..2 * plan.q {
        let p = Player::of_line(i);
        let mv = match after {
            None => {
                let (mv, won) = sim.step(src, p, &plan.style);
                if won {
                    after = Some(*src.choose(&[After::Random, After::Frozen, After::Continue]));
                }
                mv
            }
            Some(After::Random) => sim.random_line(src),
            Some(After::Frozen) => {
                let ready = &sim.ready[p.index()].items;
                if ready.is_empty() {
                    sim.random_line(src)
                } else {
                    let cell = ready[src.below(ready.len() as u64) as usize];
                    sim.line_from(src, cell)
                }
            }
            Some(After::Continue) => sim.step(src, p, &plan.style).0,
        };
        case.moves.push(mv);
    }
    case
}
