//! Sets of board points as bit sets, and the geometry the construction
//! asks of them: rays, lines between points, horse jumps and legs, and
//! which points attack a point.

use super::super::model::{Kind, Point};

/// A set of board points, bit `9 (r - 1) + (c - 1)` for point (r, c).
pub(super) type Points = u128;

pub(super) const fn index((r, c): Point) -> u32 {
    (r - 1) * 9 + (c - 1)
}

pub(super) const fn bit(p: Point) -> Points {
    1 << index(p)
}

pub(super) fn point(i: u32) -> Point {
    (i / 9 + 1, i % 9 + 1)
}

/// Rows `r0..=r1` by columns `c0..=c1`.
pub(super) const fn rect(r0: u32, r1: u32, c0: u32, c1: u32) -> Points {
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
pub(super) fn rows(r0: u32, r1: u32) -> Points {
    let upto = |r: u32| (1 << (9 * r.min(10))) - 1;
    upto(r1) & !upto(r0.max(1) - 1)
}

/// Column c at index c (index 0 unused).
pub(super) const COLUMNS: [Points; 10] = {
    let mut columns = [0; 10];
    let mut c = 1;
    while c <= 9 {
        columns[c] = rect(1, 10, c as u32, c as u32);
        c += 1;
    }
    columns
};

pub(super) const BOARD: Points = rect(1, 10, 1, 9);

/// Rows 1-6, columns 2-8: where pieces usually matter.
pub(super) const NEAR: Points = rect(1, 6, 2, 8);

pub(super) const EDGES: Points =
    rect(1, 1, 1, 9) | rect(10, 10, 1, 9) | rect(1, 10, 1, 1) | rect(1, 10, 9, 9);

pub(super) const BLACK_PALACE: Points = rect(1, 3, 4, 6);

pub(super) const RED_PALACE: Points = rect(8, 10, 4, 6);

/// Point `k` of a set, top-left first.
pub(super) fn nth(set: Points, k: u32) -> Point {
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
pub(super) fn select(word: u64, k: u32) -> u32 {
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

pub(super) fn offset((r, c): Point, (dr, dc): (i32, i32)) -> Option<Point> {
    let (r, c) = (r as i32 + dr, c as i32 + dc);
    ((1..=10).contains(&r) && (1..=9).contains(&c)).then_some((r as u32, c as u32))
}

pub(super) const STEPS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// `RAYS[d][i]`: the points past point index `i` in direction `STEPS[d]`,
/// to the edge of the board.
pub(super) const RAYS: [[Points; 90]; 4] = {
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
pub(super) fn open_ray(d: usize, i: u32, occ: Points) -> (Points, Option<u32>) {
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
pub(super) fn between(p: Point, q: Point) -> Points {
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
pub(super) fn moves(b: Point) -> Points {
    neighbours(b) & BLACK_PALACE
}

/// The (row, column) offsets of a horse's jumps.
pub(super) const JUMPS: [(i32, i32); 8] = [
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
pub(super) fn leg(from: Point, to: Point) -> Point {
    let (dr, dc) = (to.0 as i32 - from.0 as i32, to.1 as i32 - from.1 as i32);
    if dr.abs() == 2 {
        ((from.0 as i32 + dr / 2) as u32, from.1)
    } else {
        (from.0, (from.1 as i32 + dc / 2) as u32)
    }
}

/// Horse origins from which `target` is one jump away.
pub(super) fn jumps_to(target: Point) -> Points {
    JUMPS
        .iter()
        .filter_map(|&(dr, dc)| offset(target, (-dr, -dc)))
        .fold(0, |set, p| set | bit(p))
}

/// Whether a piece of `kind` on `p` attacks `t` when the points of `occ`
/// are occupied (spec 4.1).
pub(super) fn attacks(kind: Kind, p: Point, t: Point, occ: Points) -> bool {
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
pub(super) fn attack_line(kind: Kind, p: Point, t: Point) -> Points {
    match kind {
        Kind::Horse => bit(leg(p, t)),
        _ => between(p, t),
    }
}

/// Points from which a piece of `kind` (not the general) would attack `t`
/// when the points of `occ` are occupied.
pub(super) fn attackers(kind: Kind, t: Point, occ: Points) -> Points {
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

/// The points of a set, top-left first.
pub(super) fn points(mut set: Points) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros();
            set &= set - 1;
            point(i)
        })
    })
}

/// The points next to `b` on the board.
pub(super) fn neighbours(b: Point) -> Points {
    NEIGHBOURS[index(b) as usize]
}

/// `NEIGHBOURS[i]`: the points next to point index `i`, the first of each
/// of its rays.
pub(super) const NEIGHBOURS: [Points; 90] = {
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
