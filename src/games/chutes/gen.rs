//! Generators (spec section 7).
//!
//! A file's throws are drawn as its games need them, about what their
//! players usually use, and each board is drawn once and played once on
//! them: a game that ends on a list ends the same way on any longer list
//! starting with it, so the final list length can be chosen afterwards,
//! exactly "slowest winner + spare" in the tight profiles. A game still
//! open at the end of what was drawn gets the rest of the list up to the
//! cap and is played again, and a board that cannot finish even then is
//! drawn again; twice unlucky, it becomes a board that finishes by
//! construction on the list at hand (a ladder from player 1's first throw
//! to where its second throw reaches 100).
//!
//! Most files draw their throws from a deck, an endless throw stream chosen
//! by a choice that neighbouring seeds share (`Source::shared_below`), not
//! from their own tape. Files on the same deck have lists that are prefixes
//! of one another, so an external program can run many of them packed into
//! one file (`Chutes::pack`); the boards still come from each file's own
//! tape, the rest of the files keep lists drawn freely, and every group of
//! seeds has a deck of its own.
//!
//! Choices are drawn in bulk, for speed: 22 throws per choice, and the small
//! choices of boards and layout read from large choices (see [`Source::small`]).

use super::engine::play;
use super::model::{Board, Input, MAX_GAMES, MAX_LINE, MAX_THROWS};
use crate::fault::Budget;
use crate::game::Profile;
use crate::source::{mix64, Source};

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

/// The shape of one profile's files. Chances are in tenths.
struct Shape {
    games: (usize, usize),
    players: (usize, usize),
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
    /// Chance that the terminating 0 goes on a line of its own.
    zero_alone: u64,
}

/// Biases of one board, as chances in tenths.
#[derive(Clone, Copy, Default)]
struct Flavour {
    /// Chance that a special square is taken from the 88..99 range.
    specials_near_end: u64,
    /// Chance that a special is a lose-a-turn square.
    lose: u64,
    /// Chance that a ladder ends on 95..99.
    ladder_to_top: u64,
    /// Chance that a chute/ladder starts in the 90s.
    start_in_90s: u64,
    /// Chance that a new end equals an existing start or end.
    coincide: u64,
    /// Chance that a ladder starts on 1..6 (games decided in a few throws).
    quick: u64,
    /// Chance that a lose-a-turn square sits on 1..12 (many pending misses).
    stall: u64,
}

const PLAIN: Flavour = Flavour {
    specials_near_end: 0,
    lose: 5,
    ladder_to_top: 0,
    start_in_90s: 0,
    coincide: 0,
    quick: 0,
    stall: 0,
};

