//! The worked examples of the spec, each checklist rule, the generators'
//! shapes, shrinking, the trace and the rule events the examples apply.

use super::engine::play_case;
use super::gen::PROFILES;
use super::model::{Case, Input, Outcome, Verdict, MAX_COUNT, MAX_Q, MAX_SIDE, MAX_T};
use super::trace::TRACE_MOVE_LINES;
use super::Generals;
use crate::fault::Budget;
use crate::game::{parse_valid, Game, GameId};
use crate::source::Source;

const SAMPLE: &str = "1
3 3
1 1 6
3 3 13
4
1 1 R
3 3 L
1 2 D
3 2 U
1 1 R
2 2 U
1 1 D
1 2 L
";

const EDGES: &str = "4
1 2
1 1 5
1 2 5
3
1 1 R
1 2 L
1 2 L
1 1 R
1 2 L
1 1 R
2 2
1 1 2
1 2 9
2
1 1 D
1 2 L
2 1 R
1 1 D
1 5
1 3 2
1 1 3
2
1 3 R
1 1 R
1 4 L
1 2 R
3 1
3 1 4
1 1 4
1
3 1 U
1 1 D
";

const WIDE_DRAW: &str = "1
1 4
1 1 2
1 4 2147483647
1
1 1 R
1 4 L
";

const WIDE_WIN: &str = "1
2 3
1 1 2147483647
1 3 2
6
1 1 R
1 3 D
1 1 R
1 3 D
1 1 R
1 3 D
1 1 R
1 3 D
1 1 R
1 3 D
1 2 R
1 3 D
";

fn solve_text(text: &str) -> String {
    let input = parse_valid::<Generals>(text).expect("a valid example");
    let out = Generals::solve(&input, &mut Budget::default()).expect("the engine answers");
    Generals::render_output(&out)
}

fn rule(text: &str) -> &'static str {
    let input = Generals::parse(text).expect("parses");
    Generals::validate(&input)
        .expect_err("must be invalid")
        .rule
}

#[test]
fn worked_examples_give_the_spec_outputs() {
    assert_eq!(solve_text(SAMPLE), "Bob wins!!\n1 8\n");
    assert_eq!(
        solve_text(EDGES),
        "Alice wins!!!\n1 0\nBob wins!!\n2 9\ndraw!\n2 3\ndraw!\n1 1\n"
    );
    assert_eq!(solve_text(WIDE_DRAW), "draw!\n3 2147483648\n");
    assert_eq!(solve_text(WIDE_WIN), "Alice wins!!!\n2147483652 6\n");
}

#[test]
fn examples_round_trip_through_parse_and_render() {
    for text in [SAMPLE, EDGES, WIDE_DRAW, WIDE_WIN] {
        let input = Generals::parse(text).unwrap();
        assert_eq!(Generals::render(&input), text);
    }
    let loose = "1 3 3 1 1 6 3 3 13 1\n1 1 R 3 3 L";
    let input = Generals::parse(loose).unwrap();
    assert_eq!(Generals::parse(&Generals::render(&input)).unwrap(), input);
}

#[test]
fn parse_errors_name_the_position_and_what_was_expected() {
    let e = Generals::parse("1\n2 2\n1 1 5\n2 2 5\n1\n1 1 X\n2 2 U\n").unwrap_err();
    assert_eq!((e.line, e.col), (6, 5));
    assert!(e.message.contains("direction"), "{e}");
    let e = Generals::parse("1\n2 2\n1 1 5\n2 2 5\n1\n1 1 R\n").unwrap_err();
    assert_eq!(e.line, 7, "the end of the text");
    assert!(e.message.contains("end of input"), "{e}");
    let e = Generals::parse("1\n2 -2\n").unwrap_err();
    assert!(e.message.contains("columns"), "{e}");
    let e = Generals::parse("1\n1 2\n1 1 2\n1 2 2\n1\n1 1 R\n1 2 L\n9\n").unwrap_err();
    assert!(e.message.contains("after the end"), "{e}");
}

