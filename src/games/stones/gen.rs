//! The profiles and their generators. Random counts almost never give
//! T = 0, where the two answers differ, so many cases are aimed at a target
//! T: the counts are drawn, then one of them is solved for the target and
//! the others are moved toward balance as far as it needs to fit. The kinds
//! of an aimed case are drawn so that a solution exists (both signs, and an
//! odd-valued kind for an odd target), so aiming never retries.
//!
//! A case is a handful of small choices and a few counts, so they share
//! draws of the tape (see [`Draw`]): drawing a case costs about what solving
//! it does.

use super::engine::double_value;
use super::model::{Case, Input, Kind, MAX_CASES, MAX_COUNT};
use crate::game::Profile;
use crate::source::Source;

pub const PROFILES: &[Profile] = &[
    Profile {
        name: "small",
        about: "counts 1..7, at most 12 piles per case: fit for exhaustive search",
    },
    Profile {
        name: "typical",
        about: "1-6 kinds, counts up to 1e9, many cases, answers balanced",
    },
    Profile {
        name: "edge",
        about: "T = 0 and +-1, mixed piles only, single kinds, counts 1 and 1e18 together",
    },
    Profile {
        name: "max",
        about: "all six kinds near 1e18, near-balanced and extreme totals, 1000 cases",
    },
];

/// Piles per case that the brute-force oracle still searches.
const SMALL_COUNT: u64 = 7;
const SMALL_PILES: u64 = 12;

pub fn generate(src: &mut Source, profile: &str) -> Input {
    let d = &mut Draw::new(src);
    let n = match profile {
        "small" => d.int_in(1, 10),
        "typical" => d.int_in(1, 300),
        "edge" => {
            if d.chance(1, 5) {
                MAX_CASES as u64
            } else {
                d.int_in(1, 20)
            }
        }
        "max" => MAX_CASES as u64,
        other => panic!("stones has no profile '{other}'"),
    };
    let make: fn(&mut Draw) -> Case = match profile {
        "small" => small,
        "typical" => typical,
        "edge" => edge,
        _ => max,
    };
    Input {
        cases: (0..n).map(|_| make(d)).collect(),
    }
}

/// The choices of a file, drawn from the tape 63 bits at a time: a choice
/// in `0..k` is the top word of `word · k`, and the rest of the product is
/// what is left for the next choices (about log2(k) bits fewer). A new word
/// is drawn when fewer than `log2(k) + 12` bits are left, so every choice is
/// uniform within 2^-12; a choice too wide for that (a count beyond 2^51)
/// is a draw of its own. An all-zero tape makes every choice 0.
struct Draw<'s, 'a> {
    src: &'s mut Source<'a>,
    word: u64,
    left: u32,
}

const MARGIN: u32 = 12;

impl<'s, 'a> Draw<'s, 'a> {
    fn new(src: &'s mut Source<'a>) -> Self {
        Draw {
            src,
            word: 0,
            left: 0,
        }
    }

    /// A choice in `0..k` (`k >= 1`).
    fn below(&mut self, k: u64) -> u64 {
        let need = u64::BITS - (k - 1).leading_zeros();
        if need + MARGIN > 63 {
            return self.src.below(k);
        }
        if self.left < need + MARGIN {
            self.word = self.src.below(1 << 63) << 1;
            self.left = 63;
        }
        let p = u128::from(self.word) * u128::from(k);
        self.word = p as u64;
        self.left -= need;
        (p >> 64) as u64
    }

    fn int_in(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// A fresh word for a few choices of at most 50 bits in all, drawn
    /// apart from the shared one: a count needs most of a word, and drawing
    /// one per count keeps the shared word's refills regular.
    fn word(&mut self) -> Word {
        Word(self.src.below(1 << 63) << 1)
    }

    /// True with probability `num / den`; choice 0 gives `false`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) >= den - num
    }

    fn choose<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// Fisher–Yates; choice 0 leaves the order unchanged.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in 0..items.len() {
            let j = i + self.below((items.len() - i) as u64) as usize;
            items.swap(i, j);
        }
    }
}

