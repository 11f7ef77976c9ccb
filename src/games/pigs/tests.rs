//! Worked examples and pitfalls of §4, each derived by hand, then the
//! formats, the validator, the generators, shrinking, the trace and the
//! rule events.

use super::engine;
use super::gen::generate_counted;
use super::model::{Card, Input, Output, Role};
use super::validate::{structure, validate};
use super::Pigs;
use crate::fault::Budget;
use crate::game::{Game, GameId};
use crate::source::Source;

/// Parses, validates and solves `input`, returning the rendered output.
fn run(input: &str) -> String {
    let parsed = Pigs::parse(input).expect("parses");
    Pigs::validate(&parsed).expect("valid");
    let out = Pigs::solve(&parsed, &mut Budget::default()).expect("engine answers");
    Pigs::render_output(&out)
}

/// Compares with the §5 rule (a trailing empty hand may be omitted).
fn check(input: &str, expected: &str) {
    let got = run(input);
    let parsed = Pigs::parse(input).unwrap();
    assert_eq!(
        Output::parse(&got),
        Output::parse(expected),
        "\ngot:\n{got}\nexpected:\n{expected}\ntrace:\n{}",
        Pigs::trace(&parsed).unwrap()
    );
}

const OFFICIAL: &str = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";

#[test]
fn example_official_sample() {
    check(OFFICIAL, "FP\nDEAD\nDEAD\nJ J J J J J D\n");
}

const CANCELLED_DUEL: &str = "3 12\nMP D D D D\nFP J D D D\nFP K F F F\nD D D D D D K F F D F F\n";

#[test]
fn example_cancelled_duel_still_triggers_the_rescan() {
    check(CANCELLED_DUEL, "FP\nDEAD\nD D D D D\nD D\n");
}

const USER_PROTECTS_MP: &str = "3 6\nMP D D D D\nZP N J D D\nFP F F F F\nD D D D D D\n";

#[test]
fn example_user_of_n_protects_the_mp_from_it() {
    check(USER_PROTECTS_MP, "FP\nDEAD\nD D D D\nD D\n");
}

const SUSPECT_REVEALS_LOYAL: &str = "4 30\nMP D D D D\nZP D D D D\nFP F D D D\nFP D D D D\n\
    D D D D D D D D D D N F D D D D K D F F F F F F F F F F F F\n";

#[test]
fn example_suspected_pig_revealing_as_loyal_and_rewards() {
    check(
        SUSPECT_REVEALS_LOYAL,
        "MP\nD D D D D D D D D\nD D D D D D F F F\nDEAD\nDEAD\n",
    );
}

const REVEALED_NOT_SUSPECTED: &str = "3 24\nMP D D D D\nZP D D D D\nFP F D D D\n\
    D D D D D D D D F N D D K D F F F F F F F F F F\n";

#[test]
fn example_revealed_pig_never_becomes_suspected() {
    check(
        REVEALED_NOT_SUSPECTED,
        "MP\nD D D D D D D D K D\nD D D D D D\nDEAD\n",
    );
}

pub(super) const J_ANSWERED_BY_J: &str = "3 6\nMP J D D D\nFP F D D D\nFP J D D D\nD D D D F F\n";

#[test]
fn example_j_answered_by_j() {
    check(J_ANSWERED_BY_J, "FP\nDEAD\nD D D D D F\nD D D\n");
}

pub(super) const DECK_OF_ONE: &str = "2 1\nMP D D D D\nFP D D D D\nK\n";

#[test]
fn example_deck_exhaustion_with_one_card_and_the_one_k_limit() {
    check(DECK_OF_ONE, "FP\nDEAD\nK K K K K K K K\n");
}

/// Rejected draws per profile over `seeds` seeds: (rejected, drawn).
fn rejection(profile: &str, seeds: u64) -> (u32, u32) {
    let mut rejected = 0;
    for seed in 0..seeds {
        let mut src = Source::seeded(GameId::Pigs, seed);
        let (input, r) = generate_counted(&mut src, profile);
        assert!(validate(&input).is_ok(), "{profile} seed {seed}");
        rejected += r;
    }
    (rejected, rejected + seeds as u32)
}

