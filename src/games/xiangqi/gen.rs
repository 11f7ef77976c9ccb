//! Generators (spec section 7). Every case is built, never filtered: no
//! draw is thrown away for breaking a rule, and the answer is decided as
//! the case is built rather than asked of a solver afterwards.
//!
//! A case starts with the two generals and at once a red piece giving
//! check; the points that check needs empty (its line to the black
//! general, or its horse leg) are kept empty for good. Every later piece
//! (the family's own, then the rest) goes on a point neither taken nor
//! kept, so it may add attacks but never takes the check away, and the
//! kinds come from a bag holding at most two of each.
//!
//! Steered profiles draw the answer first. For a mate, pieces go where they
//! attack the most moves still free (a spare kind of the bag may join when
//! the planned ones cannot), and every move's attack is kept like the
//! check. For an escape, the pieces are placed freely, which leaves a move
//! open most of the time. The draft knows its answer as it is built (the
//! attacks on each move, on its own bit sets); when a construction falls
//! short (a mate the bag cannot complete, a free draw that mates), the case
//! is drawn again, a few times at most.

use super::model::{Case, Input, Kind, Piece, Point, MAX_CASES, MAX_PIECES};
use crate::game::Profile;
use crate::source::Source;

pub const PROFILES: &[Profile] = &[
    Profile {
        name: "small",
        about: "one case, the red general plus one or two attackers",
    },
    Profile {
        name: "typical",
        about: "a few cases, 1-6 pieces near the black palace, about half checkmate",
    },
    Profile {
        name: "max",
        about: "40 cases with all seven red pieces",
    },
    Profile {
        name: "edge",
        about: "a mix of every special family: palace corners, captures, screens, horse legs, facing generals, board edges",
    },
    Profile {
        name: "facing",
        about: "the red general on the black general's file, open or blocked, with pieces above the black general",
    },
    Profile {
        name: "capture",
        about: "red pieces next to the black general, defended or not",
    },
    Profile {
        name: "screens",
        about: "cannons screened by the red general, another piece or the black general itself",
    },
    Profile {
        name: "horses",
        about: "horses a jump away from the black general's moves or the red general, legs blocked or free",
    },
];

/// Draws of a case per wanted answer; the last draw is kept otherwise (it
/// is valid all the same).
const TRIES: usize = 4;

pub fn generate(src: &mut Source, profile: &str) -> Input {
    let dice = &mut Dice::new(src);
    let (count, family): (usize, Family) = match profile {
        "typical" => (dice.range(1, 8), |s, aim| scatter(s, (1, 6), 6, aim)),
        "max" => (MAX_CASES, |s, aim| scatter(s, (6, 6), 6, aim)),
        "edge" => (dice.range(1, 12), edge),
        "facing" => (dice.range(1, 6), facing),
        "capture" => (dice.range(1, 6), capture),
        "screens" => (dice.range(1, 6), screens),
        "horses" => (dice.range(1, 6), horses),
        _ => (1, |s, aim| scatter(s, (1, 2), 2, aim)),
    };
    // Facing generals always answer NO; steering would hide them.
    let steer = profile != "facing";
    let cases = (0..count).map(|_| balanced(dice, family, steer)).collect();
    Input { cases }
}

/// What a case is built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aim {
    Mate,
    /// A safe move for the black general.
    Escape,
    /// Either.
    Any,
}

/// Draws one case for an aim.
type Family = fn(&mut Dice, Aim) -> Draft;

/// A case from `family`, with a drawn answer when `steer`.
fn balanced(dice: &mut Dice, family: Family, steer: bool) -> Case {
    let aim = match (steer, dice.chance(1, 2)) {
        (false, _) => Aim::Any,
        (true, true) => Aim::Mate,
        (true, false) => Aim::Escape,
    };
    let mut d = family(dice, aim);
    for _ in 1..TRIES {
        if aim == Aim::Any || d.answer() == (aim == Aim::Mate) || dice.is_exhausted() {
            break;
        }
        d = family(dice, aim);
    }
    #[cfg(debug_assertions)]
    let claimed = (d.answer(), d.mated());
    let case = d.finish();
    #[cfg(debug_assertions)]
    check_draft(&case, claimed);
    case
}

/// What the construction promises, checked against the validator and the
/// engine wherever debug assertions are on (the tests).
#[cfg(debug_assertions)]
fn check_draft(case: &Case, (answer, mated): (bool, bool)) {
    use super::{engine, validate::validate_case};
    if let Err(e) = validate_case(1, case) {
        panic!("generated an invalid case ({e}): {case:?}");
    }
    let engine = engine::checkmated(case, &mut crate::fault::Budget::default(), &mut ())
        .expect("tiny positions fit any budget");
    assert_eq!(
        engine, mated,
        "the draft and the engine disagree on {case:?}"
    );
    assert_eq!(
        engine, answer,
        "the construction promised otherwise: {case:?}"
    );
}

