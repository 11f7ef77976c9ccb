//! pigs — [SDOI2010] 猪国杀 (Luogu P2482): a deterministic card game of
//! 2–10 pigs, simulated to its end (spec: `shared/specs/pigs.md`).
//!
//! * `model`: the typed input (roles, four-card hands, the deck) and the
//!   output as the §5 comparison sees it; strict parser, canonical text.
//! * `validate`: the checklist rules the parser leaves open, the game's
//!   termination (§3 item 6) among them.
//! * `engine`: the game state and one function per rule area of §4.
//! * `gen`: the profiles, drawing only games that end.
//! * `mistakes`: the catalogue of plausible wrong solutions, each a rule
//!   of §4 bent where the engine applies it.
//! * `shrink`: structural candidates (drop a pig, cut the deck, simplify
//!   a card).

mod engine;
mod gen;
mod mistaken;
mod mistakes;
mod model;
mod shrink;
#[cfg(test)]
mod tests;
mod validate;
mod vary;

use crate::fault::{Budget, Fault};
use crate::game::{
    Context, Element, Game, GameId, Invalid, Mistake, Observer, PortSteps, Profile, Rule, Variant,
};
use crate::source::Source;
use crate::text::ParseError;

pub use model::{Input, Output};

pub struct Pigs;

impl Game for Pigs {
    const ID: GameId = GameId::Pigs;
    const PROFILES: &'static [Profile] = gen::PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::pigs::main;
    /// The engine spends a step per turn, per card played and per J or
    /// duel exchange; between two of them the port scans a hand slot by
    /// slot (leftmost usable card, the card to drop), a hand being at most
    /// 2,005 slots, plus one short loop over the ≤ 10 pigs. The largest
    /// ratio measured is 1,856 (`max`, hands of ~1,900 cards), 38 on every
    /// other profile and the corpus; 4,096 is two full hand scans per step.
    /// The base covers reading ≤ 2,040 tokens and writing ≤ 10 hands
    /// (≤ 22,100 fuel) three times over. A suspicion game the port loops on
    /// (the engine ends in ~150 steps) is then cut at ~700,000 fuel instead
    /// of 200,000,000.
    const PORT_STEPS: PortSteps = PortSteps {
        per_engine_step: 4096,
        base: 65_536,
    };
    /// Its rarest signatures show in one `small` game of 10,000 to
    /// 400,000 (`diff pigs --profile small`), often in another form than
    /// the large game a campaign met them in, and a small draw costs about
    /// 5 µs, its solvers about 20 µs: a few seconds at most per shrink.
    const REDRAWS: u64 = 200_000;
    const SAMPLE: &'static str = include_str!("sample.in");
    const VALIDATOR: &'static str = include_str!("validator.cpp");
    const ANSWER_VALIDATOR: &'static str = include_str!("answer.cpp");
    const TESTLIB_VALIDATOR: &'static str = include_str!("validator_testlib.cpp");
    const CHECKER: Option<&'static str> = Some(include_str!("checker.cpp"));
    const RULES_TEXT: &'static str = include_str!("../../../docs/rules/pigs.md");

    type Input = Input;
    type Output = Output;

    fn parse(text: &str) -> Result<Input, ParseError> {
        model::parse(text)
    }

    fn render(input: &Input) -> String {
        model::render(input)
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        validate::validate(input)
    }

    fn parse_output(text: &str) -> Result<Output, ParseError> {
        model::parse_output(text)
    }

    fn render_output(output: &Output) -> String {
        output.render()
    }

    fn answer_fits(input: &Input, output: &Output) -> Result<(), String> {
        model::answer_fits(input, output)
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Output, Fault> {
        engine::solve(input, budget, &mut ())
    }

    const RULES: &'static [Rule] = engine::Ev::RULES;

    fn rule_hits(input: &Input) -> Vec<u64> {
        engine::rule_hits(input)
    }

    fn observe<O: Observer>(input: &Input, obs: &mut O) {
        engine::observe(input, obs)
    }

    const CONTEXTS: &'static [(&'static str, Context)] = mistakes::ctx::NAMED;

    /// A file is one game, which nothing joins: no case is drawn to try.
    fn grow(_input: &Input, _seed: u64, _profile: &str) -> Option<Input> {
        None
    }

    const MISTAKES: &'static [Mistake] = mistakes::Mk::CATALOGUE;

    fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
        mistaken::mistaken(text, picks, budget)
    }

    fn generate(src: &mut Source, profile: &str) -> Input {
        gen::generate(src, profile)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink::candidates(input)
    }

    fn difference(a: &Output, b: &Output) -> String {
        model::difference(a, b)
    }

    fn difference_in(input: &Input, a: &Output, b: &Output) -> String {
        model::difference_in(input, a, b)
    }

    fn could_differ(input: &Input, a: &Output, detail: &str) -> bool {
        shrink::could_differ(input, a, detail)
    }

    /// Only for games that pass checklist rules 1–5: the engine relies on
    /// them, but not on the game ending.
    fn trace(input: &Input) -> Option<String> {
        validate::structure(input).ok()?;
        Some(engine::trace(input))
    }

    /// The runs differ first on one output line: the winner or one pig's
    /// hand. The engine's account of that line is final after the last
    /// event that changed it (the pig's last draw, use, damage or death;
    /// for the winner, the death that ended the game), so whatever the
    /// other run did, they have parted by then. Earlier turns may be
    /// where they part; neither run can be stopped half-way to see.
    fn trace_parting(input: &Input, engine: &Output, other: &Output) -> Option<usize> {
        let first = engine
            .lines
            .iter()
            .zip(&other.lines)
            .position(|(x, y)| x != y)?;
        let trace = Self::trace(input)?;
        let lines: Vec<&str> = trace.lines().collect();
        let subject = |l: &&str, pig: usize| l.trim_start().starts_with(&format!("pig{pig}("));
        match first {
            0 => lines.iter().rposition(|l| l.trim_end().ends_with(" dies")),
            pig => lines.iter().rposition(|l| subject(l, pig)),
        }
    }

    fn elements(input: &Input) -> Vec<Element> {
        vary::elements(input)
    }

    fn variants(input: &Input) -> Vec<Variant<Input>> {
        vary::variants(input)
    }
}
