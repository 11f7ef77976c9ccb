//! Unit tests: the spec's worked examples through engine and port, each
//! checklist rule, the layout errors of the parser, the generators' reach
//! and the rule events.

use super::engine::{play, Ev};
use super::model::Input;
use super::shrink::size_key;
use super::Chutes;
use crate::fault::Budget;
use crate::game::{Game, GameId};
use crate::source::Source;
use gamefuzz_reference::Io;

/// Spec section 6, with the expected outputs the spec states.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n",
        "2\n2\n",
    ),
    ("1 2 2 3 2 0\n2\n2 98\n0 0\n-1\n0\n0\n", "2\n"),
    (
        "3 1 6 4 1 3 5 0\n2\n3 91\n0 0\n97\n0\n3\n1 99\n0 0\n0\n0\n",
        "1\n2\n",
    ),
    ("2 1 1 6 3 1 4 0\n2\n2 50\n50 99\n1 99\n0 0\n0\n0\n", "2\n"),
];

fn parse(text: &str) -> Input {
    Chutes::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn rule_of(text: &str) -> &'static str {
    Chutes::validate(&parse(text))
        .expect_err("the input should be invalid")
        .rule
}

#[test]
fn spec_examples_round_trip_and_are_valid() {
    for (text, _) in EXAMPLES {
        let input = parse(text);
        assert_eq!(Chutes::render(&input), *text);
        Chutes::validate(&input).unwrap();
    }
}

#[test]
fn canonical_text_is_stable() {
    let text = "1 2 3\n4 5\n0\n2\n5   50\n\n0 0\n-7\n0\n0";
    let input = parse(text);
    assert_eq!(input.throw_lines, vec![vec![1, 2, 3], vec![4, 5], vec![]]);
    let canon = Chutes::render(&input);
    assert_eq!(canon, "1 2 3\n4 5\n0\n2\n5 50\n0 0\n-7\n0\n0\n");
    assert_eq!(Chutes::render(&parse(&canon)), canon);
}

#[test]
fn spec_examples_solve_to_the_stated_outputs() {
    for (text, expected) in EXAMPLES {
        let out = Chutes::solve(&parse(text), &mut Budget::default()).unwrap();
        assert_eq!(Chutes::render_output(&out), *expected, "{text}");
    }
}

#[test]
fn port_prints_what_the_native_program_prints_on_the_examples() {
    // The native answers come from g++ -O2 on reference-cpp/chutes.cpp; on
    // these inputs they equal the spec's outputs.
    for (text, native) in EXAMPLES {
        let mut io = Io::new(text, 10_000_000);
        gamefuzz_reference::chutes::main(&mut io).unwrap();
        assert_eq!(io.out, *native, "{text}");
    }
}

#[test]
fn port_reports_out_of_bounds_indices() {
    // area[150] lies past the C++ array of 105.
    let mut io = Io::new("1 0\n2\n150 3\n0 0\n0\n0\n", 10_000);
    let stop = gamefuzz_reference::chutes::main(&mut io).unwrap_err();
    assert!(matches!(stop, gamefuzz_reference::Stop::Undefined(ref m) if m.contains("area[150]")));
}

#[test]
fn parse_errors_name_the_layout_fault() {
    let err = |text: &str| Chutes::parse(text).unwrap_err();
    let e = err("1  2 0\n2\n0 0\n0\n0\n");
    assert_eq!((e.line, e.col), (1, 3));
    assert!(e.message.contains("exactly one space"), "{e}");
    let e = err("1\t2 0\n2\n0 0\n0\n0\n");
    assert!(e.message.contains("exactly one space"), "{e}");
    let e = err("1 2 \n0\n2\n0 0\n0\n0\n");
    assert!(e.message.contains("trailing"), "{e}");
    let e = err(" 1 2 0\n2\n0 0\n0\n0\n");
    assert!(e.message.contains("start with a value"), "{e}");
    let e = err("1 2\n\n0\n2\n0 0\n0\n0\n");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("blank line"), "{e}");
    let e = err("\n1 2 0\n2\n0 0\n0\n0\n");
    assert!(e.message.contains("first line"), "{e}");
    let e = err("1 2 0 2\n0 0\n0\n0\n");
    assert_eq!((e.line, e.col), (1, 7));
    assert!(e.message.contains("next line"), "{e}");
    let e = err("1 2 0\n2\n0 0\n-0\n0\n");
    assert!(e.message.contains("sign"), "{e}");
    let e = err("1 2 0\n+2\n0 0\n0\n0\n");
    assert!(e.message.contains("number of players"), "{e}");
    let e = err("1 2 0\n2\n0 0\n0\n0\n5\n");
    assert_eq!((e.line, e.col), (6, 1));
    let e = err("1 2 0\n2\n3 -4\n0 0\n0\n0\n");
    assert!(e.message.contains("end square"), "{e}");
    assert!(err("1 2 0\n2\n0 0\n").message.contains("end of input"));
}

