//! Xiangqi (UVa 1589): is the lone black general checkmated? See
//! `specs/xiangqi.md`.
//!
//! * [`model`]: cases as the judge file lists them, parse and render.
//! * [`validate`]: the checklist of spec sections 2 and 3.
//! * [`engine`]: spec section 4 as an attack test per move, with its rule
//!   events.
//! * [`brute`]: an oracle that plays every red reply instead.
//! * [`gen`]: the profiles, each case built valid and its answer known.
//! * [`shrink`]: structural candidates.
//! * [`picture`]: the board with the black general's moves.
//! * [`vary`]: the pieces, and the positions one edit away.

mod brute;
mod engine;
mod gen;
mod mistaken;
mod mistakes;
mod model;
mod picture;
mod shrink;
#[cfg(test)]
mod tests;
mod validate;
mod vary;

pub use model::{Case, Input, Kind, Output, Piece, Point};

use crate::fault::{Budget, Fault};
use crate::game::{
    Context, Element, Game, GameFocus, GameId, Invalid, Mistake, Observer, Profile, Rule, Variant,
};
use crate::picture::Picture;
use crate::source::Source;
use crate::text::ParseError;

pub struct Xiangqi;

impl Game for Xiangqi {
    const ID: GameId = GameId::Xiangqi;
    const PROFILES: &'static [Profile] = gen::PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::xiangqi::main;
    const SAMPLE: &'static str = include_str!("sample.in");
    const VALIDATOR: &'static str = include_str!("validator.cpp");
    const ANSWER_VALIDATOR: &'static str = include_str!("answer.cpp");
    const TESTLIB_VALIDATOR: &'static str = include_str!("validator_testlib.cpp");
    const RULES_TEXT: &'static str = include_str!("../../../docs/rules/xiangqi.md");
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

    fn render_output(out: &Output) -> String {
        model::render_output(out)
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

    const MISTAKES: &'static [Mistake] = mistakes::Mk::CATALOGUE;

    fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
        mistaken::mistaken(text, picks, budget)
    }

    const HAS_BRUTE: bool = true;

    fn brute(input: &Input, budget: &mut Budget) -> Option<Result<Output, Fault>> {
        Some(brute::solve(input, budget))
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

    fn unpack_output(inputs: &[&Input], output: &Output) -> Option<Vec<Output>> {
        model::unpack_output(inputs, output)
    }

    fn difference(a: &Output, b: &Output) -> String {
        model::difference(a, b)
    }

    fn could_differ(_input: &Input, a: &Output, detail: &str) -> bool {
        shrink::could_differ(a, detail)
    }

    fn pictures(input: &Input, focus: &GameFocus<'_, Self>) -> Vec<Picture> {
        picture::pictures(input, focus)
    }

    fn elements(input: &Input) -> Vec<Element> {
        vary::elements(input)
    }

    fn variants(input: &Input) -> Vec<Variant<Input>> {
        vary::variants(input)
    }
}
