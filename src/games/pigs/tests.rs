use super::*;

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

#[test]
fn example_official_sample() {
    check(
        "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n",
        "FP\nDEAD\nDEAD\nJ J J J J J D\n",
    );
}

#[test]
fn example_cancelled_duel_still_triggers_the_rescan() {
    check(
        "3 12\nMP D D D D\nFP J D D D\nFP K F F F\nD D D D D D K F F D F F\n",
        "FP\nDEAD\nD D D D D\nD D\n",
    );
}

#[test]
fn example_user_of_n_protects_the_mp_from_it() {
    check(
        "3 6\nMP D D D D\nZP N J D D\nFP F F F F\nD D D D D D\n",
        "FP\nDEAD\nD D D D\nD D\n",
    );
}

#[test]
fn example_suspected_pig_revealing_as_loyal_and_rewards() {
    check(
        "4 30\nMP D D D D\nZP D D D D\nFP F D D D\nFP D D D D\n\
         D D D D D D D D D D N F D D D D K D F F F F F F F F F F F F\n",
        "MP\nD D D D D D D D D\nD D D D D D F F F\nDEAD\nDEAD\n",
    );
}

#[test]
fn example_revealed_pig_never_becomes_suspected() {
    check(
        "3 24\nMP D D D D\nZP D D D D\nFP F D D D\n\
         D D D D D D D D F N D D K D F F F F F F F F F F\n",
        "MP\nD D D D D D D D K D\nD D D D D D\nDEAD\n",
    );
}

#[test]
fn example_j_answered_by_j() {
    check(
        "3 6\nMP J D D D\nFP F D D D\nFP J D D D\nD D D D F F\n",
        "FP\nDEAD\nD D D D D F\nD D D\n",
    );
}

#[test]
fn example_deck_exhaustion_with_one_card_and_the_one_k_limit() {
    check(
        "2 1\nMP D D D D\nFP D D D D\nK\n",
        "FP\nDEAD\nK K K K K K K K\n",
    );
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
        println!("profile {:<10} rejected {rejected:>4} of {drawn:>4} draws ({:.1}%)", p.name, 100.0 * rate);
        assert!(rate < 0.5, "profile {}: rejection rate {rate:.2}", p.name);
    }
}

#[test]
fn tmp_stats() {
    for p in Pigs::PROFILES {
        let seeds = if p.name == "max" { 30 } else { 300 };
        let mut turns = Vec::new();
        let mut mp = 0;
        let mut ev = std::collections::BTreeMap::<&str, u32>::new();
        for seed in 0..seeds {
            let (input, _) = crate::driver::generate_case::<Pigs>(seed, p.name);
            let f = engine::simulate(&input, &mut Budget::default(), true).unwrap();
            turns.push(f.turns);
            if f.ending == Ending::Won(Side::Mp) { mp += 1; }
            let log = f.log.unwrap();
            for key in ["plays J", "answers with J", "suspects", "loyal pig", "reward", "deck exhausted", "dodges", "eats P", "is dying", "equips Z", "cancelled", "does not fight", "own turn"] {
                if log.contains(key) { *ev.entry(key).or_default() += 1; }
            }
        }
        turns.sort();
        println!("{:<10} turns median {} max {} | MP wins {mp}/{seeds} | {:?}", p.name, turns[turns.len()/2], turns.last().unwrap(), ev);
    }
}