/// A set of board points, bit `9 (r - 1) + (c - 1)` for point (r, c).
type Points = u128;

const fn index((r, c): Point) -> u32 {
    (r - 1) * 9 + (c - 1)
}

const fn bit(p: Point) -> Points {
    1 << index(p)
}

fn point(i: u32) -> Point {
    (i / 9 + 1, i % 9 + 1)
}

/// Rows `r0..=r1` by columns `c0..=c1`.
const fn rect(r0: u32, r1: u32, c0: u32, c1: u32) -> Points {
    let mut set = 0;
    let mut r = r0;
    while r <= r1 {
        let mut c = c0;
        while c <= c1 {
            set |= bit((r, c));
            c += 1;
        }
        r += 1;
    }
    set
}

/// Rows `r0..=r1` (1-based, empty when `r0 > r1`), in a few operations.
fn rows(r0: u32, r1: u32) -> Points {
    let upto = |r: u32| (1 << (9 * r.min(10))) - 1;
    upto(r1) & !upto(r0.max(1) - 1)
}

/// Column c at index c (index 0 unused).
const COLUMNS: [Points; 10] = {
    let mut columns = [0; 10];
    let mut c = 1;
    while c <= 9 {
        columns[c] = rect(1, 10, c as u32, c as u32);
        c += 1;
    }
    columns
};
const BOARD: Points = rect(1, 10, 1, 9);
/// Rows 1-6, columns 2-8: where pieces usually matter.
const NEAR: Points = rect(1, 6, 2, 8);
const EDGES: Points = rect(1, 1, 1, 9) | rect(10, 10, 1, 9) | rect(1, 10, 1, 1) | rect(1, 10, 9, 9);
const BLACK_PALACE: Points = rect(1, 3, 4, 6);
const RED_PALACE: Points = rect(8, 10, 4, 6);

/// One point of a non-empty set; choice 0 is the top-left one.
fn pick(dice: &mut Dice, set: Points) -> Point {
    nth(set, dice.below(u64::from(set.count_ones())) as u32)
}

/// The tape as the generators read it. A choice on the tape is read as a
/// binary fraction of 63 bits; a small choice in `0..n` is the integer part
/// of the fraction times `n`, and the fractional part is kept for the next
/// one, which therefore has about `log2 n` bits less to go on. A new choice
/// is drawn when fewer than 21 bits remain: every value of `0..n` is as
/// likely as any other to within `n / 2^21` (one part in 2,000 for the
/// largest bound here, 720). A choice on the tape (and a division) costs
/// more than the small choice itself; an all-zero tape still reads 0
/// everywhere.
pub struct Dice<'s, 'a> {
    src: &'s mut Source<'a>,
    fraction: u64,
    /// Bits of `fraction` still unused.
    bits: u32,
}

impl<'s, 'a> Dice<'s, 'a> {
    const PRECISION: u32 = 21;

    fn new(src: &'s mut Source<'a>) -> Self {
        Dice {
            src,
            fraction: 0,
            bits: 0,
        }
    }

    /// A choice in `0..n` (`1 <= n <= 2^21`).
    fn below(&mut self, n: u64) -> u64 {
        debug_assert!((1..=1 << Self::PRECISION).contains(&n));
        if self.bits < Self::PRECISION {
            self.fraction = self.src.below(1 << 63) << 1;
            self.bits = 63;
        }
        let product = u128::from(self.fraction) * u128::from(n);
        self.fraction = product as u64;
        // Bits used up: the width of n - 1, so that powers of two cost
        // exactly their width.
        self.bits -= 64 - (n - 1).leading_zeros();
        (product >> 64) as u64
    }

    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below((hi - lo + 1) as u64) as usize
    }

    /// True `k` times in `n`; choice 0 is false.
    fn chance(&mut self, k: u64, n: u64) -> bool {
        self.below(n) >= n - k
    }

    /// Whether every further choice is 0. Not while the fraction still
    /// serves choices: a seeded draw may continue on those alone, and its
    /// tape, replayed, must continue the same way.
    fn is_exhausted(&self) -> bool {
        self.bits < Self::PRECISION && self.src.is_exhausted()
    }
}

/// Independent choices, one per radix.
fn digits<const N: usize>(dice: &mut Dice, radices: [u64; N]) -> [u64; N] {
    radices.map(|r| dice.below(r))
}

/// Whether a digit in `0..radix` falls in its top `n` values: 0 is false.
fn top(digit: u64, radix: u64, n: u64) -> bool {
    digit >= radix - n
}