const EDGE_FLAVOURS: &[Flavour] = &[
    PLAIN,
    Flavour {
        specials_near_end: 9,
        lose: 4,
        ..PLAIN
    },
    Flavour {
        ladder_to_top: 7,
        start_in_90s: 5,
        ..PLAIN
    },
    Flavour {
        coincide: 7,
        ..PLAIN
    },
    Flavour {
        quick: 8,
        ladder_to_top: 8,
        ..PLAIN
    },
    Flavour {
        stall: 8,
        lose: 8,
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
        zero_alone: 1,
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
            zero_alone: 5,
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
                specials_near_end: 7,
                lose: 4,
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

/// Throws drawn per player before a game is played: winners use about 25
/// per player, and more than 48 in about one game of fifty; a game still
/// open then gets the rest of the list up to the cap and is played again.
const THROWS_PER_PLAYER: usize = 48;
/// Boards drawn for a game before the one that finishes by construction.
const BOARD_TRIES: usize = 2;

pub fn generate(src: &mut Source, profile: &str) -> Input {
    let shape = shape(profile);
    let mut stream = Stream::new(src, &shape);
    let n_games = src.small_in(shape.games.0, shape.games.1);
    let spare = src.small_in(shape.spare.0, shape.spare.1).max(1);
    let target = src.small_in(shape.target.0, shape.target.1);
    let mut games = Vec::with_capacity(n_games);
    let mut slowest = 0;
    for _ in 0..n_games {
        let flavour = if shape.flavoured {
            EDGE_FLAVOURS[src.small(EDGE_FLAVOURS.len() as u64) as usize]
        } else {
            shape.flavour
        };
        let (board, used) = board_that_finishes(src, &mut stream, &shape, &flavour);
        slowest = slowest.max(used);
        games.push(board);
    }
    // Every winner used at most `shape.cap - 1` throws, so at least one is
    // unused.
    let k = target.max(slowest + spare).min(shape.cap);
    stream.extend(src, k);
    Input {
        throw_lines: layout(src, &stream.throws[..k], shape.zero_alone),
        games,
    }
}

/// Share of files (outside `max`, which packs with nothing) that use a deck.
const ON_A_DECK: f64 = 0.9;
/// Keeps deck streams apart from the streams of per-case seeds.
const DECK_SEED: u64 = 0xdec0_0000_0000_0000;
/// Throws per choice, as its base-6 digits.
const CHUNK: usize = 22;
const CHUNKS: u64 = 6u64.pow(CHUNK as u32);

/// An endless throw stream keyed by a choice: SplitMix64 in counter mode,
/// each word below the last whole multiple of `CHUNKS` read as a chunk (so
/// every throw is exactly uniform), the rare word above it skipped.
struct Deck {
    key: u64,
    next: u64,
}

impl Deck {
    fn chunk(&mut self) -> u64 {
        const WHOLE: u64 = u64::MAX / CHUNKS * CHUNKS;
        loop {
            let word = mix64(self.key ^ mix64(self.next));
            self.next += 1;
            if word < WHOLE {
                return word % CHUNKS;
            }
        }
    }
}

/// The throw list as far as drawn, from the file's own tape or a deck.
struct Stream {
    throws: Vec<u32>,
    deck: Option<Deck>,
}

impl Stream {
    fn new(src: &mut Source, shape: &Shape) -> Stream {
        let deck = (shape.games.0 < MAX_GAMES && src.bool(ON_A_DECK)).then(|| Deck {
            key: DECK_SEED ^ src.shared_below(u64::MAX),
            next: 0,
        });
        Stream {
            throws: Vec::with_capacity(shape.cap + CHUNK),
            deck,
        }
    }

    /// Draws throws, a chunk per choice, until there are at least `len`.
    fn extend(&mut self, src: &mut Source, len: usize) {
        while self.throws.len() < len {
            let mut v = match &mut self.deck {
                Some(deck) => deck.chunk(),
                None => src.below(CHUNKS),
            };
            for _ in 0..CHUNK {
                self.throws.push((v % 6) as u32 + 1);
                v /= 6;
            }
        }
    }
}

/// A board for one game and the throws its winner uses, at most
/// `shape.cap - 1`.
fn board_that_finishes(
    src: &mut Source,
    stream: &mut Stream,
    shape: &Shape,
    flavour: &Flavour,
) -> (Board, usize) {
    let limit = shape.cap - 1;
    let mut players = 2;
    for _ in 0..BOARD_TRIES {
        let board = draw_board(src, shape, flavour);
        players = board.players;
        if let Some(used) = finishes(src, stream, &board, limit) {
            return (board, used);
        }
        if src.is_exhausted() {
            break;
        }
    }
    quick_board(&stream.throws, players)
}

/// Throws used by the winner within the first `limit`, drawing the rest of
/// them when the game is still open after those drawn so far.
fn finishes(src: &mut Source, stream: &mut Stream, board: &Board, limit: usize) -> Option<usize> {
    stream.extend(src, (THROWS_PER_PLAYER * board.players as usize).min(limit));
    loop {
        let drawn = stream.throws.len().min(limit);
        match play(&stream.throws[..drawn], board, &mut Budget::default()).ok()? {
            Some(f) => return Some(f.used),
            None if drawn < limit => stream.extend(src, limit),
            None => return None,
        }
    }
}

/// A board on which player 1 wins with its second throw, whatever the list:
/// a ladder from its first throw to 100 minus its second. Everyone else
/// throws once in between (and may take the same ladder), so the winner
/// uses `players + 1` throws, fewer than any profile's list holds.
fn quick_board(throws: &[u32], players: u32) -> (Board, usize) {
    let p = players as usize;
    let board = Board {
        players,
        jumps: vec![(throws[0], 100 - throws[p])],
        specials: Vec::new(),
    };
    debug_assert_eq!(
        play(&throws[..=p], &board, &mut Budget::default()).map(|f| f.map(|f| f.used)),
        Ok(Some(p + 1))
    );
    (board, p + 1)
}

/// Squares 1..=99 as bits of the same number.
type Squares = u128;

/// `UP_TO[k]`: squares `1..=k`.
const UP_TO: [Squares; 100] = {
    let mut up_to = [0; 100];
    let mut k = 1;
    while k < 100 {
        up_to[k] = up_to[k - 1] | 1 << k;
        k += 1;
    }
    up_to
};

/// Square `k` (`1..=99`) alone.
fn square_bit(k: u32) -> Squares {
    UP_TO[k as usize] ^ UP_TO[k as usize - 1]
}

/// Squares `lo..=hi` (`1 <= lo`, `hi <= 99`).
fn squares(lo: u32, hi: u32) -> Squares {
    UP_TO[hi as usize] & !UP_TO[lo as usize - 1]
}

/// The first square of `set` from `from` (`1..=99`) on, wrapping around.
fn probe(set: Squares, from: u32) -> Option<u32> {
    let after = set & !UP_TO[from as usize - 1];
    match (after, set) {
        (0, 0) => None,
        (0, _) => Some(set.trailing_zeros()),
        _ => Some(after.trailing_zeros()),
    }
}

/// A square of `free` in `lo..=hi`, or anywhere in `free` when none is (so
/// a crowded board never stalls the draw); `None` when `free` is empty.
/// A drawn square that is taken gives way to the next free one: a few
/// squares are likelier than others on crowded boards, and it takes no
/// counting.
fn square(src: &mut Source, free: Squares, (lo, hi): (u32, u32)) -> Option<u32> {
    let from = lo + src.small(u64::from(hi - lo + 1)) as u32;
    let wanted = free & squares(lo, hi);
    probe(if wanted != 0 { wanted } else { free }, from)
}

fn draw_board(src: &mut Source, shape: &Shape, f: &Flavour) -> Board {
    let players = src.small_in(shape.players.0, shape.players.1) as u32;
    let n_jumps = src.small_in(shape.jumps.0, shape.jumps.1);
    let n_specials = src.small_in(shape.specials.0, shape.specials.1);
    let all = squares(1, 99);
    let mut jumps: Vec<(u32, u32)> = Vec::with_capacity(n_jumps);
    let mut starts: Squares = 0;
    let mut endpoints: Squares = 0;
    for _ in 0..n_jumps {
        let range = if src.small_chance(f.quick, 10) {
            (1, 6)
        } else if src.small_chance(f.start_in_90s, 10) {
            (90, 99)
        } else {
            (1, 99)
        };
        let Some(s) = square(src, all & !starts, range) else {
            break;
        };
        let ladder = s == 1 || (s < 99 && src.small(2) == 0);
        let side = if ladder {
            squares(s + 1, 99)
        } else {
            squares(1, s - 1)
        };
        let coincide = endpoints & side;
        let e = if coincide != 0 && src.small_chance(f.coincide, 10) {
            probe(coincide, 1 + src.small(99) as u32).expect("not empty")
        } else if ladder {
            let lo = if src.small_chance(f.ladder_to_top, 10) {
                (s + 1).max(95)
            } else {
                s + 1
            };
            src.small_in(lo as usize, 99) as u32
        } else if s >= 90 && src.small_chance(f.start_in_90s, 10) {
            src.small_in(1, (s as usize - 1).min(20)) as u32
        } else {
            src.small_in(1, s as usize - 1) as u32
        };
        jumps.push((s, e));
        starts |= square_bit(s);
        endpoints |= square_bit(s) | square_bit(e);
    }
    let mut free = all & !endpoints;
    let mut specials = Vec::with_capacity(n_specials);
    for _ in 0..n_specials {
        let lose = src.small_chance(f.lose, 10);
        let range = if lose && src.small_chance(f.stall, 10) {
            (1, 12)
        } else if src.small_chance(f.specials_near_end, 10) {
            (88, 99)
        } else {
            (1, 99)
        };
        let Some(k) = square(src, free, range) else {
            break;
        };
        free &= !square_bit(k);
        specials.push(if lose { -i64::from(k) } else { i64::from(k) });
    }
    Board {
        players,
        jumps,
        specials,
    }
}

/// Lines of `per_line` values (dense by default), sometimes ragged, with the
/// 0 alone on a new line when it does not fit or when drawn so.
fn layout(src: &mut Source, throws: &[u32], zero_alone: u64) -> Vec<Vec<u32>> {
    // One-digit values: n values take 2n - 1 characters.
    let widest = MAX_LINE.div_ceil(2);
    let per_line = widest - src.small(widest as u64 - 1) as usize;
    let ragged = src.small_chance(3, 10);
    let mut lines = Vec::with_capacity(throws.len() / per_line + 2);
    let mut rest = throws;
    while !rest.is_empty() {
        let n = if ragged {
            src.small_in(1, per_line)
        } else {
            per_line
        };
        let (line, tail) = rest.split_at(n.min(rest.len()));
        lines.push(line.to_vec());
        rest = tail;
    }
    // n values and " 0" take 2n + 1 characters.
    let last_fits = lines
        .last()
        .is_some_and(|l: &Vec<u32>| 2 * l.len() < MAX_LINE);
    if !last_fits || src.small_chance(zero_alone, 10) {
        lines.push(Vec::new());
    }
    lines
}
