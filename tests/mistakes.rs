//! Every game's catalogue of mistakes is large enough, covers the classes
//! of mistake that apply to the game, and holds no mistake that answers
//! like the engine: each has a witness, a valid input on which the two
//! differ, which no shrink candidate improves on.

use std::time::Duration;

use gamefuzz::game::{parse_valid, Game, MistakeClass, Visit};
use gamefuzz::id::GameId;
use gamefuzz::shrink::{self, ShrinkLimits};
use gamefuzz::solver::{Limits, SolverSpec};
use gamefuzz::verdict;

/// What each game's catalogue must hold at least, and the classes of
/// mistake that cannot apply to it, each with the reason.
fn expected(game: GameId) -> (usize, &'static [(MistakeClass, &'static str)]) {
    match game {
        GameId::Xiangqi => (
            20,
            &[(
                MistakeClass::Width,
                "coordinates are at most 10 and nothing is summed",
            )],
        ),
        GameId::Chutes => (20, &[]),
        GameId::Pigs => (
            40,
            &[(
                MistakeClass::Width,
                "HP is at most 4 and every card or turn count stays far below 2^31",
            )],
        ),
        GameId::Generals => (20, &[]),
        GameId::Stones => (12, &[]),
    }
}

/// Reading the input and writing the output are not the game: most of a
/// catalogue must bend its rules.
const MAX_IO: usize = 3;

/// Shrink candidates tried on each witness: enough for every structural
/// cut and a pass of tape-free edits on the small inputs witnesses are.
const SHRINK_CANDIDATES: u64 = 400;

struct Catalogue;
impl Visit for Catalogue {
    type Out = ();
    fn visit<G: Game>(self) {
        let (least, exempt) = expected(G::ID);
        let all = G::MISTAKES;
        assert!(
            all.len() >= least,
            "{}: {} mistakes catalogued, at least {least} wanted",
            G::ID,
            all.len()
        );
        let io = all.iter().filter(|m| m.class.is_io()).count();
        assert!(
            io <= MAX_IO,
            "{}: {io} mistakes of reading or writing",
            G::ID
        );
        for &class in MistakeClass::ALL {
            let covered = all.iter().any(|m| m.class == class);
            let excused = exempt.iter().any(|(c, _)| *c == class);
            assert!(
                covered != excused,
                "{}: class {} is {}",
                G::ID,
                class.name(),
                if covered {
                    "covered but listed as not applying"
                } else {
                    "neither covered nor listed as not applying"
                }
            );
        }
        let rules: Vec<&str> = G::RULES.iter().map(|r| r.name).collect();
        for (i, m) in all.iter().enumerate() {
            assert!(
                !all[..i].iter().any(|o| o.name == m.name),
                "{}: mistake {} named twice",
                G::ID,
                m.name
            );
            let io_rule = match m.class {
                MistakeClass::Reading => m.rule == "input",
                MistakeClass::Output => m.rule == "output",
                _ => rules.contains(&m.rule),
            };
            assert!(
                io_rule,
                "{}: mistake {} bends '{}', which is not one of the game's rules",
                G::ID,
                m.name,
                m.rule
            );
            assert!(
                m.section.starts_with('§') && !m.about.is_empty(),
                "{}: mistake {} needs a section and a description",
                G::ID,
                m.name
            );
        }
    }
}

/// The pair a witness is run on.
fn pair(name: &str) -> Vec<SolverSpec> {
    vec![SolverSpec::Engine, SolverSpec::Mistake(name.into())]
}

fn differs<G: Game>(solvers: &[SolverSpec], input: &G::Input, text: &str) -> bool {
    verdict::compare::<G>(solvers, input, text, &Limits::default())
        .signature
        .is_some()
}

struct Witnesses;
impl Visit for Witnesses {
    type Out = ();
    fn visit<G: Game>(self) {
        let mut failures = Vec::new();
        for m in G::MISTAKES {
            let input = match parse_valid::<G>(m.witness) {
                Ok(i) => i,
                Err(e) => {
                    failures.push(format!("{}: witness is not a valid input: {e}", m.name));
                    continue;
                }
            };
            if G::render(&input) != m.witness {
                failures.push(format!("{}: witness is not in canonical layout", m.name));
                continue;
            }
            let solvers = pair(m.name);
            if !differs::<G>(&solvers, &input, m.witness) {
                failures.push(format!(
                    "{}: answers like the engine on its witness",
                    m.name
                ));
                continue;
            }
            let limits = ShrinkLimits {
                time: Duration::from_secs(60),
                candidates: SHRINK_CANDIDATES,
            };
            let keeps = |c: &G::Input, text: &str| differs::<G>(&solvers, c, text);
            let shrunk = shrink::shrink::<G>(input, None, keeps, &limits);
            let text = G::render(&shrunk.input);
            if text != m.witness {
                failures.push(format!(
                    "{}: a smaller witness tells it from the engine ({} bytes, was {}):\n{text}",
                    m.name,
                    text.len(),
                    m.witness.len()
                ));
            }
        }
        assert!(failures.is_empty(), "{}:\n{}", G::ID, failures.join("\n"));
    }
}

#[test]
fn every_catalogue_meets_its_counts_and_classes() {
    for &g in GameId::ALL {
        g.dispatch(Catalogue);
    }
}

macro_rules! witnesses {
    ($($test:ident => $game:ident,)*) => {$(
        /// Every mistake's witness is valid, tells it from the engine and
        /// is as small as shrinking makes it.
        #[test]
        fn $test() {
            GameId::$game.dispatch(Witnesses);
        }
    )*};
}

witnesses! {
    xiangqi_mistakes_differ_from_the_engine_on_their_witnesses => Xiangqi,
    chutes_mistakes_differ_from_the_engine_on_their_witnesses => Chutes,
    pigs_mistakes_differ_from_the_engine_on_their_witnesses => Pigs,
    generals_mistakes_differ_from_the_engine_on_their_witnesses => Generals,
    stones_mistakes_differ_from_the_engine_on_their_witnesses => Stones,
}