#[test]
fn each_checklist_rule_is_reported_with_its_id() {
    let case = |body: &str| format!("1\n{body}");
    assert_eq!(rule("0\n"), "2");
    assert_eq!(
        rule(&format!(
            "11\n{}",
            "1 2\n1 1 2\n1 2 2\n1\n1 1 R\n1 2 L\n".repeat(11)
        )),
        "2"
    );
    assert_eq!(rule(&case("401 2\n1 1 2\n1 2 2\n1\n1 1 R\n1 2 L\n")), "3.1");
    assert_eq!(rule(&case("1 0\n1 1 2\n1 2 2\n1\n1 1 R\n1 2 L\n")), "3.1");
    assert_eq!(rule(&case("1 2\n1 3 2\n1 2 2\n1\n1 1 R\n1 2 L\n")), "3.2");
    assert_eq!(rule(&case("1 2\n1 2 2\n1 2 2\n1\n1 1 R\n1 2 L\n")), "3.2");
    assert_eq!(rule(&case("1 2\n1 1 1\n1 2 2\n1\n1 1 R\n1 2 L\n")), "3.3");
    assert_eq!(
        rule(&case("1 2\n1 1 2\n1 2 2147483648\n1\n1 1 R\n1 2 L\n")),
        "3.3"
    );
    assert_eq!(rule(&case("1 2\n1 1 2\n1 2 2\n0\n")), "3.4");
    let long = format!(
        "1 3\n1 1 2\n1 3 2\n100001\n{}",
        "1 1 R\n1 3 L\n".repeat(100_001)
    );
    assert_eq!(rule(&case(&long)), "3.4");
    // Off the board, even after the game has ended.
    assert_eq!(rule(&case("1 2\n1 1 2\n1 2 2\n1\n1 1 R\n1 2 R\n")), "3.5");
    assert_eq!(rule(&case("1 2\n1 1 2\n1 2 2\n1\n1 3 L\n1 2 L\n")), "3.5");
    // Moving from an empty cell, from Bob's cell, from a single soldier.
    assert_eq!(rule(&case("1 3\n1 1 2\n1 3 2\n1\n1 2 R\n1 3 L\n")), "3.6");
    assert_eq!(rule(&case("1 3\n1 1 2\n1 3 9\n1\n1 3 L\n1 3 L\n")), "3.6");
    assert_eq!(
        rule(&case("1 3\n1 1 2\n1 3 9\n2\n1 1 R\n1 3 D\n1 2 R\n1 3 L\n")),
        "3.5"
    );
    // (1, 2) is left with one soldier by move 3 and moved again by move 5.
    let few = "1 5\n1 1 2\n1 5 9\n3\n1 1 R\n1 5 L\n1 2 R\n1 5 L\n1 2 R\n1 5 L\n";
    let few = Generals::validate(&Generals::parse(&case(few)).unwrap()).unwrap_err();
    assert_eq!(few.rule, "3.6");
    assert!(
        few.message.contains("move 5 (line 10") && few.message.contains("holds 1 soldier"),
        "{few}"
    );
}

#[test]
fn lines_after_the_end_only_need_to_stay_on_the_board() {
    // Alice wins on move 1; Bob's line would be illegal if executed.
    let text = "1\n1 3\n1 2 5\n1 3 2\n2\n1 2 R\n1 1 R\n1 1 R\n1 1 R\n";
    assert_eq!(solve_text(text), "Alice wins!!!\n4 0\n");
}

#[test]
fn outputs_compare_exactly() {
    let out = Generals::parse_output("draw!\n3 -2147483648").unwrap();
    assert_eq!(
        out,
        vec![Outcome {
            verdict: Verdict::Draw,
            alice: 3,
            bob: -2147483648
        }]
    );
    assert_eq!(
        Generals::render_output(&out),
        "draw!\n3 -2147483648\n",
        "render_output writes what parse_output reads"
    );
    for bad in [
        "draw!\n3  4\n",
        "draw!\n03 4\n",
        "draw!\n+3 4\n",
        "draw!\n3 4 \n",
        "Draw!\n3 4\n",
        "Alice wins!!\n3 4\n",
        "draw!\n",
        "draw!\n-0 4\n",
    ] {
        assert!(
            Generals::parse_output(bad).is_err(),
            "{bad:?} must not parse"
        );
    }
}

#[test]
fn differences_are_stable_tags() {
    let o = |verdict, alice, bob| Outcome {
        verdict,
        alice,
        bob,
    };
    let a = vec![o(Verdict::Draw, 3, 4), o(Verdict::Alice, 1, 0)];
    let mut b = a.clone();
    b[1].bob = 7;
    assert_eq!(Generals::difference(&a, &b), "score");
    b[0].verdict = Verdict::Bob;
    assert_eq!(Generals::difference(&a, &b), "verdict");
    assert_eq!(Generals::difference(&a, &a[..1].to_vec()), "case count");
}

