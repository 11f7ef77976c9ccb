//! Doraemon's Stone Game (ZOJ 3452): a sum of one- and two-stone piles in
//! which each player takes only stones of their own colour. Every pile is a
//! number in the sense of combinatorial game theory, so the whole position
//! is decided by the sign of one integer; `brute` searches the game tree
//! itself to check that.

mod brute;
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
    Context, Element, Game, GameId, Invalid, Mistake, Observer, Profile, Rule, Variant,
};
use crate::source::Source;
use crate::text::ParseError;

pub use model::{Answer, Input};

pub struct Stones;

impl Game for Stones {
    const ID: GameId = GameId::Stones;
    const PROFILES: &'static [Profile] = gen::PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::stones::main;
    const SAMPLE: &'static str = include_str!("sample.in");
    const VALIDATOR: &'static str = include_str!("validator.cpp");
    const ANSWER_VALIDATOR: &'static str = include_str!("answer.cpp");
    const TESTLIB_VALIDATOR: &'static str = include_str!("validator_testlib.cpp");
    const RULES_TEXT: &'static str = include_str!("../../../docs/rules/stones.md");
    const HAS_BRUTE: bool = true;

    type Input = Input;
    type Output = Vec<Answer>;

    fn parse(text: &str) -> Result<Input, ParseError> {
        model::parse(text)
    }

    fn render(input: &Input) -> String {
        model::render(input)
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        validate::validate(input)
    }

    fn parse_output(text: &str) -> Result<Vec<Answer>, ParseError> {
        model::parse_output(text)
    }

    fn render_output(output: &Vec<Answer>) -> String {
        model::render_output(output)
    }

    fn answer_fits(input: &Input, output: &Vec<Answer>) -> Result<(), String> {
        model::answer_fits(input, output)
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Vec<Answer>, Fault> {
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

    const MISTAKES: &'static [Mistake] = mistakes::Mk::CATALOGUE;

    fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
        mistaken::mistaken(text, picks, budget)
    }

    fn brute(input: &Input, budget: &mut Budget) -> Option<Result<Vec<Answer>, Fault>> {
        brute::solve(input, budget)
    }

    fn generate(src: &mut Source, profile: &str) -> Input {
        gen::generate(src, profile)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink::candidates(input)
    }

    fn split(input: &Input) -> Vec<Input> {
        crate::game::split_cases(&input.cases, |cases| Input { cases })
    }

    fn pack(inputs: &[&Input]) -> Option<Input> {
        model::pack(inputs)
    }

    fn unpack_output(inputs: &[&Input], output: &Vec<Answer>) -> Option<Vec<Vec<Answer>>> {
        model::unpack_output(inputs, output)
    }

    fn difference(a: &Vec<Answer>, b: &Vec<Answer>) -> String {
        model::difference(a, b)
    }

    fn elements(input: &Input) -> Vec<Element> {
        vary::elements(input)
    }

    fn variants(input: &Input) -> Vec<Variant<Input>> {
        vary::variants(input)
    }
}
