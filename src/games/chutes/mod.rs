//! Chutes and Ladders (POJ 1059 / UVa 647): several race games driven by one
//! shared list of die throws. See `specs/chutes.md`.
//!
//! * [`model`]: the input with its throw-list layout, parse and render.
//! * [`validate`]: the checklist of spec section 3.
//! * [`engine`]: spec section 4, one game at a time, with its rule events.
//! * [`gen`]: the profiles; boards first, throws drawn while a game is open.
//! * [`shrink`]: structural candidates.
//! * [`picture`]: the board with each player's square when a game ends.
//! * [`mistakes`]: the catalogue of plausible wrong solutions.

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

pub use model::{Board, Input, Winners};

use crate::fault::{Budget, Fault};
use crate::game::{
    Context, Element, Game, GameFocus, GameId, Invalid, Mistake, Observer, Profile, Rule, Variant,
};
use crate::picture::Picture;
use crate::source::Source;
use crate::text::ParseError;

pub struct Chutes;

impl Game for Chutes {
    const ID: GameId = GameId::Chutes;
    const PROFILES: &'static [Profile] = gen::PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::chutes::main;
    const SAMPLE: &'static str = include_str!("sample.in");

    const CASE_NOUN: &'static str = "game";
    const VALIDATOR: &'static str = include_str!("validator.cpp");
    const ANSWER_VALIDATOR: &'static str = include_str!("answer.cpp");
    const TESTLIB_VALIDATOR: &'static str = include_str!("validator_testlib.cpp");
    const RULES_TEXT: &'static str = include_str!("../../../docs/rules/chutes.md");
    type Input = Input;
    type Output = Winners;

    fn parse(text: &str) -> Result<Input, ParseError> {
        model::parse(text)
    }

    fn render(input: &Input) -> String {
        model::render(input)
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        validate::validate(input)
    }

    fn parse_output(text: &str) -> Result<Winners, ParseError> {
        model::parse_output(text)
    }

    fn render_output(out: &Winners) -> String {
        model::render_output(out)
    }

    fn answer_fits(input: &Input, output: &Winners) -> Result<(), String> {
        model::answer_fits(input, output)
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Winners, Fault> {
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

    fn generate(src: &mut Source, profile: &str) -> Input {
        gen::generate(src, profile)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink::candidates(input)
    }

    fn split(input: &Input) -> Vec<Input> {
        (input.games.iter())
            .map(|g| Input {
                throw_lines: input.throw_lines.clone(),
                games: vec![g.clone()],
            })
            .collect()
    }

    fn pack(inputs: &[&Input]) -> Option<Input> {
        model::pack(inputs)
    }

    /// The drawn games played on the file's own throws, where they all
    /// still end there: a file's games share one throw list, which two
    /// drawn inputs seldom have in common.
    fn grow(input: &Input, seed: u64, profile: &str) -> Option<Input> {
        let more = crate::game::generate_input::<Self>(seed, profile);
        if input.games.len() + more.games.len() > model::MAX_GAMES {
            return None;
        }
        let grown = Input {
            throw_lines: input.throw_lines.clone(),
            games: input.games.iter().chain(&more.games).cloned().collect(),
        };
        Self::validate(&grown).ok().map(|_| grown)
    }

    fn unpack_output(inputs: &[&Input], output: &Winners) -> Option<Vec<Winners>> {
        model::unpack_output(inputs, output)
    }

    fn difference(a: &Winners, b: &Winners) -> String {
        model::difference(a, b)
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
