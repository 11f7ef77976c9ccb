//! Generators (spec section 7).
//!
//! Boards are drawn first and the throw list grows on demand: every game is
//! played on the list drawn so far and more throws are drawn only while some
//! game is still undecided. Extending the list never changes a game that has
//! already ended, so the final list length can be chosen after the fact:
//! exactly "slowest winner + spare", which is how the tight profiles work.
//!
//! Most files draw their throws from a deck, an endless throw stream chosen
//! by a choice that neighbouring seeds share (`Source::shared_below`), not
//! from their own tape. Files on the same deck have lists that are prefixes
//! of one another, so an external program can run many of them packed into
//! one file (`Chutes::pack`); the boards still come from each file's own
//! tape, the rest of the files keep lists drawn freely, and every group of
//! seeds has a deck of its own.

use super::engine::play;
use super::model::{dense_layout, Board, Input, MAX_GAMES, MAX_LINE, MAX_THROWS};
use crate::fault::Budget;
use crate::game::{GameId, Profile};
use crate::source::Source;

pub const PROFILES: &[Profile] = &[
    Profile {
        name: "small",
        about: "one game, 2 players, up to 3 chutes/ladders and 2 specials, tens of throws",
    },
    Profile {
        name: "typical",
        about: "2-10 games, 2-5 players, a few hundred throws on many lines",
    },
    Profile {
        name: "max",
        about: "999 throws, 100 games of 5 players with crowded boards",
    },
    Profile {
        name: "edge",
        about:
            "specials at 94-99, ladders to the 90s, coinciding ends, tight lists, 0 on its own line",
    },
    Profile {
        name: "specials",
        about: "many extra-turn and lose-a-turn squares, mostly near the end",
    },
    Profile {
        name: "tight",
        about: "1-3 games; the slowest winner leaves only one or two throws unused",
    },
];

/// The shape of one profile's files.
struct Shape {
    games: (usize, usize),
    players: (u32, u32),
    jumps: (usize, usize),
    specials: (usize, usize),
    /// Longest throw list this profile may produce.
    cap: usize,
    /// Preferred list length; the slowest winner may force a longer one.
    target: (usize, usize),
    /// Throws left unused after the slowest winner (at least 1).
    spare: (usize, usize),
    /// Whether every game draws its own flavour of board (the edge profile).
    flavoured: bool,
    /// Board flavour when not `flavoured`.
    flavour: Flavour,
    /// Probability that the terminating 0 goes on a line of its own.
    zero_alone: f64,
}

/// Biases of one board.
#[derive(Clone, Copy, Default)]
struct Flavour {
    /// Chance that a special square is taken from the 88..99 range.
    specials_near_end: f64,
    /// Chance that a special is a lose-a-turn square.
    lose: f64,
    /// Chance that a ladder ends on 95..99.
    ladder_to_top: f64,
    /// Chance that a chute/ladder starts in the 90s.
    start_in_90s: f64,
    /// Chance that a new end equals an existing start or end.
    coincide: f64,
    /// Chance that a ladder starts on 1..6 (games decided in a few throws).
    quick: f64,
    /// Chance that a lose-a-turn square sits on 1..12 (many pending misses).
    stall: f64,
}

const PLAIN: Flavour = Flavour {
    specials_near_end: 0.0,
    lose: 0.5,
    ladder_to_top: 0.0,
    start_in_90s: 0.0,
    coincide: 0.0,
    quick: 0.0,
    stall: 0.0,
};

const EDGE_FLAVOURS: &[Flavour] = &[
    PLAIN,
    Flavour {
        specials_near_end: 0.9,
        lose: 0.4,
        ..PLAIN
    },
    Flavour {
        ladder_to_top: 0.7,
        start_in_90s: 0.5,
        ..PLAIN
    },
    Flavour {
        coincide: 0.7,
        ..PLAIN
    },
    Flavour {
        quick: 0.8,
        ladder_to_top: 0.8,
        ..PLAIN
    },
    Flavour {
        stall: 0.8,
        lose: 0.8,
        ..PLAIN
    },
];

