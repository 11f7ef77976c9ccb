//! Killing the catalogued mistakes: which tests tell each mistake from the
//! engine, a killing input for a mistake no test kills yet, and the small
//! set of tests that still exercises every rule and kills every mistake.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use crate::game::{generate_input, Edge, Game};
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{mistake_differs, mistaken_differs, run_mistakes, Limits};

use super::edges::EDGES_WANTED;

/// Inputs drawn at most, per mistake no test kills, before its witness is
/// taken instead. Bounded by count, not time, so that a package is the
/// same on every machine; [`SEARCH_TIME`] is only a safety net.
const SEARCH_DRAWS: u64 = 2_000;

/// Wall-clock bound of one mistake's search and of the shrinking of what it
/// found; reached only on a machine far slower than any measured (a
/// generals killer's shrink takes seconds in a test build on a loaded
/// machine, and a bound that is reached makes the package depend on the
/// machine).
const SEARCH_TIME: Duration = Duration::from_secs(120);

/// Shrink candidates decided per found killing input.
const SHRINK_CANDIDATES: u64 = 2_000;

/// Per catalogued mistake, whether its answer to the valid input differs
/// from the engine's (a fault, such as a badly written answer, differs;
/// a line the mistake leaves undecided does not).
pub fn kills<G: Game>(input: &G::Input, text: &str) -> Vec<bool> {
    let (engine, mistakes) = run_mistakes::<G>(input, text, &Limits::default());
    let Ok(engine) = engine.result else {
        return vec![false; mistakes.len()];
    };
    mistakes
        .iter()
        .map(|r| mistaken_differs::<G>(r, &engine))
        .collect()
}

/// A small input that kills mistake `m`, and where it comes from: the
/// first of [`SEARCH_DRAWS`] inputs drawn from `seed` on that kills it,
/// shrunk; else the catalogue's witness, so that every mistake is killed.
pub fn killer<G: Game>(m: usize, seed: u64, profiles: &[&str]) -> (G::Input, String) {
    let start = Instant::now();
    let name = G::MISTAKES[m].name;
    for i in 0..SEARCH_DRAWS {
        if start.elapsed() > SEARCH_TIME || profiles.is_empty() {
            break;
        }
        let profile = profiles[i as usize % profiles.len()];
        let case_seed = seed.wrapping_add(i);
        let input = generate_input::<G>(case_seed, profile);
        if !mistake_differs::<G>(m, &input, &G::render(&input)) {
            continue;
        }
        let found = G::render(&input).len();
        let limits = ShrinkLimits {
            time: SEARCH_TIME,
            candidates: SHRINK_CANDIDATES,
            ..ShrinkLimits::default()
        };
        let keeps = |c: &G::Input, text: &str| mistake_differs::<G>(m, c, text);
        let shrunk = shrink::shrink::<G>(input, None, keeps, &limits).input;
        let about = format!(
            "drawn for mistake {name} (profile {profile}, seed {case_seed}), \
             shrunk from {found} to {} bytes",
            G::render(&shrunk).len()
        );
        return (shrunk, about);
    }
    let witness = crate::game::parse_valid::<G>(G::MISTAKES[m].witness)
        .unwrap_or_else(|e| panic!("the witness of {} mistake {name} is refused: {e}", G::ID));
    let about = format!(
        "the catalogued witness of mistake {name}, which none of {SEARCH_DRAWS} inputs \
         drawn from seed {seed} kills"
    );
    (witness, about)
}

/// What a test covers: the rules it exercises, the mistakes it kills and
/// the edges it holds.
pub struct Covers<'a> {
    pub hits: &'a [u64],
    pub kills: &'a [bool],
    pub edges: &'a BTreeSet<Edge>,
    /// Kept whatever it covers (the largest inputs, corpus findings).
    pub required: bool,
    pub bytes: usize,
}

/// Tests from different files that should kill each mistake: one test
/// that kills a narrow mistake is easily lost to an edit of the package,
/// or passed by a program whose bug is narrower still.
pub const KILLS_WANTED: usize = 2;

