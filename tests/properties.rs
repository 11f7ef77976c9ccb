//! Properties every game must have, checked for all games through the one
//! dispatch: generators only produce valid inputs, rendering is canonical,
//! the engine terminates, shrinking never leaves the valid space.

use gamefuzz::fault::Budget;
use gamefuzz::game::{generate_case, generate_input, parse_valid, Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::shrink::{self, ShrinkLimits};
use gamefuzz::source::Source;
use proptest::prelude::*;

/// Profiles cheap enough to draw hundreds of times in a test.
fn light<G: Game>(pick: usize) -> &'static str {
    let light: Vec<&str> = G::PROFILES
        .iter()
        .map(|p| p.name)
        .filter(|&p| p != "max")
        .collect();
    light[pick % light.len()]
}

struct Generated {
    seed: u64,
    pick: usize,
}
impl Visit for Generated {
    type Out = ();
    fn visit<G: Game>(self) {
        let p = light::<G>(self.pick);
        let (input, _) = generate_case::<G>(self.seed, p);
        if let Err(e) = G::validate(&input) {
            panic!(
                "{} seed {} profile {p}: generated an invalid input ({e})",
                G::ID,
                self.seed
            );
        }
        let text = G::render(&input);
        let again = parse_valid::<G>(&text).expect("rendered input parses and validates");
        assert_eq!(
            G::render(&again),
            text,
            "render(parse(render(x))) is canonical"
        );
        let (twin, _) = generate_case::<G>(self.seed, p);
        assert_eq!(G::render(&twin), text, "the same seed gives the same bytes");
        let untaped = generate_input::<G>(self.seed, p);
        assert_eq!(
            G::render(&untaped),
            text,
            "drawing without a tape draws the same"
        );
        let out = G::solve(&input, &mut Budget::default());
        let out = out.unwrap_or_else(|f| panic!("{} seed {}: engine fault {f}", G::ID, self.seed));
        let rendered = G::render_output(&out);
        assert_eq!(
            G::parse_output(&rendered).expect("engine output parses"),
            out
        );
    }
}

struct FromTape(Vec<u64>, usize);
impl Visit for FromTape {
    type Out = ();
    fn visit<G: Game>(self) {
        let p = light::<G>(self.1);
        let input = G::generate(&mut Source::replay(self.0.clone()), p);
        if let Err(e) = G::validate(&input) {
            panic!(
                "{} profile {p}: tape {:?} gives an invalid input ({e})",
                G::ID,
                self.0
            );
        }
    }
}

struct FromBytes(Vec<u8>, usize);
impl Visit for FromBytes {
    type Out = ();
    fn visit<G: Game>(self) {
        let p = light::<G>(self.1);
        let input = G::generate(&mut Source::from_bytes(&self.0), p);
        assert!(
            G::validate(&input).is_ok(),
            "{} profile {p}: bytes give an invalid input",
            G::ID
        );
    }
}

/// Shrinks with an arbitrary acceptance rule (keep iff a hash bit is set)
/// and checks that everything accepted on the way is valid.
struct ShrinkStaysValid {
    seed: u64,
    pick: usize,
}
impl Visit for ShrinkStaysValid {
    type Out = ();
    fn visit<G: Game>(self) {
        let p = light::<G>(self.pick);
        let (input, tape) = generate_case::<G>(self.seed, p);
        let salt = self.seed;
        let bounds = ShrinkLimits {
            time: std::time::Duration::from_secs(5),
            candidates: 300,
            ..ShrinkLimits::default()
        };
        let result = shrink::shrink::<G>(
            input,
            Some((tape, p)),
            |cand, text| {
                assert!(
                    G::validate(cand).is_ok(),
                    "{}: shrinker offered an invalid candidate",
                    G::ID
                );
                gamefuzz::source::fnv1a64(text.as_bytes()) ^ salt & 1 == 0
            },
            &bounds,
        );
        assert!(G::validate(&result.input).is_ok());
    }
}