#[test]
fn every_profile_generates_valid_inputs_even_from_an_all_zero_tape() {
    for p in PROFILES {
        let seeds = if p.name == "max" { 1 } else { 25 };
        for seed in 0..seeds {
            let mut src = Source::seeded(GameId::Generals, seed);
            let input = Generals::generate(&mut src, p.name);
            if let Err(e) = Generals::validate(&input) {
                panic!("profile {} seed {seed}: {e}", p.name);
            }
        }
        let zero = Generals::generate(&mut Source::replay(vec![]), p.name);
        Generals::validate(&zero).unwrap_or_else(|e| panic!("profile {}: {e}", p.name));
    }
}

#[test]
fn max_profile_is_at_the_limits() {
    let input = Generals::generate(&mut Source::seeded(GameId::Generals, 7), "max");
    assert_eq!(input.cases.len(), MAX_T);
    for c in &input.cases {
        assert_eq!((c.n, c.m, c.rounds()), (MAX_SIDE, MAX_SIDE, MAX_Q));
        assert!(c.alice.count > MAX_COUNT - 1000 && c.bob.count > MAX_COUNT - 1000);
    }
}

#[test]
fn generators_reach_every_verdict_and_games_that_end_early() {
    let mut verdicts = std::collections::BTreeSet::new();
    let mut early = 0;
    for seed in 0..40 {
        let input = Generals::generate(&mut Source::seeded(GameId::Generals, seed), "edge");
        for case in &input.cases {
            let (o, executed) = play_case(case, &mut (), |_, _, _| ()).unwrap();
            verdicts.insert(format!("{:?}", o.verdict));
            if executed + 10 < case.moves.len() {
                early += 1;
            }
        }
    }
    assert_eq!(verdicts.len(), 3, "{verdicts:?}");
    assert!(early > 10, "only {early} cases end early");
}

#[test]
fn wide_profile_grows_totals_past_32_bits() {
    let past = (0..30)
        .flat_map(|seed| {
            Generals::generate(&mut Source::seeded(GameId::Generals, seed), "wide").cases
        })
        .filter(|case| {
            let (o, _) = play_case(case, &mut (), |_, _, _| ()).unwrap();
            o.alice > i64::from(i32::MAX) || o.bob > i64::from(i32::MAX)
        })
        .count();
    assert!(past > 10, "only {past} cases pass 2^31 - 1");
}

#[test]
fn shrink_offers_smaller_valid_candidates() {
    let input = Generals::parse(EDGES).unwrap();
    let text = Generals::render(&input);
    let valid: Vec<Input> = Generals::shrink(&input)
        .into_iter()
        .filter(|c| Generals::validate(c).is_ok())
        .collect();
    assert!(valid
        .iter()
        .all(|c| Generals::render(c).len() <= text.len()));
    assert!(valid.iter().any(|c| c.cases.len() == 1), "a case alone");
    assert!(valid.iter().any(|c| c.cases.len() == 3), "a case dropped");
    let edited: Vec<&Case> = valid
        .iter()
        .filter(|c| c.cases.len() == 4)
        .flat_map(|c| &c.cases)
        .collect();
    // Case 1 ends on move 1: cutting it to one round keeps it valid.
    assert!(edited
        .iter()
        .any(|c| c.n == 1 && c.m == 2 && c.rounds() == 1));
    // The draw on a 1x5 board loses its unused column.
    assert!(edited.iter().any(|c| c.n == 1 && c.m == 4));
    assert!(edited
        .iter()
        .any(|c| c.alice.count == 2 && c.bob.count == 5));
}

#[test]
fn shrink_crops_the_board_to_what_the_game_uses() {
    // Alice wins on move 3; the last line is never executed.
    let text = "1\n6 7\n3 3 5\n3 5 2\n2\n3 3 R\n3 5 L\n3 4 R\n6 7 L\n";
    let input = Generals::parse(text).unwrap();
    let cropped = Generals::shrink(&input)
        .into_iter()
        .find(|c| (c.cases[0].n, c.cases[0].m) == (1, 3))
        .expect("a 1x3 crop");
    assert!(Generals::validate(&cropped).is_ok());
    assert_eq!(
        Generals::render(&cropped),
        "1\n1 3\n1 1 5\n1 3 2\n2\n1 1 R\n1 3 L\n1 2 R\n1 3 L\n"
    );
}