#[test]
fn rejection_rate_is_under_half_for_every_profile() {
    for p in Pigs::PROFILES {
        let seeds = if p.name == "max" { 60 } else { 300 };
        let (rejected, drawn) = rejection(p.name, seeds);
        let rate = f64::from(rejected) / f64::from(drawn);
        println!(
            "profile {:<10} rejected {rejected:>4} of {drawn:>4} draws ({:.1}%)",
            p.name,
            100.0 * rate
        );
        assert!(rate < 0.5, "profile {}: rejection rate {rate:.2}", p.name);
    }
}

// ---- Pitfall rules of §4, each a small game derived by hand. ----
// Notation: tN = turn N, dK = deck card K, HP after the arrow.

const CROSSBOW_AFTER_K: &str = "2 6\nMP K K K K\nFP K Z Z Z\nD K D D Z K\n";

/// §4.6 Z: a crossbow equipped after a K lifts the one-K limit at once.
/// t1 MP [K K K K]+D K: K unusable (pig 2 unrevealed). t2 FP [K Z Z Z]+D D:
/// K on MP, which dodges (MP [K K K K K]); the FP equips its Z's. t3 MP
/// draws Z K: K (FP dodges, FP [D]); K blocked, Z equipped; then five K:
/// FP dodges once, then 3, 2, 1, 0, dies; the MP side wins with
/// an empty MP hand (an inner empty line).
#[test]
fn pitfall_crossbow_after_a_k_allows_more_k_in_the_same_phase() {
    check(CROSSBOW_AFTER_K, "MP\n\nDEAD\n");
}

const PEACH_LEFT_OF_DUEL: &str = "2 5\nMP K D D D\nFP P F D D\nD D F F F\n";

/// §4.5: the scan restarts from the left, so a P left of an F becomes
/// usable after the F's duel costs HP. t1 MP [K D D D]+D D. t2 FP [P F D D]+
/// F F: P unusable at 4 HP; F on MP: MP discards K, FP has none, FP 3; the
/// rescan eats the P (FP 4); two more F: MP 3, 2. t3 MP draws F F (d5 and
/// its copy): two duels on the revealed FP: FP 3, 2. t4 FP draws F F: MP 1,
/// MP 0, dead. FP hand [D D].
#[test]
fn pitfall_peach_left_of_a_duel_is_eaten_after_the_duel_hurts() {
    check(PEACH_LEFT_OF_DUEL, "FP\nDEAD\nD D\n");
}

const DYING_EATS_PEACH: &str = "3 8\nMP K K F F\nZP P D P K\nFP N N N N\nF F D D N D D D\n";

/// §4.9 item 2: a dying pig eats its leftmost P, in another pig's turn.
/// t1 MP [K K F F]+F F: nothing usable. t2 ZP [P D P K]+D D: nothing. t3 FP
/// [N N N N]+N D, five N: MP discards K, K, then 3 (FP suspected), 2, 1;
/// ZP discards K, then 3, 2, 1, 0: eats the leftmost P, ZP [D P D D] at 1.
/// t4 MP draws D D; four F on the suspected FP: 3, 2, 1, 0: dead, MP wins.
#[test]
fn pitfall_dying_pig_eats_its_leftmost_peach() {
    check(DYING_EATS_PEACH, "MP\nD D\nD P D D\nDEAD\n");
}

const DIES_IN_OWN_DUEL: &str = "3 11\nMP N N N K\nFP F N N N\nFP D D D D\nD D D D N D D D D D D\n";

/// §4.4 / §4.9: a pig that dies in a duel it started ends its turn; the
/// duel's winner is the damage source and draws the reward. t1 MP
/// [N N N K]+D D: three N take both FPs to 1 HP. t2 pig 2 [F N N N]+D D:
/// F on MP: MP discards K, pig 2 has none: 0, dies; the MP draws N D D.
/// t3 pig 3 draws D D. t4 MP draws D D, its N kills pig 3: MP wins.
#[test]
fn pitfall_dying_in_own_duel_ends_the_turn_and_rewards_the_winner() {
    check(DIES_IN_OWN_DUEL, "MP\nD D D D D D\nDEAD\nDEAD\n");
}

