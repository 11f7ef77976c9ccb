//! The profiles and their generators. Random counts almost never give
//! T = 0, where the two answers differ, so many cases are aimed: every count
//! but one is drawn and the last is solved for a target T, with plain
//! random cases as the fallback that every tape can reach.

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

pub fn generate(src: &mut Source, profile: &str) -> Input {
    let n = match profile {
        "small" => src.usize_in(1, 10),
        "typical" => src.usize_in(1, 300),
        "edge" => {
            if src.bool(0.2) {
                MAX_CASES
            } else {
                src.usize_in(1, 20)
            }
        }
        "max" => MAX_CASES,
        other => panic!("stones has no profile '{other}'"),
    };
    let make: fn(&mut Source) -> Case = match profile {
        "small" => small,
        "typical" => typical,
        "edge" => edge,
        _ => max,
    };
    Input {
        cases: (0..n).map(|_| make(src)).collect(),
    }
}

/// Small enough for the brute-force oracle: counts 1..=7, at most 12 piles.
fn small(src: &mut Source) -> Case {
    let fits =
        |c: &Case| c.iter().all(|&(_, n)| n <= 7) && c.iter().map(|&(_, n)| n).sum::<u64>() <= 12;
    match target(src) {
        None => random_small(src),
        Some(t) => {
            let kinds = kinds(src, 2, 6);
            src.attempt(
                4,
                |src| aim(src, &kinds, |s| s.int_in(1, 3) as u64, t, fits),
                random_small,
            )
        }
    }
}

fn random_small(src: &mut Source) -> Case {
    let kinds = kinds(src, 1, 6);
    let mut used = 0;
    let k = kinds.len() as u64;
    kinds
        .iter()
        .enumerate()
        .map(|(i, &kind)| {
            let cap = 7.min(12 - used - (k - 1 - i as u64));
            let c = src.int_in(1, cap as i64) as u64;
            used += c;
            (kind, c)
        })
        .collect()
}

fn typical(src: &mut Source) -> Case {
    let limit = 1_000_000_000;
    let fits = move |c: &Case| c.iter().all(|&(_, n)| n <= limit);
    let draw = move |s: &mut Source| magnitude(s, 9);
    let random = move |src: &mut Source| -> Case {
        let kinds = kinds(src, 1, 6);
        kinds.into_iter().map(|k| (k, draw(src))).collect()
    };
    match target(src) {
        None => random(src),
        Some(t) => {
            let kinds = kinds(src, 2, 6);
            src.attempt(4, |src| aim(src, &kinds, draw, t, fits), random)
        }
    }
}

/// The edge families of the spec, one per case.
fn edge(src: &mut Source) -> Case {
    match src.below(5) {
        0 => near_zero(src),
        1 => mixed_only(src),
        2 => single_kind(src),
        3 => ones_beside_max(src),
        _ => extreme(src),
    }
}

/// T exactly 0, +1 or -1.
fn near_zero(src: &mut Source) -> Case {
    let fits = |c: &Case| c.iter().all(|&(_, n)| n <= MAX_COUNT);
    let t = *src.choose(&[0, 1, -1]);
    let kinds = kinds(src, 2, 6);
    let scale = src.below(19) as u32;
    src.attempt(
        6,
        |src| aim(src, &kinds, |s| magnitude(s, scale), t, fits),
        // T = 0 by construction.
        |_| vec![(Kind::W, 1), (Kind::B, 1)],
    )
}

/// Only mixed piles, with odd and even differences.
fn mixed_only(src: &mut Source) -> Case {
    let c = magnitude(src, 18).min(MAX_COUNT - 3);
    let other = c + src.below(4);
    let (wb, bw) = if src.bool(0.5) {
        (c, other)
    } else {
        (other, c)
    };
    let mut case = vec![(Kind::WB, wb), (Kind::BW, bw)];
    src.shuffle(&mut case);
    if src.bool(0.2) {
        case.pop();
    }
    case
}