#[test]
fn shrinking_a_huge_input_starts_with_few_single_case_candidates() {
    let input = Generals::generate(&mut Source::seeded(GameId::Generals, 3), "max");
    let cands = Generals::shrink(&input);
    assert_eq!(cands.len(), MAX_T + 2);
    assert!(cands[..MAX_T].iter().all(|c| c.cases.len() == 1));
}

#[test]
fn trace_tells_the_story_and_stays_short_on_huge_inputs() {
    let t = Generals::trace(&Generals::parse(SAMPLE).unwrap()).unwrap();
    assert!(t.contains("12 attack A 5 at (2, 2): captured"), "{t}");
    assert!(
        t.contains("Bob wins!!") && t.contains("scores: Alice 1, Bob 8"),
        "{t}"
    );
    let t = Generals::trace(&Generals::parse(EDGES).unwrap()).unwrap();
    assert!(
        t.contains("repelled, A 1 remain; (1, 3) = A 1"),
        "the defender keeps the cell: {t}"
    );
    let big = Generals::generate(&mut Source::seeded(GameId::Generals, 1), "typical");
    let t = Generals::trace(&big).unwrap();
    assert!(t.lines().count() < TRACE_MOVE_LINES + 10 * big.cases.len() + 10);
    assert_eq!(t.matches("scores:").count(), big.cases.len());
}

/// The rules `input` applies, by name, leaving out the ones it never hits.
fn hits(input: &Input) -> std::collections::BTreeMap<&'static str, u64> {
    Generals::RULES
        .iter()
        .zip(Generals::rule_hits(input))
        .filter(|&(_, n)| n > 0)
        .map(|(r, n)| (r.name, n))
        .collect()
}

/// The rules one case of `text` applies, sorted by name.
fn hits_of_case(text: &str, case: usize) -> Vec<(&'static str, u64)> {
    let input = parse_valid::<Generals>(text).unwrap();
    let one = Input {
        cases: vec![input.cases[case].clone()],
    };
    hits(&one).into_iter().collect()
}

