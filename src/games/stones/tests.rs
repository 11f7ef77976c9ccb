//! The worked examples of the spec, the brute-force oracle against the
//! engine, the formats, the validator, the generators, shrinking and the
//! rule events.

use super::engine::{double_value, Ev};
use super::gen::PROFILES;
use super::model::{Answer, Case, Input, Kind, MAX_COUNT};
use super::Stones;
use crate::fault::Budget;
use crate::game::{parse_valid, Game, GameId};
use crate::source::Source;

const EXAMPLES: &str = "1
w 1
1
b 1
2
w 1
b 1
1
bw 1
2
bw 1
b 1
2
bw 2
b 1
2
ww 1
bb 1
2
wb 3
w 1
2
wb 2
w 1
3
w 1000000000000000000
ww 1000000000000000000
bw 1000000000000000000
3
b 1000000000000000000
bb 1000000000000000000
wb 1000000000000000000
6
w 1000000000000000000
b 1000000000000000000
ww 1000000000000000000
bb 1000000000000000000
wb 1000000000000000000
bw 1000000000000000000
2
ww 1
b 3
3
wb 1
bw 1
b 1
";

const EXPECTED: &str = "win win
lose lose
lose win
win win
lose lose
lose win
lose win
lose lose
lose win
win win
lose lose
lose win
lose lose
lose lose
";

fn rule(text: &str) -> &'static str {
    let input = Stones::parse(text).expect("parses");
    Stones::validate(&input).expect_err("must be invalid").rule
}

#[test]
fn worked_examples_give_the_spec_outputs() {
    let input = parse_valid::<Stones>(EXAMPLES).unwrap();
    let out = Stones::solve(&input, &mut Budget::default()).unwrap();
    assert_eq!(Stones::render_output(&out), EXPECTED);
    let t: Vec<i128> = input.cases.iter().map(double_value).collect();
    let e18 = 1_000_000_000_000_000_000i128;
    assert_eq!(
        t,
        vec![2, -2, 0, 1, -1, 0, 0, -1, 0, 7 * e18, -7 * e18, 0, -2, -2]
    );
}

#[test]
fn brute_force_agrees_with_the_small_worked_examples() {
    let small: Vec<Case> = Stones::parse(EXAMPLES)
        .unwrap()
        .cases
        .into_iter()
        .filter(|c| c.iter().all(|&(_, n)| n <= 7))
        .collect();
    assert_eq!(small.len(), 11);
    let input = Input { cases: small };
    let brute = Stones::brute(&input, &mut Budget::default())
        .expect("applies to small inputs")
        .unwrap();
    assert_eq!(
        brute,
        Stones::solve(&input, &mut Budget::default()).unwrap()
    );
    let big = Stones::parse("1\nw 8\n").unwrap();
    assert!(Stones::brute(&big, &mut Budget::default()).is_none());
}

#[test]
fn engine_equals_brute_force_on_every_small_input_drawn() {
    let mut compared = 0;
    for seed in 0..400 {
        let input = Stones::generate(&mut Source::seeded(GameId::Stones, seed), "small");
        let brute = Stones::brute(&input, &mut Budget::default())
            .expect("small inputs fit the oracle")
            .unwrap();
        let engine = Stones::solve(&input, &mut Budget::default()).unwrap();
        assert_eq!(engine, brute, "seed {seed}:\n{}", Stones::render(&input));
        compared += input.cases.len();
    }
    assert!(compared > 1000);
}

#[test]
fn small_profile_balances_the_three_answers() {
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..100 {
        let input = Stones::generate(&mut Source::seeded(GameId::Stones, seed), "small");
        for a in Stones::solve(&input, &mut Budget::default()).unwrap() {
            *seen.entry((a.first, a.second)).or_insert(0) += 1;
        }
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(seen.values().all(|&n| n > 50), "{seen:?}");
}

#[test]
fn round_trip_and_loose_whitespace() {
    let input = Stones::parse(EXAMPLES).unwrap();
    assert_eq!(Stones::render(&input), EXAMPLES);
    let loose = Stones::parse("2 wb 3   w\n1\r\n1 b 2").unwrap();
    assert_eq!(Stones::render(&loose), "2\nwb 3\nw 1\n1\nb 2\n");
}

/// Counts are written digit pair by digit pair: every length, and both
/// sides of each power of ten, must read as `format!` writes them.
#[test]
fn render_writes_every_count_length_in_decimal() {
    let mut counts = vec![1, 9, u64::MAX];
    for k in 1..=19 {
        let p = 10u64.pow(k);
        counts.extend([p - 1, p, p + 1, p + p / 3]);
    }
    let input = Input {
        cases: counts.iter().map(|&c| vec![(Kind::WB, c)]).collect(),
    };
    let expected: String = counts.iter().map(|c| format!("1\nwb {c}\n")).collect();
    assert_eq!(Stones::render(&input), expected);
}

#[test]
fn parse_errors_name_the_position_and_what_was_expected() {
    let e = Stones::parse("1\nWB 3\n").unwrap_err();
    assert_eq!((e.line, e.col), (2, 1));
    assert!(e.message.contains("rule 3"), "{e}");
    let e = Stones::parse("2\nw 3\n").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("pile kind"), "{e}");
    let e = Stones::parse("1\nw -3\n").unwrap_err();
    assert_eq!((e.line, e.col), (2, 3));
    let e = Stones::parse("1\nw 3 x\n").unwrap_err();
    assert!(e.message.contains("number of pile kinds"), "{e}");
}

