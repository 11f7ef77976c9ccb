//! Unit tests: the spec's worked examples through every solver, each
//! checklist rule, the generators' reach and the rule events.

use super::engine::Ev;
use super::model::{Input, MAX_CASES, MAX_PIECES};
use super::Xiangqi;
use crate::fault::Budget;
use crate::game::{parse_valid, Game, GameId};
use crate::source::Source;

/// The worked examples of spec section 6 with their exact expected outputs.
const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "official sample",
        "2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH 4 5\nG 10 5\nC 7 5\n\n0 0 0\n",
        "YES\nNO\n",
    ),
    ("facing generals", "2 3 4\nG 10 4\nH 1 4\n\n0 0 0\n", "NO\n"),
    (
        "capture defended by the flying general",
        "3 1 5\nR 2 5\nR 1 9\nG 10 4\n\n3 1 5\nR 2 5\nR 1 9\nG 10 5\n\n0 0 0\n",
        "NO\nYES\n",
    ),
    (
        "horse leg",
        "4 1 4\nR 1 1\nH 3 6\nC 3 5\nG 10 6\n\n3 1 4\nR 1 1\nH 3 6\nG 10 6\n\n0 0 0\n",
        "NO\nYES\n",
    ),
    (
        "vacated point is neither blocker nor screen",
        "3 2 5\nC 2 9\nH 2 7\nG 10 6\n\n0 0 0\n",
        "YES\n",
    ),
    (
        "red general as a cannon screen",
        "4 2 4\nR 5 4\nH 5 5\nG 9 5\nC 10 5\n\n0 0 0\n",
        "NO\n",
    ),
    (
        "capture removes a piece from every line",
        "4 2 5\nR 3 5\nC 5 5\nR 2 1\nG 10 4\n\n5 2 5\nR 3 5\nC 6 5\nH 4 5\nR 2 1\nG 10 4\n\n0 0 0\n",
        "NO\nYES\n",
    ),
];

fn example(text: &str) -> Input {
    parse_valid::<Xiangqi>(text).expect("spec examples are valid")
}

#[test]
fn examples_round_trip_to_their_canonical_text() {
    for (name, text, _) in EXAMPLES {
        let input = example(text);
        assert_eq!(Xiangqi::render(&input), *text, "{name}");
        assert_eq!(Xiangqi::parse(&Xiangqi::render(&input)).unwrap(), input);
    }
}

#[test]
fn layout_is_free_but_render_is_canonical() {
    let messy = "2 1 4 G\t10 5\r\nR 6\n4 0 0 0";
    let input = example(messy);
    assert_eq!(Xiangqi::render(&input), "2 1 4\nG 10 5\nR 6 4\n\n0 0 0\n");
}

#[test]
fn parse_errors_name_the_place_and_the_expectation() {
    let e = Xiangqi::parse("2 1 4\nX 10 5\nR 6 4\n0 0 0\n").unwrap_err();
    assert_eq!((e.line, e.col), (2, 1));
    assert!(e.message.contains("G, R, H or C"), "{e}");
    let e = Xiangqi::parse("2 1 4\nG 10 5\nR 6 -4\n0 0 0\n").unwrap_err();
    assert_eq!((e.line, e.col), (3, 5));
    let e = Xiangqi::parse("2 1 4\nG 10 5\nR 6 4\n").unwrap_err();
    assert!(e.message.contains("end of input"), "{e}");
    let e = Xiangqi::parse("2 1 4\nG 10 5\nR 6 4\n0 0 0\n1").unwrap_err();
    assert_eq!((e.line, e.col), (5, 1));
    let e = Xiangqi::parse("2 1 4\nG 10 5\nR 6 4\n0 1 0\n").unwrap_err();
    assert!(e.message.contains("terminator"), "{e}");
    let e = Xiangqi::parse("2 1 4\nGR 10 5\nR 6 4\n0 0 0\n").unwrap_err();
    assert_eq!((e.line, e.col), (2, 1));
}

fn rule_of(text: &str) -> &'static str {
    let input = Xiangqi::parse(text).expect("structurally fine");
    Xiangqi::validate(&input).expect_err("invalid").rule
}

#[test]
fn rule_2_case_count() {
    assert_eq!(rule_of("0 0 0\n"), "2");
    let many = "2 1 4\nG 10 5\nR 6 4\n".repeat(41) + "0 0 0\n";
    assert_eq!(rule_of(&many), "2");
    let forty = "2 1 4\nG 10 5\nR 6 4\n".repeat(40) + "0 0 0\n";
    assert!(parse_valid::<Xiangqi>(&forty).is_ok());
}