fn sorted(v: &[(&'static str, u64)]) -> Vec<(&'static str, u64)> {
    let mut v = v.to_vec();
    v.sort();
    v
}

#[test]
fn the_official_sample_applies_the_rules_its_table_shows() {
    assert_eq!(
        hits_of_case(SAMPLE, 0),
        sorted(&[
            ("castle-bonus", 8),
            ("bonus-before-move", 4),
            ("move-to-empty", 4),
            ("join-own-cell", 1),
            ("attack-captures-cell", 2),
            ("castle-captured", 1),
            ("bob-wins", 1),
        ])
    );
}

#[test]
fn each_edge_example_applies_its_rule() {
    let cases: [&[(&str, u64)]; 4] = [
        &[
            ("castle-bonus", 1),
            ("bonus-before-move", 1),
            ("castle-emptied-by-a-tie", 1),
            ("lines-ignored-after-end", 1),
            ("alice-wins", 1),
        ],
        &[
            ("castle-bonus", 2),
            ("bonus-before-move", 2),
            ("move-to-empty", 1),
            ("castle-captured", 1),
            ("lines-ignored-after-end", 1),
            ("bob-wins", 1),
        ],
        &[
            ("castle-bonus", 4),
            ("bonus-before-move", 2),
            ("move-to-empty", 2),
            ("join-own-cell", 1),
            ("castle-attack-repelled", 1),
            ("draw-after-all-rounds", 1),
        ],
        &[
            ("castle-bonus", 2),
            ("bonus-before-move", 2),
            ("move-to-empty", 1),
            ("attack-tie-empties-cell", 1),
            ("draw-after-all-rounds", 1),
        ],
    ];
    for (i, want) in cases.iter().enumerate() {
        assert_eq!(hits_of_case(EDGES, i), sorted(want), "case {}", i + 1);
    }
}

#[test]
fn the_wide_examples_pass_32_bits_by_bonus_and_by_merging() {
    assert_eq!(
        hits_of_case(WIDE_DRAW, 0),
        sorted(&[
            ("castle-bonus", 2),
            ("stack-beyond-32-bits", 1),
            ("bonus-before-move", 2),
            ("move-to-empty", 2),
            ("draw-after-all-rounds", 1),
            ("score-beyond-32-bits", 1),
        ])
    );
    let win = hits(&parse_valid::<Generals>(WIDE_WIN).unwrap());
    for rule in [
        "join-own-cell",
        "stack-beyond-32-bits",
        "score-beyond-32-bits",
        "castle-captured",
        "alice-wins",
        "lines-ignored-after-end",
    ] {
        assert!(win.contains_key(rule), "{rule} missing from {win:?}");
    }
}

#[test]
fn all_cases_of_a_file_are_counted() {
    let input = parse_valid::<Generals>(EDGES).unwrap();
    let all = hits(&input);
    assert_eq!(all["draw-after-all-rounds"], 2);
    assert_eq!(all["castle-bonus"], 9);
}

/// Counting goes through the same engine run as `solve`, so it must not
/// change a single answer.
#[test]
fn counting_rules_leaves_the_outcomes_unchanged() {
    for seed in 0..10 {
        for p in PROFILES.iter().filter(|p| p.name != "max") {
            let input = crate::game::generate_case::<Generals>(seed, p.name).0;
            let mut hits = vec![0; Generals::RULES.len()];
            for case in &input.cases {
                let plain = play_case(case, &mut (), |_, _, _| ()).unwrap();
                let counted = play_case(case, &mut hits, |_, _, _| ()).unwrap();
                assert_eq!(plain, counted);
            }
            assert_eq!(hits, Generals::rule_hits(&input));
        }
    }
}

/// Both ways of keeping cells play every legal game as the engine does, and
/// a mistake that moves from the opponent's cells (Bob moving first, on
/// Alice's lines) parts them.
#[test]
fn both_ways_of_keeping_cells_agree_until_a_mistake_parts_them() {
    let bob_first = Generals::MISTAKES
        .iter()
        .position(|m| m.name == "bob-moves-first")
        .expect("catalogued");
    let mut parted = 0;
    for seed in 0..10 {
        for p in PROFILES.iter().filter(|p| p.name != "max") {
            let input = crate::game::generate_case::<Generals>(seed, p.name).0;
            let text = Generals::render(&input);
            let right = solve_text(&text);
            let kept = |picks: &[usize], keeping| {
                Generals::mistaken_kept(&text, picks, keeping, &mut Budget::default()).unwrap()
            };
            assert_eq!(kept(&[], 0), right, "{text}");
            assert_eq!(kept(&[], 1), right, "{text}");
            parted += usize::from(kept(&[bob_first], 0) != kept(&[bob_first], 1));
        }
    }
    assert!(parted > 0, "the two ways never parted");
}

#[test]
fn rule_events_name_the_mover_and_the_direction_of_the_line() {
    let input = Generals::parse(SAMPLE).unwrap();
    let names = crate::game::events::<Generals>(&input).names::<Generals>();
    for want in [
        "move-to-empty/alice/down/first",
        "castle-captured/bob/left/first",
        "castle-bonus/bob/up/first",
        "bob-wins/first",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    // The verdict is no move's: it carries no mover.
    assert!(!names.iter().any(|n| n.starts_with("bob-wins/bob")));
}

/// A package plays every mistake on the tests it already parsed: there
/// each mistake, the one that reads fewer move lines too, prints what it
/// prints when it reads the file itself.
#[test]
fn mistakes_on_a_parsed_file_print_what_they_print_on_its_text() {
    let mut faults = 0;
    for seed in 0..4 {
        for p in PROFILES.iter().filter(|p| p.name != "max") {
            let input = crate::game::generate_input::<Generals>(seed, p.name);
            let text = Generals::render(&input);
            for m in 0..Generals::MISTAKES.len() {
                for keeping in 0..Generals::KEEPINGS.len() {
                    let run = |parsed: bool| {
                        let budget = &mut Budget::new(1_000_000);
                        let printed = match parsed {
                            true => Generals::mistaken_parsed(&input, &text, &[m], keeping, budget),
                            false => Generals::mistaken_kept(&text, &[m], keeping, budget),
                        };
                        format!("{printed:?}")
                    };
                    let on_text = run(false);
                    faults += usize::from(on_text.starts_with("Err"));
                    assert_eq!(
                        run(true),
                        on_text,
                        "{} on\n{text}",
                        Generals::MISTAKES[m].name
                    );
                }
            }
        }
    }
    assert!(faults > 0, "no mistake failed on a file of several cases");
}