#[test]
fn each_checklist_rule_is_reported_with_its_id() {
    assert_eq!(rule("0\n"), "2");
    assert_eq!(rule("7\nw 1\nb 1\nww 1\nbb 1\nwb 1\nbw 1\nw 2\n"), "2");
    assert_eq!(rule("2\nw 1\nw 2\n"), "4");
    assert_eq!(rule("1\nw 0\n"), "5");
    assert_eq!(rule("1\nw 1000000000000000001\n"), "5");
    assert_eq!(rule(""), "6");
    assert_eq!(rule(&"1\nw 1\n".repeat(1001)), "6");
    // Rules 1 and 3 are the token grammar, enforced by the parser.
    assert!(Stones::parse("1\nw 1\n1\n").is_err());
    assert!(Stones::parse("1\nbbw 1\n").is_err());
}

#[test]
fn outputs_compare_exactly() {
    let out = Stones::parse_output("win win\nlose win").unwrap();
    assert_eq!(
        out,
        vec![
            Answer {
                first: true,
                second: true
            },
            Answer {
                first: false,
                second: true
            }
        ]
    );
    assert_eq!(Stones::render_output(&out), "win win\nlose win\n");
    for bad in [
        "win  win\n",
        "Win win\n",
        "win\n",
        "win win \n",
        "win win\n\n",
    ] {
        assert!(Stones::parse_output(bad).is_err(), "{bad:?} must not parse");
    }
}

#[test]
fn differences_are_stable_tags() {
    let a = |first, second| Answer { first, second };
    let x = vec![a(true, true), a(false, true)];
    assert_eq!(
        Stones::difference(&x, &vec![a(true, true), a(false, false)]),
        "second"
    );
    assert_eq!(
        Stones::difference(&x, &vec![a(true, true), a(true, true)]),
        "first"
    );
    assert_eq!(
        Stones::difference(&x, &vec![a(false, false), a(false, true)]),
        "both"
    );
    assert_eq!(Stones::difference(&x, &vec![a(true, true)]), "case count");
}

#[test]
fn every_profile_generates_valid_inputs_even_from_an_all_zero_tape() {
    for p in PROFILES {
        let seeds = if p.name == "max" { 2 } else { 50 };
        for seed in 0..seeds {
            let input = Stones::generate(&mut Source::seeded(GameId::Stones, seed), p.name);
            if let Err(e) = Stones::validate(&input) {
                panic!("profile {} seed {seed}: {e}", p.name);
            }
        }
        let zero = Stones::generate(&mut Source::replay(vec![]), p.name);
        Stones::validate(&zero).unwrap_or_else(|e| panic!("profile {}: {e}", p.name));
    }
}

#[test]
fn edge_and_max_reach_their_boundaries() {
    let e18 = i128::from(MAX_COUNT);
    let mut totals = std::collections::BTreeSet::new();
    for seed in 0..40 {
        for p in ["edge", "max"] {
            let input = Stones::generate(&mut Source::seeded(GameId::Stones, seed), p);
            totals.extend(input.cases.iter().map(double_value));
        }
    }
    for t in [0, 1, -1, 7 * e18, -7 * e18] {
        assert!(totals.contains(&t), "T = {t} never generated");
    }
}

#[test]
fn shrink_lowers_counts_and_drops_kinds_and_cases() {
    let input = Stones::parse("2\nw 10\nb 3\n1\nbw 1\n").unwrap();
    let cands = Stones::shrink(&input);
    assert!(cands.iter().any(|c| c.cases.len() == 1));
    assert!(cands.iter().any(|c| c.cases[0].len() == 1));
    assert!(cands.iter().any(|c| c.cases[0][0].1 == 1));
    assert!(cands.iter().any(|c| c.cases[0][0].1 == 5));
    assert!(cands
        .iter()
        .all(|c| Stones::render(c).len() <= Stones::render(&input).len()));
}