/// Point `k` of a set, top-left first.
fn nth(set: Points, k: u32) -> Point {
    let low = set as u64;
    let n = low.count_ones();
    let at = if k < n {
        point(select(low, k))
    } else {
        point(64 + select((set >> 64) as u64, k - n))
    };
    debug_assert_eq!(Some(at), points(set).nth(k as usize));
    at
}

/// The index of bit `k` (from 0) among the set bits of `word`, which has
/// more than `k`. Counts per byte and their running sums take a few
/// operations on the whole word, where counting bits one width at a time
/// would take a count each (a software count on a baseline x86-64 target).
fn select(word: u64, k: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut bytes = word - ((word >> 1) & 0x5555_5555_5555_5555);
    bytes = (bytes & 0x3333_3333_3333_3333) + ((bytes >> 2) & 0x3333_3333_3333_3333);
    bytes = (bytes + (bytes >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the bits set in bytes 0..=i (at most 64, so no carries).
    let sums = bytes.wrapping_mul(ONES);
    // The high bit of byte i is set when sums[i] <= k: a run of low bytes.
    let passed = (((u64::from(k) * ONES) | HIGH) - sums) & HIGH;
    let byte = (64 - passed.leading_zeros()) / 8;
    let before = ((sums << 8) >> (8 * byte)) as u32 & 0xff;
    let mut rest = (word >> (8 * byte)) & 0xff;
    for _ in before..k {
        rest &= rest - 1;
    }
    8 * byte + rest.trailing_zeros()
}

/// Where a piece should go: on the `favoured` points, or when `weight` is
/// not 0 anywhere else too, each favoured point `weight` times as likely.
#[derive(Clone, Copy)]
struct Spots {
    favoured: Points,
    weight: u32,
}

impl Spots {
    const fn only(favoured: Points) -> Spots {
        Spots {
            favoured,
            weight: 0,
        }
    }

    /// One point of the non-empty `room`, in one choice.
    fn pick(self, dice: &mut Dice, room: Points) -> Point {
        let favoured = self.favoured & room;
        if self.weight == 0 {
            return pick(dice, if favoured != 0 { favoured } else { room });
        }
        let n = favoured.count_ones();
        let heavy = n * self.weight;
        let k = dice.below(u64::from(heavy + room.count_ones() - n)) as u32;
        if k < heavy {
            nth(favoured, k / self.weight)
        } else {
            nth(room & !favoured, k - heavy)
        }
    }
}

/// Near the black palace about nine times in ten (rows 1-6 hold 42 of
/// the 90 points).
const NEAR_MOSTLY: Spots = Spots {
    favoured: NEAR,
    weight: 9,
};

fn offset((r, c): Point, (dr, dc): (i32, i32)) -> Option<Point> {
    let (r, c) = (r as i32 + dr, c as i32 + dc);
    ((1..=10).contains(&r) && (1..=9).contains(&c)).then_some((r as u32, c as u32))
}

const STEPS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// `RAYS[d][i]`: the points past point index `i` in direction `STEPS[d]`,
/// to the edge of the board.
const RAYS: [[Points; 90]; 4] = {
    let mut rays = [[0; 90]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 90 {
            let (mut r, mut c) = ((i / 9) as i32 + 1, (i % 9) as i32 + 1);
            loop {
                r += STEPS[d].0;
                c += STEPS[d].1;
                if r < 1 || r > 10 || c < 1 || c > 9 {
                    break;
                }
                rays[d][i] |= bit((r as u32, c as u32));
            }
            i += 1;
        }
        d += 1;
    }
    rays
};

/// The empty points of `RAYS[d][i]` before the first occupied one, and
/// that one's index.
fn open_ray(d: usize, i: u32, occ: Points) -> (Points, Option<u32>) {
    let ray = RAYS[d][i as usize];
    let hits = ray & occ;
    if hits == 0 {
        return (ray, None);
    }
    // Up and left run towards lower indices.
    let first = if d.is_multiple_of(2) {
        127 - hits.leading_zeros()
    } else {
        hits.trailing_zeros()
    };
    (ray & !RAYS[d][first as usize] & !(1 << first), Some(first))
}

/// Points strictly between two points of one row or column.
fn between(p: Point, q: Point) -> Points {
    let (i, j) = (index(p), index(q));
    let (lo, hi) = (i.min(j), i.max(j));
    // Bits lo+1 .. hi-1: the row's points between, or the column's among
    // the points of the rows between.
    let span = (1 << hi) - (1 << (lo + 1).min(hi));
    if p.0 == q.0 {
        span
    } else if p.1 == q.1 {
        span & COLUMNS[p.1 as usize]
    } else {
        0
    }
}

/// The black general's moves: its neighbours inside the palace.
fn moves(b: Point) -> Points {
    neighbours(b) & BLACK_PALACE
}

/// The (row, column) offsets of a horse's jumps.
const JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// The leg point of a horse on `from` jumping to `to` (spec 4.1).
fn leg(from: Point, to: Point) -> Point {
    let (dr, dc) = (to.0 as i32 - from.0 as i32, to.1 as i32 - from.1 as i32);
    if dr.abs() == 2 {
        ((from.0 as i32 + dr / 2) as u32, from.1)
    } else {
        (from.0, (from.1 as i32 + dc / 2) as u32)
    }
}

/// Horse origins from which `target` is one jump away.
fn jumps_to(target: Point) -> Points {
    JUMPS
        .iter()
        .filter_map(|&(dr, dc)| offset(target, (-dr, -dc)))
        .fold(0, |set, p| set | bit(p))
}

/// Whether a piece of `kind` on `p` attacks `t` when the points of `occ`
/// are occupied (spec 4.1).
fn attacks(kind: Kind, p: Point, t: Point, occ: Points) -> bool {
    let aligned = p != t && (p.0 == t.0 || p.1 == t.1);
    match kind {
        Kind::General => p.1 == t.1 && aligned && between(p, t) & occ == 0,
        Kind::Chariot => aligned && between(p, t) & occ == 0,
        Kind::Cannon => {
            // Exactly one screen, without counting bits.
            let screens = between(p, t) & occ;
            aligned && screens != 0 && screens & (screens - 1) == 0
        }
        Kind::Horse => {
            let (dr, dc) = (p.0.abs_diff(t.0), p.1.abs_diff(t.1));
            matches!((dr, dc), (1, 2) | (2, 1)) && occ & bit(leg(p, t)) == 0
        }
    }
}

/// The points whose occupancy that attack depends on.
fn attack_line(kind: Kind, p: Point, t: Point) -> Points {
    match kind {
        Kind::Horse => bit(leg(p, t)),
        _ => between(p, t),
    }
}

/// Points from which a piece of `kind` (not the general) would attack `t`
/// when the points of `occ` are occupied.
fn attackers(kind: Kind, t: Point, occ: Points) -> Points {
    let mut set = 0;
    match kind {
        Kind::Horse => {
            for &(dr, dc) in &JUMPS {
                if let Some(p) = offset(t, (-dr, -dc)) {
                    if occ & bit(leg(p, t)) == 0 {
                        set |= bit(p);
                    }
                }
            }
        }
        Kind::Cannon => {
            // Past the first piece of each line, up to the second.
            for d in 0..4 {
                if let (_, Some(screen)) = open_ray(d, index(t), occ) {
                    set |= open_ray(d, screen, occ).0;
                }
            }
        }
        _ => {
            for d in 0..4 {
                set |= open_ray(d, index(t), occ).0;
            }
        }
    }
    set
}

/// A position under construction: `taken` holds every piece's point, the
/// black general's included; `kept` the points that must keep their state
/// (empty, or their piece) for the check, and for the attacks a mate is
/// built on, to stand.
struct Draft {
    black: Point,
    /// The red general first.
    red: [Piece; MAX_PIECES],
    pieces: usize,
    taken: Points,
    kept: Points,
    aim: Aim,
    /// Whether every move is attacked by a kept attack and the generals do
    /// not face each other: a mate, whatever is added.
    covered: bool,
}

impl Draft {
    fn with(black: Point, general: Point, aim: Aim) -> Self {
        Draft {
            black,
            red: [Piece {
                kind: Kind::General,
                at: general,
            }; MAX_PIECES],
            pieces: 1,
            taken: bit(black) | bit(general),
            kept: 0,
            aim,
            covered: false,
        }
    }

    fn general(&self) -> Point {
        self.red[0].at
    }

    fn red(&self) -> &[Piece] {
        &self.red[..self.pieces]
    }

    /// Points a new piece may take. Never empty: at most 8 pieces and a
    /// few dozen kept points on a board of 90.
    fn free(&self) -> Points {
        BOARD & !self.taken & !self.kept
    }

    fn place(&mut self, kind: Kind, at: Point) {
        self.red[self.pieces] = Piece { kind, at };
        self.pieces += 1;
        self.taken |= bit(at);
    }

    /// Puts `kind` on one of the free `spots`; `None` when there is none.
    fn put_in(&mut self, dice: &mut Dice, kind: Kind, spots: Points) -> Option<Point> {
        let free = spots & self.free();
        (free != 0).then(|| {
            let at = pick(dice, free);
            self.place(kind, at);
            at
        })
    }

    /// Puts `kind` on a free point where `spots` says.
    fn put(&mut self, dice: &mut Dice, kind: Kind, spots: Spots) -> Point {
        let at = spots.pick(dice, self.free());
        self.place(kind, at);
        at
    }

    /// Whether the two generals face each other on an open file.
    fn facing(&self) -> bool {
        let g = self.general();
        g.1 == self.black.1 && between(g, self.black) & self.taken == 0
    }

    /// The occupied points once the black general has moved to `t`.
    fn after_move(&self, t: Point) -> Points {
        (self.taken & !bit(self.black)) | bit(t)
    }

    /// A piece that attacks the move `t` once made (spec 4.2 steps 3-4).
    fn defender(&self, t: Point) -> Option<Piece> {
        let occ = self.after_move(t);
        self.red()
            .iter()
            .copied()
            .find(|p| p.at != t && attacks(p.kind, p.at, t, occ))
    }

    /// Moves no piece attacks yet.
    fn uncovered(&self) -> Points {
        let mut open = moves(self.black);
        for t in points(open) {
            if self.defender(t).is_some() {
                open &= !bit(t);
            }
        }
        open
    }

    /// Spec 4.2 on the draft.
    fn mated(&self) -> bool {
        !self.facing() && self.uncovered() == 0
    }

    /// The answer, from the construction when it is sure.
    fn answer(&self) -> bool {
        self.covered || self.mated()
    }

    /// The points of `origins` from which a piece of `kind` would attack
    /// the most of the moves `open`, and how many: with few pieces, a mate
    /// needs each to attack several.
    fn best(&self, kind: Kind, origins: Points, open: Points) -> (Points, usize) {
        // levels[k]: the origins that attack at least k + 1 of those moves.
        let mut levels = [0; 4];
        for t in points(open) {
            let from = attackers(kind, t, self.after_move(t)) & origins;
            for k in (1..4).rev() {
                levels[k] |= levels[k - 1] & from;
            }
            levels[0] |= from;
        }
        match levels.iter().rposition(|&l| l != 0) {
            Some(k) => (levels[k], k + 1),
            None => (origins, 0),
        }
    }

    /// Puts a kind of `kinds` where it attacks `t`, removes it from
    /// `kinds` and keeps its line; `occ` is the position the attack is made
    /// in. Without a mate in view, the first kind that can, on a point of
    /// `spots` when it can be; for a mate, the kind and points that attack
    /// the most open moves as well. Giving `check`, a cannon may take a new
    /// screen, the next kind of the bag, if nothing is kept yet (so the
    /// screen's points are free). For a mate, a spare kind may join.
    fn attack(
        &mut self,
        dice: &mut Dice,
        kinds: &mut Bag,
        t: Point,
        occ: Points,
        spots: Spots,
        check: bool,
    ) -> bool {
        let mate = self.aim == Aim::Mate;
        let open = if mate { self.uncovered() } else { 0 };
        let reach = if mate { kinds.reach() } else { kinds.len() };
        let all_open = open.count_ones() as usize;
        // The bag index, its points, and how many open moves they attack.
        let mut choice: Option<(usize, Points, usize)> = None;
        for i in 0..reach {
            let kind = kinds.kinds[i];
            if kinds.kinds[..i].contains(&kind) {
                continue;
            }
            let mut origins = attackers(kind, t, occ);
            let others = kinds.len() - usize::from(i < kinds.len());
            if kind == Kind::Cannon && check && others > 0 && self.kept == 0 {
                // Over a new screen: a chariot's points, two steps away
                // or more.
                origins |= attackers(Kind::Chariot, t, occ) & !neighbours(t);
            }
            let origins = origins & self.free();
            if origins == 0 {
                continue;
            }
            if !mate {
                choice = Some((i, origins, 0));
                break;
            }
            let (best, most) = self.best(kind, origins, open);
            if choice.is_none_or(|c| most > c.2) {
                choice = Some((i, best, most));
            }
            // No kind can do better than attack every open move.
            if most == all_open {
                break;
            }
        }
        let Some((i, origins, _)) = choice else {
            return false;
        };
        let kind = kinds.take(i);
        let at = spots.pick(dice, origins);
        let line = attack_line(kind, at, t);
        self.place(kind, at);
        if kind == Kind::Cannon && line & occ == 0 {
            let screen = kinds.take(0);
            self.place(screen, pick(dice, line));
        }
        self.kept |= line;
        true
    }

    /// Puts a kind of `kinds` where it gives check (see [`Draft::attack`]).
    /// If none can (a lone cannon with nothing to screen it), the red
    /// general moves onto the black general's file and checks itself.
    fn give_check(&mut self, dice: &mut Dice, kinds: &mut Bag, spots: Spots) {
        let b = self.black;
        if self.attack(dice, kinds, b, self.taken, spots, true) {
            return;
        }
        let g = self.general();
        if g.1 != b.1 {
            self.taken &= !bit(g);
            let general = pick(dice, RED_PALACE & COLUMNS[b.1 as usize]);
            self.red[0].at = general;
            self.taken |= bit(general);
        }
        self.kept |= between(self.general(), b);
    }

    /// Places the rest of the pieces, each on a point drawn from `spots`
    /// when it can be; for a mate, first what the moves still need.
    fn fill(&mut self, dice: &mut Dice, mut kinds: Bag, spots: impl Fn(Kind) -> Spots) {
        if self.aim == Aim::Mate {
            self.cover(dice, &mut kinds, &spots);
        }
        for &kind in kinds.iter() {
            self.put(dice, kind, spots(kind));
        }
    }

    /// Attacks every move of the black general while the bag lasts, and
    /// blocks facing generals first; every attack a move gets is kept.
    fn cover(&mut self, dice: &mut Dice, kinds: &mut Bag, spots: impl Fn(Kind) -> Spots) {
        let b = self.black;
        if self.facing() {
            let file = between(self.general(), b);
            match kinds.first() {
                Some(&kind) if self.put_in(dice, kind, file).is_some() => {
                    kinds.take(0);
                }
                _ => return,
            }
        }
        for t in points(moves(b)) {
            if let Some(p) = self.defender(t) {
                self.kept |= attack_line(p.kind, p.at, t);
                continue;
            }
            if kinds.reach() == 0 {
                return;
            }
            let spots = spots(kinds.kinds[0]);
            if !self.attack(dice, kinds, t, self.after_move(t), spots, false) {
                return;
            }
        }
        self.covered = true;
    }

    fn finish(self) -> Case {
        Case {
            black: self.black,
            red: self.red().to_vec(),
        }
    }
}

/// The points of a set, top-left first.
fn points(mut set: Points) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros();
            set &= set - 1;
            point(i)
        })
    })
}