#[test]
fn rule_2_throw_list() {
    assert_eq!(rule_of("0\n2\n0 0\n0\n0\n"), "2");
    assert_eq!(rule_of("1 7 1 0\n2\n0 0\n0\n0\n"), "2");
    let long = format!("{} 0\n2\n0 0\n0\n0\n", vec!["1"; 40].join(" "));
    assert_eq!(rule_of(&long), "2");
    let many = format!(
        "{}\n0\n2\n0 0\n0\n0\n",
        vec![vec!["1"; 40].join(" "); 25].join("\n")
    );
    assert_eq!(rule_of(&many), "2");
    let mut blank = parse(EXAMPLES[0].0);
    blank.throw_lines.insert(0, Vec::new());
    assert_eq!(Chutes::validate(&blank).unwrap_err().rule, "2");
}

#[test]
fn rule_3_game_count() {
    assert_eq!(rule_of("1 1 0\n0\n"), "3");
    let game = "2\n1 99\n0 0\n0\n";
    let many = format!("1 1 1 1 0\n{}0\n", game.repeat(101));
    assert_eq!(rule_of(&many), "3");
    let most = format!("1 1 1 1 0\n{}0\n", game.repeat(100));
    Chutes::validate(&parse(&most)).unwrap();
}

#[test]
fn rule_4_1_players() {
    assert_eq!(rule_of("1 1 1 0\n1\n1 99\n0 0\n0\n0\n"), "4.1");
    assert_eq!(rule_of("1 1 1 0\n6\n1 99\n0 0\n0\n0\n"), "4.1");
}

#[test]
fn rule_4_2_chute_ladder_lines() {
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n5 0\n0 0\n0\n0\n"), "4.2");
    assert_eq!(rule_of("1 1 1 0\n2\n0 5\n1 99\n0 0\n0\n0\n"), "4.2");
    assert_eq!(rule_of("1 1 1 0\n2\n1 100\n0 0\n0\n0\n"), "4.2");
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n7 7\n0 0\n0\n0\n"), "4.2");
    let one_zero = Chutes::validate(&parse("1 1 1 0\n2\n1 99\n5 0\n0 0\n0\n0\n")).unwrap_err();
    assert!(one_zero.message.contains("exactly one zero"), "{one_zero}");
    assert!(one_zero.message.contains("game 1"), "{one_zero}");
}

#[test]
fn rule_4_3_distinct_starts() {
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n1 50\n0 0\n0\n0\n"), "4.3");
}

#[test]
fn rule_4_4_specials() {
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n0 0\n100\n0\n0\n"), "4.4");
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n0 0\n5\n-5\n0\n0\n"), "4.4");
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n0 0\n-99\n0\n0\n"), "4.4");
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n0 0\n-1\n0\n0\n"), "4.4");
}

#[test]
fn rule_4_5_winner_within_k_minus_1_throws() {
    // Player 1 wins on throw 3 of 3: the last throw must stay unused.
    assert_eq!(rule_of("1 1 1 0\n2\n1 99\n0 0\n0\n0\n"), "4.5");
    Chutes::validate(&parse("1 1 1 1 0\n2\n1 99\n0 0\n0\n0\n")).unwrap();
    // Nobody can ever reach 100 exactly with sixes from 96.
    let sixes = format!("{} 0\n2\n0 0\n0\n0\n", vec!["6"; 39].join(" "));
    assert_eq!(rule_of(&sixes), "4.5");
}

#[test]
fn engine_follows_the_subtle_rules() {
    let winners = |text: &str| Chutes::solve(&parse(text), &mut Budget::default()).unwrap();
    // Two extra-turn squares in one turn: 3 -> 96, then 97 (extra), 98 (extra), 100.
    assert_eq!(
        winners("3 1 1 1 2 1 0\n2\n3 96\n0 0\n97\n98\n0\n0\n"),
        vec![1]
    );
    // Both players miss a turn at once and the skips consume no throw: 1 -> 1
    // (lose), 2 -> 2 (lose), both skipped, then 2 -> 3 -> 99, 1 -> 3 -> 99, 1 wins.
    assert_eq!(
        winners("1 2 2 1 1 1 0\n2\n3 99\n0 0\n-1\n-2\n0\n0\n"),
        vec![1]
    );
}