/// See [`Draw::word`]; its choices are made as [`Draw::below`] makes them.
struct Word(u64);

impl Word {
    fn below(&mut self, k: u64) -> u64 {
        let p = u128::from(self.0) * u128::from(k);
        self.0 = p as u64;
        (p >> 64) as u64
    }
}

/// Small enough for the brute-force oracle: counts 1..=7, at most 12 piles.
fn small(d: &mut Draw) -> Case {
    let Some(t) = target(d) else {
        return random_small(d);
    };
    let (kinds, k) = aimed_kinds(d, 2, 6, t);
    let case = aim(d, &kinds[..k], |d| d.int_in(1, 3), t, SMALL_COUNT);
    match case.and_then(|c| trim(c, SMALL_PILES)) {
        Some(c) => c,
        // Kinds whose balance needs too many piles: a random case instead.
        None => random_small(d),
    }
}

fn random_small(d: &mut Draw) -> Case {
    let (kinds, k) = kinds(d, 1, 6);
    let mut used = 0;
    kinds[..k]
        .iter()
        .enumerate()
        .map(|(i, &kind)| {
            let cap = SMALL_COUNT.min(SMALL_PILES - used - (k - 1 - i) as u64);
            let c = d.int_in(1, cap);
            used += c;
            (kind, c)
        })
        .collect()
}

fn typical(d: &mut Draw) -> Case {
    let draw = |d: &mut Draw| magnitude(d, 9);
    match target(d) {
        None => {
            let (kinds, k) = kinds(d, 1, 6);
            kinds[..k].iter().map(|&x| (x, draw(d))).collect()
        }
        Some(t) => {
            let (kinds, k) = aimed_kinds(d, 2, 6, t);
            aim(d, &kinds[..k], draw, t, 1_000_000_000).unwrap_or_else(|| fallback(t))
        }
    }
}

/// The edge families of the spec, one per case.
fn edge(d: &mut Draw) -> Case {
    match d.below(5) {
        0 => near_zero(d),
        1 => mixed_only(d),
        2 => single_kind(d),
        3 => ones_beside_max(d),
        _ => extreme(d),
    }
}

/// T exactly 0, +1 or -1.
fn near_zero(d: &mut Draw) -> Case {
    let t = d.choose(&[0, 1, -1]);
    let (kinds, k) = aimed_kinds(d, 2, 6, t);
    let scale = d.below(19) as u32;
    aim(d, &kinds[..k], |d| magnitude(d, scale), t, MAX_COUNT).unwrap_or_else(|| fallback(t))
}

/// Only mixed piles, with odd and even differences.
fn mixed_only(d: &mut Draw) -> Case {
    let c = magnitude(d, 18).min(MAX_COUNT - 3);
    let other = c + d.below(4);
    let (wb, bw) = if d.chance(1, 2) {
        (c, other)
    } else {
        (other, c)
    };
    let mut case = vec![(Kind::WB, wb), (Kind::BW, bw)];
    d.shuffle(&mut case);
    if d.chance(1, 5) {
        case.pop();
    }
    case
}

fn single_kind(d: &mut Draw) -> Case {
    let kind = d.choose(&Kind::ALL);
    let count = match d.below(3) {
        0 => 1,
        1 => MAX_COUNT,
        _ => magnitude(d, 18),
    };
    vec![(kind, count)]
}

/// Counts 1 and 10^18 side by side.
fn ones_beside_max(d: &mut Draw) -> Case {
    let (kinds, k) = kinds(d, 2, 6);
    kinds[..k]
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let big = match i {
                0 => false,
                1 => true,
                _ => d.chance(1, 2),
            };
            (k, if big { MAX_COUNT } else { 1 })
        })
        .collect()
}

/// The extremes |T| = 7·10^18.
fn extreme(d: &mut Draw) -> Case {
    let mut case: Case = one_side(d).iter().map(|&k| (k, MAX_COUNT)).collect();
    d.shuffle(&mut case);
    case
}

/// The three kinds of one sign.
fn one_side(d: &mut Draw) -> [Kind; 3] {
    if d.chance(1, 2) {
        [Kind::W, Kind::WW, Kind::BW]
    } else {
        [Kind::B, Kind::BB, Kind::WB]
    }
}

