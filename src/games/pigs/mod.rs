//! pigs — [SDOI2010] 猪国杀 (Luogu P2482): a deterministic card game of
//! 2–10 pigs, simulated to its end (spec: `shared/specs/pigs.md`).
//!
//! * [`model`]: the typed input (roles, four-card hands, the deck) and the
//!   output as the §5 comparison sees it; strict parser, canonical text.
//! * [`engine`]: the game state and one function per rule area of §4.
//! * [`gen`]: the profiles, drawing only games that end.
//! * [`shrink`]: structural candidates (drop a pig, cut the deck, simplify
//!   a card).
//!
//! **Termination (§3 item 6).** The validator simulates the game and
//! rejects it as soon as every living pig has taken an idle turn in a row
//! (the spec's exact criterion). Behind that test sits a safety cap,
//! [`engine::MAX_TURNS`] = 1,000,000 turns, and the default step budget: a
//! game that reaches either is rejected too. The cap is far above the
//! longest game that ends (about 211,000 turns, see [`engine::MAX_TURNS`]),
//! so in practice it never decides anything.
//!
//! **Where the checklist lives.** Rule 1, rule 5 and the token part of
//! rule 3 (a role is MP, ZP or FP) are the parser's: the typed model cannot
//! hold anything else, and the parse error names the token's position.
//! [`validate`] checks rules 2, 3 (pig 1 is the MP and no other pig is), 4
//! and 6.

pub mod engine;
pub mod gen;
pub mod model;
mod rules;
pub mod shrink;
#[cfg(test)]
mod tests;

use crate::game::{Game, GameId, Invalid, Profile, Rule};
use crate::solver::{Budget, Fault, FaultKind};
use crate::source::Source;
use crate::text::ParseError;

pub use engine::{Ending, MAX_TURNS};
pub use gen::generate_counted;
pub use model::{Card, Input, Output, Role, Seat, Side};
use rules::Ev;

pub struct Pigs;

/// Checklist rules 2–4 and 6 (§3); see the module docs for rules 1 and 5.
pub fn validate(input: &Input) -> Result<(), Invalid> {
    structure(input)?;
    termination(input)
}

/// Checklist rules 2, 3 and 4: everything the engine relies on.
fn structure(input: &Input) -> Result<(), Invalid> {
    let (n, m) = (input.seats.len(), input.deck.len());
    if !(2..=10).contains(&n) {
        return Err(Invalid::new("2", format!("n = {n} is not in 2..=10")));
    }
    if !(1..=2000).contains(&m) {
        return Err(Invalid::new("2", format!("m = {m} is not in 1..=2000")));
    }
    if input.seats[0].role != Role::MP {
        return Err(Invalid::new(
            "3",
            format!("pig 1 is a {}, not the MP", input.seats[0].role),
        ));
    }
    if let Some(i) = input.seats[1..].iter().position(|s| s.role == Role::MP) {
        return Err(Invalid::new(
            "3",
            format!("pig {} is a second MP (only pig 1 is the MP)", i + 2),
        ));
    }
    if !input.seats.iter().any(|s| s.role == Role::FP) {
        return Err(Invalid::new("4", "no pig is an FP"));
    }
    Ok(())
}

/// Steps the validator allows one simulation: as much as a solver gets.
const VALIDATE_STEPS: u64 = Budget::DEFAULT_STEPS;

/// Checklist rule 6: the game ends, decided by the engine's own simulation.
fn termination(input: &Input) -> Result<(), Invalid> {
    let mut budget = Budget::new(VALIDATE_STEPS);
    match engine::simulate(input, &mut budget, false, &mut ()) {
        Ok(f) => match f.ending {
            Ending::Won(_) => Ok(()),
            Ending::Idle { turn } => Err(Invalid::new(
                "6",
                format!(
                    "the game never ends: every living pig takes an idle turn in a row \
                     (the round ending with turn {turn})"
                ),
            )),
            Ending::Cap => Err(Invalid::new(
                "6",
                format!("the game does not end within the safety cap of {MAX_TURNS} turns"),
            )),
        },
        Err(f) => Err(Invalid::new(
            "6",
            format!("the game does not end within the step budget ({f})"),
        )),
    }
}

impl Game for Pigs {
    const ID: GameId = GameId::Pigs;
    const PROFILES: &'static [Profile] = gen::PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::pigs::main;

    type Input = Input;
    type Output = Output;

    fn parse(text: &str) -> Result<Input, ParseError> {
        model::parse(text)
    }

    fn render(input: &Input) -> String {
        model::render(input)
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        validate(input)
    }

    /// Never fails: any text is some sequence of lines, and the §5 rule
    /// compares nothing but lines.
    const SAMPLE: &'static str = include_str!("sample.in");

    fn parse_output(text: &str) -> Result<Output, ParseError> {
        Ok(Output::parse(text))
    }

    fn render_output(output: &Output) -> String {
        output.render()
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Output, Fault> {
        let finish = engine::simulate(input, budget, false, &mut ())?;
        match finish.ending {
            Ending::Won(_) => Ok(finish.output),
            Ending::Idle { turn } => Err(Fault::new(
                FaultKind::Budget,
                format!("the game never ends (idle round ending with turn {turn})"),
            )),
            Ending::Cap => Err(Fault::new(
                FaultKind::Budget,
                format!("no end within {MAX_TURNS} turns"),
            )),
        }
    }

    const RULES: &'static [Rule] = Ev::RULES;

    /// The same simulation as `solve`, counting instead of ignoring events.
    fn rule_hits(input: &Input) -> Vec<u64> {
        let mut hits = vec![0; Ev::RULES.len()];
        // A valid game ends within the default budget (checklist rule 6).
        let _ = engine::simulate(input, &mut Budget::default(), false, &mut hits);
        hits
    }

    fn generate(src: &mut Source, profile: &str) -> Input {
        generate_counted(src, profile).0
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink::candidates(input)
    }

    /// The class of the first differing line: `winner` (line 1), `dead`
    /// (one side prints DEAD, the other a hand), `hand` (two different
    /// hands); `lines` when one output is a prefix of the other.
    fn difference(a: &Output, b: &Output) -> String {
        let first = a.lines.iter().zip(&b.lines).position(|(x, y)| x != y);
        match first {
            None => "lines",
            Some(0) => "winner",
            Some(i) if (a.lines[i] == "DEAD") != (b.lines[i] == "DEAD") => "dead",
            Some(_) => "hand",
        }
        .to_string()
    }

    /// Adds what tells pig bugs apart without naming a seat: the direction
    /// of a winner difference, and the role of the first pig whose line
    /// differs with which side sees it dead.
    fn difference_in(input: &Input, a: &Output, b: &Output) -> String {
        let Some(i) = a.lines.iter().zip(&b.lines).position(|(x, y)| x != y) else {
            return "lines".into();
        };
        if i == 0 {
            return format!("winner {}/{}", a.lines[0], b.lines[0]);
        }
        let role = input.seats.get(i - 1).map_or("?", |s| s.role.name());
        match (a.lines[i] == "DEAD", b.lines[i] == "DEAD") {
            (false, true) => format!("{role} alive/dead"),
            (true, false) => format!("{role} dead/alive"),
            _ => format!("{role} hand"),
        }
    }

    fn trace(input: &Input) -> Option<String> {
        structure(input).ok()?;
        let finish = engine::simulate(input, &mut Budget::default(), true, &mut ());
        Some(match finish {
            Ok(f) => f.log.unwrap_or_default(),
            Err(fault) => format!("engine fault: {fault}\n"),
        })
    }
}