fn single_kind(src: &mut Source) -> Case {
    let kind = *src.choose(&Kind::ALL);
    let count = match src.below(3) {
        0 => 1,
        1 => MAX_COUNT,
        _ => magnitude(src, 18),
    };
    vec![(kind, count)]
}

/// Counts 1 and 10^18 side by side.
fn ones_beside_max(src: &mut Source) -> Case {
    let kinds = kinds(src, 2, 6);
    kinds
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let big = match i {
                0 => false,
                1 => true,
                _ => src.bool(0.5),
            };
            (k, if big { MAX_COUNT } else { 1 })
        })
        .collect()
}

/// The extremes |T| = 7·10^18.
fn extreme(src: &mut Source) -> Case {
    let side = if src.bool(0.5) {
        [Kind::W, Kind::WW, Kind::BW]
    } else {
        [Kind::B, Kind::BB, Kind::WB]
    };
    let mut case: Case = side.iter().map(|&k| (k, MAX_COUNT)).collect();
    src.shuffle(&mut case);
    case
}

/// All six kinds near 10^18: nearly balanced, aimed at small T, extreme.
fn max(src: &mut Source) -> Case {
    let fits = |c: &Case| c.iter().all(|&(_, n)| n <= MAX_COUNT);
    let near = |s: &mut Source| MAX_COUNT - s.below(4);
    let mut case: Case = match src.below(4) {
        0 => Kind::ALL.iter().map(|&k| (k, near(src))).collect(),
        1 => {
            let t = src.int_in(-3, 3) as i128;
            src.attempt(
                6,
                |src| aim(src, &Kind::ALL, near, t, fits),
                |src| Kind::ALL.iter().map(|&k| (k, near(src))).collect(),
            )
        }
        2 => {
            let side = if src.bool(0.5) {
                [Kind::W, Kind::WW, Kind::BW]
            } else {
                [Kind::B, Kind::BB, Kind::WB]
            };
            side.iter().map(|&k| (k, near(src))).collect()
        }
        _ => Kind::ALL
            .iter()
            .map(|&k| (k, src.int_in(1, MAX_COUNT as i64) as u64))
            .collect(),
    };
    src.shuffle(&mut case);
    case
}

/// Some target T for an aimed case, or `None` for a plain random one.
fn target(src: &mut Source) -> Option<i128> {
    match src.weighted(&[2, 2, 1, 1]) {
        0 => None,
        1 => Some(0),
        2 => Some(1),
        _ => Some(-1),
    }
}

/// `lo..=hi` distinct kinds in a random order.
fn kinds(src: &mut Source, lo: usize, hi: usize) -> Vec<Kind> {
    let k = src.usize_in(lo, hi);
    let mut all = Kind::ALL;
    src.shuffle(&mut all);
    all[..k].to_vec()
}

/// A count from 1 up to about 10^`digits`, spread over magnitudes.
fn magnitude(src: &mut Source, digits: u32) -> u64 {
    let k = src.below(u64::from(digits) + 1) as u32;
    src.int_in(1, 10i64.pow(k)) as u64
}

/// Draws every count, then solves one of them (the last that can be) for
/// T = `target`; `None` when no kind can absorb the difference within `fits`.
fn aim(
    src: &mut Source,
    kinds: &[Kind],
    mut draw: impl FnMut(&mut Source) -> u64,
    target: i128,
    fits: impl Fn(&Case) -> bool,
) -> Option<Case> {
    let mut case: Case = kinds.iter().map(|&k| (k, draw(src))).collect();
    for j in (0..case.len()).rev() {
        let v = case[j].0.double_value();
        let rest = double_value(&case) - v * i128::from(case[j].1);
        let need = target - rest;
        if need % v != 0 || need / v < 1 {
            continue;
        }
        let Ok(c) = u64::try_from(need / v) else {
            continue;
        };
        let mut cand = case.clone();
        cand[j].1 = c;
        if fits(&cand) {
            case = cand;
            return Some(case);
        }
    }
    None
}