const REWARD_SAME_TURN: &str = "3 5\nMP N N N N\nFP D D D D\nFP K K K D\nD D N N N\n";

/// §4.9: reward cards drawn by the active pig are usable in the same turn,
/// and killing the last FP gives no reward. t1 MP [N N N N]+D D: pig 2 goes
/// 3, 2, 1, 0 while pig 3 discards K, K, K and then takes 1 (3); pig 2's
/// death on the fourth N draws N N N for the MP, which uses them at once:
/// pig 3 2, 1, 0, dead, MP wins holding [D D].
#[test]
fn pitfall_reward_cards_are_usable_in_the_same_turn() {
    check(REWARD_SAME_TURN, "MP\nD D\nDEAD\nDEAD\n");
}

const MP_KILLS_ZP: &str = "3 3\nMP N N N N\nZP D D D D\nFP K K K K\nN K F\n";

/// §4.9 item 3.4: the MP killing a ZP (here with N) discards its whole hand
/// at once, mid-N. t1 MP [N N N N]+N K: the ZP goes 3, 2, 1, 0 and dies; the
/// MP's N K are discarded; the FP discards four K. t2 FP draws F F (d3 is
/// the last card): MP 3, 2. t3 MP draws F F: FP 3, 2. t4 FP: MP 1, 0.
#[test]
fn pitfall_mp_killing_a_zp_discards_its_hand() {
    check(MP_KILLS_ZP, "FP\nDEAD\nDEAD\n\n");
}

const FP_KILLS_FP: &str = "3 10\nMP K K K K\nFP N N N N\nFP D D D D\nD D D D F F F D D F\n";

/// §4.9 item 3.3: an FP killing an FP draws 3. t1 MP [K K K K]+D D. t2 pig 2
/// [N N N N]+D D: pig 3 3, 2, 1, 0 (dies: pig 2 draws F F F) while the MP
/// discards its four K; three F on the MP: 3, 2, 1. t3 MP draws D D. t4
/// pig 2 draws F F: MP 0.
#[test]
fn pitfall_fp_killing_an_fp_draws_three() {
    check(FP_KILLS_FP, "FP\nDEAD\nD D F\nDEAD\n");
}

const AREA_STOPS_AT_THE_END: &str = "3 6\nMP K K K K\nZP D D D D\nFP W W W W\nK K D D D D\n";

/// §4.6 N/W: processing stops the moment the game ends. t1 MP draws K K,
/// t2 ZP draws D D (6 D). t3 FP [W W W W]: MP 3 (no D), ZP discards D; MP
/// 2, D; MP 1, D; MP 0: dead, and the ZP is not processed: 3 D left.
#[test]
fn pitfall_area_attack_stops_when_the_game_ends() {
    check(AREA_STOPS_AT_THE_END, "FP\nDEAD\nD D D\nD D\n");
}

const MP_DUELS_SUSPECTED_ZP: &str = "3 9\nMP D D D D\nZP N K K D\nFP D D D D\nD D D D D D F D F\n";

/// §4.6 F step 3: the MP duelling a suspected ZP takes no K from it.
/// t2 the ZP's N hurts the FP (3) and the MP (3): suspected. t4 MP duels the
/// ZP (3) with the ZP keeping both K. t5 ZP draws F F, nothing usable. t6
/// FP draws F F (revealed): MP 2, 1. t7 MP duels the ZP twice (the first
/// enemy from its next): 2, 1. t8 ZP: K on the revealed FP (dodged), three
/// duels: FP 2, 1, 0, MP side wins. Had the ZP discarded K, the MP would
/// have lost HP in t4.
#[test]
fn pitfall_mp_duelling_a_suspected_zp_takes_no_k() {
    check(
        MP_DUELS_SUSPECTED_ZP,
        "MP\nD D D D D D D\nK D D D F\nDEAD\n",
    );
}

const ZP_PROTECTS_MP: &str = "3 8\nMP D D D D\nZP J D D D\nFP F F D D\nD D D D D D K F\n";