/// The points next to `b` on the board.
fn neighbours(b: Point) -> Points {
    NEIGHBOURS[index(b) as usize]
}

/// `NEIGHBOURS[i]`: the points next to point index `i`, the first of each
/// of its rays.
const NEIGHBOURS: [Points; 90] = {
    let mut near = [0; 90];
    let mut i = 0;
    while i < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = RAYS[d][i];
            if ray != 0 {
                // Up and left run towards lower indices.
                near[i] |= if d.is_multiple_of(2) {
                    1 << (127 - ray.leading_zeros())
                } else {
                    ray & ray.wrapping_neg()
                };
            }
            d += 1;
        }
        i += 1;
    }
    near
};

/// The kinds still to place, at most two of each non-general kind in
/// all: `kinds[..len]` to place, then `avail` spare kinds, then the kinds
/// used up. A mate may take up to `spare` of the spare kinds.
#[derive(Clone, Copy)]
struct Bag {
    kinds: [Kind; 6],
    len: usize,
    avail: usize,
    spare: usize,
}

impl std::ops::Deref for Bag {
    type Target = [Kind];
    fn deref(&self) -> &[Kind] {
        &self.kinds[..self.len]
    }
}

impl Bag {
    /// `n` kinds, ordered by the digits of `order` (in `0..720`), and up to
    /// `most` in all for a mate.
    fn new(n: usize, most: usize, mut order: u64) -> Bag {
        let mut kinds = [
            Kind::Chariot,
            Kind::Chariot,
            Kind::Horse,
            Kind::Horse,
            Kind::Cannon,
            Kind::Cannon,
        ];
        // Fisher-Yates: order 0 keeps the kinds as listed.
        for i in 0..kinds.len() {
            let places = (kinds.len() - i) as u64;
            kinds.swap(i, i + (order % places) as usize);
            order /= places;
        }
        let len = n.min(kinds.len());
        Bag {
            kinds,
            len,
            avail: kinds.len() - len,
            spare: most.min(kinds.len()).saturating_sub(len),
        }
    }

