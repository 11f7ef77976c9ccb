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