/// §4.7: an unrevealed ZP protects the MP (revealing itself), and the chain
/// starts at the trick's user. t3 FP [F F D D]: first F cancelled by the
/// ZP's J; second F: MP 3. t4 MP draws K F: K not usable (next is the
/// revealed ZP), F on the FP: 3. t5 ZP draws F F: FP 2, 1. t6 FP draws F F:
/// its duel on the MP: MP discards K, FP 0, dies.
#[test]
fn pitfall_unrevealed_zp_protects_the_mp_with_j() {
    check(ZP_PROTECTS_MP, "MP\nD D D D D D\nD D D D D\nDEAD\n");
}

const K_REACHES_NEXT_ONLY: &str = "3 8\nMP K F D D\nZP D D D D\nFP F D D D\nD D D D D D K F\n";

/// §4.1 "Distance": a K reaches only the next living pig, while an F goes
/// to the first enemy. t3 FP [F D D D]+D D duels the MP (revealed): the MP
/// discards K, FP 3. t4 MP [F D D D D]+K F: F on the revealed FP (2); its K
/// is not usable, the next pig being the unrevealed ZP; F again (1). t5 ZP
/// draws F F (copies of the last card) and kills the FP with a duel.
#[test]
fn pitfall_k_reaches_only_the_next_living_pig() {
    check(K_REACHES_NEXT_ONLY, "MP\nD D D D K\nD D D D D D F\nDEAD\n");
}

// ---- Formats. ----

#[test]
fn render_is_canonical_and_round_trips() {
    let text = "3  10\r\nMP D D F F\n ZP N N N D\nFP J J J J\nF F D D\nJ J F F K D\n\n";
    let input = Pigs::parse(text).unwrap();
    let canonical = OFFICIAL;
    assert_eq!(Pigs::render(&input), canonical);
    assert_eq!(Pigs::parse(canonical).unwrap(), input);
}

#[test]
fn parse_errors_name_the_position_and_what_was_expected() {
    // Rule 1: too few deck cards.
    let e = Pigs::parse("2 3\nMP D D D D\nFP D D D D\nK K\n").unwrap_err();
    assert!(e.message.contains("deck card 3"), "{e}");
    // Rule 1: anything but whitespace after the m-th card.
    let e = Pigs::parse("2 1\nMP D D D D\nFP D D D D\nK K\n").unwrap_err();
    assert_eq!((e.line, e.col), (4, 3), "{e}");
    // Rule 1: a hand of three cards shifts the next role into a card slot.
    let e = Pigs::parse("2 1\nMP D D D\nFP D D D D\nK\n").unwrap_err();
    assert_eq!((e.line, e.col), (3, 1), "{e}");
    // Rule 3 (token part): an unknown role.
    let e = Pigs::parse("2 1\nMP D D D D\nXP D D D D\nK\n").unwrap_err();
    assert!(e.message.contains("rule 3"), "{e}");
    // Rule 5: a card is exactly one of the eight letters.
    for bad in ["Q", "KK", "k"] {
        let e = Pigs::parse(&format!("2 1\nMP D D D D\nFP D D {bad} D\nK\n")).unwrap_err();
        assert!(e.message.contains("rule 5"), "{e}");
        assert_eq!((e.line, e.col), (3, 8), "{e}");
    }
    let e = Pigs::parse("2 1\nMP D D D D\nFP D D D D\nx\n").unwrap_err();
    assert!(e.message.contains("rule 5"), "{e}");
    assert!(Pigs::parse("-2 1\n").is_err());
}

#[test]
fn output_comparison_follows_the_judge_rule() {
    let a = Pigs::parse_output("FP\nDEAD\nK K\n\n").unwrap();
    let b = Pigs::parse_output("FP  \r\nDEAD\t\nK K").unwrap();
    assert_eq!(a, b);
    // A living pig with an empty hand last: empty line == missing line.
    assert_eq!(
        Pigs::parse_output("MP\nD\n\n").unwrap(),
        Pigs::parse_output("MP\nD").unwrap()
    );
    // Leading and inner spacing are significant.
    assert_ne!(a, Pigs::parse_output("FP\nDEAD\nK  K\n").unwrap());
    assert_ne!(a, Pigs::parse_output("FP\nDEAD\n K K\n").unwrap());
    // An inner empty line is kept.
    let inner = Pigs::parse_output("MP\n\nDEAD\n").unwrap();
    assert_eq!(inner.lines, vec!["MP", "", "DEAD"]);
    assert_eq!(
        Pigs::parse_output(&Pigs::render_output(&inner)).unwrap(),
        inner
    );
}