fn hits_of(text: &str) -> Vec<u64> {
    Stones::rule_hits(&parse_valid::<Stones>(text).expect("valid"))
}

fn assert_hits(hits: &[u64], exactly: &[(Ev, u64)]) {
    for &(e, n) in exactly {
        assert_eq!(hits[e as usize], n, "{e:?} in {hits:?}");
    }
}

#[test]
fn each_listed_kind_and_the_sign_of_t_are_reported() {
    // `ww 1` + `b 3`: T = 4 - 6 = -2, no half-valued pile.
    let hits = hits_of("2\nww 1\nb 3\n");
    let mut only = vec![0; Stones::RULES.len()];
    for e in [Ev::PileWw, Ev::PileB, Ev::BWinsBoth] {
        only[e as usize] = 1;
    }
    assert_eq!(hits, only);
    assert_hits(&hits_of("1\nw 1\n"), &[(Ev::PileW, 1), (Ev::AWinsBoth, 1)]);
    assert_hits(
        &hits_of("2\nww 1\nbb 1\n"),
        &[(Ev::SecondPlayerWins, 1), (Ev::HalvesChangeOutcome, 0)],
    );
}

#[test]
fn half_valued_piles_can_decide_the_answer() {
    // `bw 2` + `b 1`: the black stone alone wins for B, the halves make
    // T = 0. `bw 1` + `b 1`: T = -1, B still wins both ways.
    assert_hits(
        &hits_of("2\nbw 2\nb 1\n"),
        &[
            (Ev::PileBw, 1),
            (Ev::HalvesChangeOutcome, 1),
            (Ev::SecondPlayerWins, 1),
        ],
    );
    assert_hits(
        &hits_of("2\nbw 1\nb 1\n"),
        &[(Ev::HalvesChangeOutcome, 0), (Ev::BWinsBoth, 1)],
    );
    assert_hits(
        &hits_of("2\nwb 3\nw 1\n"),
        &[
            (Ev::PileWb, 1),
            (Ev::HalvesChangeOutcome, 1),
            (Ev::BWinsBoth, 1),
        ],
    );
}

#[test]
fn large_counts_are_flagged_where_narrow_arithmetic_breaks() {
    // Counts up to 10^9 stay within 32 bits only as single-stone terms
    // below 2^31.
    assert_hits(
        &hits_of("2\nw 1000000000\nbb 1000000000\n"),
        &[(Ev::TermBeyondI32, 1), (Ev::SumBeyondHalfI64, 0)],
    );
    // The spec's extreme: T = 7·10^18 from three terms of 10^18 piles.
    assert_hits(
        &hits_of("3\nw 1000000000000000000\nww 1000000000000000000\nbw 1000000000000000000\n"),
        &[
            (Ev::TermBeyondI32, 3),
            (Ev::SumBeyondHalfI64, 1),
            (Ev::AWinsBoth, 1),
        ],
    );
    // All six kinds at 10^18 cancel exactly, yet each side sums to 7·10^18.
    let all = "6\nw 1000000000000000000\nb 1000000000000000000\nww 1000000000000000000\nbb 1000000000000000000\nwb 1000000000000000000\nbw 1000000000000000000\n";
    assert_hits(
        &hits_of(all),
        &[
            (Ev::SumBeyondHalfI64, 1),
            (Ev::SecondPlayerWins, 1),
            (Ev::HalvesChangeOutcome, 0),
        ],
    );
}

#[test]
fn hits_add_up_over_the_cases_of_a_file() {
    let hits = hits_of(EXAMPLES);
    let answers: u64 = [Ev::AWinsBoth, Ev::SecondPlayerWins, Ev::BWinsBoth]
        .iter()
        .map(|&e| hits[e as usize])
        .sum();
    assert_eq!(answers, 14);
    assert_hits(
        &hits,
        &[
            (Ev::AWinsBoth, 3),
            (Ev::SecondPlayerWins, 5),
            (Ev::BWinsBoth, 6),
        ],
    );
}

#[test]
fn rule_events_name_the_pile_kind_and_the_case() {
    let input = Stones::parse(Stones::SAMPLE).unwrap();
    let names = crate::game::events::<Stones>(&input).names::<Stones>();
    // The first case lists a w pile alone; the fourth a bw pile alone,
    // the fifth a bw pile beside a b pile.
    for want in [
        "pile-w/alone/first",
        "pile-bw/alone/later",
        "pile-bw/later",
        "term-beyond-i32/bw/later",
        "term-beyond-i32/ww/later",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    assert!(!names
        .iter()
        .any(|n| n.starts_with("term-beyond-i32/") && n.ends_with("/first")));
}