#[test]
fn outputs_parse_strictly() {
    assert_eq!(Chutes::parse_output("2\n1\n").unwrap(), vec![2, 1]);
    assert_eq!(Chutes::parse_output("2\n1").unwrap(), vec![2, 1]);
    assert_eq!(Chutes::parse_output("").unwrap(), Vec::<u32>::new());
    for bad in ["2 \n", "02\n", "+2\n", "2\n\n", "x\n", "2\r\n"] {
        assert!(Chutes::parse_output(bad).is_err(), "{bad:?}");
    }
    assert_eq!(Chutes::difference(&vec![1, 2], &vec![1]), "case count");
    assert_eq!(Chutes::difference(&vec![1, 2], &vec![1, 3]), "winner");
}

#[test]
fn generated_inputs_are_valid_for_every_profile() {
    for profile in Chutes::PROFILES {
        for seed in 0..300 {
            let input = Chutes::generate(&mut Source::seeded(GameId::Chutes, seed), profile.name);
            let text = Chutes::render(&input);
            if let Err(e) = Chutes::validate(&input) {
                panic!("{} seed {seed}: {e}\n{text}", profile.name);
            }
            assert_eq!(parse(&text), input, "{} seed {seed}", profile.name);
        }
        let input = Chutes::generate(&mut Source::replay(vec![]), profile.name);
        Chutes::validate(&input).unwrap();
    }
}

#[test]
fn generators_reach_the_edge_cases() {
    let inputs: Vec<Input> = (0..300)
        .map(|seed| Chutes::generate(&mut Source::seeded(GameId::Chutes, seed), "edge"))
        .collect();
    assert!(inputs
        .iter()
        .any(|i| i.throw_lines.last().is_some_and(Vec::is_empty)));
    let tight = inputs.iter().any(|i| {
        let throws = i.throws();
        i.games.iter().any(|g| {
            play(&throws, g, &mut Budget::default())
                .unwrap()
                .is_some_and(|f| f.used + 1 == throws.len())
        })
    });
    assert!(tight);
    let near_end = inputs
        .iter()
        .flat_map(|i| &i.games)
        .any(|g| g.specials.iter().any(|v| v.unsigned_abs() >= 94));
    assert!(near_end);
}

#[test]
fn max_profile_hits_every_limit() {
    let input = Chutes::generate(&mut Source::seeded(GameId::Chutes, 1), "max");
    assert_eq!(input.throws().len(), 999);
    assert_eq!(input.games.len(), 100);
    assert!(input.games.iter().all(|g| g.players == 5));
}

#[test]
fn valid_shrink_candidates_are_smaller() {
    let mut inputs: Vec<Input> = EXAMPLES.iter().map(|(t, _)| parse(t)).collect();
    for profile in ["small", "edge", "tight"] {
        for seed in 0..5 {
            inputs.push(Chutes::generate(
                &mut Source::seeded(GameId::Chutes, seed),
                profile,
            ));
        }
    }
    for input in inputs {
        let text = Chutes::render(&input);
        let mut valid = 0;
        for c in Chutes::shrink(&input) {
            if Chutes::validate(&c).is_ok() {
                valid += 1;
                let smaller = Chutes::render(&c);
                assert!(
                    size_key(&smaller) < size_key(&text),
                    "{smaller}\nnot below\n{text}"
                );
            }
        }
        assert!(valid > 0, "no valid candidate for\n{text}");
    }
}

#[test]
fn port_keeps_the_one_zero_pair_quirk() {
    // `scanf("%d%d")==2&&s&&t` ends the chute list at "5 0": "1 99" is then
    // read as two extra-turn squares and the "0 0" ends the specials and the
    // file. The native program prints nothing here (checked with g++ -O2);
    // the validator rejects the input under rule 4.2.
    let text = "1 1 1 1 0\n2\n5 0\n1 99\n0 0\n0\n2\n1 99\n0 0\n0\n0\n";
    assert_eq!(rule_of(text), "4.2");
    let mut io = Io::new(text, 10_000_000);
    gamefuzz_reference::chutes::main(&mut io).unwrap();
    assert_eq!(io.out, "");
}

/// Rule hits of a valid file whose winners are `expected`.
fn hits_of(text: &str, expected: &str) -> Vec<u64> {
    let input = parse(text);
    Chutes::validate(&input).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let out = Chutes::solve(&input, &mut Budget::default()).unwrap();
    assert_eq!(Chutes::render_output(&out), expected, "{text}");
    Chutes::rule_hits(&input)
}

fn assert_hits(hits: &[u64], exactly: &[(Ev, u64)]) {
    for &(e, n) in exactly {
        assert_eq!(hits[e as usize], n, "{e:?} in {hits:?}");
    }
}