    /// How many kinds a mate may choose from: those to place, then spares.
    fn reach(&self) -> usize {
        self.len + self.spare.min(self.avail)
    }

    /// Takes kind `i`, a spare one when `i >= len`.
    fn take(&mut self, mut i: usize) -> Kind {
        if i >= self.len {
            self.kinds.swap(i, self.len);
            self.len += 1;
            self.avail -= 1;
            self.spare -= 1;
            i = self.len - 1;
        }
        let kind = self.kinds[i];
        // To the used-up end, the spares following.
        self.shift_left(i);
        self.len -= 1;
        kind
    }

    /// Adds a kind to place (one that was used up, so the counts hold).
    fn push(&mut self, kind: Kind) {
        if self.len + self.avail == self.kinds.len() {
            self.avail -= 1;
        }
        for j in (self.len + 1..self.kinds.len()).rev() {
            self.kinds[j] = self.kinds[j - 1];
        }
        self.kinds[self.len] = kind;
        self.len += 1;
    }

    /// Moves kind `i` to the end, the kinds after it one place up.
    fn shift_left(&mut self, i: usize) {
        let kind = self.kinds[i];
        for j in i..self.kinds.len() - 1 {
            self.kinds[j] = self.kinds[j + 1];
        }
        self.kinds[self.kinds.len() - 1] = kind;
    }