/// The tests kept (by index): every required one, then, greedily, the one
/// that covers most of what the kept ones leave wanting (a rule exercised
/// once, a mistake killed [`KILLS_WANTED`] times and an edge held
/// [`EDGES_WANTED`] times, or as often as the tests do), ties going to the
/// smaller and then the earlier test, until nothing more is wanted.
pub fn cover(tests: &[Covers<'_>]) -> Vec<usize> {
    let Some(first) = tests.first() else {
        return Vec::new();
    };
    let rules = first.hits.len();
    let mistakes = first.kills.len();
    let edges: BTreeMap<&Edge, usize> = tests
        .iter()
        .flat_map(|t| t.edges)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .enumerate()
        .map(|(i, e)| (e, i))
        .collect();
    let elements = |t: &Covers<'_>| -> Vec<bool> {
        let mut set: Vec<bool> = t
            .hits
            .iter()
            .map(|&h| h > 0)
            .chain(t.kills.iter().copied())
            .chain(std::iter::repeat_n(false, edges.len()))
            .collect();
        for e in t.edges {
            set[rules + mistakes + edges[e]] = true;
        }
        set
    };
    let sets: Vec<Vec<bool>> = tests.iter().map(elements).collect();
    let width = sets[0].len();
    let want: Vec<usize> = (0..width)
        .map(|e| {
            let wanted = match e {
                _ if e < rules => 1,
                _ if e < rules + mistakes => KILLS_WANTED,
                _ => EDGES_WANTED,
            };
            sets.iter().filter(|s| s[e]).count().min(wanted)
        })
        .collect();
    let mut have = vec![0; width];
    let mut kept: Vec<usize> = Vec::new();
    let take = |i: usize, have: &mut Vec<usize>, kept: &mut Vec<usize>| {
        for (h, &e) in have.iter_mut().zip(&sets[i]) {
            *h += usize::from(e);
        }
        kept.push(i);
    };
    for (i, t) in tests.iter().enumerate() {
        if t.required {
            take(i, &mut have, &mut kept);
        }
    }
    loop {
        let gain = |i: usize| {
            (0..width)
                .filter(|&e| sets[i][e] && have[e] < want[e])
                .count()
        };
        let best = (0..tests.len())
            .filter(|i| !kept.contains(i))
            .map(|i| (gain(i), i))
            .filter(|&(g, _)| g > 0)
            .min_by_key(|&(g, i)| (std::cmp::Reverse(g), tests[i].bytes, i));
        match best {
            Some((_, i)) => take(i, &mut have, &mut kept),
            None => break,
        }
    }
    kept.sort_unstable();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    static NO_EDGES: BTreeSet<Edge> = BTreeSet::new();

    fn t<'a>(hits: &'a [u64], kills: &'a [bool], required: bool, bytes: usize) -> Covers<'a> {
        Covers {
            hits,
            kills,
            edges: &NO_EDGES,
            required,
            bytes,
        }
    }

    #[test]
    fn the_cover_keeps_required_tests_and_drops_redundant_ones() {
        let tests = [
            t(&[1, 0], &[false, false, false], true, 100),
            t(&[0, 1], &[true, false, false], false, 10),
            t(&[0, 1], &[true, true, true], false, 50),
            t(&[0, 0], &[false, true, false], false, 5),
        ];
        // Test 2 covers everything test 1 and test 3 do once; the first
        // two mistakes are killed by two tests each only with them.
        assert_eq!(cover(&tests), vec![0, 1, 2, 3]);
    }

    #[test]
    fn ties_go_to_the_smaller_test() {
        let tests = [
            t(&[0], &[true], false, 30),
            t(&[0], &[true], false, 20),
            t(&[1], &[false], false, 40),
        ];
        // The mistake is wanted killed twice.
        assert_eq!(cover(&tests), vec![0, 1, 2]);
    }

    #[test]
    fn a_mistake_killed_twice_needs_no_third_test() {
        let tests = [
            t(&[1], &[true], false, 30),
            t(&[0], &[true], false, 20),
            t(&[0], &[true], false, 10),
        ];
        assert_eq!(cover(&tests), vec![0, 2]);
    }

    #[test]
    fn nothing_covered_by_no_test_is_asked_for() {
        let tests = [
            t(&[0, 0], &[false], false, 1),
            t(&[2, 0], &[false], false, 1),
        ];
        assert_eq!(cover(&tests), vec![1]);
    }

    #[test]
    fn an_edge_is_wanted_in_two_tests() {
        use crate::game::Event;
        let e = |rule| Event { rule, ctx: 0 };
        let one: BTreeSet<Edge> = [(e(0), e(1))].into();
        let both: BTreeSet<Edge> = [(e(0), e(1)), (e(1), e(0))].into();
        let tests = [
            Covers {
                edges: &one,
                ..t(&[1], &[false], false, 10)
            },
            Covers {
                edges: &both,
                ..t(&[1], &[false], false, 30)
            },
            Covers {
                edges: &both,
                ..t(&[1], &[false], false, 20)
            },
        ];
        // Only the last two hold the second edge, and they hold the first
        // twice as well; by rules and mistakes alone one test would do.
        assert_eq!(cover(&tests), vec![1, 2]);
        let alone = [t(&[1], &[false], false, 10), t(&[1], &[false], false, 20)];
        assert_eq!(cover(&alone), vec![0]);
    }
}