#[test]
fn official_sample_hits_every_rule_its_walkthrough_names() {
    // Game 1: a lose-a-turn square, a ladder, the skipped turn and a win
    // on the extra throw from 98. Game 2 restarts the list and ignores four
    // throws of player 1, stuck on 99.
    let (text, expected) = EXAMPLES[0];
    let hits = hits_of(text, expected);
    assert_hits(
        &hits,
        &[
            (Ev::LoseATurn, 1),
            (Ev::Ladder, 3),
            (Ev::MissedTurn, 1),
            (Ev::ExtraThrow, 1),
            (Ev::ExtraThrowWins, 1),
            (Ev::ExactWin, 2),
            (Ev::ListRestarts, 1),
            (Ev::OvershootIgnored, 4),
            // The chute from 99 is never taken: 99 is reached only by the
            // ladder of game 2, and no chute exists there.
            (Ev::Chute, 0),
            (Ev::ExtraThrowChained, 0),
            (Ev::ExtraThrowOvershoots, 0),
            (Ev::IgnoredThrowTriggersNothing, 0),
            (Ev::NoChainedJump, 0),
        ],
    );
}

#[test]
fn an_extra_throw_that_overshoots_triggers_nothing_more() {
    let (text, expected) = EXAMPLES[2];
    let hits = hits_of(text, expected);
    assert_hits(
        &hits,
        &[
            (Ev::ExtraThrow, 1),
            (Ev::ExtraThrowOvershoots, 1),
            (Ev::IgnoredThrowTriggersNothing, 1),
            (Ev::OvershootIgnored, 1),
            (Ev::ExtraThrowChained, 0),
            (Ev::ExtraThrowWins, 0),
            (Ev::ListRestarts, 1),
        ],
    );
}

#[test]
fn a_ladder_ending_on_a_ladder_start_is_not_taken_twice() {
    let (text, expected) = EXAMPLES[3];
    let hits = hits_of(text, expected);
    assert_hits(
        &hits,
        &[
            (Ev::Ladder, 2),
            (Ev::NoChainedJump, 1),
            (Ev::ListRestarts, 0),
        ],
    );
}

#[test]
fn extra_throws_chain_climb_and_lose_turns_like_any_throw() {
    // Game 1: each player goes 1 (extra) -> 2 (extra again) -> ladder
    // 3 -> 99 on extra throws; player 1 then throws the 1 it needs.
    // Game 2: 1 (extra) -> 2 (lose a turn) for both players, both are
    // skipped, then both climb 3 -> 97 and walk to 100.
    let text = "1 1 1 1 1 1 1 1 1 1 1 1 0\n2\n3 99\n0 0\n1\n2\n0\n2\n3 97\n0 0\n1\n-2\n0\n0\n";
    let hits = hits_of(text, "1\n1\n");
    assert_hits(
        &hits,
        &[
            (Ev::ExtraThrow, 6),
            (Ev::ExtraThrowChained, 2),
            (Ev::ExtraThrowJumps, 2),
            (Ev::ExtraThrowLosesATurn, 2),
            (Ev::LoseATurn, 2),
            (Ev::MissedTurn, 2),
            (Ev::Ladder, 4),
            (Ev::ExactWin, 2),
            (Ev::ExtraThrowWins, 0),
            (Ev::OvershootIgnored, 0),
            (Ev::ListRestarts, 1),
        ],
    );
}

#[test]
fn a_chute_down_from_the_nineties() {
    // Player 1 climbs 5 -> 91, throws 4 onto the chute 95 -> 10 and then
    // walks 10, 16, ..., 100 with 6s; player 2 walks 11, 17, ..., 95 and
    // takes the chute as well.
    let text = "5 6 4 5 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 0\n2\n5 91\n95 10\n0 0\n0\n0\n";
    let hits = hits_of(text, "1\n");
    assert_hits(
        &hits,
        &[
            (Ev::Ladder, 1),
            (Ev::Chute, 2),
            (Ev::OvershootIgnored, 0),
            (Ev::ExactWin, 1),
            (Ev::LoseATurn, 0),
            (Ev::ExtraThrow, 0),
        ],
    );
}

#[test]
fn rule_events_name_the_seat_the_throw_and_the_game() {
    let ev = crate::game::events::<Chutes>(&parse(EXAMPLES[0].0));
    let (names, edges) = (ev.names::<Chutes>(), ev.edge_names::<Chutes>());
    for want in [
        "lose-a-turn/first-player/first",
        "missed-turn/first-player/first",
        "exact-win/extra/last-player/first",
        "list-restarts/later",
        "overshoot-ignored/first-player/later",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    // The restart is the second game's first event: no edge runs into it.
    assert!(
        !edges.iter().any(|e| e.ends_with("-> list-restarts/later")),
        "{edges:?}"
    );
    assert!(
        edges
            .iter()
            .any(|e| e.starts_with("list-restarts/later -> ")),
        "{edges:?}"
    );
}