    fn pop(&mut self) -> Option<Kind> {
        (self.len > 0).then(|| self.take(self.len - 1))
    }

    fn insert_first(&mut self, kind: Kind) {
        self.push(kind);
        for j in (1..self.len).rev() {
            self.kinds[j] = self.kinds[j - 1];
        }
        self.kinds[0] = kind;
    }

    /// Keeps the kinds (spares included) for which `keep` holds.
    fn retain(&mut self, keep: impl Fn(Kind) -> bool) {
        let mut i = 0;
        while i < self.len + self.avail {
            if keep(self.kinds[i]) {
                i += 1;
            } else if i < self.len {
                self.take(i);
            } else {
                self.shift_left(i);
                self.avail -= 1;
            }
        }
    }
}

/// The black general, the red general and a bag of `lo..=hi` kinds (up to
/// `most` for a mate).
fn start(dice: &mut Dice, aim: Aim, (lo, hi): (usize, usize), most: usize) -> (Draft, Bag) {
    let black = pick(dice, BLACK_PALACE);
    // For a mate, three times in four on the column of a sideways move,
    // which the general then attacks.
    let palace = if aim == Aim::Mate && dice.chance(3, 4) {
        RED_PALACE & (COLUMNS[black.1 as usize - 1] | COLUMNS[black.1 as usize + 1])
    } else {
        RED_PALACE
    };
    let general = pick(dice, palace);
    let n = dice.range(lo, hi);
    let kinds = Bag::new(n, most, dice.below(720));
    (Draft::with(black, general, aim), kinds)
}