#[test]
fn rule_3_1_piece_count() {
    assert_eq!(rule_of("1 1 4\nG 10 4\n0 0 0\n"), "3.1");
    let eight = "8 1 4\nG 10 5\nR 6 4\nR 9 1\nH 9 9\nH 10 1\nC 10 9\nC 8 1\nR 8 9\n0 0 0\n";
    assert_eq!(rule_of(eight), "3.1");
}

#[test]
fn rule_3_2_black_palace() {
    assert_eq!(rule_of("2 1 3\nG 10 5\nR 6 3\n0 0 0\n"), "3.2");
    assert_eq!(rule_of("2 4 4\nG 10 5\nR 6 4\n0 0 0\n"), "3.2");
    assert_eq!(rule_of("2 0 4\nG 10 5\nR 6 4\n0 0 0\n"), "3.2");
}

#[test]
fn rule_3_3_one_red_general_in_its_palace() {
    assert_eq!(rule_of("2 1 4\nR 10 5\nR 6 4\n0 0 0\n"), "3.3");
    assert_eq!(rule_of("3 1 4\nG 10 5\nG 9 5\nR 6 4\n0 0 0\n"), "3.3");
    assert_eq!(rule_of("2 1 4\nG 7 5\nR 6 4\n0 0 0\n"), "3.3");
    assert_eq!(rule_of("2 1 4\nG 10 7\nR 6 4\n0 0 0\n"), "3.3");
}

#[test]
fn rule_3_4_at_most_two_of_a_type() {
    assert_eq!(
        rule_of("4 1 4\nG 10 5\nR 6 4\nR 7 1\nR 7 9\n0 0 0\n"),
        "3.4"
    );
    assert_eq!(
        rule_of("5 1 4\nG 10 5\nR 6 4\nH 7 1\nH 7 9\nH 8 9\n0 0 0\n"),
        "3.4"
    );
}

#[test]
fn rule_3_5_on_the_board() {
    assert_eq!(rule_of("2 1 4\nG 10 5\nR 11 4\n0 0 0\n"), "3.5");
    assert_eq!(rule_of("3 1 4\nG 10 5\nR 6 4\nH 5 0\n0 0 0\n"), "3.5");
    assert_eq!(rule_of("3 1 4\nG 10 5\nR 6 4\nC 5 10\n0 0 0\n"), "3.5");
}

#[test]
fn rule_3_6_distinct_points() {
    assert_eq!(rule_of("3 1 4\nG 10 5\nR 6 4\nH 6 4\n0 0 0\n"), "3.6");
    assert_eq!(rule_of("3 1 4\nG 10 5\nR 6 4\nH 1 4\n0 0 0\n"), "3.6");
}

#[test]
fn rule_3_7_red_gives_check() {
    assert_eq!(rule_of("2 1 4\nG 10 5\nR 6 3\n0 0 0\n"), "3.7");
    // A cannon with no screen does not check.
    assert_eq!(rule_of("2 1 4\nG 10 5\nC 6 4\n0 0 0\n"), "3.7");
    // A blocked horse does not check.
    assert_eq!(rule_of("3 1 4\nG 10 5\nH 3 5\nR 2 5\n0 0 0\n"), "3.7");
    // Facing generals count as check.
    assert!(parse_valid::<Xiangqi>("2 1 4\nG 10 4\nR 9 1\n0 0 0\n").is_ok());
}

#[test]
fn output_is_strict_lines_of_yes_and_no() {
    assert_eq!(
        Xiangqi::parse_output("YES\nNO\n").unwrap(),
        vec![true, false]
    );
    assert_eq!(Xiangqi::parse_output("YES\nNO").unwrap(), vec![true, false]);
    assert!(Xiangqi::parse_output("YES \nNO\n").is_err());
    assert!(Xiangqi::parse_output("yes\n").is_err());
    assert!(Xiangqi::parse_output("YES\n\n").is_err());
    assert_eq!(Xiangqi::render_output(&vec![false, true]), "NO\nYES\n");
}

#[test]
fn difference_tags_carry_no_indices() {
    assert_eq!(
        Xiangqi::difference(&vec![true, true], &vec![true, false]),
        "YES/NO"
    );
    assert_eq!(Xiangqi::difference(&vec![false], &vec![true]), "NO/YES");
    assert_eq!(Xiangqi::difference(&vec![false], &vec![]), "case count");
}