/// Where a game has an independent brute-force solver, the engine agrees
/// with it on every input brute covers.
struct BruteAgrees {
    seed: u64,
    pick: usize,
}
impl Visit for BruteAgrees {
    type Out = u32;
    fn visit<G: Game>(self) -> u32 {
        if !G::HAS_BRUTE {
            return 0;
        }
        let p = light::<G>(self.pick);
        let (input, _) = generate_case::<G>(self.seed, p);
        let Some(brute) = G::brute(&input, &mut Budget::default()) else {
            return 0;
        };
        let engine = G::solve(&input, &mut Budget::default());
        assert_eq!(
            engine,
            brute,
            "{} seed {} profile {p}: engine and brute differ on\n{}",
            G::ID,
            self.seed,
            G::render(&input)
        );
        1
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generated_inputs_are_valid_canonical_reproducible_and_solvable(seed in any::<u64>(), pick in 0usize..16) {
        for &g in GameId::ALL {
            g.dispatch(Generated { seed, pick });
        }
    }

    #[test]
    fn engine_agrees_with_brute_wherever_brute_applies(seed in any::<u64>(), pick in 0usize..16) {
        for &g in GameId::ALL {
            g.dispatch(BruteAgrees { seed, pick });
        }
    }

    #[test]
    fn every_tape_generates_a_valid_input(tape in proptest::collection::vec(any::<u64>(), 0..200), pick in 0usize..16) {
        for &g in GameId::ALL {
            g.dispatch(FromTape(tape.clone(), pick));
        }
    }

    #[test]
    fn every_byte_string_generates_a_valid_input(bytes in proptest::collection::vec(any::<u8>(), 0..512), pick in 0usize..16) {
        for &g in GameId::ALL {
            g.dispatch(FromBytes(bytes.clone(), pick));
        }
    }

    #[test]
    fn shrinking_only_accepts_valid_inputs(seed in any::<u64>(), pick in 0usize..16) {
        for &g in GameId::ALL {
            g.dispatch(ShrinkStaysValid { seed, pick });
        }
    }
}

/// Every profile, many consecutive seeds, including the all-zero tape.
struct AllProfiles;
impl Visit for AllProfiles {
    type Out = ();
    fn visit<G: Game>(self) {
        for p in G::PROFILES {
            let n = if p.name == "max" { 2 } else { 200 };
            for seed in 0..n {
                let (input, _) = generate_case::<G>(seed, p.name);
                assert!(
                    G::validate(&input).is_ok(),
                    "{} seed {seed} profile {}",
                    G::ID,
                    p.name
                );
            }
            let zero = G::generate(&mut Source::replay(Vec::new()), p.name);
            assert!(
                G::validate(&zero).is_ok(),
                "{} all-zero tape, profile {}",
                G::ID,
                p.name
            );
        }
    }
}

#[test]
fn every_profile_generates_valid_inputs_including_the_all_zero_tape() {
    for &g in GameId::ALL {
        g.dispatch(AllProfiles);
    }
}

/// Generators are not degenerate: different seeds give different inputs.
struct Varied;
impl Visit for Varied {
    type Out = ();
    fn visit<G: Game>(self) {
        for p in G::PROFILES {
            let texts: std::collections::BTreeSet<String> = (0..20)
                .map(|s| G::render(&generate_case::<G>(s, p.name).0))
                .collect();
            assert!(
                texts.len() >= 5,
                "{} profile {} gives only {} distinct inputs",
                G::ID,
                p.name,
                texts.len()
            );
        }
    }
}

#[test]
fn generators_vary_with_the_seed() {
    for &g in GameId::ALL {
        g.dispatch(Varied);
    }
}

/// The brute comparison above really compares: over many seeds, brute
/// covers a good share of the generated inputs of every game that has one.
#[test]
fn brute_covers_generated_inputs() {
    for &g in GameId::ALL {
        let covered: u32 = (0..200)
            .map(|seed| {
                g.dispatch(BruteAgrees {
                    seed,
                    pick: seed as usize,
                })
            })
            .sum();
        let has = g.dispatch(HasBrute);
        assert!(
            !has || covered >= 50,
            "{g}: brute covered only {covered} of 200 inputs"
        );
    }
}

struct HasBrute;
impl Visit for HasBrute {
    type Out = bool;
    fn visit<G: Game>(self) -> bool {
        G::HAS_BRUTE
    }
}