/// The generals, a checking piece and the rest of `sizes` pieces (up to
/// `most` for a mate).
fn scatter(dice: &mut Dice, sizes: (usize, usize), most: usize, aim: Aim) -> Draft {
    let (mut d, mut kinds) = start(dice, aim, sizes, most);
    d.give_check(dice, &mut kinds, NEAR_MOSTLY);
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

fn edge(dice: &mut Dice, aim: Aim) -> Draft {
    match dice.below(6) {
        0 => capture(dice, aim),
        1 => screens(dice, aim),
        2 => horses(dice, aim),
        3 => facing(dice, aim),
        4 => general_file(dice, aim),
        _ => board_edges(dice, aim),
    }
}

/// The start of the special families: 1-6 kinds.
fn family_start(dice: &mut Dice, aim: Aim) -> (Draft, Bag) {
    start(dice, aim, (1, 6), 6)
}

/// One or two red pieces on the black general's moves, plus defenders.
fn capture(dice: &mut Dice, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let [on_move, adjacent] = digits(dice, [2, 6]);
    let moves = moves(d.black);
    // Half the time the checking piece itself stands on a move.
    let spots = if on_move == 1 { moves } else { NEAR };
    d.give_check(dice, &mut kinds, Spots::only(spots));
    // 6 is a multiple of every count of choices (1, 2, 3).
    let adjacent = adjacent as usize % (2.min(kinds.len()) + 1);
    for _ in 0..adjacent {
        let kind = kinds.take(0);
        d.put(dice, kind, Spots::only(moves));
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// A cannon whose screen is the red general, another piece, or the black
/// general itself.
fn screens(dice: &mut Dice, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let [cannons, way, over, to] = digits(dice, [2, 3, 10, 12]);
    kinds.retain(|k| k != Kind::Cannon);
    let spots = NEAR_MOSTLY;
    match way {
        0 => {
            // Behind the red general, on a palace column.
            d.give_check(dice, &mut kinds, spots);
            let (gr, gc) = d.general();
            let file = COLUMNS[gc as usize];
            let below = file & rows(gr + 1, 10);
            let above = file & rows(1, gr - 1);
            let behind = if below & d.free() == 0 || top(over, 10, 3) {
                above
            } else {
                below
            };
            d.put(dice, Kind::Cannon, Spots::only(behind));
        }
        1 => {
            // Checking over a screen: another piece, or the red general.
            kinds.insert_first(Kind::Cannon);
            d.give_check(dice, &mut kinds, spots);
            // Placed with the rest when it could not check.
            kinds.retain(|k| k != Kind::Cannon);
            if d.red().iter().all(|p| p.kind != Kind::Cannon) {
                kinds.push(Kind::Cannon);
            }
        }
        _ => {
            // On a line through a move and the black general itself.
            d.give_check(dice, &mut kinds, spots);
            let b = d.black;
            // 12 is a multiple of every count of moves (2, 3, 4).
            let to = nth(moves(b), (to % u64::from(moves(b).count_ones())) as u32);
            let away = (b.0 as i32 - to.0 as i32, b.1 as i32 - to.1 as i32);
            let dir = STEPS
                .iter()
                .position(|&s| s == away)
                .expect("a move is a step");
            d.put(
                dice,
                Kind::Cannon,
                Spots::only(RAYS[dir][index(b) as usize]),
            );
        }
    }
    if cannons == 1 {
        kinds.push(Kind::Cannon);
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// Horses a jump away from the black general's moves (or from the red
/// general), with a piece on the leg point now and then.
fn horses(dice: &mut Dice, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let [second, g0, t0, l0, g1, t1, l1] = digits(dice, [2, 10, 60, 5, 10, 60, 5]);
    kinds.retain(|k| k != Kind::Horse);
    let mut count = 1 + second as usize;
    if kinds.is_empty() {
        // The first horse gives the check.
        kinds.push(Kind::Horse);
        count -= 1;
    }
    d.give_check(dice, &mut kinds, NEAR_MOSTLY);
    for [general, target, leg_piece] in [[g0, t0, l0], [g1, t1, l1]].into_iter().take(count) {
        // Now and then a horse a jump away from the red general instead,
        // which the rules ignore but a board-marking solver may not.
        let target = if top(general, 10, 3) {
            d.general()
        } else {
            // 60 is a multiple of every count (3, 4, 5).
            let near = moves(d.black) | bit(d.black);
            nth(near, (target % u64::from(near.count_ones())) as u32)
        };
        let Some(at) = d.put_in(dice, Kind::Horse, jumps_to(target)) else {
            d.put(dice, Kind::Horse, NEAR_MOSTLY);
            continue;
        };
        if top(leg_piece, 5, 2) {
            if let Some(&kind) = kinds.last() {
                if d.put_in(dice, kind, bit(leg(at, target))).is_some() {
                    kinds.pop();
                }
            }
        }
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// The red general on the black general's file, usually with an open file
/// (answer NO), sometimes with pieces above the black general or a blocker.
fn facing(dice: &mut Dice, aim: Aim) -> Draft {
    let [b, row, n, order, blocked, above] = digits(dice, [9, 3, 6, 720, 4, 2]);
    let black = nth(BLACK_PALACE, b as u32);
    let general = (8 + row as u32, black.1);
    let mut d = Draft::with(black, general, aim);
    let mut kinds = Bag::new(1 + n as usize, 6, order);
    let file = between(black, general);
    if aim == Aim::Mate || top(blocked, 4, 1) {
        // A piece checks (a chariot on the file blocks it by itself); then
        // a blocker when the file is still open.
        d.give_check(dice, &mut kinds, Spots::only(NEAR));
        if let Some(&kind) = kinds.last() {
            if d.facing() && d.put_in(dice, kind, file).is_some() {
                kinds.pop();
            }
        }
    } else {
        d.kept |= file;
    }
    if black.0 > 1 && above == 1 {
        if let Some(&kind) = kinds.last() {
            let above = rows(1, black.0 - 1) & COLUMNS[black.1 as usize];
            if d.put_in(dice, kind, above).is_some() {
                kinds.pop();
            }
        }
    }
    d.fill(dice, kinds, |_| Spots::only(NEAR & !file));
    d
}

/// The red general on each palace column, with pieces on its file.
fn general_file(dice: &mut Dice, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let on_file = dice.below(6) as usize;
    d.give_check(dice, &mut kinds, NEAR_MOSTLY);
    // 6 is a multiple of every count of choices (1, 2, 3).
    let on_file = on_file % (2.min(kinds.len()) + 1);
    let (gr, gc) = d.general();
    let file = rows(1, gr - 1) & COLUMNS[gc as usize];
    for _ in 0..on_file {
        let kind = kinds.take(0);
        d.put(dice, kind, Spots::only(file));
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// Horses and cannons on rows 1 and 10 and columns 1 and 9.
fn board_edges(dice: &mut Dice, aim: Aim) -> Draft {
    fn spots(kind: Kind) -> Spots {
        match kind {
            Kind::Horse | Kind::Cannon => Spots::only(EDGES),
            _ => Spots::only(NEAR),
        }
    }
    let (mut d, mut kinds) = family_start(dice, aim);
    let first = spots(kinds[0]);
    d.give_check(dice, &mut kinds, first);
    d.fill(dice, kinds, spots);
    d
}