fn shape(profile: &str) -> Shape {
    let base = Shape {
        games: (1, 1),
        players: (2, 2),
        jumps: (0, 3),
        specials: (0, 2),
        cap: 150,
        target: (20, 60),
        spare: (1, 10),
        flavoured: false,
        flavour: PLAIN,
        zero_alone: 0.1,
    };
    match profile {
        "typical" => Shape {
            games: (2, 10),
            players: (2, 5),
            jumps: (0, 20),
            specials: (0, 12),
            cap: MAX_THROWS,
            target: (150, 450),
            ..base
        },
        "max" => Shape {
            games: (100, 100),
            players: (5, 5),
            jumps: (30, 45),
            specials: (10, 20),
            cap: MAX_THROWS,
            target: (MAX_THROWS, MAX_THROWS),
            ..base
        },
        "edge" => Shape {
            games: (1, 12),
            players: (2, 5),
            jumps: (0, 12),
            specials: (0, 10),
            cap: MAX_THROWS,
            target: (1, 300),
            spare: (1, 2),
            flavoured: true,
            zero_alone: 0.5,
            ..base
        },
        "specials" => Shape {
            games: (1, 6),
            players: (2, 5),
            jumps: (0, 8),
            specials: (6, 25),
            cap: MAX_THROWS,
            target: (50, 300),
            flavour: Flavour {
                specials_near_end: 0.7,
                lose: 0.4,
                ..PLAIN
            },
            ..base
        },
        "tight" => Shape {
            games: (1, 3),
            players: (2, 5),
            jumps: (0, 10),
            specials: (0, 6),
            cap: MAX_THROWS,
            target: (1, 1),
            spare: (1, 2),
            ..base
        },
        _ => base,
    }
}

pub fn generate(src: &mut Source, profile: &str) -> Input {
    let shape = shape(profile);
    src.attempt(8, |src| try_generate(src, &shape), |_| fallback())
}

/// Valid by construction and independent of the tape: on a plain board with
/// two players and only 1s, player 1 wins with throw 199 of 200.
fn fallback() -> Input {
    Input {
        throw_lines: dense_layout(&[1; 200], 40),
        games: vec![Board {
            players: 2,
            ..Board::default()
        }],
    }
}

fn range(src: &mut Source, (lo, hi): (usize, usize)) -> usize {
    src.usize_in(lo, hi)
}

/// Share of files (outside `max`, which packs with nothing) that use a deck.
const ON_A_DECK: f64 = 0.9;
/// Keeps deck streams apart from the streams of per-case seeds.
const DECK_SEED: u64 = 0xdec0_0000_0000_0000;