#[test]
fn outputs_that_section_5_cannot_print_are_bad_outputs() {
    for bad in [
        "",
        "\n\n",
        " FP\nDEAD\n",
        "fp\n",
        "MP\nDEAD\nX\n",
        "MP\nDEAD\nK\tK\n",
        "MP\nDEAD\nKK\n",
        "MP\n\u{1b}[2J\n",
        "FP\nDEAD\ndead\n",
    ] {
        let e = Pigs::parse_output(bad).unwrap_err();
        assert!(e.message.starts_with("expected"), "{bad:?}: {e}");
    }
    let e = Pigs::parse_output(&format!("MP\n{}\n", "Q".repeat(100_000))).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().len() < 200, "{e}");
}

#[test]
fn difference_tags_are_stable() {
    let o = |s: &str| Pigs::parse_output(s).unwrap();
    let base = o("FP\nDEAD\nK K\nD\n");
    assert_eq!(Pigs::difference(&base, &o("MP\nDEAD\nK K\nD\n")), "winner");
    assert_eq!(Pigs::difference(&base, &o("FP\nD\nK K\nD\n")), "dead");
    assert_eq!(Pigs::difference(&base, &o("FP\nDEAD\nK\nD\n")), "hand");
    assert_eq!(Pigs::difference(&base, &o("FP\nDEAD\nK K\n")), "lines");
}

#[test]
fn signatures_name_the_role_and_direction_but_no_seat() {
    let o = |s: &str| Pigs::parse_output(s).unwrap();
    let input = Pigs::parse("3 1\nMP D D D D\nZP D D D D\nFP D D D D\nK\n").unwrap();
    let base = o("FP\nDEAD\nK K\nD\n");
    let tag = |other: &str| Pigs::difference_in(&input, &base, &o(other));
    assert_eq!(tag("MP\nDEAD\nK K\nD\n"), "winner FP/MP");
    assert_eq!(tag("FP\nD\nK K\nD\n"), "MP dead/alive");
    assert_eq!(tag("FP\nDEAD\nDEAD\nD\n"), "ZP alive/dead");
    assert_eq!(tag("FP\nDEAD\nK K\nD D\n"), "FP hand");
    assert_eq!(tag("FP\nDEAD\nK K\n"), "lines");
}

// ---- Generators, shrinking, trace. ----

#[test]
fn every_profile_is_valid_on_the_all_zero_tape_and_on_bytes() {
    for p in Pigs::PROFILES {
        let zero = Pigs::generate(&mut Source::replay(vec![]), p.name);
        assert!(validate(&zero).is_ok(), "{}", p.name);
        for bytes in [&[][..], &[7, 200, 3, 99, 255, 0, 18][..], &[255; 64][..]] {
            let input = Pigs::generate(&mut Source::from_bytes(bytes), p.name);
            assert!(validate(&input).is_ok(), "{} {bytes:?}", p.name);
        }
    }
}

#[test]
fn profiles_keep_their_shapes() {
    for seed in 0..100 {
        let gen = |p| crate::game::generate_case::<Pigs>(seed, p).0;
        let small = gen("small");
        assert!((2..=4).contains(&small.seats.len()) && small.deck.len() <= 12);
        let max = gen("max");
        assert_eq!((max.seats.len(), max.deck.len()), (10, 2000));
        let cards = |i: &Input| -> Vec<Card> {
            let hands = i.seats.iter().flat_map(|s| s.hand);
            hands.chain(i.deck.iter().copied()).collect()
        };
        let plain = [Card::P, Card::K, Card::D, Card::Z];
        assert!(cards(&gen("no-tricks")).iter().all(|c| plain.contains(c)));
        assert!(!cards(&gen("no-j")).contains(&Card::J));
        let suspicion = gen("suspicion");
        let roles: Vec<Role> = suspicion.seats.iter().map(|s| s.role).collect();
        assert_eq!(roles[..3], [Role::MP, Role::ZP, Role::FP]);
        let duels = gen("own-duel-deaths");
        assert_eq!(duels.seats[0].hand, [Card::K; 4]);
        assert!(duels.seats.iter().filter(|s| s.role == Role::FP).count() >= 2);
    }
}