/// All six kinds near 10^18: nearly balanced, aimed at small T, extreme.
fn max(d: &mut Draw) -> Case {
    let near = |d: &mut Draw| MAX_COUNT - d.below(4);
    let mut case: Case = match d.below(4) {
        0 => Kind::ALL.iter().map(|&k| (k, near(d))).collect(),
        1 => {
            let t = d.int_in(0, 6) as i128 - 3;
            aim(d, &Kind::ALL, near, t, MAX_COUNT).unwrap_or_else(|| fallback(t))
        }
        2 => one_side(d).iter().map(|&k| (k, near(d))).collect(),
        _ => Kind::ALL
            .iter()
            .map(|&k| (k, d.int_in(1, MAX_COUNT)))
            .collect(),
    };
    d.shuffle(&mut case);
    case
}

/// A case with T = `target` (|target| <= 3) for when [`aim`] finds none,
/// which aimed kinds never let happen.
fn fallback(target: i128) -> Case {
    let c = target.unsigned_abs() as u64;
    match target.signum() {
        0 => vec![(Kind::W, 1), (Kind::B, 1)],
        1 => vec![(Kind::BW, c)],
        _ => vec![(Kind::WB, c)],
    }
}

/// `case` with at most `piles` piles and the same T: a positive and a
/// negative kind lose piles of equal total value, pair after pair (values
/// are powers of two, so |vn|/g piles of the one against vp/g of the other,
/// g = min(vp, |vn|)). `None` when no pair is left to lose.
fn trim(mut case: Case, piles: u64) -> Option<Case> {
    while case.iter().map(|&(_, n)| n).sum::<u64>() > piles {
        let value = |c: &Case, i: usize| value(c[i].0);
        let cut = |c: &Case, p: usize, n: usize| {
            let (vp, vn) = (value(c, p) as u64, value(c, n).unsigned_abs() as u64);
            let g = vp.min(vn);
            (vn / g, vp / g)
        };
        let (p, n) = (0..case.len())
            .flat_map(|p| (0..case.len()).map(move |n| (p, n)))
            .find(|&(p, n)| {
                value(&case, p) > 0 && value(&case, n) < 0 && {
                    let (a, b) = cut(&case, p, n);
                    case[p].1 > a && case[n].1 > b
                }
            })?;
        let (a, b) = cut(&case, p, n);
        case[p].1 -= a;
        case[n].1 -= b;
    }
    Some(case)
}

/// Some target T for an aimed case, or `None` for a plain random one.
fn target(d: &mut Draw) -> Option<i128> {
    match d.below(6) {
        0 | 1 => None,
        2 | 3 => Some(0),
        4 => Some(1),
        _ => Some(-1),
    }
}

/// `lo..=hi` distinct kinds in a random order: the first `k` of the array
/// (the others follow, unused).
fn kinds(d: &mut Draw, lo: u64, hi: u64) -> ([Kind; 6], usize) {
    let k = d.int_in(lo, hi) as usize;
    let mut all = Kind::ALL;
    // Fisher–Yates, stopped once the first `k` are drawn.
    for i in 0..k {
        let j = i + d.below((all.len() - i) as u64) as usize;
        all.swap(i, j);
    }
    (all, k)
}

/// [`kinds`] (with `lo >= 2`) that can be balanced to T = `target`: both
/// signs, and a half-valued kind when `target` is odd. A missing sign takes
/// the place of the last kind; a missing half-valued kind takes the place
/// of the last kind, with its sign.
fn aimed_kinds(d: &mut Draw, lo: u64, hi: u64, target: i128) -> ([Kind; 6], usize) {
    let (mut all, k) = kinds(d, lo, hi);
    let positive = |x: &Kind| value(*x) > 0;
    let odd = |x: &Kind| value(*x) % 2 != 0;
    let (mut pos, mut neg) = (false, false);
    for x in &all[..k] {
        pos |= positive(x);
        neg |= !positive(x);
    }
    if !(pos && neg) {
        let spare = all[k..]
            .iter()
            .position(|x| positive(x) != pos)
            .expect("the other sign is unused");
        all.swap(k - 1, k + spare);
    }
    if target % 2 != 0 && !all[..k].iter().any(odd) {
        let half = if positive(&all[k - 1]) {
            Kind::BW
        } else {
            Kind::WB
        };
        let spare = all.iter().position(|&x| x == half).expect("every kind");
        all.swap(k - 1, spare);
    }
    (all, k)
}