/// Where a file's throws come from.
enum Throws {
    Tape,
    Deck(Source<'static>),
}

fn try_generate(src: &mut Source, shape: &Shape) -> Option<Input> {
    let mut throws = if shape.games.0 < MAX_GAMES && src.bool(ON_A_DECK) {
        Throws::Deck(Source::seeded(
            GameId::Chutes,
            DECK_SEED ^ src.shared_below(u64::MAX),
        ))
    } else {
        Throws::Tape
    };
    let throws = &mut throws;
    let n_games = range(src, shape.games);
    let mut stream: Vec<u32> = Vec::new();
    let mut games = Vec::with_capacity(n_games);
    let mut slowest = 0;
    for _ in 0..n_games {
        let flavour = if shape.flavoured {
            *src.choose(EDGE_FLAVOURS)
        } else {
            shape.flavour
        };
        let (board, used) = board_that_finishes(src, throws, shape, &flavour, &mut stream)?;
        slowest = slowest.max(used);
        games.push(board);
    }
    let spare = range(src, shape.spare).max(1);
    let target = range(src, shape.target);
    let k = target.max(slowest + spare).min(shape.cap);
    extend(src, throws, &mut stream, k);
    stream.truncate(k);
    Some(Input {
        throw_lines: layout(src, &stream, shape.zero_alone),
        games,
    })
}

/// Draws boards until one ends with at least one throw of the cap unused,
/// growing the shared stream as far as that needs.
fn board_that_finishes(
    src: &mut Source,
    throws: &mut Throws,
    shape: &Shape,
    flavour: &Flavour,
    stream: &mut Vec<u32>,
) -> Option<(Board, usize)> {
    for _ in 0..20 {
        let board = draw_board(src, shape, flavour);
        if let Some(used) = finishes(src, throws, &board, stream, shape.cap) {
            return Some((board, used));
        }
        if src.is_exhausted() {
            break;
        }
    }
    None
}

/// Throws used by the winner, drawing more throws while the game is open.
fn finishes(
    src: &mut Source,
    throws: &mut Throws,
    board: &Board,
    stream: &mut Vec<u32>,
    cap: usize,
) -> Option<usize> {
    loop {
        let f = play(stream, board, &mut Budget::default()).ok()?;
        if let Some(f) = f {
            return Some(f.used);
        }
        if stream.len() >= cap - 1 {
            return None;
        }
        let more = (stream.len() + 50).min(cap - 1);
        extend(src, throws, stream, more);
    }
}

fn extend(src: &mut Source, throws: &mut Throws, stream: &mut Vec<u32>, len: usize) {
    fn fill(from: &mut Source<'_>, stream: &mut Vec<u32>, len: usize) {
        while stream.len() < len {
            stream.push(from.int_in(1, 6) as u32);
        }
    }
    match throws {
        Throws::Tape => fill(src, stream, len),
        Throws::Deck(deck) => fill(deck, stream, len),
    }
}

fn draw_board(src: &mut Source, shape: &Shape, f: &Flavour) -> Board {
    let players = src.int_in(i64::from(shape.players.0), i64::from(shape.players.1)) as u32;
    let n_jumps = range(src, shape.jumps);
    let n_specials = range(src, shape.specials);
    let mut jumps: Vec<(u32, u32)> = Vec::new();
    let mut free_starts: Vec<u32> = (1..=99).collect();
    for _ in 0..n_jumps {
        let s = if src.bool(f.quick) {
            pick(src, &mut free_starts, |s| s <= 6)
        } else if src.bool(f.start_in_90s) {
            pick(src, &mut free_starts, |s| s >= 90)
        } else {
            pick(src, &mut free_starts, |_| true)
        };
        let Some(s) = s else { break };
        let ladder = s == 1 || (s < 99 && !src.bool(0.5));
        let endpoints: Vec<u32> = jumps
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter(|&x| x != s && (x > s) == ladder)
            .collect();
        let e = if !endpoints.is_empty() && src.bool(f.coincide) {
            *src.choose(&endpoints)
        } else if ladder {
            let lo = if src.bool(f.ladder_to_top) {
                (s + 1).max(95)
            } else {
                s + 1
            };
            src.int_in(i64::from(lo), 99) as u32
        } else if s >= 90 && src.bool(f.start_in_90s) {
            src.int_in(1, i64::from((s - 1).min(20))) as u32
        } else {
            src.int_in(1, i64::from(s - 1)) as u32
        };
        jumps.push((s, e));
    }
    let mut free: Vec<u32> = (1..=99)
        .filter(|&k| !jumps.iter().any(|&(s, e)| s == k || e == k))
        .collect();
    let mut specials = Vec::new();
    for _ in 0..n_specials {
        let lose = src.bool(f.lose);
        let k = if lose && src.bool(f.stall) {
            pick(src, &mut free, |k| k <= 12)
        } else if src.bool(f.specials_near_end) {
            pick(src, &mut free, |k| k >= 88)
        } else {
            pick(src, &mut free, |_| true)
        };
        let Some(k) = k else { break };
        specials.push(if lose { -i64::from(k) } else { i64::from(k) });
    }
    Board {
        players,
        jumps,
        specials,
    }
}

/// Removes and returns a square of `pool` satisfying `want`, or any square
/// when none does (so a crowded board never stalls the draw).
fn pick(src: &mut Source, pool: &mut Vec<u32>, want: impl Fn(u32) -> bool) -> Option<u32> {
    if pool.is_empty() {
        return None;
    }
    let wanted: Vec<usize> = (0..pool.len()).filter(|&i| want(pool[i])).collect();
    let i = if wanted.is_empty() {
        src.below(pool.len() as u64) as usize
    } else {
        *src.choose(&wanted)
    };
    Some(pool.remove(i))
}

/// Lines of `per_line` values (dense by default), sometimes ragged, with the
/// 0 alone on a new line when it does not fit or when drawn so.
fn layout(src: &mut Source, throws: &[u32], zero_alone: f64) -> Vec<Vec<u32>> {
    // One-digit values: n values take 2n - 1 characters.
    let widest = MAX_LINE.div_ceil(2);
    let per_line = widest - src.below(widest as u64 - 1) as usize;
    let ragged = src.bool(0.3);
    let mut lines = Vec::new();
    let mut rest = throws;
    while !rest.is_empty() {
        let n = if ragged {
            src.usize_in(1, per_line)
        } else {
            per_line
        };
        let (line, tail) = rest.split_at(n.min(rest.len()));
        lines.push(line.to_vec());
        rest = tail;
    }
    // n values and " 0" take 2n + 1 characters.
    let last_fits = lines.last().is_some_and(|l| 2 * l.len() < MAX_LINE);
    if !last_fits || src.bool(zero_alone) {
        lines.push(Vec::new());
    }
    lines
}