#[test]
fn max_inputs_are_generated_and_solved_quickly() {
    let start = std::time::Instant::now();
    for seed in 0..20 {
        let (input, _) = crate::game::generate_case::<Pigs>(seed, "max");
        Pigs::solve(&input, &mut Budget::default()).unwrap();
    }
    // Milliseconds each; the bound only catches an accidental blow-up.
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
}

#[test]
fn shrink_candidates_keep_the_structure_and_get_smaller() {
    for seed in 0..40 {
        let (input, _) = crate::game::generate_case::<Pigs>(seed, "typical");
        let text = Pigs::render(&input);
        let cands = Pigs::shrink(&input);
        assert!(!cands.is_empty());
        for c in &cands {
            assert!(structure(c).is_ok(), "seed {seed}");
            let t = Pigs::render(c);
            assert!(crate::verdict::smaller(&t, &text), "seed {seed}: {t}");
        }
    }
    // The most aggressive candidate comes first: dropping a pig.
    let input = Pigs::parse("3 2\nMP D D D D\nZP K D D D\nFP D D D D\nK K\n").unwrap();
    assert_eq!(Pigs::shrink(&input)[0].seats.len(), 2);
}

#[test]
fn trace_shows_the_key_events() {
    let input = Pigs::parse(OFFICIAL).unwrap();
    let trace = Pigs::trace(&input).unwrap();
    for event in [
        "turn 1: pig1(MP)",
        "pig1(MP) draws F F",
        "pig2(ZP) uses N",
        "pig3(FP) takes 1 damage from pig2(ZP) (HP 3)",
        "the MP now suspects pig2(ZP)",
        "pig1(MP) uses F on pig2(ZP)",
        "pig2(ZP) dies",
        "discards its hand",
        "pig3(FP) uses K on pig1(MP)",
        "pig3(FP) is revealed",
        "game over: the FP side wins",
    ] {
        assert!(trace.contains(event), "missing '{event}' in\n{trace}");
    }
    let chain = Pigs::parse(J_ANSWERED_BY_J).unwrap();
    let trace = Pigs::trace(&chain).unwrap();
    assert!(
        trace.contains("pig1(MP) plays J to protect pig1(MP)"),
        "{trace}"
    );
    assert!(trace.contains("pig3(FP) answers with J"), "{trace}");
}

/// Shrinking a typical game while it keeps a rule-specific event (as a
/// divergence keeps its signature) reaches a game a person can read.
#[test]
fn shrinking_reaches_readable_games() {
    for event in ["answers with J", "the MP now suspects", "is dying and eats"] {
        let keeps = |i: &Input| validate(i).is_ok() && Pigs::trace(i).unwrap().contains(event);
        let (seed, input, tape) = (0..500)
            .map(|s| {
                let (i, t) = crate::game::generate_case::<Pigs>(s, "typical");
                (s, i, t)
            })
            .find(|(_, i, _)| keeps(i))
            .expect("some typical game has the event");
        let bounds = crate::shrink::ShrinkLimits {
            time: std::time::Duration::from_secs(20),
            candidates: 20_000,
            ..crate::shrink::ShrinkLimits::default()
        };
        let small =
            crate::shrink::shrink::<Pigs>(input, Some((tape, "typical")), |c, _| keeps(c), &bounds)
                .input;
        assert!(keeps(&small));
        assert!(
            small.seats.len() <= 4 && small.deck.len() <= 15,
            "'{event}' from seed {seed} shrinks only to\n{}",
            Pigs::render(&small)
        );
    }
}

// ---- Rule events. ----

/// The rules the engine applies on `text`, by name, without those it never
/// applies.
fn hits(text: &str) -> std::collections::BTreeMap<&'static str, u64> {
    let input = crate::game::parse_valid::<Pigs>(text).expect("a valid game");
    Pigs::RULES
        .iter()
        .zip(Pigs::rule_hits(&input))
        .filter(|&(_, n)| n > 0)
        .map(|(r, n)| (r.name, n))
        .collect()
}