#[test]
fn engine_answers_every_worked_example() {
    for (name, text, expected) in EXAMPLES {
        let out = Xiangqi::solve(&example(text), &mut Budget::default()).unwrap();
        assert_eq!(Xiangqi::render_output(&out), *expected, "{name}");
    }
}

#[test]
fn brute_answers_every_worked_example() {
    for (name, text, expected) in EXAMPLES {
        let out = Xiangqi::brute(&example(text), &mut Budget::default())
            .expect("brute always applies")
            .unwrap();
        assert_eq!(Xiangqi::render_output(&out), *expected, "{name}");
    }
}

#[test]
fn generated_inputs_are_valid_for_every_profile_and_the_zero_tape() {
    for profile in Xiangqi::PROFILES {
        let zero = Xiangqi::generate(&mut Source::replay(vec![]), profile.name);
        Xiangqi::validate(&zero).unwrap_or_else(|e| panic!("{}: zero tape: {e}", profile.name));
        for seed in 0..300 {
            let mut src = Source::seeded(GameId::Xiangqi, seed);
            let input = Xiangqi::generate(&mut src, profile.name);
            if let Err(e) = Xiangqi::validate(&input) {
                panic!(
                    "{} seed {seed}: {e}\n{}",
                    profile.name,
                    Xiangqi::render(&input)
                );
            }
            assert_eq!(Xiangqi::parse(&Xiangqi::render(&input)).unwrap(), input);
        }
    }
}

#[test]
fn max_profile_fills_every_limit() {
    let input = Xiangqi::generate(&mut Source::seeded(GameId::Xiangqi, 1), "max");
    assert_eq!(input.cases.len(), MAX_CASES);
    assert!(input.cases.iter().all(|c| c.red.len() == MAX_PIECES));
    let zero = Xiangqi::generate(&mut Source::replay(vec![]), "max");
    assert!(zero.cases.iter().all(|c| c.red.len() == MAX_PIECES));
}

