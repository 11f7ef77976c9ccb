//! The validator's rules, and its C++ twin's simulation held to the engine.

use super::super::engine::{self, Ending};
use super::super::model::{Card, Input, Output, Side};
use super::super::tests;
use super::super::Pigs;
use crate::fault::{Budget, FaultKind};
use crate::game::{Game, GameId};

fn rule(text: &str) -> &'static str {
    Pigs::validate(&Pigs::parse(text).unwrap())
        .unwrap_err()
        .rule
}

#[test]
fn validator_rule_2_bounds_n_and_m() {
    assert_eq!(rule("1 1\nMP D D D D\nK\n"), "2");
    let eleven = "11 1\nMP D D D D\n".to_string() + &"FP D D D D\n".repeat(10) + "K\n";
    assert_eq!(rule(&eleven), "2");
    assert_eq!(rule("2 0\nMP D D D D\nFP D D D D\n"), "2");
    let long = format!(
        "2 2001\nMP D D D D\nFP D D D D\n{}\n",
        ["K"; 2001].join(" ")
    );
    assert_eq!(rule(&long), "2");
    let ten = "10 1\nMP D D D D\n".to_string() + &"FP K K K K\n".repeat(9) + "K\n";
    assert!(Pigs::validate(&Pigs::parse(&ten).unwrap()).is_ok());
}

#[test]
fn validator_rule_3_pig_one_is_the_only_mp() {
    assert_eq!(rule("2 1\nFP D D D D\nMP D D D D\nK\n"), "3");
    assert_eq!(rule("3 1\nMP D D D D\nFP D D D D\nMP D D D D\nK\n"), "3");
}

#[test]
fn validator_rule_4_needs_an_fp() {
    assert_eq!(rule("3 1\nMP D D D D\nZP D D D D\nZP D D D D\nK\n"), "4");
}

/// With only D, every turn after the first draw is idle (the deck of one
/// card is exhausted from the start).
#[test]
fn validator_rule_6_rejects_an_idle_round() {
    assert_eq!(rule("2 1\nMP D D D D\nFP D D D D\nD\n"), "6");
}

/// The K of the repeated last card is never usable: every pig's next pig is
/// unrevealed and unsuspected or on its own side (MP -> FP, FP -> ZP,
/// ZP -> MP), and nothing ever reveals anyone. The round becomes idle only
/// after an eventful start: t2 the FP's N hurts the ZP (3) while the MP
/// discards its K (so no suspicion); t3 (deck already exhausted) the ZP eats
/// its P, which is not idle; t4-t6 are idle for all three pigs.
#[test]
fn validator_rule_6_rejects_a_game_that_stalls_after_a_while() {
    let text = "3 5\nMP K D D D\nFP N D D D\nZP P D D D\nD D D D K\n";
    assert_eq!(rule(text), "6");
    let input = Pigs::parse(text).unwrap();
    let fault = Pigs::solve(&input, &mut Budget::default()).unwrap_err();
    assert_eq!(fault.kind, FaultKind::Budget);
}

#[test]
fn validator_accepts_every_worked_example() {
    for text in [tests::DECK_OF_ONE, tests::J_ANSWERED_BY_J] {
        assert!(Pigs::validate(&Pigs::parse(text).unwrap()).is_ok());
    }
}

/// Generated games per profile from which the validator's simulation check
/// draws its games.
const SIMULATED_PER_PROFILE: u64 = 12;

/// The C++ Kattis validator decides checklist rule 6 (the game ends) with
/// its own simulation of the game. Verdicts alone would let most errors in
/// it pass (a game that ends still ends, only differently), so here the
/// simulation is held to the engine's game by game: built with
/// `-DGAMEFUZZ_REPORT_ENDING`, the validator prints how the game ended, in
/// which turn, and every pig's final hand. The games are generated ones and
/// variants of them with another last deck card or a shorter deck, the
/// cards that decide whether a game ends (spec section 7), so that many
/// never end. Needs g++: skipped with a notice without it, except in CI.
#[test]
fn the_validators_simulation_ends_every_game_as_the_engine_does() {
    use rayon::prelude::*;

    let dir = tempfile::tempdir().unwrap();
    let bin = match crate::kattis::build(GameId::Pigs, dir.path(), &["-DGAMEFUZZ_REPORT_ENDING"]) {
        Ok(Ok(bin)) => bin,
        Ok(Err(complaint)) => panic!("g++ failed on the pigs validator:\n{complaint}"),
        Err(e) if std::env::var_os("CI").is_some() => panic!("g++ cannot be run: {e}"),
        Err(e) => return eprintln!("skipping: g++ cannot be run ({e})"),
    };
    let games = simulated_games();
    let endings: Vec<(Vec<String>, Vec<String>)> = games
        .par_iter()
        .map(|game| (engine_ending(game), cpp_ending(&bin, game)))
        .collect();
    let idle = endings
        .iter()
        .filter(|e| e.0[0].starts_with("idle"))
        .count();
    let bad: Vec<_> = endings.iter().filter(|(rust, cpp)| rust != cpp).collect();
    assert!(
        bad.is_empty(),
        "{} games end otherwise in the C++ simulation; the first (engine, C++): {:?}",
        bad.len(),
        &bad[..bad.len().min(3)]
    );
    // Both kinds of game, endless and ending, in numbers that prove something.
    let share = idle as f64 / endings.len() as f64;
    assert!(
        (0.05..=0.95).contains(&share),
        "{idle} of {} games are endless",
        endings.len()
    );
}

/// Generated games and their variants with another last deck card or a
/// shorter deck.
fn simulated_games() -> Vec<Input> {
    let mut games = Vec::new();
    for p in Pigs::PROFILES {
        for seed in 1000..1000 + SIMULATED_PER_PROFILE {
            let game = crate::game::generate_case::<Pigs>(seed, p.name).0;
            let mut short = game.clone();
            short.deck.truncate(game.deck.len().div_ceil(2));
            for base in [game, short] {
                for card in Card::ALL {
                    let mut g = base.clone();
                    *g.deck.last_mut().expect("m >= 1") = card;
                    games.push(g);
                }
                games.push(base);
            }
        }
    }
    games
}

/// How the engine ends `game`, in the lines the validator prints.
fn engine_ending(game: &Input) -> Vec<String> {
    match engine::simulate(game, &mut Budget::default(), false, &mut ()) {
        Ok(f) => {
            let how = match f.ending {
                Ending::Won(Side::Mp) => format!("won-MP {}", f.turns),
                Ending::Won(Side::Fp) => format!("won-FP {}", f.turns),
                Ending::Idle { turn } => format!("idle {turn}"),
                Ending::Cap => format!("cap {}", f.turns),
            };
            // The final state, with the ending in place of the winner.
            let pigs = f.output.lines.into_iter().skip(1);
            Output::from_lines(std::iter::once(how).chain(pigs)).lines
        }
        Err(_) => vec!["out-of-steps".to_string()],
    }
}

/// How the validator built at `bin` ends `game`.
fn cpp_ending(bin: &std::path::Path, game: &Input) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the validator");
    let text = Pigs::render(game);
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(text.as_bytes())
        .expect("feed the validator");
    let out = child.wait_with_output().expect("the validator ends");
    Output::parse(&String::from_utf8_lossy(&out.stdout)).lines
}