/// Every event of the §6 walkthrough, and nothing else: three N from the
/// unrevealed ZP hurt both others (the FP's side holds J but may not
/// protect it), each marking the ZP; four duels of the MP on it, which
/// fights no duel back; the MP's punishment; the FP's revealing, fatal K.
#[test]
fn the_official_sample_applies_exactly_the_rules_of_its_walkthrough() {
    let want = [
        ("invasion-used", 3),
        ("area-hurts", 6),
        ("j-unknown-target", 3),
        ("suspected-rebel-marked", 3),
        ("mp-attacks-suspected", 4),
        ("mp-duels-loyal", 4),
        ("zp-killed-by-mp", 1),
        ("revealed", 1),
        ("kill-hits", 1),
        ("fp-side-wins", 1),
    ];
    assert_eq!(hits(OFFICIAL), want.into_iter().collect());
}

/// The worked examples and pitfall games above, with the rules each was
/// written to show and how often the engine applies them (counts derived
/// from the walkthroughs in their comments).
#[test]
fn each_example_applies_the_rules_it_shows() {
    let cases: &[(&str, &str, u64)] = &[
        (CANCELLED_DUEL, "duel-cancelled", 1),
        (CANCELLED_DUEL, "duel-beyond-next", 1),
        (CANCELLED_DUEL, "rescan-left", 1),
        (USER_PROTECTS_MP, "j-by-user", 1),
        (USER_PROTECTS_MP, "area-cancelled", 1),
        (USER_PROTECTS_MP, "fp-duels-mp", 4),
        (SUSPECT_REVEALS_LOYAL, "suspected-rebel-marked", 1),
        // The MP's K on turn 9, and its two F on pig 4 looking past the ZP.
        (SUSPECT_REVEALS_LOYAL, "suspicion-void-after-reveal", 3),
        (SUSPECT_REVEALS_LOYAL, "duel-beyond-next", 2),
        (SUSPECT_REVEALS_LOYAL, "fp-killed-reward", 1),
        (SUSPECT_REVEALS_LOYAL, "duel-answered-with-k", 1),
        (SUSPECT_REVEALS_LOYAL, "duel-user-hurt", 1),
        (SUSPECT_REVEALS_LOYAL, "mp-side-wins", 1),
        (REVEALED_NOT_SUSPECTED, "revealed-not-suspected", 1),
        (REVEALED_NOT_SUSPECTED, "suspected-rebel-marked", 0),
        (J_ANSWERED_BY_J, "j-chain-2", 1),
        (J_ANSWERED_BY_J, "duel-cancelled", 0),
        // 16 turns draw 32 cards; only the first is the deck's own.
        (DECK_OF_ONE, "deck-exhausted", 31),
        (DECK_OF_ONE, "kill-dodged", 8),
        (DECK_OF_ONE, "kill-hits", 7),
        (CROSSBOW_AFTER_K, "crossbow-equipped", 4),
        (CROSSBOW_AFTER_K, "crossbow-extra-kill", 5),
        (CROSSBOW_AFTER_K, "one-kill-limit", 1),
        // The MP's K left of the Z that lifted the limit.
        (CROSSBOW_AFTER_K, "rescan-left", 1),
        (PEACH_LEFT_OF_DUEL, "peach-eaten", 1),
        (PEACH_LEFT_OF_DUEL, "rescan-left", 1),
        (DYING_EATS_PEACH, "dying-eats-peach", 1),
        (DYING_EATS_PEACH, "mp-attacks-suspected", 4),
        (DIES_IN_OWN_DUEL, "died-in-own-turn", 1),
        (DIES_IN_OWN_DUEL, "duel-user-hurt", 1),
        (DIES_IN_OWN_DUEL, "fp-killed-reward", 1),
        // The last FP's death ends the game before any reward.
        (REWARD_SAME_TURN, "fp-killed-reward", 1),
        (MP_KILLS_ZP, "zp-killed-by-mp", 1),
        (MP_KILLS_ZP, "area-answered", 4),
        (FP_KILLS_FP, "fp-killed-reward", 1),
        (AREA_STOPS_AT_THE_END, "area-cut-short", 1),
        (AREA_STOPS_AT_THE_END, "volley-used", 4),
        (MP_DUELS_SUSPECTED_ZP, "mp-duels-loyal", 3),
        (ZP_PROTECTS_MP, "duel-cancelled", 1),
        (ZP_PROTECTS_MP, "j-by-user", 0),
        (K_REACHES_NEXT_ONLY, "duel-beyond-next", 2),
    ];
    let mut shown: std::collections::BTreeSet<&str> = hits(OFFICIAL).into_keys().collect();
    for &(text, rule, want) in cases {
        assert!(Pigs::RULES.iter().any(|r| r.name == rule), "{rule}");
        let got = hits(text).get(rule).copied().unwrap_or(0);
        assert_eq!(got, want, "{rule} on\n{text}");
        if want > 0 {
            shown.insert(rule);
        }
    }
    // The hand-made games alone exercise every rule.
    let missing: Vec<&str> = Pigs::RULES
        .iter()
        .map(|r| r.name)
        .filter(|n| !shown.contains(n))
        .collect();
    assert!(missing.is_empty(), "no example shows {missing:?}");
}