/// Twice the value of a pile (`Kind::double_value`), looked up: kinds are
/// drawn at random, and a lookup costs no mispredicted branch.
fn value(k: Kind) -> i128 {
    const VALUES: [i128; 6] = {
        let mut v = [0; 6];
        let mut i = 0;
        while i < 6 {
            v[i] = Kind::ALL[i].double_value();
            i += 1;
        }
        v
    };
    VALUES[k.index()]
}

/// A count from 1 up to 10^`digits`, spread over magnitudes: its number
/// of digits, then the count, from a word of its own (see [`Draw::word`]).
fn magnitude(d: &mut Draw, digits: u32) -> u64 {
    let mut w = d.word();
    let k = w.below(u64::from(digits) + 1) as usize;
    1 + if POW10[k] < 1 << 46 {
        w.below(POW10[k])
    } else {
        d.src.below(POW10[k])
    }
}

const POW10: [u64; 19] = {
    let mut p = [1u64; 19];
    let mut i = 1;
    while i < 19 {
        p[i] = p[i - 1] * 10;
        i += 1;
    }
    p
};

/// Counts in `1..=limit` for `kinds` with T = `target`: every count is drawn,
/// then the kind of smallest |value| (the last of them) is solved for, after
/// the others have been moved toward balance just as far as its count needs
/// to fit. Solving for the smallest |value| keeps T reachable: a value of 1
/// divides anything, a value of 2 divides the even sum of the others. `None`
/// when `kinds` cannot reach `target` (one sign only, or an odd target with
/// even values only).
fn aim(
    d: &mut Draw,
    kinds: &[Kind],
    mut draw: impl FnMut(&mut Draw) -> u64,
    target: i128,
    limit: u64,
) -> Option<Case> {
    let mut case: Case = kinds
        .iter()
        .map(|&k| (k, draw(d).clamp(1, limit)))
        .collect();
    let j = (0..case.len())
        .rev()
        .min_by_key(|&i| value(case[i].0).abs())?;
    let v = value(case[j].0);
    let l = i128::from(limit);
    // The sum of the other terms must fall in `lo..=hi` for 1 <= c_j <= limit.
    let (lo, hi) = if v > 0 {
        (target - v * l, target - v)
    } else {
        (target - v, target - v * l)
    };
    let mut rest: i128 = case
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != j)
        .map(|(_, &(k, c))| value(k) * i128::from(c))
        .sum();
    // Shrinking counts first keeps the piles few (the small profile's bound).
    for grow_pass in [false, true] {
        for (i, (kind, count)) in case.iter_mut().enumerate() {
            let w = value(*kind);
            // How far `rest` must move, and whether this count moves it that
            // way by growing (else by shrinking).
            let (gap, grow) = if rest > hi {
                (rest - hi, w < 0)
            } else if rest < lo {
                (lo - rest, w > 0)
            } else {
                break;
            };
            if i == j || grow != grow_pass {
                continue;
            }
            let c = i128::from(*count);
            let room = if grow { l - c } else { c - 1 };
            // Values are 1, 2 or 4 in size: divide by shifting.
            let shift = w.unsigned_abs().trailing_zeros();
            let step = room.min((gap + w.abs() - 1) >> shift);
            let next = if grow { c + step } else { c - step };
            rest += w * (next - c);
            *count = next as u64;
        }
    }
    let need = target - rest;
    let (size, shift) = (v.abs(), v.unsigned_abs().trailing_zeros());
    if !(lo..=hi).contains(&rest) || need & (size - 1) != 0 {
        return None;
    }
    case[j].1 = ((need >> shift) * v.signum()) as u64;
    debug_assert_eq!(double_value(&case), target);
    Some(case)
}
