//! Every game names the rules its engine applies, and its generators reach
//! every one of them: `gamefuzz package` relies on both to build a test set
//! that exercises each rule.

use gamefuzz::game::{generate_case, Game, Visit};
use gamefuzz::id::GameId;

/// Cases per profile drawn at most before a rule counts as unreachable.
const PER_PROFILE: u64 = 60;

struct Reach;

impl Visit for Reach {
    type Out = ();
    fn visit<G: Game>(self) {
        let names: Vec<&str> = G::RULES.iter().map(|r| r.name).collect();
        assert!(names.len() >= 5, "{}: too few rules: {names:?}", G::ID);
        for (i, n) in names.iter().enumerate() {
            assert!(
                !n.is_empty()
                    && n.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{}: rule name {n:?} is not kebab-case",
                G::ID
            );
            assert!(!names[..i].contains(n), "{}: rule {n} named twice", G::ID);
            assert!(
                !G::RULES[i].about.is_empty(),
                "{}: rule {n} undescribed",
                G::ID
            );
        }
        let mut total = vec![0u64; names.len()];
        'draw: for seed in 0..PER_PROFILE {
            for p in G::PROFILES {
                let (input, _) = generate_case::<G>(seed, p.name);
                let hits = G::rule_hits(&input);
                assert_eq!(hits.len(), names.len(), "{}: one count per rule", G::ID);
                for (t, h) in total.iter_mut().zip(hits) {
                    *t += h;
                }
                if total.iter().all(|&t| t > 0) {
                    break 'draw;
                }
            }
        }
        let missed: Vec<&str> = names
            .iter()
            .zip(&total)
            .filter(|(_, &t)| t == 0)
            .map(|(n, _)| *n)
            .collect();
        assert!(
            missed.is_empty(),
            "{}: generators never reach {missed:?}",
            G::ID
        );
    }
}

#[test]
fn every_game_names_its_rules_and_generation_reaches_them() {
    // Every game is checked, so one report names all that fall short.
    let failed: Vec<String> = GameId::ALL
        .iter()
        .filter_map(|&g| {
            std::panic::catch_unwind(|| g.dispatch(Reach))
                .err()
                .map(|_| g.name().to_string())
        })
        .collect();
    assert!(failed.is_empty(), "rules fall short in {failed:?}");
}