/// Counting goes through the same engine run as `solve`, so it must not
/// change a single answer.
#[test]
fn counting_rules_leaves_the_game_unchanged() {
    for seed in 0..40 {
        for p in Pigs::PROFILES {
            let input = crate::game::generate_case::<Pigs>(seed, p.name).0;
            let plain = engine::simulate(&input, &mut Budget::default(), false, &mut ()).unwrap();
            let mut hits = vec![0; Pigs::RULES.len()];
            let counted =
                engine::simulate(&input, &mut Budget::default(), false, &mut hits).unwrap();
            assert_eq!(
                (plain.output, plain.ending, plain.turns),
                (counted.output, counted.ending, counted.turns)
            );
            assert_eq!(hits, Pigs::rule_hits(&input));
        }
    }
}

/// A run that can bend rules but plays none of the catalogued mistakes
/// still keeps what the mistakes need on the side (the play phase's start,
/// carried counters): that bookkeeping must not change a single answer.
#[test]
fn bending_no_rule_leaves_the_game_unchanged() {
    let none = crate::game::Mistaken::none();
    for seed in 0..40 {
        for p in Pigs::PROFILES {
            let input = crate::game::generate_case::<Pigs>(seed, p.name).0;
            let plain = engine::simulate(&input, &mut Budget::default(), false, &mut ()).unwrap();
            let bending =
                engine::simulate(&input, &mut Budget::default(), false, &mut { none }).unwrap();
            assert_eq!(
                (plain.output, plain.ending, plain.turns),
                (bending.output, bending.ending, bending.turns)
            );
        }
    }
}

#[test]
fn rule_events_name_the_pig_at_stake_and_whether_a_pig_died() {
    let input = Pigs::parse(Pigs::SAMPLE).unwrap();
    let names = crate::game::events::<Pigs>(&input).names::<Pigs>();
    for want in [
        "mp-duels-loyal",
        "area-hurts/invasion",
        "kill-hits/master/after-death",
        "revealed/rebel/after-death",
        "zp-killed-by-mp/after-death",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    // The MP's duel came before any death.
    assert!(!names.iter().any(|n| n == "mp-duels-loyal/after-death"));
}

/// The FP's J, answering in the chain of its own N, is discarded left of
/// that N and moves its second N left of the first one's place: the rescan
/// picks it and says so (a program going on from the place it remembers
/// steps over it). The MP's second N of turns 1 and 3 merely takes the
/// first one's place: no rescan.
#[test]
fn a_card_a_discard_moved_left_is_a_rescan_that_says_so() {
    const MOVED: &str = "2 1\nMP J J J D\nFP D D J D\nN\n";
    let input = Pigs::parse(MOVED).unwrap();
    let names = crate::game::events::<Pigs>(&input).names::<Pigs>();
    let rescans: Vec<&String> = (names.iter())
        .filter(|n| n.starts_with("rescan-left"))
        .collect();
    assert_eq!(
        rescans,
        ["rescan-left/invasion/moved-by-discard"],
        "{names:?}"
    );
    assert_eq!(hits(MOVED)["rescan-left"], 1);
}