#[test]
fn generators_mix_both_answers() {
    for profile in [
        "small", "typical", "max", "edge", "capture", "screens", "horses",
    ] {
        let (mut yes, mut no) = (0, 0);
        for seed in 0..100 {
            let input = Xiangqi::generate(&mut Source::seeded(GameId::Xiangqi, seed), profile);
            for mate in Xiangqi::solve(&input, &mut Budget::default()).unwrap() {
                if mate {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        let share = yes as f64 / (yes + no) as f64;
        assert!(
            (0.3..=0.7).contains(&share),
            "{profile}: {yes} YES, {no} NO"
        );
    }
}

#[test]
fn engine_agrees_with_brute_on_generated_inputs() {
    for profile in Xiangqi::PROFILES {
        for seed in 0..500 {
            let input = Xiangqi::generate(&mut Source::seeded(GameId::Xiangqi, seed), profile.name);
            let engine = Xiangqi::solve(&input, &mut Budget::default()).unwrap();
            let brute = Xiangqi::brute(&input, &mut Budget::default())
                .unwrap()
                .unwrap();
            assert_eq!(
                engine,
                brute,
                "{} seed {seed}\n{}",
                profile.name,
                Xiangqi::render(&input)
            );
        }
    }
}

#[test]
fn shrink_offers_smaller_cases_first() {
    let input = example(EXAMPLES[0].1);
    let candidates = Xiangqi::shrink(&input);
    assert_eq!(candidates[0].cases.len(), 1);
    assert!(candidates
        .iter()
        .any(|c| c.cases.iter().map(|k| k.red.len()).sum::<usize>() < 5));
    assert!(candidates.iter().all(|c| c != &input));
}

fn run_port(text: &str) -> Result<String, gamefuzz_reference::Stop> {
    let mut io = gamefuzz_reference::Io::new(text, 1_000_000);
    gamefuzz_reference::xiangqi::main(&mut io)?;
    Ok(io.out)
}

/// The native program happens to print the spec's answers on every worked
/// example (checked with g++ -O2), so the port must too.
#[test]
fn port_answers_every_worked_example_like_the_native_program() {
    for (name, text, expected) in EXAMPLES {
        assert_eq!(run_port(text).unwrap(), *expected, "{name}");
    }
}

#[test]
fn port_stops_with_undefined_behaviour_off_the_board() {
    let err = run_port("2 1 4\nG 10 5\nR 11 4\n0 0 0\n").unwrap_err();
    assert!(
        matches!(err, gamefuzz_reference::Stop::Undefined(_)),
        "{err}"
    );
    let err = run_port("2 1 4\nG 10 5\nR 6\n").unwrap_err();
    assert!(
        matches!(err, gamefuzz_reference::Stop::Undefined(_)),
        "{err}"
    );
}

/// A horse mark overwrites the red general in the C++ (its target test
/// `ischess` does not know `'G'`), so the general stops defending its file.
/// Here (spec example "capture defended by the flying general", case 2, plus
/// a horse) the horse at (8,6) lands on the general at (10,5), so capturing
/// the chariot at (2,5) looks safe: the native program answers NO where the
/// rules say YES.
#[test]
fn port_keeps_the_horse_overwriting_the_red_general() {
    let text = "4 1 5\nR 2 5\nR 1 9\nH 8 6\nG 10 5\n\n0 0 0\n";
    let input = example(text);
    let engine = Xiangqi::solve(&input, &mut Budget::default()).unwrap();
    assert_eq!(Xiangqi::render_output(&engine), "YES\n");
    assert_eq!(
        run_port(text).unwrap(),
        "NO\n",
        "the native program's answer"
    );
}

/// Rule hits of a valid file whose answers are `expected`, checked against
/// the brute-force oracle too so a hand-made position cannot be wrong.
fn hits_of(text: &str, expected: &str) -> Vec<u64> {
    let input = example(text);
    let out = Xiangqi::solve(&input, &mut Budget::default()).unwrap();
    assert_eq!(Xiangqi::render_output(&out), expected, "{text}");
    let brute = Xiangqi::brute(&input, &mut Budget::default())
        .unwrap()
        .unwrap();
    assert_eq!(brute, out, "{text}");
    Xiangqi::rule_hits(&input)
}

fn assert_hits(hits: &[u64], exactly: &[(Ev, u64)], never: &[Ev]) {
    for &(e, n) in exactly {
        assert_eq!(hits[e as usize], n, "{e:?} in {hits:?}");
    }
    for &e in never {
        assert_eq!(hits[e as usize], 0, "{e:?} in {hits:?}");
    }
}

#[test]
fn official_sample_first_case_hits_the_attacks_that_make_the_mate() {
    // (2,4) falls to the chariot, (1,5) to the flying general; (0,4) and
    // (1,3) are off the palace.
    let hits = hits_of("2 1 4\nG 10 5\nR 6 4\n\n0 0 0\n", "YES\n");
    assert_hits(
        &hits,
        &[
            (Ev::MoveOffPalace, 2),
            (Ev::ChariotAttacks, 1),
            (Ev::GeneralAttacks, 1),
            (Ev::Checkmate, 1),
        ],
        &[
            Ev::SafeMove,
            Ev::FacingGenerals,
            Ev::GeneralsFileBlocked,
            Ev::CaptureSafe,
            Ev::CaptureDefended,
            Ev::HorseAttacks,
            Ev::CannonAttacks,
            Ev::VacatedPointOpensLine,
        ],
    );
}

#[test]
fn facing_generals_answer_before_any_move_is_examined() {
    let hits = hits_of(EXAMPLES[1].1, "NO\n");
    let mut only = vec![0; Xiangqi::RULES.len()];
    only[Ev::FacingGenerals as usize] = 1;
    assert_eq!(hits, only);
}

#[test]
fn captures_are_safe_or_defended_by_the_flying_general() {
    // Case 1 captures safely at once. In case 2 the captured chariot was
    // all that blocked the generals' file; (1,4) is reached by the chariot
    // on row 1 through the point the black general left.
    let hits = hits_of(EXAMPLES[2].1, "NO\nYES\n");
    assert_hits(
        &hits,
        &[
            (Ev::CaptureSafe, 1),
            (Ev::CaptureDefended, 1),
            (Ev::GeneralsFileBlocked, 1),
            (Ev::GeneralAttacks, 1),
            (Ev::ChariotAttacks, 2),
            (Ev::VacatedPointOpensLine, 1),
            (Ev::SafeMove, 1),
            (Ev::Checkmate, 1),
        ],
        &[Ev::FacingGenerals, Ev::HorseAttacks, Ev::HorseLegBlocked],
    );
}

#[test]
fn a_piece_on_the_leg_point_stops_the_horse() {
    let hits = hits_of(EXAMPLES[3].1, "NO\nYES\n");
    assert_hits(
        &hits,
        &[
            (Ev::HorseLegBlocked, 1),
            (Ev::HorseAttacks, 2),
            (Ev::SafeMove, 1),
            (Ev::Checkmate, 1),
        ],
        &[Ev::CaptureSafe, Ev::CaptureDefended],
    );
}

#[test]
fn the_old_point_is_no_screen_but_the_cannon_sees_past_it() {
    // The spec's example: the cannon on row 2 still reaches (2,4) over the
    // horse once the general has left (2,5), and (2,6) over the horse alone.
    let hits = hits_of(EXAMPLES[4].1, "YES\n");
    assert_hits(
        &hits,
        &[(Ev::CannonAttacks, 2), (Ev::VacatedPointOpensLine, 1)],
        &[Ev::CannonScreenIsRedGeneral, Ev::VacatedScreenGone],
    );
    // A cannon whose only screen was the black general itself: after the
    // step to (1,5) nothing stands between, so (1,5) is safe.
    let hits = hits_of("3 2 5\nR 2 1\nC 4 5\nG 10 4\n\n0 0 0\n", "NO\n");
    assert_hits(
        &hits,
        &[
            (Ev::CannonNoScreen, 1),
            (Ev::VacatedScreenGone, 1),
            (Ev::SafeMove, 1),
        ],
        &[Ev::CannonAttacks, Ev::VacatedPointOpensLine, Ev::Checkmate],
    );
}

#[test]
fn the_red_general_screens_a_cannon_only_when_alone_on_the_line() {
    // Spec example: the horse is a second piece on the file, so the cannon
    // behind its general does not reach (2,5).
    let hits = hits_of(EXAMPLES[5].1, "NO\n");
    assert_hits(
        &hits,
        &[
            (Ev::CannonTwoScreens, 1),
            (Ev::GeneralViewBlocked, 1),
            (Ev::SafeMove, 1),
        ],
        &[Ev::CannonScreenIsRedGeneral, Ev::CannonAttacks],
    );
    // With the file open, the general and the cannon behind it both
    // reach (1,5).
    let hits = hits_of("4 1 4\nR 1 1\nR 2 1\nG 9 5\nC 10 5\n\n0 0 0\n", "YES\n");
    assert_hits(
        &hits,
        &[
            (Ev::CannonScreenIsRedGeneral, 1),
            (Ev::GeneralAttacks, 1),
            (Ev::Checkmate, 1),
        ],
        &[Ev::CannonAttacks, Ev::CannonTwoScreens, Ev::SafeMove],
    );
}

/// The events of the engine's run on `text` with their contexts, and its
/// edges, by name.
fn events_of(text: &str) -> (Vec<String>, Vec<String>) {
    let ev = crate::game::events::<Xiangqi>(&example(text));
    (ev.names::<Xiangqi>(), ev.edge_names::<Xiangqi>())
}

#[test]
fn a_rule_event_names_the_side_the_piece_attacks_from() {
    // The cannon on (2,1) attacks (2,5) over the cannon on (2,3), which
    // has no screen of its own there, and the chariot on row 1 gives
    // check from the right; the second case is the mirror image.
    let (names, edges) = events_of(
        "4 1 5\nG 10 4\nC 2 1\nC 2 3\nR 1 9\n\n4 1 5\nG 10 6\nC 2 9\nC 2 7\nR 1 1\n\n0 0 0\n",
    );
    for want in [
        "cannon-attacks/left/first",
        "cannon-no-screen/left/first",
        "move-off-palace/move-up/first",
        "chariot-attacks/right/first",
        "cannon-attacks/right/later",
        "chariot-attacks/left/later",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    assert!(!names.iter().any(|n| n == "cannon-attacks/right/first"));
    // A case's first move is off the palace; the edges of the first case
    // never run into the second.
    let first = "move-off-palace/move-up/first -> cannon-attacks/left/first";
    assert!(edges.iter().any(|e| e == first), "{edges:?}");
    assert!(!edges
        .iter()
        .any(|e| e.contains("/first -> ") && e.ends_with("/later")));
}

#[test]
fn a_horse_event_names_the_shape_of_its_jump() {
    // The horse on (4,4) jumps to (2,5) two rows up and one column right,
    // its leg (3,4) free: the move down to (2,5) is attacked from below
    // left by a tall jump (the chariot gives check).
    let (names, _) = events_of("3 1 5\nG 10 6\nH 4 4\nR 1 9\n\n0 0 0\n");
    let want = "horse-attacks/below/left/tall/first";
    assert!(names.iter().any(|n| n == want), "{names:?}");
}
